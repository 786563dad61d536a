/* Selectors of the memory family (emu/ops_mem.h): loads and stores of every space, LD_LDU,
   atomics and reductions (with the condition code's or the predicate's lock result),
   shared-memory locks. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel.h"
#include "emu/sem_vfp.h"
#include "emu/semantics.h"
#include "isa/isa.h"
#include "util/xalloc.h"

static int mem_width(const ast_insn *ai, uint8_t *sign)
{
	*sign = 0;
	if (asm_has_mod(ai, "U8"))
		return 1;
	if (asm_has_mod(ai, "S8")) {
		*sign = 1;
		return 1;
	}
	if (asm_has_mod(ai, "U16"))
		return 2;
	if (asm_has_mod(ai, "S16")) {
		*sign = 1;
		return 2;
	}
	if (asm_has_mod(ai, "64"))
		return 8;
	if (asm_has_mod(ai, "128"))
		return 16;
	return 4;
}

static int space_of(const asm_ctx *c)
{
	switch (c->desc->var) {
	case ISA_V_SHARED: return EMU_SP_SHARED;
	case ISA_V_LOCAL: return EMU_SP_LOCAL;
	case ISA_V_CONST: return EMU_SP_CONST;
	default: return EMU_SP_GLOBAL;
	}
}

/* LD LDU LDS LDL d, [a+o] and LDC d, c[bank][a+o] */
void asm_sel_load(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->width = (uint8_t)mem_width(ai, &in->sign);
	in->wide = asm_has_mod(ai, "E");
	in->h = EMU_H_LD;
	in->space = (uint8_t)space_of(c);
	in->d = asm_dst_reg(c, &ai->ops[0], in->width > 4 ? in->width / 4 : 1);
	const ast_opnd *o = &ai->ops[1];
	if (c->desc->var == ISA_V_CONST) {
		if (o->bank < 0 || o->bank >= EMU_NBANKS) {
			asm_err(c, o->loc, "constant bank out of range%s", "", "");
			return;
		}
		in->sub = (uint8_t)o->bank;
	}
	asm_mem_operand(c, o, in->wide);
}

/* ST STS STL [a+o], v */
void asm_sel_store(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->width = (uint8_t)mem_width(ai, &in->sign);
	in->wide = asm_has_mod(ai, "E");
	in->h = EMU_H_ST;
	in->space = (uint8_t)space_of(c);
	asm_mem_operand(c, &ai->ops[0], in->wide);
	const ast_opnd *v = &ai->ops[1];
	int n = in->width > 4 ? in->width / 4 : 1;
	if (v->kind != OPND_REG) {
		asm_err(c, v->loc, "stored value must be a register%s", "", "");
		return;
	}
	asm_reg_ok(c, v, n);
	asm_note_reg(c, v->reg, n);
	in->d = v->reg == AST_RZ ? EMU_NO_REG : (uint16_t)v->reg;
}

/* LD_LDU.W1.W2 d, e, [a1], [a2]: a global load and a uniform one in one instruction */
void asm_sel_ldldu(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int w[2] = {4, 4}, k = 0;
	for (int i = 0; i < ai->nmods && k < 2; i++)
		if (!strcmp(ai->mods[i], "32") || !strcmp(ai->mods[i], "64"))
			w[k++] = ai->mods[i][0] == '6' ? 8 : 4;
	in->h = EMU_H_LDLDU;
	in->wide = asm_has_mod(ai, "E");
	in->width = (uint8_t)w[0];
	in->width2 = (uint8_t)w[1];
	in->d = asm_dst_reg(c, &ai->ops[0], w[0] / 4);
	in->d2 = asm_dst_reg(c, &ai->ops[1], w[1] / 4);
	asm_mem_operand(c, &ai->ops[3], in->wide);
	in->areg2 = in->areg;
	in->off2 = in->off;
	asm_mem_operand(c, &ai->ops[2], in->wide);
}

