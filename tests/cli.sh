#!/bin/sh
# Command-line behaviour: exit statuses (SPEC section 1), output forms, --help.
SIMTEMU=${SIMTEMU:-./simtemu}
. "$(dirname "$0")/lib.sh"

check "run ok" 0 "$SIMTEMU" run examples/walk.sass
contains "run summary" out "warp_inst 41  thread_inst 232  active_thread_inst 212  pred_off 1"
contains "run expect" out "expect out: ok (8 values)"
printf '.block 8\n.buffer out s32 8\n.param u32 out\n.expect out = 1 2 3 4 5 6 7 8\n' >"$tmp/bad.spec"
check "expect fails" 1 "$SIMTEMU" run --spec "$tmp/bad.spec" examples/walk.sass
contains "expect report" out "expect out: FAILED, 8 of 8 differ; first [0]: got 1002, want 1"
printf 'FOO R1;\n' >"$tmp/bad.sass"
check "assembly error" 2 "$SIMTEMU" run "$tmp/bad.sass"
contains "located" err "bad.sass:1:1: error: unsupported opcode 'FOO' for sm_20"
printf '/*00d4815c04c212e006*/ EXIT;\n' >"$tmp/addr.sass"
check "address out of range" 2 "$SIMTEMU" asm "$tmp/addr.sass"
contains "address located" err "addr.sass:1:1: error: address comment /*00d4815c04c212e006*/ is out of range (over 32 bits)"
check "usage error" 2 "$SIMTEMU" run --grid 0 examples/walk.sass
check "missing file" 2 "$SIMTEMU" run "$tmp/nothere.sass"
check "unknown command" 2 "$SIMTEMU" frobnicate
check "trap" 3 "$SIMTEMU" run --max-steps 10 examples/walk.sass
contains "trap text" err "trap: step budget exhausted (--max-steps 10)"
check "help" 0 "$SIMTEMU" --help
contains "help lists exit status" out "exit status: 0 ok"
check "run help" 0 "$SIMTEMU" run --help
cp "$tmp/out" "$tmp/runhelp"
# help COMMAND is that command's --help, not the general usage
check "help run" 0 "$SIMTEMU" help run
if cmp -s "$tmp/out" "$tmp/runhelp"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL help run: not the output of run --help"; head -2 "$tmp/out"; fi
contains "help run is run's" out "usage: simtemu run [options] FILE"
check "help stats" 0 "$SIMTEMU" help stats
contains "help stats is stats'" out "simtemu stats"
check "help of an unknown command" 2 "$SIMTEMU" help frobnicate
contains "help of an unknown command says so" err "unknown command 'frobnicate'"
check "stats json" 0 "$SIMTEMU" stats --counts json examples/walk.sass
# stdout is the JSON object alone: the .expect report went to stderr
if [ "$(head -c 1 "$tmp/out")" = "{" ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL stats json: stdout does not start with the object"; head -2 "$tmp/out"; fi
contains "stats json expect on stderr" err "expect out: ok (8 values)"
contains "json totals" out '"totals": {"warp_inst": 41, "thread_inst": 232, "active_thread_inst": 212, "pred_off": 1}'
contains "json row" out '{"key": "BRA", "warp_inst": 8, "thread_inst": 37, "active_thread_inst": 24, "pred_off": 1}'
check "stats csv by mnemonic" 0 "$SIMTEMU" stats --counts csv --by mnemonic examples/walk.sass
contains "csv header" out "key,warp_inst,thread_inst,active_thread_inst,pred_off"
contains "csv mnemonic" out "IADD.S,1,5,5,0"
check "stats by class" 0 "$SIMTEMU" stats --by class examples/walk.sass
contains "class row" out "control"
check "stats by pc" 0 "$SIMTEMU" stats --by pc examples/walk.sass
contains "pc row" out "0x0068"
check "dump" 0 "$SIMTEMU" run -q --dump out examples/walk.sass
contains "dump values" out "1002 1002 1003 1103 1104 105 1106 1107"
check "dump unknown" 2 "$SIMTEMU" run --dump nope examples/walk.sass
check "asm" 0 "$SIMTEMU" asm examples/walk.sass
contains "asm listing" out "/*0028*/  @P0 BRA THEN"
check "isa" 0 "$SIMTEMU" isa
contains "isa row" out "ISCADD"
check "isa unsupported target" 2 "$SIMTEMU" isa --target sm_99
# a listing cut off before its EXIT: the lanes end there, and run says so
printf 'code for sm_52\n\tFunction : cut\n/*0000*/ MOV R0, 0x1;\n/*0008*/ MOV R1, 0x2;\n' >"$tmp/cut.sass"
check "cut-off listing runs" 0 "$SIMTEMU" run "$tmp/cut.sass"
contains "cut-off listing warns" err "warning: cut: lanes ran past the function's last instruction 1 time(s)"
printf 'code for sm_52\n\tFunction : whole\n/*0000*/ MOV R0, 0x1;\n/*0008*/ EXIT;\n' >"$tmp/whole.sass"
check "listing with its EXIT runs" 0 "$SIMTEMU" run "$tmp/whole.sass"
lacks "listing with its EXIT does not warn" err "ran past"
# an unknown --target is the option's error, not one located in the listing
check "run unknown target" 2 "$SIMTEMU" run --target sm_99 examples/walk.sass
contains "run unknown target names the option" err "error: --target sm_99: unknown target"
lacks "run unknown target blames no listing line" err "walk.sass:1:1"
check "unknown target over a listing's own" 2 "$SIMTEMU" run --target sm_99 examples/ifblock_ssy.sass
contains "unknown target over a listing's own is unknown" err "error: --target sm_99: unknown target"
lacks "unknown target is no other generation" err "names another generation"
check "isa tesla" 0 "$SIMTEMU" isa --target sm_13
contains "isa tesla lists GLD" out "GLD "
check "grid override" 0 "$SIMTEMU" run --grid 2 examples/walk.sass
contains "grid used" out "grid 2,1,1"
# trace: the walkthrough's 41 rows, row for row (its table leaves out the while-mask column)
check "trace walk" 0 "$SIMTEMU" trace --no-pops examples/walk.sass
sed 's/ W=\[[^]]*\]//g' "$tmp/out" >"$tmp/trace"
grep -v '^#' tests/golden/walk.trace >"$tmp/golden"
if cmp -s "$tmp/trace" "$tmp/golden"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL trace differs from tests/golden/walk.trace (docs/semantics.md works it by hand):"; diff "$tmp/golden" "$tmp/trace"; fi
check "trace pops" 0 "$SIMTEMU" trace examples/walk.sass
contains "pop row" out "     -  0x00a0  pop [PBK,11111111,0x00a0]                        A=11111111  S=-"
# the loop's while mask: recorded at the first divergence, restored when no lane branches
check "trace loop" 0 "$SIMTEMU" trace examples/loop.sass
contains "while mask recorded" out "    11  0x0030  IADD R3, R3, R4                                  A=00111111  S=[SSY,11111111,0x0050] W=[0x0040,11111111]"
contains "while mask restored" out "    34  0x0048  NOP.S                                            A=11111111  S=[SSY,11111111,0x0050]"
check "trace csv" 0 "$SIMTEMU" trace --format csv examples/breakcont.sass
contains "csv header" out "step,kind,pc,insn,A,X,Dbrk,Dcont,Dret,W,S"
contains "csv cont row" out '14,issue,0x0068,"CONT",01111,00000,10000,00000,00000,,PCNT:11111:0x0070;PBK:11111:0x0090'
check "trace json" 0 "$SIMTEMU" trace --format json --warp 1 examples/brau.sass
contains "json row" out '{"step": 5, "kind": "issue", "pc": "0x0020", "insn": "@P0 BRA.U SKIP", "A": "11111111"'
check "trace bad format" 2 "$SIMTEMU" trace --format xml examples/walk.sass
# debug in batch mode: stack contents at chosen points, exactly as SPEC section 6 predicts
check "debug stack" 0 "$SIMTEMU" debug --batch tests/debug/stack.cmd examples/walk.sass
contains "first stop" out "stopped: at the first instruction; CTA 0 warp 0"
contains "DIV above SSY" out "  1  DIV  11100000  0x0038 THEN
  0  SSY  11111111  0x0048 JOIN"
contains "row after divergent BRA" out "     7  0x0030  IADD.S R5, R5, 0x64                              A=00011111  S=[DIV,11100000,0x0038] [SSY,11111111,0x0048]"
contains "conditional breakpoint" out "    18  0x0058  IADD R6, R6, 0x1                                 A=00011111  S=[SSY,11111111,0x0078] W=[0x0068,11111111]"
contains "while mask" out "W     branch 0x0068 mask 11111111 depth 1"
contains "break mask" out "Dbrk  00000100"
contains "PBK saved mask" out "  0  PBK  11111111  0x00a0 OUT  saved=00000000"
contains "end" out "kernel finished: 41 warp instructions, 232 thread instructions"
contains "expect after debug" out "expect out: ok (8 values)"
check "debug watch" 0 "$SIMTEMU" debug --batch tests/debug/watch.cmd examples/walk.sass
contains "watch fires" out "watch 1: R5 of lane 3: 0x0 -> 0x64"
contains "tbreak" out "stopped: temporary breakpoint 2; CTA 0 warp 0"
contains "print/d" out "lane  5: 100"
check "debug next over CAL" 0 "$SIMTEMU" debug --batch tests/debug/next.cmd examples/call.sass
contains "next lands after the CAL" out "stopped: next; CTA 0 warp 0
    10  0x0020  MOV R9, R5                                       A=11111111  S=-"
contains "f(tid)" out "lane  3: 103"
contains "quit early" out "quit before the kernel finished: .expect not checked"
check "debug trap" 3 "$SIMTEMU" debug --max-steps 30 --batch tests/debug/trap.cmd examples/walk.sass
contains "post-mortem" out "trap: step budget exhausted (--max-steps 30)"
contains "post-mortem regs" out "R0     0x00000003"
printf 'bogus\nhelp step\ncta 5\nquit\n' >"$tmp/cmds"
check "debug errors" 0 "$SIMTEMU" debug --batch "$tmp/cmds" examples/walk.sass
contains "unknown command" out "unknown command 'bogus' (try help)"
contains "help step" out "issue N instructions of the current warp (default 1), then stop"
contains "no such CTA" out "no CTA 5 (the grid has 1)"
check "debug stdin" 0 sh -c "printf 'continue\nquit\n' | $SIMTEMU debug examples/reduce.sass"
contains "stdin batch" out "kernel finished: 292 warp instructions"
# reverse-step replays the deterministic run from the start and stops one or more
# instructions of the current warp back: before the divergent BRA the DIV token is not there
check "reverse-step" 0 "$SIMTEMU" debug --batch tests/debug/reverse.cmd examples/walk.sass
contains "back one" out "stopped: reverse-step; CTA 0 warp 0
     6  0x0028  @P0 BRA THEN                                     A=11111111  S=[SSY,11111111,0x0048]"
contains "back three more" out "     3  0x0010  MOV R5, RZ                                       A=11111111  S=-"
contains "forward again" out "stopped: step; CTA 0 warp 0
     7  0x0030  IADD.S R5, R5, 0x64                              A=00011111  S=[DIV,11100000,0x0038] [SSY,11111111,0x0048]"
# -j: CTAs on worker threads give bit-identical memory and identical counts
for k in examples/reduce.sass bench/matmul.sass bench/divergent.sass; do
	"$SIMTEMU" stats -j 1 --counts csv --dump "$(sed -n 's/^\.buffer \([A-Za-z]*\) .*/\1/p' $k | tail -1)" $k >"$tmp/j1" 2>&1
	"$SIMTEMU" stats -j 2 --counts csv --dump "$(sed -n 's/^\.buffer \([A-Za-z]*\) .*/\1/p' $k | tail -1)" $k >"$tmp/j2" 2>&1
	"$SIMTEMU" stats -j 3 --counts csv --dump "$(sed -n 's/^\.buffer \([A-Za-z]*\) .*/\1/p' $k | tail -1)" $k >"$tmp/j3" 2>&1
	if cmp -s "$tmp/j1" "$tmp/j2" && cmp -s "$tmp/j1" "$tmp/j3" && grep -q '^group,key,' "$tmp/j1"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL -j changes the output of $k"; diff "$tmp/j1" "$tmp/j2" | head; fi
done
check "budget with threads" 3 "$SIMTEMU" run -j 2 --max-steps 5000 bench/matmul.sass
contains "budget trap" err "step budget exhausted (--max-steps 5000)"
# the budget inside a straight run (issue 29: runs are taken only when the budget covers
# them): one warp of alu.sass issues 10 instructions, then 8 per iteration (pc 10-17), so
# issue 14 is pc 13 (SHR, 0x68) and issue 1001 = 10 + 8 * 123 + 7 is pc 16 (ISETP, 0x80)
check "budget in a run" 3 "$SIMTEMU" run --grid 1 --block 32 --max-steps 13 bench/alu.sass
contains "budget in a run, where" err "warp 0, pc 0x0068 (bench/alu.sass:25): SHR.U32 R10, R5, 0x5"
check "budget in a run, later" 3 "$SIMTEMU" run --grid 1 --block 32 --max-steps 1000 bench/alu.sass
contains "budget in a run, later, where" err "warp 0, pc 0x0080 (bench/alu.sass:28): ISETP.LT.AND P0, pt, R6, c [0x0] [0x24], pt"
# per-CTA totals (SPEC section 7): the two CTAs of the reduction issue the same count, and
# the CTA rows add up to the total; identical at -j 2
check "per-cta" 0 "$SIMTEMU" stats --per-cta examples/reduce.sass
contains "total" out "total                             292         9096                5756         64"
contains "cta 0" out "(0,0,0)                   146         4548                2878         32"
contains "cta 1" out "(1,0,0)                   146         4548                2878         32"
# with JSON the CTAs are a member of the one report object
check "per-cta json" 0 "$SIMTEMU" stats --per-cta --counts json examples/reduce.sass
contains "per-cta json member" out ' "ctas": ['
contains "per-cta json cta 1" out '{"cta": [1, 0, 0], "warp_inst": 146, "thread_inst": 4548, "active_thread_inst": 2878, "pred_off": 32}]'
if [ "$(grep -c '^{' "$tmp/out")" -eq 1 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL per-cta json: more than one top-level object"; fi
check "per-cta -j 2" 0 "$SIMTEMU" stats --per-cta -j 2 --counts csv examples/reduce.sass
contains "per-cta csv" out '"(1,0,0)",146,4548,2878,32'
# convert --to ptxplus: one PTXPlus line per instruction, for the examples and (when the
# corpus is there) every sm_20 listing
# (PTXPlus exists for sm_1x and sm_2x: a listing for a later target, e.g. bench/alu70.sass or
# bench/alu52.sass, is skipped)
ptxplus_target() { # the .target directive, or cuobjdump's "code for sm_XX" line
	t=$(sed -n 's/^\.target  *//p; s/^[[:space:]]*code for \(sm_[0-9]*\).*/\1/p' "$1" | head -n 1)
	case $t in sm_1? | sm_2? | "") return 0 ;; *) return 1 ;; esac # sm_10-sm_21; sm_100 is not Tesla
}
for f in examples/*.sass bench/*.sass kernels/*.sass $(ls ../shared/corpus/sm_[12]*.sass 2>/dev/null); do
	ptxplus_target "$f" || continue
	n_sass=$("$SIMTEMU" asm "$f" 2>/dev/null | grep -c '^ *[0-9][0-9]*  /\*')
	n_ptx=$("$SIMTEMU" convert --to ptxplus "$f" 2>/dev/null | grep -cv '^//\|^\.\|^{\|^}\|^$\|^	\.reg')
	if [ "$n_sass" -gt 0 ] && [ "$n_sass" -eq "$n_ptx" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL convert $f: $n_sass instructions, $n_ptx PTXPlus lines"; fi
done
# Tesla listings convert to GPGPU-Sim's own spelling: against its converter's real output,
# the instruction lines differ only where simtemu keeps the join flag (.s) that GPGPU-Sim drops
if [ -f ../shared/corpus/ptxplus/sm_10_matmul_kernel.ptxplus ]; then
	for k in matmul_kernel krp_kernel timedReduction; do
		"$SIMTEMU" convert --to ptxplus ../shared/corpus/sm_10_$k.sass | grep '^	' | grep -v '\.reg' |
			sed 's/^	//; s/\.s\././; s/nop\.s;/nop;/' >"$tmp/ours"
		grep '^	' ../shared/corpus/ptxplus/sm_10_$k.ptxplus | grep -v '\.reg\|\.param\|l_exit\|^	$' |
			sed 's/^	//' >"$tmp/theirs"
		if [ -s "$tmp/ours" ] && cmp -s "$tmp/ours" "$tmp/theirs"; then pass=$((pass + 1)); else
			fail=$((fail + 1)); echo "FAIL tesla convert $k: differs from GPGPU-Sim's"; diff "$tmp/ours" "$tmp/theirs" | head; fi
	done
	"$SIMTEMU" convert --to ptxplus ../shared/corpus/sm_10_kernel_swap_v2.sass >"$tmp/swap.ptx"
	contains "carry register kept" swap.ptx "@\$p2 mad.wide.u16 \$r1, -\$r1.hi, \$r2.hi, \$r3;"
fi
# PTXPlus exists for sm_1x and sm_2x only: a later listing is refused in both directions
check "convert refuses sm_52" 2 "$SIMTEMU" convert --to ptxplus tests/gen/sass/collatz.sm_52.sass
contains "convert sm_52 says why" err "no PTXPlus for target 'sm_52' (PTXPlus exists for sm_1x and sm_2x only)"
[ -s "$tmp/out" ] && { fail=$((fail + 1)); echo "FAIL convert sm_52 wrote output"; } || pass=$((pass + 1))
printf '//HEADER\n.version 1.4+\n.target sm_35\n//END HEADER\n//INSTRUCTIONS\n.entry k\n{\n\tretp;\n}\n' >"$tmp/k35.ptxplus"
check "convert --to sass refuses sm_35" 2 "$SIMTEMU" convert --to sass "$tmp/k35.ptxplus"
contains "convert sm_35 says why" err "no PTXPlus for target 'sm_35'"
check "tesla example" 0 "$SIMTEMU" run examples/tesla_ifelse.sass
contains "tesla example counts" out "warp_inst 10  thread_inst 68  active_thread_inst 64  pred_off 0"
check "tesla trace" 0 "$SIMTEMU" trace examples/tesla_ifelse.sass
contains "tesla join pops DIV" out "pop [DIV,01010101,0x0030]"
# the debugger shows Tesla's condition registers (flags ZSCO) and address registers
printf 'break JOIN\ncontinue\nprint C0\nprint R1 1\nquit\n' >"$tmp/tdbg"
check "tesla debug" 0 "$SIMTEMU" debug --batch "$tmp/tdbg" examples/tesla_ifelse.sass
contains "tesla debug C0 even" out "lane  0: Z---"
contains "tesla debug C0 odd" out "lane  1: ----"
contains "tesla debug R1" out "lane  1: 0x000003e9"
check "convert to sass needs ptxplus" 2 "$SIMTEMU" convert --to sass examples/walk.sass
contains "not ptxplus" err "examples/walk.sass does not look like PTXPlus"
"$SIMTEMU" convert --to ptxplus examples/walk.sass >"$tmp/walk.ptx"
check "convert to ptxplus needs sass" 2 "$SIMTEMU" convert --to ptxplus "$tmp/walk.ptx"
contains "is ptxplus" err "walk.ptx is PTXPlus already"
# round trip (issue 5): SASS -> PTXPlus -> SASS; all three run with the same results, the
# same buffers and the same counts by opcode and by mnemonic
for f in examples/*.sass bench/*.sass kernels/*.sass; do
	ptxplus_target "$f" || continue
	b=$(basename "$f" .sass)
	"$SIMTEMU" convert --to ptxplus "$f" >"$tmp/$b.ptx" && "$SIMTEMU" convert --to sass "$tmp/$b.ptx" >"$tmp/$b.back.sass"
	dumps=$(sed -n 's/^\.buffer  *\([A-Za-z_][A-Za-z0-9_]*\).*/--dump \1/p' "$f" | tr '\n' ' ')
	for g in "$f" "$tmp/$b.ptx" "$tmp/$b.back.sass"; do
		# shellcheck disable=SC2086
		{ "$SIMTEMU" run $dumps "$g"; "$SIMTEMU" stats "$g"; "$SIMTEMU" stats --by mnemonic "$g"; } >"$tmp/rt.$(basename "$g")" 2>&1
	done
	if [ -s "$tmp/rt.$b.sass" ] && cmp -s "$tmp/rt.$b.sass" "$tmp/rt.$b.ptx" && cmp -s "$tmp/rt.$b.sass" "$tmp/rt.$b.back.sass"; then
		pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL round trip $f:"
		diff "$tmp/rt.$b.sass" "$tmp/rt.$b.ptx" | head -5; diff "$tmp/rt.$b.sass" "$tmp/rt.$b.back.sass" | head -5; fi
