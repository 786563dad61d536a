/* Build-time tool: merges each opcode table isa/<t>.def (its parent's rows plus a delta)
 * into the flat row list $(BUILD)/isa/<t>.tab, and all of them into tables.tab.
 *
 *   merge OUTDIR isa/sm10.def isa/sm20.def ...
 *
 * A .def file holds these directives, one row each (C comments between them):
 *   PARENT(t)          first: the table extends isa/t.def (a root has none)
 *   OP(NAME, ...)      a row the parent lacks, in the columns of isa/sm20.def
 *   CHANGE(NAME, ...)  replaces the parent's row NAME (same columns)
 *   DROP(NAME)         removes the parent's row NAME
 *   FROM(t, NAME)      a row the parent lacks, verbatim table t's row NAME
 *   AFTER(NAME)        the rows that follow (until the next AFTER) go after NAME, in
 *                      their order: OP and FROM rows inserted there, CHANGE rows moved
 * Without AFTER a CHANGE row stays where the parent has it and new rows come last.
 * It refuses, with file:line, a delta that changes a row to its parent's row, drops or
 * changes a name the parent lacks, adds a name the table has, touches a name twice, and a
 * row (whitespace aside) written in two files: inheriting (or FROM) is the one copy.
 * Nothing is written unless every table merges. The rows come out as OP(...) with #line
 * markers, so a compiler's complaint about a row names its .def line. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXARGS 16

typedef struct {
	const char *file; /* where it is written */
	int line;
	char verb[16];    /* PARENT OP CHANGE DROP FROM AFTER */
	char *inner;      /* the text between the parentheses, verbatim */
	char *norm;       /* the arguments without whitespace outside strings */
	char *args[MAXARGS];
	int nargs;
} directive;

typedef struct {
	char name[64];
	const char *path;
	directive *d;
	int nd;
	int state;        /* 0 not merged, 1 merging, 2 merged */
	const directive **rows; /* the merged table, each row an OP, CHANGE or FROM's target */
	int nrows;
} table;

static table *tables;
static int ntables;

