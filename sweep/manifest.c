/* Reading a sweep's manifest: JSON lines ({"id": ..., "file": ..., "spec": ..., "args": [...]})
   or CSV (id,file,spec,args; args split at blanks), with every error located at file:line. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/json.h"
#include "sweep/manifest.h"
#include "util/xalloc.h"

static void err(const char *path, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (col > 0)
		fprintf(stderr, "%s:%d:%d: error: ", path, line, col);
	else
		fprintf(stderr, "%s:%d: error: ", path, line);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static void add_arg(manifest_row *r, const char *a, size_t len)
{
	r->args = xrealloc(r->args, (size_t)(r->nargs + 1) * sizeof *r->args);
	r->args[r->nargs] = xmalloc(len + 1);
	memcpy(r->args[r->nargs], a, len);
	r->args[r->nargs++][len] = 0;
}

/* One JSON line into r: 0, or 1 after reporting what is wrong. */
static int json_row(const char *path, int line, const char *s, size_t n, manifest_row *r)
{
	json_value v;
	size_t at;
	const char *why;
	if (json_parse(s, n, &v, &at, &why)) {
		err(path, line, (int)at + 1, "%s", why);
		return 1;
	}
	int bad = 0;
	if (v.kind != JSON_OBJECT) {
		err(path, line, 0, "a row is an object {\"id\": ..., \"file\": ..., \"spec\": ..., \"args\": [...]}");
		json_free(&v);
		return 1;
	}
	for (int i = 0; i < v.n; i++) {
		const char *k = v.keys[i];
		const json_value *m = &v.items[i];
		char **dst = !strcmp(k, "id") ? &r->id : !strcmp(k, "file") ? &r->file : !strcmp(k, "spec") ? &r->spec : NULL;
		if (dst && *dst) {
			err(path, line, 0, "'%s' is given twice", k);
			bad = 1;
		} else if (dst && !strcmp(k, "spec") && m->kind == JSON_NULL) {
			continue;
		} else if (dst && m->kind != JSON_STRING) {
			err(path, line, 0, "'%s' must be a string", k);
			bad = 1;
		} else if (dst) {
			*dst = xstrdup(m->text);
		} else if (!strcmp(k, "args")) {
			if (m->kind != JSON_ARRAY) {
				err(path, line, 0, "'args' must be a list of strings");
				bad = 1;
				continue;
			}
			for (int j = 0; j < m->n; j++) {
				if (m->items[j].kind != JSON_STRING) {
					err(path, line, 0, "'args' must be a list of strings (item %d is not)", j + 1);
					bad = 1;
					break;
				}
				add_arg(r, m->items[j].text, strlen(m->items[j].text));
			}
		} else {
			err(path, line, 0, "unknown key '%s' (a row has id, file, spec and args)", k);
			bad = 1;
		}
	}
	json_free(&v);
	return bad;
}

/* The fields of one CSV line (RFC 4180 quoting, no line break inside a field): their count,
   or -1 after reporting an error. f[] points into the rewritten line s. */
static int csv_fields(const char *path, int line, char *s, char **f, int max)
{
	int nf = 0;
	char *o = s, *p = s;
	for (;;) {
		if (nf == max) {
			err(path, line, 0, "more than %d fields (id,file,spec,args; quote a field that holds a comma)", max);
			return -1;
		}
		f[nf++] = o;
		if (*p == '"') {
			char *q = ++p;
			for (;;) {
				if (!*p) {
					err(path, line, (int)(q - s), "a quoted field is not closed on its line");
					return -1;
				}
				if (*p == '"' && p[1] == '"') {
					*o++ = '"';
					p += 2;
				} else if (*p == '"') {
					p++;
					break;
				} else
					*o++ = *p++;
			}
			if (*p && *p != ',') {
				err(path, line, (int)(p - s) + 1, "text after a quoted field");
				return -1;
			}
		} else {
			while (*p && *p != ',') {
				if (*p == '"') {
					err(path, line, (int)(p - s) + 1, "a quote inside an unquoted field");
					return -1;
				}
				*o++ = *p++;
			}
		}
		int end = !*p;
		*o++ = 0;
		if (end)
			return nf;
		p++;
	}
}

static int csv_row(const char *path, int line, char *s, manifest_row *r)
{
	char *f[4];
	int nf = csv_fields(path, line, s, f, 4);
	if (nf < 0)
		return 1;
	if (nf < 2) {
		err(path, line, 0, "a row needs at least id and file");
		return 1;
	}
	r->id = xstrdup(f[0]);
	r->file = xstrdup(f[1]);
	if (nf > 2 && f[2][0])
		r->spec = xstrdup(f[2]);
	for (char *a = nf > 3 ? f[3] : ""; *a;) {
		a += strspn(a, " \t");
		size_t len = strcspn(a, " \t");
		if (len)
			add_arg(r, a, len);
		a += len;
	}
	return 0;
}

