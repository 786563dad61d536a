/* What a listing reads of its launch: the parameter slots (and which of them it loads and
   stores through) and the constant-bank bytes its code reads, for simtemu spec and for the
   warnings about reads that nothing set. A reading of the decoded program, not a proof:
   what it infers and how is said in README.md (simtemu spec). */
#include <stdlib.h>
#include <string.h>

#include "emu/semantics.h"
#include "spec/spec_guess.h"
#include "util/xalloc.h"

/* Slots are tracked as 4-byte words of the parameter area; pointers among the first 64. */
#define MAX_WORDS 1024

static bool tesla(const emu_ctx *x)
{
	return isa_ptx_flavour(x->prog->dialect) == ISA_PTX_TESLA;
}

void spec_written_mark(spec_written *w, int bank, uint32_t off, uint32_t n)
{
	if (bank < 0 || bank >= EMU_NBANKS || off >= EMU_BANK_BYTES)
		return;
	if (n > EMU_BANK_BYTES - off)
		n = EMU_BANK_BYTES - off;
	if (!w->w[bank])
		w->w[bank] = xcalloc(1, EMU_BANK_BYTES);
	memset(w->w[bank] + off, 1, n);
}

static bool written(const spec_written *w, int bank, uint32_t off)
{
	return w->w[bank] && off < EMU_BANK_BYTES && w->w[bank][off];
}

/* The ABI's bytes: those it writes whatever the banks held (it runs once on banks of 0xff
   and once on zeroed ones, the state it is called in), and the header below the parameters. */
/* Mark the bytes of bank b that are not fill, eight at a time (the banks are mostly fill:
   byte by byte, the two passes cost more than a short kernel's launch). */
static void mark_unlike(spec_written *w, const uint8_t *bank, int b, uint8_t fill)
{
	uint64_t pat;
	memset(&pat, fill, sizeof pat);
	for (uint32_t i = 0; i < EMU_BANK_BYTES; i += 8) {
		uint64_t v;
		memcpy(&v, bank + i, sizeof v);
		if (v == pat)
			continue;
		for (uint32_t k = i; k < i + 8; k++)
			if (bank[k] != fill)
				spec_written_mark(w, b, k, 1);
	}
}

void spec_written_abi(spec_written *w, emu_ctx *x)
{
	for (int b = 0; b < EMU_NBANKS; b++)
		memset(x->cbank[b], 0xff, EMU_BANK_BYTES);
	emu_abi_setup(x);
	for (int b = 0; b < EMU_NBANKS; b++)
		mark_unlike(w, x->cbank[b], b, 0xff);
	for (int b = 0; b < EMU_NBANKS; b++)
		memset(x->cbank[b], 0, EMU_BANK_BYTES);
	emu_abi_setup(x);
	for (int b = 0; b < EMU_NBANKS; b++)
		mark_unlike(w, x->cbank[b], b, 0);
	if (!tesla(x))
		spec_written_mark(w, 0, 0, x->prog->rt->param_offset);
}

void spec_written_free(spec_written *w)
{
	for (int b = 0; b < EMU_NBANKS; b++)
		free(w->w[b]);
	memset(w, 0, sizeof *w);
}

/* One constant-bank read at a fixed place: a constant operand, or an LDC without an index. */
typedef struct {
	int bank;
	uint32_t off, n;
} cread;

static int const_reads(const emu_insn *in, cread r[5])
{
	int k = 0;
	for (int i = 0; i < 4; i++)
		if (in->s[i].kind == SRC_CONST)
			r[k++] = (cread){in->s[i].bank, in->s[i].imm, 4};
	if (in->h == EMU_H_LD && in->sub3 == EMU_SP_CONST && in->areg == EMU_NO_REG && in->off >= 0)
		r[k++] = (cread){in->sub, (uint32_t)in->off, in->width ? in->width : 4};
	return k;
}

/* The bank an instruction reads at a register's index (LDC / ULDC / LDCU c[b][Rn+o], BRX
   c[b][Rn+o]), or -1 */
