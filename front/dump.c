/* A whole cuobjdump output as users paste it: the fat binary's headers, ELF sections
   (cuobjdump -elf), SASS (-sass) and PTX. The SASS stays for the grammar; every other line
   is blanked (line numbers stay), and what the ELF sections say that the SASS text lacks
   goes into the launch spec: constant-bank contents (literal pools, per kernel), the
   __device__ variables of .nv.global as buffers, and their addresses where relocations put
   them (c[0xe] on Tesla). A cubin's dump (cuobjdump -elf -sass of a .cubin) has no fat
   binary headers: it opens with "64-bit ELF: ..., sm=NN, ..." (CUDA 13; "64bit elf: ...,
   sm=NN" before). nvdisasm of a whole cubin interleaves data sections (.section NAME,...
   with .byte/.short/.word/.dword/.zero lines) with the code sections (.section .text.K):
   the data lines are blanked too, and the constant banks among them filled the same way.
   Malformed sections are located errors (file:line:col). */
#include "front/dump.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/ast.h"
#include "util/text.h"
#include "util/xalloc.h"

typedef enum { R_SASS, R_ELF, R_PTX } region;

/* the symbols of .symtab: name, value (offset in its section), size, section index */
typedef struct {
	char name[128];
	uint64_t value, size;
	int shndx;
} dump_sym;

typedef struct {
	emu_spec *sp;
	dump_sym *syms;
	int nsyms;
	int global_shndx;       /* the .nv.global section's index, or -1 */
	/* the current ELF content block */
	int bank;               /* .nv.constantN: N, else -1 */
	char kernel[128];       /* .nv.constantN.KERNEL: KERNEL */
	uint32_t *words;
	int nwords;
	int rel_bank;           /* .rel.nv.constantN: N, else -1 */
	bool symtab;
	char *relocs;           /* directive text for the relocations */
	size_t nrel;
	char *nvbufs;           /* nvdisasm's .nv.global variables as .buffer lines */
	size_t nnvbufs;
	/* diagnostics: the original text, the line being read */
	ast_diags dg;
	const char *line;       /* its first character (in the working copy) */
	int lineno;
	char first[300];        /* the first error, for dump_split's err */
	/* nvdisasm's data section being read (.section NAME,"flags",@type; not .text.*) */
	bool nv_data;
	char nv_name[200];
	int nv_bank;            /* .nv.constantN[.K]: N, else -1 */
	char nv_kernel[128];
	bool nv_global;         /* .nv.global: its labels are __device__ variables */
	uint64_t nv_off;        /* the offset of the next datum in the section */
	uint8_t *nv_bytes;      /* a constant bank's contents so far */
	uint32_t nv_size;       /* its bytes (the highest offset written) */
	char nv_var[128];       /* .nv.global: the variable whose size is being measured */
	uint64_t nv_var_off;
	struct nv_ref {         /* .word/.dword SYMBOL in a constant bank (placed at the end) */
		int bank, size;
		uint32_t off;
		char sym[128];
	} *nv_refs;
	int nnv_refs;
	char elf_sm[16];        /* the sm= of the ELF header line ("64-bit ELF: ... sm=80") */
	int elf_sm_line;
} dump_state;

/* A located error at column 'at' of the current line; the first is kept for dump_split. */
__attribute__((format(printf, 3, 4))) static void dump_error(dump_state *d, const char *at, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	int col = at && d->line && at >= d->line ? (int)(at - d->line) + 1 : 1;
	if (!d->first[0])
		snprintf(d->first, sizeof d->first, "line %d, column %d: %s", d->lineno, col, msg);
	if (d->dg.nerrors >= 20) { /* a garbage file: the first twenty say enough */
		d->dg.nerrors++;
		return;
	}
	if (d->dg.out)
		ast_error(&d->dg, (ast_loc){d->lineno, col}, "%s", msg);
	else
		d->dg.nerrors++;
}

/* Append a directive line to *buf (length *n). */
__attribute__((format(printf, 3, 4))) static void add_line(char **buf, size_t *n, const char *fmt, ...)
{
	char line[300];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if ((size_t)k >= sizeof line)
		k = sizeof line - 1;
	*buf = xrealloc(*buf, *n + (size_t)k + 1);
	memcpy(*buf + *n, line, (size_t)k + 1);
	*n += (size_t)k;
}

