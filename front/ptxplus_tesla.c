/* GPGPU-Sim's Tesla (sm_1x) PTXPlus back to Tesla SASS parse trees: the converter writes one
   PTXPlus line per SASS instruction, so each line maps back to the mnemonic cuobjdump
   printed, and the run gives the listing's results and per-opcode counts. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "front/ptxplus_read.h"
#include "util/xalloc.h"

typedef struct {
	ast_unit *u;
	ptx_insn *p;
	ast_insn *ai;
	char parts[12][16];
	int nparts;
	bool bad;
} tt;

static void tmod(tt *t, const char *m)
{
	if (t->ai->nmods < AST_MAXMODS) {
		t->ai->modloc[t->ai->nmods] = t->p->loc;
		t->ai->mods[t->ai->nmods++] = xstrdup(m);
	}
}

static bool has(const tt *t, const char *s)
{
	for (int i = 1; i < t->nparts; i++)
		if (!strcmp(t->parts[i], s))
			return true;
	return false;
}

static void tfail(tt *t, const char *why)
{
	if (!t->bad)
		ast_error(&t->u->diags, t->p->loc, "cannot read '%s' as Tesla PTXPlus: %s", t->p->word, why);
	t->bad = true;
}

/* "$p1.ne" -> register 1 and the condition code (-1: none) */
static bool cond_reg(tt *t, const char *name, int *reg, int *cond)
{
	if (name[0] != '$' || name[1] != 'p' || !isdigit((unsigned char)name[2]) || name[2] > '3') {
		tfail(t, "expected a condition register $p0-$p3");
		return false;
	}
	*reg = name[2] - '0';
	*cond = -1;
	const char *dot = strchr(name, '.');
	if (dot) {
		char up[16];
		size_t i = 0;
		for (dot++; dot[i] && i < sizeof up - 1; i++)
			up[i] = (char)toupper((unsigned char)dot[i]);
		up[i] = 0;
		*cond = ast_cond_code(!strcmp(up, "CF") ? "CARRY" : up);
		if (*cond < 0)
			tfail(t, "unknown condition");
	}
	return true;
}

/* launch-header fields GPGPU-Sim names as special registers: their g [..].U16 words */
static int header_word(const char *sreg)
{
	static const struct {
		const char *n;
		int word;
	} h[] = {{"ntid.x", 1}, {"ntid.y", 2}, {"ntid.z", 3}, {"nctaid.x", 4}, {"nctaid.y", 5},
		 {"ctaid.x", 6}, {"ctaid.y", 7}};
	for (size_t i = 0; i < sizeof h / sizeof h[0]; i++)
		if (!strcmp(h[i].n, sreg))
			return h[i].word;
	return -1;
}

/* One operand of an access of 'width' bytes: s[] and constant offsets are bytes in
   PTXPlus, units of the access size in Tesla SASS. */
static ast_opnd topnd(tt *t, const ptx_opnd *o, int width)
{
	ast_opnd a = {.loc = o->loc, .neg = o->neg, .inv = o->inv, .abs = o->abs};
	switch (o->kind) {
	case PO_REG:
		a.kind = o->bank ? OPND_MEM : OPND_REG; /* [$r0] is global14 [R0] */
		a.reg = o->reg;
		a.half = (uint8_t)o->half;
		break;
	case PO_NUM:
		a.kind = OPND_IMM;
		a.neg = false;
		a.ival = o->neg ? -(int64_t)(uint32_t)o->val : (int64_t)(uint32_t)o->val;
		break;
	case PO_SREG: {
		int wd = header_word(o->name);
		if (!strcmp(o->name, "clock")) {
			a.kind = OPND_SREG;
			a.name = xstrdup("SR1");
		} else if (wd >= 0) {
			a.kind = OPND_SMEM;
			a.reg = -1;
			a.ival = wd;
			a.width = 2;
		} else
			tfail(t, "unknown special register");
		break;
	}
	case PO_LABEL:
		for (int i = 0; i < t->u->nsyms; i++)
			if (!strcmp(t->u->syms[i], o->name)) { /* a __device__ variable's address */
				a.kind = OPND_CBANK;
				a.bank = 0xe;
				a.reg = -1;
				a.ival = i;
				return a;
			}
		a.kind = OPND_LABEL;
		a.name = xstrdup(o->name);
		break;
	case PO_CONST:
		if (o->reg >= 0 || o->val % (uint64_t)width)
			tfail(t, "an indexed or misaligned constant");
		a.kind = OPND_CBANK;
		a.bank = o->bank == 16 ? 1 : o->bank; /* constant1<kernel>: the literal pool c [0x1] */
		a.reg = -1;
		a.ival = (int64_t)(o->val / (uint64_t)width);
		break;
	case PO_SMEM:
		if (o->val % (uint64_t)width)
			tfail(t, "a misaligned s[] offset");
		a.kind = OPND_SMEM;
		a.reg = o->reg;
		a.ival = (int64_t)(o->val / (uint64_t)width);
		break;
	case PO_AREG:
		a.kind = OPND_AREG;
		a.reg = o->reg;
		break;
	case PO_PRED:
		tfail(t, "a condition register as a plain operand");
		break;
	}
	return a;
}

