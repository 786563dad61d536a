/* The shared selectors: each picks an interpreter handler and decodes the operands of one
   instruction, from its parse tree, for every generation whose table row names it (Fermi's
   opcodes, and Tesla's where they mean the same). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"
#include "util/xalloc.h"

/* The row's immediates are full 32-bit values (the 32I forms). */
static bool wide_imm(const asm_ctx *c, int op)
{
	return isa_imm32(c->dialect, op);
}

uint16_t sel_dst_pred(asm_ctx *c, const ast_opnd *o)
{
	if (o->kind != OPND_PRED) {
		asm_err(c, o->loc, "destination must be a predicate%s", "", "");
		return EMU_PT_SINK;
	}
	if (o->inv)
		asm_err(c, o->loc, "a destination predicate cannot be negated%s", "", "");
	return o->reg == AST_PT ? EMU_PT_SINK : (uint16_t)o->reg;
}

emu_src sel_src_pred(const ast_opnd *o)
{
	emu_src s = {.kind = SRC_REG, .reg = (uint16_t)o->reg, .inv = o->inv};
	return s;
}


emu_src sel_src_int(asm_ctx *c, int i) { return asm_src_any(c, &c->ai->ops[i], false, false); }
emu_src sel_src_flt(asm_ctx *c, int i) { return asm_src_any(c, &c->ai->ops[i], true, false); }

/* Integer operand that the handler negates itself (IADD carries). */
emu_src sel_src_raw(asm_ctx *c, int i)
{
	ast_opnd o = c->ai->ops[i];
	bool neg = o.neg, inv = o.inv;
	if (o.kind == OPND_REG || o.kind == OPND_CBANK) {
		o.neg = o.inv = false;
		emu_src s = asm_src_any(c, &o, false, false);
		s.neg = neg;
		s.inv = inv;
		return s;
	}
	return asm_src_any(c, &o, false, false);
}


int sel_cmp_code(const ast_insn *ai, bool fp)
{
	static const char *const names[] = {"F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN",
					    "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"};
	for (int i = 0; i < ai->nmods; i++)
		for (int k = 0; k < 16; k++)
			if (!strcmp(ai->mods[i], names[k]) && (fp || k <= 6 || k == 15))
				return k == 15 && !fp ? 7 : k;
	return -1;
}

int sel_bop_code(const ast_insn *ai, int nth)
{
	int seen = 0;
	for (int i = 0; i < ai->nmods; i++) {
		const char *m = ai->mods[i];
		int b = !strcmp(m, "AND") ? EMU_BOP_AND : !strcmp(m, "OR") ? EMU_BOP_OR
			: !strcmp(m, "XOR") ? EMU_BOP_XOR : -1;
		if (b >= 0 && seen++ == nth)
			return b;
	}
	return -1;
}

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

/* Integer type modifiers such as .S32 / .U16 in order of appearance. */
static int int_types(const ast_insn *ai, int *bits, int *sign, int max)
{
	int n = 0;
	for (int i = 0; i < ai->nmods && n < max; i++) {
		const char *m = ai->mods[i];
		if ((m[0] == 'U' || m[0] == 'S') && isdigit((unsigned char)m[1])) {
			bits[n] = atoi(m + 1);
			sign[n] = m[0] == 'S';
			n++;
		} else if (m[0] == 'F' && isdigit((unsigned char)m[1])) {
			bits[n] = -atoi(m + 1); /* float types as negative widths */
			sign[n] = 1;
			n++;
		}
	}
	return n;
}

static int round_mode(const ast_insn *ai)
{
	if (asm_has_mod(ai, "RZ") || asm_has_mod(ai, "TRUNC"))
		return EMU_RND_RZ;
	if (asm_has_mod(ai, "RM") || asm_has_mod(ai, "FLOOR"))
		return EMU_RND_RM;
	if (asm_has_mod(ai, "RP") || asm_has_mod(ai, "CEIL"))
		return EMU_RND_RP;
	return EMU_RND_RN;
}


