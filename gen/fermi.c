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

static void fermi_select(asm_ctx *c, int op)
{
	fermi_selectors[op](c, op);
}

static void put32(uint8_t *bank, uint32_t off, uint32_t v)
{
	bank[off] = (uint8_t)v;
	bank[off + 1] = (uint8_t)(v >> 8);
	bank[off + 2] = (uint8_t)(v >> 16);
	bank[off + 3] = (uint8_t)(v >> 24);
}

/* SPEC section 4: the shared window's base at c[0x0][0x0], ntid.xyz at c[0x0][0x8],
   nctaid.xyz at c[0x0][0x14], the parameters from c[0x0][0x20] (written by the launcher),
   the stack pointer at c[0x1][0x100]: the top of each thread's local window. */
static void fermi_abi(emu_ctx *x)
{
	put32(x->cbank[0], 0x0, EMU_SHARED_WINDOW);
	for (int i = 0; i < 3; i++) {
		put32(x->cbank[0], 0x8 + 4 * (uint32_t)i, x->block[i]);
		put32(x->cbank[0], 0x14 + 4 * (uint32_t)i, x->grid[i]);
	}
	put32(x->cbank[1], 0x100, x->local_bytes);
}

static const emu_rt fermi_rt = {
	.abi = fermi_abi,
	.param_offset = 0x20,
	.literal_bank = 16, /* the per-kernel bank c [0x10] */
};

const gen_desc gen_fermi = {
	.name = "fermi",
	.dialect = ISA_DIALECT_SM20,
	.max_reg = 62,
	.select = fermi_select,
	.rt = &fermi_rt,
};
