/* Synchronisation bodies of sm_90 (included once per loop build by emu/loop.h): the
   mbarrier object's instructions (SYNCS), ELECT and the cluster barrier of a one-CTA
   cluster (UCGABAR_ARV, UCGABAR_WAIT). docs/generations.md ("Hopper") gives the layout and
   the rules, and how each spelling was verified. */

/* ---- the mbarrier object: one 64-bit word of shared memory ----
   lo[20:1]  the expected arrival count, as 2^20 - count (mbarrier.init writes it)
   hi[30:11] the arrivals still pending in the current phase, as 2^20 - pending
   hi[31]    the current phase's parity
   the transaction count (expect_tx / complete_tx) in the bits the hardware leaves unused
   by the above: a 22-bit two's-complement number, hi[10:0] its low half, lo[31:21] its
   high half. The first three are as ptxas 11.8's own code reads and writes them
   (mbarrier.init, .pending_count, test_wait.parity); the hardware's place for the
   transaction count is not documented, and no PTX instruction reads it back. */
#define MBAR_CNT(v) ((0x100000u - ((v) & 0xfffffu)) & 0xfffffu)
static inline uint32_t mbar_expected(uint64_t s) { return MBAR_CNT((uint32_t)s >> 1); }
static inline uint32_t mbar_pending(uint64_t s) { return MBAR_CNT((uint32_t)(s >> 43)); }
static inline int32_t mbar_tx(uint64_t s)
{
	uint32_t t = (uint32_t)(s >> 32) & 0x7ffu, u = (uint32_t)s >> 21;
	return (int32_t)((t | u << 11) << 10) >> 10;
}
static inline uint64_t mbar_pack(uint32_t expected, uint32_t pending, int32_t tx, uint32_t phase)
{
	uint32_t t = (uint32_t)tx & 0x3fffffu;
	uint32_t lo = MBAR_CNT(expected) << 1 | (t >> 11) << 21;
	uint32_t hi = MBAR_CNT(pending) << 11 | (t & 0x7ffu) | (phase & 1u) << 31;
	return (uint64_t)hi << 32 | lo;
}

static inline uint64_t rd64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* The shared word lane l names: a shared::cluster address ([31:24] the CTA's rank in the
   cluster). simtemu runs one-CTA clusters: another rank is a located trap. */
static uint8_t *sync_word(emu_ctx *x, emu_warp *w, const emu_insn *in, int l)
{
	uint64_t a = emu_lane_addr(in, w, l);
	if (a >> 24) {
		emu_trap_at(x, w, l, in, "shared::cluster address 0x%llx names CTA rank %llu: simtemu runs one-CTA "
			    "clusters (rank 0)", (unsigned long long)a, (unsigned long long)(a >> 24));
		return NULL;
	}
	return mem_addr(x, w, in, EMU_SP_SHARED, l, 8);
}

/* SYNCS.EXCH.64 d, [a], b: d = the word, the word = the pair b (mbarrier.init) */
static bool h_syncs_exch(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], t1[32];
	const uint32_t *b0 = vsrc(x, w, &in->s[0], t0), *b1 = vsrc(x, w, &in->s[1], t1);
	for (int l = 0; l < w->nlanes; l++) {
		if (!ON(l))
			continue;
		uint8_t *p = sync_word(x, w, in, l);
		if (!p)
			return false;
		uint64_t old = rd64(p), v = (uint64_t)b1[l] << 32 | b0[l];
		memcpy(p, &v, 8);
		w->r[in->d][l] = (uint32_t)old;
		w->r[in->d + 1][l] = (uint32_t)(old >> 32);
	}
	return true;
}

/* SYNCS.ARRIVE.TRANS64[.RED][.OPTOUT].<AnTm> d, [a], b, one lane after another: the
   transaction count grows by b (T from a register: expect_tx) or shrinks by it (.A0TX:
   complete_tx); n arrivals (.A1: one, .AR: b of them) leave the pending count; .OPTOUT
   (arrive_drop) also lowers the expected count of the phases to come. When no arrival is
   pending and the transaction count is zero, the phase completes: the parity flips and
   the pending count is the expected one again. d (a pair) = the word before: the token
   that SYNCS.PHASECHK tests. */
