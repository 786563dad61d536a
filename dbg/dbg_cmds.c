/* The debugger's commands that look at the state or set stop conditions: help, stack,
   masks, info, break/tbreak/delete/watch, regs, print, mem, list, warp and cta. Every
   argument goes through dbg/dbg_parse.c; nothing is read outside the emulated state. */
#include <inttypes.h>
#include <string.h>

#include "dbg/dbg_session.h"
#include "emu/stats.h"

/* ---- looking at the state ---- */

const emu_warp *dbg_focus(dbg_session *d)
{
	const emu_cta *c = d->x->cur_cta;
	if (!c || c->linear != d->focus_cta || d->focus_warp >= c->nwarps)
		return NULL;
	return &c->warps[d->focus_warp];
}

static bool is_trap_warp(const dbg_session *d, const emu_warp *w)
{
	const emu_cta *c = d->x->cur_cta;
	return d->trap_pc >= 0 && c && c->linear == d->x->trap.cta && w->id == d->x->trap.warp &&
	       w == &c->warps[w->id];
}

uint32_t dbg_shown_pc(const dbg_session *d, const emu_warp *w)
{
	return is_trap_warp(d, w) ? (uint32_t)d->trap_pc : w->s.pc;
}

void dbg_show_row(dbg_session *d, const emu_warp *w)
{
	if (!is_trap_warp(d, w)) {
		dbg_row(d->out, DBG_TABLE, d->x->steps + 1, d->x, w, NULL);
		return;
	}
	/* the trapping instruction, with the state it left (a fault issued it: its step) */
	emu_warp at = *w;
	at.s.pc = (uint32_t)d->trap_pc;
	dbg_row(d->out, DBG_TABLE, d->x->steps + !d->trap_issued, d->x, &at, NULL);
}

