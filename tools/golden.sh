#!/bin/sh
# Behaviour goldens: `stats --counts json --by mnemonic` with every buffer dumped, for each
# example, kernel, bench kernel and conformance case (corpus cases when the corpus is there).
#   tools/golden.sh record SIMTEMU CORPUS   (re)write tests/golden/behaviour/
#   tools/golden.sh check  SIMTEMU CORPUS   compare with them; exit 1 on any difference
# Each case has two files, the streams kept apart so that neither depends on how the
# other was buffered: NAME.out is stdout (a sha256 digest when it is over 200000 bytes),
# NAME.err is stderr and then the line `exit STATUS`. The corpus folder is cut out of
# both (messages name a listing as given, CORPUS/x.sass), so any CORPUS path gives the
# same files.
# A refactoring must leave every one byte-identical; a change of behaviour re-records them
# in the same commit, with the reason in its message.
set -u
mode=$1 bin=$2 corpus=$3
dir=tests/golden/behaviour
[ "$mode" = record ] && mkdir -p "$dir"
tmp=$(mktemp); trap 'rm -f "$tmp" "$tmp.err"' EXIT
pass=0 fail=0 skip=0 notyet=0

# the buffers a file declares, as --dump options
dumps() { cat "$@" 2>/dev/null | sed -n 's/^[[:space:]]*\.buffer[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\).*/--dump \1/p' | sort -u | tr '\n' ' '; }

# the corpus folder as a sed pattern: its characters literal, whatever they are
cpat=$(printf '%s/\n' "$corpus" | sed 's/[][\\.*^$|]/\\&/g')

one() { # name listing [spec] [extra options]
	name=$1 listing=$2 spec=${3:-}
	shift 2; [ $# -gt 0 ] && shift
	if [ -n "$spec" ]; then
		set -- --spec "$spec" "$@"
	fi
	# shellcheck disable=SC2046
	"$bin" stats --counts json --by mnemonic $(dumps "$listing" $spec) "$@" "$listing" >"$tmp" 2>"$tmp.err"
	echo "exit $?" >>"$tmp.err"
	sed -i "s|$cpat||g" "$tmp" "$tmp.err"
	# big dumps (the bench kernels) are kept as a digest
	if [ "$(wc -c <"$tmp")" -gt 200000 ]; then
		sha256sum <"$tmp" | cut -d' ' -f1 >"$tmp.d" && mv "$tmp.d" "$tmp"
	fi
	if [ "$mode" = record ]; then
		cp "$tmp" "$dir/$name.out" && cp "$tmp.err" "$dir/$name.err"
	elif cmp -s "$tmp" "$dir/$name.out" && cmp -s "$tmp.err" "$dir/$name.err"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "golden: $name differs:"
		diff "$dir/$name.out" "$tmp" | head -20; diff "$dir/$name.err" "$tmp.err" | head -20
	fi
}

for f in examples/*.sass kernels/*.sass bench/*.sass; do
	b=$(basename "$f" .sass); d=$(basename "$(dirname "$f")")
	one "$d-$b" "$f"
done
for s in tests/conformance/*.spec; do
	b=$(basename "$s" .spec); listing=$corpus/${b%%.*}.sass
	if [ ! -f "$listing" ]; then skip=$((skip + 1)); continue; fi
	# a case with no golden yet whose listing does not assemble (an sm_70+ listing waiting for
	# its instructions; conformance.c's asm_pending) is not runnable yet: once it assembles,
	# check mode fails until its golden is recorded
	if [ ! -f "$dir/corpus-$b.out" ] && ! "$bin" asm --spec "$s" "$listing" >/dev/null 2>&1; then
		notyet=$((notyet + 1)); continue
	fi
	steps=; case $b in *MatrixCount_4.loop) steps="--max-steps 200000";; esac
	# shellcheck disable=SC2086
	one "corpus-$b" "$listing" "$s" $steps
done
[ "$mode" = record ] && { echo "recorded $(ls "$dir" | grep -c '\.out$') goldens"; exit 0; }
echo "golden: $pass passed, $fail failed, $skip skipped (no corpus)$([ "$notyet" = 0 ] || echo ", $notyet not runnable yet (no golden, the listing does not assemble)")"
[ "$fail" = 0 ]
