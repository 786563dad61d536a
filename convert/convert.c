/* simtemu convert: SASS printed as PTXPlus, one instruction per line, and back (Fermi, and
   Tesla in GPGPU-Sim's spelling).
   Spellings follow the SASS/PTXPlus pairs of the thesis (its section 4.1) where they show
   one; unlike GPGPU-Sim's converter, the printer keeps what execution needs (.S as .s,
   PBK/BRK, the stack pointer's constant, signedness, RRO's function). */
#include "convert/convert.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "front/ptxplus_read.h"
#include "front/ptxplus_video.h"
#include "parser/ast.h"
#include "util/xalloc.h"

typedef struct {
	char *buf;
	size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(sbuf *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(b->buf + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < b->cap - b->len) {
			b->len += (size_t)n;
			return;
		}
		b->cap = b->cap ? 2 * b->cap + (size_t)n : 256 + (size_t)n;
		b->buf = xrealloc(b->buf, b->cap);
	}
}

static bool has(const ast_insn *ai, const char *m)
{
	for (int i = 0; i < ai->nmods; i++)
		if (!strcmp(ai->mods[i], m))
			return true;
	return false;
}

static const char *first_of(const ast_insn *ai, const char *const *set)
{
	for (int i = 0; i < ai->nmods; i++)
		for (int k = 0; set[k]; k++)
			if (!strcmp(ai->mods[i], set[k]))
				return set[k];
	return NULL;
}

static void lower(char *d, const char *s, size_t n)
{
	size_t i = 0;
	for (; s[i] && i + 1 < n; i++)
		d[i] = (char)tolower((unsigned char)s[i]);
	d[i] = 0;
}

/* ---- operands ---- */

typedef struct {
	const char *kernel;
	bool is_float; /* immediates of this operand are float fields */
} pctx;

static uint32_t imm32(const ast_opnd *o, bool is_float, bool wide)
{
	if (o->kind == OPND_FIMM) {
		float f = (float)o->fval;
		uint32_t u;
		memcpy(&u, &f, 4);
		return u;
	}
	int64_t v = o->ival;
	if (wide)
		return (uint32_t)v;
	if (is_float) /* the 20-bit float field is the top of the IEEE single */
		return v < 0 ? ((uint32_t)(-v) << 12) ^ 0x80000000u : (uint32_t)v << 12;
	if (v >= 0 && v <= 0xfffff)
		return (uint32_t)((int32_t)((uint32_t)v << 12) >> 12);
	return (uint32_t)v;
}

/* -x, ~x or !p, and the opening bar of |x|: the same in both syntaxes */
static void opnd_prefix(sbuf *b, const ast_opnd *o, bool neg)
{
	if (neg)
		put(b, "-");
	if (o->inv)
		put(b, o->kind == OPND_PRED ? "!" : "~");
	if (o->abs)
		put(b, "|");
}

/* What differs between the two syntaxes in registers and predicates: RZ, Rn and Pn. */
typedef struct {
	const char *rz, *reg, *pred;
} spelling;
static const spelling ptx_spelling = {"0x00", "$r%d", "$p%d"};
static const spelling sass_spelling = {"RZ", "R%d", "P%d"};

/* A register or a predicate in spelling s (Tesla's operands: nothing); false for any other
   operand, which each syntax prints its own way. */
static bool reg_or_pred(sbuf *b, const ast_opnd *o, const spelling *s)
{
	switch (o->kind) {
	case OPND_REG:
		if (o->reg == AST_RZ)
			put(b, "%s", s->rz);
		else
			put(b, s->reg, o->reg);
		return true;
	case OPND_AREG: case OPND_SMEM: case OPND_CCREG:
		return true; /* Tesla operands: sm_1x listings are not converted */
	case OPND_PRED:
		if (o->reg == AST_PT)
			put(b, "pt");
		else
			put(b, s->pred, o->reg);
		return true;
	default:
		return false;
	}
}

/* The other operands in PTXPlus. */
static void ptx_other(sbuf *b, const pctx *p, const ast_opnd *o, bool is_float, bool wide)
{
	switch (o->kind) {
	case OPND_IMM:
	case OPND_FIMM:
		put(b, "0x%08x", imm32(o, is_float, wide));
		break;
	case OPND_CBANK: {
		char idx[32] = "";
		if (o->reg >= 0 && o->reg != AST_RZ)
			snprintf(idx, sizeof idx, "$r%d+", o->reg);
		if (o->bank == 0 && o->ival >= 0x10 && !idx[0])
			put(b, "k [0x%04llx]", (unsigned long long)(o->ival - 0x10)); /* parameters */
		else if (o->bank == 16)
			put(b, "constant1%s[%s0x%04llx]", p->kernel, idx, (unsigned long long)o->ival);
		else
			put(b, "constant%d[%s0x%04llx]", o->bank, idx, (unsigned long long)o->ival);
		break;
	}
	case OPND_SREG: {
		char n[40];
		lower(n, o->name + 3, sizeof n); /* SR_Tid_X -> tid_x */
		for (char *c = n; *c; c++)
			if (*c == '_')
				*c = '.';
		if (!strcmp(n, "clocklo"))
			strcpy(n, "clock");
		put(b, "%%%s", n);
		break;
	}
	default:
		put(b, "?");
	}
}

