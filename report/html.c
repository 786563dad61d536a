/* stats --html and compare --html: one self-contained page, sortable tables and inline
   charts; no network access, no external scripts or fonts. The page is also well-formed
   XML (closed empty elements, the script in CDATA), so xmllint checks it. */
#include "report/html.h"

#include <stdlib.h>
#include <string.h>

#include "emu/stats.h"
#include "report/compare.h"
#include "report/plot_stats.h"
#include "report/svg.h"

typedef unsigned long long ull;

static const char css[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222}h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.6em}"
	"table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:2px 8px}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#eee;cursor:pointer;user-select:none}"
	"th[data-dir=asc]::after{content:' \\25b2'}th[data-dir=desc]::after{content:' \\25bc'}"
	"tfoot td{font-weight:bold}.bad{color:#b00020}.ok{color:#1b5e20}.chart{overflow-x:auto}"
	"p.note{color:#555;font-size:.9em}";

/* Click a column's head to sort by it (numbers by data-v), again to reverse. */
static const char js[] =
	"function sortKey(c){var v=c.getAttribute('data-v');if(v===null)v=c.textContent;"
	"var n=parseFloat(v);return isNaN(n)?v:n;}\n"
	"document.querySelectorAll('table.sortable th').forEach(function(th){"
	"th.addEventListener('click',function(){var t=th.closest('table'),b=t.tBodies[0],i=th.cellIndex;"
	"var d=th.getAttribute('data-dir')==='asc'?-1:1;"
	"t.querySelectorAll('th').forEach(function(h){h.removeAttribute('data-dir');});"
	"th.setAttribute('data-dir',d>0?'asc':'desc');"
	"Array.prototype.slice.call(b.rows).sort(function(r,s){var x=sortKey(r.cells[i]),y=sortKey(s.cells[i]);"
	"if(typeof x!==typeof y){x=String(x);y=String(y);}return(x<y?-1:x>y?1:0)*d;})"
	".forEach(function(r){b.appendChild(r);});});});\n";

static void begin(FILE *out, const char *title)
{
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>");
	svg_esc(out, title);
	fprintf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", css);
	svg_esc(out, title);
	fprintf(out, "</h1>\n");
}

static void end(FILE *out)
{
	fprintf(out, "<p class=\"note\">Made by simtemu. Click a column's head to sort the table by it.</p>\n"
		"<script>//<![CDATA[\n%s//]]></script>\n</body>\n</html>\n", js);
}

/* A sortable table's head: the caption and the column names (the first is the key). */
static void table_head(FILE *out, const char *id, const char *caption, const char *const *cols, int n)
{
	fprintf(out, "<table class=\"sortable\" id=\"%s\">\n<caption>", id);
	svg_esc(out, caption);
	fprintf(out, "</caption>\n<thead><tr>");
	for (int i = 0; i < n; i++) {
		fprintf(out, "<th>");
		svg_esc(out, cols[i]);
		fprintf(out, "</th>");
	}
	fprintf(out, "</tr></thead>\n<tbody>\n");
}

static void td_text(FILE *out, const char *s)
{
	fprintf(out, "<td>");
	svg_esc(out, s);
	fprintf(out, "</td>");
}

static void td_num(FILE *out, ull v)
{
	fprintf(out, "<td class=\"n\" data-v=\"%llu\">%llu</td>", v, v);
}

/* b against a: the difference and the percent ("new" where a is 0 and b is not). */
static void td_diff(FILE *out, uint64_t a, uint64_t b)
{
	long long d = (long long)(b - a);
	fprintf(out, "<td class=\"n\" data-v=\"%lld\">%+lld</td>", d, d);
	if (a)
		fprintf(out, "<td class=\"n\" data-v=\"%.4f\">%+.1f%%</td>", 100.0 * d / (double)a, 100.0 * d / (double)a);
	else
		fprintf(out, "<td class=\"n\" data-v=\"%s\">%s</td>", b ? "1e300" : "0", b ? "new" : "-");
}

static void counts_row(FILE *out, const char *k1, const char *k2, ull w, ull t, ull a, ull p)
{
	fprintf(out, "<tr>");
	td_text(out, k1);
	if (k2)
		td_text(out, k2);
	td_num(out, w);
	td_num(out, t);
	td_num(out, a);
	td_num(out, p);
	fprintf(out, "</tr>\n");
}

