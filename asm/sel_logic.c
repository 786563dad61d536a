/* Selectors of the logic family (emu/ops_logic.h): LOP and LOP3/PLOP3 by truth table,
   shifts and funnel shifts, PRMT, PSETP and PSET. */
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

void asm_sel_shift(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = c->desc->var == ISA_V_LEFT ? EMU_H_SHL : EMU_H_SHR;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = sel_src_int(c, 2);
	in->sub = asm_has_mod(c->ai, "W");
	in->sign = !asm_has_mod(c->ai, "U32");
	in->cc_out |= asm_has_mod(c->ai, "CC");
}

void asm_sel_lop(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_LOP;
	int k = 0;
	if (ai->ops[0].kind == OPND_PRED) { /* Maxwell: LOP.OP.NZ|Z P, d, a, b */
		if (ai->nops != 4) {
			asm_err(c, ai->loc, "%s with a predicate result takes P, Rd, Ra, Rb%s", c->desc->name, "");
			return; /* the operands it would read are not there */
		}
		bool nz = asm_has_mod(ai, "NZ"), z = asm_has_mod(ai, "Z");
		if (nz == z)
			asm_err(c, ai->loc, "%s with a predicate result needs .NZ or .Z%s", c->desc->name, "");
		in->d2 = sel_dst_pred(c, &ai->ops[0]);
		in->sub3 = nz ? 1 : 2;
		k = 1;
	} else if (ai->nops != 3) {
		asm_err(c, ai->loc, "%s takes Rd, Ra, Rb%s", c->desc->name, "");
		return;
	}
	in->d = asm_dst_reg(c, &ai->ops[k], 1);
	in->s[0] = sel_src_int(c, k + 1);
	in->s[1] = sel_wide_imm(c, op) ? asm_src_any(c, &ai->ops[k + 2], false, true) : sel_src_int(c, k + 2);
	int b = asm_has_mod(ai, "AND") ? EMU_LOP_AND : asm_has_mod(ai, "OR") ? EMU_LOP_OR
		: asm_has_mod(ai, "XOR") ? EMU_LOP_XOR : asm_has_mod(ai, "PASS_B") ? EMU_LOP_PASS_B : -1;
	if (b < 0)
		asm_err(c, ai->loc, "%s needs .AND, .OR, .XOR or .PASS_B%s", c->desc->name, "");
	in->sub = (uint8_t)(b < 0 ? 0 : b);
	in->cc_out |= asm_has_mod(ai, "CC");
}

void asm_sel_psetp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_PSETP;
	in->d = sel_dst_pred(c, &ai->ops[0]);
	in->d2 = sel_dst_pred(c, &ai->ops[1]);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_pred(&ai->ops[2 + i]);
	int b1 = sel_bop_code(ai, 0), b2 = sel_bop_code(ai, 1);
	if (b1 < 0 || b2 < 0)
		asm_err(c, ai->loc, "PSETP needs two boolean modifiers (e.g. .AND.AND)%s", "", "");
	in->sub = (uint8_t)(b1 < 0 ? 0 : b1);
	in->sub2 = (uint8_t)(b2 < 0 ? 0 : b2);
}

/* LOP3.LUT d, a, b, c, lut; LOP3.LUT.NZ|Z p, d, a, b, c, lut (Maxwell's predicate result) */
void asm_sel_lop3(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int k = ai->ops[0].kind == OPND_PRED;
	if (ai->nops != 5 + k) {
		asm_err(c, ai->loc, "LOP3.LUT takes %sRd, Ra, Rb, Rc, lut%s", k ? "P, " : "", "");
		return;
	}
	in->h = EMU_H_LOP3;
	if (k) {
		bool nz = asm_has_mod(ai, "NZ"), z = asm_has_mod(ai, "Z");
		if (nz == z)
			asm_err(c, ai->loc, "LOP3 with a predicate result needs .NZ or .Z%s", "", "");
		in->d2 = sel_dst_pred(c, &ai->ops[0]);
		in->sub3 = nz ? 1 : 2;
	}
	in->d = asm_dst_reg(c, &ai->ops[k], 1);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_int(c, k + i + 1);
	const ast_opnd *lut = &ai->ops[k + 4];
	if (lut->kind != OPND_IMM || lut->ival < 0 || lut->ival > 0xff)
		asm_err(c, lut->loc, "the look-up table is an 8-bit immediate%s", "", "");
	in->sub = (uint8_t)lut->ival;
	if (!asm_has_mod(ai, "LUT"))
		asm_err(c, ai->loc, "LOP3 needs .LUT%s", "", "");
}

