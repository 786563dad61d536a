/* Operation bodies of Volta's integer, logic, uniform and warp instructions (sm_70+; the
   selectors are asm/sel_vint.c). Included once per loop build by emu/loop.h.
   A carry-in predicate is a "predicate code" byte fixed at assembly (emu_pcode): 0 none,
   else EMU_PC_ON | (EMU_PC_INV if written !P) | the predicate's row. Uniform registers are
   ordinary rows holding one value in every lane; U-prefixed opcodes run with G widened to
   the warp's valid lanes (emu/program.h EMU_STEP_UNIFORM), so these bodies need not know. */

/* The five most common sm_70+ integer bodies are inlined into the convergence-barrier loop
   (no call, operands read once: alu70 6 % faster); the token-stack loop, which never issues
   them, keeps them out of line (inlined there, they slowed its own kernels by 3-10 %). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMU_VOLTA_SAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define EMU_VOLTA_SAN 1
#endif
/* (not in sanitizer builds: instrumenting the larger loop took clang minutes more) */
#if defined(EMU_CF_BARRIER_LOOP) && !defined(EMU_VOLTA_SAN)
#define EMU_VOLTA_HOT inline __attribute__((always_inline))
#else
#define EMU_VOLTA_HOT
#endif

/* The lanes (as a mask) where a carry-in predicate code holds. */
static inline uint32_t pcode_mask(const emu_warp *w, uint8_t c)
{
	if (!(c & EMU_PC_ON))
		return 0;
	uint32_t v = w->p[c & EMU_PC_ROW];
	return c & EMU_PC_INV ? ~v : v;
}

/* A source as a 33-bit addend: -x is ~x + 1 (so that a borrow shows as a missing carry),
   ~x is ~x; anything else as is. */
static inline uint64_t add_term(const emu_src *s, uint32_t v)
{
	if (s->neg)
		return (uint64_t)(uint32_t)~v + 1;
	return s->inv ? (uint32_t)~v : v;
}

/* IMAD: .LO (sub 0) d = a*b + c + cin; .WIDE (2) the pair {d+1:d} = a*b + {s3:c} + cin;
   .HI (1) d = the high word of that sum; a*b signed when in->sign. d2: the carry out (of
   bit 31 for .LO, of bit 63 for .WIDE and .HI). */
static EMU_VOLTA_HOT void h_vimad(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], th[32], cy = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	const uint32_t *ch = in->sub ? vsrc(x, w, &in->s[3], th) : c;
	uint32_t cin = pcode_mask(w, in->sub3);
	uint32_t *d = w->r[in->d], *d1 = in->sub == 2 ? w->r[in->d + 1] : d;
	if (!in->sub && !cin && in->d2 == EMU_PT_SINK) { /* the common .LO: a plain vector loop */
		LANE_WRITE(d, a[l] * b[l] + c[l]); /* the low word does not depend on the sign */
		return;
	}
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint64_t p = in->sign ? (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) : (uint64_t)a[l] * b[l];
		uint64_t ci = cin >> l & 1;
		if (in->sub) {
			unsigned __int128 s = (unsigned __int128)p + ((uint64_t)ch[l] << 32 | c[l]) + ci;
			if (in->sub == 2)
				d[l] = (uint32_t)s;
			d1[l] = (uint32_t)(s >> 32);
			cy |= (uint32_t)(s >> 64 & 1) << l;
		} else {
			uint64_t s = (uint64_t)(uint32_t)p + c[l] + ci;
			d[l] = (uint32_t)s;
			cy |= (uint32_t)(s >> 32 & 1) << l;
		}
	}
	pred_write(w, in->d2, cy, G);
}

/* IADD3: s1 = a + b (carry P = d2), s2 = s1 + c (carry Q = sub2), plus the carry-in
   predicates (codes sub and sub3); each carry-in counts 1. */
