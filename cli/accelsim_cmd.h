/* run --accelsim-trace DIR: the options, and the launches of the kernels they name, each traced (docs/accelsim.md). */
#ifndef SIMTEMU_CLI_ACCELSIM_CMD_H
#define SIMTEMU_CLI_ACCELSIM_CMD_H

#include <getopt.h>

#include "cli/launch.h"

typedef struct {
	const char *dir;      /* --accelsim-trace DIR */
	const char *kernels;  /* --accelsim-kernels all|NAME[,NAME...] (NULL: the launch's kernel) */
} accel_opts;

/* run's extra options (terminated) and their handler (user: an accel_opts). */
extern const struct option accel_options[];
int accel_opt(void *user, int c, const char *arg);

/* Run L (prepared by the caller with accel_options) once per kernel that o names, each
   through run_one (the launch, its report; returns the exit status), recording the trace
   of each into o->dir; writes o->dir/kernelslist.g when every run completed. The exit
   status; L is left for the caller's cli_cleanup. */
int accel_cmd(cli_launch *L, const accel_opts *o, int argc, char **argv, int (*run_one)(cli_launch *L));

#endif
