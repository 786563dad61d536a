/* The C reference of tests/tex/texk.ptx under tests/tex/texk.spec (no argument) and of
   conv.cu's conv3 under tests/tex/conv3.spec (argument "conv"): prints the .expect line
   of the out buffer. The texture rules as CUDA's programming guide states them for point
   sampling (texture fetching appendix): a texel index is floor(x) of the coordinate in
   texels (normalised coordinates are first multiplied by the size); clamp limits it to
   0..N-1, wrap takes it modulo N; a gather (tld4) reads the 2x2 texels around (x - 0.5,
   y - 0.5) in the order (i, j+1), (i+1, j+1), (i+1, j), (i, j); an integer fetch
   (tex1Dfetch, tex.2d with .s32 coordinates) outside the texture reads zeros; missing
   components read 0 (alpha 1).
   Build: cc -std=c11 -ffp-contract=off tests/tex/ref.c -lm */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static int clampi(long v, int n) { return v < 0 ? 0 : v >= n ? n - 1 : (int)v; }
static int wrapi(long v, int n) { long r = v % n; return (int)(r < 0 ? r + n : r); }

/* the textures of texk.spec, component c of texel (i, j) */
static int32_t r1d(int i) { return 7 + 3 * i; }                                 /* s32, 20 */
static float r2d(int i, int j, int c) { return 0.5f + 0.25f * (float)((j * 6 + i) * 2 + c); } /* f32x2 6x5 */
static float tob(int i, int j, int c) { return -3.0f + 0.5f * (float)((j * 4 + i) * 4 + c); } /* f32x4 4x3 */
static uint32_t ha(int i, int j, int c) { return c == 0 ? 1000u + (uint32_t)(j * 8 + i) : 0u; } /* u32 8x4 */
static uint32_t hb(int i, int j, int c) { return 7u * (uint32_t)((j * 5 + i) * 2 + c); }         /* u32x2 5x6 */

/* conv3: a 3x3 filter over img (f32 13x7, iota 1 0.5) sampled at texel centres, clamped */
static float img(int x, int y)
{
	x = clampi(x, 13);
	y = clampi(y, 7);
	return 1.0f + 0.5f * (float)(y * 13 + x);
}

static int conv(void)
{
	static const float k[9] = {0.0625f, 0.125f, 0.0625f, 0.125f, 0.25f, 0.125f, 0.0625f, 0.125f, 0.0625f};
	printf(".expect out =");
	for (int y = 0; y < 7; y++)
		for (int x = 0; x < 13; x++) {
			float s = 0.0f;
			for (int j = -1; j <= 1; j++)
				for (int i = -1; i <= 1; i++)
					s += k[(j + 1) * 3 + i + 1] * img(x + i, y + j);
			printf(" %.9g", s);
		}
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "conv"))
		return conv();
	uint32_t out[32][16];
	for (int l = 0; l < 32; l++) {
		uint32_t *o = out[l];
		float f1 = (float)l;
		int k = l - 3;
		o[0] = k >= 0 && k < 20 ? (uint32_t)r1d(k) : 0u;
		float f2 = f1 * 0.75f;
		o[1] = (uint32_t)r1d(clampi((long)floorf(f2), 20));
		float x = f1 * 0.5f - 2.0f;
		float y = 7.0f - f1 * 0.3f;
		int i = clampi((long)floorf(x), 6), j = clampi((long)floorf(y), 5);
		o[2] = fbits(r2d(i, j, 0));
		o[3] = fbits(r2d(i, j, 1));
		long gi = (long)floor((double)x - 0.5), gj = (long)floor((double)y - 0.5);
		int i0 = clampi(gi, 6), i1 = clampi(gi + 1, 6), j0 = clampi(gj, 5), j1 = clampi(gj + 1, 5);
		o[4] = fbits(r2d(i0, j1, 0));
		o[5] = fbits(r2d(i1, j1, 0));
		o[6] = fbits(r2d(i1, j0, 0));
		o[7] = fbits(r2d(i0, j0, 0));
		o[8] = fbits(r2d(i0, j1, 1));
		o[9] = 6;
		o[10] = 5;
		float u = f1 * 0.15f - 1.27f, v = f1 * 0.07f + 0.21f;
		int ti = wrapi((long)floor((double)u * 4), 4), tj = wrapi((long)floor((double)v * 3), 3);
		o[11] = fbits(tob(ti, tj, 0));
		o[12] = fbits(tob(ti, tj, 3));
		int hx = l, hy = l / 3;
		int wdt = (l & 1) ? 5 : 8, hgt = (l & 1) ? 6 : 4;
		int inside = hx < wdt && hy < hgt;
		o[13] = inside ? ((l & 1) ? hb(hx, hy, 0) : ha(hx, hy, 0)) : 0u;
		o[14] = inside ? ((l & 1) ? hb(hx, hy, 1) : ha(hx, hy, 1)) : 0u;
		o[15] = (uint32_t)(wdt * 100 + 3);
	}
	printf(".expect out =");
	for (int l = 0; l < 32; l++)
		for (int k = 0; k < 16; k++)
			printf(" %u", out[l][k]);
	printf("\n");
	return 0;
}
