/* Integer operation bodies: add, multiply(-add) with the condition code or with predicate
   carries, compares, min/max, bit counts and fields, moves (one family of emu/handlers.def). */
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

/* IMAD's commonest form, chosen at launch (emu/launch.c's specialise): the low word of
   a * b + c without '-' on any operand and without the condition code, which is what
   h_imul computes for it, without its tests. */
static inline __attribute__((always_inline)) void h_imad_lo(const emu_ctx *x, emu_warp *w, const emu_insn *in,
							     uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vraw(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	LANE_WRITE(d, a[l] * b[l] + c[l]);
}

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

static void h_icmp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_LOOP WR(d, l, cmp_int(in->cmp, c[l], 0, in->sign) ? a[l] : b[l]);
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

static inline __attribute__((always_inline)) void h_isetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	setp_write(w, in, cmp_lanes(a, b, in->cmp, in->sign), G);
}

static void h_isetp_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	setp_write(w, in, cmp_x_mask(x, w, in), G);
}

static void h_iset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP r |= cmp_int(in->cmp, a[l], b[l], in->sign) << l;
	iset_write(w, in, r, G);
}
/* ISET.X d, a, b, c: ISET on the high words of a wider compare (ISETP.X's reading,
   emu/ops_int.h h_isetp_x) */
static void h_iset_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	iset_write(w, in, cmp_x_mask(x, w, in), G);
}
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

/* XMAD_U (set at launch, emu/launch.c's specialise): unsigned halves, no .MRG, no half of
   the addend, no carry in or out: ((a's half * b's half) << .PSL) + c (+ b << 16 with
   .CBCC), what xmad_lane computes for these flags with the masks folded away; inlined. */
static inline __attribute__((always_inline)) void h_xmad_u(const emu_ctx *x, emu_warp *w, const emu_insn *in,
							    uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t *d = w->r[in->d];
	const unsigned f = in->sub;
	const unsigned ash = f & EMU_XMAD_AH ? 16 : 0, bsh = f & EMU_XMAD_BH ? 16 : 0;
	const unsigned psl = f & EMU_XMAD_PSL ? 16 : 0;
	const uint32_t mcb = f & EMU_XMAD_CBCC ? ~0u : 0;
	LANE_WRITE(d, ((((a[l] >> ash) & 0xffffu) * ((b[l] >> bsh) & 0xffffu)) << psl) + c[l] +
			      ((b[l] << 16) & mcb));
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
static EMU_BARRIER_HOT void h_imad_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
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
static EMU_BARRIER_HOT void h_iadd3_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
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

/* IADD3_ADD and IADD3_ADD2 (set at launch, emu/launch.c's specialise): IADD3_P without carry
   in or out, '-' or '~' (sm_70+ code's counters and address sums): the sum mod 2^32 of three
   sources, or of two where c is zero (IADD3 R6, R6, 0x1, RZ) */
static EMU_BARRIER_HOT void h_iadd3_add(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t tc[32];
	INT2_PROLOGUE;
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_WRITE(d, a[l] + b[l] + c[l]);
}

static EMU_BARRIER_HOT void h_iadd3_add2(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_WRITE(d, a[l] + b[l]);
}

/* LEA: d = (a << s) + b + cin; .HI (sub2): (({c:a} << s) >> 32) + b + cin, with .SX32
   (in->sign) c the sign of a. d2: the carry out. */
static void h_lea_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
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
static void h_sgxt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
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
static void h_bmsk(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	LANE_LOOP {
		uint32_t pos = in->sub ? a[l] & 31 : (a[l] < 32 ? a[l] : 32);
		uint32_t len = in->sub ? b[l] & 31 : (b[l] < 32 ? b[l] : 32);
		uint32_t m = len >= 32 ? 0xffffffffu : (1u << len) - 1;
		WR(d, l, pos >= 32 ? 0 : m << pos);
	}
}

/* ISETP: r = a CMP b; with .EX (x_in), a and b are the high words of a 64-bit compare and
   s[3] the low words' result (unsigned, same comparison): LT/LE/GT/GE r = strict on the
   high words, or equal high words and the low result; EQ r = eq && low; NE r = ne || low.
   p = r BOP c, q = !r BOP c. */
static EMU_BARRIER_HOT void h_isetp_p(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], r = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t lo = in->x_in ? pred_val(w, &in->s[3]) : 0;
	if (!in->x_in)
		r = cmp_lanes(a, b, in->cmp, in->sign);
	else
		LANE_LOOP { /* .EX: the high words, with the low words' verdict in s[3] */
			uint32_t v, eq = a[l] == b[l], low = lo >> l & 1;
			if (in->cmp == EMU_CMP_EQ)
				v = eq & low;
			else if (in->cmp == (EMU_CMP_LT | EMU_CMP_GT))
				v = (uint32_t)!eq | low;
			else
				v = (cmp_int(in->cmp & ~EMU_CMP_EQ, a[l], b[l], in->sign) && !eq) | (eq & low);
			r |= v << l;
		}
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->bop, r, c), G);
	pred_write(w, in->d2, bop(in->bop, ~r, c), G);
}

static void h_brev(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, brev32(a[l]));
}

/* MOV d, a, m: lane l writes when bit (l % 4) of m is set (in->sub) */
static void h_movm(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP if (ON(l) && (in->sub >> (l & 3) & 1)) d[l] = a[l];
}

/* MOV d, a */
static inline __attribute__((always_inline)) void h_mov(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], t);
	uint32_t *d = w->r[in->d];
	int n = w->nlanes;
	LANE_WRITE(d, a[l]);
}

