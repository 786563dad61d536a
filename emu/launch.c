/* Launching a grid: CTAs and their warps, barriers between warps, worker threads and the
   step budget they share (SPEC section 5). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "emu/cf_tokens.h"
#include "emu/interp.h"
#include "emu/lanes.h"
#include "emu/stats.h"
#include "emu/step.h"


/* ---- CTAs and the grid ---- */

/* The cluster barrier's phase completes when every warp that has not exited has arrived
   (emu/ops_sync.h); the warps waiting for it run again. */
void emu_cga_complete(emu_cta *c)
{
	for (int i = 0; i < c->nwarps; i++) {
		const emu_warp *v = &c->warps[i];
		if (v->state != EMU_W_DONE && v->cga_wait != c->cga_phase + 1)
			return;
	}
	c->cga_phase++;
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *v = &c->warps[i];
		if (v->state == EMU_W_CGA) {
			v->cga_wait = 0;
			v->state = EMU_W_RUN;
		}
	}
}

/* A trap leaves its warp for the hook to show (the state is still intact). */
static emu_status trapped(emu_ctx *x, emu_warp *w)
{
	if (x->hook && x->hook(x->hook_user, x, w, EMU_EV_TRAP, NULL))
		return EMU_QUIT;
	return EMU_TRAP;
}

static emu_status release_or_deadlock(emu_ctx *x, emu_cta *c)
{
	int id = -1;
	bool same = true;
	uint32_t count = 0, all = 0;
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		if (w->state != EMU_W_BAR)
			continue;
		if (id < 0)
			id = w->bar_id;
		else if (w->bar_id != id)
			same = false;
		count += w->bar_count;
		all += (uint32_t)__builtin_popcount(w->bar_mask);
	}
	if (!same) {
		char buf[700];
		int k = snprintf(buf, sizeof buf, "barrier deadlock: warps wait at different barriers:");
		for (int i = 0; i < c->nwarps && k < (int)sizeof buf - 80; i++) {
			emu_warp *w = &c->warps[i];
			if (w->state == EMU_W_BAR)
				k += snprintf(buf + k, sizeof buf - (size_t)k, " [warp %d pc 0x%04x A=%08x bar %d]",
					      w->id, w->bar_pc, cf_active(w), w->bar_id);
		}
		emu_trap_at(x, NULL, -1, NULL, "%s", buf);
		return trapped(x, NULL);
	}
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		if (w->state != EMU_W_BAR)
			continue;
		if (w->bar_dst != EMU_NO_REG) { /* a blend (bar_mask has no lane past nlanes) */
			uint32_t *d = w->r[w->bar_dst], m = w->bar_mask;
			for (int l = 0; l < 32; l++)
				d[l] = m >> l & 1 ? count : d[l];
		}
		w->bar_res = count; /* for B2R.RESULT */
		w->bar_all = all;
		w->state = EMU_W_RUN;
	}
	return EMU_OK;
}

static void setup_warps(emu_ctx *x, emu_cta *c, uint32_t (*regs)[32], simt_token *stacks, cfb_state *vbs)
{
	uint32_t nthreads = x->block[0] * x->block[1] * x->block[2];
	int rows = x->f->nregs + EMU_SINK_ROWS;
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		memset(w, 0, sizeof *w);
		w->id = i;
		uint32_t first = (uint32_t)i * (uint32_t)x->warp_size;
		uint32_t left = nthreads - first;
		w->nlanes = left < (uint32_t)x->warp_size ? (int)left : x->warp_size;
		w->valid = w->nlanes == 32 ? 0xffffffffu : (1u << w->nlanes) - 1;
		w->r = regs + (size_t)i * (size_t)rows;
		w->p[EMU_PT] = 0xffffffffu;
		cf_warp_init(w, stacks + (size_t)i * (size_t)x->stack_limit, x->stack_limit);
		if (vbs) { /* convergence barriers (SPEC 6.2): the warp starts as one group */
			w->vb = vbs + i;
			cfb_init(w->vb, &w->s, w->valid, x->converge_pc);
		}
		for (int l = 0; l < w->nlanes; l++) {
			uint32_t t = first + (uint32_t)l;
			w->tid[0][l] = t % x->block[0];
			w->tid[1][l] = t / x->block[0] % x->block[1];
			w->tid[2][l] = t / (x->block[0] * x->block[1]);
		}
	}
}