static bool starts(const char *l, const char *p)
{
	return l[0] == p[0] && !strncmp(l, p, strlen(p)); /* most lines differ at once */
}

static const char *skip_ws(const char *l)
{
	while (*l == ' ' || *l == '\t')
		l++;
	return l;
}

/* The fat binary's header lines (Fatbin elf/ptx code:, ====, arch = ..., ...). */
static bool header_line(const char *l)
{
	static const char *const keys[] = {"arch =", "code version =", "producer =", "host =", "compile_size =",
					   "identifier =", "ptxasOptions =", "has debug info", NULL};
	if (starts(l, "Fatbin ") || starts(l, "====="))
		return true;
	for (int i = 0; keys[i]; i++)
		if (starts(l, keys[i]))
			return true;
	return false;
}

/* A line that opens an ELF content block: a section name (.nv.constant2.k, .text.k,
   .nv.info, .section .symtab ...) or the ELF header of cuobjdump -elf. */
/* The ELF header line of cuobjdump -elf: "64-bit ELF: type=ET_EXEC, ABI=8, sm=80, ..."
   (CUDA 13) or "64bit elf: type=2, abi=7, sm=80, ..." (CUDA 11 and before). */
static bool elf_header(const char *l)
{
	return isdigit((unsigned char)l[0]) && isdigit((unsigned char)l[1]) &&
	       (starts(l + 2, "bit elf:") || starts(l + 2, "-bit ELF:"));
}

/* A line that opens an ELF content block: a section name (.nv.constant2.k, .text.k,
   .nv.info, .section .symtab ...) or the ELF header of cuobjdump -elf. */
static bool elf_start(const char *l)
{
	if (l[0] != '.' && l[0] != 'S' && !isdigit((unsigned char)l[0])) /* an instruction line */
		return false;
	size_t n = strcspn(l, "\r\n");
	while (n && (l[n - 1] == ' ' || l[n - 1] == '\t' || l[n - 1] == '\r'))
		n--;
	if (n && l[n - 1] == ':') /* nvdisasm's label .text.k: (its code follows) */
		return false;
	return starts(l, ".section") || starts(l, ".nv.") || starts(l, ".text.") || starts(l, ".rel.") ||
	       starts(l, ".symtab") || starts(l, ".strtab") || starts(l, ".shstrtab") || elf_header(l) ||
	       starts(l, "Sections:");
}

static void flush_block(dump_state *d)
{
	if (d->bank >= 0 && d->bank != 0 && d->nwords) { /* bank 0 is the launch ABI's */
		spec_add_table(d->sp, d->kernel[0] ? d->kernel : NULL, d->bank, 0, d->words, d->nwords);
	}
	d->bank = d->rel_bank = -1;
	d->symtab = false;
	d->kernel[0] = 0;
	d->nwords = 0;
}

/* The bank of a section name .nv.constantN[.KERNEL] (kernel into k), or -1. */
static int bank_of(const char *name, char *k, size_t kn)
{
	if (!starts(name, ".nv.constant") || !isdigit((unsigned char)name[12]))
		return -1;
	char *end;
	long b = strtol(name + 12, &end, 10);
	if (*end && *end != '.')
		return -1;
	snprintf(k, kn, "%s", *end == '.' ? end + 1 : "");
	return b <= 17 ? (int)b : -1; /* banks 0..17 (docs/directives.md) */
}

/* The header line's sm=NN: the target of a cubin's dump (which has no "arch =" line). */
static void elf_header_line(dump_state *d, const char *l)
{
	const char *p = strstr(l, "sm=");
	size_t n = p ? strspn(p + 3, "0123456789") : 0;
	if (!n || n > 4) {
		dump_error(d, l + strcspn(l, ":") + 1, "truncated ELF header: no sm=NN (the target) in it");
		return;
	}
	snprintf(d->elf_sm, sizeof d->elf_sm, "sm_%.*s", (int)n, p + 3);
	d->elf_sm_line = d->lineno;
}

