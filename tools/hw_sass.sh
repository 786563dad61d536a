#!/bin/sh
# The hwcheck microkernels (tests/hw/*.cu) as NVIDIA's compilers make them, for simtemu's own
# tests: nvcc turns each into PTX for sm_75, ptxas (the toolkit of `make toolkit`, CUDA
# 11.8) compiles the PTX for sm_75 and sm_86 and cuobjdump prints the SASS into
# tests/hw/sass/NAME.sm_XX.sass. A newer nvcc writes a newer PTX ISA version than ptxas 11.8
# reads; the kernels use nothing newer than 7.8, so the version line is set to 7.8.
#   sh tools/hw_sass.sh            (needs nvcc on PATH or NVCC, and `make toolkit`)
set -eu
: "${BUILD:=build}" "${NVCC:=nvcc}"
. tools/cuda_env.sh
command -v "$NVCC" >/dev/null 2>&1 || { echo "hw_sass: no nvcc (set NVCC)"; exit 2; }
[ -z "$cuda_missing" ] || { echo "hw_sass: missing$cuda_missing: run make toolkit"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for cu in tests/hw/*.cu; do
	k=$(basename "$cu" .cu)
	"$NVCC" -ptx -arch=sm_75 -o "$tmp/$k.ptx" "$cu"
	sed -i 's/^\.version [0-9.]*/.version 7.8/' "$tmp/$k.ptx"
	for a in 75 86; do
		"${CUDA_BIN}ptxas" -arch=sm_$a -o "$tmp/$k.cubin" "$tmp/$k.ptx" 2>/dev/null
		"${CUDA_BIN}cuobjdump" -sass "$tmp/$k.cubin" >"tests/hw/sass/$k.sm_$a.sass"
	done
done
echo "hw_sass: wrote $(ls tests/hw/sass | wc -l) listings to tests/hw/sass/"