static int indexed_bank(const emu_insn *in)
{
	if (in->h == EMU_H_LD && in->space == EMU_SP_CONST && in->areg != EMU_NO_REG)
		return in->sub;
	if (in->h == EMU_H_BRX && in->sub2 && in->areg != EMU_NO_REG)
		return in->sub;
	return -1;
}

static bool bank_empty(const spec_written *w, int bank)
{
	if (!w->w[bank])
		return true;
	for (uint32_t i = 0; i < EMU_BANK_BYTES; i++)
		if (w->w[bank][i])
			return false;
	return true;
}

int spec_warn_unset(const emu_ctx *x, spec_written *w, FILE *diag)
{
	int n = 0;
	uint32_t po = x->prog->rt->param_offset;
	bool told[EMU_NBANKS] = {false}; /* said, or found filled: once per bank */
	for (int i = 0; i < x->f->n; i++) {
		const emu_insn *in = &x->f->insns[i];
		int ib = indexed_bank(in);
		if (ib > 0 && ib < EMU_NBANKS && !told[ib] && !(told[ib] = !bank_empty(w, ib))) {
			/* a jump table a -sass listing leaves out: the BRX it feeds would go back to the
			   kernel's start again and again */
			fprintf(diag, "simtemu: warning: %s:%d: '%s' reads c[0x%x] at an index, and nothing fills bank "
				"%d (it reads as 0): a jump table there comes only with the whole cuobjdump -elf -sass "
				"dump (its .nv.constant%d section); or give it with .const %d\n", x->prog->file, in->line,
				in->text ? in->text : "?", ib, ib, ib, ib);
			told[ib] = true; /* once per bank */
			n++;
		}
		cread r[5];
		int k = const_reads(in, r);
		for (int j = 0; j < k; j++) {
			uint32_t off = r[j].off & ~3u;
			if (written(w, r[j].bank, off))
				continue;
			char slot[80] = "";
			if (r[j].bank == 0 && off >= po && !tesla(x))
				snprintf(slot, sizeof slot, " (parameter slot @0x%x)", off - po);
			fprintf(diag, "simtemu: warning: %s:%d: c[0x%x][0x%x]%s is read by '%s' but neither the "
				"launch ABI nor a directive sets it (it reads as 0)\n", x->prog->file, in->line,
				r[j].bank, off, slot, in->text ? in->text : "?");
			spec_written_mark(w, r[j].bank, off, 4); /* once per location */
			n++;
		}
	}
	return n;
}

/* ---- the starting spec ---- */

typedef struct {
	bool read[MAX_WORDS];
	bool fp32[MAX_WORDS], fp64[MAX_WORDS];
	bool w64[MAX_WORDS];           /* read as one 64-bit value (LDC.64, ULDC.64, LDCU.64) */
	uint64_t ptr;                  /* words loaded or stored through (the first 64) */
	uint64_t loaded, stored;       /* of those: loaded from, stored or reduced to */
	int elem[64];                  /* the access width through each */
	int first_line[MAX_WORDS];
} slots;

/* sm_70 and later: what the guess reads there besides the older generations' forms (the
   older ones' guesses stay as they were) */
static bool volta_plus(const emu_ctx *x)
{
	return x->prog->dialect >= ISA_DIALECT_SM70;
}

/* The parameter word a source reads, or -1. */
static int param_word(const emu_ctx *x, const emu_src *s)
{
	uint32_t rel;
	if (!tesla(x) && s->kind == SRC_CONST && s->bank == 0 && s->imm >= x->prog->rt->param_offset)
		rel = s->imm - x->prog->rt->param_offset;
	else if (tesla(x) && s->kind == SRC_SHARED && s->reg == EMU_NO_REG && s->imm >= 0x10)
		rel = s->imm - 0x10;
	else
		return -1;
	return rel / 4 < MAX_WORDS ? (int)(rel / 4) : -1;
}

/* The first parameter word an LDC / ULDC / LDCU at a fixed offset reads, or -1 (sm_70+: the
   parameters reach registers that way on sm_90 and later, and in uniform registers before) */
