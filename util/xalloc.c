/* Allocation wrappers: on host memory exhaustion there is no state worth saving, so the
   process reports it and ends (the only exit the library takes on its own). */
#include "util/xalloc.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
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

#define PAGE_ROUND(n) (((n) + 4095) & ~(size_t)4095)

void *xcalloc_big(size_t n)
{
	if (n < XBIG_MIN)
		return xcalloc(n, 1);
	size_t len = PAGE_ROUND(n);
	uint8_t *m = mmap(NULL, len + XBIG_MIN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return check(NULL);
	/* keep [a, a + len) with a on a 2 MiB boundary; the rest goes back */
	uint8_t *a = (uint8_t *)(((uintptr_t)m + XBIG_MIN - 1) & ~(uintptr_t)(XBIG_MIN - 1));
	if (a > m)
		munmap(m, (size_t)(a - m));
	if (m + len + XBIG_MIN > a + len)
		munmap(a + len, (size_t)(m + len + XBIG_MIN - (a + len)));
#ifdef MADV_HUGEPAGE
	madvise(a, len, MADV_HUGEPAGE); /* a hint: without it, the pages are 4 KiB */
#endif
	return a;
}

void xfree_big(void *p, size_t n)
{
	if (n < XBIG_MIN)
		free(p);
	else if (p)
		munmap(p, PAGE_ROUND(n));
}

char *xread_file(const char *path, size_t *len)
{
	return xread_file_max(path, len, XREAD_MAX);
}

char *xread_file_max(const char *path, size_t *len, size_t max)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return NULL;
	}
	/* a regular file's size is known; a device (/dev/zero) or pipe is read up to max + 1 */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size > max) {
		fclose(f);
		errno = EFBIG;
		return NULL;
	}
	size_t cap = 65536, n = 0, k;
	char *b = xmalloc(cap + 1);
	while ((k = fread(b + n, 1, cap - n, f)) > 0) {
		n += k;
		if (n > max) {
			fclose(f);
			free(b);
			errno = EFBIG;
			return NULL;
		}
		if (n == cap) {
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			b = xrealloc(b, cap + 1);
		}
	}
	bool bad = ferror(f);
	int err = errno;
	fclose(f);
	if (bad) {
		free(b);
		errno = err ? err : EIO;
		return NULL;
	}
	b[n] = 0;
	if (len)
		*len = n;
	return b;
}

const char *xread_why(int err, size_t max)
{
	static _Thread_local char m[64];
	if (err == EISDIR)
		return "it is a directory";
	if (err == EFBIG) {
		snprintf(m, sizeof m, "larger than %zu MiB", max >> 20);
		return m;
	}
	if (err == EINVAL)
		return "a binary file (it has NUL bytes), not text";
	return strerror(err);
}
