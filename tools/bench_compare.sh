#!/bin/sh
# make bench-compare OLD=<rev> [ROUNDS=3]: the benchmark of revision OLD and of the working
# tree, built side by side and run alternately on this machine, so that a change's effect
# is measured in one session (ratios, never absolute claims across machines).
set -eu
old=${1:?usage: bench_compare.sh OLD-REV [ROUNDS] [JOBS]}
rounds=${2:-3}
jobs=${3:-1}
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'git -C "$top" worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$top" worktree add --detach "$tmp/old" "$old" >/dev/null 2>&1
make -C "$tmp/old" -s build/simtemu-bench >/dev/null
make -C "$top" -s build/simtemu-bench >/dev/null
echo "bench-compare: old $(git -C "$top" rev-parse --short "$old"), new = working tree, -j $jobs, $rounds rounds (medians of 5 launches each)"
for r in $(seq 1 "$rounds"); do
	(cd "$tmp/old/bench" && ../build/simtemu-bench "$jobs" "$tmp/old-$r.json" >/dev/null)
	(cd "$top/bench" && ../build/simtemu-bench "$jobs" "$tmp/new-$r.json" >/dev/null)
done
# the median seconds per kernel over the rounds, old against new
awk -v rounds="$rounds" '
	FNR == 1 { side = (FILENAME ~ /old-/) ? "old" : "new" }
	/"name": "/ {
		name = $0; sub(/.*"name": "/, "", name); sub(/".*/, "", name)
		v = $0
		if (v ~ /"median": /) sub(/.*"median": /, "", v); else sub(/.*"seconds": /, "", v)
		sub(/[,}].*/, "", v)
		t[side, name, ++n[side, name]] = v + 0; names[name] = 1
	}
	function median(side, name,   k, i, j, x, c) {
		c = n[side, name]
		for (i = 1; i <= c; i++) x[i] = t[side, name, i]
		for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (x[j] < x[i]) { k = x[i]; x[i] = x[j]; x[j] = k }
		return x[int((c + 1) / 2)]
	}
	END {
		printf "%-14s %10s %10s %8s\n", "kernel", "old s", "new s", "new/old"
		for (name in names) {
			o = median("old", name); w = median("new", name)
			printf "%-14s %10.4f %10.4f %8.3f\n", name, o, w, (o > 0 ? w / o : 0)
		}
	}' "$tmp"/old-*.json "$tmp"/new-*.json
