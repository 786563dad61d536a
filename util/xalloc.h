/* Allocation that cannot fail quietly (the one place the library gives up: host out of
   memory), and reading a whole file. */
#ifndef SIMTEMU_XALLOC_H
#define SIMTEMU_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* A whole file, NUL-terminated (len: its size, may be NULL); NULL if it cannot be read. */
char *xread_file(const char *path, size_t *len);

#endif
