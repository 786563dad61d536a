/* The selectors of sm_70+ floating point (the last block of isa/sm70.def): single, double
   and half-pair arithmetic, comparisons, MUFU, FRND and the conversions. Immediates are
   full 32-bit values printed as numbers: an integer literal in a float slot is that value
   (FADD R0, R1, 1 adds 1.0), a double's immediate is the high word of its value (the low
   word is zero), a half pair is two literals, the high half first. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"
#include "emu/sem_vfp.h"

static int vfp_round(const ast_insn *ai)
{
	if (asm_has_mod(ai, "RZ") || asm_has_mod(ai, "TRUNC"))
		return EMU_RND_RZ;
	if (asm_has_mod(ai, "RM") || asm_has_mod(ai, "FLOOR"))
		return EMU_RND_RM;
	if (asm_has_mod(ai, "RP") || asm_has_mod(ai, "CEIL"))
		return EMU_RND_RP;
	return EMU_RND_RN;
}

/* Operand i as a single: an integer literal is the float of that value. */
static emu_src vfp_src(asm_ctx *c, int i)
{
	ast_opnd o = c->ai->ops[i];
	if (o.kind == OPND_IMM) {
		o.kind = OPND_FIMM;
		o.fval = (double)o.ival;
	}
	return asm_src_any(c, &o, true, true);
}

/* Operand i as a double: a register pair, an 8-byte constant, or a literal whose low word
   is zero (the encoding holds the high word). */
static emu_src vfp_dbl(asm_ctx *c, int i)
{
	const ast_opnd *o = &c->ai->ops[i];
	if (o->kind != OPND_IMM && o->kind != OPND_FIMM)
		return sel_src_dbl(c, i);
	double v = o->kind == OPND_IMM ? (double)o->ival : o->fval;
	uint64_t b;
	memcpy(&b, &v, 8);
	if (b & 0xffffffffu)
		asm_err(c, o->loc, "double immediate has low-word bits set (only the high 32 bits are encoded)%s", "", "");
	emu_src s = {.kind = SRC_IMM, .imm = (uint32_t)(b >> 32), .and_ = 0xffffffffu};
	if (o->abs)
		s.imm &= 0x7fffffffu;
	if (o->neg)
		s.imm ^= 0x80000000u;
	return s;
}

static uint16_t vfp_half_lit(asm_ctx *c, const ast_opnd *o)
{
	double v = o->kind == OPND_IMM ? (double)o->ival : o->fval;
	uint16_t h = vfp_narrow(v, 11, 15, EMU_RND_RN);
	if (!isnan(v) && vfp_wide(h, 11, 15) != v)
		asm_err(c, o->loc, "half immediate is not exactly representable as a half%s", "", "");
	return h;
}

/* The next half-pair source from operand *i on: a register or constant (its '-' and '|x|'
   apply to both halves; .H0_H0 / .H1_H1 replicate one half, recorded in *swz as 1 / 2),
   or two literals, the high half first. */
static emu_src vfp_hsrc(asm_ctx *c, int *i, int *swz)
{
	*swz = 0;
	const ast_insn *ai = c->ai;
	ast_opnd o = ai->ops[*i];
	if (o.kind == OPND_IMM || o.kind == OPND_FIMM) {
		if (*i + 1 >= ai->nops || (ai->ops[*i + 1].kind != OPND_IMM && ai->ops[*i + 1].kind != OPND_FIMM)) {
			asm_err(c, o.loc, "a half-pair immediate is two values (high, low)%s", "", "");
			(*i)++;
			return (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
		}
		uint32_t hi = vfp_half_lit(c, &o), lo = vfp_half_lit(c, &ai->ops[*i + 1]);
		*i += 2;
		return (emu_src){.kind = SRC_IMM, .imm = hi << 16 | lo, .and_ = 0xffffffffu};
	}
	(*i)++;
	bool neg = o.neg, abs = o.abs;
	o.neg = o.abs = false;
	if (o.kind == OPND_REG && o.half) {
		*swz = o.half;
		o.half = 0;
	}
	if (o.inv)
		asm_err(c, o.loc, "'~' does not apply to a half pair%s", "", "");
	o.inv = false;
	emu_src s = asm_src_any(c, &o, false, false);
	uint32_t an = abs ? 0x7fff7fffu : 0xffffffffu, xo = neg ? 0x80008000u : 0;
	if (s.kind == SRC_IMM)
		s.imm = (s.imm & an) ^ xo;
	else {
		s.and_ = an;
		s.xor_ = xo;
	}
	return s;
}

/* FADD, FMUL, FFMA and their 32I forms: RN (fast body) or another mode, .FTZ, .SAT
   (asm/variant.c picks the body). */
void asm_sel_vfarith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int v = c->desc->var;
	in->h = v == ISA_V_FMA ? EMU_H_FFMA : v == ISA_V_ADD ? EMU_H_FADD : EMU_H_FMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = vfp_src(c, 1);
	in->s[1] = vfp_src(c, 2);
	if (v == ISA_V_FMA)
		in->s[2] = vfp_src(c, 3);
	in->sub = (uint8_t)vfp_round(ai);
	in->sub2 = asm_has_mod(ai, "SAT");
	in->sub3 = asm_has_mod(ai, "FTZ");
}

