/* Parse-tree building and located diagnostics shared by the grammars. */
#include "parser/ast.h"

#include "util/arena.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

static void print_line(ast_diags *d, ast_loc loc)
{
	if (!d->src || loc.line <= 0)
		return;
	const char *p = d->src;
	for (int l = 1; l < loc.line && *p; l++) {
		p = strchr(p, '\n');
		if (!p)
			return;
		p++;
	}
	const char *e = strchr(p, '\n');
	int n = e ? (int)(e - p) : (int)strlen(p);
	fprintf(d->out, "  %.*s\n  ", n, p);
	for (int i = 1; i < loc.col && i <= n; i++)
		fputc(p[i - 1] == '\t' ? '\t' : ' ', d->out);
	fputs("^\n", d->out);
}

static void vdiag(ast_diags *d, ast_loc loc, const char *kind, const char *fmt, va_list ap)
{
	if (!d->out)
		d->out = stderr;
	fprintf(d->out, "%s:%d:%d: %s: ", d->file ? d->file : "<input>", loc.line, loc.col, kind);
	vfprintf(d->out, fmt, ap);
	fputc('\n', d->out);
	print_line(d, loc);
}

void ast_error(ast_diags *d, ast_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(d, loc, "error", fmt, ap);
	va_end(ap);
	d->nerrors++;
}

void ast_note(ast_diags *d, ast_loc loc, const char *kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(d, loc, kind, fmt, ap);
	va_end(ap);
}

void ast_index_lines(ast_unit *u)
{
	int cap = 1024;
	u->nlines = 0;
	u->line_starts = xmalloc(sizeof *u->line_starts * (size_t)cap);
	u->line_starts[u->nlines++] = u->diags.src;
	for (const char *p = u->diags.src; (p = strchr(p, '\n')); p++) {
		if (u->nlines == cap) {
			cap *= 2;
			u->line_starts = xrealloc(u->line_starts, sizeof *u->line_starts * (size_t)cap);
		}
		u->line_starts[u->nlines++] = p + 1;
	}
}

void ast_unindex_lines(ast_unit *u)
{
	free(u->line_starts);
	u->line_starts = NULL;
	u->nlines = 0;
}

size_t ast_lex_input(ast_unit *u, char *buf, size_t max)
{
	if (u->lex_pos > u->lex_len || !max)
		return 0;
	size_t n = u->lex_len - u->lex_pos;
	if (!n) { /* the final newline */
		buf[0] = '\n';
		u->lex_pos++;
		return 1;
	}
	if (n > max)
		n = max;
	memcpy(buf, u->diags.src + u->lex_pos, n);
	u->lex_pos += n;
	return n;
}

/* Where ast_line_span's text is (*n bytes; NULL: the empty text). */
static const char *line_span(const ast_unit *u, int line, int c0, int c1, size_t *n)
{
	const char *p = line >= 1 && line <= u->nlines ? u->line_starts[line - 1] : NULL;
	if (!p || c0 < 1)
		return NULL;
	size_t len = strcspn(p, "\n");
	if ((size_t)c0 > len)
		return NULL;
	if (c1 < 0) {
		const char *semi = memchr(p + c0 - 1, ';', len - (size_t)(c0 - 1));
		c1 = semi ? (int)(semi - p) : (int)len;
		while (c1 >= c0 && (p[c1 - 1] == ' ' || p[c1 - 1] == '\t'))
			c1--;
	}
	if (c1 < c0)
		return NULL;
	if ((size_t)c1 > len)
		c1 = (int)len;
	*n = (size_t)(c1 - c0 + 1);
	return p + c0 - 1;
}

char *ast_line_span(const ast_unit *u, int line, int c0, int c1)
{
	size_t n;
	const char *p = line_span(u, line, c0, c1, &n);
	if (!p)
		return xstrdup("");
	char *s = xmalloc(n + 1);
	memcpy(s, p, n);
	s[n] = 0;
	return s;
}

static void need_arenas(ast_unit *u)
{
	if (!u->arena) {
		u->arena = arena_new();
		u->names = arena_new();
		u->texts = arena_new();
	}
}

char *ast_line_text(ast_unit *u, int line, int c0, int c1)
{
	need_arenas(u);
	size_t n;
	const char *p = line_span(u, line, c0, c1, &n);
	return arena_strndup(u->texts, p ? p : "", p ? n : 0);
}

const char *ast_intern(ast_unit *u, const char *s)
{
	need_arenas(u);
	return arena_intern(u->names, s);
}

