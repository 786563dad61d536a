/* simtemu compare: two or more runs' outputs and counts side by side (SPEC sections 1 and 7). */
#include "report/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "report/svg.h"
#include "report/write.h"
#include "util/xalloc.h"

static int by_key(const void *x, const void *y)
{
	return strcmp(((const cmp_row *)x)->key, ((const cmp_row *)y)->key);
}

int cmp_rows(const emu_ctx *a, const emu_ctx *b, stats_by by, cmp_row **out)
{
	stats_row *ra, *rb;
	int na = stats_rows(a, by, &ra), nb = stats_rows(b, by, &rb);
	cmp_row *rows = xcalloc((size_t)(na + nb) + 1, sizeof *rows);
	int n = 0;
	for (int i = 0; i < na; i++) {
		memcpy(rows[n].key, ra[i].key, sizeof rows[n].key);
		rows[n].a[0] = ra[i].warp;
		rows[n++].a[1] = ra[i].thread;
	}
	for (int i = 0; i < nb; i++) {
		int k = 0;
		while (k < n && strcmp(rows[k].key, rb[i].key))
			k++;
		if (k == n)
			memcpy(rows[n++].key, rb[i].key, sizeof rows[0].key);
		rows[k].b[0] = rb[i].warp;
		rows[k].b[1] = rb[i].thread;
	}
	if (by != STATS_BY_PC)
		qsort(rows, (size_t)n, sizeof *rows, by_key);
	free(ra);
	free(rb);
	*out = rows;
	return n;
}

static double elem(const emu_buffer *b, uint64_t k)
{
	const uint8_t *p = b->data + k * (uint64_t)emu_type_size(b->type);
	union {
		uint8_t u8; int8_t s8; uint16_t u16; int16_t s16; uint32_t u32; int32_t s32;
		uint64_t u64; int64_t s64; float f; double d;
	} v;
	memcpy(&v, p, (size_t)emu_type_size(b->type));
	switch (b->type) {
	case EMU_T_U8: return v.u8;
	case EMU_T_S8: return v.s8;
	case EMU_T_U16: return v.u16;
	case EMU_T_S16: return v.s16;
	case EMU_T_U32: return v.u32;
	case EMU_T_S32: return v.s32;
	case EMU_T_U64: return (double)v.u64;
	case EMU_T_S64: return (double)v.s64;
	case EMU_T_F32: return v.f;
	default: return v.d;
	}
}

/* One buffer of A (x) against the same-named one of another run (y); true if they differ. */
static bool cmp_one(const emu_buffer *x, const emu_buffer *y, double tol, cmp_buf *c)
{
	snprintf(c->name, sizeof c->name, "%s", x->name);
	c->count = x->count;
	c->same_shape = x->type == y->type && x->count == y->count;
	if (!c->same_shape)
		return true;
	bool fl = x->type == EMU_T_F32 || x->type == EMU_T_F64;
	size_t size = (size_t)emu_type_size(x->type);
	for (uint64_t k = 0; k < x->count; k++) {
		bool same = !memcmp(x->data + k * size, y->data + k * size, size);
		if (!same && fl && tol > 0)
			same = fabs(elem(x, k) - elem(y, k)) <= tol;
		if (!same && !c->ndiff++) {
			c->first = k;
			c->a_val = elem(x, k);
			c->b_val = elem(y, k);
		}
	}
	return c->ndiff > 0;
}

int cmp_buffers(const emu_ctx *a, const emu_ctx *b, double tol, cmp_buf **out, int *nout)
{
	cmp_buf *bufs = xcalloc((size_t)a->gmem.n + 1, sizeof *bufs);
	int n = 0, ndiffer = 0;
	for (int i = 0; i < a->gmem.n; i++) {
		const emu_buffer *x = &a->gmem.bufs[i], *y = NULL;
		for (int j = 0; j < b->gmem.n && !y; j++)
			if (!strcmp(b->gmem.bufs[j].name, x->name))
				y = &b->gmem.bufs[j];
		if (!y)
			continue;
		ndiffer += cmp_one(x, y, tol, &bufs[n++]);
	}
	*out = bufs;
	*nout = n;
	return ndiffer;
}

