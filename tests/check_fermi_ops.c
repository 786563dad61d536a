/* Fermi's completions of issue 16: the video instructions on 8/16-bit lanes (VADD, VSUB,
   VABSDIFF, VMNMX, VSET with byte and half selectors, .SAT, secondary operations), PSET,
   ISET.X, VOTE's forms, LDSLK/STSUL, and the located errors around them. Every expected
   value is derived by hand in the comment beside it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/convert.h"
#include "harness.h"

/* One sm_20 thread; R30 points at out[0]. */
#define ONE ".target sm_20\n.block 1\n.buffer out u32 32\n.param u32 out\nMOV R30, c [0x0] [0x20];\n"
/* 32 sm_20 threads; R30 points at out[tid], rows of 32 words (ST [R30+0x80*k]). */
#define WARP ".target sm_20\n.block 32\n.buffer out u32 256\n.param u32 out\nS2R R29, SR_Tid_X;\n" \
	"ISCADD R30, R29, c [0x0] [0x20], 0x2;\n"

/* Registers of the video cases: R0 = 0x00ff0000 (byte 2 is 0xff: 255 unsigned, -1
   signed), R1 = 0x00000100 (byte 1 is 1, byte 0 is 0), R5 = 0x8000fffe (half 1 is 0x8000:
   32768 / -32768, half 0 is 0xfffe: 65534 / -2), R10 = 0x10, R20 = -2, R21 = 5,
   R25 = 0x7fffffff, R27 = 0xffffffff. */
#define VREGS "MOV32I R0, 0x00ff0000;\nMOV32I R1, 0x100;\nMOV32I R5, 0x8000fffe;\nMOV32I R10, 0x10;\n" \
	"MOV32I R20, 0xfffffffe;\nMOV32I R21, 0x5;\nMOV32I R25, 0x7fffffff;\nMOV32I R27, 0xffffffff;\n"

typedef struct {
	const char *name;
	const char *insn; /* writes R9 */
	uint32_t want;
} video_case;

