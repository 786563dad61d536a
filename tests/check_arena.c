/* The arena (util/arena.c) and what rests on it: the parse tree's exact operands, interned
   names, release while assembling, the program's texts (issue 14). */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/program.h"
#include "parser/ast.h"
#include "util/arena.h"
#include "util/xalloc.h"

START_TEST(alloc_zeroed_aligned)
{
	arena *a = arena_new();
	unsigned char *prev = NULL;
	for (int i = 0; i < 20000; i++) { /* some 2.4 MB: several blocks */
		size_t n = (size_t)(1 + i % 200);
		unsigned char *p = arena_alloc(a, n);
		ck_assert_msg((uintptr_t)p % 8 == 0, "allocation %d not 8-aligned", i);
		for (size_t k = 0; k < n; k++)
			ck_assert_msg(!p[k], "allocation %d byte %zu not zero", i, k);
		memset(p, 0xab, n);
		ck_assert(p != prev);
		prev = p;
	}
	unsigned char *big = arena_alloc(a, 3 << 20); /* larger than a block: one of its own */
	ck_assert(!big[0] && !big[(3 << 20) - 1]);
	arena_free(a);
}
END_TEST

START_TEST(intern_one_copy)
{
	arena *a = arena_new();
	const char *p[3000];
	char b[32];
	for (int i = 0; i < 3000; i++) { /* the table grows several times */
		snprintf(b, sizeof b, "MOD%d", i);
		p[i] = arena_intern(a, b);
		ck_assert_str_eq(p[i], b);
	}
	for (int i = 0; i < 3000; i++) {
		snprintf(b, sizeof b, "MOD%d", i);
		ck_assert_msg(arena_intern(a, b) == p[i], "MOD%d interned twice", i);
	}
	ck_assert(arena_intern(a, "") != p[0]);
	arena_free(a);
}
END_TEST

/* Blocks before the one holding p go; p and what came after stay (ASan checks the rest). */
START_TEST(release_keeps_later)
{
	arena *a = arena_new();
	for (int i = 0; i < 30000; i++)
		memset(arena_alloc(a, 100), 1, 100);
	char *keep = arena_alloc(a, 16);
	strcpy(keep, "kept");
	char *big = arena_alloc(a, 1 << 20);
	big[5] = 7;
	char *after = arena_alloc(a, 16);
	strcpy(after, "after");
	arena_release_before(a, keep);
	ck_assert_str_eq(keep, "kept");
	ck_assert_int_eq(big[5], 7);
	ck_assert_str_eq(after, "after");
	arena_release_before(a, after);
	ck_assert_str_eq(after, "after");
	arena_free(a);
}
END_TEST

START_TEST(parse_tree_exact_and_interned)
{
	static const char src[] = "IADD.X R0, R1, R2;\nIADD.X R3, R4, 0x1;\nEXIT;\n";
	ast_unit *u = ast_parse_sass("t.sass", src, stderr);
	ck_assert_int_eq(u->diags.nerrors, 0);
	const ast_func *f = &u->funcs[0];
	ck_assert_int_eq(f->ninsns, 3);
	ck_assert_int_eq(f->insns[0].nops, 3);
	ck_assert_int_eq(f->insns[2].nops, 0);
	ck_assert(f->insns[0].mnem == f->insns[1].mnem);
	ck_assert(f->insns[0].mods[0] == f->insns[1].mods[0]);
	ck_assert_str_eq(f->insns[1].mods[0], "X");
	ck_assert_int_eq(f->insns[1].ops[2].ival, 1);
	ck_assert_str_eq(f->insns[1].text, "IADD.X R3, R4, 0x1");
	ast_free(u);
}
END_TEST

/* 5000 instructions in two functions, labels every 100th and branches back to them: the
   parse tree is released while they are assembled, the targets and texts stay right. */
START_TEST(assemble_while_releasing)
{
	size_t cap = 400000, n = 0;
	char *src = xmalloc(cap);
	for (int f = 0; f < 2; f++) {
		n += (size_t)snprintf(src + n, cap - n, "\tFunction : f%d\n", f);
		for (int i = 0; i < 2500; i++) {
			if (i % 100 == 0)
				n += (size_t)snprintf(src + n, cap - n, "L%d:\n", i / 100);
			if (i == 2499)
				n += (size_t)snprintf(src + n, cap - n, "EXIT;\n");
			else if (i % 3 == 2)
				n += (size_t)snprintf(src + n, cap - n, "@P0 BRA L%d;\n", i / 100);
			else
				n += (size_t)snprintf(src + n, cap - n, "IADD.X R%d, R1, 0x%x;\n", i % 60, i);
		}
	}
	emu_program *p = emu_assemble("t.sass", src, "sm_20", NULL, stderr);
	ck_assert_ptr_nonnull(p);
	for (int f = 0; f < 2; f++) {
		const emu_func *ef = &p->funcs[f];
		ck_assert_int_eq(ef->n, 2500);
		for (int i = 0; i < 2499; i++) {
			char want[64];
			if (i % 3 == 2) {
				ck_assert_msg(ef->insns[i].target == (uint32_t)(i / 100 * 100), "f%d #%d target %u", f, i,
					      ef->insns[i].target);
				snprintf(want, sizeof want, "@P0 BRA L%d", i / 100);
			} else
				snprintf(want, sizeof want, "IADD.X R%d, R1, 0x%x", i % 60, i);
			ck_assert_msg(!strcmp(ef->insns[i].text, want), "f%d #%d text '%s'", f, i, ef->insns[i].text);
		}
		ck_assert_str_eq(ef->insns[0].mnem, "IADD.X");
		ck_assert(ef->insns[0].mnem == ef->insns[3].mnem); /* one copy per spelling */
	}
	emu_program_free(p);
	free(src);
}
END_TEST

Suite *arena_suite(void)
{
	Suite *s = suite_create("arena");
	TCase *t = tcase_create("arena");
	tcase_add_test(t, alloc_zeroed_aligned);
	tcase_add_test(t, intern_one_copy);
	tcase_add_test(t, release_keeps_later);
	tcase_add_test(t, parse_tree_exact_and_interned);
	tcase_add_test(t, assemble_while_releasing);
	suite_add_tcase(s, t);
	return s;
}
