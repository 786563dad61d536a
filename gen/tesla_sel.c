/* Tesla (sm_1x) at assembly time: each opcode of isa/sm10.def onto the shared handlers, with
   the Tesla steps (gen/tesla_run.c) chosen per instruction. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "emu/semantics.h"
#include "gen/tesla.h"
#include "util/xalloc.h"

static tesla_ext *E(asm_ctx *c)
{
	return (tesla_ext *)c->ef->ext + c->idx;
}

/* ---- operands ---- */

/* Integer width of the operation's sources: 16 for .U16/.S16 forms (the last type
   modifier names the source type of a conversion), else 32. */
static int src_bits(const ast_insn *ai, bool *sgn)
{
	int bits = 32;
	*sgn = false;
	for (int i = 0; i < ai->nmods; i++) {
		const char *m = ai->mods[i];
		if ((m[0] == 'U' || m[0] == 'S') && isdigit((unsigned char)m[1])) {
			bits = atoi(m + 1);
			*sgn = m[0] == 'S';
		}
	}
	return bits;
}

static bool reg_fits(asm_ctx *c, const ast_opnd *o)
{
	if (o->reg > 127) {
		char b[24];
		snprintf(b, sizeof b, "R%d", o->reg);
		asm_err(c, o->loc, "register %s does not exist on %s", b, c->target);
		return false;
	}
	return true;
}

/* A source operand of 'bits' (16 or 32; sgn: sign-extend 16-bit values) as the shared
   handlers read it: halves, g [..] and c [b] [k] count in units of the access size. */
static emu_src tsrc_op(asm_ctx *c, const ast_opnd *o, int bits, bool sgn, bool is_float)
{
	emu_src s = {.and_ = 0xffffffffu, .neg = o->neg, .inv = o->inv};
	int width = o->width ? o->width : bits / 8;
	switch (o->kind) {
	case OPND_REG:
		if (o->reg == AST_RZ || o->reg == TESLA_ZERO) {
			s.kind = SRC_IMM;
			break;
		}
		if (!reg_fits(c, o))
			break;
		s.kind = SRC_REG;
		s.reg = (uint16_t)o->reg;
		if (o->half || bits == 16) {
			s.and_ = 0xffffu;
			s.shr = o->half == 2 ? 16 : 0;
			s.sx = sgn ? 16 : 0;
		}
		break;
	case OPND_SMEM:
		s.kind = SRC_SHARED;
		s.reg = o->reg < 0 ? EMU_NO_REG : (uint16_t)(TESLA_AROW + o->reg);
		s.imm = (uint32_t)((uint64_t)o->ival * (uint64_t)width);
		s.bank = (uint8_t)width;
		s.sx = (o->width ? o->wsigned : sgn) && width < 4 ? (uint8_t)(8 * width) : 0;
		if (o->ival < 0 || o->ival >= 0x10000 || o->ival * width >= 0x10000)
			asm_err(c, o->loc, "shared offset out of range%s", "", "");
		break;
	case OPND_CBANK:
		if (o->areg) { /* c [b] [An+k]: loaded per lane into a scratch row, as g [..] is */
			if (o->bank < 0 || o->bank >= EMU_NBANKS || o->ival < 0 || o->ival * width >= EMU_BANK_BYTES) {
				asm_err(c, o->loc, "constant operand out of range%s%s", "", "");
				break;
			}
			s.kind = SRC_SHARED;
			s.reg = (uint16_t)(TESLA_AROW + o->reg);
			s.imm = (uint32_t)(o->ival * width);
			s.bank = (uint8_t)width;
			s.shr = (uint8_t)(1 + o->bank); /* tells tesla_after the bank (cleared there) */
			s.sx = sgn && width < 4 ? (uint8_t)(8 * width) : 0;
			break;
		}
		if (o->reg >= 0 || o->bank < 0 || o->bank >= EMU_NBANKS || o->ival < 0 ||
		    o->ival > EMU_BANK_BYTES || o->ival * width + 4 > EMU_BANK_BYTES) {
			asm_err(c, o->loc, "constant operand out of range or indexed%s", "", "");
			break;
		}
		s.kind = SRC_CONST;
		s.bank = (uint8_t)o->bank;
		s.imm = (uint32_t)(o->ival * width);
		if (width < 4) {
			s.and_ = width == 2 ? 0xffffu : 0xffu;
			s.sx = sgn ? (uint8_t)(8 * width) : 0;
		}
		break;
	case OPND_IMM:
		if (o->ival < -2147483648LL || o->ival > 0xffffffffLL)
			asm_err(c, o->loc, "immediate does not fit in 32 bits%s", "", "");
		s.kind = SRC_IMM;
		s.imm = (uint32_t)o->ival;
		break;
	case OPND_FIMM:
		s.kind = SRC_IMM;
		s.imm = asm_imm_value(c, o, true, true);
		break;
	default:
		asm_err(c, o->loc, "unexpected operand kind here%s", "", "");
		return s;
	}
	asm_src_mods(&s, o, is_float);
	return s;
}

