/* simtemu compare A B [C ...]: every file runs with the same options, each with its own
   directives and ABI; outputs compared by buffer name (each run against A), counts side by
   side (report/compare.c prints them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/launch.h"
#include "emu/stats.h"
#include "report/compare.h"
#include "report/dump.h"
#include "report/html.h"
#include "report/svg.h"
#include "report/write.h"
#include "util/num.h"
#include "util/xalloc.h"

/* compare's own options: --plot, --html, --ignore (repeatable), --tol */
typedef struct {
	const char *plot_path, *html_path;
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
		if (!svg_has_ext(arg, ".svg"))
			return cli_usage_error("--plot writes SVG: FILE.svg, not '%s'", arg);
		co->plot_path = arg;
		return 0;
	case 0x201:
		if (!svg_has_ext(arg, ".html") && !svg_has_ext(arg, ".htm"))
			return cli_usage_error("--html writes HTML: FILE.html, not '%s'", arg);
		co->html_path = arg;
		return 0;
	case 'I': /* cli_prepare() reads the options once for every run */
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
	"usage: simtemu compare [options] A B [C ...]\n"
	"  runs A, B (and up to 26 files) with the same options (each also with its own\n"
	"  directives), checks every .expect, compares the output buffers they all share by\n"
	"  name with A's (bit for bit, or for floats within --tol EPS, else the largest\n"
	"  .expect tol=) and prints per-key counts side by side, each run with its\n"
	"  difference and percent against A; --by, --counts table|csv|json, --plot FILE.svg,\n"
	"  --html FILE.html (one self-contained page: the runs, the outputs, the chart and\n"
	"  sortable count tables);\n"
	"  --ignore NAME leaves a buffer out of the comparison (clock samples); --dump NAME\n"
	"  prints each run's buffer (in JSON, the \"dumps\" member: stdout stays one document;\n"
	"  docs/formats.md); exit 1 if an .expect fails or an output differs. Other options\n"
	"  as for run (simtemu --help).";

/* The indices in argv of the files: the arguments that are neither options nor option
   values. Their number; 0 unless there are 2 to CMP_MAX_RUNS. */
static int compare_files(int argc, char **argv, int pos[CMP_MAX_RUNS])
{
	static const char *const valued[] = {"--spec", "--kernel", "--grid", "--block", "--target", "--warp-size",
					     "--max-steps", "--dump", "--counts", "--by", "--stack-depth", "--converge", "-j",
					     "--plot", "--html", "--tol", "--ignore", NULL};
	int npos = 0;
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] != '-') {
			if (npos < CMP_MAX_RUNS)
				pos[npos] = i;
			npos++;
			continue;
		}
		for (int k = 0; valued[k]; k++)
			if (!strcmp(argv[i], valued[k]))
				i++;
	}
	return npos >= 2 && npos <= CMP_MAX_RUNS ? npos : 0;
}

/* Each run's .expect reports, prefixed A, B, ... (to stderr beside CSV and JSON). Returns the
   failures; *held the .expect lines checked. */
static int compare_expects(cli_launch *L, int nx, report_fmt fmt, int *checked)
{
	int failed = 0;
	*checked = 0;
	for (int r = 0; r < nx; r++) {
		char *text = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&text, &len);
		if (!m)
			break;
		cli_launch *R = &L[r];
		int n = 0;
		failed += spec_check(&R->sp, &R->x, m, stderr, &n);
		*checked += n;
		fclose(m);
		for (char *l = text; !L[0].o.quiet && l && *l;) {
			size_t k = strcspn(l, "\n");
			fprintf(fmt == REPORT_TABLE ? stdout : stderr, "%c: %.*s\n", 'A' + r, (int)k, l);
			l += k + (l[k] == '\n');
		}
		free(text);
	}
	return failed;
}

