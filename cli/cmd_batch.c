/* simtemu batch: the rows of a manifest run as `simtemu stats` runs in local processes, one JSON
   line per run on stdout in manifest order; --shard K/N takes every Nth row from K, so that a
   cluster's scheduler or GNU parallel can spread a manifest (docs/sweeps.md). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "report/write.h"
#include "sweep/json.h"
#include "sweep/manifest.h"
#include "util/num.h"
#include "util/xalloc.h"

typedef struct {
	int row;            /* the manifest row */
	pid_t pid;
	FILE *out, *err;    /* the child's stdout and stderr (unlinked temporary files) */
	struct timespec t0;
	double wall;
	int wstatus;
	bool done, printed;
} batch_job;

static volatile sig_atomic_t batch_interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	batch_interrupted = 1;
}

static double since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Start row r's run: simtemu stats [--spec S] ARGS... --counts json -- FILE, paths relative to
   the manifest. 0, or -1 when no process could be made. */
static int start(const char *self, const manifest *m, batch_job *j)
{
	const manifest_row *r = &m->rows[j->row];
	char **argv = xcalloc((size_t)r->nargs + 10, sizeof *argv);
	char *spec = r->spec ? manifest_path(m, r->spec) : NULL, *file = manifest_path(m, r->file);
	int k = 0;
	argv[k++] = (char *)self;
	argv[k++] = "stats";
	if (spec) {
		argv[k++] = "--spec";
		argv[k++] = spec;
	}
	for (int i = 0; i < r->nargs; i++)
		argv[k++] = r->args[i];
	argv[k++] = "--counts"; /* last, so that it wins over a --counts in args */
	argv[k++] = "json";
	argv[k++] = "--";
	argv[k++] = file;
	j->out = tmpfile();
	j->err = tmpfile();
	int rc = -1;
	if (j->out && j->err) {
		clock_gettime(CLOCK_MONOTONIC, &j->t0);
		j->pid = fork();
		if (j->pid == 0) {
			int null = open("/dev/null", O_RDONLY);
			if (null >= 0)
				dup2(null, 0);
			dup2(fileno(j->out), 1);
			dup2(fileno(j->err), 2);
			signal(SIGINT, SIG_DFL);
			execv(self, argv);
			fprintf(stderr, "simtemu: cannot run %s: %s\n", self, strerror(errno));
			_exit(CLI_EXIT_INTERNAL);
		}
		rc = j->pid > 0 ? 0 : -1;
	}
	free(spec);
	free(file);
	free(argv);
	return rc;
}

/* A whole temporary file, NUL-terminated. */
static char *slurp(FILE *f, size_t *n)
{
	fflush(f);
	rewind(f);
	size_t cap = 4096;
	char *s = xmalloc(cap);
	*n = 0;
	size_t got;
	while ((got = fread(s + *n, 1, cap - *n - 1, f)) > 0) {
		*n += got;
		if (cap - *n < 2)
			s = xrealloc(s, cap *= 2);
	}
	s[*n] = 0;
	return s;
}

/* member of the stats document, or null */
static void put(FILE *out, const char *name, const json_value *doc, const char *member)
{
	const json_value *v = doc ? json_get(doc, member) : NULL;
	fprintf(out, ", \"%s\": ", name);
	if (v)
		json_write(out, v);
	else
		fputs("null", out);
}

