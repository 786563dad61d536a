/* Launch directives: parsing, placement, parameters, constants, .expect. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "front/dump.h"
#include "util/num.h"
#include "util/xalloc.h"

START_TEST(geometry_and_overrides)
{
	emu_spec s = {0};
	FILE *dg = fopen("/dev/null", "w");
	ck_assert_int_eq(spec_parse(&s, "k.sass", ".grid 4 2\n.block 64\n.shared 512\n.local 64\n.kernel foo\n"
				    ".target sm_21\n.buffer a u32 2\n", dg), 0);
	ck_assert(s.has_grid && s.grid[0] == 4 && s.grid[1] == 2 && s.grid[2] == 1);
	ck_assert(s.has_block && s.block[0] == 64 && s.block[1] == 1);
	ck_assert_uint_eq(s.shared_bytes, 512);
	ck_assert_uint_eq(s.local_bytes, 64);
	ck_assert_str_eq(s.kernel, "foo");
	ck_assert_str_eq(s.target, "sm_21");
	/* a --spec file overrides scalars and replaces lists of the same kind */
	ck_assert_int_eq(spec_parse(&s, "x.spec", ".grid 8\n.buffer b f32 3\n.buffer c u8 1\n", dg), 0);
	ck_assert_uint_eq(s.grid[0], 8);
	ck_assert_int_eq(s.nbufs, 2);
	ck_assert_str_eq(s.bufs[0].name, "b");
	fclose(dg);
	spec_free(&s);
}
END_TEST

START_TEST(buffer_initialisers)
{
	th_run r;
	int rc = th_run_text(&r, "init",
			     ".block 1\n.buffer a s32 4 = 5 -6 0x7 -0x8\n.buffer b u32 3 = fill 9\n"
			     ".buffer c s32 4 = iota 10 -3\n.buffer d f32 2 = iota 0.5\n"
			     ".buffer e u32 64 = random 7 10 20\n.buffer f u32 64 = random 7 10 20\n"
			     ".buffer g u32 64 = random 8 10 20\nEXIT;\n");
	ck_assert_msg(rc == 0, "%s", r.diag);
	ck_assert_uint_eq(th_word(&r, "a", 0), 5);
	ck_assert_uint_eq(th_word(&r, "a", 1), (uint32_t)-6);
	ck_assert_uint_eq(th_word(&r, "a", 2), 7);
	ck_assert_uint_eq(th_word(&r, "a", 3), (uint32_t)-8);
	ck_assert_uint_eq(th_word(&r, "b", 2), 9);
	ck_assert_uint_eq(th_word(&r, "c", 0), 10);
	ck_assert_uint_eq(th_word(&r, "c", 3), 1);
	ck_assert_uint_eq(th_word(&r, "d", 0), 0x3f000000u); /* 0.5 */
	ck_assert_uint_eq(th_word(&r, "d", 1), 0x3fc00000u); /* 1.5 */
	bool differs = false;
	for (int i = 0; i < 64; i++) {
		uint32_t e = th_word(&r, "e", i);
		ck_assert_msg(e >= 10 && e <= 20, "random value %u outside [10, 20]", e);
		ck_assert_uint_eq(e, th_word(&r, "f", i)); /* same seed, same values */
		differs |= e != th_word(&r, "g", i);
	}
	ck_assert_msg(differs, "another seed gives other values");
	th_free(&r);
}
END_TEST

START_TEST(buffers_placed_apart_below_4g)
{
	th_run r;
	int rc = th_run_text(&r, "place", ".block 1\n.buffer a u8 1\n.buffer b u32 1000\n.buffer c u32 4 @0x123456700\nEXIT;\n");
	ck_assert_msg(rc == 0, "%s", r.diag);
	emu_buffer *a = emu_gmem_find_name(&r.x.gmem, "a"), *b = emu_gmem_find_name(&r.x.gmem, "b");
	emu_buffer *c = emu_gmem_find_name(&r.x.gmem, "c");
	ck_assert(a->addr % 256 == 0 && b->addr % 256 == 0);
	ck_assert(a->addr + a->size < 0x100000000ull && b->addr + b->size < 0x100000000ull);
	uint64_t lo = a->addr < b->addr ? a->addr + a->size : b->addr + b->size;
	uint64_t hi = a->addr < b->addr ? b->addr : a->addr;
	ck_assert_msg(hi - lo >= 0x1000, "gap between buffers is %llu bytes", (unsigned long long)(hi - lo));
	ck_assert(c->addr == 0x123456700ull);
	ck_assert_ptr_null(emu_gmem_ptr(&r.x.gmem, a->addr + a->size, 1));
	ck_assert_ptr_nonnull(emu_gmem_ptr(&r.x.gmem, b->addr + 3996, 4));
	ck_assert_ptr_null(emu_gmem_ptr(&r.x.gmem, b->addr + 3998, 4));
	th_free(&r);
}
END_TEST