/* --dump: each run's buffers, prefixed A, B, ... (table: stdout; CSV: stderr). */
static void compare_dumps(cli_launch *L, int nx, FILE *out)
{
	for (int r = 0; r < nx; r++)
		for (int i = 0; i < L[r].o.ndumps; i++) {
			char *text = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&text, &len);
			if (!m)
				return;
			report_dump(&L[r].x, L[r].o.dumps[i], m);
			fclose(m);
			for (char *l = text; l && *l;) {
				size_t k = strcspn(l, "\n");
				fprintf(out, "%c: %.*s\n", 'A' + r, (int)k, l);
				l += k + (l[k] == '\n');
			}
			free(text);
		}
}

/* JSON: the members after the counts, and the end of the one object. */
static void compare_json_end(cli_launch *L, int nx, int checked, int failed, int rc, FILE *out)
{
	fprintf(out, ",\n \"status\": \"%s\", \"exit_status\": %d, \"expects\": {\"checked\": %d, \"held\": %d, "
		"\"failed\": %d},\n \"dumps\": [", rc == CLI_EXIT_EXPECT ? "failed" : rc ? "error" : "ok", rc, checked,
		checked - failed, failed);
	int n = 0;
	for (int r = 0; r < nx; r++)
		for (int i = 0; i < L[r].o.ndumps; i++) {
			char run[2] = {(char)('A' + r), 0};
			fputs(n++ ? ",\n  " : "\n  ", out);
			report_dump_json(&L[r].x, L[r].o.dumps[i], run, out);
		}
	fprintf(out, "]}\n");
}

/* After all runs: .expect reports, buffers compared, counts side by side. The exit status. */
static int compare_report(cli_launch *L, int nx, const compare_opts *co)
{
	int rc = 0;
	cli_launch *A = &L[0];
	report_fmt fmt = (report_fmt)report_parse_fmt(A->o.counts);
	int checked;
	int failed = compare_expects(L, nx, fmt, &checked);
	if (fmt != REPORT_JSON)
		compare_dumps(L, nx, fmt == REPORT_CSV ? stderr : stdout);
	/* without --tol, the largest tol= of any file's .expect lines */
	double tol = co->tol;
	for (int r = 0; r < nx && !co->tol_given; r++) {
		const emu_spec *sp = &L[r].sp;
		for (int i = 0; i < sp->nexpects; i++)
			if (sp->expects[i].has_tol && sp->expects[i].tol > tol)
				tol = sp->expects[i].tol;
	}
	stats_by by = (stats_by)stats_parse_by(A->o.by);
	int nbufs, ndiff;
	if (nx == 2) {
		cli_launch *B = &L[1];
		cmp_buf *bufs;
		ndiff = cmp_buffers(&A->x, &B->x, tol, &bufs, &nbufs);
		for (int i = 0; i < co->nignored; i++) {
			int d = cmp_ignore(bufs, nbufs, co->ignored[i]);
			if (d < 0) {
				fprintf(stderr, "simtemu: error: --ignore %s: no output of that name in both runs\n",
					co->ignored[i]);
				rc = CLI_EXIT_INPUT;
			}
			ndiff -= d > 0 ? d : 0;
		}
		cmp_print(&A->x, A->file, &B->x, B->file, by, fmt, bufs, nbufs, stdout);
		if (co->plot_path && !cmp_svg(&A->x, A->file, &B->x, B->file, by, co->plot_path)) {
			fprintf(stderr, "simtemu: error: cannot write '%s'\n", co->plot_path);
			rc = CLI_EXIT_INPUT;
		}
		free(bufs);
	} else {
		const emu_ctx *x[CMP_MAX_RUNS];
		const char *files[CMP_MAX_RUNS];
		for (int r = 0; r < nx; r++) {
			x[r] = &L[r].x;
			files[r] = L[r].file;
		}
		cmp_nbuf *bufs;
		ndiff = cmp_buffers_n(x, nx, tol, &bufs, &nbufs);
		for (int i = 0; i < co->nignored; i++) {
			int d = cmp_ignore_n(bufs, nbufs, co->ignored[i]);
			if (d < 0) {
				fprintf(stderr, "simtemu: error: --ignore %s: no output of that name in all runs\n",
					co->ignored[i]);
				rc = CLI_EXIT_INPUT;
			}
			ndiff -= d > 0 ? d : 0;
		}
		cmp_print_n(x, files, nx, by, fmt, bufs, nbufs, stdout);
		if (co->plot_path && !cmp_svg_n(x, files, nx, by, co->plot_path)) {
			fprintf(stderr, "simtemu: error: cannot write '%s'\n", co->plot_path);
			rc = CLI_EXIT_INPUT;
		}
		free(bufs);
	}
	if (co->html_path) {
		const emu_ctx *x[CMP_MAX_RUNS];
		const char *files[CMP_MAX_RUNS];
		for (int r = 0; r < nx; r++) {
			x[r] = &L[r].x;
			files[r] = L[r].file;
		}
		html_compare_in in = {.x = x, .files = files, .nx = nx, .by = by, .tol = tol, .ignored = co->ignored,
				      .nignored = co->nignored};
		if (!html_compare_write(&in, co->html_path)) {
			fprintf(stderr, "simtemu: error: cannot write '%s'\n", co->html_path);
			rc = CLI_EXIT_INPUT;
		}
	}
	if (!rc && fmt == REPORT_TABLE && !A->o.quiet)
		printf("\nresult: %s (%d of %d .expect held; %d of %d shared outputs identical)\n",
		       failed || ndiff ? "FAIL" : "ok", checked - failed, checked, nbufs - ndiff, nbufs);
	if (!rc && (failed || ndiff))
		rc = CLI_EXIT_EXPECT;
	if (fmt == REPORT_JSON)
		compare_json_end(L, nx, checked, failed, rc, stdout);
	return rc;
}

