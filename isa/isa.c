/* Opcode tables and look-ups, all expanded from the merged .def rows (isa/merge.c). */
#include "isa/isa.h"

#include <stdio.h>
#include <string.h>

/* Every table of isa/, merged (isa/merge.c): isa_<table>[], one row per opcode. */
#define TABLE(t) static const isa_desc isa_##t[] = {
#define END_TABLE(t) };
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) \
	{#name, ISA_CLASS_##cls, shape, mods, meaning, ISA_IMM_##imm, ptx, ISA_PS_##style, tail, ISA_V_##var},
#include "isa/tables.tab"
#undef OP
#undef END_TABLE
#undef TABLE

static const char *const isa_class_names[ISA_NCLASS] = {
	"int", "fp32", "fp64", "sfu", "ld/st global", "shared", "const", "local",
	"control", "sync", "predicate", "misc",
};

/* Modifiers that only steer performance on hardware; accepted everywhere. */
static const char *const isa_hints[] = {"reuse", "REUSE", NULL};

/* Each dialect of isa/gens.def: its table, targets, every-opcode modifiers and note. */
static const struct {
	const isa_desc *table;
	int n;
	const char *targets, *every, *note;
	isa_ptx ptx;
} isa_gens[ISA_NDIALECTS] = {
#define GEN(id, name, table, targets, ptx, every, note)                                                    \
	[ISA_DIALECT_##id] = {isa_##table, (int)(sizeof isa_##table / sizeof isa_##table[0]), targets, every, \
			      note, ISA_PTX_##ptx},
#include "isa/gens.def"
#undef GEN
};

const isa_desc *isa_table(isa_dialect d, int *n)
{
	if (d <= ISA_DIALECT_NONE || d >= ISA_NDIALECTS) {
		*n = 0;
		return NULL;
	}
	*n = isa_gens[d].n;
	return isa_gens[d].table;
}

const char *isa_all_targets(void)
{
	return ""
#define GEN(id, name, table, targets, ptx, every, note) " " targets
#include "isa/gens.def"
#undef GEN
		;
}

isa_ptx isa_ptx_flavour(isa_dialect d)
{
	return d > ISA_DIALECT_NONE && d < ISA_NDIALECTS ? isa_gens[d].ptx : ISA_PTX_NONE;
}

isa_dialect isa_dialect_of(const char *target)
{
	size_t n = target ? strlen(target) : 0;
	for (int d = 1; n && d < ISA_NDIALECTS; d++)
		for (const char *p = isa_gens[d].targets; (p = strstr(p, target)); p += n)
			if ((p == isa_gens[d].targets || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
				return (isa_dialect)d;
	return ISA_DIALECT_NONE;
}

int isa_lookup(isa_dialect d, const char *mnemonic)
{
	int n;
	const isa_desc *t = isa_table(d, &n);
	for (int i = 0; i < n; i++)
		if (!strcmp(t[i].name, mnemonic))
			return i;
	return -1;
}

bool isa_mod_is_hint(const char *mod)
{
	for (int i = 0; isa_hints[i]; i++)
		if (!strcmp(isa_hints[i], mod))
			return true;
	return false;
}

static bool word_in(const char *list, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = list; *p;) {
		while (*p == ' ')
			p++;
		const char *e = p;
		while (*e && *e != ' ')
			e++;
		if ((size_t)(e - p) == n && !strncmp(p, w, n))
			return true;
		p = e;
	}
	return false;
}

bool isa_mod_ok(isa_dialect d, int op, const char *mod)
{
	int n;
	const isa_desc *t = isa_table(d, &n);
	if (!t || op < 0 || op >= n)
		return false;
	return word_in(isa_gens[d].every, mod) || isa_mod_is_hint(mod) || word_in(t[op].mods, mod);
}

const char *isa_class_name(isa_class c)
{
	return c < ISA_NCLASS ? isa_class_names[c] : "?";
}

void isa_print(isa_dialect d, const char *target)
{
	int n;
	const isa_desc *t = isa_table(d, &n);
	printf("# simtemu opcodes for %s (%d); shape kinds: r reg, p pred, i int imm, "
	       "f float imm, c const, m memory, s special reg, t target, k CC test\n",
	       target, n);
	printf("%-8s %-13s %-16s %-40s %s\n", "opcode", "class", "operands", "modifiers", "meaning");
	for (int i = 0; i < n; i++)
		printf("%-8s %-13s %-16s %-40s %s\n", t[i].name, isa_class_names[t[i].cls],
		       t[i].shape[0] ? t[i].shape : "-", t[i].mods[0] ? t[i].mods : "-", t[i].meaning);
	fputs(isa_gens[d].note, stdout);
	printf("# performance hints, accepted and ignored: .reuse, NOP's CC.T operand, "
	       "BPT.DRAIN, control words, encodings\n");
}

static const isa_desc *row(isa_dialect d, int op)
{
	int n;
	const isa_desc *t = isa_table(d, &n);
	return t && op >= 0 && op < n ? &t[op] : NULL;
}

bool isa_slot_is_float(isa_dialect d, int op, int slot)
{
	const isa_desc *r = row(d, op);
	if (!r)
		return false;
	return r->imm == ISA_IMM_FLOAT || r->imm == ISA_IMM_FLOAT32 || (r->imm == ISA_IMM_FLOATSRC && slot > 0);
}

bool isa_imm32(isa_dialect d, int op)
{
	const isa_desc *r = row(d, op);
	return r && (r->imm == ISA_IMM_INT32 || r->imm == ISA_IMM_FLOAT32);
}

bool isa_is_branch(isa_dialect d, int op)
{
	const isa_desc *r = row(d, op);
	return r && r->cls == ISA_CLASS_CONTROL && strchr(r->shape, 't');
}

bool isa_is_cond_control(isa_dialect d, int op)
{
	const isa_desc *r = row(d, op);
	return r && r->cls == ISA_CLASS_CONTROL && strchr(r->shape, 'q');
}

/* the k-th item of a list separated by sep */
static bool nth(const char *list, char sep, int k, char *buf, size_t n)
{
	const char *p = list;
	for (; k > 0 && p; k--)
		p = strchr(p, sep) ? strchr(p, sep) + 1 : NULL;
	if (!p || !*p || !n)
		return false;
	size_t len = strcspn(p, sep == '|' ? "|" : " ");
	if (len >= n)
		len = n - 1;
	memcpy(buf, p, len);
	buf[len] = 0;
	return true;
}

bool isa_ptx_word(isa_dialect d, int op, int k, char *buf, size_t n)
{
	const isa_desc *r = row(d, op);
	return r && nth(r->ptx, '|', k, buf, n);
}

bool isa_mod_word(isa_dialect d, int op, int k, char *buf, size_t n)
{
	const isa_desc *r = row(d, op);
	return r && nth(r->mods, ' ', k, buf, n);
}

int isa_ptx_match(isa_dialect d, int op, const char *const *parts, int nparts, bool strict, int *quals)
{
	char w[48];
	for (int k = 0; nparts > 0 && isa_ptx_word(d, op, k, w, sizeof w); k++) {
		size_t l = strcspn(w, ".");
		if (strlen(parts[0]) != l || strncmp(parts[0], w, l))
			continue;
		int q = 0;
		bool all = true;
		for (const char *s = w + l; *s == '.'; s += 1 + strcspn(s + 1, ".")) {
			size_t ql = strcspn(s + 1, ".");
			bool found = false;
			for (int i = 1; i < nparts && !found; i++)
				found = strlen(parts[i]) == ql && !strncmp(parts[i], s + 1, ql);
			all = all && (found || !strict);
			q += found;
		}
		if (all) {
			*quals = q;
			return k;
		}
	}
	return -1;
}
