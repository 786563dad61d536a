/* Video operation bodies (one family of emu/handlers.def): SIMD on byte and half-word
   lanes (VADD, VMNMX, and the general body of VABSDIFF, VSET, VSHL/VSHR, VMAD). */
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

/* A video source as PTX's partSelectSignExtend leaves it: the selector picked and
   extended by the source (video_src in asm/sel_video.c), here widened to 33 bits
   and negated when written -a. */
static inline int64_t video_ext(uint32_t v, bool sx32, bool neg)
{
	int64_t t = sx32 ? (int64_t)(int32_t)v : (int64_t)v;
	return neg ? -t : t;
}

/* .SAT's clamp of a video result (PTX's optSaturate): to the destination type's range, or
   with a data merge to the selected byte's or half's, signed or unsigned by the type. */
static inline __int128 video_sat(__int128 t, bool sign, int mrg)
{
	int bits = mrg == EMU_VMRG_NONE ? 32 : mrg >= EMU_VMRG_H0 ? 16 : 8;
	__int128 lo = sign ? -((__int128)1 << (bits - 1)) : 0;
	__int128 hi = sign ? ((__int128)1 << (bits - 1)) - 1 : ((__int128)1 << bits) - 1;
	return t < lo ? lo : t > hi ? hi : t;
}

/* The last step of a video instruction: the secondary operation with c (sub2's low bits),
   or the data merge (PTX's optMerge) of the result's low byte or half into c at the
   selected position, c's other bits kept. */
static inline uint32_t video_out(uint32_t t, uint32_t c, bool sign, int sub2)
{
	int mrg = sub2 >> EMU_VMRG_SHIFT & 7;
	if (mrg == EMU_VMRG_NONE)
		return video_second(t, c, sign, sub2 & 3);
	int sh = mrg >= EMU_VMRG_H0 ? 16 * (mrg - EMU_VMRG_H0) : 8 * (mrg - EMU_VMRG_B0);
	uint32_t mask = (mrg >= EMU_VMRG_H0 ? 0xffffu : 0xffu) << sh;
	return (t << sh & mask) | (c & ~mask);
}

/* VSHL / VSHR of the 33-bit a by b read as an unsigned count (PTX's vshl, vshr: tb is
   u32 whatever b's type, so its sign extension cannot matter): clamped to 32 or, with
   .W, taken mod 32. A right shift copies a's sign (0 for an unsigned a); a left shift is
   kept whole, up to 65 bits, so that .SAT clamps its true value rather than a wrapped
   one (the PTX ISA writes tmp = ta << tb on its unbounded intermediate). */
static inline __int128 video_shift(int64_t ta, uint32_t tb, int mode)
{
	tb = mode & EMU_VSH_CLAMP ? (tb > 32 ? 32 : tb) : tb & 31;
	if (mode & EMU_VSH_RIGHT)
		return ta >> tb;
	return (__int128)ta * ((__int128)1 << tb);
}

/* VMAD as the PTX ISA's vmad pseudo-code: the whole product of the 33-bit a and b; the
   product negated (inverted, plus one) when exactly one of a, b is negated, or else c
   inverted (as 32 bits) plus one when c is, or .PO's plain plus one; c extended by the
   final sign (emu_insn.sign: signed when a or b is signed or an operand negated; so the
   c of (u32 * u32) - c is read as s32, as the pseudo-code's sext32, where the ISA's prose
   says c takes the product's sign); the sum shifted right by the scale (.SHR_7, .SHR_15,
   arithmetic: the sum is exact in 128 bits, so the ISA's 64-bit mask after the shift
   drops nothing); .SAT clamps to 32 bits of the final sign. */
static inline uint32_t video_mad(int64_t ta, int64_t tb, uint32_t c, const emu_insn *in)
{
	__int128 p = (__int128)ta * tb;
	int lsb = 0;
	if (in->sub & EMU_VMAD_PO)
		lsb = 1;
	else if (in->sub3 & EMU_VID_NEGP) {
		p = ~p;
		lsb = 1;
	} else if (in->sub3 & EMU_VID_NEGC) {
		c = ~c;
		lsb = 1;
	}
	__int128 cc = in->sign ? (__int128)(int32_t)c : (__int128)c;
	__int128 t = p + cc + lsb;
	t >>= in->sub & EMU_VMAD_SHR7 ? 7 : in->sub & EMU_VMAD_SHR15 ? 15 : 0;
	if (in->sub3 & EMU_VID_SAT)
		t = video_sat(t, in->sign, EMU_VMRG_NONE);
	return (uint32_t)t;
}

/* The scalar video instructions as the PTX ISA defines them: tmp = a OP b on 33-bit
   values (VSHL/VSHR, VMAD above), saturated with .SAT to the destination type or merged
   subword, then the secondary operation with c (add; min, max as the destination type)
   or the data merge into c. */
static void h_video(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	int op = in->sub & 7, cmp = in->sub >> 3 & 7, mrg = in->sub2 >> EMU_VMRG_SHIFT & 7;
	bool asx = in->sub3 & EMU_VID_ASX, bsx = in->sub3 & EMU_VID_BSX, sat = in->sub3 & EMU_VID_SAT;
	LANE_LOOP {
		int64_t ta = video_ext(a[l], asx, in->s[0].neg), tb = video_ext(b[l], bsx, in->s[1].neg);
		__int128 t;
		if (op == EMU_VOP_MAD) {
			WR(d, l, video_mad(ta, tb, c[l], in));
			continue;
		}
		switch (op) {
		case EMU_VOP_ADD: t = ta + tb; break;
		case EMU_VOP_SUB: t = ta - tb; break;
		case EMU_VOP_ABSDIFF: t = ta > tb ? ta - tb : tb - ta; break;
		case EMU_VOP_MIN: t = ta < tb ? ta : tb; break;
		case EMU_VOP_MAX: t = ta > tb ? ta : tb; break;
		case EMU_VOP_SHIFT: t = video_shift(ta, b[l], in->sub); break;
		default: /* EMU_VOP_SET */
			t = (cmp >> (ta < tb ? 0 : ta == tb ? 1 : 2)) & 1;
			break;
		}
		if (sat)
			t = video_sat(t, in->sign, mrg);
		WR(d, l, video_out((uint32_t)t, c[l], in->sign, in->sub2));
	}
}
