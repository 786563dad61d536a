/* C references of the sm_70 - sm_89 corpus listings, written from what their public CUDA
   sources compute (named in each listing's .src.md), not from the listings. Parameter
   offsets are relative to the parameter area (c[0x0][0x160] on these generations). Each
   kernel's warp index is blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, with full
   warps (the full-mask collectives of the sources assume them). */
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