/* SHF.L|R[.W][.HI][.U64|.S64] d, lo, n, hi */
void asm_sel_shf(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_SHF;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = sel_src_int(c, 2);
	in->s[2] = sel_src_int(c, 3);
	bool l = asm_has_mod(ai, "L"), r = asm_has_mod(ai, "R");
	if (l == r)
		asm_err(c, ai->loc, "SHF needs .L or .R%s", "", "");
	in->sub = l;
	in->wrap = asm_has_mod(ai, "W");
	in->hi = asm_has_mod(ai, "HI");
	in->wide = asm_has_mod(ai, "U64") || asm_has_mod(ai, "S64");
	in->sign = asm_has_mod(ai, "S64") || asm_has_mod(ai, "S32");
}

/* PRMT d, a, selector, b: the bytes of {b, a} (a bytes 0-3, b bytes 4-7) that the selector
   picks, as PTX prmt defines them. in->sub is the mode: 0 the default (a nibble per result
   byte), else 1 + its index in modes[] (the selector's two low bits then choose). */
void asm_sel_prmt(asm_ctx *c, int op)
{
	(void)op;
	static const char *const modes[] = {"F4E", "B4E", "RC8", "ECL", "ECR", "RC16"};
	const ast_insn *ai = c->ai;
	int mode = 0;
	for (int i = 0; i < ai->nmods; i++) {
		if (isa_mod_is_hint(ai->mods[i]) || !strcmp(ai->mods[i], "S"))
			continue;
		int k = 0;
		while (k < 6 && strcmp(ai->mods[i], modes[k]))
			k++;
		if (k == 6 || mode) {
			asm_err(c, ai->modloc[i], "PRMT takes at most one mode (.F4E .B4E .RC8 .ECL .ECR .RC16), not '.%s'%s",
				ai->mods[i], "");
			return;
		}
		mode = 1 + k;
	}
	c->in->h = EMU_H_PRMT;
	c->in->sub = (uint8_t)mode;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->s[0] = sel_src_int(c, 1);
	c->in->s[1] = sel_src_int(c, 2);
	c->in->s[2] = sel_src_int(c, 3);
}

/* PSET d, p, q, r: d = ((p BOP1 q) BOP2 r) ? -1 (1.0f with .BF) : 0. A listing names the
   combines in order (PSET.AND.AND, as corpus/README.md lists for the sm_20 raw pool);
   none means .AND.AND, as for PSETP's PTXPlus. */
void asm_sel_pset(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int b1 = sel_bop_code(ai, 0), b2 = sel_bop_code(ai, 1);
	if (b1 >= 0 && b2 < 0)
		asm_err(c, ai->loc, "PSET needs two boolean modifiers (e.g. .AND.AND)%s", "", "");
	in->h = EMU_H_PSET;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_pred(&ai->ops[1 + i]);
	/* iset_write's fields: the second combine in sub2, the third predicate in s[2] */
	in->sub = (uint8_t)(b1 < 0 ? EMU_BOP_AND : b1);
	in->bop = (uint8_t)(b2 < 0 ? EMU_BOP_AND : b2);
	in->sub3 = asm_has_mod(ai, "BF");
}

/* LOP3.LUT [P,] d, a, b, c, lut[, !PT]: P = d != 0 */
void asm_sel_lop3_p(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int k = sel_is_pred(ai, 0);
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
void asm_sel_plop3(asm_ctx *c, int op)
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
void asm_sel_shf_hi(asm_ctx *c, int op)
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
	in->wrap = asm_has_mod(ai, "W");
	in->hi = asm_has_mod(ai, "HI");
	in->wide = asm_has_mod(ai, "U64") || asm_has_mod(ai, "S64");
	in->sign = asm_has_mod(ai, "S64") || asm_has_mod(ai, "S32");
}
