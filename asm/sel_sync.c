/* Selectors of sm_90's synchronisation (emu/ops_sync.h): the mbarrier object's SYNCS, ELECT
   and the cluster barrier (UCGABAR_ARV, UCGABAR_WAIT). */
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel.h"
#include "emu/semantics.h"
#include "isa/isa.h"

/* the first register of a pair source, RZ as the literal 0 */
static void pair_src(asm_ctx *c, const ast_opnd *o, emu_src *lo, emu_src *hi, int n)
{
	if (o->reg == AST_RZ) {
		*lo = *hi = (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
		return;
	}
	asm_reg_ok(c, o, n);
	asm_note_reg(c, o->reg, n);
	*lo = (emu_src){.kind = SRC_REG, .reg = (uint16_t)o->reg, .and_ = 0xffffffffu};
	*hi = (emu_src){.kind = SRC_REG, .reg = (uint16_t)(o->reg + 1), .and_ = 0xffffffffu};
}

/* SYNCS.EXCH.64 d, [a], b; SYNCS.ARRIVE.TRANS64[.RED][.OPTOUT][.A1T0 .ART0 .A0TR .A0TX] d,
   [a], b; SYNCS.PHASECHK.TRANS64[.TRYWAIT] p, [a], b. [a] is a shared::cluster address (a
   register, a uniform register or both, and an offset). */
void asm_sel_syncs(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool exch = asm_has_mod(ai, "EXCH"), arrive = asm_has_mod(ai, "ARRIVE"), chk = asm_has_mod(ai, "PHASECHK");
	if (exch + arrive + chk != 1 || (exch && !asm_has_mod(ai, "64")) || (!exch && !asm_has_mod(ai, "TRANS64"))) {
		asm_err(c, ai->loc, "SYNCS is supported as .EXCH.64, .ARRIVE.TRANS64 and .PHASECHK.TRANS64%s", "", "");
		return;
	}
	if (ai->nops != 3 || ai->ops[1].kind != OPND_MEM || ai->ops[2].kind != OPND_REG ||
	    (chk ? ai->ops[0].kind != OPND_PRED : ai->ops[0].kind != OPND_REG)) {
		asm_err(c, ai->loc, "SYNCS takes %s, [address], Rb%s", chk ? "Pd" : "Rd", "");
		return;
	}
	asm_mem_operand(c, &ai->ops[1], false);
	emu_src hi;
	if (chk) {
		in->h = EMU_H_SYNCS_PHASECHK;
		in->d2 = sel_dst_pred(c, &ai->ops[0]);
		pair_src(c, &ai->ops[2], &in->s[0], &hi, 1);
		return;
	}
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	if (exch) {
		in->h = EMU_H_SYNCS_EXCH;
		pair_src(c, &ai->ops[2], &in->s[0], &in->s[1], 2);
		return;
	}
	/* the arrivals and the transaction count: A<1|R|0>T<0|R|X>, none: one arrival and
	   expect_tx b (mbarrier.arrive.expect_tx) */
	static const char *const kinds[] = {"A1T0", "ART0", "A0TR", "A0TX"};
	static const uint8_t arr[] = {SYNCS_ARR_ONE, SYNCS_ARR_REG, SYNCS_ARR_NONE, SYNCS_ARR_NONE};
	static const uint8_t tx[] = {SYNCS_TX_NONE, SYNCS_TX_NONE, SYNCS_TX_EXPECT, SYNCS_TX_COMPLETE};
	int k = -1, nk = 0;
	for (int i = 0; i < 4; i++)
		if (asm_has_mod(ai, kinds[i])) {
			k = i;
			nk++;
		}
	if (nk > 1) {
		asm_err(c, ai->loc, "SYNCS.ARRIVE takes one of .A1T0, .ART0, .A0TR, .A0TX%s", "", "");
		return;
	}
	in->h = EMU_H_SYNCS_ARRIVE;
	in->sub2 = k < 0 ? SYNCS_ARR_ONE : arr[k];
	in->sub3 = (uint8_t)((k < 0 ? SYNCS_TX_EXPECT : tx[k]) | (asm_has_mod(ai, "OPTOUT") ? SYNCS_DROP : 0));
	pair_src(c, &ai->ops[2], &in->s[0], &hi, 1);
}

/* ELECT p, d, q (d may be URZ: no register result) */
void asm_sel_elect(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (ai->nops != 3 || !sel_is_pred(ai, 0) || ai->ops[1].kind != OPND_REG || !sel_is_pred(ai, 2)) {
		asm_err(c, ai->loc, "ELECT takes Pd, URd, Pq%s", "", "");
		return;
	}
	sel_need_uniform(c, &ai->ops[1]);
	in->h = EMU_H_ELECT;
	in->d2 = sel_dst_pred(c, &ai->ops[0]);
	in->d = asm_dst_reg(c, &ai->ops[1], 1);
	in->s[0] = sel_src_pred(&ai->ops[2]);
}

/* UCGABAR_ARV, UCGABAR_WAIT: the cluster barrier */
void asm_sel_cgabar(asm_ctx *c, int op)
{
	(void)op;
	c->in->h = c->desc->var == ISA_V_SYNC ? EMU_H_UCGABAR_WAIT : EMU_H_UCGABAR_ARV;
}

/* B2R.RESULT d[, p]: BAR.RED's result (sm_90) */
void asm_sel_b2r(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	if (!asm_has_mod(ai, "RESULT") || ai->nops < 1 || ai->ops[0].kind != OPND_REG) {
		asm_err(c, ai->loc, "B2R is supported as B2R.RESULT Rd[, Pd]%s", "", "");
		return;
	}
	in->h = EMU_H_B2R;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->d2 = ai->nops > 1 ? sel_dst_pred(c, &ai->ops[1]) : EMU_PT_SINK;
}