/* The block a section name opens: "NAME[\tTYPE]" or ".section NAME[\tTYPE]". */
static void open_block(dump_state *d, const char *l)
{
	flush_block(d);
	if (elf_header(l)) {
		elf_header_line(d, l);
		return;
	}
	const char *l0 = l;
	if (starts(l, ".section") && (l[8] == ' ' || l[8] == '\t' || !l[8] || l[8] == '\r'))
		l = skip_ws(l + 8);
	else if (starts(l, ".section"))
		return; /* .sectionflags and the like */
	char name[200];
	size_t n = strcspn(l, " \t\r\n");
	if (!n) {
		dump_error(d, l0, "section without a name");
		return;
	}
	snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), l);
	if (!strcmp(name, ".symtab"))
		d->symtab = true;
	else if (starts(name, ".nv.constant"))
		d->bank = bank_of(name, d->kernel, sizeof d->kernel);
	else if (starts(name, ".rel.nv.constant") && isdigit((unsigned char)name[16]))
		d->rel_bank = (int)strtol(name + 16, NULL, 10);
}

/* A symbol table row: "index value size info other shndx name" (numbers decimal or 0x). */
static void symtab_row(dump_state *d, const char *l)
{
	unsigned long long v[6];
	char name[128] = "";
	int got = sscanf(l, "%lli %lli %lli %lli %lli %lli %127s", (long long *)&v[0], (long long *)&v[1],
			 (long long *)&v[2], (long long *)&v[3], (long long *)&v[4], (long long *)&v[5], name);
	if (got < 7)
		return;
	if (!strcmp(name, ".nv.global"))
		d->global_shndx = (int)v[5];
	d->syms = xrealloc(d->syms, sizeof *d->syms * (size_t)(d->nsyms + 1));
	dump_sym *s = &d->syms[d->nsyms++];
	snprintf(s->name, sizeof s->name, "%s", name);
	s->value = v[1];
	s->size = v[2];
	s->shndx = (int)v[5];
}

/* A relocation row of .rel.nv.constantN: "OFFSET SYMBOL R_..." (the symbol's address goes
   into bank N at OFFSET). */
static void reloc_row(dump_state *d, const char *l)
{
	unsigned long long off;
	char sym[128];
	if (sscanf(l, "%lli %127s", (long long *)&off, sym) != 2 || !isalpha((unsigned char)sym[0]) || off > 0xffff)
		return;
	add_line(&d->relocs, &d->nrel, ".const %d 0x%llx u32 %s\n", d->rel_bank, off, sym);
}

/* A line of a constant bank's words: "0x0000000b 0x00000016 ..." (32 bits each). */
static void block_line(dump_state *d, const char *l)
{
	if (d->symtab) {
		symtab_row(d, l);
		return;
	}
	if (d->rel_bank >= 0) {
		reloc_row(d, l);
		return;
	}
	if (d->bank < 0)
		return;
	for (const char *q = skip_ws(l); *q && *q != '\r'; q = skip_ws(q)) {
		char *end;
		unsigned long long w = 0;
		bool hex = q[0] == '0' && (q[1] == 'x' || q[1] == 'X') && isxdigit((unsigned char)q[2]);
		if (hex)
			w = strtoull(q, &end, 16);
		size_t tok = strcspn(q, " \t\r");
		if (!hex || (size_t)(end - q) != tok || tok > 10 || w > 0xffffffffu) {
			dump_error(d, q, "bad word '%.*s' in constant bank %d (0x and at most 8 hex digits)",
				   (int)(tok < 40 ? tok : 40), q, d->bank);
			return;
		}
		if (d->nwords >= 0x4000) {
			dump_error(d, q, "constant bank %d is longer than 64 KiB", d->bank);
			return;
		}
		d->words = xrealloc(d->words, sizeof *d->words * (size_t)(d->nwords + 1));
		d->words[d->nwords++] = (uint32_t)w;
		q = end;
	}
}

/* ---- nvdisasm of a whole cubin: its data sections ---- */

/* "\t.section NAME,"flags",@type": nvdisasm's (indented, or a ',' after the name), not
   cuobjdump -elf's ".section NAME[\tTYPE]". */
