/* SPEC section 6.2 (sm_70 and later), row by row: each kernel of examples/volta/ runs under
   both merge models (--converge barrier and pc), and its output and counts are checked
   against values derived by hand in the comments (a kernel's warp instructions, issue by
   issue: the newest ready group runs until it waits, exits or splits; after a split the
   fall-through part first). The rules on their own, then kernels measured on an H100. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/cfbar.h"
#include "harness.h"

/* Run tests/volta/NAME.sass under a merge model; rc must be want. */
static void run_volta(th_run *r, const char *name, bool pc, int want)
{
	char path[128];
	snprintf(path, sizeof path, strcmp(name, "deadlock") ? "../examples/volta/%s.sass" : "volta/%s.sass", name);
	th_converge_pc = pc;
	int rc = th_run_file(r, path, NULL);
	th_converge_pc = false;
	ck_assert_msg(rc == want, "%s (%s): rc %d, want %d: %s", name, pc ? "pc" : "barrier", rc, want,
		      r->diag ? r->diag : "");
}

static uint64_t total_warp(th_run *r)
{
	stats_totals t = stats_total(&r->x);
	return t.warp;
}

static uint64_t op_warp(th_run *r, const char *op)
{
	uint64_t c[4];
	ck_assert_msg(th_row(r, STATS_BY_OPCODE, op, c), "no %s row", op);
	return c[0];
}

/* if/else in B0: 6 before the branch (S2R MOV MOV IMAD BSSY ISETP) + the BRA; lanes 0-15
   (the lower pc) MOV, BRA, BSYNC (wait); lanes 16-31 MOV, BSYNC (release); IADD3 STG EXIT:
   7 + 3 + 2 + 3 = 15 in both models (the groups meet only at the BSYNC). */
START_TEST(ifelse)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "ifelse", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), l < 16 ? 17 : 18);
		ck_assert_uint_eq(total_warp(&r), 15);
		ck_assert_uint_eq(op_warp(&r, "BSYNC"), 2);
		uint64_t c[4];
		ck_assert(th_row(&r, STATS_BY_OPCODE, "BRA", c));
		ck_assert_uint_eq(c[1], 32 + 16); /* @P0 BRA by 32 lanes, BRA SYNC by 16 */
		ck_assert_uint_eq(c[2], 16 + 16);
		ck_assert_uint_eq(r.x.stats.divergent, 1);
		ck_assert_int_eq(r.x.stats.max_depth, 2);
		th_free(&r);
	}
}
END_TEST

/* An if without a barrier: 7 to the branch; lanes 0-15 MOV, then at L: under barrier they
   go on alone (IADD3 STG EXIT) and lanes 16-31 issue the same 3 again: 7 + 1 + 3 + 3 = 14;
   under pc they meet the waiting group at L and issue them once: 7 + 1 + 3 = 11. */
START_TEST(ifmeet_models_differ)
{
	th_run r;
	run_volta(&r, "ifmeet", false, 0);
	ck_assert_uint_eq(total_warp(&r), 14);
	ck_assert_uint_eq(op_warp(&r, "STG"), 2);
	for (int l = 0; l < 32; l++)
		ck_assert_uint_eq(th_word(&r, "out", l), l < 16 ? 0x12 : 0x11);
	th_free(&r);
	run_volta(&r, "ifmeet", true, 0);
	ck_assert_uint_eq(total_warp(&r), 11);
	ck_assert_uint_eq(op_warp(&r, "STG"), 1);
	for (int l = 0; l < 32; l++)
		ck_assert_uint_eq(th_word(&r, "out", l), l < 16 ? 0x12 : 0x11);
	th_free(&r);
}
END_TEST

/* break from inside an if-region: 6 before the loop; iteration k (0-30): IADD3 BSSY ISETP
   BRA, lane k BREAK BRA BSYNC-B1 (wait), the others BSYNC-B0 BRA: 9; iteration 31: 4 + 3
   (lane 31 alone, no split; its BSYNC B1 releases all); STG EXIT: 6 + 31 * 9 + 7 + 2 = 294. */