/* FSETP.cmp.bop[.FTZ] p, q, a, b, c and DSETP on register pairs */
void asm_sel_vfsetp(asm_ctx *c, int op)
{
	(void)op;
	bool dbl = c->desc->cls == ISA_CLASS_FP64;
	sel_fcompare(c, dbl ? EMU_H_DSETP : EMU_H_FSETP, true, dbl ? vfp_dbl : vfp_src);
}

/* FSET.cmp.bop[.BF][.FTZ] d, a, b, c: d = ((a CMP b) BOP c) ? -1 (1.0 with .BF) : 0 */
void asm_sel_vfset(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_FSET, false, vfp_src);
}

/* FSEL d, a, b, p (d = p ? a : b, bits unchanged) and FMNMX d, a, b, p */
void asm_sel_vfchoose(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = c->desc->var == ISA_V_SEL ? EMU_H_SEL : EMU_H_FMNMX_NAN;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = vfp_src(c, 1);
	in->s[1] = vfp_src(c, 2);
	in->s[2] = sel_src_pred(&ai->ops[3]);
	in->sub3 = asm_has_mod(ai, "FTZ");
}

/* FRND[.F64][.TRUNC|.FLOOR|.CEIL][.FTZ] d, a (default: to nearest even) */
void asm_sel_vfrnd(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool dbl = asm_has_mod(ai, "F64");
	if (asm_has_mod(ai, "F16") || (asm_has_mod(ai, "F32") && dbl))
		asm_err(c, ai->loc, "FRND rounds an F32 or an F64 to an integral value of the same type%s", "", "");
	in->h = dbl ? EMU_H_FRND64 : EMU_H_FRND;
	in->d = asm_dst_reg(c, &ai->ops[0], dbl ? 2 : 1);
	in->s[0] = dbl ? vfp_dbl(c, 1) : vfp_src(c, 1);
	in->sub = (uint8_t)vfp_round(ai);
	in->sub3 = asm_has_mod(ai, "FTZ");
}

/* FCHK[.DIVIDE] p, a, b: whether a / b needs the slow path (the Maxwell rule) */
void asm_sel_vfchk(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_FCHK;
	in->d = sel_dst_pred(c, &c->ai->ops[0]);
	in->s[0] = vfp_src(c, 1);
	in->s[1] = vfp_src(c, 2);
}

/* MUFU.fn d, a; RCP64H / RSQ64H read the high word of a double (a literal is the double) */
void asm_sel_vmufu(asm_ctx *c, int op)
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
	bool h64 = f == VFP_MUFU_RCP64H || f == VFP_MUFU_RSQ64H;
	const ast_opnd *o = &ai->ops[1];
	in->s[0] = h64 && (o->kind == OPND_IMM || o->kind == OPND_FIMM) ? vfp_dbl(c, 1) : vfp_src(c, 1);
	in->sub = (uint8_t)(f < 0 ? 0 : f);
}

/* The float and integer types among the modifiers in order: F16 F32 F64 as -16 -32 -64. */
static int vfp_types(const ast_insn *ai, int *bits, int max)
{
	int n = 0;
	for (int i = 0; i < ai->nmods && n < max; i++) {
		const char *m = ai->mods[i];
		if ((m[0] == 'U' || m[0] == 'S' || m[0] == 'F') && isdigit((unsigned char)m[1]))
			bits[n++] = m[0] == 'F' ? -atoi(m + 1) : atoi(m + 1);
	}
	return n;
}

/* I2F, F2I, F2F, I2I, I2FP: asm_sel_cvt's conversions (.NTZ: NaN gives 0, which it does
   anyway), and F2F to or from F16 here. */
void asm_sel_vcvt(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int t[4], nt = vfp_types(ai, t, 4);
	bool half = false;
	for (int k = 0; k < nt; k++)
		half |= t[k] == -16;
	if (!half) {
		asm_sel_cvt(c, op);
		return;
	}
	int kind = -1;
	if (c->desc->var == ISA_V_F2F && nt == 2)
		kind = t[0] == -16 && t[1] == -32 ? VFP_CVT_F16_F32 : t[0] == -32 && t[1] == -16 ? VFP_CVT_F32_F16
			: t[0] == -16 && t[1] == -64 ? VFP_CVT_F16_F64 : t[0] == -64 && t[1] == -16 ? VFP_CVT_F64_F16 : -1;
	if (kind < 0) {
		asm_err(c, ai->loc, "unsupported conversion types for %s on %s", c->desc->name, c->target);
		return;
	}
	in->h = EMU_H_CVT_H;
	in->sub = (uint8_t)kind;
	in->d = asm_dst_reg(c, &ai->ops[0], kind == VFP_CVT_F64_F16 ? 2 : 1);
	in->s[0] = kind == VFP_CVT_F16_F64 ? vfp_dbl(c, 1) : asm_src_any(c, &ai->ops[1], false, true);
	in->sub3 = (uint8_t)vfp_round(ai);
	in->wide = asm_has_mod(ai, "FTZ");
}

