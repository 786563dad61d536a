/* Grammar of cuobjdump -sass listings and hand-written SASS (reentrant, prefix sass_). */
%define api.pure full
%define api.prefix {sass_}
%define parse.error detailed
%locations
%expect 0
%param {void *scanner}
%parse-param {ast_unit *u}

%code requires {
#include "parser/ast.h"
}

%code {
#include <stdlib.h>
#include <string.h>
#include "sass.lex.h"
#include "isa/isa.h"
#include "util/xalloc.h"
static void end_line(ast_unit *u, int line);
static void sass_error(SASS_LTYPE *loc, void *scanner, ast_unit *u, const char *msg);
static ast_loc L(SASS_LTYPE l) { return (ast_loc){l.first_line, l.first_column}; }
static void add_op(ast_unit *u, SASS_LTYPE loc, ast_opnd *o);
/* An operand's value is a pointer to u->op: a grammar value is copied at every step, and
   a 64-byte one made that the parser's main cost. One operand is built at a time. */
static ast_opnd *new_op(ast_unit *u, ast_opnd o) { u->op = o; return &u->op; }
static void finish_insn(ast_unit *u, SASS_LTYPE first);
#define ENDCOL(l) (u->cur_endcol = (l).last_column)
}

%union {
	int64_t ival;
	uint64_t uval;
	double fval;
	char *str;
	const char *cstr; /* interned in the unit's names (ast_intern): not freed */
	ast_opnd *opnd; /* the unit's one operand under construction (u->op) */
}

%token <ival> ADDR "address comment" REG "register" HREG "half register" CREG "condition register" AREG "address register" PRED "predicate" UREG "uniform register" INT "integer" BADCHAR "invalid character"
%token <uval> ENC "encoding comment" BIGINT "integer of 2^63 or more"
%token <fval> FLOAT "float literal"
%token <cstr> ID "identifier" MOD "modifier"
%token <str> SREG "special register" CCTEST "condition-code test"
%token <str> LABELDEF "label" CODEFOR "'code for sm_XX'"
%token GBANK "'g ['" OBANK "'o ['" GMEM14 "'global14 ['"
%token CBANK "'c ['" DESC "'desc ['" GDESC "'gdesc ['" FUNCTION "'Function :'" NL "end of line"
%token <str> SECTION "'.section .text.NAME'"

%type <opnd> operand regop addr abase areg cbank cbankop smem saddr absreuse gdesc
%type <ival> intval
%destructor { free($$); } <str>
%destructor { free($$->name); $$->name = NULL; } <opnd>

%%

program
	: %empty
	| program line
	;

line
	: NL
	| content NL            { end_line(u, @1.first_line); }
	| error NL              { yyerrok; ast_insn_clear(&u->cur.in); }
	;

content
	: CODEFOR               {
					if (!u->target) {
						u->target = $1;
						u->target_loc = L(@1);
					} else
						free($1);
					/* another generation's syntax (Tesla's halves and C0 guards, ...):
					   stop here, the assembler reports the target once */
					if (isa_dialect_of(u->target) == ISA_DIALECT_NONE) {
						u->foreign_target = true;
						YYACCEPT;
					}
				}
	| FUNCTION ID           { ast_begin_func(u, xstrdup($2), L(@2)); }
	| FUNCTION              { ast_error(&u->diags, L(@1), "missing function name"); }
	| SECTION               { ast_begin_func(u, $1, L(@1)); }
	| labels
	| labels insn
	| insn
	;

labels
	: LABELDEF              { ast_add_label(u, $1, L(@1)); }
	| labels LABELDEF       { ast_add_label(u, $2, L(@2)); }
	;

insn
	: prefix body semi
	;

prefix
	: %empty
	| ADDR                  { u->cur.in.addr = $1; }
	| ADDR ENC              { u->cur.in.addr = $1; u->cur.in.has_enc = true; u->cur.in.enc = $2; }
	;

semi
	: %empty
	| ';'
	;

body
	: guard mnemonic mods operands { finish_insn(u, @1); }
	| mnemonic mods operands       { finish_insn(u, @1); }
	;

guard
	: '@' PRED              { u->cur.in.has_guard = true; u->cur.in.guard = (int)$2; }
	| '@' '!' PRED          { u->cur.in.has_guard = true; u->cur.in.guard_neg = true; u->cur.in.guard = (int)$3; }
	;

mnemonic
	: ID                    {
					u->cur.in.mnem = (char *)$1;
					u->cur.in.in_arenas = true;
					u->cur.in.loc = L(@1);
					ENDCOL(@1);
				}
	;

