/* A loop over [0, n) split into contiguous parts, one per thread (the launch's -j): the
   set-up and the check of large buffers. */
#ifndef SIMTEMU_PAR_H
#define SIMTEMU_PAR_H

#include <stdint.h>

/* fn(arg, part, lo, hi) for every part [lo, hi); the parts' bounds are multiples of grain
   (but the last), and part 0 runs on the calling thread. Below min items, or with
   jobs <= 1, it is one call on [0, n). Returns the number of parts. */
typedef void par_fn(void *arg, int part, uint64_t lo, uint64_t hi);
int par_for(int jobs, uint64_t n, uint64_t grain, uint64_t min, par_fn *fn, void *arg);

#endif
