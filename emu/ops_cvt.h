/* Conversion operation bodies (one family of emu/handlers.def): I2F, F2I, F2F and I2I in
   one body, the half conversions and F2FP packing. */
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

static void h_cvt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], thi[32];
	int n = w->nlanes;
	int dbits = in->dbits, sbits = in->sbits, dsg = in->sign & 1, ssg = in->sign >> 1 & 1;
	bool sat = in->width, z = in->wide;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	const uint32_t *ahi = NULL;
	if (sbits == 64 && in->s[0].kind == SRC_CONST) { /* 64 bits of a bank, low word first */
		uint32_t lo, hi;
		memcpy(&lo, x->cbank[in->s[0].bank] + in->s[0].imm, 4);
		memcpy(&hi, x->cbank[in->s[0].bank] + in->s[0].imm + 4, 4);
		for (int l = 0; l < n; l++) {
			ta[l] = lo;
			thi[l] = hi;
		}
		a = ta;
		ahi = thi;
	} else if (sbits == 64) { /* a register pair: a double, or a 64-bit integer (I2F) */
		a = w->r[in->s[0].reg];
		ahi = w->r[in->s[0].reg + 1];
	}
	int old = fegetround();
	if ((in->cvt_rnd & 0xf) != EMU_RND_RN)
		fesetround(fe_mode(in->cvt_rnd));
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
				uint64_t r = clamp_int64(round_int(v, in->cvt_rnd), dsg);
				lo = (uint32_t)r;
				hi = (uint32_t)(r >> 32);
				break;
			}
			lo = clamp_int(round_int(v, in->cvt_rnd), dbits, dsg);
			if (dbits < 32)
				lo = (uint32_t)ext_int(lo, dbits, dsg);
			break;
		case EMU_H_F2F:
			if (in->cvt_rnd & EMU_RND_INT)
				v = round_int(v, in->cvt_rnd);
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

/* F2F with a half on one side (the half in the low 16 bits; a half result zero-extended). */
static void h_cvt_h(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	bool z = in->wide;
	LANE_LOOP {
		if (!ON(l))
			continue;
		switch (in->sub) {
		case VFP_CVT_BF16_F32: /* the bfloat16 in the low 16 bits, zeros above */
			w->r[in->d][l] = vfp_narrow((double)(z ? ftz(f32(a[l])) : f32(a[l])), 8, 127, in->sub3);
			break;
		case VFP_CVT_F16_F32: {
			uint16_t h = f16_of((double)(z ? ftz(f32(a[l])) : f32(a[l])), in->sub3);
			w->r[in->d][l] = z ? f16_ftz(h) : h;
			break;
		}
		case VFP_CVT_F16_F64:
			w->r[in->d][l] = f16_of(dsrc(x, w, &in->s[0], l), in->sub3);
			break;
		case VFP_CVT_F64_F16: {
			uint64_t u = u64d(f16_val((uint16_t)a[l]));
			w->r[in->d][l] = (uint32_t)u;
			w->r[in->d + 1][l] = (uint32_t)(u >> 32);
			break;
		}
		default: { /* F32 from F16: exact */
			float f = (float)f16_val((uint16_t)a[l]);
			w->r[in->d][l] = isnan(f) ? VFP_NAN32 : u32f(z ? ftz(f) : f);
			break;
		}
		}
	}
}

/* F2FP.PACK_AB: d = {narrow(a) in the high half, narrow(b) in the low}, half or bf16
   (.RELU: a negative result is +0; .SATFINITE: past the largest finite gives it, NaN stays
   the canonical NaN). F2FP[.SATFINITE][.RELU].E4M3|.E5M2.F32.PACK_AB[_MERGE_C] d, a, b[, c]:
   d's low 16 bits = {fp8(a) high byte, fp8(b) low}, its high 16 bits c's half (MERGE_C) or 0.
   F2FP.SATFINITE[.RELU].E4M3|.E5M2.F16.UNPACK_B_MERGE_C d, a, c (cvt to e4m3x2/e5m2x2 of an
   f16x2): the same of a's two halves (sub2 & VFP_PK_HALVES; INT2_PROLOGUE's b is unused). */
static uint32_t f2fp_one(const emu_insn *in, float f)
{
	if ((in->sub2 & VFP_PK_RELU) && f < 0)
		f = 0.0f;
	if (in->sub >= VFP_PK_E4M3)
		return vfp_fp8((double)f, in->sub == VFP_PK_E5M2, in->sub2 & VFP_PK_SATF);
	int p = in->sub == VFP_PK_BF16 ? 8 : 11, bias = in->sub == VFP_PK_BF16 ? 127 : 15;
	double v = (double)f, mx = in->sub == VFP_PK_BF16 ? 0x1.fep127 : 65504.0;
	if ((in->sub2 & VFP_PK_SATF) && fabs(v) > mx)
		v = copysign(mx, v);
	return vfp_narrow(v, p, bias, in->sub3);
}

static void h_f2fp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	if (in->sub < VFP_PK_E4M3 && !in->sub2) {
		int p = in->sub == VFP_PK_BF16 ? 8 : 11, bias = in->sub == VFP_PK_BF16 ? 127 : 15;
		LANE_LOOP {
			uint32_t hi = vfp_narrow((double)f32(a[l]), p, bias, in->sub3);
			uint32_t lo = vfp_narrow((double)f32(b[l]), p, bias, in->sub3);
			WR(d, l, hi << 16 | lo);
		}
		return;
	}
	uint32_t tc[32];
	const uint32_t *c = in->sub2 & VFP_PK_MERGE ? vsrc(x, w, &in->s[2], tc) : NULL;
	bool halves = in->sub2 & VFP_PK_HALVES;
	LANE_LOOP {
		float fa = halves ? (float)vfp_wide((uint16_t)(a[l] >> 16), 11, 15) : f32(a[l]);
		float fb = halves ? (float)vfp_wide((uint16_t)a[l], 11, 15) : f32(b[l]);
		uint32_t hi = f2fp_one(in, fa), lo = f2fp_one(in, fb);
		if (in->sub < VFP_PK_E4M3) {
			WR(d, l, hi << 16 | lo);
			continue;
		}
		uint32_t top = c ? (in->width ? c[l] >> 16 : c[l] & 0xffffu) : 0;
		WR(d, l, top << 16 | hi << 8 | lo);
	}
}

/* F2FP.F16.E4M3|.E5M2.UNPACK_B d, a[.H1] (cvt.rn.f16x2.e4m3x2 / .e5m2x2): the two 8-bit
   floats of a's low (or, with .H1, high) 16 bits widened, exactly, to the halves of d, the
   high byte to the high half; a NaN is the canonical half NaN 0x7fff. */
static void h_f2fp_unpack(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	bool e5 = in->sub == VFP_PK_E5M2;
	LANE_LOOP {
		uint32_t v = in->width ? a[l] >> 16 : a[l], r = 0;
		for (int k = 0; k < 16; k += 8) {
			double f = vfp_fp8_val((uint8_t)(v >> k), e5);
			r |= (uint32_t)(isnan(f) ? VFP_NAN16 : vfp_narrow(f, 11, 15, EMU_RND_RN)) << 2 * k;
		}
		WR(d, l, r);
	}
}