/* t: l past its blanks */
static bool nv_section(const char *l, const char *t)
{
	if (!starts(t, ".section") || (t[8] != ' ' && t[8] != '\t' && t[8] && t[8] != '\r'))
		return false;
	if (t != l)
		return true;
	const char *n = skip_ws(t + 8);
	n += strcspn(n, " \t\r,");
	return *skip_ws(n) == ',';
}

/* The variable of .nv.global being measured ends here (at the next label or the end). */
static void nv_close_var(dump_state *d)
{
	if (!d->nv_var[0] || d->nv_off <= d->nv_var_off)
		return;
	uint64_t size = d->nv_off - d->nv_var_off;
	if (size % 4 == 0)
		add_line(&d->nvbufs, &d->nnvbufs, ".buffer %s u32 %llu\n", d->nv_var, (unsigned long long)size / 4);
	else
		add_line(&d->nvbufs, &d->nnvbufs, ".buffer %s u8 %llu\n", d->nv_var, (unsigned long long)size);
	d->nv_var[0] = 0;
}

/* The hex digits at p (strspn with a 22-character set takes glibc's slow generic path, and
   every instruction line of a listing comes here) */
static size_t hex_span(const char *p)
{
	size_t n = 0;
	while ((p[n] >= '0' && p[n] <= '9') || ((p[n] | 0x20) >= 'a' && (p[n] | 0x20) <= 'f'))
		n++;
	return n;
}

/* "/ *ADDR* / .byte ..." (or .short, .word, .dword) where no data section is open. */
static bool stray_datum(const char *t)
{
	if (t[0] != '/' || t[1] != '*')
		return false;
	t += 2 + hex_span(t + 2);
	if (t[0] != '*' || t[1] != '/')
		return false;
	t = skip_ws(t + 2);
	size_t w = strcspn(t, " \t\r");
	return (w == 5 && starts(t, ".byte")) || (w == 6 && starts(t, ".short")) || (w == 5 && starts(t, ".word")) ||
	       (w == 6 && starts(t, ".dword"));
}

/* The end of a data section: a constant bank's bytes become its table (bank 0 aside, as
   for cuobjdump), .nv.global's last variable its buffer. */
static void nv_flush(dump_state *d)
{
	if (d->nv_data && d->nv_bank > 0 && d->nv_size) {
		int n = (int)((d->nv_size + 3) / 4);
		uint32_t *w = xcalloc((size_t)n, sizeof *w);
		for (uint32_t i = 0; i < d->nv_size; i++)
			w[i / 4] |= (uint32_t)d->nv_bytes[i] << (8 * (i % 4));
		spec_add_table(d->sp, d->nv_kernel[0] ? d->nv_kernel : NULL, d->nv_bank, 0, w, n);
		free(w);
	}
	if (d->nv_global)
		nv_close_var(d);
	d->nv_data = d->nv_global = false;
	d->nv_bank = -1;
	d->nv_size = 0;
	d->nv_off = 0;
	d->nv_var[0] = d->nv_kernel[0] = d->nv_name[0] = 0;
}

/* A ".section NAME,..." line of nvdisasm; true when it opens a code section (.text.K),
   whose line the grammar reads. */
static bool nv_open(dump_state *d, const char *l)
{
	nv_flush(d);
	const char *t = skip_ws(l);
	const char *n = skip_ws(t + 8);
	size_t len = strcspn(n, " \t\r,");
	if (!len) {
		dump_error(d, t, "section without a name");
		return false;
	}
	if (starts(n, ".text.") && len > 6)
		return true;
	snprintf(d->nv_name, sizeof d->nv_name, "%.*s", (int)(len < sizeof d->nv_name ? len : sizeof d->nv_name - 1), n);
	d->nv_data = true;
	d->nv_bank = bank_of(d->nv_name, d->nv_kernel, sizeof d->nv_kernel);
	d->nv_global = !strcmp(d->nv_name, ".nv.global");
	return false;
}

