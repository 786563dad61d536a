/* simtemu's main: the command dispatch and --help (the commands live in cli/cmd_*.c). */
#include <string.h>
#include <stdio.h>

#include "cli/cmd.h"
#include "cli/opts.h"

/* make passes the release (VERSION) and, in a git checkout, git describe's revision */
#ifndef SIMTEMU_VERSION
#define SIMTEMU_VERSION "0.1"
#endif
#ifndef SIMTEMU_REV
#define SIMTEMU_REV ""
#endif

int main(int argc, char **argv)
{
	if (argc < 2)
		return cli_usage_error("missing COMMAND%s", "");
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		fputs(cli_usage_text, stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		printf("simtemu %s%s%s%s\n", SIMTEMU_VERSION, SIMTEMU_REV[0] ? " (" : "", SIMTEMU_REV,
		       SIMTEMU_REV[0] ? ")" : "");
		return 0;
	}
	if (!strcmp(cmd, "run"))
		return cli_cmd_run(argc - 1, argv + 1, false);
	if (!strcmp(cmd, "stats"))
		return cli_cmd_run(argc - 1, argv + 1, true);
	if (!strcmp(cmd, "asm"))
		return cli_cmd_asm(argc - 1, argv + 1);
	if (!strcmp(cmd, "isa"))
		return cli_cmd_isa(argc - 1, argv + 1);
	if (!strcmp(cmd, "spec"))
		return cli_cmd_spec(argc - 1, argv + 1);
	if (!strcmp(cmd, "trace"))
		return cli_cmd_trace(argc - 1, argv + 1);
	if (!strcmp(cmd, "debug"))
		return cli_cmd_debug(argc - 1, argv + 1);
	if (!strcmp(cmd, "convert"))
		return cli_cmd_convert(argc - 1, argv + 1);
	if (!strcmp(cmd, "compare"))
		return cli_cmd_compare(argc - 1, argv + 1);
	if (!strcmp(cmd, "batch"))
		return cli_cmd_batch(argc - 1, argv + 1);
	if (!strcmp(cmd, "merge"))
		return cli_cmd_merge(argc - 1, argv + 1);
	return cli_usage_error("unknown command '%s'", cmd);
}
