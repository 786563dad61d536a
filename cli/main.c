/* simtemu command line: run, stats, asm, isa (SPEC section 1). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu/emu.h"
#include "cli/compare.h"
#include "cli/convert.h"
#include "front/ptxplus_read.h"
#include "cli/spec_run.h"
#include "emu/stats.h"
#include "util/xalloc.h"
#include "dbg/dbg.h"
#include "isa/isa.h"

enum { EXIT_EXPECT = 1, EXIT_INPUT = 2, EXIT_TRAPPED = 3, EXIT_INTERNAL = 4 };

typedef struct {
	const char *spec, *kernel, *target, *counts, *by;
	const char *dumps[32];
	int ndumps;
	uint32_t grid[3], block[3];
	bool has_grid, has_block;
	int warp_size, jobs, stack_depth;
	uint64_t max_steps;
	bool quiet, per_cta;
} opts;

static const char usage_text[] =
	"usage: simtemu COMMAND [options] FILE\n"
	"FILE: a Fermi (sm_20/21) or Tesla (sm_10-13) SASS listing (cuobjdump -sass or\n"
	"      hand-written), or PTXPlus of either (simtemu's or GPGPU-Sim's)\n"
	"\n"
	"commands:\n"
	"  run     FILE      assemble, launch, check .expect, print a summary\n"
	"  stats   FILE      run, then print per-opcode dynamic counts\n"
	"  asm     FILE      assemble only; list the decoded program or the errors\n"
	"  trace   FILE      run, printing one SIMT-stack row per instruction of one warp\n"
	"                    (--cta C --warp W, --format table|csv|json, --no-pops)\n"
	"  debug   FILE      gdb-like debugger (help inside); --batch FILE reads commands\n"
	"                    from FILE, as does a stdin that is not a terminal\n"
	"  isa               list the supported opcodes and modifiers (--target sm_XX)\n"
	"  convert --to ptxplus FILE   print a SASS listing as PTXPlus\n"
	"  convert --to sass FILE      print PTXPlus as a SASS listing\n"
	"  compare A B       run both on the same launch options, compare their output\n"
	"                    buffers (--tol EPS for floats) and print their counts side by\n"
	"                    side with differences (--by, --counts; --plot FILE.svg)\n"
	"\n"
	"options for run, stats, trace, debug and compare:\n"
	"  --spec FILE          extra directive file (overrides the kernel file's directives)\n"
	"  --kernel NAME        function to launch (default: .kernel, else the first)\n"
	"  --grid X[,Y[,Z]]     grid size in CTAs (default 1)\n"
	"  --block X[,Y[,Z]]    CTA size in threads (default 32)\n"
	"  --target sm_XX       dialect (default: from the listing, else sm_20)\n"
	"  --warp-size N        lanes per warp, 1..32 (default 32)\n"
	"  --max-steps N        warp-instruction budget (default 1e10); exhausting it traps\n"
	"  --stack-depth N      SIMT stack limit in tokens (default 64)\n"
	"  --dump NAME          print a buffer after the run (repeatable)\n"
	"  --counts FMT         stats format: table, csv or json (default table)\n"
	"  --by KEY             stats rows by opcode, mnemonic, class or pc (default opcode)\n"
	"  --per-cta            stats: also each CTA's totals\n"
	"  -j N                 run CTAs on N worker threads (results and counts do not change)\n"
	"  -q                   no summary\n"
	"  -h, --help           this text\n"
	"\n"
	"exit status: 0 ok and every .expect held; 1 an .expect failed; 2 bad input\n"
	"(usage, assembly or directive error); 3 the kernel trapped; 4 internal error\n";

static int usage_error(const char *fmt, const char *a)
{
	fprintf(stderr, "simtemu: ");
	fprintf(stderr, fmt, a);
	fprintf(stderr, "\n(see 'simtemu --help')\n");
	return EXIT_INPUT;
}

static char *read_text(const char *path)
{
	size_t n;
	char *b = xread_file(path, &n);
	if (b && memchr(b, 0, n)) { /* a binary file is not a listing */
		free(b);
		errno = EINVAL;
		return NULL;
	}
	return b;
}

