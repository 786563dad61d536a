/* What the interpreter loop (emu/interp.c) and the launcher (emu/launch.c) share. */
#ifndef SIMTEMU_EMU_INTERP_H
#define SIMTEMU_EMU_INTERP_H

#include "emu/emu.h"

/* RUN_YIELD: the warp gives up its turn and stays ready (a failed mbarrier test) */
typedef enum { RUN_DONE, RUN_BAR, RUN_TRAP, RUN_QUIT, RUN_STOP, RUN_YIELD } run_result;

/* Run warp w of cta until it finishes, waits at a barrier, traps or a hook quits: the loop of
   the token stack (sm_1x-sm_6x) and that of convergence barriers (sm_70 on, SPEC 6.2). */
run_result emu_run_warp(emu_ctx *x, emu_cta *cta, emu_warp *w);
run_result emu_run_warp_barrier(emu_ctx *x, emu_cta *cta, emu_warp *w);
/* The same two loops built for AVX2 and POPCNT (emu/interp_*_avx2.c), chosen per launch
   when the host has both. */
run_result emu_run_warp_avx2(emu_ctx *x, emu_cta *cta, emu_warp *w);
run_result emu_run_warp_barrier_avx2(emu_ctx *x, emu_cta *cta, emu_warp *w);

/* A stepped run (emu/step.h): stop before this issue? (sets x->stop_reason) */
bool emu_until_hit(emu_ctx *x, uint32_t pc);
/* The cluster barrier of a one-CTA cluster (emu/ops_sync.h): complete its phase if every
   warp that has not exited has arrived, and wake the warps waiting for it. */
void emu_cga_complete(emu_cta *c);
/* Draw the next chunk of the step budget: 1, 0 when it is spent, -1 when interrupted. */
int emu_take_budget(emu_ctx *x);

/* Record a trap in x->trap: the cause, then kernel, CTA, warp, lane (-1: none), pc and the
   instruction (in may be NULL). */
void emu_trap_at(emu_ctx *x, const emu_warp *w, int lane, const emu_insn *in, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
