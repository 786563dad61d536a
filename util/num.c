/* Strict number parsing (util/num.h): every number the program reads from input goes
   through here, so "16abc", 1e999, nan-as-a-count and 2^64 are errors everywhere alike. */
#include "util/num.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The magnitude after an optional sign: decimal or 0x hex, digits only, checked for 64 bits. */
static num_err magnitude(const char *s, uint64_t *v)
{
	int base = 10;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		if (!isxdigit((unsigned char)*s))
			return NUM_SYNTAX;
	} else if (!isdigit((unsigned char)*s))
		return NUM_SYNTAX;
	uint64_t u = 0;
	bool over = false;
	for (; *s; s++) {
		int d;
		if (isdigit((unsigned char)*s))
			d = *s - '0';
		else if (base == 16 && isxdigit((unsigned char)*s))
			d = tolower((unsigned char)*s) - 'a' + 10;
		else
			return NUM_TRAILING;
		if (u > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			over = true;
		u = u * (uint64_t)base + (uint64_t)d;
	}
	*v = u;
	return over ? NUM_RANGE : NUM_OK;
}

num_err num_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *v)
{
	if (!s)
		return NUM_SYNTAX;
	if (*s == '+')
		s++;
	uint64_t u;
	num_err e = magnitude(s, &u);
	if (e)
		return e;
	if (u < lo || u > hi)
		return NUM_RANGE;
	*v = u;
	return NUM_OK;
}

num_err num_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *v)
{
	if (!s)
		return NUM_SYNTAX;
	bool neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	uint64_t u;
	num_err e = magnitude(s, &u);
	if (e)
		return e;
	if (neg ? u > (uint64_t)INT64_MAX + 1 : u > (uint64_t)INT64_MAX)
		return NUM_RANGE;
	int64_t r = neg ? (int64_t)(0 - u) : (int64_t)u;
	if (r < lo || r > hi)
		return NUM_RANGE;
	*v = r;
	return NUM_OK;
}

num_err num_parse_double(const char *s, bool allow_nonfinite, double *v)
{
	if (!s || !*s || isspace((unsigned char)*s))
		return NUM_SYNTAX;
	char *e;
	errno = 0;
	double d = strtod(s, &e);
	if (e == s)
		return NUM_SYNTAX;
	if (*e)
		return NUM_TRAILING;
	if (isnan(d) || (isinf(d) && errno != ERANGE)) {
		if (!allow_nonfinite)
			return NUM_NOTFINITE;
	} else if (errno == ERANGE && fabs(d) > 1)
		return NUM_RANGE; /* overflow; an underflow's denormal or zero is the right rounding */
	*v = d;
	return NUM_OK;
}

num_err num_parse_count(const char *s, uint64_t lo, uint64_t hi, uint64_t *v)
{
	num_err e = num_parse_u64(s, lo, hi, v);
	if (e != NUM_TRAILING && e != NUM_SYNTAX)
		return e;
	double d;
	num_err fe = num_parse_double(s, false, &d);
	if (fe)
		return fe == NUM_SYNTAX || fe == NUM_TRAILING ? e : fe;
	if (d != floor(d))
		return NUM_FRACTION;
	if (d < 0 || d >= 18446744073709551616.0 || (uint64_t)d < lo || (uint64_t)d > hi)
		return NUM_RANGE;
	*v = (uint64_t)d;
	return NUM_OK;
}

const char *num_why(num_err e)
{
	switch (e) {
	case NUM_OK: return "ok";
	case NUM_SYNTAX: return "not a number";
	case NUM_TRAILING: return "trailing characters after the number";
	case NUM_RANGE: return "out of range";
	case NUM_NOTFINITE: return "not a finite number";
	case NUM_FRACTION: return "not a whole number";
	}
	return "not a number";
}
