/* Options shared by the running commands (run, stats, trace, debug, compare): --help text, parsing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "emu/stats.h"
#include "export/profiler.h"
#include "report/report.h"
#include "util/num.h"
#include "util/xalloc.h"

#define LAUNCH_OPTS \
	"  --spec FILE          extra directive file (overrides the kernel file's directives)\n" \
	"  --kernel NAME        function to launch (default: .kernel, else the first)\n" \
	"  --grid X[,Y[,Z]]     grid size in CTAs (default 1)\n" \
	"  --block X[,Y[,Z]]    CTA size in threads (default 32)\n" \
	"  --target sm_XX       dialect (default: from the listing, else sm_20; a .cu file is\n" \
	"                       compiled for it, else the spec's .target, else sm_80)\n" \
	"  --warp-size N        lanes per warp, 1..32 (default 32)\n" \
	"  --max-steps N        warp-instruction budget (default 1e10); exhausting it traps\n" \
	"  --stack-depth N      SIMT stack limit in tokens (default 64)\n" \
	"  --converge MODE      sm_70+: barrier (merge lanes only at BSYNC/WARPSYNC, the\n" \
	"                       default) or pc (also groups that meet at a pc)\n" \
	"  --dump NAME          print a buffer after the run (repeatable; with --counts json\n" \
	"                       it is in the JSON document, with csv it goes to stderr)\n" \
	"  --counts FMT         table, csv or json (default table): stats' counts, run's\n" \
	"                       summary; csv and json keep stdout one document for scripts\n" \
	"                       (docs/formats.md has their fields); stats also nvbit (NVBit's\n" \
	"                       opcode_hist) or ncu-csv (Nsight Compute's raw CSV), docs/profilers.md\n" \
	"  --exclude-pred-off   with --counts nvbit: leave out issues whose guard held for no lane\n" \
	"  --by KEY             stats rows by opcode, mnemonic, class or pc (default opcode)\n" \
	"  --per-cta            stats: also each CTA's totals\n" \
	"  --keep-sass FILE     a .ptx, .cu, cubin, fat binary or executable input: write the\n" \
	"                       listing NVIDIA's tools made of it (docs/input.md)\n" \
	"  --printf FILE        the kernel's printf output (default: stdout; with --counts\n" \
	"                       json the document's \"printf\" member, with csv stderr)\n" \
	"  -j N                 run CTAs, and large buffers' set-up and check, on N (1..1024)\n" \
	"                       worker threads (same results and counts)\n" \
	"  -q                   no summary (table) and no .expect lines\n" \
	"  -h, --help           this command's usage\n"

#define EXIT_TEXT \
	"exit status: 0 ok and every .expect held; 1 an .expect failed; 2 bad input\n" \
	"(usage, assembly or directive error); 3 the kernel trapped; 4 internal error;\n" \
	"130 interrupted (Ctrl-C: says where the kernel was; stats prints the counts so far)\n"

const char cli_usage_text[] =
	"usage: simtemu COMMAND [options] FILE\n"
	"FILE: a SASS listing of Tesla (sm_10-13), Fermi (sm_20/21), Kepler (sm_30-37),\n"
	"      Maxwell/Pascal (sm_50-62), Volta to Hopper (sm_70-90) or Blackwell\n"
	"      (sm_100-121): cuobjdump -sass or nvdisasm text, a whole cuobjdump output\n"
	"      (-elf sections too), or hand-written; PTXPlus of Tesla or Fermi (simtemu's\n"
	"      or GPGPU-Sim's); PTX (compiled with the toolkit's ptxas); CUDA C (.cu, nvcc\n"
	"      -cubin), a cubin, a fat binary or an executable (cuobjdump -elf -sass);\n"
	"      - reads stdin. The toolkit: SIMTEMU_CUDA, else CUDA_HOME, CUDA_PATH, PATH,\n"
	"      /usr/local/cuda, make toolkit's build/cuda\n"
	"\n"
	"commands:\n"
	"  run     FILE      assemble, launch, check .expect, print a summary\n"
	"  stats   FILE      run, then print per-opcode dynamic counts (--plot FILE.svg,\n"
	"                    --html FILE.html: a chart, a self-contained page)\n"
	"  asm     FILE      assemble only; list the decoded program or the errors\n"
	"  spec    FILE      print a starting launch spec read off the code (parameters,\n"
	"                    pointers, constant banks to fill): simtemu spec F > F.spec\n"
	"  trace   FILE      run, printing one SIMT-stack row per instruction of one warp\n"
	"                    (--cta C --warp W, --format table|csv|json, --no-pops;\n"
	"                    --plot FILE.svg draws its lanes over time)\n"
	"  debug   FILE      gdb-like debugger (help inside); --batch FILE reads commands\n"
	"                    from FILE, as does a stdin that is not a terminal\n"
	"  isa               list the supported opcodes and modifiers (--target sm_XX)\n"
	"  convert --to ptxplus FILE   print a SASS listing as PTXPlus\n"
	"  convert --to sass FILE      print PTXPlus as a SASS listing\n"
	"  compare A B [C ...]  run all on the same launch options, compare their output\n"
	"                    buffers with A's (--tol EPS for floats) and print their counts\n"
	"                    side by side with differences (--by, --counts; --plot FILE.svg,\n"
	"                    --html FILE.html); --spec-a SA --spec-b SB FILE: one listing\n"
	"                    launched with two directive files\n"
	"  batch   MANIFEST  run a manifest's rows as stats runs on the local cores (-j N,\n"
	"                    --shard K/N), one JSON line per row in manifest order\n"
	"  merge   FILE...   join batch's JSON lines of all shards into one table (--counts\n"
	"                    csv|json), checking that no row is missing or duplicated\n"
	"\n"
	"options for run, stats, trace, debug, compare and spec:\n"
	LAUNCH_OPTS
	"  --version            print simtemu's version\n"
	"\n"
	EXIT_TEXT;

/* Each command's own --help: its usage line, what it does, its options. */
static const struct {
	const char *cmd, *text;
} cmd_help[] = {
	{"run", "usage: simtemu run [options] FILE\n"
		"Assemble FILE, launch its kernel, check the .expect directives and print a summary.\n"
		"Reads of parameter slots or constant-bank bytes that nothing set are warned about.\n"
		"--counts json prints the summary as one JSON document (status, .expect tally,\n"
		"totals, --dump buffers), csv as a header and a total row (docs/formats.md). A run\n"
		"longer than 2 s shows its progress on stderr when that is a terminal.\n\n"
		"run's options:\n"
		"  --accelsim-trace DIR write DIR/kernelslist.g and DIR/kernel-N.traceg, the input of\n"
		"                       Accel-Sim's trace-driven mode (NVBit tracer format 4; sm_30+,\n"
		"                       32-lane warps; runs on one thread; docs/accelsim.md)\n"
		"  --accelsim-kernels all|NAME[,NAME...]\n"
		"                       with --accelsim-trace: launch these functions in turn, one\n"
		"                       trace each (kernel-1.traceg, kernel-2.traceg, ...)\n\n"
		"options:\n" LAUNCH_OPTS "\n" EXIT_TEXT},
	{"stats", "usage: simtemu stats [options] FILE\n"
		"Run FILE like run, then print per-opcode dynamic counts (--counts table|csv|json,\n"
		"--by opcode|mnemonic|class|pc, pc rows with the instruction's text; docs/formats.md\n"
		"has the CSV and JSON forms). After a trap or Ctrl-C it prints the counts so far,\n"
		"marked partial.\n\n"
		"stats' options:\n"
		"  --plot FILE.svg      a chart: per-opcode bars grouped by class, warp and thread\n"
		"                       instructions side by side\n"
		"  --html FILE.html     one self-contained page (no network access): the totals, the\n"
		"                       chart and sortable tables by opcode, by class and by --by\n\n"
		"options:\n" LAUNCH_OPTS "\n" EXIT_TEXT},
	{"asm", "usage: simtemu asm [--target sm_XX] [--kernel NAME] FILE\n"
		"Assemble FILE only: list the decoded program, or the located errors (exit 2).\n"},
	{"spec", "usage: simtemu spec [options] FILE\n"
		"Print a starting launch spec for FILE, read off its code: the parameter slots it reads\n"
		"(offset, width, which it loads or stores through, with a .buffer each), .grid and\n"
		".block, and the constant banks it reads that nothing fills. Every value is a\n"
		"placeholder: edit it, then simtemu run --spec FILE.spec FILE.\n\n"
		"options (--target, --kernel, --grid, --block, --spec as for run):\n" LAUNCH_OPTS},
	{"trace", "usage: simtemu trace [options] FILE\n"
		"Run FILE, printing one SIMT-stack row per instruction issued by one warp.\n\n"
		"trace's options:\n"
		"  --cta N              the CTA (linear index, default 0)\n"
		"  --warp N             the warp in it (default 0)\n"
		"  --format FMT         table, csv or json (default table)\n"
		"  --no-pops            no rows for stack pops\n"
		"  --plot FILE.svg      also draw the warp's lanes over time: a column per issue, a\n"
		"                       row per lane coloured by its state, the pc and the stack\n"
		"                       depth (sm_70+: the groups) along the top; after a trap\n"
		"                       the state then as a last column\n"
		"  --plot-steps N       the plot's first N issues at most (default 500)\n\n"
		"options:\n" LAUNCH_OPTS "\n" EXIT_TEXT},
	{"compare", "usage: simtemu compare [options] A B [C ...]\n"
		"       simtemu compare [options] --spec-a SA --spec-b SB FILE\n"
		"Run A, B (up to 26 files) with the same options, each also with its own directives,\n"
		"check every .expect, compare the output buffers they all share by name with A's\n"
		"(bit for bit, floats within --tol) and print per-key counts side by side, each run\n"
		"with its difference and percent against A (--by, --counts table|csv|json;\n"
		"docs/formats.md). With --spec-a and --spec-b one listing is launched twice, A with\n"
		"SA's directives and B with SB's (each in the place of --spec, over FILE's own), the\n"
		"runs named 'FILE --spec SA' and 'FILE --spec SB'. --dump NAME prints each run's\n"
		"buffer (JSON: the \"dumps\" member). Exit 1 if an .expect fails or an output differs.\n\n"
		"compare's options:\n"
		"  --spec-a FILE        one listing twice: run A's directive file (with --spec-b)\n"
		"  --spec-b FILE        run B's directive file (with --spec-a)\n"
		"  --tol EPS            floats equal within EPS (default: the largest .expect tol=)\n"
		"  --ignore NAME        leave a buffer out of the comparison (repeatable)\n"
		"  --plot FILE.svg      a grouped bar chart of warp instructions per key\n"
		"  --html FILE.html     one self-contained page: the runs, the outputs, the chart and\n"
		"                       sortable count tables\n\n"
		"options:\n" LAUNCH_OPTS "\n" EXIT_TEXT},
	{"debug", "usage: simtemu debug [options] FILE\n"
		"A gdb-like debugger (help inside). --batch FILE reads commands from FILE, as does a\n"
		"stdin that is not a terminal.\n\n"
		"debug's options:\n"
		"  --batch FILE         read the commands from FILE\n\n"
		"options:\n" LAUNCH_OPTS},
};

