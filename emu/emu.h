/* Runtime state of a launch: memory spaces, warps, statistics, traps. */
#ifndef SIMTEMU_EMU_H
#define SIMTEMU_EMU_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "emu/program.h"
#include "emu/semantics.h"
#include "emu/cfbar.h"
#include "emu/simt.h"
#include "util/dtype.h"

typedef struct {
	char *name;
	emu_type type;
	uint64_t count, size, addr;
	bool placed;              /* address fixed by @ADDR or by placement */
	uint8_t *data;
} emu_buffer;

/* A texture (.texture, docs/textures.md): texels in a buffer's memory, read by TEX, TLD,
   TLD4 and TXQ through its handle, the index into emu_ctx.tex plus 1. */
enum { EMU_TEXK_FLOAT, EMU_TEXK_UNSIGNED, EMU_TEXK_SIGNED };
/* What a texture instruction does (emu_insn.fn); TLD4's is EMU_TEXOP_TLD4 + its component. */
enum { EMU_TEXOP_TEX, EMU_TEXOP_TLD, EMU_TEXOP_TXQ, EMU_TEXOP_TLD4 };
typedef struct {
	const uint8_t *data;  /* texel (0, 0): components of esize bytes, rows of w texels */
	uint32_t w, h;        /* texels (h is 1 for a 1D texture) */
	uint8_t dims;         /* 1 or 2 */
	uint8_t chans;        /* components per texel, 1..4 (the missing ones read 0, 0, 1) */
	uint8_t esize;        /* bytes per component */
	uint8_t kind;         /* EMU_TEXK_*: what a component holds */
	bool wrap;            /* addressing: wrap (normalised coordinates only), else clamp */
	bool norm;            /* TEX and TLD4 coordinates are normalised (0..1 spans the texture) */
} emu_tex;

/* Global memory: buffers sorted by address; everything else is unmapped, but for the
   generic windows (no buffer overlaps them). */
typedef struct {
	emu_buffer *bufs;
	int n;
	uint64_t swin, lwin; /* the shared and local windows' bases */
	uint64_t win_size;   /* the size of each (0: none) */
} emu_gmem;

/* The space a generic address falls in: EMU_SP_SHARED or EMU_SP_LOCAL with *a made the
   offset in that window, else EMU_SP_GLOBAL with *a as it was. */
static inline int emu_generic_space(const emu_gmem *g, uint64_t *a)
{
	if (*a - g->swin < g->win_size) {
		*a -= g->swin;
		return EMU_SP_SHARED;
	}
	if (*a - g->lwin < g->win_size) {
		*a -= g->lwin;
		return EMU_SP_LOCAL;
	}
	return EMU_SP_GLOBAL;
}

typedef enum { EMU_OK = 0, EMU_TRAP = 3, EMU_QUIT = 5 } emu_status;

/* What kind of trap: a fault of the kernel, its step budget spent, or an interrupt. */
enum { EMU_TRAP_FAULT, EMU_TRAP_BUDGET, EMU_TRAP_INTERRUPT };

typedef struct {
	char msg[1024];
	int warp;        /* the warp (index in the CTA) that trapped, or -1: none (a deadlock) */
	int kind;        /* EMU_TRAP_* */
	int cta;         /* the CTA's linear index, or -1 */
	int pc;          /* the faulting instruction's index, or -1 */
} emu_trap;

/* Per-instruction dynamic counts (SPEC section 7), indexed by instruction. */
/* The four counts of one instruction (SPEC section 7), side by side: an issue updates one
   cache line. */
typedef struct {
	uint64_t warp, thread, active, predoff;
} emu_pcstat;

/* Straight runs entered at one instruction and not yet added to the counts (emu/loop.h):
   how many times, and the lanes over all of them. */
typedef struct {
	uint64_t entries, threads;
} emu_runstat;

typedef struct {
	int n;
	emu_pcstat *pc;   /* by instruction index */
	emu_runstat *run; /* by instruction index: runs entered there, added to pc at the end of
			     each call of the warp loop */
	uint32_t *dirty;  /* the indices whose run is non-zero, ndirty of them */
	uint32_t ndirty;
	uint64_t divergent;
	uint64_t fell_off; /* times a group of lanes ran past the function's last instruction */
	int max_depth;
} emu_stats;

/* Totals of one CTA (stats --per-cta). */
typedef struct {
	uint64_t warp, thread, active, predoff;
} emu_cta_stats;

#define EMU_WARP_GX 16

/* Events the interpreter reports to a hook (trace, debugger). */
typedef enum {
	EMU_EV_ISSUE, /* before an instruction issues: w->s.pc is its index, w->s.A its lanes */
	EMU_EV_POP,   /* the pop rule popped 'tok' (no instruction issued) */
	EMU_EV_TRAP,  /* the run trapped (x->trap.msg); the state is still there to inspect */
	EMU_EV_END,   /* every CTA finished; w is NULL */
} emu_event;

