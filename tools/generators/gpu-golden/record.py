#!/usr/bin/env python3
"""Run inline-PTX statement forms on the GPU (NVRTC + CuPy) and write golden records.

Usage:
  record.py OUT.jsonl[.gz] [--forms base|extra|all] [--seed N] [--warps N] [--only SUBSTR] [--arch sm_90]
            [--jobs N] [--timeout S] [--dry-run | --compile-only]

One record per warp: per-lane input and output bit patterns (hex); see ../../../tests/data/golden/FORMAT.md
and README.md beside this file for the fields.

--forms base   forms.py (the default; the 652 forms of h100_sm90_seed11)
--forms extra  forms_extra.py only (GOLDEN_FORMS=extra in the environment does the same)
--forms all    both
--dry-run      no GPU, no CUDA: check every form (operand counts, generators), generate its inputs,
               build every kernel source, print the count
--compile-only also compile every kernel with NVRTC (needs libnvrtc, not a GPU) and report failures

Work is split in three: inputs are generated here (deterministic from --seed), kernels are
compiled with NVRTC in a process pool (one compile per form, all cores), and the launches run in
a child process that owns the CUDA context; a child that hangs or hits a sticky CUDA error is
replaced and the form is recorded with an `error`.
"""
import argparse
import ctypes
import ctypes.util
import glob
import gzip
import json
import multiprocessing as mp
import os
import queue
import random
import re
import struct
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

BITS = {"h": 16, "r": 32, "l": 64, "f": 32, "d": 64}
CT = {"h": "unsigned short", "r": "unsigned int", "l": "unsigned long long", "f": "float", "d": "double"}
SMEM = 2048
FULL = 0xFFFFFFFF


def load_forms(which):
    """The list of forms to record. forms_extra appends itself to forms.FORMS on import (so that
    verdicts.py with GOLDEN_FORMS=extra sees base + extra); its own list is forms_extra.FORMS."""
    if which == "base":
        import forms
        return list(forms.FORMS)
    import forms_extra
    if which == "extra":
        return list(forms_extra.FORMS)
    if which == "all":
        return list(forms_extra.BASE_FORMS) + list(forms_extra.FORMS)
    if which == "mma":
        import forms_mma
        return list(forms_mma.FORMS)
    raise SystemExit(f"--forms: unknown set {which!r} (base, extra, all, mma)")


