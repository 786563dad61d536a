#!/bin/sh
# make hwcheck without a GPU: the launcher's spec reading (--print-layout, built without
# CUDA), its CUDA code compiled against cuda.h (or a stand-in), the microkernels compiled
# where nvcc exists, the report on hand-written saved outputs, and the "missing" message.
#   env: BUILD (build), CC (cc), NVCC (nvcc)
: "${BUILD:=build}" "${CC:=cc}" "${NVCC:=nvcc}"
LAYOUT=$BUILD/hwcheck-layout
. "$(dirname "$0")/lib.sh"

same() { # name file: the file equals the text on stdin
	cat >"$tmp/want"
	if cmp -s "$tmp/want" "$tmp/$2"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1:"; diff "$tmp/want" "$tmp/$2"; fi
}

# --- the launcher's reading of specs: offsets and bytes derived by hand (layout.spec's comment)
check "layout" 0 "$LAYOUT" --print-layout --spec tests/hw/saved/layout.spec
same "layout text" out <<'EOF'
kernel layout_k
grid 3 2 1
block 16 4 1
buffer a u8 count 4 bytes 4 init 1 2 255 0
buffer b f32 count 3 bytes 12 init 0.5 0.75 1
buffer c s16 count 2 bytes 4 init -2 -2
buffer d u64 count 2 bytes 16 init 0 0
param 0x0 u8 1 bytes 07
param 0x8 u64 8 address of a
param 0x10 s16 2 bytes ff ff
param 0x14 f32 4 bytes 00 00 c0 3f
param 0x18 u32 4 address of b
param 0x40 s8 1 bytes fd
param 0x42 u16 2 bytes 34 12
param 0x48 f64 8 bytes 00 00 00 00 00 00 00 40
params 80 bytes
EOF
# the microkernels' own specs: two pointers and an int; four pointers; two CTAs of 64
check "layout loopbreak" 0 "$LAYOUT" --print-layout --spec tests/hw/hw_loopbreak.spec
contains "loopbreak in" out "param 0x0 u64 8 address of in"
contains "loopbreak out" out "param 0x8 u64 8 address of out"
contains "loopbreak n" out "param 0x10 s32 4 bytes 20 00 00 00"
contains "loopbreak size" out "params 20 bytes"
check "layout lock" 0 "$LAYOUT" --print-layout --spec tests/hw/hw_lock.spec
contains "lock in" out "param 0x18 u64 8 address of in"
contains "lock size" out "params 32 bytes"
contains "lock init" out "buffer in s32 count 32 bytes 128 init 1 2 3"
check "layout syncthreads" 0 "$LAYOUT" --print-layout --spec tests/hw/hw_syncthreads.spec
contains "syncthreads grid" out "grid 2 1 1"
contains "syncthreads block" out "block 64 1 1"
check "layout exit" 0 "$LAYOUT" --print-layout --spec tests/hw/hw_exit.spec
contains "exit list" out "buffer in s32 count 32 bytes 128 init 0 1 2 -1 -1 5 6 7 8 -1 10"
contains "exit fill" out "buffer out s32 count 32 bytes 128 init 7 7 7"
# what the launcher refuses, each a located error and exit 2
printf '.kernel k\n.buffer r u32 4 = random 1\n' >"$tmp/random.spec"
check "random refused" 2 "$LAYOUT" --print-layout --spec "$tmp/random.spec"
contains "random message" err "random.spec:2: error: buffer 'r': 'random' is not supported by the launcher"
printf '.kernel k\n.const 3 0 u32 1\n' >"$tmp/const.spec"
check "const refused" 2 "$LAYOUT" --print-layout --spec "$tmp/const.spec"
contains "const message" err "error: .const is not supported by the launcher"
printf '.buffer a u32 4\n.param u64 a\n' >"$tmp/nokernel.spec"
check "no kernel" 2 "$LAYOUT" --print-layout --spec "$tmp/nokernel.spec"
contains "no kernel message" err "the spec names no .kernel"
printf '.kernel k\n.buffer a u32 4\n.param u16 a\n' >"$tmp/narrow.spec"
check "narrow address slot" 2 "$LAYOUT" --print-layout --spec "$tmp/narrow.spec"
contains "narrow message" err "narrow.spec:3: error: parameter 'a': a buffer address needs a u32 or u64 slot"
check "spec syntax error" 2 "$LAYOUT" --print-layout --spec tests/hw/hw_ifelse.cu
check "no cuda build" 2 "$LAYOUT" --spec tests/hw/hw_ifelse.spec x.cubin
contains "no cuda message" err "built without CUDA: only --print-layout works"