/* sm_70+ gives the generic bases as 64-bit words, so its windows sit far away and a buffer
   may be anywhere a real program puts one: at 0xff000000 and 0xfe000000 (the 32-bit
   windows of earlier targets) and across 4 GiB (b: 0xfffffff0 to 0x100000010, its lanes
   4-7 above 4 GiB through IMAD.WIDE's carry). Each thread stores b[tid] = a[tid] + 1 =
   11..18; thread 0 also stores 0x4321 through the generic shared window {SR_SWINHI : 0x20},
   reads it back with LDS and puts it and SR_SWINHI (the window's documented high word,
   2^56 >> 32 = 0x01000000) into c. */
START_TEST(buffers_anywhere_on_sm_70)
{
	th_run r;
	int rc = th_run_text(&r, "anywhere",
			     ".target sm_75\n.block 8\n.buffer a u32 8 @0xff000000 = iota 10\n.buffer b u32 8 @0xfffffff0\n"
			     ".buffer c u32 2 @0xfe000000\n.param u64 a\n.param u64 b\n.param u64 c\n"
			     ".expect b = 11 12 13 14 15 16 17 18\n.expect c = 0x4321 0x01000000\n"
			     "S2R R0, SR_TID.X;\nIMAD.WIDE.U32 R2, R0, 0x4, c[0x0][0x160];\nLDG.E R4, [R2.64];\n"
			     "IADD3 R4, R4, 0x1, RZ;\nIMAD.WIDE.U32 R6, R0, 0x4, c[0x0][0x168];\nSTG.E [R6.64], R4;\n"
			     "ISETP.NE.AND P0, PT, R0, RZ, PT;\n@P0 EXIT;\nS2R R9, SR_SWINHI;\nMOV R8, 0x20;\n"
			     "MOV R10, 0x4321;\nST.E [R8.64], R10;\nLDS R11, [0x20];\nMOV R12, c[0x0][0x170];\n"
			     "MOV R13, c[0x0][0x174];\nSTG.E [R12.64], R11;\nSTG.E [R12.64+0x4], R9;\nEXIT;\n");
	ck_assert_msg(rc == 0, "rc %d\n%s", rc, r.diag);
	ck_assert(emu_gmem_find_name(&r.x.gmem, "b")->addr == 0xfffffff0ull);
	th_free(&r);
}
END_TEST

START_TEST(parameters_natural_alignment_and_offsets)
{
	th_run r;
	int rc = th_run_text(&r, "params", ".block 1\n.buffer out u32 8\n.param u32 out\n.param u8 0x11\n"
			     ".param u64 0x1122334455667788\n.param @0x20 s16 -2\n.param u64 out\n"
			     "MOV R30, c [0x0] [0x20];\nMOV R1, c [0x0] [0x24];\nMOV R2, c [0x0] [0x28];\n"
			     "MOV R3, c [0x0] [0x2c];\nMOV R4, c [0x0] [0x40];\nMOV R5, c [0x0] [0x48];\n"
			     "MOV R6, c [0x0] [0x4c];\nST [R30], R1;\nST [R30+0x4], R2;\nST [R30+0x8], R3;\n"
			     "ST [R30+0xc], R4;\nST [R30+0x10], R5;\nST [R30+0x14], R6;\nEXIT;\n");
	ck_assert_msg(rc == 0, "%s", r.diag);
	/* u32 at 0, u8 at 4, u64 aligned to 8, s16 at 0x20, u64 after it aligned to 0x28 */
	emu_buffer *out = emu_gmem_find_name(&r.x.gmem, "out");
	ck_assert_uint_eq(th_word(&r, "out", 0), 0x11);
	ck_assert_uint_eq(th_word(&r, "out", 1), 0x55667788u);
	ck_assert_uint_eq(th_word(&r, "out", 2), 0x11223344u);
	ck_assert_uint_eq(th_word(&r, "out", 3), 0xfffeu);
	ck_assert_uint_eq(th_word(&r, "out", 4), (uint32_t)out->addr);
	ck_assert_uint_eq(th_word(&r, "out", 5), 0);
	th_free(&r);
}
END_TEST