/* One number of a data directive: decimal or 0x hex, at most max; else NULL. */
static const char *nv_number(const char *p, size_t n, uint64_t max, uint64_t *v)
{
	char b[32];
	if (!n || n >= sizeof b)
		return NULL;
	memcpy(b, p, n);
	b[n] = 0;
	char *end;
	errno = 0;
	bool hex = b[0] == '0' && (b[1] == 'x' || b[1] == 'X');
	if (!isdigit((unsigned char)b[0]) || (hex && !isxdigit((unsigned char)b[2])))
		return NULL;
	unsigned long long x = strtoull(b, &end, hex ? 16 : 10);
	if (*end || errno || x > max)
		return NULL;
	*v = x;
	return p + n;
}

/* A symbolic datum (a relocation nvdisasm prints by name): index@(sym), sym, .L_x_4@srel,
   (.L_2 - .L_1), 32@lo(sym) ... */
static bool nv_symbolic(const char *p, size_t n)
{
	bool alpha = false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (isalpha(c) || c == '_' || c == '$')
			alpha = true;
		else if (!isdigit(c) && !strchr(".@()-+ \t", c))
			return false;
	}
	return alpha;
}

/* .byte/.short/.word/.dword V, V, ... (size bytes each) at nv_off. */
static void nv_data(dump_state *d, const char *dir, const char *p, int size)
{
	uint64_t max = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
	for (int k = 0;; k++) {
		p = skip_ws(p);
		size_t n = strcspn(p, ",\r");
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		uint64_t v = 0;
		if (!n) {
			dump_error(d, p, "%s without a value%s", dir, k ? " after ','" : "");
			return;
		}
		bool num = nv_number(p, n, max, &v) != NULL;
		if (!num && (isdigit((unsigned char)p[0]) || !nv_symbolic(p, n))) {
			dump_error(d, p, "bad %s value '%.*s' (a number of at most %d bits, or a symbol)", dir,
				   (int)(n < 40 ? n : 40), p, 8 * size);
			return;
		}
		if (d->nv_bank >= 0) {
			if (d->nv_off + (uint64_t)size > 0x10000) {
				dump_error(d, p, "%s at offset 0x%llx is beyond the 64 KiB of constant bank %d", dir,
					   (unsigned long long)d->nv_off, d->nv_bank);
				return;
			}
			uint32_t off = (uint32_t)d->nv_off;
			if (off + (uint32_t)size > d->nv_size) {
				d->nv_bytes = xrealloc(d->nv_bytes, off + (size_t)size);
				memset(d->nv_bytes + d->nv_size, 0, off + (size_t)size - d->nv_size);
				d->nv_size = off + (uint32_t)size;
			}
			for (int i = 0; i < size; i++) /* little-endian; a symbol's bytes stay 0 */
				d->nv_bytes[off + (uint32_t)i] = num ? (uint8_t)(v >> (8 * i)) : 0;
			/* the symbol of "sym" or "fun@R_CUDA_G64(sym)" (nvdisasm's relocations) */
			const char *sym = p, *open = memchr(p, '(', n);
			size_t sn = n;
			if (open && p[n - 1] == ')') {
				sym = open + 1;
				sn = (size_t)(p + n - 1 - sym);
			}
			const char *idc = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$";
			if (!num && sn && strspn(sym, idc) >= sn && !isdigit((unsigned char)sym[0]) && (size == 4 || size == 8) &&
			    sn < 128) {
				d->nv_refs = xrealloc(d->nv_refs, sizeof *d->nv_refs * (size_t)(d->nnv_refs + 1));
				struct nv_ref *r = &d->nv_refs[d->nnv_refs++];
				*r = (struct nv_ref){.bank = d->nv_bank, .size = size, .off = off};
				memcpy(r->sym, sym, sn);
				r->sym[sn] = 0;
			}
		}
		d->nv_off += (uint64_t)size;
		p += strcspn(p, ",\r");
		if (*p != ',')
			return;
		p++;
	}
}

