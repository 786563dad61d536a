/* run's and stats' reports: the counts as a table, CSV with one header, or one JSON document (docs/formats.md). */
#include <stdlib.h>
#include <string.h>

#include "emu/program.h"
#include "report/dump.h"
#include "report/report.h"
#include "report/write.h"

static const char *const status_names[] = {"ok", "failed", "trapped", "interrupted"};

int report_parse_fmt(const char *s)
{
	return !strcmp(s, "table") ? REPORT_TABLE : !strcmp(s, "csv") ? REPORT_CSV : !strcmp(s, "json") ? REPORT_JSON : -1;
}

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

static void csv_row(FILE *out, const char *group, const char *key, ull w, ull t, ull a, ull p, const char *text)
{
	report_csv_field(out, group);
	fputc(',', out);
	report_csv_field(out, key);
	fprintf(out, ",%llu,%llu,%llu,%llu,", w, t, a, p);
	report_csv_field(out, text ? text : "");
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

static void print_json(emu_ctx *x, const char *const *dumps, int ndumps, const report_outcome *r, stats_by by,
		       const stats_row *rows, int n, const char **texts, FILE *out)
{
	stats_totals t = stats_total(x);
	fprintf(out, "{\"schema\": \"simtemu-stats/1\", \"kernel\": ");
	report_json_str(out, x->f->name);
	fprintf(out, ", \"target\": ");
	report_json_str(out, x->prog->target);
	fprintf(out, ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"warp_size\": %d,\n", x->grid[0],
		x->grid[1], x->grid[2], x->block[0], x->block[1], x->block[2], x->warp_size);
	fprintf(out, " \"status\": \"%s\", \"exit_status\": %d, \"partial\": %s, \"trap\": ", status_names[r->status],
		r->exit_status, r->status >= REPORT_RUN_TRAPPED ? "true" : "false");
	if (r->trap)
		report_json_str(out, r->trap);
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
			report_json_str(out, rows[i].key);
			fputs(", ", out);
			json_counts(out, rows[i].warp, rows[i].thread, rows[i].active, rows[i].predoff);
			if (texts && texts[i]) {
				fputs(", \"text\": ", out);
				report_json_str(out, texts[i]);
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
	report_json_str(out, r->printf_text ? r->printf_text : "");
	fprintf(out, ",\n \"dumps\": [");
	for (int i = 0; i < ndumps; i++) {
		fputs(i ? ",\n  " : "\n  ", out);
		report_dump_json(x, dumps[i], NULL, out);
	}
	fprintf(out, "]}\n");
}

static void print_table(const emu_ctx *x, const report_outcome *r, stats_by by, const stats_row *rows, int n,
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
	if (r && r->status >= REPORT_RUN_TRAPPED)
		fprintf(out, "partial counts: the run %s\n",
			r->status == REPORT_RUN_INTERRUPTED ? "was interrupted" : "trapped");
}

void report_counts(emu_ctx *x, stats_by by, report_fmt fmt, const report_outcome *r, const char *const *dumps,
		   int ndumps, bool with_rows, FILE *out)
{
	stats_row *rows = NULL;
	int n = with_rows ? stats_rows(x, by, &rows) : 0;
	const char **texts = with_rows && by == STATS_BY_PC ? pc_texts(x, rows, n) : NULL;
	if (fmt == REPORT_JSON)
		print_json(x, dumps, ndumps, r, by, with_rows ? rows : NULL, n, texts, out);
	else if (fmt == REPORT_CSV)
		print_csv(x, by, rows, n, texts, out);
	else
		print_table(x, r, by, rows, n, texts, out);
	free(texts);
	free(rows);
}

void report_table(const emu_ctx *x, stats_by by, FILE *out)
{
	stats_row *rows;
	int n = stats_rows(x, by, &rows);
	print_table(x, NULL, by, rows, n, NULL, out);
	free(rows);
}
