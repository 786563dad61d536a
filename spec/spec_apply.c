/* Applying directives to a launch: geometry, buffers and their initial contents, parameters, constants. */
#include "spec/spec_run.h"
#include "util/num.h"
#include "util/xalloc.h"

#include <errno.h>
#include <math.h>

#include <stdlib.h>
#include <string.h>

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

/* Copy the first element over the rest of the buffer, doubling the filled part each time
   (memcpy of ever larger blocks, not an element at a time). */
static void fill_doubling(uint8_t *p, uint64_t total, uint64_t have)
{
	while (have && have < total) {
		uint64_t n = have < total - have ? have : total - have;
		memcpy(p + have, p, n);
		have += n;
	}
}

/* iota in a float buffer: the values as num_bits rounds them, in a loop of its own (no
   store through the diagnostics' pointer between elements, so that it vectorises) */
static void iota_float(uint8_t *p, emu_type t, uint64_t count, double st, double step)
{
	if (t == EMU_T_F32)
		for (uint64_t i = 0; i < count; i++) {
			float f = (float)(st + (double)i * step);
			memcpy(p + 4 * i, &f, 4);
		}
	else
		for (uint64_t i = 0; i < count; i++) {
			double d = st + (double)i * step;
			memcpy(p + 8 * i, &d, 8);
		}
}

static int init_buffer(const spec_buffer *sb, emu_buffer *b, ast_diags *dg)
{
	int size = emu_type_size(sb->type);
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
		if (b->count) {
			emu_type_put(b->data, sb->type, bits);
			fill_doubling(b->data, b->count * (uint64_t)size, (uint64_t)size);
		}
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
		if (sb->type == EMU_T_F32 || sb->type == EMU_T_F64)
			iota_float(b->data, sb->type, b->count, st, step);
		else
			for (uint64_t i = 0; i < b->count; i++)
				emu_type_put(b->data + i * (uint64_t)size, sb->type,
					     exact ? (uint64_t)ist + i * (uint64_t)istep : num_bits(sb->type, st + (double)i * step));
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
		uint64_t st = (uint64_t)seed;
		for (uint64_t i = 0; i < b->count && dg->nerrors == errs; i++) {
			uint64_t r = splitmix64(&st);
			double v;
			if (emu_type_is_float(sb->type))
				v = lo + (hi - lo) * ((double)(r >> 11) * 0x1.0p-53);
			else
				v = lo + (double)(r % (uint64_t)(hi - lo + 1));
			emu_type_put(b->data + i * (uint64_t)size, sb->type, num_bits(sb->type, v));
		}
		break;
	}
	case SPEC_INIT_FILE: {
		char *path = spec_rel_path(sb->file, sb->path);
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
		errs += init_buffer(sb, b, &dg);
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
