"""Launch specs of the TMA kernel cases (tests/data/kernels/tma/src/tma.cu), in the recorder's format
(tools/generators/gpu-golden/kernels/SPEC.md) with this project's two additions (tools/generators/kernel-cases/README.md):
{"tensormap": {...}} arguments and the "cluster" field. Names: tma/<theme>/<variant>.

Every load case: the shared region (first `dump_bytes` bytes, 1024-aligned) is filled with 0xA5, the
tiles are loaded at their offsets, and the region is dumped to `out`; `status` is 1 per CTA when the
mbarrier completed with the expected transaction count (2: the wait gave up). Element values are
arange (f16 tensors are u16 buffers holding arange, so each element is distinguishable; the copy
moves bits only), u8 tensors are randint.
"""
import math

ESZ = {"u8": 1, "u16": 2, "f16": 2, "bf16": 2, "f32": 4, "u32": 4, "i32": 4, "f64": 8, "u64": 8}
BUF = {"f16": "u16", "bf16": "u16", "u8": "u8", "f32": "f32", "u32": "u32", "i32": "i32", "u64": "u64", "f64": "f64"}
INIT = {"u8": "randint:0:256"}
SWZ_ALIGN = 1024
SPECS = []


def packed_strides(dtype, dims, pad=0):
    row = dims[0] * ESZ[dtype] + pad
    row = (row + 15) // 16 * 16
    strides, s = [], row
    for d in dims[1:]:
        strides.append(s)
        s *= d
    return strides, s  # strides of dims 1.., total bytes


def tile_args(tiles):
    """tiles: [(coords, smem_off, im2col_offsets)] -> 32 i32 scalars (4 tiles of 8)."""
    out = []
    for i in range(4):
        if i < len(tiles):
            c, off, o = tiles[i]
            c = list(c) + [0] * (5 - len(c))
            o = list(o) + [0] * (3 - len(o))
            out += c + [off, (o[0] & 0xFFFF) | ((o[1] & 0xFFFF) << 16), o[2] & 0xFFFF]
        else:
            out += [0] * 8
    return [{"i32": v if v < 2**31 else v - 2**32} for v in out]


def tensormap(dtype, dims, strides, box=None, es=None, swizzle=0, oob=0, interleave=0, im2col=None):
    t = {"buf": "tensor", "dtype": dtype, "dims": dims, "strides": strides}
    if box is not None:
        t["box"] = box
    t.update({"element_strides": es or [1] * len(dims), "interleave": interleave, "swizzle": swizzle,
              "l2_promotion": 0, "oob_fill": oob})
    if im2col:
        t["im2col"] = im2col
    return t


