/* simtemu debug: a gdb-like command loop that runs inside the interpreter's hook, so it
   inspects the one emulator's live state (no second copy of the interpreter). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "emu/stats.h"
#include "emu/step.h"
#include "util/xalloc.h"
#include "dbg/dbg.h"

enum { MODE_STEP, MODE_NEXT, MODE_CONTINUE, MODE_CYCLE };
enum { W_REG, W_PRED, W_MEM, W_DEPTH };

typedef struct {
	int id;
	uint32_t pc;       /* instruction index */
	bool temp;
	bool has_cond;
	bool cond_pred;    /* condition on a predicate (else a register) */
	int reg, lane;     /* lane -1: any active lane */
	char op[3];
	int64_t value;
} dbg_break;

typedef struct {
	int id, kind;
	int reg;           /* register or predicate */
	int cta, warp;     /* whose register */
	uint64_t addr;     /* W_MEM: a global word */
	uint32_t old[32];
	uint32_t old1;
	bool primed;
} dbg_watch;

struct dbg_session {
	FILE *in, *out;
	bool interactive;
	const char *source;
	emu_ctx *x;
	const emu_warp *w;   /* the warp that issues next (NULL: none) */
	int focus_cta, focus_warp;
	int mode;
	uint64_t pending;    /* step: focus-warp issues left before stopping */
	uint32_t next_pc;    /* next over a CAL: resume point and depth */
	int next_depth;
	bool others_ran;     /* cycle */
	bool started, quit, over, finished;
	/* reverse-step by replay: global step numbers of the focus warp's issues */
	uint64_t *hist;
	size_t nhist, caphist;
	bool replay_requested, replaying;
	uint64_t replay_to;      /* stop when the run reaches this step (x->steps) */
	int replay_cta, replay_warp;
	int nbreaks, nwatches, next_id;
	dbg_break breaks[64];
	dbg_watch watches[16];
	char last[256];
};

dbg_session *dbg_new(FILE *in, FILE *out, bool interactive, const char *source_text)
{
	dbg_session *d = xcalloc(1, sizeof *d);
	d->in = in;
	d->out = out;
	d->interactive = interactive;
	d->source = source_text;
	d->mode = MODE_STEP;
	d->pending = 0;
	d->next_id = 1;
	return d;
}

void dbg_free(dbg_session *d)
{
	free(d->hist);
	free(d);
}

bool dbg_replay_requested(dbg_session *d)
{
	if (!d->replay_requested)
		return false;
	d->replay_requested = false;
	d->replaying = true;
	d->over = d->finished = false;
	d->nhist = 0;
	return true;
}

bool dbg_finished(const dbg_session *d)
{
	return d->finished;
}

/* ---- looking at the state ---- */

static const emu_warp *focus(dbg_session *d)
{
	const emu_cta *c = d->x->cur_cta;
	if (!c || c->linear != d->focus_cta || d->focus_warp >= c->nwarps)
		return NULL;
	return &c->warps[d->focus_warp];
}

static int label_index(const emu_func *f, const char *name)
{
	for (int i = 0; i <= f->n; i++)
		if (f->labels[i] && !strcmp(f->labels[i], name))
			return i;
	return -1;
}

/* A pc given as a label, an address (0x..), or #index. */
static int parse_pc(const emu_func *f, const char *s)
{
	if (s[0] == '#')
		return atoi(s + 1) < f->n ? atoi(s + 1) : -1;
	if (isdigit((unsigned char)s[0])) {
		char *e;
		unsigned long a = strtoul(s, &e, 0);
		if (*e)
			return -1;
		for (int i = 0; i < f->n; i++)
			if (f->insns[i].addr == a)
				return i;
		return -1;
	}
	return label_index(f, s);
}

static void show_row(dbg_session *d, const emu_warp *w)
{
	dbg_row(d->out, DBG_TABLE, d->x->steps + 1, d->x, w, NULL);
}

static void show_stop(dbg_session *d, const char *why)
{
	const emu_warp *w = focus(d);
	fprintf(d->out, "stopped: %s; CTA %d warp %d\n", why, d->focus_cta, d->focus_warp);
	if (w)
		show_row(d, w);
}

static bool parse_reg(const char *s, bool *pred, int *reg)
{
	if ((s[0] == 'R' || s[0] == 'r') && isdigit((unsigned char)s[1])) {
		*pred = false;
		*reg = atoi(s + 1);
		return true;
	}
	if ((s[0] == 'P' || s[0] == 'p') && s[1] >= '0' && s[1] <= '6' && !s[2]) {
		*pred = true;
		*reg = s[1] - '0';
		return true;
	}
	return false;
}

static uint32_t reg_value(const emu_warp *w, int reg, int lane, const emu_func *f)
{
	if (reg >= f->nregs)
		return 0;
	return w->r[reg][lane];
}

