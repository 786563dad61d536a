#!/bin/sh
# The layering rules of docs/architecture.md, checked over the #include graph:
#  - each folder includes only the folders below it (table below);
#  - no include cycle between files (tsort finds loops);
# and (make layers) the runtime's objects link into a program without the front end.
set -u
cd "$(dirname "$0")/.."
# folder: the folders its files may include (besides its own)
allowed() {
	case $1 in
	util) echo "" ;;
	isa) echo "util" ;;
	emu) echo "isa util" ;;
	parser|lexer) echo "parser front isa util" ;;
	front) echo "parser isa util" ;;
	asm) echo "emu front parser isa util" ;;
	gen) echo "asm emu front parser isa util" ;;
	cli|dbg) echo "cli dbg gen asm emu front parser isa util" ;;
	*) echo "?" ;;
	esac
}
bad=0 edges=$(mktemp) ; trap 'rm -f "$edges"' EXIT
for f in util/* isa/* emu/* parser/* lexer/* front/* asm/* gen/* cli/* dbg/*; do
	[ -f "$f" ] || continue
	case $f in *.c|*.h|*.y|*.l|*.def) ;; *) continue ;; esac
	dir=${f%%/*}
	for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
		case $inc in */*) ;; *) continue ;; esac  # generated headers of the grammars
		idir=${inc%%/*}
		echo "$f $inc" >>"$edges"
		[ "$idir" = "$dir" ] && continue
		ok=0
		for a in $(allowed "$dir"); do [ "$a" = "$idir" ] && ok=1; done
		if [ $ok = 0 ]; then
			echo "layers: $f includes $inc ($dir/ may include: $(allowed "$dir") and itself)"
			bad=1
		fi
	done
done
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
	echo "layers: include cycle:"; cat "$edges.err"; bad=1
fi
rm -f "$edges.err"
[ $bad = 0 ] && echo "layers: ok ($(wc -l <"$edges") includes checked)"
exit $bad
