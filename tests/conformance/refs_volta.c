/* C references of the sm_70..sm_89 corpus listings, written from what their public CUDA
   sources compute (named in each listing's .src.md; summarised in each spec's header), not
   from the listings. Parameter offsets are relative to the start of the parameter area
   (c[0x0][0x160] on these generations); conf_param32 adds it.

   Warp intrinsics follow the CUDA programming guide's definitions over the lanes that take
   part. The kernels pass the full mask ~0; in a partial warp (blockDim.x not a multiple of
   32) the lanes past the end do not exist, so they take part in nothing: they are not
   active, as on the hardware, whose MATCH/VOTE/REDUX/SHFL work on the active lanes. The
   kernels index their per-warp outputs with threadIdx.x / 32, so the references need
   32-lane warps (the runner's default). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "refs_volta.h"

static int32_t p32(conf_io *io, uint32_t off) { return (int32_t)conf_param32(io, off); }

static void need(int ok, const char *why)
{
	if (!ok)
		conf_fail(why);
}

/* A 1-D launch of 32-lane warps: the kernels use only the .x coordinates. */
static void one_d(conf_io *io)
{
	need(io->x->grid[1] == 1 && io->x->grid[2] == 1 && io->x->block[1] == 1 && io->x->block[2] == 1,
	     "these kernels index with .x only: a 1-D launch");
	need(io->x->warp_size == 32, "the kernel's warp arithmetic (threadIdx.x / 32) needs 32-lane warps");
}

static uint64_t threads(conf_io *io) { return (uint64_t)io->x->grid[0] * io->x->block[0]; }

/* The input data at device address addr, n bytes of one buffer, or the case fails. */
static const void *deref(conf_io *io, uint64_t addr, uint64_t n)
{
	for (int i = 0; i < io->nbufs; i++) {
		const emu_buffer *b = &io->in[i];
		if (addr >= b->addr && addr - b->addr <= b->size && n <= b->size - (addr - b->addr))
			return b->data + (addr - b->addr);
	}
	conf_fail("a pointer in a buffer points outside every buffer");
}

/* Lanes of warp w of a CTA of ntid threads (the last one may be partial). */
static unsigned warp_lanes(uint32_t ntid, uint32_t w)
{
	uint32_t left = ntid - w * 32;
	return left < 32 ? left : 32;
}

/* my_copysign(v): *v = pow(-1, threadIdx.x) * *v by every thread, racing on one double.
   What stays follows SPEC 5, as the spec's header explains: per CTA in order, per warp in
   order, all lanes load what the previous warp left and the warp's last lane stores last. */
void ref_volta_copysign_pow(conf_io *io)
{
	one_d(io);
	double *v = conf_want(io, "v");
	uint32_t ntid = io->x->block[0];
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		for (uint32_t w = 0; w * 32 < ntid; w++) {
			uint32_t last = w * 32 + warp_lanes(ntid, w) - 1; /* threadIdx.x of the last store */
			v[0] = pow(-1.0, (double)last) * v[0];
		}
}

/* The row of doubles double **p holds for element idx: n doubles, all in one buffer. */
static const double *row(conf_io *io, const char *name, uint64_t idx, int32_t n)
{
	const uint64_t *p = conf_in(io, name);
	need(idx < conf_count(io, name), "select: a pointer array is too small");
	return deref(io, p[idx], (uint64_t)(n > 0 ? n : 0) * 8);
}

/* select (backward.cu): cutoff = total*ran; for (i = size-1; i > 0; --i) { cutoff -=
   frac[i]*xs[i]; if (cutoff <= 0) break; } selection = i. nvcc contracts the update into one
   fma (its default -fmad=true), so the reference uses fma. */
void ref_volta_select_backward(conf_io *io)
{
	one_d(io);
	const double *ran = conf_in(io, "ran"), *total = conf_in(io, "total");
	const int32_t *size = conf_in(io, "size");
	int32_t *sel = conf_want(io, "selection");
	uint64_t n = threads(io);
	need(n <= conf_count(io, "ran") && n <= conf_count(io, "total") && n <= conf_count(io, "size") &&
	     n <= conf_count(io, "selection"), "select: buffers too small (no bound check in the kernel)");
	for (uint64_t idx = 0; idx < n; idx++) {
		need(size[idx] >= 1, "select: sizes must be at least 1");
		const double *frac = row(io, "frac", idx, size[idx]), *xs = row(io, "xs", idx, size[idx]);
		double cutoff = total[idx] * ran[idx];
		int32_t i = size[idx] - 1;
		for (; i > 0; --i) {
			cutoff = fma(-frac[i], xs[i], cutoff);
			if (cutoff <= 0)
				break;
		}
		sel[idx] = i;
	}
}