static bool compare(int64_t a, const char *op, int64_t b)
{
	if (!strcmp(op, "=="))
		return a == b;
	if (!strcmp(op, "!="))
		return a != b;
	if (!strcmp(op, "<"))
		return a < b;
	if (!strcmp(op, "<="))
		return a <= b;
	if (!strcmp(op, ">"))
		return a > b;
	return a >= b;
}

static bool cond_holds(const dbg_session *d, const dbg_break *b, const emu_warp *w)
{
	if (!b->has_cond)
		return true;
	for (int l = 0; l < w->nlanes; l++) {
		if (b->lane >= 0 ? l != b->lane : !(w->s.A >> l & 1))
			continue;
		int64_t v = b->cond_pred ? (int64_t)(w->p[b->reg] >> l & 1)
			: (int64_t)(int32_t)reg_value(w, b->reg, l, d->x->f);
		if (compare(v, b->op, b->value))
			return true;
	}
	return false;
}

/* ---- commands ---- */

typedef struct {
	const char *name, *alias, *usage, *help;
} dbg_cmd;

static const dbg_cmd cmds[] = {
	{"step", "s", "step [N]", "issue N instructions of the current warp (default 1), then stop"},
	{"next", "n", "next", "like step, but a CAL runs to its return"},
	{"cycle", "stepi-all", "cycle", "one scheduler round: the other warps of the CTA run until they wait or finish; stop at the current warp's next instruction"},
	{"continue", "c", "continue", "run until a breakpoint, a watch, a trap or the end"},
	{"reverse-step", "rs", "reverse-step [N]", "back N instructions of the current warp (default 1): the run replays from the start and stops there"},
	{"break", "b", "break PC|LABEL [if Rn|Pn OP VALUE [lane L]]", "stop before the instruction at PC (any warp); OP is == != < <= > >="},
	{"tbreak", NULL, "tbreak PC|LABEL [if ...]", "a breakpoint deleted when it stops"},
	{"delete", "d", "delete [N]", "delete breakpoint or watch N (all without N)"},
	{"watch", NULL, "watch Rn|Pn|mem ADDR|depth", "stop after the value changes (a register of the current warp, a global word, the SIMT stack depth)"},
	{"stack", "bt", "stack", "the SIMT token stack of the current warp, top first"},
	{"masks", NULL, "masks", "active, exited, break, continue and return masks, and the while-mask table"},
	{"info", "i", "info warps|breakpoints", "every warp of the CTA (pc, state, masks), or the breakpoints and watches"},
	{"warp", NULL, "warp N", "make warp N of the running CTA the current warp"},
	{"cta", NULL, "cta N", "follow CTA N (linear index); if it has not started, continue stops when it does"},
	{"regs", NULL, "regs [Rn ...] [lane L]", "registers per lane (all used registers without names)"},
	{"print", "p", "print[/x|/d|/f] Rn|Pn|Cn|An|c[B][O]|smem[A] [lane]", "one value (per active lane when no lane is given); Tesla Cn prints its flags ZSCO"},
	{"mem", "x", "mem global|shared|local|const[B] ADDR [N]", "N 32-bit words from ADDR (local: of lane 0 of the current warp)"},
	{"list", "l", "list [PC]", "the decoded program around PC (default: the current pc), => marks it"},
	{"counts", NULL, "counts", "per-opcode statistics so far"},
	{"help", "h", "help [command]", "this list, or one command"},
	{"quit", "q", "quit", "end the session"},
};

static const dbg_cmd *find_cmd(const char *w)
{
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(w, cmds[i].name) || (cmds[i].alias && !strcmp(w, cmds[i].alias)))
			return &cmds[i];
	return NULL;
}

static void cmd_help(dbg_session *d, int argc, char **argv)
{
	if (argc > 1) {
		const dbg_cmd *c = find_cmd(argv[1]);
		if (!c)
			fprintf(d->out, "no command '%s'\n", argv[1]);
		else
			fprintf(d->out, "%s\n  %s%s%s\n", c->usage, c->help, c->alias ? "; short: " : "",
				c->alias ? c->alias : "");
		return;
	}
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		fprintf(d->out, "  %-46s %s\n", cmds[i].usage, cmds[i].help);
}