int cli_cmd_compare(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts(compare_help);
			return 0;
		}
	int pos[CMP_MAX_RUNS];
	int nx = compare_files(argc, argv, pos);
	if (!nx)
		return cli_usage_error("usage: simtemu compare [options] A B [C ...] (2 to 26 files)%s", "");
	static const struct option extra[] = {
		{"plot", required_argument, 0, 'O'}, {"html", required_argument, 0, 0x201}, {"tol", required_argument, 0, 'T'},
		{"ignore", required_argument, 0, 'I'}, {0, 0, 0, 0}};
	compare_opts co = {0};
	cli_launch *L = xcalloc((size_t)nx, sizeof *L);
	char **v = xcalloc((size_t)argc, sizeof *v);
	int rc = 0;
	/* each run's arguments: the options and its own file, without the others */
	for (int r = 0; r < nx && !rc; r++) {
		int nv = 0;
		for (int i = 0; i < argc; i++) {
			bool other = false;
			for (int q = 0; q < nx; q++)
				other |= q != r && pos[q] == i;
			if (!other)
				v[nv++] = argv[i];
		}
		rc = cli_prepare(&L[r], argc - (nx - 1), v, extra, &co, compare_opt);
	}
	for (int r = 0; r < nx && !rc; r++) {
		/* CSV and JSON keep stdout one document: the kernels' printf output goes to stderr */
		if (report_parse_fmt(L[r].o.counts) != REPORT_TABLE && !L[r].x.printf_out)
			L[r].x.printf_out = stderr;
		if (emu_launch(&L[r].x) != EMU_OK) {
			fprintf(stderr, "simtemu: %c: %s\n", 'A' + r, L[r].x.trap.msg);
			rc = CLI_EXIT_TRAPPED;
			if (report_parse_fmt(L[r].o.counts) == REPORT_JSON) { /* stdout is still one document */
				printf("{\"schema\": \"simtemu-compare/1\", \"status\": \"trapped\", \"exit_status\": %d, \"run\": \"%c\", \"trap\": ", rc, 'A' + r);
				report_json_str(stdout, L[r].x.trap.msg);
				printf("}\n");
			}
		}
	}
	if (!rc)
		rc = compare_report(L, nx, &co);
	for (int r = 0; r < nx; r++)
		cli_cleanup(&L[r]);
	free(L);
	free(v);
	return rc < 0 ? 0 : rc;
}
