#!/usr/bin/env python3
"""Read the probe files `probe.py` wrote back into numpy arrays.

    from decode import load
    probes = load("part0.pkl", "part1.pkl")   # {name: (inputs, outputs)}
"""

import lzma
import pickle

import numpy as np

M32 = np.uint64(0xFFFFFFFF)


def scrambled(i, salt):
    """The device's `scrambled(i, salt)` (probe.py), on arrays of u32 `i`."""
    x = (i.astype(np.uint64) * np.uint64(0x9E3779B1) + np.uint64(salt)) & M32
    x ^= x >> np.uint64(15)
    x = (x * np.uint64(0x85EBCA77)) & M32
    x ^= x >> np.uint64(13)
    x = (x * np.uint64(0xC2B2AE3D)) & M32
    x ^= x >> np.uint64(16)
    return x.astype(np.uint32)


def inputs(meta):
    n, start = meta["count"], meta["start"]
    i = np.arange(n, dtype=np.uint32)
    shape = meta["shape"]
    if meta["kind"] == "run":
        x = (np.uint64(start) + i.astype(np.uint64)) & M32
        return x.astype(np.uint16 if shape == "b16" else np.uint32)
    if shape == "f32x2":
        return np.stack([scrambled(i, start), scrambled(i, (~start) & 0xFFFFFFFF)], 1)
    if shape == "f64":
        hi = scrambled(i, start).astype(np.uint64)
        lo = scrambled(i, (~start) & 0xFFFFFFFF).astype(np.uint64)
        return (hi << np.uint64(32)) | lo
    return scrambled(i, start)


def outputs(meta):
    arr = np.frombuffer(lzma.decompress(meta["data"]), dtype=meta["dtype"])
    if meta["delta"]:
        arr = np.cumsum(arr.astype(np.int64))
        arr = arr.astype(np.uint64)
        return arr.astype(np.uint32)
    return arr


def load(*paths):
    out = {}
    for p in paths:
        with open(p, "rb") as fh:
            for name, meta in pickle.load(fh).items():
                out[name] = (inputs(meta), outputs(meta), meta["op"])
    return out
