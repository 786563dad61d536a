/* Operation bodies of the instructions Kepler, Maxwell and Pascal added: XMAD, IADD3, LOP3,
   SHF, LEA, FCHK, FCMP, FSET, DSET, and LOP with a predicate result (included once, by
   emu/interp.c). */

/* A lane's 33-bit sum into the lane masks of the condition code (carry, sign, zero). */
static inline void cc_lane(uint64_t sum, int l, uint32_t *cy, uint32_t *sg, uint32_t *zr)
{
	uint32_t r = (uint32_t)sum;
	*cy |= (uint32_t)((sum >> 32) != 0) << l;
	*sg |= (r >> 31) << l;
	*zr |= (uint32_t)(r == 0) << l;
}

/* XMAD: a 16 x 16-bit product (halves and signs chosen at assembly) plus an addend. */
/* One lane of XMAD without flags, every choice a mask or a shift (see h_xmad). */
static inline __attribute__((always_inline)) uint32_t xmad_lane(uint32_t a, uint32_t b, uint32_t c, unsigned ash,
								 unsigned bsh, uint32_t ma, uint32_t mb, unsigned psl,
								 unsigned csh, uint32_t cmask, uint32_t mcb, uint32_t mlo)
{
	uint32_t ta = a >> ash << 16, tb = b >> bsh << 16;
	uint32_t av = (ma & (uint32_t)((int32_t)ta >> 16)) | (~ma & ta >> 16);
	uint32_t bv = (mb & (uint32_t)((int32_t)tb >> 16)) | (~mb & tb >> 16);
	uint32_t r = ((av * bv) << psl) + ((c >> csh) & cmask) + ((b << 16) & mcb);
	return (r & mlo) | ((b << 16) & ~mlo);
}

static void h_xmad(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], cy = 0, sg = 0, zr = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	unsigned f = in->sub;
	if (!in->cc_out && !in->x_in) {
		/* no carry in or out: the flags decided once, each step a mask or a shift, so that
		   the lane loop is a few vector operations (a 16-bit half of a and b, extended by
		   their signs; the product shifted by .PSL; c's half; .CBCC; .MRG) */
		const unsigned ash = f & EMU_XMAD_AH ? 16 : 0, bsh = f & EMU_XMAD_BH ? 16 : 0;
		const uint32_t ma = in->sign & 1 ? ~0u : 0, mb = in->sign & 2 ? ~0u : 0;
		const unsigned psl = f & EMU_XMAD_PSL ? 16 : 0, csh = f & EMU_XMAD_CHI ? 16 : 0;
		const uint32_t cmask = f & (EMU_XMAD_CHI | EMU_XMAD_CLO) ? 0xffffu : ~0u;
		const uint32_t mcb = f & EMU_XMAD_CBCC ? ~0u : 0, mlo = f & EMU_XMAD_MRG ? 0xffffu : ~0u;
		LANE_WRITE(d, xmad_lane(a[l], b[l], c[l], ash, bsh, ma, mb, psl, csh, cmask, mcb, mlo));
		return;
	}
	LANE_LOOP {
		uint32_t av = f & EMU_XMAD_AH ? a[l] >> 16 : a[l] & 0xffffu;
		uint32_t bv = f & EMU_XMAD_BH ? b[l] >> 16 : b[l] & 0xffffu;
		if (in->sign & 1)
			av = (uint32_t)(int32_t)(int16_t)av;
		if (in->sign & 2)
			bv = (uint32_t)(int32_t)(int16_t)bv;
		uint32_t p = av * bv;
		if (f & EMU_XMAD_PSL)
			p <<= 16;
		uint32_t cv = c[l];
		if (f & EMU_XMAD_CHI)
			cv >>= 16;
		else if (f & EMU_XMAD_CLO)
			cv &= 0xffffu;
		if (f & EMU_XMAD_CBCC) /* the addend plus the b register's low half, shifted up */
			cv += b[l] << 16;
		uint64_t sum = (uint64_t)p + cv + (in->x_in ? (w->cc_c >> l & 1) : 0);
		uint32_t r = (uint32_t)sum;
		if (f & EMU_XMAD_MRG) /* the high half of the result: the b register's low half */
			r = (r & 0xffffu) | (b[l] << 16);
		cc_lane((sum & 0x100000000ull) | r, l, &cy, &sg, &zr);
		WR(d, l, r);
	}
	if (in->cc_out)
		set_cc(w, G, cy, 0, sg, zr);
}

