#!/bin/sh
# make hwcheck's report: for each kernel NAME, the buffers the GPU left (DIR/NAME.gpu.dump,
# the launcher's output) against simtemu's (DIR/NAME.emu.dump, `simtemu run --dump`), and,
# where ncu ran, its per-opcode warp counts and thread count (DIR/NAME.ncu.csv) beside
# simtemu's (DIR/NAME.emu.csv, `simtemu stats --counts csv`), and where ncu's source page
# was saved, its per-instruction counts (DIR/NAME.pcs.csv) pc by pc beside simtemu's
# (DIR/NAME.emu.pc.csv, `simtemu stats --counts csv --by pc`), with a verdict per kernel.
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

# One CSV reader for every awk program below (RFC 4180: quoted fields, "" a quote).
CSV_AWK='
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
function num(s) { gsub(/[, ]/, "", s); return s + 0 }   # ncu prints 25,830
'

# simtemu stats --counts csv --by opcode in the same form: the header names the columns
# (group,key,warp_inst,thread_inst,...; docs/formats.md); the key rows are those of the
# grouping, the thread count is the total row's ("total" and "cta" rows are no opcodes).
# A file without a group column (key,warp_inst,...) has key rows only: their sum.
emu_counts() {
	awk "$CSV_AWK"'
		{ sub(/\r$/, "") }
		!hdr { n = csv($0); for (i = 1; i <= n; i++) col[F[i]] = i; hdr = 1; next }
		{
			csv($0)
			g = col["group"] ? F[col["group"]] : "opcode"
			if (g == "total") { tot = F[col["thread_inst"]]; next }
			if (g == "cta" || F[col["key"]] == "") next
			print F[col["key"]] " " F[col["warp_inst"]]; th += F[col["thread_inst"]]
		}
		END { if (col["warp_inst"]) print "thread_inst " (tot != "" ? tot : th + 0) }' "$1"
}

# ncu's source page (--section SourceCounters --page source --csv --print-source sass) as
# "PC WARP THREAD PREDON TEXT" lines, PC the offset from the first row's address.
ncu_pcs() {
	awk "$CSV_AWK"'
		{ sub(/\r$/, "") }
		/^==/ { next }
		!acol {
			n = csv($0)
			for (i = 1; i <= n; i++) {
				if (F[i] == "Address") acol = i; if (F[i] == "Source") scol = i
				if (F[i] == "Instructions Executed") wcol = i
				if (F[i] == "Thread Instructions Executed") tcol = i
				if (F[i] == "Predicated-On Thread Instructions Executed") pcol = i
			}
			if (!wcol || !tcol) acol = 0
			next
		}
		{
			n = csv($0)
			if (n < wcol || F[acol] !~ /^0x[0-9a-fA-F]+$/) next
			a = tolower(substr(F[acol], 3)); v = 0
			for (i = 1; i <= length(a); i++) v = v * 16 + index("0123456789abcdef", substr(a, i, 1)) - 1
			if (base == "") base = v
			t = F[scol]; sub(/^[ \t]+/, "", t)
			printf "0x%04x %d %d %d %s\n", v - base, num(F[wcol]), num(F[tcol]), pcol ? num(F[pcol]) : -1, t
		}' "$1"
}

# simtemu stats --counts csv --by pc in the same form.
emu_pcs() {
	awk "$CSV_AWK"'
		{ sub(/\r$/, "") }
		!hdr { n = csv($0); for (i = 1; i <= n; i++) col[F[i]] = i; hdr = 1; next }
		{
			csv($0)
			if (F[col["group"]] != "pc") next
			k = tolower(F[col["key"]]); sub(/^0x0*/, "", k); v = 0
			for (i = 1; i <= length(k); i++) v = v * 16 + index("0123456789abcdef", substr(k, i, 1)) - 1
			printf "0x%04x %d %d %d %s\n", v, F[col["warp_inst"]], F[col["thread_inst"]], F[col["active_thread_inst"]], F[col["text"]]
		}' "$1"
}

