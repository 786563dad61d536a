/* What trace and the debugger show of a warp under convergence barriers (SPEC 6.2): the
   group that issues, the other ready groups (pc, mask), the barriers B0-B15 that are not
   empty with the lanes waiting on each, the lanes in WARPSYNC or at a CTA barrier. */
#include <string.h>

#include "dbg/dbg.h"
#include "emu/stats.h"
#include "report/write.h"

static uint32_t vaddr(const emu_ctx *x, uint32_t pc)
{
	if (pc < (uint32_t)x->f->n)
		return x->f->insns[pc].addr;
	return x->f->n ? x->f->insns[x->f->n - 1].addr + 16 : 0;
}

/* The state in the table's words: groups=[0x00b0 0011..] B0=1111..(wait 0011..) ... */
void dbg_volta_state(char *buf, size_t size, const emu_ctx *x, const emu_warp *w)
{
	const cfb_state *v = w->vb;
	char m[40], m2[40];
	int n = w->nlanes;
	size_t k = 0;
#define PUT(...) (k < size ? (k += (size_t)snprintf(buf + k, size - k, __VA_ARGS__)) : k)
	buf[0] = 0;
	PUT("groups=");
	if (!v->ng)
		PUT("-");
	for (int i = 0; i < v->ng; i++)
		PUT("%s[0x%04x %s]", i ? " " : "", vaddr(x, v->g[i].pc), dbg_mask(m, v->g[i].mask, n));
	for (int b = 0; b < CFB_NBAR; b++)
		if (v->B[b] || v->bwait[b]) {
			PUT(" B%d=%s", b, dbg_mask(m, v->B[b], n));
			if (v->bwait[b])
				PUT("(wait %s)", dbg_mask(m2, v->bwait[b], n));
		}
	if (v->wswait)
		PUT(" WARPSYNC=%s", dbg_mask(m, v->wswait, n));
	if (v->atbar)
		PUT(" BAR=%s", dbg_mask(m, v->atbar, n));
	if (v->exited)
		PUT(" X=%s", dbg_mask(m, v->exited, n));
#undef PUT
}

void dbg_volta_row(FILE *out, dbg_fmt fmt, uint64_t step, const emu_ctx *x, const emu_warp *w)
{
	const cfb_state *v = w->vb;
	const emu_insn *in = w->s.pc < (uint32_t)x->f->n ? &x->f->insns[w->s.pc] : NULL;
	char m[40], state[1200];
	int n = w->nlanes;
	if (fmt == DBG_TABLE) {
		dbg_volta_state(state, sizeof state, x, w);
		fprintf(out, "%6llu  0x%04x  %-48s A=%s  %s\n", (unsigned long long)step, vaddr(x, w->s.pc),
			in ? in->text : "-", dbg_mask(m, w->s.A, n), state);
		return;
	}
	bool csv = fmt == DBG_CSV;
	if (csv) {
		fprintf(out, "%llu,issue,0x%04x,", (unsigned long long)step, vaddr(x, w->s.pc));
		report_csv_quoted(out, in ? in->text : "-");
		fprintf(out, ",%s,%s,", dbg_mask(m, w->s.A, n), dbg_mask(state, v->exited, n));
		for (int i = 0; i < v->ng; i++)
			fprintf(out, "%s0x%04x:%s", i ? ";" : "", vaddr(x, v->g[i].pc), dbg_mask(m, v->g[i].mask, n));
		fputc(',', out);
		bool first = true;
		for (int b = 0; b < CFB_NBAR; b++)
			if (v->B[b] || v->bwait[b]) {
				fprintf(out, "%sB%d:%s:%s", first ? "" : ";", b, dbg_mask(m, v->B[b], n),
					dbg_mask(state, v->bwait[b], n));
				first = false;
			}
		fprintf(out, ",%s,%s\n", dbg_mask(m, v->wswait, n), dbg_mask(state, v->atbar, n));
		return;
	}
	fprintf(out, "{\"step\": %llu, \"kind\": \"issue\", \"pc\": \"0x%04x\", \"insn\": ", (unsigned long long)step,
		vaddr(x, w->s.pc));
	report_json_str(out, in ? in->text : "-");
	fprintf(out, ", \"A\": \"%s\", \"X\": \"%s\", \"groups\": [", dbg_mask(m, w->s.A, n),
		dbg_mask(state, v->exited, n));
	for (int i = 0; i < v->ng; i++)
		fprintf(out, "%s{\"pc\": \"0x%04x\", \"mask\": \"%s\"}", i ? ", " : "", vaddr(x, v->g[i].pc),
			dbg_mask(m, v->g[i].mask, n));
	fprintf(out, "], \"barriers\": [");
	bool first = true;
	for (int b = 0; b < CFB_NBAR; b++)
		if (v->B[b] || v->bwait[b]) {
			fprintf(out, "%s{\"B\": %d, \"mask\": \"%s\", \"waiting\": \"%s\"}", first ? "" : ", ", b,
				dbg_mask(m, v->B[b], n), dbg_mask(state, v->bwait[b], n));
			first = false;
		}
	fprintf(out, "], \"warpsync\": \"%s\", \"bar\": \"%s\"}", dbg_mask(m, v->wswait, n), dbg_mask(state, v->atbar, n));
}

