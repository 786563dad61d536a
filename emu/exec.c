/* The interpreter: runs the warps of each CTA over the decoded program (SPEC sections 5-7). */
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu.h"
#include "emu/stats.h"

typedef enum { RUN_DONE, RUN_BAR, RUN_TRAP, RUN_QUIT } run_result;

/* ---- small helpers ---- */

static inline float f32(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t u32f(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static inline double f64(uint32_t lo, uint32_t hi)
{
	uint64_t u = (uint64_t)hi << 32 | lo;
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static inline uint64_t u64d(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

static inline float ftz(float f)
{
	return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

/* The lane mask of 32 all-ones / zero words. */
static inline uint32_t pack_lanes(const uint32_t *t)
{
	uint32_t r = 0;
#ifdef __SSE2__
	for (int i = 0; i < 8; i++)
		r |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(t + 4 * i))))
		     << (4 * i);
#else
	for (int l = 0; l < 32; l++)
		r |= (t[l] & 1) << l;
#endif
	return r;
}

static inline void expand_mask(const emu_ctx *x, uint32_t G, uint32_t *mk)
{
	for (int b = 0; b < 4; b++)
		memcpy(mk + 8 * b, x->lane_masks[G >> (8 * b) & 0xff], 32);
}

/* Population count without a library call (no popcnt instruction is assumed). */
static inline uint32_t popc32(uint32_t v)
{
	v = v - ((v >> 1) & 0x55555555u);
	v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
	return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

static inline uint32_t brev32(uint32_t v)
{
	uint32_t r = 0;
	for (int i = 0; i < 32; i++)
		r |= (v >> i & 1) << (31 - i);
	return r;
}

/* Video instructions: first operation on a and b, then the secondary one with c. */
static inline uint32_t video_mnmx(uint32_t a, uint32_t b, int sign, int max)
{
	bool lt = sign ? (int32_t)a < (int32_t)b : a < b;
	return lt != (bool)max ? a : b;
}

static inline uint32_t video_add(uint32_t a, uint32_t b, int sign, int sat)
{
	if (!sat)
		return a + b;
	if (sign) {
		int64_t s = (int64_t)(int32_t)a + (int32_t)b;
		return s > INT32_MAX ? (uint32_t)INT32_MAX : s < INT32_MIN ? 0x80000000u : (uint32_t)s;
	}
	uint64_t s = (uint64_t)a + b;
	return s > 0xffffffffu ? 0xffffffffu : (uint32_t)s;
}

static inline uint32_t video_second(uint32_t r, uint32_t c, int sign, int sec)
{
	switch (sec) {
	case EMU_VSEC_ACC: return r + c;
	case EMU_VSEC_MIN: return video_mnmx(r, c, sign, 0);
	case EMU_VSEC_MAX: return video_mnmx(r, c, sign, 1);
	default: return r;
	}
}

static inline uint32_t bop(int op, uint32_t a, uint32_t b)
{
	return op == EMU_BOP_AND ? a & b : op == EMU_BOP_OR ? a | b : a ^ b;
}

static inline uint32_t cmp_int(int cmp, uint32_t a, uint32_t b, int sign)
{
	int lt = sign ? (int32_t)a < (int32_t)b : a < b;
	int sh = lt ? 0 : a == b ? 1 : 2;
	return (uint32_t)(cmp >> sh) & 1;
}

static inline uint32_t cmp_flt(int cmp, float a, float b)
{
	if (isnan(a) || isnan(b))
		return (cmp & EMU_CMP_UN) != 0;
	int sh = a < b ? 0 : a == b ? 1 : 2;
	return (uint32_t)(cmp >> sh) & 1;
}

static int fe_mode(int rnd)
{
	switch (rnd & 0xf) {
	case EMU_RND_RZ: return FE_TOWARDZERO;
	case EMU_RND_RM: return FE_DOWNWARD;
	case EMU_RND_RP: return FE_UPWARD;
	default: return FE_TONEAREST;
	}
}

/* The value of an immediate or constant-bank source, the same in every lane. */
static uint32_t uniform_src(const emu_ctx *x, const emu_src *s)
{
	uint32_t v = s->imm;
	if (s->kind == SRC_CONST) {
		memcpy(&v, x->cbank[s->bank] + s->imm, 4);
		v &= s->and_;
		if (s->sx)
			v = (uint32_t)((int32_t)(v << (32 - s->sx)) >> (32 - s->sx));
		if (s->iabs && (int32_t)v < 0)
			v = (uint32_t)-v;
		v = (v ^ s->xor_) + s->add;
	}
	return v;
}

/* Fetch a source operand as a lane vector (registers are read in place). */
static const uint32_t *vsrc(const emu_ctx *x, const emu_warp *w, const emu_src *s, uint32_t *tmp)
{
	if (s->vec)
		return s->vec;
	int n = 32; /* all lanes: vectorised loops may read the lanes past a partial warp */
	if (s->kind == SRC_REG) {
		const uint32_t *r = w->r[s->reg];
		if (s->and_ == 0xffffffffu && !s->xor_ && !s->add && !s->iabs && !s->shr && !s->sx)
			return r;
		uint32_t an = s->and_, xo = s->xor_, ad = s->add;
		if (s->shr || s->sx) { /* Tesla halves and 16-bit sources */
			int sh = s->shr, ex = s->sx ? 32 - s->sx : 0;
			for (int l = 0; l < n; l++) {
				uint32_t v = (uint32_t)((int32_t)(((r[l] >> sh) & an) << ex) >> ex);
				if (s->iabs && (int32_t)v < 0)
					v = (uint32_t)-v;
				tmp[l] = (v ^ xo) + ad;
			}
			return tmp;
		}
		if (!s->iabs) {
			for (int l = 0; l < 32; l++)
				tmp[l] = ((r[l] & an) ^ xo) + ad;
			return tmp;
		}
		for (int l = 0; l < n; l++) {
			uint32_t v = r[l] & an;
			if ((int32_t)v < 0)
				v = (uint32_t)-v;
			tmp[l] = (v ^ xo) + ad;
		}
		return tmp;
	}
	uint32_t v = uniform_src(x, s);
	for (int l = 0; l < n; l++)
		tmp[l] = v;
	return tmp;
}

/* A raw register / immediate / constant vector (the handler applies '-' or '~'). */
static const uint32_t *vraw(const emu_ctx *x, const emu_warp *w, const emu_src *s, uint32_t *tmp)
{
	emu_src r = *s; /* the mask and shift of a Tesla half stay */
	r.xor_ = r.add = 0;
	r.iabs = 0;
	return vsrc(x, w, &r, tmp);
}

static inline uint32_t pred_val(const emu_warp *w, const emu_src *s)
{
	uint32_t v = w->p[s->reg];
	return s->inv ? ~v : v;
}

static inline void pred_write(emu_warp *w, uint16_t d, uint32_t v, uint32_t G)
{
	w->p[d] = (w->p[d] & ~G) | (v & G);
}

static void set_cc(emu_warp *w, uint32_t G, uint32_t c, uint32_t o, uint32_t s, uint32_t z)
{
	w->cc_c = (w->cc_c & ~G) | (c & G);
	w->cc_o = (w->cc_o & ~G) | (o & G);
	w->cc_s = (w->cc_s & ~G) | (s & G);
	w->cc_z = (w->cc_z & ~G) | (z & G);
}

/* ---- traps ---- */

static void trap(emu_ctx *x, const emu_warp *w, int lane, const emu_insn *in, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void trap(emu_ctx *x, const emu_warp *w, int lane, const emu_insn *in, const char *fmt, ...)
{
	char cause[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cause, sizeof cause, fmt, ap);
	va_end(ap);
	const emu_cta *c = x->cur_cta;
	char where[160] = "";
	if (lane >= 0)
		snprintf(where, sizeof where, ", lane %d", lane);
	snprintf(x->trap.msg, sizeof x->trap.msg,
		 "trap: %s\n  kernel %s, CTA (%u,%u,%u), warp %d%s, pc 0x%04x (%s:%d): %s", cause,
		 x->f->name, c ? c->ctaid[0] : 0, c ? c->ctaid[1] : 0, c ? c->ctaid[2] : 0,
		 w ? w->id : -1, where, in ? in->addr : 0, x->prog->file, in ? in->line : 0,
		 in ? in->text : "-");
}

/* ---- memory ---- */

typedef int space; /* EMU_SP_* */

static const char *const space_names[] = {"global", "shared", "local", "constant"};

/* Address of lane l's access; NULL after a trap. */
static uint8_t *mem_addr(emu_ctx *x, emu_warp *w, const emu_insn *in, space sp, int l, unsigned size)
{
	uint64_t a;
	if (in->areg == EMU_NO_REG)
		a = 0;
	else if (in->wide)
		a = (uint64_t)w->r[in->areg + 1][l] << 32 | w->r[in->areg][l];
	else
		a = w->r[in->areg][l];
	a += (uint64_t)(int64_t)in->off;
	if (!in->wide) /* 32-bit addressing wraps */
		a &= 0xffffffffu;
	if (a % size) {
		trap(x, w, l, in, "misaligned %s access of %u bytes at address 0x%llx", space_names[sp],
		     size, (unsigned long long)a);
		return NULL;
	}
	uint8_t *p = NULL;
	if (sp == EMU_SP_GLOBAL && a - EMU_SHARED_WINDOW < EMU_SHARED_WINDOW_SIZE) {
		sp = EMU_SP_SHARED; /* generic address in the shared window */
		a -= EMU_SHARED_WINDOW;
	}
	switch (sp) {
	case EMU_SP_GLOBAL:
		p = emu_gmem_ptr(&x->gmem, a, size);
		break;
	case EMU_SP_SHARED:
		if (a + size <= x->shared_bytes)
			p = x->cur_cta->smem + a;
		break;
	case EMU_SP_LOCAL:
		if (a + size <= x->local_bytes)
			p = x->cur_cta->lmem + (size_t)(w->id * x->warp_size + l) * x->local_bytes + a;
		break;
	case EMU_SP_CONST:
		if (a + size <= EMU_BANK_BYTES)
			p = x->cbank[in->sub] + a;
		break;
	}
	if (!p)
		trap(x, w, l, in, "out-of-bounds %s access of %u bytes at address 0x%llx", space_names[sp],
		     size, (unsigned long long)a);
	return p;
}

/* Global 32-bit-address accesses of a warp usually fall in one buffer: find the first
   active lane's buffer and take the lanes that fall inside it, aligned, without a search.
   Returns false to fall back to the general path (which reports any fault). */
static bool fast_global(emu_ctx *x, const emu_warp *w, const emu_insn *in, uint32_t G, uint8_t **ptr)
{
	if (in->wide || in->areg == EMU_NO_REG || G == 0)
		return false;
	unsigned size = in->width;
	const uint32_t *ar = w->r[in->areg];
	int first = __builtin_ctz(G);
	uint64_t a0 = (uint32_t)(ar[first] + (uint32_t)in->off);
	uint8_t *p0 = emu_gmem_ptr(&x->gmem, a0, size);
	if (!p0 || a0 % size)
		return false;
	emu_buffer *b = NULL;
	for (int i = 0; i < x->gmem.n && !b; i++)
		if (a0 >= x->gmem.bufs[i].addr && a0 < x->gmem.bufs[i].addr + x->gmem.bufs[i].size)
			b = &x->gmem.bufs[i];
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint64_t a = (uint32_t)(ar[l] + (uint32_t)in->off);
		if (a < b->addr || a + size > b->addr + b->size || a % size)
			return false;
		ptr[l] = b->data + (a - b->addr);
	}
	return true;
}

static bool do_load(emu_ctx *x, emu_warp *w, const emu_insn *in, space sp, uint32_t G)
{
	unsigned size = in->width;
	uint8_t *ptr[32];
	if (sp == EMU_SP_GLOBAL && size == 4 && fast_global(x, w, in, G, ptr)) {
		uint32_t *d = w->r[in->d];
		for (int l = 0; l < w->nlanes; l++)
			if (G >> l & 1)
				memcpy(&d[l], ptr[l], 4);
		return true;
	}
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint8_t *p = mem_addr(x, w, in, sp, l, size);
		if (!p)
			return false;
		if (size < 4) {
			uint32_t v = size == 1 ? p[0] : (uint32_t)(p[0] | p[1] << 8);
			if (in->sign)
				v = size == 1 ? (uint32_t)(int8_t)v : (uint32_t)(int16_t)v;
			w->r[in->d][l] = v;
		} else
			for (unsigned k = 0; k < size / 4; k++)
				memcpy(&w->r[in->d + k][l], p + 4 * k, 4);
	}
	return true;
}

static bool do_store(emu_ctx *x, emu_warp *w, const emu_insn *in, space sp, uint32_t G)
{
	unsigned size = in->width;
	uint8_t *ptr[32];
	if (sp == EMU_SP_GLOBAL && size == 4 && in->d != EMU_NO_REG && fast_global(x, w, in, G, ptr)) {
		const uint32_t *v = w->r[in->d];
		for (int l = 0; l < w->nlanes; l++)
			if (G >> l & 1)
				memcpy(ptr[l], &v[l], 4);
		return true;
	}
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint8_t *p = mem_addr(x, w, in, sp, l, size);
		if (!p)
			return false;
		for (unsigned k = 0; k < (size + 3) / 4; k++) {
			uint32_t v = in->d == EMU_NO_REG ? 0 : w->r[in->d + k][l];
			memcpy(p + 4 * k, &v, size < 4 ? size : 4);
		}
	}
	return true;
}

/* ---- arithmetic handlers ---- */

#define LANE_LOOP for (int l = 0; l < n; l++)
#define ON(l) (G >> (l) & 1)
#define WR(dv, l, v) ((dv)[l] = ON(l) ? (v) : (dv)[l])
/* d[l] = expr for the lanes of G: a plain loop the compiler vectorises when every lane
   of a full warp is on (the common case), the masked one otherwise. */
/* Partial masks blend with the lane mask expanded to words: every lane computes (no
   handler using this has side effects or traps), only the lanes of G keep the result. */
#define LANE_WRITE(dv, expr)                                          \
	do {                                                          \
		if (G == 0xffffffffu) {                               \
			for (int l = 0; l < 32; l++)                  \
				(dv)[l] = (expr);                     \
		} else {                                              \
			uint32_t mk_[32];                             \
			expand_mask(x, G, mk_);                       \
			for (int l = 0; l < 32; l++)                  \
				(dv)[l] = ((expr) & mk_[l]) | ((dv)[l] & ~mk_[l]); \
		}                                                     \
		(void)n;                                              \
	} while (0)

static void h_iadd(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vraw(x, w, &in->s[0], ta), *b = vraw(x, w, &in->s[1], tb);
	uint32_t xa = (in->s[0].neg || in->s[0].inv) ? ~0u : 0, xb = (in->s[1].neg || in->s[1].inv) ? ~0u : 0;
	uint32_t plus = (uint32_t)in->s[0].neg + (uint32_t)in->s[1].neg;
	uint32_t *d = w->r[in->d];
	if (!in->cc_out && !in->x_in && !in->sub) { /* plain wrap-around add */
		LANE_WRITE(d, (a[l] ^ xa) + (b[l] ^ xb) + plus);
		return;
	}
	uint32_t c = 0, o = 0, s = 0, z = 0;
	LANE_LOOP {
		uint32_t av = a[l] ^ xa, bv = b[l] ^ xb;
		uint64_t cin = in->x_in ? (w->cc_c >> l & 1) : plus;
		uint64_t sum = (uint64_t)av + bv + cin;
		uint32_t r = (uint32_t)sum;
		if (in->sub) { /* .SAT: signed saturation */
			int64_t ss = (int64_t)(int32_t)a[l] * (in->s[0].neg ? -1 : 1) +
				     (int64_t)(int32_t)b[l] * (in->s[1].neg ? -1 : 1);
			r = ss > INT32_MAX ? (uint32_t)INT32_MAX : ss < INT32_MIN ? 0x80000000u : (uint32_t)ss;
		}
		c |= (uint32_t)(sum >> 32 & 1) << l;
		o |= (uint32_t)((~(av ^ bv) & (av ^ r)) >> 31) << l;
		s |= (r >> 31) << l;
		z |= (uint32_t)(r == 0) << l;
		WR(d, l, r);
	}
	if (in->cc_out)
		set_cc(w, G, c, o, s, z);
}

static inline uint64_t mul64(uint32_t a, uint32_t b, int sa, int sb)
{
	if (!sa && !sb)
		return (uint64_t)a * b;
	int64_t ea = sa ? (int64_t)(int32_t)a : (int64_t)a, eb = sb ? (int64_t)(int32_t)b : (int64_t)b;
	return (uint64_t)(ea * eb);
}

static void h_imul(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, bool mad)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = mad ? vraw(x, w, &in->s[2], tc) : NULL;
	uint32_t xc = mad && (in->s[2].neg || in->s[2].inv) ? ~0u : 0;
	uint32_t plus = mad && in->s[2].neg;
	uint32_t *d = w->r[in->d];
	if (!in->sub3 && !in->x_in && !in->cc_out) { /* low word: the same for any signedness */
		if (mad)
			LANE_WRITE(d, a[l] * b[l] + (c[l] ^ xc) + plus);
		else
			LANE_WRITE(d, a[l] * b[l]);
		return;
	}
	uint32_t cm = 0, om = 0, sm = 0, zm = 0;
	LANE_LOOP {
		uint64_t p = mul64(a[l], b[l], in->sub, in->sub2);
		uint32_t r = in->sub3 ? (uint32_t)(p >> 32) : (uint32_t)p;
		if (mad) {
			uint32_t cv = c[l] ^ xc;
			uint64_t cin = in->x_in ? (w->cc_c >> l & 1) : plus;
			uint64_t sum = (uint64_t)r + cv + cin;
			uint32_t rr = (uint32_t)sum;
			cm |= (uint32_t)(sum >> 32 & 1) << l;
			om |= (uint32_t)((~(r ^ cv) & (r ^ rr)) >> 31) << l;
			r = rr;
		}
		sm |= (r >> 31) << l;
		zm |= (uint32_t)(r == 0) << l;
		WR(d, l, r);
	}
	if (in->cc_out)
		set_cc(w, G, cm, om, sm, zm);
}