START_TEST(expect_tolerance_and_nan)
{
	th_run r;
	ck_assert_int_eq(th_run_text(&r, "tol", ".block 1\n.buffer a f32 3 = 1.0 2.0 nan\n"
				     ".expect a = 1.0001 2.0 nan tol=0.001\nEXIT;\n"), 0);
	th_free(&r);
	ck_assert_int_eq(th_run_text(&r, "tol2", ".block 1\n.buffer a f32 2 = 1.0 2.0\n"
				     ".expect a = 1.01 2.0 tol=0.001\nEXIT;\n"), 1);
	ck_assert_msg(strstr(r.diag, "expect a: FAILED, 1 of 2 differ; first [0]: got 1, want 1.00999999"),
		      "%s", r.diag);
	th_free(&r);
	/* equal values pass whatever the tolerance: inf - inf is NaN, which no |diff| <= EPS
	   holds for, yet +inf is +inf; likewise -inf, and tol=0 (f32 and f64) */
	ck_assert_int_eq(th_run_text(&r, "inf", ".block 1\n.buffer a f32 4 = inf -inf nan 1.0\n"
				     ".buffer d f64 3 = inf -inf 0.5\n.expect a = inf -inf nan 1.0 tol=0.001\n"
				     ".expect d = inf -inf 0.5 tol=0\nEXIT;\n"), 0);
	th_free(&r);
	/* but +inf is not -inf, nor within any relative distance of a finite value (the
	   relative bound EPS * |inf| is inf), and NaN equals only NaN */
	ck_assert_int_eq(th_run_text(&r, "inf2", ".block 1\n.buffer a f32 1 = inf\n.expect a = -inf tol=0.5\nEXIT;\n"), 1);
	th_free(&r);
	ck_assert_int_eq(th_run_text(&r, "inf3", ".block 1\n.buffer a f32 1 = 3e38\n.expect a = inf tol=0.001\nEXIT;\n"), 1);
	th_free(&r);
	ck_assert_int_eq(th_run_text(&r, "inf4", ".block 1\n.buffer a f64 1 = inf\n.expect a = 1e308 tol=0.5\nEXIT;\n"), 1);
	th_free(&r);
	ck_assert_int_eq(th_run_text(&r, "nan2", ".block 1\n.buffer a f32 1 = nan\n.expect a = 1.0 tol=0.5\nEXIT;\n"), 1);
	th_free(&r);
	/* without tol floats compare bit for bit */
	ck_assert_int_eq(th_run_text(&r, "bits", ".block 1\n.buffer a f32 1 = 0.1\n.expect a = 0.1\nEXIT;\n"), 0);
	th_free(&r);
	ck_assert_int_eq(th_run_text(&r, "ints", ".block 1\n.buffer a s16 2 = -1 2\n.expect a = -1 3\nEXIT;\n"), 1);
	th_free(&r);
}
END_TEST

/* A large buffer's set-up runs in parts on the -j threads (whole 2 MiB blocks each), and
   the .expect check compares in parts: the values below are computed here from the
   initialisers' definitions, at element indices on both sides of the parts' bounds. */
