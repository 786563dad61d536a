/* Selectors of the single-precision family (emu/ops_float.h): FADD/FMUL/FFMA, compares,
   min/max, FCHK, FCMP, FRND, MUFU and RRO. The *_imm32 selectors read immediates as
   full 32-bit values (an integer literal in a float slot is that value: FADD R0, R1, 1 adds
   1.0), the others as the 20-bit fields of the older encodings. */
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

/* RRO: the range-reduced format is our plain fp32 value; MUFU then applies the function. */
void asm_sel_rro(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = sel_src_flt(c, 1);
}

void asm_sel_farith(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool wide = sel_wide_imm(c, op);
	in->h = c->desc->var == ISA_V_FMA ? EMU_H_FFMA : c->desc->var == ISA_V_ADD ? EMU_H_FADD : EMU_H_FMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_flt(c, 1);
	in->s[1] = asm_src_any(c, &ai->ops[2], true, wide);
	if (c->desc->var == ISA_V_FMA)
		in->s[2] = sel_src_flt(c, 3);
	in->sub = (uint8_t)sel_round_mode(ai);
	in->sat = asm_has_mod(ai, "SAT");
	in->ftz = asm_has_mod(ai, "FTZ");
}

void asm_sel_fsetp(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_FSETP, true, sel_src_flt);
}

void asm_sel_mufu(asm_ctx *c, int op)
{
	(void)op;
	/* in the order of EMU_MUFU_*; RCP64H and RSQ64H take and give the high word of a double
	   (the approximation a double division or square root starts from) */
	static const char *const fn[] = {"RCP", "EX2", "LG2", "SIN", "COS", "RSQ", "SQRT", "RCP64H", "RSQ64H"};
	int f = -1;
	for (int i = 0; i < 9; i++)
		if (asm_has_mod(c->ai, fn[i]))
			f = i;
	if (f < 0)
		asm_err(c, c->ai->loc, "MUFU needs a function modifier (.RCP .EX2 .LG2 .SIN .COS .RSQ .SQRT .RCP64H .RSQ64H)%s", "", "");
	c->in->h = EMU_H_MUFU;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = sel_src_flt(c, 1);
	c->in->sub = (uint8_t)(f < 0 ? 0 : f);
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
	in->ftz = asm_has_mod(ai, "FTZ");
}

/* FSET.cmp.bop[.BF][.FTZ] d[.CC], a, b, p */
void asm_sel_fset(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_FSET, false, sel_src_flt);
}

/* FADD, FMUL, FFMA and their 32I forms: RN (fast body) or another mode, .FTZ, .SAT
   (asm/variant.c picks the body). */
void asm_sel_farith_imm32(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int v = c->desc->var;
	in->h = v == ISA_V_FMA ? EMU_H_FFMA : v == ISA_V_ADD ? EMU_H_FADD : EMU_H_FMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_f32imm(c, 1);
	in->s[1] = sel_src_f32imm(c, 2);
	if (v == ISA_V_FMA)
		in->s[2] = sel_src_f32imm(c, 3);
	in->sub = (uint8_t)sel_round_mode(ai);
	in->sat = asm_has_mod(ai, "SAT");
	in->ftz = asm_has_mod(ai, "FTZ");
}

/* FSETP.cmp.bop[.FTZ] p, q, a, b, c and DSETP on register pairs */
void asm_sel_fsetp_imm32(asm_ctx *c, int op)
{
	(void)op;
	bool dbl = c->desc->cls == ISA_CLASS_FP64;
	sel_fcompare(c, dbl ? EMU_H_DSETP : EMU_H_FSETP, true, dbl ? sel_src_f64imm : sel_src_f32imm);
}

/* FSET.cmp.bop[.BF][.FTZ] d, a, b, c: d = ((a CMP b) BOP c) ? -1 (1.0 with .BF) : 0 */
void asm_sel_fset_imm32(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_FSET, false, sel_src_f32imm);
}

