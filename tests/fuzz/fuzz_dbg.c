/* libFuzzer: the debugger's command reader and commands. The input is a command script
   (as `simtemu debug --batch` reads one) run against two fixed kernels in turn, a Fermi one
   (the token stack) and an sm_70 one (convergence barriers), each with buffers, a loop and a
   divergent branch, so that every command has state to look at: registers, memory, the
   stack or the groups, breakpoints, watches, stepping, reverse steps. The step budget and
   the grid are small; replays (reverse-step) are followed a bounded number of times. */
#include "fuzz_common.h"
#include "spec/spec_run.h"
#include "dbg/dbg.h"
#include "emu/emu.h"
#include "front/spec.h"

static const char *const kernels[] = {
	".target sm_20\n.block 8\n.buffer out u32 8\n.param u32 out\n"
	"S2R R0, SR_Tid_X;\nISCADD R2, R0, c [0x0] [0x20], 0x2;\nMOV R5, RZ;\nSSY JOIN;\n"
	"LOOP:\nIADD R5, R5, 0x1;\nISETP.LT.AND P0, PT, R5, R0, PT;\n@P0 BRA LOOP;\nNOP.S;\n"
	"JOIN:\nST [R2], R5;\nEXIT;\n",
	".target sm_70\n.block 40\n.buffer out u32 40\n.param u64 out\n"
	"S2R R0, SR_TID.X;\nMOV R2, c[0x0][0x160];\nMOV R3, c[0x0][0x164];\nIMAD R2, R0, 0x4, R2;\n"
	"BSSY B0, J;\nISETP.GE.AND P0, PT, R0, 0x10, PT;\n@P0 BRA E;\nMOV R5, 0x1;\nBRA S;\n"
	"E:\nMOV R5, 0x2;\nS:\nBSYNC B0;\nJ:\nSTG.E [R2], R5;\nEXIT;\n",
};

static void session(const char *src, const char *cmds, size_t n)
{
	emu_spec sp;
	memset(&sp, 0, sizeof sp);
	FILE *dg = fuzz_null();
	if (spec_parse(&sp, "k.sass", src, dg))
		abort(); /* the kernels are fixed: they must read */
	emu_program *p = emu_assemble("k.sass", src, sp.target, "kernel", dg);
	if (!p)
		abort();
	FILE *in = fmemopen((void *)cmds, n, "r");
	if (!in)
		abort();
	dbg_session *d = dbg_new(in, fuzz_null(), false, src);
	for (int replay = 0; replay < 3; replay++) {
		emu_ctx x;
		emu_ctx_init(&x, p, &p->funcs[0]);
		spec_geometry(&sp, &x);
		x.max_steps = 5000;
		x.warp_size = 32;
		x.jobs = 1;
		emu_abi_setup(&x);
		if (!spec_apply(&sp, &x, dg))
			dbg_run(d, &x);
		emu_ctx_free(&x);
		if (!dbg_replay_requested(d))
			break;
	}
	dbg_free(d);
	fclose(in);
	emu_program_free(p);
	spec_free(&sp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
		session(kernels[k], (const char *)data, size);
	return 0;
}
