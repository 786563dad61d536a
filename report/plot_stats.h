/* stats --plot and stats --html / compare --html: the charts and the self-contained page. */
#ifndef SIMTEMU_REPORT_PLOT_STATS_H
#define SIMTEMU_REPORT_PLOT_STATS_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"

/* One opcode's counts with its instruction class (isa_class). */
typedef struct {
	const char *opcode, *cls;
	int cls_id;
	uint64_t warp, thread, active, predoff;
} plot_op;

/* The opcodes x ran, in class order (as stats --by class names them), then by name.
   Caller frees. */
int plot_ops(const emu_ctx *x, plot_op **ops);
/* Per-opcode bars grouped by class, warp and thread instructions side by side. */
void plot_stats_svg(const emu_ctx *x, FILE *out);
bool plot_stats_write(const emu_ctx *x, const char *path);

#endif
