/* Launch context: constant banks, the per-target launch ABI, global memory, statistics. */
#include <stdlib.h>
#include <string.h>

#include "emu/emu.h"
#include "util/xalloc.h"

/* n zeroed elements of size bytes on cache lines of their own */
static void *zalloc_lines(size_t n, size_t size)
{
	void *m = aligned_alloc(64, (n * size + 63) / 64 * 64);
	if (!m) /* xcalloc reports the host out of memory, as everywhere */
		return xcalloc(n, size);
	memset(m, 0, n * size);
	return m;
}

void emu_stats_init(emu_stats *s, int n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	/* on their own cache lines: workers on other cores count into their own arrays without
	   sharing a line (false sharing); the run counters and their list are written at
	   every run entry */
	size_t k = (size_t)(n ? n : 1);
	s->pc = zalloc_lines(k, sizeof *s->pc);
	s->run = zalloc_lines(k, sizeof *s->run);
	s->dirty = zalloc_lines(k, sizeof *s->dirty);
}

void emu_stats_free(emu_stats *s)
{
	free(s->pc);
	free(s->run);
	free(s->dirty);
	memset(s, 0, sizeof *s);
}

void emu_ctx_init(emu_ctx *x, const emu_program *p, const emu_func *f)
{
	memset(x, 0, sizeof *x);
	x->prog = p;
	x->f = f;
	for (int i = 0; i < 3; i++)
		x->grid[i] = x->block[i] = 1;
	x->block[0] = 32;
	x->warp_size = 32;
	x->shared_bytes = 16384;
	x->local_bytes = 1024;
	x->stack_limit = 64;
	x->jobs = 1;
	x->max_steps = 10000000000ull;
	for (int b = 0; b < EMU_NBANKS; b++) {
		x->cbank[b] = xcalloc(1, EMU_BANK_BYTES);
	}
	/* the generic windows: far away where the ABI gives 64-bit bases, else the 32-bit ones */
	bool wide = false;
	for (int i = 0; p->rt && i < p->rt->nabi; i++)
		wide |= p->rt->abi[i].what == EMU_ABI_SHARED_BASE64 || p->rt->abi[i].what == EMU_ABI_LOCAL_BASE64;
	x->gmem.swin = wide ? EMU_SHARED_WINDOW64 : EMU_SHARED_WINDOW;
	x->gmem.lwin = wide ? EMU_LOCAL_WINDOW64 : EMU_LOCAL_WINDOW;
	x->gmem.win_size = wide ? EMU_WINDOW64_SIZE : EMU_SHARED_WINDOW_SIZE;
	emu_stats_init(&x->stats, f->n);
}

void emu_ctx_free(emu_ctx *x)
{
	for (int b = 0; b < EMU_NBANKS; b++)
		free(x->cbank[b]);
	emu_gmem_free(&x->gmem);
	emu_stats_free(&x->stats);
	free((void *)x->tex);
}

static void put32(uint8_t *bank, uint32_t off, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		bank[off + (uint32_t)i] = (uint8_t)(v >> 8 * i);
}

/* The generation's launch ABI (SPEC section 4) in the constant banks: its table's words. */
void emu_abi_setup(emu_ctx *x)
{
	const emu_rt *rt = x->prog->rt;
	for (int i = 0; i < rt->nabi; i++) {
		const emu_abi_word *a = &rt->abi[i];
		uint8_t *b = x->cbank[a->bank];
		uint32_t off = a->off;
		switch ((emu_abi_what)a->what) {
		case EMU_ABI_NTID:
		case EMU_ABI_NCTAID:
			for (uint32_t k = 0; k < 3; k++)
				put32(b, off + 4 * k, a->what == EMU_ABI_NTID ? x->block[k] : x->grid[k]);
			break;
		case EMU_ABI_SHARED_WINDOW: put32(b, off, (uint32_t)x->gmem.swin); break;
		case EMU_ABI_SHARED_BASE64: /* shared memory at {SR_SWINHI : 0} */
			put32(b, off, (uint32_t)x->gmem.swin);
			put32(b, off + 4, (uint32_t)(x->gmem.swin >> 32));
			break;
		case EMU_ABI_LOCAL_WINDOW: put32(b, off, (uint32_t)x->gmem.lwin); break;
		case EMU_ABI_LOCAL_BASE64:
			put32(b, off, (uint32_t)x->gmem.lwin);
			put32(b, off + 4, (uint32_t)(x->gmem.lwin >> 32));
			break;
		case EMU_ABI_LOCAL_BYTES: put32(b, off, x->local_bytes); break;
		case EMU_ABI_CLUSTER1: /* +0 explicit cluster (no), then per dimension: the cluster's
					  CTAs (1), their reciprocal (1.0f), the clusters (nctaid); +0x48 the
					  cluster's CTA count (1) */
			put32(b, off, 0);
			for (uint32_t k = 0; k < 3; k++) {
				put32(b, off + 0x4 + 4 * k, 1);
				put32(b, off + 0x10 + 4 * k, 0x3f800000u);
				put32(b, off + 0x1c + 4 * k, x->grid[k]);
			}
			put32(b, off + 0x48, 1);
			break;
		}
	}
}

emu_buffer *emu_gmem_add(emu_gmem *g, const char *name, emu_type t, uint64_t count)
{
	if (g->n == 0 || (g->n >= 4 && !(g->n & (g->n - 1)))) /* capacity doubles at powers of two */
		g->bufs = xrealloc(g->bufs, sizeof *g->bufs * (size_t)(g->n ? 2 * g->n : 4));
	emu_buffer *b = &g->bufs[g->n++];
	memset(b, 0, sizeof *b);
	b->name = xstrdup(name);
	b->type = t;
	b->count = count;
	b->size = count * (uint64_t)emu_type_size(t);
	b->data = xcalloc_big(b->size); /* huge pages for a large one */
	return b;
}

