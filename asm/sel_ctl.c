/* Selectors of the control family (emu/ops_ctl.h): special registers, NOP, the CTA barrier,
   the token stack's instructions (SSY, PBK, PCNT, PRET, BRK, CONT), branches, calls and
   returns, EXIT; and the convergence barriers' (BSSY, BSYNC, BREAK, BMOV, WARPSYNC, BRA
   with per-lane pcs, YIELD). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel.h"
#include "emu/sem_vfp.h"
#include "emu/semantics.h"
#include "isa/isa.h"
#include "util/xalloc.h"

void asm_sel_s2r(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_S2R;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	int sr = asm_sreg_code(ai->ops[1].name);
	if (sr < 0)
		asm_err(c, ai->ops[1].loc, "unsupported special register '%s' for %s", ai->ops[1].name, c->target);
	c->in->sub = (uint8_t)(sr < 0 ? 0 : sr);
}

/* NOP and BPT.DRAIN: hints with no effect */
void asm_sel_nop(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	if (c->desc->var == ISA_V_BPT && !asm_has_mod(ai, "DRAIN")) {
		asm_err(c, ai->loc, "BPT without .DRAIN (a debugger trap) is not supported%s", "", "");
		return;
	}
	if (c->desc->var != ISA_V_BPT && ai->nops == 1 && ai->ops[0].kind == OPND_CCTEST &&
	    strcmp(ai->ops[0].name, "T"))
		asm_err(c, ai->ops[0].loc, "NOP with condition CC.%s is not supported (only CC.T)%s", ai->ops[0].name, "");
	c->in->h = EMU_H_NOP;
}

/* BAR.RED.POPC Rd, bar[, p] and BAR.SYNC bar */
void asm_sel_bar(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool red = asm_has_mod(ai, "RED");
	static const char *const reds[] = {"POPC", "AND", "OR"};
	int ro = sel_which_mod(ai, reds, 3);
	if (asm_has_mod(ai, "ARV")) {
		asm_err(c, ai->loc, "BAR.ARV (bar.arrive): an arrival without waiting is not modelled%s", "", "");
		return;
	}
	if ((red && ro < 0) || (!red && !asm_has_mod(ai, "SYNC"))) {
		asm_err(c, ai->loc, "BAR is supported as BAR.RED.POPC/.AND/.OR and BAR.SYNC%s", "", "");
		return;
	}
	in->h = EMU_H_BAR;
	int nv = 0; /* operands before the predicate: [d,] barrier[, count] (sm_90: BAR.RED without d, B2R.RESULT reads it) */
	while (nv < ai->nops && ai->ops[nv].kind != OPND_PRED)
		nv++;
	in->sub = red && nv >= 2 && ai->ops[0].kind == OPND_REG; /* BAR.RED.POPC Rd, b: Rd = the count */
	in->sub2 = (uint8_t)(red ? ro + 1 : 0);
	int k = 0;
	if (in->sub)
		in->d = asm_dst_reg(c, &ai->ops[k++], 1);
	in->s[0] = (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED) {
		if (ai->ops[k].kind == OPND_IMM && (ai->ops[k].ival < 0 || ai->ops[k].ival > 15)) {
			char id[24];
			snprintf(id, sizeof id, "%lld", (long long)ai->ops[k].ival);
			asm_err(c, ai->ops[k].loc, "barrier %s does not exist (barriers 0-15)%s", id, "");
		}
		in->s[0] = sel_src_int(c, k++);
	}
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED) { /* a thread count: the CTA's (emu/ops_ctl.h) */
		in->sub3 = ai->ops[k].kind == OPND_REG ? 2 : 1;
		in->s[2] = sel_src_int(c, k++);
	}
	if (k < ai->nops && ai->ops[k].kind != OPND_PRED) {
		asm_err(c, ai->ops[k].loc, "BAR takes at most a barrier and a thread count%s", "", "");
		return;
	}
	in->s[1] = (emu_src){.kind = SRC_REG, .reg = AST_PT};
	if (k < ai->nops)
		in->s[1] = sel_src_pred(&ai->ops[k]);
}

static void branch_target(asm_ctx *c)
{
	if (c->ai->nops >= 1)
		c->in->target = asm_target_index(c, &c->ai->ops[0], c->addrs);
}

/* SSY PBK PCNT PRET: push a token */
void asm_sel_token(asm_ctx *c, int op)
{
	(void)op;
	int v = c->desc->var;
	c->in->h = v == ISA_V_SSY ? EMU_H_SSY : v == ISA_V_PBK ? EMU_H_PBK : v == ISA_V_PCNT ? EMU_H_PCNT : EMU_H_PRET;
	if (c->ai->has_guard)
		asm_err(c, c->ai->loc, "%s cannot be guarded%s", c->desc->name, "");
	branch_target(c);
}