/* select (forward2.cu): cutoff = total*ran; accum = 0; for (i = 0; i < size-1; ++i) {
   accum += frac[i]*xs[i]; if (cutoff >= accum) break; } selection = i (fused update). */
void ref_volta_select_forward2(conf_io *io)
{
	one_d(io);
	const double *ran = conf_in(io, "ran"), *total = conf_in(io, "total");
	const int32_t *size = conf_in(io, "size");
	int32_t *sel = conf_want(io, "selection");
	uint64_t n = threads(io);
	need(n <= conf_count(io, "ran") && n <= conf_count(io, "total") && n <= conf_count(io, "size") &&
	     n <= conf_count(io, "selection"), "select: buffers too small (no bound check in the kernel)");
	for (uint64_t idx = 0; idx < n; idx++) {
		need(size[idx] >= 1, "select: sizes must be at least 1");
		const double *frac = row(io, "frac", idx, size[idx]), *xs = row(io, "xs", idx, size[idx]);
		double cutoff = total[idx] * ran[idx], accum = 0;
		int32_t i = 0;
		for (; i < size[idx] - 1; ++i) {
			accum = fma(frac[i], xs[i], accum);
			if (cutoff >= accum)
				break;
		}
		sel[idx] = i;
	}
}

/* read_from_struct(s, pWout): *pWout = s.w (the struct's fourth int, parameter offset 0xc). */
void ref_volta_read_from_struct(conf_io *io)
{
	int32_t *out = conf_want(io, "out");
	if (threads(io))
		out[0] = p32(io, 0xc);
}

/* write_float(dst, input) (async_kernels): x = 0; 1e8 times x += 1.0; x /= 1e8;
   *dst = (float)x + *input (by every thread: the same value). */
void ref_volta_write_float_divloop(conf_io *io)
{
	const float *in = conf_in(io, "input");
	float *dst = conf_want(io, "dst");
	if (!threads(io))
		return;
	double x = 0.0;
	for (int32_t k = 0; k < 100000000; k++)
		x += 1.0;
	x /= 1e8;
	dst[0] = (float)x + in[0];
}

/* write_float(dst, n) (indexing): dst[blockDim.x*blockIdx.x + threadIdx.x] = 1.0f; n unused. */
void ref_volta_write_float_indexing(conf_io *io)
{
	one_d(io);
	float *dst = conf_want(io, "dst");
	uint64_t n = threads(io);
	need(n <= conf_count(io, "dst"), "write_float: dst is smaller than the grid (no bound check)");
	for (uint64_t i = 0; i < n; i++)
		dst[i] = 1.0f;
}

/* loop_16acc(a, out, n @0x10, iters @0x14): for i < n: x = a[i] + (float)k for k < iters;
   s_j = fmaf(x, s_{j+1}, s_j) for j = 0..14, then s15 = fmaf(x, s0, s15); out[i] = s0 + ... +
   s15, added in that order. */
void ref_volta_loop_16acc(conf_io *io)
{
	one_d(io);
	const float *a = conf_in(io, "a");
	float *out = conf_want(io, "out");
	int32_t n = p32(io, 0x10), iters = p32(io, 0x14);
	for (int64_t i = 0; i < n && i < (int64_t)threads(io); i++) {
		need((uint64_t)i < conf_count(io, "out"), "loop_16acc: out is too small");
		float s[16] = {0};
		if (iters >= 1) { /* a[i] is read only then */
			need((uint64_t)i < conf_count(io, "a"), "loop_16acc: a is too small");
			float v = a[i];
			for (int32_t k = 0; k < iters; k++) {
				float x = v + (float)k;
				for (int j = 0; j < 15; j++)
					s[j] = fmaf(x, s[j + 1], s[j]);
				s[15] = fmaf(x, s[0], s[15]);
			}
		}
		float sum = s[0];
		for (int j = 1; j < 16; j++)
			sum += s[j];
		out[i] = sum;
	}
}

/* The per-warp kernels: lane 0 of warp w of CTA b stores at c[b*(blockDim.x/32) + w]. The
   stores go in CTA order, then warp order (only matters if two warps share an element). */
static uint64_t warp_slot(conf_io *io, const char *name, uint32_t b, uint32_t w)
{
	uint64_t k = (uint64_t)b * (io->x->block[0] / 32) + w;
	need(k < conf_count(io, name), "the per-warp output buffer is too small");
	return k;
}

/* match_test(a, c): any = __match_any_sync(~0, a[i]) (mask of the lanes holding lane 0's
   value), all = __match_all_sync(~0, a[i], &pred) (the lanes' mask if they all hold the same
   value, else 0); c[warp] = any ^ all, as lane 0 sees them. */
