/* Memory operation bodies: loads, stores, LD_LDU and atomics (included once, by emu/interp.c). */
/* ---- memory ---- */

typedef int space; /* EMU_SP_* */

static const char *const space_names[] = {"global", "shared", "local", "constant"};

/* Address of lane l's access; NULL after a trap. */
static uint8_t *mem_addr(emu_ctx *x, emu_warp *w, const emu_insn *in, space sp, int l, unsigned size)
{
	uint64_t a = emu_lane_addr(in, w, l);
	if (size & (size - 1) ? a % size : a & (size - 1)) { /* widths are powers of two: no division */
		emu_trap_at(x, w, l, in, "misaligned %s access of %u bytes at address 0x%llx", space_names[sp],
		     size, (unsigned long long)a);
		return NULL;
	}
	uint8_t *p = NULL;
	if (sp == EMU_SP_GLOBAL) /* a generic address in the shared or the thread's local window */
		sp = emu_generic_space(&x->gmem, &a);
	switch (sp) {
	case EMU_SP_GLOBAL:
		p = emu_gmem_ptr(&x->gmem, a, size);
		break;
	case EMU_SP_SHARED:
		if (a + size <= x->shared_bytes) {
			p = x->cur_cta->smem + a;
			emu_smem_note(x->cur_cta, a + size);
		}
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
		emu_trap_at(x, w, l, in, "out-of-bounds %s access of %u bytes at address 0x%llx", space_names[sp],
		     size, (unsigned long long)a);
	return p;
}

/* Global 32-bit-address accesses of a warp usually fall in one buffer: find the first
   active lane's buffer and check every lane against it at once (offset and alignment
   tests ORed over the warp, no branch per lane). Returns false to fall back to the
   general path (which reports any fault). */
/* The warp's access by in starts at host address p: prefetch where the same stride leads
   (two lines: a warp's 128 bytes may straddle them). */
static inline void prefetch_stride(emu_warp *w, const emu_insn *in, const uint8_t *p)
{
	unsigned k = (unsigned)((uintptr_t)in / sizeof *in) & 3;
	uintptr_t a = (uintptr_t)p;
	if (w->pf_in[k] == in && a != w->pf_last[k]) {
		uintptr_t next = a + (a - w->pf_last[k]);
		__builtin_prefetch((const void *)next);
		__builtin_prefetch((const void *)(next + 64));
	}
	w->pf_in[k] = in;
	w->pf_last[k] = a;
}

/* A full warp's 32-bit access of 32 consecutive aligned words of one buffer (lane l at
   a0 + 4l, a coalesced access): the host address of a0, or NULL for the other paths. One
   compare per lane, one buffer search and one range test for the warp, and the caller
   moves 128 bytes at once. */
static uint8_t *contig_global(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	if (G != 0xffffffffu || in->width != 4 || in->wide || in->areg == EMU_NO_REG ||
	    in->xreg != EMU_NO_REG || in->ascale)
		return NULL;
	static const uint32_t step[32] = {0,  4,  8,  12, 16, 20, 24, 28, 32, 36, 40,
					  44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84,
					  88, 92, 96, 100, 104, 108, 112, 116, 120, 124};
	const uint32_t *ar = w->r[in->areg];
	uint32_t a = ar[0], diff = 0;
	for (int l = 0; l < 32; l++) /* a vector compare with the lanes' offsets */
		diff |= ar[l] ^ (a + step[l]);
	uint64_t a0 = (uint32_t)(a + (uint32_t)in->off);
	if (diff || (a0 & 3) || a0 + 128 > 0x100000000ull) /* lane addresses wrap mod 2^32 */
		return NULL;
	for (int i = 0; i < x->gmem.n; i++) {
		const emu_buffer *b = &x->gmem.bufs[i];
		if (a0 >= b->addr && a0 - b->addr + 128 <= b->size) {
			uint8_t *p = b->data + (a0 - b->addr);
			prefetch_stride(w, in, p);
			return p;
		}
	}
	return NULL;
}

static bool fast_global(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, uint8_t **ptr)
{
	if (in->wide || in->areg == EMU_NO_REG || in->xreg != EMU_NO_REG || in->ascale || G == 0)
		return false;
	unsigned size = in->width;
	const uint32_t *ar = w->r[in->areg];
	int first = __builtin_ctz(G);
	uint64_t a0 = (uint32_t)(ar[first] + (uint32_t)in->off);
	uint8_t *p0 = emu_gmem_ptr(&x->gmem, a0, size);
	if (!p0 || (a0 & (size - 1)))
		return false;
	emu_buffer *b = NULL;
	for (int i = 0; i < x->gmem.n && !b; i++)
		if (a0 >= x->gmem.bufs[i].addr && a0 < x->gmem.bufs[i].addr + x->gmem.bufs[i].size)
			b = &x->gmem.bufs[i];
	uint64_t base = b->addr, last = b->size - size; /* p0 is inside: b->size >= size */
	uint32_t off = (uint32_t)in->off;
	uint64_t bad = 0;
	for (int l = 0; l < 32; l++) {
		uint64_t o = (uint64_t)(uint32_t)(ar[l] + off) - base; /* below the buffer: wraps high */
		bad |= ((o > last) | (o & (size - 1))) & (G >> l & 1);
		ptr[l] = b->data + (o <= last ? o : 0); /* a pointer is only formed inside the buffer */
	}
	prefetch_stride(w, in, ptr[first]);
	return !bad;
}

/* Shared accesses of a warp (32-bit addresses, no uniform index) checked at once, as in
   fast_global: the address of every lane as mem_addr computes it, alignment by a mask,
   the bound by a compare. false: the general path, which reports any fault. */
static bool fast_shared(const emu_ctx *x, const emu_warp *w, const emu_insn *in, uint32_t G, uint8_t **ptr)
{
	unsigned size = in->width;
	if (in->wide || in->xreg != EMU_NO_REG || (size & (size - 1)) || G == 0)
		return false;
	static const uint32_t zero[32];
	const uint32_t *ar = in->areg == EMU_NO_REG ? zero : w->r[in->areg];
	if (x->shared_bytes < size || x->shared_bytes > 0xffffffffu || in->ascale > 31)
		return false;
	/* 32-bit addressing: (a << scale) + off mod 2^32, the low word of mem_addr's sum */
	uint32_t off = (uint32_t)in->off, last = (uint32_t)(x->shared_bytes - size), bad = 0;
	uint8_t *smem = x->cur_cta->smem;
	for (int l = 0; l < 32; l++) {
		uint32_t a = (ar[l] << in->ascale) + off;
		bad |= ((a > last) | (a & (size - 1))) & (G >> l & 1);
		ptr[l] = smem + (a <= last ? a : 0); /* a pointer is only formed inside the window */
	}
	return !bad;
}

/* The words of a checked fast path: loads (to d) or stores (from v) through the lanes'
   pointers, every lane of a full warp in lane order (a store: the last of equal addresses
   wins), else the active lanes only, no test per lane. */
static inline void load_words(uint32_t *d, uint8_t *const *ptr, uint32_t G)
{
	if (G == 0xffffffffu)
		for (int l = 0; l < 32; l++)
			memcpy(&d[l], ptr[l], 4);
	else
		for (uint32_t m = G; m; m &= m - 1) {
			int l = __builtin_ctz(m);
			memcpy(&d[l], ptr[l], 4);
		}
}

static inline void store_words(uint8_t *const *ptr, const uint32_t *v, uint32_t G)
{
	if (G == 0xffffffffu)
		for (int l = 0; l < 32; l++)
			memcpy(ptr[l], &v[l], 4);
	else
		for (uint32_t m = G; m; m &= m - 1) {
			int l = __builtin_ctz(m);
			memcpy(ptr[l], &v[l], 4);
		}
}

static bool do_load(emu_ctx *x, emu_warp *w, const emu_insn *in, space sp, uint32_t G)
{
	if (!G) /* predicated off in every lane: nothing to load, nothing to check */
		return true;
	unsigned size = in->width;
	uint8_t *ptr[32], *p;
	if (sp == EMU_SP_GLOBAL && (p = contig_global(x, w, in, G))) {
		memcpy(w->r[in->d], p, 128);
		return true;
	}
	if (sp == EMU_SP_GLOBAL && size == 4 && fast_global(x, w, in, G, ptr)) {
		load_words(w->r[in->d], ptr, G);
		return true;
	}
	bool fast = sp == EMU_SP_SHARED && fast_shared(x, w, in, G, ptr);
	if (fast && size == 4) {
		uint32_t *d = w->r[in->d];
		if (G == 0xffffffffu && sp == EMU_SP_SHARED) {
			/* checked by fast_shared: aligned words in bounds, so one word load per lane
			   from the address computed the same way (no pointer array to go through) */
			typedef uint32_t __attribute__((may_alias)) word;
			const word *sw = (const word *)(const void *)x->cur_cta->smem;
			static const uint32_t zero[32];
			const uint32_t *ar = in->areg == EMU_NO_REG ? zero : w->r[in->areg];
			uint32_t off = (uint32_t)in->off, t[32];
			for (int l = 0; l < 32; l++)
				t[l] = sw[((ar[l] << in->ascale) + off) >> 2];
			memcpy(d, t, sizeof t);
		} else
			load_words(d, ptr, G);
		return true;
	}
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint8_t *p = fast ? ptr[l] : mem_addr(x, w, in, sp, l, size);
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
	if (!G)
		return true;
	unsigned size = in->width;
	uint8_t *ptr[32], *p;
	if (sp == EMU_SP_GLOBAL && in->d != EMU_NO_REG && (p = contig_global(x, w, in, G))) {
		memcpy(p, w->r[in->d], 128);
		return true;
	}
	if (sp == EMU_SP_GLOBAL && size == 4 && in->d != EMU_NO_REG && fast_global(x, w, in, G, ptr)) {
		store_words(ptr, w->r[in->d], G);
		return true;
	}
	bool fast = sp == EMU_SP_SHARED && fast_shared(x, w, in, G, ptr);
	if (fast) { /* the bytes the next CTA clears (emu_smem_note): up to the highest lane's */
		uint64_t hi = 0;
		for (int l = 0; l < 32; l++) {
			uint64_t o = (uint64_t)(ptr[l] - x->cur_cta->smem);
			hi = o > hi ? o : hi;
		}
		emu_smem_note(x->cur_cta, hi + size);
	}
	if (fast && size == 4 && in->d != EMU_NO_REG) {
		store_words(ptr, w->r[in->d], G);
		return true;
	}
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint8_t *p = fast ? ptr[l] : mem_addr(x, w, in, sp, l, size);
		if (!p)
			return false;
		for (unsigned k = 0; k < (size + 3) / 4; k++) {
			uint32_t v = in->d == EMU_NO_REG ? 0 : w->r[in->d + k][l];
			memcpy(p + 4 * k, &v, size < 4 ? size : 4);
		}
	}
	return true;
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

/* atom.add.noftz.f16x2 / .bf16x2: two sums, each exact in a double and rounded once to
   nearest even; denormals kept, an invalid sum the canonical NaN 0x7fff. */
static uint32_t atom_add_pair(bool bf, uint32_t old, uint32_t b)
{
	int p = bf ? 8 : 11, bias = bf ? 127 : 15;
	uint32_t r = 0;
	for (int k = 0; k < 32; k += 16) {
		double s = vfp_wide((uint16_t)(old >> k), p, bias) + vfp_wide((uint16_t)(b >> k), p, bias);
		r |= (uint32_t)(isnan(s) ? VFP_NAN16 : vfp_narrow(s, p, bias, EMU_RND_RN)) << k;
	}
	return r;
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
		if (type == EMU_AT_F64) /* atom.add.f64: IEEE double, to nearest */
			return u64d(f64((uint32_t)old, (uint32_t)(old >> 32)) + f64((uint32_t)b, (uint32_t)(b >> 32)));
		if (type == EMU_AT_F16X2 || type == EMU_AT_BF16X2) /* .noftz: each half to nearest */
			return atom_add_pair(type == EMU_AT_BF16X2, (uint32_t)old, (uint32_t)b);
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

/* LDSLK / STSCUL, Kepler's lock pair for shared-memory atomics (ptxas's loop: LDSLK p, v,
   [a]; @p compute; @p STSCUL q, [a], v'; @!q BRA back). Each 32-bit word of shared memory
   has a lock; lanes go in lane order. LDSLK loads the word and takes its lock if it is free
   (or already this lane's): p says whether it did. STSCUL stores and frees the lock if
   this lane holds it (q true), else stores nothing (q false). No document defines the
   pair; this is the reading that makes ptxas's loop an atomic read-modify-write.
   Fermi's STSUL [a], v (the loop: LDSLK p, v, [a]; @p compute; @p STSUL [a], v'; @!p BRA
   back) stores in any case and frees the lock if this lane holds it; its p is a sink. */
static bool h_slock(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	uint32_t p = 0;
	bool lock = in->h == EMU_H_LDSLK;
	const uint32_t *v = lock ? NULL : w->r[in->s[0].reg];
	uint32_t tv[32];
	if (!lock)
		v = vsrc(x, w, &in->s[0], tv);
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint8_t *q = mem_addr(x, w, in, EMU_SP_SHARED, l, 4);
		if (!q)
			return false;
		uint32_t k = (uint32_t)((q - x->cur_cta->smem) / 4), *owner = &x->cur_cta->slock[k];
		if (k + 1 > x->cur_cta->slock_hw)
			x->cur_cta->slock_hw = k + 1;
		uint32_t me = (uint32_t)(w->id * 32 + l + 1);
		if (lock) {
			memcpy(&w->r[in->d][l], q, 4);
			if (!*owner || *owner == me) {
				*owner = me;
				p |= 1u << l;
			}
		} else if (*owner == me) {
			memcpy(q, &v[l], 4);
			*owner = 0;
			p |= 1u << l;
		} else if (in->h == EMU_H_STSUL) /* Fermi's store-unlock stores in any case */
			memcpy(q, &v[l], 4);
	}
	pred_write(w, in->d2, p, G);
	return true;
}

/* ATOM / RED: lanes of G in lane order, each a read-modify-write of its address. */
static bool h_atom(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	int n = w->nlanes;
	bool w64 = in->width == 8;
	LANE_LOOP {
		if (!ON(l))
			continue;
		uint8_t *p = mem_addr(x, w, in, in->aflags & EMU_ATOM_F_SHARED ? EMU_SP_SHARED : EMU_SP_GLOBAL, l, in->width);
		if (!p)
			return false;
		uint64_t old = 0, b = 0, c = 0;
		for (int k = 0; k < (w64 ? 2 : 1); k++) {
			/* an immediate (ATOMS.POPC.INC's 1) is the low word */
			b |= (uint64_t)(in->s[0].kind == SRC_REG ? w->r[in->s[0].reg + k][l] : k ? 0 : in->s[0].imm) << (32 * k);
			c |= (uint64_t)(in->s[1].kind == SRC_REG ? w->r[in->s[1].reg + k][l] : k ? 0 : in->s[1].imm) << (32 * k);
		}
		/* CTAs may run on several threads: the read-modify-write is a real atomic */
		if (w64) {
			uint64_t *q = (uint64_t *)(void *)p, nv;
			old = __atomic_load_n(q, __ATOMIC_RELAXED);
			do
				nv = atom_op(in->fn, in->atype, old, b, c);
			while (!__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
		} else {
			uint32_t *q = (uint32_t *)(void *)p, o32 = __atomic_load_n(q, __ATOMIC_RELAXED), nv;
			do
				nv = (uint32_t)atom_op(in->fn, in->atype, o32, b, c);
			while (!__atomic_compare_exchange_n(q, &o32, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
			old = o32;
		}
		if (!(in->aflags & EMU_ATOM_F_RED)) {
			w->r[in->d][l] = (uint32_t)old;
			if (w64)
				w->r[in->d + 1][l] = (uint32_t)(old >> 32);
		}
	}
	return true;
}

