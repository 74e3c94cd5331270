#!/usr/bin/env python3
"""Builds the module of hopper_specs.py: tests/data/kernels/hopper/src/ws_gemm.cu through CUDA
13.0's nvcc -ptx -arch=sm_90a (wgmma and setmaxnreg need the "a" target) into
tests/data/kernels/hopper/modules/ws_gemm.ptx, with index.tsv (case name TAB module file), then
checks the module with ptxas -arch=sm_90a and that each spec's entry is in it.

Run from the repository root (nvcc defaults to the pip install in /work/cuda-venv):

    python3 tools/hopper-gemm/compile.py [/path/to/cu13/bin/nvcc]

The CUDA headers (cuda.h, for CUtensorMap) are taken from <nvcc>/../include (the pip layout:
cu13/bin, cu13/include). nvcc runs in the source's folder so that the module does not depend on
where the checkout lies; its output is the committed ws_gemm.ptx byte for byte."""
import glob, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
src_dir = "tests/data/kernels/hopper/src"
out_dir = "tests/data/kernels/hopper/modules"
if len(sys.argv) > 2 or not os.path.isdir(src_dir):
    sys.exit(__doc__)
if len(sys.argv) == 2:
    nvcc = os.path.abspath(sys.argv[1])
else:
    found = sorted(glob.glob("/work/cuda-venv/lib/python3*/site-packages/nvidia/cu13/bin/nvcc"))
    if not found:
        sys.exit("no nvcc given and none in /work/cuda-venv\n" + __doc__)
    nvcc = found[-1]
cu13 = os.path.dirname(os.path.dirname(nvcc))
ptxas = os.path.join(cu13, "bin", "ptxas")

ns = {}
exec(open(os.path.join(here, "hopper_specs.py")).read(), ns)
specs = ns["SPECS"]
os.makedirs(out_dir, exist_ok=True)
index, built, bad = [], {}, 0
for spec in specs:
    source = spec["source"]
    module = os.path.splitext(source)[0] + ".ptx"
    if source not in built:
        out = os.path.abspath(os.path.join(out_dir, module))
        cmd = [nvcc, "-ptx", "-arch=sm_90a", "-I", os.path.join(cu13, "include"),
               *spec.get("nvcc_flags", []), source, "-o", out]
        r = subprocess.run(cmd, cwd=src_dir)
        if r.returncode == 0:
            r = subprocess.run([ptxas, "-arch=sm_90a", "-o", "/dev/null", out])
            if r.returncode != 0:
                print(f"{source}: ptxas refuses {module}", file=sys.stderr)
        else:
            print(f"{source}: nvcc failed", file=sys.stderr)
        built[source] = r.returncode == 0
    if not built[source]:
        bad += 1
        continue
    text = open(os.path.join(out_dir, module)).read()
    if f".entry {spec['entry']}(" not in text:
        print(f"{spec['name']}: no .entry {spec['entry']} in {module}", file=sys.stderr)
        bad += 1
        continue
    index.append(f"{spec['name']}\t{module}\n")
with open(os.path.join(out_dir, "index.tsv"), "w") as f:
    f.writelines(index)
print(f"{len(index)} cases, {sum(built.values())} modules built, {bad} failed")
sys.exit(1 if bad else 0)
