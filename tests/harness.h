/* Test helpers: assemble a kernel text with its directives, launch it, inspect results. */
#ifndef SIMTEMU_HARNESS_H
#define SIMTEMU_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "emu/emu.h"
#include "spec/spec_run.h"
#include "emu/stats.h"

typedef struct {
	emu_program *p;
	emu_spec sp;
	emu_ctx x;
	bool have_ctx;
	int rc;          /* 0 ran and every .expect held, 1 an .expect failed, 2 input error, 3 trap */
	char *diag;      /* diagnostics printed while assembling / applying / checking */
	size_t diaglen;
} th_run;

/* sm_70+: the runs that follow merge groups that meet at a pc (--converge pc) */
extern bool th_converge_pc;

/* Run a kernel given as text (name is used as its file name in diagnostics). */
int th_run_text(th_run *r, const char *name, const char *src);
/* Assemble and set up a launch of a kernel text without running it (0, or 2). */
int th_prepare_text(th_run *r, const char *name, const char *src);
/* After the test ran the launch itself: check its .expect lines (0 or 1). */
int th_check(th_run *r);
/* Run a file, optionally with a --spec file. */
int th_run_file(th_run *r, const char *path, const char *spec_path);
/* The same with another warp size (1..32). */
int th_run_file_ws(th_run *r, const char *path, const char *spec_path, int warp_size);
/* The same on jobs worker threads. */
int th_run_file_jobs(th_run *r, const char *path, int jobs);
void th_free(th_run *r);
/* Element i of a buffer as a 32-bit word (fails the test if missing). */
uint32_t th_word(th_run *r, const char *buf, int i);
/* Counts of one stats row; false if the key has no row. */
bool th_row(th_run *r, stats_by by, const char *key, uint64_t c[4]);
/* Directory of the shared corpus, or NULL if it is absent. */
const char *th_corpus_dir(void);

#endif