START_TEST(break_out_of_loop)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "break", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), (uint32_t)l + 1);
		ck_assert_uint_eq(total_warp(&r), 294);
		ck_assert_uint_eq(op_warp(&r, "BSYNC"), 32 + 31);
		ck_assert_uint_eq(op_warp(&r, "BREAK"), 32);
		ck_assert_uint_eq(op_warp(&r, "BRA"), 32 + 32 + 31);
		ck_assert_uint_eq(op_warp(&r, "BSSY"), 33);
		ck_assert_uint_eq(r.x.stats.divergent, 31);
		uint64_t c[4];
		ck_assert(th_row(&r, STATS_BY_OPCODE, "IADD3", c));
		ck_assert_uint_eq(c[1], 528); /* 32 + 31 + ... + 1 lanes */
		ck_assert_uint_eq(c[3], 0);
		th_free(&r);
	}
}
END_TEST

/* Nested regions: 8 to the first BRA; lanes 0-15 BSSY ISETP BRA (3); lanes 0-7 MOV BRA
   BSYNC-B1 (3, wait); lanes 8-15 MOV BSYNC-B1 (2, release); lanes 0-15 IADD3 BRA BSYNC-B0
   (3, wait); lanes 16-31 MOV BSYNC-B0 (2, release); STG EXIT: 23; three groups at most. */
START_TEST(nested_regions)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "nested", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), l < 8 ? 17 : l < 16 ? 18 : 3);
		ck_assert_uint_eq(total_warp(&r), 23);
		ck_assert_uint_eq(op_warp(&r, "BSYNC"), 4);
		ck_assert_uint_eq(r.x.stats.divergent, 2);
		ck_assert_int_eq(r.x.stats.max_depth, 3);
		th_free(&r);
	}
}
END_TEST

/* A divergent call: 8 to the BRA; lanes 0-7 MOV CALL, the function's IADD3 MOV RET (back
   at the BSYNC's pc, where lanes 8-31 wait as a ready group); barrier: lanes 0-7 BSYNC
   (wait), lanes 8-31 BSYNC (release), STG EXIT: 8 + 2 + 3 + 2 + 2 = 17; pc: the groups
   meet at the BSYNC and issue it once: 16. */
START_TEST(divergent_call)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "call", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), l < 8 ? (uint32_t)l + 100 : (uint32_t)l);
		ck_assert_uint_eq(total_warp(&r), pc ? 16 : 17);
		ck_assert_uint_eq(op_warp(&r, "CALL"), 1);
		ck_assert_uint_eq(op_warp(&r, "RET"), 1);
		ck_assert_uint_eq(op_warp(&r, "BSYNC"), pc ? 1 : 2);
		th_free(&r);
	}
}
END_TEST

/* EXIT inside the region: 8 to the BRA; lanes 4-31 MOV BRA BSYNC (wait for lanes 0-3);
   lanes 0-3 ISETP EXIT (lane 2 leaves B0) MOV BSYNC (release: lane 2 is not waited for);
   STG EXIT: 8 + 3 + 4 + 2 = 17. */
START_TEST(exit_in_divergence)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "exit", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), l == 2 ? 0 : l < 4 ? 5 : 9);
		ck_assert_uint_eq(total_warp(&r), 17);
		ck_assert_uint_eq(op_warp(&r, "EXIT"), 2);
		ck_assert_uint_eq(op_warp(&r, "BSYNC"), 2);
		th_free(&r);
	}
}
END_TEST

/* WARPSYNC 0xff with lanes 8-31 exited: 9 to the BRA; lanes 4-7 IADD3 WARPSYNC (wait for
   lanes 0-3); barrier: lanes 0-3 WARPSYNC (release), IADD3 STG EXIT: 9 + 2 + 1 + 3 = 15;
   pc: lanes 4-7 reach A where lanes 0-3 wait, one WARPSYNC: 14. */
START_TEST(warpsync_partial_mask)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "warpsync", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), l < 4 ? (uint32_t)l + 0x1000 : l < 8 ? (uint32_t)l + 0x1100 : 0);
		ck_assert_uint_eq(total_warp(&r), pc ? 14 : 15);
		ck_assert_uint_eq(op_warp(&r, "WARPSYNC"), pc ? 1 : 2);
		th_free(&r);
	}
}
END_TEST

