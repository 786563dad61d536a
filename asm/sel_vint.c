/* The selectors of Volta's integer, logic, uniform and warp instructions (sm_70+, the rows
   of isa/sm70.def naming v* selectors; their bodies are emu/ops_volta.h). The U-prefixed
   uniform forms share them: a URn operand is an ordinary register row (gen/volta.c). */
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"

static bool is_pred(const ast_insn *ai, int i)
{
	return i < ai->nops && ai->ops[i].kind == OPND_PRED;
}

/* A carry-in predicate operand as a code byte (emu/ops_volta.h pcode_mask) */
static uint8_t pcode(const ast_opnd *o)
{
	return (uint8_t)(EMU_PC_ON | (o->inv ? EMU_PC_INV : 0) | (o->reg & EMU_PC_ROW));
}

/* Leading carry-out predicates after the destination (at most max): their count */
static int carry_outs(asm_ctx *c, int max, uint16_t *p, uint16_t *q)
{
	int k = 0;
	*p = *q = EMU_PT_SINK;
	while (k < max && is_pred(c->ai, 1 + k)) {
		uint16_t v = sel_dst_pred(c, &c->ai->ops[1 + k]);
		*(k ? q : p) = v;
		k++;
	}
	return k;
}

/* Trailing carry-in predicates from operand i on (at most max), as codes: their count */
static int carry_ins(asm_ctx *c, int i, int max, uint8_t *a, uint8_t *b)
{
	int k = 0;
	for (; i < c->ai->nops; i++, k++) {
		if (!is_pred(c->ai, i) || k == max) {
			asm_err(c, c->ai->ops[i].loc, "operand %s of %s: expected a carry-in predicate or nothing",
				i == 4 ? "5" : i == 5 ? "6" : i == 6 ? "7" : "8", c->desc->name);
			return k;
		}
		*(k ? b : a) = pcode(&c->ai->ops[i]);
	}
	return k;
}

/* IMAD[.MOV|.SHL|.IADD|.U32] d, [P,] a, b, c[, Pin]; .WIDE: the pair a*b + the pair
   {c+1:c}; .HI: that sum's high word (ptxas's 128-bit products in div64 on sm_72+ carry
   through it: IMAD.HI.U32 R12, P1, R11, R15, R12 adds R11*R15 to {R13:R12}); .X: plus the
   carry-in predicate */
