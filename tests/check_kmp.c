/* Kepler, Maxwell and Pascal: the instructions they added (XMAD, IADD3, LOP3, SHF, LEA,
   FCMP, FSET, DSET, LOP with a predicate result, FCHK, SYNC, control-word targets and
   Maxwell's relative BRX). Every expected value below was derived by hand from the PTX /
   hardware definition (or, for XMAD and FCHK, from the rule written in emu/ops_int.h and ops_float.h and
   isa/sm50.def); the arithmetic is in the comment above each case. Nothing here was
   recorded from a run of simtemu. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* One thread on sm_52 / sm_35; R20:R21 is the 64-bit address of out[0] (the first u64
   parameter, c[0x0][0x140] and c[0x0][0x144]). */
#define ONE52(n) ".target sm_52\n.block 1\n.buffer out u32 " n "\n.param u64 out\n" \
	"MOV R20, c[0x0][0x140];\nMOV R21, c[0x0][0x144];\n"
#define ONE35(n) ".target sm_35\n.block 1\n.buffer out u32 " n "\n.param u64 out\n" \
	"MOV R20, c[0x0][0x140];\nMOV R21, c[0x0][0x144];\n"
/* Per lane (after buffers and params are declared): R9 = 4 * tid; R10:R11 = the first
   pointer parameter + R9, R12:R13 = the second + R9, R14:R15 = the third + R9. */
#define LANE_ADDR "S2R R8, SR_TID.X;\nSHL R9, R8, 0x2;\n" \
	"IADD R10.CC, R9, c[0x0][0x140];\nIADD.X R11, RZ, c[0x0][0x144];\n" \
	"IADD R12.CC, R9, c[0x0][0x148];\nIADD.X R13, RZ, c[0x0][0x14c];\n"
#define LANE_ADDR3 LANE_ADDR "IADD R14.CC, R9, c[0x0][0x150];\nIADD.X R15, RZ, c[0x0][0x154];\n"

typedef struct {
	const char *name, *src;
} kmp_case;