/* BRA.CONV jumps (converged), BRA.DIV does not; after the split, lanes 16-31's BRA.DIV
   jumps: 10 to the split; lanes 16-31 BRA.DIV IADD3, then at SKIP (barrier: alone) STG
   EXIT, lanes 0-15 STG EXIT: 10 + 4 + 2 = 16; pc: they meet at SKIP: 14. */
START_TEST(bra_div_conv)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "bradiv", pc, 0);
		for (int l = 0; l < 32; l++)
			ck_assert_uint_eq(th_word(&r, "out", l), l < 16 ? 2 : 18);
		ck_assert_uint_eq(total_warp(&r), pc ? 14 : 16);
		ck_assert_uint_eq(op_warp(&r, "BRA"), 4);
		th_free(&r);
	}
}
END_TEST

/* BMOV: R6 = B0 = the 20 lanes (0xfffff), B0 cleared then restored; the if/else still
   meets at BSYNC B0: 9 + 3 + 2 + 3 = 17. */
START_TEST(bmov_save_restore)
{
	th_run r;
	run_volta(&r, "bmov", false, 0);
	for (int l = 0; l < 20; l++)
		ck_assert_uint_eq(th_word(&r, "out", l), (l < 4 ? 2u : 1u) + 0xfffffu);
	ck_assert_uint_eq(total_warp(&r), 17);
	ck_assert_uint_eq(op_warp(&r, "BMOV"), 2);
	th_free(&r);
}
END_TEST

/* BAR.SYNC in a split warp (2 warps): warp 0: 8 to the BRA; lanes 16-31 IADD3 STS BAR (the
   warp has not arrived), lanes 0-15 STS BAR (it arrives); then IADD3 LDS STG EXIT as one
   group: 17; warp 1 (no split): 8 + IADD3 STS BAR + 4 = 15; 32 in all, BAR 3. */
START_TEST(bar_per_group)
{
	th_run r;
	run_volta(&r, "bar", false, 0);
	for (int t = 0; t < 64; t++) {
		int u = 63 - t; /* the thread whose value t reads */
		ck_assert_uint_eq(th_word(&r, "out", t), (uint32_t)u + (u < 16 ? 0x100u : 0x200u));
	}
	ck_assert_uint_eq(total_warp(&r), 32);
	ck_assert_uint_eq(op_warp(&r, "BAR"), 3);
	ck_assert_uint_eq(op_warp(&r, "STS"), 3);
	th_free(&r);
}
END_TEST

/* SHFL.DOWN inside divergence, over lanes 0-15's 16-lane segment: 7 to the BRA; lanes 0-15
   4 x (WARPSYNC SHFL IADD3) = 12; at SKIP (barrier: apart) STG EXIT twice: 23; pc: 21.
   Values: the PTX shfl rule by hand (a source past the segment is the lane's own value):
   lane l < 16 ends with sum_{k} of the tree, lane 0 = 120, lane 15 = 15 * 16 = 240. */
START_TEST(shfl_in_divergence)
{
	for (int pc = 0; pc < 2; pc++) {
		th_run r;
		run_volta(&r, "shfl", pc, 0);
		ck_assert_uint_eq(th_word(&r, "out", 0), 120);
		ck_assert_uint_eq(th_word(&r, "out", 15), 240);
		ck_assert_uint_eq(th_word(&r, "out", 16), 16);
		ck_assert_uint_eq(total_warp(&r), pc ? 21 : 23);
		ck_assert_uint_eq(op_warp(&r, "SHFL"), 4);
		uint64_t c[4];
		ck_assert(th_row(&r, STATS_BY_OPCODE, "WARPSYNC", c));
		ck_assert_uint_eq(c[1], 4 * 16);
		th_free(&r);
	}
}
END_TEST

/* Independent thread scheduling: a spin lock among the lanes of one warp. 5 MOVs; round
   r = 0..31: YIELD CAS ISETP BRA by the 32 - r lanes left (4), then the winner's LDG IADD3
   STG ATOMG.EXCH EXIT (5): 5 + 32 x 9 = 293; every lane got the lock once. The same
   algorithm on the token stack never ends (a budget trap). */
