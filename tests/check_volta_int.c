/* Volta's integer, logic, uniform, warp and memory instructions (sm_70+, issue 17):
   hand-written sm_70 kernels; every expected value is derived by hand beside it. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "front/dump.h"
#include "harness.h"
#include "util/xalloc.h"

/* 32 threads; R29 = tid, R30:R31 = &out[tid]; row k is out[tid + 32 * k], written with
   STG.E [R30.64+0x80*k] */
#define HEAD ".target sm_70\n.block 32\n.buffer out u32 1024\n.param u64 out\nS2R R29, SR_TID.X;\n" \
	"IMAD.WIDE.U32 R30, R29, 0x4, c[0x0][0x160];\n"

static th_run run(const char *name, const char *src)
{
	th_run r;
	int rc = th_run_text(&r, name, src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", name, rc, r.diag);
	return r;
}

static uint32_t out(th_run *r, int t, int row) { return th_word(r, "out", t + 32 * row); }

/* rows[i] expected in lane 0 */
static void rows(th_run *r, const uint32_t *want, int n)
{
	for (int i = 0; i < n; i++)
		ck_assert_msg(out(r, 0, i) == want[i], "row %d: got 0x%x, want 0x%x", i, out(r, 0, i), want[i]);
}

START_TEST(imad_forms)
{
	th_run r = run("imad", HEAD
		/* .WIDE.U32: 0x80000000 * 4 + {0:0x10} = 0x2_00000010 */
		"MOV R2, 0x80000000;\nMOV R4, 0x10;\nMOV R5, RZ;\nIMAD.WIDE.U32 R6, R2, 0x4, R4;\n"
		"STG.E [R30.64], R6;\nSTG.E [R30.64+0x80], R7;\n"
		/* .WIDE (signed): -3 * 5 + 0 = -15 = 0xffffffff_fffffff1 */
		"MOV R2, -0x3;\nIMAD.WIDE R6, R2, 0x5, RZ;\nSTG.E [R30.64+0x100], R6;\nSTG.E [R30.64+0x180], R7;\n"
		/* .HI.U32: 0x80000000 * 6 = 0x3_00000000, high word 3; .HI signed: -2 * 3 = -6, high
		   word 0xffffffff */
		"MOV R2, 0x80000000;\nIMAD.HI.U32 R8, R2, 0x6, RZ;\nSTG.E [R30.64+0x200], R8;\n"
		"MOV R2, -0x2;\nIMAD.HI R8, R2, 0x3, RZ;\nSTG.E [R30.64+0x280], R8;\n"
		/* .MOV.U32 d = c; .SHL.U32 7 * 8 = 0x38; .IADD 7 * 1 - 10 = -3; plain 7 * 10 + 5 = 75 */
		"IMAD.MOV.U32 R8, RZ, RZ, 0x1234;\nSTG.E [R30.64+0x300], R8;\n"
		"MOV R2, 0x7;\nIMAD.SHL.U32 R8, R2, 0x8, RZ;\nSTG.E [R30.64+0x380], R8;\n"
		"MOV R3, 0xa;\nIMAD.IADD R8, R2, 0x1, -R3;\nSTG.E [R30.64+0x400], R8;\n"
		"IMAD R8, R2, R3, 0x5;\nSTG.E [R30.64+0x480], R8;\n"
		/* .X: IADD3 0xffffffff + 1 carries (P0); IMAD.X RZ*RZ + 5 + P0 = 6 */
		"IADD3 RZ, P0, -0x1, 0x1, RZ;\nIMAD.X R8, RZ, RZ, 0x5, P0;\nSTG.E [R30.64+0x500], R8;\n"
		/* .WIDE.U32 with a carry out: 0xffffffff^2 = 0xfffffffe_00000001, + 0xffffffff_ffffffff
		   = 0x1_fffffffe_00000000: lo 0, hi 0xfffffffe, P1 */
		"MOV R2, -0x1;\nMOV R4, -0x1;\nMOV R5, -0x1;\nIMAD.WIDE.U32 R6, P1, R2, R2, R4;\n"
		"SEL R9, 0x1, RZ, P1;\nSTG.E [R30.64+0x580], R6;\nSTG.E [R30.64+0x600], R7;\nSTG.E [R30.64+0x680], R9;\n"
		/* .HI.U32 with a pair addend and a carry out: 0x10000 * 0x10000 = 2^32, + {R9:R8} =
		   {0xffffffff:0} gives 2^64: bits 32-63 are 0, the carry is 1 */
		"MOV R2, 0x10000;\nMOV R8, RZ;\nMOV R9, -0x1;\nIMAD.HI.U32 R10, P2, R2, R2, R8;\n"
		"SEL R11, 0x1, RZ, P2;\nSTG.E [R30.64+0x700], R10;\nSTG.E [R30.64+0x780], R11;\n"
		/* .WIDE.U32 with c[0x0][0x160] (the out pointer) as the addend: tid * 4 + out, i.e.
		   R30:R31 again: their difference is 0 */
		"IMAD.WIDE.U32 R12, R29, 0x4, c[0x0][0x160];\nIADD3 R12, R12, -R30, RZ;\nSTG.E [R30.64+0x800], R12;\nEXIT;\n");
	static const uint32_t want[] = {0x10, 0x2, 0xfffffff1, 0xffffffff, 0x3, 0xffffffff, 0x1234, 0x38, 0xfffffffd,
					75, 6, 0, 0xfffffffe, 1, 0, 1, 0};
	rows(&r, want, 17);
	th_free(&r);
}
END_TEST

/* The sums that emu/launch.c specialises (IADD3 without carries, '-' or '~', as IADD3_ADD or,
   with a zero c, IADD3_ADD2; IMAD's low word without carries as IMAD_LO): every lane with
   its own tid t, full and guarded (t >= 16 / t < 16; the other lanes keep what was there).
   c[0x0][0x168] is the parameter 0, c[0x0][0x16c] the parameter 5. Expected per lane:
   row 0 t + t + t; 1 t + 0x10 + RZ; 2 t + 7 + c(0); 3 t + c(5) + 2; 4 t + 0x7fffffff +
   0x7fffffff = t - 2 mod 2^32; 5 (t >= 16) 2t + 1, else 0xdead; 6 (t < 16) t + 0x100, else
   0xbeef; 7 t * 3 + t = 4t; 8 (t >= 16) t * t + 1, else 0xf00d; 9 with '-' (not
   specialised) t - t + 9 = 9. */
START_TEST(specialised_sums)
{
	th_run r = run("sums", ".target sm_70\n.block 32\n.buffer out u32 1024\n.param u64 out\n"
		".param u32 0\n.param u32 5\nS2R R29, SR_TID.X;\nIMAD.WIDE.U32 R30, R29, 0x4, c[0x0][0x160];\n"
		"IADD3 R4, R29, R29, R29;\nSTG.E [R30.64], R4;\n"
		"IADD3 R4, R29, 0x10, RZ;\nSTG.E [R30.64+0x80], R4;\n"
		"IADD3 R4, R29, 0x7, c[0x0][0x168];\nSTG.E [R30.64+0x100], R4;\n"
		"IADD3 R4, R29, c[0x0][0x16c], 0x2;\nSTG.E [R30.64+0x180], R4;\n"
		"IADD3 R4, R29, 0x7fffffff, 0x7fffffff;\nSTG.E [R30.64+0x200], R4;\n"
		"ISETP.GE.U32.AND P0, PT, R29, 0x10, PT;\n"
		"MOV R4, 0xdead;\n@P0 IADD3 R4, R29, R29, 0x1;\nSTG.E [R30.64+0x280], R4;\n"
		"MOV R4, 0xbeef;\n@!P0 IADD3 R4, R29, 0x100, RZ;\nSTG.E [R30.64+0x300], R4;\n"
		"IMAD R4, R29, 0x3, R29;\nSTG.E [R30.64+0x380], R4;\n"
		"MOV R4, 0xf00d;\n@P0 IMAD R4, R29, R29, 0x1;\nSTG.E [R30.64+0x400], R4;\n"
		"IADD3 R4, R29, -R29, 0x9;\nSTG.E [R30.64+0x480], R4;\nEXIT;\n");
	for (uint32_t t = 0; t < 32; t++) {
		uint32_t want[] = {3 * t, t + 16, t + 7, t + 7, t - 2u, t >= 16 ? 2 * t + 1 : 0xdead,
				   t < 16 ? t + 256 : 0xbeef, 4 * t, t >= 16 ? t * t + 1 : 0xf00d, 9};
		for (int k = 0; k < 10; k++)
			ck_assert_msg(out(&r, (int)t, k) == want[k], "lane %u row %d: got 0x%x, want 0x%x", t, k,
				      out(&r, (int)t, k), want[k]);
	}
	th_free(&r);
}
END_TEST

START_TEST(iadd3_carries)
{
	th_run r = run("iadd3", HEAD
		/* 0xffffffff + 1 carries (P0), + 0xffffffff does not (P1 false): d = 0xffffffff */
		"IADD3 R4, P0, P1, -0x1, 0x1, -0x1;\nSEL R5, 0x1, RZ, P0;\nSEL R6, 0x2, RZ, P1;\n"
		"STG.E [R30.64], R4;\nIADD3 R5, R5, R6, RZ;\nSTG.E [R30.64+0x80], R5;\n"
		/* 1 + 1 = 2 (no carry), + 0xffffffff = 0x1_00000001 (carry, Q): d = 1, bits 0 | 2 */
		"IADD3 R4, P0, P1, 0x1, 0x1, -0x1;\nSEL R5, 0x1, RZ, P0;\nSEL R6, 0x2, RZ, P1;\n"
		"STG.E [R30.64+0x100], R4;\nIADD3 R5, R5, R6, RZ;\nSTG.E [R30.64+0x180], R5;\n"
		/* 64-bit subtraction {1:0} - {0:1} = 0x0_ffffffff: 0 + ~1 + 1 borrows (no carry), then
		   1 + ~0 + 0 = 0 */
		"MOV R0, RZ;\nMOV R1, 0x1;\nMOV R2, 0x1;\nMOV R3, RZ;\nIADD3 R4, P0, R0, -R2, RZ;\n"
		"IADD3.X R5, R1, ~R3, RZ, P0, !PT;\nSTG.E [R30.64+0x200], R4;\nSTG.E [R30.64+0x280], R5;\n"
		/* -5 = 0xfffffffb; two carry-ins: 0x10 + 1 + 1 */
		"MOV R2, 0x5;\nIADD3 R4, -R2, RZ, RZ;\nSTG.E [R30.64+0x300], R4;\n"
		"IADD3 RZ, P0, P1, -0x1, 0x1, -0x1;\nIADD3 RZ, P1, -0x1, 0x1, RZ;\n"
		"IADD3.X R4, 0x10, RZ, RZ, P0, P1;\nSTG.E [R30.64+0x380], R4;\nEXIT;\n");
	static const uint32_t want[] = {0xffffffff, 1, 1, 2, 0xffffffff, 0, 0xfffffffb, 0x12};
	rows(&r, want, 8);
	th_free(&r);
}
END_TEST

START_TEST(logic_and_shifts)
{
	th_run r = run("logic", HEAD
		/* LUT 0x96 is a ^ b ^ c: 0xf0f0f0f0 ^ 0xff00ff00 ^ 0xaaaaaaaa = 0xa55aa55a */
		"MOV R2, 0xf0f0f0f0;\nMOV R3, 0xff00ff00;\nMOV R4, 0xaaaaaaaa;\nLOP3.LUT R5, R2, R3, R4, 0x96, !PT;\n"
		"STG.E [R30.64], R5;\n"
		/* LOP3 with a predicate: 6 & 1 = 0 (P0 false), 7 & 1 = 1 (P1 true): 0 | 2 */
		"MOV R2, 0x6;\nLOP3.LUT P0, RZ, R2, 0x1, RZ, 0xc0, !PT;\nMOV R2, 0x7;\n"
		"LOP3.LUT P1, RZ, R2, 0x1, RZ, 0xc0, !PT;\nSEL R5, 0x1, RZ, P0;\nSEL R6, 0x2, RZ, P1;\n"
		"IADD3 R5, R5, R6, RZ;\nSTG.E [R30.64+0x80], R5;\n"
		/* PLOP3 on (P1, P0, PT) = (T, F, T): 0x80 = a&b&c false; 0x20 (a, !b, c) true: 2 */
		"PLOP3.LUT P2, P3, P1, P0, PT, 0x80, 0x20;\nSEL R5, 0x1, RZ, P2;\nSEL R6, 0x2, RZ, P3;\n"
		"IADD3 R5, R5, R6, RZ;\nSTG.E [R30.64+0x100], R5;\n"
		/* SHF.L.U32 1 << 4; .L.U64.HI {1:0x80000001} << 1 = {3:2}: 3; .R.U32.HI 0x80000000 >> 4;
		   .R.S32.HI the same, arithmetic; .R.U64 {1:0x10} >> 4 low = 0x10000001; .R.S64
		   {0x80000000:0} >> 36 = 0xffffffff_f8000000 low; .L.W by 33 wraps to 1: 2; .L by 33
		   clamps to 32: 0 */
		"MOV R2, 0x1;\nSHF.L.U32 R5, R2, 0x4, RZ;\nSTG.E [R30.64+0x180], R5;\n"
		"MOV R2, 0x80000001;\nMOV R3, 0x1;\nSHF.L.U64.HI R5, R2, 0x1, R3;\nSTG.E [R30.64+0x200], R5;\n"
		"MOV R3, 0x80000000;\nSHF.R.U32.HI R5, RZ, 0x4, R3;\nSTG.E [R30.64+0x280], R5;\n"
		"SHF.R.S32.HI R5, RZ, 0x4, R3;\nSTG.E [R30.64+0x300], R5;\n"
		"MOV R2, 0x10;\nMOV R4, 0x1;\nSHF.R.U64 R5, R2, 0x4, R4;\nSTG.E [R30.64+0x380], R5;\n"
		"SHF.R.S64 R5, RZ, 0x24, R3;\nSTG.E [R30.64+0x400], R5;\n"
		"MOV R2, 0x1;\nMOV R4, 0x21;\nSHF.L.W.U32 R5, R2, R4, RZ;\nSTG.E [R30.64+0x480], R5;\n"
		"SHF.L.U32 R5, R2, R4, RZ;\nSTG.E [R30.64+0x500], R5;\n"
		/* LEA (3 << 2) + 0x100; LEA with a carry: (1 << 1) + 0xffffffff = 0x1_00000001: 1,
		   P0; LEA.HI.X ({1:0x80000001} << 1) >> 32 = 3, + 5 + P0 = 9; .SX32: -2 extended,
		   << 2 = 0xffffffff_fffffff8: high 0xffffffff, + 0x10 + P0 = 0x10 */
		"MOV R2, 0x3;\nLEA R5, R2, 0x100, 0x2;\nSTG.E [R30.64+0x580], R5;\n"
		"MOV R2, 0x1;\nMOV R3, -0x1;\nLEA R5, P0, R2, R3, 0x1;\nSTG.E [R30.64+0x600], R5;\n"
		"MOV R2, 0x80000001;\nMOV R3, 0x1;\nLEA.HI.X R5, R2, 0x5, R3, 0x1, P0;\nSTG.E [R30.64+0x680], R5;\n"
		"MOV R2, -0x2;\nLEA.HI.X.SX32 R5, R2, 0x10, 0x2, P0;\nSTG.E [R30.64+0x700], R5;\nEXIT;\n");
	static const uint32_t want[] = {0xa55aa55a, 2, 2, 0x10, 3, 0x08000000, 0xf8000000, 0x10000001, 0xf8000000,
					2, 0, 0x10c, 1, 9, 0x10};
	rows(&r, want, 15);
	th_free(&r);
}
END_TEST

START_TEST(bit_operations)
{
	th_run r = run("bits", HEAD
		/* SGXT 0xf0 from 8 bits (bit 7 set) = 0xfffffff0; .U32 from 4 bits = 0; .U32 0x1f3 from 8 = 0xf3 */
		"MOV R2, 0xf0;\nSGXT R5, R2, 0x8;\nSTG.E [R30.64], R5;\nSGXT.U32 R5, R2, 0x4;\nSTG.E [R30.64+0x80], R5;\n"
		"MOV R2, 0x1f3;\nSGXT.U32 R5, R2, 0x8;\nSTG.E [R30.64+0x100], R5;\n"
		/* BMSK 8 bits from 4 = 0xff0; .W with 36 (mod 32: 4) = 0xf0; BREV 1 = 0x80000000 */
		"MOV R2, 0x4;\nBMSK R5, R2, 0x8;\nSTG.E [R30.64+0x180], R5;\nBMSK.W R5, R2, 0x24;\nSTG.E [R30.64+0x200], R5;\n"
		"MOV R2, 0x1;\nBREV R5, R2;\nSTG.E [R30.64+0x280], R5;\n"
		/* POPC 0xf0f0 = 8; FLO.U32 0x100 = 8, .SH 23; FLO.S32 0xffff0000: leading non-sign bit
		   of ~x = 0xffff: 15; FLO.U32 0 = -1 */
		"MOV R2, 0xf0f0;\nPOPC R5, R2;\nSTG.E [R30.64+0x300], R5;\n"
		"MOV R2, 0x100;\nFLO.U32 R5, R2;\nSTG.E [R30.64+0x380], R5;\nFLO.U32.SH R5, R2;\nSTG.E [R30.64+0x400], R5;\n"
		"MOV R2, 0xffff0000;\nFLO.S32 R5, R2;\nSTG.E [R30.64+0x480], R5;\nFLO.U32 R5, RZ;\nSTG.E [R30.64+0x500], R5;\n"
		/* IABS -7 = 7; IABS of -2^31 stays 0x80000000 */
		"MOV R2, -0x7;\nIABS R5, R2;\nSTG.E [R30.64+0x580], R5;\nMOV R2, 0x80000000;\nIABS R5, R2;\nSTG.E [R30.64+0x600], R5;\n"
		/* IMNMX -1, 2: PT min signed -1; .U32 min 2; !PT max signed 2 */
		"MOV R2, -0x1;\nIMNMX R5, R2, 0x2, PT;\nSTG.E [R30.64+0x680], R5;\nIMNMX.U32 R5, R2, 0x2, PT;\n"
		"STG.E [R30.64+0x700], R5;\nIMNMX R5, R2, 0x2, !PT;\nSTG.E [R30.64+0x780], R5;\n"
		/* PRMT on {c:a} = 0x77665544_33221100: default 0x4321 = 0x44332211; sm_90's shared
		   address idiom 0x654 with a = 2, c = 0x400: 0x02000400; sign replicate 0x8 on a =
		   0x80: byte0 0xff, the others byte0 0x80: 0x808080ff; .F4E 1: bytes 1-4 =
		   0x44332211; .B4E 0: bytes 0 7 6 5 = 0x55667700; .RC16 1: bytes 2 3 2 3 = 0x33223322;
		   .ECL 2: bytes 2 2 2 3 = 0x33222222; .RC8 3: 0x33333333 */
		"MOV R2, 0x33221100;\nMOV R3, 0x77665544;\nPRMT R5, R2, 0x4321, R3;\nSTG.E [R30.64+0x800], R5;\n"
		"MOV R6, 0x2;\nMOV R7, 0x400;\nPRMT R5, R6, 0x654, R7;\nSTG.E [R30.64+0x880], R5;\n"
		"MOV R6, 0x80;\nPRMT R5, R6, 0x8, RZ;\nSTG.E [R30.64+0x900], R5;\n"
		"PRMT.F4E R5, R2, 0x1, R3;\nSTG.E [R30.64+0x980], R5;\nPRMT.B4E R5, R2, 0x0, R3;\nSTG.E [R30.64+0xa00], R5;\n"
		"PRMT.RC16 R5, R2, 0x1, R3;\nSTG.E [R30.64+0xa80], R5;\nPRMT.ECL R5, R2, 0x2, R3;\nSTG.E [R30.64+0xb00], R5;\n"
		"PRMT.RC8 R5, R2, 0x3, R3;\nSTG.E [R30.64+0xb80], R5;\nEXIT;\n");
	static const uint32_t want[] = {0xfffffff0, 0, 0xf3, 0xff0, 0xf0, 0x80000000, 8, 8, 23, 15, 0xffffffff, 7,
					0x80000000, 0xffffffff, 2, 2, 0x44332211, 0x02000400, 0x808080ff,
					0x44332211, 0x55667700, 0x33223322, 0x33222222, 0x33333333};
	rows(&r, want, 24);
	th_free(&r);
}
END_TEST

#define BITS3 "SEL R5, 0x1, RZ, P0;\nSEL R6, 0x2, RZ, P1;\nSEL R7, 0x4, RZ, P2;\nIADD3 R5, R5, R6, R7;\n"

START_TEST(isetp_forms)
{
	th_run r = run("isetp", HEAD
		/* 1 >= 2 unsigned false; -1 < 1 signed true; GT 5, 3 with its complement: P2 = T,
		   P1 = !T = F: 0 | 0 | 4... as P0 F, P1 F, P2 T -> 4; then P0 = -1 LT.U32 1 false */
		"MOV R2, 0x1;\nISETP.GE.U32.AND P0, PT, R2, 0x2, PT;\nMOV R3, -0x1;\nISETP.LT.AND P1, PT, R3, R2, PT;\n"
		"ISETP.GT.AND P2, P1, R2, 0x0, PT;\n" BITS3 "STG.E [R30.64], R5;\n"
		/* combine: LE.U32.OR 5 <= 3 false OR P2 (T) = T; its second result !F OR T = T;
		   EQ.AND 5 == 5 AND !P2 = F */
		"MOV R2, 0x5;\nISETP.LE.U32.OR P0, P1, R2, 0x3, P2;\nISETP.EQ.AND P2, PT, R2, 0x5, !P2;\n" BITS3
		"STG.E [R30.64+0x80], R5;\n"
		/* .EX: {1:0} > {0:0xffffffff}: low GT.U32 0 > 0xffffffff F, high 1 > 0 -> T (P0);
		   {-1:-1} >= {0:0} signed: low GE.U32 T, high -1 < 0 -> F (P1); {5:7} == {5:7} T (P2) */
		"MOV R2, -0x1;\nISETP.GT.U32.AND P0, PT, RZ, R2, PT;\nMOV R3, 0x1;\nISETP.GT.U32.AND.EX P0, PT, R3, RZ, PT, P0;\n"
		"ISETP.GE.U32.AND P1, PT, R2, RZ, PT;\nISETP.GE.AND.EX P1, PT, R2, RZ, PT, P1;\n"
		"MOV R4, 0x7;\nMOV R5, 0x5;\nISETP.EQ.U32.AND P2, PT, R4, 0x7, PT;\nISETP.EQ.AND.EX P2, PT, R5, 0x5, PT, P2;\n"
		BITS3 "STG.E [R30.64+0x100], R5;\n"
		/* {5:7} != {5:8}: low NE T, high equal -> T; {5:7} < {5:8} unsigned: low LT T, high
		   equal -> T; {6:7} <= {5:8}: high 6 > 5 -> F */
		"MOV R4, 0x7;\nMOV R5, 0x5;\nISETP.NE.U32.AND P0, PT, R4, 0x8, PT;\nISETP.NE.AND.EX P0, PT, R5, 0x5, PT, P0;\n"
		"ISETP.LT.U32.AND P1, PT, R4, 0x8, PT;\nISETP.LT.U32.AND.EX P1, PT, R5, 0x5, PT, P1;\n"
		"MOV R5, 0x6;\nISETP.LE.U32.AND P2, PT, R4, 0x8, PT;\nISETP.LE.U32.AND.EX P2, PT, R5, 0x5, PT, P2;\n"
		BITS3 "STG.E [R30.64+0x180], R5;\nEXIT;\n");
	static const uint32_t want[] = {4, 3, 5, 3};
	rows(&r, want, 4);
	th_free(&r);
}
END_TEST

START_TEST(special_registers_and_moves)
{
	th_run r = run("sregs", ".target sm_70\n.grid 2\n.block 40\n.buffer out u32 2048\n.param u64 out\n"
		"S2R R29, SR_TID.X;\nS2R R0, SR_CTAID.X;\nIMAD R29, R0, 0x40, R29;\n"
		"IMAD.WIDE.U32 R30, R29, 0x4, c[0x0][0x160];\n"
		/* lane id, SR_LTMASK, SR_CgaCtaId (0), CS2R SRZ zeroes a pair, SR_SWINHI */
		"S2R R2, SR_LANEID;\nSTG.E [R30.64], R2;\nS2R R2, SR_LTMASK;\nSTG.E [R30.64+0x200], R2;\n"
		"S2R R2, SR_CgaCtaId;\nSTG.E [R30.64+0x400], R2;\nMOV R4, 0x5;\nMOV R5, 0x6;\nCS2R R4, SRZ;\n"
		"IADD3 R4, R4, R5, 0x1;\nSTG.E [R30.64+0x600], R4;\n"
		/* MOV with lane mask 0x5: lanes 0, 2 (mod 4) take 7, the others keep 0 */
		"MOV R6, RZ;\nMOV R7, 0x7;\nMOV R6, R7, 0x5;\nSTG.E [R30.64+0x800], R6;\n"
		/* ntid.x at c[0x0][0x0], nctaid.x at c[0x0][0xc] (SPEC section 4): 40, 2 */
		"MOV R8, c[0x0][0x0];\nSTG.E [R30.64+0xa00], R8;\nMOV R8, c[0x0][0xc];\nSTG.E [R30.64+0xc00], R8;\nEXIT;\n");
	for (int cta = 0; cta < 2; cta++)
		for (int t = 0; t < 40; t++) {
			int i = cta * 64 + t, lane = t % 32;
			ck_assert_uint_eq(th_word(&r, "out", i), (uint32_t)lane);
			ck_assert_uint_eq(th_word(&r, "out", i + 128), (1u << lane) - 1);
			ck_assert_uint_eq(th_word(&r, "out", i + 256), 0);
			ck_assert_uint_eq(th_word(&r, "out", i + 384), 1);
			ck_assert_uint_eq(th_word(&r, "out", i + 512), lane % 4 == 0 || lane % 4 == 2 ? 7 : 0);
			ck_assert_uint_eq(th_word(&r, "out", i + 640), 40);
			ck_assert_uint_eq(th_word(&r, "out", i + 768), 2);
		}
	th_free(&r);
}
END_TEST

START_TEST(uniform_datapath)
{
	th_run r = run("uniform", HEAD
		/* ULDC ntid.x = 32; UMOV 7; UIADD3 32 + 7 = 39 */
		"ULDC UR4, c[0x0][0x0];\nUMOV UR5, 0x7;\nUIADD3 UR6, UR4, UR5, URZ;\nMOV R2, UR6;\nSTG.E [R30.64], R2;\n"
		/* UIADD3 carry into UP0 (0xffffffff + 1), UIADD3.X 0 + 0 + UP0 = 1 */
		"UMOV UR8, -0x1;\nUIADD3 UR7, UP0, UR8, 0x1, URZ;\nUIADD3.X UR9, URZ, URZ, URZ, UP0, !UPT;\nMOV R2, UR9;\n"
		"STG.E [R30.64+0x80], R2;\n"
		/* USHF 7 << 4 = 0x70; ULOP3 7 & 3 = 3; UISETP 32 >= 32 (UP1 T); USEL 7; UFLO 0x70 = 6;
		   UPOPC 0x70 = 3; UPRMT byte 0 everywhere = 0x07070707; ULEA (7 << 2) + 0x100 = 0x11c;
		   UIMAD 7 * 3 + 1 = 22; UBMSK 4 bits from 0 = 0xf; USGXT 0xff from 8 bits = -1;
		   UBREV 1 = 0x80000000 */
		"USHF.L.U32 UR10, UR5, 0x4, URZ;\nMOV R2, UR10;\nSTG.E [R30.64+0x100], R2;\n"
		"ULOP3.LUT UR11, UR5, 0x3, URZ, 0xc0, !UPT;\nMOV R2, UR11;\nSTG.E [R30.64+0x180], R2;\n"
		"UISETP.GE.U32.AND UP1, UPT, UR4, 0x20, UPT;\nUSEL UR12, UR5, URZ, UP1;\nMOV R2, UR12;\nSTG.E [R30.64+0x200], R2;\n"
		"UFLO.U32 UR13, UR10;\nMOV R2, UR13;\nSTG.E [R30.64+0x280], R2;\n"
		"UPOPC UR14, UR10;\nMOV R2, UR14;\nSTG.E [R30.64+0x300], R2;\n"
		"UPRMT UR15, UR5, 0x0, URZ;\nMOV R2, UR15;\nSTG.E [R30.64+0x380], R2;\n"
		"ULEA UR16, UR5, 0x100, 0x2;\nMOV R2, UR16;\nSTG.E [R30.64+0x400], R2;\n"
		"UIMAD UR17, UR5, 0x3, 0x1;\nMOV R2, UR17;\nSTG.E [R30.64+0x480], R2;\n"
		"UBMSK UR18, URZ, 0x4;\nMOV R2, UR18;\nSTG.E [R30.64+0x500], R2;\n"
		"UMOV UR19, 0xff;\nUSGXT UR19, UR19, 0x8;\nMOV R2, UR19;\nSTG.E [R30.64+0x580], R2;\n"
		"UMOV UR20, 0x1;\nUBREV UR20, UR20;\nMOV R2, UR20;\nSTG.E [R30.64+0x600], R2;\n"
		/* guards on uniform predicates: UP1 true, so 1 */
		"@UP1 MOV R2, 0x1;\n@!UP1 MOV R2, 0x2;\nSTG.E [R30.64+0x680], R2;\n"
		/* R2UR under a guard (lanes 5-31): lane 5's tid in every lane; VOTEU.ANY ballot of
		   tid >= 5 = 0xffffffe0 */
		"ISETP.GE.AND P3, PT, R29, 0x5, PT;\n@P3 R2UR UR22, R29;\nMOV R2, UR22;\nSTG.E [R30.64+0x700], R2;\n"
		"VOTEU.ANY UR23, UPT, P3;\nMOV R2, UR23;\nSTG.E [R30.64+0x780], R2;\n"
		/* REDUX over the warp: SUM tid = 496; with the guard (5-31) 486; tid - 16: MAX.S32 15,
		   MIN.S32 -16, MIN.U32 0; OR tid 31; XOR tid 0 (each bit set in 16 lanes) */
		"REDUX.SUM UR24, R29;\nMOV R2, UR24;\nSTG.E [R30.64+0x800], R2;\n"
		"@P3 REDUX.SUM UR25, R29;\nMOV R2, UR25;\nSTG.E [R30.64+0x880], R2;\n"
		"IADD3 R3, R29, -0x10, RZ;\nREDUX.MAX.S32 UR26, R3;\nMOV R2, UR26;\nSTG.E [R30.64+0x900], R2;\n"
		"REDUX.MIN.S32 UR26, R3;\nMOV R2, UR26;\nSTG.E [R30.64+0x980], R2;\n"
		"REDUX.MIN.U32 UR26, R3;\nMOV R2, UR26;\nSTG.E [R30.64+0xa00], R2;\n"
		"REDUX.OR UR26, R29;\nMOV R2, UR26;\nSTG.E [R30.64+0xa80], R2;\n"
		"REDUX.XOR UR26, R29;\nMOV R2, UR26;\nSTG.E [R30.64+0xb00], R2;\n"
		/* S2UR SR_CTAID.X = 0 (one CTA) */
		"S2UR UR27, SR_CTAID.X;\nMOV R2, UR27;\nSTG.E [R30.64+0xb80], R2;\nEXIT;\n");
	static const uint32_t want[] = {39, 1, 0x70, 3, 7, 6, 3, 0x07070707, 0x11c, 22, 0xf, 0xffffffff, 0x80000000, 1,
					5, 0xffffffe0, 496, 486, 15, 0xfffffff0, 0, 31, 0, 0};
	for (int t = 0; t < 32; t++)
		for (int i = 0; i < 24; i++)
			ck_assert_msg(out(&r, t, i) == want[i], "lane %d row %d: got 0x%x, want 0x%x", t, i, out(&r, t, i),
				      want[i]);
	th_free(&r);
}
END_TEST

START_TEST(warp_votes_matches_shuffles)
{
	th_run r = run("warp", HEAD
		/* tid >= 5: ballot 0xffffffe0; ALL false (P4 0); MATCH.ANY of tid & 3: the lanes with
		   the same value, 0x11111111 << (tid & 3); MATCH.ALL of 7: the group, P5 true */
		"ISETP.GE.AND P3, PT, R29, 0x5, PT;\nVOTE.ANY R2, PT, P3;\nSTG.E [R30.64], R2;\n"
		"VOTE.ALL R2, P4, P3;\nSEL R2, 0x1, RZ, P4;\nSTG.E [R30.64+0x80], R2;\n"
		"LOP3.LUT R3, R29, 0x3, RZ, 0xc0, !PT;\nMATCH.ANY R2, R3;\nSTG.E [R30.64+0x100], R2;\n"
		"MOV R3, 0x7;\nMATCH.ALL P5, R2, R3;\nSTG.E [R30.64+0x180], R2;\nSEL R2, 0x1, RZ, P5;\nSTG.E [R30.64+0x200], R2;\n"
		/* SHFL.IDX lane 3's tid; BFLY tid ^ 1; DOWN by 1: tid + 1, lane 31 keeps its own and
		   P6 false; the no-op idiom @!PT SHFL.IDX PT, RZ, RZ, RZ, RZ */
		"@!PT SHFL.IDX PT, RZ, RZ, RZ, RZ;\nSHFL.IDX PT, R2, R29, 0x3, 0x1f;\nSTG.E [R30.64+0x280], R2;\n"
		"SHFL.BFLY PT, R2, R29, 0x1, 0x1f;\nSTG.E [R30.64+0x300], R2;\n"
		"SHFL.DOWN P6, R2, R29, 0x1, 0x1f;\nSTG.E [R30.64+0x380], R2;\nSEL R2, 0x1, RZ, P6;\nSTG.E [R30.64+0x400], R2;\nEXIT;\n");
	for (uint32_t t = 0; t < 32; t++) {
		ck_assert_uint_eq(out(&r, (int)t, 0), 0xffffffe0);
		ck_assert_uint_eq(out(&r, (int)t, 1), 0);
		ck_assert_uint_eq(out(&r, (int)t, 2), 0x11111111u << (t & 3));
		ck_assert_uint_eq(out(&r, (int)t, 3), 0xffffffff);
		ck_assert_uint_eq(out(&r, (int)t, 4), 1);
		ck_assert_uint_eq(out(&r, (int)t, 5), 3);
		ck_assert_uint_eq(out(&r, (int)t, 6), t ^ 1);
		ck_assert_uint_eq(out(&r, (int)t, 7), t < 31 ? t + 1 : 31);
		ck_assert_uint_eq(out(&r, (int)t, 8), t < 31);
	}
	th_free(&r);
}
END_TEST

START_TEST(memory_widths_and_addresses)
{
	/* in: bytes 0x80 0x81 ... (u8 iota from 0x80); big: a buffer above 4 GiB */
	th_run r = run("mem", ".target sm_70\n.block 1\n.buffer out u32 64\n.buffer in u8 64 = iota 128\n"
		".buffer big u32 4 @0x123400000\n.param u64 out\n.param u64 in\n.param u64 big\n"
		"ULDC.64 UR4, c[0x0][0x160];\nMOV R30, UR4;\nMOV R31, UR5;\nLDC.64 R2, c[0x0][0x168];\n"
		/* U8 0x80, S8 -128, U16 0x8180, S16 0xffff8180, 32 0x83828180, 64 the next pair,
		   128 four words at byte 16 */
		"LDG.E.U8 R4, [R2.64];\nSTG.E [R30.64], R4;\nLDG.E.S8 R4, [R2.64];\nSTG.E [R30.64+0x4], R4;\n"
		"LDG.E.U16 R4, [R2.64];\nSTG.E [R30.64+0x8], R4;\nLDG.E.S16.SYS R4, [R2.64];\nSTG.E.SYS [R30.64+0xc], R4;\n"
		"LDG.E.STRONG.GPU R4, [R2.64];\nSTG.E.STRONG.GPU [R30.64+0x10], R4;\n"
		"LDG.E.64.CONSTANT R4, [R2.64+0x8];\nSTG.E.64 [R30.64+0x18], R4;\n"
		"LDG.E.128 R8, desc[UR4][R2.64+0x10];\nSTG.E.128 [R30.64+0x20], R8;\n"
		/* byte stores: U8 0x5a at out byte 0x30, U16 0xbeef at 0x32 -> word 0xbeef005a */
		"MOV R4, 0x5a;\nSTG.E.U8 [R30.64+0x30], R4;\nMOV R4, 0xbeef;\nSTG.E.U16 [R30.64+0x32], R4;\n"
		/* [R.64+UR]: UR6 = 8 added: in word 2 = 0x8b8a8988 */
		"UMOV UR6, 0x8;\nLDG.E R4, [R2.64+UR6];\nSTG.E [R30.64+0x34], R4;\n"
		/* above 4 GiB: store 0x77 to big[1] and read it back through [UR] */
		"LDC.64 R6, c[0x0][0x170];\nMOV R4, 0x77;\nSTG.E [R6.64+0x4], R4;\nULDC.64 UR8, c[0x0][0x170];\n"
		"LDG.E R5, [UR8+0x4];\nSTG.E [R30.64+0x38], R5;\n"
		/* shared: STS [R.X4], LDS.U [UR+o]; local: STL / LDL */
		"MOV R4, 0x3;\nMOV R5, 0x1234;\nSTS [R4.X4], R5;\nUMOV UR10, 0x4;\nLDS.U R6, [UR10+0x8];\n"
		"STG.E [R30.64+0x3c], R6;\nSTL [R1+0x10], R6;\nLDL R7, [R1+0x10];\nSTG.E [R30.64+0x40], R7;\n"
		/* generic ST/LD through the shared window {SR_SWINHI : offset}: shared byte 0x20 */
		"S2R R9, SR_SWINHI;\nMOV R8, 0x20;\nMOV R4, 0x4321;\nST.E [R8.64], R4;\nLDS R5, [0x20];\n"
		"STG.E [R30.64+0x44], R5;\nLD.E R5, [R8.64];\nSTG.E [R30.64+0x48], R5;\n"
		/* LDC with an index register: c[0x0][R + 0x160] low word = the out pointer's */
		"MOV R4, 0x4;\nLDC R5, c[0x0][R4+0x15c];\nIADD3 R5, R5, -R30, RZ;\nSTG.E [R30.64+0x4c], R5;\n"
		"MEMBAR.SC.GPU;\nERRBAR;\nDEPBAR.LE SB0, 0x0;\nCCTL.IVALL;\nNOP;\nEXIT;\n"
		".expect big = 0 0x77 0 0\n");
	uint32_t w[20] = {0x80, 0xffffff80, 0x8180, 0xffff8180, 0x83828180, 0, 0x8b8a8988, 0x8f8e8d8c,
			  0x93929190, 0x97969594, 0x9b9a9998, 0x9f9e9d9c, 0xbeef005a, 0x8b8a8988, 0x77, 0x1234,
			  0x1234, 0x4321, 0x4321, 0};
	for (int i = 0; i < 20; i++)
		if (i != 5)
			ck_assert_msg(th_word(&r, "out", i) == w[i], "word %d: got 0x%x, want 0x%x", i, th_word(&r, "out", i),
				      w[i]);
	th_free(&r);
}
END_TEST

START_TEST(atomics_every_operation)
{
	/* v = {10, 10, 10, ...}; lane 0 alone does each operation on v[k]; d's old value goes to
	   out[k] */
	th_run r = run("atom", ".target sm_70\n.block 32\n.buffer out u32 32\n.buffer v s32 16 = fill 10\n"
		".buffer n u32 2\n.param u64 out\n.param u64 v\n.param u64 n\n"
		"S2R R29, SR_TID.X;\nLDC.64 R30, c[0x0][0x160];\nLDC.64 R2, c[0x0][0x168];\nMOV R4, -0x3;\n"
		"ISETP.NE.AND P0, PT, R29, RZ, PT;\n@P0 BRA ALL;\n"
		"ATOMG.E.ADD.STRONG.GPU PT, R5, [R2.64], R4;\nSTG.E [R30.64], R5;\n"          /* 10 + -3 = 7 */
		"ATOMG.E.MIN.S32.STRONG.GPU PT, R5, [R2.64+0x4], R4;\n"                      /* min(10, -3) = -3 */
		"ATOMG.E.MAX.S32.STRONG.GPU PT, R5, [R2.64+0x8], R4;\n"                      /* max s32 = 10 */
		"ATOMG.E.MAX.STRONG.GPU PT, R5, [R2.64+0xc], R4;\n"                          /* max u32 = -3 */
		"MOV R6, 0xa;\nATOMG.E.INC.STRONG.GPU PT, R5, [R2.64+0x10], R6;\n"           /* 10 >= 10: 0 */
		"ATOMG.E.DEC.STRONG.GPU PT, R5, [R2.64+0x14], R6;\n"                         /* 10 - 1 = 9 */
		"MOV R6, 0x6;\nATOMG.E.AND.STRONG.GPU PT, R5, [R2.64+0x18], R6;\n"           /* 10 & 6 = 2 */
		"ATOMG.E.OR.STRONG.GPU PT, R5, [R2.64+0x1c], R6;\n"                          /* 10 | 6 = 14 */
		"ATOMG.E.XOR.STRONG.GPU PT, R5, [R2.64+0x20], R6;\n"                         /* 10 ^ 6 = 12 */
		"ATOMG.E.EXCH.STRONG.GPU PT, R5, [R2.64+0x24], R6;\nSTG.E [R30.64+0x4], R5;\n" /* 6, old 10 */
		"MOV R7, 0x63;\nATOMG.E.CAS.STRONG.GPU PT, R5, [R2.64+0x28], R6, R7;\n"       /* 10 != 6: stays */
		"MOV R6, 0xa;\nATOMG.E.CAS.STRONG.GPU PT, R5, [R2.64+0x2c], R6, R7;\n"        /* 10 == 10: 99 */
		"MOV R8, -0x1;\nMOV R9, RZ;\nRED.E.ADD.64.STRONG.GPU [R2.64+0x30], R8;\n"      /* {10:10} + 0xffffffff = {11:9} */
		"RED.E.ADD.STRONG.GPU [R2.64+0x38], R6;\nREDG.E.XOR.STRONG.GPU [R2.64+0x3c], R6;\n" /* 20, 0 */
		"ALL:\nLDC.64 R2, c[0x0][0x170];\nMOV R4, 0x1;\n"
		/* every lane: ATOM.E.ADD on n[0] (32), ATOMS.POPC.INC on shared word 0 then read (32) */
		"ATOM.E.ADD R5, [R2.64], R4;\nATOMS.POPC.INC.32 RZ, [URZ];\nBAR.SYNC 0x0;\nLDS R6, [RZ];\n"
		"ISETP.NE.AND P0, PT, R29, RZ, PT;\n@!P0 STG.E [R2.64+0x4], R6;\nEXIT;\n"
		".expect v = 7 -3 10 -3 0 9 2 14 12 6 10 99 9 11 20 0\n.expect n = 32 32\n");
	ck_assert_uint_eq(th_word(&r, "out", 0), 10);
	ck_assert_uint_eq(th_word(&r, "out", 1), 10);
	th_free(&r);
}
END_TEST

START_TEST(more_widths_and_forms)
{
	/* lane 0 alone; v: 64-bit words; f: floats */
	th_run r = run("more", ".target sm_70\n.block 32\n.buffer out u32 16\n.buffer v u64 2 = 5 7\n"
		".buffer f f32 1 = 1.5\n.param u64 out\n.param u64 v\n.param u64 f\n.const 3 0x10 u32 0x8081f0f1\n"
		"S2R R29, SR_TID.X;\nLDC.64 R30, c[0x0][0x160];\n"
		/* VOTE.EQ: tid < 40 in every lane (true, all equal) -> P0 T; tid & 1 differs -> P1 F */
		"ISETP.LT.AND P2, PT, R29, 0x28, PT;\nVOTE.EQ R2, P0, P2;\nLOP3.LUT P3, RZ, R29, 0x1, RZ, 0xc0, !PT;\n"
		"VOTE.EQ R3, P1, P3;\nSEL R4, 0x1, RZ, P0;\nSEL R5, 0x2, RZ, P1;\nIADD3 R4, R4, R5, RZ;\n"
		/* MATCH.ANY.U64 on {tid & 1 : 7}: the lanes of the same parity, 0x55555555 for lane 0 */
		"LOP3.LUT R6, R29, 0x1, RZ, 0xc0, !PT;\nMOV R7, 0x7;\nMOV R8, R7;\nMOV R9, R6;\nMATCH.ANY.U64 R10, R8;\n"
		"ISETP.NE.AND P4, PT, R29, RZ, PT;\n@P4 EXIT;\n"
		"STG.E [R30.64], R4;\nSTG.E [R30.64+0x4], R10;\n"
		/* ATOMG.E.CAS.64: v[0] == 5 -> {0:9}; old {0:5}; ADD.F32: 1.5 + 2.25 = 3.75 (0x40700000) */
		"LDC.64 R12, c[0x0][0x168];\nMOV R14, 0x5;\nMOV R15, RZ;\nMOV R16, 0x9;\nMOV R17, RZ;\n"
		"ATOMG.E.CAS.64.STRONG.GPU PT, R18, [R12.64], R14, R16;\nSTG.E [R30.64+0x8], R18;\n"
		"LDC.64 R12, c[0x0][0x170];\nMOV R14, 0x40100000;\nATOMG.E.ADD.F32.FTZ.RN.STRONG.GPU PT, R18, [R12.64], R14;\n"
		/* shared: STS.U16 0xf0f1 at 2, LDS.U8 of byte 3 (0xf0), LDS.S8 (-16); ATOMS.ADD 5 + 3
		   (old 5), ATOMS.CAS 8 -> 1 */
		"MOV R4, 0xf0f1;\nSTS.U16 [0x2], R4;\nLDS.U8 R5, [0x3];\nLDS.S8 R6, [0x3];\n"
		"STG.E [R30.64+0xc], R5;\nSTG.E [R30.64+0x10], R6;\nMOV R4, 0x5;\nSTS [0x8], R4;\nMOV R4, 0x3;\n"
		"ATOMS.ADD R5, [0x8], R4;\nMOV R6, 0x8;\nMOV R7, 0x1;\nATOMS.CAS R8, [0x8], R6, R7;\nLDS R9, [0x8];\n"
		"STG.E [R30.64+0x14], R5;\nSTG.E [R30.64+0x18], R8;\nSTG.E [R30.64+0x1c], R9;\n"
		/* constants: LDC.U8 of c[0x3][0x11] = 0xf0; ULDC.S16 of c[0x3][0x12] = 0xffff8081 */
		"LDC.U8 R4, c[0x3][0x11];\nSTG.E [R30.64+0x20], R4;\nULDC.S16 UR4, c[0x3][0x12];\nMOV R4, UR4;\n"
		"STG.E [R30.64+0x24], R4;\n"
		/* a uniform index: c[0x3][UR6] with UR6 = 0x10 */
		"UMOV UR6, 0x10;\nLDC R4, c[0x3][UR6];\nSTG.E [R30.64+0x28], R4;\n"
		/* STS.128 {1,2,3,4} at 0x40, LDS.64 of 0x48: {3,4}; STL.128 then LDL.64: {1,2} */
		"MOV R20, 0x1;\nMOV R21, 0x2;\nMOV R22, 0x3;\nMOV R23, 0x4;\nSTS.128 [0x40], R20;\nLDS.64 R24, [0x48];\n"
		"STG.E [R30.64+0x2c], R24;\nSTG.E [R30.64+0x30], R25;\nSTL.128 [R1+0x20], R20;\nLDL.64 R26, [R1+0x20];\nSTG.E [R30.64+0x34], R26;\n"
		"STG.E [R30.64+0x38], R27;\nEXIT;\n"
		".expect v = 9 7\n.expect f = 3.75\n");
	static const uint32_t want[] = {1, 0x55555555, 5, 0xf0, 0xfffffff0, 5, 8, 1, 0xf0, 0xffff8081, 0x8081f0f1,
					3, 4, 1, 2};
	for (int i = 0; i < 15; i++)
		ck_assert_msg(th_word(&r, "out", i) == want[i], "word %d: got 0x%x, want 0x%x", i, th_word(&r, "out", i),
			      want[i]);
	th_free(&r);
}
END_TEST

START_TEST(nvdisasm_text)
{
	/* nvdisasm's layout: directives, .text.k: and .L_x_N: labels, `(label) targets, the
	   annotation comments, RET.REL.NODEC to `(k); the target from .headerflags */
	th_run r = run("nvd", "\t.headerflags\t@\"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM86 "
		"EF_CUDA_VIRTUAL_SM(EF_CUDA_SM35)\"\n\t.elftype\t@\"ET_EXEC\"\n"
		"//--------------------- .text.k --------------------------\n"
		"\t.section\t.text.k,\"ax\",@progbits\n\t.sectioninfo\t@\"SHI_REGISTERS=8\"\n\t.align\t128\n"
		"        .global         k\n        .type           k,@function\n"
		"        .size           k,(.L_x_2 - k)\n        .other          k,@\"STO_CUDA_ENTRY STV_DEFAULT\"\n"
		"k:\n.text.k:\n"
		".block 32\n.buffer out u32 32\n.param u64 out\n"
		"        /*0000*/                   S2R R0, SR_TID.X ;\n"
		"        /*0010*/                   ULDC.64 UR4, c[0x0][0x118] ;\n"
		"        /*0020*/                   IMAD.WIDE.U32 R2, R0, 0x4, c[0x0][0x160] ;\n"
		"        /*0030*/                   MOV R20, 0x50 ;\n"
		"        /*0040*/                   CALL.REL.NOINC `($k$f) ;\n"
		"        /*0050*/                   EXIT ;\n"
		"$k$f:\n"
		"        /*0060*/                   STG.E [R2.64], R0 ;\n"
		"        /*0070*/                   RET.REL.NODEC R20 `(k) ;\n"
		".L_x_1:\n"
		"        /*0080*/                   BRA `(.L_x_1) (*\"BRANCH_TARGETS .L_x_1\"*);\n"
		".L_x_2:\n");
	for (int t = 0; t < 32; t++)
		ck_assert_uint_eq(th_word(&r, "out", t), (uint32_t)t);
	th_free(&r);
}
END_TEST

/* nvdisasm's text of the project's kernels (tests/gen/sass/KERNEL.sm_86.nvdisasm) runs as its
   cuobjdump text does: the same buffers and the same counts (the kernels without FP rows,
   and without jumptab, whose table is in the cubin only) */
/* A listing's SASS (its -elf sections dropped, as the command line does) followed by a spec */
static int run_listing(th_run *r, const char *listing, const char *spec)
{
	size_t n;
	char *src = xread_file(listing, &n), *sp = xread_file(spec, &n), *dirs = NULL, err[300];
	ck_assert_msg(src && sp, "cannot read %s or %s", listing, spec);
	emu_spec tmp;
	memset(&tmp, 0, sizeof tmp);
	char *sass = dump_split(src, &tmp, NULL, &dirs, err, sizeof err);
	ck_assert_msg(sass != NULL, "%s: %s", listing, err);
	spec_free(&tmp);
	char *text = xmalloc(strlen(sass) + strlen(sp) + 2);
	sprintf(text, "%s\n%s", sass, sp);
	int rc = th_run_text(r, listing, text);
	free(text);
	free(sass);
	free(dirs);
	free(sp);
	free(src);
	return rc;
}

START_TEST(nvdisasm_listings_match_cuobjdump)
{
	static const char *const kernels[] = {"atomglobal", "atomshared", "bitops", "blockreduce", "breakcont",
					      "calldiv", "callloop", "collatz", "div64", "exitbar", "exitloop", "fib",
					      "ifelse", "int64", "match", "nested", "shflscan", "vote"};
	for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
		char a[128], b[128], spec[128];
		snprintf(a, sizeof a, "gen/sass/%s.sm_86.nvdisasm", kernels[i]);
		snprintf(b, sizeof b, "gen/sass/%s.sm_86.sass", kernels[i]);
		snprintf(spec, sizeof spec, "gen/%s.spec", kernels[i]);
		th_run ra, rb;
		int rca = run_listing(&ra, a, spec), rcb = run_listing(&rb, b, spec);
		ck_assert_msg(rca == 0 && rcb == 0, "%s: rc %d / %d\n%.300s%.300s", kernels[i], rca, rcb, ra.diag ? ra.diag : "",
			      rb.diag ? rb.diag : "");
		ck_assert_int_eq(ra.x.gmem.n, rb.x.gmem.n);
		for (int k = 0; k < ra.x.gmem.n; k++)
			ck_assert_msg(ra.x.gmem.bufs[k].size == rb.x.gmem.bufs[k].size &&
					      !memcmp(ra.x.gmem.bufs[k].data, rb.x.gmem.bufs[k].data, ra.x.gmem.bufs[k].size),
				      "%s: buffer %s differs", kernels[i], ra.x.gmem.bufs[k].name);
		stats_totals ta = stats_total(&ra.x), tb = stats_total(&rb.x);
		ck_assert_msg(ta.warp == tb.warp && ta.thread == tb.thread && ta.active == tb.active,
			      "%s: counts differ (%llu / %llu warp instructions)", kernels[i], (unsigned long long)ta.warp,
			      (unsigned long long)tb.warp);
		th_free(&ra);
		th_free(&rb);
	}
}
END_TEST

