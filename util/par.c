/* par_for: a loop over [0, n) in one part per thread. */
#include "util/par.h"

#include <pthread.h>
#include <stdlib.h>

#define PAR_MAX 64

typedef struct {
	par_fn *fn;
	void *arg;
	int part;
	uint64_t lo, hi;
	pthread_t th;
} par_part;

static void *part_main(void *p)
{
	par_part *q = p;
	q->fn(q->arg, q->part, q->lo, q->hi);
	return NULL;
}

int par_for(int jobs, uint64_t n, uint64_t grain, uint64_t min, par_fn *fn, void *arg)
{
	if (jobs > PAR_MAX)
		jobs = PAR_MAX;
	if (grain < 1)
		grain = 1;
	uint64_t per = jobs > 1 ? (n / (uint64_t)jobs + grain - 1) / grain * grain : n;
	if (jobs <= 1 || n < min || n <= per || !per) {
		fn(arg, 0, 0, n);
		return 1;
	}
	par_part q[PAR_MAX];
	int parts = 0;
	for (uint64_t lo = 0; lo < n; lo += per, parts++)
		q[parts] = (par_part){fn, arg, parts, lo, lo + per < n ? lo + per : n, 0};
	int started[PAR_MAX] = {0};
	for (int i = 1; i < parts; i++)
		started[i] = pthread_create(&q[i].th, NULL, part_main, &q[i]) == 0;
	fn(arg, 0, q[0].lo, q[0].hi);
	for (int i = 1; i < parts; i++)
		if (started[i])
			pthread_join(q[i].th, NULL);
		else /* no thread: this one does the part */
			fn(arg, i, q[i].lo, q[i].hi);
	return parts;
}
