// simtemu hwcheck microkernel: break out of a loop from inside a divergent region
// (BREAK): in odd lanes, the loop body's if/else is a region of its own, and lanes leave
// the loop from inside it once in[k] is odd and above their own value. n is the bound (32).
extern "C" __global__ void hw_loopbreak(const int *in, int *out, int n)
{
	int i = threadIdx.x;
	int v = in[i];
	int r = 0;
	if (i & 1) {
#pragma unroll 1
		for (int k = 0; k < n; k++) {
			int x = in[k];
			if (x & 1) {
				if (x > v)
					break;
#pragma unroll 1
				for (int j = 0; j < x; j++)
					r += in[j];
			} else {
				r += x;
			}
			r += 1;
		}
	} else {
		r = 7 * v;
	}
	out[i] = r;
}
