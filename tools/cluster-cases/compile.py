#!/usr/bin/env python3
"""Build the modules of cluster_specs.py: every .cu source under tests/data/kernels/cluster/src
through nvcc -ptx -arch=sm_90a into tests/data/kernels/cluster/modules/, with index.tsv (case
name TAB module file), then check each module with ptxas -arch=sm_90a and each spec against its
module: the entry exists, and its .reqnctapercluster is the spec's "reqnctapercluster" (no
.reqnctapercluster / .explicitcluster where that is None).

Run from the repository root, with the nvcc of CUDA 13.0 (pip nvidia-cuda-nvcc 13.0.88):

    python3 tools/cluster-cases/compile.py [NVCC]

NVCC defaults to /work/cuda-venv/lib/python3*/site-packages/nvidia/cu13/bin/nvcc; the CUDA
headers are taken from <nvcc>/../../include (the pip layout: cu13/bin, cu13/include) and ptxas
from beside nvcc. Exits non-zero if a source fails to build or a check fails."""
import glob, importlib.util, os, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.getcwd()
src_root = os.path.join(root, "tests/data/kernels/cluster/src")
out_dir = os.path.join(root, "tests/data/kernels/cluster/modules")
if len(sys.argv) > 2 or not os.path.isdir(src_root):
    sys.exit(__doc__)
if len(sys.argv) == 2:
    nvcc = os.path.abspath(sys.argv[1])
else:
    found = sorted(glob.glob("/work/cuda-venv/lib/python3*/site-packages/nvidia/cu13/bin/nvcc"))
    if not found:
        sys.exit("no nvcc found; pass its path\n" + __doc__)
    nvcc = found[0]
cu = os.path.dirname(os.path.dirname(nvcc))
ptxas = os.path.join(os.path.dirname(nvcc), "ptxas")

spec = importlib.util.spec_from_file_location("cluster_specs", os.path.join(here, "cluster_specs.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
os.makedirs(out_dir, exist_ok=True)

env = dict(os.environ, PATH=os.path.dirname(nvcc) + os.pathsep + os.environ.get("PATH", ""))
built = {}  # (source, flags) -> module file name
owner = {}  # module file name -> (source, flags)
index, bad = [], 0


def entry_header(text, entry):
    """The text of an entry's declaration up to its body's opening brace (its directives)."""
    mt = re.search(rf"\.entry\s+{re.escape(entry)}\s*\(", text)
    if not mt:
        return None
    close = text.index(")", mt.end())
    return text[mt.start():text.index("{", close)]


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
        # Relative source path, run in the source folder (cluster_ptx.h is found beside it).
        cmd = [nvcc, "-ptx", "-arch=sm_90a", "-I", os.path.join(cu, "include"), *flags, src, "-o", out]
        r = subprocess.run(cmd, env=env, cwd=src_root, capture_output=True, text=True)
        if r.returncode:
            print("FAIL nvcc", src, " ".join(flags), r.stderr[-1000:])
            bad += 1
            continue
        r = subprocess.run([ptxas, "-arch=sm_90a", "-o", os.devnull, out], capture_output=True, text=True)
        if r.returncode:
            print("FAIL ptxas", name, r.stderr[-1000:])
            bad += 1
            continue
        built[key] = name
    if key not in built:
        bad += 1
        continue
    text = open(os.path.join(out_dir, built[key])).read()
    head = entry_header(text, s["entry"])
    if head is None:
        print("NO ENTRY", s["name"], s["entry"], "in", built[key])
        bad += 1
        continue
    req = re.search(r"\.reqnctapercluster\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", head)
    got = [int(x) for x in req.groups()] if req else None
    if got != s["reqnctapercluster"]:
        print("CLUSTER MISMATCH", s["name"], "spec", s["reqnctapercluster"], "module", got)
        bad += 1
        continue
    if got is None and ".explicitcluster" in head:
        print("UNEXPECTED .explicitcluster", s["name"])
        bad += 1
        continue
    index.append(f"{s['name']}\t{built[key]}\n")

with open(os.path.join(out_dir, "index.tsv"), "w") as f:
    f.writelines(index)
print(f"{len(index)} specs with modules ({len(built)} modules in {os.path.relpath(out_dir, root)}), {bad} failed")
sys.exit(1 if bad else 0)