static uint64_t ref_splitmix(uint64_t seed, uint64_t i) /* the value of element i */
{
	uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

START_TEST(large_buffers_set_up_and_checked_in_parts)
{
	enum { N8 = 5000003, N16 = 3000001, N32 = 2500000, NF64 = 1300000 };
	char path[] = "/tmp/simtemu-check-XXXXXX";
	int fd = mkstemp(path);
	ck_assert(fd >= 0);
	uint32_t *fv = malloc(4 * (size_t)N32);
	for (uint32_t i = 0; i < N32; i++)
		fv[i] = i * 2654435761u;
	ck_assert(write(fd, fv, 4 * (size_t)N32) == 4 * (ssize_t)N32);
	close(fd);
	char src[1024];
	snprintf(src, sizeof src,
		 ".block 1\n.buffer a u8 %d = fill 0xab\n.buffer b u16 %d = fill 0x1234\n"
		 ".buffer c f32 %d = iota 0.5 0.25\n.buffer d u32 %d = iota 7 3\n.buffer e u32 %d = random 5\n"
		 ".buffer f f64 %d = random 9 -1 1\n.buffer g u32 %d = file %s\n"
		 ".expect g = file %s\n.expect d = file %s\nEXIT;\n",
		 N8, N16, N32, N32, N32, NF64, N32, path, path, path);
	th_run r;
	ck_assert_int_eq(th_prepare_text(&r, "par", src), 0);
	emu_ctx x;
	emu_ctx_init(&x, r.p, &r.p->funcs[0]);
	spec_geometry(&r.sp, &x);
	x.jobs = 3;
	emu_abi_setup(&x);
	FILE *dg = fopen("/dev/null", "w");
	ck_assert_int_eq(spec_apply(&r.sp, &x, dg), 0);
	const uint8_t *a = emu_gmem_find_name(&x.gmem, "a")->data, *b = emu_gmem_find_name(&x.gmem, "b")->data;
	const float *c = (const float *)emu_gmem_find_name(&x.gmem, "c")->data;
	const uint32_t *d = (const uint32_t *)emu_gmem_find_name(&x.gmem, "d")->data;
	const uint32_t *e = (const uint32_t *)emu_gmem_find_name(&x.gmem, "e")->data;
	const double *f = (const double *)emu_gmem_find_name(&x.gmem, "f")->data;
	const uint32_t *g = (const uint32_t *)emu_gmem_find_name(&x.gmem, "g")->data;
	static const uint32_t at[] = {0, 1, 524287, 524288, 1048575, 1048576, 1048577, 2097151, 2097152, 2499999};
	for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
		uint32_t i = at[k];
		ck_assert_uint_eq(a[i], 0xab);
		ck_assert_uint_eq(b[2 * i], 0x34);
		ck_assert_uint_eq(b[2 * i + 1], 0x12);
		ck_assert_msg(c[i] == 0.5f + 0.25f * (float)i, "c[%u] = %.9g", i, c[i]); /* exact in f32 */
		ck_assert_uint_eq(d[i], 7 + 3 * i);
		ck_assert_uint_eq(e[i], ref_splitmix(5, i) % 100); /* u32 default range 0..99 */
		ck_assert_uint_eq(g[i], i * 2654435761u);
		if (i < NF64)
			ck_assert(f[i] == -1 + 2 * ((double)(ref_splitmix(9, i) >> 11) * 0x1.0p-53));
	}
	ck_assert_uint_eq(a[N8 - 1], 0xab);
	ck_assert_uint_eq(b[2 * (N16 - 1)], 0x34);
	/* every byte as at -j 1 */
	for (int i = 0; i < r.x.gmem.n; i++)
		ck_assert_msg(!memcmp(r.x.gmem.bufs[i].data, x.gmem.bufs[i].data, r.x.gmem.bufs[i].size),
			      "buffer %s differs between -j 1 and -j 3", x.gmem.bufs[i].name);
	/* the check in parts: g equals the file; d does not, first at 0; then g differs only
	   in its last part and in its second */
	char *out = NULL;
	size_t outlen;
	FILE *o = open_memstream(&out, &outlen);
	int n;
	uint32_t *gw = (uint32_t *)emu_gmem_find_name(&x.gmem, "g")->data;
	ck_assert_int_eq(spec_check(&r.sp, &x, o, dg, &n), 1);
	gw[2499999] ^= 1;
	gw[1048576] ^= 1;
	ck_assert_int_eq(spec_check(&r.sp, &x, o, dg, &n), 2);
	fclose(o);
	ck_assert_msg(strstr(out, "expect g: ok (2500000 values)"), "%s", out);
	ck_assert_msg(strstr(out, "expect d: FAILED, 2500000 of 2500000 differ; first [0]: got 7, want 0"), "%s", out);
	ck_assert_msg(strstr(out, "expect g: FAILED, 2 of 2500000 differ; first [1048576]: got 2601517057, want 2601517056"),
		      "%s", out);
	free(out);
	fclose(dg);
	emu_ctx_free(&x);
	th_free(&r);
	unlink(path);
	free(fv);
}
END_TEST

