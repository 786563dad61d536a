/* PTXPlus instructions mapped back to SASS parse trees (the inverse of ptxplus.c). The
   assembler then sees the same input from either syntax, so the decoded programs agree. */
#include "front/ptxplus_read.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "util/xalloc.h"

void ptx_insn_reset(ptx_insn *p)
{
	free(p->word);
	free(p->guard);
	for (int i = 0; i < p->nops; i++) {
		free(p->ops[i].name);
		free(p->ops[i].cdst);
	}
	memset(p, 0, sizeof *p);
}

void ptx_add_opnd(ast_unit *u, ptx_insn *p, ptx_opnd *o, ast_loc loc)
{
	if (p->nops == PTX_MAXOPS) {
		ast_error(&u->diags, loc, "too many operands");
		free(o->name);
		return;
	}
	o->loc = loc;
	p->ops[p->nops++] = *o;
}

void ptx_label(ast_unit *u, char *name, ast_loc loc)
{
	char *e;
	if (name[0] == 'l' && name[1] == '0' && name[2] == 'x') {
		unsigned long long a = strtoull(name + 3, &e, 16);
		if (!*e)
			u->cur.addr = (int64_t)a;
	}
	ast_add_label(u, name, loc);
}

bool ptx_looks_like(const char *src)
{
	for (const char *p = src; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, ".entry", 6) || !strncmp(p, ".version", 8) || !strncmp(p, "//HEADER", 8))
			return true;
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
		if (ptx_wide_imm(t->op))
			a.ival = o->neg ? -(int64_t)o->val : (int64_t)(uint32_t)o->val;
		else if (ptx_float_slot(t->op, slot)) { /* back to the 20-bit field: the top of the single */
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
		a.bank = o->bank;
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
	int n = t->p->nops, i = 0;
	switch (t->op) {
	case ISA_ST: case ISA_STS: case ISA_STL:
		if (n < 2 || n > 3)
			return fail(t, "a store takes an address and a value");
		address(t, &i, n - 1);
		rest_plain(t, i);
		return;
	case ISA_LD_LDU:
		if (n < 4)
			return fail(t, "LD_LDU takes two destinations and two addresses");
		rest_plain(t, n); /* nothing */
		push(t, sass_opnd(t, &t->p->ops[0], 0));
		push(t, sass_opnd(t, &t->p->ops[1], 1));
		i = 2;
		address(t, &i, addr_len(t, 2));
		address(t, &i, n - i);
		return;
	case ISA_ATOM: case ISA_RED: {
		int vals = t->op == ISA_ATOM && part(t, "cas") ? 2 : 1, lead = t->op == ISA_ATOM ? 1 : 0;
		if (n - lead - vals < 1 || n - lead - vals > 2)
			return fail(t, "unexpected operands for an atomic");
		if (lead)
			push(t, sass_opnd(t, &t->p->ops[0], 0));
		i = lead;
		address(t, &i, n - lead - vals);
		rest_plain(t, i);
		return;
	}
	default: /* loads */
		if (n < 2 || n > 3)
			return fail(t, "a load takes a destination and an address");
		push(t, sass_opnd(t, &t->p->ops[0], 0));
		i = 1;
		address(t, &i, n - 1);
	}
}

static int lookup(const char *name)
{
	return isa_lookup(ISA_DIALECT_SM20, name);
}

