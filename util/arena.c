/* Bump allocation in large blocks, and interned strings (util/arena.h). */
#include "util/arena.h"

#include "util/xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define ARENA_BLOCK ((size_t)1 << 20) /* a mapping of its own each (map_block) */

struct arena_block {
	arena_block *next;
	size_t used, cap;
	_Alignas(8) unsigned char data[];
};

arena *arena_new(void)
{
	return xcalloc(1, sizeof(arena));
}

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_EACH 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_EACH 1
#endif
#endif

/* Blocks are mapped, not malloc'd: once malloc has seen a large free (the listing's text)
   it serves 1 MB from its heap, and a block freed there would not go back to the system.
   populate: the arena already filled a block, so this one will be used too: its pages made
   resident at once (MAP_POPULATE), not a page fault per 4 KiB. A mapping is zeroed. */
static arena_block *map_block(size_t bytes, bool populate)
{
#if defined(MAP_ANONYMOUS) && !defined(ARENA_EACH)
#ifndef MAP_POPULATE
#define MAP_POPULATE 0
#endif
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0),
		       -1, 0);
	return p == MAP_FAILED ? xmalloc(SIZE_MAX) /* out of memory, said as xmalloc says it */ : p;
#else
	(void)populate;
	return xmalloc(bytes);
#endif
}

static void unmap_block(arena_block *b)
{
#if defined(MAP_ANONYMOUS) && !defined(ARENA_EACH)
	munmap(b, sizeof *b + b->cap);
#else
	free(b);
#endif
}

/* A new block at the head (blocks stay newest first: arena_release_before relies on it). */
static arena_block *new_block(arena *a, size_t cap)
{
	arena_block *b = map_block(sizeof *b + cap, a->head != NULL);
	b->cap = cap;
	b->used = 0;
	b->next = a->head;
	a->head = b;
	return b;
}

void *arena_alloc(arena *a, size_t n)
{
#ifdef ARENA_EACH
	/* under ASan every allocation is a block of its own, exactly n bytes: a read past an
	   instruction's last operand, or of a released one, is caught */
	arena_block *b = new_block(a, n);
#else
	n = (n + 7) & ~(size_t)7;
	arena_block *b = a->head;
	if (!b || b->cap - b->used < n)
		b = new_block(a, n > ARENA_BLOCK / 4 ? n : ARENA_BLOCK - sizeof *b);
#endif
	void *p = b->data + b->used;
	b->used += n;
#if !defined(MAP_ANONYMOUS) || defined(ARENA_EACH)
	memset(p, 0, n); /* a mapped block is zero already, and no byte of it is handed out twice */
#endif
	return p;
}

void arena_release_before(arena *a, const void *p)
{
	const unsigned char *q = p;
	for (arena_block *b = a->head; b; b = b->next)
		if (q >= b->data && q < b->data + b->cap) {
			for (arena_block *o = b->next, *n; o; o = n) {
				n = o->next;
				unmap_block(o);
			}
			b->next = NULL;
			return;
		}
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
	char *d = arena_alloc(a, n + 1);
	memcpy(d, s, n);
	return d;
}

static size_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)h;
}

const char *arena_intern(arena *a, const char *s)
{
	if (2 * (a->nset + 1) > a->capset) { /* at most half full */
		size_t cap = a->capset ? 2 * a->capset : 64;
		const char **set = xcalloc(cap, sizeof *set);
		for (size_t i = 0; i < a->capset; i++)
			if (a->set[i]) {
				size_t k = str_hash(a->set[i]) & (cap - 1);
				while (set[k])
					k = (k + 1) & (cap - 1);
				set[k] = a->set[i];
			}
		free(a->set);
		a->set = set;
		a->capset = cap;
	}
	size_t k = str_hash(s) & (a->capset - 1);
	for (; a->set[k]; k = (k + 1) & (a->capset - 1))
		if (!strcmp(a->set[k], s))
			return a->set[k];
	a->nset++;
	return a->set[k] = arena_strndup(a, s, strlen(s));
}

void arena_free(arena *a)
{
	if (!a)
		return;
	for (arena_block *b = a->head, *n; b; b = n) {
		n = b->next;
		unmap_block(b);
	}
	free(a->set);
	free(a);
}
