/* make conformance: run every corpus listing with its spec and compare all buffers with
   a C reference; one line per listing, then "N passed, M failed". */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convert/convert.h"
#include "spec/spec_run.h"
#include "emu/stats.h"
#include "util/xalloc.h"
#include "conformance.h"
#include "front/dump.h"
#include "refs_kmp.h"
#include "refs_volta.h"
#include "../gen/refs.h"

typedef struct {
	const char *name;      /* listing and spec base name */
	conf_ref ref;
	const char *unchecked; /* a buffer not compared, or NULL */
	const char *why;       /* why (printed) */
	const char *spec;      /* another spec file than NAME.spec */
	const char *trap;      /* the run must trap with this cause (no reference) */
	uint64_t max_steps;    /* budget, if not the default */
	bool ours;             /* kernels/NAME.sass, directives inside: runs without the corpus */
	double tol;            /* f32 buffers compared within this (0: bit for bit) */
	double rtol64;         /* f64 buffers compared within this relative difference (0: bit for bit) */
	const char *listing;   /* the listing's path, when not corpus/NAME.sass (tests/gen) */
	conf_ref ptx_ref;      /* the reference of GPGPU-Sim's PTXPlus of the listing
				  (corpus/ptxplus/NAME.ptxplus), when its text means something else */
	bool asm_pending;      /* while the listing does not assemble (its directives or code:
				  an instruction not implemented yet), the case is reported "not
				  runnable yet" with the first error and not counted; once it
				  assembles it runs and counts like any other (a wrong result FAILs).
				  SIMTEMU_PENDING=1 counts it either way */
	bool nan_any;          /* a NaN result equals any NaN (f32 and f64): the payload of a
				  generated NaN is the hardware's (0x7fffffff on NVIDIA GPUs), not
				  the kernel's definition */
} conf_case;