static bool parse_dims(const char *s, uint32_t d[3])
{
	d[0] = d[1] = d[2] = 1;
	for (int i = 0; i < 3; i++) {
		char *e;
		errno = 0;
		unsigned long v = strtoul(s, &e, 0);
		if (e == s || errno || v == 0 || v > 0xffffffffUL)
			return false;
		d[i] = (uint32_t)v;
		if (!*e)
			return true;
		if (*e != ',' && *e != 'x')
			return false;
		s = e + 1;
	}
	return false;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *e;
	errno = 0;
	double d = strtod(s, &e); /* accepts 1e10 as well as plain integers */
	if (e == s || *e || errno || d < 1 || d > 1.8e19)
		return false;
	*v = (uint64_t)d;
	return true;
}

static int parse_opts(int argc, char **argv, opts *o, const char **file, const struct option *extra,
		      void *extra_user, int (*extra_opt)(void *user, int c, const char *arg))
{
	static const struct option base[] = {
		{"spec", required_argument, 0, 's'}, {"kernel", required_argument, 0, 'k'},
		{"grid", required_argument, 0, 'g'}, {"block", required_argument, 0, 'b'},
		{"target", required_argument, 0, 't'}, {"warp-size", required_argument, 0, 'w'},
		{"max-steps", required_argument, 0, 'm'}, {"dump", required_argument, 0, 'd'},
		{"counts", required_argument, 0, 'c'}, {"by", required_argument, 0, 'y'},
		{"stack-depth", required_argument, 0, 'S'}, {"help", no_argument, 0, 'h'},
		{"per-cta", no_argument, 0, 'P'},
		{0, 0, 0, 0},
	};
	struct option lo[32];
	int nlo = 0;
	for (int i = 0; base[i].name; i++)
		lo[nlo++] = base[i];
	for (int i = 0; extra && extra[i].name && nlo < 31; i++)
		lo[nlo++] = extra[i];
	lo[nlo] = (struct option){0, 0, 0, 0};
	memset(o, 0, sizeof *o);
	o->warp_size = 32;
	o->jobs = 1;
	o->stack_depth = 64;
	o->max_steps = 10000000000ull;
	o->counts = "table";
	o->by = "opcode";
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":j:qh", lo, NULL)) != -1) {
		switch (c) {
		case 's': o->spec = optarg; break;
		case 'k': o->kernel = optarg; break;
		case 't': o->target = optarg; break;
		case 'g':
			if (!parse_dims(optarg, o->grid))
				return usage_error("bad --grid '%s' (want X[,Y[,Z]], each >= 1)", optarg);
			o->has_grid = true;
			break;
		case 'b':
			if (!parse_dims(optarg, o->block))
				return usage_error("bad --block '%s' (want X[,Y[,Z]], each >= 1)", optarg);
			o->has_block = true;
			break;
		case 'w':
			o->warp_size = atoi(optarg);
			if (o->warp_size < 1 || o->warp_size > 32)
				return usage_error("--warp-size must be 1..32, not '%s'", optarg);
			break;
		case 'm':
			if (!parse_u64(optarg, &o->max_steps))
				return usage_error("bad --max-steps '%s'", optarg);
			break;
		case 'S':
			o->stack_depth = atoi(optarg);
			if (o->stack_depth < 1 || o->stack_depth > 100000)
				return usage_error("bad --stack-depth '%s'", optarg);
			break;
		case 'd':
			if (o->ndumps == 32)
				return usage_error("too many --dump options%s", "");
			o->dumps[o->ndumps++] = optarg;
			break;
		case 'c':
			if (stats_parse_fmt(optarg) < 0)
				return usage_error("--counts takes table, csv or json, not '%s'", optarg);
			o->counts = optarg;
			break;
		case 'y':
			if (stats_parse_by(optarg) < 0)
				return usage_error("--by takes opcode, mnemonic, class or pc, not '%s'", optarg);
			o->by = optarg;
			break;
		case 'j':
			o->jobs = atoi(optarg);
			if (o->jobs < 1)
				return usage_error("-j needs a positive number, not '%s'", optarg);
			break;
		case 'q': o->quiet = true; break;
		case 'P': o->per_cta = true; break;
		case 'h': fputs(usage_text, stdout); return -1;
		case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
		case '?': return usage_error("unknown option '%s'", argv[optind - 1]);
		default:
			if (extra_opt) {
				int r = extra_opt(extra_user, c, optarg);
				if (r)
					return r;
				break;
			}
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return usage_error(optind >= argc ? "missing FILE%s" : "one FILE expected%s", "");
	*file = argv[optind];
	return 0;
}

static char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	char *s = strdup(b);
	if (!s)
		return NULL;
	char *dot = strrchr(s, '.');
	if (dot && dot != s)
		*dot = 0;
	return s;
}

