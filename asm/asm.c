/* Assembly: parsed SASS -> flat arrays of instructions with handlers and operands resolved. */
#include <ctype.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "parser/ast.h"
#include "emu/program.h"
#include "emu/semantics.h"
#include "util/arena.h"
#include "util/xalloc.h"
#include "front/ptxplus_read.h"
#include "asm/asm_int.h"
#include "asm/gen.h"


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

/* Edit distance (insertions, deletions, substitutions) of two short names, capped at 9. */
static int edit_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > 31 || m > 31)
		return 9;
	int d[32][32];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

/* The dialect's opcode nearest to an unknown mnemonic (at most 2 edits, and fewer than its
   length), for "did you mean"; NULL if none is that near. */
static const char *nearest_opcode(isa_dialect d, const char *mnem)
{
	int n, best = 3;
	const isa_desc *t = isa_table(d, &n);
	const char *name = NULL;
	for (int i = 0; t && i < n; i++) {
		int e = edit_distance(mnem, t[i].name);
		if (e < best && e < (int)strlen(mnem)) {
			best = e;
			name = t[i].name;
		}
	}
	return name;
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

/* Answers by the parse tree's interned strings (the same mnemonic or modifier is the same
   pointer): a million instructions ask the same few questions of the opcode table. */
#define MEMO_N 1024
typedef struct {
	const char *mnem;
	int nmods;          /* and the modifiers' pointers in asm_memo.mods */
	char *text;
} memo_mnem;
typedef struct {
	const char *shape;
	uint8_t min, max;
	uint16_t fits[AST_MAXOPS]; /* bit k: an operand of kind k fits slot i */
} memo_shape;
struct asm_memo {
	struct { const void *key; int op, val; } e[MEMO_N];
	memo_mnem m[MEMO_N];
	const char *mods[MEMO_N][AST_MAXMODS];
	memo_shape s[MEMO_N];      /* asm_check_shape's, by shape string */
};

static size_t memo_slot(const void *key, int op)
{
	uint64_t h = ((uint64_t)(uintptr_t)key ^ (uint64_t)(op + 3) * 0x9e3779b97f4a7c15u) * 0xff51afd7ed558ccdu;
	return (size_t)(h >> 40) & (MEMO_N - 1);
}


/* A shape string's slots: each kind set as written (a '?' after it taken off) and how
   many operands it takes at least and at most. */
static void shape_slots(const char *shape, char slots[AST_MAXOPS][12], int *pmin, int *pmax)
{
	int min = 0, max = 0;
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
	*pmin = min;
	*pmax = max;
}

/* Does an operand of kind letter k fit a slot's kind set? */
static bool slot_fits(const char *set, char k)
{
	bool fits = strchr(set, k) != NULL;
	if (!fits && k == 'i' && (strchr(set, 'f') || strchr(set, 't')))
		fits = true;
	return fits;
}

/* Check operand count and kinds. A float slot ('f') accepts hex integers (20-bit
   float fields); a target slot ('t') accepts an address. */
bool asm_check_shape(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	if (c->memo) { /* a million instructions have a few shapes: each is read once */
		memo_shape *m = &c->memo->s[memo_slot(c->desc->shape, -3)];
		if (m->shape != c->desc->shape) {
			char slots[AST_MAXOPS][12];
			int min, max;
			shape_slots(c->desc->shape, slots, &min, &max);
			m->shape = c->desc->shape;
			m->min = (uint8_t)min;
			m->max = (uint8_t)max;
			for (int i = 0; i < max; i++) {
				m->fits[i] = 0;
				for (int k = 0; k <= OPND_CCREG; k++)
					if (slot_fits(slots[i], kind_letter(&(ast_opnd){.kind = (uint8_t)k})))
						m->fits[i] |= (uint16_t)(1u << k);
			}
		}
		bool ok = ai->nops >= m->min && ai->nops <= m->max;
		for (int i = 0; ok && i < ai->nops; i++)
			ok = ai->ops[i].kind <= OPND_CCREG && (m->fits[i] >> ai->ops[i].kind & 1);
		if (ok)
			return true;
	}
	/* the slow way, and its errors */
	int min, max;
	char slots[AST_MAXOPS][12];
	shape_slots(c->desc->shape, slots, &min, &max);
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
		const char *set = slots[i];
		if (!slot_fits(set, kind_letter(&ai->ops[i]))) {
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

/* A constant indexed by an address register, c [b] [An+k], exists on sm_1x only. */
static bool areg_const(asm_ctx *c, const ast_insn *ai)
{
	for (int i = 0; i < ai->nops; i++)
		if (ai->ops[i].kind == OPND_CBANK && ai->ops[i].areg) {
			asm_err(c, ai->ops[i].loc, "a constant indexed by an address register (c [b] [An+k]) "
				"exists only on sm_1x, not on %s%s", c->target, "");
			return true;
		}
	return false;
}

/* ---- operands ---- */

void asm_note_reg(asm_ctx *c, int r, int n)
{
	if (r != AST_RZ && r + n - 1 > c->maxreg)
		c->maxreg = r + n - 1;
}

static int max_reg(asm_ctx *c)
{
	return c->gen->max_reg;
}

bool asm_reg_ok(asm_ctx *c, const ast_opnd *o, int n)
{
	if (o->reg == AST_RZ || o->uniform) /* URn: rows the generation placed past the Rn */
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
	if (o->cc) /* RZ.CC too: the result vanishes, the condition code is written */
		c->in->cc_out = 1;
	if (o->reg == AST_RZ)
		return EMU_RZ_SINK;
	asm_note_reg(c, o->reg, n);
	return (uint16_t)o->reg;
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
		if ((b & 0x7fffffffu) == 0x7f800000u && !isinf(o->fval)) {
			char t[40];
			snprintf(t, sizeof t, "%g", o->fval);
			asm_err(c, o->loc, "float literal '%s' is out of range for f32 (overflows to infinity)%s", t, "");
		}
		if (!wide && (b & 0xfff)) {
			asm_err(c, o->loc, "float immediate does not fit the 20-bit field (low mantissa bits "
			    "set); use a 32I form%s", "", "");
		}
		return b;
	}
	int64_t v = o->ival;
	if (o->big) {
		asm_err(c, o->loc, "immediate does not fit in 32 bits%s", "", "");
		return 0;
	}
	if (wide || c->gen->imm32) {
		if (v < -2147483648LL || v > 0xffffffffLL)
			asm_err(c, o->loc, "immediate does not fit in 32 bits%s", "", "");
		return (uint32_t)v;
	}
	if (is_float && (c->gen->imm_values || c->ai->enc_after))
		return f32_bits((double)v); /* CUDA >= 5 layouts print a whole float as an integer */
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
	if (o->half && (o->kind == OPND_REG || o->kind == OPND_CBANK))
		asm_err(c, o->loc, "%s does not take a 16-bit half operand here%s", c->desc->name, "");
	if (o->bsel)
		asm_err(c, o->loc, "%s does not take a byte operand (.B0-.B3) here%s", c->desc->name, "");
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
		if ((o->reg >= 0 && o->reg != AST_RZ) || (o->has_ureg && o->ureg != AST_RZ)) {
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

void asm_mem_operand(asm_ctx *c, const ast_opnd *o, bool wide)
{
	wide |= o->wide64; /* [R2.64]: the pair, whatever the modifiers say */
	c->in->wide = wide;
	c->in->ascale = o->scale;
	c->in->xreg = EMU_NO_REG;
	c->in->azext = wide && o->zext32;
	if (o->has_ureg && o->ureg != AST_RZ) { /* the generation placed URm's row (gen/volta.c) */
		c->in->xreg = (uint16_t)o->ureg; /* with .E a pair: [R4.64+UR4] adds UR4:UR5 */
		asm_note_reg(c, o->ureg, wide ? 2 : 1);
	}
	if (o->reg >= 0 && o->reg != AST_RZ) {
		int nr = wide && !o->zext32 ? 2 : 1; /* [R1.U32+UR6]: R1 alone, zero-extended */
		asm_reg_ok(c, o, nr);
		asm_note_reg(c, o->reg, nr);
		c->in->areg = (uint16_t)o->reg;
	} else
		c->in->areg = EMU_NO_REG;
	if (o->ival < INT32_MIN || o->ival > INT32_MAX)
		asm_err(c, o->loc, "address offset out of range%s", "", "");
	c->in->off = (int32_t)o->ival;
}

/* ---- modifiers ---- */

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

/* The index of the instruction at address a (addrs ascending), or -1. */
static int index_of(const int64_t *addrs, int n, int64_t a)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (addrs[mid] == a)
			return mid;
		if (addrs[mid] < a)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
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
	int i = index_of(addrs, n, o->ival);
	/* a control word's address (Kepler's every 8th slot, Maxwell's every 4th): execution
	   resumes at the instruction after it (SPEC section 2) */
	if (i < 0 && c->gen->ctrl_bytes && o->ival >= 0 && o->ival % c->gen->ctrl_bytes == 0)
		i = index_of(addrs, n, o->ival + 8);
	if (i >= 0)
		return (uint32_t)i;
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
		/* sm_70+: the CTA's rank in its cluster (one-CTA clusters: 0), the generic shared
		   window's high and low words (the window is {EMU_SHARED_WINDOW64 >> 32 : 0}), the SM
		   (one here) and the global timer (the clock) */
		{"SRCGACTAID", SR_ZERO}, {"SRSWINHI", SR_SWINHI}, {"SRSWINLO", SR_ZERO}, {"SRSMID", SR_ZERO},
		{"SRGLOBALTIMERLO", SR_CLOCKLO}, {"SRGLOBALTIMERHI", SR_CLOCKHI},
		{"SRGLOBALTIMER", SR_CLOCKLO},
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(map[i].n, n))
			return map[i].v;
	return -1;
}

/* ---- handler selection: one selector per family, named in the .def row ---- */

/* ---- functions and program ---- */

/* nvdisasm's RET.REL.NODEC R2 `(f): the register plus f's address, as cuobjdump's R2 0x0 */
static void rel_labels(asm_ctx *c)
{
	for (int i = 0; i < c->af->ninsns; i++)
		for (int k = 0; k < c->af->insns[i].nops; k++) {
			ast_opnd *o = &c->af->insns[i].ops[k];
			if (o->kind != OPND_REG || !o->rel || !o->name)
				continue;
			ast_opnd t = {.kind = OPND_LABEL, .loc = o->loc, .name = o->name};
			c->ai = &c->af->insns[i];
			uint32_t x = asm_target_index(c, &t, c->addrs);
			o->ival = x < (uint32_t)c->af->ninsns ? c->addrs[x] : c->af->ninsns ? c->addrs[c->af->ninsns - 1] + 16 : 0;
		}
}

/* isa_lookup (op -1), isa_mod_is_hint (op -2) or isa_mod_ok (op >= 0) of s. Two ways (slots
   k and k ^ 1, the newer in k): two hot keys on one slot, as the addresses of the interned
   strings happen to fall, would otherwise miss on every instruction (isa_lookup is a
   linear search). */
static int memo_isa(asm_ctx *c, int op, const char *s)
{
	size_t k = memo_slot(s, op);
	if (c->memo->e[k].key == s && c->memo->e[k].op == op)
		return c->memo->e[k].val;
	if (c->memo->e[k ^ 1].key == s && c->memo->e[k ^ 1].op == op)
		return c->memo->e[k ^ 1].val;
	int v = op == -1 ? isa_lookup(c->dialect, s) : op == -2 ? isa_mod_is_hint(s) : isa_mod_ok(c->dialect, op, s);
	c->memo->e[k ^ 1] = c->memo->e[k];
	c->memo->e[k].key = s;
	c->memo->e[k].op = op;
	c->memo->e[k].val = v;
	return v;
}

/* The mnemonic with its modifiers (hints left out), one copy per spelling in the program. */
static char *mnem_text(asm_ctx *c, const ast_insn *ai)
{
	uint64_t h = (uint64_t)(uintptr_t)ai->mnem;
	for (int i = 0; i < ai->nmods; i++)
		h = (h ^ (uint64_t)(uintptr_t)ai->mods[i]) * 0x100000001b3u;
	size_t k = memo_slot((const void *)(uintptr_t)h, ai->nmods);
	memo_mnem *m = &c->memo->m[k];
	if (m->text && m->mnem == ai->mnem && m->nmods == ai->nmods &&
	    (!ai->nmods || !memcmp(c->memo->mods[k], ai->mods, sizeof *ai->mods * (size_t)ai->nmods)))
		return m->text;
	char buf[256];
	size_t n = strlen(ai->mnem) + 1;
	for (int i = 0; i < ai->nmods; i++)
		n += strlen(ai->mods[i]) + 1;
	char *s = n <= sizeof buf ? buf : xmalloc(n);
	strcpy(s, ai->mnem);
	char *e = s + strlen(s);
	for (int i = 0; i < ai->nmods; i++)
		if (!memo_isa(c, -2, ai->mods[i])) {
			*e++ = '.';
			e = stpcpy(e, ai->mods[i]);
		}
	char *r = (char *)arena_intern(c->strings, s);
	if (s != buf)
		free(s);
	m->mnem = ai->mnem;
	m->nmods = ai->nmods;
	if (ai->nmods)
		memcpy(c->memo->mods[k], ai->mods, sizeof *ai->mods * (size_t)ai->nmods);
	m->text = r;
	return r;
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
		next = a + (c->gen->insn_bytes ? c->gen->insn_bytes : 8);
	}
	if (c->gen->begin)
		c->gen->begin(c);
	for (int i = 0; i < af->nlabels; i++)
		if (af->labels[i].insn_index <= n && !ef->labels[af->labels[i].insn_index])
			ef->labels[af->labels[i].insn_index] = xstrdup(af->labels[i].name);
	sort_labels(c);
	rel_labels(c);
	for (int i = 0; i < n; ast_done_insn(c->u, c->fi, i), i++) {
		const ast_insn *ai = &af->insns[i];
		emu_insn *in = &ef->insns[i];
		c->ai = ai;
		c->in = in;
		c->idx = i;
		in->addr = (uint32_t)addrs[i];
		in->line = ai->loc.line;
		in->col = ai->loc.col;
		in->text = ai->text; /* the unit's texts become the program's strings */
		in->mnem = mnem_text(c, ai);
		in->enc = ai->enc;
		in->has_enc = ai->has_enc;
		in->guard = ai->has_guard ? (uint8_t)ai->guard : AST_PT;
		in->guard_neg = ai->guard_neg;
		in->d = in->d2 = EMU_RZ_SINK;
		in->areg = in->xreg = EMU_NO_REG;
		int op = memo_isa(c, -1, ai->mnem);
		if (op < 0) {
			static const char *const tex[] = {"TEX", "TLD", "TLD4", "TXQ", "SULD", "SUST", "SURED", NULL};
			bool is_tex = false;
			for (int k = 0; tex[k]; k++)
				is_tex |= !strcmp(ai->mnem, tex[k]);
			static const char *const mma[] = {"HMMA", "IMMA", "BMMA", "DMMA", "HGMMA", "IGMMA", "QGMMA",
							  "BGMMA", "LDSM", "STSM", "WARPGROUP", NULL};
			bool is_mma = false;
			for (int k = 0; mma[k]; k++)
				is_mma |= !strcmp(ai->mnem, mma[k]);
			if (is_tex)
				ast_error(c->dg, ai->loc, ai->mnem[0] == 'S' ? "unsupported opcode '%s' for %s: surface "
					  "accesses are not emulated" : "unsupported opcode '%s' for %s: texture instructions "
					  "run on sm_30 and later (with .texture)", ai->mnem, c->target);
			else if (is_mma)
				ast_error(c->dg, ai->loc, "unsupported opcode '%s' for %s: tensor-core instructions "
					  "(matrix fragments spread over a warp's lanes) are not emulated", ai->mnem, c->target);
			else if (!strcmp(ai->mnem, "LDGSTS") || !strcmp(ai->mnem, "LDGDEPBAR") || !strcmp(ai->mnem, "UBLKCP") ||
				 !strcmp(ai->mnem, "UTMALDG") || !strcmp(ai->mnem, "UTMASTG") || !strcmp(ai->mnem, "UTMAPF") ||
				 !strcmp(ai->mnem, "UBLKRED") || !strcmp(ai->mnem, "UBLKPF") || !strcmp(ai->mnem, "ARRIVES"))
				ast_error(c->dg, ai->loc, "unsupported opcode '%s' for %s: asynchronous copies (cp.async, "
					  "the bulk and TMA copies) are not emulated", ai->mnem, c->target);
			else if (nearest_opcode(c->dialect, ai->mnem))
				ast_error(c->dg, ai->loc, "unsupported opcode '%s' for %s; did you mean %s?", ai->mnem,
					  c->target, nearest_opcode(c->dialect, ai->mnem));
			else
				asm_err(c, ai->loc, "unsupported opcode '%s' for %s", ai->mnem, c->target);
			continue;
		}
		int nt;
		c->desc = &isa_table(c->dialect, &nt)[op];
		in->op = (uint16_t)op;
		bool mods_ok = true;
		for (int k = 0; k < ai->nmods; k++)
			if (!memo_isa(c, op, ai->mods[k])) {
				char what[80];
				snprintf(what, sizeof what, "%s' for %s", ai->mods[k], ai->mnem);
				asm_err(c, ai->modloc[k], "unsupported modifier '.%s on %s", what, c->target);
				mods_ok = false;
			}
		in->sflag = asm_has_mod(ai, "S");
		if (!mods_ok || !asm_check_shape(c))
			continue;
		if (isa_ptx_flavour(c->dialect) != ISA_PTX_TESLA && areg_const(c, ai))
			continue;
		c->cc_test = -1;
		c->gen->selectors[op](c, op);
		if (c->gen->after)
			c->gen->after(c);
		if (c->cc_test >= 0 && !(in->steps & EMU_STEP_GUARD))
			asm_err(c, ai->loc, "a condition-code test is not a guard on %s%s", c->target, "");
	}
	if (c->gen->finish)
		c->gen->finish(c);
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
		asm_variant(in);
	}
	free(addrs);
	return c->dg->nerrors == errs0;
}