const char *cli_command_help(const char *cmd)
{
	for (size_t i = 0; i < sizeof cmd_help / sizeof cmd_help[0]; i++)
		if (!strcmp(cmd_help[i].cmd, cmd))
			return cmd_help[i].text;
	return cli_usage_text;
}

int cli_read_error(const char *what, const char *path)
{
	const char *why = xread_why(errno, XREAD_MAX);
	fprintf(stderr, "simtemu: cannot read %s'%s': %s\n(see 'simtemu --help')\n", what, path, why);
	return CLI_EXIT_INPUT;
}

int cli_usage_error(const char *fmt, const char *a)
{
	fprintf(stderr, "simtemu: ");
	fprintf(stderr, fmt, a);
	fprintf(stderr, "\n(see 'simtemu --help')\n");
	return CLI_EXIT_INPUT;
}

char *cli_read_text(const char *path)
{
	size_t n;
	char *b = xread_file(strcmp(path, "-") ? path : "/dev/stdin", &n); /* -: standard input */
	if (b && memchr(b, 0, n)) { /* a binary file is not a listing */
		free(b);
		errno = EINVAL;
		return NULL;
	}
	return b;
}

/* X[,Y[,Z]] (or X x Y x Z), each 1..2^32-1: NULL, or why not. */
static const char *parse_dims(const char *s, uint32_t d[3])
{
	d[0] = d[1] = d[2] = 1;
	char part[64];
	for (int i = 0; i < 3; i++) {
		size_t h = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 2 : 0; /* 0x10x4 */
		size_t n = h + strcspn(s + h, ",x");
		if (n >= sizeof part)
			return "out of range";
		memcpy(part, s, n);
		part[n] = 0;
		uint64_t v;
		num_err e = num_parse_u64(part, 1, 0xffffffffu, &v);
		if (e)
			return e == NUM_RANGE ? "each size must be 1..4294967295" : num_why(e);
		d[i] = (uint32_t)v;
		if (!s[n])
			return NULL;
		if (i == 2 || !s[n + 1])
			return "an empty or a fourth size";
		s += n + 1;
	}
	return NULL;
}

