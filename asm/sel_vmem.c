/* The selectors of Volta's memory instructions that differ from the shared ones (sm_70+):
   ATOMG / ATOM with their leading predicate, and ATOMS.POPC.INC. Loads, stores and RED
   share asm/sel.c's; the address forms ([R2.64+UR4+0x8], [R0.X4], [UR4], desc[UR4][..])
   are decoded by asm_mem_operand. */
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"

/* ATOMS.POPC.INC.32 d, [a]: each lane of the group adds 1 (the warp-aggregated form ptxas
   emits for atom.shared.add 1); d gets the lane's old value, in lane order */
static void popc_inc(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (ai->nops != 2) {
		asm_err(c, ai->loc, "%s.POPC.INC takes Rd, [addr]%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_ATOM;
	in->sub = EMU_ATOM_ADD;
	in->sub2 = EMU_AT_U32;
	in->width = 4;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	asm_mem_operand(c, &ai->ops[1], asm_has_mod(ai, "E"));
	in->s[0] = (emu_src){.kind = SRC_IMM, .imm = 1, .and_ = 0xffffffffu};
	in->s[1] = (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	in->sub3 = c->desc->var == ISA_V_SHARED ? EMU_ATOM_F_SHARED : 0;
}

/* ATOMG.op PT, d, [a], b[, c] / ATOM / ATOMS: the shared selector without the predicate */
void asm_sel_vatom(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	if (asm_has_mod(ai, "POPC")) {
		if (!asm_has_mod(ai, "INC"))
			asm_err(c, ai->loc, "%s.POPC is supported as .POPC.INC%s", c->desc->name, "");
		else
			popc_inc(c);
		return;
	}
	if (ai->nops < 1 || ai->ops[0].kind != OPND_PRED) {
		asm_sel_atom(c, op);
		return;
	}
	const ast_opnd *p = &ai->ops[0];
	if (p->reg != AST_PT || p->inv) {
		asm_err(c, p->loc, "%s: a result predicate other than PT is not supported yet%s", c->desc->name, "");
		return;
	}
	ast_insn t = *ai; /* the operands after the predicate (the parse tree's stay as they are) */
	t.ops++;
	t.nops--;
	c->ai = &t;
	asm_sel_atom(c, op);
	c->ai = ai;
}
