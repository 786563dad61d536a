// simtemu hwcheck microkernel (Volta example): lanes of one warp hand a spin lock to
// each other. Each lane spins on atomicCAS until it owns the lock, updates total and
// count with plain loads and stores, and releases the lock. Under independent thread
// scheduling (sm_70 and later) this completes; under a token stack it would not.
extern "C" __global__ void hw_lock(int *lock, int *total, int *count, const int *in)
{
	int i = threadIdx.x;
	volatile int *vt = total, *vc = count;
	while (atomicCAS(lock, 0, 1) != 0)
		;
	__threadfence();
	*vt = *vt + in[i];
	*vc = *vc + 1;
	__threadfence();
	atomicExch(lock, 0);
}
