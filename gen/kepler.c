/* Kepler (sm_30 - sm_37): Fermi's selectors by the rows of isa/sm30.def, a control word
   before every 7 instructions, the condition code as a branch guard, and Kepler's launch
   ABI: parameters from c[0x0][0x140], ntid at c[0x0][0x28], nctaid at c[0x0][0x34], the
   stack pointer at c[0x0][0x44] (SPEC section 4). */
#include "asm/gen.h"
#include "emu/emu.h"
#include "emu/semantics.h"
#include "gen/ccguard.h"

static const asm_selector kepler_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) asm_sel_##sel,
#include "isa/sm30.tab"
#undef OP
};

static const emu_abi_word kepler_abi[] = {
	{0, 0x0, EMU_ABI_SHARED_WINDOW}, {0, 0x24, EMU_ABI_LOCAL_WINDOW}, {0, 0x28, EMU_ABI_NTID},
	{0, 0x34, EMU_ABI_NCTAID},       {0, 0x44, EMU_ABI_LOCAL_BYTES},
};

static const emu_rt kepler_rt = {
	.abi = kepler_abi,
	.nabi = sizeof kepler_abi / sizeof kepler_abi[0],
	.param_offset = 0x140,
	.literal_bank = 2,
	.guard = ccg_guard,
};

const gen_desc gen_kepler = {
	.name = "kepler",
	.dialect = ISA_DIALECT_SM30,
	.max_reg = 254,
	.imm_values = true,
	.ctrl_bytes = 64,
	.begin = ccg_begin,
	.selectors = kepler_selectors,
	.after = ccg_after_select,
	.rt = &kepler_rt,
};
