/* Lexer, parser and assembler: listing layouts, operands, immediates, labels, errors. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "emu/program.h"
#include "emu/semantics.h"
#include "isa/isa.h"

static char *diag;
static size_t diaglen;

/* Assemble text; diagnostics are kept in diag. */
static emu_program *as(const char *src)
{
	free(diag);
	diag = NULL;
	FILE *f = open_memstream(&diag, &diaglen);
	emu_program *p = emu_assemble("t.sass", src, NULL, "k", f);
	fclose(f);
	return p;
}

static const emu_insn *insn(emu_program *p, int i)
{
	ck_assert_msg(p != NULL, "assembly failed: %s", diag);
	ck_assert_int_gt(p->funcs[0].n, i);
	return &p->funcs[0].insns[i];
}

START_TEST(old_layout_with_encodings_and_headers)
{
	emu_program *p = as("// origin comment\n"
			    "\tcode for sm_20\n"
			    "\t\tFunction : WarpScan2\n"
			    "\t.headerflags\t@\"EF_CUDA_SM20 EF_CUDA_PTX_SM(EF_CUDA_SM20)\"\n"
			    "\t/*0000*/     /*0x00005de428004404*/ \tMOV R1, c [0x1] [0x100];\n"
			    "\t/*0008*/     /*0x84001c042c000000*/ \tS2R R0, SR_Tid_X;\n"
			    "\t/*0010*/     /*0x00001de780000000*/ \tEXIT;\n"
			    "\t\t..........................\n");
	ck_assert_str_eq(p->target, "sm_20");
	ck_assert_str_eq(p->funcs[0].name, "WarpScan2");
	ck_assert_int_eq(p->funcs[0].n, 3);
	const emu_insn *m = insn(p, 0);
	ck_assert_int_eq(m->h, EMU_H_MOV);
	ck_assert_int_eq(m->d, 1);
	ck_assert_int_eq(m->s[0].kind, SRC_CONST);
	ck_assert_int_eq(m->s[0].bank, 1);
	ck_assert_uint_eq(m->s[0].imm, 0x100);
	ck_assert(m->has_enc);
	ck_assert(m->enc == 0x00005de428004404ull);
	ck_assert_uint_eq(insn(p, 2)->addr, 0x10);
	ck_assert_str_eq(insn(p, 1)->text, "S2R R0, SR_Tid_X");
	emu_program_free(p);
}
END_TEST

START_TEST(new_layout_encoding_after_semicolon)
{
	emu_program *p = as("code for sm_20\n"
			    "Function : k2\n"
			    "/*0008*/ MOV R1, c[0x1][0x100]; /* 0x2800440400005de4 */\n"
			    "/*0010*/ EXIT; /* 0x8000000000001de7 */\n");
	const emu_insn *m = insn(p, 0);
	ck_assert_int_eq(m->s[0].kind, SRC_CONST);
	ck_assert_uint_eq(m->s[0].imm, 0x100);
	ck_assert(m->has_enc);
	ck_assert(m->enc == 0x2800440400005de4ull);
	ck_assert_uint_eq(m->addr, 8);
	emu_program_free(p);
}
END_TEST

START_TEST(several_functions_per_file)
{
	emu_program *p = as("code for sm_20\nFunction : a\nEXIT;\nFunction : b\nNOP;\nEXIT;\n");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->nfuncs, 2);
	ck_assert_int_eq(emu_find_func(p, "b"), 1);
	ck_assert_int_eq(p->funcs[1].n, 2);
	emu_program_free(p);
}
END_TEST

START_TEST(negative_offsets_and_register_pairs)
{
	emu_program *p = as("LD R2, [R4+-0x4];\nST.E [R6+0x8], R2;\nLDS R3, [0x10];\nLD.64 R8, [R4-0x8];\nEXIT;\n");
	ck_assert_int_eq(insn(p, 0)->off, -4);
	ck_assert_int_eq(insn(p, 0)->areg, 4);
	ck_assert(insn(p, 1)->wide);
	ck_assert_int_eq(insn(p, 1)->off, 8);
	ck_assert_int_eq(insn(p, 2)->areg, EMU_NO_REG);
	ck_assert_int_eq(insn(p, 2)->off, 16);
	ck_assert_int_eq(insn(p, 3)->width, 8);
	ck_assert_int_eq(insn(p, 3)->off, -8);
	emu_program_free(p);
}
END_TEST