static const video_case video[] = {
	/* 0xff + 0x01 = 0x100 (zero-extended bytes: no wrap at 8 bits) */
	{"vadd u8 u8", "VADD.UD.U8.U8 R9, R0.B2, R1.B1, RZ;", 0x100},
	/* -1 + 1 = 0 */
	{"vadd s8 s8", "VADD.S8.S8 R9, R0.B2, R1.B1, RZ;", 0},
	/* -1 + 255 = 254: each source keeps its own sign */
	{"vadd s8 u8", "VADD.S8.U8 R9, R0.B2, R0.B2, RZ;", 0xfe},
	/* -1 + 0 = -1, saturated to the unsigned destination: 0 */
	{"vadd sat unsigned dest", "VADD.UD.S8.U8.SAT R9, R0.B2, R1.B0, RZ;", 0},
	/* without .SAT the same -1 is 0xffffffff */
	{"vadd no sat", "VADD.UD.S8.U8 R9, R0.B2, R1, RZ;", 0xffffffffu},
	/* 32768 + -2 = 32766 */
	{"vadd u16 s16", "VADD.UD.U16.S16 R9, R5.H1, R5.H0, RZ;", 0x7ffe},
	/* -32768 + -2 = -32770 = 0xffff7ffe */
	{"vadd s16 s16", "VADD.S16.S16 R9, R5.H1, R5, RZ;", 0xffff7ffeu},
	/* 32768 - 65534 = -32766 = 0xffff8002 (b written -R5: VADD's spelling of vsub) */
	{"vadd negated half", "VADD.U16.U16 R9, R5.H1, -R5, RZ;", 0xffff8002u},
	/* thesis pair 30: a 32-bit a (-2) plus the byte 0x1 = -1, then min(-1, 5) signed = -1 */
	{"thesis pair 30", "VADD.S32.S8.MIN R9, R20, 0x1, R21;", 0xffffffffu},
	/* an immediate's byte by the type: 0xff as S8 is -1, as U8 255 */
	{"vadd s8 immediate", "VADD.S32.S8 R9, RZ, 0xff, RZ;", 0xffffffffu},
	{"vadd u8 immediate", "VADD.S32.U8 R9, RZ, 0xff, RZ;", 0xff},
	/* 33-bit: 0xffffffff (u32) + -1 (s32) = 0xfffffffe, in range for .SAT into u32 */
	{"vadd u32 s32 sat", "VADD.UD.U32.S32.SAT R9, R27, R27, RZ;", 0xfffffffeu},
	/* the same as u32 + u32 = 0x1fffffffe saturates to 0xffffffff */
	{"vadd u32 u32 sat", "VADD.UD.U32.U32.SAT R9, R27, R27, RZ;", 0xffffffffu},
	/* .SAT then .ACC: 0x7fffffff + 1 clamps to 0x7fffffff, + 5 = 0x80000004 (the add wraps) */
	{"vadd sat then acc", "VADD.SAT.ACC R9, R25, 0x1, R21;", 0x80000004u},
	/* secondary min as the destination type: unsigned min(0xff0000, 0xffffffff) = 0xff0000,
	   signed min(0xff0000, -1) = -1 */
	{"vadd min unsigned", "VADD.UD.U32.U32.MIN R9, R0, RZ, R27;", 0x00ff0000u},
	{"vadd min signed", "VADD.MIN R9, R0, RZ, R27;", 0xffffffffu},
	/* 1 - 255 = -254: 0xffffff02 signed, 0 saturated unsigned */
	{"vsub u8", "VSUB.U8.U8 R9, R1.B1, R0.B2, RZ;", 0xffffff02u},
	{"vsub u8 sat", "VSUB.UD.U8.U8.SAT R9, R1.B1, R0.B2, RZ;", 0},
	/* -1 - 255 = -256 */
	{"vsub s8 u8", "VSUB.S8.U8 R9, R0.B2, R0.B2, RZ;", 0xffffff00u},
	/* |1 - 255| = 254, + 0x10 = 0x10e */
	{"vabsdiff acc", "VABSDIFF.U8.U8.ACC R9, R1.B1, R0.B2, R10;", 0x10e},
	/* |-32768 - 65534| = 98302 = 0x17ffe, past 16 bits */
	{"vabsdiff s16 u16", "VABSDIFF.S16.U16 R9, R5.H1, R5.H0, RZ;", 0x17ffe},
	/* min(-1, 255) = -1; max = 255 */
	{"vmnmx s8 u8 min", "VMNMX.S8.U8 R9, R0.B2, R0.B2, RZ;", 0xffffffffu},
	{"vmnmx s8 u8 max", "VMNMX.S8.U8.MX R9, R0.B2, R0.B2, RZ;", 0xff},
	/* max(-1, 255) = 255, then unsigned min(255, 0x10) = 0x10 */
	{"vmnmx mx min", "VMNMX.UD.S8.U8.MX.MIN R9, R0.B2, R0.B2, R10;", 0x10},
	/* min(-32768, -2) = -32768, + 0x10 = 0xffff8010 */
	{"vmnmx s16 acc", "VMNMX.S16.S16.ACC R9, R5.H1, R5.H0, R10;", 0xffff8010u},
	/* -1 == 255 is false; 255 == 255 true; -1 < 255 true */
	{"vset eq s8 u8", "VSET.EQ.S8.U8 R9, R0.B2, R0.B2, RZ;", 0},
	{"vset eq u8 u8", "VSET.EQ.U8.U8 R9, R0.B2, R0.B2, RZ;", 1},
	{"vset lt s8 u8", "VSET.LT.S8.U8 R9, R0.B2, R0.B2, RZ;", 1},
	/* 0x00ff0000 > 0x100 gives 1, .ACC 0x10: 0x11 */
	{"vset gt acc", "VSET.GT.U32.U32.ACC R9, R0, R1, R10;", 0x11},
	/* vset's c is unsigned: max(1, 0xffffffff) = 0xffffffff */
	{"vset max unsigned", "VSET.NE.U8.U8.MAX R9, R0.B2, R1.B1, R27;", 0xffffffffu},
	/* the legacy one-type spelling of the PTXPlus reader: .U32 is all three unsigned */
	{"vadd one u32 type", "VADD.U32.SAT R9, R27, 0x1, RZ;", 0xffffffffu},
};