static int by_addr(const void *a, const void *b)
{
	const emu_buffer *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int ptr_by_addr(const void *a, const void *b)
{
	const emu_buffer *x = *(emu_buffer *const *)a, *y = *(emu_buffer *const *)b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The first place after o for a buffer: 256-aligned, a guard gap after o's end. */
static uint64_t cand(const emu_buffer *o, uint64_t gap)
{
	return (o->addr + o->size + gap + 255) & ~(uint64_t)255;
}

/* Between o and its successor p nothing fits: even an empty buffer at o's first place
   would be within p's guard gap, so the next place to try is p's. */
static bool gap_dead(const emu_buffer *o, const emu_buffer *p, uint64_t gap)
{
	uint64_t a = cand(o, gap);
	return a < p->addr + p->size + gap && p->addr < a + gap;
}

/* Whether [a, a + size) meets the window at base (win bytes). */
static bool in_window(uint64_t a, uint64_t size, uint64_t base, uint64_t win)
{
	return win && a < base + win && base < a + size;
}

/* Unplaced buffers go from 0x100000 up, below 4 GiB and below the generic windows there,
   256-byte aligned, with at least a 4 KiB unmapped gap on each side so that overruns trap.
   Each takes the lowest such place (first fit). The placed buffers are kept sorted by
   address; the gaps at the front that no buffer can use (under two guard gaps wide) are
   skipped, so that n buffers take O(n log n), not O(n^2), when they do not overlap. */
const char *emu_gmem_place(emu_gmem *g, emu_clash *why)
{
	const uint64_t gap = 0x1000;
	uint64_t top = 0x100000000ull; /* where unplaced buffers end: 4 GiB, or a window below it */
	if (g->win_size && g->swin < top)
		top = g->swin;
	if (g->win_size && g->lwin < top)
		top = g->lwin;
	*why = EMU_CLASH_BUFFER;
	emu_buffer **s = xcalloc((size_t)(g->n ? g->n : 1), sizeof *s);
	int ns = 0;
	for (int i = 0; i < g->n; i++)
		if (g->bufs[i].placed)
			s[ns++] = &g->bufs[i];
	qsort(s, (size_t)ns, sizeof *s, ptr_by_addr);
	for (int i = 1; i < ns; i++)
		if (s[i]->addr < s[i - 1]->addr + s[i - 1]->size) {
			const char *clash = s[i]->name;
			free(s);
			return clash;
		}
	int dead = 0; /* for k < dead, no buffer fits between s[k] and s[k + 1] */
	for (int i = 0; i < g->n; i++) {
		emu_buffer *b = &g->bufs[i];
		if (b->placed)
			continue;
		uint64_t a = 0x100000;
		/* first placed buffer that could conflict: its end + gap passes a */
		int lo = 0, hi = ns;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			if (s[mid]->addr + s[mid]->size + gap > a)
				hi = mid;
			else
				lo = mid + 1;
		}
		int j = lo;
		for (; j < ns; j++) {
			if (s[j]->addr + s[j]->size + gap <= a)
				continue; /* below a with its guard (a tiny buffer inside a guard gap) */
			if (a + b->size + gap <= s[j]->addr)
				break; /* above: b fits at a */
			if (j < dead) /* past s[j] every next candidate conflicts, up to s[dead] */
				j = dead;
			a = cand(s[j], gap);
		}
		if (a + b->size > top) {
			free(s);
			*why = EMU_CLASH_FULL;
			return b->name;
		}
		b->addr = a;
		b->placed = true;
		/* insert at j: s[j] (if any) starts above b, everything before starts below a */
		memmove(s + j + 1, s + j, sizeof *s * (size_t)(ns - j));
		s[j] = b;
		ns++;
		if (j <= dead)
			dead = j ? j - 1 : 0;
		while (dead + 1 < ns && gap_dead(s[dead], s[dead + 1], gap))
			dead++;
	}
	free(s);
	/* bufs[] moves under the sort below; no pointer into it is kept */
	if (g->n > 1)
		qsort(g->bufs, (size_t)g->n, sizeof *g->bufs, by_addr);
	for (int i = 0; i < g->n; i++) {
		const emu_buffer *b = &g->bufs[i];
		if (i && b->addr < g->bufs[i - 1].addr + g->bufs[i - 1].size)
			return b->name;
		/* a buffer in a window would be hidden by it */
		if (in_window(b->addr, b->size, g->swin, g->win_size)) {
			*why = EMU_CLASH_SHARED;
			return b->name;
		}
		if (in_window(b->addr, b->size, g->lwin, g->win_size)) {
			*why = EMU_CLASH_LOCAL;
			return b->name;
		}
	}
	return NULL;
}

emu_buffer *emu_gmem_find_name(emu_gmem *g, const char *name)
{
	for (int i = 0; i < g->n; i++)
		if (!strcmp(g->bufs[i].name, name))
			return &g->bufs[i];
	return NULL;
}

uint8_t *emu_gmem_ptr(emu_gmem *g, uint64_t addr, unsigned size)
{
	int lo = 0, hi = g->n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		emu_buffer *b = &g->bufs[mid];
		if (addr < b->addr)
			hi = mid - 1;
		else if (addr >= b->addr + b->size)
			lo = mid + 1;
		else
			return addr + size <= b->addr + b->size ? b->data + (addr - b->addr) : NULL;
	}
	return NULL;
}

void emu_gmem_free(emu_gmem *g)
{
	for (int i = 0; i < g->n; i++) {
		free(g->bufs[i].name);
		xfree_big(g->bufs[i].data, g->bufs[i].size);
	}
	free(g->bufs);
	g->bufs = NULL;
	g->n = 0;
}
