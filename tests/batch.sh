#!/bin/sh
# Sweeps (docs/sweeps.md): simtemu batch runs a manifest's rows as stats runs, one JSON line
# each in manifest order; --shard splits it; simtemu merge joins the shards into one table and
# refuses a missing or duplicated row; bad manifests give located errors. The same study run
# with GNU parallel (when installed) must merge into the same table, and the pandas example
# of docs/formats.md must run (when python3 has pandas). Counts are derived by hand:
# tests/profiler/README.md for hist.sass (2 CTAs: 74 warp, 1432 thread, 1208 active
# instructions, 8 predicated off; one CTA: half of each), docs/semantics.md for walk.sass.
SIMTEMU=${SIMTEMU:-./simtemu}
case $SIMTEMU in /*) ;; *) SIMTEMU=$(pwd)/$SIMTEMU ;; esac
. "$(dirname "$0")/lib.sh"
dir=tests/batch

same() { # name file expected-contents
	printf '%s\n' "$3" >"$tmp/want"
	if cmp -s "$tmp/want" "$tmp/$2"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: $2 differs:"; diff "$tmp/want" "$tmp/$2"; fi
}
empty() { # name file
	if [ ! -s "$tmp/$2" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: $2 is not empty:"; cat "$tmp/$2"; fi
}
same_files() { # name a b
	if cmp -s "$2" "$3"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: $2 and $3 differ:"; diff "$2" "$3" | head -20; fi
}

# ---- batch: one line per row, in manifest order, whatever -j ----
check "batch" 1 "$SIMTEMU" batch -j 3 $dir/study.jsonl
cp "$tmp/out" "$tmp/all.jsonl"
# each line: id, status, exit status (2: the file does not exist; 3: grid 3 writes past out)
sed 's/.*"id": "\([^"]*\)".*"status": "\([a-z]*\)", "exit_status": \([0-9]*\).*/\1 \2 \3/' "$tmp/out" >"$tmp/ids"
same "batch rows in order" ids "hist-g2 ok 0
hist-g1 failed 1
walk ok 0
hist-g3 trapped 3
hist-spec failed 1
missing error 2"
contains "batch line head" out '{"schema": "simtemu-batch/1", "id": "hist-g2", "index": 0, "of": 6, "file": "../profiler/hist.sass", "spec": null, "args": [], "status": "ok", "exit_status": 0, "wall_seconds": '
contains "batch hist totals" out '"kernel": "hist", "target": "sm_70", "expects": {"checked": 1, "held": 1, "failed": 0}, "totals": {"warp_inst": 74, "thread_inst": 1432, "active_thread_inst": 1208, "pred_off": 8}, "by": "opcode", "rows": [{"key": "BRA", "warp_inst": 4,'
contains "batch one CTA" out '"args": ["--grid", "1"], "status": "failed", "exit_status": 1,'
contains "batch one CTA totals" out '"totals": {"warp_inst": 37, "thread_inst": 716, "active_thread_inst": 604, "pred_off": 4}'
contains "batch walk totals" out '"totals": {"warp_inst": 41, "thread_inst": 232, "active_thread_inst": 212, "pred_off": 1}'
contains "batch spec and args" out '"spec": "one-cta.spec", "args": ["--by", "mnemonic"], "status": "failed"'
contains "batch by mnemonic" out '"by": "mnemonic", "rows": [{"key": "BRA", "warp_inst": 2,'
contains "batch trap message" out '"error": "trap: out-of-bounds global access of 4 bytes at address 0x100140'
contains "batch missing file" out "\"error\": \"simtemu: cannot read 'tests/batch/no-such.sass': No such file or directory"
check "batch -j 1" 1 "$SIMTEMU" batch -j 1 $dir/study.jsonl
sed 's/"wall_seconds": [0-9.]*/W/' "$tmp/out" >"$tmp/j1"
sed 's/"wall_seconds": [0-9.]*/W/' "$tmp/all.jsonl" >"$tmp/j3"
same_files "batch -j 1 = -j 3" "$tmp/j1" "$tmp/j3"
# every row exit 0: batch exits 0
cp examples/walk.sass "$tmp/walk.sass"
printf '{"id": "w", "file": "walk.sass"}\n' >"$tmp/ok.jsonl"
check "batch all ok" 0 "$SIMTEMU" batch "$tmp/ok.jsonl"