static emu_src tsrc(asm_ctx *c, int k, int bits, bool sgn, bool is_float)
{
	return tsrc_op(c, &c->ai->ops[k], bits, sgn, is_float);
}

/* A source whose '-' / '~' the handler applies itself (IADD's carries, IMAD's addend). */
static emu_src tsrc_raw(asm_ctx *c, int k, int bits, bool sgn)
{
	const ast_opnd *o = &c->ai->ops[k];
	if (o->kind == OPND_IMM)
		return tsrc(c, k, bits, sgn, false);
	ast_opnd plain = *o; /* read without its '-' / '~', which the source then records */
	plain.neg = plain.inv = false;
	emu_src s = tsrc_op(c, &plain, bits, sgn, false);
	s.neg = o->neg;
	s.inv = o->inv;
	return s;
}

/* The destination: a register, a half (the result goes through row TESLA_DROW), g [..],
   o [0x7f] (the sink) or R124 (also the sink). */
static void tdst(asm_ctx *c, const ast_opnd *o, int bits)
{
	emu_insn *in = c->in;
	if (o->kind == OPND_SMEM) {
		int width = o->width ? o->width : bits / 8;
		E(c)->dst = TESLA_TD_SHARED;
		in->d = TESLA_DROW;
		in->areg = o->reg < 0 ? EMU_NO_REG : (uint16_t)(TESLA_AROW + o->reg);
		if (o->ival < 0 || o->ival >= 0x10000 || o->ival * width >= 0x10000)
			asm_err(c, o->loc, "shared offset out of range%s", "", "");
		in->off = (int32_t)((uint64_t)o->ival * (uint64_t)width);
		in->width = (uint8_t)width;
		return;
	}
	if (o->kind != OPND_REG) {
		asm_err(c, o->loc, "destination must be a register or g [..]%s", "", "");
		return;
	}
	if (o->reg == AST_RZ || o->reg == TESLA_ZERO) {
		in->d = EMU_RZ_SINK;
		return;
	}
	if (!reg_fits(c, o))
		return;
	asm_note_reg(c, o->reg, 1);
	if (o->half) {
		E(c)->dst = o->half == 2 ? TESLA_TD_HI : TESLA_TD_LO;
		in->d = TESLA_DROW;
		in->d2 = (uint16_t)o->reg;
	} else
		in->d = (uint16_t)o->reg;
}

static uint16_t areg_row(asm_ctx *c, const ast_opnd *o)
{
	if (o->kind != OPND_AREG) {
		asm_err(c, o->loc, "expected an address register A1-A7%s", "", "");
		return TESLA_AROW;
	}
	return (uint16_t)(TESLA_AROW + o->reg);
}

/* ---- selectors ---- */

static void t_mov(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	bool sgn;
	int bits = src_bits(ai, &sgn);
	c->in->h = EMU_H_MOV;
	tdst(c, &ai->ops[0], bits);
	c->in->s[0] = tsrc(c, 1, bits, sgn, ai->ops[1].kind == OPND_FIMM);
	E(c)->flt = c->desc->var == ISA_V_RRO;
}

