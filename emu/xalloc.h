/* Allocation that cannot fail quietly: the one place the library gives up (host out of memory). */
#ifndef SIMTEMU_XALLOC_H
#define SIMTEMU_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
