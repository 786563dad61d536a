/* Assembly: parsed SASS -> flat arrays of instructions with handlers and operands resolved. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parser/ast.h"
#include "emu/program.h"
#include "emu/semantics.h"
#include "util/xalloc.h"
#include "front/ptxplus_read.h"
#include "asm/asm_int.h"


bool asm_has_mod(const ast_insn *ai, const char *m)
{
	for (int i = 0; i < ai->nmods; i++)
		if (!strcmp(ai->mods[i], m))
			return true;
	return false;
}

void asm_err(asm_ctx *c, ast_loc loc, const char *fmt, const char *a, const char *b)
{
	ast_error(c->dg, loc, fmt, a, b);
}

/* ---- operand kinds against the table's shape string ---- */

static char kind_letter(const ast_opnd *o)
{
	switch (o->kind) {
	case OPND_REG: return 'r';
	case OPND_PRED: return 'p';
	case OPND_IMM: return 'i';
	case OPND_FIMM: return 'f';
	case OPND_CBANK: return 'c';
	case OPND_MEM: return 'm';
	case OPND_SREG: return 's';
	case OPND_LABEL: return 't';
	case OPND_CCTEST: return 'k';
	case OPND_AREG: return 'a';
	case OPND_SMEM: return 'g';
	case OPND_CCREG: return 'q';
	}
	return '?';
}

static const char *kind_name(char k)
{
	switch (k) {
	case 'r': return "register";
	case 'p': return "predicate";
	case 'i': return "integer immediate";
	case 'f': return "float immediate";
	case 'c': return "constant c[bank][offset]";
	case 'm': return "memory [Rn+offset]";
	case 's': return "special register";
	case 't': return "branch target";
	case 'k': return "condition-code test";
	case 'a': return "address register A1-A7";
	case 'g': return "shared g [An+k]";
	case 'q': return "condition Cn.COND";
	}
	return "operand";
}

/* Check operand count and kinds. A float slot ('f') accepts hex integers (20-bit
   float fields); a target slot ('t') accepts an address. */
bool asm_check_shape(asm_ctx *c)
{
	const char *shape = c->desc->shape;
	const ast_insn *ai = c->ai;
	int min = 0, max = 0;
	char slots[AST_MAXOPS][12];
	const char *p = shape;
	while (*p && max < AST_MAXOPS) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > 11)
			n = 11;
		memcpy(slots[max], p, n);
		slots[max][n] = 0;
		bool opt = n && slots[max][n - 1] == '?';
		if (opt)
			slots[max][n - 1] = 0;
		else
			min = max + 1;
		max++;
		p = e ? e + 1 : p + strlen(p);
	}
	if (ai->nops < min || ai->nops > max) {
		char buf[64];
		if (min == max)
			snprintf(buf, sizeof buf, "%d", min);
		else
			snprintf(buf, sizeof buf, "%d to %d", min, max);
		ast_error(c->dg, ai->loc, "%s takes %s operand%s, %d given", c->desc->name, buf,
			  max == 1 ? "" : "s", ai->nops);
		return false;
	}
	bool ok = true;
	for (int i = 0; i < ai->nops; i++) {
		char k = kind_letter(&ai->ops[i]);
		const char *set = slots[i];
		bool fits = strchr(set, k) != NULL;
		if (!fits && k == 'i' && (strchr(set, 'f') || strchr(set, 't')))
			fits = true;
		if (!fits && k == 'f' && strchr(set, 'i') && !strchr(set, 'f'))
			fits = false;
		if (!fits) {
			char want[160] = "";
			for (const char *q = set; *q; q++) {
				if (q != set)
					strcat(want, " or ");
				strcat(want, kind_name(*q));
			}
			ast_error(c->dg, ai->ops[i].loc, "operand %d of %s: expected %s", i + 1,
				  c->desc->name, want);
			ok = false;
		}
	}
	return ok;
}

/* ---- operands ---- */

void asm_note_reg(asm_ctx *c, int r, int n)
{
	if (r != AST_RZ && r + n - 1 > c->maxreg)
		c->maxreg = r + n - 1;
}

static int max_reg(asm_ctx *c)
{
	return c->dialect == ISA_DIALECT_SM20 ? 62 : c->dialect == ISA_DIALECT_SM10 ? 127 : 254;
}

bool asm_reg_ok(asm_ctx *c, const ast_opnd *o, int n)
{
	if (o->reg == AST_RZ)
		return true;
	if (o->reg > max_reg(c) || o->reg + n - 1 > max_reg(c)) {
		char b[32];
		snprintf(b, sizeof b, "R%d", o->reg);
		asm_err(c, o->loc, "register %s does not exist on %s", b, c->target);
		return false;
	}
	if (n > 1 && o->reg % n) {
		char b[32];
		snprintf(b, sizeof b, "R%d", o->reg);
		asm_err(c, o->loc, "register %s is not aligned for a %s-register access", b,
		    n == 2 ? "2" : "4");
		return false;
	}
	return true;
}

/* A destination register; RZ writes go to the sink register. */
uint16_t asm_dst_reg(asm_ctx *c, const ast_opnd *o, int n)
{
	if (o->kind != OPND_REG) {
		asm_err(c, o->loc, "destination must be a register%s", "", "");
		return EMU_RZ_SINK;
	}
	if (!asm_reg_ok(c, o, n))
		return EMU_RZ_SINK;
	if (o->reg == AST_RZ)
		return EMU_RZ_SINK;
	asm_note_reg(c, o->reg, n);
	if (o->cc)
		c->in->cc_out = 1;
	return (uint16_t)o->reg;
}