static void t_s2r(asm_ctx *c)
{
	const ast_opnd *o = &c->ai->ops[1];
	int sr = !strcmp(o->name, "SR1") ? SR_CLOCKLO : asm_sreg_code(o->name);
	if (sr < 0 || !strcmp(o->name, "SR0"))
		asm_err(c, o->loc, "unsupported special register '%s' for %s", o->name, c->target);
	c->in->h = EMU_H_S2R;
	tdst(c, &c->ai->ops[0], 32);
	c->in->sub = (uint8_t)(sr < 0 ? 0 : sr);
}

/* R2A An, Rb, s (An = Rb << s); A2R Rd, An; ADA An, Am, imm (An = Am + imm) */
static void t_areg(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (c->desc->var == ISA_V_A2R) {
		in->h = EMU_H_MOV;
		tdst(c, &ai->ops[0], 32);
		in->s[0] = (emu_src){.kind = SRC_REG, .reg = areg_row(c, &ai->ops[1]), .and_ = 0xffffffffu};
		return;
	}
	in->d = areg_row(c, &ai->ops[0]);
	if (c->desc->var == ISA_V_R2A) {
		in->h = EMU_H_SHL;
		in->s[0] = tsrc(c, 1, 32, false, false);
		in->s[1] = (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu,
				     .imm = ai->nops > 2 ? (uint32_t)ai->ops[2].ival & 31 : 0};
		return;
	}
	in->h = EMU_H_IADD;
	in->s[0] = (emu_src){.kind = SRC_REG, .reg = areg_row(c, &ai->ops[1]), .and_ = 0xffffffffu};
	in->s[1] = tsrc(c, 2, 32, false, false);
}

static void t_iadd(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool sgn;
	int bits = src_bits(ai, &sgn);
	in->h = EMU_H_IADD;
	tdst(c, &ai->ops[0], bits);
	in->s[0] = tsrc_raw(c, 1, bits, sgn);
	in->s[1] = tsrc_raw(c, 2, bits, sgn);
	in->sub = asm_has_mod(ai, "SAT");
	E(c)->ccsrc = 1;
	if (in->s[0].neg && in->s[1].neg)
		asm_err(c, ai->loc, "both operands negated%s", "", "");
}

/* IMUL/IMAD .U16/.S16 (16x16 -> 32) and .U24/.S24 (low 32 bits of 24x24) */
static void t_imul(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool mad = c->desc->var == ISA_V_MAD;
	int types = 0, mbits = 16;
	bool sa = false, sb = false;
	for (int i = 0; i < ai->nmods; i++) {
		const char *m = ai->mods[i];
		if ((m[0] == 'U' || m[0] == 'S') && isdigit((unsigned char)m[1])) {
			mbits = atoi(m + 1);
			if (types == 0)
				sa = sb = m[0] == 'S';
			else
				sb = m[0] == 'S';
			types++;
		}
	}
	if (asm_has_mod(ai, "HI") || (mbits != 16 && mbits != 24))
		asm_err(c, ai->loc, "unsupported multiply form on %s (16x16 and 24x24 low are supported)%s",
			c->target, "");
	in->h = mad ? EMU_H_IMAD : EMU_H_IMUL;
	tdst(c, &ai->ops[0], 32);
	/* cuobjdump prints the carry-in form a*b+c+carry as "d (Cn), -a, b, c" */
	bool cin = mad && ai->has_tguard && ai->tcond < 0;
	ast_opnd a = ai->ops[1]; /* the carry-in form's '-' is not a negation */
	if (cin)
		a.neg = false;
	in->s[0] = tsrc_op(c, &a, 16, sa, false);
	in->s[1] = tsrc(c, 2, 16, sb, false);
	for (int k = 0; k < 2; k++) {
		emu_src *s = &in->s[k];
		if (mbits == 24 && s->kind != SRC_IMM) {
			s->and_ = 0xffffffu;
			s->sx = (k ? sb : sa) ? 24 : 0;
		} else if (s->kind == SRC_IMM && ai->ops[1 + k].kind == OPND_IMM)
			s->imm = mbits == 24 ? s->imm & 0xffffffu : s->imm & 0xffffu;
	}
	in->sub = sa;
	in->sub2 = sb;
	if (mad)
		in->s[2] = tsrc_raw(c, 3, 32, false);
	E(c)->ccsrc = 1;
	if (cin) {
		/* the encoding's condition-register field names the register holding the carry
		   (the printed number does not: sm_10_kernel_swap_v2 prints C3 for C2) */
		E(c)->cin = (uint8_t)(1 + ast_carry_reg(ai));
		in->x_in = 1;
	}
}

