/* Single-precision operation bodies (one family of emu/handlers.def): FADD/FMUL/FFMA (a
   fast body for round-to-nearest, an exact one for the other modes), compares, min/max
   (the token-stack generations' and the NaN-aware one), FCHK, FRND, MUFU. */
static void h_fsetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]);
		if (in->sub3) {
			fa = ftz(fa);
			fb = ftz(fb);
		}
		r |= cmp_flt(in->cmp, fa, fb) << l;
	}
	setp_write(w, in, r, G);
}

static void h_fset_t(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP r |= cmp_flt(in->cmp, f32(a[l]), f32(b[l])) << l;
	iset_write(w, in, r, G);
}

static float fsat(float v)
{
	return isnan(v) ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* FFMA's lanes with the CPU's fused multiply-add (chosen when the CPU has FMA3 and AVX),
   8 lanes per instruction: written with intrinsics because -frounding-math (which the
   loop needs for its rounding-mode bodies) keeps GCC from vectorising fmaf... */
#ifdef EMU_AVX2_CLANG
/* clang's explicit target replaces the file's pushed one, and the loop's always-inline
   helpers (expand_mask) need AVX2 there: name all of it */
#define EMU_FMA_TARGET "avx2,popcnt,fma"
#else
#define EMU_FMA_TARGET "avx,fma"
#endif
__attribute__((target(EMU_FMA_TARGET))) static void fma_lanes_hw(const emu_ctx *x, uint32_t *d, const uint32_t *a,
							     const uint32_t *b, const uint32_t *c, uint32_t sx,
							     uint32_t G, int n)
{
#if defined(__x86_64__) || defined(__i386__)
	const __m256 s = _mm256_castsi256_ps(_mm256_set1_epi32((int)sx)); /* c's sign flip */
#define FMA8(i)                                                                             \
	_mm256_fmadd_ps(_mm256_loadu_ps((const float *)(const void *)(a + (i))),             \
			_mm256_loadu_ps((const float *)(const void *)(b + (i))),             \
			_mm256_xor_ps(_mm256_loadu_ps((const float *)(const void *)(c + (i))), s))
	if (G == 0xffffffffu) { /* a full warp: straight into d (the inputs are all read first) */
		__m256 r0 = FMA8(0), r1 = FMA8(8), r2 = FMA8(16), r3 = FMA8(24);
		_mm256_storeu_ps((float *)(void *)d, r0);
		_mm256_storeu_ps((float *)(void *)(d + 8), r1);
		_mm256_storeu_ps((float *)(void *)(d + 16), r2);
		_mm256_storeu_ps((float *)(void *)(d + 24), r3);
		(void)x;
		(void)n;
		return;
	}
	uint32_t r[32];
	for (int i = 0; i < 32; i += 8)
		_mm256_storeu_ps((float *)(void *)(r + i), FMA8(i));
#undef FMA8
	LANE_WRITE(d, r[l]);
#else
	LANE_WRITE(d, u32f(__builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l] ^ sx))));
#endif
}

/* ...or with the C library's (exact, but a call per lane). */
static void fma_lanes_sw(const emu_ctx *x, uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c,
			 uint32_t sx, uint32_t G, int n)
{
	LANE_WRITE(d, u32f(fmaf(f32(a[l]), f32(b[l]), f32(c[l] ^ sx))));
}

/* A float source as a register and a sign mask when it is a register, negated or not (its
   '-' an XOR of the sign bit that the operation's own vector loop applies); otherwise
   vsrc's vector and no mask. */
static inline __attribute__((always_inline)) const uint32_t *fsrc(const emu_ctx *x, const emu_warp *w,
								  const emu_src *s, uint32_t *tmp, uint32_t *sx)
{
	if (s->rawreg && !s->add && !s->iabs && !(s->xor_ & 0x7fffffffu)) {
		*sx = s->xor_;
		return w->r[s->reg];
	}
	*sx = 0;
	return vsrc(x, w, s, tmp);
}

#define FP2_PROLOGUE                                                                              \
	uint32_t ta[32], tb[32], xa, xb;                                                          \
	int n = w->nlanes;                                                                        \
	const uint32_t *a = fsrc(x, w, &in->s[0], ta, &xa), *b = fsrc(x, w, &in->s[1], tb, &xb); \
	uint32_t *d = w->r[in->d]

