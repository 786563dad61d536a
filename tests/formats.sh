#!/bin/sh
# Output for scripts (docs/formats.md): --counts json is one JSON document on stdout, --dump
# inside it; CSV has one header, a total row and the per-CTA rows; stats after a trap or
# Ctrl-C prints the counts so far, marked partial; the progress line is on a terminal only.
# The expected counts are derived by hand from the 8-instruction kernel below.
SIMTEMU=${SIMTEMU:-./simtemu}
. "$(dirname "$0")/lib.sh"

same() { # name file expected-contents
	printf '%s\n' "$3" >"$tmp/want"
	if cmp -s "$tmp/want" "$tmp/$2"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: $2 differs:"; diff "$tmp/want" "$tmp/$2"; fi
}

# A JSON validator: python3's json.tool (which also refuses a second document after the
# first), else jq; without either the validity checks are skipped (and counted as such).
if command -v python3 >/dev/null 2>&1 && echo '{}' | python3 -m json.tool >/dev/null 2>&1; then
	json_ok() { python3 -m json.tool "$1" >/dev/null 2>&1; }
elif command -v jq >/dev/null 2>&1; then
	json_ok() { [ "$(jq -s length "$1" 2>/dev/null)" = 1 ]; }
else
	json_ok() { return 2; }
	echo "formats: no python3 or jq; the JSON validity checks are skipped"
fi
valid() { # name file: one valid JSON document
	json_ok "$tmp/$2"
	case $? in
	0) pass=$((pass + 1)) ;;
	2) ;;
	*) fail=$((fail + 1)); echo "FAIL $1: $2 is not one JSON document:"; cat "$tmp/$2" ;;
	esac
}

# 6 threads in one warp of 32. Each instruction issues once with A = 6 lanes:
#   S2R, ISCADD, ISETP, ISETP     G = 6 each
#   @P0 IADD (P0: tid > 3)        G = 2 (tids 4, 5)
#   @P1 MOV  (P1: tid > 99)       G = 0, so pred_off 1
#   ST, EXIT                      G = 6 each
# warp_inst 8, thread_inst 8*6 = 48, active 6*6 + 2 + 0 = 38, pred_off 1,
# simd_efficiency 48 / (8*32) = 0.1875; out = tid, +100 for tids 4 and 5.
cat >"$tmp/tiny.sass" <<'EOF'
.target sm_20
.kernel tiny
.block 6
.buffer out u32 6
.param u32 out
.expect out = 0 1 2 3 104 105
        S2R R0, SR_Tid_X;
        ISCADD R2, R0, c [0x0] [0x20], 0x2;
        ISETP.GT.AND P0, pt, R0, 0x3, pt;
        ISETP.GT.AND P1, pt, R0, 0x63, pt;
        @P0 IADD R0, R0, 0x64;
        @P1 MOV R0, RZ;
        ST [R2], R0;
        EXIT;
EOF
k=$tmp/tiny.sass
totals='"totals": {"warp_inst": 8, "thread_inst": 48, "active_thread_inst": 38, "pred_off": 1}'

