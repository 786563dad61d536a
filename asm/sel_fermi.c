/* Selectors of Fermi's completions (issue 16): PSET and the video instructions VADD,
   VSUB, VABSDIFF, VMNMX and VSET on 8-, 16- and 32-bit lanes (also Kepler's rows). */
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"

/* PSET d, p, q, r: d = ((p BOP1 q) BOP2 r) ? -1 (1.0f with .BF) : 0. A listing names the
   combines in order (PSET.AND.AND, as corpus/README.md lists for the sm_20 raw pool);
   none means .AND.AND, as for PSETP's PTXPlus. */
void asm_sel_pset(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int b1 = sel_bop_code(ai, 0), b2 = sel_bop_code(ai, 1);
	if (b1 >= 0 && b2 < 0)
		asm_err(c, ai->loc, "PSET needs two boolean modifiers (e.g. .AND.AND)%s", "", "");
	in->h = EMU_H_PSET;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	for (int i = 0; i < 3; i++)
		in->s[i] = sel_src_pred(&ai->ops[1 + i]);
	/* iset_write's fields: the second combine in sub2, the third predicate in s[2] */
	in->sub = (uint8_t)(b1 < 0 ? EMU_BOP_AND : b1);
	in->sub2 = (uint8_t)(b2 < 0 ? EMU_BOP_AND : b2);
	in->sub3 = asm_has_mod(ai, "BF");
}

/* The type modifiers of a video instruction, in order: widths 8, 16 or 32 and signs. */
static int video_types(const ast_insn *ai, int *bits, int *sg)
{
	static const char *const names[] = {"U8", "S8", "U16", "S16", "U32", "S32"};
	int n = 0;
	for (int i = 0; i < ai->nmods; i++)
		for (int k = 0; k < 6; k++)
			if (!strcmp(ai->mods[i], names[k])) {
				if (n < 2) {
					bits[n] = k < 2 ? 8 : k < 4 ? 16 : 32;
					sg[n] = k & 1;
				}
				n++;
			}
	return n;
}

/* Source i as a video operand of the given type: the register's byte (.B0-.B3) or half
   (.H0, .H1) that the type's width asks for, zero- or sign-extended by the type. A
   register's selection is the source's shift, mask and sign extension (vsrc applies
   them); an immediate's is made here; a constant can give only its low byte or half. */
static emu_src video_src(asm_ctx *c, int i, int bits, int sgn, uint8_t *flags, uint8_t sx_flag)
{
	ast_opnd o = c->ai->ops[i];
	const char *name = c->desc->name;
	int shift = 0;
	if (bits == 32 && (o.half || o.bsel))
		asm_err(c, o.loc, "%s: a 32-bit source takes no byte or half selector%s", name, "");
	else if (bits == 16 && o.bsel)
		asm_err(c, o.loc, "%s: a 16-bit source selects a half (.H0, .H1), not a byte%s", name, "");
	else if (bits == 8 && o.half)
		asm_err(c, o.loc, "%s: an 8-bit source selects a byte (.B0-.B3), not a half%s", name, "");
	else
		shift = bits == 16 ? (o.half == 2 ? 16 : 0) : bits == 8 && o.bsel ? 8 * (o.bsel - 1) : 0;
	if (o.inv)
		asm_err(c, o.loc, "%s takes no '~' operand%s", name, "");
	bool neg = o.neg;
	o.neg = o.inv = false;
	o.half = o.bsel = 0;
	emu_src s = asm_src_any(c, &o, false, false);
	s.neg = neg;
	if (bits < 32 || sgn)
		*flags |= sx_flag; /* the 32-bit value widens to 33 bits as a signed one */
	if (bits == 32)
		return s;
	uint32_t mask = (1u << bits) - 1;
	if (s.kind == SRC_IMM) {
		uint32_t v = s.imm >> shift & mask;
		s.imm = sgn ? (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits)) : v;
		return s;
	}
	if (s.kind == SRC_CONST && shift)
		asm_err(c, o.loc, "%s: a constant source gives only its low byte or half (.B0, .H0)%s", name, "");
	s.shr = (uint8_t)shift;
	s.and_ = mask;
	s.sx = sgn ? (uint8_t)bits : 0;
	return s;
}

