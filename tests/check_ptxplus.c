/* convert --to ptxplus: the thesis's SASS/PTXPlus pairs (its section 4.1), as a table. */
#include <check.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emu/program.h"
#include "convert/convert.h"
#include "harness.h"
#include "util/xalloc.h"

typedef struct {
	int item;
	const char *sass, *ptxplus;
	const char *why; /* NULL: the thesis's spelling; else why simtemu prints its own */
} pair;

/* The thesis's pairs; its items 24 and 25 come from the kernel _Z17executeFirstLayerPfS_S_. */
static const pair pairs[] = {
	{1, "MOV R1, c [0x1] [0x100];", "mov.u32 $r1, constant1[0x0100];",
	 "the thesis's converter prints 0 for the stack pointer; simtemu keeps the constant it reads"},
	{2, "S2R R0, SR_CTAid_X ;", "cvt.u32.u32 $r0, %ctaid.x ;", NULL},
	{3, "S2R R2, SR_Tid_X ;", "cvt.u32.u32 $r2, %tid.x ;", NULL},
	{4, "PBK 0x150;", "pbk.u32 0x00000150;", NULL},
	{5, "LD R0, [R0];", "ld.global.u32 $r0, $r0;", NULL},
	{6, "MOV R0, RZ;", "mov.u32 $r0, 0x00 ;", NULL},
	{7, "SSY 0xf8;", "ssy.u32 0x000000f8;", NULL},
	{8, "@P0 NOP.S CC.T;", "@$p0 nop.s;", NULL},
	{9, "BRK;", "brk.u32;", NULL},
	{10, "ST [R2], R0;", "st.global.u32 $r2, $r0;", NULL},
	{11, "ISCADD R5, R4, c [0x0] [0x28], 0x2;", "iscadd.u32 $r5, $r4, k [0x0018], 0x00000002;", NULL},
	{12, "STS [R12+0x180], R11;", "st.shared.u32 $r12, 0x00000180, $r11;", NULL},
	{13, "LDS R12, [R9+0x2e80];", "ld.shared.u32 $r12, $r9, 0x00002e80;", NULL},
	{14, "@P0 BRA.U 0x860;", "@$p0 bra.uni.u32 l0x00000860;", NULL},
	{15, "MOV R10, c [0x2] [0x4];", "mov.u32 $r10, constant2[0x0004];", NULL},
	{16, "LDU R10, [R5];", "ldu.global.u32 $r10, $r5, 0x00;", NULL},
	{17, "LD_LDU.32.32 R16, R15, [R17], [R5+0x4];", "ldu.global.u32 $r16, $r15, $r17, $r5, 0x00000004;", NULL},
	{18, "F2F.F32.F64 R6, R8 ;", "cvt.f32.f64 $r6, $r8 ;", NULL},
	{19, "F2F.TRUNC R8, R8;", "cvt.rzi.f32.f32 $r8, $r8;",
	 "the thesis prints cvt.rz.u32, which reads as a conversion to an integer; F2F.TRUNC rounds a float to an integral float"},
	{20, "@P0 FMUL R8, R8, 0x3f000 ;", "@$p0 mul.f32 $r8, $r8, 0x3f000000 ;", NULL},
	{21, "RRO.EX2 R7, R8;", "rro.ex2.f32 $r7, $r8;", "the thesis drops RRO's function; simtemu keeps .ex2 / .sincos"},
	{22, "MUFU.EX2 R9, R7;", "ex2.f32 $r9, $r7;", NULL},
	{23, "MUFU.RCP R7, R7;", "rcp.f32 $r7, $r7;", NULL},
	{24, "FFMA R7, R9, R7, c [0x10] [0xc] ;", "fma.f32 $r7, $r9, $r7, constant1_Z17executeFirstLayerPfS_S_[0x000c];", NULL},
	{25, "SEL R8, R8, c [0x10] [0x10], P0;", "selp.u32 $r8, $r8, constant1_Z17executeFirstLayerPfS_S_[0x0010], $p0;", NULL},
	{26, "LDC.64 R2, c [0x2] [R5+0x8];", "mov.const.u32.doublereg $r2, constant2[$r5+0x0008];", NULL},
	{27, "LD_LDU.32.32 R15, R12, [R11+0x2a4], [R0+0x24];",
	 "ldu.global.u32 $r15, $r12, $r11, 0x000002a4, $r0, 0x00000024;", NULL},
	{28, "ICMP.LT R6, R8, RZ, R4;", "icmp.lt.s32 $r6, $r8, 0x00, $r4;", NULL},
	{29, "IMNMX R5, R5, R6, !pt;", "imnmx.s32 $r5, $r5, $r6, !pt;",
	 "IMNMX without .U32 compares signed; the thesis's .u32 would read back as the unsigned IMNMX.U32"},
	{30, "VADD.S32.S8.MIN R7, R0, 0x1, R7;", "vadd.min.s32.s8 $r7, $r0, 0x00000001, $r7;", NULL},
	{31, "PSETP.AND.AND P1, pt, P2, P1, P0;", "psetp.and.and.s32 $p1, pt, $p2, $p1, $p0;", NULL},
	{32, "VMNMX.ACC R11, R10, R8, R11;", "vmnmx.acc.s32 $r11, $r10, $r8, $r11;",
	 "VMNMX without .U32 compares signed (the thesis's pathfinder uses it for IMIN.S32); .u32 would change that"},
};

