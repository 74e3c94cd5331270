#!/usr/bin/env python3
"""Writes the wgmma kernel cases: one PTX module per wgmma.mma_async form, and launch specs
(tools/generators/gpu-golden/kernels/SPEC.md) that run each with operand layouts and inputs to record
on an H100 (record.sh) and replay in the simulator (ptx-tools/tests/kernel_cases.rs).

Each kernel is one warpgroup (128 threads): it copies the A and B images (the shared-memory bytes
the descriptors describe, drawn at random by the recorder) from global into dynamic shared memory
(aligned to 1024 bytes), loads each thread's accumulator registers from C, runs
wgmma.fence / wgmma.mma_async / commit_group / wait_group 0, and stores the registers to D
(thread t's register r at D[t * regs + r]). The descriptors come in as parameters with their start
address relative to the image; the kernel adds the image's shared address (>> 4). Where A comes
from registers, thread t's register r is A[t * regs + r].

The generator decides only valid descriptors and how many bytes they may reach (the layout model of
footprint() below, the PTX ISA's canonical layouts); what the hardware makes of them is what the
recording says.

usage (from the repository root): python3 tools/generators/wgmma-cases/gen.py
    writes tests/data/kernels/wgmma/modules/*.ptx and index.tsv; the specs are not stored: specs()
    computes them (merge.py and record.sh call it)
"""
import os

# Element bits, K of one wgmma, and the recorder's init and dtype of an image of this type.
TYPES = {
    "f16": (16, 16, "f16", "normal"),
    "bf16": (16, 16, "bf16", "normal"),
    "tf32": (32, 8, "f32", "normal"),
    "e4m3": (8, 32, "u8", "randint:0:248"),
    "e5m2": (8, 32, "u8", "randint:0:248"),
    "s8": (8, 32, "i8", "randint:-128:128"),
    "u8": (8, 32, "u8", "randint:0:256"),
    "b1": (1, 256, "u32", "randint:0:4294967296"),
}
SWIZZLE_CODE = {0: 0, 128: 1, 64: 2, 32: 3}  # bits 62-63 of a descriptor; 0 = no swizzle


def descriptor(start, lbo, sbo, swizzle):
    """A descriptor template: start address, LBO and SBO in bytes (>> 4 into their fields)."""
    assert start % 16 == 0 and lbo % 16 == 0 and sbo % 16 == 0
    return (start >> 4) | ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (SWIZZLE_CODE[swizzle] << 62)