/* VADD, VSUB, VABSDIFF, VMNMX and VSET d, a, b, c, exactly as the PTX ISA's scalar video
   instructions (vadd.dtype.atype.btype.sat.op2 d, a.asel, b.bsel, c): each source's
   selected byte, half or word sign- or zero-extended to 33 bits, the operation, .SAT
   clamping to the destination type, then the secondary operation with c (.ACC adds,
   .MIN/.MAX as the destination type; VSET's result and c are unsigned, as PTX's vset).

   How cuobjdump's modifiers map to the operands: [.UD] [a type, b type] [.MX] [.SAT]
   [.ACC|.MIN|.MAX] (VSET's comparison first). .UD is an unsigned destination (dtype u32);
   the two types that follow are a's and b's, the width being the selected part's and the
   position the operand's selector (R0.B1, R4.H1); both are left out when both are S32.
   The evidence: the sm_20 raw pool's VADD.UD.U16.U32.ACC (corpus/README.md), where the
   first type cannot be the destination's, which .UD already gives; thesis pair 30,
   VADD.S32.S8.MIN R7, R0, 0x1, R7 (THESIS-NOTES.md section 4.1), a 32-bit a and an 8-bit
   b, so a signed destination prints no type; and CUDA 11.8's own sm_35 and sm_52
   listings of PTX we wrote (tests/video: the same spelling on Kepler and Maxwell):
   vadd.s32.s32.s32.min d, a.b1, b.b2, c prints VADD.S8.S8.MIN R6, R0.B1, R4.B2, R5;
   vadd.u32.u32.s32.sat d, a.b3, b.h1 prints VADD.UD.U8.S16.SAT R7, R0.B3, R4.H1, RZ;
   vadd.s32.s32.u32.add d, a, b.b0, c prints VADD.S32.U8.ACC R9, R0, R4, R5;
   vmax.u32.u32.u32 prints VMNMX.UD.U32.U32.MX; vsub prints VADD with -b. One 32-bit type alone (.U32, the PTXPlus reading of vadd.u32) is
   the type of all three. A destination selector (PTX's data merge) is not supported. */
void asm_sel_video(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	const char *name = c->desc->name;
	int var = c->desc->var, bits[2] = {32, 32}, sg[2] = {1, 1};
	int nt = video_types(ai, bits, sg);
	bool ud = asm_has_mod(ai, "UD") || (nt == 1 && !sg[0]);
	if (nt > 2 || (nt == 1 && bits[0] != 32)) {
		asm_err(c, ai->loc, "%s takes the types of a and b (e.g. .S32.S8), or one 32-bit type for all%s",
			name, "");
		return;
	}
	if (nt == 1) {
		bits[1] = bits[0];
		sg[1] = sg[0];
	}
	int nsec = asm_has_mod(ai, "ACC") + asm_has_mod(ai, "MIN") + asm_has_mod(ai, "MAX");
	int sec = asm_has_mod(ai, "ACC") ? EMU_VSEC_ACC : asm_has_mod(ai, "MIN") ? EMU_VSEC_MIN
		: asm_has_mod(ai, "MAX") ? EMU_VSEC_MAX : EMU_VSEC_NONE;
	if (nsec > 1)
		asm_err(c, ai->loc, "%s takes one secondary operation (.ACC, .MIN or .MAX)%s", name, "");
	if (ai->ops[0].half || ai->ops[0].bsel)
		asm_err(c, ai->ops[0].loc, "%s into a destination byte or half (a data merge) is not supported%s",
			name, "");
	int vop = var == ISA_V_ADD ? EMU_VOP_ADD : var == ISA_V_SUB ? EMU_VOP_SUB
		: var == ISA_V_ABSDIFF ? EMU_VOP_ABSDIFF : var == ISA_V_VSET ? EMU_VOP_SET
		: asm_has_mod(ai, "MX") ? EMU_VOP_MAX : EMU_VOP_MIN;
	int cmp = 0;
	if (vop == EMU_VOP_SET) {
		cmp = sel_cmp_code(ai, false);
		sel_need_cmp(c, cmp);
		ud = true; /* PTX vset: the result and c are unsigned */
	}
	uint8_t flags = asm_has_mod(ai, "SAT") ? EMU_VID_SAT : 0;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = video_src(c, 1, bits[0], sg[0], &flags, EMU_VID_ASX);
	in->s[1] = video_src(c, 2, bits[1], sg[1], &flags, EMU_VID_BSX);
	in->s[2] = sel_src_int(c, 3);
	in->sign = !ud;
	in->sub2 = (uint8_t)sec;
	/* 32-bit lanes of the destination's type, nothing negated, no saturation before a
	   secondary operation: the plain bodies VADD and VMNMX */
	bool plain = bits[0] == 32 && bits[1] == 32 && sg[0] == in->sign && sg[1] == in->sign &&
		     !in->s[0].neg && !in->s[1].neg && !((flags & EMU_VID_SAT) && sec != EMU_VSEC_NONE);
	if (plain && vop == EMU_VOP_ADD) {
		in->h = EMU_H_VADD;
		in->sub3 = (flags & EMU_VID_SAT) != 0;
	} else if (plain && (vop == EMU_VOP_MIN || vop == EMU_VOP_MAX)) {
		in->h = EMU_H_VMNMX;
		in->sub = vop == EMU_VOP_MAX;
	} else {
		in->h = EMU_H_VIDEO;
		in->sub = (uint8_t)(vop | (cmp < 0 ? 0 : cmp) << 3);
		in->sub3 = flags;
	}
}
