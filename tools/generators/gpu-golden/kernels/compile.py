#!/usr/bin/env python3
"""Compile each spec's source to PTX with nvcc 13.0 (the H100 box's compiler).
usage: compile.py SET SRC_ROOT NVCC_ROOT   -> modules/SET/<stem>.ptx beside this file
SET is llmc or samples (reads SET_specs.py beside this file)."""
import importlib.util, os, subprocess, sys, re, collections
here = os.path.dirname(os.path.abspath(__file__))
setname, src_root, cu = sys.argv[1], sys.argv[2], sys.argv[3]
spec = importlib.util.spec_from_file_location("s", f"{here}/{setname}_specs.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
out_dir = f"{here}/modules/{setname}"; os.makedirs(out_dir, exist_ok=True)
by_src = collections.defaultdict(list)
for s in m.SPECS:
    by_src[(s["source"], tuple(s.get("nvcc_flags", [])))].append(s)
env = dict(os.environ, PATH=f"{cu}/bin:" + os.environ["PATH"])
ok = bad = 0
for (src, flags), specs in by_src.items():
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", src.rsplit(".", 1)[0].replace("/", "__"))
    if flags:
        stem += "__" + re.sub(r"[^A-Za-z0-9_]", "", "_".join(flags))[:40]
    out = f"{out_dir}/{stem}.ptx"
    inc = ["-I", f"{cu}/include", "-I", os.path.dirname(f"{src_root}/{src}"), "-I", f"{src_root}/Common", "-I", f"{src_root}/dev/cuda"]
    r = subprocess.run(["nvcc", "-ptx", "-arch=sm_90", *inc, *flags, f"{src_root}/{src}", "-o", out], env=env, capture_output=True, text=True)
    if r.returncode:
        print("FAIL", src, r.stderr[-400:]); bad += len(specs); continue
    text = open(out).read()
    for s in specs:
        if f".entry {s['entry']}(" not in text:
            print("NO ENTRY", s["name"], s["entry"]); bad += 1
        else:
            s_mod = os.path.relpath(out, here); ok += 1
    with open(f"{out_dir}/index.tsv", "a") as f:
        for s in specs:
            f.write(f"{s['name']}\t{os.path.basename(out)}\n")
print(f"{ok} specs with modules, {bad} failed")