/* B's difference from A in percent of A; NAN when A is 0. */
static double pct(uint64_t a, uint64_t b)
{
	return a ? ((double)b - (double)a) * 100.0 / (double)a : NAN;
}

static void pct_cell(FILE *out, uint64_t a, uint64_t b, bool csv)
{
	double p = pct(a, b);
	if (isnan(p))
		fprintf(out, csv ? "" : "%8s", b ? "new" : "-");
	else
		fprintf(out, csv ? "%.2f" : "%+7.1f%%", p);
}

static void table(FILE *out, const char *title, const cmp_row *rows, int n, const stats_totals *ta,
		  const stats_totals *tb)
{
	fprintf(out, "%-24s %11s %11s %11s %8s   %12s %12s %12s %8s\n", title, "A warp", "B warp", "B-A", "%",
		"A thread", "B thread", "B-A", "%");
	for (int i = 0; i <= n; i++) {
		const char *key = i < n ? rows[i].key : "total";
		uint64_t a0 = i < n ? rows[i].a[0] : ta->warp, b0 = i < n ? rows[i].b[0] : tb->warp;
		uint64_t a1 = i < n ? rows[i].a[1] : ta->thread, b1 = i < n ? rows[i].b[1] : tb->thread;
		fprintf(out, "%-24s %11llu %11llu %+11lld ", key, (unsigned long long)a0, (unsigned long long)b0,
			(long long)(b0 - a0));
		pct_cell(out, a0, b0, false);
		fprintf(out, "   %12llu %12llu %+12lld ", (unsigned long long)a1, (unsigned long long)b1,
			(long long)(b1 - a1));
		pct_cell(out, a1, b1, false);
		fputc('\n', out);
	}
}

static void json_rows(FILE *out, const cmp_row *rows, int n)
{
	for (int i = 0; i < n; i++) {
		fprintf(out, "%s\n  {\"key\": ", i ? "," : "");
		report_json_str(out, rows[i].key);
		fprintf(out, ", \"a\": {\"warp_inst\": %llu, \"thread_inst\": %llu}, \"b\": {\"warp_inst\": %llu, "
			"\"thread_inst\": %llu}}", (unsigned long long)rows[i].a[0], (unsigned long long)rows[i].a[1],
			(unsigned long long)rows[i].b[0], (unsigned long long)rows[i].b[1]);
	}
}

static void json_run(FILE *out, const char *file, const emu_ctx *x, const stats_totals *t)
{
	fprintf(out, "{\"file\": ");
	report_json_str(out, file);
	fprintf(out, ", \"kernel\": ");
	report_json_str(out, x->f->name);
	fprintf(out, ", \"target\": ");
	report_json_str(out, x->prog->target);
	fprintf(out, ", \"totals\": {\"warp_inst\": %llu, \"thread_inst\": %llu, \"active_thread_inst\": %llu, "
		"\"pred_off\": %llu}}", (unsigned long long)t->warp, (unsigned long long)t->thread,
		(unsigned long long)t->active, (unsigned long long)t->predoff);
}

