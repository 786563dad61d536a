/* The simtemu commands, one entry point each (argv[0] is the command name); each returns the exit status. */
#ifndef SIMTEMU_CLI_CMD_H
#define SIMTEMU_CLI_CMD_H

#include <stdbool.h>

int cli_cmd_run(int argc, char **argv, bool stats); /* run, stats (cmd_run.c) */
int cli_cmd_trace(int argc, char **argv);           /* cmd_trace.c */
int cli_cmd_spec(int argc, char **argv);            /* cmd_spec.c */
int cli_cmd_debug(int argc, char **argv);           /* cmd_debug.c */
int cli_cmd_compare(int argc, char **argv);         /* cmd_compare.c */
int cli_cmd_convert(int argc, char **argv);         /* convert, asm, isa: cmd_convert.c */
int cli_cmd_asm(int argc, char **argv);
int cli_cmd_isa(int argc, char **argv);
int cli_cmd_batch(int argc, char **argv);           /* cmd_batch.c */
int cli_cmd_merge(int argc, char **argv);           /* cmd_merge.c */

#endif
