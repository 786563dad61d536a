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
# cut off inside a divergent region (sm_75, convergence barriers): lanes 3-7 branch to T,
# lanes 0-2 run on to T; the two groups run past the end apart, so twice (sm_1x listings
# end without EXIT, and do not warn)
printf '.target sm_75\n.block 8\n S2R R0, SR_TID.X;\n BSSY B0, J;\n ISETP.GE.AND P0, PT, R0, 0x3, PT;\n @P0 BRA T;\n IADD3 R1, R1, 0x1, RZ;\nT:\n IADD3 R2, R2, 0x1, RZ;\nJ:\n' >"$tmp/cutdiv.sass"
check "cut-off divergent listing runs" 0 "$SIMTEMU" run "$tmp/cutdiv.sass"
contains "cut-off divergent listing warns" err "warning: cutdiv: lanes ran past the function's last instruction 2 time(s)"
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
# a .target that is wrong is blamed on its own file and line, not on --target: unknown in
# a --spec file, unknown in the listing, another generation than the listing's code for
printf '.block 8\n.target sm_99\n' >"$tmp/t99.spec"
check "spec unknown target" 2 "$SIMTEMU" run --spec "$tmp/t99.spec" examples/walk.sass
contains "spec unknown target located" err "t99.spec:2:9: error: unknown target 'sm_99' (this build runs sm_10"
lacks "spec unknown target not --target" err "--target"
if [ "$(grep -c 'error' "$tmp/err")" -eq 1 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL spec unknown target: not one error"; cat "$tmp/err"; fi
printf '.block 1\n.target sm_99\nEXIT;\n' >"$tmp/t99.sass"
check "listing unknown target" 2 "$SIMTEMU" run "$tmp/t99.sass"
contains "listing unknown target located" err "t99.sass:2:9: error: unknown target 'sm_99'"
lacks "listing unknown target not --target" err "--target"
check "asm listing unknown target" 2 "$SIMTEMU" asm "$tmp/t99.sass"
contains "asm listing unknown target located" err "t99.sass:2:9: error: unknown target 'sm_99'"
# the directive is bad even where --target overrides it (a directive error, exit 2)
check "--target over an unknown .target" 2 "$SIMTEMU" run -q --target sm_20 "$tmp/t99.sass"
contains "--target over an unknown .target located" err "t99.sass:2:9: error: unknown target 'sm_99'"
if [ -f ../shared/corpus/sm_10_matmul_kernel.sass ]; then
	printf '.target sm_20\n' >"$tmp/t20.spec"
	check "spec target of another generation" 2 "$SIMTEMU" run --spec "$tmp/t20.spec" ../shared/corpus/sm_10_matmul_kernel.sass
	contains "spec target of another generation located" err "sm_10_matmul_kernel.sass:2:2: error: the listing is code for sm_10; '.target sm_20' ($tmp/t20.spec:1:1) names another generation"
fi
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
# counts of straight runs (issue 29: added once per run entry, a guarded instruction's active
# lanes per issue): warps of 32 and 16 lanes, three trips entering the run at pc 1 and then
# at TOP; P0 holds in lanes 0-4 of warp 0 only, P1 on the first two trips. By hand: @P0 is
# active 3 x 5 = 15 times and off in warp 1's three issues, @!P0 3 x (27 + 16) = 129, @!pt
# off in all 6, the branch taken by 2 x 48 lanes and off in both warps' last trip
cat >"$tmp/runs.sass" <<'END'
.target sm_20
.grid 1
.block 48
        S2R R0, SR_Tid_X;
        MOV R5, RZ;
TOP:
        ISETP.LT.U32.AND P0, pt, R0, 0x5, pt;
        IADD R1, R0, 0x1;
        @P0 IADD R1, R1, 0x1;
        @!P0 IADD R2, R0, 0x2;
        @!pt IADD R3, R0, 0x3;
        IADD R5, R5, 0x1;
        ISETP.LT.AND P1, pt, R5, 0x3, pt;
        @P1 BRA TOP;
        EXIT;
END
check "run counts" 0 "$SIMTEMU" stats --by pc --counts csv "$tmp/runs.sass"
contains "run counts, run start" out 'pc,0x0008,2,48,48,0,"MOV R5, RZ"'
contains "run counts, entered at TOP" out 'pc,0x0010,6,144,144,0,"ISETP.LT.U32.AND P0, pt, R0, 0x5, pt"'
contains "run counts, guarded" out 'pc,0x0020,6,144,15,3,"@P0 IADD R1, R1, 0x1"'
contains "run counts, negated guard" out 'pc,0x0028,6,144,129,0,"@!P0 IADD R2, R0, 0x2"'
contains "run counts, never" out 'pc,0x0030,6,144,0,6,"@!pt IADD R3, R0, 0x3"'
contains "run counts, run end" out 'pc,0x0040,6,144,144,0,"ISETP.LT.AND P1, pt, R5, 0x3, pt"'
contains "run counts, total" out 'total,total,54,1296,960,11,'
# the budget ends warp 0's fourth entry at TOP (19 + 8 > 20 steps: the run ends with the
# branch): issues 19 and 20 are pc 2
# and 3, then the trap; the counts of the two runs entered before are all there
check "run counts, budget" 3 "$SIMTEMU" stats --by pc --counts csv --max-steps 20 "$tmp/runs.sass"
contains "run counts, budget, cut" out 'pc,0x0018,3,96,96,0,"IADD R1, R0, 0x1"'
contains "run counts, budget, guarded" out 'pc,0x0020,2,64,10,0,"@P0 IADD R1, R1, 0x1"'
contains "run counts, budget, total" out 'total,total,20,640,512,2,'
# runs that end with control flow (the token stack: a guarded BRA, SSY, a .S instruction,
# an unguarded BRA): lane t leaves the loop after t trips, so warp 0 issues the loop's
# first ISETP 32 times with 32 + 31 + ... + 1 = 528 lanes, warp 1 (lanes 32-47) 48 times
# with 33 x 16 + 15 + ... + 1 = 648; every lane takes @P0 BRA once (48 active), and its
# guard is off for all of warp 1's first 32 trips. An SSY that overflows at the end of a
# run traps there with the counts up to it; so does a budget spent at a lone branch.
cat >"$tmp/enders.sass" <<'END'
.target sm_20
.grid 1
.block 48
        S2R R0, SR_Tid_X;
        MOV R5, RZ;
        SSY DONE;
LOOP:
        ISETP.GE.AND P0, pt, R5, R0, pt;
        @P0 BRA EXIT_LOOP;
        IADD R5, R5, 0x1;
        LOP.AND R6, R5, 0x1;
        ISETP.NE.AND P1, pt, R6, RZ, pt;
        SSY JOIN;
        @P1 BRA ODD;
        IADD.S R7, R7, 0x1;
ODD:
        IADD.S R8, R8, 0x1;
JOIN:
        BRA LOOP;
EXIT_LOOP:
        NOP.S;
DONE:
        EXIT;
END
check "run enders" 0 "$SIMTEMU" stats --by pc --counts csv "$tmp/enders.sass"
contains "run enders, loop head" out 'pc,0x0018,80,1176,1176,0,"ISETP.GE.AND P0, pt, R5, R0, pt"'
contains "run enders, guarded branch" out 'pc,0x0020,80,1176,48,32,@P0 BRA EXIT_LOOP'
contains "run enders, SSY" out 'pc,0x0040,78,1128,1128,0,SSY JOIN'
contains "run enders, if/else" out 'pc,0x0048,78,1128,576,38,@P1 BRA ODD'
contains "run enders, .S" out 'pc,0x0050,38,552,552,0,"IADD.S R7, R7, 0x1"'
contains "run enders, pops" out 'pc,0x0068,48,48,48,0,NOP.S'
contains "run enders, total" out 'total,total,762,10488,8808,70,'
check "run enders -j 2" 0 "$SIMTEMU" stats -j 2 --grid 3 --by pc --counts csv "$tmp/enders.sass"
contains "run enders -j 2, total" out 'total,total,2286,31464,26424,210,'
check "run enders, overflow" 3 "$SIMTEMU" stats --by pc --counts csv --stack-depth 20 "$tmp/enders.sass"
contains "run enders, overflow, where" err "warp 0, pc 0x0040 (${tmp}/enders.sass:13): SSY JOIN"
contains "run enders, overflow, SSY" out 'pc,0x0040,19,418,418,0,SSY JOIN'
contains "run enders, overflow, after" out 'pc,0x0048,18,405,207,9,@P1 BRA ODD'
contains "run enders, overflow, total" out 'total,total,171,3857,3241,9,'
check "run enders, budget" 3 "$SIMTEMU" stats --by pc --counts csv --max-steps 101 "$tmp/enders.sass"
contains "run enders, budget, where" err "warp 0, pc 0x0060 (${tmp}/enders.sass:19): BRA LOOP"
contains "run enders, budget, total" out 'total,total,101,2671,2255,5,'
# the same on sm_70's convergence-barrier loop
sed -e 's/^\.target sm_20/.target sm_70/' -e 's/ISETP.LT.U32.AND P0, pt, R0, 0x5, pt/ISETP.LT.U32.AND P0, PT, R0, 0x5, PT/' \
    -e 's/IADD \(R[0-9]\), \(R[0-9]\), \(0x[0-9]\)/IADD3 \1, \2, \3, RZ/' -e 's/@!pt/@!PT/' \
    -e 's/ISETP.LT.AND P1, pt, R5, 0x3, pt/ISETP.LT.AND P1, PT, R5, 0x3, PT/' -e 's/S2R R0, SR_Tid_X/S2R R0, SR_TID.X/' \
    "$tmp/runs.sass" >"$tmp/runs70.sass"
check "run counts sm_70" 0 "$SIMTEMU" stats --by pc --counts csv "$tmp/runs70.sass"
contains "run counts sm_70, guarded" out 'pc,0x0040,6,144,15,3,"@P0 IADD3 R1, R1, 0x1, RZ"'
contains "run counts sm_70, negated guard" out 'pc,0x0050,6,144,129,0,"@!P0 IADD3 R2, R0, 0x2, RZ"'
contains "run counts sm_70, total" out 'total,total,54,1296,960,11,'
# runs that end with control flow under convergence barriers (BSSY, a guarded BRA, BSYNC,
# an unguarded BRA, EXIT): the loop above in sm_70 form. Lane t leaves after t trips: at
# trip k, @P0 BRA splits lane k off (a group of its own at EXIT_LOOP, which runs after the
# loop: the fall-through part goes on) except when it is the last lane (the whole group
# branches); @P1 BRA ODD is uniform ((k + 1) odd: every lane branches), and every lane of B1
# arrives at BSYNC B1 together. Warp 0: 3 + trips 0-30 (10 issues, 11 when k + 1 is even:
# 15 of them) + 2 + 32 BSYNC B0 (each lane's group; the last releases them) + one EXIT =
# 363; warp 1 (lanes 32-47): 3 + trips 0-46 (23 with k + 1 even) + 2 + 16 + 1 = 515. The
# loop head: 32 + 48 issues with 528 + 648 lanes; IADD3 R7: 38 issues, 552 lanes.
cat >"$tmp/enders70.sass" <<'END'
.target sm_70
.grid 1
.block 48
        S2R R0, SR_TID.X ;
        MOV R5, RZ ;
        BSSY B0, DONE ;
LOOP:
        ISETP.GE.AND P0, PT, R5, R0, PT ;
@P0     BRA EXIT_LOOP ;
        IADD3 R5, R5, 0x1, RZ ;
        LOP3.LUT R6, R5, 0x1, RZ, 0xc0, !PT ;
        ISETP.NE.AND P1, PT, R6, RZ, PT ;
        BSSY B1, JOIN ;
@P1     BRA ODD ;
        IADD3 R7, R7, 0x1, RZ ;
ODD:
        IADD3 R8, R8, 0x1, RZ ;
        BSYNC B1 ;
JOIN:
        BRA LOOP ;
EXIT_LOOP:
        BSYNC B0 ;
DONE:
        EXIT ;
END
check "run enders sm_70" 0 "$SIMTEMU" stats --by pc --counts csv "$tmp/enders70.sass"
contains "run enders sm_70, loop head" out 'pc,0x0030,80,1176,1176,0,"ISETP.GE.AND P0, PT, R5, R0, PT"'
contains "run enders sm_70, guarded branch" out 'pc,0x0040,80,1176,48,32,@P0     BRA EXIT_LOOP'
contains "run enders sm_70, BSSY" out 'pc,0x0080,78,1128,1128,0,"BSSY B1, JOIN"'
contains "run enders sm_70, else" out 'pc,0x00a0,38,552,552,0,"IADD3 R7, R7, 0x1, RZ"'
contains "run enders sm_70, BSYNC B1" out 'pc,0x00c0,78,1128,1128,0,BSYNC B1'
contains "run enders sm_70, BSYNC B0" out 'pc,0x00e0,48,48,48,0,BSYNC B0'
contains "run enders sm_70, EXIT" out 'pc,0x00f0,2,48,48,0,EXIT'
contains "run enders sm_70, total" out 'total,total,878,'
# the budget: 20 issues reach trip 1's @P1 BRA ODD (S2R, MOV, BSSY; trip 0: 2 + 8 (its
# @P1 BRA taken); trip 1: 2 + 5), and the next run traps at its first instruction; with 18
# a run of four (IADD3 ... BSSY B1) no longer fits at trip 1, so its instructions issue
# one by one up to the budget, and the trap is at BSSY B1. Lanes: 96 before the loop, trip
# 0 64 + 8 x 31, trip 1 2 x 31 + 5 x 30 (20 steps) or 3 x 30 (18 steps): 620 and 560.
check "run enders sm_70, budget" 3 "$SIMTEMU" stats --by pc --counts csv --max-steps 20 "$tmp/enders70.sass"
contains "run enders sm_70, budget, where" err "warp 0, pc 0x00a0 (${tmp}/enders70.sass:15): IADD3 R7, R7, 0x1, RZ"
contains "run enders sm_70, budget, total" out 'total,total,20,620,'
check "run enders sm_70, budget in a run" 3 "$SIMTEMU" stats --by pc --counts csv --max-steps 18 "$tmp/enders70.sass"
contains "run enders sm_70, budget in a run, where" err "warp 0, pc 0x0080 (${tmp}/enders70.sass:13): BSSY B1, JOIN"
contains "run enders sm_70, budget in a run, total" out 'total,total,18,560,'
# XMAD's unsigned forms run a specialised body (XMAD_U): a guarded .PSL in half of a partial
# warp, .PSL.CBCC and a plain one; a = 0x12345678, b = 3 or 0x9abcdef0, c = 0x11112222, by
# hand: (0x1234 * 3 << 16) + c, (0x1234 * 0x9abc << 16) + c + (0xdef0 << 16),
# 0x5678 * 0xdef0 + c (mod 2^32); lanes 4-7 keep 7
cat >"$tmp/xmad.sass" <<'END'
.target sm_52
.block 8
.buffer out u32 24
.param @0x0 u64 out
.expect out = 0x47ad2222 0x47ad2222 0x47ad2222 0x47ad2222 7 7 7 7 0x96312222 0x96312222 0x96312222 0x96312222 0x96312222 0x96312222 0x96312222 0x96312222 0x5c5e42a2 0x5c5e42a2 0x5c5e42a2 0x5c5e42a2 0x5c5e42a2 0x5c5e42a2 0x5c5e42a2 0x5c5e42a2
        /*0008*/                   S2R R0, SR_TID.X ;
        /*0010*/                   MOV32I R1, 0x12345678 ;
        /*0018*/                   MOV32I R2, 0x11112222 ;
        /*0028*/                   MOV32I R3, 0x7 ;
        /*0030*/                   MOV32I R9, 0x9abcdef0 ;
        /*0038*/                   ISETP.LT.U32.AND P0, PT, R0, 0x4, PT ;
        /*0048*/               @P0 XMAD.PSL R3, R1.H1, 0x3, R2 ;
        /*0050*/                   XMAD.PSL.CBCC R8, R1.H1, R9.H1, R2 ;
        /*0058*/                   XMAD R10, R1, R9, R2 ;
        /*0068*/                   ISCADD R6.CC, R0, c[0x0][0x140], 0x2 ;
        /*0070*/                   IADD.X R7, RZ, c[0x0][0x144] ;
        /*0078*/                   STG.E [R6], R3 ;
        /*0088*/                   STG.E [R6+0x20], R8 ;
        /*0090*/                   STG.E [R6+0x40], R10 ;
        /*0098*/                   EXIT ;
END
check "xmad unsigned forms" 0 "$SIMTEMU" run "$tmp/xmad.sass"
contains "xmad unsigned forms values" out "expect out: ok (24 values)"
# a LOP3 whose table ignores c and is a & b, a | b, a ^ b or b runs LOP's body (set at
# launch): a = 0xf0f0f0f0, b = 0xcccccccc give 0xc0c0c0c0, 0xfcfcfcfc, 0x3c3c3c3c and b;
# the guarded XOR in lanes 0-3 only (4-7 keep 7)
cat >"$tmp/lop3.sass" <<'END'
.target sm_70
.block 8
.buffer out u32 32
.param @0x0 u64 out
.expect out = 0x3c3c3c3c 0x3c3c3c3c 0x3c3c3c3c 0x3c3c3c3c 7 7 7 7 0xc0c0c0c0 0xc0c0c0c0 0xc0c0c0c0 0xc0c0c0c0 0xc0c0c0c0 0xc0c0c0c0 0xc0c0c0c0 0xc0c0c0c0 0xfcfcfcfc 0xfcfcfcfc 0xfcfcfcfc 0xfcfcfcfc 0xfcfcfcfc 0xfcfcfcfc 0xfcfcfcfc 0xfcfcfcfc 0xcccccccc 0xcccccccc 0xcccccccc 0xcccccccc 0xcccccccc 0xcccccccc 0xcccccccc 0xcccccccc
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   MOV R1, 0xf0f0f0f0 ;
        /*0020*/                   MOV R2, 0xcccccccc ;
        /*0030*/                   MOV R8, 0x7 ;
        /*0040*/                   ISETP.GE.U32.AND P0, PT, R0, 0x4, PT ;
        /*0050*/              @!P0 LOP3.LUT R8, R1, R2, RZ, 0x3c, !PT ;
        /*0060*/                   LOP3.LUT R9, R1, R2, R0, 0xc0, !PT ;
        /*0070*/                   LOP3.LUT R10, R1, R2, RZ, 0xfc, !PT ;
        /*0080*/                   LOP3.LUT R11, R1, R2, R1, 0xcc, !PT ;
        /*0090*/                   MOV R6, c[0x0][0x160] ;
        /*00a0*/                   MOV R7, c[0x0][0x164] ;
        /*00b0*/                   IMAD.WIDE.U32 R6, R0, 0x4, R6 ;
        /*00c0*/                   STG.E.SYS [R6], R8 ;
        /*00d0*/                   STG.E.SYS [R6+0x20], R9 ;
        /*00e0*/                   STG.E.SYS [R6+0x40], R10 ;
        /*00f0*/                   STG.E.SYS [R6+0x60], R11 ;
        /*0100*/                   EXIT ;
END
check "lop3 two-input tables" 0 "$SIMTEMU" run "$tmp/lop3.sass"
contains "lop3 two-input tables values" out "expect out: ok (32 values)"
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
# --spec-a/--spec-b: one listing, two launches. out[tid] = tid * 3 on 4 threads (A) and on
# 8 (B): 5 warp instructions each, 20 and 40 thread instructions, out[4] 0 against 12
printf '.target sm_20\n\tS2R R0, SR_Tid_X;\n\tISCADD R2, R0, c [0x0] [0x20], 0x2;\n\tIMUL R1, R0, c [0x0] [0x24];\n\tST [R2], R1;\n\tEXIT;\n' >"$tmp/scale.sass"
printf '.block 4\n.buffer out u32 8\n.param u32 out\n.param u32 3\n.expect out = 0 3 6 9 0 0 0 0\n' >"$tmp/sa.spec"
printf '.block 8\n.buffer out u32 8\n.param u32 out\n.param u32 3\n.expect out = 0 3 6 9 12 15 18 21\n' >"$tmp/sb.spec"
check "compare --spec-a --spec-b" 1 "$SIMTEMU" compare --spec-a "$tmp/sa.spec" --spec-b "$tmp/sb.spec" "$tmp/scale.sass"
contains "spec-a run named" out "A: $tmp/scale.sass --spec $tmp/sa.spec (scale, sm_20)"
contains "spec-b run named" out "B: $tmp/scale.sass --spec $tmp/sb.spec (scale, sm_20)"
contains "spec-a/b expects" out "B: expect out: ok (8 values)"
contains "spec-a/b outputs" out "output out: DIFFERENT, 4 of 8 differ; first [4]: A 0, B 12"
contains "spec-a/b total" out "total                              5           5          +0    +0.0%             20           40          +20  +100.0%"
contains "spec-a/b result" out "result: FAIL (2 of 2 .expect held; 0 of 1 shared outputs identical)"
# the same spec twice: identical (--spec-a=FILE is read as well)
check "compare one spec twice" 0 "$SIMTEMU" compare --counts json --spec-a="$tmp/sb.spec" --spec-b "$tmp/sb.spec" "$tmp/scale.sass"
contains "one spec twice json" out '"outputs": [{"name": "out", "equal": true, "differing": 0, "ignored": false}]'
contains "one spec twice json file" out "\"file\": \"$tmp/scale.sass --spec $tmp/sb.spec\""
check "compare --spec-a alone" 2 "$SIMTEMU" compare --spec-a "$tmp/sa.spec" "$tmp/scale.sass"
contains "spec-a alone says so" err "--spec-a without --spec-b: compare launches the listing twice and needs both --spec-a and --spec-b"
check "compare --spec-b alone" 2 "$SIMTEMU" compare --spec-b "$tmp/sb.spec" "$tmp/scale.sass"
contains "spec-b alone says so" err "--spec-b without --spec-a"
check "compare --spec-a two files" 2 "$SIMTEMU" compare --spec-a "$tmp/sa.spec" --spec-b "$tmp/sb.spec" "$tmp/scale.sass" examples/walk.sass
contains "spec-a two files says so" err "--spec-a and --spec-b launch one listing twice: give one FILE, not several"
check "compare --spec-a no file" 2 "$SIMTEMU" compare --spec-a "$tmp/sa.spec" --spec-b "$tmp/sb.spec"
check "compare --spec-a with --spec" 2 "$SIMTEMU" compare --spec "$tmp/sa.spec" --spec-a "$tmp/sa.spec" --spec-b "$tmp/sb.spec" "$tmp/scale.sass"
contains "spec-a with --spec says so" err "--spec with --spec-a and --spec-b"
check "compare --spec-b missing file" 2 "$SIMTEMU" compare --spec-a "$tmp/sa.spec" --spec-b "$tmp/nothere.spec" "$tmp/scale.sass"
contains "spec-b missing file named" err "cannot read spec file '$tmp/nothere.spec'"
check "compare --spec-a no value" 2 "$SIMTEMU" compare "$tmp/scale.sass" --spec-a
contains "spec-a no value says so" err "option '--spec-a' needs a value"
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
# the commands a document shows, run from a scratch folder beside the checkout's examples,
# tests and binary: "$ CMD" lines with the output shown under them (every line shown but
# "..." must be a line of what CMD prints; "$ cat F" shows F: checked when a command just
# wrote F, else it is the reader's edit and writes F), and "./simtemu ..." lines without
# output (they must exit 0)
docrun() { # document
	d="$tmp/doc.$(basename "$1" .md)"
	mkdir -p "$d"
	for l in examples tests kernels bench; do ln -sfn "$PWD/$l" "$d/$l"; done
	case $SIMTEMU in /*) ln -sfn "$SIMTEMU" "$d/simtemu" ;; *) ln -sfn "$PWD/$SIMTEMU" "$d/simtemu" ;; esac
	awk '/^    \$ / { sub(/^    \$ /, ""); print "C " $0; blk = 1; next }
		/^    \.\/simtemu / && !blk { sub(/^    /, ""); print "R " $0; next }
		/^    / && blk { sub(/^    /, ""); print "O " $0; next }
		{ blk = 0; print "E" }
		END { print "E" }' "$1" >"$d.rec"
	cmd="" fresh="" n=0
	: >"$d.want"
	while IFS= read -r rec; do
		kind=${rec%% *} text=${rec#? }
		if [ "$kind" = O ]; then printf '%s\n' "$text" >>"$d.want"; continue; fi
		if [ -n "$cmd" ]; then # the previous command and what the document says it prints
			case $cmd in
			"cat "*)
				f=${cmd#cat }
				if [ "$f" = "$fresh" ]; then
					if cmp -s "$d.want" "$d/$f"; then pass=$((pass + 1)); else
						fail=$((fail + 1)); echo "FAIL $1: '$cmd' is not what the document shows:"; diff "$d.want" "$d/$f"; fi
				else cp "$d.want" "$d/$f"; fi
				fresh="" ;;
			*)
				(cd "$d" && sh -c "$cmd") >"$d.got" 2>&1
				n=$((n + 1))
				case $cmd in *" > "*) fresh=${cmd##*> } ;; esac
				while IFS= read -r w; do
					[ "$w" = "..." ] && continue
					if grep -qxF -- "$w" "$d.got"; then pass=$((pass + 1)); else
						fail=$((fail + 1)); echo "FAIL $1: '$cmd' does not print '$w':"; cat "$d.got"; fi
				done <"$d.want" ;;
			esac
			cmd=""
			: >"$d.want"
		fi
		case $kind in
		C) cmd=$text ;;
		R)
			(cd "$d" && sh -c "$text") >"$d.got" 2>&1
			st=$?
			if [ $st -eq 0 ]; then pass=$((pass + 1));
			elif [ $st -eq 2 ] && case $text in *.cu*) true ;; *) false ;; esac &&
				grep -q "toolkit\|nvcc\|cuobjdump" "$d.got"; then
				# CUDA C needs a CUDA toolkit that compiles and disassembles for the target
				skip=$((skip + 1)); echo "SKIP $1: '$text' (no usable CUDA toolkit: $(head -n 1 "$d.got"))"
			else
				fail=$((fail + 1)); echo "FAIL $1: '$text' exits $st:"; tail -5 "$d.got"; fi
			n=$((n + 1)) ;;
		esac
	done <"$d.rec"
	if [ "$n" -gt 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1: no command found"; fi
}
docrun README.md
docrun docs/launch-spec.md
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
contains "ptx toolkit missing" err "tests/ptx/triple.ptx is PTX: running it needs NVIDIA's ptxas and cuobjdump, which was not found (looked in /nonexistent/bin)"
contains "ptx toolkit: make toolkit" err "or run 'make toolkit' in simtemu's source tree"
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
# sm_70 and later (params at 0x160): pointers through LEA/LEA.HI.X, IADD3/IADD3.X, ULDC.64 to
# [UR4], MOV and R2UR copies to [R.64+UR]; a ULDC.64 value (u64) and an LDC read by FADD (f32).
# By hand: p0 loaded, p8 stored, p10 reduced (in and out), p18 loaded 8 bytes at a time
cat >"$tmp/forms.sass" <<'END'
	code for sm_75
		Function : forms
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LEA R2, P0, R0, c[0x0][0x160], 0x2 ;
        /*0020*/                   LEA.HI.X R3, R0, c[0x0][0x164], RZ, 0x2, P0 ;
        /*0030*/                   LDG.E.SYS R4, [R2] ;
        /*0040*/                   IMAD.SHL.U32 R5, R0, 0x4, RZ ;
        /*0050*/                   IADD3 R6, P0, R5, c[0x0][0x168], RZ ;
        /*0060*/                   IADD3.X R7, RZ, c[0x0][0x16c], RZ, P0, !PT ;
        /*0070*/                   ULDC.64 UR4, c[0x0][0x170] ;
        /*0080*/                   RED.E.ADD.STRONG.GPU [UR4], R4 ;
        /*0090*/                   MOV R8, c[0x0][0x178] ;
        /*00a0*/                   MOV R9, c[0x0][0x17c] ;
        /*00b0*/                   R2UR UR6, R8 ;
        /*00c0*/                   R2UR UR7, R9 ;
        /*00d0*/                   IMAD.WIDE.U32 R12, R0, 0x8, RZ ;
        /*00e0*/                   LDG.E.64.SYS R10, [R12.64+UR6] ;
        /*00f0*/                   ULDC.64 UR8, c[0x0][0x180] ;
        /*0100*/                   IADD3 R14, R4, UR8, RZ ;
        /*0110*/                   LDC R15, c[0x0][0x188] ;
        /*0120*/                   FADD R16, R10, R15 ;
        /*0130*/                   IADD3 R14, R14, R16, R11 ;
        /*0140*/                   STG.E.SYS [R6], R14 ;
        /*0150*/                   EXIT ;
        /*0160*/                   BRA 0x160;
END
check "spec sm_75" 0 "$SIMTEMU" spec "$tmp/forms.sass"
cp "$tmp/out" "$tmp/forms.spec"
grep '^\.' "$tmp/forms.spec" | sed 's/ *#.*//' >"$tmp/forms.got"
printf '%s\n' ".kernel forms" ".grid 1 1 1" ".block 32 1 1" ".buffer arg0 u32 32" ".buffer arg8 u32 32" \
	".buffer arg10 u32 32" ".buffer arg18 u64 32" ".param @0x0 u64 arg0" ".param @0x8 u64 arg8" \
	".param @0x10 u64 arg10" ".param @0x18 u64 arg18" ".param @0x20 u64 0" ".param @0x28 f32 0" >"$tmp/forms.want"
if cmp -s "$tmp/forms.got" "$tmp/forms.want"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL spec sm_75 forms:"; diff "$tmp/forms.got" "$tmp/forms.want"; fi
contains "spec sm_75 in" forms.spec ".buffer arg0 u32 32    # in: loaded through (4-byte accesses)"
contains "spec sm_75 out" forms.spec ".buffer arg8 u32 32    # out: stored through (4-byte accesses)"
contains "spec sm_75 in and out" forms.spec ".buffer arg10 u32 32    # in and out: loaded and stored through"
contains "spec sm_75 u64 value" forms.spec ".param @0x20 u64 0    # c[0x0][0x180], first read on line 18: a 64-bit value"
check "spec sm_75 output runs" 0 "$SIMTEMU" run --spec "$tmp/forms.spec" "$tmp/forms.sass"
lacks "spec sm_75 output leaves no read unset" err "warning"
# CUDA 9's cuobjdump printed the carry-in of a plain ISETP as a sixth operand, !PT (none):
# lanes 0-7 compare tid >= n (n = 5 at c[0x0][0x170]); out = 1 where it holds: 0 0 0 0 0 1 1 1
cat >"$tmp/isetp6.sass" <<'END'
.target sm_70
.block 8
.buffer out u32 8
.param @0x0 u64 out
.param @0x10 u32 5
.expect out = 0 0 0 0 0 1 1 1
        /*0000*/                   S2R R4, SR_TID.X ;
        /*0010*/                   ISETP.GE.AND P0, PT, R4, c[0x0][0x170], PT, !PT ;
        /*0020*/                   SEL R5, RZ, 0x1, !P0 ;
        /*0030*/                   MOV R2, c[0x0][0x160] ;
        /*0040*/                   MOV R3, c[0x0][0x164] ;
        /*0050*/                   IMAD.WIDE.U32 R2, R4, 0x4, R2 ;
        /*0060*/                   STG.E.SYS [R2], R5 ;
        /*0070*/                   EXIT ;
END
check "isetp six operands (CUDA 9)" 0 "$SIMTEMU" run "$tmp/isetp6.sass"
contains "isetp six operands values" out "expect out: ok (8 values)"
sed 's/PT, !PT ;/PT, P1 ;/' "$tmp/isetp6.sass" >"$tmp/isetp6c.sass"
check "isetp sixth operand carrying in" 2 "$SIMTEMU" run "$tmp/isetp6c.sass"
contains "isetp sixth operand refused" err "isetp6c.sass:8:36: error: ISETP takes P, Q, Ra, Rb, Pc (.EX: and Plow)"
# sm_90 (params at 0x210: LDC.64 of a pair, IMAD.WIDE, [R.64]) and sm_120 (0x380: LDCU.64,
# the pointer in a uniform pair as IMAD.WIDE's addend, desc[UR][R.64])
cat >"$tmp/h.sass" <<'END'
	code for sm_90
		Function : h
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R2, c[0x0][0x218] ;
        /*0020*/                   LDC R5, c[0x0][0x210] ;
        /*0030*/                   IMAD.WIDE.U32 R2, R0, 0x4, R2 ;
        /*0040*/                   STG.E [R2.64], R5 ;
        /*0050*/                   EXIT ;
END
check "spec sm_90" 0 "$SIMTEMU" spec "$tmp/h.sass"
contains "spec sm_90 value" out ".param @0x0 u32 0    # c[0x0][0x210], first read on line 5"
contains "spec sm_90 pointer" out ".param @0x8 u64 arg8    # c[0x0][0x218]: an address"
contains "spec sm_90 buffer" out ".buffer arg8 u32 32    # out: stored through (4-byte accesses)"
cat >"$tmp/b.sass" <<'END'
	code for sm_120
		Function : b
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDCU.64 UR4, c[0x0][0x358] ;
        /*0020*/                   LDCU.64 UR6, c[0x0][0x380] ;
        /*0030*/                   IMAD.WIDE.U32 R2, R0, 0x8, UR6 ;
        /*0040*/                   LDG.E.64 R4, desc[UR4][R2.64] ;
        /*0050*/                   STG.E.64 desc[UR4][R2.64+0x100], R4 ;
        /*0060*/                   EXIT ;
END
check "spec sm_120" 0 "$SIMTEMU" spec "$tmp/b.sass"
contains "spec sm_120 pointer" out ".param @0x0 u64 arg0    # c[0x0][0x380]: an address"
contains "spec sm_120 buffer" out ".buffer arg0 u64 32    # in and out: loaded and stored through (8-byte accesses)"
lacks "spec sm_120: the descriptor is no parameter" out "@0x358"
# a BRX's targets are any code no fall-through reaches: the store at 0x80 (reached only
# through the table) makes p0 an out pointer; the table is in bank 2, which spec names
cat >"$tmp/sw.sass" <<'END'
	code for sm_75
		Function : sw
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   LDC.64 R2, c[0x0][0x160] ;
        /*0020*/                   IMAD.WIDE.U32 R2, R0, 0x4, R2 ;
        /*0030*/                   LOP3.LUT R5, R0, 0x1, RZ, 0xc0, !PT ;
        /*0040*/                   IMAD.SHL.U32 R5, R5, 0x4, RZ ;
        /*0050*/                   LDC R4, c[0x2][R5] ;
        /*0060*/                   BRX R4 -0x70 ;
        /*0070*/                   EXIT ;
        /*0080*/                   STG.E.SYS [R2], R5 ;
        /*0090*/                   EXIT ;
        /*00a0*/                   BRA 0xa0;
END
check "spec through a BRX" 0 "$SIMTEMU" spec "$tmp/sw.sass"
cp "$tmp/out" "$tmp/sw.spec"
contains "spec: a BRX target's store" sw.spec ".buffer arg0 u32 32    # out: stored through (4-byte accesses)"
contains "spec: the jump table's bank" sw.spec "# 'LDC R4, c[0x2][R5]' (line 8) reads c[0x2] at an index and nothing fills bank 2: a jump table?"
# as guessed the table is zeros: a trap at the BRX; with the table (targets 0x70, 0x80) the
# odd threads store 4 (R5 = (tid & 1) * 4), the even ones nothing
check "spec through a BRX, no table: a trap" 3 "$SIMTEMU" run -q --max-steps 1000000 --spec "$tmp/sw.spec" "$tmp/sw.sass"
contains "no table: the BRX named" err "BRX target 0x0 is the kernel's first instruction"
{ grep -v '^\.block\|^\.buffer' "$tmp/sw.spec"; printf '.block 4\n.buffer arg0 u32 4\n.const 2 0x0 u32 0x70 0x80\n.expect arg0 = 0 4 0 4\n'; } >"$tmp/sw2.spec"
check "spec through a BRX, with the table" 0 "$SIMTEMU" run --spec "$tmp/sw2.spec" "$tmp/sw.sass"
contains "with the table: by hand" out "expect arg0: ok (4 values)"
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
# the options of "simtemu $1 --help": its option lines and the options of its usage lines
helpopts() {
	# shellcheck disable=SC2086
	"$SIMTEMU" $1 --help 2>&1 | awk '
		/^  -/ { sub(/,$/, "", $1); print $1; if ($2 ~ /^-/) print $2 }
		/usage:|^       simtemu/ { while (match($0, /[ []-[-a-z]+/)) { print substr($0, RSTART + 1, RLENGTH - 1); $0 = substr($0, RSTART + RLENGTH) } }' | sort -u
}
: >"$tmp/helpopts"
for c in "" run stats trace debug compare spec asm isa convert batch merge; do
	helpopts "$c" >>"$tmp/helpopts"
done
sort -u "$tmp/helpopts" -o "$tmp/helpopts"
if [ "$(wc -l <"$tmp/helpopts")" -lt 30 ]; then fail=$((fail + 1)); echo "FAIL --help options: read only $(wc -l <"$tmp/helpopts")"; fi
for o in $(cat "$tmp/helpopts"); do
	if grep -qE -- "(^|[^a-z-])$o([^a-z-]|\$)" tools/simtemu.bash-completion; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL bash completion lacks $o (a --help option)"; fi
	if grep -qE -- "(^|[^a-z-])$o([^a-z-]|\$)" "$tmp/man"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL man page lacks $o (a --help option)"; fi
done
# and the other way: no option in the man page that no --help lists (a removed or renamed one)
for o in $(grep -o -- '--[a-z][-a-z]*' "$tmp/man" | sort -u); do
	if grep -qxF -- "$o" "$tmp/helpopts"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL man page names $o, which no --help lists"; fi
done
# per command: after 'simtemu COMMAND -' the completion offers exactly the options of
# COMMAND --help (and -h, --help)
if command -v bash >/dev/null 2>&1; then
	for c in run stats trace debug compare spec asm isa convert batch merge; do
		helpopts "$c" >"$tmp/h.$c"
		bash -c ". tools/simtemu.bash-completion; COMP_WORDS=(simtemu $c -); COMP_CWORD=2; _simtemu; printf '%s\n' \"\${COMPREPLY[@]}\"" |
			grep -vx -- '-h\|--help' | sort -u >"$tmp/c.$c"
		grep -vx -- '-h\|--help' "$tmp/h.$c" >"$tmp/hh.$c"
		if [ -s "$tmp/hh.$c" ] && cmp -s "$tmp/hh.$c" "$tmp/c.$c"; then pass=$((pass + 1)); else
			fail=$((fail + 1)); echo "FAIL bash completion of $c: offers what $c --help does not list (>) or lacks what it does (<):"
			diff "$tmp/hh.$c" "$tmp/c.$c"; fi
	done
else
	echo "cli: skipped the per-command completion check (no bash)"
fi
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
# stack: the groups (the next to issue first) and the convergence barriers; masks: the
# lanes by state. After 8 issues lanes 0-15 issue BRA SYNC at 0x80 and 16-31 are ready at
# ELSE (0x90); two issues later lanes 0-15 wait at BSYNC B0 to resume at JOIN (0xb0)
check "volta debug" 0 "$SIMTEMU" debug --batch tests/debug/volta.cmd examples/volta/ifelse.sass
contains "volta stack says what it shows" out "warp 0 has no token stack (sm_70+: per-lane pcs and convergence barriers, docs/volta.md)"
contains "volta stack groups" out "groups, the next to issue first:
  0x0080  11111111111111110000000000000000  issues next
  0x0090  00000000000000001111111111111111  ready
convergence barriers (lanes that must arrive; lanes waiting at BSYNC):
  B0   11111111111111111111111111111111  waiting 00000000000000000000000000000000"
contains "volta masks split" out "A      11111111111111110000000000000000  issues next (pc 0x0080)
ready  00000000000000001111111111111111  in the other ready groups
BSYNC  00000000000000000000000000000000  waiting at a BSYNC"
contains "volta stack waiting" out "  0x0090  00000000000000001111111111111111  issues next
convergence barriers (lanes that must arrive; lanes waiting at BSYNC):
  B0   11111111111111111111111111111111  waiting 11111111111111110000000000000000, resume at 0x00b0"
contains "volta masks waiting" out "A      00000000000000001111111111111111  issues next (pc 0x0090)
ready  00000000000000000000000000000000  in the other ready groups
BSYNC  11111111111111110000000000000000  waiting at a BSYNC
WSYNC  00000000000000000000000000000000  waiting in a WARPSYNC
BAR    00000000000000000000000000000000  arrived at a CTA barrier
X      00000000000000000000000000000000  exited"
contains "volta debug warps" out "groups 1  running"
contains "volta debug end" out "expect out: ok (32 values)"
# regs: one line for lanes of one value (runs), else 8 lanes a line; print Pn: one mask
check "debug regs" 0 "$SIMTEMU" debug --batch tests/debug/regs.cmd examples/walk.sass
contains "regs tid" out "R0     0-7    0x00000000 0x00000001 0x00000002 0x00000003 0x00000004 0x00000005 0x00000006 0x00000007"
contains "regs equal" out "R1     0x00000000 (lanes 0-7)"
contains "regs address" out "R8     0-7    0x00100000 0x00100004 0x00100008 0x0010000c 0x00100010 0x00100014 0x00100018 0x0010001c"
contains "regs lane" out "lane 3 of warp 0:
R0     0x00000003
R5     0x00000000"
contains "print P0 none" out "P0 = 0x00000000  (no lane true)"
contains "print P0 mask" out "P0 = 0x00000007  (lanes 0-2 true)"
contains "print P0 lane" out "lane  1: 1"
contains "regs runs" out "R5     0x00000000 (lanes 0-2), 0x00000064 (lanes 3-7)"
check "debug regs 32 lanes" 0 "$SIMTEMU" debug --block 32 --batch tests/debug/regs.cmd examples/walk.sass
contains "regs 32 lanes" out "       24-31  0x00000018 0x00000019 0x0000001a 0x0000001b 0x0000001c 0x0000001d 0x0000001e 0x0000001f"
sed -n '/^(simtemu) regs/,/^(simtemu) print/p' "$tmp/out" | grep -v '^(simtemu)' >"$tmp/regs32"
if [ -s "$tmp/regs32" ] && [ "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/regs32")" -le 110 ]; then
	pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL regs of 32 lanes: lines wider than 110 characters"; cat "$tmp/regs32"; fi
# run and restart: a fresh run goes to the breakpoint; restart starts over (R5 of lane 3
# is 0 again: 100 only after the else side) keeping the breakpoint; run after the end
# runs the launch again
check "debug restart" 0 "$SIMTEMU" debug --batch tests/debug/restart.cmd examples/walk.sass
contains "run to the breakpoint" out "(simtemu) run
stopped: breakpoint 1; CTA 0 warp 0
    10  0x0048  MOV R6, RZ                                       A=11111111  S=-
(simtemu) print/d R5 3
lane  3: 100"
contains "restart" out "(simtemu) restart
starting the launch over (breakpoints and watches kept)
stopped: at the first instruction; CTA 0 warp 0
     1  0x0000  S2R R0, SR_Tid_X                                 A=11111111  S=-
(simtemu) info breakpoints
1  break at 0x0048
(simtemu) print/d R5 3
lane  3: 0
(simtemu) run
stopped: breakpoint 1; CTA 0 warp 0"
contains "run after the end" out "(simtemu) run
starting the launch over (breakpoints and watches kept)
kernel finished: 41 warp instructions, 232 thread instructions"
contains "restart after the end" out "(simtemu) step
stopped: step; CTA 0 warp 0
     2  0x0008  ISCADD R8, R0, c [0x0] [0x20], 0x2               A=11111111  S=-"
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
# Hopper's synchronisation (tests/hopper): ptxas 11.8's sm_90 code for mbarriers, barriers,
# fences, cluster registers and shared::cluster (sync), CUDA 13's for elect.sync, expect_tx /
# complete_tx and the cluster barrier (async13), each as an implicit and an explicit one-CTA
# cluster, against tests/hopper/ref.c's values; then the refusals, located
# The everyday float forms (tests/hopper/ref_fp.c): the 8-bit float conversions (fp8), the
# bf16x2 arithmetic, min/max .NaN/.xorsign, MUFU.EX2.F16, the f16x2/bf16x2/f64 atomics (families2),
# MUFU.TANH.F16 / .EX2.BF16, HSETP2.BF16_V2, fp8 from f16x2, F2F.BF16.F32 (families3)
for k in sync sync_explicit async13 async13_explicit fp8 families2 families3; do
	f=tests/hopper/${k%_explicit}.sm_90.sass
	check "hopper $k" 0 "$SIMTEMU" run --spec tests/hopper/$k.spec "$f"
	contains "hopper $k expect" out ".expect held)"
done
check "hopper families assembles" 0 "$SIMTEMU" asm tests/hopper/families.sm_90.sass
for a in sm_80 sm_86; do # the same forms in Ampere's code (ref_fp.c amp)
	check "hopper ampere $a" 0 "$SIMTEMU" run --spec tests/hopper/ampere.spec tests/hopper/ampere.$a.sass
	contains "hopper ampere $a expect" out "(1 of 1 .expect held)"
done
check "hopper refusals" 2 "$SIMTEMU" asm tests/hopper/refuse.sass
contains "hopper refuse BAR.ARV" err "refuse.sass:4:9: error: BAR.ARV (bar.arrive): an arrival without waiting is not modelled"
contains "hopper refuse UTMALDG" err "refuse.sass:5:9: error: unsupported opcode 'UTMALDG' for sm_90: asynchronous copies"
contains "hopper refuse HGMMA" err "refuse.sass:6:9: error: unsupported opcode 'HGMMA' for sm_90: tensor-core instructions"
contains "hopper refuse SYNCS" err "refuse.sass:7:29: error: unsupported modifier '.A2T0' for SYNCS on sm_90"
# wgmma's text (sm_90a, as CUDA 12's cuobjdump prints it): the gdesc[URn] operand parses, the
# refusal names the opcode; nothing else in the file is an error
contains "hopper refuse WARPGROUP" err "refuse.sass:8:9: error: unsupported opcode 'WARPGROUP' for sm_90: tensor-core instructions"
contains "hopper refuse HGMMA gdesc" err "refuse.sass:9:9: error: unsupported opcode 'HGMMA' for sm_90: tensor-core instructions"
contains "hopper refuse HGMMA tnspB" err "refuse.sass:10:9: error: unsupported opcode 'HGMMA' for sm_90: tensor-core instructions"
contains "hopper refuse QGMMA" err "refuse.sass:11:9: error: unsupported opcode 'QGMMA' for sm_90: tensor-core instructions"
contains "hopper refuse DEPBAR" err "refuse.sass:12:9: error: unsupported opcode 'WARPGROUP' for sm_90: tensor-core instructions"
contains "hopper refuse MULTICAST" err "refuse.sass:13:9: error: unsupported opcode 'UTMALDG' for sm_90: asynchronous copies"
contains "hopper refusals count" err "refuse.sass: 10 errors"
check "hopper trap rank" 3 "$SIMTEMU" run -q tests/hopper/trap_rank.sass
contains "hopper trap rank msg" err "names CTA rank 1: simtemu runs one-CTA clusters (rank 0)"
contains "hopper trap rank where" err "(tests/hopper/trap_rank.sass:5): SYNCS.PHASECHK.TRANS64 P0, [UR4], RZ"
check "hopper trap count" 3 "$SIMTEMU" run -q tests/hopper/trap_count.sass
contains "hopper trap count msg" err "a barrier of 32 threads, not the CTA's 64: named barriers of part of a CTA are not modelled"
check "hopper trap wait" 3 "$SIMTEMU" run -q tests/hopper/trap_wait.sass
contains "hopper trap wait msg" err "UCGABAR_WAIT without a UCGABAR_ARV of this warp before it"
contains "hopper trap wait where" err "(tests/hopper/trap_wait.sass:4): UCGABAR_WAIT"
check "hopper trap over" 3 "$SIMTEMU" run -q tests/hopper/trap_over.sass
contains "hopper trap over msg" err "mbarrier: 3 arrivals where 1 are pending"
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
