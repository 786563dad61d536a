/* PTXPlus instructions mapped back to SASS parse trees (the inverse of ptxplus.c). The
   assembler then sees the same input from either syntax, so the decoded programs agree. */
#include "front/ptxplus_read.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "util/text.h"
#include "util/xalloc.h"

ast_unit *ast_parse_ptxplus(const char *file, const char *src, FILE *diag_out)
{
	return ptx_parse_text(file, src, diag_out, ptx_finish);
}

bool ptx_looks_like(const char *src)
{
	for (const char *l = src; *l;) {
		const char *e = strchr(l, '\n'), *p = text_skip_blank(l, e ? e : l + strlen(l));
		if (((p[0] == '.' && (p[1] == 'e' || p[1] == 'v')) || (p[0] == '/' && p[1] == '/')) &&
		    (!strncmp(p, ".entry", 6) || !strncmp(p, ".version", 8) || !strncmp(p, "//HEADER", 8)))
			return true;
		if (!e)
			break;
		l = e + 1;
	}
	return false;
}

/* ---- building the SASS instruction ---- */

typedef struct {
	ast_unit *u;
	ptx_insn *p;
	ast_insn *ai;
	int op;           /* isa opcode */
	char parts[12][16];
	int nparts;
	bool bad;
} tr;

static void mod(tr *t, const char *m)
{
	ast_insn *ai = t->ai;
	if (ai->nmods < AST_MAXMODS) {
		ai->modloc[ai->nmods] = t->p->loc;
		ai->mods[ai->nmods++] = xstrdup(m);
	}
}

static bool part(const tr *t, const char *s)
{
	for (int i = 1; i < t->nparts; i++)
		if (!strcmp(t->parts[i], s))
			return true;
	return false;
}

static void upper_mod(tr *t, const char *s)
{
	char m[16];
	size_t i = 0;
	for (; s[i] && i < sizeof m - 1; i++)
		m[i] = (char)toupper((unsigned char)s[i]);
	m[i] = 0;
	mod(t, m);
}

static const char *type_part(const tr *t, int nth)
{
	static const char *const types[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64", "b32",
					    "b64", "b128", NULL};
	int seen = 0;
	for (int i = 1; i < t->nparts; i++)
		for (int k = 0; types[k]; k++)
			if (!strcmp(t->parts[i], types[k]) && seen++ == nth)
				return types[k];
	return NULL;
}

static void fail(tr *t, const char *why)
{
	if (!t->bad)
		ast_error(&t->u->diags, t->p->loc, "cannot read '%s' as PTXPlus: %s", t->p->word, why);
	t->bad = true;
}

static int pred_index(tr *t, const char *name)
{
	if (!strcmp(name, "pt"))
		return AST_PT;
	if (name[0] == '$' && name[1] == 'p' && isdigit((unsigned char)name[2]) && !strchr(name, '.'))
		return atoi(name + 2);
	fail(t, "a predicate with a condition (Tesla PTXPlus) is not supported yet");
	return 0;
}

