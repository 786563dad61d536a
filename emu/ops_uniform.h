/* Operation bodies of the uniform datapath's own instructions (one family of
   emu/handlers.def): REDUX and R2UR read the issuing group and write one value for the
   warp. (Other U-prefixed opcodes reuse the ordinary bodies with EMU_STEP_UNIFORM.) */
/* REDUX.op d, a: the reduction over the group's lanes, into every lane of uniform d */
static void h_redux(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
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
static void h_r2ur(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	if (!G)
		return;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t v = a[__builtin_ctz(G)], *d = w->r[in->d];
	LANE_LOOP d[l] = v;
}
