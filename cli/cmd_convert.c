/* The commands that read a listing without running it: asm (list the decoded program), convert, isa. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/launch.h"
#include "cli/opts.h"
#include "convert/convert.h"
#include "convert/ptxin.h"
#include "emu/emu.h"
#include "front/ptxplus_read.h"
#include "front/spec.h"
#include "isa/isa.h"

int cli_cmd_asm(int argc, char **argv)
{
	cli_opts o;
	const char *file;
	int r = cli_parse_opts(argc, argv, &o, &file, NULL, NULL, NULL);
	if (r)
		return r < 0 ? 0 : r;
	char *src = cli_read_input(file, &o, NULL, &r, NULL); /* PTX, CUDA C, binaries: through the toolkit */
	if (!src)
		return r;
	emu_spec sp = {0};
	if (!(src = cli_sass_of(file, src, &sp, o.target))) {
		spec_free(&sp);
		return CLI_EXIT_INPUT;
	}
	int errs = spec_parse(&sp, file, src, stderr);
	const char *target = o.target ? o.target : sp.target;
	if (!o.target && sp.target && isa_dialect_of(sp.target) == ISA_DIALECT_NONE) { /* reported at its line */
		spec_free(&sp);
		free(src);
		return CLI_EXIT_INPUT;
	}
	char *dflt = cli_base_name(file);
	emu_program *p = emu_assemble_at(file, src, target, o.target ? NULL : sp.target_at, sp.kernel ? sp.kernel : dflt,
				      stderr);
	free(dflt);
	static char obuf[1 << 20];
	if (p && !errs) {
		/* a listing can be millions of lines: one write a megabyte, not one a page */
		if (!isatty(fileno(stdout)))
			setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
		emu_program_list(p, stdout);
	}
	int rc = p && !errs ? 0 : CLI_EXIT_INPUT;
	emu_program_free(p);
	spec_free(&sp);
	free(src);
	return rc;
}

/* convert --to ptxplus|sass FILE */
int cli_cmd_convert(int argc, char **argv)
{
	const char *to = NULL, *file = NULL, *target = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--to") && i + 1 < argc)
			to = argv[++i];
		else if (!strncmp(argv[i], "--to=", 5))
			to = argv[i] + 5;
		else if (!strcmp(argv[i], "--target") && i + 1 < argc)
			target = argv[++i];
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts("usage: simtemu convert --to ptxplus [--target sm_XX] FILE.sass\n"
			     "       simtemu convert --to sass [--target sm_XX] FILE.ptxplus");
			return 0;
		} else if (argv[i][0] == '-')
			return cli_usage_error("unknown option '%s'", argv[i]);
		else if (file)
			return cli_usage_error("one FILE expected%s", "");
		else
			file = argv[i];
	}
	if (!to || !file)
		return cli_usage_error("usage: simtemu convert --to ptxplus|sass FILE%s", "");
	if (strcmp(to, "ptxplus") && strcmp(to, "sass"))
		return cli_usage_error("--to takes ptxplus or sass, not '%s'", to);
	cli_opts o = {.target = target};
	int rr;
	char *src = cli_read_input(file, &o, NULL, &rr, NULL); /* a cubin, a fat binary ...: its listing */
	if (!src)
		return rr;
	emu_spec sp = {0};
	if (!(src = cli_sass_of(file, src, &sp, target))) {
		spec_free(&sp);
		return CLI_EXIT_INPUT;
	}
	bool is_ptx = ptx_looks_like(src);
	if (is_ptx != !strcmp(to, "sass")) {
		fprintf(stderr, "simtemu: error: %s %s; convert --to %s reads %s\n", file,
			is_ptx ? "is PTXPlus already" : "does not look like PTXPlus (no .entry, .version or //HEADER line)",
			to, is_ptx ? "a SASS listing" : "PTXPlus");
		free(src);
		spec_free(&sp);
		return CLI_EXIT_INPUT;
	}
	if (spec_parse(&sp, file, src, stderr) && !target && sp.target && isa_dialect_of(sp.target) == ISA_DIALECT_NONE) {
		spec_free(&sp); /* a .target this build does not run: reported at its line */
		free(src);
		return CLI_EXIT_INPUT;
	}
	char *dflt = cli_base_name(file);
	int (*conv)(const char *, const char *, const char *, const char *, FILE *, FILE *) =
		!strcmp(to, "sass") ? ptx_convert_to_sass : ptx_convert_to_ptxplus;
	int rc = conv(file, src, target ? target : sp.target, sp.kernel ? sp.kernel : dflt, stdout, stderr) ? CLI_EXIT_INPUT
													    : 0;
	free(dflt);
	spec_free(&sp);
	free(src);
	return rc;
}

int cli_cmd_isa(int argc, char **argv)
{
	const char *target = "sm_20";
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--target") && i + 1 < argc)
			target = argv[++i];
		else if (!strncmp(argv[i], "--target=", 9))
			target = argv[i] + 9;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			puts("usage: simtemu isa [--target sm_XX]");
			return 0;
		} else
			return cli_usage_error("unexpected argument '%s'", argv[i]);
	}
	isa_dialect d = isa_dialect_of(target);
	if (d == ISA_DIALECT_NONE) {
		fprintf(stderr, "simtemu: unsupported target '%s' (this build runs%s)\n", target, isa_all_targets());
		return CLI_EXIT_INPUT;
	}
	isa_print(d, target);
	return 0;
}
