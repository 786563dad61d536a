/* simtemu compare: two runs' outputs and counts side by side (SPEC sections 1 and 7). */
#ifndef SIMTEMU_COMPARE_H
#define SIMTEMU_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"
#include "emu/stats.h"
#include "report/report.h"

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

/* The report: outputs, rows by the grouping, totals, and (table) the counts by class. In
   JSON the object is left open after "classes": the caller adds its members and closes it. */
void cmp_print(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, report_fmt fmt,
	       const cmp_buf *bufs, int nbufs, FILE *out);

/* A grouped bar chart of warp_inst per key, with B's percent difference. */
bool cmp_svg(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, const char *path);
/* The same chart written to out (compare --html puts it inline). */
void cmp_svg_to(const emu_ctx *a, const char *fa, const emu_ctx *b, const char *fb, stats_by by, FILE *out);

/* More than two runs (compare A B C ...): run 0 is A, every other run is compared with it. */
#define CMP_MAX_RUNS 26

/* One key's counts in every run: c[run][0] warp_inst, c[run][1] thread_inst. */
typedef struct {
	char key[128];
	uint64_t c[CMP_MAX_RUNS][2];
} cmp_nrow;

/* One output buffer present in every run, and each run's comparison with A (vs[0] unused). */
typedef struct {
	char name[64];
	uint64_t count;
	int ndiffer;  /* runs whose buffer differs from A's */
	bool ignored; /* --ignore NAME */
	cmp_buf vs[CMP_MAX_RUNS];
} cmp_nbuf;

/* The union of every run's keys (sorted by key; by pc: A's order, then the others' new keys). */
int cmp_rows_n(const emu_ctx *const *x, int nx, stats_by by, cmp_nrow **rows);
/* The buffers every run has by name, each run against A; returns how many differ in some run. */
int cmp_buffers_n(const emu_ctx *const *x, int nx, double tol, cmp_nbuf **bufs, int *nbufs);
/* As cmp_ignore. */
int cmp_ignore_n(cmp_nbuf *bufs, int nbufs, const char *name);
/* The report for nx > 2 runs: every run's counts, each with its difference and percent against A
   (JSON: left open, as cmp_print). */
void cmp_print_n(const emu_ctx *const *x, const char *const *files, int nx, stats_by by, report_fmt fmt,
		 const cmp_nbuf *bufs, int nbufs, FILE *out);
/* The chart for nx > 2 runs: one bar per run in each key's group. */
bool cmp_svg_n(const emu_ctx *const *x, const char *const *files, int nx, stats_by by, const char *path);
void cmp_svg_n_to(const emu_ctx *const *x, const char *const *files, int nx, stats_by by, FILE *out);

#endif