void sel_need_cmp(asm_ctx *c, int code)
{
	if (code < 0)
		asm_err(c, c->ai->loc, "%s needs a comparison modifier%s", c->desc->name, "");
}

void asm_sel_mov(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->s[0] = asm_src_any(c, &ai->ops[1], ai->ops[1].kind == OPND_FIMM, wide_imm(c, op));
}

/* RRO: the range-reduced format is our plain fp32 value; MUFU then applies the function. */
void asm_sel_rro(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = sel_src_flt(c, 1);
}

void asm_sel_s2r(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_S2R;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	int sr = asm_sreg_code(ai->ops[1].name);
	if (sr < 0)
		asm_err(c, ai->ops[1].loc, "unsupported special register '%s' for %s", ai->ops[1].name, c->target);
	c->in->sub = (uint8_t)(sr < 0 ? 0 : sr);
}

void asm_sel_iadd(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_IADD;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_raw(c, 1);
	in->s[1] = wide_imm(c, op) ? asm_src_any(c, &ai->ops[2], false, true) : sel_src_raw(c, 2);
	if (c->desc->var == ISA_V_SUB)
		in->s[1].neg = !in->s[1].neg;
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
	in->sub = asm_has_mod(ai, "SAT");
	if (in->s[0].neg && in->s[1].neg)
		asm_err(c, ai->loc, "both operands negated%s", "", "");
}

void asm_sel_imul(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = c->desc->var == ISA_V_MAD ? EMU_H_IMAD : EMU_H_IMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = wide_imm(c, op) ? asm_src_any(c, &ai->ops[2], false, true) : sel_src_int(c, 2);
	if (c->desc->var == ISA_V_MAD)
		in->s[2] = sel_src_raw(c, 3);
	int bits[4], sg[4];
	int nt = int_types(ai, bits, sg, 4);
	in->sub = nt >= 1 ? (uint8_t)sg[0] : 1;        /* a signed (the default) */
	in->sub2 = nt >= 2 ? (uint8_t)sg[1] : in->sub; /* b signed */
	in->sub3 = asm_has_mod(ai, "HI");
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
	if (asm_has_mod(ai, "SAT")) /* no listing has shown it: an error, not a silent wrap */
		asm_err(c, ai->loc, "%s.SAT is not supported yet%s", c->desc->name, "");
}

void asm_sel_iscadd(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_ISCADD;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = wide_imm(c, op) ? asm_src_any(c, &c->ai->ops[2], false, true) : sel_src_int(c, 2);
	in->sub = (uint8_t)(c->ai->ops[3].ival & 31);
	in->cc_out |= asm_has_mod(c->ai, "CC");
}

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
	in->s[1] = wide_imm(c, op) ? asm_src_any(c, &ai->ops[k + 2], false, true) : sel_src_int(c, k + 2);
	int b = asm_has_mod(ai, "AND") ? EMU_LOP_AND : asm_has_mod(ai, "OR") ? EMU_LOP_OR
		: asm_has_mod(ai, "XOR") ? EMU_LOP_XOR : asm_has_mod(ai, "PASS_B") ? EMU_LOP_PASS_B : -1;
	if (b < 0)
		asm_err(c, ai->loc, "%s needs .AND, .OR, .XOR or .PASS_B%s", c->desc->name, "");
	in->sub = (uint8_t)(b < 0 ? 0 : b);
	in->cc_out |= asm_has_mod(ai, "CC");
}

