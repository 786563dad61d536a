/* The convergence-barrier control-flow model (SPEC section 6.2, sm_70 and later) behind the
   interface of emu/cf.h: thin inline wrappers over emu/cfbar.c, the model's own module
   and suite. The token stack's own instructions never reach it (no table of its
   generations selects them); if one did, it traps. */
#ifndef SIMTEMU_EMU_CF_BARRIER_H
#define SIMTEMU_EMU_CF_BARRIER_H

#include "emu/cf.h"
#include "emu/cfbar.h"
#include "emu/emu.h"

typedef int cf_status;
#define CF_OK 0
#define CF_FOREIGN 100 /* a token-stack instruction */

static inline const char *cf_status_text(cf_status st)
{
	return st == CF_FOREIGN ? "token-stack instruction on a generation with convergence barriers"
				: cfb_status_text((cfb_status)st);
}

static inline int cf_next(emu_ctx *x, emu_warp *w)
{
	(void)x;
	if (w->s.A && w->vb->ng == 0) /* one group: it goes on */
		return CF_READY;
	switch (cfb_next(w->vb, &w->s)) {
	case CFB_READY: return CF_READY;
	case CFB_DONE: return CF_DONE;
	case CFB_ARRIVED: return CF_ARRIVED;
	default: return CF_STUCK;
	}
}

static inline void cf_stuck_text(const emu_warp *w, char *buf, size_t n) { cfb_stuck_text(w->vb, buf, n); }

static inline uint32_t cf_pc(const emu_warp *w) { return w->s.pc; }
static inline uint32_t cf_active(const emu_warp *w) { return w->s.A; }
static inline void cf_fall(emu_warp *w, uint32_t next) { w->s.pc = next; }
static inline int cf_depth(const emu_warp *w) { return w->vb->max_groups; }
/* the issuing group stays current unless --converge pc may merge another into it at any pc */
static inline bool cf_straight(const emu_warp *w) { return !w->vb->merge_pc || w->vb->ng == 0; }

static inline void cf_exit(emu_warp *w, uint32_t G) { cfb_exit(w->vb, &w->s, G); }

static inline cf_status cf_bra(emu_warp *w, uint32_t G, int guarded, uint32_t pc, uint32_t next, uint32_t target)
{
	(void)guarded;
	(void)pc;
	cfb_branch(w->vb, &w->s, G, next, target);
	return CF_OK;
}

static inline void cf_bra_u(emu_warp *w, uint32_t G, uint32_t next, uint32_t target)
{
	w->s.pc = G == w->s.A ? target : next;
}

static inline cf_status cf_brx(emu_warp *w, uint32_t G, uint32_t pc, uint32_t next, const uint32_t *targets)
{
	(void)pc;
	cfb_scatter(w->vb, &w->s, G, next, targets, w->nlanes);
	return CF_OK;
}

/* CALL.REL.NOINC / CALL.ABS: a jump (the return address is the code's, in a register) */
static inline cf_status cf_call(emu_warp *w, uint32_t G, uint32_t next, uint32_t target)
{
	cfb_branch(w->vb, &w->s, G, next, target);
	return CF_OK;
}

static inline cf_status cf_ret(emu_warp *w, uint32_t G) { (void)w; (void)G; return CF_FOREIGN; }
static inline cf_status cf_after(emu_warp *w, uint32_t G, int guarded) { (void)w; (void)G; (void)guarded; return CF_OK; }

/* the CTA barrier: true when the warp waits now (the token stack); here lanes arrive in
   groups and the warp arrives when cf_next says CF_ARRIVED */
static inline bool cf_bar_first(const emu_warp *w) { return w->vb->atbar == 0; }
static inline bool cf_bar(emu_warp *w, uint32_t G, uint32_t next)
{
	cfb_bar(w->vb, &w->s, G, next);
	return false;
}

/* the model's own instructions */
static inline cf_status cf_bssy(emu_warp *w, int n, uint32_t G) { cfb_bssy(w->vb, n, G); return CF_OK; }
static inline cf_status cf_bsync(emu_warp *w, int n, uint32_t G, uint32_t next)
{
	cfb_bsync(w->vb, &w->s, n, G, next);
	return CF_OK;
}
static inline cf_status cf_break(emu_warp *w, int n, uint32_t G) { cfb_break(w->vb, n, G); return CF_OK; }
static inline uint32_t cf_bget(const emu_warp *w, int n) { return w->vb->B[n]; }
static inline cf_status cf_bset(emu_warp *w, int n, uint32_t m, uint32_t lanes)
{
	(void)lanes; /* the barrier is written as a whole */
	cfb_set(w->vb, n, m);
	return CF_OK;
}
static inline cf_status cf_warpsync(emu_warp *w, uint32_t m, uint32_t G, uint32_t next)
{
	cfb_warpsync(w->vb, &w->s, m, G, next);
	return CF_OK;
}
static inline void cf_yield(emu_warp *w) { cfb_yield(w->vb, &w->s); }
static inline uint32_t cf_live(const emu_warp *w) { return cfb_live(w->vb); }

/* the token stack's, never selected here */
static inline cf_status cf_ssy(emu_warp *w, uint32_t t) { (void)w; (void)t; return CF_FOREIGN; }
static inline cf_status cf_pbk(emu_warp *w, uint32_t t) { (void)w; (void)t; return CF_FOREIGN; }
static inline cf_status cf_pcnt(emu_warp *w, uint32_t t) { (void)w; (void)t; return CF_FOREIGN; }
static inline cf_status cf_pret(emu_warp *w, uint32_t t) { (void)w; (void)t; return CF_FOREIGN; }
static inline cf_status cf_brk(emu_warp *w, uint32_t G) { (void)w; (void)G; return CF_FOREIGN; }
static inline cf_status cf_cont(emu_warp *w, uint32_t G) { (void)w; (void)G; return CF_FOREIGN; }

#endif