static void stats_summary(const emu_ctx *x, const char *file, const char *trap, FILE *out)
{
	stats_totals t = stats_total(x);
	fprintf(out, "<p>File <code>");
	svg_esc(out, file);
	fprintf(out, "</code>, grid %u,%u,%u, block %u,%u,%u, warp size %d.<br/>\n", x->grid[0], x->grid[1], x->grid[2],
		x->block[0], x->block[1], x->block[2], x->warp_size);
	fprintf(out, "warp_inst %llu, thread_inst %llu, active_thread_inst %llu, pred_off %llu, simd_efficiency %.4f, "
		"divergent_branches %llu, max_stack_depth %d.</p>\n", (ull)t.warp, (ull)t.thread, (ull)t.active,
		(ull)t.predoff, stats_simd_efficiency(x), (ull)x->stats.divergent, x->stats.max_depth);
	if (trap) {
		fprintf(out, "<p class=\"bad\">Partial counts: the run stopped early: ");
		svg_esc(out, trap);
		fprintf(out, "</p>\n");
	}
}

void html_stats(const emu_ctx *x, const char *by_name, const char *file, const char *trap, FILE *out)
{
	char title[300];
	snprintf(title, sizeof title, "simtemu stats: %s (%s)", x->f->name, x->prog->target);
	begin(out, title);
	stats_summary(x, file, trap, out);
	fprintf(out, "<h2>Instructions by opcode and class</h2>\n<div class=\"chart\">\n");
	plot_stats_svg(x, out);
	fprintf(out, "</div>\n");
	static const char *const cols[] = {"class", "opcode", "warp_inst", "thread_inst", "active_thread_inst",
					   "pred_off"};
	stats_totals t = stats_total(x);
	plot_op *ops;
	int n = plot_ops(x, &ops);
	table_head(out, "by-opcode", "Counts by opcode", cols, 6);
	for (int i = 0; i < n; i++)
		counts_row(out, ops[i].cls, ops[i].opcode, ops[i].warp, ops[i].thread, ops[i].active, ops[i].predoff);
	fprintf(out, "</tbody>\n<tfoot>");
	counts_row(out, "total", "", t.warp, t.thread, t.active, t.predoff);
	fprintf(out, "</tfoot>\n</table>\n");
	free(ops);
	stats_by by = (stats_by)stats_parse_by(by_name);
	for (int k = 0; k < 2; k++) {
		stats_by b = k ? by : STATS_BY_CLASS;
		if (k && (by == STATS_BY_CLASS || by == STATS_BY_OPCODE))
			break;
		stats_row *rows;
		int m = stats_rows(x, b, &rows);
		char id[32], cap[64];
		snprintf(id, sizeof id, "by-%s", stats_by_name(b));
		snprintf(cap, sizeof cap, "Counts by %s", stats_by_name(b));
		table_head(out, id, cap, (const char *const[]){stats_by_name(b), "warp_inst", "thread_inst",
							       "active_thread_inst", "pred_off"}, 5);
		for (int i = 0; i < m; i++)
			counts_row(out, rows[i].key, NULL, rows[i].warp, rows[i].thread, rows[i].active, rows[i].predoff);
		fprintf(out, "</tbody>\n<tfoot>");
		counts_row(out, "total", NULL, t.warp, t.thread, t.active, t.predoff);
		fprintf(out, "</tfoot>\n</table>\n");
		free(rows);
	}
	end(out);
}

bool html_stats_write(const emu_ctx *x, const char *by, const char *file, const char *trap, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return false;
	html_stats(x, by, file, trap, out);
	return fclose(out) == 0;
}

static void compare_runs(const html_compare_in *in, FILE *out)
{
	table_head(out, "runs", "Runs", (const char *const[]){"run", "file", "target", "warp_inst", "thread_inst",
							      "simd_efficiency"}, 6);
	for (int k = 0; k < in->nx; k++) {
		char run[2] = {(char)('A' + k), 0}, eff[32];
		stats_totals t = stats_total(in->x[k]);
		fprintf(out, "<tr>");
		td_text(out, run);
		td_text(out, in->files[k]);
		td_text(out, in->x[k]->prog->target);
		td_num(out, t.warp);
		td_num(out, t.thread);
		snprintf(eff, sizeof eff, "%.4f", stats_simd_efficiency(in->x[k]));
		fprintf(out, "<td class=\"n\" data-v=\"%s\">%s</td></tr>\n", eff, eff);
	}
	fprintf(out, "</tbody>\n</table>\n");
}

