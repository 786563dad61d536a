/* Launch directives read from text: .target .kernel .grid .block .shared .local .buffer .param .const .expect */
#include "front/spec.h"
#include "isa/isa.h"
#include "util/num.h"
#include "util/text.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	char *w;
	int col;
} tok;

typedef struct {
	emu_spec *s;
	ast_diags dg;
	const char *file;
	int line;
	tok *t;
	int n, cap;
	/* the first directive of each list kind in this file replaces the earlier list */
	bool replaced_bufs, replaced_params, replaced_consts, replaced_expects;
	/* the names of s->bufs, hashed (open addressing), for the duplicate check in O(1) */
	int *names;
	size_t ncap;
	int nnames;
} pstate;

static uint64_t name_hash(const char *w)
{
	uint64_t h = 1469598103934665603ull;
	for (; *w; w++)
		h = (h ^ (unsigned char)*w) * 1099511628211ull;
	return h;
}

/* Index of the buffer named w in p->s->bufs, or -1; with add, remember buffer add_idx. */
static int name_slot(pstate *p, const char *w, int add_idx)
{
	emu_spec *s = p->s;
	if (add_idx >= 0 && 2 * (size_t)(p->nnames + 1) > p->ncap) {
		size_t cap = p->ncap ? 2 * p->ncap : 64;
		free(p->names);
		p->names = xmalloc(cap * sizeof *p->names);
		memset(p->names, 0xff, cap * sizeof *p->names);
		p->ncap = cap;
		p->nnames = 0;
		for (int i = 0; i < s->nbufs; i++)
			if (i != add_idx)
				name_slot(p, s->bufs[i].name, i);
	}
	if (!p->ncap)
		return -1;
	size_t h = (size_t)name_hash(w) & (p->ncap - 1);
	for (; p->names[h] >= 0; h = (h + 1) & (p->ncap - 1))
		if (!strcmp(s->bufs[p->names[h]].name, w))
			return p->names[h];
	if (add_idx >= 0) {
		p->names[h] = add_idx;
		p->nnames++;
	}
	return -1;
}

/* Append a slot: capacity doubles at each power of two (growing by one each time copied
   the array per directive under allocators without mremap, quadratic in the lines). */
static void *grow(void *arr, size_t elem, int n)
{
	if (n == 0 || (n >= 4 && !(n & (n - 1))))
		return xrealloc(arr, elem * (size_t)(n ? 2 * n : 4));
	return arr;
}
#define GROW(arr, n) ((arr) = grow((arr), sizeof *(arr), (n)), &(arr)[(n)++])

static void perr(pstate *p, int k, const char *fmt, const char *a)
{
	int col = (k >= 0 && k < p->n) ? p->t[k].col : (p->n > 0 ? p->t[p->n - 1].col : 1);
	ast_error(&p->dg, (ast_loc){p->line, col}, fmt, a);
}

/* ---- values ---- */

bool spec_parse_int(const char *t, int64_t *v, bool *neg_out)
{
	/* any 64-bit pattern: -2^63 .. 2^64-1 (a u64 above 2^63 comes back as its bits) */
	bool neg = *t == '-';
	uint64_t u;
	if (num_parse_u64(t + (neg || *t == '+'), 0, neg ? (uint64_t)INT64_MAX + 1 : UINT64_MAX, &u))
		return false;
	*v = (int64_t)(neg ? 0 - u : u);
	if (neg_out)
		*neg_out = neg;
	return true;
}

bool spec_parse_float(const char *t, double *v)
{
	return num_parse_double(t, true, v) == NUM_OK;
}

