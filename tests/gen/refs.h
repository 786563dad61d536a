/* The generated-code kernels' references (tests/gen/refs.c), for the conformance runner. */
#ifndef SIMTEMU_GEN_REFS_H
#define SIMTEMU_GEN_REFS_H

#include "tests/conformance/conformance.h"

typedef struct {
	const char *kernel; /* the .ptx file's name */
	conf_ref ref;
} gen_ref;

/* every kernel of tests/gen, ended by {NULL, NULL} */
extern const gen_ref gen_refs[];

#endif
