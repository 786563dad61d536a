/* The opcode tables' PTXPlus columns: every row's spelling prints and reads back to the
   same row, rows sharing a spelling are told apart, and every column holds known values. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/convert.h"
#include "front/ptxplus_read.h"
#include "isa/isa.h"

static const struct {
	isa_dialect d;
	const char *target;
	const char *letters; /* the shape kinds of the dialect */
} dialects[] = {{ISA_DIALECT_SM20, "sm_20", "rpifcmstk"}, {ISA_DIALECT_SM10, "sm_13", "rifcmstgaq"}};

/* an operand of the slot's first kind (a target rather than a condition test) */
static const char *operand(bool tesla, const char *slot, size_t n)
{
	char k = memchr(slot, 't', n) && slot[0] == 'q' ? 't' : slot[0];
	switch (k) {
	case 'r': return "R1";
	case 'p': return "P0";
	case 'i': case 'f': return "0x1";
	case 'c': return tesla ? "c [0x0] [0x1]" : "c [0x2] [0x8]";
	case 'm': return tesla ? "global14 [R2]" : "[R2+0x8]";
	case 's': return tesla ? "SR1" : "SR_Tid_X";
	case 't': return "0x10";
	case 'k': return "CC.T";
	case 'g': return "g [0x4]";
	case 'a': return "A1";
	case 'q': return "C0.NE";
	}
	return "?";
}

/* One instruction of the row: its required operands, and the types a Tesla conversion
   names (the tail's pair). */
static void instruction(int di, int op, char *buf, size_t size)
{
	int n;
	const isa_desc *r = &isa_table(dialects[di].d, &n)[op];
	bool tesla = dialects[di].d == ISA_DIALECT_SM10;
	size_t len = (size_t)snprintf(buf, size, "/*0000*/ %s", r->name);
	if (tesla && r->style == ISA_PS_T_CVT)
		for (const char *t = r->tail; *t == '.' && len < size; t += 1 + strcspn(t + 1, "."))
			len += (size_t)snprintf(buf + len, size - len, ".%c%.*s", t[1] - 32, (int)strcspn(t + 2, "."), t + 2);
	int slot = 0;
	for (const char *s = r->shape; *s && len < size; slot++) {
		size_t sl = strcspn(s, ",");
		if (s[sl - 1] == '?')
			break; /* optional slots come last */
		const char *o = tesla && r->style == ISA_PS_T_SET && !s[sl] ? "LT" : operand(tesla, s, sl);
		len += (size_t)snprintf(buf + len, size - len, "%s%s", slot ? ", " : " ", o);
		s += sl + (s[sl] == ',');
	}
	if (len < size)
		snprintf(buf + len, size - len, ";\n");
}

START_TEST(spelling_reads_back)
{
	for (int di = 0; di < 2; di++) {
		int n;
		const isa_desc *t = isa_table(dialects[di].d, &n);
		for (int op = 0; op < n; op++) {
			char src[256], *out, *diag;
			size_t no, nd;
			instruction(di, op, src, sizeof src);
			FILE *o = open_memstream(&out, &no), *d = open_memstream(&diag, &nd);
			int rc = ptx_convert_to_ptxplus("row.sass", src, dialects[di].target, "k", o, d);
			fclose(o);
			ck_assert_msg(rc == 0, "%s: %s does not print: %s", dialects[di].target, src, diag);
			ast_unit *u = ast_parse_ptxplus("row.ptx", out, d);
			fclose(d);
			ck_assert_msg(u && !u->diags.nerrors && u->nfuncs == 1 && u->funcs[0].ninsns == 1,
				      "%s: %s printed as %s does not read back: %s", dialects[di].target, src, out, diag);
			ck_assert_msg(!strcmp(u->funcs[0].insns[0].mnem, t[op].name), "%s: %s printed as %s reads back as %s",
				      dialects[di].target, t[op].name, strstr(out, "//INSTRUCTIONS"), u->funcs[0].insns[0].mnem);
			ast_free(u);
			free(out);
			free(diag);
		}
	}
}
END_TEST

/* Rows that share a spelling differ in style, tail or shape, which is what the readers
   tell them apart by. */
