/* The interpreter loop for convergence barriers (SPEC section 6.2): sm_70 and later. */
#include "emu/cf_barrier.h"
#define EMU_CF_BARRIER_LOOP 1
#define EMU_RUN_WARP emu_run_warp_barrier
#include "emu/loop.h"