/* The SASS opcode and modifiers of a PTXPlus mnemonic. */
static int translate_mnemonic(tr *t)
{
	const char *b = t->parts[0];
	const char *ty = type_part(t, 0);
	bool fl = ty && ty[0] == 'f', dbl = ty && !strcmp(ty, "f64"), u32 = ty && !strcmp(ty, "u32");
	static const char *const cmps[] = {"lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu", "gtu",
					   "neu", "geu", NULL};
	static const char *const bops[] = {"and", "or", "xor", NULL};
	static const char *const rnd[][2] = {{"rzi", "TRUNC"}, {"rmi", "FLOOR"}, {"rpi", "CEIL"}, {"rni", "ROUND"},
					     {"rz", "RZ"}, {"rm", "RM"}, {"rp", "RP"}, {"rn", "RN"}};
	int op = -1;
	if (!strcmp(b, "mov"))
		op = part(t, "const") ? ISA_LDC : ISA_MOV;
	else if (!strcmp(b, "mov32i"))
		op = ISA_MOV32I;
	else if (!strcmp(b, "cvt"))
		op = t->p->nops == 2 && t->p->ops[1].kind == PO_SREG ? ISA_S2R : -2;
	else if (!strcmp(b, "add") || !strcmp(b, "add32i"))
		op = dbl ? ISA_DADD : fl ? (b[3] ? ISA_FADD32I : ISA_FADD) : (b[3] ? ISA_IADD32I : ISA_IADD);
	else if (!strcmp(b, "sub"))
		op = ISA_ISUB;
	else if (!strcmp(b, "mul") || !strcmp(b, "mul32i"))
		op = dbl ? ISA_DMUL : fl ? (b[3] ? ISA_FMUL32I : ISA_FMUL) : (b[3] ? ISA_IMUL32I : ISA_IMUL);
	else if (!strcmp(b, "mad"))
		op = ISA_IMAD;
	else if (!strcmp(b, "fma"))
		op = dbl ? ISA_DFMA : ISA_FFMA;
	else if (!strcmp(b, "and") || !strcmp(b, "or") || !strcmp(b, "xor") || !strcmp(b, "pass_b") ||
		 !strcmp(b, "and32i") || !strcmp(b, "or32i") || !strcmp(b, "xor32i") || !strcmp(b, "pass_b32i")) {
		op = strstr(b, "32i") ? ISA_LOP32I : ISA_LOP;
		char m[16];
		snprintf(m, sizeof m, "%.*s", (int)(strstr(b, "32i") ? strstr(b, "32i") - b : (long)strlen(b)), b);
		upper_mod(t, m);
	} else if (!strcmp(b, "rcp") || !strcmp(b, "ex2") || !strcmp(b, "lg2") || !strcmp(b, "sin") ||
		   !strcmp(b, "cos") || !strcmp(b, "rsqrt") || !strcmp(b, "sqrt")) {
		op = ISA_MUFU;
		upper_mod(t, !strcmp(b, "rsqrt") ? "rsq" : b);
	} else if (!strcmp(b, "ld") || !strcmp(b, "st")) {
		bool ld = b[0] == 'l';
		op = part(t, "shared") ? (ld ? ISA_LDS : ISA_STS) : part(t, "local") ? (ld ? ISA_LDL : ISA_STL)
			: (ld ? ISA_LD : ISA_ST);
	} else if (!strcmp(b, "ldu"))
		op = t->p->nops >= 4 ? ISA_LD_LDU : ISA_LDU;
	else if (!strcmp(b, "atom") || !strcmp(b, "red"))
		op = b[0] == 'a' ? ISA_ATOM : ISA_RED;
	else if (!strcmp(b, "callp"))
		op = ISA_CAL;
	else if (!strcmp(b, "retp"))
		op = ISA_RET;
	else if (!strcmp(b, "breakaddr")) /* GPGPU-Sim's Tesla spelling of the break token */
		op = ISA_PBK;
	else if (!strcmp(b, "break"))
		op = ISA_BRK;
	else if (!strcmp(b, "selp"))
		op = ISA_SEL;
	else if (!strcmp(b, "bpt"))
		op = ISA_BPT;
	else {
		char m[16];
		size_t i = 0;
		for (; b[i] && i < sizeof m - 1; i++)
			m[i] = (char)toupper((unsigned char)b[i]);
		m[i] = 0;
		op = lookup(m); /* iscadd shl shr isetp iset fsetp dsetp icmp imnmx psetp fmnmx dmnmx rro vadd
				   vmnmx popc flo bfe bfi prmt vote nop ssy pbk pcnt pret brk cont jcal bra brx exit bar */
	}
	if (op == -2) { /* cvt between values: I2F F2I F2F I2I by its two types */
		const char *dt = type_part(t, 0), *st = type_part(t, 1);
		if (!dt || !st)
			return -1;
		bool df = dt[0] == 'f', sf = st[0] == 'f';
		op = df ? (sf ? ISA_F2F : ISA_I2F) : (sf ? ISA_F2I : ISA_I2I);
		for (int i = 0; i < 8; i++)
			if (part(t, rnd[i][0]))
				mod(t, rnd[i][1]);
		/* the default pair (I2F.F32.S32, F2I.S32.F32, F2F.F32.F32, I2I.S32.S32) is left
		   unwritten, as cuobjdump does, so that --by mnemonic counts match the listing's */
		const char *ddef = df ? "f32" : "s32", *sdef = sf ? "f32" : "s32";
		if (strcmp(dt, ddef) || strcmp(st, sdef)) {
			upper_mod(t, dt);
			upper_mod(t, st);
		}
	}
	if (op < 0)
		return -1;
	/* modifiers carried by the dotted parts; .S goes last, as cuobjdump prints it */
	switch (op) {
	case ISA_IADD: case ISA_IADD32I: case ISA_ISUB: case ISA_IMUL: case ISA_IMUL32I: case ISA_IMAD:
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
	case ISA_FADD: case ISA_FADD32I: case ISA_FMUL: case ISA_FMUL32I: case ISA_FFMA: case ISA_DADD: case ISA_DMUL:
	case ISA_DFMA: case ISA_FMNMX:
		for (int i = 4; i < 7; i++)
			if (part(t, rnd[i][0]))
				mod(t, rnd[i][1]);
		if (part(t, "ftz"))
			mod(t, "FTZ");
		if (part(t, "sat"))
			mod(t, "SAT");
		break;
	case ISA_I2F: case ISA_F2I: case ISA_F2F: case ISA_I2I:
		if (part(t, "ftz"))
			mod(t, "FTZ");
		if (part(t, "sat"))
			mod(t, "SAT");
		break;
	case ISA_SHL: case ISA_SHR:
		if (part(t, "w"))
			mod(t, "W");
		if (op == ISA_SHR && u32)
			mod(t, "U32");
		break;
	case ISA_ISETP: case ISA_ISET: case ISA_FSETP: case ISA_DSETP: case ISA_ICMP: case ISA_PSETP:
		/* cuobjdump's order: ISETP.GE.U32.AND, FSETP.LT.FTZ.AND */
		if (part(t, "bf"))
			mod(t, "BF");
		for (int i = 1; i < t->nparts; i++)
			for (int k = 0; cmps[k]; k++)
				if (!strcmp(t->parts[i], cmps[k]))
					upper_mod(t, cmps[k]);
		if (part(t, "ftz"))
			mod(t, "FTZ");
		if (u32 && op != ISA_PSETP)
			mod(t, "U32");
		for (int i = 1; i < t->nparts; i++)
			for (int k = 0; bops[k]; k++)
				if (!strcmp(t->parts[i], bops[k]))
					upper_mod(t, bops[k]);
		break;
	case ISA_IMNMX: case ISA_BFE:
		if (u32)
			mod(t, "U32");
		if (part(t, "brev"))
			mod(t, "BREV");
		break;
	case ISA_FLO:
		if (part(t, "sh"))
			mod(t, "SH");
		upper_mod(t, u32 ? "u32" : "s32");
		break;
	case ISA_RRO:
		upper_mod(t, part(t, "sincos") ? "sincos" : "ex2");
		break;
	case ISA_VADD: case ISA_VMNMX:
		for (int i = 1; i < t->nparts; i++)
			if (!strcmp(t->parts[i], "acc") || !strcmp(t->parts[i], "min") || !strcmp(t->parts[i], "max") ||
			    !strcmp(t->parts[i], "mx") || !strcmp(t->parts[i], "sat"))
				upper_mod(t, t->parts[i]);
		if (u32)
			mod(t, "U32");
		break;
	case ISA_VOTE:
		upper_mod(t, part(t, "all") ? "all" : "any");
		break;
	case ISA_LD: case ISA_ST: case ISA_LDS: case ISA_STS: case ISA_LDL: case ISA_STL: case ISA_LDU: {
		if (part(t, "e"))
			mod(t, "E");
		const char *w = type_part(t, 0);
		if (w && !strcmp(w, "b64"))
			mod(t, "64");
		else if (w && !strcmp(w, "b128"))
			mod(t, "128");
		else if (w && strcmp(w, "u32"))
			upper_mod(t, w);
		break;
	}
	case ISA_LD_LDU: {
		if (part(t, "e"))
			mod(t, "E");
		const char *w1 = type_part(t, 0), *w2 = type_part(t, 1);
		mod(t, w1 && !strcmp(w1, "b64") ? "64" : "32");
		mod(t, w2 && !strcmp(w2, "b64") ? "64" : "32");
		break;
	}
	case ISA_LDC:
		if (part(t, "doublereg"))
			mod(t, "64");
		break;
	case ISA_ATOM: case ISA_RED: {
		static const char *const ops[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas", NULL};
		if (part(t, "e"))
			mod(t, "E");
		for (int i = 1; i < t->nparts; i++)
			for (int k = 0; ops[k]; k++)
				if (!strcmp(t->parts[i], ops[k]))
					upper_mod(t, ops[k]);
		const char *w = type_part(t, 0);
		if (w && strcmp(w, "u32"))
			upper_mod(t, w);
		break;
	}
	case ISA_BRA:
		if (part(t, "uni"))
			mod(t, "U");
		break;
	case ISA_BPT:
		mod(t, "DRAIN");
		break;
	case ISA_BAR:
		if (part(t, "red")) {
			mod(t, "RED");
			mod(t, "POPC");
		} else
			mod(t, "SYNC");
		break;
	}
	if (part(t, "s"))
		mod(t, "S");
	return op;
}

int ptx_insn_begin(ast_unit *u, const ptx_insn *p, ast_insn *ai, char parts[][16], int max)
{
	memset(ai, 0, sizeof *ai);
	ai->addr = u->cur.addr; /* fixed by an l0x label, else assigned after */
	u->cur.addr = -1;
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
	if (isa_dialect_of(u->target) == ISA_DIALECT_SM10) {
		ptx_finish_tesla(u, p);
		return;
	}
	ast_insn ai;
	tr t = {.u = u, .p = p, .ai = &ai};
	t.nparts = ptx_insn_begin(u, p, &ai, t.parts, 12);
	if (p->has_guard) {
		ai.has_guard = true;
		ai.guard_neg = p->guard_neg;
		ai.guard = pred_index(&t, p->guard);
	}
	t.op = translate_mnemonic(&t);
	if (t.op < 0) {
		ast_error(&u->diags, p->loc, "unsupported PTXPlus instruction '%s' for sm_20", p->word);
		ast_insn_clear(&ai);
		ptx_insn_reset(p);
		return;
	}
	int n;
	ai.mnem = xstrdup(isa_table(ISA_DIALECT_SM20, &n)[t.op].name);
	switch (isa_table(ISA_DIALECT_SM20, &n)[t.op].cls) {
	case ISA_CLASS_GLOBAL: case ISA_CLASS_SHARED: case ISA_CLASS_LOCAL:
		memory_operands(&t);
		break;
	default:
		rest_plain(&t, 0);
	}
	ptx_insn_end(u, p, &ai, !t.bad);
}

bool ptx_float_slot(int op, int slot)
{
	switch (op) {
	case ISA_FADD: case ISA_FMUL: case ISA_FFMA: case ISA_FSETP: case ISA_FMNMX: case ISA_MUFU: case ISA_RRO:
	case ISA_F2F: case ISA_FADD32I: case ISA_FMUL32I: case ISA_DADD: case ISA_DMUL: case ISA_DFMA: case ISA_DMNMX:
	case ISA_DSETP:
		return true;
	case ISA_F2I:
		return slot > 0; /* its source */
	default:
		return false;
	}
}

bool ptx_wide_imm(int op)
{
	return op == ISA_MOV32I || op == ISA_IADD32I || op == ISA_IMUL32I || op == ISA_LOP32I || op == ISA_FADD32I ||
	       op == ISA_FMUL32I;
}