static const kmp_case cases[] = {
	/* ---- 1. XMAD ----
	   The 32-bit multiply idiom, per lane, with a = A.H1:A.H0 and b = B.H1:B.H0:
	   R2 = A.H0 * B.H0;
	   R3 = .MRG: low half A.H0 * B.H1 (mod 2^16), high half B.H0 (the b register's low half);
	   R4 = .PSL.CBCC: (A.H1 * R3.H1) << 16 + R2 + (R3 << 16)
	      = A.H0*B.H0 + (A.H1*B.H0 << 16) + (A.H0*B.H1 << 16)  = a * b mod 2^32.
	   The products, by hand:
	   0x12345678 * 0x9abcdef0: A.H0*B.H0 = 0x5678 * 0xdef0 = 22136 * 57072 = 1263345792
	     = 0x4b4d2080 (in hex: 0x5678 * 0xd00 = 0x4641800, 0x5678 * 0xef = 0x50ba08, sum
	     0x4b4d208, times 0x10); A.H1*B.H0 = 0x1234 * 0xdef0 = 4660 * 57072 = 265955520
	     = 0x0fda28c0 -> << 16 = 0x28c00000; A.H0*B.H1 = 0x5678 * 0x9abc = 22136 * 39612
	     = 876851232 = 0x3443b020 -> << 16 = 0xb0200000; sum 0x4b4d2080 + 0x28c00000
	     + 0xb0200000 = 0x4b4d2080 + 0xd8e00000 = 0x1242d2080 -> 0x242d2080.
	   0xffffffff^2 = 2^64 - 2^33 + 1 = 1 (mod 2^32).
	   0x00010000^2 = 2^32 = 0.
	   0x0000ffff^2 = 2^32 - 2^17 + 1 = 0xfffe0001.
	   0xdeadbeef * 3 = 0x29c093ccd -> 0x9c093ccd (0xdeadbeef * 2 = 0x1bd5b7dde, + 0xdeadbeef).
	   0x80000001 * 0x7fffffff = (2^31 + 1)(2^31 - 1) = 2^62 - 1 -> 0xffffffff. */
	{"xmad multiply idiom",
	 ".target sm_52\n.block 6\n"
	 ".buffer a u32 6 = 0x12345678 0xffffffff 0x00010000 0x0000ffff 0xdeadbeef 0x80000001\n"
	 ".buffer b u32 6 = 0x9abcdef0 0xffffffff 0x00010000 0x0000ffff 0x00000003 0x7fffffff\n"
	 ".buffer out u32 6\n.param u64 a\n.param u64 b\n.param u64 out\n"
	 ".expect out = 0x242d2080 0x1 0x0 0xfffe0001 0x9c093ccd 0xffffffff\n" LANE_ADDR3
	 "LDG.E R0, [R10];\nLDG.E R1, [R12];\n"
	 "XMAD R2, R0, R1, RZ;\nXMAD.MRG R3, R0, R1.H1, RZ;\nXMAD.PSL.CBCC R4, R0.H1, R3.H1, R2;\n"
	 "STG.E [R14], R4;\nEXIT;\n"},
	/* The idiom on sm_61 (Pascal keeps XMAD): 0x12345678 * 0x9abcdef0 = 0x242d2080 as above. */
	{"xmad idiom on pascal",
	 ".target sm_61\n.block 1\n.buffer out u32 1\n.param u64 out\n.expect out = 0x242d2080\n"
	 "MOV32I R0, 0x12345678;\nMOV32I R1, 0x9abcdef0;\n"
	 "XMAD R2, R0, R1, RZ;\nXMAD.MRG R3, R0, R1.H1, RZ;\nXMAD.PSL.CBCC R4, R0.H1, R3.H1, R2;\n"
	 "MOV R20, c[0x0][0x140];\nMOV R21, c[0x0][0x144];\nSTG.E [R20], R4;\nEXIT;\n"},
	/* Single XMADs, a = 0x12345678, b = 0x9abcdef0, c = 0x11112222:
	   plain:   0x5678 * 0xdef0 + c = 0x4b4d2080 + 0x11112222 = 0x5c5e42a2
	   a.H1:    0x1234 * 0xdef0 + c = 0x0fda28c0 + 0x11112222 = 0x20eb4ae2
	   b.H1:    0x5678 * 0x9abc + c = 0x3443b020 + 0x11112222 = 0x4554d242
	   both H1: 0x1234 * 0x9abc + c = 4660 * 39612 = 184591920 = 0x0b00a630; + c = 0x1c11c852
	   .PSL:    (0x4b4d2080 << 16) + c = 0x20800000 + 0x11112222 = 0x31912222
	   .CHI:    0x4b4d2080 + (c >> 16) = 0x4b4d2080 + 0x1111 = 0x4b4d3191
	   .CLO:    0x4b4d2080 + (c & 0xffff) = 0x4b4d2080 + 0x2222 = 0x4b4d42a2
	   .MRG with b.H1: low half of 0x3443b020 + c = 0x4554d242 -> 0xd242; high half b.H0
	            = 0xdef0 -> 0xdef0d242
	   .MRG plain: low half of 0x5c5e42a2 -> 0x42a2 | 0xdef0 << 16 = 0xdef042a2
	   .PSL.CBCC with a.H1, b = R3.H1, R3 = 0x00030005: (0x1234 * 0x0003 << 16) + c + (R3 << 16)
	            = 0x369c << 16 = 0x369c0000; + 0x11112222 = 0x47ad2222; + 0x00050000 = 0x47b22222
	   a constant .H1: param word 0x00070005 at c[0x0][0x148]: 0x5678 * 0x0007 = 0x25d48
	            (0x5000*7 = 0x23000, 0x678*7 = 0x2d48); plain .H0 of it: 0x5678 * 5 = 0x1b058 */
	{"xmad forms",
	 ".target sm_52\n.block 1\n.buffer out u32 12\n.param u64 out\n.param u32 0x00070005\n"
	 ".expect out = 0x5c5e42a2 0x20eb4ae2 0x4554d242 0x1c11c852 0x31912222 0x4b4d3191 0x4b4d42a2 "
	 "0xdef0d242 0xdef042a2 0x47b22222 0x25d48 0x1b058\n"
	 "MOV R20, c[0x0][0x140];\nMOV R21, c[0x0][0x144];\n"
	 "MOV32I R0, 0x12345678;\nMOV32I R1, 0x9abcdef0;\nMOV32I R2, 0x11112222;\nMOV32I R3, 0x00030005;\n"
	 "XMAD R4, R0, R1, R2;\nXMAD R5, R0.H1, R1, R2;\nXMAD R6, R0, R1.H1, R2;\nXMAD R7, R0.H1, R1.H1, R2;\n"
	 "XMAD.PSL R8, R0, R1, R2;\nXMAD.CHI R9, R0, R1, R2;\nXMAD.CLO R10, R0, R1, R2;\n"
	 "XMAD.MRG R11, R0, R1.H1, R2;\nXMAD.MRG R12, R0, R1, R2;\nXMAD.PSL.CBCC R13, R0.H1, R3.H1, R2;\n"
	 "XMAD R14, R0, c[0x0][0x148].H1, RZ;\nXMAD R15, R0, c[0x0][0x148], RZ;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R6;\nSTG.E [R20+0xc], R7;\n"
	 "STG.E [R20+0x10], R8;\nSTG.E [R20+0x14], R9;\nSTG.E [R20+0x18], R10;\nSTG.E [R20+0x1c], R11;\n"
	 "STG.E [R20+0x20], R12;\nSTG.E [R20+0x24], R13;\nSTG.E [R20+0x28], R14;\nSTG.E [R20+0x2c], R15;\n"
	 "EXIT;\n"},
	/* .S16 (a's type, then b's): 0xfffe is -2, 0x8000 is -32768.
	   .S16.S16 -2 * 3 + 0x10 = 10 = 0xa; unsigned 0xfffe * 3 + 0x10 = 0x2fffa + 0x10 = 0x3000a
	   .S16.S16 a.H1 = 0x8000 (-32768) * 2 = -65536 = 0xffff0000; unsigned 0x8000 * 2 = 0x10000
	   .S16.S16 -2 * -2 = 4 (0xfffe * 0xfffe unsigned = 0xfffc0004)
	   .S16.S16.PSL -2 * 3 = -6 = 0xfffffffa, << 16 = 0xfffa0000 */
	{"xmad s16",
	 ONE52("6") ".expect out = 0xa 0x3000a 0xffff0000 0x10000 0x4 0xfffa0000\n"
	 "MOV32I R0, 0x0000fffe;\nMOV32I R1, 0x3;\nMOV32I R2, 0x10;\nMOV32I R3, 0x80000000;\nMOV32I R6, 0x2;\n"
	 "XMAD.S16.S16 R4, R0, R1, R2;\nXMAD R5, R0, R1, R2;\nXMAD.S16.S16 R7, R3.H1, R6, RZ;\n"
	 "XMAD R8, R3.H1, R6, RZ;\nXMAD.S16.S16 R9, R0, R0, RZ;\nXMAD.S16.S16.PSL R10, R0, R1, RZ;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R7;\nSTG.E [R20+0xc], R8;\n"
	 "STG.E [R20+0x10], R9;\nSTG.E [R20+0x14], R10;\nEXIT;\n"},

	/* ---- 2. IADD3 ----
	   R2 + 0x7f - R0 = 0x1000 + 0x7f - 0x10 = 0x106f
	   -R0 - R2 + R6 = 5 - 16 - 4096 = -4107 = 0xffffeff5
	   .RS: a + b = 0xffff0000 + 0x00030000 = 0x1_0002_0000 (a carry out of 32 bits);
	        >> 16 = 0x10002; + 7 = 0x10009 (0x9 if the carry were lost)
	   .LS: (0x00012345 + 1) << 16 = 0x12346 << 16 = 0x1_2346_0000 -> 0x23460000; + 0x10 = 0x23460010
	   .CC / .X: 0xffffffff + 2 + 0 = 0x1_0000_0001 -> 1, carry 1; 0 + 0 + 0 + carry = 1 */
	{"iadd3",
	 ONE52("6") ".expect out = 0x106f 0xffffeff5 0x10009 0x23460010 0x1 0x1\n"
	 "MOV32I R0, 0x10;\nMOV32I R2, 0x1000;\nMOV32I R6, 0x5;\n"
	 "IADD3 R4, R2, 0x7f, -R0;\nIADD3 R5, -R0, -R2, R6;\n"
	 "MOV32I R7, 0xffff0000;\nMOV32I R8, 0x00030000;\nMOV32I R9, 0x7;\nIADD3.RS R10, R7, R8, R9;\n"
	 "MOV32I R11, 0x00012345;\nMOV32I R12, 0x1;\nMOV32I R13, 0x10;\nIADD3.LS R14, R11, R12, R13;\n"
	 "MOV32I R15, 0xffffffff;\nMOV32I R16, 0x2;\nIADD3 R17.CC, R15, R16, RZ;\nIADD3.X R18, RZ, RZ, RZ;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R10;\nSTG.E [R20+0xc], R14;\n"
	 "STG.E [R20+0x10], R17;\nSTG.E [R20+0x14], R18;\nEXIT;\n"},

	/* ---- 3. LOP3.LUT ----
	   a = 0xf0f0f0f0, b = 0xcccccccc, c = 0xaaaaaaaa: bit i of every byte has index
	   a_i*4 + b_i*2 + c_i = i, so the result is the table itself in every byte.
	   a = 0x12345678, b = 0x9abcdef0, c = 0x0f0f0f0f:
	   0x96 a^b^c: a^b = 0x88888888, ^c = 0x87878787
	   0xc0 a&b: nibbles 1&9 2&a 3&b 4&c 5&d 6&e 7&f 8&0 = 0x12345670
	   0xf0 a: 0x12345678
	   0xe8 majority: (a&b)|(a&c)|(b&c) = 0x12345670 | 0x02040608 | 0x0a0c0e00 = 0x1a3c5e78
	   0x3c a^b: 0x88888888; 0x00: 0; 0xff: 0xffffffff */
	{"lop3 tables",
	 ONE52("10") ".expect out = 0x96969696 0xe8e8e8e8 0x87878787 0x12345670 0x12345678 0x1a3c5e78 "
	 "0x88888888 0x0 0xffffffff 0xf0f05a5a\n"
	 "MOV32I R0, 0xf0f0f0f0;\nMOV32I R1, 0xcccccccc;\nMOV32I R2, 0xaaaaaaaa;\n"
	 "LOP3.LUT R4, R0, R1, R2, 0x96;\nLOP3.LUT R5, R0, R1, R2, 0xe8;\n"
	 "MOV32I R0, 0x12345678;\nMOV32I R1, 0x9abcdef0;\nMOV32I R2, 0x0f0f0f0f;\n"
	 "LOP3.LUT R6, R0, R1, R2, 0x96;\nLOP3.LUT R7, R0, R1, R2, 0xc0;\nLOP3.LUT R8, R0, R1, R2, 0xf0;\n"
	 "LOP3.LUT R9, R0, R1, R2, 0xe8;\nLOP3.LUT R10, R0, R1, R2, 0x3c;\nLOP3.LUT R11, R0, R1, R2, 0x0;\n"
	 "LOP3.LUT R12, R0, R1, R2, 0xff;\n"
	 /* 0x5a has bits 1, 3, 4, 6: the indices with a_i != c_i, so it is a^c; with c an
	    immediate: 0xf0f0f0f0 ^ 0x0000aaaa = 0xf0f05a5a */
	 "MOV32I R0, 0xf0f0f0f0;\nLOP3.LUT R13, R0, RZ, 0xaaaa, 0x5a;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R6;\nSTG.E [R20+0xc], R7;\n"
	 "STG.E [R20+0x10], R8;\nSTG.E [R20+0x14], R9;\nSTG.E [R20+0x18], R10;\nSTG.E [R20+0x1c], R11;\n"
	 "STG.E [R20+0x20], R12;\nSTG.E [R20+0x24], R13;\nEXIT;\n"},
	/* The predicate form: .NZ P = result != 0, .Z P = result == 0, the register written too.
	   a&b with a = 0x12345678, b = 0x9abcdef0: 0x12345670, P0 true;
	   a&~a (R3 = 0xedcba987 = ~a): 0, P1 false, P2 (.Z) true.
	   out = [@P0 1 else 2, @P1 1 else 2, @P2 1 else 2, the register of the P0 form] */
	{"lop3 predicate",
	 ONE52("4") ".expect out = 1 2 1 0x12345670\n"
	 "MOV32I R0, 0x12345678;\nMOV32I R1, 0x9abcdef0;\nMOV32I R3, 0xedcba987;\n"
	 "LOP3.LUT.NZ P0, R7, R0, R1, RZ, 0xc0;\nLOP3.LUT.NZ P1, RZ, R0, R3, RZ, 0xc0;\n"
	 "LOP3.LUT.Z P2, RZ, R0, R3, RZ, 0xc0;\n"
	 "MOV32I R4, 0x2;\nMOV32I R5, 0x2;\nMOV32I R6, 0x2;\n"
	 "@P0 MOV32I R4, 0x1;\n@P1 MOV32I R5, 0x1;\n@P2 MOV32I R6, 0x1;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R6;\nSTG.E [R20+0xc], R7;\nEXIT;\n"},

	/* ---- 4. SHF (Kepler) ----  PTX shf: {hi:lo} = {0x01234567:0x89abcdef}
	   .L high word of {hi:lo} << n; .R low word of {hi:lo} >> n; clamp: n = min(n, 32),
	   .W: n & 31.
	   L 0:   0x01234567                 L 31: (hi << 31 | lo >> 1) = 0x80000000 | 0x44d5e6f7 = 0xc4d5e6f7
	   L 32:  lo = 0x89abcdef            L 40 clamp -> 32: 0x89abcdef
	   L.W 40 -> 8: hi << 8 | lo >> 24 = 0x23456700 | 0x89 = 0x23456789
	   L.W 32 -> 0: 0x01234567
	   R 0:   0x89abcdef                 R 31: lo >> 31 | hi << 1 = 1 | 0x02468ace = 0x02468acf
	   R 32:  hi = 0x01234567            R 40 clamp -> 32: 0x01234567
	   R.W 40 -> 8: lo >> 8 | hi << 24 = 0x0089abcd | 0x67000000 = 0x6789abcd
	   R.W 0: lo = 0x89abcdef */
	{"shf left and right",
	 ONE35("12") ".expect out = 0x01234567 0xc4d5e6f7 0x89abcdef 0x89abcdef 0x23456789 0x01234567 "
	 "0x89abcdef 0x02468acf 0x01234567 0x01234567 0x6789abcd 0x89abcdef\n"
	 "MOV32I R0, 0x89abcdef;\nMOV32I R1, 0x01234567;\nMOV32I R5, 0x28;\nMOV32I R6, 0x20;\n"
	 "SHF.L R8, R0, 0x0, R1;\nSHF.L R9, R0, 0x1f, R1;\nSHF.L R10, R0, R6, R1;\nSHF.L R11, R0, R5, R1;\n"
	 "SHF.L.W R12, R0, R5, R1;\nSHF.L.W R13, R0, R6, R1;\n"
	 "SHF.R R14, R0, 0x0, R1;\nSHF.R R15, R0, 0x1f, R1;\nSHF.R R16, R0, R6, R1;\nSHF.R R17, R0, R5, R1;\n"
	 "SHF.R.W R18, R0, R5, R1;\nSHF.R.W R19, R0, 0x0, R1;\n"
	 "ST.E [R20], R8;\nST.E [R20+0x4], R9;\nST.E [R20+0x8], R10;\nST.E [R20+0xc], R11;\n"
	 "ST.E [R20+0x10], R12;\nST.E [R20+0x14], R13;\nST.E [R20+0x18], R14;\nST.E [R20+0x1c], R15;\n"
	 "ST.E [R20+0x20], R16;\nST.E [R20+0x24], R17;\nST.E [R20+0x28], R18;\nST.E [R20+0x2c], R19;\n"
	 "EXIT;\n"},
	/* 64-bit right shifts as ptxas builds them: low word SHF.R.U64/.S64 lo, n, hi; high word
	   SHF.R.U32.HI / .S32.HI RZ, n, hi.
	   unsigned {0x01234567:0x89abcdef} >> 4: low (lo >> 4) | (hi << 28) = 0x089abcde | 0x70000000
	     = 0x789abcde; high hi >> 4 = 0x00123456
	   unsigned >> 40: low hi >> 8 = 0x00012345; high 0 (U32.HI clamps 40 to 32: hi >> 32 = 0)
	   signed {0xfedcba98:0x76543210} >> 4: low 0x07654321 | (0x8 << 28) = 0x87654321;
	     high 0xfedcba98 >> 4 arithmetic = 0xffedcba9
	   signed >> 40: low = hi >> 8 arithmetic = 0xfffedcba; high all sign bits 0xffffffff */
	{"shf 64-bit right shifts",
	 ONE35("8") ".expect out = 0x789abcde 0x00123456 0x00012345 0x0 0x87654321 0xffedcba9 0xfffedcba "
	 "0xffffffff\n"
	 "MOV32I R0, 0x89abcdef;\nMOV32I R1, 0x01234567;\nMOV32I R2, 0x76543210;\nMOV32I R3, 0xfedcba98;\n"
	 "MOV32I R5, 0x28;\n"
	 "SHF.R.U64 R8, R0, 0x4, R1;\nSHF.R.U32.HI R9, RZ, 0x4, R1;\n"
	 "SHF.R.U64 R10, R0, R5, R1;\nSHF.R.U32.HI R11, RZ, R5, R1;\n"
	 "SHF.R.S64 R12, R2, 0x4, R3;\nSHF.R.S32.HI R13, RZ, 0x4, R3;\n"
	 "SHF.R.S64 R14, R2, R5, R3;\nSHF.R.S32.HI R15, RZ, R5, R3;\n"
	 "ST.E [R20], R8;\nST.E [R20+0x4], R9;\nST.E [R20+0x8], R10;\nST.E [R20+0xc], R11;\n"
	 "ST.E [R20+0x10], R12;\nST.E [R20+0x14], R13;\nST.E [R20+0x18], R14;\nST.E [R20+0x1c], R15;\n"
	 "EXIT;\n"},

	/* ---- 5. LEA ----  d = (a << s) + b:
	   0x10 << 2 + 0x1000 = 0x1040; shift 0: 0x1010; 0x80000001 << 2 = 0x2_0000_0004 -> 0x4,
	   + 0xfffffffe = 0x1_0000_0002 -> 2 with a carry out, which .X then adds:
	   IADD.X 0x10 + 0 + 1 = 0x11. (LEA.HI: see disagree[] below.) */
	{"lea",
	 ONE52("4") ".expect out = 0x1040 0x1010 0x2 0x11\n"
	 "MOV32I R0, 0x10;\nMOV32I R1, 0x1000;\nLEA R4, R0, R1, 0x2;\nLEA R5, R0, R1, 0x0;\n"
	 "MOV32I R10, 0x80000001;\nMOV32I R12, 0xfffffffe;\nMOV32I R13, 0x10;\n"
	 "LEA R6.CC, R10, R12, 0x2;\nIADD.X R7, R13, RZ;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R6;\nSTG.E [R20+0xc], R7;\nEXIT;\n"},

	/* ---- 6. FCMP ----  d = (c CMP 0.0) ? a : b, a = 0x11, b = 0x22 (17, 34);
	   c per lane: +1.0, +0.0, -0.0, -1.0, NaN.
	   FCMP (printed without a comparison: .GT): c > 0: only +1 -> 17 34 34 34 34
	   FCMP.LT: c < 0: only -1                 -> 34 34 34 17 34
	   FCMP.GE: c >= 0: +1, +0, -0 (-0 == 0)   -> 17 17 17 34 34  (NaN is unordered: b) */
	{"fcmp",
	 ".target sm_35\n.block 5\n.buffer c u32 5 = 0x3f800000 0x0 0x80000000 0xbf800000 0x7fc00000\n"
	 ".buffer out u32 15\n.param u64 c\n.param u64 out\n"
	 ".expect out = 17 34 34 34 34  34 34 34 17 34  17 17 17 34 34\n" LANE_ADDR
	 "LD.E R0, [R10];\nMOV32I R1, 0x11;\nMOV32I R2, 0x22;\n"
	 "FCMP R4, R1, R2, R0;\nFCMP.LT R5, R1, R2, R0;\nFCMP.GE R6, R1, R2, R0;\n"
	 "ST.E [R12], R4;\nST.E [R12+0x14], R5;\nST.E [R12+0x28], R6;\nEXIT;\n"},
	/* The same on sm_52. */
	{"fcmp on maxwell",
	 ".target sm_52\n.block 5\n.buffer c u32 5 = 0x3f800000 0x0 0x80000000 0xbf800000 0x7fc00000\n"
	 ".buffer out u32 15\n.param u64 c\n.param u64 out\n"
	 ".expect out = 17 34 34 34 34  34 34 34 17 34  17 17 17 34 34\n" LANE_ADDR
	 "LDG.E R0, [R10];\nMOV32I R1, 0x11;\nMOV32I R2, 0x22;\n"
	 "FCMP R4, R1, R2, R0;\nFCMP.LT R5, R1, R2, R0;\nFCMP.GE R6, R1, R2, R0;\n"
	 "STG.E [R12], R4;\nSTG.E [R12+0x14], R5;\nSTG.E [R12+0x28], R6;\nEXIT;\n"},

	/* ---- 7. FSET ----  a = 2.0, b = 1.0, n = NaN:
	   GT.AND(a, b, PT) -1; .BF 1.0f = 0x3f800000; LT.AND 0; LT.AND.BF 0;
	   EQ(n, n) 0 (unordered); NEU(n, n) -1; GT.AND(a, b, !PT) = 1 & 0 = 0;
	   LT.OR(a, b, PT) = 0 | 1 = -1; GT.XOR(a, b, PT) = 1 ^ 1 = 0;
	   GE(|-2.0|, 2.0) -1 */
	{"fset",
	 ONE35("10") ".expect out = 0xffffffff 0x3f800000 0x0 0x0 0x0 0xffffffff 0x0 0xffffffff 0x0 "
	 "0xffffffff\n"
	 "MOV32I R0, 0x40000000;\nMOV32I R1, 0x3f800000;\nMOV32I R2, 0x7fc00000;\nMOV32I R3, 0xc0000000;\n"
	 "FSET.GT.AND R4, R0, R1, PT;\nFSET.GT.AND.BF R5, R0, R1, PT;\nFSET.LT.AND R6, R0, R1, PT;\n"
	 "FSET.LT.AND.BF R7, R0, R1, PT;\nFSET.EQ.AND R8, R2, R2, PT;\nFSET.NEU.AND R9, R2, R2, PT;\n"
	 "FSET.GT.AND R10, R0, R1, !PT;\nFSET.LT.OR R11, R0, R1, PT;\nFSET.GT.XOR R12, R0, R1, PT;\n"
	 "FSET.GE.AND R13, |R3|, R0, PT;\n"
	 "ST.E [R20], R4;\nST.E [R20+0x4], R5;\nST.E [R20+0x8], R6;\nST.E [R20+0xc], R7;\n"
	 "ST.E [R20+0x10], R8;\nST.E [R20+0x14], R9;\nST.E [R20+0x18], R10;\nST.E [R20+0x1c], R11;\n"
	 "ST.E [R20+0x20], R12;\nST.E [R20+0x24], R13;\nEXIT;\n"},
	/* Maxwell's condition-code branch: FSET ... RZ.CC sets the CC from d (zero when false),
	   BRA CC.NEU takes the lanes whose d != 0, and the @P0 guard must hold as well.
	   R5 per lane: +INF, -INF, 1.0, +INF; |R5| == +INF: true, true, false, true;
	   P0 = tid < 3: true, true, true, false. Taken (both): lanes 0, 1 -> 1; others fall -> 2. */
	{"fset cc branch",
	 ".target sm_52\n.block 4\n.buffer v u32 4 = 0x7f800000 0xff800000 0x3f800000 0x7f800000\n"
	 ".buffer out u32 4\n.param u64 v\n.param u64 out\n.expect out = 1 1 2 2\n" LANE_ADDR
	 "LDG.E R5, [R10];\nISETP.LT.AND P0, PT, R8, 0x3, PT;\n"
	 "FSET.EQ.FTZ.AND RZ.CC, |R5|, +INF, PT;\n"
	 "@P0 BRA CC.NEU, TAKEN;\n"
	 "MOV32I R6, 0x2;\nSTG.E [R12], R6;\nEXIT;\n"
	 "TAKEN:\nMOV32I R6, 0x1;\nSTG.E [R12], R6;\nEXIT;\n"},

	/* ---- 8. DSET, LOP with a predicate result ----
	   doubles: x = 2.0 {0x40000000:0}, y = 1.0 {0x3ff00000:0}, z = 1.0 + 2^-52
	   {0x3ff00000:1} (differs from y in the low word only), n = NaN {0x7ff80000:0}.
	   GT(x, y) -1; GT.BF(x, y) 0x3f800000; LT(y, z) -1; EQ(y, z) 0; EQ(n, n) 0;
	   NEU(n, y) -1; GE(z, z) -1; LT.AND(y, z, !PT) 0 */
	{"dset",
	 ONE35("8") ".expect out = 0xffffffff 0x3f800000 0xffffffff 0x0 0x0 0xffffffff 0xffffffff 0x0\n"
	 "MOV R0, RZ;\nMOV32I R1, 0x40000000;\nMOV R2, RZ;\nMOV32I R3, 0x3ff00000;\n"
	 "MOV32I R4, 0x1;\nMOV32I R5, 0x3ff00000;\nMOV R6, RZ;\nMOV32I R7, 0x7ff80000;\n"
	 "DSET.GT.AND R8, R0, R2, PT;\nDSET.GT.AND.BF R9, R0, R2, PT;\nDSET.LT.AND R10, R2, R4, PT;\n"
	 "DSET.EQ.AND R11, R2, R4, PT;\nDSET.EQ.AND R12, R6, R6, PT;\nDSET.NEU.AND R13, R6, R2, PT;\n"
	 "DSET.GE.AND R14, R4, R4, PT;\nDSET.LT.AND R15, R2, R4, !PT;\n"
	 "ST.E [R20], R8;\nST.E [R20+0x4], R9;\nST.E [R20+0x8], R10;\nST.E [R20+0xc], R11;\n"
	 "ST.E [R20+0x10], R12;\nST.E [R20+0x14], R13;\nST.E [R20+0x18], R14;\nST.E [R20+0x1c], R15;\n"
	 "EXIT;\n"},
	/* R0 = R1 = 0x0f0f0000, R2 = 0xf0f0ffff, R3 = 0x00010000.
	   XOR.NZ(R0, R1) = 0 -> P0 false; XOR.NZ(R0, R3) = 0x0f0e0000 -> P1 true, R6 = 0x0f0e0000;
	   AND.NZ(R0, R2) = 0 -> P2 false, R7 = 0; AND.NZ(R0, R3) = 0x00010000 -> P3 true;
	   AND.Z(R0, R2) = 0 -> P4 true. out: P0..P4 as 1/0, R6, R7 */
	{"lop predicate result",
	 ONE52("7") ".expect out = 0 1 0 1 1 0x0f0e0000 0x0\n"
	 "MOV32I R0, 0x0f0f0000;\nMOV32I R1, 0x0f0f0000;\nMOV32I R2, 0xf0f0ffff;\nMOV32I R3, 0x00010000;\n"
	 "MOV32I R7, 0x5;\nMOV32I R8, 0x1;\n"
	 "LOP.XOR.NZ P0, RZ, R0, R1;\nLOP.XOR.NZ P1, R6, R0, R3;\nLOP.AND.NZ P2, R7, R0, R2;\n"
	 "LOP.AND.NZ P3, RZ, R0, R3;\nLOP.AND.Z P4, RZ, R0, R2;\n"
	 "SEL R9, R8, RZ, P0;\nSEL R10, R8, RZ, P1;\nSEL R11, R8, RZ, P2;\nSEL R12, R8, RZ, P3;\n"
	 "SEL R13, R8, RZ, P4;\n"
	 "STG.E [R20], R9;\nSTG.E [R20+0x4], R10;\nSTG.E [R20+0x8], R11;\nSTG.E [R20+0xc], R12;\n"
	 "STG.E [R20+0x10], R13;\nSTG.E [R20+0x14], R6;\nSTG.E [R20+0x18], R7;\nEXIT;\n"},

	/* ---- 9. FCHK.DIVIDE ----  the rule of emu/ops_float.h: slow (P true) when the divisor's
	   exponent field eb is 0 or 0xff or >= 253, the dividend's ea is 0 (zero or denormal: the
	   fast path's FFMA q, a, r, RZ would lose a zero quotient's sign) or 0xff, or
	   ea - eb >= 126 or <= -125. 2^k has field k + 127.
	   lane  a            b             ea   eb   P
	   0     6.0          3.0           129  128  0   (the fast path)
	   1     0.0          3.0           0    128  1   (zero dividend)
	   2     1.0          denormal 2^-149 127 0   1
	   3     1.0          0.0           127  0    1
	   4     1.0          +INF          127  255  1
	   5     NaN          1.0           255  127  1
	   6     denormal     1.0           0    127  1
	   7     2^100        2^-25         227  102  0   (difference 125)
	   8     2^100        2^-26         227  101  1   (difference 126)
	   9     2^100        2^126         227  253  1   (eb >= 253)
	   10    2^100        2^125         227  252  0
	   11    2^-100       2^24          27   151  0   (difference -124)
	   12    2^-100       2^25          27   152  1   (difference -125)
	   13    -6.0         3.0           129  128  0   (the sign does not matter)
	   encodings: 2^100 = 227 << 23 = 0x71800000, 2^-25 = 102 << 23 = 0x33000000,
	   2^-26 = 0x32800000, 2^126 = 253 << 23 = 0x7e800000, 2^125 = 0x7e000000,
	   2^-100 = 27 << 23 = 0x0d800000, 2^24 = 151 << 23 = 0x4b800000, 2^25 = 0x4c000000 */
	{"fchk divide",
	 ".target sm_52\n.block 14\n"
	 ".buffer a u32 14 = 0x40c00000 0x0 0x3f800000 0x3f800000 0x3f800000 0x7fc00000 0x00400000 "
	 "0x71800000 0x71800000 0x71800000 0x71800000 0x0d800000 0x0d800000 0xc0c00000\n"
	 ".buffer b u32 14 = 0x40400000 0x40400000 0x00000001 0x0 0x7f800000 0x3f800000 0x3f800000 "
	 "0x33000000 0x32800000 0x7e800000 0x7e000000 0x4b800000 0x4c000000 0x40400000\n"
	 ".buffer out u32 14\n.param u64 a\n.param u64 b\n.param u64 out\n"
	 ".expect out = 0 1 1 1 1 1 1 0 1 1 0 0 1 0\n" LANE_ADDR3
	 "LDG.E R0, [R10];\nLDG.E R1, [R12];\nMOV32I R2, 0x1;\n"
	 "FCHK.DIVIDE P0, R0, R1;\nSEL R4, R2, RZ, P0;\nSTG.E [R14], R4;\nEXIT;\n"},
	/* FCHK on Kepler: lanes 0 and 3 of the table above */
	{"fchk divide on kepler",
	 ONE35("2") ".expect out = 0 1\n"
	 "MOV32I R0, 0x40c00000;\nMOV32I R1, 0x40400000;\nMOV32I R3, 0x3f800000;\nMOV32I R2, 0x1;\n"
	 "FCHK.DIVIDE P0, R0, R1;\nFCHK.DIVIDE P1, R3, RZ;\nSEL R4, R2, RZ, P0;\nSEL R5, R2, RZ, P1;\n"
	 "ST.E [R20], R4;\nST.E [R20+0x4], R5;\nEXIT;\n"},
};