static void cmd_stack(dbg_session *d, const emu_warp *w)
{
	char m[40];
	if (!w->s.depth)
		fprintf(d->out, "SIMT stack of warp %d: empty\n", w->id);
	else
		fprintf(d->out, "SIMT stack of warp %d (%d token%s, top first):\n", w->id, w->s.depth,
			w->s.depth == 1 ? "" : "s");
	for (int i = w->s.depth - 1; i >= 0; i--) {
		const simt_token *t = &w->s.stack[i];
		const emu_func *f = d->x->f;
		uint32_t a = t->pc < (uint32_t)f->n ? f->insns[t->pc].addr : 0;
		const char *lab = t->pc <= (uint32_t)f->n && f->labels[t->pc] ? f->labels[t->pc] : "";
		fprintf(d->out, "  %d  %-4s %s  0x%04x %s", i, simt_type_name(t->type), dbg_mask(m, t->mask, w->nlanes), a,
			lab);
		if (t->type == SIMT_PBK || t->type == SIMT_PCNT || t->type == SIMT_CALL || t->type == SIMT_PRET)
			fprintf(d->out, "  saved=%s", dbg_mask(m, t->saved, w->nlanes));
		fputc('\n', d->out);
	}
}

static void cmd_masks(dbg_session *d, const emu_warp *w)
{
	char m[40];
	int n = w->nlanes;
	fprintf(d->out, "A     %s\n", dbg_mask(m, w->s.A, n));
	fprintf(d->out, "X     %s\n", dbg_mask(m, w->s.X, n));
	fprintf(d->out, "Dbrk  %s\n", dbg_mask(m, w->s.Dbrk, n));
	fprintf(d->out, "Dcont %s\n", dbg_mask(m, w->s.Dcont, n));
	fprintf(d->out, "Dret  %s\n", dbg_mask(m, w->s.Dret, n));
	for (int i = 0; i < w->s.nw; i++)
		fprintf(d->out, "W     branch 0x%04x mask %s depth %d\n", d->x->f->insns[w->s.w[i].pc].addr,
			dbg_mask(m, w->s.w[i].mask, n), w->s.w[i].depth);
}

static void cmd_info_warps(dbg_session *d)
{
	const emu_cta *c = d->x->cur_cta;
	char m[40];
	if (!c) {
		fprintf(d->out, "no CTA is running\n");
		return;
	}
	fprintf(d->out, "CTA %d (%u,%u,%u): %d warp%s\n", c->linear, c->ctaid[0], c->ctaid[1], c->ctaid[2], c->nwarps,
		c->nwarps == 1 ? "" : "s");
	for (int i = 0; i < c->nwarps; i++) {
		const emu_warp *w = &c->warps[i];
		const emu_func *f = d->x->f;
		uint32_t a = w->s.pc < (uint32_t)f->n ? f->insns[w->s.pc].addr : 0;
		char state[64];
		if (w->state == EMU_W_DONE)
			snprintf(state, sizeof state, "finished");
		else if (w->state == EMU_W_BAR)
			snprintf(state, sizeof state, "waiting at barrier %d", w->bar_id);
		else
			snprintf(state, sizeof state, "running");
		fprintf(d->out, "%s warp %-3d pc 0x%04x  A=%s  depth %d  %s\n", i == d->focus_warp ? "*" : " ", i, a,
			dbg_mask(m, w->s.A, w->nlanes), w->s.depth, state);
	}
}

static void cmd_info_breaks(dbg_session *d)
{
	if (!d->nbreaks && !d->nwatches)
		fprintf(d->out, "no breakpoints or watches\n");
	for (int i = 0; i < d->nbreaks; i++) {
		const dbg_break *b = &d->breaks[i];
		fprintf(d->out, "%d  %sbreak at 0x%04x", b->id, b->temp ? "t" : "", d->x->f->insns[b->pc].addr);
		if (b->has_cond)
			fprintf(d->out, " if %c%d %s %lld", b->cond_pred ? 'P' : 'R', b->reg, b->op, (long long)b->value);
		if (b->has_cond && b->lane >= 0)
			fprintf(d->out, " lane %d", b->lane);
		fputc('\n', d->out);
	}
	static const char *const kinds[] = {"register", "predicate", "memory", "stack depth"};
	for (int i = 0; i < d->nwatches; i++)
		fprintf(d->out, "%d  watch %s\n", d->watches[i].id, kinds[d->watches[i].kind]);
}

