/* C references of the sm_70 - sm_89 corpus listings, written from what their public CUDA
   sources compute (named in each listing's .src.md), not from the listings. Parameter
   offsets are relative to the parameter area (c[0x0][0x160] on these generations). Each
   kernel's warp index is blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, with full
   warps (the full-mask collectives of the sources assume them). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "refs_volta.h"

static uint32_t warps(conf_io *io)
{
	if (io->x->block[0] % 32 || io->x->block[1] != 1 || io->x->grid[1] != 1)
		conf_fail("the kernel assumes 1-D CTAs of whole warps");
	return io->x->grid[0] * io->x->block[0] / 32;
}

/* reduce_min_signed(a, c, n): val = i < n ? a[i] : INT_MAX; c[warp] = the warp's minimum */
void ref_volta_reduce_min_signed(conf_io *io)
{
	const int32_t *a = conf_in(io, "a");
	int32_t *c = conf_want(io, "c");
	int32_t n = (int32_t)conf_param32(io, 0x10);
	for (uint32_t w = 0; w < warps(io); w++) {
		int32_t m = INT32_MAX;
		for (uint32_t l = 0; l < 32; l++) {
			int32_t i = (int32_t)(w * 32 + l);
			int32_t v = i < n ? a[i] : INT32_MAX;
			m = v < m ? v : m;
		}
		c[w] = m;
	}
}

/* vote_all_any(a, c): c[warp] = any(a[i] > 0) + 2 * all(a[i] > 0) over the warp (floats) */
void ref_volta_vote_all_any(conf_io *io)
{
	const float *a = conf_in(io, "a");
	int32_t *c = conf_want(io, "c");
	for (uint32_t w = 0; w < warps(io); w++) {
		int any = 0, all = 1;
		for (uint32_t l = 0; l < 32; l++) {
			any |= a[w * 32 + l] > 0;
			all &= a[w * 32 + l] > 0;
		}
		c[w] = any + 2 * all;
	}
}

/* match_test(a, c): c[warp] = match_any(lane 0's value) ^ match_all (the warp's mask when
   every lane holds the same value, else 0) */
void ref_volta_match(conf_io *io)
{
	const int32_t *a = conf_in(io, "a");
	uint32_t *c = conf_want(io, "c");
	for (uint32_t w = 0; w < warps(io); w++) {
		uint32_t any = 0;
		for (uint32_t l = 0; l < 32; l++)
			any |= (uint32_t)(a[w * 32 + l] == a[w * 32]) << l;
		c[w] = any ^ (any == 0xffffffffu ? 0xffffffffu : 0);
	}
}

/* read_from_struct(s, pWout): *pWout = s.w (the struct's fourth word, parameter offset 0xc) */
void ref_volta_read_from_struct(conf_io *io)
{
	int32_t *out = conf_want(io, "out");
	out[0] = (int32_t)conf_param32(io, 0xc);
}

/* select (celeritas cuda-test-snippets, select-element): thread idx's arrays frac[idx] and
   xs[idx] are pointers (doubles); cutoff = total[idx] * ran[idx]. The multiply-adds are
   fused, as the source's expressions compiled for sm_70 are (C fma). */
static const double *darray(conf_io *io, uint64_t addr, int32_t n)
{
	const uint8_t *p = emu_gmem_ptr(&io->x->gmem, addr, (unsigned)(n > 0 ? n : 1) * 8);
	if (!p)
		conf_fail("select: a frac/xs pointer does not point into a buffer");
	return (const double *)(const void *)p;
}

static void select_ref(conf_io *io, int forward)
{
	const double *ran = conf_in(io, "ran"), *total = conf_in(io, "total");
	const int32_t *size = conf_in(io, "size");
	const uint64_t *frac = conf_in(io, "frac"), *xs = conf_in(io, "xs");
	int32_t *sel = conf_want(io, "selection");
	uint32_t n = io->x->grid[0] * io->x->block[0];
	if (n > conf_count(io, "selection"))
		conf_fail("select: more threads than elements");
	for (uint32_t t = 0; t < n; t++) {
		if (size[t] < 1)
			conf_fail("select: size must be at least 1");
		const double *f = darray(io, frac[t], size[t]), *x = darray(io, xs[t], size[t]);
		double cutoff = total[t] * ran[t];
		int32_t i;
		if (forward) { /* for (i = 0; i < size - 1; ++i) { accum += ...; if (cutoff >= accum) break; } */
			double accum = 0;
			for (i = 0; i < size[t] - 1; i++) {
				accum = fma(x[i], f[i], accum);
				if (cutoff >= accum)
					break;
			}
		} else { /* for (i = size - 1; i > 0; --i) { cutoff -= ...; if (cutoff <= 0) break; } */
			for (i = size[t] - 1; i > 0; i--) {
				cutoff = fma(x[i], -f[i], cutoff);
				if (!(cutoff > 0))
					break;
			}
		}
		sel[t] = i;
	}
}

void ref_volta_select_backward(conf_io *io) { select_ref(io, 0); }
void ref_volta_select_forward2(conf_io *io) { select_ref(io, 1); }

/* shfl_64(a, c): c[i] = a[i] + __shfl_sync(full, a[i], 0) (lane 0 of i's warp), doubles */
void ref_volta_shfl_64(conf_io *io)
{
	const double *a = conf_in(io, "a");
	double *c = conf_want(io, "c");
	for (uint32_t i = 0; i < warps(io) * 32; i++)
		c[i] = a[i] + a[i & ~31u];
}

/* vector16_add(a, b, c, n): for i < n, c[i].v[k] = a[i].v[k] + b[i].v[k], k < 16 (floats) */
void ref_volta_vector16_add(conf_io *io)
{
	const float *a = conf_in(io, "a"), *b = conf_in(io, "b");
	float *c = conf_want(io, "c");
	int32_t n = (int32_t)conf_param32(io, 0x18);
	if (n < 0 || (uint64_t)n * 16 > conf_count(io, "c"))
		conf_fail("vector16_add: n structs do not fit the buffers");
	for (int32_t i = 0; i < n; i++)
		for (int k = 0; k < 16; k++)
			c[16 * i + k] = a[16 * i + k] + b[16 * i + k];
}

/* sqrtf_standard(a, c, n): for i < n, c[i] = sqrtf(a[i]) (correctly rounded) */
void ref_volta_sqrtf(conf_io *io)
{
	const float *a = conf_in(io, "a");
	float *c = conf_want(io, "c");
	int32_t n = (int32_t)conf_param32(io, 0x10);
	if (n < 0 || (uint64_t)n > conf_count(io, "c"))
		conf_fail("sqrtf: n elements do not fit the buffers");
	for (int32_t i = 0; i < n; i++)
		c[i] = sqrtf(a[i]);
}