/* One PTXPlus operand as the SASS operand at position 'slot' of the opcode. */
static ast_opnd sass_opnd(tr *t, const ptx_opnd *o, int slot)
{
	ast_opnd a = {.loc = o->loc, .neg = o->neg, .inv = o->inv, .abs = o->abs};
	int n;
	const isa_desc *d = isa_table(ISA_DIALECT_SM20, &n);
	const char *shape = d[t->op].shape;
	for (int i = 0; i < slot && shape; i++)
		shape = strchr(shape, ',') ? strchr(shape, ',') + 1 : NULL;
	size_t sl = shape ? strcspn(shape, ",") : 0;
	bool reg_only = shape && memchr(shape, 'r', sl) && !memchr(shape, 'i', sl) && !memchr(shape, 'f', sl);
	switch (o->kind) {
	case PO_REG:
		a.kind = OPND_REG;
		a.reg = o->reg == 63 ? AST_RZ : o->reg; /* Fermi's register 63 is RZ */
		break;
	case PO_PRED:
		a.kind = OPND_PRED;
		a.reg = pred_index(t, o->name);
		break;
	case PO_NUM:
		if ((reg_only || (o->rz && shape && memchr(shape, 'r', sl))) && o->val == 0 && !o->neg) {
			/* RZ is printed 0x00 (an immediate zero as 0x00000000) */
			a.kind = OPND_REG;
			a.reg = AST_RZ;
			break;
		}
		a.kind = OPND_IMM;
		a.neg = false;
		if (isa_imm32(ISA_DIALECT_SM20, t->op))
			a.ival = o->neg ? -(int64_t)o->val : (int64_t)(uint32_t)o->val;
		else if (isa_slot_is_float(ISA_DIALECT_SM20, t->op, slot)) { /* back to the 20-bit field: the top of the single */
			uint32_t v = (uint32_t)o->val;
			if (v & 0xfff)
				fail(t, "a float immediate with low bits set does not fit the 20-bit field");
			a.ival = v & 0x80000000u ? -(int64_t)((v & 0x7fffffffu) >> 12) : (int64_t)(v >> 12);
			if (o->neg)
				a.ival = -a.ival;
		} else
			a.ival = o->neg ? -(int64_t)o->val : (int64_t)(int32_t)(uint32_t)o->val;
		break;
	case PO_SREG: {
		a.kind = OPND_SREG;
		char nm[48];
		snprintf(nm, sizeof nm, "SR_%s", !strcmp(o->name, "clock") ? "clocklo" : o->name);
		a.name = xstrdup(nm);
		break;
	}
	case PO_LABEL:
		a.kind = OPND_LABEL;
		a.name = xstrdup(o->name);
		break;
	case PO_CONST:
		a.kind = OPND_CBANK;
		a.bank = (int16_t)(o->bank > AST_MAXBANK || o->bank < 0 ? AST_MAXBANK : o->bank);
		a.reg = o->reg;
		a.ival = (int64_t)o->val;
		break;
	case PO_SMEM:
	case PO_AREG:
		fail(t, "s[...] and $ofs operands are Tesla PTXPlus (.target sm_1x)");
		break;
	}
	if (o->half || o->cdst)
		fail(t, "half registers and condition-register destinations are Tesla PTXPlus (.target sm_1x)");
	return a;
}

static void push(tr *t, ast_opnd a)
{
	if (t->ai->nops < AST_MAXOPS)
		t->ai->ops[t->ai->nops++] = a;
	else /* not reached: ptx_finish refuses more than AST_MAXOPS operands */
		free(a.name);
}

/* A flattened address: $rA [, offset] or an offset alone; k tokens taken from ops[*i]. */
static void address(tr *t, int *i, int ntok)
{
	const ptx_opnd *o = &t->p->ops[*i];
	ast_opnd a = {.kind = OPND_MEM, .loc = o->loc, .reg = -1};
	if (o->kind == PO_REG) {
		a.reg = o->reg;
		if (ntok == 2)
			a.ival = (int64_t)(int32_t)(uint32_t)t->p->ops[*i + 1].val;
	} else if (o->kind == PO_NUM)
		a.ival = (int64_t)(int32_t)(uint32_t)o->val;
	else
		fail(t, "expected an address");
	*i += ntok;
	push(t, a);
}

/* Tokens of an address starting at ops[i]: a register followed by a number takes two. */
static int addr_len(const tr *t, int i)
{
	return t->p->ops[i].kind == PO_REG && i + 1 < t->p->nops && t->p->ops[i + 1].kind == PO_NUM ? 2 : 1;
}

static void rest_plain(tr *t, int from)
{
	for (int i = from; i < t->p->nops; i++)
		push(t, sass_opnd(t, &t->p->ops[i], t->ai->nops));
}

/* The memory forms: loads d, addr; stores addr, v; LD_LDU d, e, addr, addr; atomics. */
static void memory_operands(tr *t)
{
	int n = t->p->nops, i = 0, nt;
	const isa_desc *r = &isa_table(ISA_DIALECT_SM20, &nt)[t->op];
	switch (r->style == ISA_PS_LDLDU || r->style == ISA_PS_ATOM ? (int)r->style : r->shape[0] == 'm' ? -1 : 0) {
	case -1: /* stores: the address first */
		if (n < 2 || n > 3)
			return fail(t, "a store takes an address and a value");
		address(t, &i, n - 1);
		rest_plain(t, i);
		return;
	case ISA_PS_LDLDU:
		if (n < 4)
			return fail(t, "LD_LDU takes two destinations and two addresses");
		rest_plain(t, n); /* nothing */
		push(t, sass_opnd(t, &t->p->ops[0], 0));
		push(t, sass_opnd(t, &t->p->ops[1], 1));
		i = 2;
		address(t, &i, addr_len(t, 2));
		address(t, &i, n - i);
		return;
	case ISA_PS_ATOM: { /* ATOM has a destination first, RED not */
		int lead = r->shape[0] == 'r' ? 1 : 0, vals = lead && part(t, "cas") ? 2 : 1;
		if (n - lead - vals < 1 || n - lead - vals > 2)
			return fail(t, "unexpected operands for an atomic");
		if (lead)
			push(t, sass_opnd(t, &t->p->ops[0], 0));
		i = lead;
		address(t, &i, n - lead - vals);
		rest_plain(t, i);
		return;
	}
	default: { /* loads: the destinations before the address (LDSLK's p, d) */
		int lead = 0;
		for (const char *q = r->shape; *q && *q != 'm'; q++)
			lead += *q == ',';
		if (n < lead + 1 || n > lead + 2)
			return fail(t, "a load takes its destinations and an address");
		for (; i < lead; i++)
			push(t, sass_opnd(t, &t->p->ops[i], i));
		address(t, &i, n - lead);
	}
	}
}