void asm_sel_vimad(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	uint16_t unused;
	int k = 1 + carry_outs(c, 1, &in->d2, &unused);
	if (ai->nops - k < 3) {
		asm_err(c, ai->loc, "%s takes Rd, [P,] Ra, Rb, Rc[, Pcarry]%s", c->desc->name, "");
		return;
	}
	bool wide = asm_has_mod(ai, "WIDE"), hi = asm_has_mod(ai, "HI");
	if (wide && hi) {
		asm_err(c, ai->loc, "%s: .WIDE and .HI exclude each other%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_IMAD_P;
	in->sub = wide ? 2 : hi ? 1 : 0;
	in->sign = !asm_has_mod(ai, "U32");
	in->d = asm_dst_reg(c, &ai->ops[0], wide ? 2 : 1);
	in->s[0] = sel_src_int(c, k);
	in->s[1] = sel_src_int(c, k + 1);
	uint8_t unused2;
	int nin = carry_ins(c, k + 3, 1, &in->sub3, &unused2);
	if (nin != asm_has_mod(ai, "X"))
		asm_err(c, ai->loc, "%s: .X takes a carry-in predicate last, and only .X does%s", c->desc->name, "");
	const ast_opnd *o = &ai->ops[k + 2];
	if (!wide && !hi) {
		in->s[2] = sel_src_int(c, k + 2);
		return;
	}
	if (o->neg || o->inv || o->abs) {
		asm_err(c, o->loc, "%s.WIDE/.HI take their addend pair as it is (no '-', '~' or '|x|')%s", c->desc->name, "");
		return;
	}
	in->s[2] = sel_src_int(c, k + 2);
	in->s[3] = in->s[2];
	if (o->kind == OPND_REG && o->reg != AST_RZ) {
		asm_reg_ok(c, o, o->uniform ? 1 : 2);
		asm_note_reg(c, o->reg, 2);
		in->s[3].reg = (uint16_t)(o->reg + 1);
	} else if (o->kind == OPND_CBANK) {
		if (o->ival & 7 || o->ival + 8 > EMU_BANK_BYTES)
			asm_err(c, o->loc, "a 64-bit constant must be 8-byte aligned%s", "", "");
		in->s[3].imm += 4;
	} else /* RZ, or an immediate: extended to 64 bits as a's type says */
		in->s[3].imm = in->sign && (int32_t)in->s[2].imm < 0 ? 0xffffffffu : 0;
}

/* IADD3 d, [P, [Q,]] a, b, c[, Pin[, Qin]]: carries of a + b and of + c; .X adds the
   carry-in predicates */
void asm_sel_viadd3(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->sub2 = EMU_PT_SINK;
	uint16_t q = EMU_PT_SINK;
	int k = 1 + carry_outs(c, 2, &in->d2, &q);
	in->sub2 = (uint8_t)q;
	if (ai->nops - k < 3) {
		asm_err(c, ai->loc, "%s takes Rd, [P, [Q,]] Ra, Rb, Rc[, Pcarry, Qcarry]%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_IADD3_P;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 0; i < 3; i++) {
		if (is_pred(ai, k + i)) {
			asm_err(c, ai->ops[k + i].loc, "%s: expected a source register or value%s", c->desc->name, "");
			return;
		}
		in->s[i] = sel_src_raw(c, k + i);
	}
	int nin = carry_ins(c, k + 3, 2, &in->sub, &in->sub3);
	if ((nin > 0) != asm_has_mod(ai, "X"))
		asm_err(c, ai->loc, "%s: .X takes carry-in predicates last, and only .X does%s", c->desc->name, "");
}

/* LOP3.LUT [P,] d, a, b, c, lut[, !PT]: P = d != 0 */
void asm_sel_vlop3(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int k = is_pred(ai, 0);
	if (ai->nops < 5 + k || ai->ops[k + 4].kind != OPND_IMM || ai->ops[k + 4].ival < 0 || ai->ops[k + 4].ival > 0xff) {
		asm_err(c, ai->loc, "%s takes [P,] Rd, Ra, Rb, Rc, lut (an 8-bit table)[, !PT]%s", c->desc->name, "");
		return;
	}
	if (ai->nops == 6 + k) {
		const ast_opnd *t = &ai->ops[5 + k];
		if (t->kind != OPND_PRED || t->reg != AST_PT || !t->inv) {
			asm_err(c, t->loc, "%s: a last predicate other than !PT is not supported yet%s", c->desc->name, "");
			return;
		}
	}
	if (!asm_has_mod(ai, "LUT"))
		asm_err(c, ai->loc, "%s needs .LUT%s", c->desc->name, "");
	in->h = EMU_H_LOP3_P;
	if (k)
		in->d2 = sel_dst_pred(c, &ai->ops[0]);
	else
		in->d2 = EMU_PT_SINK;
	in->d = asm_dst_reg(c, &ai->ops[k], 1);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_int(c, k + 1 + i);
	in->sub = (uint8_t)ai->ops[k + 4].ival;
}

/* PLOP3.LUT p, q, a, b, c, lut1, lut2 */
void asm_sel_vplop3(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	for (int i = 5; i < 7; i++)
		if (ai->ops[i].ival < 0 || ai->ops[i].ival > 0xff) {
			asm_err(c, ai->ops[i].loc, "%s: the tables are 8-bit immediates%s", c->desc->name, "");
			return;
		}
	if (!asm_has_mod(ai, "LUT"))
		asm_err(c, ai->loc, "%s needs .LUT%s", c->desc->name, "");
	in->h = EMU_H_PLOP3;
	in->d = sel_dst_pred(c, &ai->ops[0]);
	in->d2 = sel_dst_pred(c, &ai->ops[1]);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_pred(&ai->ops[2 + i]);
	in->sub = (uint8_t)ai->ops[5].ival;
	in->sub2 = (uint8_t)ai->ops[6].ival;
}

/* SHF.L|R[.W][.HI].U32|S32|U64|S64 d, a, b, c: {c:a} shifted by b */
void asm_sel_vshf(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool l = asm_has_mod(ai, "L"), r = asm_has_mod(ai, "R");
	if (l == r)
		asm_err(c, ai->loc, "%s needs .L or .R%s", c->desc->name, "");
	in->h = EMU_H_SHF_HI;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_int(c, 1 + i);
	in->sub = l;
	in->sub2 = asm_has_mod(ai, "W");
	in->sub3 = asm_has_mod(ai, "HI");
	in->wide = asm_has_mod(ai, "U64") || asm_has_mod(ai, "S64");
	in->sign = asm_has_mod(ai, "S64") || asm_has_mod(ai, "S32");
}

/* LEA d, [P,] a, b, s; LEA.HI[.X] d, [P,] a, b, c, s[, Pin]; LEA.HI.X.SX32 d, a, b, s, Pin */
void asm_sel_vlea(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	uint16_t unused;
	bool hi = asm_has_mod(ai, "HI"), sx = asm_has_mod(ai, "SX32"), x = asm_has_mod(ai, "X");
	int k = 1 + carry_outs(c, 1, &in->d2, &unused);
	int need = k + 3 + (hi && !sx) + x;
	if (ai->nops != need || (sx && !hi)) {
		asm_err(c, ai->loc, "%s takes Rd, [P,] Ra, Rb, %sshift[, Pcarry with .X]", c->desc->name,
			hi && !sx ? "Rc, " : "");
		return;
	}
	in->h = EMU_H_LEA_P;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_int(c, k);
	in->s[1] = sel_src_int(c, k + 1);
	int j = k + 2;
	in->s[2] = hi && !sx ? sel_src_int(c, j++) : (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	const ast_opnd *sh = &ai->ops[j++];
	if (sh->kind != OPND_IMM || sh->ival < 0 || sh->ival > 31) {
		asm_err(c, sh->loc, "the shift is an immediate 0-31%s", "", "");
		return;
	}
	in->sub = (uint8_t)sh->ival;
	in->sub2 = hi;
	in->sign = sx;
	uint8_t unused2;
	if (x)
		carry_ins(c, j, 1, &in->sub3, &unused2);
}

/* REDUX, R2UR and VOTEU write one value for the warp: a uniform register */
static void need_uniform(asm_ctx *c, const ast_opnd *o)
{
	if (o->kind == OPND_REG && !o->uniform && o->reg != AST_RZ)
		asm_err(c, o->loc, "%s writes a uniform register (URn)%s", c->desc->name, "");
}

static void two_src(asm_ctx *c, emu_handler h)
{
	c->in->h = (uint8_t)h;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = sel_src_int(c, 1);
	if (c->ai->nops > 2)
		c->in->s[1] = sel_src_int(c, 2);
}

/* SGXT[.U32][.W] d, a, bits */
void asm_sel_vsgxt(asm_ctx *c, int op)
{
	(void)op;
	two_src(c, EMU_H_SGXT);
	c->in->sign = !asm_has_mod(c->ai, "U32");
	c->in->sub = asm_has_mod(c->ai, "W");
}

/* BMSK[.W] d, pos, len */
void asm_sel_vbmsk(asm_ctx *c, int op)
{
	(void)op;
	two_src(c, EMU_H_BMSK);
	c->in->sub = asm_has_mod(c->ai, "W");
}

void asm_sel_vbrev(asm_ctx *c, int op)
{
	(void)op;
	two_src(c, EMU_H_BREV);
}

/* IABS d, a: MOV of |a| */
void asm_sel_viabs(asm_ctx *c, int op)
{
	(void)op;
	ast_opnd o = c->ai->ops[1];
	o.abs = true;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = asm_src_any(c, &o, false, false);
}

/* PRMT[.mode] d, a, sel, c */
void asm_sel_vprmt(asm_ctx *c, int op)
{
	(void)op;
	static const char *const modes[] = {"F4E", "B4E", "RC8", "ECL", "ECR", "RC16"};
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_PRMT;
	in->sub = EMU_PRMT_DEFAULT;
	for (int i = 0; i < 6; i++)
		if (asm_has_mod(ai, modes[i]))
			in->sub = (uint8_t)(EMU_PRMT_F4E + i);
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_int(c, 1 + i);
}

/* ISETP.cmp[.U32].bop[.EX] p, q, a, b, c[, lo] */
void asm_sel_visetp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = sel_cmp_code(ai, false), b = sel_bop_code(ai, 0);
	sel_need_cmp(c, cmp);
	bool ex = asm_has_mod(ai, "EX");
	if (ex != (ai->nops == 6) || !is_pred(ai, 4) || (ex && !is_pred(ai, 5))) {
		asm_err(c, ai->loc, "%s takes P, Q, Ra, Rb, Pc%s", c->desc->name, ex ? ", Plow (.EX)" : " (.EX: and Plow)");
		return;
	}
	in->h = EMU_H_ISETP_P;
	in->d = sel_dst_pred(c, &ai->ops[0]);
	in->d2 = sel_dst_pred(c, &ai->ops[1]);
	in->s[0] = sel_src_int(c, 2);
	in->s[1] = sel_src_int(c, 3);
	in->s[2] = sel_src_pred(&ai->ops[4]);
	if (ex)
		in->s[3] = sel_src_pred(&ai->ops[5]);
	in->x_in = ex;
	in->sign = !asm_has_mod(ai, "U32");
	in->sub = (uint8_t)(cmp < 0 ? EMU_CMP_EQ : cmp);
	in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
}

/* MOV d, a[, lanemask]; UMOV d, a. A lane writes when bit (laneid & 3) of the mask is set (as
   envytools documents the field since Tesla; ptxas prints 0xf, every lane) */
void asm_sel_vmov(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_MOV;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = asm_src_any(c, &ai->ops[1], ai->ops[1].kind == OPND_FIMM, true);
	if (ai->nops < 3)
		return;
	const ast_opnd *m = &ai->ops[2];
	if (m->ival < 0 || m->ival > 0xf) {
		asm_err(c, m->loc, "MOV's lane mask is a 4-bit immediate (0xf: every lane)%s", "", "");
		return;
	}
	if (m->ival != 0xf) {
		in->h = EMU_H_MOVM;
		in->sub = (uint8_t)m->ival;
	}
}

/* CS2R[.32] d, SRZ | SR_CLOCKLO */
void asm_sel_vcs2r(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	const ast_opnd *o = &ai->ops[1];
	int sr = o->kind == OPND_LABEL && !strcmp(o->name, "SRZ") ? SR_ZERO : asm_sreg_code(o->name);
	if (sr != SR_ZERO && sr != SR_CLOCKLO) {
		asm_err(c, o->loc, "CS2R reads SRZ or SR_CLOCKLO here, not '%s'%s", o->name, "");
		return;
	}
	in->h = EMU_H_CS2R;
	in->sub = (uint8_t)sr;
	in->width = asm_has_mod(ai, "32") ? 1 : 2;
	in->d = asm_dst_reg(c, &ai->ops[0], in->width);
}

static int which_mod(const ast_insn *ai, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (asm_has_mod(ai, names[i]))
			return i;
	return -1;
}

/* VOTE.ANY|ALL|EQ d, q, p; VOTE.ANY q, p; VOTEU.ANY|ALL URd, UPq, p */
void asm_sel_vvote(asm_ctx *c, int op)
{
	(void)op;
	static const char *const kinds[] = {"ANY", "ALL", "EQ"};
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int m = which_mod(ai, kinds, 3);
	int k = ai->ops[0].kind == OPND_REG;
	if (m < 0 || ai->nops != 2 + k || !is_pred(ai, k) || !is_pred(ai, k + 1)) {
		asm_err(c, ai->loc, "%s takes .ANY, .ALL or .EQ and [Rd,] Pq, Pa%s", c->desc->name, "");
		return;
	}
	if (c->desc->name[4] == 'U' && k) /* VOTEU */
		need_uniform(c, &ai->ops[0]);
	in->h = EMU_H_VOTE_GROUP;
	in->sub = (uint8_t)m;
	in->d = k ? asm_dst_reg(c, &ai->ops[0], 1) : EMU_RZ_SINK;
	in->d2 = sel_dst_pred(c, &ai->ops[k]);
	in->s[0] = sel_src_pred(&ai->ops[k + 1]);
}

/* MATCH.ANY[.U64] d, a; MATCH.ALL[.U64] p, d, a */
void asm_sel_vmatch(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool all = asm_has_mod(ai, "ALL");
	int k = is_pred(ai, 0);
	if (all == asm_has_mod(ai, "ANY") || ai->nops != 2 + k || (!all && k)) {
		asm_err(c, ai->loc, "MATCH takes .ANY Rd, Ra or .ALL [P,] Rd, Ra%s", "", "");
		return;
	}
	in->h = EMU_H_MATCH;
	in->sub = all;
	in->wide = asm_has_mod(ai, "U64") || asm_has_mod(ai, "64");
	in->d2 = k ? sel_dst_pred(c, &ai->ops[0]) : EMU_PT_SINK;
	in->d = asm_dst_reg(c, &ai->ops[k], 1);
	const ast_opnd *a = &ai->ops[k + 1];
	in->s[0] = sel_src_int(c, k + 1);
	if (in->wide) {
		if (a->kind != OPND_REG || a->reg == AST_RZ) {
			asm_err(c, a->loc, "MATCH.U64 compares a register pair%s", "", "");
			return;
		}
		asm_reg_ok(c, a, 2);
		asm_note_reg(c, a->reg, 2);
		in->s[1] = in->s[0];
		in->s[1].reg = (uint16_t)(a->reg + 1);
	}
}

/* REDUX.SUM|MIN|MAX|AND|OR|XOR[.S32|.U32] URd, Ra */
void asm_sel_vredux(asm_ctx *c, int op)
{
	(void)op;
	static const char *const ops[] = {"SUM", "MIN", "MAX", "AND", "OR", "XOR"};
	const ast_insn *ai = c->ai;
	int m = which_mod(ai, ops, 6);
	if (m < 0) {
		asm_err(c, ai->loc, "REDUX needs .SUM, .MIN, .MAX, .AND, .OR or .XOR%s", "", "");
		return;
	}
	need_uniform(c, &ai->ops[0]);
	two_src(c, EMU_H_REDUX);
	c->in->sub = (uint8_t)m;
	c->in->sign = asm_has_mod(ai, "S32");
}

void asm_sel_vr2ur(asm_ctx *c, int op)
{
	(void)op;
	need_uniform(c, &c->ai->ops[0]);
	two_src(c, EMU_H_R2UR);
}
