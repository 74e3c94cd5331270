#!/usr/bin/env python3
"""Fit models of the H100's mma.sync numerics to golden records.

    python3 tools/probes/mma-fit/fit.py FILE.jsonl[.gz] [--form SUBSTRING ...]
        [--models NAME,...] [--per-form] [--show MODEL [--limit N]] [--list]
    python3 tools/probes/mma-fit/fit.py FILE.jsonl[.gz] --analyse fp8-nan|e4m3-align

For every `mma.sync` record whose form contains one of the substrings (all
of them without --form), each output element is rebuilt with its inputs (the
A row, the B column and the C element) from the lanes' registers, using the
PTX ISA fragment layouts (those of ptx-sim/src/sem/matrix/mma.rs), and each
candidate model that applies to the form computes the element with exact
arithmetic (Python ints). The script prints, per model, how many elements it
matches bit for bit, in all and split by whether the element's inputs are
all finite, and how many records have an element it misses (`--per-form`:
per form too). `--show MODEL` prints the elements the
model misses (inputs, expected, got). `--list` prints the models.

Models are grouped by family (the forms they apply to); in each family the
first model is what ptx-sim computed before the mma recording
(h100_sm90_mma_seed19.jsonl.gz), and the one marked `*` is what it computes
now. See README.md for what they printed and docs/tensor-core-numerics.md.
"""

import argparse
import collections
import gzip
import json
import re
import sys

# ----------------------------------------------------------------------------
# Formats and exact arithmetic

# name: (exponent bits, mantissa bits, IEEE specials: all-ones exponent is
# Inf/NaN; otherwise (e4m3) only S.1111.111 is NaN and there is no Inf)
FMT = {
    "f16": (5, 10, True),
    "bf16": (8, 7, True),
    "tf32": (8, 10, True),
    "f32": (8, 23, True),
    "f64": (11, 52, True),
    "e4m3": (4, 3, False),
    "e5m2": (5, 2, True),
}
ELEM_BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "e4m3": 8, "e5m2": 8}
CANONICAL_NAN = {"f16": 0x7FFF, "f32": 0x7FFFFFFF}


class V:
    """A value: kind 'num' ((-1)^neg * sig * 2^exp exactly), 'inf' or 'nan'."""

    __slots__ = ("kind", "neg", "sig", "exp")

    def __init__(self, kind, neg=False, sig=0, exp=0):
        self.kind, self.neg, self.sig, self.exp = kind, neg, sig, exp

    def __repr__(self):
        if self.kind != "num":
            return self.kind if self.kind == "nan" else ("-inf" if self.neg else "+inf")
        return f"{'-' if self.neg else '+'}{self.sig}*2^{self.exp}"

    @property
    def finite(self):
        return self.kind == "num"

    def lead(self):
        """The exponent of the leading bit (None for zero)."""
        return self.exp + self.sig.bit_length() - 1 if self.sig else None


ZERO = V("num")


def decode(bits, fmt):
    e, m, ieee = FMT[fmt]
    if fmt == "tf32":  # the top 19 bits of the register
        bits >>= 13
    neg = (bits >> (e + m)) & 1 == 1
    ex, man = (bits >> m) & ((1 << e) - 1), bits & ((1 << m) - 1)
    bias, emax = (1 << (e - 1)) - 1, (1 << e) - 1
    if ieee and ex == emax:
        return V("inf", neg) if man == 0 else V("nan")
    if not ieee and ex == emax and man == (1 << m) - 1:
        return V("nan")
    if ex == 0:
        return V("num", neg, man, 1 - bias - m)
    return V("num", neg, man | (1 << m), ex - bias - m)


def field_exp(v, fmt):
    """The exponent a finite non-zero value's exponent field encodes: its
    leading bit's, or for a subnormal the format's smallest normal exponent."""
    return max(v.lead(), 2 - (1 << (FMT[fmt][0] - 1)))