/* An int option in [lo, hi] ('name' for the message): 0, or the usage error's status. */
static int int_opt(const char *name, const char *arg, int64_t lo, int64_t hi, int *out)
{
	int64_t v;
	num_err e = num_parse_i64(arg, lo, hi, &v);
	if (e == NUM_RANGE) {
		char m[160];
		snprintf(m, sizeof m, "%s must be %lld..%lld, not '%%s'", name, (long long)lo, (long long)hi);
		return cli_usage_error(m, arg);
	}
	if (e) {
		char m[160];
		snprintf(m, sizeof m, "bad %s '%%s': %s", name, num_why(e));
		return cli_usage_error(m, arg);
	}
	*out = (int)v;
	return 0;
}

/* One shared option into o: 0, the exit status of a usage error, or -2 if c is not one. */
static int shared_opt(cli_opts *o, int c, const char *arg)
{
	switch (c) {
	case 's': o->spec = arg; break;
	case 'k': o->kernel = arg; break;
	case 't': o->target = arg; break;
	case 'g':
	case 'b': {
		const char *why = parse_dims(arg, c == 'g' ? o->grid : o->block);
		if (why) {
			char m[160];
			snprintf(m, sizeof m, "bad %s '%%s': %s (want X[,Y[,Z]], each >= 1)",
				 c == 'g' ? "--grid" : "--block", why);
			return cli_usage_error(m, arg);
		}
		*(c == 'g' ? &o->has_grid : &o->has_block) = true;
		break;
	}
	case 'w':
		return int_opt("--warp-size", arg, 1, 32, &o->warp_size);
	case 'm': {
		o->has_max_steps = true;
		num_err e = num_parse_count(arg, 1, UINT64_MAX, &o->max_steps);
		if (e)
			return cli_usage_error(e == NUM_RANGE ? "bad --max-steps '%s': must be 1..2^64-1"
				: e == NUM_NOTFINITE ? "bad --max-steps '%s': not a finite number"
				: e == NUM_FRACTION ? "bad --max-steps '%s': not a whole number"
				: "bad --max-steps '%s': not a number", arg);
		break;
	}
	case 'S':
		return int_opt("--stack-depth", arg, 1, 100000, &o->stack_depth);
	case 0x102:
		if (strcmp(arg, "barrier") && strcmp(arg, "pc"))
			return cli_usage_error("--converge takes barrier or pc, not '%s'", arg);
		o->converge_pc = !strcmp(arg, "pc");
		break;
	case 'd':
		if (o->ndumps == 32)
			return cli_usage_error("too many --dump options%s", "");
		o->dumps[o->ndumps++] = arg;
		break;
	case 'c':
		o->profiler = profiler_parse(arg);
		if (o->profiler) { /* a profiler's shape: machine-readable like CSV (stdout one document) */
			o->counts = "csv";
			break;
		}
		if (report_parse_fmt(arg) < 0)
			return cli_usage_error("--counts takes table, csv, json (stats also nvbit or ncu-csv), not '%s'",
					       arg);
		o->counts = arg;
		break;
	case 0x103: o->exclude_pred_off = true; break;
	case 'y':
		if (stats_parse_by(arg) < 0)
			return cli_usage_error("--by takes opcode, mnemonic, class or pc, not '%s'", arg);
		o->by = arg;
		break;
	case 'j':
		return int_opt("-j", arg, 1, 1024, &o->jobs);
	case 'q': o->quiet = true; break;
	case 'P': o->per_cta = true; break;
	case 0x100: o->keep_sass = arg; break;
	case 0x101: o->printf_path = arg; break;
	default: return -2;
	}
	return 0;
}