typedef struct {
	const char *name;
	int i;
} named;

static int by_name_index(const void *a, const void *b)
{
	const named *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Two functions of one name: --kernel and .kernel could not tell them apart. Each later
   one is an error at its 'Function :' line (sorted, so many functions stay O(n log n)). */
static void dup_funcs(ast_unit *u, const emu_program *p)
{
	named *v = xcalloc((size_t)(p->nfuncs ? p->nfuncs : 1), sizeof *v);
	for (int i = 0; i < p->nfuncs; i++)
		v[i] = (named){p->funcs[i].name, i};
	qsort(v, (size_t)p->nfuncs, sizeof *v, by_name_index);
	int first = 0; /* v's index of the first function of the current name */
	for (int i = 1; i < p->nfuncs; i++)
		if (strcmp(v[i].name, v[first].name))
			first = i;
		else {
			char m[48];
			snprintf(m, sizeof m, "%d", u->funcs[v[first].i].loc.line);
			ast_error(&u->diags, u->funcs[v[i].i].loc, "function '%s' is defined twice (first at line %s)",
				  v[i].name, m);
		}
	free(v);
}

emu_program *asm_assemble(const char *file, const char *src, const char *target_override, const char *target_at,
			  const char *default_name, FILE *diag, gen_lookup_fn gen_of)
{
	/* either syntax gives the same parse tree */
	ast_unit *u = ptx_looks_like(src) ? ast_parse_ptxplus(file, src, diag) : ast_parse_sass(file, src, diag);
	if (!u)
		return NULL;
	/* a listing for another generation is not read past its target line, whatever --target says */
	const char *target = u->foreign_target ? u->target : target_override ? target_override : u->target ? u->target : "sm_20";
	asm_ctx c = {.dg = &u->diags, .target = target, .u = u};
	c.dialect = isa_dialect_of(target);
	c.gen = gen_of(c.dialect);
	if (c.dialect == ISA_DIALECT_NONE && target == target_override) { /* the option's fault, not the file's */
		if (target_at) /* a .target directive's */
			fprintf(u->diags.out, "%s: error: unknown target '%s' (this build runs%s)\n", target_at, target,
				isa_all_targets());
		else
			fprintf(u->diags.out, "simtemu: error: --target %s: unknown target (this build runs%s)\n", target,
				isa_all_targets());
		ast_free(u);
		return NULL;
	}
	if (u->target && target_override && isa_dialect_of(u->target) != ISA_DIALECT_NONE &&
	    isa_dialect_of(u->target) != c.dialect) {
		if (target_at)
			ast_error(&u->diags, u->target_loc, "the listing is code for %s; '.target %s' (%s) names another generation",
				  u->target, target_override, target_at);
		else
			ast_error(&u->diags, u->target_loc, "the listing is code for %s; --target %s names another generation",
				  u->target, target_override);
		fprintf(u->diags.out, "%s: 1 error\n", file);
		ast_free(u);
		return NULL;
	}
	if (c.dialect == ISA_DIALECT_NONE) {
		ast_error(&u->diags, u->target ? u->target_loc : (ast_loc){1, 1},
			  "unsupported target '%s' (this build runs%s)", target, isa_all_targets());
		ast_free(u);
		return NULL;
	}
	emu_program *p = xcalloc(1, sizeof *p);
	p->file = xstrdup(file);
	p->target = xstrdup(target);
	p->dialect = c.dialect;
	p->rt = c.gen->rt;
	p->ctrl_bytes = c.gen->ctrl_bytes;
	p->nfuncs = u->nfuncs;
	p->funcs = xcalloc((size_t)u->nfuncs, sizeof *p->funcs);
	p->strings = u->texts ? u->texts : arena_new();
	u->texts = NULL;
	c.strings = p->strings;
	c.memo = xcalloc(1, sizeof *c.memo);
	for (int i = 0; i < u->nfuncs; i++) {
		ast_func *af = &u->funcs[i];
		p->funcs[i].name = xstrdup(af->name ? af->name : default_name ? default_name : "kernel");
		c.fi = i;
		assemble_func(&c, af, &p->funcs[i]);
		ast_free_func_insns(u, i); /* its parse tree is done with */
	}
	free(c.memo);
	dup_funcs(u, p);
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
		if (f->labels)
			for (int j = 0; j <= f->n; j++)
				free(f->labels[j]);
		free(f->labels);
		free(f->insns);
		free(f->ext);
		free(f->name);
	}
	free(p->funcs);
	free(p->file);
	free(p->target);
	arena_free(p->strings);
	free(p);
}