/* One line of a data section: [/ *ADDR* /] .directive operands, a label, a comment. */
static void nv_line(dump_state *d, const char *l)
{
	const char *t = skip_ws(l);
	if (t[0] == '/' && t[1] == '*') { /* the datum's offset in its section */
		const char *h = t + 2, *e = strstr(h, "*/");
		size_t hn = hex_span(h);
		if (!e || hn != (size_t)(e - h) || !hn || hn > 8) {
			dump_error(d, t, "bad address comment in data section %s (want /*HEX*/)", d->nv_name);
			return;
		}
		d->nv_off = strtoull(h, NULL, 16);
		t = skip_ws(e + 2);
	}
	if (!*t || *t == '\r' || (t[0] == '/' && t[1] == '/'))
		return;
	size_t w = strcspn(t, " \t\r");
	if (t[w - 1] == ':' && (unsigned char)*skip_ws(t + w) <= '\r') { /* a label */
		if (d->nv_global) {
			nv_close_var(d);
			if (t[0] != '.' && w - 1 < sizeof d->nv_var) {
				snprintf(d->nv_var, sizeof d->nv_var, "%.*s", (int)(w - 1), t);
				d->nv_var_off = d->nv_off;
			}
		}
		return;
	}
	if (t[0] != '.') {
		dump_error(d, t, "unexpected '%.*s' in data section %s (data directives and labels only)",
			   (int)(w < 40 ? w : 40), t, d->nv_name);
		return;
	}
	static const struct {
		const char *name;
		int size;
	} dirs[] = {{".byte", 1}, {".short", 2}, {".half", 2}, {".word", 4}, {".dword", 8}};
	const char *arg = skip_ws(t + w);
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (w == strlen(dirs[i].name) && !strncmp(t, dirs[i].name, w)) {
			nv_data(d, dirs[i].name, arg, dirs[i].size);
			return;
		}
	uint64_t v;
	size_t an = strcspn(arg, " \t\r");
	if (w == 5 && !strncmp(t, ".zero", 5)) {
		if (!nv_number(arg, an, 1u << 30, &v)) {
			dump_error(d, arg, "bad .zero count '%.*s'", (int)(an < 40 ? an : 40), arg);
			return;
		}
		if (d->nv_bank >= 0 && d->nv_off + v > 0x10000) {
			dump_error(d, arg, ".zero %llu at offset 0x%llx is beyond the 64 KiB of constant bank %d",
				   (unsigned long long)v, (unsigned long long)d->nv_off, d->nv_bank);
			return;
		}
		d->nv_off += v; /* a bank's zeros are what the bank holds anyway */
	} else if (w == 6 && !strncmp(t, ".align", 6)) {
		if (!nv_number(arg, an, 1u << 16, &v) || !v || (v & (v - 1))) {
			dump_error(d, arg, "bad .align '%.*s' (a power of two)", (int)(an < 40 ? an : 40), arg);
			return;
		}
		d->nv_off = (d->nv_off + v - 1) & ~(v - 1);
	} /* else .type, .size, .sectionflags ...: nothing to take */
}

/* The __device__ variables (symbols of .nv.global) as buffers, then the relocations, as
   directives (or NULL). */
static char *globals(dump_state *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	for (int i = 0; d->global_shndx > 0 && i < d->nsyms; i++) {
		const dump_sym *s = &d->syms[i];
		if (s->shndx != d->global_shndx || s->name[0] == '.' || !s->size)
			continue;
		/* the ELF gives a size, not a type: words where it is a multiple of 4, else bytes */
		if (s->size % 4 == 0)
			fprintf(m, ".buffer %s u32 %llu\n", s->name, (unsigned long long)s->size / 4);
		else
			fprintf(m, ".buffer %s u8 %llu\n", s->name, (unsigned long long)s->size);
	}
	if (d->nvbufs)
		fputs(d->nvbufs, m);
	if (d->relocs)
		fputs(d->relocs, m);
	/* nvdisasm's named words in a constant bank: the addresses of .nv.global variables */
	for (int i = 0; i < d->nnv_refs; i++) {
		const struct nv_ref *r = &d->nv_refs[i];
		char key[140];
		snprintf(key, sizeof key, ".buffer %s ", r->sym);
		if (d->nvbufs && strstr(d->nvbufs, key)) /* else not a variable: the word stays 0 */
			fprintf(m, ".const %d 0x%x %s %s\n", r->bank, r->off, r->size == 8 ? "u64" : "u32", r->sym);
	}
	fclose(m);
	if (!len) {
		free(text);
		return NULL;
	}
	return text;
}

