/* Maxwell and Pascal (sm_50 - sm_62): the shared selectors by the rows of isa/sm50.def
   (XMAD, IADD3, LOP3, LEA and SYNC among them), a control word before every 3
   instructions, the condition code as a branch guard, and the launch ABI: parameters from
   c[0x0][0x140], ntid at c[0x0][0x8], nctaid at c[0x0][0x14], the stack pointer at
   c[0x0][0x20] (SPEC section 4). */
#include "asm/gen.h"
#include "emu/emu.h"
#include "emu/semantics.h"
#include "gen/ccguard.h"

static const asm_selector maxwell_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) asm_sel_##sel,
#include "isa/sm50.tab"
#undef OP
};

static const emu_abi_word maxwell_abi[] = {
	{0, 0x0, EMU_ABI_SHARED_WINDOW}, {0, 0x4, EMU_ABI_LOCAL_WINDOW}, {0, 0x8, EMU_ABI_NTID},
	{0, 0x14, EMU_ABI_NCTAID},       {0, 0x20, EMU_ABI_LOCAL_BYTES},
};

static const emu_rt maxwell_rt = {
	.abi = maxwell_abi,
	.nabi = sizeof maxwell_abi / sizeof maxwell_abi[0],
	.param_offset = 0x140,
	.literal_bank = 2,
	.guard = ccg_guard,
};

const gen_desc gen_maxwell = {
	.name = "maxwell",
	.dialect = ISA_DIALECT_SM50,
	.max_reg = 254,
	.imm_values = true,
	.ctrl_bytes = 32,
	.begin = ccg_begin,
	.selectors = maxwell_selectors,
	.after = ccg_after_select,
	.rt = &maxwell_rt,
};