mods
	: %empty
	| mods MOD              {
					ENDCOL(@2);
					if (u->cur.in.nmods < AST_MAXMODS) {
						u->cur.in.modloc[u->cur.in.nmods] = L(@2);
						u->cur.in.mods[u->cur.in.nmods++] = (char *)$2;
					} else
						ast_error(&u->diags, L(@2), "too many modifiers");
				}
	;

operands
	: %empty
	| oplist
	;

oplist
	: operand               { add_op(u, @1, $1); ENDCOL(@1); }
	| operand tguard        { add_op(u, @1, $1); }
	| oplist ',' operand    { add_op(u, @3, $3); ENDCOL(@3); }
	;

/* Tesla: the guard stands after the destination, (C0.NE); a bare (Cn) is a carry-in */
tguard
	: '(' CREG MOD ')'      {
					ENDCOL(@4);
					u->cur.in.has_tguard = true;
					u->cur.in.tcreg = (int)$2;
					u->cur.in.tcond = ast_cond_code($3);
					if (u->cur.in.tcond < 0)
						ast_error(&u->diags, L(@3), "unknown condition '%s'", $3);
				}
	| '(' CREG ')'          { ENDCOL(@3); u->cur.in.has_tguard = true; u->cur.in.tcreg = (int)$2; u->cur.in.tcond = -1; }
	;

regop
	: REG                   { $$ = new_op(u, (ast_opnd){.kind = OPND_REG, .reg = (int)$1}); }
	| UREG                  { $$ = new_op(u, (ast_opnd){.kind = OPND_REG, .reg = (int)$1, .uniform = true}); }
	| HREG                  { $$ = new_op(u, (ast_opnd){.kind = OPND_REG, .reg = (int)($1 / 4), .half = (uint8_t)($1 % 4)}); }
	| regop MOD             {
					$$ = $1;
					if (!strcmp($2, "CC"))
						$$->cc = true;
					else if (!strcmp($2, "reuse"))
						$$->reuse = true;
					else if ((!strcmp($2, "H0") || !strcmp($2, "H1") || !strcmp($2, "H0_H0") ||
						  !strcmp($2, "H1_H1")) && !$$->half)
						$$->half = (uint8_t)($2[1] == '1' ? 2 : 1); /* Maxwell's 16-bit halves;
											 sm_70+ .H0_H0 / .H1_H1: one half
											 replicated */
					else if (!strcmp($2, "H1_H0") && !$$->half)
						; /* sm_70+: the pair as it is */
					else if ($2[0] == 'B' && $2[1] >= '0' && $2[1] <= '3' && !$2[2] && !$$->bsel && !$$->half)
						$$->bsel = (uint8_t)($2[1] - '0' + 1); /* a video source's byte */
					else
						ast_error(&u->diags, L(@2), "unknown register suffix '.%s'", $2);
				}
	;

operand
	: regop                 { $$ = $1; }
	| regop '-' INT         { $$ = $1; $$->ival = -$3; $$->rel = true; /* Maxwell's relative BRX R4 -0x130 */ }
	| regop '+' INT         { $$ = $1; $$->ival = $3; $$->rel = true; }
	| regop INT             { $$ = $1; $$->ival = $2; $$->rel = true; /* sm_70's RET.REL.NODEC R2 0x0 */ }
	| regop ID              { $$ = $1; $$->name = xstrdup($2); $$->rel = true; /* nvdisasm's RET.REL.NODEC R2 `(f) */ }
	| '-' regop             { $$ = $2; $$->neg = true; }
	| '~' regop             { $$ = $2; $$->inv = true; }
	| '|' regop '|'         { $$ = $2; $$->abs = true; }
	| '-' '|' regop '|'     { $$ = $3; $$->abs = true; $$->neg = true; }
	| absreuse              { $$ = $1; }
	| PRED                  { $$ = new_op(u, (ast_opnd){.kind = OPND_PRED, .reg = (int)$1}); }
	| '!' PRED              { $$ = new_op(u, (ast_opnd){.kind = OPND_PRED, .reg = (int)$2, .inv = true}); }
	| intval                { $$ = new_op(u, (ast_opnd){.kind = OPND_IMM, .ival = $1}); }
	| BIGINT                { $$ = new_op(u, (ast_opnd){.kind = OPND_IMM, .ival = (int64_t)$1, .big = true}); }
	| FLOAT                 { $$ = new_op(u, (ast_opnd){.kind = OPND_FIMM, .fval = $1}); }
	| '-' FLOAT             { $$ = new_op(u, (ast_opnd){.kind = OPND_FIMM, .fval = -$2}); }
	| cbankop               { $$ = $1; }
	| '-' cbankop           { $$ = $2; $$->neg = true; }
	| '~' cbankop           { $$ = $2; $$->inv = true; }
	| '|' cbankop '|'       { $$ = $2; $$->abs = true; }
	| '-' '|' cbankop '|'   { $$ = $3; $$->abs = true; $$->neg = true; }
	| '[' addr ']'          { $$ = $2; $$->kind = OPND_MEM; }
	| DESC UREG ']' '[' addr ']' { $$ = $5; $$->kind = OPND_MEM; /* the descriptor: caching policy only */ }
	| gdesc                 { $$ = $1; }
	| SREG                  { $$ = new_op(u, (ast_opnd){.kind = OPND_SREG, .name = $1}); }
	| ID                    { $$ = new_op(u, (ast_opnd){.kind = OPND_LABEL, .name = xstrdup($1)}); }
	| CCTEST                { $$ = new_op(u, (ast_opnd){.kind = OPND_CCTEST, .name = $1}); }
	| AREG                  { $$ = new_op(u, (ast_opnd){.kind = OPND_AREG, .reg = (int)$1}); }
	| CREG MOD              {
					$$ = new_op(u, (ast_opnd){.kind = OPND_CCREG, .reg = (int)$1, .bank = ast_cond_code($2)});
					if ($$->bank < 0)
						ast_error(&u->diags, L(@2), "unknown condition '%s'", $2);
				}
	| smem                  { $$ = $1; }
	| '-' smem              { $$ = $2; $$->neg = true; }
	| OBANK INT ']'         { $$ = new_op(u, (ast_opnd){.kind = OPND_REG, .reg = AST_RZ}); }
	| GMEM14 addr ']'       { $$ = $2; $$->kind = OPND_MEM; }
	;

