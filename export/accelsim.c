/* Accel-Sim traces: kernel-N.traceg in the NVBit tracer's text format (version 4), written from the issue hook, and kernelslist.g's lines. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/semantics.h"
#include "export/accelsim.h"
#include "util/xalloc.h"

/* Where generic addresses in simtemu's shared and local windows go in the trace: Accel-Sim
   calls a generic LD/ST shared when its address lies in [shmem base, local base) and local
   in [local base, local base + 16 KiB), so the shared window must sit below the local one
   (simtemu's are the other way round) and neither base may be 0. */
#define ACC_SHMEM_BASE 0x00007f0000000000ull
#define ACC_LOCAL_BASE (ACC_SHMEM_BASE + EMU_SHARED_WINDOW_SIZE)
#define ACC_MAX_SRC 4 /* trace_parser.h: MAX_SRC; MAX_DST is 1 */

/* What the tracer records of one instruction, read off its text once. */
typedef struct {
	int dst;                 /* R number (RZ = 255), or -1 */
	int nsrc, src[ACC_MAX_SRC];
	int dropped;             /* register sources past MAX_SRC */
	int mem;                 /* has a [address] operand */
	int width;               /* mem_width as the tracer derives it from the opcode */
	int generic;             /* addresses in simtemu's windows are moved to the trace's */
	char op[24];             /* base opcode (before the first '.') */
} acc_insn;

typedef struct {
	char *s;
	size_t n, cap;
	uint32_t count, exited;
} acc_warp;

struct accel_trace {
	FILE *out;
	int version;
	int end_pc;              /* pc of a synthetic EXIT */
	acc_insn *ins;
	uint8_t *checked;        /* by pc: opcode looked up in the map */
	char warned[16][24];     /* opcodes already warned about */
	int nwarned;
	int64_t cur;             /* linear index of the CTA being buffered, -1 none */
	uint64_t next, nctas;    /* the next CTA to write; the grid's */
	uint32_t nthreads;
	int nwarps;
	acc_warp *warps;
	int failed, synth, dropped_warned;
};
typedef accel_trace acc_state;

/* "R12", "RZ", "R3.reuse" (after -, |, ! and ~): its number, RZ = 255; -1 if not an R register. */
static int reg_num(const char *t)
{
	while (*t == '-' || *t == '|' || *t == '!' || *t == '~' || *t == ' ' || *t == '\t')
		t++;
	if (t[0] != 'R')
		return -1;
	if (t[1] == 'Z' && !isalnum((unsigned char)t[2]) && t[2] != '_')
		return 255;
	if (!isdigit((unsigned char)t[1]))
		return -1;
	char *e;
	long n = strtol(t + 1, &e, 10);
	if (isalnum((unsigned char)*e) || *e == '_')
		return -1;
	return n >= 0 && n <= 255 ? (int)n : -1;
}

static int is_number(const char *t, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)t[i]))
			return 0;
	return 1;
}

/* The tracer's get_datawidth_from_opcode: the first token that is a number (bits), or U and
   a number, over 8; else 4. */
static int opcode_width(const char *mnem)
{
	const char *t = mnem;
	while (*t) {
		size_t n = strcspn(t, ".");
		if (is_number(t, n))
			return atoi(t) / 8;
		if (t[0] == 'U' && is_number(t + 1, n - 1))
			return atoi(t + 1) / 8;
		t += n;
		if (*t == '.')
			t++;
	}
	return 4;
}

/* The register operands of one instruction, as the tracer numbers them: a register as the
   first operand is the destination, every other R register and the register of each
   [address] are sources; uniform registers, predicates, constants and immediates are not
   listed. */