/* Straight runs (emu_insn.run): the loop issues the instructions of a run one after the
   other without the per-issue fetch tests, because none of them can change where the warp
   goes or stop it. Such an instruction has no generation steps and no .S flag, and its
   handler is a DO row (cannot fail) of a family whose bodies only compute lanes; of the
   control-flow family only NOP (S2R and CS2R read the clock, which the loop moves to a
   run's end at its start). A family not listed here (a new one
   included) never starts or continues a run, so its bodies need not know about them.
   A run may end with one instruction that changes where the warp goes (run_ender): with the
   token stack (sm_1x-6x) a straight one with .S, or a branch, SSY/PBK/PCNT, BRK/CONT or
   EXIT; with convergence barriers (sm_70+) a branch, BSSY, BSYNC, BREAK or EXIT; none with
   steps. It issues last, with the run's lanes like the others, and the loop hands its body
   its own pc and checks its status and .S as after any issue; whatever it does to the
   warp's lanes, pcs or groups, the loop's next fetch sees (so the loop goes through its
   full fetch only once per run, not twice: bench/divergent.sass, bench/alu70.sass). */
static bool straight_family(const char *fam, emu_handler h)
{
	static const char *const lanes_only[] = {"int", "logic", "float", "double", "half",
						 "cvt", "video", "warp", "uniform"};
	for (size_t i = 0; i < sizeof lanes_only / sizeof lanes_only[0]; i++)
		if (!strcmp(fam, lanes_only[i]))
			return true;
	return !strcmp(fam, "ctl") && h == EMU_H_NOP;
}

/* Whether a row's call names the loop's local `name` (a whole word): a body given pm (the
   guard's lanes, VOTEU's) or pc is outside runs, whose later issues keep neither. */
static bool reads_local(const char *how, const char *name)
{
	size_t k = strlen(name);
	for (const char *p = strstr(how, name); p; p = strstr(p + 1, name)) {
		bool before = p == how || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool after = !(isalnum((unsigned char)p[k]) || p[k] == '_');
		if (before && after)
			return true;
	}
	return false;
}

static void straight_handlers(bool *ok)
{
	/* each row in order: its family and whether it is a DO row; an HS row shares the body
	   (so the answer) of the next H row */
	static const struct {
		emu_handler h;
		const char *fam;
		signed char kind; /* 1 DO, 0 another form or a base, -1 the next row's */
		const char *how;  /* the call, as written */
	} rows[] = {
#define DO(call) 1
#define TRAPS(call) 0
#define CF(call) 0
#define RUNS(call) 0
#define H(n, fam, how) {EMU_H_##n, #fam, how, #how},
#define HS(n, fam) {EMU_H_##n, #fam, -1, ""},
#define HB(n, fam) {EMU_H_##n, #fam, 0, ""},
#include "emu/handlers.def"
#undef H
#undef HS
#undef HB
#undef DO
#undef TRAPS
#undef CF
#undef RUNS
	};
	int n = (int)(sizeof rows / sizeof rows[0]);
	bool next = false;
	memset(ok, 0, EMU_NHANDLERS * sizeof *ok);
	for (int i = n - 1; i >= 0; i--) {
		bool v = rows[i].kind < 0 ? next
					  : rows[i].kind == 1 && straight_family(rows[i].fam, rows[i].h) &&
						    !reads_local(rows[i].how, "pm") && !reads_local(rows[i].how, "pc");
		ok[rows[i].h] = v;
		if (rows[i].kind >= 0)
			next = v;
	}
}

/* Decode-time specialisation of the launch's copy of the code: a handler replaced by one
   that computes the same for this instruction's operands with fewer tests. */
