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

/* The SASS mnemonic, modifiers and operands of one PTXPlus line; false for exit. */
static bool translate(tt *t)
{
	const char *b = t->parts[0];
	ptx_insn *p = t->p;
	int n = p->nops;
	bool fl = has(t, "f32"), half = has(t, "half"), u16 = has(t, "u16") && !has(t, "wide");
	int w = u16 ? 2 : 4;
	const char *m = NULL;
	if (!strcmp(b, "exit"))
		return false; /* the converter's l_exit: the end of the function */
	bool dbl = has(t, "f64");
	if (!strcmp(b, "add") || !strcmp(b, "add32i")) {
		if (dbl)
			m = "DADD";
		else if (fl)
			m = b[3] ? "FADD32I" : half ? "FADD32" : "FADD";
		else if (n && p->ops[0].kind == PO_AREG)
			m = "ADA";
		else
			m = half ? "IADD32" : b[3] || (n && p->ops[n - 1].kind == PO_NUM) ? "IADD32I" : "IADD";
	} else if (!strcmp(b, "mov")) {
		const ptx_opnd *s = n > 1 ? &p->ops[1] : NULL;
		if (n && p->ops[0].kind == PO_SMEM)
			m = "R2G";
		else if (s && s->kind == PO_NUM)
			m = "MVI";
		else if (s && (s->kind == PO_LABEL || s->kind == PO_CONST))
			m = "MVC";
		else if (s && s->kind == PO_AREG)
			m = "A2R";
		else
			m = half ? "MOV32" : "MOV";
	} else if (!strcmp(b, "g2r"))
		m = "G2R";
	else if (!strcmp(b, "mad") || !strcmp(b, "mad32i"))
		m = fl ? (b[3] ? "FMAD32I" : half ? "FMAD32" : "FMAD") : b[3] ? "IMAD32I" : half ? "IMAD32" : "IMAD";
	else if (!strcmp(b, "mul") || !strcmp(b, "mul32i"))
		m = dbl ? "DMUL" : fl ? (b[3] ? "FMUL32I" : half ? "FMUL32" : "FMUL") : b[3] ? "IMUL32I" : half ? "IMUL32" : "IMUL";
	else if (!strcmp(b, "fma"))
		m = "DFMA";
	else if (!strcmp(b, "min") || !strcmp(b, "max"))
		m = fl ? (b[1] == 'i' ? "FMIN" : "FMAX") : (b[1] == 'i' ? "IMIN" : "IMAX");
	else if (!strcmp(b, "shl"))
		m = n && p->ops[0].kind == PO_AREG ? "R2A" : "SHL";
	else if (!strcmp(b, "shr"))
		m = "SHR";
	else if (!strcmp(b, "and") || !strcmp(b, "or") || !strcmp(b, "xor") || !strcmp(b, "not") || !strcmp(b, "pass_b"))
		m = "LOP";
	else if (!strcmp(b, "set"))
		m = fl ? "FSET" : "ISET";
	else if (!strcmp(b, "cvt"))
		m = n == 2 && p->ops[1].kind == PO_SREG && !strcmp(p->ops[1].name, "clock") ? "S2R" : "CVT";
	else if (!strcmp(b, "abs"))
		m = "I2I";
	else if (!strcmp(b, "rcp") || !strcmp(b, "ex2") || !strcmp(b, "lg2") || !strcmp(b, "sin") ||
		 !strcmp(b, "cos") || !strcmp(b, "rro"))
		m = b;
	else if (!strcmp(b, "rsqrt"))
		m = "RSQ";
	else if (!strcmp(b, "ld") || !strcmp(b, "st"))
		m = has(t, "global") ? (b[0] == 'l' ? "GLD" : "GST") : NULL;
	else if (!strcmp(b, "bra") || !strcmp(b, "ssy") || !strcmp(b, "nop"))
		m = b;
	else if (!strcmp(b, "callp"))
		m = "CAL";
	else if (!strcmp(b, "retp"))
		m = "RET";
	else if (!strcmp(b, "bar"))
		m = "BAR";
	else if (!strcmp(b, "breakaddr"))
		m = "PBK";
	else if (!strcmp(b, "break"))
		m = "BRK";
	if (!m) {
		tfail(t, "not an sm_1x instruction simtemu reads yet");
		return true;
	}
	char mn[16];
	size_t i = 0;
	for (; m[i] && i < sizeof mn - 1; i++)
		mn[i] = (char)toupper((unsigned char)m[i]);
	mn[i] = 0;
	ast_insn *ai = t->ai;
	if (!strcmp(mn, "CVT")) {
		/* cvt[.rz].D.S: I2I, I2F, F2I by the two types */
		const char *ty[2] = {NULL, NULL};
		int k = 0;
		for (int j = 1; j < t->nparts && k < 2; j++)
			if (strchr("usf", t->parts[j][0]) && isdigit((unsigned char)t->parts[j][1]))
				ty[k++] = t->parts[j];
		if (k < 2) {
			tfail(t, "cvt needs two types");
			return true;
		}
		strcpy(mn, ty[0][0] == 'f' ? (ty[1][0] == 'f' ? "F2F" : "I2F") : (ty[1][0] == 'f' ? "F2I" : "I2I"));
		ai->mnem = xstrdup(mn);
		for (k = 0; k < 2; k++) {
			char up[8];
			snprintf(up, sizeof up, "%c%s", toupper((unsigned char)ty[k][0]), ty[k] + 1);
			tmod(t, up);
		}
		if (has(t, "rz"))
			tmod(t, "TRUNC");
		tpush(t, 0, has(t, "u16") || has(t, "s16") ? 2 : 4);
		if (ai->nops == 2 && ai->ops[1].kind == OPND_SMEM)
			ai->ops[1].width = 2;
		return true;
	}
	ai->mnem = xstrdup(mn);
	if (!strncmp(mn, "IMAD", 4) || !strncmp(mn, "IMUL", 4)) {
		int k = 0;
		char up[8] = "";
		for (int j = 1; j < t->nparts; j++)
			if ((t->parts[j][0] == 'u' || t->parts[j][0] == 's') && isdigit((unsigned char)t->parts[j][1])) {
				snprintf(up, sizeof up, "%c%s", toupper((unsigned char)t->parts[j][0]), t->parts[j] + 1);
				tmod(t, up);
				k++;
			}
		if (!has(t, "wide") || !k)
			tfail(t, "only the 16- and 24-bit multiplies (mul.wide.u16, mad.wide.u16) are read");
		else if (k == 1 && mn[2] == 'U') /* GPGPU-Sim's mul.wide.u16 is IMUL.U16.U16 */
			tmod(t, up);
	} else if ((!strcmp(mn, "IMIN") || !strcmp(mn, "IMAX")) && has(t, "s32"))
		tmod(t, "S32");
	else if (!strcmp(mn, "RRO"))
		tmod(t, has(t, "sincos") ? "SINCOS" : "EX2");
	else if (!strcmp(mn, "G2R")) {
		tmod(t, "U32");
		tmod(t, "U32");
	} else if (!strcmp(mn, "I2I")) { /* abs.u32 d, a: I2I.U32.S32 d, |a| */
		tmod(t, "U32");
		tmod(t, "S32");
		tpush(t, 0, 4);
		if (ai->nops == 2)
			ai->ops[1].abs = true;
		return true;
	} else if ((!strncmp(mn, "FMUL", 4) || !strncmp(mn, "FADD", 4)) && has(t, "rz"))
		tmod(t, "TRUNC");
	else if (!strcmp(mn, "SHR") && has(t, "s32"))
		tmod(t, "S32");
	else if (!strcmp(mn, "LOP")) {
		tmod(t, b[0] == 'n' || b[0] == 'p' ? "PASS_B" : b[0] == 'a' ? "AND" : b[0] == 'o' ? "OR" : "XOR");
		if (u16)
			tmod(t, "U16");
	} else if (!strcmp(mn, "ISET") && has(t, "s32"))
		tmod(t, "S32");
	else if (!strcmp(mn, "GLD") || !strcmp(mn, "GST"))
		tmod(t, has(t, "v2") ? "S64" : has(t, "u16") ? "U16" : has(t, "s16") ? "S16" : has(t, "u8") ? "U8"
			: has(t, "s8") ? "S8" : "U32");
	else if (!strcmp(mn, "R2G")) {
		tmod(t, "U32");
		tmod(t, "U32");
	} else if (!strcmp(mn, "CAL"))
		tmod(t, "NOINC");
	else if (!strcmp(mn, "BAR")) {
		tmod(t, "ARV");
		tmod(t, "WAIT");
		return true; /* b0, all threads */
	} else if ((!strcmp(mn, "MOV") || !strcmp(mn, "MOV32")) && (u16 || has(t, "s16")))
		tmod(t, u16 ? "U16" : "S16");
	if (!strcmp(mn, "LOP") && !strcmp(b, "not")) { /* not.b32 d, a: LOP.PASS_B d, d, ~a */
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
	if (!strcmp(mn, "GST") && n == 3) { /* st.global.v2 [a], {r, r+1}: the pair's first register */
		tpush(t, 0, w);
		ai->nops = 2;
		return true;
	}
	if (!strcmp(mn, "GLD") && n == 3) { /* ld.global.v2 {r, r+1}, [a] */
		tpush(t, 0, w);
		free(ai->ops[1].name);
		ai->ops[1] = ai->ops[2];
		ai->nops = 2;
		return true;
	}
	tpush(t, 0, w);
	if (!strcmp(mn, "ISET") || !strcmp(mn, "FSET")) {
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
	ast_insn ai;
	tt t = {.u = u, .p = p, .ai = &ai};
	t.nparts = ptx_insn_begin(u, p, &ai, t.parts, 12);
	if (p->has_guard) {
		ai.has_tguard = cond_reg(&t, p->guard, &ai.tcreg, &ai.tcond);
		if (p->guard_neg)
			tfail(&t, "a negated condition-register guard");
	}
	bool keep = translate(&t);
	if (keep) { /* addresses as the listing had them: .half instructions take 4 bytes */
		if (ai.addr < 0)
			ai.addr = u->ptx_next;
		u->ptx_next = ai.addr + (has(&t, "half") ? 4 : 8);
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
		if (ai.addr >= 0 && u->ssy[i] == ai.addr)
			join = true;
	if (join && keep)
		tmod(&t, "S");
	if (ai.mnem && !strcmp(ai.mnem, "SSY") && ai.nops == 1 && ai.ops[0].kind == OPND_IMM &&
	    u->nssy < AST_MAXSYMS)
		u->ssy[u->nssy++] = ai.ops[0].ival;
	ptx_insn_end(u, p, &ai, keep && !t.bad);
}