static void cmd_break(dbg_session *d, int argc, char **argv, bool temp)
{
	if (argc < 2) {
		fprintf(d->out, "usage: %s PC|LABEL [if Rn|Pn OP VALUE [lane L]]\n", argv[0]);
		return;
	}
	int pc = parse_pc(d->x->f, argv[1]);
	if (pc < 0) {
		fprintf(d->out, "no instruction at '%s'\n", argv[1]);
		return;
	}
	if (d->nbreaks == 64) {
		fprintf(d->out, "too many breakpoints\n");
		return;
	}
	dbg_break b = {.id = d->next_id, .pc = (uint32_t)pc, .temp = temp, .lane = -1};
	if (argc > 2) {
		bool pred;
		if (argc < 6 || strcmp(argv[2], "if") || !parse_reg(argv[3], &pred, &b.reg) || strlen(argv[4]) > 2 ||
		    !strchr("=!<>", argv[4][0])) {
			fprintf(d->out, "usage: break PC if Rn|Pn OP VALUE [lane L]\n");
			return;
		}
		b.has_cond = true;
		b.cond_pred = pred;
		snprintf(b.op, sizeof b.op, "%s", argv[4]);
		b.value = strtoll(argv[5], NULL, 0);
		if (argc > 7 && !strcmp(argv[6], "lane"))
			b.lane = atoi(argv[7]);
	}
	d->next_id++;
	d->breaks[d->nbreaks++] = b;
	fprintf(d->out, "%sbreakpoint %d at 0x%04x\n", temp ? "temporary " : "", b.id, d->x->f->insns[pc].addr);
}

static void cmd_delete(dbg_session *d, int argc, char **argv)
{
	if (argc < 2) {
		d->nbreaks = d->nwatches = 0;
		fprintf(d->out, "deleted every breakpoint and watch\n");
		return;
	}
	int id = atoi(argv[1]);
	for (int i = 0; i < d->nbreaks; i++)
		if (d->breaks[i].id == id) {
			d->breaks[i] = d->breaks[--d->nbreaks];
			fprintf(d->out, "deleted %d\n", id);
			return;
		}
	for (int i = 0; i < d->nwatches; i++)
		if (d->watches[i].id == id) {
			d->watches[i] = d->watches[--d->nwatches];
			fprintf(d->out, "deleted %d\n", id);
			return;
		}
	fprintf(d->out, "no breakpoint or watch %d\n", id);
}

static void watch_sample(dbg_session *d, dbg_watch *wt, uint32_t *vals, uint32_t *one)
{
	const emu_cta *c = d->x->cur_cta;
	const emu_warp *w = c && c->linear == wt->cta && wt->warp < c->nwarps ? &c->warps[wt->warp] : NULL;
	*one = 0;
	memset(vals, 0, 32 * sizeof *vals);
	switch (wt->kind) {
	case W_REG:
		if (w)
			for (int l = 0; l < w->nlanes; l++)
				vals[l] = reg_value(w, wt->reg, l, d->x->f);
		break;
	case W_PRED:
		if (w)
			*one = w->p[wt->reg];
		break;
	case W_DEPTH:
		if (w)
			*one = (uint32_t)w->s.depth;
		break;
	default: {
		uint8_t *p = emu_gmem_ptr(&d->x->gmem, wt->addr, 4);
		if (p)
			memcpy(one, p, 4);
	}
	}
}

static void cmd_watch(dbg_session *d, int argc, char **argv)
{
	if (argc < 2 || d->nwatches == 16) {
		fprintf(d->out, "usage: watch Rn|Pn|mem ADDR|depth (at most 16)\n");
		return;
	}
	dbg_watch wt = {.id = d->next_id, .cta = d->focus_cta, .warp = d->focus_warp};
	bool pred;
	if (!strcmp(argv[1], "depth"))
		wt.kind = W_DEPTH;
	else if (!strcmp(argv[1], "mem") && argc > 2) {
		wt.kind = W_MEM;
		wt.addr = strtoull(argv[2], NULL, 0);
		if (!emu_gmem_ptr(&d->x->gmem, wt.addr, 4)) {
			fprintf(d->out, "0x%llx is not in a buffer\n", (unsigned long long)wt.addr);
			return;
		}
	} else if (parse_reg(argv[1], &pred, &wt.reg) && (pred || wt.reg < 255))
		wt.kind = pred ? W_PRED : W_REG;
	else {
		fprintf(d->out, "usage: watch Rn|Pn|mem ADDR|depth\n");
		return;
	}
	watch_sample(d, &wt, wt.old, &wt.old1);
	wt.primed = true;
	d->next_id++;
	d->watches[d->nwatches++] = wt;
	fprintf(d->out, "watch %d set\n", wt.id);
}

/* True if a watch changed; says how. */
static bool watches_fired(dbg_session *d)
{
	bool fired = false;
	for (int i = 0; i < d->nwatches; i++) {
		dbg_watch *wt = &d->watches[i];
		uint32_t now[32], one;
		watch_sample(d, wt, now, &one);
		if (wt->kind == W_REG) {
			for (int l = 0; l < 32; l++)
				if (now[l] != wt->old[l]) {
					fprintf(d->out, "watch %d: R%d of lane %d: 0x%x -> 0x%x\n", wt->id, wt->reg, l, wt->old[l],
						now[l]);
					fired = true;
				}
			memcpy(wt->old, now, sizeof now);
		} else if (one != wt->old1) {
			static const char *const names[] = {"", "predicate", "memory word", "stack depth"};
			fprintf(d->out, "watch %d: %s: 0x%x -> 0x%x\n", wt->id, names[wt->kind], wt->old1, one);
			wt->old1 = one;
			fired = true;
		}
	}
	return fired;
}