static void specialise(emu_insn *in)
{
	const emu_src *s = in->s;
	if (in->h == EMU_H_IMAD && !in->sub3 && !in->x_in && !in->cc_out && !s[0].neg && !s[1].neg &&
	    !s[2].neg && !s[2].inv)
		in->h = EMU_H_IMAD_LO;
	else if (in->h == EMU_H_IMAD_P && !in->sub && !(in->sub3 & EMU_PC_ON) && in->d2 == EMU_PT_SINK &&
		 !s[2].xor_ && !s[2].add && !s[2].iabs)
		in->h = EMU_H_IMAD_LO; /* sm_70+: the low word without a carry in or out (vraw reads c as vsrc does) */
	else if (in->h == EMU_H_IADD3_P && !(in->sub & EMU_PC_ON) && !(in->sub3 & EMU_PC_ON) &&
		 in->d2 == EMU_PT_SINK && in->sub2 == EMU_PT_SINK && !s[0].neg && !s[0].inv && !s[1].neg &&
		 !s[1].inv && !s[2].neg && !s[2].inv)
		/* c zero: RZ (an immediate 0) or any constant that is 0 for the launch */
		in->h = s[2].vec && s[2].vec[0] == 0 ? EMU_H_IADD3_ADD2 : EMU_H_IADD3_ADD;
	else if (in->h == EMU_H_XMAD && !in->sign && !in->x_in && !in->cc_out &&
		 !(in->sub & (EMU_XMAD_MRG | EMU_XMAD_CHI | EMU_XMAD_CLO)))
		in->h = EMU_H_XMAD_U;
	else if ((in->h == EMU_H_LOP3 && !in->sub3) || (in->h == EMU_H_LOP3_P && in->d2 == EMU_PT_SINK)) {
		/* a table that ignores c (its bits for c = 1 equal those for c = 0) and is a & b,
		   a | b, a ^ b or b: LOP's body for that function (both read a and b the same way) */
		unsigned t = in->lut;
		if (((t >> 1) & 0x55u) == (t & 0x55u)) {
			if (t == 0xc0)
				in->h = EMU_H_LOP_AND;
			else if (t == 0xfc)
				in->h = EMU_H_LOP_OR;
			else if (t == 0x3c)
				in->h = EMU_H_LOP_XOR;
			else if (t == 0xcc)
				in->h = EMU_H_LOP_PASSB;
		}
	}
}

/* The last instruction a run may have (see above): control flow of the model that the loop
   checks after the issue (its status, .S), nothing that calls, reads pm or returns from the
   loop. (BSYNC may park the lanes: the next fetch finds another group or none, as after any
   issue of it.) */
static bool run_ender(const emu_insn *in, const bool *ok, bool barriers)
{
	if (in->steps || in->h >= EMU_NHANDLERS)
		return false;
	if (barriers) {
		switch (in->h) {
		case EMU_H_BRA: case EMU_H_BRA_P: case EMU_H_BSSY: case EMU_H_BSYNC: case EMU_H_BREAK:
		case EMU_H_EXIT:
			return true;
		default:
			return false;
		}
	}
	if (ok[in->h]) /* straight, with .S */
		return true;
	switch (in->h) {
	case EMU_H_BRA: case EMU_H_SSY: case EMU_H_PBK: case EMU_H_PCNT: case EMU_H_BRK:
	case EMU_H_CONT: case EMU_H_EXIT:
		return true;
	default:
		return false;
	}
}

/* Each instruction's straight run: the straight instructions from it on, with the
   instruction that ends it (0: not one). */
static void mark_runs(emu_insn *code, int n, bool barriers)
{
	bool ok[EMU_NHANDLERS];
	straight_handlers(ok);
	unsigned after = 0;
	for (int i = n - 1; i >= 0; i--) {
		emu_insn *in = &code[i];
		specialise(in);
		unsigned r = !in->steps && !in->sflag && in->h < EMU_NHANDLERS && ok[in->h] ? 1 + after : 0;
		if (!r && run_ender(in, ok, barriers))
			r = 1; /* a run of its own, or the end of the one before */
		in->run = (uint8_t)(r > 255 ? 255 : r);
		/* a run goes on past no ender */
		after = r && (in->sflag || !ok[in->h]) ? 1 : in->run;
	}
}

/* Operands that are the same in every lane for the whole launch (immediates, and the
   constant banks, which nothing writes during a launch) become lane vectors once here,
   so that handlers read them like registers. */