static void fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (line)
		fprintf(stderr, "%s:%d: error: ", file, line);
	else
		fprintf(stderr, "%s: error: ", file);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static void *xalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p) {
		fputs("merge: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static char *dup_range(const char *s, size_t n)
{
	char *p = xalloc(n + 1);
	memcpy(p, s, n);
	return p;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail(path, 0, "cannot read it");
	size_t cap = 4096, n = 0;
	char *buf = xalloc(cap);
	for (size_t k; (k = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
		n += k;
		if (n + 1 == cap) {
			char *b = xalloc(cap * 2);
			memcpy(b, buf, n);
			free(buf);
			buf = b;
			cap *= 2;
		}
	}
	fclose(f);
	buf[n] = 0;
	return buf;
}

/* a string literal's end (the character past its closing quote) */
static const char *skip_string(const char *p, const char *file, int line)
{
	for (p++; *p != '"'; p++) {
		if (!*p || *p == '\n')
			fail(file, line, "unterminated string");
		if (*p == '\\' && p[1])
			p++;
	}
	return p + 1;
}

/* Split d->inner at its top-level commas into trimmed arguments and the normal form. */
static void split_args(directive *d)
{
	size_t len = strlen(d->inner);
	char *norm = d->norm = xalloc(len + 1);
	const char *p = d->inner, *start = p;
	int depth = 0;
	for (;; ) {
		if (*p == '"') {
			const char *e = skip_string(p, d->file, d->line);
			memcpy(norm, p, (size_t)(e - p));
			norm += e - p;
			p = e;
			continue;
		}
		if (!*p || (*p == ',' && !depth)) {
			const char *a = start, *e = p;
			while (a < e && strchr(" \t\r\n", *a))
				a++;
			while (e > a && strchr(" \t\r\n", e[-1]))
				e--;
			if (d->nargs == MAXARGS)
				fail(d->file, d->line, "more than %d arguments", MAXARGS);
			d->args[d->nargs++] = dup_range(a, (size_t)(e - a));
			if (!*p)
				break;
			start = p + 1;
		}
		depth += (*p == '(') - (*p == ')');
		if (!strchr(" \t\r\n", *p))
			*norm++ = *p;
		p++;
	}
}

static void parse_file(table *t)
{
	char *src = read_file(t->path);
	int line = 1, cap = 0;
	for (const char *p = src; *p;) {
		if (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r') {
			line += *p++ == '\n';
		} else if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			if (!e)
				fail(t->path, line, "unterminated comment");
			for (; p < e; p++)
				line += *p == '\n';
			p = e + 2;
		} else if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
		} else {
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
			const char *open = p + n;
			if (!n || n >= sizeof t->d->verb || *open != '(')
				fail(t->path, line, "expected a row: PARENT, OP, CHANGE, DROP, FROM or AFTER (...)");
			if (t->nd == cap) {
				directive *d = xalloc(sizeof *d * (size_t)(cap = cap ? 2 * cap : 128));
				if (t->nd)
					memcpy(d, t->d, sizeof *d * (size_t)t->nd);
				free(t->d);
				t->d = d;
			}
			directive *d = &t->d[t->nd++];
			d->file = t->path;
			d->line = line;
			memcpy(d->verb, p, n);
			int depth = 1;
			const char *q = open + 1;
			for (; depth; q++) {
				if (*q == '"') {
					q = skip_string(q, t->path, line) - 1;
				} else if (!*q) {
					fail(t->path, d->line, "%s( without its closing parenthesis", d->verb);
				} else {
					depth += (*q == '(') - (*q == ')');
					line += *q == '\n';
				}
			}
			d->inner = dup_range(open + 1, (size_t)(q - open - 2));
			split_args(d);
			p = q;
		}
	}
	free(src);
}

static table *find_table(const char *name)
{
	for (int i = 0; i < ntables; i++)
		if (!strcmp(tables[i].name, name))
			return &tables[i];
	return NULL;
}

static int find_row(const directive *const *rows, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(rows[i]->args[0], name))
			return i;
	return -1;
}

static void want_args(const directive *d, int n)
{
	if (d->nargs != n)
		fail(d->file, d->line, "%s takes %d arguments, not %d", d->verb, n, d->nargs);
}

static void want_name(const directive *d, const char *s)
{
	if (!*s || strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != strlen(s))
		fail(d->file, d->line, "'%s' is not a name", s);
}

static void merge(table *t);

/* The merged table a directive names (PARENT's or FROM's first argument). */
static table *named_table(const table *t, const directive *d)
{
	table *o = find_table(d->args[0]);
	if (!o)
		fail(d->file, d->line, "no table %s (isa/%s.def is not among the tables)", d->args[0], d->args[0]);
	if (o == t || o->state == 1)
		fail(d->file, d->line, "%s(%s): %s inherits from itself (PARENT or FROM goes round)", d->verb, o->name,
		     t->name);
	merge(o);
	return o;
}

/* Insert row r at index at, moving the rest down (t->rows has room). */
static void insert_row(table *t, int at, const directive *r)
{
	memmove(&t->rows[at + 1], &t->rows[at], sizeof *t->rows * (size_t)(t->nrows - at));
	t->rows[at] = r;
	t->nrows++;
}

static void remove_row(table *t, int at)
{
	memmove(&t->rows[at], &t->rows[at + 1], sizeof *t->rows * (size_t)(t->nrows - at - 1));
	t->nrows--;
}

/* Where the next positioned row goes: past the row named by AFTER (and the rows placed
   after it since), or the end. */
static int place(table *t, const directive *after)
{
	if (!after)
		return t->nrows;
	int i = find_row(t->rows, t->nrows, after->args[0]);
	if (i < 0)
		fail(after->file, after->line, "AFTER(%s): the table no longer has it", after->args[0]);
	return i + 1;
}

