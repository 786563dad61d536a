/* sm_70+ floating point (isa/sm70.def's last block, asm/sel_float.c and the half, double and conversion families, emu/ops_float.h ...): every
   case is a one-thread kernel whose listed registers are stored to 'out' and compared with
   values derived by hand from the IEEE rules, in the comment beside each. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define MAXR 16

typedef struct {
	const char *name;
	const char *target;
	const char *code;      /* instructions; R30:R31 hold &out */
	int n;
	struct { int reg; uint32_t want; } r[MAXR];
} fp_case;

static const fp_case cases[] = {
	{"fadd rounding modes: 1 + 2^-24 is a tie", "sm_70",
	 "MOV R0, 0x3f800000;\nMOV R1, 0x33800000;\nFADD R2, R0, R1;\nFADD.RZ R3, R0, R1;\n"
	 "FADD.RM R4, R0, R1;\nFADD.RP R5, R0, R1;\nMOV R6, 0xbf800000;\nMOV R7, 0xb3800000;\n"
	 "FADD.RM R8, R6, R7;\nFADD.RP R9, R6, R7;\nMOV R10, 0x33c00000;\nFADD R11, R0, R10;\n",
	 /* ties to even keep 1.0; RP goes up one ulp (2^-23); for -1 - 2^-24 RM goes down to
	    -(1 + 2^-23), RP up to -1; 1 + 1.5 * 2^-24 is past the tie: 1 + 2^-23 */
	 7, {{2, 0x3f800000}, {3, 0x3f800000}, {4, 0x3f800000}, {5, 0x3f800001}, {8, 0xbf800001},
	     {9, 0xbf800000}, {11, 0x3f800001}}},
	{"fmul and ffma: one rounding", "sm_70",
	 "MOV R0, 0x3f800001;\nFMUL R1, R0, R0;\nFMUL.RP R2, R0, R0;\nFMUL.RZ R3, R0, R0;\n"
	 "MOV R4, 0xbf800002;\nFFMA R5, R0, R0, R4;\nFFMA.RP R6, R0, R0, RZ;\nFFMA.RM R7, R0, R0, RZ;\n",
	 /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: RN and RZ/RM 1 + 2^-22 (0x3f800002), RP one ulp
	    more; fused with c = -(1 + 2^-22) the exact 2^-46 survives (0x28800000) */
	 6, {{1, 0x3f800002}, {2, 0x3f800003}, {3, 0x3f800002}, {5, 0x28800000}, {6, 0x3f800003},
	     {7, 0x3f800002}}},
	{"ftz and sat", "sm_70",
	 "MOV R0, 0x1;\nFADD R1, R0, RZ;\nFADD.FTZ R2, R0, RZ;\nMOV R3, 0x800000;\nFMUL R4, R3, 0.5;\n"
	 "FMUL.FTZ R5, R3, 0.5;\nMOV R6, 0x3f400000;\nFADD.SAT R7, R6, 0.5;\nFADD.SAT R8, R6, -2;\n"
	 "MOV R9, 0x7f800000;\nFADD.SAT R10, R9, -R9;\nMOV R12, 0x80000001;\nFADD.FTZ R13, R12, -RZ;\n",
	 /* the smallest denormal survives without .FTZ, is 0 with it; 2^-126 * 0.5 = 2^-127 is
	    the denormal 0x00400000, flushed to +0; 0.75 + 0.5 saturates to 1.0, 0.75 - 2 to 0,
	    inf - inf (NaN) to 0; -denormal flushed is -0, and -0 + -0 = -0 */
	 8, {{1, 0x1}, {2, 0x0}, {4, 0x00400000}, {5, 0x0}, {7, 0x3f800000}, {8, 0x0}, {10, 0x0},
	     {13, 0x80000000}}},
	{"integer literals in float slots are values", "sm_75",
	 "MOV R0, 0x3f800000;\nFADD R1, R0, 1;\nFMUL R2, R0, -2;\nFFMA R3, R0, 0.5, R0;\nFADD R4, R0, +INF ;\n"
	 "FSEL R5, R0, 1.875, !PT;\nFADD32I R6, R0, 0.25;\nFFMA32I R7, R0, 3, R0;\n",
	 /* 1 + 1 = 2.0, 1 * -2 = -2.0, 1 * 0.5 + 1 = 1.5, 1 + inf = inf; FSEL !PT picks 1.875
	    (0x3ff00000, the high word of the double 1.0, as listings use it); 1.25; 1 * 3 + 1 = 4 */
	 7, {{1, 0x40000000}, {2, 0xc0000000}, {3, 0x3fc00000}, {4, 0x7f800000}, {5, 0x3ff00000},
	     {6, 0x3fa00000}, {7, 0x40800000}}},
	{"fsetp comparisons, unordered operands, combines, ftz", "sm_70",
	 "MOV R20, 0x1;\nMOV R0, 0x3f800000;\nMOV R1, 0x40000000;\nMOV R2, 0x7fc00000;\n"
	 "FSETP.LT.AND P0, P1, R0, R1, PT;\nFSEL R3, R20, RZ, P0;\nFSEL R4, R20, RZ, P1;\n"
	 "FSETP.LT.AND P0, PT, R0, R2, PT;\nFSEL R5, R20, RZ, P0;\n"
	 "FSETP.LTU.AND P0, PT, R0, R2, PT;\nFSEL R6, R20, RZ, P0;\n"
	 "FSETP.NE.AND P0, PT, R0, R2, PT;\nFSEL R7, R20, RZ, P0;\n"
	 "FSETP.NEU.AND P0, PT, R0, R2, PT;\nFSEL R8, R20, RZ, P0;\n"
	 "FSETP.NAN.AND P0, PT, R0, R2, PT;\nFSEL R9, R20, RZ, P0;\n"
	 "FSETP.NUM.AND P0, PT, R0, R1, PT;\nFSEL R10, R20, RZ, P0;\n"
	 "FSETP.GEU.AND P0, PT, R0, R1, PT;\nFSEL R11, R20, RZ, P0;\n"
	 "FSETP.EQ.XOR P0, PT, R0, R0, PT;\nFSEL R12, R20, RZ, P0;\n"
	 "FSETP.LE.AND P3, PT, R0, R1, PT;\nFSETP.GT.OR P0, P1, R0, R1, P3;\nFSEL R13, R20, RZ, P0;\n"
	 "FSEL R14, R20, RZ, P1;\nFSETP.GT.AND P0, P1, R0, R1, !P3;\nFSEL R15, R20, RZ, P1;\n"
	 "MOV R16, 0x1;\nFSETP.GT.AND P0, PT, R16, RZ, PT;\nFSEL R17, R20, RZ, P0;\n"
	 "FSETP.GT.FTZ.AND P0, PT, R16, RZ, PT;\nFSEL R18, R20, RZ, P0;\n",
	 /* 1 < 2: P0 1, P1 = !lt = 0; against NaN: LT 0, LTU 1, NE 0, NEU 1, NAN 1; 1, 2 are
	    ordered: NUM 1; GEU 1 >= 2 is 0; EQ.XOR PT: 1 ^ 1 = 0; with P3 = (1 <= 2) = 1:
	    GT.OR gives 0 | 1 = 1 and !0 | 1 = 1; GT.AND with !P3: !0 & 0 = 0; the denormal is
	    above 0, but not after .FTZ */
	 15, {{3, 1}, {4, 0}, {5, 0}, {6, 1}, {7, 0}, {8, 1}, {9, 1}, {10, 1}, {11, 0}, {12, 0},
	      {13, 1}, {14, 1}, {15, 0}, {17, 1}, {18, 0}}},
	{"fsel and fmnmx", "sm_70",
	 "MOV R0, 0x3f800000;\nMOV R1, 0x40000000;\nMOV R2, 0x7fc00000;\nMOV R3, 0x80000000;\n"
	 "FMNMX R4, R0, R1, PT;\nFMNMX R5, R0, R1, !PT;\nFMNMX R6, R2, R1, PT;\nFMNMX R7, R2, R2, !PT;\n"
	 "FMNMX R8, R3, RZ, PT;\nFMNMX R9, RZ, R3, !PT;\nFSEL R10, R0, R1, !PT;\n"
	 "FSETP.GT.AND P0, PT, R1, R0, PT;\nFSEL R11, R0, -R1, !P0;\nFMNMX R12, -R0, |R3|, PT;\n",
	 /* PT: min(1, 2) = 1; !PT: max = 2; a NaN gives the other operand; two NaNs the
	    canonical NaN; -0 < +0 for both; FSEL !PT: b; P0 = 2 > 1 so !P0 picks -2;
	    min(-1, |-0|) = -1 */
	 9, {{4, 0x3f800000}, {5, 0x40000000}, {6, 0x40000000}, {7, 0x7fffffff}, {8, 0x80000000},
	     {9, 0x0}, {10, 0x40000000}, {11, 0xc0000000}, {12, 0xbf800000}}},
	{"frnd", "sm_70",
	 "MOV R0, 0x40200000;\nMOV R1, 0x40600000;\nMOV R2, 0xc0200000;\nFRND R3, R0;\nFRND R4, R1;\n"
	 "FRND.TRUNC R5, R2;\nFRND.FLOOR R6, R2;\nFRND.CEIL R7, R2;\nMOV R9, 0x3e800000;\n"
	 "FRND.CEIL R8, R9;\nFRND.FLOOR R10, -R9;\nFRND.TRUNC R11, -R9;\nMOV R12, 0x0;\nMOV R13, 0xc0040000;\n"
	 "FRND.F64.FLOOR R14, R12;\nFRND.F64 R16, R12;\n",
	 /* 2.5 and 3.5 to nearest even: 2, 4; -2.5: trunc -2, floor -3, ceil -2; 0.25: ceil 1;
	    -0.25: floor -1, trunc -0; the double -2.5: floor -3.0 (0xc0080000_0), nearest even
	    -2.0 (0xc0000000_0) */
	 11, {{3, 0x40000000}, {4, 0x40800000}, {5, 0xc0000000}, {6, 0xc0400000}, {7, 0xc0000000},
	      {8, 0x3f800000}, {10, 0xbf800000}, {11, 0x80000000}, {14, 0x0}, {15, 0xc0080000},
	      {17, 0xc0000000}}},
	{"f2i widths, modes and saturation", "sm_70",
	 "MOV R0, 0xc0200000;\nF2I.TRUNC R1, R0;\nF2I.FLOOR R2, R0;\nF2I.CEIL R3, R0;\nF2I R4, R0;\n"
	 "MOV R5, 0x40600000;\nF2I R6, R5;\nF2I.U32.TRUNC R7, R0;\nMOV R8, 0x4f32d05e;\nF2I.TRUNC R9, R8;\n"
	 "F2I.U32.TRUNC R10, R8;\nMOV R11, 0x7fc00000;\nF2I.FTZ.U32.TRUNC.NTZ R12, R11;\nF2I.TRUNC R13, R11;\n"
	 "MOV R14, 0x53800000;\nF2I.U64.TRUNC R16, R14;\nMOV R20, 0x0;\nMOV R21, 0xc0040000;\n"
	 "F2I.F64.TRUNC R18, R20;\n",
	 /* -2.5: trunc -2, floor -3, ceil -2, nearest even -2; 3.5 to nearest even 4; -2.5 to
	    u32 saturates to 0; 3e9 (exact in f32) saturates s32 to 0x7fffffff and is
	    3000000000 = 0xb2d05e00 as u32; NaN gives 0; 2^40 as u64: 0x100_00000000; the
	    double -2.5 truncated: -2 */
	 13, {{1, 0xfffffffe}, {2, 0xfffffffd}, {3, 0xfffffffe}, {4, 0xfffffffe}, {6, 4}, {7, 0},
	      {9, 0x7fffffff}, {10, 0xb2d05e00}, {12, 0}, {13, 0}, {16, 0}, {17, 0x100}, {18, 0xfffffffe}}},
	{"i2f widths and modes", "sm_70",
	 "MOV R0, 0x1000001;\nI2F.RP R1, R0;\nI2F R2, R0;\nMOV R3, 0x1000003;\nI2F.RZ R4, R3;\nI2F R5, R3;\n"
	 "MOV R6, 0xffffffff;\nI2F.U32.RP R7, R6;\nI2F R8, R6;\nI2F.U32 R9, R6;\nI2F.F64 R10, R6;\n"
	 "MOV R12, 0x1;\nMOV R13, 0x1;\nI2F.U64.RP R14, R12;\nI2F.U64 R15, R12;\nI2F.S16 R16, R6;\n"
	 "I2F.U16 R17, R6;\n",
	 /* 2^24 + 1 lies between 2^24 and 2^24 + 2: RP 16777218 (0x4b800001), RN the even
	    2^24; 2^24 + 3: RZ 2^24 + 2, RN the even 2^24 + 4 (0x4b800002); 0xffffffff: u32 RP and
	    RN 2^32, s32 -1.0, f64 -1.0 (0xbff00000_0); u64 2^32 + 1: RP 2^32 + 2^9 (0x4f800001),
	    RN 2^32; as s16 -1.0, as u16 65535.0 (0x477fff00) */
	 13, {{1, 0x4b800001}, {2, 0x4b800000}, {4, 0x4b800001}, {5, 0x4b800002}, {7, 0x4f800000},
	      {8, 0xbf800000}, {9, 0x4f800000}, {10, 0x0}, {11, 0xbff00000}, {14, 0x4f800001},
	      {15, 0x4f800000}, {16, 0xbf800000}, {17, 0x477fff00}}},
	{"i2fp (sm_86)", "sm_86",
	 "MOV R0, 0xfffffff9;\nI2FP.F32.S32 R1, R0;\nMOV R2, 0x80000000;\nI2FP.F32.U32 R3, R2;\n"
	 "I2FP.F32.S32 R4, R2;\nMOV R6, 0xffffffff;\nI2FP.F32.U32.RZ R5, R6;\n",
	 /* -7.0; 2^31; -2^31; 2^32 - 1 toward zero: the largest float below 2^32, 0x4f7fffff */
	 4, {{1, 0xc0e00000}, {3, 0x4f000000}, {4, 0xcf000000}, {5, 0x4f7fffff}}},
	{"f2f between f16, f32 and f64", "sm_70",
	 "MOV R0, 0x400000;\nMOV R1, 0x3ff00000;\nF2F.F32.F64 R2, R0;\nF2F.F32.F64.RP R3, R0;\n"
	 "MOV R4, 0x3dcccccd;\nF2F.F64.F32 R6, R4;\nMOV R8, 0x3f800000;\nF2F.F16.F32 R9, R8;\n"
	 "MOV R10, 0x477ff000;\nF2F.F16.F32 R11, R10;\nF2F.F16.F32.RZ R12, R10;\nMOV R13, 0x33000000;\n"
	 "F2F.F16.F32 R14, R13;\nMOV R15, 0x33400000;\nF2F.F16.F32 R16, R15;\nMOV R17, 0x3555;\n"
	 "F2F.F32.F16 R18, R17;\n",
	 /* the double 1 + 2^-30: RN 1.0, RP 1 + 2^-23; 0.1f widened exactly: 0x3fb99999_a0000000;
	    1.0 is the half 0x3c00; 65520 is the tie between 65504 and 2^16: RN overflows to inf
	    (0x7c00), RZ keeps 65504 (0x7bff); 2^-25 is the tie between 0 and the smallest
	    denormal 2^-24: RN the even 0; 0.75 * 2^-24 rounds to 2^-24 (0x0001); the half
	    0x3555 = 1365/4096 = 0x3eaaa000 */
	 10, {{2, 0x3f800000}, {3, 0x3f800001}, {6, 0xa0000000}, {7, 0x3fb99999}, {9, 0x3c00},
	      {11, 0x7c00}, {12, 0x7bff}, {14, 0x0}, {16, 0x1}, {18, 0x3eaaa000}}},
	{"doubles: modes, fused rounding, literals, dsetp", "sm_70",
	 "MOV R0, 0x0;\nMOV R1, 0x3ff00000;\nMOV R2, 0x0;\nMOV R3, 0x3ca00000;\nDADD R4, R0, R2;\n"
	 "DADD.RP R6, R0, R2;\nMOV R8, 0x1;\nMOV R9, 0x3ff00000;\nMOV R10, 0x2;\nMOV R11, 0xbff00000;\n"
	 "DFMA R12, R8, R8, R10;\nDMUL.RM R14, R8, R8;\nDMUL.RP R16, R8, R8;\nDADD R18, R0, -1;\n"
	 "DFMA R20, R0, -2, R0;\nDADD R22, R0, +INF ;\nMOV R26, 0x1;\nDSETP.GT.AND P0, P1, R0, R2, PT;\n"
	 "FSEL R24, R26, RZ, P0;\nFSEL R25, R26, RZ, P1;\n",
	 /* 1 + 2^-53 is a tie: RN 1.0, RP 1 + 2^-52 (low word 1); (1 + 2^-52)^2 = 1 + 2^-51 +
	    2^-104: fused with -(1 + 2^-51) exactly 2^-104 (0x39700000_0), RM 1 + 2^-51 (low 2),
	    RP low 3; 1 + -1 = +0; 1 * -2 + 1 = -1; 1 + inf = inf; 1 > 2^-53: P0 1, P1 0 */
	 13, {{4, 0x0}, {5, 0x3ff00000}, {6, 0x1}, {7, 0x3ff00000}, {12, 0x0}, {13, 0x39700000},
	      {14, 0x2}, {16, 0x3}, {19, 0x0}, {21, 0xbff00000}, {23, 0x7ff00000}, {24, 1}, {25, 0}}},
	{"mufu functions and special operands", "sm_70",
	 "MOV R0, 0x40800000;\nMUFU.RCP R1, R0;\nMUFU.RSQ R2, R0;\nMOV R3, 0x41800000;\nMUFU.SQRT R4, R3;\n"
	 "MOV R5, 0x40400000;\nMUFU.EX2 R6, R5;\nMOV R7, 0x41000000;\nMUFU.LG2 R8, R7;\nMOV R9, 0x3e800000;\n"
	 "MUFU.SIN R10, R9;\nMOV R11, 0x3f000000;\nMUFU.COS R12, R11;\nMUFU.RCP R13, -RZ;\nMOV R14, 0xbf800000;\n"
	 "MUFU.RSQ R15, R14;\nMOV R16, 0x1;\nMUFU.RCP R17, R16;\nMOV R18, 0x40000000;\nMUFU.RCP64H R19, R18;\n"
	 "MUFU.RSQ R20, -QNAN ;\nMOV R22, 0x40100000;\nMUFU.RSQ64H R21, R22;\nMOV R24, 0x3fa00000;\n"
	 "MUFU.SIN R23, R24;\n",
	 /* 1/4, 1/sqrt 4, sqrt 16, 2^3, log2 8; SIN and COS take turns: sin(2 pi / 4) = 1,
	    cos(pi) = -1; 1/-0 = -inf; 1/sqrt(-1) the canonical NaN; a denormal reads as 0, so
	    1/x = inf; high words: 1/2.0 = 0.5 (0x3fe00000), 1/sqrt(4.0) = 0.5; NaN in, canonical
	    NaN out; 1.25 turns is 0.25 turns: 1 */
	 14, {{1, 0x3e800000}, {2, 0x3f000000}, {4, 0x40800000}, {6, 0x41000000}, {8, 0x40400000},
	      {10, 0x3f800000}, {12, 0xbf800000}, {13, 0xff800000}, {15, 0x7fffffff}, {17, 0x7f800000},
	      {19, 0x3fe00000}, {20, 0x7fffffff}, {21, 0x3fe00000}, {23, 0x3f800000}}},
	{"mufu.tanh (sm_75)", "sm_75",
	 "MOV R0, 0x41a00000;\nMUFU.TANH R1, R0;\nMUFU.TANH R2, RZ;\nMUFU.TANH R3, -R0;\n",
	 /* tanh 20 is 1 - 8.5e-18, 1.0 as a float; tanh 0 = 0; tanh -20 = -1.0 */
	 3, {{1, 0x3f800000}, {2, 0x0}, {3, 0xbf800000}}},
	{"half pairs: the HFMA2.MMA move, HADD2, HMUL2, HFMA2", "sm_80",
	 "HFMA2.MMA R0, -RZ, RZ, 1.875, 0;\nHFMA2.MMA R1, -RZ, RZ, 0, 5.9604644775390625e-08;\n"
	 "HFMA2.MMA R2, -RZ, RZ, 1, 2;\nHADD2 R3, R2, 0.5, 0.5;\nHMUL2 R4, R2, R2;\n"
	 "HFMA2.MMA R5, -RZ, RZ, 1.0009765625, 2048;\nHFMA2.MMA R6, -RZ, RZ, -1.001953125, 1;\n"
	 "HFMA2 R7, R5, R5, R6;\nHADD2 R8, R5, 0, 1;\nHADD2 R9, -R2, RZ;\nHADD2.SAT R10, R2, -0.5, -3;\n"
	 "MOV R13, 0x18001;\nHADD2.FTZ R12, R13, -RZ;\nHADD2 R14, R13, RZ;\n",
	 /* the first literal is the high half (ptxas moves 1 into a register as "0, 5.96e-08":
	    the half 0x0001 low; atomglobal.sm_80 adds that register as the integer 1), so
	    "1.875, 0" is 0x3f80_0000 = 1.0f; -RZ * RZ = -0 leaves c exact; (1, 2) = 0x3c00_4000;
	    + 0.5: (1.5, 2.5) = 0x3e00_4100; squared: (1, 4) = 0x3c00_4400; (1 + 2^-10)^2 -
	    (1 + 2^-9) = 2^-20 exactly, the denormal 0x0010 (fused), 2048^2 + 1 overflows: 0x7c00;
	    2048 + 1 is the tie between 2048 and 2050: the even 2048 (0x6800); -(1, 2) + 0 =
	    0xbc00_c000; .SAT: (0.5, -1 -> 0) = 0x3800_0000; .FTZ flushes the denormals 0x0001 and
	    0x8001 to +0 and -0, plus -0: (+0, -0) = 0x0000_8000; without, -denormal + +0 keeps it */
	 13, {{0, 0x3f800000}, {1, 0x1}, {2, 0x3c004000}, {3, 0x3e004100}, {4, 0x3c004400},
	      {5, 0x3c016800}, {6, 0xbc023c00}, {7, 0x00107c00}, {8, 0x3c016800}, {9, 0xbc00c000},
	      {10, 0x38000000}, {12, 0x00008000}, {14, 0x00018001}}},
	{"half swizzles, the .F32 widening, relu, bf16 pairs", "sm_80",
	 "HFMA2.MMA R0, -RZ, RZ, 1.5, -2;\nHADD2.F32 R1, -RZ, R0.H0_H0;\nHADD2.F32 R2, -RZ, R0.H1_H1;\n"
	 "HADD2 R3, R0.H1_H1, R0.H0_H0;\nHMUL2 R4, R0, R0.H1_H0;\nHFMA2.RELU R5, R0, 1, 1, RZ;\n"
	 "MOV R6, 0x3f80c000;\nMOV R7, 0x40404040;\nHFMA2.BF16_V2 R8, R6, R7, -RZ;\nMOV R9, 0x3f813f81;\n"
	 "MOV R10, 0xbf82bf82;\nHFMA2.BF16_V2 R11, R9, R9, R10;\nHFMA2.BF16_V2 R12, R9, R9, -RZ;\n",
	 /* (1.5, -2) = 0x3e00_c000; -0 + the low half -2 as a single: 0xc0000000; the high one
	    1.5: 0x3fc00000; 1.5 + -2 in both lanes: (-0.5, -0.5) = 0xb800_b800; squared pair
	    (2.25, 4) = 0x4080_4400; relu: (1.5, -2 -> 0) = 0x3e00_0000; bf16 (1, -2) * (3, 3) =
	    (3, -6) = 0x4040_c0c0; (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14: fused with -(1 + 2^-6) the
	    exact 2^-14 (bf16 0x3880), alone rounded to 1 + 2^-6 (0x3f82) */
	 9, {{1, 0xc0000000}, {2, 0x3fc00000}, {3, 0xb800b800}, {4, 0x40804400}, {5, 0x3e000000},
	     {8, 0x4040c0c0}, {11, 0x38803880}, {12, 0x3f823f82}, {0, 0x3e00c000}}},
	{"f2fp packs, hsetp2, hmnmx2, fchk", "sm_80",
	 "MOV R0, 0x3f800000;\nMOV R1, 0x40000000;\nF2FP.PACK_AB R2, R0, R1;\nMOV R3, 0x3f808000;\n"
	 "MOV R4, 0x3f818000;\nF2FP.BF16.PACK_AB R5, R3, R4;\nMOV R20, 0x1;\n"
	 "HFMA2.MMA R6, -RZ, RZ, 1, 3;\nHFMA2.MMA R7, -RZ, RZ, 2, 2;\nHSETP2.GT.AND P0, P1, R6, R7, PT;\n"
	 "FSEL R8, R20, RZ, P0;\nFSEL R9, R20, RZ, P1;\nHSETP2.GT.H_AND P2, P3, R6, R7, PT;\n"
	 "FSEL R10, R20, RZ, P2;\nFSEL R11, R20, RZ, P3;\nHMNMX2 R12, R6, R7, PT;\n"
	 "MOV R13, 0x40400000;\nFCHK P4, R0, R13;\nFSEL R14, R20, RZ, P4;\nFCHK P5, R0, RZ;\nFSEL R15, R20, RZ, P5;\n",
	 /* (1.0, 2.0) as halves, a high: 0x3c00_4000; bf16: 1 + 2^-8 is the tie between 0x3f80
	    and 0x3f81, the even 0x3f80; 1 + 3 * 2^-8 the tie between 0x3f81 and 0x3f82, the
	    even 0x3f82; (1, 3) > (2, 2): low 3 > 2 true (P0), high 1 > 2 false (P1); .H_AND:
	    both? no: P2 0, P3 1; min per half (1, 2) = 0x3c00_4000; 1 / 3 takes the fast path,
	    1 / 0 the slow one */
	 9, {{2, 0x3c004000}, {5, 0x3f803f82}, {8, 1}, {9, 0}, {10, 0}, {11, 1}, {12, 0x3c004000},
	     {14, 0}, {15, 1}}},
	{"i2f and f2f of a 64-bit constant: low word at the offset, high at +4", "sm_75",
	 ".const 3 0x8 u64 0x10000000003 0xffffffffffffffff 0x100000000\n.const 3 0x20 f64 1.5\n"
	 "I2F.U64 R0, c[0x3][0x8];\nI2F.U64.RP R1, c[0x3][0x8];\nI2F.F64.U64 R2, c[0x3][0x8];\n"
	 "I2F.S64 R4, c[0x3][0x10];\nI2F.U64 R5, c[0x3][0x10];\nI2F.F32.U64 R6, c[0x3][0x18];\n"
	 "F2F.F32.F64 R7, c[0x3][0x20];\nF2F.F32.F64 R8, -c[0x3][0x20];\n",
	 /* 2^40 + 3: a single's ulp at 2^40 is 2^17, so RN drops the 3 (2^40: field 167,
	    0x53800000) and RP goes up one ulp (0x53800001); as a double it is exact: field
	    1023 + 40 = 0x427, fraction 3 << 12 = 0x3000: 0x42700000_00003000; all ones is -1
	    signed (0xbf800000) and 2^64 - 1 unsigned, 2^64 to nearest (0x5f800000); the high
	    word alone, 2^32 (0x4f800000); the double 1.5 (0x3ff80000_00000000) as a single
	    0x3fc00000, negated 0xbfc00000 */
	 9, {{0, 0x53800000}, {1, 0x53800001}, {2, 0x00003000}, {3, 0x42700000}, {4, 0xbf800000},
	     {5, 0x5f800000}, {6, 0x4f800000}, {7, 0x3fc00000}, {8, 0xbfc00000}}},
	{"div.rn.f32's fast path as ptxas emits it (sm_70)", "sm_70",
	 "MOV R2, 0x3f800000;\nMOV R3, 0x40400000;\nMUFU.RCP R6, R3;\nFCHK P0, R2, R3;\nFFMA R5, -R3, R6, 1;\n"
	 "FFMA R5, R6, R5, R6;\nFFMA R6, R2, R5, RZ;\nFFMA R7, -R3, R6, R2;\nFFMA R5, R5, R7, R6;\n"
	 "MOV R20, 0x1;\nFSEL R8, R20, RZ, P0;\nMOV R12, 0x41b00000;\nMOV R13, 0x40e00000;\nMUFU.RCP R16, R13;\n"
	 "FFMA R15, -R13, R16, 1;\nFFMA R15, R16, R15, R16;\nFFMA R16, R12, R15, RZ;\nFFMA R17, -R13, R16, R12;\n"
	 "FFMA R15, R15, R17, R16;\n",
	 /* the correctly rounded quotients 1/3 = 0x3eaaaaab and 22/7 = 3.142857 (0x40492492);
	    1/3 needs no slow path */
	 3, {{5, 0x3eaaaaab}, {8, 0}, {15, 0x40492492}}},
	{"div.rn.f64's fast path as ptxas emits it (sm_70)", "sm_70",
	 "MOV R2, 0x0;\nMOV R3, 0x3ff00000;\nMOV R4, 0x0;\nMOV R5, 0x40080000;\nMOV R6, 0x1;\nMUFU.RCP64H R7, R5;\n"
	 "DFMA R10, -R4, R6, 1;\nDFMA R10, R10, R10, R10;\nDFMA R10, R6, R10, R6;\nDFMA R12, -R4, R10, 1;\n"
	 "DFMA R12, R10, R12, R10;\nDMUL R10, R2, R12;\nDFMA R14, -R4, R10, R2;\nDFMA R10, R12, R14, R10;\n",
	 /* the seed is the high word of 1/3 with the low word 1, refined: 1/3 correctly rounded,
	    0x3fd55555_55555555 */
	 2, {{10, 0x55555555}, {11, 0x3fd55555}}},
	{"sqrtf's fast path as ptxas emits it (sm_89)", "sm_89",
	 "MOV R0, 0x40000000;\nMUFU.RSQ R5, R0;\nFMUL.FTZ R3, R0, R5;\nFMUL.FTZ R5, R5, 0.5;\n"
	 "FFMA R0, -R3, R3, R0;\nFFMA R5, R0, R5, R3;\nMOV R10, 0x41200000;\nMUFU.RSQ R15, R10;\n"
	 "FMUL.FTZ R13, R10, R15;\nFMUL.FTZ R15, R15, 0.5;\nFFMA R10, -R13, R13, R10;\nFFMA R15, R10, R15, R13;\n",
	 /* the correctly rounded square roots: sqrt 2 = 1.41421354 (0x3fb504f3), sqrt 10 =
	    3.1622777 (0x404a62c2) */
	 2, {{5, 0x3fb504f3}, {15, 0x404a62c2}}},
};