/* The sm_XX of a "code for sm_XX" or "arch = sm_XX" line into buf. */
static void arch_of(const char *p, char *buf, size_t n)
{
	p = strstr(p, "sm_");
	size_t len = p ? 3 + strspn(p + 3, "0123456789") : 0;
	snprintf(buf, n, "%.*s", (int)len, p ? p : "");
}

/* The distinct architectures of the SASS sections, ", " between them. */
static void archs_in(const char *src, char *list, size_t n)
{
	list[0] = 0;
	/* the lines that begin, after blanks, with it: found by strstr, not line by line */
	for (const char *t = src; (t = strstr(t, "code for sm_")); t++) {
		const char *b = t;
		while (b > src && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > src && b[-1] != '\n')
			continue;
		char a[16], key[20];
		arch_of(t, a, sizeof a);
		snprintf(key, sizeof key, "%s,", a);
		char with[220];
		snprintf(with, sizeof with, "%s,", list);
		if (!strstr(with, key) || (strstr(with, key) != with && strstr(with, key)[-1] != ' '))
			snprintf(list + strlen(list), n - strlen(list), "%s%s", list[0] ? ", " : "", a);
	}
}

/* After the several-architectures error: each architecture's functions as lines a user can
   paste, "  --kernel NAME --target sm_XX" */
static void candidates(const char *src, FILE *diag)
{
	char arch[16] = "";
	for (const char *l = src; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *t = skip_ws(l);
		if (starts(t, "code for sm_"))
			arch_of(t, arch, sizeof arch);
		else if (starts(t, "Function :") && arch[0]) {
			t = skip_ws(t + 10);
			int len = (int)strcspn(t, " \t\r\n");
			if (len)
				fprintf(diag, "  --kernel %.*s --target %s\n", len, t, arch);
		}
	}
}

/* own: src is the caller's to give (dump_read_own): the lines are blanked in it, not in a
   copy, once the last diagnostic that prints a line of it is out; freed on an error. */