static void t_minmax(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool fl = c->desc->var == ISA_V_FMIN || c->desc->var == ISA_V_FMAX, sgn;
	int bits = src_bits(ai, &sgn);
	in->h = fl ? EMU_H_FMNMX : EMU_H_IMNMX;
	tdst(c, &ai->ops[0], bits);
	in->s[0] = tsrc(c, 1, bits, sgn, fl);
	in->s[1] = tsrc(c, 2, bits, sgn, fl);
	in->s[2] = (emu_src){.kind = SRC_REG, .reg = EMU_PT, .inv = c->desc->var == ISA_V_MAX || c->desc->var == ISA_V_FMAX};
	in->sign = sgn;
	E(c)->flt = fl;
}

static void t_shift(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool sgn;
	int bits = src_bits(ai, &sgn);
	in->h = c->desc->var == ISA_V_LEFT ? EMU_H_SHL : EMU_H_SHR;
	tdst(c, &ai->ops[0], bits);
	in->s[0] = tsrc(c, 1, bits, sgn, false);
	in->s[1] = tsrc(c, 2, 32, false, false);
	in->sub = asm_has_mod(ai, "W");
	in->sign = sgn; /* Tesla's SHR is logical unless the type is signed */
}

static void t_lop(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool sgn;
	int bits = src_bits(ai, &sgn);
	in->h = EMU_H_LOP;
	tdst(c, &ai->ops[0], bits);
	in->s[0] = tsrc(c, 1, bits, false, false);
	in->s[1] = tsrc(c, 2, bits, false, false);
	int b = asm_has_mod(ai, "AND") ? EMU_LOP_AND : asm_has_mod(ai, "OR") ? EMU_LOP_OR
		: asm_has_mod(ai, "XOR") ? EMU_LOP_XOR : asm_has_mod(ai, "PASS_B") ? EMU_LOP_PASS_B : -1;
	if (b < 0)
		asm_err(c, ai->loc, "%s needs .AND, .OR, .XOR or .PASS_B%s", c->desc->name, "");
	in->sub = (uint8_t)(b < 0 ? 0 : b);
}

/* ISET / FSET d, a, b, CMP: the comparison is the last operand */
static void t_iset(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool fl = c->desc->var == ISA_V_FSET, sgn;
	int bits = src_bits(ai, &sgn);
	static const char *const names[] = {"F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN",
					    "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"};
	const ast_opnd *co = &ai->ops[3];
	int cmp = -1;
	for (int k = 0; k < 16 && co->kind == OPND_LABEL; k++)
		if (!strcmp(co->name, names[k]) && (fl || k <= 6 || k == 15))
			cmp = k == 15 && !fl ? 7 : k;
	if (cmp < 0)
		asm_err(c, co->loc, "%s needs a comparison (LT EQ LE GT NE GE%s) as its last operand", c->desc->name,
			fl ? " or an unordered form" : "");
	in->h = EMU_H_ISET;
	tdst(c, &ai->ops[0], 32);
	in->s[0] = tsrc(c, 1, bits, sgn, fl);
	in->s[1] = tsrc(c, 2, bits, sgn, fl);
	in->s[2] = (emu_src){.kind = SRC_REG, .reg = EMU_PT};
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
	in->sub2 = EMU_BOP_AND;
	in->sign = sgn;
	in->wide = fl; /* float comparison */
}

