#!/usr/bin/env python3
# A copy of shared/tools/gpu-golden/kernels/record.py (the project's recorder; this comment is
# the only change), so that the device machine, which sees only this checkout, can run it: see
# record_ours.sh.
"""Run kernel specs on the GPU and record inputs and outputs (runs on the device box).
usage: record.py SET OUT.jsonl.gz [--only NAME]   (modules from modules/SET/, index.tsv maps name->module)"""
import base64, gzip, hashlib, importlib.util, json, os, sys, traceback
import numpy as np, cupy as cp
here = os.path.dirname(os.path.abspath(__file__))
setname, out_path = sys.argv[1], sys.argv[2]
only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
spec = importlib.util.spec_from_file_location("s", f"{here}/{setname}_specs.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
index = dict(l.rstrip("\n").split("\t") for l in open(f"{here}/modules/{setname}/index.tsv"))
NP = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": np.uint16, "i8": np.int8, "u8": np.uint8,
      "i16": np.int16, "u16": np.uint16, "i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64}
SC = {"i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64, "f32": np.float32, "f64": np.float64}

def make(name, bname, b):
    dt, n, init = b["dtype"], int(b["len"]), b.get("init", "zeros")
    seed = int.from_bytes(hashlib.sha256(f"{name}/{bname}".encode()).digest()[:8], "little")
    rng = np.random.default_rng(seed)
    kind, *a = init.split(":")
    if kind == "zeros": x = np.zeros(n)
    elif kind == "normal": x = rng.standard_normal(n)
    elif kind == "uniform": x = rng.uniform(float(a[0]), float(a[1]), n)
    elif kind == "randint": x = rng.integers(int(a[0]), int(a[1]), n)
    elif kind == "arange": x = np.arange(n)
    elif kind == "const": x = np.full(n, float(a[0]))
    else: raise ValueError(init)
    if dt == "bf16":
        f = np.asarray(x, dtype=np.float32).view(np.uint32)
        return ((f + 0x7FFF + ((f >> 16) & 1)) >> 16).astype(np.uint16)
    if dt.startswith(("i", "u")) and kind in ("normal", "uniform"):
        x = np.round(x * 8)
    return np.asarray(x).astype(NP[dt])

class Parts:
    """Write .jsonl.gz parts of at most ~12 MB each (OUT, OUT with .1, .2 ... before .jsonl.gz)."""
    def __init__(self, path):
        self.base, self.n, self.f = path[:-len(".jsonl.gz")], 0, None
        self.open()
    def open(self):
        p = f"{self.base}.jsonl.gz" if self.n == 0 else f"{self.base}.{self.n}.jsonl.gz"
        self.raw = open(p, "wb"); self.f = gzip.GzipFile(fileobj=self.raw, mode="wb")
    def write(self, line):
        self.f.write(line.encode())
        if self.raw.tell() > 12_000_000:
            self.close(); self.n += 1; self.open()
    def close(self):
        self.f.close(); self.raw.close()
out = Parts(out_path)
done = failed = 0
modules = {}
for s in m.SPECS:
    if only and s["name"] != only: continue
    try:
        mp = f"{here}/modules/{setname}/{index[s['name']]}"
        if mp not in modules: modules[mp] = cp.RawModule(path=mp)
        fn = modules[mp].get_function(s["entry"])
        host = {k: make(s["name"], k, b) for k, b in s["buffers"].items()}
        outs = []
        for rep in range(2):
            dev = {k: cp.asarray(v) for k, v in host.items()}
            args = []
            for a in s["args"]:
                if "buf" in a: args.append(dev[a["buf"]])
                else:
                    (t, v), = a.items(); args.append(SC[t](v))
            fn(tuple(s["grid"]), tuple(s["block"]), tuple(args), shared_mem=s.get("shared_bytes", 0))
            cp.cuda.Device().synchronize()
            outs.append({k: cp.asnumpy(v) for k, v in dev.items()})
        det = all(outs[0][k].tobytes() == outs[1][k].tobytes() for k in host)
        rec = {k: s[k] for k in ("name", "entry", "grid", "block", "args")}
        rec["module"] = index[s["name"]]; rec["shared_bytes"] = s.get("shared_bytes", 0)
        rec["deterministic"] = det
        rec["buffers"] = {k: {"dtype": s["buffers"][k]["dtype"], "len": int(s["buffers"][k]["len"]),
                              "input": base64.b64encode(host[k].tobytes()).decode(),
                              "changed": host[k].tobytes() != outs[0][k].tobytes()} for k in host}
        for k in host:
            if rec["buffers"][k]["changed"]:
                rec["buffers"][k]["output"] = base64.b64encode(outs[0][k].tobytes()).decode()
                if outs[1][k].tobytes() != outs[0][k].tobytes():
                    rec["buffers"][k]["output_alt"] = base64.b64encode(outs[1][k].tobytes()).decode()
        out.write(json.dumps(rec) + "\n"); done += 1
        print("OK", s["name"], "det" if det else "NONDET", "changed:", [k for k in host if rec["buffers"][k]["changed"]], flush=True)
    except Exception as e:
        failed += 1
        print("FAIL", s["name"], type(e).__name__, str(e)[:300], flush=True)
        try: cp.cuda.Device().synchronize()
        except Exception: print("context broken; stopping"); break
out.close()
print(f"recorded {done}, failed {failed}")