int emu_find_func(const emu_program *p, const char *name)
{
	for (int i = 0; i < p->nfuncs; i++)
		if (!strcmp(p->funcs[i].name, name))
			return i;
	return -1;
}

/* v in decimal, at least width digits (padded with spaces), before e; returns the new e. */
static char *put_dec(char *e, uint32_t v, int width)
{
	char d[12];
	int n = 0;
	do
		d[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	for (int k = n; k < width; k++)
		*e++ = ' ';
	while (n)
		*e++ = d[--n];
	return e;
}

/* v in hex, at least 4 digits (zero-padded), before e; returns the new e. */
static char *put_hex4(char *e, uint32_t v)
{
	int n = 4;
	while (n < 8 && v >> 4 * n)
		n++;
	for (int k = n - 1; k >= 0; k--)
		*e++ = "0123456789abcdef"[v >> 4 * k & 15];
	return e;
}

/* fprintf's "  %4d  /-*%04x*-/  %-44s # %s" (without the dashes), ", target #%u" when
   target >= 0, ", .S" when sflag, and the newline, in one write: printf was a tenth of
   listing a million instructions. */
static void list_line(FILE *out, int j, uint32_t addr, const char *text, const char *cls, int64_t target,
		      bool sflag)
{
	char b[256];
	size_t tn = strlen(text), cn = strlen(cls);
	if (j < 0 || tn > 120 || cn > 40) {
		fprintf(out, "  %4d  /*%04x*/  %-44s # %s", j, addr, text, cls);
		if (target >= 0)
			fprintf(out, ", target #%u", (unsigned)target);
		if (sflag)
			fprintf(out, ", .S");
		fputc('\n', out);
		return;
	}
	char *e = put_dec(b + 2, (uint32_t)j, 4);
	b[0] = b[1] = ' ';
	memcpy(e, "  /*", 4);
	e = put_hex4(e + 4, addr);
	memcpy(e, "*/  ", 4);
	memcpy(e += 4, text, tn);
	e += tn;
	for (size_t k = tn; k < 44; k++)
		*e++ = ' ';
	memcpy(e, " # ", 3);
	memcpy(e += 3, cls, cn);
	e += cn;
	if (target >= 0) {
		memcpy(e, ", target #", 10);
		e = put_dec(e + 10, (uint32_t)target, 1);
	}
	if (sflag) {
		memcpy(e, ", .S", 4);
		e += 4;
	}
	*e++ = '\n';
	fwrite(b, 1, (size_t)(e - b), out);
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
			bool branch = t[in->op].cls == ISA_CLASS_CONTROL && in->h != EMU_H_BRX && in->h != EMU_H_BRK &&
				      in->h != EMU_H_CONT && in->h != EMU_H_RET && in->h != EMU_H_EXIT;
			list_line(out, j, in->addr, in->text, isa_class_name(t[in->op].cls),
				  branch ? (int64_t)in->target : -1, in->sflag);
		}
		if (f->labels[f->n])
			fprintf(out, "%s:\n", f->labels[f->n]);
	}
}
