/* make hwcheck's launcher: runs a kernel of a cubin on the GPU (CUDA driver API) with the
   buffers, parameters, grid and block of a simtemu spec file, and prints the buffers after
   the run as `simtemu run --dump NAME` does. Built with -DHWCHECK_NO_CUDA it only reads a
   spec and prints the launch it would make (--print-layout), so that part is tested on
   machines without CUDA.

   The spec is read by simtemu's own parser (front/spec_read.c from libsimtemu.a); buffer
   contents are filled here for the initialisers the microkernels use: a value list,
   fill, iota and file (random is refused, as are .const lines: a CUDA launch has no
   user-written constant bank 0). */
#include "front/spec.h"
#include "util/dtype.h"
#include "util/num.h"
#include "util/xalloc.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HWCHECK_NO_CUDA
#include <cuda.h>
#endif

typedef struct {
	const spec_buffer *sb;
	size_t bytes;
	uint8_t *host;
	uint64_t dev;       /* the device address, once allocated */
} hw_buf;

typedef struct {
	const spec_param *q;
	uint32_t off, size;
	int buf;            /* the buffer whose address it holds, or -1: a number */
	uint64_t bits;      /* a number's bits */
} hw_param;

typedef struct {
	emu_spec sp;
	hw_buf *bufs;
	int nbufs;
	hw_param *params;
	int nparams;
	uint32_t param_bytes;
	uint32_t grid[3], block[3];
} hw_launch;

static int find_buf(const hw_launch *L, const char *name)
{
	for (int i = 0; i < L->nbufs; i++)
		if (!strcmp(L->bufs[i].sb->name, name))
			return i;
	return -1;
}

/* The initial contents of one buffer; false (after a message) if it cannot be made. */
static bool fill_buffer(const char *spec, hw_buf *b)
{
	const spec_buffer *sb = b->sb;
	int size = emu_type_size(sb->type);
	uint64_t bits;
	const char *why = NULL;
	switch (sb->init) {
	case SPEC_INIT_ZERO:
		return true;
	case SPEC_INIT_LIST:
	case SPEC_INIT_FILL:
		for (uint64_t i = 0; i < sb->count && !why; i++) {
			const spec_val *v = &sb->vals[sb->init == SPEC_INIT_LIST ? i : 0];
			if (!(why = spec_value_bits(v->text, sb->type, &bits)))
				emu_type_put(b->host + i * (uint64_t)size, sb->type, bits);
		}
		break;
	case SPEC_INIT_IOTA: {
		/* as simtemu does it: integers in 64-bit arithmetic, floats from doubles */
		const char *st = sb->nvals > 0 ? sb->vals[0].text : "0", *sp = sb->nvals > 1 ? sb->vals[1].text : "1";
		int64_t ist, istep;
		double dst, dstep;
		if (!emu_type_is_float(sb->type) && !num_parse_i64(st, INT64_MIN, INT64_MAX, &ist) &&
		    !num_parse_i64(sp, INT64_MIN, INT64_MAX, &istep)) {
			for (uint64_t i = 0; i < sb->count; i++)
				emu_type_put(b->host + i * (uint64_t)size, sb->type, (uint64_t)ist + i * (uint64_t)istep);
		} else if (emu_type_is_float(sb->type) && !num_parse_double(st, false, &dst) &&
			   !num_parse_double(sp, false, &dstep)) {
			for (uint64_t i = 0; i < sb->count; i++) {
				double d = dst + (double)i * dstep;
				float f = (float)d;
				bits = 0;
				if (sb->type == EMU_T_F32)
					memcpy(&bits, &f, 4);
				else
					memcpy(&bits, &d, 8);
				emu_type_put(b->host + i * (uint64_t)size, sb->type, bits);
			}
		} else
			why = "an iota this launcher does not reproduce (integer buffers take integer steps)";
		break;
	}
	case SPEC_INIT_FILE: {
		char *path = spec_rel_path(sb->file, sb->path);
		size_t len;
		char *data = xread_file_max(path, &len, b->bytes);
		if (!data || len != b->bytes)
			why = "cannot read the file, or its size is not the buffer's";
		else
			memcpy(b->host, data, len);
		free(data);
		free(path);
		break;
	}
	case SPEC_INIT_RANDOM:
		why = "'random' is not supported by the launcher: give the values";
		break;
	}
	if (why)
		fprintf(stderr, "%s:%d: error: buffer '%s': %s\n", spec, sb->loc.line, sb->name, why);
	return !why;
}

