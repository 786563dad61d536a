/* End to end: every example runs with its .expect holding, and the counts of the
   mechanism examples equal the hand derivations written here (SPEC section 7). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

typedef struct {
	const char *key;
	uint64_t warp, thread, active, predoff;
} row;

typedef struct {
	const char *file;
	uint64_t warp, thread, active, predoff, divergent;
	int max_depth;
	row rows[16];
} counted;

/* Counts derived by hand, instruction by instruction, from SPEC section 6 (the walk
   kernel's are the ones WALKTHROUGH.md publishes). The derivations are in the
   comments of each example's file and in docs/examples.md. */
static const counted counted_examples[] = {
	{"../examples/walk.sass", 41, 232, 212, 1, 7, 2,
	 {{"BRA", 8, 37, 24, 1}, {"BRK", 2, 15, 8, 0}, {"EXIT", 1, 8, 8, 0}, {"IADD", 11, 52, 52, 0},
	  {"ISCADD", 1, 8, 8, 0}, {"ISETP", 9, 45, 45, 0}, {"MOV", 2, 16, 16, 0}, {"NOP", 2, 11, 11, 0},
	  {"PBK", 1, 8, 8, 0}, {"S2R", 1, 8, 8, 0}, {"SSY", 2, 16, 16, 0}, {"ST", 1, 8, 8, 0}}},
	{"../examples/ifelse.sass", 11, 76, 72, 0, 1, 2,
	 {{"BRA", 1, 8, 4, 0}, {"IADD", 1, 4, 4, 0}, {"IMUL", 1, 4, 4, 0}, {"NOP", 1, 4, 4, 0},
	  {"SSY", 1, 8, 8, 0}, {"ST", 1, 8, 8, 0}, {"LOP", 1, 8, 8, 0}}},
	{"../examples/loop.sass", 36, 180, 172, 1, 6, 1,
	 {{"BRA", 7, 29, 21, 1}, {"IADD", 14, 58, 58, 0}, {"ISETP", 7, 29, 29, 0}, {"MOV", 2, 16, 16, 0},
	  {"NOP", 1, 8, 8, 0}, {"SSY", 1, 8, 8, 0}}},
	{"../examples/breakcont.sass", 50, 156, 139, 3, 0, 2,
	 {{"BRA", 4, 10, 9, 1}, {"BRK", 5, 15, 5, 0}, {"CONT", 6, 16, 10, 2}, {"IADD", 8, 22, 22, 0},
	  {"ISETP", 12, 34, 34, 0}, {"LOP", 4, 10, 10, 0}, {"PBK", 1, 5, 5, 0}, {"PCNT", 4, 14, 14, 0},
	  {"ST", 1, 5, 5, 0}}},
	{"../examples/brau.sass", 17, 376, 344, 1, 0, 0,
	 {{"BRA", 2, 40, 8, 1}, {"ISCADD", 4, 104, 104, 0}, {"LD", 1, 32, 32, 0}, {"MOV32I", 2, 40, 40, 0},
	  {"ST", 2, 40, 40, 0}, {"EXIT", 2, 40, 40, 0}}},
	{"../examples/call.sass", 20, 150, 139, 0, 0, 1,
	 {{"CAL", 2, 16, 16, 0}, {"RET", 4, 27, 16, 0}, {"IADD", 4, 27, 27, 0}, {"IMUL", 2, 16, 16, 0},
	  {"ISETP", 2, 16, 16, 0}, {"MOV", 2, 16, 16, 0}}},
	/* lanes 3-7 branch to SKIP (a DIV token for one side), each side's NOP.S pops once */
	{"../examples/ifblock_ssy.sass", 11, 75, 72, 0, 1, 2,
	 {{"BRA", 1, 8, 5, 0}, {"NOP", 2, 8, 8, 0}, {"SSY", 1, 8, 8, 0}, {"IADD", 1, 3, 3, 0}, {"ST", 1, 8, 8, 0}}},
	/* straight-line: every instruction issues once for all 8 lanes, IADD's guard holds for 3 */
	{"../examples/ifblock_pred.sass", 7, 56, 51, 0, 0, 0,
	 {{"IADD", 1, 8, 3, 0}, {"ISETP", 1, 8, 8, 0}, {"ST", 1, 8, 8, 0}}},
};

