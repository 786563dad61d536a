#!/bin/sh
# make regen: compile every tests/gen/*.ptx with ptxas for each architecture it supports
# and write the disassembly to tests/gen/sass/ (committed, so tests never need the toolkit):
#   <kernel>.sm_XX.sass       cuobjdump -elf -sass, every supported arch
#   <kernel>.sm_XX.nvdisasm   nvdisasm -c, for sm_52 and sm_86
# make regen-check (tools/regen.sh --check): regenerate into a temporary directory and fail
# when a committed listing differs; without the toolkit it says what is missing and exits 0.
#
# A kernel supports sm_35 and up unless its .ptx has a line `// min-arch: sm_XX`.
# Every listing's instruction addresses must be contiguous (the disassemblers silently
# leave out a few instructions they cannot print, e.g. sm_90's VIMNMX): 16 bytes each on
# sm_70+, 8 bytes on sm_3x-sm_6x where the scheduling control words take address slots
# without being printed as instructions (one slot in 8 from 0x0 on sm_3x, one in 4 on
# sm_5x/sm_6x). A gap fails the run, naming the kernel and architecture.
set -eu
: "${BUILD:=build}"
ARCHS="35 37 50 52 53 60 61 62 70 72 75 80 86 87 89 90"
NVDISASM_ARCHS="52 86"
gen=tests/gen
check=0
[ "${1:-}" = --check ] && check=1

# min-arch of a kernel (number), from its `// min-arch: sm_XX` line
min_arch() { sed -n 's|^[[:space:]]*//[[:space:]]*min-arch:[[:space:]]*sm_\([0-9]*\).*|\1|p' "$1" | head -n 1; }

# contiguous KERNEL ARCH FILE: every printed instruction address follows the previous one
contiguous() {
	awk -v arch="$2" -v what="$1.sm_$2 ($(basename "$3"))" '
	function hex(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
		return v
	}
	function control(a) { return padding ? 0 : arch < 50 ? a % 64 == 0 : arch < 70 ? a % 32 == 0 : 0 }
	function next_addr(a) {
		a += arch >= 70 ? 16 : 8
		while (control(a)) a += 8
		return a
	}
	/Function :|^[[:space:]]*\.section[[:space:]]/ { padding = 0; expect = next_addr(-(arch >= 70 ? 16 : 8)); infn = 1; next }
	infn && /^[[:space:]]*\/\*[0-9a-fA-F]+\*\// {
		s = $0; sub(/^[[:space:]]*\/\*/, "", s); sub(/\*\/.*/, "", s)
		a = hex(s)
		# sm_3x: the padding after the code (a branch to itself, then NOPs) starts on
		# the next 8-byte slot, control slot or not, and has no control words
		t = s; sub(/^0+/, "", t)
		if (arch < 50 && a == expect - 8 && control(a) && $0 ~ ("BRA 0x" t ";"))
			padding = 1
		else if (a != expect) {
			printf "regen: %s: instruction at 0x%04x, expected 0x%04x: the disassembler left something out\n", what, a, expect > "/dev/stderr"
			bad = 1
		}
		expect = next_addr(a)
		n++
	}
	END { if (n == 0) { printf "regen: %s: no instructions\n", what > "/dev/stderr"; bad = 1 } exit bad }' "$3"
}

# tools/regen.sh --contiguous KERNEL ARCH LISTING: only that check (used by tests/gen/check.sh)
if [ "${1:-}" = --contiguous ]; then
	contiguous "$2" "$3" "$4"
	exit
fi

. tools/cuda_env.sh
if [ -n "$cuda_missing" ]; then
	where=${CUDA_BIN:-PATH}
	if [ $check = 1 ]; then
		echo "regen-check: skipped: NVIDIA tools missing:$cuda_missing (looked in $where); 'make toolkit' fetches them, or set SIMTEMU_CUDA=DIR with them in DIR/bin"
		exit 0
	fi
	echo "regen: NVIDIA tools missing:$cuda_missing (looked in $where); run 'make toolkit', or set SIMTEMU_CUDA=DIR with them in DIR/bin" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sass" "$tmp/cubin"

fail=0
nk=0 nl=0
for ptx in "$gen"/*.ptx; do
	k=$(basename "$ptx" .ptx)
	min=$(min_arch "$ptx")
	: "${min:=35}"
	nk=$((nk + 1))
	for a in $ARCHS; do
		[ "$a" -ge "$min" ] || continue
		cubin=$tmp/cubin/$k.sm_$a.cubin
		if ! "$PTXAS" -arch=sm_$a -o "$cubin" "$ptx" 2>"$tmp/err"; then
			echo "regen: $k.sm_$a: ptxas failed:" >&2
			cat "$tmp/err" >&2
			fail=1
			continue
		fi
		# -elf too: the constant banks (literal pools) the SASS text lacks; simtemu reads them
		"$CUOBJDUMP" -elf -sass "$cubin" >"$tmp/sass/$k.sm_$a.sass"
		grep -q "code for sm_$a\$" "$tmp/sass/$k.sm_$a.sass" ||
			{ echo "regen: $k.sm_$a: cuobjdump does not say code for sm_$a" >&2; fail=1; }
		contiguous "$k" "$a" "$tmp/sass/$k.sm_$a.sass" || fail=1
		nl=$((nl + 1))
		for d in $NVDISASM_ARCHS; do
			[ "$a" = "$d" ] || continue
			"$NVDISASM" -c "$cubin" >"$tmp/sass/$k.sm_$a.nvdisasm"
			contiguous "$k" "$a" "$tmp/sass/$k.sm_$a.nvdisasm" || fail=1
			nl=$((nl + 1))
		done
	done
done
[ $fail = 0 ] || { echo "regen: FAILED (nothing written)" >&2; exit 1; }

if [ $check = 1 ]; then
	if diff -r "$gen/sass" "$tmp/sass" >"$tmp/diff" 2>&1; then
		echo "regen-check: ok: $nl listings of $nk kernels match ($("$PTXAS" --version | sed -n 's/^Cuda compilation tools, //p'))"
		exit 0
	fi
	sed 's/^/  /' "$tmp/diff" | head -n 40 >&2
	echo "regen-check: FAILED: committed listings in $gen/sass differ from the compiler's output (make regen rewrites them)" >&2
	exit 1
fi
rm -rf "$gen/sass"
mkdir -p "$gen/sass"
cp "$tmp"/sass/* "$gen/sass/"
echo "regen: wrote $nl listings of $nk kernels to $gen/sass ($("$PTXAS" --version | sed -n 's/^Cuda compilation tools, //p'))"
