/* Instruction semantics, table-driven: each case is a tiny kernel storing results to out[]. */
#include <check.h>
#include <string.h>

#include "harness.h"

/* One thread; R30 points at out[0]. */
#define ONE ".block 1\n.buffer out u32 16\n.param u32 out\nMOV R30, c [0x0] [0x20];\n"
/* Four threads; R30 points at out[tid]. */
#define FOUR ".block 4\n.buffer out u32 16\n.param u32 out\nS2R R29, SR_Tid_X;\n" \
	"ISCADD R30, R29, c [0x0] [0x20], 0x2;\n"

typedef struct {
	const char *name;
	const char *src;
	int n;
	uint32_t want[8];
} exec_case;

static const exec_case cases[] = {
	/* integer add: wrap, negation, 64-bit carry chains, saturation */
	{"iadd wraps", ONE "MOV32I R0, 0x7fffffff;\nIADD R1, R0, 0x1;\nST [R30], R1;\nEXIT;\n", 1, {0x80000000u}},
	{"iadd negated operand", ONE "MOV32I R0, 0x5;\nMOV32I R1, 0x7;\nIADD R2, R0, -R1;\nST [R30], R2;\nEXIT;\n",
	 1, {0xfffffffeu}},
	{"64-bit add carry", ONE "MOV32I R0, 0xffffffff;\nMOV32I R1, 0x1;\nMOV32I R2, 0x1;\nMOV R3, RZ;\n"
	 "IADD R4.CC, R0, R2;\nIADD.X R5, R1, R3;\nST [R30], R4;\nST [R30+0x4], R5;\nEXIT;\n", 2, {0, 2}},
	/* (1:0) - (0:1) = (0:0xffffffff) */
	{"64-bit subtract borrow", ONE "MOV R0, RZ;\nMOV32I R1, 0x1;\nMOV32I R2, 0x1;\nMOV R3, RZ;\n"
	 "IADD R4.CC, R0, -R2;\nIADD.X R5, R1, ~R3;\nST [R30], R4;\nST [R30+0x4], R5;\nEXIT;\n", 2,
	 {0xffffffffu, 0}},
	/* (1:5) - (0:0) = (1:5): subtracting zero carries out */
	{"64-bit subtract zero", ONE "MOV32I R0, 0x5;\nMOV32I R1, 0x1;\nMOV R2, RZ;\nMOV R3, RZ;\n"
	 "IADD R4.CC, R0, -R2;\nIADD.X R5, R1, ~R3;\nST [R30], R4;\nST [R30+0x4], R5;\nEXIT;\n", 2, {5, 1}},
	{"iadd sat", ONE "MOV32I R0, 0x7fffffff;\nIADD.SAT R1, R0, 0x1;\nST [R30], R1;\nEXIT;\n", 1,
	 {0x7fffffffu}},
	{"isub and iadd32i", ONE "MOV32I R0, 0x3;\nISUB R1, R0, 0x5;\nIADD32I R2, R0, 0x12345678;\n"
	 "ST [R30], R1;\nST [R30+0x4], R2;\nEXIT;\n", 2, {0xfffffffeu, 0x1234567bu}},
	/* multiply: -3 * 7 = -21; signed high word -1; unsigned high (0xfffffffd * 7) >> 32 = 6 */
	{"imul lo and hi", ONE "MOV32I R0, 0xfffffffd;\nMOV32I R1, 0x7;\nIMUL R2, R0, R1;\nIMUL.HI R3, R0, R1;\n"
	 "IMUL.U32.U32.HI R4, R0, R1;\nST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nEXIT;\n", 3,
	 {0xffffffebu, 0xffffffffu, 6}},
	{"imad", ONE "MOV32I R0, 0x3;\nMOV32I R1, 0x4;\nIMAD R2, R0, R1, 0x5;\nIMAD R3, R0, -0x2, R1;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nEXIT;\n", 2, {17, 0xfffffffeu}},
	/* A '-' on a factor negates the 64-bit product p; the carry out is "no borrow" of c - p.
	   7 - 0*5 = 7 and does not borrow (carry 1); 7 - 3*5 = -8 borrows (carry 0). */
	{"imad negated product carry", ONE "MOV R0, RZ;\nMOV32I R1, 0x5;\nMOV32I R2, 0x7;\nMOV32I R5, 0x3;\n"
	 "IMAD.U32.U32 R3.CC, -R0, R1, R2;\nIADD.X R4, RZ, RZ;\nIMAD.U32.U32 R6.CC, -R5, R1, R2;\n"
	 "IADD.X R7, RZ, RZ;\nST [R30], R3;\nST [R30+0x4], R4;\nST [R30+0x8], R6;\nST [R30+0xc], R7;\nEXIT;\n",
	 4, {7, 1, 0xfffffff8u, 0}},
	/* 64-bit (1:5) - 0 * 9 as div64's remainder step does it: low c - lo(p), high through
	   IADD.X with the product's high word negated: ~0 + 1 + carry 1 = 1, so (1:5) */
	{"imad negated product 64-bit", ONE "MOV R0, RZ;\nMOV32I R1, 0x9;\nMOV32I R2, 0x5;\nMOV32I R8, 0x1;\n"
	 "IMAD.U32.U32 R3.CC, -R0, R1, R2;\nIMUL.U32.U32.HI R9, R0, R1;\nIADD.X R4, -R9, R8;\n"
	 "ST [R30], R3;\nST [R30+0x4], R4;\nEXIT;\n", 2, {5, 1}},
	/* .HI takes the high word of -p: -(1*1) = 0xffffffff_ffffffff; -(0x20000 * 0x10003) =
	   -0x2_0006_0000 = 0xfffffffd_fffa0000; -(0x10000 * 0x10000) = 0xffffffff_00000000, and
	   IMAD adds c = 5 to its high word: 0xffffffff + 5 = 4. Signed: -(-3 * 7) = 21, high 0. */
	{"imul imad hi negated product", ONE "MOV32I R0, 0x1;\nMOV32I R1, 0x20000;\nMOV32I R2, 0x10003;\n"
	 "MOV32I R3, 0x10000;\nMOV32I R4, 0x5;\nMOV32I R5, 0xfffffffd;\nMOV32I R6, 0x7;\n"
	 "IMUL.U32.U32.HI R10, -R0, R0;\nIMUL.U32.U32.HI R11, -R1, R2;\nIMAD.U32.U32.HI R12, -R3, R3, R4;\n"
	 "IMAD.HI R13, -R5, R6, RZ;\nIMUL R14, -R5, R6;\n"
	 "ST [R30], R10;\nST [R30+0x4], R11;\nST [R30+0x8], R12;\nST [R30+0xc], R13;\nST [R30+0x10], R14;\n"
	 "EXIT;\n", 5, {0xffffffffu, 0xfffffffdu, 4, 0, 21}},
	{"iscadd", ONE "MOV32I R0, 0x3;\nISCADD R1, R0, 0x2, 0x4;\nST [R30], R1;\nEXIT;\n", 1, {50}},
	/* shifts: clamp without .W, wrap with .W, arithmetic unless .U32 */
	{"shl", ONE "MOV32I R0, 0x1;\nMOV32I R4, 0x21;\nSHL R1, R0, 0x1f;\nSHL R2, R0, R4;\nSHL.W R3, R0, R4;\n"
	 "ST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R3;\nEXIT;\n", 3, {0x80000000u, 0, 2}},
	{"shr", ONE "MOV32I R0, 0x80000000;\nMOV32I R4, 0x28;\nSHR R1, R0, 0x4;\nSHR.U32 R2, R0, 0x4;\n"
	 "SHR R3, R0, R4;\nSHR.U32 R5, R0, R4;\nST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R3;\n"
	 "ST [R30+0xc], R5;\nEXIT;\n", 4, {0xf8000000u, 0x08000000u, 0xffffffffu, 0}},
	{"lop", ONE "MOV32I R0, 0xf0f0;\nMOV32I R1, 0xff00;\nLOP.AND R2, R0, R1;\nLOP.OR R3, R0, R1;\n"
	 "LOP.XOR R4, R0, R1;\nLOP.AND R5, R0, ~R1;\nLOP.PASS_B R6, R0, ~R1;\nLOP32I.XOR R7, R0, 0xffffffff;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nST [R30+0xc], R5;\nST [R30+0x10], R6;\n"
	 "ST [R30+0x14], R7;\nEXIT;\n", 6, {0xf000, 0xfff0, 0x0ff0, 0x00f0, 0xffff00ffu, 0xffff0f0fu}},
	/* compares: -1 < 1 signed but not unsigned; the second destination is the complement */
	{"isetp signed unsigned", ONE "MOV32I R0, 0xffffffff;\nMOV32I R1, 0x1;\nMOV32I R8, 0x1;\n"
	 "ISETP.LT.AND P0, P1, R0, R1, pt;\nISETP.LT.U32.AND P2, pt, R0, R1, pt;\n"
	 "SEL R2, R8, RZ, P0;\nSEL R3, R8, RZ, P1;\nSEL R4, R8, RZ, P2;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nEXIT;\n", 3, {1, 0, 0}},
	{"isetp bool ops", ONE "MOV32I R0, 0x5;\nMOV32I R8, 0x1;\nISETP.EQ.AND P3, pt, R0, RZ, pt;\n"
	 "ISETP.GT.OR P0, P1, R0, 0x9, !P3;\nISETP.GT.XOR P2, pt, R0, 0x1, pt;\n"
	 "SEL R2, R8, RZ, P0;\nSEL R3, R8, RZ, P1;\nSEL R4, R8, RZ, P2;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nEXIT;\n", 3, {1, 1, 0}},
	{"icmp imnmx", ONE "MOV32I R0, 0xffffffff;\nMOV32I R1, 0x1;\nMOV32I R3, 0xfffffffb;\n"
	 "ICMP.LT R2, R0, R1, R3;\nIMNMX R4, R0, R1, pt;\nIMNMX R5, R0, R1, !pt;\nIMNMX.U32 R6, R0, R1, pt;\n"
	 "ST [R30], R2;\nST [R30+0x4], R4;\nST [R30+0x8], R5;\nST [R30+0xc], R6;\nEXIT;\n", 4,
	 {0xffffffffu, 0xffffffffu, 1, 1}},
	{"psetp iset", ONE "MOV32I R8, 0x1;\nISETP.EQ.AND P1, pt, R8, 0x1, pt;\nISETP.EQ.AND P2, pt, R8, RZ, pt;\n"
	 "PSETP.AND.OR P0, P3, P1, !P2, P2;\nSEL R2, R8, RZ, P0;\nSEL R3, R8, RZ, P3;\n"
	 "ISET.EQ.AND R4, R8, 0x1, pt;\nISET.EQ.AND.BF R5, R8, 0x1, pt;\nISET.NE.AND R6, R8, 0x1, pt;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nST [R30+0xc], R5;\nST [R30+0x10], R6;\nEXIT;\n",
	 5, {1, 0, 0xffffffffu, 0x3f800000u, 0}},
	/* conversions */
	{"i2f", ONE "MOV32I R0, 0xfffffffd;\nI2F.F32.S32 R1, R0;\nMOV32I R2, 0xffffffff;\nI2F.F32.U32 R3, R2;\n"
	 "ST [R30], R1;\nST [R30+0x4], R3;\nEXIT;\n", 2, {0xc0400000u, 0x4f800000u}},
	/* -2.7 trunc -2; 2.5 nearest-even 2; -2.5 floor -3; 2.1 ceil 3; -1.0 to U32 clamps 0 */
	{"f2i rounding and clamp", ONE "MOV32I R0, 0xc02ccccd;\nMOV32I R1, 0x40200000;\nMOV32I R2, 0xc0200000;\n"
	 "MOV32I R3, 0x40066666;\nMOV32I R4, 0xbf800000;\nF2I.S32.F32.TRUNC R5, R0;\nF2I.S32.F32 R6, R1;\n"
	 "F2I.S32.F32.FLOOR R7, R2;\nF2I.S32.F32.CEIL R8, R3;\nF2I.U32.F32.TRUNC R9, R4;\n"
	 "ST [R30], R5;\nST [R30+0x4], R6;\nST [R30+0x8], R7;\nST [R30+0xc], R8;\nST [R30+0x10], R9;\nEXIT;\n",
	 5, {0xfffffffeu, 2, 0xfffffffdu, 3, 0}},
	/* f2f: 2.7 trunc 2.0; float 1.5 to double 0x3ff8000000000000 and back */
	{"f2f", ONE "MOV32I R0, 0x402ccccd;\nF2F.F32.F32.TRUNC R1, R0;\nMOV32I R2, 0x3fc00000;\n"
	 "F2F.F64.F32 R4, R2;\nF2F.F32.F64 R6, R4;\nST [R30], R1;\nST [R30+0x4], R4;\nST [R30+0x8], R5;\n"
	 "ST [R30+0xc], R6;\nEXIT;\n", 4, {0x40000000u, 0, 0x3ff80000u, 0x3fc00000u}},
	{"i2i", ONE "MOV32I R0, 0x80;\nI2I.S32.S8 R1, R0;\nMOV32I R2, 0x12c;\nI2I.U8.S32.SAT R3, R2;\n"
	 "I2I.U8.S32 R4, R2;\nMOV32I R5, 0xfffffff9;\nI2I.S32.S32 R6, -R5;\n"
	 "ST [R30], R1;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nST [R30+0xc], R6;\nEXIT;\n", 4,
	 {0xffffff80u, 255, 0x2c, 7}},
	/* floating point: 1.5 + 2.25 = 3.75, 1.5 - 2.25 = -0.75, |-2.25| * 0.5 = 1.125 */
	{"fadd fmul", ONE "MOV32I R0, 0x3fc00000;\nMOV32I R1, 0x40100000;\nMOV32I R7, 0xc0100000;\n"
	 "FADD R2, R0, R1;\nFADD R3, R0, -R1;\nFMUL R4, |R7|, 0x3f000;\nFMUL32I R5, R0, 2.0;\n"
	 "FADD32I R6, R0, -1.5;\nST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nST [R30+0xc], R5;\n"
	 "ST [R30+0x10], R6;\nEXIT;\n", 5, {0x40700000u, 0xbf400000u, 0x3f900000u, 0x40400000u, 0}},
	/* (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 only with a single rounding */
	{"ffma is fused", ONE "MOV32I R0, 0x3f800800;\nMOV32I R1, 0xbf801000;\nFFMA R2, R0, R0, R1;\n"
	 "FMUL R3, R0, R0;\nFADD R4, R3, R1;\nST [R30], R2;\nST [R30+0x4], R4;\nEXIT;\n", 2, {0x33800000u, 0}},
	/* fl(1/3) = 11184811 * 2^-25, so 3 * fl(1/3) = 1 + 2^-25 exactly: .RP rounds it up to
	   1 + 2^-23, .RM (and nearest) down to 1.0 */
	{"rounding modes", ONE "MOV32I R0, 0x3f800000;\nMOV32I R1, 0x40400000;\nMUFU.RCP R2, R1;\n"
	 "FMUL R3, R0, R2;\nFMUL.RP R4, R1, R2;\nFMUL.RM R5, R1, R2;\n"
	 "ST [R30], R3;\nST [R30+0x4], R4;\nST [R30+0x8], R5;\nEXIT;\n", 3, {0x3eaaaaabu, 0x3f800001u, 0x3f800000u}},
	{"fsetp unordered", ONE "MOV32I R0, 0x7fc00000;\nMOV32I R1, 0x3f800000;\nMOV32I R8, 0x1;\n"
	 "FSETP.GTU.AND P0, pt, R0, R1, pt;\nFSETP.GT.AND P1, pt, R0, R1, pt;\nFSETP.LT.AND P2, pt, R1, 0x40000, pt;\n"
	 "SEL R2, R8, RZ, P0;\nSEL R3, R8, RZ, P1;\nSEL R4, R8, RZ, P2;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nEXIT;\n", 3, {1, 0, 1}},
	{"fmnmx", ONE "MOV32I R0, 0x3f800000;\nMOV32I R1, 0x40000000;\nFMNMX R2, R0, R1, pt;\nFMNMX R3, R0, R1, !pt;\n"
	 "ST [R30], R2;\nST [R30+0x4], R3;\nEXIT;\n", 2, {0x3f800000u, 0x40000000u}},
	{"mufu", ONE "MOV32I R0, 0x40800000;\nMUFU.RCP R1, R0;\nMUFU.RSQ R2, R0;\nMOV32I R3, 0x40400000;\n"
	 "RRO.EX2 R3, R3;\nMUFU.EX2 R4, R3;\nMOV32I R5, 0x41000000;\nMUFU.LG2 R6, R5;\nMUFU.COS R7, RZ;\n"
	 "ST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R4;\nST [R30+0xc], R6;\nST [R30+0x10], R7;\nEXIT;\n",
	 5, {0x3e800000u, 0x3f000000u, 0x41000000u, 0x40400000u, 0x3f800000u}},
	/* bit operations */
	{"popc flo", ONE "MOV32I R0, 0xf0f0;\nPOPC R1, R0;\nMOV32I R2, 0x10000;\nFLO.U32 R3, R2;\nFLO.U32 R4, RZ;\n"
	 "POPC R5, R0, 0xff;\nST [R30], R1;\nST [R30+0x4], R3;\nST [R30+0x8], R4;\nST [R30+0xc], R5;\nEXIT;\n", 4,
	 {8, 16, 0xffffffffu, 4}},
	{"bfe bfi", ONE "MOV32I R0, 0xabcd1234;\nBFE.U32 R1, R0, 0x804;\nMOV32I R2, 0xf0;\nBFE R3, R2, 0x404;\n"
	 "MOV32I R4, 0xab;\nMOV32I R5, 0x11223344;\nBFI R6, R4, 0x808, R5;\n"
	 "ST [R30], R1;\nST [R30+0x4], R3;\nST [R30+0x8], R6;\nEXIT;\n", 3, {0x23, 0xffffffffu, 0x1122ab44u}},
	{"vadd vmnmx acc", ONE "MOV32I R0, 0x5;\nMOV32I R1, 0xfffffffd;\nMOV32I R2, 0xa;\nVADD.ACC R3, R0, 0x2, R2;\n"
	 "VMNMX.ACC R4, R0, R1, R2;\nVMNMX.UD.U32.U32.ACC R5, R0, R1, R2;\n"
	 "ST [R30], R3;\nST [R30+0x4], R4;\nST [R30+0x8], R5;\nEXIT;\n", 3, {17, 7, 15}},
	/* max(max(-5, 3), 2) = 3 signed; min(5, 7) = 5 plain; max(min(-5, 3), 5) = 5; unsigned
	   max(max(0xfffffffb, 3), 2) = 0xfffffffb; 0x7fffffff + 1 saturates signed */
	{"video secondary ops", ONE "MOV32I R0, 0xfffffffb;\nMOV32I R1, 0x3;\nMOV32I R2, 0x2;\nMOV32I R5, 0x5;\n"
	 "VMNMX.MX.MAX R3, R0, R1, R2;\nVMNMX R4, R5, 0x7, RZ;\nVMNMX.MAX R6, R0, R1, R5;\n"
	 "VMNMX.UD.U32.U32.MX.MAX R7, R0, R1, R2;\nMOV32I R8, 0x7fffffff;\nVADD.SAT R9, R8, 0x1, RZ;\n"
	 "VADD.MIN R10, R1, R2, R5;\nST [R30], R3;\nST [R30+0x4], R4;\nST [R30+0x8], R6;\nST [R30+0xc], R7;\n"
	 "ST [R30+0x10], R9;\nST [R30+0x14], R10;\nEXIT;\n", 6, {3, 5, 5, 0xfffffffbu, 0x7fffffffu, 5}},
	/* doubles: 1.5 + 2.25 = 3.75; 1.5 * -2.25 = -3.375; 1.5 * 2.25 + 1.5 = 4.875;
	   1.5 + 1.0 (20-bit immediate) = 2.5; 2.25 > 1.5; min = 1.5; 3.75 as a float */
	{"doubles", ONE "MOV R0, RZ;\nMOV32I R1, 0x3ff80000;\nMOV R2, RZ;\nMOV32I R3, 0x40020000;\n"
	 "DADD R4, R0, R2;\nDMUL R6, R0, -R2;\nDFMA R8, R0, R2, R0;\nDADD R10, R0, 0x3ff00;\n"
	 "DSETP.GT.AND P0, pt, R2, R0, pt;\nMOV32I R20, 0x1;\nSEL R21, R20, RZ, P0;\nDMNMX R12, R0, R2, pt;\n"
	 "F2F.F32.F64 R14, R4;\nST [R30], R4;\nST [R30+0x4], R5;\nST [R30+0x8], R7;\nST [R30+0xc], R9;\n"
	 "ST [R30+0x10], R11;\nST [R30+0x14], R21;\nST [R30+0x18], R13;\nST [R30+0x1c], R14;\nEXIT;\n", 8,
	 {0, 0x400e0000u, 0xc00b0000u, 0x40138000u, 0x40040000u, 1, 0x3ff80000u, 0x40700000u}},
	/* bytes of {b, a} = 11 22 33 44 55 66 77 88; selector 0x7531 picks 22 44 66 88;
	   nibble 8 is byte 0 (0x11) with its sign (0) replicated */
	{"prmt", ONE "MOV32I R0, 0x44332211;\nMOV32I R1, 0x88776655;\nPRMT R2, R0, 0x7531, R1;\n"
	 "PRMT R3, R0, 0x8, R1;\nST [R30], R2;\nST [R30+0x4], R3;\nEXIT;\n", 2, {0x88664422u, 0x11111100u}},
	/* PTX prmt's modes over bytes 0..7 = 11 22 33 44 (a) 55 66 77 88 (b), n = selector & 3:
	   F4E n=1 (0xfff5): bytes 1,2,3,4; B4E n=1: 1,0,7,6; RC8 n=2: 2,2,2,2; ECL n=2: 2,2,2,3;
	   ECR n=2: 0,1,2,2; RC16 n=1: 2,3,2,3 (result byte 0 first) */
	{"prmt modes", ONE "MOV32I R0, 0x44332211;\nMOV32I R1, 0x88776655;\nPRMT.F4E R2, R0, 0xfff5, R1;\n"
	 "PRMT.B4E R3, R0, 0x1, R1;\nPRMT.RC8 R4, R0, 0x2, R1;\nPRMT.ECL R5, R0, 0x2, R1;\n"
	 "PRMT.ECR R6, R0, 0x2, R1;\nPRMT.RC16 R7, R0, 0x1, R1;\nST [R30], R2;\nST [R30+0x4], R3;\n"
	 "ST [R30+0x8], R4;\nST [R30+0xc], R5;\nST [R30+0x10], R6;\nST [R30+0x14], R7;\nEXIT;\n", 6,
	 {0x55443322u, 0x77881122u, 0x33333333u, 0x44333333u, 0x33332211u, 0x44334433u}},
	{"ld_ldu", ONE ".buffer in u32 3 = 10 20 30\n.param u32 in\nMOV R4, c [0x0] [0x24];\nIADD R5, R4, 0x4;\n"
	 "LD_LDU.32.32 R2, R3, [R4], [R5+0x4];\nST [R30], R2;\nST [R30+0x4], R3;\nEXIT;\n", 2, {10, 30}},
	/* warp-wide: ballot of odd lanes among 4 = 0b1010 */
	{"vote", FOUR "LOP.AND R0, R29, 0x1;\nISETP.NE.AND P0, pt, R0, RZ, pt;\nVOTE.ANY R1, P1, P0;\n"
	 "VOTE.ALL R2, P2, P0;\nMOV32I R8, 0x1;\nSEL R3, R8, RZ, P1;\nSEL R4, R8, RZ, P2;\n"
	 "LOP.OR R5, R1, R3;\nISCADD R5, R4, R5, 0x8;\nST [R30], R5;\nEXIT;\n", 4, {11, 11, 11, 11}},
	{"s2r", FOUR "S2R R0, SR_LaneId;\nS2R R1, SR_CTAid_X;\nS2R R2, SR_Tid_Y;\nIADD R0, R0, R1;\n"
	 "IADD R0, R0, R2;\nST [R30], R0;\nEXIT;\n", 4, {0, 1, 2, 3}},
	/* memory: byte and half-word loads with extension, 64/128-bit pairs, shared, local, constant */
	{"ld widths", ONE ".buffer in u32 4 = 0x8081f0f1 0x11223344 0x55667788 0x99aabbcc\n.param u32 in\n"
	 "MOV R0, c [0x0] [0x24];\nLD.U8 R1, [R0];\nLD.S8 R2, [R0+0x1];\nLD.S16 R3, [R0+0x2];\nLD.U16 R4, [R0+0x2];\n"
	 "LD.128 R8, [R0];\nLD.64 R12, [R0+0x8];\n"
	 "ST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R3;\nST [R30+0xc], R4;\nST [R30+0x10], R11;\n"
	 "ST [R30+0x14], R13;\nST.64 [R30+0x18], R8;\nEXIT;\n", 8,
	 {0xf1, 0xfffffff0u, 0xffff8081u, 0x8081, 0x99aabbccu, 0x99aabbccu, 0x8081f0f1u, 0x11223344u}},
	{"ld.e 64-bit address", ONE "MOV R0, c [0x0] [0x20];\nMOV R1, RZ;\nMOV32I R2, 0x2a;\nST.E [R0+0x4], R2;\n"
	 "LD.E R3, [R0+0x4];\nIADD R3, R3, 0x1;\nST.E [R0], R3;\nEXIT;\n", 2, {43, 42}},
	{"shared local constant", ONE ".const 2 0x8 u32 77 88\nMOV32I R0, 0x1234;\nSTS [0x10], R0;\nSTS.U8 [0x21], R0;\n"
	 "LDS R1, [0x10];\nLDS.U8 R2, [0x21];\nSTL [0x8], R1;\nLDL R3, [0x8];\nMOV32I R4, 0x4;\n"
	 "LDC R5, c [0x2] [R4+0x8];\nMOV R6, c [0x2] [0x8];\n"
	 "ST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R3;\nST [R30+0xc], R5;\nST [R30+0x10], R6;\nEXIT;\n",
	 5, {0x1234, 0x34, 0x1234, 88, 77}},
	{"launch abi", ".grid 3 2\n.block 4 2\n.buffer out u32 16\n.param u32 out\nS2R R1, SR_CTAid_X;\n"
	 "S2R R2, SR_CTAid_Y;\nS2R R3, SR_Tid_X;\nS2R R4, SR_Tid_Y;\nLOP.OR R5, R1, R2;\nLOP.OR R5, R5, R3;\n"
	 "LOP.OR R5, R5, R4;\nISETP.NE.AND P0, pt, R5, RZ, pt;\n@P0 EXIT;\nMOV R30, c [0x0] [0x20];\n"
	 "MOV R6, c [0x0] [0x8];\nMOV R7, c [0x0] [0xc];\nMOV R8, c [0x0] [0x14];\nMOV R9, c [0x0] [0x18];\n"
	 "MOV R10, c [0x1] [0x100];\nST [R30], R6;\nST [R30+0x4], R7;\nST [R30+0x8], R8;\nST [R30+0xc], R9;\n"
	 "ST [R30+0x10], R10;\nEXIT;\n", 5, {4, 2, 3, 2, 1024}},
	/* generic addressing: c[0x0][0x0] is the shared window; ST through it lands in shared */
	{"generic shared window", ONE "MOV R2, c [0x0] [0x0];\nMOV32I R3, 0x5a5a;\nST [R2+0x40], R3;\n"
	 "LDS R4, [0x40];\nMOV32I R5, 0x77;\nSTS [0x44], R5;\nLD R6, [R2+0x44];\nST [R30], R4;\n"
	 "ST [R30+0x4], R6;\nST [R30+0x8], R2;\nEXIT;\n", 3, {0x5a5a, 0x77, 0xff000000u}},
	{"rz sink", ONE "MOV32I R0, 0x9;\nIADD RZ, R0, 0x1;\nIADD R1, RZ, R0;\nST [R30], R1;\nST [R30+0x4], RZ;\nEXIT;\n",
	 2, {9, 0}},
	/* BRX through a jump table: lanes 0,2 -> 0x28, lane 1 -> 0x30, lane 3 -> 0x38; each group
	   runs its case and pops back (the DIV token re-runs the BRX for the rest) */
	{"brx jump table", FOUR ".const 16 0x0 u32 0x28 0x30 0x28 0x38\nSHL R4, R29, 0x2;\nSSY JOIN;\n"
	 "BRX c [0x10] [R4+0x0];\nMOV32I.S R0, 0x64;\nMOV32I.S R0, 0xc8;\nMOV32I.S R0, 0x12c;\n"
	 "JOIN: ST [R30], R0;\nEXIT;\n", 4, {100, 200, 100, 300}},
	/* PRET: the returning lanes wait in the PRET token and resume at its target */
	{"pret ret", FOUR "MOV32I R0, 0x9;\nPRET AFTER;\nISETP.LT.AND P0, pt, R29, 0x2, pt;\n@P0 RET;\n"
	 "MOV32I R0, 0x5;\nRET;\nAFTER: ST [R30], R0;\nEXIT;\n", 4, {9, 9, 5, 5}},
	{"jcal", FOUR "MOV R4, R29;\nJCAL F;\nST [R30], R5;\nEXIT;\nF: IADD R5, R4, 0x10;\nRET;\n", 4,
	 {16, 17, 18, 19}},
	{"predicated lanes", FOUR "MOV32I R0, 0x7;\nISETP.GE.AND P0, pt, R29, 0x2, pt;\n@P0 MOV32I R0, 0x9;\n"
	 "@!P0 IADD R0, R0, R29;\nST [R30], R0;\nEXIT;\n", 4, {7, 8, 9, 9}},
};

