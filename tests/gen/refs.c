/* C references of the generated-code kernels (tests/gen/KERNEL.ptx), one per kernel, written
   from each kernel's header comment. Each reads the buffers of its spec (tests/gen/
   <kernel>.spec) and writes what the kernel must leave in them. The element count n
   that every spec passes as a u32 parameter equals the count of the first input
   buffer, so n is taken from that buffer; exitbar's `active` is the value in its spec.
   Warps are 32 threads of a CTA (x only); a kernel's active lanes are those with
   i < n. make conformance runs every (kernel, architecture) pair of a generation simtemu
   runs (tests/gen/README.md). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "conformance.h"
#include "refs.h"

#define EXITBAR_ACTIVE 45 /* exitbar.spec: .param u32 45 */


static uint32_t nthreads(conf_io *io) { return io->x->grid[0] * io->x->block[0]; }

/* n for a kernel whose spec passes the count of `buf` */
static uint32_t count_of(conf_io *io, const char *buf)
{
	uint64_t n = conf_count(io, buf);
	if (n > nthreads(io))
		conf_fail("more elements than threads");
	return (uint32_t)n;
}

void ref_ifelse(conf_io *io)
{
	const int32_t *in = conf_in(io, "in");
	int32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		int32_t x = in[i];
		uint32_t u = (uint32_t)x, y;
		if (x > 0)
			y = (x & 1) ? 3 * u + 1 : (uint32_t)(x >> 1);
		else
			y = x < -50 ? 0 - u : u * u - 7;
		out[i] = (int32_t)y;
	}
}

void ref_collatz(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = in[i], steps = 0;
		if (x > 100000)
			conf_fail("collatz input too large for 32 bits");
		while (x > 1) {
			x = (x & 1) ? 3 * x + 1 : x / 2;
			steps++;
		}
		out[i] = steps;
	}
}

void ref_breakcont(conf_io *io)
{
	const int32_t *in = conf_in(io, "in");
	int32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t s = 0;
		for (uint32_t j = i; j < n && j < i + 64; j++) {
			if (in[j] < 0)
				break;
			if ((in[j] & 3) == 0)
				continue;
			s += (uint32_t)in[j];
		}
		out[i] = (int32_t)s;
	}
}

static uint32_t mix(uint32_t a, uint32_t b) { return ((a * 2654435761u) >> 7) ^ (b + 3); }

void ref_calldiv(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++)
		out[i] = (in[i] & 1) ? mix(in[i], i) : mix(mix(in[i], 1), 2);
}

static uint32_t fib(uint32_t k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }

void ref_fib(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++)
		out[i] = fib(in[i] & 15);
}

void ref_exitbar(conf_io *io)
{
	const int32_t *in = conf_in(io, "in");
	int32_t *out = conf_want(io, "out");
	uint32_t bs = io->x->block[0];
	uint32_t m = EXITBAR_ACTIVE < bs ? EXITBAR_ACTIVE : bs;
	if (conf_count(io, "in") != nthreads(io))
		conf_fail("exitbar: in must have one element per thread");
	for (uint32_t c = 0; c < io->x->grid[0]; c++)
		for (uint32_t t = 0; t < m; t++) {
			uint32_t g = c * bs + t, next = c * bs + (t + 1) % m;
			out[g] = (int32_t)((uint32_t)in[g] + 2 * (uint32_t)in[next]);
		}
}

void ref_jumptab(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = in[i];
		switch (x & 7) {
		case 0: out[i] = x + 1; break;
		case 1: out[i] = 3 * x; break;
		case 2: out[i] = x ^ 0x5a5a; break;
		case 3: out[i] = x >> 3; break;
		case 4: out[i] = 0 - x; break;
		case 5: out[i] = x * x; break;
		default: out[i] = 77; break;
		}
	}
}

/* The active lanes of the warp holding thread i: [*lo, *hi) */
static void warp_range(conf_io *io, uint32_t n, uint32_t i, uint32_t *lo, uint32_t *hi)
{
	uint32_t bs = io->x->block[0], cta = i / bs, tid = i % bs;
	*lo = cta * bs + tid / 32 * 32;
	*hi = *lo + 32;
	if (*hi > cta * bs + bs)
		*hi = cta * bs + bs;
	if (*hi > n)
		*hi = n;
}

void ref_shflscan(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *scan = conf_want(io, "scan"), *first = conf_want(io, "first");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t lo, hi, s = 0;
		warp_range(io, n, i, &lo, &hi);
		for (uint32_t j = lo; j <= i; j++)
			s += in[j];
		scan[i] = s;
		first[i] = in[lo];
	}
}

