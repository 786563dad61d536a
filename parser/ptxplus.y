/* Grammar of PTXPlus (reentrant, prefix ptx_); front/ptxplus_read.c maps each instruction back
   to the SASS parse tree, so both front ends give the assembler the same input. */
%define api.pure full
%define api.prefix {ptx_}
%define parse.error detailed
%locations
%expect 0
%param {void *scanner}
%parse-param {ast_unit *u}

%code requires {
#include "parser/ast.h"
#include "parser/ptxplus.h"
}

%code {
#include <stdlib.h>
#include <string.h>
#include "ptxplus.lex.h"
#include "isa/isa.h"
#include "util/xalloc.h"
static void ptx_error(PTX_LTYPE *loc, void *scanner, ast_unit *u, const char *msg);
static ast_loc L(PTX_LTYPE l) { return (ast_loc){l.first_line, l.first_column}; }
#define CUR (*(ptx_insn *)u->front)
}

%union {
	int64_t ival;
	uint64_t uval;
	char *str;
	ptx_opnd opnd;
}

%token <ival> REG "register" CBANK "constant bank" HREG "half register" AREG "'$ofs' register"
%token <uval> HEXNUM "number" ZERO "0x00"
%token <str> PRED "predicate" SREG "special register" WORD "word" LABELDEF "label" TARGET "'.target'" ENTRY "'.entry'"
%token PT "pt" KBANK "'k ['" SBANK "'s['" BADCHAR "invalid character"

%type <opnd> operand constref
%type <uval> num
%destructor { free($$); } <str>

%%

program
	: %empty
	| program stmt
	;

stmt
	: TARGET                {
					if (!u->target) {
						u->target = $1;
						u->target_loc = L(@1);
					} else
						free($1);
					/* other targets' PTXPlus (Tesla's half registers, s[] operands) is not
					   this grammar's: stop here, the assembler reports the target */
					if (isa_dialect_of(u->target) == ISA_DIALECT_NONE) {
						u->foreign_target = true;
						YYACCEPT;
					}
				}
	| ENTRY                 { ast_begin_func(u, $1, L(@1)); }
	| LABELDEF              { ptx_label(u, $1, L(@1)); }
	| insn ';'
	| error ';'             { yyerrok; ptx_insn_reset(&CUR); }
	;

insn
	: guard WORD operands   { CUR.word = $2; CUR.loc = L(@2); ((ptx_state *)u->front)->finish(u, &CUR); }
	;

guard
	: %empty                { ptx_insn_reset(&CUR); }
	| '@' PRED              { ptx_insn_reset(&CUR); CUR.has_guard = true; CUR.guard = $2; CUR.gloc = L(@1); }
	| '@' '!' PRED          { ptx_insn_reset(&CUR); CUR.has_guard = true; CUR.guard_neg = true; CUR.guard = $3; CUR.gloc = L(@1); }
	| '@' PT                { ptx_insn_reset(&CUR); CUR.has_guard = true; CUR.guard = xstrdup("pt"); CUR.gloc = L(@1); }
	| '@' '!' PT            { ptx_insn_reset(&CUR); CUR.has_guard = true; CUR.guard_neg = true; CUR.guard = xstrdup("pt"); CUR.gloc = L(@1); }
	;

operands
	: %empty
	| oplist
	;

oplist
	: operand               { ptx_add_opnd(u, &CUR, &$1, L(@1)); }
	| oplist ',' operand    { ptx_add_opnd(u, &CUR, &$3, L(@3)); }
	;