START_TEST(video_lanes)
{
	const video_case *c = &video[_i];
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

/* PSET with P0 true, P1 false; each result stored in order */
START_TEST(pset_combines)
{
	th_run r;
	int rc = th_run_text(&r, "pset", ONE "ISETP.EQ.AND P0, pt, RZ, RZ, pt;\nISETP.NE.AND P1, pt, RZ, RZ, pt;\n"
		"PSET.AND.AND R1, P0, P1, pt;\n"   /* (1 & 0) & 1 = 0 */
		"PSET.OR.AND R2, P0, P1, pt;\n"    /* (1 | 0) & 1 = 1: -1 */
		"PSET.BF.OR.AND R3, P0, P1, pt;\n" /* 1: 1.0f */
		"PSET.XOR.AND R4, P0, !P1, pt;\n"  /* (1 ^ 1) & 1 = 0 */
		"PSET.AND.OR R5, P1, P1, P0;\n"    /* (0 & 0) | 1 = 1: -1 */
		"PSET.AND.XOR R6, P0, P0, P0;\n"   /* (1 & 1) ^ 1 = 0 */
		"PSET.AND.AND R7, P0, pt, !P1;\n"  /* 1 & 1 & 1 = 1: -1 */
		"ST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R3;\nST [R30+0xc], R4;\n"
		"ST [R30+0x10], R5;\nST [R30+0x14], R6;\nST [R30+0x18], R7;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	static const uint32_t want[7] = {0, 0xffffffffu, 0x3f800000u, 0, 0xffffffffu, 0, 0xffffffffu};
	for (int i = 0; i < 7; i++)
		ck_assert_msg(th_word(&r, "out", i) == want[i], "out[%d] = 0x%08x, want 0x%08x", i,
			      th_word(&r, "out", i), want[i]);
	th_free(&r);
}
END_TEST

/* ISET.X: the high words of a 64-bit compare, the low words through ISUB RZ.CC */
START_TEST(iset_x_through_the_carry)
{
	th_run r;
	int rc = th_run_text(&r, "iset_x", ONE
		/* a = 0x1_00000000, b = 0x1_00000005: lo 0 - 5 borrows (C=0, Z=0), hi equal:
		   a < b, so LT -1, GE 0 */
		"MOV R0, RZ;\nMOV32I R1, 0x1;\nMOV32I R2, 0x5;\nMOV32I R3, 0x1;\n"
		"ISUB RZ.CC, R0, R2;\nISET.LT.U32.X.AND R10, R1, R3, pt;\nISET.GE.U32.X.AND R11, R1, R3, pt;\n"
		/* a = b = 0x1_00000005: lo 5 - 5 (C=1, Z=1): EQ with .BF gives 1.0f, NE 0 */
		"MOV32I R0, 0x5;\nISUB RZ.CC, R0, R2;\nISET.EQ.U32.X.AND.BF R12, R1, R3, pt;\n"
		"ISET.NE.U32.X.AND R13, R1, R3, pt;\n"
		/* a = 0xffffffff_00000000 (-2^32 signed), b = 0: lo 0 - 0 (C=1, Z=1); hi -1 < 0
		   signed: LT.X -1; unsigned 0xffffffff > 0: LT.U32.X 0 */
		"MOV R0, RZ;\nMOV32I R1, 0xffffffff;\nISUB RZ.CC, R0, RZ;\nISET.LT.X.AND R14, R1, RZ, pt;\n"
		"ISUB RZ.CC, R0, RZ;\nISET.LT.U32.X.AND R15, R1, RZ, pt;\n"
		/* the combine with c: LT (true above) AND !pt = 0 */
		"ISUB RZ.CC, R0, RZ;\nISET.LT.X.AND R16, R1, RZ, !pt;\n"
		"ST [R30], R10;\nST [R30+0x4], R11;\nST [R30+0x8], R12;\nST [R30+0xc], R13;\n"
		"ST [R30+0x10], R14;\nST [R30+0x14], R15;\nST [R30+0x18], R16;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	static const uint32_t want[7] = {0xffffffffu, 0, 0x3f800000u, 0, 0xffffffffu, 0, 0};
	for (int i = 0; i < 7; i++)
		ck_assert_msg(th_word(&r, "out", i) == want[i], "out[%d] = 0x%08x, want 0x%08x", i,
			      th_word(&r, "out", i), want[i]);
	th_free(&r);
}
END_TEST

/* VOTE in a warp of 32: P0 = tid < 2, P5 = tid > 40 (false everywhere) */
START_TEST(vote_forms)
{
	th_run r;
	int rc = th_run_text(&r, "vote", WARP
		"ISETP.LT.U32.AND P0, pt, R29, 0x2, pt;\nISETP.GT.U32.AND P5, pt, R29, 0x28, pt;\n"
		"VOTE.ALL P1, P0;\n"        /* not all: false */
		"VOTE.ANY P2, P0;\n"        /* lanes 0, 1: true */
		"VOTE.EQ P3, P0;\n"         /* differs across lanes: false */
		"VOTE.EQ P4, P5;\n"         /* false in every lane: equal, true */
		"VOTE.ALL R6, P6, !P5;\n"   /* ballot of !P5 = every lane 0xffffffff; all: true */
		"VOTE.ANY R7, pt, P0;\n"    /* ballot 0x3 */
		"VOTE.EQ R8, P1, pt;\n"     /* ballot of pt = 0xffffffff; P1 := equal, true */
		"SEL R1, 0x1, RZ, P1;\nSEL R2, 0x2, RZ, P2;\nSEL R3, 0x4, RZ, P3;\nSEL R4, 0x8, RZ, P4;\n"
		"SEL R5, 0x10, RZ, P6;\nLOP.OR R1, R1, R2;\nLOP.OR R1, R1, R3;\nLOP.OR R1, R1, R4;\n"
		"LOP.OR R1, R1, R5;\nST [R30], R1;\nST [R30+0x80], R6;\nST [R30+0x100], R7;\n"
		"ST [R30+0x180], R8;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	/* P1 (rewritten by the last VOTE.EQ: true) 1, P2 2, P3 0, P4 8, P6 0x10: 0x1b */
	for (int t = 0; t < 32; t++) {
		ck_assert_uint_eq(th_word(&r, "out", t), 0x1bu);
		ck_assert_uint_eq(th_word(&r, "out", 32 + t), 0xffffffffu);
		ck_assert_uint_eq(th_word(&r, "out", 64 + t), 0x3u);
		ck_assert_uint_eq(th_word(&r, "out", 96 + t), 0xffffffffu);
	}
	th_free(&r);
}
END_TEST

/* Fermi's shared atomic add (ptxas's loop for sm_20): LDSLK takes the word's lock, STSUL
   stores and frees it. Each pass, the first lane still in the loop takes the lock (the
   others' P2 is false) and adds 1; 32 passes leave 32, lane t having stored t + 1. */
START_TEST(ldslk_stsul_lock_loop)
{
	th_run r;
	int rc = th_run_text(&r, "slock", WARP ".shared 16\n"
		"SSY DONE;\n"
		"L: LDSLK P2, R3, [0x0];\n@P2 IADD R3, R3, 0x1;\n@P2 STSUL [0x0], R3;\n"
		"@!P2 BRA L;\nNOP.S;\n"
		"DONE: LDS R8, [0x0];\nST [R30], R8;\nST [R30+0x80], R3;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	for (int t = 0; t < 32; t++) {
		ck_assert_uint_eq(th_word(&r, "out", t), 32u);
		ck_assert_uint_eq(th_word(&r, "out", 32 + t), (uint32_t)t + 1);
	}
	th_free(&r);
}
END_TEST

/* STSUL by a lane without the lock still stores (and leaves another's lock alone) */
START_TEST(stsul_without_the_lock_stores)
{
	th_run r;
	int rc = th_run_text(&r, "stsul", ONE ".shared 16\nMOV32I R1, 0x7;\nSTSUL [0x4], R1;\n"
		"LDSLK P0, R2, [0x4];\nSEL R3, 0x1, RZ, P0;\nST [R30], R2;\nST [R30+0x4], R3;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	ck_assert_uint_eq(th_word(&r, "out", 0), 7u); /* the store happened */
	ck_assert_uint_eq(th_word(&r, "out", 1), 1u); /* and the lock was free to take */
	th_free(&r);
}
END_TEST

/* Every ATOM/RED form of sm_20's table through a 64-bit address (.E), each on its own
   word of m; the old values go to out */
START_TEST(atom_red_forms)
{
	th_run r;
	int rc = th_run_text(&r, "atom", ".target sm_20\n.block 1\n"
		".buffer m u32 24 = 5 3 0 9 7 0 2 1 0x3f800000 1 3 3 0xff 0x0f 0xff 5 2 0x40000000 0xffffffff 0 5 0 5 0\n"
		".buffer out u32 12\n.param u64 m\n.param u32 out\n"
		"MOV R2, c [0x0] [0x20];\nMOV R3, c [0x0] [0x24];\nMOV R30, c [0x0] [0x28];\n"
		"MOV32I R5, 0x5;\nMOV32I R18, 0x2;\nMOV32I R19, 0x1;\nMOV32I R20, 0xa;\nMOV32I R21, 0xb;\n"
		"MOV32I R23, 0x3f000000;\nMOV32I R24, 0xffffffff;\nMOV32I R25, 0xf0;\nMOV32I R26, 0x1;\nMOV R27, RZ;\n"
		"MOV32I R28, 0xfffffffe;\nMOV32I R29, 0xffffffff;\n"
		"ATOM.E.INC R10, [R2], R5;\n"            /* m0 5 >= 5: 0; old 5 */
		"ATOM.E.INC R11, [R2+0x4], R5;\n"        /* m1 3 < 5: 4; old 3 */
		"ATOM.E.DEC R12, [R2+0x8], R5;\n"        /* m2 0: wraps to b = 5; old 0 */
		"ATOM.E.DEC R13, [R2+0xc], R5;\n"        /* m3 9 > 5: 5; old 9 */
		"ATOM.E.EXCH R14, [R2+0x10], R5;\n"      /* m4 7 -> 5; old 7 */
		"ATOM.E.CAS.64 R16, [R2+0x18], R18, R20;\n" /* m6:m7 = 1:2 equals R19:R18: becomes 0xb:0xa; old 2, 1 */
		"ATOM.E.ADD.F32.FTZ.RN R22, [R2+0x20], R23;\n" /* m8 1.0f + 0.5f = 1.5f; old 1.0f */
		"RED.E.ADD [R2+0x24], R5;\n"             /* m9 1 + 5 = 6 */
		"RED.E.MIN.S32 [R2+0x28], R24;\n"        /* m10 min(3, -1) = -1 */
		"RED.E.MAX.U32 [R2+0x2c], R24;\n"        /* m11 max(3, 0xffffffff) */
		"RED.E.AND [R2+0x30], R25;\n"            /* m12 0xff & 0xf0 = 0xf0 */
		"RED.E.OR [R2+0x34], R25;\n"             /* m13 0x0f | 0xf0 = 0xff */
		"RED.E.XOR [R2+0x38], R25;\n"            /* m14 0xff ^ 0xf0 = 0x0f */
		"RED.E.INC [R2+0x3c], R5;\n"             /* m15 5 >= 5: 0 */
		"RED.E.DEC [R2+0x40], R5;\n"             /* m16 2 - 1 = 1 */
		"RED.E.ADD.F32.FTZ.RN [R2+0x44], R23;\n" /* m17 2.0f + 0.5f = 2.5f */
		"RED.E.ADD.64 [R2+0x48], R26;\n"         /* m18:m19 0x0_ffffffff + 1 = 0x1_00000000 */
		"RED.E.MIN.S64 [R2+0x50], R28;\n"        /* m20:m21 min(5, -2) = -2 */
		"ATOM.E.MAX.U64 R8, [R2+0x58], R28;\n"   /* m22:m23 max(5, 0xffffffff_fffffffe) unsigned; old 5:0 */
		"ST [R30], R10;\nST [R30+0x4], R11;\nST [R30+0x8], R12;\nST [R30+0xc], R13;\nST [R30+0x10], R14;\n"
		"ST [R30+0x14], R16;\nST [R30+0x18], R17;\nST [R30+0x1c], R22;\nST [R30+0x20], R8;\nST [R30+0x24], R9;\n"
		"EXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	static const uint32_t want_m[24] = {0, 4, 5, 5, 5, 0, 0xa, 0xb, 0x3fc00000u, 6, 0xffffffffu, 0xffffffffu,
					    0xf0, 0xff, 0x0f, 0, 1, 0x40200000u, 0, 1, 0xfffffffeu, 0xffffffffu,
					    0xfffffffeu, 0xffffffffu};
	static const uint32_t want_out[10] = {5, 3, 0, 9, 7, 2, 1, 0x3f800000u, 5, 0};
	for (int i = 0; i < 24; i++)
		ck_assert_msg(th_word(&r, "m", i) == want_m[i], "m[%d] = 0x%08x, want 0x%08x", i, th_word(&r, "m", i),
			      want_m[i]);
	for (int i = 0; i < 10; i++)
		ck_assert_msg(th_word(&r, "out", i) == want_out[i], "out[%d] = 0x%08x, want 0x%08x", i,
			      th_word(&r, "out", i), want_out[i]);
	th_free(&r);
}
END_TEST

/* CUDA 11.8's own sm_35 and sm_52 listings of tests/video/video.ptx and video2.ptx (Kepler
   and Maxwell spell the video instructions as Fermi does; video2.sm_20.sass is Fermi's,
   by hand): the values video.spec and video2.spec derive by hand */
START_TEST(video_real_listings)
{
	static const char *const files[][2] = {
		{"video/video.sm_35.sass", "video/video.spec"}, {"video/video.sm_52.sass", "video/video.spec"},
		{"video/video2.sm_35.sass", "video/video2.spec"}, {"video/video2.sm_52.sass", "video/video2.spec"},
		{"video/video2.sm_20.sass", "video/video2.spec"},
	};
	for (int i = 0; i < (int)(sizeof files / sizeof files[0]); i++) {
		th_run r;
		int rc = th_run_file(&r, files[i][0], files[i][1]);
		ck_assert_msg(rc == 0, "%s: rc %d\n%s", files[i][0], rc, r.diag);
		th_free(&r);
	}
}
END_TEST

/* The new forms print as PTXPlus and read back to the same SASS */
static const struct {
	const char *sass, *ptx;
} spellings[] = {
	{"PSET.BF.AND.OR R0, P0, !P1, pt;", "pset.and.or.bf.s32 $r0, $p0, !$p1, pt;"},
	{"ISET.GE.U32.X.AND R0, R1, R2, pt;", "iset.ge.and.x.u32 $r0, $r1, $r2, pt;"},
	{"ISETP.LT.U32.X.AND P0, pt, R1, R2, pt;", "isetp.lt.and.x.u32 $p0, pt, $r1, $r2, pt;"},
	{"VOTE.EQ P1, !P0;", "vote.eq $p1, !$p0;"},
	{"VOTE.ALL R1, pt, P0;", "vote.all $r1, pt, $p0;"},
	{"LDSLK P0, R3, [R2];", "ldslk.u32 $p0, $r3, $r2;"},
	{"STSUL [R2+0x4], R3;", "stsul.u32 $r2, 0x00000004, $r3;"},
	{"VADD.S32.S8.MIN R7, R0, 0x1, R7;", "vadd.min.s32.s8 $r7, $r0, 0x00000001, $r7;"},
	{"VADD.UD.U32.U32.ACC R5, R8, R5, R9;", "vadd.acc.ud.u32.u32 $r5, $r8, $r5, $r9;"},
	{"VMNMX.UD.S8.U8.MX.SAT.MIN R1, R2, R3, R4;", "vmnmx.min.mx.sat.ud.s8.u8 $r1, $r2, $r3, $r4;"},
	{"VSET.LT.S16.U8.ACC R1, R2, R3, R4;", "vset.acc.lt.s16.u8 $r1, $r2, $r3, $r4;"},
	{"VABSDIFF.U8.U8 R1, R2, R3, R4;", "vabsdiff.u8.u8 $r1, $r2, $r3, $r4;"},
	{"VSUB.SAT R1, R2, R3, R4;", "vsub.sat.s32 $r1, $r2, $r3, $r4;"},
	{"VADD.S8.S8.SAT.MRG_8B2 R1, R2, R3, R4;", "vadd.sat.mrg_8b2.s8.s8 $r1, $r2, $r3, $r4;"},
	{"VSET.GT.U8.U8.MRG_16H R1, R2, R3, R4;", "vset.mrg_16h.gt.u8.u8 $r1, $r2, $r3, $r4;"},
	{"VSHL.UD.U32.U32.W.SAT.MAX R1, R2, R3, R4;", "vshl.max.w.sat.ud.u32.u32 $r1, $r2, $r3, $r4;"},
	{"VSHR.W.MRG_16L R1, R2, R3, R4;", "vshr.w.mrg_16l.s32 $r1, $r2, $r3, $r4;"},
	{"VMAD.U8.U16.PO.SHR_7.SAT R1, R2, R3, R4;", "vmad.po.shr_7.sat.u8.u16 $r1, $r2, $r3, $r4;"},
	{"VMAD.SHR_15 R1, -R2, R3, R4;", "vmad.shr_15.s32 $r1, -$r2, $r3, $r4;"},
};

START_TEST(ptxplus_both_ways)
{
	char src[256], *out, *back, *diag;
	size_t n1, n2, n3;
	snprintf(src, sizeof src, "code for sm_20\nFunction : k\n%s\n", spellings[_i].sass);
	FILE *o = open_memstream(&out, &n1), *d = open_memstream(&diag, &n2);
	int rc = ptx_convert_to_ptxplus("f.sass", src, NULL, NULL, o, d);
	fclose(o);
	fflush(d);
	ck_assert_msg(rc == 0, "%s: %s", spellings[_i].sass, diag);
	ck_assert_msg(strstr(out, spellings[_i].ptx) != NULL, "%s prints as\n%s", spellings[_i].sass, out);
	FILE *b = open_memstream(&back, &n3);
	rc = ptx_convert_to_sass("f.ptx", out, NULL, NULL, b, d);
	fclose(b);
	fclose(d);
	ck_assert_msg(rc == 0, "%s: %s", spellings[_i].ptx, diag);
	ck_assert_msg(strstr(back, spellings[_i].sass) != NULL, "%s reads back as\n%s", spellings[_i].ptx, back);
	free(out);
	free(back);
	free(diag);
}
END_TEST

/* Located assembly errors: what stays unsupported says so, with file:line:col */
typedef struct {
	const char *name, *insn, *want;
} err_case;

static const err_case errs[] = {
	{"half for a byte type", "VADD.S8.S8 R1, R0.H1, R2, R3;",
	 "err.sass:7:16: error: VADD: an 8-bit source selects a byte (.B0-.B3), not a half"},
	{"byte for a half type", "VADD.S16.S16 R1, R0, R2.B1, R3;",
	 "err.sass:7:22: error: VADD: a 16-bit source selects a half (.H0, .H1), not a byte"},
	{"selector on a word", "VADD.S32.S8 R1, R0.B1, R2, R3;",
	 "err.sass:7:17: error: VADD: a 32-bit source takes no byte or half selector"},
	{"one sub-word type", "VADD.S8 R1, R0, R2, R3;",
	 "err.sass:7:1: error: VADD takes the types of a and b (e.g. .S32.S8), or one 32-bit type for all"},
	{"three types", "VADD.S8.S8.S8 R1, R0, R2, R3;", "err.sass:7:1: error: VADD takes the types of a and b"},
	{"two secondary ops", "VADD.ACC.MIN R1, R0, R2, R3;",
	 "err.sass:7:1: error: VADD takes one secondary operation (.ACC, .MIN or .MAX)"},
	{"vset without a comparison", "VSET.U8.U8 R1, R0, R2, R3;", "err.sass:7:1: error: VSET needs a comparison"},
	{"destination byte", "VADD.S8.S8 R1.B1, R0, R2, R3;",
	 "err.sass:7:12: error: VADD: a destination byte or half is a data merge modifier (.MRG_8B0, .MRG_8B2"},
	{"constant high half", "VADD.U16.U16 R1, R2, c [0x0] [0x20].H1, R3;",
	 "err.sass:7:22: error: VADD: a constant source gives only its low byte or half (.B0, .H0)"},
	{"byte operand elsewhere", "IADD R1, R0.B1, R2;",
	 "err.sass:7:10: error: IADD does not take a byte operand (.B0-.B3) here"},
	{"unknown byte", "VADD.U8.U8 R1, R0.B4, R2, R3;", "err.sass:7:18: error: unknown register suffix '.B4'"},
	{"pset one combine", "PSET.AND R1, P0, P1, pt;",
	 "err.sass:7:1: error: PSET needs two boolean modifiers (e.g. .AND.AND)"},
	{"vote two modes", "VOTE.ANY.ALL P1, P0;", "err.sass:7:1: error: VOTE needs one of .ANY, .ALL and .EQ"},
	{"vote register with two operands", "VOTE.ANY R1, P0;",
	 "err.sass:7:1: error: VOTE with a register destination takes d, q, p"},
	{"vote predicate with three operands", "VOTE.ANY P1, P0, P2;",
	 "err.sass:7:1: error: VOTE with a predicate destination takes q, p"},
	{"stsul with a predicate", "STSUL P0, [0x0], R1;", "err.sass:7:1: error: STSUL"},
	{"texture", "TEX R0, R2, 0x0, 0x0;",
	 "err.sass:7:1: error: unsupported opcode 'TEX' for sm_20: texture instructions run on sm_30 and later"},
	{"surface", "SUST.B.32 [R2], R0, 0x0;",
	 "err.sass:7:1: error: unsupported opcode 'SUST' for sm_20: surface accesses are not emulated"},
};

START_TEST(located_errors)
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

Suite *fermi_ops_suite(void)
{
	Suite *s = suite_create("fermi_ops");
	TCase *t = tcase_create("semantics");
	tcase_add_loop_test(t, video_lanes, 0, (int)(sizeof video / sizeof video[0]));
	tcase_add_test(t, pset_combines);
	tcase_add_test(t, iset_x_through_the_carry);
	tcase_add_test(t, vote_forms);
	tcase_add_test(t, ldslk_stsul_lock_loop);
	tcase_add_test(t, stsul_without_the_lock_stores);
	tcase_add_test(t, atom_red_forms);
	tcase_add_test(t, video_real_listings);
	tcase_add_loop_test(t, ptxplus_both_ways, 0, (int)(sizeof spellings / sizeof spellings[0]));
	suite_add_tcase(s, t);
	TCase *e = tcase_create("errors");
	tcase_add_loop_test(e, located_errors, 0, (int)(sizeof errs / sizeof errs[0]));
	suite_add_tcase(s, e);
	return s;
}