void ref_vote(conf_io *io)
{
	const int32_t *in = conf_in(io, "in");
	uint32_t *ballot = conf_want(io, "ballot"), *flags = conf_want(io, "flags");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t lo, hi, b = 0, act = 0;
		warp_range(io, n, i, &lo, &hi);
		for (uint32_t j = lo; j < hi; j++) {
			act |= 1u << (j - lo);
			if (in[j] > 0)
				b |= 1u << (j - lo);
		}
		ballot[i] = b;
		flags[i] = (b != 0) | (b == act) << 1 | (uint32_t)__builtin_popcount(b) << 2 |
			   (uint32_t)(in[i] > 0) << 8;
	}
}

void ref_match(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *same = conf_want(io, "same"), *alleq = conf_want(io, "alleq");
	uint32_t *allp = conf_want(io, "allp");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t lo, hi, m = 0, act = 0;
		warp_range(io, n, i, &lo, &hi);
		for (uint32_t j = lo; j < hi; j++) {
			act |= 1u << (j - lo);
			if ((in[j] & 3) == (in[i] & 3))
				m |= 1u << (j - lo);
		}
		same[i] = m;
		allp[i] = m == act;
		alleq[i] = m == act ? act : 0;
	}
}

void ref_atomglobal(conf_io *io)
{
	const int32_t *in = conf_in(io, "in");
	uint32_t *hist = conf_want(io, "hist"), *bits = conf_want(io, "bits");
	uint64_t *total = conf_want(io, "total");
	int32_t *low = conf_want(io, "low");
	uint32_t *ticket = conf_want(io, "ticket"), *seen = conf_want(io, "seen");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		int32_t x = in[i];
		hist[(uint32_t)x & 15]++;
		*total += (uint64_t)(int64_t)x;
		if (x < *low)
			*low = x;
		bits[(uint32_t)x & 7] |= 1u << (i & 31);
		*ticket = *ticket == 0xffffffffu ? 0 : *ticket + 1;
	}
	/* the tickets are the counter's values 0..n-1 when it starts at 0: all below n */
	if (((const uint32_t *)conf_in(io, "ticket"))[0] != 0)
		conf_fail("atomglobal: ticket must start at 0");
	for (uint32_t i = 0; i < n; i++)
		seen[i] = 1;
}

void ref_atomshared(conf_io *io)
{
	const int32_t *in = conf_in(io, "in");
	uint32_t *hist = conf_want(io, "hist");
	int32_t *gmax = conf_want(io, "gmax");
	uint32_t n = count_of(io, "in");
	if (io->x->block[0] < 16)
		conf_fail("atomshared needs blockDim >= 16");
	for (uint32_t i = 0; i < n; i++) {
		hist[(uint32_t)in[i] & 15]++;
		if (in[i] > *gmax)
			*gmax = in[i];
	}
}

/* high 64 bits of a * b */
static uint64_t mulhi64(uint64_t a, uint64_t b)
{
	uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* arithmetic shift right of a 64-bit pattern */
static uint64_t sar64(uint64_t v, unsigned k)
{
	return (v >> k) | ((v >> 63) ? ~(~0ull >> k) : 0);
}

void ref_int64(conf_io *io)
{
	const uint64_t *a = conf_in(io, "a"), *b = conf_in(io, "b");
	uint64_t *lo = conf_want(io, "lo"), *hi = conf_want(io, "hi");
	int64_t *sg = conf_want(io, "sg");
	uint32_t n = count_of(io, "a");
	for (uint32_t i = 0; i < n; i++) {
		uint64_t x = a[i], y = b[i];
		lo[i] = (x * y + (x >> 7)) ^ (y << 3);
		hi[i] = mulhi64(x, y);
		uint64_t r = (int64_t)x < (int64_t)y ? sar64(x, 9) - y : x + 12345678901ull;
		memcpy(&sg[i], &r, sizeof r);
	}
}

void ref_double(conf_io *io)
{
	const double *a = conf_in(io, "a"), *b = conf_in(io, "b");
	double *q = conf_want(io, "q");
	int32_t *t = conf_want(io, "t");
	uint32_t n = count_of(io, "a");
	for (uint32_t i = 0; i < n; i++) {
		if (b[i] == 0)
			conf_fail("double: b must not be 0");
		q[i] = fma(a[i], b[i], -a[i]) / b[i];
		double m = a[i] * 3.0;
		double v = a[i] < b[i] ? m + b[i] : a[i] - b[i];
		t[i] = (int32_t)v; /* in range for the spec's values */
	}
}

void ref_intdiv(conf_io *io)
{
	const int32_t *a = conf_in(io, "a"), *d = conf_in(io, "d");
	int32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "a");
	for (uint32_t i = 0; i < n; i++) {
		if (d[i] == 0 || (a[i] == INT32_MIN && d[i] == -1))
			conf_fail("intdiv: undefined division in the spec");
		uint32_t ua = (uint32_t)a[i], ud = (uint32_t)d[i];
		out[4 * i] = a[i] / d[i];
		out[4 * i + 1] = a[i] % d[i];
		out[4 * i + 2] = (int32_t)(ua / ud);
		out[4 * i + 3] = (int32_t)(ua % ud);
	}
}

