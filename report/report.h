/* What run and stats print after a launch: the counts as a table, CSV or JSON (docs/formats.md). */
#ifndef SIMTEMU_REPORT_REPORT_H
#define SIMTEMU_REPORT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"
#include "emu/stats.h"

/* --counts: a table, CSV with one header, or one JSON document. */
typedef enum { REPORT_TABLE, REPORT_CSV, REPORT_JSON } report_fmt;
/* "table", "csv" or "json": its report_fmt, else -1. */
int report_parse_fmt(const char *s);

typedef enum { REPORT_RUN_OK, REPORT_RUN_FAILED, REPORT_RUN_TRAPPED, REPORT_RUN_INTERRUPTED } report_status;

/* How a launch ended, for the report. */
typedef struct {
	report_status status;
	int exit_status;
	int checked, failed; /* .expect lines checked and failed; checked < 0: not checked (a trap) */
	const char *trap;    /* the trap's message, or NULL */
	const char *printf_text; /* JSON: the kernel's printf output (held back from stdout), or NULL */
} report_outcome;

/* The report in format fmt: with the per-key rows (by) for stats, without them for run
   (CSV, JSON only); the per-CTA totals when x kept them (--per-cta); in JSON, the ndumps
   buffers named in dumps (--dump). After a trap or an interrupt the counts are marked partial. */
void report_counts(emu_ctx *x, stats_by by, report_fmt fmt, const report_outcome *r, const char *const *dumps,
		   int ndumps, bool rows, FILE *out);
/* The table of the counts by 'by' with the totals (and per CTA), as stats prints it; the
   debugger's stats command. */
void report_table(const emu_ctx *x, stats_by by, FILE *out);

#endif
