/* Grouping and totalling of the per-instruction counts the interpreter keeps (the tools print them: report/). */
#include "emu/stats.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const by_names[] = {"opcode", "mnemonic", "class", "pc"};

const char *stats_by_name(stats_by by) { return by_names[by]; }

int stats_parse_by(const char *s)
{
	for (int i = 0; i < 4; i++)
		if (!strcmp(s, by_names[i]))
			return i;
	return -1;
}

/* A row with the index of its first instruction: rows are grouped by sorting (key, first)
   and merging neighbours, O(n log n) (a search per instruction was quadratic for --by pc,
   where every instruction is its own row). */
typedef struct {
	stats_row r;
	int first;
} keyed_row;

static int by_key_first(const void *a, const void *b)
{
	const keyed_row *x = a, *y = b;
	int c = strcmp(x->r.key, y->r.key);
	return c ? c : (x->first > y->first) - (x->first < y->first);
}

static int by_first(const void *a, const void *b)
{
	const keyed_row *x = a, *y = b;
	return (x->first > y->first) - (x->first < y->first);
}

int stats_rows(const emu_ctx *x, stats_by by, stats_row **out)
{
	const emu_func *f = x->f;
	int nt;
	const isa_desc *t = isa_table(x->prog->dialect, &nt);
	keyed_row *kr = xcalloc((size_t)f->n, sizeof *kr);
	int m = 0;
	for (int i = 0; i < f->n; i++) {
		if (!x->stats.pc[i].warp)
			continue;
		const emu_insn *in = &f->insns[i];
		keyed_row *r = &kr[m++];
		char *key = r->r.key;
		size_t ks = sizeof r->r.key;
		switch (by) {
		case STATS_BY_OPCODE: snprintf(key, ks, "%s", t[in->op].name); break;
		case STATS_BY_MNEMONIC: snprintf(key, ks, "%s", in->mnem); break;
		case STATS_BY_CLASS: snprintf(key, ks, "%s", isa_class_name(t[in->op].cls)); break;
		default: snprintf(key, ks, "0x%04x", in->addr); break;
		}
		r->first = i;
		r->r.warp = x->stats.pc[i].warp;
		r->r.thread = x->stats.pc[i].thread;
		r->r.active = x->stats.pc[i].active;
		r->r.predoff = x->stats.pc[i].predoff;
	}
	qsort(kr, (size_t)m, sizeof *kr, by_key_first);
	int n = 0;
	for (int i = 0; i < m; i++) {
		if (n && !strcmp(kr[n - 1].r.key, kr[i].r.key)) {
			kr[n - 1].r.warp += kr[i].r.warp;
			kr[n - 1].r.thread += kr[i].r.thread;
			kr[n - 1].r.active += kr[i].r.active;
			kr[n - 1].r.predoff += kr[i].r.predoff;
		} else
			kr[n++] = kr[i];
	}
	if (by == STATS_BY_PC) /* in the order of the first instruction at each address */
		qsort(kr, (size_t)n, sizeof *kr, by_first);
	stats_row *rows = xcalloc((size_t)(n ? n : 1), sizeof *rows);
	for (int i = 0; i < n; i++)
		rows[i] = kr[i].r;
	free(kr);
	*out = rows;
	return n;
}

stats_totals stats_total(const emu_ctx *x)
{
	stats_totals t = {0};
	for (int i = 0; i < x->f->n; i++) {
		t.warp += x->stats.pc[i].warp;
		t.thread += x->stats.pc[i].thread;
		t.active += x->stats.pc[i].active;
		t.predoff += x->stats.pc[i].predoff;
	}
	return t;
}

double stats_simd_efficiency(const emu_ctx *x)
{
	stats_totals t = stats_total(x);
	return t.warp ? (double)t.thread / ((double)t.warp * x->warp_size) : 0.0;
}