def load(name, dtype, dims, coords, box=None, es=None, swizzle=0, oob=0, interleave=0, im2col=None,
         offsets=None, pad=0, cluster=None, dump=None, tx=None, strides=None, buf_bytes=None):
    """A tile (or im2col) load case: coords is a list of tensor coordinates (im2col: (coords, offsets)).
    dump, tx: override the dumped region's size and the expected transaction bytes (diagnostics);
    strides, buf_bytes: the strides of dimensions 1.. and the tensor buffer's size, instead of packed
    ones (the buffer holding arange past the tensor's end)."""
    rank = len(dims)
    esz = ESZ[dtype]
    if strides is None:
        strides, total = packed_strides(dtype, dims, pad)
    else:
        total = buf_bytes
    if im2col:
        tile = im2col["channels"] * im2col["pixels"] * esz
        entry = f"tma_load_im2col_{rank}d"
    else:
        es_ = es or [1] * rank
        # dimension 0's element stride is ignored with interleave none (cuda.h)
        n0 = box[0] if interleave == 0 else math.ceil(box[0] / es_[0])
        tile = n0 * esz * math.prod(math.ceil(b / e) for b, e in zip(box[1:], es_[1:]))
        entry = f"tma_load_{rank}d" if not cluster else "tma_load_multicast_2d"
    align = SWZ_ALIGN if swizzle else 128
    step = (tile + align - 1) // align * align
    tiles = []
    for i, c in enumerate(coords):
        c, o = c if im2col else (c, [])
        off = offsets[i] if offsets else i * step
        tiles.append((c, off, o))
    end = max(t[1] for t in tiles) + tile
    dump = dump or min(32768, (end + 128 + 15) // 16 * 16)  # 128 bytes past the last tile: no overrun
    nctas = math.prod(cluster) if cluster else 1
    tx = tx or tile * len(tiles)
    assert total <= 1 << 20 and dump <= 32768 and len(tiles) <= 4, name
    s = {"name": name, "source": "tma.cu", "entry": entry,
         "grid": [nctas, 1, 1], "block": [128, 1, 1], "shared_bytes": 0,
         "args": [{"tensormap": tensormap(dtype, dims, strides, box, es, swizzle, oob, interleave, im2col)},
                  {"buf": "out"}, {"buf": "status"}, {"i32": len(tiles)}, {"u32": tx}, {"u32": dump}]
                 + tile_args(tiles),
         "buffers": {"tensor": {"dtype": BUF[dtype], "len": total // ESZ[BUF[dtype]],
                                "init": INIT.get(dtype, "arange")},
                     "out": {"dtype": "u8", "len": dump * nctas, "init": "zeros"},
                     "status": {"dtype": "u32", "len": nctas, "init": "zeros"}}}
    if cluster:
        s["cluster"] = cluster
    SPECS.append(s)


def store(name, dtype, dims, box, coords, swizzle=0, reduce=False, tensor_init=None, src_init=None, src_dtype=None,
          interleave=0, strides=None, buf_bytes=None):
    """A tile store (or add-reduction) case: the box at each of coords from consecutive places of
    `src` in shared memory. interleave: 16 or 32 (dimension 0 counts slices of that many bytes, and
    the box takes one row of dimension rank - 2, as the interleaved loads showed); strides and
    buf_bytes: an unpacked tensor in a buffer of that size."""
    rank = len(dims)
    esz = ESZ[dtype]
    if strides is None:
        strides, total = packed_strides(dtype, dims)
    else:
        total = buf_bytes
    if interleave:
        rows = math.prod(b for i, b in enumerate(box[1:], 1) if i != rank - 2)
        tile = box[0] * interleave * rows
    else:
        tile = math.prod(box) * esz
    align = SWZ_ALIGN if swizzle else 128
    step = (tile + align - 1) // align * align
    tiles = [(c, i * step, []) for i, c in enumerate(coords)]
    src_bytes = (len(tiles) - 1) * step + tile
    sd = src_dtype or BUF[dtype]
    SPECS.append({
        "name": name, "source": "tma.cu", "entry": f"tma_{'reduce_add' if reduce else 'store'}_{rank}d",
        "grid": [1, 1, 1], "block": [128, 1, 1], "shared_bytes": 0,
        "args": [{"tensormap": tensormap(dtype, dims, strides, box, None, swizzle, interleave=interleave)},
                 {"buf": "src"}, {"u32": src_bytes}, {"i32": len(tiles)}] + tile_args(tiles),
        "buffers": {"tensor": {"dtype": BUF[dtype], "len": total // ESZ[BUF[dtype]],
                               "init": tensor_init or "const:7"},
                    "src": {"dtype": sd, "len": src_bytes // ESZ[sd], "init": src_init or "arange"}}})


# --- tile loads, rank 1 ----------------------------------------------------------------------------
load("tma/tile1d/u8_box256", "u8", [1000], [[0], [744], [900], [-100]], box=[256])
load("tma/tile1d/f32_box64_oob", "f32", [200], [[0], [150], [-20], [190]], box=[64])
load("tma/tile1d/f32_box64_oob_nan", "f32", [200], [[150], [-20]], box=[64], oob=1)
load("tma/tile1d/f16_box8", "f16", [37], [[0], [33], [-5], [40]], box=[8])

# --- rank 2, no swizzle: padding, OOB on every side, both oob_fill values ---------------------------
load("tma/tile2d/f16_box32x8", "f16", [70, 33], [[0, 0], [40, 3], [-8, -2], [60, 30]], box=[32, 8])
load("tma/tile2d/f16_box32x8_nan", "f16", [70, 33], [[-8, -2], [60, 30]], box=[32, 8], oob=1)
load("tma/tile2d/f32_box8x16_nan", "f32", [20, 20], [[0, 0], [16, -4], [-4, 12]], box=[8, 16], oob=1)
load("tma/tile2d/f16_box256x4", "f16", [300, 6], [[0, 0], [100, 4]], box=[256, 4])
load("tma/tile2d/u8_box16x256", "u8", [20, 300], [[0, 0], [8, 100]], box=[16, 256])
load("tma/tile2d/u8_box16x1_far_oob", "u8", [64, 4], [[-16, 0], [64, 0], [0, -1], [0, 4]], box=[16, 1])
load("tma/tile2d/f16_padded_rows", "f16", [24, 10], [[0, 0], [16, 6]], box=[16, 8], pad=48)

# --- swizzle, rank 2 --------------------------------------------------------------------------------
load("tma/swizzle/f16_sw32_box16x8", "f16", [40, 40], [[0, 0], [24, 36]], box=[16, 8], swizzle=32)
load("tma/swizzle/f16_sw64_box32x8", "f16", [80, 40], [[0, 0], [56, 36]], box=[32, 8], swizzle=64)
load("tma/swizzle/f16_sw128_box64x8", "f16", [130, 40], [[0, 0], [100, -4]], box=[64, 8], swizzle=128)
load("tma/swizzle/f16_sw128_box64x16", "f16", [64, 32], [[0, 0], [0, 16]], box=[64, 16], swizzle=128)
load("tma/swizzle/f16_sw128_box32x8", "f16", [64, 32], [[0, 0], [32, 8]], box=[32, 8], swizzle=128)
load("tma/swizzle/f16_sw64_box16x8", "f16", [64, 32], [[8, 0]], box=[16, 8], swizzle=64)
load("tma/swizzle/f32_sw32_box8x8", "f32", [16, 16], [[0, 0], [8, 12]], box=[8, 8], swizzle=32)
load("tma/swizzle/f32_sw64_box16x8", "f32", [32, 16], [[0, 0], [-4, 12]], box=[16, 8], swizzle=64)
load("tma/swizzle/f32_sw128_box32x8_nan", "f32", [40, 16], [[0, 0], [20, 12]], box=[32, 8], swizzle=128, oob=1)
load("tma/swizzle/u8_sw128_box128x8", "u8", [200, 16], [[0, 0], [100, 12]], box=[128, 8], swizzle=128)
load("tma/swizzle/u8_sw32_box32x16", "u8", [64, 16], [[0, 0], [48, 8]], box=[32, 16], swizzle=32)
# destinations 128- (not 1024-) aligned inside the region: the pattern follows the address bits?
load("tma/swizzle/f16_sw128_offset512", "f16", [64, 32], [[0, 0], [0, 8]], box=[64, 8], swizzle=128,
     offsets=[512, 2048 + 128])
load("tma/swizzle/f16_sw64_offset128", "f16", [64, 32], [[0, 0]], box=[32, 8], swizzle=64, offsets=[128])
# (the 128-byte-span swizzles with 32/64-byte atoms of cuda.h 13.0, tma/swizzle/f16_sw128_atom32,
# ..._atom32_flip8 and ..._atom64, were dropped: the encoder refuses them on an H100.)

# --- element strides --------------------------------------------------------------------------------
load("tma/estride/f32_es1x2", "f32", [16, 20], [[0, 0], [8, 15]], box=[8, 8], es=[1, 2])
load("tma/estride/f32_es4x3_box9", "f32", [16, 20], [[0, 0], [4, -3]], box=[8, 9], es=[4, 3])
load("tma/estride/f16_rank3_es1x2x3", "f16", [16, 9, 10], [[0, 0, 0], [8, 5, 7]], box=[8, 4, 6], es=[1, 2, 3])
load("tma/estride/u8_es8_box8", "u8", [16, 64], [[0, 0], [0, 60]], box=[16, 8], es=[1, 8])

# --- ranks 3..5 ------------------------------------------------------------------------------------
load("tma/tile3d/f16_box16x4x3", "f16", [24, 10, 6], [[0, 0, 0], [16, 8, 4], [-8, -2, -1]], box=[16, 4, 3])
load("tma/tile3d/f32_sw64_box16x2x2", "f32", [20, 5, 5], [[0, 0, 0], [8, 4, 4]], box=[16, 2, 2], swizzle=64)
load("tma/tile4d/f16_box8x4x2x2", "f16", [16, 5, 4, 3], [[0, 0, 0, 0], [12, 3, 3, 2], [-4, -2, -1, -1]],
     box=[8, 4, 2, 2])
load("tma/tile4d/u8_sw32_box32x2x2x2", "u8", [40, 3, 3, 3], [[0, 0, 0, 0], [16, 2, 2, 2]], box=[32, 2, 2, 2],
     swizzle=32)
load("tma/tile5d/u8_box16x2x2x2x2", "u8", [32, 4, 3, 3, 2],
     [[0, 0, 0, 0, 0], [24, 3, 2, 2, 1], [-8, -1, -1, -1, -1], [0, 0, 0, 0, 2]], box=[16, 2, 2, 2, 2])
load("tma/tile5d/f32_box4x2x2x2x3_es", "f32", [8, 4, 4, 4, 6], [[0, 0, 0, 0, 0], [4, 2, 3, 1, 4]],
     box=[4, 2, 2, 2, 3], es=[1, 1, 2, 1, 2])

# --- interleave (rank >= 3) -------------------------------------------------------------------------
load("tma/interleave/f16_16B", "f16", [8, 10, 5], [[0, 0, 0], [0, 8, 4]], box=[8, 4, 2], interleave=16)
load("tma/interleave/f16_32B_sw32", "f16", [16, 10, 5], [[0, 0, 0], [0, 8, 4]], box=[16, 4, 2], interleave=32,
     swizzle=32)

# --- im2col ----------------------------------------------------------------------------------------
# {C, W, N}: one offset (w); the box walks pixels along W (then N) from the coordinates.
load("tma/im2col/f16_3d_nwc", "f16", [16, 20, 2],
     [([0, -1, 0], [0]), ([0, 0, 0], [2]), ([0, 15, 0], [1])],
     im2col={"lower": [-1], "upper": [-1], "channels": 16, "pixels": 32})
# {C, W, H, N}: two offsets (w, h)
load("tma/im2col/f16_4d_nhwc", "f16", [8, 6, 6, 2],
     [([0, -1, -1, 0], [0, 0]), ([0, -1, -1, 0], [1, 2]), ([0, 0, 0, 1], [2, 2]), ([0, 3, 3, 0], [0, 1])],
     im2col={"lower": [-1, -1], "upper": [-1, -1], "channels": 8, "pixels": 24})
load("tma/im2col/f32_4d_nhwc_nan", "f32", [4, 5, 5, 2], [([0, -1, -1, 0], [0, 0]), ([0, 2, 2, 1], [2, 1])],
     im2col={"lower": [-1, -1], "upper": [1, 1], "channels": 4, "pixels": 40}, oob=1)
# {C, W, H, D, N}: three offsets (w, h, d)
load("tma/im2col/f32_5d_ndhwc", "f32", [4, 4, 4, 3, 2], [([0, -1, -1, -1, 0], [0, 0, 0]), ([0, 0, 0, 0, 1], [1, 1, 1])],
     im2col={"lower": [-1, -1, -1], "upper": [-1, -1, -1], "channels": 4, "pixels": 20})
load("tma/im2col/u8_4d_sw64", "u8", [64, 4, 4, 2], [([0, 0, 0, 0], [0, 0]), ([0, -1, -1, 1], [1, 1])],
     im2col={"lower": [-1, -1], "upper": [-1, -1], "channels": 64, "pixels": 16}, swizzle=64)
load("tma/im2col/f16_4d_channels_part", "f16", [32, 4, 4, 1], [([8, 0, 0, 0], [0, 0]), ([24, 0, 0, 0], [1, 1])],
     im2col={"lower": [0, 0], "upper": [-1, -1], "channels": 16, "pixels": 12})

# --- multicast within a cluster (launch-time cluster dimensions) -----------------------------------
load("tma/multicast/f16_cluster2", "f16", [64, 32], [[0, 0], [32, 24]], box=[32, 8], cluster=[2, 1, 1])
load("tma/multicast/f16_cluster4_sw128", "f16", [128, 32], [[0, 0], [64, 8], [-16, 28], [120, 0]], box=[64, 8],
     swizzle=128, cluster=[4, 1, 1])

# --- stores and add-reductions (shared -> global, tile mode) ---------------------------------------
store("tma/store/f16_1d_box64", "f16", [100], [64], [[0], [60], [-30]])
store("tma/store/f16_2d_box32x8", "f16", [40, 20], [32, 8], [[0, 0], [20, 16], [-16, -4]])
store("tma/store/f16_2d_sw128_box64x8", "f16", [100, 20], [64, 8], [[0, 0], [50, 14]], swizzle=128)
store("tma/store/f32_2d_sw32_box8x4", "f32", [20, 10], [8, 4], [[0, 0], [16, 8]], swizzle=32)
store("tma/store/u8_3d_box16x4x2", "u8", [40, 6, 3], [16, 4, 2], [[0, 0, 0], [32, 4, 2]], src_init="randint:0:256")
store("tma/reduce/f32_2d_add", "f32", [24, 12], [16, 8], [[0, 0], [8, 4], [16, 8]],
      tensor_init="arange", src_init="randint:0:100", reduce=True)
store("tma/reduce/u32_2d_add", "u32", [24, 12], [8, 8], [[0, 0], [4, 2], [20, 10]],
      tensor_init="randint:0:4000000000", src_init="randint:0:4000000000", reduce=True)
store("tma/reduce/f16_2d_add", "f16", [32, 8], [16, 4], [[0, 0], [8, 2], [24, 6]],
      tensor_init="uniform:-4:4", src_init="uniform:-4:4", src_dtype="f16", reduce=True)
store("tma/reduce/f32_3d_add", "f32", [8, 4, 4], [8, 2, 2], [[0, 0, 0], [0, 1, 1], [0, 3, 3]],
      tensor_init="uniform:-1:1", src_init="uniform:-1:1", reduce=True)
# f16 tensors take f16 data for the reductions (the buffer, not a u16 arange)
for s in SPECS:
    if s["name"] == "tma/reduce/f16_2d_add":
        s["buffers"]["tensor"]["dtype"] = "f16"

# --- non-tensor bulk copies ------------------------------------------------------------------------
def bulk(name, ops, src_len=4096, dst_len=4096):
    dump = max(o[1] + o[2] for o in ops) + 128
    args = [{"buf": "src"}, {"buf": "dst"}, {"buf": "out"}, {"buf": "status"}, {"i32": len(ops)}, {"u32": dump}]
    for i in range(4):
        args += [{"i32": v} for v in (ops[i] if i < len(ops) else (0, 0, 0, 0))]
    SPECS.append({"name": name, "source": "tma.cu", "entry": "bulk_copy", "grid": [1, 1, 1], "block": [128, 1, 1],
                  "shared_bytes": 0, "args": args,
                  "buffers": {"src": {"dtype": "u32", "len": src_len // 4, "init": "arange"},
                              "dst": {"dtype": "u32", "len": dst_len // 4, "init": "zeros"},
                              "out": {"dtype": "u8", "len": dump, "init": "zeros"},
                              "status": {"dtype": "u32", "len": 1, "init": "zeros"}}})


bulk("tma/bulk/four_copies", [(0, 0, 16, 0), (16, 64, 48, 256), (1024, 256, 256, 512), (2048, 1024, 1024, 2048)])
bulk("tma/bulk/unaligned16_offsets", [(48, 16, 32, 16), (4000, 112, 96, 4000), (400, 2048, 2048, 1600)])


# --- the same launches with dimension 0's coordinates 16-byte aligned -------------------------------
# The first recording (2026-11-28) showed that a tile copy whose dimension-0 coordinate times the
# element size is not a multiple of 16 bytes faults on the H100 (an illegal instruction at the
# UTMALDG/UTMASTG that issues it; every one of the 15 such specs did, none of the aligned ones). These
# copies, named `..._a16`, round each such coordinate down to the nearest aligned one (toward minus
# infinity), so the 1-d loads, the unaligned 2-d to 5-d boxes and the f16 stores are recorded too
# (recorded 13 of 15: the two stores with a negative coordinate still fault; see _r3 below).
def _aligned_copies():
    out = []
    for s in list(SPECS):
        maps = [a["tensormap"] for a in s["args"] if "tensormap" in a]
        if not maps or maps[0].get("im2col") or maps[0].get("interleave"):
            continue
        per = max(1, 16 // ESZ[maps[0]["dtype"]])
        base = 6 if s["entry"].startswith("tma_load") else 4
        ntiles = s["args"][3]["i32"]
        coords = [s["args"][base + 8 * i]["i32"] for i in range(ntiles)]
        if all(c % per == 0 for c in coords):
            continue
        t = json.loads(json.dumps(s))
        t["name"] = s["name"] + "_a16"
        for i in range(ntiles):
            t["args"][base + 8 * i]["i32"] = coords[i] // per * per
        out.append(t)
    return out


import json  # noqa: E402
SPECS += _aligned_copies()


# --- third recording (suffix _r3): what the first two left open -------------------------------------
# The two f16 stores whose _a16 copies still faulted, again with every coordinate >= 0 (a store with
# a negative coordinate faults) and tiles that do not overlap; the high side still runs out of bounds.
store("tma/store/f16_1d_box64_r3", "f16", [100], [64], [[0], [64]])
store("tma/store/f16_2d_box32x8_r3", "f16", [40, 20], [32, 8], [[0, 0], [16, 16], [32, 8]])


def interleaved_probe(name, dtype, dims, coord, box, interleave, chunk_strides=None, **kw):
    """One interleaved tile load at coord with a 4 KiB dump and a transaction count it cannot reach:
    the wait gives up long after the copy landed, so the dump shows every byte it wrote. chunk_strides:
    strides of dimensions 1.. in 16-byte chunks, over a 32 KiB buffer (packed strides without)."""
    if chunk_strides is not None:
        kw.update(strides=[16 * k for k in chunk_strides], buf_bytes=32768)
    load(f"tma/interleave/{name}", dtype, dims, [coord], box=box, interleave=interleave, dump=4096,
         tx=1 << 19, **kw)


# The interleaved loads, one tile each, with a 4 KiB dump and an expected count the copy cannot reach
# (the wait always gives up, long after the copy has landed): which bytes an interleaved box really
# writes, and how many, without the race that made the two-tile cases NONDET.
for _c, _t in (([0, 0, 0], "tile0"), ([0, 8, 4], "tile1")):
    interleaved_probe(f"f16_16B_{_t}_r3", "f16", [8, 10, 5], _c, [8, 4, 2], 16)
for _c, _t in (([0, 0, 0], "tile0"), ([0, 8, 4], "tile1")):
    interleaved_probe(f"f16_32B_sw32_{_t}_r3", "f16", [16, 10, 5], _c, [16, 4, 2], 32, swizzle=32)


# The fourth recording (`_r4`): interleaved loads that tell apart what sets the box of an interleaved
# copy (the `_r3` ones have box[0] equal to the 16- or 32-byte chunk, so box[0] and the chunk cannot be
# told apart), what bounds it, what swizzles and element strides do to it, one tile each with a 4 KiB
# dump and an unreachable count; and two with the count set to the bytes the `_r3` loads wrote, which
# complete (status 1) only if a copy counts exactly the bytes it writes.
for _n, _dt, _dims, _box, _c, _kw in (
        ("f16_16B_box8x2x2", "f16", [8, 10, 5], [8, 2, 2], [0, 0, 0], {}),
        ("f16_16B_box4x4x2", "f16", [8, 10, 5], [4, 4, 2], [0, 0, 0], {}),
        ("f16_16B_box2x4x2", "f16", [8, 10, 5], [2, 4, 2], [0, 0, 0], {}),
        ("f16_16B_box8x1x1", "f16", [8, 10, 5], [8, 1, 1], [0, 0, 0], {}),
        ("f16_16B_box8x4x3", "f16", [8, 10, 5], [8, 4, 3], [0, 0, 0], {}),
        ("f16_16B_box8x16x2", "f16", [8, 10, 5], [8, 16, 2], [0, 0, 0], {}),
        ("f16_16B_at_0_6_0", "f16", [8, 10, 5], [8, 4, 2], [0, 6, 0], {}),
        ("f16_16B_at_0_0_1", "f16", [8, 10, 5], [8, 4, 2], [0, 0, 1], {}),
        ("f16_16B_at_0_m2_0", "f16", [8, 10, 5], [8, 4, 2], [0, -2, 0], {}),
        ("f16_16B_dim16_box8_at0", "f16", [16, 10, 5], [8, 4, 2], [0, 0, 0], {}),
        ("f16_16B_dim16_box8_at8", "f16", [16, 10, 5], [8, 4, 2], [8, 0, 0], {}),
        ("f16_16B_dim16_box16", "f16", [16, 10, 5], [16, 4, 2], [0, 0, 0], {}),
        ("u8_16B_box16x4x2", "u8", [16, 10, 5], [16, 4, 2], [0, 0, 0], {}),
        ("f32_16B_box4x4x2", "f32", [4, 10, 5], [4, 4, 2], [0, 0, 0], {}),
        ("f16_32B_box16x4x2", "f16", [16, 10, 5], [16, 4, 2], [0, 0, 0], {}),
        ("f16_32B_sw32_box8x4x2", "f16", [16, 10, 5], [8, 4, 2], [0, 0, 0], {"swizzle": 32}),
        ("f16_16B_sw32_box8x4x2", "f16", [8, 10, 5], [8, 4, 2], [0, 0, 0], {"swizzle": 32}),
        ("f16_16B_es_1x2x1", "f16", [8, 10, 5], [8, 4, 2], [0, 0, 0], {"es": [1, 2, 1]}),
        ("f16_16B_4d_box8x2x2x2", "f16", [8, 6, 4, 3], [8, 2, 2, 2], [0, 0, 0, 0], {}),
):
    interleaved_probe(f"{_n}_r4", _dt, _dims, _c, _box, 32 if "_32B" in _n else 16, **_kw)
load("tma/interleave/f16_16B_tx256_r4", "f16", [8, 10, 5], [[0, 0, 0]], box=[8, 4, 2], interleave=16,
     dump=4096, tx=256)
load("tma/interleave/f16_32B_sw32_tx1024_r4", "f16", [16, 10, 5], [[0, 0, 0]], box=[16, 4, 2],
     interleave=32, swizzle=32, dump=4096, tx=1024)

# The fifth recording (`_r5`): the same questions with strides that are not packed (each a distinct
# number of 16-byte chunks, none a multiple of another) and a 32 KiB tensor buffer holding arange
# past the tensor's end, so that each run's offset names the dimension it steps along, and zeros
# can only be the out-of-bounds fill, never memory past the buffer.
for _n, _il, _dims, _st, _box, _c, _kw in (
        ("3d_box8x3x2", 16, [8, 10, 5], [3, 37], [8, 3, 2], [0, 0, 0], {}),
        ("3d_box8x3x2_at_0_1_1", 16, [8, 10, 5], [3, 37], [8, 3, 2], [0, 1, 1], {}),
        ("3d_dim16_box8x3x2_at_8_0_0", 16, [16, 10, 5], [3, 37], [8, 3, 2], [8, 0, 0], {}),
        ("3d_box8x3x2_at_0_9_4", 16, [8, 10, 5], [3, 37], [8, 3, 2], [0, 9, 4], {}),
        ("3d_dim1_2_box8x3x2", 16, [8, 2, 5], [3, 37], [8, 3, 2], [0, 0, 0], {}),
        ("3d_box16x3x2", 16, [8, 10, 5], [3, 37], [16, 3, 2], [0, 0, 0], {}),
        ("3d_es_1x1x2_box8x3x4", 16, [8, 10, 5], [3, 37], [8, 3, 4], [0, 0, 0], {"es": [1, 1, 2]}),
        ("3d_es_2x1x1_box8x3x2", 16, [8, 10, 5], [3, 37], [8, 3, 2], [0, 0, 0], {"es": [2, 1, 1]}),
        ("4d_box8x3x2x4", 16, [8, 6, 4, 3], [3, 29, 131], [8, 3, 2, 4], [0, 0, 0, 0], {}),
        ("5d_box8x3x2x1x2", 16, [8, 4, 3, 3, 2], [3, 17, 61, 211], [8, 3, 2, 1, 2], [0, 0, 0, 0, 0], {}),
        ("3d_box12x3x2", 16, [16, 10, 5], [3, 37], [12, 3, 2], [0, 0, 0], {}),
        ("3d_32B_sw32_box8x3x2", 32, [16, 10, 5], [6, 74], [8, 3, 2], [0, 0, 0], {"swizzle": 32}),
):
    interleaved_probe(f"f16_{_n}_r5", "f16", _dims, _c, _box, _il, chunk_strides=_st, **_kw)

# The sixth (`_r6`): whether a 5-d box steps along dimension 3 (rank - 2, the dimension the 3-d and
# 4-d boxes of `_r5` never step along), and how coordinates at or past a dimension's end are bounded.
for _n, _dims, _st, _box, _c in (
        ("5d_box8x2x2x3x2", [8, 4, 3, 3, 2], [3, 17, 61, 211], [8, 2, 2, 3, 2], [0, 0, 0, 0, 0]),
        ("3d_box8x3x2_at_0_10_0", [8, 10, 5], [3, 37], [8, 3, 2], [0, 10, 0]),
        ("3d_box8x3x2_at_4_0_0", [8, 10, 5], [3, 37], [8, 3, 2], [4, 0, 0]),
        ("4d_box8x3x2x2_at_0_0_3_0", [8, 6, 4, 3], [3, 29, 131], [8, 3, 2, 2], [0, 0, 3, 0]),
        ("4d_box8x3x2x2_at_0_0_4_0", [8, 6, 4, 3], [3, 29, 131], [8, 3, 2, 2], [0, 0, 4, 0]),
        ("4d_box8x3x2x2_at_0_5_0_0", [8, 6, 4, 3], [3, 29, 131], [8, 3, 2, 2], [0, 5, 0, 0]),
):
    interleaved_probe(f"f16_{_n}_r6", "f16", _dims, _c, _box, 16, chunk_strides=_st)


# The seventh (`_r7`): stores and add-reductions through interleaved maps, with the `_r5` strides (a
# distinct number of 16-byte chunks each) in a 32 KiB buffer: which slices a store writes (the
# loads' walk, one row of dimension rank - 2?), how it is bounded, and whether a reduction adds
# each element of a slice as its type.
for _n, _dt, _dims, _st, _box, _cs, _kw in (
        ("store_f16_16B_box8x3x2", "f16", [8, 10, 5], [3, 37], [8, 3, 2], [[0, 0, 0], [4, 9, 4]], {}),
        ("store_f16_32B_sw32_box8x3x2", "f16", [16, 10, 5], [6, 74], [8, 3, 2], [[0, 0, 0]], {"swizzle": 32}),
        ("reduce_u32_16B_box8x3x2", "u32", [8, 10, 5], [3, 37], [8, 3, 2], [[0, 0, 0], [0, 1, 1]],
         {"reduce": True, "tensor_init": "randint:0:4000000000", "src_init": "randint:0:4000000000"}),
        ("reduce_f32_32B_box4x3x2", "f32", [16, 10, 5], [6, 74], [4, 3, 2], [[0, 0, 0]],
         {"reduce": True, "tensor_init": "uniform:-1:1", "src_init": "uniform:-1:1"}),
):
    store(f"tma/interleave/{_n}_r7", _dt, _dims, _box, _cs, interleave=16 if "_16B" in _n else 32,
          strides=[16 * k for k in _st], buf_bytes=32768, **_kw)


# --- what the H100 refuses: these specs stay out of SPECS ------------------------------------------
# (tools/generators/tma-cases/README.md, "What the first recording taught"). They are still written above, as the
# sources of their _a16 copies, whose arguments must stay as recorded.
def fault_reason(s):
    """Why a launch of spec s faults on the H100 (None: it does not, as far as the recordings tell)."""
    maps = [a["tensormap"] for a in s["args"] if "tensormap" in a]
    if maps and maps[0].get("interleave") and maps[0]["box"][0] * ESZ[maps[0]["dtype"]] % 16:
        return "the encoder refuses an interleaved box row that is not a multiple of 16 bytes"
    if not maps or maps[0].get("im2col") or maps[0].get("interleave"):
        return None
    rank = len(maps[0]["dims"])
    base = 6 if s["entry"].startswith("tma_load") else 4
    tiles = [s["args"][base + 8 * i: base + 8 * i + rank] for i in range(s["args"][3]["i32"])]
    for t in tiles:
        c = [a["i32"] for a in t]
        if c[0] * ESZ[maps[0]["dtype"]] % 16:
            return f"dimension-0 coordinate {c[0]} is not on a 16-byte boundary"
        if not s["entry"].startswith("tma_load") and min(c) < 0:
            return f"a store or reduction at {c}, below 0"
    return None


DROPPED = {s["name"]: fault_reason(s) for s in SPECS if fault_reason(s)}
SPECS = [s for s in SPECS if s["name"] not in DROPPED]
assert len(DROPPED) == 20 and len(SPECS) == 99, (len(DROPPED), len(SPECS))
