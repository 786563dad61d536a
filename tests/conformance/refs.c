/* C references of the corpus kernels, written from the behaviour of their public CUDA
   sources (named in each listing's .src.md), not from the listings. */
#include <string.h>

#include "conformance.h"

/* WarpScan1, WarpScan2, Multiscan: inclusive[i] = values[0] + ... + values[i] within the
   block, exclusive[i] = inclusive[i] - values[i]. 32-bit wrap-around like the GPU's. */
void ref_warpscan(conf_io *io)
{
	const int32_t *v = conf_in(io, "values");
	int32_t *inc = conf_want(io, "inclusive"), *exc = conf_want(io, "exclusive");
	uint32_t n = io->x->block[0], sum = 0;
	for (uint32_t i = 0; i < n; i++) {
		sum += (uint32_t)v[i];
		inc[i] = (int32_t)sum;
		exc[i] = (int32_t)(sum - (uint32_t)v[i]);
	}
}

/* ParallelScanWarp, BallotScanWarp, ParallelScanBlock: the values that are not -1.0f
   move to the front of dataOut in order; countOut gets their number; dataOut past the
   count is not written. */
void ref_compact(conf_io *io)
{
	const float *in = conf_in(io, "dataIn");
	float *out = conf_want(io, "dataOut");
	uint32_t *count = conf_want(io, "countOut");
	uint32_t n = io->x->block[0], k = 0;
	for (uint32_t i = 0; i < n; i++)
		if (in[i] != -1.0f)
			out[k++] = in[i];
	*count = k;
}

/* BallotScanBlock: as the compaction, but every thread first stores its exclusive
   index (converted to float) to dataOut[tid]; threads below the count then overwrite
   theirs with the compacted value. */
void ref_ballot_scan_block(conf_io *io)
{
	const float *in = conf_in(io, "dataIn");
	float *out = conf_want(io, "dataOut");
	uint32_t *count = conf_want(io, "countOut");
	uint32_t n = io->x->block[0], k = 0;
	float packed[1024];
	for (uint32_t i = 0; i < n; i++) {
		out[i] = (float)k; /* exclusive count of flagged values before i */
		if (in[i] != -1.0f)
			packed[k++] = in[i];
	}
	for (uint32_t i = 0; i < k; i++)
		out[i] = packed[i];
	*count = k;
}

/* vectorAdd: C[i] = A[i] + B[i] for i < n (the 4th parameter). */
void ref_vector_add(conf_io *io)
{
	const float *a = conf_in(io, "A"), *b = conf_in(io, "B");
	float *c = conf_want(io, "C");
	uint32_t n = conf_param32(io, 0xc);
	uint32_t threads = io->x->grid[0] * io->x->block[0];
	for (uint32_t i = 0; i < n && i < threads; i++)
		c[i] = a[i] + b[i];
}

/* timedReduction: output[block] = the minimum of the 2 * blockDim inputs (every block
   reduces the same data). The timer holds clock samples and is not compared. */
void ref_timed_reduction(conf_io *io)
{
	const float *in = conf_in(io, "input");
	float *out = conf_want(io, "output");
	uint32_t n = 2 * io->x->block[0];
	float m = in[0];
	for (uint32_t i = 1; i < n; i++)
		if (in[i] < m)
			m = in[i];
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		out[b] = m;
}
