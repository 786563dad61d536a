/* The control-flow model interface: what the interpreter loop (emu/interp.c) asks of the
   model that decides which lanes of a warp issue next and where they go.
 *
 * A model keeps its per-warp state in emu_warp and provides, as static inline functions
 * in its own header, the operations below; the loop is written against these names only.
 * The token stack (SPEC section 6, sm_1x-sm_6x) is emu/simt.c with emu/cf_tokens.h; the
 * convergence barriers with per-lane pcs of Volta and later (SPEC section 6.2) come as a
 * second model with its own header and suite, and the loop is then compiled once per model
 * (a generation's emu_rt names its model). Neither model knows the other.
 *
 *   cf_warp_init(w, ...)     a warp's state at launch (all valid lanes at index 0)
 *   cf_next(x, w)            before a fetch: make the next issue current, reporting each
 *                            reconvergence to the hook; CF_READY, CF_DONE (the warp has
 *                            finished) or CF_QUIT (a hook ended the run)
 *   cf_pc(w), cf_active(w)   the instruction index and the lanes (A) of that issue
 *   cf_fall(w, next)         the lanes go on at index next (set before the op)
 *   cf_exit(w, G)            lanes G end (EXIT, the end of the code)
 *   cf_bra(w, G, guarded, pc, next, target)   a branch (SPEC 6 table); divergence counted
 *                            by the loop
 *   cf_bra_u(w, G, next, target)              a branch that never splits the warp
 *   cf_brx(w, G, pc, next, targets)           an indexed branch, per-lane targets
 *   cf_call(w, G, next, target) / cf_ret(w, G)
 *   cf_after(w, G, guarded)  the reconvergence rule after an instruction that carries one
 *                            (the .S flag, Maxwell's SYNC)
 *   cf_depth(w)              the model's nesting depth (statistics: max_stack_depth)
 *   cf_straight(w)           cf_next keeps the current issue, unchanged, for as long as
 *                            no control-flow instruction runs (the loop's straight runs)
 * plus the model's own instructions (token stack: cf_ssy, cf_pbk, cf_pcnt, cf_pret, cf_brk,
 * cf_cont), which only its generations' tables select. A status other than CF_OK is a
 * trap whose text is cf_status_text(status).
 */
#ifndef SIMTEMU_EMU_CF_H
#define SIMTEMU_EMU_CF_H

/* cf_next: CF_ARRIVED, the warp has arrived at a CTA barrier as a whole (its lanes came in
   groups); CF_STUCK, no lane can go on (a deadlock; cf_stuck_text says why) */
enum { CF_READY, CF_DONE, CF_QUIT, CF_ARRIVED, CF_STUCK };

#endif