# ---- JSON ----
check "stats json" 0 "$SIMTEMU" stats --counts json --dump out "$k"
valid "stats json valid" out
contains "stats json head" out '{"schema": "simtemu-stats/1", "kernel": "tiny", "target": "sm_20", "grid": [1, 1, 1], "block": [6, 1, 1], "warp_size": 32'
contains "stats json status" out '"status": "ok", "exit_status": 0, "partial": false, "trap": null'
contains "stats json expects" out '"expects": {"checked": 1, "held": 1, "failed": 0}'
contains "stats json totals" out "$totals"
contains "stats json by" out '"by": "opcode", "rows": ['
contains "stats json ISETP" out '{"key": "ISETP", "warp_inst": 2, "thread_inst": 12, "active_thread_inst": 12, "pred_off": 0}'
contains "stats json MOV" out '{"key": "MOV", "warp_inst": 1, "thread_inst": 6, "active_thread_inst": 0, "pred_off": 1}'
contains "stats json IADD" out '{"key": "IADD", "warp_inst": 1, "thread_inst": 6, "active_thread_inst": 2, "pred_off": 0}'
contains "stats json tail" out '"simd_efficiency": 0.187500, "max_stack_depth": 0, "divergent_branches": 0'
contains "stats json dump" out '{"name": "out", "type": "u32", "count": 6, "address": '
contains "stats json dump values" out '"values": [0, 1, 2, 3, 104, 105]}'
lacks "stats json: no dump text on stdout" out "out (u32[6]"
contains "stats json: .expect on stderr" err "expect out: ok (6 values)"
check "run json" 0 "$SIMTEMU" run --counts json --dump out "$k"
valid "run json valid" out
contains "run json totals" out "$totals"
lacks "run json has no rows" out '"rows"'
contains "run json dump" out '"values": [0, 1, 2, 3, 104, 105]'
contains "run json expects" out '"expects": {"checked": 1, "held": 1, "failed": 0}'
# a negative zero keeps its sign: -0.0 (JSON readers take -0 for the integer 0)
printf '.target sm_70\n.block 1\n.buffer f f32 4 = -0.0 0.0 -1.5 -inf\n.buffer d f64 2 = -0.0 0.0\nEXIT;\n' >"$tmp/negzero.sass"
check "json negative zero" 0 "$SIMTEMU" run --counts json --dump f --dump d "$tmp/negzero.sass"
valid "json negative zero valid" out
contains "json -0.0 f32" out '"values": [-0.0, 0, -1.5, "-Infinity"]}'
contains "json -0.0 f64" out '"values": [-0.0, 0]}'
if command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import json,math,sys; d=json.load(open(sys.argv[1]))["dumps"]; v=[d[0]["values"][0], d[1]["values"][0]]; sys.exit(not all(x == 0 and math.copysign(1, x) < 0 for x in v))' "$tmp/out"
	then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL json negative zero: a reader loses the sign"; cat "$tmp/out"; fi
fi
lacks "run json: no summary" out "result:"
# a failed .expect: status and exit status say so
sed 's/^\.expect out = .*/.expect out = 0 1 2 3 4 5/' "$k" >"$tmp/fails.sass"
check "run json failed" 1 "$SIMTEMU" run --counts json "$tmp/fails.sass"
valid "run json failed valid" out
contains "run json failed status" out '"status": "failed", "exit_status": 1'
contains "run json failed expects" out '"expects": {"checked": 1, "held": 0, "failed": 1}'
# --by pc: each row with the instruction's text; a tab in it is escaped
sed 's/S2R R0, SR_Tid_X/S2R R0,\tSR_Tid_X/' "$k" >"$tmp/tab.sass"
check "stats json by pc" 0 "$SIMTEMU" stats --counts json --by pc "$tmp/tab.sass"
valid "by pc json valid" out
contains "by pc json text" out '{"key": "0x0000", "warp_inst": 1, "thread_inst": 6, "active_thread_inst": 6, "pred_off": 0, "text": "S2R R0,\u0009SR_Tid_X"}'
contains "by pc json guarded" out '{"key": "0x0028", "warp_inst": 1, "thread_inst": 6, "active_thread_inst": 0, "pred_off": 1, "text": "@P1 MOV R0, RZ"}'
# per-CTA totals in the same document: two CTAs, each the counts above
check "per-cta json" 0 "$SIMTEMU" stats --counts json --per-cta --grid 2 --dump out "$k"
valid "per-cta json valid" out
contains "per-cta json totals" out '"totals": {"warp_inst": 16, "thread_inst": 96, "active_thread_inst": 76, "pred_off": 2}'
contains "per-cta json cta 1" out '{"cta": [1, 0, 0], "warp_inst": 8, "thread_inst": 48, "active_thread_inst": 38, "pred_off": 1}'
# the kernel's printf output is a member too, not text before the document (a corpus
# listing: the expected lines are what the CUDA source prints for these inputs)
c=../shared/corpus/sm_35_print_values_printf.sass
pfwant=tests/conformance/sm_35_print_values_printf.stdout
if [ -f "$c" ]; then
	check "json printf" 0 "$SIMTEMU" stats --counts json --spec tests/conformance/sm_35_print_values_printf.spec "$c"
	valid "json printf valid" out
	contains "json printf member" out '"printf": "Int '
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import json,sys; sys.stdout.write(json.load(open(sys.argv[1]))["printf"])' "$tmp/out" >"$tmp/printf"
		if cmp -s "$tmp/printf" "$pfwant"; then pass=$((pass + 1)); else
			fail=$((fail + 1)); echo "FAIL json printf: the member differs"; diff "$pfwant" "$tmp/printf" | head -5; fi
	fi
	check "csv printf" 0 "$SIMTEMU" stats --counts csv --spec tests/conformance/sm_35_print_values_printf.spec "$c"
	lacks "csv printf not on stdout" out "Int "
	contains "csv printf on stderr" err "$(head -1 "$pfwant")"