/* sm_90's wgmma operand: the shared-memory matrix descriptor in a uniform register pair,
   with the transposition flags ptxas prints after it (.tnspA, .tnspB); only the refusal of
   the tensor-core opcodes that take it reads it */
gdesc
	: GDESC UREG ']'        { $$ = new_op(u, (ast_opnd){.kind = OPND_REG, .reg = (int)$2, .uniform = true}); }
	| gdesc MOD             { $$ = $1; }
	;

/* sm_70+ listings put the reuse flag after an absolute value: |R2|.reuse */
absreuse
	: '|' regop '|' MOD     {
					$$ = $2;
					$$->abs = true;
					if (strcmp($4, "reuse"))
						ast_error(&u->diags, L(@4), "unknown suffix '.%s' after |register|", $4);
					$$->reuse = true;
				}
	| '-' absreuse          { $$ = $2; $$->neg = true; }
	;

smem
	: GBANK saddr ']'       { $$ = $2; $$->kind = OPND_SMEM; }
	| smem MOD              {
					$$ = $1;
					const char *m = $2;
					if (!strcmp(m, "U16") || !strcmp(m, "S16"))
						$$->width = 2;
					else if (!strcmp(m, "U8") || !strcmp(m, "S8"))
						$$->width = 1;
					else if (!strcmp(m, "U32") || !strcmp(m, "S32"))
						$$->width = 4;
					else
						ast_error(&u->diags, L(@2), "unknown shared-operand suffix '.%s'", m);
					$$->wsigned = m[0] == 'S';
				}
	;

saddr
	: INT                   { $$ = new_op(u, (ast_opnd){.reg = -1, .ival = $1}); }
	| AREG                  { $$ = new_op(u, (ast_opnd){.reg = (int)$1}); }
	| AREG '+' INT          { $$ = new_op(u, (ast_opnd){.reg = (int)$1, .ival = $3}); }
	;

intval
	: INT                   { $$ = $1; }
	| '-' INT               { $$ = -$2; }
	;

cbank
	: CBANK INT ']' '[' addr ']' { $$ = $5; $$->kind = OPND_CBANK; $$->bank = (int16_t)($2 > AST_MAXBANK ? AST_MAXBANK : $2); }
	| CBANK INT ']' '[' AREG ']' { /* Tesla: indexed by an address register, c [0x0] [A1] */
					$$ = new_op(u, (ast_opnd){.kind = OPND_CBANK, .reg = (int)$5, .areg = true});
					$$->bank = (int16_t)($2 > AST_MAXBANK ? AST_MAXBANK : $2);
				}
	| CBANK INT ']' '[' AREG '+' INT ']' {
					$$ = new_op(u, (ast_opnd){.kind = OPND_CBANK, .reg = (int)$5, .ival = (int64_t)$7, .areg = true});
					$$->bank = (int16_t)($2 > AST_MAXBANK ? AST_MAXBANK : $2);
				}
	;