/* Whitespace-insensitive: runs of blanks as one, none before ';'. */
static void norm(char *d, const char *s, size_t n)
{
	size_t k = 0;
	for (; *s && k + 1 < n; s++) {
		if (isspace((unsigned char)*s)) {
			if (k && d[k - 1] != ' ')
				d[k++] = ' ';
			continue;
		}
		if (*s == ';' && k && d[k - 1] == ' ')
			k--;
		d[k++] = *s;
	}
	while (k && d[k - 1] == ' ')
		k--;
	d[k] = 0;
}

static int convert(const char *sass, char **out, char **diag)
{
	char src[512];
	snprintf(src, sizeof src, "code for sm_20\nFunction : _Z17executeFirstLayerPfS_S_\n%s\n", sass);
	size_t n1, n2;
	FILE *o = open_memstream(out, &n1), *d = open_memstream(diag, &n2);
	int rc = ptx_convert_to_ptxplus("pair.sass", src, NULL, NULL, o, d);
	fclose(o);
	fclose(d);
	return rc;
}

START_TEST(thesis_pair)
{
	const pair *p = &pairs[_i];
	char *out, *diag;
	ck_assert_msg(convert(p->sass, &out, &diag) == 0, "item %d: %s", p->item, diag);
	/* the instruction is the line after the register declarations */
	const char *line = strstr(out, "$p<7>;\n\n");
	ck_assert_ptr_nonnull(line);
	line += strlen("$p<7>;\n\n");
	char got[256], want[256], one[256];
	snprintf(one, sizeof one, "%.*s", (int)strcspn(line, "\n"), line);
	norm(got, one, sizeof got);
	norm(want, p->ptxplus, sizeof want);
	ck_assert_msg(!strcmp(got, want), "item %d: '%s', want '%s'%s%s", p->item, got, want, p->why ? " -- " : "",
		      p->why ? p->why : "");
	free(out);
	free(diag);
}
END_TEST

/* A video source's byte or half selector has no PTXPlus spelling: the converter says so
   where it is rather than dropping it. */
START_TEST(unsupported_is_an_error)
{
	char *out, *diag;
	ck_assert_int_ne(convert("VADD.S32.S8.MIN R7, R0, R1.B2, R7;", &out, &diag), 0);
	ck_assert_msg(strstr(diag, "pair.sass:3:25: error: PTXPlus has no spelling for VADD's byte or half selector"), "%s",
		      diag);
	free(out);
	free(diag);
}
END_TEST

