/* The opcode table of each dialect, merged from isa/<table>.def and its parents into
   $(BUILD)/isa/<table>.tab by isa/merge.c. */
#ifndef SIMTEMU_ISA_H
#define SIMTEMU_ISA_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	ISA_CLASS_INT, ISA_CLASS_FP32, ISA_CLASS_FP64, ISA_CLASS_SFU,
	ISA_CLASS_GLOBAL, ISA_CLASS_SHARED, ISA_CLASS_CONST, ISA_CLASS_LOCAL,
	ISA_CLASS_CONTROL, ISA_CLASS_SYNC, ISA_CLASS_PRED, ISA_CLASS_MISC,
	ISA_NCLASS
} isa_class;

typedef enum {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) ISA_##name,
#include "isa/sm20.tab"
#undef OP
	ISA_NOPCODES
} isa_opcode;

typedef enum {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) ISA10_##name,
#include "isa/sm10.tab"
#undef OP
	ISA10_NOPCODES
} isa10_opcode;

/* What an immediate operand holds (the imm column). */
typedef enum {
	ISA_IMM_INT,      /* a 20-bit integer field */
	ISA_IMM_FLOAT,    /* a 20-bit float field: the top of an IEEE single */
	ISA_IMM_FLOATSRC, /* float fields in the source slots, an integer result (F2I) */
	ISA_IMM_INT32,    /* a full 32-bit integer */
	ISA_IMM_FLOAT32,  /* a full 32-bit float */
} isa_imm;

/* How the PTXPlus suffixes of a row are formed (the style column); each one is printed by
   convert/convert.c and read by front/ptxplus_read.c (Fermi) or front/ptxplus_tesla.c (T_). */
typedef enum {
	ISA_PS_PLAIN,   /* word[.s]tail */
	ISA_PS_SREG,    /* as PLAIN; reads only with a special-register source */
	ISA_PS_TOKEN,   /* word tail (no .s); the target printed as an address */
	ISA_PS_JUMP,    /* word tail (no .s); the target printed as a label */
	ISA_PS_FIXED,   /* word tail, the tail's parts read back as modifiers (bpt.drain) */
	ISA_PS_IADD,    /* word[.s][.x][.cc][.sat].<u32|s32> */
	ISA_PS_IMUL,    /* word[.s].<hi|lo>[.x][.cc].<u32|s32> */
	ISA_PS_SHIFT,   /* word[.s][.w]<tail|.u32|.s32> */
	ISA_PS_WORDMOD, /* the k-th spelling names the row's k-th modifier: and.b32, rsqrt.f32 */
	ISA_PS_SETP,    /* word[.s].cmp.bop[.bf][.ftz]<tail|.u32|.s32> */
	ISA_PS_ICMP,    /* word[.s].cmp<tail|.u32|.s32> */
	ISA_PS_PSETP,   /* word[.s].bop.bop tail */
	ISA_PS_MINMAX,  /* word[.s][.brev]<tail|.u32|.s32> */
	ISA_PS_CVT,     /* word[.s][.rnd][.ftz][.sat] then the type modifiers, or the tail */
	ISA_PS_FARITH,  /* word[.s][.rz|.rm|.rp][.ftz][.sat]tail; tail .f64 reads only .f64 */
	ISA_PS_CHOICE,  /* word[.s].<a|b>rest with tail "a|b.rest": modifier A, else B */
	ISA_PS_VIDEO,   /* word[.s][.acc|.min|.max][.mx][.sat].<u32|s32> */
	ISA_PS_FLO,     /* word[.s][.sh].<s32|u32> */
	ISA_PS_MEM,     /* word[.s][.e].width */
	ISA_PS_MEMU,    /* as MEM; the address always with its offset */
	ISA_PS_LDLDU,   /* word[.s][.e].width[.width]; reads with four operands or more */
	ISA_PS_LDC,     /* word[.s]tail[.doublereg] */
	ISA_PS_ATOM,    /* word[.s][.e].op.type */
	ISA_PS_BRA,     /* word[.uni][.s]tail */
	ISA_PS_BAR,     /* word.red.popc.u32 or word.sync */
	/* Tesla, GPGPU-Sim's spelling; rows sharing a spelling are told apart by the type
	   their style or tail names (f32, f64), .half for the tail .half, then by operand kinds:
	   a slot of the shape that takes only a, g, s, c or immediates wants that kind */
	ISA_PS_T_PLAIN,  /* word[.s]tail */
	ISA_PS_T_TOKEN,  /* as T_PLAIN; the target printed as an address */
	ISA_PS_T_MOV,    /* word[.s]tail<.u16|.u32>; .u16 / .s16 read back */
	ISA_PS_T_U16,    /* word[.s]tail<.u16|.u32> */
	ISA_PS_T_GPAIR,  /* word[.s]tail; the tail's type read back twice (G2R.U32.U32) */
	ISA_PS_T_CALL,   /* word[.s]tail; every modifier of the row read back */
	ISA_PS_T_WIDE,   /* word[.s]tail.wide.types, one of a repeated pair (mul.wide.u16 for .U16.U16) */
	ISA_PS_T_WIDEMAD, /* as T_WIDE; a single type stays single */
	ISA_PS_T_SIGNED, /* word[.s]<.s32|.u32> */
	ISA_PS_T_LOP,    /* the k-th spelling names the k-th modifier, PASS_B when none; the last
			    spelling (not.b32 d, a) is LOP.PASS_B d, d, ~a; then <.u16|.b32> */
	ISA_PS_T_SET,    /* word[.s].cmp<tail|.s32.s32|.u32.u32>, the comparison from the last operand */
	ISA_PS_T_CVT,    /* word[.s][.rz].types; abs.u32 d, a for I2I.U32.S32 d, |a| */
	ISA_PS_T_FARITH, /* word[.s]tail[.rz].f32 */
	ISA_PS_T_GMEM,   /* ld|st[.s].global.type; .v2.u32 on a register pair */
	ISA_PS_T_R2A,    /* word[.s]tail; the shift printed when the listing has none */
	ISA_PS_T_BAR,    /* word[.s]tail; no operands but the barrier's 0x00000000 */
	ISA_NPSTYLES
} isa_pstyle;