def footprint(rows, kbytes, eb, major, swizzle, lbo, sbo, start):
    """Bytes from the image's start a (rows x K) operand may reach: rows of M (or N), K in bytes.
    K-major: 8-row core matrices of 16-byte chunks; without swizzle, chunks along K LBO apart and
    8-row groups SBO apart; with a swizzle of W bytes, 8 rows of W bytes (K within one row) and
    8-row groups SBO apart. MN-major: 16-byte chunks run along M; without swizzle, 8 K-rows of one
    chunk form a core matrix, chunks along M SBO apart and K-groups of 8 LBO apart; with a
    swizzle of W bytes, W bytes of M per K-row, 8 K-rows, M-atoms LBO apart, K-groups SBO apart."""
    if major == "K":
        if swizzle == 0:
            far = (rows // 8 - 1) * sbo + 7 * 16 + (kbytes // 16 - 1) * lbo + 16
        else:
            far = (rows // 8 - 1) * sbo + (max(kbytes // swizzle, 1) - 1) * lbo + 8 * swizzle
    else:
        mbytes = rows * eb // 8
        kelems = kbytes * 8 // eb
        if swizzle == 0:
            far = (mbytes // 16 - 1) * sbo + (kelems // 8 - 1) * lbo + 8 * 16
        else:
            far = (max(mbytes // swizzle, 1) - 1) * lbo + (kelems // 8 - 1) * sbo + 8 * swizzle
    return start + far


def layout(rows, kbytes, eb, major, swizzle, variant=0):
    """(lbo, sbo, start, bytes) of a compact layout of the operand, or a padded one (variant 1),
    or one whose start is `variant` 32-byte steps into a 128-byte swizzle row (K-major, the way a
    kernel steps K through a wider tile)."""
    if major == "K":
        if swizzle == 0:
            lbo, sbo = (128, 128 * (kbytes // 16)) if variant != 1 else (256 * (rows // 8), 128)
            start = 0
        else:
            sbo = 8 * swizzle * (2 if variant == 1 else 1)
            # K wider than a line (a sparse B): lines of K LBO apart, after all the rows.
            lbo = sbo * (rows // 8) if kbytes > swizzle else 16
            start = 32 * variant if variant >= 2 and swizzle == 128 else 0
    else:
        mbytes = rows * eb // 8
        kelems = kbytes * 8 // eb
        if swizzle == 0:
            sbo, lbo = 128, 128 * (mbytes // 16)
            if variant == 1:
                lbo, sbo = 128, 128 * (kelems // 8)
        else:
            lbo = 8 * swizzle * (kelems // 8)
            sbo = 8 * swizzle
            if variant == 1:
                lbo, sbo = 8 * swizzle, 8 * swizzle * max(mbytes // swizzle, 1)
        start = 0
    need = footprint(rows, kbytes, eb, major, swizzle, lbo, sbo, start)
    return lbo, sbo, start, (need + 1023) // 1024 * 1024


def form_name(f):
    s = f"m64n{f['n']}k{f['k']}.{f['d']}.{f['a']}.{f['b']}"
    if f.get("sp") is not None:
        s = f"sp.sel{f['sp']}." + s
    if f["sat"]:
        s += ".satfinite"
    s += ".rs" if f["areg"] else ".ss"
    if f["a"] in ("f16", "bf16"):
        s += f".ta{f['ta']}.tb{f['tb']}"
    if f["a"] not in ("s8", "u8", "b1"):
        s += f".sa{f['sa']}.sb{f['sb']}".replace("-1", "n")
    return s


def module(f):
    """The PTX module of one form."""
    n, k, d = f["n"], f["k"], f["d"]
    dregs = n // 2 if d in ("f32", "s32") else n // 4
    dty = {"f32": ".f32", "s32": ".s32", "f16": ".b32"}[d]
    aregs = 4 if f["a"] in ("f16", "bf16", "tf32", "e4m3", "e5m2", "s8", "u8") else 0
    sparse = f.get("sp") is not None
    sp = ".sp" if sparse else ""
    opcode = f"wgmma.mma_async{sp}.sync.aligned.m64n{n}k{k}.{d}.{f['a']}.{f['b']}"
    if f["sat"]:
        opcode += ".satfinite"
    if f["a"] == "b1":
        opcode += ".and.popc"
    ds = ", ".join(f"%d{i}" for i in range(dregs))
    a_op = "{" + ", ".join(f"%a{i}" for i in range(aregs)) + "}" if f["areg"] else "%rda"
    extra = ""
    if f["a"] not in ("s8", "u8", "b1"):
        extra += f", {f['sa']}, {f['sb']}"
        if f["a"] in ("f16", "bf16"):
            extra += f", {f['tb']}" if f["areg"] else f", {f['ta']}, {f['tb']}"
    lines = [
        "// A wgmma kernel case of tools/generators/wgmma-cases/gen.py: " + form_name(f),
        ".version 8.5", ".target sm_90a", ".address_size 64", "",
        ".extern .shared .align 1024 .b8 smem[];", "",
        ".visible .entry k(.param .u64 p_a, .param .u64 p_b, .param .u64 p_c, .param .u64 p_d,",
        "    .param .u64 p_desc_a, .param .u64 p_desc_b, .param .u32 p_a_bytes, .param .u32 p_b_bytes,",
        "    .param .u32 p_scale_d" + (", .param .u64 p_meta)" if f.get("sp") is not None else ")"),
        "{",
        "    .reg .pred %p<4>;", "    .reg .b32 %r<16>;", "    .reg .b64 %rd<16>;",
        f"    .reg {dty} %d<{dregs}>;",
    ]
    if f["areg"]:
        lines.append(f"    .reg .b32 %a<{aregs}>;")
    lines += [
        "    ld.param.u64 %rd1, [p_a];", "    ld.param.u64 %rd2, [p_b];",
        "    ld.param.u64 %rd3, [p_c];", "    ld.param.u64 %rd4, [p_d];",
        "    ld.param.u64 %rd5, [p_desc_a];", "    ld.param.u64 %rd6, [p_desc_b];",
        "    ld.param.u32 %r1, [p_a_bytes];", "    ld.param.u32 %r2, [p_b_bytes];",
        "    ld.param.u32 %r3, [p_scale_d];",
        "    cvta.to.global.u64 %rd1, %rd1;", "    cvta.to.global.u64 %rd2, %rd2;",
        "    cvta.to.global.u64 %rd3, %rd3;", "    cvta.to.global.u64 %rd4, %rd4;",
        "    mov.u32 %r4, %tid.x;",
        "    mov.u32 %r5, smem;",
        # B's image starts after A's (A's bytes are a multiple of 1024; 0 where A is in registers).
        "    add.u32 %r6, %r5, %r1;",
        # Copy the images, 4 bytes a thread a step.
        "    shl.b32 %r7, %r4, 2;",
        "    mov.u32 %r8, %r7;",
        "$copy_a:",
        "    setp.ge.u32 %p1, %r8, %r1;",
        "    @%p1 bra $copy_b0;",
        "    cvt.u64.u32 %rd7, %r8;", "    add.u64 %rd8, %rd1, %rd7;",
        "    ld.global.u32 %r9, [%rd8];", "    add.u32 %r10, %r5, %r8;",
        "    st.shared.u32 [%r10], %r9;",
        "    add.u32 %r8, %r8, 512;", "    bra.uni $copy_a;",
        "$copy_b0:",
        "    mov.u32 %r8, %r7;",
        "$copy_b:",
        "    setp.ge.u32 %p1, %r8, %r2;",
        "    @%p1 bra $copied;",
        "    cvt.u64.u32 %rd7, %r8;", "    add.u64 %rd8, %rd2, %rd7;",
        "    ld.global.u32 %r9, [%rd8];", "    add.u32 %r10, %r6, %r8;",
        "    st.shared.u32 [%r10], %r9;",
        "    add.u32 %r8, %r8, 512;", "    bra.uni $copy_b;",
        "$copied:",
        "    bar.sync 0;",
        "    fence.proxy.async.shared::cta;",
        # The descriptors: the images' shared addresses >> 4 added to the start fields.
        "    shr.u32 %r11, %r5, 4;", "    cvt.u64.u32 %rd9, %r11;", "    add.u64 %rda, %rd5, %rd9;"
        if not f["areg"] else "    // A comes from registers",
        "    shr.u32 %r12, %r6, 4;", "    cvt.u64.u32 %rd10, %r12;", "    add.u64 %rdb, %rd6, %rd10;",
        "    setp.ne.u32 %p2, %r3, 0;",
        # This thread's registers: C in, A where it comes from registers.
        f"    mul.wide.u32 %rd11, %r4, {dregs * 4};", "    add.u64 %rd12, %rd3, %rd11;",
        "    add.u64 %rd13, %rd4, %rd11;",
    ]
    lines.insert(lines.index("    .reg .b64 %rd<16>;") + 1, "    .reg .b64 %rda, %rdb;")
    if sparse:
        lines.insert(lines.index("    .reg .b64 %rd<16>;") + 1, "    .reg .b32 %meta;")
    for i in range(dregs):
        lines.append(f"    ld.global{dty} %d{i}, [%rd12+{4 * i}];")
    if sparse:
        lines += meta_lines(f["a"])
    if f["areg"]:
        lines += [f"    mul.wide.u32 %rd14, %r4, {aregs * 4};", "    add.u64 %rd15, %rd1, %rd14;"]
        for i in range(aregs):
            lines.append(f"    ld.global.b32 %a{i}, [%rd15+{4 * i}];")
    lines += [
        "    wgmma.fence.sync.aligned;",
        f"    {opcode} {{{ds}}}, {a_op}, %rdb, {'%meta, ' + str(f['sp']) + ', ' if sparse else ''}%p2{extra};",
        "    wgmma.commit_group.sync.aligned;",
        "    wgmma.wait_group.sync.aligned 0;",
    ]
    for i in range(dregs):
        lines.append(f"    st.global{dty} [%rd13+{4 * i}], %d{i};")
    lines += ["    ret;", "}", ""]
    return "\n".join(lines)


# Valid sparsity metadata nibbles (two indices i0 < i1 of four, i0 | i1 << 2); 32-bit types
# pair elements: (0, 1) or (2, 3) of the four.
META_CODES = {16: [0x4, 0x8, 0xC, 0x9, 0xD, 0xE], 8: [0x4, 0x8, 0xC, 0x9, 0xD, 0xE], 32: [0x4, 0xE]}


def meta_lines(a):
    """PTX loading thread t's raw metadata word meta[t] and turning each nibble into a valid
    code: META_CODES[bits][nibble % len]."""
    codes = META_CODES[TYPES[a][0]]
    out = ["    ld.param.u64 %rd14, [p_meta];", "    cvta.to.global.u64 %rd14, %rd14;",
           "    mul.wide.u32 %rd15, %r4, 4;", "    add.u64 %rd14, %rd14, %rd15;",
           "    ld.global.u32 %r13, [%rd14];", "    mov.u32 %meta, 0;"]
    for i in range(8):
        out += [f"    bfe.u32 %r14, %r13, {4 * i}, 4;", f"    rem.u32 %r14, %r14, {len(codes)};"]
        # code = codes[r14], as a chain of selects
        out.append(f"    mov.u32 %r15, {codes[0]};")
        for j, c in enumerate(codes[1:], 1):
            out += [f"    setp.eq.u32 %p3, %r14, {j};", f"    selp.u32 %r15, {c}, %r15, %p3;"]
        out += [f"    shl.b32 %r15, %r15, {4 * i};", "    or.b32 %meta, %meta, %r15;"]
    return out


def cases():
    """(form, operand layouts, inputs) of every case."""
    out = []

    def form(a, b, d, n, areg=False, ta=0, tb=0, sa=1, sb=1, sat=False, sp=None):
        k = TYPES[a][1] * (2 if sp is not None else 1)
        return {"a": a, "b": b, "d": d, "n": n, "k": k, "areg": areg, "ta": ta, "tb": tb,
                "sa": sa, "sb": sb, "sat": sat, "sp": sp}

    def add(f, swa=128, swb=128, va=0, vb=0, init=None, cinit=None, scale_d=1, tag=""):
        out.append((f, swa, swb, va, vb, init, cinit, scale_d, tag))

    n_all = list(range(8, 257, 8))
    # Every N of the f16 -> f32 form; a few of each other type combination.
    for n in n_all:
        add(form("f16", "f16", "f32", n))
    for n in (8, 64, 256):
        add(form("f16", "f16", "f16", n))
    for n in list(range(8, 65, 8)) + [96, 128, 200, 256]:
        add(form("bf16", "bf16", "f32", n))
        add(form("tf32", "tf32", "f32", n))
        add(form("e4m3", "e4m3", "f32", n))
    for a in ("e4m3", "e5m2"):
        for b in ("e4m3", "e5m2"):
            for d in ("f32", "f16"):
                for n in (8, 64, 256):
                    add(form(a, b, d, n))
    for a in ("s8", "u8"):
        for b in ("s8", "u8"):
            for n in (8, 24, 64, 256):
                add(form(a, b, "s32", n))
            add(form(a, b, "s32", 32, sat=True), init="big")
    for n in (8, 64, 256):
        add(form("b1", "b1", "s32", n))
    # Layouts: every swizzle, both majors, compact and padded strides.
    for t, d in (("f16", "f32"), ("bf16", "f32")):
        for sw in (0, 32, 64, 128):
            for ta in (0, 1):
                for tb in (0, 1):
                    add(form(t, t, d, 64, ta=ta, tb=tb), swa=sw, swb=sw)
            add(form(t, t, d, 32, ta=1, tb=1), swa=sw, swb=sw, va=1, vb=1)
            add(form(t, t, d, 32), swa=sw, swb=sw, va=1, vb=1)
    for t, d in (("tf32", "f32"), ("e4m3", "f32"), ("s8", "s32")):
        for sw in (0, 32, 64):
            add(form(t, t, d, 32), swa=sw, swb=sw)
            add(form(t, t, d, 32), swa=sw, swb=sw, va=1, vb=1)
    # K steps inside a 128-byte swizzle row (start 32, 64, 96 bytes in).
    for v in (2, 3):
        add(form("f16", "f16", "f32", 64), va=v, vb=v)
        add(form("e4m3", "e4m3", "f32", 64), va=v, vb=v)
    # A from registers.
    for t, d in (("f16", "f32"), ("f16", "f16"), ("bf16", "f32"), ("tf32", "f32"), ("e4m3", "f32"),
                 ("e5m2", "f16"), ("s8", "s32"), ("u8", "s32")):
        for n in (16, 128):
            add(form(t, t, d, n, areg=True))
    add(form("f16", "f16", "f32", 64, areg=True, tb=1))
    # Negated operands, and D not read (scale-d false).
    for t, d in (("f16", "f32"), ("bf16", "f32"), ("tf32", "f32"), ("e5m2", "f16")):
        add(form(t, t, d, 32, sa=-1))
        add(form(t, t, d, 32, sa=-1, sb=-1))
        add(form(t, t, d, 32), scale_d=0)
    add(form("s8", "s8", "s32", 32), scale_d=0)
    # Every bit pattern: subnormals, infinities, NaNs.
    for t, d in (("f16", "f32"), ("f16", "f16"), ("bf16", "f32"), ("e4m3", "f32"), ("e5m2", "f16"),
                 ("tf32", "f32")):
        for n in (32, 128):
            add(form(t, t, d, n), init="bits", tag="bits")
    # Cancellation: a few magnitudes of both signs.
    for t, d in (("f16", "f32"), ("bf16", "f32"), ("tf32", "f32"), ("f16", "f16")):
        for n in (24, 64, 160):
            add(form(t, t, d, n), init="cancel", tag="cancel")
    # A second draw of the f16/bf16/tf32/fp8 forms at N = 64.
    for t, d in (("f16", "f32"), ("bf16", "f32"), ("tf32", "f32"), ("e4m3", "f32"), ("e5m2", "f32"),
                 ("e4m3", "f16"), ("f16", "f16"), ("s8", "s32"), ("u8", "s32"), ("b1", "s32")):
        for n in (16, 32, 64, 128):
            add(form(t, t, d, n), tag="draw2")
        for n in (8, 48, 96):
            add(form(t, t, d, n), tag="draw3")
    # Sparse A (.sp): the metadata each thread gives, sp-sel 0 and 1 (8-bit types: 0 only).
    for t, d, n in (("f16", "f32", 64), ("f16", "f32", 128), ("bf16", "f32", 64), ("tf32", "f32", 64),
                    ("f16", "f16", 64)):
        for sel in (0, 1):
            add(form(t, t, d, n, sp=sel))
    for t, d in (("e4m3", "f32"), ("e5m2", "f16"), ("s8", "s32"), ("u8", "s32")):
        add(form(t, t, d, 128, sp=0))
    for sw in (0, 32, 64):
        add(form("f16", "f16", "f32", 64, sp=0), swa=sw, swb=sw)
    for sel in (0, 1):
        add(form("f16", "f16", "f32", 64, areg=True, sp=sel))
    add(form("f16", "f16", "f32", 64, ta=1, tb=1, sp=0))
    return out


def spec_of(f, swa, swb, va, vb, init, cinit, scale_d, tag, module_file):
    eb, k, dtype, draw = TYPES[f["a"]]
    kbytes = 32
    name = f"wgmma/{form_name(f)}.sw{swa}{'' if swa == swb else f'_{swb}'}.v{va}{vb}"
    if scale_d == 0:
        name += ".nod"
    if tag:
        name += f".{tag}"
    if f["areg"]:
        a_bytes, desc_a = 0, 0
        a_len = 128 * 4 * (4 if eb != 32 else 4)
    else:
        major = "MN" if f["ta"] else "K"
        lbo, sbo, start, a_bytes = layout(64, kbytes, eb, major, swa, va)
        desc_a = descriptor(start, lbo, sbo, swa)
    major_b = "MN" if f["tb"] else "K"
    kbytes_b = kbytes * (2 if f.get("sp") is not None else 1)
    lbo, sbo, start, b_bytes = layout(f["n"], kbytes_b, eb, major_b, swb, vb)
    desc_b = descriptor(start, lbo, sbo, swb)
    d = f["d"]
    dregs = f["n"] // 2 if d in ("f32", "s32") else f["n"] // 4
    if init == "bits":
        draw = {8: "randint:0:256", 16: "randint:0:65536", 32: "randint:0:4294967296"}[eb]
        dtype = {8: "u8", 16: "u16", 32: "u32"}[eb]
    elif init == "cancel":
        draw = "randint:-2:3" if eb == 16 else "randint:-2:3"
    elif init == "big":
        draw = "randint:-128:128" if f["a"] == "s8" else "randint:0:256"
    per = {8: 1, 16: 2, 32: 4, 1: 4}[eb]
    a_elems = (a_bytes // per) if not f["areg"] else 128 * 4 * 4 // per
    if f["areg"]:
        a_bytes_param = 0
    else:
        a_bytes_param = a_bytes
    cdtype = {"f32": "f32", "s32": "i32", "f16": "f16"}[d]
    celems = 128 * dregs * (2 if d == "f16" else 1)
    if cinit is None:
        cinit = "randint:-1000000:1000000" if d == "s32" else "normal"
        if init == "big":
            cinit = "randint:2147000000:2147483647"
    buffers = {
        "a": {"dtype": dtype, "len": a_elems, "init": draw},
        "b": {"dtype": dtype, "len": b_bytes // per, "init": draw},
        "c": {"dtype": cdtype, "len": celems, "init": cinit},
        "d": {"dtype": cdtype, "len": celems, "init": "zeros"},
    }
    if init == "cancel":
        # Small integers as floats: products and sums cancel exactly.
        buffers["a"]["init"] = buffers["b"]["init"] = "randint:-3:4"
        buffers["a"]["dtype"] = buffers["b"]["dtype"] = dtype
    return {
        "name": name, "repo": "ptx-rs/ptx", "source": f"modules/{module_file}", "nvcc_flags": [],
        "entry": "k", "grid": [1, 1, 1], "block": [128, 1, 1],
        "shared_bytes": a_bytes_param + b_bytes,
        "args": [{"buf": "a"}, {"buf": "b"}, {"buf": "c"}, {"buf": "d"},
                 {"u64": desc_a}, {"u64": desc_b}, {"u32": a_bytes_param}, {"u32": b_bytes},
                 {"u32": scale_d}],
        "buffers": buffers, "ptx": True,
    } if f.get("sp") is None else {
        "name": name, "repo": "ptx-rs/ptx", "source": f"modules/{module_file}", "nvcc_flags": [],
        "entry": "k", "grid": [1, 1, 1], "block": [128, 1, 1],
        "shared_bytes": a_bytes_param + b_bytes,
        "args": [{"buf": "a"}, {"buf": "b"}, {"buf": "c"}, {"buf": "d"},
                 {"u64": desc_a}, {"u64": desc_b}, {"u32": a_bytes_param}, {"u32": b_bytes},
                 {"u32": scale_d}, {"buf": "meta"}],
        "buffers": dict(buffers, meta={"dtype": "u32", "len": 128, "init": "randint:0:4294967296"}),
        "ptx": True,
    }


def generated():
    """Each case once, in order: (spec, its module's file name, its form)."""
    names = set()
    for (f, swa, swb, va, vb, init, cinit, scale_d, tag) in cases():
        module_file = form_name(f).replace(".", "_") + ".ptx"
        s = spec_of(f, swa, swb, va, vb, init, cinit, scale_d, tag, module_file)
        if s["name"] in names:
            continue  # the same case from two lists
        names.add(s["name"])
        yield s, module_file, f


def specs():
    """The launch specs (the recorder's SPECS), computed again on each use: the generator is
    deterministic, so merge.py and record.sh take them from here rather than from a stored copy."""
    return [s for s, _, _ in generated()]


def main():
    modules = "tests/data/kernels/wgmma/modules"
    os.makedirs(modules, exist_ok=True)
    index, written, count = [], set(), 0
    for s, module_file, f in generated():
        if module_file not in written:
            with open(f"{modules}/{module_file}", "w") as fh:
                fh.write(module(f))
            written.add(module_file)
        index.append(f"{s['name']}\t{module_file}")
        count += 1
    with open(f"{modules}/index.tsv", "w") as fh:
        fh.write("\n".join(index) + "\n")
    print(f"{count} cases, {len(written)} modules")


if __name__ == "__main__":
    main()