/* BRK CONT RET EXIT: lanes leave the active mask */
void asm_sel_leave(asm_ctx *c, int op)
{
	(void)op;
	int v = c->desc->var;
	c->in->h = v == ISA_V_BRK ? EMU_H_BRK : v == ISA_V_CONT ? EMU_H_CONT : v == ISA_V_RET ? EMU_H_RET : EMU_H_EXIT;
}

/* CAL/JCAL target. JCAL 0x0 is a call whose target the linker had not resolved when
   cuobjdump printed it: in CUDA code, vprintf (printf's argument buffer is set up before
   it: the format string's address in R4:R5, the arguments' in R6:R7). */
void asm_sel_call(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	if (c->desc->var == ISA_V_JCAL && ai->nops == 1 && ai->ops[0].kind == OPND_IMM && ai->ops[0].ival == 0) {
		c->in->h = EMU_H_PRINTF;
		return;
	}
	c->in->h = EMU_H_CAL;
	branch_target(c);
}

/* BRA [CC.test,] target: a condition-code test is the generation's guard (c->cc_test) */
void asm_sel_bra(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	c->in->h = asm_has_mod(ai, "U") ? EMU_H_BRAU : EMU_H_BRA;
	int k = 0;
	if (ai->nops == 2 && ai->ops[0].kind == OPND_CCTEST) {
		int code = ast_cond_code(ai->ops[0].name);
		if (code < 0)
			asm_err(c, ai->ops[0].loc, "unknown condition-code test 'CC.%s'%s", ai->ops[0].name, "");
		c->cc_test = code;
		k = 1;
	} else if (ai->nops != 1 || ai->ops[0].kind == OPND_CCTEST) {
		asm_err(c, ai->loc, "%s needs a target%s", c->desc->name, "");
		return;
	}
	c->in->target = asm_target_index(c, &ai->ops[k], c->addrs);
}

/* BRX Rn, or BRX c[bank][Rn+off]: a per-lane absolute address */
void asm_sel_brx(asm_ctx *c, int op)
{
	(void)op;
	const ast_opnd *o = &c->ai->ops[0];
	c->in->h = EMU_H_BRX;
	if (o->kind == OPND_REG) {
		c->in->s[0] = sel_src_int(c, 0);
		/* BRX Rn -0x130 (Maxwell): the target is Rn + the next instruction's address + the
		   offset */
		if (o->rel)
			c->in->off = (int32_t)(c->addrs[c->idx] + (c->gen->insn_bytes ? c->gen->insn_bytes : 8) + o->ival);
		return;
	}
	if (o->bank < 0 || o->bank >= EMU_NBANKS) {
		asm_err(c, o->loc, "constant bank out of range%s", "", "");
		return;
	}
	c->in->sub2 = 1;
	c->in->sub = (uint8_t)o->bank;
	asm_mem_operand(c, o, false);
}

/* SYNC: Fermi's .S pop, as an instruction of its own (SPEC 6) */
void asm_sel_sync(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_NOP;
	c->in->sflag = 1;
}

/* CS2R[.32] d, SRZ | SR_CLOCKLO */
void asm_sel_cs2r(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	const ast_opnd *o = &ai->ops[1];
	int sr = o->kind == OPND_LABEL && !strcmp(o->name, "SRZ") ? SR_ZERO : asm_sreg_code(o->name);
	if (sr != SR_ZERO && sr != SR_CLOCKLO) {
		asm_err(c, o->loc, "CS2R reads SRZ or SR_CLOCKLO here, not '%s'%s", o->name, "");
		return;
	}
	in->h = EMU_H_CS2R;
	in->sub = (uint8_t)sr;
	in->width = asm_has_mod(ai, "32") ? 1 : 2;
	in->d = asm_dst_reg(c, &ai->ops[0], in->width);
}

/* Operand i names a convergence barrier Bn: n, or -1 (an error said why). */
static int barrier(asm_ctx *c, int i)
{
	const ast_opnd *o = &c->ai->ops[i];
	char *end = NULL;
	long n = o->kind == OPND_LABEL && o->name[0] == 'B' && o->name[1] ? strtol(o->name + 1, &end, 10) : -1;
	if (!end || *end || n < 0 || n > 15 || o->name[1] < '0' || o->name[1] > '9') {
		asm_err(c, o->loc, "operand %s of %s: expected a convergence barrier B0-B15",
			i == 0 ? "1" : i == 1 ? "2" : "3", c->desc->name);
		return -1;
	}
	return (int)n;
}