/* Does a row of this style read the instruction? (rows sharing a spelling) */
static bool style_reads(const tr *t, const isa_desc *r)
{
	const char *ty = type_part(t, 0);
	bool fl = ty && ty[0] == 'f', dbl = ty && !strcmp(ty, "f64");
	switch (r->style) {
	case ISA_PS_SREG:
		return t->p->nops == 2 && t->p->ops[1].kind == PO_SREG;
	case ISA_PS_IADD: case ISA_PS_IMUL:
		return !fl;
	case ISA_PS_FARITH: /* .f64 rows read only .f64 */
		return dbl == !strcmp(r->tail, ".f64");
	case ISA_PS_CVT: { /* by its two types, as the row's default pair has them */
		const char *dt = type_part(t, 0), *st = type_part(t, 1);
		const char *sep = strchr(r->tail + 1, '.');
		return dt && st && sep && (dt[0] == 'f') == (r->tail[1] == 'f') && (st[0] == 'f') == (sep[1] == 'f');
	}
	case ISA_PS_LDLDU:
		return t->p->nops >= 4;
	default:
		return true;
	}
}

/* The row of a PTXPlus mnemonic: among the rows spelled with its word whose style reads
   it, the one with the most of its qualifiers there (ld.shared: LDS, ld: LD), the first in
   the table on a tie; else the SASS name in lower case. *k gets which spelling matched. */
static int find_row(tr *t, int *k)
{
	int n, best = -1, bestq = -1;
	const isa_desc *d = isa_table(ISA_DIALECT_SM20, &n);
	const char *parts[12];
	for (int i = 0; i < t->nparts; i++)
		parts[i] = t->parts[i];
	for (int op = 0; op < n; op++) {
		int q, m = isa_ptx_match(ISA_DIALECT_SM20, op, parts, t->nparts, false, &q);
		if (m >= 0 && q > bestq && style_reads(t, &d[op])) {
			best = op;
			bestq = q;
			*k = m;
		}
	}
	if (best >= 0)
		return best;
	char up[16];
	size_t i = 0;
	for (const char *b = t->parts[0]; b[i] && i < sizeof up - 1; i++)
		up[i] = (char)toupper((unsigned char)b[i]);
	up[i] = 0;
	*k = -1; /* no spelling: WORDMOD reads no modifier from the word */
	return isa_lookup(ISA_DIALECT_SM20, up);
}

/* modifiers from the parts that name one of a set, in the parts' order */
static void parts_in(tr *t, const char *const *set)
{
	for (int i = 1; i < t->nparts; i++)
		for (int k = 0; set[k]; k++)
			if (!strcmp(t->parts[i], set[k]))
				upper_mod(t, set[k]);
}

