#!/usr/bin/env python3
"""Launch every spec of ours_specs.py on the simulator before it goes to the GPU: same modules
(tests/data/kernels/ours/modules, from compile.py), same inputs as the recorder draws them
(numpy default_rng seeded by "<case>/<buffer>"), through `ptxsim run MODULE --entry ...
--grid ... --block ... --shared ... --arg ...`. Prints OK or FAIL per spec, with the
simulator's error text, and a last line `N ran, M failed`.

Run from the repository root (numpy needed, for the inputs):

    python3 tools/generators/kernel-cases/check_sim.py [--sim target/release/ptxsim] [--only SUBSTR]
        [--timeout SECONDS] [--out DIR]

--specs and --modules check another set the same way (the cluster set:
tools/generators/cluster-cases/cluster_specs.py with tests/data/kernels/cluster/modules).

--out DIR keeps, per spec, the inputs, the simulator's printed output (stdout.txt) and each
buffer's bytes after the launch (argK.bin, from ptxsim's --dump)."""
import argparse, importlib.util, os, shutil, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../lib"))
from kernel_inputs import make  # noqa: E402  (the recorder's input generator)
ap = argparse.ArgumentParser()
ap.add_argument("--sim", default="target/release/ptxsim")
ap.add_argument("--only")
ap.add_argument("--timeout", type=float, default=300)
ap.add_argument("--out")
ap.add_argument("--specs", default=os.path.join(here, "ours_specs.py"),
                help="another set's specs (e.g. tools/generators/cluster-cases/cluster_specs.py)")
ap.add_argument("--modules", default="tests/data/kernels/ours/modules",
                help="that set's module folder, with its index.tsv")
opts = ap.parse_args()

spec = importlib.util.spec_from_file_location("specs", opts.specs)
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
mod_dir = opts.modules
index = dict(l.rstrip("\n").split("\t") for l in open(os.path.join(mod_dir, "index.tsv")))

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
