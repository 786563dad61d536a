/* Reading PTXPlus: each instruction becomes the SASS parse tree the SASS grammar would give. */
#ifndef SIMTEMU_PTXPLUS_READ_H
#define SIMTEMU_PTXPLUS_READ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "parser/ast.h"
#include "parser/ptxplus.h"

/* Translate the instruction and append it to the current function. */
void ptx_finish(ast_unit *u, ptx_insn *p);

/* Parse PTXPlus text (the grammar in parser/ptxplus.y, each instruction translated by ptx_finish). */
ast_unit *ast_parse_ptxplus(const char *file, const char *src, FILE *diag_out);
/* Shared by both translations: start the SASS instruction of p (address from a pending
   l0x label, location) and split its mnemonic into dotted parts (returns how many); end
   it: its text, then appended (keep) or dropped, and p reset. */
int ptx_insn_begin(ast_unit *u, const ptx_insn *p, ast_insn *ai, char parts[][16], int max);
void ptx_insn_end(ast_unit *u, ptx_insn *p, ast_insn *ai, bool keep);

/* Tesla (sm_1x) PTXPlus as GPGPU-Sim writes it, onto the Tesla SASS parse tree
   (ptxplus_tesla.c). */
void ptx_finish_tesla(ast_unit *u, ptx_insn *p);
/* Does this text look like PTXPlus (a .entry, .version or //HEADER line)? */
bool ptx_looks_like(const char *src);

#endif
