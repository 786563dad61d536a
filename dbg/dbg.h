/* SIMT-stack traces and the interactive debugger, both hooks over the one interpreter. */
#ifndef SIMTEMU_DBG_H
#define SIMTEMU_DBG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "emu/emu.h"

typedef enum { DBG_TABLE, DBG_CSV, DBG_JSON } dbg_fmt;

/* Lane mask as a bit string, lane 0 leftmost, n lanes wide (buf: at least 33 bytes). */
char *dbg_mask(char *buf, uint32_t m, int n);

/* One trace row: an issued instruction (tok NULL) or a pop of tok by the pop rule
   (JSON: the object alone; a dbg_trace writes the separators between rows). */
void dbg_row(FILE *out, dbg_fmt fmt, uint64_t step, const emu_ctx *x, const emu_warp *w,
	     const simt_token *tok);

/* Under convergence barriers (sm_70+, w->vb set): one trace row, the state as text for a
   table row, and the debugger's view of the warp (dbg/trace_volta.c). */
void dbg_volta_row(FILE *out, dbg_fmt fmt, uint64_t step, const emu_ctx *x, const emu_warp *w);
void dbg_volta_state(char *buf, size_t size, const emu_ctx *x, const emu_warp *w);
void dbg_volta_stack(FILE *out, const emu_ctx *x, const emu_warp *w);
void dbg_volta_masks(FILE *out, const emu_ctx *x, const emu_warp *w);

/* trace --plot (dbg/plot_trace.c): what a lane does at an issue. */
enum {
	DBG_LANE_NONE,      /* not a lane of the warp */
	DBG_LANE_ACTIVE,    /* issues, guard true */
	DBG_LANE_GUARD_OFF, /* issues, guard false */
	DBG_LANE_WAITING,   /* parked in a token; at a BSYNC, WARPSYNC or CTA barrier; in another group */
	DBG_LANE_DISABLED,  /* token stack: in Dbrk, Dcont or Dret */
	DBG_LANE_EXITED,
	DBG_LANE_NSTATES
};
/* Every lane's state before the warp's next issue (st[32], DBG_LANE_*); returns the token
   stack depth, or under convergence barriers the groups the warp is split into (the issuing
   one if any, the other ready ones, one per barrier with waiting lanes, WARPSYNC, CTA
   barrier). */
int dbg_lane_states(const emu_ctx *x, const emu_warp *w, uint8_t st[32]);

/* The columns of a trace --plot: the first max_cols issues of one warp. */
typedef struct dbg_plot dbg_plot;
dbg_plot *dbg_plot_new(int max_cols);
void dbg_plot_free(dbg_plot *p);
void dbg_plot_issue(dbg_plot *p, const emu_ctx *x, const emu_warp *w);
/* After a trap: the warp's state then, as a last column (once). */
void dbg_plot_trap(dbg_plot *p, const emu_ctx *x, const emu_warp *w);
int dbg_plot_columns(const dbg_plot *p);
/* The chart (title: x's kernel and target, CTA cta as x,y,z, warp) to out, or to path. */
void dbg_plot_svg(const dbg_plot *p, const emu_ctx *x, int cta, int warp, FILE *out);
bool dbg_plot_write(const dbg_plot *p, const emu_ctx *x, int cta, int warp, const char *path);

/* simtemu trace: rows of warp 'warp' of CTA 'cta' (linear index). */
typedef struct {
	FILE *out;
	dbg_fmt fmt;
	int cta, warp;
	uint64_t step;
	bool pops;         /* show pop-rule rows */
	bool barriers;     /* sm_70+: the convergence-barrier columns (CSV header) */
	bool rows;         /* a row was written (JSON: the next one needs a comma) */
	dbg_plot *plot;    /* trace --plot: the issues are also recorded here */
} dbg_trace;

/* The CSV header or the JSON array's opening, and its closing, around the trace's rows. */
void dbg_trace_begin(dbg_trace *t);
void dbg_trace_end(dbg_trace *t);

int dbg_trace_hook(void *user, const emu_ctx *x, const emu_warp *w, emu_event ev, const simt_token *tok);

/* simtemu debug: a gdb-like command loop that drives a launch through the step API
   (emu/step.h) and reads its state between steps. */
typedef struct dbg_session dbg_session;
dbg_session *dbg_new(FILE *in, FILE *out, bool interactive, const char *source_text);
void dbg_free(dbg_session *d);
/* Debug one launch of x (set up, not yet launched) until the user quits or it ends. */
void dbg_run(dbg_session *d, emu_ctx *x);
/* After the launch returned: whether every CTA finished (the end was reached). */
bool dbg_finished(const dbg_session *d);
/* After the launch returned: whether reverse-step asked for a replay from the start
   (the caller relaunches with the same session; it stops at the recorded step), or
   restart or run for a fresh start (it stops at the first instruction, or for run at the
   first breakpoint, watch, trap or the end). */
bool dbg_replay_requested(dbg_session *d);

#endif
