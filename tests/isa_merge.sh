#!/bin/sh
# The opcode tables inherit (isa/merge.c): the real tables merge with no row written twice,
# a delta's rows land where its directives say, and each wrong delta is refused with its
# file:line and nothing written. Expected orders and lines are read off the inputs below.
BUILD=${BUILD:-build}
MERGE=${MERGE:-$BUILD/isa-merge}
. "$(dirname "$0")/lib.sh"
row() { # NAME [MEANING]: a row of the columns of isa/sm20.def
	echo "OP($1, INT, \"r,r\", \"\", mov, NONE, INT, \"\", PLAIN, \"\", \"${2:-d = a}\")"
}
names() { # the opcodes of a merged table, in order, on one line
	sed -n 's/^OP(\([A-Z0-9_]*\),.*/\1/p' "$1" | tr '\n' ' '
}

# ---- the tables of isa/: merged, and no row copied between two files ----
mkdir -p "$tmp/real"
check "isa tables merge" 0 "$MERGE" "$tmp/real" $(ls isa/*.def | grep -v gens.def)
for t in $(ls isa/*.def | grep -v gens.def); do
	t=${t#isa/}
	[ -s "$tmp/real/${t%.def}.tab" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL no ${t%.def}.tab"; }
done

# ---- a root, a delta and a delta of the delta ----
mkdir -p "$tmp/ok" "$tmp/ok.out"
{ row A; row B; row C; row D; } >"$tmp/ok/root.def"
{
	echo "PARENT(root)"
	echo "CHANGE(B, INT, \"r,r\", \"\", mov, NONE, INT, \"\", PLAIN, \"\", \"d = b\")"
	echo "DROP(C)"
	row E
	echo "AFTER(A)"
	row F
	echo "CHANGE(D, INT, \"r,r\", \"\", mov, NONE, INT, \"\", PLAIN, \"\", \"d = d\")"
} >"$tmp/ok/kid.def"
{ echo "PARENT(kid)"; } >"$tmp/ok/empty.def"
{ echo "FROM(root, C)"; row G "d = g"; } >"$tmp/ok/other.def"
check "deltas merge" 0 "$MERGE" "$tmp/ok.out" "$tmp/ok/root.def" "$tmp/ok/kid.def" "$tmp/ok/empty.def" \
	"$tmp/ok/other.def"
# kid: A, then F and the moved D after it; B changed in place; C dropped; E appended
names "$tmp/ok.out/kid.tab" >"$tmp/order"
contains "delta order" order "A F D B E "
contains "changed row" ok.out/kid.tab '"d = b")'
names "$tmp/ok.out/empty.tab" >"$tmp/order"
contains "empty delta is its parent" order "A F D B E "
names "$tmp/ok.out/other.tab" >"$tmp/order"
contains "FROM takes the row" order "C G "
contains "rows located at their .def line" ok.out/kid.tab "#line 2 \"$tmp/ok/kid.def\""
contains "inherited rows located in the parent" ok.out/kid.tab "#line 1 \"$tmp/ok/root.def\""
contains "all tables" ok.out/tables.tab "END_TABLE(other)"

# ---- refusals: file:line, exit 1, nothing written ----
refuse() { # NAME LINE MESSAGE: kid.def (over root.def above) must be refused so
	rm -rf "$tmp/bad.out" && mkdir -p "$tmp/bad.out"
	check "$1" 1 "$MERGE" "$tmp/bad.out" "$tmp/ok/root.def" "$tmp/bad/kid.def"
	contains "$1 msg" err "$tmp/bad/kid.def:$2: error: $3"
	[ -z "$(ls "$tmp/bad.out")" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL $1 wrote output"; }
}
mkdir -p "$tmp/bad"
printf 'PARENT(root)\n/* B as root has it, spaced otherwise */\nCHANGE(B,INT, "r,r",  "", mov, NONE, INT, "", PLAIN, "", "d = a")\n' \
	>"$tmp/bad/kid.def"
refuse "change to the parent's row" 3 "CHANGE(B) is root's row unchanged: inherit it (remove this line)"
printf 'PARENT(root)\nDROP(A)\nDROP(Z)\n' >"$tmp/bad/kid.def"
refuse "drop a name the parent lacks" 3 "DROP(Z): root has no Z"
printf 'PARENT(root)\nCHANGE(Z, INT, "r", "", mov, NONE, INT, "", PLAIN, "", "z")\n' >"$tmp/bad/kid.def"
refuse "change a name the parent lacks" 2 "CHANGE(Z): root has no Z"
printf 'PARENT(root)\n\nOP(A, INT, "r", "", mov, NONE, INT, "", PLAIN, "", "other")\n' >"$tmp/bad/kid.def"
refuse "add a name the parent has" 3 "OP(A): root has A: CHANGE(A, ...) replaces its row, DROP(A) removes it"
printf 'PARENT(root)\nDROP(A)\nDROP(A)\n' >"$tmp/bad/kid.def"
refuse "drop twice" 3 "DROP(A): A was changed or dropped above"
printf 'PARENT(root)\nDROP(A,B)\n' >"$tmp/bad/kid.def"
refuse "arguments" 2 "DROP takes 1 arguments, not 2"
printf 'PARENT(root)\nAFTER(Z)\n' >"$tmp/bad/kid.def"
refuse "after a name the table lacks" 2 "AFTER(Z): the table no longer has it"
printf 'PARENT(root)\n#include "x"\n' >"$tmp/bad/kid.def"
refuse "not a row" 2 "expected a row: PARENT, OP, CHANGE, DROP, FROM or AFTER (...)"
printf 'PARENT(root)\nKEEP(A)\n' >"$tmp/bad/kid.def"
refuse "unknown directive" 2 "KEEP( is no row: PARENT, OP, CHANGE, DROP, FROM or AFTER"
printf 'DROP(A)\nPARENT(root)\n' >"$tmp/bad/kid.def"
refuse "root drops" 1 "DROP(A): a root table has no A"
printf 'PARENT(kid)\n' >"$tmp/bad/kid.def"
refuse "own parent" 1 "PARENT(kid): kid inherits from itself (PARENT or FROM goes round)"
# a row written again in an unrelated table (whitespace aside): a copy, not inheritance
{ echo "OP(X, INT, \"r\", \"\", mov, NONE, INT, \"\", PLAIN, \"\", \"x\")"; row A; } >"$tmp/bad/kid.def"
refuse "row copied between files" 2 "A's row is $tmp/ok/root.def:1's, verbatim: inherit it (PARENT) or take it with FROM(root, A)"

echo "isa_merge: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