static void h_shift(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, bool left)
{
	uint32_t ta[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t *d = w->r[in->d];
	if (in->s[1].kind != SRC_REG && (in->s[1].vec ? in->s[1].vec[0] : in->s[1].imm) < 32) {
		uint32_t sh = in->s[1].vec ? in->s[1].vec[0] : in->s[1].imm; /* a constant count below 32 */
		if (left)
			LANE_WRITE(d, a[l] << sh);
		else if (in->sign)
			LANE_WRITE(d, (uint32_t)((int32_t)a[l] >> sh));
		else
			LANE_WRITE(d, a[l] >> sh);
		return;
	}
	LANE_LOOP {
		uint32_t sh = b[l], r;
		if (in->sub)
			sh &= 31;
		if (left)
			r = sh >= 32 ? 0 : a[l] << sh;
		else if (in->sign)
			r = (uint32_t)((int32_t)a[l] >> (sh >= 32 ? 31 : sh));
		else
			r = sh >= 32 ? 0 : a[l] >> sh;
		WR(d, l, r);
	}
}

static void h_int2(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	uint32_t *d = w->r[in->d];
	switch (in->h) {
	case EMU_H_ISCADD:
		LANE_WRITE(d, (a[l] << in->sub) + b[l]);
		break;
	case EMU_H_LOP:
		switch (in->sub) {
		case EMU_LOP_AND: LANE_WRITE(d, a[l] & b[l]); break;
		case EMU_LOP_OR: LANE_WRITE(d, a[l] | b[l]); break;
		case EMU_LOP_XOR: LANE_WRITE(d, a[l] ^ b[l]); break;
		default: LANE_WRITE(d, b[l]); break;
		}
		break;
	case EMU_H_ICMP: {
		const uint32_t *c = vsrc(x, w, &in->s[2], tc);
		LANE_LOOP WR(d, l, cmp_int(in->sub, c[l], 0, in->sign) ? a[l] : b[l]);
		break;
	}
	case EMU_H_IMNMX: {
		uint32_t p = pred_val(w, &in->s[2]);
		LANE_LOOP {
			uint32_t lt = in->sign ? (int32_t)a[l] < (int32_t)b[l] : a[l] < b[l];
			uint32_t mn = lt ? a[l] : b[l], mx = lt ? b[l] : a[l];
			WR(d, l, p >> l & 1 ? mn : mx);
		}
		break;
	}
	case EMU_H_SEL: {
		uint32_t p = pred_val(w, &in->s[2]);
		LANE_LOOP WR(d, l, p >> l & 1 ? a[l] : b[l]);
		break;
	}
	case EMU_H_VADD:
	case EMU_H_VMNMX: {
		const uint32_t *c = vsrc(x, w, &in->s[2], tc);
		bool vadd = in->h == EMU_H_VADD;
		LANE_LOOP {
			uint32_t r = vadd ? video_add(a[l], b[l], in->sign, in->sub3)
				: video_mnmx(a[l], b[l], in->sign, in->sub);
			WR(d, l, video_second(r, c[l], in->sign, in->sub2));
		}
		break;
	}
	case EMU_H_POPC:
		LANE_LOOP WR(d, l, (uint32_t)popc32(a[l] & b[l]));
		break;
	case EMU_H_BFE:
		LANE_LOOP {
			uint32_t pos = b[l] & 0xff, len = b[l] >> 8 & 0xff, v = a[l];
			if (in->sub)
				v = brev32(v);
			uint32_t msb = pos + len - 1;
			uint32_t sbit = in->sign && len ? (msb >= 31 ? v >> 31 : v >> msb & 1) : 0;
			uint32_t r = 0;
			for (uint32_t i = 0; i < 32; i++) {
				uint32_t bit = i < len ? (pos + i <= 31 ? v >> (pos + i) & 1 : sbit) : sbit;
				r |= bit << i;
			}
			WR(d, l, len ? r : 0);
		}
		break;
	case EMU_H_BFI: {
		const uint32_t *c = vsrc(x, w, &in->s[2], tc);
		LANE_LOOP {
			uint32_t pos = b[l] & 0xff, len = b[l] >> 8 & 0xff, r = c[l];
			for (uint32_t i = 0; i < len && pos + i < 32; i++)
				r = (r & ~(1u << (pos + i))) | ((a[l] >> i & 1) << (pos + i));
			WR(d, l, r);
		}
		break;
	}
	}
}

static void h_setp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32];
	int n = w->nlanes;
	uint32_t r = 0;
	if (in->h == EMU_H_PSETP) {
		uint32_t ab = bop(in->sub, pred_val(w, &in->s[0]), pred_val(w, &in->s[1]));
		uint32_t c = pred_val(w, &in->s[2]);
		pred_write(w, in->d, bop(in->sub2, ab, c), G);
		pred_write(w, in->d2, bop(in->sub2, ~ab, c), G);
		return;
	}
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	if (in->h == EMU_H_ISETP) { /* all-ones / zero per lane, then packed */
		uint32_t t[32], mlt = in->sub & 1 ? ~0u : 0, meq = in->sub & 2 ? ~0u : 0, mgt = in->sub & 4 ? ~0u : 0;
		if (in->sign)
			for (int l = 0; l < 32; l++) {
				uint32_t lt = 0u - ((int32_t)a[l] < (int32_t)b[l]), eq = 0u - (a[l] == b[l]);
				t[l] = (lt & mlt) | (eq & meq) | (~(lt | eq) & mgt);
			}
		else
			for (int l = 0; l < 32; l++) {
				uint32_t lt = 0u - (a[l] < b[l]), eq = 0u - (a[l] == b[l]);
				t[l] = (lt & mlt) | (eq & meq) | (~(lt | eq) & mgt);
			}
		r = pack_lanes(t);
	} else if (in->h == EMU_H_FSETP) {
		LANE_LOOP {
			float fa = f32(a[l]), fb = f32(b[l]);
			if (in->sub3) {
				fa = ftz(fa);
				fb = ftz(fb);
			}
			r |= cmp_flt(in->sub, fa, fb) << l;
		}
	} else if (in->wide) /* Tesla FSET */
		LANE_LOOP r |= cmp_flt(in->sub, f32(a[l]), f32(b[l])) << l;
	else
		LANE_LOOP r |= cmp_int(in->sub, a[l], b[l], in->sign) << l;
	(void)n;
	uint32_t c = pred_val(w, &in->s[2]);
	if (in->h == EMU_H_ISET) {
		uint32_t m = bop(in->sub2, r, c), *d = w->r[in->d];
		uint32_t one = in->sub3 ? 0x3f800000u : 0xffffffffu;
		LANE_LOOP WR(d, l, m >> l & 1 ? one : 0);
		return;
	}
	pred_write(w, in->d, bop(in->sub2, r, c), G);
	pred_write(w, in->d2, bop(in->sub2, ~r, c), G);
}