START_TEST(fermi_20bit_immediates)
{
	emu_program *p = as("FMUL R8, R8, 0x3f000;\n"     /* 0.5f: top 20 bits */
			    "FADD R1, R1, -0x3f800;\n"    /* -1.0f */
			    "IADD R2, R2, 0xffc00;\n"     /* -1024 */
			    "IADD R3, R3, 0xfffff;\n"     /* -1 */
			    "MOV32I R4, 0x3f800000;\n"    /* full 32 bits */
			    "FADD R5, R5, 1.5;\n"         /* float literal */
			    "IADD R6, R6, -0x4;\n"
			    "EXIT;\n");
	ck_assert_uint_eq(insn(p, 0)->s[1].imm, 0x3f000000u);
	ck_assert_uint_eq(insn(p, 1)->s[1].imm, 0xbf800000u);
	ck_assert_uint_eq(insn(p, 2)->s[1].imm, (uint32_t)-1024);
	ck_assert_uint_eq(insn(p, 3)->s[1].imm, 0xffffffffu);
	ck_assert_uint_eq(insn(p, 4)->s[0].imm, 0x3f800000u);
	ck_assert_uint_eq(insn(p, 5)->s[1].imm, 0x3fc00000u);
	ck_assert_uint_eq(insn(p, 6)->s[1].imm, (uint32_t)-4);
	emu_program_free(p);
}
END_TEST

START_TEST(special_register_spellings_and_hints)
{
	emu_program *p = as("S2R R0, SR_Tid_X;\nS2R R1, SR_TID.X;\nS2R R2, SR_CTAid_Y;\n"
			    "@P1 NOP.S CC.T;\nBPT.DRAIN 0x0;\nIADD R3.CC, R0, R1;\nEXIT;\n");
	ck_assert_int_eq(insn(p, 0)->sub, SR_TID_X);
	ck_assert_int_eq(insn(p, 1)->sub, SR_TID_X);
	ck_assert_int_eq(insn(p, 2)->sub, SR_CTAID_Y);
	ck_assert_int_eq(insn(p, 3)->h, EMU_H_NOP);
	ck_assert_int_eq(insn(p, 3)->sflag, 1);
	ck_assert_int_eq(insn(p, 3)->guard, 1);
	ck_assert_int_eq(insn(p, 4)->h, EMU_H_NOP);
	ck_assert_int_eq(insn(p, 5)->cc_out, 1);
	emu_program_free(p);
}
END_TEST

START_TEST(guards_pt_and_rz)
{
	emu_program *p = as("@!P3 MOV R1, RZ;\n@P0 EXIT;\nISETP.NE.AND P0, pt, R1, RZ, pt;\nEXIT;\n");
	ck_assert_int_eq(insn(p, 0)->guard, 3);
	ck_assert_int_eq(insn(p, 0)->guard_neg, 1);
	ck_assert_int_eq(insn(p, 0)->s[0].kind, SRC_IMM);
	ck_assert_uint_eq(insn(p, 0)->s[0].imm, 0);
	ck_assert_int_eq(insn(p, 1)->guard, 0);
	ck_assert_int_eq(insn(p, 2)->guard, EMU_PT);
	ck_assert_int_eq(insn(p, 2)->d2, EMU_PT_SINK);
	emu_program_free(p);
}
END_TEST

START_TEST(labels_and_assigned_addresses)
{
	emu_program *p = as("  SSY J;\nL: IADD R1, R1, 0x1;\n  @P0 BRA L;\n  NOP.S;\nJ:\n  EXIT;\n");
	ck_assert_uint_eq(insn(p, 0)->addr, 0);
	ck_assert_uint_eq(insn(p, 1)->addr, 8);
	ck_assert_uint_eq(insn(p, 4)->addr, 32);
	ck_assert_uint_eq(insn(p, 0)->target, 4);
	ck_assert_uint_eq(insn(p, 2)->target, 1);
	emu_program_free(p);
}
END_TEST

START_TEST(address_targets_map_to_indices)
{
	emu_program *p = as("/*0000*/ SSY 0x18;\n/*0008*/ @P0 BRA 0x18;\n/*0010*/ NOP.S;\n/*0018*/ EXIT;\n");
	ck_assert_uint_eq(insn(p, 0)->target, 3);
	ck_assert_uint_eq(insn(p, 1)->target, 3);
	emu_program_free(p);
}
END_TEST