static void tpush(tt *t, int from, int width)
{
	for (int i = from; i < t->p->nops && t->ai->nops < AST_MAXOPS; i++)
		t->ai->ops[t->ai->nops++] = topnd(t, &t->p->ops[i], width);
}

static const char *cmp_part(const tt *t)
{
	static const char *const cmps[] = {"lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu",
					   "gtu", "neu", "geu", NULL};
	for (int i = 1; i < t->nparts; i++)
		for (int k = 0; cmps[k]; k++)
			if (!strcmp(t->parts[i], cmps[k]))
				return cmps[k];
	return NULL;
}

static void upper_label(tt *t, const char *s)
{
	char m[16];
	size_t i = 0;
	for (; s[i] && i < sizeof m - 1; i++)
		m[i] = (char)toupper((unsigned char)s[i]);
	m[i] = 0;
	if (t->ai->nops < AST_MAXOPS)
		t->ai->ops[t->ai->nops++] = (ast_opnd){.kind = OPND_LABEL, .name = xstrdup(m), .loc = t->p->loc};
}

/* The shape kind a PTXPlus operand stands for (as topnd turns it into a SASS operand). */
static char kind_of(const tt *t, const ptx_opnd *o)
{
	switch (o->kind) {
	case PO_AREG: return 'a';
	case PO_SMEM: return 'g';
	case PO_NUM: return 'i';
	case PO_CONST: return 'c';
	case PO_LABEL: return 'c';
	case PO_SREG: return !strcmp(o->name, "clock") ? 's' : 'g';
	default: (void)t; return 'r';
	}
}

/* How well a row reads the line: -1 not at all; else the weight of what it asks for and
   the line has: the type its style or tail names (100), .half (10, required), 1 for each slot
   of its shape that takes only address registers, shared memory, special registers,
   constants or immediates, holding such an operand. */
static int row_score(const tt *t, const isa_desc *r)
{
	int score = 0;
	bool f32 = r->style == ISA_PS_T_FARITH || (r->style != ISA_PS_T_CVT && strstr(r->tail, "f32"));
	bool f64 = r->style != ISA_PS_T_CVT && strstr(r->tail, "f64");
	if ((f32 || f64) && has(t, f64 ? "f64" : "f32"))
		score += 100; /* without a type the integer row, first in the table, wins */
	if (strstr(r->tail, ".half")) {
		if (!has(t, "half"))
			return -1;
		score += 10;
	}
	const char *sl = r->shape;
	for (int i = 0; *sl; i++) {
		size_t n = strcspn(sl, ",");
		char set[12];
		snprintf(set, sizeof set, "%.*s", (int)(n < sizeof set ? n : sizeof set - 1), sl);
		char *q = strchr(set, '?');
		if (q)
			*q = 0;
		const char *only = !strcmp(set, "a") || !strcmp(set, "g") || !strcmp(set, "s") || !strcmp(set, "c") ? set
			: !strcmp(set, "i") || !strcmp(set, "f") || !strcmp(set, "if") ? "i" : NULL;
		if (only && i < t->p->nops) {
			if (kind_of(t, &t->p->ops[i]) != only[0])
				return -1;
			score++;
		}
		sl += n + (sl[n] == ',');
	}
	if (r->style == ISA_PS_T_CVT) { /* by its two types, as the row's pair has them */
		const char *ty[2] = {NULL, NULL};
		for (int j = 1, k = 0; j < t->nparts && k < 2; j++)
			if (strchr("usf", t->parts[j][0]) && isdigit((unsigned char)t->parts[j][1]))
				ty[k++] = t->parts[j];
		const char *sep = strchr(r->tail + 1, '.');
		if (!strcmp(t->parts[0], "abs") || !ty[1]) /* without two types: an error below */
			return score;
		if (!sep || (ty[0][0] == 'f') != (r->tail[1] == 'f') || (ty[1][0] == 'f') != (sep[1] == 'f'))
			return -1;
	}
	return score;
}