typedef struct {
	const char *name, *src, *want;
} spec_err;

static const spec_err errs[] = {
	{"unknown", ".bogus 1\nEXIT;\n", "unknown:1:1: error: unknown directive '.bogus'"},
	{"count", ".buffer a u32 2 = 1\nEXIT;\n", "count:1:19: error: 1 values given for 2 elements"},
	{"type", ".buffer a u33 2\nEXIT;\n", "type:1:11: error: expected a type"},
	{"range", ".buffer a u8 1 = 256\nEXIT;\n", "range:1:18: error: '256': out of range for u8 (0..255)"},
	{"grid", ".grid 0\nEXIT;\n", "grid:1:7: error: '0': the number must be 1..4294967295"},
	/* issue 14: every number is read whole and in range, and the message names it */
	{"grid junk", ".grid 4x\nEXIT;\n", "grid junk:1:7: error: '4x': trailing characters after the number (expected a number)"},
	{"grid wide", ".grid 4294967296\nEXIT;\n", "grid wide:1:7: error: '4294967296': the number must be 1..4294967295"},
	{"shared wide", ".shared 0x100000000\nEXIT;\n", "shared wide:1:9: error: '0x100000000': the number must be 0..4294967295"},
	/* 4 GiB / 8 bytes = 536870912 u64 elements */
	{"count big", ".buffer a u64 536870913\nEXIT;\n",
	 "count big:1:15: error: '536870913': the element count (4 GiB at most) must be 0..536870912"},
	{"count junk", ".buffer a u8 12k\nEXIT;\n", "count junk:1:14: error: '12k': trailing characters after the number (expected an element count"},
	{"addr end", ".buffer a u32 2 @0xfffffffffffffffc\nEXIT;\n",
	 "addr end:1:17: error: '@0xfffffffffffffffc': the buffer would end past the 64-bit address space"},
	{"param off", ".param @4097 u32 1\nEXIT;\n", "param off:1:8: error: '@4097': expected @OFFSET (0..4096)"},
	{"tol nan", ".buffer a f32 1\n.expect a tol=nan\nEXIT;\n", "tol nan:2:11: error: 'tol=nan': expected tol=EPS"},
	/* 2^63 does not fit s64 in decimal; 2^64 fits nothing */
	{"s64 over", ".buffer a s64 1 = 9223372036854775808\nEXIT;\n",
	 "s64 over:1:19: error: '9223372036854775808': out of range for s64"},
	{"u64 over", ".buffer a u64 1 = 18446744073709551616\nEXIT;\n",
	 "u64 over:1:19: error: '18446744073709551616': out of range for u64"},
	{"s8 under", ".buffer a s8 1 = -129\nEXIT;\n", "s8 under:1:18: error: '-129': out of range for s8 (-128..127)"},
	/* FLT_MAX is about 3.4e38: 1e39 would be infinity in an f32, 1e999 in an f64 */
	{"f32 inf", ".buffer a f32 1 = 1e39\nEXIT;\n", "f32 inf:1:19: error: '1e39': out of range for f32 (overflows to infinity)"},
	{"f64 inf", ".buffer a f64 1 = fill 1e999\nEXIT;\n", "f64 inf:1:24: error: '1e999': out of range for f64"},
	{"iota nan", ".buffer a u32 4 = iota nan\nEXIT;\n", "iota nan:1:24: error: 'nan': not a finite number"},
	{"iota inf", ".buffer a s32 4 = iota 0 inf\nEXIT;\n", "iota inf:1:26: error: 'inf': not a finite number"},
	{"iota far", ".buffer a s64 2 = iota 1e300\nEXIT;\n", "beyond a 64-bit integer"},
	{"random nan", ".buffer a s32 4 = random 1 nan 5\nEXIT;\n", "random nan:1:28: error: 'nan': not a finite number"},
	{"random far", ".buffer a s32 4 = random 1 0 1e30\nEXIT;\n", "integer bounds must be within +-2^62"},
	{"param junk", ".param u32 12x\nEXIT;\n", "param junk:1:12: error: '12x': not an integer (and no buffer has that name)"},
	{"param", ".param u32 nosuch\nEXIT;\n", "param:1:12: error: 'nosuch': not an integer (and no buffer has that name)"},
	{"expect name", ".expect zz = 1\nEXIT;\n", "expect name:1:9: error: no buffer named 'zz'"},
	{"expect count", ".buffer a u32 2\n.expect a = 1\nEXIT;\n", "expect count:2:9: error: 1 values given for the 2 elements"},
	{"const bank", ".const 20 0 u32 1\nEXIT;\n", "const bank:1:8: error: constant bank out of range"},
	{"file", ".buffer a u32 2 = file nothere.bin\nEXIT;\n", "error: cannot read 'nothere.bin'"},
	{"overlap", ".buffer a u32 4 @0x1000\n.buffer b u32 4 @0x1008\nEXIT;\n",
	 "overlap:2:9: error: buffer 'b' overlaps another buffer"},
	/* where the generic windows are fixed (32-bit bases up to sm_6x), a buffer in one would
	   be hidden by it: 0xfdfffff8 + 16 bytes reaches 0xfe000008 */
	{"shared window", ".target sm_52\n.buffer a u32 4 @0xff000000\nEXIT;\n",
	 "shared window:2:9: error: buffer 'a' overlaps the shared-memory window at 0xff000000"},
	{"local window", ".target sm_52\n.buffer x u8 1\n.buffer a u32 4 @0xfdfffff8\nEXIT;\n",
	 "local window:3:9: error: buffer 'a' overlaps the local-memory window at 0xfe000000"},
	{"far window", ".target sm_75\n.buffer a u32 4 @0x100000000000000\nEXIT;\n",
	 "far window:2:9: error: buffer 'a' overlaps the shared-memory window at 0x100000000000000"},
};