void cmp_print(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, report_fmt fmt,
	       const cmp_buf *bufs, int nbufs, FILE *out)
{
	cmp_row *rows, *cls;
	int n = cmp_rows(a, b, by, &rows), nc = cmp_rows(a, b, STATS_BY_CLASS, &cls);
	stats_totals ta = stats_total(a), tb = stats_total(b);
	if (fmt == REPORT_CSV) {
		fprintf(out, "group,key,a_warp_inst,b_warp_inst,diff_warp_inst,pct_warp_inst,a_thread_inst,"
			"b_thread_inst,diff_thread_inst,pct_thread_inst\n");
		for (int g = 0; g < (by == STATS_BY_CLASS ? 1 : 2); g++) {
			const cmp_row *r = g ? cls : rows;
			int m = g ? nc : n;
			for (int i = 0; i <= m; i++) {
				if (g && i == m)
					break; /* one total line */
				const char *key = i < m ? r[i].key : "total";
				uint64_t a0 = i < m ? r[i].a[0] : ta.warp, b0 = i < m ? r[i].b[0] : tb.warp;
				uint64_t a1 = i < m ? r[i].a[1] : ta.thread, b1 = i < m ? r[i].b[1] : tb.thread;
				fprintf(out, "%s,%s,%llu,%llu,%lld,", g ? "class" : stats_by_name(by), key,
					(unsigned long long)a0, (unsigned long long)b0, (long long)(b0 - a0));
				pct_cell(out, a0, b0, true);
				fprintf(out, ",%llu,%llu,%lld,", (unsigned long long)a1, (unsigned long long)b1,
					(long long)(b1 - a1));
				pct_cell(out, a1, b1, true);
				fputc('\n', out);
			}
		}
	} else if (fmt == REPORT_JSON) {
		fprintf(out, "{\"schema\": \"simtemu-compare/1\", \"a\": ");
		json_run(out, fa, a, &ta);
		fprintf(out, ",\n \"b\": ");
		json_run(out, fb, b, &tb);
		fprintf(out, ",\n \"outputs\": [");
		for (int i = 0; i < nbufs; i++) {
			fprintf(out, "%s{\"name\": ", i ? ", " : "");
			report_json_str(out, bufs[i].name);
			fprintf(out, ", \"equal\": %s, \"differing\": %llu, \"ignored\": %s}",
				bufs[i].same_shape && !bufs[i].ndiff ? "true" : "false",
				(unsigned long long)bufs[i].ndiff, bufs[i].ignored ? "true" : "false");
		}
		fprintf(out, "],\n \"by\": \"%s\", \"rows\": [", stats_by_name(by));
		json_rows(out, rows, n);
		fprintf(out, "],\n \"classes\": [");
		json_rows(out, cls, nc);
		fputc(']', out); /* the caller adds its members and closes the object */
	} else {
		fprintf(out, "A: %s (%s, %s)\nB: %s (%s, %s)\n", fa, a->f->name, a->prog->target, fb, b->f->name,
			b->prog->target);
		for (int i = 0; i < nbufs; i++) {
			const cmp_buf *c = &bufs[i];
			if (c->ignored)
				fprintf(out, "output %s: not compared (--ignore)\n", c->name);
			else if (!c->same_shape)
				fprintf(out, "output %s: DIFFERENT type or size\n", c->name);
			else if (!c->ndiff)
				fprintf(out, "output %s: identical (%llu values)\n", c->name, (unsigned long long)c->count);
			else
				fprintf(out, "output %s: DIFFERENT, %llu of %llu differ; first [%llu]: A %.9g, B %.9g\n",
					c->name, (unsigned long long)c->ndiff, (unsigned long long)c->count,
					(unsigned long long)c->first, c->a_val, c->b_val);
		}
		fputc('\n', out);
		table(out, stats_by_name(by), rows, n, &ta, &tb);
		if (by != STATS_BY_CLASS) {
			fputc('\n', out);
			table(out, "class", cls, nc, &ta, &tb);
		}
	}
	free(rows);
	free(cls);
}

bool cmp_svg(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return false;
	cmp_svg_to(a, fa, b, fb, by, out);
	return fclose(out) == 0;
}