static void bind_operands(emu_ctx *x)
{
	const emu_func *f = x->f;
	x->code = malloc(sizeof *x->code * (size_t)(f->n ? f->n : 1));
	x->vecs = malloc(sizeof *x->vecs * 4 * (size_t)(f->n ? f->n : 1));
	if (!x->code || !x->vecs) {
		free(x->code);
		free(x->vecs);
		x->code = NULL;
		x->vecs = NULL;
		return;
	}
	memcpy(x->code, f->insns, sizeof *x->code * (size_t)f->n);
	for (int i = 0; i < f->n; i++)
		for (int k = 0; k < 4; k++) {
			emu_src *s = &x->code[i].s[k];
			s->rawreg = s->kind == SRC_REG && s->and_ == 0xffffffffu && !s->shr && !s->sx;
			s->plain = s->rawreg && !s->xor_ && !s->add && !s->iabs;
			if (s->kind != SRC_IMM && s->kind != SRC_CONST)
				continue;
			uint32_t v = uniform_src(x, s);
			uint32_t *vec = x->vecs[4 * i + k];
			for (int l = 0; l < 32; l++)
				vec[l] = v;
			s->vec = vec;
		}
	mark_runs(x->code, f->n, x->prog->rt->model == EMU_CF_BARRIERS);
}

static emu_cta_stats stats_now(const emu_ctx *x)
{
	stats_totals t = stats_total(x);
	return (emu_cta_stats){.warp = t.warp, .thread = t.thread, .active = t.active, .predoff = t.predoff};
}

/* A launch on one thread that can stop between two issues and go on (emu/step.h): the
   CTA being run, its warps' storage, and the round-robin position. */
typedef struct emu_run {
	emu_ctx *x;
	emu_cta c;
	uint32_t (*regs)[32];
	simt_token *stacks;
	cfb_state *vbs;      /* per warp, where the generation has convergence barriers */
	run_result (*run_warp)(emu_ctx *, emu_cta *, emu_warp *); /* the loop of its model */
	size_t rows;
	uint32_t ncta;
	int wi;              /* the warp whose turn it is */
	bool live;           /* c holds a CTA that has not finished */
	bool uses_local;
	bool over;           /* ended: every CTA finished, or a trap */
	emu_cta_stats before;
} emu_run;

static emu_status run_open(emu_run *r, emu_ctx *x)
{
	memset(r, 0, sizeof *r);
	r->x = x;
	uint32_t nthreads = x->block[0] * x->block[1] * x->block[2];
	r->ncta = x->grid[0] * x->grid[1] * x->grid[2];
	emu_cta *c = &r->c;
	c->nwarps = (int)((nthreads + (uint32_t)x->warp_size - 1) / (uint32_t)x->warp_size);
	r->rows = (size_t)(x->f->nregs + EMU_SINK_ROWS);
	r->regs = malloc(sizeof *r->regs * r->rows * (size_t)c->nwarps);
	r->stacks = malloc(sizeof *r->stacks * (size_t)x->stack_limit * (size_t)c->nwarps);
	c->warps = malloc(sizeof *c->warps * (size_t)c->nwarps);
	bool barriers = x->prog->rt->model == EMU_CF_BARRIERS;
	r->run_warp = barriers ? emu_run_warp_barrier : emu_run_warp;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
	/* SIMTEMU_NO_AVX2 (any value): the portable loop, so that a test can check both */
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && !getenv("SIMTEMU_NO_AVX2"))
		r->run_warp = barriers ? emu_run_warp_barrier_avx2 : emu_run_warp_avx2;
#endif
	if (barriers && !(r->vbs = malloc(sizeof *r->vbs * (size_t)c->nwarps))) {
		snprintf(x->trap.msg, sizeof x->trap.msg, "out of host memory for the launch");
		r->over = true;
		return EMU_TRAP;
	}
	c->smem = calloc(x->shared_bytes ? x->shared_bytes : 1, 1); /* then cleared as far as used */
	c->slock = calloc(x->shared_bytes / 4 + 1, sizeof *c->slock);
	c->lmem = malloc((size_t)x->local_bytes * nthreads + 1);
	if (!r->regs || !r->stacks || !c->warps || !c->smem || !c->slock || !c->lmem) {
		snprintf(x->trap.msg, sizeof x->trap.msg, "out of host memory for the launch");
		r->over = true;
		return EMU_TRAP;
	}
	for (int i = 0; i < x->f->n; i++)
		r->uses_local |= (x->code[i].h == EMU_H_LD || x->code[i].h == EMU_H_ST) &&
				 x->code[i].sub3 == EMU_SP_LOCAL;
	return EMU_OK;
}