def f32b(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64b(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def f16b(x):
    # round-to-nearest-even double -> binary16, as numpy.float16 does; overflow gives inf
    try:
        return struct.unpack("<H", struct.pack("<e", x))[0]
    except OverflowError:
        return 0x7C00 if x > 0 else 0xFC00


def rnd_float(r, lo=-40, hi=40):
    return r.choice([-1, 1]) * r.random() * 2.0 ** r.randint(lo, hi)


F32_SPECIAL = [0, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FA00000,
               0xFFC00001, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0x3F000000, 0x40400000,
               0x4B000000, 0x3F7FFFFF, 0x3FC00000, 0x40200000, 0x4F000000, 0xCF000000, 0x5F000000, 0x34000000]
F64_SPECIAL = [0, 1 << 63, f64b(1.0), f64b(-1.0), 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
               0x7FF4000000000000, 1, 0x000FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF, f64b(0.5),
               f64b(2.5), f64b(3.5), f64b(-0.5), f64b(2.0 ** 63), f64b(1e300), f64b(1e-300)]
F16_SPECIAL = [0, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7D00, 0x0001, 0x03FF, 0x0400, 0x7BFF,
               0x3800, 0x4200, 0x3BFF, 0x5640]
BF16_SPECIAL = [0, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0x7FA0, 0x0001, 0x007F, 0x0080, 0x7F7F,
                0x3F00, 0x4040]

# ---- extra edge values (used by the generators added for forms_extra.py) ----
# f32 values near rounding/overflow boundaries of every narrower format and of the integer types
_F32_RB_VALUES = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, 0.50000006, 127.5, 128.5, -128.5, -129.0,
                  255.5, 256.0, 32767.5, 32768.0, -32768.5, 65535.5, 65536.0, 2147483520.0, 2147483648.0,
                  -2147483648.0, -2147483904.0, 4294967040.0, 4294967296.0, 9.223371487098962e18,
                  9.223372036854776e18, -9.223372036854776e18, 1.8446742974197924e19, 1.8446744073709552e19,
                  65504.0, 65519.996, 65520.0, -65520.0, 2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -26, 2.0 ** -14,
                  448.0, 464.0, 480.0, -464.0, 57344.0, 61440.0, 65536.0 * 0.9375, 2.0 ** -6, 2.0 ** -9,
                  2.0 ** -10, 2.0 ** -16, 2.0 ** -17, 3.3895314e38, 0.99999994, 1.0000001, 16777216.0,
                  16777217.0, 8388608.5]
_F32_RB = [f32b(x) for x in _F32_RB_VALUES] + [
    0x7F800001, 0xFF800001, 0x7FBFFFFF, 0x7FC00001, 0xFFFFFFFF, 0x7FFFFFFF, 0x00000001, 0x80000001,
    0x007FFFFF, 0x00400000, 0x3F801000, 0x3F800FFF, 0x3F801001, 0x3F808000, 0x3F807FFF, 0x3F808001,
    0x3F818000, 0x477FF000, 0x477FEFFF, 0x477FE000, 0x387FC000, 0x33800000, 0x33000001, 0x7F7FFFFF,
    0x7F7F8000, 0x7F7F7FFF, 0x4B7FFFFF, 0x4EFFFFFF, 0x4F7FFFFF, 0x5EFFFFFF, 0x5F7FFFFF, 0x3E800000]
_F64_RB_VALUES = [0.5, 1.5, 2.5, -0.5, -2.5, 127.5, -128.5, 255.5, 32767.5, -32768.5, 65535.5, 2147483647.5,
                  2147483648.0, -2147483648.5, -2147483649.0, 4294967295.5, 4294967296.0,
                  9.223372036854776e18, -9.223372036854776e18, 9.223372036854775e18, 1.8446744073709552e19,
                  1.844674407370955e19, 3.4028235677973366e38, 3.4028234663852886e38, 3.402823567797337e38,
                  2.0 ** -149, 2.0 ** -150, 3 * 2.0 ** -151, 2.0 ** -126, 2.0 ** -127, 65504.0, 65520.0,
                  65519.99999999999, 2.0 ** -24, 2.0 ** -25, 1e-310, -1e-310, 2.0 ** 53, 2.0 ** 53 + 2, 448.0, 464.0]
_F64_RB = [f64b(x) for x in _F64_RB_VALUES] + [
    0x3FF0000010000000, 0x3FF000000FFFFFFF, 0x3FF0000010000001, 0x3FF0000030000000, 0x7FF0000000000001,
    0x7FF8000000000001, 0xFFFFFFFFFFFFFFFF, 0x3FF0010000000000, 0x3FF0020000000000, 0x3FF0008000000000,
    0x36A0000000000000, 0x3690000000000000, 0x380FFFFFE0000000, 0x000FFFFFFFFFFFFF, 0x8000000000000001]
_F16_RB = [0x3800, 0x3E00, 0x4100, 0xB800, 0xBE00, 0xC100, 0x5BFC, 0x5C00, 0xD804, 0xD808, 0x7800, 0x77FF,
           0x6800, 0x6801, 0x67FF, 0x7BFF, 0xFBFF, 0x0001, 0x8001, 0x0200, 0x03FF, 0x0400, 0x7C01, 0x7DFF,
           0x7E01, 0xFFFF, 0x7FFF, 0x3C01, 0x3BFF, 0x3555, 0x1400, 0x1C00, 0x2000, 0x5FF0, 0x5F00, 0x6000]
_BF16_RB = [0x3F00, 0x3FC0, 0x4020, 0xBF00, 0xBFC0, 0x4300, 0x437F, 0x4380, 0xC300, 0xC301, 0x4700, 0x477F,
            0x4780, 0x4F00, 0x4EFF, 0x4F80, 0xCF00, 0xCF01, 0x5F00, 0x5F80, 0x0001, 0x8001, 0x0040, 0x007F,
            0x0080, 0x7F81, 0x7FC1, 0xFFFF, 0x7F7F, 0xFF7F, 0x3F81, 0x3F7F, 0x477F, 0x4780, 0x3380, 0x3400]
_E4M3 = [0x00, 0x80, 0x01, 0x07, 0x08, 0x38, 0xB8, 0x7E, 0xFE, 0x7F, 0xFF, 0x77, 0x3F, 0x40, 0x30]
_E5M2 = [0x00, 0x80, 0x01, 0x03, 0x04, 0x3C, 0xBC, 0x7B, 0xFB, 0x7C, 0xFC, 0x7D, 0x7E, 0x7F, 0xFF, 0x3E]

# forms_mma.py's operands. Encoders of each float format:
_ENCODE = {"f16": f16b, "bf16": lambda x: f32b(x) >> 16, "f32": f32b, "f64": f64b}
# f16edge/bf16edge: (specials, exponent range of the ordinary values, mantissa bits of a subnormal)
_MMA_EDGE = {"f16": (_F16_RB + [0x7C00, 0xFC00, 0x7C01, 0x7E00, 0x7E55, 0xFE00, 0x0000, 0x8000, 0x7BFF], (-12, 12), 10),
             "bf16": (_BF16_RB + [0x7F80, 0xFF80, 0x7F81, 0x7FC0, 0x7FD5, 0xFFC0, 0x0000, 0x8000, 0x7F7F], (-60, 60), 7)}
# *cancel: magnitudes whose sums and products cancel exactly or straddle rounding boundaries
_MMA_CANCEL = {"f16": [1.0, 2.0, 0.5, 1.0 + 2.0 ** -10, 2.0 ** -14, 65504.0, 3.0, 2.0 ** -24],
               "bf16": [1.0, 2.0, 0.5, 1.0 + 2.0 ** -7, 2.0 ** -126, 3.3895314e38, 3.0, 2.0 ** 100],
               "f32": [1.0, 2.0, 0.5, 1.0 + 2.0 ** -23, 1.0 + 2.0 ** -10, 2.0 ** -126, 3.4e38, 2.0 ** 24,
                       3.0, 2.0 ** -13],
               "f64": [1.0, 2.0, 0.5, 1.0 + 2.0 ** -52, 2.0 ** -1022, 1.7e308, 2.0 ** 53, 3.0]}
_FP8_CANCEL = [0x38, 0xB8, 0x40, 0xC0, 0x30, 0xB0, 0x3C, 0xBC, 0x7E, 0xFE, 0x7B, 0xFB]


def edge_int(bits):
    m = (1 << bits) - 1
    h = 1 << (bits - 1)
    return [0, 1, 2, m, m - 1, h - 1, h, h + 1, 100, (-100) & m, 0xFF & m, 0x100 & m, (h >> 1), 7, 31 & m, 32]


def ovf_int(bits):
    """Values at and around the limits of every integer type no wider than `bits` (as `bits`-bit patterns)."""
    m = (1 << bits) - 1
    out = []
    for w in (8, 16, 32, 64):
        if w > bits:
            break
        for base in (1 << (w - 1), 1 << w, -(1 << (w - 1))):
            for d in (-1, 0, 1):
                out.append((base + d) & m)
    return sorted(set(out + [0, 1, m]))


def popc(x):
    return bin(x & FULL).count("1")


class Gen:
    def __init__(self, r):
        self.r = r
        self.act = {}   # warp -> active-lane mask of the form being generated
        self.seg = {}   # warp -> segment width that the active mask is made of (act_seg)

    WARP_GENS = ("ulane", "density", "fewvals", "fewvals64", "smemrow", "smemrow_distinct")

    # ------------------------------------------------------------- active masks
    def active_mask(self, name, w):
        """An active-lane mask (bit = lane) for generator `name`, for warp w."""
        r = self.r
        self.seg[w] = 1
        if name == "act_all":
            return FULL
        if name == "act_rand":
            kind = r.choice(["rand", "rand", "one", "two", "even", "odd", "lo", "hi", "allbutone", "all",
                             "sparse", "dense"])
            k = r.randint(0, 31)
            m = {"rand": r.getrandbits(32), "one": 1 << k, "two": (1 << k) | (1 << r.randint(0, 31)),
                 "even": 0x55555555, "odd": 0xAAAAAAAA, "lo": 0x0000FFFF, "hi": 0xFFFF0000,
                 "allbutone": FULL ^ (1 << k), "all": FULL,
                 "sparse": r.getrandbits(32) & r.getrandbits(32) & r.getrandbits(32),
                 "dense": r.getrandbits(32) | r.getrandbits(32) | r.getrandbits(32)}[kind]
            return m or (1 << k)
        if name == "act_seg":
            # union of whole aligned segments of width ws: shfl.sync with that segment width
            # (and c/b from c_seg_*/b_seg) then only ever reads lanes that take part
            ws = r.choice([2, 4, 8, 16, 16, 32])
            nseg = 32 // ws
            segs = [s for s in range(nseg) if r.random() < 0.5] or [r.randrange(nseg)]
            m = 0
            for s in segs:
                m |= ((1 << ws) - 1) << (s * ws)
            self.seg[w] = ws
            return m
        raise ValueError(name)

    def lane_values(self, name, w):
        """Return 32 values (one per lane) for generator `name` for warp w."""
        r = self.r
        if name == "ulane":
            v = r.choice([0, 1, 2, 4, 8, 16, 31, r.randint(0, 31), r.randint(0, 40)])
            return [v] * 32
        if name.startswith("c_seg_"):
            # shfl c operand for a segment width that fits the active mask (act_seg)
            mode = name[6:]
            ws = r.choice([x for x in (2, 4, 8, 16, 32) if x <= self.seg.get(w, 32)])
            segmask = (32 - ws) & 0x1F
            clamp = 0 if mode == "up" else 0x1F
            if r.random() < 0.3:
                clamp = r.randint(0, 31)
            return [(segmask << 8) | clamp] * 32
        if name.startswith("c_"):
            mode = name[2:]
            if mode == "any":
                return [r.randint(0, 0x1FFF) for _ in range(32)]
            width = r.choice([32, 32, 16, 8, 4, 2])
            seg = (32 - width) & 0x1F
            clamp = 0 if mode == "up" else 0x1F
            if r.random() < 0.25:
                clamp = r.randint(0, 31)
            return [(seg << 8) | clamp] * 32
        if name == "b_seg":  # uniform bfly lane mask below the active segment width
            v = r.randint(0, max(0, self.seg.get(w, 32) - 1))
            return [v] * 32
        if name == "amask":  # the warp's active mask, in every lane (a membermask operand)
            return [self.act.get(w, FULL)] * 32
        if name == "amask_popc":
            return [popc(self.act.get(w, FULL))] * 32
        if name == "mbcount":  # mbarrier expected count: the number of arriving lanes, or more
            n = popc(self.act.get(w, FULL))
            return [n + r.choice([0, 0, 0, 1, 2, 7])] * 32
        if name == "mbcount2":  # for two rounds of arrivals: n, 2n or more (no round spills into the next phase)
            n = popc(self.act.get(w, FULL))
            return [r.choice([n, n, n, 2 * n, 2 * n + 3])] * 32
        if name == "mbtx":
            return [r.choice([0, 1, 16, 128, r.randint(0, 4096), r.randint(0, 1 << 19)])] * 32
        if name == "mbdelta":
            return [r.choice([0, 0, 0, 1, 3, 100])] * 32
        if name == "uparity":
            return [r.randint(0, 1)] * 32
        if name == "usmall":
            return [r.randint(0, 7)] * 32
        if name == "density":
            kind = r.choice(["all", "none", "rand", "one", "allbutone"])
            k = r.randint(0, 31)
            return [{"all": 1, "none": 0, "rand": r.randint(0, 1), "one": int(l == k),
                     "allbutone": int(l != k)}[kind] for l in range(32)]
        if name in ("fewvals", "fewvals64"):
            bits = 32 if name == "fewvals" else 64
            vals = [r.getrandbits(bits) for _ in range(r.randint(1, 4))]
            return [r.choice(vals) for _ in range(32)]
        if name == "fewsmall":  # few distinct, small values (redux/match edge cases)
            vals = [r.choice(edge_int(32)) for _ in range(r.randint(1, 3))]
            return [r.choice(vals) for _ in range(32)]
        if name == "smemrow":
            kind = r.choice(["rand", "rand", "s1", "s2", "s3", "s4"])
            offs = []
            for i in range(32):
                if kind == "rand":
                    offs.append(r.randint(0, SMEM // 16 - 1) * 16)
                    continue
                if kind in ("s1", "s3"):
                    row, mat = i % 8 + (i // 16) * 8, (i % 16) // 8
                else:
                    row, mat = i // 2, i % 2
                mul = 4 if kind in ("s3", "s4") else 1
                halfs = (mul * row) * 16 + mat * 8
                offs.append((halfs * 2) % SMEM)
            return offs
        if name == "smemrow_distinct":
            return [s * 16 for s in r.sample(range(SMEM // 16), 32)]
        if name == "smemrow_dup":  # 16-byte rows, several lanes naming the same row
            rows = [r.randint(0, SMEM // 16 - 1) * 16 for _ in range(r.randint(1, 6))]
            return [r.choice(rows) for _ in range(32)]
        if name == "smemrow_bank":  # 32 distinct rows 128 bytes apart (same banks), or XOR-swizzled
            if r.random() < 0.5:
                base = r.randint(0, 4) * 16
                return [(i % 16) * 128 + (i // 16) * 16 + base for i in range(32)]
            return [(i % 16) * 128 + ((i ^ (i >> 2)) & 7) * 16 for i in range(32)]
        if name.startswith("sa_"):
            return self.smem_addr(name, w)
        return [self.one(name, lane, w) for lane in range(32)]

    def smem_addr(self, name, w):
        """Byte offsets into the shared buffer. sa_dN: distinct N-aligned per lane; sa_cN: N-aligned,
        lanes collide on a few addresses; sa_rN: N-aligned random (may collide); sa_sN: consecutive
        (lane*N from an N*32-aligned base); sa_uN: one N-aligned address for the whole warp."""
        r = self.r
        kind, n = name[3], int(name[4:])
        slots = SMEM // n
        if kind == "d":
            return [s * n for s in r.sample(range(slots), 32)]
        if kind == "c":
            k = r.choice([1, 1, 2, 3, 4, 8])
            addrs = [s * n for s in r.sample(range(slots), k)]
            if r.random() < 0.3:  # neighbouring words: same bank row, different words
                a0 = r.randrange(max(1, slots - 8)) * n
                addrs = [a0 + i * n for i in range(k)]
            return [r.choice(addrs) for _ in range(32)]
        if kind == "r":
            return [r.randrange(slots) * n for _ in range(32)]
        if kind == "s":
            base = r.randrange(SMEM // (32 * n)) * 32 * n
            return [base + i * n for i in range(32)]
        if kind == "u":
            return [r.randrange(slots) * n] * 32
        raise ValueError(name)

    def one(self, name, lane, w):
        r = self.r
        if name in ("i16", "i32", "i64"):
            bits = int(name[1:])
            if r.random() < 0.35:
                return r.choice(edge_int(bits))
            if r.random() < 0.3:
                return r.randint(0, 300) if r.random() < 0.5 else (-r.randint(1, 300)) & ((1 << bits) - 1)
            return r.getrandbits(bits)
        if name in ("nz16", "nz32", "nz64"):
            bits = int(name[2:])
            m = (1 << bits) - 1
            if lane % 8 == 0:
                return m  # -1
            v = 0
            while v == 0:
                v = self.one("i" + str(bits), lane, w)
            return v
        if name in ("sparse16", "sparse32", "sparse64"):
            return 0 if r.random() < 0.5 else self.one("i" + name[6:], lane, w)
        if name == "i32small":
            return r.randint(-1000, 1000) & 0xFFFFFFFF
        if name == "pos":
            return r.choice([r.randint(0, 33), r.randint(0, 70), r.randint(0, 255), r.getrandbits(32)]) \
                if r.random() < 0.2 else r.randint(0, 33)
        if name == "shamt":
            return r.randint(0, 40) if r.random() < 0.8 else r.choice([63, 64, 65, 127, 0xFFFFFFFF, 0x80000000, 255])
        if name == "lane":
            return r.randint(0, 31) if r.random() < 0.85 else r.randint(32, 300)
        if name == "ulane":
            return 0
        if name == "fnsoff":
            return r.randint(-40, 40) & 0xFFFFFFFF
        if name == "small":
            return r.randint(0, 7) if r.random() < 0.7 else r.randint(-20, 20) & 0xFFFFFFFF
        if name == "bit":
            return r.randint(0, 1)
        if name == "f32":
            p = r.random()
            if p < 0.3:
                return r.choice(F32_SPECIAL) ^ (r.choice([0, 0x80000000]) if r.random() < 0.3 else 0)
            if p < 0.5:
                return r.getrandbits(32)
            if p < 0.6:
                return r.getrandbits(23) | (r.getrandbits(1) << 31)  # subnormal
            return f32b(rnd_float(r))
        if name == "f64":
            p = r.random()
            if p < 0.3:
                return r.choice(F64_SPECIAL)
            if p < 0.5:
                return r.getrandbits(64)
            if p < 0.6:
                return r.getrandbits(52) | (r.getrandbits(1) << 63)
            return f64b(rnd_float(r, -200, 200))
        if name == "f16":
            p = r.random()
            if p < 0.3:
                return r.choice(F16_SPECIAL) ^ (0x8000 if r.random() < 0.3 else 0)
            if p < 0.6:
                return r.getrandbits(16)
            return f16b(rnd_float(r, -14, 15))
        if name == "bf16":
            p = r.random()
            if p < 0.3:
                return r.choice(BF16_SPECIAL) ^ (0x8000 if r.random() < 0.3 else 0)
            if p < 0.6:
                return r.getrandbits(16)
            return f32b(rnd_float(r)) >> 16
        if name == "f16x2":
            return self.one("f16", lane, w) | (self.one("f16", lane, w) << 16)
        if name == "bf16x2":
            return self.one("bf16", lane, w) | (self.one("bf16", lane, w) << 16)
        if name == "f32mma":
            return f32b(r.gauss(0, 1) * 2.0 ** r.randint(-4, 4))
        if name == "f16x2mma":
            return f16b(r.gauss(0, 1)) | (f16b(r.gauss(0, 1)) << 16)
        if name == "bf16x2mma":
            return (f32b(r.gauss(0, 1)) >> 16) | ((f32b(r.gauss(0, 1)) >> 16) << 16)
        if name == "tf32":
            return f32b(r.gauss(0, 1))
        if name == "fp8x4":
            return r.getrandbits(32)
        return self.one_extra(name, lane, w)

    def one_extra(self, name, lane, w):
        """Generators added for forms_extra.py (edge values hit often)."""
        r = self.r
        m = re.fullmatch(r"(ovf|divn|divd|fr|sbits)(8|16|32|64)", name)
        if m:
            kind, bits = m.group(1), int(m.group(2))
            mask = (1 << bits) - 1
            h = 1 << (bits - 1)
            if kind == "ovf":  # around the limits of every integer type <= bits
                if r.random() < 0.6:
                    return r.choice(ovf_int(bits))
                return self.one("i" + str(max(bits, 16)), lane, w) & mask
            if kind == "divn":  # dividend: INT_MIN and neighbours often
                return r.choice([h, h, h, h - 1, h + 1, mask, 0, 1, r.getrandbits(bits), r.getrandbits(bits),
                                 r.randint(0, 100), (-r.randint(1, 100)) & mask])
            if kind == "divd":  # divisor: -1, 0, 1, INT_MIN often
                return r.choice([mask, mask, mask, 0, 0, 1, 2, h, h - 1, mask - 1, r.getrandbits(bits),
                                 r.getrandbits(bits), r.randint(1, 50), (-r.randint(1, 50)) & mask])
            if kind == "fr":  # integers of every magnitude, incl. halfway cases of f16/bf16/f32/f64
                if r.random() < 0.5:
                    k = r.randint(0, bits - 1)
                    sig = r.choice([8, 11, 24, 53])
                    v = 1 << k
                    if k - sig >= 0:
                        v |= 1 << (k - sig)
                    v += r.choice([-1, 0, 0, 1])
                else:
                    v = r.getrandbits(r.randint(1, bits))
                if r.random() < 0.5:
                    v = -v
                return v & mask
            if kind == "sbits":  # few bits set
                v = 0
                for _ in range(r.choice([0, 1, 1, 2, 3, 5])):
                    v |= 1 << r.randrange(bits)
                return v if r.random() < 0.8 else v ^ mask
        if name == "i8":  # 32-bit register whose low byte is an 8-bit edge value
            lo = r.choice([0, 1, 0x7F, 0x80, 0x81, 0xFF, 0xFE, r.getrandbits(8)])
            return (r.getrandbits(24) << 8 if r.random() < 0.5 else 0) | lo
        if name == "i24":  # mul24/mad24: values around the 24-bit limits, upper byte random
            lo = r.choice([0x7FFFFF, 0x800000, 0xFFFFFF, 0x000001, 0x800001, 0x400000, r.getrandbits(24)])
            return (r.getrandbits(8) << 24 if r.random() < 0.5 else 0) | lo
        if name == "shamtbig":
            if r.random() < 0.7:
                return r.choice([7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 257,
                                 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x100000020])  & 0xFFFFFFFF
            return r.randint(0, 70)
        if name == "bfepos":  # bfe/bfi position/length: 0..40 and values past 8 bits
            if r.random() < 0.5:
                return r.randint(0, 40)
            return r.choice([63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 0x120, 0x1FF, 0xFFFFFFFF, 0x80000008])
        if name == "prmtsel":
            return r.getrandbits(32) if r.random() < 0.5 else \
                sum(r.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 15]) << (4 * i) for i in range(4))
        if name == "f32rb":
            return (r.choice(_F32_RB) ^ (0x80000000 if r.random() < 0.3 else 0)) if r.random() < 0.6 \
                else self.one("f32", lane, w)
        if name == "f64rb":
            return (r.choice(_F64_RB) ^ ((1 << 63) if r.random() < 0.3 else 0)) if r.random() < 0.6 \
                else self.one("f64", lane, w)
        if name == "f16rb":
            return (r.choice(_F16_RB) ^ (0x8000 if r.random() < 0.3 else 0)) if r.random() < 0.6 \
                else self.one("f16", lane, w)
        if name == "bf16rb":
            return (r.choice(_BF16_RB) ^ (0x8000 if r.random() < 0.3 else 0)) if r.random() < 0.6 \
                else self.one("bf16", lane, w)
        if name == "f16x2rb":
            return self.one("f16rb", lane, w) | (self.one("f16rb", lane, w) << 16)
        if name == "bf16x2rb":
            return self.one("bf16rb", lane, w) | (self.one("bf16rb", lane, w) << 16)
        if name in ("e4m3x2", "e5m2x2"):
            tab = _E4M3 if name == "e4m3x2" else _E5M2
            b = [r.choice(tab) if r.random() < 0.6 else r.getrandbits(8) for _ in range(2)]
            return b[0] | (b[1] << 8)
        if name == "f32unit":  # [-2, 2] with exact 0, 1, -1, 0.5 often (for .sat and approx functions)
            if r.random() < 0.3:
                return f32b(r.choice([0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-30, 0.99999994, 1.0000001]))
            return f32b(r.uniform(-2.0, 2.0))
        if name == "f32trig":  # sin/cos arguments: small, multiples of pi, large
            return f32b(r.choice([r.uniform(-4, 4), r.uniform(-100, 100), r.uniform(-1e5, 1e5),
                                  3.1415927 * r.randint(-8, 8), 1.5707964 * r.randint(-8, 8), 0.0, -0.0]))
        if name == "f32pos":  # positive, wide range (sqrt, rsqrt, lg2)
            return f32b(2.0 ** r.uniform(-140, 127)) if r.random() < 0.85 else self.one("f32", lane, w)
        if name == "f64mma":
            return f64b(r.gauss(0, 1) * 2.0 ** r.randint(-4, 4))
        if name == "fp8x4mma":  # finite fp8 bytes of moderate size (no NaN/inf in either format)
            v = 0
            for i in range(4):
                v |= ((r.getrandbits(1) << 7) | (r.randint(0x30, 0x47) & 0x7F)) << (8 * i)
            return v
        # forms_mma.py: edge-case and cancelling mma operands
        if name in ("f16edge", "bf16edge"):
            fmt = name[:-4]
            specials, (lo, hi), mant = _MMA_EDGE[fmt]
            p = r.random()
            if p < 0.35:
                return r.choice(specials)
            if p < 0.55:  # subnormal
                return r.getrandbits(mant) | (r.getrandbits(1) << 15)
            return _ENCODE[fmt](r.gauss(0, 1) * 2.0 ** r.randint(lo, hi))
        if name in ("f16x2edge", "bf16x2edge"):
            half = name[:-6] + "edge"
            return self.one(half, lane, w) | (self.one(half, lane, w) << 16)
        if name in ("f32edge", "f64edge"):
            return self.one(name[:3] + "rb", lane, w) if r.random() < 0.5 else self.one(name[:3], lane, w)
        if name in ("f16cancel", "bf16cancel", "f32cancel", "f64cancel"):
            fmt = name[:-6]
            return _ENCODE[fmt](r.choice(_MMA_CANCEL[fmt]) * r.choice([1.0, -1.0]))
        if name in ("f16x2cancel", "bf16x2cancel"):
            half = name[:-8] + "cancel"
            return self.one(half, lane, w) | (self.one(half, lane, w) << 16)
        if name == "fp8x4cancel":  # +-1, +-2, +-0.5 and the largest finite bytes of e4m3 and e5m2
            v = 0
            for i in range(4):
                v |= r.choice(_FP8_CANCEL) << (8 * i)
            return v
        if name == "nan32":
            return r.choice([0x7FC00000, 0x7FC00001, 0x7F800001, 0x7FBFFFFF, 0xFFC00000, 0xFFFFFFFF,
                             0x7FFFFFFF, 0xFF800001, 0x7FA5A5A5])
        raise ValueError(name)


# ------------------------------------------------------------------------ shared-memory fills
def smem_fill(r, kind, nbytes):
    """Initial shared memory: random bytes (default, as for forms.py), or words drawn from a small
    set so that atom.cas compares hit and float atomics stay finite."""
    if not kind or kind == "rand":
        return bytes(r.getrandbits(8) for _ in range(nbytes))
    out = bytearray()
    while len(out) < nbytes:
        if kind == "small32":
            out += struct.pack("<I", r.choice([0, 1, 2, 3, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF]))
        elif kind == "small64":
            out += struct.pack("<Q", r.choice([0, 1, 2, 3, (1 << 64) - 1, 1 << 63, (1 << 63) - 1]))
        elif kind == "small16":
            out += struct.pack("<H", r.choice([0, 1, 2, 3, 0xFFFF, 0x8000, 0x7FFF, 0x3C00]))
        elif kind == "f32":
            out += struct.pack("<I", f32b(r.gauss(0, 1) * 2.0 ** r.randint(-8, 8)))
        elif kind == "f64":
            out += struct.pack("<Q", f64b(r.gauss(0, 1) * 2.0 ** r.randint(-8, 8)))
        elif kind == "f16":
            out += struct.pack("<H", f16b(r.gauss(0, 1) * 2.0 ** r.randint(-4, 4)))
        elif kind == "bf16":
            out += struct.pack("<H", f32b(r.gauss(0, 1) * 2.0 ** r.randint(-8, 8)) >> 16)
        else:
            raise ValueError(f"fill {kind}")
    return bytes(out[:nbytes])


def is_addr_gen(gen):
    return gen.startswith("smemrow") or gen.startswith("sa_")


# ------------------------------------------------------------------------ kernels
def build(form, idx):
    cons = form["cons"]
    nops = len(cons)
    lines = []
    outs, ins = [], []
    addr_ops = []
    gi = 0
    for k, c in enumerate(cons):
        mod = c[0] if c[0] in "=+" else ""
        letter = c[-1]
        t = CT[letter]
        if mod == "=":
            lines.append(f"  {t} o{k};")
            outs.append(f'"{c}"(o{k})')
        else:
            src = f"my[{k}]"
            conv = {"h": f"(unsigned short){src}", "r": f"(unsigned int){src}", "l": src,
                    "f": f"__uint_as_float((unsigned int){src})", "d": f"__longlong_as_double((long long){src})"}[letter]
            gen = form["gens"][gi]
            gi += 1
            if is_addr_gen(gen):
                conv = f"sbase + (unsigned int){src}"
                addr_ops.append(k)
            lines.append(f"  {t} o{k} = {conv};")
            (outs if mod == "+" else ins).append(f'"{c}"(o{k})')
    tmpl = json.dumps(form["asm"])  # valid C string literal
    stores = []
    for k, c in enumerate(cons):
        if c[0] in "=+":
            letter = c[-1]
            v = {"h": f"(unsigned long long)o{k}", "r": f"(unsigned long long)o{k}", "l": f"o{k}",
                 "f": f"(unsigned long long)__float_as_uint(o{k})",
                 "d": f"(unsigned long long)__double_as_longlong(o{k})"}[letter]
            stores.append(f"  out[t*{nops}+{k}] = {v};")
    stmt = f'  asm volatile({tmpl} : {", ".join(outs)} : {", ".join(ins)} : "memory");'
    body = stmt + "\n" + "\n".join(stores)
    if form.get("active"):
        # lanes outside the warp's active mask skip the statement and write nothing
        body = "  if ((act[w] >> lane) & 1u) {\n" + body + "\n  }"
    src = f"""
extern "C" __global__ void k(const unsigned long long* in, unsigned long long* out,
                             const unsigned char* smem_init, unsigned char* smem_out,
                             const unsigned int* act) {{
  __shared__ __align__(1024) unsigned char smem[{SMEM}];
  int w = blockIdx.x, lane = threadIdx.x, t = w * 32 + lane;
  for (int i = lane; i < {SMEM}; i += 32) smem[i] = smem_init[w * {SMEM} + i];
  __syncwarp();
  unsigned int sbase;
  asm volatile("{{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }}" : "=r"(sbase) : "l"(smem));
  const unsigned long long* my = in + t * {nops};
{chr(10).join(lines)}
{body}
  __syncwarp();
  for (int i = lane; i < {SMEM}; i += 32) smem_out[w * {SMEM} + i] = smem[i];
}}
"""
    return src, addr_ops


def hexw(v, letter):
    return "0x%0*x" % (BITS[letter] // 4, v & ((1 << BITS[letter]) - 1))


# ------------------------------------------------------------------------ static checks
_OPND = re.compile(r"%%|%(\d+)")


def check_form(form, known_gen):
    """Return a list of problems with a form (template operands vs constraints vs generators)."""
    errs = []
    cons, gens, asm = form["cons"], form["gens"], form["asm"]
    used = set(int(m.group(1)) for m in _OPND.finditer(asm) if m.group(1) is not None)
    if used != set(range(len(cons))):
        errs.append(f"template uses operands {sorted(used)} but has {len(cons)} constraints")
    if re.search(r"%(?!%|\d)", asm.replace("%%", "")):
        errs.append("a '%' that is neither %n nor %%")
    nin = sum(1 for c in cons if c[0] != "=")
    if len(gens) != nin:
        errs.append(f"{len(gens)} generators for {nin} input operands")
    for c in cons:
        if c.lstrip("=+") not in BITS:
            errs.append(f"constraint {c!r}")
    seen_out = False
    for c in cons:  # outputs first, as CUDA wants them
        if c[0] not in "=+":
            seen_out = True
        elif seen_out:
            errs.append("an output constraint after an input")
    for g in gens:
        if not known_gen(g):
            errs.append(f"unknown generator {g!r}")
    if form.get("active") and form["active"] not in ("act_all", "act_rand", "act_seg"):
        errs.append(f"unknown active generator {form['active']!r}")
    if form["scope"] not in ("thread", "warp"):
        errs.append(f"scope {form['scope']!r}")
    if form.get("smem") not in (None, "load", "store", "rw"):
        errs.append(f"smem {form.get('smem')!r}")
    has_addr = any(is_addr_gen(g) for g in gens)
    if form.get("smem") and not has_addr and "%%laneid" not in asm:
        errs.append("smem form without an address operand")
    if has_addr and not form.get("smem"):
        errs.append("address operand in a form without smem")
    return errs


# ------------------------------------------------------------------------ NVRTC (no GPU needed)
_NVRTC = None


def nvrtc_candidates():
    env = os.environ.get("GOLDEN_NVRTC")
    if env:
        yield env
    roots = [p for p in sys.path if p and os.path.isdir(p)]
    for root in roots:
        for pat in ("nvidia/*/lib/libnvrtc.so*", "nvidia/cuda_nvrtc/lib/libnvrtc.so*"):
            for f in sorted(glob.glob(os.path.join(root, pat)), reverse=True):
                yield f
    for d in [os.environ.get("CUDA_PATH", ""), os.environ.get("CUDA_HOME", ""), "/usr/local/cuda"] + \
            sorted(glob.glob("/usr/local/cuda-*"), reverse=True):
        if d:
            for f in sorted(glob.glob(os.path.join(d, "lib64", "libnvrtc.so*")), reverse=True):
                yield f
    f = ctypes.util.find_library("nvrtc")
    if f:
        yield f
    for n in ("libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"):
        yield n


def nvrtc_lib():
    global _NVRTC
    if _NVRTC is not None:
        return _NVRTC or None
    for cand in nvrtc_candidates():
        base = os.path.basename(cand)
        if "builtins" in base or ".alt." in base:
            continue
        try:
            d = os.path.dirname(cand)
            if d:  # NVRTC dlopens its builtins by name: load them first from the same folder
                for b in sorted(glob.glob(os.path.join(d, "libnvrtc-builtins.so*"))):
                    if ".alt." not in b:
                        try:
                            ctypes.CDLL(b, mode=ctypes.RTLD_GLOBAL)
                        except OSError:
                            pass
            lib = ctypes.CDLL(cand)
            lib.nvrtcGetCUBIN  # noqa: B018  (must exist)
            lib.golden_path = cand
            _NVRTC = lib
            return lib
        except (OSError, AttributeError):
            continue
    _NVRTC = False
    return None


def nvrtc_version():
    lib = nvrtc_lib()
    if not lib:
        return None
    a, b = ctypes.c_int(), ctypes.c_int()
    lib.nvrtcVersion(ctypes.byref(a), ctypes.byref(b))
    return f"{a.value}.{b.value}"


def nvrtc_compile(job):
    """(idx, src, arch) -> (idx, cubin bytes or None, log). Runs in a pool worker."""
    idx, src, arch = job
    lib = nvrtc_lib()
    prog = ctypes.c_void_p()
    rc = lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"k.cu", 0, None, None)
    if rc:
        return idx, None, f"nvrtcCreateProgram failed ({rc})"
    opts = [f"--gpu-architecture={arch}".encode()]
    arr = (ctypes.c_char_p * len(opts))(*opts)
    rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
    n = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
    buf = ctypes.create_string_buffer(n.value + 1)
    lib.nvrtcGetProgramLog(prog, buf)
    log = buf.value.decode(errors="replace")
    cubin = None
    if rc == 0:
        lib.nvrtcGetCUBINSize(prog, ctypes.byref(n))
        cb = ctypes.create_string_buffer(n.value)
        if lib.nvrtcGetCUBIN(prog, cb) == 0:
            cubin = cb.raw
        else:
            log = "nvrtcGetCUBIN failed (is --arch a real sm_XX?)\n" + log
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return idx, cubin, log


def compile_all(jobs, arch, nproc, progress=True):
    """Compile every kernel source with NVRTC in a process pool. Returns {idx: (cubin, log)}."""
    res = {}
    todo = [(j["idx"], j["src"], arch) for j in jobs]
    t0 = time.time()
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(nproc) as pool:
        for n, (idx, cubin, log) in enumerate(pool.imap_unordered(nvrtc_compile, todo, chunksize=4), 1):
            res[idx] = (cubin, log)
            if progress and (n % 50 == 0 or n == len(todo)):
                print(f"  compiled {n}/{len(todo)} ({time.time() - t0:.1f}s)", flush=True)
    return res


# ------------------------------------------------------------------------ launches (child process)
def _launcher(jobs, start, q, arch):
    """Runs in a child process: load each cubin (or compile the source with CuPy when no cubin was
    made), launch it on one block per warp, send the results back. Exits after a launch error,
    since a CUDA error can leave the context unusable."""
    import numpy as np
    import cupy as cp
    tmpdir = tempfile.mkdtemp(prefix="golden-")
    q.put(("ready", start))
    for i in range(start, len(jobs)):
        j = jobs[i]
        q.put(("start", i))
        NW, nops = j["nw"], max(len(j["cons"]), 1)
        try:
            if j.get("cubin"):
                path = os.path.join(tmpdir, f"k{i}.cubin")
                with open(path, "wb") as f:
                    f.write(j["cubin"])
                mod = cp.RawModule(path=path)
            else:
                mod = cp.RawModule(code=j["src"], options=(f"--gpu-architecture={arch}",))
            kern = mod.get_function("k")
            if j.get("cubin"):
                os.remove(path)
        except Exception as e:  # compile failure: record it, context is fine
            q.put(("err", i, str(e)[:2000]))
            continue
        try:
            inp = np.array(j["inp"], dtype=np.uint64).reshape(NW * 32, nops)
            d_in = cp.asarray(inp)
            d_out = cp.zeros_like(d_in)
            d_si = cp.asarray(np.frombuffer(j["smem_init"], dtype=np.uint8))
            d_so = cp.zeros_like(d_si)
            d_act = cp.asarray(np.array(j["act"], dtype=np.uint32))
            kern((NW,), (32,), (d_in, d_out, d_si, d_so, d_act))
            cp.cuda.Device().synchronize()
            res = cp.asnumpy(d_out).tolist()
            so = cp.asnumpy(d_so).tobytes()
        except Exception as e:
            q.put(("err", i, "launch: " + str(e)[:2000]))
            sys.exit(3)
        q.put(("done", i, res, so))
    try:
        os.rmdir(tmpdir)
    except OSError:
        pass
    q.put(("finished", len(jobs)))


def launch_all(jobs, arch, timeout, progress=True):
    """Run every job in a child process; replace the child when it hangs or dies.
    Returns {i: ("done", res, smem_out) | ("err", message)}."""
    ctx = mp.get_context("spawn")
    results = {}
    start = 0
    t0 = time.time()
    while start < len(jobs):
        q = ctx.Queue()
        p = ctx.Process(target=_launcher, args=(jobs, start, q, arch), daemon=True)
        p.start()
        cur, ready, last = None, False, time.time()
        while True:
            try:
                msg = q.get(timeout=1.0)
            except queue.Empty:
                waited = time.time() - last
                if not ready:
                    if not p.is_alive() or waited > max(timeout, 180):
                        p.kill()
                        raise SystemExit("launcher did not start (CuPy/CUDA not usable?)")
                    continue
                dead = not p.is_alive()
                if dead or waited > timeout:
                    why = f"launcher died (exit code {p.exitcode})" if dead else \
                        f"timeout: no result after {timeout:.0f}s (hang?)"
                    if cur is not None and cur not in results:
                        results[cur] = ("err", why)
                        print(f"  form #{cur}: {why}; restarting the launcher", flush=True)
                    p.kill()
                    p.join()
                    start = (cur + 1) if cur is not None else start + 1
                    break
                continue
            last = time.time()
            kind = msg[0]
            if kind == "ready":
                ready = True
            elif kind == "start":
                cur = msg[1]
            elif kind == "done":
                results[msg[1]] = ("done", msg[2], msg[3])
                n = len(results)
                if progress and (n % 50 == 0 or n == len(jobs)):
                    print(f"  launched {n}/{len(jobs)} ({time.time() - t0:.1f}s)", flush=True)
            elif kind == "err":
                results[msg[1]] = ("err", msg[2])
                if msg[2].startswith("launch:"):
                    print(f"  form #{msg[1]}: {msg[2][:300]}", flush=True)
                    p.join(30)
                    if p.is_alive():
                        p.kill()
                    start = msg[1] + 1
                    break
            elif kind == "finished":
                p.join(30)
                start = len(jobs)
                break
    return results


# ------------------------------------------------------------------------ main
def make_jobs(forms, a, r, g):
    """Generate every form's inputs (in form order, so --seed fixes them) and its kernel source."""
    jobs = []
    NW = a.warps
    for idx, form in enumerate(forms):
        if a.only and a.only not in form["name"]:
            continue
        src, addr_ops = build(form, idx)
        cons = form["cons"]
        nops = len(cons)
        smem_init = smem_fill(r, form.get("fill"), NW * SMEM)
        act = [FULL] * NW
        g.act, g.seg = {}, {}
        if form.get("active"):
            for w in range(NW):
                act[w] = g.active_mask(form["active"], w)
                g.act[w] = act[w]
        inp = [[0] * max(nops, 1) for _ in range(NW * 32)]
        gi = 0
        for k, c in enumerate(cons):
            if c[0] == "=":
                continue
            gen = form["gens"][gi]
            gi += 1
            for w in range(NW):
                vals = g.lane_values(gen, w)
                if is_addr_gen(gen) and not all(0 <= v < SMEM for v in vals):
                    raise SystemExit(f"{form['name']}: generator {gen} made an offset outside the shared buffer")
                for lane in range(32):
                    inp[w * 32 + lane][k] = vals[lane] & ((1 << BITS[c[-1]]) - 1)
        jobs.append(dict(idx=idx, form=form, src=src, addr_ops=addr_ops, cons=cons, nw=NW,
                         inp=[v for row in inp for v in row], smem_init=smem_init, act=act))
    return jobs


def write_records(f, job, outcome, arch):
    form, cons, NW = job["form"], job["cons"], job["nw"]
    nops = max(len(cons), 1)
    if outcome[0] == "err":
        f.write(json.dumps({"form": form["name"], "asm": form["asm"], "cons": cons,
                            "error": outcome[1][:2000]}) + "\n")
        return 0
    _, res, so = outcome
    inp = job["inp"]
    for w in range(NW):
        rec = {"form": form["name"], "asm": form["asm"], "cons": cons, "scope": form["scope"],
               "approx": form["approx"], "arch": arch, "in": [], "out": []}
        amask = job["act"][w]
        if form.get("active"):
            rec["active"] = "0x%08x" % amask
        for lane in range(32):
            t = w * 32 + lane
            on = (amask >> lane) & 1
            rec["in"].append([None if c[0] == "=" else hexw(int(inp[t * nops + k]), c[-1]) for k, c in enumerate(cons)])
            rec["out"].append([hexw(int(res[t][k]), c[-1]) if (c[0] in "=+" and on) else None
                               for k, c in enumerate(cons)])
        if form["smem"]:
            rec["smem_bytes"] = SMEM
            rec["addr_ops"] = job["addr_ops"]
            rec["smem_in"] = job["smem_init"][w * SMEM:(w + 1) * SMEM].hex()
            if form["smem"] in ("store", "rw"):
                rec["smem_out"] = so[w * SMEM:(w + 1) * SMEM].hex()
        f.write(json.dumps(rec) + "\n")
    return NW


def attach_compiled(jobs, compiled):
    """Gives each job its cubin from `compiled` (job index -> (cubin, log)),
    or its compile errors; returns how many failed to compile."""
    nerr = 0
    for j in jobs:
        if j["idx"] in compiled:
            cubin, log = compiled[j["idx"]]
            j["cubin"] = cubin
            if cubin is None:  # keep the error lines (NVRTC also logs warnings about the wrapper)
                lines = log.strip().splitlines()
                j["compile_error"] = "\n".join([x for x in lines if "error" in x] or lines)
                nerr += 1
    return nerr


def print_compile_errors(jobs, nerr, t0):
    """The --compile-only report: every form that failed, then the counts."""
    for j in jobs:
        if j.get("compile_error"):
            print(f"FAIL {j['form']['name']}\n    " + j["compile_error"].replace("\n", "\n    "))
    print(f"compile-only: {len(jobs) - nerr} compiled, {nerr} failed, {time.time() - t0:.1f}s")


def launch_and_write(jobs, arch, timeout, path, write):
    """Launches every job that compiled and writes each job's records to
    `path` (gzip if it ends in .gz) with `write(f, job, outcome, arch)`;
    returns (job, outcome, records written) for every job, in order."""
    run = [j for j in jobs if not j.get("compile_error")]
    outcomes = launch_all(run, arch, timeout)
    by_idx = {j["idx"]: outcomes.get(i, ("err", "not run")) for i, j in enumerate(run)}
    written = []
    with (gzip.open(path, "wt") if path.endswith(".gz") else open(path, "w")) as f:
        for j in jobs:
            oc = ("err", j["compile_error"]) if j.get("compile_error") else by_idx[j["idx"]]
            written.append((j, oc, write(f, j, oc, arch)))
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--forms", default=os.environ.get("GOLDEN_FORMS") or "base", help="base, extra or all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--warps", type=int, default=4)
    ap.add_argument("--only", default=None)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4, help="parallel NVRTC compiles")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds one form may take on the GPU")
    ap.add_argument("--dry-run", action="store_true", help="no GPU: check forms, build sources, print the count")
    ap.add_argument("--compile-only", action="store_true", help="also compile with NVRTC; no GPU needed")
    a = ap.parse_args()

    forms = load_forms(a.forms)
    r = random.Random(a.seed)
    g = Gen(r)

    def known_gen(name):
        try:
            Gen(random.Random(0)).lane_values(name, 0)
            return True
        except (ValueError, KeyError):
            return False

    bad = 0
    names = set()
    for form in forms:
        errs = check_form(form, known_gen)
        if form["name"] in names:
            errs.append("duplicate name")
        names.add(form["name"])
        for e in errs:
            print(f"FORM {form['name']!r}: {e}")
        bad += bool(errs)
    if bad:
        raise SystemExit(f"{bad} forms have problems")

    t0 = time.time()
    jobs = make_jobs(forms, a, r, g)
    nthread = sum(1 for j in jobs if j["form"]["scope"] == "thread")
    print(f"{len(jobs)} forms ({nthread} thread, {len(jobs) - nthread} warp) from --forms {a.forms}, "
          f"{len(jobs) * a.warps} records to make; inputs and sources built in {time.time() - t0:.1f}s", flush=True)
    if a.dry_run and not a.compile_only:
        print(f"dry run: {len(jobs)} kernel sources built")
        return

    compiled = {}
    if nvrtc_lib():
        print(f"compiling with NVRTC {nvrtc_version()} ({nvrtc_lib().golden_path}) on {a.jobs} processes", flush=True)
        compiled = compile_all(jobs, a.arch, a.jobs)
    elif a.compile_only:
        raise SystemExit("--compile-only: no libnvrtc found (set GOLDEN_NVRTC=/path/to/libnvrtc.so)")
    else:
        print("no libnvrtc found: the launcher compiles each form with CuPy, one at a time", flush=True)
    nerr = attach_compiled(jobs, compiled)
    if a.compile_only:
        print_compile_errors(jobs, nerr, t0)
        return
    written = launch_and_write(jobs, a.arch, a.timeout, a.out, write_records)
    nrec = sum(n for _, _, n in written)
    nfail = sum(n == 0 for _, _, n in written)
    print(f"records {nrec}, forms failed {nfail}, {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