static int cmd_asm(int argc, char **argv)
{
	opts o;
	const char *file;
	int r = parse_opts(argc, argv, &o, &file, NULL, NULL, NULL);
	if (r)
		return r < 0 ? 0 : r;
	char *src = read_text(file);
	if (!src)
		return usage_error("cannot read '%s'", file);
	emu_spec sp = {0};
	int errs = spec_parse(&sp, file, src, stderr);
	const char *target = o.target ? o.target : sp.target;
	char *dflt = base_name(file);
	emu_program *p = emu_assemble(file, src, target, sp.kernel ? sp.kernel : dflt, stderr);
	free(dflt);
	if (p && !errs)
		emu_program_list(p, stdout);
	int rc = p && !errs ? 0 : EXIT_INPUT;
	emu_program_free(p);
	spec_free(&sp);
	free(src);
	return rc;
}

/* Geometry and memory sizes: directives first, then the command line. */
static bool configure(emu_ctx *x, const emu_spec *sp, const opts *o)
{
	spec_geometry(sp, x);
	if (o->has_grid)
		memcpy(x->grid, o->grid, sizeof x->grid);
	if (o->has_block)
		memcpy(x->block, o->block, sizeof x->block);
	x->warp_size = o->warp_size;
	x->jobs = o->jobs;
	x->max_steps = o->max_steps;
	x->stack_limit = o->stack_depth;
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

/* After a run: dumps, .expect checks, then the summary or the statistics. */
static int report(emu_ctx *x, const emu_spec *sp, const opts *o, bool stats)
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
		printf("result: %s (%d of %d .expect held)\n", failed ? "FAIL" : "ok", nchecked - failed,
		       nchecked);
	}
	return failed ? EXIT_EXPECT : 0;
}

/* The function to launch: --kernel, else .kernel, else the first. */
static int pick_function(const emu_program *p, const opts *o, const emu_spec *sp, const char *file)
{
	const char *kname = o->kernel ? o->kernel : sp->kernel;
	int fi = kname ? emu_find_func(p, kname) : 0;
	if (fi < 0) {
		fprintf(stderr, "simtemu: error: no function '%s' in %s (it has:", kname, file);
		for (int i = 0; i < p->nfuncs; i++)
			fprintf(stderr, " %s", p->funcs[i].name);
		fprintf(stderr, ")\n");
	}
	return fi;
}

/* A launch made ready: program assembled, directives applied, context set up. */
typedef struct {
	opts o;
	const char *file;
	char *src, *spec_src;
	emu_spec sp;
	emu_program *p;
	emu_ctx x;
	bool have_ctx;
} launch;

