/* A checker of Accel-Sim trace folders (kernelslist.g + kernel-N.traceg, tracer version 4+), written from the
   grammar of accel-sim-framework's trace_parser.cc, independent of simtemu's writer.

   usage: tracecheck DIR
   Checks DIR/kernelslist.g and every trace it names; prints, per trace, one line
   "FILE OPCODE COUNT" per full opcode (the warp instructions of that opcode), sorted.
   Errors go to stderr as "FILE:LINE: why"; the exit status is 1 if there was any.

   What is checked (each is something Accel-Sim's reader accepts silently but gets wrong,
   or asserts on):
   - LF line ends only and a final newline;
   - kernelslist.g: "MemcpyHtoD,0xHEX,DEC" or "kernel-N.traceg" lines naming a file;
   - header: "-key = value" lines with every key the tracer writes, a known binary
     version (35 60 61 70 75 80 86), tracer version >= 4, shared base below local base,
     neither 0; the first '#' line is a comment, not #BEGIN_TB (the header reader eats it);
   - every CTA of the grid, in linear order (x fastest), each once; in each, every warp
     0..ceil(threads/32)-1 once, with "insts = n" equal to its instruction lines;
   - instruction lines: PC (hex) MASK (8 hex) DST_NUM (0..1) [Rn] OPCODE SRC_NUM (0..4)
     [Rn...] MEM_WIDTH [MODE ADDRESSES]; MODE 0 lists popcount(MASK) hex addresses,
     1 is hex base + decimal stride and only for contiguous active lanes, 2 is hex base +
     popcount-1 decimal deltas; nothing after; MASK within the warp's lanes;
   - memory opcodes (LD LDG LDL LDS ST STG STL STS ATOM ATOMG ATOMS RED LDSM LDSLK
     STSCUL LDGSTS) have a non-zero width;
   - the EXIT lines of each warp cover all its lanes. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int errors;
static const char *cur_file;
static int cur_line;

static void err(const char *why, const char *what)
{
	fprintf(stderr, "%s:%d: %s%s%s\n", cur_file, cur_line, why, what ? ": " : "", what ? what : "");
	errors++;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *b = malloc(cap);
	size_t r;
	while ((r = fread(b + len, 1, cap - len - 1, f)) > 0) {
		len += r;
		if (cap - len < 2)
			b = realloc(b, cap *= 2);
	}
	fclose(f);
	b[len] = 0;
	*n = len;
	return b;
}

/* LF only, a final newline; then the text split into lines in place. */
static char **lines_of(char *b, size_t n, int *nl)
{
	if (memchr(b, '\r', n))
		err("a CR in the file (Accel-Sim wants LF line ends)", NULL);
	if (n && b[n - 1] != '\n')
		err("no newline at the end (the reader asserts every line ends with one)", NULL);
	int cap = 1024;
	char **v = malloc(sizeof *v * (size_t)cap);
	*nl = 0;
	for (char *p = b; *p;) {
		char *e = strchr(p, '\n');
		if (*nl == cap)
			v = realloc(v, sizeof *v * (size_t)(cap *= 2));
		v[(*nl)++] = p;
		if (!e)
			break;
		*e = 0;
		p = e + 1;
	}
	return v;
}

static int is_hex(const char *t, int want_0x)
{
	if (want_0x) {
		if (t[0] != '0' || t[1] != 'x')
			return 0;
		t += 2;
	}
	if (!*t)
		return 0;
	for (; *t; t++)
		if (!isxdigit((unsigned char)*t))
			return 0;
	return 1;
}

static int is_dec(const char *t, int sign)
{
	if (sign && *t == '-')
		t++;
	if (!*t)
		return 0;
	for (; *t; t++)
		if (!isdigit((unsigned char)*t))
			return 0;
	return 1;
}

static int is_reg(const char *t)
{
	return t[0] == 'R' && is_dec(t + 1, 0) && atoi(t + 1) <= 255;
}

static int is_opcode(const char *t)
{
	if (!isupper((unsigned char)*t))
		return 0;
	for (; *t; t++)
		if (!isupper((unsigned char)*t) && !isdigit((unsigned char)*t) && *t != '_' && *t != '.')
			return 0;
	return t[-1] != '.';
}

