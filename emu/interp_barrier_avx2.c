/* The convergence-barrier loop of emu/interp_barrier.c built again for hosts with AVX2 and
   POPCNT; emu/launch.c chooses it at run time (see emu/interp_tokens_avx2.c). */
#if defined(__clang__) && (defined(__x86_64__) || defined(__i386__))
/* clang has no '#pragma GCC target': the same through its attribute pragma */
#pragma clang attribute push(__attribute__((target("avx2,popcnt"))), apply_to = function)
#define EMU_AVX2_CLANG 1
#elif defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#pragma GCC target("avx2,popcnt")
#endif
#include "emu/cf_barrier.h"
#define EMU_CF_BARRIER_LOOP 1
#define EMU_RUN_WARP emu_run_warp_barrier_avx2
#include "emu/loop.h"
#ifdef EMU_AVX2_CLANG
#pragma clang attribute pop
#endif
