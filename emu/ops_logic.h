/* Logic, shift, byte-permute and predicate operation bodies (one family of
   emu/handlers.def): LOP and its variants, LOP3 and PLOP3 by truth table, SHL/SHR, the
   funnel shifts, PRMT, PSETP and PSET. */
static inline __attribute__((always_inline)) void h_shift(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G,
							   bool left)
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

static void h_psetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	(void)x;
	uint32_t ab = bop(in->sub, pred_val(w, &in->s[0]), pred_val(w, &in->s[1]));
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->bop, ab, c), G);
	pred_write(w, in->d2, bop(in->bop, ~ab, c), G);
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

/* PSET d, p, q, r: d = ((p BOP1 q) BOP2 r) ? -1 (1.0f with .BF) : 0 */
static void h_pset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	(void)x;
	iset_write(w, in, bop(in->sub, pred_val(w, &in->s[0]), pred_val(w, &in->s[1])), G);
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
static EMU_BARRIER_HOT void shf_word_lanes(const emu_ctx *x, uint32_t G, uint32_t *d, const uint32_t *a, const uint32_t *c,
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
	lop3_lanes(x, G, d, a, b, c, in->lut, in->sub3 ? r : NULL);
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
		uint32_t s = in->wrap ? b[0] & (width - 1) : (b[0] < width ? b[0] : width);
		shf_word_lanes(x, G, d, a, c, s, in->sub, in->sub || in->sub3);
		return;
	}
	LANE_LOOP {
		uint64_t v = (uint64_t)c[l] << 32 | a[l];
		uint32_t s = in->wrap ? b[l] & (width - 1) : (b[l] < width ? b[l] : width);
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

/* LOP with a predicate result (Maxwell): d = a OP b, p = d != 0 (.NZ) or d == 0 (.Z). */
static void h_lop_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], p = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		uint32_t r = in->fn == EMU_LOP_AND ? a[l] & b[l] : in->fn == EMU_LOP_OR ? a[l] | b[l]
			: in->fn == EMU_LOP_XOR ? a[l] ^ b[l] : b[l];
		p |= (uint32_t)(in->sub3 == 1 ? r != 0 : r == 0) << l;
		WR(d, l, r);
	}
	pred_write(w, in->d2, p, G);
}

static inline uint32_t lut3(unsigned lut, uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t r = 0;
	for (int i = 0; i < 8; i++)
		if (lut >> i & 1)
			r |= (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
	return r;
}

/* LOP3.LUT [P,] d, a, b, c, lut: P = d != 0. The table is evaluated in its algebraic
   normal form (an XOR of AND-monomials, whose coefficients come from the truth table by
   the Moebius transform): the same bits as lut3, but one branch-free expression that
   vectorises whatever the table. */
static EMU_BARRIER_HOT void h_lop3_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], r[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	bool pred = in->d2 != EMU_PT_SINK;
	lop3_lanes(x, G, w->r[in->d], a, b, c, in->lut, pred ? r : NULL);
	if (pred) {
		uint32_t p = 0;
		int n = w->nlanes;
		LANE_LOOP p |= (uint32_t)(r[l] != 0) << l;
		pred_write(w, in->d2, p, G);
	}
}

/* PLOP3.LUT p, q, a, b, c, lut1, lut2 on predicate masks */
static void h_plop3(emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t a = pred_val(w, &in->s[0]), b = pred_val(w, &in->s[1]), c = pred_val(w, &in->s[2]);
	uint32_t p = lut3(in->lut, a, b, c), q = lut3(in->lut2, a, b, c);
	pred_write(w, in->d, p, G);
	pred_write(w, in->d2, q, G);
}

/* SHF: {c:a} shifted by b; .L (sub) left, else right (arithmetic with in->sign); the low
   word, or with .HI (sub3) the high one; the amount mod the width with .W (sub2), else
   clamped to it (32 for .U32/.S32, 64 for .U64/.S64). */
static EMU_BARRIER_HOT void h_shf_hi(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	uint32_t width = in->wide ? 64 : 32;
	if (in->s[1].vec && !(in->sign && !in->sub)) { /* one amount for the warp, no 64-bit >> */
		uint32_t s = in->wrap ? b[0] & (width - 1) : (b[0] < width ? b[0] : width);
		shf_word_lanes(x, G, d, a, c, s, in->sub, in->sub3);
		return;
	}
	LANE_LOOP {
		uint64_t v = (uint64_t)c[l] << 32 | a[l];
		uint32_t s = in->wrap ? b[l] & (width - 1) : (b[l] < width ? b[l] : width);
		uint64_t q;
		if (in->sub)
			q = s >= 64 ? 0 : v << s;
		else if (in->sign)
			q = (uint64_t)((int64_t)v >> (s > 63 ? 63 : s));
		else
			q = s >= 64 ? 0 : v >> s;
		WR(d, l, in->sub3 ? (uint32_t)(q >> 32) : (uint32_t)q);
	}
}