# ---- merge: the table ----
check "merge csv" 0 "$SIMTEMU" merge "$tmp/all.jsonl"
cp "$tmp/out" "$tmp/table.csv"
contains "merge header" out "id,file,status,exit_status,kernel,target,group,key,warp_inst,thread_inst,active_thread_inst,pred_off
hist-g2,../profiler/hist.sass,ok,0,hist,sm_70,opcode,BRA,4,80,8,2"
# IMAD: 2 IMAD + 1 IMAD.U32 per warp; lanes 32 + 8 per CTA, 2 CTAs
contains "merge IMAD" out "hist-g2,../profiler/hist.sass,ok,0,hist,sm_70,opcode,IMAD,12,240,240,0"
contains "merge total" out "hist-g2,../profiler/hist.sass,ok,0,hist,sm_70,total,total,74,1432,1208,8"
contains "merge one CTA total" out "hist-g1,../profiler/hist.sass,failed,1,hist,sm_70,total,total,37,716,604,4"
contains "merge mnemonic row" out "hist-spec,../profiler/hist.sass,failed,1,hist,sm_70,mnemonic,IMAD.U32,2,40,40,0"
contains "merge error row" out "missing,no-such.sass,error,2,,,none,,,,,"
check "merge json" 0 "$SIMTEMU" merge --counts json "$tmp/all.jsonl"
cp "$tmp/out" "$tmp/table.json"
contains "merge json head" out '{"schema": "simtemu-merge/1", "runs": [
 {"id": "hist-g2", "index": 0, "file": "../profiler/hist.sass", "spec": null, "args": [], "status": "ok", "exit_status": 0, "kernel": "hist",'
if command -v python3 >/dev/null 2>&1; then
	if python3 -m json.tool "$tmp/table.json" >/dev/null 2>&1; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL merge json: not one JSON document"; fi
fi

# ---- shards: any split, any order, merges into the same table ----
for k in 0 1 2; do
	"$SIMTEMU" batch --shard $k/3 $dir/study.jsonl >"$tmp/s$k.jsonl" 2>/dev/null
done
check "merge shards" 0 "$SIMTEMU" merge "$tmp/s2.jsonl" "$tmp/s0.jsonl" "$tmp/s1.jsonl"
same_files "shards = batch" "$tmp/out" "$tmp/table.csv"
check "merge shards json" 0 "$SIMTEMU" merge --counts json "$tmp/s1.jsonl" "$tmp/s0.jsonl" "$tmp/s2.jsonl"
same_files "shards json = batch json" "$tmp/out" "$tmp/table.json"
sed 's/^{"schema": "simtemu-batch\/1", "id": "\([^"]*\)".*/\1/' "$tmp/s1.jsonl" >"$tmp/ids1"
same "shard 1/3 rows" ids1 "hist-g1
hist-spec"
# the CSV manifest of the same study: the same table
check "batch csv manifest" 1 "$SIMTEMU" batch -j 2 $dir/study.csv
cp "$tmp/out" "$tmp/csvrun.jsonl"
check "merge csv manifest" 0 "$SIMTEMU" merge "$tmp/csvrun.jsonl"
cp "$tmp/out" "$tmp/table2.csv"
same_files "csv manifest = jsonl manifest" "$tmp/table2.csv" "$tmp/table.csv"
# from stdin
check "merge stdin" 0 sh -c "cat '$tmp/all.jsonl' | '$SIMTEMU' merge -"
same_files "merge stdin table" "$tmp/out" "$tmp/table.csv"

# ---- merge refuses a missing or duplicated row (exit 2, nothing on stdout) ----
check "merge missing" 2 "$SIMTEMU" merge "$tmp/s0.jsonl" "$tmp/s1.jsonl"
contains "missing named" err 'simtemu: error: row 2 of 6 is missing (no line has "index": 2)'
contains "missing named 2" err 'simtemu: error: row 5 of 6 is missing (no line has "index": 5)'
empty "missing: no table" out
check "merge missing manifest" 2 "$SIMTEMU" merge --manifest $dir/study.jsonl "$tmp/s0.jsonl" "$tmp/s2.jsonl"
contains "missing by id" err "simtemu: error: row 1 (id 'hist-g1', tests/batch/study.jsonl:2) is missing"
contains "missing by id 2" err "simtemu: error: row 4 (id 'hist-spec', tests/batch/study.jsonl:7) is missing"
check "merge duplicated" 2 "$SIMTEMU" merge "$tmp/all.jsonl" "$tmp/s1.jsonl"
contains "duplicated named" err "$tmp/s1.jsonl:1: error: row id 'hist-g1' is duplicated (also at $tmp/all.jsonl:2)"
contains "duplicated named 2" err "row id 'hist-spec' is duplicated"
printf '{"schema": "simtemu-stats/1", "kernel": "k"}\n' >"$tmp/notbatch.jsonl"
check "merge not batch" 2 "$SIMTEMU" merge "$tmp/notbatch.jsonl"
contains "not batch located" err "$tmp/notbatch.jsonl:1: error: not a line of simtemu batch (its schema is not simtemu-batch/1)"
printf '\n{"schema": "simtemu-batch/1", "id": "a", "index": 0, "of": 1\n' >"$tmp/cut.jsonl"
check "merge cut line" 2 "$SIMTEMU" merge "$tmp/cut.jsonl"
contains "cut line located" err "$tmp/cut.jsonl:2:"
# a line of a manifest of 10^11 rows, alone: the first 50 missing rows by name, then a count
# (10^11 - 1 missing, 50 named)
printf '{"schema": "simtemu-batch/1", "id": "a", "index": 5, "of": 100000000000}\n' >"$tmp/huge.jsonl"
check "merge huge gap" 2 "$SIMTEMU" merge "$tmp/huge.jsonl"
contains "huge gap count" err "simtemu: error: ... and 99999999949 more rows missing"
contains "huge gap 50th" err 'simtemu: error: row 50 of 100000000000 is missing (no line has "index": 50)'
contains "huge gap errors" err "simtemu: merge: 51 errors, no table printed"
check "merge bad counts" 2 "$SIMTEMU" merge --counts table "$tmp/all.jsonl"
check "merge nothing" 2 "$SIMTEMU" merge

# ---- bad manifests: located errors, nothing run (exit 2) ----
bad() { # name manifest-name contents expected-error
	printf '%s\n' "$3" >"$tmp/$2"
	check "$1" 2 "$SIMTEMU" batch "$tmp/$2"
	contains "$1 located" err "$4"
	empty "$1 runs nothing" out
}
bad "unknown key" m1.jsonl '{"id": "a", "file": "x.sass", "argz": []}' "$tmp/m1.jsonl:1: error: unknown key 'argz' (a row has id, file, spec and args)"
bad "no id" m2.jsonl '{"id": "a", "file": "x.sass"}
{"file": "y.sass"}' "$tmp/m2.jsonl:2: error: the row has no id"
bad "duplicate id" m3.jsonl '{"id": "a", "file": "x.sass"}

{"id": "a", "file": "y.sass"}' "$tmp/m3.jsonl:3: error: id 'a' is already the id of line 1"
bad "bad json" m4.jsonl '{"id": "a", "file": "x.sass", "args": ["-j" "2"]}' "$tmp/m4.jsonl:1:45: error: ',' or ']' expected"
bad "args not strings" m5.jsonl '{"id": "a", "file": "x.sass", "args": ["--grid", 4]}' "$tmp/m5.jsonl:1: error: 'args' must be a list of strings (item 2 is not)"
bad "csv header" m6.csv 'name,file
a,x.sass' "$tmp/m6.csv:1: error: a CSV manifest starts with the header id,file,spec,args"
bad "csv quote" m7.csv 'id,file,spec,args
a,x.sass,,"--grid 2' "$tmp/m7.csv:2:11: error: a quoted field is not closed on its line"
bad "csv fields" m8.csv 'id,file,spec,args
a,x.sass,s.spec,--grid 2,extra' "$tmp/m8.csv:2: error: more than 4 fields"
bad "empty" m9.jsonl '# nothing' "$tmp/m9.jsonl: error: the manifest has no rows"
check "no manifest" 2 "$SIMTEMU" batch "$tmp/none.jsonl"
contains "no manifest message" err "simtemu: cannot read manifest '$tmp/none.jsonl'"
check "bad shard" 2 "$SIMTEMU" batch --shard 3/3 $dir/study.jsonl
contains "bad shard message" err "--shard takes K/N (0 <= K < N), not '3/3'"
check "bad -j" 2 "$SIMTEMU" batch -j 0 $dir/study.jsonl
check "row option" 2 "$SIMTEMU" batch --grid 2 $dir/study.jsonl
contains "row option message" err "unknown option '--grid' (a row's own options go in its args)"

# ---- the same study with GNU parallel (docs/sweeps.md) ----
if command -v parallel >/dev/null 2>&1; then
	check "parallel" 0 parallel --will-cite -j 3 "'$SIMTEMU' batch -j 1 --shard {}/3 $dir/study.jsonl > '$tmp'/p{}.jsonl; true" ::: 0 1 2
	check "merge parallel" 0 "$SIMTEMU" merge "$tmp"/p0.jsonl "$tmp"/p1.jsonl "$tmp"/p2.jsonl
	same_files "parallel = batch" "$tmp/out" "$tmp/table.csv"
else
	skip=$((skip + 1)); echo "batch: GNU parallel is not installed (make deps installs it); its sweep is skipped"
fi

# ---- docs/formats.md's pandas example, as printed there ----
if command -v python3 >/dev/null 2>&1 && python3 -c 'import pandas' >/dev/null 2>&1; then
	sed -n '/^<!-- pandas-example -->$/,/^<!-- end pandas-example -->$/p' docs/formats.md | sed '1,2d;$d' | sed '$d' >"$tmp/example.py"
	mkdir -p "$tmp/bin" && ln -sf "$SIMTEMU" "$tmp/bin/simtemu"
	check "pandas example" 0 env PATH="$tmp/bin:$PATH" python3 "$tmp/example.py"
	contains "pandas example prints" out "total warp instructions: 41"
	contains "pandas example table" out "hist-g2      74"
else
	skip=$((skip + 1)); echo "batch: python3 with pandas is not installed; the pandas example is skipped"
fi

echo "batch: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
