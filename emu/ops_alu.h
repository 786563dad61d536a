/* Arithmetic operation bodies: integer, single and double precision, conversions, byte
   permute (included once, by emu/interp.c). */
/* IADD: plain wrap-around add ('-' folded into an inversion and a carry-in) */
static inline __attribute__((always_inline)) void h_iadd(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vraw(x, w, &in->s[0], ta), *b = vraw(x, w, &in->s[1], tb);
	uint32_t xa = (in->s[0].neg || in->s[0].inv) ? ~0u : 0, xb = (in->s[1].neg || in->s[1].inv) ? ~0u : 0;
	uint32_t plus = (uint32_t)in->s[0].neg + (uint32_t)in->s[1].neg;
	uint32_t *d = w->r[in->d];
	LANE_WRITE(d, (a[l] ^ xa) + (b[l] ^ xb) + plus);
}

/* IADD_CC: with a carry in (.X), the condition code out (.CC) or signed saturation */
static void h_iadd_cc(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vraw(x, w, &in->s[0], ta), *b = vraw(x, w, &in->s[1], tb);
	uint32_t xa = (in->s[0].neg || in->s[0].inv) ? ~0u : 0, xb = (in->s[1].neg || in->s[1].inv) ? ~0u : 0;
	uint32_t plus = (uint32_t)in->s[0].neg + (uint32_t)in->s[1].neg;
	uint32_t *d = w->r[in->d];
	uint32_t c = 0, o = 0, s = 0, z = 0;
	LANE_LOOP {
		uint32_t av = a[l] ^ xa, bv = b[l] ^ xb;
		uint64_t cin = in->x_in ? (w->cc_c >> l & 1) : plus;
		uint64_t sum = (uint64_t)av + bv + cin;
		uint32_t r = (uint32_t)sum;
		if (in->sub) { /* .SAT: signed saturation */
			int64_t ss = (int64_t)(int32_t)a[l] * (in->s[0].neg ? -1 : 1) +
				     (int64_t)(int32_t)b[l] * (in->s[1].neg ? -1 : 1);
			r = ss > INT32_MAX ? (uint32_t)INT32_MAX : ss < INT32_MIN ? 0x80000000u : (uint32_t)ss;
		}
		c |= (uint32_t)(sum >> 32 & 1) << l;
		o |= (uint32_t)((~(av ^ bv) & (av ^ r)) >> 31) << l;
		s |= (r >> 31) << l;
		z |= (uint32_t)(r == 0) << l;
		WR(d, l, r);
	}
	if (in->cc_out)
		set_cc(w, G, c, o, s, z);
}

static inline uint64_t mul64(uint32_t a, uint32_t b, int sa, int sb)
{
	if (!sa && !sb)
		return (uint64_t)a * b;
	int64_t ea = sa ? (int64_t)(int32_t)a : (int64_t)a, eb = sb ? (int64_t)(int32_t)b : (int64_t)b;
	return (uint64_t)(ea * eb);
}

/* IMUL, IMAD: d = half(p) + c, p the 64-bit product. A '-' on a or b negates the product
   as IADD negates an operand: ~p plus a carry in of 1, which enters the low word (.LO) or
   reaches the high word through it (.HI: when lo(p) == 0); with .X the carry in is CC.C
   instead. So IMAD.CC's carry out is "no borrow" of c - half(p): 64-bit division's
   remainder step (IMAD.U32.U32 R.CC, -Rq, Rd, Rc then IADD.X) depends on it when
   lo(q * d) == 0, and .HI takes the high word of -p, not of (-a) * b. */
