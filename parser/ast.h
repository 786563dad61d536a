/* What the SASS grammar produces: a listing of functions of parsed statements. */
#ifndef SIMTEMU_AST_H
#define SIMTEMU_AST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
	int line, col;
} ast_loc;

typedef enum {
	OPND_REG,    /* Rn, RZ (reg = AST_RZ) */
	OPND_PRED,   /* Pn, pt (reg = AST_PT) */
	OPND_IMM,    /* integer immediate: ival */
	OPND_FIMM,   /* float literal: fval */
	OPND_CBANK,  /* c[bank][reg + ival] (reg = -1 without register) */
	OPND_MEM,    /* [reg + ureg + ival] (reg = -1 without register) */
	OPND_SREG,   /* SR_xxx: name */
	OPND_LABEL,  /* identifier: name */
	OPND_CCTEST, /* CC.T etc.: name */
	OPND_AREG,   /* Tesla address register An: reg */
	OPND_SMEM,   /* Tesla shared g [An + ival] (reg = -1 without An), ival in access units */
	OPND_CCREG,  /* Tesla condition test Cn.COND as an operand: reg, bank = condition code */
} ast_opnd_kind;

#define AST_RZ 255
#define AST_MAXBANK 0x7fff
#define AST_PT 7

/* An operand, 40 bytes (a million-instruction listing holds about three million). */
typedef struct {
	ast_loc loc;
	union {
		int64_t ival;     /* OPND_IMM, and the offset of OPND_CBANK, OPND_MEM, OPND_SMEM */
		double fval;      /* OPND_FIMM */
	};
	char *name;
	int reg;
	int16_t bank;       /* a bank number over AST_MAXBANK is AST_MAXBANK (out of range) */
	int16_t ureg;
	uint8_t kind;       /* ast_opnd_kind */
	uint8_t scale;      /* [Rn.X4 ...]: the register shifted left this much */
	uint8_t half;       /* Tesla RnL (1) / RnH (2) */
	uint8_t bsel;       /* a video source's byte R0.B0-.B3: 1 + the byte (0: none) */
	uint8_t width;      /* Tesla g [..].U16 etc.: access bytes (0: the instruction's) */
	bool neg : 1, abs : 1, inv : 1; /* -x, |x|, ~x or !p */
	bool cc : 1;        /* R4.CC: the instruction writes the condition code */
	bool reuse : 1;
	bool uniform : 1;   /* URn (sm_70+): reg is n until the generation places the row */
	bool rel : 1;       /* Rn -0x130: a register with an offset (relative BRX) */
	bool wide64 : 1;    /* [Rn.64 ...]: a 64-bit address in a register pair */
	bool has_ureg : 1;  /* [Rn + URm ...] / [URm ...]: ureg is m (sm_70+) */
	bool wsigned : 1;   /* .S16 / .S8 on such an operand */
	bool zext32 : 1;    /* [Rn.U32 ...]: one register, zero-extended in a 64-bit address */
	bool areg : 1;      /* OPND_CBANK c [b] [An+k] (Tesla): reg is the address register n */
	bool big : 1;       /* OPND_IMM of 2^63 or more: ival holds its 64 bits (only a 64-bit
			       immediate takes it: MOV.64, sm_120) */
} ast_opnd;

#define AST_MAXMODS 12
#define AST_MAXSYMS 32
#define AST_MAXOPS 8

/* One instruction. Added to a function (ast_add_insn), its operands and modifiers sit in
   the unit's arena, exactly as many as it has, and mnem and mods are the unit's interned
   copies; while it is built they are an ast_insn_buf's arrays (issue 14: a million of them
   stay small). */
typedef struct {
	ast_loc loc;      /* of the mnemonic (or guard) */
	int64_t addr;     /* from the address comment, -1 if none */
	uint64_t enc;
	char *mnem;
	char **mods;
	ast_loc *modloc;
	ast_opnd *ops;
	char *text;       /* the instruction as written, guard to ';' (added: in the unit's texts) */
	int8_t guard;
	int8_t tcreg, tcond; /* tcond: condition code, or -1 for a bare (Cn) */
	uint8_t nmods, nops;
	bool has_enc : 1;
	bool has_guard : 1, guard_neg : 1;
	bool has_tguard : 1; /* Tesla guard (Cn.COND) after the destination */
	bool enc_after : 1;  /* the encoding came after the ';' (CUDA >= 5 layout: words swapped) */
	bool in_arenas : 1;  /* being built: mnem and mods are the unit's interned copies and
				text is in its texts (the SASS grammar's), nothing to copy or free */
} ast_insn;

/* An instruction being built: room for the most operands and modifiers one may have. */
typedef struct {
	ast_insn in;
	ast_opnd ops[AST_MAXOPS];
	char *mods[AST_MAXMODS];
	ast_loc modloc[AST_MAXMODS];
} ast_insn_buf;

typedef struct {
	char *name;
	ast_loc loc;
	int insn_index; /* labels point at the next instruction */
} ast_label;