/* Why a stepped run stopped (emu/step.h); the last three leave the run resumable. */
typedef enum {
	EMU_STOP_END,     /* every CTA finished */
	EMU_STOP_TRAP,    /* x->trap says why; the state is still there to inspect */
	EMU_STOP_QUIT,    /* a hook ended the run */
	EMU_STOP_STEP,    /* before the issue that would pass until.at_step */
	EMU_STOP_BREAK,   /* before issuing an instruction marked in until.breaks */
	EMU_STOP_BARRIER, /* a barrier released (until.barrier) */
} emu_stop;

/* When a stepped run stops (emu/step.h). */
typedef struct {
	bool by_step;           /* stop before an issue once x->steps has reached at_step */
	uint64_t at_step;
	const uint8_t *breaks;  /* by instruction index: nonzero stops before issuing it (NULL: none);
				   the first issue after a resume does not stop here */
	bool barrier;           /* stop after a barrier releases */
} emu_until;

/* A hook returns nonzero to end the run at once (EMU_QUIT). */
typedef int (*emu_hook)(void *user, const emu_ctx *x, const emu_warp *w, emu_event ev,
			const simt_token *tok);

struct emu_warp {
	int id;
	int nlanes;
	uint32_t valid;
	uint32_t (*r)[32];        /* r[reg][lane] */
	uint32_t p[EMU_NPREDS];   /* predicate lane masks */
	uint32_t cc_c, cc_o, cc_s, cc_z; /* condition code per lane */
	uint32_t gx[EMU_WARP_GX];  /* lane masks a generation keeps (Tesla: C0-C3's flags) */
	simt_state s;             /* token stack; from sm_70 on, the issuing group (s.pc, s.A) */
	simt_token *stack;
	cfb_state *vb;            /* sm_70 and later: convergence barriers, waiting lanes (emu/cfbar.h) */
	int state;                /* EMU_W_* */
	int bar_id;
	uint32_t bar_pc;
	uint32_t bar_mask;        /* lanes that arrived (for .RED.POPC) */
	uint16_t bar_dst;
	uint32_t bar_count;
	uint8_t bar_op;           /* BAR.RED's operation: 0 none, 1 .POPC, 2 .AND, 3 .OR */
	uint32_t bar_res, bar_all; /* its result after the release: the count, and the lanes that took part (B2R) */
	uint32_t cga_wait;        /* the cluster barrier's phase it arrived in + 1 (emu/ops_sync.h) */
	uint32_t tid[3][32];
	/* global accesses: the host address each of a few instructions touched last, so that
	   a strided walk (a grid-stride loop: 64 KiB apart, beyond the CPU's prefetcher) is
	   prefetched one step ahead; a hint only, never read for a result */
	const void *pf_in[4];
	uintptr_t pf_last[4];
};

/* The address lane l of a memory instruction forms, before the generic windows are told
   apart: the address register (with .E a pair, unless [Rn.U32]: one register, zero-
   extended) shifted by its scale (.X4 ...), plus the uniform register (with .E a pair:
   [R4.64+UR4] adds UR4:UR5), plus the offset; 32-bit addressing wraps. The interpreter
   (emu/ops_mem.h) and the Accel-Sim export (export/accelsim.c) both use it. */
static inline uint64_t emu_lane_addr(const emu_insn *in, const emu_warp *w, int l)
{
	uint64_t a;
	if (in->areg == EMU_NO_REG)
		a = 0;
	else if (in->wide && !in->azext)
		a = (uint64_t)w->r[in->areg + 1][l] << 32 | w->r[in->areg][l];
	else
		a = w->r[in->areg][l];
	a <<= in->ascale;
	if (in->xreg != EMU_NO_REG)
		a += in->wide ? (uint64_t)w->r[in->xreg + 1][l] << 32 | w->r[in->xreg][l] : w->r[in->xreg][l];
	a += (uint64_t)(int64_t)in->off;
	if (!in->wide) /* 32-bit addressing wraps */
		a &= 0xffffffffu;
	return a;
}

enum { EMU_W_RUN, EMU_W_BAR, EMU_W_DONE, EMU_W_CGA /* waits for the cluster barrier */ };