static bool is_barrier(const ast_opnd *o)
{
	return o->kind == OPND_LABEL && o->name[0] == 'B' && o->name[1] >= '0' && o->name[1] <= '9';
}

/* Blackwell's barrier flavours run as the plain barrier: how .RECONVERGENT and .RELIABLE
   differ is not documented, so the first one in a listing says so (docs/generations.md) */
static void flavour_note(asm_ctx *c)
{
	const ast_insn *ai = c->ai;
	if (c->flavour_noted || !(asm_has_mod(ai, "RECONVERGENT") || asm_has_mod(ai, "RELIABLE")))
		return;
	c->flavour_noted = true;
	ast_note(c->dg, ai->loc, "warning",
		 "%s.%s runs as the plain convergence barrier: how .RECONVERGENT and .RELIABLE differ is not "
		 "documented (said once per listing)",
		 c->desc->name, asm_has_mod(ai, "RECONVERGENT") ? "RECONVERGENT" : "RELIABLE");
}

/* BSSY Bn, t: Bn = the group; t (where the lanes go on after the BSYNC) is shown only */
void asm_sel_bssy(asm_ctx *c, int op)
{
	(void)op;
	int n = barrier(c, 0);
	c->in->h = EMU_H_BSSY;
	flavour_note(c);
	c->in->sub = (uint8_t)(n < 0 ? 0 : n);
	c->in->target = asm_target_index(c, &c->ai->ops[1], c->addrs);
}

void asm_sel_bsync(asm_ctx *c, int op)
{
	(void)op;
	int n = barrier(c, 0);
	c->in->h = EMU_H_BSYNC;
	flavour_note(c);
	c->in->sub = (uint8_t)(n < 0 ? 0 : n);
}

void asm_sel_break(asm_ctx *c, int op)
{
	(void)op;
	int n = barrier(c, 0);
	c->in->h = EMU_H_BREAK;
	flavour_note(c);
	c->in->sub = (uint8_t)(n < 0 ? 0 : n);
}

/* BMOV.32[.CLEAR] Rd, Bn; BMOV.32 Bn, Rs or an immediate; BMOV.32[.CLEAR] Bd, Bs (sm_87's
   prologue moves B0 down to B15 this way: Bd = Bs, then .CLEAR empties Bs) */
void asm_sel_bmov(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (is_barrier(&ai->ops[1]) && ai->ops[0].kind == OPND_REG) {
		int n = barrier(c, 1);
		in->h = EMU_H_BMOV_RB;
		in->sub = (uint8_t)(n < 0 ? 0 : n);
		in->clear = asm_has_mod(ai, "CLEAR");
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
		return;
	}
	if (is_barrier(&ai->ops[0]) && is_barrier(&ai->ops[1])) {
		int d = barrier(c, 0), s = barrier(c, 1);
		in->h = EMU_H_BMOV_BB;
		in->sub = (uint8_t)(d < 0 ? 0 : d);
		in->sub3 = (uint8_t)(s < 0 ? 0 : s);
		in->clear = asm_has_mod(ai, "CLEAR");
		return;
	}
	if (is_barrier(&ai->ops[0]) && (ai->ops[1].kind == OPND_REG || ai->ops[1].kind == OPND_IMM)) {
		int n = barrier(c, 0);
		if (asm_has_mod(ai, "CLEAR"))
			asm_err(c, ai->loc, "BMOV.CLEAR clears the barrier it reads: BMOV.32.CLEAR Rd, Bn%s", "", "");
		in->h = EMU_H_BMOV_BR;
		in->sub = (uint8_t)(n < 0 ? 0 : n);
		in->s[0] = sel_src_int(c, 1);
		return;
	}
	asm_err(c, ai->loc, "BMOV is supported as BMOV.32 Rd, Bn, BMOV.32 Bn, Rs|imm and BMOV.32 Bd, Bs "
		"(convergence barriers and registers)%s", "", "");
}