/* ---- 10. SYNC on sm_52: an if/else, SSY before, SYNC at the end of each side ----
   pc  instruction                         (one warp of 32; P0 = tid < 8)
   0-4 S2R, SHL, IADD.CC, IADD.X, ISETP     5 issues of 32 lanes
   5   SSY JOIN                            push {SSY, all, JOIN}
   6   @P0 BRA ELSE                        G = lanes 0-7, divergent forward: push {DIV, 0-7, ELSE},
                                           A = lanes 8-31, fall through
   7   MOV32I R4, 0x1  (24 lanes)
   8   SYNC            (24 lanes)          unguarded: pop DIV: A = 0-7, pc = ELSE
   9   MOV32I R4, 0x2  (8 lanes)
   10  SYNC            (8 lanes)           pop SSY: A = all 32, pc = JOIN
   11  STG, 12 EXIT    (32 lanes)
   warp instructions 7 + 2 + 2 + 2 = 13; thread 7*32 + 2*24 + 2*8 + 2*32 = 352; active: the
   BRA has G = 8, so 352 - 24 = 328; SYNC: 2 warp, 24 + 8 = 32 thread; BRA one divergent
   branch; stack depth 2 (SSY + DIV). out: lanes 0-7 = 2, 8-31 = 1.
   With .block 8 every lane takes the branch (G == A): pc = ELSE, nothing pushed; ELSE's MOV
   and SYNC (which pops SSY back to JOIN), STG, EXIT: 7 + 2 + 2 = 11 warp instructions, 11 * 8
   = 88 threads, one SYNC, no divergent branch, depth 1. out: all 2. */
