// y = a*x + y over n floats: the README's example of a CUDA C input
// (simtemu spec/stats --target sm_80 examples/saxpy.cu, with a CUDA toolkit installed)
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
