/* PTX in: a .ptx file is compiled for the target with NVIDIA's ptxas and disassembled with
   cuobjdump -elf -sass (the toolkit `make toolkit` fetches), and the listing runs. */
#include "convert/ptxin.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* The directory of the toolkit's tools: $SIMTEMU_CUDA/bin, else build/cuda/usr/bin beside
   the simtemu binary, else "" (PATH). */
static void tool_dir(char *dir, size_t n)
{
	const char *env = getenv("SIMTEMU_CUDA");
	if (env && *env) {
		snprintf(dir, n, "%s/bin/", env);
		return;
	}
	char self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len > 0) {
		self[len] = 0;
		char *slash = strrchr(self, '/');
		if (slash) {
			*slash = 0;
			char probe[4200];
			snprintf(probe, sizeof probe, "%s/build/cuda/usr/bin/ptxas", self);
			if (!access(probe, X_OK)) {
				snprintf(dir, n, "%s/build/cuda/usr/bin/", self);
				return;
			}
		}
	}
	dir[0] = 0;
}

/* Is tool runnable from dir (or on PATH when dir is empty)? */
static bool have_tool(const char *dir, const char *tool)
{
	char path[4200];
	if (dir[0]) {
		snprintf(path, sizeof path, "%s%s", dir, tool);
		return !access(path, X_OK);
	}
	const char *p = getenv("PATH");
	for (const char *q = p; q && *q;) {
		size_t len = strcspn(q, ":");
		snprintf(path, sizeof path, "%.*s/%s", (int)len, q, tool);
		if (!access(path, X_OK))
			return true;
		q += len + (q[len] == ':');
	}
	return false;
}

/* Run argv with stdout into out (NULL: inherited); its exit status, or -1. */
static int run(char *const argv[], const char *out)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (out && !freopen(out, "w", stdout))
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

char *cli_compile_ptx(const char *file, const char *src, const char *target, const char *keep, char *err,
		      size_t errn)
{
	char dir[4200];
	tool_dir(dir, sizeof dir);
	const char *missing = !have_tool(dir, "ptxas") ? "ptxas" : !have_tool(dir, "cuobjdump") ? "cuobjdump" : NULL;
	if (missing) {
		snprintf(err, errn, "%s is PTX: running it needs NVIDIA's %s, which was not found (looked in %s); "
			 "'make toolkit' fetches it, or set SIMTEMU_CUDA=DIR with the tools in DIR/bin",
			 file, missing, dir[0] ? dir : "PATH");
		return NULL;
	}
	/* the target: --target, else the PTX's own .target */
	char tg[16] = "";
	if (target)
		snprintf(tg, sizeof tg, "%s", target);
	else {
		const char *t = strstr(src, ".target");
		const char *sm = t ? strstr(t, "sm_") : NULL;
		if (sm)
			snprintf(tg, sizeof tg, "%.*s", (int)(3 + strspn(sm + 3, "0123456789")), sm);
	}
	if (!tg[0]) {
		snprintf(err, errn, "%s is PTX without a .target: give --target sm_XX", file);
		return NULL;
	}
	char tmp[] = "/tmp/simtemu-ptx-XXXXXX";
	if (!mkdtemp(tmp)) {
		snprintf(err, errn, "cannot make a temporary directory: %s", strerror(errno));
		return NULL;
	}
	char ptxas[4300], cuobjdump[4300], arch[32], cubin[64], listing[64], errf[64];
	snprintf(ptxas, sizeof ptxas, "%sptxas", dir);
	snprintf(cuobjdump, sizeof cuobjdump, "%scuobjdump", dir);
	snprintf(arch, sizeof arch, "-arch=%s", tg);
	snprintf(cubin, sizeof cubin, "%s/k.cubin", tmp);
	snprintf(listing, sizeof listing, "%s/k.sass", tmp);
	snprintf(errf, sizeof errf, "%s/err", tmp);
	char *as[] = {ptxas, arch, "-o", cubin, (char *)file, NULL};
	char *dump[] = {cuobjdump, "-elf", "-sass", cubin, NULL};
	char *text = NULL;
	int rc = run(as, NULL);
	if (rc != 0)
		snprintf(err, errn, "ptxas could not compile %s for %s (exit %d; its messages are above)", file, tg, rc);
	else if ((rc = run(dump, listing)) != 0)
		snprintf(err, errn, "cuobjdump could not disassemble %s's code for %s (exit %d)", file, tg, rc);
	else if (!(text = xread_file(listing, NULL)))
		snprintf(err, errn, "cannot read the listing cuobjdump wrote");
	if (text && keep) {
		FILE *k = fopen(keep, "w");
		if (!k || fputs(text, k) < 0) {
			snprintf(err, errn, "cannot write --keep-sass %s: %s", keep, strerror(errno));
			free(text);
			text = NULL;
		}
		if (k)
			fclose(k);
	}
	remove(cubin);
	remove(listing);
	remove(errf);
	rmdir(tmp);
	return text;
}
