/* The debugger's arguments: one strict number syntax (decimal or 0x hex, the whole word),
   registers, lanes, pcs and global addresses checked against the emulated state, each
   refusal a message on the session's output. */
#include <inttypes.h>
#include <string.h>

#include "dbg/dbg_session.h"

/* 0: a number in *u; 1: not a number; 2: too large for 64 bits. */
static int parse_u64(const char *s, uint64_t *u)
{
	int base = 10;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return 1;
	uint64_t v = 0;
	bool over = false;
	for (; *s; s++) {
		int dg = *s >= '0' && *s <= '9' ? *s - '0'
			: *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
			: *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : 99;
		if (dg >= base)
			return 1;
		if (v > (UINT64_MAX - (uint64_t)dg) / (uint64_t)base)
			over = true;
		else
			v = v * (uint64_t)base + (uint64_t)dg;
	}
	*u = v;
	return over ? 2 : 0;
}

bool dbg_int(dbg_session *d, const char *what, const char *s, int64_t lo, int64_t hi, int64_t *v)
{
	bool neg = s[0] == '-';
	uint64_t u = 0;
	int r = parse_u64(s + neg, &u);
	if (r == 1) {
		fprintf(d->out, "%s '%s' is not a number\n", what, s);
		return false;
	}
	int64_t n = 0;
	if (!r && u <= (uint64_t)INT64_MAX)
		n = neg ? -(int64_t)u : (int64_t)u;
	else if (!r && neg && u == (uint64_t)INT64_MAX + 1)
		n = INT64_MIN;
	else
		r = 2;
	if (r || n < lo || n > hi) {
		fprintf(d->out, "%s %s is out of range (%" PRId64 " to %" PRId64 ")\n", what, s, lo, hi);
		return false;
	}
	*v = n;
	return true;
}

bool dbg_u64(dbg_session *d, const char *what, const char *s, uint64_t *v)
{
	int r = parse_u64(s, v);
	if (r == 1)
		fprintf(d->out, "%s '%s' is not a number\n", what, s);
	else if (r == 2)
		fprintf(d->out, "%s %s is larger than 64 bits\n", what, s);
	return r == 0;
}

int dbg_reg(dbg_session *d, const char *s, bool *pred, int *reg)
{
	char k = s[0] == 'r' ? 'R' : s[0] == 'p' ? 'P' : s[0];
	if ((k != 'R' && k != 'P') || !(s[1] >= '0' && s[1] <= '9'))
		return 0;
	uint64_t u;
	int r = parse_u64(s + 1, &u);
	if (r == 1 || (s[1] == '0' && s[2] == 'x'))
		return 0;
	int n = k == 'R' ? d->x->f->nregs : 7;
	if (r == 2 || u >= (uint64_t)n) {
		if (k == 'P')
			fprintf(d->out, "no predicate %s (P0 to P6)\n", s);
		else if (!n)
			fprintf(d->out, "no register %s (this kernel uses none)\n", s);
		else
			fprintf(d->out, "no register %s (this kernel uses R0 to R%d)\n", s, n - 1);
		return -1;
	}
	*pred = k == 'P';
	*reg = (int)u;
	return 1;
}

bool dbg_lane(dbg_session *d, const emu_warp *w, const char *s, int *lane)
{
	int64_t v;
	if (!dbg_int(d, "lane", s, 0, w->nlanes - 1, &v))
		return false;
	*lane = (int)v;
	return true;
}

int dbg_pc(dbg_session *d, const char *s)
{
	const emu_func *f = d->x->f;
	if (s[0] == '#') {
		int64_t i;
		return dbg_int(d, "instruction index", s + 1, 0, f->n - 1, &i) ? (int)i : -1;
	}
	if (s[0] >= '0' && s[0] <= '9') {
		uint64_t a;
		if (!dbg_u64(d, "address", s, &a))
			return -1;
		for (int i = 0; i < f->n; i++)
			if (f->insns[i].addr == a)
				return i;
		fprintf(d->out, "no instruction at %s\n", s);
		return -1;
	}
	for (int i = 0; i <= f->n; i++)
		if (f->labels[i] && !strcmp(f->labels[i], s)) {
			if (i < f->n)
				return i;
			fprintf(d->out, "label '%s' is past the last instruction\n", s);
			return -1;
		}
	fprintf(d->out, "no instruction at '%s' (a label, an address or #index)\n", s);
	return -1;
}

bool dbg_gaddr(dbg_session *d, const char *s, uint64_t *a)
{
	if (s[0] >= '0' && s[0] <= '9')
		return dbg_u64(d, "address", s, a);
	char name[128];
	size_t k = strcspn(s, "+");
	snprintf(name, sizeof name, "%.*s", (int)k, s);
	const emu_buffer *b = k < sizeof name ? emu_gmem_find_name(&d->x->gmem, name) : NULL;
	if (!b) {
		fprintf(d->out, "'%s' is not an address or a buffer name (info buffers lists them)\n", name);
		return false;
	}
	uint64_t off = 0;
	if (s[k] && !dbg_u64(d, "offset", s + k + 1, &off))
		return false;
	if (off > UINT64_MAX - b->addr) {
		fprintf(d->out, "%s is past the end of the address space\n", s);
		return false;
	}
	*a = b->addr + off;
	return true;
}

bool dbg_brackets(const char *s, const char *prefix, int nb, char (*f)[32])
{
	size_t n = strlen(prefix);
	if (strncmp(s, prefix, n))
		return false;
	s += n;
	for (int i = 0; i < nb; i++) {
		if (*s++ != '[')
			return false;
		size_t k = strcspn(s, "]");
		if (!s[k] || k >= 32)
			return false;
		snprintf(f[i], 32, "%.*s", (int)k, s);
		s += k + 1;
	}
	return !*s;
}