static const conf_case cases[] = {
	{.name = "sm_20_WarpScan1", .ref = ref_warpscan},
	{.name = "sm_20_WarpScan2", .ref = ref_warpscan},
	{.name = "sm_20_Multiscan", .ref = ref_warpscan},
	{.name = "sm_20_ParallelScanWarp", .ref = ref_compact},
	{.name = "sm_20_BallotScanWarp", .ref = ref_compact},
	{.name = "sm_20_ParallelScanBlock", .ref = ref_compact},
	{.name = "sm_20_BallotScanBlock", .ref = ref_ballot_scan_block},
	{.name = "sm_20_m2s_vectorAdd", .ref = ref_vector_add},
	{.name = "sm_20_m2s_vectorAddDrv", .ref = ref_vector_add},
	{.name = "sm_20_timedReduction", .ref = ref_timed_reduction, .unchecked = "timer", .why = "clock samples"},
	{.name = "sm_20_FindMaxIndexLoop", .ref = ref_find_max_index_loop},
	{.name = "sm_20_FindMaxIndexReduce", .ref = ref_find_max_index_reduce},
	{.name = "sm_20_GlobalScanPass1", .ref = ref_global_scan_pass1},
	{.name = "sm_20_SegScanWarp8", .ref = ref_segscan},
	{.name = "sm_20_SegScanBlock8", .ref = ref_segscan},
	{.name = "sm_20_SegScanUpsweepFlags", .ref = ref_segscan_upsweep_flags},
	{.name = "sm_20_MatrixCount_4", .ref = ref_matrix_count_empty},
	{.name = "sm_20_SearchTreeIntLower", .ref = ref_search_lower},
	{.name = "sm_20_SearchTreeIntLower", .ref = ref_search_lower, .spec = "sm_20_SearchTreeIntLower.levels4.spec"},
	/* the source's loop cannot end on a non-empty range, and past its first pass it reads
	   beyond its shared array (undefined behaviour): all that is certain is a trap */
	{.name = "sm_20_MatrixCount_4", .spec = "sm_20_MatrixCount_4.loop.spec", .trap = "trap: ",
	 .max_steps = 200000},
	/* Tesla (sm_1x) listings; each also runs from GPGPU-Sim's PTXPlus of it */
	{.name = "sm_10_kernel_hello", .ref = ref_nothing},
	{.name = "sm_10_kernel_call", .ref = ref_tesla_call},
	{.name = "sm_10_kernel_branch_v1", .ref = ref_tesla_branch_v1},
	{.name = "sm_10_kernel_branch_v1", .ref = ref_tesla_branch_v1,
	 .spec = "sm_10_kernel_branch_v1.odd.spec"},
	{.name = "sm_10_kernel_branch_v2", .ref = ref_tesla_branch_v2},
	{.name = "sm_10_kernel_swap_v1", .ref = ref_tesla_swap_v1},
	/* GPGPU-Sim's text of swap_v2 names C3 as the carry of IMAD's carry-in form, as
	   cuobjdump prints it, but the encoding (which the PTXPlus lost) names C2 */
	{.name = "sm_10_kernel_swap_v2", .ref = ref_tesla_swap_v2,
	 .ptx_ref = ref_tesla_swap_v2_c3},
	{.name = "sm_10_kernel_swap_v2", .ref = ref_tesla_swap_v2,
	 .spec = "sm_10_kernel_swap_v2.b9.spec", .ptx_ref = ref_tesla_swap_v2_c3},
	{.name = "sm_10_timedReduction", .ref = ref_timed_reduction, .unchecked = "timer", .why = "clock samples"},
	{.name = "sm_10_matmul_kernel", .ref = ref_tesla_matmul},
	{.name = "sm_10_krp_kernel", .ref = ref_krp},
	{.name = "sm_12_add_threads", .ref = ref_add_threads},
	/* Kepler, Maxwell and Pascal listings (issue 16); tests/conformance/KMP-CASES.md */
	{.name = "sm_30_fill_kernel", .ref = ref_kmp_fill},
	{.name = "sm_35_fill_kernel", .ref = ref_kmp_fill},
	{.name = "sm_50_fill_kernel", .ref = ref_kmp_fill},
	{.name = "sm_30_binarize_input_kernel", .ref = ref_kmp_binarize_input},
	{.name = "sm_35_binarize_input_kernel", .ref = ref_kmp_binarize_input},
	{.name = "sm_30_mean_kernel", .ref = ref_kmp_mean},
	{.name = "sm_30_timedReduction", .ref = ref_timed_reduction, .unchecked = "timer", .why = "clock samples"},
	{.name = "sm_30_col2im_gpu_kernel", .ref = ref_kmp_col2im},
	{.name = "sm_35_backward_maxpool_layer_kernel", .ref = ref_kmp_backward_maxpool},
	{.name = "sm_50_backward_maxpool_layer_kernel", .ref = ref_kmp_backward_maxpool},
	/* printf's output is checked by tests/cli.sh against sm_35_print_values_printf.stdout */
	{.name = "sm_35_print_values_printf", .ref = ref_kmp_print_values},
	/* CUDA's exp() (within 1 ulp) against libm's (correctly rounded): 2 ulp relative; the
	   spec says where its c[0x2] pool comes from */
	{.name = "sm_35_myexp", .ref = ref_kmp_myexp, .rtol64 = 0x1p-51},
	{.name = "sm_50_activate_array_kernel", .ref = ref_kmp_activate_array},
	{.name = "sm_50_activate_array_kernel", .ref = ref_kmp_activate_array,
	 .spec = "sm_50_activate_array_kernel.logistic.spec", .tol = 1e-6},
	{.name = "sm_52_backward_scale_kernel", .ref = ref_kmp_backward_scale},
	{.name = "sm_52_fast_mean_kernel", .ref = ref_kmp_fast_mean},
	{.name = "sm_52_fast_mean_kernel", .ref = ref_kmp_fast_mean, .spec = "sm_52_fast_mean_kernel.inf.spec"},
	/* inlined powf against d*d in float: the sums of 1200 terms near 1.3 differ in their
	   last bits only */
	{.name = "sm_52_fast_variance_kernel", .ref = ref_kmp_fast_variance, .tol = 1e-6},
	{.name = "sm_61_lop_xor_nz_probe", .ref = ref_kmp_lop_xor_nz_probe},
	{.name = "sm_61_lop_xor_nz_probe4", .ref = ref_kmp_lop_xor_nz_probe4},
	{.name = "sm_61_lop_xor_nz_probe4", .ref = ref_kmp_lop_xor_nz_probe4, .spec = "sm_61_lop_xor_nz_probe4.eq.spec"},
	{.name = "sm_61_lop_xor_nz_probe4", .ref = ref_kmp_lop_xor_nz_probe4, .spec = "sm_61_lop_xor_nz_probe4.skip.spec"},
	/* Volta to Ada (sm_70-sm_89) listings; what each checks is in its spec's header and
	   docs/conformance.md */
	{.name = "sm_70_my_copysign_pow", .ref = ref_volta_copysign_pow},
	{.name = "sm_70_select_backward", .ref = ref_volta_select_backward},
	{.name = "sm_70_select_forward2", .ref = ref_volta_select_forward2},
	{.name = "sm_80_read_from_struct", .ref = ref_volta_read_from_struct},
	/* about 1e8 warp instructions: the loop adds 1.0 a hundred million times */
	{.name = "sm_80_write_float_divloop", .ref = ref_volta_write_float_divloop,
	 .max_steps = 200000000},
	{.name = "sm_80_write_float_indexing", .ref = ref_volta_write_float_indexing},
	/* inf and NaN inputs give NaN, whose payload is the hardware's */
	{.name = "sm_89_loop_16acc", .ref = ref_volta_loop_16acc, .nan_any = true},
	{.name = "sm_89_loop_16acc", .ref = ref_volta_loop_16acc, .nan_any = true,
	 .spec = "sm_89_loop_16acc.iters0.spec"},
	{.name = "sm_89_loop_16acc", .ref = ref_volta_loop_16acc, .nan_any = true,
	 .spec = "sm_89_loop_16acc.iters3.spec"},
	{.name = "sm_89_match_test", .ref = ref_volta_match_test},
	{.name = "sm_89_match_test", .ref = ref_volta_match_test,
	 .spec = "sm_89_match_test.partial.spec"},
	{.name = "sm_89_reduce_min_signed", .ref = ref_volta_reduce_min_signed},
	{.name = "sm_89_reduce_min_signed", .ref = ref_volta_reduce_min_signed,
	 .spec = "sm_89_reduce_min_signed.partial.spec"},
	{.name = "sm_89_shfl_64", .ref = ref_volta_shfl_64},
	/* correctly rounded; negative and NaN inputs give NaN, whose payload is the hardware's */
	{.name = "sm_89_sqrtf_standard", .ref = ref_volta_sqrtf_standard, .nan_any = true},
	{.name = "sm_89_vector16_add", .ref = ref_volta_vector16_add},
	{.name = "sm_89_vote_all_any", .ref = ref_volta_vote_all_any},
	{.name = "sm_89_vote_all_any", .ref = ref_volta_vote_all_any,
	 .spec = "sm_89_vote_all_any.partial.spec"},
	/* more inputs for the same references */
	{.name = "sm_89_vote_all_any", .ref = ref_volta_vote_all_any, .spec = "sm_89_vote_all_any.pos.spec"},
	{.name = "sm_89_vote_all_any", .ref = ref_volta_vote_all_any, .spec = "sm_89_vote_all_any.neg.spec"},
	{.name = "sm_89_match_test", .ref = ref_volta_match_test, .spec = "sm_89_match_test.eq.spec"},
	{.name = "sm_89_sqrtf_standard", .ref = ref_volta_sqrtf_standard, .nan_any = true, .spec = "sm_89_sqrtf_standard.tiny.spec"},
	/* the thesis's benchmark kernels, written here (issue 6) */
	{.name = "mm_sm20", .ref = ref_matrix_mul, .ours = true},
	{.name = "pathfinder_sm20", .ref = ref_pathfinder, .ours = true},
	{.name = "nn_sm20", .ref = ref_nn_layer1, .ours = true, .tol = 1e-5},
	{.name = "btree_sm20", .ref = ref_btree_range, .ours = true},
	{.name = "dwt_sm20", .ref = ref_dwt_haar, .ours = true},
	/* and in Tesla SASS (sm_13): the same launches and references; MM's MAD rounds its
	   products differently from FFMA, so it has its own */
	{.name = "mm_sm13", .ref = ref_matrix_mul_mad, .ours = true},
	{.name = "pathfinder_sm13", .ref = ref_pathfinder, .ours = true},
	{.name = "nn_sm13", .ref = ref_nn_layer1, .ours = true, .tol = 1e-5},
	{.name = "btree_sm13", .ref = ref_btree_range, .ours = true},
	{.name = "dwt_sm13", .ref = ref_dwt_haar, .ours = true},
};