const char *spec_value_bits(const char *text, emu_type t, uint64_t *bits)
{
	static const char *const range[] = {
		[EMU_T_U8] = "out of range for u8 (0..255)", [EMU_T_S8] = "out of range for s8 (-128..127)",
		[EMU_T_U16] = "out of range for u16 (0..65535)",
		[EMU_T_S16] = "out of range for s16 (-32768..32767)",
		[EMU_T_U32] = "out of range for u32 (0..4294967295)",
		[EMU_T_S32] = "out of range for s32 (-2147483648..2147483647)",
		[EMU_T_U64] = "out of range for u64 (0..18446744073709551615)",
		[EMU_T_S64] = "out of range for s64 (-9223372036854775808..9223372036854775807)",
		[EMU_T_F32] = "out of range for f32 (overflows to infinity)",
		[EMU_T_F64] = "out of range for f64 (overflows to infinity)",
	};
	if (t == EMU_T_F32 || t == EMU_T_F64) {
		double d;
		num_err e = num_parse_double(text, true, &d); /* nan and inf are accepted when written */
		if (e)
			return e == NUM_RANGE ? range[t] : "not a number";
		if (t == EMU_T_F32) {
			float f = (float)d;
			if (isinf(f) && !isinf(d))
				return range[t];
			uint32_t u;
			memcpy(&u, &f, 4);
			*bits = u;
		} else
			memcpy(bits, &d, 8);
		return NULL;
	}
	bool neg = *text == '-';
	const char *mag = text + (neg || *text == '+');
	uint64_t u;
	num_err e = num_parse_u64(mag, 0, UINT64_MAX, &u);
	if (e)
		return e == NUM_RANGE ? range[t] : "not an integer";
	int size = emu_type_size(t);
	bool sgn = t == EMU_T_S8 || t == EMU_T_S16 || t == EMU_T_S32 || t == EMU_T_S64;
	if (neg && !sgn)
		return u ? "negative value for an unsigned type" : (*bits = 0, NULL);
	uint64_t umax = size < 8 ? (1ull << (size * 8)) - 1 : UINT64_MAX; /* the bit pattern's range */
	uint64_t smax = umax >> 1;
	/* hex spellings of the unsigned bit pattern are accepted for signed types */
	bool hex = mag[0] == '0' && (mag[1] == 'x' || mag[1] == 'X');
	if (neg ? u > smax + 1 : u > (sgn && !hex ? smax : umax))
		return range[t];
	*bits = (neg ? 0 - u : u) & umax;
	return NULL;
}

static spec_val *take_vals(pstate *p, int from, int *n)
{
	*n = p->n - from;
	spec_val *v = xcalloc((size_t)*n, sizeof *v);
	for (int i = 0; i < *n; i++) {
		v[i].text = xstrdup(p->t[from + i].w);
		v[i].loc = (ast_loc){p->line, p->t[from + i].col};
	}
	return v;
}

static void free_vals(spec_val *v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i].text);
	free(v);
}

static void free_bufs(emu_spec *s)
{
	for (int i = 0; i < s->nbufs; i++) {
		free(s->bufs[i].name);
		free(s->bufs[i].path);
		free_vals(s->bufs[i].vals, s->bufs[i].nvals);
	}
	s->nbufs = 0;
}

static void free_params(emu_spec *s)
{
	for (int i = 0; i < s->nparams; i++)
		free(s->params[i].val.text);
	s->nparams = 0;
}

static void free_consts(emu_spec *s)
{
	for (int i = 0; i < s->nconsts; i++)
		free_vals(s->consts[i].vals, s->consts[i].nvals);
	s->nconsts = 0;
}

static void free_expects(emu_spec *s)
{
	for (int i = 0; i < s->nexpects; i++) {
		free(s->expects[i].name);
		free(s->expects[i].path);
		free_vals(s->expects[i].vals, s->expects[i].nvals);
	}
	s->nexpects = 0;
}

/* The first directive of a kind in a file replaces what an earlier file gave. */
static void replace_once(bool *replaced, emu_spec *s, void (*clear)(emu_spec *))
{
	if (!*replaced) {
		*replaced = true;
		clear(s);
	}
}

/* Word k as a number in [min, max] (what: for the message, e.g. "a size"). */
static bool get_u64(pstate *p, int k, uint64_t *out, uint64_t min, uint64_t max, const char *what)
{
	if (k >= p->n) {
		char m[200];
		snprintf(m, sizeof m, "expected %s %s (missing)", strchr("aeiou", what[0]) ? "an" : "a", what);
		perr(p, k, "%s", m);
		return false;
	}
	num_err e = num_parse_u64(p->t[k].w, min, max, out);
	if (e) {
		char m[200];
		if (e == NUM_RANGE)
			snprintf(m, sizeof m, "'%s': the %s must be %llu..%llu", p->t[k].w, what,
				 (unsigned long long)min, (unsigned long long)max);
		else
			snprintf(m, sizeof m, "'%s': %s (expected %s %s)", p->t[k].w, num_why(e),
				 strchr("aeiou", what[0]) ? "an" : "a", what);
		perr(p, k, "%s", m);
		return false;
	}
	return true;
}

static bool get_u32(pstate *p, int k, uint32_t *out, uint32_t min)
{
	uint64_t v;
	if (!get_u64(p, k, &v, min, 0xffffffffu, "number"))
		return false;
	*out = (uint32_t)v;
	return true;
}

static bool get_type(pstate *p, int k, emu_type *t)
{
	int v = k < p->n ? emu_type_parse(p->t[k].w) : -1;
	if (v < 0) {
		perr(p, k, "expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)%s", "");
		return false;
	}
	*t = (emu_type)v;
	return true;
}

