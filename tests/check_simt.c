/* The token stack against SPEC section 6, one test per table row, then nesting sequences. */
#include <check.h>

#include "emu/simt.h"

#define LIMIT 8

static simt_state S;
static simt_token storage[LIMIT];

/* A warp of 4 lanes, all active (mask 1111 = 0xf, lane 0 is bit 0). */
static void fresh(void)
{
	simt_init(&S, 0xf, storage, LIMIT);
	S.pc = 10;
}

static void tok_is(int i, simt_type t, uint32_t mask, uint32_t pc, uint32_t saved)
{
	ck_assert_int_gt(S.depth, i);
	simt_token k = S.stack[S.depth - 1 - i];
	ck_assert_msg(k.type == t, "token %d: type %s, want %s", i, simt_type_name(k.type), simt_type_name(t));
	ck_assert_msg(k.mask == mask, "token %d: mask %x, want %x", i, k.mask, mask);
	ck_assert_msg(k.pc == pc, "token %d: pc %u, want %u", i, k.pc, pc);
	ck_assert_msg(k.saved == saved, "token %d: saved %x, want %x", i, k.saved, saved);
}

START_TEST(ssy_pushes_active_mask_and_target)
{
	fresh();
	S.A = 0x7;
	ck_assert_int_eq(simt_ssy(&S, 40), SIMT_OK);
	ck_assert_int_eq(S.depth, 1);
	tok_is(0, SIMT_SSY, 0x7, 40, 0);
	ck_assert_uint_eq(S.A, 0x7);
}
END_TEST

START_TEST(pbk_pcnt_pret_save_their_disable_mask)
{
	fresh();
	S.Dbrk = 0x8;
	S.Dcont = 0x4;
	S.Dret = 0x2;
	S.A = 0x1;
	simt_pbk(&S, 20);
	simt_pcnt(&S, 30);
	simt_pret(&S, 40);
	tok_is(2, SIMT_PBK, 0x1, 20, 0x8);
	tok_is(1, SIMT_PCNT, 0x1, 30, 0x4);
	tok_is(0, SIMT_PRET, 0x1, 40, 0x2);
}
END_TEST

START_TEST(cal_pushes_call_token_and_jumps)
{
	fresh();
	S.Dret = 0x8;
	S.A = 0x7;
	ck_assert_int_eq(simt_call(&S, 0x7, 11, 50), SIMT_OK);
	tok_is(0, SIMT_CALL, 0x7, 11, 0x8);
	ck_assert_uint_eq(S.pc, 50);
	ck_assert_uint_eq(S.A, 0x7);
}
END_TEST

START_TEST(bra_unguarded_jumps)
{
	fresh();
	simt_bra(&S, 0xf, 0, 10, 11, 3);
	ck_assert_uint_eq(S.pc, 3);
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_int_eq(S.depth, 0);
}
END_TEST

START_TEST(bra_guarded_uniform_taken_and_not_taken)
{
	fresh();
	simt_bra(&S, 0xf, 1, 10, 11, 30);
	ck_assert_uint_eq(S.pc, 30);
	ck_assert_int_eq(S.depth, 0);
	fresh();
	simt_bra(&S, 0, 1, 10, 11, 30);
	ck_assert_uint_eq(S.pc, 11);
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_int_eq(S.depth, 0);
}
END_TEST

START_TEST(bra_forward_divergent_pushes_div_and_falls_through)
{
	fresh();
	ck_assert_int_eq(simt_bra(&S, 0x3, 1, 10, 11, 30), SIMT_OK);
	tok_is(0, SIMT_DIV, 0x3, 30, 0);
	ck_assert_uint_eq(S.A, 0xc);
	ck_assert_uint_eq(S.pc, 11);
}
END_TEST

