/* What the SASS assembler shares with its per-dialect selector files (asm_tesla.c). */
#ifndef SIMTEMU_ASM_INT_H
#define SIMTEMU_ASM_INT_H

#include "parser/ast.h"
#include "emu/program.h"

typedef struct {
	ast_diags *dg;
	isa_dialect dialect;
	const char *target;
	const isa_desc *desc;
	ast_func *af;
	emu_func *ef;
	const ast_insn *ai;
	emu_insn *in;
	const int64_t *addrs; /* instruction addresses of the function */
	int maxreg;
} asm_ctx;

bool asm_has_mod(const ast_insn *ai, const char *m);
void asm_err(asm_ctx *c, ast_loc loc, const char *fmt, const char *a, const char *b);
bool asm_check_shape(asm_ctx *c);
void asm_note_reg(asm_ctx *c, int r, int n);
bool asm_reg_ok(asm_ctx *c, const ast_opnd *o, int n);
uint16_t asm_dst_reg(asm_ctx *c, const ast_opnd *o, int n);
uint32_t asm_imm_value(asm_ctx *c, const ast_opnd *o, bool is_float, bool wide);
emu_src asm_src_any(asm_ctx *c, const ast_opnd *o, bool is_float, bool wide_imm);
/* Apply an operand's '-', '|x|' and '~' to a source (folded at once into an immediate). */
void asm_src_mods(emu_src *s, const ast_opnd *o, bool is_float);
void asm_mem_operand(asm_ctx *c, const ast_opnd *o, bool wide);
uint32_t asm_target_index(asm_ctx *c, const ast_opnd *o, const int64_t *addrs);
int asm_sreg_code(const char *name);
/* The Fermi conversion selector (I2I I2F F2I F2F, Fermi opcode numbers). */
void asm_sel_cvt(asm_ctx *c, int op);
/* The Fermi double-precision selector (DADD DMUL DFMA; register pairs, Fermi numbers). */
void asm_sel_darith(asm_ctx *c, int op);

/* Tesla (sm_1x): select the handler and operands of c->ai (asm_tesla.c). */
void asm_tesla_insn(asm_ctx *c, int op);
/* Tesla: after the whole function is selected (register rows, end flags). */
void asm_tesla_finish(asm_ctx *c);

#endif
