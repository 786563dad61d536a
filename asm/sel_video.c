/* Selectors of the video family (emu/ops_video.h): VADD, VABSDIFF, VMNMX, VSET, VSHL/VSHR
   and VMAD on byte and half-word lanes, with their data merge. */
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

/* The data merge of a video destination (PTX's d.dsel) as cuobjdump prints it: a modifier,
   .MRG_8B0, .MRG_8B2, .MRG_16L or .MRG_16H, in the field of the secondary operation (the
   eight values of bits 54-56 of a real sm_35 VADD's encoding, disassembled by nvdisasm,
   are these four, .ACC, .MIN, .MAX and none). The hardware has no byte 1 or 3:
   ptxas computes d.b1 and d.b3 into byte 0 with c = RZ, then places the byte with a PRMT
   (tests/video/video2.ptx). Returns EMU_VMRG_*; errors for two, for a merge with a
   secondary operation, and for a selector written on the destination register. */
static int video_merge(asm_ctx *c, bool has_sec)
{
	static const char *const names[] = {"MRG_8B0", "MRG_8B2", "MRG_16L", "MRG_16H"};
	static const int codes[] = {EMU_VMRG_B0, EMU_VMRG_B2, EMU_VMRG_H0, EMU_VMRG_H1};
	const ast_insn *ai = c->ai;
	const char *name = c->desc->name;
	int mrg = EMU_VMRG_NONE, n = 0;
	for (int k = 0; k < 4; k++)
		if (asm_has_mod(ai, names[k])) {
			mrg = codes[k];
			n++;
		}
	if (n > 1)
		asm_err(c, ai->loc, "%s takes one data merge (.MRG_8B0, .MRG_8B2, .MRG_16L or .MRG_16H)%s", name, "");
	else if (n && has_sec)
		asm_err(c, ai->loc, "%s takes a secondary operation or a data merge, not both%s", name, "");
	if (ai->ops[0].half || ai->ops[0].bsel)
		asm_err(c, ai->ops[0].loc,
			"%s: a destination byte or half is a data merge modifier (.MRG_8B0, .MRG_8B2, .MRG_16L, .MRG_16H)%s",
			name, "");
	return mrg;
}

/* The types of a video instruction's a and b: two written, one 32-bit type for both, or
   none (the default of the row: S32 and S32, the shifts' S32 and U32, whose b's sign
   does not matter). False, after its error, for any other count. */
static bool video_ab_types(asm_ctx *c, int *bits, int *sg, int *nt)
{
	*nt = video_types(c->ai, bits, sg);
	if (*nt > 2 || (*nt == 1 && bits[0] != 32)) {
		asm_err(c, c->ai->loc, "%s takes the types of a and b (e.g. .S32.S8), or one 32-bit type for all%s",
			c->desc->name, "");
		return false;
	}
	if (*nt == 1) {
		bits[1] = bits[0];
		sg[1] = sg[0];
	}
	return true;
}

