/* simtemu spec: a starting launch spec for a listing, read off its code (spec/spec_guess.c). */
#include <stdio.h>

#include "cli/cmd.h"
#include "cli/launch.h"

int cli_cmd_spec(int argc, char **argv)
{
	cli_launch L;
	int rc = cli_prepare_quiet(&L, argc, argv, NULL, NULL, NULL);
	if (!rc)
		spec_guess(&L.x, &L.w, L.file, stdout);
	cli_cleanup(&L);
	return rc < 0 ? 0 : rc;
}
