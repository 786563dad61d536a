/* What run and stats print after a launch: the counts as a table, CSV or JSON (docs/formats.md). */
#ifndef SIMTEMU_CLI_REPORT_H
#define SIMTEMU_CLI_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/opts.h"
#include "emu/emu.h"

typedef enum { CLI_RUN_OK, CLI_RUN_FAILED, CLI_RUN_TRAPPED, CLI_RUN_INTERRUPTED } cli_run_status;

/* How a launch ended, for the report. */
typedef struct {
	cli_run_status status;
	int exit_status;
	int checked, failed; /* .expect lines checked and failed; checked < 0: not checked (a trap) */
	const char *trap;    /* the trap's message, or NULL */
	const char *printf_text; /* JSON: the kernel's printf output (held back from stdout), or NULL */
} cli_outcome;

/* The report in o->counts's format: with the per-key rows (o->by) for stats, without them
   for run (CSV, JSON only); the per-CTA totals with --per-cta; in JSON, the --dump buffers.
   After a trap or an interrupt the counts are marked partial. */
void cli_counts_print(emu_ctx *x, const cli_opts *o, const cli_outcome *r, bool rows, FILE *out);

#endif
