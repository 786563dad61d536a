/* Selectors of the double-precision family (emu/ops_double.h): DADD/DMUL/DFMA/DMNMX,
   DSETP and DSET (a double's 32-bit immediate is the high word of its value). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "asm/gen.h"
#include "asm/sel.h"
#include "emu/sem_vfp.h"
#include "emu/semantics.h"
#include "isa/isa.h"
#include "util/xalloc.h"

/* DADD DMUL DFMA DMNMX on register pairs */
void asm_sel_darith(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	in->h = EMU_H_DARITH;
	int v = c->desc->var;
	in->sub = v == ISA_V_ADD ? EMU_D_ADD : v == ISA_V_MUL ? EMU_D_MUL : v == ISA_V_FMA ? EMU_D_FMA : EMU_D_MNMX;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	in->s[0] = sel_src_dbl(c, 1);
	in->s[1] = sel_src_dbl(c, 2);
	if (v == ISA_V_FMA)
		in->s[2] = sel_src_dbl(c, 3);
	if (v == ISA_V_MIN)
		in->s[2] = sel_src_pred(&ai->ops[3]);
	in->rnd2 = (uint8_t)sel_round_mode(ai);
}

void asm_sel_dsetp(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_DSETP, true, sel_src_dbl);
}

/* DSET.cmp.bop[.BF] d, a, b, p on register pairs */
void asm_sel_dset(asm_ctx *c, int op)
{
	(void)op;
	sel_fcompare(c, EMU_H_DSET, false, sel_src_dbl);
}

/* DADD DMUL DFMA on register pairs, with their rounding modes */
void asm_sel_darith_imm32(asm_ctx *c, int op)
{
	(void)op;
	const ast_insn *ai = c->ai;
	emu_insn *in = c->in;
	int v = c->desc->var;
	in->h = EMU_H_DARITH;
	in->sub = v == ISA_V_ADD ? EMU_D_ADD : v == ISA_V_MUL ? EMU_D_MUL : EMU_D_FMA;
	in->d = asm_dst_reg(c, &ai->ops[0], 2);
	in->s[0] = sel_src_f64imm(c, 1);
	in->s[1] = sel_src_f64imm(c, 2);
	if (v == ISA_V_FMA)
		in->s[2] = sel_src_f64imm(c, 3);
	in->rnd2 = (uint8_t)sel_round_mode(ai);
}