/* Errors: located, several per pass, never a silent NOP. */
typedef struct {
	const char *name, *src, *want;
} err_case;

static const err_case err_cases[] = {
	{"unknown opcode", "FOO R1, R2;\n", "t.sass:1:1: error: unsupported opcode 'FOO' for sm_20"},
	{"unknown modifier", "IADD.Q R1, R1, R2;\n", "t.sass:1:5: error: unsupported modifier '.Q' for IADD on sm_20"},
	{"operand count", "IADD R1, R2;\n", "t.sass:1:1: error: IADD takes 3 operands, 2 given"},
	{"operand kind", "IADD R1, P0, R2;\n", "t.sass:1:10: error: operand 2 of IADD: expected register"},
	{"undefined label", "BRA NOWHERE;\n", "t.sass:1:5: error: undefined label 'NOWHERE'"},
	{"target inside", "/*0000*/ BRA 0x4;\n/*0008*/ EXIT;\n",
	 "t.sass:1:14: error: branch target 0x4 is not the address of an instruction"},
	{"guarded SSY", "@P0 SSY L;\nL: EXIT;\n", "t.sass:1:1: error: SSY cannot be guarded"},
	{"syntax", "MOV R1 R2;\n", "t.sass:1:8: error: syntax error, unexpected register"},
	{"register range", "MOV R70, R1;\n", "t.sass:1:5: error: register R70 does not exist on sm_20"},
	{"20-bit range", "IADD R1, R1, 0x123456;\n", "t.sass:1:14: error: immediate does not fit the 20-bit field"},
	{"misaligned pair", "LD.64 R3, [R4];\n", "t.sass:1:7: error: register R3 is not aligned"},
	{"duplicate label", "L: NOP;\nL: EXIT;\n", "t.sass:2:1: error: label 'L' defined twice"},
	{"unsupported target", "code for sm_99\nEXIT;\n", "error: unsupported target 'sm_99'"},
	{"no EXIT on Tesla", "code for sm_13\nEXIT;\n", "t.sass:2:1: error: unsupported opcode 'EXIT' for sm_13"},
	{"Tesla guard needs a condition", "code for sm_10\nMOV R0 (C1), R1;\n", "t.sass:2:1: error: a bare (Cn) is only the carry-in of IMAD"},
	{"Tesla .Cn needs a result", "code for sm_10\nGST.U32.C0 global14 [R1], R2;\n",
	 "t.sass:2:1: error: GST has no result to set a condition register from"},
	{"Tesla register range", "code for sm_10\nMOV R128, R1;\n", "t.sass:2:5: error: register R128 does not exist on sm_10"},
	{"texture", "TLD R0, R2, 0x0, 0x0;\n", "t.sass:1:1: error: unsupported opcode 'TLD' for sm_20: texture"},
	{"two PRMT modes", "PRMT.F4E.RC8 R1, R2, 0x1, R3;\n", "t.sass:1:9: error: PRMT takes at most one mode"},
	{"IMAD.SAT", "IMAD.SAT R1, R2, R3, R4;\n", "t.sass:1:1: error: IMAD.SAT is not supported yet"},
	{"caret line", "  MOV R1, R2;\n  BOGUS;\n", "  BOGUS;\n    ^"},
};

START_TEST(errors_are_located)
{
	const err_case *c = &err_cases[_i];
	emu_program *p = as(c->src);
	ck_assert_msg(p == NULL, "%s: assembled", c->name);
	ck_assert_msg(strstr(diag, c->want) != NULL, "%s: want '%s' in:\n%s", c->name, c->want, diag);
}
END_TEST

START_TEST(several_errors_in_one_pass)
{
	emu_program *p = as("FOO;\nIADD R1;\nMOV R1, R2;\nBAR.Q;\n");
	ck_assert_ptr_null(p);
	ck_assert_msg(strstr(diag, ":1:1:") && strstr(diag, ":2:1:") && strstr(diag, ":4:"), "%s", diag);
	ck_assert_msg(strstr(diag, "t.sass: 3 errors"), "%s", diag);
}
END_TEST

