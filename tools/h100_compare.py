#!/usr/bin/env python3
"""simtemu against the H100 measurements of a corpus (CUDA 13, sm_90 listings).

For each kernel K of CORPUS/h100 (K.spec, K.gpu.dump, K.ncu.csv, K.pcs.csv where there is
one) and its listing CORPUS/sass/K.sm_90.sass: run simtemu on the listing and compare
  - the buffers (K.gpu.dump) value by value,
  - the per-opcode warp counts (sass__inst_executed_per_opcode),
  - the per-opcode guard-true thread counts (sass__thread_inst_executed_true_per_opcode,
    where ncu measured them),
  - per instruction (K.pcs.csv): warp issues, thread and guard-true thread counts.
With --rewrite (for a build that lacks them), CUDA 13's VIADD, VIMNMX, ... are rewritten in a
scratch copy to instructions of the same layout (one for one, same addresses); counts are
then attributed to the original opcode by pc, so every opcode is compared, with the caveat
printed for rewrites that are not exact (VIADDMNMX loses its clamp).

usage: tools/h100_compare.py [--simtemu ./simtemu] [--corpus DIR] [--converge MODE]
                             [--keep DIR] [--fixture DIR] [--rewrite] [-v] [KERNEL ...]
Exit 0 when every kernel matches (atomshared and hw_lock: buffers only), 1 otherwise.
--fixture DIR writes, per kernel, the test fixture of tests/h100/ (K.sm_90.sass rewritten,
K.spec with the GPU's buffers as .expect lines, K.h100 with the measured counts).
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

SPIN = {"atomshared", "hw_lock"}  # atomic spin loops: counts depend on timing


def rewrite(line):
    """One listing line with CUDA 13 opcodes simtemu lacks replaced one for one."""
    m = re.match(r"^(\s*/\*[0-9a-f]+\*/\s*)(@!?U?P[T0-9]\s+)?(\S+)(.*?);(.*)$", line)
    if not m:
        return line, None
    pre, guard, op, args, post = m.groups()
    guard = guard or ""
    base = op.split(".")[0]
    if base == "VIADD":
        if op != "VIADD":
            raise SystemExit("unhandled VIADD form: " + line)
        ops = [a.strip() for a in args.split(",")]
        new = "IADD3 %s, %s, %s, RZ " % (ops[0], ops[1], ops[2])
    elif base == "VIMNMX":
        new = op.replace("VIMNMX", "IMNMX") + args
    elif base == "VIADDMNMX":
        ops = [a.strip() for a in args.split(",")]
        new = "IADD3 %s, %s, %s, RZ " % (ops[0], ops[1], ops[2])  # not exact: no clamp
    elif op == "CGAERRBAR" or op == "ENDCOLLECTIVE":
        new = "NOP "
    elif op == "WARPSYNC.COLLECTIVE":
        new = "WARPSYNC " + args.split(",")[0].strip() + " "
    else:
        return line, None
    return pre + guard + new + ";" + post, base


def opbase(text):
    t = re.sub(r"^@!?U?P[T0-9]\s+", "", text.strip())
    return t.split()[0].split(".")[0] if t else ""


def ncu_metric(path, name):
    out = {}
    for row in csv.reader(open(path)):
        if len(row) > 14 and row[12] == name:
            v = row[14]
            inner = re.search(r"\((.*)\)", v)
            if inner:
                for pair in inner.group(1).split(";"):
                    k, n = pair.split(":")
                    out[k.strip()] = int(n.strip().replace(",", ""))
    return out


def pcs(path):
    rows = list(csv.reader(open(path)))
    hdr = rows[1]
    ia, iw, it, ip = (hdr.index(h) for h in ("Address", "Instructions Executed",
        "Thread Instructions Executed", "Predicated-On Thread Instructions Executed"))
    base = None
    out = {}
    for r in rows[2:]:
        if len(r) <= ip:
            continue
        a = int(r[ia], 16)
        base = a if base is None else base
        out[a - base] = (int(r[iw]), int(r[it]), int(r[ip]), r[1].strip())
    return out


def dump_bufs(text):
    bufs, cur, status = {}, None, None
    for ln in text.splitlines():
        m = re.match(r"^(\S+) \(([a-z0-9]+)\[(\d+)\] at 0x[0-9a-fA-F]+\):$", ln)
        if m:
            cur = m.group(1)
            bufs[cur] = []
            continue
        if ln.startswith("  ") and cur:
            bufs[cur] += ln.split()
            continue
        m = re.match(r"^# status (\d+)$", ln)
        if m:
            status = int(m.group(1))
        cur = None
    return bufs, status


def write_fixture(args, k, lines, rewritten, spec, gpu):
    d = args.fixture
    os.makedirs(d, exist_ok=True)
    src = os.path.join(args.corpus, "sass", k + ".sm_90.sass")
    with open(os.path.join(d, k + ".sm_90.sass"), "w") as f:
        f.write("# %s as CUDA 13.0 compiled it for sm_90 (cuobjdump -sass)" % k)
        if rewritten:
            f.write(", with %s rewritten one for one\n# at the same addresses (VIADD Rd, Ra, X as IADD3 Rd, Ra, X, RZ)"
                    % ", ".join(sorted(rewritten)))
        f.write(".\n")
        f.write("\n".join(l for l in lines if l.strip()) + "\n")
    sp = open(spec).read().rstrip("\n").split("\n")
    have = {l.split()[1] for l in sp if l.startswith(".expect ")}
    sp.insert(0, "# The launch that ran %s on an H100; .expect: the GPU's buffers after the run." % k)
    for b, vals in gpu.items():
        if b not in have:
            sp.append(".expect %s = %s" % (b, " ".join(vals)))
    open(os.path.join(d, k + ".spec"), "w").write("\n".join(sp) + "\n")
    h = os.path.join(args.corpus, "h100")
    out = ["# Counts Nsight Compute measured on an H100 for %s (CUDA 13.0, sm_90; one warp issue per" % k,
           "# row: opcode OP WARP_ISSUES [GUARD_TRUE_THREADS]; pc OFFSET WARP_ISSUES THREADS GUARD_TRUE_THREADS)."]
    if "VIADD" in rewritten:
        out.append("rewritten VIADD IADD3")
    nw = ncu_metric(os.path.join(h, k + ".ncu.csv"), "sass__inst_executed_per_opcode")
    nt = ncu_metric(os.path.join(h, k + ".ncu.csv"), "sass__thread_inst_executed_true_per_opcode")
    for o in sorted(nw):
        out.append("opcode %s %d%s" % (o, nw[o], " %d" % nt.get(o, 0) if nt else ""))
    pf = os.path.join(h, k + ".pcs.csv")
    if os.path.exists(pf):
        for pc, (w, t, a, _) in sorted(pcs(pf).items()):
            if w:
                out.append("pc 0x%04x %d %d %d" % (pc, w, t, a))
    open(os.path.join(d, k + ".h100"), "w").write("\n".join(out) + "\n")


def run(args, k):
    h = os.path.join(args.corpus, "h100")
    src = os.path.join(args.corpus, "sass", k + ".sm_90.sass")
    lines, rewritten = [], {}
    for ln in open(src):
        new, was = rewrite(ln.rstrip("\n")) if args.rewrite else (ln.rstrip("\n"), None)
        lines.append(new)
        if was:
            rewritten[was] = rewritten.get(was, 0) + 1
    d = args.keep or tempfile.mkdtemp()
    os.makedirs(d, exist_ok=True)
    f = os.path.join(d, k + ".sm_90.sass")
    open(f, "w").write("\n".join(lines) + "\n")
    spec = os.path.join(h, k + ".spec")
    gpu, gst = dump_bufs(open(os.path.join(h, k + ".gpu.dump")).read())
    if args.fixture:
        write_fixture(args, k, lines, rewritten, spec, gpu)
    # constant banks the listing reads (a jump table in c[0x2]): from the -elf dump
    ef = os.path.join(args.corpus, "sass", k + ".sm_90.elf.sass")
    if os.path.exists(ef):
        consts, bank, words = [], None, []
        for ln in open(ef):
            m = re.match(r"^\.nv\.constant(\d+)\.\S+$", ln.strip())
            if m:
                bank, words = int(m.group(1)), []
                continue
            if bank is not None and re.match(r"^(0x[0-9a-f]{8}\s*)+$", ln.strip()):
                words += ln.split()
                continue
            if bank is not None and words and bank != 0:
                consts.append(".const %d 0 u32 %s" % (bank, " ".join(words)))
            bank = None
        if consts:
            sp = os.path.join(d, k + ".spec")
            open(sp, "w").write(open(spec).read() + "\n".join(consts) + "\n")
            spec = sp
    gpu, gst = dump_bufs(open(os.path.join(h, k + ".gpu.dump")).read())
    cmd = [args.simtemu, "stats", "-q", "--spec", spec, "--counts", "csv", "--by", "pc",
           "--converge", args.converge] + sum((["--dump", b] for b in gpu), []) + [f]
    p = subprocess.run(cmd, capture_output=True, text=True)
    problems = []
    if p.returncode not in (0, 1):
        return ["simtemu exit %d: %s" % (p.returncode, p.stderr.strip()[-300:])], {}
    emu, _ = dump_bufs(p.stderr)
    for b, vals in gpu.items():
        if b not in emu:
            problems.append("buffer %s missing" % b)
        elif emu[b] != vals:
            i = next((i for i, (x, y) in enumerate(zip(vals, emu[b])) if x != y), min(len(vals), len(emu[b])))
            problems.append("buffer %s differs at [%d]: gpu %s simtemu %s" % (b, i,
                vals[i] if i < len(vals) else "-", emu[b][i] if i < len(emu[b]) else "-"))
    # original opcode per pc
    orig = {}
    for ln in open(src):
        m = re.match(r"^\s*/\*([0-9a-f]+)\*/\s*(.*?);", ln)
        if m:
            orig[int(m.group(1), 16)] = m.group(2)
    perpc = {}
    for r in csv.DictReader(p.stdout.splitlines()):
        if r["group"] == "pc":
            perpc[int(r["key"], 16)] = (int(r["warp_inst"]), int(r["thread_inst"]),
                                        int(r["active_thread_inst"]))
    ew, et = {}, {}
    for pc, (w, t, a) in perpc.items():
        o = opbase(orig.get(pc, "?"))
        ew[o] = ew.get(o, 0) + w
        et[o] = et.get(o, 0) + a
    info = {"warp": sum(ew.values()), "diffs": {}}
    nw = ncu_metric(os.path.join(h, k + ".ncu.csv"), "sass__inst_executed_per_opcode")
    if k in SPIN:  # counts for information only
        same = all(nw.get(o, 0) == ew.get(o, 0) for o in set(nw) | set(ew))
        info["hwwarp"] = sum(nw.values())
        info["note"] = "per-opcode counts equal too" if same else "per-opcode counts differ"
        return problems, info
    nt = ncu_metric(os.path.join(h, k + ".ncu.csv"), "sass__thread_inst_executed_true_per_opcode")
    info["hwwarp"] = sum(nw.values())
    for o in sorted(set(nw) | set(k2 for k2, v in ew.items() if v)):
        if nw.get(o, 0) != ew.get(o, 0):
            info["diffs"][o] = (nw.get(o, 0), ew.get(o, 0))
            problems.append("%s warp: h100 %d simtemu %d" % (o, nw.get(o, 0), ew.get(o, 0)))
    if nt:
        for o in sorted(set(nt) | set(k2 for k2, v in et.items() if v)):
            if nt.get(o, 0) != et.get(o, 0):
                problems.append("%s guard-true threads: h100 %d simtemu %d" % (o, nt.get(o, 0), et.get(o, 0)))
    pf = os.path.join(h, k + ".pcs.csv")
    if os.path.exists(pf):
        hp = pcs(pf)
        for pc in sorted(set(hp) | set(perpc)):
            hv = hp.get(pc, (0, 0, 0, ""))[:3]
            ev = perpc.get(pc, (0, 0, 0))
            if hv != ev:
                problems.append("pc %04x %s: h100 %s simtemu %s" % (pc, orig.get(pc, "?").strip(), hv, ev))
    if "VIADDMNMX" in rewritten:
        info["note"] = "VIADDMNMX rewritten without its clamp"
    return problems, info


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--simtemu", default="./simtemu")
    ap.add_argument("--corpus", default="../shared/corpus/cuda13")
    ap.add_argument("--converge", default="barrier")
    ap.add_argument("--keep")
    ap.add_argument("--fixture")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--rewrite", action="store_true",
                    help="rewrite CUDA 13 opcodes to older ones first (for builds that lack them)")
    ap.add_argument("kernels", nargs="*")
    args = ap.parse_args()
    h = os.path.join(args.corpus, "h100")
    ks = args.kernels or sorted({f.split(".")[0] for f in os.listdir(h) if f.endswith(".spec")})
    bad = 0
    for k in ks:
        problems, info = run(args, k)
        tag = "ok" if not problems else "DIFF"
        extra = " (buffers only: atomic spin loop)" if k in SPIN else ""
        print("%-14s %-4s warp %s/%s%s%s" % (k, tag, info.get("warp", "?"), info.get("hwwarp", "-"), extra,
              "; " + info["note"] if info.get("note") else ""))
        if problems:
            bad += 1
            for pr in problems[: (1000 if args.v else 8)]:
                print("    " + pr)
    print("%d of %d kernels differ" % (bad, len(ks)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
