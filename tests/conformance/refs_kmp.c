/* C references of the sm_30..sm_61 corpus listings, written from what their public CUDA (or
   PTX) sources compute (named in each listing's .src.md), not from the listings. Parameter
   offsets are relative to the start of the parameter area (c[0x0][0x140] on these
   generations); conf_param32 adds the generation's offset. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "refs_kmp.h"

static int32_t p32(conf_io *io, uint32_t off) { return (int32_t)conf_param32(io, off); }

static float pf32(conf_io *io, uint32_t off)
{
	uint32_t u = conf_param32(io, off);
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* Threads of the launch, numbered as darknet's (blockIdx.x + blockIdx.y*gridDim.x) *
   blockDim.x + threadIdx.x (1-D CTAs). */
static uint32_t threads2d(conf_io *io)
{
	return io->x->grid[0] * io->x->grid[1] * io->x->block[0];
}

static void need(int ok, const char *why)
{
	if (!ok)
		conf_fail(why);
}

/* fill_kernel(N @0, ALPHA @4, X @8, INCX @0x10): X[i*INCX] = ALPHA for i < N. */
void ref_kmp_fill(conf_io *io)
{
	float *x = conf_want(io, "X");
	int32_t n = p32(io, 0), inc = p32(io, 0x10);
	float alpha = pf32(io, 4);
	uint64_t count = conf_count(io, "X");
	for (int64_t i = 0; i < n && i < (int64_t)threads2d(io); i++) {
		need(i * inc >= 0 && (uint64_t)(i * inc) < count, "fill: X is too small");
		x[i * inc] = alpha;
	}
}

/* binarize_input_kernel(input @0, n @8, size @0xc, binary @0x10): per column s < size,
   mean = (sum of |input[i*size+s]|, i order) / n (IEEE division); binary = input > 0 ?
   mean : -mean. */
void ref_kmp_binarize_input(conf_io *io)
{
	const float *in = conf_in(io, "input");
	float *out = conf_want(io, "binary");
	int32_t n = p32(io, 8), size = p32(io, 0xc);
	need((uint64_t)n * (uint64_t)size <= conf_count(io, "input") &&
	     (uint64_t)n * (uint64_t)size <= conf_count(io, "binary"), "binarize: buffers too small");
	for (int32_t s = 0; s < size && s < (int32_t)threads2d(io); s++) {
		float mean = 0;
		for (int32_t i = 0; i < n; i++)
			mean += fabsf(in[i * size + s]);
		mean = mean / (float)n;
		for (int32_t i = 0; i < n; i++)
			out[i * size + s] = in[i * size + s] > 0 ? mean : -mean;
	}
}

/* mean_kernel(x @0, batch @8, filters @0xc, spatial @0x10, mean @0x18): mean[i] = (sum over
   j, then k, of x[j*filters*spatial + i*spatial + k]) * (1.f/(batch*spatial)). */
void ref_kmp_mean(conf_io *io)
{
	const float *x = conf_in(io, "x");
	float *mean = conf_want(io, "mean");
	int32_t batch = p32(io, 8), filters = p32(io, 0xc), spatial = p32(io, 0x10);
	float scale = 1.0f / (float)(batch * spatial);
	need((uint64_t)batch * filters * spatial <= conf_count(io, "x"), "mean: x too small");
	for (int32_t i = 0; i < filters && i < (int32_t)threads2d(io); i++) {
		float m = 0;
		for (int32_t j = 0; j < batch; j++)
			for (int32_t k = 0; k < spatial; k++)
				m += x[j * filters * spatial + i * spatial + k];
		mean[i] = m * scale;
	}
}

/* col2im_gpu_kernel(n @0, data_col @8, height @0x10, width @0x14, ksize @0x18, pad @0x1c,
   stride @0x20, height_col @0x24, width_col @0x28, data_im @0x30): Caffe's col2im; every
   image element below n gets the sum (h_col then w_col order) of the column entries that
   cover it added to it. The grid-stride loop covers every index whatever the launch. */
