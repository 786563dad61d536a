/* Variants: after selection, each instruction's handler becomes the one body that its
   modifiers call for (emu/handlers.def), so the interpreter never tests them again. */
#include "asm/asm_int.h"
#include "emu/semantics.h"

void asm_variant(emu_insn *in)
{
	switch ((emu_handler)in->h) {
	case EMU_H_IADD:
		if (in->cc_out || in->x_in || in->sub) /* carry in or out, or .SAT */
			in->h = EMU_H_IADD_CC;
		break;
	case EMU_H_LOP:
		if (in->sub3) { /* a predicate result too (Maxwell's .NZ / .Z) */
			in->h = EMU_H_LOP_P;
			break;
		}
		in->h = in->fn == EMU_LOP_AND ? EMU_H_LOP_AND : in->fn == EMU_LOP_OR ? EMU_H_LOP_OR :
			in->fn == EMU_LOP_XOR ? EMU_H_LOP_XOR : EMU_H_LOP_PASSB;
		break;
	case EMU_H_IMUL:
	case EMU_H_IMAD:
		/* a '-' on a register or constant factor negates the product (emu/ops_int.h
		   h_imul), not the factor: the handler reads the factor with the '-' taken back
		   out and the flag left set. An immediate's '-' is its sign (cuobjdump prints a
		   sign-extended field as -0x2), already in its value. */
		for (int k = 0; k < 2; k++) {
			emu_src *s = &in->s[k];
			if (s->kind == SRC_IMM) {
				s->neg = s->inv = false;
			} else if (s->neg) {
				s->xor_ ^= 0xffffffffu;
				s->add = 0;
			}
		}
		break;
	case EMU_H_ISCADD:
		if (in->cc_out)
			in->h = EMU_H_ISCADD_CC;
		break;
	case EMU_H_ISETP:
		if (in->x_in) /* .X: continues a compare through the condition code */
			in->h = EMU_H_ISETP_X;
		break;
	case EMU_H_ISET:
		if (in->x_in) /* .X, as ISETP.X */
			in->h = EMU_H_ISET_X;
		else if (in->wide) /* Tesla's FSET: a float comparison */
			in->h = EMU_H_FSET_T;
		break;
	case EMU_H_FADD:
	case EMU_H_FMUL:
	case EMU_H_FFMA: {
		/* round to nearest with no saturation or flushing is the fast body */
		bool exact = in->rnd != EMU_RND_RN || in->sub2 || in->sub3;
		if (in->h == EMU_H_FFMA && (in->sub & EMU_RND_INT))
			in->h = EMU_H_FMAD_T;
		else if (exact)
			in->h = in->h == EMU_H_FADD ? EMU_H_FADD_X : in->h == EMU_H_FMUL ? EMU_H_FMUL_X : EMU_H_FFMA_X;
		break;
	}
	default:
		break;
	}
}
