/* Special registers, votes and indexed branches (included once, by emu/interp.c). */
static void h_s2r(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t *d = w->r[in->d];
	const emu_cta *c = x->cur_cta;
	uint32_t v = 0;
	switch (in->sub) {
	case SR_TID_X: case SR_TID_Y: case SR_TID_Z:
		LANE_LOOP WR(d, l, w->tid[in->sub - SR_TID_X][l]);
		return;
	case SR_LANEID:
		LANE_LOOP WR(d, l, (uint32_t)l);
		return;
	case SR_LANEMASK_EQ: LANE_LOOP WR(d, l, 1u << l); return;
	case SR_LANEMASK_LT: LANE_LOOP WR(d, l, (1u << l) - 1); return;
	case SR_LANEMASK_LE: LANE_LOOP WR(d, l, (uint32_t)((2ull << l) - 1)); return;
	case SR_LANEMASK_GT: LANE_LOOP WR(d, l, ~(uint32_t)((2ull << l) - 1)); return;
	case SR_LANEMASK_GE: LANE_LOOP WR(d, l, ~((1u << l) - 1)); return;
	case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z: v = c->ctaid[in->sub - SR_CTAID_X]; break;
	case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z: v = x->block[in->sub - SR_NTID_X]; break;
	case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z: v = x->grid[in->sub - SR_NCTAID_X]; break;
	case SR_WARPID: v = (uint32_t)w->id; break;
	case SR_CLOCKLO: v = (uint32_t)(x->steps - c->steps0); break;
	case SR_CLOCKHI: v = (uint32_t)((x->steps - c->steps0) >> 32); break;
	case SR_SWINHI: v = EMU_SHARED_WINDOW_HI; break;
	default: v = 0; break;
	}
	LANE_LOOP WR(d, l, v);
}

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

/* Instruction index of a byte address, or -1. */
static int index_of_addr(const emu_func *f, uint64_t a)
{
	int lo = 0, hi = f->n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (f->insns[mid].addr == a)
			return mid;
		if (f->insns[mid].addr < a)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static bool h_brx(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, uint32_t pc)
{
	uint32_t ta[32], targets[32] = {0};
	int n = w->nlanes;
	const uint32_t *a = in->sub2 ? NULL : vsrc(x, w, &in->s[0], ta);
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint32_t addr;
		if (a)
			addr = a[l] + (uint32_t)in->off;
		else {
			uint8_t *p = mem_addr(x, w, in, EMU_SP_CONST, l, 4);
			if (!p)
				return false;
			memcpy(&addr, p, 4);
		}
		int t = index_of_addr(x->f, addr);
		if (t < 0 && x->prog->ctrl_bytes && addr % x->prog->ctrl_bytes == 0) /* a control word */
			t = index_of_addr(x->f, (uint64_t)addr + 8);
		if (t < 0) {
			emu_trap_at(x, w, l, in, "BRX target 0x%x is not the address of an instruction", addr);
			return false;
		}
		targets[l] = (uint32_t)t;
	}
	cf_status st = cf_brx(w, G, pc, pc + 1, targets);
	if (st != SIMT_OK) {
		emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
		return false;
	}
	return true;
}