static void cmd_regs(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	int regs[64], n = 0, lane = -1;
	for (int i = 1; i < argc; i++) {
		bool pred;
		int r;
		if (!strcmp(argv[i], "lane") && i + 1 < argc)
			lane = atoi(argv[++i]);
		else if (parse_reg(argv[i], &pred, &r) && !pred && n < 64)
			regs[n++] = r;
		else {
			fprintf(d->out, "usage: regs [Rn ...] [lane L]\n");
			return;
		}
	}
	if (!n)
		for (int r = 0; r < d->x->f->nregs && n < 64; r++)
			regs[n++] = r;
	fprintf(d->out, "      ");
	for (int l = 0; l < w->nlanes; l++)
		if (lane < 0 || l == lane)
			fprintf(d->out, " %10s%-2d", "lane ", l);
	fputc('\n', d->out);
	for (int i = 0; i < n; i++) {
		fprintf(d->out, "R%-4d ", regs[i]);
		for (int l = 0; l < w->nlanes; l++)
			if (lane < 0 || l == lane)
				fprintf(d->out, " 0x%08x  ", reg_value(w, regs[i], l, d->x->f));
		fputc('\n', d->out);
	}
}

static void print_value(dbg_session *d, char fmt, uint32_t v)
{
	float f;
	memcpy(&f, &v, 4);
	if (fmt == 'd')
		fprintf(d->out, "%d", (int32_t)v);
	else if (fmt == 'f')
		fprintf(d->out, "%.9g", f);
	else
		fprintf(d->out, "0x%08x", v);
}

static void cmd_print(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	char fmt = 'x';
	const char *slash = strchr(argv[0], '/');
	if (slash)
		fmt = slash[1];
	if (argc < 2 || !strchr("xdf", fmt)) {
		fprintf(d->out, "usage: print[/x|/d|/f] Rn|Pn|c[B][O]|smem[A] [lane]\n");
		return;
	}
	int lane = argc > 2 ? atoi(argv[2]) : -1;
	bool pred;
	int r;
	unsigned b, o;
	const char *n = argv[1];
	const emu_rt *rt = d->x->prog->rt;
	char buf[64];
	if (rt->reg_text && rt->reg_text(w, n, 0, fmt, buf, sizeof buf)) {
		/* a register of this generation (Tesla: condition and address registers) */
		for (int l = 0; l < w->nlanes; l++) {
			if (lane >= 0 ? l != lane : !(w->s.A >> l & 1))
				continue;
			fprintf(d->out, "lane %2d: %s\n", l, rt->reg_text(w, n, l, fmt, buf, sizeof buf));
		}
		return;
	}
	if (parse_reg(argv[1], &pred, &r)) {
		if (!pred && r >= d->x->f->nregs) {
			fprintf(d->out, "R%d is not used by this function\n", r);
			return;
		}
		for (int l = 0; l < w->nlanes; l++) {
			if (lane >= 0 ? l != lane : !(w->s.A >> l & 1))
				continue;
			fprintf(d->out, "lane %2d: ", l);
			if (pred)
				fprintf(d->out, "%u", w->p[r] >> l & 1);
			else
				print_value(d, fmt, w->r[r][l]);
			fputc('\n', d->out);
		}
	} else if (sscanf(argv[1], "c[%i][%i]", &b, &o) == 2) {
		if (b >= EMU_NBANKS || o + 4 > EMU_BANK_BYTES) {
			fprintf(d->out, "no such constant\n");
			return;
		}
		uint32_t v;
		memcpy(&v, d->x->cbank[b] + o, 4);
		print_value(d, fmt, v);
		fputc('\n', d->out);
	} else if (sscanf(argv[1], "smem[%i]", &o) == 1) {
		if (!d->x->cur_cta || o + 4 > d->x->shared_bytes) {
			fprintf(d->out, "outside shared memory\n");
			return;
		}
		uint32_t v;
		memcpy(&v, d->x->cur_cta->smem + o, 4);
		print_value(d, fmt, v);
		fputc('\n', d->out);
	} else
		fprintf(d->out, "cannot print '%s'\n", argv[1]);
}

