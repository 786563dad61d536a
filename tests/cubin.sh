#!/bin/sh
# Whole cubins as the tools print them (front/dump.c; docs/formats.md, "Whole cubins"):
# cuobjdump -elf -sass of a .cubin (no fat-binary header; "64-bit ELF: ... sm=NN" first)
# and nvdisasm of a whole cubin (data sections between the code sections). The fixtures of
# tests/cubin/ are real tool output: jumptab.sm_80.cuda13.elf.sass is CUDA 13's (copied
# from the shared corpus), the others CUDA 11.8's (ptxas, nvdisasm -hex, cuobjdump -elf
# -sass of tests/gen/jumptab.ptx and tests/cubin/cbank.ptx; make toolkit). Expected values
# are derived by hand in the specs. The CUDA 13 corpus (../shared/corpus/cuda13, from the
# top of the tree) is used when present, skipped otherwise.
#   SIMTEMU=./simtemu sh tests/cubin.sh      (from the top of the tree)
set -u
. tests/lib.sh
S=${SIMTEMU:-./simtemu}
d=tests/cubin

# --- the constant banks a whole cubin's listing carries, used by a run ---
for f in jumptab.sm_80.cuda13.elf.sass jumptab.sm_75.nvdisasm jumptab.sm_80.nvdisasm; do
	check "run $f (jump table from .nv.constant2)" 0 "$S" run --spec $d/jumptab.spec $d/$f
	contains "$f: out as by hand" out "expect out: ok (16 values)"
done
for f in cbank.sm_80.elf.sass cbank.sm_75.nvdisasm cbank.sm_80.nvdisasm; do
	check "run $f (.nv.constant3 table, pointer to a .nv.global variable)" 0 "$S" run --spec $d/cbank.spec $d/$f
	contains "$f: out" out "expect out: ok (16 values)"
	contains "$f: gcount (a buffer the listing declares)" out "expect gcount: ok (1 values)"
done
# the controls: without the data lines the tables are zeros, and the expectations fail
awk '/^\.nv\.constant2\.jumptab$/ { t = 1; print; next } t && /^0x/ { n += NF; next } { t = 0; print }
	END { print n > "/dev/stderr" }' $d/jumptab.sm_80.cuda13.elf.sass >"$tmp/notable.elf.sass" 2>"$tmp/n"