/* Where the waiting lanes of m resume (lpc): " resume 0x00a0", or per run of lanes. */
static void resume_pcs(FILE *out, const emu_ctx *x, const cfb_state *v, uint32_t m, int n)
{
	uint32_t pc0 = 0;
	bool one = true, first = true;
	for (int l = 0; l < n; l++)
		if (m >> l & 1) {
			one &= first || v->lpc[l] == pc0;
			pc0 = first ? v->lpc[l] : pc0;
			first = false;
		}
	if (first)
		return;
	if (one) {
		fprintf(out, ", resume at 0x%04x", vaddr(x, pc0));
		return;
	}
	fprintf(out, ", resume at");
	for (int l = 0; l < n; l++) {
		if (!(m >> l & 1))
			continue;
		int e = l;
		while (e + 1 < n && (m >> (e + 1) & 1) && v->lpc[e + 1] == v->lpc[l])
			e++;
		fprintf(out, e > l ? " 0x%04x (lanes %d-%d)" : " 0x%04x (lane %d)", vaddr(x, v->lpc[l]), l, e);
		l = e;
	}
}

/* `stack` on sm_70 and later: what stands in for the token stack. The ready groups form a
   stack of their own (the newest issues next), and the convergence barriers say which
   lanes a BSYNC waits for and which already wait. */
void dbg_volta_stack(FILE *out, const emu_ctx *x, const emu_warp *w)
{
	const cfb_state *v = w->vb;
	char m[40], m2[40];
	int n = w->nlanes;
	fprintf(out, "warp %d has no token stack (sm_70+: per-lane pcs and convergence barriers, docs/volta.md)\n",
		w->id);
	fprintf(out, "groups, the next to issue first:\n");
	if (!w->s.A && !v->ng)
		fprintf(out, "  none ready\n");
	if (w->s.A)
		fprintf(out, "  0x%04x  %s  issues next\n", vaddr(x, w->s.pc), dbg_mask(m, w->s.A, n));
	for (int i = v->ng - 1; i >= 0; i--)
		fprintf(out, "  0x%04x  %s  ready\n", vaddr(x, v->g[i].pc), dbg_mask(m, v->g[i].mask, n));
	bool any = false;
	for (int b = 0; b < CFB_NBAR; b++)
		any |= v->B[b] || v->bwait[b];
	fprintf(out, "convergence barriers%s\n", any ? " (lanes that must arrive; lanes waiting at BSYNC):" : ": all empty");
	for (int b = 0; b < CFB_NBAR; b++)
		if (v->B[b] || v->bwait[b]) {
			fprintf(out, "  B%-2d  %s  waiting %s", b, dbg_mask(m, v->B[b], n), dbg_mask(m2, v->bwait[b], n));
			resume_pcs(out, x, v, v->bwait[b], n);
			fputc('\n', out);
		}
	if (v->wswait) {
		fprintf(out, "in WARPSYNC  %s", dbg_mask(m, v->wswait, n));
		resume_pcs(out, x, v, v->wswait, n);
		fputc('\n', out);
	}
	if (v->atbar) {
		fprintf(out, "at BAR       %s", dbg_mask(m, v->atbar, n));
		resume_pcs(out, x, v, v->atbar, n);
		fputc('\n', out);
	}
}

/* `masks` on sm_70 and later: every lane in one of the states, one mask a line. */
void dbg_volta_masks(FILE *out, const emu_ctx *x, const emu_warp *w)
{
	const cfb_state *v = w->vb;
	char m[40];
	int n = w->nlanes;
	uint32_t ready = 0, bsync = 0;
	for (int i = 0; i < v->ng; i++)
		ready |= v->g[i].mask;
	for (int b = 0; b < CFB_NBAR; b++)
		bsync |= v->bwait[b];
	fprintf(out, "A      %s  issues next (pc 0x%04x)\n", dbg_mask(m, w->s.A, n), vaddr(x, w->s.pc));
	fprintf(out, "ready  %s  in the other ready groups\n", dbg_mask(m, ready, n));
	fprintf(out, "BSYNC  %s  waiting at a BSYNC\n", dbg_mask(m, bsync, n));
	fprintf(out, "WSYNC  %s  waiting in a WARPSYNC\n", dbg_mask(m, v->wswait, n));
	fprintf(out, "BAR    %s  arrived at a CTA barrier\n", dbg_mask(m, v->atbar, n));
	fprintf(out, "X      %s  exited\n", dbg_mask(m, v->exited, n));
}