static jmp_buf bail;
static char bail_msg[256];

static emu_buffer *find(emu_buffer *b, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(b[i].name, name))
			return &b[i];
	snprintf(bail_msg, sizeof bail_msg, "the reference needs a buffer '%s' the spec lacks", name);
	longjmp(bail, 1);
}

void conf_fail(const char *why)
{
	snprintf(bail_msg, sizeof bail_msg, "%s", why);
	longjmp(bail, 1);
}

const void *conf_in(conf_io *io, const char *name) { return find(io->in, io->nbufs, name)->data; }
void *conf_want(conf_io *io, const char *name) { return find(io->want, io->nbufs, name)->data; }
uint64_t conf_count(conf_io *io, const char *name) { return find(io->in, io->nbufs, name)->count; }

uint32_t conf_param32(conf_io *io, uint32_t off)
{
	uint32_t v;
	memcpy(&v, io->x->cbank[0] + io->x->prog->rt->param_offset + off, 4);
	return v;
}

static char *slurp(const char *path)
{
	return xread_file(path, NULL);
}

static emu_buffer *snapshot(const emu_gmem *g)
{
	emu_buffer *s = xcalloc((size_t)g->n, sizeof *s);
	for (int i = 0; i < g->n; i++) {
		s[i] = g->bufs[i];
		s[i].data = xmalloc(g->bufs[i].size);
		memcpy(s[i].data, g->bufs[i].data, g->bufs[i].size);
	}
	return s;
}

