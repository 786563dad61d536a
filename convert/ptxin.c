/* Inputs through NVIDIA's tools: a .ptx file is compiled with ptxas, a .cu file with nvcc -cubin,
   and that cubin, or a cubin, fat binary or executable given as the input, is disassembled
   with cuobjdump -elf -sass; the listing (constant banks included) then runs. The tools come
   from the places convert/toolkit.c searches; a release that cannot compile for the target,
   or a cuobjdump that cannot read the cubin, is said with its path and release. */
#include "convert/ptxin.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convert/toolkit.h"
#include "util/xalloc.h"

bool cli_is_ptx(const char *src)
{
	/* PTX names its registers and special registers with %; GPGPU-Sim's PTXPlus with $; a
	   whole cuobjdump output has PTX too, but also its machine code */
	if (strstr(src, "code for sm_") || strstr(src, "Fatbin "))
		return false;
	return strstr(src, ".version") && strstr(src, ".entry") && (strstr(src, "%tid") || strstr(src, "%r") ||
								 strstr(src, "%rd") || strstr(src, "%f")) &&
	       !strstr(src, "$r");
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* Does a 64-bit little-endian ELF have a section named .nv_fatbin (or __nv_relfatbin, the
   relocatable device code of nvcc -rdc)? -1 when its headers cannot be read. */
static int has_fatbin_section(const unsigned char *b, size_t n)
{
	if (n < 64 || b[4] != 2 || b[5] != 1)
		return -1;
	uint64_t shoff = le64(b + 0x28);
	unsigned shentsize = b[0x3a] | b[0x3b] << 8, shnum = b[0x3c] | b[0x3d] << 8, shstrndx = b[0x3e] | b[0x3f] << 8;
	if (shentsize < 64 || shstrndx >= shnum || shoff > n || (uint64_t)shnum * shentsize > n - shoff)
		return -1;
	const unsigned char *str = b + shoff + (uint64_t)shstrndx * shentsize;
	uint64_t stroff = le64(str + 0x18), strsize = le64(str + 0x20);
	if (stroff > n || strsize > n - stroff)
		return -1;
	for (unsigned i = 0; i < shnum; i++) {
		uint32_t name = le32(b + shoff + (uint64_t)i * shentsize);
		if (name >= strsize)
			continue;
		const char *s = (const char *)b + stroff + name;
		size_t room = strsize - name;
		if (!strncmp(s, ".nv_fatbin", room) || !strncmp(s, "__nv_relfatbin", room))
			return 1;
	}
	return 0;
}

/* Does the text declare a CUDA C kernel ("__global__ void", a word of its own)? */
static bool cuda_kernel(const char *t)
{
	for (const char *g = strstr(t, "__global__"); g; g = strstr(g + 10, "__global__")) {
		const char *v = g + 10;
		v += strspn(v, " \t\r\n");
		if ((g == t || !(isalnum((unsigned char)g[-1]) || g[-1] == '_')) && v > g + 10 && !strncmp(v, "void", 4) &&
		    !(isalnum((unsigned char)v[4]) || v[4] == '_'))
			return true;
	}
	return false;
}

in_kind in_kind_of(const char *file, const char *buf, size_t n)
{
	const unsigned char *b = (const unsigned char *)buf;
	if (n >= 20 && !memcmp(b, "\177ELF", 4))
		return (b[0x12] | b[0x13] << 8) == 190 ? IN_CUBIN : IN_HOST_ELF; /* EM_CUDA */
	if (n >= 8 && le32(b) == 0xBA55ED50u)
		return IN_FATBIN;
	if (memchr(buf, 0, n))
		return IN_LISTING; /* binary, not one of those: the listing reader refuses it */
	if (cli_is_ptx(buf))
		return IN_PTX;
	size_t fl = strlen(file);
	bool dot_cu = fl > 3 && !strcmp(file + fl - 3, ".cu");
	/* CUDA C: a kernel, and none of a listing's words */
	bool listing = strstr(buf, "code for sm_") || strstr(buf, "Function :") || strstr(buf, "Fatbin ");
	if (!listing && (dot_cu || cuda_kernel(buf)))
		return IN_CUDA;
	return IN_LISTING;
}

const char *in_kind_name(in_kind k)
{
	switch (k) {
	case IN_PTX: return "PTX";
	case IN_CUDA: return "CUDA C";
	case IN_CUBIN: return "a cubin";
	case IN_FATBIN: return "a fat binary";
	case IN_HOST_ELF: return "an executable or object file with CUDA code";
	default: return "a listing";
	}
}

/* The message when no usable copy of tool is there: what to install */
static void no_tool(FILE *e, const char *file, in_kind k, const char *tool, const tk_tool *found, int nfound)
{
	char where[2048];
	tk_searched(where, sizeof where);
	fprintf(e, "%s is %s: running it needs NVIDIA's %s%s, ", file, in_kind_name(k), tool,
		k == IN_PTX ? " and cuobjdump" : k == IN_CUDA ? " (then cuobjdump)" : "");
	if (!nfound)
		fprintf(e, "which was not found (looked in %s)", where);
	else {
		fprintf(e, "and no copy found runs:");
		for (int i = 0; i < nfound; i++)
			fprintf(e, "\n  %s", found[i].why);
	}
	fprintf(e, "\ninstall a CUDA toolkit: Debian's nvidia-cuda-toolkit (non-free) or NVIDIA's CUDA, "
		"with its bin on PATH or CUDA_HOME set to it");
	if (k != IN_CUDA)
		fprintf(e, "; or run 'make toolkit' in simtemu's source tree (CUDA 11.8's ptxas and cuobjdump "
			"in build/cuda), or set SIMTEMU_CUDA=DIR with the tools in DIR/bin");
}

/* The copies of tool that run, in the search order; the others into bad */
static int runnable(const char *tool, tk_tool *ok, tk_tool *bad, int *nbad)
{
	tk_tool all[TK_MAX];
	int n = tk_find(tool, all, TK_MAX), k = 0;
	*nbad = 0;
	for (int i = 0; i < n; i++) {
		if (all[i].major >= 0)
			ok[k++] = all[i];
		else
			bad[(*nbad)++] = all[i];
	}
	return k;
}

static bool same_dir(const tk_tool *a, const tk_tool *b)
{
	char da[TK_PATH], db[TK_PATH];
	tk_dir_of(a, da, sizeof da);
	tk_dir_of(b, db, sizeof db);
	return !strcmp(da, db);
}

/* The compiler (ptxas, nvcc) for target: the first copy in the search order whose release
   compiles for it, one with a cuobjdump beside it before one without. false after saying why. */
static bool pick_compiler(FILE *e, const char *file, in_kind k, const char *target, tk_tool *c)
{
	const char *tool = k == IN_PTX ? "ptxas" : "nvcc";
	tk_tool ok[TK_MAX], bad[TK_MAX], dumps[TK_MAX], dbad[TK_MAX];
	int nbad, ndbad, n = runnable(tool, ok, bad, &nbad), nd = runnable("cuobjdump", dumps, dbad, &ndbad);
	if (!n) {
		no_tool(e, file, k, tool, bad, nbad);
		return false;
	}
	int pick = -1;
	for (int pass = 0; pass < 2 && pick < 0; pass++)
		for (int i = 0; i < n && pick < 0; i++) {
			if (!tk_supports(ok[i].major, ok[i].minor, target))
				continue;
			bool beside = false;
			for (int j = 0; j < nd; j++)
				beside = beside || same_dir(&ok[i], &dumps[j]);
			if (beside || pass)
				pick = i;
		}
	if (pick >= 0) {
		*c = ok[pick];
		return true;
	}
	char rel[64], tg[64], words[64];
	fprintf(e, "%s is %s for %s, which no %s found compiles for:", file, in_kind_name(k), target, tool);
	for (int i = 0; i < n; i++)
		fprintf(e, "\n  %s is %s (%s)", ok[i].path, tk_release_text(&ok[i], rel, sizeof rel),
			tk_targets_of(ok[i].major, ok[i].minor, tg, sizeof tg));
	fprintf(e, "\n%s needs %s", target, tk_releases_for(target, words, sizeof words));
	for (int i = 0; i < n; i++)
		if (ok[i].major >= 13 && !strncmp(target, "sm_", 3) && atoi(target + 3) < 75) {
			fprintf(e, " (CUDA 13 dropped sm_50 to sm_72: its minimum is sm_75)");
			break;
		}
	fprintf(e, "; give another --target, or put such a toolkit first (CUDA_HOME, PATH)");
	return false;
}

/* The target of the first cubin inside a fat binary or an executable, and whether its header
   has CUDA 13's layout (a compressed one is not seen) */
static void inner_cubin(const unsigned char *b, size_t n, char *sm, size_t smn, bool *newer)
{
	sm[0] = 0;
	*newer = false;
	for (size_t i = 1; i + 0x40 <= n; i++)
		if (b[i] == 0x7f && !memcmp(b + i, "\177ELF", 4)) {
			tk_cubin_target(b + i, n - i, sm, smn, newer);
			if (sm[0])
				return;
		}
}

static void indent_text(FILE *e, const char *text)
{
	for (const char *l = text; *l;) {
		size_t len = strcspn(l, "\n");
		if (len)
			fprintf(e, "\n    %.*s", (int)len, l);
		l += len + (l[len] == '\n');
	}
}

/* cuobjdump -elf -sass of path into listing: the first copy (the compiler's own first) that
   reads it. NULL after saying why. */
static char *disassemble(FILE *e, const char *file, in_kind k, const char *path, const char *listing,
			 const char *errf, const tk_tool *compiler)
{
	tk_tool ok[TK_MAX], bad[TK_MAX];
	int nbad, n = runnable("cuobjdump", ok, bad, &nbad);
	if (!n) {
		if (!compiler) {
			no_tool(e, file, k, "cuobjdump", bad, nbad);
			return NULL;
		}
		char rel[64], where[2048];
		tk_searched(where, sizeof where);
		fprintf(e, "%s (%s) compiled %s, but no cuobjdump was found to disassemble the cubin (looked in %s): "
			"install the cuobjdump of its toolkit", compiler->path, tk_release_text(compiler, rel, sizeof rel),
			file, where);
		return NULL;
	}
	for (int i = 1; compiler && i < n; i++) /* the compiler's own cuobjdump first */
		if (same_dir(&ok[i], compiler)) {
			tk_tool t = ok[i];
			memmove(&ok[1], &ok[0], (size_t)i * sizeof ok[0]);
			ok[0] = t;
		}
	char *fails = NULL;
	size_t flen = 0;
	FILE *f = open_memstream(&fails, &flen);
	for (int i = 0; i < n; i++) {
		char *argv[] = {ok[i].path, "-elf", "-sass", (char *)path, NULL};
		int rc = tk_run(argv, listing, errf);
		char *text = rc == 0 ? xread_file(listing, NULL) : NULL;
		if (text && (strstr(text, "code for sm_") || strstr(text, ".text."))) {
			fclose(f);
			free(fails);
			return text;
		}
		char rel[64];
		char *msg = xread_file(errf, NULL);
		fprintf(f, "\n  %s (%s) %s (exit %d)%s", ok[i].path, tk_release_text(&ok[i], rel, sizeof rel),
			text ? "found no SASS in it" : "could not read it", rc, msg && *msg ? ":" : "");
		if (msg)
			indent_text(f, msg);
		free(msg);
		free(text);
	}
	fclose(f);
	char rel[64];
	if (compiler)
		fprintf(e, "%s (%s) compiled %s, but no cuobjdump could disassemble the cubin:%s", compiler->path,
			tk_release_text(compiler, rel, sizeof rel), file, fails);
	else
		fprintf(e, "cannot disassemble %s (%s):%s", file, in_kind_name(k), fails);
	free(fails);
	/* why, where the cubin says it */
	size_t bn;
	unsigned char *b = (unsigned char *)xread_file(path, &bn);
	char sm[16] = "";
	bool newer = false;
	if (b && k != IN_CUBIN && !compiler)
		inner_cubin(b, bn, sm, sizeof sm, &newer);
	else if (b)
		tk_cubin_target(b, bn, sm, sizeof sm, &newer);
	free(b);
	char older[64] = ""; /* the release of a cuobjdump older than CUDA 13 that failed */
	for (int i = 0; i < n && !older[0]; i++)
		if (ok[i].major < 13)
			tk_release_text(&ok[i], older, sizeof older);
	if (newer && older[0])
		fprintf(e, "\nthe cubin (%s) has the ELF layout CUDA 13 writes (OS/ABI 0x41, ABI version 8), which the "
			"cuobjdump of %s cannot read: disassemble it with CUDA 13's cuobjdump (NVIDIA's CUDA 13 "
			"toolkit)%s", sm, older,
			compiler ? ", or compile with a toolkit that has both nvcc and cuobjdump (CUDA_HOME)" : "");
	else if (compiler && !(compiler->major >= 0 && ok[0].major >= 0 &&
			       (ok[0].major > compiler->major ||
				(ok[0].major == compiler->major && ok[0].minor >= compiler->minor)))) {
		/* (a cuobjdump as new as the compiler: its stderr says it all) */
		char crel[64], drel[64];
		fprintf(e, "\na cuobjdump older than the %s (%s here, %s) may not read its cubins: use the cuobjdump "
			"of %s", k == IN_PTX ? "ptxas" : "nvcc", tk_release_text(&ok[0], drel, sizeof drel),
			tk_release_text(compiler, crel, sizeof crel), crel);
	} else if (!compiler)
		fprintf(e, "\na cubin made by a newer CUDA than these cuobjdumps needs the cuobjdump of that release%s",
			k == IN_CUBIN ? "" : "; a fat binary holding PTX only has no SASS: compile it with -arch=sm_XX");
	return NULL;
}

/* buf into path */
static bool write_bytes(const char *path, const char *buf, size_t n)
{
	FILE *f = fopen(path, "wb");
	bool ok = f && fwrite(buf, 1, n, f) == n;
	if (f && fclose(f))
		ok = false;
	return ok;
}

/* PTX's own .target (sm_XX) into tg */
static void ptx_target(const char *src, char *tg, size_t n)
{
	const char *t = strstr(src, ".target");
	const char *sm = t ? strstr(t, "sm_") : NULL;
	tg[0] = 0;
	if (sm)
		snprintf(tg, n, "%.*s", (int)(3 + strspn(sm + 3, "0123456789")), sm);
}

/* Compile (PTX, CUDA C) or take (a binary) the input, then disassemble it; NULL after saying why */
static char *convert(FILE *e, const char *file, in_kind k, const char *in, const char *target, const char *dir)
{
	char cubin[TK_PATH + 16], listing[TK_PATH + 16], errf[TK_PATH + 16];
	snprintf(cubin, sizeof cubin, "%s/k.cubin", dir);
	snprintf(listing, sizeof listing, "%s/k.sass", dir);
	snprintf(errf, sizeof errf, "%s/err", dir);
	if (k == IN_HOST_ELF) {
		size_t bn;
		unsigned char *b = (unsigned char *)xread_file(in, &bn);
		int has = b ? has_fatbin_section(b, bn) : -1;
		free(b);
		if (!has) {
			fprintf(e, "%s is an ELF file but not a cubin, and it has no .nv_fatbin section: no CUDA code in it",
				file);
			return NULL;
		}
	}
	if (k != IN_PTX && k != IN_CUDA)
		return disassemble(e, file, k, in, listing, errf, NULL);
	tk_tool c;
	if (!pick_compiler(e, file, k, target, &c))
		return NULL;
	char arch[48];
	snprintf(arch, sizeof arch, "-arch=%s", target);
	char *ptxas[] = {c.path, arch, "-o", cubin, (char *)in, NULL};
	char *nvcc[] = {c.path, "-cubin", arch, "-x", "cu", "-o", cubin, (char *)in, NULL};
	int rc = tk_run(k == IN_PTX ? ptxas : nvcc, NULL, errf);
	if (rc) {
		char rel[64];
		char *msg = xread_file(errf, NULL);
		fprintf(e, "%s could not compile %s (%s) for %s: %s (%s) exited with %d%s", k == IN_PTX ? "ptxas" : "nvcc",
			file, in_kind_name(k), target, c.path,
			tk_release_text(&c, rel, sizeof rel), rc, msg && *msg ? "; its messages:" : " and said nothing");
		if (msg)
			indent_text(e, msg);
		free(msg);
		remove(cubin);
		return NULL;
	}
	char *text = disassemble(e, file, k, cubin, listing, errf, &c);
	remove(cubin);
	return text;
}

char *in_listing(const char *file, in_kind k, const char *buf, size_t n, const char *target, const char *keep,
		 char **err)
{
	char *etext = NULL;
	size_t elen = 0;
	FILE *e = open_memstream(&etext, &elen);
	char tg[32] = "";
	if (target)
		snprintf(tg, sizeof tg, "%s", target);
	else if (k == IN_PTX)
		ptx_target(buf, tg, sizeof tg);
	else if (k == IN_CUDA)
		snprintf(tg, sizeof tg, "%s", IN_CUDA_TARGET);
	char dir[TK_PATH - 32];
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/simtemu-in-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	char *text = NULL, in[TK_PATH + 16] = "";
	if (k == IN_PTX && !tg[0])
		fprintf(e, "%s is PTX without a .target: give --target sm_XX", file);
	else if (!mkdtemp(dir))
		fprintf(e, "cannot make a temporary directory %s: %s", dir, strerror(errno));
	else {
		/* standard input: its bytes into a file the tools can read */
		if (!strcmp(file, "-")) {
			snprintf(in, sizeof in, "%s/stdin.%s", dir, k == IN_PTX ? "ptx" : k == IN_CUDA ? "cu" : "bin");
			if (!write_bytes(in, buf, n))
				fprintf(e, "cannot write standard input to %s: %s", in, strerror(errno));
		}
		if (!elen)
			text = convert(e, in[0] ? "standard input" : file, k, in[0] ? in : file, tg, dir);
		if (in[0])
			remove(in);
		char p[TK_PATH + 16];
		snprintf(p, sizeof p, "%s/k.sass", dir);
		remove(p);
		snprintf(p, sizeof p, "%s/err", dir);
		remove(p);
		rmdir(dir);
	}
	if (text && keep) {
		FILE *f = fopen(keep, "w");
		if (!f || fputs(text, f) < 0) {
			fprintf(e, "cannot write --keep-sass %s: %s", keep, strerror(errno));
			free(text);
			text = NULL;
		}
		if (f)
			fclose(f);
	}
	fclose(e);
	if (text) {
		free(etext);
		etext = NULL;
	}
	*err = etext;
	return text;
}
