/* Shared bits of the libFuzzer harnesses: the input as a NUL-terminated string, and a
   diagnostics stream that goes nowhere (the harnesses look for crashes, not messages). */
#ifndef SIMTEMU_FUZZ_COMMON_H
#define SIMTEMU_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

static inline FILE *fuzz_null(void)
{
	static FILE *f;
	if (!f && !(f = fopen("/dev/null", "w")))
		abort();
	return f;
}

#endif
