#!/bin/sh
# Part of make test: simtemu spec on every tests/gen kernel of every target, against what
# the kernel's PTX says (tests/gen/ptxparams.awk, which reads only the PTX: the parameter
# slots, their widths, which are pointers and whether the kernel loads from, stores to or
# updates each). For every listing the slots spec prints must be exactly the parameters
# the PTX reads (offset and width); every pointer must be a .buffer; on sm_70 and later
# each pointer's in/out must be the PTX's too (the older generations' guesses do not say
# it). The guessed spec must then run the listing (exit 0) wherever the oldest target's
# guess runs its listing (sm_35's, or the kernel's min-arch's).
# The CUDA 13 listings of ../shared/corpus/cuda13/sass (their -elf -sass dumps, which carry
# the jump tables) are checked the same way where the corpus is at hand, skipped otherwise.
# Prints, per target, the pointers found against those expected.
#   SIMTEMU=./simtemu sh tests/gen/spec.sh      (from the top of the tree)
set -u
S=${SIMTEMU:-./simtemu}
gen=tests/gen
C13=${CORPUS:-../shared/corpus}/cuda13/sass
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# spec's output as "OFFSET BYTES KIND" lines (KIND: in, out, inout, pointer, value)
got_slots() {
	awk '/^\.buffer / { b = $2; k = "pointer"
			if ($0 ~ /# in and out:/) k = "inout"; else if ($0 ~ /# in:/) k = "in"; else if ($0 ~ /# out:/) k = "out"
			kind[b] = k; next }
		/^\.param @/ { off = substr($2, 2); by = ($3 == "u64" || $3 == "f64" || $3 == "s64") ? 8 : 4
			k = ($4 in kind) ? kind[$4] : "value"; printf "%s %d %s\n", off, by, k }' "$1"
}

for ptx in "$gen"/*.ptx; do
	k=$(basename "$ptx" .ptx)
	awk -f "$gen/ptxparams.awk" "$ptx" | grep -v ' unused$' >"$tmp/$k.want"
	# before sm_70 spec says only that a slot is a pointer
	sed 's/ \(in\|out\|inout\)$/ pointer/' "$tmp/$k.want" >"$tmp/$k.want.old"
	npw=$(grep -cv ' value$' "$tmp/$k.want")
	if [ "$npw" = 0 ]; then
		echo "FAIL $k: its PTX has no pointer parameter (ptxparams.awk read nothing)"
		fail=$((fail + 1))
	fi
	# the run of the oldest target's guess: the baseline a newer target's guess must match
	base=
	for f in "$gen/sass/$k".sm_*.sass "$gen/sass/$k".sm_*.nvdisasm "$C13/$k".sm_*.elf.sass; do
		[ -f "$f" ] || continue
		case $f in
		*.nvdisasm) a=$(basename "$f" | sed 's/.*\.sm_\([0-9]*\)\.nvdisasm/\1/'); t="sm_$a-nvdisasm" ;;
		$C13/*) a=$(basename "$f" | sed 's/.*\.sm_\([0-9]*\)\.elf\.sass/\1/'); t="sm_$a-cuda13" ;;
		*) a=$(basename "$f" | sed 's/.*\.sm_\([0-9]*\)\.sass/\1/'); t="sm_$a" ;;
		esac
		want=$tmp/$k.want
		[ "$a" -ge 70 ] || want=$tmp/$k.want.old
		if ! "$S" spec "$f" >"$tmp/g.spec" 2>"$tmp/err"; then
			echo "FAIL $k $t: spec exits $?: $(head -n 1 "$tmp/err")"
			fail=$((fail + 1))
			continue
		fi
		got_slots "$tmp/g.spec" >"$tmp/got"
		npg=$(grep -v ' value$' "$tmp/got" | grep -cFx -f - "$want")
		echo "$t $npg $npw" >>"$tmp/tally"
		if cmp -s "$tmp/got" "$want"; then pass=$((pass + 1)); else
			fail=$((fail + 1))
			echo "FAIL $k $t: slots (offset bytes kind) differ from the PTX's (< spec, > PTX):"
			diff "$tmp/got" "$want" | grep '^[<>]' | sed 's/^/       /'
		fi
		"$S" run -q --max-steps 100000000 --spec "$tmp/g.spec" "$f" >"$tmp/out" 2>&1
		rc=$?
		[ -n "$base" ] || base=$rc # the oldest target's (sm_35, or the kernel's min-arch)
		if [ -n "$base" ] && [ "$base" = 0 ] && [ "$rc" != 0 ]; then
			fail=$((fail + 1))
			echo "FAIL $k $t: its guessed spec does not run (exit $rc; sm_35's does): $(head -n 2 "$tmp/out")"
		else
			pass=$((pass + 1))
		fi
	done
	[ -n "$base" ] || { echo "FAIL $k: no listing"; fail=$((fail + 1)); }
done
[ -d "$C13" ] || echo "skip the CUDA 13 listings: no $C13"
# per target: pointers found / expected, over every kernel
awk '{ f[$1] += $2; w[$1] += $3; if (!($1 in seen)) { seen[$1] = 1; o[++n] = $1 } }
	END { for (i = 1; i <= n; i++) printf "  %-16s pointers found %3d of %3d\n", o[i], f[o[i]], w[o[i]] }' "$tmp/tally" |
	sort -t_ -k2 -n
echo "spec: $pass passed, $fail failed"
[ "$fail" = 0 ]