/* ---- directives ---- */

static void dims(pstate *p, uint32_t d[3], bool *has)
{
	if (p->n < 2 || p->n > 4) {
		perr(p, 0, "%s takes 1 to 3 sizes", p->t[0].w);
		return;
	}
	uint32_t v[3] = {1, 1, 1};
	for (int i = 1; i < p->n; i++)
		if (!get_u32(p, i, &v[i - 1], 1))
			return;
	memcpy(d, v, sizeof v);
	*has = true;
}

/* ".buffer ... = INIT" from word k (after the '='): the initializer of b. False on an error (reported). */
static bool buffer_init(pstate *p, int k, spec_buffer *b)
{
	const char *w = p->t[k].w;
	if (!strcmp(w, "fill")) {
		b->init = SPEC_INIT_FILL;
		if (p->n != k + 2) {
			perr(p, k, "usage: fill V%s", "");
			return false;
		}
		b->vals = take_vals(p, k + 1, &b->nvals);
	} else if (!strcmp(w, "iota")) {
		b->init = SPEC_INIT_IOTA;
		if (p->n > k + 3) {
			perr(p, k, "usage: iota [START [STEP]]%s", "");
			return false;
		}
		b->vals = take_vals(p, k + 1, &b->nvals);
	} else if (!strcmp(w, "random")) {
		b->init = SPEC_INIT_RANDOM;
		if (p->n != k + 2 && p->n != k + 4) {
			perr(p, k, "usage: random SEED [LO HI]%s", "");
			return false;
		}
		b->vals = take_vals(p, k + 1, &b->nvals);
	} else if (!strcmp(w, "file")) {
		b->init = SPEC_INIT_FILE;
		if (p->n != k + 2) {
			perr(p, k, "usage: file PATH%s", "");
			return false;
		}
		b->path = xstrdup(p->t[k + 1].w);
	} else {
		b->init = SPEC_INIT_LIST;
		b->vals = take_vals(p, k, &b->nvals);
		if ((uint64_t)b->nvals != b->count) {
			char m[96];
			snprintf(m, sizeof m, "%d values given for %llu elements", b->nvals,
				 (unsigned long long)b->count);
			perr(p, k, "%s", m);
			free_vals(b->vals, b->nvals);
			return false;
		}
	}
	return true;
}

/* The first .buffer or .texture of a file replaces the earlier files' buffers and textures. */
static void bufs_begin(pstate *p, bool *replaced)
{
	emu_spec *s = p->s;
	if (!*replaced) { /* the earlier file's buffers go, and their names */
		free(p->names);
		p->names = NULL;
		p->ncap = 0;
		p->nnames = 0;
		for (int i = 0; i < s->ntexs; i++)
			free(s->texs[i].name);
		s->ntexs = 0;
	}
	replace_once(replaced, s, free_bufs);
	if (!p->ncap) /* names from an earlier spec_parse (nothing replaced yet in this one) */
		for (int i = 0; i < s->nbufs; i++)
			name_slot(p, s->bufs[i].name, i);
}

static void d_buffer(pstate *p, bool *replaced)
{
	emu_spec *s = p->s;
	bufs_begin(p, replaced);
	if (p->n < 4) {
		perr(p, 0, "usage: .buffer NAME TYPE COUNT [@ADDR] [= INIT]%s", "");
		return;
	}
	spec_buffer b = {.file = p->file, .loc = {p->line, p->t[1].col}};
	if (name_slot(p, p->t[1].w, -1) >= 0) {
		perr(p, 1, "buffer '%s' defined twice", p->t[1].w);
		return;
	}
	if (!get_type(p, 2, &b.type))
		return;
	/* a buffer's bytes must fit the 4 GiB below the shared window that buffers live in */
	uint64_t maxcount = SPEC_MAX_BUFFER_BYTES / (uint64_t)emu_type_size(b.type);
	if (!get_u64(p, 3, &b.count, 0, maxcount, "element count (4 GiB at most)"))
		return;
	int k = 4;
	if (k < p->n && p->t[k].w[0] == '@') {
		uint64_t a;
		num_err e = num_parse_u64(p->t[k].w + 1, 0, UINT64_MAX - b.count * (uint64_t)emu_type_size(b.type), &a);
		if (e) {
			perr(p, k, e == NUM_RANGE ? "'%s': the buffer would end past the 64-bit address space"
					: "'%s': expected @ADDR", p->t[k].w);
			return;
		}
		b.has_addr = true;
		b.addr = a;
		k++;
	}
	if (k < p->n) {
		if (strcmp(p->t[k].w, "=") || k + 1 >= p->n) {
			perr(p, k, "expected '= INIT'%s", "");
			return;
		}
		if (!buffer_init(p, k + 1, &b))
			return;
	}
	b.name = xstrdup(p->t[1].w);
	*GROW(s->bufs, s->nbufs) = b;
	name_slot(p, b.name, s->nbufs - 1);
}

