#!/usr/bin/env python3
"""A reference encoder for CUtensorMap, checked against what the H100's driver wrote.

    python3 tools/generators/tensormap-probe/model.py [PROBE.jsonl.gz] [-v]

encode(record) builds the 128 bytes cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col write for a
probe record's parameters (see probe.py), or returns the refusal (CUDA_ERROR_INVALID_VALUE = 1)
with the parameter and the rule. Run as a script it replays every record of the probe file
(default: tests/data/kernels/tma/tensormap_probe.jsonl.gz): a success must give the same bytes,
with the bytes the encoder leaves alone showing the record's prefill byte; a refusal must be
refused. It prints "N of N records reproduced" and, with -v, every record that is not.

The layout (32-bit little-endian words; ptx-sim/src/driver/tensor_map.rs and docs/tensor-maps.md
say the same):
  w0-1   global address          w2  flags: bit 0 im2col, 4-6 rank-1, 7-10 type code,
  w3-6   strides 1-4 >> 4 (low)       11-12 interleave, 13-14 swizzle, 15 NaN fill, 16 TF32,
  w7     strides' bits 36-39          17-18 L2 promotion
  w8-12  dims - 1                w13 element strides - 1 (3 bits each), bits 24-31 box[0]-1
  w14    tiled: box[1..4] - 1 (8 bits each); im2col: the corners
  w15    im2col: pixels - 1      w16 the box's bytes     w18 16, or 8 x the swizzle span
Every other bit is 0: the driver writes all 128 bytes (a map filled with 0xff before the call
comes back the same as one filled with 0x00).
"""
import gzip, json, os, sys

INVALID = 1  # CUDA_ERROR_INVALID_VALUE

DTYPES = ["UINT8", "UINT16", "UINT32", "INT32", "UINT64", "INT64", "FLOAT16", "FLOAT32", "FLOAT64",
          "BFLOAT16", "FLOAT32_FTZ", "TFLOAT32", "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B",
          "16U6_ALIGN16B"]
# bytes of one element, as the driver counts them (the packed types: 16 values in 8 or 16 bytes)
ESIZE = [1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4, 0.5, 0.5, 0.75]
FLOATS = {6, 7, 8, 9, 10, 11, 12}
PACKED = {13, 14, 15}
# the map's 4-bit type code and TF32 bit (word 2 bits 7-10 and 16), by CUDA enum value
CODE = {0: (0, 0), 1: (1, 0), 2: (2, 0), 3: (3, 0), 4: (4, 0), 5: (5, 0), 6: (6, 0), 7: (7, 0),
        8: (9, 0), 9: (10, 0), 10: (8, 0), 11: (7, 1), 12: (8, 1)}
SPAN = {0: 0, 1: 32, 2: 64, 3: 128}  # swizzle span in bytes
MAX_BOX_BYTES = 227 * 1024  # a CTA's shared memory on an H100
# im2col corner field width by rank (rank 3: one 16-bit pair, 4: two 8-bit, 5: three 5-bit)
CORNER_BITS = {3: 16, 4: 8, 5: 5}


class Refused(Exception):
    def __init__(self, field, rule):
        super().__init__(f"{field}: {rule}")
        self.field, self.rule = field, rule


def check(cond, field, rule):
    if not cond:
        raise Refused(field, rule)


