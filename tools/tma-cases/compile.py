#!/usr/bin/env python3
"""Build the TMA kernel cases' module: tests/data/kernels/tma/src/tma.cu through nvcc -ptx -arch=sm_90a
(CUDA 13.0), checked with ptxas -arch=sm_90a, into tests/data/kernels/tma/modules/tma.ptx, with
index.tsv (case name TAB module file) for every spec of tools/tma-cases/tma_specs.py. Run from the
repository root:

    python3 tools/tma-cases/compile.py [NVCC]

NVCC defaults to the pip CUDA 13.0 under /work/cuda-venv; headers from <nvcc>/../include. Exits
non-zero if the build or ptxas fails or a spec's entry is missing from the module."""
import glob, importlib.util, os, re, subprocess, sys

root = os.getcwd()
src_dir = os.path.join(root, "tests/data/kernels/tma/src")
out_dir = os.path.join(root, "tests/data/kernels/tma/modules")
if not os.path.isdir(src_dir):
    sys.exit(__doc__)
nvcc = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else \
    sorted(glob.glob("/work/cuda-venv/lib/python3*/site-packages/nvidia/cu13/bin/nvcc"))[-1]
bindir = os.path.dirname(nvcc)
inc = os.path.join(os.path.dirname(bindir), "include")
spec = importlib.util.spec_from_file_location("tma_specs", os.path.join(root, "tools/tma-cases/tma_specs.py"))
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
os.makedirs(out_dir, exist_ok=True)
env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
built = {}
for src in sorted({s["source"] for s in m.SPECS}):
    name = src.rsplit(".", 1)[0] + ".ptx"
    out = os.path.join(out_dir, name)
    r = subprocess.run([nvcc, "-ptx", "-arch=sm_90a", "-I", inc, src, "-o", out], env=env, cwd=src_dir,
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"nvcc failed on {src}:\n{r.stderr[-2000:]}")
    r = subprocess.run([os.path.join(bindir, "ptxas"), "-arch=sm_90a", out, "-o", os.devnull],
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"ptxas -arch=sm_90a failed on {name}:\n{r.stderr[-2000:]}")
    built[src] = (name, set(re.findall(r"\.entry\s+(\w+)\(", open(out).read())))
bad = 0
names = [s["name"] for s in m.SPECS]
assert len(names) == len(set(names)), "duplicate spec names"
with open(os.path.join(out_dir, "index.tsv"), "w") as f:
    for s in m.SPECS:
        name, entries = built[s["source"]]
        if s["entry"] not in entries:
            print("MISSING ENTRY", s["name"], s["entry"]); bad += 1
        f.write(f"{s['name']}\t{name}\n")
print(f"{len(m.SPECS)} specs, {len(built)} module(s), ptxas -arch=sm_90a OK")
sys.exit(1 if bad else 0)
