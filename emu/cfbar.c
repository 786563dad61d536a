/* Convergence barriers with per-lane pcs: SPEC section 6.2, with the schedule and the
   barrier writes measured on an H100 (docs/volta.md, "How groups are scheduled, and the
   hardware's evidence"): the ready groups form a stack and the newest runs first (depth
   first: the parts of the latest split before older groups, the fall-through part before the
   taken one); BSSY, BMOV and .CLEAR write a barrier as a whole; a release takes the lanes of
   the barrier that wait, and lanes waiting on it that it no longer holds (an outer frame's,
   whose barrier a call saved) wait until their own barrier is back and complete. */
#include <stdio.h>
#include <string.h>

#include "emu/cfbar.h"

const char *cfb_status_text(cfb_status st)
{
	switch (st) {
	case CFB_OK: return "ok";
	case CFB_NO_BARRIER: return "convergence barrier out of range (B0-B15)";
	case CFB_BAD_TARGET: return "branch target is not an instruction";
	}
	return "?";
}

void cfb_init(cfb_state *v, simt_state *s, uint32_t valid, bool merge_pc)
{
	memset(v, 0, sizeof *v);
	v->valid = valid;
	v->merge_pc = merge_pc;
	v->max_groups = valid ? 1 : 0;
	s->A = valid;
	s->pc = 0;
}

/* A ready group goes on top of the stack of ready groups (it runs before the older ones);
   under --converge pc it merges with one at its pc instead. */
static void add_group(cfb_state *v, uint32_t pc, uint32_t mask)
{
	if (!mask)
		return;
	if (v->merge_pc)
		for (int i = 0; i < v->ng; i++)
			if (v->g[i].pc == pc) {
				v->g[i].mask |= mask;
				return;
			}
	v->g[v->ng++] = (cfb_group){pc, mask};
}

/* Waiting lanes m become ready: one group per pc they resume at; the group of the lowest
   lane ends on top (runs first), then the next lowest, and so on. */
static void release(cfb_state *v, uint32_t m)
{
	cfb_group parts[32];
	int np = 0;
	while (m) {
		int l = __builtin_ctz(m);
		uint32_t pc = v->lpc[l], same = 0;
		for (uint32_t r = m; r; r &= r - 1) {
			int k = __builtin_ctz(r);
			if (v->lpc[k] == pc)
				same |= 1u << k;
		}
		parts[np++] = (cfb_group){pc, same};
		m &= ~same;
	}
	while (np)
		add_group(v, parts[np - 1].pc, parts[np - 1].mask), np--;
}

/* Bn releases when it holds a waiting lane and every live lane of it waits: its waiting
   lanes go on together, and leave Bn. Lanes that wait on Bn but are not in it (their frame's
   barrier was saved by a call and Bn replaced) keep waiting. */
static void check_bar(cfb_state *v, int n)
{
	uint32_t m = v->bwait[n] & v->B[n];
	if (m && (v->B[n] & cfb_live(v) & ~v->bwait[n]) == 0) {
		v->bwait[n] &= ~m;
		v->B[n] &= ~m;
		release(v, m);
	}
}

/* Lanes in a WARPSYNC go on once every live lane of the mask they named waits in one. */
static void check_ws(cfb_state *v)
{
	uint32_t live = cfb_live(v), go = 0;
	for (uint32_t r = v->wswait; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if ((v->wsmask[l] & live & ~v->wswait) == 0)
			go |= 1u << l;
	}
	if (go) {
		v->wswait &= ~go;
		release(v, go);
	}
}

static void park(cfb_state *v, simt_state *s, uint32_t G, uint32_t next)
{
	for (uint32_t r = G; r; r &= r - 1)
		v->lpc[__builtin_ctz(r)] = next;
	s->A &= ~G;
}

int cfb_next(cfb_state *v, simt_state *s)
{
	if (s->A) {
		/* --converge pc: the issuing group has reached a pc where another waits: they merge */
		for (int i = 0; v->merge_pc && i < v->ng; i++)
			if (v->g[i].pc == s->pc) {
				s->A |= v->g[i].mask;
				memmove(&v->g[i], &v->g[i + 1], (size_t)(v->ng - i - 1) * sizeof v->g[0]);
				v->ng--;
				break;
			}
		return CFB_READY;
	}
	if (v->ng == 0) {
		uint32_t live = cfb_live(v);
		if (v->atbar && v->bar_arrived) { /* the CTA barrier released the warp */
			uint32_t m = v->atbar;
			v->atbar = 0;
			v->bar_arrived = false;
			release(v, m);
		} else if (v->atbar && v->atbar == live) {
			v->bar_arrived = true;
			return CFB_ARRIVED;
		} else
			return live ? CFB_STUCK : CFB_DONE;
	}
	if (v->ng > v->max_groups)
		v->max_groups = v->ng;
	v->ng--; /* the newest ready group */
	s->pc = v->g[v->ng].pc;
	s->A = v->g[v->ng].mask;
	return CFB_READY;
}

