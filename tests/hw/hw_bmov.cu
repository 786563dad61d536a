// simtemu hwcheck microkernel: BMOV save/restore around calls. A recursive __noinline__
// function with a divergent region calls itself from inside that region, so each call
// saves the convergence barriers it uses to registers (BMOV.32.CLEAR Rn, Bm) on entry
// and restores them (BMOV.32 Bm, Rn) before it returns.
__device__ __noinline__ int hw_bmov_f(const int *in, int v)
{
	if (v < 2)
		return v;
	int r;
	if (v & 1)
		r = hw_bmov_f(in, v - 1) + in[v];
	else
		r = 2 * hw_bmov_f(in, v / 2);
	return r + 1;
}

extern "C" __global__ void hw_bmov(const int *in, int *out)
{
	int i = threadIdx.x;
	int r = 0;
	if (i & 1)
		r = hw_bmov_f(in, in[i]);
	out[i] = r;
}