def encode(v, fmt, mode="rn"):
    """`v` rounded to `fmt` ('rn': nearest even, 'rz': toward zero; both
    overflow to infinity, as the H100's fused sums do), as bits."""
    e, m, _ = FMT[fmt]
    bias = (1 << (e - 1)) - 1
    sign = int(v.neg) << (e + m)
    if v.kind == "nan":
        return CANONICAL_NAN[fmt]
    if v.kind == "inf":
        return sign | (((1 << e) - 1) << m)
    if v.sig == 0:
        return sign
    unit = max(v.lead(), 1 - bias) - m  # the exponent of the result's last place
    sh = unit - v.exp
    if sh <= 0:
        q, rem, half = v.sig << -sh, 0, 1
    else:
        q, rem, half = v.sig >> sh, v.sig & ((1 << sh) - 1), 1 << (sh - 1)
    if mode == "rn" and (rem > half or (rem == half and q & 1)):
        q += 1
    if q >> (m + 1):  # the rounding carried into the next binade
        q >>= 1
        unit += 1
    ex = unit + m + bias if q >> m else 0
    if ex >= (1 << e) - 1:
        return sign | (((1 << e) - 1) << m)
    return sign | (ex << m) | (q & ((1 << m) - 1))


def rnd(v, fmt, mode="rn"):
    """`v` rounded to `fmt`, as a V again."""
    return decode(encode(v, fmt, mode), fmt)


def mul(x, y):
    """The exact product (IEEE specials)."""
    if x.kind == "nan" or y.kind == "nan":
        return V("nan")
    if x.kind == "inf" or y.kind == "inf":
        if (x.finite and x.sig == 0) or (y.finite and y.sig == 0):
            return V("nan")
        return V("inf", x.neg ^ y.neg)
    return V("num", x.neg ^ y.neg, x.sig * y.sig, x.exp + y.exp)


def special_sum(vals):
    """The IEEE result of adding `vals` if one is infinite or NaN, else None."""
    if any(v.kind == "nan" for v in vals):
        return V("nan")
    infs = {v.neg for v in vals if v.kind == "inf"}
    if len(infs) == 2:
        return V("nan")
    return V("inf", infs.pop()) if infs else None


def zero_sum(vals):
    """The sum of zeros (or of terms that cancel) in round-to-nearest: -0
    only when every term is -0."""
    return V("num", bool(vals) and all(v.neg and v.sig == 0 for v in vals))


def exact_sum(vals):
    live = [v for v in vals if v.sig]
    if not live:
        return zero_sum(vals)
    lo = min(v.exp for v in live)
    s = sum((-1 if v.neg else 1) * (v.sig << (v.exp - lo)) for v in live)
    return V("num", s < 0, abs(s), lo) if s else ZERO


def add(vals, fmt, mode="rn"):
    """IEEE addition of `vals`: the exact sum rounded once to `fmt`."""
    return special_sum(vals) or rnd(exact_sum(vals), fmt, mode)


def chain(vals, fmt):
    """Left-to-right additions, each rounded to nearest `fmt`."""
    acc = vals[0]
    for v in vals[1:]:
        acc = add([acc, v], fmt)
    return acc


def fused(terms, width=25):
    """The H100's fused sum before its last rounding. `terms` are (V,
    alignment exponent) pairs; with E the largest alignment exponent of the
    non-zero finite terms, each is truncated toward zero to a multiple of
    2^(E - width) and the truncated terms are summed exactly. Infinities and
    NaNs give the IEEE result."""
    vals = [v for v, _ in terms]
    sp = special_sum(vals)
    if sp:
        return sp
    live = [(v, a) for v, a in terms if v.sig]
    if not live:
        return zero_sum(vals)
    cut = max(a for _, a in live) - width
    s = 0
    for v, _ in live:
        sh = v.exp - cut
        mag = v.sig << sh if sh >= 0 else v.sig >> -sh
        s += -mag if v.neg else mag
    return V("num", s < 0, abs(s), cut) if s else ZERO


# ----------------------------------------------------------------------------
# Records and fragments


def load(path):
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        for line in f:
            r = json.loads(line)
            if "in" in r and r["asm"].startswith("mma.sync"):
                yield r


class Form:
    """A form's shape (m, n, k), layouts, types and operand counts."""

    def __init__(self, asm):
        op = asm.split()[0].split(".")
        self.shape = next(tuple(map(int, re.fullmatch(r"m(\d+)n(\d+)k(\d+)", t).groups()))
                          for t in op if re.fullmatch(r"m\d+n\d+k\d+", t))
        self.layout = [t for t in op if t in ("row", "col")]
        types = [t for t in op if t in FMT or t in ("s32", "s8", "u8", "s4", "u4", "b1")]
        self.dt, self.at, self.bt, self.ct = types
        self.groups = [len(g.split(",")) for g in re.findall(r"\{([^}]*)\}", asm)]