static uint16_t dst_pred(asm_ctx *c, const ast_opnd *o)
{
	if (o->kind != OPND_PRED) {
		asm_err(c, o->loc, "destination must be a predicate%s", "", "");
		return EMU_PT_SINK;
	}
	if (o->inv)
		asm_err(c, o->loc, "a destination predicate cannot be negated%s", "", "");
	return o->reg == AST_PT ? EMU_PT_SINK : (uint16_t)o->reg;
}

static emu_src src_pred(const ast_opnd *o)
{
	emu_src s = {.kind = SRC_REG, .reg = (uint16_t)o->reg, .inv = o->inv};
	return s;
}

static uint32_t f32_bits(double v)
{
	float f = (float)v;
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

/* An immediate: 20-bit fields unless wide (32I forms). */
uint32_t asm_imm_value(asm_ctx *c, const ast_opnd *o, bool is_float, bool wide)
{
	if (o->kind == OPND_FIMM) {
		if (!is_float) {
			asm_err(c, o->loc, "float literal in an integer operand%s", "", "");
			return 0;
		}
		uint32_t b = f32_bits(o->fval);
		if (!wide && (b & 0xfff)) {
			asm_err(c, o->loc, "float immediate does not fit the 20-bit field (low mantissa bits "
			    "set); use a 32I form%s", "", "");
		}
		return b;
	}
	int64_t v = o->ival;
	if (wide) {
		if (v < -2147483648LL || v > 0xffffffffLL)
			asm_err(c, o->loc, "immediate does not fit in 32 bits%s", "", "");
		return (uint32_t)v;
	}
	if (is_float) {
		/* old listings print the top 20 bits of the IEEE single */
		if (v < 0) {
			if (-v > 0x7ffff)
				asm_err(c, o->loc, "float field immediate out of range%s", "", "");
			return ((uint32_t)(-v) << 12) ^ 0x80000000u;
		}
		if (v > 0xfffff)
			asm_err(c, o->loc, "float field immediate does not fit in 20 bits%s", "", "");
		return (uint32_t)v << 12;
	}
	if (v >= 0 && v <= 0xfffff)
		return (uint32_t)((int32_t)((uint32_t)v << 12) >> 12); /* sign-extend the 20-bit field */
	if (v < 0 && v >= -0x80000)
		return (uint32_t)v;
	asm_err(c, o->loc, "immediate does not fit the 20-bit field; use a 32I form%s", "", "");
	return 0;
}

/* A source operand; is_float selects float semantics for '-' and '|x|'. */
emu_src asm_src_any(asm_ctx *c, const ast_opnd *o, bool is_float, bool wide_imm)
{
	emu_src s = {.and_ = 0xffffffffu, .neg = o->neg, .inv = o->inv};
	switch (o->kind) {
	case OPND_REG:
		asm_reg_ok(c, o, 1);
		if (o->reg == AST_RZ) {
			s.kind = SRC_IMM;
			s.imm = 0;
		} else {
			s.kind = SRC_REG;
			s.reg = (uint16_t)o->reg;
			asm_note_reg(c, o->reg, 1);
		}
		break;
	case OPND_IMM:
	case OPND_FIMM:
		s.kind = SRC_IMM;
		s.imm = asm_imm_value(c, o, is_float, wide_imm);
		break;
	case OPND_CBANK:
		if (o->reg >= 0 && o->reg != AST_RZ) {
			asm_err(c, o->loc, "an indexed constant c[b][Rn+o] is only accepted by LDC and BRX%s",
			    "", "");
			break;
		}
		if (o->bank < 0 || o->bank >= EMU_NBANKS || o->ival < 0 || o->ival + 4 > EMU_BANK_BYTES ||
		    (o->ival & 3)) {
			asm_err(c, o->loc, "constant operand out of range or misaligned%s", "", "");
			break;
		}
		s.kind = SRC_CONST;
		s.bank = (uint8_t)o->bank;
		s.imm = (uint32_t)o->ival;
		break;
	default:
		asm_err(c, o->loc, "unexpected operand kind here%s", "", "");
		break;
	}
	asm_src_mods(&s, o, is_float);
	return s;
}

void asm_src_mods(emu_src *s, const ast_opnd *o, bool is_float)
{
	if (is_float) {
		if (o->abs)
			s->and_ = 0x7fffffffu;
		if (o->neg)
			s->xor_ = 0x80000000u;
	} else {
		if (o->abs)
			s->iabs = 1;
		if (o->neg) {
			s->xor_ = 0xffffffffu;
			s->add = 1;
		}
		if (o->inv)
			s->xor_ ^= 0xffffffffu;
	}
	if (s->kind == SRC_IMM) { /* an immediate takes its modifiers now */
		uint32_t v = s->imm & s->and_;
		if (s->iabs && (int32_t)v < 0)
			v = (uint32_t)-v;
		s->imm = (v ^ s->xor_) + s->add;
		s->and_ = 0xffffffffu;
		s->xor_ = s->add = 0;
		s->iabs = 0;
	}
}

static emu_src src_int(asm_ctx *c, int i) { return asm_src_any(c, &c->ai->ops[i], false, false); }
static emu_src src_flt(asm_ctx *c, int i) { return asm_src_any(c, &c->ai->ops[i], true, false); }

/* Integer operand that the handler negates itself (IADD carries). */
static emu_src src_raw(asm_ctx *c, int i)
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

void asm_mem_operand(asm_ctx *c, const ast_opnd *o, bool wide)
{
	if (o->reg >= 0 && o->reg != AST_RZ) {
		asm_reg_ok(c, o, wide ? 2 : 1);
		asm_note_reg(c, o->reg, wide ? 2 : 1);
		c->in->areg = (uint16_t)o->reg;
	} else
		c->in->areg = EMU_NO_REG;
	if (o->ival < INT32_MIN || o->ival > INT32_MAX)
		asm_err(c, o->loc, "address offset out of range%s", "", "");
	c->in->off = (int32_t)o->ival;
}

/* ---- modifiers ---- */

static int cmp_code(const ast_insn *ai, bool fp)
{
	static const char *const names[] = {"F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN",
					    "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"};
	for (int i = 0; i < ai->nmods; i++)
		for (int k = 0; k < 16; k++)
			if (!strcmp(ai->mods[i], names[k]) && (fp || k <= 6 || k == 15))
				return k == 15 && !fp ? 7 : k;
	return -1;
}

static int bop_code(const ast_insn *ai, int nth)
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

static int by_label_name(const void *a, const void *b)
{
	const ast_label *x = a, *y = b;
	int r = strcmp(x->name, y->name);
	return r ? r : (x->loc.line - y->loc.line ? x->loc.line - y->loc.line : x->loc.col - y->loc.col);
}

/* Labels sorted by name (binary search for targets); a name defined twice is an error. */
static void sort_labels(asm_ctx *c)
{
	ast_func *f = c->af;
	if (f->nlabels > 1)
		qsort(f->labels, (size_t)f->nlabels, sizeof *f->labels, by_label_name);
	for (int i = 1; i < f->nlabels; i++)
		if (!strcmp(f->labels[i].name, f->labels[i - 1].name)) {
			ast_error(c->dg, f->labels[i].loc, "label '%s' defined twice", f->labels[i].name);
			ast_note(c->dg, f->labels[i - 1].loc, "note", "first defined here");
		}
}

uint32_t asm_target_index(asm_ctx *c, const ast_opnd *o, const int64_t *addrs)
{
	int n = c->af->ninsns;
	if (o->kind == OPND_LABEL) {
		int lo = 0, hi = c->af->nlabels - 1;
		while (lo <= hi) {
			int mid = (lo + hi) / 2, r = strcmp(c->af->labels[mid].name, o->name);
			if (!r)
				return (uint32_t)c->af->labels[mid].insn_index;
			if (r < 0)
				lo = mid + 1;
			else
				hi = mid - 1;
		}
		asm_err(c, o->loc, "undefined label '%s'%s", o->name, "");
		return 0;
	}
	if (o->kind != OPND_IMM) {
		asm_err(c, o->loc, "expected a branch target%s", "", "");
		return 0;
	}
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (addrs[mid] == o->ival)
			return (uint32_t)mid;
		if (addrs[mid] < o->ival)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	char b[40];
	snprintf(b, sizeof b, "0x%llx", (unsigned long long)o->ival);
	asm_err(c, o->loc, "branch target %s is not the address of an instruction in this function%s", b,
	    "");
	return 0;
}

int asm_sreg_code(const char *name)
{
	char n[32];
	int k = 0;
	for (const char *p = name; *p && k < 31; p++)
		if (*p != '_' && *p != '.')
			n[k++] = (char)toupper((unsigned char)*p);
	n[k] = 0;
	static const struct { const char *n; int v; } map[] = {
		{"SRTIDX", SR_TID_X}, {"SRTIDY", SR_TID_Y}, {"SRTIDZ", SR_TID_Z},
		{"SRCTAIDX", SR_CTAID_X}, {"SRCTAIDY", SR_CTAID_Y}, {"SRCTAIDZ", SR_CTAID_Z},
		{"SRNTIDX", SR_NTID_X}, {"SRNTIDY", SR_NTID_Y}, {"SRNTIDZ", SR_NTID_Z},
		{"SRNCTAIDX", SR_NCTAID_X}, {"SRNCTAIDY", SR_NCTAID_Y}, {"SRNCTAIDZ", SR_NCTAID_Z},
		{"SRLANEID", SR_LANEID}, {"SRWARPID", SR_WARPID}, {"SRVIRTID", SR_WARPID},
		{"SRCLOCKLO", SR_CLOCKLO}, {"SRCLOCKHI", SR_CLOCKHI}, {"SR0", SR_ZERO},
		{"SREQMASK", SR_LANEMASK_EQ}, {"SRLTMASK", SR_LANEMASK_LT}, {"SRLEMASK", SR_LANEMASK_LE},
		{"SRGTMASK", SR_LANEMASK_GT}, {"SRGEMASK", SR_LANEMASK_GE},
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i].n, n))
			return map[i].v;
	return -1;
}