static void cmd_mem(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	if (argc < 3) {
		fprintf(d->out, "usage: mem global|shared|local|const[B] ADDR [N]\n");
		return;
	}
	uint64_t a = strtoull(argv[2], NULL, 0);
	int n = argc > 3 ? atoi(argv[3]) : 8;
	unsigned bank = 0;
	for (int i = 0; i < n; i++) {
		uint64_t at = a + 4 * (uint64_t)i;
		const uint8_t *p = NULL;
		if (!strcmp(argv[1], "global"))
			p = emu_gmem_ptr(&d->x->gmem, at, 4);
		else if (!strcmp(argv[1], "shared") && d->x->cur_cta && at + 4 <= d->x->shared_bytes)
			p = d->x->cur_cta->smem + at;
		else if (!strcmp(argv[1], "local") && w && at + 4 <= d->x->local_bytes)
			p = d->x->cur_cta->lmem + (size_t)(w->id * d->x->warp_size) * d->x->local_bytes + at;
		else if (sscanf(argv[1], "const%u", &bank) == 1 && bank < EMU_NBANKS && at + 4 <= EMU_BANK_BYTES)
			p = d->x->cbank[bank] + at;
		if (!p) {
			fprintf(d->out, "%s0x%llx: not mapped\n", i % 4 ? "\n" : "", (unsigned long long)at);
			return;
		}
		uint32_t v;
		memcpy(&v, p, 4);
		if (i % 4 == 0)
			fprintf(d->out, "%s0x%08llx:", i ? "\n" : "", (unsigned long long)at);
		fprintf(d->out, " 0x%08x", v);
	}
	fputc('\n', d->out);
}

static void cmd_list(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	const emu_func *f = d->x->f;
	int at = w ? (int)w->s.pc : 0;
	if (argc > 1 && (at = parse_pc(f, argv[1])) < 0) {
		fprintf(d->out, "no instruction at '%s'\n", argv[1]);
		return;
	}
	int from = at - 5 < 0 ? 0 : at - 5, to = at + 6 > f->n ? f->n : at + 6;
	for (int i = from; i < to; i++) {
		if (f->labels[i])
			fprintf(d->out, "%s:\n", f->labels[i]);
		bool bp = false;
		for (int k = 0; k < d->nbreaks; k++)
			bp |= d->breaks[k].pc == (uint32_t)i;
		fprintf(d->out, "%s%c /*%04x*/  %s\n", w && i == (int)w->s.pc ? "=>" : "  ", bp ? '*' : ' ', f->insns[i].addr,
			f->insns[i].text);
	}
}

static void cmd_focus(dbg_session *d, int argc, char **argv, bool cta)
{
	if (argc < 2) {
		fprintf(d->out, "usage: %s N\n", argv[0]);
		return;
	}
	int n = atoi(argv[1]);
	const emu_cta *c = d->x->cur_cta;
	if (!cta) {
		if (!c || n < 0 || n >= c->nwarps) {
			fprintf(d->out, "no warp %d in the running CTA\n", n);
			return;
		}
		d->focus_warp = n;
		fprintf(d->out, "warp %d of CTA %d\n", n, c->linear);
		show_row(d, &c->warps[n]);
		return;
	}
	uint32_t ncta = d->x->grid[0] * d->x->grid[1] * d->x->grid[2];
	if (n < 0 || (uint32_t)n >= ncta) {
		fprintf(d->out, "no CTA %d (the grid has %u)\n", n, ncta);
		return;
	}
	if (c && n < c->linear) {
		fprintf(d->out, "CTA %d has finished (CTAs run one after another)\n", n);
		return;
	}
	d->focus_cta = n;
	d->focus_warp = 0;
	if (c && n == c->linear)
		fprintf(d->out, "CTA %d, warp 0\n", n);
	else
		fprintf(d->out, "CTA %d has not started; step and continue stop when it does\n", n);
}

/* ---- the command loop ---- */

static char *read_line(dbg_session *d)
{
	if (d->interactive) {
		char *l = readline("(simtemu) ");
		if (l && *l)
			add_history(l);
		return l;
	}
	char buf[1024];
	if (!fgets(buf, sizeof buf, d->in))
		return NULL;
	buf[strcspn(buf, "\r\n")] = 0;
	return xstrdup(buf);
}