static void h_imul(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, bool mad)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	bool pneg = in->s[0].neg != in->s[1].neg; /* asm_variant took the '-' out of a and b */
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = mad ? vraw(x, w, &in->s[2], tc) : NULL;
	uint32_t xc = mad && (in->s[2].neg || in->s[2].inv) ? ~0u : 0;
	uint32_t plus = mad && in->s[2].neg;
	uint32_t *d = w->r[in->d];
	if (!in->sub3 && !in->x_in && !in->cc_out) { /* low word: the same for any signedness */
		uint32_t sg = pneg ? ~0u : 0, one = pneg;
		if (mad)
			LANE_WRITE(d, ((a[l] * b[l]) ^ sg) + one + (c[l] ^ xc) + plus);
		else
			LANE_WRITE(d, ((a[l] * b[l]) ^ sg) + one);
		return;
	}
	uint32_t cm = 0, om = 0, sm = 0, zm = 0;
	LANE_LOOP {
		uint64_t p = mul64(a[l], b[l], in->sub, in->sub2);
		uint32_t h = in->sub3 ? (uint32_t)(p >> 32) : (uint32_t)p;
		uint64_t cin = plus;
		if (pneg) {
			h = ~h;
			cin += in->sub3 ? (uint32_t)p == 0 : 1;
		}
		if (in->x_in)
			cin = w->cc_c >> l & 1;
		uint32_t cv = mad ? c[l] ^ xc : 0;
		uint64_t sum = (uint64_t)h + cv + cin;
		uint32_t r = (uint32_t)sum;
		if (mad || pneg) {
			cm |= (uint32_t)(sum >> 32 & 1) << l;
			om |= (uint32_t)((~(h ^ cv) & (h ^ r)) >> 31) << l;
		}
		sm |= (r >> 31) << l;
		zm |= (uint32_t)(r == 0) << l;
		WR(d, l, r);
	}
	if (in->cc_out)
		set_cc(w, G, cm, om, sm, zm);
}

static void h_shift(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, bool left)
{
	uint32_t ta[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t *d = w->r[in->d];
	if (in->s[1].kind != SRC_REG && (in->s[1].vec ? in->s[1].vec[0] : in->s[1].imm) < 32) {
		uint32_t sh = in->s[1].vec ? in->s[1].vec[0] : in->s[1].imm; /* a constant count below 32 */
		if (left)
			LANE_WRITE(d, a[l] << sh);
		else if (in->sign)
			LANE_WRITE(d, (uint32_t)((int32_t)a[l] >> sh));
		else
			LANE_WRITE(d, a[l] >> sh);
		return;
	}
	LANE_LOOP {
		uint32_t sh = b[l], r;
		if (in->sub)
			sh &= 31;
		if (left)
			r = sh >= 32 ? 0 : a[l] << sh;
		else if (in->sign)
			r = (uint32_t)((int32_t)a[l] >> (sh >= 32 ? 31 : sh));
		else
			r = sh >= 32 ? 0 : a[l] >> sh;
		WR(d, l, r);
	}
}

/* Two-source integer bodies: a and b as lane vectors, d the destination row. */
#define INT2_PROLOGUE                                                                  \
	uint32_t ta[32], tb[32];                                                       \
	int n = w->nlanes;                                                             \
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb); \
	uint32_t *d = w->r[in->d]

static inline __attribute__((always_inline)) void h_iscadd(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_WRITE(d, (a[l] << in->sub) + b[l]);
}

/* ISCADD.CC: the same sum, with the condition code of the 32-bit add (a << s) + b; ptxas
   computes 64-bit addresses with it and a following IMAD.HI.X. */
static void h_iscadd_cc(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], c = 0, o = 0, s = 0, z = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		uint32_t av = a[l] << in->sub;
		uint64_t sum = (uint64_t)av + b[l];
		uint32_t r = (uint32_t)sum;
		c |= (uint32_t)(sum >> 32) << l;
		o |= ((~(av ^ b[l]) & (av ^ r)) >> 31) << l;
		s |= (r >> 31) << l;
		z |= (uint32_t)(r == 0) << l;
		WR(d, l, r);
	}
	set_cc(w, G, c, o, s, z);
}

static inline __attribute__((always_inline)) void h_lop_and(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_WRITE(d, a[l] & b[l]);
}

static inline __attribute__((always_inline)) void h_lop_or(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_WRITE(d, a[l] | b[l]);
}

static inline __attribute__((always_inline)) void h_lop_xor(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_WRITE(d, a[l] ^ b[l]);
}

