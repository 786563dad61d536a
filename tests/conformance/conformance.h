/* The conformance runner's view of a launch, shared with the C references. */
#ifndef SIMTEMU_CONFORMANCE_H
#define SIMTEMU_CONFORMANCE_H

#include <stdint.h>

#include "emu/emu.h"

/* Buffers before the run (in) and what they must hold after it (want, which starts
   as a copy of in: a reference writes only what the kernel changes). */
typedef struct {
	emu_ctx *x;
	int nbufs;
	emu_buffer *in;   /* snapshots, same order as x->gmem.bufs */
	emu_buffer *want;
} conf_io;

/* Data of a buffer by name (aborts the case when missing). */
const void *conf_in(conf_io *io, const char *name);
void *conf_want(conf_io *io, const char *name);
uint64_t conf_count(conf_io *io, const char *name);
/* Scalar parameter: 32 bits at c[0x0][0x20 + off]. */
uint32_t conf_param32(conf_io *io, uint32_t off);

typedef void (*conf_ref)(conf_io *io);

/* The SDK matrixMul's C = A x B with the given multiply-add, in k order (refs.c). */
void conf_matrix_mul(conf_io *io, float (*mad)(float, float, float));

/* A reference that cannot produce an answer for these inputs fails the case. */
void conf_fail(const char *why) __attribute__((noreturn));

/* References, one per listing (refs.c). */
void ref_warpscan(conf_io *io);
void ref_compact(conf_io *io);
void ref_ballot_scan_block(conf_io *io);
void ref_vector_add(conf_io *io);
void ref_timed_reduction(conf_io *io);
void ref_find_max_index_loop(conf_io *io);
void ref_find_max_index_reduce(conf_io *io);
void ref_global_scan_pass1(conf_io *io);
void ref_segscan(conf_io *io);
void ref_segscan_upsweep_flags(conf_io *io);
void ref_matrix_count_empty(conf_io *io);
void ref_search_lower(conf_io *io);
void ref_matrix_mul(conf_io *io);
void ref_pathfinder(conf_io *io);
void ref_nn_layer1(conf_io *io);
void ref_btree_range(conf_io *io);
void ref_dwt_haar(conf_io *io);
/* sm_1x (refs_tesla.c) */
void ref_tesla_call(conf_io *io);
void ref_tesla_branch_v1(conf_io *io);
void ref_tesla_branch_v2(conf_io *io);
void ref_tesla_swap_v1(conf_io *io);
void ref_tesla_swap_v2(conf_io *io);
void ref_tesla_swap_v2_c3(conf_io *io);
void ref_nothing(conf_io *io);
void ref_add_threads(conf_io *io);
void ref_krp(conf_io *io);
void ref_tesla_matmul(conf_io *io);
void ref_matrix_mul_mad(conf_io *io);

#endif