void ref_kmp_col2im(conf_io *io)
{
	const float *col = conf_in(io, "data_col");
	float *im = conf_want(io, "data_im");
	int32_t n = p32(io, 0), height = p32(io, 0x10), width = p32(io, 0x14), ksize = p32(io, 0x18);
	int32_t pad = p32(io, 0x1c), stride = p32(io, 0x20), hcol = p32(io, 0x24), wcol = p32(io, 0x28);
	uint64_t ncol = conf_count(io, "data_col");
	need((uint64_t)n <= conf_count(io, "data_im"), "col2im: data_im too small");
	for (int32_t index = 0; index < n; index++) {
		int32_t w = index % width + pad, h = (index / width) % height + pad, c = index / (width * height);
		int32_t w0 = w < ksize ? 0 : (w - ksize) / stride + 1;
		int32_t w1 = w / stride + 1 < wcol ? w / stride + 1 : wcol;
		int32_t h0 = h < ksize ? 0 : (h - ksize) / stride + 1;
		int32_t h1 = h / stride + 1 < hcol ? h / stride + 1 : hcol;
		/* data_col[(c, h - hc*stride, w - wc*stride)][hc][wc] */
		float val = 0;
		for (int32_t hc = h0; hc < h1; hc++)
			for (int32_t wc = w0; wc < w1; wc++) {
				int64_t at = ((int64_t)(c * ksize + h - hc * stride) * ksize + (w - wc * stride)) * hcol * wcol +
					     (int64_t)hc * wcol + wc;
				need(at >= 0 && (uint64_t)at < ncol, "col2im: data_col too small");
				val += col[at];
			}
		im[index] += val;
	}
}

/* backward_maxpool_layer_kernel(n @0, in_h @4, in_w @8, in_c @0xc, stride @0x10, size @0x14,
   pad @0x18, delta @0x20, prev_delta @0x28, indexes @0x30), the version of the listing's
   tree: outputs h = (in_h + 2*pad)/stride by w = (in_w + 2*pad)/stride, offset -pad,
   area = (size-1)/stride. Input element index gathers, over l then m in [-area, area], the
   delta of every in-range output whose indexes entry names it; prev_delta[index] += d. */
void ref_kmp_backward_maxpool(conf_io *io)
{
	const float *delta = conf_in(io, "delta");
	const int32_t *indexes = conf_in(io, "indexes");
	float *prev = conf_want(io, "prev_delta");
	int32_t n = p32(io, 0), in_h = p32(io, 4), in_w = p32(io, 8), in_c = p32(io, 0xc);
	int32_t stride = p32(io, 0x10), size = p32(io, 0x14), pad = p32(io, 0x18);
	int32_t h = (in_h + 2 * pad) / stride, w = (in_w + 2 * pad) / stride, area = (size - 1) / stride;
	need((uint64_t)n <= conf_count(io, "prev_delta"), "maxpool: prev_delta too small");
	for (int32_t index = 0; index < n && index < (int32_t)threads2d(io); index++) {
		int32_t j = index % in_w, i = index / in_w % in_h, k = index / in_w / in_h % in_c;
		int32_t b = index / in_w / in_h / in_c;
		float d = 0;
		for (int32_t l = -area; l < area + 1; l++)
			for (int32_t m = -area; m < area + 1; m++) {
				int32_t ow = (j + pad) / stride + m, oh = (i + pad) / stride + l;
				int32_t out = ow + w * (oh + h * (k + in_c * b));
				if (ow < 0 || ow >= w || oh < 0 || oh >= h)
					continue;
				need((uint64_t)out < conf_count(io, "indexes") && (uint64_t)out < conf_count(io, "delta"),
				     "maxpool: delta/indexes too small");
				if (indexes[out] == index)
					d += delta[out];
			}
		prev[index] += d;
	}
}

/* myexp(value @0): value[t] = exp(value[t]) in double, for t < blockDim.x. CUDA's exp() is
   within 1 ulp, libm's correctly rounded: this needs an f64 tolerance (see KMP-CASES.md). */
void ref_kmp_myexp(conf_io *io)
{
	double *v = conf_want(io, "value");
	for (uint32_t t = 0; t < io->x->block[0]; t++)
		v[t] = exp(v[t]);
}

