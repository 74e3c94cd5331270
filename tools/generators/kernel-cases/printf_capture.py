#!/usr/bin/env python3
"""What the H100 prints: launch every spec of ours_specs.py whose name has "printf" in it once,
with the recorder's inputs, and write what the kernel printed between marker lines
`=== NAME` to stdout (runs on the device machine; record_ours.sh calls it).

usage: printf_capture.py SET_DIR   (the folder record_ours.sh laid out: record.py, kernel_inputs.py, ours_specs.py,
       modules/ours/)"""
import ctypes, importlib.util, os, sys

import cupy as cp

set_dir = sys.argv[1]
sys.path.insert(0, set_dir)
spec = importlib.util.spec_from_file_location("s", os.path.join(set_dir, "ours_specs.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
from kernel_inputs import make, SC  # noqa: E402  (the recorder's input generator, beside it)
index = dict(l.rstrip("\n").split("\t") for l in open(os.path.join(set_dir, "modules/ours/index.tsv")))
libc = ctypes.CDLL(None)
for s in m.SPECS:
    if "printf" not in s["name"]:
        continue
    os.write(1, f"=== {s['name']}\n".encode())
    mod = cp.RawModule(path=os.path.join(set_dir, "modules/ours", index[s["name"]]))
    fn = mod.get_function(s["entry"])
    dev = {k: cp.asarray(make(s["name"], k, b)) for k, b in s["buffers"].items()}
    args = []
    for a in s["args"]:
        if "buf" in a:
            args.append(dev[a["buf"]])
        else:
            (t, v), = a.items()
            args.append(SC[t](v))
    fn(tuple(s["grid"]), tuple(s["block"]), tuple(args), shared_mem=s.get("shared_bytes", 0))
    cp.cuda.Device().synchronize()
    libc.fflush(None)
os.write(1, b"=== end\n")