/* WARPSYNC mask | WARPSYNC.ALL (.EXCLUSIVE: the same wait) */
void asm_sel_warpsync(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_WARPSYNC;
	if (asm_has_mod(ai, "COLLECTIVE")) { /* WARPSYNC.COLLECTIVE m, t; .ALL t: every lane */
		if (asm_has_mod(ai, "ALL") && ai->nops == 1) {
			c->in->h = EMU_H_WARPSYNC_COLLECTIVE;
			c->in->s[0] = (emu_src){.kind = SRC_IMM, .imm = 0xffffffffu, .and_ = 0xffffffffu};
			c->in->target = asm_target_index(c, &ai->ops[0], c->addrs);
			return;
		}
		if (ai->nops != 2) {
			asm_err(c, ai->loc, "WARPSYNC.COLLECTIVE takes a mask and the address after its region%s", "", "");
			return;
		}
		c->in->h = EMU_H_WARPSYNC_COLLECTIVE;
		c->in->s[0] = sel_src_int(c, 0);
		c->in->target = asm_target_index(c, &ai->ops[1], c->addrs);
		return;
	}
	if (ai->nops > 1) {
		asm_err(c, ai->ops[1].loc, "only WARPSYNC.COLLECTIVE takes a target%s", "", "");
		return;
	}
	if (asm_has_mod(ai, "ALL")) {
		if (ai->nops)
			asm_err(c, ai->ops[0].loc, "WARPSYNC.ALL takes no mask%s", "", "");
		c->in->sub2 = 1;
		return;
	}
	if (!ai->nops) {
		asm_err(c, ai->loc, "WARPSYNC needs a mask (or .ALL)%s", "", "");
		return;
	}
	c->in->s[0] = sel_src_int(c, 0);
}

/* BRA t; BRA.U UPn, t / BRA !UPn, t (the predicate operand is the guard); BRA.DIV / .CONV
   URm, t */
void asm_sel_bra_lanes(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_BRA;
	if (ai->nops == 1) {
		if (asm_has_mod(ai, "DIV") || asm_has_mod(ai, "CONV")) {
			/* sm_75's BRA.DIV target (no mask): every lane of the warp, as ~URZ */
			in->h = EMU_H_BRA_DIV;
			in->sub = asm_has_mod(ai, "DIV");
			in->s[0] = (emu_src){.kind = SRC_IMM, .imm = 0xffffffffu, .and_ = 0xffffffffu};
		}
		in->target = asm_target_index(c, &ai->ops[0], c->addrs);
		return;
	}
	const ast_opnd *o = &ai->ops[0];
	bool div = asm_has_mod(ai, "DIV"), conv = asm_has_mod(ai, "CONV");
	if (div || conv) {
		if (o->kind != OPND_REG && o->kind != OPND_IMM) {
			asm_err(c, o->loc, "BRA.%s takes a lane mask first (URm, ~URZ)%s", div ? "DIV" : "CONV", "");
			return;
		}
		in->h = EMU_H_BRA_DIV;
		in->sub = div;
		in->s[0] = sel_src_int(c, 0);
	} else if (o->kind == OPND_PRED && ai->has_guard && !(ai->guard == AST_PT && !ai->guard_neg)) {
		/* @P0 BRA P1, t: the lanes whose guard and P1 both hold branch */
		in->h = EMU_H_BRA_P;
		in->s[0] = sel_src_pred(o);
	} else if (o->kind == OPND_PRED) {
		in->guard = (uint8_t)o->reg;
		in->guard_neg = o->inv;
	} else {
		asm_err(c, o->loc, "BRA takes a target, or a predicate and a target%s", "", "");
		return;
	}
	in->target = asm_target_index(c, &ai->ops[1], c->addrs);
}

/* CALL.REL.NOINC t / CALL.ABS.NOINC t: a jump; CALL.ABS.NOINC 0x0 is a call the linker had
   not resolved when the listing was printed: in CUDA code, vprintf (as Fermi's JCAL 0x0) */
void asm_sel_call_lanes(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	if (asm_has_mod(ai, "ABS") && ai->ops[0].kind == OPND_IMM && ai->ops[0].ival == 0) {
		c->in->h = EMU_H_PRINTF;
		return;
	}
	c->in->h = EMU_H_CAL;
	c->in->target = asm_target_index(c, &ai->ops[0], c->addrs);
}

/* YIELD, NANOSLEEP: a scheduling point (the guard decides whether the group yields) */
void asm_sel_yield(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_YIELD;
}

/* RET.REL.NODEC Rn f: per lane, to Rn + f (the function's own address, as printed);
   RET.ABS Rn: to Rn. The per-lane jump is BRX's. */
void asm_sel_ret_lanes(asm_ctx *c, int op)
{
	(void)op;
	const ast_opnd *o = &c->ai->ops[0];
	c->in->h = EMU_H_BRX;
	c->in->s[0] = sel_src_int(c, 0);
	c->in->off = o->rel ? (int32_t)o->ival : 0;
}