static EMU_VOLTA_HOT void h_viadd3(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], c1 = 0, c2 = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t i1 = pcode_mask(w, in->sub), i2 = pcode_mask(w, in->sub3);
	uint32_t *d = w->r[in->d];
	if (!i1 && !i2 && in->d2 == EMU_PT_SINK && in->sub2 == EMU_PT_SINK) {
		/* no carry in or out: the sum mod 2^32, with -x as ~x + 1 and ~x as ~x */
		uint32_t xa = in->s[0].neg || in->s[0].inv ? ~0u : 0, xb = in->s[1].neg || in->s[1].inv ? ~0u : 0;
		uint32_t xc = in->s[2].neg || in->s[2].inv ? ~0u : 0;
		uint32_t plus = (uint32_t)in->s[0].neg + in->s[1].neg + in->s[2].neg;
		LANE_WRITE(d, (a[l] ^ xa) + (b[l] ^ xb) + (c[l] ^ xc) + plus);
		return;
	}
	LANE_LOOP {
		uint64_t s1 = add_term(&in->s[0], a[l]) + add_term(&in->s[1], b[l]) + (i1 >> l & 1) + (i2 >> l & 1);
		uint64_t s2 = (s1 & 0xffffffffu) + add_term(&in->s[2], c[l]);
		c1 |= (uint32_t)(s1 >> 32 != 0) << l;
		c2 |= (uint32_t)(s2 >> 32 != 0) << l;
		WR(d, l, (uint32_t)s2);
	}
	pred_write(w, in->d2, c1, G);
	pred_write(w, in->sub2, c2, G);
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
static EMU_VOLTA_HOT void h_vlop3(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], r[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	bool pred = in->d2 != EMU_PT_SINK;
	lop3_lanes(x, G, w->r[in->d], a, b, c, in->sub & 0xffu, pred ? r : NULL);
	if (pred) {
		uint32_t p = 0;
		int n = w->nlanes;
		LANE_LOOP p |= (uint32_t)(r[l] != 0) << l;
		pred_write(w, in->d2, p, G);
	}
}

/* PLOP3.LUT p, q, a, b, c, lut1, lut2 on predicate masks */
static void h_vplop3(emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t a = pred_val(w, &in->s[0]), b = pred_val(w, &in->s[1]), c = pred_val(w, &in->s[2]);
	uint32_t p = lut3(in->sub, a, b, c), q = lut3(in->sub2, a, b, c);
	pred_write(w, in->d, p, G);
	pred_write(w, in->d2, q, G);
}

/* SHF: {c:a} shifted by b; .L (sub) left, else right (arithmetic with in->sign); the low
   word, or with .HI (sub3) the high one; the amount mod the width with .W (sub2), else
   clamped to it (32 for .U32/.S32, 64 for .U64/.S64). */
static EMU_VOLTA_HOT void h_vshf(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	uint32_t width = in->wide ? 64 : 32;
	if (in->s[1].vec && !(in->sign && !in->sub)) { /* one amount for the warp, no 64-bit >> */
		uint32_t s = in->sub2 ? b[0] & (width - 1) : (b[0] < width ? b[0] : width);
		shf_word_lanes(x, G, d, a, c, s, in->sub, in->sub3);
		return;
	}
	LANE_LOOP {
		uint64_t v = (uint64_t)c[l] << 32 | a[l];
		uint32_t s = in->sub2 ? b[l] & (width - 1) : (b[l] < width ? b[l] : width);
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

/* LEA: d = (a << s) + b + cin; .HI (sub2): (({c:a} << s) >> 32) + b + cin, with .SX32
   (in->sign) c the sign of a. d2: the carry out. */
static void h_vlea(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], cy = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t cin = pcode_mask(w, in->sub3), *d = w->r[in->d];
	LANE_LOOP {
		uint32_t hi = in->sign ? (uint32_t)((int32_t)a[l] >> 31) : c[l];
		uint64_t v = (uint64_t)hi << 32 | a[l];
		uint32_t sh = in->sub2 ? (uint32_t)((v << in->sub) >> 32) : a[l] << in->sub;
		uint64_t s = (uint64_t)sh + b[l] + (cin >> l & 1);
		cy |= (uint32_t)(s >> 32 & 1) << l;
		WR(d, l, (uint32_t)s);
	}
	pred_write(w, in->d2, cy, G);
}

/* SGXT: a extended from its low b bits, signed unless .U32 (in->sign 0); .W (sub): b mod 32,
   else clamped (b >= 32: a unchanged; b == 0: 0). */
static void h_vsgxt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_LOOP {
		uint32_t k = in->sub ? b[l] & 31 : b[l], r;
		if (k >= 32)
			r = a[l];
		else if (k == 0)
			r = 0;
		else {
			uint32_t m = (1u << k) - 1, v = a[l] & m;
			r = in->sign && (v >> (k - 1) & 1) ? v | ~m : v;
		}
		WR(d, l, r);
	}
}

