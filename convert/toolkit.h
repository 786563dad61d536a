/* Finding NVIDIA's tools (nvcc, ptxas, cuobjdump), their releases and the targets each release
   supports, and running them with their stderr kept (convert/toolkit.c). */
#ifndef SIMTEMU_CONVERT_TOOLKIT_H
#define SIMTEMU_CONVERT_TOOLKIT_H

#include <stdbool.h>
#include <stddef.h>

#define TK_PATH 4096
#define TK_MAX 32

/* One copy of a tool: where it is, where that place came from, its release. */
typedef struct {
	char path[TK_PATH];   /* .../bin/nvcc */
	const char *from;     /* "SIMTEMU_CUDA", "CUDA_HOME", "CUDA_PATH", "PATH", "/usr/local/cuda", "make toolkit" */
	int major, minor;     /* its `--version` release; major < 0: --version failed (it does not run) */
	char why[200];        /* when it does not run: how it failed */
} tk_tool;

/* Every copy of tool, in the search order (SIMTEMU_CUDA/bin alone when that is set; else
   CUDA_HOME/bin, CUDA_PATH/bin, PATH, then SIMTEMU_CUDA_FALLBACK's roots, by default
   /usr/local/cuda and build/cuda/usr beside the simtemu binary), the same file once.
   Their number. */
int tk_find(const char *tool, tk_tool *out, int max);
/* The places searched, in words, for a message ("/usr/local/cuda/bin, PATH, ..."). */
void tk_searched(char *buf, size_t n);
/* A tool's directory ("/usr/local/cuda/bin/") */
void tk_dir_of(const tk_tool *t, char *dir, size_t n);
/* "CUDA 13.0" or "a release it does not tell" */
const char *tk_release_text(const tk_tool *t, char *buf, size_t n);

/* Can CUDA major.minor compile for target (sm_XX, a suffix like sm_90a allowed)? 1 yes,
   0 no, -1 a target the table does not know. */
int tk_supports(int major, int minor, const char *target);
/* The releases that support target, in words ("CUDA 11.8 to 12.x", "CUDA 12.8 and later"). */
const char *tk_releases_for(const char *target, char *buf, size_t n);
/* What one release compiles for ("sm_75 to sm_121"). */
const char *tk_targets_of(int major, int minor, char *buf, size_t n);

/* Run argv (argv[0] a path) with stdout into out and stderr into err (NULL: inherited);
   its exit status, 127 when it cannot be started, -1 when it died of a signal. */
int tk_run(char *const argv[], const char *out, const char *err);

/* A cubin's target from its ELF header ("sm_80"), or "" when buf is not a cubin; *newer:
   the header has the layout CUDA 13 writes (OS/ABI 0x41, ABI version 8), which older
   cuobjdumps misread. */
void tk_cubin_target(const unsigned char *buf, size_t n, char *sm, size_t smn, bool *newer);

#endif