static void opnd(sbuf *b, const pctx *p, const ast_opnd *o, bool is_float, bool wide)
{
	opnd_prefix(b, o, o->neg);
	if (!reg_or_pred(b, o, &ptx_spelling))
		ptx_other(b, p, o, is_float, wide);
	if (o->abs)
		put(b, "|");
}

/* A memory operand: $rA, then the offset when it is not zero (LDU always prints it). */
static void address(sbuf *b, const ast_opnd *o, bool always_off)
{
	if (o->reg >= 0 && o->reg != AST_RZ) {
		put(b, "$r%d", o->reg);
		if (o->ival || always_off)
			put(b, o->ival ? ", 0x%08llx" : ", 0x00", (unsigned long long)(uint32_t)o->ival);
	} else
		put(b, "0x%08llx", (unsigned long long)(uint32_t)o->ival);
}

static void target(sbuf *b, const ast_opnd *o, bool label)
{
	if (o->kind == OPND_LABEL)
		put(b, "%s", o->name);
	else
		put(b, label ? "l0x%08llx" : "0x%08llx", (unsigned long long)o->ival);
}

/* ---- mnemonics ---- */

static const char *int_type(const ast_insn *ai)
{
	return has(ai, "U32") || has(ai, "UD") ? "u32" : "s32";
}

static const char *width_type(const ast_insn *ai)
{
	static const char *const w[] = {"U8", "S8", "U16", "S16", "64", "128", NULL};
	static const char *const ptx[] = {"u8", "s8", "u16", "s16", "b64", "b128"};
	const char *m = first_of(ai, w);
	for (int i = 0; m && w[i]; i++)
		if (m == w[i])
			return ptx[i];
	return "u32";
}

static const char *cmp_of(const ast_insn *ai)
{
	static const char *const c[] = {"LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU", "LEU",
					"GTU", "NEU", "GEU", "T", "F", NULL};
	return first_of(ai, c);
}

/* A PTXPlus part from a modifier: ".x" for X. */
static void part(sbuf *b, const char *mod)
{
	char t[24];
	lower(t, mod, sizeof t);
	put(b, ".%s", t);
}

static void flag(sbuf *b, const ast_insn *ai, const char *mod)
{
	if (has(ai, mod))
		part(b, mod);
}

/* the tail, or the integer type when the row has none */
static void type_tail(sbuf *b, const ast_insn *ai, const isa_desc *r)
{
	if (r->tail[0])
		put(b, "%s", r->tail);
	else
		put(b, ".%s", int_type(ai));
}

/* the first modifier of a set, lower case, or a default */
static void first_part(sbuf *b, const ast_insn *ai, const char *const *set, const char *def)
{
	const char *m = first_of(ai, set);
	if (m)
		part(b, m);
	else if (def)
		put(b, ".%s", def);
}

/* CHOICE's tail "a|b|...|z.rest": the first alternative whose modifier is there, else the
   last; then .rest */
static void choice(sbuf *b, const ast_insn *ai, const char *tail)
{
	size_t n = strcspn(tail, ".");
	const char *alt = tail;
	for (;;) {
		size_t l = strcspn(alt, "|.");
		char a[16], u[16];
		snprintf(a, sizeof a, "%.*s", (int)l, alt);
		for (size_t i = 0; i <= strlen(a); i++)
			u[i] = (char)toupper((unsigned char)a[i]);
		if (alt[l] != '|' || has(ai, u)) {
			put(b, ".%s", a);
			break;
		}
		alt += l + 1;
	}
	put(b, "%s", tail + n);
}

/* The PTXPlus mnemonic of an instruction, as its row's spelling and style say; operands
   say how to print the rest. */