#define SYNC_BODY "S2R R0, SR_TID.X;\nSHL R1, R0, 0x2;\nIADD R2.CC, R1, c[0x0][0x140];\n" \
	"IADD.X R3, RZ, c[0x0][0x144];\nISETP.LT.AND P0, PT, R0, 0x8, PT;\nSSY JOIN;\n@P0 BRA ELSE;\n" \
	"MOV32I R4, 0x1;\nSYNC;\nELSE:\nMOV32I R4, 0x2;\nSYNC;\nJOIN:\nSTG.E [R2], R4;\nEXIT;\n"

static const struct {
	const char *name, *src;
	uint64_t warp, thread, active, sync_warp, sync_thread, divergent;
	int depth;
} sync_cases[] = {
	{"sync divergent if/else",
	 ".target sm_52\n.block 32\n.buffer out u32 32\n.param u64 out\n"
	 ".expect out = 2 2 2 2 2 2 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n" SYNC_BODY,
	 13, 352, 328, 2, 32, 1, 2},
	{"sync uniform branch",
	 ".target sm_52\n.block 8\n.buffer out u32 8\n.param u64 out\n.expect out = 2 2 2 2 2 2 2 2\n" SYNC_BODY,
	 11, 88, 88, 1, 8, 0, 1},
};

