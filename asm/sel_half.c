/* Selectors of the half-precision family (emu/ops_half.h): HADD2/HMUL2/HFMA2 and the
   half-pair compares (a half pair immediate is two literals, the high half first). */
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

/* HADD2 d, a, b / HMUL2 d, a, b / HFMA2[.MMA] d, a, b, c on half pairs: .FTZ, .SAT,
   .RELU; .F32: d is the single of the low lane's result; .BF16_V2: bf16 pairs */
void asm_sel_harith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int v = c->desc->var, next;
	in->h = EMU_H_HARITH;
	in->sub = v == ISA_V_ADD ? VFP_H_ADD : v == ISA_V_MUL ? VFP_H_MUL : VFP_H_FMA;
	in->wide = asm_has_mod(ai, "BF16_V2");
	in->sign = asm_has_mod(ai, "F32");
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	if (sel_hsrcs(c, 1, in->sub == VFP_H_FMA ? 3 : 2, &next) && next != ai->nops)
		asm_err(c, ai->ops[next].loc, "%s has an operand too many%s", c->desc->name, "");
	in->sub2 = (uint8_t)(asm_has_mod(ai, "SAT") | asm_has_mod(ai, "RELU") << 1);
	in->ftz = asm_has_mod(ai, "FTZ");
}

/* HSETP2.cmp.bop[.H_AND] p, q, a, b, c and HMNMX2 d, a, b, p */
void asm_sel_hcmp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool setp = c->desc->cls == ISA_CLASS_PRED;
	int next;
	if (setp) {
		int cmp = sel_cmp_code(ai, true), b = sel_bop_code(ai, 0);
		sel_need_cmp(c, cmp);
		in->h = EMU_H_HSETP2;
		in->d = sel_dst_pred(c, &ai->ops[0]);
		in->d2 = sel_dst_pred(c, &ai->ops[1]);
		in->sub = (uint8_t)(cmp < 0 ? 0 : cmp);
		in->bop = (uint8_t)(b < 0 ? EMU_BOP_AND : b);
		in->sign = asm_has_mod(ai, "H_AND");
		in->wide = asm_has_mod(ai, "BF16_V2");
	} else {
		in->h = EMU_H_HMNMX2;
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
	}
	in->ftz = asm_has_mod(ai, "FTZ");
	if (!sel_hsrcs(c, setp ? 2 : 1, 2, &next))
		return;
	if (next != ai->nops - 1 || ai->ops[next].kind != OPND_PRED) {
		asm_err(c, next < ai->nops ? ai->ops[next].loc : ai->loc, "%s ends with one predicate%s",
			c->desc->name, "");
		return;
	}
	in->s[2] = sel_src_pred(&ai->ops[next]);
	if (!setp) {
		in->wide = asm_has_mod(ai, "BF16_V2");
		in->sub = (uint8_t)(asm_has_mod(ai, "NAN") | asm_has_mod(ai, "XORSIGN") << 1);
		if (in->sub & 2) /* the magnitudes are compared; the signs as written (before |x|) are XORed */
			for (int k = 0; k < 2; k++)
				in->s[k].and_ = 0xffffffffu;
	}
}