uint32_t dbg_reg_value(const emu_warp *w, int reg, int lane, const emu_func *f)
{
	if (reg < 0 || reg >= f->nregs || lane < 0 || lane >= w->nlanes)
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

bool dbg_cond_holds(const dbg_session *d, const dbg_break *b, const emu_warp *w)
{
	if (!b->has_cond)
		return true;
	for (int l = 0; l < w->nlanes; l++) {
		if (b->lane >= 0 ? l != b->lane : !(w->s.A >> l & 1))
			continue;
		int64_t v = b->cond_pred ? (int64_t)(w->p[b->reg] >> l & 1)
			: (int64_t)(int32_t)dbg_reg_value(w, b->reg, l, d->x->f);
		if (compare(v, b->op, b->value))
			return true;
	}
	return false;
}

/* ---- help ---- */

typedef struct {
	const char *name, *alias, *usage, *help;
} dbg_cmd;

static const dbg_cmd cmds[] = {
	{"step", "s", "step [N]", "issue N instructions of the current warp (default 1), then stop (N at most 1000000000)"},
	{"next", "n", "next", "like step, but a CAL runs to its return"},
	{"cycle", "stepi-all", "cycle", "one scheduler round: the other warps of the CTA run until they wait or finish; stop at the current warp's next instruction"},
	{"continue", "c", "continue", "run until a breakpoint, a watch, a trap, the end or Ctrl-C"},
	{"run", "r", "run", "run from the start until a breakpoint, a watch, a trap, the end or Ctrl-C (before the first issue: continue; later: the launch starts over)"},
	{"restart", NULL, "restart", "start the launch over and stop at its first instruction; breakpoints and watches are kept"},
	{"reverse-step", "rs", "reverse-step [N]", "back N instructions of the current warp (default 1): the run replays from the start and stops there"},
	{"break", "b", "break PC|LABEL|#I [if Rn|Pn OP VALUE [lane L]]", "stop before the instruction at address PC, label LABEL or index I (any warp); OP is == != < <= > >="},
	{"tbreak", NULL, "tbreak PC|LABEL|#I [if ...]", "a breakpoint deleted when it stops"},
	{"delete", "d", "delete [N]", "delete breakpoint or watch N (all without N)"},
	{"watch", NULL, "watch Rn|Pn|mem ADDR|depth", "stop after the value changes (a register of the current warp, a global word, the SIMT stack depth)"},
	{"stack", "bt", "stack", "the SIMT token stack of the current warp, top first (sm_70+: its groups, the next to issue first, and its convergence barriers)"},
	{"masks", NULL, "masks", "active, exited, break, continue and return masks, and the while-mask table (sm_70+: issuing, ready, waiting and exited lanes)"},
	{"info", "i", "info warps|breakpoints|buffers", "every warp of the CTA (pc, state, masks), the breakpoints and watches, or the global buffers (name, type, count, address)"},
	{"warp", NULL, "warp N", "make warp N of the running CTA the current warp"},
	{"cta", NULL, "cta N", "follow CTA N (linear index); if it has not started, step and continue stop when it does"},
	{"regs", NULL, "regs [Rn ...] [lane L]", "registers per lane (without names: every register the kernel uses)"},
	{"print", "p", "print[/x|/d|/f] Rn|Pn|c[B][O]|smem[O] [[lane] L]", "one value (per active lane when no lane is given); Tesla also Cn (flags ZSCO) and An"},
	{"mem", "x", "mem global|shared|local|const[B] ADDR [N]", "N 32-bit words from ADDR (default 8, at most 4096; local: of lane 0 of the current warp); a global ADDR may be a buffer name or NAME+OFFSET"},
	{"list", "l", "list [PC|LABEL|#I]", "the decoded program around PC (default: the current pc), => marks it"},
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

const char *dbg_cmd_name(const char *w)
{
	const dbg_cmd *c = find_cmd(w);
	return c ? c->name : NULL;
}

void dbg_cmd_help(dbg_session *d, int argc, char **argv)
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

/* ---- the SIMT state ---- */

void dbg_cmd_stack(dbg_session *d, const emu_warp *w)
{
	char m[40];
	if (w->vb) { /* sm_70+: groups and convergence barriers instead of a stack */
		dbg_volta_stack(d->out, d->x, w);
		return;
	}
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

void dbg_cmd_masks(dbg_session *d, const emu_warp *w)
{
	char m[40];
	int n = w->nlanes;
	if (w->vb) { /* sm_70+: the lanes by state */
		dbg_volta_masks(d->out, d->x, w);
		return;
	}
	fprintf(d->out, "A     %s\n", dbg_mask(m, w->s.A, n));
	fprintf(d->out, "X     %s\n", dbg_mask(m, w->s.X, n));
	fprintf(d->out, "Dbrk  %s\n", dbg_mask(m, w->s.Dbrk, n));
	fprintf(d->out, "Dcont %s\n", dbg_mask(m, w->s.Dcont, n));
	fprintf(d->out, "Dret  %s\n", dbg_mask(m, w->s.Dret, n));
	for (int i = 0; i < w->s.nw; i++) {
		uint32_t pc = w->s.w[i].pc;
		fprintf(d->out, "W     branch 0x%04x mask %s depth %d\n", pc < (uint32_t)d->x->f->n ? d->x->f->insns[pc].addr : 0,
			dbg_mask(m, w->s.w[i].mask, n), w->s.w[i].depth);
	}
}

/* ---- info ---- */

void dbg_info_warps(dbg_session *d)
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
		uint32_t pc = dbg_shown_pc(d, w);
		uint32_t a = pc < (uint32_t)f->n ? f->insns[pc].addr : 0;
		char state[64];
		if (is_trap_warp(d, w))
			snprintf(state, sizeof state, "trapped");
		else if (w->state == EMU_W_DONE)
			snprintf(state, sizeof state, "finished");
		else if (w->state == EMU_W_BAR)
			snprintf(state, sizeof state, "waiting at barrier %d", w->bar_id);
		else
			snprintf(state, sizeof state, "running");
		char depth[32];
		if (w->vb) /* convergence barriers: the ready groups (the issuing one and the others) */
			snprintf(depth, sizeof depth, "groups %d", w->vb->ng + (w->s.A != 0));
		else
			snprintf(depth, sizeof depth, "depth %d", w->s.depth);
		fprintf(d->out, "%s warp %-3d pc 0x%04x  A=%s  %s  %s\n", i == d->focus_warp ? "*" : " ", i, a,
			dbg_mask(m, w->s.A, w->nlanes), depth, state);
	}
}

static void info_breaks(dbg_session *d)
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
	for (int i = 0; i < d->nwatches; i++) {
		const dbg_watch *wt = &d->watches[i];
		fprintf(d->out, "%d  watch ", wt->id);
		if (wt->kind == W_MEM)
			fprintf(d->out, "memory word at 0x%" PRIx64 "\n", wt->addr);
		else if (wt->kind == W_DEPTH)
			fprintf(d->out, "stack depth of CTA %d warp %d\n", wt->cta, wt->warp);
		else
			fprintf(d->out, "%c%d of CTA %d warp %d\n", wt->kind == W_PRED ? 'P' : 'R', wt->reg, wt->cta, wt->warp);
	}
}

