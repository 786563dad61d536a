/* The interpreter loop: runs one warp over the decoded program until it ends, waits at a
   barrier or traps (SPEC sections 6 and 7). The operation bodies are in emu/ops_*.h. */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/interp.h"
#include "emu/lanes.h"
#include "emu/stats.h"

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
	snprintf(x->trap.msg, sizeof x->trap.msg,
		 "trap: %s\n  kernel %s, CTA (%u,%u,%u), warp %d%s, pc 0x%04x (%s:%d): %s", cause,
		 x->f->name, c ? c->ctaid[0] : 0, c ? c->ctaid[1] : 0, c ? c->ctaid[2] : 0,
		 w ? w->id : -1, where, in ? in->addr : 0, x->prog->file, in ? in->line : 0,
		 in ? in->text : "-");
}


#include "emu/ops_mem.h"
#include "emu/ops_alu.h"
#include "emu/ops_ctl.h"

/* Workers draw the step budget from the shared pool in chunks (false: it is spent). */
static bool take_budget(emu_ctx *x)
{
	const uint64_t chunk = 1 << 16;
	uint64_t left = __atomic_load_n(&x->pool->budget, __ATOMIC_RELAXED);
	for (;;) {
		if (left == 0)
			return false;
		uint64_t take = left < chunk ? left : chunk;
		if (__atomic_compare_exchange_n(&x->pool->budget, &left, left - take, false, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED)) {
			x->max_steps += take;
			return true;
		}
	}
}

/* ---- the warp loop ---- */

