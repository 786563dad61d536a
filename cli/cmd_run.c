/* simtemu run and stats: launch, check .expect, print the summary or the per-opcode counts. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/accelsim_cmd.h"
#include "cli/cmd.h"
#include "cli/launch.h"
#include "cli/progress.h"
#include "emu/stats.h"
#include "export/profiler.h"
#include "report/dump.h"
#include "report/html.h"
#include "report/plot_stats.h"
#include "report/report.h"
#include "report/svg.h"

/* run's summary table */
static void summary(const emu_ctx *x, const report_outcome *r)
{
	stats_totals t = stats_total(x);
	printf("kernel %s (%s)  grid %u,%u,%u  block %u,%u,%u  warp size %d\n", x->f->name, x->prog->target,
	       x->grid[0], x->grid[1], x->grid[2], x->block[0], x->block[1], x->block[2], x->warp_size);
	printf("warp_inst %llu  thread_inst %llu  active_thread_inst %llu  pred_off %llu  "
	       "simd_efficiency %.4f\n", (unsigned long long)t.warp, (unsigned long long)t.thread,
	       (unsigned long long)t.active, (unsigned long long)t.predoff, stats_simd_efficiency(x));
	if (!r->checked)
		printf("result: ok (nothing checked: no .expect)\n");
	else
		printf("result: %s (%d of %d .expect held)\n", r->failed ? "FAIL" : "ok", r->checked - r->failed,
		       r->checked);
}

/* After a run (st: how it ended): the trap or interrupt reported, dumps, .expect checks,
   then the summary or the statistics. The exit status. */
static int report(cli_launch *L, emu_status st, bool stats, const char *printf_text)
{
	emu_ctx *x = &L->x;
	const cli_opts *o = &L->o;
	report_fmt fmt = (report_fmt)report_parse_fmt(o->counts);
	report_outcome r = {.status = REPORT_RUN_OK, .checked = -1};
	if (st != EMU_OK && x->trap.kind == EMU_TRAP_INTERRUPT) {
		cli_report_interrupt(x);
		r = (report_outcome){.status = REPORT_RUN_INTERRUPTED, .exit_status = CLI_EXIT_INTERRUPTED, .checked = -1,
				  .trap = x->trap.msg};
	} else if (st != EMU_OK) {
		fprintf(stderr, "simtemu: %s\n", x->trap.msg);
		r = (report_outcome){.status = REPORT_RUN_TRAPPED, .exit_status = CLI_EXIT_TRAPPED, .checked = -1,
				  .trap = x->trap.msg};
	}
	if (x->stats.fell_off && !x->prog->rt->ends_at_end) /* listings end every path with EXIT */
		fprintf(stderr,
			"simtemu: warning: %s: lanes ran past the function's last instruction %llu time(s) and "
			"ended there (is the listing cut off before its EXIT?)\n",
			x->f->name, (unsigned long long)x->stats.fell_off);
	/* a stopped run: stats prints the counts so far; run only its JSON or CSV */
	bool print = stats || fmt != REPORT_TABLE;
	if (st != EMU_OK && !print)
		return r.exit_status;
	/* table: the buffers first; CSV: to stderr, stdout holds only the CSV; JSON: inside it */
	for (int i = 0; i < o->ndumps && fmt != REPORT_JSON; i++)
		report_dump(x, o->dumps[i], fmt == REPORT_CSV ? stderr : stdout);
	if (st == EMU_OK) {
		FILE *devnull = o->quiet ? fopen("/dev/null", "w") : NULL;
		/* CSV and JSON keep stdout machine-readable: the .expect reports go to stderr */
		r.failed = spec_check(&L->sp, x, devnull ? devnull : fmt != REPORT_TABLE ? stderr : stdout, stderr,
				      &r.checked);
		if (devnull)
			fclose(devnull);
		if (r.failed) {
			r.status = REPORT_RUN_FAILED;
			r.exit_status = CLI_EXIT_EXPECT;
		}
	}
	r.printf_text = printf_text;
	if (print && o->profiler)
		profiler_print(x, o->profiler, o->exclude_pred_off, stdout);
	else if (print)
		report_counts(x, (stats_by)stats_parse_by(o->by), fmt, &r, o->dumps, o->ndumps, stats, stdout);
	else if (!o->quiet)
		summary(x, &r);
	if (r.status >= REPORT_RUN_TRAPPED && fmt != REPORT_TABLE)
		fprintf(stderr, "simtemu: partial counts: the run %s\n",
			r.status == REPORT_RUN_INTERRUPTED ? "was interrupted" : "trapped");
	return r.exit_status;
}

