/* C references of the corpus kernels, written from the behaviour of their public CUDA
   sources (named in each listing's .src.md), not from the listings. */
#include <math.h>
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

/* The maximum of x[0..n) and its index; -FLT_MAX (1e37 in the source) and 0 when n = 0.
   The kernels' tie-breaking follows their scan order, so a tied maximum is refused:
   the spec's seed must give a unique one. */
static void max_index(const float *x, const int32_t *idx, uint32_t lo, uint32_t hi, float *m, int32_t *at)
{
	*m = -1.0e37f;
	*at = 0;
	int ties = 0;
	for (uint32_t i = lo; i < hi; i++) {
		if (x[i] > *m) {
			*m = x[i];
			*at = idx ? idx[i] : (int32_t)i;
			ties = 0;
		} else if (x[i] == *m)
			ties++;
	}
	if (ties)
		conf_fail("the inputs have a tied maximum; pick another seed");
}

/* FindMaxIndexLoop: per block, the maximum of its range and that element's index. */
void ref_find_max_index_loop(conf_io *io)
{
	const float *data = conf_in(io, "data");
	const uint32_t *range = conf_in(io, "range");
	float *mx = conf_want(io, "maxOut");
	int32_t *ix = conf_want(io, "indexOut");
	for (uint32_t b = 0; b < io->x->grid[0]; b++)
		max_index(data, NULL, range[2 * b], range[2 * b + 1], &mx[b], &ix[b]);
}

/* FindMaxIndexReduce: the maximum of maxIn[0..numBlocks) goes to maxIn[0], its
   indexIn entry to indexIn[0]. */
void ref_find_max_index_reduce(conf_io *io)
{
	const float *m = conf_in(io, "maxIn");
	const int32_t *ix = conf_in(io, "indexIn");
	float *wm = conf_want(io, "maxIn");
	int32_t *wi = conf_want(io, "indexIn");
	max_index(m, ix, 0, conf_param32(io, 0x8), &wm[0], &wi[0]);
}

/* GlobalScanPass1: blockTotals[b] = sum of elements[range[b].x, range[b].y) mod 2^32. */
void ref_global_scan_pass1(conf_io *io)
{
	const uint32_t *e = conf_in(io, "elements"), *range = conf_in(io, "range");
	uint32_t *tot = conf_want(io, "blockTotals");
	for (uint32_t b = 0; b < io->x->grid[0]; b++) {
		uint32_t s = 0;
		for (uint32_t i = range[2 * b]; i < range[2 * b + 1]; i++)
			s += e[i];
		tot[b] = s;
	}
}

/* SegScanWarp8, SegScanBlock8: out[g] = the sum of the values from the start of g's
   segment up to g - 1 (0 at a head), mod 2^32; bit 31 of an input starts a segment and
   its low 31 bits are the value. Thread t holds elements 8t..8t+7 in global order. */
void ref_segscan(conf_io *io)
{
	const uint32_t *in = conf_in(io, "dataIn");
	uint32_t *out = conf_want(io, "dataOut");
	uint64_t n = conf_count(io, "dataIn");
	uint32_t sum = 0;
	for (uint64_t g = 0; g < n; g++) {
		if (in[g] & 0x80000000u)
			sum = 0;
		out[g] = sum;
		sum += in[g] & 0x7fffffffu;
	}
}

/* SegScanUpsweepFlags: walking tiles of 1024 values back from the end of the range
   (only whole tiles at or after range.x), sum the values from the last head flag of the
   first tile that has one to the range's end; headFlagPos = whether one was found. */
void ref_segscan_upsweep_flags(conf_io *io)
{
	const uint32_t *v = conf_in(io, "values"), *f = conf_in(io, "flags");
	const int32_t *range = conf_in(io, "range");
	uint32_t *last = conf_want(io, "blockLast");
	int32_t *found = conf_want(io, "headFlagPos");
	const int tile = 4 * (int)io->x->block[0];
	for (uint32_t b = 0; b < io->x->grid[0]; b++) {
		uint32_t sum = 0;
		int hit = 0;
		for (int cur = range[2 * b + 1] - tile; cur >= range[2 * b] && !hit; cur -= tile) {
			int seg = -1;
			for (int p = 0; p < tile; p++)
				if (f[cur + p])
					seg = p;
			for (int p = seg < 0 ? 0 : seg; p < tile; p++)
				sum += v[cur + p];
			hit = seg >= 0;
		}
		last[b] = sum;
		found[b] = hit;
	}
}