static void info_buffers(dbg_session *d)
{
	const emu_gmem *g = &d->x->gmem;
	if (!g->n) {
		fprintf(d->out, "no buffers\n");
		return;
	}
	fprintf(d->out, "%-16s %-6s %10s  %s\n", "buffer", "type", "count", "address");
	for (int i = 0; i < g->n; i++) {
		const emu_buffer *b = &g->bufs[i];
		fprintf(d->out, "%-16s %-6s %10" PRIu64 "  0x%08" PRIx64 "\n", b->name, emu_type_name(b->type), b->count,
			b->addr);
	}
}

void dbg_cmd_info(dbg_session *d, int argc, char **argv)
{
	/* a topic by any prefix of its name; "b" is breakpoints (as in gdb) */
	static const char *const topics[] = {"breakpoints", "buffers", "warps"};
	int t = 2;
	if (argc > 1) {
		size_t n = strlen(argv[1]);
		for (t = 0; t < 3 && strncmp(argv[1], topics[t], n); t++)
			;
		if (t == 3 || argc > 2) {
			fprintf(d->out, "unknown info topic '%s' (info warps|breakpoints|buffers)\n", argv[argc > 2 && t < 3 ? 2 : 1]);
			return;
		}
	}
	if (t == 0)
		info_breaks(d);
	else if (t == 1)
		info_buffers(d);
	else
		dbg_info_warps(d);
}

/* ---- breakpoints and watches ---- */

static bool parse_op(const char *s)
{
	static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
	for (int i = 0; i < 6; i++)
		if (!strcmp(s, ops[i]))
			return true;
	return false;
}

void dbg_cmd_break(dbg_session *d, int argc, char **argv, bool temp)
{
	if (argc < 2) {
		fprintf(d->out, "usage: %s PC|LABEL|#I [if Rn|Pn OP VALUE [lane L]]\n", argv[0]);
		return;
	}
	int pc = dbg_pc(d, argv[1]);
	if (pc < 0)
		return;
	if (d->nbreaks == 64) {
		fprintf(d->out, "too many breakpoints (at most 64)\n");
		return;
	}
	dbg_break b = {.id = d->next_id, .pc = (uint32_t)pc, .temp = temp, .lane = -1};
	if (argc > 2) {
		bool pred;
		int r = 0;
		if ((argc != 6 && argc != 8) || strcmp(argv[2], "if") || (r = dbg_reg(d, argv[3], &pred, &b.reg)) == 0 ||
		    !parse_op(argv[4]) || (argc == 8 && strcmp(argv[6], "lane"))) {
			if (r >= 0)
				fprintf(d->out, "usage: %s PC|LABEL|#I if Rn|Pn OP VALUE [lane L] (OP: == != < <= > >=)\n",
					argv[0]);
			return;
		}
		if (r < 0 || !dbg_int(d, "value", argv[5], INT64_MIN, INT64_MAX, &b.value))
			return;
		if (argc == 8) {
			int64_t l;
			const emu_warp *w = dbg_focus(d);
			if (!dbg_int(d, "lane", argv[7], 0, (w ? w->nlanes : d->x->warp_size) - 1, &l))
				return;
			b.lane = (int)l;
		}
		b.has_cond = true;
		b.cond_pred = pred;
		snprintf(b.op, sizeof b.op, "%s", argv[4]);
	}
	d->next_id++;
	d->breaks[d->nbreaks++] = b;
	fprintf(d->out, "%sbreakpoint %d at 0x%04x\n", temp ? "temporary " : "", b.id, d->x->f->insns[pc].addr);
}

