/* The step API (emu/step.h): stops by step count, breakpoint and barrier, then the end;
   the counts come from the kernels' structure (WALKTHROUGH.md's 41 issues for walk). */
#include <check.h>
#include <stdlib.h>

#include "emu/step.h"
#include "harness.h"
#include "util/xalloc.h"

static char *walk_src(void)
{
	char *src = xread_file("../examples/walk.sass", NULL);
	ck_assert_msg(src != NULL, "cannot read examples/walk.sass");
	return src;
}

/* Stopping before every issue: one stop per issue, then the end with the right results. */
START_TEST(one_issue_at_a_time)
{
	char *src = walk_src();
	th_run r;
	ck_assert_int_eq(th_prepare_text(&r, "walk.sass", src), 0);
	emu_stepper *sp = emu_step_start(&r.x);
	emu_until u = {.by_step = true, .at_step = 0};
	int stops = 0;
	emu_stop why;
	while ((why = emu_step_until(sp, &r.x, &u)) == EMU_STOP_STEP) {
		ck_assert_uint_eq(r.x.steps, (uint64_t)stops); /* before issue number 'stops' */
		ck_assert_ptr_nonnull(emu_step_warp(sp));
		stops++;
		u.at_step = r.x.steps + 1;
	}
	ck_assert_int_eq(why, EMU_STOP_END);
	ck_assert_int_eq(stops, 41);
	ck_assert_ptr_null(emu_step_warp(sp));
	ck_assert_int_eq(emu_step_until(sp, &r.x, &u), EMU_STOP_END); /* stays ended */
	emu_step_free(sp, &r.x);
	ck_assert_int_eq(th_check(&r), 0);
	th_free(&r);
	free(src);
}
END_TEST

/* A breakpoint on the loop body (index 11) stops once per trip of the slowest lane (tid 7:
   max(1, 7) = 7 trips); one on the ST (index 21) once, with all 8 lanes, after 39 issues. */
START_TEST(breakpoints)
{
	char *src = walk_src();
	static const struct {
		int pc, stops;
		uint64_t first_step;
	} cases[] = {{11, 7, 11}, {21, 1, 39}}; /* WALKTHROUGH rows 12 and 40 */
	for (int k = 0; k < 2; k++) {
		th_run r;
		ck_assert_int_eq(th_prepare_text(&r, "walk.sass", src), 0);
		uint8_t breaks[23] = {0};
		breaks[cases[k].pc] = 1;
		emu_until u = {.breaks = breaks};
		emu_stepper *sp = emu_step_start(&r.x);
		int stops = 0;
		emu_stop why;
		while ((why = emu_step_until(sp, &r.x, &u)) == EMU_STOP_BREAK) {
			const emu_warp *w = emu_step_warp(sp);
			ck_assert_uint_eq(w->s.pc, (uint32_t)cases[k].pc);
			if (stops == 0)
				ck_assert_msg(r.x.steps == cases[k].first_step, "pc %d: first stop after %llu issues",
					      cases[k].pc, (unsigned long long)r.x.steps);
			if (cases[k].pc == 21)
				ck_assert_uint_eq(w->s.A, 0xffu);
			stops++;
		}
		ck_assert_int_eq(why, EMU_STOP_END);
		ck_assert_msg(stops == cases[k].stops, "pc %d: %d stops", cases[k].pc, stops);
		emu_step_free(sp, &r.x);
		ck_assert_int_eq(th_check(&r), 0);
		th_free(&r);
	}
	free(src);
}
END_TEST

/* Two warps and two barriers: two barrier stops, then the end. */
START_TEST(barriers)
{
	static const char src[] = ".target sm_20\n.block 64\n.buffer out u32 64\n.param u32 out\n"
				  ".expect out = 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 "
				  "2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2\n"
				  "S2R R0, SR_Tid_X;\nISCADD R1, R0, c [0x0] [0x20], 0x2;\nMOV32I R2, 0x1;\n"
				  "BAR.SYNC 0x0;\nIADD R2, R2, 0x1;\nBAR.SYNC 0x0;\nST [R1], R2;\nEXIT;\n";
	th_run r;
	ck_assert_int_eq(th_prepare_text(&r, "bar.sass", src), 0);
	emu_until u = {.barrier = true};
	emu_stepper *sp = emu_step_start(&r.x);
	int stops = 0;
	emu_stop why;
	while ((why = emu_step_until(sp, &r.x, &u)) == EMU_STOP_BARRIER)
		stops++;
	ck_assert_int_eq(why, EMU_STOP_END);
	ck_assert_int_eq(stops, 2);
	emu_step_free(sp, &r.x);
	ck_assert_int_eq(th_check(&r), 0);
	th_free(&r);
}
END_TEST

Suite *step_suite(void)
{
	Suite *s = suite_create("step");
	TCase *t = tcase_create("step");
	tcase_add_test(t, one_issue_at_a_time);
	tcase_add_test(t, breakpoints);
	tcase_add_test(t, barriers);
	suite_add_tcase(s, t);
	return s;
}