/* Round to nearest, no saturation or flushing: the common bodies. */
static inline __attribute__((always_inline)) void h_fadd(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	FP2_PROLOGUE;
	LANE_WRITE(d, u32f(f32(a[l] ^ xa) + f32(b[l] ^ xb)));
}

static inline __attribute__((always_inline)) void h_fmul(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	FP2_PROLOGUE;
	LANE_WRITE(d, u32f(f32(a[l] ^ xa) * f32(b[l] ^ xb)));
}

static inline __attribute__((always_inline)) void h_ffma(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32], xc;
	const uint32_t *c = fsrc(x, w, &in->s[2], tc, &xc);
	if (x->fma_hw) /* the host CPU's, decided once per launch */
		fma_lanes_hw(x, d, a, b, c, xc, G, n);
	else
		fma_lanes_sw(x, d, a, b, c, xc, G, n);
}

/* FADD_X, FMUL_X, FFMA_X: another rounding mode (set once for the instruction), .SAT,
   .FTZ; op is the operation (a constant in each caller, so each is its own body). */
static inline void fp_exact(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, int op)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = op == EMU_H_FFMA ? vsrc(x, w, &in->s[2], tc) : NULL;
	int old = fegetround();
	if (in->rnd != EMU_RND_RN)
		fesetround(fe_mode(in->rnd));
	bool z = in->ftz;
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]), r;
		if (z) {
			fa = ftz(fa);
			fb = ftz(fb);
		}
		if (op == EMU_H_FADD)
			r = fa + fb;
		else if (op == EMU_H_FMUL)
			r = fa * fb;
		else
			r = fmaf(fa, fb, z ? ftz(f32(c[l])) : f32(c[l]));
		if (z)
			r = ftz(r);
		if (in->sub2)
			r = fsat(r);
		WR(d, l, u32f(r));
	}
	if (fegetround() != old)
		fesetround(old);
}

static void h_fadd_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G) { fp_exact(x, w, in, G, EMU_H_FADD); }
static void h_fmul_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G) { fp_exact(x, w, in, G, EMU_H_FMUL); }
static void h_ffma_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G) { fp_exact(x, w, in, G, EMU_H_FFMA); }

/* The product rounded toward zero, from the exact product (24 x 24 bits fit a double):
   no change of the rounding mode per lane. */
static inline float mul_rz(float a, float b)
{
	double e = (double)a * (double)b;
	float p = (float)e;
	if (fabs((double)p) > fabs(e))
		p = nextafterf(p, 0.0f);
	return p;
}

/* FMAD_T: the G80/GT200 MAD: product truncated, then added rounding to nearest; sm_1x
   flushes denormals. */
static void h_fmad_t(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	bool z = in->ftz;
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]);
		if (z) {
			fa = ftz(fa);
			fb = ftz(fb);
		}
		float r = mul_rz(fa, fb) + (z ? ftz(f32(c[l])) : f32(c[l]));
		if (z)
			r = ftz(r);
		if (in->sub2)
			r = fsat(r);
		WR(d, l, u32f(r));
	}
}

static void h_fmnmx(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t p = pred_val(w, &in->s[2]);
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]);
		WR(d, l, u32f(p >> l & 1 ? fminf(fa, fb) : fmaxf(fa, fb)));
	}
}

static void h_mufu(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		float v = f32(a[l]), r;
		switch (in->sub) {
		case EMU_MUFU_RCP: r = 1.0f / v; break;
		case EMU_MUFU_EX2: r = exp2f(v); break;
		case EMU_MUFU_LG2: r = log2f(v); break;
		case EMU_MUFU_SIN: r = sinf(v); break;
		case EMU_MUFU_COS: r = cosf(v); break;
		case EMU_MUFU_RSQ: r = 1.0f / sqrtf(v); break;
		case EMU_MUFU_RCP64H: /* the high word of 1 / the double whose high word is a */
			WR(d, l, (uint32_t)(u64d(1.0 / f64(0, a[l])) >> 32));
			continue;
		case EMU_MUFU_RSQ64H:
			WR(d, l, (uint32_t)(u64d(1.0 / sqrt(f64(0, a[l]))) >> 32));
			continue;
		default: r = sqrtf(v); break;
		}
		WR(d, l, u32f(r));
	}
}

