/* make bench: emulator throughput on fixed kernels, against native C of the same
   computation compiled with -O2 and timed in the same run (median of several runs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spec/spec_run.h"
#include "emu/stats.h"
#include "util/xalloc.h"
#include "front/dump.h"
#include "front/spec.h"

#define RUNS 5

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- native C of each kernel: reads the launch's inputs, writes into want ---- */

typedef struct {
	emu_ctx *x;
} nat_io;

static emu_buffer *buf(nat_io *io, const char *name)
{
	emu_buffer *b = emu_gmem_find_name(&io->x->gmem, name);
	if (!b) {
		fprintf(stderr, "bench: no buffer %s\n", name);
		exit(4);
	}
	return b;
}

static uint32_t param32(nat_io *io, int off)
{
	uint32_t v;
	memcpy(&v, io->x->cbank[0] + 0x20 + off, 4);
	return v;
}

static void alu_loop(nat_io *io, void *out, int n)
{
	float *o = out;
	int threads = (int)(io->x->grid[0] * io->x->block[0]);
	const float c1 = 0.999f, c2 = 1.001f;
	for (int g = 0; g < threads; g++) {
		uint32_t tid = (uint32_t)g % io->x->block[0], k = tid;
		float x = (float)tid * 0.5f, y = 0.0f;
		for (int i = 0; i < n; i++) {
			x = x * c1 + 0.25f;
			y = y * c2 - x;
			k = (k * 3 + (uint32_t)i) ^ (k >> 5);
		}
		o[g] = x + y + (float)k;
	}
}

/* alu.sass (sm_20: parameters at c[0x0][0x20], the pointer 32-bit) and alu70.sass (sm_70:
   at c[0x0][0x160], the pointer 64-bit): the same computation */
static void native_alu(nat_io *io, void *out) { alu_loop(io, out, (int)param32(io, 4)); }
static void native_alu70(nat_io *io, void *out) { alu_loop(io, out, (int)param32(io, 0x160 - 0x20 + 8)); }
/* alu52.sass (sm_52: at c[0x0][0x140], the pointer 64-bit) */
static void native_alu52(nat_io *io, void *out) { alu_loop(io, out, (int)param32(io, 0x140 - 0x20 + 8)); }
/* alu90.sass (sm_90: at c[0x0][0x210]) and alu100.sass (sm_100: at c[0x0][0x380]) */
static void native_alu90(nat_io *io, void *out) { alu_loop(io, out, (int)param32(io, 0x210 - 0x20 + 8)); }
static void native_alu100(nat_io *io, void *out) { alu_loop(io, out, (int)param32(io, 0x380 - 0x20 + 8)); }

static void native_stream(nat_io *io, void *out)
{
	const float *x = (const float *)buf(io, "x")->data;
	float *y = out;
	uint32_t n = param32(io, 8), ab = param32(io, 12);
	float a;
	memcpy(&a, &ab, 4);
	for (uint32_t i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}

static void native_divergent(nat_io *io, void *out)
{
	const uint32_t *seed = (const uint32_t *)buf(io, "seed")->data;
	uint32_t *steps = out, n = (uint32_t)buf(io, "seed")->count;
	for (uint32_t g = 0; g < n; g++) {
		uint32_t v = seed[g], k = 0;
		while (v != 1 && k < 400) {
			v = v & 1 ? 3 * v + 1 : v >> 1;
			k++;
		}
		steps[g] = k;
	}
}

static void native_reduce(nat_io *io, void *out)
{
	const uint32_t *in = (const uint32_t *)buf(io, "in")->data;
	uint32_t *o = out, nb = io->x->grid[0], bs = io->x->block[0];
	for (uint32_t b = 0; b < nb; b++) {
		uint32_t s = 0;
		for (uint32_t t = 0; t < bs; t++)
			s += in[b * bs + t];
		o[b] = s;
	}
}

static void native_matmul(nat_io *io, void *out)
{
	const float *a = (const float *)buf(io, "A")->data, *b = (const float *)buf(io, "B")->data;
	float *c = out;
	int n = (int)param32(io, 12);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			c[i * n + j] = s;
		}
}

