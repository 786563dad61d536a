/* A launch made ready for the running commands: options parsed, program assembled, directives applied. */
#ifndef SIMTEMU_CLI_LAUNCH_H
#define SIMTEMU_CLI_LAUNCH_H

#include <stdbool.h>

#include "cli/opts.h"
#include "emu/emu.h"
#include "spec/spec_run.h"

typedef struct {
	cli_opts o;
	const char *file;
	char loc[4200];       /* the name in a made listing's locations: "FILE's SASS" */
	char *src, *spec_src;
	emu_spec sp;
	emu_program *p;
	emu_ctx x;
	bool have_ctx;
	FILE *printf_out;     /* --printf FILE, open while the launch runs */
	spec_written w;       /* the constant-bank bytes the ABI and the directives set */
} cli_launch;

/* Parse options (the command's extra ones go to extra_opt with user), read and assemble
   FILE, apply its directives and --spec's. 0 when ready; -1 after --help; else the exit
   status (reported). Constant-bank reads that neither the ABI nor a directive set are
   warned about on stderr, once per location. cli_cleanup(L) afterwards in every case. */
int cli_prepare(cli_launch *L, int argc, char **argv, const struct option *extra, void *user,
		cli_extra_fn extra_opt);
/* The same without the warnings about constant reads that nothing set (simtemu spec). */
int cli_prepare_quiet(cli_launch *L, int argc, char **argv, const struct option *extra, void *user,
		      cli_extra_fn extra_opt);
void cli_cleanup(cli_launch *L);
/* src (freed) as the SASS of a whole cuobjdump output for target (NULL: its only one), its
   constant tables into sp (asm, convert: no launch, so no __device__ buffers); NULL after
   reporting an error. */
char *cli_sass_of(const char *file, char *src, emu_spec *sp, const char *target);
/* FILE (- is standard input) as listing text: a listing as it is; PTX, CUDA C, a cubin, a fat
   binary or an executable made one by NVIDIA's tools (convert/ptxin.c), for --target, else
   spec's .target (spec: the --spec file's text, may be NULL); *made (when not NULL) says
   whether the tools made it. NULL after reporting the error, its exit status in *rc. */
char *cli_read_input(const char *file, const cli_opts *o, const char *spec, int *rc, bool *made);
/* Ctrl-C stops x's run (it ends as an EMU_TRAP_INTERRUPT trap); a second one kills. */
void cli_catch_interrupt(emu_ctx *x);
/* The one-line message of an interrupted run: where the kernel was. */
void cli_report_interrupt(const emu_ctx *x);

#endif
