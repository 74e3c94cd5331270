#!/usr/bin/env python3
"""Record what the H100's special function unit returns, in bulk.

Runs on the device machine (CuPy, CUDA 13.0):

    python3 tools/generators/sfu-probe/probe.py OUTDIR              # the first call
    python3 tools/generators/sfu-probe/probe.py OUTDIR --only tanh2 # the second

Each probe applies one PTX instruction to a contiguous run of encodings
(`start .. start + count`, consecutive floats of one or more binades) or to
pseudo-random encodings (`hash(i)`, reproducible from the index alone, see
`scrambled`), and saves the results.  Contiguous runs are stored as the
difference between consecutive results (small integers that compress well),
random runs as the results themselves.  Everything goes into a few
`.pkl.xz` files of dicts:

    {name: {"op": ptx, "kind": "run"|"hash", "start": int, "count": int,
            "width": 16|32|64, "delta": bool, "data": bytes}}

`tools/generators/sfu-probe/decode.py` turns them back into arrays.
"""

import lzma
import os
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor

import cupy as cp
import numpy as np

OUT = sys.argv[1] if len(sys.argv) > 1 else "out"
os.makedirs(OUT, exist_ok=True)

SRC = r"""
__device__ __forceinline__ unsigned scrambled(unsigned i, unsigned salt) {
    // A bijection of the 32-bit index (odd multiply, xorshift, odd multiply).
    unsigned x = i * 0x9E3779B1u + salt;
    x ^= x >> 15; x *= 0x85EBCA77u; x ^= x >> 13; x *= 0xC2B2AE3Du; x ^= x >> 16;
    return x;
}
extern "C" __global__ void f32(unsigned *out, unsigned start, unsigned n, int hashed) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = hashed ? scrambled(i, start) : start + i;
    float x = __int_as_float(a), y;
    asm volatile("OP %0, %1;" : "=f"(y) : "f"(x));
    out[i] = __float_as_int(y);
}
extern "C" __global__ void f32x2(unsigned *out, unsigned start, unsigned n, int hashed) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = __int_as_float(scrambled(i, start)), b = __int_as_float(scrambled(i, ~start)), y;
    asm volatile("OP %0, %1, %2;" : "=f"(y) : "f"(a), "f"(b));
    out[i] = __float_as_int(y);
}
extern "C" __global__ void b16(unsigned short *out, unsigned start, unsigned n, int hashed) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned short x = (unsigned short)(start + i), y;
    asm volatile("OP %0, %1;" : "=h"(y) : "h"(x));
    out[i] = y;
}
extern "C" __global__ void b32(unsigned *out, unsigned start, unsigned n, int hashed) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = hashed ? scrambled(i, start) : start + i, y;
    asm volatile("OP %0, %1;" : "=r"(y) : "r"(x));
    out[i] = y;
}
extern "C" __global__ void f64hi(unsigned *out, unsigned start, unsigned n, int hashed) {
    // The operand's upper word runs over the encodings; the lower word is 0.
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned hi = hashed ? scrambled(i, start) : start + i;
    double x = __hiloint2double((int)hi, 0), y;
    asm volatile("OP %0, %1;" : "=d"(y) : "d"(x));
    out[i] = (unsigned)__double2hiint(y);
    if ((unsigned)__double2loint(y) != 0u) out[i] = 0xDEADBEEFu;  // never seen
}
extern "C" __global__ void f64(unsigned long long *out, unsigned start, unsigned n, int hashed) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long a = ((unsigned long long)scrambled(i, start) << 32) | scrambled(i, ~start);
    double x = __longlong_as_double((long long)a), y;
    asm volatile("OP %0, %1;" : "=d"(y) : "d"(x));
    out[i] = (unsigned long long)__double_as_longlong(y);
}
"""

_kernels = {}


def source(shape, op):
    """The helper and the one kernel of `shape`, with `op` in its asm."""
    parts = SRC.split('extern "C"')
    body = next(p for p in parts[1:] if f" {shape}(" in p)
    return parts[0] + 'extern "C"' + body.replace("OP", op)