/* The SASS opcode and modifiers of a PTXPlus mnemonic, by its row's spelling and style. */
static int translate_mnemonic(tr *t)
{
	static const char *const cmps[] = {"lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu", "gtu",
					   "neu", "geu", NULL};
	static const char *const bops[] = {"and", "or", "xor", NULL};
	static const char *const rnd[][2] = {{"rzi", "TRUNC"}, {"rmi", "FLOOR"}, {"rpi", "CEIL"}, {"rni", "ROUND"},
					     {"rz", "RZ"}, {"rm", "RM"}, {"rp", "RP"}, {"rn", "RN"}};
	const char *ty = type_part(t, 0);
	bool u32 = ty && !strcmp(ty, "u32");
	int k = 0, n, op = find_row(t, &k);
	if (op < 0)
		return -1;
	const isa_desc *r = &isa_table(ISA_DIALECT_SM20, &n)[op];
	bool int_typed = !r->tail[0]; /* the type comes from the modifiers: U32 reads back */
	char w[48];
	/* modifiers carried by the dotted parts; .S goes last, as cuobjdump prints it */
	switch (r->style) {
	case ISA_PS_WORDMOD:
		if (k >= 0 && isa_mod_word(ISA_DIALECT_SM20, op, k, w, sizeof w))
			mod(t, w);
		break;
	case ISA_PS_FIXED: /* the tail's parts are modifiers */
		for (const char *s = r->tail; *s == '.'; s += 1 + strcspn(s + 1, ".")) {
			snprintf(w, sizeof w, "%.*s", (int)strcspn(s + 1, "."), s + 1);
			upper_mod(t, w);
		}
		break;
	case ISA_PS_IADD: case ISA_PS_IMUL:
		if (part(t, "hi"))
			mod(t, "HI");
		if (part(t, "x"))
			mod(t, "X");
		if (part(t, "cc"))
			mod(t, "CC");
		if (part(t, "sat"))
			mod(t, "SAT");
		if (u32)
			mod(t, "U32");
		break;
	case ISA_PS_FARITH:
		for (int i = 4; i < 7; i++)
			if (part(t, rnd[i][0]))
				mod(t, rnd[i][1]);
		if (part(t, "ftz"))
			mod(t, "FTZ");
		if (part(t, "sat"))
			mod(t, "SAT");
		break;
	case ISA_PS_CVT: {
		for (int i = 0; i < 8; i++)
			if (part(t, rnd[i][0]))
				mod(t, rnd[i][1]);
		/* the default pair (the row's tail) is left unwritten, as cuobjdump does, so that
		   --by mnemonic counts match the listing's */
		const char *dt = type_part(t, 0), *st = type_part(t, 1);
		if (!dt || !st) {
			fail(t, "cvt needs its destination and source types (cvt.s32.f32)");
			break;
		}
		char pair[24];
		snprintf(pair, sizeof pair, ".%s.%s", dt, st);
		if (strcmp(pair, r->tail)) {
			upper_mod(t, dt);
			upper_mod(t, st);
		}
		if (part(t, "ftz"))
			mod(t, "FTZ");
		if (part(t, "sat"))
			mod(t, "SAT");
		break;
	}
	case ISA_PS_SHIFT:
		if (part(t, "w"))
			mod(t, "W");
		if (int_typed && u32)
			mod(t, "U32");
		break;
	case ISA_PS_SETP: case ISA_PS_ICMP: case ISA_PS_PSETP:
		/* cuobjdump's order: ISETP.GE.U32.X.AND, FSETP.LT.FTZ.AND */
		if (part(t, "bf"))
			mod(t, "BF");
		parts_in(t, cmps);
		if (part(t, "ftz"))
			mod(t, "FTZ");
		if (u32 && r->style != ISA_PS_PSETP)
			mod(t, "U32");
		if (part(t, "x"))
			mod(t, "X");
		parts_in(t, bops);
		break;
	case ISA_PS_MINMAX:
		if (u32)
			mod(t, "U32");
		if (part(t, "brev"))
			mod(t, "BREV");
		break;
	case ISA_PS_FLO:
		if (part(t, "sh"))
			mod(t, "SH");
		upper_mod(t, u32 ? "u32" : "s32");
		break;
	case ISA_PS_CHOICE: { /* tail "a|b|...|z.rest": the alternative that is a part, else the last */
		const char *alt = r->tail;
		for (;;) {
			size_t l = strcspn(alt, "|.");
			snprintf(w, sizeof w, "%.*s", (int)l, alt);
			if (alt[l] != '|' || part(t, w))
				break;
			alt += l + 1;
		}
		upper_mod(t, w);
		break;
	}
	case ISA_PS_VIDEO: {
		/* in cuobjdump's order (asm/sel_video.c): VSET's comparison, .UD, the source types,
		   .MX or .W, VMAD's .PO and scale, .SAT, the secondary operation or the merge
		   (front/ptxplus_video.h: the spelling) */
		static const char *const v[] = {"mx", "w", "po", "shr_7", "shr_15", "sat", "acc", "min", "max",
						"mrg_8b0", "mrg_8b2", "mrg_16l", "mrg_16h", NULL};
		parts_in(t, cmps);
		const char *t0 = type_part(t, 0), *t1 = type_part(t, 1);
		if (t1) {
			if (part(t, "ud"))
				mod(t, "UD");
			upper_mod(t, t0);
			upper_mod(t, t1);
		} else if (u32)
			mod(t, "U32");
		for (int j = 0; v[j]; j++)
			if (part(t, v[j]))
				upper_mod(t, v[j]);
		break;
	}
	case ISA_PS_MEM: case ISA_PS_MEMU: {
		if (part(t, "e"))
			mod(t, "E");
		const char *wd = type_part(t, 0);
		if (wd && !strcmp(wd, "b64"))
			mod(t, "64");
		else if (wd && !strcmp(wd, "b128"))
			mod(t, "128");
		else if (wd && strcmp(wd, "u32"))
			upper_mod(t, wd);
		break;
	}
	case ISA_PS_LDLDU: {
		if (part(t, "e"))
			mod(t, "E");
		const char *w1 = type_part(t, 0), *w2 = type_part(t, 1);
		mod(t, w1 && !strcmp(w1, "b64") ? "64" : "32");
		mod(t, w2 && !strcmp(w2, "b64") ? "64" : "32");
		break;
	}
	case ISA_PS_LDC:
		if (part(t, "doublereg"))
			mod(t, "64");
		break;
	case ISA_PS_ATOM: {
		static const char *const ops[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas", NULL};
		if (part(t, "e"))
			mod(t, "E");
		parts_in(t, ops);
		const char *wd = type_part(t, 0);
		if (wd && strcmp(wd, "u32"))
			upper_mod(t, wd);
		break;
	}
	case ISA_PS_BRA:
		if (part(t, "uni"))
			mod(t, "U");
		break;
	case ISA_PS_BAR:
		if (part(t, "red")) {
			mod(t, "RED");
			mod(t, "POPC");
		} else
			mod(t, "SYNC");
		break;
	default:
		break;
	}
	if (part(t, "s"))
		mod(t, "S");
	return op;
}

int ptx_insn_begin(ast_unit *u, const ptx_insn *p, ast_insn *ai, char parts[][16], int max)
{
	ast_insn_clear(ai);
	ai->addr = u->cur.in.addr; /* fixed by an l0x label, else assigned after */
	u->cur.in.addr = -1;
	ai->loc = p->has_guard ? p->gloc : p->loc;
	int n = 0;
	for (const char *s = p->word; *s && n < max;) {
		size_t k = strcspn(s, ".");
		snprintf(parts[n++], 16, "%.*s", (int)(k < 15 ? k : 15), s);
		s += k + (s[k] == '.');
	}
	return n;
}

void ptx_insn_end(ast_unit *u, ptx_insn *p, ast_insn *ai, bool keep)
{
	/* the instruction as written, for traces */
	ai->text = ast_line_span(u, ai->loc.line, ai->loc.col, -1);
	if (keep)
		ast_add_insn(u, ai);
	else
		ast_insn_clear(ai);
	ptx_insn_reset(p);
}

void ptx_finish(ast_unit *u, ptx_insn *p)
{
	/* no instruction takes more operands than a SASS one holds (an address with its
	   offset is two PTXPlus operands, and no instruction has more than two of them) */
	int given = p->nops + p->extra;
	if (given > AST_MAXOPS) {
		ast_error(&u->diags, p->ops[AST_MAXOPS].loc, "too many operands for '%s': %d given, at most %d", p->word,
			  given, AST_MAXOPS);
		ptx_insn_reset(p);
		return;
	}
	if (isa_ptx_flavour(isa_dialect_of(u->target)) == ISA_PTX_TESLA) {
		ptx_finish_tesla(u, p);
		return;
	}
	ast_insn_buf ab;
	ast_insn_buf_init(&ab);
	ast_insn *ai = &ab.in;
	tr t = {.u = u, .p = p, .ai = ai};
	t.nparts = ptx_insn_begin(u, p, ai, t.parts, 12);
	if (p->has_guard) {
		ai->has_guard = true;
		ai->guard_neg = p->guard_neg;
		ai->guard = pred_index(&t, p->guard);
	}
	t.op = translate_mnemonic(&t);
	if (t.op < 0) {
		ast_error(&u->diags, p->loc, "unsupported PTXPlus instruction '%s' for sm_20", p->word);
		ast_insn_clear(ai);
		ptx_insn_reset(p);
		return;
	}
	int n;
	ai->mnem = xstrdup(isa_table(ISA_DIALECT_SM20, &n)[t.op].name);
	switch (isa_table(ISA_DIALECT_SM20, &n)[t.op].cls) {
	case ISA_CLASS_GLOBAL: case ISA_CLASS_SHARED: case ISA_CLASS_LOCAL:
		memory_operands(&t);
		break;
	default:
		rest_plain(&t, 0);
	}
	ptx_insn_end(u, p, ai, !t.bad);
}
