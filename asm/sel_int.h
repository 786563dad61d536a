/* Operand helpers the shared selectors (asm/sel.c) lend to the selectors of the later
   generations' instructions (asm/sel_wide.c). Internal to asm/. */
#ifndef SIMTEMU_ASM_SEL_INT_H
#define SIMTEMU_ASM_SEL_INT_H

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

#endif
