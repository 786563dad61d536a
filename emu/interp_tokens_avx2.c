/* The token-stack loop of emu/interp_tokens.c built again for hosts with AVX2 and POPCNT
   (8-lane vectors, one-instruction popcounts); emu/launch.c chooses it at run time, so the
   binary still runs on any x86-64 (issue 18: never a build flag that breaks older hosts). */
#if defined(__clang__) && (defined(__x86_64__) || defined(__i386__))
/* clang has no '#pragma GCC target': the same through its attribute pragma */
#pragma clang attribute push(__attribute__((target("avx2,popcnt"))), apply_to = function)
#define EMU_AVX2_CLANG 1
#elif defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#pragma GCC target("avx2,popcnt")
#endif
#include "emu/cf_tokens.h"
#define EMU_RUN_WARP emu_run_warp_avx2
#include "emu/loop.h"
#ifdef EMU_AVX2_CLANG
#pragma clang attribute pop
#endif