void dbg_cmd_delete(dbg_session *d, int argc, char **argv)
{
	if (argc < 2) {
		d->nbreaks = d->nwatches = 0;
		fprintf(d->out, "deleted every breakpoint and watch\n");
		return;
	}
	int64_t id;
	if (!dbg_int(d, "breakpoint number", argv[1], INT32_MIN, INT32_MAX, &id))
		return;
	for (int i = 0; i < d->nbreaks; i++)
		if (d->breaks[i].id == id) {
			d->breaks[i] = d->breaks[--d->nbreaks];
			fprintf(d->out, "deleted %d\n", (int)id);
			return;
		}
	for (int i = 0; i < d->nwatches; i++)
		if (d->watches[i].id == id) {
			d->watches[i] = d->watches[--d->nwatches];
			fprintf(d->out, "deleted %d\n", (int)id);
			return;
		}
	fprintf(d->out, "no breakpoint or watch %d\n", (int)id);
}

void dbg_watch_sample(dbg_session *d, dbg_watch *wt, uint32_t *vals, uint32_t *one)
{
	const emu_cta *c = d->x->cur_cta;
	const emu_warp *w = c && c->linear == wt->cta && wt->warp < c->nwarps ? &c->warps[wt->warp] : NULL;
	*one = 0;
	memset(vals, 0, 32 * sizeof *vals);
	switch (wt->kind) {
	case W_REG:
		if (w)
			for (int l = 0; l < w->nlanes; l++)
				vals[l] = dbg_reg_value(w, wt->reg, l, d->x->f);
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

void dbg_cmd_watch(dbg_session *d, int argc, char **argv)
{
	if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[1], "mem"))) {
		fprintf(d->out, "usage: watch Rn|Pn|mem ADDR|depth\n");
		return;
	}
	if (d->nwatches == 16) {
		fprintf(d->out, "too many watches (at most 16)\n");
		return;
	}
	dbg_watch wt = {.id = d->next_id, .cta = d->focus_cta, .warp = d->focus_warp};
	bool pred;
	int r;
	if (!strcmp(argv[1], "depth") && argc == 2)
		wt.kind = W_DEPTH;
	else if (!strcmp(argv[1], "mem") && argc == 3) {
		wt.kind = W_MEM;
		if (!dbg_gaddr(d, argv[2], &wt.addr))
			return;
		if (!emu_gmem_ptr(&d->x->gmem, wt.addr, 4)) {
			fprintf(d->out, "0x%" PRIx64 " is not a word of a buffer\n", wt.addr);
			return;
		}
	} else if ((r = dbg_reg(d, argv[1], &pred, &wt.reg)) > 0)
		wt.kind = pred ? W_PRED : W_REG;
	else {
		if (r == 0)
			fprintf(d->out, "usage: watch Rn|Pn|mem ADDR|depth\n");
		return;
	}
	dbg_watch_sample(d, &wt, wt.old, &wt.old1);
	wt.primed = true;
	d->next_id++;
	d->watches[d->nwatches++] = wt;
	fprintf(d->out, "watch %d set\n", wt.id);
}

