/* The scalar video instructions' data merge (.MRG_8B0, .MRG_8B2, .MRG_16L, .MRG_16H: PTX's
   d.dsel, with d.b1 and d.b3 as ptxas builds them), VSHL/VSHR (.W, the clamp, counts of 32
   and more, the secondary operations) and VMAD (.PO, .SHR_7/.SHR_15, negated operands,
   .SAT by the final sign), and the located errors around them. Every expected value is
   derived by hand from the PTX ISA's pseudo-code in the comment beside it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* One sm_20 thread; R30 points at out[0]. */
#define ONE ".target sm_20\n.block 1\n.buffer out u32 32\n.param u32 out\nMOV R30, c [0x0] [0x20];\n"

/* Registers of the cases: R0 = a = 0x8c407ffe (bytes fe 7f 40 8c: s8 -2 127 64 -116, u8 254
   127 64 140; halves 7ffe 8c40: 32766, s16 -29632 / u16 35904; s32 -1941929986),
   R1 = b = 0x00031290 (bytes 90 12 03 00, halves 1290 = 4752, 0003), R2 = c = 0xa1b2c3d4,
   R3 = 40, R4 = 0x123 (mod 32: 3), R5 = 33, R6 = 0xffffffff, R7 = 0x7fffffff, R8 = 5,
   R11 = 7, R12 = 0x100. */
#define VREGS "MOV32I R0, 0x8c407ffe;\nMOV32I R1, 0x31290;\nMOV32I R2, 0xa1b2c3d4;\nMOV32I R3, 0x28;\n" \
	"MOV32I R4, 0x123;\nMOV32I R5, 0x21;\nMOV32I R6, 0xffffffff;\nMOV32I R7, 0x7fffffff;\n"       \
	"MOV32I R8, 0x5;\nMOV32I R11, 0x7;\nMOV32I R12, 0x100;\n"

typedef struct {
	const char *name;
	const char *insn; /* writes R9 */
	uint32_t want;
} video_case;

