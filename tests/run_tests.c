/* The one test runner: every module's suite. */
#include <check.h>
#include <stdlib.h>

Suite *simt_suite(void);
Suite *asm_suite(void);
Suite *exec_suite(void);
Suite *spec_suite(void);
Suite *e2e_suite(void);
Suite *ptxplus_suite(void);
Suite *tesla_suite(void);
Suite *step_suite(void);
Suite *isa_suite(void);
Suite *kmp_suite(void);
Suite *isa_ops_suite(void);
Suite *volta_cf_suite(void);
Suite *json_suite(void);
Suite *volta_fp_suite(void);
Suite *fermi_ops_suite(void);
Suite *video_suite(void);
Suite *volta_int_suite(void);
Suite *arena_suite(void);

int main(void)
{
	SRunner *sr = srunner_create(simt_suite());
	srunner_add_suite(sr, asm_suite());
	srunner_add_suite(sr, volta_cf_suite());
	srunner_add_suite(sr, json_suite());
	srunner_add_suite(sr, exec_suite());
	srunner_add_suite(sr, spec_suite());
	srunner_add_suite(sr, e2e_suite());
	srunner_add_suite(sr, ptxplus_suite());
	srunner_add_suite(sr, tesla_suite());
	srunner_add_suite(sr, step_suite());
	srunner_add_suite(sr, isa_suite());
	srunner_add_suite(sr, kmp_suite());
	srunner_add_suite(sr, isa_ops_suite());
	srunner_add_suite(sr, volta_fp_suite());
	srunner_add_suite(sr, fermi_ops_suite());
	srunner_add_suite(sr, video_suite());
	srunner_add_suite(sr, volta_int_suite());
	srunner_add_suite(sr, arena_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