/* One delta directive d of t against its parent p (NULL for a root). touched: the names
   this file changed or dropped so far. */
static void apply(table *t, const table *p, const directive *d, const directive **after, const char **touched,
		  int *ntouched)
{
	const char *name = d->args[0];
	bool is_row = !strcmp(d->verb, "OP") || !strcmp(d->verb, "CHANGE");
	if (!is_row && strcmp(d->verb, "DROP") && strcmp(d->verb, "FROM") && strcmp(d->verb, "AFTER"))
		fail(d->file, d->line, "%s( is no row: PARENT, OP, CHANGE, DROP, FROM or AFTER", d->verb);
	if (is_row)
		want_args(d, 11);
	else if (!strcmp(d->verb, "FROM"))
		want_args(d, 2), name = d->args[1];
	else
		want_args(d, 1);
	want_name(d, name);
	int in_parent = p ? find_row(p->rows, p->nrows, name) : -1;
	if (!strcmp(d->verb, "AFTER")) {
		*after = d;
		place(t, d);
		return;
	}
	if (!strcmp(d->verb, "DROP") || !strcmp(d->verb, "CHANGE")) {
		if (in_parent < 0)
			fail(d->file, d->line, "%s(%s): %s has no %s", d->verb, name, p ? p->name : "a root table", name);
		for (int i = 0; i < *ntouched; i++)
			if (!strcmp(touched[i], name))
				fail(d->file, d->line, "%s(%s): %s was changed or dropped above", d->verb, name, name);
		touched[(*ntouched)++] = name;
		int at = find_row(t->rows, t->nrows, name);
		if (!strcmp(d->verb, "DROP")) {
			if (*after && !strcmp((*after)->args[0], name))
				fail(d->file, d->line, "DROP(%s): the rows are placed after it (AFTER above)", name);
			remove_row(t, at);
			return;
		}
		if (!strcmp(p->rows[in_parent]->norm, d->norm))
			fail(d->file, d->line, "CHANGE(%s) is %s's row unchanged: inherit it (remove this line)", name,
			     p->name);
		if (!*after) {
			t->rows[at] = d;
			return;
		}
		remove_row(t, at);
		insert_row(t, place(t, *after), d);
		*after = d;
		return;
	}
	/* OP or FROM: a row the table lacks */
	if (in_parent >= 0)
		fail(d->file, d->line, "%s(%s): %s has %s: CHANGE(%s, ...) replaces its row, DROP(%s) removes it", d->verb,
		     name, p->name, name, name, name);
	if (find_row(t->rows, t->nrows, name) >= 0)
		fail(d->file, d->line, "%s(%s): %s has a row %s above", d->verb, name, t->name, name);
	const directive *r = d;
	if (!strcmp(d->verb, "FROM")) {
		table *o = named_table(t, d);
		int i = find_row(o->rows, o->nrows, name);
		if (i < 0)
			fail(d->file, d->line, "FROM(%s, %s): %s has no %s", o->name, name, o->name, name);
		r = o->rows[i];
	}
	insert_row(t, place(t, *after), r);
	if (*after)
		*after = r;
}

static void merge(table *t)
{
	if (t->state == 2)
		return;
	t->state = 1;
	const table *p = NULL;
	int first = 0;
	if (t->nd && !strcmp(t->d[0].verb, "PARENT")) {
		want_args(&t->d[0], 1);
		p = named_table(t, &t->d[0]);
		first = 1;
	}
	int cap = (p ? p->nrows : 0) + t->nd;
	t->rows = xalloc(sizeof *t->rows * (size_t)cap);
	if (p) {
		memcpy(t->rows, p->rows, sizeof *t->rows * (size_t)p->nrows);
		t->nrows = p->nrows;
	}
	const char **touched = xalloc(sizeof *touched * (size_t)t->nd);
	int ntouched = 0;
	const directive *after = NULL;
	for (int i = first; i < t->nd; i++) {
		if (!strcmp(t->d[i].verb, "PARENT"))
			fail(t->d[i].file, t->d[i].line, "PARENT comes first, once");
		apply(t, p, &t->d[i], &after, touched, &ntouched);
	}
	free(touched);
	t->state = 2;
}