START_TEST(directive_errors_are_located)
{
	th_run r;
	int rc = th_run_text(&r, errs[_i].name, errs[_i].src);
	ck_assert_msg(rc == 2, "%s: rc %d", errs[_i].name, rc);
	ck_assert_msg(strstr(r.diag, errs[_i].want), "%s: want '%s' in\n%s", errs[_i].name, errs[_i].want, r.diag);
	th_free(&r);
}
END_TEST

START_TEST(value_conversion)
{
	uint64_t b;
	ck_assert_ptr_null(spec_value_bits("-1", EMU_T_S8, &b));
	ck_assert(b == 0xff);
	ck_assert_ptr_null(spec_value_bits("0xff", EMU_T_S8, &b));
	ck_assert(b == 0xff);
	ck_assert_ptr_nonnull(spec_value_bits("-1", EMU_T_U32, &b));
	ck_assert_ptr_nonnull(spec_value_bits("1.5", EMU_T_S32, &b));
	ck_assert_ptr_null(spec_value_bits("-2.5", EMU_T_F64, &b));
	ck_assert(b == 0xc004000000000000ull);
	ck_assert_ptr_null(spec_value_bits("0xffffffffffffffff", EMU_T_U64, &b));
	ck_assert(b == ~0ull);
	/* the edges of each range, by hand: s64 -2^63 and 2^63-1; hex bit patterns for signed */
	ck_assert_ptr_null(spec_value_bits("-9223372036854775808", EMU_T_S64, &b));
	ck_assert(b == 0x8000000000000000ull);
	ck_assert_ptr_null(spec_value_bits("9223372036854775807", EMU_T_S64, &b));
	ck_assert(b == 0x7fffffffffffffffull);
	ck_assert_ptr_null(spec_value_bits("0xffffffffffffffff", EMU_T_S64, &b));
	ck_assert(b == ~0ull);
	ck_assert_ptr_nonnull(spec_value_bits("18446744073709551615", EMU_T_S64, &b));
	ck_assert_ptr_nonnull(spec_value_bits("0x10000000000000000", EMU_T_U64, &b));
	ck_assert_ptr_nonnull(spec_value_bits("0x100", EMU_T_S8, &b));
	ck_assert_ptr_null(spec_value_bits("-128", EMU_T_S8, &b));
	ck_assert(b == 0x80);
	ck_assert_ptr_nonnull(spec_value_bits("12abc", EMU_T_U32, &b));
	ck_assert_ptr_nonnull(spec_value_bits(" 12", EMU_T_U32, &b));
	/* a leading 0 is decimal, as documented (strtoull's octal no longer leaks through) */
	ck_assert_ptr_null(spec_value_bits("010", EMU_T_U32, &b));
	ck_assert(b == 10);
	/* 3.4028234663852886e38 is FLT_MAX; 3.5e38 rounds to infinity in an f32 */
	ck_assert_ptr_null(spec_value_bits("3.4028234663852886e38", EMU_T_F32, &b));
	ck_assert(b == 0x7f7fffff);
	ck_assert_ptr_nonnull(spec_value_bits("3.5e38", EMU_T_F32, &b));
	ck_assert_ptr_null(spec_value_bits("3.5e38", EMU_T_F64, &b));
	/* nan and inf written out are values; 1e-400 underflows to 0, which is a rounding */
	ck_assert_ptr_null(spec_value_bits("inf", EMU_T_F32, &b));
	ck_assert(b == 0x7f800000);
	ck_assert_ptr_null(spec_value_bits("1e-400", EMU_T_F64, &b));
	ck_assert(b == 0);
}
END_TEST