START_TEST(bra_backward_divergent_records_while_mask_once)
{
	fresh();
	simt_bra(&S, 0x7, 1, 10, 11, 5);
	ck_assert_int_eq(S.nw, 1);
	ck_assert_uint_eq(S.w[0].mask, 0xf);
	ck_assert_uint_eq(S.w[0].pc, 10);
	ck_assert_uint_eq(S.A, 0x7);
	ck_assert_uint_eq(S.pc, 5);
	simt_bra(&S, 0x3, 1, 10, 11, 5); /* next iteration diverges again */
	ck_assert_int_eq(S.nw, 1);
	ck_assert_uint_eq(S.w[0].mask, 0xf);
	ck_assert_uint_eq(S.A, 0x3);
	/* no lane takes it: the while mask comes back, the entry goes */
	simt_bra(&S, 0, 1, 10, 11, 5);
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_uint_eq(S.pc, 11);
	ck_assert_int_eq(S.nw, 0);
}
END_TEST

START_TEST(while_mask_restore_excludes_exited_and_broken_lanes)
{
	fresh();
	simt_pbk(&S, 99);
	simt_bra(&S, 0x7, 1, 10, 11, 5);
	simt_brk(&S, 0x1);  /* lane 0 breaks inside the loop */
	S.X |= 0x4;         /* lane 2 exited */
	S.A &= ~0x4u;
	simt_bra(&S, 0, 1, 10, 11, 5);
	ck_assert_uint_eq(S.A, 0xa);
}
END_TEST

/* A loop whose last lanes leave it otherwise than through its backward branch (here they
   are simply gone; in ptxas's exitloop they BRK or EXIT): the lanes that left through the
   branch's fall-through wait in the while-mask entry and resume there, at pc 11, before the
   SSY token is popped. SPEC section 6 drops the entry at that pop instead, which sends them
   to the SSY target (pc 50) past the code after the loop: tests/gen/sass/exitloop.sm_35.sass
   then stores -1 for keys it found. */
START_TEST(while_entry_resumes_before_the_pop)
{
	fresh();
	simt_ssy(&S, 50);
	simt_bra(&S, 0x1, 1, 10, 11, 5); /* entry at depth 1: lanes 1-3 left the loop */
	ck_assert_int_eq(S.nw, 1);
	S.A = 0;                         /* lane 0 leaves too, not through the branch */
	simt_pop_rule(&S);
	ck_assert_int_eq(S.nw, 0);
	ck_assert_int_eq(S.depth, 1);    /* the SSY token is still there */
	ck_assert_uint_eq(S.A, 0xf);     /* every lane not exited or disabled: the entry's mask */
	ck_assert_uint_eq(S.pc, 11);
}
END_TEST

/* A while-mask entry of a deeper level is still dropped when a pop goes below it. */
START_TEST(while_entry_dropped_when_pop_goes_below_its_depth)
{
	fresh();
	simt_ssy(&S, 50);
	simt_ssy(&S, 40);
	simt_bra(&S, 0x1, 1, 10, 11, 5); /* entry at depth 2 */
	S.A = 0;
	simt_pop(&S);                    /* one pop: depth 1, the entry goes */
	ck_assert_int_eq(S.nw, 0);
	ck_assert_uint_eq(S.pc, 40);
}
END_TEST

START_TEST(bra_u_never_touches_mask_or_stack)
{
	fresh();
	simt_bra_u(&S, 0xf, 11, 30);
	ck_assert_uint_eq(S.pc, 30);
	fresh();
	simt_bra_u(&S, 0x3, 11, 30);
	ck_assert_uint_eq(S.pc, 11);
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_int_eq(S.depth, 0);
	ck_assert_int_eq(S.nw, 0);
}
END_TEST

START_TEST(brx_one_group_jumps)
{
	fresh();
	uint32_t t[4] = {7, 7, 7, 7};
	simt_brx(&S, 0xf, 10, 11, t, 4);
	ck_assert_uint_eq(S.pc, 7);
	ck_assert_int_eq(S.depth, 0);
}
END_TEST