static char *split(const char *file, const char *src, char *own, emu_spec *sp, const char *want,
		   char **directives, FILE *diag, char *err, size_t errn)
{
	*directives = NULL;
	char archs[200];
	archs_in(src, archs, sizeof archs);
	char pick[16] = "";
	if (want && strchr(archs, ',')) { /* one architecture: the assembler checks the target */
		char with[220], key[24];
		snprintf(with, sizeof with, "%s,", archs);
		snprintf(key, sizeof key, "%s,", want);
		if (archs[0] && (!strstr(with, key) || (strstr(with, key) != with && strstr(with, key)[-1] != ' '))) {
			snprintf(err, errn, "the file has no code for %s (it has code for %s)", want, archs);
			if (diag) {
				fprintf(diag, "%s: error: %s; its kernels, one launch a line:\n", file ? file : "<input>", err);
				candidates(src, diag);
			}
			free(own);
			return NULL;
		}
		snprintf(pick, sizeof pick, "%s", want);
	} else if (strchr(archs, ',')) {
		snprintf(err, errn, "the file has code for several architectures (%s): pick one with --target", archs);
		if (diag) {
			fprintf(diag, "%s: error: %s; its kernels, one launch a line:\n", file ? file : "<input>", err);
			candidates(src, diag);
		}
		free(own);
		return NULL;
	}
	char *out = own;
	if (!own) {
		size_t n = strlen(src);
		out = xmalloc(n + 1);
		memcpy(out, src, n + 1);
	}
	struct blank_span {
		size_t at, len;
	} *later = NULL; /* own: the lines to blank after the loop */
	size_t nlater = 0, caplater = 0;
	dump_state d = {.sp = sp, .global_shndx = -1, .bank = -1, .rel_bank = -1, .nv_bank = -1,
			.dg = {.file = file, .src = src, .out = diag}};
	region r = R_SASS;
	bool dump = false, keep = true; /* keep: this section's architecture is the one picked */
	char *header = NULL;            /* a cubin's ELF header line (its target goes there) */
	for (char *l = out; *l;) {
		char *eol = strchr(l, '\n');
		size_t len = eol ? (size_t)(eol - l) : strlen(l);
		char save = l[len];
		l[len] = 0; /* the line alone (put back below) */
		d.line = l;
		d.lineno++;
		const char *t = text_skip_blank(l, l + len); /* nv_section, stray_datum: l's t */
		bool blank = false;
		if (header_line(l)) {
			flush_block(&d);
			nv_flush(&d);
			r = starts(l, "Fatbin ptx") ? R_PTX : starts(l, "Fatbin elf") ? R_ELF : r;
			if (starts(l, "arch =") && pick[0]) {
				char a[16];
				arch_of(l, a, sizeof a);
				keep = !strcmp(a, pick);
			}
			blank = dump = true;
		} else if (starts(t, "code for sm_")) {
			flush_block(&d);
			nv_flush(&d);
			r = R_SASS;
			if (pick[0]) {
				char a[16];
				arch_of(t, a, sizeof a);
				keep = !strcmp(a, pick);
			}
			blank = !keep;
		} else if (r == R_PTX || (r == R_SASS && !keep)) {
			blank = true;
		} else if (r == R_SASS && nv_section(l, t)) { /* nvdisasm: a data or a code section */
			blank = !nv_open(&d, l);
			dump = dump || blank;
		} else if (r == R_SASS && d.nv_data) {
			nv_line(&d, l);
			blank = true;
		} else if (r == R_SASS && stray_datum(t)) {
			dump_error(&d, strchr(l, '.'), "%.*s outside a data section (no '.section NAME,...' line before it)",
				   (int)strcspn(strchr(l, '.'), " \t\r"), strchr(l, '.'));
			blank = true;
		} else if (elf_start(l)) {
			if (elf_header(l) && keep && !header)
				header = l;
			open_block(&d, l);
			if (!keep)
				flush_block(&d); /* another architecture's sections: nothing to take */
			r = R_ELF;
			blank = dump = true;
		} else if (r == R_ELF) {
			block_line(&d, l);
			blank = true;
		}
		l[len] = save;
		if (blank && own && len) {
			if (nlater == caplater)
				later = xrealloc(later, sizeof *later * (caplater = caplater ? 2 * caplater : 256));
			later[nlater++] = (struct blank_span){(size_t)(l - out), len};
		} else if (blank) {
			memset(l, ' ', len);
		}
		l += len + (eol ? 1 : 0);
	}
	flush_block(&d);
	nv_flush(&d);
	for (size_t i = 0; i < nlater; i++)
		memset(out + later[i].at, ' ', later[i].len);
	free(later);
	if (d.elf_sm[0] && !archs[0] && header && strlen(header) >= 16) {
		/* a cubin's dump without its SASS (-elf alone): the target is the header's sm= */
		char cf[32];
		int k = snprintf(cf, sizeof cf, "code for %s", d.elf_sm);
		if (k > 0 && (size_t)k <= strcspn(header, "\n"))
			memcpy(header, cf, (size_t)k);
	}
	*directives = dump && !d.dg.nerrors ? globals(&d) : NULL;
	free(d.words);
	free(d.syms);
	free(d.relocs);
	free(d.nvbufs);
	free(d.nv_bytes);
	free(d.nv_refs);
	if (d.dg.nerrors) {
		if (diag && d.dg.nerrors > 20)
			fprintf(diag, "%s: %d more errors in its sections not shown\n", file ? file : "<input>",
				d.dg.nerrors - 20);
		snprintf(err, errn, "%s", d.first);
		free(out);
		return NULL;
	}
	return out;
}

char *dump_split(const char *src, emu_spec *sp, const char *want, char **directives, char *err, size_t errn)
{
	return split(NULL, src, NULL, sp, want, directives, NULL, err, errn);
}

char *dump_read(const char *file, const char *src, emu_spec *sp, const char *want, char **directives, FILE *diag)
{
	char err[300];
	return split(file, src, NULL, sp, want, directives, diag ? diag : stderr, err, sizeof err);
}

char *dump_read_own(const char *file, char *src, emu_spec *sp, const char *want, char **directives, FILE *diag)
{
	char err[300];
	return split(file, src, src, sp, want, directives, diag ? diag : stderr, err, sizeof err);
}