/* ---- handler selection: one selector per family, named in the .def row ---- */

static void need_cmp(asm_ctx *c, int code)
{
	if (code < 0)
		asm_err(c, c->ai->loc, "%s needs a comparison modifier%s", c->desc->name, "");
}

static void sel_mov(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->s[0] = asm_src_any(c, &ai->ops[1], ai->ops[1].kind == OPND_FIMM, op == ISA_MOV32I);
}

/* RRO: the range-reduced format is our plain fp32 value; MUFU then applies the function. */
static void sel_rro(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_MOV;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = src_flt(c, 1);
}

static void sel_s2r(asm_ctx *c, int op)
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

static void sel_iadd(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_IADD;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src_raw(c, 1);
	in->s[1] = op == ISA_IADD32I ? asm_src_any(c, &ai->ops[2], false, true) : src_raw(c, 2);
	if (op == ISA_ISUB)
		in->s[1].neg = !in->s[1].neg;
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
	in->sub = asm_has_mod(ai, "SAT");
	if (in->s[0].neg && in->s[1].neg)
		asm_err(c, ai->loc, "both operands negated%s", "", "");
}

static void sel_imul(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = op == ISA_IMAD ? EMU_H_IMAD : EMU_H_IMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = op == ISA_IMUL32I ? asm_src_any(c, &ai->ops[2], false, true) : src_int(c, 2);
	if (op == ISA_IMAD)
		in->s[2] = src_raw(c, 3);
	int bits[4], sg[4];
	int nt = int_types(ai, bits, sg, 4);
	in->sub = nt >= 1 ? (uint8_t)sg[0] : 1;        /* a signed (the default) */
	in->sub2 = nt >= 2 ? (uint8_t)sg[1] : in->sub; /* b signed */
	in->sub3 = asm_has_mod(ai, "HI");
	in->x_in = asm_has_mod(ai, "X");
	in->cc_out |= asm_has_mod(ai, "CC");
}

