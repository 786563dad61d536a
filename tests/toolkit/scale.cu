// out[i] = 5 * in[i] - i for the threads i < n of a 1-D launch (simtemu's toolkit test:
// tests/toolkit.sh compiles it with nvcc -cubin; scale.ptx is the same kernel in PTX).
extern "C" __global__ void scale(int *out, const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = 5 * in[i] - i;
}