# The two per-instruction lists pc by pc: a "pcs: ..." verdict line, then the instructions
# whose counts differ. Both lists must be the same code: where both name an instruction at
# a pc, the mnemonics (guard aside, modifiers included) must agree, else "not comparable".
compare_pcs() {
	awk -v gf="$1" '
		function mn(t) { sub(/^@!?U?P[0-7T] +/, "", t); sub(/[ ;].*/, "", t); return t }
		FNR == 1 { side = (FILENAME == gf) ? "gpu" : "emu" }
		{
			pc = $1; w[side, pc] = $2; th[side, pc] = $3; po[side, pc] = $4
			t = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ ?/, "", t); tx[side, pc] = t
			if (!(pc in seen)) { seen[pc] = 1; pcs[++np] = pc }
			has[side] = 1
		}
		END {
			if (!has["gpu"]) { print "pcs: unreadable (no instruction rows in ncu'"'"'s source page)"; exit }
			for (i = 2; i <= np; i++) { k = pcs[i]; j = i - 1
				while (j >= 1 && pcs[j] > k) { pcs[j + 1] = pcs[j]; j-- }
				pcs[j + 1] = k }
			for (i = 1; i <= np; i++) {
				p = pcs[i]
				if ((("gpu", p) in tx) && (("emu", p) in tx) && mn(tx["gpu", p]) != mn(tx["emu", p])) {
					printf "pcs: not comparable (other code: at %s the GPU ran %s, simtemu %s)\n", p,
						mn(tx["gpu", p]), mn(tx["emu", p])
					exit
				}
			}
			nd = nw = nt = npo = 0; out = ""
			for (i = 1; i <= np; i++) {
				p = pcs[i]; gw = w["gpu", p] + 0; ew = w["emu", p] + 0
				gt = th["gpu", p] + 0; et = th["emu", p] + 0
				gp = po["gpu", p]; ep = po["emu", p] + 0
				dp = gp != "" && gp >= 0 && gp != ep
				if (gw == ew && gt == et && !dp) continue
				nd++; nw += gw != ew; nt += gt != et; npo += dp
				t = (("gpu", p) in tx) ? tx["gpu", p] : tx["emu", p]
				if (nd <= 40)
					out = out sprintf("  %-8s %8d %8d %9d %9d  %s\n", p, gw, ew, gt, et, t)
			}
			if (!nd) { printf "pcs: equal (%d instructions)\n", np; exit }
			printf "pcs: differ (%d of %d instructions: warp_inst at %d, thread_inst at %d, predicated-on at %d)\n",
				nd, np, nw, nt, npo
			printf "  %-8s %8s %8s %9s %9s  %s\n", "pc", "gpu", "simtemu", "gpu_thr", "emu_thr", "instruction"
			printf "%s", out
			if (nd > 40) printf "  ... and %d more\n", nd - 40
		}' "$1" "$2"
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
nk=0 nmatch=0 nbad=0 neq=0 ndiff=0 nnone=0 npeq=0 npdiff=0 npother=0 npnone=0
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
	if [ -f "$dir/$k.pcs.csv" ] && [ -f "$dir/$k.emu.pc.csv" ]; then
		ncu_pcs "$dir/$k.pcs.csv" >"$tmp/gp"
		emu_pcs "$dir/$k.emu.pc.csv" >"$tmp/ep"
		compare_pcs "$tmp/gp" "$tmp/ep" >"$tmp/p"
		cat "$tmp/p"
		pv=$(sed -n '1s/^pcs: \([a-z ]*\).*/\1/p' "$tmp/p" | sed 's/ *(.*//; s/ $//')
	else
		pv="not collected"
	fi
	echo "verdict $k: buffers $bv, counts $cv, pcs $pv"
	case $bv in match) nmatch=$((nmatch + 1)) ;; *) nbad=$((nbad + 1)) ;; esac
	case $cv in equal) neq=$((neq + 1)) ;; "not collected") nnone=$((nnone + 1)) ;; *) ndiff=$((ndiff + 1)) ;; esac
	case $pv in
	equal) npeq=$((npeq + 1)) ;;
	"not collected") npnone=$((npnone + 1)) ;;
	"not comparable") npother=$((npother + 1)) ;;
	*) npdiff=$((npdiff + 1)) ;;
	esac
done
echo "hwcheck: $nk kernels: buffers $nmatch match, $nbad mismatch or missing; counts $neq equal, $ndiff differ, $nnone not collected; pcs $npeq equal, $npdiff differ, $npother not comparable, $npnone not collected"
[ "$nbad" -eq 0 ]
