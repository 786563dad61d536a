/* Selectors of the conversion family (emu/ops_cvt.h): I2F, F2I, F2F, I2I with their
   types and rounding, the half conversions and F2FP packing. */
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

/* Destination and source types of a conversion, negative widths for floats; defaults
   I2F.F32.S32, F2I.S32.F32, F2F.F32.F32, I2I.S32.S32. False if the pair is not one the
   opcode converts. */
static bool cvt_types(asm_ctx *c, int op, int *dbits, int *dsg, int *sbits, int *ssg)
{
	(void)op;
	int bits[4], sg[4];
	int nt = sel_int_types(c->ai, bits, sg, 4);
	int v = c->desc->var;
	int ddef = v == ISA_V_I2F || v == ISA_V_F2F ? -32 : 32, sdef = v == ISA_V_F2I || v == ISA_V_F2F ? -32 : 32;
	*dbits = nt >= 1 ? bits[0] : ddef;
	*dsg = nt >= 1 ? sg[0] : 1;
	*sbits = nt >= 2 ? bits[1] : sdef;
	*ssg = nt >= 2 ? sg[1] : 1;
	if (nt == 1 && ((v == ISA_V_I2F && bits[0] > 0) || (v == ISA_V_F2I && bits[0] < 0))) {
		*sbits = bits[0]; /* a single type names the integer side */
		*ssg = sg[0];
		*dbits = ddef;
		*dsg = 1;
	}
	bool df = *dbits < 0, sf = *sbits < 0;
	bool kinds = (v == ISA_V_I2F && df && !sf) || (v == ISA_V_F2I && !df && sf) || (v == ISA_V_F2F && df && sf) ||
		     (v == ISA_V_I2I && !df && !sf);
	bool fw = (!df || *dbits == -32 || *dbits == -64) && (!sf || *sbits == -32 || *sbits == -64);
	/* 64-bit integers (register pairs) convert to and from floats, not to other integers */
	bool i64 = v == ISA_V_I2F || v == ISA_V_F2I;
	bool iw = (df || *dbits == 8 || *dbits == 16 || *dbits == 32 || (i64 && *dbits == 64)) &&
		  (sf || *sbits == 8 || *sbits == 16 || *sbits == 32 || (i64 && *sbits == 64));
	return kinds && fw && iw;
}

void asm_sel_cvt(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int dbits, dsg, sbits, ssg;
	if (!cvt_types(c, op, &dbits, &dsg, &sbits, &ssg)) {
		asm_err(c, ai->loc, "unsupported conversion types for %s on %s", c->desc->name, c->target);
		return;
	}
	bool dflt = dbits < 0, sflt = sbits < 0;
	int v = c->desc->var;
	in->h = v == ISA_V_I2F ? EMU_H_I2F : v == ISA_V_F2I ? EMU_H_F2I : v == ISA_V_F2F ? EMU_H_F2F : EMU_H_I2I;
	in->d = asm_dst_reg(c, &ai->ops[0], dbits == -64 || dbits == 64 ? 2 : 1);
	const ast_opnd *so = &ai->ops[1];
	if (sbits == -64 || sbits == 64) {
		/* a register pair, or a constant: low word at the offset, high at +4 (h_cvt) */
		if (so->kind == OPND_CBANK && (so->ival & 7)) {
			asm_err(c, so->loc, "a 64-bit constant must be 8-byte aligned%s", "", "");
			return;
		}
		if (so->kind != OPND_REG && so->kind != OPND_CBANK) {
			asm_err(c, so->loc, "a 64-bit source must be a register pair or a constant%s", "", "");
			return;
		}
		if (so->kind == OPND_REG) {
			asm_reg_ok(c, so, 2);
			asm_note_reg(c, so->reg, 2);
		}
	}
	in->s[0] = asm_src_any(c, so, sflt, false);
	in->sub = (uint8_t)(dflt ? -dbits : dbits);
	in->sub2 = (uint8_t)(sflt ? -sbits : sbits);
	in->sign = (uint8_t)(dsg | ssg << 1);
	in->cvt_rnd = (uint8_t)sel_round_mode(ai);
	bool to_int = asm_has_mod(ai, "TRUNC") || asm_has_mod(ai, "FLOOR") || asm_has_mod(ai, "CEIL");
	if (v == ISA_V_F2F && (to_int || asm_has_mod(ai, "ROUND")))
		in->sub3 |= EMU_RND_INT; /* round to an integral value */
	if (v == ISA_V_F2I && !to_int)
		in->cvt_rnd = EMU_RND_RN;
	in->width = asm_has_mod(ai, "SAT");
	in->wide = asm_has_mod(ai, "FTZ");
}

/* I2F, F2I, F2F, I2I, I2FP: asm_sel_cvt's conversions (.NTZ: NaN gives 0, which it does
   anyway), and F2F to or from F16 here. */
