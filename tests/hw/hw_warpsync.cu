// simtemu hwcheck microkernel: WARPSYNC with a partial mask. Lanes 0..15 shuffle among
// themselves (__shfl_sync with mask 0xffff), exchange through shared memory after
// __syncwarp(0xffff), while lanes 16..31 take the other arm.
extern "C" __global__ void hw_warpsync(const int *in, int *out)
{
	__shared__ int s[16];
	int i = threadIdx.x;
	int v = in[i];
	if (i < 16) {
		v = __shfl_sync(0x0000ffffu, v, 15 - i);
		s[i] = 2 * v;
		__syncwarp(0x0000ffffu);
		v += s[(i + 1) & 15];
	} else {
		v = -v;
	}
	out[i] = v;
}