START_TEST(semantics)
{
	const exec_case *c = &cases[_i];
	th_run r;
	int rc = th_run_text(&r, c->name, c->src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", c->name, rc, r.diag);
	for (int i = 0; i < c->n; i++) {
		uint32_t got = th_word(&r, "out", i);
		ck_assert_msg(got == c->want[i], "%s: out[%d] = 0x%08x, want 0x%08x", c->name, i, got, c->want[i]);
	}
	th_free(&r);
}
END_TEST

/* Every run-time fault is a trap naming the place and the cause. */
typedef struct {
	const char *name, *src, *want;
} trap_case;

static const trap_case traps[] = {
	{"misaligned", ONE "LD R1, [R30+0x2];\nEXIT;\n", "misaligned global access of 4 bytes"},
	{"out of bounds", ONE "LD R1, [R30+0x40];\nEXIT;\n", "out-of-bounds global access of 4 bytes"},
	{"unmapped", ONE "LD R1, [RZ];\nEXIT;\n", "out-of-bounds global access of 4 bytes at address 0x0"},
	{"shared bounds", ".shared 16\n" ONE "LDS R1, [0x10];\nEXIT;\n", "out-of-bounds shared access"},
	{"stray brk", ONE "BRK;\nEXIT;\n", "BRK without a PBK token"},
	{"stray cont", ONE "CONT;\nEXIT;\n", "CONT without a PCNT token"},
	{"underflow", ONE "NOP.S;\nEXIT;\n", "SIMT stack underflow"},
	{"overflow", ONE "L: SSY L;\nBRA L;\n", "SIMT stack overflow"},
	{"budget", ONE "L: BRA L;\n", "step budget exhausted"},
	{"deadlock", ".block 64\nS2R R0, SR_Tid_X;\nISETP.LT.AND P0, pt, R0, 0x20, pt;\n@P0 BAR.SYNC 0x0;\n"
	 "@!P0 BAR.SYNC 0x1;\nEXIT;\n", "barrier deadlock: warps wait at different barriers"},
	{"brx target", ONE "MOV32I R4, 0x4;\nBRX R4;\nEXIT;\n", "BRX target 0x4 is not the address of an instruction"},
	/* a jump table of zeros: back to the first instruction (MOV R30 at 0x0) is a trap, not a
	   spin until the step budget */
	{"brx to the entry", ONE "MOV32I R4, 0x0;\nBRX R4;\nEXIT;\n", "BRX target 0x0 is the kernel's first instruction"},
	{"brx to the entry, from a bank", ONE "MOV32I R4, 0x0;\nBRX c [0x3] [R4];\nEXIT;\n",
	 "BRX target 0x0 is the kernel's first instruction"},
};

START_TEST(run_time_traps)
{
	const trap_case *c = &traps[_i];
	th_run r;
	int rc = th_run_text(&r, c->name, c->src);
	ck_assert_msg(rc == 3, "%s: rc %d, want a trap\n%s", c->name, rc, r.diag);
	ck_assert_msg(strstr(r.diag, c->want) != NULL, "%s: want '%s' in\n%s", c->name, c->want, r.diag);
	/* the place: the CTA, and the warp (a deadlock names every waiting warp in its cause) */
	ck_assert_msg(strstr(r.diag, "CTA (0,0,0)") != NULL && strstr(r.diag, "warp ") != NULL &&
		      !strstr(r.diag, "warp -1"), "%s: no location in\n%s", c->name, r.diag);
	th_free(&r);
}
END_TEST

/* A barrier releases when every unfinished warp waits; exited warps are not waited for;
   BAR.RED.POPC returns the CTA-wide count of lanes whose predicate is true. */
START_TEST(barrier_popc_counts_cta)
{
	th_run r;
	int rc = th_run_text(&r, "popc",
			     ".block 70\n.buffer out u32 70\n.param u32 out\nS2R R0, SR_Tid_X;\n"
			     "ISCADD R30, R0, c [0x0] [0x20], 0x2;\nISETP.GE.AND P1, pt, R0, 0x40, pt;\n"
			     "@P1 EXIT;\nLOP.AND R1, R0, 0x3;\nISETP.EQ.AND P0, pt, R1, RZ, pt;\n"
			     "BAR.RED.POPC R2, RZ, P0;\nST [R30], R2;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	/* threads 0..63 wait (warp 2 has exited); multiples of 4 below 64: 16 */
	for (int i = 0; i < 64; i++)
		ck_assert_uint_eq(th_word(&r, "out", i), 16);
	ck_assert_uint_eq(th_word(&r, "out", 64), 0);
	th_free(&r);
}
END_TEST

/* Atomics run lane by lane: the old values come back in lane order. */
START_TEST(atomics_in_lane_order)
{
	th_run r;
	int rc = th_run_text(&r, "atomics", FOUR ".buffer cnt u32 4\n.buffer f f32 1\n.param u32 cnt\n.param u32 f\n"
			     "MOV R8, c [0x0] [0x24];\nMOV R9, c [0x0] [0x28];\nMOV32I R10, 0x1;\n"
			     "ATOM.ADD R1, [R8], R10;\nIMUL R11, R29, 0xa;\nATOM.MAX R2, [R8+0x4], R11;\n"
			     "MOV32I R12, 0x5;\nRED.ADD [R8+0x8], R12;\nIADD R13, R29, 0x1;\n"
			     "ATOM.CAS R3, [R8+0xc], RZ, R13;\nMOV32I R14, 0x3f000000;\nATOM.ADD.F32.FTZ.RN R4, [R9], R14;\n"
			     "ISCADD R5, R3, R1, 0x8;\nST [R30], R5;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	/* out[t] = old add (t) + 256 * old CAS (0 for lane 0, which swapped in 1; 1 after) */
	static const uint32_t want_out[4] = {0, 1 + 256, 2 + 256, 3 + 256};
	static const uint32_t want_cnt[4] = {4, 30, 20, 1};
	for (int i = 0; i < 4; i++) {
		ck_assert_uint_eq(th_word(&r, "out", i), want_out[i]);
		ck_assert_uint_eq(th_word(&r, "cnt", i), want_cnt[i]);
	}
	ck_assert_uint_eq(th_word(&r, "f", 0), 0x40000000u); /* 4 x 0.5 */
	th_free(&r);
}
END_TEST

/* Every CTA starts with its shared memory zeroed, whatever the CTAs before it wrote (the
   launch clears only what they touched): each of 4 CTAs (one worker, in order) reads words
   0-31 (a warp access), word 40 (one lane) and the 8-byte pair at 0x100 before writing
   them; every read is 0. */
START_TEST(shared_memory_starts_zeroed)
{
	th_run r;
	int rc = th_run_text(&r, "smem_zero",
			     ".grid 4\n.block 32\n.buffer out u32 512\n.param u32 out\n"
			     "S2R R0, SR_Tid_X;\nS2R R1, SR_CTAid_X;\nSHL R2, R0, 0x2;\n"
			     "ISCADD R3, R1, R0, 0x5;\nISCADD R30, R3, c [0x0] [0x20], 0x4;\n"
			     "LDS R4, [R2];\nLDS R5, [0xa0];\nLDS.64 R6, [0x100];\n"
			     "ST [R30], R4;\nST [R30+0x4], R5;\nST [R30+0x8], R6;\nST [R30+0xc], R7;\n"
			     "BAR.SYNC 0x0;\nIADD R8, R1, 0x55;\nSTS [R2], R8;\n"
			     "ISETP.EQ.AND P0, pt, R0, 0x3, pt;\n@P0 STS [0xa0], R8;\n"
			     "MOV R9, R8;\n@P0 STS.64 [0x100], R8;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	for (int i = 0; i < 512; i++)
		ck_assert_msg(th_word(&r, "out", i) == 0, "CTA %d thread %d word %d: got 0x%x", i / 128, i / 4 % 32,
			      i % 4, th_word(&r, "out", i));
	th_free(&r);
}
END_TEST

START_TEST(partial_warp_and_warp_size)
{
	th_run r;
	/* 40 threads: warp 1 has 8 lanes; every thread writes its tid */
	int rc = th_run_text(&r, "partial", ".block 40\n.buffer out u32 40\n.param u32 out\nS2R R0, SR_Tid_X;\n"
			     "ISCADD R30, R0, c [0x0] [0x20], 0x2;\nST [R30], R0;\nEXIT;\n");
	ck_assert_int_eq(rc, 0);
	for (int i = 0; i < 40; i++)
		ck_assert_uint_eq(th_word(&r, "out", i), (uint32_t)i);
	uint64_t c[4];
	ck_assert(th_row(&r, STATS_BY_OPCODE, "ST", c));
	ck_assert_uint_eq(c[0], 2);
	ck_assert_uint_eq(c[1], 40);
	th_free(&r);
}
END_TEST

Suite *exec_suite(void)
{
	Suite *s = suite_create("exec");
	TCase *t = tcase_create("semantics");
	tcase_add_loop_test(t, semantics, 0, (int)(sizeof cases / sizeof cases[0]));
	suite_add_tcase(s, t);
	TCase *tr = tcase_create("traps");
	tcase_add_loop_test(tr, run_time_traps, 0, (int)(sizeof traps / sizeof traps[0]));
	tcase_add_test(tr, barrier_popc_counts_cta);
	tcase_add_test(tr, partial_warp_and_warp_size);
	tcase_add_test(tr, shared_memory_starts_zeroed);
	tcase_add_test(tr, atomics_in_lane_order);
	suite_add_tcase(s, tr);
	return s;
}