/* The row of a line: the best reading among the rows spelled so. */
static int find_row(tt *t, int *k)
{
	int n, best = -1, bests = -1;
	const isa_desc *d = isa_table(ISA_DIALECT_SM10, &n);
	const char *parts[12];
	for (int i = 0; i < t->nparts; i++)
		parts[i] = t->parts[i];
	for (int op = 0; op < n; op++) {
		int q, m = isa_ptx_match(ISA_DIALECT_SM10, op, parts, t->nparts, true, &q), sc;
		if (m >= 0 && (sc = row_score(t, &d[op]) + 1000 * q) > bests) {
			best = op;
			bests = sc;
			*k = m;
		}
	}
	return best;
}

/* The SASS mnemonic, modifiers and operands of one PTXPlus line; false for exit. */
static bool translate(tt *t)
{
	ptx_insn *p = t->p;
	bool half = has(t, "half"), u16 = has(t, "u16") && !has(t, "wide");
	int w = u16 ? 2 : 4, k = 0, nt;
	if (!strcmp(t->parts[0], "exit"))
		return false; /* the converter's l_exit: the end of the function */
	int op = find_row(t, &k);
	if (op < 0) {
		tfail(t, "not an sm_1x instruction simtemu reads yet");
		return true;
	}
	const isa_desc *r = &isa_table(ISA_DIALECT_SM10, &nt)[op];
	ast_insn *ai = t->ai;
	ai->mnem = xstrdup(r->name);
	char up[16];
	(void)half;
	switch (r->style) {
	case ISA_PS_T_CVT:
		if (k) { /* abs.u32 d, a: I2I.U32.S32 d, |a| */
			tmod(t, "U32");
			tmod(t, "S32");
			tpush(t, 0, 4);
			if (ai->nops == 2)
				ai->ops[1].abs = true;
			return true;
		}
		/* cvt[.rz].D.S: the two types */
		for (int j = 1, n = 0; j < t->nparts && n < 2; j++)
			if (strchr("usf", t->parts[j][0]) && isdigit((unsigned char)t->parts[j][1])) {
				snprintf(up, sizeof up, "%c%s", toupper((unsigned char)t->parts[j][0]), t->parts[j] + 1);
				tmod(t, up);
				n++;
			}
		if (ai->nmods < 2) {
			tfail(t, "cvt needs two types");
			return true;
		}
		if (has(t, "rz"))
			tmod(t, "TRUNC");
		tpush(t, 0, has(t, "u16") || has(t, "s16") ? 2 : 4);
		if (ai->nops == 2 && ai->ops[1].kind == OPND_SMEM)
			ai->ops[1].width = 2;
		return true;
	case ISA_PS_T_WIDE: case ISA_PS_T_WIDEMAD: {
		int n = 0;
		for (int j = 1; j < t->nparts; j++)
			if ((t->parts[j][0] == 'u' || t->parts[j][0] == 's') && isdigit((unsigned char)t->parts[j][1])) {
				snprintf(up, sizeof up, "%c%s", toupper((unsigned char)t->parts[j][0]), t->parts[j] + 1);
				tmod(t, up);
				n++;
			}
		if (!has(t, "wide") || !n)
			tfail(t, "only the 16- and 24-bit multiplies (mul.wide.u16, mad.wide.u16) are read");
		else if (n == 1 && r->style == ISA_PS_T_WIDE) /* GPGPU-Sim's mul.wide.u16 is IMUL.U16.U16 */
			tmod(t, up);
		break;
	}
	case ISA_PS_T_SIGNED: case ISA_PS_T_SET:
		if (has(t, "s32") && !r->tail[0])
			tmod(t, "S32");
		break;
	case ISA_PS_CHOICE: { /* tail "a|b.rest": A when .a is there, else B */
		size_t l = strcspn(r->tail, ".");
		const char *bar = memchr(r->tail, '|', l);
		char a[16];
		snprintf(a, sizeof a, "%.*s", (int)(bar ? bar - r->tail : (long)l), r->tail);
		if (bar && !has(t, a))
			snprintf(a, sizeof a, "%.*s", (int)(r->tail + l - bar - 1), bar + 1);
		for (size_t i = 0; i <= strlen(a); i++)
			up[i] = (char)toupper((unsigned char)a[i]);
		tmod(t, up);
		break;
	}
	case ISA_PS_T_GPAIR: /* the tail's type, twice */
		for (size_t i = 0; i <= strlen(r->tail + 1) && i < sizeof up; i++)
			up[i] = (char)toupper((unsigned char)r->tail[1 + i]);
		tmod(t, up);
		tmod(t, up);
		break;
	case ISA_PS_T_FARITH:
		if (has(t, "rz") && isa_mod_ok(ISA_DIALECT_SM10, op, "TRUNC"))
			tmod(t, "TRUNC");
		break;
	case ISA_PS_T_LOP: { /* the k-th spelling's modifier; the last one (not) is PASS_B */
		char nx[16];
		int j = k;
		if (!isa_ptx_word(ISA_DIALECT_SM10, op, k + 1, nx, sizeof nx) || !isa_mod_word(ISA_DIALECT_SM10, op, j, up, sizeof up))
			isa_mod_word(ISA_DIALECT_SM10, op, k - 1, up, sizeof up);
		tmod(t, up);
		if (u16)
			tmod(t, "U16");
		if (!isa_ptx_word(ISA_DIALECT_SM10, op, k + 1, nx, sizeof nx)) { /* not.b32 d, a: LOP.PASS_B d, d, ~a */
			tpush(t, 0, w);
			if (ai->nops == 2) {
				ai->ops[2] = ai->ops[1];
				ai->ops[2].inv = true;
				ai->ops[1] = (ast_opnd){.kind = OPND_REG, .reg = ai->ops[0].reg, .half = ai->ops[0].half,
							.loc = ai->ops[0].loc};
				ai->nops = 3;
			}
			return true;
		}
		break;
	}
	case ISA_PS_T_GMEM:
		tmod(t, has(t, "v2") ? "S64" : has(t, "u16") ? "U16" : has(t, "s16") ? "S16" : has(t, "u8") ? "U8"
			: has(t, "s8") ? "S8" : "U32");
		if (p->nops == 3) { /* st.global.v2 [a], {r, r+1} / ld.global.v2 {r, r+1}, [a]: the pair's first */
			tpush(t, 0, w);
			if (r->shape[0] != 'm') {
				free(ai->ops[1].name);
				ai->ops[1] = ai->ops[2];
			} else if (ai->nops > 2)
				free(ai->ops[2].name); /* a store keeps the pair's first register only */
			ai->nops = 2;
			return true;
		}
		break;
	case ISA_PS_T_CALL: /* every modifier of the row */
		for (int j = 0; isa_mod_word(ISA_DIALECT_SM10, op, j, up, sizeof up); j++)
			tmod(t, up);
		break;
	case ISA_PS_T_BAR:
		tmod(t, "ARV");
		tmod(t, "WAIT");
		return true; /* b0, all threads */
	case ISA_PS_T_MOV:
		if (u16 || has(t, "s16"))
			tmod(t, u16 ? "U16" : "S16");
		break;
	default:
		break;
	}
	tpush(t, 0, w);
	if (r->style == ISA_PS_T_SET) {
		const char *c = cmp_part(t);
		if (!c)
			tfail(t, "set needs a comparison");
		else
			upper_label(t, c);
	}
	return true;
}

