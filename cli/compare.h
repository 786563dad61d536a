/* simtemu compare: two runs' outputs and counts side by side (SPEC sections 1 and 7). */
#ifndef SIMTEMU_COMPARE_H
#define SIMTEMU_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"
#include "emu/stats.h"

/* One key's counts in both runs: [0] warp_inst, [1] thread_inst. */
typedef struct {
	char key[128];
	uint64_t a[2], b[2];
} cmp_row;

/* One output buffer present in both runs. */
typedef struct {
	char name[64];
	uint64_t count, ndiff, first; /* first differing element when ndiff > 0 */
	double a_val, b_val;          /* the values there */
	bool same_shape;              /* same type and element count */
	bool ignored;                 /* --ignore NAME: reported, not counted as a difference */
} cmp_buf;

/* The union of both runs' keys for a grouping, sorted by key (by pc: A's order, then
   B's new keys). Caller frees. */
int cmp_rows(const emu_ctx *a, const emu_ctx *b, stats_by by, cmp_row **rows);

/* Compare the buffers the two runs have in common by name: element by element, within
   tol for floats. Returns how many buffers differ; *bufs (caller frees) lists them all. */
int cmp_buffers(const emu_ctx *a, const emu_ctx *b, double tol, cmp_buf **bufs, int *nbufs);

/* Mark buffer 'name' as not compared (clock samples and the like); returns how many
   differences that removes from cmp_buffers' count (0 or 1), or -1 if no such buffer. */
int cmp_ignore(cmp_buf *bufs, int nbufs, const char *name);

/* The report: outputs, rows by the grouping, totals, and (table) the counts by class. */
void cmp_print(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, stats_fmt fmt,
	       const cmp_buf *bufs, int nbufs, FILE *out);

/* A grouped bar chart of warp_inst per key, with B's percent difference. */
bool cmp_svg(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, const char *path);

#endif