static int param_load_word(const emu_ctx *x, const emu_insn *in)
{
	uint32_t po = x->prog->rt->param_offset;
	if (tesla(x) || !volta_plus(x) || in->h != EMU_H_LD || in->space != EMU_SP_CONST || in->sub != 0 ||
	    in->areg != EMU_NO_REG || in->off < 0 || (uint32_t)in->off < po)
		return -1;
	uint32_t rel = (uint32_t)in->off - po;
	return rel / 4 < MAX_WORDS ? (int)(rel / 4) : -1;
}

static uint64_t word_bit(int k)
{
	return k >= 0 && k < 64 ? 1ull << k : 0;
}

/* Which sources of an instruction carry an address into its result: the addend of a
   multiply-add or a scaled add, both of an add, a move's source; 0: none (the result is
   not an address computed from a parameter). sm_70+'s forms: IMAD's addend (a pair with
   .WIDE; IMAD.IADD's a, multiplied by 1), IADD3 (.X), LEA and LEA.HI(.X)'s b (the base or
   its high word; LEA.HI's c is the index's high word), R2UR, MOV.64, IADD.64. */
static unsigned addr_sources(const emu_insn *in)
{
	switch (in->h) {
	case EMU_H_MOV: case EMU_H_R2UR: return 1;
	case EMU_H_IADD: case EMU_H_IADD_CC: case EMU_H_IADD3: case EMU_H_IADD3_P: return 7;
	case EMU_H_IMAD: case EMU_H_XMAD: return 4;
	case EMU_H_IMAD_P:
		return (in->sub == 2 ? 12 : 4) |
		       (in->s[1].kind == SRC_IMM && in->s[1].imm == 1 && in->s[1].and_ == 0xffffffffu ? 1 : 0);
	case EMU_H_ISCADD: return 2;
	case EMU_H_LEA: return 6;
	case EMU_H_LEA_P: return 2;
	case EMU_H_MOV64: return 3;
	case EMU_H_IADD64: return 15;
	default: return 0;
	}
}

/* The registers an instruction writes from d on (sm_70+: pairs and quads of wide results) */
static int dest_regs(const emu_insn *in)
{
	switch (in->h) {
	case EMU_H_IMAD_P: return in->sub == 2 ? 2 : 1;
	case EMU_H_MOV64: case EMU_H_IADD64: return 2;
	case EMU_H_LD: case EMU_H_ATOM: return in->width > 4 ? in->width / 4 : 1;
	default: return 1;
	}
}

/* Handlers whose d is not a register they write (sm_70+: predicates, barriers, branches). */
static bool no_reg_dest(const emu_insn *in, bool v7)
{
	if (v7)
		switch (in->h) {
		case EMU_H_ISETP_P: case EMU_H_ISETP_X: case EMU_H_ISETP64: case EMU_H_PLOP3:
		case EMU_H_HSETP2: case EMU_H_BRA_P: case EMU_H_BRA_DIV: case EMU_H_BSSY:
		case EMU_H_BSYNC: case EMU_H_BREAK: case EMU_H_BMOV_BB: case EMU_H_BMOV_BR:
		case EMU_H_WARPSYNC: case EMU_H_WARPSYNC_COLLECTIVE: case EMU_H_YIELD:
			return true;
		case EMU_H_ATOM: /* RED returns nothing, ATOM the old value */
			return in->aflags & EMU_ATOM_F_RED;
		default:
			break;
		}
	switch (in->h) {
	case EMU_H_ISETP: case EMU_H_FSETP: case EMU_H_PSETP: case EMU_H_DSETP: case EMU_H_ST:
	case EMU_H_NOP: case EMU_H_SSY: case EMU_H_PBK: case EMU_H_PCNT: case EMU_H_PRET:
	case EMU_H_BRK: case EMU_H_CONT: case EMU_H_CAL: case EMU_H_RET: case EMU_H_BRA:
	case EMU_H_BRAU: case EMU_H_BRX: case EMU_H_EXIT: case EMU_H_BAR: case EMU_H_PRINTF:
	case EMU_H_FCHK: case EMU_H_LOP_P:
		return true;
	default:
		return false;
	}
}

