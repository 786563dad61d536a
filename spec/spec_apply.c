/* Applying directives to a launch: geometry, buffers and their initial contents, parameters, constants. */
#include "spec/spec_run.h"
#include "util/num.h"
#include "util/par.h"
#include "util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int by_name(const void *a, const void *b)
{
	return strcmp((*(emu_buffer *const *)a)->name, (*(emu_buffer *const *)b)->name);
}

void spec_bufidx_build(spec_bufidx *ix, emu_gmem *g)
{
	ix->n = g->n;
	ix->v = xcalloc((size_t)(g->n ? g->n : 1), sizeof *ix->v);
	for (int i = 0; i < g->n; i++)
		ix->v[i] = &g->bufs[i];
	qsort(ix->v, (size_t)ix->n, sizeof *ix->v, by_name);
}

emu_buffer *spec_bufidx_find(const spec_bufidx *ix, const char *name)
{
	int lo = 0, hi = ix->n - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2, c = strcmp(name, ix->v[mid]->name);
		if (!c)
			return ix->v[mid];
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return NULL;
}

void spec_geometry(const emu_spec *s, emu_ctx *x)
{
	if (s->has_grid)
		memcpy(x->grid, s->grid, sizeof x->grid);
	if (s->has_block)
		memcpy(x->block, s->block, sizeof x->block);
	if (s->has_shared)
		x->shared_bytes = s->shared_bytes;
	if (s->has_local)
		x->local_bytes = s->local_bytes;
}