/* ISETP p, q, a, b, c and ISET d, a, b, c */
void asm_sel_isetp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = sel_cmp_code(ai, false), b = sel_bop_code(ai, 0);
	sel_need_cmp(c, cmp);
	bool to_pred = c->desc->shape[0] == 'p'; /* ISETP; ISET writes a register */
	int k = to_pred ? 2 : 1;
	if (to_pred) {
		in->h = EMU_H_ISETP;
		in->d = sel_dst_pred(c, &ai->ops[0]);
		in->d2 = sel_dst_pred(c, &ai->ops[1]);
	} else {
		in->h = EMU_H_ISET;
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
		in->sub3 = asm_has_mod(ai, "BF");
	}
	in->s[0] = sel_src_int(c, k);
	in->s[1] = sel_src_int(c, k + 1);
	in->s[2] = sel_src_pred(&ai->ops[k + 2]);
	in->sign = !asm_has_mod(ai, "U32");
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
	in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
	/* .X: the high words of a wider compare; the low words' result is the condition code
	   (asm_variant: ISETP_X) */
	in->x_in = asm_has_mod(ai, "X");
}

void asm_sel_icmp(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	int cmp = sel_cmp_code(c->ai, false);
	sel_need_cmp(c, cmp);
	in->h = EMU_H_ICMP;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = sel_src_int(c, 2);
	in->s[2] = sel_src_int(c, 3);
	in->sign = !asm_has_mod(c->ai, "U32");
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
}

