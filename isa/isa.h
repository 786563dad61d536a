/* The opcode table of each dialect, generated from isa/<dialect>.def. */
#ifndef SIMTEMU_ISA_H
#define SIMTEMU_ISA_H

#include <stdbool.h>

typedef enum {
	ISA_CLASS_INT, ISA_CLASS_FP32, ISA_CLASS_FP64, ISA_CLASS_SFU,
	ISA_CLASS_GLOBAL, ISA_CLASS_SHARED, ISA_CLASS_CONST, ISA_CLASS_LOCAL,
	ISA_CLASS_CONTROL, ISA_CLASS_SYNC, ISA_CLASS_PRED, ISA_CLASS_MISC,
	ISA_NCLASS
} isa_class;

typedef enum {
#define OP(name, cls, shape, mods, sel, meaning) ISA_##name,
#include "isa/sm20.def"
#undef OP
	ISA_NOPCODES
} isa_opcode;

typedef enum {
#define OP(name, cls, shape, mods, sel, meaning) ISA10_##name,
#include "isa/sm10.def"
#undef OP
	ISA10_NOPCODES
} isa10_opcode;

typedef struct {
	const char *name;
	isa_class cls;
	const char *shape;
	const char *mods;
	const char *meaning;
} isa_desc;

typedef enum {
	ISA_DIALECT_NONE,
#define GEN(id, name, table, targets, every, note) ISA_DIALECT_##id,
#include "isa/gens.def"
#undef GEN
	ISA_NDIALECTS
} isa_dialect;

/* Constant memory as the machine code addresses it: banks c[0x0]..c[0x11] of 64 KiB. */
#define ISA_NCBANKS 18
#define ISA_CBANK_BYTES 65536

/* Opcode table of a dialect (NULL if unsupported); n receives its length. */
const isa_desc *isa_table(isa_dialect d, int *n);
/* Dialect for "sm_20" etc.; ISA_DIALECT_NONE when not (yet) supported. */
isa_dialect isa_dialect_of(const char *target);
/* Opcode for a base mnemonic, or -1. */
int isa_lookup(isa_dialect d, const char *mnemonic);
/* True if mod is accepted by op (its own list, '.S' or a documented hint). */
bool isa_mod_ok(isa_dialect d, int op, const char *mod);
/* True if mod is a performance hint that has no semantic effect. */
bool isa_mod_is_hint(const char *mod);
const char *isa_class_name(isa_class c);
/* Print the table (simtemu isa). */
void isa_print(isa_dialect d, const char *target);

#endif