static void free_snapshot(emu_buffer *s, int n)
{
	for (int i = 0; s && i < n; i++)
		free(s[i].data);
	free(s);
}

/* First differing element of a buffer (f32 within tol, if tol > 0; f64 within the relative
   rtol64, if > 0; NaN equal to NaN if nan_any), or -1. */
static long long first_diff(const emu_buffer *got, const emu_buffer *want, double tol, double rtol64,
			    bool nan_any)
{
	int size = emu_type_size(got->type);
	for (uint64_t k = 0; k < got->count; k++) {
		if (!memcmp(got->data + k * (uint64_t)size, want->data + k * (uint64_t)size, (size_t)size))
			continue;
		if (nan_any && got->type == EMU_T_F32) {
			float g, w;
			memcpy(&g, got->data + k * 4, 4);
			memcpy(&w, want->data + k * 4, 4);
			if (isnan(g) && isnan(w))
				continue;
		}
		if (nan_any && got->type == EMU_T_F64) {
			double g, w;
			memcpy(&g, got->data + k * 8, 8);
			memcpy(&w, want->data + k * 8, 8);
			if (isnan(g) && isnan(w))
				continue;
		}
		if (tol > 0 && got->type == EMU_T_F32) {
			float g, w;
			memcpy(&g, got->data + k * 4, 4);
			memcpy(&w, want->data + k * 4, 4);
			if (fabs((double)g - (double)w) <= tol)
				continue;
		}
		if (rtol64 > 0 && got->type == EMU_T_F64) {
			double g, w;
			memcpy(&g, got->data + k * 8, 8);
			memcpy(&w, want->data + k * 8, 8);
			if (fabs(g - w) <= rtol64 * fabs(w))
				continue;
		}
		return (long long)k;
	}
	return -1;
}