/* The row's JSON line: the row, how its run ended, and the counts from its stats document. */
static void print_line(const manifest *m, const batch_job *j, FILE *out)
{
	const manifest_row *r = &m->rows[j->row];
	size_t n, ne;
	char *text = slurp(j->out, &n), *etext = slurp(j->err, &ne);
	json_value doc;
	size_t at;
	const char *why;
	bool have = n && !json_parse(text, n, &doc, &at, &why) && doc.kind == JSON_OBJECT;
	if (n && !have)
		json_free(&doc);
	int code = WIFEXITED(j->wstatus) ? WEXITSTATUS(j->wstatus) : 128 + WTERMSIG(j->wstatus);
	const json_value *st = have ? json_get(&doc, "status") : NULL;
	const char *status = st && st->kind == JSON_STRING ? st->text : code == CLI_EXIT_INPUT ? "error" : "crashed";
	fprintf(out, "{\"schema\": \"simtemu-batch/1\", \"id\": ");
	report_json_str(out, r->id);
	fprintf(out, ", \"index\": %d, \"of\": %d, \"file\": ", j->row, m->n);
	report_json_str(out, r->file);
	fputs(", \"spec\": ", out);
	if (r->spec)
		report_json_str(out, r->spec);
	else
		fputs("null", out);
	fputs(", \"args\": [", out);
	for (int i = 0; i < r->nargs; i++) {
		fputs(i ? ", " : "", out);
		report_json_str(out, r->args[i]);
	}
	fprintf(out, "], \"status\": ");
	report_json_str(out, status);
	fprintf(out, ", \"exit_status\": %d, \"wall_seconds\": %.6f", code, j->wall);
	static const char *const members[] = {"kernel", "target", "expects", "totals", "by", "rows"};
	for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
		put(out, members[i], have ? &doc : NULL, members[i]);
	/* why there are no counts, or the trap's message */
	const json_value *trap = have ? json_get(&doc, "trap") : NULL;
	fputs(", \"error\": ", out);
	if (trap && trap->kind == JSON_STRING)
		report_json_str(out, trap->text);
	else if (!have) {
		while (ne && (etext[ne - 1] == '\n' || etext[ne - 1] == ' '))
			etext[--ne] = 0;
		if (ne > 4000)
			strcpy(etext + 3990, " ...");
		report_json_str(out, ne ? etext : "no output");
	} else
		fputs("null", out);
	fputs("}\n", out);
	fflush(out);
	if (have)
		json_free(&doc);
	free(text);
	free(etext);
}

static const char batch_help[] =
	"usage: simtemu batch [-j N] [--shard K/N] MANIFEST\n"
	"Run each row of MANIFEST as `simtemu stats --counts json` would (its file, --spec its\n"
	"spec, then its args; paths relative to the manifest), N processes at a time, and print one\n"
	"JSON line per row on stdout in manifest order (schema simtemu-batch/1: id, status,\n"
	"exit_status, wall_seconds, totals, rows ...). MANIFEST is JSON lines ({\"id\": \"a\",\n"
	"\"file\": \"k.sass\", \"spec\": \"k.spec\", \"args\": [\"--grid\", \"4\"]}) or CSV with the\n"
	"header id,file,spec,args (args split at blanks); blank lines and # comments are skipped.\n"
	"simtemu merge joins the lines of all shards into one table. docs/sweeps.md\n\n"
	"options:\n"
	"  -j N                 run N rows at a time (1..1024; default: the cores online)\n"
	"  --shard K/N          run only the rows whose index (from 0) is K modulo N\n"
	"  -h, --help           this usage\n\n"
	"exit status: 0 every row's run exited 0; 1 some row's did not (its line says how it\n"
	"ended); 2 bad usage or manifest (located errors, nothing run); 4 internal error;\n"
	"130 interrupted (the rows started are finished and printed)\n";

/* K/N with 0 <= K < N: 0, or the usage error's status. */
static int parse_shard(const char *s, int *k, int *n)
{
	const char *slash = strchr(s, '/');
	int64_t a, b;
	char part[32];
	if (!slash || (size_t)(slash - s) >= sizeof part)
		return cli_usage_error("--shard takes K/N (0 <= K < N), not '%s'", s);
	memcpy(part, s, (size_t)(slash - s));
	part[slash - s] = 0;
	if (num_parse_i64(part, 0, 1000000, &a) || num_parse_i64(slash + 1, 1, 1000000, &b) || a >= b)
		return cli_usage_error("--shard takes K/N (0 <= K < N), not '%s'", s);
	*k = (int)a;
	*n = (int)b;
	return 0;
}