static void sel_iscadd(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_ISCADD;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = src_int(c, 2);
	in->sub = (uint8_t)(c->ai->ops[3].ival & 31);
	in->cc_out |= asm_has_mod(c->ai, "CC");
}

static void sel_shift(asm_ctx *c, int op)
{
	emu_insn *in = c->in;
	in->h = op == ISA_SHL ? EMU_H_SHL : EMU_H_SHR;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = src_int(c, 2);
	in->sub = asm_has_mod(c->ai, "W");
	in->sign = !asm_has_mod(c->ai, "U32");
	in->cc_out |= asm_has_mod(c->ai, "CC");
}

static void sel_lop(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_LOP;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = op == ISA_LOP32I ? asm_src_any(c, &ai->ops[2], false, true) : src_int(c, 2);
	int b = asm_has_mod(ai, "AND") ? EMU_LOP_AND : asm_has_mod(ai, "OR") ? EMU_LOP_OR
		: asm_has_mod(ai, "XOR") ? EMU_LOP_XOR : asm_has_mod(ai, "PASS_B") ? EMU_LOP_PASS_B : -1;
	if (b < 0)
		asm_err(c, ai->loc, "%s needs .AND, .OR, .XOR or .PASS_B%s", c->desc->name, "");
	in->sub = (uint8_t)(b < 0 ? 0 : b);
	in->cc_out |= asm_has_mod(ai, "CC");
}

/* ISETP p, q, a, b, c and ISET d, a, b, c */
static void sel_isetp(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = cmp_code(ai, false), b = bop_code(ai, 0);
	need_cmp(c, cmp);
	int k = op == ISA_ISETP ? 2 : 1;
	if (op == ISA_ISETP) {
		in->h = EMU_H_ISETP;
		in->d = dst_pred(c, &ai->ops[0]);
		in->d2 = dst_pred(c, &ai->ops[1]);
	} else {
		in->h = EMU_H_ISET;
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
		in->sub3 = asm_has_mod(ai, "BF");
	}
	in->s[0] = src_int(c, k);
	in->s[1] = src_int(c, k + 1);
	in->s[2] = src_pred(&ai->ops[k + 2]);
	in->sign = !asm_has_mod(ai, "U32");
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
	in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
	if (asm_has_mod(ai, "X"))
		asm_err(c, ai->loc, "%s.X (extended compare) is not supported yet%s", c->desc->name, "");
}

static void sel_icmp(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	int cmp = cmp_code(c->ai, false);
	need_cmp(c, cmp);
	in->h = EMU_H_ICMP;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = src_int(c, 2);
	in->s[2] = src_int(c, 3);
	in->sign = !asm_has_mod(c->ai, "U32");
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
}

/* IMNMX, FMNMX, SEL: d = p ? x : y */
static void sel_choose(asm_ctx *c, int op)
{
	emu_insn *in = c->in;
	in->h = op == ISA_IMNMX ? EMU_H_IMNMX : op == ISA_SEL ? EMU_H_SEL : EMU_H_FMNMX;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	bool f = op == ISA_FMNMX;
	in->s[0] = f ? src_flt(c, 1) : src_int(c, 1);
	in->s[1] = f ? src_flt(c, 2) : src_int(c, 2);
	in->s[2] = src_pred(&c->ai->ops[3]);
	in->sign = !asm_has_mod(c->ai, "U32");
}

static void sel_psetp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_PSETP;
	in->d = dst_pred(c, &ai->ops[0]);
	in->d2 = dst_pred(c, &ai->ops[1]);
	for (int i = 0; i < 3; i++)
		in->s[i] = src_pred(&ai->ops[2 + i]);
	int b1 = bop_code(ai, 0), b2 = bop_code(ai, 1);
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
	int bits[4], sg[4];
	int nt = int_types(c->ai, bits, sg, 4);
	int ddef = op == ISA_I2F || op == ISA_F2F ? -32 : 32, sdef = op == ISA_F2I || op == ISA_F2F ? -32 : 32;
	*dbits = nt >= 1 ? bits[0] : ddef;
	*dsg = nt >= 1 ? sg[0] : 1;
	*sbits = nt >= 2 ? bits[1] : sdef;
	*ssg = nt >= 2 ? sg[1] : 1;
	if (nt == 1 && ((op == ISA_I2F && bits[0] > 0) || (op == ISA_F2I && bits[0] < 0))) {
		*sbits = bits[0]; /* a single type names the integer side */
		*ssg = sg[0];
		*dbits = ddef;
		*dsg = 1;
	}
	bool df = *dbits < 0, sf = *sbits < 0;
	bool kinds = (op == ISA_I2F && df && !sf) || (op == ISA_F2I && !df && sf) || (op == ISA_F2F && df && sf) ||
		     (op == ISA_I2I && !df && !sf);
	bool fw = (!df || *dbits == -32 || *dbits == -64) && (!sf || *sbits == -32 || *sbits == -64);
	bool iw = (df || *dbits == 8 || *dbits == 16 || *dbits == 32) &&
		  (sf || *sbits == 8 || *sbits == 16 || *sbits == 32);
	return kinds && fw && iw;
}

