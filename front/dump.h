/* A whole cuobjdump output (fat binary headers, -elf sections, -sass, PTX) split into the
   SASS for the grammar and the facts the SASS text lacks (front/dump.c). */
#ifndef SIMTEMU_FRONT_DUMP_H
#define SIMTEMU_FRONT_DUMP_H

#include <stdio.h>

#include "front/spec.h"

/* The text with every line that is not SASS blanked (line numbers kept; caller frees).
   Constant-bank sections (.nv.constantN[.KERNEL], bank 0 aside) become sp's tables;
   *directives gets the __device__ variables of .nv.global as .buffer lines and the
   relocations that place their addresses as .const lines, for spec_parse_more after the
   file's own directives (NULL when the text has no cuobjdump sections).
   A file with code for several architectures keeps only want's (its SASS and sections);
   without want it is an error, as is a want the file lacks: NULL, and err says why. With
   one architecture, want is the assembler's to check. A cubin's dump (no fat binary
   headers: "64-bit ELF: ... sm=NN ...") and nvdisasm of a whole cubin (data sections
   between the code sections) are read the same way. Malformed sections are errors too;
   err gets the first as "line L, column C: message". */
char *dump_split(const char *src, emu_spec *sp, const char *want, char **directives, char *err, size_t errn);
/* The same, with the errors printed to diag as "file:line:col: error: ..." with the line
   and a caret (the architecture errors as "file: error: ..."); NULL after any. */
char *dump_read(const char *file, const char *src, emu_spec *sp, const char *want, char **directives, FILE *diag);
/* dump_read on a text the caller gives up (src: malloc'd): its lines are blanked in place
   and it is returned, or freed with NULL (no copy of a listing of hundreds of MB). */
char *dump_read_own(const char *file, char *src, emu_spec *sp, const char *want, char **directives, FILE *diag);

#endif
