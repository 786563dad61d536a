/* What the Fermi completions added: ISET.X, PSET and the video instructions on 8/16-bit
   lanes (included once, by emu/loop.h, after emu/ops_alu.h). */

/* ISET.X d, a, b, c: ISET on the high words of a wider compare (ISETP.X's reading,
   emu/ops_alu.h) */
static void h_iset_x(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	iset_write(w, in, cmp_x_mask(x, w, in), G);
}

/* PSET d, p, q, r: d = ((p BOP1 q) BOP2 r) ? -1 (1.0f with .BF) : 0 */
static void h_pset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	(void)x;
	iset_write(w, in, bop(in->sub, pred_val(w, &in->s[0]), pred_val(w, &in->s[1])), G);
}

/* A video source as PTX's partSelectSignExtend leaves it: the selector picked and
   extended by the source (emu_insn comment in asm/sel_video.c), here widened to 33 bits
   and negated when written -a. */
static inline int64_t video_ext(uint32_t v, bool sx32, bool neg)
{
	int64_t t = sx32 ? (int64_t)(int32_t)v : (int64_t)v;
	return neg ? -t : t;
}

/* The scalar video instructions as the PTX ISA defines them: tmp = a OP b on 33-bit
   values, saturated to the destination type with .SAT, then the secondary operation with
   c (add; min, max as the destination type). */
static void h_video(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	INT2_PROLOGUE;
	uint32_t tc[32];
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	int op = in->sub & 7, cmp = in->sub >> 3 & 7;
	bool asx = in->sub3 & EMU_VID_ASX, bsx = in->sub3 & EMU_VID_BSX, sat = in->sub3 & EMU_VID_SAT;
	LANE_LOOP {
		int64_t ta = video_ext(a[l], asx, in->s[0].neg), tb = video_ext(b[l], bsx, in->s[1].neg), t;
		switch (op) {
		case EMU_VOP_ADD: t = ta + tb; break;
		case EMU_VOP_SUB: t = ta - tb; break;
		case EMU_VOP_ABSDIFF: t = ta > tb ? ta - tb : tb - ta; break;
		case EMU_VOP_MIN: t = ta < tb ? ta : tb; break;
		case EMU_VOP_MAX: t = ta > tb ? ta : tb; break;
		default: /* EMU_VOP_SET */
			t = (cmp >> (ta < tb ? 0 : ta == tb ? 1 : 2)) & 1;
			break;
		}
		if (sat) {
			int64_t lo = in->sign ? INT32_MIN : 0, hi = in->sign ? INT32_MAX : (int64_t)UINT32_MAX;
			t = t < lo ? lo : t > hi ? hi : t;
		}
		WR(d, l, video_second((uint32_t)t, c[l], in->sign, in->sub2));
	}
}