static void t_cvt(asm_ctx *c, int op)
{
	/* the Fermi selector sees plain registers; the Tesla operands are bound after it */
	ast_insn tmp = *c->ai;
	ast_opnd ops[AST_MAXOPS] = {0}; /* a copy: the parse tree's operands stay as they are */
	memcpy(ops, c->ai->ops, sizeof *ops * c->ai->nops);
	tmp.ops = ops;
	tmp.ops[0] = (ast_opnd){.kind = OPND_REG, .reg = 0, .loc = c->ai->ops[0].loc};
	tmp.ops[1] = (ast_opnd){.kind = OPND_REG, .reg = 0, .loc = c->ai->ops[1].loc};
	const ast_insn *ai = c->ai;
	c->ai = &tmp;
	asm_sel_cvt(c, op); /* the row's variant names the conversion */
	c->ai = ai;
	emu_insn *in = c->in;
	int sbits = in->sub2;
	bool sflt = c->desc->var == ISA_V_F2I || c->desc->var == ISA_V_F2F;
	in->d = EMU_RZ_SINK;
	tdst(c, &ai->ops[0], 32);
	in->s[0] = tsrc(c, 1, sflt ? 32 : sbits, (in->sign >> 1) & 1, sflt);
	if (sbits == 64 && in->s[0].kind != SRC_REG)
		asm_err(c, ai->ops[1].loc, "a 64-bit source must be a register pair%s", "", "");
	E(c)->flt = c->desc->var == ISA_V_I2F || c->desc->var == ISA_V_F2F;
}

static void t_farith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool mad = c->desc->var == ISA_V_FMA;
	bool add = c->desc->var == ISA_V_ADD;
	in->h = mad ? EMU_H_FFMA : add ? EMU_H_FADD : EMU_H_FMUL;
	tdst(c, &ai->ops[0], 32);
	in->s[0] = tsrc(c, 1, 32, false, true);
	in->s[1] = tsrc(c, 2, 32, false, true);
	if (mad) {
		in->s[2] = tsrc(c, 3, 32, false, true);
		in->sub = EMU_RND_RZ | EMU_RND_INT; /* MAD: the product truncated, then added (RN) */
	} else
		in->sub = (uint8_t)(asm_has_mod(ai, "RZ") || asm_has_mod(ai, "TRUNC") ? EMU_RND_RZ : EMU_RND_RN);
	in->sub2 = asm_has_mod(ai, "SAT");
	in->sub3 = 1; /* sm_1x flushes single-precision denormals */
	E(c)->flt = 1;
}

static void t_mufu(asm_ctx *c, int op)
{
	(void)op;
	int v = c->desc->var;
	int f = v == ISA_V_RCP ? EMU_MUFU_RCP : v == ISA_V_RSQ ? EMU_MUFU_RSQ : v == ISA_V_LG2 ? EMU_MUFU_LG2
		: v == ISA_V_EX2 ? EMU_MUFU_EX2 : v == ISA_V_SIN ? EMU_MUFU_SIN : EMU_MUFU_COS;
	c->in->h = EMU_H_MUFU;
	tdst(c, &c->ai->ops[0], 32);
	c->in->s[0] = tsrc(c, 1, 32, false, true);
	c->in->sub = (uint8_t)f;
	E(c)->flt = 1;
}

/* GLD d, global14 [Rn]; GST global14 [Rn], a */
static void t_mem(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool st = c->desc->shape[0] == 'm', sgn; /* GST global14 [Rn], a */
	int bits = src_bits(ai, &sgn);
	if (bits != 8 && bits != 16 && bits != 32 && bits != 64 && bits != 128) {
		asm_err(c, ai->loc, "unsupported access width%s%s", "", "");
		return;
	}
	const ast_opnd *m = &ai->ops[st ? 0 : 1], *r = &ai->ops[st ? 1 : 0];
	int nreg = bits > 32 ? bits / 32 : 1;
	in->h = st ? EMU_H_ST : EMU_H_LD;
	in->sub3 = EMU_SP_GLOBAL;
	in->width = (uint8_t)(bits / 8);
	in->sign = sgn;
	asm_mem_operand(c, m, false);
	if (r->kind != OPND_REG || r->half) {
		asm_err(c, r->loc, "the data operand must be a register%s", "", "");
		return;
	}
	if (!asm_reg_ok(c, r, nreg))
		return;
	if (r->reg == TESLA_ZERO || r->reg == AST_RZ)
		in->d = st ? EMU_NO_REG : EMU_RZ_SINK;
	else {
		asm_note_reg(c, r->reg, nreg);
		in->d = (uint16_t)r->reg;
	}
}