static void read_insn(const emu_insn *in, acc_insn *a)
{
	memset(a, 0, sizeof *a);
	a->dst = -1;
	size_t k = strcspn(in->mnem, ".");
	if (k >= sizeof a->op)
		k = sizeof a->op - 1;
	memcpy(a->op, in->mnem, k);
	a->op[k] = 0;
	const char *t = in->text;
	while (*t == ' ' || *t == '\t')
		t++;
	if (*t == '@')
		t += strcspn(t, " \t");
	while (*t == ' ' || *t == '\t')
		t++;
	t += strcspn(t, " \t"); /* the mnemonic */
	for (int i = 0; *t; i++) {
		while (*t == ' ' || *t == '\t' || *t == ',')
			t++;
		if (!*t || *t == ';')
			break;
		const char *s = t;
		int depth = 0;
		while (*t && *t != ';' && (depth || *t != ',')) {
			depth += *t == '[' ? 1 : *t == ']' ? -1 : 0;
			t++;
		}
		int r = -1;
		const char *b = s;
		while (*b == '-' || *b == '|' || *b == '!' || *b == '~')
			b++;
		if (*b == '[') {
			a->mem = 1;
			r = 255; /* no register: RZ */
			for (const char *p = b + 1; p < t && *p != ']'; p++)
				if (*p == 'R' && (p == b + 1 || !isalnum((unsigned char)p[-1])) && reg_num(p) >= 0) {
					r = reg_num(p);
					break;
				}
		} else
			r = reg_num(s);
		if (r < 0)
			continue;
		if (i == 0 && *b != '[')
			a->dst = r;
		else if (a->nsrc < ACC_MAX_SRC)
			a->src[a->nsrc++] = r;
		else
			a->dropped++;
	}
	if (a->mem) {
		a->width = opcode_width(in->mnem);
		if (a->width <= 0)
			a->width = 4;
		static const char *const own[] = {"LDS", "STS", "ATOMS", "LDL", "STL", "LDSLK", "STSCUL", "LDSM"};
		a->generic = 1;
		for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
			if (!strcmp(a->op, own[i]))
				a->generic = 0;
	}
}

static void wprintf_(acc_warp *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wprintf_(acc_warp *w, const char *fmt, ...)
{
	va_list ap;
	if (!w->s) {
		w->cap = 4096;
		w->s = xmalloc(w->cap);
	}
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(w->s + w->n, w->cap - w->n, fmt, ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < w->cap - w->n) {
			w->n += (size_t)n;
			return;
		}
		w->cap = w->cap * 2 + (size_t)(n > 0 ? n : 0) + 256;
		w->s = xrealloc(w->s, w->cap);
	}
}

/* The lane's address as the interpreter forms it (emu/ops_mem.h: mem_addr). */
static uint64_t lane_addr(const emu_gmem *g, const emu_insn *in, const acc_insn *a, const emu_warp *w, int l)
{
	uint64_t v = emu_lane_addr(in, w, l);
	int sp = a->generic ? emu_generic_space(g, &v) : EMU_SP_GLOBAL;
	return sp == EMU_SP_SHARED ? ACC_SHMEM_BASE + v : sp == EMU_SP_LOCAL ? ACC_LOCAL_BASE + v : v;
}

/* mem_width, then the addresses of the lanes in G: base and stride when they are two or
   more contiguous lanes with one stride (what the tracer's base_stride_compress accepts),
   else every address (the list format). */
static void put_addresses(acc_warp *aw, const emu_gmem *g, const emu_insn *in, const acc_insn *a, const emu_warp *w,
			  uint32_t G)
{
	wprintf_(aw, " %d", a->width);
	if (!G) {
		wprintf_(aw, " 0");
		return;
	}
	uint64_t ad[32];
	for (int l = 0; l < 32; l++)
		ad[l] = G >> l & 1 ? lane_addr(g, in, a, w, l) : 0;
	int first = __builtin_ctz(G);
	uint32_t run = G >> first;
	if ((run & (run + 1)) == 0 && run > 1) {
		int64_t stride = (int64_t)(ad[first + 1] - ad[first]);
		int ok = stride >= INT32_MIN && stride <= INT32_MAX;
		for (int l = first + 2; ok && l < 32 && (G >> l & 1); l++)
			ok = (int64_t)(ad[l] - ad[l - 1]) == stride;
		if (ok) {
			wprintf_(aw, " 1 0x%llx %d", (unsigned long long)ad[first], (int)stride);
			return;
		}
	}
	wprintf_(aw, " 0");
	for (int l = 0; l < 32; l++)
		if (G >> l & 1)
			wprintf_(aw, " 0x%016llx", (unsigned long long)ad[l]);
}