/* No row written twice: two files holding one row (whitespace aside) would be a copy. */
static void check_copies(void)
{
	for (int a = 0; a < ntables; a++)
		for (int i = 0; i < tables[a].nd; i++) {
			const directive *x = &tables[a].d[i];
			if (strcmp(x->verb, "OP") && strcmp(x->verb, "CHANGE"))
				continue;
			for (int b = 0; b < a; b++)
				for (int j = 0; j < tables[b].nd; j++) {
					const directive *y = &tables[b].d[j];
					if ((strcmp(y->verb, "OP") && strcmp(y->verb, "CHANGE")) || strcmp(x->norm, y->norm))
						continue;
					fail(x->file, x->line, "%s's row is %s:%d's, verbatim: inherit it (PARENT) or take it "
							       "with FROM(%s, %s)",
					     x->args[0], y->file, y->line, tables[b].name, x->args[0]);
				}
		}
}

static void write_rows(FILE *f, const table *t)
{
	for (int i = 0; i < t->nrows; i++)
		fprintf(f, "#line %d \"%s\"\nOP(%s)\n", t->rows[i]->line, t->rows[i]->file, t->rows[i]->inner);
}

static FILE *open_out(const char *dir, const char *name, char *tmp, size_t n)
{
	snprintf(tmp, n, "%s/%s.tmp", dir, name);
	FILE *f = fopen(tmp, "w");
	if (!f)
		fail(tmp, 0, "cannot write it");
	return f;
}

static void close_out(FILE *f, const char *tmp)
{
	char path[4096];
	snprintf(path, sizeof path, "%.*s", (int)(strlen(tmp) - 4), tmp);
	if (fclose(f) || rename(tmp, path))
		fail(path, 0, "cannot write it");
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: merge OUTDIR isa/<table>.def ...\n", stderr);
		return 2;
	}
	ntables = argc - 2;
	tables = xalloc(sizeof *tables * (size_t)ntables);
	for (int i = 0; i < ntables; i++) {
		table *t = &tables[i];
		const char *base = strrchr(argv[i + 2], '/') ? strrchr(argv[i + 2], '/') + 1 : argv[i + 2];
		size_t n = strcspn(base, ".");
		if (!n || n >= sizeof t->name || strcmp(base + n, ".def"))
			fail(argv[i + 2], 0, "a table is a file <name>.def");
		memcpy(t->name, base, n);
		t->path = argv[i + 2];
		if (find_table(t->name) != t)
			fail(t->path, 0, "table %s given twice", t->name);
		parse_file(t);
	}
	for (int i = 0; i < ntables; i++)
		merge(&tables[i]);
	check_copies();
	char tmp[4096];
	for (int i = 0; i < ntables; i++) {
		char name[80];
		snprintf(name, sizeof name, "%s.tab", tables[i].name);
		FILE *f = open_out(argv[1], name, tmp, sizeof tmp);
		fprintf(f, "/* Generated by isa/merge.c from %s: do not edit. */\n", tables[i].path);
		write_rows(f, &tables[i]);
		close_out(f, tmp);
	}
	FILE *f = open_out(argv[1], "tables.tab", tmp, sizeof tmp);
	fputs("/* Generated by isa/merge.c: every table, TABLE(t) its rows END_TABLE(t). Do not edit. */\n", f);
	for (int i = 0; i < ntables; i++) {
		fprintf(f, "TABLE(%s)\n", tables[i].name);
		write_rows(f, &tables[i]);
		fprintf(f, "END_TABLE(%s)\n", tables[i].name);
	}
	close_out(f, tmp);
	return 0;
}