static void default_opts(cli_opts *o)
{
	memset(o, 0, sizeof *o);
	o->warp_size = 32;
	o->jobs = 1;
	o->stack_depth = 64;
	o->max_steps = 10000000000ull;
	o->counts = "table";
	o->by = "opcode";
}

int cli_parse_opts(int argc, char **argv, cli_opts *o, const char **file, const struct option *extra,
		   void *user, cli_extra_fn extra_opt)
{
	static const struct option base[] = {
		{"spec", required_argument, 0, 's'}, {"kernel", required_argument, 0, 'k'},
		{"grid", required_argument, 0, 'g'}, {"block", required_argument, 0, 'b'},
		{"target", required_argument, 0, 't'}, {"warp-size", required_argument, 0, 'w'},
		{"max-steps", required_argument, 0, 'm'}, {"dump", required_argument, 0, 'd'},
		{"counts", required_argument, 0, 'c'}, {"by", required_argument, 0, 'y'},
		{"stack-depth", required_argument, 0, 'S'}, {"help", no_argument, 0, 'h'},
		{"per-cta", no_argument, 0, 'P'}, {"keep-sass", required_argument, 0, 0x100},
		{"printf", required_argument, 0, 0x101}, {"converge", required_argument, 0, 0x102},
		{"exclude-pred-off", no_argument, 0, 0x103}, {0, 0, 0, 0},
	};
	struct option lo[32];
	int nlo = 0;
	for (int i = 0; base[i].name; i++)
		lo[nlo++] = base[i];
	for (int i = 0; extra && extra[i].name && nlo < 31; i++)
		lo[nlo++] = extra[i];
	lo[nlo] = (struct option){0, 0, 0, 0};
	default_opts(o);
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":j:qh", lo, NULL)) != -1) {
		int r;
		switch (c) {
		case 'h': fputs(cli_command_help(argv[0]), stdout); return -1;
		case ':': return cli_usage_error("option '%s' needs a value", argv[optind - 1]);
		case '?': return cli_usage_error("unknown option '%s'", argv[optind - 1]);
		default:
			if ((r = shared_opt(o, c, optarg)) != -2) {
				if (r)
					return r;
			} else if (extra_opt) {
				if ((r = extra_opt(user, c, optarg)))
					return r;
			} else
				return cli_usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (o->profiler && strcmp(argv[0], "stats"))
		return cli_usage_error("--counts nvbit and ncu-csv are for stats only, not %s", argv[0]);
	if (o->exclude_pred_off && o->profiler != PROFILER_NVBIT)
		return cli_usage_error("--exclude-pred-off goes with --counts nvbit%s", "");
	if (o->profiler && o->per_cta)
		return cli_usage_error("--per-cta has no place in a profiler's shape (--counts nvbit, ncu-csv)%s", "");
	if (optind != argc - 1)
		return cli_usage_error(optind >= argc ? "missing FILE%s" : "one FILE expected%s", "");
	*file = argv[optind];
	return 0;
}

char *cli_base_name(const char *path)
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
