/* The selectors' shared operand vocabulary: destination and source operands (integer, float,
   double, half pair; immediates as 20-bit fields or full 32-bit values), comparison and
   boolean-combine modifiers, types, rounding, carry predicates, uniform-register checks.
   The selectors themselves are in asm/sel_<family>.c, one file per family of
   emu/handlers.def. */
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

/* The row's immediates are full 32-bit values (the 32I forms). */
bool sel_wide_imm(const asm_ctx *c, int op)
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

/* Integer type modifiers such as .S32 / .U16 in order of appearance. */
int sel_int_types(const ast_insn *ai, int *bits, int *sign, int max)
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

int sel_round_mode(const ast_insn *ai)
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
	in->bop = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
	in->ftz = asm_has_mod(ai, "FTZ");
	if (!setp)
		in->sign = asm_has_mod(ai, "BF");
}

/* A double literal's encoded high word with the operand's |x| and '-' applied (the low
   word is not encoded) */
static emu_src dbl_high_word(uint64_t b, const ast_opnd *o)
{
	emu_src s = {.kind = SRC_IMM, .imm = (uint32_t)(b >> 32), .and_ = 0xffffffffu};
	if (o->abs)
		s.imm &= 0x7fffffffu;
	if (o->neg)
		s.imm ^= 0x80000000u;
	return s;
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
		return dbl_high_word(b, o);
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

/* An operand's 16-bit half selection (R2.H1, c[0x0][0x14].H1): 1 for the high half. */
int sel_high_half(const ast_opnd *o)
{
	return o->half == 2;
}

/* Operand i as a single: an integer literal is the float of that value. */
emu_src sel_src_f32imm(asm_ctx *c, int i)
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
emu_src sel_src_f64imm(asm_ctx *c, int i)
{
	const ast_opnd *o = &c->ai->ops[i];
	if (o->kind != OPND_IMM && o->kind != OPND_FIMM)
		return sel_src_dbl(c, i);
	double v = o->kind == OPND_IMM ? (double)o->ival : o->fval;
	uint64_t b;
	memcpy(&b, &v, 8);
	if (b & 0xffffffffu)
		asm_err(c, o->loc, "double immediate has low-word bits set (only the high 32 bits are encoded)%s", "", "");
	return dbl_high_word(b, o);
}

uint16_t sel_half_lit(asm_ctx *c, const ast_opnd *o)
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
emu_src sel_hsrc(asm_ctx *c, int *i, int *swz)
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
		uint32_t hi = sel_half_lit(c, &o), lo = sel_half_lit(c, &ai->ops[*i + 1]);
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

/* The float and integer types among the modifiers in order: F16 F32 F64 as -16 -32 -64. */
int sel_ftypes(const ast_insn *ai, int *bits, int max)
{
	int n = 0;
	for (int i = 0; i < ai->nmods && n < max; i++) {
		const char *m = ai->mods[i];
		if ((m[0] == 'U' || m[0] == 'S' || m[0] == 'F') && isdigit((unsigned char)m[1]))
			bits[n++] = m[0] == 'F' ? -atoi(m + 1) : atoi(m + 1);
	}
	return n;
}

/* Half-pair sources of operands 'from' on, want of them; false after an error. */
bool sel_hsrcs(asm_ctx *c, int from, int want, int *next)
{
	int i = from;
	c->in->width = 0;
	for (int k = 0; k < want; k++) {
		if (i >= c->ai->nops) {
			asm_err(c, c->ai->loc, "%s has too few sources%s", c->desc->name, "");
			return false;
		}
		int swz;
		c->in->s[k] = sel_hsrc(c, &i, &swz);
		c->in->width |= (uint8_t)(swz << 2 * k); /* each source's replication (width: free here) */
	}
	*next = i;
	return true;
}

bool sel_is_pred(const ast_insn *ai, int i)
{
	return i < ai->nops && ai->ops[i].kind == OPND_PRED;
}

/* A carry-in predicate operand as a code byte (emu/ops.h pcode_mask) */
uint8_t sel_pcode(const ast_opnd *o)
{
	return (uint8_t)(EMU_PC_ON | (o->inv ? EMU_PC_INV : 0) | (o->reg & EMU_PC_ROW));
}

/* Leading carry-out predicates after the destination (at most max): their count */
int sel_carry_outs(asm_ctx *c, int max, uint16_t *p, uint16_t *q)
{
	int k = 0;
	*p = *q = EMU_PT_SINK;
	while (k < max && sel_is_pred(c->ai, 1 + k)) {
		uint16_t v = sel_dst_pred(c, &c->ai->ops[1 + k]);
		*(k ? q : p) = v;
		k++;
	}
	return k;
}

/* Trailing carry-in predicates from operand i on (at most max), as codes: their count */
int sel_carry_ins(asm_ctx *c, int i, int max, uint8_t *a, uint8_t *b)
{
	int k = 0;
	for (; i < c->ai->nops; i++, k++) {
		if (!sel_is_pred(c->ai, i) || k == max) {
			asm_err(c, c->ai->ops[i].loc, "operand %s of %s: expected a carry-in predicate or nothing",
				i == 4 ? "5" : i == 5 ? "6" : i == 6 ? "7" : "8", c->desc->name);
			return k;
		}
		*(k ? b : a) = sel_pcode(&c->ai->ops[i]);
	}
	return k;
}

/* REDUX, R2UR and VOTEU write one value for the warp: a uniform register */
void sel_need_uniform(asm_ctx *c, const ast_opnd *o)
{
	if (o->kind == OPND_REG && !o->uniform && o->reg != AST_RZ)
		asm_err(c, o->loc, "%s writes a uniform register (URn)%s", c->desc->name, "");
}

void sel_two_src(asm_ctx *c, emu_handler h)
{
	c->in->h = (uint8_t)h;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = sel_src_int(c, 1);
	if (c->ai->nops > 2)
		c->in->s[1] = sel_src_int(c, 2);
}

int sel_which_mod(const ast_insn *ai, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (asm_has_mod(ai, names[i]))
			return i;
	return -1;
}

/* The handlers by name (emu/handlers.def) */
static const char *const handler_names[EMU_NHANDLERS] = {
#define H(n, fam, how) #n,
#define HS(n, fam) #n,
#define HB(n, fam) #n,
#include "emu/handlers.def"
#undef H
#undef HS
#undef HB
};

/* The generic selector, for an operation whose operands need no decoding of their own:
   d is the first operand, the others are sources in order (a predicate as a predicate
   source, anything else as an integer source), and the handler is the one named like the
   opcode (a uniform U<NAME> runs <NAME>'s). Such an opcode is its table row, its
   handlers.def row and its body. */
void asm_sel_plain(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	const char *name = c->desc->name;
	int h = -1;
	for (int pass = 0; pass < 2 && h < 0; pass++) {
		if (pass && name[0] != 'U')
			break;
		for (int i = 0; i < EMU_NHANDLERS && h < 0; i++)
			if (!strcmp(handler_names[i], name + pass))
				h = i;
	}
	if (h < 0 || ai->nops < 1 || ai->nops > 5) {
		asm_err(c, ai->loc, h < 0 ? "%s: no handler of that name (emu/handlers.def)%s" : "%s: 1 to 5 operands%s",
			c->desc->name, "");
		return;
	}
	c->in->h = (uint8_t)h;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 1; i < ai->nops; i++)
		c->in->s[i - 1] = ai->ops[i].kind == OPND_PRED ? sel_src_pred(&ai->ops[i]) : sel_src_int(c, i);
}
