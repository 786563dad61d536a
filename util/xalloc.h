/* Allocation that cannot fail quietly (the one place the library gives up: host out of
   memory), and reading a whole file. */
#ifndef SIMTEMU_XALLOC_H
#define SIMTEMU_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* A whole file, NUL-terminated (len: its size, may be NULL); NULL with errno if it cannot
   be read: EISDIR for a directory, EFBIG past max bytes (a device like /dev/zero is read
   only that far). xread_file: at most XREAD_MAX. */
#define XREAD_MAX ((size_t)256 << 20)
char *xread_file(const char *path, size_t *len);
char *xread_file_max(const char *path, size_t *len, size_t max);
/* Why the last xread_file failed, in words: "it is a directory", "larger than 256 MiB"... */
const char *xread_why(int err, size_t max);

#endif