#define sel_cvt asm_sel_cvt
void asm_sel_cvt(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int dbits, dsg, sbits, ssg;
	if (!cvt_types(c, op, &dbits, &dsg, &sbits, &ssg)) {
		asm_err(c, ai->loc, "unsupported conversion types for %s on %s (64-bit integers are not "
		    "supported yet)", c->desc->name, c->target);
		return;
	}
	bool dflt = dbits < 0, sflt = sbits < 0;
	in->h = op == ISA_I2F ? EMU_H_I2F : op == ISA_F2I ? EMU_H_F2I : op == ISA_F2F ? EMU_H_F2F : EMU_H_I2I;
	in->d = asm_dst_reg(c, &ai->ops[0], dbits == -64 ? 2 : 1);
	const ast_opnd *so = &ai->ops[1];
	if (sbits == -64) {
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
	if (op == ISA_F2F && (to_int || asm_has_mod(ai, "ROUND")))
		in->sub3 |= EMU_RND_INT; /* round to an integral value */
	if (op == ISA_F2I && !to_int)
		in->sub3 = EMU_RND_RN;
	in->width = asm_has_mod(ai, "SAT");
	in->wide = asm_has_mod(ai, "FTZ");
}

static void sel_farith(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool wide = op == ISA_FADD32I || op == ISA_FMUL32I;
	in->h = op == ISA_FFMA ? EMU_H_FFMA : (op == ISA_FADD || op == ISA_FADD32I) ? EMU_H_FADD : EMU_H_FMUL;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src_flt(c, 1);
	in->s[1] = asm_src_any(c, &ai->ops[2], true, wide);
	if (op == ISA_FFMA)
		in->s[2] = src_flt(c, 3);
	in->sub = (uint8_t)round_mode(ai);
	in->sub2 = asm_has_mod(ai, "SAT");
	in->sub3 = asm_has_mod(ai, "FTZ");
}

static void sel_fsetp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = cmp_code(ai, true), b = bop_code(ai, 0);
	need_cmp(c, cmp);
	in->h = EMU_H_FSETP;
	in->d = dst_pred(c, &ai->ops[0]);
	in->d2 = dst_pred(c, &ai->ops[1]);
	in->s[0] = src_flt(c, 2);
	in->s[1] = src_flt(c, 3);
	in->s[2] = src_pred(&ai->ops[4]);
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
	in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
	in->sub3 = asm_has_mod(ai, "FTZ");
}

static void sel_mufu(asm_ctx *c, int op)
{
	(void)op;
	static const char *const fn[] = {"RCP", "EX2", "LG2", "SIN", "COS", "RSQ", "SQRT"};
	int f = -1;
	for (int i = 0; i < 7; i++)
		if (asm_has_mod(c->ai, fn[i]))
			f = i;
	if (f < 0)
		asm_err(c, c->ai->loc, "MUFU needs a function modifier (.RCP .EX2 .LG2 .SIN .COS .RSQ .SQRT)%s", "", "");
	c->in->h = EMU_H_MUFU;
	c->in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	c->in->s[0] = src_flt(c, 1);
	c->in->sub = (uint8_t)(f < 0 ? 0 : f);
}

/* VADD / VMNMX on 32-bit lanes: r = a + b, or min(a, b) (.MX: max), then the secondary
   operation with c: .ACC r + c, .MIN min(r, c), .MAX max(r, c); without one, d = r.
   Signed unless .UD/.U32. The sub-word forms (.S8, .U16 selectors) are not supported. */
static void sel_video(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int bits[4], sg[4];
	int nt = int_types(ai, bits, sg, 4);
	for (int i = 0; i < nt; i++)
		if (bits[i] != 32) {
			asm_err(c, ai->loc, "%s on 8- or 16-bit lanes is not supported yet on %s", c->desc->name,
			    c->target);
			return;
		}
	int sec = asm_has_mod(ai, "ACC") ? EMU_VSEC_ACC : asm_has_mod(ai, "MIN") ? EMU_VSEC_MIN
		: asm_has_mod(ai, "MAX") ? EMU_VSEC_MAX : EMU_VSEC_NONE;
	if (asm_has_mod(ai, "SAT") && sec != EMU_VSEC_NONE) {
		asm_err(c, ai->loc, "%s.SAT with a secondary operation is not supported yet%s", c->desc->name, "");
		return;
	}
	in->h = op == ISA_VADD ? EMU_H_VADD : EMU_H_VMNMX;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = src_int(c, 2);
	in->s[2] = src_int(c, 3);
	in->sign = !(asm_has_mod(ai, "U32") || asm_has_mod(ai, "UD"));
	in->sub = asm_has_mod(ai, "MX");
	in->sub2 = (uint8_t)sec;
	in->sub3 = asm_has_mod(ai, "SAT");
}

static void sel_popc(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_POPC;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	if (c->ai->nops > 2)
		in->s[1] = src_int(c, 2);
	else
		in->s[1] = (emu_src){.kind = SRC_IMM, .imm = 0xffffffffu, .and_ = 0xffffffffu};
}

static void sel_flo(asm_ctx *c, int op)
{
	(void)op;
	emu_insn *in = c->in;
	in->h = EMU_H_FLO;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->sign = asm_has_mod(c->ai, "S32");
	in->sub = asm_has_mod(c->ai, "SH");
}

/* BFE d, a, pos|len<<8 and BFI d, a, pos|len<<8, base */
static void sel_bitfield(asm_ctx *c, int op)
{
	emu_insn *in = c->in;
	in->h = op == ISA_BFE ? EMU_H_BFE : EMU_H_BFI;
	in->d = asm_dst_reg(c, &c->ai->ops[0], 1);
	in->s[0] = src_int(c, 1);
	in->s[1] = src_int(c, 2);
	if (op == ISA_BFI)
		in->s[2] = src_int(c, 3);
	in->sign = !asm_has_mod(c->ai, "U32");
	in->sub = asm_has_mod(c->ai, "BREV");
}