static void run_close(emu_run *r)
{
	if (r->x)
		r->x->cur_cta = NULL;
	free(r->regs);
	free(r->stacks);
	free(r->vbs);
	free(r->c.warps);
	free(r->c.smem);
	free(r->c.slock);
	free(r->c.lmem);
	memset(r, 0, sizeof *r);
}

/* Take the next CTA from the pool and set it up; false when none is left. */
static bool cta_begin(emu_run *r, emu_status *st)
{
	emu_ctx *x = r->x;
	emu_cta *c = &r->c;
	uint32_t lin = __atomic_fetch_add(&x->pool->next_cta, 1, __ATOMIC_RELAXED);
	if (lin >= r->ncta || __atomic_load_n(&x->pool->stop, __ATOMIC_RELAXED))
		return false;
	uint32_t nthreads = x->block[0] * x->block[1] * x->block[2];
	c->ctaid[0] = lin % x->grid[0];
	c->ctaid[1] = lin / x->grid[0] % x->grid[1];
	c->ctaid[2] = lin / (x->grid[0] * x->grid[1]);
	c->linear = (int)lin;
	c->steps0 = x->steps;
	memset(r->regs, 0, sizeof *r->regs * r->rows * (size_t)c->nwarps);
	memset(c->smem, 0, c->smem_hw); /* what the CTAs before touched (emu_smem_note) */
	memset(c->slock, 0, c->slock_hw * sizeof *c->slock);
	c->smem_hw = c->slock_hw = 0;
	c->cga_phase = 0;
	if (r->uses_local) /* only LDL/STL reach local memory */
		memset(c->lmem, 0, (size_t)x->local_bytes * nthreads);
	x->cur_cta = c;
	setup_warps(x, c, r->regs, r->stacks, r->vbs);
	if (x->prog->rt->cta_init && !x->prog->rt->cta_init(x, c)) { /* it says why in x->trap */
		*st = EMU_TRAP;
		return false;
	}
	r->before = x->cta_stats ? stats_now(x) : (emu_cta_stats){0};
	r->live = true;
	r->wi = 0;
	return true;
}

static void cta_end(emu_run *r)
{
	emu_ctx *x = r->x;
	if (x->cta_stats) { /* this worker's counts grew by exactly this CTA's */
		emu_cta_stats after = stats_now(x), b = r->before;
		x->cta_stats[r->c.linear] = (emu_cta_stats){after.warp - b.warp, after.thread - b.thread,
							     after.active - b.active, after.predoff - b.predoff};
	}
	if (x->pool)
		__atomic_fetch_add(&x->pool->ctas_done, 1, __ATOMIC_RELAXED);
	r->live = false;
}

/* Run until the end, a trap, a hook's quit, or (with x->until) a stop condition. Each
   CTA's warps take turns, each until it finishes or waits at a barrier (SPEC section 5). */