void cmp_svg_to(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, FILE *out)
{
	cmp_row *rows;
	int n = cmp_rows(a, b, by, &rows);
	uint64_t max = 1;
	for (int i = 0; i < n; i++) {
		max = rows[i].a[0] > max ? rows[i].a[0] : max;
		max = rows[i].b[0] > max ? rows[i].b[0] : max;
	}
	const int left = 70, top = 60, plot_h = 300, group = 44, bar = 16;
	int width = left + n * group + 30, height = top + plot_h + 130;
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"11\">\n", width < 420 ? 420 : width, height);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(out, "<text x=\"%d\" y=\"18\" font-size=\"13\">Dynamic warp instructions by %s</text>\n", left,
		stats_by_name(by));
	fprintf(out, "<rect x=\"%d\" y=\"28\" width=\"10\" height=\"10\" fill=\"#4472c4\"/><text x=\"%d\" y=\"37\">A: ",
		left, left + 14);
	svg_esc(out, fa);
	fprintf(out, "</text>\n<rect x=\"%d\" y=\"42\" width=\"10\" height=\"10\" fill=\"#ed7d31\"/><text x=\"%d\" "
		"y=\"51\">B: ", left, left + 14);
	svg_esc(out, fb);
	fprintf(out, " (label: B vs A)</text>\n");
	/* round ticks (1, 2 or 5 times a power of ten); bars scale to the axis' top */
	uint64_t step = svg_tick_step(max, 5);
	max = svg_axis_top(max, 5);
	svg_yaxis(out, left, top + plot_h, plot_h, left + n * group, max, step);
	for (int i = 0; i < n; i++) {
		int x = left + i * group + 5;
		int ha = (int)((double)rows[i].a[0] * plot_h / (double)max);
		int hb = (int)((double)rows[i].b[0] * plot_h / (double)max);
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#4472c4\"><title>A %llu</title>"
			"</rect>\n", x, top + plot_h - ha, bar, ha, (unsigned long long)rows[i].a[0]);
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ed7d31\"><title>B %llu</title>"
			"</rect>\n", x + bar, top + plot_h - hb, bar, hb, (unsigned long long)rows[i].b[0]);
		double p = pct(rows[i].a[0], rows[i].b[0]);
		int hy = top + plot_h - (ha > hb ? ha : hb) - 4;
		if (isnan(p))
			fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"9\">new</text>\n", x + bar,
				hy);
		else
			fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"9\">%+.0f%%</text>\n",
				x + bar, hy, p);
		fprintf(out, "<text transform=\"translate(%d,%d) rotate(60)\">", x + bar / 2, top + plot_h + 12);
		svg_esc(out, rows[i].key);
		fprintf(out, "</text>\n");
	}
	stats_totals ta = stats_total(a), tb = stats_total(b);
	double pt = pct(ta.warp, tb.warp);
	fprintf(out, "<text x=\"%d\" y=\"%d\">total: A %llu, B %llu warp instructions", left, height - 10,
		(unsigned long long)ta.warp, (unsigned long long)tb.warp);
	if (!isnan(pt))
		fprintf(out, " (B %+.1f%%)", pt);
	fprintf(out, "</text>\n</svg>\n");
	free(rows);
}

int cmp_ignore(cmp_buf *bufs, int nbufs, const char *name)
{
	for (int i = 0; i < nbufs; i++)
		if (!strcmp(bufs[i].name, name)) {
			bufs[i].ignored = true;
			return !bufs[i].same_shape || bufs[i].ndiff > 0;
		}
	return -1;
}

/* ---- more than two runs ---- */

int cmp_rows_n(const emu_ctx *const *x, int nx, stats_by by, cmp_nrow **out)
{
	stats_row *r[CMP_MAX_RUNS];
	int nr[CMP_MAX_RUNS], total = 0;
	for (int k = 0; k < nx; k++)
		total += nr[k] = stats_rows(x[k], by, &r[k]);
	cmp_nrow *rows = xcalloc((size_t)total + 1, sizeof *rows);
	int n = 0;
	for (int k = 0; k < nx; k++) {
		for (int i = 0; i < nr[k]; i++) {
			int j = 0;
			while (j < n && strcmp(rows[j].key, r[k][i].key))
				j++;
			if (j == n)
				memcpy(rows[n++].key, r[k][i].key, sizeof rows[0].key);
			rows[j].c[k][0] = r[k][i].warp;
			rows[j].c[k][1] = r[k][i].thread;
		}
		free(r[k]);
	}
	if (by != STATS_BY_PC)
		qsort(rows, (size_t)n, sizeof *rows, by_key);
	*out = rows;
	return n;
}

static const emu_buffer *buf_named(const emu_ctx *x, const char *name)
{
	for (int j = 0; j < x->gmem.n; j++)
		if (!strcmp(x->gmem.bufs[j].name, name))
			return &x->gmem.bufs[j];
	return NULL;
}