static void sel_vote(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	if (!asm_has_mod(ai, "ANY") && !asm_has_mod(ai, "ALL")) {
		asm_err(c, ai->loc, "VOTE needs .ANY or .ALL%s", "", "");
		return;
	}
	c->in->h = EMU_H_VOTE;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->d2 = dst_pred(c, &ai->ops[1]);
	c->in->s[0] = src_pred(&ai->ops[2]);
	c->in->sub = asm_has_mod(ai, "ALL");
}

/* NOP and BPT.DRAIN: hints with no effect */
static void sel_nop(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	if (op == ISA_BPT && !asm_has_mod(ai, "DRAIN")) {
		asm_err(c, ai->loc, "BPT without .DRAIN (a debugger trap) is not supported%s", "", "");
		return;
	}
	if (op == ISA_NOP && ai->nops == 1 && strcmp(ai->ops[0].name, "T"))
		asm_err(c, ai->ops[0].loc, "NOP with condition CC.%s is not supported (only CC.T)%s", ai->ops[0].name, "");
	c->in->h = EMU_H_NOP;
}

/* BAR.RED.POPC Rd, bar[, p] and BAR.SYNC bar */
static void sel_bar(asm_ctx *c, int op)
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
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED)
		in->s[0] = src_int(c, k++);
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED) {
		asm_err(c, ai->ops[k].loc, "a thread count on BAR is not supported%s", "", "");
		return;
	}
	in->s[1] = (emu_src){.kind = SRC_REG, .reg = AST_PT};
	if (k < ai->nops)
		in->s[1] = src_pred(&ai->ops[k]);
}

static int space_of(int op)
{
	switch (op) {
	case ISA_LDS: case ISA_STS: return EMU_SP_SHARED;
	case ISA_LDL: case ISA_STL: return EMU_SP_LOCAL;
	case ISA_LDC: return EMU_SP_CONST;
	default: return EMU_SP_GLOBAL;
	}
}

/* LD LDU LDS LDL d, [a+o] and LDC d, c[bank][a+o] */
static void sel_load(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->width = (uint8_t)mem_width(ai, &in->sign);
	in->wide = asm_has_mod(ai, "E");
	in->h = EMU_H_LD;
	in->sub3 = (uint8_t)space_of(op);
	in->d = asm_dst_reg(c, &ai->ops[0], in->width > 4 ? in->width / 4 : 1);
	const ast_opnd *o = &ai->ops[1];
	if (op == ISA_LDC) {
		if (o->bank < 0 || o->bank >= EMU_NBANKS) {
			asm_err(c, o->loc, "constant bank out of range%s", "", "");
			return;
		}
		in->sub = (uint8_t)o->bank;
	}
	asm_mem_operand(c, o, in->wide);
}

/* ST STS STL [a+o], v */
static void sel_store(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->width = (uint8_t)mem_width(ai, &in->sign);
	in->wide = asm_has_mod(ai, "E");
	in->h = EMU_H_ST;
	in->sub3 = (uint8_t)space_of(op);
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

/* PRMT d, a, selector, b: the default byte-permute mode only */
static void sel_prmt(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	for (int i = 0; i < ai->nmods; i++)
		if (!isa_mod_is_hint(ai->mods[i]) && strcmp(ai->mods[i], "S")) {
			asm_err(c, ai->modloc[i], "PRMT mode '.%s' is not supported yet (only the default mode)%s",
			    ai->mods[i], "");
			return;
		}
	c->in->h = EMU_H_PRMT;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->s[0] = src_int(c, 1);
	c->in->s[1] = src_int(c, 2);
	c->in->s[2] = src_int(c, 3);
}

/* A double operand: a register pair, a constant of 8 bytes, or an immediate giving the
   top 20 bits (or an exact float literal); SRC_IMM keeps the high word (the low is 0). */
static emu_src src_dbl(asm_ctx *c, int i)
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
	}
	return asm_src_any(c, o, true, false);
}

/* DADD DMUL DFMA DMNMX on register pairs */
#define sel_darith asm_sel_darith
void asm_sel_darith(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_DARITH;
	in->sub = op == ISA_DADD ? EMU_D_ADD : op == ISA_DMUL ? EMU_D_MUL : op == ISA_DFMA ? EMU_D_FMA : EMU_D_MNMX;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	in->s[0] = src_dbl(c, 1);
	in->s[1] = src_dbl(c, 2);
	if (op == ISA_DFMA)
		in->s[2] = src_dbl(c, 3);
	if (op == ISA_DMNMX)
		in->s[2] = src_pred(&ai->ops[3]);
	in->sub2 = (uint8_t)round_mode(ai);
}

static void sel_dsetp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int cmp = cmp_code(ai, true), b = bop_code(ai, 0);
	need_cmp(c, cmp);
	in->h = EMU_H_DSETP;
	in->d = dst_pred(c, &ai->ops[0]);
	in->d2 = dst_pred(c, &ai->ops[1]);
	in->s[0] = src_dbl(c, 2);
	in->s[1] = src_dbl(c, 3);
	in->s[2] = src_pred(&ai->ops[4]);
	in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
	in->sub2 = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
}

/* LD_LDU.W1.W2 d, e, [a1], [a2]: a global load and a uniform one in one instruction */
static void sel_ldldu(asm_ctx *c, int op)
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
static void sel_atom(asm_ctx *c, int op)
{
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
	if (o < 0 || (op == ISA_RED && (o == EMU_ATOM_EXCH || o == EMU_ATOM_CAS)) ||
	    (t == EMU_AT_F32 && o != EMU_ATOM_ADD) || (wide64 && (o == EMU_ATOM_INC || o == EMU_ATOM_DEC))) {
		asm_err(c, ai->loc, "unsupported operation or type for %s on %s", c->desc->name, c->target);
		return;
	}
	if ((o == EMU_ATOM_CAS) != (ai->nops == 4)) {
		asm_err(c, ai->loc, "%s: CAS takes a compare and a swap value, the others one value%s", c->desc->name, "");
		return;
	}
	int n = wide64 ? 2 : 1, k = 0;
	in->h = EMU_H_ATOM;
	in->sub = (uint8_t)o;
	in->sub2 = (uint8_t)t;
	in->width = (uint8_t)(4 * n);
	in->wide = asm_has_mod(ai, "E");
	in->d = EMU_RZ_SINK;
	if (op == ISA_ATOM)
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
	in->sub3 = op == ISA_RED;
}

