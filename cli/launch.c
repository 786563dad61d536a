/* Preparing a launch for run, stats, trace, debug and compare: read, assemble, configure, apply directives. */
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/launch.h"
#include "convert/ptxin.h"
#include "front/dump.h"
#include "isa/isa.h"
#include "util/xalloc.h"

/* The command line's one piece of process state: set by SIGINT, read by the running
   launch (a signal handler has nowhere else to write). */
static volatile sig_atomic_t cli_interrupted;

static struct timespec cli_first_interrupt;

/* The first SIGINT asks the run to stop (it says where and what it counted); another one
   at least 0.2 s later ends the process at once. A second one sooner is the same request
   delivered twice: timeout(1), for one, signals the child and then its process group. */
static void on_sigint(int sig)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now); /* async-signal-safe */
	if (!cli_interrupted) {
		cli_first_interrupt = now;
		cli_interrupted = 1;
		return;
	}
	double since = (double)(now.tv_sec - cli_first_interrupt.tv_sec) +
		       1e-9 * (double)(now.tv_nsec - cli_first_interrupt.tv_nsec);
	if (since >= 0.2) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

void cli_catch_interrupt(emu_ctx *x)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	x->interrupt = &cli_interrupted;
}

/* --per-cta's records: 2^24 CTAs of 32 bytes are 512 MiB */
#define CLI_MAX_PER_CTA (1u << 24)

/* Geometry and memory sizes: directives first, then the command line. */
static bool configure(emu_ctx *x, const emu_spec *sp, const cli_opts *o)
{
	spec_geometry(sp, x);
	if (o->has_grid)
		memcpy(x->grid, o->grid, sizeof x->grid);
	if (o->has_block)
		memcpy(x->block, o->block, sizeof x->block);
	x->warp_size = o->warp_size;
	x->jobs = o->jobs;
	x->max_steps = o->has_max_steps || !sp->has_max_steps ? o->max_steps : sp->max_steps;
	x->stack_limit = o->stack_depth;
	x->converge_pc = o->converge_pc;
	/* the launcher counts CTAs in 32 bits: a larger grid would quietly run fewer */
	uint64_t nctas = (uint64_t)x->grid[0] * x->grid[1];
	if (nctas > UINT32_MAX || (nctas *= x->grid[2]) > UINT32_MAX) {
		fprintf(stderr, "simtemu: error: a grid of %u x %u x %u CTAs is more than 4294967295 CTAs\n",
			x->grid[0], x->grid[1], x->grid[2]);
		return false;
	}
	if (o->per_cta && nctas > CLI_MAX_PER_CTA) {
		fprintf(stderr, "simtemu: error: --per-cta keeps a record per CTA, at most %u of them; "
			"the grid has %llu\n", CLI_MAX_PER_CTA, (unsigned long long)nctas);
		return false;
	}
	uint64_t nthreads = (uint64_t)x->block[0] * x->block[1] * x->block[2];
	if (nthreads > 1024) {
		fprintf(stderr, "simtemu: error: a CTA of %llu threads is larger than 1024\n",
			(unsigned long long)nthreads);
		return false;
	}
	if (x->local_bytes > (1u << 20) || x->shared_bytes > (1u << 24)) {
		fprintf(stderr, "simtemu: error: .local is limited to 1 MiB and .shared to 16 MiB\n");
		return false;
	}
	for (int i = 0; i < o->ndumps; i++)
		if (!spec_has_buffer(sp, o->dumps[i])) {
			fprintf(stderr, "simtemu: error: --dump %s: no such buffer\n", o->dumps[i]);
			return false;
		}
	return true;
}

/* The target a spec file's .target names (into buf), or NULL */
static const char *spec_target(const char *spec, char *buf, size_t n)
{
	for (const char *l = spec; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		l += strspn(l, " \t");
		if (strncmp(l, ".target", 7) || !strchr(" \t", l[7]))
			continue;
		l += 7 + strspn(l + 7, " \t");
		size_t len = strspn(l, "sm_0123456789abcdef");
		if (len > 3 && len < n && !strncmp(l, "sm_", 3)) {
			snprintf(buf, n, "%.*s", (int)len, l);
			return buf;
		}
	}
	return NULL;
}

