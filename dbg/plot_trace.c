/* trace --plot: one warp's lanes over time as an SVG chart, one column per issue, one row
   per lane, coloured by what each lane was doing, under either control-flow model. */
#include <stdlib.h>
#include <string.h>

#include "dbg/dbg.h"
#include "report/svg.h"
#include "util/xalloc.h"

typedef struct {
	uint32_t addr;        /* the pc's address */
	int depth;            /* token stack depth, or the groups of the warp (sm_70+) */
	uint8_t lane[32];     /* dbg_lane_state */
} plot_col;

struct dbg_plot {
	int max_cols, ncols, nlanes;
	uint64_t issues;      /* every issue, also past max_cols */
	bool groups;          /* the strip counts groups (convergence barriers) */
	bool trap;            /* the last column is the state at a trap, not an issue */
	plot_col *cols;
};

static const struct {
	const char *cls, *fill, *label;
} lane_style[DBG_LANE_NSTATES] = {
	[DBG_LANE_NONE] = {"none", "#ffffff", "no lane"},
	[DBG_LANE_ACTIVE] = {"active", "#2e7d32", "active, guard true"},
	[DBG_LANE_GUARD_OFF] = {"guardoff", "#ffc107", "active, guard false"},
	[DBG_LANE_WAITING] = {"waiting", "#90caf9", "waiting (token, barrier, other group)"},
	[DBG_LANE_DISABLED] = {"disabled", "#e53935", "disabled (BRK/CONT/RET)"},
	[DBG_LANE_EXITED] = {"exited", "#616161", "exited"},
};

int dbg_lane_states(const emu_ctx *x, const emu_warp *w, uint8_t st[32])
{
	const simt_state *s = &w->s;
	uint32_t pm = ~0u;
	if (s->pc < (uint32_t)x->f->n) { /* the guard as the interpreter evaluates it next */
		const emu_insn *in = &x->f->insns[s->pc];
		pm = in->guard_neg ? ~w->p[in->guard] : w->p[in->guard];
		if (in->steps & EMU_STEP_GUARD)
			pm = x->prog->rt->guard(x, w, s->pc);
	}
	uint32_t exited, disabled = 0, depth;
	if (w->vb) {
		const cfb_state *v = w->vb;
		exited = v->exited;
		depth = (s->A != 0) + (uint32_t)v->ng + (v->wswait != 0) + (v->atbar != 0);
		for (int b = 0; b < CFB_NBAR; b++)
			depth += v->bwait[b] != 0;
	} else {
		exited = s->X;
		disabled = s->Dbrk | s->Dcont | s->Dret;
		depth = (uint32_t)s->depth;
	}
	for (int l = 0; l < 32; l++) {
		uint32_t b = 1u << l;
		st[l] = !(w->valid & b) ? DBG_LANE_NONE
			: (s->A & b) ? ((pm & b) ? DBG_LANE_ACTIVE : DBG_LANE_GUARD_OFF)
			: (exited & b) ? DBG_LANE_EXITED
			: (disabled & b) ? DBG_LANE_DISABLED
			: DBG_LANE_WAITING;
	}
	return (int)depth;
}

dbg_plot *dbg_plot_new(int max_cols)
{
	dbg_plot *p = xcalloc(1, sizeof *p);
	p->max_cols = max_cols > 0 ? max_cols : 1;
	p->cols = xcalloc((size_t)p->max_cols, sizeof *p->cols);
	return p;
}

void dbg_plot_free(dbg_plot *p)
{
	if (p)
		free(p->cols);
	free(p);
}

void dbg_plot_issue(dbg_plot *p, const emu_ctx *x, const emu_warp *w)
{
	p->issues++;
	if (p->ncols == p->max_cols)
		return;
	plot_col *c = &p->cols[p->ncols++];
	uint32_t pc = w->s.pc;
	c->addr = pc < (uint32_t)x->f->n ? x->f->insns[pc].addr : 0;
	c->depth = dbg_lane_states(x, w, c->lane);
	p->nlanes = w->nlanes < 32 ? w->nlanes : 32;
	p->groups = w->vb != NULL;
}

void dbg_plot_trap(dbg_plot *p, const emu_ctx *x, const emu_warp *w)
{
	if (p->ncols == p->max_cols || p->trap)
		return;
	dbg_plot_issue(p, x, w);
	p->issues--; /* a column, not an issue */
	p->trap = true;
}

int dbg_plot_columns(const dbg_plot *p)
{
	return p->ncols;
}

/* Geometry of the chart. */
typedef struct {
	int cw, rh, left, grid_top, strip_top, strip_h, pc_base, width, height, every;
} plot_geom;

static plot_geom geom(const dbg_plot *p)
{
	plot_geom g = {.rh = 10, .left = 72, .strip_h = 28, .pc_base = 118};
	g.cw = p->ncols ? 900 / p->ncols : 12;
	g.cw = g.cw > 18 ? 18 : g.cw < 2 ? 2 : g.cw;
	g.every = (12 + g.cw - 1) / g.cw; /* a pc label needs about 12 pixels across */
	g.strip_top = g.pc_base + 6;
	g.grid_top = g.strip_top + g.strip_h + 8;
	int right = g.left + p->ncols * g.cw;
	g.width = right + 30 > 580 ? right + 30 : 580; /* the legend's two columns */
	g.height = g.grid_top + p->nlanes * g.rh + 44;
	return g;
}

