/* Texture bodies: TEX, TLD, TLD4 (one body, in->fn tells them apart) and TXQ over the
   .texture table (emu_tex; docs/textures.md). Linear 1D and 2D textures of one level,
   point sampling, clamp or wrap addressing. Included once per loop build by emu/loop.h.

   The decoded operands (asm/sel_tex.c):
     s[0], s[1]  the x and y coordinates (y: 0 for 1D), float bits for TEX and TLD4,
                 integers for TLD; TXQ: none
     s[2]        the handle: c[bank][slot * 4] (bound at launch), or a register (.B)
     fn          EMU_TEXOP_*; TLD4: EMU_TEXOP_TLD4 + the gathered component
     sub2        dimensions, 1 or 2
     sub3        the component mask (bit 0 r ... bit 3 a): the selected components are
                 packed, the first two into d and d + 1, the others into d2 and d2 + 1
     width       bit 0: d is RZ (those results are dropped), bit 1: d2 is RZ */

/* Component c of texel (i, j) as 32 result bits; a missing component reads 0, a missing
   alpha 1 (1.0 for float textures). */
static inline uint32_t tex_comp(const emu_tex *t, uint32_t i, uint32_t j, int c)
{
	if (c >= t->chans)
		return c == 3 ? (t->kind == EMU_TEXK_FLOAT ? 0x3f800000u : 1u) : 0u;
	const uint8_t *p = t->data + (((uint64_t)j * t->w + i) * t->chans + (uint64_t)c) * t->esize;
	switch (t->esize) {
	case 1:
		return t->kind == EMU_TEXK_SIGNED ? (uint32_t)(int32_t)(int8_t)p[0] : p[0];
	case 2: {
		uint16_t v;
		memcpy(&v, p, 2);
		return t->kind == EMU_TEXK_SIGNED ? (uint32_t)(int32_t)(int16_t)v : v;
	}
	default: {
		uint32_t v;
		memcpy(&v, p, 4);
		return v;
	}
	}
}

/* A texel index after addressing: wrapped (modulo n) or clamped to 0 .. n-1. */
static inline uint32_t tex_wrap(int64_t i, uint32_t n, bool wrap)
{
	if (wrap) {
		i %= (int64_t)n;
		return (uint32_t)(i < 0 ? i + n : i);
	}
	return i < 0 ? 0u : i >= (int64_t)n ? n - 1 : (uint32_t)i;
}

/* A float coordinate in texels (normalised ones scaled by n), offset by -0.5 for TLD4's
   footprint, rounded down; NaN reads as 0, and huge values stay in range. */
static inline int64_t tex_floor(uint32_t bits, uint32_t n, bool norm, double off)
{
	double v = (double)f32(bits);
	if (v != v)
		v = 0;
	v = floor((norm ? v * n : v) + off);
	return v < -1e12 ? (int64_t)-1e12 : v > 1e12 ? (int64_t)1e12 : (int64_t)v;
}

static bool h_tex(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], t1[32], t2[32];
	const uint32_t *xs = vraw(x, w, &in->s[0], t0), *ys = vraw(x, w, &in->s[1], t1);
	const uint32_t *hs = vraw(x, w, &in->s[2], t2);
	int op = in->fn < EMU_TEXOP_TLD4 ? in->fn : EMU_TEXOP_TLD4;
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint32_t h = hs[l];
		if (h == 0 || h > (uint32_t)x->ntex) {
			if (in->s[2].kind == SRC_CONST)
				emu_trap_at(x, w, l, in, "texture handle 0x%x (from c[0x%x][0x%x]) names no .texture",
					    h, in->s[2].bank, in->s[2].imm);
			else
				emu_trap_at(x, w, l, in, "texture handle 0x%x (from R%u) names no .texture", h,
					    (unsigned)in->s[2].reg);
			return false;
		}
		/* a 1D texture is one row: ptxas reads 1D texture references as 2D ones at y = 0 */
		const emu_tex *t = &x->tex[h - 1];
		uint32_t v[4];
		switch (op) {
		case EMU_TEXOP_TEX: {
			uint32_t i = tex_wrap(tex_floor(xs[l], t->w, t->norm, 0), t->w, t->wrap);
			uint32_t j = in->sub2 == 2 ? tex_wrap(tex_floor(ys[l], t->h, t->norm, 0), t->h, t->wrap) : 0;
			for (int c = 0; c < 4; c++)
				v[c] = tex_comp(t, i, j, c);
			break;
		}
		case EMU_TEXOP_TLD: { /* integer texel coordinates; outside the texture: zeros */
			int32_t i = (int32_t)xs[l], j = in->sub2 == 2 ? (int32_t)ys[l] : 0;
			bool in_range = i >= 0 && (uint32_t)i < t->w && j >= 0 && (uint32_t)j < t->h;
			for (int c = 0; c < 4; c++)
				v[c] = in_range ? tex_comp(t, (uint32_t)i, (uint32_t)j, c) : 0u;
			break;
		}
		case EMU_TEXOP_TXQ: /* TEX_HEADER_DIMENSION: width, height, depth, levels */
			v[0] = t->w;
			v[1] = t->h;
			v[2] = 1;
			v[3] = 1;
			break;
		default: { /* TLD4: one component of the 2x2 footprint, in gather order */
			int64_t i0 = tex_floor(xs[l], t->w, t->norm, -0.5), j0 = tex_floor(ys[l], t->h, t->norm, -0.5);
			uint32_t a = tex_wrap(i0, t->w, t->wrap), b = tex_wrap(i0 + 1, t->w, t->wrap);
			uint32_t c0 = tex_wrap(j0, t->h, t->wrap), c1 = tex_wrap(j0 + 1, t->h, t->wrap);
			int c = in->fn - EMU_TEXOP_TLD4;
			v[0] = tex_comp(t, a, c1, c);
			v[1] = tex_comp(t, b, c1, c);
			v[2] = tex_comp(t, b, c0, c);
			v[3] = tex_comp(t, a, c0, c);
			break;
		}
		}
		int k = 0;
		for (int c = 0; c < 4; c++) {
			if (!(in->sub3 >> c & 1))
				continue;
			int pair = k >> 1;
			if (!(in->width >> pair & 1))
				w->r[(pair ? in->d2 : in->d) + (k & 1)][l] = v[c];
			k++;
		}
	}
	return true;
}