/* VADD, VSUB, VABSDIFF, VMNMX, VSET, VSHL and VSHR d, a, b, c, exactly as the PTX ISA's
   scalar video instructions (vadd.dtype.atype.btype.sat.op2 d, a.asel, b.bsel, c): each
   source's selected byte, half or word sign- or zero-extended to 33 bits, the operation,
   .SAT clamping to the destination type (to its byte or half with a data merge), then
   the secondary operation with c (.ACC adds, .MIN/.MAX as the destination type; VSET's
   result and c are unsigned, as PTX's vset) or the merge into c (video_merge).

   How cuobjdump's modifiers map to the operands: [.UD] [a type, b type] [.MX|.W] [.SAT]
   [.ACC|.MIN|.MAX|.MRG_*] (VSET's comparison first). .UD is an unsigned destination (dtype u32);
   the two types that follow are a's and b's, the width being the selected part's and the
   position the operand's selector (R0.B1, R4.H1); both are left out when both are S32
   (for VSHL/VSHR when a is S32: b, the count, is always u32 in PTX).
   The evidence: the sm_20 raw pool's VADD.UD.U16.U32.ACC (corpus/README.md), where the
   first type cannot be the destination's, which .UD already gives; thesis pair 30,
   VADD.S32.S8.MIN R7, R0, 0x1, R7 (THESIS-NOTES.md section 4.1), a 32-bit a and an 8-bit
   b, so a signed destination prints no type; and CUDA 11.8's own sm_35 and sm_52
   listings of PTX we wrote (tests/video: the same spelling on Kepler and Maxwell):
   vadd.s32.s32.s32.min d, a.b1, b.b2, c prints VADD.S8.S8.MIN R6, R0.B1, R4.B2, R5;
   vadd.u32.u32.s32.sat d, a.b3, b.h1 prints VADD.UD.U8.S16.SAT R7, R0.B3, R4.H1, RZ;
   vadd.s32.s32.u32.add d, a, b.b0, c prints VADD.S32.U8.ACC R9, R0, R4, R5;
   vmax.u32.u32.u32 prints VMNMX.UD.U32.U32.MX; vsub prints VADD with -b;
   vsub.s32.s32.s32 d.b2 prints VADD.MRG_8B2; vmin.s32.s32.s32.sat d.h0 VMNMX.SAT.MRG_16L;
   vshl.u32.u32.u32.wrap prints VSHL.UD.U32.U32.W (.clamp: no .W); vshr.s32.s32.u32.clamp
   prints VSHR. One 32-bit type alone (.U32, the PTXPlus reading of vadd.u32) is the type
   of all three. */
void asm_sel_video(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	const char *name = c->desc->name;
	int var = c->desc->var, bits[2] = {32, 32}, sg[2] = {1, 1}, nt;
	if (!video_ab_types(c, bits, sg, &nt))
		return;
	bool ud = asm_has_mod(ai, "UD") || (nt == 1 && !sg[0]);
	bool shift = var == ISA_V_LEFT || var == ISA_V_RIGHT;
	int nsec = asm_has_mod(ai, "ACC") + asm_has_mod(ai, "MIN") + asm_has_mod(ai, "MAX");
	int sec = asm_has_mod(ai, "ACC") ? EMU_VSEC_ACC : asm_has_mod(ai, "MIN") ? EMU_VSEC_MIN
		: asm_has_mod(ai, "MAX") ? EMU_VSEC_MAX : EMU_VSEC_NONE;
	if (nsec > 1)
		asm_err(c, ai->loc, "%s takes one secondary operation (.ACC, .MIN or .MAX)%s", name, "");
	int mrg = video_merge(c, nsec > 0);
	int vop = var == ISA_V_ADD ? EMU_VOP_ADD : var == ISA_V_SUB ? EMU_VOP_SUB
		: var == ISA_V_ABSDIFF ? EMU_VOP_ABSDIFF : var == ISA_V_VSET ? EMU_VOP_SET
		: shift ? EMU_VOP_SHIFT : asm_has_mod(ai, "MX") ? EMU_VOP_MAX : EMU_VOP_MIN;
	int mode = 0; /* emu_insn.sub's bits 3-5: VSET's comparison, the shifts' direction and mode */
	if (vop == EMU_VOP_SET) {
		int cmp = sel_cmp_code(ai, false);
		sel_need_cmp(c, cmp);
		mode = (cmp < 0 ? 0 : cmp) << 3;
		ud = true; /* PTX vset: the result and c are unsigned */
	} else if (shift)
		mode = (var == ISA_V_RIGHT ? EMU_VSH_RIGHT : 0) | (asm_has_mod(ai, "W") ? 0 : EMU_VSH_CLAMP);
	if (shift && (ai->ops[1].neg || ai->ops[2].neg))
		asm_err(c, ai->ops[ai->ops[1].neg ? 1 : 2].loc, "%s takes no '-' operand%s", name, "");
	uint8_t flags = asm_has_mod(ai, "SAT") ? EMU_VID_SAT : 0;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = video_src(c, 1, bits[0], sg[0], &flags, EMU_VID_ASX);
	in->s[1] = video_src(c, 2, bits[1], sg[1], &flags, EMU_VID_BSX);
	in->s[2] = sel_src_int(c, 3);
	in->sign = !ud;
	in->sub2 = (uint8_t)(sec | mrg << EMU_VMRG_SHIFT);
	/* 32-bit lanes of the destination's type, nothing negated, no saturation before a
	   secondary operation, no merge: the plain bodies VADD and VMNMX */
	bool plain = bits[0] == 32 && bits[1] == 32 && sg[0] == in->sign && sg[1] == in->sign &&
		     !in->s[0].neg && !in->s[1].neg && !((flags & EMU_VID_SAT) && sec != EMU_VSEC_NONE) &&
		     mrg == EMU_VMRG_NONE;
	if (plain && vop == EMU_VOP_ADD) {
		in->h = EMU_H_VADD;
		in->sub3 = (flags & EMU_VID_SAT) != 0;
	} else if (plain && (vop == EMU_VOP_MIN || vop == EMU_VOP_MAX)) {
		in->h = EMU_H_VMNMX;
		in->sub = vop == EMU_VOP_MAX;
	} else {
		in->h = EMU_H_VIDEO;
		in->sub = (uint8_t)(vop | mode);
		in->sub3 = flags;
	}
}