/* The text converted by 'convert --to ptxplus' (sass false) or '--to sass', or NULL. */
static char *converted(const char *path, const char *src, const char *target, const char *name, bool sass)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	int rc = (sass ? ptx_convert_to_sass : ptx_convert_to_ptxplus)(path, src, target, name, m, stderr);
	fclose(m);
	if (rc) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* NAME[.variant][ via ...]: how a run is named in the output. */
static void case_label(const conf_case *c, int via, char *label, size_t n)
{
	const char *variant = c->spec && !c->listing ? strchr(c->spec, '.') : NULL;
	snprintf(label, n, "%s%.*s%s", c->name, variant ? (int)(strlen(variant) - 5) : 0, variant ? variant : "",
		 via == 1 ? " via ptxplus" : via == 2 ? " via ptxplus, sass" : via == 3 ? " gpgpu-sim ptxplus" : "");
}

/* The first line of a diagnostics text that says "error", else its first line (at most n
   bytes, without the newline). */
static void first_error(const char *text, char *out, size_t n)
{
	const char *e = text ? strstr(text, "error") : NULL, *line = text ? text : "";
	if (e) {
		line = e;
		while (line > text && line[-1] != '\n')
			line--;
	}
	size_t len = strcspn(line, "\n");
	snprintf(out, n, "%.*s", (int)len, line);
}

/* Whether a failure to assemble counts: not for an asm_pending case (unless SIMTEMU_PENDING
   is set), whose diagnostics go to a buffer and are reported as "not runnable yet". */
static bool pending_counts(const conf_case *c)
{
	return !c->asm_pending || getenv("SIMTEMU_PENDING");
}

/* One listing, run as written (via 0), converted to PTXPlus (1), or converted to PTXPlus and
   back to SASS (2): returns 1 if it passed, 0 if it failed, -1 if it is not runnable yet (an
   asm_pending case whose listing does not assemble: reported, not counted); counts gets its
   warp and thread instruction totals. */