typedef struct {
	const char *name, *file, *out; /* kernel, listing, the buffer the native code writes */
	void (*native)(nat_io *io, void *out);
	double tol;                    /* relative tolerance of the float check (0: exact) */
	const char *kind;
} bench_case;

static const bench_case cases[] = {
	{"alu", "alu.sass", "out", native_alu, 1e-2, "ALU-bound, full warps"},
	{"alu52", "alu52.sass", "out", native_alu52, 1e-2, "ALU-bound, full warps, sm_52 (ptxas's unrolled XMAD code)"},
	{"alu70", "alu70.sass", "out", native_alu70, 1e-2, "ALU-bound, full warps, sm_70 (convergence barriers)"},
	{"alu90", "alu90.sass", "out", native_alu90, 1e-2, "ALU-bound, full warps, sm_90 (ptxas's unrolled code)"},
	{"alu90c13", "alu90c13.sass", "out", native_alu90, 1e-2, "ALU-bound, full warps, sm_90 as CUDA 13's ptxas compiles it"},
	{"alu100", "alu100.sass", "out", native_alu100, 1e-2, "ALU-bound, full warps, sm_100 (alu90 in CUDA 13's Blackwell instructions)"},
	{"stream", "stream.sass", "y", native_stream, 1e-6, "memory-bound (SAXPY)"},
	{"divergent", "divergent.sass", "steps", native_divergent, 0, "divergent loops and if/else"},
	{"reduce", "reduce.sass", "out", native_reduce, 0, "shared memory + barriers"},
	{"matmul", "matmul.sass", "C", native_matmul, 1e-3, "tiled matmul (shared, barriers, loops)"},
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static char *slurp(const char *path)
{
	return xread_file(path, NULL);
}

typedef struct {
	double med, min, max;
} timing;

static timing summarize(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp_double);
	return (timing){t[n / 2], t[0], t[n - 1]};
}

/* The emulator's output against the native one: exact, or within a relative tolerance. */
static bool outputs_agree(const emu_buffer *b, const uint8_t *want, double tol)
{
	if (tol == 0)
		return !memcmp(b->data, want, b->size);
	const float *g = (const float *)b->data, *w = (const float *)want;
	for (uint64_t i = 0; i < b->count; i++)
		if (fabs((double)g[i] - (double)w[i]) > tol * (fabs((double)w[i]) + 1.0))
			return false;
	return true;
}

/* ---- the whole process of a memory-bound run: set-up, run, check ----
   SAXPY over WHOLE_N floats as `simtemu run` does it (directives parsed, listing
   assembled, x = iota and y = fill set up, the launch, .expect y = file checked against a
   64 MB file, everything freed), against native C doing the same (buffers allocated and
   filled, the loop, the file mapped and compared, freed). Both allocate the buffers alike
   (xcalloc_big: 2 MiB pages), so the ratio is the emulator's own cost. */
#define WHOLE_N 16777216u

typedef struct {
	double setup, run, check, total; /* wall */
	double c[4];                      /* the same in CPU time, all threads together */
} phases;

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the phases between four instants (start, set up, run, checked), wall and CPU */
static phases phases_from(const double t[4], const double c[4])
{
	phases ph = {t[1] - t[0], t[2] - t[1], t[3] - t[2], t[3] - t[0], {c[1] - c[0], c[2] - c[1], c[3] - c[2], c[3] - c[0]}};
	return ph;
}

