"""The kernel recorder's inputs: every buffer of a kernel-case spec drawn from numpy's default_rng,
seeded by "<case name>/<buffer name>", so that the recorder on the GPU
(tools/generators/gpu-golden/kernels/record.py), the simulator's check (check_sim.py) and the printf
capture (printf_capture.py) draw the same bytes. The record.sh scripts copy this file beside
record.py on the device machine, which sees only the folder they lay out.

    from kernel_inputs import make, SC
    host = {k: make(spec["name"], k, b) for k, b in spec["buffers"].items()}"""
import hashlib

import numpy as np

# A buffer's element type by its spec dtype (bf16 as its bit pattern).
NP = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": np.uint16, "i8": np.int8, "u8": np.uint8,
      "i16": np.int16, "u16": np.uint16, "i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64}
# A scalar argument's type by its spec dtype.
SC = {"i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64, "f32": np.float32, "f64": np.float64}


def make(name, bname, b):
    """Buffer `bname` of case `name` as its spec `b` says (dtype, len, init: zeros, normal,
    uniform:LO:HI, randint:LO:HI, arange or const:V)."""
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