START_TEST(recovers_after_syntax_error)
{
	emu_program *p = as("MOV R1 R2;\nFOO R1;\n");
	ck_assert_ptr_null(p);
	ck_assert_msg(strstr(diag, ":1:8:") && strstr(diag, ":2:1: error: unsupported opcode 'FOO'"), "%s", diag);
}
END_TEST

/* The .def table: names unique, every name found by the look-up the lexer's
   mnemonics go through, shapes and modifiers well formed. */
/* Both dialects' tables: every row found by its name, a known class, shape letters of
   its dialect, optional slots last, plain modifier words, a meaning. */
START_TEST(isa_table_is_consistent)
{
	static const struct {
		isa_dialect d;
		int nops;
		const char *letters;
	} dl[] = {{ISA_DIALECT_SM20, ISA_NOPCODES, "rpifcmstk,?"}, {ISA_DIALECT_SM10, ISA10_NOPCODES, "rifcmstgaq,?"}};
	for (int k = 0; k < 2; k++) {
		int n;
		const isa_desc *t = isa_table(dl[k].d, &n);
		ck_assert_int_eq(n, dl[k].nops);
		for (int i = 0; i < n; i++) {
			ck_assert_msg(isa_lookup(dl[k].d, t[i].name) == i, "%s: look-up", t[i].name);
			ck_assert_msg(t[i].cls < ISA_NCLASS, "%s: class", t[i].name);
			bool opt = false;
			for (const char *s = t[i].shape; *s; s++) {
				ck_assert_msg(strchr(dl[k].letters, *s), "%s: shape letter '%c'", t[i].name, *s);
				if (*s == '?')
					opt = true;
				else if (*s == ',' && opt)
					ck_assert_msg(strstr(s, "?") != NULL, "%s: required slot after optional", t[i].name);
			}
			for (const char *s = t[i].mods; *s; s++)
				ck_assert_msg(*s == ' ' || *s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9'),
					      "%s: modifier list", t[i].name);
			ck_assert_msg(strlen(t[i].meaning) > 3, "%s: meaning", t[i].name);
		}
	}
	ck_assert(isa_mod_ok(ISA_DIALECT_SM20, ISA_IADD, "S"));
	ck_assert(isa_mod_ok(ISA_DIALECT_SM20, ISA_IADD, "reuse"));
	ck_assert(!isa_mod_ok(ISA_DIALECT_SM20, ISA_IADD, "FTZ"));
	ck_assert(!isa_mod_ok(ISA_DIALECT_SM20, ISA_IADD, "C0"));
	ck_assert(isa_mod_ok(ISA_DIALECT_SM10, ISA10_IADD, "C3"));
	ck_assert(!isa_mod_ok(ISA_DIALECT_SM10, ISA10_IADD, "C4"));
	ck_assert_int_eq(isa_lookup(ISA_DIALECT_SM20, "NOSUCH"), -1);
	ck_assert_int_eq(isa_lookup(ISA_DIALECT_SM10, "ISCADD"), -1);
}
END_TEST

/* Every opcode of the table assembles in a minimal well-formed use (no row is
   declared without a handler behind it). */