static void mnemonic(sbuf *b, const ast_insn *ai, isa_dialect d, int op)
{
	int n;
	const isa_desc *r = &isa_table(d, &n)[op];
	static const char *const rnd[] = {"RZ", "RM", "RP", NULL};
	static const char *const bop[] = {"AND", "OR", "XOR", NULL};
	const char *s = has(ai, "S") ? ".s" : "";
	char w[48];
	int k = -1;
	if (r->style == ISA_PS_WORDMOD) /* the spelling of the first of the row's leading modifiers */
		for (int i = 0; i < ai->nmods && k < 0; i++)
			for (int j = 0; k < 0 && isa_ptx_word(d, op, j, w, sizeof w) && isa_mod_word(d, op, j, w, sizeof w); j++)
				if (!strcmp(ai->mods[i], w))
					k = j;
	if (k < 0)
		k = 0;
	isa_ptx_word(d, op, k, w, sizeof w);
	put(b, "%s", w);
	switch (r->style) {
	case ISA_PS_PLAIN: case ISA_PS_SREG: case ISA_PS_WORDMOD:
		put(b, "%s%s", s, r->tail);
		return;
	case ISA_PS_TOKEN: case ISA_PS_JUMP: case ISA_PS_FIXED:
		put(b, "%s", r->tail);
		return;
	case ISA_PS_IADD:
		put(b, "%s", s);
		flag(b, ai, "X");
		flag(b, ai, "CC");
		flag(b, ai, "SAT");
		type_tail(b, ai, r);
		return;
	case ISA_PS_IMUL:
		put(b, "%s%s", s, has(ai, "HI") ? ".hi" : ".lo");
		flag(b, ai, "X");
		flag(b, ai, "CC");
		type_tail(b, ai, r);
		return;
	case ISA_PS_SHIFT:
		put(b, "%s", s);
		flag(b, ai, "W");
		type_tail(b, ai, r);
		return;
	case ISA_PS_SETP: case ISA_PS_ICMP: {
		char c[8];
		lower(c, cmp_of(ai) ? cmp_of(ai) : "eq", sizeof c);
		put(b, "%s.%s", s, c);
		if (r->style == ISA_PS_SETP) {
			first_part(b, ai, bop, "and");
			flag(b, ai, "X");
			flag(b, ai, "BF");
			flag(b, ai, "FTZ");
		}
		type_tail(b, ai, r);
		return;
	}
	case ISA_PS_PSETP: {
		int j = 0;
		char bo[2][8] = {"and", "and"};
		for (int i = 0; i < ai->nmods && j < 2; i++)
			for (int q = 0; bop[q]; q++)
				if (!strcmp(ai->mods[i], bop[q]))
					lower(bo[j++], ai->mods[i], 8);
		put(b, "%s.%s.%s%s%s", s, bo[0], bo[1], has(ai, "BF") ? ".bf" : "", r->tail);
		return;
	}
	case ISA_PS_MINMAX:
		put(b, "%s", s);
		flag(b, ai, "BREV");
		type_tail(b, ai, r);
		return;
	case ISA_PS_CVT: {
		put(b, "%s", s);
		static const char *const rd[] = {"TRUNC", "FLOOR", "CEIL", "ROUND", "RZ", "RM", "RP", "RN", NULL};
		static const char *const ri[] = {"rzi", "rmi", "rpi", "rni", "rz", "rm", "rp", "rn"};
		const char *m = first_of(ai, rd);
		for (int i = 0; m && rd[i]; i++)
			if (!strcmp(m, rd[i]))
				put(b, ".%s", ri[i]);
		flag(b, ai, "FTZ");
		flag(b, ai, "SAT");
		int nt = 0;
		for (int i = 0; i < ai->nmods; i++) {
			const char *q = ai->mods[i];
			if ((q[0] == 'U' || q[0] == 'S' || q[0] == 'F') && isdigit((unsigned char)q[1])) {
				part(b, q);
				nt++;
			}
		}
		if (!nt) /* the defaults, written out */
			put(b, "%s", r->tail);
		return;
	}
	case ISA_PS_FARITH:
		put(b, "%s", s);
		first_part(b, ai, rnd, NULL);
		flag(b, ai, "FTZ");
		flag(b, ai, "SAT");
		put(b, "%s", r->tail);
		return;
	case ISA_PS_CHOICE:
		put(b, "%s", s);
		choice(b, ai, r->tail);
		return;
	case ISA_PS_VIDEO: {
		char v[64];
		ptx_video_suffix(ai, v, sizeof v);
		put(b, "%s%s", s, v);
		return;
	}
	case ISA_PS_FLO:
		put(b, "%s", s);
		flag(b, ai, "SH");
		put(b, ".%s", has(ai, "S32") ? "s32" : "u32");
		return;
	case ISA_PS_MEM: case ISA_PS_MEMU:
		put(b, "%s%s.%s", s, has(ai, "E") ? ".e" : "", width_type(ai));
		return;
	case ISA_PS_LDLDU: { /* the thesis's ldu.global.u32 for .32.32; other widths spelled out */
		int j = 0, wd[2] = {32, 32};
		for (int i = 0; i < ai->nmods && j < 2; i++)
			if (!strcmp(ai->mods[i], "32") || !strcmp(ai->mods[i], "64"))
				wd[j++] = atoi(ai->mods[i]);
		put(b, "%s%s", s, has(ai, "E") ? ".e" : "");
		if (wd[0] == 32 && wd[1] == 32)
			put(b, ".u32");
		else
			put(b, ".%s.%s", wd[0] == 64 ? "b64" : "u32", wd[1] == 64 ? "b64" : "u32");
		return;
	}
	case ISA_PS_LDC:
		put(b, "%s%s%s", s, r->tail, has(ai, "64") ? ".doublereg" : "");
		return;
	case ISA_PS_ATOM: {
		static const char *const o2[] = {"ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR", "EXCH", "CAS", NULL};
		static const char *const ty[] = {"U32", "S32", "U64", "S64", "F32", NULL};
		put(b, "%s%s", s, has(ai, "E") ? ".e" : "");
		first_part(b, ai, o2, "add");
		first_part(b, ai, ty, "u32");
		return;
	}
	case ISA_PS_BRA:
		put(b, "%s%s%s", has(ai, "U") ? ".uni" : "", s, r->tail);
		return;
	case ISA_PS_BAR:
		put(b, has(ai, "RED") ? ".red.popc.u32" : ".sync");
		return;
	default:
		put(b, "?");
	}
}

static void operands(sbuf *b, const pctx *p, const ast_insn *ai, isa_dialect d, int op)
{
	int n;
	isa_pstyle st = isa_table(d, &n)[op].style;
	bool wide = isa_imm32(d, op);
	for (int i = 0; i < ai->nops; i++) {
		const ast_opnd *o = &ai->ops[i];
		if (o->kind == OPND_CCTEST) /* NOP's CC.T: a hint */
			continue;
		put(b, i ? ", " : " ");
		if (o->kind == OPND_MEM)
			address(b, o, st == ISA_PS_MEMU);
		else if (o->kind == OPND_IMM && st == ISA_PS_TOKEN)
			target(b, o, false);
		else if (o->kind == OPND_LABEL || (o->kind == OPND_IMM && isa_is_branch(d, op)))
			target(b, o, true);
		else
			opnd(b, p, o, isa_slot_is_float(d, op, i), wide);
	}
}