START_TEST(labels_and_layout)
{
	char *out, *diag;
	ck_assert_int_eq(convert("/*0000*/ SSY 0x10;\n/*0008*/ @P0 BRA 0x10;\n/*0010*/ NOP.S;", &out, &diag), 0);
	ck_assert_msg(strstr(out, "\tssy.u32 0x00000010;\n\t@$p0 bra.u32 l0x00000010;\n\tl0x00000010: nop.s;\n"), "%s", out);
	ck_assert_msg(strstr(out, "//HEADER\n.version 1.4+\n.target sm_20\n//END HEADER"), "%s", out);
	ck_assert_msg(strstr(out, ".entry _Z17executeFirstLayerPfS_S_\n{"), "%s", out);
	free(out);
	free(diag);
}
END_TEST


/* More operands than an instruction holds (8): a located error at the first one too many
   that counts those written, for Fermi's PTXPlus and Tesla's, with label names and
   condition-register destinations (strings the reader copies) among them; the names are
   freed (the ASan build of this suite finds a leak). Columns: a tab, then "bra.u32 " puts
   the first operand at 10; "l0x00000008, " is 13 characters, so the 9th is at 10 + 8 * 13 =
   114; "$p0|$r1, " is 9, then "$p0|$r1," 8: the 9th is at 10 + 9 + 7 * 8 = 75. */
START_TEST(too_many_operands_are_counted)
{
	static const struct {
		const char *target, *ops, *want;
	} c[] = {
		{"sm_20", "l0x00000008, l0x00000008, l0x00000008, l0x00000008, l0x00000008, l0x00000008, l0x00000008, "
			  "l0x00000008, l0x00000008, l0x00000008",
		 "many.ptx:5:114: error: too many operands for 'bra.u32': 10 given, at most 8"},
		{"sm_20", "$p0|$r1, $p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,"
			  "$p0|$r1,$p0|$r1,$p0|$r1",
		 "many.ptx:5:75: error: too many operands for 'bra.u32': 14 given, at most 8"},
		{"sm_13", "$p0|$r1, $p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1,$p0|$r1",
		 "many.ptx:5:75: error: too many operands for 'bra.u32': 9 given, at most 8"},
	};
	for (int i = 0; i < (int)(sizeof c / sizeof c[0]); i++) {
		char src[512];
		snprintf(src, sizeof src, ".version 1.4+\n.target %s\n.entry k\n{\n\tbra.u32 %s;\n\tl0x00000008: exit;\n}\n",
			 c[i].target, c[i].ops);
		th_run r;
		ck_assert_int_eq(th_run_text(&r, "many.ptx", src), 2);
		ck_assert_msg(strstr(r.diag, c[i].want) && !strstr(r.diag, "8 given"), "case %d:\n%s", i, r.diag);
		th_free(&r);
	}
}
END_TEST

/* ---- reading PTXPlus back ---- */

static void same_src(const emu_src *a, const emu_src *b, int item, int k)
{
	ck_assert_msg(a->kind == b->kind && a->iabs == b->iabs && a->bank == b->bank && a->reg == b->reg &&
			      a->imm == b->imm && a->and_ == b->and_ && a->xor_ == b->xor_ && a->add == b->add &&
			      a->neg == b->neg && a->inv == b->inv,
		      "item %d: source %d differs (kind %d/%d reg %d/%d imm 0x%x/0x%x)", item, k, a->kind, b->kind, a->reg,
		      b->reg, a->imm, b->imm);
}

/* Two decodings are the same instruction: every field execution and statistics read. */
static void same_insn(const emu_insn *a, const emu_insn *b, int item)
{
	ck_assert_msg(a->op == b->op && a->h == b->h, "item %d: opcode %d/%d handler %d/%d", item, a->op, b->op, a->h,
		      b->h);
	ck_assert_msg(a->guard == b->guard && a->guard_neg == b->guard_neg && a->sflag == b->sflag &&
			      a->cc_out == b->cc_out && a->x_in == b->x_in,
		      "item %d: guard or flags differ", item);
	ck_assert_msg(a->sub == b->sub && a->sub2 == b->sub2 && a->sub3 == b->sub3 && a->width == b->width &&
			      a->sign == b->sign && a->wide == b->wide && a->nsrc == b->nsrc,
		      "item %d: selectors differ (sub %d/%d sub2 %d/%d sub3 %d/%d width %d/%d sign %d/%d)", item, a->sub,
		      b->sub, a->sub2, b->sub2, a->sub3, b->sub3, a->width, b->width, a->sign, b->sign);
	ck_assert_msg(a->d == b->d && a->d2 == b->d2 && a->areg == b->areg && a->off == b->off && a->areg2 == b->areg2 &&
			      a->off2 == b->off2 && a->width2 == b->width2 && a->target == b->target && a->addr == b->addr,
		      "item %d: registers, address or target differ", item);
	for (int k = 0; k < 4; k++)
		same_src(&a->s[k], &b->s[k], item, k);
	ck_assert_msg(!strcmp(a->mnem, b->mnem), "item %d: statistics key '%s', want '%s'", item, a->mnem, b->mnem);
}

