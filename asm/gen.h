/* The generation interface: what one GPU generation gives the assembler and the runtime
   (gen/<name>.c implements it) and the registry that lists them (gen/registry.c, one row
   per generation in isa/gens.def). Shared code never asks which generation it runs. */
#ifndef SIMTEMU_ASM_GEN_H
#define SIMTEMU_ASM_GEN_H

#include "asm/asm_int.h"

struct gen_desc {
	const char *name;      /* "fermi" */
	isa_dialect dialect;   /* its opcode table (isa/<table>.def) */
	int max_reg;           /* highest general register Rn */
	int ctrl_bytes;        /* a control word leads every group of this many bytes (0: none) */
	int insn_bytes;        /* bytes per instruction (0: 8; 16 from sm_70 on) */
	bool imm32;            /* every immediate is a full 32-bit value (sm_70 on) */
	bool imm_values;       /* immediates are printed as values (CUDA >= 5 layouts only):
				  an integer in a float slot is that number, not a raw 20-bit field */
	/* per function, before its instructions (NULL: nothing); e.g. allocate c->ef->ext */
	void (*begin)(asm_ctx *c);
	/* one instruction: its table's selector column (selectors[op] picks the handler and
	   decodes the operands), then after (NULL: nothing), what the generation adds to every
	   instruction (its steps, a guard of its own) */
	const asm_selector *selectors;
	void (*after)(asm_ctx *c);
	/* per function, after its instructions (NULL: nothing) */
	void (*finish)(asm_ctx *c);
	const emu_rt *rt;      /* its runtime part: launch ABI, steps, debugger registers */
};

/* Assemble with the generations gen_of gives (gen/registry.c's emu_assemble passes its
   registry: the assembler names no generation, so it links below them);
   target_at: where target_override comes from, "FILE:LINE:COL" of a .target directive,
   or NULL for --target (the messages name it). */
typedef const gen_desc *(*gen_lookup_fn)(isa_dialect d);
emu_program *asm_assemble(const char *file, const char *src, const char *target_override, const char *target_at,
			  const char *default_name, FILE *diag, gen_lookup_fn gen_of);

/* The generation of a target ("sm_20"), or NULL when this build does not run it. */
const gen_desc *gen_for_target(const char *target);
/* The generation of a dialect (never NULL for a dialect of isa/gens.def). */
const gen_desc *gen_for_dialect(isa_dialect d);

#endif