static const video_case cases[] = {
	/* a + b = 0x8c407ffe + 0x31290 = 0x8c43928e; its byte 0x8e or half 0x928e replaces
	   that of c, the rest of c kept */
	{"merge byte 0", "VADD.MRG_8B0 R9, R0, R1, R2;", 0xa1b2c38eu},
	{"merge byte 2", "VADD.MRG_8B2 R9, R0, R1, R2;", 0xa18ec3d4u},
	{"merge half 0", "VADD.MRG_16L R9, R0, R1, R2;", 0xa1b2928eu},
	{"merge half 1", "VADD.MRG_16H R9, R0, R1, R2;", 0x928ec3d4u},
	/* PTX's d.b1 as ptxas 11.8 builds it: byte 0 of c = RZ, then PRMT 0x3240 takes c's
	   bytes 0, 2, 3 and the result's byte 0 as byte 1. u8 127 + u8 0x90 = 271 -> 255 */
	{"merge byte 1 by prmt", "VADD.UD.U8.U8.SAT.MRG_8B0 R9, R0.B1, R1, RZ;\nPRMT R9, R2, 0x3240, R9;", 0xa1b2ffd4u},
	/* d.b3: PRMT 0x4210 puts the result's byte 0 in byte 3. s8 -116 - s8 0x12 = -134 -> -128 */
	{"merge byte 3 by prmt", "VADD.S8.S8.SAT.MRG_8B0 R9, R0.B3, -R1.B1, RZ;\nPRMT R9, R2, 0x4210, R9;",
	 0x80b2c3d4u},
	/* .SAT with a merge clamps to the byte: signed 127 + 127 = 254 -> 127 */
	{"sat signed byte high", "VADD.S8.S8.SAT.MRG_8B2 R9, R0.B1, R0.B1, R2;", 0xa17fc3d4u},
	/* -116 + -116 = -232 -> -128 = 0x80 */
	{"sat signed byte low", "VADD.S8.S8.SAT.MRG_8B0 R9, R0.B3, R0.B3, R2;", 0xa1b2c380u},
	/* unsigned 127 + 254 = 381 -> 255 */
	{"sat unsigned byte high", "VADD.UD.U8.U8.SAT.MRG_8B0 R9, R0.B1, R0.B0, R2;", 0xa1b2c3ffu},
	/* unsigned 127 - 254 = -127 -> 0 */
	{"sat unsigned byte low", "VADD.UD.U8.U8.SAT.MRG_8B2 R9, R0.B1, -R0.B0, R2;", 0xa100c3d4u},
	/* 32-bit sources, the byte's range all the same: -1941929986 + 201360 -> -128 */
	{"sat word into byte", "VADD.SAT.MRG_8B0 R9, R0, R1, R2;", 0xa1b2c380u},
	/* halves: s16 -29632 * 2 = -59264 -> -32768; u16 32766 + 35904 = 68670 -> 65535 */
	{"sat signed half", "VADD.S16.S16.SAT.MRG_16L R9, R0.H1, R0.H1, R2;", 0xa1b28000u},
	{"sat unsigned half", "VADD.UD.U16.U16.SAT.MRG_16H R9, R0, R0.H1, R2;", 0xffffc3d4u},
	/* without .SAT the merge keeps the low half: 68670 = 0x10c3e -> 0x0c3e */
	{"merge truncates", "VADD.UD.U16.U16.MRG_16H R9, R0, R0.H1, R2;", 0x0c3ec3d4u},
	/* VSET: u8 64 < u8 140 is 1, into the high half */
	{"vset merge", "VSET.LT.U8.U8.MRG_16H R9, R0.B2, R0.B3, R2;", 0x0001c3d4u},
	/* VMNMX: unsigned max(0x8c407ffe, 0x31290) = 0x8c407ffe, byte fe */
	{"vmnmx merge", "VMNMX.UD.U32.U32.MX.MRG_8B2 R9, R0, R1, R2;", 0xa1fec3d4u},
	/* VABSDIFF: |u8 0x12 - u8 0xfe| = |18 - 254| = 236 = 0xec */
	{"vabsdiff merge", "VABSDIFF.U8.U8.MRG_8B0 R9, R1.B1, R0.B0, R2;", 0xa1b2c3ecu},
	/* Fermi's VSUB: s16 32766 - -29632 = 62398 -> 32767 */
	{"vsub merge sat", "VSUB.S16.S16.SAT.MRG_16L R9, R0, R0.H1, R2;", 0xa1b27fffu},
	/* VSHL .W: 0x123 mod 32 = 3; 0x8c407ffe << 3 = 0x46203fff0, low word */
	{"vshl wrap", "VSHL.UD.U32.U32.W R9, R0, R4, RZ;", 0x6203fff0u},
	/* clamp: 33 -> 32, a << 32 has a zero low word; .W: 33 mod 32 = 1 */
	{"vshl clamp 33", "VSHL.UD.U32.U32 R9, R0, R5, RZ;", 0},
	{"vshl wrap 33", "VSHL.UD.U32.U32.W R9, R0, R5, RZ;", 0x1880fffcu},
	/* 5 << 31 = 0x280000000: low word 0x80000000 (31 is below the clamp) */
	{"vshl 31", "VSHL.UD.U32.U32 R9, R8, 0x1f, RZ;", 0x80000000u},
	/* VSHR of a signed a (no types: S32, count U32): 40 -> 32, the sign fills: -1 */
	{"vshr clamp signed", "VSHR R9, R0, R3, RZ;", 0xffffffffu},
	/* 40 mod 32 = 8: 0x8c407ffe >> 8 arithmetic = 0xff8c407f */
	{"vshr wrap signed", "VSHR.W R9, R0, R3, RZ;", 0xff8c407fu},
	/* unsigned a: 0 past 32, zero-filled with .W */
	{"vshr clamp unsigned", "VSHR.UD.U32.U32 R9, R0, R3, RZ;", 0},
	{"vshr wrap unsigned", "VSHR.UD.U32.U32.W R9, R0, R3, RZ;", 0x008c407fu},
	/* a byte count of 0xfe = 254: clamped to 32, 5 << 32 -> 0; .W: 254 mod 32 = 30,
	   5 << 30 = 0x140000000 -> 0x40000000 */
	{"vshl byte count clamp", "VSHL.UD.U32.U8 R9, R8, R0.B0, RZ;", 0},
	{"vshl byte count wrap", "VSHL.UD.U32.U8.W R9, R8, R0.B0, RZ;", 0x40000000u},
	/* the count is u32 whatever its type: s8 0xfe = -2 is 0xfffffffe, mod 32 = 30 */
	{"vshl signed count wrap", "VSHL.UD.U32.S8.W R9, R8, R0.B0, RZ;", 0x40000000u},
	/* secondary operations: 5 << 3 = 40, + c = 0xa1b2c3fc */
	{"vshl acc", "VSHL.UD.U32.U32.W.ACC R9, R8, R4, R2;", 0xa1b2c3fcu},
	/* s32 a >> 3 = 0xf1880fff (negative), signed min with 5 keeps it */
	{"vshr min signed", "VSHR.W.MIN R9, R0, R4, R8;", 0xf1880fffu},
	/* u32 a >> 3 = 0x11880fff, unsigned max with c = 0xa1b2c3d4 */
	{"vshr max unsigned", "VSHR.UD.U32.U32.W.MAX R9, R0, R4, R2;", 0xa1b2c3d4u},
	/* .SAT: 0x7fffffff << 5 = 0xfffffffe0 > u32 max -> 0xffffffff */
	{"vshl sat unsigned", "VSHL.UD.U32.U32.SAT R9, R7, R8, RZ;", 0xffffffffu},
	/* -1941929986 << 3 = -15535439888 < s32 min -> 0x80000000 */
	{"vshl sat signed", "VSHL.W.SAT R9, R0, R4, RZ;", 0x80000000u},
	/* a shift into a merged byte: 5 << 3 = 40 = 0x28 */
	{"vshl merge", "VSHL.UD.U32.U32.W.SAT.MRG_8B0 R9, R8, R4, R2;", 0xa1b2c328u},
	/* a shift merged into a half, past it without .SAT: a >> 3 = 0x11880fff, half 0x0fff */
	{"vshr merge half", "VSHR.UD.U32.U32.W.MRG_16H R9, R0, R4, R2;", 0x0fffc3d4u},
	/* VMAD: 5 * 7 + 256 = 291; .PO + 1 = 292 */
	{"vmad", "VMAD.U32.U32 R9, R8, R11, R12;", 0x123},
	{"vmad po", "VMAD.U32.U32.PO R9, R8, R11, R12;", 0x124},
	/* -(5 * 7) + 256 = 221; both negated: the product is not: 291 */
	{"vmad negated product", "VMAD R9, -R8, R11, R12;", 0xdd},
	{"vmad both negated", "VMAD R9, -R8, -R11, R12;", 0x123},
	/* 35 - 256 = -221 */
	{"vmad negated c", "VMAD R9, R8, R11, -R12;", 0xffffff23u},
	/* (256 * 256 + 256) = 65792: >> 7 = 514, >> 15 = 2 */
	{"vmad shr7", "VMAD.U32.U32.SHR_7 R9, R12, R12, R12;", 0x202},
	{"vmad shr15", "VMAD.U32.U32.SHR_15 R9, R12, R12, R12;", 2},
	/* (35 + 256 + 1) >> 7 = 292 >> 7 = 2 */
	{"vmad po shr7", "VMAD.U32.U32.PO.SHR_7 R9, R8, R11, R12;", 2},
	/* -35 >> 7 is floor(-0.27) = -1: the shift is arithmetic */
	{"vmad shr7 negative", "VMAD.SHR_7 R9, -R8, R11, RZ;", 0xffffffffu},
	/* (2^32 - 1)^2 = 2^64 - 2^33 + 1: low word 1; .SAT unsigned: 0xffffffff */
	{"vmad u32 wraps", "VMAD.U32.U32 R9, R6, R6, RZ;", 1},
	{"vmad sat unsigned", "VMAD.U32.U32.SAT R9, R6, R6, RZ;", 0xffffffffu},
	/* (2^31 - 1)^2 > s32 max; negated < s32 min */
	{"vmad sat signed", "VMAD.SAT R9, R7, R7, RZ;", 0x7fffffffu},
	{"vmad sat signed negative", "VMAD.SAT R9, -R7, R7, RZ;", 0x80000000u},
	/* a negated c makes the final result signed: u32 35 - 256 = -221 stays (unsigned
	   saturation would give 0) */
	{"vmad sat negated c", "VMAD.U32.U32.SAT R9, R8, R11, -R12;", 0xffffff23u},
	/* a negated product likewise: -35 */
	{"vmad sat negated product", "VMAD.U32.U32.SAT R9, -R8, R11, RZ;", 0xffffffddu},
	/* c extends by the final sign: unsigned 35 + 0xffffffff = 0x100000022, >> 7 =
	   0x2000000; signed (a S32) 35 + -1 = 34, >> 7 = 0 */
	{"vmad unsigned c", "VMAD.U32.U32.SHR_7 R9, R8, R11, R6;", 0x02000000u},
	{"vmad signed c", "VMAD.S32.U32.SHR_7 R9, R8, R11, R6;", 0},
	/* selectors: u8 127 * s16 -29632 = -3763264 = -0x396c40 */
	{"vmad byte by half", "VMAD.U8.S16 R9, R0.B1, R0.H1, RZ;", 0xffc693c0u},
};

