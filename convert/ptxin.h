/* PTX in: compile with ptxas, disassemble with cuobjdump -elf -sass (convert/ptxin.c). */
#ifndef SIMTEMU_CONVERT_PTXIN_H
#define SIMTEMU_CONVERT_PTXIN_H

#include <stdbool.h>
#include <stddef.h>

/* Does src look like PTX (not GPGPU-Sim's PTXPlus, not SASS)? */
bool cli_is_ptx(const char *src);
/* The cuobjdump -elf -sass listing of file (PTX text src) compiled for target (NULL: the
   PTX's own .target), kept in keep when not NULL; NULL with err set when the toolkit is
   missing or a tool fails. */
char *cli_compile_ptx(const char *file, const char *src, const char *target, const char *keep, char *err,
		      size_t errn);

#endif