/* The converted text if there was no error, else the error count; frees both. */
static int finish(ast_unit *u, sbuf *b, const char *file, FILE *out)
{
	int errs = u->diags.nerrors;
	if (!errs)
		fwrite(b->buf, 1, b->len, out);
	else
		fprintf(u->diags.out, "%s: %d error%s\n", file, errs, errs == 1 ? "" : "s");
	free(b->buf);
	ast_free(u);
	return errs ? 1 : 0;
}

/* The launch directives come along, so the converted file runs as the original did. */
static void directives(sbuf *b, const char *src)
{
	bool first = true;
	for (const char *l = src; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
		const char *t = l + strspn(l, " \t");
		if (*t != '.' || !islower((unsigned char)t[1]) || !strncmp(t, ".target", 7) || !strncmp(t, ".version", 8) ||
		    !strncmp(t, ".entry", 6) || !strncmp(t, ".reg", 4) ||
		    (!strncmp(t, ".const", 6) && t[6 + strspn(t + 6, " \t")] == '.') ||
		    !strncmp(t, ".global", 7) || !strncmp(t, ".headerflags", 12))
			continue;
		if (first)
			put(b, "\n// launch directives (simtemu)\n");
		first = false;
		put(b, "%.*s\n", (int)strcspn(t, "\r\n"), t);
	}
}

static bool addr_label(const char *name, unsigned *addr)
{
	char tail;
	return name && !strncmp(name, "l0x", 3) && strlen(name) == 11 && sscanf(name + 3, "%8x%c", addr, &tail) == 1;
}

/* ---- Tesla (sm_1x): SASS -> PTXPlus in GPGPU-Sim's spelling, and back ----
   The PTXPlus side is what cuobjdump_to_ptxplus writes (README of corpus/ptxplus), plus
   what it loses and execution needs: ".s" (the join flag), the real carry register of
   IMAD's carry-in form, and spellings for the forms its text runs together (g2r, a2r via
   mov from $ofs, the 32I forms as add32i / mul32i / mad32i). */

static int t_width(const ast_insn *ai, const isa_desc *r)
{
	for (int i = 0; i < ai->nmods; i++)
		if (!strcmp(ai->mods[i], "U16") || !strcmp(ai->mods[i], "S16"))
			return r->style == ISA_PS_T_WIDE || r->style == ISA_PS_T_WIDEMAD ? 4 : 2;
	return 4;
}

/* a launch-header word read as a 16-bit g [..] operand: GPGPU-Sim's special register */
static const char *t_header_sreg(const ast_opnd *o)
{
	static const char *const h[] = {NULL, "ntid.x", "ntid.y", "ntid.z", "nctaid.x", "nctaid.y", "ctaid.x", "ctaid.y"};
	if (o->kind != OPND_SMEM || o->reg >= 0 || o->width != 2 || o->ival < 1 || o->ival > 7)
		return NULL;
	return h[o->ival];
}

static void t_ptx_opnd(sbuf *b, const pctx *p, const ast_insn *ai, const ast_opnd *o, int width)
{
	opnd_prefix(b, o, o->neg);
	int w = o->width ? o->width : width;
	switch (o->kind) {
	case OPND_REG:
		if (o->reg == AST_RZ)
			put(b, "$o127");
		else
			put(b, "$r%d%s", o->reg, o->half == 1 ? ".lo" : o->half == 2 ? ".hi" : "");
		break;
	case OPND_SMEM:
		if (t_header_sreg(o))
			put(b, "%%%s", t_header_sreg(o));
		else if (o->reg >= 0)
			put(b, "s[$ofs%d+0x%04llx]", o->reg, (unsigned long long)(o->ival * w));
		else
			put(b, "s[0x%04llx]", (unsigned long long)(o->ival * w));
		break;
	case OPND_AREG:
		put(b, "$ofs%d", o->reg);
		break;
	case OPND_CBANK:
		if (o->bank == 1)
			put(b, "constant1%s[0x%04llx]", p->kernel, (unsigned long long)(o->ival * w));
		else
			put(b, "constant%d[0x%04llx]", o->bank, (unsigned long long)(o->ival * w));
		break;
	case OPND_MEM:
		put(b, "[$r%d]", o->reg);
		break;
	case OPND_IMM:
		put(b, "0x%08x", (uint32_t)o->ival);
		break;
	case OPND_FIMM: {
		float f = (float)o->fval;
		uint32_t u;
		memcpy(&u, &f, 4);
		put(b, "0x%08x", u);
		break;
	}
	case OPND_LABEL:
		put(b, "%s", o->name);
		break;
	case OPND_SREG:
		put(b, "%%clock");
		break;
	default:
		put(b, "?");
		break;
	}
	if (o->abs)
		put(b, "|");
	(void)ai;
}

/* not.b32 d, a: GPGPU-Sim's LOP.PASS_B d, d, ~a */
static bool t_not_form(const ast_insn *ai, const isa_desc *r)
{
	return r->style == ISA_PS_T_LOP && has(ai, "PASS_B") && ai->nops == 3 && ai->ops[2].inv;
}

