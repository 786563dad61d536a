#!/bin/sh
# A stand-in for `nvcc -cubin` (tests/toolkit.sh copies it to a fake toolkit's bin/nvcc): CUDA
# 11.8's nvcc from `make toolkit` cannot compile CUDA C here (its package's headers and a gcc
# it supports are missing), so this one compiles the kernel's PTX twin (scale.cu -> scale.ptx,
# or $STANDIN_PTX) with the real ptxas ($STANDIN_PTXAS). It checks the command line simtemu
# gives nvcc, writes the -arch it got to $STANDIN_LOG, fails when $STANDIN_FAIL is set, writes
# a file no cuobjdump reads when $STANDIN_GARBAGE is, and says it is $STANDIN_RELEASE (11.8).
case "${1:-}" in --version)
	echo "nvcc: NVIDIA (R) Cuda compiler driver (simtemu's test stand-in)"
	echo "Cuda compilation tools, release ${STANDIN_RELEASE:-11.8}, V${STANDIN_RELEASE:-11.8}.0"
	exit 0 ;;
esac
[ "$1" = -cubin ] && [ "$3" = -x ] && [ "$4" = cu ] && [ "$5" = -o ] && [ $# -eq 7 ] ||
	{ echo "stand-in nvcc: unexpected command line: $*" >&2; exit 9; }
arch=${2#-arch=}
echo "$arch" >"$STANDIN_LOG"
if [ -n "${STANDIN_FAIL:-}" ]; then
	echo "$7(3): error: identifier \"undefined_thing\" is undefined" >&2
	exit 1
fi
if [ -n "${STANDIN_GARBAGE:-}" ]; then
	echo "not a cubin" >"$6"
	exit 0
fi
exec "$STANDIN_PTXAS" -arch="$arch" -o "$6" "${STANDIN_PTX:-${7%.cu}.ptx}"