done
# the trace of the PTXPlus form: the same rows (pc, active mask, stack), its own texts
strip() { sed 's/^\( *[0-9]*  0x[0-9a-f]*\)  .*\(  A=.*\)$/\1\2/' "$1"; }
check "trace ptxplus" 0 "$SIMTEMU" trace "$tmp/walk.ptx"
contains "ptxplus text" out "     7  0x0030  add.s.s32 \$r5, \$r5, 0x00000064                   A=00011111  S=[DIV,11100000,0x0038] [SSY,11111111,0x0048]"
cp "$tmp/out" "$tmp/ptx.trace"
"$SIMTEMU" trace examples/walk.sass >"$tmp/sass.trace"
if [ "$(wc -l <"$tmp/sass.trace")" -gt 10 ] && [ "$(strip "$tmp/sass.trace")" = "$(strip "$tmp/ptx.trace")" ]; then
	pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL trace rows differ between SASS and PTXPlus"; fi
# GPGPU-Sim's spellings: breakaddr/break for PBK/BRK, callp/retp, $o127 as the write sink
printf '.block 4\n.buffer out u32 4\n.param u32 out\n.expect out = 7 7 7 7\n.version 1.4+\n.target sm_20\n.entry k\n{\n' >"$tmp/g.ptx"
printf '\tbreakaddr.u32 l0x00000030;\n\tcvt.u32.u32 $r0, %%tid.x;\n\tmov.u32 $o127, $r0;\n\tcallp.u32 l0x00000048;\n\tbreak;\n\tmov.u32 $r1, 0x00000063;\n' >>"$tmp/g.ptx"
printf '\tl0x00000030: iscadd.u32 $r2, $r0, k [0x0010], 0x00000002;\n\tst.global.u32 $r2, $r1;\n\texit;\n\tl0x00000048: mov.u32 $r1, 0x00000007;\n\tretp;\n}\n' >>"$tmp/g.ptx"
check "gpgpu-sim spellings" 0 "$SIMTEMU" run "$tmp/g.ptx"
contains "gpgpu-sim result" out "expect out: ok (4 values)"
# bad PTXPlus: located errors, exit 2
printf '.version 1.4+\n.target sm_20\n.entry k\n{\n\tadd.u32 $r1, ;\n\tfoo.u32 $r1, $r2;\n\tfmul.f32 $r1, $r1, 0x3f800001;\n}\n' >"$tmp/bad.ptx"
check "bad ptxplus" 2 "$SIMTEMU" asm "$tmp/bad.ptx"
contains "ptx syntax" err "bad.ptx:5:15: error: syntax error"
contains "ptx opcode" err "bad.ptx:6:2: error: unsupported PTXPlus instruction 'foo.u32' for sm_20"
contains "ptx float field" err "does not fit the 20-bit field"
# JSON escapes control characters in instruction texts (a tab between operands)
printf '.block 2\n\tS2R R0,\tSR_Tid_X;\n\tEXIT;\n' >"$tmp/tab.sass"
check "trace json tab" 0 "$SIMTEMU" trace --format json "$tmp/tab.sass"
contains "json escape" out '"insn": "S2R R0,\u0009SR_Tid_X"'
# a PTXPlus constant table would be skipped: an error that says what to do instead
# a constant table is kernel k's literal pool: on Fermi the per-kernel bank c[0x10]
printf '.version 1.4+\n.target sm_20\n.buffer out u32 1\n.param u32 out\n.expect out = 7\n.const .u32 constant1k[2] = {\n  0x00000005, 0x00000007\n};\n.entry k\n{\n\tmov.u32 $r1, constant1k[0x0004];\n\tmov.u32 $r2, k [0x0010];\n\tst.global.u32 $r2, $r1;\n\texit;\n}\n' >"$tmp/ctab.ptx"
check "ptxplus const table" 0 "$SIMTEMU" run "$tmp/ctab.ptx"
contains "const table read" out "expect out: ok (1 values)"
# GPGPU-Sim-style PTXPlus drops .S: the else side of walk's if/else then runs on into the
# then side (docs/ptxplus.md): lane 3 gets 100 + 1 + 3 + 1000 = 1104, not 1103, and lanes 3-7 differ
sed 's/\.s\././; s/nop\.s;/nop;/' "$tmp/walk.ptx" >"$tmp/walk_nos.ptx"
check "no .s" 1 "$SIMTEMU" run "$tmp/walk_nos.ptx"
contains "no .s result" out "expect out: FAILED, 5 of 8 differ; first [3]: got 1104, want 1103"
# a listing for another generation: one error at its target line, not a syntax error per line
if [ -f ../shared/corpus/sm_10_matmul_kernel.sass ]; then
	check "tesla sass" 2 "$SIMTEMU" run --target sm_20 ../shared/corpus/sm_10_matmul_kernel.sass
	contains "tesla sass target" err "sm_10_matmul_kernel.sass:2:2: error: the listing is code for sm_10; --target sm_20 names another generation"
	if [ "$(grep -c 'error:' "$tmp/err")" -eq 1 ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL tesla sass: more than one error"; cat "$tmp/err"; fi
fi
# GPGPU-Sim's Tesla PTXPlus runs: its constant table fills the literal pool (c [0x1]) and
# `ans` is the first __device__ variable (c [0xe] [0x0]); grid 4 x block 7: the last thread
# (tid 6, ctaid 3) stores 3 + 6 + 1 + 1 = 11 (without the table's 1 it would be 10)
if [ -f ../shared/corpus/ptxplus/sm_10_kernel_branch_v2.ptxplus ]; then
	printf '.grid 4\n.block 7\n.buffer ans s32 1\n.const 14 0 u32 ans\n.expect ans = 11\n' >"$tmp/bv2.spec"
	check "tesla ptxplus" 0 "$SIMTEMU" run --spec "$tmp/bv2.spec" ../shared/corpus/ptxplus/sm_10_kernel_branch_v2.ptxplus
	contains "tesla ptxplus table" out "expect ans: ok (1 values)"
	# the two-kernel file GPGPU-Sim itself loaded: each kernel by name, like its listing
	check "tesla ptxplus 2 kernels" 0 "$SIMTEMU" run -q --kernel _Z10krp_kerneliiiPKfS0_Pf \
		--spec tests/conformance/sm_10_krp_kernel.spec ../shared/corpus/ptxplus/sm_10_mttkrp_2kernels.ptxplus
	"$SIMTEMU" run -q --dump KRP --kernel _Z10krp_kerneliiiPKfS0_Pf --spec tests/conformance/sm_10_krp_kernel.spec \
		../shared/corpus/ptxplus/sm_10_mttkrp_2kernels.ptxplus >"$tmp/k1" 2>&1
	"$SIMTEMU" run -q --dump KRP --spec tests/conformance/sm_10_krp_kernel.spec ../shared/corpus/sm_10_krp_kernel.sass >"$tmp/k2" 2>&1
	if [ -s "$tmp/k1" ] && cmp -s "$tmp/k1" "$tmp/k2"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL tesla ptxplus 2 kernels: KRP differs from the listing's"; fi
fi
# the five benchmarks in both ISAs (issue 6): the same outputs (MM and NN within a
# tolerance: sm_1x's MAD truncates the product, Fermi's FFMA is fused)
for k in dwt pathfinder btree; do
	check "tesla vs fermi $k" 0 "$SIMTEMU" compare -q kernels/${k}_sm13.sass kernels/${k}_sm20.sass
done
check "tesla vs fermi mm" 0 "$SIMTEMU" compare -q --tol 1e-4 kernels/mm_sm13.sass kernels/mm_sm20.sass
check "tesla vs fermi mm exact" 1 "$SIMTEMU" compare -q kernels/mm_sm13.sass kernels/mm_sm20.sass
check "tesla vs fermi nn" 0 "$SIMTEMU" compare -q --tol 1e-5 kernels/nn_sm13.sass kernels/nn_sm20.sass
# --ignore: the real timedReduction pair differs only in its clock samples
if [ -f ../shared/corpus/sm_20_timedReduction.sass ]; then
	set -- --spec tests/conformance/sm_10_timedReduction.spec ../shared/corpus/sm_10_timedReduction.sass \
		../shared/corpus/sm_20_timedReduction.sass
	check "timedReduction pair" 1 "$SIMTEMU" compare "$@"
	contains "timer differs" out "output timer: DIFFERENT"
	check "timedReduction --ignore" 0 "$SIMTEMU" compare --ignore timer "$@"
	contains "timer ignored" out "output timer: not compared (--ignore)"
	check "--ignore unknown" 2 "$SIMTEMU" compare --ignore nosuch "$@"
	set --
fi
# compare (SPEC sections 1 and 7): the if-block with SSY/NOP.S against the predicated one;
# counts derived by hand in examples/ifblock_*.sass and tests/check_e2e.c
check "compare" 0 "$SIMTEMU" compare examples/ifblock_ssy.sass examples/ifblock_pred.sass --plot "$tmp/if.svg"
contains "compare outputs" out "output out: identical (8 values)"
contains "compare NOP" out "NOP                                2           0          -2  -100.0%              8            0           -8  -100.0%"
contains "compare total" out "total                             11           7          -4   -36.4%             75           56          -19   -25.3%"
contains "compare class" out "control                            3           1          -2   -66.7%             24            8          -16   -66.7%"
contains "compare result" out "result: ok (2 of 2 .expect held; 1 of 1 shared outputs identical)"
contains "compare plot" if.svg "total: A 11, B 7 warp instructions (B -36.4%)"
contains "compare plot bars" if.svg "<title>A 2</title>"
check "compare csv" 0 "$SIMTEMU" compare --counts csv examples/ifblock_ssy.sass examples/ifblock_pred.sass
contains "compare csv row" out "opcode,NOP,2,0,-2,-100.00,8,0,-8,-100.00"
contains "compare csv class" out "class,control,3,1,-2,-66.67,24,8,-16,-66.67"
check "compare json" 0 "$SIMTEMU" compare --counts json examples/ifblock_ssy.sass examples/ifblock_pred.sass
contains "compare json outputs" out '"outputs": [{"name": "out", "equal": true, "differing": 0, "ignored": false}]'
contains "compare json row" out '{"key": "SSY", "a": {"warp_inst": 1, "thread_inst": 8}, "b": {"warp_inst": 0, "thread_inst": 0}}'
# different outputs: walk's out[0] is 1002, loop's is 1 (both .expects hold): exit 1
check "compare differs" 1 "$SIMTEMU" compare examples/walk.sass examples/loop.sass
contains "compare differs report" out "output out: DIFFERENT, 8 of 8 differ; first [0]: A 1002, B 1"
# floats: 1.0f against the next float up; equal within the .expect's tol=, not bit for bit
printf '.block 1\n.buffer out f32 1\n.param u32 out\n.expect out = 1 tol=1e-6\nMOV R0, c [0x0] [0x20];\nMOV32I R1, 0x3f800000;\nST [R0], R1;\nEXIT;\n' >"$tmp/one.sass"
sed 's/0x3f800000/0x3f800001/' "$tmp/one.sass" >"$tmp/one_up.sass"
check "compare within tol" 0 "$SIMTEMU" compare "$tmp/one.sass" "$tmp/one_up.sass"
contains "compare tol identical" out "output out: identical (1 values)"
check "compare --tol 0" 1 "$SIMTEMU" compare --tol 0 "$tmp/one.sass" "$tmp/one_up.sass"
contains "compare exact differs" out "output out: DIFFERENT, 1 of 1 differ; first [0]: A 1, B 1.00000012"
check "compare one file" 2 "$SIMTEMU" compare examples/walk.sass
check "compare bad tol" 2 "$SIMTEMU" compare --tol x examples/walk.sass examples/loop.sass
# compare with more than two files: every run against A. The if-block pair and A again as
# C (counts by hand in docs/examples.md: ifblock_ssy 11 warp / 75 thread, NOP 2/8, SSY 1/8,
# control 3/24; ifblock_pred 7/56, no NOP or SSY, control 1/8)
set -- examples/ifblock_ssy.sass examples/ifblock_pred.sass examples/ifblock_ssy.sass
check "compare 3" 0 "$SIMTEMU" compare "$@" --plot "$tmp/if3.svg"
contains "compare 3 expects" out "C: expect out: ok (8 values)"
contains "compare 3 files" out "C: examples/ifblock_ssy.sass (ifblock, sm_20)"
contains "compare 3 outputs" out "output out: identical in all 3 runs (8 values)"
contains "compare 3 header" out "opcode                        A warp      B warp         B-A        %      C warp         C-A        %"
contains "compare 3 NOP" out "NOP                                2           0          -2  -100.0%           2          +0    +0.0%"
contains "compare 3 total" out "total                             11           7          -4   -36.4%          11          +0    +0.0%"
contains "compare 3 thread header" out "opcode                       A thread     B thread          B-A        %     C thread          C-A        %"
contains "compare 3 SSY thread" out "SSY                                 8            0           -8  -100.0%            8           +0    +0.0%"
contains "compare 3 total thread" out "total                              75           56          -19   -25.3%           75           +0    +0.0%"
contains "compare 3 class" out "control                            3           1          -2   -66.7%           3          +0    +0.0%"
contains "compare 3 class thread" out "control                            24            8          -16   -66.7%           24           +0    +0.0%"
contains "compare 3 result" out "result: ok (3 of 3 .expect held; 1 of 1 shared outputs identical)"
contains "compare 3 plot" if3.svg "total warp instructions: A 11, B 7 (-36.4%), C 11 (+0.0%)"
contains "compare 3 plot bars" if3.svg "<title>C 2</title>"
check "compare 3 csv" 0 "$SIMTEMU" compare --counts csv "$@"
contains "compare 3 csv header" out "group,key,a_warp_inst,b_warp_inst,b_diff_warp_inst,b_pct_warp_inst,c_warp_inst,c_diff_warp_inst,c_pct_warp_inst,a_thread_inst,b_thread_inst,b_diff_thread_inst,b_pct_thread_inst,c_thread_inst,c_diff_thread_inst,c_pct_thread_inst"
contains "compare 3 csv row" out "opcode,NOP,2,0,-2,-100.00,2,0,0.00,8,0,-8,-100.00,8,0,0.00"
contains "compare 3 csv total" out "opcode,total,11,7,-4,-36.36,11,0,0.00,75,56,-19,-25.33,75,0,0.00"
contains "compare 3 csv class" out "class,control,3,1,-2,-66.67,3,0,0.00,24,8,-16,-66.67,24,0,0.00"
check "compare 3 json" 0 "$SIMTEMU" compare --counts json "$@"
contains "compare 3 json outputs" out '"outputs": [{"name": "out", "equal": true, "differing": {"B": 0, "C": 0}, "ignored": false}]'
contains "compare 3 json row" out '{"key": "SSY", "warp_inst": [1, 0, 1], "thread_inst": [8, 0, 8]}'
contains "compare 3 json run" out '{"run": "C", "file": "examples/ifblock_ssy.sass", "kernel": "ifblock", "target": "sm_20", "totals": {"warp_inst": 11, "thread_inst": 75, "active_thread_inst": 72, "pred_off": 0}}'
check "compare 3 --ignore unknown" 2 "$SIMTEMU" compare --ignore nosuch "$@"
# four files, one differing from A: walk (out[0] 1002; 41 warp instructions by
# docs/semantics.md) against loop (out[0] 1; 36 by docs/examples.md) and walk twice
check "compare 4 differs" 1 "$SIMTEMU" compare examples/walk.sass examples/loop.sass examples/walk.sass examples/walk.sass
contains "compare 4 differs report" out "output out: DIFFERENT; B: 8 of 8 differ, first [0]: A 1002, B 1"
contains "compare 4 total" out "total                             41          36          -5   -12.2%          41          +0    +0.0%          41          +0    +0.0%"
contains "compare 4 result" out "result: FAIL (4 of 4 .expect held; 0 of 1 shared outputs identical)"
set --
for i in $(seq 27); do set -- "$@" examples/walk.sass; done
check "compare 27 files" 2 "$SIMTEMU" compare "$@"
set --
# docs/debugging.md's walkthrough, so that it stays true
check "readme walkthrough" 0 "$SIMTEMU" debug --batch tests/debug/breakcont.cmd examples/breakcont.sass
contains "tokens pushed" out "     7  0x0030  ISETP.EQ.AND P0, pt, R4, R0, pt                  A=11111  S=[PCNT,11111,0x0070] [PBK,11111,0x0090]"
contains "saved masks" out "  1  PCNT 11111  0x0070 NEXT  saved=00000"
contains "break mask" out "     9  0x0040  LOP.AND R5, R4, 0x1                              A=01111  S=[PCNT,11111,0x0070] [PBK,11111,0x0090] Dbrk=10000"
contains "PCNT popped" out "     -  0x0070  pop [PCNT,11111,0x0070]                          A=01111  S=[PBK,11111,0x0090] Dbrk=10000"
contains "last BRK" out "    48  0x0088  BRK                                              A=00001  S=[PBK,11111,0x0090] Dbrk=11110"
contains "PBK popped" out "     -  0x0090  pop [PBK,11111,0x0090]                           A=11111  S=-"
check "readme trace" 0 "$SIMTEMU" trace examples/walk.sass
contains "readme trace row" out "     7  0x0030  IADD.S R5, R5, 0x64                              A=00011111  S=[DIV,11100000,0x0038] [SSY,11111111,0x0048]"
# the step budget runs out at the same issue for every -j: CTA c loops 50 * (c + 1) times
# and issues 4 + 150 * (c + 1) instructions; CTAs 0-4 take 2270 in all, 0-5 take 3174, so
# --max-steps 3000 ends in CTA 5
printf '.target sm_20\n.grid 7\n.block 32\nS2R R1, SR_CTAid_X;\nIADD R1, R1, 0x1;\nIMUL R1, R1, 0x32;\nL:\nIADD R1, R1, -0x1;\nISETP.NE.AND P0, pt, R1, RZ, pt;\n@P0 BRA L;\nEXIT;\n' >"$tmp/ctas.sass"
check "budget -j 1" 3 "$SIMTEMU" run --max-steps 3000 -j 1 "$tmp/ctas.sass"
cp "$tmp/err" "$tmp/err1"
contains "budget ends in CTA 5" err1 "CTA (5,0,0), warp 0"
check "budget -j 2" 3 "$SIMTEMU" run --max-steps 3000 -j 2 "$tmp/ctas.sass"
if cmp -s "$tmp/err" "$tmp/err1"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL budget trap differs between -j 1 and -j 2"; cat "$tmp/err" "$tmp/err1"; fi
# Ctrl-C: exit 130, one line naming where the kernel was; stats prints the counts so far
printf '.target sm_20\n.grid 64\n.block 256\nL:\n  IADD R0, R0, 0x1;\n  BRA L;\n' >"$tmp/spin.sass"
"$SIMTEMU" stats "$tmp/spin.sass" >"$tmp/out" 2>"$tmp/err" &
spin=$!
sleep 1
kill -INT $spin
wait $spin
got=$?
if [ $got -eq 130 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL interrupt: exit $got, want 130"; fi
contains "interrupt names where" err "simtemu: interrupted: kernel spin, CTA (0,0,0), warp 0, pc 0x"
contains "interrupt partial counts" out "partial counts: the run was interrupted"
# debugger arguments (issue 14): each bad one is refused with a message, the session goes on
check "debug args" 0 "$SIMTEMU" debug --batch tests/debug/args.cmd examples/walk.sass
contains "huge register" out "no register R99999999999 (this kernel uses R0 to R8)"
contains "regs R300" out "no register R300 (this kernel uses R0 to R8)"
contains "watch unused register" out "(simtemu) watch R9
no register R9 (this kernel uses R0 to R8)"
contains "predicate" out "no predicate P7 (P0 to P6)"
contains "negative constant offset" out "constant offset -4 is outside the bank (65536 bytes)"
contains "constant bank" out "constant bank 99 is out of range (0 to 17)"
contains "negative shared offset" out "shared offset -8 is outside shared memory (16384 bytes)"
contains "print bad format" out "usage: print[/x|/d|/f] Rn|Pn|c[B][O]|smem[O] [[lane] L]"
contains "mem shared past the end" out "0xffffffff: outside shared memory (16384 bytes)"
contains "mem shared wrapping offset" out "0xfffffffffffffffc: outside shared memory (16384 bytes)"
contains "mem const past the bank" out "0x10000: outside the bank (65536 bytes)"
contains "mem wraps" out "8 words from 0xfffffffffffffff0 wrap around the address space"
contains "mem absurd count" out "word count 100000000 is out of range (1 to 4096)"
contains "mem negative count" out "word count -1 is out of range (1 to 4096)"
contains "mem non-numeric address" out "'xyz' is not an address or a buffer name (info buffers lists them)"
contains "mem bad offset" out "offset 'zz' is not a number"
contains "step -1" out "step count -1 is out of range (1 to 1000000000)"
contains "step 1e99" out "step count '1e99' is not a number"
contains "step 3x" out "step count '3x' is not a number"
contains "step 0" out "step count 0 is out of range (1 to 1000000000)"
contains "reverse-step x" out "(simtemu) reverse-step x
step count 'x' is not a number"
contains "list #abc" out "instruction index 'abc' is not a number"
contains "list #99" out "instruction index 99 is out of range (0 to 22)"
contains "break no instruction" out "no instruction at 0x7"
contains "break bad op" out "usage: break PC|LABEL|#I if Rn|Pn OP VALUE [lane L] (OP: == != < <= > >=)"
contains "break bad value" out "value '3x' is not a number"
contains "break bad lane" out "(simtemu) break LOOP if R0 == 3 lane 8
lane 8 is out of range (0 to 7)"
contains "delete x" out "breakpoint number 'x' is not a number"
contains "warp huge" out "no warp 99999999999 in the running CTA"
contains "unknown info topic" out "unknown info topic 'frob' (info warps|breakpoints|buffers)"
contains "regs bad lane" out "(simtemu) regs lane 9
lane 9 is out of range (0 to 7)"
contains "session goes on" out "stopped: step; CTA 0 warp 0"
# print R0 3 and print R0 lane 3 (after S2R: R0 = tid)
contains "print R0 3" out "(simtemu) print R0 3
lane  3: 0x00000003"
contains "print R0 lane 3" out "(simtemu) print/d R0 lane 3
lane  3: 3"
if [ "$(grep -c '^lane  *[0-9]*: ' "$tmp/out")" -eq 2 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL debug args: a refused print printed lanes"; fi
# buffers by name (issue 15): out is at c[0][0x20]; out[5] = 105 = 0x69
check "debug buffers" 0 "$SIMTEMU" debug --batch tests/debug/buffers.cmd examples/walk.sass
contains "info buffers header" out "buffer           type        count  address"
contains "info buffers row" out "out              s32             8  0x00100000"
contains "param holds the address" out "(simtemu) print c[0][0x20]
0x00100000"
contains "mem const[0]" out "0x00000020: 0x00100000"
contains "watch by name" out "1  watch memory word at 0x100014"
contains "watch fires" out "watch 1: memory word: 0x0 -> 0x69"
contains "mem by name" out "0x00100000: 0x000003ea 0x000003ea 0x000003eb 0x0000044f
0x00100010: 0x00000450 0x00000069 0x00000452 0x00000453"
contains "mem name+offset" out "0x00100008: 0x000003eb 0x0000044f"
# regs lists the registers the kernel uses: R0-R8, not R9
contains "regs R8" out "R8     0x00100000"
if grep -q '^R9 ' "$tmp/out"; then fail=$((fail + 1)); echo "FAIL regs lists R9"; else pass=$((pass + 1)); fi
# after a fault the focus is on the faulting instruction, not the one after it
check "debug fault" 3 "$SIMTEMU" debug --batch tests/debug/fault.cmd tests/debug/fault.sass
contains "fault row" out "     3  0x0010  ST [R1], R0                                      A=1111  S=-"
contains "fault list" out "=>  /*0010*/  ST [R1], R0"
contains "fault info warps" out "* warp 0   pc 0x0010  A=1111  depth 0  trapped"
if grep -q 'EXIT  *A=\|=>.*EXIT' "$tmp/out"; then fail=$((fail + 1)); echo "FAIL fault focus is on the EXIT"; else pass=$((pass + 1)); fi
# --batch given a directory or a file that cannot be read: usage errors
check "debug batch directory" 2 "$SIMTEMU" debug --batch tests/debug examples/walk.sass
contains "batch directory message" err "simtemu: --batch 'tests/debug' is a directory"
check "debug batch missing" 2 "$SIMTEMU" debug --batch "$tmp/nothere.cmd" examples/walk.sass
contains "batch missing message" err "nothere.cmd': No such file or directory"
# cta N before CTA N starts: continue stops when it does (as help says)
printf 'cta 1\ncontinue\nquit\n' >"$tmp/dcta"
check "debug cta" 0 "$SIMTEMU" debug --grid 2 --batch "$tmp/dcta" examples/walk.sass
contains "continue stops at the CTA" out "stopped: CTA 1 started; CTA 1 warp 0
    42  0x0000  S2R R0, SR_Tid_X"
# Ctrl-C during continue stops the kernel; the session takes the next commands (a second
# Ctrl-C at the prompt is ignored)
printf '.target sm_20\n.block 32\nL:\n  IADD R0, R0, 0x1;\n  BRA L;\n' >"$tmp/dspin.sass"
mkfifo "$tmp/dfifo"
"$SIMTEMU" debug "$tmp/dspin.sass" <"$tmp/dfifo" >"$tmp/out" 2>"$tmp/err" &
dpid=$!
exec 3>"$tmp/dfifo"
echo continue >&3
i=0
while [ $i -lt 50 ] && ! grep -q '^(simtemu) continue' "$tmp/out"; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -INT $dpid
i=0
while [ $i -lt 50 ] && ! grep -q '^stopped: interrupted' "$tmp/out"; do sleep 0.1; i=$((i + 1)); done
kill -INT $dpid
sleep 0.2
printf 'info warps\nquit\n' >&3
exec 3>&-
wait $dpid
got=$?
if [ $got -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL debug interrupt: exit $got, want 0"; fi
contains "debug interrupted" out "stopped: interrupted; CTA 0 warp 0"
contains "debug goes on" out "* warp 0   pc 0x00"
contains "debug quits" out "quit before the kernel finished: .expect not checked"
# a whole cuobjdump output (fat binary headers, -elf sections, -sass, PTX): the __device__
# variable `ans` and the relocation that puts its address in c[0xe][0] come from the ELF
# sections; ans = tid.x + ctaid.x + 2, last written by tid 4 of CTA 2: 8
raw=../shared/corpus/raw
if [ -d "$raw" ]; then
	printf '.grid 3\n.block 5\n.expect ans = 8\n' >"$tmp/call.spec"
	check "whole dump runs" 0 "$SIMTEMU" run --spec "$tmp/call.spec" "$raw/lysago_1180849_cuobjdump_complete_output_3T9DUQ.txt"
	contains "whole dump ans" out "expect ans: ok (1 values)"
	check "several architectures" 2 "$SIMTEMU" asm "$raw/lysago_9711545_cuobjdump_complete_output_0gVypK.txt"
	contains "several architectures listed" err "error: the file has code for several architectures (sm_20, sm_10, sm_30): pick one with --target"
	check "pick an architecture" 0 "$SIMTEMU" asm --target sm_30 "$raw/lysago_9711545_cuobjdump_complete_output_0gVypK.txt"
	contains "picked sm_30" out "function _Z14timedReductionPKfPfPl (sm_30): 70 instructions"
	check "missing architecture" 2 "$SIMTEMU" asm --target sm_35 "$raw/lysago_9711545_cuobjdump_complete_output_0gVypK.txt"
	contains "missing architecture named" err "the file has no code for sm_35 (it has code for sm_20, sm_10, sm_30)"
fi
# barriers: a deadlock names the waiting warps and the CTA, never "warp -1"; barrier ids
# are 0-15, an error when written as an immediate, a trap when read from a register
printf '.target sm_20\n.block 64\nS2R R0, SR_Tid_X;\nISETP.LT.AND P0, pt, R0, 0x20, pt;\n@P0 BAR.SYNC 0x1;\nBAR.SYNC 0x2;\nEXIT;\n' >"$tmp/dl.sass"
check "barrier deadlock" 3 "$SIMTEMU" run "$tmp/dl.sass"
contains "deadlock warps" err "barrier deadlock: warps wait at different barriers: [warp 0 pc 0x0010 A=ffffffff bar 1] [warp 1 pc 0x0018 A=ffffffff bar 2]"
contains "deadlock CTA" err "  kernel dl, CTA (0,0,0)"
if grep -q 'warp -1' "$tmp/err"; then fail=$((fail + 1)); echo "FAIL deadlock names warp -1"; else pass=$((pass + 1)); fi
printf '.target sm_20\nBAR.SYNC 0x10;\nEXIT;\n' >"$tmp/b16.sass"
check "barrier 16 written" 2 "$SIMTEMU" run "$tmp/b16.sass"
contains "barrier 16 named" err "error: barrier 16 does not exist (barriers 0-15)"
printf '.target sm_20\nMOV32I R0, 0x11;\nBAR.SYNC R0;\nEXIT;\n' >"$tmp/b17.sass"
check "barrier 17 read" 3 "$SIMTEMU" run "$tmp/b17.sass"
contains "barrier 17 named" err "trap: barrier 17 does not exist (barriers 0-15)"
# PTX in: without the toolkit one message says which tool is missing and how to get it;
# with it (make toolkit), the file is compiled for the target and runs
SIMTEMU_CUDA=/nonexistent check "ptx without the toolkit" 2 "$SIMTEMU" run --spec tests/ptx/triple.spec tests/ptx/triple.ptx
contains "ptx toolkit missing" err "tests/ptx/triple.ptx is PTX: running it needs NVIDIA's ptxas, which was not found (looked in /nonexistent/bin/); 'make toolkit' fetches it"
if { [ -x build/cuda/usr/bin/ptxas ] && [ -x build/cuda/usr/bin/cuobjdump ]; } ||
	{ command -v ptxas >/dev/null 2>&1 && command -v cuobjdump >/dev/null 2>&1; }; then
	for t in sm_35 sm_52 sm_61; do
		check "ptx for $t" 0 "$SIMTEMU" run --target $t --keep-sass "$tmp/triple.$t.sass" --spec tests/ptx/triple.spec tests/ptx/triple.ptx
		contains "ptx $t expect" out "expect out: ok (8 values)"
		contains "ptx $t listing kept" triple.$t.sass "code for $t"
	done
else
	echo "cli: skipped the PTX runs (no ptxas and cuobjdump: make toolkit)"
fi
# - is standard input: a whole dump piped in (cuobjdump -elf -sass app | simtemu run -)
if [ -d "$raw" ]; then
	"$SIMTEMU" run --spec "$tmp/call.spec" - <"$raw/lysago_1180849_cuobjdump_complete_output_3T9DUQ.txt" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ $got -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL stdin run: exit $got"; cat "$tmp/err"; fi
	contains "stdin dump ans" out "expect ans: ok (1 values)"
fi
# printf (vprintf through JCAL 0x0): every thread's line, in thread order, as the source
# prints them for these inputs (tests/conformance/sm_35_print_values_printf.stdout)
c=../shared/corpus/sm_35_print_values_printf.sass
if [ -f "$c" ]; then
	check "printf runs" 0 "$SIMTEMU" run -q --printf "$tmp/printf.out" --spec tests/conformance/sm_35_print_values_printf.spec "$c"
	if cmp -s "$tmp/printf.out" tests/conformance/sm_35_print_values_printf.stdout; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL printf output differs"; diff "$tmp/printf.out" tests/conformance/sm_35_print_values_printf.stdout | head -5; fi
	check "printf on stdout with -j 2" 0 "$SIMTEMU" run -q -j 2 --spec tests/conformance/sm_35_print_values_printf.spec "$c"
	if cmp -s "$tmp/out" tests/conformance/sm_35_print_values_printf.stdout; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL printf on stdout differs"; fi
	grep -v '^\.printf' tests/conformance/sm_35_print_values_printf.spec >"$tmp/noprintf.spec"
	check "printf without its format" 3 "$SIMTEMU" run -q --spec "$tmp/noprintf.spec" "$c"
	contains "printf format missing" err "printf's format string is not in the listing (its address is a relocation): give it with .printf"
fi
# simtemu spec: a starting spec read off the code (parameter slots, a .buffer per pointer, the
# constant banks nothing fills); what it prints is a spec run accepts
cat >"$tmp/fill.sass" <<'END'
	code for sm_35
		Function : fill
        /*0008*/                   MOV R1, c[0x0][0x44];
        /*0010*/                   S2R R0, SR_TID.X;
        /*0018*/                   ISETP.GE.AND P0, PT, R0, c[0x0][0x140], PT;
        /*0020*/               @P0 EXIT;
        /*0028*/                   IMUL R0, R0, c[0x0][0x150];
        /*0030*/                   MOV32I R3, 0x4;
        /*0038*/                   IMAD R2.CC, R0, R3, c[0x0][0x148];
        /*0040*/                   MOV R4, c[0x0][0x144];
        /*0048*/                   IMAD.HI.X R3, R0, R3, c[0x0][0x14c];
        /*0050*/                   FADD R4, R4, c[0x2][0x8];
        /*0058*/                   ST.E [R2], R4;
        /*0060*/                   EXIT;
END
check "spec" 0 "$SIMTEMU" spec "$tmp/fill.sass"
cp "$tmp/out" "$tmp/fill.spec"
contains "spec pointer slot" fill.spec ".param @0x8 u64 arg8    # c[0x0][0x148]: an address (the code loads or stores through it)"
contains "spec buffer" fill.spec ".buffer arg8 u32 32    # loaded or stored through (4-byte accesses)"
contains "spec value slot" fill.spec ".param @0x0 u32 0    # c[0x0][0x140], first read on line 5: a 32-bit value"
contains "spec float slot" fill.spec ".param @0x4 u32 0"
contains "spec stride slot" fill.spec ".param @0x10 u32 0"
contains "spec literal pool" fill.spec ".const 2 0x8 u32 0    # c[0x2][0x8..0xc]: fill in"
contains "spec geometry" fill.spec ".grid 1 1 1"
# the run's own stderr, kept under its own name: no read may be left unset (and the
# same check on a spec with a slot taken out must fail, so that it can)
check "spec output runs" 0 "$SIMTEMU" run --spec "$tmp/fill.spec" "$tmp/fill.sass"
cp "$tmp/err" "$tmp/fillrun.err"
lacks "spec output leaves no read unset" fillrun.err "warning"
grep -v '^\.param @0x10 ' "$tmp/fill.spec" >"$tmp/fill-less.spec"
check "spec output less a slot runs" 0 "$SIMTEMU" run --spec "$tmp/fill-less.spec" "$tmp/fill.sass"
contains "spec output less a slot warns" err "c[0x0][0x150] (parameter slot @0x10) is read by 'IMUL R0, R0, c[0x0][0x150]'"
check "spec missing file" 2 "$SIMTEMU" spec "$tmp/nothere.sass"
contains "spec missing file named" err "nothere.sass"
# spec --help: the usage on stdout, nothing (no warning, no error) on its own stderr
check "spec help" 0 "$SIMTEMU" spec --help
contains "spec help text" out "usage: simtemu spec [options] FILE"
if [ -s "$tmp/err" ]; then fail=$((fail + 1)); echo "FAIL spec help writes to stderr:"; cat "$tmp/err"; else pass=$((pass + 1)); fi
# reads nothing set: one warning per location, naming the slot and the instruction
check "unset params warn" 0 "$SIMTEMU" run "$tmp/fill.sass"
contains "unset param named" err "simtemu: warning: $tmp/fill.sass:5: c[0x0][0x140] (parameter slot @0x0) is read by 'ISETP.GE.AND P0, PT, R0, c[0x0][0x140], PT' but neither the launch ABI nor a directive sets it (it reads as 0)"
contains "unset bank named" err "c[0x2][0x8] is read by 'FADD R4, R4, c[0x2][0x8]'"
if [ "$(grep -c warning "$tmp/err")" -eq 6 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL unset warnings: want 6"; cat "$tmp/err"; fi
contains "nothing checked" out "result: ok (nothing checked: no .expect)"
printf '.param s32 1\n' >"$tmp/one.spec"
check "one param set" 3 "$SIMTEMU" run --spec "$tmp/one.spec" "$tmp/fill.sass"
if grep -q 'c\[0x0\]\[0x140\]' "$tmp/err"; then fail=$((fail + 1)); echo "FAIL a set param warned"; else pass=$((pass + 1)); fi
# --version; make install puts the binary, the man page and the bash completion under PREFIX
check "version" 0 "$SIMTEMU" --version
if grep -qE '^simtemu [0-9]' "$tmp/out"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL --version: $(cat "$tmp/out")"; fi
if [ -f Makefile ] && command -v make >/dev/null 2>&1; then
	check "make install" 0 make -s install PREFIX="$tmp/inst" BIN="$(basename "$SIMTEMU")"
	for f in bin/simtemu share/man/man1/simtemu.1 share/bash-completion/completions/simtemu; do
		if [ -f "$tmp/inst/$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL make install: no $f"; fi
	done
	check "installed binary runs" 0 "$tmp/inst/bin/simtemu" --version
fi
# the man page and the bash completion name every target isa/gens.def runs (the first
# quoted field of each GEN row) and every option the --help texts list
gtargets=$(awk -F'"' '/^GEN\(/ { print $2 }' isa/gens.def)
if [ "$(echo $gtargets | wc -w)" -lt 20 ]; then fail=$((fail + 1)); echo "FAIL gens.def targets: read only '$gtargets'"; fi
# the man page's --target entry, its \- unescaped
awk '/^\.BI \\-\\-target/ { f = 1; next } f && /^\.[A-Z]/ { f = 0 } f' docs/simtemu.1 | sed 's/\\-/-/g' >"$tmp/man-targets"
sed 's/\\-/-/g' docs/simtemu.1 >"$tmp/man"
# what the completion offers after --target (bash itself where it is installed)
if command -v bash >/dev/null 2>&1; then
	bash -c '. tools/simtemu.bash-completion; COMP_WORDS=(simtemu run --target ""); COMP_CWORD=3; _simtemu; echo "${COMPREPLY[@]}"' >"$tmp/comp-targets" 2>&1
else
	sed -n '/targets="/,/"/p' tools/simtemu.bash-completion >"$tmp/comp-targets"
fi
for t in $gtargets; do
	if grep -qw -- "$t" "$tmp/comp-targets"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL bash completion: --target does not offer $t (isa/gens.def runs it)"; fi
	if grep -qw -- "$t" "$tmp/man-targets"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL man page: --target does not list $t (isa/gens.def runs it)"; fi
done
: >"$tmp/helpopts"
for c in "" run stats trace debug compare spec asm isa convert batch merge; do
	# shellcheck disable=SC2086
	"$SIMTEMU" $c --help 2>&1 | awk '
		/^  -/ { sub(/,$/, "", $1); print $1; if ($2 ~ /^-/) print $2 }
		/usage:|^       simtemu/ { while (match($0, /\[-[-a-z]+/)) { print substr($0, RSTART + 1, RLENGTH - 1); $0 = substr($0, RSTART + RLENGTH) } }
		/--to |--tol |--ignore / { for (i = 1; i <= NF; i++) if ($i ~ /^--(to|tol|ignore)$/) print $i }' >>"$tmp/helpopts"
done
for o in $(sort -u "$tmp/helpopts"); do
	if grep -qE -- "(^|[^a-z-])$o([^a-z-]|\$)" tools/simtemu.bash-completion; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL bash completion lacks $o (a --help option)"; fi
	if grep -qE -- "(^|[^a-z-])$o([^a-z-]|\$)" "$tmp/man"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL man page lacks $o (a --help option)"; fi
done
# did you mean: the nearest opcode of the target's table, the nearest directive
printf '.target sm_20\nISCAD R0, R1, R2, 0x2;\nEXIT;\n' >"$tmp/typo.sass"
check "opcode typo" 2 "$SIMTEMU" asm "$tmp/typo.sass"
contains "opcode suggestion" err "typo.sass:2:1: error: unsupported opcode 'ISCAD' for sm_20; did you mean ISCADD?"
printf '.blok 8\n' >"$tmp/typo.spec"
check "directive typo" 2 "$SIMTEMU" run --spec "$tmp/typo.spec" examples/walk.sass
contains "directive suggestion" err "typo.spec:1:1: error: unknown directive '.blok'; did you mean .block?"
# trace of a warp or CTA the launch does not have: a usage error naming the range
check "trace no such warp" 2 "$SIMTEMU" trace --warp 5 examples/walk.sass
contains "trace warp range" err "simtemu: --warp 5: no such warp (a CTA has warps 0-0)"
check "trace no such cta" 2 "$SIMTEMU" trace --cta 2 --grid 2 examples/walk.sass
contains "trace cta range" err "simtemu: --cta 2: no such CTA (the grid has CTAs 0-1)"
# sm_70+: trace and debug show the groups and convergence barriers (examples/volta/ifelse:
# after 8 issues lanes 0-15 issue BRA SYNC at 0x80, lanes 16-31 wait as a group at 0x90)
check "volta trace" 0 "$SIMTEMU" trace examples/volta/ifelse.sass
contains "volta trace split" out "     9  0x0080  BRA SYNC"
contains "volta trace groups" out "groups=[0x0090 00000000000000001111111111111111] B0=11111111111111111111111111111111"
contains "volta trace wait" out "B0=11111111111111111111111111111111(wait 11111111111111110000000000000000)"
printf 'step 8\nstack\ninfo warps\ncontinue\n' >"$tmp/volta.dbg"
check "volta debug" 0 "$SIMTEMU" debug --batch "$tmp/volta.dbg" examples/volta/ifelse.sass
contains "volta debug group" out "  ready group    0x0090 00000000000000001111111111111111"
contains "volta debug warps" out "groups 2  running"
check "volta csv trace" 0 "$SIMTEMU" trace --format csv examples/volta/ifelse.sass
contains "volta csv header" out "step,kind,pc,insn,A,X,groups,barriers,warpsync,bar"
check "converge bad" 2 "$SIMTEMU" run --converge maybe examples/volta/ifelse.sass
contains "converge bad msg" err "--converge takes barrier or pc, not 'maybe'"
# sm_70+ generic addresses: the shared and local windows' bases at c[0x0][0x18] and
# c[0x0][0x20] (64-bit words), [Rn.64+URm] adding a uniform pair, [R1.U32+UR6] a zero-
# extended register, SR_SWINLO (tests/volta/generic: ptxas's own sm_75, sm_86, sm_90 code)
for a in sm_75 sm_86 sm_90; do
	check "generic windows $a" 0 "$SIMTEMU" run --spec tests/volta/generic/generic.spec tests/volta/generic/generic.$a.sass
	contains "generic windows $a expect" out "result: ok (1 of 1 .expect held)"
done
# Blackwell (sm_100, sm_120): the new instructions with hand-derived values (LDCU, MOV.64,
# IADD.64, ISETP .U64/.S64, SEL.64, UMOV.64, CREDUX, the sm_100+ launch ABI) on both targets,
# and CUDA 13 listings of five corpus kernels with the buffers an H100 gave (tests/blackwell)
for a in sm_100 sm_120; do
	check "blackwell ops $a" 0 "$SIMTEMU" run --target $a tests/blackwell/ops.sass
	contains "blackwell ops $a expect" out "result: ok (1 of 1 .expect held)"
done
# the barrier flavours run as plain barriers, and a listing says so once (at its first one)
check "blackwell flavours warn" 0 "$SIMTEMU" run -q --spec tests/blackwell/hw_loopbreak.spec tests/blackwell/hw_loopbreak.sm_120.sass
contains "blackwell flavour warning located" err "hw_loopbreak.sm_120.sass:21:36: warning: BSSY.RECONVERGENT runs as the plain convergence barrier"
if [ "$(grep -c 'warning: B[A-Z]*\.[A-Z]* runs as the plain' "$tmp/err")" = 1 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL blackwell flavour warning: not exactly once"; cat "$tmp/err"; fi
for f in tests/blackwell/*.sm_1*.sass; do
	k=$(basename "$f"); k=${k%%.*}
	check "blackwell $(basename "$f")" 0 "$SIMTEMU" run -q --spec tests/blackwell/$k.spec "$f"
done
printf '.target sm_120\nIADD.64 R2, R2, 0x80000000 ;\nEXIT ;\n' >"$tmp/iadd64.sass"
check "IADD.64 wide literal" 2 "$SIMTEMU" asm "$tmp/iadd64.sass"
contains "IADD.64 wide literal msg" err "iadd64.sass:2:17: error: IADD: a literal of a 64-bit operation must lie in -2^31 .. 2^31-1"
printf '.target sm_100\nIADD R2, R2, 0x1 ;\nEXIT ;\n' >"$tmp/iadd32.sass"
check "IADD without .64" 2 "$SIMTEMU" asm "$tmp/iadd32.sass"
contains "IADD without .64 msg" err "iadd32.sass:2:1: error: IADD: only IADD.64 Rd, Ra, Rb is known (sm_120)"
check "isa sm_100" 0 "$SIMTEMU" isa --target sm_100
contains "isa sm_100 LDCU" out "LDCU "
# printf on sm_75 (CALL.ABS.NOINC to vprintf, the argument buffer in local memory)
check "printf sm_75" 0 "$SIMTEMU" run -q --spec tests/volta/printf/printf.spec tests/volta/printf/printf.sm_75.sass
printf 'tid 0 v 100\ntid 1 v 101\ntid 2 v 102\ntid 3 v 103\n' >"$tmp/printf75.want"
if cmp -s "$tmp/printf75.want" "$tmp/out"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL printf sm_75 output:"; cat "$tmp/out"; fi
check "volta deadlock" 3 "$SIMTEMU" run tests/volta/deadlock.sass
contains "volta deadlock msg" err "warp 0: deadlock, no lane can go on"
# .max-steps: a kernel's own step budget; --max-steps overrides it
check "max-steps directive" 3 "$SIMTEMU" run examples/volta/lock_tokens.trap.sass
contains "max-steps trap" err "step budget exhausted"
printf '.max-steps 10\n' >"$tmp/ms.spec"
check "max-steps spec" 3 "$SIMTEMU" run --spec "$tmp/ms.spec" examples/walk.sass
check "max-steps cli wins" 0 "$SIMTEMU" run --max-steps 1000 --spec "$tmp/ms.spec" examples/walk.sass
printf '.max-steps 0\n' >"$tmp/ms0.spec"
check "max-steps zero" 2 "$SIMTEMU" run --spec "$tmp/ms0.spec" examples/walk.sass
contains "max-steps zero msg" err "ms0.spec:1:"
# the hwcheck microkernels as nvcc + ptxas compiled them (tests/hw/sass, tools/hw_sass.sh):
# each runs on sm_75 and sm_86 with its spec, whose .expect values were derived by hand
# from the kernel's C (tests/hw/*.spec): recursion with BMOV, a spin lock, shuffles in
# divergence, loops with break, nested regions
for f in tests/hw/sass/*.sass; do
	k=$(basename "$f" | sed 's/\.sm_.*//')
	check "hw $(basename "$f")" 0 "$SIMTEMU" run -q --max-steps 1000000 --spec "tests/hw/$k.spec" "$f"
done
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
