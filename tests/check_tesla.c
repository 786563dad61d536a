/* Tesla (sm_1x): condition registers and their tests, halves, g [..] operands, address
   registers, the carry chain of a 32x32 high multiply, the join and end flags, the ABI. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

/* the if/else example: memory and the counts derived by hand in its header */
START_TEST(ifelse_counts)
{
	th_run r;
	int rc = th_run_file(&r, "../examples/tesla_ifelse.sass", NULL);
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	stats_totals t = stats_total(&r.x);
	ck_assert_uint_eq(t.warp, 10);
	ck_assert_uint_eq(t.thread, 68);
	ck_assert_uint_eq(t.active, 64);
	ck_assert_uint_eq(t.predoff, 0);
	ck_assert_uint_eq(r.x.stats.divergent, 1);
	ck_assert_int_eq(r.x.stats.max_depth, 2);
	uint64_t c[4];
	ck_assert(th_row(&r, STATS_BY_OPCODE, "BRA", c));
	ck_assert_uint_eq(c[0], 2);
	ck_assert_uint_eq(c[1], 12);
	ck_assert_uint_eq(c[2], 8);
	ck_assert(th_row(&r, STATS_BY_OPCODE, "IADD32I", c));
	ck_assert_uint_eq(c[0], 2);
	ck_assert_uint_eq(c[1], 8);
	th_free(&r);
}
END_TEST

/* Flags of tid - 3 (zero, sign) under six guards: bit 1 LT, 2 EQ, 4 GT, 8 LE, 16 GE, 32 NE.
   By the meaning of each test: tid < 3 gives 1+8+32, tid == 3 gives 2+8+16, tid > 3 4+16+32. */
static const char conds_src[] =
	".target sm_10\n.block 6\n.shared 32\n.buffer out s32 6\n.param u32 out\n"
	".expect out = 41 41 41 26 52 52\n"
	"I2I.U32.U16 R0, R0L;\n"
	"IADD32I R5, R0, -0x3;\n"
	"I2I.S32.S32.C0 o [0x7f], R5;\n"
	"MVI R1, 0x0;\n"
	"IADD32I R1 (C0.LT), R1, 0x1;\n"
	"IADD32I R1 (C0.EQ), R1, 0x2;\n"
	"IADD32I R1 (C0.GT), R1, 0x4;\n"
	"IADD32I R1 (C0.LE), R1, 0x8;\n"
	"IADD32I R1 (C0.GE), R1, 0x10;\n"
	"IADD32I R1 (C0.NE), R1, 0x20;\n"
	"SHL R2, R0, 0x2;\n"
	"IADD R2, g [0x4], R2;\n"
	"GST.U32 global14 [R2], R1;\n";

/* The high word of x * m from 16-bit multiplies, as nvcc builds it for sm_1x (kernel_swap_v2):
   .C1 keeps the middle sum's carry, .C2 the low sum's, (C1.CARRY) guards an add, and the
   carry-in form of IMAD.U16 adds C2's carry. The expectation is 64-bit C arithmetic. */
static const char mulhi_src[] =
	".target sm_10\n.block 6\n.shared 64\n"
	".buffer x u32 6 = 0xffffffff 0xaaaaaaab 0x12345678 0x0000ffff 0x80000000 0x00010001\n"
	".buffer m u32 6 = 0xffffffff 0xfffffffe 0x9abcdef0 0xffff0001 0x80000000 0xffffffff\n"
	".buffer hi u32 6\n.param u32 x\n.param u32 m\n.param u32 hi\n"
	"I2I.U32.U16 R0, R0L;\n"
	"SHL R1, R0, 0x2;\n"
	"IADD R2, g [0x4], R1;\n"
	"GLD.U32 R3, global14 [R2];\n"
	"IADD R2, g [0x5], R1;\n"
	"GLD.U32 R4, global14 [R2];\n"
	"IMUL.U16.U16 R5, R3L, R4H;\n"
	"IMAD.U16.C1 R5, R3H, R4L, R5;\n"
	"SHL R6, R5, 0x10;\n"
	"SHR R5, R5, 0x10;\n"
	"IMAD.U16.C2 o [0x7f], R3L, R4L, R6;\n"
	"MVI R7, 0x10000;\n"
	"IADD R5 (C1.CARRY), R5, R7;\n"
	"IMAD.U16 R5 (C2), R3H, R4H, R5;\n"
	"IADD R2, g [0x6], R1;\n"
	"GST.U32 global14 [R2], R5;\n";

