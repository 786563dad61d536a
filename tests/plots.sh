#!/bin/sh
# The pictures: trace --plot, stats --plot, stats --html, compare --html (and compare --plot's
# axis). Every count below is derived by hand from the kernels' code (comments say how);
# the files are also checked for well-formedness with xmllint where it is installed.
SIMTEMU=${SIMTEMU:-./simtemu}
. "$(dirname "$0")/lib.sh"

count() { # name file text expected: lines of file holding text (one element per line)
	got=$(grep -cF -- "$3" "$tmp/$2")
	if [ "$got" -eq "$4" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: $got lines with '$3' in $2, want $4"; fi
}
well_formed() { # name file
	command -v xmllint >/dev/null 2>&1 || return 0
	if xmllint --noout "$tmp/$2" 2>"$tmp/xmlerr"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: $2 is not well-formed XML"; head -5 "$tmp/xmlerr"; fi
}
# rows of the table with id $3 in file $2 (its tbody's <tr> lines)
table_rows() { # name file id expected
	got=$(sed -n "/<table class=\"sortable\" id=\"$3\">/,/<\/tbody>/p" "$tmp/$2" | grep -c '^<tr>')
	if [ "$got" -eq "$4" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: table $3 has $got rows, want $4"; fi
}

# --- trace --plot, token stack: examples/ifblock_ssy.sass (8 lanes, 11 issues; see its
# trace). Lanes 0-2 (tid < 3 take the if-part): active 1-5, guard false at 6 (@P0 BRA,
# P0 = tid >= 3), active 7-8, waiting in the SSY token at 9, active 10-11: 5 runs each.
# Lanes 3-7: active 1-6, waiting in the DIV token 7-8, active 9-11: 3 runs each.
check "trace plot" 0 "$SIMTEMU" trace --plot "$tmp/ssy.svg" examples/ifblock_ssy.sass
well_formed "trace plot xml" ssy.svg
contains "trace plot title" ssy.svg "trace: ifblock (sm_20), CTA (0,0,0), warp 0: 11 issues"
contains "trace table still printed" out "NOP.S"
count "lane rows" ssy.svg 'class="lane"' 8
count "runs" ssy.svg 'class="run ' 30
count "active runs" ssy.svg 'class="run active"' 19
count "guard-false runs" ssy.svg 'class="run guardoff"' 3
count "waiting runs" ssy.svg 'class="run waiting"' 8
count "no disabled runs" ssy.svg 'class="run disabled"' 0
contains "lane 0 waits in SSY" ssy.svg "<title>lane 0, steps 9-9: waiting"
contains "lane 3 waits in DIV" ssy.svg "<title>lane 3, steps 7-8: waiting"
contains "lane 2 guard false" ssy.svg "<title>lane 2, steps 6-6: active, guard false"
# 11 columns are 18 pixels wide: a pc label over every one; 0x0038 (NOP.S) issues twice
count "pc labels" ssy.svg 'class="pc"' 11
count "pc twice" ssy.svg '>0x0038</text>' 2
# depth: 0 0 0 0 1 1 2 2 1 0 0 (SSY pushed at 4, DIV at 6, popped after 8 and 9)
count "depth runs" ssy.svg 'class="depth"' 3
contains "depth 2" ssy.svg "<title>steps 7-8: stack depth 2</title>"
contains "depth 1 after the pop" ssy.svg "<title>steps 9-9: stack depth 1</title>"
count "legend" ssy.svg 'class="legend"' 5
for l in "active, guard true" "active, guard false" "waiting (token, barrier, other group)" \
	"disabled (BRK/CONT/RET)" ">exited<"; do
	contains "legend $l" ssy.svg "$l"
done

# BRK: examples/breakcont.sass (5 lanes, 50 issues). Lane t breaks at iteration i == t:
# lane 0 at step 8 (disabled from 9), lane 1 at 20, lane 2 at 29, lane 3 at 41, each until
# the PBK token pops after step 48; lane 4 leaves the loop by the branch.
check "trace plot brk" 0 "$SIMTEMU" trace --plot "$tmp/brk.svg" examples/breakcont.sass
well_formed "trace plot brk xml" brk.svg
count "disabled runs" brk.svg 'class="run disabled"' 4
contains "lane 0 disabled" brk.svg "<title>lane 0, steps 9-48: disabled (BRK/CONT/RET)"
contains "lane 1 disabled" brk.svg "<title>lane 1, steps 21-48: disabled"
contains "lane 2 disabled" brk.svg "<title>lane 2, steps 30-48: disabled"
contains "lane 3 disabled" brk.svg "<title>lane 3, steps 42-48: disabled"
# 50 columns of 18 pixels: pc labels every column; step labels 1, 5, 10, ..., 50
count "brk pc labels" brk.svg 'class="pc"' 50
count "brk step labels" brk.svg 'class="step"' 11

# EXIT under the token stack: tests/plots/early.sass (lane 1 exits at step 3)
check "trace plot exit" 0 "$SIMTEMU" trace --plot "$tmp/early.svg" tests/plots/early.sass
count "exited runs" early.svg 'class="run exited"' 1
contains "lane 1 exited" early.svg "<title>lane 1, steps 4-5: exited"
count "early guard false" early.svg 'class="run guardoff"' 3

# --plot-steps caps the columns and the title says so
check "trace plot cap" 0 "$SIMTEMU" trace --plot "$tmp/cap.svg" --plot-steps 4 examples/ifblock_ssy.sass
contains "cap title" cap.svg "first 4 of 11 issues"
count "cap runs" cap.svg 'class="run ' 8
count "cap pc labels" cap.svg 'class="pc"' 4

# --- trace --plot, convergence barriers: examples/volta/ifelse.sass (32 lanes, 15 issues).
# Lanes 0-15: active 1-6, guard false at 7 (@P0 BRA ELSE, P0 = lane >= 16), active 8-10,
# waiting at BSYNC B0 11-12, active 13-15: 5 runs each. Lanes 16-31: active 1-7, waiting in
# the other group 8-10, active 11-15: 3 runs each.
check "volta plot" 0 "$SIMTEMU" trace --plot "$tmp/volta.svg" examples/volta/ifelse.sass
well_formed "volta plot xml" volta.svg
contains "volta title" volta.svg "trace: ifelse (sm_70), CTA (0,0,0), warp 0: 15 issues"
count "volta lane rows" volta.svg 'class="lane"' 32
count "volta runs" volta.svg 'class="run ' 128
count "volta active" volta.svg 'class="run active"' 80
count "volta guard false" volta.svg 'class="run guardoff"' 16
count "volta waiting" volta.svg 'class="run waiting"' 32
contains "lane 0 at BSYNC" volta.svg "<title>lane 0, steps 11-12: waiting"
contains "lane 31 in the other group" volta.svg "<title>lane 31, steps 8-10: waiting"
# groups: 1 until the branch; 2 for 8-10 (the else group ready) and 11-12 (the then group
# at BSYNC); 1 after the BSYNC released
count "volta group runs" volta.svg 'class="depth"' 3
contains "volta groups 2" volta.svg "<title>steps 8-12: groups 2</title>"
contains "volta groups 1" volta.svg "<title>steps 13-15: groups 1</title>"
# examples/volta/exit.sass: lane 2 exits at step 13; lanes 4-31 see @P0 BRA's guard false at 8,
# lanes 0, 1, 3 @P1 EXIT's at 13
check "volta exit plot" 0 "$SIMTEMU" trace --plot "$tmp/vexit.svg" examples/volta/exit.sass
count "volta exited" vexit.svg 'class="run exited"' 1
contains "volta lane 2 exited" vexit.svg "<title>lane 2, steps 14-17: exited"
count "volta exit guard false" vexit.svg 'class="run guardoff"' 31

# a trap: tests/volta/deadlock.sass issues 6 times, then no lane can go on. The last column
# is the state at the trap: lanes 0-15 in WARPSYNC, 16-31 at BSYNC B0, all waiting (lanes
# 0-15 also waited at step 5, lanes 16-31 from step 6 on: 2 + 1 runs), in 2 groups as at
# steps 5 and 6 (the two sides of the branch)
check "deadlock plot" 3 "$SIMTEMU" trace --plot "$tmp/dead.svg" tests/volta/deadlock.sass
well_formed "deadlock plot xml" dead.svg
contains "deadlock title" dead.svg "warp 0: 6 issues, then the trap (last column)"
count "deadlock trap column" dead.svg 'class="trap"' 1
count "deadlock waiting" dead.svg 'class="run waiting"' 48
contains "deadlock groups" dead.svg "<title>steps 5-7: groups 2</title>"
contains "deadlock lane 16" dead.svg "<title>lane 16, steps 6-7: waiting"
check "budget plot" 3 "$SIMTEMU" trace --plot "$tmp/budget.svg" --max-steps 10 examples/breakcont.sass
contains "budget title" budget.svg "warp 0: 10 issues, then the trap (last column)"

# --- stats --plot: examples/breakcont.sass ran 13 opcodes (stats' table): 26 bars
check "stats plot" 0 "$SIMTEMU" stats --plot "$tmp/stats.svg" examples/breakcont.sass
well_formed "stats plot xml" stats.svg
contains "stats plot title" stats.svg "stats: breakcont (sm_20): 50 warp, 156 thread instructions by opcode and class"
count "bars" stats.svg 'class="bar ' 26
count "warp bars" stats.svg 'class="bar warp"' 13
count "thread bars" stats.svg 'class="bar thread"' 13
count "opcode labels" stats.svg 'class="opcode"' 13
contains "ISETP warp" stats.svg "<title>ISETP warp_inst 12</title>"
contains "ISETP thread" stats.svg "<title>ISETP thread_inst 34</title>"
contains "IADD warp" stats.svg "<title>IADD warp_inst 8</title>"
count "stats legend" stats.svg 'class="legend"' 2
# classes in --by class's order of the table: int, ld/st global, control, predicate, misc
got=$(grep -o 'class="class"[^>]*>[^<]*' "$tmp/stats.svg" | sed 's/.*>//' | tr '\n' ',')
if [ "$got" = "int,ld/st global,control,predicate,misc," ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL class labels: $got"; fi
# the largest bar is ISETP's 34 thread instructions: ticks of 10 up to 40
got=$(grep -o 'class="tick"[^>]*>[0-9]*' "$tmp/stats.svg" | sed 's/.*>//' | tr '\n' ' ')
if [ "$got" = "0 10 20 30 40 " ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL stats ticks: $got"; fi
# a bar's height is its value over the axis' 40 in 260 pixels from y 324 up: 34 -> 221
contains "bar height" stats.svg 'y="103" width="10" height="221" fill="#ed7d31"><title>ISETP thread_inst 34'

# --- stats --html
check "stats html" 0 "$SIMTEMU" stats --html "$tmp/stats.html" --by pc examples/breakcont.sass
well_formed "stats html xml" stats.html
contains "html title" stats.html "<title>simtemu stats: breakcont (sm_20)</title>"
contains "html inline svg" stats.html '<svg xmlns="http://www.w3.org/2000/svg"'
contains "html script" stats.html "<script>"
lacks "no external script" stats.html "src="
lacks "no links" stats.html "href="
lacks "no imports" stats.html "@import"
lacks "no css urls" stats.html "url("
table_rows "opcode table" stats.html by-opcode 13
table_rows "class table" stats.html by-class 5
# --by pc: breakcont has 20 instructions, all issued
table_rows "pc table" stats.html by-pc 20
contains "opcode row" stats.html '<td>predicate</td><td>ISETP</td><td class="n" data-v="12">12</td><td class="n" data-v="34">34</td>'
contains "html total" stats.html '<td>total</td><td></td><td class="n" data-v="50">50</td>'

# a trapped run's page says its counts are partial
check "stats html trap" 3 "$SIMTEMU" stats --max-steps 10 --html "$tmp/trap.html" examples/breakcont.sass
contains "html partial" trap.html "Partial counts: the run stopped early: trap: step budget exhausted (--max-steps 10)"

# --- compare --html and compare --plot's axis: ifblock_ssy (11 issues) against
# ifblock_pred (7), same output
check "compare html" 0 "$SIMTEMU" compare --html "$tmp/cmp.html" --plot "$tmp/cmp.svg" \
	examples/ifblock_ssy.sass examples/ifblock_pred.sass
well_formed "compare html xml" cmp.html
well_formed "compare svg xml" cmp.svg
table_rows "compare runs" cmp.html runs 2
table_rows "compare outputs" cmp.html outputs 1
contains "compare output same" cmp.html '<td class="ok" data-v="0">identical</td>'
contains "compare total" cmp.html '<td>total</td><td class="n" data-v="11">11</td><td class="n" data-v="7">7</td><td class="n" data-v="-4">-4</td><td class="n" data-v="-36.3636">-36.4%</td>'
for t in warp_inst-by-opcode thread_inst-by-opcode warp_inst-by-class thread_inst-by-class; do
	contains "compare table $t" cmp.html "id=\"$t\""
done
contains "compare html chart" cmp.html "total: A 11, B 7 warp instructions (B -36.4%)"
# NOP (2 in A, none in B) is the tallest bar: ticks 0, 1, 2
got=$(grep -o 'class="tick"[^>]*>[0-9]*' "$tmp/cmp.svg" | sed 's/.*>//' | tr '\n' ' ')
if [ "$got" = "0 1 2 " ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL compare ticks: $got"; fi
check "compare html 3" 0 "$SIMTEMU" compare --html "$tmp/cmp3.html" examples/ifblock_ssy.sass \
	examples/ifblock_pred.sass examples/ifblock_ssy.sass
well_formed "compare 3 html xml" cmp3.html
table_rows "compare 3 runs" cmp3.html runs 3
contains "compare 3 C" cmp3.html "<th>C vs A %</th>"

# --- extensions they cannot write are usage errors; unwritable files are input errors
check "stats plot png" 2 "$SIMTEMU" stats --plot "$tmp/x.png" examples/breakcont.sass
contains "plot ext message" err "--plot writes SVG: FILE.svg, not"
check "stats html svg" 2 "$SIMTEMU" stats --html "$tmp/x.svg" examples/breakcont.sass
contains "html ext message" err "--html writes HTML: FILE.html, not"
check "trace plot html" 2 "$SIMTEMU" trace --plot "$tmp/x.html" examples/breakcont.sass
check "compare plot png" 2 "$SIMTEMU" compare --plot "$tmp/x.png" examples/ifblock_ssy.sass examples/ifblock_pred.sass
check "compare html txt" 2 "$SIMTEMU" compare --html "$tmp/x.txt" examples/ifblock_ssy.sass examples/ifblock_pred.sass
check "run has no plot" 2 "$SIMTEMU" run --plot "$tmp/x.svg" examples/breakcont.sass
check "plot-steps 0" 2 "$SIMTEMU" trace --plot "$tmp/x.svg" --plot-steps 0 examples/breakcont.sass
check "unwritable plot" 2 "$SIMTEMU" stats --plot "$tmp/no/such/x.svg" examples/breakcont.sass
contains "unwritable message" err "cannot write"
check "stats plot upper case" 0 "$SIMTEMU" stats --plot "$tmp/X.SVG" examples/breakcont.sass

echo "plots: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
