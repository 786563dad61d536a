/* The instructions of issue 16 (Kepler, Maxwell, Pascal completions): ISETP.X, 64-bit
   conversions, MUFU.RCP64H, SHFL, ATOMS, LDSLK/STSCUL, LOP3 with a predicate, DEPBAR's
   operands. Every expected value is derived by hand in the comment beside it. */
#include <check.h>
#include <stdlib.h>

#include "harness.h"

/* 32 threads of sm_52 (sm_35 for Kepler-only forms); out[t + 32 * k] is row k of thread t:
   R30:R31 = &out[t], rows written with STG.E [R30+0x80*k] */
#define HEAD(sm) ".target " sm "\n.block 32\n.buffer out u32 256\n.param u64 out\nS2R R29, SR_TID.X;\n" \
	"SHL R30, R29, 0x2;\nIADD R30.CC, R30, c[0x0][0x140];\nIADD.X R31, RZ, c[0x0][0x144];\n"
#define ST52 "STG.E"
#define ST35 "ST.E"

static th_run run(const char *name, const char *src)
{
	th_run r;
	int rc = th_run_text(&r, name, src);
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	return r;
}

static uint32_t out(th_run *r, int t, int row) { return th_word(r, "out", t + 32 * row); }

START_TEST(isetp_x_compares_through_the_carry)
{
	/* four 64-bit pairs (a, b) in R0:R1, R2:R3; the low words go through IADD RZ.CC, alo,
	   -blo (carry = alo >= blo, zero = alo == blo); row k has bit i = the i-th compare */
	th_run r = run("isetp_x", HEAD("sm_52")
		/* a = 0x1_00000000, b = 0x0_ffffffff: lo 0 - 0xffffffff borrows (C=0, Z=0), hi 1 > 0
		   so GT.U32.X true, LT.U32.X false, EQ.X false: bits 1 0 0 -> 0x1 */
		"MOV32I R0, 0x0;\nMOV32I R1, 0x1;\nMOV32I R2, 0xffffffff;\nMOV32I R3, 0x0;\n"
		"IADD RZ.CC, R0, -R2;\nISETP.GT.U32.X.AND P0, PT, R1, R3, PT;\n"
		"ISETP.LT.U32.X.AND P1, PT, R1, R3, PT;\nISETP.EQ.X.AND P2, PT, R1, R3, PT;\n"
		"SEL R4, 0x1, RZ, P0;\nSEL R5, 0x2, RZ, P1;\nSEL R6, 0x4, RZ, P2;\n"
		"LOP.OR R4, R4, R5;\nLOP.OR R4, R4, R6;\n" ST52 " [R30], R4;\n"
		/* a = 0x5_00000003, b = 0x5_00000007: hi equal, lo 3 - 7 borrows (C=0): a < b, so
		   GT false, LT true, EQ false -> 0x2 */
		"MOV32I R0, 0x3;\nMOV32I R1, 0x5;\nMOV32I R2, 0x7;\nMOV32I R3, 0x5;\n"
		"IADD RZ.CC, R0, -R2;\nISETP.GT.U32.X.AND P0, PT, R1, R3, PT;\n"
		"ISETP.LT.U32.X.AND P1, PT, R1, R3, PT;\nISETP.EQ.X.AND P2, PT, R1, R3, PT;\n"
		"SEL R4, 0x1, RZ, P0;\nSEL R5, 0x2, RZ, P1;\nSEL R6, 0x4, RZ, P2;\n"
		"LOP.OR R4, R4, R5;\nLOP.OR R4, R4, R6;\n" ST52 " [R30+0x80], R4;\n"
		/* a = b = 0x5_00000007: lo 7 - 7 = 0 (C=1, Z=1): EQ true, GE true, LT false -> 0x4 | 0x8 */
		"MOV32I R0, 0x7;\nIADD RZ.CC, R0, -R2;\nISETP.EQ.X.AND P2, PT, R1, R3, PT;\n"
		"ISETP.GE.U32.X.AND P0, PT, R1, R3, PT;\nISETP.LT.U32.X.AND P1, PT, R1, R3, PT;\n"
		"SEL R4, 0x8, RZ, P0;\nSEL R5, 0x2, RZ, P1;\nSEL R6, 0x4, RZ, P2;\n"
		"LOP.OR R4, R4, R5;\nLOP.OR R4, R4, R6;\n" ST52 " [R30+0x100], R4;\n"
		/* a = 0xffffffff_00000000 (-2^32), b = 0: signed hi -1 < 0, LT.X true (0x1); unsigned
		   hi 0xffffffff > 0, LT.U32.X false; NE.X with b = RZ after IADD RZ.CC, -RZ, alo (C=1,
		   Z = alo == 0 = 1): hi -1 != 0, true (0x4) -> 0x5 */
		"MOV32I R0, 0x0;\nMOV32I R1, 0xffffffff;\nIADD RZ.CC, R0, -RZ;\n"
		"ISETP.LT.X.AND P0, PT, R1, RZ, PT;\nISETP.LT.U32.X.AND P1, PT, R1, RZ, PT;\n"
		"IADD RZ.CC, -RZ, R0;\nISETP.NE.X.AND P2, PT, R1, RZ, PT;\n"
		"SEL R4, 0x1, RZ, P0;\nSEL R5, 0x2, RZ, P1;\nSEL R6, 0x4, RZ, P2;\n"
		"LOP.OR R4, R4, R5;\nLOP.OR R4, R4, R6;\n" ST52 " [R30+0x180], R4;\nEXIT;\n");
	ck_assert_uint_eq(out(&r, 0, 0), 0x1);
	ck_assert_uint_eq(out(&r, 0, 1), 0x2);
	ck_assert_uint_eq(out(&r, 0, 2), 0xc);
	ck_assert_uint_eq(out(&r, 0, 3), 0x5);
	th_free(&r);
}
END_TEST

