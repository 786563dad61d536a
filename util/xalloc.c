/* Allocation wrappers: on host memory exhaustion there is no state worth saving, so the
   process reports it and ends (the only exit the library takes on its own). */
#include "util/xalloc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check(void *p)
{
	if (!p) {
		fputs("simtemu: internal error: out of host memory\n", stderr);
		exit(4);
	}
	return p;
}

void *xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *xcalloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
char *xstrdup(const char *s) { return check(strdup(s ? s : "")); }

char *xread_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0, k;
	char *b = xmalloc(cap + 1);
	while ((k = fread(b + n, 1, cap - n, f)) > 0) {
		n += k;
		if (n == cap) {
			cap *= 2;
			b = xrealloc(b, cap + 1);
		}
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		free(b);
		return NULL;
	}
	b[n] = 0;
	if (len)
		*len = n;
	return b;
}