static void check_opcode(acc_state *s, const emu_insn *in, const acc_insn *a)
{
	if (accel_map_knows(s->version, a->op))
		return;
	for (int i = 0; i < s->nwarned; i++)
		if (!strcmp(s->warned[i], a->op))
			return;
	if (s->nwarned < 16)
		strcpy(s->warned[s->nwarned++], a->op);
	fprintf(stderr, "simtemu: warning: accelsim: opcode %s (%s at /*%04x*/) is not in Accel-Sim's map for "
		"binary version %d: its trace-driven front end stops there (\"undefined instruction\")\n",
		a->op, in->mnem, in->addr, s->version);
}

static int acc_flush_to(acc_state *s, const emu_ctx *x, uint64_t lin);

/* Before each issue: one trace line for the issuing warp, in its CTA's buffer. */
static int acc_hook(void *user, const emu_ctx *x, const emu_warp *w, emu_event ev, const simt_token *tok)
{
	acc_state *s = user;
	(void)tok;
	if (ev != EMU_EV_ISSUE || s->failed)
		return 0;
	if (s->cur != (int64_t)x->cur_cta->linear && acc_flush_to(s, x, (uint64_t)x->cur_cta->linear))
		return 1;
	if (w->id < 0 || w->id >= s->nwarps) {
		s->failed = 1;
		return 1;
	}
	uint32_t pc = w->s.pc;
	const emu_insn *in = &x->code[pc];
	const acc_insn *a = &s->ins[pc];
	if (!s->checked[pc]) {
		s->checked[pc] = 1;
		check_opcode(s, in, a);
		if (a->dropped && !s->dropped_warned++)
			fprintf(stderr, "simtemu: warning: accelsim: %s at /*%04x*/ has more than %d register sources; "
				"the trace lists the first %d (Accel-Sim's MAX_SRC)\n", in->mnem, in->addr, ACC_MAX_SRC,
				ACC_MAX_SRC);
	}
	uint32_t A = w->s.A;
	uint32_t pm = in->guard_neg ? ~w->p[in->guard] : w->p[in->guard];
	if (in->steps & EMU_STEP_GUARD)
		pm = x->prog->rt->guard(x, w, pc);
	uint32_t G = A & pm;
	acc_warp *aw = &s->warps[w->id];
	wprintf_(aw, "%04x %08x", in->addr, G);
	if (a->dst >= 0)
		wprintf_(aw, " 1 R%d", a->dst);
	else
		wprintf_(aw, " 0");
	wprintf_(aw, " %s %d", in->mnem, a->nsrc);
	for (int i = 0; i < a->nsrc; i++)
		wprintf_(aw, " R%d", a->src[i]);
	if (a->mem)
		put_addresses(aw, &x->gmem, in, a, w, G);
	else
		wprintf_(aw, " 0");
	wprintf_(aw, "\n");
	aw->count++;
	if (!strcmp(a->op, "EXIT"))
		aw->exited |= G;
	return 0;
}

static uint32_t warp_lanes(const acc_state *s, int j)
{
	int64_t n = (int64_t)s->nthreads - 32 * (int64_t)j;
	return n >= 32 ? 0xffffffffu : n <= 0 ? 0 : (1u << n) - 1;
}

/* Write CTA lin from the warp buffers (empty buffers for a CTA that issued nothing); lanes
   that never issued an EXIT (they ran past the last instruction) get one. */
static void write_cta(acc_state *s, const emu_ctx *x, uint64_t lin)
{
	uint64_t gx = x->grid[0], gy = x->grid[1];
	fprintf(s->out, "\n#BEGIN_TB\n\nthread block = %llu,%llu,%llu\n", (unsigned long long)(lin % gx),
		(unsigned long long)(lin / gx % gy), (unsigned long long)(lin / (gx * gy)));
	for (int j = 0; j < s->nwarps; j++) {
		acc_warp *aw = &s->warps[j];
		uint32_t miss = warp_lanes(s, j) & ~aw->exited;
		if (miss) {
			wprintf_(aw, "%04x %08x 0 EXIT 0 0\n", (unsigned)s->end_pc, miss);
			aw->count++;
			s->synth++;
		}
		fprintf(s->out, "\nwarp = %d\ninsts = %u\n", j, aw->count);
		fwrite(aw->s, 1, aw->n, s->out);
		aw->n = 0;
		aw->count = aw->exited = 0;
	}
	fputs("\n#END_TB\n", s->out);
}