contains "the CUDA 13 listing's table: six words" n "6"
# BRX then jumps to the kernel's entry: a located trap, not a spin to the step budget
check "cuobjdump listing without its table: no way out" 3 "$S" run -q --max-steps 100000 --spec $d/jumptab.spec "$tmp/notable.elf.sass"
contains "no table: BRX to the entry stops the run" err "BRX target 0x0 is the kernel's first instruction"
# a -sass listing (tests/cubin/jumptab.sm_75.sass: tests/gen's sm_75 listing less its -elf
# part) reads its table from an empty bank: warned before the launch, once, at the LDC;
# the run stops at the first BRX (a budget of 10^6 steps: a spin would say so instead)
check "-sass listing, no table: a trap" 3 "$S" run --max-steps 1000000 --spec $d/jumptab.spec $d/jumptab.sm_75.sass
contains "-sass listing: the empty bank, located at the LDC" err "simtemu: warning: $d/jumptab.sm_75.sass:35: 'LDC R2, c[0x2][R5]' reads c[0x2] at an index, and nothing fills bank 2 (it reads as 0): a jump table there comes only with the whole cuobjdump -elf -sass dump (its .nv.constant2 section); or give it with .const 2"
n=$(grep -c "nothing fills bank" "$tmp/err")
if [ "$n" = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL the empty bank is said $n times, want once"; fi
contains "-sass listing: the trap at the BRX" err "jumptab.sm_75.sass:39): BRX R2 -0x120"
lacks "-sass listing: no spin" err "step budget"
# the table the -elf part has (its .nv.constant2.jumptab), given as the warning says: the
# values by hand again, and no warning
{ cat $d/jumptab.spec; echo ".const 2 0x0 u32 0x120 0x140 0x160 0x180 0x1a0 0x1c0"; } >"$tmp/jt.spec"
check "-sass listing with .const 2: runs" 0 "$S" run --spec "$tmp/jt.spec" $d/jumptab.sm_75.sass
contains "-sass listing with .const 2: out as by hand" out "expect out: ok (16 values)"
lacks "-sass listing with .const 2: no warning" err "warning"
check "spec of the -sass listing" 0 "$S" spec $d/jumptab.sm_75.sass
contains "spec says the bank the jump table needs" out "# 'LDC R2, c[0x2][R5]' (line 35) reads c[0x2] at an index and nothing fills bank 2: a jump table?"
sed '/nv.constant3/,/\.L_3:/{/\.byte/d}' $d/cbank.sm_80.nvdisasm >"$tmp/notable.nvdisasm"
check "nvdisasm listing without its .byte table: out differs" 1 "$S" run -q --spec $d/cbank.spec "$tmp/notable.nvdisasm"
# cuobjdump -elf alone (no SASS): the sections read, and nothing to run
sed '/code for sm_80/,$d' $d/cbank.sm_80.elf.sass >"$tmp/elfonly.sass"
check "cuobjdump -elf alone" 2 "$S" run --spec $d/cbank.spec "$tmp/elfonly.sass"
lacks "-elf alone: no syntax error" err "syntax error"
contains "-elf alone: the one error" err "error: no instructions in the file"

# --- malformed sections: located errors, exit 2 ---
tab=$(printf '\t')
bad() { # name text-file expected-message
	check "$1" 2 "$S" asm "$tmp/$2"
	contains "$1: located" err "$3"
}
printf '\n64-bit ELF: type=ET_EXEC, ABI=8\nSections:\n' >"$tmp/trunc.sass"
bad "truncated ELF header" trunc.sass "trunc.sass:2:12: error: truncated ELF header: no sm=NN"
nv() { # file line3: a small nvdisasm listing whose line 3 is the data line given
	{
		printf '\t.headerflags\t@"EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)"\n'
		printf '\t.section\t.nv.constant2.k,"a",@progbits\n'
		printf '%s\n' "$2"
		printf '\t.section\t.text.k,"ax",@progbits\n'
		printf 'k:\n        /*0000*/                   EXIT ;\n'
	} >"$tmp/$1"
}
# columns: 8 spaces, /*0000*/ (9-16), a space, a tab, .byte (19-23), a tab, the values from 25
nv badbyte.nvdisasm "        /*0000*/ $tab.byte${tab}0x01, 0x1zz"
bad "bad .byte value" badbyte.nvdisasm "badbyte.nvdisasm:3:31: error: bad .byte value '0x1zz'"
nv bigbyte.nvdisasm "        /*0000*/ $tab.byte${tab}0x100"
bad ".byte over 8 bits" bigbyte.nvdisasm "bigbyte.nvdisasm:3:25: error: bad .byte value '0x100'"
nv comma.nvdisasm "        /*0000*/ $tab.byte${tab}0x01,"
bad ".byte with a trailing comma" comma.nvdisasm "comma.nvdisasm:3:30: error: .byte without a value after ','"
nv empty.nvdisasm "        /*0000*/ $tab.word"
bad ".word without a value" empty.nvdisasm "empty.nvdisasm:3:24: error: .word without a value"
nv addr.nvdisasm "        /*00zz*/ $tab.byte${tab}0x01"
bad "bad address comment" addr.nvdisasm "addr.nvdisasm:3:9: error: bad address comment in data section .nv.constant2.k"
nv far.nvdisasm "        /*fffe*/ $tab.word${tab}0x1"
bad "beyond the bank's 64 KiB" far.nvdisasm "far.nvdisasm:3:25: error: .word at offset 0xfffe is beyond the 64 KiB of constant bank 2"
nv zero.nvdisasm "${tab}.zero${tab}65537"
bad ".zero beyond 64 KiB" zero.nvdisasm "zero.nvdisasm:3:8: error: .zero 65537 at offset 0x0 is beyond the 64 KiB of constant bank 2"
nv junk.nvdisasm "        IADD3 R1, R1, 0x1, RZ ;"
bad "code in a data section" junk.nvdisasm "junk.nvdisasm:3:9: error: unexpected 'IADD3' in data section .nv.constant2.k"
nv noname.nvdisasm "${tab}.section${tab}"
bad "section without a name (nvdisasm)" noname.nvdisasm "noname.nvdisasm:3:2: error: section without a name"
printf '\t.headerflags\t@"EF_CUDA_SM80"\n        /*0000*/ \t.byte\t0x01\n' >"$tmp/stray.nvdisasm"
bad "data line outside a section" stray.nvdisasm "stray.nvdisasm:2:19: error: .byte outside a data section (no '.section NAME,...' line before it)"
printf '\n64-bit ELF: type=ET_EXEC, ABI=8, sm=80\n.section \n' >"$tmp/noname.sass"
bad "section without a name (cuobjdump)" noname.sass "noname.sass:3:1: error: section without a name"
printf '\n64-bit ELF: type=ET_EXEC, ABI=8, sm=80\n.nv.constant2.k\n0x00000001 0x1234567890\n' >"$tmp/word.sass"
bad "a word over 32 bits" word.sass "word.sass:4:12: error: bad word '0x1234567890' in constant bank 2"
# a good small one: the values land at the offsets the address comments give, little-endian
{
	printf '\t.headerflags\t@"EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)"\n'
	printf '\t.section\t.nv.constant2.k,"a",@progbits\n'
	printf '        /*0000*/ \t.byte\t0x01, 0x02, 0x03, 0x04\n'
	printf '\t.align\t8\n'
	printf '        /*0008*/ \t.short\t0x0605, 0x0807\n'
	printf '\t.section\t.text.k,"ax",@progbits\n'
	printf 'k:\n'
	printf '        /*0000*/                   MOV R2, c[0x0][0x160] ;\n'
	printf '        /*0010*/                   MOV R3, c[0x0][0x164] ;\n'
	printf '        /*0020*/                   MOV R4, c[0x2][0x0] ;\n'
	printf '        /*0030*/                   MOV R5, c[0x2][0x4] ;\n'
	printf '        /*0040*/                   MOV R6, c[0x2][0x8] ;\n'
	printf '        /*0050*/                   STG.E [R2.64], R4 ;\n'
	printf '        /*0060*/                   STG.E [R2.64+0x4], R5 ;\n'
	printf '        /*0070*/                   STG.E [R2.64+0x8], R6 ;\n'
	printf '        /*0080*/                   EXIT ;\n'
} >"$tmp/small.nvdisasm"
printf '.kernel k\n.block 1\n.buffer out u32 3\n.param u64 out\n.expect out = 0x04030201 0 0x08070605\n' >"$tmp/small.spec"
check "small nvdisasm bank: bytes and shorts little-endian, .align skips" 0 "$S" run --spec "$tmp/small.spec" "$tmp/small.nvdisasm"

# --- no crash, no hang on any prefix of the fixtures (a truncated file) ---
crash=0
for f in $d/*.nvdisasm $d/*.elf.sass; do
	size=$(wc -c <"$f")
	for cut in 1 40 200 900 2000 5000 9000 $((size / 2)) $((size - 7)); do
		head -c "$cut" "$f" >"$tmp/cut.sass"
		ASAN_OPTIONS=exitcode=99 UBSAN_OPTIONS=exitcode=99 timeout 20 "$S" asm "$tmp/cut.sass" >/dev/null 2>&1
		rc=$?
		[ $rc -le 3 ] || { crash=$((crash + 1)); echo "FAIL prefix $cut of $f: exit $rc"; }
	done
done
[ $crash -eq 0 ] && pass=$((pass + 1)) || fail=$((fail + 1))

# --- the CUDA 13 corpus: every cubin dump of sm_75-sm_89 reads and assembles ---
C=../shared/corpus/cuda13/sass
if [ -d "$C" ]; then
	n=0 bad=0
	for f in "$C"/*.sm_75.elf.sass "$C"/*.sm_80.elf.sass "$C"/*.sm_86.elf.sass "$C"/*.sm_89.elf.sass; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		"$S" asm "$f" >/dev/null 2>"$tmp/e" || { bad=$((bad + 1)); echo "FAIL $f:"; head -3 "$tmp/e"; }
	done
	echo "$n" >"$tmp/count"
	[ "$n" -ge 100 ] && [ $bad -eq 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL corpus: $bad of $n"; }
	for a in 75 80 86 89; do
		check "corpus jumptab.sm_$a.elf.sass" 0 "$S" run --spec $d/jumptab.spec "$C/jumptab.sm_$a.elf.sass"
	done
	# sm_90-sm_120: the sections read; what stops them is the assembler (another generation)
	for f in "$C"/*.sm_90.elf.sass "$C"/*.sm_100.elf.sass "$C"/*.sm_120.elf.sass "$C"/*.nvdisasm; do
		[ -f "$f" ] || continue
		"$S" asm "$f" >/dev/null 2>"$tmp/e"
		if grep -qE 'section|ELF header|bad (word|\.byte|\.short|\.word|\.dword)|syntax error' "$tmp/e"; then
			fail=$((fail + 1)); echo "FAIL reader on $f:"; head -3 "$tmp/e"
		fi
	done
	pass=$((pass + 1))
	# Blackwell: every sm_100 and sm_120 listing assembles in all three forms
	bad=0
	for f in "$C"/*.sm_100.* "$C"/*.sm_120.*; do
		"$S" asm "$f" >/dev/null 2>"$tmp/e" || { bad=$((bad + 1)); echo "FAIL $f:"; head -3 "$tmp/e"; }
	done
	[ $bad -eq 0 ] && pass=$((pass + 1)) || fail=$((fail + 1))
else
	skip=$((skip + 1))
	echo "skip: $C absent (the CUDA 13 corpus)"
fi

echo "cubin: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