/* The outputs all runs share, each run's against A's. */
static void compare_outputs(const html_compare_in *in, FILE *out)
{
	cmp_nbuf *bufs;
	int nbufs;
	cmp_buffers_n(in->x, in->nx, in->tol, &bufs, &nbufs);
	for (int i = 0; i < in->nignored; i++)
		cmp_ignore_n(bufs, nbufs, in->ignored[i]);
	const char *cols[CMP_MAX_RUNS + 1] = {"output", "elements"};
	char names[CMP_MAX_RUNS][16];
	for (int k = 1; k < in->nx; k++) {
		snprintf(names[k], sizeof names[k], "%c vs A", 'A' + k);
		cols[k + 1] = names[k];
	}
	table_head(out, "outputs", "Outputs (tolerance for floats as given or from .expect)", cols, in->nx + 1);
	for (int i = 0; i < nbufs; i++) {
		fprintf(out, "<tr>");
		td_text(out, bufs[i].name);
		td_num(out, bufs[i].count);
		for (int k = 1; k < in->nx; k++) {
			const cmp_buf *c = &bufs[i].vs[k];
			if (bufs[i].ignored)
				fprintf(out, "<td>ignored</td>");
			else if (!c->same_shape)
				fprintf(out, "<td class=\"bad\">differs in type or size</td>");
			else if (c->ndiff)
				fprintf(out, "<td class=\"bad\" data-v=\"%llu\">%llu differ; first [%llu]: A %.9g, %c %.9g</td>",
					(ull)c->ndiff, (ull)c->ndiff, (ull)c->first, c->a_val, 'A' + k, c->b_val);
			else
				fprintf(out, "<td class=\"ok\" data-v=\"0\">identical</td>");
		}
		fprintf(out, "</tr>\n");
	}
	fprintf(out, "</tbody>\n</table>\n");
	free(bufs);
}

/* One table of counts (w: 0 warp_inst, 1 thread_inst) by one grouping, each run against A. */
static void compare_counts(const html_compare_in *in, stats_by by, int w, FILE *out)
{
	cmp_nrow *rows;
	int n = cmp_rows_n(in->x, in->nx, by, &rows);
	const char *wname = w ? "thread_inst" : "warp_inst";
	const char *cols[1 + 3 * CMP_MAX_RUNS];
	char names[CMP_MAX_RUNS][3][24];
	int nc = 0;
	cols[nc++] = stats_by_name(by);
	for (int k = 0; k < in->nx; k++) {
		snprintf(names[k][0], sizeof names[k][0], "%c", 'A' + k);
		cols[nc++] = names[k][0];
		if (!k)
			continue;
		snprintf(names[k][1], sizeof names[k][1], "%c-A", 'A' + k);
		snprintf(names[k][2], sizeof names[k][2], "%c vs A %%", 'A' + k);
		cols[nc++] = names[k][1];
		cols[nc++] = names[k][2];
	}
	char id[48], cap[96];
	snprintf(id, sizeof id, "%s-by-%s", wname, stats_by_name(by));
	snprintf(cap, sizeof cap, "%s by %s", wname, stats_by_name(by));
	table_head(out, id, cap, cols, nc);
	uint64_t tot[CMP_MAX_RUNS] = {0};
	for (int i = 0; i < n; i++) {
		fprintf(out, "<tr>");
		td_text(out, rows[i].key);
		for (int k = 0; k < in->nx; k++) {
			tot[k] += rows[i].c[k][w];
			td_num(out, rows[i].c[k][w]);
			if (k)
				td_diff(out, rows[i].c[0][w], rows[i].c[k][w]);
		}
		fprintf(out, "</tr>\n");
	}
	fprintf(out, "</tbody>\n<tfoot><tr>");
	td_text(out, "total");
	for (int k = 0; k < in->nx; k++) {
		td_num(out, tot[k]);
		if (k)
			td_diff(out, tot[0], tot[k]);
	}
	fprintf(out, "</tr></tfoot>\n</table>\n");
	free(rows);
}

void html_compare(const html_compare_in *in, FILE *out)
{
	char title[300];
	int k = snprintf(title, sizeof title, "simtemu compare:");
	for (int r = 0; r < in->nx && k < (int)sizeof title - 40; r++)
		k += snprintf(title + k, sizeof title - (size_t)k, " %c %s%s", 'A' + r, in->files[r],
			      r < in->nx - 1 ? "," : "");
	begin(out, title);
	compare_runs(in, out);
	compare_outputs(in, out);
	stats_by by = (stats_by)in->by;
	fprintf(out, "<h2>Warp instructions by %s</h2>\n<div class=\"chart\">\n", stats_by_name(by));
	if (in->nx == 2)
		cmp_svg_to(in->x[0], in->files[0], in->x[1], in->files[1], by, out);
	else
		cmp_svg_n_to(in->x, in->files, in->nx, by, out);
	fprintf(out, "</div>\n<h2>Counts</h2>\n");
	for (int w = 0; w < 2; w++)
		compare_counts(in, by, w, out);
	for (int w = 0; w < 2 && by != STATS_BY_CLASS; w++)
		compare_counts(in, STATS_BY_CLASS, w, out);
	end(out);
}

bool html_compare_write(const html_compare_in *in, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return false;
	html_compare(in, out);
	return fclose(out) == 0;
}
