/* The condition code as a branch guard (gen/ccguard.h). */
#include "gen/ccguard.h"
#include "emu/emu.h"
#include "util/xalloc.h"

/* the truth set of the instruction's CC test over the 16 flag values (ast_cond_truth) */
typedef struct {
	uint16_t truth;
} ccg_ext;

void ccg_begin(asm_ctx *c)
{
	c->ef->ext = xcalloc((size_t)(c->ef->n ? c->ef->n : 1), sizeof(ccg_ext));
}

void ccg_after_select(asm_ctx *c)
{
	if (c->cc_test < 0)
		return;
	((ccg_ext *)c->ef->ext)[c->idx].truth = ast_cond_truth[c->cc_test];
	c->in->steps |= EMU_STEP_GUARD;
}

uint32_t ccg_guard(const emu_ctx *x, const emu_warp *w, uint32_t pc)
{
	const emu_insn *in = &x->code[pc];
	uint32_t p = in->guard_neg ? ~w->p[in->guard] : w->p[in->guard];
	uint16_t truth = ((const ccg_ext *)x->f->ext)[pc].truth;
	uint32_t z = w->cc_z, s = w->cc_s, c = w->cc_c, o = w->cc_o, m = 0;
	for (int f = 0; f < 16; f++) /* flag value bits: zero, sign, carry, overflow */
		if (truth >> f & 1)
			m |= (f & 1 ? z : ~z) & (f & 2 ? s : ~s) & (f & 4 ? c : ~c) & (f & 8 ? o : ~o);
	return p & m;
}
