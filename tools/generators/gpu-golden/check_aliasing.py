#!/usr/bin/env python3
"""No-GPU check: compile each form to PTX with NVRTC and verify that the registers NVVM gave the
form's outputs differ from those of its inputs (and from each other), so that templates which
write an output before reading their last input are safe.

Usage: check_aliasing.py [--forms base|extra|all] [--jobs N]    (needs libnvrtc, see README.md)
"""
import argparse
import ctypes
import multiprocessing as mp
import re
import sys

import record

FORMS = []


def ptx_of(src):
    lib = record.nvrtc_lib()
    prog = ctypes.c_void_p()
    lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"k.cu", 0, None, None)
    opts = (ctypes.c_char_p * 1)(b"--gpu-architecture=sm_90")
    lib.nvrtcCompileProgram(prog, 1, opts)
    n = ctypes.c_size_t()
    lib.nvrtcGetPTXSize(prog, ctypes.byref(n))
    buf = ctypes.create_string_buffer(n.value)
    lib.nvrtcGetPTX(prog, buf)
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return buf.value.decode()


def check(f):
    src, _ = record.build(f, 0)
    blocks = re.findall(r"// begin inline asm\n(.*?)\n\s*// end inline asm", ptx_of(src), re.S)
    if len(blocks) < 2:
        return f["name"], "no PTX (does it compile?)"
    pat, seen = "", set()
    for tok in re.split(r"(%%|%\d+)", f["asm"]):
        if tok == "%%":
            pat += "%"
        elif re.fullmatch(r"%\d+", tok):
            k = int(tok[1:])
            pat += f"(?P=o{k})" if k in seen else rf"(?P<o{k}>%\w+|[-0-9a-fx.]+)"
            seen.add(k)
        else:
            pat += re.sub(r"\\ ", r"\\s*", re.escape(tok))
    m = re.fullmatch(r"\s*" + pat + r"\s*", blocks[1].strip(), re.S)
    if not m:
        return f["name"], "template not found in the PTX"
    reg = {k: m.group(f"o{k}") for k in range(len(f["cons"]))}
    outs = [k for k, c in enumerate(f["cons"]) if c[0] in "=+"]
    ins = [k for k, c in enumerate(f["cons"]) if c[0] != "="]
    bad = [(o, i) for o in outs for i in ins if i != o and reg[o] == reg[i]]
    bad += [(o, p) for o in outs for p in outs if o < p and reg[o] == reg[p]]
    return (f["name"], f"operands share a register: {bad}") if bad else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--forms", default="extra")
    ap.add_argument("--jobs", type=int, default=mp.cpu_count())
    a = ap.parse_args()
    if not record.nvrtc_lib():
        raise SystemExit("no libnvrtc found")
    forms = record.load_forms(a.forms)
    with mp.get_context("fork").Pool(a.jobs) as pool:
        bad = [r for r in pool.map(check, forms, chunksize=8) if r]
    for name, why in bad:
        print(f"{name}: {why}")
    print(f"{len(forms) - len(bad)} passed, {len(bad)} failed")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
