/* What the assembler shares with the shared selectors (asm/sel.c) and the generations (gen/). */
#ifndef SIMTEMU_ASM_INT_H
#define SIMTEMU_ASM_INT_H

#include "parser/ast.h"
#include "emu/program.h"

typedef struct gen_desc gen_desc;

typedef struct asm_ctx {
	ast_diags *dg;
	const gen_desc *gen;
	isa_dialect dialect;
	const char *target;
	const isa_desc *desc;
	ast_func *af;
	emu_func *ef;
	const ast_insn *ai;
	emu_insn *in;
	int idx;              /* c->in's index in the function */
	int cc_test;          /* a selector's condition-code test (CC.NEU: ast_cond_code), else -1;
				 the generation guards the instruction with it */
	const int64_t *addrs; /* instruction addresses of the function */
	int maxreg;
	ast_unit *u;           /* the parse tree, read one instruction after another */
	int fi;                /* the function's index in it */
	struct asm_memo *memo; /* opcode-table answers by interned string (asm.c) */
	struct arena *strings; /* the program's (its instructions' mnemonics are interned there) */
	bool flavour_noted;    /* the listing's barrier flavours were warned about (once) */
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
/* Replace in's handler by the variant its modifiers call for (asm/variant.c). */
void asm_variant(emu_insn *in);

/* The shared selectors (asm/sel*.c), one per name in the selector column of the tables that
   use them (Tesla's names its own, gen/tesla_sel.c): each fills c->in for opcode op of
   c->desc's table. */
typedef void (*asm_selector)(asm_ctx *c, int op);
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) void asm_sel_##sel(asm_ctx *c, int op);
#include "isa/sm20.tab"
#include "isa/sm30.tab"
#include "isa/sm50.tab"
#include "isa/sm70.tab"
#include "isa/sm90.tab"
#include "isa/sm100.tab"
#undef OP

#endif