static void h_lop_passb(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	(void)a;
	LANE_WRITE(d, b[l]);
}

static void h_icmp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_LOOP WR(d, l, cmp_int(in->sub, c[l], 0, in->sign) ? a[l] : b[l]);
}

static void h_imnmx(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t p = pred_val(w, &in->s[2]);
	LANE_LOOP {
		uint32_t lt = in->sign ? (int32_t)a[l] < (int32_t)b[l] : a[l] < b[l];
		uint32_t mn = lt ? a[l] : b[l], mx = lt ? b[l] : a[l];
		WR(d, l, p >> l & 1 ? mn : mx);
	}
}

static void h_sel(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t p = pred_val(w, &in->s[2]);
	LANE_LOOP WR(d, l, p >> l & 1 ? a[l] : b[l]);
}

static void h_vadd(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_LOOP WR(d, l, video_second(video_add(a[l], b[l], in->sign, in->sub3), c[l], in->sign, in->sub2));
}

static void h_vmnmx(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_LOOP WR(d, l, video_second(video_mnmx(a[l], b[l], in->sign, in->sub), c[l], in->sign, in->sub2));
}

static void h_popc(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_LOOP WR(d, l, (uint32_t)popc32(a[l] & b[l]));
}

static void h_bfe(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_LOOP {
		uint32_t pos = b[l] & 0xff, len = b[l] >> 8 & 0xff, v = a[l];
		if (in->sub)
			v = brev32(v);
		uint32_t msb = pos + len - 1;
		uint32_t sbit = in->sign && len ? (msb >= 31 ? v >> 31 : v >> msb & 1) : 0;
		uint32_t r = 0;
		for (uint32_t i = 0; i < 32; i++) {
			uint32_t bit = i < len ? (pos + i <= 31 ? v >> (pos + i) & 1 : sbit) : sbit;
			r |= bit << i;
		}
		WR(d, l, len ? r : 0);
	}
}

static void h_bfi(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_LOOP {
		uint32_t pos = b[l] & 0xff, len = b[l] >> 8 & 0xff, r = c[l];
		for (uint32_t i = 0; i < len && pos + i < 32; i++)
			r = (r & ~(1u << (pos + i))) | ((a[l] >> i & 1) << (pos + i));
		WR(d, l, r);
	}
}

/* The predicate pair p = r BOP c, q = !r BOP c (ISETP, FSETP, PSETP). */
static inline void setp_write(emu_warp *w, const emu_insn *in, uint32_t r, uint32_t G)
{
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->sub2, r, c), G);
	pred_write(w, in->d2, bop(in->sub2, ~r, c), G);
}

static void h_psetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	(void)x;
	uint32_t ab = bop(in->sub, pred_val(w, &in->s[0]), pred_val(w, &in->s[1]));
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->sub2, ab, c), G);
	pred_write(w, in->d2, bop(in->sub2, ~ab, c), G);
}

static inline __attribute__((always_inline)) void h_isetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	/* all-ones / zero per lane, then packed */
	uint32_t t[32], mlt = in->sub & 1 ? ~0u : 0, meq = in->sub & 2 ? ~0u : 0, mgt = in->sub & 4 ? ~0u : 0;
	if (in->sign)
		for (int l = 0; l < 32; l++) {
			uint32_t lt = 0u - ((int32_t)a[l] < (int32_t)b[l]), eq = 0u - (a[l] == b[l]);
			t[l] = (lt & mlt) | (eq & meq) | (~(lt | eq) & mgt);
		}
	else
		for (int l = 0; l < 32; l++) {
			uint32_t lt = 0u - (a[l] < b[l]), eq = 0u - (a[l] == b[l]);
			t[l] = (lt & mlt) | (eq & meq) | (~(lt | eq) & mgt);
		}
	setp_write(w, in, pack_lanes(t), G);
}