/* VMAD d, [-]a, [-]b, [-]c, exactly as the PTX ISA's vmad.dtype.atype.btype.sat.scale
   (video_mad in emu/ops_video.h runs it): the types are a's and b's as for VADD (none:
   S32.S32), then .PO, .SHR_7 or .SHR_15 and .SAT. No destination type is printed and
   none is needed: vmad's result is signed when a or b is signed or an operand negated.
   CUDA 11.8's listings (tests/video/video2.ptx): vmad.u32.u32.u32.po d, a.b0, b.h1, c
   prints VMAD.U8.U16.PO; vmad.s32.s32.s32.shr7 d, -a, b, c prints VMAD.SHR_7 with -R0;
   vmad.u32.u32.u32.sat d, a, -b, c prints VMAD.U32.U32.SAT with the '-' moved to a; -c
   prints -R5. The encoding keeps one field for the three: a bit flip of VMAD's shows
   bit 57 the negated product, bit 56 the negated c, and .PO is both, so .PO takes no
   '-' and the product and c are not both negated (as PTX allows either, not both). */
void asm_sel_vmad(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	const char *name = c->desc->name;
	int bits[2] = {32, 32}, sg[2] = {1, 1}, nt;
	if (!video_ab_types(c, bits, sg, &nt))
		return;
	bool po = asm_has_mod(ai, "PO"), s7 = asm_has_mod(ai, "SHR_7"), s15 = asm_has_mod(ai, "SHR_15");
	ast_opnd oc = ai->ops[3];
	bool negp = ai->ops[1].neg != ai->ops[2].neg, negc = oc.neg;
	if (s7 && s15)
		asm_err(c, ai->loc, "%s takes one scale (.SHR_7 or .SHR_15)%s", name, "");
	if (po && (ai->ops[1].neg || ai->ops[2].neg || negc))
		asm_err(c, ai->loc, "%s.PO takes no '-' operand (.PO is the plus one of (a*b) + c + 1)%s", name, "");
	else if (negp && negc)
		asm_err(c, oc.loc, "%s negates (a*b) or c, not both%s", name, "");
	if (oc.inv)
		asm_err(c, oc.loc, "%s takes no '~' operand%s", name, "");
	uint8_t flags = asm_has_mod(ai, "SAT") ? EMU_VID_SAT : 0;
	in->d = asm_dst_reg(c, &ai->ops[0], 1);
	in->s[0] = video_src(c, 1, bits[0], sg[0], &flags, EMU_VID_ASX);
	in->s[1] = video_src(c, 2, bits[1], sg[1], &flags, EMU_VID_BSX);
	in->s[0].neg = in->s[1].neg = false; /* the product's negation is a flag */
	oc.neg = oc.inv = false;
	in->s[2] = asm_src_any(c, &oc, false, false);
	in->h = EMU_H_VIDEO;
	in->sub = (uint8_t)(EMU_VOP_MAD | (po ? EMU_VMAD_PO : 0) | (s7 ? EMU_VMAD_SHR7 : s15 ? EMU_VMAD_SHR15 : 0));
	in->sub3 = (uint8_t)(flags | (negp ? EMU_VID_NEGP : 0) | (negc ? EMU_VID_NEGC : 0));
	in->sign = sg[0] || sg[1] || negp || negc; /* PTX's signedFinal */
}
