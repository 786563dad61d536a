/* simtemu run --accelsim-trace DIR: Accel-Sim's trace-driven input written from an emulated run (docs/accelsim.md). */
#ifndef SIMTEMU_CLI_ACCELSIM_H
#define SIMTEMU_CLI_ACCELSIM_H

#include <getopt.h>

#include "cli/launch.h"

typedef struct {
	const char *dir;      /* --accelsim-trace DIR */
	const char *kernels;  /* --accelsim-kernels all|NAME[,NAME...] (NULL: the launch's kernel) */
} accel_opts;

/* run's extra options (terminated) and their handler (user: an accel_opts). */
extern const struct option accel_options[];
int accel_opt(void *user, int c, const char *arg);

/* The binary version Accel-Sim is told for target "sm_XY": the nearest known one at or
   below it, except sm_30/32 (35) and Maxwell, sm_50-53 (60: Pascal's map holds Maxwell's
   opcodes, Kepler's does not); 0 for Tesla and Fermi. *exact: whether it is XY. */
int accel_binary_version(const char *target, int *exact);
/* Whether Accel-Sim's opcode map for binary version v knows the base opcode op. */
int accel_map_knows(int v, const char *op);

/* Run L (prepared by the caller with accel_options) once per kernel that o names, each
   through run_one (the launch, its report; returns the exit status), recording the trace
   of each into o->dir; writes o->dir/kernelslist.g when every run completed. The exit
   status; L is left for the caller's cli_cleanup. */
int accel_cmd(cli_launch *L, const accel_opts *o, int argc, char **argv, int (*run_one)(cli_launch *L));

#endif
