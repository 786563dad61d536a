/* Encodings of the sm_70+ floating-point handlers (emu/ops_float.h, ops_half.h, ops_cvt.h), shared with their
   selectors (asm/sel_float.c ...), and the 16-bit float formats both convert to and from. */
#ifndef SIMTEMU_SEM_VFP_H
#define SIMTEMU_SEM_VFP_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "emu/semantics.h"

/* MUFU's functions on sm_70+ (emu_insn.sub). SIN and COS take the angle in turns (the
   compiler multiplies by 1/(2 pi) first: sm_70 has no RRO); TANH is sm_75+. */
enum { VFP_MUFU_RCP, VFP_MUFU_EX2, VFP_MUFU_LG2, VFP_MUFU_SIN, VFP_MUFU_COS, VFP_MUFU_RSQ,
       VFP_MUFU_SQRT, VFP_MUFU_RCP64H, VFP_MUFU_RSQ64H, VFP_MUFU_TANH, VFP_MUFU_N };

/* Half-pair operations (HARITH's sub) and the conversions of CVT_H (sub). */
enum { VFP_H_ADD, VFP_H_MUL, VFP_H_FMA };
enum { VFP_CVT_F32_F16, VFP_CVT_F16_F32, VFP_CVT_F64_F16, VFP_CVT_F16_F64, VFP_CVT_BF16_F32 };
/* F2FP's packed formats (sub). */
enum { VFP_PK_F16, VFP_PK_BF16, VFP_PK_E4M3, VFP_PK_E5M2 };
/* F2FP's options (sub2): .RELU, .SATFINITE, .PACK_AB_MERGE_C, the sources a half pair (.F16.UNPACK_B_MERGE_C). */
enum { VFP_PK_RELU = 1, VFP_PK_SATF = 2, VFP_PK_MERGE = 4, VFP_PK_HALVES = 8 };

/* The canonical NaNs the GPU produces (an invalid operation, or MUFU of a NaN). */
#define VFP_NAN32 0x7fffffffu
#define VFP_NAN16 0x7fffu

/* ---- narrow formats: IEEE half (p = 11, bias 15) and bfloat16 (p = 8, bias 127) ---- */

/* v rounded to a format of p significand bits and exponent bias 'bias' (field of 5 or 8
   bits), in rounding mode rnd (EMU_RND_*). v must be exact, or rounded to odd at double
   precision: one more rounding is then correct for p <= 51. */
static inline uint16_t vfp_narrow(double v, int p, int bias, int rnd)
{
	uint16_t sign = signbit(v) ? 0x8000 : 0; /* both formats are 16 bits wide */
	int ebits = bias == 15 ? 5 : 8;
	uint32_t inf = ((1u << ebits) - 1) << (p - 1), maxf = inf - 1;
	if (isnan(v))
		return VFP_NAN16;
	double a = fabs(v);
	if (a == 0)
		return sign;
	int qmin = 1 - bias - (p - 1); /* the quantum of the subnormals */
	bool over = isinf(a) || a >= ldexp(1.0, bias + 2);
	uint32_t bits = 0;
	if (!over) {
		int e;
		frexp(a, &e);
		int qe = e - 1 - (p - 1);
		if (qe < qmin)
			qe = qmin;
		double m = ldexp(a, -qe), fl = floor(m), frac = m - fl;
		uint32_t n = (uint32_t)fl;
		bool up;
		switch (rnd & 0xf) {
		case EMU_RND_RZ: up = false; break;
		case EMU_RND_RM: up = sign && frac > 0; break;
		case EMU_RND_RP: up = !sign && frac > 0; break;
		default: up = frac > 0.5 || (frac == 0.5 && (n & 1)); break;
		}
		n += up;
		if (n == 1u << p) {
			n >>= 1;
			qe++;
		}
		if (qe == qmin)
			bits = n; /* subnormal, or the smallest normal when n reached 2^(p-1) */
		else
			bits = (uint32_t)(qe - qmin + 1) << (p - 1) | (n - (1u << (p - 1)));
		over = bits >= inf;
	}
	if (over && !isinf(a)) { /* overflow: infinity or the largest finite, by the mode */
		int r = rnd & 0xf;
		bool to_inf = r == EMU_RND_RN || (r == EMU_RND_RP && !sign) || (r == EMU_RND_RM && sign);
		bits = to_inf ? inf : maxf;
	} else if (over)
		bits = inf;
	return (uint16_t)(sign | bits);
}