void ref_div64(conf_io *io)
{
	const int64_t *a = conf_in(io, "a"), *d = conf_in(io, "d");
	int64_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "a");
	for (uint32_t i = 0; i < n; i++) {
		if (d[i] == 0 || (a[i] == INT64_MIN && d[i] == -1))
			conf_fail("div64: undefined division in the spec");
		uint64_t ua = (uint64_t)a[i], ud = (uint64_t)d[i];
		out[4 * i] = a[i] / d[i];
		out[4 * i + 1] = a[i] % d[i];
		uint64_t q = ua / ud, r = ua % ud;
		memcpy(&out[4 * i + 2], &q, sizeof q);
		memcpy(&out[4 * i + 3], &r, sizeof r);
	}
}

void ref_fsqrtdiv(conf_io *io)
{
	const float *a = conf_in(io, "a"), *b = conf_in(io, "b");
	float *s = conf_want(io, "s"), *q = conf_want(io, "q");
	uint32_t n = count_of(io, "a");
	for (uint32_t i = 0; i < n; i++) {
		s[i] = sqrtf(fabsf(a[i]));
		q[i] = a[i] / b[i];
	}
}

void ref_nested(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t rows = in[i] & 7, cols = (in[i] >> 3) & 7, s = 0;
		for (uint32_t r = 0; r < rows; r++)
			for (uint32_t c = r; c < cols; c++)
				s += (r + 1) * (c + 2);
		out[i] = s;
	}
}

void ref_callloop(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t trips = in[i] & 15, bits = in[i] >> 4, acc = i;
		for (uint32_t j = 0; j < trips; j++)
			if ((bits >> j) & 1)
				acc = (acc * 5 + j) ^ (acc >> 3);
		out[i] = acc;
	}
}

void ref_blockreduce(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in"), bs = io->x->block[0];
	if (bs < 2)
		conf_fail("blockreduce needs blockDim >= 2");
	for (uint32_t c = 0; c < io->x->grid[0]; c++) {
		uint32_t s = 0;
		for (uint32_t i = c * bs; i < c * bs + bs && i < n; i++)
			s += in[i];
		out[c] = s;
	}
}

void ref_exitloop(conf_io *io)
{
	const int32_t *keys = conf_in(io, "keys"), *hay = conf_in(io, "hay");
	int32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "keys"), m = (uint32_t)conf_count(io, "hay");
	for (uint32_t i = 0; i < n; i++) {
		out[i] = -1;
		for (uint32_t j = 0; j < m; j++)
			if (hay[j] == keys[i]) {
				out[i] = (int32_t)j;
				break;
			}
	}
}

void ref_bitops(conf_io *io)
{
	const uint32_t *in = conf_in(io, "in");
	uint32_t *out = conf_want(io, "out");
	uint32_t n = count_of(io, "in");
	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = in[i], nx = ~x;
		uint32_t clz = x ? (uint32_t)__builtin_clz(x) : 32;
		uint32_t bfind = x ? 31 - clz : 0xffffffffu;
		out[4 * i] = (uint32_t)__builtin_popcount(x) | clz << 8 | (bfind & 255) << 16;
		uint32_t rev = 0;
		for (int k = 0; k < 32; k++)
			rev |= ((x >> k) & 1) << (31 - k);
		out[4 * i + 1] = rev;
		uint32_t pos = x & 31, field = (x >> pos) & 31;
		out[4 * i + 2] = field ^ ((x & ~0xff00u) | 0xff00u);
		/* prmt selector 0x4716 over bytes {~x (4..7), x (0..3)}: bytes 6, 1, 7, 4 */
		uint32_t b6 = (nx >> 16) & 255, b1 = (x >> 8) & 255, b7 = nx >> 24, b4 = nx & 255;
		out[4 * i + 3] = b6 | b1 << 8 | b7 << 16 | b4 << 24;
	}
}

/* Every kernel of tests/gen and its reference (tests/gen/check.sh checks the list). */
const gen_ref gen_refs[] = {
	{"atomglobal", ref_atomglobal}, {"atomshared", ref_atomshared},
	{"bitops", ref_bitops},         {"blockreduce", ref_blockreduce},
	{"breakcont", ref_breakcont},   {"calldiv", ref_calldiv},
	{"callloop", ref_callloop},     {"collatz", ref_collatz},
	{"div64", ref_div64},           {"double", ref_double},
	{"exitbar", ref_exitbar},       {"exitloop", ref_exitloop},
	{"fib", ref_fib},               {"fsqrtdiv", ref_fsqrtdiv},
	{"ifelse", ref_ifelse},         {"int64", ref_int64},
	{"intdiv", ref_intdiv},         {"jumptab", ref_jumptab},
	{"match", ref_match},           {"nested", ref_nested},
	{"shflscan", ref_shflscan},     {"vote", ref_vote},
	{NULL, NULL},
};