/* MatrixCount_4 on empty ranges: thread 0 of each block writes int4(0, 0, -1, 0). */
void ref_matrix_count_empty(conf_io *io)
{
	const int32_t *r = conf_in(io, "ranges");
	int32_t *g = conf_want(io, "groupInfo");
	for (uint32_t b = 0; b < io->x->grid[0]; b++) {
		if (r[2 * b] != r[2 * b + 1])
			conf_fail("a non-empty range never finishes in this kernel");
		g[4 * b] = 0;
		g[4 * b + 1] = 0;
		g[4 * b + 2] = -1;
		g[4 * b + 3] = 0;
	}
}

/* SearchTreeIntLower: indices[q] = the lower bound of keys[q] in the sorted data: the
   number of data elements smaller than the key. */
void ref_search_lower(conf_io *io)
{
	const int32_t *keys = conf_in(io, "keys"), *data = conf_in(io, "data");
	uint32_t *out = conf_want(io, "indices");
	uint64_t nq = conf_count(io, "keys"), n = conf_count(io, "data");
	for (uint64_t q = 0; q < nq; q++) {
		uint64_t lo = 0, hi = n;
		while (lo < hi) {
			uint64_t mid = (lo + hi) / 2;
			if (data[mid] < keys[q])
				lo = mid + 1;
			else
				hi = mid;
		}
		out[q] = (uint32_t)lo;
	}
}

/* kernels/mm_sm20.sass (the SDK matrixMul): C = A x B, A hA x wA, B wA x wB, accumulated
   in k order tile by tile with a fused multiply-add, as the kernel's FFMA does. */
void conf_matrix_mul(conf_io *io, float (*mad)(float, float, float))
{
	const float *a = conf_in(io, "A"), *b = conf_in(io, "B");
	float *c = conf_want(io, "C");
	uint32_t wa = conf_param32(io, 0xc), wb = conf_param32(io, 0x10);
	uint32_t ha = io->x->grid[1] * 16, wc = io->x->grid[0] * 16;
	if (wc != wb || conf_count(io, "A") < (uint64_t)ha * wa || conf_count(io, "B") < (uint64_t)wa * wb ||
	    conf_count(io, "C") < (uint64_t)ha * wb || wa % 16)
		conf_fail("matrixMul needs grid = (wB/16, hA/16) and wA a multiple of 16");
	for (uint32_t i = 0; i < ha; i++)
		for (uint32_t j = 0; j < wb; j++) {
			float sum = 0;
			for (uint32_t k = 0; k < wa; k++)
				sum = mad(a[i * wa + k], b[k * wb + j], sum);
			c[i * wb + j] = sum;
		}
}

void ref_matrix_mul(conf_io *io) { conf_matrix_mul(io, fmaf); }

/* kernels/pathfinder_sm20.sass (Rodinia pathfinder's dynproc_kernel, BLOCK_SIZE 256,
   HALO 1): each CTA of 256 threads runs 'iteration' steps of the row-by-row minimum path
   on its window of columns, then the threads of its small block store their sums. The
   CTA is simulated step by step, all threads of a step before the next (the barriers). */
void ref_pathfinder(conf_io *io)
{
	enum { B = 256 };
	const int32_t *wall = conf_in(io, "wall"), *src = conf_in(io, "src");
	int32_t *res = conf_want(io, "results");
	int32_t iteration = (int32_t)conf_param32(io, 0x0), cols = (int32_t)conf_param32(io, 0x10);
	int32_t start = (int32_t)conf_param32(io, 0x18), border = (int32_t)conf_param32(io, 0x1c);
	if (io->x->block[0] != B || iteration < 1 || cols < 1 || (uint64_t)cols > conf_count(io, "src") ||
	    (uint64_t)cols * (uint64_t)(start + iteration) > conf_count(io, "wall") ||
	    (uint64_t)cols > conf_count(io, "results"))
		conf_fail("pathfinder needs 256 threads, iteration >= 1 and buffers of the launch's size");
	for (uint32_t bx = 0; bx < io->x->grid[0]; bx++) {
		int32_t prev[B], result[B];
		bool computed[B];
		int32_t small = B - iteration * 2, blk = small * (int32_t)bx - border, blkmax = blk + B - 1;
		int32_t vmin = blk < 0 ? -blk : 0, vmax = blkmax > cols - 1 ? B - 1 - (blkmax - cols + 1) : B - 1;
		for (int tx = 0; tx < B; tx++) {
			int32_t x = blk + tx;
			prev[tx] = x >= 0 && x <= cols - 1 ? src[x] : 0; /* others are never read */
		}
		for (int32_t i = 0; i < iteration; i++) {
			for (int tx = 0; tx < B; tx++) {
				int32_t w = tx - 1 < vmin ? vmin : tx - 1, e = tx + 1 > vmax ? vmax : tx + 1;
				computed[tx] = tx >= i + 1 && tx <= B - i - 2 && tx >= vmin && tx <= vmax;
				if (computed[tx]) {
					int32_t m = prev[w] <= prev[tx] ? prev[w] : prev[tx];
					m = m <= prev[e] ? m : prev[e];
					result[tx] = m + wall[cols * (start + i) + blk + tx];
				}
			}
			if (i == iteration - 1)
				break;
			for (int tx = 0; tx < B; tx++)
				if (computed[tx])
					prev[tx] = result[tx];
		}
		for (int tx = 0; tx < B; tx++)
			if (computed[tx])
				res[blk + tx] = result[tx];
	}
}

