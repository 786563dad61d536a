/* The token-stack control-flow model (SPEC section 6) behind the interface of emu/cf.h:
   thin inline wrappers over emu/simt.c, the stack's own module and suite. */
#ifndef SIMTEMU_EMU_CF_TOKENS_H
#define SIMTEMU_EMU_CF_TOKENS_H

#include "emu/cf.h"
#include "emu/emu.h"
#include "emu/simt.h"

typedef simt_status cf_status;
#define CF_OK SIMT_OK

static inline const char *cf_status_text(cf_status st) { return simt_status_text(st); }

/* The pop rule before a fetch; with a hook, one token at a time so that each pop shows. */
static inline int cf_next(emu_ctx *x, emu_warp *w)
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

static inline uint32_t cf_pc(const emu_warp *w) { return w->s.pc; }
static inline uint32_t cf_active(const emu_warp *w) { return w->s.A; }
static inline void cf_fall(emu_warp *w, uint32_t next) { w->s.pc = next; }
static inline int cf_depth(const emu_warp *w) { return w->s.max_depth; }

static inline void cf_exit(emu_warp *w, uint32_t G) { simt_exit(&w->s, G); }

static inline cf_status cf_bra(emu_warp *w, uint32_t G, int guarded, uint32_t pc, uint32_t next, uint32_t target)
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
static inline cf_status cf_after(emu_warp *w, uint32_t G, int guarded) { return simt_sflag(&w->s, G, guarded); }

/* the token stack's own instructions */
static inline cf_status cf_ssy(emu_warp *w, uint32_t target) { return simt_ssy(&w->s, target); }
static inline cf_status cf_pbk(emu_warp *w, uint32_t target) { return simt_pbk(&w->s, target); }
static inline cf_status cf_pcnt(emu_warp *w, uint32_t target) { return simt_pcnt(&w->s, target); }
static inline cf_status cf_pret(emu_warp *w, uint32_t target) { return simt_pret(&w->s, target); }
static inline cf_status cf_brk(emu_warp *w, uint32_t G) { return simt_brk(&w->s, G); }
static inline cf_status cf_cont(emu_warp *w, uint32_t G) { return simt_cont(&w->s, G); }

#endif