static int run_case(const char *corpus, const conf_case *c, int via, unsigned long long counts[2])
{
	char lpath[512], spath[512], why[1200] = "";
	snprintf(lpath, sizeof lpath, "%s/%s.sass", c->ours ? "../../kernels" : corpus, c->name);
	if (c->listing)
		snprintf(lpath, sizeof lpath, "%s", c->listing);
	if (via == 3) /* GPGPU-Sim's PTXPlus of the listing */
		snprintf(lpath, sizeof lpath, "%s/ptxplus/%s.ptxplus", corpus, c->name);
	if (c->ours && !c->listing)
		snprintf(spath, sizeof spath, "%s", lpath);
	else if (c->spec)
		snprintf(spath, sizeof spath, "%s", c->spec);
	else
		snprintf(spath, sizeof spath, "%s.spec", c->name);
	char *src = slurp(lpath), *spec = slurp(spath);
	emu_spec sp = {0};
	emu_program *p = NULL;
	emu_ctx x;
	bool have_ctx = false;
	conf_io io = {0};
	int ok = 0;
	if (!src || !spec) {
		snprintf(why, sizeof why, "cannot read %s", src ? spath : lpath);
		goto out;
	}
	char *dirs = NULL, err[300], *sass = dump_split(src, &sp, NULL, &dirs, err, sizeof err);
	if (!sass) {
		snprintf(why, sizeof why, "%s", err);
		goto out;
	}
	free(src);
	src = sass;
	/* the listing's own directives and code: an asm_pending case collects their diagnostics */
	char *diag = NULL;
	size_t diag_len = 0;
	FILE *lerr = pending_counts(c) || via ? NULL : open_memstream(&diag, &diag_len);
	if (!lerr)
		lerr = stderr;
	int lerrs = spec_parse(&sp, lpath, src, lerr);
	int derrs = spec_parse(&sp, spath, spec, stderr); /* the spec file's own errors always count */
	if (dirs)
		lerrs += spec_parse_more(&sp, lpath, dirs, lerr);
	free(dirs);
	bool asm_failed = false;
	if (!derrs && !lerrs && via == 0) {
		p = emu_assemble(lpath, src, sp.target, c->name, lerr);
		asm_failed = !p;
	}
	if (lerr != stderr) {
		fclose(lerr);
		if ((lerrs || asm_failed) && !derrs) {
			char first[300], label[64];
			first_error(diag, first, sizeof first);
			const char *base = strrchr(lpath, '/');
			if (base && !strncmp(first, lpath, strlen(lpath)))
				memmove(first, first + (base + 1 - lpath), strlen(first + (base + 1 - lpath)) + 1);
			case_label(c, via, label, sizeof label);
			printf("%-34s not runnable yet: %s\n", label, first);
			free(diag);
			free(src);
			free(spec);
			spec_free(&sp);
			return -1;
		}
		fputs(diag ? diag : "", stderr);
		free(diag);
	}
	if (derrs || lerrs) {
		snprintf(why, sizeof why, "directive errors");
		goto out;
	}
	if (asm_failed) {
		snprintf(why, sizeof why, "assembly errors (above)");
		goto out;
	}
	for (int step = 0; step < via && via < 3; step++) {
		char *t = converted(lpath, src, sp.target, c->name, step == 1);
		if (!t) {
			snprintf(why, sizeof why, "convert --to %s failed (above)", step ? "sass" : "ptxplus");
			goto out;
		}
		free(src);
		src = t;
	}
	if (!p)
		p = emu_assemble(lpath, src, sp.target, c->name, stderr);
	if (!p) {
		snprintf(why, sizeof why, "assembly errors (above)");
		goto out;
	}
	emu_ctx_init(&x, p, &p->funcs[0]);
	have_ctx = true;
	spec_geometry(&sp, &x);
	x.max_steps = c->max_steps ? c->max_steps : 100000000;
	emu_abi_setup(&x);
	if (spec_apply(&sp, &x, stderr)) {
		snprintf(why, sizeof why, "directive errors");
		goto out;
	}
	io.x = &x;
	io.nbufs = x.gmem.n;
	io.in = snapshot(&x.gmem);
	io.want = snapshot(&x.gmem);
	if (setjmp(bail)) {
		snprintf(why, sizeof why, "%s", bail_msg);
		goto out;
	}
	if (via == 3 && c->ptx_ref)
		c->ptx_ref(&io);
	else if (c->ref)
		c->ref(&io);
	if (emu_launch(&x) != EMU_OK) {
		if (c->trap && strstr(x.trap.msg, c->trap)) {
			snprintf(why, sizeof why, "(trapped, as it must)");
			ok = 1;
		} else
			snprintf(why, sizeof why, "%s", x.trap.msg);
		goto out;
	}
	if (c->trap) {
		snprintf(why, sizeof why, "finished, but it must trap: %s", c->trap);
		goto out;
	}
	for (int i = 0; i < x.gmem.n; i++) {
		emu_buffer *b = &x.gmem.bufs[i];
		if (c->unchecked && !strcmp(b->name, c->unchecked))
			continue;
		long long k = first_diff(b, &io.want[i], c->tol, c->rtol64, c->nan_any);
		if (k >= 0) {
			uint32_t g = 0, w = 0;
			int size = emu_type_size(b->type);
			memcpy(&g, b->data + k * size, size < 4 ? (size_t)size : 4);
			memcpy(&w, io.want[i].data + k * size, size < 4 ? (size_t)size : 4);
			snprintf(why, sizeof why, "%s[%lld] = 0x%x, want 0x%x", b->name, k, g, w);
			goto out;
		}
	}
	ok = 1;
out:;
	stats_totals t = have_ctx ? stats_total(&x) : (stats_totals){0};
	if (ok && c->unchecked)
		snprintf(why, sizeof why, "(%s not compared: %s)", c->unchecked, c->why);
	char label[64];
	case_label(c, via, label, sizeof label);
	counts[0] = t.warp;
	counts[1] = t.thread;
	printf("%-34s %s  warp_inst %-8llu thread_inst %-9llu %s\n", label, ok ? "PASS" : "FAIL",
	       (unsigned long long)t.warp, (unsigned long long)t.thread, why);
	free_snapshot(io.in, io.nbufs);
	free_snapshot(io.want, io.nbufs);
	if (have_ctx)
		emu_ctx_free(&x);
	emu_program_free(p);
	spec_free(&sp);
	free(src);
	free(spec);
	return ok;
}