def kernel(shape, op):
    key = (shape, op)
    if key not in _kernels:
        mod = cp.RawModule(code=source(shape, op), options=("-arch=sm_90",))
        _kernels[key] = mod.get_function(shape)
    return _kernels[key]


def launch(shape, op, start, count, hashed):
    dtype = {"b16": cp.uint16, "f64": cp.uint64}.get(shape, cp.uint32)
    out = cp.empty(count, dtype=dtype)
    threads = 256
    kernel(shape, op)(
        ((count + threads - 1) // threads,),
        (threads,),
        (out, np.uint32(start), np.uint32(count), np.int32(1 if hashed else 0)),
    )
    return cp.asnumpy(out)


def f32bits(x):
    return int(np.float32(x).view(np.uint32))


def binade(lo):
    """Every f32 encoding of the binade starting at `lo` (positive)."""
    return f32bits(lo), 1 << 23


PROBES = []  # (file, name, shape, op, start, count, hashed)


def run(file, name, shape, op, start, count):
    PROBES.append((file, name, shape, op, start, count, False))


def hashed(file, name, shape, op, salt, count):
    PROBES.append((file, name, shape, op, salt, count, True))


# The MUFU primitives, each reached through the PTX form that compiles to it
# alone (cuobjdump of ptxas 13.0 sm_90: rcp/rsqrt/sqrt/lg2/ex2 .approx.ftz.f32
# are one MUFU each, tanh.approx.f32 is MUFU.TANH, sin/cos are FMUL.RZ by
# 1/2pi then MUFU.SIN/COS).
run("rcp", "rcp[1,2)", "f32", "rcp.approx.ftz.f32", *binade(1.0))
run("rcp", "rcp[2^126,2^127)", "f32", "rcp.approx.ftz.f32", *binade(2.0**126))
run("rsq", "rsqrt[1,2)", "f32", "rsqrt.approx.ftz.f32", *binade(1.0))
run("rsq", "rsqrt[2,4)", "f32", "rsqrt.approx.ftz.f32", *binade(2.0))
run("sqrt", "sqrt[1,2)", "f32", "sqrt.approx.ftz.f32", *binade(1.0))
run("sqrt", "sqrt[2,4)", "f32", "sqrt.approx.ftz.f32", *binade(2.0))
for lo in (1.0, 0.5, 2.0, 2.0**-126, 2.0**64):
    run("lg2", f"lg2[{lo},)", "f32", "lg2.approx.ftz.f32", *binade(lo))
for lo in (1.0, 0.5, -0.5, -1.0, 0.25, 2.0**-10, 64.0, -64.0):
    s, n = binade(abs(lo))
    if lo < 0:
        s |= 0x8000_0000
    run("ex2", f"ex2[{lo},)", "f32", "ex2.approx.ftz.f32", s, n)
for fn in ("sin", "cos"):
    for lo in (4.0, 2.0, 1.0, 0.5, 2.0**-10, 64.0):
        run(fn, f"{fn}[{lo},)", "f32", f"{fn}.approx.ftz.f32", *binade(lo))
for lo in (1.0, 0.5, 0.25, 2.0, 4.0, 2.0**-8, 2.0**-20):
    run("tanh", f"tanh[{lo},)", "f32", "tanh.approx.f32", *binade(lo))
# The rest of tanh's binades, 2^-9 to 8 (recorded in a second call, with
# `--only tanh2`).
for e in (-9, -7, -6, -5, -4, -3, 3):
    run("tanh2", f"tanh[2^{e},)", "f32", "tanh.approx.f32", *binade(2.0**e))

# Pseudo-random encodings of every f32 form, ftz and not (the non-ftz forms
# and sin/cos are short SASS sequences around the MUFU primitives).
F32_FORMS = [
    "rcp.approx.f32", "rcp.approx.ftz.f32", "sqrt.approx.f32", "sqrt.approx.ftz.f32",
    "rsqrt.approx.f32", "rsqrt.approx.ftz.f32", "lg2.approx.f32", "lg2.approx.ftz.f32",
    "ex2.approx.f32", "ex2.approx.ftz.f32", "sin.approx.f32", "sin.approx.ftz.f32",
    "cos.approx.f32", "cos.approx.ftz.f32", "tanh.approx.f32",
]
for form in F32_FORMS:
    hashed("random", f"{form}#hash", "f32", form, 0x5EED, 1 << 18)
for form in ("div.approx.f32", "div.approx.ftz.f32", "div.full.f32", "div.full.ftz.f32"):
    hashed("random", f"{form}#hash2", "f32x2", form, 0x5EED, 1 << 18)

# The 16-bit forms, every encoding; the x2 forms on pairs.
for form in ("ex2.approx.f16", "ex2.approx.ftz.bf16", "tanh.approx.f16", "tanh.approx.bf16"):
    run("half", form, "b16", form, 0, 1 << 16)
for form in ("ex2.approx.f16x2", "ex2.approx.ftz.bf16x2", "tanh.approx.f16x2", "tanh.approx.bf16x2"):
    hashed("half", f"{form}#hash", "b32", form, 0x5EED, 1 << 20)

# The f64 forms: RCP64H and RSQ64H over upper words, and the full rsqrt.f64.
run("f64", "rcp.approx.ftz.f64[1,2)", "f64hi", "rcp.approx.ftz.f64", 0x3FF0_0000, 1 << 20)
run("f64", "rsqrt.approx.ftz.f64[1,4)", "f64hi", "rsqrt.approx.ftz.f64", 0x3FF0_0000, 1 << 21)
hashed("f64", "rcp.approx.ftz.f64#hash", "f64hi", "rcp.approx.ftz.f64", 0x5EED, 1 << 18)
hashed("f64", "rsqrt.approx.ftz.f64#hash", "f64hi", "rsqrt.approx.ftz.f64", 0x5EED, 1 << 18)
hashed("f64", "rsqrt.approx.f64#hash", "f64", "rsqrt.approx.f64", 0x5EED, 1 << 18)


def pack(item):
    name, meta, arr = item
    if meta["delta"]:
        wide = arr.astype(np.int64)
        d = np.diff(wide, prepend=np.int64(0))
        arr = d.astype(np.int32) if np.abs(d[1:]).max(initial=0) < 2**31 else d
        meta["dtype"] = str(arr.dtype)
    else:
        meta["dtype"] = str(arr.dtype)
    meta["data"] = lzma.compress(arr.tobytes(), preset=9)
    return name, meta


def main():
    files = {}
    only = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--only" else None
    for file, name, shape, op, start, count, is_hash in PROBES:
        if (only is None and file == "tanh2") or (only is not None and file != only):
            continue
        arr = launch(shape, op, start, count, is_hash)
        meta = {"op": op, "shape": shape, "kind": "hash" if is_hash else "run",
                "start": start, "count": count, "delta": not is_hash and shape != "b16"}
        files.setdefault(file, []).append((name, meta, arr))
        print(f"{name}: {count} results", flush=True)
    cp.cuda.runtime.deviceSynchronize()
    items = [item for group in files.values() for item in group]
    with ProcessPoolExecutor(16) as pool:
        packed = list(pool.map(pack, items))
    # At most 8 files of at most 16 MiB come back: pack greedily, in order.
    limit, parts, size = 15 << 20, [{}], 0
    for name, meta in packed:
        n = len(meta["data"])
        print(f"{name}: {n} bytes packed", flush=True)
        if n > limit:
            print(f"{name}: DROPPED, over {limit} bytes", flush=True)
            continue
        if size + n > limit:
            parts.append({})
            size = 0
        parts[-1][name] = meta
        size += n
    for k, part in enumerate(parts):
        path = os.path.join(OUT, f"part{k}.pkl")
        with open(path, "wb") as fh:
            pickle.dump(part, fh)
        print(f"{path}: {os.path.getsize(path)} bytes, {len(part)} probes", flush=True)


if __name__ == "__main__":
    main()