/* kernels/nn_sm20.sass (executeFirstLayer): per CTA b and thread (tx, ty) of 13 x 13, the
   bias plus 25 taps of a 5 x 5 window at (2*tx, 2*ty) of the 29 x 29 input, accumulated with
   fused multiply-adds in tap order, then 1.7159 * tanhf(0.66666667 * r) in the source's mix
   of double and float. Compared within a tolerance (the GPU's tanhf is its own). */
void ref_nn_layer1(conf_io *io)
{
	static const int tmpl[25] = {0,  1,  2,  3,  4,  29, 30, 31, 32, 33, 58, 59, 60,
				     61, 62, 87, 88, 89, 90, 91, 116, 117, 118, 119, 120};
	const float *n = conf_in(io, "neurons"), *w = conf_in(io, "weights");
	float *out = conf_want(io, "layer2");
	uint32_t nb = io->x->grid[0];
	if (io->x->block[0] != 13 || io->x->block[1] != 13 || conf_count(io, "neurons") < 841 ||
	    conf_count(io, "weights") < 26 * (uint64_t)nb || conf_count(io, "layer2") < 169 * (uint64_t)nb)
		conf_fail("executeFirstLayer needs 13 x 13 threads, a 29 x 29 input, 26 weights and 169 outputs per CTA");
	for (uint32_t b = 0; b < nb; b++)
		for (int ty = 0; ty < 13; ty++)
			for (int tx = 0; tx < 13; tx++) {
				float r = w[26 * b];
				for (int i = 0; i < 25; i++)
					r = fmaf(n[2 * ty * 29 + 2 * tx + tmpl[i]], w[26 * b + 1 + (uint32_t)i], r);
				out[169 * b + 13 * (uint32_t)ty + (uint32_t)tx] =
					(float)(1.7159 * (double)tanhf((float)(0.66666667 * (double)r)));
			}
}

/* kernels/btree_sm20.sass (Rodinia b+tree's findRangeK, DEFAULT_ORDER 32, long as 32 bits):
   per query (CTA) the threads of one level test their key interval; the one that matches
   (keys strictly increase, so at most one) records its child if it is a node index; then
   the query moves to it. Nodes are location, indices[33], keys[33], is_leaf, num_keys. */
