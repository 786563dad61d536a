/* C references of tests/hopper/fp8 and families2: prints the launch spec (inputs and .expect
   lines) computed from the formats' definitions and the PTX ISA's rules, independently of
   simtemu: the 8-bit floats decoded from their fields, a single to an 8-bit float by a search
   of every code for the nearest (ties to the even code), halves through the compiler's
   _Float16, bfloat16 by rounding the single's bits.
   cc -o /tmp/ref_fp tests/hopper/ref_fp.c -lm && /tmp/ref_fp fp8 > tests/hopper/fp8.spec */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float flt(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* OCP FP8: E4M3 bias 7, 3 fraction bits, S.1111.111 NaN, no infinity; E5M2 bias 15, 2
   fraction bits, exponent 31 infinity (fraction 0) or NaN. */
static double fp8_value(int code, int e5)
{
	int mb = e5 ? 2 : 3, bias = e5 ? 15 : 7, emax = e5 ? 31 : 15;
	int s = code >> 7, e = code >> mb & emax, m = code & ((1 << mb) - 1);
	double mag;
	if (e5 && e == 31)
		mag = m ? NAN : INFINITY;
	else if (!e5 && e == 15 && m == 7)
		mag = NAN;
	else if (e == 0)
		mag = m * pow(2, 1 - bias - mb);
	else
		mag = (1 + m / (double)(1 << mb)) * pow(2, e - bias);
	return s ? -mag : mag;
}

/* cvt.rn.satfinite[.relu].e4m3x2/e5m2x2.f32 of one single: NaN is 0x7f; past the largest
   finite, satfinite's largest finite. The search includes the code past the largest finite
   (480 for E4M3, infinity = 65536 in magnitude for E5M2) so that overflow rounds like any
   other value. */
static int fp8_of(float f, int e5, int satf, int relu)
{
	if (isnan(f))
		return 0x7f;
	if (relu && f < 0)
		f = 0;
	int sign = signbit(f) ? 0x80 : 0, top = e5 ? 0x7c : 0x7f, maxc = top - 1;
	double a = fabs((double)f);
	if (isinf(a))
		return satf ? sign | maxc : e5 ? sign | 0x7c : 0x7f;
	int best = -1;
	double bd = 0;
	for (int c = 0; c <= top; c++) {
		double v = c == top ? (e5 ? 65536.0 : 480.0) : fp8_value(c, e5);
		double d = fabs(v - a);
		if (best < 0 || d < bd || (d == bd && !(c & 1))) {
			best = c;
			bd = d;
		}
	}
	if (best == top)
		return satf ? sign | maxc : e5 ? sign | 0x7c : 0x7f;
	return sign | best;
}

static uint16_t h16(double v) /* to nearest even through _Float16; NaN the canonical 0x7fff */
{
	if (isnan(v))
		return 0x7fff;
	_Float16 h = (_Float16)(float)v;
	uint16_t u;
	memcpy(&u, &h, 2);
	return u;
}

static uint16_t bf16(float f) /* to nearest even on the single's bits */
{
	if (isnan(f))
		return 0x7fff;
	uint32_t u = bits(f);
	return (uint16_t)((u + 0x7fff + (u >> 16 & 1)) >> 16);
}

static void list(const char *what, const char *name, const char *type, const uint32_t *v, int n)
{
	printf("%s %s", what, name);
	if (type)
		printf(" %s %d =", type, n);
	else
		printf(" =");
	for (int i = 0; i < n; i++)
		printf(" %u", v[i]);
	printf("\n");
}

#define NT 512
static void fp8_ref(void)
{
	static float in[2 * NT];
	static uint32_t inb[2 * NT], codes[NT], out[8 * NT];
	int k = 0;
	for (int e5 = 0; e5 < 2; e5++) /* every code of both formats */
		for (int c = 0; c < 256; c++)
			in[k++] = (float)fp8_value(c, e5);
	for (int e5 = 0; e5 < 2; e5++) /* the ties between neighbouring finite codes */
		for (int c = 0; c + 1 < (e5 ? 0x7c : 0x7f); c++, k++) {
			in[k] = (float)((fp8_value(c, e5) + fp8_value(c + 1, e5)) / 2);
			if (k & 1)
				in[k] = -in[k];
		}
	static const float sp[] = {449, 464, 465, 479, 480, 481, 500, 57344, 61439, 61440, 61441, 65536, 1e30f,
				   INFINITY, -INFINITY, -464, -61440, -1e30f, 0x1p-10f, 0x1.0002p-10f, 0x3p-10f,
				   0x1p-17f, 0x3p-17f, 0x1.0002p-17f, 1e-30f, -1e-30f, 1e-40f, -1e-40f,
				   0x1.02p+0f, 0x1.0200002p+0f, 0x1.1fffffep+0f, 0x1.5p+4f, 0x1.3p+4f, -0.0f};
	for (unsigned i = 0; i < sizeof sp / sizeof sp[0]; i++)
		in[k++] = sp[i];
	in[k++] = NAN;
	in[k++] = -NAN;
	uint32_t x = 12345;
	while (k < 2 * NT) { /* the rest: singles of either sign, 2^-20 to 2^17 */
		x = x * 1103515245u + 12345u;
		int e = (int)(x >> 8 & 63) % 38 - 20;
		float m = 1.0f + (float)(x >> 12 & 0xfffff) / 1048576.0f;
		in[k++] = (x & 1 ? -1 : 1) * ldexpf(m, e);
	}
	for (int t = 0; t < NT; t++)
		codes[t] = t < 256 ? (uint32_t)(t << 8 | (255 - t)) : (uint32_t)((t * 37 & 255) << 8 | (t & 255));
	for (int t = 0; t < NT; t++) {
		float a = in[2 * t], b = in[2 * t + 1];
		uint32_t *o = out + 8 * t;
		o[0] = (uint32_t)(fp8_of(a, 0, 1, 0) << 8 | fp8_of(b, 0, 1, 0));
		o[1] = (uint32_t)(fp8_of(a, 1, 1, 0) << 8 | fp8_of(b, 1, 1, 0));
		o[2] = (uint32_t)(fp8_of(a, 0, 1, 1) << 8 | fp8_of(b, 0, 1, 1));
		o[3] = (uint32_t)(fp8_of(a, 1, 1, 1) << 8 | fp8_of(b, 1, 1, 1));
		int hi = codes[t] >> 8 & 255, lo = codes[t] & 255;
		o[4] = (uint32_t)h16(fp8_value(hi, 0)) << 16 | h16(fp8_value(lo, 0));
		o[5] = (uint32_t)h16(fp8_value(hi, 1)) << 16 | h16(fp8_value(lo, 1));
		float ra = !isnan(a) && a < 0 ? 0.0f : a, rb = !isnan(b) && b < 0 ? 0.0f : b;
		o[6] = (uint32_t)h16(ra) << 16 | h16(rb);
		o[7] = (uint32_t)bf16(a) << 16 | bf16(b);
	}
	for (int i = 0; i < 2 * NT; i++)
		inb[i] = bits(in[i]);
	printf("# fp8.sm_90.sass (PTX: fp8.ptx, ptxas and cuobjdump 11.8 -arch=sm_90); made by tests/hopper/ref_fp.c fp8\n");
	printf(".kernel fp8\n.block %d\n", NT);
	list(".buffer", "in", "u32", inb, 2 * NT);
	list(".buffer", "codes", "u32", codes, NT);
	printf(".buffer out u32 %d\n.param u64 in\n.param u64 codes\n.param u64 out\n", 8 * NT);
	list(".expect", "out", NULL, out, 8 * NT);
}

static double bfv(uint16_t h) { return (double)flt((uint32_t)h << 16); }
static double hv(uint16_t h) { _Float16 f; memcpy(&f, &h, 2); return (double)f; }

/* min/max of two singles by the PTX ISA: .NaN: a NaN operand gives the canonical NaN;
   otherwise a NaN operand gives the other one; -0 is below +0. .xorsign.abs: of |a| and |b|,
   the result's sign bit a's XOR b's. */
static uint32_t mnmx32(float a, float b, int mx, int nan, int xs)
{
	uint32_t sign = (bits(a) ^ bits(b)) & 0x80000000u;
	if (xs) {
		a = fabsf(a);
		b = fabsf(b);
	}
	float r;
	if (isnan(a) || isnan(b)) {
		if (nan || (isnan(a) && isnan(b)))
			return 0x7fffffffu;
		r = isnan(a) ? b : a;
	} else if (a == b)
		r = (signbit(a) != 0) == !mx ? a : b;
	else
		r = (a < b) == !mx ? a : b;
	return xs ? bits(r) | sign : bits(r);
}

/* the same for one half (bf16 or f16), by its value */
static uint16_t mnmx16(uint16_t a, uint16_t b, int bf, int mx, int nan, int xs)
{
	uint16_t sign = (a ^ b) & 0x8000;
	if (xs) {
		a &= 0x7fff;
		b &= 0x7fff;
	}
	double fa = bf ? bfv(a) : hv(a), fb = bf ? bfv(b) : hv(b);
	uint16_t r;
	if (isnan(fa) || isnan(fb)) {
		if (nan || (isnan(fa) && isnan(fb)))
			return 0x7fff;
		r = isnan(fa) ? b : a;
	} else if (fa == fb)
		r = ((a & 0x8000) != 0) == !mx ? a : b;
	else
		r = (fa < fb) == !mx ? a : b;
	return xs ? r | sign : r;
}

static uint32_t pair(uint16_t hi, uint16_t lo) { return (uint32_t)hi << 16 | lo; }

/* families2.ptx: 32 threads */
static void fam2_ref(void)
{
	static uint32_t in[192], acc[130], out[16 * 32];
	uint16_t hxl[32], hxh[32], bxl[32], bxh[32];
	float fa[32], fb[32];
	double dd[32];
	for (int t = 0; t < 32; t++) {
		hxl[t] = h16((t - 16) * 0.5);
		hxh[t] = h16((t - 16) * 0.25);
		bxl[t] = t == 5 ? 0x7fc0 : (uint16_t)(0x3f80 + t); /* 1 + t 2^-7; lane 5 a NaN */
		bxh[t] = bf16((t & 4 ? -1.0f : 1.0f) * (float)(t & 3));
		fa[t] = (t - 16) * 1.5f;
		fb[t] = (16 - t) * 0.75f;
		if (t == 3 || t == 13)
			fa[t] = NAN;
		if (t == 7 || t == 13)
			fb[t] = NAN;
		if (t == 9)
			fa[t] = -0.0f, fb[t] = 0.0f;
		if (t == 11)
			fa[t] = 0.0f, fb[t] = -0.0f;
		dd[t] = t * 0.1;
		in[t] = pair(hxh[t], hxl[t]);
		in[32 + t] = pair(bxh[t], bxl[t]);
		in[64 + t] = bits(fa[t]);
		in[96 + t] = bits(fb[t]);
		uint64_t u;
		memcpy(&u, &dd[t], 8);
		in[128 + 2 * t] = (uint32_t)u;
		in[129 + 2 * t] = (uint32_t)(u >> 32);
		acc[t] = pair(0x3c00, (uint16_t)(0x3c00 + t));
		acc[32 + t] = pair(0x3f80, (uint16_t)(0x3f80 + t));
		double a0 = 1.0 + t;
		memcpy(&u, &a0, 8);
		acc[64 + 2 * t] = (uint32_t)u;
		acc[65 + 2 * t] = (uint32_t)(u >> 32);
	}
	acc[128] = acc[129] = 0;
	printf("# families2.sm_90.sass (PTX: families2.ptx, ptxas and cuobjdump 11.8 -arch=sm_90); made by tests/hopper/ref_fp.c fam2\n");
	printf(".kernel fam2\n.block 32\n");
	list(".buffer", "in", "u32", in, 192);
	list(".buffer", "acc", "u32", acc, 130);
	printf(".buffer out u32 %d\n.param u64 in\n.param u64 acc\n.param u64 out\n", 16 * 32);
	for (int t = 0; t < 32; t++) {
		int t1 = t ^ 1, t2 = t ^ 2;
		uint32_t *o = out + 16 * t;
		uint16_t r[2][3];
		for (int k = 0; k < 2; k++) {
			double a = bfv(k ? bxh[t] : bxl[t]), b = bfv(k ? bxh[t1] : bxl[t1]), c = bfv(k ? bxh[t2] : bxl[t2]);
			r[k][0] = bf16((float)(a + b)); /* exact in the double, then one rounding */
			r[k][1] = bf16((float)(a * b));
			r[k][2] = bf16((float)(a * b + c)); /* |values| < 8 with 16 + 8 bits: exact */
		}
		for (int j = 0; j < 3; j++)
			o[j] = pair(r[1][j], r[0][j]);
		o[3] = h16(exp2f((float)hv(hxh[t])));
		o[4] = mnmx32(fa[t], fb[t], 1, 0, 1);
		o[5] = mnmx32(fa[t], fb[t], 0, 0, 1);
		o[6] = mnmx32(fa[t], fb[t], 1, 1, 0);
		o[7] = mnmx32(fa[t], fb[t], 0, 1, 0);
		o[8] = pair(mnmx16(bxh[t], bxh[t1], 1, 0, 0, 0), mnmx16(bxl[t], bxl[t1], 1, 0, 0, 0));
		o[9] = pair(mnmx16(bxh[t], bxh[t1], 1, 1, 1, 0), mnmx16(bxl[t], bxl[t1], 1, 1, 1, 0));
		o[10] = pair(mnmx16(hxh[t], hxh[t1], 0, 0, 0, 1), mnmx16(hxl[t], hxl[t1], 0, 0, 0, 1));
		o[11] = (uint32_t)t;
		/* atomics on the lane's own words: the old value, then the sum rounded once */
		o[12] = acc[t];
		o[13] = acc[32 + t];
		o[14] = acc[64 + 2 * t];
		o[15] = acc[65 + 2 * t];
		acc[t] = pair(h16(hv(acc[t] >> 16) + hv(hxh[t1])), h16(hv((uint16_t)acc[t]) + hv(hxl[t1])));
		double sh = bfv(acc[32 + t] >> 16) + bfv(bxh[t1]), sl = bfv((uint16_t)acc[32 + t]) + bfv(bxl[t1]);
		acc[32 + t] = pair(bf16((float)sh), bf16((float)sl));
		double a0;
		uint64_t u = (uint64_t)acc[65 + 2 * t] << 32 | acc[64 + 2 * t];
		memcpy(&a0, &u, 8);
		a0 += dd[t];
		memcpy(&u, &a0, 8);
		acc[64 + 2 * t] = (uint32_t)u;
		acc[65 + 2 * t] = (uint32_t)(u >> 32);
	}
	for (int t = 0; t < 32; t++) { /* the two reductions: every partial sum is exact */
		acc[128] = pair(h16(hv(acc[128] >> 16) + hv(hxh[t])), h16(hv((uint16_t)acc[128]) + hv(hxl[t])));
		acc[129] = pair(bf16((float)(bfv(acc[129] >> 16) + bfv(bxh[t]))),
				bf16((float)(bfv((uint16_t)acc[129]) + bfv(bxl[t]))));
	}
	list(".expect", "out", NULL, out, 16 * 32);
	list(".expect", "acc", NULL, acc, 130);
}

/* ex2.approx.ftz.bf16 by the rule of tests/hopper's MUFU forms: exp2f of the operand (a
   denormal read as zero), rounded once to bfloat16, a denormal result flushed */
static uint16_t ex2bf(uint16_t h)
{
	if (!(h & 0x7f80))
		h &= 0x8000;
	uint16_t r = bf16(exp2f((float)bfv(h)));
	return r & 0x7f80 ? r : r & 0x8000;
}

/* families3.ptx: 32 threads */
static void fam3_ref(void)
{
	static const float hv_[] = {17, -17, 19, 500, -500, 448, 464, 465, 0.001f, -0.25f, 1e-7f, 0x1p-10f,
				    61440, 70000, -1e5f, 0.0f, -0.0f, 1.0f, 2.5f, -3.75f, 0.1f, 240, 272, 288};
	static uint32_t in[96], out[8 * 32];
	uint16_t hl[32], hh[32], bl[32], bh[32];
	float fa[32];
	int nv = (int)(sizeof hv_ / sizeof hv_[0]);
	for (int t = 0; t < 32; t++) {
		hl[t] = h16(hv_[t % nv]);
		hh[t] = h16(t < 4 ? (t & 1 ? -INFINITY : INFINITY) : hv_[(t * 7 + 3) % nv]);
		if (t == 30)
			hl[t] = 0x7e00; /* a NaN */
		if (t == 31)
			hh[t] = 0xfe00;
		bl[t] = bf16((float)(t - 16) * 0.375f);
		bh[t] = bf16((float)((t * 5) % 11) - 5.0f);
		if (t == 6)
			bl[t] = 0x0001; /* a denormal */
		if (t == 7)
			bh[t] = 0x7fc0;
		if (t == 9)
			bl[t] = 0x8000;
		fa[t] = ldexpf(1.0f + (float)t * 0x1p-8f + (t & 1 ? 0x1p-9f : 0), t - 16);
		if (t == 20)
			fa[t] = NAN;
		in[t] = pair(hh[t], hl[t]);
		in[32 + t] = pair(bh[t], bl[t]);
		in[64 + t] = bits(fa[t]);
	}
	printf("# families3.sm_90.sass (PTX: families3.ptx, ptxas and cuobjdump 11.8 -arch=sm_90); made by tests/hopper/ref_fp.c fam3\n");
	printf(".kernel fam3\n.block 32\n");
	list(".buffer", "in", "u32", in, 96);
	printf(".buffer out u32 %d\n.param u64 in\n.param u64 out\n", 8 * 32);
	for (int t = 0; t < 32; t++) {
		int t1 = t ^ 1;
		uint32_t *o = out + 8 * t;
		o[0] = h16(tanhf((float)hv(hl[t])));
		o[1] = pair(ex2bf(bh[t]), ex2bf(bl[t]));
		o[2] = (bfv(bl[t]) < bfv(bl[t1])) | (bfv(bh[t]) < bfv(bh[t1])) << 1; /* p: the low halves */
		double x = bfv(bh[t]), y = bfv(bh[t1]);
		o[3] = isnan(x) || isnan(y) || x > y;                                /* gtu: unordered too */
		o[4] = (uint32_t)(fp8_of((float)hv(hh[t]), 0, 1, 0) << 8 | fp8_of((float)hv(hl[t]), 0, 1, 0));
		o[5] = (uint32_t)(fp8_of((float)hv(hh[t]), 1, 1, 1) << 8 | fp8_of((float)hv(hl[t]), 1, 1, 1));
		o[6] = bf16(fa[t]);
		o[7] = (uint32_t)t;
	}
	list(".expect", "out", NULL, out, 8 * 32);
}

/* ampere.ptx: one thread, one buffer g of 18 words, read and written in place */
static void amp_ref(void)
{
	static const uint32_t in[18] = {0x3fc0bf80, 0x40203f81, 0xbe807fc0, 0x3c003c00, 0x3c014000, 0, 0,
					0x40000000, 0, 0, 0, 0, 0, 0, 0, 0, 0x3fa00000, 0xc0100000};
	uint32_t g[18];
	memcpy(g, in, sizeof g);
	uint16_t a[2] = {(uint16_t)in[0], (uint16_t)(in[0] >> 16)}, b[2] = {(uint16_t)in[1], (uint16_t)(in[1] >> 16)};
	uint16_t c[2] = {(uint16_t)in[2], (uint16_t)(in[2] >> 16)}, fm[2], mn[2], mx[2], hx[2], ex[2];
	for (int k = 0; k < 2; k++) {
		double r = bfv(a[k]) * bfv(b[k]) + bfv(c[k]); /* exact: 16 + 8 bits, close exponents */
		fm[k] = isnan(r) ? 0x7fff : bf16((float)r);
		mn[k] = mnmx16(a[k], b[k], 1, 0, 0, 0);
		mx[k] = mnmx16(a[k], b[k], 1, 1, 1, 0);
		ex[k] = h16(exp2f((float)hv(b[k])));
	}
	float f1 = flt(in[16]), f2 = flt(in[17]);
	f1 = flt(mnmx32(f1, f2, 0, 1, 0)); /* min.NaN.f32 f1, f1, f2 */
	g[0] = pair(fm[1], fm[0]);
	g[1] = pair(mn[1], mn[0]);
	g[2] = pair(mx[1], mx[0]);
	g[3] = pair(bf16(f1), bf16(f2));
	for (int k = 0; k < 2; k++)
		hx[k] = h16(hv((uint16_t)(in[4] >> 16 * k)) + hv(a[k])); /* the f16x2 atomic adds r1 */
	g[4] = pair(hx[1], hx[0]);
	double old, nw;
	uint64_t u = (uint64_t)in[7] << 32 | in[6];
	memcpy(&old, &u, 8);
	nw = old + 1.0;
	memcpy(&u, &nw, 8);
	g[6] = (uint32_t)u;
	g[7] = (uint32_t)(u >> 32);
	g[8] = pair(h16(f1 < 0 ? 0.0 : f1), h16(f2 < 0 ? 0.0 : f2));
	g[9] = in[4];
	g[10] = pair(ex[1], ex[0]);
	g[11] = bf16(tanhf(f1));
	g[12] = bits(f1);
	g[13] = in[6];
	g[14] = in[7];
	g[15] = in[0];
	printf("# ampere.sm_80.sass and ampere.sm_86.sass (PTX: ampere.ptx, ptxas and cuobjdump 11.8); made by tests/hopper/ref_fp.c amp\n");
	printf(".kernel ampere\n.block 1\n");
	list(".buffer", "g", "u32", in, 18);
	printf(".param u64 g\n");
	list(".expect", "g", NULL, g, 18);
}

int main(int argc, char **argv)
{
	const char *k = argc > 1 ? argv[1] : "";
	if (!strcmp(k, "fp8"))
		fp8_ref();
	else if (!strcmp(k, "fam2"))
		fam2_ref();
	else if (!strcmp(k, "fam3"))
		fam3_ref();
	else if (!strcmp(k, "amp"))
		amp_ref();
	else {
		fprintf(stderr, "usage: ref_fp fp8|fam2|fam3|amp\n");
		return 2;
	}
	return 0;
}
