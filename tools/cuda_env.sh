# Sourced by tools/toolkit.sh and tools/regen.sh: where NVIDIA's ptxas, cuobjdump and
# nvdisasm are. SIMTEMU_CUDA names a directory whose bin/ holds them; without it,
# $BUILD/cuda/usr (what `make toolkit` extracts), then PATH.
# Sets CUDA_BIN (empty when the tools are on PATH) and cuda_missing (names not found).
: "${BUILD:=build}"
if [ -n "${SIMTEMU_CUDA:-}" ]; then
	CUDA_BIN=$SIMTEMU_CUDA/bin/
elif [ -x "$BUILD/cuda/usr/bin/ptxas" ]; then
	CUDA_BIN=$BUILD/cuda/usr/bin/
else
	CUDA_BIN=
fi
cuda_missing=
for t in ptxas cuobjdump nvdisasm; do
	if [ -n "$CUDA_BIN" ]; then
		[ -x "$CUDA_BIN$t" ] || cuda_missing="$cuda_missing $t"
	else
		command -v "$t" >/dev/null 2>&1 || cuda_missing="$cuda_missing $t"
	fi
done
PTXAS=${CUDA_BIN}ptxas
CUOBJDUMP=${CUDA_BIN}cuobjdump
NVDISASM=${CUDA_BIN}nvdisasm
