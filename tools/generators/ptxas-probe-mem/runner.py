#!/usr/bin/env python3
"""On the device: ptxas verdicts for probe statements, in phases.
usage: runner.py OUTDIR PHASE [limit_s]
phase bases: every base x TARGETS at 9.0
phase versions: bisect the min PTX version of each accepted base at its lowest accepting target
phase mutations: mutations of bases accepted on sm_90, at sm_90"""
import json, os, re, subprocess, sys, time, tempfile
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe_lib as L
REGTY = {"h": ".b16", "r": ".b32", "l": ".b64", "f": ".f32", "d": ".f64", "q": ".b128"}
TMP = tempfile.mkdtemp()
def module(asm, cons, target, version):
    def sub(m):
        s = m.group(0)
        if s == "%%": return "%"
        k = int(s[1:])
        if k >= len(cons): return s
        c = cons[k]
        return "7" if c == "n" else f"%{c[-1]}{k}"
    body = re.sub(r"%%|%\d+", sub, asm)
    used = {c[-1] for c in cons if c[-1] in REGTY}
    decl = " ".join(f".reg {t} %{l}<24>;" for l, t in REGTY.items() if l in used)
    return f".version {version}\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n  {decl}\n  {body}\n  ret;\n}}\n"
N = [0]
def ptxas(asm, cons, target, version):
    N[0] += 1
    p = os.path.join(TMP, f"{os.getpid()}_{N[0]}_{abs(hash((asm, tuple(cons), target, version)))}.ptx")
    with open(p, "w") as f: f.write(module(asm, cons, target, version))
    r = subprocess.run(["ptxas", f"-arch={target}", p, "-o", "/dev/null"], capture_output=True, text=True)
    os.unlink(p)
    msgs = [l for l in (r.stderr + r.stdout).splitlines() if "error" in l.lower()]
    warn = [l for l in (r.stderr + r.stdout).splitlines() if "warning" in l.lower()]
    m = msgs[0] if msgs else ""
    m = re.sub(r"^ptxas /tmp/\S+, line \d+; ", "", m)
    return r.returncode == 0, m[:240], (warn[0][:200] if warn else "")
def run_all(jobs, out, limit):
    t0 = time.time()
    res = []
    with ThreadPoolExecutor(16) as ex, open(out, "w") as f:
        futs = []
        for j in jobs:
            futs.append((j, ex.submit(ptxas, j["asm"], j["cons"], j["target"], j["version"])))
        for j, fu in futs:
            if time.time() - t0 > limit:
                for _, g in futs: g.cancel()
                break
            ok, msg, warn = fu.result()
            j = dict(j, ok=ok, msg=msg, warn=warn)
            f.write(json.dumps(j) + "\n"); res.append(j)
    print(f"{len(res)}/{len(jobs)} in {time.time()-t0:.0f}s", flush=True)
    return res
TARGETS = ["sm_75", "sm_80", "sm_90", "sm_90a", "sm_100a", "sm_100f", "sm_120a"]
ORDER = ["sm_75", "sm_80", "sm_90", "sm_90a", "sm_100f", "sm_100a", "sm_120a"]
MINV = {"sm_75": "6.3", "sm_80": "7.0", "sm_90": "7.8", "sm_90a": "8.0", "sm_100a": "8.6", "sm_100f": "8.8", "sm_120a": "8.7"}
VERS = ["6.3","6.4","6.5","7.0","7.1","7.2","7.3","7.4","7.5","7.6","7.7","7.8","8.0","8.1","8.2","8.3","8.4","8.5","8.6","8.7","8.8","9.0"]
def vk(v): a, b = v.split("."); return int(a) * 10 + int(b)
outdir, phase = sys.argv[1], sys.argv[2]
limit = float(sys.argv[3]) if len(sys.argv) > 3 else 500
os.makedirs(outdir, exist_ok=True)
import probe2
import probe3
bases = L.B + probe2.B2
if phase == "round3":
    jobs = []; seen = set()
    for i, (a, c) in enumerate(probe3.B3):
        for kind, a2, c2 in [("valid", a, c)] + probe3.all_mutations(a, c, L.split_main, L.mutations):
            key = (a2, tuple(c2))
            if key in seen: continue
            seen.add(key)
            jobs.append(dict(base=i, kind=kind, asm=a2, cons=c2, target="sm_90", version="9.0"))
    run_all(jobs, os.path.join(outdir, "round3.jsonl"), limit)
    sys.exit(0)
if phase == "bases2":
    jobs = [dict(base=i, kind="valid", asm=a, cons=c, target=t, version="9.0") for i, (a, c) in enumerate(bases) if i >= len(L.B) for t in TARGETS]
    run_all(jobs, os.path.join(outdir, "bases2.jsonl"), limit)
elif phase == "bases":
    jobs = [dict(base=i, kind="valid", asm=a, cons=c, target=t, version="9.0") for i, (a, c) in enumerate(bases) for t in TARGETS]
    run_all(jobs, os.path.join(outdir, "bases.jsonl"), limit)
elif phase == "versions":
    prev = [json.loads(l) for f in sys.argv[4].split(",") for l in open(f)]
    lowest = {}
    for j in prev:
        if j["ok"]:
            cur = lowest.get(j["base"])
            if cur is None or ORDER.index(j["target"]) < ORDER.index(cur): lowest[j["base"]] = j["target"]
    # bisection, in rounds, all bases in parallel
    state = {b: [vk(MINV[t]), 90, t] for b, t in lowest.items()}  # lo..hi candidate min (hi known ok)
    vers = [v for v in VERS]
    allres = []
    t0 = time.time()
    while True:
        jobs = []
        for b, (lo, hi, t) in state.items():
            cand = [v for v in vers if lo <= vk(v) < hi]
            if not cand: continue
            mid = cand[len(cand) // 2]
            a, c = bases[b]
            jobs.append(dict(base=b, kind="version", asm=a, cons=c, target=t, version=mid))
        if not jobs or time.time() - t0 > limit: break
        res = run_all(jobs, os.path.join(outdir, f"v_round.jsonl"), limit)
        allres += res
        for j in res:
            st = state[j["base"]]
            if j["ok"]: st[1] = vk(j["version"])
            else: st[0] = vk(j["version"]) + 1
    with open(os.path.join(outdir, "versions.jsonl"), "w") as f:
        for b, (lo, hi, t) in state.items():
            f.write(json.dumps(dict(base=b, asm=bases[b][0], cons=bases[b][1], target=t, min_version=f"{hi//10}.{hi%10}")) + "\n")
elif phase == "mutations":
    prev = [json.loads(l) for f in sys.argv[4].split(",") for l in open(f)]
    okt = {}
    for j in prev:
        okt.setdefault(j["base"], set())
        if j["ok"]: okt[j["base"]].add(j["target"])
    only = sys.argv[6] if len(sys.argv) > 6 else None
    okb = sorted(b for b, ts in okt.items() if sys.argv[5] in ts and (only is None or only not in ts))
    jobs = []; seen = set()
    for b in okb:
        a, c = bases[b]
        for kind, a2, c2 in L.mutations(a, c):
            key = (a2, tuple(c2))
            if key in seen: continue
            seen.add(key)
            jobs.append(dict(base=b, kind=kind, asm=a2, cons=c2, target=sys.argv[5], version="9.0"))
    run_all(jobs, os.path.join(outdir, f"mut_{sys.argv[5]}.jsonl"), limit)
