/* Reading PTXPlus: each instruction becomes the SASS parse tree the SASS grammar would give. */
#ifndef SIMTEMU_PTXPLUS_READ_H
#define SIMTEMU_PTXPLUS_READ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "parser/ast.h"

typedef enum { PO_REG, PO_PRED, PO_NUM, PO_SREG, PO_LABEL, PO_CONST, PO_SMEM, PO_AREG } ptx_okind;

typedef struct {
	ptx_okind kind;
	int reg, bank;        /* PO_REG; PO_CONST: bank and index register (-1: none); PO_SMEM and
				 PO_AREG: the $ofs register (-1: none) */
	int half;             /* Tesla $rN.lo (1) / $rN.hi (2) */
	char *cdst;           /* Tesla "$p0|$r2" / "$p0/$o127": the condition register written */
	bool neg, inv, abs;
	bool rz;              /* PO_NUM spelled 0x00: RZ where the slot takes a register */
	uint64_t val;         /* PO_NUM; PO_CONST: the byte offset */
	char *name;           /* PO_PRED, PO_SREG, PO_LABEL */
	ast_loc loc;
} ptx_opnd;

#define PTX_MAXOPS 12

typedef struct {
	char *word;           /* the mnemonic with its dotted parts */
	ast_loc loc, gloc;
	bool has_guard, guard_neg;
	char *guard;
	int nops;
	int extra;            /* operands written past ops[] (counted for the error, not kept) */
	ptx_opnd ops[PTX_MAXOPS];
} ptx_insn;

void ptx_insn_reset(ptx_insn *p);
void ptx_add_opnd(ast_unit *u, ptx_insn *p, ptx_opnd *o, ast_loc loc);
/* A label; l0x%08x labels also fix the address of the next instruction. */
void ptx_label(ast_unit *u, char *name, ast_loc loc);
/* Translate the instruction and append it to the current function. */
void ptx_finish(ast_unit *u, ptx_insn *p);

/* Parse PTXPlus text (the grammar in parser/ptxplus.y). */
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
