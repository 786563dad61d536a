/* The one strict number reader of the program: the whole string is the number (no
   leading blanks, no trailing characters), decimal or 0x hex (a leading 0 is still
   decimal: no octal), within a range given by the caller. Callers name the value in
   their message: "'%s': %s" with num_why(). */
#ifndef SIMTEMU_NUM_H
#define SIMTEMU_NUM_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
	NUM_OK,
	NUM_SYNTAX,    /* not a number at all */
	NUM_TRAILING,  /* a number followed by other characters ("16abc") */
	NUM_RANGE,     /* a number outside [lo, hi] (or beyond 64 bits, or a float overflow) */
	NUM_NOTFINITE, /* nan or inf where a finite number is meant */
	NUM_FRACTION,  /* a fraction where an integer is meant */
} num_err;

/* [+]digits, 0xHEX. */
num_err num_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *v);
/* [+-]digits, [+-]0xHEX. */
num_err num_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *v);
/* An integer also spelled as an exact float (1e10, 2.5e3): for counts like --max-steps. */
num_err num_parse_count(const char *s, uint64_t lo, uint64_t hi, uint64_t *v);
/* A float literal (strtod syntax). nan/inf: NUM_NOTFINITE unless allow_nonfinite; a
   finite literal that overflows a double is NUM_RANGE (underflow rounds, as it should). */
num_err num_parse_double(const char *s, bool allow_nonfinite, double *v);
/* Plain words for an error: "not a number", "trailing characters after the number", ... */
const char *num_why(num_err e);

#endif
