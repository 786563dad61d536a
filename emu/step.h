/* The step API: a launch on one thread that stops between two issues when asked and goes
   on when called again (the debugger drives it; emu_launch runs the same machine to the
   end). Between calls the context's state is the machine's: x->cur_cta, x->cur_warp, the
   warps, memory and counts, all readable; nothing else holds interpreter state. */
#ifndef SIMTEMU_EMU_STEP_H
#define SIMTEMU_EMU_STEP_H

#include "emu/emu.h"

typedef struct emu_stepper emu_stepper;

/* Begin a stepped launch of x (set up as for emu_launch); NULL only without memory. */
emu_stepper *emu_step_start(emu_ctx *x);
/* Run until u says stop, a trap, or the end; the reason. After END, TRAP or QUIT, further
   calls return the same reason without running. */
emu_stop emu_step_until(emu_stepper *sp, emu_ctx *x, const emu_until *u);
/* The warp that issues next (NULL when none is running). */
const emu_warp *emu_step_warp(const emu_stepper *sp);
void emu_step_free(emu_stepper *sp, emu_ctx *x);

#endif