/* The pair's SASS as a listing; a branch's target address gets an instruction. */
static void listing(char *src, size_t n, const char *sass)
{
	const char *hex = strstr(sass, " 0x");
	bool branch = !strncmp(sass, "PBK", 3) || !strncmp(sass, "SSY", 3) || strstr(sass, "BRA");
	snprintf(src, n, "code for sm_20\nFunction : _Z17executeFirstLayerPfS_S_\n/*0000*/ %s\n", sass);
	if (branch && hex) {
		unsigned long t = strtoul(hex + 1, NULL, 16);
		for (unsigned long a = 8; a <= t; a += 8)
			snprintf(src + strlen(src), n - strlen(src), "/*%04lx*/ %s;\n", a, a == t ? "EXIT" : "NOP");
	}
}

static emu_program *assemble(const char *name, const char *src)
{
	char *diag;
	size_t n;
	FILE *d = open_memstream(&diag, &n);
	emu_program *p = emu_assemble(name, src, NULL, NULL, d);
	fclose(d);
	ck_assert_msg(p != NULL, "%s does not assemble: %s\n%s", name, diag, src);
	free(diag);
	return p;
}

/* SASS -> convert --to ptxplus -> read back: the same decoded instruction. */
START_TEST(pair_round_trip)
{
	const pair *p = &pairs[_i];
	static char src[65536];
	listing(src, sizeof src, p->sass);
	char *out, *diag;
	size_t n1, n2;
	FILE *o = open_memstream(&out, &n1), *d = open_memstream(&diag, &n2);
	int rc = ptx_convert_to_ptxplus("pair.sass", src, NULL, NULL, o, d);
	fclose(o);
	fclose(d);
	ck_assert_msg(rc == 0, "item %d: %s", p->item, diag);
	emu_program *a = assemble("pair.sass", src), *b = assemble("pair.ptx", out);
	ck_assert_int_eq(a->funcs[0].n, b->funcs[0].n);
	same_insn(&b->funcs[0].insns[0], &a->funcs[0].insns[0], p->item);
	emu_program_free(a);
	emu_program_free(b);
	free(out);
	free(diag);
}
END_TEST

/* The thesis's own PTXPlus spelling reads as its SASS (where simtemu prints the same). */
static int thesis_items[sizeof pairs / sizeof pairs[0]], nthesis; /* pairs without a 'why' */

START_TEST(thesis_ptxplus_reads)
{
	const pair *p = &pairs[thesis_items[_i]];
	static char src[65536], ptx[65536];
	listing(src, sizeof src, p->sass);
	snprintf(ptx, sizeof ptx, ".version 1.4+\n.target sm_20\n.entry _Z17executeFirstLayerPfS_S_\n{\n%s\n", p->ptxplus);
	/* the branch target of the listing, as the converter would label it */
	const char *hex = strstr(p->sass, " 0x");
	if ((!strncmp(p->sass, "PBK", 3) || !strncmp(p->sass, "SSY", 3) || strstr(p->sass, "BRA")) && hex) {
		unsigned long t = strtoul(hex + 1, NULL, 16);
		for (unsigned long a = 8; a <= t; a += 8)
			snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "%s%s;\n",
				 a == t ? "l0x00000000: " : "", a == t ? "exit" : "nop");
		char lab[24];
		snprintf(lab, sizeof lab, "%08lx", t);
		memcpy(strstr(ptx, "l0x00000000: ") + 3, lab, 8);
	}
	strcat(ptx, "}\n");
	emu_program *a = assemble("pair.sass", src), *b = assemble("pair.ptx", ptx);
	same_insn(&b->funcs[0].insns[0], &a->funcs[0].insns[0], p->item);
	emu_program_free(a);
	emu_program_free(b);
}
END_TEST

