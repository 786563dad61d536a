// simtemu hwcheck microkernel: the CTA barrier (__syncthreads, BAR.SYNC) across two warps,
// in two CTAs: each thread reads what the mirror thread of its CTA wrote.
extern "C" __global__ void hw_syncthreads(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	int g = blockIdx.x * 64 + t;
	s[t] = 2 * in[g];
	__syncthreads();
	out[g] = s[63 - t] + t;
}