START_TEST(lock_handoff)
{
	th_run r;
	run_volta(&r, "lock", false, 0);
	ck_assert_uint_eq(th_word(&r, "counter", 0), 32);
	ck_assert_uint_eq(th_word(&r, "lock", 0), 0);
	ck_assert_uint_eq(total_warp(&r), 293);
	ck_assert_uint_eq(op_warp(&r, "YIELD"), 32);
	ck_assert_uint_eq(op_warp(&r, "ATOMG"), 64);
	ck_assert_uint_eq(r.x.stats.divergent, 31);
	th_free(&r);
	th_run t;
	ck_assert_int_eq(th_run_file(&t, "../examples/volta/lock_tokens.trap.sass", NULL), 3);
	ck_assert_ptr_nonnull(strstr(t.diag, "step budget exhausted"));
	th_free(&t);
}
END_TEST

START_TEST(deadlock_traps)
{
	th_run r;
	run_volta(&r, "deadlock", false, 3);
	ck_assert_ptr_nonnull(strstr(r.diag, "deadlock"));
	ck_assert_ptr_nonnull(strstr(r.diag, "lanes ffff0000 wait at BSYNC"));
	ck_assert_ptr_nonnull(strstr(r.diag, "lanes 0000ffff wait in WARPSYNC"));
	th_free(&r);
}
END_TEST

/* BMOV between barriers and from an immediate (sm_87's prologue): B0 = 0xf; B1 = B0 and
   .CLEAR empties B0; reading them back gives 0xf and 0. @P0 BRA P1, t: lanes with both
   (lane < 16 and odd) branch over the MOV: 8 lanes keep 1, the rest get 2. */
START_TEST(bmov_barriers_and_bra_pred)
{
	th_run r;
	int rc = th_run_text(&r, "t.sass",
			     ".target sm_70\n.buffer out u32 32\n.buffer b u32 2\n.param u64 out\n.param u64 b\n"
			     "S2R R0, SR_LANEID;\nMOV R2, c[0x0][0x160];\nMOV R3, c[0x0][0x164];\n"
			     "IMAD R2, R0, 0x4, R2;\n"
			     "BMOV.32 B0, 0xf;\nBMOV.32.CLEAR B1, B0;\nBMOV.32 R6, B1;\nBMOV.32 R7, B0;\n"
			     "MOV R8, c[0x0][0x168];\nMOV R9, c[0x0][0x16c];\nSTG.E [R8], R6;\nSTG.E [R8+0x4], R7;\n"
			     "MOV R5, 0x1;\nISETP.LT.AND P0, PT, R0, 0x10, PT;\nLOP3.LUT P1, RZ, R0, 0x1, RZ, 0xc0, !PT;\n"
			     "@P0 BRA P1, SKIP;\nMOV R5, 0x2;\nSKIP:\nSTG.E [R2], R5;\nEXIT;\n");
	ck_assert_msg(rc == 0, "%s", r.diag ? r.diag : "");
	ck_assert_uint_eq(th_word(&r, "b", 0), 0xf);
	ck_assert_uint_eq(th_word(&r, "b", 1), 0);
	for (int l = 0; l < 32; l++)
		ck_assert_uint_eq(th_word(&r, "out", l), l < 16 && (l & 1) ? 1 : 2);
	ck_assert_uint_eq(r.x.stats.divergent, 1);
	th_free(&r);
}
END_TEST

/* The model's rules on their own (emu/cfbar.c). */
START_TEST(rules_break_and_exit_release)
{
	cfb_state v;
	simt_state s;
	cfb_init(&v, &s, 0xf, false);
	cfb_bssy(&v, 0, 0xf);
	cfb_branch(&v, &s, 0x3, 5, 9);      /* lanes 0-1 to 9, 2-3 to 5: a split */
	ck_assert_uint_eq(s.A, 0);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.pc, 5);         /* the fall-through part first */
	ck_assert_uint_eq(s.A, 0xc);
	cfb_bsync(&v, &s, 0, 0xc, 6);       /* 2-3 wait for 0-1 */
	ck_assert_uint_eq(s.A, 0);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.pc, 9);
	cfb_break(&v, 0, 0x1);              /* lane 0 leaves B0: 2-3 still wait for lane 1 */
	ck_assert_int_eq(v.ng, 0);
	cfb_exit(&v, &s, 0x2);              /* lane 1 exits: B0's waiters are released */
	ck_assert_int_eq(v.ng, 1);
	ck_assert_uint_eq(v.g[0].pc, 6);
	ck_assert_uint_eq(v.g[0].mask, 0xc);
	ck_assert_uint_eq(s.A, 0x1);
	cfb_exit(&v, &s, 0x1);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0xc);
	cfb_exit(&v, &s, 0xc);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_DONE);
}
END_TEST

