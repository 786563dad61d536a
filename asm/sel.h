/* The selectors' shared operand vocabulary (asm/sel.c), used by the family files
   asm/sel_<family>.c. Internal to asm/. */
#ifndef SIMTEMU_ASM_SEL_H
#define SIMTEMU_ASM_SEL_H

#include <stdbool.h>
#include <stdint.h>

#include "asm/asm_int.h"

uint16_t sel_dst_pred(asm_ctx *c, const ast_opnd *o);  /* destination predicate, PT = sink */
emu_src sel_src_pred(const ast_opnd *o);              /* source predicate, with its '!' */
emu_src sel_src_int(asm_ctx *c, int i);               /* operand i as an integer source */
emu_src sel_src_flt(asm_ctx *c, int i);               /* operand i as a float source */
emu_src sel_src_raw(asm_ctx *c, int i);               /* integer, negation left to the handler */
emu_src sel_src_dbl(asm_ctx *c, int i);               /* operand i as a double register pair */
int sel_cmp_code(const ast_insn *ai, bool fp);        /* comparison modifier, -1 if none */
int sel_bop_code(const ast_insn *ai, int nth);        /* nth boolean-combine modifier */
void sel_need_cmp(asm_ctx *c, int code);              /* error unless a comparison was given */
/* The float comparisons' one form: FSETP/DSETP p, q, a, b, c (setp) or FSET/DSET d, a, b, c,
   with the comparison, the boolean combine, .FTZ and (a register result) .BF; handler h,
   sources a and b read by src. */
typedef emu_src (*sel_src_fn)(asm_ctx *c, int i);
void sel_fcompare(asm_ctx *c, int h, bool setp, sel_src_fn src);

/* immediates: a full 32-bit value (the table's imm column or the generation's imm32) */
bool sel_wide_imm(const asm_ctx *c, int op);
/* .U8 ... .S64 modifiers: the width in bits and the sign; -1 (after an error) past max */
int sel_int_types(const ast_insn *ai, int *bits, int *sign, int max);
int sel_round_mode(const ast_insn *ai);               /* EMU_RND_* of .RN/.RZ/.RM/.RP (.RNI ...) */
int sel_high_half(const ast_opnd *o);                 /* a register's .H1: 1 */
/* float operands whose immediates are full 32-bit values (sm_70+ encodings) */
emu_src sel_src_f32imm(asm_ctx *c, int i);            /* a single; an integer literal is that value */
emu_src sel_src_f64imm(asm_ctx *c, int i);            /* a double pair; an immediate is the high word */
uint16_t sel_half_lit(asm_ctx *c, const ast_opnd *o); /* a half literal */
emu_src sel_hsrc(asm_ctx *c, int *i, int *swz);       /* a half pair with its swizzle (.H0_H0 ...) */
int sel_ftypes(const ast_insn *ai, int *bits, int max); /* .F16/.F32/.F64 */
bool sel_hsrcs(asm_ctx *c, int from, int want, int *next); /* want half-pair sources from operand from */
/* predicate carries (sm_70+ IADD3, IMAD, LEA, ISETP .EX) */
bool sel_is_pred(const ast_insn *ai, int i);          /* operand i is a predicate */
uint8_t sel_pcode(const ast_opnd *o);                 /* a carry-in predicate's code byte (EMU_PC_*) */
int sel_carry_outs(asm_ctx *c, int max, uint16_t *p, uint16_t *q);
int sel_carry_ins(asm_ctx *c, int i, int max, uint8_t *a, uint8_t *b);
/* the uniform datapath */
void sel_need_uniform(asm_ctx *c, const ast_opnd *o); /* error unless a uniform register */
void sel_two_src(asm_ctx *c, emu_handler h);          /* d, a[, b] into handler h */
int sel_which_mod(const ast_insn *ai, const char *const *names, int n); /* index of the one given */

#endif