static phases whole_emulator(const char *listing, int jobs, bool *ok, stats_totals *tot)
{
	double t0 = now(), c0 = cpu_now();
	emu_spec sp = {0};
	FILE *dn = fopen("/dev/null", "w");
	int errs = spec_parse(&sp, "whole.sass", listing, stderr);
	emu_program *p = emu_assemble("whole.sass", listing, sp.target, "stream", stderr);
	if (errs || !p)
		exit(4);
	emu_ctx x;
	emu_ctx_init(&x, p, &p->funcs[0]);
	spec_geometry(&sp, &x);
	x.jobs = jobs;
	emu_abi_setup(&x);
	if (spec_apply(&sp, &x, stderr))
		exit(4);
	double t1 = now(), c1 = cpu_now();
	if (emu_launch(&x) != EMU_OK) {
		fprintf(stderr, "bench: whole-process stream trapped: %s\n", x.trap.msg);
		exit(4);
	}
	double t2 = now(), c2 = cpu_now();
	int n;
	*ok = spec_check(&sp, &x, dn, stderr, &n) == 0 && n == 1;
	*tot = stats_total(&x);
	emu_ctx_free(&x);
	emu_program_free(p);
	spec_free(&sp);
	fclose(dn);
	return phases_from((double[4]){t0, t1, t2, now()}, (double[4]){c0, c1, c2, cpu_now()});
}

/* the kernel's computation, fused as FFMA is: the host's FMA instruction where it has one
   (not a call of libm's fmaf per element) */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("fma"))) static void saxpy_fma(float *y, const float *x, float a, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		y[i] = __builtin_fmaf(a, x[i], y[i]);
}
#endif

static void saxpy_native(float *y, const float *x, float a, uint64_t n)
{
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("fma")) {
		saxpy_fma(y, x, a, n);
		return;
	}
#endif
	for (uint64_t i = 0; i < n; i++)
		y[i] = fmaf(a, x[i], y[i]);
}

static phases whole_native(const char *want_path, bool *ok)
{
	double t0 = now(), c0 = cpu_now();
	float *x = xcalloc_big((size_t)WHOLE_N * 4), *y = xcalloc_big((size_t)WHOLE_N * 4);
	for (uint32_t i = 0; i < WHOLE_N; i++) {
		x[i] = (float)((double)i * 0.001);
		y[i] = 1.0f;
	}
	double t1 = now(), c1 = cpu_now();
	saxpy_native(y, x, 1.5f, WHOLE_N);
	double t2 = now(), c2 = cpu_now();
	int fd = open(want_path, O_RDONLY);
	void *m = fd < 0 ? MAP_FAILED : mmap(NULL, (size_t)WHOLE_N * 4, PROT_READ, MAP_PRIVATE, fd, 0);
	*ok = m != MAP_FAILED && !memcmp(y, m, (size_t)WHOLE_N * 4);
	if (m != MAP_FAILED)
		munmap(m, (size_t)WHOLE_N * 4);
	if (fd >= 0)
		close(fd);
	xfree_big(x, (size_t)WHOLE_N * 4);
	xfree_big(y, (size_t)WHOLE_N * 4);
	return phases_from((double[4]){t0, t1, t2, now()}, (double[4]){c0, c1, c2, cpu_now()});
}

static int phase_cmp(const void *a, const void *b)
{
	double x = ((const phases *)a)->total, y = ((const phases *)b)->total;
	return x < y ? -1 : x > y;
}