START_TEST(example_counts)
{
	const counted *c = &counted_examples[_i];
	th_run r;
	int rc = th_run_file(&r, c->file, NULL);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", c->file, rc, r.diag);
	stats_totals t = stats_total(&r.x);
	ck_assert_msg(t.warp == c->warp && t.thread == c->thread && t.active == c->active && t.predoff == c->predoff,
		      "%s: totals %llu/%llu/%llu/%llu, want %llu/%llu/%llu/%llu", c->file,
		      (unsigned long long)t.warp, (unsigned long long)t.thread, (unsigned long long)t.active,
		      (unsigned long long)t.predoff, (unsigned long long)c->warp, (unsigned long long)c->thread,
		      (unsigned long long)c->active, (unsigned long long)c->predoff);
	ck_assert_msg(r.x.stats.divergent == c->divergent, "%s: divergent %llu", c->file,
		      (unsigned long long)r.x.stats.divergent);
	ck_assert_msg(r.x.stats.max_depth == c->max_depth, "%s: max depth %d", c->file, r.x.stats.max_depth);
	for (int i = 0; i < 16 && c->rows[i].key; i++) {
		uint64_t got[4];
		const row *w = &c->rows[i];
		ck_assert_msg(th_row(&r, STATS_BY_OPCODE, w->key, got), "%s: no %s row", c->file, w->key);
		ck_assert_msg(got[0] == w->warp && got[1] == w->thread && got[2] == w->active && got[3] == w->predoff,
			      "%s %s: %llu/%llu/%llu/%llu, want %llu/%llu/%llu/%llu", c->file, w->key,
			      (unsigned long long)got[0], (unsigned long long)got[1], (unsigned long long)got[2],
			      (unsigned long long)got[3], (unsigned long long)w->warp, (unsigned long long)w->thread,
			      (unsigned long long)w->active, (unsigned long long)w->predoff);
	}
	th_free(&r);
}
END_TEST

/* Every example's own .expect holds (values reasoned from its C meaning). */
static const char *const all_examples[] = {
	"../examples/walk.sass", "../examples/ifelse.sass", "../examples/loop.sass", "../examples/breakcont.sass",
	"../examples/brau.sass", "../examples/call.sass", "../examples/reduce.sass", "../examples/ifblock_ssy.sass",
	"../examples/ifblock_pred.sass",
};

START_TEST(example_expects_hold)
{
	th_run r;
	int rc = th_run_file(&r, all_examples[_i], NULL);
	ck_assert_msg(rc == 0, "%s: rc %d\n%s", all_examples[_i], rc, r.diag);
	ck_assert_msg(r.sp.nexpects > 0, "%s has no .expect", all_examples[_i]);
	th_free(&r);
}
END_TEST

/* Results do not depend on how lanes are grouped into warps: every example's
   .expect holds at warp sizes 1, 3, 8 and 32. */
START_TEST(example_results_independent_of_warp_size)
{
	static const int sizes[] = {1, 3, 8, 32};
	for (int k = 0; k < 4; k++) {
		th_run r;
		int rc = th_run_file_ws(&r, all_examples[_i], NULL, sizes[k]);
		ck_assert_msg(rc == 0, "%s at warp size %d: rc %d\n%s", all_examples[_i], sizes[k], rc, r.diag);
		th_free(&r);
	}
}
END_TEST

/* -j: the same memory, bit for bit, and the same per-instruction counts on 1, 2 and 3
   worker threads (the reduction has 2 CTAs, the matmul benchmark 256). */
START_TEST(results_independent_of_jobs)
{
	static const char *const files[] = {"../examples/reduce.sass", "../bench/matmul.sass", "../bench/divergent.sass"};
	th_run one;
	ck_assert_int_eq(th_run_file_jobs(&one, files[_i], 1), 0);
	for (int jobs = 2; jobs <= 3; jobs++) {
		th_run r;
		ck_assert_int_eq(th_run_file_jobs(&r, files[_i], jobs), 0);
		for (int b = 0; b < one.x.gmem.n; b++)
			ck_assert_msg(!memcmp(one.x.gmem.bufs[b].data, r.x.gmem.bufs[b].data, one.x.gmem.bufs[b].size),
				      "%s: buffer %s differs at -j %d", files[_i], one.x.gmem.bufs[b].name, jobs);
		for (int k = 0; k < one.x.f->n; k++)
			ck_assert_msg(one.x.stats.pc[k].warp == r.x.stats.pc[k].warp && one.x.stats.pc[k].thread == r.x.stats.pc[k].thread &&
				      one.x.stats.pc[k].active == r.x.stats.pc[k].active && one.x.stats.pc[k].predoff == r.x.stats.pc[k].predoff,
				      "%s: counts of instruction %d differ at -j %d", files[_i], k, jobs);
		ck_assert_uint_eq(one.x.stats.divergent, r.x.stats.divergent);
		ck_assert_int_eq(one.x.stats.max_depth, r.x.stats.max_depth);
		th_free(&r);
	}
	th_free(&one);
}
END_TEST

