/* Finding NVIDIA's tools: the places searched in order, each copy's release (its --version),
   which targets a release compiles for, and running a tool with its stderr kept. */
#include "convert/toolkit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Search-order place: a bin directory and where it came from */
typedef struct {
	char dir[TK_PATH];
	const char *from;
} tk_place;

static int add_place(tk_place *pl, int n, int max, const char *dir, size_t len, const char *suffix, const char *from)
{
	if (n >= max || !len)
		return n;
	snprintf(pl[n].dir, sizeof pl[n].dir, "%.*s%s", (int)len, dir, suffix);
	pl[n].from = from;
	return n + 1;
}

/* The directory of the simtemu binary ("" when unknown) */
static void self_dir(char *dir, size_t n)
{
	char self[TK_PATH];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	dir[0] = 0;
	if (len <= 0)
		return;
	self[len] = 0;
	char *slash = strrchr(self, '/');
	if (slash) {
		*slash = 0;
		snprintf(dir, n, "%s", self);
	}
}

static int places(tk_place *pl, int max)
{
	int n = 0;
	const char *e = getenv("SIMTEMU_CUDA");
	if (e && *e) /* the override: nowhere else */
		return add_place(pl, n, max, e, strlen(e), "/bin", "SIMTEMU_CUDA");
	if ((e = getenv("CUDA_HOME")) && *e)
		n = add_place(pl, n, max, e, strlen(e), "/bin", "CUDA_HOME");
	if ((e = getenv("CUDA_PATH")) && *e)
		n = add_place(pl, n, max, e, strlen(e), "/bin", "CUDA_PATH");
	for (const char *q = getenv("PATH"); q && *q;) {
		size_t len = strcspn(q, ":");
		n = add_place(pl, n, max, q, len, "", "PATH");
		q += len + (q[len] == ':');
	}
	const char *fb = getenv("SIMTEMU_CUDA_FALLBACK");
	if (fb) { /* the roots searched after PATH, in place of the two defaults ("": none) */
		for (const char *q = fb; *q;) {
			size_t len = strcspn(q, ":");
			n = add_place(pl, n, max, q, len, "/bin", "SIMTEMU_CUDA_FALLBACK");
			q += len + (q[len] == ':');
		}
		return n;
	}
	n = add_place(pl, n, max, "/usr/local/cuda", 15, "/bin", "/usr/local/cuda");
	char self[TK_PATH];
	self_dir(self, sizeof self);
	if (self[0])
		n = add_place(pl, n, max, self, strlen(self), "/build/cuda/usr/bin", "make toolkit");
	return n;
}

void tk_searched(char *buf, size_t n)
{
	tk_place pl[64];
	int np = places(pl, 64);
	size_t k = 0;
	buf[0] = 0;
	bool path_said = false;
	for (int i = 0; i < np && k < n; i++) {
		bool path = !strcmp(pl[i].from, "PATH");
		if (path && path_said)
			continue;
		path_said = path_said || path;
		int w = snprintf(buf + k, n - k, "%s%s", k ? ", " : "", path ? "PATH" : pl[i].dir);
		if (w < 0)
			break;
		k += (size_t)w;
	}
	if (!np)
		snprintf(buf, n, "nowhere (PATH is empty)");
}