START_TEST(fp_case_runs)
{
	const fp_case *k = &cases[_i];
	char src[4096];
	int len = snprintf(src, sizeof src,
			   ".target %s\n.block 1\n.buffer out u32 %d\n.param u64 out\n"
			   "MOV R30, c[0x0][0x160];\nMOV R31, c[0x0][0x164];\n%s",
			   k->target, MAXR, k->code);
	for (int i = 0; i < k->n; i++)
		len += snprintf(src + len, sizeof src - (size_t)len, "STG.E [R30+0x%x], R%d;\n", 4 * i, k->r[i].reg);
	snprintf(src + len, sizeof src - (size_t)len, "EXIT;\n");
	ck_assert_msg(len < (int)sizeof src - 8, "%s: kernel text too long", k->name);
	th_run r;
	int rc = th_run_text(&r, "vfp", src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", k->name, rc, r.diag);
	for (int i = 0; i < k->n; i++) {
		uint32_t got = th_word(&r, "out", i);
		ck_assert_msg(got == k->r[i].want, "%s: R%d = 0x%08x, want 0x%08x", k->name, k->r[i].reg, got,
			      k->r[i].want);
	}
	th_free(&r);
}
END_TEST

/* div.rn.f32 of signed zeros through ptxas's own code (tests/gen/sass/fsqrtdiv.*: MUFU.RCP,
   FCHK, the Newton step, FFMA q, a, r, RZ and the slow-path call), Maxwell to Hopper. IEEE
   754: a zero quotient's sign is the XOR of the operands' signs, so -0/5 and 0/-5 are -0
   (0x80000000) and -0/-5, 0/5 are +0; 6/3 = 2 (0x40000000) stays on the fast path; -0/inf
   = -0. The spec (tests/volta/fdivzero/fdivzero.spec) expects the same words. */
START_TEST(fdiv_signed_zero)
{
	static const char *const targets[] = {"sm_52", "sm_70", "sm_80", "sm_90"};
	static const uint32_t want[6] = {0x80000000, 0x80000000, 0, 0, 0x40000000, 0x80000000};
	char path[128];
	snprintf(path, sizeof path, "gen/sass/fsqrtdiv.%s.sass", targets[_i]);
	th_run r;
	int rc = th_run_file(&r, path, "volta/fdivzero/fdivzero.spec");
	ck_assert_msg(rc == 0, "%s: rc %d\n%.2000s", path, rc, r.diag);
	for (int i = 0; i < 6; i++)
		ck_assert_msg(th_word(&r, "q", i) == want[i], "%s: q[%d] = 0x%08x, want 0x%08x", path, i,
			      th_word(&r, "q", i), want[i]);
	th_free(&r);
}
END_TEST

/* Bad input: a located error (file:line:col) naming the problem, no run. */
static const struct {
	const char *code, *msg;
} bad[] = {
	{"MUFU.TANH R0, R1;", "MUFU.TANH is sm_75 and later"},
	{"HFMA2.MMA R0, -RZ, RZ, 0.1, 0;", "not exactly representable as a half"},
	{"DADD R0, R2, 0.1;", "double immediate has low-word bits set"},
	{"HFMA2 R0, R1, 1, R2;", "a half-pair immediate is two values"},
	{"F2F.F16.F16 R0, R1;", "unsupported conversion types for F2F"},
	{"MUFU R0, R1;", "MUFU needs a function modifier"},
	{"I2F.U64 R0, c[0x3][0xc];", "a 64-bit constant must be 8-byte aligned"},
	{"I2F.U64 R0, 0x1;", "a 64-bit source must be a register pair or a constant"},
	{"HADD2 R0, R1, R2, R3;", "HADD2 has an operand too many"},
	{"HMNMX2 R0, R1, R2, R3;", "HMNMX2 ends with one predicate"},
	{"FADD R0, |R1|.bad, R2;", "unknown suffix '.bad'"},
	{"F2FP R0, R1, R2;", "F2FP is supported in its .PACK_AB, .PACK_AB_MERGE_C, .UNPACK_B and .UNPACK_B_MERGE_C forms"},
	{"F2FP.SATFINITE.E4M3.E5M2.F32.PACK_AB R0, R1, R2;", "F2FP: .E4M3 or .E5M2, not both"},
	{"F2FP.F16.E4M3.UNPACK_B R0, R1, R2;", "F2FP.UNPACK_B is F2FP.F16.E4M3|.E5M2.UNPACK_B d, a"},
	{"F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R0, R1, R2;", "F2FP.PACK_AB_MERGE_C takes d, a, b, c"},
	{"F2FP.SATFINITE.F16.F32.PACK_AB_MERGE_C R0, R1, R2, R3;", "F2FP.PACK_AB_MERGE_C packs 8-bit floats"},
	{"F2FP.SATFINITE.E4M3.UNPACK_B_MERGE_C R0, R1, RZ;", "F2FP.UNPACK_B_MERGE_C is F2FP.E4M3|.E5M2.F16.UNPACK_B_MERGE_C d, a, c"},
	{"F2F.BF16.F64 R0, R2;", "F2F.BF16 converts an F32"},
	{"MUFU.RCP64H.F16 R0, R1;", "MUFU.RCP64H has no .F16 form"},
	{"HFMA2.BF16_V2 R0, R1, 1, R2;", "a half-pair immediate is two values"},
};

START_TEST(fp_bad_input_is_located)
{
	char src[256];
	snprintf(src, sizeof src, ".target sm_70\n%s\nEXIT;\n", bad[_i].code);
	th_run r;
	int rc = th_run_text(&r, "bad", src);
	ck_assert_msg(rc == 2, "%s: rc %d", bad[_i].code, rc);
	ck_assert_msg(strstr(r.diag, "bad:2:") && strstr(r.diag, bad[_i].msg), "%s: diagnostics\n%s", bad[_i].code,
		      r.diag);
	th_free(&r);
}
END_TEST

Suite *volta_fp_suite(void)
{
	Suite *s = suite_create("volta_fp");
	TCase *tc = tcase_create("core");
	tcase_add_loop_test(tc, fp_case_runs, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_loop_test(tc, fdiv_signed_zero, 0, 4);
	tcase_add_loop_test(tc, fp_bad_input_is_located, 0, (int)(sizeof bad / sizeof bad[0]));
	suite_add_tcase(s, tc);
	return s;
}