static int popc(uint32_t m)
{
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

typedef struct {
	char op[64];
	long n;
} count;

static count counts[512];
static int ncounts;

static void tally(const char *op)
{
	for (int i = 0; i < ncounts; i++)
		if (!strcmp(counts[i].op, op)) {
			counts[i].n++;
			return;
		}
	if (ncounts < 512 && strlen(op) < sizeof counts[0].op) {
		strcpy(counts[ncounts].op, op);
		counts[ncounts++].n = 1;
	} else
		err("too many opcodes for this checker", op);
}

static int is_mem_opcode(const char *op)
{
	static const char *const m[] = {"LD", "LDG", "LDL", "LDS", "ST", "STG", "STL", "STS", "ATOM", "ATOMG",
					"ATOMS", "RED", "LDSM", "LDSLK", "STSCUL", "LDGSTS"};
	char base[64];
	size_t k = strcspn(op, ".");
	if (k >= sizeof base)
		return 0;
	memcpy(base, op, k);
	base[k] = 0;
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (!strcmp(base, m[i]))
			return 1;
	return 0;
}

/* One instruction line of a warp whose lanes are 'lanes'; its mask if an EXIT, else 0. */
static uint32_t inst_line(char *line, uint32_t lanes)
{
	char *tok[80];
	int n = 0;
	if (line[0] == ' ' || strstr(line, "  ") || (*line && line[strlen(line) - 1] == ' '))
		err("stray spaces in an instruction line", NULL);
	for (char *t = strtok(line, " "); t && n < 80; t = strtok(NULL, " "))
		tok[n++] = t;
	int i = 0;
	if (n < 6 || !is_hex(tok[0], 0) || strlen(tok[1]) != 8 || !is_hex(tok[1], 0)) {
		err("not 'PC MASK DST_NUM ...'", NULL);
		return 0;
	}
	uint32_t mask = (uint32_t)strtoul(tok[1], NULL, 16);
	if (mask & ~lanes)
		err("the mask has lanes the warp does not have", tok[1]);
	i = 2;
	if (!is_dec(tok[i], 0) || atoi(tok[i]) > 1) {
		err("dest_num is not 0 or 1 (MAX_DST)", tok[i]);
		return 0;
	}
	int nd = atoi(tok[i++]);
	for (int k = 0; k < nd; k++, i++)
		if (i >= n || !is_reg(tok[i])) {
			err("a destination is not Rn", i < n ? tok[i] : "(missing)");
			return 0;
		}
	if (i >= n || !is_opcode(tok[i])) {
		err("no opcode", i < n ? tok[i] : "(missing)");
		return 0;
	}
	const char *op = tok[i++];
	tally(op);
	if (i >= n || !is_dec(tok[i], 0) || atoi(tok[i]) > 4) {
		err("src_num is not 0..4 (MAX_SRC)", i < n ? tok[i] : "(missing)");
		return 0;
	}
	int ns = atoi(tok[i++]);
	for (int k = 0; k < ns; k++, i++)
		if (i >= n || !is_reg(tok[i])) {
			err("a source is not Rn", i < n ? tok[i] : "(missing)");
			return 0;
		}
	if (i >= n || !is_dec(tok[i], 0)) {
		err("no mem_width", NULL);
		return 0;
	}
	int width = atoi(tok[i++]);
	if (!width && is_mem_opcode(op))
		err("a memory instruction with mem_width 0 (Accel-Sim asserts data_size > 0)", op);
	if (width) {
		int act = popc(mask), want;
		if (i >= n || !is_dec(tok[i], 0) || atoi(tok[i]) > 2) {
			err("address mode is not 0, 1 or 2", i < n ? tok[i] : "(missing)");
			return 0;
		}
		int mode = atoi(tok[i++]);
		if (mode == 0) {
			want = i + act;
			for (; i < n && i < want; i++)
				if (!is_hex(tok[i], 1))
					err("a listed address is not 0xHEX", tok[i]);
		} else if (mode == 1) {
			uint32_t run = mask ? mask >> __builtin_ctz(mask) : 0;
			if (run & (run + 1))
				err("base-stride for active lanes that are not contiguous", tok[1]);
			if (i + 1 >= n || !is_hex(tok[i], 1) || !is_dec(tok[i + 1], 1))
				err("base-stride is not '0xBASE STRIDE'", NULL);
			want = i + 2;
			i = want;
		} else {
			if (i >= n || !is_hex(tok[i], 1))
				err("base-delta has no 0xBASE", NULL);
			want = i + 1 + (act ? act - 1 : 0);
			for (i++; i < n && i < want; i++)
				if (!is_dec(tok[i], 1))
					err("a delta is not a decimal", tok[i]);
		}
		if (i < want || n < want)
			err("fewer addresses than active lanes", NULL);
	}
	if (i < n)
		err("tokens after the addresses", tok[i]);
	return strncmp(op, "EXIT", 4) || (op[4] && op[4] != '.') ? 0 : mask;
}

/* The lanes of warp w in a block of 'threads' threads. */
static uint32_t lanes_of(unsigned threads, int w)
{
	long n = (long)threads - 32L * w;
	return n >= 32 ? 0xffffffffu : n <= 0 ? 0 : (1u << n) - 1;
}

static const char *hval(char **hdr, int nh, const char *key)
{
	size_t k = strlen(key);
	for (int i = 0; i < nh; i++)
		if (!strncmp(hdr[i] + 1, key, k) && !strncmp(hdr[i] + 1 + k, " = ", 3))
			return hdr[i] + 1 + k + 3;
	return NULL;
}

/* The header lines ln[0 .. the first '#' line); the grid and block into g and bl; the index
   of that '#' line. */
static int check_header(char **ln, int nl, unsigned g[3], unsigned bl[3])
{
	static const char *const keys[] = {"kernel name", "kernel id", "grid dim", "block dim", "shmem", "nregs",
					   "binary version", "cuda stream id", "shmem base_addr",
					   "local mem base_addr", "nvbit version", "accelsim tracer version"};
	int i = 0;
	for (; i < nl && ln[i][0] != '#'; i++) {
		cur_line = i + 1;
		if (ln[i][0] && (ln[i][0] != '-' || !strstr(ln[i], " = ")))
			err("a header line that is not '-key = value'", ln[i]);
	}
	int nh = i;
	cur_line = i + 1;
	if (i == nl || !strncmp(ln[i], "#BEGIN_TB", 9))
		err("no '#' comment line before the first #BEGIN_TB", NULL);
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (!hval(ln, nh, keys[k]))
			err("header key missing", keys[k]);
	const char *v;
	if (!(v = hval(ln, nh, "grid dim")) || sscanf(v, "(%u,%u,%u)", g, g + 1, g + 2) != 3 || !g[0] || !g[1] ||
	    !g[2])
		err("bad grid dim", v);
	if (!(v = hval(ln, nh, "block dim")) || sscanf(v, "(%u,%u,%u)", bl, bl + 1, bl + 2) != 3 || !bl[0] ||
	    !bl[1] || !bl[2])
		err("bad block dim", v);
	int bv = (v = hval(ln, nh, "binary version")) ? atoi(v) : 0;
	if (bv != 35 && bv != 60 && bv != 61 && bv != 70 && bv != 75 && bv != 80 && bv != 86)
		err("a binary version Accel-Sim has no map for", v);
	if (!(v = hval(ln, nh, "accelsim tracer version")) || atoi(v) < 4)
		err("tracer version below 4", v);
	unsigned long long sb = 0, lb = 0;
	if ((v = hval(ln, nh, "shmem base_addr")))
		sb = strtoull(v, NULL, 16);
	if ((v = hval(ln, nh, "local mem base_addr")))
		lb = strtoull(v, NULL, 16);
	if (!sb || !lb || sb >= lb)
		err("shared base must be non-zero and below the local base", NULL);
	return i;
}

/* The thread blocks after the header (lines ln[i+1 ..]) of a grid g of blocks bl. */
static void check_blocks(char **ln, int nl, int i, const unsigned g[3], const unsigned bl[3])
{
	unsigned long long nctas = (unsigned long long)g[0] * g[1] * g[2], cta = 0;
	unsigned threads = bl[0] * bl[1] * bl[2];
	int nw = (int)((threads + 31) / 32);
	char *seen = calloc((size_t)nw + 1, 1);
	uint32_t exited = 0;
	int in_tb = 0, warp = -1, nwarps_seen = 0;
	long left = -1; /* instruction lines still due; -1: no insts line yet */
	for (i++; i < nl; i++) {
		cur_line = i + 1;
		char *t = ln[i];
		if (!*t)
			continue;
		int ends = !strncmp(t, "warp = ", 7) || !strcmp(t, "#END_TB") || !strcmp(t, "#BEGIN_TB");
		if (warp >= 0 && left > 0 && !ends) {
			exited |= inst_line(t, lanes_of(threads, warp));
			left--;
			continue;
		}
		if (warp >= 0 && ends) { /* the warp ends */
			if (left != 0)
				err(left > 0 ? "fewer instruction lines than 'insts ='" : "a warp without 'insts ='", NULL);
			if (exited != lanes_of(threads, warp))
				err("the warp's EXIT lines do not cover all its lanes", NULL);
			warp = -1;
		}
		if (!strcmp(t, "#BEGIN_TB")) {
			if (in_tb)
				err("#BEGIN_TB inside a thread block", NULL);
			in_tb = 1;
			memset(seen, 0, (size_t)nw);
			nwarps_seen = 0;
		} else if (!strcmp(t, "#END_TB")) {
			if (!in_tb)
				err("#END_TB outside a thread block", NULL);
			if (nwarps_seen != nw)
				err("a thread block without all its warps", NULL);
			in_tb = 0;
			cta++;
		} else if (!strncmp(t, "thread block = ", 15)) {
			unsigned x, y, z;
			if (!in_tb || sscanf(t + 15, "%u,%u,%u", &x, &y, &z) != 3)
				err("bad thread block line", t);
			else if (x != cta % g[0] || y != cta / g[0] % g[1] || z != cta / ((unsigned long long)g[0] * g[1]))
				err("thread blocks out of the grid's linear order (x fastest)", t);
		} else if (!strncmp(t, "warp = ", 7)) {
			warp = atoi(t + 7);
			if (!in_tb || !is_dec(t + 7, 0) || warp >= nw || seen[warp]) {
				err("a warp that is not one of the block's, or twice", t);
				warp = -1;
			} else {
				seen[warp] = 1;
				nwarps_seen++;
			}
			exited = 0;
			left = -1;
		} else if (!strncmp(t, "insts = ", 8)) {
			if (warp < 0 || left != -1 || !is_dec(t + 8, 0))
				err("insts = outside a warp", t);
			left = atol(t + 8);
		} else if (warp >= 0 && left == 0)
			err("more instruction lines than 'insts ='", t);
		else
			err("a line outside the grammar", t);
	}
	cur_line = nl;
	if (left > 0)
		err("the file ends inside a warp", NULL);
	if (in_tb)
		err("the file ends inside a thread block", NULL);
	if (cta != nctas)
		err("not every CTA of the grid is present", NULL);
	free(seen);
}

static void check_trace(const char *path)
{
	size_t len;
	char *b = slurp(path, &len);
	cur_file = path;
	cur_line = 0;
	if (!b) {
		err("cannot read the trace", path);
		return;
	}
	int nl;
	char **ln = lines_of(b, len, &nl);
	unsigned g[3] = {0}, bl[3] = {0};
	int i = check_header(ln, nl, g, bl);
	check_blocks(ln, nl, i, g, bl);
	for (int k = 0; k < ncounts; k++)
		for (int m = k + 1; m < ncounts; m++)
			if (strcmp(counts[m].op, counts[k].op) < 0) {
				count c = counts[k];
				counts[k] = counts[m];
				counts[m] = c;
			}
	const char *base = strrchr(path, '/');
	for (int k = 0; k < ncounts; k++)
		printf("%s %s %ld\n", base ? base + 1 : path, counts[k].op, counts[k].n);
	ncounts = 0;
	free(ln);
	free(b);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: tracecheck DIR\n");
		return 2;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/kernelslist.g", argv[1]);
	size_t len;
	char *b = slurp(path, &len);
	cur_file = path;
	if (!b) {
		err("cannot read", path);
		return 1;
	}
	int nl, kernels = 0;
	char **ln = lines_of(b, len, &nl);
	for (int i = 0; i < nl; i++) {
		cur_file = path;
		cur_line = i + 1;
		char *t = ln[i];
		if (!*t)
			continue;
		if (!strncmp(t, "MemcpyHtoD,", 11)) {
			char *c = strchr(t + 11, ',');
			if (!c || strchr(c + 1, ','))
				err("not MemcpyHtoD,ADDR,BYTES", t);
			else {
				*c = 0;
				if (!is_hex(t + 11, 1) || !is_dec(c + 1, 0))
					err("not MemcpyHtoD,0xHEX,DEC", t);
			}
		} else if (!strncmp(t, "kernel-", 7) && strstr(t, ".traceg")) {
			char kp[4096];
			snprintf(kp, sizeof kp, "%s/%s", argv[1], t);
			kernels++;
			check_trace(kp);
		} else
			err("a line Accel-Sim ignores", t);
	}
	cur_file = path;
	if (!kernels)
		err("no kernel line", NULL);
	free(ln);
	free(b);
	return errors ? 1 : 0;
}
