#!/bin/sh
# make hwcheck: the microkernels of tests/hw on a real NVIDIA GPU beside simtemu's runs of
# their SASS (docs/hwcheck.md). Needs nvcc, cuobjdump, cuda.h and a GPU; ncu adds counts.
# Where something is missing it says what and exits 0.
#   env: SIMTEMU (./simtemu), BUILD (build), CC (cc), NVCC (nvcc), CUOBJDUMP, NCU (ncu),
#        CUDA_HOME (nvcc's parent), HWCHECK_ARCH (sm_XY; default: device 0's),
#        HWCHECK_KERNELS (names; default: every tests/hw/*.cu), HWCHECK_DEV (/dev/nvidia0)
set -u
: "${SIMTEMU:=./simtemu}" "${BUILD:=build}" "${CC:=cc}" "${NVCC:=nvcc}" "${NCU:=ncu}"
: "${HWCHECK_DEV:=/dev/nvidia0}"
hw=tests/hw
out=$BUILD/hwcheck

have() { command -v "$1" >/dev/null 2>&1; }
nvcc_path=$(command -v "$NVCC" 2>/dev/null)
: "${CUDA_HOME:=${nvcc_path:+$(dirname "$(dirname "$nvcc_path")")}}"
if [ -z "${CUOBJDUMP:-}" ]; then
	if have cuobjdump; then CUOBJDUMP=cuobjdump
	elif [ -n "$nvcc_path" ] && [ -x "$(dirname "$nvcc_path")/cuobjdump" ]; then CUOBJDUMP=$(dirname "$nvcc_path")/cuobjdump
	else CUOBJDUMP=cuobjdump; fi
fi

missing=
[ -n "$nvcc_path" ] || missing="$missing
  nvcc (the CUDA compiler: compiles tests/hw/*.cu)"
have "$CUOBJDUMP" || missing="$missing
  cuobjdump (dumps the SASS simtemu runs)"
[ -n "${CUDA_HOME:-}" ] && [ -f "$CUDA_HOME/include/cuda.h" ] || missing="$missing
  cuda.h (the driver API header, from CUDA_HOME/include, for the launcher)"
[ -e "$HWCHECK_DEV" ] || missing="$missing
  an NVIDIA GPU ($HWCHECK_DEV does not exist)"
if [ -n "$missing" ]; then
	echo "hwcheck: skipped: missing$missing"
	echo "hwcheck: nothing was run; see docs/hwcheck.md for what it needs"
	exit 0
fi

mkdir -p "$out" || exit 2
launch=$out/hwcheck-launch
lib=$CUDA_HOME/lib64
[ -d "$lib" ] || lib=$CUDA_HOME/lib
# the driver's libcuda at run time; the toolkit's stub if the linker finds no other
if ! $CC -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -I"$BUILD" -I. -I"$CUDA_HOME/include" -o "$launch" \
	tools/hwcheck/launch.c "$BUILD/libsimtemu.a" -L"$lib" -L"$lib/stubs" -lcuda -lm; then
	echo "hwcheck: the launcher (tools/hwcheck/launch.c) did not build" >&2
	exit 2
fi
if [ -z "${HWCHECK_ARCH:-}" ]; then
	if ! HWCHECK_ARCH=$("$launch" --arch); then
		echo "hwcheck: skipped: missing"
		echo "  a working CUDA driver (the launcher could not query the GPU: see above)"
		exit 0
	fi
fi
arch=$HWCHECK_ARCH
ncu=
have "$NCU" && ncu=$NCU
echo "hwcheck: $arch, $("$NVCC" --version | sed -n 's/^Cuda compilation tools, //p'), counts: ${ncu:-not collected (no ncu)}"

names=${HWCHECK_KERNELS:-$(for f in "$hw"/*.cu; do basename "$f" .cu; done)}
for n in $names; do
	spec=$hw/$n.spec
	dumps=$(awk '$1 == ".buffer" { printf " --dump %s", $2 }' "$spec")
	rm -f "$out/$n".*
	if ! "$NVCC" -cubin -arch="$arch" -o "$out/$n.cubin" "$hw/$n.cu" 2>"$out/$n.nvcc.err" ||
		! "$CUOBJDUMP" -sass "$out/$n.cubin" >"$out/$n.sass" 2>"$out/$n.cuobjdump.err"; then
		echo "hwcheck: $n: nvcc or cuobjdump failed (see $out/$n.*.err)" >&2
		continue
	fi
	# shellcheck disable=SC2086 # $dumps is a list of options
	"$launch" --spec "$spec" $dumps "$out/$n.cubin" >"$out/$n.gpu.dump" 2>"$out/$n.gpu.err"
	echo "# status $?" >>"$out/$n.gpu.dump"
	# shellcheck disable=SC2086
	"$SIMTEMU" run -q --spec "$spec" --target "$arch" $dumps "$out/$n.sass" >"$out/$n.emu.dump" 2>"$out/$n.emu.err"
	echo "# status $?" >>"$out/$n.emu.dump"
	if [ -n "$ncu" ]; then
		"$ncu" --csv --log-file "$out/$n.ncu.csv" --print-units base --print-metric-instances details \
			--metrics sass__inst_executed_per_opcode,smsp__thread_inst_executed.sum \
			"$launch" --spec "$spec" "$out/$n.cubin" >/dev/null 2>"$out/$n.ncu.err" || rm -f "$out/$n.ncu.csv"
		"$SIMTEMU" stats -q --counts csv --by opcode --spec "$spec" --target "$arch" "$out/$n.sass" \
			>"$out/$n.emu.csv" 2>>"$out/$n.emu.err"
		[ $? -le 1 ] || rm -f "$out/$n.emu.csv" # 1: an .expect failed, the counts stand
		# per instruction: ncu's source page (SourceCounters) and simtemu's counts by pc
		"$ncu" --section SourceCounters --page source --csv --print-source sass --log-file "$out/$n.pcs.csv" \
			"$launch" --spec "$spec" "$out/$n.cubin" >/dev/null 2>"$out/$n.pcs.err" || rm -f "$out/$n.pcs.csv"
		"$SIMTEMU" stats -q --counts csv --by pc --spec "$spec" --target "$arch" "$out/$n.sass" \
			>"$out/$n.emu.pc.csv" 2>>"$out/$n.emu.err"
		[ $? -le 1 ] || rm -f "$out/$n.emu.pc.csv"
	fi
done
# shellcheck disable=SC2086
sh tools/hwcheck_report.sh "$out" $names
