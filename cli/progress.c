/* The progress line of a long run: drawn from the step-budget hook, so the interpreter's loop pays nothing for it. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli/progress.h"

#define NS 1000000000LL

static int64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * NS + t.tv_nsec;
}

/* n with an SI suffix: 1234567 -> "1.23M" */
static void si(char *buf, size_t size, double n)
{
	static const char suffix[] = " kMGTPE";
	int i = 0;
	while (n >= 999.5 && i < 6) {
		n /= 1000;
		i++;
	}
	if (i)
		snprintf(buf, size, "%.3g%c", n, suffix[i]);
	else
		snprintf(buf, size, "%.0f", n);
}

/* The hook: called on every worker about every 65536 issues; draws at most once a second. */
static void progress_hook(void *user, const emu_ctx *x)
{
	cli_progress *p = user;
	int64_t t = now_ns(), next = __atomic_load_n(&p->next_ns, __ATOMIC_RELAXED);
	if (t < next || !x->pool ||
	    !__atomic_compare_exchange_n(&p->next_ns, &next, t + NS, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		return;
	/* the budget drawn so far: issues, up to a chunk per worker ahead of the true count */
	uint64_t left = __atomic_load_n(&x->pool->budget, __ATOMIC_RELAXED);
	uint64_t done = x->max_steps_total - left;
	uint32_t ctas = __atomic_load_n(&x->pool->ctas_done, __ATOMIC_RELAXED);
	double secs = (double)(t - p->start_ns) / NS;
	char n[16], rate[16];
	si(n, sizeof n, (double)done);
	si(rate, sizeof rate, secs > 0 ? (double)done / secs : 0);
	fprintf(stderr, "\r\033[Ksimtemu: %u of %u CTAs done, %s warp instructions, %s/s", ctas, p->nctas, n,
		rate);
	fflush(stderr);
	__atomic_store_n(&p->shown, 1, __ATOMIC_RELAXED);
}

void cli_progress_start(cli_progress *p, emu_ctx *x)
{
	p->start_ns = now_ns();
	p->next_ns = p->start_ns + 2 * NS;
	p->shown = 0;
	p->nctas = x->grid[0] * x->grid[1] * x->grid[2];
	if (!isatty(STDERR_FILENO))
		return;
	x->progress = progress_hook;
	x->progress_user = p;
}

void cli_progress_end(cli_progress *p, emu_ctx *x)
{
	x->progress = NULL;
	x->progress_user = NULL;
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	p->shown = 0;
}