# --- every microkernel has a spec naming it, with hand-derived .expect lines
for cu in tests/hw/*.cu; do
	n=$(basename "$cu" .cu)
	if grep -qx ".kernel $n" "tests/hw/$n.spec" 2>/dev/null && grep -q '^\.expect .* = ' "tests/hw/$n.spec" &&
		grep -q "void $n(" "$cu"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $n: no tests/hw/$n.spec with '.kernel $n' and .expect values"; fi
done
[ "$(ls tests/hw/*.cu | wc -l)" -eq 10 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: want 10 microkernels"; }

# --- the launcher's CUDA code: against the real cuda.h where there is one, else the stand-in
cuda_inc=
for d in "${CUDA_HOME:-}" "$(dirname "$(dirname "$(command -v "$NVCC" 2>/dev/null || echo /x/x/x)")")" /usr/local/cuda; do
	[ -n "$d" ] && [ -f "$d/include/cuda.h" ] && { cuda_inc=$d/include; break; }
done
check "launcher compiles (${cuda_inc:-stand-in cuda.h})" 0 $CC -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fsyntax-only \
	-I"$BUILD" -I. -I"${cuda_inc:-tests/hw/standin}" tools/hwcheck/launch.c
check "launcher compiles against the stand-in" 0 $CC -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fsyntax-only \
	-I"$BUILD" -I. -Itests/hw/standin tools/hwcheck/launch.c

# --- the microkernels are valid CUDA: compiled where nvcc exists (sm_75: CUDA 10 to 13 have it)
if command -v "$NVCC" >/dev/null 2>&1; then
	for cu in tests/hw/*.cu; do
		check "nvcc $cu" 0 "$NVCC" -cubin -arch=sm_75 -o "$tmp/k.cubin" "$cu"
	done
else
	skip=$((skip + 1))
	echo "hwcheck tests: no nvcc: the microkernels are not compiled here"
fi

# --- the report on saved outputs written by hand (tests/hw/saved/README.md)
check "report" 1 sh tools/hwcheck_report.sh tests/hw/saved match bufbad cntdiff
contains "match verdict" out "verdict match: buffers match, counts equal"
contains "match warp total" out "  warp_inst                27         27       +0"
contains "match thread total" out "  thread_inst             704        704       +0"
contains "bufbad verdict" out "verdict bufbad: buffers mismatch, counts not collected"
contains "bufbad buffers" out "buffers: mismatch (1 of 2 differ)"
contains "bufbad first" out "  out: 2 of 32 differ; first [5]: gpu 12, simtemu 13"
contains "bufbad in" out "  in: 32 values equal"
contains "bufbad expect" out "  simtemu: an .expect of the spec failed"
contains "cntdiff verdict" out "verdict cntdiff: buffers match, counts differ"
contains "cntdiff counts" out "counts: differ (4 opcodes, warp_inst -5, thread_inst -16)"
contains "cntdiff cctl" out "  CCTL                      2          0       -2"
contains "cntdiff thread" out "  thread_inst            1200       1184      -16"
contains "summary" out "hwcheck: 3 kernels: buffers 2 match, 1 mismatch or missing; counts 1 equal, 1 differ, 1 not collected"
check "report all match" 0 sh tools/hwcheck_report.sh tests/hw/saved match cntdiff
check "report missing" 1 sh tools/hwcheck_report.sh tests/hw/saved nothere
contains "missing verdict" out "verdict nothere: buffers missing, counts not collected"
check "report usage" 2 sh tools/hwcheck_report.sh tests/hw/saved

# --- the report on REAL outputs (tests/hwcheck/README.md): the H100's buffers, ncu's
# per-opcode counts and source page (the shared corpus, cuda13/h100), beside simtemu's own
# output for the same kernel (simtemu stats --counts csv, as it prints it today). Values
# from the files' own text: hw_ifelse's ncu line "293 (IADD3: 93; ...)" and "2,784", its
# source page's 48 rows, simtemu's "total,total,293,2784"; hw_call's "383 (...)",
# "2,323" against simtemu's sm_89 listing's "total,total,351,2127".
R=tests/hwcheck
check "report on real outputs" 0 sh tools/hwcheck_report.sh $R hw_ifelse hw_call
contains "real: ifelse counts equal" out "verdict hw_ifelse: buffers match, counts equal, pcs equal"
contains "real: ifelse IADD3" out "  IADD3                    93         93       +0"
contains "real: ifelse warp total" out "  warp_inst               293        293       +0"
contains "real: ifelse thread total" out "  thread_inst            2784       2784       +0"
lacks "real: no group names as opcodes" out "  opcode                    0"
lacks "real: no total row as an opcode" out "  total "
grep -c '^"0x' $R/hw_ifelse.pcs.csv >"$tmp/nrows"
contains "real: the source page has 48 instructions" nrows "48"
contains "real: ifelse pc by pc" out "pcs: equal (48 instructions)"
contains "real: call counts differ" out "counts: differ (8 opcodes, warp_inst -32, thread_inst -196)"
contains "real: call R2UR (sm_90 only)" out "  R2UR                     60          0      -60"
contains "real: call thread total" out "  thread_inst            2323       2127     -196"
contains "real: sm_89 code is not the sm_90 code" out "pcs: not comparable (other code: at 0x0000 the GPU ran LDC, simtemu IMAD.MOV.U32)"
contains "real: call verdict" out "verdict hw_call: buffers match, counts differ, pcs not comparable"
contains "real: summary" out "hwcheck: 2 kernels: buffers 2 match, 0 mismatch or missing; counts 1 equal, 1 differ, 0 not collected; pcs 1 equal, 0 differ, 1 not comparable, 0 not collected"
# the same real files, one count changed by hand (BSSY at 0x0060 issued twice; and the
# row of 0x0070 dropped, as if simtemu never issued it): the pcs say where
mkdir "$tmp/edit"
cp $R/hw_ifelse.* "$tmp/edit/"
sed -e 's/^pc,0x0060,1,32,32,/pc,0x0060,2,32,32,/' -e '/^pc,0x0070,/d' $R/hw_ifelse.emu.pc.csv >"$tmp/edit/hw_ifelse.emu.pc.csv"
check "report on an edited pc count" 0 sh tools/hwcheck_report.sh "$tmp/edit" hw_ifelse
contains "edited: verdict" out "pcs: differ (2 of 48 instructions: warp_inst at 2, thread_inst at 1, predicated-on at 1)"
contains "edited: BSSY row" out "  0x0060          1        2        32        32  BSSY B0, 0x7fc4c37ac400"
contains "edited: missing row" out "  0x0070          1        0        32         0  LOP3.LUT R4, R0, 0x1, RZ, 0xc0, !PT"
contains "edited: summary" out "pcs 0 equal, 1 differ, 0 not comparable, 0 not collected"

# --- without the tools: what is missing, exit 0 (names no machine has for nvcc and cuobjdump)
check "nothing there" 0 env PATH=/usr/bin:/bin NVCC=nvcc-none CUOBJDUMP=cuobjdump-none CUDA_HOME= HWCHECK_DEV="$tmp/nodev" sh tools/hwcheck.sh
same "nothing there text" out <<EOF
hwcheck: skipped: missing
  nvcc (the CUDA compiler: compiles tests/hw/*.cu)
  cuobjdump (dumps the SASS simtemu runs)
  cuda.h (the driver API header, from CUDA_HOME/include, for the launcher)
  an NVIDIA GPU ($tmp/nodev does not exist)
hwcheck: nothing was run; see docs/hwcheck.md for what it needs
EOF
# a toolkit without a GPU: only the GPU is missing
mkdir -p "$tmp/cuda/bin" "$tmp/cuda/include"
printf '#!/bin/sh\nexit 0\n' >"$tmp/cuda/bin/nvcc"
cp "$tmp/cuda/bin/nvcc" "$tmp/cuda/bin/cuobjdump"
chmod +x "$tmp/cuda/bin/nvcc" "$tmp/cuda/bin/cuobjdump"
: >"$tmp/cuda/include/cuda.h"
check "toolkit, no gpu" 0 env PATH="$tmp/cuda/bin:/usr/bin:/bin" CUDA_HOME= HWCHECK_DEV="$tmp/nodev" sh tools/hwcheck.sh
same "toolkit, no gpu text" out <<EOF
hwcheck: skipped: missing
  an NVIDIA GPU ($tmp/nodev does not exist)
hwcheck: nothing was run; see docs/hwcheck.md for what it needs
EOF

echo "hwcheck: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
