/* stats --plot: per-opcode bars grouped by instruction class, warp and thread
   instructions side by side on one value axis with round ticks. */
#include "report/plot_stats.h"

#include <stdlib.h>
#include <string.h>

#include "emu/stats.h"
#include "isa/isa.h"
#include "report/svg.h"
#include "util/xalloc.h"

static int by_class_name(const void *a, const void *b)
{
	const plot_op *x = a, *y = b;
	if (x->cls_id != y->cls_id)
		return x->cls_id < y->cls_id ? -1 : 1;
	return strcmp(x->opcode, y->opcode);
}

int plot_ops(const emu_ctx *x, plot_op **out)
{
	int nt;
	const isa_desc *t = isa_table(x->prog->dialect, &nt);
	plot_op *ops = xcalloc((size_t)x->f->n + 1, sizeof *ops);
	int n = 0;
	for (int i = 0; i < x->f->n; i++) {
		if (!x->stats.pc[i].warp)
			continue;
		const isa_desc *d = &t[x->f->insns[i].op];
		int k = 0;
		while (k < n && strcmp(ops[k].opcode, d->name))
			k++;
		if (k == n)
			ops[n++] = (plot_op){.opcode = d->name, .cls = isa_class_name(d->cls), .cls_id = (int)d->cls};
		ops[k].warp += x->stats.pc[i].warp;
		ops[k].thread += x->stats.pc[i].thread;
		ops[k].active += x->stats.pc[i].active;
		ops[k].predoff += x->stats.pc[i].predoff;
	}
	qsort(ops, (size_t)n, sizeof *ops, by_class_name);
	*out = ops;
	return n;
}

enum { LEFT = 70, TOP = 64, PLOT_H = 260, BAR = 10, GROUP = 2 * BAR + 8, GAP = 16 };
static const char warp_fill[] = "#4472c4", thread_fill[] = "#ed7d31";

/* The x of each opcode's group: classes apart by GAP, each at least as wide as its name
   (bold, about 7 pixels a letter). The chart's right end. */
static int layout(const plot_op *ops, int n, int *x0)
{
	int x = LEFT + 8, start = x;
	for (int i = 0; i < n; i++) {
		if (i && ops[i].cls_id != ops[i - 1].cls_id) {
			int need = 7 * (int)strlen(ops[i - 1].cls) + 4;
			x = (x - start < need ? start + need : x) + GAP;
			start = x;
		}
		x0[i] = x;
		x += GROUP;
	}
	if (n) {
		int need = 7 * (int)strlen(ops[n - 1].cls) + 4;
		x = x - start < need ? start + need : x;
	}
	return x + 4;
}

/* Under the opcode labels: each class's name under a bracket spanning its opcodes. */
static void class_labels(FILE *out, const plot_op *ops, int n, const int *x0, int y)
{
	for (int i = 0; i < n;) {
		int e = i;
		while (e < n && ops[e].cls_id == ops[i].cls_id)
			e++;
		int a = x0[i], b = x0[e - 1] + 2 * BAR;
		int need = 7 * (int)strlen(ops[i].cls);
		b = b - a < need ? a + need : b;
		fprintf(out, "<path d=\"M%d %d V%d H%d V%d\" fill=\"none\" stroke=\"#888\"/>\n", a, y - 6, y, b, y - 6);
		fprintf(out, "<text class=\"class\" x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">", (a + b) / 2,
			y + 13);
		svg_esc(out, ops[i].cls);
		fprintf(out, "</text>\n");
		if (i)
			fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>\n",
				a - GAP / 2, TOP, a - GAP / 2, TOP + PLOT_H);
		i = e;
	}
}

static void bar(FILE *out, int x, uint64_t v, uint64_t top, const char *series, const char *fill, const char *op)
{
	int h = svg_scale(v, top, PLOT_H);
	fprintf(out, "<rect class=\"bar %s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>", series, x,
		TOP + PLOT_H - h, BAR, h, fill);
	svg_esc(out, op);
	fprintf(out, " %s_inst %llu</title></rect>\n", series, (unsigned long long)v);
}

void plot_stats_svg(const emu_ctx *x, FILE *out)
{
	plot_op *ops;
	int n = plot_ops(x, &ops);
	int *x0 = xcalloc((size_t)n + 1, sizeof *x0);
	int right = layout(ops, n, x0);
	uint64_t max = 0;
	for (int i = 0; i < n; i++)
		max = ops[i].thread > max ? ops[i].thread : ops[i].warp > max ? ops[i].warp : max;
	uint64_t step = svg_tick_step(max, 6), top = svg_axis_top(max, 6);
	char title[300];
	stats_totals t = stats_total(x);
	int tl = snprintf(title, sizeof title, "stats: %s (%s): %llu warp, %llu thread instructions by opcode and class",
		 x->f->name, x->prog->target, (unsigned long long)t.warp, (unsigned long long)t.thread);
	int width = right + 20, height = TOP + PLOT_H + 110;
	width = width < 8 * tl + 20 ? 8 * tl + 20 : width; /* the title's bold letters */
	width = width < 480 ? 480 : width;
	svg_begin(out, width, height, title);
	svg_legend(out, LEFT, 30, warp_fill, "warp instructions (warp_inst)");
	svg_legend(out, LEFT + 210, 30, thread_fill, "thread instructions (thread_inst)");
	svg_yaxis(out, LEFT, TOP + PLOT_H, PLOT_H, right, top, step);
	fprintf(out, "<text transform=\"translate(16,%d) rotate(-90)\" text-anchor=\"middle\">instructions</text>\n",
		TOP + PLOT_H / 2);
	for (int i = 0; i < n; i++) {
		bar(out, x0[i], ops[i].warp, top, "warp", warp_fill, ops[i].opcode);
		bar(out, x0[i] + BAR, ops[i].thread, top, "thread", thread_fill, ops[i].opcode);
		fprintf(out, "<text class=\"opcode\" text-anchor=\"end\" transform=\"translate(%d,%d) rotate(-55)\">",
			x0[i] + BAR + 3, TOP + PLOT_H + 10);
		svg_esc(out, ops[i].opcode);
		fprintf(out, "</text>\n");
	}
	class_labels(out, ops, n, x0, TOP + PLOT_H + 78);
	svg_end(out);
	free(x0);
	free(ops);
}

bool plot_stats_write(const emu_ctx *x, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return false;
	plot_stats_svg(x, out);
	return fclose(out) == 0;
}
