#!/bin/sh
# Run each libFuzzer harness for SECONDS, one after the other (make fuzz).
# usage: tools/fuzz.sh BUILD SECONDS CORPUS_DIR HARNESS...
# Seeds are copied at run time into BUILD/corpus/<harness>/ (never committed): examples/,
# kernels/, tests/ inputs, tests/fuzz/regress/<harness>/ and, when present, CORPUS_DIR.
# New inputs libFuzzer finds stay in BUILD/corpus/; crashes go to BUILD/findings/<harness>/.
# A finding makes the script exit 1 (after the other harnesses have run). FUZZ_ARGS: more
# libFuzzer flags (e.g. -detect_leaks=0 while a known leak waits for its owner).
set -u
build=$1 secs=$2 corpus=$3
shift 3
bad=0
for h in "$@"; do
	dir=$build/corpus/$h out=$build/findings/$h
	mkdir -p "$dir" "$out"
	case $h in
	ptxplus) pat='*.ptxplus *.ptx' ;;
	spec) pat='*.spec *.sass' ;;
	dbg) pat='*.cmd' ;;
	dump) pat='*.sass *.nvdisasm' ;;
	*) pat='*.sass' ;;
	esac
	for d in examples kernels tests tests/fuzz/regress/$h "$corpus"; do
		[ -d "$d" ] || continue
		for p in $pat; do
			find "$d" -name "$p" -type f -size -64k -exec cp {} "$dir"/ \; 2>/dev/null
		done
	done
	[ -d tests/fuzz/regress/$h ] && cp tests/fuzz/regress/$h/* "$dir"/ 2>/dev/null
	echo "fuzz: $h for ${secs}s ($(ls "$dir" | wc -l) inputs in $dir)"
	"$build/fuzz_$h" "$dir" -max_total_time="$secs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
		-malloc_limit_mb=1024 -artifact_prefix="$out/" -print_final_stats=1 ${FUZZ_ARGS:-} \
		>"$build/fuzz_$h.log" 2>&1
	rc=$?
	grep -E '^#[0-9]+.*(DONE|INITED)|stat::number_of_executed_units|cov:' "$build/fuzz_$h.log" | tail -3
	if [ $rc != 0 ]; then
		echo "fuzz: $h FOUND A PROBLEM (exit $rc): see $build/fuzz_$h.log and $out/"
		grep -E 'ERROR|SUMMARY' "$build/fuzz_$h.log" | head -5
		bad=1
	fi
done
exit $bad