fi

# ---- CSV ----
check "stats csv" 0 "$SIMTEMU" stats --counts csv --dump out "$k"
same "stats csv rows" out 'group,key,warp_inst,thread_inst,active_thread_inst,pred_off,text
opcode,EXIT,1,6,6,0,
opcode,IADD,1,6,2,0,
opcode,ISCADD,1,6,6,0,
opcode,ISETP,2,12,12,0,
opcode,MOV,1,6,0,1,
opcode,S2R,1,6,6,0,
opcode,ST,1,6,6,0,
total,total,8,48,38,1,'
contains "csv dump on stderr" err "0 1 2 3 104 105"
check "stats csv per-cta by pc" 0 "$SIMTEMU" stats --counts csv --per-cta --grid 2 --by pc "$k"
contains "csv pc text quoted" out 'pc,0x0020,2,12,4,0,"@P0 IADD R0, R0, 0x64"'
contains "csv pc text plain" out 'pc,0x0038,2,12,12,0,EXIT'
contains "csv total" out 'total,total,16,96,76,2,'
contains "csv cta 0" out 'cta,"(0,0,0)",8,48,38,1,'
contains "csv cta 1" out 'cta,"(1,0,0)",8,48,38,1,'
if [ "$(grep -c '^group,' "$tmp/out")" -eq 1 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL csv: more than one header"; cat "$tmp/out"; fi
# every line has the header's 7 fields (python3's csv reader, when there is one)
if command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import csv,sys; r=list(csv.reader(open(sys.argv[1]))); sys.exit(any(len(x) != 7 for x in r))' "$tmp/out"
	then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL csv: a line without 7 fields"; cat "$tmp/out"; fi
fi
check "run csv" 0 "$SIMTEMU" run --counts csv "$k"
same "run csv rows" out 'group,key,warp_inst,thread_inst,active_thread_inst,pred_off,text
total,total,8,48,38,1,'

# ---- table ----
check "stats by pc table" 0 "$SIMTEMU" stats --by pc "$k"
contains "by pc table text" out "0x0020                              1            6                   2          0  @P0 IADD R0, R0, 0x64"

# ---- a trap: exit 3, the counts so far marked partial ----
# --max-steps 3: S2R, ISCADD, ISETP issue (3 warp_inst, 18 thread_inst, 18 active)
check "stats budget" 3 "$SIMTEMU" stats --max-steps 3 "$k"
contains "stats budget total" out "total                               3           18                  18          0"
contains "stats budget partial" out "partial counts: the run trapped"
contains "stats budget where" err "trap: step budget exhausted (--max-steps 3)"
check "stats budget json" 3 "$SIMTEMU" stats --max-steps 3 --counts json "$k"
valid "stats budget json valid" out
contains "budget json status" out '"status": "trapped", "exit_status": 3, "partial": true, "trap": "trap: step budget exhausted (--max-steps 3)\u000a  kernel tiny'
contains "budget json expects" out '"expects": null'
contains "budget json totals" out '"totals": {"warp_inst": 3, "thread_inst": 18, "active_thread_inst": 18, "pred_off": 0}'
check "run budget json" 3 "$SIMTEMU" run --max-steps 3 --counts json --dump out "$k"
valid "run budget json valid" out
contains "run budget json dump" out '"values": [0, 0, 0, 0, 0, 0]'

# ---- compare: one document, dumps inside ----
check "compare json" 0 "$SIMTEMU" compare --counts json --dump out "$k" "$k"
valid "compare json valid" out
contains "compare json dump A" out '{"run": "A", "name": "out", "type": "u32", "count": 6'
contains "compare json dump B" out '{"run": "B", "name": "out", "type": "u32", "count": 6'
contains "compare json status" out '"status": "ok", "exit_status": 0, "expects": {"checked": 2, "held": 2, "failed": 0}'
check "compare 3 json" 0 "$SIMTEMU" compare --counts json --dump out "$k" "$k" "$k"
valid "compare 3 json valid" out
contains "compare 3 json dump C" out '{"run": "C", "name": "out"'
check "compare json trap" 3 "$SIMTEMU" compare --counts json --max-steps 3 "$k" "$k"
valid "compare json trap valid" out
contains "compare json trap status" out '"status": "trapped", "exit_status": 3, "run": "A"'
check "compare csv dump" 0 "$SIMTEMU" compare --counts csv --dump out "$k" "$k"
contains "compare csv dump on stderr" err "A:   0 1 2 3 104 105"
lacks "compare csv: no dump on stdout" out "104"
check "compare table dump" 0 "$SIMTEMU" compare --dump out "$k" "$k"
contains "compare table dump" out "B:   0 1 2 3 104 105"

# ---- Ctrl-C, and the progress line (on a terminal only) ----
# a warp that never ends, stopped by SIGINT after 5 s: exit 130, where it was, stats'
# counts so far marked partial
printf '.target sm_20\n.kernel spin\n.block 32\nL:\n  IADD R0, R0, 0x1;\n  BRA L;\n' >"$tmp/spin.sass"
if command -v timeout >/dev/null 2>&1; then
	check "interrupt, stderr a pipe" 130 timeout -s INT --preserve-status 5 "$SIMTEMU" stats --max-steps 1e15 "$tmp/spin.sass"
	contains "interrupt says where" err "simtemu: interrupted: kernel spin, CTA (0,0,0), warp 0, pc 0x00"
	contains "interrupt partial" out "partial counts: the run was interrupted"
	lacks "no progress line on a pipe" err "CTAs done"
	if script -qfec true /dev/null >/dev/null 2>&1; then
		# stdout and stderr on a pseudo-terminal (util-linux script)
		script -qfec "timeout -s INT --preserve-status 5 $SIMTEMU stats --max-steps 1e15 $tmp/spin.sass" "$tmp/tty" \
			>/dev/null 2>&1
		got=$?
		if [ "$got" -eq 130 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL tty interrupt: exit $got, want 130"; fi
		contains "progress line on a terminal" tty "simtemu: 0 of 1 CTAs done, "
		contains "progress rate" tty "warp instructions, "
		# erased before the next output: carriage return, clear to the end of the line
		contains "progress erased" tty "$(printf '\r\033[Ksimtemu: interrupted')"
		contains "tty partial" tty "partial counts: the run was interrupted"
	else
		echo "formats: no util-linux script; the terminal checks were not run"
	fi
else
	echo "formats: no timeout; the interrupt and progress checks were not run"
fi

echo "formats: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
