/* Tesla (sm_1x) execution: condition registers, g [..] operands, halves, the launch ABI. */
#include <string.h>

#include "emu/tesla.h"

/* Lanes of A whose flags in condition register n fall in the truth set. */
uint32_t tesla_guard(const emu_warp *w, const emu_insn *in)
{
	int n = in->tguard - 1;
	uint32_t z = w->tcz[n], s = w->tcs[n], c = w->tcc[n], o = w->tco[n], m = 0;
	for (int f = 0; f < 16; f++)
		if (in->ttruth >> f & 1)
			m |= (f & 1 ? z : ~z) & (f & 2 ? s : ~s) & (f & 4 ? c : ~c) & (f & 8 ? o : ~o);
	return m;
}

/* Byte address of lane l's g [An+k] access, or -1 when it leaves the shared window or is
   misaligned. */
static int64_t shared_addr(const emu_ctx *x, const emu_warp *w, uint16_t areg, uint32_t off, unsigned width,
			   int l)
{
	uint64_t a = (uint64_t)(areg == EMU_NO_REG ? 0 : w->r[areg][l]) + off;
	if (a % width || a + width > x->shared_bytes)
		return -1;
	return (int64_t)a;
}

static uint32_t get_le(const uint8_t *p, unsigned width)
{
	uint32_t v = 0;
	memcpy(&v, p, width);
	return v;
}

int tesla_load_sources(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, emu_insn *out,
		       tesla_fault *f)
{
	*out = *in;
	const uint8_t *smem = x->cur_cta->smem;
	for (int k = 0; k < 4; k++) {
		if (!(in->tshs >> k & 1))
			continue;
		const emu_src *s = &in->s[k];
		uint32_t *row = w->r[EMU_T_SROW + k];
		for (int l = 0; l < w->nlanes; l++) {
			if (!(G >> l & 1))
				continue;
			int64_t a = shared_addr(x, w, s->reg, s->imm, s->bank, l);
			if (a < 0) {
				*f = (tesla_fault){.lane = l, .addr = (uint64_t)(s->reg == EMU_NO_REG ? 0 : w->r[s->reg][l]) + s->imm,
						   .width = s->bank};
				return -1;
			}
			row[l] = get_le(smem + a, s->bank);
		}
		emu_src *o = &out->s[k];
		o->kind = SRC_REG;
		o->reg = (uint16_t)(EMU_T_SROW + k);
		o->vec = NULL;
	}
	if (in->tcin) /* IMAD's carry-in: the handler reads the carry as .X does */
		w->cc_c = w->tcc[in->tcin - 1];
	return 0;
}

static void set_creg(emu_warp *w, int n, uint32_t G, uint32_t z, uint32_t s, uint32_t c, uint32_t o)
{
	w->tcz[n] = (w->tcz[n] & ~G) | (z & G);
	w->tcs[n] = (w->tcs[n] & ~G) | (s & G);
	w->tcc[n] = (w->tcc[n] & ~G) | (c & G);
	w->tco[n] = (w->tco[n] & ~G) | (o & G);
}

int tesla_writeback(const emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G, tesla_fault *f)
{
	if (in->tcw) {
		int n = in->tcw - 1;
		if (in->tccsrc) { /* IADD / IMAD computed all four flags */
			set_creg(w, n, G, w->cc_z, w->cc_s, w->cc_c, w->cc_o);
		} else {
			const uint32_t *r = w->r[in->d];
			uint32_t z = 0, s = 0;
			for (int l = 0; l < w->nlanes; l++) {
				uint32_t v = r[l];
				bool nan = in->tflt && (v & 0x7fffffffu) > 0x7f800000u;
				bool zero = in->tflt ? (v & 0x7fffffffu) == 0 : v == 0;
				z |= (uint32_t)(zero || nan) << l;
				s |= (uint32_t)(nan || (!zero && v >> 31)) << l;
			}
			set_creg(w, n, G, z, s, 0, 0);
		}
	}
	const uint32_t *res = w->r[EMU_T_DROW];
	switch (in->tdst) {
	case EMU_TD_LO:
	case EMU_TD_HI: {
		int sh = in->tdst == EMU_TD_HI ? 16 : 0;
		uint32_t *d = w->r[in->d2], m = 0xffffu << sh;
		for (int l = 0; l < w->nlanes; l++)
			if (G >> l & 1)
				d[l] = (d[l] & ~m) | ((res[l] << sh) & m);
		break;
	}
	case EMU_TD_SHARED:
		for (int l = 0; l < w->nlanes; l++) {
			if (!(G >> l & 1))
				continue;
			int64_t a = shared_addr(x, w, in->areg, (uint32_t)in->off, in->width, l);
			if (a < 0) {
				*f = (tesla_fault){.lane = l, .width = in->width,
						   .addr = (uint64_t)(in->areg == EMU_NO_REG ? 0 : w->r[in->areg][l]) +
							   (uint32_t)in->off};
				return -1;
			}
			memcpy(x->cur_cta->smem + a, &res[l], in->width);
		}
		break;
	}
	return 0;
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* SPEC section 4: the launch header and the parameters in shared memory, the thread id
   packed into R0. */
bool tesla_cta_init(const emu_ctx *x, emu_cta *c)
{
	if (x->shared_bytes < 0x10 + x->param_bytes)
		return false;
	uint8_t *h = c->smem;
	for (int i = 0; i < 3; i++)
		put16(h + 2 + 2 * i, x->block[i]);
	put16(h + 0x8, x->grid[0]);
	put16(h + 0xa, x->grid[1]);
	put16(h + 0xc, c->ctaid[0]);
	put16(h + 0xe, c->ctaid[1]);
	memcpy(h + 0x10, x->cbank[0] + 0x20, x->param_bytes);
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		for (int l = 0; l < w->nlanes; l++)
			w->r[0][l] = w->tid[0][l] | w->tid[1][l] << 16 | w->tid[2][l] << 26;
	}
	return true;
}