/* .texture NAME TYPE[xC] W[xH] [clamp|wrap] [norm] [slot=N] [= INIT]: a buffer NAME of
   W*H*C components and a texture over it (docs/textures.md). */
static void d_texture(pstate *p)
{
	emu_spec *s = p->s;
	bufs_begin(p, &p->replaced_bufs);
	if (p->n < 4) {
		perr(p, 0, "usage: .texture NAME TYPE[x2|x4] WIDTH[xHEIGHT] [clamp|wrap] [norm] [slot=N] [= INIT]%s", "");
		return;
	}
	spec_texture t = {.file = p->file, .loc = {p->line, p->t[1].col}, .chans = 1, .dims = 1, .h = 1};
	for (int i = 0; i < s->ntexs; i++)
		if (!strcmp(s->texs[i].name, p->t[1].w)) {
			perr(p, 1, "texture '%s' defined twice", p->t[1].w);
			return;
		}
	/* TYPE, with the components per texel after an x */
	char ty[16];
	snprintf(ty, sizeof ty, "%s", p->t[2].w);
	char *xs = strchr(ty, 'x');
	if (xs) {
		if (strcmp(xs, "x1") && strcmp(xs, "x2") && strcmp(xs, "x4")) {
			perr(p, 2, "'%s': a texel has 1, 2 or 4 components (f32x2, u8x4 ...)", p->t[2].w);
			return;
		}
		t.chans = (uint8_t)(xs[1] - '0');
		*xs = 0;
	}
	int v = emu_type_parse(ty);
	if (v < 0 || emu_type_size((emu_type)v) > 4) {
		perr(p, 2, v < 0 ? "'%s': expected a texel type (u8 s8 u16 s16 u32 s32 f32, with x2 or x4)"
				 : "'%s': unsupported texel type (64-bit components)", p->t[2].w);
		return;
	}
	t.type = (emu_type)v;
	/* WIDTH[xHEIGHT] */
	uint64_t d[3] = {1, 1, 1};
	int nd = 0;
	for (const char *w = p->t[3].w; nd < 3;) {
		char num[24];
		size_t n = strcspn(w, "x");
		snprintf(num, sizeof num, "%.*s", (int)(n < 23 ? n : 23), w);
		if (n == 0 || n > 22 || num_parse_u64(num, 0, 65536, &d[nd]) || d[nd] == 0) {
			perr(p, 3, "'%s': expected WIDTH or WIDTHxHEIGHT, each 1 to 65536", p->t[3].w);
			return;
		}
		nd++;
		if (!w[n])
			break;
		w += n + 1;
		if (nd == 3) {
			perr(p, 3, "'%s': expected WIDTH or WIDTHxHEIGHT, each 1 to 65536", p->t[3].w);
			return;
		}
	}
	if (nd == 3) {
		perr(p, 3, "'%s': unsupported texture: 3D textures are not emulated (1D and 2D are)", p->t[3].w);
		return;
	}
	t.w = (uint32_t)d[0];
	t.h = (uint32_t)d[1];
	t.dims = (uint8_t)nd;
	int k = 4;
	for (; k < p->n && strcmp(p->t[k].w, "="); k++) {
		const char *o = p->t[k].w;
		if (!strcmp(o, "clamp"))
			t.wrap = false;
		else if (!strcmp(o, "wrap"))
			t.wrap = true;
		else if (!strcmp(o, "norm"))
			t.norm = true;
		else if (!strcmp(o, "point"))
			;
		else if (!strncmp(o, "slot=", 5)) {
			uint64_t sl;
			if (num_parse_u64(o + 5, 0, 0x3fff, &sl)) {
				perr(p, k, "'%s': expected slot=N, N the word c[0x0][N * 4] (0 to 0x3fff)", o);
				return;
			}
			t.has_slot = true;
			t.slot = (uint32_t)sl;
		} else if (!strcmp(o, "mirror") || !strcmp(o, "border") || !strcmp(o, "linear") ||
			   !strcmp(o, "layered") || !strcmp(o, "cube") || !strcmp(o, "mipmap") || !strcmp(o, "readnorm")) {
			perr(p, k, "unsupported texture option '%s': clamp and wrap addressing, point sampling and "
				"element reads are emulated", o);
			return;
		} else {
			perr(p, k, "unknown texture option '%s' (clamp, wrap, norm, point, slot=N)", o);
			return;
		}
	}
	if (t.wrap && !t.norm) {
		perr(p, 0, "wrap addressing needs normalised coordinates (norm), as on the hardware%s", "");
		return;
	}
	if (name_slot(p, p->t[1].w, -1) >= 0) {
		perr(p, 1, "texture '%s' has the name of a buffer", p->t[1].w);
		return;
	}
	spec_buffer b = {.file = p->file, .loc = t.loc, .type = t.type,
			 .count = (uint64_t)t.w * t.h * t.chans};
	if (k < p->n && (k + 1 >= p->n || !buffer_init(p, k + 1, &b))) {
		if (k + 1 >= p->n)
			perr(p, k, "expected '= INIT'%s", "");
		return;
	}
	b.name = xstrdup(p->t[1].w);
	t.name = xstrdup(p->t[1].w);
	*GROW(s->bufs, s->nbufs) = b;
	name_slot(p, b.name, s->nbufs - 1);
	*GROW(s->texs, s->ntexs) = t;
}

