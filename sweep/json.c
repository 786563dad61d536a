/* A small recursive-descent JSON reader (RFC 8259) for the batch manifests and the lines batch
   writes: enough for objects, arrays, strings with escapes and numbers kept as written, so
   that 64-bit counts survive a round trip exactly. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/write.h"
#include "sweep/json.h"
#include "util/xalloc.h"

typedef struct {
	const char *s;
	size_t n, i;
	const char *why;
	int depth;
} jp;

static int fail(jp *p, const char *why)
{
	if (!p->why)
		p->why = why;
	return -1;
}

static void skip_ws(jp *p)
{
	while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r'))
		p->i++;
}

static int hex4(jp *p, unsigned *u)
{
	*u = 0;
	for (int k = 0; k < 4; k++, p->i++) {
		char c = p->i < p->n ? p->s[p->i] : 0;
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return fail(p, "a \\u escape needs four hex digits");
		*u = *u * 16 + (unsigned)d;
	}
	return 0;
}

static void put_utf8(char *o, size_t *k, unsigned u)
{
	if (u < 0x80)
		o[(*k)++] = (char)u;
	else if (u < 0x800) {
		o[(*k)++] = (char)(0xc0 | u >> 6);
		o[(*k)++] = (char)(0x80 | (u & 0x3f));
	} else if (u < 0x10000) {
		o[(*k)++] = (char)(0xe0 | u >> 12);
		o[(*k)++] = (char)(0x80 | (u >> 6 & 0x3f));
		o[(*k)++] = (char)(0x80 | (u & 0x3f));
	} else {
		o[(*k)++] = (char)(0xf0 | u >> 18);
		o[(*k)++] = (char)(0x80 | (u >> 12 & 0x3f));
		o[(*k)++] = (char)(0x80 | (u >> 6 & 0x3f));
		o[(*k)++] = (char)(0x80 | (u & 0x3f));
	}
}

/* A string at p->i (its opening quote) into a new buffer. */
static int string(jp *p, char **out)
{
	p->i++;
	char *o = xmalloc(p->n - p->i + 1); /* escapes only shrink */
	size_t k = 0;
	for (;;) {
		if (p->i >= p->n) {
			free(o);
			return fail(p, "a string is not closed");
		}
		unsigned char c = (unsigned char)p->s[p->i];
		if (c == '"')
			break;
		if (c < 0x20) {
			free(o);
			return fail(p, "a control character in a string (escape it)");
		}
		if (c != '\\') {
			o[k++] = (char)c;
			p->i++;
			continue;
		}
		size_t esc = p->i++; /* errors point at the backslash */
		char e = p->i < p->n ? p->s[p->i] : 0;
		const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
		const char *f = e ? strchr(from, e) : NULL;
		if (f) {
			o[k++] = to[f - from];
			p->i++;
			continue;
		}
		unsigned u, lo;
		p->i++;
		if (e != 'u') {
			free(o);
			p->i = esc;
			return fail(p, "an unknown escape in a string");
		}
		if (hex4(p, &u)) {
			free(o);
			return -1;
		}
		if (u >= 0xd800 && u < 0xdc00 && p->i + 1 < p->n && p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
			p->i += 2;
			if (hex4(p, &lo) || lo < 0xdc00 || lo > 0xdfff) {
				free(o);
				return fail(p, "a lone surrogate in a \\u escape");
			}
			u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
		}
		if (u == 0) {
			free(o);
			p->i = esc;
			return fail(p, "\\u0000 in a string");
		}
		put_utf8(o, &k, u);
	}
	p->i++;
	o[k] = 0;
	*out = o;
	return 0;
}

static int number(jp *p, json_value *v)
{
	size_t b = p->i;
	if (p->i < p->n && p->s[p->i] == '-')
		p->i++;
	size_t d = p->i;
	while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
		p->i++;
	if (p->i == d || (p->s[d] == '0' && p->i - d > 1))
		return p->i = b, fail(p, "a malformed number"); /* at the number's start */
	if (p->i < p->n && p->s[p->i] == '.') {
		size_t f = ++p->i;
		while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
			p->i++;
		if (p->i == f)
			return p->i = b, fail(p, "a malformed number"); /* at the number's start */
	}
	if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
		p->i++;
		if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-'))
			p->i++;
		size_t f = p->i;
		while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
			p->i++;
		if (p->i == f)
			return p->i = b, fail(p, "a malformed number"); /* at the number's start */
	}
	v->kind = JSON_NUMBER;
	v->text = xmalloc(p->i - b + 1);
	memcpy(v->text, p->s + b, p->i - b);
	v->text[p->i - b] = 0;
	return 0;
}