void ref_btree_range(conf_io *io)
{
	enum { ORDER = 32, WORDS = 3 + 2 * (ORDER + 1), IDX = 1, KEY = 2 + ORDER };
	const int32_t *k = conf_in(io, "knodes");
	const int32_t *start = conf_in(io, "start"), *end = conf_in(io, "end");
	int32_t *curr = conf_want(io, "currKnode"), *last = conf_want(io, "lastKnode");
	int32_t *off = conf_want(io, "offset"), *off2 = conf_want(io, "offset2");
	int32_t *rs = conf_want(io, "recstart"), *rl = conf_want(io, "reclen");
	int32_t height = (int32_t)conf_param32(io, 0x0), elem = (int32_t)conf_param32(io, 0x8);
	uint64_t nodes = conf_count(io, "knodes") / WORDS;
	uint32_t nq = io->x->grid[0];
	if (io->x->block[0] != ORDER || elem < 1 || (uint64_t)elem > nodes || conf_count(io, "start") < nq)
		conf_fail("findRangeK needs 32 threads and knodes_elem nodes");
#define NODE(n) (k + (uint64_t)(n) * WORDS)
	for (uint32_t b = 0; b < nq; b++) {
		for (int32_t i = 0; i < height; i++) {
			for (int t = 0; t < ORDER; t++) {
				const int32_t *c = NODE(curr[b]), *l = NODE(last[b]);
				if (curr[b] < 0 || (uint64_t)curr[b] >= nodes || last[b] < 0 || (uint64_t)last[b] >= nodes)
					conf_fail("a node index out of the tree");
				if (c[KEY + t] <= start[b] && c[KEY + t + 1] > start[b] && c[IDX + t] < elem)
					off[b] = c[IDX + t];
				if (l[KEY + t] <= end[b] && l[KEY + t + 1] > end[b] && l[IDX + t] < elem)
					off2[b] = l[IDX + t];
			}
			curr[b] = off[b];
			last[b] = off2[b];
		}
		for (int t = 0; t < ORDER; t++)
			if (NODE(curr[b])[KEY + t] == start[b])
				rs[b] = NODE(curr[b])[IDX + t];
		for (int t = 0; t < ORDER; t++)
			if (NODE(last[b])[KEY + t] == end[b])
				rl[b] = NODE(last[b])[IDX + t] - rs[b] + 1;
	}
#undef NODE
}

/* kernels/dwt_sm20.sass (the SDK's dwtHaar1D): per CTA, the first Haar step on registers
   (details straight to od, approximations to shared memory with one word of padding per 16),
   then dlevels - 1 steps by the threads still below their count, then shared[0] as the
   CTA's final approximation. Float arithmetic in the source's order, so bit for bit. */
void ref_dwt_haar(conf_io *io)
{
	const float *id = conf_in(io, "id");
	float *od = conf_want(io, "od"), *approx = conf_want(io, "approx");
	const float c = 0.70710678118654752440f;
	uint32_t dlevels = conf_param32(io, 0xc), half = conf_param32(io, 0x10);
	int32_t bdim = (int32_t)conf_param32(io, 0x14);
	uint32_t gdim = io->x->grid[0];
	if (bdim < 1 || bdim > 512 || (uint32_t)bdim != io->x->block[0] ||
	    conf_count(io, "id") < 2 * (uint64_t)bdim * gdim || conf_count(io, "approx") < gdim ||
	    conf_count(io, "od") < half + (uint64_t)bdim * gdim || dlevels > 31)
		conf_fail("dwtHaar1D needs bdim = blockDim, 2*bdim samples per CTA and room in od");
	for (uint32_t b = 0; b < gdim; b++) {
		float sh[2 * 512 + 64] = {0}, d0[512], d1[512];
		uint32_t n[512], off[512], i0[512];
		for (int t = 0; t < bdim; t++) {
			sh[t] = id[2 * (uint32_t)bdim * b + (uint32_t)t];
			sh[t + bdim] = id[2 * (uint32_t)bdim * b + (uint32_t)(t + bdim)];
		}
		for (int t = 0; t < bdim; t++) {
			d0[t] = sh[2 * t];
			d1[t] = sh[2 * t + 1];
		}
		for (int t = 0; t < bdim; t++) {
			od[(uint32_t)bdim * b + (uint32_t)t + half] = (d0[t] - d1[t]) * c;
			sh[t + (t >> 4)] = (d0[t] + d1[t]) * c;
		}
		if (dlevels <= 1)
			continue;
		for (int t = 0; t < bdim; t++) {
			n[t] = (uint32_t)bdim >> 1;
			off[t] = 1;
			i0[t] = 2 * (uint32_t)t;
		}
		for (uint32_t i = 1; i < dlevels; i++)
			for (int t = 0; t < bdim; t++) {
				if ((uint32_t)t >= n[t])
					continue;
				uint32_t i1 = i0[t] + off[t], a = i0[t] + (i0[t] >> 4), e = i1 + (i1 >> 4);
				if (e >= sizeof sh / sizeof sh[0])
					conf_fail("dwtHaar1D reads past its shared array");
				od[n[t] * gdim + b * n[t] + (uint32_t)t] = (sh[a] - sh[e]) * c;
				sh[a] = (sh[a] + sh[e]) * c;
				n[t] >>= 1;
				off[t] <<= 1;
				i0[t] <<= 1;
			}
		approx[b] = sh[0];
	}
}
