/* Grouping and printing of the per-instruction counts the interpreter keeps. */
#include "emu/stats.h"
#include "util/xalloc.h"

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

int stats_parse_fmt(const char *s)
{
	return !strcmp(s, "table") ? STATS_TABLE : !strcmp(s, "csv") ? STATS_CSV
		: !strcmp(s, "json") ? STATS_JSON : -1;
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

void stats_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

/* Per-CTA totals after the main report: a table, CSV lines, or (JSON) the "ctas" member
   that closes the report's object, so that stdout stays one JSON document. */
static void stats_print_ctas(const emu_ctx *x, stats_fmt fmt, FILE *out)
{
	uint32_t n = x->grid[0] * x->grid[1] * x->grid[2];
	if (fmt == STATS_TABLE)
		fprintf(out, "%-16s %12s %12s %19s %10s\n", "cta", "warp_inst", "thread_inst", "active_thread_inst",
			"pred_off");
	else if (fmt == STATS_CSV)
		fprintf(out, "cta,warp_inst,thread_inst,active_thread_inst,pred_off\n");
	else
		fprintf(out, ",\n \"ctas\": [");
	for (uint32_t i = 0; i < n; i++) {
		const emu_cta_stats *c = &x->cta_stats[i];
		char id[48];
		snprintf(id, sizeof id, "(%u,%u,%u)", i % x->grid[0], i / x->grid[0] % x->grid[1],
			 i / (x->grid[0] * x->grid[1]));
		if (fmt == STATS_TABLE)
			fprintf(out, "%-16s %12llu %12llu %19llu %10llu\n", id, (unsigned long long)c->warp,
				(unsigned long long)c->thread, (unsigned long long)c->active, (unsigned long long)c->predoff);
		else if (fmt == STATS_CSV)
			fprintf(out, "\"%s\",%llu,%llu,%llu,%llu\n", id, (unsigned long long)c->warp,
				(unsigned long long)c->thread, (unsigned long long)c->active, (unsigned long long)c->predoff);
		else
			fprintf(out, "%s\n  {\"cta\": [%u, %u, %u], \"warp_inst\": %llu, \"thread_inst\": %llu, "
				"\"active_thread_inst\": %llu, \"pred_off\": %llu}", i ? "," : "", i % x->grid[0],
				i / x->grid[0] % x->grid[1], i / (x->grid[0] * x->grid[1]), (unsigned long long)c->warp,
				(unsigned long long)c->thread, (unsigned long long)c->active, (unsigned long long)c->predoff);
	}
	if (fmt == STATS_JSON)
		fprintf(out, "]}\n");
}

void stats_print(const emu_ctx *x, stats_by by, stats_fmt fmt, FILE *out)
{
	stats_row *rows;
	int n = stats_rows(x, by, &rows);
	stats_totals t = stats_total(x);
	double eff = stats_simd_efficiency(x);
	if (fmt == STATS_CSV) {
		fprintf(out, "key,warp_inst,thread_inst,active_thread_inst,pred_off\n");
		for (int i = 0; i < n; i++)
			fprintf(out, "%s,%llu,%llu,%llu,%llu\n", rows[i].key, (unsigned long long)rows[i].warp,
				(unsigned long long)rows[i].thread, (unsigned long long)rows[i].active,
				(unsigned long long)rows[i].predoff);
	} else if (fmt == STATS_JSON) {
		fprintf(out, "{\"kernel\": ");
		stats_json_str(out, x->f->name);
		fprintf(out, ", \"target\": ");
		stats_json_str(out, x->prog->target);
		fprintf(out, ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u],\n", x->grid[0], x->grid[1],
			x->grid[2], x->block[0], x->block[1], x->block[2]);
		fprintf(out, " \"totals\": {\"warp_inst\": %llu, \"thread_inst\": %llu, "
			"\"active_thread_inst\": %llu, \"pred_off\": %llu},\n",
			(unsigned long long)t.warp, (unsigned long long)t.thread, (unsigned long long)t.active,
			(unsigned long long)t.predoff);
		fprintf(out, " \"by\": \"%s\", \"rows\": [", by_names[by]);
		for (int i = 0; i < n; i++) {
			fprintf(out, "%s\n  {\"key\": ", i ? "," : "");
			stats_json_str(out, rows[i].key);
			fprintf(out, ", \"warp_inst\": %llu, \"thread_inst\": %llu, \"active_thread_inst\": %llu, "
				"\"pred_off\": %llu}", (unsigned long long)rows[i].warp,
				(unsigned long long)rows[i].thread, (unsigned long long)rows[i].active,
				(unsigned long long)rows[i].predoff);
		}
		fprintf(out, "],\n \"simd_efficiency\": %.6f, \"max_stack_depth\": %d, "
			"\"divergent_branches\": %llu%s", eff, x->stats.max_depth,
			(unsigned long long)x->stats.divergent, x->cta_stats ? "" : "}\n");
	} else {
		fprintf(out, "kernel %s  target %s  grid %u,%u,%u  block %u,%u,%u  warp size %d\n",
			x->f->name, x->prog->target, x->grid[0], x->grid[1], x->grid[2], x->block[0],
			x->block[1], x->block[2], x->warp_size);
		fprintf(out, "%-24s %12s %12s %19s %10s\n", by_names[by], "warp_inst", "thread_inst",
			"active_thread_inst", "pred_off");
		for (int i = 0; i < n; i++)
			fprintf(out, "%-24s %12llu %12llu %19llu %10llu\n", rows[i].key,
				(unsigned long long)rows[i].warp, (unsigned long long)rows[i].thread,
				(unsigned long long)rows[i].active, (unsigned long long)rows[i].predoff);
		fprintf(out, "%-24s %12llu %12llu %19llu %10llu\n", "total", (unsigned long long)t.warp,
			(unsigned long long)t.thread, (unsigned long long)t.active,
			(unsigned long long)t.predoff);
		fprintf(out, "simd_efficiency %.4f  divergent_branches %llu  max_stack_depth %d\n", eff,
			(unsigned long long)x->stats.divergent, x->stats.max_depth);
	}
	if (x->cta_stats)
		stats_print_ctas(x, fmt, out);
	free(rows);
}
