/* C references for the sm_1x corpus listings, written from their public sources or, for the
   _Z6kernelv tests whose source is not public, from the .ptx beside each listing. */
#include <math.h>
#include <string.h>

#include "conformance.h"

/* The _Z6kernelv tests all store to one __device__ int. Stores of one instruction go in
   lane order and CTAs run one after another, so the value that stays is the one of the
   last lane of the last group to store in the last CTA (groups: the order in which SPEC 6
   runs the sides of the divergent branches). */
typedef int32_t (*per_thread)(int32_t tid, int32_t cta, int *group);

static void last_writer(conf_io *io, per_thread f)
{
	int32_t *ans = conf_want(io, "ans");
	int32_t cta = (int32_t)(io->x->grid[0] - 1);
	int best_group = -1;
	for (int32_t t = 0; t < (int32_t)io->x->block[0]; t++) {
		int g = 0;
		int32_t v = f(t, cta, &g);
		if (g >= best_group) {
			best_group = g;
			*ans = v;
		}
	}
}

static int32_t call_v(int32_t tid, int32_t cta, int *g)
{
	(void)g;
	return tid + cta + 2;
}

static int32_t branch_v1_v(int32_t tid, int32_t cta, int *g)
{
	(void)g;
	int32_t t = tid + 1;
	return ((t & 1) ? cta + tid + 1 : t * cta) + 1;
}

static int32_t branch_v2_v(int32_t tid, int32_t cta, int *g)
{
	(void)g;
	return (tid != -1 ? cta + tid + 1 : cta * (tid + 1)) + 1;
}

/* BRA C0.NE to the odd side: the even lanes (fall-through) store first */
static int32_t swap_v1_v(int32_t tid, int32_t cta, int *g)
{
	*g = tid & 1;
	return (tid & 1) ? cta + tid : cta * tid;
}

/* two levels of forward branches: even before odd, and within each r == 0 first */
static int32_t swap_v2_v(int32_t tid, int32_t cta, int *g)
{
	int32_t r = tid % 3;
	*g = 2 * (tid & 1) + (r != 0);
	if (tid & 1)
		return r == 0 ? tid - cta : cta + tid;
	return r == 0 ? tid / (cta + 1) : cta * tid;
}

/* The same as GPGPU-Sim's PTXPlus text says it: the high multiply's last IMAD adds the
   carry of C3, which nothing writes, so the low word's carry is lost. For tid below
   65536 (tid's high half 0) the high word is then (tid * 0xaaaa) >> 16 (the middle
   product's carry C1 cannot fire) and tid / 3 becomes that >> 1. */
static int32_t swap_v2_c3_v(int32_t tid, int32_t cta, int *g)
{
	uint32_t q = (((uint32_t)tid * 0xaaaau) >> 16) >> 1;
	int32_t r = tid - 3 * (int32_t)q;
	*g = 2 * (tid & 1) + (r != 0);
	if (tid & 1)
		return r == 0 ? tid - cta : cta + tid;
	return r == 0 ? tid / (cta + 1) : cta * tid;
}

void ref_tesla_swap_v2_c3(conf_io *io) { last_writer(io, swap_v2_c3_v); }

void ref_tesla_call(conf_io *io) { last_writer(io, call_v); }
void ref_tesla_branch_v1(conf_io *io) { last_writer(io, branch_v1_v); }
void ref_tesla_branch_v2(conf_io *io) { last_writer(io, branch_v2_v); }
void ref_tesla_swap_v1(conf_io *io) { last_writer(io, swap_v1_v); }
void ref_tesla_swap_v2(conf_io *io) { last_writer(io, swap_v2_v); }

/* An empty kernel changes nothing. */
void ref_nothing(conf_io *io) { (void)io; }

/* add_threads: c[i] = a[i] + b[i] for i < blockDim.x (one block). */
void ref_add_threads(conf_io *io)
{
	const int32_t *a = conf_in(io, "a"), *b = conf_in(io, "b");
	int32_t *c = conf_want(io, "c");
	for (uint32_t i = 0; i < io->x->block[0]; i++)
		c[i] = (int32_t)((uint32_t)a[i] + (uint32_t)b[i]);
}

/* krp_kernel (the listing's version): idx = global thread index, p = idx mod (m*n),
   KRP[idx] = A[p % m] * B[p % n]. */
void ref_krp(conf_io *io)
{
	int32_t m = (int32_t)conf_param32(io, 0), n = (int32_t)conf_param32(io, 4);
	const float *A = conf_in(io, "A"), *B = conf_in(io, "B");
	float *K = conf_want(io, "KRP");
	uint32_t total = io->x->grid[0] * io->x->block[0];
	if (total > conf_count(io, "KRP"))
		conf_fail("KRP is smaller than the grid");
	for (int32_t idx = 0; idx < (int32_t)total; idx++) {
		int32_t col = idx / (m * n), p = idx - m * n * col;
		K[idx] = A[p % m] * B[p % n];
	}
}

/* G80/GT200 MAD: the product rounded toward zero to single precision, then the sum
   rounded to nearest (CUDA C Programming Guide, compute capability 1.x). */
static float tesla_mad(float a, float b, float c)
{
	double p = (double)a * (double)b; /* exact: 24 x 24 bits */
	float f = (float)p;
	if (fabs((double)f) > fabs(p))
		f = nextafterf(f, 0.0f);
	return f + c;
}

/* matmul_kernel: C (m x n) = X (m x k) * KRP (k x n), row-major, 16 x 16 tiles, the dot
   product accumulated in k order with MAD; C written where row < m and col < n. */
void ref_tesla_matmul(conf_io *io)
{
	int32_t m = (int32_t)conf_param32(io, 0), n = (int32_t)conf_param32(io, 4),
		k = (int32_t)conf_param32(io, 8);
	const float *X = conf_in(io, "X"), *Kr = conf_in(io, "KRP");
	float *C = conf_want(io, "MTTKRP");
	int32_t steps = (k + 15) / 16;
	for (int32_t r = 0; r < m; r++)
		for (int32_t c = 0; c < n; c++) {
			if (r >= (int32_t)(io->x->grid[1] * 16) || c >= (int32_t)(io->x->grid[0] * 16))
				continue;
			float acc = 0.0f;
			for (int32_t i = 0; i < 16 * steps; i++) {
				float a = i < k ? X[r * k + i] : 0.0f, b = i < k ? Kr[i * n + c] : 0.0f;
				acc = tesla_mad(a, b, acc);
			}
			C[r * n + c] = acc;
		}
}

/* kernels/mm_sm13.sass: the SDK matrixMul of ref_matrix_mul (refs.c), with the sm_1x MAD
   in k order instead of a fused multiply-add. */
void ref_matrix_mul_mad(conf_io *io) { conf_matrix_mul(io, tesla_mad); }