/* A call saves its caller's barrier and replaces it: lanes that wait on the caller's
   barrier keep waiting while the callee's is in the register (its release is not theirs),
   and go on when the saved barrier is back and every lane of it waits. */
START_TEST(rules_saved_barrier_keeps_waiters)
{
	cfb_state v;
	simt_state s;
	cfb_init(&v, &s, 0xf, false);
	cfb_bssy(&v, 6, 0xf);                /* the caller's region: lanes 0-3 */
	cfb_branch(&v, &s, 0x3, 2, 4);       /* lanes 0-1 take the branch, 2-3 fall through */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0xc);
	cfb_bsync(&v, &s, 6, 0xc, 3);        /* lanes 2-3 wait on B6 for lanes 0-1 */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0x3);
	ck_assert_uint_eq(v.B[6], 0xf);
	cfb_set(&v, 6, 0);                   /* lanes 0-1 call: BMOV.32.CLEAR R16, B6 */
	ck_assert_uint_eq(v.B[6], 0);
	ck_assert_uint_eq(v.bwait[6], 0xc);  /* lanes 2-3 still wait */
	cfb_bssy(&v, 6, 0x3);                /* the callee's region on B6 */
	cfb_bsync(&v, &s, 6, 0x3, 7);        /* ... complete at once: lanes 0-1 go on alone */
	ck_assert_uint_eq(s.A, 0x3);
	ck_assert_uint_eq(v.bwait[6], 0xc);
	ck_assert_int_eq(v.ng, 0);
	cfb_set(&v, 6, 0xf);                 /* BMOV.32 B6, R16 before the return */
	ck_assert_uint_eq(v.bwait[6], 0xc);
	cfb_bsync(&v, &s, 6, 0x3, 3);        /* back in the caller: all four meet */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0xf);
	ck_assert_uint_eq(s.pc, 3);
	ck_assert_uint_eq(v.B[6], 0);
}
END_TEST

/* Depth first: the parts of the latest split run before older groups, the fall-through
   part before the taken one. */
START_TEST(rules_depth_first)
{
	cfb_state v;
	simt_state s;
	cfb_init(&v, &s, 0xff, false);
	cfb_bssy(&v, 0, 0xff);
	cfb_branch(&v, &s, 0xf0, 1, 20);     /* lanes 4-7 to 20 (taken), 0-3 on at 1 */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.pc, 1);
	ck_assert_uint_eq(s.A, 0x0f);
	cfb_bssy(&v, 1, 0x0f);
	cfb_branch(&v, &s, 0x03, 2, 10);     /* lanes 0-1 to 10, 2-3 on at 2 */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0x0c);        /* the newest split's fall-through part */
	cfb_bsync(&v, &s, 1, 0x0c, 11);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.pc, 10);         /* its taken part, before the older group at 20 */
	ck_assert_uint_eq(s.A, 0x03);
	cfb_bsync(&v, &s, 1, 0x03, 11);      /* B1 complete: lanes 0-3 at 11 */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.pc, 11);
	ck_assert_uint_eq(s.A, 0x0f);
	cfb_bsync(&v, &s, 0, 0x0f, 30);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.pc, 20);
	ck_assert_uint_eq(s.A, 0xf0);
	ck_assert_int_eq(v.max_groups, 3);
}
END_TEST

