# What simtemu spec must find in a kernel, read off its PTX alone (tests/gen/spec.sh):
# one line per parameter of the .entry, "OFFSET BYTES KIND", where OFFSET is the byte
# offset in the parameter area (each parameter aligned to its size), BYTES 8 or 4, and KIND
# "in", "out" or "inout" for a pointer (ld.param then cvta.to.global; its loads are in, its
# stores out, its atomics and reductions both; followed through add/mad/mov of 64-bit registers), "value" for a
# parameter that is read and is no pointer, "unused" for one never read.
#   awk -f tests/gen/ptxparams.awk KERNEL.ptx
function bytes(t) { return t ~ /^\.(u64|s64|b64|f64)$/ ? 8 : 4 }
function addr_regs(s,   r) { # the registers of [..] operands in s
	r = ""
	while (match(s, /\[%[a-z]+[0-9]+/)) {
		r = r " " substr(s, RSTART + 1, RLENGTH - 1)
		s = substr(s, RSTART + RLENGTH)
	}
	return r
}
/\.entry / { inent = 1; sig = "" }
inent && !body {
	sig = sig " " $0
	if (sig ~ /\)/) {
		sub(/^[^(]*\(/, "", sig); sub(/\).*/, "", sig)
		n = split(sig, ps, ",")
		off = 0
		for (i = 1; i <= n; i++) {
			split(ps[i], w, " ")
			# ".param .u64 name" (an .align or array form is none of these kernels')
			t = w[2]; nm = w[3]
			b = bytes(t)
			off = int((off + b - 1) / b) * b
			name[i] = nm; offs[nm] = off; sz[nm] = b
			off += b
		}
		np = n; body = 1
	}
	next
}
body && /^}/ { body = 0; inent = 0 }
body {
	line = $0
	sub(/\/\/.*/, "", line)
	gsub(/[,;]/, " ", line)
	k = split(line, f, " ")
	if (k < 2) next
	op = f[1]
	if (op ~ /^ld\.param/) { p = f[3]; gsub(/[\[\]]/, "", p); used[p] = 1; from[f[2]] = p; next }
	if (op ~ /^cvta\.to\.global/ && (f[3] in from)) { ptr[from[f[3]]] = 1; via[f[2]] = from[f[3]]; next }
	if (op ~ /^(add|sub)\.(s|u)64/ || op ~ /^mad\.wide/ || op ~ /^mov\.(b|u|s)64/) {
		# the destination carries the pointer of any 64-bit source
		for (j = 3; j <= k; j++)
			if (f[j] in via) { via[f[2]] = via[f[j]]; break }
		next
	}
	regs = addr_regs($0)
	m = split(regs, ar, " ")
	for (j = 1; j <= m; j++) {
		if (!(ar[j] in via)) continue
		p = via[ar[j]]
		if (op ~ /^ld\.global/) rd[p] = 1
		else if (op ~ /^st\.global/) wr[p] = 1
		else if (op ~ /^(atom|red)\.global/) { rd[p] = 1; wr[p] = 1 } # reads what it updates
	}
}
END {
	for (i = 1; i <= np; i++) {
		nm = name[i]
		kind = !(nm in used) ? "unused" : !(nm in ptr) ? "value" : \
			(rd[nm] && wr[nm]) ? "inout" : wr[nm] ? "out" : rd[nm] ? "in" : "pointer"
		printf "0x%x %d %s\n", offs[nm], sz[nm], kind
	}
}