void asm_sel_cvt_imm32(asm_ctx *c, int op)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int t[4], nt = sel_ftypes(ai, t, 4);
	bool half = false;
	for (int k = 0; k < nt; k++)
		half |= t[k] == -16;
	if (c->desc->var == ISA_V_F2F && asm_has_mod(ai, "BF16")) { /* F2F.BF16.F32 d, a: cvt.rn.bf16.f32 */
		if (nt != 1 || t[0] != -32) {
			asm_err(c, ai->loc, "F2F.BF16 converts an F32 (F2F.BF16.F32)%s", "", "");
			return;
		}
		in->h = EMU_H_CVT_H;
		in->sub = VFP_CVT_BF16_F32;
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
		in->s[0] = asm_src_any(c, &ai->ops[1], false, true);
		in->cvt_rnd = (uint8_t)sel_round_mode(ai);
		in->wide = asm_has_mod(ai, "FTZ");
		return;
	}
	if (!half) {
		asm_sel_cvt(c, op);
		return;
	}
	int kind = -1;
	if (c->desc->var == ISA_V_F2F && nt == 2)
		kind = t[0] == -16 && t[1] == -32 ? VFP_CVT_F16_F32 : t[0] == -32 && t[1] == -16 ? VFP_CVT_F32_F16
			: t[0] == -16 && t[1] == -64 ? VFP_CVT_F16_F64 : t[0] == -64 && t[1] == -16 ? VFP_CVT_F64_F16 : -1;
	if (kind < 0) {
		asm_err(c, ai->loc, "unsupported conversion types for %s on %s", c->desc->name, c->target);
		return;
	}
	in->h = EMU_H_CVT_H;
	in->sub = (uint8_t)kind;
	in->d = asm_dst_reg(c, &ai->ops[0], kind == VFP_CVT_F64_F16 ? 2 : 1);
	in->s[0] = kind == VFP_CVT_F16_F64 ? sel_src_f64imm(c, 1) : asm_src_any(c, &ai->ops[1], false, true);
	in->cvt_rnd = (uint8_t)sel_round_mode(ai);
	in->wide = asm_has_mod(ai, "FTZ");
}

/* F2FP[.F16.F32|.BF16[.F32]].PACK_AB d, a, b: two singles packed, a in the high half;
   .RELU, .SATFINITE; .E4M3/.E5M2.F32.PACK_AB[_MERGE_C] d, a, b[, c.Hn]: two 8-bit floats;
   F2FP.F16.E4M3/.E5M2.UNPACK_B d, a[.H1]: two 8-bit floats widened to a half pair;
   F2FP.E4M3/.E5M2.F16.UNPACK_B_MERGE_C d, a, c: a half pair narrowed to two 8-bit floats */
void asm_sel_f2fp(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	bool e4 = asm_has_mod(ai, "E4M3"), e5 = asm_has_mod(ai, "E5M2"), merge = asm_has_mod(ai, "PACK_AB_MERGE_C");
	bool unpack = asm_has_mod(ai, "UNPACK_B");
	if (asm_has_mod(ai, "UNPACK_B_MERGE_C")) { /* d, a (a half pair), c */
		if (!(e4 || e5) || e4 == e5 || !asm_has_mod(ai, "F16") || ai->nops != 3) {
			asm_err(c, ai->loc, "F2FP.UNPACK_B_MERGE_C is F2FP.E4M3|.E5M2.F16.UNPACK_B_MERGE_C d, a, c%s", "", "");
			return;
		}
		in->h = EMU_H_F2FP;
		in->sub = e5 ? VFP_PK_E5M2 : VFP_PK_E4M3;
		in->d = asm_dst_reg(c, &ai->ops[0], 1);
		in->sub2 = (uint8_t)(asm_has_mod(ai, "RELU") * VFP_PK_RELU | asm_has_mod(ai, "SATFINITE") * VFP_PK_SATF |
				     VFP_PK_MERGE | VFP_PK_HALVES);
		in->s[0] = asm_src_any(c, &ai->ops[1], false, true);
		in->s[1] = in->s[0];
		ast_opnd o = ai->ops[2];
		in->width = (uint8_t)sel_high_half(&o);
		o.half = 0;
		in->s[2] = asm_src_any(c, &o, false, true);
		return;
	}
	in->sub = e5 ? VFP_PK_E5M2 : e4 ? VFP_PK_E4M3 : asm_has_mod(ai, "BF16") ? VFP_PK_BF16 : VFP_PK_F16;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	if (unpack) {
		if (!(e4 || e5) || e4 == e5 || !asm_has_mod(ai, "F16") || ai->nops != 2) {
			asm_err(c, ai->loc, "F2FP.UNPACK_B is F2FP.F16.E4M3|.E5M2.UNPACK_B d, a%s", "", "");
			return;
		}
		ast_opnd o = ai->ops[1];
		in->h = EMU_H_F2FP_UNPACK;
		in->width = (uint8_t)sel_high_half(&o);
		o.half = 0;
		in->s[0] = asm_src_any(c, &o, false, true);
		return;
	}
	if (!asm_has_mod(ai, "PACK_AB") && !merge) {
		asm_err(c, ai->loc, "F2FP is supported in its .PACK_AB, .PACK_AB_MERGE_C, .UNPACK_B and .UNPACK_B_MERGE_C forms%s", "", "");
		return;
	}
	if (e4 && e5) {
		asm_err(c, ai->loc, "F2FP: .E4M3 or .E5M2, not both%s", "", "");
		return;
	}
	if (ai->nops != (merge ? 4 : 3)) {
		asm_err(c, ai->loc, "F2FP.%s takes %s", merge ? "PACK_AB_MERGE_C" : "PACK_AB",
			merge ? "d, a, b, c" : "d, a, b");
		return;
	}
	if (merge && !(e4 || e5)) {
		asm_err(c, ai->loc, "F2FP.PACK_AB_MERGE_C packs 8-bit floats (.E4M3 or .E5M2)%s", "", "");
		return;
	}
	in->h = EMU_H_F2FP;
	in->sub2 = (uint8_t)(asm_has_mod(ai, "RELU") * VFP_PK_RELU | asm_has_mod(ai, "SATFINITE") * VFP_PK_SATF |
			     merge * VFP_PK_MERGE);
	in->s[0] = sel_src_f32imm(c, 1);
	in->s[1] = sel_src_f32imm(c, 2);
	if (merge) {
		ast_opnd o = ai->ops[3];
		in->width = (uint8_t)sel_high_half(&o);
		o.half = 0;
		in->s[2] = asm_src_any(c, &o, false, true);
	}
	in->cvt_rnd = (uint8_t)sel_round_mode(ai);
}