/* Generated kernels whose pairs are not run yet, and why (reported, never counted). */
static const struct {
	const char *kernel, *why;
	const char *archs; /* the architectures it is pending on, each after a space; NULL: all */
} gen_pending[] = {
	{NULL, NULL, NULL}, /* the end */
};

/* Why a kernel is pending on arch (NULL: any architecture), or NULL when it is not. */
static const char *gen_pending_why(const char *kernel, const char *arch)
{
	if (getenv("SIMTEMU_PENDING")) /* run the pending kernels too (development) */
		return NULL;
	for (size_t i = 0; gen_pending[i].kernel; i++) {
		if (strcmp(gen_pending[i].kernel, kernel) && strcmp(gen_pending[i].kernel, "*"))
			continue;
		char word[16];
		snprintf(word, sizeof word, " %s", arch ? arch : "");
		if (!gen_pending[i].archs || !arch || strstr(gen_pending[i].archs, word))
			return gen_pending[i].why;
	}
	return NULL;
}

/* The generated kernels (tests/gen): every (kernel, architecture) pair whose generation
   this build runs, as compiled by ptxas; the others are counted per architecture. */
static void gen_pairs(int *pass, int *n)
{
	for (size_t i = 0; gen_pending[i].kernel; i++)
		if (!strcmp(gen_pending[i].kernel, "*") && !getenv("SIMTEMU_PENDING"))
			printf("gen every kernel pending on%s: %s\n", gen_pending[i].archs, gen_pending[i].why);
	for (const gen_ref *g = gen_refs; g->kernel; g++)
		for (size_t i = 0; gen_pending[i].kernel; i++)
			if (!strcmp(gen_pending[i].kernel, g->kernel) && gen_pending_why(g->kernel, NULL))
				printf("gen %-30s pending%s%s: %s\n", g->kernel, gen_pending[i].archs ? " on" : "",
				       gen_pending[i].archs ? gen_pending[i].archs : "", gen_pending[i].why);
	static const char *const archs[] = {"sm_35", "sm_37", "sm_50", "sm_52", "sm_53", "sm_60", "sm_61",
					    "sm_62", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87",
					    "sm_89", "sm_90"};
	char waiting[400] = "";
	for (size_t a = 0; a < sizeof archs / sizeof archs[0]; a++) {
		bool runs = isa_dialect_of(archs[a]) != ISA_DIALECT_NONE;
		int pairs = 0;
		for (const gen_ref *g = gen_refs; g->kernel; g++) {
			char listing[256], spec[256], name[64];
			snprintf(listing, sizeof listing, "../gen/sass/%s.%s.sass", g->kernel, archs[a]);
			struct stat st;
			if (stat(listing, &st)) /* not compiled for this architecture (match: sm_70+) */
				continue;
			pairs++;
			if (!runs || gen_pending_why(g->kernel, archs[a]))
				continue;
			snprintf(spec, sizeof spec, "../gen/%s.spec", g->kernel);
			snprintf(name, sizeof name, "gen %s %s", g->kernel, archs[a]);
			conf_case c = {.name = name, .ref = g->ref, .listing = listing, .spec = spec, .ours = true};
			unsigned long long counts[2];
			(*n)++;
			*pass += run_case("", &c, 0, counts);
		}
		if (!runs && pairs)
			snprintf(waiting + strlen(waiting), sizeof waiting - strlen(waiting), "%s%s (%d)",
				 waiting[0] ? ", " : "", archs[a], pairs);
	}
	if (waiting[0])
		printf("not run yet, their generation is not supported: %s\n", waiting);
}

