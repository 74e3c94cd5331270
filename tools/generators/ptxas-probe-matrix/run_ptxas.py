#!/usr/bin/env python3
"""Assemble probe statements with ptxas for several targets; write verdicts.
Usage: run_ptxas.py IN.jsonl OUT.jsonl"""
import json, os, re, subprocess, sys, tempfile
from multiprocessing import Pool

REG = {"h": ".b16", "r": ".b32", "l": ".b64", "f": ".f32", "d": ".f64", "q": ".b128"}
TARGETS = [(t, "9.0") for t in ["sm_80", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_100f", "sm_103a", "sm_110a", "sm_120", "sm_120a"]]
PREV = {(7, 0): (6, 5), (8, 0): (7, 8), (9, 0): (8, 8), (6, 0): (5, 0)}
TMP = tempfile.mkdtemp()

def module(asm, cons, target, ver):
    def sub(m):
        s = m.group(0)
        if s == "%%": return "%"
        k = int(s[1:])
        if k >= len(cons): return s
        c = cons[k]
        if c == "n": return "0"
        return f"%{c[-1]}{k}"
    body = re.sub(r"%%|%\d+", sub, asm)
    n = len(cons) + 1
    used = {c[-1] for c in cons}
    decl = " ".join(f".reg {t} %{l}<{n}>;" for l, t in REG.items() if l in used)
    return f".version {ver}\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n  {decl}\n  {body}\n  ret;\n}}\n"

def prev(ver):
    a, b = map(int, ver.split("."))
    if b > 0: return f"{a}.{b-1}"
    p = PREV.get((a, b))
    return f"{p[0]}.{p[1]}" if p else None

def job(args):
    i, target, ver, asm, cons = args
    path = os.path.join(TMP, f"{i}_{target}_{ver}.ptx")
    with open(path, "w") as f: f.write(module(asm, cons, target, ver))
    r = subprocess.run(["ptxas", f"-arch={target}", path, "-o", "/dev/null"], capture_output=True, text=True)
    os.unlink(path)
    msgs = [l for l in r.stderr.splitlines() if "error" in l.lower()]
    msg = re.sub(r"^.*?error\s*:\s*", "", msgs[0]) if msgs else ""
    return {"i": i, "target": target, "ver": ver, "ok": r.returncode == 0, "msg": msg[:200]}

def main():
    recs = [json.loads(l) for l in open(sys.argv[1])]
    jobs = []
    for i, r in enumerate(recs):
        ts = [(r["target"], "9.0")] if "target" in r else list(TARGETS)
        if "min_target" in r:
            mt = r["min_target"]
            if mt.endswith("f"): mt = mt[:-1] + "a"   # family targets need PTX 8.8
            if int(re.sub(r"\D", "", mt)) < 75: mt = "sm_75"
            r["min_target"] = mt
            ts.append((r["min_target"], r["min_ptx"]))
            p = prev(r["min_ptx"])
            if p: ts.append((r["min_target"], p))
        for t, v in dict.fromkeys(ts):
            jobs.append((i, t, v, r["asm"], r["cons"]))
    with Pool(os.cpu_count()) as pool, open(sys.argv[2], "w") as out:
        for res in pool.imap_unordered(job, jobs, chunksize=16):
            out.write(json.dumps(res) + "\n")
    print(len(jobs), "runs")

if __name__ == "__main__":
    main()
