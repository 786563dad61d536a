/* Double-precision operation bodies (one family of emu/handlers.def): DADD/DMUL/DFMA/DMNMX,
   DSETP, DSET and FRND.F64. */
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
	if (in->rnd2 != EMU_RND_RN)
		fesetround(fe_mode(in->rnd2));
	uint32_t p = in->fn == EMU_D_MNMX ? pred_val(w, &in->s[2]) : 0;
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
	pred_write(w, in->d, bop(in->bop, r, c), G);
	pred_write(w, in->d2, bop(in->bop, ~r, c), G);
}

static void h_dset(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	set_write(w, in, dcmp_lanes(x, w, in), G);
}

/* FRND.F64: the same on a register pair. */
static void h_frnd64(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	LANE_LOOP {
		if (!ON(l))
			continue;
		double r = round_int(dsrc(x, w, &in->s[0], l), in->sub);
		uint64_t u = u64d(r);
		w->r[in->d][l] = (uint32_t)u;
		w->r[in->d + 1][l] = (uint32_t)(u >> 32);
	}
}
