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
/* One pop regardless of A (the unguarded .S flag). */
simt_status simt_pop(simt_state *s);

simt_status simt_push(simt_state *s, simt_type t, uint32_t mask, uint32_t pc, uint32_t saved);
simt_status simt_ssy(simt_state *s, uint32_t target);
simt_status simt_pbk(simt_state *s, uint32_t target);
simt_status simt_pcnt(simt_state *s, uint32_t target);
simt_status simt_pret(simt_state *s, uint32_t target);
/* CAL/JCAL: lanes G call; the others of A wait in the CALL token. */
simt_status simt_call(simt_state *s, uint32_t G, uint32_t next, uint32_t target);
/* BRA: pc is the branch's own index, next the fall-through index. */
simt_status simt_bra(simt_state *s, uint32_t G, int guarded, uint32_t pc, uint32_t next, uint32_t target);
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
/* The .S flag after an instruction's own effect. */
simt_status simt_sflag(simt_state *s, uint32_t G, int guarded);

#endif
