/* Launch context: constant banks, the per-target launch ABI, global memory, statistics. */
#include <stdlib.h>
#include <string.h>

#include "emu/emu.h"
#include "util/xalloc.h"

void emu_stats_init(emu_stats *s, int n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	size_t k = (size_t)(n ? n : 1);
	s->warp = xcalloc(k, sizeof *s->warp);
	s->thread = xcalloc(k, sizeof *s->thread);
	s->active = xcalloc(k, sizeof *s->active);
	s->predoff = xcalloc(k, sizeof *s->predoff);
}

void emu_stats_free(emu_stats *s)
{
	free(s->warp);
	free(s->thread);
	free(s->active);
	free(s->predoff);
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
	emu_stats_init(&x->stats, f->n);
}

void emu_ctx_free(emu_ctx *x)
{
	for (int b = 0; b < EMU_NBANKS; b++)
		free(x->cbank[b]);
	emu_gmem_free(&x->gmem);
	emu_stats_free(&x->stats);
}

/* The generation's launch ABI (SPEC section 4) in the constant banks. */
void emu_abi_setup(emu_ctx *x)
{
	x->prog->rt->abi(x);
}

emu_buffer *emu_gmem_add(emu_gmem *g, const char *name, emu_type t, uint64_t count)
{
	g->bufs = xrealloc(g->bufs, sizeof *g->bufs * (size_t)(g->n + 1));
	emu_buffer *b = &g->bufs[g->n++];
	memset(b, 0, sizeof *b);
	b->name = xstrdup(name);
	b->type = t;
	b->count = count;
	b->size = count * (uint64_t)emu_type_size(t);
	b->data = xcalloc(1, b->size);
	return b;
}

static int by_addr(const void *a, const void *b)
{
	const emu_buffer *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Unplaced buffers go from 0x100000 up, below the shared window (so below 4 GiB),
   256-byte aligned, with at least a 4 KiB unmapped gap on each side so that overruns trap. */
const char *emu_gmem_place(emu_gmem *g)
{
	const uint64_t gap = 0x1000;
	for (int i = 0; i < g->n; i++) {
		emu_buffer *b = &g->bufs[i];
		if (b->placed)
			continue;
		uint64_t a = 0x100000;
		for (bool moved = true; moved;) {
			moved = false;
			for (int j = 0; j < g->n; j++) {
				emu_buffer *o = &g->bufs[j];
				if (j == i || !o->placed)
					continue;
				if (a < o->addr + o->size + gap && o->addr < a + b->size + gap) {
					a = (o->addr + o->size + gap + 255) & ~(uint64_t)255;
					moved = true;
				}
			}
		}
		if (a + b->size > EMU_SHARED_WINDOW)
			return b->name;
		b->addr = a;
		b->placed = true;
	}
	if (g->n > 1)
		qsort(g->bufs, (size_t)g->n, sizeof *g->bufs, by_addr);
	for (int i = 0; i < g->n; i++) {
		const emu_buffer *b = &g->bufs[i];
		if (i && b->addr < g->bufs[i - 1].addr + g->bufs[i - 1].size)
			return b->name;
		if (b->addr < (uint64_t)EMU_SHARED_WINDOW + EMU_SHARED_WINDOW_SIZE && EMU_SHARED_WINDOW < b->addr + b->size)
			return b->name; /* would be hidden by the shared window */
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
		free(g->bufs[i].data);
	}
	free(g->bufs);
	g->bufs = NULL;
	g->n = 0;
}