/* Unsupported forms and bad operands are located errors naming them */
START_TEST(errors_are_located)
{
	static const struct {
		const char *src, *want;
	} cases[] = {
		{"HMMA.1688.F32 R4, R8, R12, R4;\n", "2:1: error: unsupported opcode 'HMMA' for sm_70: tensor-core"},
		{"TEX R4, R2;\n", "2:1: error: TEX takes 5 to 8 operands, 2 given"},
		{"SUST.D.BA.2D [R2], R4, 0x0;\n", "2:1: error: unsupported opcode 'SUST' for sm_70: surface accesses are not emulated"},
		{"XMAD R0, R1, R2, R3;\n", "2:1: error: unsupported opcode 'XMAD' for sm_70"},
		{"IMAD.WIDE.HI R2, R4, R5, RZ;\n", "2:1: error: IMAD: .WIDE and .HI exclude each other"},
		{"IMAD.X R2, R4, R5, RZ;\n", "IMAD: .X takes a carry-in predicate last"},
		{"LOP3.LUT R2, R4, R5, R6, 0x100, !PT;\n", "LOP3 takes [P,] Rd, Ra, Rb, Rc, lut"},
		{"LOP3.LUT R2, R4, R5, R6, 0x80, P1;\n", "2:32: error: LOP3: a last predicate other than !PT"},
		{"VOTE R2, P0, P1;\n", "VOTE takes .ANY, .ALL or .EQ"},
		{"MATCH R2, R3;\n", "MATCH takes .ANY Rd, Ra or .ALL"},
		{"REDUX UR4, R2;\n", "REDUX needs .SUM"},
		{"ISETP.GE.AND.EX P0, PT, R2, R3, PT;\n", "ISETP takes P, Q, Ra, Rb, Pc, Plow (.EX)"},
		{"LDG.E R2, [R3.X5];\n", "2:14: error: unknown address-register suffix '.X5'"},
		{"ATOMG.E.ADD P0, R2, [R4.64], R5;\n", "error: ATOMG: a result predicate other than PT"},
		{"ATOMS.POPC R2, [R4];\n", "ATOMS.POPC is supported as .POPC.INC"},
		{"MOV R2, R3, 0x1f;\n", "2:13: error: MOV's lane mask is a 4-bit immediate"},
		{"CS2R R2, SR_TID.X;\n", "CS2R reads SRZ or SR_CLOCKLO"},
		{"IADD3 R2, R3, R4, R5, P0;\n", "IADD3: .X takes carry-in predicates last"},
		{"REDUX.SUM R4, R2;\n", "2:11: error: REDUX writes a uniform register (URn)"},
		{"R2UR R4, R2;\n", "2:6: error: R2UR writes a uniform register (URn)"},
		{"VOTEU.ANY R4, UPT, P0;\n", "2:11: error: VOTEU writes a uniform register (URn)"},
		{"LDG.E R2, [R2.64+UR4+UR5];\n", "error: syntax error"},
		{"IADD3 R2, R3, c[0x0][UR4], RZ;\n", "2:15: error: an indexed constant c[b][Rn+o] is only accepted by LDC and BRX"},
		{"IMAD.WIDE R2, R3, R4, R5;\n", "2:23: error: register R5 is not aligned for a 2-register access"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char src[400];
		snprintf(src, sizeof src, ".target sm_70\n%s", cases[i].src);
		th_run r;
		int rc = th_run_text(&r, "e.sass", src);
		ck_assert_msg(rc == 2, "case %zu: rc %d", i, rc);
		ck_assert_msg(r.diag && strstr(r.diag, cases[i].want), "case %zu: want '%s' in:\n%s", i, cases[i].want,
			      r.diag ? r.diag : "");
		th_free(&r);
	}
}
END_TEST

/* CUDA 12/13's sm_90 additions (isa/sm90.def), values by hand. HEAD90: sm_90's parameters
   start at c[0x0][0x210]. */
#define HEAD90 ".target sm_90\n.block 32\n.buffer out u32 1024\n.param u64 out\nS2R R29, SR_TID.X;\n" \
	"IMAD.WIDE.U32 R30, R29, 0x4, c[0x0][0x210];\n"

START_TEST(hopper_ops)
{
	th_run r = run("hopper", HEAD90
		"MOV R2, 0x7;\nMOV R3, 0xa;\nMOV R4, -0x3;\nMOV R5, 0x5;\n"
		/* VIADD: 7 + 5 = 12; 7 - 10 = -3; 7 + 0x7ffffffe wraps nowhere: 0x80000005 */
		"VIADD R8, R2, 0x5;\nSTG.E [R30.64], R8;\n"
		"VIADD R8, R2, -R3;\nSTG.E [R30.64+0x80], R8;\n"
		"VIADD R8, R2, 0x7ffffffe;\nSTG.E [R30.64+0x100], R8;\n"
		/* VIMNMX: signed min(-3, 5) = -3; .U32 min(0xfffffffd, 5) = 5; !PT: signed max = 5;
		   the leading PT, PT form: min(-3, 5) = -3 */
		"VIMNMX R8, R4, R5, PT;\nSTG.E [R30.64+0x180], R8;\n"
		"VIMNMX.U32 R8, R4, R5, PT;\nSTG.E [R30.64+0x200], R8;\n"
		"VIMNMX R8, R4, R5, !PT;\nSTG.E [R30.64+0x280], R8;\n"
		"VIMNMX R8, PT, PT, R4, R5, PT;\nSTG.E [R30.64+0x300], R8;\n"
		/* VIADDMNMX: s = 7 - 10 = -3; max(s, 1) = 1; min(s, 1) = -3; .U32 max(0xfffffffd, 1) =
		   0xfffffffd; 0x7fffffff + 1 wraps to 0x80000000, signed max with -5 is -5 */
		"VIADDMNMX R8, R2, -R3, 0x1, !PT;\nSTG.E [R30.64+0x380], R8;\n"
		"VIADDMNMX R8, R2, -R3, 0x1, PT;\nSTG.E [R30.64+0x400], R8;\n"
		"VIADDMNMX.U32 R8, R2, -R3, 0x1, !PT;\nSTG.E [R30.64+0x480], R8;\n"
		"MOV R6, 0x7fffffff;\nVIADDMNMX R8, R6, 0x1, -0x5, !PT;\nSTG.E [R30.64+0x500], R8;\n"
		/* CGAERRBAR has no effect; WARPSYNC.COLLECTIVE with every lane in the mask runs the
		   region (R9 = 1), with none in it skips to the target (R10 stays 2) */
		"CGAERRBAR;\nMOV R9, RZ;\nMOV R10, 0x2;\nMOV R11, -0x1;\n"
		"WARPSYNC.COLLECTIVE R11, `(.L_in);\nMOV R9, 0x1;\nENDCOLLECTIVE;\n.L_in:\n"
		"STG.E [R30.64+0x580], R9;\n"
		"WARPSYNC.COLLECTIVE RZ, `(.L_out);\nMOV R10, 0x3;\nENDCOLLECTIVE;\n.L_out:\n"
		"STG.E [R30.64+0x600], R10;\nEXIT;\n");
	const uint32_t want[] = {12, 0xfffffffd, 0x80000005, 0xfffffffd, 5, 5, 0xfffffffd,
				 1, 0xfffffffd, 0xfffffffd, 0xfffffffb, 1, 2};
	for (int t = 0; t < 32; t++)
		for (int i = 0; i < (int)(sizeof want / sizeof want[0]); i++)
			ck_assert_msg(out(&r, t, i) == want[i], "lane %d row %d: got 0x%x, want 0x%x", t, i,
				      out(&r, t, i), want[i]);
	th_free(&r);
}
END_TEST

/* What sm_90 refuses or traps on: a VIMNMX predicate result other than PT (undocumented),
   and a WARPSYNC.COLLECTIVE group partly outside its mask (lanes 0-15 in, 16-31 out) */
START_TEST(hopper_refusals)
{
	th_run r;
	int rc = th_run_text(&r, "v.sass", ".target sm_90\nVIMNMX R2, P0, PT, R3, R4, PT;\nEXIT;\n");
	ck_assert_msg(rc == 2 && r.diag && strstr(r.diag, "2:12: error: VIMNMX: a predicate result other than PT"),
		      "rc %d:\n%s", rc, r.diag ? r.diag : "");
	th_free(&r);
	rc = th_run_text(&r, "c.sass", ".target sm_90\n.block 32\nMOV R2, 0xffff;\n"
			 "WARPSYNC.COLLECTIVE R2, `(.L_e);\nENDCOLLECTIVE;\n.L_e:\nEXIT;\n");
	ck_assert_msg(rc == 3 && r.diag && strstr(r.diag, "WARPSYNC.COLLECTIVE: the issuing lanes 0xffffffff are "
							 "partly outside the mask 0x0000ffff"),
		      "rc %d:\n%s", rc, r.diag ? r.diag : "");
	th_free(&r);
}
END_TEST

/* LOP3.LUT with every table: with a = 0xf0f0f0f0, b = 0xcccccccc, c = 0xaaaaaaaa each byte of
   the result is the table itself (bit i of a byte is the table's entry for a = i & 4,
   b = i & 2, c = i & 1, which is how the table is defined): lut * 0x01010101. Table k goes
   to out[32k + tid]. The common tables have bodies of their own, the others the general
   one. */
START_TEST(lop3_every_table)
{
	size_t cap = 256 * 96 + 512, len = 0;
	char *src = xmalloc(cap);
	len += (size_t)snprintf(src + len, cap - len,
				".target sm_70\n.block 32\n.buffer out u32 8192\n.param u64 out\nS2R R29, SR_TID.X;\n"
				"IMAD.WIDE.U32 R30, R29, 0x4, c[0x0][0x160];\n"
				"MOV R2, 0xf0f0f0f0;\nMOV R3, 0xcccccccc;\nMOV R4, 0xaaaaaaaa;\n");
	for (int k = 0; k < 256; k++)
		len += (size_t)snprintf(src + len, cap - len, "LOP3.LUT R5, R2, R3, R4, 0x%x, !PT;\nSTG.E [R30.64+0x%x], R5;\n",
					k, 0x80 * k);
	snprintf(src + len, cap - len, "EXIT;\n");
	th_run r = run("lop3_tables", src);
	free(src);
	for (int k = 0; k < 256; k++)
		for (int t = 0; t < 32; t += 31)
			ck_assert_msg(out(&r, t, k) == (uint32_t)k * 0x01010101u, "table 0x%x lane %d: got 0x%x", k, t,
				      out(&r, t, k));
	th_free(&r);
}
END_TEST

/* SHF with an immediate amount (one amount for the warp) in every direction, word, width
   and amount class: {c:a} = {0x01234567:0x89abcdef}; the amount is clamped to the width
   (32 or 64), or taken mod the width with .W; left: {c:a} << s, right: logical >> s; the
   low word, or the high one with .HI. want() is that definition on a 64-bit value. */
static uint32_t shf_want(int left, int hi, int wide, int wrap, uint32_t s)
{
	uint64_t v = (uint64_t)0x01234567u << 32 | 0x89abcdefu;
	uint32_t width = wide ? 64 : 32;
	s = wrap ? s & (width - 1) : (s < width ? s : width);
	uint64_t q = s >= 64 ? 0 : left ? v << s : v >> s;
	return hi ? (uint32_t)(q >> 32) : (uint32_t)q;
}

START_TEST(shf_every_form)
{
	static const uint32_t amounts[] = {0, 1, 4, 31, 32, 33, 40, 63, 64, 100};
	enum { NA = sizeof amounts / sizeof amounts[0] };
	size_t cap = 16 * NA * 96 + 512, len = 0;
	char *src = xmalloc(cap);
	len += (size_t)snprintf(src + len, cap - len,
				".target sm_70\n.block 32\n.buffer out u32 8192\n.param u64 out\nS2R R29, SR_TID.X;\n"
				"IMAD.WIDE.U32 R30, R29, 0x4, c[0x0][0x160];\nMOV R2, 0x89abcdef;\nMOV R3, 0x1234567;\n");
	int k = 0;
	for (int f = 0; f < 16; f++)
		for (int i = 0; i < NA; i++, k++)
			len += (size_t)snprintf(src + len, cap - len, "SHF.%s%s.%s%s R5, R2, 0x%x, R3;\nSTG.E [R30.64+0x%x], R5;\n",
						f & 1 ? "L" : "R", f & 8 ? ".W" : "", f & 4 ? "U64" : "U32",
						f & 2 ? ".HI" : "", amounts[i], 0x80 * k);
	snprintf(src + len, cap - len, "EXIT;\n");
	th_run r = run("shf_forms", src);
	free(src);
	k = 0;
	for (int f = 0; f < 16; f++)
		for (int i = 0; i < NA; i++, k++)
			ck_assert_msg(out(&r, 5, k) == shf_want(f & 1, f & 2, f & 4, f & 8, amounts[i]),
				      "SHF form %d by %u: got 0x%x, want 0x%x", f, amounts[i], out(&r, 5, k),
				      shf_want(f & 1, f & 2, f & 4, f & 8, amounts[i]));
	th_free(&r);
}
END_TEST

Suite *volta_int_suite(void)
{
	Suite *s = suite_create("volta_int");
	TCase *t = tcase_create("volta_int");
	tcase_add_test(t, imad_forms);
	tcase_add_test(t, iadd3_carries);
	tcase_add_test(t, specialised_sums);
	tcase_add_test(t, logic_and_shifts);
	tcase_add_test(t, lop3_every_table);
	tcase_add_test(t, shf_every_form);
	tcase_add_test(t, bit_operations);
	tcase_add_test(t, isetp_forms);
	tcase_add_test(t, special_registers_and_moves);
	tcase_add_test(t, uniform_datapath);
	tcase_add_test(t, warp_votes_matches_shuffles);
	tcase_add_test(t, memory_widths_and_addresses);
	tcase_add_test(t, atomics_every_operation);
	tcase_add_test(t, more_widths_and_forms);
	tcase_add_test(t, nvdisasm_text);
	tcase_add_test(t, nvdisasm_listings_match_cuobjdump);
	tcase_add_test(t, errors_are_located);
	tcase_add_test(t, hopper_ops);
	tcase_add_test(t, hopper_refusals);
	suite_add_tcase(s, t);
	return s;
}