static inline double vfp_wide(uint16_t h, int p, int bias)
{
	int ebits = bias == 15 ? 5 : 8;
	uint32_t e = (uint32_t)h >> (p - 1) & ((1u << ebits) - 1), m = h & ((1u << (p - 1)) - 1);
	double s = (h >> (p - 1 + ebits)) & 1 ? -1.0 : 1.0;
	if (e == (1u << ebits) - 1)
		return m ? NAN : s * INFINITY;
	if (e == 0)
		return s * ldexp((double)m, 1 - bias - (p - 1));
	return s * ldexp((double)(m | 1u << (p - 1)), (int)e - bias - (p - 1));
}

/* ---- the 8-bit formats of OCP FP8 (sm_89+): E4M3 (bias 7, 3 fraction bits, no infinity,
   S.1111.111 the only NaN, largest 448) and E5M2 (bias 15, 2 fraction bits, IEEE-like:
   S.11111.00 infinity, largest 57344) ---- */

/* v (a single, exact in the double) to E4M3 (e5m2 false) or E5M2, to nearest even. NaN gives
   0x7f. Past the largest finite: .SATFINITE (satf) gives it with v's sign, otherwise E4M3 gives
   NaN 0x7f and E5M2 infinity. */
static inline uint8_t vfp_fp8(double v, bool e5m2, bool satf)
{
	int mb = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7;
	double maxf = e5m2 ? 57344.0 : 448.0;
	uint8_t sign = signbit(v) ? 0x80 : 0, maxc = e5m2 ? 0x7b : 0x7e;
	if (isnan(v))
		return 0x7f;
	double a = fabs(v);
	if (a > maxf) {
		if (satf)
			return sign | maxc;
		if (isinf(a))
			return e5m2 ? sign | 0x7c : 0x7f;
	}
	int qmin = 1 - bias - mb, e;
	frexp(a, &e);
	int qe = e - 1 - mb < qmin ? qmin : e - 1 - mb;
	double m = ldexp(a, -qe), fl = floor(m), frac = m - fl;
	uint32_t n = (uint32_t)fl;
	n += frac > 0.5 || (frac == 0.5 && (n & 1));
	double r = ldexp((double)n, qe);
	if (r > maxf)
		return satf ? sign | maxc : e5m2 ? sign | 0x7c : 0x7f;
	if (n == 1u << (mb + 1)) {
		n >>= 1;
		qe++;
	}
	if (n < 1u << mb) /* subnormal or zero (qe == qmin) */
		return sign | (uint8_t)n;
	return sign | (uint8_t)((uint32_t)(qe - qmin + 1) << mb | (n - (1u << mb)));
}

/* The value of an E4M3 or E5M2 code. */
static inline double vfp_fp8_val(uint8_t c, bool e5m2)
{
	int mb = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7, eb = e5m2 ? 5 : 4;
	uint32_t e = (uint32_t)(c >> mb) & ((1u << eb) - 1), m = c & ((1u << mb) - 1);
	double s = c & 0x80 ? -1.0 : 1.0;
	if (e5m2 && e == 31)
		return m ? NAN : s * INFINITY;
	if (!e5m2 && e == 15 && m == 7)
		return NAN;
	if (e == 0)
		return s * ldexp((double)m, 1 - bias - mb);
	return s * ldexp((double)(m | 1u << mb), (int)e - bias - mb);
}
#endif