static char *convert_text(int (*conv)(const char *, const char *, const char *, const char *, FILE *, FILE *),
			  const char *name, const char *src)
{
	char *out, *diag;
	size_t n1, n2;
	FILE *o = open_memstream(&out, &n1), *d = open_memstream(&diag, &n2);
	int rc = conv(name, src, NULL, "kernel", o, d);
	fclose(o);
	fclose(d);
	ck_assert_msg(rc == 0, "%s: %s", name, diag);
	free(diag);
	return out;
}

static const char *const programs[] = {
	"../examples/walk.sass", "../examples/ifelse.sass", "../examples/loop.sass", "../examples/breakcont.sass",
	"../examples/brau.sass", "../examples/call.sass",   "../examples/reduce.sass", "../bench/alu.sass",
	"../bench/stream.sass",  "../bench/divergent.sass", "../bench/reduce.sass",  "../bench/matmul.sass",
	"../examples/ifblock_ssy.sass", "../examples/ifblock_pred.sass",
};

/* Every example and benchmark kernel: SASS, its PTXPlus, and the SASS printed back from that
   PTXPlus decode to the same instruction list. */
START_TEST(program_round_trip)
{
	size_t len;
	char *src = xread_file(programs[_i], &len);
	ck_assert_msg(src != NULL, "cannot read %s", programs[_i]);
	char *ptx = convert_text(ptx_convert_to_ptxplus, programs[_i], src);
	char *back = convert_text(ptx_convert_to_sass, "back.ptx", ptx);
	emu_program *a = assemble(programs[_i], src), *b = assemble("rt.ptx", ptx), *c = assemble("back.sass", back);
	ck_assert_int_eq(a->nfuncs, b->nfuncs);
	ck_assert_int_eq(a->nfuncs, c->nfuncs);
	for (int f = 0; f < a->nfuncs; f++) {
		ck_assert_int_eq(a->funcs[f].n, b->funcs[f].n);
		ck_assert_int_eq(a->funcs[f].n, c->funcs[f].n);
		for (int i = 0; i < a->funcs[f].n; i++) {
			same_insn(&b->funcs[f].insns[i], &a->funcs[f].insns[i], 1000 * _i + i);
			same_insn(&c->funcs[f].insns[i], &a->funcs[f].insns[i], 1000 * _i + i);
		}
	}
	emu_program_free(a);
	emu_program_free(b);
	emu_program_free(c);
	free(src);
	free(ptx);
	free(back);
}
END_TEST

Suite *ptxplus_suite(void)
{
	Suite *s = suite_create("ptxplus");
	TCase *t = tcase_create("convert");
	tcase_add_loop_test(t, thesis_pair, 0, (int)(sizeof pairs / sizeof pairs[0]));
	tcase_add_test(t, unsupported_is_an_error);
	tcase_add_test(t, labels_and_layout);
	tcase_add_test(t, too_many_operands_are_counted);
	suite_add_tcase(s, t);
	TCase *r = tcase_create("read");
	tcase_add_loop_test(r, pair_round_trip, 0, (int)(sizeof pairs / sizeof pairs[0]));
	nthesis = 0;
	for (int i = 0; i < (int)(sizeof pairs / sizeof pairs[0]); i++)
		if (!pairs[i].why)
			thesis_items[nthesis++] = i;
	tcase_add_loop_test(r, thesis_ptxplus_reads, 0, nthesis);
	tcase_add_loop_test(r, program_round_trip, 0, (int)(sizeof programs / sizeof programs[0]));
	suite_add_tcase(s, r);
	return s;
}