START_TEST(carry_chain)
{
	static const uint32_t x[6] = {0xffffffff, 0xaaaaaaab, 0x12345678, 0x0000ffff, 0x80000000, 0x00010001};
	static const uint32_t m[6] = {0xffffffff, 0xfffffffe, 0x9abcdef0, 0xffff0001, 0x80000000, 0xffffffff};
	th_run r;
	int rc = th_run_text(&r, "mulhi.sass", mulhi_src);
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	for (int i = 0; i < 6; i++)
		ck_assert_msg(th_word(&r, "hi", i) == (uint32_t)((uint64_t)x[i] * m[i] >> 32), "lane %d: %08x", i,
			      th_word(&r, "hi", i));
	th_free(&r);
}
END_TEST

/* Halves, R124, the bit bucket, address registers and g [An+k] in both directions, the
   launch header (ntid.x at byte 2, ctaid.x at byte 0xc) and R0's packed thread id. Block
   (4, 2): thread (x, y) has R0 = x | y << 16. out[t] = (y << 8 | x) + 16 * ctaid.x + 1000
   * ntid.x, staged through shared memory at byte 0x20 + 4t by R2G and read back by G2R. */
static const char halves_src[] =
	".target sm_10\n.grid 2\n.block 4 2\n.shared 64\n.buffer out s32 16\n.param u32 out\n"
	".expect out = 4000 4001 4002 4003 4256 4257 4258 4259 4016 4017 4018 4019 4272 4273 4274 4275\n"
	"MOV R1, R124;\n"
	"MOV32.U16 R1L, R0L;\n"            /* x */
	"MOV.U16 R2L, R0H;\n"              /* y (R2H stays 0: registers start at 0) */
	"SHL R2, R2, 0x8;\n"
	"LOP.OR R1, R1, R2;\n"             /* y << 8 | x */
	"I2I.U32.U16 R3, g [0x6].U16;\n"   /* ctaid.x */
	"SHL R3, R3, 0x4;\n"
	"IADD R1, R1, R3;\n"
	"I2I.U32.U16 R4, g [0x1].U16;\n"   /* ntid.x = 4 */
	"IMUL.U16.U16 R4, R4L, 0x3e8;\n"
	"IADD R1, R1, R4;\n"
	"MOV R9, R0;\n"
	"LOP.AND.U16 R9L, R9H, 0x1;\n"     /* y in the low half; the high half keeps y */
	"I2I.U32.U16 R9, R9L;\n"
	"SHL R9, R9, 0x2;\n"
	"MOV.U16 R8L, R0L;\n"
	"IADD R8, R8, R9;\n"              /* t = x + 4y (R9 = 4y) */
	"R2A A1, R8, 0x2;\n"
	"R2G.U32.U32 g [A1+0x8], R1;\n"
	"MOV32 R1, R124;\n"
	"ADA A2, A1, 0x20;\n"
	"G2R.U32.U32 R1, g [A2+0x0];\n"
	"ISET.S32.C0 o [0x7f], R1, R124, EQ;\n"
	"SHR R10, R3, 0x1;\n"              /* out index t + 8 * ctaid.x */
	"IADD R8, R8, R10;\n"
	"SHL R8, R8, 0x2;\n"
	"IADD R8, g [0x4], R8;\n"
	"GST.U32 global14 [R8], R1;\n";

/* The end flag (second encoding word ending in 01) stops the lanes after that instruction,
   in the CUDA <= 4.2 layout (words in order) and the newer one (64-bit value, swapped). */
static const char end_old_src[] =
	"code for sm_10\n.block 2\n.shared 32\n.buffer out s32 2\n.param u32 out\n.expect out = 5 5\n"
	"\tFunction : f\n"
	"/*0000*/ /*0xa000000104000780*/ I2I.U32.U16 R0, R0L;\n"
	"/*0008*/ /*0x30020001c4100780*/ SHL R0, R0, 0x2;\n"
	"/*0010*/ /*0x2000c80104200780*/ IADD R0, g [0x4], R0;\n"
	"/*0018*/ /*0x1000000500000003*/ MVI R1, 0x5;\n"
	"/*0020*/ /*0xd00e0005a0c00781*/ GST.U32 global14 [R0], R1;\n"
	"/*0028*/ /*0x1000000500000003*/ MVI R1, 0x6;\n"
	"/*0030*/ /*0xd00e0005a0c00780*/ GST.U32 global14 [R0], R1;\n";