/* The variant a row asks of its selector: the operation of a family (ADD, MUL, FMA), the
   memory space, the token or the way out of the warp; NONE where the row's selector has
   one form. Selectors read it instead of comparing opcodes. */
typedef enum {
	ISA_V_NONE, ISA_V_SUB, ISA_V_MAD, ISA_V_LEFT, ISA_V_RIGHT, ISA_V_MIN, ISA_V_SEL, ISA_V_FMIN,
	ISA_V_I2F, ISA_V_F2I, ISA_V_F2F, ISA_V_I2I, ISA_V_ADD, ISA_V_MUL, ISA_V_FMA, ISA_V_EXTRACT,
	ISA_V_INSERT, ISA_V_BPT, ISA_V_GLOBAL, ISA_V_SHARED, ISA_V_LOCAL, ISA_V_CONST, ISA_V_RED,
	ISA_V_SSY, ISA_V_PBK, ISA_V_PCNT, ISA_V_PRET, ISA_V_BRK, ISA_V_CONT, ISA_V_RET, ISA_V_EXIT,
	ISA_V_SYNC, ISA_V_RRO, ISA_V_A2R, ISA_V_R2A, ISA_V_ADA, ISA_V_MAX, ISA_V_FMAX, ISA_V_FSET,
	ISA_V_RCP, ISA_V_RSQ, ISA_V_LG2, ISA_V_EX2, ISA_V_SIN, ISA_V_COS, ISA_V_BRA, ISA_V_CAL, ISA_V_JCAL,
	ISA_V_LOCK, ISA_V_UNLOCK,
	ISA_V_ABSDIFF, ISA_V_VSET, ISA_V_STORE_UNLOCK,
} isa_var;

typedef struct {
	const char *name;
	isa_class cls;
	const char *shape;
	const char *mods;
	const char *meaning;
	isa_imm imm;
	const char *ptx;   /* PTXPlus spellings, '|' between them */
	isa_pstyle style;
	const char *tail;
	isa_var var;       /* which variant of its selector the row is (ISA_V_*) */
} isa_desc;

typedef enum {
	ISA_DIALECT_NONE,
#define GEN(id, name, table, targets, ptx, every, note) ISA_DIALECT_##id,
#include "isa/gens.def"
#undef GEN
	ISA_NDIALECTS
} isa_dialect;

/* Constant memory as the machine code addresses it: banks c[0x0]..c[0x11] of 64 KiB. */
#define ISA_NCBANKS 18
#define ISA_CBANK_BYTES 65536

/* The PTXPlus flavour of a dialect's listings (isa/gens.def). */
typedef enum { ISA_PTX_NONE, ISA_PTX_TESLA, ISA_PTX_FERMI } isa_ptx;
isa_ptx isa_ptx_flavour(isa_dialect d);
/* Every target this build runs, each after a space (" sm_10 sm_11 ..."). */
const char *isa_all_targets(void);

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
/* Whether an immediate in operand 'slot' of op is a float field (printed as the full IEEE
   single, read back as the listing's 20-bit field), and whether op takes 32 bits. */
bool isa_slot_is_float(isa_dialect d, int op, int slot);
bool isa_imm32(isa_dialect d, int op);
/* A branch: a control opcode with a target slot (its immediate is an address). */
bool isa_is_branch(isa_dialect d, int op);
/* A control opcode guarded by a condition test (Tesla's q kind). */
bool isa_is_cond_control(isa_dialect d, int op);
/* The k-th '|'-separated spelling of op into buf; false if there is none. */
bool isa_ptx_word(isa_dialect d, int op, int k, char *buf, size_t n);
/* Which spelling of op a PTXPlus mnemonic (split at its dots into parts) is: its index,
   or -1. A spelling's dotted qualifiers (ld.global) are looked for among the parts; *quals
   receives how many were there; strict: all must be. */
int isa_ptx_match(isa_dialect d, int op, const char *const *parts, int nparts, bool strict, int *quals);
/* The k-th word of op's modifier list into buf; false if there is none. */
bool isa_mod_word(isa_dialect d, int op, int k, char *buf, size_t n);
/* Print the table (simtemu isa). */
void isa_print(isa_dialect d, const char *target);

#endif