/* Parameters laid out as simtemu does: natural alignment, or @OFFSET, from offset 0 of
   the parameter area (which is the CUDA parameter buffer). */
static bool lay_out_params(const char *spec, hw_launch *L)
{
	uint32_t cur = 0;
	bool ok = true;
	L->params = xcalloc((size_t)L->sp.nparams + 1, sizeof *L->params);
	for (int i = 0; i < L->sp.nparams; i++) {
		const spec_param *q = &L->sp.params[i];
		hw_param *p = &L->params[L->nparams++];
		p->q = q;
		p->size = (uint32_t)emu_type_size(q->type);
		p->off = q->has_off ? q->off : (cur + p->size - 1) / p->size * p->size;
		p->buf = find_buf(L, q->val.text);
		const char *why = NULL;
		if (p->buf >= 0 && q->type != EMU_T_U32 && q->type != EMU_T_U64)
			why = "a buffer address needs a u32 or u64 slot";
		else if (p->buf < 0)
			why = spec_value_bits(q->val.text, q->type, &p->bits);
		if (!why && p->off + p->size > 4096)
			why = "past the end of the 4 KiB parameter area";
		if (why) {
			fprintf(stderr, "%s:%d: error: parameter '%s': %s\n", spec, q->loc.line, q->val.text, why);
			ok = false;
		}
		cur = p->off + p->size;
		if (cur > L->param_bytes)
			L->param_bytes = cur;
	}
	return ok;
}

/* What hw_read allocated, also after it failed part way (the leak checker's runs) */
static void hw_free(hw_launch *L)
{
	for (int i = 0; i < L->nbufs; i++)
		free(L->bufs[i].host);
	free(L->bufs);
	free(L->params);
	spec_free(&L->sp);
}

/* Read a spec into L; false (after messages) if it cannot be launched as written. */
static bool hw_read(const char *spec, hw_launch *L)
{
	char *text = xread_file(spec, NULL);
	if (!text) {
		fprintf(stderr, "hwcheck-launch: cannot read %s: %s\n", spec, strerror(errno));
		return false;
	}
	int errs = spec_parse(&L->sp, spec, text, stderr);
	free(text);
	if (errs)
		return false;
	bool ok = true;
	if (!L->sp.kernel) {
		fprintf(stderr, "%s: error: the spec names no .kernel (a cubin has no first function)\n", spec);
		ok = false;
	}
	if (L->sp.nconsts || L->sp.ntables) {
		fprintf(stderr, "%s: error: .const is not supported by the launcher\n", spec);
		ok = false;
	}
	for (int k = 0; k < 3; k++) {
		L->grid[k] = L->sp.has_grid ? L->sp.grid[k] : 1;
		L->block[k] = L->sp.has_block ? L->sp.block[k] : (k ? 1 : 32);
	}
	L->bufs = xcalloc((size_t)L->sp.nbufs + 1, sizeof *L->bufs);
	for (int i = 0; i < L->sp.nbufs; i++) {
		hw_buf *b = &L->bufs[L->nbufs++];
		b->sb = &L->sp.bufs[i];
		b->bytes = (size_t)(b->sb->count * (uint64_t)emu_type_size(b->sb->type));
		b->host = xcalloc(b->bytes + 8, 1);
		ok = fill_buffer(spec, b) && ok;
	}
	return lay_out_params(spec, L) && ok;
}