/* A raw source with its '-' or '~' (IADD3 applies them itself, per source). */
static inline uint32_t signed_src(const emu_src *s, uint32_t v)
{
	return s->neg ? 0u - v : s->inv ? ~v : v;
}

static void h_iadd3(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], cy = 0, sg = 0, zr = 0;
	int n = w->nlanes;
	const uint32_t *a = vraw(x, w, &in->s[0], ta), *b = vraw(x, w, &in->s[1], tb);
	const uint32_t *c = vraw(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	if (!in->sub && !in->x_in && !in->cc_out) {
		/* no shift, carry or flags: the sum mod 2^32, -v as ~v + 1 and ~v as ~v */
		uint32_t xa = in->s[0].neg || in->s[0].inv ? ~0u : 0, xb = in->s[1].neg || in->s[1].inv ? ~0u : 0;
		uint32_t xc = in->s[2].neg || in->s[2].inv ? ~0u : 0;
		uint32_t plus = (uint32_t)in->s[0].neg + in->s[1].neg + in->s[2].neg;
		LANE_WRITE(d, (a[l] ^ xa) + (b[l] ^ xb) + (c[l] ^ xc) + plus);
		return;
	}
	LANE_LOOP {
		uint64_t ab = (uint64_t)signed_src(&in->s[0], a[l]) + signed_src(&in->s[1], b[l]);
		if (in->sub == 1) /* .RS: the partial sum's bits from 16 up, its carry included */
			ab >>= 16;
		else if (in->sub == 2) /* .LS */
			ab = (ab << 16) & 0xffffffffu;
		uint64_t sum = ab + signed_src(&in->s[2], c[l]) + (in->x_in ? (w->cc_c >> l & 1) : 0);
		cc_lane(sum, l, &cy, &sg, &zr);
		WR(d, l, (uint32_t)sum);
	}
	if (in->cc_out)
		set_cc(w, G, cy, 0, sg, zr);
}

/* LOP3's table on lane vectors into d (the lanes of G): one vector operation for the tables
   ptxas uses most, else the table's algebraic normal form (an XOR of AND-monomials whose
   coefficients come from the truth table by the Moebius transform): the same bits as
   bit i of the result = bit (a_i * 4 + b_i * 2 + c_i) of the table, one branch-free
   expression that vectorises whatever the table. r: also the full result of every lane
   (for a predicate result), or NULL. Kepler's, Maxwell's and Volta's LOP3 share it. */
