#!/usr/bin/env python3
"""What `tensormap.replace` writes into a tensor map, recorded on the GPU (the device machine).

A base map is encoded by the driver (`cuTensorMapEncodeTiled`, rank 5, through probe.py's `Driver`);
then, for every field, `ord` and a spread of new values, one kernel (compiled by NVRTC through CuPy,
for sm_90a) runs `tensormap.replace.tile.<field>.global.b1024.<type> [map], {ord,} value;` on a copy
of the base map in global memory, and the 128 bytes are read back. One JSON line per launch:
field, type, ord, value, the bytes before and after (hex); a field the compiler refuses is one line
with its error. The simulator replays every line (`ptx-sim/tests/tensormap_replace.rs`).

    python3 tools/generators/tensormap-probe/replace_probe.py OUT.jsonl.gz
"""
import ctypes
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe import Driver, tiled_params  # noqa: E402

import cupy as cp  # noqa: E402

# field -> (type, ords, values)
FIELDS = {
    "global_address": ("b64", [None], [0x7F0000002000, 0x7F0000000010, 0x10, 0x123456789AB0]),
    "rank": ("b32", [None], [0, 1, 2, 3, 4, 5]),
    "box_dim": ("b32", [0, 1, 2, 3, 4], [1, 2, 8, 64, 255, 256]),
    "global_dim": ("b32", [0, 1, 2, 3, 4], [1, 2, 1000, 65536, 0xFFFFFFFF]),
    "global_stride": ("b64", [0, 1, 2, 3], [16, 32, 4096, 1 << 20, 1 << 39, 0xFFFFFFFFF0]),
    "element_stride": ("b32", [0, 1, 2, 3, 4], [1, 2, 3, 8]),
    # field3: ptxas 13.0 takes only an immediate, in range (elemtype 0-12, interleave 0-2, swizzle
    # 0-3, fill 0-1); `.swizzle_atomicity` is not on sm_90a.
    "elemtype": ("b32", [None], list(range(13))),
    "interleave_layout": ("b32", [None], [0, 1, 2]),
    "swizzle_mode": ("b32", [None], [0, 1, 2, 3]),
    "fill_mode": ("b32", [None], [0, 1]),
}
IMMEDIATE = {"elemtype", "interleave_layout", "swizzle_mode", "fill_mode"}


def kernel_source(field, ty, ord_, imm=None):
    """One kernel `k(map, v)`: the replace of `field` (at `ord_`) by `v`, or by the immediate `imm`."""
    reg = "l" if ty == "b64" else "r"
    ctype = "unsigned long long" if ty == "b64" else "unsigned"
    ordpart = f"{ord_}, " if ord_ is not None else ""
    value = str(imm) if imm is not None else "%1"
    return (
        f'extern "C" __global__ void k(unsigned char *map, {ctype} v) {{\n'
        f'  asm volatile("tensormap.replace.tile.{field}.global.b1024.{ty} [%0], {ordpart}{value};"'
        f' :: "l"(map), "{reg}"(v) : "memory");\n'
        "}\n"
    )


def main():
    out = sys.argv[1]
    drv = Driver()
    # The base: f16, rank 5, a box and strides with every field distinct.
    p = tiled_params(6, [256, 48, 20, 6, 3], [64, 8, 4, 2, 1], es=[1, 2, 1, 1, 1], swizzle=3, oob=0)
    host = (ctypes.c_ubyte * 128)()
    drv.check(drv.encode("tiled", ctypes.addressof(host), p), "cuTensorMapEncodeTiled")
    base = bytes(host)
    lines = []
    dev = cp.zeros(256, dtype=cp.uint8)
    # A 128-byte aligned window of `dev`.
    ptr = (dev.data.ptr + 127) // 128 * 128
    off = ptr - dev.data.ptr
    for field, (ty, ords, values) in FIELDS.items():
        for ord_ in ords:
            kernels = {}
            for imm in values if field in IMMEDIATE else [None]:
                src = kernel_source(field, ty, ord_, imm)
                try:
                    kernels[imm] = cp.RawModule(code=src, options=("-arch=sm_90a",)).get_function("k")
                except Exception as e:  # noqa: BLE001 - a form this toolkit refuses
                    lines.append({"field": field, "type": ty, "ord": ord_, "imm": imm, "error": str(e)[:400]})
                    print(f"{field} ord {ord_} {imm}: refused", flush=True)
            for v in values:
                k = kernels.get(v if field in IMMEDIATE else None)
                if k is None:
                    continue
                dev[off:off + 128] = cp.asarray(bytearray(base), dtype=cp.uint8)
                arg = cp.uint64(v) if ty == "b64" else cp.uint32(v & 0xFFFFFFFF)
                k((1,), (1,), (cp.uint64(ptr), arg))
                cp.cuda.Device().synchronize()
                after = bytes(cp.asnumpy(dev[off:off + 128]))
                lines.append({"field": field, "type": ty, "ord": ord_, "value": v,
                              "before": base.hex(), "after": after.hex()})
            print(f"{field} ord {ord_}: {len(values)} values", flush=True)
    with gzip.open(out, "wt") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")
    print(f"{len(lines)} lines, base map {base.hex()}", flush=True)


if __name__ == "__main__":
    main()