static const char *const one_per_opcode[] = {
	"MOV R1, R2;", "MOV32I R1, 0x1;", "S2R R1, SR_LaneId;", "IADD R1, R1, R2;", "IADD32I R1, R1, 0x1;",
	"ISUB R1, R1, R2;", "IMUL R1, R1, R2;", "IMUL32I R1, R1, 0x3;", "IMAD R1, R1, R2, R3;",
	"ISCADD R1, R1, R2, 0x2;", "SHL R1, R1, 0x2;", "SHR R1, R1, 0x2;", "LOP.AND R1, R1, R2;",
	"LOP32I.OR R1, R1, 0x10;", "ISETP.LT.AND P0, pt, R1, R2, pt;", "ICMP.EQ R1, R1, R2, R3;",
	"IMNMX R1, R1, R2, pt;", "SEL R1, R1, R2, P0;", "PSETP.AND.AND P0, pt, P1, P2, pt;",
	"ISET.EQ.AND R1, R1, R2, pt;", "PSET.AND.AND R1, P0, P1, pt;", "I2F.F32.S32 R1, R1;", "F2I.S32.F32 R1, R1;", "F2F.F32.F32 R1, R1;",
	"I2I.S32.S8 R1, R1;", "FADD R1, R1, R2;", "FADD32I R1, R1, 1.5;", "FMUL R1, R1, R2;",
	"FMUL32I R1, R1, 1.5;", "FFMA R1, R1, R2, R3;", "FSETP.LT.AND P0, pt, R1, R2, pt;",
	"FMNMX R1, R1, R2, pt;", "MUFU.RCP R1, R1;", "RRO.EX2 R1, R1;", "VADD.ACC R1, R1, R2, R3;",
	"VSUB.U8.U8 R1, R1.B1, R2, R3;", "VABSDIFF.S16.U16 R1, R1.H1, R2, R3;", "VMNMX.ACC R1, R1, R2, R3;",
	"VSET.LT R1, R1, R2, R3;", "VSHL.W.MRG_8B2 R1, R1, R2, R3;", "VSHR.UD.U32.U8 R1, R1, R2.B1, R3;",
	"VMAD.PO.SHR_7 R1, R1, R2, R3;", "POPC R1, R1;", "FLO.U32 R1, R1;", "BFE R1, R1, 0x808;",
	"BFI R1, R1, 0x808, R2;", "PRMT R1, R2, 0x3210, R3;", "DADD R2, R2, R4;", "DMUL R2, R2, R4;",
	"DFMA R2, R2, R4, R6;", "DMNMX R2, R2, R4, pt;", "DSETP.LT.AND P0, pt, R2, R4, pt;", "VOTE.ANY R1, pt, P0;",
	"LD R1, [R2];", "LD_LDU.32.32 R1, R3, [R2], [R4];", "ATOM.ADD R1, [R2], R3;", "RED.ADD [R2], R3;",
	"LDU R1, [R2];", "ST [R2], R1;",
	"LDS R1, [R2];", "STS [R2], R1;", "LDSLK P0, R1, [R2];", "STSUL [R2], R1;", "LDL R1, [R2];", "STL [R2], R1;", "LDC R1, c [0x0] [R2+0x4];",
	"NOP;", "BPT.DRAIN 0x0;", "SSY L;", "PBK L;", "PCNT L;", "PRET L;", "BRK;", "CONT;", "CAL L;",
	"JCAL L;", "RET;", "BRA L;", "BRX R4;", "EXIT;", "BAR.RED.POPC RZ, RZ;",
};

START_TEST(every_opcode_has_a_handler)
{
	ck_assert_int_eq((int)(sizeof one_per_opcode / sizeof one_per_opcode[0]), ISA_NOPCODES);
	for (size_t i = 0; i < sizeof one_per_opcode / sizeof one_per_opcode[0]; i++) {
		char src[128];
		snprintf(src, sizeof src, "%s\nL: EXIT;\n", one_per_opcode[i]);
		emu_program *p = as(src);
		ck_assert_msg(p != NULL, "'%s' does not assemble: %s", one_per_opcode[i], diag);
		char base[16];
		size_t k = strcspn(one_per_opcode[i], ". ;");
		snprintf(base, sizeof base, "%.*s", (int)k, one_per_opcode[i]);
		ck_assert_msg(insn(p, 0)->op == isa_lookup(ISA_DIALECT_SM20, base), "'%s': opcode", base);
		ck_assert_msg(insn(p, 0)->op == (uint16_t)i, "row %zu is '%s'", i, base);
		emu_program_free(p);
	}
}
END_TEST

