/* Trace rows in the layout of the thesis's Tables 4-6 (and WALKTHROUGH.md), CSV and JSON. */
#include <string.h>

#include "dbg/dbg.h"
#include "emu/stats.h"
#include "report/write.h"

char *dbg_mask(char *buf, uint32_t m, int n)
{
	for (int l = 0; l < n; l++)
		buf[l] = (m >> l & 1) ? '1' : '0';
	buf[n] = 0;
	return buf;
}

static const emu_insn *cur_insn(const emu_ctx *x, const emu_warp *w)
{
	return w->s.pc < (uint32_t)x->f->n ? &x->f->insns[w->s.pc] : NULL;
}

static uint32_t addr_of(const emu_ctx *x, uint32_t pc)
{
	if (pc < (uint32_t)x->f->n)
		return x->f->insns[pc].addr;
	return x->f->n ? x->f->insns[x->f->n - 1].addr + 8 : 0;
}

static void table_row(FILE *out, uint64_t step, const emu_ctx *x, const emu_warp *w, const simt_token *tok)
{
	char m[40], text[160];
	int n = w->nlanes;
	const simt_state *s = &w->s;
	if (tok) {
		snprintf(text, sizeof text, "pop [%s,%s,0x%04x]", simt_type_name(tok->type), dbg_mask(m, tok->mask, n),
			 addr_of(x, tok->pc));
		fprintf(out, "%6s  0x%04x  %-48s ", "-", addr_of(x, s->pc), text);
	} else {
		const emu_insn *in = cur_insn(x, w);
		fprintf(out, "%6llu  0x%04x  %-48s ", (unsigned long long)step, addr_of(x, s->pc), in ? in->text : "-");
	}
	fprintf(out, "A=%s  S=", dbg_mask(m, s->A, n));
	if (!s->depth)
		fputc('-', out);
	for (int i = s->depth - 1; i >= 0; i--)
		fprintf(out, "%s[%s,%s,0x%04x]", i == s->depth - 1 ? "" : " ", simt_type_name(s->stack[i].type),
			dbg_mask(m, s->stack[i].mask, n), addr_of(x, s->stack[i].pc));
	if (s->Dbrk)
		fprintf(out, " Dbrk=%s", dbg_mask(m, s->Dbrk, n));
	if (s->Dcont)
		fprintf(out, " Dcont=%s", dbg_mask(m, s->Dcont, n));
	if (s->Dret)
		fprintf(out, " Dret=%s", dbg_mask(m, s->Dret, n));
	if (s->X)
		fprintf(out, " X=%s", dbg_mask(m, s->X, n));
	for (int i = 0; i < s->nw; i++)
		fprintf(out, " W=[0x%04x,%s]", addr_of(x, s->w[i].pc), dbg_mask(m, s->w[i].mask, n));
	fputc('\n', out);
}

