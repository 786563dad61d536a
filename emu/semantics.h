/* Encodings shared by the assembler (which selects them) and the interpreter (which runs them). */
#ifndef SIMTEMU_SEMANTICS_H
#define SIMTEMU_SEMANTICS_H

#include "isa/isa.h"

#define EMU_RZ_SINK 0xfffe  /* replaced by the function's sink row after assembly */
#define EMU_NO_REG 0xffff   /* no address register / store of RZ */
#define EMU_PT_SINK 8       /* predicate writes to pt vanish here */
#define EMU_PT 7            /* reads as all lanes true */
#define EMU_UP0 9           /* sm_70+ uniform predicates UP0-UP6 (UPT reads as PT) */
#define EMU_NPREDS 16
#define EMU_SINK_ROWS 4     /* RZ sink rows (a 128-bit write to RZ stays inside) */

/* Fermi's generic address space: LD/ST addresses in this window reach shared memory
   (its base is at c[0x0][0x0]); global buffers are placed below it. */
#define EMU_SHARED_WINDOW 0xff000000u
#define EMU_SHARED_WINDOW_SIZE 0x01000000u
/* ... and the thread's local memory in this one (Kepler's c[0x0][0x24], Maxwell's
   c[0x0][0x4] hold its base: the stack pointer OR'ed with it is a generic pointer). */
#define EMU_LOCAL_WINDOW 0xfe000000u
#define EMU_LOCAL_WINDOW_SIZE 0x01000000u

#define EMU_NBANKS ISA_NCBANKS
#define EMU_BANK_BYTES ISA_CBANK_BYTES

/* Comparison: bit 0 less, bit 1 equal, bit 2 greater, bit 3 unordered (floats). */
enum { EMU_CMP_LT = 1, EMU_CMP_EQ = 2, EMU_CMP_GT = 4, EMU_CMP_UN = 8 };
enum { EMU_BOP_AND, EMU_BOP_OR, EMU_BOP_XOR };
enum { EMU_LOP_AND, EMU_LOP_OR, EMU_LOP_XOR, EMU_LOP_PASS_B };
enum { EMU_RND_RN, EMU_RND_RZ, EMU_RND_RM, EMU_RND_RP, EMU_RND_INT = 0x10 };
/* Secondary operation of the video instructions VADD / VMNMX. */
enum { EMU_VSEC_NONE, EMU_VSEC_ACC, EMU_VSEC_MIN, EMU_VSEC_MAX };
/* The general video handler (VIDEO): its operation (emu_insn.sub, with VSET's comparison
   in bits 3-5) and flags (sub3): a, b extend from 32 bits as signed, saturate. */
enum { EMU_VOP_ADD, EMU_VOP_SUB, EMU_VOP_ABSDIFF, EMU_VOP_MIN, EMU_VOP_MAX, EMU_VOP_SET };
enum { EMU_VID_ASX = 1, EMU_VID_BSX = 2, EMU_VID_SAT = 4 };
enum { EMU_D_ADD, EMU_D_MUL, EMU_D_FMA, EMU_D_MNMX };
enum { EMU_ATOM_ADD, EMU_ATOM_MIN, EMU_ATOM_MAX, EMU_ATOM_INC, EMU_ATOM_DEC, EMU_ATOM_AND,
       EMU_ATOM_OR, EMU_ATOM_XOR, EMU_ATOM_EXCH, EMU_ATOM_CAS };
/* ATOM's flags (emu_insn.sub3): no result (RED), shared memory (ATOMS) */
enum { EMU_ATOM_F_RED = 1, EMU_ATOM_F_SHARED = 2 };
enum { EMU_SHFL_IDX, EMU_SHFL_UP, EMU_SHFL_DOWN, EMU_SHFL_BFLY };
enum { EMU_AT_U32, EMU_AT_S32, EMU_AT_U64, EMU_AT_S64, EMU_AT_F32 };
/* Memory spaces of loads and stores (the handler's space is fixed at assembly). */
enum { EMU_SP_GLOBAL, EMU_SP_SHARED, EMU_SP_LOCAL, EMU_SP_CONST };
enum { EMU_MUFU_RCP, EMU_MUFU_EX2, EMU_MUFU_LG2, EMU_MUFU_SIN, EMU_MUFU_COS, EMU_MUFU_RSQ,
       EMU_MUFU_SQRT, EMU_MUFU_RCP64H, EMU_MUFU_RSQ64H };

/* XMAD's flags (emu_insn.sub): halves of a and b, product shifted left 16, merge, the
   addend plus b << 16, the addend's high or low half. */
enum { EMU_XMAD_AH = 1, EMU_XMAD_BH = 2, EMU_XMAD_PSL = 4, EMU_XMAD_MRG = 8, EMU_XMAD_CBCC = 16,
       EMU_XMAD_CHI = 32, EMU_XMAD_CLO = 64 };

#endif
