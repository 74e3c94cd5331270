#!/usr/bin/env python3
"""Record what the CUDA driver's tensor-map encoders write (runs on the device machine).

    python3 tools/generators/tensormap-probe/probe.py OUT.jsonl[.gz] [--dry-run]

Calls cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col (libcuda.so.1, through ctypes) over a
systematic set of parameters: a baseline, then one field at a time (every data type, ranks 1..5,
single-bit walks of the global address, of every globalDim and globalStride position, box sizes,
element strides, interleave x swizzle, L2 promotion, OOB fill, the im2col corners, channels and
pixels), then invalid inputs, then seeded random combinations to check a solved model against.
Writes one JSON line per call: every parameter, the CUresult (number and name) and the 128
bytes of the CUtensorMap as hex (the map is cleared to the "prefill" byte before each call, so
bytes the encoder leaves alone show). The first line is a header (driver version, device,
whether fake addresses were used). --dry-run uses a stub encoder (no GPU, no libcuda): it
checks the parameter generator and the output, nothing else.

The global addresses are fake (0x7f0000001000 and bit walks): the encoder does not touch the
memory it describes. A few calls over a real cuMemAlloc allocation are recorded too
("real_alloc": true) so that this can be checked in the output; if the baseline with a fake
address fails while the real one succeeds, every address is rebased onto the allocation
(header "address_mode": "real").

Enum values and prototypes are those of cuda.h 13.0 (nvidia/cu13/include/cuda.h):
  CUtensorMapDataType: UINT8=0 UINT16 UINT32 INT32 UINT64 INT64 FLOAT16 FLOAT32 FLOAT64 BFLOAT16
    FLOAT32_FTZ TFLOAT32 TFLOAT32_FTZ 16U4_ALIGN8B 16U4_ALIGN16B 16U6_ALIGN16B(=15)
  CUtensorMapInterleave: NONE=0 16B 32B;  CUtensorMapSwizzle: NONE=0 32B 64B 128B
    128B_ATOM_32B 128B_ATOM_32B_FLIP_8B 128B_ATOM_64B(=6)
  CUtensorMapL2promotion: NONE=0 L2_64B L2_128B L2_256B;  CUtensorMapFloatOOBfill: NONE=0
    NAN_REQUEST_ZERO_FMA
"""
import ctypes, gzip, json, os, random, sys, time

DTYPES = ["UINT8", "UINT16", "UINT32", "INT32", "UINT64", "INT64", "FLOAT16", "FLOAT32", "FLOAT64",
          "BFLOAT16", "FLOAT32_FTZ", "TFLOAT32", "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B",
          "16U6_ALIGN16B"]
# element size in bytes; the packed types count individual 4/6-bit values (16 of them per 8/16 bytes)
ESIZE = [1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4, None, None, None]
PACKED = {13, 14, 15}
FLOATS = {6, 7, 8, 9, 10, 11, 12}
SWIZZLE_SPAN = {0: None, 1: 32, 2: 64, 3: 128, 4: 128, 5: 128, 6: 128}
A0 = 0x7F0000001000