operand
	: REG                   { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$1}; }
	| '-' REG               { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$2, .neg = true}; }
	| '~' REG               { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$2, .inv = true}; }
	| '|' REG '|'           { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$2, .abs = true}; }
	| '-' '|' REG '|'       { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$3, .abs = true, .neg = true}; }
	| HREG                  { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)($1 / 4), .half = (int)($1 % 4)}; }
	| '-' HREG              { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)($2 / 4), .half = (int)($2 % 4), .neg = true}; }
	| PRED '|' REG          { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$3, .cdst = $1}; }
	| PRED '/' REG          { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$3, .cdst = $1}; }
	| AREG                  { $$ = (ptx_opnd){.kind = PO_AREG, .reg = (int)$1}; }
	| SBANK num ']'         { $$ = (ptx_opnd){.kind = PO_SMEM, .reg = -1, .val = $2}; }
	| SBANK AREG '+' num ']' { $$ = (ptx_opnd){.kind = PO_SMEM, .reg = (int)$2, .val = $4}; }
	| '-' SBANK num ']'     { $$ = (ptx_opnd){.kind = PO_SMEM, .reg = -1, .val = $3, .neg = true}; }
	| '-' SBANK AREG '+' num ']' { $$ = (ptx_opnd){.kind = PO_SMEM, .reg = (int)$3, .val = $5, .neg = true}; }
	| '[' REG ']'           { $$ = (ptx_opnd){.kind = PO_REG, .reg = (int)$2, .bank = 1}; /* Tesla [$r0] */ }
	| PRED                  { $$ = (ptx_opnd){.kind = PO_PRED, .name = $1}; }
	| '!' PRED              { $$ = (ptx_opnd){.kind = PO_PRED, .name = $2, .inv = true}; }
	| PT                    { $$ = (ptx_opnd){.kind = PO_PRED, .name = xstrdup("pt")}; }
	| '!' PT                { $$ = (ptx_opnd){.kind = PO_PRED, .name = xstrdup("pt"), .inv = true}; }
	| HEXNUM                { $$ = (ptx_opnd){.kind = PO_NUM, .val = $1}; }
	| ZERO                  { $$ = (ptx_opnd){.kind = PO_NUM, .val = 0, .rz = true}; }
	| '-' num               { $$ = (ptx_opnd){.kind = PO_NUM, .val = $2, .neg = true}; }
	| SREG                  { $$ = (ptx_opnd){.kind = PO_SREG, .name = $1}; }
	| WORD                  { $$ = (ptx_opnd){.kind = PO_LABEL, .name = $1}; }
	| constref              { $$ = $1; }
	| '-' constref          { $$ = $2; $$.neg = true; }
	| '|' constref '|'      { $$ = $2; $$.abs = true; }
	| '-' '|' constref '|'  { $$ = $3; $$.abs = true; $$.neg = true; }
	;

constref
	: CBANK num ']'         { $$ = (ptx_opnd){.kind = PO_CONST, .bank = (int)$1, .reg = -1, .val = $2}; }
	| CBANK REG '+' num ']' { $$ = (ptx_opnd){.kind = PO_CONST, .bank = (int)$1, .reg = (int)$2, .val = $4}; }
	| KBANK num ']'         { $$ = (ptx_opnd){.kind = PO_CONST, .bank = 0, .reg = -1, .val = $2 + 0x10}; }
	;

num
	: HEXNUM
	| ZERO
	;

%%

static void ptx_error(PTX_LTYPE *loc, void *scanner, ast_unit *u, const char *msg)
{
	(void)scanner;
	ast_error(&u->diags, L(*loc), "%s", msg);
}

ast_unit *ptx_parse_text(const char *file, const char *src, FILE *diag_out, ptx_finish_fn finish)
{
	ast_unit *u = xcalloc(1, sizeof *u);
	u->diags.file = file;
	u->diags.src = src;
	u->diags.out = diag_out ? diag_out : stderr;
	ptx_state *st = xcalloc(1, sizeof *st);
	st->finish = finish;
	u->front = st;
	ast_index_lines(u); /* for the instruction texts */
	u->lex_col = 1;
	yyscan_t scanner;
	if (ptx_lex_init_extra(u, &scanner)) {
		free(u);
		return NULL;
	}
	YY_BUFFER_STATE bs = ptx__scan_string(src, scanner);
	ptx_set_lineno(1, scanner);
	ptx_parse(scanner, u);
	ptx__delete_buffer(bs, scanner);
	ptx_lex_destroy(scanner);
	ptx_insn_reset(&CUR);
	ast_unindex_lines(u);
	return u;
}

void ptx_insn_reset(ptx_insn *p)
{
	free(p->word);
	free(p->guard);
	for (int i = 0; i < p->nops; i++) {
		free(p->ops[i].name);
		free(p->ops[i].cdst);
	}
	memset(p, 0, sizeof *p);
}

void ptx_add_opnd(ast_unit *u, ptx_insn *p, ptx_opnd *o, ast_loc loc)
{
	(void)u;
	if (p->nops == PTX_MAXOPS) { /* ptx_finish reports how many were given */
		p->extra++;
		free(o->name);
		free(o->cdst);
		return;
	}
	o->loc = loc;
	p->ops[p->nops++] = *o;
}

void ptx_label(ast_unit *u, char *name, ast_loc loc)
{
	char *e;
	if (name[0] == 'l' && name[1] == '0' && name[2] == 'x') {
		unsigned long long a = strtoull(name + 3, &e, 16);
		if (!*e)
			u->cur.in.addr = (int64_t)a;
	}
	ast_add_label(u, name, loc);
}
