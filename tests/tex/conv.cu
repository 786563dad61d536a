// Texture kernels written as CUDA programs use them (tests/tex.sh, issue 28): a 3x3
// convolution that samples a 2D float texture object at texel centres, clamped at the
// borders, and a dot product that reads float4 rows with tex1Dfetch (an sgemm's inner
// loop). tests/tex/ref.c has their C reference.
// Build: CUDA 13's nvcc -ptx -arch=compute_75, the PTX's .version set to 7.8 and .target to
// sm_XX, CUDA 11.8's ptxas -arch=sm_XX and cuobjdump -elf -sass (conv.sm_52.sass, conv.sm_75.sass).
__global__ void conv3(float *out, cudaTextureObject_t img, const float *k, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h)
		return;
	float s = 0.0f;
	for (int j = -1; j <= 1; j++)
		for (int i = -1; i <= 1; i++)
			s += k[(j + 1) * 3 + i + 1] * tex2D<float>(img, x + i + 0.5f, y + j + 0.5f);
	out[y * w + x] = s;
}

__global__ void dot4(float *out, cudaTextureObject_t rows, int n4)
{
	int r = threadIdx.x;
	float s = 0.0f;
	for (int q = 0; q < n4; q++) {
		float4 a = tex1Dfetch<float4>(rows, r * n4 + q);
		s += a.x * 1.0f + a.y * 2.0f + a.z * 3.0f + a.w * 4.0f;
	}
	out[r] = s;
}