def encode(p):
    """The 32 words the driver writes, or raises Refused (the parameter's name and the rule)."""
    im2col = p["fn"] == "im2col"
    dt, rank, addr = p["dtype"], p["rank"], p["addr"]
    il, sw, l2, oob = p["interleave"], p["swizzle"], p["l2_promotion"], p["oob_fill"]
    check(0 <= dt <= 15, "tensorDataType", f"{dt} is no CUtensorMapDataType")
    check(dt not in PACKED, "tensorDataType", f"{DTYPES[dt]}: the packed types need sm_100")
    lo_rank = 3 if im2col else 1
    check(lo_rank <= rank <= 5, "tensorRank", f"{rank} is not {lo_rank} to 5")
    check(0 <= il <= 2, "interleave", f"{il} is no CUtensorMapInterleave")
    check(0 <= sw <= 6, "swizzle", f"{sw} is no CUtensorMapSwizzle")
    check(sw <= 3, "swizzle", "the 128-byte atom swizzles need sm_100")
    check(0 <= l2 <= 3, "l2Promotion", f"{l2} is no CUtensorMapL2promotion")
    check(oob in (0, 1), "oobFill", f"{oob} is no CUtensorMapFloatOOBfill")
    check(il == 0 or rank >= 3, "interleave", "an interleaved tensor needs at least 3 dimensions")
    align = 32 if il == 2 else 16
    check(addr % align == 0, "globalAddress", f"not {align}-byte aligned")
    check(addr < 1 << 57, "globalAddress", "at or past 2^57")
    esz = ESIZE[dt]
    dims, strides, es = p["dims"], p["strides"], p["element_strides"]
    for i in range(rank):
        check(1 <= dims[i] <= 1 << 32, f"globalDim[{i}]", "not 1 to 2^32")
    for i in range(rank - 1):
        check(strides[i] % align == 0, f"globalStrides[{i}]", f"not a multiple of {align}")
        check(strides[i] < 1 << 40, f"globalStrides[{i}]", "at or past 2^40")
    for i in range(rank):
        check(1 <= es[i] <= 8, f"elementStrides[{i}]", "not 1 to 8")
    if im2col:
        n = rank - 2
        bits = CORNER_BITS[rank]
        for i in range(n):
            lo, hi = p["lower"][i], p["upper"][i]
            check(-(1 << bits - 1) <= lo < 1 << bits - 1, f"pixelBoxLowerCorner[{i}]",
                  f"not a {bits}-bit signed value")
            check(-(1 << bits - 1) <= hi < 1 << bits - 1, f"pixelBoxUpperCorner[{i}]",
                  f"not a {bits}-bit signed value")
            # the output pixels along spatial dimension i: dims[i+1] + upper - lower, in 32-bit
            # signed arithmetic (a dimension of 2^31 wraps negative and is refused; 2^32 wraps to 0)
            span = (dims[i + 1] + hi - lo) & 0xFFFFFFFF
            span -= (span >> 31) << 32
            check(span > 0, f"pixelBoxUpperCorner[{i}]", "an empty bounding box")
        ch, px = p["channels"], p["pixels"]
        check(1 <= ch <= 256, "channelsPerPixel", "not 1 to 256")
        check(1 <= px <= 1024, "pixelsPerColumn", "not 1 to 1024")
        box = [ch]
    else:
        box = p["box"][:rank]
        for i in range(rank):
            check(1 <= box[i] <= 256, f"boxDim[{i}]", "not 1 to 256")
    row = box[0] * esz
    inner = "channelsPerPixel" if im2col else "boxDim[0]"
    if il == 0:
        check(row % 16 == 0, inner, f"a row of {row} bytes is not a multiple of 16")
        if sw:
            check(row <= SPAN[sw], inner, f"a row of {row} bytes is wider than the swizzle")
    check(not (oob and dt not in FLOATS), "oobFill", "the NaN fill needs a floating-point type")
    if im2col:
        nbytes = box[0] * p["pixels"] * esz
    else:
        nbytes = esz
        for i in range(rank):
            nbytes *= box[i] // es[i]
    check(nbytes <= MAX_BOX_BYTES, "pixelsPerColumn" if im2col else "boxDim",
          f"a box of {nbytes} bytes is more than the {MAX_BOX_BYTES} of shared memory")

    w = [0] * 32
    w[0], w[1] = addr & 0xFFFFFFFF, addr >> 32
    code, tf32 = CODE[dt]
    w[2] = int(im2col) | (rank - 1) << 4 | code << 7 | il << 11 | sw << 13 | oob << 15 | tf32 << 16 | l2 << 17
    for k in range(3, 8):
        w[k] = 0
    for i in range(1, rank):
        v = strides[i - 1] >> 4
        w[2 + i] = v & 0xFFFFFFFF
        w[7] |= (v >> 32) << 4 * (i - 1)
    for i in range(5):
        w[8 + i] = dims[i] - 1 if i < rank else 0
    w[13] = 0
    for i in range(rank):
        w[13] |= (es[i] - 1) << 3 * i
    w[13] |= (box[0] - 1) << 24
    w[14] = 0
    w[15] = 0
    if im2col:
        n, bits = rank - 2, CORNER_BITS[rank]
        m = (1 << bits) - 1
        for i in range(n):
            w[14] |= (p["lower"][i] & m) << bits * i
            w[14] |= (p["upper"][i] & m) << 16 + bits * i
        w[15] = p["pixels"] - 1
    else:
        for i in range(1, rank):
            w[14] |= (box[i] - 1) << 8 * (i - 1)
    w[16] = int(nbytes)
    w[18] = 16 if sw == 0 else SPAN[sw] * 8
    return w


def to_bytes(w, prefill=0):
    """The map's bytes; a word the encoder left alone (None; there are none) shows the prefill."""
    out = bytearray()
    for v in w:
        out += bytes([prefill] * 4) if v is None else v.to_bytes(4, "little")
    return bytes(out)


def replay(rec):
    """(ok, what): whether the model gives the record's result (and bytes)."""
    try:
        w = encode(rec)
    except Refused as e:
        return rec["result"] == INVALID, f"refused ({e})"
    if rec["result"] != 0:
        return False, "encoded, the driver refused"
    got = to_bytes(w, int(rec["prefill"], 16)).hex()
    if got == rec["map"]:
        return True, "same bytes"
    diff = [i for i in range(32) if got[8 * i:8 * i + 8] != rec["map"][8 * i:8 * i + 8]]
    return False, "words differ: " + ", ".join(
        f"w{i} {rec['map'][8 * i:8 * i + 8]} (model {got[8 * i:8 * i + 8]})" for i in diff)


def records(path):
    with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
        return [r for r in map(json.loads, f) if not r.get("header")]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    here = os.path.dirname(os.path.abspath(__file__))
    path = args[0] if args else os.path.join(here, "../../../tests/data/kernels/tma/tensormap_probe.jsonl.gz")
    recs = records(path)
    bad = []
    for r in recs:
        ok, what = replay(r)
        if not ok:
            bad.append((r, what))
    ok_n = sum(r["result"] == 0 for r in recs)
    print(f"{len(recs) - len(bad)} of {len(recs)} records reproduced "
          f"({ok_n} maps written, {len(recs) - ok_n} refused by the driver)")
    for r, what in bad[: None if "-v" in sys.argv else 20]:
        keys = ["fn", "tag", "dtype", "rank", "addr", "dims", "strides", "box", "lower", "upper", "channels",
                "pixels", "element_strides", "interleave", "swizzle", "l2_promotion", "oob_fill", "result"]
        print("  ", {k: r[k] for k in keys if k in r}, "->", what)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
