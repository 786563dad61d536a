/* After a run: checking .expect against the output buffers. */
#include "spec/spec_run.h"
#include "util/par.h"
#include "util/xalloc.h"

#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static bool equal(emu_type t, const uint8_t *got, const uint8_t *want, bool has_tol, double tol)
{
	int size = emu_type_size(t);
	if (!emu_type_is_float(t) || !has_tol)
		return !memcmp(got, want, (size_t)size);
	double g, w;
	if (t == EMU_T_F32) {
		float a, b;
		memcpy(&a, got, 4);
		memcpy(&b, want, 4);
		g = a;
		w = b;
	} else {
		memcpy(&g, got, 8);
		memcpy(&w, want, 8);
	}
	/* equal values pass whatever the tolerance (inf - inf would be NaN); an infinity is
	   within no distance of a finite value (|inf - x| <= EPS * |inf| would hold) */
	if (g == w)
		return true;
	if (isnan(g) || isnan(w))
		return isnan(g) && isnan(w);
	if (isinf(g) || isinf(w))
		return false;
	double diff = fabs(g - w);
	return diff <= tol || diff <= tol * fabs(w);
}

/* An expected file of exactly size bytes, memory-mapped (no read and copy of a large file);
   NULL when it is not a regular file of that size or cannot be mapped (the caller then
   reads it, and reports what is wrong). */
static uint8_t *map_expected(const char *path, uint64_t size)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	struct stat st;
	void *m = MAP_FAILED;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && size && (uint64_t)st.st_size == size)
		m = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	return m == MAP_FAILED ? NULL : m;
}

typedef struct {
	const uint8_t *got, *want;
	uint8_t differs[64];
} cmp_job;

static void part_cmp(void *arg, int part, uint64_t lo, uint64_t hi)
{
	cmp_job *j = arg;
	j->differs[part & 63] = memcmp(j->got + lo, j->want + lo, (size_t)(hi - lo)) != 0;
}

/* The elements of got that differ from want (first: the index of the first); a memcmp of
   the whole buffer first (in parts on the -j threads, each whole 2 MiB blocks), since
   bit-identical elements are equal with or without a tolerance (NaN equals NaN under one). */
static uint64_t count_differing(const emu_buffer *b, const uint8_t *want, const spec_expect *e, uint64_t *first,
				int jobs)
{
	int size = emu_type_size(b->type);
	cmp_job j = {.got = b->data, .want = want};
	int parts = par_for(jobs, b->size, XBIG_MIN, 2 * XBIG_MIN, part_cmp, &j), differs = 0;
	for (int i = 0; i < parts && i < 64; i++)
		differs |= j.differs[i];
	if (!differs)
		return 0;
	uint64_t nbad = 0;
	for (uint64_t k = 0; k < b->count; k++)
		if (!equal(b->type, b->data + k * (uint64_t)size, want + k * (uint64_t)size, e->has_tol, e->tol)) {
			if (!nbad)
				*first = k;
			nbad++;
		}
	return nbad;
}

int spec_check(const emu_spec *s, emu_ctx *x, FILE *out, FILE *diag, int *nchecked)
{
	int failed = 0;
	*nchecked = 0;
	spec_bufidx ix;
	spec_bufidx_build(&ix, &x->gmem);
	for (int i = 0; i < s->nexpects; i++) {
		const spec_expect *e = &s->expects[i];
		ast_diags dg = spec_diags(s, e->file, diag);
		emu_buffer *b = spec_bufidx_find(&ix, e->name);
		if (!b) {
			ast_error(&dg, e->loc, "no buffer named '%s'", e->name);
			failed++;
			continue;
		}
		if (!e->nvals && !e->path) {
			fprintf(out, "expect %s: output (no values to check)\n", e->name);
			continue;
		}
		int size = emu_type_size(b->type);
		uint8_t *want = NULL;
		bool bad = false;
		char *path = e->path ? spec_rel_path(e->file, e->path) : NULL;
		uint8_t *mapped = path ? map_expected(path, b->size) : NULL;
		want = mapped ? mapped : xcalloc(b->size + 8, 1);
		if (mapped) { /* the file is the expected buffer */
		} else if (path) {
			size_t len;
			uint8_t *d = (uint8_t *)xread_file_max(path, &len, b->size);
			if (!d || len != b->size) {
				ast_error(&dg, e->loc, "cannot read '%s' or its size differs from the buffer", path);
				bad = true;
			} else
				memcpy(want, d, len);
			free(d);
		} else if ((uint64_t)e->nvals != b->count) {
			ast_error(&dg, e->loc, "%d values given for the %llu elements of the buffer",
				  e->nvals, (unsigned long long)b->count);
			bad = true;
		} else
			for (int k = 0; k < e->nvals && !bad; k++) {
				uint64_t bits;
				const char *why = spec_value_bits(e->vals[k].text, b->type, &bits);
				if (why) {
					ast_error(&dg, e->vals[k].loc, "'%s': %s", e->vals[k].text, why);
					bad = true;
				} else
					emu_type_put(want + (uint64_t)k * (uint64_t)size, b->type, bits);
			}
		free(path);
		(*nchecked)++;
		if (bad) {
			failed++;
			free(want);
			continue;
		}
		uint64_t first = 0, nbad = count_differing(b, want, e, &first, x->jobs);
		if (nbad) {
			char g[64], w[64];
			emu_type_format(g, sizeof g, b->type, b->data + first * (uint64_t)size);
			emu_type_format(w, sizeof w, b->type, want + first * (uint64_t)size);
			fprintf(out, "expect %s: FAILED, %llu of %llu differ; first [%llu]: got %s, want %s\n",
				e->name, (unsigned long long)nbad, (unsigned long long)b->count,
				(unsigned long long)first, g, w);
			failed++;
		} else
			fprintf(out, "expect %s: ok (%llu values)\n", e->name, (unsigned long long)b->count);
		if (mapped)
			munmap(mapped, (size_t)b->size);
		else
			free(want);
	}
	free(ix.v);
	return failed;
}