typedef struct {
	char *name;
	ast_loc loc;
	ast_insn *insns;
	int ninsns, capinsns;
	int ndone;        /* insns[0..ndone) were released by ast_done_insn (not to be read again) */
	ast_label *labels;
	int nlabels, caplabels;
} ast_func;

typedef struct ast_diag ast_diag;

/* Diagnostics: collected, printed with the source line and a caret. */
typedef struct {
	const char *file;
	const char *src;      /* whole text */
	int nerrors;
	FILE *out;            /* where diagnostics go (stderr by default) */
} ast_diags;

typedef struct {
	char *target;         /* from "code for sm_XX" */
	ast_loc target_loc;
	ast_func *funcs;
	int nfuncs, capfuncs;
	ast_diags diags;
	struct arena *arena;      /* added instructions' operands and modifiers, in their order */
	struct arena *names;      /* interned mnemonics and modifiers */
	struct arena *texts;      /* their texts (emu_assemble hands them to the program) */
	/* parser and lexer state */
	ast_insn_buf cur;
	ast_opnd op;              /* the operand being read (the SASS grammar's values point here) */
	const char **line_starts; /* line N starts at line_starts[N - 1] */
	int nlines;
	void *front;              /* a front end's own parser state */
	bool foreign_target;      /* the text names a target this build does not run: parsing
				     stopped there (its syntax is another generation's) */
	int lex_line, lex_col;
	bool lex_after_addr;   /* an encoding comment right after an address belongs to it */
	bool lex_prev_addr;
	int cur_endcol;        /* last column of the instruction text so far */
	int lex_last_insn_line;
	uint64_t lex_enc;
	bool lex_has_enc;
	size_t lex_pos, lex_len;  /* how much of diags.src the lexer has read, of how much */
	/* PTXPlus .global variables in order (Tesla code reads their addresses from c [0xe]) */
	char *syms[AST_MAXSYMS];
	int nsyms;
	/* Tesla PTXPlus: SSY targets seen in this function (their join flags are put back) and
	   the next instruction's address (4 bytes after a .half instruction, else 8) */
	int64_t ssy[AST_MAXSYMS];
	int nssy;
	int64_t ptx_next;
} ast_unit;

/* Parse SASS text (a whole file). Returns the unit; diags.nerrors counts errors. */
ast_unit *ast_parse_sass(const char *file, const char *src, FILE *diag_out);
void ast_free(ast_unit *u);

/* Tesla condition name (EQ, NEU, CARRY, ...) -> code 0..31, or -1. */
int ast_cond_code(const char *name);
extern const uint16_t ast_cond_truth[32];
/* The name cuobjdump prints for a condition code (CARRY for CF, TR for anything unknown). */
const char *ast_cond_name(int code);
/* The condition register holding the carry of IMAD's carry-in form "d (Cn), -a, b, c":
   the encoding's condition-register field when the listing has one (kernel_swap_v2 prints
   C3 where its encoding names C2), else the printed n. */
int ast_carry_reg(const ast_insn *ai);

/* Report "file:line:col: error: msg" with the source line and a caret. */
void ast_error(ast_diags *d, ast_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ast_note(ast_diags *d, ast_loc loc, const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The lexer's next block of diags.src (at most max bytes, then one '\n'); 0 at the end. */
size_t ast_lex_input(ast_unit *u, char *buf, size_t max);
/* Index the lines of diags.src (once, before parsing). */
void ast_index_lines(ast_unit *u);
/* The index is not needed once the texts are taken (a million lines: 8 MB or more). */
void ast_unindex_lines(ast_unit *u);
/* Text of line 'line' from column c0 to c1, or to the ';' (or line end) when c1 < 0. */
char *ast_line_span(const ast_unit *u, int line, int c0, int c1);
/* The same text, a copy in the unit's texts (an instruction's: no malloc and free of it). */
char *ast_line_text(ast_unit *u, int line, int c0, int c1);
/* The unit's one copy of s (its names: mnemonics and modifiers are compared by pointer). */
const char *ast_intern(ast_unit *u, const char *s);

/* Builder calls used by the grammar actions. */
ast_func *ast_current_func(ast_unit *u);
void ast_begin_func(ast_unit *u, char *name, ast_loc loc);
void ast_add_label(ast_unit *u, char *name, ast_loc loc);
/* Copy in (built in an ast_insn_buf) into the current function; in is empty after. */
void ast_add_insn(ast_unit *u, ast_insn *in);
/* Empty a buffer's instruction (its strings freed), or set a new buffer up. */
void ast_insn_clear(ast_insn *in);
void ast_insn_buf_init(ast_insn_buf *b);
/* Free what function f's instructions own (names of operands); the function's parse
   tree is not used after (the assembler calls it once f is assembled). */
void ast_free_func_insns(ast_unit *u, int f);
/* Instruction i of function f is done with (the assembler has read it): free its operands'
   names, and now and then the arena blocks of the instructions before it. */
void ast_done_insn(ast_unit *u, int f, int i);

#endif