/* The architecture to take from an input with several: --target, else the spec's .target */
static const char *cli_want_target(const cli_opts *o, const char *spec)
{
	static char buf[32]; /* the command line's: one input read at a time */
	return o->target ? o->target : spec_target(spec, buf, sizeof buf);
}

/* The listing the toolkit made last, so that debug's replays (a fresh launch each) and
   compare's runs of one file do not compile it again: process state of the command line,
   like cli_interrupted. */
static struct {
	char key[4200];
	char *listing;
} cli_made;

/* Say a note about file once per process (debug's replays prepare it again) */
static bool cli_note_once(const char *file)
{
	static char said[4096];
	if (!strcmp(said, file))
		return false;
	snprintf(said, sizeof said, "%s", file);
	return true;
}

char *cli_read_input(const char *file, const cli_opts *o, const char *spec, int *rc, bool *made)
{
	if (made)
		*made = false;
	size_t n;
	char *b = xread_file(strcmp(file, "-") ? file : "/dev/stdin", &n); /* -: standard input */
	*rc = CLI_EXIT_INPUT;
	if (!b)
		return cli_read_error("", file), NULL;
	in_kind k = in_kind_of(file, b, n);
	if (made)
		*made = k != IN_LISTING;
	if (k == IN_LISTING) {
		if (memchr(b, 0, n)) { /* a binary file is not a listing */
			free(b);
			errno = EINVAL;
			cli_read_error("", file);
			return NULL;
		}
		return b;
	}
	/* compiled for --target, else the spec's .target (PTX: else its own; CUDA C: the default) */
	char key[4200];
	const char *target = cli_want_target(o, spec);
	snprintf(key, sizeof key, "%s\n%s\n%s", file, target ? target : "", o->keep_sass ? o->keep_sass : "");
	if (cli_made.listing && strcmp(file, "-") && !strcmp(key, cli_made.key)) {
		free(b);
		return xstrdup(cli_made.listing);
	}
	char *err = NULL, *listing = in_listing(file, k, b, n, target, o->keep_sass, &err);
	free(b);
	if (!listing) {
		fprintf(stderr, "simtemu: error: %s\n", err ? err : "cannot convert the input");
		free(err);
		return NULL;
	}
	free(cli_made.listing);
	cli_made.listing = xstrdup(listing);
	snprintf(cli_made.key, sizeof cli_made.key, "%s", key);
	return listing;
}

/* Each function as a line a user can paste: "  --kernel NAME --target sm_XX" */
static void candidates(const emu_program *p, FILE *f)
{
	for (int i = 0; i < p->nfuncs; i++)
		fprintf(f, "\n  --kernel %s --target %s", p->funcs[i].name, p->target);
}

/* The function to launch: --kernel, else .kernel, else the first (run says so on stderr,
   unless -q, when there are others). */
static int pick_function(const emu_program *p, const cli_opts *o, const emu_spec *sp, const char *file, bool note)
{
	const char *kname = o->kernel ? o->kernel : sp->kernel;
	int fi = kname ? emu_find_func(p, kname) : 0;
	if (fi < 0) {
		fprintf(stderr, "simtemu: error: no function '%s' in %s; it has, one launch a line:", kname, file);
		candidates(p, stderr);
		fprintf(stderr, "\n");
	} else if (note && !kname && p->nfuncs > 1 && !o->quiet && cli_note_once(file)) {
		fprintf(stderr, "simtemu: note: %s has %d functions; running the first, %s; to pick one, add one "
			"of these (-q: no note):", file, p->nfuncs, p->funcs[0].name);
		candidates(p, stderr);
		fprintf(stderr, "\n");
	}
	return fi;
}

/* Parse options, assemble, apply directives (warn: about constant reads nothing set).
   0 when ready; else the exit status. */
