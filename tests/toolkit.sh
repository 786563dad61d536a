#!/bin/sh
# Inputs through NVIDIA's tools (convert/ptxin.c, convert/toolkit.c; docs/inputs.md): CUDA C,
# PTX, cubins, fat binaries and executables, told by their content; the toolkit search and
# its messages (none found, a release that cannot compile for the target, a cuobjdump that
# cannot read the cubin, a tool that fails); the candidates of an input with several kernels
# or architectures, and run's note when it picks the first. Expected buffers are derived by
# hand in tests/toolkit/*.spec. The cases that need tools skip, saying which, without them:
# CUDA 11.8's ptxas, cuobjdump and fatbinary from `make toolkit` (or SIMTEMU_TEST_CUDA=ROOT
# with them in ROOT/bin), CUDA 13's nvcc in /usr/local/cuda (or CUDA13_HOME), gcc and objcopy.
#   SIMTEMU=./simtemu sh tests/toolkit.sh      (from the top of the tree)
set -u
. tests/lib.sh
S=${SIMTEMU:-./simtemu}
case $S in /*) ;; *) S=$PWD/$S ;; esac
d=tests/toolkit
TK=${SIMTEMU_TEST_CUDA:-$PWD/build/cuda/usr}
C13=${CUDA13_HOME:-/usr/local/cuda}
skipped() { skip=$((skip + 1)); echo "SKIP $1"; }
# no toolkit anywhere: nothing in the environment, PATH empty of tools, no fallback roots
bare() { env -u SIMTEMU_CUDA -u CUDA_HOME -u CUDA_PATH PATH=/nonexistent SIMTEMU_CUDA_FALLBACK= "$@"; }

# --- without any toolkit: what to install, by input kind (told by content, not by name) ---
check "cu without a toolkit" 2 bare "$S" run --spec $d/scale.spec $d/scale.cu
contains "cu: nvcc named" err "simtemu: error: $d/scale.cu is CUDA C: running it needs NVIDIA's nvcc (then cuobjdump), which was not found (looked in PATH)"
contains "cu: what to install" err "install a CUDA toolkit: Debian's nvidia-cuda-toolkit (non-free) or NVIDIA's CUDA, with its bin on PATH or CUDA_HOME set to it"
lacks "cu: make toolkit has no usable nvcc" err "make toolkit"
# a cubin's ELF header (EM_CUDA, sm_80) under a name that says nothing
printf '\177ELF\002\001\001\063\007\0\0\0\0\0\0\0\002\0\276\0\001\0\0\0' >"$tmp/k.data"
head -c 40 /dev/zero >>"$tmp/k.data"
check "cubin without a toolkit" 2 bare "$S" run "$tmp/k.data"
contains "cubin: cuobjdump named" err "$tmp/k.data is a cubin: running it needs NVIDIA's cuobjdump, which was not found (looked in PATH)"
contains "cubin: make toolkit" err "or run 'make toolkit' in simtemu's source tree"
printf '\120\355\125\272\001\0\020\0' >"$tmp/k.fatbin"
head -c 40 /dev/zero >>"$tmp/k.fatbin"
check "fatbin without a toolkit" 2 bare "$S" stats "$tmp/k.fatbin"
contains "fatbin: told by its magic" err "$tmp/k.fatbin is a fat binary: running it needs NVIDIA's cuobjdump"
check "PTX without a toolkit" 2 bare "$S" run --spec $d/scale.spec $d/scale.ptx
contains "ptx: ptxas and cuobjdump named" err "$d/scale.ptx is PTX: running it needs NVIDIA's ptxas and cuobjdump, which was not found (looked in PATH)"
# an ELF file with no CUDA code (simtemu itself): said before any tool is looked for
check "host ELF without .nv_fatbin" 2 bare "$S" run "$S"
contains "host ELF refused" err "$S is an ELF file but not a cubin, and it has no .nv_fatbin section: no CUDA code in it"

# --- several kernels: run picks the first and says so; a wrong --kernel lists them ---
check "two kernels: the first" 0 "$S" run --spec $d/two.spec --dump out $d/two.sm_52.dump
contains "the first is countdown (100 - i)" out "  100 99 98 97 96 95 94 93"
contains "picked, said" err "simtemu: note: $d/two.sm_52.dump has 2 functions; running the first, countdown; to pick one, add one of these (-q: no note):"
contains "picked: countdown's line" err "  --kernel countdown --target sm_52"
contains "picked: squares' line" err "  --kernel squares --target sm_52"
check "two kernels -q" 0 "$S" run -q --spec $d/two.spec --dump out $d/two.sm_52.dump
if [ -s "$tmp/err" ]; then fail=$((fail + 1)); echo "FAIL -q still notes:"; cat "$tmp/err"; else pass=$((pass + 1)); fi
check "two kernels: stats notes nothing" 0 "$S" stats --spec $d/two.spec $d/two.sm_52.dump
lacks "stats: no note" err "note:"
contains "stats: the first ran" out "kernel countdown"
check "two kernels: --kernel squares" 0 "$S" run --kernel squares --spec $d/two.spec --dump out $d/two.sm_52.dump
contains "squares (i * i)" out "  0 1 4 9 16 25 36 49"
lacks "--kernel: no note" err "note:"
check "two kernels: no such kernel" 2 "$S" run --kernel nosuch --spec $d/two.spec $d/two.sm_52.dump
contains "candidates listed" err "simtemu: error: no function 'nosuch' in $d/two.sm_52.dump; it has, one launch a line:"
contains "candidates: countdown" err "  --kernel countdown --target sm_52"
contains "candidates: squares" err "  --kernel squares --target sm_52"
# a fat binary's dump with sm_52 and sm_80: without a target, every (kernel, target) pair
check "two architectures: ambiguous" 2 "$S" run --spec $d/two.spec $d/two.fatbin.dump
contains "architectures named" err "$d/two.fatbin.dump: error: the file has code for several architectures (sm_52, sm_80): pick one with --target; its kernels, one launch a line:"
for l in "countdown --target sm_52" "squares --target sm_52" "countdown --target sm_80" "squares --target sm_80"; do
	contains "candidate $l" err "  --kernel $l"
done
check "two architectures: picked" 0 "$S" run --target sm_80 --kernel squares --spec $d/two.spec --dump out $d/two.fatbin.dump
contains "sm_80's squares" out "  0 1 4 9 16 25 36 49"
printf '.target sm_80\n.kernel squares\n' | cat - $d/two.spec >"$tmp/two80.spec"
check "two architectures: the spec's .target picks" 0 "$S" run --spec "$tmp/two80.spec" --dump out $d/two.fatbin.dump
contains "spec's sm_80 squares" out "  0 1 4 9 16 25 36 49"
check "missing architecture" 2 "$S" run --target sm_75 --spec $d/two.spec $d/two.fatbin.dump
contains "missing architecture listed" err "the file has no code for sm_75 (it has code for sm_52, sm_80); its kernels, one launch a line:"

# --- CUDA 11.8's tools: PTX, cubins, fat binaries, executables, --keep-sass ---
if [ -x "$TK/bin/ptxas" ] && [ -x "$TK/bin/cuobjdump" ] && [ -x "$TK/bin/fatbinary" ]; then
	T11() { env -u CUDA_HOME -u CUDA_PATH SIMTEMU_CUDA="$TK" "$@"; }
	check "ptx for sm_80" 0 T11 "$S" run --target sm_80 --spec $d/scale.spec $d/scale.ptx
	contains "ptx: out as by hand" out "expect out: ok (8 values)"
	printf '.version 7.8\n.target sm_52\n.address_size 64\n.visible .entry bad(.param .u64 p)\n{\n\tmov.u32 %%r1, %%tid.x;\n}\n' >"$tmp/bad.ptx"
	check "ptxas fails" 2 T11 "$S" run "$tmp/bad.ptx"
	contains "ptxas failure: input, path and release" err "simtemu: error: ptxas could not compile $tmp/bad.ptx (PTX) for sm_52: $TK/bin/ptxas (CUDA 11.8) exited with 255; its messages:"
	contains "ptxas failure: its stderr" err "    ptxas $tmp/bad.ptx, line 6; error"
	check "ptx: release too old" 2 T11 "$S" run --target sm_100 --spec $d/scale.spec $d/scale.ptx
	contains "sm_100 refused" err "$d/scale.ptx is PTX for sm_100, which no ptxas found compiles for:"
	contains "sm_100: the ptxas found" err "  $TK/bin/ptxas is CUDA 11.8 (sm_35 to sm_90)"
	contains "sm_100's releases" err "sm_100 needs CUDA 12.8 and later; give another --target"
	check "ptx: release too new" 2 T11 "$S" run --target sm_30 --spec $d/scale.spec $d/scale.ptx
	contains "sm_30's releases" err "sm_30 needs CUDA 4.2 to 10.2"

	"$TK/bin/ptxas" -arch=sm_80 -o "$tmp/scale80.cubin" $d/scale.ptx
	"$TK/bin/ptxas" -arch=sm_52 -o "$tmp/scale52.cubin" $d/scale.ptx
	check "cubin" 0 T11 "$S" run --spec $d/scale.spec "$tmp/scale80.cubin"
	contains "cubin: out as by hand" out "expect out: ok (8 values)"
	contains "cubin: its target" out "kernel scale (sm_80)"
	cp "$tmp/scale80.cubin" "$tmp/scale.bin"
	check "cubin named .bin, --keep-sass" 0 T11 "$S" stats --keep-sass "$tmp/kept.sass" --spec $d/scale.spec "$tmp/scale.bin"
	contains "kept: the code" kept.sass "code for sm_80"
	contains "kept: the function" kept.sass "Function : scale"
	# a made listing's locations: the kept file's lines, else "FILE's SASS"
	check "cubin without a spec" 0 T11 "$S" run --keep-sass "$tmp/k2.sass" "$tmp/scale80.cubin"
	l=$(sed -n "s|^simtemu: warning: $tmp/k2.sass:\([0-9]*\): c\[0x0\]\[0x170\].*|\1|p" "$tmp/err")
	if [ -n "$l" ] && sed -n "${l}p" "$tmp/k2.sass" | grep -q 'ISETP.*c\[0x0\]\[0x170\]'; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL the warning's line ($l) is not the kept listing's ISETP:"; cat "$tmp/err"; fi
	check "cubin without a spec or --keep-sass" 0 T11 "$S" run "$tmp/scale80.cubin"
	contains "located in the cubin's SASS" err "simtemu: warning: $tmp/scale80.cubin's SASS:$l: c[0x0][0x170]"
	check "the kept listing runs" 0 "$S" run --spec $d/scale.spec "$tmp/kept.sass"
	check "cubin on stdin" 0 T11 "$S" run --spec $d/scale.spec - <"$tmp/scale80.cubin"
	contains "stdin cubin: out" out "expect out: ok (8 values)"
	check "asm of a cubin" 0 T11 "$S" asm "$tmp/scale52.cubin"
	mkdir -p "$tmp/t"
	"$TK/bin/fatbinary" --64 --create="$tmp/scale.fatbin" --image3=kind=elf,sm=52,file="$tmp/scale52.cubin" \
		--image3=kind=elf,sm=80,file="$tmp/scale80.cubin"
	check "fatbin: ambiguous" 2 env TMPDIR="$tmp/t" SIMTEMU_CUDA="$TK" "$S" run --spec $d/scale.spec "$tmp/scale.fatbin"
	contains "fatbin: candidates" err "  --kernel scale --target sm_52"
	contains "fatbin: candidates 80" err "  --kernel scale --target sm_80"
	check "fatbin for sm_52" 0 env TMPDIR="$tmp/t" SIMTEMU_CUDA="$TK" "$S" run --target sm_52 --spec $d/scale.spec "$tmp/scale.fatbin"
	contains "fatbin: out as by hand" out "expect out: ok (8 values)"
	contains "fatbin: sm_52 ran" out "kernel scale (sm_52)"
	if [ -z "$(ls -A "$tmp/t")" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL temporary files left:"; ls -lR "$tmp/t"; fi
	if command -v gcc >/dev/null 2>&1 && command -v objcopy >/dev/null 2>&1; then
		printf 'int main(void) { return 0; }\n' >"$tmp/main.c"
		gcc -o "$tmp/app" "$tmp/main.c" &&
			objcopy --add-section .nv_fatbin="$tmp/scale.fatbin" "$tmp/app" "$tmp/app.cuda"
		check "executable for sm_80" 0 T11 "$S" trace --target sm_80 --spec $d/scale.spec "$tmp/app.cuda"
		contains "executable: traced" out "EXIT"
		check "executable: the same run" 0 T11 "$S" run --target sm_80 --spec $d/scale.spec "$tmp/app.cuda"
		contains "executable: out as by hand" out "expect out: ok (8 values)"
	else
		skipped "executable input: no gcc or objcopy"
	fi

	# CUDA C through a stand-in nvcc (tests/toolkit/nvcc-standin.sh: the real ptxas on the PTX twin)
	mkdir -p "$tmp/standin/bin"
	cp $d/nvcc-standin.sh "$tmp/standin/bin/nvcc"
	chmod +x "$tmp/standin/bin/nvcc"
	ln -s "$TK/bin/cuobjdump" "$tmp/standin/bin/cuobjdump"
	SI() { env -u CUDA_HOME -u CUDA_PATH SIMTEMU_CUDA="$tmp/standin" STANDIN_PTXAS="$TK/bin/ptxas" \
		STANDIN_LOG="$tmp/arch" TMPDIR="$tmp/t" "$@"; }
	check "cu: the default target" 0 SI "$S" run --spec $d/scale.spec $d/scale.cu
	contains "cu: out as by hand" out "expect out: ok (8 values)"
	contains "cu: nvcc got sm_80" arch "sm_80"
	check "cu: --target" 0 SI "$S" run --target sm_52 --spec $d/scale.spec $d/scale.cu
	contains "cu: nvcc got sm_52" arch "sm_52"
	printf '.target sm_61\n' | cat - $d/scale.spec >"$tmp/scale61.spec"
	check "cu: the spec's .target" 0 SI "$S" run --spec "$tmp/scale61.spec" $d/scale.cu
	contains "cu: nvcc got sm_61" arch "sm_61"
	contains "cu: sm_61 ran" out "kernel scale (sm_61)"
	check "cu on stdin (told by __global__)" 0 SI env STANDIN_PTX=$d/scale.ptx "$S" run --spec $d/scale.spec - <$d/scale.cu
	contains "stdin cu: out" out "expect out: ok (8 values)"
	check "cu: nvcc fails" 2 SI env STANDIN_FAIL=1 "$S" run --spec $d/scale.spec $d/scale.cu
	contains "nvcc failure: path and release" err "simtemu: error: nvcc could not compile $d/scale.cu (CUDA C) for sm_80: $tmp/standin/bin/nvcc (CUDA 11.8) exited with 1; its messages:"
	contains "nvcc failure: its stderr" err "    $d/scale.cu(3): error: identifier \"undefined_thing\" is undefined"
	check "cu: cuobjdump older than nvcc" 2 SI env STANDIN_GARBAGE=1 STANDIN_RELEASE=12.4 "$S" run --spec $d/scale.spec $d/scale.cu
	contains "older cuobjdump: what failed" err "simtemu: error: $tmp/standin/bin/nvcc (CUDA 12.4) compiled $d/scale.cu, but no cuobjdump could disassemble the cubin:"
	contains "older cuobjdump: its release" err "  $tmp/standin/bin/cuobjdump (CUDA 11.8) could not read it (exit "
	contains "older cuobjdump: the hint" err "a cuobjdump older than the nvcc (CUDA 11.8 here, CUDA 12.4) may not read its cubins: use the cuobjdump of CUDA 12.4"
	if [ -z "$(ls -A "$tmp/t")" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL temporary files left:"; ls -lR "$tmp/t"; fi
else
	skipped "PTX, cubin, fat binary, executable and stand-in nvcc cases: no ptxas, cuobjdump and fatbinary in $TK/bin (make toolkit)"
fi

# --- CUDA 13's nvcc: compiles; a cuobjdump older than 13 cannot read its cubin ---
if [ -x "$C13/bin/nvcc" ] && "$C13/bin/nvcc" --version 2>/dev/null | grep -q 'release 13\.'; then
	N13() { env -u SIMTEMU_CUDA -u CUDA_PATH CUDA_HOME="$C13" PATH=/usr/bin:/bin "$@"; }
	if [ -x "$C13/bin/cuobjdump" ]; then
		check "cu with CUDA 13" 0 N13 "$S" run --spec $d/scale.spec $d/scale.cu
		contains "cu with CUDA 13: out" out "expect out: ok (8 values)"
	elif [ -x "$TK/bin/cuobjdump" ]; then
		check "cu with CUDA 13, cuobjdump 11.8" 2 N13 env SIMTEMU_CUDA_FALLBACK="$TK" "$S" run --spec $d/scale.spec $d/scale.cu
		contains "13: compiled" err "simtemu: error: $C13/bin/nvcc (CUDA 13.0) compiled $d/scale.cu, but no cuobjdump could disassemble the cubin:"
		contains "13: 11.8 cannot read it" err "  $TK/bin/cuobjdump (CUDA 11.8) could not read it (exit 1):"
		contains "13: why" err "the cubin (sm_80) has the ELF layout CUDA 13 writes (OS/ABI 0x41, ABI version 8), which the cuobjdump of CUDA 11.8 cannot read: disassemble it with CUDA 13's cuobjdump"
	else
		skipped "CUDA 13 nvcc with another cuobjdump: no cuobjdump in $C13/bin or $TK/bin"
	fi
	check "cu: CUDA 13 and sm_52" 2 N13 env SIMTEMU_CUDA_FALLBACK= "$S" run --target sm_52 --spec $d/scale.spec $d/scale.cu
	contains "13 and sm_52: why" err "simtemu: error: $d/scale.cu is CUDA C for sm_52, which no nvcc found compiles for:"
	contains "13 and sm_52: the nvcc found" err "  $C13/bin/nvcc is CUDA 13.0 (sm_75 to sm_121)"
	contains "13 and sm_52: the releases" err "sm_52 needs CUDA 6.5 to 12.x (CUDA 13 dropped sm_50 to sm_72: its minimum is sm_75)"
else
	skipped "CUDA 13 cases: no CUDA 13 nvcc in $C13/bin"
fi

echo "toolkit: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
