/* The interpreter loop, compiled once per control-flow model (emu/cf.h): emu/interp_tokens.c
   includes it after emu/cf_tokens.h, emu/interp_barrier.c after emu/cf_barrier.h, each
   naming the function EMU_RUN_WARP. It runs one warp over the decoded program until the
   warp ends, waits at a barrier or traps (SPEC sections 6, 6.2 and 7); the operation
   bodies are in emu/ops_*.h. */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/interp.h"
#include "emu/lanes.h"
#include "emu/stats.h"

/* Dispatch: one set of operation bodies, built as a switch or (make DISPATCH=goto, the
   default where the compiler has labels as values) as computed goto. */
#ifndef EMU_DISPATCH_GOTO
#if defined(__GNUC__) || defined(__clang__)
#define EMU_DISPATCH_GOTO 1
#else
#define EMU_DISPATCH_GOTO 0
#endif
#endif
#if EMU_DISPATCH_GOTO
#define VM_DISPATCH(h) goto *vm_jump[(h)];
#define VM_CASE(name) vm_##name:
#define VM_BREAK goto vm_done
#define VM_DEFAULT vm_unresolved:
#define VM_END vm_done:;
#else
#define VM_DISPATCH(h) switch ((emu_handler)(h))
#define VM_CASE(name) case EMU_H_##name:
#define VM_BREAK break
#define VM_DEFAULT default:
#define VM_END
#endif

/* the operation bodies, one file per family (emu/handlers.def) */
#include "emu/ops.h"
#include "emu/ops_int.h"
#include "emu/ops_logic.h"
#include "emu/ops_float.h"
#include "emu/ops_double.h"
#include "emu/ops_half.h"
#include "emu/ops_cvt.h"
#include "emu/ops_video.h"
#include "emu/ops_mem.h"
#include "emu/ops_printf.h"
#include "emu/ops_warp.h"
#include "emu/ops_uniform.h"
#include "emu/ops_ctl.h"
#include "emu/ops_tex.h"
#include "emu/ops_sync.h"

/* ---- the warp loop ---- */

/* The loop proper; EMU_RUN_WARP below adds what needs doing once per call. What an issue
   costs besides its operation is kept to a few loads and tests (issue 18): the code, its
   length and the per-instruction counts are locals, the debugger's and the stepper's tests
   are one test of a local while neither is attached, the deepest stack is taken at the
   end of the call instead of at every issue. */
