/* Selectors of the integer family (emu/ops_int.h): moves, adds, multiplies and
   multiply-adds (with the condition code or with predicate carries), XMAD, IADD3, LEA,
   compares, min/max, bit counts and fields, absolute values. */
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

void asm_sel_mov(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->s[0] = asm_src_any(c, &ai->ops[1], ai->ops[1].kind == OPND_FIMM, sel_wide_imm(c, op));
}

void asm_sel_iadd(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_IADD;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = sel_src_raw(c, 1);
	in->s[1] = sel_wide_imm(c, op) ? asm_src_any(c, &ai->ops[2], false, true) : sel_src_raw(c, 2);
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
	in->s[1] = sel_wide_imm(c, op) ? asm_src_any(c, &ai->ops[2], false, true) : sel_src_int(c, 2);
	if (c->desc->var == ISA_V_MAD)
		in->s[2] = sel_src_raw(c, 3);
	int bits[4], sg[4];
	int nt = sel_int_types(ai, bits, sg, 4);
	in->sub = nt >= 1 ? (uint8_t)sg[0] : 1;        /* a signed (the default) */
	in->sub2 = nt >= 2 ? (uint8_t)sg[1] : in->sub; /* b signed */
	in->hi = asm_has_mod(ai, "HI");
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
	in->s[1] = sel_wide_imm(c, op) ? asm_src_any(c, &c->ai->ops[2], false, true) : sel_src_int(c, 2);
	in->sub = (uint8_t)(c->ai->ops[3].ival & 31);
	in->cc_out |= asm_has_mod(c->ai, "CC");
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
	in->bop = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
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
	f |= sel_high_half(&ai->ops[1]) ? EMU_XMAD_AH : 0;
	f |= sel_high_half(&ai->ops[2]) ? EMU_XMAD_BH : 0;
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

/* IMAD[.MOV|.SHL|.IADD|.U32] d, [P,] a, b, c[, Pin]; .WIDE: the pair a*b + the pair
   {c+1:c}; .HI: that sum's high word (ptxas's 128-bit products in div64 on sm_72+ carry
   through it: IMAD.HI.U32 R12, P1, R11, R15, R12 adds R11*R15 to {R13:R12}); .X: plus the
   carry-in predicate */
void asm_sel_imad_p(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	uint16_t unused;
	int k = 1 + sel_carry_outs(c, 1, &in->d2, &unused);
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
	int nin = sel_carry_ins(c, k + 3, 1, &in->sub3, &unused2);
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
void asm_sel_iadd3_p(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->sub2 = EMU_PT_SINK;
	uint16_t q = EMU_PT_SINK;
	int k = 1 + sel_carry_outs(c, 2, &in->d2, &q);
	in->sub2 = (uint8_t)q;
	if (ai->nops - k < 3) {
		asm_err(c, ai->loc, "%s takes Rd, [P, [Q,]] Ra, Rb, Rc[, Pcarry, Qcarry]%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_IADD3_P;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 0; i < 3; i++) {
		if (sel_is_pred(ai, k + i)) {
			asm_err(c, ai->ops[k + i].loc, "%s: expected a source register or value%s", c->desc->name, "");
			return;
		}
		in->s[i] = sel_src_raw(c, k + i);
	}
	int nin = sel_carry_ins(c, k + 3, 2, &in->sub, &in->sub3);
	if ((nin > 0) != asm_has_mod(ai, "X"))
		asm_err(c, ai->loc, "%s: .X takes carry-in predicates last, and only .X does%s", c->desc->name, "");
}

/* LEA d, [P,] a, b, s; LEA.HI[.X] d, [P,] a, b, c, s[, Pin]; LEA.HI.X.SX32 d, a, b, s, Pin */
void asm_sel_lea_p(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	uint16_t unused;
	bool hi = asm_has_mod(ai, "HI"), sx = asm_has_mod(ai, "SX32"), x = asm_has_mod(ai, "X");
	int k = 1 + sel_carry_outs(c, 1, &in->d2, &unused);
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
		sel_carry_ins(c, j, 1, &in->sub3, &unused2);
}

/* SGXT[.U32][.W] d, a, bits */
void asm_sel_sgxt(asm_ctx *c, int op)
{
	(void)op;
	sel_two_src(c, EMU_H_SGXT);
	c->in->sign = !asm_has_mod(c->ai, "U32");
	c->in->sub = asm_has_mod(c->ai, "W");
}

/* BMSK[.W] d, pos, len */
void asm_sel_bmsk(asm_ctx *c, int op)
{
	(void)op;
	sel_two_src(c, EMU_H_BMSK);
	c->in->sub = asm_has_mod(c->ai, "W");
}

/* IABS d, a: MOV of |a| */
void asm_sel_iabs(asm_ctx *c, int op)
{
	(void)op;
	ast_opnd o = c->ai->ops[1];
	o.abs = true;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = asm_src_any(c, &o, false, false);
}

static void isetp64(asm_ctx *c, int cmp, int b);

/* ISETP.cmp[.U32].bop[.EX] p, q, a, b, c[, lo]; .U64/.S64 (sm_120): isetp64 */
void asm_sel_isetp_p(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = sel_cmp_code(ai, false), b = sel_bop_code(ai, 0);
	sel_need_cmp(c, cmp);
	if (asm_has_mod(ai, "U64") || asm_has_mod(ai, "S64")) { /* sm_120's pair compare */
		isetp64(c, cmp, b);
		return;
	}
	bool ex = asm_has_mod(ai, "EX");
	/* CUDA 9's cuobjdump prints the carry-in field of every ISETP, `!PT` (none) where the
	   compare is not .EX: `ISETP.GE.AND P0, PT, R4, c[0x0][0x170], PT, !PT` is the 5-operand
	   compare. Any other sixth operand without .EX would carry in: refused. */
	bool nocarry = !ex && ai->nops == 6 && sel_is_pred(ai, 5) && ai->ops[5].reg == AST_PT && ai->ops[5].inv;
	if ((ex != (ai->nops == 6) && !nocarry) || !sel_is_pred(ai, 4) || (ex && !sel_is_pred(ai, 5))) {
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
	in->bop = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
}

/* MOV d, a[, lanemask]; UMOV d, a. A lane writes when bit (laneid & 3) of the mask is set (as
   envytools documents the field since Tesla; ptxas prints 0xf, every lane) */
void asm_sel_mov_mask(asm_ctx *c, int op)
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

/* VIMNMX[.U32] d, [P, Q,] a, b, p (sm_90+): IMNMX. What the two leading predicate results
   hold is not documented; ptxas writes PT there, and any other is refused. */
void asm_sel_imnmx_pq(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	int k = 1;
	while (k < 3 && k < ai->nops && ai->ops[k].kind == OPND_PRED) {
		if (ai->ops[k].reg != AST_PT || ai->ops[k].inv) {
			asm_err(c, ai->ops[k].loc, "%s: a predicate result other than PT is not supported (what it "
				"holds is not documented)%s", c->desc->name, "");
			return;
		}
		k++;
	}
	if (k == 2 || ai->nops - k != 3) {
		asm_err(c, ai->loc, "%s takes d, [PT, PT,] a, b, p%s", c->desc->name, "");
		return;
	}
	ast_opnd ops[4] = {ai->ops[0], ai->ops[k], ai->ops[k + 1], ai->ops[k + 2]};
	ast_insn t = *ai; /* IMNMX's operands (the parse tree's stay as they are) */
	t.ops = ops;
	t.nops = 4;
	c->ai = &t;
	asm_sel_choose(c, op);
	c->ai = ai;
}

/* an integer source read raw (its '-' left to the body), a 32-bit immediate whole */
static emu_src src_raw32(asm_ctx *c, int i, int op)
{
	const ast_opnd *o = &c->ai->ops[i];
	return o->kind == OPND_IMM && sel_wide_imm(c, op) ? asm_src_any(c, o, false, true) : sel_src_raw(c, i);
}

/* VIADDMNMX[.U32] d, a, b, c, p (sm_90+): d = p ? min(a + b, c) : max(a + b, c) */
void asm_sel_iaddmnmx(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_IADDMNMX;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src_raw32(c, 1, op);
	in->s[1] = src_raw32(c, 2, op);
	in->s[2] = sel_wide_imm(c, op) ? asm_src_any(c, &ai->ops[3], false, true) : sel_src_int(c, 3);
	in->s[3] = sel_src_pred(&ai->ops[4]);
	in->sign = !asm_has_mod(ai, "U32");
	if (in->s[0].neg && in->s[1].neg)
		asm_err(c, ai->loc, "both operands of the sum negated%s", "", "");
}

/* ---- sm_120's 64-bit register-pair forms (isa/sm100.def): IADD.64, SEL.64, MOV.64 / UMOV.64
   and ISETP .U64/.S64. Each 64-bit operand is two sources, its low and high words. ---- */

/* operand i as a 64-bit pair into lo and hi: a register is {Rn+1:Rn} (URn likewise), RZ
   zero, a constant the 8-byte word at its offset, a literal the 64-bit value printed (ptxas
   prints all ones as -0x1, so a 32-bit literal is sign-extended; one of 2^31 .. 2^32-1 is
   refused, as no listing shows how its field is read, and only MOV.64 takes a wider one).
   '-' is kept on lo for the handler; '~' and '|x|' are refused. */
static bool pair_src(asm_ctx *c, int i, bool wide_lit, emu_src *lo, emu_src *hi)
{
	const ast_opnd *o = &c->ai->ops[i];
	if (o->inv || o->abs) {
		asm_err(c, o->loc, "%s: '~' and '|x|' are not supported on a 64-bit operand%s", c->desc->name, "");
		return false;
	}
	if (o->kind == OPND_IMM) {
		int64_t v = o->ival;
		if (!wide_lit && (o->big || v < INT32_MIN || v > INT32_MAX)) {
			asm_err(c, o->loc, "%s: a literal of a 64-bit operation must lie in -2^31 .. 2^31-1 (how a "
				"wider one is encoded is not known)%s", c->desc->name, "");
			return false;
		}
		ast_opnd t = *o;
		t.big = false;
		t.neg = false;
		t.ival = (int32_t)(uint32_t)(uint64_t)v;
		*lo = asm_src_any(c, &t, false, true);
		t.ival = (int32_t)(uint32_t)((uint64_t)v >> 32);
		*hi = asm_src_any(c, &t, false, true);
		lo->neg = o->neg;
		return true;
	}
	if (o->kind != OPND_REG && o->kind != OPND_CBANK) {
		asm_err(c, o->loc, "%s: expected a register pair, a constant or a literal%s", c->desc->name, "");
		return false;
	}
	*lo = sel_src_raw(c, i);
	*hi = *lo;
	if (o->kind == OPND_REG && o->reg != AST_RZ) {
		asm_reg_ok(c, o, o->uniform ? 1 : 2);
		asm_note_reg(c, o->reg, 2);
		hi->reg = (uint16_t)(o->reg + 1);
	} else if (o->kind == OPND_CBANK) {
		if (o->ival & 7 || o->ival + 8 > EMU_BANK_BYTES)
			asm_err(c, o->loc, "a 64-bit constant must be 8-byte aligned%s", "", "");
		hi->imm += 4;
	}
	return true;
}

/* IADD.64 d, a, b: the pair d = a + b (a '-' negates a 64-bit source) */
void asm_sel_iadd64(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (!asm_has_mod(ai, "64") || ai->nops != 3) {
		asm_err(c, ai->loc, "%s: only IADD.64 Rd, Ra, Rb is known (sm_120)%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_IADD64;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	if (pair_src(c, 1, false, &in->s[0], &in->s[1]) && pair_src(c, 2, false, &in->s[2], &in->s[3]) &&
	    in->s[0].neg && in->s[2].neg)
		asm_err(c, ai->loc, "both operands of the sum negated%s", "", "");
}

/* SEL.64 d, a, b, p: the pair d = p ? a : b; SEL without .64 is sm_70's */
void asm_sel_sel64(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (!asm_has_mod(ai, "64")) {
		asm_sel_choose(c, op);
		return;
	}
	if (ai->nops != 4 || !sel_is_pred(ai, 3)) {
		asm_err(c, ai->loc, "%s.64 takes Rd, Ra, Rb, Pp%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_SEL64;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	if (!pair_src(c, 1, false, &in->s[0], &in->s[1]) || !pair_src(c, 2, false, &in->s[2], &in->s[3]))
		return;
	if (in->s[0].neg || in->s[2].neg)
		asm_err(c, ai->loc, "%s.64: a '-' on a source is not supported%s", c->desc->name, "");
	emu_src p = sel_src_pred(&ai->ops[3]);
	in->sub = (uint8_t)p.reg;
	in->sub2 = p.inv;
}

/* MOV.64 / UMOV.64 d, a: the pair d = a (a literal may be any 64-bit value); without .64
   sm_70's MOV / UMOV */
void asm_sel_mov64(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (!asm_has_mod(ai, "64")) {
		asm_sel_mov_mask(c, op);
		return;
	}
	if (ai->nops != 2) {
		asm_err(c, ai->loc, "%s.64 takes Rd, Ra%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_MOV64;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	if (pair_src(c, 1, true, &in->s[0], &in->s[1]) && in->s[0].neg)
		asm_err(c, ai->loc, "%s.64: a '-' on the source is not supported%s", c->desc->name, "");
}

/* ISETP.cmp.U64|.S64.bop p, q, a, b, c: the pairs compared; the predicate c in sub3 (its
   register) and wide (its '!') */
static void isetp64(asm_ctx *c, int cmp, int b)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (ai->nops != 5 || !sel_is_pred(ai, 4) || asm_has_mod(ai, "EX")) {
		asm_err(c, ai->loc, "%s.U64/.S64 takes P, Q, Ra, Rb, Pc (no .EX)%s", c->desc->name, "");
		return;
	}
	in->h = EMU_H_ISETP64;
	in->d = sel_dst_pred(c, &ai->ops[0]);
	in->d2 = sel_dst_pred(c, &ai->ops[1]);
	if (!pair_src(c, 2, false, &in->s[0], &in->s[1]) || !pair_src(c, 3, false, &in->s[2], &in->s[3]))
		return;
	if (in->s[0].neg || in->s[2].neg)
		asm_err(c, ai->loc, "%s.U64/.S64: a '-' on a source is not supported%s", c->desc->name, "");
	emu_src p = sel_src_pred(&ai->ops[4]);
	in->sub3 = (uint8_t)p.reg;
	in->wide = p.inv;
	in->sign = asm_has_mod(ai, "S64");
	in->sub = (uint8_t)(cmp < 0 ? EMU_CMP_EQ : cmp);
	in->bop = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
}