/* Parse options, assemble, apply directives. 0 when ready; else the exit status. */
static int prepare(launch *L, int argc, char **argv, const struct option *extra,
		   int (*extra_opt)(launch *L, int c, const char *arg))
{
	memset(L, 0, sizeof *L);
	int r = parse_opts(argc, argv, &L->o, &L->file, extra, extra_opt ? (void *)L : NULL,
			   (int (*)(void *, int, const char *))extra_opt);
	if (r)
		return r < 0 ? -1 : r;
	L->src = read_text(L->file);
	if (!L->src)
		return usage_error("cannot read '%s'", L->file);
	int errs = spec_parse(&L->sp, L->file, L->src, stderr);
	if (L->o.spec && !(L->spec_src = read_text(L->o.spec)))
		return usage_error("cannot read spec file '%s'", L->o.spec);
	if (L->spec_src)
		errs += spec_parse(&L->sp, L->o.spec, L->spec_src, stderr);
	char *dflt = base_name(L->file);
	L->p = emu_assemble(L->file, L->src, L->o.target ? L->o.target : L->sp.target,
			    L->sp.kernel ? L->sp.kernel : dflt, stderr);
	free(dflt);
	int fi;
	if (!L->p || errs || (fi = pick_function(L->p, &L->o, &L->sp, L->file)) < 0)
		return EXIT_INPUT;
	emu_ctx_init(&L->x, L->p, &L->p->funcs[fi]);
	L->have_ctx = true;
	if (!configure(&L->x, &L->sp, &L->o))
		return EXIT_INPUT;
	if (L->o.per_cta)
		L->x.cta_stats = xcalloc((size_t)L->x.grid[0] * L->x.grid[1] * L->x.grid[2], sizeof *L->x.cta_stats);
	emu_abi_setup(&L->x);
	return spec_apply(&L->sp, &L->x, stderr) ? EXIT_INPUT : 0;
}

static void cleanup(launch *L)
{
	if (L->have_ctx)
		free(L->x.cta_stats);
	if (L->have_ctx)
		emu_ctx_free(&L->x);
	emu_program_free(L->p);
	spec_free(&L->sp);
	free(L->src);
	free(L->spec_src);
}

/* run and stats: assemble, set up the launch, run, check. */
static int cmd_run(int argc, char **argv, bool stats)
{
	launch L;
	int rc = prepare(&L, argc, argv, NULL, NULL);
	if (!rc) {
		if (emu_launch(&L.x) != EMU_OK) {
			fprintf(stderr, "simtemu: %s\n", L.x.trap.msg);
			rc = EXIT_TRAPPED;
		} else
			rc = report(&L.x, &L.sp, &L.o, stats);
	}
	cleanup(&L);
	return rc < 0 ? 0 : rc;
}

/* trace: one row per issued instruction (and per pop) of one warp. */
static dbg_trace trace_opts;

static int trace_opt(launch *L, int c, const char *arg)
{
	(void)L;
	char *e;
	switch (c) {
	case 'C':
	case 'W': {
		long v = strtol(arg, &e, 0);
		if (*e || v < 0)
			return usage_error("--cta and --warp take a number, not '%s'", arg);
		*(c == 'C' ? &trace_opts.cta : &trace_opts.warp) = (int)v;
		return 0;
	}
	case 'F':
		if (!strcmp(arg, "table"))
			trace_opts.fmt = DBG_TABLE;
		else if (!strcmp(arg, "csv"))
			trace_opts.fmt = DBG_CSV;
		else if (!strcmp(arg, "json"))
			trace_opts.fmt = DBG_JSON;
		else
			return usage_error("--format takes table, csv or json, not '%s'", arg);
		return 0;
	case 'N':
		trace_opts.pops = false;
		return 0;
	}
	return usage_error("unknown option%s", "");
}

static int cmd_trace(int argc, char **argv)
{
	static const struct option extra[] = {
		{"cta", required_argument, 0, 'C'}, {"warp", required_argument, 0, 'W'},
		{"format", required_argument, 0, 'F'}, {"no-pops", no_argument, 0, 'N'}, {0, 0, 0, 0},
	};
	trace_opts = (dbg_trace){.out = stdout, .fmt = DBG_TABLE, .pops = true};
	launch L;
	int rc = prepare(&L, argc, argv, extra, trace_opt);
	if (!rc) {
		L.x.hook = dbg_trace_hook;
		L.x.hook_user = &trace_opts;
		dbg_trace_begin(stdout, trace_opts.fmt);
		emu_status st = emu_launch(&L.x);
		dbg_trace_end(stdout, trace_opts.fmt);
		if (st != EMU_OK) {
			fprintf(stderr, "simtemu: %s\n", L.x.trap.msg);
			rc = EXIT_TRAPPED;
		} else if (!trace_opts.step) {
			fprintf(stderr, "simtemu: warning: warp %d of CTA %d issued no instruction (no such warp?)\n",
				trace_opts.warp, trace_opts.cta);
		}
	}
	cleanup(&L);
	return rc < 0 ? 0 : rc;
}

