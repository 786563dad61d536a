#!/bin/sh
# stats --counts nvbit|ncu-csv against hand-written samples of NVBit's opcode_hist and of
# Nsight Compute's raw CSV (tests/profiler/README.md derives their counts), their usage errors,
# and the "schema" member of the JSON documents (docs/json.md), with its pandas example where
# python3 has pandas.
SIMTEMU=${SIMTEMU:-./simtemu}
. "$(dirname "$0")/lib.sh"
dir=tests/profiler

same_file() { # name expected-file
	if cmp -s "$2" "$tmp/out"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: stdout differs from $2:"; diff "$2" "$tmp/out"; fi
}

# ---- the profilers' shapes, byte for byte; stdout holds nothing else ----
check "nvbit" 0 "$SIMTEMU" stats --counts nvbit $dir/hist.sass
same_file "nvbit sample" $dir/hist.opcode_hist.txt
contains "nvbit: .expect on stderr" err "expect out: ok (80 values)"
check "nvbit exclude" 0 "$SIMTEMU" stats --counts nvbit --exclude-pred-off $dir/hist.sass
same_file "nvbit exclude sample" $dir/hist.opcode_hist.exclude_pred_off.txt
check "ncu" 0 "$SIMTEMU" stats --counts ncu-csv $dir/hist.sass
same_file "ncu sample" $dir/hist.ncu_raw.csv
# -j spreads the CTAs over threads: the same counts
check "nvbit -j 2" 0 "$SIMTEMU" stats -j 2 --counts nvbit $dir/hist.sass
same_file "nvbit -j 2 sample" $dir/hist.opcode_hist.txt

# ---- usage errors (exit 2) ----
check "exclude without nvbit" 2 "$SIMTEMU" stats --exclude-pred-off $dir/hist.sass
contains "exclude message" err "--exclude-pred-off goes with --counts nvbit"
check "exclude with ncu" 2 "$SIMTEMU" stats --counts ncu-csv --exclude-pred-off $dir/hist.sass
check "nvbit on run" 2 "$SIMTEMU" run --counts nvbit $dir/hist.sass
contains "run message" err "--counts nvbit and ncu-csv are for stats only, not run"
check "nvbit per-cta" 2 "$SIMTEMU" stats --counts nvbit --per-cta $dir/hist.sass
check "bad counts" 2 "$SIMTEMU" stats --counts nsight $dir/hist.sass
contains "bad counts message" err "--counts takes table, csv, json (stats also nvbit or ncu-csv), not 'nsight'"

# ---- a trap: the counts so far, exit 3 (the budget runs out after 5 warp instructions) ----
check "nvbit trap" 3 "$SIMTEMU" stats --counts nvbit --max-steps 5 $dir/hist.sass
contains "nvbit partial" err "partial counts: the run trapped"

echo "profiler: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