static const char end_new_src[] =
	"code for sm_12\n.block 2\n.shared 32\n.buffer out s32 2\n.param u32 out\n.expect out = 5 5\n"
	"\tFunction : f\n"
	"/*0000*/ I2I.U32.U16 R0, R0L; /* 0x04000780a0000001 */\n"
	"/*0008*/ SHL R0, R0, 0x2; /* 0xc410078030020001 */\n"
	"/*0010*/ IADD R0, g [0x4], R0; /* 0x042007802000c801 */\n"
	"/*0018*/ MVI R1, 0x5; /* 0x0000000310000005 */\n"
	"/*0020*/ GST.U32 global14 [R0], R1; /* 0xa0c00781d00e0005 */\n"
	"/*0028*/ MVI R1, 0x6; /* 0x0000000310000005 */\n"
	"/*0030*/ GST.U32 global14 [R0], R1; /* 0xa0c00780d00e0005 */\n";

START_TEST(end_flag)
{
	const char *srcs[2] = {end_old_src, end_new_src};
	for (int i = 0; i < 2; i++) {
		th_run r;
		int rc = th_run_text(&r, "end.sass", srcs[i]);
		ck_assert_msg(rc == 0, "layout %d: rc %d\n%s", i, rc, r.diag);
		ck_assert_uint_eq(stats_total(&r.x).warp, 5);
		th_free(&r);
	}
}
END_TEST

/* A g [..] access past the window is a trap (exit 3) naming the space and address. */
START_TEST(shared_out_of_range)
{
	th_run r;
	int rc = th_run_text(&r, "oob.sass",
			     ".target sm_10\n.block 1\n.shared 32\nR2A A1, R124;\nMOV R1, g [A1+0x8];\n");
	ck_assert_int_eq(rc, 3);
	ck_assert_msg(strstr(r.x.trap.msg, "shared access of 4 bytes at address 0x20") != NULL, "%s", r.x.trap.msg);
	th_free(&r);
}
END_TEST

/* RET with no CALL token ends the lanes; a CAL.NOINC subroutine returns to its caller. */
static const char ret_src[] =
	".target sm_10\n.block 4\n.shared 32\n.buffer out s32 4\n.param u32 out\n.expect out = 7 7 0 0\n"
	"I2I.U32.U16 R0, R0L;\n"
	"SHL R2, R0, 0x2;\n"
	"IADD R2, g [0x4], R2;\n"
	"ISET.S32.C0 o [0x7f], R0, 0x2, GE;\n"
	"RET C0.NE;\n"
	"MVI R1, 0x3;\n"
	"CAL.NOINC ADD4;\n"
	"GST.U32 global14 [R2], R1;\n"
	"RET;\n"
	"ADD4:\n"
	"IADD32I R1, R1, 0x4;\n"
	"RET;\n";

/* PBK / BRK with a condition operand, and IMAX: lane t counts to t + 1, then breaks;
   out[t] = (t + 1) + 10 * max(t, 2), by hand: 21 22 23 34. */
static const char brk_src[] =
	".target sm_10\n.block 4\n.shared 32\n.buffer out s32 4\n.param u32 out\n.expect out = 21 22 23 34\n"
	"I2I.U32.U16 R0, R0L;\n"
	"MVI R1, 0x0;\n"
	"PBK DONE;\n"
	"LOOP:\n"
	"IADD32I R1, R1, 0x1;\n"
	"ISET.C0 o [0x7f], R1, R0, GT;\n"
	"BRK C0.NE;\n"
	"BRA LOOP;\n"
	"DONE:\n"
	"IMAX.S32 R2, R0, 0x2;\n"
	"IMUL.U16.U16 R2, R2L, 0xa;\n"
	"IADD R1, R1, R2;\n"
	"SHL R3, R0, 0x2;\n"
	"IADD R3, g [0x4], R3;\n"
	"GST.U32 global14 [R3], R1;\n";

/* Kernels whose .expect lines carry values derived by hand (see each comment above). */
static const struct {
	const char *name, *src;
} by_hand[] = {
	{"conds.sass", conds_src}, {"halves.sass", halves_src}, {"ret.sass", ret_src}, {"brk.sass", brk_src},
};

START_TEST(expectations_hold)
{
	th_run r;
	int rc = th_run_text(&r, by_hand[_i].name, by_hand[_i].src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", by_hand[_i].name, rc, r.diag);
	th_free(&r);
}
END_TEST

Suite *tesla_suite(void)
{
	Suite *s = suite_create("tesla");
	TCase *t = tcase_create("tesla");
	tcase_add_test(t, ifelse_counts);
	tcase_add_test(t, carry_chain);
	tcase_add_test(t, end_flag);
	tcase_add_test(t, shared_out_of_range);
	tcase_add_loop_test(t, expectations_hold, 0, (int)(sizeof by_hand / sizeof by_hand[0]));
	suite_add_tcase(s, t);
	return s;
}