/* FCHK.DIVIDE: whether a / b needs the slow path. The fast path (a reciprocal and a
   Newton step) is exact for normal operands whose quotient stays normal; anything else,
   zero, infinite, NaN or denormal operands and exponents near the ends of the range, takes
   the slow path. A zero dividend must: ptxas's fast path forms the first quotient as
   FFMA q, a, r, RZ, and (+-0 * r) + +0 is +0 whatever the signs, where the quotient is -0
   when exactly one operand is negative. With that, both paths give the correctly rounded
   quotient, so this choice moves only the instruction counts. */
static void h_fchk(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP {
		int ea = (int)(a[l] >> 23 & 0xff), eb = (int)(b[l] >> 23 & 0xff);
		bool slow = eb == 0 || eb == 0xff || ea == 0 || ea == 0xff || eb >= 253 || ea - eb >= 126 ||
			    ea - eb <= -125;
		r |= (uint32_t)slow << l;
	}
	pred_write(w, in->d, r, G);
}

static inline float ftz_if(float v, bool z)
{
	return z ? ftz(v) : v;
}

/* FCMP: d = (c CMP 0.0) ? a : b */
static void h_fcmp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, cmp_flt(in->cmp, ftz_if(f32(c[l]), in->ftz), 0.0f) ? a[l] : b[l]);
}

static void h_fset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP r |= cmp_flt(in->cmp, ftz_if(f32(a[l]), in->ftz), ftz_if(f32(b[l]), in->ftz)) << l;
	set_write(w, in, r, G);
}

/* a * b + c rounded to odd at double precision (then exact to narrow once more): the
   product of two halves is exact, the sum's error is recovered by Knuth's two-sum. */
static double fma_odd(double a, double b, double c)
{
	double p = a * b, s = p + c;
	if (!isfinite(s))
		return s;
	double bb = s - p, err = (p - (s - bb)) + (c - bb);
	if (err == 0)
		return s;
	if ((err < 0) != (s < 0))
		s = nextafter(s, 0.0);
	uint64_t u = u64d(s) | 1;
	double r;
	memcpy(&r, &u, 8);
	return r;
}

/* ---- single precision ---- */

static inline uint32_t vfp_canon(float r)
{
	return isnan(r) ? VFP_NAN32 : u32f(r);
}

/* FMNMX: d = p ? min(a, b) : max(a, b); a NaN operand yields the other one, two NaNs the
   canonical NaN; -0 is below +0. .FTZ flushes denormal operands. */
static void h_fmnmx_nan(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t p = pred_val(w, &in->s[2]);
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]);
		if (in->sub3) {
			fa = ftz(fa);
			fb = ftz(fb);
		}
		float r;
		bool mn = p >> l & 1;
		if (isnan(fa) || isnan(fb))
			r = isnan(fa) ? fb : fa;
		else if (fa == fb) /* equal, or zeros of either sign: the sign decides */
			r = (signbit(fa) != 0) == mn ? fa : fb;
		else
			r = (fa < fb) == mn ? fa : fb;
		WR(d, l, vfp_canon(r));
	}
}

/* FMNMX.NAN / .XORSIGN / .NAN.XORSIGN (min/max .NaN and .xorsign.abs, sm_86+; sub: 1 .NAN,
   2 .XORSIGN). .NAN: a NaN operand gives the canonical NaN. Otherwise FMNMX's rules. .XORSIGN:
   the minimum or maximum of |a| and |b| with the sign bit of a XOR b (a NaN result stays the
   canonical NaN). .FTZ flushes denormal operands first. */