START_TEST(conversions_with_64_bit_integers)
{
	th_run r = run("cvt64", HEAD("sm_52")
		/* 2^32 + 1 needs 33 bits; a float keeps 24: RP gives the next float above 2^32,
		   2^32 + 2^9 = 0x4f800001; RN gives 2^32 = 0x4f800000 */
		"MOV32I R2, 0x1;\nMOV32I R3, 0x1;\nI2F.F32.U64.RP R4, R2;\nI2F.F32.U64 R5, R2;\n"
		ST52 " [R30], R4;\n" ST52 " [R30+0x80], R5;\n"
		/* -3 as s64 (0xffffffff_fffffffd) to f64: -3.0 = 0xc0080000_00000000 */
		"MOV32I R2, 0xfffffffd;\nMOV32I R3, 0xffffffff;\nI2F.F64.S64 R6, R2;\n"
		ST52 " [R30+0x100], R6;\n" ST52 " [R30+0x180], R7;\n"
		/* 2^63 as f32 (0x5f000000) to u64, truncated: 0x80000000_00000000 */
		"MOV32I R10, 0x5f000000;\nF2I.U64.F32.TRUNC R8, R10;\n"
		ST52 " [R30+0x200], R8;\n" ST52 " [R30+0x280], R9;\n"
		/* -2.5 (0xc0040000_00000000) to s64, truncated: -2 = 0xffffffff_fffffffe */
		"MOV32I R14, 0x0;\nMOV32I R15, 0xc0040000;\nF2I.S64.F64.TRUNC R12, R14;\n"
		ST52 " [R30+0x300], R12;\n" ST52 " [R30+0x380], R13;\nEXIT;\n");
	ck_assert_uint_eq(out(&r, 3, 0), 0x4f800001u);
	ck_assert_uint_eq(out(&r, 3, 1), 0x4f800000u);
	ck_assert_uint_eq(out(&r, 3, 2), 0x0u);
	ck_assert_uint_eq(out(&r, 3, 3), 0xc0080000u);
	ck_assert_uint_eq(out(&r, 3, 4), 0x0u);
	ck_assert_uint_eq(out(&r, 3, 5), 0x80000000u);
	ck_assert_uint_eq(out(&r, 3, 6), 0xfffffffeu);
	ck_assert_uint_eq(out(&r, 3, 7), 0xffffffffu);
	th_free(&r);
}
END_TEST