/* print_values(ints @0, dbls @8, result @0x10): result[i] = ints[i] + (dbls[i] > 0.0); the
   printed text is in sm_35_print_values_printf.stdout. */
void ref_kmp_print_values(conf_io *io)
{
	const int32_t *in = conf_in(io, "ints");
	const double *d = conf_in(io, "dbls");
	int32_t *r = conf_want(io, "result");
	for (uint32_t t = 0; t < io->x->block[0]; t++)
		r[t] = (int32_t)((uint32_t)in[t] + (d[t] > 0.0));
}

/* The activations of darknet's tree at the listing's commit (enum order LOGISTIC, RELU,
   RELIE, LINEAR, RAMP, TANH, PLSE, LEAKY, ELU, LOGGY, STAIR, HARDTAN, LHTAN); anything else
   gives 0. The expf-based ones (0, 5, 8, 9) need the case's tolerance. */
static float activate(float x, int32_t a)
{
	switch (a) {
	case 0: return 1.f / (1.f + expf(-x));
	case 1: return x * (float)(x > 0);
	case 2: return x > 0 ? x : .01f * x;
	case 3: return x;
	case 4: return x * (float)(x > 0) + .1f * x;
	case 5: return 2.f / (1 + expf(-2 * x)) - 1;
	case 6: return x < -4 ? .01f * (x + 4) : x > 4 ? .01f * (x - 4) + 1 : .125f * x + .5f;
	case 7: return x > 0 ? x : .1f * x;
	case 8: return (float)(x >= 0) * x + (float)(x < 0) * (expf(x) - 1);
	case 9: return 2.f / (1.f + expf(-x)) - 1;
	case 10: {
		int n = (int)floorf(x);
		return n % 2 == 0 ? floorf(x / 2) : (x - (float)n) + floorf(x / 2);
	}
	case 11: return x < -1 ? -1 : x > 1 ? 1 : x;
	case 12: return x < 0 ? .001f * x : x > 1 ? .001f * (x - 1.f) + 1.f : x;
	}
	return 0;
}

/* activate_array_kernel(x @0, n @8, a @0xc): x[i] = activate(x[i], a) for i < n. */
void ref_kmp_activate_array(conf_io *io)
{
	float *x = conf_want(io, "x");
	int32_t n = p32(io, 8), a = p32(io, 0xc);
	need((uint64_t)(n < 0 ? 0 : n) <= conf_count(io, "x") || (uint64_t)threads2d(io) <= conf_count(io, "x"),
	     "activate: x too small");
	for (int32_t i = 0; i < n && i < (int32_t)threads2d(io); i++)
		x[i] = activate(x[i], a);
}

/* The 512 shared partial sums of darknet's BLOCK-wide per-filter reductions: part[p] sums
   term(idx) over b < batch, then i = 0, 512, ... while p + i < size, idx = the kernel's
   index; the caller adds them up. Threads beyond blockDim contribute 0 (the kernels assume
   512). */
#define KMP_BLOCK 512

/* backward_scale_kernel(x_norm @0, delta @8, batch @0x10, n @0x14, size @0x18,
   scale_updates @0x20): scale_updates[f] += part[0] + ... + part[511] (in order), part[p] =
   sum of delta[idx]*x_norm[idx], idx = p + i + size*(f + n*b). */
void ref_kmp_backward_scale(conf_io *io)
{
	const float *xn = conf_in(io, "x_norm"), *de = conf_in(io, "delta");
	float *su = conf_want(io, "scale_updates");
	int32_t batch = p32(io, 0x10), n = p32(io, 0x14), size = p32(io, 0x18);
	need(io->x->block[0] == KMP_BLOCK, "backward_scale: the kernel assumes 512 threads");
	need((uint64_t)batch * n * size <= conf_count(io, "x_norm") &&
	     (uint64_t)batch * n * size <= conf_count(io, "delta"), "backward_scale: inputs too small");
	for (uint32_t f = 0; f < io->x->grid[0]; f++) {
		float acc = su[f];
		for (int32_t p = 0; p < KMP_BLOCK; p++) {
			float sum = 0;
			for (int32_t b = 0; b < batch; b++)
				for (int32_t i = 0; i < size; i += KMP_BLOCK) {
					int32_t idx = p + i + size * ((int32_t)f + n * b);
					sum += (p + i < size) ? de[idx] * xn[idx] : 0;
				}
			acc += sum;
		}
		su[f] = acc;
	}
}