/* debug: the command loop runs inside the interpreter's hook. */
static const char *debug_batch;

static int debug_opt(launch *L, int c, const char *arg)
{
	(void)L;
	if (c == 'B') {
		debug_batch = arg;
		return 0;
	}
	return usage_error("unknown option%s", "");
}

static int cmd_debug(int argc, char **argv)
{
	static const struct option extra[] = {{"batch", required_argument, 0, 'B'}, {0, 0, 0, 0}};
	debug_batch = NULL;
	launch L;
	int rc = prepare(&L, argc, argv, extra, debug_opt);
	FILE *in = stdin;
	if (!rc && debug_batch && !(in = fopen(debug_batch, "r")))
		rc = usage_error("cannot read '%s'", debug_batch);
	if (!rc) {
		bool tty = !debug_batch && isatty(0) && isatty(1);
		dbg_session *d = dbg_new(in, stdout, tty, L.src);
		L.x.hook = dbg_hook;
		L.x.hook_user = d;
		emu_launch(&L.x);
		/* reverse-step: the run is deterministic, so it replays from a fresh launch */
		while (!rc && dbg_replay_requested(d)) {
			cleanup(&L);
			rc = prepare(&L, argc, argv, extra, debug_opt);
			if (rc)
				break;
			L.x.hook = dbg_hook;
			L.x.hook_user = d;
			emu_launch(&L.x);
		}
		int n = 0;
		if (L.x.trap.msg[0])
			rc = EXIT_TRAPPED;
		else if (dbg_finished(d)) /* the .expect lines hold or not */
			rc = spec_check(&L.sp, &L.x, stdout, stderr, &n) ? EXIT_EXPECT : 0;
		else
			printf("quit before the kernel finished: .expect not checked\n");
		dbg_free(d);
	}
	if (in && in != stdin)
		fclose(in);
	cleanup(&L);
	return rc < 0 ? 0 : rc;
}

/* convert --to ptxplus|sass FILE */
static int cmd_convert(int argc, char **argv)
{
	const char *to = NULL, *file = NULL, *target = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--to") && i + 1 < argc)
			to = argv[++i];
		else if (!strncmp(argv[i], "--to=", 5))
			to = argv[i] + 5;
		else if (!strcmp(argv[i], "--target") && i + 1 < argc)
			target = argv[++i];
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts("usage: simtemu convert --to ptxplus [--target sm_XX] FILE.sass\n"
			     "       simtemu convert --to sass [--target sm_XX] FILE.ptxplus");
			return 0;
		} else if (argv[i][0] == '-')
			return usage_error("unknown option '%s'", argv[i]);
		else if (file)
			return usage_error("one FILE expected%s", "");
		else
			file = argv[i];
	}
	if (!to || !file)
		return usage_error("usage: simtemu convert --to ptxplus|sass FILE%s", "");
	if (strcmp(to, "ptxplus") && strcmp(to, "sass"))
		return usage_error("--to takes ptxplus or sass, not '%s'", to);
	char *src = read_text(file);
	if (!src)
		return usage_error("cannot read '%s'", file);
	bool is_ptx = ptx_looks_like(src);
	if (is_ptx != !strcmp(to, "sass")) {
		fprintf(stderr, "simtemu: error: %s %s; convert --to %s reads %s\n", file,
			is_ptx ? "is PTXPlus already" : "does not look like PTXPlus (no .entry, .version or //HEADER line)",
			to, is_ptx ? "a SASS listing" : "PTXPlus");
		free(src);
		return EXIT_INPUT;
	}
	emu_spec sp = {0};
	spec_parse(&sp, file, src, stderr);
	char *dflt = base_name(file);
	int (*conv)(const char *, const char *, const char *, const char *, FILE *, FILE *) =
		!strcmp(to, "sass") ? ptx_convert_to_sass : ptx_convert_to_ptxplus;
	int rc = conv(file, src, target ? target : sp.target, sp.kernel ? sp.kernel : dflt, stdout, stderr) ? EXIT_INPUT
													    : 0;
	free(dflt);
	spec_free(&sp);
	free(src);
	return rc;
}