static uint64_t splitmix64(uint64_t *st)
{
	uint64_t z = (*st += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t num_bits(emu_type t, double v)
{
	uint64_t b = 0;
	if (t == EMU_T_F32) {
		float f = (float)v;
		memcpy(&b, &f, 4);
	} else if (t == EMU_T_F64)
		memcpy(&b, &v, 8);
	else
		b = (uint64_t)(int64_t)v;
	return b;
}

/* The fill of a large buffer runs in parts on the launch's -j threads (par_for), each part
   whole 2 MiB blocks of the buffer, so each thread writes (and faults in) its own pages; every
   element's value depends on its index alone, so the parts give the serial loop's bytes. */
typedef struct {
	emu_buffer *b;
	emu_type t;
	int size;
	uint64_t pat;        /* fill: the element repeated over 8 bytes */
	double st, step;     /* iota */
	int64_t ist, istep;  /* iota of integers, exact */
	bool exact;
	uint64_t seed;       /* random */
	double lo, hi;
	int fd;              /* file: read in place */
	int failed[64];      /* file: a part's read failed */
} fill_job;

/* The set-up's parts: whole 2 MiB blocks, and none below two of them */
static int fill_parts(int jobs, fill_job *j, par_fn *fn)
{
	uint64_t grain = XBIG_MIN / (uint64_t)j->size;
	return par_for(jobs, j->b->count, grain, 2 * grain, fn, j);
}

static void part_fill(void *arg, int part, uint64_t lo, uint64_t hi)
{
	fill_job *j = arg;
	uint8_t *p = j->b->data;
	uint64_t s = lo * (uint64_t)j->size, e = hi * (uint64_t)j->size;
	(void)part;
	/* the pattern repeats every 8 bytes from the buffer's start (sizes 1, 2, 4, 8) */
	for (; s < e && (s & 7); s++)
		p[s] = (uint8_t)(j->pat >> (8 * (s & 7)));
	for (; s + 8 <= e; s += 8)
		memcpy(p + s, &j->pat, 8);
	for (; s < e; s++)
		p[s] = (uint8_t)(j->pat >> (8 * (s & 7)));
}

/* iota: element i is st + i * step as num_bits rounds it; i as a double counter (exact
   below 2^53), which the compiler keeps in a register */
static void part_iota(void *arg, int part, uint64_t lo, uint64_t hi)
{
	fill_job *j = arg;
	uint8_t *p = j->b->data;
	double di = (double)lo;
	(void)part;
	if (j->t == EMU_T_F32)
		for (uint64_t i = lo; i < hi; i++, di += 1.0) {
			float f = (float)(j->st + di * j->step);
			memcpy(p + 4 * i, &f, 4);
		}
	else if (j->t == EMU_T_F64)
		for (uint64_t i = lo; i < hi; i++, di += 1.0) {
			double d = j->st + di * j->step;
			memcpy(p + 8 * i, &d, 8);
		}
	else if (j->exact && j->size == 4)
		for (uint64_t i = lo; i < hi; i++) {
			uint32_t v = (uint32_t)((uint64_t)j->ist + i * (uint64_t)j->istep);
			memcpy(p + 4 * i, &v, 4);
		}
	else
		for (uint64_t i = lo; i < hi; i++, di += 1.0)
			emu_type_put(p + i * (uint64_t)j->size, j->t,
				     j->exact ? (uint64_t)j->ist + i * (uint64_t)j->istep
					      : num_bits(j->t, j->st + di * j->step));
}

/* random: splitmix64, whose state before element i is seed + i * its increment */
static void part_random(void *arg, int part, uint64_t lo, uint64_t hi)
{
	fill_job *j = arg;
	bool flt = emu_type_is_float(j->t);
	uint64_t st = j->seed + lo * 0x9e3779b97f4a7c15ull;
	(void)part;
	for (uint64_t i = lo; i < hi; i++) {
		uint64_t r = splitmix64(&st);
		double v;
		if (flt)
			v = j->lo + (j->hi - j->lo) * ((double)(r >> 11) * 0x1.0p-53);
		else
			v = j->lo + (double)(r % (uint64_t)(j->hi - j->lo + 1));
		emu_type_put(j->b->data + i * (uint64_t)j->size, j->t, num_bits(j->t, v));
	}
}

/* file: the part's bytes read straight into the buffer (no copy through a read buffer) */
static void part_file(void *arg, int part, uint64_t lo, uint64_t hi)
{
	fill_job *j = arg;
	uint64_t s = lo * (uint64_t)j->size, e = hi * (uint64_t)j->size;
	while (s < e) {
		size_t n = e - s > ((size_t)1 << 30) ? (size_t)1 << 30 : (size_t)(e - s);
		ssize_t k = pread(j->fd, j->b->data + s, n, (off_t)s);
		if (k <= 0) {
			j->failed[part & 63] = 1;
			return;
		}
		s += (uint64_t)k;
	}
}

/* A regular file of exactly the buffer's size read in place, in parts; false when it is
   not one (or a read failed): the caller's general path reads it and says what is wrong. */
static bool file_in_place(const char *path, emu_buffer *b, int jobs, int size)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size == b->size && b->size;
	if (ok) {
		fill_job j = {.b = b, .t = b->type, .size = size, .fd = fd};
		int parts = fill_parts(jobs, &j, part_file);
		for (int i = 0; i < parts && i < 64; i++)
			ok &= !j.failed[i];
	}
	close(fd);
	return ok;
}

static int init_buffer(const spec_buffer *sb, emu_buffer *b, ast_diags *dg, int jobs)
{
	int size = emu_type_size(sb->type);
	fill_job j = {.b = b, .t = sb->type, .size = size};
	int errs = dg->nerrors;
	uint64_t bits;
	const char *why;
	switch (sb->init) {
	case SPEC_INIT_ZERO:
		break;
	case SPEC_INIT_LIST:
		for (uint64_t i = 0; i < b->count; i++) {
			const spec_val *v = &sb->vals[i];
			if ((why = spec_value_bits(v->text, sb->type, &bits))) {
				ast_error(dg, v->loc, "'%s': %s", v->text, why);
				break;
			}
			emu_type_put(b->data + i * (uint64_t)size, sb->type, bits);
		}
		break;
	case SPEC_INIT_FILL:
		if ((why = spec_value_bits(sb->vals[0].text, sb->type, &bits))) {
			ast_error(dg, sb->vals[0].loc, "'%s': %s", sb->vals[0].text, why);
			break;
		}
		for (int k = 0; k < 8; k += size) /* the element's bytes over 8 bytes */
			j.pat |= (size == 8 ? bits : bits & ((1ull << (8 * size)) - 1)) << (8 * k);
		fill_parts(jobs, &j, part_fill);
		break;
	case SPEC_INIT_IOTA: {
		double st = 0, step = 1;
		int64_t ist = 0, istep = 1;
		bool exact = !emu_type_is_float(sb->type); /* integers: 64-bit arithmetic, no rounding */
		for (int k = 0; k < sb->nvals; k++) {
			const spec_val *v = &sb->vals[k];
			num_err e = num_parse_double(v->text, false, k ? &step : &st);
			if (e)
				ast_error(dg, v->loc, "'%s': %s", v->text, num_why(e));
			else if (exact && num_parse_i64(v->text, INT64_MIN, INT64_MAX, k ? &istep : &ist))
				exact = false;
		}
		/* an integer buffer's values must be integers a 64-bit element can hold */
		double last = st + (double)(b->count ? b->count - 1 : 0) * step;
		if (dg->nerrors == errs && !emu_type_is_float(sb->type) && !exact &&
		    (!(fabs(last) < 0x1p63) || !(fabs(st) < 0x1p63)))
			ast_error(dg, sb->loc, "iota %s ... reaches %g, beyond a 64-bit integer", sb->vals[0].text, last);
		if (dg->nerrors != errs)
			break;
		j.st = st;
		j.step = step;
		j.ist = ist;
		j.istep = istep;
		j.exact = exact;
		fill_parts(jobs, &j, part_iota);
		break;
	}
	case SPEC_INIT_RANDOM: {
		int64_t seed;
		double lo = 0, hi = emu_type_is_float(sb->type) ? 1 : 99;
		if (!spec_parse_int(sb->vals[0].text, &seed, NULL))
			ast_error(dg, sb->vals[0].loc, "'%s': expected an integer seed", sb->vals[0].text);
		for (int k = 1; k < sb->nvals; k++) {
			num_err e = num_parse_double(sb->vals[k].text, false, k == 1 ? &lo : &hi);
			if (e)
				ast_error(dg, sb->vals[k].loc, "'%s': %s", sb->vals[k].text, num_why(e));
		}
		if (dg->nerrors == errs && hi < lo)
			ast_error(dg, sb->vals[1].loc, "bad range '%s': HI is below LO", sb->vals[1].text);
		/* integers: hi - lo + 1 values, and each a 64-bit integer */
		else if (dg->nerrors == errs && !emu_type_is_float(sb->type) &&
			 (!(fabs(lo) < 0x1p62) || !(fabs(hi) < 0x1p62)))
			ast_error(dg, sb->vals[1].loc, "bad range '%s': integer bounds must be within +-2^62",
				  sb->vals[1].text);
		if (dg->nerrors != errs)
			break;
		j.seed = (uint64_t)seed;
		j.lo = lo;
		j.hi = hi;
		fill_parts(jobs, &j, part_random);
		break;
	}
	case SPEC_INIT_FILE: {
		char *path = spec_rel_path(sb->file, sb->path);
		if (file_in_place(path, b, jobs, size)) {
			free(path);
			break;
		}
		size_t len;
		uint8_t *data = (uint8_t *)xread_file_max(path, &len, b->size);
		if (!data)
			ast_error(dg, sb->loc, "cannot read '%s': %s", path,
				  errno == EFBIG ? "larger than the buffer" : xread_why(errno, b->size));
		else if (len != b->size)
			ast_error(dg, sb->loc, "'%s' has a different size than the buffer", path);
		else
			memcpy(b->data, data, len);
		free(data);
		free(path);
		break;
	}
	}
	return dg->nerrors - errs;
}

static int apply_buffers(const emu_spec *s, emu_ctx *x, FILE *diag)
{
	int errs = 0;
	/* all buffers together within the 4 GiB window, checked before allocating any */
	uint64_t total = 0;
	for (int i = 0; i < s->nbufs; i++) {
		total += s->bufs[i].count * (uint64_t)emu_type_size(s->bufs[i].type);
		if (total > SPEC_MAX_BUFFER_BYTES) {
			ast_diags dg = spec_diags(s, s->bufs[i].file, diag);
			ast_error(&dg, s->bufs[i].loc, "buffer '%s' brings the buffers past 4 GiB in all", s->bufs[i].name);
			return 1;
		}
	}
	for (int i = 0; i < s->nbufs; i++) {
		const spec_buffer *sb = &s->bufs[i];
		ast_diags dg = spec_diags(s, sb->file, diag);
		emu_buffer *b = emu_gmem_add(&x->gmem, sb->name, sb->type, sb->count);
		if (sb->has_addr) {
			b->addr = sb->addr;
			b->placed = true;
		}
		errs += init_buffer(sb, b, &dg, x->jobs);
	}
	emu_clash why;
	const char *clash = emu_gmem_place(&x->gmem, &why);
	if (clash) {
		const spec_buffer *sb = NULL; /* the directive, to locate the error */
		for (int i = s->nbufs - 1; i >= 0 && !sb; i--)
			if (!strcmp(s->bufs[i].name, clash))
				sb = &s->bufs[i];
		char what[96];
		if (why == EMU_CLASH_SHARED || why == EMU_CLASH_LOCAL)
			snprintf(what, sizeof what, "overlaps the %s-memory window at 0x%llx", why == EMU_CLASH_SHARED ? "shared" : "local",
				 (unsigned long long)(why == EMU_CLASH_SHARED ? x->gmem.swin : x->gmem.lwin));
		else
			snprintf(what, sizeof what, "%s", why == EMU_CLASH_FULL ? "does not fit below 4 GiB" : "overlaps another buffer");
		if (sb) {
			ast_diags dg = spec_diags(s, sb->file, diag);
			ast_error(&dg, sb->loc, "buffer '%s' %s", clash, what);
		} else
			fprintf(diag, "simtemu: error: buffer '%s' %s\n", clash, what);
		errs++;
	}
	return errs;
}

/* .texture: the table of handles (texture k has handle k + 1) over the buffers of their
   texels, and each slot=N's handle in c[0x0][N * 4] (docs/textures.md). */
static int apply_textures(const emu_spec *s, emu_ctx *x, const spec_bufidx *ix, FILE *diag, spec_written *w)
{
	if (!s->ntexs)
		return 0;
	int errs = 0;
	emu_tex *t = xcalloc((size_t)s->ntexs, sizeof *t);
	for (int i = 0; i < s->ntexs; i++) {
		const spec_texture *st = &s->texs[i];
		emu_buffer *b = spec_bufidx_find(ix, st->name);
		if (!b) { /* a later file's .buffer lines replaced the kernel file's */
			ast_diags dg = spec_diags(s, st->file, diag);
			ast_error(&dg, st->loc, "texture '%s' has no texels (its buffer was replaced)", st->name);
			errs++;
			continue;
		}
		t[i] = (emu_tex){.data = b->data, .w = st->w, .h = st->h, .dims = st->dims, .chans = st->chans,
				 .esize = (uint8_t)emu_type_size(st->type), .wrap = st->wrap, .norm = st->norm,
				 .kind = st->type == EMU_T_F32 ? EMU_TEXK_FLOAT
					 : st->type == EMU_T_S8 || st->type == EMU_T_S16 || st->type == EMU_T_S32
					 ? EMU_TEXK_SIGNED : EMU_TEXK_UNSIGNED};
		if (st->has_slot) {
			emu_type_put(x->cbank[0] + st->slot * 4, EMU_T_U32, (uint64_t)i + 1);
			if (w)
				spec_written_mark(w, 0, st->slot * 4, 4);
		}
	}
	free((void *)x->tex);
	x->tex = t;
	x->ntex = s->ntexs;
	return errs;
}

/* A texture's name as a value: its handle. */
static bool texture_handle(const emu_spec *s, const char *name, uint64_t *bits)
{
	for (int i = 0; i < s->ntexs; i++)
		if (!strcmp(s->texs[i].name, name)) {
			*bits = (uint64_t)i + 1;
			return true;
		}
	return false;
}

/* Bits of a parameter or constant value: a number, a texture's handle or a buffer's address. */
static bool value_or_address(const emu_spec *s, const spec_bufidx *ix, const spec_val *v, emu_type t, uint64_t *bits,
			     ast_diags *dg)
{
	if (texture_handle(s, v->text, bits)) {
		if (emu_type_size(t) < 4) {
			ast_error(dg, v->loc, "texture handle '%s' needs a 32- or 64-bit slot", v->text);
			return false;
		}
		return true;
	}
	emu_buffer *b = spec_bufidx_find(ix, v->text);
	if (b) {
		if (t != EMU_T_U32 && t != EMU_T_U64) {
			ast_error(dg, v->loc, "buffer address '%s' needs a u32 or u64 slot", v->text);
			return false;
		}
		*bits = b->addr;
		return true;
	}
	const char *why = spec_value_bits(v->text, t, bits);
	if (why)
		ast_error(dg, v->loc, "'%s': %s (and no buffer has that name)", v->text, why);
	return !why;
}

/* Parameters: appended with natural alignment from the generation's offset in c[0x0]. */
static int apply_params(const emu_spec *s, emu_ctx *x, const spec_bufidx *ix, FILE *diag, spec_written *w)
{
	int errs = 0;
	uint32_t cur = 0;
	for (int i = 0; i < s->nparams; i++) {
		const spec_param *q = &s->params[i];
		ast_diags dg = spec_diags(s, q->file, diag);
		uint32_t size = (uint32_t)emu_type_size(q->type);
		uint32_t off = q->has_off ? q->off : (cur + size - 1) / size * size;
		uint64_t bits = 0;
		if (!value_or_address(s, ix, &q->val, q->type, &bits, &dg)) {
			errs++;
			continue;
		}
		if (off + size > 4096 - x->prog->rt->param_offset) {
			ast_error(&dg, q->loc, "parameter past the end of the parameter area%s", "");
			errs++;
			continue;
		}
		emu_type_put(x->cbank[0] + x->prog->rt->param_offset + off, q->type, bits);
		if (w)
			spec_written_mark(w, 0, x->prog->rt->param_offset + off, size);
		cur = off + size;
		if (cur > x->param_bytes)
			x->param_bytes = cur;
	}
	return errs;
}

static int apply_consts(const emu_spec *s, emu_ctx *x, const spec_bufidx *ix, FILE *diag, spec_written *w)
{
	int errs = 0;
	for (int i = 0; i < s->nconsts; i++) {
		const spec_const *c = &s->consts[i];
		ast_diags dg = spec_diags(s, c->file, diag);
		int size = emu_type_size(c->type);
		for (int k = 0; k < c->nvals; k++) {
			uint64_t bits;
			if (!value_or_address(s, ix, &c->vals[k], c->type, &bits, &dg)) {
				errs++;
				continue;
			}
			emu_type_put(x->cbank[c->bank] + c->off + (uint32_t)(k * size), c->type, bits);
			if (w)
				spec_written_mark(w, c->bank, c->off + (uint32_t)(k * size), (uint32_t)size);
		}
	}
	return errs;
}

/* .expect names, counts and values are input, checked before the run. */
static int validate_expects(const emu_spec *s, const spec_bufidx *ix, FILE *diag)
{
	int errs = 0;
	for (int i = 0; i < s->nexpects; i++) {
		const spec_expect *e = &s->expects[i];
		ast_diags dg = spec_diags(s, e->file, diag);
		emu_buffer *b = spec_bufidx_find(ix, e->name);
		if (!b) {
			ast_error(&dg, e->loc, "no buffer named '%s'", e->name);
			errs++;
			continue;
		}
		if (e->nvals && (uint64_t)e->nvals != b->count) {
			ast_error(&dg, e->loc, "%d values given for the %llu elements of the buffer", e->nvals,
				  (unsigned long long)b->count);
			errs++;
			continue;
		}
		for (int k = 0; k < e->nvals; k++) {
			uint64_t bits;
			const char *why = spec_value_bits(e->vals[k].text, b->type, &bits);
			if (why) {
				ast_error(&dg, e->vals[k].loc, "'%s': %s", e->vals[k].text, why);
				errs++;
				break;
			}
		}
	}
	return errs;
}

int spec_apply(const emu_spec *s, emu_ctx *x, FILE *diag)
{
	return spec_apply_marked(s, x, diag, NULL);
}

int spec_apply_marked(const emu_spec *s, emu_ctx *x, FILE *diag, spec_written *w)
{
	int errs = apply_buffers(s, x, diag);
	spec_bufidx ix;
	spec_bufidx_build(&ix, &x->gmem);
	errs += apply_textures(s, x, &ix, diag, w);
	errs += apply_params(s, x, &ix, diag, w);
	/* a PTXPlus table fills the literal pool of its kernel: c [0x1] on Tesla, the per-kernel
	   bank c [0x10] on Fermi; .const directives come after it and win */
	for (int i = 0; i < s->ntables; i++) {
		const spec_table *t = &s->tables[i];
		int bank = t->bank >= 0 ? t->bank : x->prog->rt->literal_bank;
		if ((t->kernel && strcmp(t->kernel, x->f->name)) || bank >= EMU_NBANKS)
			continue;
		for (int k = 0; k < t->nvals && t->off + 4 * ((uint64_t)k + 1) <= EMU_BANK_BYTES; k++)
			emu_type_put(x->cbank[bank] + t->off + 4 * k, EMU_T_U32, t->vals[k]);
		if (w)
			spec_written_mark(w, bank, t->off, 4 * (uint32_t)t->nvals);
	}
	errs += apply_consts(s, x, &ix, diag, w);
	x->printf_fmt = s->printf_fmt;
	errs += validate_expects(s, &ix, diag);
	free(ix.v);
	return errs;
}
