/* C references of the tests/hopper kernels: prints the .expect lines each spec carries,
   computed from the PTX's meaning (the PTX ISA's rules), not from simtemu.
   cc -o /tmp/ref tests/hopper/ref.c && /tmp/ref sync */
#include <stdio.h>
#include <string.h>

static void line(const char *name, const unsigned *v, int n)
{
	printf(".expect %s =", name);
	for (int i = 0; i < n; i++)
		printf(" %u", v[i]);
	printf("\n");
}

/* sync.ptx: 64 threads, 16 words each; a one-CTA cluster (explicit: %is_explicit_cluster) */
static void sync_ref(int explicit_)
{
	static unsigned out[64 * 16], cl[8];
	unsigned sdata[64];
	for (int t = 0; t < 64; t++)
		sdata[t] = 3u * t; /* every thread's tid*3, then the mbarrier's phase completes */
	for (int t = 0; t < 64; t++) {
		unsigned *o = out + 16 * t;
		o[0] = sdata[(t ^ 33) & 63];
		o[1] = 1;                  /* the old token's phase has completed */
		o[2] = t < 32 ? 1 : 2;     /* warp 0's 32 arrivals complete phase 0 of bar1 */
		o[3] = 32 - 10 * 2;        /* 10 threads arrive with count 2 */
		o[4] = 0 + 1 + 1;          /* parity 1 not complete, parity 0 complete (twice) */
		o[5] = 1 | (32 - 12) << 4; /* 12 arrive_drops complete phase 1; 20 expected next */
		o[6] = 1 + 0 + 2;          /* popc(tid == 0), and(tid < 12), or(tid != 99) */
	}
	for (int t = 32; t < 64; t++) /* warp 1 overwrites its own words, after the reads */
		sdata[t] = (unsigned)t;
	for (int t = 0; t < 64; t++) {
		unsigned *o = out + 16 * t;
		o[7] = t < 32 ? sdata[t + 32] : 0;
		o[8] = sdata[t];           /* ld.shared::cluster of mapa(sdata, rank 0) */
		o[9] = 0;                  /* getctarank */
		o[10] = 0;
		o[11] = sdata[t];          /* the generic mapa'd address */
		o[12] = sdata[t] + 1000;   /* st.shared::cluster, then ld.shared */
	}
	unsigned c[8] = {0, 1, 0, 1, 0, 1, (unsigned)explicit_, 0};
	memcpy(cl, c, sizeof c);
	line("out", out, 64 * 16);
	line("cl", cl, 8);
}

/* async13.ptx: 64 threads, 8 words each; mask = the elect.sync mask parameter */
static void async13_ref(unsigned mask, int explicit_)
{
	(void)explicit_; /* barrier.cluster orders the same either way */
	static unsigned out[64 * 8];
	unsigned sdata[64] = {0};
	unsigned leader = (unsigned)__builtin_ctz(mask);
	for (int t = 0; t < 32; t++)
		sdata[t] = (unsigned)t; /* warp 0's stores before complete_tx */
	for (int t = 0; t < 64; t++) {
		unsigned *o = out + 8 * t, lane = (unsigned)t % 32;
		o[0] = (lane == 0 ? 100 : 0) + 0;  /* elect.sync over the full warp: lane 0 */
		o[1] = mask >> lane & 1 ? (lane == leader ? 1000 : 0) + leader : 0;
		o[2] = 0;                          /* 64 arrivals, 256 bytes still expected */
		o[3] = sdata[(t ^ 31) & 31];       /* after 32 x 8 bytes complete the phase */
		o[4] = 0 + 2;                      /* 4 bytes pending: not complete; then complete */
	}
	for (int t = 32; t < 64; t++)
		sdata[t] = (unsigned)t + 500;      /* warp 1, before the cluster barrier */
	for (int t = 0; t < 64; t++)
		out[8 * t + 5] = sdata[t ^ 32];
	line("out", out, 64 * 8);
}

int main(int argc, char **argv)
{
	const char *k = argc > 1 ? argv[1] : "";
	if (!strcmp(k, "sync"))
		sync_ref(0);
	else if (!strcmp(k, "sync_explicit"))
		sync_ref(1);
	else if (!strcmp(k, "async13"))
		async13_ref(0xf0f0f0f0u, 0);
	else {
		fprintf(stderr, "usage: ref sync|sync_explicit|async13\n");
		return 2;
	}
	return 0;
}
