/* A whole cuobjdump output as users paste it: the fat binary's headers, ELF sections
   (cuobjdump -elf), SASS (-sass) and PTX. The SASS stays for the grammar; every other line
   is blanked (line numbers stay), and what the ELF sections say that the SASS text lacks
   goes into the launch spec: constant-bank contents (literal pools, per kernel), the
   __device__ variables of .nv.global as buffers, and their addresses where relocations put
   them (c[0xe] on Tesla). */
#include "front/dump.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
} dump_state;

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
static bool elf_start(const char *l)
{
	if (l[0] != '.' && l[0] != 'S' && !isdigit((unsigned char)l[0])) /* an instruction line */
		return false;
	size_t n = strcspn(l, "\r\n");
	while (n && (l[n - 1] == ' ' || l[n - 1] == '\t' || l[n - 1] == '\r'))
		n--;
	if (n && l[n - 1] == ':') /* nvdisasm's label .text.k: (its code follows) */
		return false;
	return starts(l, ".section ") || starts(l, ".nv.") || starts(l, ".text.") || starts(l, ".rel.") ||
	       starts(l, ".symtab") || starts(l, ".strtab") || starts(l, ".shstrtab") ||
	       (isdigit((unsigned char)l[0]) && isdigit((unsigned char)l[1]) && starts(l + 2, "bit elf:")) ||
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

/* The block a section name opens: "NAME[\tTYPE]" or ".section NAME[\tTYPE]". */
static void open_block(dump_state *d, const char *l)
{
	flush_block(d);
	if (starts(l, ".section "))
		l = skip_ws(l + 9);
	char name[200];
	size_t n = strcspn(l, " \t\r\n");
	snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), l);
	if (!strcmp(name, ".symtab"))
		d->symtab = true;
	else if (starts(name, ".nv.constant") && isdigit((unsigned char)name[12])) {
		char *end;
		d->bank = (int)strtol(name + 12, &end, 10);
		if (*end == '.')
			snprintf(d->kernel, sizeof d->kernel, "%s", end + 1);
	} else if (starts(name, ".rel.nv.constant") && isdigit((unsigned char)name[16]))
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
	char line[200];
	int n = snprintf(line, sizeof line, ".const %d 0x%llx u32 %s\n", d->rel_bank, off, sym);
	d->relocs = xrealloc(d->relocs, d->nrel + (size_t)n + 1);
	memcpy(d->relocs + d->nrel, line, (size_t)n + 1);
	d->nrel += (size_t)n;
}

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
	for (const char *q = l; (q = strstr(q, "0x"));) { /* the section's words */
		char *end;
		unsigned long long w = strtoull(q, &end, 16);
		if (end - q < 3)
			break;
		d->words = xrealloc(d->words, sizeof *d->words * (size_t)(d->nwords + 1));
		d->words[d->nwords++] = (uint32_t)w;
		q = end;
	}
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
	if (d->relocs)
		fputs(d->relocs, m);
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
	for (const char *l = src; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *t = skip_ws(l);
		if (!starts(t, "code for sm_"))
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

char *dump_split(const char *src, emu_spec *sp, const char *want, char **directives, char *err, size_t errn)
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
			return NULL;
		}
		snprintf(pick, sizeof pick, "%s", want);
	} else if (strchr(archs, ',')) {
		snprintf(err, errn, "the file has code for several architectures (%s): pick one with --target", archs);
		return NULL;
	}
	size_t n = strlen(src);
	char *out = xmalloc(n + 1);
	memcpy(out, src, n + 1);
	dump_state d = {.sp = sp, .global_shndx = -1, .bank = -1, .rel_bank = -1};
	region r = R_SASS;
	bool dump = false, keep = true; /* keep: this section's architecture is the one picked */
	for (char *l = out; *l;) {
		char *eol = strchr(l, '\n');
		size_t len = eol ? (size_t)(eol - l) : strlen(l);
		const char *t = skip_ws(l);
		bool blank = false;
		if (header_line(l)) {
			flush_block(&d);
			r = starts(l, "Fatbin ptx") ? R_PTX : starts(l, "Fatbin elf") ? R_ELF : r;
			if (starts(l, "arch =") && pick[0]) {
				char a[16];
				arch_of(l, a, sizeof a);
				keep = !strcmp(a, pick);
			}
			blank = dump = true;
		} else if (starts(t, "code for sm_")) {
			flush_block(&d);
			r = R_SASS;
			if (pick[0]) {
				char a[16];
				arch_of(t, a, sizeof a);
				keep = !strcmp(a, pick);
			}
			blank = !keep;
		} else if (r == R_PTX || (r == R_SASS && !keep)) {
			blank = true;
		} else if (elf_start(l)) {
			open_block(&d, l);
			if (!keep)
				flush_block(&d); /* another architecture's sections: nothing to take */
			r = R_ELF;
			blank = dump = true;
		} else if (r == R_ELF) {
			char save = l[len];
			l[len] = 0;
			block_line(&d, l);
			l[len] = save;
			blank = true;
		}
		if (blank)
			memset(l, ' ', len);
		l += len + (eol ? 1 : 0);
	}
	flush_block(&d);
	*directives = dump ? globals(&d) : NULL;
	free(d.words);
	free(d.syms);
	free(d.relocs);
	return out;
}
