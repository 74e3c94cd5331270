#!/usr/bin/env python3
"""Fits how the H100's wgmma sums fp8 products, on the recorded wgmma kernel cases: rebuilds every
accumulator element's inputs (A and B read out of the shared-memory images through the descriptors,
with the layouts of ptx-sim/src/sem/matrix/wgmma.rs; the cases with K-major operands read by
descriptors) and counts, per candidate model, the elements it computes bit for bit (the arithmetic
of tools/probes/mma-fit/fit.py). `*` marks ptx-sim's model.

usage (repository root): python3 tools/generators/wgmma-cases/fit_fp8.py [FILE] [--only NAME-PART]
(about 15 minutes for every fp8 case)
"""
import base64, gzip, json, os, struct, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lib"))
import toolbox  # noqa: E402
F = toolbox.load("probes/mma-fit/fit.py")  # the mma numerics models


def descriptor(d):
    field = lambda s: ((d >> s) & 0x3FFF) << 4
    return field(0), field(16), field(32), [0, 128, 64, 32][d >> 62]


def swizzled(addr, w):
    bits = {32: 1, 64: 2, 128: 3}.get(w)
    return addr ^ (((addr >> 7) & ((1 << bits) - 1)) << 4) if bits else addr


def k_major(desc, r, kb):
    start, lbo, sbo, w = desc
    if w == 0:
        a = start + (r // 8) * sbo + (r % 8) * 16 + (kb // 16) * lbo + kb % 16
    else:
        a = start + (r // 8) * sbo + (r % 8) * w + (kb // w) * lbo + kb % w
    return swizzled(a, w)


class Form:
    pass


def cases(path, want):
    for line in gzip.open(path, "rt"):
        c = json.loads(line)
        name = c["name"]
        parts = name.split("/")[1].split(".")
        if parts[2] not in ("e4m3", "e5m2") or ".rs." in name or ".san" in name or ".sbn" in name:
            continue
        if want and want not in name:
            continue
        yield c, parts


def elements(c, parts):
    n = int(parts[0].split("n")[1].split("k")[0])
    f = Form()
    f.dt, f.at, f.bt, f.ct = parts[1], parts[2], parts[3], parts[1]
    buf = {k: base64.b64decode(v.get("output", v["input"])) for k, v in c["buffers"].items()}
    inp = {k: base64.b64decode(v["input"]) for k, v in c["buffers"].items()}
    args = c["args"]
    da, db = descriptor(args[4]["u64"]), descriptor(args[5]["u64"])
    a_img, b_img = inp["a"], inp["b"]
    A = [[a_img[k_major(da, r, k)] for k in range(32)] for r in range(64)]
    B = [[b_img[k_major(db, j, k)] for k in range(32)] for j in range(n)]
    half = f.dt == "f16"
    nd = n // 4 if half else n // 2
    cin, dout = inp["c"], buf["d"]
    scale_d = args[8]["u32"]
    for t in range(128):
        w, l = t // 32, t % 32
        for i in range(n // 2):
            row = 16 * w + l // 4 + 8 * ((i // 2) % 2)
            col = 8 * (i // 4) + 2 * (l % 4) + i % 2
            if half:
                off = (t * nd + i // 2) * 4 + 2 * (i % 2)
                cv = struct.unpack_from("<H", cin, off)[0]
                dv = struct.unpack_from("<H", dout, off)[0]
            else:
                off = (t * nd + i) * 4
                cv = struct.unpack_from("<I", cin, off)[0]
                dv = struct.unpack_from("<I", dout, off)[0]
            e = F.Elem(A[row], [B[col][k] for k in range(32)], cv if scale_d else 0, dv, (c["name"], t, i))
            yield f, e


GROUPINGS = {
    "floor(k/2) even (mma.m16n8k32)": lambda k: (k // 2) % 2 == 0,
    "k < 16": lambda k: k < 16,
    "floor(k/4) even": lambda k: (k // 4) % 2 == 0,
    "floor(k/8) even": lambda k: (k // 8) % 2 == 0,
    "k even": lambda k: k % 2 == 0,
}


def grouped(form, e, first, width=25, stage_mode="rz"):
    prods, c = F.inputs(form, e)
    g1 = [t for k, t in enumerate(prods) if first(k)]
    g2 = [t for k, t in enumerate(prods) if not first(k)]
    stage = (lambda v: F.rnd(v, "f16")) if form.dt == "f16" else (lambda v: F.rnd(v, "f32", stage_mode))
    last = F.f16_last if form.dt == "f16" else F.f32_last
    s1 = stage(F.fused(g1, width))
    s2 = stage(F.fused(g2 + [(s1, s1.lead() if s1.finite and s1.sig else None)], width))
    return F.out(form, last(s2, c))


def one_sum_then_c(form, e):
    prods, c = F.inputs(form, e)
    stage = (lambda v: F.rnd(v, "f16")) if form.dt == "f16" else (lambda v: F.rnd(v, "f32", "rz"))
    last = F.f16_last if form.dt == "f16" else F.f32_last
    return F.out(form, last(stage(F.fused(prods)), c))


def chained(form, e, size):
    """Groups of `size` consecutive k, each fused with the previous sum as a term, then + c."""
    prods, c = F.inputs(form, e)
    stage = (lambda v: F.rnd(v, "f16")) if form.dt == "f16" else (lambda v: F.rnd(v, "f32", "rz"))
    last = F.f16_last if form.dt == "f16" else F.f32_last
    s = None
    for g in range(0, 32, size):
        terms = prods[g:g + size]
        if s is not None:
            terms = terms + [(s, s.lead() if s.finite and s.sig else None)]
        s = stage(F.fused(terms))
    return F.out(form, last(s, c))


def kept(v, bits):
    """`v` truncated toward zero to `bits` significant bits."""
    if not v.finite or v.sig.bit_length() <= bits:
        return v
    sh = v.sig.bit_length() - bits
    return F.V("num", v.neg, v.sig >> sh, v.exp + sh)


def narrow(form, e, width=13, bits=14):
    """One fused sum of the 32 products and c, each term truncated to a multiple of
    2^(E - width); f32 results: truncated toward zero to `bits` significant bits; f16 results:
    rounded to nearest f16 (ptx-sim's model)."""
    prods, c = F.inputs(form, e)
    s = F.fused(prods + [(c, F.field_exp(c, form.ct) if c.finite and c.sig else None)], width)
    if form.dt == "f16":
        return F.out(form, s)
    return F.out(form, F.rnd(kept(s, bits), "f32", "rz"))


MODELS = {name: (lambda g: lambda f, e: grouped(f, e, g))(g) for name, g in GROUPINGS.items()}
for w, b in ((13, 14), (13, 13), (13, 15), (12, 14), (14, 14), (25, 14), (13, 128)):
    MODELS[f"* one sum, width {w}, kept {b} bits" if (w, b) == (13, 14) else
           f"one sum, width {w}, kept {b} bits"] = (lambda w, b: lambda f, e: narrow(f, e, w, b))(w, b)
MODELS["one fused sum, then c"] = one_sum_then_c
for size in (4, 8, 16):
    MODELS[f"chained groups of {size} k"] = (lambda s: lambda f, e: chained(f, e, s))(size)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else \
        "tests/data/kernels/wgmma/wgmma_h100.jsonl.gz"
    want = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    counts = {m: [0, 0] for m in MODELS}
    total = [0, 0]
    for c, parts in cases(path, want):
        for f, e in elements(c, parts):
            fin = F.all_finite(f, e)
            total[fin] += 1
            for m, fn in MODELS.items():
                if fn(f, e) == e.d:
                    counts[m][fin] += 1
    print(f"{total[1]} elements with finite inputs, {total[0]} others")
    for m, (o, fin) in sorted(counts.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {m:40s} finite {fin:7d} / {total[1]}   others {o:6d} / {total[0]}")


if __name__ == "__main__":
    main()
