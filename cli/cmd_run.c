/* simtemu run and stats: launch, check .expect, print the summary or the per-opcode counts. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cmd.h"
#include "cli/launch.h"
#include "emu/stats.h"

/* After a run: dumps, .expect checks, then the summary or the statistics. */
static int report(emu_ctx *x, const emu_spec *sp, const cli_opts *o, bool stats)
{
	for (int i = 0; i < o->ndumps; i++)
		spec_dump(x, o->dumps[i], stdout);
	int nchecked = 0;
	FILE *devnull = o->quiet ? fopen("/dev/null", "w") : NULL;
	/* CSV and JSON statistics keep stdout machine-readable: the .expect reports go to stderr */
	bool machine = stats && stats_parse_fmt(o->counts) != STATS_TABLE;
	int failed = spec_check(sp, x, devnull ? devnull : machine ? stderr : stdout, stderr, &nchecked);
	if (devnull)
		fclose(devnull);
	if (stats)
		stats_print(x, (stats_by)stats_parse_by(o->by), (stats_fmt)stats_parse_fmt(o->counts), stdout);
	else if (!o->quiet) {
		stats_totals t = stats_total(x);
		printf("kernel %s (%s)  grid %u,%u,%u  block %u,%u,%u  warp size %d\n", x->f->name,
		       x->prog->target, x->grid[0], x->grid[1], x->grid[2], x->block[0], x->block[1],
		       x->block[2], x->warp_size);
		printf("warp_inst %llu  thread_inst %llu  active_thread_inst %llu  pred_off %llu  "
		       "simd_efficiency %.4f\n", (unsigned long long)t.warp, (unsigned long long)t.thread,
		       (unsigned long long)t.active, (unsigned long long)t.predoff, stats_simd_efficiency(x));
		if (!nchecked)
			printf("result: ok (nothing checked: no .expect)\n");
		else
			printf("result: %s (%d of %d .expect held)\n", failed ? "FAIL" : "ok", nchecked - failed,
			       nchecked);
	}
	return failed ? CLI_EXIT_EXPECT : 0;
}

/* An interrupted run: where it was, and for stats the counts so far, marked partial. */
static int interrupted(emu_ctx *x, const cli_opts *o, bool stats)
{
	cli_report_interrupt(x);
	if (stats) {
		stats_fmt fmt = (stats_fmt)stats_parse_fmt(o->counts);
		stats_print(x, (stats_by)stats_parse_by(o->by), fmt, stdout);
		fprintf(fmt == STATS_TABLE ? stdout : stderr, "partial counts: the run was interrupted\n");
	}
	return CLI_EXIT_INTERRUPTED;
}

/* run and stats: assemble, set up the launch, run, check. */
int cli_cmd_run(int argc, char **argv, bool stats)
{
	cli_launch L;
	int rc = cli_prepare(&L, argc, argv, NULL, NULL, NULL);
	if (!rc) {
		cli_catch_interrupt(&L.x);
		emu_status st = emu_launch(&L.x);
		if (st != EMU_OK && L.x.trap.kind == EMU_TRAP_BUDGET && L.x.jobs > 1) {
			/* where CTAs on several threads spend the last of the budget depends on their
			   interleaving: the run on one thread says where, the same for every -j */
			cli_cleanup(&L);
			rc = cli_prepare(&L, argc, argv, NULL, NULL, NULL);
			if (rc)
				return rc < 0 ? 0 : rc;
			cli_catch_interrupt(&L.x);
			L.x.jobs = 1;
			st = emu_launch(&L.x);
		}
		if (st != EMU_OK && L.x.trap.kind == EMU_TRAP_INTERRUPT)
			rc = interrupted(&L.x, &L.o, stats);
		else if (st != EMU_OK) {
			fprintf(stderr, "simtemu: %s\n", L.x.trap.msg);
			rc = CLI_EXIT_TRAPPED;
		} else
			rc = report(&L.x, &L.sp, &L.o, stats);
	}
	cli_cleanup(&L);
	return rc < 0 ? 0 : rc;
}