struct emu_cta {
	uint32_t ctaid[3];
	int linear;
	uint8_t *smem;
	uint32_t *slock;          /* LDSLK / STSCUL: per shared word, the holder (warp * 32 + lane
				     + 1) or 0 */
	uint32_t smem_hw;         /* smem[0, smem_hw) and slock[0, slock_hw) may be non-zero: every
				     access notes its end (emu_smem_note), so that the next CTA
				     clears what was touched, not the whole window */
	uint32_t slock_hw;
	uint8_t *lmem;            /* per thread: local_bytes each */
	uint64_t steps0;          /* the context's steps when it started: x->steps - steps0 warp
				     instructions issued (the clock) */
	int nwarps;
	emu_warp *warps;
	uint32_t cga_phase;       /* the cluster barrier's completed phases (emu/ops_sync.h) */
};

/* An access of shared bytes [0, end) of c: the next CTA's start clears them. */
static inline void emu_smem_note(emu_cta *c, uint64_t end)
{
	if (end > c->smem_hw)
		c->smem_hw = (uint32_t)end;
}


/* What the workers of a launch share: the next CTA to run, the step budget left, a stop
   flag (set by the first trap). */
typedef struct {
	uint32_t next_cta;
	uint64_t budget;
	int stop;
	uint32_t ctas_done;       /* CTAs run to their end (read by the progress hook) */
} emu_pool;

struct emu_ctx {
	const emu_program *prog;
	const emu_func *f;
	uint32_t grid[3], block[3];
	int warp_size;
	uint32_t shared_bytes, local_bytes;
	uint32_t param_bytes;     /* end of the parameters written by .param */
	int stack_limit;
	bool converge_pc;         /* sm_70+: --converge pc (groups that meet at a pc merge) */
	int jobs;                 /* worker threads for CTAs (-j) */
	emu_pool *pool;           /* during a launch */
	uint64_t max_steps_total; /* the budget as given (max_steps is this worker's share) */
	bool fma_hw;              /* the host CPU has fused multiply-add (FMA3) */
	uint32_t lane_masks[256][8]; /* byte of a lane mask -> 8 all-ones / zero words */
	uint64_t max_steps, steps;
	uint8_t *cbank[EMU_NBANKS];
	emu_gmem gmem;
	emu_stats stats;
	emu_cta_stats *cta_stats; /* when set (one entry per CTA), filled by the launch */
	emu_trap trap;
	emu_hook hook;
	void *hook_user;
	const emu_until *until;   /* a stepped run's stop conditions (emu/step.h), else NULL */
	emu_stop stop_reason;
	bool resumed;             /* the next issue is the first after a resume */
	/* set (by a signal handler) to stop the run: seen within 65536 issues per worker,
	   where the step budget is drawn, and ends the run as an EMU_TRAP_INTERRUPT trap */
	volatile sig_atomic_t *interrupt;
	/* when set, called each time a worker draws step budget (about every 65536 issues,
	   on any worker thread): the command line's progress line reads x->pool there */
	void (*progress)(void *user, const emu_ctx *x);
	void *progress_user;
	/* vprintf (JCAL 0x0): the format string of the calls whose format address is 0 (an
	   unresolved relocation in a -sass listing; .printf gives it), and where the output goes
	   (NULL: stdout) */
	const char *printf_fmt;
	FILE *printf_out;
	const emu_tex *tex;       /* the .texture table (handle h is tex[h - 1]) */
	int ntex;
	emu_insn *code;           /* the function's instructions with operands bound for this launch */
	uint32_t (*vecs)[32];     /* the lane vectors that bound operands point to */
	emu_cta *cur_cta;         /* the running CTA (for traps and hooks) */
	int cur_warp;             /* index of the running warp in cur_cta */
};

/* Set up a context for function f of prog. Caller fills geometry, then emu_launch. */
void emu_ctx_init(emu_ctx *x, const emu_program *p, const emu_func *f);
void emu_ctx_free(emu_ctx *x);
/* Write the generation's launch ABI (SPEC section 4) into the constant banks. */
void emu_abi_setup(emu_ctx *x);
/* Run the whole grid. EMU_OK or EMU_TRAP (x->trap.msg). */
emu_status emu_launch(emu_ctx *x);

/* Global memory */
emu_buffer *emu_gmem_add(emu_gmem *g, const char *name, emu_type t, uint64_t count);
/* Place unplaced buffers below 4 GiB with gaps; fails (returns the clashing name) on overlap,
   *why then saying with what. */
typedef enum { EMU_CLASH_BUFFER, EMU_CLASH_FULL, EMU_CLASH_SHARED, EMU_CLASH_LOCAL } emu_clash;
const char *emu_gmem_place(emu_gmem *g, emu_clash *why);
emu_buffer *emu_gmem_find_name(emu_gmem *g, const char *name);
uint8_t *emu_gmem_ptr(emu_gmem *g, uint64_t addr, unsigned size);
void emu_gmem_free(emu_gmem *g);

/* Statistics */
void emu_stats_init(emu_stats *s, int n);
void emu_stats_free(emu_stats *s);

#endif