bool dbg_watches_fired(dbg_session *d)
{
	bool fired = false;
	for (int i = 0; i < d->nwatches; i++) {
		dbg_watch *wt = &d->watches[i];
		uint32_t now[32], one;
		dbg_watch_sample(d, wt, now, &one);
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

/* ---- values ---- */

void dbg_cmd_regs(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	int regs[16], n = 0, lane = -1;
	for (int i = 1; i < argc; i++) {
		bool pred = false;
		int r = 0, k;
		if (!strcmp(argv[i], "lane") && i + 1 < argc) {
			if (!dbg_lane(d, w, argv[++i], &lane))
				return;
		} else if ((k = dbg_reg(d, argv[i], &pred, &r)) > 0 && !pred)
			regs[n++] = r;
		else {
			if (k >= 0)
				fprintf(d->out, "usage: regs [Rn ...] [lane L]\n");
			return;
		}
	}
	int total = n ? n : d->x->f->nregs;
	if (lane >= 0)
		fprintf(d->out, "lane %d of warp %d:\n", lane, w->id);
	for (int i = 0; i < total; i++) {
		int r = n ? regs[i] : i;
		char name[16];
		snprintf(name, sizeof name, "R%d", r);
		if (lane >= 0) {
			fprintf(d->out, "%-6s 0x%08x\n", name, dbg_reg_value(w, r, lane, d->x->f));
			continue;
		}
		/* runs of lanes holding one value: up to 4 on one line, else 8 lanes a line */
		int nruns = 0;
		for (int l = 0; l < w->nlanes; l++)
			nruns += !l || dbg_reg_value(w, r, l, d->x->f) != dbg_reg_value(w, r, l - 1, d->x->f);
		fprintf(d->out, "%-6s", name);
		if (nruns <= DBG_REG_RUNS) {
			for (int l = 0, k = 0; l < w->nlanes; l = k) {
				uint32_t v = dbg_reg_value(w, r, l, d->x->f);
				for (k = l + 1; k < w->nlanes && dbg_reg_value(w, r, k, d->x->f) == v; k++)
					;
				fprintf(d->out, "%s 0x%08x (lane%s %d", l ? "," : "", v, k - l > 1 ? "s" : "", l);
				if (k - l > 1)
					fprintf(d->out, "-%d", k - 1);
				fputc(')', d->out);
			}
			fputc('\n', d->out);
			continue;
		}
		for (int l = 0; l < w->nlanes; l++) {
			if (l % 8 == 0) {
				char lanes[32];
				snprintf(lanes, sizeof lanes, "%d-%d", l, l + 7 < w->nlanes ? l + 7 : w->nlanes - 1);
				fprintf(d->out, "%s %-6s", l ? "\n      " : "", lanes);
			}
			fprintf(d->out, " 0x%08x", dbg_reg_value(w, r, l, d->x->f));
		}
		fputc('\n', d->out);
	}
}

/* Lanes of mask m as ranges ("0-2,5,7-31"), at most size bytes. */
static char *lane_ranges(char *buf, size_t size, uint32_t m, int n)
{
	size_t k = 0;
	buf[0] = 0;
	for (int l = 0; l < n && k < size; l++) {
		if (!(m >> l & 1))
			continue;
		int e = l;
		while (e + 1 < n && (m >> (e + 1) & 1))
			e++;
		k += (size_t)snprintf(buf + k, size - k, e > l ? "%s%d-%d" : "%s%d", k ? "," : "", l, e);
		l = e;
	}
	return buf;
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

/* A word at offset o (text s) of a space of 'size' bytes, or NULL (said why). */
static const uint8_t *space_word(dbg_session *d, const uint8_t *base, uint64_t size, const char *what,
				 const char *s)
{
	int64_t o;
	if (!dbg_int(d, what, s, INT64_MIN, INT64_MAX, &o))
		return NULL;
	if (o < 0 || size < 4 || (uint64_t)o > size - 4) {
		fprintf(d->out, "%s %s is outside %s (%" PRIu64 " bytes)\n", what, s,
			strstr(what, "shared") ? "shared memory" : "the bank", size);
		return NULL;
	}
	return base + o;
}

void dbg_cmd_print(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	char fmt = 'x';
	const char *slash = strchr(argv[0], '/');
	if (slash)
		fmt = slash[1] && !slash[2] && strchr("xdf", slash[1]) ? slash[1] : 0;
	if (argc < 2 || argc > 4 || !fmt || (argc == 4 && strcmp(argv[2], "lane"))) {
		fprintf(d->out, "usage: print[/x|/d|/f] Rn|Pn|c[B][O]|smem[O] [[lane] L]\n");
		return;
	}
	int lane = -1;
	if (argc > 2 && !dbg_lane(d, w, argv[argc - 1], &lane))
		return;
	bool pred;
	int r, k;
	const char *n = argv[1];
	const emu_rt *rt = d->x->prog->rt;
	char buf[64], f[2][32];
	if (rt->reg_text && rt->reg_text(w, n, 0, fmt, buf, sizeof buf)) {
		/* a register of this generation (Tesla: condition and address registers) */
		for (int l = 0; l < w->nlanes; l++) {
			if (lane >= 0 ? l != lane : !(w->s.A >> l & 1))
				continue;
			fprintf(d->out, "lane %2d: %s\n", l, rt->reg_text(w, n, l, fmt, buf, sizeof buf));
		}
		return;
	}
	if ((k = dbg_reg(d, n, &pred, &r)) != 0) {
		if (k < 0)
			return;
		if (pred && lane < 0) { /* a predicate is a lane mask: one line */
			uint32_t m = w->p[r] & (w->nlanes < 32 ? (1u << w->nlanes) - 1 : ~0u);
			char lanes[160];
			fprintf(d->out, "P%d = 0x%08x  (%s%s true)\n", r, m, m ? (m & (m - 1) ? "lanes " : "lane ") : "no lane",
				lane_ranges(lanes, sizeof lanes, m, w->nlanes));
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
		return;
	}
	const uint8_t *p;
	if (dbg_brackets(n, "c", 2, f)) {
		int64_t b;
		if (!dbg_int(d, "constant bank", f[0], 0, EMU_NBANKS - 1, &b) ||
		    !(p = space_word(d, d->x->cbank[b], EMU_BANK_BYTES, "constant offset", f[1])))
			return;
	} else if (dbg_brackets(n, "smem", 1, f)) {
		if (!d->x->cur_cta) {
			fprintf(d->out, "no CTA is running\n");
			return;
		}
		if (!(p = space_word(d, d->x->cur_cta->smem, d->x->shared_bytes, "shared offset", f[0])))
			return;
	} else {
		fprintf(d->out, "cannot print '%s' (Rn, Pn, c[B][O] or smem[O])\n", n);
		return;
	}
	uint32_t v;
	memcpy(&v, p, 4);
	print_value(d, fmt, v);
	fputc('\n', d->out);
}

void dbg_cmd_mem(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	static const char usage[] = "usage: mem global|shared|local|const[B] ADDR [N]\n";
	if (argc < 3 || argc > 4) {
		fputs(usage, d->out);
		return;
	}
	const char *sp = argv[1];
	char f[1][32];
	const uint8_t *base = NULL;
	uint64_t size = 0;
	const char *space = sp;
	bool global = !strcmp(sp, "global");
	if (global)
		;
	else if (!strcmp(sp, "shared") || !strcmp(sp, "local")) {
		if (!d->x->cur_cta || (sp[0] == 'l' && !w)) {
			fprintf(d->out, "no current warp (CTA %d is not running)\n", d->focus_cta);
			return;
		}
		if (sp[0] == 's') {
			base = d->x->cur_cta->smem;
			size = d->x->shared_bytes;
			space = "shared memory";
		} else {
			base = d->x->cur_cta->lmem + (size_t)w->id * (size_t)d->x->warp_size * d->x->local_bytes;
			size = d->x->local_bytes;
			space = "local memory";
		}
	} else if (dbg_brackets(sp, "const", 1, f) || (!strncmp(sp, "const", 5) && sp[5] && !strchr(sp, '['))) {
		int64_t b;
		if (!dbg_int(d, "constant bank", sp[5] == '[' ? f[0] : sp + 5, 0, EMU_NBANKS - 1, &b))
			return;
		base = d->x->cbank[b];
		size = EMU_BANK_BYTES;
		space = "the bank";
	} else {
		fputs(usage, d->out);
		return;
	}
	uint64_t a;
	if (global ? !dbg_gaddr(d, argv[2], &a) : !dbg_u64(d, "offset", argv[2], &a))
		return;
	int64_t n = 8;
	if (argc > 3 && !dbg_int(d, "word count", argv[3], 1, DBG_MAX_WORDS, &n))
		return;
	if (a > UINT64_MAX - (4 * (uint64_t)n - 1)) {
		fprintf(d->out, "%" PRId64 " words from 0x%" PRIx64 " wrap around the address space\n", n, a);
		return;
	}
	for (int64_t i = 0; i < n; i++) {
		uint64_t at = a + 4 * (uint64_t)i;
		const uint8_t *p = NULL;
		if (global)
			p = emu_gmem_ptr(&d->x->gmem, at, 4);
		else if (size >= 4 && at <= size - 4)
			p = base + at;
		if (!p) {
			if (!global)
				fprintf(d->out, "%s0x%" PRIx64 ": outside %s (%" PRIu64 " bytes)\n", i % 4 ? "\n" : "", at, space,
					size);
			else
				fprintf(d->out, "%s0x%" PRIx64 ": not mapped\n", i % 4 ? "\n" : "", at);
			return;
		}
		uint32_t v;
		memcpy(&v, p, 4);
		if (i % 4 == 0)
			fprintf(d->out, "%s0x%08" PRIx64 ":", i ? "\n" : "", at);
		fprintf(d->out, " 0x%08x", v);
	}
	fputc('\n', d->out);
}

void dbg_cmd_list(dbg_session *d, const emu_warp *w, int argc, char **argv)
{
	const emu_func *f = d->x->f;
	int cur = w ? (int)dbg_shown_pc(d, w) : -1, at = cur < 0 ? 0 : cur;
	if (argc > 2) {
		fprintf(d->out, "usage: list [PC|LABEL|#I]\n");
		return;
	}
	if (argc > 1 && (at = dbg_pc(d, argv[1])) < 0)
		return;
	int from = at - 5 < 0 ? 0 : at - 5, to = at + 6 > f->n ? f->n : at + 6;
	for (int i = from; i < to; i++) {
		if (f->labels[i])
			fprintf(d->out, "%s:\n", f->labels[i]);
		bool bp = false;
		for (int k = 0; k < d->nbreaks; k++)
			bp |= d->breaks[k].pc == (uint32_t)i;
		fprintf(d->out, "%s%c /*%04x*/  %s\n", i == cur ? "=>" : "  ", bp ? '*' : ' ', f->insns[i].addr,
			f->insns[i].text);
	}
}

void dbg_cmd_focus(dbg_session *d, int argc, char **argv, bool cta)
{
	int64_t v;
	if (argc != 2) {
		fprintf(d->out, "usage: %s N\n", argv[0]);
		return;
	}
	if (!dbg_int(d, cta ? "CTA" : "warp", argv[1], INT64_MIN, INT64_MAX, &v))
		return;
	const emu_cta *c = d->x->cur_cta;
	if (!cta) {
		if (!c || v < 0 || v >= c->nwarps) {
			fprintf(d->out, "no warp %s in the running CTA\n", argv[1]);
			return;
		}
		int n = (int)v;
		d->focus_warp = n;
		fprintf(d->out, "warp %d of CTA %d\n", n, c->linear);
		dbg_show_row(d, &c->warps[n]);
		return;
	}
	uint64_t ncta = (uint64_t)d->x->grid[0] * d->x->grid[1] * d->x->grid[2];
	if (v < 0 || (uint64_t)v >= ncta) {
		fprintf(d->out, "no CTA %s (the grid has %" PRIu64 ")\n", argv[1], ncta);
		return;
	}
	int n = (int)v;
	if (c && n < c->linear) {
		fprintf(d->out, "CTA %d has finished (CTAs run one after another)\n", n);
		return;
	}
	d->focus_cta = n;
	d->focus_warp = 0;
	d->await_cta = !c || n != c->linear;
	if (c && n == c->linear)
		fprintf(d->out, "CTA %d, warp 0\n", n);
	else
		fprintf(d->out, "CTA %d has not started; step and continue stop when it does\n", n);
}
