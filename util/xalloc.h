/* Allocation that cannot fail quietly (the one place the library gives up: host out of
   memory), and reading a whole file. */
#ifndef SIMTEMU_XALLOC_H
#define SIMTEMU_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Zeroed memory for a large buffer: from XBIG_MIN bytes on, its own mapping on 2 MiB
   boundaries with transparent huge pages asked for (a page fault per 2 MiB, not per 4 KiB,
   when it is first written); below, calloc. Freed by xfree_big with the same size. */
#define XBIG_MIN ((size_t)2 << 20)
void *xcalloc_big(size_t n);
void xfree_big(void *p, size_t n);
/* A whole file, NUL-terminated (len: its size, may be NULL); NULL with errno if it cannot
   be read: EISDIR for a directory, EFBIG past max bytes (a device like /dev/zero is read
   only that far). xread_file: at most XREAD_MAX. */
#define XREAD_MAX ((size_t)256 << 20)
char *xread_file(const char *path, size_t *len);
char *xread_file_max(const char *path, size_t *len, size_t max);
/* Why the last xread_file failed, in words: "it is a directory", "larger than 256 MiB"... */
const char *xread_why(int err, size_t max);

#endif
