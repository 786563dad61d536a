/* The selectors of the instructions Kepler, Maxwell and Pascal added (XMAD, IADD3, LOP3,
   SHF, LEA, FCHK, FCMP, FSET, DSET, SYNC); the operand helpers are in asm/sel.c. */
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"

/* An operand's 16-bit half selection (R2.H1, c[0x0][0x14].H1): 1 for the high half. */
static int high_half(const ast_opnd *o)
{
	return o->half == 2;
}

/* XMAD d, a, b, c: 16 x 16-bit multiply-add; the flags of sub say which halves and modes. */
void asm_sel_xmad(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_XMAD;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int k = 0; k < 3; k++) {
		if (ai->ops[1 + k].kind == OPND_REG || ai->ops[1 + k].kind == OPND_CBANK)
			if (ai->ops[1 + k].half && k == 2)
				asm_err(c, ai->ops[3].loc, "XMAD's addend takes no half; use .CHI or .CLO%s", "", "");
		ast_opnd o = ai->ops[1 + k];
		o.half = 0;
		in->s[k] = asm_src_any(c, &o, false, false);
	}
	uint8_t f = 0;
	f |= high_half(&ai->ops[1]) ? EMU_XMAD_AH : 0;
	f |= high_half(&ai->ops[2]) ? EMU_XMAD_BH : 0;
	f |= asm_has_mod(ai, "PSL") ? EMU_XMAD_PSL : 0;
	f |= asm_has_mod(ai, "MRG") ? EMU_XMAD_MRG : 0;
	f |= asm_has_mod(ai, "CBCC") ? EMU_XMAD_CBCC : 0;
	f |= asm_has_mod(ai, "CHI") ? EMU_XMAD_CHI : 0;
	f |= asm_has_mod(ai, "CLO") ? EMU_XMAD_CLO : 0;
	in->sub = f;
	/* .S16 / .U16 name a's type, then b's (unsigned when not given) */
	int n = 0;
	for (int i = 0; i < ai->nmods; i++)
		if (!strcmp(ai->mods[i], "S16") || !strcmp(ai->mods[i], "U16"))
			in->sign |= (uint8_t)((ai->mods[i][0] == 'S') << n++);
	if (asm_has_mod(ai, "CSFU"))
		asm_err(c, ai->loc, "XMAD.CSFU is not supported yet%s", "", "");
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
}

/* IADD3 d, a, b, c: each source may be negated; .RS/.LS shift the partial sum a + b. */
void asm_sel_iadd3(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_IADD3;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int k = 0; k < 3; k++)
		in->s[k] = sel_src_raw(c, k + 1);
	in->sub = asm_has_mod(ai, "RS") ? 1 : asm_has_mod(ai, "LS") ? 2 : 0;
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
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
	in->sub2 = asm_has_mod(ai, "W");
	in->sub3 = asm_has_mod(ai, "HI");
	in->wide = asm_has_mod(ai, "U64") || asm_has_mod(ai, "S64");
	in->sign = asm_has_mod(ai, "S64") || asm_has_mod(ai, "S32");
}

/* LEA[.HI] d, a, b[, c], s: d = (a << s) + b; .HI: d = ({c:a} << s) >> 32 + b */
void asm_sel_lea(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool hi = asm_has_mod(ai, "HI");
	if (ai->nops != (hi ? 5 : 4)) {
		asm_err(c, ai->loc, "%s takes Rd, Ra, Rb, %sshift%s", hi ? "LEA.HI" : "LEA", hi ? "Rc, " : "");
		return;
	}
	in->h = EMU_H_LEA;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = sel_src_int(c, 2);
	in->s[2] = hi ? sel_src_int(c, 3) : (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	const ast_opnd *sh = &ai->ops[hi ? 4 : 3];
	if (sh->kind != OPND_IMM || sh->ival < 0 || sh->ival > 31)
		asm_err(c, sh->loc, "the shift is an immediate 0-31%s", "", "");
	in->sub = (uint8_t)(sh->ival & 31);
	in->sub2 = hi;
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
}

/* FCHK.DIVIDE p, a, b */
void asm_sel_fchk(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (!asm_has_mod(ai, "DIVIDE"))
		asm_err(c, ai->loc, "FCHK needs .DIVIDE%s", "", "");
	in->h = EMU_H_FCHK;
	in->d = sel_dst_pred(c, &ai->ops[0]);
	in->s[0] = sel_src_flt(c, 1);
	in->s[1] = sel_src_flt(c, 2);
}

/* FCMP.cmp d, a, b, c: d = (c CMP 0.0) ? a : b */
void asm_sel_fcmp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = sel_cmp_code(ai, true);
	in->h = EMU_H_FCMP;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int k = 0; k < 3; k++)
		in->s[k] = sel_src_flt(c, k + 1);
	/* cuobjdump prints no comparison for .GT: the encodings of FCMP, FCMP.LT and FCMP.GE in
	   the sm_50 corpus listings carry 4, 1 and 6 in the comparison field */
	in->sub = (uint8_t)(cmp < 0 ? EMU_CMP_GT : cmp);
	in->sub3 = asm_has_mod(ai, "FTZ");
}

/* FSET.cmp.bop[.BF][.FTZ] d[.CC], a, b, p */
void asm_sel_fset(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_FSET, false, sel_src_flt);
}

/* DSET.cmp.bop[.BF] d, a, b, p on register pairs */
void asm_sel_dset(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_DSET, false, sel_src_dbl);
}

/* SYNC: Fermi's .S pop, as an instruction of its own (SPEC 6) */
void asm_sel_sync(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_NOP;
	c->in->sflag = 1;
}