/* F2FP[.F16.F32|.BF16[.F32]].PACK_AB d, a, b: two singles packed, a in the high half */
void asm_sel_vf2fp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (!asm_has_mod(ai, "PACK_AB"))
		asm_err(c, ai->loc, "F2FP is supported in its .PACK_AB form%s", "", "");
	in->h = EMU_H_F2FP;
	in->sub = asm_has_mod(ai, "BF16") ? VFP_PK_BF16 : VFP_PK_F16;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = vfp_src(c, 1);
	in->s[1] = vfp_src(c, 2);
	in->sub3 = (uint8_t)vfp_round(ai);
}

/* DADD DMUL DFMA on register pairs, with their rounding modes */
void asm_sel_vdarith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int v = c->desc->var;
	in->h = EMU_H_DARITH;
	in->sub = v == ISA_V_ADD ? EMU_D_ADD : v == ISA_V_MUL ? EMU_D_MUL : EMU_D_FMA;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	in->s[0] = vfp_dbl(c, 1);
	in->s[1] = vfp_dbl(c, 2);
	if (v == ISA_V_FMA)
		in->s[2] = vfp_dbl(c, 3);
	in->sub2 = (uint8_t)vfp_round(ai);
}

/* Half-pair sources of operands 'from' on, want of them; false after an error. */
static bool vfp_hsrcs(asm_ctx *c, int from, int want, int *next)
{
	int i = from;
	c->in->width = 0;
	for (int k = 0; k < want; k++) {
		if (i >= c->ai->nops) {
			asm_err(c, c->ai->loc, "%s has too few sources%s", c->desc->name, "");
			return false;
		}
		int swz;
		c->in->s[k] = vfp_hsrc(c, &i, &swz);
		c->in->width |= (uint8_t)(swz << 2 * k); /* each source's replication (width: free here) */
	}
	*next = i;
	return true;
}

/* HADD2 d, a, b / HMUL2 d, a, b / HFMA2[.MMA] d, a, b, c on half pairs: .FTZ, .SAT,
   .RELU; .F32: d is the single of the low lane's result; .BF16_V2 (HFMA2): bf16 pairs */
void asm_sel_vharith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int v = c->desc->var, next;
	in->h = EMU_H_HARITH;
	in->sub = v == ISA_V_ADD ? VFP_H_ADD : v == ISA_V_MUL ? VFP_H_MUL : VFP_H_FMA;
	in->wide = asm_has_mod(ai, "BF16_V2");
	if (in->wide && in->sub != VFP_H_FMA)
		asm_err(c, ai->loc, "bf16 pairs are HFMA2.BF16_V2 only (no %s)%s", c->desc->name, "");
	in->sign = asm_has_mod(ai, "F32");
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	if (vfp_hsrcs(c, 1, in->sub == VFP_H_FMA ? 3 : 2, &next) && next != ai->nops)
		asm_err(c, ai->ops[next].loc, "%s has an operand too many%s", c->desc->name, "");
	in->sub2 = (uint8_t)(asm_has_mod(ai, "SAT") | asm_has_mod(ai, "RELU") << 1);
	in->sub3 = asm_has_mod(ai, "FTZ");
}

/* HSETP2.cmp.bop[.H_AND] p, q, a, b, c and HMNMX2 d, a, b, p */
void asm_sel_vhcmp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool setp = c->desc->cls == ISA_CLASS_PRED;
	int next;
	if (setp) {
		int cmp = sel_cmp_code(ai, true), b = sel_bop_code(ai, 0);
		sel_need_cmp(c, cmp);
		in->h = EMU_H_HSETP2;
		in->d = sel_dst_pred(c, &ai->ops[0]);
		in->d2 = sel_dst_pred(c, &ai->ops[1]);
		in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
		in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
		in->sign = asm_has_mod(ai, "H_AND");
	} else {
		in->h = EMU_H_HMNMX2;
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
	}
	in->sub3 = asm_has_mod(ai, "FTZ");
	if (!vfp_hsrcs(c, setp ? 2 : 1, 2, &next))
		return;
	if (next != ai->nops - 1 || ai->ops[next].kind != OPND_PRED) {
		asm_err(c, next < ai->nops ? ai->ops[next].loc : ai->loc, "%s ends with one predicate%s",
			c->desc->name, "");
		return;
	}
	in->s[2] = sel_src_pred(&ai->ops[next]);
}