/* ATOM d, [a], b[, c] and RED [a], b on global memory */
void asm_sel_atom(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	static const char *const ops[] = {"ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR", "EXCH", "CAS"};
	int o = -1;
	for (int i = 0; i < 10; i++)
		if (asm_has_mod(ai, ops[i]))
			o = i;
	int t = asm_has_mod(ai, "F32") ? EMU_AT_F32 : asm_has_mod(ai, "F16x2") ? EMU_AT_F16X2
		: asm_has_mod(ai, "BF16x2") ? EMU_AT_BF16X2 : asm_has_mod(ai, "F64") ? EMU_AT_F64
		: asm_has_mod(ai, "S32") ? EMU_AT_S32
		: asm_has_mod(ai, "S64") ? EMU_AT_S64 : (asm_has_mod(ai, "U64") || asm_has_mod(ai, "64")) ? EMU_AT_U64 : EMU_AT_U32;
	bool wide64 = t == EMU_AT_U64 || t == EMU_AT_S64 || t == EMU_AT_F64;
	if (o < 0 || (c->desc->var == ISA_V_RED && (o == EMU_ATOM_EXCH || o == EMU_ATOM_CAS)) ||
	    (t >= EMU_AT_F32 && o != EMU_ATOM_ADD) || (wide64 && (o == EMU_ATOM_INC || o == EMU_ATOM_DEC))) {
		asm_err(c, ai->loc, "unsupported operation or type for %s on %s", c->desc->name, c->target);
		return;
	}
	if ((o == EMU_ATOM_CAS) != (ai->nops == 4)) {
		asm_err(c, ai->loc, "%s: CAS takes a compare and a swap value, the others one value%s", c->desc->name, "");
		return;
	}
	int n = wide64 ? 2 : 1, k = 0;
	bool shared = c->desc->var == ISA_V_SHARED; /* ATOMS: shared memory, no .E */
	in->h = EMU_H_ATOM;
	in->sub = (uint8_t)o;
	in->sub2 = (uint8_t)t;
	in->width = (uint8_t)(4 * n);
	in->wide = asm_has_mod(ai, "E");
	in->d = EMU_RZ_SINK;
	if (c->desc->var != ISA_V_RED)
		in->d = asm_dst_reg(c, &ai->ops[k++], n);
	asm_mem_operand(c, &ai->ops[k++], in->wide);
	for (int i = 0; k < ai->nops; i++, k++) {
		if (ai->ops[k].kind != OPND_REG) {
			asm_err(c, ai->ops[k].loc, "%s values must be registers%s", c->desc->name, "");
			return;
		}
		asm_reg_ok(c, &ai->ops[k], n);
		asm_note_reg(c, ai->ops[k].reg, n);
		in->s[i] = (emu_src){.kind = SRC_REG, .reg = (uint16_t)ai->ops[k].reg, .and_ = 0xffffffffu};
		if (ai->ops[k].reg == AST_RZ)
			in->s[i] = (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	}
	in->sub3 = (uint8_t)((c->desc->var == ISA_V_RED ? EMU_ATOM_F_RED : 0) | (shared ? EMU_ATOM_F_SHARED : 0));
}

/* LDSLK p, d, [a] and STSCUL p, [a], b: Kepler's shared-memory lock pair; Fermi's STSUL
   [a], b stores and unlocks with no predicate */
void asm_sel_slock(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool lock = c->desc->var == ISA_V_LOCK, plain = c->desc->var == ISA_V_STORE_UNLOCK;
	in->h = lock ? EMU_H_LDSLK : plain ? EMU_H_STSUL : EMU_H_STSCUL;
	in->width = 4;
	if (plain) {
		in->d2 = EMU_PT_SINK;
		asm_mem_operand(c, &ai->ops[0], false);
		in->s[0] = sel_src_int(c, 1);
		return;
	}
	in->d2 = sel_dst_pred(c, &ai->ops[0]);
	asm_mem_operand(c, &ai->ops[lock ? 2 : 1], false);
	if (lock) {
		in->d = asm_dst_reg(c, &ai->ops[1], 1);
		return;
	}
	in->s[0] = sel_src_int(c, 2);
}

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
void asm_sel_atom_pt(asm_ctx *c, int op)
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
