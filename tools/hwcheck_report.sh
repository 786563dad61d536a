#!/bin/sh
# make hwcheck's report: for each kernel NAME, the buffers the GPU left (DIR/NAME.gpu.dump,
# the launcher's output) against simtemu's (DIR/NAME.emu.dump, `simtemu run --dump`), and,
# where ncu ran, its per-opcode warp counts and thread count (DIR/NAME.ncu.csv) beside
# simtemu's (DIR/NAME.emu.csv, `simtemu stats --counts csv`), with a verdict per kernel.
# A line "# status N" in a dump file is the exit status of the program that wrote it.
# Exit 0 when every kernel's buffers match (count differences are findings, reported but
# not failures), 1 when a kernel's buffers differ or are missing, 2 on bad usage.
#   usage: sh tools/hwcheck_report.sh DIR NAME...
set -u
[ $# -ge 2 ] || { echo "usage: sh tools/hwcheck_report.sh DIR NAME..." >&2; exit 2; }
dir=$1
shift

# The buffers of a dump as "NAME TYPE[COUNT] V1 V2 ..." lines (addresses dropped: the
# GPU's and simtemu's differ), then "status N" if the file has one.
dump_lines() {
	awk '
		/^[^ #][^ ]* \([a-z0-9]+\[[0-9]+\] at 0x[0-9a-fA-F]+\):$/ {
			if (cur != "") print line
			cur = $1; t = $2; sub(/^\(/, "", t); line = cur " " t; next
		}
		/^  / && cur != "" { line = line " " substr($0, 3); next }
		/^# status [0-9]+$/ { st = $3 }
		{ if (cur != "") print line; cur = "" }
		END { if (cur != "") print line; if (st != "") print "status " st }' "$1"
}

# Compare two dump_lines outputs (GPU first): one "buffers: ..." verdict line and details.
compare_buffers() {
	awk -v gf="$1" -v ef="$2" '
		FNR == 1 { side = (FILENAME == gf) ? "gpu" : "emu" }
		$1 == "status" { st[side] = $2; next }
		{
			n = ++nb[side]; name[side, n] = $1; type[side, $1] = $2
			cnt[side, $1] = NF - 2
			for (i = 3; i <= NF; i++) val[side, $1, i - 3] = $i
		}
		END {
			bad = 0; detail = ""
			if (nb["gpu"] && nb["emu"]) for (k = 1; k <= nb["gpu"]; k++) {  # one side empty: "missing" says it
				b = name["gpu", k]
				if (!(("emu", b) in type)) {
					detail = detail sprintf("  %s: not in simtemu'"'"'s output\n", b); bad++; continue
				}
				if (type["gpu", b] != type["emu", b]) {
					detail = detail sprintf("  %s: gpu %s, simtemu %s\n", b, type["gpu", b], type["emu", b]); bad++; continue
				}
				nd = 0; first = -1
				for (i = 0; i < cnt["gpu", b]; i++)
					if (val["gpu", b, i] != val["emu", b, i]) { nd++; if (first < 0) first = i }
				if (nd) {
					detail = detail sprintf("  %s: %d of %d differ; first [%d]: gpu %s, simtemu %s\n", b, nd,
						cnt["gpu", b], first, val["gpu", b, first], val["emu", b, first]); bad++
				} else
					detail = detail sprintf("  %s: %d value%s equal\n", b, cnt["gpu", b], cnt["gpu", b] == 1 ? "" : "s")
			}
			if (nb["gpu"]) for (k = 1; k <= nb["emu"]; k++)
				if (!(("gpu", name["emu", k]) in type)) {
					detail = detail sprintf("  %s: not in the GPU'"'"'s output\n", name["emu", k]); bad++
				}
			if (st["gpu"] != "" && st["gpu"] != 0)
				detail = detail sprintf("  the launcher exited with status %s\n", st["gpu"])
			if (st["emu"] == 1)
				detail = detail "  simtemu: an .expect of the spec failed\n"
			else if (st["emu"] != "" && st["emu"] != 0)
				detail = detail sprintf("  simtemu exited with status %s\n", st["emu"])
			if (!nb["gpu"] || !nb["emu"]) {
				print "buffers: missing (no buffers from " (!nb["gpu"] ? "the GPU" : "simtemu") ")"; bad = 1
			} else if (bad)
				print "buffers: mismatch (" bad " of " nb["gpu"] " differ)"
			else
				print "buffers: match (" nb["gpu"] " buffers)"
			printf "%s", detail
		}' "$1" "$2"
}

# ncu's CSV (--csv, details page) as "OPCODE N" lines and "thread_inst N": the per-opcode
# instances of sass__inst_executed_per_opcode ("OPCODE: N" pairs, as
# --print-metric-instances details prints them) and smsp__thread_inst_executed.sum.
ncu_counts() {
	awk '
		function csv(s,    i, c, q, f) {   # split one CSV line into F[1..]; returns the count
			nf = 0; f = ""; q = 0
			for (i = 1; i <= length(s); i++) {
				c = substr(s, i, 1)
				if (q) { if (c == "\"") { if (substr(s, i + 1, 1) == "\"") { f = f c; i++ } else q = 0 } else f = f c }
				else if (c == "\"") q = 1
				else if (c == ",") { F[++nf] = f; f = "" }
				else f = f c
			}
			F[++nf] = f
			return nf
		}
		{ sub(/\r$/, "") }
		/^==/ { next }
		!mcol {
			n = csv($0)
			for (i = 1; i <= n; i++) { if (F[i] == "Metric Name") mcol = i; if (F[i] == "Metric Value") vcol = i }
			if (!vcol) mcol = 0
			next
		}
		{
			csv($0); m = F[mcol]; v = F[vcol]
			if (m == "smsp__thread_inst_executed.sum") { gsub(/[, ]/, "", v); print "thread_inst " v }
			else if (m == "sass__inst_executed_per_opcode") {
				while (match(v, /[A-Z][A-Z0-9_]*[ ]*[:=][ ]*[0-9][0-9,]*/)) {
					p = substr(v, RSTART, RLENGTH); v = substr(v, RSTART + RLENGTH)
					split(p, kv, /[ ]*[:=][ ]*/); gsub(/,/, "", kv[2]); print kv[1] " " kv[2]
				}
			}
		}' "$1"
}

# simtemu stats --counts csv (by opcode) in the same form.
emu_counts() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "warp_inst") w = i; if ($i == "thread_inst") t = i }; next }
		w && NF > 1 { print $1 " " $w; th += $t }
		END { if (w) print "thread_inst " th + 0 }' "$1"
}