START_TEST(brx_several_groups_push_rest_to_rerun)
{
	fresh();
	uint32_t t[4] = {7, 9, 7, 9};
	simt_brx(&S, 0xf, 10, 11, t, 4);
	tok_is(0, SIMT_DIV, 0xa, 10, 0); /* lanes 1 and 3 re-run the BRX */
	ck_assert_uint_eq(S.A, 0x5);
	ck_assert_uint_eq(S.pc, 7);
}
END_TEST

START_TEST(brk_sets_break_mask_and_traps_without_pbk)
{
	fresh();
	ck_assert_int_eq(simt_brk(&S, 0x1), SIMT_NO_PBK);
	fresh();
	simt_pbk(&S, 40);
	ck_assert_int_eq(simt_brk(&S, 0x1), SIMT_OK);
	ck_assert_uint_eq(S.Dbrk, 0x1);
	ck_assert_uint_eq(S.A, 0xe);
}
END_TEST

START_TEST(cont_sets_continue_mask_and_traps_without_pcnt)
{
	fresh();
	ck_assert_int_eq(simt_cont(&S, 0x2), SIMT_NO_PCNT);
	fresh();
	simt_pcnt(&S, 40);
	ck_assert_int_eq(simt_cont(&S, 0x2), SIMT_OK);
	ck_assert_uint_eq(S.Dcont, 0x2);
	ck_assert_uint_eq(S.A, 0xd);
}
END_TEST

START_TEST(ret_with_and_without_call_token)
{
	fresh();
	simt_call(&S, 0xf, 11, 50);
	simt_ret(&S, 0x4);
	ck_assert_uint_eq(S.Dret, 0x4);
	ck_assert_uint_eq(S.A, 0xb);
	ck_assert_uint_eq(S.X, 0);
	fresh();
	simt_ret(&S, 0x4); /* no CALL/PRET: ends those lanes like EXIT */
	ck_assert_uint_eq(S.X, 0x4);
	ck_assert_uint_eq(S.A, 0xb);
	ck_assert_uint_eq(S.Dret, 0);
}
END_TEST

START_TEST(exit_marks_exited)
{
	fresh();
	simt_exit(&S, 0x6);
	ck_assert_uint_eq(S.X, 0x6);
	ck_assert_uint_eq(S.A, 0x9);
}
END_TEST

START_TEST(sflag_unguarded_pops_guarded_parks)
{
	fresh();
	simt_ssy(&S, 40);
	S.A = 0x3;
	ck_assert_int_eq(simt_sflag(&S, 0x3, 0), SIMT_OK);
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_uint_eq(S.pc, 40);
	ck_assert_int_eq(S.depth, 0);
	fresh();
	simt_ssy(&S, 40);
	simt_sflag(&S, 0x5, 1);
	ck_assert_uint_eq(S.A, 0xa);
	ck_assert_int_eq(S.depth, 1);
}
END_TEST

START_TEST(sflag_on_empty_stack_is_underflow)
{
	fresh();
	ck_assert_int_eq(simt_sflag(&S, 0xf, 0), SIMT_UNDERFLOW);
}
END_TEST

START_TEST(pop_rule_restores_saved_masks_and_filters)
{
	fresh();
	simt_pbk(&S, 40);        /* saved Dbrk = 0 */
	simt_brk(&S, 0x1);
	simt_pcnt(&S, 30);       /* mask 1110, saved Dcont = 0 */
	simt_cont(&S, 0x2);
	S.X = 0x4;               /* lane 2 exits */
	S.A = 0;                 /* lane 3 also stops: every lane is gone */
	simt_pop_rule(&S);       /* PCNT: Dcont back to 0; A = 1110 & ~X & ~Dbrk = 1010 */
	ck_assert_uint_eq(S.A, 0xa);
	ck_assert_uint_eq(S.pc, 30);
	ck_assert_uint_eq(S.Dcont, 0);
	ck_assert_uint_eq(S.Dbrk, 0x1);
	S.A = 0;
	simt_pop_rule(&S);       /* PBK: Dbrk back to 0; A = 1111 & ~X */
	ck_assert_uint_eq(S.A, 0xb);
	ck_assert_uint_eq(S.Dbrk, 0);
	S.A = 0;
	ck_assert_int_eq(simt_pop_rule(&S), SIMT_DONE);
}
END_TEST

