/* Branches on the condition code (Kepler, Maxwell, Pascal: BRA CC.NEU, target): the CC test
   joins the predicate guard as a generation step. Shared by the generations that have it. */
#ifndef SIMTEMU_GEN_CCGUARD_H
#define SIMTEMU_GEN_CCGUARD_H

#include "asm/gen.h"

/* Per function: the per-instruction records (emu_func.ext). */
void ccg_begin(asm_ctx *c);
/* After the shared selector: a CC test it found becomes the instruction's guard step. */
void ccg_after_select(asm_ctx *c);
/* The guard step: the predicate guard and the CC test's truth over the lane's flags. */
uint32_t ccg_guard(const emu_ctx *x, const emu_warp *w, uint32_t pc);

#endif
