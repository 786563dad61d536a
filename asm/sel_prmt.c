/* PRMT's selector: the byte-permute mode (default or one of PTX prmt's six) at assembly time. */
#include <string.h>

#include "asm/asm_int.h"
#include "asm/sel_int.h"
#include "emu/semantics.h"
#include "isa/isa.h"

/* PRMT d, a, selector, b: the bytes of {b, a} (a bytes 0-3, b bytes 4-7) that the selector
   picks, as PTX prmt defines them. in->sub is the mode: 0 the default (a nibble per result
   byte), else 1 + its index in modes[] (the selector's two low bits then choose). */
void asm_sel_prmt(asm_ctx *c, int op)
{
	(void)op;
	static const char *const modes[] = {"F4E", "B4E", "RC8", "ECL", "ECR", "RC16"};
	const ast_insn *ai = c->ai;
	int mode = 0;
	for (int i = 0; i < ai->nmods; i++) {
		if (isa_mod_is_hint(ai->mods[i]) || !strcmp(ai->mods[i], "S"))
			continue;
		int k = 0;
		while (k < 6 && strcmp(ai->mods[i], modes[k]))
			k++;
		if (k == 6 || mode) {
			asm_err(c, ai->modloc[i], "PRMT takes at most one mode (.F4E .B4E .RC8 .ECL .ECR .RC16), not '.%s'%s",
				ai->mods[i], "");
			return;
		}
		mode = 1 + k;
	}
	c->in->h = EMU_H_PRMT;
	c->in->sub = (uint8_t)mode;
	c->in->d = asm_dst_reg(c, &ai->ops[0], 1);
	c->in->s[0] = sel_src_int(c, 1);
	c->in->s[1] = sel_src_int(c, 2);
	c->in->s[2] = sel_src_int(c, 3);
}
