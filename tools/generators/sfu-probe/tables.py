#!/usr/bin/env python3
"""Turn the probe records into the simulator's special-function tables.

    python3 tools/generators/sfu-probe/tables.py PART0.pkl PART1.pkl ... 

writes `ptx-sim/src/sem/approx/tables/*.bin` and prints what each holds.

A table is one binade's worth of the H100's results (the result's encoding
for every operand mantissa; what each table covers is in
`docs/special-functions.md`).  It is stored as what the hardware evidently
does, a piecewise quadratic in the mantissa, plus the list of places where
the hardware's last bit differs from the quadratic:

    b"SFU1", u32 log2(entries), u32 log2(segments),
    per segment: i64 c0, i64 c1, i64 c2,
    u32 exceptions, then per exception a LEB128 of (gap << 1 | up),

where, for entry `k` in segment `s` at offset `j`,

    model(k) = (c0 + ((c1 * j) >> 16) + ((((c2 * j) >> 16) * j) >> 32)) >> 24

(arithmetic shifts on exact integers), the result is `model(k) + 1` or
`model(k) - 1` (`up` says which) at the listed entries and `model(k)`
elsewhere, and `gap` counts the entries skipped since the previous
exception.  The 16-bit tables are the 65,536 results, little-endian.

The tables of `LG2`, `SIN` and `TANH` are stored whole ("dense"): a list
of parts and their results, each result as the difference from the one
before (zigzag LEB128), deflated:

    b"SFUD", u32 parts, per part u32 log2(entries), then a zlib stream.
"""

import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from decode import load  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "../../../ptx-sim/src/sem/approx/tables")

# (table, log2 segments, probe names whose results are concatenated)
TABLES = [
    ("rcp", 7, ["rcp[1,2)"]),
    ("rsqrt", 7, ["rsqrt[1,2)", "rsqrt[2,4)"]),
    ("sqrt", 7, ["sqrt[1,2)", "sqrt[2,4)"]),
    ("ex2_pos", 6, ["ex2[1.0,)"]),
    ("ex2_neg", 6, ["ex2[-1.0,)"]),
]
def dense(parts):
    out = bytearray(b"SFUD") + struct.pack("<I", len(parts))
    for p in parts:
        n = len(p)
        assert n & (n - 1) == 0
        out += struct.pack("<I", n.bit_length() - 1)
    values = np.concatenate(parts).astype(np.int64)
    d = np.diff(values, prepend=np.int64(0))
    stream = bytearray()
    for v in d.tolist():
        z = (v << 1) ^ (v >> 63)
        stream += leb128(z)
    return bytes(out) + zlib.compress(bytes(stream), 9)


def f32(bits):
    return np.asarray(bits, dtype=np.uint32).view(np.float32)


def revolutions(x):
    """`FMUL.RZ x, 0x3e22f983` (x times 1/(2 pi) toward zero), exact."""
    c = np.float64(f32(np.uint32(0x3E22F983)))
    with np.errstate(all="ignore"):
        p = f32(x).astype(np.float64) * c
        r = p.astype(np.float32)
        fix = np.isfinite(p) & (np.abs(r.astype(np.float64)) > np.abs(p))
        r[fix] = np.nextafter(r[fix], np.float32(0))
    return r


def sin_table(probes):
    """The quadrant table of `MUFU.SIN`/`COS` (2^23 entries), folded from
    every recorded sin and cos run: operand `r` in revolutions becomes
    `q = trunc(|r| 2^25) mod 2^25` (cos adds a quarter turn, 2^23); the
    quadrant `q >> 23` mirrors odd quadrants (`2^23 - 1 - f`) and negates
    the lower half-turn."""
    q_all, table, have = 1 << 23, np.zeros(1 << 23, np.uint32), np.zeros(1 << 23, bool)
    for name, (x, y, op) in probes.items():
        if "#" in name or not (name.startswith("sin[") or name.startswith("cos[")):
            continue
        r = revolutions(x).astype(np.float64)
        q = np.floor(np.mod(np.abs(r) * 2.0**25, 2.0**25)).astype(np.int64)
        if name.startswith("cos"):
            q = q + q_all
        quad = (q >> 23) & 3
        frac = q & (q_all - 1)
        frac = np.where(quad & 1, q_all - 1 - frac, frac)
        negate = quad >= 2
        if name.startswith("sin"):
            negate = negate ^ np.signbit(r)
        v = y ^ np.where(negate, np.uint32(0x80000000), np.uint32(0))
        clash = have[frac] & (table[frac] != v)
        assert not clash.any(), f"{name}: {clash.sum()} entries disagree"
        table[frac] = v
        have[frac] = True
    assert have.all(), f"{(~have).sum()} quadrant entries unrecorded"
    return table


