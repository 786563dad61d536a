/* Tesla (sm_1x) at run time: its steps (the join flag, condition-register guards, g [..]
   operands, halves, the end flag), its launch ABI and its debugger registers. */
#include <stdio.h>
#include <string.h>

#include "emu/simt.h"
#include "gen/tesla.h"

static const tesla_ext *ext_of(const emu_ctx *x, uint32_t pc)
{
	return (const tesla_ext *)x->f->ext + pc;
}

/* The join flag before the instruction (SPEC 6): a DIV token on top switches the warp, the
   SSY token of this address rejoins. */
static int t_fetch(emu_warp *w, uint32_t pc, simt_token *popped)
{
	simt_state *s = &w->s;
	if (s->depth == 0)
		return 0;
	simt_token t = s->stack[s->depth - 1];
	bool pops = t.type == SIMT_DIV || (t.type == SIMT_SSY && t.pc == pc);
	int r = 0;
	if (pops) {
		*popped = t;
		r |= EMU_FETCH_POPPED;
	}
	if (simt_join(s, pc))
		r |= EMU_FETCH_AGAIN;
	return r;
}

/* Lanes whose flags in condition register n fall in the guard's truth set. */
static uint32_t t_guard(const emu_ctx *x, const emu_warp *w, uint32_t pc)
{
	const tesla_ext *e = ext_of(x, pc);
	int n = e->guard - 1;
	uint32_t z = TESLA_CREG(w, TESLA_FZ, n), s = TESLA_CREG(w, TESLA_FS, n);
	uint32_t c = TESLA_CREG(w, TESLA_FC, n), o = TESLA_CREG(w, TESLA_FO, n), m = 0;
	for (int f = 0; f < 16; f++)
		if (e->truth >> f & 1)
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

static int shared_fault(const emu_warp *w, uint16_t areg, uint32_t off, unsigned width, int l, emu_fault *f)
{
	uint64_t a = (uint64_t)(areg == EMU_NO_REG ? 0 : w->r[areg][l]) + off;
	f->lane = l;
	snprintf(f->msg, sizeof f->msg, "out-of-bounds or misaligned shared access of %u bytes at address 0x%llx",
		 width, (unsigned long long)a);
	return -1;
}

/* c [b] [An+k] into a scratch row: lane l reads bank b at An's value + k (bytes). */
static int const_row(const emu_ctx *x, const emu_warp *w, const tesla_sh *sh,
		     uint32_t *row, uint32_t G, emu_fault *f)
{
	const uint8_t *bank = x->cbank[sh->cbank - 1];
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint64_t a = (uint64_t)w->r[sh->areg][l] + sh->off;
		if (a % sh->width || a + sh->width > EMU_BANK_BYTES) {
			f->lane = l;
			snprintf(f->msg, sizeof f->msg, "out-of-bounds or misaligned constant access c [0x%x] [0x%llx] "
				 "of %u bytes", sh->cbank - 1u, (unsigned long long)a, (unsigned)sh->width);
			return -1;
		}
		uint32_t v = 0;
		memcpy(&v, bank + a, sh->width);
		row[l] = v;
	}
	return 0;
}

/* g [..] and c [b] [An+k] sources into their scratch rows; IMAD's carry-in made visible as .X reads it. */
static int t_pre(const emu_ctx *x, emu_warp *w, uint32_t pc, uint32_t G, emu_fault *f)
{
	const tesla_ext *e = ext_of(x, pc);
	const uint8_t *smem = x->cur_cta->smem;
	for (int k = 0; k < 4; k++) {
		if (!(e->shs >> k & 1))
			continue;
		uint32_t *row = w->r[TESLA_SROW + k];
		if (e->sh[k].cbank) {
			if (const_row(x, w, &e->sh[k], row, G, f))
				return -1;
			continue;
		}
		for (int l = 0; l < w->nlanes; l++) {
			if (!(G >> l & 1))
				continue;
			int64_t a = shared_addr(x, w, e->sh[k].areg, e->sh[k].off, e->sh[k].width, l);
			if (a < 0)
				return shared_fault(w, e->sh[k].areg, e->sh[k].off, e->sh[k].width, l, f);
			uint32_t v = 0;
			memcpy(&v, smem + a, e->sh[k].width);
			row[l] = v;
		}
	}
	if (e->cin)
		w->cc_c = TESLA_CREG(w, TESLA_FC, e->cin - 1);
	return 0;
}

static void set_creg(emu_warp *w, int n, uint32_t G, uint32_t z, uint32_t s, uint32_t c, uint32_t o)
{
	const uint32_t v[4] = {z, s, c, o};
	for (int fl = 0; fl < 4; fl++)
		TESLA_CREG(w, fl, n) = (TESLA_CREG(w, fl, n) & ~G) | (v[fl] & G);
}

