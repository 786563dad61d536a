/* stats --html and compare --html: one self-contained page (inline CSS, SVG and a few lines
   of JavaScript that sort the tables; nothing fetched from the network). */
#ifndef SIMTEMU_REPORT_HTML_H
#define SIMTEMU_REPORT_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"

/* stats' page for the run of file in x: the totals, the chart, sortable tables by opcode
   (with its class), by class and by 'by' (--by); trap: the message of a run
   that stopped early (its counts are partial), else NULL. */
void html_stats(const emu_ctx *x, const char *by, const char *file, const char *trap, FILE *out);
bool html_stats_write(const emu_ctx *x, const char *by, const char *file, const char *trap, const char *path);

/* compare's page for nx runs (x[0] is A): the runs, the shared outputs compared with A's
   (within tol; the ignored names reported, not counted), the chart, the counts by 'by'
   and by class, each run's difference and percent against A. */
typedef struct {
	const emu_ctx *const *x;
	const char *const *files;
	int nx;
	int by;                      /* stats_by */
	double tol;
	const char *const *ignored;
	int nignored;
} html_compare_in;
void html_compare(const html_compare_in *in, FILE *out);
bool html_compare_write(const html_compare_in *in, const char *path);

#endif