def tanh_tables(probes):
    """`MUFU.TANH` per binade 2^-8 .. 4: the result depends on the top `g`
    mantissa bits only (the smallest `g` that reproduces the binade)."""
    parts = []
    for e in range(-8, 3):
        lo = 2.0**e
        name = next(n for n in probes if n.startswith("tanh[") and "#" not in n
                    and int(probes[n][0][0]) == int(np.float32(lo).view(np.uint32)))
        y = probes[name][1]
        for g in range(8, 24):
            step = 1 << (23 - g)
            if np.array_equal(np.repeat(y[::step], step), y):
                break
        parts.append(y[::1 << (23 - g)])
        print(f"tanh 2^{e}: {g} mantissa bits")
    return parts


HALF = ["ex2.approx.f16", "ex2.approx.ftz.bf16", "tanh.approx.f16", "tanh.approx.bf16"]


def model(coefs, seg, j):
    c0, c1, c2 = coefs
    jo = j.astype(object)
    v = (c0 + ((c1 * jo) >> 16) + ((((c2 * jo) >> 16) * jo) >> 32)) >> 24
    return v.astype(np.int64)


def leb128(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def encode(results, log_segments):
    n = len(results)
    segs = 1 << log_segments
    seg = n // segs
    j = np.arange(seg)
    t = j / seg
    basis = np.stack([np.ones(seg), t, t * t], 1)
    wanted = results.reshape(segs, seg).astype(np.float64) + 0.5
    fit, *_ = np.linalg.lstsq(basis, wanted.T, rcond=None)
    blob = bytearray(b"SFU1")
    blob += struct.pack("<II", n.bit_length() - 1, log_segments)
    diffs = []
    for s in range(segs):
        coefs = (
            int(round(fit[0, s] * 2**24)),
            int(round(fit[1, s] / seg * 2**40)),
            int(round(fit[2, s] / seg / seg * 2**72)),
        )
        for c in coefs:
            assert -(2**63) <= c < 2**63, c
        blob += struct.pack("<qqq", *coefs)
        diffs.append(results[s * seg:(s + 1) * seg] - model(coefs, seg, j))
    d = np.concatenate(diffs)
    assert np.abs(d).max() <= 1, "a difference beyond one unit"
    where = np.nonzero(d)[0]
    blob += struct.pack("<I", len(where))
    prev = -1
    for k in where:
        blob += leb128(((int(k) - prev - 1) << 1) | (1 if d[k] > 0 else 0))
        prev = int(k)
    return bytes(blob), len(where)


def main():
    probes = load(*sys.argv[1:])
    os.makedirs(OUT, exist_ok=True)
    for name, log_segments, parts in TABLES:
        results = np.concatenate([probes[p][1].astype(np.int64) for p in parts])
        blob, exceptions = encode(results, log_segments)
        with open(os.path.join(OUT, f"{name}.bin"), "wb") as fh:
            fh.write(blob)
        print(f"{name}: {len(results)} entries, {1 << log_segments} segments, "
              f"{exceptions} exceptions, {len(blob)} bytes")
    for name, parts in (
        ("lg2", [probes["lg2[1.0,)"][1], probes["lg2[0.5,)"][1]]),
        ("sin", [sin_table(probes)]),
        ("tanh", tanh_tables(probes)),
    ):
        blob = dense(parts)
        with open(os.path.join(OUT, f"{name}.bin"), "wb") as fh:
            fh.write(blob)
        print(f"{name}: {[len(p) for p in parts]} results, {len(blob)} bytes")
    for form in HALF:
        results = probes[form][1].astype("<u2")
        name = form.replace("ex2.approx.ftz.", "ex2_").replace("ex2.approx.", "ex2_")
        name = name.replace("tanh.approx.", "tanh_")
        with open(os.path.join(OUT, f"{name}.bin"), "wb") as fh:
            fh.write(results.tobytes())
        print(f"{name}: 65536 results")


if __name__ == "__main__":
    main()