START_TEST(stack_overflow_at_limit)
{
	simt_init(&S, 0xf, storage, 2);
	ck_assert_int_eq(simt_ssy(&S, 1), SIMT_OK);
	ck_assert_int_eq(simt_ssy(&S, 2), SIMT_OK);
	ck_assert_int_eq(simt_ssy(&S, 3), SIMT_OVERFLOW);
	ck_assert_int_eq(S.max_depth, 2);
}
END_TEST

/* Nested loops, each with its own PBK; the inner break happens while the outer
   break mask already holds a lane. */
START_TEST(break_inside_break)
{
	fresh();
	simt_pbk(&S, 100);              /* outer */
	simt_brk(&S, 0x1);              /* lane 0 leaves the outer loop */
	simt_pbk(&S, 50);               /* inner: mask 1110, saved Dbrk 0001 */
	tok_is(0, SIMT_PBK, 0xe, 50, 0x1);
	simt_brk(&S, 0x2);
	simt_brk(&S, 0xc);
	ck_assert_uint_eq(S.A, 0);
	simt_pop_rule(&S);              /* inner PBK pops: back to 1110 at 50 */
	ck_assert_uint_eq(S.A, 0xe);
	ck_assert_uint_eq(S.pc, 50);
	ck_assert_uint_eq(S.Dbrk, 0x1);
	simt_brk(&S, 0xe);
	simt_pop_rule(&S);              /* outer PBK pops: every lane at 100 */
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_uint_eq(S.pc, 100);
	ck_assert_uint_eq(S.Dbrk, 0);
	ck_assert_int_eq(S.depth, 0);
}
END_TEST

/* A call from inside a diverged loop keeps the loop's while mask. */
START_TEST(call_inside_loop)
{
	fresh();
	simt_bra(&S, 0x3, 1, 10, 11, 5);        /* loop diverges: W = 1111, A = 0011 */
	simt_call(&S, 0x3, 7, 60);              /* CAL from the loop body */
	simt_ret(&S, 0x1);
	simt_ret(&S, 0x2);
	ck_assert_uint_eq(S.A, 0);
	simt_pop_rule(&S);
	ck_assert_uint_eq(S.A, 0x3);
	ck_assert_uint_eq(S.pc, 7);
	ck_assert_uint_eq(S.Dret, 0);
	ck_assert_int_eq(S.nw, 1);              /* recorded at depth 0: still valid */
	simt_bra(&S, 0, 1, 10, 11, 5);          /* loop ends */
	ck_assert_uint_eq(S.A, 0xf);
}
END_TEST

/* Lanes that exit inside an if stay gone after reconvergence. */
START_TEST(exit_inside_divergence)
{
	fresh();
	simt_ssy(&S, 40);
	simt_bra(&S, 0x3, 1, 10, 11, 30);       /* A = 1100 first */
	simt_exit(&S, 0xc);
	ck_assert_uint_eq(S.A, 0);
	simt_pop_rule(&S);                      /* DIV: lanes 0,1 at 30 */
	ck_assert_uint_eq(S.A, 0x3);
	ck_assert_uint_eq(S.pc, 30);
	simt_sflag(&S, 0x3, 0);                 /* NOP.S: SSY pops without the exited lanes */
	ck_assert_uint_eq(S.A, 0x3);
	ck_assert_uint_eq(S.pc, 40);
	simt_exit(&S, 0x3);
	ck_assert_int_eq(simt_pop_rule(&S), SIMT_DONE);
}
END_TEST

/* SPEC 6, Tesla join row: SSY 40 by lanes 1111; BRA forward divergent at 12 sends lanes
   0011 to 30 (DIV) and runs 1100 on; at the join (40) the DIV token is switched to
   without issuing; at the join again the SSY token rejoins 1111 and it issues; a third
   arrival (already rejoined) changes nothing. */
