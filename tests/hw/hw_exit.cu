// simtemu hwcheck microkernel: exit inside divergence (odd lanes with a negative input
// return inside the odd lanes' region; the others reconverge without them).
extern "C" __global__ void hw_exit(const int *in, int *out)
{
	int i = threadIdx.x;
	int v = in[i];
	int r = 0;
	if (i & 1) {
		if (v < 0)
			return;
#pragma unroll 1
		for (int k = 0; k < v; k++)
			r += in[k];
	} else {
		r = 2 * v;
	}
	out[i] = r + 1;
}