START_TEST(shared_spellings_are_told_apart)
{
	for (int di = 0; di < 2; di++) {
		int n;
		isa_dialect d = dialects[di].d;
		const isa_desc *t = isa_table(d, &n);
		for (int a = 0; a < n; a++)
			for (int b = a + 1; b < n; b++) {
				char wa[48], wb[48];
				for (int ka = 0; isa_ptx_word(d, a, ka, wa, sizeof wa); ka++)
					for (int kb = 0; isa_ptx_word(d, b, kb, wb, sizeof wb); kb++)
						ck_assert_msg(strcmp(wa, wb) || t[a].style != t[b].style ||
								      strcmp(t[a].tail, t[b].tail) || strcmp(t[a].shape, t[b].shape),
							      "%s: %s and %s are both '%s' alike", dialects[di].target, t[a].name,
							      t[b].name, wa);
			}
	}
}
END_TEST

/* Known kinds, styles and immediates; the tails the styles parse are well formed. */
START_TEST(columns_hold_known_values)
{
	for (int di = 0; di < 2; di++) {
		int n;
		isa_dialect d = dialects[di].d;
		const isa_desc *t = isa_table(d, &n);
		for (int op = 0; op < n; op++) {
			const isa_desc *r = &t[op];
			for (const char *s = r->shape; *s; s++)
				ck_assert_msg(strchr(dialects[di].letters, *s) || *s == ',' || *s == '?', "%s: shape kind '%c'",
					      r->name, *s);
			ck_assert_msg(r->imm <= ISA_IMM_FLOAT32, "%s: imm", r->name);
			ck_assert_msg(r->style < ISA_NPSTYLES, "%s: style", r->name);
			ck_assert_msg((d == ISA_DIALECT_SM10) == (r->style >= ISA_PS_T_PLAIN) || r->style == ISA_PS_CHOICE,
				      "%s: a style of the other dialect", r->name);
			for (const char *s = r->ptx; *s; s++)
				ck_assert_msg((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || strchr("._|", *s),
					      "%s: PTXPlus spelling '%s'", r->name, r->ptx);
			ck_assert_msg(r->ptx[0] && r->ptx[strlen(r->ptx) - 1] != '|', "%s: empty spelling", r->name);
			if (r->style == ISA_PS_CVT || r->style == ISA_PS_T_CVT)
				ck_assert_msg(r->tail[0] == '.' && strchr(r->tail + 1, '.'), "%s: a type pair", r->name);
			if (r->style == ISA_PS_CHOICE)
				ck_assert_msg(strchr(r->tail, '|') != NULL, "%s: choices a|b", r->name);
			else
				ck_assert_msg(!r->tail[0] || r->tail[0] == '.', "%s: tail '%s'", r->name, r->tail);
			char w[48];
			if (r->style == ISA_PS_WORDMOD) /* each spelling names one of the leading modifiers */
				for (int k = 0; isa_ptx_word(d, op, k, w, sizeof w); k++)
					ck_assert_msg(isa_mod_word(d, op, k, w, sizeof w), "%s: spelling %d has no modifier", r->name, k);
			bool fl = isa_slot_is_float(d, op, 1), wide = isa_imm32(d, op);
			ck_assert_msg(!wide || strchr(r->shape, 'i') || strchr(r->shape, 'f'), "%s: a 32-bit immediate slot",
				      r->name);
			ck_assert_msg(!fl || r->cls == ISA_CLASS_FP32 || r->cls == ISA_CLASS_FP64 || r->cls == ISA_CLASS_SFU ||
					      r->cls == ISA_CLASS_PRED,
				      "%s: float fields on a non-float opcode", r->name);
		}
	}
	/* the float slots and 32-bit immediates the converter relies on */
	ck_assert(isa_slot_is_float(ISA_DIALECT_SM20, isa_lookup(ISA_DIALECT_SM20, "FADD"), 2));
	ck_assert(!isa_slot_is_float(ISA_DIALECT_SM20, isa_lookup(ISA_DIALECT_SM20, "F2I"), 0));
	ck_assert(isa_slot_is_float(ISA_DIALECT_SM20, isa_lookup(ISA_DIALECT_SM20, "F2I"), 1));
	ck_assert(!isa_slot_is_float(ISA_DIALECT_SM20, isa_lookup(ISA_DIALECT_SM20, "MOV"), 1));
	ck_assert(isa_imm32(ISA_DIALECT_SM20, isa_lookup(ISA_DIALECT_SM20, "LOP32I")));
	ck_assert(!isa_imm32(ISA_DIALECT_SM20, isa_lookup(ISA_DIALECT_SM20, "LOP")));
}
END_TEST

Suite *isa_suite(void)
{
	Suite *s = suite_create("isa");
	TCase *c = tcase_create("ptxplus columns");
	tcase_add_test(c, spelling_reads_back);
	tcase_add_test(c, shared_spellings_are_told_apart);
	tcase_add_test(c, columns_hold_known_values);
	suite_add_tcase(s, c);
	return s;
}
