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

# --- textures: tests/tex/texk.ptx on every target against its C reference ---
CC=${CC:-cc}
if $CC -std=c11 -ffp-contract=off -o "$tmp/ref" $d/ref.c -lm 2>"$tmp/cc.err"; then
	"$tmp/ref" >"$tmp/expect"
	cat $d/texk.spec "$tmp/expect" >"$tmp/texk.spec"
	for a in 35 52 61 70 75 80; do
		check "texk sm_$a: the C reference's 512 words" 0 "$S" run --spec "$tmp/texk.spec" $d/texk.sm_$a.sass
		contains "texk sm_$a: out" out "expect out: ok (512 values)"
	done
	# the control: one texel changed, and the expectation fails where it is read
	sed 's/^.texture r2d f32x2 6x5 = iota 0.5 0.25/.texture r2d f32x2 6x5 = iota 0.5 0.5/' "$tmp/texk.spec" >"$tmp/bad.spec"
	check "texk: other texels, the reference differs" 1 "$S" run --spec "$tmp/bad.spec" $d/texk.sm_52.sass
	# the -elf listing's relocations bind the texture references by name: without those lines
	# (a plain -sass listing), r2d's handle is the .param line's, here r1d's: other values
	sed '/^.section .rel.nv.constant0/,/^$/d' $d/texk.sm_35.sass >"$tmp/norel.sass"
	sed 's/^.param u32 r2d$/.param u32 r1d/' "$tmp/texk.spec" >"$tmp/swap.spec"
	check "no relocations: the .param lines bind, the reference holds" 0 "$S" run --spec "$tmp/texk.spec" "$tmp/norel.sass"
	check "no relocations, r2d bound to r1d: the reference fails" 1 "$S" run --spec "$tmp/swap.spec" "$tmp/norel.sass"
	check "relocations win over a wrong .param" 0 "$S" run --spec "$tmp/swap.spec" $d/texk.sm_35.sass
	# a convolution over a 2D texture object, as nvcc compiles one (conv.cu)
	"$tmp/ref" conv >"$tmp/conv.expect"
	cat $d/conv3.spec "$tmp/conv.expect" >"$tmp/conv3.spec"
	for a in 52 75; do
		check "conv3 sm_$a: the C reference" 0 "$S" run --spec "$tmp/conv3.spec" $d/conv.sm_$a.sass
		contains "conv3 sm_$a: out" out "expect out: ok (91 values)"
	done
else
	skip=$((skip + 1))
	echo "SKIP texk, conv3: no C compiler ($CC)"
fi
# an sgemm-like inner loop over float4 texels (tex1Dfetch), values by hand in dot4.spec
for a in 52 75; do
	check "dot4 sm_$a: values by hand" 0 "$S" run --spec $d/dot4.spec $d/conv.sm_$a.sass
	contains "dot4 sm_$a: out" out "expect out: ok (8 values)"
done
# hand-derived: r1d's texel 4 is 7 + 3 * 4 = 19, which thread 7 fetches first (l - 3 = 4)
check "texk sm_35 under the plain spec" 0 "$S" run --spec $d/texk.spec $d/texk.sm_35.sass --dump out
contains "texk: thread 7 fetches texel 4 of r1d (19)" out "  19 "

# --- each form's components, masks, swizzles and coordinate registers, by hand ---
for a in 35 52 70; do
	check "forms sm_$a: values by hand" 0 "$S" run $d/forms.sm_$a.sass
	contains "forms sm_$a: out" out "result: ok (1 of 1 .expect held)"
done

# --- the directive's and the instructions' errors: located, exit 2 ---
t() { printf '%s\n' "$@" >"$tmp/t.spec"; }
t '.texture a f64 4'
check ".texture f64: an error" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture f64: why" err "t.spec:1:12: error: 'f64': unsupported texel type (64-bit components)"
t '.texture a f32 4x4x4'
check ".texture 3D: an error" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture 3D: why" err "unsupported texture: 3D textures are not emulated (1D and 2D are)"
t '.texture a f32 4 linear'
check ".texture linear: an error" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture linear: why" err "t.spec:1:18: error: unsupported texture option 'linear'"
t '.texture a f32 4 wrap'
check ".texture wrap without norm: an error" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture wrap: why" err "wrap addressing needs normalised coordinates (norm)"
t '.texture a f32x3 4'
check ".texture f32x3: an error" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture f32x3: why" err "a texel has 1, 2 or 4 components"
t '.texture a f32 4 = 1 2 3'
check ".texture: too few values" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture values: why" err "3 values given for 4 elements"
t '.buffer a f32 4' '.texture a f32 4'
check ".texture named as a buffer" 2 "$S" run --spec "$tmp/t.spec" $d/texk.sm_52.sass
contains ".texture named as a buffer: why" err "texture 'a' has the name of a buffer"
# a handle that names no texture traps, naming where it came from
check "no texture at the handle: a trap" 3 "$S" run $d/nohandle.sass
contains "no texture: what and where" err "trap: texture handle 0x9 (from c[0x0][0x140]) names no .texture"
# unsupported forms of the instructions: errors naming them, never syntax errors
for ins in 'TEX.T.DC R0, R4, 0x53, 2D, 0x1' 'TEX.T R0, R4, 0x53, 3D, 0x1' 'TEX.T R0, R4, 0x53, ARRAY_2D, 0x1' \
	'TXQ.T R10, RZ, TEX_HEADER_TEXTURE_TYPE, 0x54, 0x1' 'TLD.LZ.T.AOFFI R4, R2, 0x53, 1D, 0x3'; do
	printf '.target sm_35\n\t\tFunction : k\n\t%s;\n\tEXIT;\n' "$ins" >"$tmp/ins.sass"
	check "$ins: an error" 2 "$S" run "$tmp/ins.sass"
	lacks "$ins: not a syntax error" err "syntax error"
	contains "$ins: located" err "ins.sass:3:"
done
contains "the last: names the modifier" err "unsupported texture access 'TLD.AOFFI' (texel offsets)"
printf '.target sm_20\n\t\tFunction : k\n\tTEX R0, R4, 0x53, 2D, 0x1;\n\tEXIT;\n' >"$tmp/fermi_tex.sass"
check "TEX on sm_20: an error" 2 "$S" run "$tmp/fermi_tex.sass"
contains "TEX on sm_20: why" err "unsupported opcode 'TEX' for sm_20: texture instructions run on sm_30 and later"

echo "tex: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