/* ISETP.X: the high words a, b of a wider comparison whose low words were subtracted
   before by an instruction writing the condition code (ISUB RZ.CC, alo, blo or IADD
   RZ.CC, alo, -blo, as ptxas lowers a 64-bit setp): carry set means alo >= blo (no
   borrow), zero means alo == blo. The pair compares as a.hi (signed or not) first, then
   the low words unsigned: less = hi less, or hi equal and no carry; equal = hi equal and
   zero. This is what the hardware's a + ~b + carry with the zero flag ANDed in gives. */
static uint32_t cmp_x_mask(const emu_ctx *x, const emu_warp *w, const emu_insn *in)
{
	uint32_t ta[32], tb[32], r = 0;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	for (int l = 0; l < 32; l++) {
		bool hlt = in->sign ? (int32_t)a[l] < (int32_t)b[l] : a[l] < b[l], heq = a[l] == b[l];
		bool c = w->cc_c >> l & 1, z = w->cc_z >> l & 1;
		bool lt = hlt || (heq && !c), eq = heq && z;
		r |= (uint32_t)((in->sub >> (lt ? 0 : eq ? 1 : 2)) & 1) << l;
	}
	return r;
}

static void h_isetp_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	setp_write(w, in, cmp_x_mask(x, w, in), G);
}

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
		r |= cmp_flt(in->sub, fa, fb) << l;
	}
	setp_write(w, in, r, G);
}

/* ISET (and Tesla's FSET): d = ((a CMP b) BOP c) ? -1 (1.0f with .BF) : 0 */
static inline void iset_write(emu_warp *w, const emu_insn *in, uint32_t r, uint32_t G)
{
	int n = w->nlanes;
	uint32_t m = bop(in->sub2, r, pred_val(w, &in->s[2])), *d = w->r[in->d];
	uint32_t one = in->sub3 ? 0x3f800000u : 0xffffffffu;
	LANE_LOOP WR(d, l, m >> l & 1 ? one : 0);
}

static void h_iset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP r |= cmp_int(in->sub, a[l], b[l], in->sign) << l;
	iset_write(w, in, r, G);
}

static void h_fset_t(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP r |= cmp_flt(in->sub, f32(a[l]), f32(b[l])) << l;
	iset_write(w, in, r, G);
}

