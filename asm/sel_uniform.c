/* Selectors of the uniform datapath's own instructions (emu/ops_uniform.h): REDUX and R2UR.
   (Other U-prefixed opcodes use the ordinary selectors; the generation marks them
   EMU_STEP_UNIFORM.) */
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

/* REDUX.SUM|MIN|MAX|AND|OR|XOR[.S32|.U32] URd, Ra */
void asm_sel_redux(asm_ctx *c, int op)
{
	(void)op;
	static const char *const ops[] = {"SUM", "MIN", "MAX", "AND", "OR", "XOR"};
	const ast_insn *ai = c->ai;
	int m = sel_which_mod(ai, ops, 6);
	if (m < 0) {
		asm_err(c, ai->loc, "%s needs .SUM, .MIN, .MAX, .AND, .OR or .XOR%s", c->desc->name, "");
		return;
	}
	sel_need_uniform(c, &ai->ops[0]);
	sel_two_src(c, EMU_H_REDUX);
	c->in->sub = (uint8_t)m;
	c->in->sign = asm_has_mod(ai, "S32");
}

void asm_sel_r2ur(asm_ctx *c, int op)
{
	(void)op;
	sel_need_uniform(c, &c->ai->ops[0]);
	sel_two_src(c, EMU_H_R2UR);
}