/* BRA [Cn.COND,] t; CAL [Cn.COND,] t; RET [Cn.COND]; BRK [Cn.COND] */
static void t_control(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int k = 0;
	if (ai->nops > 0 && ai->ops[0].kind == OPND_CCREG) {
		E(c)->guard = (uint8_t)(1 + ai->ops[0].reg);
		E(c)->truth = ai->ops[0].bank >= 0 ? ast_cond_truth[ai->ops[0].bank] : 0;
		k = 1;
	}
	int v = c->desc->var;
	bool wants_target = v == ISA_V_BRA || v == ISA_V_CAL || v == ISA_V_SSY || v == ISA_V_PBK;
	if (wants_target && ai->nops != k + 1) {
		asm_err(c, ai->loc, "%s needs a target%s", c->desc->name, "");
		return;
	}
	if (!wants_target && ai->nops != k) {
		asm_err(c, ai->loc, "%s takes only a condition%s", c->desc->name, "");
		return;
	}
	if (wants_target)
		in->target = asm_target_index(c, &ai->ops[k], c->addrs);
	switch (v) {
	case ISA_V_BRA: in->h = EMU_H_BRA; break;
	case ISA_V_CAL: in->h = EMU_H_CAL; break;
	case ISA_V_RET: in->h = EMU_H_RET; break;
	case ISA_V_BRK: in->h = EMU_H_BRK; break;
	case ISA_V_PBK: in->h = EMU_H_PBK; break;
	default: in->h = EMU_H_SSY; break;
	}
	if ((v == ISA_V_SSY || v == ISA_V_PBK) && (E(c)->guard || ai->has_tguard))
		asm_err(c, ai->loc, "%s cannot be guarded%s", c->desc->name, "");
}

static void t_bar(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_BAR;
	int id = 0;
	if (ai->nops >= 1) {
		const char *n = ai->ops[0].kind == OPND_LABEL ? ai->ops[0].name : "";
		if (n[0] != 'b' || !isdigit((unsigned char)n[1]))
			asm_err(c, ai->ops[0].loc, "expected a barrier b0-b15%s", "", "");
		else
			id = atoi(n + 1);
	}
	in->s[0] = (emu_src){.kind = SRC_IMM, .imm = (uint32_t)id, .and_ = 0xffffffffu};
	in->s[1] = (emu_src){.kind = SRC_REG, .reg = EMU_PT};
}

/* The flags of the second encoding word (CUDA <= 4.2 prints the first word first; the
   newer layout prints the 64-bit value with the words swapped): low bits 01 end the
   program, 10 join, 11 mark a long immediate. A 32-bit encoding carries none. */
static int enc_flow(const ast_insn *ai)
{
	if (!ai->has_enc || !(ai->enc >> 32))
		return 0;
	uint32_t w2 = ai->enc_after ? (uint32_t)(ai->enc >> 32) : (uint32_t)ai->enc;
	return (int)(w2 & 3);
}

/* The selectors named by sm10.def's selector column (all take the opcode). */
static void tsel_mov(asm_ctx *c, int op) { t_mov(c, op); }
static void tsel_s2r(asm_ctx *c, int op) { (void)op; t_s2r(c); }
static void tsel_areg(asm_ctx *c, int op) { t_areg(c, op); }
static void tsel_iadd(asm_ctx *c, int op) { (void)op; t_iadd(c); }
static void tsel_imul(asm_ctx *c, int op) { t_imul(c, op); }
static void tsel_minmax(asm_ctx *c, int op) { t_minmax(c, op); }
static void tsel_shift(asm_ctx *c, int op) { t_shift(c, op); }
static void tsel_lop(asm_ctx *c, int op) { (void)op; t_lop(c); }
static void tsel_iset(asm_ctx *c, int op) { t_iset(c, op); }
static void tsel_cvt(asm_ctx *c, int op) { t_cvt(c, op); }
static void tsel_farith(asm_ctx *c, int op) { t_farith(c, op); }
static void tsel_mufu(asm_ctx *c, int op) { t_mufu(c, op); }
static void tsel_load(asm_ctx *c, int op) { t_mem(c, op); }
static void tsel_store(asm_ctx *c, int op) { t_mem(c, op); }
static void tsel_nop(asm_ctx *c, int op) { (void)op; c->in->h = EMU_H_NOP; }
static void tsel_token(asm_ctx *c, int op) { t_control(c, op); }
static void tsel_leave(asm_ctx *c, int op) { t_control(c, op); }
static void tsel_call(asm_ctx *c, int op) { t_control(c, op); }
static void tsel_bra(asm_ctx *c, int op) { t_control(c, op); }
static void tsel_bar(asm_ctx *c, int op) { (void)op; t_bar(c); }