/* Commands until one resumes the run (returns 0) or ends the session (returns 1). */
static int repl(dbg_session *d)
{
	for (;;) {
		fflush(d->out);
		char *line = read_line(d);
		if (!line) {
			d->quit = true;
			return 1;
		}
		char *c = line;
		while (isspace((unsigned char)*c))
			c++;
		if (!*c && d->interactive && d->last[0])
			c = d->last;
		else if (*c)
			snprintf(d->last, sizeof d->last, "%s", c);
		if (!*c || *c == '#') {
			free(line);
			continue;
		}
		if (!d->interactive)
			fprintf(d->out, "(simtemu) %s\n", c);
		char buf[256], *argv[16];
		int argc = 0;
		snprintf(buf, sizeof buf, "%s", c);
		free(line);
		for (char *t = strtok(buf, " \t"); t && argc < 16; t = strtok(NULL, " \t"))
			argv[argc++] = t;
		char word[32];
		snprintf(word, sizeof word, "%.*s", (int)strcspn(argv[0], "/"), argv[0]);
		const dbg_cmd *cmd = find_cmd(word);
		const emu_warp *w = focus(d);
		if (!cmd) {
			fprintf(d->out, "unknown command '%s' (try help)\n", argv[0]);
			continue;
		}
		const char *name = cmd->name;
		bool resumes = !strcmp(name, "step") || !strcmp(name, "next") || !strcmp(name, "continue") ||
			       !strcmp(name, "cycle");
		if (!strcmp(name, "reverse-step")) {
			uint64_t back = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
			if (!w || back == 0 || back >= d->nhist) {
				fprintf(d->out, "cannot go back %llu instruction%s of this warp (it has issued %zu)\n",
					(unsigned long long)back, back == 1 ? "" : "s", d->nhist ? d->nhist - 1 : 0);
				continue;
			}
			d->replay_to = d->hist[d->nhist - 1 - back];
			d->replay_cta = d->focus_cta;
			d->replay_warp = d->focus_warp;
			d->replay_requested = true;
			return 1;
		}
		if (resumes && d->over) {
			fprintf(d->out, "the kernel has %s; inspect or quit\n", d->x->trap.msg[0] ? "trapped" : "finished");
			continue;
		}
		bool needs_warp = !strcmp(name, "stack") || !strcmp(name, "masks") || !strcmp(name, "regs") ||
				  !strcmp(name, "print");
		if (needs_warp && !w) {
			fprintf(d->out, "no current warp (CTA %d is not running)\n", d->focus_cta);
			continue;
		}
		if (!strcmp(name, "quit")) {
			d->quit = true;
			return 1;
		} else if (!strcmp(name, "help"))
			cmd_help(d, argc, argv);
		else if (!strcmp(name, "step")) {
			d->mode = MODE_STEP;
			d->pending = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
			if (!d->pending)
				d->pending = 1;
			return 0;
		} else if (!strcmp(name, "next")) {
			const emu_insn *in = w && w->s.pc < (uint32_t)d->x->f->n ? &d->x->f->insns[w->s.pc] : NULL;
			if (in && in->h == EMU_H_CAL) {
				d->mode = MODE_NEXT;
				d->next_pc = w->s.pc + 1;
				d->next_depth = w->s.depth;
			} else {
				d->mode = MODE_STEP;
				d->pending = 1;
			}
			return 0;
		} else if (!strcmp(name, "continue")) {
			d->mode = MODE_CONTINUE;
			return 0;
		} else if (!strcmp(name, "cycle")) {
			d->mode = MODE_CYCLE;
			d->others_ran = false;
			return 0;
		} else if (!strcmp(name, "break") || !strcmp(name, "tbreak"))
			cmd_break(d, argc, argv, name[0] == 't');
		else if (!strcmp(name, "delete"))
			cmd_delete(d, argc, argv);
		else if (!strcmp(name, "watch"))
			cmd_watch(d, argc, argv);
		else if (!strcmp(name, "stack"))
			cmd_stack(d, w);
		else if (!strcmp(name, "masks"))
			cmd_masks(d, w);
		else if (!strcmp(name, "info")) {
			if (argc > 1 && !strncmp(argv[1], "b", 1))
				cmd_info_breaks(d);
			else
				cmd_info_warps(d);
		} else if (!strcmp(name, "warp") || !strcmp(name, "cta"))
			cmd_focus(d, argc, argv, name[0] == 'c');
		else if (!strcmp(name, "regs"))
			cmd_regs(d, w, argc, argv);
		else if (!strcmp(name, "print"))
			cmd_print(d, w, argc, argv);
		else if (!strcmp(name, "mem"))
			cmd_mem(d, w, argc, argv);
		else if (!strcmp(name, "list"))
			cmd_list(d, w, argc, argv);
		else if (!strcmp(name, "counts"))
			stats_print(d->x, STATS_BY_OPCODE, STATS_TABLE, d->out);
	}
}