/* BMSK: len b bits from position a (PTX bmsk.clamp / .wrap with .W in sub) */
static void h_vbmsk(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_LOOP {
		uint32_t pos = in->sub ? a[l] & 31 : (a[l] < 32 ? a[l] : 32);
		uint32_t len = in->sub ? b[l] & 31 : (b[l] < 32 ? b[l] : 32);
		uint32_t m = len >= 32 ? 0xffffffffu : (1u << len) - 1;
		WR(d, l, pos >= 32 ? 0 : m << pos);
	}
}

/* PRMT d, a, sel, c in the modes of PTX prmt (sub: EMU_PRMT_*): the bytes of {c, a}. */
static inline uint32_t prmt_mode(int mode, uint32_t a, uint32_t s, uint32_t c)
{
	uint64_t x = (uint64_t)c << 32 | a;
	uint32_t r = 0, k = s & 3;
	static const uint8_t tab[6][4][4] = {
		/* F4E */ {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
		/* B4E */ {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
		/* RC8 */ {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
		/* ECL */ {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
		/* ECR */ {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
		/* RC16 */ {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
	};
	if (mode == EMU_PRMT_DEFAULT) {
		for (int i = 0; i < 4; i++) {
			uint32_t nib = s >> (4 * i) & 0xf, byte = (uint32_t)(x >> (8 * (nib & 7))) & 0xff;
			if (nib & 8)
				byte = byte & 0x80 ? 0xff : 0;
			r |= byte << (8 * i);
		}
		return r;
	}
	for (int i = 0; i < 4; i++)
		r |= (uint32_t)(x >> (8 * tab[mode - 1][k][i]) & 0xff) << (8 * i);
	return r;
}

static void h_vprmt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], ts[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *s = vsrc(x, w, &in->s[1], ts);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, prmt_mode(in->sub, a[l], s[l], c[l]));
}

/* ISETP: r = a CMP b; with .EX (x_in), a and b are the high words of a 64-bit compare and
   s[3] the low words' result (unsigned, same comparison): LT/LE/GT/GE r = strict on the
   high words, or equal high words and the low result; EQ r = eq && low; NE r = ne || low.
   p = r BOP c, q = !r BOP c. */
static EMU_VOLTA_HOT void h_visetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t lo = in->x_in ? pred_val(w, &in->s[3]) : 0;
	if (!in->x_in) { /* all-ones / zero per lane (every lane: G masks the writes), packed */
		uint32_t t[32], mlt = in->sub & EMU_CMP_LT ? ~0u : 0, meq = in->sub & EMU_CMP_EQ ? ~0u : 0;
		uint32_t mgt = in->sub & EMU_CMP_GT ? ~0u : 0;
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
		r = pack_lanes(t);
	} else
		LANE_LOOP { /* .EX: the high words, with the low words' verdict in s[3] */
			uint32_t v, eq = a[l] == b[l], low = lo >> l & 1;
			if (in->sub == EMU_CMP_EQ)
				v = eq & low;
			else if (in->sub == (EMU_CMP_LT | EMU_CMP_GT))
				v = (uint32_t)!eq | low;
			else
				v = (cmp_int(in->sub & ~EMU_CMP_EQ, a[l], b[l], in->sign) && !eq) | (eq & low);
			r |= v << l;
		}
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->sub2, r, c), G);
	pred_write(w, in->d2, bop(in->sub2, ~r, c), G);
}

static void h_vbrev(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, brev32(a[l]));
}