static int cmd_isa(int argc, char **argv)
{
	const char *target = "sm_20";
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--target") && i + 1 < argc)
			target = argv[++i];
		else if (!strncmp(argv[i], "--target=", 9))
			target = argv[i] + 9;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts("usage: simtemu isa [--target sm_XX]");
			return 0;
		} else
			return usage_error("unexpected argument '%s'", argv[i]);
	}
	isa_dialect d = isa_dialect_of(target);
	if (d == ISA_DIALECT_NONE)
		return usage_error("unsupported target '%s' (this build runs sm_10-sm_13, sm_20 and sm_21)", target);
	isa_print(d, target);
	return 0;
}

/* compare [opts] A B: both files run with the same options, each with its own directives
   and ABI; outputs compared by buffer name, counts side by side. */
static const char *plot_path;
static const char *cmp_ignored[16];
static int cmp_nignored;
static double cmp_tol;
static bool cmp_tol_given;

static int compare_opt(launch *L, int c, const char *arg)
{
	(void)L;
	char *e;
	switch (c) {
	case 'O':
		plot_path = arg;
		return 0;
	case 'I': /* prepare() reads the options once for A and once for B */
		for (int i = 0; i < cmp_nignored; i++)
			if (!strcmp(cmp_ignored[i], arg))
				return 0;
		if (cmp_nignored == 16)
			return usage_error("at most 16 --ignore options%s", "");
		cmp_ignored[cmp_nignored++] = arg;
		return 0;
	case 'T':
		cmp_tol_given = true;
		cmp_tol = strtod(arg, &e);
		if (e == arg || *e || !(cmp_tol >= 0))
			return usage_error("--tol takes a number >= 0, not '%s'", arg);
		return 0;
	}
	return usage_error("unknown option%s", "");
}

