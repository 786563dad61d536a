/* Allocation wrappers: on host memory exhaustion there is no state worth saving, so the
   process reports it and ends (the only exit the library takes on its own). */
#include "xalloc.h"

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
