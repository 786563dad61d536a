/* Control-flow, special-register and barrier operation bodies (one family of
   emu/handlers.def): S2R and CS2R, branches (BRA, BRA.U on a predicate, BRX), the CTA
   barrier, BMOV, WARPSYNC and BRA.DIV. The token stack's and the convergence barriers'
   own bookkeeping is in the control-flow model (emu/cf.h). */
static void h_s2r(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t *d = w->r[in->d];
	const emu_cta *c = x->cur_cta;
	uint32_t v = 0;
	switch (in->sreg) {
	case SR_TID_X: case SR_TID_Y: case SR_TID_Z:
		LANE_LOOP WR(d, l, w->tid[in->sreg - SR_TID_X][l]);
		return;
	case SR_LANEID:
		LANE_LOOP WR(d, l, (uint32_t)l);
		return;
	case SR_LANEMASK_EQ: LANE_LOOP WR(d, l, 1u << l); return;
	case SR_LANEMASK_LT: LANE_LOOP WR(d, l, (1u << l) - 1); return;
	case SR_LANEMASK_LE: LANE_LOOP WR(d, l, (uint32_t)((2ull << l) - 1)); return;
	case SR_LANEMASK_GT: LANE_LOOP WR(d, l, ~(uint32_t)((2ull << l) - 1)); return;
	case SR_LANEMASK_GE: LANE_LOOP WR(d, l, ~((1u << l) - 1)); return;
	case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z: v = c->ctaid[in->sreg - SR_CTAID_X]; break;
	case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z: v = x->block[in->sreg - SR_NTID_X]; break;
	case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z: v = x->grid[in->sreg - SR_NCTAID_X]; break;
	case SR_WARPID: v = (uint32_t)w->id; break;
	case SR_CLOCKLO: v = (uint32_t)(x->steps - c->steps0); break;
	case SR_CLOCKHI: v = (uint32_t)((x->steps - c->steps0) >> 32); break;
	case SR_SWINHI: v = (uint32_t)(x->gmem.swin >> 32); break;
	default: v = 0; break;
	}
	LANE_LOOP WR(d, l, v);
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

/* BRX: each lane of G to the instruction at its address (a register + offset, or a word of
   a constant bank); a guarded BRX that splits the warp counts as divergent */
static bool h_brx(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t A, uint32_t G, bool guarded, uint32_t pc,
		  emu_stats *stats)
{
	if (guarded && G && G != A)
		stats->divergent++;
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
		if (t == 0) { /* no compiled branch goes back to the kernel's entry: a table of zeros */
			emu_trap_at(x, w, l, in, "BRX target 0x%x is the kernel's first instruction: a jump table that "
				    "reads as 0? (a -sass listing lacks the constant banks of cuobjdump -elf -sass)", addr);
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

/* CS2R d, SRZ / SR_CLOCKLO: a pair (width 2) or one register */
static void h_cs2r(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint64_t v = in->sreg == SR_ZERO ? 0 : x->steps - x->cur_cta->steps0;
	uint32_t *d = w->r[in->d];
	LANE_LOOP WR(d, l, (uint32_t)v);
	if (in->width == 2) {
		uint32_t *d1 = w->r[in->d + 1];
		LANE_LOOP WR(d1, l, (uint32_t)(v >> 32));
	}
}

/* BRA: G to the target (a guarded branch that splits the warp counts as divergent) */
static inline __attribute__((always_inline)) cf_status h_bra(emu_warp *w, const emu_insn *in, uint32_t A, uint32_t G,
							     bool guarded, uint32_t pc, emu_stats *stats)
{
	if (guarded && G && G != A)
		stats->divergent++;
	return cf_bra(w, G, guarded, pc, pc + 1, in->target);
}

/* @P0 BRA P1, t (sm_70+): the lanes whose guard and P1 hold branch */
static inline __attribute__((always_inline)) cf_status h_bra_p(emu_warp *w, const emu_insn *in, uint32_t A, uint32_t G,
							       uint32_t pc, emu_stats *stats)
{
	uint32_t T = G & pred_val(w, &in->s[0]);
	if (T && T != A)
		stats->divergent++;
	return cf_bra(w, T, true, pc, pc + 1, in->target);
}

/* BAR: the warp's lanes of G arrive at barrier b (0-15); with convergence barriers they may
   arrive in groups, and the warp arrives with its last lanes. Returns RUN_BAR when the warp
   waits, RUN_TRAP after a trap, -1 to go on. */
static inline __attribute__((always_inline)) int h_bar(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G,
						       bool guarded, uint32_t pc)
{
	if (!G) /* predicated off for every lane: the warp does not arrive */
		return -1;
	uint32_t t[32];
	const uint32_t *b = vsrc(x, w, &in->s[0], t);
	int first = __builtin_ctz(G);
	if (b[first] > 15) { /* 16 named barriers, 0-15 */
		emu_trap_at(x, w, first, in, "barrier %u does not exist (barriers 0-15)", b[first]);
		return RUN_TRAP;
	}
	if (cf_bar_first(w)) {
		w->bar_mask = 0;
		w->bar_count = 0;
	}
	if (in->sub3) { /* a thread count: only the whole CTA's is modelled (a register: bits 16-27) */
		uint32_t t2[32], n = vsrc(x, w, &in->s[2], t2)[first], all = x->block[0] * x->block[1] * x->block[2];
		if (in->sub3 == 2)
			n = n >> 16 & 0xfff;
		uint32_t ws = (uint32_t)x->warp_size;
		if (n && n != (all + ws - 1) / ws * ws) {
			emu_trap_at(x, w, first, in, "a barrier of %u threads, not the CTA's %u: named barriers of "
				    "part of a CTA are not modelled", n, all);
			return RUN_TRAP;
		}
	}
	w->bar_id = (int)b[first];
	w->bar_op = in->sub2;
	w->bar_pc = in->addr;
	w->bar_mask |= G;
	w->bar_dst = in->sub ? in->d : EMU_NO_REG;
	w->bar_count += (uint32_t)popc32(G & pred_val(w, &in->s[1]));
	if (!cf_bar(w, G, pc + 1)) /* the group waits; the warp arrives with its last lanes */
		return -1;
	w->state = EMU_W_BAR;
	cf_status st = in->sflag ? cf_after(w, G, guarded) : CF_OK;
	if (st != CF_OK) {
		emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
		return RUN_TRAP;
	}
	return RUN_BAR;
}

/* BMOV: a barrier's lane mask to and from registers and other barriers; a write replaces
   the whole mask (docs/volta.md, "How groups are scheduled"). bn is the barrier Bn. */
/* Rd = Bn; .CLEAR: then Bn is empty */
static inline cf_status h_bmov_rb(emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t v = cf_bget(w, in->bn), *d = w->r[in->d];
	int n = w->nlanes;
	LANE_LOOP WR(d, l, v);
	return in->clear ? cf_bset(w, in->bn, 0, G) : CF_OK;
}

/* Bn = Rs of the group's lowest lane (the group saved it together: every lane holds the
   same mask) */
static inline cf_status h_bmov_br(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	if (!G)
		return CF_OK;
	uint32_t t[32];
	const uint32_t *a = vsrc(x, w, &in->s[0], t);
	return cf_bset(w, in->bn, a[__builtin_ctz(G)], G);
}

/* Bd = Bs; .CLEAR: then Bs is empty */
static inline cf_status h_bmov_bb(emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t v = cf_bget(w, in->bsrc);
	cf_status st = in->clear ? cf_bset(w, in->bsrc, 0, G) : CF_OK;
	return st == CF_OK ? cf_bset(w, in->bn, v, G) : st;
}

/* WARPSYNC m (.ALL, sub2: every lane): wait until every live lane of m waits here */
static inline cf_status h_warpsync(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, uint32_t pc)
{
	if (!G)
		return CF_OK;
	uint32_t t[32];
	uint32_t m = in->sub2 ? 0xffffffffu : vsrc(x, w, &in->s[0], t)[__builtin_ctz(G)];
	return cf_warpsync(w, m, G, pc + 1);
}

/* BRA.DIV (sub 1) / .CONV (sub 0) m, t: the warp branches when the live lanes of m are not /
   are all in the issuing group */
static inline void h_bra_div(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t A, uint32_t G, uint32_t pc)
{
	if (!G)
		return;
	uint32_t t[32];
	uint32_t m = vsrc(x, w, &in->s[0], t)[__builtin_ctz(G)] & cf_live(w);
	bool all = (m & ~A) == 0;
	if (all != (bool)in->sub)
		cf_bra_u(w, A, pc + 1, in->target);
}

/* WARPSYNC.COLLECTIVE m, t (sm_90+, the divergent path of a warp-wide operation): the lanes
   of G outside m go to t; those in m wait for every live lane of m, as WARPSYNC, and run
   the region up to ENDCOLLECTIVE together. A group with lanes on both sides is refused:
   ptxas's code never issues it (the group comes from a BRA.DIV on m), and which part the
   hardware runs first is not documented. -1 to go on, RUN_TRAP after a trap (its own
   status, not the loop's st: a body that took st's address would keep it in memory for
   every issue of the loop). */
static int h_warpsync_collective(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, uint32_t pc)
{
	if (!G)
		return -1;
	uint32_t t[32];
	uint32_t m = vsrc(x, w, &in->s[0], t)[__builtin_ctz(G)], out = G & ~m;
	if (out == G) {
		cf_bra_u(w, G, pc + 1, in->target);
		return -1;
	}
	if (out) {
		emu_trap_at(x, w, __builtin_ctz(out), in,
			    "WARPSYNC.COLLECTIVE: the issuing lanes 0x%08x are partly outside the mask 0x%08x (not modelled)",
			    G, m);
		return RUN_TRAP;
	}
	cf_status st = cf_warpsync(w, m, G, pc + 1);
	if (st != CF_OK) {
		emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
		return RUN_TRAP;
	}
	return -1;
}