static void d_param(pstate *p, bool *replaced)
{
	emu_spec *s = p->s;
	replace_once(replaced, s, free_params);
	spec_param q = {.file = p->file, .loc = {p->line, p->t[0].col}};
	int k = 1;
	if (k < p->n && p->t[k].w[0] == '@') {
		uint64_t a;
		if (num_parse_u64(p->t[k].w + 1, 0, 4096, &a)) {
			perr(p, k, "'%s': expected @OFFSET (0..4096)", p->t[k].w);
			return;
		}
		q.has_off = true;
		q.off = (uint32_t)a;
		k++;
	}
	if (p->n != k + 2) {
		perr(p, 0, "usage: .param [@OFFSET] TYPE VALUE%s", "");
		return;
	}
	if (!get_type(p, k, &q.type))
		return;
	q.val.text = xstrdup(p->t[k + 1].w);
	q.val.loc = (ast_loc){p->line, p->t[k + 1].col};
	*GROW(s->params, s->nparams) = q;
}

static void d_const(pstate *p, bool *replaced)
{
	emu_spec *s = p->s;
	replace_once(replaced, s, free_consts);
	spec_const c = {.file = p->file, .loc = {p->line, p->t[0].col}};
	uint32_t bank, off;
	if (p->n < 5) {
		perr(p, 0, "usage: .const BANK OFFSET TYPE V1 V2 ...%s", "");
		return;
	}
	if (!get_u32(p, 1, &bank, 0) || !get_u32(p, 2, &off, 0) || !get_type(p, 3, &c.type))
		return;
	if (bank >= ISA_NCBANKS) {
		perr(p, 1, "constant bank out of range (0 to 17)%s", "");
		return;
	}
	if (off % (uint32_t)emu_type_size(c.type) ||
	    (uint64_t)off + (uint64_t)(p->n - 4) * (uint64_t)emu_type_size(c.type) > ISA_CBANK_BYTES) {
		perr(p, 2, "offset misaligned for the type or values past the 64 KiB bank%s", "");
		return;
	}
	c.bank = (int)bank;
	c.off = off;
	c.vals = take_vals(p, 4, &c.nvals);
	*GROW(s->consts, s->nconsts) = c;
}

/* ".const .u32 constant1NAME[N] = {" and its value lines up to "};" (from 'rest'):
   the literal pool of kernel NAME, which GPGPU-Sim took from the ELF. */
static void read_table(emu_spec *s, const char *line, const char *rest)
{
	const char *n = strstr(line, "constant1") + 9;
	size_t len = strcspn(n, "[ \t");
	spec_table t = {.kernel = xcalloc(len + 1, 1), .bank = -1};
	memcpy(t.kernel, n, len);
	const char *end = strstr(rest, "};");
	for (const char *q = rest; end && q < end;) {
		char *next;
		unsigned long v = strtoul(q, &next, 0);
		if (next == q) {
			q++;
			continue;
		}
		*GROW(t.vals, t.nvals) = (uint32_t)v;
		q = next;
	}
	*GROW(s->tables, s->ntables) = t;
}

int spec_parse_more(emu_spec *s, const char *file, const char *text, FILE *diag)
{
	s->appending = true;
	int errs = spec_parse(s, file, text, diag);
	s->appending = false;
	return errs;
}