/* argv's stdout and stderr together into buf (at most n-1 bytes); the exit status */
static int capture(char *const argv[], char *buf, size_t n)
{
	int fd[2];
	buf[0] = 0;
	if (pipe(fd))
		return -1;
	pid_t pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(fd[1], 1);
		dup2(fd[1], 2);
		close(fd[0]);
		close(fd[1]);
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0)
			dup2(nul, 0);
		execv(argv[0], argv);
		fprintf(stderr, "cannot run it: %s\n", strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	size_t k = 0;
	char sink[512];
	for (;;) {
		ssize_t r = k + 1 < n ? read(fd[0], buf + k, n - 1 - k) : read(fd[0], sink, sizeof sink);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (k + 1 < n)
			k += (size_t)r;
	}
	buf[k] = 0;
	close(fd[0]);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void release_of(tk_tool *t)
{
	char out[2048];
	char *argv[] = {t->path, "--version", NULL};
	int rc = capture(argv, out, sizeof out);
	const char *r = strstr(out, "release ");
	t->major = t->minor = -1;
	if (rc == 0 && r && sscanf(r, "release %d.%d", &t->major, &t->minor) == 2)
		return;
	t->major = -1;
	/* its first line says why (the Debian package's nvcc wrapper: "exec: ...: not found") */
	const char *first = out;
	while (*first == '\n')
		first++;
	if (snprintf(t->why, sizeof t->why, "`%s --version` %s%s%.*s", t->path,
		 rc == 0 ? "names no release" : rc < 0 ? "died" : "failed", *first ? ": " : "",
		 (int)strcspn(first, "\n"), first) < 0)
		t->why[0] = 0;
}

int tk_find(const char *tool, tk_tool *out, int max)
{
	tk_place pl[64];
	int np = places(pl, 64), n = 0;
	char real[TK_MAX][PATH_MAX];
	for (int i = 0; i < np && n < max && n < TK_MAX; i++) {
		tk_tool *t = &out[n];
		memset(t, 0, sizeof *t);
		int w = snprintf(t->path, sizeof t->path, "%s/%s", pl[i].dir, tool);
		if (w < 0 || (size_t)w >= sizeof t->path || access(t->path, X_OK))
			continue;
		if (!realpath(t->path, real[n]))
			snprintf(real[n], sizeof real[n], "%s", t->path);
		bool seen = false;
		for (int j = 0; j < n; j++)
			seen = seen || !strcmp(real[j], real[n]);
		if (seen)
			continue;
		t->from = pl[i].from;
		release_of(t);
		n++;
	}
	return n;
}

void tk_dir_of(const tk_tool *t, char *dir, size_t n)
{
	const char *slash = strrchr(t->path, '/');
	snprintf(dir, n, "%.*s", slash ? (int)(slash - t->path + 1) : 0, t->path);
}

const char *tk_release_text(const tk_tool *t, char *buf, size_t n)
{
	if (t->major < 0)
		snprintf(buf, n, "a release it does not tell");
	else
		snprintf(buf, n, "CUDA %d.%d", t->major, t->minor);
	return buf;
}

/* The releases that compile for each target: first, and last (0.0: still supported; minor 99:
   every 12.x). From NVIDIA's release notes: 7.0 dropped sm_1x, 9.0 sm_2x, 11.0 sm_3x but
   sm_35/37, 12.0 those two, 13.0 sm_50 to sm_72 (sm_101 became sm_110). */
static const struct {
	int sm, first_maj, first_min, last_maj, last_min;
} tk_table[] = {
	{10, 1, 0, 6, 5}, {11, 1, 1, 6, 5}, {12, 2, 0, 6, 5}, {13, 2, 0, 6, 5},
	{20, 3, 0, 8, 0}, {21, 3, 2, 8, 0},
	{30, 4, 2, 10, 2}, {32, 6, 0, 10, 2}, {35, 5, 0, 11, 8}, {37, 6, 5, 11, 8},
	{50, 6, 0, 12, 99}, {52, 6, 5, 12, 99}, {53, 7, 0, 12, 99},
	{60, 8, 0, 12, 99}, {61, 8, 0, 12, 99}, {62, 8, 0, 12, 99},
	{70, 9, 0, 12, 99}, {72, 10, 0, 12, 99},
	{75, 10, 0, 0, 0}, {80, 11, 0, 0, 0}, {86, 11, 1, 0, 0}, {87, 11, 4, 0, 0}, {88, 13, 0, 0, 0},
	{89, 11, 8, 0, 0}, {90, 11, 8, 0, 0},
	{100, 12, 8, 0, 0}, {101, 12, 8, 12, 99}, {103, 12, 9, 0, 0}, {110, 13, 0, 0, 0},
	{120, 12, 8, 0, 0}, {121, 12, 9, 0, 0},
};
#define TK_ROWS (int)(sizeof tk_table / sizeof tk_table[0])

static int row_of(const char *target)
{
	int sm;
	if (!target || sscanf(target, "sm_%d", &sm) != 1)
		return -1;
	for (int i = 0; i < TK_ROWS; i++)
		if (tk_table[i].sm == sm)
			return i;
	return -1;
}

static int rel_cmp(int amaj, int amin, int bmaj, int bmin)
{
	return amaj != bmaj ? amaj - bmaj : amin - bmin;
}

static bool row_in(int i, int major, int minor)
{
	return rel_cmp(major, minor, tk_table[i].first_maj, tk_table[i].first_min) >= 0 &&
	       (!tk_table[i].last_maj || rel_cmp(major, minor, tk_table[i].last_maj, tk_table[i].last_min) <= 0);
}

int tk_supports(int major, int minor, const char *target)
{
	int i = row_of(target);
	return i < 0 ? -1 : row_in(i, major, minor);
}

static void rel_words(int maj, int min, char *buf, size_t n)
{
	if (min == 99)
		snprintf(buf, n, "%d.x", maj);
	else
		snprintf(buf, n, "%d.%d", maj, min);
}

const char *tk_releases_for(const char *target, char *buf, size_t n)
{
	int i = row_of(target);
	if (i < 0) {
		snprintf(buf, n, "no CUDA release simtemu knows of");
		return buf;
	}
	char a[16], b[16];
	rel_words(tk_table[i].first_maj, tk_table[i].first_min, a, sizeof a);
	if (!tk_table[i].last_maj)
		snprintf(buf, n, "CUDA %s and later", a);
	else {
		rel_words(tk_table[i].last_maj, tk_table[i].last_min, b, sizeof b);
		snprintf(buf, n, "CUDA %s to %s", a, b);
	}
	return buf;
}

const char *tk_targets_of(int major, int minor, char *buf, size_t n)
{
	int lo = -1, hi = -1;
	for (int i = 0; i < TK_ROWS; i++)
		if (row_in(i, major, minor)) {
			if (lo < 0)
				lo = i;
			hi = i;
		}
	if (lo < 0)
		snprintf(buf, n, "no target simtemu knows of");
	else
		snprintf(buf, n, "sm_%d to sm_%d", tk_table[lo].sm, tk_table[hi].sm);
	return buf;
}

int tk_run(char *const argv[], const char *out, const char *err)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (out && !freopen(out, "w", stdout))
			_exit(127);
		if (err && !freopen(err, "w", stderr))
			_exit(127);
		execv(argv[0], argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void tk_cubin_target(const unsigned char *b, size_t n, char *sm, size_t smn, bool *newer)
{
	sm[0] = 0;
	*newer = false;
	/* ELF, EM_CUDA (190); e_flags at 0x30 (64-bit) or 0x24 (32-bit), little-endian */
	if (n < 0x34 || memcmp(b, "\177ELF", 4) || b[5] != 1 || (b[0x12] | b[0x13] << 8) != 190)
		return;
	size_t at = b[4] == 2 ? 0x30 : 0x24;
	unsigned flags = (unsigned)b[at] | (unsigned)b[at + 1] << 8 | (unsigned)b[at + 2] << 16 |
			 (unsigned)b[at + 3] << 24;
	*newer = b[7] == 0x41 || b[8] >= 8;
	unsigned v = *newer ? (flags >> 8) & 0xff : flags & 0xff;
	snprintf(sm, smn, "sm_%u", v);
}
