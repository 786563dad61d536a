/* Warp-level operation bodies (one family of emu/handlers.def): votes (over the guarded
   lanes, or over the issuing group), shuffles and matches. */
static void h_vote(emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t pv = pred_val(w, &in->s[0]);
	uint32_t ballot = G & pv, *d = w->r[in->d];
	/* sub: 0 ANY, 1 ALL, 2 EQ (the same p in every lane of G) */
	uint32_t q = in->sub == 1 ? ((G & ~pv) == 0 ? ~0u : 0) : in->sub == 2 ? (!ballot || ballot == G ? ~0u : 0)
		: (ballot ? ~0u : 0);
	LANE_LOOP WR(d, l, ballot);
	pred_write(w, in->d2, q, G);
}

/* SHFL (PTX ISA, shfl.sync): lane l reads a from lane j, with c = segmask << 8 | clamp,
   maxLane = (l & segmask) | (clamp & ~segmask), minLane = l & segmask:
   IDX j = minLane | (b & ~segmask), in range if j <= maxLane; UP j = l - b, in range if
   j >= maxLane; DOWN j = l + b and BFLY j = l ^ b, in range if j <= maxLane. Out of range
   (or past the warp's lanes), j = l. p is whether j was in range. A source lane that is
   not active gives what its register holds. */
static void h_shfl(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32], r[32], p = 0;
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = vsrc(x, w, &in->s[2], tc);
	LANE_LOOP {
		int32_t clamp = (int32_t)(c[l] & 0x1f), seg = (int32_t)(c[l] >> 8 & 0x1f), bv = (int32_t)(b[l] & 0x1f);
		int32_t maxl = (l & seg) | (clamp & ~seg), minl = l & seg, j;
		bool ok;
		switch (in->sub) {
		case EMU_SHFL_IDX: j = minl | (bv & ~seg); ok = j <= maxl; break;
		case EMU_SHFL_UP: j = l - bv; ok = j >= maxl; break;
		case EMU_SHFL_DOWN: j = l + bv; ok = j <= maxl; break;
		default: j = l ^ bv; ok = j <= maxl; break;
		}
		if (!ok || j < 0 || j >= n)
			j = l, ok = false;
		r[l] = a[j];
		p |= (uint32_t)ok << l;
	}
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, r[l]);
	pred_write(w, in->d2, p, G);
}

/* VOTE / VOTEU over the issuing group g (its lanes whose guard holds): d = ballot, q = any,
   all or all-equal; written to the lanes of G (every valid lane for VOTEU). */
static void h_vote_group(emu_warp *w, const emu_insn *in, uint32_t g, uint32_t G)
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
static void h_match(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
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