/* The same for Tesla, row by row of isa/sm10.def */
static const char *const one_per_tesla_opcode[] = {
	"MOV R1, g [0x4];", "MOV32 R1, R2;", "MVI R1, -0x5;", "MVC R1, c [0x1] [0x0];", "G2R.U32.U32 R1, g [A1+0x4];",
	"R2G.U32.U32 g [A1+0x4], R1;", "S2R R1, SR1;", "R2A A1, R2, 0x2;", "A2R R1, A1;", "ADA A2, A1, 0x10;",
	"IADD R1 (C0.NE), R2, c [0x1] [0x1];", "IADD32 R1, g [0x4], R2;", "IADD32I R1, -R2, 0x3;",
	"IMUL.U16.U16 R1, R2L, R3H;", "IMUL32.U16.U16 R1, R2, R3;", "IMUL32I.U16.U16 R1, R2, 0x3;",
	"IMAD.U16.C1 R1, R2H, R3L, R4;", "IMAD32.U16 R1, R2, R3, R4;", "IMAD32I.U16 R1, R2, 0x3, R4;",
	"IMIN.S32 R1, R1, R2;", "IMAX.S32 R1, R1, 0xff;", "SHL R1, R1, 0x2;", "SHR.S32 R1, R1, 0x2;",
	"LOP.PASS_B R1, R1, ~R2;", "ISET.S32.C0 o [0x7f], R1, R124, EQ;", "I2I.U32.U16 R1, R0L;",
	"I2F.F32.U32.TRUNC R1, R1;", "F2I.U32.F32.TRUNC R1, R1;", "F2F.F64.F32 R2, R1;", "FADD R1, R1, -R2;",
	"FADD32 R1, R1, R2;", "FADD32I R1, R1, 0x3f800000;", "FMUL.TRUNC.C0 R1, R1, R2;", "FMUL32 R1, R1, R2;",
	"FMUL32I R1, R1, 0x3f000000;", "FMAD R1, g [A3+0x1], R2, R3;", "FMAD32 R1, R1, R2, R3;",
	"FMAD32I R1, R1, 0x3f800000, R3;", "DADD R2, R2, R4;", "DMUL R2, R2, R4;", "DFMA R2, R2, R4, R6;",
	"FMIN R1, R1, R2;", "FMAX R1, R1, R2;", "FSET.C1 o [0x7f], g [A1+0xc], R0, GTU;", "RCP R1, R1;",
	"RSQ R1, R1;", "LG2 R1, R1;", "EX2 R1, R1;", "SIN R1, R1;", "COS R1, R1;", "RRO.EX2 R1, R1;",
	"GLD.U32 R1, global14 [R2];", "GST.S64 global14 [R2], R4;", "NOP.S;", "SSY L;", "PBK L;", "BRK C0.EQ;",
	"CAL.NOINC L;", "RET C0.EQ;", "BRA C1.NEU, L;", "BAR.ARV.WAIT b0, 0xfff;",
};

START_TEST(every_tesla_opcode_has_a_handler)
{
	ck_assert_int_eq((int)(sizeof one_per_tesla_opcode / sizeof one_per_tesla_opcode[0]), ISA10_NOPCODES);
	for (size_t i = 0; i < sizeof one_per_tesla_opcode / sizeof one_per_tesla_opcode[0]; i++) {
		char src[160];
		snprintf(src, sizeof src, "code for sm_13\n%s\nL: RET;\n", one_per_tesla_opcode[i]);
		emu_program *p = as(src);
		ck_assert_msg(p != NULL, "'%s' does not assemble: %s", one_per_tesla_opcode[i], diag);
		ck_assert_msg(insn(p, 0)->op == (uint16_t)i, "row %zu is '%s'", i, one_per_tesla_opcode[i]);
		emu_program_free(p);
	}
}
END_TEST

Suite *asm_suite(void)
{
	Suite *s = suite_create("asm");
	TCase *t = tcase_create("parse");
	tcase_add_test(t, old_layout_with_encodings_and_headers);
	tcase_add_test(t, new_layout_encoding_after_semicolon);
	tcase_add_test(t, several_functions_per_file);
	tcase_add_test(t, negative_offsets_and_register_pairs);
	tcase_add_test(t, fermi_20bit_immediates);
	tcase_add_test(t, special_register_spellings_and_hints);
	tcase_add_test(t, guards_pt_and_rz);
	tcase_add_test(t, labels_and_assigned_addresses);
	tcase_add_test(t, address_targets_map_to_indices);
	suite_add_tcase(s, t);
	TCase *e = tcase_create("errors");
	tcase_add_loop_test(e, errors_are_located, 0, (int)(sizeof err_cases / sizeof err_cases[0]));
	tcase_add_test(e, several_errors_in_one_pass);
	tcase_add_test(e, recovers_after_syntax_error);
	suite_add_tcase(s, e);
	TCase *i = tcase_create("isa");
	tcase_add_test(i, isa_table_is_consistent);
	tcase_add_test(i, every_opcode_has_a_handler);
	tcase_add_test(i, every_tesla_opcode_has_a_handler);
	suite_add_tcase(s, i);
	return s;
}
