/* Tesla (sm_1x) parts of the interpreter (tesla.c); exec.c calls them for insns with tany. */
#ifndef SIMTEMU_TESLA_H
#define SIMTEMU_TESLA_H

#include <stdbool.h>

#include "emu/emu.h"

/* Where a g [..] access left the shared window. */
typedef struct {
	int lane;
	uint64_t addr;
	unsigned width;
} tesla_fault;

/* The guard mask of a (Cn.COND) guard (before AND with the active mask). */
uint32_t tesla_guard(const emu_warp *w, const emu_insn *in);
/* Copy in to out with its g [..] sources loaded into scratch rows for the lanes of G
   (and an IMAD carry-in made visible). 0, or -1 with *f set. */
int tesla_load_sources(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, emu_insn *out,
		       tesla_fault *f);
/* After the handler: condition-register write, half or g [..] destination. 0 or -1. */
int tesla_writeback(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, tesla_fault *f);
/* Launch header, parameters and R0 of a CTA; false when .shared cannot hold them. */
bool tesla_cta_init(const emu_ctx *x, emu_cta *c);

#endif