/* a constant with Maxwell's half selector, c[0x0] [0x14].H1 */
cbankop
	: cbank                 { $$ = $1; }
	| cbankop MOD           {
					$$ = $1;
					if ((!strcmp($2, "H0") || !strcmp($2, "H1")) && !$$->half)
						$$->half = (uint8_t)($2[1] == '1' ? 2 : 1);
					else
						ast_error(&u->diags, L(@2), "unknown constant suffix '.%s'", $2);
				}
	;

addr
	: abase                 { $$ = $1; }
	| abase '+' intval      { $$ = $1; $$->ival = $3; }
	| abase '-' INT         { $$ = $1; $$->ival = -$3; }
	| areg                  { $$ = $1; }
	| areg '+' intval       { $$ = $1; $$->ival = $3; }
	| areg '-' INT          { $$ = $1; $$->ival = -$3; }
	| intval                { $$ = new_op(u, (ast_opnd){.reg = -1, .ival = $1}); }
	;

/* Rn, Rn.64 (sm_75+: a 64-bit pair), Rn.U32 (one register in a 64-bit address), Rn.X4
   (scaled index), + URm (sm_70+), or URm alone */
abase
	: areg '+' UREG         { $$ = $1; $$->has_ureg = true; $$->ureg = (int)$3; }
	| UREG                  { $$ = new_op(u, (ast_opnd){.reg = -1, .has_ureg = true, .ureg = (int)$1}); }
	;

areg
	: REG                   { $$ = new_op(u, (ast_opnd){.reg = (int)$1}); }
	| areg MOD              {
					$$ = $1;
					if (!strcmp($2, "64"))
						$$->wide64 = true;
					else if (!strcmp($2, "X4") || !strcmp($2, "X8") || !strcmp($2, "X16"))
						$$->scale = (uint8_t)($2[1] == '4' ? 2 : $2[1] == '8' ? 3 : 4);
					else if (!strcmp($2, "U32"))
						$$->zext32 = true;
					else if (strcmp($2, "reuse"))
						ast_error(&u->diags, L(@2), "unknown address-register suffix '.%s'", $2);
				}
	;

%%

static void sass_error(SASS_LTYPE *loc, void *scanner, ast_unit *u, const char *msg)
{
	(void)scanner;
	ast_error(&u->diags, L(*loc), "%s", msg);
}

static void add_op(ast_unit *u, SASS_LTYPE loc, ast_opnd *o)
{
	if (u->cur.in.nops >= AST_MAXOPS) {
		ast_error(&u->diags, L(loc), "too many operands");
		free(o->name);
		return;
	}
	o->loc = L(loc);
	u->cur.in.ops[u->cur.in.nops++] = *o;
}

static void finish_insn(ast_unit *u, SASS_LTYPE first)
{
	if (u->cur.in.has_guard)
		u->cur.in.loc = L(first);
	/* the instruction text as written: from the guard (or mnemonic) to its last operand */
	u->cur.in.text = ast_line_text(u, first.first_line, first.first_column, u->cur_endcol);
	ast_add_insn(u, &u->cur.in);
}

/* A CUDA >= 5 encoding comment after the ';' belongs to the line's instruction. */
static void end_line(ast_unit *u, int line)
{
	if (!u->lex_has_enc || !u->nfuncs)
		return;
	ast_func *f = &u->funcs[u->nfuncs - 1];
	if (f->ninsns && f->insns[f->ninsns - 1].loc.line == line && !f->insns[f->ninsns - 1].has_enc) {
		f->insns[f->ninsns - 1].has_enc = true;
		f->insns[f->ninsns - 1].enc = u->lex_enc;
		f->insns[f->ninsns - 1].enc_after = true;
	}
	u->lex_has_enc = false;
}

ast_unit *ast_parse_sass(const char *file, const char *src, FILE *diag_out)
{
	ast_unit *u = xcalloc(1, sizeof *u);
	u->diags.file = file;
	u->diags.src = src;
	u->diags.out = diag_out ? diag_out : stderr;
	ast_insn_buf_init(&u->cur);
	u->lex_col = 1;
	yyscan_t scanner;
	if (sass_lex_init_extra(u, &scanner)) {
		free(u);
		return NULL;
	}
	ast_index_lines(u); /* for the instruction texts */
	u->lex_len = strlen(src); /* read through YY_INPUT, a final newline added */
	YY_BUFFER_STATE bs = sass__create_buffer(NULL, 1 << 16, scanner);
	sass__switch_to_buffer(bs, scanner);
	u->lex_line = 1;
	sass_parse(scanner, u);
	sass__delete_buffer(bs, scanner);
	sass_lex_destroy(scanner);
	ast_unindex_lines(u);
	return u;
}