#define EMU_RUN_WARP_LOOP EMU_CAT(EMU_RUN_WARP, _loop)
#define EMU_CAT(a, b) EMU_CAT_(a, b)
#define EMU_CAT_(a, b) a##b
static __attribute__((noinline)) run_result EMU_RUN_WARP_LOOP(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	const emu_func *f = x->f;
	emu_stats *stats = &x->stats;
	emu_pcstat *const pcs = stats->pc;
	emu_runstat *const runs = stats->run;
	const emu_insn *const code = x->code;
	const uint32_t ninsns = (uint32_t)f->n;
	/* a hook or a stop condition attached: set for the whole call (a hook may attach a stop
	   condition, but only while there is a hook) */
	const bool watched = x->hook || x->until;
	(void)cta; /* the CTA's clock is x->steps - cta->steps0 */
	/* the last instruction of the straight run being issued (emu_insn.run): up to it, the
	   next issue is the next instruction with the same lanes, and the fetch tests are done */
	const emu_insn *last = code;
#if EMU_DISPATCH_GOTO
	static const void *const vm_jump[EMU_NHANDLERS] = {
#define H(n, fam, how) &&vm_##n,
#define HS(n, fam) &&vm_##n,
#define HB(n, fam) &&vm_unresolved,
#include "emu/handlers.def"
#undef H
#undef HS
#undef HB
	};
#endif
	for (;;) {
		int nx = cf_next(x, w);
		if (nx != CF_READY) {
			if (nx == CF_QUIT)
				return RUN_QUIT;
			if (nx == CF_DONE) {
				w->state = EMU_W_DONE;
				return RUN_DONE;
			}
			if (nx == CF_ARRIVED) { /* the last of its lanes reached the CTA barrier */
				w->state = EMU_W_BAR;
				return RUN_BAR;
			}
			char why[600];
			cf_stuck_text(w, why, sizeof why);
			emu_trap_at(x, w, -1, NULL, "warp %d: %s", w->id, why);
			x->trap.warp = w->id;
			return RUN_TRAP;
		}
		uint32_t pc = cf_pc(w);
		if (pc >= ninsns) { /* ran past the end: those lanes end (run warns: a listing cut off?) */
			stats->fell_off++;
			cf_exit(w, cf_active(w));
			continue;
		}
		const emu_insn *in = &code[pc];
		const unsigned steps = in->steps;
		if (steps & EMU_STEP_FETCH) { /* e.g. Tesla's join: reconverge before issuing */
			simt_token t;
			int r = x->prog->rt->fetch(w, pc, &t);
			if ((r & EMU_FETCH_POPPED) && x->hook && x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
				return RUN_QUIT;
			if (r & EMU_FETCH_AGAIN)
				continue;
		}
		if (watched && x->until && emu_until_hit(x, pc))
			return RUN_STOP;
		if (x->steps >= x->max_steps) {
			int b = emu_take_budget(x);
			if (b < 0) {
				emu_trap_at(x, w, -1, in, "interrupted");
				x->trap.kind = EMU_TRAP_INTERRUPT;
				return RUN_TRAP;
			}
			if (b == 0) {
				emu_trap_at(x, w, -1, in, "step budget exhausted (--max-steps %llu)",
					    (unsigned long long)x->max_steps_total);
				x->trap.kind = EMU_TRAP_BUDGET;
				return RUN_TRAP;
			}
		}
		if (watched && x->hook && x->hook(x->hook_user, x, w, EMU_EV_ISSUE, NULL))
			return RUN_QUIT;
		x->steps++;
		uint32_t A = cf_active(w);
		/* a straight run starts: its issues need no fetch tests (the budget covers them all,
		   nothing watches, and the model keeps the issue: emu/launch.c's mark_runs). Nothing
		   in it reads the step count or the model's pc, so both move to its end at once. */
		last = in;
		uint32_t next = pc + 1;
		const uint32_t nA = popc32(A);
		uint32_t pm = w->p[in->guard] ^ -(uint32_t)in->guard_neg;
		if (steps & EMU_STEP_GUARD)
			pm = x->prog->rt->guard(x, w, pc);
		uint32_t G = A & pm;
		/* guarded (the instruction has a guard): a macro, evaluated only by the bodies that
		   ask (GCC did not sink the variable there: about 10 host instructions per issue) */
#define guarded (in->guard != EMU_PT || in->guard_neg || (in->steps & EMU_STEP_GUARD))
		emu_pcstat *ps = &pcs[pc];
		if (in->run > 1 && !watched && A && x->max_steps - x->steps >= in->run - 1u && cf_straight(w)) {
			last = in + in->run - 1u;
			next = pc + in->run;
			x->steps += in->run - 1u;
			/* counted once per entry: every instruction of the run issues once with these
			   A lanes (no body of a run can stop it), so the warp and thread counts, and an
			   unguarded one's active count, are added per instruction at the end of the call
			   (run_flush); a guarded one counts its active lanes per issue */
			emu_runstat *rs = &runs[pc];
			if (!rs->entries++)
				stats->dirty[stats->ndirty++] = pc;
			rs->threads += nA;
			if (in->guard != EMU_PT || in->guard_neg) {
				ps->active += (uint64_t)popc32(G);
				ps->predoff += G == 0;
			}
			pc = next - 1; /* the run's last, which alone may read it (emu/launch.c) */
		} else {
			ps->warp++;
			ps->thread += nA;
			ps->active += (uint64_t)popc32(G);
			ps->predoff += G == 0;
		}
		if (steps & EMU_STEP_UNIFORM) /* one value for the whole warp */
			G = G ? w->valid : 0;
		cf_fall(w, next);
		cf_status st = CF_OK;
		emu_fault fault;
		if ((steps & EMU_STEP_PRE) && x->prog->rt->pre(x, w, pc, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
	vm_issue:
		VM_DISPATCH(in->h) {
/* every case from its row of emu/handlers.def */
#define DO(call) call;
#define TRAPS(call) if (!(call)) return RUN_TRAP;
#define CF(call) st = (call);
#define RUNS(call) { int r_ = (call); if (r_ >= 0) return (run_result)r_; }
#define H(name, fam, how) VM_CASE(name) { how } VM_BREAK;
#define HS(name, fam) VM_CASE(name)
#define HB(name, fam)
#include "emu/handlers.def"
#undef H
#undef HS
#undef HB
#undef DO
#undef TRAPS
#undef CF
#undef RUNS
		VM_DEFAULT /* a base handler that asm/variant.c did not resolve: a bug, not input */
			emu_trap_at(x, w, -1, in, "internal error: unresolved handler %d", in->h);
			return RUN_TRAP;
		}
		VM_END
		if (in < last) { /* the run's next instruction: no steps, the same lanes, no .S but
				    on the last (pm is not kept: no body of a run reads it, and pc only
				    the last's, mark_runs) */
			in++;
			ps++;
			G = A;
			if (in->guard != EMU_PT || in->guard_neg) { /* its active count per issue */
				G &= w->p[in->guard] ^ -(uint32_t)in->guard_neg;
				ps->active += (uint64_t)popc32(G);
				ps->predoff += G == 0;
			}
			goto vm_issue;
		}
		if ((steps & EMU_STEP_POST) && x->prog->rt->post(x, w, pc, A, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		if (st == CF_OK && in->sflag)
			st = cf_after(w, G, guarded);
		if (st != CF_OK) {
			emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
			return RUN_TRAP;
		}
#undef guarded
	}
}

/* The straight runs entered since the last flush added to the per-instruction counts: each
   of a run's instructions issued once per entry with the entry's lanes (A, never empty); an
   unguarded one had them all active, a guarded one counted its own per issue. */
#define EMU_RUN_FLUSH EMU_CAT(EMU_RUN_WARP, _flush)
static void EMU_RUN_FLUSH(emu_ctx *x)
{
	emu_stats *stats = &x->stats;
	for (uint32_t k = 0; k < stats->ndirty; k++) {
		uint32_t pc = stats->dirty[k];
		emu_runstat *rs = &stats->run[pc];
		const emu_insn *in = &x->code[pc];
		emu_pcstat *ps = &stats->pc[pc];
		for (unsigned i = 0; i < in->run; i++, ps++) {
			ps->warp += rs->entries;
			ps->thread += rs->threads;
			if (in[i].guard == EMU_PT && !in[i].guard_neg)
				ps->active += rs->threads;
		}
		rs->entries = rs->threads = 0;
	}
	stats->ndirty = 0;
}

run_result EMU_RUN_WARP(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	run_result r = EMU_RUN_WARP_LOOP(x, cta, w);
	if (x->stats.ndirty) /* every reader of the counts comes after the call */
		EMU_RUN_FLUSH(x);
	if (cf_depth(w) > x->stats.max_depth) /* the deepest the warp has been, whatever ended the call */
		x->stats.max_depth = cf_depth(w);
	return r;
}
