/* The options shared by run, stats, trace, debug and compare, their parsing, and the exit statuses. */
#ifndef SIMTEMU_CLI_OPTS_H
#define SIMTEMU_CLI_OPTS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

enum { CLI_EXIT_EXPECT = 1, CLI_EXIT_INPUT = 2, CLI_EXIT_TRAPPED = 3, CLI_EXIT_INTERNAL = 4,
       CLI_EXIT_INTERRUPTED = 130 };

typedef struct {
	const char *spec, *kernel, *target, *counts, *by;
	const char *keep_sass;    /* --keep-sass FILE (PTX input) */
	const char *printf_path;  /* --printf FILE */
	const char *dumps[32];
	int ndumps;
	uint32_t grid[3], block[3];
	bool has_grid, has_block;
	int warp_size, jobs, stack_depth;
	uint64_t max_steps;
	bool has_max_steps;       /* given on the command line (else a .max-steps directive may set it) */
	bool quiet, per_cta;
	bool converge_pc;         /* --converge pc (sm_70+) */
	int profiler;             /* stats --counts nvbit|ncu-csv: a cli_profiler (export/profiler.h), else 0 */
	bool exclude_pred_off;    /* --exclude-pred-off (with --counts nvbit) */
} cli_opts;

/* A command's own option c (the val of its struct option) with its argument, given the
   command's context: 0, or the exit status of a usage error (already reported). */
typedef int (*cli_extra_fn)(void *user, int c, const char *arg);

/* simtemu --help */
extern const char cli_usage_text[];
/* simtemu COMMAND --help: that command's usage and options (else the global text). */
const char *cli_command_help(const char *cmd);

/* Report a usage error (fmt takes one string) and return CLI_EXIT_INPUT. */
int cli_usage_error(const char *fmt, const char *a);
/* A text file, NUL-terminated; NULL (errno set) if unreadable or binary. */
char *cli_read_text(const char *path);
/* The usage error for a cli_read_text that failed (errno): what is "" or e.g. "spec file ". */
int cli_read_error(const char *what, const char *path);
/* The file name without its folder and extension (the default kernel name); caller frees. */
char *cli_base_name(const char *path);

/* Parse the shared options plus the command's extra ones and exactly one FILE.
   0 when parsed; -1 after printing --help; else the exit status of a usage error. */
int cli_parse_opts(int argc, char **argv, cli_opts *o, const char **file, const struct option *extra,
		   void *user, cli_extra_fn extra_opt);

#endif
