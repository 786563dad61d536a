/* The decoded program: flat arrays of pre-resolved instructions, one per function. */
#ifndef SIMTEMU_PROGRAM_H
#define SIMTEMU_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/isa.h"

typedef enum {
#define H(n, fam, how) EMU_H_##n,
#define HS(n, fam) EMU_H_##n,
#define HB(n, fam) EMU_H_##n,
#include "emu/handlers.def"
#undef H
#undef HS
#undef HB
	EMU_NHANDLERS
} emu_handler;

typedef enum { SRC_REG, SRC_IMM, SRC_CONST, SRC_SHARED } emu_src_kind;

/* A source operand; value = ((raw & and) ^ xor) + add, then |x| for integer abs. 32 bytes
   (a program holds four per instruction). */
typedef struct {
	uint8_t kind;
	uint8_t iabs;     /* integer absolute value (I2I) */
	uint8_t bank;     /* SRC_CONST; SRC_SHARED: access bytes */
	uint8_t shr;      /* Tesla RnH: the raw value is shifted right first */
	uint8_t sx;       /* sign-extend from this many bits after the mask (16-bit sources) */
	bool neg : 1, inv : 1; /* as written (for handlers that apply them themselves) */
	bool plain : 1;   /* set at launch: a register read as it is (no mask, shift or sign) */
	bool rawreg : 1;  /* set at launch: a register whose raw value (vraw: before '-', '~' and
			     |x|) is the register as it is */
	uint16_t reg;     /* SRC_REG; also the index register of LDC / BRX c[][Rn]; SRC_SHARED: the
			     address-register row (EMU_NO_REG: none) */
	uint32_t imm;     /* SRC_IMM value, SRC_CONST / SRC_SHARED byte offset */
	uint32_t and_, xor_, add;
	const uint32_t *vec; /* set at launch for immediates and constants: the value in every lane */
} emu_src;

/* Special registers readable by S2R. */
typedef enum {
	SR_TID_X, SR_TID_Y, SR_TID_Z, SR_CTAID_X, SR_CTAID_Y, SR_CTAID_Z,
	SR_NTID_X, SR_NTID_Y, SR_NTID_Z, SR_NCTAID_X, SR_NCTAID_Y, SR_NCTAID_Z,
	SR_LANEID, SR_WARPID, SR_CLOCKLO, SR_CLOCKHI, SR_ZERO, SR_LANEMASK_EQ,
	SR_LANEMASK_LT, SR_LANEMASK_LE, SR_LANEMASK_GT, SR_LANEMASK_GE,
	SR_SWINHI,         /* sm_70+: the high word of a generic shared address */
} emu_sreg;

/* One decoded instruction, 208 bytes: the fields a handler reads first, the operands, then
   what only listings, diagnostics and statistics by mnemonic read. */