/* MOV d, a, m: lane l writes when bit (l % 4) of m is set (in->sub) */
static void h_vmovm(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP if (ON(l) && (in->sub >> (l & 3) & 1)) d[l] = a[l];
}

/* VOTE / VOTEU over the issuing group g (its lanes whose guard holds): d = ballot, q = any,
   all or all-equal; written to the lanes of G (every valid lane for VOTEU). */
static void h_vvote(emu_warp *w, const emu_insn *in, uint32_t g, uint32_t G)
{
	int n = w->nlanes;
	uint32_t pv = pred_val(w, &in->s[0]), ballot = g & pv, *d = w->r[in->d];
	bool all = (g & ~pv) == 0, any = ballot != 0;
	bool q = in->sub == 0 ? any : in->sub == 1 ? all : (all || !any);
	LANE_LOOP WR(d, l, ballot);
	pred_write(w, in->d2, q ? ~0u : 0, G);
}

/* MATCH.ANY d, a: the lanes of G whose a (a pair with .U64) equals this lane's;
   MATCH.ALL p, d, a: d = G if all equal, else 0; p = all equal. */
static void h_vmatch(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], th[32], eqm[32] = {0};
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	const uint32_t *h = in->wide ? vsrc(x, w, &in->s[1], th) : a;
	bool all = true;
	int first = G ? __builtin_ctz(G) : 0;
	LANE_LOOP {
		if (!ON(l))
			continue;
		for (int k = 0; k < n; k++)
			if (ON(k) && a[k] == a[l] && h[k] == h[l])
				eqm[l] |= 1u << k;
		all &= a[l] == a[first] && h[l] == h[first];
	}
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, in->sub ? (all ? G : 0) : eqm[l]);
	if (in->sub)
		pred_write(w, in->d2, all ? ~0u : 0, G);
}

/* REDUX.op d, a: the reduction over the group's lanes, into every lane of uniform d */
static void h_vredux(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	if (!G)
		return;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t r = a[__builtin_ctz(G)];
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint32_t v = a[l];
		bool lt = in->sign ? (int32_t)v < (int32_t)r : v < r;
		switch (in->sub) {
		case EMU_REDUX_SUM: r = l == __builtin_ctz(G) ? v : r + v; break;
		case EMU_REDUX_MIN: r = lt ? v : r; break;
		case EMU_REDUX_MAX: r = !lt && v != r ? v : r; break;
		case EMU_REDUX_AND: r &= v; break;
		case EMU_REDUX_OR: r |= v; break;
		default: r = l == __builtin_ctz(G) ? v : r ^ v; break;
		}
	}
	uint32_t *d = w->r[in->d];
	LANE_LOOP d[l] = r;
}

/* R2UR d, a: a of the group's lowest lane, into every lane of uniform d */
static void h_vr2ur(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	if (!G)
		return;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t v = a[__builtin_ctz(G)], *d = w->r[in->d];
	LANE_LOOP d[l] = v;
}

/* CS2R d, SRZ / SR_CLOCKLO: a pair (width 2) or one register */
static void h_vcs2r(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint64_t v = in->sub == SR_ZERO ? 0 : x->steps - x->cur_cta->steps0;
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, (uint32_t)v);
	if (in->width == 2) {
		uint32_t *d1 = w->r[in->d + 1];
		LANE_LOOP WR(d1, l, (uint32_t)(v >> 32));
	}
}