void spec_add_table(emu_spec *s, const char *kernel, int bank, uint32_t off, const uint32_t *vals, int n)
{
	spec_table t = {.kernel = kernel ? xstrdup(kernel) : NULL, .bank = bank, .off = off};
	t.vals = xcalloc((size_t)(n ? n : 1), sizeof *t.vals);
	memcpy(t.vals, vals, sizeof *vals * (size_t)n);
	t.nvals = n;
	*GROW(s->tables, s->ntables) = t;
}

static void d_expect(pstate *p, bool *replaced)
{
	emu_spec *s = p->s;
	replace_once(replaced, s, free_expects);
	if (p->n < 2) {
		perr(p, 0, "usage: .expect NAME [= V1 V2 ... | file PATH] [tol=EPS]%s", "");
		return;
	}
	spec_expect e = {.file = p->file, .loc = {p->line, p->t[1].col}};
	int end = p->n;
	if (!strncmp(p->t[end - 1].w, "tol=", 4)) {
		double t;
		if (num_parse_double(p->t[end - 1].w + 4, false, &t) || t < 0) {
			perr(p, end - 1, "'%s': expected tol=EPS, a finite number >= 0", p->t[end - 1].w);
			return;
		}
		e.has_tol = true;
		e.tol = t;
		end--;
	}
	if (end > 2) {
		if (strcmp(p->t[2].w, "=") || end == 3) {
			perr(p, 2, "expected '= V1 V2 ...' or '= file PATH'%s", "");
			return;
		}
		if (!strcmp(p->t[3].w, "file")) {
			if (end != 5) {
				perr(p, 3, "usage: file PATH%s", "");
				return;
			}
			e.path = xstrdup(p->t[4].w);
		} else {
			int save = p->n;
			p->n = end;
			e.vals = take_vals(p, 3, &e.nvals);
			p->n = save;
		}
	}
	e.name = xstrdup(p->t[1].w);
	*GROW(s->expects, s->nexpects) = e;
}

/* Split a directive line into words; '=' stands alone unless in tol=. */
static void tokenize(pstate *p, char *line)
{
	p->n = 0;
	char *c = line;
	for (char *q = line; *q; q++)
		if (*q == '#' || (q[0] == '/' && q[1] == '/')) {
			*q = 0;
			break;
		}
	while (*c) {
		while (*c == ' ' || *c == '\t' || *c == '\r')
			c++;
		if (!*c)
			break;
		char *st = c;
		if (*c == '=') {
			c++;
		} else {
			while (*c && *c != ' ' && *c != '\t' && *c != '\r' &&
			       !(*c == '=' && strncmp(st, "tol", 3)))
				c++;
		}
		char save = *c;
		*c = 0;
		if (p->n == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 64;
			p->t = xrealloc(p->t, sizeof *p->t * (size_t)p->cap);
		}
		p->t[p->n].w = xstrdup(st);
		p->t[p->n].col = (int)(st - line) + 1;
		p->n++;
		*c = save;
	}
}

/* The directive nearest to an unknown one (at most 2 edits), for "did you mean"; or NULL. */
static const char *nearest_directive(const char *d)
{
	static const char *const names[] = {".target", ".kernel", ".printf", ".grid", ".block", ".shared",
					    ".local", ".buffer", ".param", ".const", ".expect", ".max-steps", ".texture", NULL};
	size_t n = strlen(d);
	if (n > 31)
		return NULL;
	const char *best = NULL;
	int bestd = 3;
	for (int k = 0; names[k]; k++) {
		size_t m = strlen(names[k]);
		int t[32][32];
		for (size_t i = 0; i <= n; i++)
			t[i][0] = (int)i;
		for (size_t j = 0; j <= m; j++)
			t[0][j] = (int)j;
		for (size_t i = 1; i <= n; i++)
			for (size_t j = 1; j <= m; j++) {
				int v = t[i - 1][j - 1] + (d[i - 1] != names[k][j - 1]);
				if (t[i - 1][j] + 1 < v)
					v = t[i - 1][j] + 1;
				if (t[i][j - 1] + 1 < v)
					v = t[i][j - 1] + 1;
				t[i][j] = v;
			}
		if (t[n][m] < bestd) {
			bestd = t[n][m];
			best = names[k];
		}
	}
	return best;
}

/* What nvdisasm prints around the code (.section, .global, ... and .text.NAME: or .L_x_3:
   labels): the SASS front end reads what it needs of them, the spec has nothing to do. */
static bool nvdisasm_directive(const char *d)
{
	static const char *const names[] = {".elftype", ".section", ".sectioninfo", ".sectionflags",
					    ".sectionentsize", ".align", ".global", ".weak", ".type",
					    ".size", ".other", ".zero", ".byte", ".short", ".word",
					    ".dword", NULL};
	for (int k = 0; names[k]; k++)
		if (!strcmp(d, names[k]))
			return true;
	size_t n = strlen(d);
	return n > 1 && d[n - 1] == ':';
}