/* FLO d, a: the position of the highest set bit (of ~a for a negative signed a), -1 for
   none; .SH (sub) the shift amount 31 - position instead */
static inline __attribute__((always_inline)) void h_flo(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], t);
	uint32_t *d = w->r[in->d];
	for (int l = 0; l < w->nlanes; l++) {
		uint32_t v = in->sign && (int32_t)a[l] < 0 ? ~a[l] : a[l];
		uint32_t r = v ? (uint32_t)(31 - __builtin_clz(v)) : 0xffffffffu;
		if (in->sub && v)
			r = 31 - r;
		WR(d, l, r);
	}
}

/* VIADDMNMX d, a, b, c, p: s = a + b (32 bits; a '-' negates a source), d = p ? min(s, c) :
   max(s, c), signed unless .U32 */
static void h_iaddmnmx(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vraw(x, w, &in->s[0], ta), *b = vraw(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	uint32_t xa = (in->s[0].neg || in->s[0].inv) ? ~0u : 0, xb = (in->s[1].neg || in->s[1].inv) ? ~0u : 0;
	uint32_t plus = (uint32_t)in->s[0].neg + (uint32_t)in->s[1].neg;
	uint32_t p = pred_val(w, &in->s[3]), *d = w->r[in->d];
	LANE_LOOP {
		uint32_t s = (a[l] ^ xa) + (b[l] ^ xb) + plus;
		uint32_t lt = in->sign ? (int32_t)s < (int32_t)c[l] : s < c[l];
		uint32_t mn = lt ? s : c[l], mx = lt ? c[l] : s;
		WR(d, l, p >> l & 1 ? mn : mx);
	}
}

/* sm_120's 64-bit register-pair operations (asm/sel_int.c): a 64-bit source is two, its low
   and high words, s[0]/s[1] (a) and s[2]/s[3] (b); d and d + 1 the destination pair. */
static inline uint64_t pair_at(const uint32_t *lo, const uint32_t *hi, int l)
{
	return (uint64_t)hi[l] << 32 | lo[l];
}

/* IADD.64 d, a, b: d = a + b, a '-' (on s[0] / s[2]) negating a 64-bit source */
static void h_iadd64(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], t1[32], t2[32], t3[32];
	int n = w->nlanes;
	const uint32_t *al = vraw(x, w, &in->s[0], t0), *ah = vraw(x, w, &in->s[1], t1);
	const uint32_t *bl = vraw(x, w, &in->s[2], t2), *bh = vraw(x, w, &in->s[3], t3);
	uint32_t *dl = w->r[in->d], *dh = w->r[in->d + 1];
	LANE_LOOP {
		uint64_t a = pair_at(al, ah, l), b = pair_at(bl, bh, l);
		uint64_t s = (in->s[0].neg ? 0 - a : a) + (in->s[2].neg ? 0 - b : b);
		WR(dl, l, (uint32_t)s);
		WR(dh, l, (uint32_t)(s >> 32));
	}
}

/* SEL.64 d, a, b, p: d = p ? a : b (p: predicate sub, '!' in sub2) */
static void h_sel64(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], t1[32], t2[32], t3[32];
	int n = w->nlanes;
	const uint32_t *al = vraw(x, w, &in->s[0], t0), *ah = vraw(x, w, &in->s[1], t1);
	const uint32_t *bl = vraw(x, w, &in->s[2], t2), *bh = vraw(x, w, &in->s[3], t3);
	uint32_t *dl = w->r[in->d], *dh = w->r[in->d + 1];
	uint32_t p = in->sub2 ? ~w->p[in->sub] : w->p[in->sub];
	LANE_LOOP {
		uint64_t v = p >> l & 1 ? pair_at(al, ah, l) : pair_at(bl, bh, l);
		WR(dl, l, (uint32_t)v);
		WR(dh, l, (uint32_t)(v >> 32));
	}
}

/* MOV.64 / UMOV.64 d, a: d = the pair a */
static void h_mov64(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], t1[32];
	int n = w->nlanes;
	const uint32_t *al = vraw(x, w, &in->s[0], t0), *ah = vraw(x, w, &in->s[1], t1);
	uint32_t *dl = w->r[in->d], *dh = w->r[in->d + 1];
	LANE_LOOP {
		uint64_t v = pair_at(al, ah, l);
		WR(dl, l, (uint32_t)v);
		WR(dh, l, (uint32_t)(v >> 32));
	}
}

/* ISETP.cmp.U64|.S64.bop p, q, a, b, c: r = a CMP b on the pairs (signed with .S64);
   p = r BOP c, q = !r BOP c (c: predicate sub3, '!' in wide) */
static void h_isetp64(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], t1[32], t2[32], t3[32], r = 0;
	int n = w->nlanes;
	const uint32_t *al = vraw(x, w, &in->s[0], t0), *ah = vraw(x, w, &in->s[1], t1);
	const uint32_t *bl = vraw(x, w, &in->s[2], t2), *bh = vraw(x, w, &in->s[3], t3);
	LANE_LOOP {
		uint64_t a = pair_at(al, ah, l), b = pair_at(bl, bh, l);
		bool lt = in->sign ? (int64_t)a < (int64_t)b : a < b, eq = a == b;
		uint32_t v = ((in->cmp & EMU_CMP_LT) && lt) || ((in->cmp & EMU_CMP_EQ) && eq) ||
			     ((in->cmp & EMU_CMP_GT) && !lt && !eq);
		r |= v << l;
	}
	uint32_t c = in->wide ? ~w->p[in->sub3] : w->p[in->sub3];
	pred_write(w, in->d, bop(in->bop, r, c), G);
	pred_write(w, in->d2, bop(in->bop, ~r, c), G);
}
