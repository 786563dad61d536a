/* Test helpers: the same steps as 'simtemu run', driven from a string. */
#include "harness.h"
#include "front/dump.h"
#include "util/xalloc.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool th_converge_pc;

static char *slurp(const char *path)
{
	return xread_file(path, NULL);
}

static int run(th_run *r, const char *name, const char *src, const char *spec_name, const char *spec_src,
	       int warp_size, int jobs)
{
	memset(r, 0, sizeof *r);
	FILE *dg = open_memstream(&r->diag, &r->diaglen);
	/* a whole cuobjdump output, as run reads it: the SASS, and what its sections say */
	char *dirs = NULL, err[300], *sass = dump_split(src, &r->sp, NULL, &dirs, err, sizeof err);
	if (!sass) {
		fprintf(dg, "%s: error: %s\n", name, err);
		r->rc = 2;
		goto out;
	}
	int errs = spec_parse(&r->sp, name, sass, dg);
	if (spec_src)
		errs += spec_parse(&r->sp, spec_name, spec_src, dg);
	if (dirs)
		errs += spec_parse_more(&r->sp, name, dirs, dg);
	r->p = emu_assemble(name, sass, r->sp.target, r->sp.kernel ? r->sp.kernel : "kernel", dg);
	if (!r->p || errs) {
		r->rc = 2;
		goto out;
	}
	int fi = r->sp.kernel ? emu_find_func(r->p, r->sp.kernel) : 0;
	if (fi < 0) {
		r->rc = 2;
		goto out;
	}
	emu_ctx_init(&r->x, r->p, &r->p->funcs[fi]);
	r->have_ctx = true;
	spec_geometry(&r->sp, &r->x);
	r->x.max_steps = jobs ? 100000000 : 1000000; /* the -j tests run benchmark-sized kernels */
	r->x.warp_size = warp_size;
	r->x.jobs = jobs > 0 ? jobs : 1;
	r->x.converge_pc = th_converge_pc;
	emu_abi_setup(&r->x);
	if (spec_apply(&r->sp, &r->x, dg)) {
		r->rc = 2;
		goto out;
	}
	if (jobs < 0) /* prepared only: the test launches */
		goto out;
	if (emu_launch(&r->x) != EMU_OK) {
		fprintf(dg, "%s\n", r->x.trap.msg);
		r->rc = 3;
		goto out;
	}
	int n;
	r->rc = spec_check(&r->sp, &r->x, dg, dg, &n) ? 1 : 0;
out:
	free(sass);
	free(dirs);
	fclose(dg);
	return r->rc;
}

int th_run_text(th_run *r, const char *name, const char *src)
{
	return run(r, name, src, NULL, NULL, 32, 0);
}

int th_prepare_text(th_run *r, const char *name, const char *src)
{
	return run(r, name, src, NULL, NULL, 32, -1);
}

int th_check(th_run *r)
{
	free(r->diag);
	r->diag = NULL;
	FILE *dg = open_memstream(&r->diag, &r->diaglen);
	int n;
	r->rc = spec_check(&r->sp, &r->x, dg, dg, &n) ? 1 : 0;
	fclose(dg);
	return r->rc;
}

int th_run_file(th_run *r, const char *path, const char *spec_path)
{
	return th_run_file_ws(r, path, spec_path, 32);
}

int th_run_file_ws(th_run *r, const char *path, const char *spec_path, int warp_size)
{
	char *src = slurp(path), *spec = spec_path ? slurp(spec_path) : NULL;
	ck_assert_msg(src != NULL, "cannot read %s", path);
	ck_assert_msg(!spec_path || spec, "cannot read %s", spec_path);
	int rc = run(r, path, src, spec_path, spec, warp_size, 0);
	free(src);
	free(spec);
	return rc;
}

int th_run_file_jobs(th_run *r, const char *path, int jobs)
{
	char *src = slurp(path);
	ck_assert_msg(src != NULL, "cannot read %s", path);
	int rc = run(r, path, src, NULL, NULL, 32, jobs);

	free(src);
	return rc;
}

void th_free(th_run *r)
{
	if (r->have_ctx)
		emu_ctx_free(&r->x);
	emu_program_free(r->p);
	spec_free(&r->sp);
	free(r->diag);
	memset(r, 0, sizeof *r);
}

uint32_t th_word(th_run *r, const char *buf, int i)
{
	ck_assert_msg(r->have_ctx, "no launch context (rc %d): %s", r->rc, r->diag);
	emu_buffer *b = emu_gmem_find_name(&r->x.gmem, buf);
	ck_assert_msg(b != NULL, "no buffer %s", buf);
	ck_assert_msg((uint64_t)(i + 1) * 4 <= b->size, "buffer %s has no word %d", buf, i);
	uint32_t v;
	memcpy(&v, b->data + 4 * i, 4);
	return v;
}

bool th_row(th_run *r, stats_by by, const char *key, uint64_t c[4])
{
	stats_row *rows;
	int n = stats_rows(&r->x, by, &rows);
	bool found = false;
	for (int i = 0; i < n; i++)
		if (!strcmp(rows[i].key, key)) {
			c[0] = rows[i].warp;
			c[1] = rows[i].thread;
			c[2] = rows[i].active;
			c[3] = rows[i].predoff;
			found = true;
		}
	free(rows);
	return found;
}

const char *th_corpus_dir(void)
{
	static const char *const dirs[] = {"../../shared/corpus", "../shared/corpus", NULL};
	struct stat st;
	for (int i = 0; dirs[i]; i++)
		if (stat(dirs[i], &st) == 0 && S_ISDIR(st.st_mode))
			return dirs[i];
	return NULL;
}