/* A warp whose lanes reach a CTA barrier in two groups arrives once, with the last. */
START_TEST(rules_bar_per_group)
{
	cfb_state v;
	simt_state s;
	cfb_init(&v, &s, 0xff, false);
	cfb_branch(&v, &s, 0xf0, 1, 3);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0x0f);
	cfb_bar(&v, &s, 0x0f, 2);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY); /* the other group runs first */
	ck_assert_uint_eq(s.A, 0xf0);
	cfb_bar(&v, &s, 0xf0, 4);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_ARRIVED);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY); /* released: one group per pc */
	ck_assert_uint_eq(s.pc, 2);
	ck_assert_uint_eq(s.A, 0x0f);
	ck_assert_int_eq(v.ng, 1);
}
END_TEST

/* BSSY and BMOV write a barrier as a whole; a YIELD frees lanes that wait only on the
   yielding group (a spin lock's winner), which then runs, and the yielding group after it. */
START_TEST(rules_whole_barrier_yield)
{
	cfb_state v;
	simt_state s;
	cfb_init(&v, &s, 0xf, false);
	cfb_bssy(&v, 2, 0xf);
	cfb_set(&v, 2, 0);                   /* BMOV.32.CLEAR by any group empties B2 */
	ck_assert_uint_eq(v.B[2], 0);
	cfb_set(&v, 2, 0xd);                 /* BMOV.32 B2, R: the saved mask, all of it */
	ck_assert_uint_eq(v.B[2], 0xd);
	cfb_bssy(&v, 2, 0xf);
	ck_assert_uint_eq(v.B[2], 0xf);
	/* lanes 2-3 wait at BSYNC B2; lanes 0-1 spin and yield: the waiters go on */
	cfb_branch(&v, &s, 0x3, 5, 1);       /* lanes 0-1 to 1 (taken), 2-3 on at 5 */
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0xc);
	cfb_bsync(&v, &s, 2, 0xc, 6);
	ck_assert_uint_eq(v.bwait[2], 0xc);
	ck_assert_int_eq(cfb_next(&v, &s), CFB_READY);
	ck_assert_uint_eq(s.A, 0x3);
	s.pc = 2;
	cfb_yield(&v, &s);                   /* only lanes 0-1 hold B2 up: 2-3 go on, and run */
	ck_assert_uint_eq(v.bwait[2], 0);
	ck_assert_uint_eq(v.B[2], 0x3);
	ck_assert_uint_eq(s.A, 0xc);
	ck_assert_uint_eq(s.pc, 6);
	ck_assert_int_eq(v.ng, 1);           /* the yielding group is next */
	ck_assert_uint_eq(v.g[0].pc, 2);
	ck_assert_uint_eq(v.g[0].mask, 0x3);
}
END_TEST

/* Counts measured on an H100 (tests/h100/README.md): each kernel's listing as CUDA 13
   compiled it for sm_90 runs with the launch that ran it on the GPU; its buffers must be
   the GPU's (the spec's .expect lines) and its counts ncu's: per opcode the warp issues and
   the threads whose guard held, and per instruction where ncu's source page was saved. */
