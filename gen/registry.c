/* The registry: every generation of isa/gens.def, by dialect and by target, and the
   assembler's entry point with it. */
#include <string.h>

#include "asm/gen.h"

#define GEN(id, name, table, targets, ptx, every, note) extern const gen_desc gen_##name;
#include "isa/gens.def"
#undef GEN

static const gen_desc *const gens[] = {
	[ISA_DIALECT_NONE] = NULL,
#define GEN(id, name, table, targets, ptx, every, note) [ISA_DIALECT_##id] = &gen_##name,
#include "isa/gens.def"
#undef GEN
};

const gen_desc *gen_for_dialect(isa_dialect d)
{
	return d > ISA_DIALECT_NONE && (size_t)d < sizeof gens / sizeof gens[0] ? gens[d] : NULL;
}

const gen_desc *gen_for_target(const char *target)
{
	return gen_for_dialect(isa_dialect_of(target));
}

emu_program *emu_assemble(const char *file, const char *src, const char *target_override,
			  const char *default_name, FILE *diag)
{
	return asm_assemble(file, src, target_override, NULL, default_name, diag, gen_for_dialect);
}

emu_program *emu_assemble_at(const char *file, const char *src, const char *target_override, const char *target_at,
			     const char *default_name, FILE *diag)
{
	return asm_assemble(file, src, target_override, target_at, default_name, diag, gen_for_dialect);
}