typedef struct {
	uint8_t h;         /* emu_handler */
	uint8_t guard;     /* predicate 0..6, 7 = PT */
	uint8_t guard_neg;
	uint8_t sflag;     /* the .S flag */
	uint8_t cc_out;    /* writes the condition code */
	uint8_t x_in;      /* reads the carry (.X) */
	/* Three handler-specific bytes fixed at assembly, each under the names of what it
	   holds for the handlers that use it (sub, sub2, sub3 where no name fits better). */
	union {
		uint8_t sub;
		uint8_t fn;    /* the function a body computes: EMU_LOP_*, EMU_D_*, an atomic's */
		uint8_t cmp;   /* a comparison, EMU_CMP_* (ISETP, FSETP, DSETP, SEL on a compare) */
		uint8_t rnd;   /* rounding, EMU_RND_* (FADD/FMUL/FFMA, FRND) */
		uint8_t lut;   /* LOP3's truth table; PLOP3's first */
		uint8_t sreg;  /* S2R's special register, emu_sreg */
		uint8_t bn;    /* the convergence barrier Bn (BSSY, BSYNC, BREAK, BMOV) */
		uint8_t dbits; /* a conversion's destination width */
	};
	union {
		uint8_t sub2;
		uint8_t bop;   /* the boolean combine with the predicate operand, EMU_BOP_* */
		uint8_t sat;   /* .SAT */
		uint8_t wrap;  /* .W: shift amounts modulo the width */
		uint8_t clear; /* BMOV .CLEAR */
		uint8_t lut2;  /* PLOP3's second truth table */
		uint8_t sbits; /* a conversion's source width */
		uint8_t atype; /* an atomic's type, EMU_AT_* */
		uint8_t rnd2;  /* rounding, where sub holds the operation (doubles) */
	};
	union {
		uint8_t sub3;
		uint8_t ftz;   /* .FTZ: denormal operands and results flushed to zero */
		uint8_t space; /* a load's or store's space, EMU_SP_* */
		uint8_t hi;    /* .HI: the high word (IMUL, SHF) */
		uint8_t cvt_rnd; /* a conversion's rounding, EMU_RND_* */
		uint8_t bsrc;  /* BMOV Bd, Bs: the source barrier */
		uint8_t aflags; /* an atomic's EMU_ATOM_F_* */
	};
	uint8_t width;     /* memory access bytes 1..16, conversion widths */
	uint8_t sign;      /* signed load / signed compare / signed type */
	uint8_t wide;      /* .E: 64-bit address in a register pair */
	uint8_t nsrc;
	uint8_t steps;     /* EMU_STEP_*: the generation's steps around this instruction (0: none,
			      the fast path); their data is the function's ext record of it */
	uint16_t op;       /* isa opcode: statistics key */
	uint16_t d, d2;    /* destination registers or predicates */
	uint16_t areg;     /* address register (RZ: none) */
	uint16_t xreg;     /* a second address register added to it ([Rn+URm]; EMU_NO_REG: none);
			      alone with .wide, the 64-bit base ([URm] pair) */
	int32_t off;       /* address offset */
	uint8_t ascale;    /* areg is shifted left this much first ([Rn.X4]: 2) */
	uint8_t width2;    /* LD_LDU: the second load's width, address register and offset */
	uint16_t areg2;
	int32_t off2;
	uint32_t target;   /* instruction index of a branch or token target */
	emu_src s[4];
	uint32_t addr;     /* byte address in the function */
	int line, col;
	bool has_enc;
	uint8_t azext;     /* [Rn.U32] in a 64-bit address: areg is one register, zero-extended */
	uint8_t run;       /* set at launch: this and the run - 1 instructions after it issue as
			      one straight run (emu/loop.h: no control flow, no steps, no trap),
			      0 where this one is not such an instruction; at most 255 */
	char *text;        /* as written */
	char *mnem;        /* mnemonic with modifiers: statistics key for --by mnemonic */
	uint64_t enc;
} emu_insn;

typedef struct {
	char *name;
	emu_insn *insns;
	int n;
	int nregs;         /* registers R0..nregs-1 are referenced */
	char **labels;     /* label names by instruction index (NULL where none) */
	void *ext;         /* the generation's per-instruction records (its steps' data), or NULL */
} emu_func;

/* The generation steps an instruction may carry (emu_insn.steps), run by the interpreter
   through the program's emu_rt; each is chosen at assembly time. */
enum {
	EMU_STEP_FETCH = 1,  /* before issue (Tesla's join flag): may switch the warp instead */
	EMU_STEP_GUARD = 2,  /* the guard is the generation's (Tesla's condition registers) */
	EMU_STEP_PRE = 4,    /* before the operation (operands loaded from memory, a carry-in) */
	EMU_STEP_POST = 8,   /* after it (write-back to a half or to memory, flags, the end flag) */
	EMU_STEP_UNIFORM = 16, /* sm_70+ uniform datapath: the result goes to every lane (one value
				  per warp), computed once for the issuing group */
};

typedef struct emu_ctx emu_ctx;
typedef struct emu_warp emu_warp;
typedef struct emu_cta emu_cta;
typedef struct simt_token simt_token;

/* A fault found by a generation step: the trap names this lane and says msg. */
typedef struct {
	int lane;
	char msg[160];
} emu_fault;

/* What the runtime takes from a generation (gen/<name>.c fills one; SPEC section 4). */
/* The control-flow model a generation runs under (emu/cf.h). */
typedef enum { EMU_CF_TOKENS, EMU_CF_BARRIERS } emu_cf_model;

