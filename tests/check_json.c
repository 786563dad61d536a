/* The JSON reader of batch and merge (sweep/json.c): values written back as read (numbers as
   written, so 64-bit counts stay exact; escapes decoded and re-encoded), and malformed text
   refused at the right offset with the right reason. Every expectation is written by hand. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/json.h"

typedef struct {
	const char *name, *in, *out; /* out: json_write's text, or NULL for an error */
	size_t at;                   /* an error's offset */
	const char *why;
} json_case;

static const json_case cases[] = {
	{"object", "{\"a\":1,\"b\":[true,false,null]}", "{\"a\": 1, \"b\": [true, false, null]}", 0, NULL},
	{"white space", " \n\t{ \"k\" : \"v\" } \r\n", "{\"k\": \"v\"}", 0, NULL},
	{"u64 exact", "18446744073709551615", "18446744073709551615", 0, NULL},
	{"number forms", "[-0, 1.5, 2e10, -3.25E-2]", "[-0, 1.5, 2e10, -3.25E-2]", 0, NULL},
	{"escapes", "\"a\\\"b\\\\c\\n\\t\\u0041\\/\"", "\"a\\\"b\\\\c\\u000a\\u0009A/\"", 0, NULL},
	/* U+00E9 is C3 A9 in UTF-8; U+1F600 (surrogates D83D DE00) is F0 9F 98 80 */
	{"unicode", "\"\\u00e9\\ud83d\\ude00\"", "\"\xc3\xa9\xf0\x9f\x98\x80\"", 0, NULL},
	{"empty containers", "[{}, []]", "[{}, []]", 0, NULL},
	{"unclosed string", "\"abc", NULL, 4, "a string is not closed"},
	{"missing comma", "[1 2]", NULL, 3, "',' or ']' expected"},
	{"trailing comma", "{\"a\": 1,}", NULL, 8, "a member name (a string) expected"},
	{"no colon", "{\"a\" 1}", NULL, 5, "':' expected after a member name"},
	{"leading zero", "012", NULL, 0, "a malformed number"},
	{"bare word", "nul", NULL, 0, "a value expected"},
	{"after value", "{} x", NULL, 3, "text after the value"},
	{"control char", "\"a\tb\"", NULL, 2, "a control character in a string (escape it)"},
	{"bad escape", "\"\\x\"", NULL, 1, "an unknown escape in a string"},
	{"nul escape", "\"\\u0000\"", NULL, 1, "\\u0000 in a string"},
	{"empty", "", NULL, 0, "a value expected"},
	{"bad hex", "\"\\u00g0\"", NULL, 5, "a \\u escape needs four hex digits"},
	{"lone surrogate", "\"\\ud83d\\u0041\"", NULL, 13, "a lone surrogate in a \\u escape"},
	{"fraction without digits", "[1.]", NULL, 1, "a malformed number"},
};

START_TEST(test_json_case)
{
	const json_case *c = &cases[_i];
	json_value v;
	size_t at = 99;
	const char *why = NULL;
	int r = json_parse(c->in, strlen(c->in), &v, &at, &why);
	if (!c->out) {
		ck_assert_msg(r == -1, "%s: accepted", c->name);
		ck_assert_msg(at == c->at, "%s: error at %zu, want %zu", c->name, at, c->at);
		ck_assert_msg(why && !strcmp(why, c->why), "%s: '%s', want '%s'", c->name, why ? why : "", c->why);
		return;
	}
	ck_assert_msg(r == 0, "%s: refused at %zu: %s", c->name, at, why ? why : "");
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	json_write(m, &v);
	fclose(m);
	ck_assert_msg(!strcmp(buf, c->out), "%s: wrote '%s', want '%s'", c->name, buf, c->out);
	free(buf);
	json_free(&v);
}
END_TEST

START_TEST(test_json_access)
{
	const char *s = "{\"n\": 18446744073709551615, \"neg\": -1, \"f\": 1.5, \"s\": \"x\"}";
	json_value v;
	size_t at;
	const char *why;
	ck_assert_int_eq(json_parse(s, strlen(s), &v, &at, &why), 0);
	uint64_t u = 0;
	ck_assert(json_u64(json_get(&v, "n"), &u) && u == UINT64_MAX);
	ck_assert(!json_u64(json_get(&v, "neg"), &u));
	ck_assert(!json_u64(json_get(&v, "f"), &u));
	ck_assert(!json_u64(json_get(&v, "s"), &u));
	ck_assert(!json_u64(json_get(&v, "absent"), &u));
	ck_assert_ptr_null(json_get(&v, "absent"));
	json_free(&v);
	/* 2^64 does not fit */
	ck_assert_int_eq(json_parse("18446744073709551616", 20, &v, &at, &why), 0);
	ck_assert(!json_u64(&v, &u));
	json_free(&v);
}
END_TEST

Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *t = tcase_create("json");
	tcase_add_loop_test(t, test_json_case, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(t, test_json_access);
	suite_add_tcase(s, t);
	return s;
}
