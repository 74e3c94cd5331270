#!/usr/bin/env python3
"""Launch every spec of ours_specs.py on the simulator before it goes to the GPU: same modules
(tests/data/kernels/ours/modules, from compile.py), same inputs as the recorder draws them
(numpy default_rng seeded by "<case>/<buffer>"), through `ptxsim run MODULE --entry ...
--grid ... --block ... --shared ... --arg ...`. Prints OK or FAIL per spec, with the
simulator's error text, and a last line `N ran, M failed`.

Run from the repository root (numpy needed, for the inputs):

    python3 tools/kernel-cases/check_sim.py [--sim target/release/ptxsim] [--only SUBSTR]
        [--timeout SECONDS] [--out DIR]

--specs and --modules check another set the same way (the cluster set:
tools/cluster-cases/cluster_specs.py with tests/data/kernels/cluster/modules).

--out DIR keeps, per spec, the inputs, the simulator's printed output (stdout.txt) and each
buffer's bytes after the launch (argK.bin, from ptx-sim's --dump)."""
import argparse, hashlib, importlib.util, os, shutil, subprocess, sys, tempfile, time

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--sim", default="target/release/ptxsim")
ap.add_argument("--only")
ap.add_argument("--timeout", type=float, default=300)
ap.add_argument("--out")
ap.add_argument("--specs", default=os.path.join(here, "ours_specs.py"),
                help="another set's specs (e.g. tools/cluster-cases/cluster_specs.py)")
ap.add_argument("--modules", default="tests/data/kernels/ours/modules",
                help="that set's module folder, with its index.tsv")
opts = ap.parse_args()

spec = importlib.util.spec_from_file_location("specs", opts.specs)
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
mod_dir = opts.modules
index = dict(l.rstrip("\n").split("\t") for l in open(os.path.join(mod_dir, "index.tsv")))

NP = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": np.uint16, "i8": np.int8,
      "u8": np.uint8, "i16": np.int16, "u16": np.uint16, "i32": np.int32, "u32": np.uint32,
      "i64": np.int64, "u64": np.uint64}


def make(name, bname, b):
    """The recorder's input generator (tools/gpu-golden/kernels/record.py), unchanged."""
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


ran = failed = 0
for s in m.SPECS:
    if opts.only and opts.only not in s["name"]:
        continue
    work = tempfile.mkdtemp(prefix="kcase-")
    cmd = [opts.sim, "run", os.path.join(mod_dir, index[s["name"]]), "--entry", s["entry"],
           "--grid", ",".join(map(str, s["grid"])), "--block", ",".join(map(str, s["block"])),
           "--shared", str(s.get("shared_bytes", 0)), "--show", "0", "--dump", os.path.join(work, "out")]
    for a in s["args"]:
        (t, v), = a.items()
        if t == "buf":
            b = s["buffers"][v]
            path = os.path.join(work, f"in_{v}.bin")
            make(s["name"], v, b).tofile(path)
            cmd += ["--arg", f"buf:{b['dtype']}:{b['len']}:file={path}"]
        else:
            cmd += ["--arg", f"{t}:{v}"]
    t0 = time.time()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=opts.timeout)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = "timeout", (e.stdout or b"").decode(errors="replace"), f"no result in {opts.timeout:.0f} s"
    dt = time.time() - t0
    ran += 1
    if rc == 0:
        print(f"OK   {s['name']} ({dt:.1f} s)", flush=True)
    else:
        failed += 1
        print(f"FAIL {s['name']} ({dt:.1f} s, exit {rc}): {err.strip()[:1500]}", flush=True)
    if opts.out:
        dest = os.path.join(opts.out, s["name"].replace("/", "__"))
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(work, dest)
        with open(os.path.join(dest, "stdout.txt"), "w") as f:
            f.write(out)
        with open(os.path.join(dest, "command.txt"), "w") as f:
            f.write(" ".join(cmd) + "\n")
    shutil.rmtree(work, ignore_errors=True)
print(f"{ran} ran, {failed} failed")
sys.exit(1 if failed else 0)