static bool is_fp32(int h)
{
	return h == EMU_H_FADD || h == EMU_H_FADD_X || h == EMU_H_FMUL || h == EMU_H_FMUL_X ||
	       h == EMU_H_FFMA || h == EMU_H_FFMA_X || h == EMU_H_FMAD_T || h == EMU_H_FSETP ||
	       h == EMU_H_FMNMX || h == EMU_H_FSET || h == EMU_H_FSET_T || h == EMU_H_FCMP ||
	       h == EMU_H_FMNMX_NAN;
}

static bool is_fp64(int h)
{
	return h == EMU_H_DARITH || h == EMU_H_DSETP || h == EMU_H_DSET;
}

static bool global_access(const emu_insn *in)
{
	return ((in->h == EMU_H_LD || in->h == EMU_H_ST) && in->sub3 == EMU_SP_GLOBAL) ||
	       in->h == EMU_H_LDLDU || in->h == EMU_H_ATOM;
}

/* The parameter words the address of a global access carries: its register (a pair when
   .E or .64, one register with .U32), sm_70+'s uniform register ([R.64+UR], [UR] alone,
   a pair with .E) */
static uint64_t address_words(const emu_insn *in, const uint64_t *t, int nt, bool v7)
{
	uint64_t through = 0;
	int nr = in->wide && !(v7 && in->azext) ? 2 : 1;
	for (int r = 0; r < nr; r++) {
		if (in->areg != EMU_NO_REG && in->areg + r < nt)
			through |= t[in->areg + r];
		if (in->h == EMU_H_LDLDU && in->areg2 != EMU_NO_REG && in->areg2 + r < nt)
			through |= t[in->areg2 + r];
	}
	if (v7 && in->xreg != EMU_NO_REG)
		for (int r = 0; r < (in->wide ? 2 : 1); r++)
			if (in->xreg + r < nt)
				through |= t[in->xreg + r];
	return through;
}

/* sm_70+: the instruction index a branch, call or convergence barrier sends its values to
   (BSSY's: where the paths meet again), or -1 */
static int flow_target(const emu_insn *in, int n)
{
	switch (in->h) {
	case EMU_H_BRA: case EMU_H_BRAU: case EMU_H_BRA_P: case EMU_H_BRA_DIV: case EMU_H_CAL:
	case EMU_H_BSSY: case EMU_H_SSY: case EMU_H_PBK: case EMU_H_PCNT:
		return in->target < (uint32_t)n ? (int)in->target : -1;
	default:
		return -1;
	}
}