/* sm_13's doubles are plain register pairs: the Fermi selector of the same opcode */
static void tsel_darith(asm_ctx *c, int op)
{
	asm_sel_darith(c, op); /* the row's variant names the operation */
}

static const asm_selector tesla_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) tsel_##sel,
#include "isa/sm10.tab"
#undef OP
};

static void tesla_begin(asm_ctx *c)
{
	c->ef->ext = xcalloc((size_t)(c->ef->n ? c->ef->n : 1), sizeof(tesla_ext));
}

/* The Tesla parts of one instruction: guard, condition-register write, g [..] sources
   (read into scratch rows by the pre step), the join and end flags; then its steps. */
static void tesla_after(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	tesla_ext *e = E(c);
	if (ai->has_tguard && !e->cin) {
		if (ai->tcond < 0)
			asm_err(c, ai->loc, "a bare (Cn) is only the carry-in of IMAD; a guard needs a "
				"condition, e.g. (C0.NE)%s", "", "");
		e->guard = (uint8_t)(1 + ai->tcreg);
		e->truth = ai->tcond >= 0 ? ast_cond_truth[ai->tcond] : 0;
	}
	for (int i = 0; i < ai->nmods; i++) {
		const char *m = ai->mods[i];
		if (m[0] == 'C' && m[1] >= '0' && m[1] <= '3' && !m[2])
			e->cw = (uint8_t)(1 + m[1] - '0');
	}
	bool no_result = c->desc->cls == ISA_CLASS_CONTROL || c->desc->cls == ISA_CLASS_SYNC ||
			 in->h == EMU_H_NOP || in->h == EMU_H_ST;
	if (e->cw && no_result) {
		asm_err(c, ai->loc, "%s has no result to set a condition register from%s", c->desc->name, "");
		e->cw = 0;
	}
	if (!e->ccsrc || !e->cw)
		e->ccsrc = 0;
	else
		in->cc_out = 1;
	for (int k = 0; k < 4; k++) {
		emu_src *s = &in->s[k];
		if (s->kind != SRC_SHARED)
			continue;
		/* the pre step loads g [..] into row TESLA_SROW + k; the handler reads that row */
		e->shs |= (uint8_t)(1u << k);
		e->sh[k].areg = s->reg;
		e->sh[k].off = s->imm;
		e->sh[k].width = s->bank;
		e->sh[k].cbank = s->shr; /* c [b] [An+k]: 1 + b */
		s->shr = 0;
		s->kind = SRC_REG;
		s->reg = (uint16_t)(TESLA_SROW + k);
		s->imm = 0;
		s->bank = 0;
	}
	e->join = in->sflag;
	in->sflag = 0; /* Tesla's .S joins before the instruction; it never pops after it */
	e->end = enc_flow(ai) == 1;
	in->steps = (uint8_t)((e->join ? EMU_STEP_FETCH : 0) | (e->guard ? EMU_STEP_GUARD : 0) |
			      (e->shs || e->cin ? EMU_STEP_PRE : 0) | (e->cw || e->dst || e->end ? EMU_STEP_POST : 0));
}

static void tesla_finish(asm_ctx *c)
{
	/* the address registers and scratch rows sit above R0-R127 */
	c->maxreg = TESLA_NREGS - 1;
}

const gen_desc gen_tesla = {
	.name = "tesla",
	.dialect = ISA_DIALECT_SM10,
	.max_reg = 127,
	.begin = tesla_begin,
	.selectors = tesla_selectors,
	.after = tesla_after,
	.finish = tesla_finish,
	.rt = &tesla_rt,
};
