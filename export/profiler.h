/* stats's counts in the shapes of NVIDIA's profilers: NVBit's opcode_hist and Nsight Compute's raw CSV (docs/profilers.md). */
#ifndef SIMTEMU_CLI_PROFILER_H
#define SIMTEMU_CLI_PROFILER_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"

enum { CLI_PROF_NONE, CLI_PROF_NVBIT, CLI_PROF_NCU_CSV };

/* --counts's value: CLI_PROF_NVBIT for "nvbit", CLI_PROF_NCU_CSV for "ncu-csv", else 0. */
int cli_profiler_parse(const char *s);
/* x's counts (so far, after a trap) in the profiler's shape on out. exclude_pred_off: NVBit's
   EXCLUDE_PRED_OFF=1 (issues whose guard held for no lane are not counted). */
void cli_profiler_print(const emu_ctx *x, int profiler, bool exclude_pred_off, FILE *out);

#endif
