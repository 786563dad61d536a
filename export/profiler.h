/* stats's counts in the shapes of NVIDIA's profilers: NVBit's opcode_hist and Nsight Compute's raw CSV (docs/profilers.md). */
#ifndef SIMTEMU_EXPORT_PROFILER_H
#define SIMTEMU_EXPORT_PROFILER_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"

enum { PROFILER_NONE, PROFILER_NVBIT, PROFILER_NCU_CSV };

/* --counts's value: PROFILER_NVBIT for "nvbit", PROFILER_NCU_CSV for "ncu-csv", else 0. */
int profiler_parse(const char *s);
/* x's counts (so far, after a trap) in the profiler's shape on out. exclude_pred_off: NVBit's
   EXCLUDE_PRED_OFF=1 (issues whose guard held for no lane are not counted). */
void profiler_print(const emu_ctx *x, int profiler, bool exclude_pred_off, FILE *out);

#endif