int cmp_buffers_n(const emu_ctx *const *x, int nx, double tol, cmp_nbuf **out, int *nout)
{
	cmp_nbuf *bufs = xcalloc((size_t)x[0]->gmem.n + 1, sizeof *bufs);
	int n = 0, ndiffer = 0;
	for (int i = 0; i < x[0]->gmem.n; i++) {
		const emu_buffer *a = &x[0]->gmem.bufs[i];
		bool everywhere = true;
		for (int k = 1; k < nx && everywhere; k++)
			everywhere = buf_named(x[k], a->name) != NULL;
		if (!everywhere)
			continue;
		cmp_nbuf *c = &bufs[n++];
		snprintf(c->name, sizeof c->name, "%s", a->name);
		c->count = a->count;
		for (int k = 1; k < nx; k++)
			c->ndiffer += cmp_one(a, buf_named(x[k], a->name), tol, &c->vs[k]);
		ndiffer += c->ndiffer > 0;
	}
	*out = bufs;
	*nout = n;
	return ndiffer;
}

int cmp_ignore_n(cmp_nbuf *bufs, int nbufs, const char *name)
{
	for (int i = 0; i < nbufs; i++)
		if (!strcmp(bufs[i].name, name)) {
			bufs[i].ignored = true;
			return bufs[i].ndiffer > 0;
		}
	return -1;
}

static uint64_t ncell(const cmp_nrow *rows, int n, int i, const stats_totals *t, int k, int w)
{
	if (i < n)
		return rows[i].c[k][w];
	return w ? t[k].thread : t[k].warp;
}

/* One table of warp (w = 0) or thread (w = 1) instructions: A, then each run, its difference and percent. */
static void ntable(FILE *out, const char *title, const cmp_nrow *rows, int n, const stats_totals *t, int nx, int w)
{
	int cw = w ? 12 : 11;
	const char *unit = w ? "thread" : "warp";
	char h[32];
	fprintf(out, "%-24s", title);
	for (int k = 0; k < nx; k++) {
		snprintf(h, sizeof h, "%c %s", 'A' + k, unit);
		fprintf(out, " %*s", cw, h);
		if (k) {
			snprintf(h, sizeof h, "%c-A", 'A' + k);
			fprintf(out, " %*s %8s", cw, h, "%");
		}
	}
	fputc('\n', out);
	for (int i = 0; i <= n; i++) {
		uint64_t a = ncell(rows, n, i, t, 0, w);
		fprintf(out, "%-24s %*llu", i < n ? rows[i].key : "total", cw, (unsigned long long)a);
		for (int k = 1; k < nx; k++) {
			uint64_t b = ncell(rows, n, i, t, k, w);
			fprintf(out, " %*llu %+*lld ", cw, (unsigned long long)b, cw, (long long)(b - a));
			pct_cell(out, a, b, false);
		}
		fputc('\n', out);
	}
}

static void json_nrows(FILE *out, const cmp_nrow *rows, int n, int nx)
{
	for (int i = 0; i < n; i++) {
		fprintf(out, "%s\n  {\"key\": ", i ? "," : "");
		report_json_str(out, rows[i].key);
		for (int w = 0; w < 2; w++) {
			fprintf(out, ", \"%s\": [", w ? "thread_inst" : "warp_inst");
			for (int k = 0; k < nx; k++)
				fprintf(out, "%s%llu", k ? ", " : "", (unsigned long long)rows[i].c[k][w]);
			fputc(']', out);
		}
		fputc('}', out);
	}
}