/* The run whose total is the median; returns false on a failed check. */
static bool bench_whole(int jobs, FILE *json)
{
	char dir[] = "/tmp/simtemu-bench-XXXXXX", want[64];
	if (!mkdtemp(dir)) {
		perror("bench: mkdtemp");
		exit(4);
	}
	snprintf(want, sizeof want, "%s/want.bin", dir);
	/* the expected output, computed natively: y = 1.5 * x + 1 with x = iota 0 0.001 */
	{
		float *y = xmalloc((size_t)WHOLE_N * 4);
		for (uint32_t i = 0; i < WHOLE_N; i++)
			y[i] = fmaf(1.5f, (float)((double)i * 0.001), 1.0f);
		FILE *f = fopen(want, "wb");
		if (!f || fwrite(y, 4, WHOLE_N, f) != WHOLE_N || fclose(f)) {
			perror("bench: want.bin");
			exit(4);
		}
		free(y);
	}
	char *tmpl = xread_file("stream.sass", NULL), *listing = xmalloc(strlen(tmpl) + 256);
	if (!tmpl) {
		fprintf(stderr, "bench: cannot read stream.sass\n");
		exit(4);
	}
	/* bench/stream.sass at WHOLE_N elements, checked against the file */
	char *o = listing;
	for (const char *q = tmpl; *q;) {
		if (!strncmp(q, "1048576", 7)) {
			o += sprintf(o, "%u", WHOLE_N);
			q += 7;
		} else if (!strncmp(q, ".param f32 1.5\n", 15)) {
			o += sprintf(o, ".param f32 1.5\n.expect y = file %s\n", want);
			q += 15;
		} else
			*o++ = *q++;
	}
	*o = 0;
	phases e[RUNS], n[RUNS];
	bool eok = true, nok = true, ok;
	stats_totals tot = {0};
	for (int r = 0; r < RUNS; r++) { /* alternately, so the host's moods fall on both */
		e[r] = whole_emulator(listing, jobs, &ok, &tot);
		eok &= ok;
		n[r] = whole_native(want, &ok);
		nok &= ok;
	}
	qsort(e, RUNS, sizeof *e, phase_cmp);
	qsort(n, RUNS, sizeof *n, phase_cmp);
	phases em = e[RUNS / 2], nm = n[RUNS / 2];
	printf("whole process, stream over %u floats (set-up, run, .expect against a %u MB file), -j %d:\n", WHOLE_N,
	       WHOLE_N * 4 >> 20, jobs);
	printf("  %-9s %9s %9s %9s %9s   (the run of median total of %d)\n", "", "set-up s", "run s", "check s", "total s",
	       RUNS);
	printf("  %-9s %9.3f %9.3f %9.3f %9.3f   %.3g thread inst/s whole, %.3g in the run%s\n", "emulator", em.setup,
	       em.run, em.check, em.total, (double)tot.thread / em.total, (double)tot.thread / em.run,
	       eok ? "" : "  .EXPECT FAILED");
	printf("  %-9s %9.3f %9.3f %9.3f %9.3f%s\n", "native", nm.setup, nm.run, nm.check, nm.total,
	       nok ? "" : "  NATIVE CHECK FAILED");
	printf("  ratio     %8.1fx %8.1fx %8.1fx %8.1fx\n", em.setup / nm.setup, em.run / nm.run, em.check / nm.check,
	       em.total / nm.total);
	/* CPU time says more than wall time where other work shares the cores */
	printf("  CPU s, emulator %.3f %.3f %.3f %.3f; native %.3f %.3f %.3f %.3f; ratio %.1fx (all threads)\n",
	       em.c[0], em.c[1], em.c[2], em.c[3], nm.c[0], nm.c[1], nm.c[2], nm.c[3], em.c[3] / nm.c[3]);
	if (json)
		fprintf(json, ",\n {\"name\": \"whole-stream-16M\", \"seconds\": %.6f, \"thread_inst\": %llu, "
			"\"emulator\": {\"setup\": %.6f, "
			"\"run\": %.6f, \"check\": %.6f, \"total\": %.6f}, \"native\": {\"setup\": %.6f, \"run\": %.6f, "
			"\"check\": %.6f, \"total\": %.6f}, \"ratio_to_native\": %.2f, \"output_agrees\": %s}",
			em.total, (unsigned long long)tot.thread, em.setup, em.run, em.check, em.total, nm.setup, nm.run, nm.check,
			nm.total, em.total / nm.total, eok && nok ? "true" : "false");
	unlink(want);
	rmdir(dir);
	free(tmpl);
	free(listing);
	return eok && nok;
}

/* Launch case c RUNS times at -j jobs on fresh buffers: the launches' times in te, the
   native loop's in tn (unless tn is NULL: no native run, no comparison). */