/* The reduction again, at other geometries, against a C reference. */
START_TEST(reduce_against_reference)
{
	static const int blocks[] = {32, 128, 256};
	for (int k = 0; k < 3; k++) {
		int nb = blocks[k], grid = 3;
		char *src = NULL;
		size_t len;
		FILE *f = open_memstream(&src, &len);
		FILE *ex = fopen("../examples/reduce.sass", "r");
		ck_assert_ptr_nonnull(ex);
		char line[512];
		while (fgets(line, sizeof line, ex))
			if (strncmp(line, ".grid", 5) && strncmp(line, ".block", 6) && strncmp(line, ".buffer", 7) &&
			    strncmp(line, ".expect", 7) && strncmp(line, ".shared", 7))
				fputs(line, f);
		fclose(ex);
		fprintf(f, ".grid %d\n.block %d\n.shared %d\n.buffer in u32 %d = random 42 0 1000\n.buffer out u32 %d\n",
			grid, nb, 4 * nb, grid * nb, grid);
		fclose(f);
		th_run r;
		int rc = th_run_text(&r, "reduce-variant", src);
		ck_assert_msg(rc == 0, "block %d: rc %d\n%s", nb, rc, r.diag);
		for (int c = 0; c < grid; c++) {
			uint32_t want = 0;
			for (int t = 0; t < nb; t++)
				want += th_word(&r, "in", c * nb + t);
			ck_assert_msg(th_word(&r, "out", c) == want, "block %d cta %d: %u, want %u", nb, c,
				      th_word(&r, "out", c), want);
		}
		th_free(&r);
		free(src);
	}
}
END_TEST

/* A real cuobjdump listing, unmodified: WarpScan2 (mgpu_old) on random inputs
   against our C reference of an inclusive and exclusive warp scan. */
START_TEST(corpus_warpscan2)
{
	const char *dir = th_corpus_dir();
	char path[512], spec[1024];
	snprintf(path, sizeof path, "%s/sm_20_WarpScan2.sass", dir);
	snprintf(spec, sizeof spec, ".block 32\n.shared 192\n.buffer values s32 32 = random 3 -1000 1000\n"
		 ".buffer inclusive s32 32\n.buffer exclusive s32 32\n.param u32 values\n.param u32 inclusive\n"
		 ".param u32 exclusive\n");
	FILE *f = fopen("/tmp/simtemu-warpscan2.spec", "w");
	ck_assert_ptr_nonnull(f);
	fputs(spec, f);
	fclose(f);
	th_run r;
	int rc = th_run_file(&r, path, "/tmp/simtemu-warpscan2.spec");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	int32_t sum = 0;
	for (int i = 0; i < 32; i++) {
		int32_t v = (int32_t)th_word(&r, "values", i);
		ck_assert_int_eq((int32_t)th_word(&r, "exclusive", i), sum);
		sum += v;
		ck_assert_int_eq((int32_t)th_word(&r, "inclusive", i), sum);
	}
	stats_totals t = stats_total(&r.x);
	ck_assert_uint_eq(t.warp, 28); /* straight-line code: one issue per instruction */
	ck_assert_uint_eq(t.thread, 28 * 32);
	th_free(&r);
	remove("/tmp/simtemu-warpscan2.spec");
}
END_TEST

Suite *e2e_suite(void)
{
	Suite *s = suite_create("e2e");
	TCase *t = tcase_create("examples");
	tcase_add_loop_test(t, example_counts, 0, (int)(sizeof counted_examples / sizeof counted_examples[0]));
	tcase_add_loop_test(t, example_expects_hold, 0, (int)(sizeof all_examples / sizeof all_examples[0]));
	tcase_add_loop_test(t, example_results_independent_of_warp_size, 0,
			    (int)(sizeof all_examples / sizeof all_examples[0]));
	tcase_add_test(t, reduce_against_reference);
	tcase_add_loop_test(t, results_independent_of_jobs, 0, 3);
	suite_add_tcase(s, t);
	if (th_corpus_dir()) {
		TCase *c = tcase_create("corpus");
		tcase_add_test(c, corpus_warpscan2);
		suite_add_tcase(s, c);
	} else
		printf("e2e: ../shared/corpus is absent; the corpus cases are not run\n");
	return s;
}
