/* run --accelsim-trace DIR: one launch per kernel named, each traced by export/accelsim.c, and DIR/kernelslist.g. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/accelsim_cmd.h"
#include "export/accelsim.h"
#include "util/xalloc.h"

const struct option accel_options[] = {
	{"accelsim-trace", required_argument, 0, 0x180},
	{"accelsim-kernels", required_argument, 0, 0x181},
	{0, 0, 0, 0},
};

int accel_opt(void *user, int c, const char *arg)
{
	accel_opts *o = user;
	if (c == 0x180) {
		if (!*arg)
			return cli_usage_error("--accelsim-trace needs a folder%s", "");
		o->dir = arg;
		return 0;
	}
	if (c == 0x181) {
		if (!*arg)
			return cli_usage_error("--accelsim-kernels takes all or NAME[,NAME...]%s", "");
		o->kernels = arg;
		return 0;
	}
	return cli_usage_error("unknown option%s", "");
}

/* The kernels o names: NULL entries mean "the launch's own"; *n of them. */
static char **kernel_names(const accel_opts *o, const emu_program *p, int *n)
{
	char **v;
	if (!o->kernels) {
		*n = 1;
		return xcalloc(1, sizeof *v);
	}
	if (!strcmp(o->kernels, "all")) {
		*n = p->nfuncs;
		v = xcalloc((size_t)p->nfuncs + 1, sizeof *v);
		for (int i = 0; i < p->nfuncs; i++)
			v[i] = xstrdup(p->funcs[i].name);
		return v;
	}
	*n = 0;
	v = xcalloc(strlen(o->kernels) + 1, sizeof *v);
	for (const char *t = o->kernels; *t;) {
		size_t k = strcspn(t, ",");
		if (k)
			{
			char *nm = xmalloc(k + 1);
			memcpy(nm, t, k);
			nm[k] = 0;
			v[(*n)++] = nm;
		}
		t += k;
		if (*t)
			t++;
	}
	return v;
}

static void free_names(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* DIR/kernelslist.g: 0, or the exit status after saying why not. */
static int write_list(const char *dir, const char *text, size_t n)
{
	char *path = xmalloc(strlen(dir) + 16);
	sprintf(path, "%s/kernelslist.g", dir);
	FILE *f = fopen(path, "w");
	int bad = !f || fwrite(text, 1, n, f) != n;
	if (f && fclose(f))
		bad = 1;
	if (bad)
		fprintf(stderr, "simtemu: --accelsim-trace: cannot write '%s'\n", path);
	free(path);
	return bad ? CLI_EXIT_INPUT : 0;
}

int accel_cmd(cli_launch *L, const accel_opts *o, int argc, char **argv, int (*run_one)(cli_launch *L))
{
	int nk, rc = 0, worst = 0;
	char **names = kernel_names(o, L->p, &nk);
	for (int i = 0; i < nk; i++)
		if (names[i] && emu_find_func(L->p, names[i]) < 0) {
			rc = cli_usage_error("--accelsim-kernels: no function '%s' in the listing", names[i]);
			free_names(names, nk);
			return rc;
		}
	if (mkdir(o->dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "simtemu: --accelsim-trace: cannot make folder '%s': %s\n", o->dir, strerror(errno));
		free_names(names, nk);
		return CLI_EXIT_INPUT;
	}
	size_t plen = strlen(o->dir) + 64;
	char *path = xmalloc(plen);
	char *klist = NULL;
	size_t klen = 0;
	FILE *kl = open_memstream(&klist, &klen);
	uint64_t seen[256][2];
	int nseen = 0;
	char **av = xcalloc((size_t)argc + 3, sizeof *av);
	for (int i = 0; i < nk && !rc; i++) {
		if (names[i]) { /* a fresh launch of that kernel: FILE stays last, a later --kernel wins */
			accel_opts again = {0};
			memcpy(av, argv, (size_t)(argc - 1) * sizeof *av);
			av[argc - 1] = (char *)"--kernel";
			av[argc] = names[i];
			av[argc + 1] = argv[argc - 1];
			cli_cleanup(L);
			if ((rc = cli_prepare(L, argc + 2, av, accel_options, &again, accel_opt)))
				break;
		}
		accel_trace *s;
		char why[128];
		snprintf(path, plen, "%s/kernel-%d.traceg", o->dir, i + 1);
		int e = accel_attach(&s, &L->x, L->p->target, L->sp.has_shared, path, i + 1, why, sizeof why);
		if (e) {
			rc = e == ACCEL_USAGE ? cli_usage_error("%s", why) : CLI_EXIT_INPUT;
			break;
		}
		int r = run_one(L);
		L->x.hook = NULL;
		if ((r == 0 || r == CLI_EXIT_EXPECT) && !accel_finish(s, &L->x)) {
			accel_memcpy_lines(kl, &L->x, seen, &nseen, 256);
			fprintf(kl, "kernel-%d.traceg\n", i + 1);
			worst = r > worst ? r : worst;
		} else {
			rc = r ? r : CLI_EXIT_INTERNAL;
			unlink(path);
			fprintf(stderr, "simtemu: --accelsim-trace: the run of %s did not complete; no trace written\n",
				L->x.f->name);
		}
		accel_free(s);
	}
	fclose(kl);
	if (!rc)
		rc = write_list(o->dir, klist, klen);
	free(klist);
	free(av);
	free(path);
	free_names(names, nk);
	return rc ? rc : worst;
}
