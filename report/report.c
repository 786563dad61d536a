/* run's and stats' reports: the counts as a table, CSV with one header, or one JSON document (docs/formats.md). */
#include <stdlib.h>
#include <string.h>

#include "cli/profiler.h"
#include "cli/report.h"
#include "cli/spec_run.h"
#include "emu/program.h"
#include "emu/stats.h"

static const char *const status_names[] = {"ok", "failed", "trapped", "interrupted"};

typedef unsigned long long ull;

/* For --by pc: each row's instruction text (rows are in the order of their first
   instruction, so one walk over the code finds them all). */
static const char **pc_texts(const emu_ctx *x, const stats_row *rows, int n)
{
	const char **t = calloc((size_t)(n ? n : 1), sizeof *t);
	if (!t)
		return NULL;
	int k = 0;
	for (int i = 0; i < n; i++) {
		unsigned long addr = strtoul(rows[i].key, NULL, 16);
		for (int s = k; s < x->f->n; s++)
			if (x->f->insns[s].addr == addr) {
				t[i] = x->f->insns[s].text;
				k = s + 1;
				break;
			}
	}
	return t;
}

/* A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
static void csv_field(FILE *out, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void csv_row(FILE *out, const char *group, const char *key, ull w, ull t, ull a, ull p, const char *text)
{
	csv_field(out, group);
	fputc(',', out);
	csv_field(out, key);
	fprintf(out, ",%llu,%llu,%llu,%llu,", w, t, a, p);
	csv_field(out, text ? text : "");
	fputc('\n', out);
}

static void cta_id(char *buf, size_t size, const emu_ctx *x, uint32_t i)
{
	snprintf(buf, size, "(%u,%u,%u)", i % x->grid[0], i / x->grid[0] % x->grid[1], i / (x->grid[0] * x->grid[1]));
}

static uint32_t nctas(const emu_ctx *x)
{
	return x->grid[0] * x->grid[1] * x->grid[2];
}

static void print_csv(const emu_ctx *x, stats_by by, const stats_row *rows, int n, const char **texts, FILE *out)
{
	stats_totals t = stats_total(x);
	fputs("group,key,warp_inst,thread_inst,active_thread_inst,pred_off,text\n", out);
	for (int i = 0; i < n; i++)
		csv_row(out, stats_by_name(by), rows[i].key, rows[i].warp, rows[i].thread, rows[i].active,
			rows[i].predoff, texts ? texts[i] : NULL);
	csv_row(out, "total", "total", t.warp, t.thread, t.active, t.predoff, NULL);
	for (uint32_t i = 0; x->cta_stats && i < nctas(x); i++) {
		const emu_cta_stats *c = &x->cta_stats[i];
		char id[48];
		cta_id(id, sizeof id, x, i);
		csv_row(out, "cta", id, c->warp, c->thread, c->active, c->predoff, NULL);
	}
}

static void json_counts(FILE *out, ull w, ull t, ull a, ull p)
{
	fprintf(out, "\"warp_inst\": %llu, \"thread_inst\": %llu, \"active_thread_inst\": %llu, \"pred_off\": %llu", w,
		t, a, p);
}

static void print_json(emu_ctx *x, const cli_opts *o, const cli_outcome *r, stats_by by, const stats_row *rows,
		       int n, const char **texts, FILE *out)
{
	stats_totals t = stats_total(x);
	fprintf(out, "{\"schema\": \"simtemu-stats/1\", \"kernel\": ");
	stats_json_str(out, x->f->name);
	fprintf(out, ", \"target\": ");
	stats_json_str(out, x->prog->target);
	fprintf(out, ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"warp_size\": %d,\n", x->grid[0],
		x->grid[1], x->grid[2], x->block[0], x->block[1], x->block[2], x->warp_size);
	fprintf(out, " \"status\": \"%s\", \"exit_status\": %d, \"partial\": %s, \"trap\": ", status_names[r->status],
		r->exit_status, r->status >= CLI_RUN_TRAPPED ? "true" : "false");
	if (r->trap)
		stats_json_str(out, r->trap);
	else
		fputs("null", out);
	if (r->checked < 0)
		fprintf(out, ", \"expects\": null,\n");
	else
		fprintf(out, ", \"expects\": {\"checked\": %d, \"held\": %d, \"failed\": %d},\n", r->checked,
			r->checked - r->failed, r->failed);
	fprintf(out, " \"totals\": {");
	json_counts(out, t.warp, t.thread, t.active, t.predoff);
	fprintf(out, "},\n");
	if (rows) {
		fprintf(out, " \"by\": \"%s\", \"rows\": [", stats_by_name(by));
		for (int i = 0; i < n; i++) {
			fprintf(out, "%s\n  {\"key\": ", i ? "," : "");
			stats_json_str(out, rows[i].key);
			fputs(", ", out);
			json_counts(out, rows[i].warp, rows[i].thread, rows[i].active, rows[i].predoff);
			if (texts && texts[i]) {
				fputs(", \"text\": ", out);
				stats_json_str(out, texts[i]);
			}
			fputc('}', out);
		}
		fprintf(out, "],\n");
	}
	fprintf(out, " \"simd_efficiency\": %.6f, \"max_stack_depth\": %d, \"divergent_branches\": %llu",
		stats_simd_efficiency(x), x->stats.max_depth, (ull)x->stats.divergent);
	if (x->cta_stats) {
		fprintf(out, ",\n \"ctas\": [");
		for (uint32_t i = 0; i < nctas(x); i++) {
			const emu_cta_stats *c = &x->cta_stats[i];
			fprintf(out, "%s\n  {\"cta\": [%u, %u, %u], ", i ? "," : "", i % x->grid[0],
				i / x->grid[0] % x->grid[1], i / (x->grid[0] * x->grid[1]));
			json_counts(out, c->warp, c->thread, c->active, c->predoff);
			fputc('}', out);
		}
		fputc(']', out);
	}
	fprintf(out, ",\n \"printf\": ");
	stats_json_str(out, r->printf_text ? r->printf_text : "");
	fprintf(out, ",\n \"dumps\": [");
	for (int i = 0; i < o->ndumps; i++) {
		fputs(i ? ",\n  " : "\n  ", out);
		spec_dump_json(x, o->dumps[i], NULL, out);
	}
	fprintf(out, "]}\n");
}

static void print_table(const emu_ctx *x, const cli_outcome *r, stats_by by, const stats_row *rows, int n,
			const char **texts, FILE *out)
{
	stats_totals t = stats_total(x);
	fprintf(out, "kernel %s  target %s  grid %u,%u,%u  block %u,%u,%u  warp size %d\n", x->f->name,
		x->prog->target, x->grid[0], x->grid[1], x->grid[2], x->block[0], x->block[1], x->block[2],
		x->warp_size);
	fprintf(out, "%-24s %12s %12s %19s %10s%s\n", stats_by_name(by), "warp_inst", "thread_inst",
		"active_thread_inst", "pred_off", texts ? "  text" : "");
	for (int i = 0; i < n; i++) {
		fprintf(out, "%-24s %12llu %12llu %19llu %10llu", rows[i].key, (ull)rows[i].warp, (ull)rows[i].thread,
			(ull)rows[i].active, (ull)rows[i].predoff);
		if (texts && texts[i])
			fprintf(out, "  %s", texts[i]);
		fputc('\n', out);
	}
	fprintf(out, "%-24s %12llu %12llu %19llu %10llu\n", "total", (ull)t.warp, (ull)t.thread, (ull)t.active,
		(ull)t.predoff);
	fprintf(out, "simd_efficiency %.4f  divergent_branches %llu  max_stack_depth %d\n", stats_simd_efficiency(x),
		(ull)x->stats.divergent, x->stats.max_depth);
	if (x->cta_stats) {
		fprintf(out, "%-16s %12s %12s %19s %10s\n", "cta", "warp_inst", "thread_inst", "active_thread_inst",
			"pred_off");
		for (uint32_t i = 0; i < nctas(x); i++) {
			const emu_cta_stats *c = &x->cta_stats[i];
			char id[48];
			cta_id(id, sizeof id, x, i);
			fprintf(out, "%-16s %12llu %12llu %19llu %10llu\n", id, (ull)c->warp, (ull)c->thread,
				(ull)c->active, (ull)c->predoff);
		}
	}
	if (r->status >= CLI_RUN_TRAPPED)
		fprintf(out, "partial counts: the run %s\n",
			r->status == CLI_RUN_INTERRUPTED ? "was interrupted" : "trapped");
}

void cli_counts_print(emu_ctx *x, const cli_opts *o, const cli_outcome *r, bool with_rows, FILE *out)
{
	if (o->profiler) {
		cli_profiler_print(x, o->profiler, o->exclude_pred_off, out);
		return;
	}
	stats_by by = (stats_by)stats_parse_by(o->by);
	stats_fmt fmt = (stats_fmt)stats_parse_fmt(o->counts);
	stats_row *rows = NULL;
	int n = with_rows ? stats_rows(x, by, &rows) : 0;
	const char **texts = with_rows && by == STATS_BY_PC ? pc_texts(x, rows, n) : NULL;
	if (fmt == STATS_JSON)
		print_json(x, o, r, by, with_rows ? rows : NULL, n, texts, out);
	else if (fmt == STATS_CSV)
		print_csv(x, by, rows, n, texts, out);
	else
		print_table(x, r, by, rows, n, texts, out);
	free(texts);
	free(rows);
}
