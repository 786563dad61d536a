/* Lane-vector helpers shared by the interpreter's operation bodies (included by emu/interp.c
   and emu/launch.c only): conversions, masks, operand fetch, condition-code writes. */
#ifndef SIMTEMU_EMU_LANES_H
#define SIMTEMU_EMU_LANES_H

#include <fenv.h>
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h> /* AVX and FMA bodies, built with target attributes, chosen at run time */
#endif

#include "emu/emu.h"


static inline float f32(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t u32f(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static inline double f64(uint32_t lo, uint32_t hi)
{
	uint64_t u = (uint64_t)hi << 32 | lo;
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static inline uint64_t u64d(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

static inline float ftz(float f)
{
	return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

/* The lane mask of 32 all-ones / zero words. */
static inline uint32_t pack_lanes(const uint32_t *t)
{
	uint32_t r = 0;
#ifdef __SSE2__
	for (int i = 0; i < 8; i++)
		r |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(t + 4 * i))))
		     << (4 * i);
#else
	for (int l = 0; l < 32; l++)
		r |= (t[l] & 1) << l;
#endif
	return r;
}

static inline __attribute__((always_inline)) void expand_mask(const emu_ctx *x, uint32_t G, uint32_t *mk)
{
#ifdef __AVX2__
	/* the AVX2 build of the loop: a variable shift per lane, four vector steps */
	(void)x;
	for (int l = 0; l < 32; l++)
		mk[l] = 0u - (G >> l & 1u);
#else
	for (int b = 0; b < 4; b++)
		memcpy(mk + 8 * b, x->lane_masks[G >> (8 * b) & 0xff], 32);
#endif
}

/* Population count without a library call: the popcnt instruction where the build may
   use it (the AVX2 build of the loop, emu/interp_*_avx2.c), else bit arithmetic. */
static inline uint32_t popc32(uint32_t v)
{
#ifdef __POPCNT__
	return (uint32_t)__builtin_popcount(v);
#else
	v = v - ((v >> 1) & 0x55555555u);
	v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
	return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
#endif
}

static inline uint32_t brev32(uint32_t v)
{
	uint32_t r = 0;
	for (int i = 0; i < 32; i++)
		r |= (v >> i & 1) << (31 - i);
	return r;
}

/* Video instructions: first operation on a and b, then the secondary one with c. */
static inline uint32_t video_mnmx(uint32_t a, uint32_t b, int sign, int max)
{
	bool lt = sign ? (int32_t)a < (int32_t)b : a < b;
	return lt != (bool)max ? a : b;
}

static inline uint32_t video_add(uint32_t a, uint32_t b, int sign, int sat)
{
	if (!sat)
		return a + b;
	if (sign) {
		int64_t s = (int64_t)(int32_t)a + (int32_t)b;
		return s > INT32_MAX ? (uint32_t)INT32_MAX : s < INT32_MIN ? 0x80000000u : (uint32_t)s;
	}
	uint64_t s = (uint64_t)a + b;
	return s > 0xffffffffu ? 0xffffffffu : (uint32_t)s;
}

static inline uint32_t video_second(uint32_t r, uint32_t c, int sign, int sec)
{
	switch (sec) {
	case EMU_VSEC_ACC: return r + c;
	case EMU_VSEC_MIN: return video_mnmx(r, c, sign, 0);
	case EMU_VSEC_MAX: return video_mnmx(r, c, sign, 1);
	default: return r;
	}
}

static inline uint32_t bop(int op, uint32_t a, uint32_t b)
{
	return op == EMU_BOP_AND ? a & b : op == EMU_BOP_OR ? a | b : a ^ b;
}

static inline uint32_t cmp_int(int cmp, uint32_t a, uint32_t b, int sign)
{
	int lt = sign ? (int32_t)a < (int32_t)b : a < b;
	int sh = lt ? 0 : a == b ? 1 : 2;
	return (uint32_t)(cmp >> sh) & 1;
}

static inline uint32_t cmp_flt(int cmp, float a, float b)
{
	if (isnan(a) || isnan(b))
		return (cmp & EMU_CMP_UN) != 0;
	int sh = a < b ? 0 : a == b ? 1 : 2;
	return (uint32_t)(cmp >> sh) & 1;
}

static inline int fe_mode(int rnd)
{
	switch (rnd & 0xf) {
	case EMU_RND_RZ: return FE_TOWARDZERO;
	case EMU_RND_RM: return FE_DOWNWARD;
	case EMU_RND_RP: return FE_UPWARD;
	default: return FE_TONEAREST;
	}
}

/* The value of an immediate or constant-bank source, the same in every lane. */
static inline uint32_t uniform_src(const emu_ctx *x, const emu_src *s)
{
	uint32_t v = s->imm;
	if (s->kind == SRC_CONST) {
		memcpy(&v, x->cbank[s->bank] + s->imm, 4);
		v &= s->and_;
		if (s->sx)
			v = (uint32_t)((int32_t)(v << (32 - s->sx)) >> (32 - s->sx));
		if (s->iabs && (int32_t)v < 0)
			v = (uint32_t)-v;
		v = (v ^ s->xor_) + s->add;
	}
	return v;
}

/* A source operand with modifiers, computed into tmp (vsrc's slow path). */
static const uint32_t *vsrc_mod(const emu_ctx *x, const emu_warp *w, const emu_src *s, uint32_t *tmp)
{
	int n = 32; /* all lanes: vectorised loops may read the lanes past a partial warp */
	if (s->kind == SRC_REG) {
		const uint32_t *r = w->r[s->reg];
		if (s->and_ == 0xffffffffu && !s->xor_ && !s->add && !s->iabs && !s->shr && !s->sx)
			return r;
		uint32_t an = s->and_, xo = s->xor_, ad = s->add;
		if (s->shr || s->sx) { /* Tesla halves and 16-bit sources */
			int sh = s->shr, ex = s->sx ? 32 - s->sx : 0;
			for (int l = 0; l < n; l++) {
				uint32_t v = (uint32_t)((int32_t)(((r[l] >> sh) & an) << ex) >> ex);
				if (s->iabs && (int32_t)v < 0)
					v = (uint32_t)-v;
				tmp[l] = (v ^ xo) + ad;
			}
			return tmp;
		}
		if (!s->iabs) {
			for (int l = 0; l < 32; l++)
				tmp[l] = ((r[l] & an) ^ xo) + ad;
			return tmp;
		}
		for (int l = 0; l < n; l++) {
			uint32_t v = r[l] & an;
			if ((int32_t)v < 0)
				v = (uint32_t)-v;
			tmp[l] = (v ^ xo) + ad;
		}
		return tmp;
	}
	uint32_t v = uniform_src(x, s);
	for (int l = 0; l < n; l++)
		tmp[l] = v;
	return tmp;
}

/* Fetch a source operand as a lane vector: immediates and constants were bound at launch,
   plain registers are read in place (the two tests every issue pays, inlined). */
static inline __attribute__((always_inline)) const uint32_t *vsrc(const emu_ctx *x, const emu_warp *w,
								  const emu_src *s, uint32_t *tmp)
{
	if (s->vec)
		return s->vec;
	if (s->plain)
		return w->r[s->reg];
	return vsrc_mod(x, w, s, tmp);
}

/* A raw register / immediate / constant vector (the handler applies '-' or '~'). */
static inline const uint32_t *vraw(const emu_ctx *x, const emu_warp *w, const emu_src *s, uint32_t *tmp)
{
	if (s->vec)
		return s->vec;
	if (s->rawreg) /* the common case, without a copy of the operand */
		return w->r[s->reg];
	emu_src r = *s; /* the mask and shift of a Tesla half stay */
	r.xor_ = r.add = 0;
	r.iabs = 0;
	r.plain = r.kind == SRC_REG && r.and_ == 0xffffffffu && !r.shr && !r.sx;
	return vsrc(x, w, &r, tmp);
}

static inline uint32_t pred_val(const emu_warp *w, const emu_src *s)
{
	uint32_t v = w->p[s->reg];
	return s->inv ? ~v : v;
}

static inline void pred_write(emu_warp *w, uint16_t d, uint32_t v, uint32_t G)
{
	w->p[d] = (w->p[d] & ~G) | (v & G);
}

static inline void set_cc(emu_warp *w, uint32_t G, uint32_t c, uint32_t o, uint32_t s, uint32_t z)
{
	w->cc_c = (w->cc_c & ~G) | (c & G);
	w->cc_o = (w->cc_o & ~G) | (o & G);
	w->cc_s = (w->cc_s & ~G) | (s & G);
	w->cc_z = (w->cc_z & ~G) | (z & G);
}

#define LANE_LOOP for (int l = 0; l < n; l++)
#define ON(l) (G >> (l) & 1)
#define WR(dv, l, v) ((dv)[l] = ON(l) ? (v) : (dv)[l])
/* d[l] = expr for the lanes of G: a plain loop the compiler vectorises when every lane
   of a full warp is on (the common case), the masked one otherwise. */
/* Partial masks blend with the lane mask expanded to words: every lane computes (no
   handler using this has side effects or traps), only the lanes of G keep the result. */
#define LANE_WRITE(dv, expr)                                          \
	do {                                                          \
		if (G == 0xffffffffu) {                               \
			for (int l = 0; l < 32; l++)                  \
				(dv)[l] = (expr);                     \
		} else {                                              \
			uint32_t mk_[32];                             \
			expand_mask(x, G, mk_);                       \
			for (int l = 0; l < 32; l++)                  \
				(dv)[l] = ((expr) & mk_[l]) | ((dv)[l] & ~mk_[l]); \
		}                                                     \
		(void)n;                                              \
	} while (0)

#endif