static int batch_opts(int argc, char **argv, int *jobs, int *sk, int *sn, const char **path)
{
	static const struct option lo[] = {{"shard", required_argument, 0, 's'}, {"help", no_argument, 0, 'h'},
					   {0, 0, 0, 0}};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	*jobs = cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
	*sk = 0;
	*sn = 1;
	optind = 1;
	opterr = 0;
	int c, rc;
	while ((c = getopt_long(argc, argv, ":j:h", lo, NULL)) != -1) {
		int64_t v;
		switch (c) {
		case 'h': fputs(batch_help, stdout); return -1;
		case 'j':
			if (num_parse_i64(optarg, 1, 1024, &v))
				return cli_usage_error("-j takes 1..1024, not '%s'", optarg);
			*jobs = (int)v;
			break;
		case 's':
			if ((rc = parse_shard(optarg, sk, sn)))
				return rc;
			break;
		case ':': return cli_usage_error("option '%s' needs a value", argv[optind - 1]);
		default: return cli_usage_error("unknown option '%s' (a row's own options go in its args)", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return cli_usage_error(optind >= argc ? "missing MANIFEST%s" : "one MANIFEST expected%s", "");
	*path = argv[optind];
	return 0;
}

/* Run the selected rows, at most `jobs` at a time, printing each line as soon as every
   earlier row's is printed. The exit status. */
static int run_rows(const char *self, const manifest *m, batch_job *js, int nj, int jobs)
{
	int next = 0, running = 0, printed = 0, rc = 0;
	while (printed < nj) {
		while (!batch_interrupted && running < jobs && next < nj) {
			if (start(self, m, &js[next])) {
				fprintf(stderr, "simtemu: cannot start a process: %s\n", strerror(errno));
				batch_interrupted = 1;
				rc = CLI_EXIT_INTERNAL;
				break;
			}
			next++;
			running++;
		}
		if (!running)
			break;
		int ws;
		pid_t pid = waitpid(-1, &ws, 0);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < next; i++)
			if (js[i].pid == pid && !js[i].done) {
				js[i].done = true;
				js[i].wstatus = ws;
				js[i].wall = since(&js[i].t0);
				running--;
			}
		while (printed < next && js[printed].done) {
			print_line(m, &js[printed], stdout);
			if (!WIFEXITED(js[printed].wstatus) || WEXITSTATUS(js[printed].wstatus))
				rc = rc ? rc : CLI_EXIT_EXPECT;
			printed++;
		}
	}
	if (batch_interrupted && rc != CLI_EXIT_INTERNAL) {
		fprintf(stderr, "simtemu: interrupted: %d of %d rows printed\n", printed, nj);
		rc = CLI_EXIT_INTERRUPTED;
	}
	return rc;
}

int cli_cmd_batch(int argc, char **argv)
{
	int jobs, sk, sn;
	const char *path = NULL;
	int rc = batch_opts(argc, argv, &jobs, &sk, &sn, &path);
	if (rc)
		return rc < 0 ? 0 : rc;
	manifest m;
	int errors = manifest_read(path, &m);
	if (errors) {
		if (errors > 1)
			fprintf(stderr, "%s: %d errors\n", path, errors);
		manifest_free(&m);
		return CLI_EXIT_INPUT;
	}
	char self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len <= 0) {
		fprintf(stderr, "simtemu: cannot find its own executable (/proc/self/exe): %s\n", strerror(errno));
		manifest_free(&m);
		return CLI_EXIT_INTERNAL;
	}
	self[len] = 0;
	batch_job *js = xcalloc((size_t)m.n, sizeof *js);
	int nj = 0;
	for (int i = 0; i < m.n; i++)
		if (i % sn == sk)
			js[nj++].row = i;
	struct sigaction sa = {.sa_handler = on_interrupt}, old;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old);
	rc = run_rows(self, &m, js, nj, jobs);
	sigaction(SIGINT, &old, NULL);
	for (int i = 0; i < nj; i++) {
		if (js[i].out)
			fclose(js[i].out);
		if (js[i].err)
			fclose(js[i].err);
	}
	free(js);
	manifest_free(&m);
	return rc;
}
