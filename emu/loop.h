/* The interpreter loop, compiled once per control-flow model (emu/cf.h): emu/interp_tokens.c
   includes it after emu/cf_tokens.h, emu/interp_barrier.c after emu/cf_barrier.h, each
   naming the function EMU_RUN_WARP. It runs one warp over the decoded program until the
   warp ends, waits at a barrier or traps (SPEC sections 6, 6.2 and 7); the operation
   bodies are in emu/ops_*.h. */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/interp.h"
#include "emu/lanes.h"
#include "emu/stats.h"

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
#include "emu/ops_fermi.h"
#include "emu/ops_ctl.h"
#include "emu/ops_wide.h"
#include "emu/ops_vfp.h"
#include "emu/ops_printf.h"
#include "emu/ops_volta.h"

/* ---- the warp loop ---- */

/* The loop proper; EMU_RUN_WARP below adds what needs doing once per call. What an issue
   costs besides its operation is kept to a few loads and tests (issue 18): the code, its
   length and the per-instruction counts are locals, the debugger's and the stepper's tests
   are one test of a local while neither is attached, the deepest stack is taken at the
   end of the call instead of at every issue. */
#define EMU_RUN_WARP_LOOP EMU_CAT(EMU_RUN_WARP, _loop)
#define EMU_CAT(a, b) EMU_CAT_(a, b)
#define EMU_CAT_(a, b) a##b
static __attribute__((noinline)) run_result EMU_RUN_WARP_LOOP(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	const emu_func *f = x->f;
	emu_stats *stats = &x->stats;
	emu_pcstat *const pcs = stats->pc;
	const emu_insn *const code = x->code;
	const uint32_t ninsns = (uint32_t)f->n;
	/* a hook or a stop condition attached: set for the whole call (a hook may attach a stop
	   condition, but only while there is a hook) */
	const bool watched = x->hook || x->until;
	(void)cta; /* the CTA's clock is x->steps - cta->steps0 */
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
		if (nx != CF_READY) {
			if (nx == CF_QUIT)
				return RUN_QUIT;
			if (nx == CF_DONE) {
				w->state = EMU_W_DONE;
				return RUN_DONE;
			}
			if (nx == CF_ARRIVED) { /* the last of its lanes reached the CTA barrier */
				w->state = EMU_W_BAR;
				return RUN_BAR;
			}
			char why[600];
			cf_stuck_text(w, why, sizeof why);
			emu_trap_at(x, w, -1, NULL, "warp %d: %s", w->id, why);
			x->trap.warp = w->id;
			return RUN_TRAP;
		}
		uint32_t pc = cf_pc(w);
		if (pc >= ninsns) { /* ran past the end: those lanes end */
			cf_exit(w, cf_active(w));
			continue;
		}
		const emu_insn *in = &code[pc];
		const unsigned steps = in->steps;
		if (steps & EMU_STEP_FETCH) { /* e.g. Tesla's join: reconverge before issuing */
			simt_token t;
			int r = x->prog->rt->fetch(w, pc, &t);
			if ((r & EMU_FETCH_POPPED) && x->hook && x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
				return RUN_QUIT;
			if (r & EMU_FETCH_AGAIN)
				continue;
		}
		if (watched && x->until && emu_until_hit(x, pc))
			return RUN_STOP;
		if (x->steps >= x->max_steps) {
			int b = emu_take_budget(x);
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
		if (watched && x->hook && x->hook(x->hook_user, x, w, EMU_EV_ISSUE, NULL))
			return RUN_QUIT;
		x->steps++;
		uint32_t A = cf_active(w);
		uint32_t pm = w->p[in->guard] ^ -(uint32_t)in->guard_neg;
		if (steps & EMU_STEP_GUARD)
			pm = x->prog->rt->guard(x, w, pc);
		uint32_t G = A & pm;
		/* guarded (the instruction has a guard): a macro, evaluated only by the bodies that
		   ask (GCC did not sink the variable there: about 10 host instructions per issue) */
#define guarded (in->guard != EMU_PT || in->guard_neg || (in->steps & EMU_STEP_GUARD))
		emu_pcstat *ps = &pcs[pc];
		ps->warp++;
		ps->thread += (uint64_t)popc32(A);
		ps->active += (uint64_t)popc32(G);
		ps->predoff += G == 0;
		if (steps & EMU_STEP_UNIFORM) /* one value for the whole warp */
			G = G ? w->valid : 0;
		cf_fall(w, pc + 1);
		cf_status st = CF_OK;
		emu_fault fault;
		if ((steps & EMU_STEP_PRE) && x->prog->rt->pre(x, w, pc, G, &fault)) {
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
		VM_CASE(VIDEO) h_video(x, w, in, G); VM_BREAK;
		VM_CASE(PSET) h_pset(x, w, in, G); VM_BREAK;
		VM_CASE(ISET_X) h_iset_x(x, w, in, G); VM_BREAK;
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
		/* sm_70+ floating point (emu/ops_vfp.h) */
		VM_CASE(VFMNMX) h_vfmnmx(x, w, in, G); VM_BREAK;
		VM_CASE(FRND) h_frnd(x, w, in, G); VM_BREAK;
		VM_CASE(FRND64) h_frnd64(x, w, in, G); VM_BREAK;
		VM_CASE(VMUFU) h_vmufu(x, w, in, G); VM_BREAK;
		VM_CASE(CVT_H) h_cvt_h(x, w, in, G); VM_BREAK;
		VM_CASE(F2FP) h_f2fp(x, w, in, G); VM_BREAK;
		VM_CASE(HARITH) h_harith(x, w, in, G); VM_BREAK;
		VM_CASE(HSETP2) h_hsetp2(x, w, in, G); VM_BREAK;
		VM_CASE(HMNMX2) h_hmnmx2(x, w, in, G); VM_BREAK;
		VM_CASE(I2F) VM_CASE(F2I) VM_CASE(F2F) VM_CASE(I2I)
			h_cvt(x, w, in, G);
			VM_BREAK;
		VM_CASE(VOTE) h_vote(w, in, G); VM_BREAK;
		VM_CASE(SHFL) h_shfl(x, w, in, G); VM_BREAK;
		VM_CASE(LDSLK) VM_CASE(STSCUL) VM_CASE(STSUL)
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
		VM_CASE(BRA_P) { /* @P0 BRA P1, t (sm_70+): lanes whose guard and P1 hold branch */
			uint32_t T = G & pred_val(w, &in->s[0]);
			if (T && T != A)
				stats->divergent++;
			st = cf_bra(w, T, true, pc, pc + 1, in->target);
			VM_BREAK;
		}
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
			if (cf_bar_first(w)) { /* with convergence barriers, lanes may arrive in groups */
				w->bar_mask = 0;
				w->bar_count = 0;
			}
			w->bar_id = (int)b[first];
			w->bar_pc = in->addr;
			w->bar_mask |= G;
			w->bar_dst = in->sub ? in->d : EMU_NO_REG;
			w->bar_count += (uint32_t)popc32(G & pred_val(w, &in->s[1]));
			if (!cf_bar(w, G, pc + 1)) /* the group waits; the warp arrives with its last lanes */
				VM_BREAK;
			w->state = EMU_W_BAR;
			if (in->sflag)
				st = cf_after(w, G, guarded);
			if (st != CF_OK) {
				emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
				return RUN_TRAP;
			}
			return RUN_BAR;
		}
		VM_CASE(YIELD) if (G) cf_yield(w); VM_BREAK;
		/* convergence barriers (SPEC 6.2): sub is the barrier Bn */
		VM_CASE(BSSY) st = cf_bssy(w, in->sub, G); VM_BREAK;
		VM_CASE(BSYNC) st = cf_bsync(w, in->sub, G, pc + 1); VM_BREAK;
		VM_CASE(BREAK) st = cf_break(w, in->sub, G); VM_BREAK;
		/* BMOV: a barrier's lane mask to and from registers and other barriers; the issuing
		   lanes (G) write only their own bits of a barrier (docs/volta.md) */
		VM_CASE(BMOV_RB) { /* Rd = Bn; .CLEAR: then G leave Bn */
			uint32_t v = cf_bget(w, in->sub), *d = w->r[in->d];
			int n = w->nlanes;
			LANE_LOOP WR(d, l, v);
			if (in->sub2)
				st = cf_bset(w, in->sub, 0, G);
			VM_BREAK;
		}
		VM_CASE(BMOV_BR) { /* G's bits of Bn from Rs (each lane's own value) */
			if (!G)
				VM_BREAK;
			uint32_t t[32], m = 0;
			const uint32_t *a = vsrc(x, w, &in->s[0], t);
			for (uint32_t r = G; r; r &= r - 1) {
				int l = __builtin_ctz(r);
				m |= a[l] & (1u << l);
			}
			st = cf_bset(w, in->sub, m, G);
			VM_BREAK;
		}
		VM_CASE(BMOV_BB) { /* G's bits of Bd from Bs; .CLEAR: then G leave Bs */
			uint32_t v = cf_bget(w, in->sub3);
			if (in->sub2)
				st = cf_bset(w, in->sub3, 0, G);
			if (st == CF_OK)
				st = cf_bset(w, in->sub, v, G);
			VM_BREAK;
		}
		VM_CASE(WARPSYNC) {
			if (!G)
				VM_BREAK;
			uint32_t t[32];
			uint32_t m = in->sub2 ? 0xffffffffu : vsrc(x, w, &in->s[0], t)[__builtin_ctz(G)];
			st = cf_warpsync(w, m, G, pc + 1);
			VM_BREAK;
		}
		VM_CASE(BRA_DIV) { /* .DIV (sub 1) / .CONV (sub 0): are the live lanes of m all here? */
			if (!G)
				VM_BREAK;
			uint32_t t[32];
			uint32_t m = vsrc(x, w, &in->s[0], t)[__builtin_ctz(G)] & cf_live(w);
			bool all = (m & ~A) == 0;
			if (all != (bool)in->sub)
				cf_bra_u(w, A, pc + 1, in->target);
			VM_BREAK;
		}
		/* Volta's integer, logic, uniform and warp operations (emu/ops_volta.h) */
		VM_CASE(VIMAD) h_vimad(x, w, in, G); VM_BREAK;
		VM_CASE(VIADD3) h_viadd3(x, w, in, G); VM_BREAK;
		VM_CASE(VLOP3) h_vlop3(x, w, in, G); VM_BREAK;
		VM_CASE(VPLOP3) h_vplop3(w, in, G); VM_BREAK;
		VM_CASE(VSHF) h_vshf(x, w, in, G); VM_BREAK;
		VM_CASE(VLEA) h_vlea(x, w, in, G); VM_BREAK;
		VM_CASE(VSGXT) h_vsgxt(x, w, in, G); VM_BREAK;
		VM_CASE(VBMSK) h_vbmsk(x, w, in, G); VM_BREAK;
		VM_CASE(VPRMT) h_vprmt(x, w, in, G); VM_BREAK;
		VM_CASE(VISETP) h_visetp(x, w, in, G); VM_BREAK;
		VM_CASE(VBREV) h_vbrev(x, w, in, G); VM_BREAK;
		VM_CASE(VMOVM) h_vmovm(x, w, in, G); VM_BREAK;
		VM_CASE(VVOTE) h_vvote(w, in, A & pm, G); VM_BREAK; /* VOTEU: the group's lanes vote */
		VM_CASE(VMATCH) h_vmatch(x, w, in, G); VM_BREAK;
		VM_CASE(VREDUX) h_vredux(x, w, in, G); VM_BREAK;
		VM_CASE(VR2UR) h_vr2ur(x, w, in, G); VM_BREAK;
		VM_CASE(VCS2R) h_vcs2r(x, w, in, G); VM_BREAK;
		VM_DEFAULT /* a base handler that asm/variant.c did not resolve: a bug, not input */
			emu_trap_at(x, w, -1, in, "internal error: unresolved handler %d", in->h);
			return RUN_TRAP;
		}
		VM_END
		if ((steps & EMU_STEP_POST) && x->prog->rt->post(x, w, pc, A, G, &fault)) {
			emu_trap_at(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		if (st == CF_OK && in->sflag)
			st = cf_after(w, G, guarded);
		if (st != CF_OK) {
			emu_trap_at(x, w, -1, in, "%s", cf_status_text(st));
			return RUN_TRAP;
		}
#undef guarded
	}
}

run_result EMU_RUN_WARP(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	run_result r = EMU_RUN_WARP_LOOP(x, cta, w);
	if (cf_depth(w) > x->stats.max_depth) /* the deepest the warp has been, whatever ended the call */
		x->stats.max_depth = cf_depth(w);
	return r;
}