void cfb_branch(cfb_state *v, simt_state *s, uint32_t G, uint32_t next, uint32_t target)
{
	if (G == s->A) {
		s->pc = target;
		return;
	}
	if (G == 0) {
		s->pc = next;
		return;
	}
	add_group(v, target, G);
	add_group(v, next, s->A & ~G);
	s->A = 0; /* the fall-through part runs next, the taken part after it */
}

void cfb_scatter(cfb_state *v, simt_state *s, uint32_t G, uint32_t next, const uint32_t *targets, int nlanes)
{
	uint32_t left = s->A;
	int first = left ? __builtin_ctz(left) : -1;
	if (first < 0 || first >= nlanes)
		return;
	uint32_t t0 = G >> first & 1 ? targets[first] : next, all = 0;
	for (uint32_t r = left; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if ((G >> l & 1 ? targets[l] : next) == t0)
			all |= 1u << l;
	}
	if (all == left) { /* one target: no split */
		s->pc = t0;
		return;
	}
	for (uint32_t r = left; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		v->lpc[l] = G >> l & 1 ? targets[l] : next;
	}
	s->A = 0;
	release(v, left);
}

void cfb_exit(cfb_state *v, simt_state *s, uint32_t G)
{
	if (!G)
		return;
	v->exited |= G;
	s->A &= ~G;
	for (int n = 0; n < CFB_NBAR; n++) {
		v->B[n] &= ~G;
		check_bar(v, n);
	}
	check_ws(v);
}

void cfb_bssy(cfb_state *v, int n, uint32_t G)
{
	v->B[n] = G;
	check_bar(v, n);
}

void cfb_bsync(cfb_state *v, simt_state *s, int n, uint32_t G, uint32_t next)
{
	if (!G)
		return;
	if (!(v->bwait[n] & v->B[n]) && (v->B[n] & cfb_live(v) & ~G) == 0) {
		v->B[n] &= ~G; /* every lane of Bn is here: they go on together */
		return;
	}
	park(v, s, G, next);
	v->bwait[n] |= G;
	check_bar(v, n);
}

void cfb_break(cfb_state *v, int n, uint32_t G)
{
	v->B[n] &= ~G;
	check_bar(v, n);
}

void cfb_set(cfb_state *v, int n, uint32_t m)
{
	v->B[n] = m;
	check_bar(v, n);
}

void cfb_warpsync(cfb_state *v, simt_state *s, uint32_t m, uint32_t G, uint32_t next)
{
	if (!G)
		return;
	if (!v->wswait && (m & cfb_live(v) & ~G) == 0)
		return; /* every lane it names is here */
	for (uint32_t r = G; r; r &= r - 1)
		v->wsmask[__builtin_ctz(r)] = m;
	park(v, s, G, next);
	v->wswait |= G;
	check_ws(v);
}

void cfb_yield(cfb_state *v, simt_state *s)
{
	if (!s->A)
		return;
	/* forward progress: lanes waiting at a BSYNC that only the yielding group holds up go
	   on (a spinning group cannot keep the lanes it waits for waiting for it) */
	for (int n = 0; n < CFB_NBAR; n++) {
		uint32_t m = v->bwait[n] & v->B[n];
		if (m && (v->B[n] & cfb_live(v) & ~v->bwait[n] & ~s->A) == 0) {
			v->bwait[n] &= ~m;
			v->B[n] &= ~m;
			release(v, m);
		}
	}
	if (!v->ng)
		return;
	cfb_group me = {s->pc, s->A};
	s->A = 0;
	cfb_next(v, s); /* the newest of the others runs; the yielding group is next after it */
	add_group(v, me.pc, me.mask);
}

void cfb_bar(cfb_state *v, simt_state *s, uint32_t G, uint32_t next)
{
	park(v, s, G, next);
	v->atbar |= G;
}

static int add(char *buf, size_t n, int k, const char *fmt, uint32_t a, uint32_t b, uint32_t c)
{
	if (k < 0 || (size_t)k >= n)
		return k;
	return k + snprintf(buf + k, n - (size_t)k, fmt, a, b, c);
}

void cfb_stuck_text(const cfb_state *v, char *buf, size_t n)
{
	int k = snprintf(buf, n, "deadlock, no lane can go on (live %08x)", cfb_live(v));
	for (int b = 0; b < CFB_NBAR; b++)
		if (v->bwait[b])
			k = add(buf, n, k, "; B%u=%08x: lanes %08x wait at BSYNC", (uint32_t)b, v->B[b], v->bwait[b]);
	if (v->wswait)
		k = add(buf, n, k, "; lanes %08x wait in WARPSYNC (first names %08x)%.0u", v->wswait,
			v->wsmask[__builtin_ctz(v->wswait)], 0);
	if (v->atbar)
		k = add(buf, n, k, "; lanes %08x wait at a CTA barrier, lanes %08x never reach it%.0u", v->atbar,
			cfb_live(v) & ~v->atbar, 0);
}