static inline void lop3_lanes(const emu_ctx *x, uint32_t G, uint32_t *d, const uint32_t *a, const uint32_t *b,
			      const uint32_t *c, unsigned lut, uint32_t *r)
{
	int n = 32;
	if (!r)
		switch (lut) {
		case 0x3c: LANE_WRITE(d, a[l] ^ b[l]); return;
		case 0x5a: LANE_WRITE(d, a[l] ^ c[l]); return;
		case 0x66: LANE_WRITE(d, b[l] ^ c[l]); return;
		case 0x96: LANE_WRITE(d, a[l] ^ b[l] ^ c[l]); return;
		case 0xc0: LANE_WRITE(d, a[l] & b[l]); return;
		case 0xa0: LANE_WRITE(d, a[l] & c[l]); return;
		case 0x88: LANE_WRITE(d, b[l] & c[l]); return;
		case 0x80: LANE_WRITE(d, a[l] & b[l] & c[l]); return;
		case 0xfc: LANE_WRITE(d, a[l] | b[l]); return;
		case 0xfa: LANE_WRITE(d, a[l] | c[l]); return;
		case 0xee: LANE_WRITE(d, b[l] | c[l]); return;
		case 0xfe: LANE_WRITE(d, a[l] | b[l] | c[l]); return;
		case 0xf8: LANE_WRITE(d, a[l] | (b[l] & c[l])); return;
		case 0xe8: LANE_WRITE(d, (a[l] & b[l]) | (c[l] & (a[l] | b[l]))); return;
		case 0xca: LANE_WRITE(d, (a[l] & b[l]) | (~a[l] & c[l])); return;
		case 0x30: LANE_WRITE(d, a[l] & ~b[l]); return;
		case 0x0c: LANE_WRITE(d, ~a[l] & b[l]); return;
		case 0x0f: LANE_WRITE(d, ~a[l]); return;
		case 0x33: LANE_WRITE(d, ~b[l]); return;
		case 0xf0: LANE_WRITE(d, a[l]); return;
		case 0xcc: LANE_WRITE(d, b[l]); return;
		case 0xaa: LANE_WRITE(d, c[l]); return;
		default: break;
		}
	uint32_t rr[32], *out = r ? r : rr;
	unsigned t = lut & 0xffu; /* bit i: a = i & 4, b = i & 2, c = i & 1 */
	t ^= (t << 1) & 0xaau;
	t ^= (t << 2) & 0xccu;
	t ^= (t << 4) & 0xf0u;
#define ANF_(i) (0u - (t >> (i) & 1u))
	const uint32_t k0 = ANF_(0), kc = ANF_(1), kb = ANF_(2), kbc = ANF_(3), ka = ANF_(4), kac = ANF_(5);
	const uint32_t kab = ANF_(6), kabc = ANF_(7);
#undef ANF_
	for (int l = 0; l < 32; l++) {
		uint32_t ab = a[l] & b[l];
		out[l] = k0 ^ (a[l] & ka) ^ (b[l] & kb) ^ (c[l] & kc) ^ (ab & kab) ^ (a[l] & c[l] & kac) ^
			 (b[l] & c[l] & kbc) ^ (ab & c[l] & kabc);
	}
	LANE_WRITE(d, out[l]);
}

/* A word of {c:a} shifted by one amount s for the warp (s already clamped or wrapped; a
   logical shift), in 32-bit operations: left, low word (a << s); left, high
   ((c << s) | (a >> (32 - s))); right, low ((a >> s) | (c << (32 - s))); right, high
   (c >> s); from 32 on, the other word moved by s - 32; from 64 on, 0. Maxwell's and
   Volta's SHF share it. */
static inline void shf_word_lanes(const emu_ctx *x, uint32_t G, uint32_t *d, const uint32_t *a, const uint32_t *c,
				  uint32_t s, bool left, bool hi)
{
	int n = 32;
	if (s == 0)
		LANE_WRITE(d, hi ? c[l] : a[l]);
	else if (s < 32 && left && hi)
		LANE_WRITE(d, (c[l] << s) | (a[l] >> (32 - s)));
	else if (s < 32 && left)
		LANE_WRITE(d, a[l] << s);
	else if (s < 32 && hi)
		LANE_WRITE(d, c[l] >> s);
	else if (s < 32)
		LANE_WRITE(d, (a[l] >> s) | (c[l] << (32 - s)));
	else if (s < 64 && left && hi)
		LANE_WRITE(d, a[l] << (s - 32));
	else if (s < 64 && !left && !hi)
		LANE_WRITE(d, c[l] >> (s - 32));
	else /* 32 to 63, left low or right high, and 64 on: every bit shifted past the word */
		LANE_WRITE(d, 0);
}

/* LOP3.LUT: bit i of the result is bit (a_i * 4 + b_i * 2 + c_i) of the table. */
static void h_lop3(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	uint32_t r[32], p = 0;
	lop3_lanes(x, G, d, a, b, c, in->sub & 0xffu, in->sub3 ? r : NULL);
	if (in->sub3) { /* .NZ / .Z: the predicate result */
		LANE_LOOP p |= (uint32_t)(in->sub3 == 1 ? r[l] != 0 : r[l] == 0) << l;
		pred_write(w, in->d2, p, G);
	}
}

/* SHF: the 64-bit value {c:a} shifted by b (.W: b mod the width; else clamped to it);
   .L gives the high word, .R the low word (.HI: the high word). */
