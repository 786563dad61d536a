/* Directives and a launch: applying a parsed emu_spec to a context, checking .expect after the run. */
#ifndef SIMTEMU_SPEC_RUN_H
#define SIMTEMU_SPEC_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"
#include "front/spec.h"
#include "spec/spec_guess.h"

/* Grid, block, shared and local sizes given by directives, into the context. */
/* Buffers by name, for many look-ups (a linear search each made 100,000 .expect lines
   quadratic): built after the buffers are placed, freed with free(ix->v). */
typedef struct {
	emu_buffer **v;
	int n;
} spec_bufidx;
void spec_bufidx_build(spec_bufidx *ix, emu_gmem *g);
emu_buffer *spec_bufidx_find(const spec_bufidx *ix, const char *name);

void spec_geometry(const emu_spec *s, emu_ctx *x);
/* Create buffers, write parameters and constants. Returns errors reported. */
int spec_apply(const emu_spec *s, emu_ctx *x, FILE *diag);
/* The same, marking in w (if not NULL) the constant-bank bytes it writes. */
int spec_apply_marked(const emu_spec *s, emu_ctx *x, FILE *diag, spec_written *w);
/* Check every .expect; prints one line each to out. Returns the number that failed. */
int spec_check(const emu_spec *s, emu_ctx *x, FILE *out, FILE *diag, int *nchecked);

#endif
