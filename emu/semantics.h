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

/* Generic windows (emu_gmem.swin, .lwin; emu_ctx_init picks them from the generation's
   ABI). Where the ABI gives 32-bit bases (Fermi to Pascal), LD/ST addresses in this window
   reach shared memory (its base is at c[0x0][0x0]); buffers cannot sit in it. */
#define EMU_SHARED_WINDOW 0xff000000u
#define EMU_SHARED_WINDOW_SIZE 0x01000000u
/* ... and the thread's local memory in this one (Kepler's c[0x0][0x24], Maxwell's
   c[0x0][0x4] hold its base: the stack pointer OR'ed with it is a generic pointer). */
#define EMU_LOCAL_WINDOW 0xfe000000u
#define EMU_LOCAL_WINDOW_SIZE 0x01000000u

/* Where the ABI gives 64-bit bases (sm_70+: c[0x0][0x18] and c[0x0][0x20]), the windows
   are 4 GiB each at 2^56, far above any address a buffer is given in practice, so a
   buffer may sit anywhere below (0xff000000 included). SR_SWINHI is the shared window's
   high word: {SR_SWINHI : offset} reaches shared memory. */
#define EMU_SHARED_WINDOW64 0x0100000000000000ull
#define EMU_LOCAL_WINDOW64 0x0100000100000000ull
#define EMU_WINDOW64_SIZE 0x100000000ull

#define EMU_NBANKS ISA_NCBANKS
#define EMU_BANK_BYTES ISA_CBANK_BYTES

/* Comparison: bit 0 less, bit 1 equal, bit 2 greater, bit 3 unordered (floats). */
enum { EMU_CMP_LT = 1, EMU_CMP_EQ = 2, EMU_CMP_GT = 4, EMU_CMP_UN = 8 };
enum { EMU_BOP_AND, EMU_BOP_OR, EMU_BOP_XOR };
/* SYNCS.ARRIVE (emu/ops_sync.h): the arrivals (sub2), the transaction count and .OPTOUT (sub3) */
enum { SYNCS_ARR_ONE, SYNCS_ARR_REG, SYNCS_ARR_NONE };
enum { SYNCS_TX_NONE, SYNCS_TX_EXPECT, SYNCS_TX_COMPLETE, SYNCS_DROP = 4 };
enum { EMU_LOP_AND, EMU_LOP_OR, EMU_LOP_XOR, EMU_LOP_PASS_B };
enum { EMU_RND_RN, EMU_RND_RZ, EMU_RND_RM, EMU_RND_RP, EMU_RND_INT = 0x10 };
/* Secondary operation of the video instructions VADD / VMNMX. */
enum { EMU_VSEC_NONE, EMU_VSEC_ACC, EMU_VSEC_MIN, EMU_VSEC_MAX };
/* The general video handler (VIDEO): its operation (emu_insn.sub bits 0-2) with, in bits
   3-5, VSET's comparison, VSHL/VSHR's direction and mode or VMAD's scale and .PO; its flags
   (sub3): a, b extend from 32 bits as signed, saturate, VMAD's negated product and c. */
enum { EMU_VOP_ADD, EMU_VOP_SUB, EMU_VOP_ABSDIFF, EMU_VOP_MIN, EMU_VOP_MAX, EMU_VOP_SET,
       EMU_VOP_SHIFT, EMU_VOP_MAD };
enum { EMU_VID_ASX = 1, EMU_VID_BSX = 2, EMU_VID_SAT = 4, EMU_VID_NEGP = 8, EMU_VID_NEGC = 16 };
/* EMU_VOP_SHIFT's bits 3-4: right (VSHR), clamp the count to 32 (else .W: count mod 32);
   EMU_VOP_MAD's bits 3-4 the scale (.SHR_7, .SHR_15), bit 5 .PO */
enum { EMU_VSH_RIGHT = 8, EMU_VSH_CLAMP = 16 };
enum { EMU_VMAD_SHR7 = 8, EMU_VMAD_SHR15 = 16, EMU_VMAD_PO = 32 };
/* A video destination's data merge (emu_insn.sub2 bits 2-4, above the secondary
   operation): none, byte 0-3 (1-4), half 0 or 1 (5, 6) */
enum { EMU_VMRG_NONE, EMU_VMRG_B0, EMU_VMRG_B1, EMU_VMRG_B2, EMU_VMRG_B3, EMU_VMRG_H0, EMU_VMRG_H1 };
#define EMU_VMRG_SHIFT 2
enum { EMU_D_ADD, EMU_D_MUL, EMU_D_FMA, EMU_D_MNMX };
enum { EMU_ATOM_ADD, EMU_ATOM_MIN, EMU_ATOM_MAX, EMU_ATOM_INC, EMU_ATOM_DEC, EMU_ATOM_AND,
       EMU_ATOM_OR, EMU_ATOM_XOR, EMU_ATOM_EXCH, EMU_ATOM_CAS };
/* ATOM's flags (emu_insn.sub3): no result (RED), shared memory (ATOMS) */
enum { EMU_ATOM_F_RED = 1, EMU_ATOM_F_SHARED = 2 };
enum { EMU_SHFL_IDX, EMU_SHFL_UP, EMU_SHFL_DOWN, EMU_SHFL_BFLY };
enum { EMU_AT_U32, EMU_AT_S32, EMU_AT_U64, EMU_AT_S64, EMU_AT_F32, EMU_AT_F16X2, EMU_AT_BF16X2, EMU_AT_F64 };
/* Memory spaces of loads and stores (the handler's space is fixed at assembly). */
enum { EMU_SP_GLOBAL, EMU_SP_SHARED, EMU_SP_LOCAL, EMU_SP_CONST };
enum { EMU_MUFU_RCP, EMU_MUFU_EX2, EMU_MUFU_LG2, EMU_MUFU_SIN, EMU_MUFU_COS, EMU_MUFU_RSQ,
       EMU_MUFU_SQRT, EMU_MUFU_RCP64H, EMU_MUFU_RSQ64H };

/* Volta: a carry-in predicate as a code byte (emu/ops.h pcode_mask): 0 none */
enum { EMU_PC_ROW = 0x0f, EMU_PC_INV = 0x20, EMU_PC_ON = 0x40 };
enum { EMU_PRMT_DEFAULT, EMU_PRMT_F4E, EMU_PRMT_B4E, EMU_PRMT_RC8, EMU_PRMT_ECL, EMU_PRMT_ECR,
       EMU_PRMT_RC16 };
enum { EMU_REDUX_SUM, EMU_REDUX_MIN, EMU_REDUX_MAX, EMU_REDUX_AND, EMU_REDUX_OR, EMU_REDUX_XOR };

/* XMAD's flags (emu_insn.sub): halves of a and b, product shifted left 16, merge, the
   addend plus b << 16, the addend's high or low half. */
enum { EMU_XMAD_AH = 1, EMU_XMAD_BH = 2, EMU_XMAD_PSL = 4, EMU_XMAD_MRG = 8, EMU_XMAD_CBCC = 16,
       EMU_XMAD_CHI = 32, EMU_XMAD_CLO = 64 };

#endif
