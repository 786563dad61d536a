/* simtemu merge: the JSON lines of a sweep's shards (simtemu batch) joined into one table in
   manifest order, as CSV or one JSON document, after checking that every row of the manifest
   is there exactly once (docs/sweeps.md, docs/formats.md). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/opts.h"
#include "report/write.h"
#include "sweep/json.h"
#include "sweep/manifest.h"
#include "util/xalloc.h"

typedef struct {
	json_value v;
	const char *file; /* where the line was read */
	int line;
	uint64_t index;
	const char *id;
} merge_run;

typedef struct {
	merge_run *runs;
	int n, cap;
	uint64_t of;
	const char *of_file;
	int of_line;
} merge_set;

static int located(const char *file, int line, const char *what, const char *detail)
{
	fprintf(stderr, "%s:%d: error: %s%s\n", file, line, what, detail ? detail : "");
	return 1;
}

/* One line of batch output into s: 0, or 1 after reporting what is wrong. */
static int add_line(merge_set *s, const char *file, int line, const char *text, size_t len)
{
	merge_run r = {.file = file, .line = line};
	size_t at;
	const char *why;
	if (json_parse(text, len, &r.v, &at, &why)) {
		fprintf(stderr, "%s:%d:%zu: error: %s (not a line of simtemu batch)\n", file, line, at + 1, why);
		return 1;
	}
	const json_value *schema = json_get(&r.v, "schema"), *id = json_get(&r.v, "id");
	uint64_t of;
	int bad = 0;
	if (!schema || schema->kind != JSON_STRING || strcmp(schema->text, "simtemu-batch/1"))
		bad = located(file, line, "not a line of simtemu batch (its schema is not simtemu-batch/1)", NULL);
	else if (!id || id->kind != JSON_STRING || !json_u64(json_get(&r.v, "index"), &r.index) ||
		 !json_u64(json_get(&r.v, "of"), &of))
		bad = located(file, line, "a batch line without its id, index and of", NULL);
	else if (s->of_file && of != s->of) {
		char d[200];
		snprintf(d, sizeof d, " (%s:%d is from a manifest of %llu rows, this line from one of %llu)", s->of_file,
			 s->of_line, (unsigned long long)s->of, (unsigned long long)of);
		bad = located(file, line, "lines from different manifests", d);
	} else if (r.index >= of)
		bad = located(file, line, "an index beyond its manifest's rows", NULL);
	if (bad) {
		json_free(&r.v);
		return 1;
	}
	if (!s->of_file) {
		s->of = of;
		s->of_file = file;
		s->of_line = line;
	}
	r.id = id->text;
	if (s->n == s->cap)
		s->runs = xrealloc(s->runs, (size_t)(s->cap = s->cap ? 2 * s->cap : 64) * sizeof *s->runs);
	s->runs[s->n++] = r;
	return 0;
}

/* Every line of every file into s: the number of errors. */
static int read_all(merge_set *s, char **files, int nfiles, char **texts)
{
	int errors = 0;
	for (int f = 0; f < nfiles; f++) {
		size_t size;
		const char *name = strcmp(files[f], "-") ? files[f] : "(stdin)";
		texts[f] = xread_file(strcmp(files[f], "-") ? files[f] : "/dev/stdin", &size);
		if (!texts[f]) {
			fprintf(stderr, "simtemu: cannot read '%s': %s\n", files[f], xread_why(errno, XREAD_MAX));
			errors++;
			continue;
		}
		int line = 0;
		for (char *p = texts[f], *next; p && *p; p = next) {
			line++;
			next = strchr(p, '\n');
			size_t len = next ? (size_t)(next - p) : strlen(p);
			if (next)
				next++;
			if (strspn(p, " \t\r") < len)
				errors += add_line(s, name, line, p, len);
		}
	}
	return errors;
}

static int by_index(const void *a, const void *b)
{
	const merge_run *x = a, *y = b;
	return (x->index > y->index) - (x->index < y->index);
}

static int by_id(const void *a, const void *b)
{
	const merge_run *const *x = a, *const *y = b;
	int c = strcmp((*x)->id, (*y)->id);
	return c ? c : (*x)->index > (*y)->index ? 1 : -((*x)->index < (*y)->index);
}

/* Every row of the manifest exactly once: 0, or the number of problems (each reported,
   naming the ids; with the manifest at hand the missing rows' ids too). */
