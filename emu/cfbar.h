/* Convergence barriers with per-lane pcs (SPEC section 6.2, sm_70 and later): the state of
   one warp and its rules, emu/cfbar.c. The interpreter reaches them through the interface
   of emu/cf.h (emu/cf_bar.h); the trace and the debugger read the state directly.

   The group that issues is kept in the warp's simt_state (s.pc, s.A), as the token stack
   keeps its active mask there, so that code showing "the pc and lanes of the next issue"
   reads the same fields for both models; every other ready group waits in g[]. */
#ifndef SIMTEMU_EMU_CFBAR_H
#define SIMTEMU_EMU_CFBAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emu/simt.h"

#define CFB_NBAR 16

typedef struct {
	uint32_t pc, mask;
} cfb_group;

typedef struct cfb_state {
	uint32_t valid;           /* the warp's lanes */
	uint32_t exited;
	bool merge_pc;            /* --converge pc: groups that meet at a pc merge */
	int ng;                   /* ready groups besides the issuing one */
	cfb_group g[32];          /* ... oldest first: a stack, the last one runs next */
	uint32_t B[CFB_NBAR];     /* convergence barriers: lane masks */
	uint32_t bwait[CFB_NBAR]; /* lanes waiting at a BSYNC on Bn */
	uint32_t wswait;          /* lanes waiting in a WARPSYNC */
	uint32_t wsmask[32];      /* the mask each of them named */
	uint32_t atbar;           /* lanes arrived at a CTA barrier (BAR.SYNC) */
	bool bar_arrived;         /* ... and the warp with them: it waits for the release */
	uint32_t lpc[32];         /* where each waiting lane resumes */
	int max_groups;           /* the most groups the warp was split into at once */
} cfb_state;

typedef enum {
	CFB_OK,
	CFB_NO_BARRIER,   /* Bn out of range (only hand-written text can say B16) */
	CFB_BAD_TARGET,   /* RET / BRX to an address that is not an instruction (the caller says) */
} cfb_status;

/* What cfb_next found. */
enum { CFB_READY, CFB_DONE, CFB_ARRIVED, CFB_STUCK };

void cfb_init(cfb_state *v, simt_state *s, uint32_t valid, bool merge_pc);
/* Before a fetch: make the next issue current in s (s->A != 0), or say why none can. */
int cfb_next(cfb_state *v, simt_state *s);
/* Lanes of the issuing group G go to target, the rest of it to next; split when divergent. */
void cfb_branch(cfb_state *v, simt_state *s, uint32_t G, uint32_t next, uint32_t target);
/* Lanes of the issuing group go to per-lane targets (lanes outside G to next). */
void cfb_scatter(cfb_state *v, simt_state *s, uint32_t G, uint32_t next, const uint32_t *targets, int nlanes);
void cfb_exit(cfb_state *v, simt_state *s, uint32_t G);
/* BSSY Bn: Bn = G, the issuing group's lanes (the barrier is written as a whole). */
void cfb_bssy(cfb_state *v, int n, uint32_t G);
/* G waits on Bn, resuming at next. */
void cfb_bsync(cfb_state *v, simt_state *s, int n, uint32_t G, uint32_t next);
void cfb_break(cfb_state *v, int n, uint32_t G);
/* Bn = m as a whole (BMOV.32 Bn, R: the register of the group's lowest lane; .CLEAR after
   a read: m = 0); releases re-checked. */
void cfb_set(cfb_state *v, int n, uint32_t m);
/* G waits in a WARPSYNC naming m, resuming at next. */
void cfb_warpsync(cfb_state *v, simt_state *s, uint32_t m, uint32_t G, uint32_t next);
/* YIELD: the issuing group (at its next pc already) lets the newest other ready group issue
   next, and goes on after it; lanes waiting at a BSYNC that only this group holds up are
   released first. */
void cfb_yield(cfb_state *v, simt_state *s);
/* G arrives at a CTA barrier, resuming at next. */
void cfb_bar(cfb_state *v, simt_state *s, uint32_t G, uint32_t next);
/* The live lanes of the warp (not exited). */
static inline uint32_t cfb_live(const cfb_state *v) { return v->valid & ~v->exited; }
/* A deadlock's description (CFB_STUCK): who waits on what. */
void cfb_stuck_text(const cfb_state *v, char *buf, size_t n);
const char *cfb_status_text(cfb_status st);

#endif
