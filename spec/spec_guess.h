/* What a listing reads of its launch: the parameter slots and constant-bank bytes its code
   reads (simtemu spec's starting spec; the warnings about reads nothing set). */
#ifndef SIMTEMU_SPEC_GUESS_H
#define SIMTEMU_SPEC_GUESS_H

#include <stdint.h>
#include <stdio.h>

#include "emu/emu.h"

/* The constant-bank bytes a launch set: a byte map per bank (NULL: nothing in that bank
   yet), filled by spec_written_abi and spec_apply_marked. */
typedef struct {
	uint8_t *w[EMU_NBANKS];
} spec_written;

/* After emu_abi_setup: the ABI's part of bank 0 (below the parameters) and every byte it
   made nonzero are set. */
void spec_written_abi(spec_written *w, emu_ctx *x);
void spec_written_mark(spec_written *w, int bank, uint32_t off, uint32_t n);
void spec_written_free(spec_written *w);

/* One warning per constant-bank location that x's function reads (a constant operand or an
   LDC at a fixed offset) and nothing set, naming the slot and the first instruction that
   reads it, on diag. Returns how many. Tesla's parameters (in shared memory) are not
   checked. Marks what it warned about as set. */
int spec_warn_unset(const emu_ctx *x, spec_written *w, FILE *diag);

/* A starting launch spec for x's function (simtemu spec): parameter slots, a .buffer per
   pointer, geometry, and the constant banks read that nothing fills. */
void spec_guess(const emu_ctx *x, const spec_written *w, const char *file, FILE *out);

#endif
