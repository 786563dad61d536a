/* The vocabulary the operation bodies of emu/ops_<family>.h share beyond emu/lanes.h:
   operand prologues, predicate and set writes, carry-in predicates, and where a body is
   inlined (included once per loop build, by emu/loop.h). */
/* EMU_BARRIER_HOT: the most common sm_70+ integer bodies are inlined into the convergence-barrier loop
   (no call, operands read once: alu70 6 % faster); the token-stack loop, which never issues
   them, keeps them out of line (inlined there, they slowed its own kernels by 3-10 %). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMU_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define EMU_SANITIZED 1
#endif
/* (not in sanitizer builds: instrumenting the larger loop took clang minutes more) */
#if defined(EMU_CF_BARRIER_LOOP) && !defined(EMU_SANITIZED)
#define EMU_BARRIER_HOT inline __attribute__((always_inline))
#else
#define EMU_BARRIER_HOT
#endif

/* Two-source integer bodies: a and b as lane vectors, d the destination row. */
#define INT2_PROLOGUE                                                                  \
	uint32_t ta[32], tb[32];                                                       \
	int n = w->nlanes;                                                             \
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb); \
	uint32_t *d = w->r[in->d]

/* The predicate pair p = r BOP c, q = !r BOP c (ISETP, FSETP, PSETP). */
static inline __attribute__((always_inline)) void setp_write(emu_warp *w, const emu_insn *in, uint32_t r, uint32_t G)
{
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->bop, r, c), G);
	pred_write(w, in->d2, bop(in->bop, ~r, c), G);
}

/* ISETP.X: the high words a, b of a wider comparison whose low words were subtracted
   before by an instruction writing the condition code (ISUB RZ.CC, alo, blo or IADD
   RZ.CC, alo, -blo, as ptxas lowers a 64-bit setp): carry set means alo >= blo (no
   borrow), zero means alo == blo. The pair compares as a.hi (signed or not) first, then
   the low words unsigned: less = hi less, or hi equal and no carry; equal = hi equal and
   zero. This is what the hardware's a + ~b + carry with the zero flag ANDed in gives. */
static uint32_t cmp_x_mask(const emu_ctx *x, const emu_warp *w, const emu_insn *in)
{
	uint32_t ta[32], tb[32], r = 0;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	for (int l = 0; l < 32; l++) {
		bool hlt = in->sign ? (int32_t)a[l] < (int32_t)b[l] : a[l] < b[l], heq = a[l] == b[l];
		bool c = w->cc_c >> l & 1, z = w->cc_z >> l & 1;
		bool lt = hlt || (heq && !c), eq = heq && z;
		r |= (uint32_t)((in->sub >> (lt ? 0 : eq ? 1 : 2)) & 1) << l;
	}
	return r;
}

/* ISET (and Tesla's FSET): d = ((a CMP b) BOP c) ? -1 (1.0f with .BF) : 0 */
static inline void iset_write(emu_warp *w, const emu_insn *in, uint32_t r, uint32_t G)
{
	int n = w->nlanes;
	uint32_t m = bop(in->bop, r, pred_val(w, &in->s[2])), *d = w->r[in->d];
	uint32_t one = in->sub3 ? 0x3f800000u : 0xffffffffu;
	LANE_LOOP WR(d, l, m >> l & 1 ? one : 0);
}

static double round_int(double v, int rnd)
{
	switch (rnd & 0xf) {
	case EMU_RND_RZ: return trunc(v);
	case EMU_RND_RM: return floor(v);
	case EMU_RND_RP: return ceil(v);
	default: return nearbyint(v);
	}
}

/* d = r ? -1 (1.0f with .BF) : 0 per lane, the condition code from d when asked (FSET, DSET) */
static void set_write(emu_warp *w, const emu_insn *in, uint32_t r, uint32_t G)
{
	int n = w->nlanes;
	uint32_t m = bop(in->bop, r, pred_val(w, &in->s[2])), *d = w->r[in->d];
	uint32_t one = in->sign ? 0x3f800000u : 0xffffffffu;
	LANE_LOOP WR(d, l, m >> l & 1 ? one : 0);
	if (in->cc_out) /* Maxwell's FSET ... RZ.CC then BRA CC.NEU */
		set_cc(w, G, 0, 0, in->sign ? 0 : m, ~m);
}
#include "emu/sem_vfp.h"

/* The lanes (as a mask) where a carry-in predicate code holds. A carry-in predicate
   (IADD3.X ..., P0, !P1) is a code byte fixed at assembly (emu_pcode): 0 none, else
   EMU_PC_ON | (EMU_PC_INV if written !P) | the predicate's row. */
static inline uint32_t pcode_mask(const emu_warp *w, uint8_t c)
{
	if (!(c & EMU_PC_ON))
		return 0;
	uint32_t v = w->p[c & EMU_PC_ROW];
	return c & EMU_PC_INV ? ~v : v;
}

/* a CMP b in all 32 lanes (cmp: EMU_CMP_* bits LT 1, EQ 2, GT 4) as a lane mask. Each of
   the six comparisons is one of a < b, b < a and a == b, inverted or not (GE is not LT, LE
   not GT, NE not EQ), so one compare per lane, vectorised, then packed (G masks the
   writes). */
static inline __attribute__((always_inline)) uint32_t cmp_lanes(const uint32_t *a, const uint32_t *b, unsigned cmp,
								bool sign)
{
	unsigned c = cmp & 7;
	uint32_t inv = 0;
	if (c == 0 || c == 7) /* never, always */
		return c ? ~0u : 0;
	if (c == 6 || c == 3 || c == 5) { /* GE, LE, NE: LT, GT, EQ inverted */
		inv = ~0u;
		c = 7 - c;
	}
	if (c == 4) { /* a > b is b < a */
		const uint32_t *t = a;
		a = b;
		b = t;
	}
#ifdef __AVX2__
	const __m256i flip = _mm256_set1_epi32(c != 2 && !sign ? (int)0x80000000u : 0);
	uint32_t r = 0;
	for (int i = 0; i < 4; i++) {
		__m256i va = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(a + 8 * i)), flip);
		__m256i vb = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)(b + 8 * i)), flip);
		__m256i m = c == 2 ? _mm256_cmpeq_epi32(va, vb) : _mm256_cmpgt_epi32(vb, va);
		r |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(m)) << (8 * i);
	}
	return r ^ inv;
#else
	uint32_t t[32];
	if (c == 2)
		for (int l = 0; l < 32; l++)
			t[l] = 0u - (a[l] == b[l]);
	else if (sign)
		for (int l = 0; l < 32; l++)
			t[l] = 0u - ((int32_t)a[l] < (int32_t)b[l]);
	else
		for (int l = 0; l < 32; l++)
			t[l] = 0u - (a[l] < b[l]);
	return pack_lanes(t) ^ inv;
#endif
}
