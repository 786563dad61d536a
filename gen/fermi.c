/* Fermi (sm_20, sm_21): its opcodes select the shared selectors by their table rows; its
   launch ABI puts geometry and the shared window in c[0x0], the stack pointer in c[0x1]. */
#include "asm/gen.h"
#include "emu/emu.h"
#include "emu/semantics.h"

static const asm_selector fermi_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) asm_sel_##sel,
#include "isa/sm20.tab"
#undef OP
};

/* SPEC section 4: the shared window's base at c[0x0][0x0], ntid.xyz at c[0x0][0x8],
   nctaid.xyz at c[0x0][0x14], the parameters from c[0x0][0x20] (written by the launcher),
   the stack pointer at c[0x1][0x100]: the top of each thread's local window. */
static const emu_abi_word fermi_abi[] = {
	{0, 0x0, EMU_ABI_SHARED_WINDOW}, {0, 0x8, EMU_ABI_NTID}, {0, 0x14, EMU_ABI_NCTAID},
	{1, 0x100, EMU_ABI_LOCAL_BYTES},
};

static const emu_rt fermi_rt = {
	.abi = fermi_abi,
	.nabi = sizeof fermi_abi / sizeof fermi_abi[0],
	.param_offset = 0x20,
	.literal_bank = 16, /* the per-kernel bank c [0x10] */
};

const gen_desc gen_fermi = {
	.name = "fermi",
	.dialect = ISA_DIALECT_SM20,
	.max_reg = 62,
	.selectors = fermi_selectors,
	.rt = &fermi_rt,
};