START_TEST(video_forms)
{
	const video_case *c = &cases[_i];
	char src[1024];
	snprintf(src, sizeof src, ONE VREGS "%s\nST [R30], R9;\nEXIT;\n", c->insn);
	th_run r;
	int rc = th_run_text(&r, c->name, src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", c->name, rc, r.diag);
	uint32_t got = th_word(&r, "out", 0);
	ck_assert_msg(got == c->want, "%s: %s gives 0x%08x, want 0x%08x", c->name, c->insn, got, c->want);
	th_free(&r);
}
END_TEST

/* The same forms on Kepler and Maxwell rows (one of each family, the same spelling) */
START_TEST(video_forms_kepler_maxwell)
{
	static const char *const targets[] = {"sm_35", "sm_52"};
	for (int t = 0; t < 2; t++) {
		char src[1024];
		snprintf(src, sizeof src,
			 ".target %s\n.block 1\n.buffer out u32 4\n.param u64 out\n" VREGS
			 "MOV R30, c[0x0][0x140];\nMOV R31, c[0x0][0x144];\n"
			 "VADD.S8.S8.SAT.MRG_8B2 R9, R0.B1, R0.B1, R2;\n" /* 0xa17fc3d4 (above) */
			 "VSHR.W R10, R0, R3, RZ;\n"                     /* 0xff8c407f */
			 "VMAD.U32.U32.PO.SHR_7 R13, R8, R11, R12;\n"     /* 2 */
			 "VSHL.UD.U32.U32.W.ACC R14, R8, R4, R2;\n"       /* 0xa1b2c3fc */
			 "%s [R30], R9;\n%s [R30+0x4], R10;\n%s [R30+0x8], R13;\n%s [R30+0xc], R14;\nEXIT;\n",
			 targets[t], t ? "STG.E" : "ST.E", t ? "STG.E" : "ST.E", t ? "STG.E" : "ST.E",
			 t ? "STG.E" : "ST.E");
		th_run r;
		int rc = th_run_text(&r, targets[t], src);
		ck_assert_msg(rc == 0, "%s: rc %d\n%s", targets[t], rc, r.diag);
		static const uint32_t want[4] = {0xa17fc3d4u, 0xff8c407fu, 2, 0xa1b2c3fcu};
		for (int i = 0; i < 4; i++)
			ck_assert_msg(th_word(&r, "out", i) == want[i], "%s out[%d] = 0x%08x, want 0x%08x", targets[t],
				      i, th_word(&r, "out", i), want[i]);
		th_free(&r);
	}
}
END_TEST

/* Located assembly errors of the new forms */
typedef struct {
	const char *name, *insn, *want;
} err_case;

static const err_case errs[] = {
	{"two merges", "VADD.MRG_8B0.MRG_16H R1, R0, R2, R3;",
	 "err.sass:7:1: error: VADD takes one data merge (.MRG_8B0, .MRG_8B2, .MRG_16L or .MRG_16H)"},
	{"merge and secondary", "VADD.ACC.MRG_8B0 R1, R0, R2, R3;",
	 "err.sass:7:1: error: VADD takes a secondary operation or a data merge, not both"},
	{"destination half", "VSHL.W R1.H1, R0, R2, R3;",
	 "err.sass:7:8: error: VSHL: a destination byte or half is a data merge modifier"},
	{"no byte 1 merge", "VADD.MRG_8B1 R1, R0, R2, R3;", "err.sass:7:"},
	{"negated count", "VSHR R1, R0, -R2, R3;", "err.sass:7:14: error: VSHR takes no '-' operand"},
	{"po negated", "VMAD.PO R1, -R0, R2, R3;", "err.sass:7:1: error: VMAD.PO takes no '-' operand"},
	{"product and c negated", "VMAD R1, -R0, R2, -R3;", "err.sass:7:19: error: VMAD negates (a*b) or c, not both"},
	{"two scales", "VMAD.SHR_7.SHR_15 R1, R0, R2, R3;", "err.sass:7:1: error: VMAD takes one scale (.SHR_7 or .SHR_15)"},
	{"vmad one sub-word type", "VMAD.U8 R1, R0, R2, R3;",
	 "err.sass:7:1: error: VMAD takes the types of a and b (e.g. .S32.S8), or one 32-bit type for all"},
	{"vmad half for a byte", "VMAD.U8.U8 R1, R0.H1, R2, R3;",
	 "err.sass:7:16: error: VMAD: an 8-bit source selects a byte (.B0-.B3), not a half"},
	{"vmad unsigned destination", "VMAD.UD R1, R0, R2, R3;", "err.sass:7:"},
	{"vmad too few operands", "VMAD R1, R0, R2;", "err.sass:7:"},
};

START_TEST(video_errors)
{
	const err_case *c = &errs[_i];
	char src[512];
	snprintf(src, sizeof src, ONE "\n%s\nEXIT;\n", c->insn);
	th_run r;
	int rc = th_run_text(&r, "err.sass", src);
	ck_assert_msg(rc == 2, "%s: rc %d, want an input error\n%s", c->name, rc, r.diag);
	ck_assert_msg(strstr(r.diag, c->want) != NULL, "%s: want '%s' in\n%s", c->name, c->want, r.diag);
	th_free(&r);
}
END_TEST

Suite *video_suite(void)
{
	Suite *s = suite_create("video");
	TCase *t = tcase_create("semantics");
	tcase_add_loop_test(t, video_forms, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(t, video_forms_kepler_maxwell);
	tcase_add_loop_test(t, video_errors, 0, (int)(sizeof errs / sizeof errs[0]));
	suite_add_tcase(s, t);
	return s;
}