START_TEST(strict_numbers)
{
	uint64_t u;
	int64_t i;
	double d;
	ck_assert_int_eq(num_parse_u64("18446744073709551615", 0, UINT64_MAX, &u), NUM_OK);
	ck_assert(u == UINT64_MAX);
	ck_assert_int_eq(num_parse_u64("18446744073709551616", 0, UINT64_MAX, &u), NUM_RANGE);
	ck_assert_int_eq(num_parse_u64("0x1ffffffffffffffff", 0, UINT64_MAX, &u), NUM_RANGE);
	ck_assert_int_eq(num_parse_u64("16abc", 0, 100, &u), NUM_TRAILING);
	ck_assert_int_eq(num_parse_u64("0x", 0, 100, &u), NUM_SYNTAX);
	ck_assert_int_eq(num_parse_u64("", 0, 100, &u), NUM_SYNTAX);
	ck_assert_int_eq(num_parse_u64("-1", 0, 100, &u), NUM_SYNTAX);
	ck_assert_int_eq(num_parse_u64("33", 1, 32, &u), NUM_RANGE);
	ck_assert_int_eq(num_parse_i64("-9223372036854775808", INT64_MIN, INT64_MAX, &i), NUM_OK);
	ck_assert(i == INT64_MIN);
	ck_assert_int_eq(num_parse_i64("-9223372036854775809", INT64_MIN, INT64_MAX, &i), NUM_RANGE);
	ck_assert_int_eq(num_parse_i64("9223372036854775808", INT64_MIN, INT64_MAX, &i), NUM_RANGE);
	ck_assert_int_eq(num_parse_i64("-0x10", -100, 100, &i), NUM_OK);
	ck_assert(i == -16);
	ck_assert_int_eq(num_parse_i64("2147483648", 0, INT32_MAX, &i), NUM_RANGE);
	ck_assert_int_eq(num_parse_double("1e308", false, &d), NUM_OK);
	ck_assert_int_eq(num_parse_double("1e309", false, &d), NUM_RANGE);
	ck_assert_int_eq(num_parse_double("nan", false, &d), NUM_NOTFINITE);
	ck_assert_int_eq(num_parse_double("-inf", false, &d), NUM_NOTFINITE);
	ck_assert_int_eq(num_parse_double("-inf", true, &d), NUM_OK);
	ck_assert_int_eq(num_parse_double("1.5x", false, &d), NUM_TRAILING);
	ck_assert_int_eq(num_parse_count("1e10", 1, UINT64_MAX, &u), NUM_OK);
	ck_assert(u == 10000000000ull);
	ck_assert_int_eq(num_parse_count("1.5", 1, UINT64_MAX, &u), NUM_FRACTION);
	ck_assert_int_eq(num_parse_count("nan", 1, UINT64_MAX, &u), NUM_NOTFINITE);
	/* 2^64 = 1.8446744073709552e19 is one past the largest count */
	ck_assert_int_eq(num_parse_count("1.8446744073709552e19", 1, UINT64_MAX, &u), NUM_RANGE);
	ck_assert_int_eq(num_parse_count("0", 1, UINT64_MAX, &u), NUM_RANGE);
}
END_TEST