void cmp_print_n(const emu_ctx *const *x, const char *const *files, int nx, stats_by by, report_fmt fmt,
		 const cmp_nbuf *bufs, int nbufs, FILE *out)
{
	cmp_nrow *rows, *cls;
	int n = cmp_rows_n(x, nx, by, &rows), nc = cmp_rows_n(x, nx, STATS_BY_CLASS, &cls);
	stats_totals t[CMP_MAX_RUNS];
	for (int k = 0; k < nx; k++)
		t[k] = stats_total(x[k]);
	if (fmt == REPORT_CSV) {
		fprintf(out, "group,key");
		for (int w = 0; w < 2; w++)
			for (int k = 0; k < nx; k++) {
				const char *u = w ? "thread_inst" : "warp_inst";
				if (k)
					fprintf(out, ",%c_%s,%c_diff_%s,%c_pct_%s", 'a' + k, u, 'a' + k, u, 'a' + k, u);
				else
					fprintf(out, ",a_%s", u);
			}
		fputc('\n', out);
		for (int g = 0; g < (by == STATS_BY_CLASS ? 1 : 2); g++) {
			const cmp_nrow *r = g ? cls : rows;
			int m = g ? nc : n;
			for (int i = 0; i < m + !g; i++) {
				fprintf(out, "%s,%s", g ? "class" : stats_by_name(by), i < m ? r[i].key : "total");
				for (int w = 0; w < 2; w++) {
					uint64_t a = ncell(r, m, i, t, 0, w);
					fprintf(out, ",%llu", (unsigned long long)a);
					for (int k = 1; k < nx; k++) {
						uint64_t b = ncell(r, m, i, t, k, w);
						fprintf(out, ",%llu,%lld,", (unsigned long long)b, (long long)(b - a));
						pct_cell(out, a, b, true);
					}
				}
				fputc('\n', out);
			}
		}
	} else if (fmt == REPORT_JSON) {
		fprintf(out, "{\"schema\": \"simtemu-compare/1\", \"runs\": [");
		for (int k = 0; k < nx; k++) {
			fprintf(out, "%s\n  {\"run\": \"%c\", \"file\": ", k ? "," : "", 'A' + k);
			report_json_str(out, files[k]);
			fprintf(out, ", \"kernel\": ");
			report_json_str(out, x[k]->f->name);
			fprintf(out, ", \"target\": ");
			report_json_str(out, x[k]->prog->target);
			fprintf(out, ", \"totals\": {\"warp_inst\": %llu, \"thread_inst\": %llu, \"active_thread_inst\": "
				"%llu, \"pred_off\": %llu}}", (unsigned long long)t[k].warp,
				(unsigned long long)t[k].thread, (unsigned long long)t[k].active,
				(unsigned long long)t[k].predoff);
		}
		fprintf(out, "],\n \"outputs\": [");
		for (int i = 0; i < nbufs; i++) {
			fprintf(out, "%s{\"name\": ", i ? ", " : "");
			report_json_str(out, bufs[i].name);
			fprintf(out, ", \"equal\": %s, \"differing\": {", bufs[i].ndiffer ? "false" : "true");
			for (int k = 1; k < nx; k++) {
				const cmp_buf *c = &bufs[i].vs[k];
				fprintf(out, "%s\"%c\": %llu", k > 1 ? ", " : "", 'A' + k,
					(unsigned long long)(c->same_shape ? c->ndiff : c->count));
			}
			fprintf(out, "}, \"ignored\": %s}", bufs[i].ignored ? "true" : "false");
		}
		fprintf(out, "],\n \"by\": \"%s\", \"rows\": [", stats_by_name(by));
		json_nrows(out, rows, n, nx);
		fprintf(out, "],\n \"classes\": [");
		json_nrows(out, cls, nc, nx);
		fputc(']', out); /* the caller adds its members and closes the object */
	} else {
		for (int k = 0; k < nx; k++)
			fprintf(out, "%c: %s (%s, %s)\n", 'A' + k, files[k], x[k]->f->name, x[k]->prog->target);
		for (int i = 0; i < nbufs; i++) {
			const cmp_nbuf *c = &bufs[i];
			if (c->ignored)
				fprintf(out, "output %s: not compared (--ignore)\n", c->name);
			else if (!c->ndiffer)
				fprintf(out, "output %s: identical in all %d runs (%llu values)\n", c->name, nx,
					(unsigned long long)c->count);
			else {
				fprintf(out, "output %s: DIFFERENT", c->name);
				for (int k = 1; k < nx; k++) {
					const cmp_buf *v = &c->vs[k];
					if (!v->same_shape)
						fprintf(out, "; %c: type or size", 'A' + k);
					else if (v->ndiff)
						fprintf(out, "; %c: %llu of %llu differ, first [%llu]: A %.9g, %c %.9g",
							'A' + k, (unsigned long long)v->ndiff, (unsigned long long)v->count,
							(unsigned long long)v->first, v->a_val, 'A' + k, v->b_val);
				}
				fputc('\n', out);
			}
		}
		for (int w = 0; w < 2; w++) {
			fputc('\n', out);
			ntable(out, stats_by_name(by), rows, n, t, nx, w);
		}
		for (int w = 0; w < 2 && by != STATS_BY_CLASS; w++) {
			fputc('\n', out);
			ntable(out, "class", cls, nc, t, nx, w);
		}
	}
	free(rows);
	free(cls);
}