void ref_volta_match_test(conf_io *io)
{
	one_d(io);
	const int32_t *a = conf_in(io, "a");
	uint32_t *c = conf_want(io, "c");
	uint32_t ntid = io->x->block[0];
	need(threads(io) <= conf_count(io, "a"), "match_test: a is smaller than the grid");
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		for (uint32_t w = 0; w * 32 < ntid; w++) {
			const int32_t *v = a + (uint64_t)b * ntid + w * 32;
			unsigned nl = warp_lanes(ntid, w);
			uint32_t lanes = nl == 32 ? 0xffffffffu : (1u << nl) - 1, any = 0;
			for (unsigned l = 0; l < nl; l++)
				if (v[l] == v[0])
					any |= 1u << l;
			uint32_t all = any == lanes ? lanes : 0;
			c[warp_slot(io, "c", b, w)] = any ^ all;
		}
}

/* reduce_min_signed(a, c, n @0x10): val = i < n ? a[i] : INT_MAX; c[warp] =
   __reduce_min_sync(~0, val), the signed minimum over the warp's lanes. */
void ref_volta_reduce_min_signed(conf_io *io)
{
	one_d(io);
	const int32_t *a = conf_in(io, "a");
	int32_t *c = conf_want(io, "c");
	int32_t n = p32(io, 0x10);
	uint32_t ntid = io->x->block[0];
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		for (uint32_t w = 0; w * 32 < ntid; w++) {
			int32_t m = INT_MAX;
			for (unsigned l = 0; l < warp_lanes(ntid, w); l++) {
				int64_t i = (int64_t)b * ntid + w * 32 + l;
				int32_t val = INT_MAX;
				if (i < n) {
					need((uint64_t)i < conf_count(io, "a"), "reduce_min: a is too small");
					val = a[i];
				}
				m = val < m ? val : m;
			}
			c[warp_slot(io, "c", b, w)] = m;
		}
}

/* shfl_64(a, c): c[i] = a[i] + __shfl_sync(~0, a[i], 0), lane 0 of i's warp (double add). */
void ref_volta_shfl_64(conf_io *io)
{
	one_d(io);
	const double *a = conf_in(io, "a");
	double *c = conf_want(io, "c");
	uint32_t ntid = io->x->block[0];
	need(threads(io) <= conf_count(io, "a") && threads(io) <= conf_count(io, "c"),
	     "shfl_64: buffers smaller than the grid (no bound check)");
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		for (uint32_t t = 0; t < ntid; t++) {
			uint64_t i = (uint64_t)b * ntid + t, lane0 = (uint64_t)b * ntid + (t & ~31u);
			c[i] = a[i] + a[lane0];
		}
}

/* sqrtf_standard(a, c, n @0x10): c[i] = sqrtf(a[i]) for i < n, correctly rounded. */
void ref_volta_sqrtf_standard(conf_io *io)
{
	one_d(io);
	const float *a = conf_in(io, "a");
	float *c = conf_want(io, "c");
	int32_t n = p32(io, 0x10);
	for (int64_t i = 0; i < n && i < (int64_t)threads(io); i++) {
		need((uint64_t)i < conf_count(io, "a") && (uint64_t)i < conf_count(io, "c"), "sqrtf: buffers too small");
		c[i] = sqrtf(a[i]);
	}
}

/* vector16_add(a, b, c, n @0x18): for i < n, the 16 floats of c[i] = a[i] + b[i]. */
void ref_volta_vector16_add(conf_io *io)
{
	one_d(io);
	const float *a = conf_in(io, "a"), *b = conf_in(io, "b");
	float *c = conf_want(io, "c");
	int32_t n = p32(io, 0x18);
	for (int64_t i = 0; i < n && i < (int64_t)threads(io); i++) {
		need((uint64_t)i * 16 + 16 <= conf_count(io, "a") && (uint64_t)i * 16 + 16 <= conf_count(io, "b") &&
		     (uint64_t)i * 16 + 16 <= conf_count(io, "c"), "vector16_add: buffers too small");
		for (int k = 0; k < 16; k++)
			c[i * 16 + k] = a[i * 16 + k] + b[i * 16 + k];
	}
}

/* vote_all_any(a, c): p = a[i] > 0; c[warp] = __any_sync(~0, p) + 2 * __all_sync(~0, p). */
void ref_volta_vote_all_any(conf_io *io)
{
	one_d(io);
	const float *a = conf_in(io, "a");
	int32_t *c = conf_want(io, "c");
	uint32_t ntid = io->x->block[0];
	need(threads(io) <= conf_count(io, "a"), "vote_all_any: a is smaller than the grid");
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		for (uint32_t w = 0; w * 32 < ntid; w++) {
			int any = 0, all = 1;
			for (unsigned l = 0; l < warp_lanes(ntid, w); l++) {
				int p = a[(uint64_t)b * ntid + w * 32 + l] > 0.0f;
				any |= p;
				all &= p;
			}
			c[warp_slot(io, "c", b, w)] = any + 2 * all;
		}
}
