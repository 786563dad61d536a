#!/bin/sh
# The layering rules of docs/architecture.md, checked over the #include graph and the objects:
#  - each folder includes only the folders below it (table below);
#  - no include cycle between files, and none between folders (tsort finds loops);
#  - link order: each folder's objects refer only to symbols defined in the same folder or
#    in one it may include (nm on the objects named as arguments, as make layers does:
#    tools/layers.sh build/util/xalloc.o ...; without them, the includes only);
# and (make layers) the runtime's objects link into a program without the front end.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
# folder: the folders its files may include and its objects may refer to (besides its own).
# lexer/ and parser/ are one layer: the generated scanner and parser call each other.
allowed() {
	case $1 in
	util) echo "" ;;
	isa) echo "util" ;;
	emu) echo "isa util" ;;
	parser) echo "lexer isa util" ;;
	lexer) echo "parser isa util" ;;
	front) echo "parser lexer isa util" ;;
	asm) echo "emu front parser lexer isa util" ;;
	gen) echo "asm emu front parser lexer isa util" ;;
	spec) echo "emu front parser isa util" ;;
	convert) echo "front parser isa util" ;;
	report) echo "emu isa util" ;;
	export) echo "emu isa util" ;;
	sweep) echo "report util" ;;
	dbg) echo "report emu isa util" ;;
	cli) echo "dbg sweep export report convert spec gen asm emu front parser lexer isa util" ;;
	*) echo "?" ;;
	esac
}
FOLDERS="util isa emu parser lexer front asm gen spec convert report export sweep dbg cli"
# Link references that the table forbids but another change is removing (from>to: why).
# They are reported on every run and do not fail it; delete a line when its reference is gone.
KNOWN=""

may() { # may FROM TO: whether folder FROM may depend on folder TO
	[ "$1" = "$2" ] && return 0
	for a in $(allowed "$1"); do [ "$a" = "$2" ] && return 0; done
	return 1
}
known() { # known FROM TO: the KNOWN line for FROM>TO, if any
	printf '%s\n' "$KNOWN" | grep "^$1>$2:"
}
# the folder of a graph node: lexer and parser are one node, so they form no cycle
node() { [ "$1" = lexer ] && echo parser || echo "$1"; }

bad=0 tmp=$(mktemp -d) ; trap 'rm -rf "$tmp"' EXIT
: >"$tmp/edges"; : >"$tmp/dirs"; : >"$tmp/links"
for d in $FOLDERS; do
	for f in "$d"/*; do
		[ -f "$f" ] || continue
		case $f in *.c|*.h|*.y|*.l|*.def) ;; *) continue ;; esac
		for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
			case $inc in */*) ;; *) continue ;; esac  # generated headers of the grammars
			idir=${inc%%/*}
			echo "$f $inc" >>"$tmp/edges"
			[ "$idir" = "$d" ] && continue
			echo "$(node "$d") $(node "$idir")" >>"$tmp/dirs"
			if ! may "$d" "$idir"; then
				echo "layers: $f includes $inc ($d/ may include: $(allowed "$d") and itself)"
				bad=1
			fi
		done
	done
done
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/err"; then
	echo "layers: include cycle between files:"; cat "$tmp/err"; bad=1
fi
if ! sort -u "$tmp/dirs" | tsort >/dev/null 2>"$tmp/err"; then
	echo "layers: include cycle between folders:"; cat "$tmp/err"; bad=1
fi
nfiles=$(wc -l <"$tmp/edges")

# Link order. An object's folder is its path under $BUILD; the grammars' generated objects
# sit at its top (*.tab.o: parser, *.lex.o: lexer).
folder_of() {
	case $1 in
	"$BUILD"/*.tab.o) echo parser ;;
	"$BUILD"/*.lex.o) echo lexer ;;
	*) p=${1#"$BUILD"/}; echo "${p%%/*}" ;;
	esac
}
nobj=0
for o in "$@"; do
	d=$(folder_of "$o")
	case " $FOLDERS " in *" $d "*) ;; *) continue ;; esac  # tests/, bench/
	nobj=$((nobj + 1))
	nm -g --defined-only "$o" | awk -v d="$d" 'NF == 3 && $2 ~ /^[A-TV-Z]$/ {print "D", $3, d}' >>"$tmp/syms"
	nm -u "$o" | awk -v d="$d" -v o="$o" '{print "U", $NF, d, o}' >>"$tmp/syms"
done
if [ "$nobj" -gt 0 ]; then
	# "FROM TO SYMBOL OBJECT" for every reference to a symbol another folder defines
	awk '$1 == "D" {def[$2] = $3} $1 == "U" {u[++n] = $2 " " $3 " " $4}
	     END {for (i = 1; i <= n; i++) {split(u[i], a, " "); if ((a[1] in def) && def[a[1]] != a[2])
		print a[2], def[a[1]], a[1], a[3]}}' "$tmp/syms" | sort -u >"$tmp/links"
	while read -r from to sym obj; do
		may "$from" "$to" && continue
		if k=$(known "$from" "$to"); then
			echo "$from $to" >>"$tmp/waived"
			continue
		fi
		echo "layers: $obj refers to $sym, defined in $to/ ($from/ may refer to: $(allowed "$from") and itself)"
		bad=1
	done <"$tmp/links"
	if [ -f "$tmp/waived" ]; then
		sort -u "$tmp/waived" | while read -r from to; do echo "layers: known, not failing: $(known "$from" "$to")"; done
	fi
	awk '{print $1, $2}' "$tmp/links" | while read -r from to; do echo "$(node "$from") $(node "$to")"; done |
		awk '$1 != $2' | sort -u >"$tmp/ldirs"
	# the known references stay out of the cycle test too, or it would fail on them
	printf '%s\n' "$KNOWN" | sed -n 's/^\([a-z]*\)>\([a-z]*\):.*/\1 \2/p' >"$tmp/kdirs"
	if ! grep -v -x -F -f "$tmp/kdirs" "$tmp/ldirs" | tsort >/dev/null 2>"$tmp/err"; then
		echo "layers: link cycle between folders:"; cat "$tmp/err"; bad=1
	fi
	links="$nobj objects, $(wc -l <"$tmp/links") references across folders"
else
	links="no objects named: link order not checked"
fi
[ $bad = 0 ] && echo "layers: ok ($nfiles includes checked; $links)"
exit $bad
