/* Conversion between SASS and PTXPlus (simtemu convert). */
#ifndef SIMTEMU_PTXPLUS_H
#define SIMTEMU_PTXPLUS_H

#include <stdio.h>

#include "../isa/isa.h"

/* Print a Fermi SASS listing as PTXPlus, one instruction per line, branch targets as
   l0x%08x labels. Opcodes and modifiers are checked against the isa table (errors go
   to diag, located); branch targets need not resolve (text to text). 0 on success. */
int ptx_convert_to_ptxplus(const char *file, const char *src, const char *target, const char *default_name,
			   FILE *out, FILE *diag);

/* Print PTXPlus (simtemu's or GPGPU-Sim's Fermi forms) as a SASS listing: address comments,
   branch targets to l0x%08x labels as addresses, other labels kept. 0 on success. */
int ptx_convert_to_sass(const char *file, const char *src, const char *target, const char *default_name, FILE *out,
			FILE *diag);

/* Whether an immediate in operand 'slot' of opcode 'op' is a float field (printed as the
   full IEEE single, read back as the listing's 20-bit field), and whether op takes 32 bits. */
#include <stdbool.h>
bool ptx_float_slot(int op, int slot);
bool ptx_wide_imm(int op);

#endif
