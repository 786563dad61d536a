/* The selectors of Volta's control flow (sm_70 and later, SPEC section 6.2): convergence
   barriers B0-B15, WARPSYNC, branches on uniform predicates and on convergence, and calls
   without a return stack. */
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"

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

/* BSSY Bn, t: Bn = the group; t (where the lanes go on after the BSYNC) is shown only */
void asm_sel_vbssy(asm_ctx *c, int op)
{
	(void)op;
	int n = barrier(c, 0);
	c->in->h = EMU_H_BSSY;
	c->in->sub = (uint8_t)(n < 0 ? 0 : n);
	c->in->target = asm_target_index(c, &c->ai->ops[1], c->addrs);
}

void asm_sel_vbsync(asm_ctx *c, int op)
{
	(void)op;
	int n = barrier(c, 0);
	c->in->h = EMU_H_BSYNC;
	c->in->sub = (uint8_t)(n < 0 ? 0 : n);
}

void asm_sel_vbreak(asm_ctx *c, int op)
{
	(void)op;
	int n = barrier(c, 0);
	c->in->h = EMU_H_BREAK;
	c->in->sub = (uint8_t)(n < 0 ? 0 : n);
}

/* BMOV.32[.CLEAR] Rd, Bn; BMOV.32 Bn, Rs or an immediate; BMOV.32[.CLEAR] Bd, Bs (sm_87's
   prologue moves B0 down to B15 this way: Bd = Bs, then .CLEAR empties Bs) */
void asm_sel_vbmov(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (is_barrier(&ai->ops[1]) && ai->ops[0].kind == OPND_REG) {
		int n = barrier(c, 1);
		in->h = EMU_H_BMOV_RB;
		in->sub = (uint8_t)(n < 0 ? 0 : n);
		in->sub2 = asm_has_mod(ai, "CLEAR");
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
		return;
	}
	if (is_barrier(&ai->ops[0]) && is_barrier(&ai->ops[1])) {
		int d = barrier(c, 0), s = barrier(c, 1);
		in->h = EMU_H_BMOV_BB;
		in->sub = (uint8_t)(d < 0 ? 0 : d);
		in->sub3 = (uint8_t)(s < 0 ? 0 : s);
		in->sub2 = asm_has_mod(ai, "CLEAR");
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
void asm_sel_vwarpsync(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	c->in->h = EMU_H_WARPSYNC;
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
void asm_sel_vbra(asm_ctx *c, int op)
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
void asm_sel_vcall(asm_ctx *c, int op)
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
void asm_sel_vyield(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = EMU_H_YIELD;
}

/* RET.REL.NODEC Rn f: per lane, to Rn + f (the function's own address, as printed);
   RET.ABS Rn: to Rn. The per-lane jump is BRX's. */
void asm_sel_vret(asm_ctx *c, int op)
{
	(void)op;
	const ast_opnd *o = &c->ai->ops[0];
	c->in->h = EMU_H_BRX;
	c->in->s[0] = sel_src_int(c, 0);
	c->in->off = o->rel ? (int32_t)o->ival : 0;
}
