/* Selectors of the warp-level family (emu/ops_warp.h): VOTE (over the guarded lanes, or
   over the issuing group with VOTEU), SHFL and MATCH. */
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

/* VOTE.ANY|ALL|EQ d, q, p (d the ballot of p) or VOTE.ANY|ALL|EQ q, p */
void asm_sel_vote(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	int n = asm_has_mod(ai, "ANY") + asm_has_mod(ai, "ALL") + asm_has_mod(ai, "EQ");
	if (n != 1) {
		asm_err(c, ai->loc, "VOTE needs one of .ANY, .ALL and .EQ%s", "", "");
		return;
	}
	bool reg = ai->ops[0].kind == OPND_REG;
	if (reg != (ai->nops == 3)) {
		asm_err(c, ai->loc, reg ? "VOTE with a register destination takes d, q, p%s"
				       : "VOTE with a predicate destination takes q, p%s", "", "");
		return;
	}
	c->in->h = EMU_H_VOTE;
	c->in->d = reg ? asm_dst_reg(c, &ai->ops[0], 1) : EMU_RZ_SINK;
	c->in->d2 = sel_dst_pred(c, &ai->ops[reg]);
	c->in->s[0] = sel_src_pred(&ai->ops[reg + 1]);
	c->in->sub = asm_has_mod(ai, "ALL") ? 1 : asm_has_mod(ai, "EQ") ? 2 : 0;
}

/* SHFL.IDX|UP|DOWN|BFLY p, d, a, b, c (PTX shfl): c = segmask << 8 | clamp */
void asm_sel_shfl(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	static const char *const modes[] = {"IDX", "UP", "DOWN", "BFLY"};
	int m = -1;
	for (int i = 0; i < 4; i++)
		if (asm_has_mod(ai, modes[i]))
			m = i;
	if (m < 0) {
		asm_err(c, ai->loc, "SHFL needs .IDX, .UP, .DOWN or .BFLY%s", "", "");
		return;
	}
	in->h = EMU_H_SHFL;
	in->sub = (uint8_t)m;
	in->d2 = sel_dst_pred(c, &ai->ops[0]);
	in->d = asm_dst_reg(c, &ai->ops[1], 1);
	in->s[0] = sel_src_int(c, 2);
	in->s[1] = sel_src_int(c, 3);
	in->s[2] = sel_src_int(c, 4);
}

/* VOTE.ANY|ALL|EQ d, q, p; VOTE.ANY q, p; VOTEU.ANY|ALL URd, UPq, p */
void asm_sel_vote_group(asm_ctx *c, int op)
{
	(void)op;
	static const char *const kinds[] = {"ANY", "ALL", "EQ"};
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int m = sel_which_mod(ai, kinds, 3);
	int k = ai->ops[0].kind == OPND_REG;
	if (m < 0 || ai->nops != 2 + k || !sel_is_pred(ai, k) || !sel_is_pred(ai, k + 1)) {
		asm_err(c, ai->loc, "%s takes .ANY, .ALL or .EQ and [Rd,] Pq, Pa%s", c->desc->name, "");
		return;
	}
	if (c->desc->name[4] == 'U' && k) /* VOTEU */
		sel_need_uniform(c, &ai->ops[0]);
	in->h = EMU_H_VOTE_GROUP;
	in->sub = (uint8_t)m;
	in->d = k ? asm_dst_reg(c, &ai->ops[0], 1) : EMU_RZ_SINK;
	in->d2 = sel_dst_pred(c, &ai->ops[k]);
	in->s[0] = sel_src_pred(&ai->ops[k + 1]);
}

/* MATCH.ANY[.U64] d, a; MATCH.ALL[.U64] p, d, a */
void asm_sel_match(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool all = asm_has_mod(ai, "ALL");
	int k = sel_is_pred(ai, 0);
	if (all == asm_has_mod(ai, "ANY") || ai->nops != 2 + k || (!all && k)) {
		asm_err(c, ai->loc, "MATCH takes .ANY Rd, Ra or .ALL [P,] Rd, Ra%s", "", "");
		return;
	}
	in->h = EMU_H_MATCH;
	in->sub = all;
	in->wide = asm_has_mod(ai, "U64") || asm_has_mod(ai, "64");
	in->d2 = k ? sel_dst_pred(c, &ai->ops[0]) : EMU_PT_SINK;
	in->d = asm_dst_reg(c, &ai->ops[k], 1);
	const ast_opnd *a = &ai->ops[k + 1];
	in->s[0] = sel_src_int(c, k + 1);
	if (in->wide) {
		if (a->kind != OPND_REG || a->reg == AST_RZ) {
			asm_err(c, a->loc, "MATCH.U64 compares a register pair%s", "", "");
			return;
		}
		asm_reg_ok(c, a, 2);
		asm_note_reg(c, a->reg, 2);
		in->s[1] = in->s[0];
		in->s[1].reg = (uint16_t)(a->reg + 1);
	}
}