/* I2I.U32.S32 d, |a|: GPGPU-Sim's abs.u32 d, a (a row with a second spelling) */
static bool t_abs_form(const ast_insn *ai, const isa_desc *r, const char *ty)
{
	return r->style == ISA_PS_T_CVT && strchr(r->ptx, '|') && !strcmp(ty, ".u32.s32") && ai->nops == 2 &&
	       ai->ops[1].abs && !ai->ops[1].neg;
}

/* The PTXPlus mnemonic of a Tesla instruction, as its row's spelling and style say. */
static void t_ptx_mnemonic(sbuf *b, const ast_insn *ai, int op)
{
	int n;
	const isa_desc *r = &isa_table(ISA_DIALECT_SM10, &n)[op];
	bool u16 = has(ai, "U16"), s32 = has(ai, "S32");
	char ty[24] = "", w[48];
	for (int i = 0; i < ai->nmods; i++) { /* the type parts in order, lower case */
		const char *t = ai->mods[i];
		if ((t[0] == 'U' || t[0] == 'S' || t[0] == 'F') && isdigit((unsigned char)t[1]) && strlen(ty) + 6 < sizeof ty) {
			char l[8];
			lower(l, t, sizeof l);
			strcat(ty, ".");
			strcat(ty, l);
		}
	}
	const char *s = has(ai, "S") ? ".s" : "";
	int k = 0;
	if (r->style == ISA_PS_T_LOP) { /* the spelling of its operation, not for the not form */
		int last = 0;
		while (isa_ptx_word(ISA_DIALECT_SM10, op, last + 1, w, sizeof w))
			last++;
		k = t_not_form(ai, r) ? last : last - 1;
		for (int j = last - 1; j >= 0 && !t_not_form(ai, r); j--)
			if (isa_mod_word(ISA_DIALECT_SM10, op, j, w, sizeof w) && has(ai, w))
				k = j;
	} else if (t_abs_form(ai, r, ty))
		k = 1;
	isa_ptx_word(ISA_DIALECT_SM10, op, k, w, sizeof w);
	switch (r->style) {
	case ISA_PS_T_MOV: case ISA_PS_T_U16:
		put(b, "%s%s%s%s", w, s, r->tail, u16 ? ".u16" : ".u32");
		return;
	case ISA_PS_T_WIDE: case ISA_PS_T_WIDEMAD: {
		size_t h = strlen(ty) / 2; /* IMUL.U16.U16 is GPGPU-Sim's mul.wide.u16 */
		if (h && !strncmp(ty, ty + h, h) && ty[h] == '.')
			ty[h] = 0;
		put(b, "%s%s%s.wide%s", w, s, r->tail, ty[0] ? ty : ".u16");
		return;
	}
	case ISA_PS_T_SIGNED:
		put(b, "%s%s%s", w, s, s32 ? ".s32" : ".u32");
		return;
	case ISA_PS_T_LOP:
		put(b, "%s%s%s", w, s, u16 ? ".u16" : ".b32");
		return;
	case ISA_PS_T_SET: {
		char c[8];
		lower(c, ai->nops ? ai->ops[ai->nops - 1].name ? ai->ops[ai->nops - 1].name : "" : "", sizeof c);
		put(b, "%s%s.%s%s", w, s, c, r->tail[0] ? r->tail : s32 ? ".s32.s32" : ".u32.u32");
		return;
	}
	case ISA_PS_T_CVT:
		if (k)
			put(b, "%s%s.u32", w, s);
		else
			put(b, "%s%s%s%s", w, s, has(ai, "TRUNC") ? ".rz" : "", ty);
		return;
	case ISA_PS_T_FARITH:
		put(b, "%s%s%s%s.f32", w, s, r->tail, has(ai, "TRUNC") ? ".rz" : "");
		return;
	case ISA_PS_CHOICE:
		put(b, "%s%s", w, s);
		choice(b, ai, r->tail);
		return;
	case ISA_PS_T_GMEM: { /* ld.s.global: the join flag before the state space */
		size_t l = strcspn(w, ".");
		put(b, "%.*s%s%s%s", (int)l, w, s, w + l,
		    has(ai, "S64") || has(ai, "U64") ? ".v2.u32" : ty[0] ? ty : ".u32");
		return;
	}
	default:
		put(b, "%s%s%s", w, s, r->tail);
	}
}