/* What a launch writes into a constant bank (SPEC section 4): each row of a generation's
   launch ABI (emu_rt.abi) puts one of these at c[bank][off]. */
typedef enum {
	EMU_ABI_NTID,          /* ntid.x, .y, .z: three words */
	EMU_ABI_NCTAID,        /* nctaid.x, .y, .z: three words */
	EMU_ABI_SHARED_WINDOW, /* the shared window's 32-bit base */
	EMU_ABI_SHARED_BASE64, /* the generic shared base as a 64-bit word (its high word) */
	EMU_ABI_LOCAL_WINDOW,  /* the local window's 32-bit base */
	EMU_ABI_LOCAL_BASE64,  /* the generic local base as a 64-bit word */
	EMU_ABI_LOCAL_BYTES,   /* the stack pointer: the top of each thread's local window */
	EMU_ABI_CLUSTER1,      /* sm_90's cluster words from here: a launch of one-CTA clusters (gen/volta.c) */
} emu_abi_what;

typedef struct {
	uint8_t bank;
	uint16_t off;
	uint8_t what;          /* emu_abi_what */
} emu_abi_word;

typedef struct emu_rt {
	emu_cf_model model;      /* the token stack (SPEC 6) or convergence barriers (6.2) */
	/* constant-bank ABI of a launch: geometry, stack pointer, windows */
	const emu_abi_word *abi;
	int nabi;
	uint32_t param_offset;   /* .param values go to c[0x0] from here */
	int literal_bank;        /* a PTXPlus constant table fills this bank */
	bool ends_at_end;        /* a thread may end by running past the last instruction (Tesla's
				    listings have no EXIT at the end): run does not warn of it */
	/* per CTA after the warps are set up (NULL: nothing); false: cannot launch (x->trap) */
	bool (*cta_init)(emu_ctx *x, emu_cta *c);
	/* the steps of emu_insn.steps; pc is the instruction's index */
	int (*fetch)(emu_warp *w, uint32_t pc, simt_token *popped); /* EMU_FETCH_* bits */
	uint32_t (*guard)(const emu_ctx *x, const emu_warp *w, uint32_t pc);
	int (*pre)(const emu_ctx *x, emu_warp *w, uint32_t pc, uint32_t G, emu_fault *f);
	int (*post)(const emu_ctx *x, emu_warp *w, uint32_t pc, uint32_t A, uint32_t G, emu_fault *f);
	/* the debugger: a register of this generation by name ("C0", "A1"): lane's value as
	   text in buf (fmt x, d or f), or NULL when the name is not one */
	const char *(*reg_text)(const emu_warp *w, const char *name, int lane, char fmt, char *buf, size_t n);
} emu_rt;

enum { EMU_FETCH_POPPED = 1, /* *popped was taken off the stack */
       EMU_FETCH_AGAIN = 2   /* the warp switched: fetch again without issuing */ };

typedef struct {
	char *file;
	char *target;      /* "sm_20" */
	isa_dialect dialect; /* its opcode table */
	const emu_rt *rt;  /* its generation's runtime part */
	int ctrl_bytes;    /* a control word leads every group of this many bytes (0: none):
			      a jump to one resumes after it */
	emu_func *funcs;
	int nfuncs;
	int zero_reg;      /* register index used for RZ writes (a sink) */
	struct arena *strings; /* where every emu_insn's text and mnem live (freed at once) */
} emu_program;

/* Assemble SASS text. Errors (located, with caret) go to diag; returns NULL on any. */
emu_program *emu_assemble(const char *file, const char *src, const char *target_override,
			  const char *default_name, FILE *diag);
/* The same with a target_override that a .target directive gave at target_at
   ("FILE:LINE:COL"): the messages about it name that line, not --target. */
emu_program *emu_assemble_at(const char *file, const char *src, const char *target_override, const char *target_at,
			     const char *default_name, FILE *diag);
void emu_program_free(emu_program *p);
int emu_find_func(const emu_program *p, const char *name);
/* List the decoded program (simtemu asm). */
void emu_program_list(const emu_program *p, FILE *out);

#endif