# The two count lists side by side, and a "counts: ..." verdict line.
compare_counts() {
	awk -v gf="$1" '
		FNR == 1 { side = (FILENAME == gf) ? "gpu" : "emu" }
		$1 == "thread_inst" { th[side] = $2; has[side] = 1; next }
		{ c[side, $1] = $2; if (!($1 in seen)) { seen[$1] = 1; keys[++nk] = $1 }; has[side] = 1 }
		END {
			if (!has["gpu"]) { print "counts: unreadable (no per-opcode counts in ncu'"'"'s output)"; exit }
			for (i = 2; i <= nk; i++) { k = keys[i]; j = i - 1
				while (j >= 1 && keys[j] > k) { keys[j + 1] = keys[j]; j-- }
				keys[j + 1] = k }
			printf "  %-16s %10s %10s %8s\n", "opcode", "gpu", "simtemu", "diff"
			nd = 0; wg = we = 0
			for (i = 1; i <= nk; i++) {
				k = keys[i]; g = c["gpu", k] + 0; e = c["emu", k] + 0; wg += g; we += e
				if (g != e) nd++
				printf "  %-16s %10d %10d %+8d\n", k, g, e, e - g
			}
			printf "  %-16s %10d %10d %+8d\n", "warp_inst", wg, we, we - wg
			printf "  %-16s %10d %10d %+8d\n", "thread_inst", th["gpu"], th["emu"], th["emu"] - th["gpu"]
			if (!nd && th["gpu"] == th["emu"])
				print "counts: equal"
			else
				printf "counts: differ (%d opcodes, warp_inst %+d, thread_inst %+d)\n", nd, we - wg, th["emu"] - th["gpu"]
		}' "$1" "$2"
}

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
nk=0 nmatch=0 nbad=0 neq=0 ndiff=0 nnone=0
for k in "$@"; do
	nk=$((nk + 1))
	echo "== $k"
	for s in gpu emu; do
		: >"$tmp/$s"
		[ -f "$dir/$k.$s.dump" ] && dump_lines "$dir/$k.$s.dump" >"$tmp/$s"
	done
	compare_buffers "$tmp/gpu" "$tmp/emu" >"$tmp/b"
	cat "$tmp/b"
	bv=$(sed -n '1s/^buffers: \([a-z]*\).*/\1/p' "$tmp/b")
	if [ -f "$dir/$k.ncu.csv" ] && [ -f "$dir/$k.emu.csv" ]; then
		ncu_counts "$dir/$k.ncu.csv" >"$tmp/gc"
		emu_counts "$dir/$k.emu.csv" >"$tmp/ec"
		compare_counts "$tmp/gc" "$tmp/ec" >"$tmp/c"
		tail -n 1 "$tmp/c"
		sed '$d' "$tmp/c"
		cv=$(sed -n '$s/^counts: \([a-z]*\).*/\1/p' "$tmp/c")
	else
		echo "counts: not collected (no ncu output)"
		cv="not collected"
	fi
	echo "verdict $k: buffers $bv, counts $cv"
	case $bv in match) nmatch=$((nmatch + 1)) ;; *) nbad=$((nbad + 1)) ;; esac
	case $cv in equal) neq=$((neq + 1)) ;; "not collected") nnone=$((nnone + 1)) ;; *) ndiff=$((ndiff + 1)) ;; esac
done
echo "hwcheck: $nk kernels: buffers $nmatch match, $nbad mismatch or missing; counts $neq equal, $ndiff differ, $nnone not collected"
[ "$nbad" -eq 0 ]