static void branch_target(asm_ctx *c)
{
	if (c->ai->nops >= 1)
		c->in->target = asm_target_index(c, &c->ai->ops[0], c->addrs);
}

/* SSY PBK PCNT PRET: push a token */
static void sel_token(asm_ctx *c, int op)
{
	c->in->h = op == ISA_SSY ? EMU_H_SSY : op == ISA_PBK ? EMU_H_PBK : op == ISA_PCNT ? EMU_H_PCNT : EMU_H_PRET;
	if (c->ai->has_guard)
		asm_err(c, c->ai->loc, "%s cannot be guarded%s", c->desc->name, "");
	branch_target(c);
}

/* BRK CONT RET EXIT: lanes leave the active mask */
static void sel_leave(asm_ctx *c, int op)
{
	c->in->h = op == ISA_BRK ? EMU_H_BRK : op == ISA_CONT ? EMU_H_CONT : op == ISA_RET ? EMU_H_RET : EMU_H_EXIT;
}

static void sel_call(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_CAL;
	branch_target(c);
}

static void sel_bra(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = asm_has_mod(c->ai, "U") ? EMU_H_BRAU : EMU_H_BRA;
	branch_target(c);
}

/* BRX Rn, or BRX c[bank][Rn+off]: a per-lane absolute address */
static void sel_brx(asm_ctx *c, int op)
{
	(void)op;
	const ast_opnd *o = &c->ai->ops[0];
	c->in->h = EMU_H_BRX;
	if (o->kind == OPND_REG) {
		c->in->s[0] = src_int(c, 0);
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

typedef void (*asm_selector)(asm_ctx *c, int op);

static const asm_selector asm_selectors[] = {
#define OP(name, cls, shape, mods, sel, imm, ptx, style, tail, meaning) sel_##sel,
#include "isa/sm20.def"
#undef OP
};

/* ---- functions and program ---- */

static char *mnem_text(const ast_insn *ai)
{
	size_t n = strlen(ai->mnem) + 1;
	for (int i = 0; i < ai->nmods; i++)
		n += strlen(ai->mods[i]) + 1;
	char *s = xmalloc(n);
	strcpy(s, ai->mnem);
	for (int i = 0; i < ai->nmods; i++)
		if (!isa_mod_is_hint(ai->mods[i])) {
			strcat(s, ".");
			strcat(s, ai->mods[i]);
		}
	return s;
}

static bool assemble_func(asm_ctx *c, ast_func *af, emu_func *ef)
{
	int n = af->ninsns;
	int errs0 = c->dg->nerrors;
	c->af = af;
	c->ef = ef;
	c->maxreg = -1;
	ef->n = n;
	ef->insns = xcalloc((size_t)n, sizeof *ef->insns);
	ef->labels = xcalloc((size_t)n + 1, sizeof *ef->labels);
	int64_t *addrs = xmalloc(sizeof *addrs * (size_t)(n ? n : 1));
	c->addrs = addrs;
	int64_t next = 0;
	for (int i = 0; i < n; i++) {
		int64_t a = af->insns[i].addr >= 0 ? af->insns[i].addr : next;
		if (i && a <= addrs[i - 1]) {
			ast_error(c->dg, af->insns[i].loc, "instruction address 0x%llx does not increase",
				  (unsigned long long)a);
		}
		addrs[i] = a;
		next = a + 8;
	}
	for (int i = 0; i < af->nlabels; i++)
		if (af->labels[i].insn_index <= n && !ef->labels[af->labels[i].insn_index])
			ef->labels[af->labels[i].insn_index] = xstrdup(af->labels[i].name);
	sort_labels(c);
	for (int i = 0; i < n; i++) {
		const ast_insn *ai = &af->insns[i];
		emu_insn *in = &ef->insns[i];
		c->ai = ai;
		c->in = in;
		in->addr = (uint32_t)addrs[i];
		in->line = ai->loc.line;
		in->col = ai->loc.col;
		in->text = xstrdup(ai->text);
		in->mnem = mnem_text(ai);
		in->enc = ai->enc;
		in->has_enc = ai->has_enc;
		in->guard = ai->has_guard ? (uint8_t)ai->guard : AST_PT;
		in->guard_neg = ai->guard_neg;
		in->d = in->d2 = EMU_RZ_SINK;
		in->areg = EMU_NO_REG;
		int op = isa_lookup(c->dialect, ai->mnem);
		if (op < 0) {
			static const char *const tex[] = {"TEX", "TLD", "TLD4", "TXQ", "SULD", "SUST", "SURED", NULL};
			bool is_tex = false;
			for (int k = 0; tex[k]; k++)
				is_tex |= !strcmp(ai->mnem, tex[k]);
			if (is_tex)
				ast_error(c->dg, ai->loc, "unsupported opcode '%s' for %s: texture and surface "
					  "accesses need sampler state that a listing does not carry", ai->mnem, c->target);
			else
				asm_err(c, ai->loc, "unsupported opcode '%s' for %s", ai->mnem, c->target);
			continue;
		}
		int nt;
		c->desc = &isa_table(c->dialect, &nt)[op];
		in->op = (uint16_t)op;
		bool mods_ok = true;
		for (int k = 0; k < ai->nmods; k++)
			if (!isa_mod_ok(c->dialect, op, ai->mods[k])) {
				char what[80];
				snprintf(what, sizeof what, "%s' for %s", ai->mods[k], ai->mnem);
				asm_err(c, ai->modloc[k], "unsupported modifier '.%s on %s", what, c->target);
				mods_ok = false;
			}
		in->sflag = asm_has_mod(ai, "S");
		if (!mods_ok || !asm_check_shape(c))
			continue;
		if (c->dialect == ISA_DIALECT_SM10)
			asm_tesla_insn(c, op);
		else
			asm_selectors[op](c, op);
	}
	if (c->dialect == ISA_DIALECT_SM10)
		asm_tesla_finish(c);
	ef->nregs = c->maxreg + 1;
	/* RZ writes go to a sink row just past the registers the function uses */
	for (int i = 0; i < n; i++) {
		emu_insn *in = &ef->insns[i];
		bool reg_dst = in->h != EMU_H_ISETP && in->h != EMU_H_PSETP && in->h != EMU_H_FSETP &&
			       in->h != EMU_H_DSETP;
		if (reg_dst && in->d == EMU_RZ_SINK)
			in->d = (uint16_t)ef->nregs;
		if (in->h == EMU_H_LDLDU && in->d2 == EMU_RZ_SINK)
			in->d2 = (uint16_t)ef->nregs;
	}
	free(addrs);
	return c->dg->nerrors == errs0;
}

emu_program *emu_assemble(const char *file, const char *src, const char *target_override,
			  const char *default_name, FILE *diag)
{
	/* either syntax gives the same parse tree */
	ast_unit *u = ptx_looks_like(src) ? ast_parse_ptxplus(file, src, diag) : ast_parse_sass(file, src, diag);
	if (!u)
		return NULL;
	/* a listing for another generation is not read past its target line, whatever --target says */
	const char *target = u->foreign_target ? u->target : target_override ? target_override : u->target ? u->target : "sm_20";
	asm_ctx c = {.dg = &u->diags, .target = target};
	c.dialect = isa_dialect_of(target);
	if (u->target && target_override && isa_dialect_of(u->target) != ISA_DIALECT_NONE &&
	    isa_dialect_of(u->target) != c.dialect) {
		ast_error(&u->diags, u->target_loc, "the listing is code for %s; --target %s names another generation",
			  u->target, target_override);
		fprintf(u->diags.out, "%s: 1 error\n", file);
		ast_free(u);
		return NULL;
	}
	if (c.dialect == ISA_DIALECT_NONE) {
		ast_error(&u->diags, u->target ? u->target_loc : (ast_loc){1, 1},
			  "unsupported target '%s' (this build runs sm_10-sm_13, sm_20 and sm_21; Kepler and Maxwell are planned)",
			  target);
		ast_free(u);
		return NULL;
	}
	emu_program *p = xcalloc(1, sizeof *p);
	p->file = xstrdup(file);
	p->target = xstrdup(target);
	p->dialect = c.dialect;
	p->nfuncs = u->nfuncs;
	p->funcs = xcalloc((size_t)u->nfuncs, sizeof *p->funcs);
	for (int i = 0; i < u->nfuncs; i++) {
		ast_func *af = &u->funcs[i];
		p->funcs[i].name = xstrdup(af->name ? af->name : default_name ? default_name : "kernel");
		assemble_func(&c, af, &p->funcs[i]);
	}
	if (u->nfuncs == 0 && u->diags.nerrors == 0)
		ast_error(&u->diags, (ast_loc){1, 1}, "no instructions in the file");
	int nerr = u->diags.nerrors;
	if (nerr)
		fprintf(u->diags.out, "%s: %d error%s\n", file, nerr, nerr == 1 ? "" : "s");
	ast_free(u);
	if (nerr) {
		emu_program_free(p);
		return NULL;
	}
	return p;
}

void emu_program_free(emu_program *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->nfuncs; i++) {
		emu_func *f = &p->funcs[i];
		for (int j = 0; j < f->n; j++) {
			free(f->insns[j].text);
			free(f->insns[j].mnem);
		}
		if (f->labels)
			for (int j = 0; j <= f->n; j++)
				free(f->labels[j]);
		free(f->labels);
		free(f->insns);
		free(f->name);
	}
	free(p->funcs);
	free(p->file);
	free(p->target);
	free(p);
}

int emu_find_func(const emu_program *p, const char *name)
{
	for (int i = 0; i < p->nfuncs; i++)
		if (!strcmp(p->funcs[i].name, name))
			return i;
	return -1;
}

void emu_program_list(const emu_program *p, FILE *out)
{
	int nt;
	const isa_desc *t = isa_table(p->dialect, &nt);
	for (int i = 0; i < p->nfuncs; i++) {
		const emu_func *f = &p->funcs[i];
		fprintf(out, "function %s (%s): %d instructions, registers R0-R%d\n", f->name, p->target,
			f->n, f->nregs ? f->nregs - 1 : 0);
		for (int j = 0; j < f->n; j++) {
			const emu_insn *in = &f->insns[j];
			if (f->labels[j])
				fprintf(out, "%s:\n", f->labels[j]);
			fprintf(out, "  %4d  /*%04x*/  %-44s # %s", j, in->addr, in->text,
				isa_class_name(t[in->op].cls));
			if (t[in->op].cls == ISA_CLASS_CONTROL && in->h != EMU_H_BRX && in->h != EMU_H_BRK &&
			    in->h != EMU_H_CONT && in->h != EMU_H_RET && in->h != EMU_H_EXIT)
				fprintf(out, ", target #%u", in->target);
			if (in->sflag)
				fprintf(out, ", .S");
			fputc('\n', out);
		}
		if (f->labels[f->n])
			fprintf(out, "%s:\n", f->labels[f->n]);
	}
}