static float fsat(float v)
{
	return isnan(v) ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* FFMA's lanes with the CPU's fused multiply-add (chosen when the CPU has FMA3 and AVX),
   8 lanes per instruction: written with intrinsics because -frounding-math (which the
   loop needs for its rounding-mode bodies) keeps GCC from vectorising fmaf... */
__attribute__((target("avx,fma"))) static void fma_lanes_hw(const emu_ctx *x, uint32_t *d, const uint32_t *a,
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
	if (in->sub != EMU_RND_RN)
		fesetround(fe_mode(in->sub));
	bool z = in->sub3;
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
	bool z = in->sub3;
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

/* Integer value of width bits (sign-extended if sgn) from a 32-bit register. */
static inline int64_t ext_int(uint32_t v, int bits, int sgn)
{
	if (bits >= 32)
		return sgn ? (int64_t)(int32_t)v : (int64_t)v;
	uint32_t m = (1u << bits) - 1;
	v &= m;
	if (sgn && (v >> (bits - 1) & 1))
		return (int64_t)v - ((int64_t)1 << bits);
	return v;
}

static inline uint32_t clamp_int(double v, int bits, int sgn)
{
	double lo = sgn ? -ldexp(1.0, bits - 1) : 0.0;
	double hi = sgn ? ldexp(1.0, bits - 1) - 1 : ldexp(1.0, bits) - 1;
	if (isnan(v))
		return 0;
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return (uint32_t)(int64_t)v;
}

/* An integral double saturated to a 64-bit integer (NaN: 0). */
static inline uint64_t clamp_int64(double v, int sgn)
{
	if (isnan(v))
		return 0;
	if (sgn)
		return v < -0x1p63 ? (uint64_t)INT64_MIN : v >= 0x1p63 ? (uint64_t)INT64_MAX : (uint64_t)(int64_t)v;
	return v <= 0 ? 0 : v >= 0x1p64 ? UINT64_MAX : (uint64_t)v;
}

static double round_int(double v, int rnd)
{
	switch (rnd & 0xf) {
	case EMU_RND_RZ: return trunc(v);
	case EMU_RND_RM: return floor(v);
	case EMU_RND_RP: return ceil(v);
	default: return nearbyint(v);
	}
}

static void h_cvt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	int dbits = in->sub, sbits = in->sub2, dsg = in->sign & 1, ssg = in->sign >> 1 & 1;
	bool sat = in->width, z = in->wide;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	const uint32_t *ahi = NULL;
	if (sbits == 64) { /* a register pair: a double, or a 64-bit integer (I2F) */
		a = w->r[in->s[0].reg];
		ahi = w->r[in->s[0].reg + 1];
	}
	int old = fegetround();
	if ((in->sub3 & 0xf) != EMU_RND_RN)
		fesetround(fe_mode(in->sub3));
	LANE_LOOP {
		if (!ON(l))
			continue;
		double v = 0;
		if (in->h == EMU_H_I2F)
			; /* converted from the integer itself below (one rounding) */
		else if (in->h == EMU_H_I2I)
			v = (double)ext_int(a[l], sbits, ssg);
		else if (ahi)
			v = f64(a[l], (ahi[l] & in->s[0].and_) ^ in->s[0].xor_);
		else
			v = z ? ftz(f32(a[l])) : f32(a[l]);
		uint32_t lo, hi = 0;
		switch (in->h) {
		case EMU_H_I2F: {
			/* the integer (a 64-bit one from a pair) converted once, in the rounding mode set
			   above; C's integer-to-float conversions round in the current mode */
			uint64_t u = ahi ? (uint64_t)ahi[l] << 32 | a[l] : (uint64_t)ext_int(a[l], sbits, ssg);
			bool s64 = ssg || sbits < 64; /* narrower values are extended to 64 bits */
			if (dbits == 64) {
				uint64_t r = u64d(s64 ? (double)(int64_t)u : (double)u);
				lo = (uint32_t)r;
				hi = (uint32_t)(r >> 32);
			} else
				lo = u32f(s64 ? (float)(int64_t)u : (float)u);
			break;
		}
		case EMU_H_F2I:
			if (dbits == 64) { /* to a register pair, saturated; NaN gives 0 (PTX cvt) */
				uint64_t r = clamp_int64(round_int(v, in->sub3), dsg);
				lo = (uint32_t)r;
				hi = (uint32_t)(r >> 32);
				break;
			}
			lo = clamp_int(round_int(v, in->sub3), dbits, dsg);
			if (dbits < 32)
				lo = (uint32_t)ext_int(lo, dbits, dsg);
			break;
		case EMU_H_F2F:
			if (in->sub3 & EMU_RND_INT)
				v = round_int(v, in->sub3);
			if (sat)
				v = isnan(v) ? 0.0 : v < 0 ? 0.0 : v > 1 ? 1.0 : v;
			if (dbits == 64) {
				uint64_t u = u64d(v);
				lo = (uint32_t)u;
				hi = (uint32_t)(u >> 32);
			} else {
				float f = (float)v;
				lo = u32f(z ? ftz(f) : f);
			}
			break;
		default: { /* I2I */
			int64_t iv = ext_int(a[l], sbits, ssg);
			if (sat)
				lo = clamp_int((double)iv, dbits, dsg);
			else
				lo = (uint32_t)iv;
			lo = (uint32_t)ext_int(lo, dbits, dsg);
			break;
		}
		}
		w->r[in->d][l] = lo;
		if (dbits == 64)
			w->r[in->d + 1][l] = hi;
	}
	if (fegetround() != old)
		fesetround(old);
}

/* ---- doubles, byte permute, two-load and atomic handlers ---- */

/* A double operand per lane: register pairs with the sign operations on the high word;
   immediates hold the high word. */
static double dsrc(const emu_ctx *x, const emu_warp *w, const emu_src *s, int l)
{
	uint32_t lo = 0, hi;
	if (s->kind == SRC_REG) {
		lo = w->r[s->reg][l];
		hi = (w->r[s->reg + 1][l] & s->and_) ^ s->xor_;
	} else if (s->kind == SRC_CONST) {
		memcpy(&lo, x->cbank[s->bank] + s->imm, 4);
		memcpy(&hi, x->cbank[s->bank] + s->imm + 4, 4);
		hi = (hi & s->and_) ^ s->xor_;
	} else
		hi = s->imm;
	return f64(lo, hi);
}

static void h_double(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes, old = fegetround();
	if (in->sub2 != EMU_RND_RN)
		fesetround(fe_mode(in->sub2));
	uint32_t p = in->sub == EMU_D_MNMX ? pred_val(w, &in->s[2]) : 0;
	LANE_LOOP {
		if (!ON(l))
			continue;
		double a = dsrc(x, w, &in->s[0], l), b = dsrc(x, w, &in->s[1], l), r;
		switch (in->sub) {
		case EMU_D_ADD: r = a + b; break;
		case EMU_D_MUL: r = a * b; break;
		case EMU_D_FMA: r = fma(a, b, dsrc(x, w, &in->s[2], l)); break;
		default: r = (p >> l & 1) ? fmin(a, b) : fmax(a, b); break;
		}
		uint64_t u = u64d(r);
		w->r[in->d][l] = (uint32_t)u;
		w->r[in->d + 1][l] = (uint32_t)(u >> 32);
	}
	if (fegetround() != old)
		fesetround(old);
}

/* The lanes where a CMP b on the doubles of s[0] and s[1] holds (DSETP, DSET). */
static uint32_t dcmp_lanes(const emu_ctx *x, const emu_warp *w, const emu_insn *in)
{
	int n = w->nlanes;
	uint32_t r = 0;
	LANE_LOOP {
		double a = dsrc(x, w, &in->s[0], l), b = dsrc(x, w, &in->s[1], l);
		uint32_t t = isnan(a) || isnan(b) ? (in->sub & EMU_CMP_UN) != 0
			: (uint32_t)(in->sub >> (a < b ? 0 : a == b ? 1 : 2)) & 1;
		r |= t << l;
	}
	return r;
}

static void h_dsetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t r = dcmp_lanes(x, w, in);
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->sub2, r, c), G);
	pred_write(w, in->d2, bop(in->sub2, ~r, c), G);
}