bool cmp_svg_n(const emu_ctx *const *x, const char *const *files, int nx, stats_by by, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return false;
	cmp_svg_n_to(x, files, nx, by, out);
	return fclose(out) == 0;
}

void cmp_svg_n_to(const emu_ctx *const *x, const char *const *files, int nx, stats_by by, FILE *out)
{
	static const char *const color[] = {"#4472c4", "#ed7d31", "#70ad47", "#ffc000", "#7030a0",
					    "#5b9bd5", "#a5a5a5", "#9e480e"};
	const int ncolor = (int)(sizeof color / sizeof color[0]);
	cmp_nrow *rows;
	int n = cmp_rows_n(x, nx, by, &rows);
	uint64_t max = 1;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < nx; k++)
			max = rows[i].c[k][0] > max ? rows[i].c[k][0] : max;
	const int left = 70, bar = 12, group = nx * bar + 14, plot_h = 300;
	const int top = 28 + 14 * nx + 34; /* legend, then room for the percent labels */
	int width = left + n * group + 30, height = top + plot_h + 130;
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"11\">\n", width < 420 ? 420 : width, height);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(out, "<text x=\"%d\" y=\"18\" font-size=\"13\">Dynamic warp instructions by %s</text>\n", left,
		stats_by_name(by));
	for (int k = 0; k < nx; k++) {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%c: ",
			left, 28 + 14 * k, color[k % ncolor], left + 14, 37 + 14 * k, 'A' + k);
		svg_esc(out, files[k]);
		fprintf(out, " (%s)%s</text>\n", x[k]->prog->target, k ? "" : " (labels: each run vs A)");
	}
	/* round ticks (1, 2 or 5 times a power of ten); bars scale to the axis' top */
	uint64_t step = svg_tick_step(max, 5);
	max = svg_axis_top(max, 5);
	svg_yaxis(out, left, top + plot_h, plot_h, left + n * group, max, step);
	for (int i = 0; i < n; i++) {
		int x0 = left + i * group + 7;
		uint64_t a = rows[i].c[0][0];
		for (int k = 0; k < nx; k++) {
			uint64_t v = rows[i].c[k][0];
			int h = (int)((double)v * plot_h / (double)max), bx = x0 + k * bar;
			fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%c %llu</title>"
				"</rect>\n", bx, top + plot_h - h, bar, h, color[k % ncolor], 'A' + k,
				(unsigned long long)v);
			if (!k)
				continue;
			double p = pct(a, v);
			char label[32];
			if (isnan(p))
				snprintf(label, sizeof label, "%s", v ? "new" : "-");
			else
				snprintf(label, sizeof label, "%+.0f%%", p);
			fprintf(out, "<text transform=\"translate(%d,%d) rotate(-90)\" font-size=\"9\">%s</text>\n",
				bx + bar / 2 + 3, top + plot_h - h - 3, label);
		}
		fprintf(out, "<text transform=\"translate(%d,%d) rotate(60)\">", x0 + nx * bar / 2 - 4, top + plot_h + 12);
		svg_esc(out, rows[i].key);
		fprintf(out, "</text>\n");
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\">total warp instructions:", left, height - 10);
	stats_totals ta = stats_total(x[0]);
	for (int k = 0; k < nx; k++) {
		stats_totals tk = stats_total(x[k]);
		fprintf(out, "%s %c %llu", k ? "," : "", 'A' + k, (unsigned long long)tk.warp);
		double p = pct(ta.warp, tk.warp);
		if (k && !isnan(p))
			fprintf(out, " (%+.1f%%)", p);
	}
	fprintf(out, "</text>\n</svg>\n");
	free(rows);
}
