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

static int cmd_run(int argc, char **argv) { return cli_cmd_run(argc, argv, false); }
static int cmd_stats(int argc, char **argv) { return cli_cmd_run(argc, argv, true); }

/* The commands, by name */
static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} cmds[] = {
	{"run", cmd_run},         {"stats", cmd_stats},       {"asm", cli_cmd_asm},
	{"isa", cli_cmd_isa},     {"spec", cli_cmd_spec},     {"trace", cli_cmd_trace},
	{"debug", cli_cmd_debug}, {"convert", cli_cmd_convert}, {"compare", cli_cmd_compare},
	{"batch", cli_cmd_batch}, {"merge", cli_cmd_merge},
};

static int (*command(const char *name))(int, char **)
{
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(cmds[i].name, name))
			return cmds[i].fn;
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return cli_usage_error("missing COMMAND%s", "");
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		if (argc >= 3 && !strcmp(cmd, "help")) { /* help COMMAND: that command's --help */
			int (*fn)(int, char **) = command(argv[2]);
			if (!fn)
				return cli_usage_error("unknown command '%s'", argv[2]);
			char help[] = "--help";
			char *v[] = {argv[2], help, NULL};
			return fn(2, v);
		}
		fputs(cli_usage_text, stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		printf("simtemu %s%s%s%s\n", SIMTEMU_VERSION, SIMTEMU_REV[0] ? " (" : "", SIMTEMU_REV,
		       SIMTEMU_REV[0] ? ")" : "");
		return 0;
	}
	int (*fn)(int, char **) = command(cmd);
	return fn ? fn(argc - 1, argv + 1) : cli_usage_error("unknown command '%s'", cmd);
}
