#!/bin/sh
# Issue 28, old listings' last gaps: Tesla constants indexed by an address register,
# the texture instructions of sm_30 to sm_89 and the .texture directive. The listings of
# tests/tex/ are hand-written (Tesla) or CUDA 11.8's (ptxas + cuobjdump -sass of the
# tests/tex/*.ptx kernels); every expected value is derived by hand in the spec or the
# listing's comment, or by tests/tex/ref.c (a C reference of the PTX kernels).
#   SIMTEMU=./simtemu sh tests/tex.sh      (from the top of the tree)
set -u
. tests/lib.sh
S=${SIMTEMU:-./simtemu}
d=tests/tex

# --- Tesla: c [b] [An+k] ---
check "tesla c [b] [An+k]: values by hand" 0 "$S" run $d/tesla_aconst.sass
contains "tesla c [b] [An+k]: out" out "expect out: ok (8 values)"
check "tesla c [b] [An+k] past the bank traps" 3 "$S" run $d/tesla_aconst_oob.sass
contains "tesla c [b] [An+k] trap: which access" err "trap: out-of-bounds or misaligned constant access c [0x1] [0x10000] of 4 bytes"
contains "tesla c [b] [An+k] trap: lane 1" err "lane 1, pc 0x0018 (tests/tex/tesla_aconst_oob.sass:7)"
printf '.target sm_20\n\t\tFunction : k\n\tMOV R1, c [0x1] [A1];\n\tEXIT;\n' >"$tmp/fermi.sass"
check "c [b] [An+k] on sm_20: an error" 2 "$S" run "$tmp/fermi.sass"
contains "c [b] [An+k] on sm_20: located" err "fermi.sass:3:10: error: a constant indexed by an address register (c [b] [An+k]) exists only on sm_1x, not on sm_20"
printf '.target sm_10\n\t\tFunction : k\n\tMOV R1, c [0x1] [A1+0x4000];\n' >"$tmp/far.sass"
check "c [b] [An+k] offset past the bank: an error" 2 "$S" run "$tmp/far.sass"
contains "c [b] [An+k] offset: located" err "far.sass:3:10: error: constant operand out of range"

echo "tex: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
