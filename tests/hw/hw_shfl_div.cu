// simtemu hwcheck microkernel (Volta example): warp shuffles inside divergence. Odd and
// even lanes each shuffle among themselves in their own arm, with their own mask.
extern "C" __global__ void hw_shfl_div(const int *in, int *out)
{
	int i = threadIdx.x;
	int v = in[i];
	if (i & 1)
		v += __shfl_xor_sync(0xaaaaaaaau, v, 2);
	else
		v -= __shfl_xor_sync(0x55555555u, v, 4);
	out[i] = v;
}
