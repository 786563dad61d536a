/* Half-precision operation bodies (one family of emu/handlers.def): the half-pair
   arithmetic HADD2/HMUL2/HFMA2, HSETP2 and HMNMX2. */
static inline uint16_t f16_of(double v, int rnd) { return vfp_narrow(v, 11, 15, rnd); }
static inline double f16_val(uint16_t h) { return vfp_wide(h, 11, 15); }

static inline uint16_t f16_ftz(uint16_t h)
{
	return (h & 0x7c00) == 0 ? (uint16_t)(h & 0x8000) : h;
}

/* ---- half pairs: each 32-bit register holds two halves, computed independently ---- */

/* A source pair with its replication (.H0_H0: 1, .H1_H1: 2; 2 bits per source in width). */
static inline uint32_t hswz(uint32_t v, const emu_insn *in, int k)
{
	int s = in->width >> 2 * k & 3;
	return s == 1 ? (v & 0xffffu) * 0x10001u : s == 2 ? (v >> 16) * 0x10001u : v;
}

/* One lane of a pair operation, exact or rounded to odd in a double (16-bit formats: p <= 11). */
static double half_lane(const emu_insn *in, uint16_t ha, uint16_t hb, uint16_t hc)
{
	int p = in->wide ? 8 : 11, bias = in->wide ? 127 : 15;
	double a = vfp_wide(ha, p, bias), b = vfp_wide(hb, p, bias), c = vfp_wide(hc, p, bias);
	if (in->sub3) { /* .FTZ: denormal operands read as zeros of their sign */
		a = fpclassify(a) == FP_ZERO || fabs(a) >= ldexp(1.0, 1 - bias) ? a : copysign(0.0, a);
		b = fpclassify(b) == FP_ZERO || fabs(b) >= ldexp(1.0, 1 - bias) ? b : copysign(0.0, b);
		c = fpclassify(c) == FP_ZERO || fabs(c) >= ldexp(1.0, 1 - bias) ? c : copysign(0.0, c);
	}
	switch (in->sub) {
	case VFP_H_ADD: return in->wide ? fma_odd(a, 1.0, b) : a + b; /* halves: exact in a double (40 bits at most) */
	case VFP_H_MUL: return a * b; /* 22 bits */
	default: return fma_odd(a, b, c);
	}
}

static double half_clamp(const emu_insn *in, double r)
{
	if (in->sub2 & 1) /* .SAT */
		r = r < 0 ? 0.0 : r > 1 ? 1.0 : r;
	if ((in->sub2 & 2) && r < 0) /* .RELU */
		r = 0.0;
	return r;
}

static uint16_t half_op(const emu_insn *in, uint16_t ha, uint16_t hb, uint16_t hc)
{
	double r = half_lane(in, ha, hb, hc);
	if (isnan(r))
		return VFP_NAN16;
	uint16_t h = vfp_narrow(half_clamp(in, r), in->wide ? 8 : 11, in->wide ? 127 : 15, EMU_RND_RN);
	uint16_t e = in->wide ? 0x7f80 : 0x7c00; /* the exponent field */
	return in->sub3 && !(h & e) ? (uint16_t)(h & 0x8000) : h;
}

/* HADD2 d, a, b / HMUL2 d, a, b / HFMA2 d, a, b, c (.MMA: the same on the tensor pipe;
   HFMA2.MMA d, -RZ, RZ, h1, h0 is the compiler's move of a constant pair); .F32: d is the
   single of the low lane (HADD2.F32 d, -RZ, h.H0_H0 widens a half). */
static void h_harith(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = in->sub == VFP_H_FMA ? vsrc(x, w, &in->s[2], tc) : ta;
	LANE_LOOP {
		uint32_t av = hswz(a[l], in, 0), bv = hswz(b[l], in, 1), cv = hswz(c[l], in, 2);
		if (in->sign) {
			double r = half_lane(in, (uint16_t)av, (uint16_t)bv, (uint16_t)cv);
			WR(d, l, isnan(r) ? VFP_NAN32 : u32f((float)half_clamp(in, r)));
			continue;
		}
		uint32_t lo = half_op(in, (uint16_t)av, (uint16_t)bv, (uint16_t)cv);
		uint32_t hi = half_op(in, (uint16_t)(av >> 16), (uint16_t)(bv >> 16), (uint16_t)(cv >> 16));
		WR(d, l, hi << 16 | lo);
	}
}

