/* simtemu compare A B: both files run with the same options, each with its own directives and
   ABI; outputs compared by buffer name, counts side by side (cli/compare.c prints them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/compare.h"
#include "cli/launch.h"
#include "emu/stats.h"
#include "util/num.h"
#include "util/xalloc.h"

/* compare's own options: --plot, --ignore (repeatable), --tol */
typedef struct {
	const char *plot_path;
	const char *ignored[16];
	int nignored;
	double tol;
	bool tol_given;
} compare_opts;

static int compare_opt(void *user, int c, const char *arg)
{
	compare_opts *co = user;
	switch (c) {
	case 'O':
		co->plot_path = arg;
		return 0;
	case 'I': /* cli_prepare() reads the options once for A and once for B */
		for (int i = 0; i < co->nignored; i++)
			if (!strcmp(co->ignored[i], arg))
				return 0;
		if (co->nignored == 16)
			return cli_usage_error("at most 16 --ignore options%s", "");
		co->ignored[co->nignored++] = arg;
		return 0;
	case 'T':
		co->tol_given = true;
		if (num_parse_double(arg, false, &co->tol) || !(co->tol >= 0))
			return cli_usage_error("--tol takes a number >= 0, not '%s'", arg);
		return 0;
	}
	return cli_usage_error("unknown option%s", "");
}

static const char compare_help[] =
	"usage: simtemu compare [options] A B\n"
	"  runs A and B with the same options (each also with its own directives), checks\n"
	"  every .expect, compares the output buffers they share by name (bit for bit, or\n"
	"  for floats within --tol EPS, else the largest .expect tol=) and prints per-key\n"
	"  counts side by side with B-A and percent; --by, --counts table|csv|json,\n"
	"  --plot FILE.svg; --ignore NAME leaves a buffer out of the comparison (clock\n"
	"  samples); exit 1 if an .expect fails or an output differs. Other options as\n"
	"  for run (simtemu --help).";

/* The indices in argv of the two files: the arguments that are neither options nor
   option values. False unless there are exactly two. */
static bool compare_files(int argc, char **argv, int pos[2])
{
	static const char *const valued[] = {"--spec", "--kernel", "--grid", "--block", "--target", "--warp-size",
					     "--max-steps", "--dump", "--counts", "--by", "--stack-depth", "-j",
					     "--plot", "--tol", "--ignore", NULL};
	int npos = 0;
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] != '-') {
			if (npos < 2)
				pos[npos] = i;
			npos++;
			continue;
		}
		for (int k = 0; valued[k]; k++)
			if (!strcmp(argv[i], valued[k]))
				i++;
	}
	return npos == 2;
}

/* Each run's .expect reports, prefixed A / B (to stderr beside CSV and JSON). Returns the failures. */
static int compare_expects(cli_launch *A, cli_launch *B, stats_fmt fmt, int n[2])
{
	int failed = 0;
	for (int r = 0; r < 2; r++) {
		char *text = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&text, &len);
		if (!m)
			break;
		cli_launch *R = r ? B : A;
		failed += spec_check(&R->sp, &R->x, m, stderr, &n[r]);
		fclose(m);
		for (char *l = text; !A->o.quiet && l && *l;) {
			size_t k = strcspn(l, "\n");
			fprintf(fmt == STATS_TABLE ? stdout : stderr, "%c: %.*s\n", r ? 'B' : 'A', (int)k, l);
			l += k + (l[k] == '\n');
		}
		free(text);
	}
	return failed;
}

/* After both runs: .expect reports, buffers compared, counts side by side. The exit status. */
static int compare_report(cli_launch *A, cli_launch *B, const compare_opts *co)
{
	int rc = 0;
	stats_fmt fmt = (stats_fmt)stats_parse_fmt(A->o.counts);
	int n[2] = {0, 0};
	int failed = compare_expects(A, B, fmt, n);
	/* without --tol, the largest tol= of either file's .expect lines */
	double tol = co->tol;
	for (int r = 0; r < 2 && !co->tol_given; r++) {
		const emu_spec *sp = r ? &B->sp : &A->sp;
		for (int i = 0; i < sp->nexpects; i++)
			if (sp->expects[i].has_tol && sp->expects[i].tol > tol)
				tol = sp->expects[i].tol;
	}
	cmp_buf *bufs;
	int nbufs, ndiff = cmp_buffers(&A->x, &B->x, tol, &bufs, &nbufs);
	for (int i = 0; i < co->nignored; i++) {
		int d = cmp_ignore(bufs, nbufs, co->ignored[i]);
		if (d < 0) {
			fprintf(stderr, "simtemu: error: --ignore %s: no output of that name in both runs\n",
				co->ignored[i]);
			rc = CLI_EXIT_INPUT;
		}
		ndiff -= d > 0 ? d : 0;
	}
	stats_by by = (stats_by)stats_parse_by(A->o.by);
	cmp_print(&A->x, A->file, &B->x, B->file, by, fmt, bufs, nbufs, stdout);
	if (co->plot_path && !cmp_svg(&A->x, A->file, &B->x, B->file, by, co->plot_path)) {
		fprintf(stderr, "simtemu: error: cannot write '%s'\n", co->plot_path);
		rc = CLI_EXIT_INPUT;
	}
	if (!rc && fmt == STATS_TABLE && !A->o.quiet)
		printf("\nresult: %s (%d of %d .expect held; %d of %d shared outputs identical)\n",
		       failed || ndiff ? "FAIL" : "ok", n[0] + n[1] - failed, n[0] + n[1], nbufs - ndiff, nbufs);
	if (!rc && (failed || ndiff))
		rc = CLI_EXIT_EXPECT;
	free(bufs);
	return rc;
}

int cli_cmd_compare(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts(compare_help);
			return 0;
		}
	int pos[2];
	if (!compare_files(argc, argv, pos))
		return cli_usage_error("usage: simtemu compare [options] A B%s", "");
	static const struct option extra[] = {
		{"plot", required_argument, 0, 'O'}, {"tol", required_argument, 0, 'T'},
		{"ignore", required_argument, 0, 'I'}, {0, 0, 0, 0}};
	/* A's arguments without B, B's without A */
	char **va = xcalloc((size_t)argc, sizeof *va), **vb = xcalloc((size_t)argc, sizeof *vb);
	int na = 0, nb = 0;
	for (int i = 0; i < argc; i++) {
		if (i != pos[1])
			va[na++] = argv[i];
		if (i != pos[0])
			vb[nb++] = argv[i];
	}
	compare_opts co = {0};
	cli_launch A, B;
	memset(&B, 0, sizeof B);
	int rc = cli_prepare(&A, argc - 1, va, extra, &co, compare_opt);
	int rb = rc ? rc : cli_prepare(&B, argc - 1, vb, extra, &co, compare_opt);
	if (!rc && rb)
		rc = rb;
	if (!rc && emu_launch(&A.x) != EMU_OK) {
		fprintf(stderr, "simtemu: A: %s\n", A.x.trap.msg);
		rc = CLI_EXIT_TRAPPED;
	}
	if (!rc && emu_launch(&B.x) != EMU_OK) {
		fprintf(stderr, "simtemu: B: %s\n", B.x.trap.msg);
		rc = CLI_EXIT_TRAPPED;
	}
	if (!rc)
		rc = compare_report(&A, &B, &co);
	cli_cleanup(&A);
	cli_cleanup(&B);
	free(va);
	free(vb);
	return rc < 0 ? 0 : rc;
}
