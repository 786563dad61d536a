/* Selectors of the texture family (emu/ops_tex.h; docs/textures.md): TEX, TLD, TLD4 and
   TXQ in their three printed forms, decoded into one layout (the comment at the top of
   emu/ops_tex.h):
     tex   Kepler and Maxwell: TEX d, a[, b], slot, dim[, mask]; TXQ d, a, query, slot, mask.
           Kepler's coordinates are consecutive from a (after the handle with .B); with b
           (Maxwell) a holds the coordinates and b the handle (.B) or the rest of them.
     texs  Maxwell's TEXS, TLDS, TLD4S: d1, d0, a, b, slot, dim, swizzle (TLD4S: no dim, all
           four components of its gather).
     tex2  sm_70+: TEX d1, d0, a, b, 0x0, slot, dim[, mask] (.B: d1, d0, a, b, dim[, mask]);
           TXQ d1, d0, a, query, 0x0, slot, mask (.B: d1, d0, a, query, mask).
   Two destination registers take the components as TEXS does: the first two selected into
   d0 and d0 + 1, the rest into d1 and d1 + 1 (cuobjdump prints d1 first). Without .B the
   handle is the word c[0x0][slot * 4]; a level of detail (.LL, .LB) is read past the
   coordinates and ignored: a .texture has one level. */
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel.h"
#include "emu/emu.h"
#include "emu/semantics.h"
#include "isa/isa.h"

enum { FORM_TEX, FORM_TEXS, FORM_TEX2 };

/* A register source read as it is; RZ reads 0. */
static emu_src reg_src(asm_ctx *c, int r)
{
	if (r == AST_RZ)
		return (emu_src){.kind = SRC_IMM, .and_ = 0xffffffffu};
	asm_note_reg(c, r, 1);
	return (emu_src){.kind = SRC_REG, .reg = (uint16_t)r, .and_ = 0xffffffffu};
}

/* The opcode's kind from its name: TEX(S), TLD(S), TLD4(S), TXQ. */
static int tex_kind(const char *name)
{
	if (!strncmp(name, "TLD4", 4))
		return EMU_TEXOP_TLD4;
	if (!strncmp(name, "TLD", 3))
		return EMU_TEXOP_TLD;
	if (!strcmp(name, "TXQ"))
		return EMU_TEXOP_TXQ;
	return EMU_TEXOP_TEX;
}

static int count_mod(const ast_insn *ai, const char *m)
{
	int n = 0;
	for (int i = 0; i < ai->nmods; i++)
		n += !strcmp(ai->mods[i], m);
	return n;
}

/* A component mask from a swizzle (R, RG, RGBA, GA ...); -1 if it is none. */
static int swizzle_mask(const char *s)
{
	int m = 0;
	for (; *s; s++) {
		const char *p = strchr("RGBA", *s);
		if (!p || m >> (p - "RGBA") & 1)
			return -1;
		m |= 1 << (p - "RGBA");
	}
	return m ? m : -1;
}