/* --print-layout: the launch this spec makes, without a GPU. */
static void print_layout(const hw_launch *L, FILE *out)
{
	fprintf(out, "kernel %s\ngrid %u %u %u\nblock %u %u %u\n", L->sp.kernel, L->grid[0], L->grid[1], L->grid[2],
		L->block[0], L->block[1], L->block[2]);
	for (int i = 0; i < L->nbufs; i++) {
		const hw_buf *b = &L->bufs[i];
		int size = emu_type_size(b->sb->type);
		fprintf(out, "buffer %s %s count %llu bytes %zu init", b->sb->name, emu_type_name(b->sb->type),
			(unsigned long long)b->sb->count, b->bytes);
		for (uint64_t k = 0; k < b->sb->count; k++) {
			char v[64];
			emu_type_format(v, sizeof v, b->sb->type, b->host + k * (uint64_t)size);
			fprintf(out, " %s", v);
		}
		fputc('\n', out);
	}
	for (int i = 0; i < L->nparams; i++) {
		const hw_param *p = &L->params[i];
		fprintf(out, "param 0x%x %s %u ", p->off, emu_type_name(p->q->type), p->size);
		if (p->buf >= 0)
			fprintf(out, "address of %s\n", L->bufs[p->buf].sb->name);
		else {
			uint8_t bytes[8] = {0};
			emu_type_put(bytes, p->q->type, p->bits);
			fprintf(out, "bytes");
			for (uint32_t k = 0; k < p->size; k++)
				fprintf(out, " %02x", bytes[k]);
			fputc('\n', out);
		}
	}
	fprintf(out, "params %u bytes\n", L->param_bytes);
}

#ifndef HWCHECK_NO_CUDA
static void dump_buf(const hw_buf *b, FILE *out)
{
	int size = emu_type_size(b->sb->type);
	fprintf(out, "%s (%s[%llu] at 0x%llx):", b->sb->name, emu_type_name(b->sb->type),
		(unsigned long long)b->sb->count, (unsigned long long)b->dev);
	for (uint64_t k = 0; k < b->sb->count; k++) {
		char v[64];
		emu_type_format(v, sizeof v, b->sb->type, b->host + k * (uint64_t)size);
		fprintf(out, "%s%s", k % 8 ? " " : "\n  ", v);
	}
	fputc('\n', out);
}

static int cu_fail(const char *what, CUresult e)
{
	const char *s = NULL;
	cuGetErrorString(e, &s);
	fprintf(stderr, "hwcheck-launch: %s: %s\n", what, s ? s : "unknown CUDA error");
	return 3;
}