static void analyse(const emu_ctx *x, slots *sl, bool *wide)
{
	const emu_func *f = x->f;
	bool v7 = volta_plus(x);
	int nt = f->nregs + 2;
	uint64_t *t = xcalloc((size_t)nt, sizeof *t);
	/* sm_70+: what reaches each branch target (NULL: nothing yet) and whether that grew;
	   a listing whose targets' registers would pass 32 MiB is read as before sm_70 */
	size_t ntargets = 0;
	for (int i = 0; v7 && i < f->n; i++)
		ntargets += flow_target(&f->insns[i], f->n) >= 0;
	bool cfg = v7 && ntargets * (size_t)nt <= ((size_t)4 << 20);
	uint64_t **at = cfg ? xcalloc((size_t)f->n + 1, sizeof *at) : NULL;
	uint64_t *bx = xcalloc((size_t)nt, sizeof *bx); /* what reaches a BRX (its targets: any) */
	bool grew = true;
	for (int i = 0; i < MAX_WORDS; i++)
		sl->first_line[i] = 0;
	/* Before sm_70, twice over the code: a loop's back edge brings the values of its end to
	   its start. From sm_70 on, in order along the control flow: a branch brings its values
	   to its target, an unguarded BRA, EXIT or RET ends the values that fall through, and
	   the passes go on until no target's values grow (a back edge's included; at most 16).
	   Code no fall-through reaches may be a BRX's target: it starts with what reaches a BRX. */
	for (int pass = 0; cfg ? grew && pass < 16 : pass < 2; pass++) {
		grew = false;
		if (cfg)
			memset(t, 0, (size_t)nt * sizeof *t);
		for (int i = 0; i < f->n; i++) {
			const emu_insn *in = &f->insns[i];
			if (cfg && at[i])
				for (int r = 0; r < nt; r++)
					t[r] |= at[i][r];
			if (cfg && flow_target(in, f->n) >= 0) {
				int g = flow_target(in, f->n);
				if (!at[g])
					at[g] = xcalloc((size_t)nt, sizeof **at);
				for (int r = 0; r < nt; r++)
					if (t[r] & ~at[g][r]) {
						at[g][r] |= t[r];
						grew |= g <= i; /* a later target takes them in this pass */
					}
			}
			if (cfg && in->h == EMU_H_BRX)
				for (int r = 0; r < nt; r++)
					if (t[r] & ~bx[r]) {
						bx[r] |= t[r];
						grew = true;
					}
			if (cfg && in->guard == 7 && !in->guard_neg &&
			    (in->h == EMU_H_BRA || in->h == EMU_H_EXIT || in->h == EMU_H_RET)) {
				memcpy(t, bx, (size_t)nt * sizeof *t);
				continue;
			}
			uint64_t carried = 0;
			unsigned as = addr_sources(in);
			for (int k = 0; k < 4; k++) {
				const emu_src *s = &in->s[k];
				int wd = param_word(x, s);
				if (wd >= 0) {
					sl->read[wd] = true;
					if (!sl->first_line[wd])
						sl->first_line[wd] = in->line;
					if (is_fp32(in->h))
						sl->fp32[wd] = true;
					if (is_fp64(in->h))
						sl->fp64[wd] = true;
				} else if (v7 && s->kind == SRC_REG && s->and_ && s->reg < nt && t[s->reg]) {
					/* a parameter an LDC brought into a register, read by float arithmetic */
					for (int b = 0; b < 64; b++)
						if (t[s->reg] >> b & 1) {
							sl->fp32[b] |= is_fp32(in->h);
							sl->fp64[b] |= is_fp64(in->h);
						}
				}
				if (!(as >> k & 1))
					continue;
				if (wd >= 0)
					carried |= word_bit(wd);
				else if (s->kind == SRC_REG && s->and_ && s->reg < nt) /* and_ 0: unused, a predicate */
					carried |= t[s->reg];
			}
			int lw = param_load_word(x, in);
			if (lw >= 0) { /* LDC[.64] R, c[0x0][param]: each register holds its word */
				int nw = in->width > 4 ? in->width / 4 : 1;
				for (int r = 0; r < nw && lw + r < MAX_WORDS; r++) {
					sl->read[lw + r] = true;
					if (!sl->first_line[lw + r])
						sl->first_line[lw + r] = in->line;
					if (in->d + r < nt)
						t[in->d + r] = word_bit(lw + r);
				}
				if (in->width == 8 && !(lw & 1))
					sl->w64[lw] = true;
				continue;
			}
			if (global_access(in) && !(v7 && in->h == EMU_H_ATOM && in->aflags & EMU_ATOM_F_SHARED)) {
				if (in->wide)
					*wide = true;
				uint64_t through = address_words(in, t, nt, v7);
				sl->ptr |= through;
				/* an atomic or a reduction reads what it updates: in and out */
				if (in->h != EMU_H_ST)
					sl->loaded |= through;
				if (in->h == EMU_H_ST || in->h == EMU_H_ATOM)
					sl->stored |= through;
				for (int b = 0; b < 64; b++)
					if (through >> b & 1 && !sl->elem[b])
						sl->elem[b] = in->width ? in->width : 4;
			}
			if (no_reg_dest(in, v7) || in->d >= nt)
				continue;
			int nd = v7 ? dest_regs(in) : 1;
			for (int r = 0; r < nd && in->d + r < nt; r++) {
				if (as)
					t[in->d + r] = in->guard == 7 ? carried : t[in->d + r] | carried;
				else if (in->guard == 7)
					t[in->d + r] = 0;
			}
		}
	}
	if (at)
		for (int i = 0; i <= f->n; i++)
			free(at[i]);
	free(at);
	free(bx);
	free(t);
}