static void structured_row(FILE *out, dbg_fmt fmt, uint64_t step, const emu_ctx *x, const emu_warp *w,
			   const simt_token *tok)
{
	char m[40];
	int n = w->nlanes;
	const simt_state *s = &w->s;
	const emu_insn *in = cur_insn(x, w);
	char text[512];
	if (tok)
		snprintf(text, sizeof text, "pop [%s,%s,0x%04x]", simt_type_name(tok->type), dbg_mask(m, tok->mask, n),
			 addr_of(x, tok->pc));
	else
		snprintf(text, sizeof text, "%s", in ? in->text : "-");
	bool csv = fmt == DBG_CSV;
	if (csv) {
		fprintf(out, "%llu,%s,0x%04x,", (unsigned long long)(tok ? 0 : step), tok ? "pop" : "issue", addr_of(x, s->pc));
		report_csv_quoted(out, text);
		fprintf(out, ",%s", dbg_mask(m, s->A, n));
		fprintf(out, ",%s", dbg_mask(m, s->X, n));
		fprintf(out, ",%s", dbg_mask(m, s->Dbrk, n));
		fprintf(out, ",%s", dbg_mask(m, s->Dcont, n));
		fprintf(out, ",%s,", dbg_mask(m, s->Dret, n));
		for (int i = 0; i < s->nw; i++)
			fprintf(out, "%s0x%04x:%s", i ? ";" : "", addr_of(x, s->w[i].pc), dbg_mask(m, s->w[i].mask, n));
		fputc(',', out);
		for (int i = s->depth - 1; i >= 0; i--)
			fprintf(out, "%s%s:%s:0x%04x", i == s->depth - 1 ? "" : ";", simt_type_name(s->stack[i].type),
				dbg_mask(m, s->stack[i].mask, n), addr_of(x, s->stack[i].pc));
		fputc('\n', out);
		return;
	}
	fprintf(out, "{\"step\": %llu, \"kind\": \"%s\", \"pc\": \"0x%04x\", \"insn\": ",
		(unsigned long long)(tok ? 0 : step), tok ? "pop" : "issue", addr_of(x, s->pc));
	report_json_str(out, text);
	fprintf(out, ", \"A\": \"%s\"", dbg_mask(m, s->A, n));
	fprintf(out, ", \"X\": \"%s\"", dbg_mask(m, s->X, n));
	fprintf(out, ", \"Dbrk\": \"%s\"", dbg_mask(m, s->Dbrk, n));
	fprintf(out, ", \"Dcont\": \"%s\"", dbg_mask(m, s->Dcont, n));
	fprintf(out, ", \"Dret\": \"%s\", \"W\": [", dbg_mask(m, s->Dret, n));
	for (int i = 0; i < s->nw; i++)
		fprintf(out, "%s{\"pc\": \"0x%04x\", \"mask\": \"%s\"}", i ? ", " : "", addr_of(x, s->w[i].pc),
			dbg_mask(m, s->w[i].mask, n));
	fprintf(out, "], \"S\": [");
	for (int i = s->depth - 1; i >= 0; i--)
		fprintf(out, "%s{\"type\": \"%s\", \"mask\": \"%s\", \"pc\": \"0x%04x\"}", i == s->depth - 1 ? "" : ", ",
			simt_type_name(s->stack[i].type), dbg_mask(m, s->stack[i].mask, n), addr_of(x, s->stack[i].pc));
	fprintf(out, "]}");
}

void dbg_trace_begin(dbg_trace *t)
{
	t->rows = false;
	if (t->fmt == DBG_CSV)
		fprintf(t->out, t->barriers ? "step,kind,pc,insn,A,X,groups,barriers,warpsync,bar\n"
					    : "step,kind,pc,insn,A,X,Dbrk,Dcont,Dret,W,S\n");
	else if (t->fmt == DBG_JSON) /* the rows in a versioned document (docs/json.md) */
		fprintf(t->out, "{\"schema\": \"simtemu-trace/1\", \"cta\": %d, \"warp\": %d, \"model\": \"%s\", \"rows\": [",
			t->cta, t->warp, t->barriers ? "barriers" : "tokens");
}

void dbg_trace_end(dbg_trace *t)
{
	if (t->fmt == DBG_JSON)
		fprintf(t->out, "\n]}\n");
}

void dbg_row(FILE *out, dbg_fmt fmt, uint64_t step, const emu_ctx *x, const emu_warp *w, const simt_token *tok)
{
	if (w->vb && !tok)
		dbg_volta_row(out, fmt, step, x, w);
	else if (fmt == DBG_TABLE)
		table_row(out, step, x, w, tok);
	else
		structured_row(out, fmt, step, x, w, tok);
}

/* A row of the trace, after the separator JSON needs. */
static void trace_row(dbg_trace *t, uint64_t step, const emu_ctx *x, const emu_warp *w, const simt_token *tok)
{
	if (t->fmt == DBG_JSON)
		fprintf(t->out, "%s\n ", t->rows ? "," : "");
	t->rows = true;
	dbg_row(t->out, t->fmt, step, x, w, tok);
}

int dbg_trace_hook(void *user, const emu_ctx *x, const emu_warp *w, emu_event ev, const simt_token *tok)
{
	dbg_trace *t = user;
	if (ev == EMU_EV_TRAP && t->plot && x->cur_cta && x->cur_cta->linear == t->cta && t->warp < x->cur_cta->nwarps)
		dbg_plot_trap(t->plot, x, &x->cur_cta->warps[t->warp]);
	if (ev != EMU_EV_ISSUE && ev != EMU_EV_POP)
		return 0;
	if (x->cur_cta->linear != t->cta || w->id != t->warp)
		return 0;
	if (ev == EMU_EV_POP) {
		if (t->pops)
			trace_row(t, t->step, x, w, tok);
		return 0;
	}
	trace_row(t, ++t->step, x, w, NULL);
	if (t->plot)
		dbg_plot_issue(t->plot, x, w);
	return 0;
}
