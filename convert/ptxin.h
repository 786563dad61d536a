/* Inputs made runnable by NVIDIA's tools: PTX and CUDA C compiled (ptxas, nvcc -cubin), cubins,
   fat binaries and executables disassembled (cuobjdump -elf -sass) (convert/ptxin.c). */
#ifndef SIMTEMU_CONVERT_PTXIN_H
#define SIMTEMU_CONVERT_PTXIN_H

#include <stdbool.h>
#include <stddef.h>

/* What a file holds, told by its content (ELF and fat binary magic numbers, PTX's and CUDA
   C's words) and, for CUDA C, its .cu name */
typedef enum { IN_LISTING, IN_PTX, IN_CUDA, IN_CUBIN, IN_FATBIN, IN_HOST_ELF } in_kind;

/* The default target of CUDA C without --target or .target */
#define IN_CUDA_TARGET "sm_80"

/* Does src look like PTX (not GPGPU-Sim's PTXPlus, not SASS)? */
bool cli_is_ptx(const char *src);
/* The kind of file's n bytes buf (NUL-terminated) */
in_kind in_kind_of(const char *file, const char *buf, size_t n);
/* "PTX", "CUDA C", "a cubin" ... for messages */
const char *in_kind_name(in_kind k);
/* The cuobjdump -elf -sass listing of file (bytes buf, n; "-" is standard input, whose bytes
   are written to a temporary file), a k other than IN_LISTING: PTX and CUDA C compiled for
   target (NULL: PTX's own .target; CUDA C's IN_CUDA_TARGET). Kept in keep when not NULL.
   NULL with *err (allocated, several lines at most: the tool's path, release and stderr)
   when no toolkit fits or a tool fails. */
char *in_listing(const char *file, in_kind k, const char *buf, size_t n, const char *target, const char *keep,
		 char **err);

#endif