/* One directive line (tokenized into p); rest: the text after it, for a PTXPlus table. */
/* .printf "format": C escapes \n \t \" \\ \% inside the quotes */
static void d_printf(pstate *p, const char *line)
{
	const char *q = strchr(line, '"');
	const char *e = q ? strrchr(q + 1, '"') : NULL;
	if (!q || !e) {
		perr(p, 0, "usage: .printf \"FORMAT\"%s", "");
		return;
	}
	char *f = xmalloc((size_t)(e - q) + 1), *o = f;
	for (const char *c = q + 1; c < e; c++) {
		if (*c != '\\' || c + 1 >= e) {
			*o++ = *c;
			continue;
		}
		c++;
		*o++ = *c == 'n' ? '\n' : *c == 't' ? '\t' : *c == 'r' ? '\r' : *c;
	}
	*o = 0;
	free(p->s->printf_fmt);
	p->s->printf_fmt = f;
}

static void directive(pstate *p, const char *line, const char *rest)
{
	emu_spec *s = p->s;
	const char *d = p->t[0].w;
	/* PTXPlus declarations (.version .entry .reg, and .const/.param/.global with a
	   .type second) belong to the listing, not to the launch */
	bool ptx_decl = !strcmp(d, ".version") || !strcmp(d, ".entry") || !strcmp(d, ".reg") ||
			(p->n > 1 && p->t[1].w[0] == '.');
	if (ptx_decl && !strcmp(d, ".const") && rest && strstr(line, "constant1") && strchr(line, '{'))
		read_table(s, line, rest);
	else if (ptx_decl)
		;
	else if (!strcmp(d, ".target")) {
		if (p->n < 2)
			perr(p, 0, "usage: .target sm_XX%s", "");
		else {
			free(s->target);
			s->target = xstrdup(p->t[1].w);
			s->target[strcspn(s->target, ",")] = 0; /* PTXPlus: .target sm_10, map_f64_to_f32 */
			char at[64];
			snprintf(at, sizeof at, ":%d:%d", p->line, p->t[0].col);
			free(s->target_at);
			s->target_at = xmalloc(strlen(p->file) + strlen(at) + 1);
			strcat(strcpy(s->target_at, p->file), at);
			if (isa_dialect_of(s->target) == ISA_DIALECT_NONE) { /* here, not blamed on --target later */
				char m[400];
				snprintf(m, sizeof m, "unknown target '%%s' (this build runs%s)", isa_all_targets());
				perr(p, 1, m, s->target);
			}
		}
	} else if (!strcmp(d, ".kernel")) {
		if (p->n != 2)
			perr(p, 0, "usage: .kernel NAME%s", "");
		else {
			free(s->kernel);
			s->kernel = xstrdup(p->t[1].w);
		}
	} else if (!strcmp(d, ".printf"))
		d_printf(p, line);
	else if (!strcmp(d, ".grid"))
		dims(p, s->grid, &s->has_grid);
	else if (!strcmp(d, ".block"))
		dims(p, s->block, &s->has_block);
	else if (!strcmp(d, ".shared")) {
		if (p->n == 2 && get_u32(p, 1, &s->shared_bytes, 0))
			s->has_shared = true;
		else if (p->n != 2)
			perr(p, 0, "usage: .shared BYTES%s", "");
	} else if (!strcmp(d, ".local")) {
		if (p->n == 2 && get_u32(p, 1, &s->local_bytes, 0))
			s->has_local = true;
		else if (p->n != 2)
			perr(p, 0, "usage: .local BYTES%s", "");
	} else if (!strcmp(d, ".max-steps")) {
		if (p->n == 2 && get_u64(p, 1, &s->max_steps, 1, UINT64_MAX, "step count"))
			s->has_max_steps = true;
		else if (p->n != 2)
			perr(p, 0, "usage: .max-steps N%s", "");
	} else if (!strcmp(d, ".buffer"))
		d_buffer(p, &p->replaced_bufs);
	else if (!strcmp(d, ".texture"))
		d_texture(p);
	else if (!strcmp(d, ".param"))
		d_param(p, &p->replaced_params);
	else if (!strcmp(d, ".const"))
		d_const(p, &p->replaced_consts);
	else if (!strcmp(d, ".expect"))
		d_expect(p, &p->replaced_expects);
	else if (strcmp(d, ".headerflags") && !nvdisasm_directive(d)) {
		const char *near = nearest_directive(d);
		if (near) {
			char m[120];
			snprintf(m, sizeof m, "unknown directive '%%s'; did you mean %s?", near);
			perr(p, 0, m, d);
		} else
			perr(p, 0, "unknown directive '%s'", d);
	}
}