static int check_rows(merge_set *s, const manifest *m)
{
	int problems = 0;
	qsort(s->runs, (size_t)s->n, sizeof *s->runs, by_index);
	merge_run **ids = xcalloc((size_t)(s->n ? s->n : 1), sizeof *ids);
	for (int i = 0; i < s->n; i++)
		ids[i] = &s->runs[i];
	qsort(ids, (size_t)s->n, sizeof *ids, by_id);
	for (int i = 1; i < s->n; i++)
		if (!strcmp(ids[i]->id, ids[i - 1]->id)) {
			fprintf(stderr, "%s:%d: error: row id '%s' is duplicated (also at %s:%d)\n", ids[i]->file,
				ids[i]->line, ids[i]->id, ids[i - 1]->file, ids[i - 1]->line);
			problems++;
		}
	for (int i = 1; i < s->n; i++)
		if (s->runs[i].index == s->runs[i - 1].index && strcmp(s->runs[i].id, s->runs[i - 1].id)) {
			fprintf(stderr, "%s:%d: error: row %llu is both '%s' and '%s' (%s:%d): lines of different manifests\n",
				s->runs[i].file, s->runs[i].line, (unsigned long long)s->runs[i].index, s->runs[i].id,
				s->runs[i - 1].id, s->runs[i - 1].file, s->runs[i - 1].line);
			problems++;
		}
	free(ids);
	if (m && (uint64_t)m->n != s->of) {
		fprintf(stderr, "simtemu: error: %s has %d rows, the lines are of a manifest of %llu\n", m->path, m->n,
			(unsigned long long)s->of);
		return problems + 1;
	}
	uint64_t want = 0, missing = 0, named = 0;
	for (int i = 0; i <= s->n; i++) {
		uint64_t upto = i < s->n ? s->runs[i].index : s->of;
		if (upto > want)
			missing += upto - want;
		for (; want < upto && named < 50; want++, named++) /* the first 50 by name, then a count */
			if (m)
				fprintf(stderr, "simtemu: error: row %llu (id '%s', %s:%d) is missing\n", (unsigned long long)want,
					m->rows[want].id, m->path, m->rows[want].line);
			else
				fprintf(stderr, "simtemu: error: row %llu of %llu is missing (no line has \"index\": %llu)\n",
					(unsigned long long)want, (unsigned long long)s->of, (unsigned long long)want);
		if (i < s->n && s->runs[i].index + 1 > want)
			want = s->runs[i].index + 1;
	}
	if (missing > named)
		fprintf(stderr, "simtemu: error: ... and %llu more rows missing\n", (unsigned long long)(missing - named));
	problems += (int)named + (missing > named); /* the messages printed */
	for (int i = 0; m && i < s->n; i++)
		if (strcmp(m->rows[s->runs[i].index].id, s->runs[i].id)) {
			fprintf(stderr, "%s:%d: error: row %llu is '%s' in %s but '%s' here\n", s->runs[i].file, s->runs[i].line,
				(unsigned long long)s->runs[i].index, m->rows[s->runs[i].index].id, m->path, s->runs[i].id);
			problems++;
		}
	return problems;
}

static const char *str_of(const json_value *o, const char *k)
{
	const json_value *v = json_get(o, k);
	return v && (v->kind == JSON_STRING || v->kind == JSON_NUMBER) ? v->text : "";
}

static const char *const counters[] = {"warp_inst", "thread_inst", "active_thread_inst", "pred_off"};

/* One line of the table: the run's columns, then group, key and the four counters of c. */
static void csv_line(FILE *out, const json_value *run, const char *group, const char *key, const json_value *c)
{
	static const char *const cols[] = {"id", "file", "status", "exit_status", "kernel", "target"};
	for (int i = 0; i < 6; i++) {
		report_csv_field(out, str_of(run, cols[i]));
		fputc(',', out);
	}
	report_csv_field(out, group);
	fputc(',', out);
	report_csv_field(out, key);
	for (int i = 0; i < 4; i++)
		fprintf(out, ",%s", c ? str_of(c, counters[i]) : "");
	fputc('\n', out);
}