START_TEST(saturating_f2i_64_and_rcp64h)
{
	th_run r = run("f2i64sat", HEAD("sm_52")
		/* 1e30f (0x7149f2ca) > 2^63 - 1: S64 saturates to 0x7fffffff_ffffffff */
		"MOV32I R10, 0x7149f2ca;\nF2I.S64.F32.TRUNC R8, R10;\n"
		ST52 " [R30], R8;\n" ST52 " [R30+0x80], R9;\n"
		/* 2.0's high word 0x40000000: 1/2 = 0.5, high word 0x3fe00000; DEPBAR with its
		   scoreboard operands is accepted and does nothing */
		"MOV32I R0, 0x40000000;\nDEPBAR.LE SB0, 0x0;\nMUFU.RCP64H R1, R0;\n" ST52 " [R30+0x100], R1;\n"
		/* DMUL's whole-number immediate is a double: 1.0 (0x3ff00000_0) * 3 = 3.0, high
		   word 0x40080000 */
		"MOV32I R2, 0x0;\nMOV32I R3, 0x3ff00000;\nDMUL R4, R2, 3;\n" ST52 " [R30+0x180], R5;\nEXIT;\n");
	ck_assert_uint_eq(out(&r, 0, 0), 0xffffffffu);
	ck_assert_uint_eq(out(&r, 0, 1), 0x7fffffffu);
	ck_assert_uint_eq(out(&r, 0, 2), 0x3fe00000u);
	ck_assert_uint_eq(out(&r, 0, 3), 0x40080000u);
	th_free(&r);
}
END_TEST

START_TEST(shfl_modes_clamps_and_predicates)
{
	/* R0 = t + 100 in lane t */
	th_run r = run("shfl", HEAD("sm_52") "IADD32I R0, R29, 0x64;\n"
		"SHFL.BFLY PT, R1, R0, 0x1, 0x1f;\n"   /* row 0: lane t ^ 1 */
		"SHFL.UP P0, R2, R0, 0x3, RZ;\n"       /* row 1: c = 0, maxLane 0: t - 3 if >= 0, else own */
		"SHFL.DOWN P1, R3, R0, 0x2, 0x1f;\n"   /* row 2: t + 2 if <= 31, else own */
		"SHFL.IDX PT, R4, R0, 0x3, 0x1c1f;\n"  /* row 3: segmask 0x1c: lane (t & 0x1c) | 3 */
		"SHFL.IDX P2, R5, R0, 0x14, 0xf;\n"    /* row 4: clamp 15 < 20: own value, P2 false */
		"SEL R6, 0x1, RZ, P0;\nSEL R7, 0x2, RZ, P1;\nSEL R8, 0x4, RZ, P2;\n"
		"LOP.OR R6, R6, R7;\nLOP.OR R6, R6, R8;\n"
		ST52 " [R30], R1;\n" ST52 " [R30+0x80], R2;\n" ST52 " [R30+0x100], R3;\n"
		ST52 " [R30+0x180], R4;\n" ST52 " [R30+0x200], R5;\n" ST52 " [R30+0x280], R6;\nEXIT;\n");
	for (int t = 0; t < 32; t++) {
		ck_assert_uint_eq(out(&r, t, 0), (uint32_t)((t ^ 1) + 100));
		ck_assert_uint_eq(out(&r, t, 1), (uint32_t)(t >= 3 ? t - 3 + 100 : t + 100));
		ck_assert_uint_eq(out(&r, t, 2), (uint32_t)(t <= 29 ? t + 2 + 100 : t + 100));
		ck_assert_uint_eq(out(&r, t, 3), (uint32_t)(((t & 0x1c) | 3) + 100));
		ck_assert_uint_eq(out(&r, t, 4), (uint32_t)(t + 100));
		/* P0 (UP in range) for t >= 3, P1 (DOWN in range) for t <= 29, P2 never */
		ck_assert_uint_eq(out(&r, t, 5), (uint32_t)((t >= 3 ? 1 : 0) | (t <= 29 ? 2 : 0)));
	}
	th_free(&r);
}
END_TEST