static void sel_tex_form(asm_ctx *c, int form)
{
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	const char *name = c->desc->name;
	int kind = tex_kind(name);
	bool short_form = form == FORM_TEXS;
	/* unsupported modifiers: named, never silently ignored */
	static const char *const unsup[] = {"DC", "AOFFI", "PTP", "MS", "NDV"};
	static const char *const why[] = {"depth comparison", "texel offsets", "per-texel offsets",
					  "multisample textures", "no-derivative sampling"};
	for (int k = 0; k < 5; k++)
		if (asm_has_mod(ai, unsup[k])) {
			char m[96];
			snprintf(m, sizeof m, "%s.%s", name, unsup[k]);
			asm_err(c, ai->loc, "unsupported texture access '%s' (%s): only point-sampled 1D and 2D "
				"textures are emulated", m, why[k]);
			return;
		}
	/* TLD4's component is one of .R .G .B .A; a .B besides it is bindless */
	int comp = 0;
	bool bindless = false;
	if (kind == EMU_TEXOP_TLD4) {
		int nb = count_mod(ai, "B");
		comp = asm_has_mod(ai, "A") ? 3 : asm_has_mod(ai, "G") ? 1 : asm_has_mod(ai, "R") ? 0 : nb ? 2 : 0;
		bindless = nb - (comp == 2) > 0;
	} else
		bindless = asm_has_mod(ai, "B");
	bool lod = asm_has_mod(ai, "LL") || asm_has_mod(ai, "LB") || asm_has_mod(ai, "LBA") || asm_has_mod(ai, "LLA");
	/* the leading registers, then the rest */
	int nr = 0;
	while (nr < ai->nops && ai->ops[nr].kind == OPND_REG)
		nr++;
	for (int i = 0; i < ai->nops; i++) {
		const ast_opnd *o = &ai->ops[i];
		if (o->kind == OPND_REG && (o->neg || o->abs || o->inv || o->half || o->bsel)) {
			asm_err(c, o->loc, "a texture operand is a plain register%s%s", "", "");
			return;
		}
	}
	int ndst = form == FORM_TEX ? 1 : 2;
	if (nr < ndst + 1) {
		asm_err(c, ai->loc, "%s: expected %s registers first", name, ndst == 1 ? "a destination and a source" :
			"two destinations and a source");
		return;
	}
	int ra = ai->ops[ndst].reg, rb = nr > ndst + 1 ? ai->ops[ndst + 1].reg : -1;
	if (nr > ndst + 2) {
		asm_err(c, ai->ops[ndst + 2].loc, "%s: too many register operands", name, "");
		return;
	}
	/* the immediates and words after the registers */
	int64_t imm[4];
	int ni = 0;
	const char *dim = NULL, *word = NULL;
	ast_loc dim_loc = ai->loc;
	for (int i = nr; i < ai->nops; i++) {
		const ast_opnd *o = &ai->ops[i];
		if (o->kind == OPND_IMM && ni < 4)
			imm[ni++] = o->ival;
		else if (o->kind == OPND_LABEL && !dim && kind != EMU_TEXOP_TXQ) {
			dim = o->name; /* 1D, 2D ... */
			dim_loc = o->loc;
		} else if (o->kind == OPND_LABEL && !word) {
			word = o->name; /* TXQ's query, TEXS's swizzle */
			if (kind == EMU_TEXOP_TXQ)
				dim_loc = o->loc;
		} else {
			asm_err(c, o->loc, "%s: unexpected operand here%s", name, "");
			return;
		}
	}
	/* dimensions */
	int dims = 2;
	if (kind == EMU_TEXOP_TXQ) {
		if (!word || strcmp(word, "TEX_HEADER_DIMENSION")) {
			asm_err(c, dim_loc, "unsupported texture query '%s': only TEX_HEADER_DIMENSION (width, height, "
				"depth, levels) is emulated", word ? word : "(none)", "");
			return;
		}
		dims = 0;
	} else if (!(short_form && kind == EMU_TEXOP_TLD4)) {
		if (!dim) {
			asm_err(c, ai->loc, "%s: the texture's dimensions (1D, 2D) are missing%s", name, "");
			return;
		}
		if (!strcmp(dim, "1D"))
			dims = 1;
		else if (strcmp(dim, "2D")) {
			asm_err(c, dim_loc, "unsupported texture type '%s': only 1D and 2D textures are emulated%s",
				dim, "");
			return;
		}
	}
	/* the slot (or the handle register) and the component mask */
	int mask = 0xf;
	int nslot = bindless ? 0 : 1;           /* immediates naming the slot */
	int lead = 0;                           /* immediates before the slot */
	if (form == FORM_TEX2 && !bindless)
		lead = 1;                       /* sm_70+: 0x0, slot */
	if (form == FORM_TEX && bindless)
		lead = 1;                       /* Kepler and Maxwell print the slot as 0x0 */
	if (ni < lead + nslot) {
		asm_err(c, ai->loc, "%s: the texture slot is missing%s", name, "");
		return;
	}
	if (form == FORM_TEX2 && !bindless && imm[0] != 0) {
		asm_err(c, ai->loc, "%s: unsupported field before the slot (ptxas prints 0x0 there)%s", name, "");
		return;
	}
	int rest = ni - lead - nslot;
	if (short_form && kind != EMU_TEXOP_TLD4) {
		mask = word ? swizzle_mask(word) : -1;
		if (mask < 0 || rest) {
			asm_err(c, dim_loc, "%s: expected a component swizzle (R, RG, RGBA ...) last%s", name, "");
			return;
		}
	} else if (short_form) {
		if (rest || dim || word) {
			asm_err(c, ai->loc, "%s takes d1, d0, a, b, slot%s", name, "");
			return;
		}
	} else {
		if (word && kind != EMU_TEXOP_TXQ) {
			asm_err(c, dim_loc, "%s: unexpected '%s'", name, word);
			return;
		}
		if (rest > 1) {
			asm_err(c, ai->loc, "%s: too many immediates%s", name, "");
			return;
		}
		if (rest == 1)
			mask = (int)imm[ni - 1];
		if (mask < 1 || mask > 0xf) {
			asm_err(c, ai->loc, "%s: the component mask must be 0x1 to 0xf%s", name, "");
			return;
		}
	}
	if (bindless) {
		/* TXQ and Kepler: a is the handle (Kepler's coordinates follow it); else b is */
		int hreg = kind == EMU_TEXOP_TXQ || (form == FORM_TEX && rb < 0) ? ra : rb;
		if (hreg < 0 || hreg == AST_RZ) {
			asm_err(c, ai->loc, "%s.B: the handle register is missing%s", name, "");
			return;
		}
		in->s[2] = reg_src(c, hreg);
		if (form == FORM_TEX && rb < 0)
			ra = ra + 1;
		rb = -1; /* the coordinates are consecutive from a */
	} else {
		int64_t slot = imm[lead];
		if (slot < 0 || slot * 4 + 4 > EMU_BANK_BYTES) {
			asm_err(c, ai->loc, "%s: texture slot out of range%s", name, "");
			return;
		}
		in->s[2] = (emu_src){.kind = SRC_CONST, .bank = 0, .imm = (uint32_t)(slot * 4), .and_ = 0xffffffffu};
	}
	/* the coordinates: consecutive from a, or split between a and b (the first half in a) */
	int n = dims + (lod && kind != EMU_TEXOP_TXQ ? 1 : 0);
	int in_a = rb >= 0 ? (n + 1) / 2 : n;
	if (ra == AST_RZ && kind != EMU_TEXOP_TXQ)
		in_a = n; /* RZ: every coordinate 0 */
	in->s[0] = kind == EMU_TEXOP_TXQ ? reg_src(c, AST_RZ) : reg_src(c, ra);
	if (dims == 2)
		in->s[1] = in_a >= 2 ? reg_src(c, ra == AST_RZ ? AST_RZ : ra + 1) : reg_src(c, rb);
	else
		in->s[1] = reg_src(c, AST_RZ);
	if (dims == 2 && in_a >= 2 && ra != AST_RZ)
		asm_note_reg(c, ra + 1, 1);
	/* the destinations */
	int d0, d1;
	if (form == FORM_TEX) {
		d0 = ai->ops[0].reg;
		d1 = d0 == AST_RZ ? AST_RZ : d0 + 2;
	} else {
		d1 = ai->ops[0].reg;
		d0 = ai->ops[1].reg;
	}
	int ncomp = __builtin_popcount((unsigned)mask);
	in->width = (uint8_t)((d0 == AST_RZ) | (d1 == AST_RZ) << 1);
	in->d = d0 == AST_RZ ? 0 : (uint16_t)d0;
	in->d2 = d1 == AST_RZ ? 0 : (uint16_t)d1;
	if (d0 != AST_RZ)
		asm_note_reg(c, d0, ncomp < 2 ? ncomp : 2);
	if (d1 != AST_RZ && ncomp > 2)
		asm_note_reg(c, d1, ncomp - 2);
	if (ncomp > 2 && d1 == AST_RZ && form != FORM_TEX)
		asm_err(c, ai->ops[0].loc, "%s: %d components need a second destination register", name,
			ncomp == 3 ? "3" : "4");
	in->h = EMU_H_TEX;
	in->fn = (uint8_t)(kind == EMU_TEXOP_TLD4 ? EMU_TEXOP_TLD4 + comp : kind);
	in->sub2 = (uint8_t)dims;
	in->sub3 = (uint8_t)mask;
	in->nsrc = 3;
}

void asm_sel_tex(asm_ctx *c, int op)
{
	(void)op;
	sel_tex_form(c, FORM_TEX);
}

void asm_sel_texs(asm_ctx *c, int op)
{
	(void)op;
	sel_tex_form(c, FORM_TEXS);
}

void asm_sel_tex2(asm_ctx *c, int op)
{
	(void)op;
	sel_tex_form(c, FORM_TEX2);
}