/* Should the run stop before this issue? Says why in buf. */
static bool should_stop(dbg_session *d, const emu_warp *w, char *why, size_t n)
{
	bool is_focus = d->x->cur_cta->linear == d->focus_cta && w->id == d->focus_warp;
	if (is_focus) {
		if (d->nhist == d->caphist) {
			d->caphist = d->caphist ? 2 * d->caphist : 256;
			d->hist = xrealloc(d->hist, sizeof *d->hist * d->caphist);
		}
		d->hist[d->nhist++] = d->x->steps;
	}
	if (d->replaying) { /* silent until the recorded step */
		if (d->x->steps != d->replay_to || !is_focus)
			return false;
		d->replaying = false;
		snprintf(why, n, "reverse-step");
		for (int i = 0; i < d->nwatches; i++) { /* watches restart from the values here */
			uint32_t one;
			watch_sample(d, &d->watches[i], d->watches[i].old, &one);
			d->watches[i].old1 = one;
		}
		return true;
	}
	if (!d->started) {
		d->started = true;
		d->focus_cta = d->x->cur_cta->linear;
		d->focus_warp = w->id;
		snprintf(why, n, "at the first instruction");
		return true;
	}
	for (int i = 0; i < d->nbreaks; i++) {
		dbg_break *b = &d->breaks[i];
		if (b->pc == w->s.pc && cond_holds(d, b, w)) {
			snprintf(why, n, "%sbreakpoint %d", b->temp ? "temporary " : "", b->id);
			if (b->temp)
				d->breaks[i] = d->breaks[--d->nbreaks];
			d->focus_cta = d->x->cur_cta->linear;
			d->focus_warp = w->id;
			return true;
		}
	}
	if (d->nwatches && watches_fired(d)) {
		snprintf(why, n, "watch");
		return true;
	}
	if (!is_focus) {
		if (d->mode == MODE_CYCLE && d->x->cur_cta->linear == d->focus_cta)
			d->others_ran = true;
		return false;
	}
	switch (d->mode) {
	case MODE_STEP:
		if (d->pending && --d->pending == 0) {
			snprintf(why, n, "step");
			return true;
		}
		return false;
	case MODE_NEXT:
		if (w->s.pc == d->next_pc && w->s.depth == d->next_depth) {
			snprintf(why, n, "next");
			return true;
		}
		return false;
	case MODE_CYCLE:
		if (d->others_ran || d->x->cur_cta->nwarps == 1) {
			snprintf(why, n, "cycle");
			return true;
		}
		return false;
	default:
		return false;
	}
}

/* Pop rows of the focus warp as the pop rule runs (the hook only watches). */
static int pop_hook(void *user, const emu_ctx *x, const emu_warp *w, emu_event ev, const simt_token *tok)
{
	dbg_session *d = user;
	if (ev == EMU_EV_POP && d->mode != MODE_CONTINUE && !d->replaying && x->cur_cta->linear == d->focus_cta &&
	    w->id == d->focus_warp)
		dbg_row(d->out, DBG_TABLE, 0, x, w, tok);
	return 0;
}

/* After a trap: the focus on the faulting warp (a deadlock names none: all warps). */
static int stopped_trap(dbg_session *d)
{
	d->over = true;
	fprintf(d->out, "simtemu: %s\n", d->x->trap.msg);
	const emu_cta *c = d->x->cur_cta;
	int wi = d->x->trap.warp;
	if (c && wi >= 0 && wi < c->nwarps) {
		d->w = &c->warps[wi];
		d->focus_cta = c->linear;
		d->focus_warp = wi;
		show_row(d, d->w);
	} else {
		d->w = NULL;
		cmd_info_warps(d);
	}
	return repl(d);
}

static int stopped_end(dbg_session *d)
{
	d->over = d->finished = true;
	d->w = NULL;
	stats_totals t = stats_total(d->x);
	fprintf(d->out, "kernel finished: %llu warp instructions, %llu thread instructions\n",
		(unsigned long long)t.warp, (unsigned long long)t.thread);
	return repl(d);
}

/* The session over one launch, driven through the step API: one issue at a time, so that
   every stop condition (focus-warp steps, conditional breakpoints, watches, next, cycle)
   is looked at before each issue. */
void dbg_run(dbg_session *d, emu_ctx *x)
{
	d->x = x;
	x->hook = pop_hook;
	x->hook_user = d;
	emu_stepper *sp = emu_step_start(x);
	emu_until u = {.by_step = true, .at_step = x->steps}; /* stop before the first issue */
	for (bool done = false; sp && !done;) {
		emu_stop why = emu_step_until(sp, x, &u);
		char text[96];
		switch (why) {
		case EMU_STOP_STEP:
		case EMU_STOP_BREAK:
		case EMU_STOP_BARRIER:
			d->w = emu_step_warp(sp);
			u.at_step = x->steps + 1;
			if (d->w && should_stop(d, d->w, text, sizeof text)) {
				show_stop(d, text);
				done = repl(d) != 0;
			}
			break;
		case EMU_STOP_TRAP:
			stopped_trap(d);
			done = true;
			break;
		case EMU_STOP_END:
			stopped_end(d);
			done = true;
			break;
		case EMU_STOP_QUIT:
			done = true;
			break;
		}
	}
	emu_step_free(sp, x);
	x->hook = NULL;
	d->x = NULL;
	d->w = NULL;
}