START_TEST(sync_counts)
{
	th_run r;
	int rc = th_run_text(&r, sync_cases[_i].name, sync_cases[_i].src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", sync_cases[_i].name, rc, r.diag);
	stats_totals t = stats_total(&r.x);
	uint64_t c[4];
	ck_assert_msg(th_row(&r, STATS_BY_OPCODE, "SYNC", c), "%s: no SYNC row", sync_cases[_i].name);
	ck_assert_msg(t.warp == sync_cases[_i].warp && t.thread == sync_cases[_i].thread &&
			      t.active == sync_cases[_i].active,
		      "%s: warp %llu thread %llu active %llu", sync_cases[_i].name, (unsigned long long)t.warp,
		      (unsigned long long)t.thread, (unsigned long long)t.active);
	ck_assert_msg(c[0] == sync_cases[_i].sync_warp && c[1] == sync_cases[_i].sync_thread,
		      "%s: SYNC warp %llu thread %llu", sync_cases[_i].name, (unsigned long long)c[0],
		      (unsigned long long)c[1]);
	ck_assert_msg(r.x.stats.divergent == sync_cases[_i].divergent && r.x.stats.max_depth == sync_cases[_i].depth,
		      "%s: divergent %llu depth %d", sync_cases[_i].name, (unsigned long long)r.x.stats.divergent,
		      (int)r.x.stats.max_depth);
	th_free(&r);
}
END_TEST

/* ---- 11. Control words ----
   sm_35: a control word every 0x40 bytes; BRA 0x40 targets one and resumes at 0x48.
   R4 = 5, the three MOV32Is at 0x28-0x38 are skipped, 5 + 0x10 = 21. Issued: 0x08, 0x10,
   0x18, 0x20, then 0x48, 0x50, 0x58: 7 warp instructions, one MOV32I. */
static const char cw35_src[] =
	"code for sm_35\n.block 1\n.buffer out u32 1\n.param u64 out\n.expect out = 21\n"
	"\tFunction : cw\n"
	"/*0008*/ MOV R2, c[0x0][0x140];\n"
	"/*0010*/ MOV R3, c[0x0][0x144];\n"
	"/*0018*/ MOV32I R4, 0x5;\n"
	"/*0020*/ BRA 0x40;\n"
	"/*0028*/ MOV32I R4, 0x6;\n"
	"/*0030*/ MOV32I R4, 0x7;\n"
	"/*0038*/ MOV32I R4, 0x8;\n"
	"/*0048*/ IADD R4, R4, 0x10;\n"
	"/*0050*/ ST.E [R2], R4;\n"
	"/*0058*/ EXIT;\n";

/* sm_52: a control word every 0x20 bytes. BRX R4 -0x58 at 0x50: target = R4 + 0x58 (the next
   instruction's address) - 0x58 = R4. Lane 0 has R4 = 0x88, lane 1 R4 = 0x98.
   lane 0: 0x88 R6 = 0xa, BRA 0xa0 (a control word: resumes at 0xa8), STG, EXIT -> out[0] = 10
   lane 1: 0x98 R6 = 0xb, then 0xa8 STG, EXIT                               -> out[1] = 11
   Issued: 7 before the BRX; the BRX twice (two targets: one group jumps, the other waits in a
   DIV token and re-runs the BRX: 2 + 1 = 3 threads); 4 + 3 on the two paths: 16 warp
   instructions; the MOV32I at 0x58 and everything at 0x68-0x78 never run. */
static const char brx52_src[] =
	"code for sm_52\n.block 2\n.buffer out u32 2\n.param u64 out\n.expect out = 10 11\n"
	"\tFunction : brx\n"
	"/*0008*/ S2R R0, SR_TID.X;\n"
	"/*0010*/ SHL R1, R0, 0x2;\n"
	"/*0018*/ IADD R2.CC, R1, c[0x0][0x140];\n"
	"/*0028*/ IADD.X R3, RZ, c[0x0][0x144];\n"
	"/*0030*/ ISETP.EQ.AND P0, PT, R0, RZ, PT;\n"
	"/*0038*/ MOV32I R5, 0x88;\n"
	"/*0048*/ SEL R4, R5, 0x98, P0;\n"
	"/*0050*/ BRX R4 -0x58;\n"
	"/*0058*/ MOV32I R6, 0x1;\n"
	"/*0068*/ STG.E [R2], R6;\n"
	"/*0070*/ EXIT;\n"
	"/*0078*/ EXIT;\n"
	"/*0088*/ MOV32I R6, 0xa;\n"
	"/*0090*/ BRA 0xa0;\n"
	"/*0098*/ MOV32I R6, 0xb;\n"
	"/*00a8*/ STG.E [R2], R6;\n"
	"/*00b0*/ EXIT;\n";

START_TEST(control_words)
{
	th_run r;
	uint64_t c[4];
	int rc = th_run_text(&r, "cw35", cw35_src);
	ck_assert_msg(rc == 0, "cw35: rc %d\n%s", rc, r.diag);
	ck_assert_msg(stats_total(&r.x).warp == 7, "cw35: warp %llu", (unsigned long long)stats_total(&r.x).warp);
	ck_assert_msg(th_row(&r, STATS_BY_OPCODE, "MOV32I", c) && c[0] == 1, "cw35: MOV32I");
	th_free(&r);

	rc = th_run_text(&r, "brx52", brx52_src);
	ck_assert_msg(rc == 0, "brx52: rc %d\n%s", rc, r.diag);
	ck_assert_msg(stats_total(&r.x).warp == 16, "brx52: warp %llu", (unsigned long long)stats_total(&r.x).warp);
	ck_assert_msg(th_row(&r, STATS_BY_OPCODE, "BRX", c), "brx52: no BRX row");
	ck_assert_msg(c[0] == 2 && c[1] == 3, "brx52: BRX warp %llu thread %llu", (unsigned long long)c[0],
		      (unsigned long long)c[1]);
	th_free(&r);
}
END_TEST

/* SIMTEMU DISAGREES (reported): asm_sel_lea and the LEA row's meaning column define
   LEA.HI d, a, b, c, s (d = hi32({c:a} << s) + b, .X adding the carry), the form that
   builds the high word of a 64-bit address, but the row's operand shape in isa/sm50.def
   ("r,r,ric,i?") allows at most four operands, so every LEA.HI is refused at assembly
   ("LEA takes 3 to 4 operands, 5 given") and the .HI path cannot be reached. (The corpus
   has no sm_5x/6x LEA.HI; a public Pascal listing prints LEA.HI.X P0, R12, R14, RZ, R12,
   which the shape refuses as well.) The values below stay as derived by hand. */
static const kmp_case disagree[] = {
	/* LEA and LEA.HI
	   LEA 0x10 << 2 + 0x1000 = 0x1040; shift 0: 0x1010.
	   A 64-bit address as ptxas forms it: base {0x10:0xfffffffe} + index {0:0x80000001} << 2.
	   low: 0x80000001 << 2 = 0x2_0000_0004 -> 0x4; + 0xfffffffe = 0x1_0000_0002 -> 2, carry 1
	   high (.HI.X): ({0:0x80000001} << 2) >> 32 = 2; + 0x10 + carry = 0x13
	   (check: 0x10fffffffe + 0x200000004 = 0x1300000002)
	   .HI without .X: 2 + 0x10 = 0x12
	   .HI with c = 3, s = 4: ({3:0x80000001} << 4) >> 32 = 3 << 4 | 0x80000001 >> 28 = 0x30 | 0x8
	   = 0x38; + 0x10 = 0x48 */
	{"lea.hi",
	 ONE52("6") ".expect out = 0x1040 0x1010 0x2 0x13 0x12 0x48\n"
	 "MOV32I R0, 0x10;\nMOV32I R1, 0x1000;\nLEA R4, R0, R1, 0x2;\nLEA R5, R0, R1, 0x0;\n"
	 "MOV32I R10, 0x80000001;\nMOV R11, RZ;\nMOV32I R12, 0xfffffffe;\nMOV32I R13, 0x10;\nMOV32I R14, 0x3;\n"
	 "LEA R6.CC, R10, R12, 0x2;\nLEA.HI.X R7, R10, R13, R11, 0x2;\n"
	 "LEA.HI R8, R10, R13, R11, 0x2;\nLEA.HI R9, R10, R13, R14, 0x4;\n"
	 "STG.E [R20], R4;\nSTG.E [R20+0x4], R5;\nSTG.E [R20+0x8], R6;\nSTG.E [R20+0xc], R7;\n"
	 "STG.E [R20+0x10], R8;\nSTG.E [R20+0x14], R9;\nEXIT;\n"},

};

/* LOP3.LUT on sm_52 with every table: with a = 0xf0f0f0f0, b = 0xcccccccc, c = 0xaaaaaaaa
   each byte of the result is the table (bit i: the entry for a = i & 4, b = i & 2, c = i & 1,
   the table's definition): lut * 0x01010101; table k to out[k]. */
START_TEST(lop3_every_table)
{
	size_t cap = 256 * 80 + 400, len = 0;
	char *src = malloc(cap);
	ck_assert_ptr_nonnull(src);
	len += (size_t)snprintf(src + len, cap - len, "%s",
				ONE52("256") "MOV32I R0, 0xf0f0f0f0;\nMOV32I R1, 0xcccccccc;\nMOV32I R2, 0xaaaaaaaa;\n");
	for (int k = 0; k < 256; k++)
		len += (size_t)snprintf(src + len, cap - len, "LOP3.LUT R4, R0, R1, R2, 0x%x;\nST.E [R20+0x%x], R4;\n", k,
					4 * k);
	snprintf(src + len, cap - len, "EXIT;\n");
	th_run r;
	int rc = th_run_text(&r, "lop3_tables52", src);
	free(src);
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	for (int k = 0; k < 256; k++)
		ck_assert_msg(th_word(&r, "out", k) == (uint32_t)k * 0x01010101u, "table 0x%x: got 0x%x", k,
			      th_word(&r, "out", k));
	th_free(&r);
}
END_TEST

START_TEST(by_hand)
{
	th_run r;
	int rc = th_run_text(&r, cases[_i].name, cases[_i].src);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", cases[_i].name, rc, r.diag);
	th_free(&r);
}
END_TEST

START_TEST(disagreements)
{
	th_run r;
	int rc = th_run_text(&r, disagree[_i].name, disagree[_i].src);
	ck_assert_msg(rc == 0, "%s (simtemu disagrees, reported): rc %d\n%s", disagree[_i].name, rc, r.diag);
	th_free(&r);
}
END_TEST

Suite *kmp_suite(void)
{
	Suite *s = suite_create("kmp");
	TCase *t = tcase_create("kmp");
	tcase_add_loop_test(t, by_hand, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_loop_test(t, sync_counts, 0, (int)(sizeof sync_cases / sizeof sync_cases[0]));
	tcase_add_test(t, control_words);
	tcase_add_test(t, lop3_every_table);
	suite_add_tcase(s, t);
	TCase *d = tcase_create("kmp-disagree");
	tcase_add_loop_test(d, disagreements, 0, (int)(sizeof disagree / sizeof disagree[0]));
	suite_add_tcase(s, d);
	return s;
}
