/* The interpreter loop: runs one warp over the decoded program until it ends, waits at a
   barrier or traps (SPEC sections 6 and 7). The operation bodies are in emu/ops_*.h. */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/cf_tokens.h"
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
static bool until_hit(emu_ctx *x, uint32_t pc)
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

/* Dispatch: one set of operation bodies, built as a switch or (make DISPATCH=goto, the
   default where the compiler has labels as values) as computed goto. */
#ifndef EMU_DISPATCH_GOTO
#if defined(__GNUC__) || defined(__clang__)
#define EMU_DISPATCH_GOTO 1
#else
#define EMU_DISPATCH_GOTO 0
#endif
#endif
#if EMU_DISPATCH_GOTO
#define VM_DISPATCH(h) goto *vm_jump[(h)];
#define VM_CASE(name) vm_##name:
#define VM_BREAK goto vm_done
#define VM_DEFAULT vm_unresolved:
#define VM_END vm_done:;
#else
#define VM_DISPATCH(h) switch ((emu_handler)(h))
#define VM_CASE(name) case EMU_H_##name:
#define VM_BREAK break
#define VM_DEFAULT default:
#define VM_END
#endif

#include "emu/ops_mem.h"
#include "emu/ops_alu.h"
#include "emu/ops_ctl.h"
#include "emu/ops_wide.h"
#include "emu/ops_printf.h"

/* Workers draw the step budget from the shared pool in chunks: 1, or 0 when it is spent,
   or -1 when the run was interrupted (looked at here, so the loop pays nothing for it). */
static int take_budget(emu_ctx *x)
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

/* ---- the warp loop ---- */