/* One Tesla instruction as a PTXPlus line (without label or ';'). */
static void t_ptx_insn(sbuf *b, const pctx *p, const ast_insn *ai, int op)
{
	int nt;
	const isa_desc *r = &isa_table(ISA_DIALECT_SM10, &nt)[op];
	sbuf mb = {0};
	t_ptx_mnemonic(&mb, ai, op);
	const char *mn = mb.buf;
	int first = 0, cw = -1;
	for (int i = 0; i < ai->nmods; i++)
		if (ai->mods[i][0] == 'C' && ai->mods[i][1] >= '0' && ai->mods[i][1] <= '3' && !ai->mods[i][2])
			cw = ai->mods[i][1] - '0';
	if (ai->nops && ai->ops[0].kind == OPND_CCREG) { /* BRA C0.NE, t: the guard */
		char c[12];
		lower(c, ast_cond_name(ai->ops[0].bank), sizeof c);
		put(b, "@$p%d.%s ", ai->ops[0].reg, !strcmp(c, "carry") ? "cf" : c);
		first = 1;
	} else if (ai->has_tguard && ai->tcond >= 0) {
		char c[12];
		lower(c, ast_cond_name(ai->tcond), sizeof c);
		put(b, "@$p%d.%s ", ai->tcreg, !strcmp(c, "carry") ? "cf" : c);
	} else if (ai->has_tguard) /* IMAD's carry-in form */
		put(b, "@$p%d ", ast_carry_reg(ai));
	put(b, "%s", mn);
	int w = t_width(ai, r), last = ai->nops;
	bool iset = r->style == ISA_PS_T_SET;
	if (iset)
		last--; /* the comparison went into the mnemonic */
	if (r->style == ISA_PS_T_BAR)
		last = 0;
	bool pass = t_not_form(ai, r); /* not */
	for (int k = first; k < last; k++) {
		if (pass && k == 1)
			continue; /* not.b32 d, a */
		put(b, k > first ? ", " : " ");
		if (k == 0 && cw >= 0)
			put(b, iset ? "$p%d/" : "$p%d|", cw);
		ast_opnd o = ai->ops[k];
		if (pass && k == 2)
			o.inv = false;
		if (k == 1 && !strncmp(mn, "abs", 3))
			o.abs = false;
		bool target = isa_is_branch(ISA_DIALECT_SM10, op) && r->style != ISA_PS_T_TOKEN;
		if (r->style == ISA_PS_T_GMEM && r->shape[0] == 'm' && k == 1 && (has(ai, "S64") || has(ai, "U64")))
			put(b, "{$r%d,$r%d}", o.reg, o.reg + 1);
		else if (target && o.kind == OPND_IMM) /* branches name labels; ssy keeps the address */
			put(b, "l0x%08x", (uint32_t)o.ival);
		else
			t_ptx_opnd(b, p, ai, &o, w);
	}
	if (r->style == ISA_PS_T_R2A && ai->nops == 2)
		put(b, ", 0x0");
	if (r->style == ISA_PS_T_BAR)
		put(b, " 0x00000000");
	free(mb.buf);
}

static void sass_opnd(sbuf *b, const ast_opnd *o);

/* A Tesla operand as cuobjdump prints it (PTXPlus read back); the kinds both generations
   print alike go to sass_opnd. */
static void t_sass_opnd(sbuf *b, const ast_opnd *o)
{
	switch (o->kind) {
	case OPND_REG: case OPND_SMEM: case OPND_AREG: case OPND_CBANK: case OPND_MEM: case OPND_IMM:
		break;
	default:
		sass_opnd(b, o);
		return;
	}
	opnd_prefix(b, o, o->neg && o->kind != OPND_IMM);
	if (o->kind == OPND_REG && o->reg == AST_RZ)
		put(b, "o [0x7f]");
	else if (o->kind == OPND_REG)
		put(b, "R%d%s", o->reg, o->half == 1 ? "L" : o->half == 2 ? "H" : "");
	else if (o->kind == OPND_SMEM && o->reg >= 0)
		put(b, "g [A%d+0x%llx]%s", o->reg, (unsigned long long)o->ival, o->width == 2 ? ".U16" : "");
	else if (o->kind == OPND_SMEM)
		put(b, "g [0x%llx]%s", (unsigned long long)o->ival, o->width == 2 ? ".U16" : "");
	else if (o->kind == OPND_AREG)
		put(b, "A%d", o->reg);
	else if (o->kind == OPND_CBANK)
		put(b, "c [0x%x] [0x%llx]", o->bank, (unsigned long long)o->ival);
	else if (o->kind == OPND_MEM)
		put(b, "global14 [R%d]", o->reg);
	else
		put(b, "0x%x", (uint32_t)o->ival);
	if (o->abs)
		put(b, "|");
}

static void t_sass_insn(sbuf *b, const ast_insn *ai)
{
	put(b, "%s", ai->mnem);
	if (has(ai, "S")) /* cuobjdump prints the join flag first, the condition register last */
		put(b, ".S");
	for (int k = 0; k < ai->nmods; k++)
		if (strcmp(ai->mods[k], "S") && !(ai->mods[k][0] == 'C' && isdigit((unsigned char)ai->mods[k][1])))
			put(b, ".%s", ai->mods[k]);
	for (int k = 0; k < ai->nmods; k++)
		if (ai->mods[k][0] == 'C' && isdigit((unsigned char)ai->mods[k][1]))
			put(b, ".%s", ai->mods[k]);
	bool ctl = isa_is_cond_control(ISA_DIALECT_SM10, isa_lookup(ISA_DIALECT_SM10, ai->mnem));
	if (ctl && ai->has_tguard)
		put(b, " C%d.%s%s", ai->tcreg, ast_cond_name(ai->tcond), ai->nops ? "," : "");
	for (int k = 0; k < ai->nops; k++) {
		put(b, k ? ", " : " ");
		t_sass_opnd(b, &ai->ops[k]);
		if (k == 0 && ai->has_tguard && !ctl) {
			if (ai->tcond >= 0)
				put(b, " (C%d.%s)", ai->tcreg, ast_cond_name(ai->tcond));
			else
				put(b, " (C%d)", ai->tcreg);
		}
	}
}