static void h100_check(const char *k, bool counts)
{
	char path[128], spec[128], line[256];
	th_run r;
	snprintf(path, sizeof path, "h100/%s.sm_90.sass", k);
	snprintf(spec, sizeof spec, "h100/%s.spec", k);
	int rc = th_run_file(&r, path, spec);
	ck_assert_msg(rc == 0, "%s: rc %d: %s", k, rc, r.diag ? r.diag : "");
	snprintf(path, sizeof path, "h100/%s.h100", k);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot read %s", path);
	stats_row *rows;
	int n = stats_rows(&r.x, STATS_BY_OPCODE, &rows);
	uint64_t seen[64] = {0}, want[64][2] = {{0}};
	char from[16] = "", to[16] = "";
	int nops = 0, npc = 0;
	ck_assert_int_le(n, 64);
	while (counts && fgets(line, sizeof line, f)) {
		char key[32];
		unsigned long long w, t, a;
		int got;
		if (sscanf(line, "rewritten %15s %15s", from, to) == 2)
			continue;
		if ((got = sscanf(line, "opcode %31s %llu %llu", key, &w, &t)) >= 2) {
			/* an opcode the listing spells as another (VIADD as IADD3) counts as that */
			const char *op = strcmp(key, from) ? key : to;
			int i = 0;
			while (i < n && strcmp(rows[i].key, op))
				i++;
			ck_assert_msg(i < n, "%s: no %s issues in simtemu, %llu on the H100", k, op, w);
			want[i][0] += w;
			want[i][1] += got == 3 ? t : 0;
			seen[i] |= got == 3 ? 3 : 1;
			nops++;
		} else if (sscanf(line, "pc %31s %llu %llu %llu", key, &w, &t, &a) == 4) {
			uint64_t c[4] = {0};
			th_row(&r, STATS_BY_PC, key, c);
			ck_assert_msg(c[0] == w && c[1] == t && c[2] == a,
				      "%s pc %s: simtemu %llu issues %llu threads %llu guard-true, H100 %llu %llu %llu", k,
				      key, (unsigned long long)c[0], (unsigned long long)c[1], (unsigned long long)c[2], w,
				      t, a);
			npc++;
		}
	}
	for (int i = 0; counts && i < n; i++) {
		ck_assert_msg(seen[i], "%s: %s issues %llu times in simtemu, never on the H100", k, rows[i].key,
			      (unsigned long long)rows[i].warp);
		ck_assert_msg(rows[i].warp == want[i][0], "%s %s: simtemu %llu warp issues, H100 %llu", k, rows[i].key,
			      (unsigned long long)rows[i].warp, (unsigned long long)want[i][0]);
		if (seen[i] & 2)
			ck_assert_msg(rows[i].active == want[i][1], "%s %s: simtemu %llu guard-true threads, H100 %llu",
				      k, rows[i].key, (unsigned long long)rows[i].active,
				      (unsigned long long)want[i][1]);
	}
	ck_assert(!counts || nops > 0);
	free(rows);
	fclose(f);
	th_free(&r);
}

/* Recursion (fib(k), k = in[i] & 15, depths 0-15 differ between lanes; one B6 per frame,
   saved and restored with BMOV around each call): each warp's lanes meet at every frame's
   BSYNC and return to the kernel together, 8 EXITs for 4 warps. Under the lowest-pc
   schedule with per-lane barrier bits, 2,216 BSYNCs fewer and 38 EXITs. */
START_TEST(h100_fib)
{
	h100_check("fib", true);
}
END_TEST

/* A __noinline__ function called from divergent code, and loops with break and continue. */
START_TEST(h100_calls_and_loops)
{
	h100_check("hw_call", true);
	h100_check("hw_loopbreak", true);
	h100_check("breakcont", true);
}
END_TEST

/* hw_bmov (recursion that calls itself from both arms of an if): the H100 gave two
   different counts in two runs (978 and 958 warp issues, 3 and 6 EXITs), so its schedule
   there depends on timing; simtemu runs every frame nested (1,136). Only its buffers are an
   oracle. */
START_TEST(h100_bmov_buffers)
{
	h100_check("hw_bmov", false);
}
END_TEST

Suite *volta_cf_suite(void)
{
	Suite *s = suite_create("volta_cf");
	TCase *t = tcase_create("sec6_2");
	tcase_add_test(t, ifelse);
	tcase_add_test(t, ifmeet_models_differ);
	tcase_add_test(t, break_out_of_loop);
	tcase_add_test(t, nested_regions);
	tcase_add_test(t, divergent_call);
	tcase_add_test(t, exit_in_divergence);
	tcase_add_test(t, warpsync_partial_mask);
	tcase_add_test(t, bra_div_conv);
	tcase_add_test(t, bmov_save_restore);
	tcase_add_test(t, bar_per_group);
	tcase_add_test(t, shfl_in_divergence);
	tcase_add_test(t, lock_handoff);
	tcase_add_test(t, deadlock_traps);
	tcase_add_test(t, bmov_barriers_and_bra_pred);
	tcase_add_test(t, rules_break_and_exit_release);
	tcase_add_test(t, rules_saved_barrier_keeps_waiters);
	tcase_add_test(t, rules_depth_first);
	tcase_add_test(t, rules_bar_per_group);
	tcase_add_test(t, rules_whole_barrier_yield);
	tcase_add_test(t, h100_fib);
	tcase_add_test(t, h100_calls_and_loops);
	tcase_add_test(t, h100_bmov_buffers);
	suite_add_tcase(s, t);
	return s;
}
