// simtemu hwcheck microkernel: a divergent if/else (BSSY/BSYNC around the two arms).
// Odd lanes sum in[0..i-1] in a loop the compiler cannot if-convert; even lanes scale.
extern "C" __global__ void hw_ifelse(const int *in, int *out)
{
	int i = threadIdx.x;
	int v = in[i];
	int r = 0;
	if (v & 1) {
#pragma unroll 1
		for (int k = 0; k < v; k++)
			r += in[k];
	} else {
		r = v * 10;
	}
	out[i] = r;
}