/* The launch, with Ctrl-C caught and the progress line on a terminal. With CSV or JSON
   the kernel's printf output (unless --printf FILE takes it) is held in *held (caller
   frees): JSON carries it, CSV sends it to stderr; stdout holds one document. */
static emu_status launch(cli_launch *L, char **held)
{
	cli_progress pr;
	size_t len = 0;
	FILE *m = NULL;
	*held = NULL;
	if (report_parse_fmt(L->o.counts) != REPORT_TABLE && !L->x.printf_out && (m = open_memstream(held, &len)))
		L->x.printf_out = m;
	cli_catch_interrupt(&L->x);
	cli_progress_start(&pr, &L->x);
	emu_status st = emu_launch(&L->x);
	cli_progress_end(&pr, &L->x);
	if (m) {
		L->x.printf_out = NULL;
		fclose(m);
		if (report_parse_fmt(L->o.counts) == REPORT_CSV)
			fputs(*held, stderr);
	}
	return st;
}

/* stats' own options: --plot FILE.svg, --html FILE.html */
typedef struct {
	const char *plot, *html;
} stats_files;

static int stats_opt(void *user, int c, const char *arg)
{
	stats_files *sf = user;
	if (c == 0x200 && !svg_has_ext(arg, ".svg"))
		return cli_usage_error("--plot writes SVG: FILE.svg, not '%s'", arg);
	if (c == 0x201 && !svg_has_ext(arg, ".html") && !svg_has_ext(arg, ".htm"))
		return cli_usage_error("--html writes HTML: FILE.html, not '%s'", arg);
	*(c == 0x200 ? &sf->plot : &sf->html) = arg;
	return 0;
}

/* stats --plot, --html: after the report (also of a trapped run's partial counts). */
static int stats_pictures(cli_launch *L, const stats_files *sf, int rc, emu_status st)
{
	if (sf->plot && !plot_stats_write(&L->x, sf->plot)) {
		fprintf(stderr, "simtemu: error: cannot write '%s'\n", sf->plot);
		return CLI_EXIT_INPUT;
	}
	if (sf->html && !html_stats_write(&L->x, L->o.by, L->file, st != EMU_OK ? L->x.trap.msg : NULL, sf->html)) {
		fprintf(stderr, "simtemu: error: cannot write '%s'\n", sf->html);
		return CLI_EXIT_INPUT;
	}
	return rc;
}

/* One launch of run --accelsim-trace (export/accelsim.c sets its hook): run and report. */
static int run_one(cli_launch *L)
{
	char *held;
	emu_status st = launch(L, &held);
	int rc = report(L, st, false, held);
	free(held);
	return rc;
}

/* run and stats: assemble, set up the launch, run, check. */
int cli_cmd_run(int argc, char **argv, bool stats)
{
	static const struct option extra[] = {
		{"plot", required_argument, 0, 0x200}, {"html", required_argument, 0, 0x201}, {0, 0, 0, 0}};
	stats_files sf = {0};
	cli_launch L;
	accel_opts ao = {0};
	int rc = stats ? cli_prepare(&L, argc, argv, extra, &sf, stats_opt)
		       : cli_prepare(&L, argc, argv, accel_options, &ao, accel_opt);
	if (!rc && ao.dir) {
		rc = accel_cmd(&L, &ao, argc, argv, run_one);
		cli_cleanup(&L);
		return rc;
	}
	if (!rc) {
		char *held;
		emu_status st = launch(&L, &held);
		if (st != EMU_OK && L.x.trap.kind == EMU_TRAP_BUDGET && L.x.jobs > 1) {
			/* where CTAs on several threads spend the last of the budget depends on their
			   interleaving: the run on one thread says where, the same for every -j */
			cli_cleanup(&L);
			free(held);
			rc = cli_prepare(&L, argc, argv, stats ? extra : NULL, &sf, stats ? stats_opt : NULL);
			if (rc)
				return rc < 0 ? 0 : rc;
			L.x.jobs = 1;
			st = launch(&L, &held);
		}
		rc = report(&L, st, stats, held);
		if (stats)
			rc = stats_pictures(&L, &sf, rc, st);
		free(held);
	}
	cli_cleanup(&L);
	return rc < 0 ? 0 : rc;
}
