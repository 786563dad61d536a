/* The progress line of a long run: on stderr, only when it is a terminal. */
#ifndef SIMTEMU_CLI_PROGRESS_H
#define SIMTEMU_CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "emu/emu.h"

typedef struct {
	int64_t start_ns;
	int64_t next_ns;  /* when the line may be drawn next (workers race for it) */
	int shown;        /* a line is on the terminal and must be erased */
	uint32_t nctas;
} cli_progress;

/* Before emu_launch(x): from about 2 s on, about once a second, stderr shows "CTAs done of
   total, warp instructions so far, rate" when it is a terminal (never otherwise). */
void cli_progress_start(cli_progress *p, emu_ctx *x);
/* After emu_launch(x), before any other output: the line erased, the hook removed. */
void cli_progress_end(cli_progress *p, emu_ctx *x);

#endif
