#!/bin/sh
# Part of make test, without NVIDIA's toolkit: the shape of tests/gen's committed
# listings. For every kernel: a header comment, a spec that simtemu reads, a reference in
# refs.c, and for every architecture it supports a cuobjdump listing that says
# `code for sm_XX` (plus nvdisasm listings for sm_52 and sm_86 naming that SM), each with
# contiguous instruction addresses; no listing without a kernel; refs.c compiles.
# (make regen-check compares the listings with the compiler's output.)
#   SIMTEMU=./simtemu sh tests/gen/check.sh      (from the top of the tree)
set -u
ARCHS="35 37 50 52 53 60 61 62 70 72 75 80 86 87 89 90"
NVDISASM_ARCHS="52 86"
gen=tests/gen
CC=${CC:-cc}
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for ptx in "$gen"/*.ptx; do
	k=$(basename "$ptx" .ptx)
	err=
	min=$(sed -n 's|^[[:space:]]*//[[:space:]]*min-arch:[[:space:]]*sm_\([0-9]*\).*|\1|p' "$ptx" | head -n 1)
	: "${min:=35}"
	head -n 1 "$ptx" | grep -q "^// $k: " || err="$err; no header comment '// $k: ...'"
	[ -f "$gen/$k.spec" ] || err="$err; no $k.spec"
	grep -q "{\"$k\", ref_" "$gen/refs.c" || err="$err; no reference in refs.c"
	if [ -f "$gen/$k.spec" ] && [ -n "${SIMTEMU:-}" ] &&
		! "$SIMTEMU" run -q --spec "$gen/$k.spec" "$gen/load.sass" >"$tmp/out" 2>&1; then
		err="$err; simtemu does not take $k.spec: $(head -n 1 "$tmp/out")"
	fi
	n=0
	for a in $ARCHS; do
		[ "$a" -ge "$min" ] || continue
		f=$gen/sass/$k.sm_$a.sass
		echo "$k.sm_$a.sass" >>"$tmp/expected"
		if [ ! -f "$f" ]; then
			err="$err; no sass/$k.sm_$a.sass"
			continue
		fi
		grep -q "code for sm_$a\$" "$f" || err="$err; $k.sm_$a.sass does not say code for sm_$a"
		sh tools/regen.sh --contiguous "$k" "$a" "$f" 2>>"$tmp/gaps" || err="$err; $k.sm_$a.sass has a gap"
		n=$((n + 1))
		for d in $NVDISASM_ARCHS; do
			[ "$a" = "$d" ] || continue
			f=$gen/sass/$k.sm_$a.nvdisasm
			echo "$k.sm_$a.nvdisasm" >>"$tmp/expected"
			if [ ! -f "$f" ]; then
				err="$err; no sass/$k.sm_$a.nvdisasm"
				continue
			fi
			grep -q "EF_CUDA_SM$a " "$f" || err="$err; $k.sm_$a.nvdisasm is not for sm_$a"
			sh tools/regen.sh --contiguous "$k" "$a" "$f" 2>>"$tmp/gaps" || err="$err; $k.sm_$a.nvdisasm has a gap"
		done
	done
	if [ -z "$err" ]; then
		echo "ok   $k ($n archs from sm_$min)"
		pass=$((pass + 1))
	else
		echo "FAIL $k${err#;}" | sed 's/; /\n       /g'
		fail=$((fail + 1))
	fi
done
[ -s "$tmp/gaps" ] && sed 's/^/  /' "$tmp/gaps"

# listings of no kernel or of an architecture it does not support
ls "$gen/sass" | sort >"$tmp/have"
sort "$tmp/expected" >"$tmp/want"
extra=$(comm -23 "$tmp/have" "$tmp/want" | tr '\n' ' ')
if [ -z "$extra" ]; then
	echo "ok   no stray listings"
	pass=$((pass + 1))
else
	echo "FAIL stray listings in $gen/sass: $extra"
	fail=$((fail + 1))
fi

if $CC -std=c11 -Wall -Wextra -Werror -c -D_GNU_SOURCE -I "${BUILD:-build}" -I . -I tests/conformance "$gen/refs.c" -o "$tmp/refs.o" 2>"$tmp/cc"; then
	echo "ok   refs.c compiles"
	pass=$((pass + 1))
else
	cat "$tmp/cc"
	echo "FAIL refs.c does not compile"
	fail=$((fail + 1))
fi
echo "gen: $pass passed, $fail failed"
[ "$fail" = 0 ]