class Driver:
    def __init__(self):
        self.cu = cu = ctypes.CDLL("libcuda.so.1")
        P, U32, U64, I = ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int
        pU64, pU32, pI = ctypes.POINTER(U64), ctypes.POINTER(U32), ctypes.POINTER(I)
        cu.cuInit.argtypes = [ctypes.c_uint]
        cu.cuDriverGetVersion.argtypes = [pI]
        cu.cuDeviceGet.argtypes = [pI, I]
        cu.cuDeviceGetName.argtypes = [ctypes.c_char_p, I, I]
        cu.cuDevicePrimaryCtxRetain.argtypes = [ctypes.POINTER(P), I]
        cu.cuCtxSetCurrent.argtypes = [P]
        cu.cuMemAlloc_v2.argtypes = [pU64, ctypes.c_size_t]
        cu.cuGetErrorName.argtypes = [I, ctypes.POINTER(ctypes.c_char_p)]
        # CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t rank,
        #   void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
        #   const cuuint32_t *boxDim, const cuuint32_t *elementStrides, CUtensorMapInterleave,
        #   CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill)
        cu.cuTensorMapEncodeTiled.argtypes = [P, I, U32, P, pU64, pU64, pU32, pU32, I, I, I, I]
        cu.cuTensorMapEncodeTiled.restype = I
        # CUresult cuTensorMapEncodeIm2col(CUtensorMap*, CUtensorMapDataType, cuuint32_t rank,
        #   void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
        #   const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner,
        #   cuuint32_t channelsPerPixel, cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
        #   CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill)
        cu.cuTensorMapEncodeIm2col.argtypes = [P, I, U32, P, pU64, pU64, pI, pI, U32, U32, pU32, I, I, I, I]
        cu.cuTensorMapEncodeIm2col.restype = I
        self.check(cu.cuInit(0), "cuInit")
        v = I(); cu.cuDriverGetVersion(ctypes.byref(v)); self.version = v.value
        dev = I(); self.check(cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
        name = ctypes.create_string_buffer(256); cu.cuDeviceGetName(name, 256, dev)
        self.device = name.value.decode()
        ctx = P(); self.check(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "retain")
        self.check(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        d = U64(); self.check(cu.cuMemAlloc_v2(ctypes.byref(d), 1 << 24), "cuMemAlloc")
        self.real_base = d.value

    def check(self, r, what):
        if r: raise RuntimeError(f"{what}: CUresult {r} {self.name(r)}")

    def name(self, r):
        s = ctypes.c_char_p()
        return s.value.decode() if self.cu.cuGetErrorName(r, ctypes.byref(s)) == 0 and s.value else f"CUresult_{r}"

    def encode(self, fn, mapaddr, p):
        cu = self.cu
        n = max(6, p["rank"])
        def arr(t, vals, fill):
            vals = list(vals) + [fill] * (n - len(vals))
            return (t * n)(*[v & ((1 << (8 * ctypes.sizeof(t))) - 1) if t is not ctypes.c_int else v for v in vals])
        dims = arr(ctypes.c_uint64, p["dims"], 1)
        strides = arr(ctypes.c_uint64, p["strides"], 1 << 20)
        es = arr(ctypes.c_uint32, p["element_strides"], 1)
        if fn == "tiled":
            box = arr(ctypes.c_uint32, p["box"], 1)
            return cu.cuTensorMapEncodeTiled(mapaddr, p["dtype"], p["rank"], p["addr"] or None, dims, strides, box,
                                             es, p["interleave"], p["swizzle"], p["l2_promotion"], p["oob_fill"])
        lo = arr(ctypes.c_int, p["lower"], 0)
        hi = arr(ctypes.c_int, p["upper"], 0)
        return cu.cuTensorMapEncodeIm2col(mapaddr, p["dtype"], p["rank"], p["addr"] or None, dims, strides, lo, hi,
                                          p["channels"], p["pixels"], es, p["interleave"], p["swizzle"],
                                          p["l2_promotion"], p["oob_fill"])


class Stub:
    """--dry-run: no driver; every call 'succeeds' and writes the rank into byte 0."""
    version, device, real_base = 0, "stub", 0x7F5500000000
    def name(self, r): return "CUDA_SUCCESS" if r == 0 else f"CUresult_{r}"
    def encode(self, fn, mapaddr, p):
        ctypes.memset(mapaddr, p["rank"] & 0xFF, 1); return 0


def esz(dt):
    return ESIZE[dt] if 0 <= dt < len(ESIZE) and ESIZE[dt] else 1


def r16(x):
    return (x + 15) // 16 * 16


def tiled_params(dtype, dims, box, strides=None, es=None, addr=A0, interleave=0, swizzle=0, l2=0, oob=0):
    rank = len(dims)
    if strides is None:  # packed, each row 16-aligned (32 for the packed 16-byte types / interleave 32B)
        al = 32 if dtype in (14, 15) or interleave == 2 else 16
        row = (dims[0] // 2 if dtype in PACKED else dims[0] * esz(dtype))
        strides, s = [], -(-row // al) * al
        for d in dims[1:]:
            strides.append(s); s *= d
    return {"dtype": dtype, "rank": rank, "addr": addr, "dims": list(dims), "strides": list(strides),
            "box": list(box), "element_strides": list(es or [1] * rank), "interleave": interleave,
            "swizzle": swizzle, "l2_promotion": l2, "oob_fill": oob}


def im2col_params(dtype, dims, lower, upper, channels, pixels, strides=None, es=None, addr=A0, interleave=0,
                  swizzle=0, l2=0, oob=0):
    p = tiled_params(dtype, dims, [1] * len(dims), strides, es, addr, interleave, swizzle, l2, oob)
    del p["box"]
    p.update(lower=list(lower), upper=list(upper), channels=channels, pixels=pixels)
    return p


def tiled_cases():
    C = []
    add = lambda tag, p: C.append((tag, p))
    base = lambda **kw: tiled_params(**{"dtype": 6, "dims": [64, 32], "box": [16, 8], **kw})
    add("baseline", base())
    add("baseline", dict(base(), prefill="ff"))
    # every data type, rank 2 and rank 5
    for dt in range(16):
        if dt in PACKED:
            add("dtype", tiled_params(dt, [256, 32], [128, 8]))
            add("dtype", tiled_params(dt, [256, 6, 5, 4, 3], [128, 3, 2, 2, 1]))
        else:
            add("dtype", tiled_params(dt, [64, 32], [64 // esz(dt), 8]))
            add("dtype", tiled_params(dt, [64, 6, 5, 4, 3], [32 // esz(dt), 3, 2, 2, 1]))
            add("dtype_oob1", tiled_params(dt, [64, 32], [64 // esz(dt), 8], oob=1))
    add("dtype_invalid", tiled_params(16, [64, 32], [16, 8]))
    add("dtype_invalid", tiled_params(255, [64, 32], [16, 8]))
    # ranks 1..5, fields distinct per position (u8: box0 any multiple of 16)
    for rank in range(1, 6):
        dims = [96, 7, 6, 5, 3][:rank]
        box = [48, 5, 4, 3, 2][:rank]
        es = [1, 2, 3, 2, 1][:rank]
        add("rank", tiled_params(0, dims, box, es=es))
        add("rank", tiled_params(7, [d * 2 for d in dims], [16] + box[1:], es=[3] + es[1:]))
    # global address: offsets and single-bit walk (bits 4..63), plus all-ones patterns
    for k in range(0, 33):
        add("addr_offset", base(addr=A0 + 16 * k))
    for b in range(0, 64):
        add("addr_bit", base(addr=(1 << b) | (0 if b >= 4 else 0x1000)))
    for a in (0, 16, 0xFFFFFFFFFFF0, (1 << 49) - 16, (1 << 56) - 16, (1 << 57), (1 << 64) - 16,
              0x7F0000001008, 0x7F0000001004, 0x7F0000001001, 0x7F0000001002, 0x7F0000001020):
        add("addr_special", base(addr=a))
    # globalDim: bit walks and special values, each position of a rank-5 u8 tensor
    for pos in range(5):
        for v in [1 << b for b in range(0, 34)] + [3, 255, 65535, (1 << 31) - 1, (1 << 32) - 1, (1 << 32) + 1, 0]:
            dims = [32, 3, 3, 3, 3]; dims[pos] = v
            strides = [32, 96, 288, 864]  # fixed; may be smaller than the tensor: recorded as is
            add(f"dim{pos}", tiled_params(0, dims, [16, 1, 1, 1, 1], strides=strides))
        for v in (255, 65536, 1 << 31, 1 << 32):
            dims = [32, 3, 3, 3, 3]; dims[pos] = v
            add(f"dim{pos}_fitted", tiled_params(0, dims, [16, 1, 1, 1, 1]))
    # globalStrides: bit walks, each position of a rank-5 tensor
    for pos in range(4):
        for v in [1 << b for b in range(0, 42)] + [48, 80, 0x123450, (1 << 40) - 16, 0, 24, 8]:
            strides = [64, 1024, 16384, 262144]; strides[pos] = v
            add(f"stride{pos}", tiled_params(0, [32, 4, 4, 4, 4], [16, 2, 2, 2, 2], strides=strides))
    # boxDim: position 0 (u8: multiples of 16, plus invalid ones), positions 1..4 (rank 5)
    for v in list(range(16, 257, 16)) + [0, 8, 24, 257, 272, 512]:
        add("box0", tiled_params(0, [512, 8], [v, 2]))
    for v in [1, 8, 24, 72, 128, 136, 256, 264]:
        add("box0_f32", tiled_params(7, [512, 8], [v, 2]))  # 4-byte elements: box0*4 % 16
    for pos in range(1, 5):
        for v in [1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 63, 64, 100, 127, 128, 129, 200, 255, 256, 257, 0]:
            box = [16, 2, 2, 2, 2]; box[pos] = v
            add(f"box{pos}", tiled_params(0, [32, 300, 300, 300, 300], box))
    # elementStrides, each position of rank 5 (0 and 9 invalid)
    for pos in range(5):
        for v in range(0, 10):
            es = [1] * 5; es[pos] = v
            add(f"es{pos}", tiled_params(0, [64, 16, 16, 16, 16], [32, 8, 8, 8, 8], es=es))
    # element strides and box not dividing
    for e, b in [(2, 3), (3, 8), (4, 4), (8, 8), (8, 7), (5, 256)]:
        add("es_box", tiled_params(6, [64, 300], [16, b], es=[1, e]))
    # swizzle x inner box bytes (u8 and f16), interleave none
    for sw in range(0, 8):
        for bytes_ in (16, 32, 48, 64, 80, 96, 128, 144, 256):
            add("swizzle_box", tiled_params(0, [512, 16], [bytes_, 4], swizzle=sw))
        add("swizzle_f16", tiled_params(6, [64, 64, 4], [32, 8, 2], swizzle=sw))
    # interleave x swizzle (rank 3, 4, and rank 2 which is invalid for interleave)
    for il in range(0, 4):
        for sw in range(0, 7):
            for b0 in (8, 16, 32, 64):
                add("interleave", tiled_params(6, [8, 64, 16], [b0, 8, 2], interleave=il, swizzle=sw))
            add("interleave_r4", tiled_params(6, [16, 32, 8, 4], [8, 8, 2, 2], interleave=il, swizzle=sw))
            add("interleave_r2", tiled_params(6, [16, 32], [8, 8], interleave=il, swizzle=sw))
    # interleave with element strides on dimension 0 (used there, ignored with interleave none)
    for il in (0, 1, 2):
        for e in (1, 2, 4):
            add("interleave_es0", tiled_params(6, [16, 64, 16], [16, 8, 2], es=[e, 1, 1], interleave=il,
                                               swizzle=1 if il == 2 else 0))
    # L2 promotion and OOB fill (with float and integer types); invalid enum values
    for l2 in range(0, 6):
        add("l2", base(l2=l2))
    for oob in range(0, 3):
        for dt in (0, 2, 3, 6, 7, 8, 9, 11, 13):
            add("oob", tiled_params(dt, [256, 8] if dt in PACKED else [64, 8],
                                    [128, 2] if dt in PACKED else [16, 2], oob=oob))
    # misc invalids
    add("rank_invalid", dict(tiled_params(6, [64, 32], [16, 8]), rank=0))
    for r in (6, 7):
        add("rank_invalid", tiled_params(6, [64, 4, 4, 4, 4, 4, 4][:r], [8, 2, 2, 2, 2, 2, 2][:r]))
    add("packed_dim0", tiled_params(14, [200, 4], [128, 2]))
    add("packed_box0", tiled_params(14, [256, 4], [64, 2]))
    add("packed_align", tiled_params(14, [256, 4], [128, 2], addr=A0 + 16))
    add("packed_stride", tiled_params(14, [256, 4], [128, 2], strides=[144]))
    add("packed_8b_odd", tiled_params(13, [255, 4], [128, 2], strides=[128]))
    add("interleave32_align", tiled_params(6, [16, 64, 16], [16, 8, 2], interleave=2, swizzle=1, addr=A0 + 16))
    add("interleave32_stride", tiled_params(6, [16, 64, 16], [16, 8, 2], strides=[48, 3072], interleave=2, swizzle=1))
    # seeded random valid-looking combinations (for checking a solved model)
    rng = random.Random(20261130)
    for _ in range(400):
        dt = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        rank = rng.randint(1, 5)
        e = esz(dt)
        sw = rng.choice([0, 0, 1, 2, 3, 4, 5, 6])
        span = SWIZZLE_SPAN[sw] or 256 * e
        b0 = rng.randint(1, max(1, min(256 * e, span) // 16)) * 16 // e
        dims = [rng.choice([1, 2, 3, rng.randint(1, 1 << rng.randint(1, 32))]) for _ in range(rank)]
        dims[0] = max(dims[0], 1)
        strides, s = [], 0
        for i in range(rank - 1):
            s = rng.randint(1, 1 << rng.randint(1, 35)) * 16
            strides.append(s)
        box = [b0] + [rng.randint(1, 256) for _ in range(rank - 1)]
        es = [rng.randint(1, 8) for _ in range(rank)]
        p = tiled_params(dt, dims, box, strides=strides, es=es, addr=rng.randint(1, 1 << 44) * 16,
                         swizzle=sw, l2=rng.randint(0, 3), oob=rng.randint(0, 1) if dt in FLOATS else 0)
        add("random", p)
    return C


def im2col_cases():
    C = []
    add = lambda tag, p: C.append((tag, p))
    # NHWC-like, innermost first: {C, W, H, D, N}
    def base(rank=4, **kw):
        dims = {3: [64, 32, 4], 4: [64, 16, 16, 4], 5: [64, 8, 8, 8, 2]}[rank]
        lo = {3: [-1], 4: [-1, -1], 5: [-1, -1, -1]}[rank]
        hi = {3: [1], 4: [1, 1], 5: [1, 1, 1]}[rank]
        a = dict(dtype=6, dims=dims, lower=lo, upper=hi, channels=32, pixels=64)
        a.update(kw)
        return im2col_params(**a)
    for rank in (3, 4, 5):
        add("baseline", base(rank))
        add("baseline", dict(base(rank), prefill="ff"))
    for rank in (1, 2, 6):
        dims = [64, 8, 8, 8, 8, 8][:rank]
        add("rank_invalid", im2col_params(6, dims, [0] * max(rank - 2, 1), [0] * max(rank - 2, 1), 32, 64))
    for dt in range(16):
        if dt in PACKED:
            add("dtype", base(4, dtype=dt, dims=[256, 16, 16, 4], channels=128))
        else:
            add("dtype", base(4, dtype=dt, channels=64 // esz(dt)))
    # corners: bit walks within and past each rank's range, each position
    rng_of = {3: 32768, 4: 128, 5: 16}
    for rank in (3, 4, 5):
        lim = rng_of[rank]
        vals = sorted({0, 1, 2, 3, -1, -2, -3, lim - 1, -lim, lim, -lim - 1} |
                      {v for b in range(16) for v in ((1 << b), -(1 << b)) if -lim <= v < lim})
        for pos in range(rank - 2):
            for v in vals:
                lo = [-1] * (rank - 2); lo[pos] = v
                add(f"lower{pos}", base(rank, lower=lo))
                hi = [1] * (rank - 2); hi[pos] = v
                add(f"upper{pos}", base(rank, upper=hi))
    # empty bounding box (zero area): lower == upper + window
    add("corner_empty", base(4, dims=[64, 4, 4, 1], lower=[0, 0], upper=[-3, -3]))
    add("corner_empty", base(4, dims=[64, 4, 4, 1], lower=[2, 2], upper=[-3, -3]))
    for v in [1, 2, 3, 4, 8, 15, 16, 17, 32, 64, 100, 128, 255, 256, 257, 0]:
        add("channels", base(4, dtype=0, dims=[512, 16, 16, 4], channels=v))
    for v in [1, 2, 3, 4, 8, 16, 17, 31, 32, 64, 100, 127, 128, 256, 511, 512, 1000, 1023, 1024, 1025, 2048, 0]:
        add("pixels", base(4, pixels=v))
    for pos in range(5):
        for v in range(0, 10):
            es = [1] * 5; es[pos] = v
            add(f"es{pos}", im2col_params(6, [64, 8, 8, 8, 2], [-1, -1, -1], [1, 1, 1], 32, 64, es=es))
    for sw in range(0, 8):
        for ch in (8, 16, 32, 48, 64, 128):
            add("swizzle", base(4, dtype=0, dims=[256, 16, 16, 4], channels=ch, swizzle=sw))
    for il in range(0, 4):
        for sw in range(0, 7):
            add("interleave", base(4, dims=[8, 16, 16, 4], channels=8, interleave=il, swizzle=sw))
    for l2 in range(0, 5):
        add("l2", base(4, l2=l2))
    for oob in range(0, 3):
        for dt in (0, 6, 7):
            add("oob", base(4, dtype=dt, channels=32 // esz(dt), oob=oob))
    for a in [A0 + 16 * k for k in range(8)] + [1 << b for b in range(4, 60, 3)] + [A0 + 8, 0]:
        add("addr", base(4, addr=a))
    for pos in range(5):
        for v in [1, 2, 3, 255, 65536, 1 << 20, (1 << 31), (1 << 32), (1 << 32) + 1]:
            dims = [64, 8, 8, 8, 2]; dims[pos] = v
            add(f"dim{pos}", im2col_params(6, dims, [-1, -1, -1], [1, 1, 1], 32, 64,
                                           strides=[128, 1024, 8192, 65536]))
    for pos in range(4):
        for b in range(4, 42, 3):
            strides = [128, 1024, 8192, 65536]; strides[pos] = 1 << b
            add(f"stride{pos}", im2col_params(6, [64, 8, 8, 8, 2], [-1, -1, -1], [1, 1, 1], 32, 64,
                                              strides=strides))
    rng = random.Random(20261131)
    for _ in range(200):
        rank = rng.randint(3, 5)
        dt = rng.choice([0, 1, 2, 6, 7, 8, 9])
        lim = rng_of[rank]
        sw = rng.choice([0, 1, 2, 3, 4, 6])
        span = SWIZZLE_SPAN[sw] or 256 * esz(dt)
        ch = rng.randint(1, max(1, min(256 * esz(dt), span) // 16)) * 16 // esz(dt)
        dims = [rng.randint(1, 4096) for _ in range(rank)]
        strides = [rng.randint(1, 1 << rng.randint(1, 30)) * 16 for _ in range(rank - 1)]
        lo = [rng.randint(-lim, lim - 1) for _ in range(rank - 2)]
        hi = [rng.randint(-lim, lim - 1) for _ in range(rank - 2)]
        p = im2col_params(dt, dims, lo, hi, ch, rng.randint(1, 1024), strides=strides,
                          es=[rng.randint(1, 8) for _ in range(rank)], addr=rng.randint(1, 1 << 44) * 16,
                          swizzle=sw, l2=rng.randint(0, 3), oob=rng.randint(0, 1) if dt in FLOATS else 0)
        add("random", p)
    return C


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out_path = sys.argv[1]
    dry = "--dry-run" in sys.argv
    t0 = time.time()
    drv = Stub() if dry else Driver()
    raw = ctypes.create_string_buffer(512)
    mapaddr = (ctypes.addressof(raw) + 63) // 64 * 64

    def call(fn, p):
        ctypes.memset(mapaddr, int(p.get("prefill", "00"), 16), 128)
        r = drv.encode(fn, mapaddr, p)
        return r, ctypes.string_at(mapaddr, 128).hex()

    mode = "fake"
    if not dry:
        # does a fake address encode like a real one?
        p = tiled_params(6, [64, 32], [16, 8])
        r_fake, _ = call("tiled", p)
        r_real, _ = call("tiled", dict(p, addr=drv.real_base))
        if r_fake != 0 and r_real == 0:
            mode = "real"
    f = gzip.open(out_path, "wt") if out_path.endswith(".gz") else open(out_path, "w")
    f.write(json.dumps({"header": True, "driver_version": drv.version, "device": drv.device,
                        "address_mode": mode, "real_base": drv.real_base, "fake_base": A0,
                        "dtypes": DTYPES}) + "\n")
    n = ok = 0
    cases = [("tiled", t, p) for t, p in tiled_cases()] + [("im2col", t, p) for t, p in im2col_cases()]
    # the same encodes over a real allocation, to compare with the fake addresses
    for fn, t, p in list(cases):
        if t == "baseline" or (t == "addr_offset" and p["addr"] - A0 < 64):
            cases.append((fn, "real_alloc", dict(p, addr=drv.real_base + (p["addr"] - A0), real_alloc=True)))
    for fn, tag, p in cases:
        q = dict(p)
        if mode == "real" and not q.get("real_alloc") and q["addr"]:
            q["addr"] = drv.real_base + (q["addr"] % (1 << 24)) if q["addr"] >= 16 else q["addr"]
        r, hexmap = call(fn, q)
        rec = {"fn": fn, "tag": tag, **q, "prefill": q.get("prefill", "00"), "result": r,
               "result_name": drv.name(r), "map": hexmap}
        f.write(json.dumps(rec) + "\n")
        n += 1; ok += r == 0
    # tensor map alignment: 64-aligned + 16 (inside our buffer, so a write there is harmless)
    p = tiled_params(6, [64, 32], [16, 8])
    ctypes.memset(mapaddr, 0, 256)
    r = drv.encode("tiled", mapaddr + 16, p)
    f.write(json.dumps({"fn": "tiled", "tag": "map_misaligned16", **p, "prefill": "00", "result": r,
                        "result_name": drv.name(r), "map": ctypes.string_at(mapaddr + 16, 128).hex()}) + "\n")
    n += 1; ok += r == 0
    f.close()
    print(f"{n} calls, {ok} succeeded, {time.time() - t0:.1f} s, address mode {mode}, driver {drv.version}, "
          f"device {drv.device}")


if __name__ == "__main__":
    main()