static void time_kernel(const bench_case *c, int jobs, double *te, double *tn, stats_totals *tot, bool *agree)
{
	char *src = slurp(c->file);
	if (!src) {
		fprintf(stderr, "bench: cannot read %s\n", c->file);
		exit(4);
	}
	emu_spec sp = {0};
	spec_parse(&sp, c->file, src, stderr);
	emu_program *p = emu_assemble(c->file, src, sp.target, c->name, stderr);
	if (!p)
		exit(4);
	*agree = true;
	for (int r = 0; r < RUNS; r++) {
		emu_ctx x;
		emu_ctx_init(&x, p, &p->funcs[0]);
		spec_geometry(&sp, &x);
		x.jobs = jobs;
		emu_abi_setup(&x);
		if (spec_apply(&sp, &x, stderr))
			exit(4);
		nat_io io = {&x};
		emu_buffer *ob = buf(&io, c->out);
		uint8_t *want = NULL;
		if (tn) { /* native first, on a copy of the same inputs */
			want = xmalloc(ob->size);
			memcpy(want, ob->data, ob->size);
			double t0 = now();
			int reps = 0;
			do {
				if (reps) /* the native SAXPY updates y in place: start over */
					memcpy(want, ob->data, ob->size);
				c->native(&io, want);
				reps++;
			} while (now() - t0 < 0.2);
			tn[r] = (now() - t0) / reps;
			if (!strcmp(c->name, "stream")) { /* one application, to compare */
				memcpy(want, ob->data, ob->size);
				c->native(&io, want);
			}
		}
		double t0 = now();
		if (emu_launch(&x) != EMU_OK) {
			fprintf(stderr, "bench: %s trapped: %s\n", c->name, x.trap.msg);
			exit(4);
		}
		te[r] = now() - t0;
		*tot = stats_total(&x);
		if (want)
			*agree &= outputs_agree(ob, want, c->tol);
		free(want);
		emu_ctx_free(&x);
	}
	emu_program_free(p);
	spec_free(&sp);
	free(src);
}

/* make bench-asm: a generated listing of n sm_75 instructions as cuobjdump prints them
   (address comment, the instruction, its two encoding words on two lines, the padding),
   assembled once: the time of emu_assemble and the process's peak resident size (the
   listing's text, which the process holds as `simtemu asm` does, included). */
/* The child of bench_asm: what `simtemu asm FILE` does before its listing output
   (cli/cmd_convert.c: read the file whole, cuobjdump's sections, the directives, the
   assembly), so that its resource usage is that work's alone. */
static int asm_child(const char *path)
{
	size_t n;
	char *src = xread_file(path, &n);
	if (!src || memchr(src, 0, n))
		return 2;
	emu_spec sp = {0};
	char *dirs = NULL, *sass = dump_read_own(path, src, &sp, NULL, &dirs, stderr);
	free(dirs);
	if (!sass)
		return 2;
	int errs = spec_parse(&sp, path, sass, stderr);
	emu_program *p = emu_assemble_at(path, sass, sp.target, sp.target_at, sp.kernel ? sp.kernel : "big", stderr);
	int rc = p && !errs ? 0 : 1;
	emu_program_free(p);
	spec_free(&sp);
	free(sass);
	return rc;
}

/* make bench-asm: a generated n-instruction sm_75 listing as cuobjdump prints it (two
   encoding words on two lines), written to a file and assembled in a child process the
   way `simtemu asm` reads a file: the child's CPU time, peak resident size and page
   faults (wait4), none of the generator's. */