/* PRMT: result byte i is byte (nibble i & 7) of {b, a}; nibble bit 3 replicates its sign.
   The other modes (PTX prmt; in->sub = 1 + F4E B4E RC8 ECL ECR RC16) pick by the selector's
   two low bits n: F4E bytes n+i, B4E (n-i) & 7, RC8 n, ECL max(i, n), ECR min(i, n), RC16
   2(n & 1) + (i & 1). */
static inline uint32_t prmt_mode_byte(int mode, uint32_t n, uint32_t i)
{
	switch (mode) {
	case 1: return n + i;
	case 2: return (n - i) & 7;
	case 3: return n;
	case 4: return i > n ? i : n;
	case 5: return i < n ? i : n;
	default: return 2 * (n & 1) + (i & 1);
	}
}

static void h_prmt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], ts[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *sel = vsrc(x, w, &in->s[1], ts);
	const uint32_t *b = vsrc(x, w, &in->s[2], tb);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		uint64_t bytes = (uint64_t)b[l] << 32 | a[l];
		uint32_t r = 0;
		for (uint32_t i = 0; i < 4; i++) {
			uint32_t nib = sel[l] >> (4 * i) & 0xf, byte;
			if (in->sub) {
				byte = (uint32_t)(bytes >> (8 * prmt_mode_byte(in->sub, sel[l] & 3, i))) & 0xff;
			} else {
				byte = (uint32_t)(bytes >> (8 * (nib & 7))) & 0xff;
				if (nib & 8)
					byte = byte & 0x80 ? 0xff : 0;
			}
			r |= byte << (8 * i);
		}
		WR(d, l, r);
	}
}