static const char *elem_type(int width)
{
	return width == 1 ? "u8" : width == 2 ? "u16" : width == 8 ? "u64" : "u32";
}

/* How the code uses a pointer slot: sm_70 and later say which way the data goes (a kernel's
   in and out); the older generations' guesses keep their words */
static const char *access_text(const emu_ctx *x, const slots *sl, int k, int bytes)
{
	if (!volta_plus(x))
		return "loaded or stored through";
	uint64_t m = word_bit(k) | (bytes == 8 ? word_bit(k + 1) : 0);
	bool ld = sl->loaded & m, st = sl->stored & m;
	return ld && st ? "in and out: loaded and stored through" : st ? "out: stored through" : "in: loaded through";
}

void spec_guess(const emu_ctx *x, const spec_written *w, const char *file, FILE *out)
{
	slots *sl = xcalloc(1, sizeof *sl);
	bool wide = false;
	analyse(x, sl, &wide);
	bool te = tesla(x);
	uint32_t po = te ? 0x10 : x->prog->rt->param_offset;
	uint64_t nthreads = (uint64_t)x->grid[0] * x->grid[1] * x->grid[2] * x->block[0] * x->block[1] * x->block[2];
	fprintf(out, "# simtemu spec: a starting launch spec for %s in %s (%s), read off its code.\n",
		x->f->name, file, x->prog->target);
	fprintf(out, "# Every value below is a placeholder and every size a guess: fill them in, then\n"
		"#   simtemu run --spec THIS.spec %s\n", file);
	fprintf(out, ".kernel %s\n", x->f->name);
	fprintf(out, ".grid %u %u %u        # CTAs in the grid: set X [Y [Z]]\n", x->grid[0], x->grid[1], x->grid[2]);
	fprintf(out, ".block %u %u %u       # threads per CTA (at most 1024)\n", x->block[0], x->block[1], x->block[2]);
	int nslots = 0;
	for (int k = 0; k < MAX_WORDS; k++)
		nslots += sl->read[k];
	if (!nslots)
		fprintf(out, "# parameters: the code reads none\n");
	else
		fprintf(out, "# parameters: the code reads %d parameter word%s (%s from %s0x%x)\n", nslots,
			nslots == 1 ? "" : "s", te ? "shared memory" : "c[0x0]", te ? "g[" : "", po);
	/* the slots: an address is 8 bytes when the code reads both halves (or addresses are
	   64-bit, .E), a double when double arithmetic reads it, else 4 bytes */
	typedef struct { int k, bytes, elem; bool ptr, f64, u64; } slot;
	slot *v = xcalloc(MAX_WORDS, sizeof *v);
	int nv = 0;
	for (int k = 0; k < MAX_WORDS; k++) {
		if (!sl->read[k] && !(k < 64 && sl->ptr >> k & 1))
			continue;
		bool pair = !(k & 1) && k + 1 < MAX_WORDS && sl->read[k + 1];
		bool ptr = k < 64 && (sl->ptr >> k & 1 || (pair && sl->ptr >> (k + 1) & 1));
		slot q = {.k = k, .bytes = 4, .ptr = ptr};
		if (ptr) {
			q.bytes = pair || (wide && !(k & 1)) ? 8 : 4;
			q.elem = sl->elem[k] ? sl->elem[k] : k + 1 < 64 && sl->elem[k + 1] ? sl->elem[k + 1] : 4;
		} else if (pair && (sl->fp64[k] || sl->fp64[k + 1]))
			q.bytes = 8, q.f64 = true;
		else if (pair && sl->w64[k])
			q.bytes = 8, q.u64 = true;
		v[nv++] = q;
		if (q.bytes == 8)
			k++;
	}
	for (int i = 0; i < nv; i++) {
		if (!v[i].ptr)
			continue;
		int ew = v[i].elem;
		uint64_t count = nthreads * (ew > 8 ? (uint64_t)ew / 4 : 1);
		fprintf(out, ".buffer arg%x %s %llu    # %s (%d-byte accesses): set its "
			"type, count and contents (= ...)\n", 4 * v[i].k, elem_type(ew > 8 ? 4 : ew),
			(unsigned long long)count, access_text(x, sl, v[i].k, v[i].bytes), ew);
	}
	for (int i = 0; i < nv; i++) {
		int k = v[i].k;
		char loc[48];
		snprintf(loc, sizeof loc, te ? "g[0x%x]" : "c[0x0][0x%x]", po + 4 * (uint32_t)k);
		if (v[i].ptr)
			fprintf(out, ".param @0x%x %s arg%x    # %s: an address (the code loads or stores through it)\n",
				4 * k, v[i].bytes == 8 ? "u64" : "u32", 4 * k, loc);
		else if (v[i].u64)
			fprintf(out, ".param @0x%x u64 0    # %s, first read on line %d: a 64-bit value: set its type "
				"(s64, f64 ...) and value\n", 4 * k, loc, sl->first_line[k]);
		else if (v[i].f64)
			fprintf(out, ".param @0x%x f64 0    # %s: a double (double arithmetic reads it): set its value\n",
				4 * k, loc);
		else
			fprintf(out, ".param @0x%x %s 0    # %s, first read on line %d: %s\n", 4 * k,
				sl->fp32[k] ? "f32" : "u32", loc, sl->first_line[k],
				sl->fp32[k] ? "a float (float arithmetic reads it): set its value"
					    : "a 32-bit value: set its type (s32, f32 ...) and value");
	}
	free(v);
	/* the constant banks the code reads that neither the ABI nor the listing fills */
	bool header = false;
	for (int b = 0; b < EMU_NBANKS; b++) {
		uint8_t *rd = xcalloc(1, EMU_BANK_BYTES / 4);
		for (int i = 0; i < x->f->n; i++) {
			cread r[5];
			int n = const_reads(&x->f->insns[i], r);
			for (int j = 0; j < n; j++) {
				if (r[j].bank != b || (b == 0 && !te && r[j].off >= x->prog->rt->param_offset))
					continue;
				for (uint32_t o = r[j].off & ~3u; o < r[j].off + r[j].n && o < EMU_BANK_BYTES; o += 4)
					if (!written(w, b, o))
						rd[o / 4] = 1;
			}
		}
		for (uint32_t o = 0; o < EMU_BANK_BYTES / 4; o++) {
			if (!rd[o])
				continue;
			uint32_t e = o;
			while (e + 1 < EMU_BANK_BYTES / 4 && rd[e + 1])
				e++;
			if (!header)
				fprintf(out, "# constant banks the code reads that neither the launch ABI nor the listing "
					"fills: a whole\n# cuobjdump -elf dump fills its .nv.constantN sections; else give "
					"the values here\n");
			header = true;
			fprintf(out, ".const %d 0x%x u32", b, 4 * o);
			for (uint32_t i = o; i <= e; i++)
				fputs(" 0", out);
			fprintf(out, "    # c[0x%x][0x%x..0x%x]: fill in\n", b, 4 * o, 4 * e + 4);
			o = e;
		}
		free(rd);
	}
	/* the banks the code reads at an index that nothing fills (a jump table, say) */
	bool told[EMU_NBANKS] = {false};
	for (int i = 0; i < x->f->n; i++) {
		const emu_insn *in = &x->f->insns[i];
		int b = indexed_bank(in);
		if (b <= 0 || b >= EMU_NBANKS || told[b] || (told[b] = !bank_empty(w, b)))
			continue;
		told[b] = true;
		fprintf(out, "# '%s' (line %d) reads c[0x%x] at an index and nothing fills bank %d: a jump table?\n"
			"# The whole cuobjdump -elf -sass dump carries it (.nv.constant%d); else give it: .const %d 0x0 "
			"u32 ...\n", in->text ? in->text : "?", in->line, b, b, b, b);
	}
	fprintf(out, "# then .expect NAME = V1 V2 ... (or = file PATH) to check a buffer after the run\n");
	free(sl);
}