static int bench_asm(long n, const char *keep)
{
	static const char *const body[] = {
		"IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]", "IADD3 R1, R2, R3, RZ", "LOP3.LUT R4, R7, 0x1, RZ, 0xc0, !PT",
		"ISETP.GE.AND P0, PT, R2, 0x1, PT",   "SHF.R.S32.HI R8, RZ, 0x1f, R7", "LDG.E.SYS R0, [R2+0x10]",
		"FFMA R5, R0, c[0x0][0x168], R5",      "STG.E.SYS [R2+0x4], R5",
	};
	char path[4096] = "/tmp/simtemu-bench-asm-XXXXXX";
	int fd = keep ? open(keep, O_WRONLY | O_CREAT | O_TRUNC, 0644) : mkstemp(path);
	if (keep)
		snprintf(path, sizeof path, "%s", keep);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		perror("bench-asm: a temporary file");
		return 1;
	}
	long len = fprintf(f, "\tcode for sm_75\n\t\tFunction : big\n");
	for (long i = 0; i < n; i++) {
		char insn[64];
		if (i == n - 1)
			snprintf(insn, sizeof insn, "EXIT ;");
		else if (i % 9 == 8) /* a branch back */
			snprintf(insn, sizeof insn, "@P0 BRA 0x%lx ;", (i > 64 ? i - 64 : 0) * 16);
		else
			snprintf(insn, sizeof insn, "%s ;", body[i % 9]);
		len += fprintf(f,
			       "        /*%04lx*/                   %-47s/* 0x%016lx */\n"
			       "%82s/* 0x000fe400078e00ff */\n", i * 16, insn, (unsigned long)i * 7919u, "");
	}
	if (fclose(f)) {
		perror("bench-asm: writing the listing");
		unlink(path);
		return 1;
	}
	if (keep) /* asm N FILE: only the listing, for callgrind on `simtemu-bench asm-child FILE` */
		return 0;
	fflush(stdout);
	double t0 = now();
	pid_t pid = fork();
	if (pid == 0)
		_exit(asm_child(path));
	int st = 0;
	struct rusage ru;
	memset(&ru, 0, sizeof ru);
	bool ok = pid > 0 && wait4(pid, &st, 0, &ru) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
	double t = now() - t0;
	unlink(path);
	double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	printf("assembly of a %ld-instruction sm_75 listing file with encodings (%.0f MB of text), as `simtemu asm` "
	       "reads it: %.3f s wall, %.3f s CPU (%.3f user, %.3f system); peak resident %.0f MB; %ld page faults%s\n",
	       n, (double)len / 1e6, t, cpu, ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6, (double)ru.ru_maxrss / 1024, ru.ru_minflt,
	       ok ? "" : " (FAILED)");
	return ok ? 0 : 1;
}

/* make bench-scale: every kernel at -j 1, 2, 4, ... up to maxj (and maxj itself), the
   median launch time and the speed-up over -j 1; the thread counts must not change. */