/* fast_mean_kernel / fast_variance_kernel: the per-thread slots, summed in order by thread 0
   starting from 0. var: the term is (x - mean[f])^2 (powf(d, 2) in the source). */
static float fast_sum(const float *x, float mean, int var, int32_t batch, int32_t filters, int32_t spatial,
		      int32_t f)
{
	float total = 0;
	for (int32_t id = 0; id < KMP_BLOCK; id++) {
		float local = 0;
		for (int32_t j = 0; j < batch; j++)
			for (int32_t i = 0; i < spatial; i += KMP_BLOCK) {
				int32_t index = j * spatial * filters + f * spatial + i + id;
				float d = var ? x[index] - mean : x[index];
				local += (i + id < spatial) ? (var ? d * d : d) : 0;
			}
		total += local;
	}
	return total;
}

/* fast_mean_kernel(x @0, batch @8, filters @0xc, spatial @0x10, mean @0x18): mean[f] = the
   sum of the slots / (spatial*batch) (IEEE division of the float sum by the int product). */
void ref_kmp_fast_mean(conf_io *io)
{
	const float *x = conf_in(io, "x");
	float *mean = conf_want(io, "mean");
	int32_t batch = p32(io, 8), filters = p32(io, 0xc), spatial = p32(io, 0x10);
	need(io->x->block[0] == KMP_BLOCK, "fast_mean: the kernel assumes 512 threads");
	need((uint64_t)batch * filters * spatial <= conf_count(io, "x"), "fast_mean: x too small");
	for (uint32_t f = 0; f < io->x->grid[0]; f++)
		mean[f] = fast_sum(x, 0, 0, batch, filters, spatial, (int32_t)f) / (float)(spatial * batch);
}

/* fast_variance_kernel(x @0, mean @8, batch @0x10, filters @0x14, spatial @0x18,
   variance @0x20): variance[f] = the sum of the slots / (spatial*batch - 1). powf(d, 2) on
   the GPU is not guaranteed to equal d*d to the last bit: compare within a tolerance. */
void ref_kmp_fast_variance(conf_io *io)
{
	const float *x = conf_in(io, "x"), *mean = conf_in(io, "mean");
	float *var = conf_want(io, "variance");
	int32_t batch = p32(io, 0x10), filters = p32(io, 0x14), spatial = p32(io, 0x18);
	need(io->x->block[0] == KMP_BLOCK, "fast_variance: the kernel assumes 512 threads");
	need((uint64_t)batch * filters * spatial <= conf_count(io, "x"), "fast_variance: x too small");
	for (uint32_t f = 0; f < io->x->grid[0]; f++)
		var[f] = fast_sum(x, mean[f], 1, batch, filters, spatial, (int32_t)f) / (float)(spatial * batch - 1);
}

/* lop_xor_nz_probe(out @0, p0 @8 .. p11 @0x34): *out = the number of pairs (p2k, p2k+1),
   k < 6, that differ. */
void ref_kmp_lop_xor_nz_probe(conf_io *io)
{
	uint32_t *out = conf_want(io, "out"), count = 0;
	for (uint32_t k = 0; k < 6; k++)
		count += (conf_param32(io, 8 + 8 * k) ^ conf_param32(io, 12 + 8 * k)) != 0;
	*out = count;
}

/* lop_xor_nz_probe4(out @0, pg @8, pa @0xc, pb @0x10): *out = pg != 0 ? ((pa ^ pb) != 0 ?
   111 : 222) : 333. */
void ref_kmp_lop_xor_nz_probe4(conf_io *io)
{
	uint32_t *out = conf_want(io, "out");
	if (conf_param32(io, 8) != 0)
		*out = (conf_param32(io, 0xc) ^ conf_param32(io, 0x10)) != 0 ? 111 : 222;
	else
		*out = 333;
}