static void h_shf(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	uint32_t width = in->wide ? 64 : 32;
	if (in->s[1].vec && !(in->sign && !in->sub)) { /* one amount for the warp, logical */
		uint32_t s = in->sub2 ? b[0] & (width - 1) : (b[0] < width ? b[0] : width);
		shf_word_lanes(x, G, d, a, c, s, in->sub, in->sub || in->sub3);
		return;
	}
	LANE_LOOP {
		uint64_t v = (uint64_t)c[l] << 32 | a[l];
		uint32_t s = in->sub2 ? b[l] & (width - 1) : (b[l] < width ? b[l] : width);
		uint32_t r;
		if (in->sub) /* left: the high word */
			r = s >= 64 ? 0 : (uint32_t)((v << s) >> 32);
		else {
			uint64_t q = in->sign ? (uint64_t)((int64_t)v >> (s > 63 ? 63 : s)) : s >= 64 ? 0 : v >> s;
			r = in->sub3 ? (uint32_t)(q >> 32) : (uint32_t)q;
		}
		WR(d, l, r);
	}
}

/* LEA: d = (a << s) + b; .HI: d = (({c:a} << s) >> 32) + b; .X adds the carry. */
static void h_lea(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], cy = 0, sg = 0, zr = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	if (!in->sub2 && !in->x_in && !in->cc_out && in->sub < 32) { /* the plain (a << s) + b */
		const unsigned sh = in->sub;
		LANE_WRITE(d, (a[l] << sh) + b[l]);
		return;
	}
	LANE_LOOP {
		uint32_t sh = in->sub2 ? (uint32_t)((((uint64_t)c[l] << 32 | a[l]) << in->sub) >> 32) : a[l] << in->sub;
		uint64_t sum = (uint64_t)sh + b[l] + (in->x_in ? (w->cc_c >> l & 1) : 0);
		cc_lane(sum, l, &cy, &sg, &zr);
		WR(d, l, (uint32_t)sum);
	}
	if (in->cc_out)
		set_cc(w, G, cy, 0, sg, zr);
}

/* FCHK.DIVIDE: whether a / b needs the slow path. The fast path (a reciprocal and a
   Newton step) is exact for normal operands whose quotient stays normal; anything else,
   zero, infinite, NaN or denormal operands and exponents near the ends of the range, takes
   the slow path. Both paths give the correctly rounded quotient, so this choice moves only
   the instruction counts. */
static void h_fchk(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP {
		int ea = (int)(a[l] >> 23 & 0xff), eb = (int)(b[l] >> 23 & 0xff);
		bool a_zero = (a[l] & 0x7fffffffu) == 0;
		bool slow = eb == 0 || eb == 0xff || ea == 0xff || (ea == 0 && !a_zero) || eb >= 253 ||
			    (!a_zero && (ea - eb >= 126 || ea - eb <= -125));
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
	LANE_LOOP WR(d, l, cmp_flt(in->sub, ftz_if(f32(c[l]), in->sub3), 0.0f) ? a[l] : b[l]);
}

/* d = r ? -1 (1.0f with .BF) : 0 per lane, the condition code from d when asked (FSET, DSET) */
static void set_write(emu_warp *w, const emu_insn *in, uint32_t r, uint32_t G)
{
	int n = w->nlanes;
	uint32_t m = bop(in->sub2, r, pred_val(w, &in->s[2])), *d = w->r[in->d];
	uint32_t one = in->sign ? 0x3f800000u : 0xffffffffu;
	LANE_LOOP WR(d, l, m >> l & 1 ? one : 0);
	if (in->cc_out) /* Maxwell's FSET ... RZ.CC then BRA CC.NEU */
		set_cc(w, G, 0, 0, in->sign ? 0 : m, ~m);
}

static void h_fset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP r |= cmp_flt(in->sub, ftz_if(f32(a[l]), in->sub3), ftz_if(f32(b[l]), in->sub3)) << l;
	set_write(w, in, r, G);
}

static void h_dset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	set_write(w, in, dcmp_lanes(x, w, in), G);
}

/* LOP with a predicate result (Maxwell): d = a OP b, p = d != 0 (.NZ) or d == 0 (.Z). */
static void h_lop_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], p = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		uint32_t r = in->sub == EMU_LOP_AND ? a[l] & b[l] : in->sub == EMU_LOP_OR ? a[l] | b[l]
			: in->sub == EMU_LOP_XOR ? a[l] ^ b[l] : b[l];
		p |= (uint32_t)(in->sub3 == 1 ? r != 0 : r == 0) << l;
		WR(d, l, r);
	}
	pred_write(w, in->d2, p, G);
}
