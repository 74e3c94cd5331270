#!/usr/bin/env python3
"""Build the modules of ours_specs.py: every .cu source through nvcc -ptx -arch=sm_90 (plus the
spec's nvcc_flags, e.g. -lineinfo), every "ptx": True source copied as it is; all into
tests/data/kernels/ours/modules/, with index.tsv (case name TAB module file).

Run from the repository root, with the nvcc of CUDA 13.0 (pip nvidia-cuda-nvcc==13.0.88):

    python3 tools/kernel-cases/compile.py /work/cuda/lib/python3.11/site-packages/nvidia/cu13/bin/nvcc

The CUDA headers are taken from <nvcc>/../../include (the pip layout: cu13/bin, cu13/include).
Sources: tests/data/kernels/src. Exits non-zero if a source fails to build or a spec's entry is
not in its module."""
import importlib.util, os, re, shutil, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.getcwd()
src_root = os.path.join(root, "tests/data/kernels/src")
out_dir = os.path.join(root, "tests/data/kernels/ours/modules")
if len(sys.argv) != 2 or not os.path.isdir(src_root):
    sys.exit(__doc__)
nvcc = os.path.abspath(sys.argv[1])
cu = os.path.dirname(os.path.dirname(nvcc))

spec = importlib.util.spec_from_file_location("ours_specs", os.path.join(here, "ours_specs.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
os.makedirs(out_dir, exist_ok=True)

env = dict(os.environ, PATH=os.path.dirname(nvcc) + os.pathsep + os.environ.get("PATH", ""))
built = {}  # (source, flags) -> module file name
owner = {}  # module file name -> (source, flags), to catch two builds writing one file
index, bad = [], 0
for s in m.SPECS:
    src, flags = s["source"], tuple(s.get("nvcc_flags", []))
    key = (src, flags)
    if key not in built:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", src.rsplit(".", 1)[0].replace("/", "__"))
        if flags:
            stem += "__" + re.sub(r"[^A-Za-z0-9_]", "", "_".join(flags))[:40]
        name = stem + ".ptx"
        if owner.setdefault(name, key) != key:
            sys.exit(f"{src} {flags} and {owner[name]} would both write {name}")
        out = os.path.join(out_dir, name)
        if s.get("ptx"):
            if flags:
                sys.exit(f"{s['name']}: a PTX source takes no nvcc flags")
            shutil.copyfile(os.path.join(src_root, src), out)
        else:
            # Run in the source folder with a relative path, so that -lineinfo's .file names
            # the source as "calls.cu", not as a path of this machine.
            cmd = [nvcc, "-ptx", "-arch=sm_90", "-I", os.path.join(cu, "include"), *flags, src, "-o", out]
            r = subprocess.run(cmd, env=env, cwd=src_root, capture_output=True, text=True)
            if r.returncode:
                print("FAIL", src, " ".join(flags), r.stderr[-1000:])
                bad += 1
                continue
        built[key] = name
    if key not in built:
        bad += 1
        continue
    text = open(os.path.join(out_dir, built[key])).read()
    if not re.search(rf"\.entry\s+{re.escape(s['entry'])}\s*\(", text):
        print("NO ENTRY", s["name"], s["entry"], "in", built[key])
        bad += 1
        continue
    index.append(f"{s['name']}\t{built[key]}\n")

with open(os.path.join(out_dir, "index.tsv"), "w") as f:
    f.writelines(index)
print(f"{len(index)} specs with modules ({len(built)} modules in {os.path.relpath(out_dir, root)}), {bad} failed")
sys.exit(1 if bad else 0)
