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

/* The debugger's view (`stack` / `masks` on sm_70 and later). */
void dbg_volta_print(FILE *out, const emu_ctx *x, const emu_warp *w)
{
	const cfb_state *v = w->vb;
	char m[40], m2[40];
	int n = w->nlanes;
	fprintf(out, "warp %d (convergence barriers, docs/volta.md):\n", w->id);
	fprintf(out, "  issuing group  0x%04x %s\n", vaddr(x, w->s.pc), dbg_mask(m, w->s.A, n));
	for (int i = 0; i < v->ng; i++)
		fprintf(out, "  ready group    0x%04x %s\n", vaddr(x, v->g[i].pc), dbg_mask(m, v->g[i].mask, n));
	for (int b = 0; b < CFB_NBAR; b++)
		if (v->B[b] || v->bwait[b])
			fprintf(out, "  B%-2d %s  waiting at BSYNC %s\n", b, dbg_mask(m, v->B[b], n),
				dbg_mask(m2, v->bwait[b], n));
	if (v->wswait)
		fprintf(out, "  in WARPSYNC    %s\n", dbg_mask(m, v->wswait, n));
	if (v->atbar)
		fprintf(out, "  at BAR         %s\n", dbg_mask(m, v->atbar, n));
	if (v->exited)
		fprintf(out, "  exited         %s\n", dbg_mask(m, v->exited, n));
}