static bool is_jsonl(const char *path, const char *first)
{
	const char *dot = strrchr(path, '.');
	if (dot && (!strcmp(dot, ".jsonl") || !strcmp(dot, ".ndjson") || !strcmp(dot, ".json")))
		return true;
	if (dot && !strcmp(dot, ".csv"))
		return false;
	return first && first[strspn(first, " \t")] == '{';
}

/* What makes a row unusable beyond its syntax: no id, no file. */
static int check_row(const manifest *m, const manifest_row *r)
{
	int bad = 0;
	if (!r->id || !r->id[0]) {
		err(m->path, r->line, 0, "the row has no id");
		bad = 1;
	}
	if (!r->file || !r->file[0]) {
		err(m->path, r->line, 0, "the row has no file");
		bad = 1;
	}
	return bad;
}

static int by_id_line(const void *a, const void *b)
{
	const manifest_row *const *x = a, *const *y = b;
	int c = strcmp((*x)->id, (*y)->id);
	return c ? c : ((*x)->line > (*y)->line) - ((*x)->line < (*y)->line);
}

/* Ids used twice, found by sorting (a manifest may have many rows): the number reported. */
static int check_ids(const manifest *m)
{
	const manifest_row **p = xcalloc((size_t)(m->n ? m->n : 1), sizeof *p);
	for (int i = 0; i < m->n; i++)
		p[i] = &m->rows[i];
	qsort(p, (size_t)m->n, sizeof *p, by_id_line);
	int errors = 0, first = 0;
	for (int i = 1; i < m->n; i++) {
		if (strcmp(p[i]->id, p[first]->id)) {
			first = i;
			continue;
		}
		err(m->path, p[i]->line, 0, "id '%s' is already the id of line %d", p[i]->id, p[first]->line);
		errors++;
	}
	free(p);
	return errors;
}

static void free_row(manifest_row *r)
{
	free(r->id);
	free(r->file);
	free(r->spec);
	for (int i = 0; i < r->nargs; i++)
		free(r->args[i]);
	free(r->args);
}

int manifest_read(const char *path, manifest *m)
{
	memset(m, 0, sizeof *m);
	m->path = xstrdup(path);
	const char *slash = strrchr(path, '/');
	m->dir = slash ? strndup(path, (size_t)(slash - path) + 1) : xstrdup("");
	size_t size;
	char *text = xread_file(strcmp(path, "-") ? path : "/dev/stdin", &size);
	if (!text) {
		fprintf(stderr, "simtemu: cannot read manifest '%s': %s\n", path, xread_why(errno, XREAD_MAX));
		return 1;
	}
	if (memchr(text, 0, size)) {
		fprintf(stderr, "simtemu: manifest '%s' is not text\n", path);
		free(text);
		return 1;
	}
	int errors = 0, line = 0, jsonl = -1, cap = 0;
	bool header = false;
	for (char *s = text, *next; s && *s; s = next) {
		line++;
		next = strchr(s, '\n');
		if (next)
			*next++ = 0;
		size_t len = strlen(s);
		if (len && s[len - 1] == '\r')
			s[--len] = 0;
		const char *t = s + strspn(s, " \t");
		if (!*t || *t == '#') /* blank lines and comments */
			continue;
		if (jsonl < 0)
			jsonl = is_jsonl(path, t);
		if (!jsonl && !header) {
			if (strcmp(s, "id,file,spec,args") && strcmp(s, "id,file,spec") && strcmp(s, "id,file")) {
				err(path, line, 0, "a CSV manifest starts with the header id,file,spec,args");
				errors++;
				break;
			}
			header = true;
			continue;
		}
		manifest_row r = {.line = line};
		int bad = jsonl ? json_row(path, line, s, len, &r) : csv_row(path, line, s, &r);
		if (!bad)
			bad = check_row(m, &r);
		if (bad) {
			errors++;
			free_row(&r);
			continue;
		}
		if (m->n == cap)
			m->rows = xrealloc(m->rows, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *m->rows);
		m->rows[m->n++] = r;
	}
	free(text);
	errors += check_ids(m);
	if (!errors && !m->n) {
		fprintf(stderr, "%s: error: the manifest has no rows\n", path);
		errors++;
	}
	return errors;
}

void manifest_free(manifest *m)
{
	for (int i = 0; i < m->n; i++)
		free_row(&m->rows[i]);
	free(m->rows);
	free(m->path);
	free(m->dir);
	memset(m, 0, sizeof *m);
}

char *manifest_path(const manifest *m, const char *p)
{
	if (p[0] == '/' || !m->dir[0])
		return xstrdup(p);
	char *s = xmalloc(strlen(m->dir) + strlen(p) + 1);
	strcpy(s, m->dir);
	strcat(s, p);
	return s;
}
