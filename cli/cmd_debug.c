/* simtemu debug: the gdb-like command loop (dbg/debug.c) over the step API. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/launch.h"
#include "dbg/dbg.h"

/* --batch FILE into the command file name (user) */
static int debug_opt(void *user, int c, const char *arg)
{
	if (c == 'B') {
		*(const char **)user = arg;
		return 0;
	}
	return cli_usage_error("unknown option%s", "");
}

/* The --batch file, or a usage error (a directory, a file that cannot be read). */
static int open_batch(const char *path, FILE **in)
{
	char why[1200];
	struct stat st;
	*in = NULL;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(why, sizeof why, "--batch '%s' is a directory", path);
		return cli_usage_error("%s", why);
	}
	if (!(*in = fopen(path, "r"))) {
		snprintf(why, sizeof why, "--batch: cannot read '%s': %s", path, strerror(errno));
		return cli_usage_error("%s", why);
	}
	return 0;
}

/* Launch under the debugger; reverse-step replays from a fresh launch (the run is deterministic). */
static int debug_session(cli_launch *L, dbg_session *d, int argc, char **argv, const struct option *extra,
			 const char **batch)
{
	int rc = 0;
	dbg_run(d, &L->x);
	while (!rc && dbg_replay_requested(d)) {
		cli_cleanup(L);
		rc = cli_prepare(L, argc, argv, extra, batch, debug_opt);
		if (rc)
			break;
		dbg_run(d, &L->x);
	}
	return rc;
}

int cli_cmd_debug(int argc, char **argv)
{
	static const struct option extra[] = {{"batch", required_argument, 0, 'B'}, {0, 0, 0, 0}};
	const char *batch = NULL;
	cli_launch L;
	int rc = cli_prepare(&L, argc, argv, extra, &batch, debug_opt);
	FILE *in = stdin;
	if (!rc && batch)
		rc = open_batch(batch, &in);
	if (!rc) {
		bool tty = !batch && isatty(0) && isatty(1);
		dbg_session *d = dbg_new(in, stdout, tty, L.src);
		rc = debug_session(&L, d, argc, argv, extra, &batch);
		int n = 0;
		if (L.x.trap.msg[0])
			rc = CLI_EXIT_TRAPPED;
		else if (dbg_finished(d)) /* the .expect lines hold or not */
			rc = spec_check(&L.sp, &L.x, stdout, stderr, &n) ? CLI_EXIT_EXPECT : 0;
		else
			printf("quit before the kernel finished: .expect not checked\n");
		dbg_free(d);
	}
	if (in && in != stdin)
		fclose(in);
	cli_cleanup(&L);
	return rc < 0 ? 0 : rc;
}