int main(int argc, char **argv)
{
	const char *corpus = argc > 1 ? argv[1] : "../../../shared/corpus";
	struct stat st;
	bool have_corpus = !stat(corpus, &st) && S_ISDIR(st.st_mode);
	if (!have_corpus)
		printf("conformance: %s is absent; only kernels/ runs\n", corpus);
	/* each listing runs as written, then converted to PTXPlus, then converted on back to SASS:
	   the converted runs must pass too, with the same dynamic counts */
	int pass = 0, n = 0, not_yet = 0;
	for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
		if (!have_corpus && !cases[i].ours)
			continue;
		/* generations with no PTXPlus (isa/gens.def) run as written only */
		char tg[6] = "";
		if (!strncmp(cases[i].name, "sm_", 3))
			memcpy(tg, cases[i].name, 5);
		bool convert = !tg[0] || isa_ptx_flavour(isa_dialect_of(tg)) != ISA_PTX_NONE;
		unsigned long long direct[2], via[2];
		int r = run_case(corpus, &cases[i], 0, direct);
		if (r < 0) { /* asm_pending and not assembling yet: neither it nor its conversions count */
			not_yet++;
			continue;
		}
		n += convert ? 3 : 1;
		pass += r;
		if (!convert)
			continue;
		char ppath[600];
		snprintf(ppath, sizeof ppath, "%s/ptxplus/%s.ptxplus", corpus, cases[i].name);
		if (!cases[i].ours && !stat(ppath, &st)) {
			/* the same spec and reference: the same results and, where the text means the
			   same program, the same counts */
			n++;
			int ok = run_case(corpus, &cases[i], 3, via);
			if (ok && !cases[i].ptx_ref && (direct[0] != via[0] || direct[1] != via[1])) {
				printf("%-34s FAIL  GPGPU-Sim's PTXPlus counted %llu/%llu instructions, the listing %llu/%llu\n",
				       cases[i].name, via[0], via[1], direct[0], direct[1]);
				ok = 0;
			}
			pass += ok;
		}
		for (int v = 1; v <= 2; v++) {
			int ok = run_case(corpus, &cases[i], v, via);
			if (ok && (direct[0] != via[0] || direct[1] != via[1])) {
				printf("%-34s FAIL  converted, it counted %llu/%llu instructions, the listing %llu/%llu\n",
				       cases[i].name, via[0], via[1], direct[0], direct[1]);
				ok = 0;
			}
			pass += ok;
		}
	}
	gen_pairs(&pass, &n);
	if (not_yet)
		printf("%d case%s not runnable yet (their listings do not assemble; not counted)\n", not_yet,
		       not_yet == 1 ? " is" : "s are");
	printf("%d passed, %d failed\n", pass, n - pass);
	return pass == n ? 0 : 1;
}