static emu_stop run_go(emu_run *r, emu_status *st)
{
	emu_ctx *x = r->x;
	*st = EMU_OK;
	if (r->over)
		return x->trap.msg[0] ? EMU_STOP_TRAP : EMU_STOP_END;
	for (;;) {
		if (!r->live && !cta_begin(r, st))
			break;
		emu_cta *c = &r->c;
		for (; r->wi < c->nwarps; r->wi++) {
			emu_warp *w = &c->warps[r->wi];
			if (w->state != EMU_W_RUN)
				continue;
			x->cur_warp = r->wi;
			run_result rr = r->run_warp(x, c, w);
			if (rr == RUN_STOP)
				return x->stop_reason;
			if (rr == RUN_TRAP) {
				*st = trapped(x, w);
				goto stopped;
			}
			if (rr == RUN_QUIT) {
				*st = EMU_QUIT;
				goto stopped;
			}
		}
		r->wi = 0;
		int waiting = 0, ready = 0, cga = 0;
		for (int i = 0; i < c->nwarps; i++) {
			waiting += c->warps[i].state == EMU_W_BAR;
			ready += c->warps[i].state == EMU_W_RUN; /* yielded its turn */
			cga += c->warps[i].state == EMU_W_CGA;
		}
		if (ready)
			continue;
		if (cga) { /* warps that exited without arriving may have completed the phase */
			emu_cga_complete(c);
			for (int i = 0; i < c->nwarps; i++)
				ready += c->warps[i].state == EMU_W_RUN;
			if (ready)
				continue;
			emu_trap_at(x, NULL, -1, NULL, "barrier deadlock: %d warps wait for the cluster barrier, "
				    "%d at a CTA barrier", cga, waiting);
			*st = trapped(x, NULL);
			goto stopped;
		}
		if (!waiting) {
			cta_end(r);
			continue;
		}
		*st = release_or_deadlock(x, c);
		if (*st != EMU_OK)
			goto stopped;
		if (x->until && x->until->barrier) {
			x->stop_reason = EMU_STOP_BARRIER;
			return EMU_STOP_BARRIER;
		}
	}
	if (*st == EMU_OK && x->hook && x->hook(x->hook_user, x, NULL, EMU_EV_END, NULL))
		*st = EMU_QUIT;
stopped:
	if (r->live && x->cta_stats)
		cta_end(r);
	if (*st != EMU_OK)
		__atomic_store_n(&x->pool->stop, 1, __ATOMIC_RELAXED);
	r->over = true;
	return *st == EMU_OK ? EMU_STOP_END : *st == EMU_QUIT ? EMU_STOP_QUIT : EMU_STOP_TRAP;
}

/* Run CTAs taken from the pool until none is left, one after another on this thread. */
static emu_status run_ctas(emu_ctx *x)
{
	emu_run r;
	emu_status st = run_open(&r, x);
	if (st == EMU_OK)
		run_go(&r, &st);
	run_close(&r);
	return st;
}

/* Each worker on its own cache lines: its context's last fields (cur_cta and cur_warp,
   written at every warp's turn) were on the line of the next worker's first ones (prog
   and f, read at every turn), so kernels with barriers (many short turns) moved that line
   between the cores on every turn. */
typedef struct {
	_Alignas(64) emu_ctx ctx; /* the worker's own copy: CTA state, statistics, steps, trap */
	pthread_t th;
	emu_status st;
} emu_worker;

static void *worker_main(void *arg)
{
	emu_worker *wk = arg;
	wk->st = run_ctas(&wk->ctx);
	return NULL;
}

/* CTAs on jobs threads; statistics are summed per CTA, so totals do not depend on jobs. */
static emu_status run_parallel(emu_ctx *x, int jobs)
{
	emu_worker *wk = aligned_alloc(_Alignof(emu_worker), (size_t)jobs * sizeof *wk);
	if (!wk)
		return run_ctas(x);
	memset(wk, 0, (size_t)jobs * sizeof *wk);
	int started = 0;
	for (int i = 0; i < jobs; i++) {
		wk[i].ctx = *x;
		emu_stats_init(&wk[i].ctx.stats, x->f->n);
		wk[i].ctx.steps = wk[i].ctx.max_steps = 0;
		wk[i].ctx.trap.msg[0] = 0;
		if (pthread_create(&wk[i].th, NULL, worker_main, &wk[i]) == 0)
			started++;
		else {
			emu_stats_free(&wk[i].ctx.stats);
			break;
		}
	}
	emu_status st = started ? EMU_OK : run_ctas(x);
	for (int i = 0; i < started; i++) {
		pthread_join(wk[i].th, NULL);
		const emu_stats *ws = &wk[i].ctx.stats;
		for (int k = 0; k < x->f->n; k++) {
			x->stats.pc[k].warp += ws->pc[k].warp;
			x->stats.pc[k].thread += ws->pc[k].thread;
			x->stats.pc[k].active += ws->pc[k].active;
			x->stats.pc[k].predoff += ws->pc[k].predoff;
		}
		x->stats.divergent += ws->divergent;
		x->stats.fell_off += ws->fell_off;
		if (ws->max_depth > x->stats.max_depth)
			x->stats.max_depth = ws->max_depth;
		x->steps += wk[i].ctx.steps;
		/* the trap of the lowest CTA, as a run on one thread reports: every lower CTA had
		   been taken from the pool when it trapped, and ran to its end */
		if (wk[i].st != EMU_OK && (st == EMU_OK || wk[i].ctx.trap.cta < x->trap.cta)) {
			st = wk[i].st;
			memcpy(&x->trap, &wk[i].ctx.trap, sizeof x->trap);
		}
		emu_stats_free(&wk[i].ctx.stats);
	}
	free(wk);
	return st;
}

