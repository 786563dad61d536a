/* Accel-Sim's trace-driven input (kernel-N.traceg, kernelslist.g lines) written from an emulated run (docs/accelsim.md). */
#ifndef SIMTEMU_EXPORT_ACCELSIM_H
#define SIMTEMU_EXPORT_ACCELSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "emu/emu.h"

/* The binary version Accel-Sim is told for target "sm_XY": the nearest known one at or
   below it, except sm_30/32 (35) and Maxwell, sm_50-53 (60: Pascal's map holds Maxwell's
   opcodes, Kepler's does not); 0 for Tesla and Fermi. *exact: whether it is XY. */
int accel_binary_version(const char *target, int *exact);
/* Whether Accel-Sim's opcode map for binary version v knows the base opcode op. */
int accel_map_knows(int v, const char *op);

enum { ACCEL_FAILED = 1, ACCEL_USAGE = 2 };

/* A kernel's trace being written: one per launch. */
typedef struct accel_trace accel_trace;
/* Check the launch in x (of target; has_shared: .shared given), open path (DIR/kernel-kno.traceg),
   write its header and set x's hook. 0 with *out set; ACCEL_FAILED after saying why on stderr;
   ACCEL_USAGE with the usage error in why (the caller says it). */
int accel_attach(accel_trace **out, emu_ctx *x, const char *target, bool has_shared, const char *path, int kno,
		 char *why, size_t nwhy);
/* After a complete run: the CTAs not yet written; 0 when the file is whole. */
int accel_finish(accel_trace *s, const emu_ctx *x);
void accel_free(accel_trace *s);
/* kernelslist.g's MemcpyHtoD lines for x's buffers that earlier kernels did not list (seen,
   *nseen of at most cap). */
void accel_memcpy_lines(FILE *kl, const emu_ctx *x, uint64_t (*seen)[2], int *nseen, int cap);

#endif