static bool h_syncs_arrive(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32];
	const uint32_t *b = vsrc(x, w, &in->s[0], t0);
	for (int l = 0; l < w->nlanes; l++) {
		if (!ON(l))
			continue;
		uint8_t *p = sync_word(x, w, in, l);
		if (!p)
			return false;
		uint64_t old = rd64(p);
		uint32_t exp = mbar_expected(old), pend = mbar_pending(old), ph = (uint32_t)(old >> 63);
		int32_t tx = mbar_tx(old);
		uint32_t n = in->sub2 == SYNCS_ARR_ONE ? 1 : in->sub2 == SYNCS_ARR_REG ? b[l] : 0;
		if ((in->sub3 & 3) == SYNCS_TX_EXPECT)
			tx += (int32_t)b[l];
		else if ((in->sub3 & 3) == SYNCS_TX_COMPLETE)
			tx -= (int32_t)b[l];
		if (n > pend) {
			emu_trap_at(x, w, l, in, "mbarrier: %u arrivals where %u are pending (the phase would "
				    "complete more than once)", n, pend);
			return false;
		}
		pend -= n;
		if (in->sub3 & SYNCS_DROP)
			exp -= n < exp ? n : exp;
		if (pend == 0 && tx == 0) { /* the phase completes */
			ph ^= 1;
			pend = exp;
		}
		uint64_t v = mbar_pack(exp, pend, tx, ph);
		memcpy(p, &v, 8);
		w->r[in->d][l] = (uint32_t)old;
		w->r[in->d + 1][l] = (uint32_t)(old >> 32);
	}
	return true;
}

/* SYNCS.PHASECHK.TRANS64[.TRYWAIT] p, [a], b: p = the phase whose parity is bit 31 of b
   has completed (the word's parity differs). Lanes that find it incomplete let the other
   warps run: the warp yields its turn (a spin loop around it makes progress). */
static int h_syncs_phasechk(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t t0[32], r = 0;
	const uint32_t *b = vsrc(x, w, &in->s[0], t0);
	for (int l = 0; l < w->nlanes; l++) {
		if (!ON(l))
			continue;
		uint8_t *p = sync_word(x, w, in, l);
		if (!p)
			return RUN_TRAP;
		r |= (uint32_t)((rd64(p) >> 63 ^ b[l] >> 31) & 1) << l;
	}
	pred_write(w, in->d2, r, G);
	if (r == G)
		return -1;
	cf_yield(w);
	return RUN_YIELD;
}

/* ELECT p, d, q: of the issuing lanes where q holds, the lowest is the leader: p is true
   there and false in the others; d (uniform) = its lane number in every lane. */
static void h_elect(emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t c = G & pred_val(w, &in->s[0]);
	pred_write(w, in->d2, c & -c, G);
	if (c) {
		uint32_t *d = w->r[in->d], v = (uint32_t)__builtin_ctz(c);
		for (int l = 0; l < w->nlanes; l++)
			d[l] = v;
	}
}

/* ---- the cluster barrier of a one-CTA cluster (barrier.cluster.arrive / .wait) ----
   A warp arrives (UCGABAR_ARV) once per phase; the phase completes when every warp of the
   CTA that has not exited has arrived; UCGABAR_WAIT waits for the phase the warp arrived
   in. emu_cta.cga_phase counts completed phases, emu_warp.cga_wait is the phase the warp
   arrived in plus one until it has waited (0: none); a warp waiting is EMU_W_CGA. */
static bool h_ucgabar_arv(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	if (!G)
		return true;
	emu_cta *c = x->cur_cta;
	if (w->cga_wait) {
		emu_trap_at(x, w, -1, in, "UCGABAR_ARV: the warp arrives again before waiting for the cluster "
			    "barrier's phase it arrived in");
		return false;
	}
	w->cga_wait = c->cga_phase + 1;
	emu_cga_complete(c);
	return true;
}

static int h_ucgabar_wait(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	if (!G)
		return -1;
	if (!w->cga_wait) {
		emu_trap_at(x, w, -1, in, "UCGABAR_WAIT without a UCGABAR_ARV of this warp before it");
		return RUN_TRAP;
	}
	if (w->cga_wait <= x->cur_cta->cga_phase) { /* that phase has completed */
		w->cga_wait = 0;
		return -1;
	}
	w->state = EMU_W_CGA;
	return RUN_BAR;
}

/* B2R.RESULT d[, p]: the result of the warp's last BAR.RED: d = the count of lanes whose
   predicate held; p = all of the lanes that took part (.AND), any (.OR, .POPC) */
static void h_b2r(emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t *d = w->r[in->d], v = w->bar_res;
	int n = w->nlanes;
	LANE_LOOP WR(d, l, v);
	bool p = w->bar_op == 2 ? w->bar_res == w->bar_all : w->bar_res != 0;
	pred_write(w, in->d2, p ? 0xffffffffu : 0, G);
}