/* IMNMX, FMNMX, SEL: d = p ? x : y */
void asm_sel_choose(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = c->desc->var == ISA_V_MIN ? EMU_H_IMNMX : c->desc->var == ISA_V_SEL ? EMU_H_SEL : EMU_H_FMNMX;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	bool f = c->desc->var == ISA_V_FMIN;
	in->s[0] = f ? sel_src_flt(c, 1) : sel_src_int(c, 1);
	in->s[1] = f ? sel_src_flt(c, 2) : sel_src_int(c, 2);
	in->s[2] = sel_src_pred(&c->ai->ops[3]);
	in->sign = !asm_has_mod(c->ai, "U32");
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

/* Destination and source types of a conversion, negative widths for floats; defaults
   I2F.F32.S32, F2I.S32.F32, F2F.F32.F32, I2I.S32.S32. False if the pair is not one the
   opcode converts. */
static bool cvt_types(asm_ctx *c, int op, int *dbits, int *dsg, int *sbits, int *ssg)
{
	(void)op;
	int bits[4], sg[4];
	int nt = int_types(c->ai, bits, sg, 4);
	int v = c->desc->var;
	int ddef = v == ISA_V_I2F || v == ISA_V_F2F ? -32 : 32, sdef = v == ISA_V_F2I || v == ISA_V_F2F ? -32 : 32;
	*dbits = nt >= 1 ? bits[0] : ddef;
	*dsg = nt >= 1 ? sg[0] : 1;
	*sbits = nt >= 2 ? bits[1] : sdef;
	*ssg = nt >= 2 ? sg[1] : 1;
	if (nt == 1 && ((v == ISA_V_I2F && bits[0] > 0) || (v == ISA_V_F2I && bits[0] < 0))) {
		*sbits = bits[0]; /* a single type names the integer side */
		*ssg = sg[0];
		*dbits = ddef;
		*dsg = 1;
	}
	bool df = *dbits < 0, sf = *sbits < 0;
	bool kinds = (v == ISA_V_I2F && df && !sf) || (v == ISA_V_F2I && !df && sf) || (v == ISA_V_F2F && df && sf) ||
		     (v == ISA_V_I2I && !df && !sf);
	bool fw = (!df || *dbits == -32 || *dbits == -64) && (!sf || *sbits == -32 || *sbits == -64);
	/* 64-bit integers (register pairs) convert to and from floats, not to other integers */
	bool i64 = v == ISA_V_I2F || v == ISA_V_F2I;
	bool iw = (df || *dbits == 8 || *dbits == 16 || *dbits == 32 || (i64 && *dbits == 64)) &&
		  (sf || *sbits == 8 || *sbits == 16 || *sbits == 32 || (i64 && *sbits == 64));
	return kinds && fw && iw;
}

void asm_sel_cvt(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int dbits, dsg, sbits, ssg;
	if (!cvt_types(c, op, &dbits, &dsg, &sbits, &ssg)) {
		asm_err(c, ai->loc, "unsupported conversion types for %s on %s", c->desc->name, c->target);
		return;
	}
	bool dflt = dbits < 0, sflt = sbits < 0;
	int v = c->desc->var;
	in->h = v == ISA_V_I2F ? EMU_H_I2F : v == ISA_V_F2I ? EMU_H_F2I : v == ISA_V_F2F ? EMU_H_F2F : EMU_H_I2I;
	in->d = asm_dst_reg(c, &ai->ops[0], dbits == -64 || dbits == 64 ? 2 : 1);
	const ast_opnd *so = &ai->ops[1];
	if (sbits == -64 || sbits == 64) {
		if (so->kind != OPND_REG) {
			asm_err(c, so->loc, "a 64-bit source must be a register pair%s", "", "");
			return;
		}
		asm_reg_ok(c, so, 2);
		asm_note_reg(c, so->reg, 2);
	}
	in->s[0] = asm_src_any(c, so, sflt, false);
	in->sub = (uint8_t)(dflt ? -dbits : dbits);
	in->sub2 = (uint8_t)(sflt ? -sbits : sbits);
	in->sign = (uint8_t)(dsg | ssg << 1);
	in->sub3 = (uint8_t)round_mode(ai);
	bool to_int = asm_has_mod(ai, "TRUNC") || asm_has_mod(ai, "FLOOR") || asm_has_mod(ai, "CEIL");
	if (v == ISA_V_F2F && (to_int || asm_has_mod(ai, "ROUND")))
		in->sub3 |= EMU_RND_INT; /* round to an integral value */
	if (v == ISA_V_F2I && !to_int)
		in->sub3 = EMU_RND_RN;
	in->width = asm_has_mod(ai, "SAT");
	in->wide = asm_has_mod(ai, "FTZ");
}

void asm_sel_farith(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool wide = wide_imm(c, op);
	in->h = c->desc->var == ISA_V_FMA ? EMU_H_FFMA : c->desc->var == ISA_V_ADD ? EMU_H_FADD : EMU_H_FMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_flt(c, 1);
	in->s[1] = asm_src_any(c, &ai->ops[2], true, wide);
	if (c->desc->var == ISA_V_FMA)
		in->s[2] = sel_src_flt(c, 3);
	in->sub = (uint8_t)round_mode(ai);
	in->sub2 = asm_has_mod(ai, "SAT");
	in->sub3 = asm_has_mod(ai, "FTZ");
}

void sel_fcompare(asm_ctx *c, int h, bool setp, sel_src_fn src)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = sel_cmp_code(ai, true), b = sel_bop_code(ai, 0), k = setp ? 2 : 1;
	sel_need_cmp(c, cmp);
	in->h = (uint8_t)h;
	if (setp) {
		in->d = sel_dst_pred(c, &ai->ops[0]);
		in->d2 = sel_dst_pred(c, &ai->ops[1]);
	} else
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src(c, k);
	in->s[1] = src(c, k + 1);
	in->s[2] = sel_src_pred(&ai->ops[k + 2]);
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
	in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
	in->sub3 = asm_has_mod(ai, "FTZ");
	if (!setp)
		in->sign = asm_has_mod(ai, "BF");
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

void asm_sel_popc(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_POPC;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	if (c->ai->nops > 2)
		in->s[1] = sel_src_int(c, 2);
	else
		in->s[1] = (emu_src){.kind = SRC_IMM, .imm = 0xffffffffu, .and_ = 0xffffffffu};
}

void asm_sel_flo(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_FLO;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->sign = asm_has_mod(c->ai, "S32");
	in->sub = asm_has_mod(c->ai, "SH");
}

/* BFE d, a, pos|len<<8 and BFI d, a, pos|len<<8, base */
void asm_sel_bitfield(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = c->desc->var == ISA_V_EXTRACT ? EMU_H_BFE : EMU_H_BFI;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = sel_src_int(c, 1);
	in->s[1] = sel_src_int(c, 2);
	if (c->desc->var == ISA_V_INSERT)
		in->s[2] = sel_src_int(c, 3);
	in->sign = !asm_has_mod(c->ai, "U32");
	in->sub = asm_has_mod(c->ai, "BREV");
}

/* VOTE.ANY|ALL|EQ d, q, p (d the ballot of p) or VOTE.ANY|ALL|EQ q, p */
void asm_sel_vote(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	int n = asm_has_mod(ai, "ANY") + asm_has_mod(ai, "ALL") + asm_has_mod(ai, "EQ");
	if (n != 1) {
		asm_err(c, ai->loc, "VOTE needs one of .ANY, .ALL and .EQ%s", "", "");
		return;
	}
	bool reg = ai->ops[0].kind == OPND_REG;
	if (reg != (ai->nops == 3)) {
		asm_err(c, ai->loc, reg ? "VOTE with a register destination takes d, q, p%s"
				       : "VOTE with a predicate destination takes q, p%s", "", "");
		return;
	}
	c->in->h = EMU_H_VOTE;
	c->in->d = reg ? asm_dst_reg(c, &ai->ops[0], 1) : EMU_RZ_SINK;
	c->in->d2 = sel_dst_pred(c, &ai->ops[reg]);
	c->in->s[0] = sel_src_pred(&ai->ops[reg + 1]);
	c->in->sub = asm_has_mod(ai, "ALL") ? 1 : asm_has_mod(ai, "EQ") ? 2 : 0;
}

/* NOP and BPT.DRAIN: hints with no effect */
void asm_sel_nop(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	if (c->desc->var == ISA_V_BPT && !asm_has_mod(ai, "DRAIN")) {
		asm_err(c, ai->loc, "BPT without .DRAIN (a debugger trap) is not supported%s", "", "");
		return;
	}
	if (c->desc->var != ISA_V_BPT && ai->nops == 1 && ai->ops[0].kind == OPND_CCTEST &&
	    strcmp(ai->ops[0].name, "T"))
		asm_err(c, ai->ops[0].loc, "NOP with condition CC.%s is not supported (only CC.T)%s", ai->ops[0].name, "");
	c->in->h = EMU_H_NOP;
}

/* BAR.RED.POPC Rd, bar[, p] and BAR.SYNC bar */
void asm_sel_bar(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool red = asm_has_mod(ai, "RED");
	if ((red && !asm_has_mod(ai, "POPC")) || (!red && !asm_has_mod(ai, "SYNC"))) {
		asm_err(c, ai->loc, "BAR is supported as BAR.RED.POPC and BAR.SYNC%s", "", "");
		return;
	}
	in->h = EMU_H_BAR;
	in->sub = red;
	int k = 0;
	if (red) {
		if (ai->nops < 1 || ai->ops[0].kind != OPND_REG) {
			asm_err(c, ai->loc, "BAR.RED.POPC needs a destination register%s", "", "");
			return;
		}
		in->d = asm_dst_reg(c, &ai->ops[k++], 1);
	}
	in->s[0] = (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED) {
		if (ai->ops[k].kind == OPND_IMM && (ai->ops[k].ival < 0 || ai->ops[k].ival > 15)) {
			char id[24];
			snprintf(id, sizeof id, "%lld", (long long)ai->ops[k].ival);
			asm_err(c, ai->ops[k].loc, "barrier %s does not exist (barriers 0-15)%s", id, "");
		}
		in->s[0] = sel_src_int(c, k++);
	}
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED) {
		asm_err(c, ai->ops[k].loc, "a thread count on BAR is not supported%s", "", "");
		return;
	}
	in->s[1] = (emu_src){.kind = SRC_REG, .reg = AST_PT};
	if (k < ai->nops)
		in->s[1] = sel_src_pred(&ai->ops[k]);
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
	in->sub3 = (uint8_t)space_of(c);
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
	in->sub3 = (uint8_t)space_of(c);
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

/* A double operand: a register pair, a constant of 8 bytes, or an immediate giving the
   top 20 bits (or an exact float literal); SRC_IMM keeps the high word (the low is 0). */
emu_src sel_src_dbl(asm_ctx *c, int i)
{
	const ast_opnd *o = &c->ai->ops[i];
	if (o->kind == OPND_REG) {
		asm_reg_ok(c, o, 2);
		asm_note_reg(c, o->reg, 2);
	} else if (o->kind == OPND_CBANK && (o->ival & 7)) {
		asm_err(c, o->loc, "a double constant must be 8-byte aligned%s", "", "");
	} else if (o->kind == OPND_FIMM) {
		uint64_t b;
		memcpy(&b, &o->fval, 8);
		if (b & 0xfffffffffffull)
			asm_err(c, o->loc, "double immediate does not fit the 20-bit field%s", "", "");
		emu_src s = {.kind = SRC_IMM, .imm = (uint32_t)(b >> 32), .and_ = 0xffffffffu};
		if (o->abs)
			s.imm &= 0x7fffffffu;
		if (o->neg)
			s.imm ^= 0x80000000u;
		return s;
	} else if (o->kind == OPND_IMM && (c->gen->imm_values || c->ai->enc_after)) {
		/* CUDA >= 5 layouts print a whole double as an integer (DMUL R10, R2, 3): the high
		   word of that double, not of a single */
		double d = (double)o->ival;
		uint64_t b;
		memcpy(&b, &d, 8);
		return (emu_src){.kind = SRC_IMM, .imm = (uint32_t)(b >> 32), .and_ = 0xffffffffu};
	}
	return asm_src_any(c, o, true, false);
}

/* DADD DMUL DFMA DMNMX on register pairs */
void asm_sel_darith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_DARITH;
	int v = c->desc->var;
	in->sub = v == ISA_V_ADD ? EMU_D_ADD : v == ISA_V_MUL ? EMU_D_MUL : v == ISA_V_FMA ? EMU_D_FMA : EMU_D_MNMX;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	in->s[0] = sel_src_dbl(c, 1);
	in->s[1] = sel_src_dbl(c, 2);
	if (v == ISA_V_FMA)
		in->s[2] = sel_src_dbl(c, 3);
	if (v == ISA_V_MIN)
		in->s[2] = sel_src_pred(&ai->ops[3]);
	in->sub2 = (uint8_t)round_mode(ai);
}

