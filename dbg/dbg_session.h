/* The debugger's session, shared by its three files: dbg/debug.c (the command loop and the
   stepped run), dbg/dbg_cmds.c (the commands that look at the state) and dbg/dbg_parse.c
   (every argument, parsed strictly and checked against the emulated state). */
#ifndef SIMTEMU_DBG_SESSION_H
#define SIMTEMU_DBG_SESSION_H

#include "dbg/dbg.h"

enum { MODE_STEP, MODE_NEXT, MODE_CONTINUE, MODE_CYCLE };
enum { W_REG, W_PRED, W_MEM, W_DEPTH };

/* Counts a command takes at most: step's, and mem's words. */
#define DBG_MAX_STEPS 1000000000
#define DBG_MAX_WORDS 4096
/* regs: a register whose lanes hold at most this many runs of one value is one line */
#define DBG_REG_RUNS 4

typedef struct {
	int id;
	uint32_t pc;       /* instruction index */
	bool temp;
	bool has_cond;
	bool cond_pred;    /* condition on a predicate (else a register) */
	int reg, lane;     /* lane -1: any active lane */
	char op[3];
	int64_t value;
} dbg_break;

typedef struct {
	int id, kind;
	int reg;           /* register or predicate */
	int cta, warp;     /* whose register */
	uint64_t addr;     /* W_MEM: a global word */
	uint32_t old[32];
	uint32_t old1;
	bool primed;
} dbg_watch;

struct dbg_session {
	FILE *in, *out;
	bool interactive;
	const char *source;
	emu_ctx *x;
	const emu_warp *w;   /* the warp that issues next (NULL: none) */
	int focus_cta, focus_warp;
	int mode;
	uint64_t pending;    /* step: focus-warp issues left before stopping */
	uint32_t next_pc;    /* next over a CAL: resume point and depth */
	int next_depth;
	bool others_ran;     /* cycle */
	bool await_cta;      /* cta N before N started: stop when its warp first issues */
	bool started, quit, over, finished;
	/* after a trap: the trapping warp's faulting instruction (-1: none) and whether it
	   issued (a fault) or was about to (the step budget) */
	int trap_pc;
	bool trap_issued;
	/* reverse-step by replay: global step numbers of the focus warp's issues */
	uint64_t *hist;
	size_t nhist, caphist;
	bool replay_requested, replaying;
	uint64_t replay_to;      /* stop when the run reaches this step (x->steps) */
	/* restart and run: the launch starts over (replay_requested, without replaying);
	   run_on goes on from its first instruction to a breakpoint, a watch, a trap or the end */
	bool restarting, run_on;
	int replay_cta, replay_warp;
	int nbreaks, nwatches, next_id;
	dbg_break breaks[64];
	dbg_watch watches[16];
	char last[256];
};

/* ---- dbg_parse.c: on a bad argument these print why to d->out and return false (or -1) ---- */

/* A whole number, decimal or 0x hex, optionally negative, in lo..hi; 'what' names it in
   the message ("step count '3x' is not a number", "lane 40 is out of range (0 to 7)"). */
bool dbg_int(dbg_session *d, const char *what, const char *s, int64_t lo, int64_t hi, int64_t *v);
/* An unsigned 64-bit number (an address or offset), decimal or 0x hex. */
bool dbg_u64(dbg_session *d, const char *what, const char *s, uint64_t *v);
/* Rn (a register the kernel uses) or Pn (P0-P6): 1; not register syntax: 0 (nothing
   printed); a register number past the kernel's registers: -1 (printed). */
int dbg_reg(dbg_session *d, const char *s, bool *pred, int *reg);
/* A lane of warp w. */
bool dbg_lane(dbg_session *d, const emu_warp *w, const char *s, int *lane);
/* A pc given as a label, an address (0x..) or #index: the instruction index, or -1. */
int dbg_pc(dbg_session *d, const char *s);
/* A global address: a number, a buffer name, or NAME+OFFSET. */
bool dbg_gaddr(dbg_session *d, const char *s, uint64_t *a);
/* s is "PREFIX[A]" or "PREFIX[A][B]" (nb fields): the fields in bufs of n bytes. */
bool dbg_brackets(const char *s, const char *prefix, int nb, char (*f)[32]);

/* ---- dbg_cmds.c ---- */

const emu_warp *dbg_focus(dbg_session *d);
/* The instruction index the row and list show for w: its pc, or after a trap of w the
   faulting instruction. */
uint32_t dbg_shown_pc(const dbg_session *d, const emu_warp *w);
void dbg_show_row(dbg_session *d, const emu_warp *w);
uint32_t dbg_reg_value(const emu_warp *w, int reg, int lane, const emu_func *f);
bool dbg_cond_holds(const dbg_session *d, const dbg_break *b, const emu_warp *w);
void dbg_watch_sample(dbg_session *d, dbg_watch *wt, uint32_t *vals, uint32_t *one);
bool dbg_watches_fired(dbg_session *d);

void dbg_cmd_help(dbg_session *d, int argc, char **argv);
/* The command named w (or its alias): its name, or NULL. */
const char *dbg_cmd_name(const char *w);
void dbg_cmd_stack(dbg_session *d, const emu_warp *w);
void dbg_cmd_masks(dbg_session *d, const emu_warp *w);
void dbg_cmd_info(dbg_session *d, int argc, char **argv);
void dbg_info_warps(dbg_session *d);
void dbg_cmd_break(dbg_session *d, int argc, char **argv, bool temp);
void dbg_cmd_delete(dbg_session *d, int argc, char **argv);
void dbg_cmd_watch(dbg_session *d, int argc, char **argv);
void dbg_cmd_regs(dbg_session *d, const emu_warp *w, int argc, char **argv);
void dbg_cmd_print(dbg_session *d, const emu_warp *w, int argc, char **argv);
void dbg_cmd_mem(dbg_session *d, const emu_warp *w, int argc, char **argv);
void dbg_cmd_list(dbg_session *d, const emu_warp *w, int argc, char **argv);
void dbg_cmd_focus(dbg_session *d, int argc, char **argv, bool cta);

#endif
