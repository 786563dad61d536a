/* Bump allocation in large blocks freed at once, and strings interned there (one copy
   each): the parse tree's operands and the program's instruction texts (issue 14). */
#ifndef SIMTEMU_ARENA_H
#define SIMTEMU_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct arena {
	arena_block *head;  /* the block being filled; older ones follow */
	const char **set;   /* interned strings, open addressing (NULL: empty) */
	size_t nset, capset;
} arena;

arena *arena_new(void);
/* n bytes, 8-aligned, zeroed; alive until arena_free. */
void *arena_alloc(arena *a, size_t n);
/* Free the blocks allocated before the one holding p (p: from arena_alloc): what was
   allocated before p may be released with them, what came after p stays. */
void arena_release_before(arena *a, const void *p);
/* A copy of s[0..n) with a NUL after it. */
char *arena_strndup(arena *a, const char *s, size_t n);
/* The one copy of s in a (made on first use). */
const char *arena_intern(arena *a, const char *s);
void arena_free(arena *a);

#endif