static int prepare(cli_launch *L, int argc, char **argv, const struct option *extra, void *user,
		   cli_extra_fn extra_opt, bool warn)
{
	memset(L, 0, sizeof *L);
	int r = cli_parse_opts(argc, argv, &L->o, &L->file, extra, user, extra_opt);
	if (r)
		return r < 0 ? -1 : r;
	if (L->o.spec && !(L->spec_src = cli_read_text(L->o.spec)))
		return cli_read_error("spec file ", L->o.spec);
	int rc;
	bool made;
	if (!(L->src = cli_read_input(L->file, &L->o, L->spec_src, &rc, &made)))
		return rc;
	/* locations in a listing the toolkit made: the kept one's, else "FILE's SASS" */
	if (made && !L->o.keep_sass)
		snprintf(L->loc, sizeof L->loc, "%s's SASS", L->file);
	const char *loc = !made ? L->file : L->o.keep_sass ? L->o.keep_sass : L->loc;
	/* a whole cuobjdump output: the SASS, and what its ELF sections say */
	char *dump_dirs = NULL;
	char *src = L->src;
	L->src = NULL; /* dump_read_own's now: returned, or freed */
	if (!(L->src = dump_read_own(loc, src, &L->sp, cli_want_target(&L->o, L->spec_src), &dump_dirs, stderr)))
		return CLI_EXIT_INPUT;
	int errs = spec_parse(&L->sp, loc, L->src, stderr);
	if (L->spec_src)
		errs += spec_parse(&L->sp, L->o.spec, L->spec_src, stderr);
	if (dump_dirs)
		errs += spec_parse_more(&L->sp, loc, dump_dirs, stderr);
	free(dump_dirs);
	if (!L->o.target && L->sp.target && isa_dialect_of(L->sp.target) == ISA_DIALECT_NONE)
		return CLI_EXIT_INPUT; /* a .target this build does not run: reported at its line */
	char *dflt = cli_base_name(L->file);
	/* --target, else a .target directive (of the listing or --spec: named in the messages) */
	L->p = emu_assemble_at(loc, L->src, L->o.target ? L->o.target : L->sp.target,
			       L->o.target ? NULL : L->sp.target_at, L->sp.kernel ? L->sp.kernel : dflt, stderr);
	free(dflt);
	int fi;
	if (!L->p || errs || (fi = pick_function(L->p, &L->o, &L->sp, L->file, !strcmp(argv[0], "run"))) < 0)
		return CLI_EXIT_INPUT;
	emu_ctx_init(&L->x, L->p, &L->p->funcs[fi]);
	L->have_ctx = true;
	if (!configure(&L->x, &L->sp, &L->o))
		return CLI_EXIT_INPUT;
	if (L->o.per_cta)
		L->x.cta_stats = xcalloc((size_t)L->x.grid[0] * L->x.grid[1] * L->x.grid[2], sizeof *L->x.cta_stats);
	spec_written_abi(&L->w, &L->x); /* writes the ABI too */
	if (L->o.printf_path) {
		if (!(L->printf_out = fopen(L->o.printf_path, "w")))
			return cli_usage_error("cannot write --printf '%s'", L->o.printf_path);
		L->x.printf_out = L->printf_out;
	}
	if (spec_apply_marked(&L->sp, &L->x, stderr, &L->w))
		return CLI_EXIT_INPUT;
	if (warn)
		spec_warn_unset(&L->x, &L->w, stderr);
	return 0;
}

int cli_prepare(cli_launch *L, int argc, char **argv, const struct option *extra, void *user,
		cli_extra_fn extra_opt)
{
	return prepare(L, argc, argv, extra, user, extra_opt, true);
}

int cli_prepare_quiet(cli_launch *L, int argc, char **argv, const struct option *extra, void *user,
		      cli_extra_fn extra_opt)
{
	return prepare(L, argc, argv, extra, user, extra_opt, false);
}

void cli_cleanup(cli_launch *L)
{
	if (L->printf_out)
		fclose(L->printf_out);
	L->printf_out = NULL;
	if (L->have_ctx)
		free(L->x.cta_stats);
	if (L->have_ctx)
		emu_ctx_free(&L->x);
	emu_program_free(L->p);
	spec_free(&L->sp);
	spec_written_free(&L->w);
	free(L->src);
	free(L->spec_src);
}

void cli_report_interrupt(const emu_ctx *x)
{
	/* the trap's second line says where: "  kernel K, CTA (..), warp W, pc 0x.. (file:line): text" */
	const char *where = strstr(x->trap.msg, "\n  ");
	fprintf(stderr, "simtemu: interrupted%s%s\n", where ? ": " : "", where ? where + 3 : "");
}

char *cli_sass_of(const char *file, char *src, emu_spec *sp, const char *target)
{
	char *dirs = NULL, *sass = dump_read_own(file, src, sp, target, &dirs, stderr);
	free(dirs);
	return sass;
}
