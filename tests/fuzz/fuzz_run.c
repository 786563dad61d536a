/* libFuzzer: read directives, assemble, and run with a tiny grid and a small step budget
   (the same steps as 'simtemu run', cli/launch.c, on one host thread). Launches that ask
   for more than a small grid, CTA or memory are skipped: their size checks are tested by
   tests/cli.sh, and the point here is the assembler and the interpreter. */
#include "fuzz_common.h"
#include "spec/spec_run.h"
#include "emu/emu.h"
#include "front/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_text(data, size);
	emu_spec sp;
	memset(&sp, 0, sizeof sp);
	FILE *dg = fuzz_null();
	int errs = spec_parse(&sp, "fuzz.sass", src, dg);
	emu_program *p = emu_assemble("fuzz.sass", src, sp.target, sp.kernel ? sp.kernel : "kernel", dg);
	int fi = p && sp.kernel ? emu_find_func(p, sp.kernel) : 0;
	uint64_t bytes = 0;
	for (int i = 0; i < sp.nbufs; i++)
		bytes += sp.bufs[i].count * 8;
	if (p && !errs && fi >= 0 && bytes <= (1u << 20)) {
		emu_ctx x;
		emu_ctx_init(&x, p, &p->funcs[fi]);
		spec_geometry(&sp, &x);
		uint64_t ctas = (uint64_t)x.grid[0] * x.grid[1] * x.grid[2];
		uint64_t threads = (uint64_t)x.block[0] * x.block[1] * x.block[2];
		if (ctas <= 4 && threads <= 128 && x.shared_bytes <= (1u << 16) && x.local_bytes <= 4096) {
			x.max_steps = 2000;
			x.warp_size = 32;
			x.jobs = 1;
			emu_abi_setup(&x);
			if (!spec_apply(&sp, &x, dg) && emu_launch(&x) == EMU_OK) {
				int n;
				spec_check(&sp, &x, dg, dg, &n);
			}
		}
		emu_ctx_free(&x);
	}
	emu_program_free(p);
	spec_free(&sp);
	free(src);
	return 0;
}