int ptx_convert_to_ptxplus(const char *file, const char *src, const char *target_override, const char *default_name,
			   FILE *out, FILE *diag)
{
	ast_unit *u = ast_parse_sass(file, src, diag);
	if (!u)
		return 1;
	const char *tg = u->foreign_target ? u->target : target_override ? target_override : u->target ? u->target : "sm_20";
	isa_dialect d = isa_dialect_of(tg);
	if (d == ISA_DIALECT_NONE || isa_ptx_flavour(d) == ISA_PTX_NONE) {
		ast_error(&u->diags, u->target_loc, "%s target '%s' (PTXPlus exists for sm_1x and sm_2x only)",
			  d == ISA_DIALECT_NONE ? "unsupported" : "no PTXPlus for", tg);
		ast_free(u);
		return 1;
	}
	bool tesla = isa_ptx_flavour(d) == ISA_PTX_TESLA;
	sbuf b = {0};
	put(&b, "//HEADER\n.version 1.4+\n.target %s\n//END HEADER\n", tg);
	directives(&b, src);
	put(&b, "\n//INSTRUCTIONS\n");
	for (int fi = 0; fi < u->nfuncs; fi++) {
		const ast_func *f = &u->funcs[fi];
		const char *name = f->name ? f->name : default_name ? default_name : "kernel";
		if (tesla)
			put(&b, "\n.entry %s\n{\n\t.reg .u32 $r<128>;\n\t.reg .u32 $ofs<8>;\n\t.reg .pred $p<4>;\n"
			     "\t.reg .u32 $r124;\n\t.reg .u32 $o127;\n\n", name);
		else
			put(&b, "\n.entry %s\n{\n\t.reg .u32 $r<63>;\n\t.reg .pred $p<7>;\n\n", name);
		pctx p = {.kernel = name};
		/* every address that a branch names gets a label */
		int64_t *targets = xcalloc((size_t)f->ninsns + 1, sizeof *targets);
		int nt = 0;
		for (int i = 0; i < f->ninsns; i++) { /* at most one target per instruction */
			const ast_insn *ti = &f->insns[i];
			int op = isa_lookup(d, ti->mnem);
			bool branch = isa_is_branch(d, op);
			int k = tesla && ti->nops > 1 && ti->ops[0].kind == OPND_CCREG ? 1 : 0;
			if (branch && ti->nops > k && ti->ops[k].kind == OPND_IMM)
				targets[nt++] = ti->ops[k].ival;
		}
		int64_t next = 0;
		for (int i = 0; i < f->ninsns; i++) {
			const ast_insn *ai = &f->insns[i];
			int64_t addr = ai->addr >= 0 ? ai->addr : next;
			next = addr + 8;
			int op = isa_lookup(d, ai->mnem);
			if (op >= 0 && tesla) {
				put(&b, "\t");
				for (int l = 0; l < f->nlabels; l++)
					if (f->labels[l].insn_index == i)
						put(&b, "%s: ", f->labels[l].name);
				for (int t = 0; t < nt; t++)
					if (targets[t] == addr) {
						put(&b, "l0x%08llx: ", (unsigned long long)addr);
						break;
					}
				t_ptx_insn(&b, &p, ai, op);
				put(&b, ";\n");
				continue;
			}
			if (op < 0) {
				ast_error(&u->diags, ai->loc, "unsupported opcode '%s' for %s", ai->mnem, tg);
				continue;
			}
			for (int k = 0; k < ai->nmods; k++)
				if (!isa_mod_ok(d, op, ai->mods[k]))
					ast_error(&u->diags, ai->modloc[k], "unsupported modifier '.%s' for %s on %s", ai->mods[k],
						  ai->mnem, tg);
			for (int k = 0; k < ai->nops; k++)
				if (ai->ops[k].bsel || (ai->ops[k].half && ai->ops[k].kind != OPND_SMEM))
					ast_error(&u->diags, ai->ops[k].loc, "PTXPlus has no spelling for %s's byte or half selector", ai->mnem);
			put(&b, "\t");
			for (int l = 0; l < f->nlabels; l++)
				if (f->labels[l].insn_index == i)
					put(&b, "%s: ", f->labels[l].name);
			for (int t = 0; t < nt; t++)
				if (targets[t] == addr) {
					put(&b, "l0x%08llx: ", (unsigned long long)addr);
					break;
				}
			if (ai->has_guard && ai->guard == AST_PT)
				put(&b, "@%spt ", ai->guard_neg ? "!" : "");
			else if (ai->has_guard)
				put(&b, "@%s$p%d ", ai->guard_neg ? "!" : "", ai->guard);
			mnemonic(&b, ai, d, op);
			operands(&b, &p, ai, d, op);
			put(&b, ";\n");
		}
		free(targets);
		put(&b, "}\n");
	}
	put(&b, "//END INSTRUCTIONS\n");
	return finish(u, &b, file, out);
}

/* ---- PTXPlus -> SASS ---- */

static void hex(sbuf *b, int64_t v)
{
	put(b, "%s0x%llx", v < 0 ? "-" : "", (unsigned long long)(v < 0 ? -(uint64_t)v : (uint64_t)v));
}