static int cmd_compare(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts("usage: simtemu compare [options] A B\n"
			     "  runs A and B with the same options (each also with its own directives), checks\n"
			     "  every .expect, compares the output buffers they share by name (bit for bit, or\n"
			     "  for floats within --tol EPS, else the largest .expect tol=) and prints per-key\n"
			     "  counts side by side with B-A and percent; --by, --counts table|csv|json,\n"
			     "  --plot FILE.svg; --ignore NAME leaves a buffer out of the comparison (clock\n"
			     "  samples); exit 1 if an .expect fails or an output differs. Other options as\n"
			     "  for run (simtemu --help).");
			return 0;
		}
	/* the two files: the arguments that are neither options nor option values */
	static const char *const valued[] = {"--spec", "--kernel", "--grid", "--block", "--target", "--warp-size",
					     "--max-steps", "--dump", "--counts", "--by", "--stack-depth", "-j",
					     "--plot", "--tol", "--ignore", NULL};
	int pos[3], npos = 0;
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] != '-') {
			if (npos < 3)
				pos[npos] = i;
			npos++;
			continue;
		}
		for (int k = 0; valued[k]; k++)
			if (!strcmp(argv[i], valued[k]))
				i++;
	}
	if (npos != 2)
		return usage_error("usage: simtemu compare [options] A B%s", "");
	static const struct option extra[] = {
		{"plot", required_argument, 0, 'O'}, {"tol", required_argument, 0, 'T'},
		{"ignore", required_argument, 0, 'I'}, {0, 0, 0, 0}};
	char **va = xcalloc((size_t)argc, sizeof *va), **vb = xcalloc((size_t)argc, sizeof *vb);
	int na = 0, nb = 0;
	for (int i = 0; i < argc; i++) {
		if (i != pos[1])
			va[na++] = argv[i];
		if (i != pos[0])
			vb[nb++] = argv[i];
	}
	launch A, B;
	memset(&B, 0, sizeof B);
	int rc = prepare(&A, argc - 1, va, extra, compare_opt);
	int rb = rc ? rc : prepare(&B, argc - 1, vb, extra, compare_opt);
	if (!rc && rb)
		rc = rb;
	if (!rc && emu_launch(&A.x) != EMU_OK) {
		fprintf(stderr, "simtemu: A: %s\n", A.x.trap.msg);
		rc = EXIT_TRAPPED;
	}
	if (!rc && emu_launch(&B.x) != EMU_OK) {
		fprintf(stderr, "simtemu: B: %s\n", B.x.trap.msg);
		rc = EXIT_TRAPPED;
	}
	if (!rc) {
		stats_fmt fmt = (stats_fmt)stats_parse_fmt(A.o.counts);
		/* each run's .expect reports, prefixed A / B */
		int n[2] = {0, 0}, failed = 0;
		for (int r = 0; r < 2; r++) {
			char *text = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&text, &len);
			if (!m)
				break;
			launch *R = r ? &B : &A;
			failed += spec_check(&R->sp, &R->x, m, stderr, &n[r]);
			fclose(m);
			for (char *l = text; !A.o.quiet && l && *l;) { /* stderr beside CSV and JSON */
				size_t k = strcspn(l, "\n");
				fprintf(fmt == STATS_TABLE ? stdout : stderr, "%c: %.*s\n", r ? 'B' : 'A', (int)k, l);
				l += k + (l[k] == '\n');
			}
			free(text);
		}
		int n1 = n[0], n2 = n[1];
		/* without --tol, the largest tol= of either file's .expect lines */
		double tol = cmp_tol;
		for (int r = 0; r < 2 && !cmp_tol_given; r++) {
			const emu_spec *sp = r ? &B.sp : &A.sp;
			for (int i = 0; i < sp->nexpects; i++)
				if (sp->expects[i].has_tol && sp->expects[i].tol > tol)
					tol = sp->expects[i].tol;
		}
		cmp_buf *bufs;
		int nbufs, ndiff = cmp_buffers(&A.x, &B.x, tol, &bufs, &nbufs);
		for (int i = 0; i < cmp_nignored; i++) {
			int d = cmp_ignore(bufs, nbufs, cmp_ignored[i]);
			if (d < 0) {
				fprintf(stderr, "simtemu: error: --ignore %s: no output of that name in both runs\n",
					cmp_ignored[i]);
				rc = EXIT_INPUT;
			}
			ndiff -= d > 0 ? d : 0;
		}
		stats_by by = (stats_by)stats_parse_by(A.o.by);
		cmp_print(&A.x, A.file, &B.x, B.file, by, fmt, bufs, nbufs, stdout);
		if (plot_path && !cmp_svg(&A.x, A.file, &B.x, B.file, by, plot_path)) {
			fprintf(stderr, "simtemu: error: cannot write '%s'\n", plot_path);
			rc = EXIT_INPUT;
		}
		if (!rc && fmt == STATS_TABLE && !A.o.quiet)
			printf("\nresult: %s (%d of %d .expect held; %d of %d shared outputs identical)\n",
			       failed || ndiff ? "FAIL" : "ok", n1 + n2 - failed, n1 + n2, nbufs - ndiff, nbufs);
		if (!rc && (failed || ndiff))
			rc = EXIT_EXPECT;
		free(bufs);
	}
	cleanup(&A);
	cleanup(&B);
	free(va);
	free(vb);
	return rc < 0 ? 0 : rc;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage_error("missing COMMAND%s", "");
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (!strcmp(cmd, "run"))
		return cmd_run(argc - 1, argv + 1, false);
	if (!strcmp(cmd, "stats"))
		return cmd_run(argc - 1, argv + 1, true);
	if (!strcmp(cmd, "asm"))
		return cmd_asm(argc - 1, argv + 1);
	if (!strcmp(cmd, "isa"))
		return cmd_isa(argc - 1, argv + 1);
	if (!strcmp(cmd, "trace"))
		return cmd_trace(argc - 1, argv + 1);
	if (!strcmp(cmd, "debug"))
		return cmd_debug(argc - 1, argv + 1);
	if (!strcmp(cmd, "convert"))
		return cmd_convert(argc - 1, argv + 1);
	if (!strcmp(cmd, "compare"))
		return cmd_compare(argc - 1, argv + 1);
	return usage_error("unknown command '%s'", cmd);
}
