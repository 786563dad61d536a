/* The PTXPlus grammar's instruction record and entry point; the front end (front/ptxplus_read.c) translates each record. */
#ifndef SIMTEMU_PARSER_PTXPLUS_H
#define SIMTEMU_PARSER_PTXPLUS_H

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

/* What the grammar calls with each complete instruction (its translation to SASS). The
   parser sits below the front end, so the front end hands it in. */
typedef void (*ptx_finish_fn)(ast_unit *u, ptx_insn *p);
/* The grammar's state in ast_unit.front: the instruction being read (first) and its finisher. */
typedef struct {
	ptx_insn cur;
	ptx_finish_fn finish;
} ptx_state;

/* Parse PTXPlus text, handing each instruction to finish. */
ast_unit *ptx_parse_text(const char *file, const char *src, FILE *diag_out, ptx_finish_fn finish);

#endif
