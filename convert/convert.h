/* Conversion between SASS and PTXPlus (simtemu convert). */
#ifndef SIMTEMU_PTXPLUS_H
#define SIMTEMU_PTXPLUS_H

#include <stdio.h>

#include "isa/isa.h"

/* Print a Fermi SASS listing as PTXPlus, one instruction per line, branch targets as
   l0x%08x labels. Opcodes and modifiers are checked against the isa table (errors go
   to diag, located); branch targets need not resolve (text to text). 0 on success. */
int ptx_convert_to_ptxplus(const char *file, const char *src, const char *target, const char *default_name,
			   FILE *out, FILE *diag);

/* Print PTXPlus (simtemu's or GPGPU-Sim's Fermi forms) as a SASS listing: address comments,
   branch targets to l0x%08x labels as addresses, other labels kept. 0 on success. */
int ptx_convert_to_sass(const char *file, const char *src, const char *target, const char *default_name, FILE *out,
			FILE *diag);

#endif