/* Write the buffered CTA and the CTAs before lin that never issued; lin becomes current. */
static int acc_flush_to(acc_state *s, const emu_ctx *x, uint64_t lin)
{
	if (s->cur >= 0) {
		write_cta(s, x, (uint64_t)s->cur);
		s->next = (uint64_t)s->cur + 1;
	}
	if (lin < s->next) { /* CTAs run in order on one thread: this would be a bug */
		fprintf(stderr, "simtemu: accelsim: CTA %llu issued after CTA %llu was written\n",
			(unsigned long long)lin, (unsigned long long)s->next - 1);
		s->failed = 1;
		return 1;
	}
	for (; s->next < lin; s->next++)
		write_cta(s, x, s->next);
	s->cur = lin < s->nctas ? (int64_t)lin : -1;
	return 0;
}

void accel_free(accel_trace *s)
{
	if (!s)
		return;
	for (int j = 0; j < s->nwarps; j++)
		free(s->warps[j].s);
	free(s->warps);
	free(s->ins);
	free(s->checked);
	if (s->out)
		fclose(s->out);
	free(s);
}

/* The header's -shmem and -nregs for the launch in x (has_shared: .shared given). */
static void header_values(const acc_state *s, const emu_ctx *x, bool has_shared, uint32_t *shmem, int *nregs)
{
	const emu_func *f = x->f;
	/* -shmem: what the launch gives a CTA when the listing or --spec says (.shared), or
	   the kernel has shared-memory instructions; else 0 (simtemu's 16 KiB default is not
	   the kernel's use, and Accel-Sim takes it for occupancy) */
	uint32_t sh_bytes = 0;
	for (int i = 0; i < f->n; i++) {
		static const char *const sh[] = {"LDS", "STS", "ATOMS", "LDSM", "LDSLK", "STSCUL"};
		for (size_t k = 0; k < sizeof sh / sizeof sh[0]; k++)
			if (!strcmp(s->ins[i].op, sh[k]))
				sh_bytes = x->shared_bytes;
	}
	if (has_shared)
		sh_bytes = x->shared_bytes;
	/* -nregs: the function's registers; sm_70+ keeps URn in rows past them (gen/volta.c),
	   from the first multiple of 4 past the highest Rn: those rows are not counted */
	int n = f->nregs, maxur = -1;
	for (int i = 0; i < f->n; i++)
		for (const char *t = f->insns[i].text; (t = strstr(t, "UR")); t += 2)
			if ((t == f->insns[i].text || !isalnum((unsigned char)t[-1])) && isdigit((unsigned char)t[2]) &&
			    atoi(t + 2) > maxur)
				maxur = atoi(t + 2);
	if (maxur >= 0 && n > maxur + 1)
		n -= maxur + 1;
	*shmem = sh_bytes;
	*nregs = n;
}