static int value(jp *p, json_value *v);

/* The items of an array or the members of an object, after its opening bracket. */
static int members(jp *p, json_value *v, bool obj)
{
	char close = obj ? '}' : ']';
	int cap = 0;
	p->i++;
	skip_ws(p);
	if (p->i < p->n && p->s[p->i] == close) {
		p->i++;
		return 0;
	}
	for (;;) {
		if (v->n == cap) {
			cap = cap ? 2 * cap : 8;
			v->items = xrealloc(v->items, (size_t)cap * sizeof *v->items);
			if (obj)
				v->keys = xrealloc(v->keys, (size_t)cap * sizeof *v->keys);
		}
		skip_ws(p);
		if (obj) {
			if (p->i >= p->n || p->s[p->i] != '"')
				return fail(p, "a member name (a string) expected");
			if (string(p, &v->keys[v->n]))
				return -1;
			skip_ws(p);
			if (p->i >= p->n || p->s[p->i] != ':') {
				free(v->keys[v->n]);
				return fail(p, "':' expected after a member name");
			}
			p->i++;
		}
		memset(&v->items[v->n], 0, sizeof v->items[v->n]);
		int r = value(p, &v->items[v->n]);
		v->n++; /* freed by json_free even when incomplete */
		if (r)
			return -1;
		skip_ws(p);
		if (p->i < p->n && p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->i < p->n && p->s[p->i] == close) {
			p->i++;
			return 0;
		}
		return fail(p, obj ? "',' or '}' expected" : "',' or ']' expected");
	}
}

static int value(jp *p, json_value *v)
{
	skip_ws(p);
	if (p->i >= p->n)
		return fail(p, "a value expected");
	char c = p->s[p->i];
	if (c == '{' || c == '[') {
		if (++p->depth > 64)
			return fail(p, "nested too deeply");
		v->kind = c == '{' ? JSON_OBJECT : JSON_ARRAY;
		int r = members(p, v, c == '{');
		p->depth--;
		return r;
	}
	if (c == '"') {
		v->kind = JSON_STRING;
		return string(p, &v->text);
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return number(p, v);
	static const struct {
		const char *word;
		json_kind kind;
		bool b;
	} words[] = {{"true", JSON_BOOL, true}, {"false", JSON_BOOL, false}, {"null", JSON_NULL, false}};
	for (int k = 0; k < 3; k++) {
		size_t len = strlen(words[k].word);
		if (p->n - p->i >= len && !memcmp(p->s + p->i, words[k].word, len)) {
			v->kind = words[k].kind;
			v->b = words[k].b;
			p->i += len;
			return 0;
		}
	}
	return fail(p, "a value expected");
}

int json_parse(const char *s, size_t n, json_value *v, size_t *at, const char **why)
{
	jp p = {.s = s, .n = n};
	memset(v, 0, sizeof *v);
	int r = value(&p, v);
	if (!r) {
		skip_ws(&p);
		if (p.i < p.n)
			r = fail(&p, "text after the value");
	}
	if (r) {
		json_free(v);
		*at = p.i;
		*why = p.why;
	}
	return r;
}

void json_free(json_value *v)
{
	for (int i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->text);
	memset(v, 0, sizeof *v);
}

const json_value *json_get(const json_value *obj, const char *key)
{
	if (obj->kind != JSON_OBJECT)
		return NULL;
	for (int i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

bool json_u64(const json_value *v, uint64_t *out)
{
	if (!v || v->kind != JSON_NUMBER || !v->text[0] || strspn(v->text, "0123456789") != strlen(v->text) ||
	    strlen(v->text) > 20)
		return false;
	errno = 0;
	unsigned long long u = strtoull(v->text, NULL, 10);
	if (errno)
		return false;
	*out = u;
	return true;
}

void json_write(FILE *out, const json_value *v)
{
	switch (v->kind) {
	case JSON_NULL: fputs("null", out); break;
	case JSON_BOOL: fputs(v->b ? "true" : "false", out); break;
	case JSON_NUMBER: fputs(v->text, out); break;
	case JSON_STRING: report_json_str(out, v->text); break;
	case JSON_ARRAY:
	case JSON_OBJECT:
		fputc(v->kind == JSON_ARRAY ? '[' : '{', out);
		for (int i = 0; i < v->n; i++) {
			if (i)
				fputs(", ", out);
			if (v->kind == JSON_OBJECT) {
				report_json_str(out, v->keys[i]);
				fputs(": ", out);
			}
			json_write(out, &v->items[i]);
		}
		fputc(v->kind == JSON_ARRAY ? ']' : '}', out);
		break;
	}
}
