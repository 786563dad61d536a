/* What the interpreter loops of both control-flow models share (emu/loop.h): traps, the
   stop conditions of a stepped run, the step budget. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/interp.h"

/* ---- traps ---- */

void emu_trap_at(emu_ctx *x, const emu_warp *w, int lane, const emu_insn *in, const char *fmt, ...)
{
	char cause[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cause, sizeof cause, fmt, ap);
	va_end(ap);
	const emu_cta *c = x->cur_cta;
	char where[160] = "";
	if (lane >= 0)
		snprintf(where, sizeof where, ", lane %d", lane);
	x->trap.warp = w ? w->id : -1;
	x->trap.kind = EMU_TRAP_FAULT;
	x->trap.cta = x->cur_cta ? x->cur_cta->linear : -1;
	x->trap.pc = in && x->code && in >= x->code && in < x->code + x->f->n ? (int)(in - x->code) : -1;
	if (!w || !in) /* a trap of the CTA, not of one instruction (a barrier deadlock) */
		snprintf(x->trap.msg, sizeof x->trap.msg, "trap: %s\n  kernel %s, CTA (%u,%u,%u)", cause, x->f->name,
			 c ? c->ctaid[0] : 0, c ? c->ctaid[1] : 0, c ? c->ctaid[2] : 0);
	else
		snprintf(x->trap.msg, sizeof x->trap.msg,
			 "trap: %s\n  kernel %s, CTA (%u,%u,%u), warp %d%s, pc 0x%04x (%s:%d): %s", cause,
			 x->f->name, c ? c->ctaid[0] : 0, c ? c->ctaid[1] : 0, c ? c->ctaid[2] : 0, w->id, where,
			 in->addr, x->prog->file, in->line, in->text);
}


/* A stepped run (emu/step.h): stop before this issue? */
bool emu_until_hit(emu_ctx *x, uint32_t pc)
{
	const emu_until *u = x->until;
	bool first = x->resumed;
	x->resumed = false;
	if (u->by_step && x->steps >= u->at_step)
		x->stop_reason = EMU_STOP_STEP;
	else if (!first && u->breaks && u->breaks[pc])
		x->stop_reason = EMU_STOP_BREAK;
	else
		return false;
	return true;
}

/* Workers draw the step budget from the shared pool in chunks: 1, or 0 when it is spent,
   or -1 when the run was interrupted (looked at here, so the loop pays nothing for it). */
int emu_take_budget(emu_ctx *x)
{
	const uint64_t chunk = 1 << 16;
	if (x->progress)
		x->progress(x->progress_user, x);
	if (x->interrupt && *x->interrupt)
		return -1;
	uint64_t left = __atomic_load_n(&x->pool->budget, __ATOMIC_RELAXED);
	for (;;) {
		if (left == 0)
			return 0;
		uint64_t take = left < chunk ? left : chunk;
		if (__atomic_compare_exchange_n(&x->pool->budget, &left, left - take, false, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED)) {
			x->max_steps += take;
			return 1;
		}
	}
}