static void print_csv(const merge_set *s, FILE *out)
{
	fputs("id,file,status,exit_status,kernel,target,group,key,warp_inst,thread_inst,active_thread_inst,pred_off\n",
	      out);
	for (int i = 0; i < s->n; i++) {
		const json_value *run = &s->runs[i].v, *rows = json_get(run, "rows"), *tot = json_get(run, "totals");
		const char *by = str_of(run, "by");
		for (int k = 0; rows && rows->kind == JSON_ARRAY && k < rows->n; k++)
			csv_line(out, run, by, str_of(&rows->items[k], "key"), &rows->items[k]);
		if (tot && tot->kind == JSON_OBJECT)
			csv_line(out, run, "total", "total", tot);
		else
			csv_line(out, run, "none", "", NULL);
	}
}

/* One document: each run's line without what depends on how the sweep was run (schema, of,
   wall_seconds), in manifest order. */
static void print_json(const merge_set *s, FILE *out)
{
	fputs("{\"schema\": \"simtemu-merge/1\", \"runs\": [", out);
	for (int i = 0; i < s->n; i++) {
		const json_value *v = &s->runs[i].v;
		fputs(i ? ",\n {" : "\n {", out);
		int w = 0;
		for (int k = 0; k < v->n; k++) {
			if (!strcmp(v->keys[k], "schema") || !strcmp(v->keys[k], "of") || !strcmp(v->keys[k], "wall_seconds"))
				continue;
			fputs(w++ ? ", " : "", out);
			report_json_str(out, v->keys[k]);
			fputs(": ", out);
			json_write(out, &v->items[k]);
		}
		fputc('}', out);
	}
	fputs("]}\n", out);
}

static const char merge_help[] =
	"usage: simtemu merge [--counts csv|json] [--manifest MANIFEST] FILE...\n"
	"Join the JSON lines that simtemu batch wrote (all shards of one manifest, in any order;\n"
	"- reads stdin) into one table in manifest order: CSV with one line per run and key plus a\n"
	"total line per run (the default), or one JSON document (schema simtemu-merge/1). Wall\n"
	"times are left out, so the table does not depend on how the sweep was spread. Every row\n"
	"of the manifest must be there exactly once: a missing or duplicated row is an error that\n"
	"names it (with --manifest, a missing row by its id and line). docs/sweeps.md\n\n"
	"options:\n"
	"  --counts FMT         csv (default) or json\n"
	"  --manifest FILE      the sweep's manifest: name missing rows by id, check the ids\n"
	"  -h, --help           this usage\n\n"
	"exit status: 0 the table is printed; 2 bad usage or input, a row missing or duplicated\n"
	"(nothing printed)\n";

int cli_cmd_merge(int argc, char **argv)
{
	static const struct option lo[] = {{"counts", required_argument, 0, 'c'}, {"manifest", required_argument, 0, 'm'},
					   {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
	bool json = false;
	const char *mpath = NULL;
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":h", lo, NULL)) != -1) {
		switch (c) {
		case 'h': fputs(merge_help, stdout); return 0;
		case 'c':
			if (strcmp(optarg, "csv") && strcmp(optarg, "json"))
				return cli_usage_error("merge --counts takes csv or json, not '%s'", optarg);
			json = !strcmp(optarg, "json");
			break;
		case 'm': mpath = optarg; break;
		case ':': return cli_usage_error("option '%s' needs a value", argv[optind - 1]);
		default: return cli_usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return cli_usage_error("missing FILE (the JSON lines of simtemu batch)%s", "");
	manifest m;
	if (mpath && manifest_read(mpath, &m)) {
		manifest_free(&m);
		return CLI_EXIT_INPUT;
	}
	merge_set s = {0};
	int nfiles = argc - optind;
	char **texts = xcalloc((size_t)nfiles, sizeof *texts);
	int errors = read_all(&s, argv + optind, nfiles, texts);
	if (!errors && !s.n)
		errors = fprintf(stderr, "simtemu: error: no batch lines to merge\n") > 0;
	if (!errors)
		errors = check_rows(&s, mpath ? &m : NULL);
	if (errors)
		fprintf(stderr, "simtemu: merge: %d error%s, no table printed\n", errors, errors > 1 ? "s" : "");
	else if (json)
		print_json(&s, stdout);
	else
		print_csv(&s, stdout);
	for (int i = 0; i < s.n; i++)
		json_free(&s.runs[i].v);
	free(s.runs);
	for (int f = 0; f < nfiles; f++)
		free(texts[f]);
	free(texts);
	if (mpath)
		manifest_free(&m);
	return errors ? CLI_EXIT_INPUT : 0;
}