void ast_begin_func(ast_unit *u, char *name, ast_loc loc)
{
	u->nssy = 0;
	u->ptx_next = 0;
	if (u->nfuncs == u->capfuncs) {
		u->capfuncs = u->capfuncs ? 2 * u->capfuncs : 4;
		u->funcs = xrealloc(u->funcs, sizeof *u->funcs * (size_t)u->capfuncs);
	}
	ast_func *f = &u->funcs[u->nfuncs++];
	memset(f, 0, sizeof *f);
	f->name = name;
	f->loc = loc;
}

ast_func *ast_current_func(ast_unit *u)
{
	if (!u->nfuncs)
		ast_begin_func(u, NULL, (ast_loc){1, 1});
	return &u->funcs[u->nfuncs - 1];
}

void ast_add_label(ast_unit *u, char *name, ast_loc loc)
{
	ast_func *f = ast_current_func(u); /* duplicates are found by the assembler's sort */
	if (f->nlabels == f->caplabels) {
		f->caplabels = f->caplabels ? 2 * f->caplabels : 8;
		f->labels = xrealloc(f->labels, sizeof *f->labels * (size_t)f->caplabels);
	}
	f->labels[f->nlabels++] = (ast_label){name, loc, f->ninsns};
}

/* A buffer's instruction emptied, its arrays kept. */
static void reset_insn(ast_insn *in)
{
	ast_opnd *ops = in->ops;
	char **mods = in->mods;
	ast_loc *modloc = in->modloc;
	memset(in, 0, sizeof *in);
	in->ops = ops;
	in->mods = mods;
	in->modloc = modloc;
	in->addr = -1;
}

void ast_insn_buf_init(ast_insn_buf *b)
{
	memset(b, 0, sizeof *b);
	b->in.ops = b->ops;
	b->in.mods = b->mods;
	b->in.modloc = b->modloc;
	b->in.addr = -1;
}

void ast_add_insn(ast_unit *u, ast_insn *in)
{
	ast_func *f = ast_current_func(u);
	if (f->ninsns == f->capinsns) {
		f->capinsns = f->capinsns ? 2 * f->capinsns : 64;
		f->insns = xrealloc(f->insns, sizeof *f->insns * (size_t)f->capinsns);
	}
	need_arenas(u);
	ast_insn *d = &f->insns[f->ninsns++];
	*d = *in;
	d->in_arenas = false;
	d->ops = in->nops ? arena_alloc(u->arena, sizeof *d->ops * in->nops) : NULL;
	if (in->nops)
		memcpy(d->ops, in->ops, sizeof *d->ops * in->nops); /* the names move */
	d->mods = in->nmods ? arena_alloc(u->arena, sizeof *d->mods * in->nmods) : NULL;
	d->modloc = in->nmods ? arena_alloc(u->arena, sizeof *d->modloc * in->nmods) : NULL;
	if (in->nmods) {
		memcpy(d->mods, in->mods, sizeof *d->mods * in->nmods);
		memcpy(d->modloc, in->modloc, sizeof *d->modloc * in->nmods);
	}
	if (!in->in_arenas) { /* interned here, the buffer's copies freed */
		d->mnem = in->mnem ? (char *)arena_intern(u->names, in->mnem) : NULL;
		d->text = in->text ? arena_strndup(u->texts, in->text, strlen(in->text)) : NULL;
		for (int i = 0; i < in->nmods; i++) {
			d->mods[i] = (char *)arena_intern(u->names, in->mods[i]);
			free(in->mods[i]);
		}
		free(in->mnem);
		free(in->text);
	}
	reset_insn(in);
}

/* What an added instruction owns: its operands' names (the rest is in the arenas). */
static void free_added(ast_insn *in)
{
	for (int i = 0; i < in->nops; i++)
		free(in->ops[i].name);
	in->nops = 0;
}

void ast_insn_clear(ast_insn *in)
{
	if (!in->in_arenas) {
		free(in->mnem);
		for (int i = 0; i < in->nmods; i++)
			free(in->mods[i]);
		free(in->text);
	}
	for (int i = 0; i < in->nops; i++)
		free(in->ops[i].name);
	reset_insn(in);
}

void ast_done_insn(ast_unit *u, int fi, int i)
{
	ast_insn *in = &u->funcs[fi].insns[i];
	free_added(in);
	u->funcs[fi].ndone = i + 1;
	in->nmods = 0;
	in->ops = NULL;
	in->mods = NULL;
	in->modloc = NULL;
	/* every 1024th: what came before the next instruction's operands goes (the arena
	   holds them in the order they were added) */
	ast_func *f = &u->funcs[fi];
	if (i + 1 >= f->ninsns || ((i + 1) & 1023))
		return;
	if (f->insns[i + 1].ops)
		arena_release_before(u->arena, f->insns[i + 1].ops);
#ifdef MADV_DONTNEED
	/* and the whole pages of instructions 0..i go back to the system (they would read as
	   zeros after; nothing reads them: ast_free starts at ndone) */
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)f->insns + pg - 1) & ~(pg - 1), hi = (uintptr_t)&f->insns[i + 1] & ~(pg - 1);
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
#endif
}