static void write_flags(emu_warp *w, const emu_insn *in, const tesla_ext *e, uint32_t G)
{
	int n = e->cw - 1;
	if (e->ccsrc) { /* IADD / IMAD computed all four flags */
		set_creg(w, n, G, w->cc_z, w->cc_s, w->cc_c, w->cc_o);
		return;
	}
	const uint32_t *r = w->r[in->d];
	uint32_t z = 0, s = 0;
	for (int l = 0; l < w->nlanes; l++) {
		uint32_t v = r[l];
		bool nan = e->flt && (v & 0x7fffffffu) > 0x7f800000u;
		bool zero = e->flt ? (v & 0x7fffffffu) == 0 : v == 0;
		z |= (uint32_t)(zero || nan) << l;
		s |= (uint32_t)(nan || (!zero && v >> 31)) << l;
	}
	set_creg(w, n, G, z, s, 0, 0);
}

/* The condition-register write, a half or g [..] destination, then the end flag. */
static int t_post(const emu_ctx *x, emu_warp *w, uint32_t pc, uint32_t A, uint32_t G, emu_fault *f)
{
	const tesla_ext *e = ext_of(x, pc);
	const emu_insn *in = &x->code[pc];
	if (e->cw)
		write_flags(w, in, e, G);
	const uint32_t *res = w->r[TESLA_DROW];
	if (e->dst == TESLA_TD_LO || e->dst == TESLA_TD_HI) {
		int sh = e->dst == TESLA_TD_HI ? 16 : 0;
		uint32_t *d = w->r[in->d2], m = 0xffffu << sh;
		for (int l = 0; l < w->nlanes; l++)
			if (G >> l & 1)
				d[l] = (d[l] & ~m) | ((res[l] << sh) & m);
	} else if (e->dst == TESLA_TD_SHARED) {
		for (int l = 0; l < w->nlanes; l++) {
			if (!(G >> l & 1))
				continue;
			int64_t a = shared_addr(x, w, in->areg, (uint32_t)in->off, in->width, l);
			if (a < 0)
				return shared_fault(w, in->areg, (uint32_t)in->off, in->width, l, f);
			memcpy(x->cur_cta->smem + a, &res[l], in->width);
			emu_smem_note(x->cur_cta, (uint64_t)a + in->width);
		}
	}
	if (e->end) /* the end flag: the lanes that ran it are done */
		simt_exit(&w->s, A & w->s.A);
	return 0;
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* SPEC section 4: the launch header and the parameters in shared memory, the thread id
   packed into R0. */
static bool t_cta_init(emu_ctx *x, emu_cta *c)
{
	if (x->shared_bytes < 0x10 + x->param_bytes) {
		snprintf(x->trap.msg, sizeof x->trap.msg,
			 "trap: .shared %u bytes cannot hold the sm_1x launch header and %u bytes of parameters "
			 "(SPEC 4: .shared is the whole window on sm_1x)", x->shared_bytes, x->param_bytes);
		return false;
	}
	uint8_t *h = c->smem;
	emu_smem_note(c, 0x10 + (uint64_t)x->param_bytes);
	for (int i = 0; i < 3; i++)
		put16(h + 2 + 2 * i, x->block[i]);
	put16(h + 0x8, x->grid[0]);
	put16(h + 0xa, x->grid[1]);
	put16(h + 0xc, c->ctaid[0]);
	put16(h + 0xe, c->ctaid[1]);
	memcpy(h + 0x10, x->cbank[0] + tesla_rt.param_offset, x->param_bytes);
	for (int i = 0; i < c->nwarps; i++) {
		emu_warp *w = &c->warps[i];
		for (int l = 0; l < w->nlanes; l++)
			w->r[0][l] = w->tid[0][l] | w->tid[1][l] << 16 | w->tid[2][l] << 26;
	}
	return true;
}

/* print C0-C3 (flags Z S C O of a lane) and A1-A7 (a lane's byte offset) */
static const char *t_reg_text(const emu_warp *w, const char *name, int lane, char fmt, char *buf, size_t n)
{
	if ((name[0] != 'C' && name[0] != 'A') || name[1] < '0' || name[1] > (name[0] == 'C' ? '3' : '7') || name[2])
		return NULL;
	int k = name[1] - '0';
	if (name[0] == 'C') {
		snprintf(buf, n, "%c%c%c%c", TESLA_CREG(w, TESLA_FZ, k) >> lane & 1 ? 'Z' : '-',
			 TESLA_CREG(w, TESLA_FS, k) >> lane & 1 ? 'S' : '-', TESLA_CREG(w, TESLA_FC, k) >> lane & 1 ? 'C' : '-',
			 TESLA_CREG(w, TESLA_FO, k) >> lane & 1 ? 'O' : '-');
		return buf;
	}
	uint32_t v = w->r[TESLA_AROW + k][lane];
	float fv;
	memcpy(&fv, &v, 4);
	if (fmt == 'd')
		snprintf(buf, n, "%d", (int32_t)v);
	else if (fmt == 'f')
		snprintf(buf, n, "%.9g", fv);
	else
		snprintf(buf, n, "0x%08x", v);
	return buf;
}

const emu_rt tesla_rt = {
	/* no .abi: nothing in the constant banks, the header lives in shared memory (t_cta_init) */
	.param_offset = 0x20, /* where .param writes; t_cta_init copies them to shared 0x10 */
	.literal_bank = 1,
	.ends_at_end = true,
	.cta_init = t_cta_init,
	.fetch = t_fetch,
	.guard = t_guard,
	.pre = t_pre,
	.post = t_post,
	.reg_text = t_reg_text,
};
