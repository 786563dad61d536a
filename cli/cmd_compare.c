/* simtemu compare A B [C ...]: every file runs with the same options, each with its own
   directives and ABI; outputs compared by buffer name (each run against A), counts side by
   side (report/compare.c prints them). simtemu compare --spec-a SA --spec-b SB FILE: one
   listing launched twice, once with each directive file. */
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


/* The indices in argv of the files: the arguments that are neither options nor option
   values. Their number (pos holds the first CMP_MAX_RUNS). */
static int compare_files(int argc, char **argv, int pos[CMP_MAX_RUNS])
{
	static const char *const valued[] = {"--spec", "--kernel", "--grid", "--block", "--target", "--warp-size",
					     "--max-steps", "--dump", "--counts", "--by", "--stack-depth", "--converge", "-j",
					     "--plot", "--html", "--tol", "--ignore", "--printf", "--keep-sass", NULL};
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
	return npos;
}

/* --spec-a SA and --spec-b SB (or --spec-a=SA), taken out of argv: the new argc, or -1
   after a usage error (*rc its status). */
static int take_spec_ab(int argc, char **argv, const char *spec[2], int *rc)
{
	int n = 0;
	spec[0] = spec[1] = NULL;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		int k = !strncmp(a, "--spec-a", 8) ? 0 : !strncmp(a, "--spec-b", 8) ? 1 : -1;
		if (k < 0 || (a[8] && a[8] != '=')) {
			argv[n++] = argv[i];
			continue;
		}
		const char *v = a[8] == '=' ? a + 9 : i + 1 < argc ? argv[++i] : NULL;
		if (!v || !*v) {
			*rc = cli_usage_error("option '%s' needs a value (a directive file)", k ? "--spec-b" : "--spec-a");
			return -1;
		}
		if (spec[k]) {
			*rc = cli_usage_error("option '%s' given twice", k ? "--spec-b" : "--spec-a");
			return -1;
		}
		spec[k] = v;
	}
	return n;
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
			fputs(cli_command_help("compare"), stdout);
			return 0;
		}
	int rc = 0;
	const char *spec_ab[2];
	char **args = xcalloc((size_t)argc + 2, sizeof *args);
	memcpy(args, argv, (size_t)argc * sizeof *args);
	if ((argc = take_spec_ab(argc, args, spec_ab, &rc)) < 0) {
		free(args);
		return rc;
	}
	argv = args;
	int pos[CMP_MAX_RUNS];
	int nfiles = compare_files(argc, argv, pos);
	bool two_specs = spec_ab[0] || spec_ab[1];
	int nx = two_specs ? 2 : nfiles;
	if (two_specs) {
		bool shared_spec = false;
		for (int i = 1; i < argc; i++)
			shared_spec |= !strcmp(argv[i], "--spec") || !strncmp(argv[i], "--spec=", 7);
		if (!spec_ab[0] || !spec_ab[1])
			rc = cli_usage_error("%s: compare launches the listing twice and needs both --spec-a and --spec-b",
					     spec_ab[0] ? "--spec-a without --spec-b" : "--spec-b without --spec-a");
		else if (nfiles != 1)
			rc = cli_usage_error("--spec-a and --spec-b launch one listing twice: give one FILE, not %s",
					     nfiles ? "several" : "none");
		else if (shared_spec)
			rc = cli_usage_error("--spec with --spec-a and --spec-b: each run reads one directive file; put%s"
					     " the shared directives in both", "");
	} else if (nfiles < 2 || nfiles > CMP_MAX_RUNS)
		rc = cli_usage_error("usage: simtemu compare [options] A B [C ...] (2 to 26 files), or "
				     "--spec-a SA --spec-b SB FILE%s", "");
	if (rc) {
		free(args);
		return rc;
	}
	static const struct option extra[] = {
		{"plot", required_argument, 0, 'O'}, {"html", required_argument, 0, 0x201}, {"tol", required_argument, 0, 'T'},
		{"ignore", required_argument, 0, 'I'}, {0, 0, 0, 0}};
	compare_opts co = {0};
	cli_launch *L = xcalloc((size_t)nx, sizeof *L);
	char **v = xcalloc((size_t)argc + 3, sizeof *v); /* the run's arguments, --spec SA and a NULL */
	char *label[2] = {NULL, NULL};
	/* each run's arguments: the options and its own file, without the others; with
	   --spec-a/--spec-b the one file and --spec SA (SB) */
	for (int r = 0; r < nx && !rc; r++) {
		int nv = 0;
		for (int i = 0; i < argc; i++) {
			bool other = false;
			for (int q = 0; q < nx && !two_specs; q++)
				other |= q != r && pos[q] == i;
			if (!other)
				v[nv++] = argv[i];
		}
		if (two_specs) {
			static char spec_opt[] = "--spec";
			v[nv++] = spec_opt;
			v[nv++] = (char *)spec_ab[r];
		}
		v[nv] = NULL;
		rc = cli_prepare(&L[r], nv, v, extra, &co, compare_opt);
		if (two_specs && !rc) { /* the run's name in the report: the file and its spec */
			size_t n = strlen(L[r].file) + strlen(spec_ab[r]) + 16;
			label[r] = xmalloc(n);
			snprintf(label[r], n, "%s --spec %s", L[r].file, spec_ab[r]);
			L[r].file = label[r];
		}
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
	free(label[0]);
	free(label[1]);
	free(args);
	return rc < 0 ? 0 : rc;
}