/* The directive lines of a text, the others emptied (line numbers and columns kept): what
   later diagnostics print, without a copy of a million instructions. */
typedef struct {
	char *b;
	size_t n, cap;
} keep_text;

static void keep_append(keep_text *k, const char *s, size_t n)
{
	if (k->n + n + 1 > k->cap) {
		k->cap = k->cap ? 2 * k->cap : 4096;
		while (k->n + n + 1 > k->cap)
			k->cap *= 2;
		k->b = xrealloc(k->b, k->cap);
	}
	memcpy(k->b + k->n, s, n);
	k->n += n;
	k->b[k->n] = 0;
}

int spec_parse(emu_spec *s, const char *file, const char *text, FILE *diag)
{
	pstate *p = xcalloc(1, sizeof *p);
	p->s = s;
	/* appending (spec_parse_more): nothing of an earlier file is replaced */
	p->replaced_bufs = p->replaced_params = p->replaced_consts = p->replaced_expects = s->appending;
	s->files = xrealloc(s->files, sizeof *s->files * (size_t)(s->nfiles + 1));
	s->texts = xrealloc(s->texts, sizeof *s->texts * (size_t)(s->nfiles + 1));
	s->files[s->nfiles] = xstrdup(file);
	keep_text k = {0};
	keep_append(&k, "", 0);
	s->texts[s->nfiles] = k.b;
	p->file = s->files[s->nfiles];
	p->dg = (ast_diags){.file = p->file, .src = k.b, .out = diag ? diag : stderr};
	int fi = s->nfiles++;
	const char *cur = text;
	for (p->line = 1; *cur; p->line++) {
		const char *e = strchr(cur, '\n');
		size_t len = e ? (size_t)(e - cur) : strlen(cur);
		const char *q = text_skip_blank(cur, cur + len);
		if (q < cur + len && *q == '.' && q + 1 < cur + len && isalpha((unsigned char)q[1])) {
			keep_append(&k, cur, len);
			s->texts[fi] = k.b;
			p->dg.src = k.b;
			char *line = xcalloc(len + 1, 1);
			memcpy(line, cur, len);
			tokenize(p, line);
			directive(p, line, e ? e + 1 : NULL);
			for (int i = 0; i < p->n; i++)
				free(p->t[i].w);
			free(line);
		}
		if (e)
			keep_append(&k, "\n", 1);
		cur = e ? e + 1 : cur + len;
	}
	s->texts[fi] = k.b;
	int n = p->dg.nerrors;
	free(p->t);
	free(p->names);
	free(p);
	return n;
}

void spec_free(emu_spec *s)
{
	free_bufs(s);
	free_params(s);
	free_consts(s);
	free_expects(s);
	for (int i = 0; i < s->nfiles; i++) {
		free(s->files[i]);
		free(s->texts[i]);
	}
	free(s->bufs);
	free(s->params);
	free(s->consts);
	for (int i = 0; i < s->ntables; i++) {
		free(s->tables[i].kernel);
		free(s->tables[i].vals);
	}
	free(s->tables);
	free(s->expects);
	for (int i = 0; i < s->ntexs; i++)
		free(s->texs[i].name);
	free(s->texs);
	free(s->files);
	free(s->texts);
	free(s->target);
	free(s->target_at);
	free(s->kernel);
	free(s->printf_fmt);
	memset(s, 0, sizeof *s);
}

/* ---- queries of a parsed spec ---- */

bool spec_has_buffer(const emu_spec *s, const char *name)
{
	for (int i = 0; i < s->nbufs; i++)
		if (!strcmp(s->bufs[i].name, name))
			return true;
	return false;
}

ast_diags spec_diags(const emu_spec *s, const char *file, FILE *diag)
{
	for (int i = 0; i < s->nfiles; i++)
		if (s->files[i] == file || !strcmp(s->files[i], file))
			return (ast_diags){.file = s->files[i], .src = s->texts[i], .out = diag};
	return (ast_diags){.file = file, .out = diag};
}

/* A path relative to the directory of the file holding the directive. */
char *spec_rel_path(const char *file, const char *path)
{
	const char *slash = strrchr(file, '/');
	if (path[0] == '/' || !slash)
		return xstrdup(path);
	size_t n = (size_t)(slash - file) + 1;
	char *r = xcalloc(n + strlen(path) + 1, 1);
	memcpy(r, file, n);
	strcpy(r + n, path);
	return r;
}