run_result emu_run_warp(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	const emu_func *f = x->f;
	emu_stats *stats = &x->stats;
#if EMU_DISPATCH_GOTO
	static const void *const vm_jump[EMU_NHANDLERS] = {
#define H(n) &&vm_##n,
#define HB(n) &&vm_unresolved,
#include "emu/handlers.def"
#undef H
#undef HB
	};
#endif
	for (;;) {
		int nx = cf_next(x, w);
		if (nx == CF_QUIT)
			return RUN_QUIT;
		if (nx == CF_DONE) {
			w->state = EMU_W_DONE;
			return RUN_DONE;
		}
		uint32_t pc = cf_pc(w);
		if (pc >= (uint32_t)f->n) { /* ran past the end: those lanes end */
			cf_exit(w, cf_active(w));
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
		if (x->until && until_hit(x, pc))
			return RUN_STOP;
		if (x->steps >= x->max_steps) {
			int b = take_budget(x);
			if (b < 0) {
				emu_trap_at(x, w, -1, in, "interrupted");
				x->trap.kind = EMU_TRAP_INTERRUPT;
				return RUN_TRAP;
			}
			if (b == 0) {
				emu_trap_at(x, w, -1, in, "step budget exhausted (--max-steps %llu)",
					    (unsigned long long)x->max_steps_total);
				x->trap.kind = EMU_TRAP_BUDGET;
				return RUN_TRAP;
			}
		}
		if (x->hook && x->hook(x->hook_user, x, w, EMU_EV_ISSUE, NULL))
			return RUN_QUIT;
		x->steps++;
		cta->issued++;
		uint32_t A = cf_active(w);
		uint32_t pm = in->guard_neg ? ~w->p[in->guard] : w->p[in->guard];
		if (in->steps & EMU_STEP_GUARD)
			pm = x->prog->rt->guard(x, w, pc);
		uint32_t G = A & pm;
		bool guarded = in->guard != EMU_PT || in->guard_neg || (in->steps & EMU_STEP_GUARD);
		stats->warp[pc]++;
		stats->thread[pc] += (uint64_t)popc32(A);
		stats->active[pc] += (uint64_t)popc32(G);
		stats->predoff[pc] += G == 0;
		cf_fall(w, pc + 1);
		cf_status st = CF_OK;
		emu_fault fault;
		if ((in->steps & EMU_STEP_PRE) && x->prog->rt->pre(x, w, pc, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		VM_DISPATCH(in->h) {
		VM_CASE(MOV) {
			uint32_t t[32];
			const uint32_t *a = vsrc(x, w, &in->s[0], t);
			uint32_t *d = w->r[in->d];
			int n = w->nlanes;
			LANE_WRITE(d, a[l]);
			VM_BREAK;
		}
		VM_CASE(S2R) h_s2r(x, w, in, G); VM_BREAK;
		VM_CASE(IADD) h_iadd(x, w, in, G); VM_BREAK;
		VM_CASE(IADD_CC) h_iadd_cc(x, w, in, G); VM_BREAK;
		VM_CASE(IMUL) h_imul(x, w, in, G, false); VM_BREAK;
		VM_CASE(IMAD) h_imul(x, w, in, G, true); VM_BREAK;
		VM_CASE(SHL) h_shift(x, w, in, G, true); VM_BREAK;
		VM_CASE(SHR) h_shift(x, w, in, G, false); VM_BREAK;
		VM_CASE(ISCADD) h_iscadd(x, w, in, G); VM_BREAK;
		VM_CASE(ISCADD_CC) h_iscadd_cc(x, w, in, G); VM_BREAK;
		VM_CASE(LOP_AND) h_lop_and(x, w, in, G); VM_BREAK;
		VM_CASE(LOP_OR) h_lop_or(x, w, in, G); VM_BREAK;
		VM_CASE(LOP_XOR) h_lop_xor(x, w, in, G); VM_BREAK;
		VM_CASE(LOP_PASSB) h_lop_passb(x, w, in, G); VM_BREAK;
		VM_CASE(ICMP) h_icmp(x, w, in, G); VM_BREAK;
		VM_CASE(IMNMX) h_imnmx(x, w, in, G); VM_BREAK;
		VM_CASE(SEL) h_sel(x, w, in, G); VM_BREAK;
		VM_CASE(VADD) h_vadd(x, w, in, G); VM_BREAK;
		VM_CASE(VMNMX) h_vmnmx(x, w, in, G); VM_BREAK;
		VM_CASE(POPC) h_popc(x, w, in, G); VM_BREAK;
		VM_CASE(BFE) h_bfe(x, w, in, G); VM_BREAK;
		VM_CASE(BFI) h_bfi(x, w, in, G); VM_BREAK;
		VM_CASE(FLO) {
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
			VM_BREAK;
		}
		VM_CASE(ISETP) h_isetp(x, w, in, G); VM_BREAK;
		VM_CASE(ISETP_X) h_isetp_x(x, w, in, G); VM_BREAK;
		VM_CASE(PSETP) h_psetp(x, w, in, G); VM_BREAK;
		VM_CASE(FSETP) h_fsetp(x, w, in, G); VM_BREAK;
		VM_CASE(ISET) h_iset(x, w, in, G); VM_BREAK;
		VM_CASE(FSET_T) h_fset_t(x, w, in, G); VM_BREAK;
		VM_CASE(FADD) h_fadd(x, w, in, G); VM_BREAK;
		VM_CASE(FADD_X) h_fadd_x(x, w, in, G); VM_BREAK;
		VM_CASE(FMUL) h_fmul(x, w, in, G); VM_BREAK;
		VM_CASE(FMUL_X) h_fmul_x(x, w, in, G); VM_BREAK;
		VM_CASE(FFMA) h_ffma(x, w, in, G); VM_BREAK;
		VM_CASE(FFMA_X) h_ffma_x(x, w, in, G); VM_BREAK;
		VM_CASE(FMAD_T) h_fmad_t(x, w, in, G); VM_BREAK;
		VM_CASE(FMNMX) h_fmnmx(x, w, in, G); VM_BREAK;
		VM_CASE(XMAD) h_xmad(x, w, in, G); VM_BREAK;
		VM_CASE(IADD3) h_iadd3(x, w, in, G); VM_BREAK;
		VM_CASE(LOP3) h_lop3(x, w, in, G); VM_BREAK;
		VM_CASE(SHF) h_shf(x, w, in, G); VM_BREAK;
		VM_CASE(LEA) h_lea(x, w, in, G); VM_BREAK;
		VM_CASE(FCHK) h_fchk(x, w, in, G); VM_BREAK;
		VM_CASE(FCMP) h_fcmp(x, w, in, G); VM_BREAK;
		VM_CASE(FSET) h_fset(x, w, in, G); VM_BREAK;
		VM_CASE(DSET) h_dset(x, w, in, G); VM_BREAK;
		VM_CASE(LOP_P) h_lop_p(x, w, in, G); VM_BREAK;
		VM_CASE(PRINTF)
			if (!h_printf(x, w, in, G))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(MUFU) h_mufu(x, w, in, G); VM_BREAK;
		VM_CASE(I2F) VM_CASE(F2I) VM_CASE(F2F) VM_CASE(I2I)
			h_cvt(x, w, in, G);
			VM_BREAK;
		VM_CASE(VOTE) h_vote(w, in, G); VM_BREAK;
		VM_CASE(SHFL) h_shfl(x, w, in, G); VM_BREAK;
		VM_CASE(LDSLK) VM_CASE(STSCUL)
			if (!h_slock(x, w, in, G))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(LD)
			if (!do_load(x, w, in, in->sub3, G))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(ST)
			if (!do_store(x, w, in, in->sub3, G))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(DARITH) h_double(x, w, in, G); VM_BREAK;
		VM_CASE(DSETP) h_dsetp(x, w, in, G); VM_BREAK;
		VM_CASE(PRMT) h_prmt(x, w, in, G); VM_BREAK;
		VM_CASE(LDLDU)
			if (!h_ldldu(x, w, in, G))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(ATOM)
			if (!h_atom(x, w, in, G))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(NOP) VM_BREAK;
		VM_CASE(SSY) st = cf_ssy(w, in->target); VM_BREAK;
		VM_CASE(PBK) st = cf_pbk(w, in->target); VM_BREAK;
		VM_CASE(PCNT) st = cf_pcnt(w, in->target); VM_BREAK;
		VM_CASE(PRET) st = cf_pret(w, in->target); VM_BREAK;
		VM_CASE(BRK) st = cf_brk(w, G); VM_BREAK;
		VM_CASE(CONT) st = cf_cont(w, G); VM_BREAK;
		VM_CASE(RET) st = cf_ret(w, G); VM_BREAK;
		VM_CASE(EXIT) cf_exit(w, G); VM_BREAK;
		VM_CASE(CAL) st = cf_call(w, G, pc + 1, in->target); VM_BREAK;
		VM_CASE(BRA)
			if (guarded && G && G != A)
				stats->divergent++;
			st = cf_bra(w, G, guarded, pc, pc + 1, in->target);
			VM_BREAK;
		VM_CASE(BRAU) cf_bra_u(w, G, pc + 1, in->target); VM_BREAK;
		VM_CASE(BRX)
			if (guarded && G && G != A)
				stats->divergent++;
			if (!h_brx(x, w, in, G, pc))
				return RUN_TRAP;
			VM_BREAK;
		VM_CASE(BAR) {
			if (!G) /* predicated off for every lane: the warp does not arrive */
				VM_BREAK;
			uint32_t t[32];
			const uint32_t *b = vsrc(x, w, &in->s[0], t);
			int first = G ? __builtin_ctz(G) : 0;
			if (b[first] > 15) { /* 16 named barriers, 0-15 */
				emu_trap_at(x, w, first, in, "barrier %u does not exist (barriers 0-15)", b[first]);
				return RUN_TRAP;
			}
			w->bar_id = (int)b[first];
			w->bar_pc = in->addr;
			w->bar_mask = G;
			w->bar_dst = in->sub ? in->d : EMU_NO_REG;
			w->bar_count = (uint32_t)popc32(G & pred_val(w, &in->s[1]));
			w->state = EMU_W_BAR;
			if (in->sflag)
				st = cf_after(w, G, guarded);
			if (st != CF_OK) {
				emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
				return RUN_TRAP;
			}
			if (cf_depth(w) > stats->max_depth)
				stats->max_depth = cf_depth(w);
			return RUN_BAR;
		}
		VM_DEFAULT /* a base handler that asm/variant.c did not resolve: a bug, not input */
			emu_trap_at(x, w, -1, in, "internal error: unresolved handler %d", in->h);
			return RUN_TRAP;
		}
		VM_END
		if ((in->steps & EMU_STEP_POST) && x->prog->rt->post(x, w, pc, A, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		if (st == CF_OK && in->sflag)
			st = cf_after(w, G, guarded);
		if (st != CF_OK) {
			emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
			return RUN_TRAP;
		}
		if (cf_depth(w) > stats->max_depth)
			stats->max_depth = cf_depth(w);
	}
}

