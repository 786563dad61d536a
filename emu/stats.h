/* Dynamic instruction counts grouped by opcode, mnemonic, class or pc (SPEC section 7). */
#ifndef SIMTEMU_STATS_H
#define SIMTEMU_STATS_H

#include "emu/emu.h"

typedef enum { STATS_BY_OPCODE, STATS_BY_MNEMONIC, STATS_BY_CLASS, STATS_BY_PC } stats_by;

typedef struct {
	char key[128];
	uint64_t warp, thread, active, predoff;
} stats_row;

typedef struct {
	uint64_t warp, thread, active, predoff;
} stats_totals;

/* Rows for a grouping, sorted by key (by pc: in address order). Caller frees. */
int stats_rows(const emu_ctx *x, stats_by by, stats_row **rows);
stats_totals stats_total(const emu_ctx *x);
double stats_simd_efficiency(const emu_ctx *x);
int stats_parse_by(const char *s);
const char *stats_by_name(stats_by by);

#endif
