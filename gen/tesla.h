/* Tesla (sm_1x): what its selector file and its runtime file share (nothing else sees it). */
#ifndef SIMTEMU_GEN_TESLA_H
#define SIMTEMU_GEN_TESLA_H

#include <stdint.h>

#include "emu/emu.h"

/* Register rows beyond R0-R127: the address registers A0-A7, the rows that g [..] sources
   are loaded into before an instruction, and the row a half or g [..] destination is
   computed in. */
#define TESLA_AROW 128
#define TESLA_SROW 136
#define TESLA_DROW 140
#define TESLA_NREGS 141
#define TESLA_ZERO 124      /* R124 reads as zero */

/* Where the result computed in TESLA_DROW goes (tesla_ext.dst) */
enum { TESLA_TD_REG, TESLA_TD_LO, TESLA_TD_HI, TESLA_TD_SHARED };

/* The condition registers C0-C3 live in the warp's generation words: gx[4 * flag + n]. */
enum { TESLA_FZ, TESLA_FS, TESLA_FC, TESLA_FO };
#define TESLA_CREG(w, flag, n) ((w)->gx[4 * (flag) + (n)])

/* A source the pre step loads into a scratch row: g [An+k] or c [b] [An+k]. */
typedef struct {
	uint16_t areg; /* address-register row, or EMU_NO_REG */
	uint8_t width;
	uint8_t cbank; /* 0: g [..]; 1 + b: constant bank b */
	uint32_t off;
} tesla_sh;

/* The per-instruction record of the Tesla steps (emu_func.ext). */
typedef struct {
	uint16_t truth;    /* guard: its truth set over the 16 flag values (ast_cond_truth) */
	uint8_t guard;     /* 1 + n: guarded by condition register Cn */
	uint8_t cw;        /* 1 + n: the result writes condition register Cn */
	uint8_t cin;       /* 1 + n: IMAD adds the carry of Cn */
	uint8_t ccsrc;     /* the handler computed carry/overflow itself (IADD, IMAD) */
	uint8_t flt;       /* the result is a float (for the flags) */
	uint8_t join;      /* the join flag (.S on sm_1x): reconverge before issuing */
	uint8_t end;       /* the end flag (from the encoding): the lanes end after it */
	uint8_t dst;       /* TESLA_TD_*: where the result in TESLA_DROW goes (d2: register) */
	uint8_t shs;       /* bit k: s[k] is read from g [..] or c [b] [An+k] into row TESLA_SROW + k */
	tesla_sh sh[4];
} tesla_ext;

extern const emu_rt tesla_rt;

#endif