run_result emu_run_warp(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	const emu_func *f = x->f;
	emu_stats *stats = &x->stats;
	simt_state *s = &w->s;
	for (;;) {
		if (s->A == 0) {
			if (x->hook) { /* pop one token at a time so that each pop can be shown */
				while (s->A == 0 && s->depth > 0) {
					simt_token t = s->stack[s->depth - 1];
					simt_pop(s);
					if (x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
						return RUN_QUIT;
				}
			}
			if (simt_pop_rule(s) == SIMT_DONE) {
				w->state = EMU_W_DONE;
				return RUN_DONE;
			}
		}
		uint32_t pc = s->pc;
		if (pc >= (uint32_t)f->n) { /* ran past the end: those lanes end */
			simt_exit(s, s->A);
			continue;
		}
		const emu_insn *in = &x->code[pc];
		if (in->steps & EMU_STEP_FETCH) { /* e.g. Tesla's join: reconverge before issuing */
			simt_token t;
			int r = x->prog->rt->fetch(w, pc, &t);
			if ((r & EMU_FETCH_POPPED) && x->hook && x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
				return RUN_QUIT;
			if (r & EMU_FETCH_AGAIN)
				continue;
		}
		if (x->steps >= x->max_steps && !take_budget(x)) {
			emu_trap_at(x, w, -1, in, "step budget exhausted (--max-steps %llu)",
			     (unsigned long long)x->max_steps_total);
			return RUN_TRAP;
		}
		if (x->hook && x->hook(x->hook_user, x, w, EMU_EV_ISSUE, NULL))
			return RUN_QUIT;
		x->steps++;
		cta->issued++;
		uint32_t A = s->A;
		uint32_t pm = in->guard_neg ? ~w->p[in->guard] : w->p[in->guard];
		if (in->steps & EMU_STEP_GUARD)
			pm = x->prog->rt->guard(x, w, pc);
		uint32_t G = A & pm;
		bool guarded = in->guard != EMU_PT || in->guard_neg || (in->steps & EMU_STEP_GUARD);
		stats->warp[pc]++;
		stats->thread[pc] += (uint64_t)popc32(A);
		stats->active[pc] += (uint64_t)popc32(G);
		stats->predoff[pc] += G == 0;
		s->pc = pc + 1;
		simt_status st = SIMT_OK;
		emu_fault fault;
		if ((in->steps & EMU_STEP_PRE) && x->prog->rt->pre(x, w, pc, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		switch ((emu_handler)in->h) {
		case EMU_H_MOV: {
			uint32_t t[32];
			const uint32_t *a = vsrc(x, w, &in->s[0], t);
			uint32_t *d = w->r[in->d];
			int n = w->nlanes;
			LANE_WRITE(d, a[l]);
			break;
		}
		case EMU_H_S2R: h_s2r(x, w, in, G); break;
		case EMU_H_IADD: h_iadd(x, w, in, G); break;
		case EMU_H_IMUL: h_imul(x, w, in, G, false); break;
		case EMU_H_IMAD: h_imul(x, w, in, G, true); break;
		case EMU_H_SHL: h_shift(x, w, in, G, true); break;
		case EMU_H_SHR: h_shift(x, w, in, G, false); break;
		case EMU_H_ISCADD: case EMU_H_LOP: case EMU_H_ICMP: case EMU_H_IMNMX: case EMU_H_SEL:
		case EMU_H_VADD: case EMU_H_VMNMX: case EMU_H_POPC: case EMU_H_BFE: case EMU_H_BFI:
			h_int2(x, w, in, G);
			break;
		case EMU_H_FLO: {
			uint32_t t[32];
			const uint32_t *a = vsrc(x, w, &in->s[0], t);
			uint32_t *d = w->r[in->d];
			for (int l = 0; l < w->nlanes; l++) {
				uint32_t v = in->sign && (int32_t)a[l] < 0 ? ~a[l] : a[l];
				uint32_t r = v ? (uint32_t)(31 - __builtin_clz(v)) : 0xffffffffu;
				if (in->sub && v)
					r = 31 - r;
				WR(d, l, r);
			}
			break;
		}
		case EMU_H_ISETP: case EMU_H_PSETP: case EMU_H_ISET: case EMU_H_FSETP:
			h_setp(x, w, in, G);
			break;
		case EMU_H_FADD: case EMU_H_FMUL: case EMU_H_FFMA: case EMU_H_FMNMX:
			h_fp(x, w, in, G);
			break;
		case EMU_H_MUFU: h_mufu(x, w, in, G); break;
		case EMU_H_I2F: case EMU_H_F2I: case EMU_H_F2F: case EMU_H_I2I:
			h_cvt(x, w, in, G);
			break;
		case EMU_H_VOTE: h_vote(w, in, G); break;
		case EMU_H_LD:
			if (!do_load(x, w, in, in->sub3, G))
				return RUN_TRAP;
			break;
		case EMU_H_ST:
			if (!do_store(x, w, in, in->sub3, G))
				return RUN_TRAP;
			break;
		case EMU_H_DARITH: h_double(x, w, in, G); break;
		case EMU_H_DSETP: h_dsetp(x, w, in, G); break;
		case EMU_H_PRMT: h_prmt(x, w, in, G); break;
		case EMU_H_LDLDU:
			if (!h_ldldu(x, w, in, G))
				return RUN_TRAP;
			break;
		case EMU_H_ATOM:
			if (!h_atom(x, w, in, G))
				return RUN_TRAP;
			break;
		case EMU_H_NOP: break;
		case EMU_H_SSY: st = simt_ssy(s, in->target); break;
		case EMU_H_PBK: st = simt_pbk(s, in->target); break;
		case EMU_H_PCNT: st = simt_pcnt(s, in->target); break;
		case EMU_H_PRET: st = simt_pret(s, in->target); break;
		case EMU_H_BRK: st = simt_brk(s, G); break;
		case EMU_H_CONT: st = simt_cont(s, G); break;
		case EMU_H_RET: st = simt_ret(s, G); break;
		case EMU_H_EXIT: simt_exit(s, G); break;
		case EMU_H_CAL: st = simt_call(s, G, pc + 1, in->target); break;
		case EMU_H_BRA:
			if (guarded && G && G != A)
				stats->divergent++;
			st = simt_bra(s, G, guarded, pc, pc + 1, in->target);
			break;
		case EMU_H_BRAU: simt_bra_u(s, G, pc + 1, in->target); break;
		case EMU_H_BRX:
			if (guarded && G && G != A)
				stats->divergent++;
			if (!h_brx(x, w, in, G, pc))
				return RUN_TRAP;
			break;
		case EMU_H_BAR: {
			if (!G) /* predicated off for every lane: the warp does not arrive */
				break;
			uint32_t t[32];
			const uint32_t *b = vsrc(x, w, &in->s[0], t);
			int first = G ? __builtin_ctz(G) : 0;
			w->bar_id = (int)b[first];
			w->bar_pc = in->addr;
			w->bar_mask = G;
			w->bar_dst = in->sub ? in->d : EMU_NO_REG;
			w->bar_count = (uint32_t)popc32(G & pred_val(w, &in->s[1]));
			w->state = EMU_W_BAR;
			if (in->sflag)
				st = simt_sflag(s, G, guarded);
			if (st != SIMT_OK) {
				emu_trap_at(x, w, -1, in, "%s", simt_status_text(st));
				return RUN_TRAP;
			}
			if (s->depth > stats->max_depth)
				stats->max_depth = s->depth;
			return RUN_BAR;
		}
		case EMU_NHANDLERS: break;
		}
		if ((in->steps & EMU_STEP_POST) && x->prog->rt->post(x, w, pc, A, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		if (st == SIMT_OK && in->sflag)
			st = simt_sflag(s, G, guarded);
		if (st != SIMT_OK) {
			emu_trap_at(x, w, -1, in, "%s", simt_status_text(st));
			return RUN_TRAP;
		}
		if (s->max_depth > stats->max_depth)
			stats->max_depth = s->max_depth;
	}
}