void ast_free_func_insns(ast_unit *u, int fi)
{
	ast_func *f = &u->funcs[fi];
	for (int j = f->ndone; j < f->ninsns; j++)
		free_added(&f->insns[j]);
	free(f->insns);
	f->insns = NULL;
	f->ninsns = f->capinsns = 0;
}

void ast_free(ast_unit *u)
{
	if (!u)
		return;
	for (int i = 0; i < u->nfuncs; i++) {
		ast_func *f = &u->funcs[i];
		for (int j = f->ndone; j < f->ninsns; j++)
			free_added(&f->insns[j]);
		for (int j = 0; j < f->nlabels; j++)
			free(f->labels[j].name);
		free(f->insns);
		free(f->labels);
		free(f->name);
	}
	free(u->funcs);
	free(u->line_starts);
	free(u->front);
	free(u->target);
	for (int i = 0; i < u->nsyms; i++)
		free(u->syms[i]);
	ast_insn_clear(&u->cur.in);
	arena_free(u->arena);
	arena_free(u->names);
	arena_free(u->texts);
	free(u);
}

/* Tesla condition tests. Each code is true for a set of flag values f = Z | S << 1 |
   C << 2 | O << 3 (zero, sign, carry, overflow); the sets were measured on G80 hardware
   (decuda's predicate table, which GPGPU-Sim also uses). Bit f of the mask: true. */
const uint16_t ast_cond_truth[32] = {
	[0] = 0x0000,  [1] = 0xbb44,  [2] = 0x2222,  [3] = 0x3366,  [4] = 0x4411,  [5] = 0x5555,
	[6] = 0xcc33,  [7] = 0x7777,  [8] = 0x8888,  [9] = 0x33cc,  [10] = 0xaaaa, [11] = 0xbbee,
	[12] = 0xcc99, [13] = 0xdddd, [14] = 0x44bb, [15] = 0xffff, [16] = 0xff00, [17] = 0xf0f0,
	[18] = 0x5050, [19] = 0xcccc, [28] = 0x3333, [29] = 0xafaf, [30] = 0x0f0f, [31] = 0x00ff,
};

int ast_cond_code(const char *name)
{
	static const struct {
		const char *n;
		int code;
	} names[] = {
		{"FL", 0}, {"F", 0}, {"LT", 1}, {"EQ", 2}, {"LE", 3}, {"GT", 4}, {"NE", 5}, {"GE", 6},
		{"NUM", 7}, {"LEG", 7}, {"NAN", 8}, {"LTU", 9}, {"EQU", 10}, {"LEU", 11}, {"GTU", 12},
		{"NEU", 13}, {"GEU", 14}, {"TR", 15}, {"T", 15}, {"OF", 16}, {"OVERFLOW", 16},
		{"CF", 17}, {"CARRY", 17}, {"AB", 18}, {"ABOVE", 18}, {"SF", 19}, {"SIGN", 19},
		{"NSF", 28}, {"NSIGN", 28}, {"BLE", 29}, {"NCF", 30}, {"NCARRY", 30}, {"NOF", 31},
		{"NOVERFLOW", 31},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(names[i].n, name))
			return names[i].code;
	return -1;
}

const char *ast_cond_name(int code)
{
	static const char *const names[32] = {
		[0] = "FL", [1] = "LT", [2] = "EQ", [3] = "LE", [4] = "GT", [5] = "NE", [6] = "GE", [7] = "NUM",
		[8] = "NAN", [9] = "LTU", [10] = "EQU", [11] = "LEU", [12] = "GTU", [13] = "NEU", [14] = "GEU",
		[15] = "TR", [16] = "OF", [17] = "CARRY", [18] = "AB", [19] = "SF", [28] = "NSF", [29] = "BLE",
		[30] = "NCF", [31] = "NOF",
	};
	return code >= 0 && code < 32 && names[code] ? names[code] : "TR";
}

int ast_carry_reg(const ast_insn *ai)
{
	if (ai->has_enc && ai->enc >> 32)
		return (int)((ai->enc_after ? ai->enc >> 32 : ai->enc) >> 12 & 3);
	return ai->tcreg;
}
