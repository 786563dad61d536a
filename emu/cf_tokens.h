/* The token-stack control-flow model (SPEC section 6) behind the interface of emu/cf.h:
   thin inline wrappers over emu/simt.c, the stack's own module and suite. */
#ifndef SIMTEMU_EMU_CF_TOKENS_H
#define SIMTEMU_EMU_CF_TOKENS_H

#include "emu/cf.h"
#include "emu/emu.h"
#include "emu/simt.h"

#include <stdio.h>

typedef simt_status cf_status;
/* the calls of every issue and branch, inlined into the loop whatever its size */
#define CF_HOT static inline __attribute__((always_inline))
#define CF_OK SIMT_OK

static inline const char *cf_status_text(cf_status st)
{
	return (int)st == SIMT_WTABLE_FULL + 100 ? "convergence-barrier instruction on a generation with a token stack"
						 : simt_status_text(st);
}

/* The pop rule before a fetch; with a hook, one token at a time so that each pop shows. */
CF_HOT int cf_next(emu_ctx *x, emu_warp *w)
{
	simt_state *s = &w->s;
	if (s->A != 0)
		return CF_READY;
	if (x->hook) {
		while (s->A == 0 && !simt_resume_loop(s) && s->depth > 0) {
			simt_token t = s->stack[s->depth - 1];
			simt_pop(s);
			if (x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
				return CF_QUIT;
		}
	}
	return simt_pop_rule(s) == SIMT_DONE ? CF_DONE : CF_READY;
}

/* A warp's model state at launch: every valid lane at index 0 (stack: limit tokens). */
static inline void cf_warp_init(emu_warp *w, simt_token *stack, int limit)
{
	w->stack = stack;
	simt_init(&w->s, w->valid, stack, limit);
}

CF_HOT uint32_t cf_pc(const emu_warp *w) { return w->s.pc; }
CF_HOT uint32_t cf_active(const emu_warp *w) { return w->s.A; }
CF_HOT void cf_fall(emu_warp *w, uint32_t next) { w->s.pc = next; }
static inline int cf_depth(const emu_warp *w) { return w->s.max_depth; }
/* a nonempty active mask stays current until a control-flow instruction changes it */
static inline bool cf_straight(const emu_warp *w) { (void)w; return true; }

static inline void cf_exit(emu_warp *w, uint32_t G) { simt_exit(&w->s, G); }

CF_HOT cf_status cf_bra(emu_warp *w, uint32_t G, int guarded, uint32_t pc, uint32_t next, uint32_t target)
{
	return simt_bra(&w->s, G, guarded, pc, next, target);
}

static inline void cf_bra_u(emu_warp *w, uint32_t G, uint32_t next, uint32_t target)
{
	simt_bra_u(&w->s, G, next, target);
}

static inline cf_status cf_brx(emu_warp *w, uint32_t G, uint32_t pc, uint32_t next, const uint32_t *targets)
{
	return simt_brx(&w->s, G, pc, next, targets, w->nlanes);
}

static inline cf_status cf_call(emu_warp *w, uint32_t G, uint32_t next, uint32_t target)
{
	return simt_call(&w->s, G, next, target);
}

static inline cf_status cf_ret(emu_warp *w, uint32_t G) { return simt_ret(&w->s, G); }
CF_HOT cf_status cf_after(emu_warp *w, uint32_t G, int guarded) { return simt_sflag(&w->s, G, guarded); }

/* the token stack's own instructions */
CF_HOT cf_status cf_ssy(emu_warp *w, uint32_t target) { return simt_ssy(&w->s, target); }
static inline cf_status cf_pbk(emu_warp *w, uint32_t target) { return simt_pbk(&w->s, target); }
static inline cf_status cf_pcnt(emu_warp *w, uint32_t target) { return simt_pcnt(&w->s, target); }
static inline cf_status cf_pret(emu_warp *w, uint32_t target) { return simt_pret(&w->s, target); }
static inline cf_status cf_brk(emu_warp *w, uint32_t G) { return simt_brk(&w->s, G); }
static inline cf_status cf_cont(emu_warp *w, uint32_t G) { return simt_cont(&w->s, G); }

/* the CTA barrier: the warp waits as a whole at once */
static inline bool cf_bar_first(const emu_warp *w) { (void)w; return true; }
static inline bool cf_bar(emu_warp *w, uint32_t G, uint32_t next) { (void)w; (void)G; (void)next; return true; }
static inline void cf_stuck_text(const emu_warp *w, char *buf, size_t n) { (void)w; snprintf(buf, n, "?"); }
static inline void cf_yield(emu_warp *w) { (void)w; }
static inline uint32_t cf_live(const emu_warp *w) { return w->valid & ~w->s.X; }

/* the convergence barriers' (SPEC 6.2), never selected here */
#define CF_FOREIGN SIMT_WTABLE_FULL + 100
static inline cf_status cf_bssy(emu_warp *w, int n, uint32_t G) { (void)w; (void)n; (void)G; return (cf_status)CF_FOREIGN; }
static inline cf_status cf_bsync(emu_warp *w, int n, uint32_t G, uint32_t next)
{
	(void)w; (void)n; (void)G; (void)next;
	return (cf_status)CF_FOREIGN;
}
static inline cf_status cf_break(emu_warp *w, int n, uint32_t G) { (void)w; (void)n; (void)G; return (cf_status)CF_FOREIGN; }
static inline uint32_t cf_bget(const emu_warp *w, int n) { (void)w; (void)n; return 0; }
static inline cf_status cf_bset(emu_warp *w, int n, uint32_t m, uint32_t lanes)
{
	(void)w; (void)n; (void)m; (void)lanes;
	return (cf_status)CF_FOREIGN;
}
static inline cf_status cf_warpsync(emu_warp *w, uint32_t m, uint32_t G, uint32_t next)
{
	(void)w; (void)m; (void)G; (void)next;
	return (cf_status)CF_FOREIGN;
}

#endif