int accel_attach(accel_trace **out, emu_ctx *x, const char *target, bool has_shared, const char *path, int kno,
		 char *why, size_t nwhy)
{
	const emu_func *f = x->f;
	int exact, version = accel_binary_version(target, &exact);
	*out = NULL;
	if (!version) {
		fprintf(stderr, "simtemu: --accelsim-trace: Accel-Sim has no ISA map for %s (its binary versions "
			"are 35, 60, 61, 70, 75, 80 and 86)\n", target);
		return ACCEL_FAILED;
	}
	if (x->warp_size != 32) {
		snprintf(why, nwhy, "--accelsim-trace needs 32 lanes per warp (Accel-Sim's), not --warp-size %d",
			 x->warp_size);
		return ACCEL_USAGE;
	}
	if (!exact)
		fprintf(stderr, "simtemu: accelsim: %s has no map in Accel-Sim: writing binary version %d, %s\n",
			target, version, version == 60 && strcmp(target, "sm_60") < 0
			? "Pascal's (its map holds Maxwell's opcodes, Kepler's lacks XMAD, STG and SYNC)"
			: "the nearest it knows");
	uint64_t nt = (uint64_t)x->block[0] * x->block[1] * x->block[2];
	if (nt > 1024 * 1024) {
		snprintf(why, nwhy, "--accelsim-trace: a CTA of more than 1048576 threads");
		return ACCEL_USAGE;
	}
	acc_state *s = xcalloc(1, sizeof *s);
	s->cur = -1;
	s->version = version;
	s->nctas = (uint64_t)x->grid[0] * x->grid[1] * x->grid[2];
	s->nthreads = (uint32_t)nt;
	s->nwarps = (int)((nt + 31) / 32);
	s->warps = xcalloc((size_t)s->nwarps, sizeof *s->warps);
	s->ins = xcalloc((size_t)f->n + 1, sizeof *s->ins);
	s->checked = xcalloc((size_t)f->n + 1, 1);
	for (int i = 0; i < f->n; i++)
		read_insn(&f->insns[i], &s->ins[i]);
	s->end_pc = f->n ? (int)f->insns[f->n - 1].addr + (s->version >= 70 ? 16 : 8) : 0;
	uint32_t shmem;
	int nregs;
	header_values(s, x, has_shared, &shmem, &nregs);
	s->out = fopen(path, "w");
	if (!s->out) {
		fprintf(stderr, "simtemu: --accelsim-trace: cannot write '%s': %s\n", path, strerror(errno));
		accel_free(s);
		return ACCEL_FAILED;
	}
	fprintf(s->out, "-kernel name = %s\n-kernel id = %d\n-grid dim = (%u,%u,%u)\n-block dim = (%u,%u,%u)\n"
		"-shmem = %u\n-nregs = %d\n-binary version = %d\n-cuda stream id = 0\n"
		"-shmem base_addr = 0x%016llx\n-local mem base_addr = 0x%016llx\n-nvbit version = none (simtemu)\n"
		"-accelsim tracer version = 4\n\n#traces format = threadblock_x threadblock_y threadblock_z "
		"warpid_tb PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] "
		"[mem_addresses]\n", f->name, kno, x->grid[0], x->grid[1], x->grid[2], x->block[0], x->block[1],
		x->block[2], shmem, nregs > 0 ? nregs : 1, s->version, ACC_SHMEM_BASE, ACC_LOCAL_BASE);
	x->hook = acc_hook;
	x->hook_user = s;
	*out = s;
	return 0;
}

int accel_finish(accel_trace *s, const emu_ctx *x)
{
	if (s->failed || acc_flush_to(s, x, s->nctas))
		return 1;
	if (s->synth)
		fprintf(stderr, "simtemu: warning: accelsim: lanes of %d warp(s) ran past the last instruction; "
			"each got an EXIT line at /*%04x*/ so that Accel-Sim sees them end\n", s->synth, s->end_pc);
	int bad = ferror(s->out);
	bad |= fclose(s->out) != 0;
	s->out = NULL;
	return bad;
}

void accel_memcpy_lines(FILE *kl, const emu_ctx *x, uint64_t (*seen)[2], int *nseen, int cap)
{
	for (int i = 0; i < x->gmem.n; i++) {
		const emu_buffer *b = &x->gmem.bufs[i];
		int dup = 0;
		for (int j = 0; j < *nseen && !dup; j++)
			dup = seen[j][0] == b->addr && seen[j][1] == b->size;
		if (dup || !b->size)
			continue;
		fprintf(kl, "MemcpyHtoD,0x%016llx,%llu\n", (unsigned long long)b->addr, (unsigned long long)b->size);
		if (*nseen < cap) {
			seen[*nseen][0] = b->addr;
			seen[*nseen][1] = b->size;
			(*nseen)++;
		}
	}
}