void ptx_finish_tesla(ast_unit *u, ptx_insn *p)
{
	ast_insn_buf ab;
	ast_insn_buf_init(&ab);
	ast_insn *ai = &ab.in;
	tt t = {.u = u, .p = p, .ai = ai};
	t.nparts = ptx_insn_begin(u, p, ai, t.parts, 12);
	if (p->has_guard) {
		int reg = 0, cond = 0;
		ai->has_tguard = cond_reg(&t, p->guard, &reg, &cond);
		ai->tcreg = (int8_t)reg;
		ai->tcond = (int8_t)cond;
		if (p->guard_neg)
			tfail(&t, "a negated condition-register guard");
	}
	bool keep = translate(&t);
	if (keep) { /* addresses as the listing had them: .half instructions take 4 bytes */
		if (ai->addr < 0)
			ai->addr = u->ptx_next;
		u->ptx_next = ai->addr + (has(&t, "half") ? 4 : 8);
	}
	/* "$p1|$r2": the instruction also writes condition register 1 */
	if (p->nops && p->ops[0].cdst) {
		int reg, cond;
		if (cond_reg(&t, p->ops[0].cdst, &reg, &cond)) {
			char m[4] = {'C', (char)('0' + reg), 0, 0};
			tmod(&t, m);
		}
	}
	/* GPGPU-Sim drops the join flag; Tesla code has it on the instruction at each SSY
	   target, so it is put back there (simtemu's own output keeps it as .s) */
	bool join = has(&t, "s");
	for (int i = 0; i < u->nssy; i++)
		if (ai->addr >= 0 && u->ssy[i] == ai->addr)
			join = true;
	if (join && keep)
		tmod(&t, "S");
	int nt;
	int op = ai->mnem ? isa_lookup(ISA_DIALECT_SM10, ai->mnem) : -1;
	if (op >= 0 && isa_table(ISA_DIALECT_SM10, &nt)[op].style == ISA_PS_T_TOKEN && ai->nops == 1 &&
	    ai->ops[0].kind == OPND_IMM &&
	    u->nssy < AST_MAXSYMS)
		u->ssy[u->nssy++] = ai->ops[0].ival;
	ptx_insn_end(u, p, ai, keep && !t.bad);
}