START_TEST(tesla_join_switches_then_rejoins)
{
	fresh();
	simt_ssy(&S, 40);
	ck_assert_int_eq(simt_bra(&S, 0x3, 1, 12, 13, 30), SIMT_OK);
	ck_assert_uint_eq(S.A, 0xc);
	S.pc = 40;
	ck_assert_int_eq(simt_join(&S, 40), 1);
	ck_assert_uint_eq(S.A, 0x3);
	ck_assert_uint_eq(S.pc, 30);
	ck_assert_int_eq(S.depth, 1);
	S.pc = 40;
	ck_assert_int_eq(simt_join(&S, 40), 0);
	ck_assert_uint_eq(S.A, 0xf);
	ck_assert_uint_eq(S.pc, 40);
	ck_assert_int_eq(S.depth, 0);
	ck_assert_int_eq(simt_join(&S, 40), 0);
	ck_assert_uint_eq(S.A, 0xf);
}
END_TEST

/* An SSY token for another address is not this join's: nothing pops; lanes that exited
   inside the if-block do not come back at the join. */
START_TEST(tesla_join_other_ssy_and_exited_lanes)
{
	fresh();
	simt_ssy(&S, 50);
	S.pc = 40;
	ck_assert_int_eq(simt_join(&S, 40), 0);
	ck_assert_int_eq(S.depth, 1);
	ck_assert_uint_eq(S.A, 0xf);
	simt_exit(&S, 0x1);
	S.pc = 50;
	ck_assert_int_eq(simt_join(&S, 50), 0);
	ck_assert_uint_eq(S.A, 0xe);
	ck_assert_int_eq(S.depth, 0);
}
END_TEST

Suite *simt_suite(void)
{
	Suite *s = suite_create("simt");
	TCase *t = tcase_create("rows");
	tcase_add_test(t, ssy_pushes_active_mask_and_target);
	tcase_add_test(t, pbk_pcnt_pret_save_their_disable_mask);
	tcase_add_test(t, cal_pushes_call_token_and_jumps);
	tcase_add_test(t, bra_unguarded_jumps);
	tcase_add_test(t, bra_guarded_uniform_taken_and_not_taken);
	tcase_add_test(t, bra_forward_divergent_pushes_div_and_falls_through);
	tcase_add_test(t, bra_backward_divergent_records_while_mask_once);
	tcase_add_test(t, while_mask_restore_excludes_exited_and_broken_lanes);
	tcase_add_test(t, while_entry_resumes_before_the_pop);
	tcase_add_test(t, while_entry_dropped_when_pop_goes_below_its_depth);
	tcase_add_test(t, bra_u_never_touches_mask_or_stack);
	tcase_add_test(t, brx_one_group_jumps);
	tcase_add_test(t, brx_several_groups_push_rest_to_rerun);
	tcase_add_test(t, brk_sets_break_mask_and_traps_without_pbk);
	tcase_add_test(t, cont_sets_continue_mask_and_traps_without_pcnt);
	tcase_add_test(t, ret_with_and_without_call_token);
	tcase_add_test(t, exit_marks_exited);
	tcase_add_test(t, sflag_unguarded_pops_guarded_parks);
	tcase_add_test(t, sflag_on_empty_stack_is_underflow);
	tcase_add_test(t, pop_rule_restores_saved_masks_and_filters);
	tcase_add_test(t, stack_overflow_at_limit);
	suite_add_tcase(s, t);
	TCase *n = tcase_create("nesting");
	tcase_add_test(n, break_inside_break);
	tcase_add_test(n, call_inside_loop);
	tcase_add_test(n, exit_inside_divergence);
	tcase_add_test(n, tesla_join_switches_then_rejoins);
	tcase_add_test(n, tesla_join_other_ssy_and_exited_lanes);
	suite_add_tcase(s, n);
	return s;
}
