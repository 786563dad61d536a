/* simtemu trace: run, printing one SIMT-stack row per issued instruction (and per pop) of one warp;
   --plot draws its lanes over time (dbg/plot_trace.c). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/launch.h"
#include "dbg/dbg.h"
#include "report/svg.h"
#include "util/num.h"

/* trace's own options: the trace, and --plot's file and column cap */
typedef struct {
	dbg_trace t;
	const char *plot_path;
	int plot_steps;
} trace_opts;

/* --cta, --warp, --format, --no-pops, --plot, --plot-steps */
static int trace_opt(void *user, int c, const char *arg)
{
	trace_opts *to = user;
	dbg_trace *t = &to->t;
	switch (c) {
	case 0x200:
		if (!svg_has_ext(arg, ".svg"))
			return cli_usage_error("--plot writes SVG: FILE.svg, not '%s'", arg);
		to->plot_path = arg;
		return 0;
	case 0x201: {
		int64_t v;
		if (num_parse_i64(arg, 0, 100000, &v) || v < 1)
			return cli_usage_error("--plot-steps takes a number 1..100000, not '%s'", arg);
		to->plot_steps = (int)v;
		return 0;
	}
	case 'C':
	case 'W': {
		int64_t v;
		if (num_parse_i64(arg, 0, INT32_MAX, &v))
			return cli_usage_error("--cta and --warp take a number 0..2147483647, not '%s'", arg);
		*(c == 'C' ? &t->cta : &t->warp) = (int)v;
		return 0;
	}
	case 'F':
		if (!strcmp(arg, "table"))
			t->fmt = DBG_TABLE;
		else if (!strcmp(arg, "csv"))
			t->fmt = DBG_CSV;
		else if (!strcmp(arg, "json"))
			t->fmt = DBG_JSON;
		else
			return cli_usage_error("--format takes table, csv or json, not '%s'", arg);
		return 0;
	case 'N':
		t->pops = false;
		return 0;
	}
	return cli_usage_error("unknown option%s", "");
}

int cli_cmd_trace(int argc, char **argv)
{
	static const struct option extra[] = {
		{"cta", required_argument, 0, 'C'}, {"warp", required_argument, 0, 'W'},
		{"format", required_argument, 0, 'F'}, {"no-pops", no_argument, 0, 'N'},
		{"plot", required_argument, 0, 0x200}, {"plot-steps", required_argument, 0, 0x201}, {0, 0, 0, 0},
	};
	trace_opts to = {.t = {.out = stdout, .fmt = DBG_TABLE, .pops = true}, .plot_steps = 500};
	cli_launch L;
	int rc = cli_prepare(&L, argc, argv, extra, &to, trace_opt);
	if (!rc) { /* a CTA or warp the launch does not have is a usage error */
		uint64_t nctas = (uint64_t)L.x.grid[0] * L.x.grid[1] * L.x.grid[2];
		uint64_t nthreads = (uint64_t)L.x.block[0] * L.x.block[1] * L.x.block[2];
		uint64_t nwarps = (nthreads + (uint64_t)L.x.warp_size - 1) / (uint64_t)L.x.warp_size;
		char m[160];
		if ((uint64_t)to.t.cta >= nctas) {
			snprintf(m, sizeof m, "--cta %%s: no such CTA (the grid has CTAs 0-%llu)", (unsigned long long)nctas - 1);
			snprintf(m + 120, 40, "%d", to.t.cta);
			rc = cli_usage_error(m, m + 120);
		} else if ((uint64_t)to.t.warp >= nwarps) {
			snprintf(m, sizeof m, "--warp %%s: no such warp (a CTA has warps 0-%llu)", (unsigned long long)nwarps - 1);
			snprintf(m + 120, 40, "%d", to.t.warp);
			rc = cli_usage_error(m, m + 120);
		}
	}
	if (!rc) {
		L.x.hook = dbg_trace_hook;
		L.x.hook_user = &to.t;
		to.t.barriers = L.x.prog->rt->model == EMU_CF_BARRIERS;
		if (to.plot_path)
			to.t.plot = dbg_plot_new(to.plot_steps);
		dbg_trace_begin(&to.t);
		emu_status st = emu_launch(&L.x);
		dbg_trace_end(&to.t);
		/* also after a trap: the picture shows where the warp got to */
		if (to.t.plot && !dbg_plot_write(to.t.plot, &L.x, to.t.cta, to.t.warp, to.plot_path)) {
			fprintf(stderr, "simtemu: error: cannot write '%s'\n", to.plot_path);
			rc = CLI_EXIT_INPUT;
		}
		dbg_plot_free(to.t.plot);
		if (st != EMU_OK) {
			fprintf(stderr, "simtemu: %s\n", L.x.trap.msg);
			rc = rc ? rc : CLI_EXIT_TRAPPED;
		} else if (!to.t.step) {
			fprintf(stderr, "simtemu: warning: warp %d of CTA %d issued no instruction (no such warp?)\n",
				to.t.warp, to.t.cta);
		}
	}
	cli_cleanup(&L);
	return rc < 0 ? 0 : rc;
}
