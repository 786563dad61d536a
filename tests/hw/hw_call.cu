// simtemu hwcheck microkernel: a divergent call (a __noinline__ function called by some lanes).
__device__ __noinline__ int hw_call_sum(const int *in, int v)
{
	int r = 0;
#pragma unroll 1
	for (int k = 0; k < v; k++)
		r += in[k];
	return r;
}

extern "C" __global__ void hw_call(const int *in, int *out)
{
	int i = threadIdx.x;
	int r = i;
	if (i % 3 == 0)
		r = hw_call_sum(in, in[i]);
	out[i] = r;
}