/* What every launch does first: operands bound, host facts, the step budget's pool. */
static bool launch_prepare(emu_ctx *x, emu_pool *pool)
{
	bind_operands(x);
	if (!x->code) {
		snprintf(x->trap.msg, sizeof x->trap.msg, "out of host memory for the launch");
		return false;
	}
	x->fma_hw = __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx");
	for (int v = 0; v < 256; v++)
		for (int b = 0; b < 8; b++)
			x->lane_masks[v][b] = (v >> b & 1) ? 0xffffffffu : 0;
	*pool = (emu_pool){.budget = x->max_steps};
	x->trap.warp = -1;
	x->pool = pool;
	x->max_steps_total = x->max_steps;
	x->max_steps = x->steps; /* budget comes from the pool in chunks */
	return true;
}

static void launch_finish(emu_ctx *x)
{
	x->pool = NULL;
	x->max_steps = x->max_steps_total;
	free(x->code);
	free(x->vecs);
	x->code = NULL;
	x->vecs = NULL;
}

emu_status emu_launch(emu_ctx *x)
{
	emu_pool pool;
	if (!launch_prepare(x, &pool))
		return EMU_TRAP;
	uint32_t ncta = x->grid[0] * x->grid[1] * x->grid[2];
	int jobs = x->hook ? 1 : x->jobs; /* trace follows one thread */
	for (int i = 0; i < x->f->n && jobs > 1; i++)
		if (x->code[i].h == EMU_H_PRINTF) /* printf's lines come in CTA, warp, lane order */
			jobs = 1;
	if (jobs > (int)ncta)
		jobs = (int)ncta;
	emu_status st = jobs > 1 ? run_parallel(x, jobs) : run_ctas(x);
	launch_finish(x);
	return st;
}

/* ---- the step API (emu/step.h) ---- */

struct emu_stepper {
	emu_run run;
	emu_pool pool;
	emu_status st;
};

emu_stepper *emu_step_start(emu_ctx *x)
{
	emu_stepper *sp = calloc(1, sizeof *sp);
	if (!sp)
		return NULL;
	x->until = NULL;
	if (!launch_prepare(x, &sp->pool)) {
		sp->run.over = true;
		sp->st = EMU_TRAP;
		return sp;
	}
	sp->st = run_open(&sp->run, x);
	return sp;
}

emu_stop emu_step_until(emu_stepper *sp, emu_ctx *x, const emu_until *u)
{
	if (sp->run.over || !sp->run.x)
		return sp->st == EMU_OK ? EMU_STOP_END : sp->st == EMU_QUIT ? EMU_STOP_QUIT : EMU_STOP_TRAP;
	x->until = u;
	x->resumed = true;
	emu_stop why = run_go(&sp->run, &sp->st);
	x->until = NULL;
	return why;
}

const emu_warp *emu_step_warp(const emu_stepper *sp)
{
	const emu_run *r = &sp->run;
	if (!r->x || !r->live || r->wi >= r->c.nwarps)
		return NULL;
	return &r->c.warps[r->wi];
}

void emu_step_free(emu_stepper *sp, emu_ctx *x)
{
	if (!sp)
		return;
	if (sp->run.x)
		run_close(&sp->run);
	if (x->code)
		launch_finish(x);
	free(sp);
}
