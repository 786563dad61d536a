/* The SIMT reconvergence token stack of one warp (SPEC section 6). */
#ifndef SIMTEMU_SIMT_H
#define SIMTEMU_SIMT_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { SIMT_SSY, SIMT_DIV, SIMT_PBK, SIMT_PCNT, SIMT_CALL, SIMT_PRET } simt_type;

typedef struct simt_token {
	uint8_t type;
	uint32_t mask, pc, saved;
} simt_token;

/* While-mask table entry: the lanes that entered a loop whose backward branch diverged. */
typedef struct {
	uint32_t pc, mask;
	int depth;
} simt_wentry;

#define SIMT_MAXW 16

typedef struct {
	uint32_t pc;                 /* instruction index */
	uint32_t A, X, Dbrk, Dcont, Dret;
	int depth, limit, max_depth; /* tokens on S, its limit, the deepest seen */
	simt_token *stack;           /* limit entries, owned by the caller */
	int nw;
	simt_wentry w[SIMT_MAXW];
} simt_state;

typedef enum {
	SIMT_OK,
	SIMT_DONE,          /* pop rule found an empty stack: the warp is finished */
	SIMT_OVERFLOW,      /* push beyond the depth limit */
	SIMT_UNDERFLOW,     /* .S pop with an empty stack while lanes are active */
	SIMT_NO_PBK,        /* BRK without a PBK token */
	SIMT_NO_PCNT,       /* CONT without a PCNT token */
	SIMT_WTABLE_FULL,   /* too many nested diverged loops */
} simt_status;

const char *simt_type_name(simt_type t);
const char *simt_status_text(simt_status s);

void simt_init(simt_state *s, uint32_t valid, simt_token *storage, int limit);
/* Lanes parked in a while-mask entry of the current depth resume at the loop branch's
   fall-through (A == 0, before a pop): true when some did. */
bool simt_resume_loop(simt_state *s);
/* Pop while A == 0 (runs before every fetch), after simt_resume_loop. */
simt_status simt_pop_rule(simt_state *s);

simt_status simt_pbk(simt_state *s, uint32_t target);
simt_status simt_pcnt(simt_state *s, uint32_t target);
simt_status simt_pret(simt_state *s, uint32_t target);
/* CAL/JCAL: lanes G call; the others of A wait in the CALL token. */
simt_status simt_call(simt_state *s, uint32_t G, uint32_t next, uint32_t target);
void simt_bra_u(simt_state *s, uint32_t G, uint32_t next, uint32_t target);
/* BRX: targets[lane] for lanes of G; lanes of A without G fall through. */
simt_status simt_brx(simt_state *s, uint32_t G, uint32_t pc, uint32_t next, const uint32_t *targets,
		     int nlanes);
simt_status simt_brk(simt_state *s, uint32_t G);
simt_status simt_cont(simt_state *s, uint32_t G);
simt_status simt_ret(simt_state *s, uint32_t G);
void simt_exit(simt_state *s, uint32_t G);
/* Tesla's join flag before the instruction at pc: 1 when the warp switched to a DIV token
   (fetch again without issuing), 0 to issue. */
int simt_join(simt_state *s, uint32_t pc);

/* The rules every divergent branch, SSY and .S go through, inline for the interpreter's
   loop (as calls, with their call sites, about a tenth of bench/divergent.sass's host
   instructions); the while-mask table's cases stay in emu/simt.c. */
#define SIMT_HOT static inline __attribute__((always_inline))

/* the lanes of m that have not exited or left through BRK, CONT or RET */
SIMT_HOT uint32_t simt_live(const simt_state *s, uint32_t m)
{
	return m & ~s->X & ~s->Dbrk & ~s->Dcont & ~s->Dret;
}

SIMT_HOT simt_status simt_push(simt_state *s, simt_type t, uint32_t mask, uint32_t pc, uint32_t saved)
{
	if (s->depth >= s->limit)
		return SIMT_OVERFLOW;
	s->stack[s->depth++] = (simt_token){(uint8_t)t, mask, pc, saved};
	if (s->depth > s->max_depth)
		s->max_depth = s->depth;
	return SIMT_OK;
}

SIMT_HOT simt_status simt_ssy(simt_state *s, uint32_t target)
{
	return simt_push(s, SIMT_SSY, s->A, target, 0);
}

/* Drop the while-mask entries deeper than the stack (after a pop). */
void simt_drop_w(simt_state *s);

/* One pop regardless of A (the unguarded .S flag). */
SIMT_HOT simt_status simt_pop(simt_state *s)
{
	if (s->depth == 0)
		return s->A ? SIMT_UNDERFLOW : SIMT_DONE;
	simt_token t = s->stack[--s->depth];
	if (t.type == SIMT_PBK)
		s->Dbrk = t.saved;
	else if (t.type == SIMT_PCNT)
		s->Dcont = t.saved;
	else if (t.type == SIMT_CALL || t.type == SIMT_PRET)
		s->Dret = t.saved;
	s->A = simt_live(s, t.mask);
	s->pc = t.pc;
	if (s->nw)
		simt_drop_w(s);
	return SIMT_OK;
}

/* BRA's cases with the while-mask table: no lane branches, or a backward branch diverges */
simt_status simt_bra_w(simt_state *s, uint32_t G, uint32_t pc, uint32_t next, uint32_t target);

/* BRA: pc is the branch's own index, next the fall-through index. */
SIMT_HOT simt_status simt_bra(simt_state *s, uint32_t G, int guarded, uint32_t pc, uint32_t next, uint32_t target)
{
	if (!guarded || G == s->A) {
		s->pc = target;
		return SIMT_OK;
	}
	if (G == 0 && s->nw == 0) { /* no lane branches, no loop entry to take back */
		s->pc = next;
		return SIMT_OK;
	}
	if (G != 0 && target > pc) {
		simt_status st = simt_push(s, SIMT_DIV, G, target, 0);
		if (st != SIMT_OK)
			return st;
		s->A &= ~G;
		s->pc = next;
		return SIMT_OK;
	}
	return simt_bra_w(s, G, pc, next, target);
}

/* The .S flag after an instruction's own effect. */
SIMT_HOT simt_status simt_sflag(simt_state *s, uint32_t G, int guarded)
{
	if (guarded) {
		s->A &= ~G;
		return SIMT_OK;
	}
	return simt_pop(s);
}

#endif