static int bench_scale(int maxj)
{
	int js[16], nj = 0;
	for (int j = 1; j < maxj && nj < 15; j *= 2)
		js[nj++] = j;
	js[nj++] = maxj;
	printf("simtemu scaling: median of %d launches per -j; speed-up = time at -j 1 / time at -j N\n", RUNS);
	printf("%-10s", "kernel");
	for (int k = 0; k < nj; k++)
		printf("   -j %-3d s  speed-up", js[k]);
	printf("\n");
	int bad = 0;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const bench_case *c = &cases[k];
		double base = 0;
		uint64_t thread1 = 0;
		printf("%-10s", c->name);
		fflush(stdout);
		for (int i = 0; i < nj; i++) {
			double te[RUNS];
			stats_totals tot = {0};
			bool agree;
			time_kernel(c, js[i], te, NULL, &tot, &agree);
			double med = summarize(te, RUNS).med;
			if (!i) {
				base = med;
				thread1 = tot.thread;
			}
			printf("   %8.4f  %7.2fx%s", med, base / med, tot.thread == thread1 ? "" : " COUNTS DIFFER");
			bad += tot.thread != thread1;
			fflush(stdout);
		}
		printf("\n");
	}
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "scale")) {
		long n = argc > 2 ? atol(argv[2]) : sysconf(_SC_NPROCESSORS_ONLN);
		return bench_scale(n < 1 ? 1 : n > 1024 ? 1024 : (int)n);
	}
	if (argc > 1 && !strcmp(argv[1], "asm"))
		return bench_asm(argc > 2 ? atol(argv[2]) : 1000000, argc > 3 ? argv[3] : NULL);
	if (argc > 2 && !strcmp(argv[1], "asm-child")) /* the assembly of a listing file alone */
		return asm_child(argv[2]);
	if (argc > 1 && !strcmp(argv[1], "whole")) /* the whole-process case alone */
		return bench_whole(argc > 2 ? atoi(argv[2]) : 1, NULL) ? 0 : 1;
	int jobs = argc > 1 ? atoi(argv[1]) : 1;
	const char *json_path = argc > 2 ? argv[2] : NULL;
	FILE *json = json_path ? fopen(json_path, "w") : NULL;
	printf("simtemu benchmark: %d run%s each, median [min, max]; -j %d\n", RUNS, RUNS == 1 ? "" : "s", jobs);
	printf("%-10s %13s %10s %25s %12s %12s %10s %8s\n", "kernel", "thread_inst", "warp_inst", "emulator s",
	       "thread/s", "warp/s", "native s", "ratio");
	if (json)
		fprintf(json, "{\"jobs\": %d, \"runs\": %d, \"kernels\": [", jobs, RUNS);
	int bad = 0;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const bench_case *c = &cases[k];
		double te[RUNS], tn[RUNS];
		stats_totals tot = {0};
		bool agree;
		time_kernel(c, jobs, te, tn, &tot, &agree);
		timing e = summarize(te, RUNS), n = summarize(tn, RUNS);
		printf("%-10s %13llu %10llu %7.3f [%6.3f, %6.3f] %12.3g %12.3g %10.5f %7.1fx%s\n", c->name,
		       (unsigned long long)tot.thread, (unsigned long long)tot.warp, e.med, e.min, e.max,
		       (double)tot.thread / e.med, (double)tot.warp / e.med, n.med, e.med / n.med,
		       agree ? "" : "  OUTPUT DIFFERS FROM NATIVE");
		bad += !agree;
		if (json)
			fprintf(json, "%s\n {\"name\": \"%s\", \"kind\": \"%s\", \"thread_inst\": %llu, \"warp_inst\": %llu, "
				"\"seconds\": {\"median\": %.6f, \"min\": %.6f, \"max\": %.6f}, \"thread_inst_per_s\": %.4g, "
				"\"warp_inst_per_s\": %.4g, \"native_seconds\": %.6f, \"ratio_to_native\": %.2f, "
				"\"output_agrees\": %s}", k ? "," : "", c->name, c->kind, (unsigned long long)tot.thread,
				(unsigned long long)tot.warp, e.med, e.min, e.max, (double)tot.thread / e.med,
				(double)tot.warp / e.med, n.med, e.med / n.med, agree ? "true" : "false");
	}
	bad += !bench_whole(jobs, json);
	/* assembly speed: a generated 100,000-instruction listing in the CUDA 4.x layout, with
	   address branches, guards, constants and memory operands */
	size_t cap = 100000 * 96 + 64, len = 0;
	char *big = xmalloc(cap);
	len += (size_t)snprintf(big + len, cap - len, "\tcode for sm_20\n\t\tFunction : big\n");
	static const char *const body[] = {
		"ISETP.LT.AND P0, pt, R2, c [0x0] [0x28], pt;", "@P0 ISCADD R4, R2, c [0x0] [0x20], 0x2;",
		"LD R6, [R4+0x10];", "FFMA R7, R6, c [0x0] [0x2c], R7;", "@!P0 BRA 0x%x;", "IADD R2, R2, R3;",
		"ST [R4+-0x4], R7;", "SHL.W R8, R2, 0x3;",
	};
	for (int i = 0; i < 100000; i++) {
		char insn[80];
		snprintf(insn, sizeof insn, body[i % 8], (unsigned)(8 * (i + 4 < 100000 ? i + 4 : 99999)));
		len += (size_t)snprintf(big + len, cap - len, "\t/*%04x*/     /*0x0000000000000000*/ \t%s\n",
					 (unsigned)(8 * i), insn);
	}
	double a0 = now();
	emu_program *bp = emu_assemble("generated", big, NULL, "big", stderr);
	double at = now() - a0;
	printf("assembly of a 100,000-instruction listing: %.3f s%s\n", at, bp ? "" : " (FAILED)");
	if (json)
		fprintf(json, "%s\n {\"name\": \"assemble-100k\", \"seconds\": %.6f}", ",", at);
	bad += !bp;
	emu_program_free(bp);
	free(big);
	if (json) {
		fprintf(json, "\n]}\n");
		fclose(json);
	}
	return bad ? 1 : 0;
}