/* FSEL d, a, b, p (d = p ? a : b, bits unchanged) and FMNMX d, a, b, p */
void asm_sel_fsel_mnmx(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = c->desc->var == ISA_V_SEL ? EMU_H_SEL : EMU_H_FMNMX_NAN;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_f32imm(c, 1);
	in->s[1] = sel_src_f32imm(c, 2);
	in->s[2] = sel_src_pred(&ai->ops[3]);
	in->ftz = asm_has_mod(ai, "FTZ");
	bool nan = asm_has_mod(ai, "NAN"), xs = asm_has_mod(ai, "XORSIGN");
	if (c->desc->var != ISA_V_SEL && (nan || xs)) {
		in->h = EMU_H_FMNMX_X;
		in->sub = (uint8_t)(nan | xs << 1);
		if (xs) /* the magnitudes are compared; the signs as written (before |x|) are XORed */
			for (int k = 0; k < 2; k++)
				in->s[k].and_ = 0xffffffffu; /* (a literal's |x| is folded already) */
	}
}

/* FRND[.F64][.TRUNC|.FLOOR|.CEIL][.FTZ] d, a (default: to nearest even) */
void asm_sel_frnd(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool dbl = asm_has_mod(ai, "F64");
	if (asm_has_mod(ai, "F16") || (asm_has_mod(ai, "F32") && dbl))
		asm_err(c, ai->loc, "FRND rounds an F32 or an F64 to an integral value of the same type%s", "", "");
	in->h = dbl ? EMU_H_FRND64 : EMU_H_FRND;
	in->d = asm_dst_reg(c, &ai->ops[0], dbl ? 2 : 1);
	in->s[0] = dbl ? sel_src_f64imm(c, 1) : sel_src_f32imm(c, 1);
	in->sub = (uint8_t)sel_round_mode(ai);
	in->ftz = asm_has_mod(ai, "FTZ");
}

/* FCHK[.DIVIDE] p, a, b: whether a / b needs the slow path (the Maxwell rule) */
void asm_sel_fchk_imm32(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_FCHK;
	in->d = sel_dst_pred(c, &c->ai->ops[0]);
	in->s[0] = sel_src_f32imm(c, 1);
	in->s[1] = sel_src_f32imm(c, 2);
}

/* MUFU.fn d, a; RCP64H / RSQ64H read the high word of a double (a literal is the double) */
void asm_sel_mufu_ftz(asm_ctx *c, int op)
{
	(void)op;
	static const char *const fn[VFP_MUFU_N] = {"RCP", "EX2", "LG2", "SIN", "COS", "RSQ", "SQRT",
						   "RCP64H", "RSQ64H", "TANH"};
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int f = -1;
	for (int i = 0; i < VFP_MUFU_N; i++)
		if (asm_has_mod(ai, fn[i]))
			f = i;
	if (f < 0)
		asm_err(c, ai->loc, "MUFU needs a function modifier (.RCP .EX2 .LG2 .SIN .COS .RSQ .SQRT "
			".RCP64H .RSQ64H .TANH)%s", "", "");
	if (f == VFP_MUFU_TANH && (!strcmp(c->target, "sm_70") || !strcmp(c->target, "sm_72")))
		asm_err(c, ai->loc, "MUFU.TANH is sm_75 and later, not %s%s", c->target, "");
	in->h = EMU_H_MUFU_FTZ;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	if (asm_has_mod(ai, "F16") || asm_has_mod(ai, "BF16")) { /* MUFU.fn.F16|.BF16 d, a[.H1]: of one half,
								       the half in d's low bits */
		if (f == VFP_MUFU_RCP64H || f == VFP_MUFU_RSQ64H)
			asm_err(c, ai->loc, "MUFU.%s has no .F16 form%s", fn[f], "");
		ast_opnd o = ai->ops[1];
		in->h = EMU_H_MUFU_H;
		in->wide = asm_has_mod(ai, "BF16");
		in->sub2 = (uint8_t)sel_high_half(&o);
		o.half = 0;
		in->s[0] = asm_src_any(c, &o, false, true);
		in->sub = (uint8_t)(f < 0 ? 0 : f);
		return;
	}
	bool h64 = f == VFP_MUFU_RCP64H || f == VFP_MUFU_RSQ64H;
	const ast_opnd *o = &ai->ops[1];
	in->s[0] = h64 && (o->kind == OPND_IMM || o->kind == OPND_FIMM) ? sel_src_f64imm(c, 1) : sel_src_f32imm(c, 1);
	in->sub = (uint8_t)(f < 0 ? 0 : f);
}