#define HW_CU(call)                                                  \
	do {                                                         \
		CUresult e_ = (call);                                \
		if (e_ != CUDA_SUCCESS)                              \
			return cu_fail(#call, e_);                   \
	} while (0)

static int cu_device(CUdevice *dev)
{
	HW_CU(cuInit(0));
	int n = 0;
	HW_CU(cuDeviceGetCount(&n));
	if (n < 1) {
		fprintf(stderr, "hwcheck-launch: no CUDA device\n");
		return 3;
	}
	HW_CU(cuDeviceGet(dev, 0));
	return 0;
}

/* --arch: the compute capability of device 0 as sm_XY. */
static int print_arch(void)
{
	CUdevice dev;
	int maj = 0, min = 0, st = cu_device(&dev);
	if (st)
		return st;
	HW_CU(cuDeviceGetAttribute(&maj, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
	HW_CU(cuDeviceGetAttribute(&min, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
	printf("sm_%d%d\n", maj, min);
	return 0;
}

/* Allocate and fill the buffers, pack the parameters, launch, wait, copy back. */
static int run_kernel(hw_launch *L, const char *cubin)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction fn;
	int st = cu_device(&dev);
	if (st)
		return st;
	HW_CU(cuDevicePrimaryCtxRetain(&ctx, dev));
	HW_CU(cuCtxSetCurrent(ctx));
	HW_CU(cuModuleLoad(&mod, cubin));
	HW_CU(cuModuleGetFunction(&fn, mod, L->sp.kernel));
	for (int i = 0; i < L->nbufs; i++) {
		CUdeviceptr d;
		HW_CU(cuMemAlloc(&d, L->bufs[i].bytes ? L->bufs[i].bytes : 1));
		L->bufs[i].dev = (uint64_t)d;
		if (L->bufs[i].bytes)
			HW_CU(cuMemcpyHtoD(d, L->bufs[i].host, L->bufs[i].bytes));
	}
	uint8_t *pbuf = xcalloc(L->param_bytes + 8, 1);
	for (int i = 0; i < L->nparams; i++) {
		const hw_param *p = &L->params[i];
		if (p->buf >= 0 && p->size == 4)
			fprintf(stderr, "hwcheck-launch: warning: parameter '%s' holds only the low 32 bits of an address\n",
				p->q->val.text);
		emu_type_put(pbuf + p->off, p->q->type, p->buf >= 0 ? L->bufs[p->buf].dev : p->bits);
	}
	size_t psize = L->param_bytes;
	void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, pbuf, CU_LAUNCH_PARAM_BUFFER_SIZE, &psize, CU_LAUNCH_PARAM_END};
	HW_CU(cuLaunchKernel(fn, L->grid[0], L->grid[1], L->grid[2], L->block[0], L->block[1], L->block[2], 0, NULL,
			     NULL, psize ? extra : NULL));
	HW_CU(cuCtxSynchronize());
	free(pbuf);
	for (int i = 0; i < L->nbufs; i++)
		if (L->bufs[i].bytes)
			HW_CU(cuMemcpyDtoH(L->bufs[i].host, (CUdeviceptr)L->bufs[i].dev, L->bufs[i].bytes));
	return 0;
}
#endif

static int usage(void)
{
	fputs("usage: hwcheck-launch --spec SPEC [--dump NAME]... CUBIN   run, print buffers (all, or the named)\n"
	      "       hwcheck-launch --spec SPEC --print-layout          the launch it would make, no GPU\n"
	      "       hwcheck-launch --arch                              device 0 as sm_XY\n",
	      stderr);
	return 2;
}

int main(int argc, char **argv)
{
	const char *spec = NULL, *cubin = NULL, *dumps[64];
	int ndumps = 0;
	bool layout = false, arch = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--spec") && i + 1 < argc)
			spec = argv[++i];
		else if (!strcmp(argv[i], "--dump") && i + 1 < argc && ndumps < 64)
			dumps[ndumps++] = argv[++i];
		else if (!strcmp(argv[i], "--print-layout"))
			layout = true;
		else if (!strcmp(argv[i], "--arch"))
			arch = true;
		else if (argv[i][0] != '-' && !cubin)
			cubin = argv[i];
		else
			return usage();
	}
#ifdef HWCHECK_NO_CUDA
	if (arch || !layout) {
		fputs("hwcheck-launch: built without CUDA: only --print-layout works\n", stderr);
		return 2;
	}
#else
	if (arch)
		return print_arch();
#endif
	if (!spec || (!layout && !cubin))
		return usage();
	hw_launch L = {0};
	if (!hw_read(spec, &L)) {
		hw_free(&L);
		return 2;
	}
	for (int i = 0; i < ndumps; i++)
		if (find_buf(&L, dumps[i]) < 0) {
			fprintf(stderr, "hwcheck-launch: error: --dump %s: no such buffer\n", dumps[i]);
			hw_free(&L);
			return 2;
		}
	int st = 0;
	if (layout)
		print_layout(&L, stdout);
#ifndef HWCHECK_NO_CUDA
	else if (!(st = run_kernel(&L, cubin))) {
		for (int i = 0; i < (ndumps ? ndumps : L.nbufs); i++)
			dump_buf(&L.bufs[ndumps ? find_buf(&L, dumps[i]) : i], stdout);
	}
#endif
	hw_free(&L);
	return st;
}