void asm_sel_dsetp(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_DSETP, true, sel_src_dbl);
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
	int t = asm_has_mod(ai, "F32") ? EMU_AT_F32 : asm_has_mod(ai, "S32") ? EMU_AT_S32
		: asm_has_mod(ai, "S64") ? EMU_AT_S64 : (asm_has_mod(ai, "U64") || asm_has_mod(ai, "64")) ? EMU_AT_U64 : EMU_AT_U32;
	bool wide64 = t == EMU_AT_U64 || t == EMU_AT_S64;
	if (o < 0 || (c->desc->var == ISA_V_RED && (o == EMU_ATOM_EXCH || o == EMU_ATOM_CAS)) ||
	    (t == EMU_AT_F32 && o != EMU_ATOM_ADD) || (wide64 && (o == EMU_ATOM_INC || o == EMU_ATOM_DEC))) {
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

/* SHFL.IDX|UP|DOWN|BFLY p, d, a, b, c (PTX shfl): c = segmask << 8 | clamp */
void asm_sel_shfl(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	static const char *const modes[] = {"IDX", "UP", "DOWN", "BFLY"};
	int m = -1;
	for (int i = 0; i < 4; i++)
		if (asm_has_mod(ai, modes[i]))
			m = i;
	if (m < 0) {
		asm_err(c, ai->loc, "SHFL needs .IDX, .UP, .DOWN or .BFLY%s", "", "");
		return;
	}
	in->h = EMU_H_SHFL;
	in->sub = (uint8_t)m;
	in->d2 = sel_dst_pred(c, &ai->ops[0]);
	in->d = asm_dst_reg(c, &ai->ops[1], 1);
	in->s[0] = sel_src_int(c, 2);
	in->s[1] = sel_src_int(c, 3);
	in->s[2] = sel_src_int(c, 4);
}

static void branch_target(asm_ctx *c)
{
	if (c->ai->nops >= 1)
		c->in->target = asm_target_index(c, &c->ai->ops[0], c->addrs);
}

/* SSY PBK PCNT PRET: push a token */
void asm_sel_token(asm_ctx *c, int op)
{
	(void)op;
	int v = c->desc->var;
	c->in->h = v == ISA_V_SSY ? EMU_H_SSY : v == ISA_V_PBK ? EMU_H_PBK : v == ISA_V_PCNT ? EMU_H_PCNT : EMU_H_PRET;
	if (c->ai->has_guard)
		asm_err(c, c->ai->loc, "%s cannot be guarded%s", c->desc->name, "");
	branch_target(c);
}

/* BRK CONT RET EXIT: lanes leave the active mask */
void asm_sel_leave(asm_ctx *c, int op)
{
	(void)op;
	int v = c->desc->var;
	c->in->h = v == ISA_V_BRK ? EMU_H_BRK : v == ISA_V_CONT ? EMU_H_CONT : v == ISA_V_RET ? EMU_H_RET : EMU_H_EXIT;
}

/* CAL/JCAL target. JCAL 0x0 is a call whose target the linker had not resolved when
   cuobjdump printed it: in CUDA code, vprintf (printf's argument buffer is set up before
   it: the format string's address in R4:R5, the arguments' in R6:R7). */
void asm_sel_call(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	if (c->desc->var == ISA_V_JCAL && ai->nops == 1 && ai->ops[0].kind == OPND_IMM && ai->ops[0].ival == 0) {
		c->in->h = EMU_H_PRINTF;
		return;
	}
	c->in->h = EMU_H_CAL;
	branch_target(c);
}

/* BRA [CC.test,] target: a condition-code test is the generation's guard (c->cc_test) */
void asm_sel_bra(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	c->in->h = asm_has_mod(ai, "U") ? EMU_H_BRAU : EMU_H_BRA;
	int k = 0;
	if (ai->nops == 2 && ai->ops[0].kind == OPND_CCTEST) {
		int code = ast_cond_code(ai->ops[0].name);
		if (code < 0)
			asm_err(c, ai->ops[0].loc, "unknown condition-code test 'CC.%s'%s", ai->ops[0].name, "");
		c->cc_test = code;
		k = 1;
	} else if (ai->nops != 1 || ai->ops[0].kind == OPND_CCTEST) {
		asm_err(c, ai->loc, "%s needs a target%s", c->desc->name, "");
		return;
	}
	c->in->target = asm_target_index(c, &ai->ops[k], c->addrs);
}

/* BRX Rn, or BRX c[bank][Rn+off]: a per-lane absolute address */
void asm_sel_brx(asm_ctx *c, int op)
{
	(void)op;
	const ast_opnd *o = &c->ai->ops[0];
	c->in->h = EMU_H_BRX;
	if (o->kind == OPND_REG) {
		c->in->s[0] = sel_src_int(c, 0);
		/* BRX Rn -0x130 (Maxwell): the target is Rn + the next instruction's address + the
		   offset */
		if (o->rel)
			c->in->off = (int32_t)(c->addrs[c->idx] + (c->gen->insn_bytes ? c->gen->insn_bytes : 8) + o->ival);
		return;
	}
	if (o->bank < 0 || o->bank >= EMU_NBANKS) {
		asm_err(c, o->loc, "constant bank out of range%s", "", "");
		return;
	}
	c->in->sub2 = 1;
	c->in->sub = (uint8_t)o->bank;
	asm_mem_operand(c, o, false);
}