static void plot_title(FILE *out, const dbg_plot *p, const emu_ctx *x, int cta, int warp)
{
	char t[512];
	uint32_t gx = x->grid[0], gy = x->grid[1];
	int k = snprintf(t, sizeof t, "trace: %s (%s), CTA (%u,%u,%u), warp %d: ", x->f->name, x->prog->target,
			 (uint32_t)cta % gx, (uint32_t)cta / gx % gy, (uint32_t)cta / (gx * gy), warp);
	if ((uint64_t)p->ncols - p->trap < p->issues)
		k += snprintf(t + k, sizeof t - (size_t)k, "first %d of %llu issues", p->ncols - p->trap,
			      (unsigned long long)p->issues);
	else
		k += snprintf(t + k, sizeof t - (size_t)k, "%llu issues", (unsigned long long)p->issues);
	if (p->trap)
		snprintf(t + k, sizeof t - (size_t)k, ", then the trap (last column)");
	int width = geom(p).width, tl = (int)strlen(t);
	svg_begin(out, width < 8 * tl + 20 ? 8 * tl + 20 : width, geom(p).height, t); /* bold letters */
}

/* The pc above each column that starts a label slot, and the strip of depths as runs. */
static void plot_top(FILE *out, const dbg_plot *p, const plot_geom *g)
{
	int maxd = 1;
	for (int c = 0; c < p->ncols; c++)
		maxd = p->cols[c].depth > maxd ? p->cols[c].depth : maxd;
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">pc</text>\n", g->left - 4, g->pc_base);
	for (int c = 0; c < p->ncols; c += g->every)
		fprintf(out, "<text class=\"pc\" font-size=\"9\" transform=\"translate(%d,%d) rotate(-90)\">0x%04x</text>\n",
			g->left + c * g->cw + g->cw / 2 + 3, g->pc_base, p->cols[c].addr);
	const char *what = p->groups ? "groups" : "stack depth";
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"9\">%s</text>\n", g->left - 4,
		g->strip_top + g->strip_h / 2, what);
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"9\">(max %d)</text>\n", g->left - 4,
		g->strip_top + g->strip_h / 2 + 10, maxd);
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f5f5f5\"/>\n", g->left, g->strip_top,
		p->ncols * g->cw, g->strip_h);
	for (int c = 0; c < p->ncols;) {
		int d = p->cols[c].depth, e = c;
		while (e < p->ncols && p->cols[e].depth == d)
			e++;
		if (d > 0) {
			int h = d * g->strip_h / maxd;
			fprintf(out, "<rect class=\"depth\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#7e57c2\">"
				"<title>steps %d-%d: %s %d</title></rect>\n", g->left + c * g->cw,
				g->strip_top + g->strip_h - h, (e - c) * g->cw, h, c + 1, e, what, d);
		}
		c = e;
	}
}

/* Each lane's row as runs of one state. */
static void plot_lanes(FILE *out, const dbg_plot *p, const plot_geom *g)
{
	int label_every = g->rh >= 10 ? 1 : 4;
	for (int l = 0; l < p->nlanes; l++) {
		int y = g->grid_top + l * g->rh;
		if (l % label_every == 0 || l == p->nlanes - 1)
			fprintf(out, "<text class=\"lane\" x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"9\">lane %d</text>\n",
				g->left - 4, y + g->rh - 2, l);
		for (int c = 0; c < p->ncols;) {
			int st = p->cols[c].lane[l], e = c;
			while (e < p->ncols && p->cols[e].lane[l] == st)
				e++;
			if (st != DBG_LANE_NONE)
				fprintf(out, "<rect class=\"run %s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">"
					"<title>lane %d, steps %d-%d: %s</title></rect>\n", lane_style[st].cls,
					g->left + c * g->cw, y, (e - c) * g->cw, g->rh - 1, lane_style[st].fill, l, c + 1,
					e, lane_style[st].label);
			c = e;
		}
	}
	/* step numbers under the grid: 1, then every se-th (5, 10, 20, ... so they fit) */
	int y = g->grid_top + p->nlanes * g->rh + 12, se = 5;
	while (se * g->cw < 24)
		se *= 2;
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"9\">step</text>\n", g->left - 4, y);
	for (int c = 0; c < p->ncols; c = c ? c + se : se - 1)
		fprintf(out, "<text class=\"step\" x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"9\">%d</text>\n",
			g->left + c * g->cw + g->cw / 2, y, c + 1);
}

void dbg_plot_svg(const dbg_plot *p, const emu_ctx *x, int cta, int warp, FILE *out)
{
	plot_geom g = geom(p);
	plot_title(out, p, x, cta, warp);
	for (int s = DBG_LANE_ACTIVE, k = 0; s < DBG_LANE_NSTATES; s++, k++)
		svg_legend(out, 10 + (k % 2) * 280, 28 + (k / 2) * 14, lane_style[s].fill, lane_style[s].label);
	plot_top(out, p, &g);
	plot_lanes(out, p, &g);
	if (p->trap) /* the state the run trapped in, outlined */
		fprintf(out, "<rect class=\"trap\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
			"stroke=\"#b00020\" stroke-width=\"2\"><title>the state at the trap</title></rect>\n",
			g.left + (p->ncols - 1) * g.cw, g.strip_top, g.cw, g.grid_top - g.strip_top + p->nlanes * g.rh);
	svg_end(out);
}

bool dbg_plot_write(const dbg_plot *p, const emu_ctx *x, int cta, int warp, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return false;
	dbg_plot_svg(p, x, cta, warp, out);
	return fclose(out) == 0;
}