/* The other operands in SASS. */
static void sass_other(sbuf *b, const ast_opnd *o)
{
	switch (o->kind) {
	case OPND_IMM:
		hex(b, o->neg ? -o->ival : o->ival);
		break;
	case OPND_FIMM:
		put(b, "%.9g", o->fval);
		break;
	case OPND_CBANK:
	case OPND_MEM: /* [R4+0x10], c [0x2] [R5+0x8] */
		if (o->kind == OPND_CBANK)
			put(b, "c [0x%x] ", o->bank);
		put(b, "[");
		if (o->reg >= 0) {
			put(b, o->reg == AST_RZ ? "RZ" : "R%d", o->reg);
			if (o->ival)
				put(b, "+");
		}
		if (o->ival || o->reg < 0)
			hex(b, o->ival);
		put(b, "]");
		break;
	case OPND_SREG: {
		/* PTXPlus names back to cuobjdump's spelling */
		static const char *const names[][2] = {
			{"tid", "Tid"}, {"ctaid", "CTAid"}, {"ntid", "NTid"}, {"nctaid", "NCTAid"}, {"laneid", "LaneId"},
			{"virtid", "VirtId"}, {"warpid", "VirtId"}, {"clocklo", "ClockLo"}, {"clockhi", "ClockHi"},
			{"eqmask", "EqMask"}, {"ltmask", "LtMask"}, {"lemask", "LeMask"}, {"gtmask", "GtMask"},
			{"gemask", "GeMask"},
		};
		const char *n = o->name + (strncmp(o->name, "SR_", 3) ? 0 : 3);
		size_t base = strcspn(n, ".");
		const char *sp = NULL;
		for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
			if (strlen(names[k][0]) == base && !strncmp(n, names[k][0], base))
				sp = names[k][1];
		if (sp && n[base] == '.' && n[base + 1] && !n[base + 2])
			put(b, "SR_%s_%c", sp, toupper((unsigned char)n[base + 1]));
		else if (sp && !n[base])
			put(b, "SR_%s", sp);
		else
			put(b, "%s", o->name);
		break;
	}
	case OPND_LABEL: {
		unsigned a;
		if (addr_label(o->name, &a))
			put(b, "0x%x", a);
		else
			put(b, "%s", o->name);
		break;
	}
	case OPND_CCTEST:
		put(b, "CC.%s", o->name);
		break;
	default:
		break;
	}
}

static void sass_opnd(sbuf *b, const ast_opnd *o)
{
	opnd_prefix(b, o, o->neg && o->kind != OPND_IMM);
	if (!reg_or_pred(b, o, &sass_spelling))
		sass_other(b, o);
	else if (o->kind == OPND_REG && o->cc)
		put(b, ".CC");
	if (o->abs)
		put(b, "|");
}

int ptx_convert_to_sass(const char *file, const char *src, const char *target_override, const char *default_name,
			FILE *out, FILE *diag)
{
	ast_unit *u = ast_parse_ptxplus(file, src, diag);
	if (!u)
		return 1;
	const char *tg = u->foreign_target ? u->target : target_override ? target_override : u->target ? u->target : "sm_20";
	isa_dialect d = isa_dialect_of(tg);
	if ((d == ISA_DIALECT_NONE || isa_ptx_flavour(d) == ISA_PTX_NONE) && !u->diags.nerrors) {
		ast_error(&u->diags, u->target_loc, "%s target '%s' (PTXPlus exists for sm_1x and sm_2x only)",
			  d == ISA_DIALECT_NONE ? "unsupported" : "no PTXPlus for", tg);
		d = ISA_DIALECT_NONE;
	}
	sbuf b = {0};
	put(&b, "\tcode for %s\n", tg);
	directives(&b, src);
	for (int fi = 0; fi < u->nfuncs && d != ISA_DIALECT_NONE; fi++) {
		const ast_func *f = &u->funcs[fi];
		put(&b, "\t\tFunction : %s\n", f->name ? f->name : default_name ? default_name : "kernel");
		int64_t next = 0;
		for (int i = 0; i < f->ninsns; i++) {
			const ast_insn *ai = &f->insns[i];
			int64_t addr = ai->addr >= 0 ? ai->addr : next;
			next = addr + 8;
			unsigned a;
			for (int l = 0; l < f->nlabels; l++)
				if (f->labels[l].insn_index == i && !addr_label(f->labels[l].name, &a))
					put(&b, "%s:\n", f->labels[l].name);
			put(&b, "\t/*%04llx*/\t", (unsigned long long)addr);
			if (isa_ptx_flavour(d) == ISA_PTX_TESLA) {
				t_sass_insn(&b, ai);
				put(&b, ";\n");
				continue;
			}
			if (ai->has_guard && ai->guard == AST_PT)
				put(&b, "@%spt ", ai->guard_neg ? "!" : "");
			else if (ai->has_guard)
				put(&b, "@%sP%d ", ai->guard_neg ? "!" : "", ai->guard);
			put(&b, "%s", ai->mnem);
			for (int k = 0; k < ai->nmods; k++)
				put(&b, ".%s", ai->mods[k]);
			for (int k = 0; k < ai->nops; k++) {
				put(&b, k ? ", " : " ");
				sass_opnd(&b, &ai->ops[k]);
			}
			put(&b, ";\n");
		}
		for (int l = 0; l < f->nlabels; l++) /* a label after the last instruction */
			if (f->labels[l].insn_index == f->ninsns)
				put(&b, "%s:\n", f->labels[l].name);
	}
	put(&b, "\t\t...........................\n");
	return finish(u, &b, file, out);
}