class Elem:
    """One output element: its A row and B column (bits), C and expected D."""

    __slots__ = ("a", "b", "c", "d", "where")

    def __init__(self, a, b, c, d, where):
        self.a, self.b, self.c, self.d, self.where = a, b, c, d, where


def elements(form, rec):
    regs_in = [[int(x, 16) if x else 0 for x in lane] for lane in rec["in"]]
    regs_out = [[int(x, 16) if x else 0 for x in lane] for lane in rec["out"]]
    nd, na, nb, _ = form.groups
    a0, b0, c0 = nd, nd + na, nd + na + nb
    if form.shape == (8, 8, 4) and form.at == "f16":
        yield from quad_pair_elements(form, regs_in, regs_out, a0, b0, c0)
        return
    m, n, k = form.shape
    eb = ELEM_BITS[form.at]
    epr = (64 if form.at == "f64" else 32) // eb
    mask = (1 << eb) - 1
    cpr, dpr = (2 if form.ct == "f16" else 1), (2 if form.dt == "f16" else 1)
    A, B = [[0] * k for _ in range(m)], [[0] * n for _ in range(k)]
    C, D = [[0] * n for _ in range(m)], [[0] * n for _ in range(m)]
    for l in range(32):
        g, t = l // 4, l % 4
        for r in range(na):  # A: rows g (+8 for odd r when m = 16), blocks of 4*epr columns
            for j in range(epr):
                row = g + 8 * (r & 1) if m == 16 else g
                col = (r >> 1 if m == 16 else r) * 4 * epr + t * epr + j
                A[row][col] = (regs_in[l][a0 + r] >> (j * eb)) & mask
        for r in range(nb):  # B: column g
            for j in range(epr):
                B[r * 4 * epr + t * epr + j][g] = (regs_in[l][b0 + r] >> (j * eb)) & mask
        for i in range(m * n // 32):  # C and D: rows g, g + 8; columns 2t, 2t + 1
            row, col = g + 8 * (i >> 1), t * 2 + (i & 1)
            v = regs_in[l][c0 + i // cpr]
            C[row][col] = (v >> (16 * (i % 2))) & 0xFFFF if cpr == 2 else v
            v = regs_out[l][i // dpr]
            D[row][col] = (v >> (16 * (i % 2))) & 0xFFFF if dpr == 2 else v
    for i in range(m):
        for j in range(n):
            yield Elem(A[i], [B[kk][j] for kk in range(k)], C[i][j], D[i][j], (i, j))


def quad_pair_elements(form, regs_in, regs_out, a0, b0, c0):
    """m8n8k4 with f16 inputs: four independent 8x8x4 products, one per quad
    pair q (lanes 4q..4q+3 and 4q+16..4q+19)."""
    a_row, b_col = form.layout[0] == "row", form.layout[1] == "col"

    def hi(l):
        return 4 if l >= 16 else 0

    def pos(t, l, i):
        if t == "f32":
            return ((l & 1) + (i & 2) + hi(l), (i & 4) + (l & 2) + (i & 1))
        return (l % 4 + hi(l), i)

    def half(v, j):
        return (v >> (16 * j)) & 0xFFFF

    A = [[[0] * 4 for _ in range(8)] for _ in range(4)]
    B = [[[0] * 8 for _ in range(4)] for _ in range(4)]
    C = [[[0] * 8 for _ in range(8)] for _ in range(4)]
    D = [[[0] * 8 for _ in range(8)] for _ in range(4)]
    for l in range(32):
        q, s, o = (l >> 2) & 3, regs_in[l], regs_out[l]
        for i in range(4):
            ar, ac = (l % 4 + hi(l), i) if a_row else (i + hi(l), l % 4)
            br, bc = (i, l % 4 + hi(l)) if b_col else (l % 4, i + hi(l))
            A[q][ar][ac] = half(s[a0 + i // 2], i % 2)
            B[q][br][bc] = half(s[b0 + i // 2], i % 2)
        for i in range(8):
            row, col = pos(form.ct, l, i)
            C[q][row][col] = s[c0 + i] if form.ct == "f32" else half(s[c0 + i // 2], i % 2)
            row, col = pos(form.dt, l, i)
            D[q][row][col] = o[i] if form.dt == "f32" else half(o[i // 2], i % 2)
    for q in range(4):
        for i in range(8):
            for j in range(8):
                yield Elem(A[q][i], [B[q][kk][j] for kk in range(4)], C[q][i][j], D[q][i][j], (q, i, j))


# ----------------------------------------------------------------------------
# Candidate models: f(form, elem) -> D bits, registered per family.

FAMILIES = collections.OrderedDict(
    m8n8k4_f16d=("m8n8k4, f16 inputs, f16 D and C",
                 lambda f: f.shape == (8, 8, 4) and f.at == "f16" and f.dt == "f16"),
    m8n8k4_f32d=("m8n8k4, f16 inputs, f32 D",
                 lambda f: f.shape == (8, 8, 4) and f.at == "f16" and f.dt == "f32"),
    fused_f16d=("m16n8k8/k16, f16 inputs, f16 D and C",
                lambda f: f.shape != (8, 8, 4) and f.at == "f16" and f.dt == "f16"),
    fused_f32d=("m16n8k*, f16/bf16/tf32 inputs, f32 D",
                lambda f: f.shape != (8, 8, 4) and f.at in ("f16", "bf16", "tf32") and f.dt == "f32"),
    fp8_f16d=("fp8 inputs, f16 D and C", lambda f: f.at in ("e4m3", "e5m2") and f.dt == "f16"),
    fp8_f32d=("fp8 inputs, f32 D and C", lambda f: f.at in ("e4m3", "e5m2") and f.dt == "f32"),
)
MODELS = collections.OrderedDict()  # name -> (function, {family: chosen})


def model(family, chosen=False):
    def reg(fn):
        MODELS.setdefault(fn.__name__, (fn, {}))[1][family] = chosen
        return fn

    return reg


def inputs(form, e, lead_of=()):
    """The products with their alignment exponents, and c. A factor aligns
    by the exponent its exponent field encodes (a subnormal by the smallest
    normal exponent), one of a type in `lead_of` by its leading bit."""
    prods = []
    for xb, yb in zip(e.a, e.b):
        x, y = decode(xb, form.at), decode(yb, form.bt)
        p = mul(x, y)
        align = None
        if p.finite and p.sig:
            align = sum(v.lead() if t in lead_of else field_exp(v, t) for v, t in ((x, form.at), (y, form.bt)))
        prods.append((p, align))
    return prods, decode(e.c, form.ct)


def out(form, v, mode="rn"):
    """The result rounded to D (a NaN is the canonical one)."""
    return encode(v, form.dt, mode)


def values(form, e):
    prods, c = inputs(form, e)
    return [p for p, _ in prods], c


# ---- m8n8k4 with f16 inputs (ptxas expands it into f32 code on sm_90) --------


@model("m8n8k4_f16d")
@model("m8n8k4_f32d")
def f32_chain_then_c(form, e):
    """((p0 + p1) + p2) + p3, then + c, each addition rounded to nearest f32,
    the result rounded to nearest D (ptx-sim before the mma recording)."""
    ps, c = values(form, e)
    return out(form, add([chain(ps, "f32"), c], "f32"))


@model("m8n8k4_f16d", chosen=True)
def sass_pairs_then_c(form, e):
    """The code ptxas emits for sm_90 (FMUL, FFMA, FADD, FADD, F2FP):
    (c + (p0 + p1)) + (p2 + p3), each addition rounded to nearest f32, then
    rounded to nearest f16."""
    ps, c = values(form, e)
    return out(form, add([add([c, add(ps[:2], "f32")], "f32"), add(ps[2:], "f32")], "f32"))


@model("m8n8k4_f16d")
def pairs_c_last(form, e):
    """((p0 + p1) + (p2 + p3)) + c in f32, rounded to f16."""
    ps, c = values(form, e)
    return out(form, add([add([add(ps[:2], "f32"), add(ps[2:], "f32")], "f32"), c], "f32"))


@model("m8n8k4_f16d")
def c_first_chain(form, e):
    """(((c + p0) + p1) + p2) + p3 in f32, rounded to f16."""
    ps, c = values(form, e)
    return out(form, chain([c] + ps, "f32"))


@model("m8n8k4_f16d")
def exact_products_then_c(form, e):
    """The exact sum of the four products rounded to f32, + c in f32, to f16."""
    ps, c = values(form, e)
    return out(form, add([add(ps, "f32"), c], "f32"))


@model("m8n8k4_f16d")
def exact_to_f16(form, e):
    """The exact sum of the products and c, rounded once to f16."""
    ps, c = values(form, e)
    return out(form, add(ps + [c], "f16"))


@model("m8n8k4_f16d")
def f16_chain(form, e):
    """((((p0 + p1) + p2) + p3) + c), each addition rounded to nearest f16."""
    ps, c = values(form, e)
    return out(form, chain(ps + [c], "f16"))


@model("m8n8k4_f16d")
def f32_chain_to_f16_then_c(form, e):
    """((p0 + p1) + p2) + p3 in f32, rounded to f16, then + c in f16."""
    ps, c = values(form, e)
    return out(form, add([rnd(chain(ps, "f32"), "f16"), c], "f16"))


@model("m8n8k4_f16d")
def fused_products_f16_then_c(form, e):
    """The fused truncating sum (width 25) of the products rounded to
    nearest f16, then + c in f16."""
    prods, c = inputs(form, e)
    return out(form, add([rnd(fused(prods), "f16"), c], "f16"))


@model("m8n8k4_f32d", chosen=True)
def sass_ffma_chain(form, e):
    """The code ptxas emits for sm_90 with f32 D (FFMA from RZ, FADD):
    c + ((((+0 + p0) + p1) + p2) + p3), each addition rounded to nearest
    f32 (a -0 product sum is +0 here)."""
    ps, c = values(form, e)
    return out(form, add([c, chain([ZERO] + ps, "f32")], "f32"))


# ---- one fused sum: f16, bf16, tf32 inputs --------------------------------


def fused_all(form, e, width=25):
    """The fused sum of the products and c (c aligned by its field exponent)."""
    prods, c = inputs(form, e)
    return fused(prods + [(c, field_exp(c, form.ct) if c.finite and c.sig else None)], width)


@model("fused_f16d")
@model("fused_f32d", chosen=True)
def fused_rz_f32(form, e):
    """The fused sum (width 25) rounded toward zero to f32 (infinity on
    overflow), then to nearest D (ptx-sim before the mma recording)."""
    return out(form, rnd(fused_all(form, e), "f32", "rz"))


@model("fused_f16d", chosen=True)
def fused_rn_f16(form, e):
    """The fused sum (width 25) rounded to nearest f16 straight from the
    exact sum of the truncated terms."""
    return out(form, fused_all(form, e))


def _fused_width(w):
    def fn(form, e):
        return out(form, fused_all(form, e, w))

    fn.__name__ = f"fused{w}_rn_f16"
    fn.__doc__ = f"As fused_rn_f16, the terms truncated to multiples of 2^(E-{w})."
    return fn


for _w in (24, 26, 28, 32):
    model("fused_f16d")(_fused_width(_w))


# ---- fp8: two fused sums, then c ----------------------------------------------


def first_group(k):
    """The k whose products the first sum takes: floor(k/2) even."""
    return (k // 2) % 2 == 0


def fp8(form, e, stage, last, lead_of=(), widths=(25, 25), global_specials=False):
    """The fp8 structure: s1 = stage(fused(first group)); s2 =
    stage(fused(second group + s1, s1 aligned by its leading bit)); d =
    last(s2 + c). Each sum sees the infinities and NaNs of its own terms
    (with `global_specials`, those of every product and c, as ptx-sim did
    before the mma recording)."""
    prods, c = inputs(form, e, lead_of)
    g1 = [t for k, t in enumerate(prods) if first_group(k)]
    g2 = [t for k, t in enumerate(prods) if not first_group(k)]
    extra = [(v, None) for v in [p for p, _ in prods] + [c] if not v.finite] if global_specials else []
    s1 = stage(fused(g1 + extra, widths[0]))
    s2 = stage(fused(g2 + [(s1, s1.lead() if s1.finite and s1.sig else None)] + extra, widths[1]))
    return out(form, last(s2, c))


def f16_stage(v):
    return rnd(v, "f16")


def f16_last(s, c):
    return add([s, c], "f16")


def f32_stage(v):
    return rnd(v, "f32", "rz")


def f32_last(s, c):
    return add([s, c], "f32")


@model("fp8_f16d")
def fp8_f16_global_specials(form, e):
    """Each stage rounded to nearest f16, every stage seeing every product's
    and c's infinities and NaNs (ptx-sim before the mma recording)."""
    return fp8(form, e, f16_stage, f16_last, global_specials=True)


@model("fp8_f16d")
def fp8_f16_stages(form, e):
    """Each stage rounded to nearest f16, seeing only its own terms'
    infinities and NaNs (a first sum that overflows is an infinity)."""
    return fp8(form, e, f16_stage, f16_last)


@model("fp8_f16d")
def fp8_f16_overflow_nan(form, e):
    """As fp8_f16_stages, but a stage whose finite sum overflows f16 gives
    NaN instead of an infinity."""
    def stage(v):
        r = rnd(v, "f16")
        return V("nan") if v.finite and not r.finite else r

    return fp8(form, e, stage, f16_last)


@model("fp8_f32d")
def fp8_f32_stages(form, e):
    """The two sums rounded toward zero to f32, + c to nearest f32
    (ptx-sim before the mma recording)."""
    return fp8(form, e, f32_stage, f32_last)


def _fp8_lead(d, lead):
    stage, last = (f16_stage, f16_last) if d == "f16" else (f32_stage, f32_last)

    def fn(form, e):
        return fp8(form, e, stage, last, lead_of=lead)

    fn.__name__ = f"fp8_{d}_stages_lead_{'_'.join(lead)}"
    fn.__doc__ = f"As fp8_{d}_stages, a subnormal {'/'.join(lead)} factor aligned by its leading bit."
    return fn


def _fp8_widths(w):
    def fn(form, e):
        return fp8(form, e, f32_stage, f32_last, widths=w)

    fn.__name__ = f"fp8_f32_stages_widths_{w[0]}_{w[1]}"
    fn.__doc__ = f"As fp8_f32_stages, the sums truncating to 2^(E-{w[0]}) and 2^(E-{w[1]})."
    return fn


for _d in ("f16", "f32"):
    for _lead in (("e4m3",), ("e5m2",), ("e4m3", "e5m2")):
        model(f"fp8_{_d}d", chosen=_lead == ("e4m3",))(_fp8_lead(_d, _lead))
for _w in ((26, 25), (27, 25), (25, 27), (27, 27)):
    model("fp8_f32d")(_fp8_widths(_w))


# ----------------------------------------------------------------------------


def all_finite(form, e):
    return (all(decode(x, form.at).finite for x in e.a) and all(decode(y, form.bt).finite for y in e.b)
            and decode(e.c, form.ct).finite)


def run(path, subs, names, per_form, show, limit):
    forms = collections.OrderedDict()
    for rec in load(path):
        if not subs or any(s in rec["form"] for s in subs):
            forms.setdefault(rec["form"], []).append(rec)
    total = collections.OrderedDict()  # (family, model) -> Counter
    shown = 0
    for name, recs in forms.items():
        form = Form(recs[0]["asm"])
        fams = [fam for fam, (_, applies) in FAMILIES.items() if applies(form)]
        cands = [(nm, fn, fam) for nm, (fn, fs) in MODELS.items() for fam in fs
                 if fam in fams and (not names or nm in names)]
        if not cands:
            continue
        elems = [(r, e, all_finite(form, e)) for r, rec in enumerate(recs) for e in elements(form, rec)]
        if per_form:
            print(f"{name}: {len(recs)} records, {len(elems)} elements")
        for nm, fn, fam in cands:
            n = collections.Counter()
            missed = set()
            for r, e, fin in elems:
                got = fn(form, e)
                n[(fin, got == e.d)] += 1
                if got != e.d:
                    missed.add(r)
                if got != e.d and nm == show and shown < limit:
                    shown += 1
                    print(f"  miss {name.split(' ')[0]} {e.where} a {[hex(x) for x in e.a]} "
                          f"b {[hex(y) for y in e.b]} c {e.c:#x}: expected {e.d:#x}, got {got:#x}")
            n["records"], n["records missed"] = len(recs), len(missed)
            total.setdefault((fam, nm), collections.Counter()).update(n)
            if per_form:
                print(f"  {nm:36} {report(n)}")
    for fam, (title, _) in FAMILIES.items():
        rows = [(nm, n) for (f, nm), n in total.items() if f == fam]
        if rows:
            print(f"{title}:")
        for nm, n in rows:
            print(f" {'*' if MODELS[nm][1][fam] else ' '}{nm:36} {report(n)}")


def report(n):
    fin = n[(True, True)] + n[(True, False)]
    allm = n[(True, True)] + n[(False, True)]
    elems = sum(v for k, v in n.items() if isinstance(k, tuple))
    return (f"{allm:6} / {elems:<6} finite inputs {n[(True, True)]:6} / {fin:<6} "
            f"others {n[(False, True)]:5} / {elems - fin:<5} records missed {n['records missed']}")


# ----------------------------------------------------------------------------
# Two analyses behind numbers of docs/tensor-core-numerics.md (--analyse).


def analyse_fp8_nan(path):
    """Why the elements that fp8_f16_global_specials misses are NaN: which
    stage's finite sum overflows f16, and which opposite infinity it meets."""
    n = collections.Counter()
    for rec in load(path):
        form = Form(rec["asm"])
        if not FAMILIES["fp8_f16d"][1](form):
            continue
        for e in elements(form, rec):
            if fp8_f16_global_specials(form, e) == e.d:
                continue
            prods, c = inputs(form, e, ("e4m3",))
            g1 = [t for k, t in enumerate(prods) if first_group(k)]
            g2 = [t for k, t in enumerate(prods) if not first_group(k)]
            s1 = rnd(fused(g1), "f16")
            s2 = rnd(fused(g2 + [(s1, s1.lead() if s1.finite and s1.sig else None)]), "f16")
            inf2 = special_sum([p for p, _ in g2])
            n[("first sum overflows" if not s1.finite and not special_sum([p for p, _ in g1]) else
               "second sum overflows" if not s2.finite and not inf2 else "?",
               f"second group {inf2 or 'finite'}", f"c {c if not c.finite else 'finite'}",
               f"H100 {e.d:#06x}")] += 1
    for k, v in n.most_common():
        print(f"{v:6}  {', '.join(k)}")


def analyse_e4m3_align(path):
    """In how many fp8 elements a group's largest alignment exponent E
    differs between aligning an e4m3 subnormal by e4m3's smallest normal
    exponent (-6) and by its leading bit, and in how many of those the
    result differs."""
    n = collections.Counter()
    for rec in load(path):
        form = Form(rec["asm"])
        if "e4m3" not in (form.at, form.bt):
            continue
        field, lead = (MODELS[f"fp8_{form.dt}_stages{x}"][0] for x in ("", "_lead_e4m3"))
        for e in elements(form, rec):
            a, b = inputs(form, e)[0], inputs(form, e, ("e4m3",))[0]
            big = [max([al for k, (_, al) in enumerate(pr) if first_group(k) == g and al is not None],
                       default=None) for pr in (a, b) for g in (True, False)]
            if big[:2] != big[2:]:
                n[(form.dt, field(form, e) == lead(form, e))] += 1
    for (dt, same), v in sorted(n.items()):
        print(f"{v:6}  {dt} results, E differs, result {'the same' if same else 'differs'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?")
    ap.add_argument("--form", action="append", default=[], help="only forms containing this (repeatable)")
    ap.add_argument("--models", default="", help="comma-separated model names (default: all)")
    ap.add_argument("--per-form", action="store_true", help="print the counts of each form too")
    ap.add_argument("--show", default="", help="print the elements this model misses")
    ap.add_argument("--limit", type=int, default=20, help="at most this many with --show")
    ap.add_argument("--list", action="store_true", help="list the models")
    ap.add_argument("--analyse", choices=["fp8-nan", "e4m3-align"], help="run one of the analyses instead")
    a = ap.parse_args()
    if a.analyse and a.file:
        {"fp8-nan": analyse_fp8_nan, "e4m3-align": analyse_e4m3_align}[a.analyse](a.file)
        return 0
    if a.list or not a.file:
        for nm, (fn, fams) in MODELS.items():
            tags = ", ".join(f + (" *" if chosen else "") for f, chosen in fams.items())
            print(f"{nm} [{tags}]: {' '.join(fn.__doc__.split())}")
        return 0
    run(a.file, a.form, [m for m in a.models.split(",") if m], a.per_form, a.show, a.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
