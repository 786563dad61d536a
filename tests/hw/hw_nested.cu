// simtemu hwcheck microkernel: nested BSSY (an if/else inside one arm of an if/else).
extern "C" __global__ void hw_nested(const int *in, int *out)
{
	int i = threadIdx.x;
	int v = in[i];
	int r = 0;
	if (v < 16) {
		if (v & 1) {
#pragma unroll 1
			for (int k = 0; k < v; k++)
				r += in[k];
		} else {
			r = -v;
		}
		r += 1000;
	} else {
#pragma unroll 1
		for (int k = 16; k < v; k++)
			r += in[k];
	}
	out[i] = r;
}