START_TEST(atoms_in_lane_order)
{
	th_run r = run("atoms", HEAD("sm_52") ".shared 16\n"
		/* every lane adds 1 to shared[0] in lane order: lane t sees t, the word ends at 32 */
		"MOV32I R5, 0x1;\nATOMS.ADD R1, [RZ], R5;\n"
		/* CAS(shared[4], 0 -> t + 1): lane 0 swaps in 1 (sees 0), the others see 1 */
		"IADD32I R6, R29, 0x1;\nATOMS.CAS R2, [0x4], RZ, R6;\n"
		/* MAX with 10 * t: lane t sees max(0, 10 * (t - 1)), the word ends at 310 */
		"IMUL R7, R29, 0xa;\nATOMS.MAX R3, [0x8], R7;\n"
		"LDS.U.32 R8, [RZ];\nLDS.U.32 R9, [0x8];\n"
		ST52 " [R30], R1;\n" ST52 " [R30+0x80], R2;\n" ST52 " [R30+0x100], R3;\n"
		ST52 " [R30+0x180], R8;\n" ST52 " [R30+0x200], R9;\nEXIT;\n");
	for (int t = 0; t < 32; t++) {
		ck_assert_uint_eq(out(&r, t, 0), (uint32_t)t);
		ck_assert_uint_eq(out(&r, t, 1), t ? 1u : 0u);
		ck_assert_uint_eq(out(&r, t, 2), t ? (uint32_t)(10 * (t - 1)) : 0u);
		ck_assert_uint_eq(out(&r, t, 3), 32u);
		ck_assert_uint_eq(out(&r, t, 4), 310u);
	}
	th_free(&r);
}
END_TEST

START_TEST(ldslk_stscul_lock_loop)
{
	/* ptxas's shared atomic add on Kepler: 32 lanes on one word. Each pass the first lane
	   left takes the lock (the others fail: P2 false) and stores; 32 passes leave 32. */
	th_run r = run("slock", HEAD("sm_35") ".shared 16\n"
		"SSY DONE;\n"
		"PSETP.AND.AND P3, PT, !PT, PT, PT;\n"
		"L: LDSLK P2, R3, [0x0];\n@P2 IADD32I R3, R3, 0x1;\n@P2 STSCUL P3, [0x0], R3;\n"
		"@!P3 BRA L;\nNOP.S;\n"
		"DONE: LDS R8, [0x0];\n" ST35 " [R30], R8;\n" ST35 " [R30+0x80], R3;\nEXIT;\n");
	for (int t = 0; t < 32; t++) {
		ck_assert_uint_eq(out(&r, t, 0), 32u);
		ck_assert_uint_eq(out(&r, t, 1), (uint32_t)t + 1); /* lane t stored t + 1 */
	}
	th_free(&r);
}
END_TEST

START_TEST(lop3_with_a_predicate)
{
	/* LUT 0xc0 = a & b: lanes t & 1 != 0 give 1, .NZ true there; .Z the opposite */
	th_run r = run("lop3p", HEAD("sm_52") "MOV32I R1, 0x1;\n"
		"LOP3.LUT.NZ P0, R2, R29, R1, RZ, 0xc0;\nLOP3.LUT.Z P1, RZ, R29, R1, RZ, 0xc0;\n"
		"SEL R4, 0x1, RZ, P0;\nSEL R5, 0x2, RZ, P1;\nLOP.OR R4, R4, R5;\n"
		ST52 " [R30], R2;\n" ST52 " [R30+0x80], R4;\nEXIT;\n");
	for (int t = 0; t < 32; t++) {
		ck_assert_uint_eq(out(&r, t, 0), (uint32_t)(t & 1));
		ck_assert_uint_eq(out(&r, t, 1), t & 1 ? 1u : 2u);
	}
	th_free(&r);
}
END_TEST

Suite *isa_ops_suite(void)
{
	Suite *s = suite_create("isa_ops");
	TCase *t = tcase_create("kmp");
	tcase_add_test(t, isetp_x_compares_through_the_carry);
	tcase_add_test(t, conversions_with_64_bit_integers);
	tcase_add_test(t, saturating_f2i_64_and_rcp64h);
	tcase_add_test(t, shfl_modes_clamps_and_predicates);
	tcase_add_test(t, atoms_in_lane_order);
	tcase_add_test(t, ldslk_stscul_lock_loop);
	tcase_add_test(t, lop3_with_a_predicate);
	suite_add_tcase(s, t);
	return s;
}