static float fsat(float v)
{
	return isnan(v) ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* FFMA's lanes with the CPU's fused multiply-add (chosen when the CPU has FMA3)... */
__attribute__((target("fma"))) static void fma_lanes_hw(const emu_ctx *x, uint32_t *d, const uint32_t *a,
							 const uint32_t *b, const uint32_t *c, uint32_t G, int n)
{
	LANE_WRITE(d, u32f(__builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
}

/* ...or with the C library's (exact, but a call per lane). */
static void fma_lanes_sw(const emu_ctx *x, uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c,
			 uint32_t G, int n)
{
	LANE_WRITE(d, u32f(fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
}

static void h_fp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], tb[32], tc[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *b = vsrc(x, w, &in->s[1], tb);
	const uint32_t *c = in->h == EMU_H_FFMA ? vsrc(x, w, &in->s[2], tc) : NULL;
	uint32_t *d = w->r[in->d];
	if (in->h != EMU_H_FMNMX && in->sub == EMU_RND_RN && !in->sub2 && !in->sub3) {
		/* round to nearest, no saturation or flushing: the common case */
		if (in->h == EMU_H_FADD)
			LANE_WRITE(d, u32f(f32(a[l]) + f32(b[l])));
		else if (in->h == EMU_H_FMUL)
			LANE_WRITE(d, u32f(f32(a[l]) * f32(b[l])));
		else if (x->fma_hw)
			fma_lanes_hw(x, d, a, b, c, G, n);
		else
			fma_lanes_sw(x, d, a, b, c, G, n);
		return;
	}
	int old = fegetround();
	if (in->h != EMU_H_FMNMX && in->sub != EMU_RND_RN)
		fesetround(fe_mode(in->sub));
	LANE_LOOP {
		float fa = f32(a[l]), fb = f32(b[l]), r;
		bool z = in->h != EMU_H_FMNMX && in->sub3;
		if (z) {
			fa = ftz(fa);
			fb = ftz(fb);
		}
		switch (in->h) {
		case EMU_H_FADD: r = fa + fb; break;
		case EMU_H_FMUL: r = fa * fb; break;
		case EMU_H_FFMA:
			if (in->sub & EMU_RND_INT) { /* Tesla MAD: product truncated, sum rounded */
				float p = fa * fb;
				fesetround(FE_TONEAREST);
				r = p + (z ? ftz(f32(c[l])) : f32(c[l]));
				fesetround(FE_TOWARDZERO);
			} else
				r = fmaf(fa, fb, z ? ftz(f32(c[l])) : f32(c[l]));
			break;
		default: r = (pred_val(w, &in->s[2]) >> l & 1) ? fminf(fa, fb) : fmaxf(fa, fb); break;
		}
		if (z)
			r = ftz(r);
		if (in->h != EMU_H_FMNMX && in->sub2)
			r = fsat(r);
		WR(d, l, u32f(r));
	}
	if (fegetround() != old)
		fesetround(old);
}

static void h_mufu(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		float v = f32(a[l]), r;
		switch (in->sub) {
		case EMU_MUFU_RCP: r = 1.0f / v; break;
		case EMU_MUFU_EX2: r = exp2f(v); break;
		case EMU_MUFU_LG2: r = log2f(v); break;
		case EMU_MUFU_SIN: r = sinf(v); break;
		case EMU_MUFU_COS: r = cosf(v); break;
		case EMU_MUFU_RSQ: r = 1.0f / sqrtf(v); break;
		default: r = sqrtf(v); break;
		}
		WR(d, l, u32f(r));
	}
}

/* Integer value of width bits (sign-extended if sgn) from a 32-bit register. */
static inline int64_t ext_int(uint32_t v, int bits, int sgn)
{
	if (bits >= 32)
		return sgn ? (int64_t)(int32_t)v : (int64_t)v;
	uint32_t m = (1u << bits) - 1;
	v &= m;
	if (sgn && (v >> (bits - 1) & 1))
		return (int64_t)v - ((int64_t)1 << bits);
	return v;
}

static inline uint32_t clamp_int(double v, int bits, int sgn)
{
	double lo = sgn ? -ldexp(1.0, bits - 1) : 0.0;
	double hi = sgn ? ldexp(1.0, bits - 1) - 1 : ldexp(1.0, bits) - 1;
	if (isnan(v))
		return 0;
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return (uint32_t)(int64_t)v;
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

static void h_cvt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32];
	int n = w->nlanes;
	int dbits = in->sub, sbits = in->sub2, dsg = in->sign & 1, ssg = in->sign >> 1 & 1;
	bool sat = in->width, z = in->wide;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta);
	const uint32_t *ahi = NULL;
	if (sbits == 64 && (in->h == EMU_H_F2I || in->h == EMU_H_F2F)) {
		a = w->r[in->s[0].reg];
		ahi = w->r[in->s[0].reg + 1];
	}
	int old = fegetround();
	if ((in->sub3 & 0xf) != EMU_RND_RN)
		fesetround(fe_mode(in->sub3));
	LANE_LOOP {
		if (!ON(l))
			continue;
		double v;
		if (in->h == EMU_H_I2F || in->h == EMU_H_I2I)
			v = (double)ext_int(a[l], sbits, ssg);
		else if (ahi)
			v = f64(a[l], (ahi[l] & in->s[0].and_) ^ in->s[0].xor_);
		else
			v = z ? ftz(f32(a[l])) : f32(a[l]);
		uint32_t lo, hi = 0;
		switch (in->h) {
		case EMU_H_I2F: {
			int64_t iv = ext_int(a[l], sbits, ssg);
			if (dbits == 64) {
				uint64_t u = u64d((double)iv);
				lo = (uint32_t)u;
				hi = (uint32_t)(u >> 32);
			} else
				lo = u32f((float)iv);
			break;
		}
		case EMU_H_F2I:
			lo = clamp_int(round_int(v, in->sub3), dbits, dsg);
			if (dbits < 32)
				lo = (uint32_t)ext_int(lo, dbits, dsg);
			break;
		case EMU_H_F2F:
			if (in->sub3 & EMU_RND_INT)
				v = round_int(v, in->sub3);
			if (sat)
				v = isnan(v) ? 0.0 : v < 0 ? 0.0 : v > 1 ? 1.0 : v;
			if (dbits == 64) {
				uint64_t u = u64d(v);
				lo = (uint32_t)u;
				hi = (uint32_t)(u >> 32);
			} else {
				float f = (float)v;
				lo = u32f(z ? ftz(f) : f);
			}
			break;
		default: { /* I2I */
			int64_t iv = ext_int(a[l], sbits, ssg);
			if (sat)
				lo = clamp_int((double)iv, dbits, dsg);
			else
				lo = (uint32_t)iv;
			lo = (uint32_t)ext_int(lo, dbits, dsg);
			break;
		}
		}
		w->r[in->d][l] = lo;
		if (dbits == 64 && (in->h == EMU_H_I2F || in->h == EMU_H_F2F))
			w->r[in->d + 1][l] = hi;
	}
	if (fegetround() != old)
		fesetround(old);
}

static void h_s2r(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t *d = w->r[in->d];
	const emu_cta *c = x->cur_cta;
	uint32_t v = 0;
	switch (in->sub) {
	case SR_TID_X: case SR_TID_Y: case SR_TID_Z:
		LANE_LOOP WR(d, l, w->tid[in->sub - SR_TID_X][l]);
		return;
	case SR_LANEID:
		LANE_LOOP WR(d, l, (uint32_t)l);
		return;
	case SR_LANEMASK_EQ: LANE_LOOP WR(d, l, 1u << l); return;
	case SR_LANEMASK_LT: LANE_LOOP WR(d, l, (1u << l) - 1); return;
	case SR_LANEMASK_LE: LANE_LOOP WR(d, l, (uint32_t)((2ull << l) - 1)); return;
	case SR_LANEMASK_GT: LANE_LOOP WR(d, l, ~(uint32_t)((2ull << l) - 1)); return;
	case SR_LANEMASK_GE: LANE_LOOP WR(d, l, ~((1u << l) - 1)); return;
	case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z: v = c->ctaid[in->sub - SR_CTAID_X]; break;
	case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z: v = x->block[in->sub - SR_NTID_X]; break;
	case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z: v = x->grid[in->sub - SR_NCTAID_X]; break;
	case SR_WARPID: v = (uint32_t)w->id; break;
	case SR_CLOCKLO: v = (uint32_t)c->issued; break;
	case SR_CLOCKHI: v = (uint32_t)(c->issued >> 32); break;
	default: v = 0; break;
	}
	LANE_LOOP WR(d, l, v);
}

static void h_vote(emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t pv = pred_val(w, &in->s[0]);
	uint32_t ballot = G & pv, *d = w->r[in->d];
	uint32_t q = in->sub ? ((G & ~pv) == 0 ? ~0u : 0) : (ballot ? ~0u : 0);
	LANE_LOOP WR(d, l, ballot);
	pred_write(w, in->d2, q, G);
}

/* Instruction index of a byte address, or -1. */
static int index_of_addr(const emu_func *f, uint64_t a)
{
	int lo = 0, hi = f->n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (f->insns[mid].addr == a)
			return mid;
		if (f->insns[mid].addr < a)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static bool h_brx(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, uint32_t pc)
{
	uint32_t ta[32], targets[32] = {0};
	int n = w->nlanes;
	const uint32_t *a = in->sub2 ? NULL : vsrc(x, w, &in->s[0], ta);
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint32_t addr;
		if (a)
			addr = a[l];
		else {
			uint8_t *p = mem_addr(x, w, in, EMU_SP_CONST, l, 4);
			if (!p)
				return false;
			memcpy(&addr, p, 4);
		}
		int t = index_of_addr(x->f, addr);
		if (t < 0) {
			trap(x, w, l, in, "BRX target 0x%x is not the address of an instruction", addr);
			return false;
		}
		targets[l] = (uint32_t)t;
	}
	simt_status st = simt_brx(&w->s, G, pc, pc + 1, targets, n);
	if (st != SIMT_OK) {
		trap(x, w, -1, in, "%s", simt_status_text(st));
		return false;
	}
	return true;
}

/* ---- doubles, byte permute, two-load and atomic handlers ---- */

/* A double operand per lane: register pairs with the sign operations on the high word;
   immediates hold the high word. */
static double dsrc(const emu_ctx *x, const emu_warp *w, const emu_src *s, int l)
{
	uint32_t lo = 0, hi;
	if (s->kind == SRC_REG) {
		lo = w->r[s->reg][l];
		hi = (w->r[s->reg + 1][l] & s->and_) ^ s->xor_;
	} else if (s->kind == SRC_CONST) {
		memcpy(&lo, x->cbank[s->bank] + s->imm, 4);
		memcpy(&hi, x->cbank[s->bank] + s->imm + 4, 4);
		hi = (hi & s->and_) ^ s->xor_;
	} else
		hi = s->imm;
	return f64(lo, hi);
}

static void h_double(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes, old = fegetround();
	if (in->sub2 != EMU_RND_RN)
		fesetround(fe_mode(in->sub2));
	uint32_t p = in->sub == EMU_D_MNMX ? pred_val(w, &in->s[2]) : 0;
	LANE_LOOP {
		if (!ON(l))
			continue;
		double a = dsrc(x, w, &in->s[0], l), b = dsrc(x, w, &in->s[1], l), r;
		switch (in->sub) {
		case EMU_D_ADD: r = a + b; break;
		case EMU_D_MUL: r = a * b; break;
		case EMU_D_FMA: r = fma(a, b, dsrc(x, w, &in->s[2], l)); break;
		default: r = (p >> l & 1) ? fmin(a, b) : fmax(a, b); break;
		}
		uint64_t u = u64d(r);
		w->r[in->d][l] = (uint32_t)u;
		w->r[in->d + 1][l] = (uint32_t)(u >> 32);
	}
	if (fegetround() != old)
		fesetround(old);
}

static void h_dsetp(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t r = 0;
	LANE_LOOP {
		double a = dsrc(x, w, &in->s[0], l), b = dsrc(x, w, &in->s[1], l);
		uint32_t t = isnan(a) || isnan(b) ? (in->sub & EMU_CMP_UN) != 0
			: (uint32_t)(in->sub >> (a < b ? 0 : a == b ? 1 : 2)) & 1;
		r |= t << l;
	}
	uint32_t c = pred_val(w, &in->s[2]);
	pred_write(w, in->d, bop(in->sub2, r, c), G);
	pred_write(w, in->d2, bop(in->sub2, ~r, c), G);
}

/* PRMT: result byte i is byte (nibble i & 7) of {b, a}; nibble bit 3 replicates its sign. */
static void h_prmt(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	uint32_t ta[32], ts[32], tb[32];
	int n = w->nlanes;
	const uint32_t *a = vsrc(x, w, &in->s[0], ta), *sel = vsrc(x, w, &in->s[1], ts);
	const uint32_t *b = vsrc(x, w, &in->s[2], tb);
	uint32_t *d = w->r[in->d];
	LANE_LOOP {
		uint64_t bytes = (uint64_t)b[l] << 32 | a[l];
		uint32_t r = 0;
		for (int i = 0; i < 4; i++) {
			uint32_t nib = sel[l] >> (4 * i) & 0xf;
			uint32_t byte = (uint32_t)(bytes >> (8 * (nib & 7))) & 0xff;
			if (nib & 8)
				byte = byte & 0x80 ? 0xff : 0;
			r |= byte << (8 * i);
		}
		WR(d, l, r);
	}
}

/* LD_LDU: the first load, then the second (uniform) one; both may trap. */
static bool h_ldldu(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	emu_insn second = *in;
	second.areg = in->areg2;
	second.off = in->off2;
	second.width = in->width2;
	second.d = in->d2;
	return do_load(x, w, in, EMU_SP_GLOBAL, G) && do_load(x, w, &second, EMU_SP_GLOBAL, G);
}

static uint64_t atom_op(int op, int type, uint64_t old, uint64_t b, uint64_t cmp_swap)
{
	bool sgn = type == EMU_AT_S32 || type == EMU_AT_S64;
	bool w64 = type == EMU_AT_U64 || type == EMU_AT_S64;
	int64_t so = w64 ? (int64_t)old : (int32_t)old, sb = w64 ? (int64_t)b : (int32_t)b;
	switch (op) {
	case EMU_ATOM_ADD:
		if (type == EMU_AT_F32)
			return u32f(f32((uint32_t)old) + f32((uint32_t)b));
		return old + b;
	case EMU_ATOM_MIN: return sgn ? (so < sb ? old : b) : (old < b ? old : b);
	case EMU_ATOM_MAX: return sgn ? (so > sb ? old : b) : (old > b ? old : b);
	case EMU_ATOM_INC: return old >= b ? 0 : old + 1;
	case EMU_ATOM_DEC: return (old == 0 || old > b) ? b : old - 1;
	case EMU_ATOM_AND: return old & b;
	case EMU_ATOM_OR: return old | b;
	case EMU_ATOM_XOR: return old ^ b;
	case EMU_ATOM_EXCH: return b;
	default: return old == b ? cmp_swap : old; /* CAS */
	}
}

/* ATOM / RED: lanes of G in lane order, each a read-modify-write of its address. */
static bool h_atom(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	bool w64 = in->width == 8;
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint8_t *p = mem_addr(x, w, in, EMU_SP_GLOBAL, l, in->width);
		if (!p)
			return false;
		uint64_t old = 0, b = 0, c = 0;
		for (int k = 0; k < (w64 ? 2 : 1); k++) {
			b |= (uint64_t)(in->s[0].kind == SRC_REG ? w->r[in->s[0].reg + k][l] : 0) << (32 * k);
			c |= (uint64_t)(in->s[1].kind == SRC_REG ? w->r[in->s[1].reg + k][l] : 0) << (32 * k);
		}
		/* CTAs may run on several threads: the read-modify-write is a real atomic */
		if (w64) {
			uint64_t *q = (uint64_t *)(void *)p, nv;
			old = __atomic_load_n(q, __ATOMIC_RELAXED);
			do
				nv = atom_op(in->sub, in->sub2, old, b, c);
			while (!__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
		} else {
			uint32_t *q = (uint32_t *)(void *)p, o32 = __atomic_load_n(q, __ATOMIC_RELAXED), nv;
			do
				nv = (uint32_t)atom_op(in->sub, in->sub2, o32, b, c);
			while (!__atomic_compare_exchange_n(q, &o32, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
			old = o32;
		}
		if (!in->sub3) {
			w->r[in->d][l] = (uint32_t)old;
			if (w64)
				w->r[in->d + 1][l] = (uint32_t)(old >> 32);
		}
	}
	return true;
}

/* Workers draw the step budget from the shared pool in chunks (false: it is spent). */
static bool take_budget(emu_ctx *x)
{
	const uint64_t chunk = 1 << 16;
	uint64_t left = __atomic_load_n(&x->pool->budget, __ATOMIC_RELAXED);
	for (;;) {
		if (left == 0)
			return false;
		uint64_t take = left < chunk ? left : chunk;
		if (__atomic_compare_exchange_n(&x->pool->budget, &left, left - take, false, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED)) {
			x->max_steps += take;
			return true;
		}
	}
}

/* ---- the warp loop ---- */

static run_result run_warp(emu_ctx *x, emu_cta *cta, emu_warp *w)
{
	const emu_func *f = x->f;
	emu_stats *stats = &x->stats;
	simt_state *s = &w->s;
	for (;;) {
		if (s->A == 0) {
			if (x->hook) { /* pop one token at a time so that each pop can be shown */
				while (s->A == 0 && s->depth > 0) {
					simt_token t = s->stack[s->depth - 1];
					simt_pop(s);
					if (x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
						return RUN_QUIT;
				}
			}
			if (simt_pop_rule(s) == SIMT_DONE) {
				w->state = EMU_W_DONE;
				return RUN_DONE;
			}
		}
		uint32_t pc = s->pc;
		if (pc >= (uint32_t)f->n) { /* ran past the end: those lanes end */
			simt_exit(s, s->A);
			continue;
		}
		const emu_insn *in = &x->code[pc];
		if (in->steps & EMU_STEP_FETCH) { /* e.g. Tesla's join: reconverge before issuing */
			simt_token t;
			int r = x->prog->rt->fetch(w, pc, &t);
			if ((r & EMU_FETCH_POPPED) && x->hook && x->hook(x->hook_user, x, w, EMU_EV_POP, &t))
				return RUN_QUIT;
			if (r & EMU_FETCH_AGAIN)
				continue;
		}
		if (x->steps >= x->max_steps && !take_budget(x)) {
			trap(x, w, -1, in, "step budget exhausted (--max-steps %llu)",
			     (unsigned long long)x->max_steps_total);
			return RUN_TRAP;
		}
		if (x->hook && x->hook(x->hook_user, x, w, EMU_EV_ISSUE, NULL))
			return RUN_QUIT;
		x->steps++;
		cta->issued++;
		uint32_t A = s->A;
		uint32_t pm = in->guard_neg ? ~w->p[in->guard] : w->p[in->guard];
		if (in->steps & EMU_STEP_GUARD)
			pm = x->prog->rt->guard(x, w, pc);
		uint32_t G = A & pm;
		bool guarded = in->guard != EMU_PT || in->guard_neg || (in->steps & EMU_STEP_GUARD);
		stats->warp[pc]++;
		stats->thread[pc] += (uint64_t)popc32(A);
		stats->active[pc] += (uint64_t)popc32(G);
		stats->predoff[pc] += G == 0;
		s->pc = pc + 1;
		simt_status st = SIMT_OK;
		emu_fault fault;
		if ((in->steps & EMU_STEP_PRE) && x->prog->rt->pre(x, w, pc, G, &fault)) {
			trap(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		switch ((emu_handler)in->h) {
		case EMU_H_MOV: {
			uint32_t t[32];
			const uint32_t *a = vsrc(x, w, &in->s[0], t);
			uint32_t *d = w->r[in->d];
			int n = w->nlanes;
			LANE_WRITE(d, a[l]);
			break;
		}
		case EMU_H_S2R: h_s2r(x, w, in, G); break;
		case EMU_H_IADD: h_iadd(x, w, in, G); break;
		case EMU_H_IMUL: h_imul(x, w, in, G, false); break;
		case EMU_H_IMAD: h_imul(x, w, in, G, true); break;
		case EMU_H_SHL: h_shift(x, w, in, G, true); break;
		case EMU_H_SHR: h_shift(x, w, in, G, false); break;
		case EMU_H_ISCADD: case EMU_H_LOP: case EMU_H_ICMP: case EMU_H_IMNMX: case EMU_H_SEL:
		case EMU_H_VADD: case EMU_H_VMNMX: case EMU_H_POPC: case EMU_H_BFE: case EMU_H_BFI:
			h_int2(x, w, in, G);
			break;
		case EMU_H_FLO: {
			uint32_t t[32];
			const uint32_t *a = vsrc(x, w, &in->s[0], t);
			uint32_t *d = w->r[in->d];
			for (int l = 0; l < w->nlanes; l++) {
				uint32_t v = in->sign && (int32_t)a[l] < 0 ? ~a[l] : a[l];
				uint32_t r = v ? (uint32_t)(31 - __builtin_clz(v)) : 0xffffffffu;
				if (in->sub && v)
					r = 31 - r;
				WR(d, l, r);
			}
			break;
		}
		case EMU_H_ISETP: case EMU_H_PSETP: case EMU_H_ISET: case EMU_H_FSETP:
			h_setp(x, w, in, G);
			break;
		case EMU_H_FADD: case EMU_H_FMUL: case EMU_H_FFMA: case EMU_H_FMNMX:
			h_fp(x, w, in, G);
			break;
		case EMU_H_MUFU: h_mufu(x, w, in, G); break;
		case EMU_H_I2F: case EMU_H_F2I: case EMU_H_F2F: case EMU_H_I2I:
			h_cvt(x, w, in, G);
			break;
		case EMU_H_VOTE: h_vote(w, in, G); break;
		case EMU_H_LD:
			if (!do_load(x, w, in, in->sub3, G))
				return RUN_TRAP;
			break;
		case EMU_H_ST:
			if (!do_store(x, w, in, in->sub3, G))
				return RUN_TRAP;
			break;
		case EMU_H_DARITH: h_double(x, w, in, G); break;
		case EMU_H_DSETP: h_dsetp(x, w, in, G); break;
		case EMU_H_PRMT: h_prmt(x, w, in, G); break;
		case EMU_H_LDLDU:
			if (!h_ldldu(x, w, in, G))
				return RUN_TRAP;
			break;
		case EMU_H_ATOM:
			if (!h_atom(x, w, in, G))
				return RUN_TRAP;
			break;
		case EMU_H_NOP: break;
		case EMU_H_SSY: st = simt_ssy(s, in->target); break;
		case EMU_H_PBK: st = simt_pbk(s, in->target); break;
		case EMU_H_PCNT: st = simt_pcnt(s, in->target); break;
		case EMU_H_PRET: st = simt_pret(s, in->target); break;
		case EMU_H_BRK: st = simt_brk(s, G); break;
		case EMU_H_CONT: st = simt_cont(s, G); break;
		case EMU_H_RET: st = simt_ret(s, G); break;
		case EMU_H_EXIT: simt_exit(s, G); break;
		case EMU_H_CAL: st = simt_call(s, G, pc + 1, in->target); break;
		case EMU_H_BRA:
			if (guarded && G && G != A)
				stats->divergent++;
			st = simt_bra(s, G, guarded, pc, pc + 1, in->target);
			break;
		case EMU_H_BRAU: simt_bra_u(s, G, pc + 1, in->target); break;
		case EMU_H_BRX:
			if (guarded && G && G != A)
				stats->divergent++;
			if (!h_brx(x, w, in, G, pc))
				return RUN_TRAP;
			break;
		case EMU_H_BAR: {
			if (!G) /* predicated off for every lane: the warp does not arrive */
				break;
			uint32_t t[32];
			const uint32_t *b = vsrc(x, w, &in->s[0], t);
			int first = G ? __builtin_ctz(G) : 0;
			w->bar_id = (int)b[first];
			w->bar_pc = in->addr;
			w->bar_mask = G;
			w->bar_dst = in->sub ? in->d : EMU_NO_REG;
			w->bar_count = (uint32_t)popc32(G & pred_val(w, &in->s[1]));
			w->state = EMU_W_BAR;
			if (in->sflag)
				st = simt_sflag(s, G, guarded);
			if (st != SIMT_OK) {
				trap(x, w, -1, in, "%s", simt_status_text(st));
				return RUN_TRAP;
			}
			if (s->depth > stats->max_depth)
				stats->max_depth = s->depth;
			return RUN_BAR;
		}
		case EMU_NHANDLERS: break;
		}
		if ((in->steps & EMU_STEP_POST) && x->prog->rt->post(x, w, pc, A, G, &fault)) {
			trap(x, w, fault.lane, in, "%s", fault.msg);
			return RUN_TRAP;
		}
		if (st == SIMT_OK && in->sflag)
			st = simt_sflag(s, G, guarded);
		if (st != SIMT_OK) {
			trap(x, w, -1, in, "%s", simt_status_text(st));
			return RUN_TRAP;
		}
		if (s->max_depth > stats->max_depth)
			stats->max_depth = s->max_depth;
	}
}

/* ---- CTAs and the grid ---- */

/* A trap leaves its warp for the hook to show (the state is still intact). */
static emu_status trapped(emu_ctx *x, emu_warp *w)
{
	if (x->hook && x->hook(x->hook_user, x, w, EMU_EV_TRAP, NULL))
		return EMU_QUIT;
	return EMU_TRAP;
}

static emu_status release_or_deadlock(emu_ctx *x, emu_cta *c)
{
	int id = -1;
	bool same = true;
	uint32_t count = 0;
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		if (w->state != EMU_W_BAR)
			continue;
		if (id < 0)
			id = w->bar_id;
		else if (w->bar_id != id)
			same = false;
		count += w->bar_count;
	}
	if (!same) {
		char buf[700];
		int k = snprintf(buf, sizeof buf, "barrier deadlock: warps wait at different barriers:");
		for (int i = 0; i < c->nwarps && k < (int)sizeof buf - 80; i++) {
			emu_warp *w = &c->warps[i];
			if (w->state == EMU_W_BAR)
				k += snprintf(buf + k, sizeof buf - (size_t)k, " [warp %d pc 0x%04x A=%08x bar %d]",
					      w->id, w->bar_pc, w->s.A, w->bar_id);
		}
		trap(x, NULL, -1, NULL, "%s", buf);
		return trapped(x, NULL);
	}
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		if (w->state != EMU_W_BAR)
			continue;
		if (w->bar_dst != EMU_NO_REG)
			for (int l = 0; l < w->nlanes; l++)
				if (w->bar_mask >> l & 1)
					w->r[w->bar_dst][l] = count;
		w->state = EMU_W_RUN;
	}
	return EMU_OK;
}

static emu_status run_cta(emu_ctx *x, emu_cta *c)
{
	for (;;) {
		int running = 0;
		for (int i = 0; i < c->nwarps; i++) {
			emu_warp *w = &c->warps[i];
			if (w->state != EMU_W_RUN)
				continue;
			x->cur_warp = i;
			run_result r = run_warp(x, c, w);
			if (r == RUN_TRAP)
				return trapped(x, w);
			if (r == RUN_QUIT)
				return EMU_QUIT;
			running++;
		}
		int waiting = 0;
		for (int i = 0; i < c->nwarps; i++)
			waiting += c->warps[i].state == EMU_W_BAR;
		if (!waiting)
			return EMU_OK;
		emu_status st = release_or_deadlock(x, c);
		if (st != EMU_OK)
			return st;
		(void)running;
	}
}

static void setup_warps(emu_ctx *x, emu_cta *c, uint32_t (*regs)[32], simt_token *stacks)
{
	uint32_t nthreads = x->block[0] * x->block[1] * x->block[2];
	int rows = x->f->nregs + EMU_SINK_ROWS;
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		memset(w, 0, sizeof *w);
		w->id = i;
		uint32_t first = (uint32_t)i * (uint32_t)x->warp_size;
		uint32_t left = nthreads - first;
		w->nlanes = left < (uint32_t)x->warp_size ? (int)left : x->warp_size;
		w->valid = w->nlanes == 32 ? 0xffffffffu : (1u << w->nlanes) - 1;
		w->r = regs + (size_t)i * (size_t)rows;
		w->p[EMU_PT] = 0xffffffffu;
		w->stack = stacks + (size_t)i * (size_t)x->stack_limit;
		simt_init(&w->s, w->valid, w->stack, x->stack_limit);
		for (int l = 0; l < w->nlanes; l++) {
			uint32_t t = first + (uint32_t)l;
			w->tid[0][l] = t % x->block[0];
			w->tid[1][l] = t / x->block[0] % x->block[1];
			w->tid[2][l] = t / (x->block[0] * x->block[1]);
		}
	}
}

/* Operands that are the same in every lane for the whole launch (immediates, and the
   constant banks, which nothing writes during a launch) become lane vectors once here,
   so that handlers read them like registers. */
static void bind_operands(emu_ctx *x)
{
	const emu_func *f = x->f;
	x->code = malloc(sizeof *x->code * (size_t)(f->n ? f->n : 1));
	x->vecs = malloc(sizeof *x->vecs * 4 * (size_t)(f->n ? f->n : 1));
	if (!x->code || !x->vecs) {
		free(x->code);
		free(x->vecs);
		x->code = NULL;
		x->vecs = NULL;
		return;
	}
	memcpy(x->code, f->insns, sizeof *x->code * (size_t)f->n);
	for (int i = 0; i < f->n; i++)
		for (int k = 0; k < 4; k++) {
			emu_src *s = &x->code[i].s[k];
			if (s->kind != SRC_IMM && s->kind != SRC_CONST)
				continue;
			uint32_t v = uniform_src(x, s);
			uint32_t *vec = x->vecs[4 * i + k];
			for (int l = 0; l < 32; l++)
				vec[l] = v;
			s->vec = vec;
		}
}

static emu_cta_stats stats_now(const emu_ctx *x)
{
	stats_totals t = stats_total(x);
	return (emu_cta_stats){.warp = t.warp, .thread = t.thread, .active = t.active, .predoff = t.predoff};
}

/* Run CTAs taken from the pool until none is left, one after another on this thread. */
static emu_status run_ctas(emu_ctx *x)
{
	uint32_t nthreads = x->block[0] * x->block[1] * x->block[2];
	uint32_t ncta = x->grid[0] * x->grid[1] * x->grid[2];
	emu_cta c = {0};
	c.nwarps = (int)((nthreads + (uint32_t)x->warp_size - 1) / (uint32_t)x->warp_size);
	size_t rows = (size_t)(x->f->nregs + EMU_SINK_ROWS);
	uint32_t (*regs)[32] = malloc(sizeof *regs * rows * (size_t)c.nwarps);
	simt_token *stacks = malloc(sizeof *stacks * (size_t)x->stack_limit * (size_t)c.nwarps);
	c.warps = malloc(sizeof *c.warps * (size_t)c.nwarps);
	c.smem = malloc(x->shared_bytes ? x->shared_bytes : 1);
	c.lmem = malloc((size_t)x->local_bytes * nthreads + 1);
	emu_status st = EMU_OK;
	if (!regs || !stacks || !c.warps || !c.smem || !c.lmem) {
		snprintf(x->trap.msg, sizeof x->trap.msg, "out of host memory for the launch");
		st = EMU_TRAP;
		goto out;
	}
	x->cur_cta = &c;
	bool uses_local = false;
	for (int i = 0; i < x->f->n; i++)
		uses_local |= (x->code[i].h == EMU_H_LD || x->code[i].h == EMU_H_ST) && x->code[i].sub3 == EMU_SP_LOCAL;
	for (;;) {
		uint32_t lin = __atomic_fetch_add(&x->pool->next_cta, 1, __ATOMIC_RELAXED);
		if (lin >= ncta || __atomic_load_n(&x->pool->stop, __ATOMIC_RELAXED))
			break;
		c.ctaid[0] = lin % x->grid[0];
		c.ctaid[1] = lin / x->grid[0] % x->grid[1];
		c.ctaid[2] = lin / (x->grid[0] * x->grid[1]);
		c.linear = (int)lin;
		c.issued = 0;
		memset(regs, 0, sizeof *regs * rows * (size_t)c.nwarps);
		memset(c.smem, 0, x->shared_bytes);
		if (uses_local) /* only LDL/STL reach local memory */
			memset(c.lmem, 0, (size_t)x->local_bytes * nthreads);
		setup_warps(x, &c, regs, stacks);
		if (x->prog->rt->cta_init && !x->prog->rt->cta_init(x, &c)) { /* it says why in x->trap */
			st = EMU_TRAP;
			break;
		}
		emu_cta_stats before = x->cta_stats ? stats_now(x) : (emu_cta_stats){0};
		st = run_cta(x, &c);
		if (x->cta_stats) { /* this worker's counts grew by exactly this CTA's */
			emu_cta_stats after = stats_now(x);
			x->cta_stats[lin] = (emu_cta_stats){after.warp - before.warp, after.thread - before.thread,
							    after.active - before.active, after.predoff - before.predoff};
		}
		if (st != EMU_OK) {
			__atomic_store_n(&x->pool->stop, 1, __ATOMIC_RELAXED);
			break;
		}
	}
	if (st == EMU_OK && x->hook && x->hook(x->hook_user, x, NULL, EMU_EV_END, NULL))
		st = EMU_QUIT;
out:
	x->cur_cta = NULL;
	free(regs);
	free(stacks);
	free(c.warps);
	free(c.smem);
	free(c.lmem);
	return st;
}

typedef struct {
	emu_ctx ctx; /* the worker's own copy: CTA state, statistics, steps, trap */
	pthread_t th;
	emu_status st;
} emu_worker;

static void *worker_main(void *arg)
{
	emu_worker *wk = arg;
	wk->st = run_ctas(&wk->ctx);
	return NULL;
}

/* CTAs on jobs threads; statistics are summed per CTA, so totals do not depend on jobs. */
static emu_status run_parallel(emu_ctx *x, int jobs)
{
	emu_worker *wk = calloc((size_t)jobs, sizeof *wk);
	if (!wk)
		return run_ctas(x);
	int started = 0;
	for (int i = 0; i < jobs; i++) {
		wk[i].ctx = *x;
		emu_stats_init(&wk[i].ctx.stats, x->f->n);
		wk[i].ctx.steps = wk[i].ctx.max_steps = 0;
		wk[i].ctx.trap.msg[0] = 0;
		if (pthread_create(&wk[i].th, NULL, worker_main, &wk[i]) == 0)
			started++;
		else {
			emu_stats_free(&wk[i].ctx.stats);
			break;
		}
	}
	emu_status st = started ? EMU_OK : run_ctas(x);
	for (int i = 0; i < started; i++) {
		pthread_join(wk[i].th, NULL);
		const emu_stats *ws = &wk[i].ctx.stats;
		for (int k = 0; k < x->f->n; k++) {
			x->stats.warp[k] += ws->warp[k];
			x->stats.thread[k] += ws->thread[k];
			x->stats.active[k] += ws->active[k];
			x->stats.predoff[k] += ws->predoff[k];
		}
		x->stats.divergent += ws->divergent;
		if (ws->max_depth > x->stats.max_depth)
			x->stats.max_depth = ws->max_depth;
		x->steps += wk[i].ctx.steps;
		if (wk[i].st != EMU_OK && st == EMU_OK) {
			st = wk[i].st;
			memcpy(&x->trap, &wk[i].ctx.trap, sizeof x->trap);
		}
		emu_stats_free(&wk[i].ctx.stats);
	}
	free(wk);
	return st;
}

emu_status emu_launch(emu_ctx *x)
{
	bind_operands(x);
	if (!x->code) {
		snprintf(x->trap.msg, sizeof x->trap.msg, "out of host memory for the launch");
		return EMU_TRAP;
	}
	x->fma_hw = __builtin_cpu_supports("fma");
	for (int v = 0; v < 256; v++)
		for (int b = 0; b < 8; b++)
			x->lane_masks[v][b] = (v >> b & 1) ? 0xffffffffu : 0;
	emu_pool pool = {.budget = x->max_steps};
	x->pool = &pool;
	x->max_steps_total = x->max_steps;
	x->max_steps = x->steps; /* budget comes from the pool in chunks */
	uint32_t ncta = x->grid[0] * x->grid[1] * x->grid[2];
	int jobs = x->hook ? 1 : x->jobs; /* trace and debug follow one thread */
	if (jobs > (int)ncta)
		jobs = (int)ncta;
	emu_status st = jobs > 1 ? run_parallel(x, jobs) : run_ctas(x);
	x->pool = NULL;
	x->max_steps = x->max_steps_total;
	free(x->code);
	free(x->vecs);
	x->code = NULL;
	x->vecs = NULL;
	return st;
}