/* dump_read_own (the splitter blanking the caller's text in place) gives what dump_read gives
   from a copy: the text, the directives, the tables, and the diagnostics byte for byte (they
   print source lines, so the blanking must wait until the last of them). */
static char *split_with(const char *src, bool own, const char *want, char **dirs, char **diag, size_t *nconsts)
{
	FILE *f = tmpfile();
	ck_assert(f != NULL);
	emu_spec sp = {0};
	char *sass = own ? dump_read_own("t.sass", xstrdup(src), &sp, want, dirs, f)
			 : dump_read("t.sass", src, &sp, want, dirs, f);
	*nconsts = (size_t)sp.nconsts;
	spec_free(&sp);
	long n = ftell(f);
	*diag = xcalloc((size_t)n + 1, 1);
	rewind(f);
	ck_assert_uint_eq(fread(*diag, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return sass;
}

START_TEST(dump_in_place_as_copied)
{
	static const char *const files[] = {"cubin/cbank.sm_80.elf.sass", "cubin/cbank.sm_80.nvdisasm",
					    "cubin/jumptab.sm_80.cuda13.elf.sass", "toolkit/two.fatbin.dump"};
	static const char *const texts[] = {
		"\n64-bit ELF: type=ET_EXEC, ABI=8\nSections:\n",
		"\n64-bit ELF: type=ET_EXEC, ABI=8, sm=80\n.nv.constant2.k\n0x00000001 0x1234567890\n",
		"\t.headerflags\t@\"EF_CUDA_SM80\"\n        /*0000*/ \t.byte\t0x01\n",
		"\t.headerflags\t@\"EF_CUDA_SM80\"\n\t.section\t.nv.constant2.k,\"a\",@progbits\n"
		"        /*00zz*/ \t.byte\t0x01\n\t.section\t.text.k,\"ax\",@progbits\nk:\n        /*0000*/   EXIT ;\n",
		"\tcode for sm_75\n\t\tFunction : k\n        /*0000*/   EXIT ;   /* 0x000000000000794d */\n",
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0] + sizeof texts / sizeof texts[0]; i++)
		for (int w = 0; w < 2; w++) {
			const char *want = w ? "sm_80" : NULL;
			char *file = i < 4 ? xread_file(files[i], NULL) : NULL;
			const char *src = i < 4 ? file : texts[i - 4];
			ck_assert_msg(src != NULL, "cannot read %s", files[i]);
			char *da = NULL, *db = NULL, *ga, *gb;
			size_t ca, cb;
			char *a = split_with(src, false, want, &da, &ga, &ca);
			char *b = split_with(src, true, want, &db, &gb, &cb);
			ck_assert_msg(!a == !b, "case %zu: one of them failed", i);
			if (a)
				ck_assert_str_eq(a, b);
			ck_assert_msg(!da == !db && (!da || !strcmp(da, db)), "case %zu: directives differ", i);
			ck_assert_str_eq(ga, gb);
			ck_assert_msg(i < 4 || i == 8 || strstr(ga, "error:"), "case %zu: no error said", i);
			ck_assert_uint_eq(ca, cb);
			free(a);
			free(b);
			free(da);
			free(db);
			free(ga);
			free(gb);
			free(file);
		}
}
END_TEST

Suite *spec_suite(void)
{
	Suite *s = suite_create("spec");
	TCase *t = tcase_create("directives");
	tcase_add_test(t, geometry_and_overrides);
	tcase_add_test(t, buffer_initialisers);
	tcase_add_test(t, buffers_placed_apart_below_4g);
	tcase_add_test(t, buffers_anywhere_on_sm_70);
	tcase_add_test(t, parameters_natural_alignment_and_offsets);
	tcase_add_test(t, expect_tolerance_and_nan);
	tcase_add_test(t, value_conversion);
	tcase_add_test(t, strict_numbers);
	tcase_add_test(t, large_buffers_set_up_and_checked_in_parts);
	tcase_add_test(t, dump_in_place_as_copied);
	tcase_add_loop_test(t, directive_errors_are_located, 0, (int)(sizeof errs / sizeof errs[0]));
	suite_add_tcase(s, t);
	return s;
}