/* HSETP2: the comparison of each half; P from the low halves, Q from the high ones, each
   combined with c; .H_AND: both from (low AND high), Q negated as in FSETP. */
static void h_hsetp2(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], rl = 0, rh = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	LANE_LOOP {
		for (int k = 0; k < 2; k++) {
			uint16_t ha = (uint16_t)(hswz(a[l], in, 0) >> 16 * k), hb = (uint16_t)(hswz(b[l], in, 1) >> 16 * k);
			if (in->sub3) { /* .FTZ: denormals compare as zeros of their sign */
				ha = in->wide ? (ha & 0x7f80) ? ha : (uint16_t)(ha & 0x8000) : f16_ftz(ha);
				hb = in->wide ? (hb & 0x7f80) ? hb : (uint16_t)(hb & 0x8000) : f16_ftz(hb);
			}
			int p = in->wide ? 8 : 11, bias = in->wide ? 127 : 15; /* .BF16_V2: bfloat16 halves */
			uint32_t t = cmp_flt(in->cmp, (float)vfp_wide(ha, p, bias), (float)vfp_wide(hb, p, bias));
			if (k)
				rh |= t << l;
			else
				rl |= t << l;
		}
	}
	uint32_t c = pred_val(w, &in->s[2]);
	if (in->sign) {
		uint32_t both = rl & rh;
		pred_write(w, in->d, bop(in->bop, both, c), G);
		pred_write(w, in->d2, bop(in->bop, ~both, c), G);
	} else {
		pred_write(w, in->d, bop(in->bop, rl, c), G);
		pred_write(w, in->d2, bop(in->bop, rh, c), G);
	}
}

/* HMNMX2: per half, p ? min : max with FMNMX's NaN and zero rules; .BF16_V2: bf16 pairs;
   .NAN (sub & 1): a NaN operand gives the canonical NaN; .XORSIGN (sub & 2): the minimum or
   maximum of the magnitudes with the sign bit of a XOR b (min/max.xorsign.abs). */
static void h_hmnmx2(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t p = pred_val(w, &in->s[2]);
	int pb = in->wide ? 8 : 11, bias = in->wide ? 127 : 15;
	LANE_LOOP {
		uint32_t r = 0;
		bool mn = p >> l & 1;
		for (int k = 0; k < 2; k++) {
			uint16_t ha = (uint16_t)(hswz(a[l], in, 0) >> 16 * k), hb = (uint16_t)(hswz(b[l], in, 1) >> 16 * k), h;
			if (in->sub3) {
				ha = in->wide ? (ha & 0x7f80) ? ha : (uint16_t)(ha & 0x8000) : f16_ftz(ha);
				hb = in->wide ? (hb & 0x7f80) ? hb : (uint16_t)(hb & 0x8000) : f16_ftz(hb);
			}
			uint16_t sign = (ha ^ hb) & 0x8000;
			if (in->sub & 2) {
				ha &= 0x7fff;
				hb &= 0x7fff;
			}
			double fa = vfp_wide(ha, pb, bias), fb = vfp_wide(hb, pb, bias);
			if (isnan(fa) && isnan(fb))
				h = VFP_NAN16;
			else if (isnan(fa) || isnan(fb))
				h = (in->sub & 1) ? VFP_NAN16 : isnan(fa) ? hb : ha;
			else if (fa == fb)
				h = (signbit(fa) != 0) == mn ? ha : hb;
			else
				h = (fa < fb) == mn ? ha : hb;
			if ((in->sub & 2) && h != VFP_NAN16)
				h |= sign;
			r |= (uint32_t)h << 16 * k;
		}
		WR(d, l, r);
	}
}