static void h_fmnmx_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t p = pred_val(w, &in->s[2]);
	bool xs = in->sub & 2;
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]);
		if (in->sub3) {
			fa = ftz(fa);
			fb = ftz(fb);
		}
		uint32_t sign = (u32f(fa) ^ u32f(fb)) & 0x80000000u;
		if (xs) {
			fa = fabsf(fa);
			fb = fabsf(fb);
		}
		float r;
		bool mn = p >> l & 1;
		if (isnan(fa) || isnan(fb))
			r = (in->sub & 1) || (isnan(fa) && isnan(fb)) ? NAN : isnan(fa) ? fb : fa;
		else if (fa == fb)
			r = (signbit(fa) != 0) == mn ? fa : fb;
		else
			r = (fa < fb) == mn ? fa : fb;
		WR(d, l, isnan(r) ? VFP_NAN32 : xs ? u32f(r) | sign : u32f(r));
	}
}

/* FRND: round to an integral value (RN ties to even, .TRUNC, .FLOOR, .CEIL); .FTZ. */
static void h_frnd(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		float v = in->sub3 ? ftz(f32(a[l])) : f32(a[l]);
		if (isnan(v)) {
			WR(d, l, VFP_NAN32);
			continue;
		}
		float r = (float)round_int((double)v, in->sub); /* integral values of a float are exact */
		WR(d, l, u32f(in->sub3 ? ftz(r) : r));
	}
}

/* sin and cos of an angle in turns: the integer part dropped exactly first. */
static float turns(float v, bool cosine)
{
	if (isinf(v))
		return NAN;
	double r = (double)v - nearbyint((double)v), t = 6.283185307179586476925286766559 * r;
	return (float)(cosine ? cos(t) : sin(t));
}

/* MUFU: the hardware's approximations are taken as the correctly rounded (or, for the
   transcendental functions, the C library's) value of the function: within the
   hardware's error bounds, so a listing's refinement steps (Newton iterations, the
   FCHK-guarded division) give the same final results. As on the GPU, denormal operands
   and results are flushed to zero and a NaN result is the canonical one. */
/* MUFU's function of a single-precision value (RCP64H/RSQ64H are the callers' own) */
static inline float mufu_f32(int fn, float v)
{
	switch (fn) {
	case VFP_MUFU_RCP: return 1.0f / v;
	case VFP_MUFU_EX2: return exp2f(v);
	case VFP_MUFU_LG2: return log2f(v);
	case VFP_MUFU_SIN: return turns(v, false);
	case VFP_MUFU_COS: return turns(v, true);
	case VFP_MUFU_RSQ: return (float)(1.0 / sqrt((double)v));
	case VFP_MUFU_TANH: return tanhf(v);
	default: return sqrtf(v);
	}
}

static void h_mufu_ftz(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		float v = ftz(f32(a[l])), r;
		if (in->sub == VFP_MUFU_RCP64H) { /* the high word of 1 / the double whose high word is a */
			WR(d, l, (uint32_t)(u64d(1.0 / f64(0, a[l])) >> 32));
			continue;
		}
		if (in->sub == VFP_MUFU_RSQ64H) {
			WR(d, l, (uint32_t)(u64d(1.0 / sqrt(f64(0, a[l]))) >> 32));
			continue;
		}
		r = mufu_f32(in->sub, v);
		WR(d, l, vfp_canon(ftz(r)));
	}
}

/* MUFU.fn.F16 d, a[.H1] (ex2.approx.f16, tanh.approx.f16 ...): fn of the half (the low one, or
   the high with .H1; denormals kept) as MUFU computes it in single precision (above), rounded
   once to the nearest half; d = that half in the low 16 bits, zeros above. MUFU.fn.BF16
   (ex2.approx.ftz.bf16): the same of a bfloat16, denormal operands and results flushed to zero. */
static void h_mufu_h(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		uint16_t h = (uint16_t)(a[l] >> (in->sub2 ? 16 : 0));
		if (in->wide && !(h & 0x7f80))
			h &= 0x8000;
		float v = (float)vfp_wide(h, in->wide ? 8 : 11, in->wide ? 127 : 15), r;
		r = mufu_f32(in->sub, v);
		if (in->wide) {
			uint16_t b = isnan(r) ? VFP_NAN16 : vfp_narrow((double)r, 8, 127, EMU_RND_RN);
			WR(d, l, b & 0x7f80 ? b : b & 0x8000u);
			continue;
		}
		WR(d, l, isnan(r) ? VFP_NAN16 : vfp_narrow((double)r, 11, 15, EMU_RND_RN));
	}
}
