"""More inline-PTX statement forms to record on a real GPU (a second golden file).

Same shape as forms.py (T(asm, cons, gens) for thread scope, W(...) for warp collectives), plus
two optional keys that record.py understands:

  active=GEN  which lanes execute the statement ("act_rand": any non-empty mask, "act_seg": a
              union of whole aligned shfl segments); the other lanes skip it and write nothing
  fill=KIND   initial shared memory ("small32", "small64", "small16", "f32", "f64", "f16", "bf16";
              default random bytes)

smem="rw" records smem_in and smem_out (like "store"); "load" records smem_in only.
Address operands are byte offsets into the warp's shared buffer; their generators start with
"sa_" (sa_dN distinct, sa_cN colliding, sa_rN random, sa_sN consecutive, sa_uN one per warp; N is
the alignment) or "smemrow".

No form here repeats a forms.py name. Where an asm of forms.py is recorded again with other input
generators (edge values), the name is the asm followed by " #" and the generator's purpose.

Importing this module also appends FORMS to forms.FORMS, so that verdicts.py with
GOLDEN_FORMS=extra sees base + extra forms (record.py --forms extra uses FORMS alone).
"""

import forms as _base

BASE_FORMS = list(_base.FORMS)
_BASE_NAMES = {f["name"] for f in BASE_FORMS}
_BASE_ASMS = {f["asm"] for f in BASE_FORMS}

FORMS = []  # dicts: name, asm, cons, gens, scope, approx, smem [, active, fill]
FAMILY = {}  # name -> family label (for the report / README table)
_fam = ["misc"]


def family(label):
    _fam[0] = label


def T(asm, cons, gens, approx=False, scope="thread", smem=None, name=None, active=None, fill=None):
    name = name or asm
    if name in _BASE_NAMES or any(f["name"] == name for f in FORMS):
        return  # already recorded by forms.py (or listed twice by a loop here)
    d = dict(name=name, asm=asm, cons=cons, gens=gens, scope=scope, approx=approx, smem=smem)
    if active:
        d["active"] = active
    if fill:
        d["fill"] = fill
    FORMS.append(d)
    FAMILY[name] = _fam[0]


def W(asm, cons, gens, **kw):
    T(asm, cons, gens, scope="warp", **kw)


PRED1 = "{ .reg .pred p; %s; selp.u32 %%0, 1, 0, p; }"
PRED2 = "{ .reg .pred p, q; %s; selp.u32 %%0, 1, 0, p; selp.u32 %%1, 1, 0, q; }"

# register letter and generators of each scalar type
IREG = {"s8": "r", "u8": "r", "s16": "h", "u16": "h", "s32": "r", "u32": "r", "s64": "l", "u64": "l"}
IBITS = {"s8": 8, "u8": 8, "s16": 16, "u16": 16, "s32": 32, "u32": 32, "s64": 64, "u64": 64}
FREG = {"f16": "h", "bf16": "h", "f32": "f", "f64": "d"}
FGEN = {"f16": "f16rb", "bf16": "bf16rb", "f32": "f32rb", "f64": "f64rb"}
INTS = ["s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64"]


def igen(ty, kind="ovf"):
    """Generator for an integer source of type ty held in its register."""
    b = IBITS[ty]
    if b == 8:
        return "i8"
    return f"{kind}{b}"


# =================================================================== integer arithmetic
family("int: carry chains")
T("add.cc.u32 %0, %4, %8; addc.cc.u32 %1, %5, %9; addc.cc.u32 %2, %6, %10; addc.u32 %3, %7, %11;",
  ["=r"] * 4 + ["r"] * 8, ["i32"] * 8)
T("sub.cc.u32 %0, %4, %8; subc.cc.u32 %1, %5, %9; subc.cc.u32 %2, %6, %10; subc.u32 %3, %7, %11;",
  ["=r"] * 4 + ["r"] * 8, ["i32"] * 8)
T("add.cc.s32 %0, %2, %3; addc.s32 %1, %4, %5;", ["=r", "=r", "r", "r", "r", "r"], ["i32"] * 4)
T("sub.cc.s32 %0, %2, %3; subc.s32 %1, %4, %5;", ["=r", "=r", "r", "r", "r", "r"], ["i32"] * 4)
T("sub.cc.u32 %0, %2, %3; subc.u32 %1, 0, 0;", ["=r", "=r", "r", "r"], ["i32"] * 2)
T("sub.cc.u32 %0, %2, %3; addc.u32 %1, %4, %5;", ["=r", "=r", "r", "r", "r", "r"], ["i32"] * 4)
T("add.cc.u32 %0, %2, %3; subc.u32 %1, %4, %5;", ["=r", "=r", "r", "r", "r", "r"], ["i32"] * 4)
T("add.cc.u32 %0, %3, %4; subc.cc.u32 %1, %5, %6; addc.u32 %2, 0, 0;", ["=r"] * 3 + ["r"] * 4, ["i32"] * 4)
T("add.cc.u64 %0, %3, %6; addc.cc.u64 %1, %4, %7; addc.u64 %2, %5, %8;", ["=l"] * 3 + ["l"] * 6, ["i64"] * 6)
T("sub.cc.u64 %0, %3, %6; subc.cc.u64 %1, %4, %7; subc.u64 %2, %5, %8;", ["=l"] * 3 + ["l"] * 6, ["i64"] * 6)
T("sub.cc.s64 %0, %2, %3; subc.s64 %1, %4, %5;", ["=l", "=l", "l", "l", "l", "l"], ["i64"] * 4)
T("add.cc.s64 %0, %2, %3; addc.cc.s64 %1, %4, %5;", ["=l", "=l", "l", "l", "l", "l"], ["i64"] * 4)
T("mad.lo.cc.u32 %0, %3, %4, %5; madc.hi.cc.u32 %1, %3, %4, %6; addc.u32 %2, 0, 0;",
  ["=r"] * 3 + ["r"] * 4, ["i32"] * 4)
T("mad.lo.cc.u64 %0, %2, %3, %4; madc.hi.u64 %1, %2, %3, %5;", ["=l", "=l", "l", "l", "l", "l"], ["i64"] * 4)
T("mad.hi.cc.s32 %0, %2, %3, %4; madc.lo.s32 %1, %2, %3, %5;", ["=r", "=r", "r", "r", "r", "r"], ["i32"] * 4)
T("mad.lo.cc.s64 %0, %2, %3, %4; madc.hi.cc.s64 %1, %2, %3, %5;", ["=l", "=l", "l", "l", "l", "l"], ["i64"] * 4)
# 64x32 -> 96-bit product built from 32-bit pieces, all through temporaries
T("{ .reg .b32 a, b, c; mul.lo.u32 a, %3, %5; mul.hi.u32 b, %3, %5; mad.lo.cc.u32 b, %4, %5, b; "
  "madc.hi.u32 c, %4, %5, 0; mov.b32 %0, a; mov.b32 %1, b; mov.b32 %2, c; }",
  ["=r"] * 3 + ["r"] * 3, ["i32"] * 3)
# 64x64 -> 128-bit product with madc chains
T("{ .reg .b32 r0, r1, r2, r3; mul.lo.u32 r0, %4, %6; mul.hi.u32 r1, %4, %6; "
  "mad.lo.cc.u32 r1, %5, %6, r1; madc.hi.u32 r2, %5, %6, 0; "
  "mad.lo.cc.u32 r1, %4, %7, r1; madc.hi.cc.u32 r2, %4, %7, r2; addc.u32 r3, 0, 0; "
  "mad.lo.cc.u32 r2, %5, %7, r2; madc.hi.u32 r3, %5, %7, r3; "
  "mov.b32 %0, r0; mov.b32 %1, r1; mov.b32 %2, r2; mov.b32 %3, r3; }",
  ["=r"] * 4 + ["r"] * 4, ["i32"] * 4)

family("int: mul24/mad24")
T("mad24.hi.sat.s32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i24", "i24", "i32"])
for ty in ["s32", "u32"]:
    for op in ["mul24.lo", "mul24.hi"]:
        T(f"{op}.{ty} %0, %1, %2;", ["=r", "r", "r"], ["i24", "i24"], name=f"{op}.{ty} %0, %1, %2; #i24")
    for op in ["mad24.lo", "mad24.hi"]:
        T(f"{op}.{ty} %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i24", "i24", "i32"],
          name=f"{op}.{ty} %0, %1, %2, %3; #i24")

family("int: div/rem/abs/neg edges")
for ty in ["s16", "u16", "s32", "u32", "s64", "u64"]:
    c, b = IREG[ty], IBITS[ty]
    for op in ["div", "rem"]:
        T(f"{op}.{ty} %0, %1, %2;", [f"={c}", c, c], [f"divn{b}", f"divd{b}"],
          name=f"{op}.{ty} %0, %1, %2; #edge (INT_MIN, -1, 0)")
    if ty[0] == "s":
        for op in ["abs", "neg"]:
            T(f"{op}.{ty} %0, %1;", [f"={c}", c], [f"divn{b}"], name=f"{op}.{ty} %0, %1; #INT_MIN")
for ty in ["s16", "s32", "s64"]:
    c, b = IREG[ty], IBITS[ty]
    T(f"mul.hi.{ty} %0, %1, %2;", [f"={c}", c, c], [f"divn{b}", f"divd{b}"], name=f"mul.hi.{ty} %0, %1, %2; #edge")
    T(f"mul.lo.{ty} %0, %1, %2;", [f"={c}", c, c], [f"divn{b}", f"divd{b}"], name=f"mul.lo.{ty} %0, %1, %2; #edge")
T("mul.wide.s32 %0, %1, %2;", ["=l", "r", "r"], ["divn32", "divd32"], name="mul.wide.s32 %0, %1, %2; #edge")
T("mul.wide.s16 %0, %1, %2;", ["=r", "h", "h"], ["divn16", "divd16"], name="mul.wide.s16 %0, %1, %2; #edge")
T("add.sat.s32 %0, %1, %2;", ["=r", "r", "r"], ["divn32", "divn32"], name="add.sat.s32 %0, %1, %2; #edge")
T("sub.sat.s32 %0, %1, %2;", ["=r", "r", "r"], ["divn32", "divd32"], name="sub.sat.s32 %0, %1, %2; #edge")
T("mad.hi.sat.s32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["divn32", "divn32", "divn32"],
  name="mad.hi.sat.s32 %0, %1, %2, %3; #edge")

family("int: SIMD 16x2, relu")
for op in ["add", "min", "max"]:  # (sub/mul/neg/abs have no .u16x2/.s16x2 form: ptxas rejects them)
    for ty in ["u16x2", "s16x2"]:
        T(f"{op}.{ty} %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"])
for op in ["min", "max"]:
    T(f"{op}.relu.s16x2 %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"])
    T(f"{op}.relu.s32 %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"])

family("int: bit fields and shifts")
for ty, c, g in [("u32", "r", "i32"), ("s32", "r", "i32"), ("u64", "l", "i64"), ("s64", "l", "i64")]:
    T(f"bfe.{ty} %0, %1, %2, %3;", [f"={c}", c, "r", "r"], [g, "bfepos", "bfepos"],
      name=f"bfe.{ty} %0, %1, %2, %3; #pos/len past the width")
T("bfi.b32 %0, %1, %2, %3, %4;", ["=r", "r", "r", "r", "r"], ["i32", "i32", "bfepos", "bfepos"],
  name="bfi.b32 %0, %1, %2, %3, %4; #pos/len past the width")
T("bfi.b64 %0, %1, %2, %3, %4;", ["=l", "l", "l", "r", "r"], ["i64", "i64", "bfepos", "bfepos"],
  name="bfi.b64 %0, %1, %2, %3, %4; #pos/len past the width")
T("fns.b32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["sbits32", "lane", "fnsoff"], name="fns.b32 %0, %1, %2, %3; #sparse")
T("fns.b32 %0, %1, %2, 1;", ["=r", "r", "r"], ["sbits32", "lane"])
T("fns.b32 %0, %1, %2, -1;", ["=r", "r", "r"], ["sbits32", "lane"])
T("fns.b32 %0, %1, 0, %2;", ["=r", "r", "r"], ["i32", "fnsoff"])
T("bmsk.clamp.b32 %0, %1, %2;", ["=r", "r", "r"], ["bfepos", "bfepos"], name="bmsk.clamp.b32 %0, %1, %2; #edge")
T("bmsk.wrap.b32 %0, %1, %2;", ["=r", "r", "r"], ["bfepos", "bfepos"], name="bmsk.wrap.b32 %0, %1, %2; #edge")
T("szext.clamp.u32 %0, %1, %2;", ["=r", "r", "r"], ["i32", "pos"])
for m in ["clamp", "wrap"]:
    for ty in ["s32", "u32"]:
        T(f"szext.{m}.{ty} %0, %1, %2;", ["=r", "r", "r"], ["i32", "bfepos"], name=f"szext.{m}.{ty} %0, %1, %2; #edge")
for d in ["l", "r"]:
    for m in ["clamp", "wrap"]:
        T(f"shf.{d}.{m}.b32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "shamtbig"],
          name=f"shf.{d}.{m}.b32 %0, %1, %2, %3; #large amounts")
        T(f"shf.{d}.{m}.b32 %0, %1, %2, 33;", ["=r", "r", "r"], ["i32", "i32"])
for ty, c, g in [("b16", "h", "i16"), ("b32", "r", "i32"), ("b64", "l", "i64")]:
    T(f"shl.{ty} %0, %1, %2;", [f"={c}", c, "r"], [g, "shamtbig"], name=f"shl.{ty} %0, %1, %2; #past the width")
for ty, c, g in [("b16", "h", "i16"), ("u16", "h", "i16"), ("s16", "h", "i16"),
                 ("b32", "r", "i32"), ("u32", "r", "i32"), ("s32", "r", "i32"),
                 ("b64", "l", "i64"), ("u64", "l", "i64"), ("s64", "l", "i64")]:
    T(f"shr.{ty} %0, %1, %2;", [f"={c}", c, "r"], [g, "shamtbig"], name=f"shr.{ty} %0, %1, %2; #past the width")
T("shl.b32 %0, %1, 31;", ["=r", "r"], ["i32"])
T("shr.s64 %0, %1, 63;", ["=l", "l"], ["i64"])
T("shr.s16 %0, %1, 15;", ["=h", "h"], ["i16"])
for ty, c, g in [("b32", "r", "sbits32"), ("b64", "l", "sbits64")]:
    T(f"popc.{ty} %0, %1;", ["=r", c], [g], name=f"popc.{ty} %0, %1; #sparse")
    T(f"clz.{ty} %0, %1;", ["=r", c], [g], name=f"clz.{ty} %0, %1; #sparse")
for ty, c, g in [("u32", "r", "sbits32"), ("s32", "r", "sbits32"), ("s64", "l", "sbits64")]:
    T(f"bfind.{ty} %0, %1;", ["=r", c], [g], name=f"bfind.{ty} %0, %1; #sparse")

family("int: prmt")
for sel in [0x3210, 0x0123, 0x1032, 0x5410, 0x7632, 0x7531, 0x6420, 0x4444, 0x8888, 0x9999, 0xBA98, 0x0000,
            0x7777, 0xF0E1, 0xC840, 0x3276]:
    T(f"prmt.b32 %0, %1, %2, {sel:#06x};", ["=r", "r", "r"], ["i32", "i32"])
T("prmt.b32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "prmtsel"], name="prmt.b32 %0, %1, %2, %3; #sign selectors")
for m in ["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"]:
    for sel in range(4):
        T(f"prmt.b32.{m} %0, %1, %2, {sel};", ["=r", "r", "r"], ["i32", "i32"])

family("int: logic")
for lut in [0x01, 0x02, 0x08, 0x0F, 0x17, 0x33, 0x40, 0x55, 0x66, 0x69, 0x71, 0x78, 0x7F, 0x87, 0x8E, 0x99,
            0xA5, 0xC3, 0xD4, 0xE1, 0xEE, 0xF8, 0xFE, 0xB8, 0xD8, 0x2B, 0x4D, 0x9C, 0xFC, 0x3F]:
    T(f"lop3.b32 %0, %1, %2, %3, {lut:#04x};", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
for bop in ["and", "or"]:
    T("{ .reg .pred p, q; setp.ne.u32 q, %%5, 0; lop3.%s.b32 %%0|p, %%2, %%3, %%4, 0x96, q; selp.u32 %%1, 1, 0, p; }" % bop,
      ["=r", "=r", "r", "r", "r", "r"], ["sparse32", "sparse32", "sparse32", "bit"])
for op in ["and", "or", "xor"]:
    T("{ .reg .pred p, q, r; setp.ne.u32 p, %%1, 0; setp.ne.u32 q, %%2, 0; %s.pred r, p, q; selp.u32 %%0, 1, 0, r; }" % op,
      ["=r", "r", "r"], ["bit", "bit"])
T("{ .reg .pred p, r; setp.ne.u32 p, %1, 0; not.pred r, p; selp.u32 %0, 1, 0, r; }", ["=r", "r"], ["bit"])
T("{ .reg .pred p, r; setp.ne.u32 p, %1, 0; mov.pred r, p; selp.u32 %0, 1, 0, r; }", ["=r", "r"], ["bit"])
T("{ .reg .pred p, q, r; setp.ne.u32 p, %1, 0; setp.ne.u32 q, %2, 0; and.pred r, !p, q; selp.u32 %0, 1, 0, r; }",
  ["=r", "r", "r"], ["bit", "bit"])
for ty, c, g in [("b16", "h", "i16"), ("b32", "r", "i32"), ("b64", "l", "i64")]:
    T(f"cnot.{ty} %0, %1;", [f"={c}", c], [g], name=f"cnot.{ty} %0, %1; #dense")

family("int: video (scalar and SIMD)")
for op in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
    T(f"{op}.s32.s32.s32 %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"])
    T(f"{op}.u32.u32.u32.sat %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"])
T("vadd.s32.u32.s32.sat.add %0, %1.b1, %2.h1, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vsub.u32.s32.u32.min %0, %1.h0, %2.b3, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vmax.s32.s32.s32 %0.h1, %1.b2, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vshl.u32.u32.u32.wrap %0, %1, %2;", ["=r", "r", "r"], ["i32", "shamtbig"])
T("vshl.u32.u32.u32.clamp %0, %1, %2;", ["=r", "r", "r"], ["i32", "shamtbig"])
T("vshr.s32.s32.u32.clamp %0, %1, %2;", ["=r", "r", "r"], ["i32", "shamtbig"])
T("vshr.u32.u32.u32.wrap.add %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "shamtbig", "i32"])
T("vmad.s32.s32.s32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vmad.u32.u32.u32.sat %0, %1.h0, %2.h1, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vmad.s32.s32.s32.shr7 %0, -%1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vset.s32.u32.lt %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"])
T("vset.u32.u32.ne.add %0, %1.b0, %2.b0, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
for op in ["vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2"]:
    T(f"{op}.s32.s32.s32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["ovf32", "ovf32", "i32"])
    T(f"{op}.u32.u32.u32.sat %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["ovf32", "ovf32", "i32"])
for op in ["vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4"]:
    T(f"{op}.s32.s32.s32.sat %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
    T(f"{op}.u32.u32.u32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vadd2.s32.s32.s32.add %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vset2.u32.u32.lt %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vset4.s32.s32.ge.add %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vadd4.u32.u32.u32 %0.b3210, %1.b7654, %2.b0000, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vadd4.u32.u32.u32 %0.b0, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])
T("vadd2.u32.u32.u32 %0.h1, %1, %2, %3;", ["=r", "r", "r", "r"], ["i32", "i32", "i32"])

# =================================================================== integer conversions
family("cvt: int <-> int")
for a in INTS:
    for b in INTS:
        if a == b:
            continue
        T(f"cvt.{a}.{b} %0, %1;", [f"={IREG[a]}", IREG[b]], [igen(b)])
        # .sat only where the source range does not fit the destination's
        sa, sb = IBITS[a], IBITS[b]
        fits = (a[0] == b[0] and sa >= sb) or (a[0] == "s" and b[0] == "u" and sa > sb)
        if not fits:
            T(f"cvt.sat.{a}.{b} %0, %1;", [f"={IREG[a]}", IREG[b]], [igen(b)])
T("cvt.s8.s16 %0, %1;", ["=h", "h"], ["ovf16"], name="cvt.s8.s16 %0, %1; [8-bit in .b16]")
T("cvt.u8.u64 %0, %1;", ["=h", "l"], ["ovf64"], name="cvt.u8.u64 %0, %1; [8-bit in .b16]")
T("cvt.s16.s8 %0, %1;", ["=h", "h"], ["i16"], name="cvt.s16.s8 %0, %1; [8-bit source in .b16]")
T("cvt.u32.u16 %0, %1;", ["=r", "r"], ["i32"], name="cvt.u32.u16 %0, %1; [16-bit source in .b32]")
T("cvt.s64.s16 %0, %1;", ["=l", "r"], ["i32"], name="cvt.s64.s16 %0, %1; [16-bit source in .b32]")
T("cvt.s32.s32 %0, %1;", ["=r", "r"], ["i32"])
T("cvt.u16.u16 %0, %1;", ["=h", "h"], ["i16"])
for n in ["s8", "u4", "s2"]:
    T(f"cvt.pack.sat.{n}.s32.b32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["ovf32", "ovf32", "i32"])
for n in ["s4", "u2", "u8"]:
    T(f"cvt.pack.sat.{n}.s32.b32 %0, %1, %2, %3;", ["=r", "r", "r", "r"], ["ovf32", "ovf32", "i32"],
      name=f"cvt.pack.sat.{n}.s32.b32 %0, %1, %2, %3; #edge")
for n in ["u16", "s16"]:
    T(f"cvt.pack.sat.{n}.s32 %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "ovf32"], name=f"cvt.pack.sat.{n}.s32 %0, %1, %2; #edge")

family("mov: pack/unpack")
T("mov.b64 {%0, %1, %2, %3}, %4;", ["=h"] * 4 + ["l"], ["i64"])
T("{ .reg .b128 t; mov.b128 t, {%2, %3}; mov.b128 {%1, %0}, t; }", ["=l", "=l", "l", "l"], ["i64", "i64"])
T("{ .reg .b32 t; mov.b32 t, {%1, %2}; mov.b32 {%0, _}, t; }", ["=h", "h", "h"], ["i16", "i16"])
T("{ .reg .b64 t; mov.b64 t, {%1, %2}; mov.b64 {_, %0}, t; }", ["=r", "r", "r"], ["i32", "i32"])
T("mov.b32 %0, {%1, %1};", ["=r", "h"], ["i16"])
T("mov.b64 %0, {%1, %2};", ["=l", "f", "f"], ["f32", "f32"], name="mov.b64 %0, {%1, %2}; [f32 parts]")
T("mov.b32 {%0, %1}, %2;", ["=h", "=h", "f"], ["f32"], name="mov.b32 {%0, %1}, %2; [f32 whole]")
T("mov.b64 %0, %1;", ["=d", "l"], ["i64"])
T("mov.b32 %0, %1;", ["=f", "r"], ["i32"])

# =================================================================== compare and select
family("setp/set: integer")
ALLOPS_S = "eq ne lt le gt ge".split()
ALLOPS_U = "eq ne lo ls hi hs lt le gt ge".split()
for ty, c, g in [("s16", "h", "ovf16"), ("u16", "h", "ovf16"), ("s64", "l", "ovf64"), ("u64", "l", "ovf64")]:
    for op in (ALLOPS_S if ty[0] == "s" else ALLOPS_U):
        T(PRED1 % f"setp.{op}.{ty} p, %1, %2", ["=r", c, c], [g, g])
for ty, c, g in [("b16", "h", "ovf16"), ("b64", "l", "ovf64")]:
    for op in ["eq", "ne"]:
        T(PRED1 % f"setp.{op}.{ty} p, %1, %2", ["=r", c, c], [g, g])
T(PRED2 % "setp.hi.u64 p|q, %2, %3", ["=r", "=r", "l", "l"], ["ovf64", "ovf64"])
T("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.ge.and.s16 p|q, %2, %3, c; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "h", "h", "r"], ["ovf16", "ovf16", "bit"])
T("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.ls.or.u64 p|q, %2, %3, !c; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "l", "l", "r"], ["ovf64", "ovf64", "bit"])
T("{ .reg .pred p, c; setp.ne.u32 c, %3, 0; setp.eq.xor.b64 p, %1, %2, !c; selp.u32 %0, 1, 0, p; }",
  ["=r", "l", "l", "r"], ["fewvals64", "fewvals64", "bit"])
T("{ .reg .pred p, c; setp.ne.u32 c, %3, 0; setp.hs.and.u16 p, %1, %2, !c; selp.u32 %0, 1, 0, p; }",
  ["=r", "h", "h", "r"], ["ovf16", "ovf16", "bit"])
for d, s, op, c, g in [("u32", "s16", "eq", "h", "ovf16"), ("s32", "s16", "lt", "h", "ovf16"),
                       ("u32", "u16", "hi", "h", "ovf16"), ("f32", "u16", "ge", "h", "ovf16"),
                       ("u32", "s64", "lt", "l", "ovf64"), ("s32", "u64", "ls", "l", "ovf64"),
                       ("f32", "b64", "ne", "l", "fewvals64"), ("s32", "b16", "eq", "h", "ovf16"),
                       ("u32", "b32", "ne", "r", "fewvals"), ("f32", "u32", "gt", "r", "ovf32"),
                       ("s32", "s32", "le", "r", "ovf32"), ("f32", "u32", "lo", "r", "ovf32"),
                       ("s32", "u64", "hs", "l", "ovf64")]:
    dc = "f" if d == "f32" else "r"
    T(f"set.{op}.{d}.{s} %0, %1, %2;", [f"={dc}", c, c], [g, g])
T("{ .reg .pred c; setp.ne.u32 c, %3, 0; set.lt.and.u32.s32 %0, %1, %2, c; }", ["=r", "r", "r", "r"],
  ["ovf32", "ovf32", "bit"])
T("{ .reg .pred c; setp.ne.u32 c, %3, 0; set.ne.xor.s32.u64 %0, %1, %2, !c; }", ["=r", "l", "l", "r"],
  ["fewvals64", "fewvals64", "bit"])

family("setp/set: float")
FOPS = "eq ne lt le gt ge equ neu ltu leu gtu geu num nan".split()
for op in FOPS:
    T(PRED1 % f"setp.{op}.f64 p, %1, %2", ["=r", "d", "d"], ["f64rb", "f64rb"])
    T(PRED1 % f"setp.{op}.ftz.f32 p, %1, %2", ["=r", "f", "f"], ["f32", "f32"])
    T(PRED1 % f"setp.{op}.f16 p, %1, %2", ["=r", "h", "h"], ["f16", "f16"])
    T(PRED1 % f"setp.{op}.bf16 p, %1, %2", ["=r", "h", "h"], ["bf16", "bf16"])
for op in ["lt", "equ", "gt"]:
    T(PRED1 % f"setp.{op}.ftz.f16 p, %1, %2", ["=r", "h", "h"], ["f16", "f16"])
for op in ["eq", "ne", "le", "gtu", "geu", "nan", "num", "neu"]:
    T(PRED2 % f"setp.{op}.f16x2 p|q, %2, %3", ["=r", "=r", "r", "r"], ["f16x2", "f16x2"])
for op in ["lt", "eq", "gtu", "nan", "ge"]:
    T(PRED2 % f"setp.{op}.bf16x2 p|q, %2, %3", ["=r", "=r", "r", "r"], ["bf16x2", "bf16x2"])
T(PRED2 % "setp.le.ftz.f16x2 p|q, %2, %3", ["=r", "=r", "r", "r"], ["f16x2", "f16x2"])
T(PRED2 % "setp.lt.f32 p|q, %2, %3", ["=r", "=r", "f", "f"], ["f32", "f32"])
T(PRED2 % "setp.gtu.f64 p|q, %2, %3", ["=r", "=r", "d", "d"], ["f64", "f64"])
for ty, c, g, op, bop, neg in [("f32", "f", "f32", "lt", "and", "!"), ("f32", "f", "f32", "nan", "or", ""),
                               ("f32", "f", "f32", "geu", "xor", "!"), ("f64", "d", "f64", "le", "or", "!"),
                               ("f64", "d", "f64", "equ", "xor", ""), ("f16", "h", "f16", "ne", "and", ""),
                               ("bf16", "h", "bf16", "gt", "or", "!")]:
    T("{ .reg .pred p, c; setp.ne.u32 c, %%3, 0; setp.%s.%s.%s p, %%1, %%2, %sc; selp.u32 %%0, 1, 0, p; }" % (op, bop, ty, neg),
      ["=r", c, c, "r"], [g, g, "bit"])
T("{ .reg .pred p, c; setp.ne.u32 c, %3, 0; setp.lt.and.ftz.f32 p, %1, %2, c; selp.u32 %0, 1, 0, p; }",
  ["=r", "f", "f", "r"], ["f32", "f32", "bit"])
T("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.lt.and.f16x2 p|q, %2, %3, c; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "r", "r", "r"], ["f16x2", "f16x2", "bit"])
for d, s, op, ftz in [("s32", "f32", "gtu", ""), ("f32", "f32", "num", ""), ("u32", "f32", "eq", ".ftz"),
                      ("f32", "f64", "lt", ""), ("s32", "f64", "nan", ""), ("u32", "f64", "neu", ""),
                      ("f32", "f32", "ge", ".ftz"), ("u32", "f32", "leu", ".ftz")]:
    dc = "f" if d == "f32" else "r"
    sc = FREG[s]
    T(f"set.{op}{ftz}.{d}.{s} %0, %1, %2;", [f"={dc}", sc, sc], [s, s])
for asm, cons, gens in [
        ("set.lt.f16.f16 %0, %1, %2;", ["=h", "h", "h"], ["f16", "f16"]),
        ("set.ltu.ftz.f16.f16 %0, %1, %2;", ["=h", "h", "h"], ["f16", "f16"]),
        ("set.gt.bf16.bf16 %0, %1, %2;", ["=h", "h", "h"], ["bf16", "bf16"]),
        ("set.ge.u32.f16 %0, %1, %2;", ["=r", "h", "h"], ["f16", "f16"]),
        ("set.eq.s32.bf16 %0, %1, %2;", ["=r", "h", "h"], ["bf16", "bf16"]),
        ("set.lt.u32.f16x2 %0, %1, %2;", ["=r", "r", "r"], ["f16x2", "f16x2"]),
        ("set.le.s32.bf16x2 %0, %1, %2;", ["=r", "r", "r"], ["bf16x2", "bf16x2"]),
        ("set.nan.f16x2.f16x2 %0, %1, %2;", ["=r", "r", "r"], ["f16x2", "f16x2"]),
        ("set.gtu.bf16x2.bf16x2 %0, %1, %2;", ["=r", "r", "r"], ["bf16x2", "bf16x2"]),
        ("set.lt.ftz.f16x2.f16x2 %0, %1, %2;", ["=r", "r", "r"], ["f16x2", "f16x2"]),
        ("set.num.f16.f16 %0, %1, %2;", ["=h", "h", "h"], ["f16", "f16"]),
        ("set.eq.f16.f32 %0, %1, %2;", ["=h", "f", "f"], ["f32", "f32"])]:
    T(asm, cons, gens)
T("{ .reg .pred c; setp.ne.u32 c, %3, 0; set.lt.or.f32.f32 %0, %1, %2, !c; }", ["=f", "f", "f", "r"], ["f32", "f32", "bit"])
T("{ .reg .pred c; setp.ne.u32 c, %3, 0; set.gt.and.f16x2.f16x2 %0, %1, %2, c; }", ["=r", "r", "r", "r"],
  ["f16x2", "f16x2", "bit"])

family("selp/slct")
for ty, c, g in [("b16", "h", "i16"), ("u16", "h", "i16"), ("s16", "h", "i16"), ("u32", "r", "i32"),
                 ("s32", "r", "i32"), ("u64", "l", "i64"), ("s64", "l", "i64"), ("b64", "l", "i64"),
                 ("f32", "f", "f32")]:
    T("{ .reg .pred p; setp.ne.u32 p, %%3, 0; selp.%s %%0, %%1, %%2, p; }" % ty, [f"={c}", c, c, "r"], [g, g, "bit"])
T("{ .reg .pred p; setp.ne.u32 p, %3, 0; selp.b32 %0, %1, %2, !p; }", ["=r", "r", "r", "r"], ["i32", "i32", "bit"])
T("{ .reg .pred p; setp.ne.u32 p, %2, 0; selp.u32 %0, %1, 77, p; }", ["=r", "r", "r"], ["i32", "bit"])
for ty, c, g in [("b16", "h", "i16"), ("u16", "h", "i16"), ("s16", "h", "i16"), ("u32", "r", "i32"),
                 ("s32", "r", "i32"), ("b32", "r", "i32"), ("u64", "l", "i64"), ("s64", "l", "i64"),
                 ("b64", "l", "i64"), ("f32", "f", "f32"), ("f64", "d", "f64")]:
    for st, sc, sg in [("s32", "r", "i32"), ("f32", "f", "f32")]:
        T(f"slct.{ty}.{st} %0, %1, %2, %3;", [f"={c}", c, c, sc], [g, g, sg])
T("slct.ftz.f32.f32 %0, %1, %2, %3;", ["=f", "f", "f", "f"], ["f32", "f32", "f32"])
T("slct.ftz.u64.f32 %0, %1, %2, %3;", ["=l", "l", "l", "f"], ["i64", "i64", "f32"])

# =================================================================== f32 / f64
family("float: f32/f64 arithmetic")
for op in ["add", "sub", "mul"]:
    for rnd in ["", ".rn", ".rz", ".rm", ".rp"]:
        for ftz in ["", ".ftz"]:
            for sat in ["", ".sat"]:
                T(f"{op}{rnd}{ftz}{sat}.f32 %0, %1, %2;", ["=f", "f", "f"], ["f32", "f32"])
    T(f"{op}.f64 %0, %1, %2;", ["=d", "d", "d"], ["f64", "f64"])
for rnd in ["rn", "rz", "rm", "rp"]:
    for mods in ["", ".ftz", ".sat", ".ftz.sat"]:
        T(f"fma.{rnd}{mods}.f32 %0, %1, %2, %3;", ["=f", "f", "f", "f"], ["f32", "f32", "f32"])
for rnd in ["rz", "rm", "rp"]:
    T(f"mad.{rnd}.f32 %0, %1, %2, %3;", ["=f", "f", "f", "f"], ["f32", "f32", "f32"])
    T(f"mad.{rnd}.f64 %0, %1, %2, %3;", ["=d", "d", "d", "d"], ["f64", "f64", "f64"])
    T(f"div.{rnd}.ftz.f32 %0, %1, %2;", ["=f", "f", "f"], ["f32", "f32"])
    T(f"rcp.{rnd}.ftz.f32 %0, %1;", ["=f", "f"], ["f32"])
    T(f"sqrt.{rnd}.ftz.f32 %0, %1;", ["=f", "f"], ["f32"])
for mods in [".ftz", ".sat", ".ftz.sat"]:
    T(f"mad.rn{mods}.f32 %0, %1, %2, %3;", ["=f", "f", "f", "f"], ["f32", "f32", "f32"])
T("add.rn.sat.f32 %0, %1, %2;", ["=f", "f", "f"], ["f32unit", "f32unit"], name="add.rn.sat.f32 %0, %1, %2; #unit")
T("fma.rn.sat.f32 %0, %1, %2, %3;", ["=f", "f", "f", "f"], ["f32unit", "f32unit", "f32unit"],
  name="fma.rn.sat.f32 %0, %1, %2, %3; #unit")
for asm, cons in [("add.rn.f32 %0, %1, %2;", ["=f", "f", "f"]), ("mul.rn.f32 %0, %1, %2;", ["=f", "f", "f"]),
                  ("sub.rn.f32 %0, %1, %2;", ["=f", "f", "f"]), ("fma.rn.f32 %0, %1, %2, %3;", ["=f", "f", "f", "f"]),
                  ("min.f32 %0, %1, %2;", ["=f", "f", "f"]), ("max.NaN.f32 %0, %1, %2;", ["=f", "f", "f"]),
                  ("abs.f32 %0, %1;", ["=f", "f"]), ("neg.f32 %0, %1;", ["=f", "f"]),
                  ("copysign.f32 %0, %1, %2;", ["=f", "f", "f"]), ("sqrt.rn.f32 %0, %1;", ["=f", "f"])]:
    gens = ["nan32"] + ["f32"] * (len(cons) - 2)
    T(asm, cons, gens, name=asm + " #NaN payloads")
T("add.rn.f64 %0, %1, %2;", ["=d", "d", "d"], ["f64rb", "f64rb"], name="add.rn.f64 %0, %1, %2; #edge")
T("fma.rn.f64 %0, %1, %2, %3;", ["=d", "d", "d", "d"], ["f64rb", "f64rb", "f64rb"], name="fma.rn.f64 %0, %1, %2, %3; #edge")
for op in ["min", "max"]:
    for mods in [".ftz.NaN", ".ftz.xorsign.abs", ".NaN.xorsign.abs", ".ftz.NaN.xorsign.abs"]:
        T(f"{op}{mods}.f32 %0, %1, %2;", ["=f", "f", "f"], ["f32", "f32"])
for t in ["finite", "infinite", "number", "notanumber"]:
    T(PRED1 % f"testp.{t}.f64 p, %1", ["=r", "d"], ["f64rb"])
for t in ["normal", "subnormal"]:
    T(PRED1 % f"testp.{t}.f32 p, %1", ["=r", "f"], ["f32rb"], name=f"testp.{t}.f32 #edge")

family("float: approx")
T("cos.approx.ftz.f32 %0, %1;", ["=f", "f"], ["f32"], approx=True)
T("rsqrt.approx.ftz.f64 %0, %1;", ["=d", "d"], ["f64"], approx=True)
for op, g in [("sin.approx.f32", "f32trig"), ("cos.approx.f32", "f32trig"), ("sin.approx.ftz.f32", "f32trig"),
              ("sqrt.approx.f32", "f32pos"), ("rsqrt.approx.f32", "f32pos"), ("lg2.approx.f32", "f32pos"),
              ("rcp.approx.f32", "f32pos"), ("ex2.approx.f32", "f32unit"), ("tanh.approx.f32", "f32unit"),
              ("ex2.approx.ftz.f32", "f32unit")]:
    T(f"{op} %0, %1;", ["=f", "f"], [g], approx=True, name=f"{op} %0, %1; #{g}")
for ty, c, g in [("f16", "h", "f16rb"), ("f16x2", "r", "f16x2rb")]:
    T(f"ex2.approx.{ty} %0, %1;", [f"={c}", c], [g], approx=True, name=f"ex2.approx.{ty} %0, %1; #edge")
    T(f"tanh.approx.{ty} %0, %1;", [f"={c}", c], [g], approx=True, name=f"tanh.approx.{ty} %0, %1; #edge")
for ty, c, g in [("bf16", "h", "bf16rb"), ("bf16x2", "r", "bf16x2rb")]:
    T(f"ex2.approx.ftz.{ty} %0, %1;", [f"={c}", c], [g], approx=True, name=f"ex2.approx.ftz.{ty} %0, %1; #edge")
    T(f"tanh.approx.{ty} %0, %1;", [f"={c}", c], [g], approx=True, name=f"tanh.approx.{ty} %0, %1; #edge")
T("div.approx.f32 %0, %1, %2;", ["=f", "f", "f"], ["f32pos", "f32pos"], approx=True, name="div.approx.f32 %0, %1, %2; #pos")
T("div.full.f32 %0, %1, %2;", ["=f", "f", "f"], ["f32pos", "f32pos"], approx=True, name="div.full.f32 %0, %1, %2; #pos")

# =================================================================== float conversions
family("cvt: float -> int")
for src in ["f16", "bf16", "f32", "f64"]:
    for dst in INTS:
        if src == "bf16" and IBITS[dst] == 8:
            continue  # ptxas: no cvt between .bf16 and 8-bit integers
        for rnd in ["rni", "rzi", "rmi", "rpi"]:
            T(f"cvt.{rnd}.{dst}.{src} %0, %1;", [f"={IREG[dst]}", FREG[src]], [FGEN[src]])
for dst in ["s32", "u8", "u64"]:
    T(f"cvt.rni.ftz.{dst}.f32 %0, %1;", [f"={IREG[dst]}", "f"], ["f32rb"])
T("cvt.rzi.sat.s8.f32 %0, %1;", ["=r", "f"], ["f32rb"])
T("cvt.rni.sat.u16.f64 %0, %1;", ["=h", "d"], ["f64rb"])
T("cvt.rzi.s32.f32 %0, %1;", ["=r", "f"], ["f32rb"], name="cvt.rzi.s32.f32 %0, %1; #edge")
T("cvt.rni.s64.f64 %0, %1;", ["=l", "d"], ["f64rb"], name="cvt.rni.s64.f64 %0, %1; #edge")

family("cvt: int -> float")
for dst in ["f16", "bf16"]:
    for src in INTS:
        if dst == "bf16" and IBITS[src] == 8:
            continue
        for rnd in (["rn", "rz", "rm", "rp"] if IBITS[src] > 8 else ["rn"]):
            T(f"cvt.{rnd}.{dst}.{src} %0, %1;", ["=h", IREG[src]], [igen(src, "fr")])
for src in ["s8", "u8", "s16", "u16"]:
    T(f"cvt.rn.f32.{src} %0, %1;", ["=f", IREG[src]], [igen(src, "fr")])
for src in ["s8", "u8", "s16", "u16", "u32"]:
    T(f"cvt.rn.f64.{src} %0, %1;", ["=d", IREG[src]], [igen(src, "fr")])
for rnd in ["rz", "rm", "rp"]:
    T(f"cvt.{rnd}.f64.u64 %0, %1;", ["=d", "l"], ["fr64"])
T("cvt.rn.f32.s32 %0, %1;", ["=f", "r"], ["fr32"], name="cvt.rn.f32.s32 %0, %1; #halfway")
T("cvt.rz.f32.u64 %0, %1;", ["=f", "l"], ["fr64"], name="cvt.rz.f32.u64 %0, %1; #halfway")
T("cvt.rn.f64.s64 %0, %1;", ["=d", "l"], ["fr64"], name="cvt.rn.f64.s64 %0, %1; #halfway")
T("cvt.rn.sat.f32.s32 %0, %1;", ["=f", "r"], ["ovf32"])
T("cvt.rn.sat.f16.u32 %0, %1;", ["=h", "r"], ["ovf32"])

family("cvt: float -> float")
for asm, cons, gens in [
        ("cvt.rz.relu.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rn.relu.satfinite.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rz.relu.satfinite.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rn.ftz.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rn.sat.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rm.bf16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rp.bf16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rn.relu.satfinite.bf16.f32 %0, %1;", ["=h", "f"], ["f32rb"]),
        ("cvt.rn.bf16.f64 %0, %1;", ["=h", "d"], ["f64rb"]),
        ("cvt.rz.bf16.f64 %0, %1;", ["=h", "d"], ["f64rb"]),
        ("cvt.rm.bf16.f64 %0, %1;", ["=h", "d"], ["f64rb"]),
        ("cvt.rp.bf16.f64 %0, %1;", ["=h", "d"], ["f64rb"]),
        ("cvt.rz.ftz.f32.f64 %0, %1;", ["=f", "d"], ["f64rb"]),
        ("cvt.rm.sat.f32.f64 %0, %1;", ["=f", "d"], ["f64rb"]),
        ("cvt.rp.ftz.sat.f32.f64 %0, %1;", ["=f", "d"], ["f64rb"]),
        ("cvt.f64.bf16 %0, %1;", ["=d", "h"], ["bf16rb"]),
        ("cvt.ftz.f32.f16 %0, %1;", ["=f", "h"], ["f16rb"]),
        ("cvt.rni.ftz.f32.f32 %0, %1;", ["=f", "f"], ["f32rb"]),
        ("cvt.rzi.sat.f32.f32 %0, %1;", ["=f", "f"], ["f32rb"]),
        ("cvt.rmi.ftz.sat.f32.f32 %0, %1;", ["=f", "f"], ["f32rb"]),
        ("cvt.rpi.ftz.f32.f32 %0, %1;", ["=f", "f"], ["f32rb"]),
        ("cvt.ftz.sat.f32.f32 %0, %1;", ["=f", "f"], ["f32rb"]),
        ("cvt.sat.f64.f64 %0, %1;", ["=d", "d"], ["f64rb"]),
        ("cvt.rni.sat.f64.f64 %0, %1;", ["=d", "d"], ["f64rb"]),
        ("cvt.sat.f64.f32 %0, %1;", ["=d", "f"], ["f32rb"]),
        ("cvt.rn.sat.f32.f64 %0, %1;", ["=f", "d"], ["f64rb"]),
        ("cvt.rz.satfinite.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"])]:
    T(asm, cons, gens)
for rnd in ["rz", "rm", "rp"]:
    T(f"cvt.{rnd}.bf16.f16 %0, %1;", ["=h", "h"], ["f16rb"])
    T(f"cvt.{rnd}.f16.bf16 %0, %1;", ["=h", "h"], ["bf16rb"])
for rnd in ["rni", "rzi", "rmi", "rpi"]:
    T(f"cvt.{rnd}.f16.f16 %0, %1;", ["=h", "h"], ["f16rb"])
    T(f"cvt.{rnd}.bf16.bf16 %0, %1;", ["=h", "h"], ["bf16rb"])
    T(f"cvt.{rnd}.f64.f64 %0, %1;", ["=d", "d"], ["f64rb"], name=f"cvt.{rnd}.f64.f64 %0, %1; #edge")
    T(f"cvt.{rnd}.f32.f32 %0, %1;", ["=f", "f"], ["f32rb"], name=f"cvt.{rnd}.f32.f32 %0, %1; #edge")
for rnd in ["rn", "rz", "rm", "rp"]:
    T(f"cvt.{rnd}.f32.f64 %0, %1;", ["=f", "d"], ["f64rb"], name=f"cvt.{rnd}.f32.f64 %0, %1; #edge")
    T(f"cvt.{rnd}.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"], name=f"cvt.{rnd}.f16.f32 %0, %1; #edge")
    T(f"cvt.{rnd}.f16.f64 %0, %1;", ["=h", "d"], ["f64rb"], name=f"cvt.{rnd}.f16.f64 %0, %1; #edge")
for rnd in ["rn", "rz"]:
    T(f"cvt.{rnd}.bf16.f32 %0, %1;", ["=h", "f"], ["f32rb"], name=f"cvt.{rnd}.bf16.f32 %0, %1; #edge")
T("cvt.f32.f16 %0, %1;", ["=f", "h"], ["f16rb"], name="cvt.f32.f16 %0, %1; #edge")
T("cvt.f32.bf16 %0, %1;", ["=f", "h"], ["bf16rb"], name="cvt.f32.bf16 %0, %1; #edge")
T("cvt.f64.f32 %0, %1;", ["=d", "f"], ["nan32"], name="cvt.f64.f32 %0, %1; #NaN payloads")

family("cvt: packed, tf32, fp8")
for asm in ["cvt.rn.satfinite.f16x2.f32", "cvt.rz.satfinite.f16x2.f32", "cvt.rn.relu.satfinite.f16x2.f32",
            "cvt.rn.relu.bf16x2.f32", "cvt.rz.relu.bf16x2.f32", "cvt.rn.satfinite.bf16x2.f32",
            "cvt.rn.relu.satfinite.bf16x2.f32"]:
    T(f"{asm} %0, %1, %2;", ["=r", "f", "f"], ["f32rb", "f32rb"])
for rnd in ["rn", "rz"]:
    T(f"cvt.{rnd}.f16x2.f32 %0, %1, %2;", ["=r", "f", "f"], ["f32rb", "f32rb"], name=f"cvt.{rnd}.f16x2.f32 %0, %1, %2; #edge")
    T(f"cvt.{rnd}.bf16x2.f32 %0, %1, %2;", ["=r", "f", "f"], ["f32rb", "f32rb"], name=f"cvt.{rnd}.bf16x2.f32 %0, %1, %2; #edge")
for asm in ["cvt.rn.tf32.f32", "cvt.rz.tf32.f32", "cvt.rn.relu.tf32.f32", "cvt.rz.relu.tf32.f32"]:
    # (.satfinite with .rn/.rz needs sm_100; only .rna.satfinite runs on sm_90)
    T(f"{asm} %0, %1;", ["=r", "f"], ["f32rb"])
T("cvt.rna.tf32.f32 %0, %1;", ["=r", "f"], ["f32rb"], name="cvt.rna.tf32.f32 %0, %1; #edge")
T("cvt.rna.satfinite.tf32.f32 %0, %1;", ["=r", "f"], ["f32rb"], name="cvt.rna.satfinite.tf32.f32 %0, %1; #edge")
for f8 in ["e4m3x2", "e5m2x2"]:
    T(f"cvt.rn.satfinite.relu.{f8}.f32 %0, %1, %2;", ["=h", "f", "f"], ["f32rb", "f32rb"])
    T(f"cvt.rn.satfinite.{f8}.f32 %0, %1, %2;", ["=h", "f", "f"], ["f32rb", "f32rb"],
      name=f"cvt.rn.satfinite.{f8}.f32 %0, %1, %2; #edge")
    T(f"cvt.rn.satfinite.{f8}.f16x2 %0, %1;", ["=h", "r"], ["f16x2rb"])
    T(f"cvt.rn.satfinite.relu.{f8}.f16x2 %0, %1;", ["=h", "r"], ["f16x2rb"])
    T(f"cvt.rn.f16x2.{f8} %0, %1;", ["=r", "h"], [f8], name=f"cvt.rn.f16x2.{f8} %0, %1; #fp8 specials")
    T(f"cvt.rn.relu.f16x2.{f8} %0, %1;", ["=r", "h"], [f8])
T("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;", ["=h", "r"], ["f16x2rb"], name="cvt.rn.satfinite.e4m3x2.f16x2 %0, %1; #edge")

# =================================================================== f16 / bf16
family("half: f16/bf16 arithmetic")
for ty, c, g in [("f16", "h", "f16"), ("f16x2", "r", "f16x2")]:
    for op in ["add", "sub", "mul"]:
        for mods in [".ftz", ".sat", ".ftz.sat", ".rn.ftz", ".rn.sat", ".rn.ftz.sat"]:
            T(f"{op}{mods}.{ty} %0, %1, %2;", [f"={c}", c, c], [g, g])
    for mods in [".rn.ftz.sat", ".rn.ftz.relu"]:
        T(f"fma{mods}.{ty} %0, %1, %2, %3;", [f"={c}", c, c, c], [g, g, g])
    for op in ["neg", "abs"]:
        T(f"{op}.ftz.{ty} %0, %1;", [f"={c}", c], [g])
    for op in ["min", "max"]:
        for mods in [".ftz", ".ftz.NaN", ".xorsign.abs", ".NaN.xorsign.abs", ".ftz.xorsign.abs", ".ftz.NaN.xorsign.abs"]:
            T(f"{op}{mods}.{ty} %0, %1, %2;", [f"={c}", c, c], [g, g])
for ty, c, g in [("bf16", "h", "bf16"), ("bf16x2", "r", "bf16x2")]:
    for op in ["min", "max"]:
        for mods in [".xorsign.abs", ".NaN.xorsign.abs"]:
            T(f"{op}{mods}.{ty} %0, %1, %2;", [f"={c}", c, c], [g, g])
for ty, c, g in [("f16", "h", "f16"), ("f16x2", "r", "f16x2"), ("bf16", "h", "bf16"), ("bf16x2", "r", "bf16x2")]:
    T(f"fma.rn.oob.{ty} %0, %1, %2, %3;", [f"={c}", c, c, c], [g, g, g])
    T(f"fma.rn.oob.relu.{ty} %0, %1, %2, %3;", [f"={c}", c, c, c], [g, g, g])
for ty, c, g in [("f16", "h", "f16rb"), ("bf16", "h", "bf16rb"), ("f16x2", "r", "f16x2rb"), ("bf16x2", "r", "bf16x2rb")]:
    T(f"fma.rn.{ty} %0, %1, %2, %3;", [f"={c}", c, c, c], [g, g, g], name=f"fma.rn.{ty} %0, %1, %2, %3; #edge")
    T(f"mul.rn.{ty} %0, %1, %2;", [f"={c}", c, c], [g, g], name=f"mul.rn.{ty} %0, %1, %2; #edge")

# =================================================================== multi-instruction templates
family("templates: predication, scopes, loops")
T("{ .reg .pred p; setp.lt.s32 p, %1, %2; @p sub.s32 %0, %2, %1; @!p sub.s32 %0, %1, %2; }",
  ["=r", "r", "r"], ["i32", "i32"])
T("{ .reg .pred p; .reg .b32 t; setp.ne.u32 p, %3, 0; mov.b32 t, %1; @p add.u32 t, t, %2; mov.b32 %0, t; }",
  ["=r", "r", "r", "r"], ["i32", "i32", "bit"])
T("{ .reg .pred p, q; .reg .f32 t; setp.gt.f32 p, %1, %2; setp.nan.f32 q, %1, %2; mov.f32 t, %2; "
  "@p mov.f32 t, %1; @q mov.f32 t, 0f7FC00000; mov.f32 %0, t; }", ["=f", "f", "f"], ["f32", "f32"])
T("{ .reg .pred p; .reg .b64 t; setp.ne.u32 p, %2, 0; mov.b64 t, %1; @!p cvt.u64.u32 t, %3; @p shl.b64 t, t, 3; mov.b64 %0, t; }",
  ["=l", "l", "r", "r"], ["i64", "bit", "i32"])
T("{ .reg .pred p, q; .reg .b32 t; setp.lt.u32 p, %1, %2; not.pred q, p; mov.u32 t, 0; "
  "@q add.u32 t, t, 1; @p sub.u32 t, t, 1; mov.u32 %0, t; }", ["=r", "r", "r"], ["i32", "i32"])
T("{ .reg .pred p; .reg .b16 h; setp.gt.s16 p, %1, 0; mov.b16 h, %2; @p cvt.rn.f16.s16 h, %1; mov.b16 %0, h; }",
  ["=h", "h", "h"], ["ovf16", "f16"])
T("{ .reg .b32 t; { .reg .b32 t; add.u32 t, %1, %2; mov.b32 %0, t; } }", ["=r", "r", "r"], ["i32", "i32"])
T("{ .reg .b32 t; mov.b32 t, %1; { .reg .b32 t; mov.b32 t, %2; } add.u32 %0, t, 1; }", ["=r", "r", "r"], ["i32", "i32"])
T("{ .reg .b32 a<4>; mov.b32 a0, %1; mul.lo.u32 a1, a0, a0; mul.lo.u32 a2, a1, a0; add.u32 a3, a2, a1; mov.b32 %0, a3; }",
  ["=r", "r"], ["i32"])
T("{ .reg .v2 .b32 v; mov.b32 v.x, %1; mov.b32 v.y, %2; add.u32 %0, v.x, v.y; }", ["=r", "r", "r"], ["i32", "i32"])
T("{ .reg .f32 t; .reg .f64 d; cvt.f64.f32 d, %1; mul.rn.f64 d, d, d; cvt.rn.f32.f64 t, d; mov.f32 %0, t; }",
  ["=f", "f"], ["f32"])
T("{ .reg .b32 t; mov.b32 t, %1; add.u32 t, t, %2; mov.b32 %0, t; add.u32 t, t, %2; mov.b32 %1, t; }",
  ["=r", "+r", "r"], ["i32", "i32"], name="read-write operand: %1 += 2*%2, %0 = %1 + %2")
T("{ .reg .f32 t; mov.f32 t, %0; fma.rn.f32 %0, t, t, %1; }", ["+f", "f"], ["f32", "f32"])
T("{ .reg .b64 t; mov.b64 t, %0; add.u64 %0, t, %1; }", ["+l", "l"], ["i64", "i64"])
# loops (labels are local to the { } block; every loop is bounded)
T("{ .reg .b32 x, n; .reg .pred p; mov.b32 x, %1; mov.u32 n, 0; "
  "$L_top: setp.eq.u32 p, x, 0; @p bra $L_end; add.u32 n, n, 1; "
  "{ .reg .b32 y; sub.u32 y, x, 1; and.b32 x, x, y; } bra $L_top; $L_end: mov.u32 %0, n; }",
  ["=r", "r"], ["i32"], name="loop: popcount by clearing the lowest set bit")
T("{ .reg .b32 a, b, t; .reg .pred p; mov.b32 a, %1; mov.b32 b, %2; "
  "$L_top: setp.eq.u32 p, b, 0; @p bra $L_end; rem.u32 t, a, b; mov.b32 a, b; mov.b32 b, t; bra $L_top; "
  "$L_end: mov.b32 %0, a; }", ["=r", "r", "r"], ["i32", "i32"], name="loop: gcd (Euclid)")
T("{ .reg .b32 x, n; .reg .pred p, q; mov.b32 x, %1; mov.u32 n, 0; "
  "$L_top: setp.le.u32 p, x, 1; setp.ge.u32 q, n, 200; or.pred p, p, q; @p bra $L_end; add.u32 n, n, 1; "
  "{ .reg .b32 b; .reg .pred odd; and.b32 b, x, 1; setp.ne.u32 odd, b, 0; @odd mad.lo.u32 x, x, 3, 1; @!odd shr.u32 x, x, 1; } "
  "bra $L_top; $L_end: mov.u32 %0, n; }", ["=r", "r"], ["i32"], name="loop: Collatz steps (at most 200)")
T("{ .reg .b32 x, r, i; .reg .pred p; mov.b32 x, %1; mov.u32 r, 0; mov.u32 i, 0; "
  "$L_top: shl.b32 r, r, 1; { .reg .b32 b; and.b32 b, x, 1; or.b32 r, r, b; } shr.u32 x, x, 1; add.u32 i, i, 1; "
  "setp.lt.u32 p, i, 32; @p bra $L_top; mov.b32 %0, r; }", ["=r", "r"], ["i32"], name="loop: bit reverse, 32 rounds")
T("{ .reg .b64 a, b, acc; .reg .pred p, q; mov.b64 a, %1; mov.b64 b, %2; mov.u64 acc, 0; "
  "$L_top: setp.eq.u64 p, b, 0; @p bra $L_end; { .reg .b64 t; and.b64 t, b, 1; setp.ne.u64 q, t, 0; } "
  "@q add.u64 acc, acc, a; shl.b64 a, a, 1; shr.u64 b, b, 1; bra $L_top; $L_end: mov.b64 %0, acc; }",
  ["=l", "l", "l"], ["i64", "i64"], name="loop: shift-and-add 64-bit multiply")
T("{ .reg .b32 n, s; .reg .pred p; and.b32 n, %1, 255; mov.u32 s, 0; "
  "$L_top: setp.eq.u32 p, n, 0; @p bra $L_end; add.u32 s, s, n; sub.u32 n, n, 1; bra $L_top; $L_end: mov.b32 %0, s; }",
  ["=r", "r"], ["small"], name="loop: sum 1..n (n = low byte)")
T("{ .reg .f32 x, y, h; .reg .b32 i; .reg .pred p; abs.f32 x, %1; mov.f32 y, 0f3F800000; mov.u32 i, 0; "
  "$L_top: div.rn.f32 h, x, y; add.rn.f32 y, y, h; mul.rn.f32 y, y, 0f3F000000; add.u32 i, i, 1; "
  "setp.lt.u32 p, i, 12; @p bra $L_top; mov.f32 %0, y; }", ["=f", "f"], ["f32pos"], name="loop: Newton sqrt, 12 rounds")
T("{ .reg .b32 x, n; .reg .pred p; mov.b32 x, %1; mov.u32 n, 0; "
  "$L_top: setp.lt.u32 p, x, 2; @p bra $L_end; shr.u32 x, x, 1; add.u32 n, n, 1; bra $L_top; "
  "$L_end: mov.b32 %0, n; }", ["=r", "r"], ["i32"], name="loop: floor(log2) by shifting")
T("{ .reg .pred p; setp.eq.u32 p, %1, 0; @p bra $L_zero; div.u32 %0, 1000000, %1; bra $L_done; "
  "$L_zero: mov.u32 %0, 0xffffffff; $L_done: }", ["=r", "r"], ["sparse32"], name="branch: guarded division")
# thread-scope statements on part of the warp (the recorder skips the other lanes)
T("add.s32 %0, %1, %2;", ["=r", "r", "r"], ["i32", "i32"], active="act_rand", name="add.s32 %0, %1, %2; [partial warp]")
T("cvt.rn.f16.f32 %0, %1;", ["=h", "f"], ["f32rb"], active="act_rand", name="cvt.rn.f16.f32 %0, %1; [partial warp]")
T(PRED1 % "setp.lt.f64 p, %1, %2", ["=r", "d", "d"], ["f64", "f64"], active="act_rand", name="setp.lt.f64 [partial warp]")


# =================================================================== warp: shuffles
family("warp: shfl.sync")
for mode in ["up", "down", "bfly", "idx"]:
    b = "b_seg" if mode == "bfly" else "ulane"
    # partial member masks: the mask is a union of whole segments and c's segment width fits in it,
    # so every source lane takes part (reading an inactive lane is undefined in PTX)
    W(f"shfl.sync.{mode}.b32 %0, %1, %2, %3, %4;", ["=r", "r", "r", "r", "r"], ["i32", b, f"c_seg_{mode}", "amask"],
      active="act_seg")
    W("{ .reg .pred p; shfl.sync.%s.b32 %%0|p, %%2, %%3, %%4, %%5; selp.u32 %%1, 1, 0, p; }" % mode,
      ["=r", "=r", "r", "r", "r", "r"], ["i32", b, f"c_seg_{mode}", "amask"], active="act_seg")
    # any mask: only the predicate (it does not depend on the source lane being active)
    W("{ .reg .pred p; .reg .b32 t; shfl.sync.%s.b32 t|p, %%1, %%2, %%3, %%4; selp.u32 %%0, 1, 0, p; }" % mode,
      ["=r", "r", "r", "r", "r"], ["i32", "lane", "c_any", "amask"], active="act_rand")
for mode in ["up", "down", "idx"]:
    W(f"shfl.sync.{mode}.b32 %0, %1, %2, %3, %4;", ["=r", "r", "r", "r", "r"], ["i32", "lane", f"c_seg_{mode}", "amask"],
      active="act_seg", name=f"shfl.sync.{mode}.b32 per-lane b, partial mask")
for width in [2, 4, 8, 16]:
    seg = (32 - width) << 8
    W(f"shfl.sync.up.b32 %0, %1, 1, {seg:#x}, 0xffffffff;", ["=r", "r"], ["i32"])
    W(f"shfl.sync.down.b32 %0, %1, {width // 2}, {seg | 0x1f:#x}, 0xffffffff;", ["=r", "r"], ["i32"])
    W(f"shfl.sync.bfly.b32 %0, %1, {width - 1}, {seg | 0x1f:#x}, 0xffffffff;", ["=r", "r"], ["i32"])
    W(f"shfl.sync.idx.b32 %0, %1, %2, {seg | 0x1f:#x}, 0xffffffff;", ["=r", "r", "r"], ["i32", "lane"])
W("shfl.sync.idx.b32 %0, %1, %2, 0x0f, 0xffffffff;", ["=r", "r", "r"], ["i32", "lane"])
W("shfl.sync.down.b32 %0, %1, %2, 0x1c0f, 0xffffffff;", ["=r", "r", "r"], ["i32", "ulane"])
W("shfl.sync.up.b32 %0, %1, %2, 0x1803, 0xffffffff;", ["=r", "r", "r"], ["i32", "ulane"])
W("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;", ["=f", "f", "r"], ["f32", "lane"])

family("warp: vote/match/redux/activemask/bar.warp.sync")
for mode in ["all", "any", "uni"]:
    W("{ .reg .pred p, q; setp.ne.u32 p, %%1, 0; vote.sync.%s.pred q, p, %%2; selp.u32 %%0, 1, 0, q; }" % mode,
      ["=r", "r", "r"], ["density", "amask"], active="act_rand")
W("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }", ["=r", "r", "r"], ["density", "amask"],
  active="act_rand")
W("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, !p, %2; }", ["=r", "r", "r"], ["density", "amask"],
  active="act_rand")
W("match.any.sync.b32 %0, %1, %2;", ["=r", "r", "r"], ["fewvals", "amask"], active="act_rand")
W("match.any.sync.b64 %0, %1, %2;", ["=r", "l", "r"], ["fewvals64", "amask"], active="act_rand")
W("{ .reg .pred p; match.all.sync.b32 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }", ["=r", "=r", "r", "r"],
  ["fewvals", "amask"], active="act_rand")
W("{ .reg .pred p; match.all.sync.b64 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }", ["=r", "=r", "l", "r"],
  ["fewvals64", "amask"], active="act_rand")
for op in ["add.u32", "min.u32", "max.u32", "add.s32", "min.s32", "max.s32", "and.b32", "or.b32", "xor.b32"]:
    W(f"redux.sync.{op} %0, %1, %2;", ["=r", "r", "r"], ["ovf32", "amask"], active="act_rand")
    W(f"redux.sync.{op} %0, %1, 0xffffffff;", ["=r", "r"], ["fewsmall"], name=f"redux.sync.{op} full, few values")
W("activemask.b32 %0;", ["=r"], [], active="act_rand", name="activemask.b32 %0; [partial warp]")
W("{ bar.warp.sync %1; activemask.b32 %0; }", ["=r", "r"], ["amask"], active="act_rand")
W("{ .reg .b32 a, n; mov.u32 a, %%laneid; shl.b32 a, a, 2; add.u32 a, a, %2; st.shared.u32 [a], %1; "
  "bar.warp.sync %3; mov.u32 n, %%laneid; xor.b32 n, n, 1; shl.b32 n, n, 2; add.u32 n, n, %2; ld.shared.u32 %0, [n]; }",
  ["=r", "r", "r", "r"], ["i32", "sa_u128", "amask"], active="act_rand", smem="rw",
  name="st.shared; bar.warp.sync; ld.shared of the neighbour (lane^1)")
W("{ .reg .b32 a, n; mov.u32 a, %%laneid; shl.b32 a, a, 2; add.u32 a, a, %2; st.shared.u32 [a], %1; "
  "bar.warp.sync 0xffffffff; mov.u32 n, %%laneid; add.u32 n, n, 31; and.b32 n, n, 31; shl.b32 n, n, 2; add.u32 n, n, %2; "
  "ld.shared.u32 %0, [n]; }", ["=r", "r", "r"], ["i32", "sa_u128"], smem="rw",
  name="st.shared; bar.warp.sync; ld.shared of lane-1 (full warp)")

# =================================================================== warp: matrices
family("warp: ldmatrix/stmatrix")
for num, k in [("x1", 1), ("x2", 2), ("x4", 4)]:
    for tr in ["", ".trans"]:
        regs = "{" + ", ".join(f"%{i}" for i in range(k)) + "}"
        asm = f"ldmatrix.sync.aligned.m8n8.{num}{tr}.shared.b16 {regs}, [%{k}];"
        for g in ["smemrow_dup", "smemrow_bank"]:
            W(asm, ["=r"] * k + ["r"], [g], smem="load", name=f"{asm} #{g}")
        regs_in = "{" + ", ".join(f"%{i + 1}" for i in range(k)) + "}"
        asm = f"stmatrix.sync.aligned.m8n8.{num}{tr}.shared.b16 [%0], {regs_in};"
        W(asm, ["r"] + ["r"] * k, ["smemrow_bank"] + ["i32"] * k, smem="store", name=f"{asm} #smemrow_bank")
W("ldmatrix.sync.aligned.m8n8.x4.shared::cta.b16 {%0, %1, %2, %3}, [%4];", ["=r"] * 4 + ["r"], ["smemrow"], smem="load")
W("stmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 [%0], {%1, %2};", ["r"] * 3, ["smemrow_distinct", "i32", "i32"],
  smem="store")
W("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;", ["=r", "r"], ["f16x2rb"], name="movmatrix.sync.aligned.m8n8.trans.b16 #f16")

family("warp: mma.sync")


def mma(shape, types, na, nb, nd, dl, nc, cl, ag, bg=None, cg=None, layout="row.col", extra="", areg="r", tag=None):
    """mma.sync with D (nd regs, letter dl), A (na), B (nb), C (nc regs, letter cl)."""
    bg = bg or ag
    cg = cg or {"f": "f32mma", "r": "i32small", "d": "f64mma"}[cl]
    n = 0

    def regs(k):
        nonlocal n
        s = "{" + ", ".join(f"%{n + i}" for i in range(k)) + "}"
        n += k
        return s
    d = regs(nd); a = regs(na); b = regs(nb); c = regs(nc)
    asm = f"mma.sync.aligned.{shape}.{layout}{extra}.{types} {d}, {a}, {b}, {c};"
    W(asm, [f"={dl}"] * nd + [areg] * (na + nb) + [cl] * nc, [ag] * na + [bg] * nb + [cg] * nc,
      name=f"{asm} #{tag}" if tag else None)


# f16 inputs: D/C are f16x2 pairs ("r", f16x2 generator) or f32
F16ACC = {"f16": (None, "r", "f16x2mma"), "f32": (None, "f", "f32mma")}
for shape, na, nb, nf16, nf32 in [("m16n8k8", 2, 1, 2, 4), ("m16n8k16", 4, 2, 2, 4)]:
    for dt in ["f16", "f32"]:
        for ct in [dt]:  # ptxas: for these shapes .dtype must equal .ctype
            nd, dl = (nf16, "r") if dt == "f16" else (nf32, "f")
            nc, cl = (nf16, "r") if ct == "f16" else (nf32, "f")
            mma(shape, f"{dt}.f16.f16.{ct}", na, nb, nd, dl, nc, cl, "f16x2mma", cg=F16ACC[ct][2])
for la in ["row", "col"]:
    for lb in ["row", "col"]:
        for dt in ["f16", "f32"]:
            for ct in ["f16", "f32"]:
                if (dt, ct) == ("f16", "f32"):
                    continue  # ptxas: f16 D with f32 C is not a m8n8k4 form
                nd, dl = (4, "r") if dt == "f16" else (8, "f")
                nc, cl = (4, "r") if ct == "f16" else (8, "f")
                mma("m8n8k4", f"{dt}.f16.f16.{ct}", 2, 2, nd, dl, nc, cl, "f16x2mma", cg=F16ACC[ct][2],
                    layout=f"{la}.{lb}")
for shape, na, nb in [("m16n8k4", 2, 1), ("m16n8k8", 4, 2), ("m16n8k16", 8, 4)]:
    mma(shape, "f64.f64.f64.f64", na, nb, 4, "d", 4, "d", "f64mma", areg="d")
mma("m8n8k4", "f64.f64.f64.f64", 1, 1, 2, "d", 2, "d", "f64rb", areg="d", cg="f64rb", tag="edge")
I4 = [("s4", "s4"), ("s4", "u4"), ("u4", "s4"), ("u4", "u4")]
for shape, na, nb, nc in [("m8n8k32", 1, 1, 2), ("m16n8k32", 2, 1, 4), ("m16n8k64", 4, 2, 4)]:
    for at, bt in I4:
        mma(shape, f"s32.{at}.{bt}.s32", na, nb, nc, "r", nc, "r", "i32")
    for at, bt in [("s4", "s4"), ("u4", "s4")]:
        mma(shape, f"s32.{at}.{bt}.s32", na, nb, nc, "r", nc, "r", "i32", extra=".satfinite", cg="ovf32")
I8 = [("s8", "s8"), ("s8", "u8"), ("u8", "s8"), ("u8", "u8")]
for shape, na, nb, nc in [("m8n8k16", 1, 1, 2), ("m16n8k16", 2, 1, 4), ("m16n8k32", 4, 2, 4)]:
    for at, bt in I8:
        mma(shape, f"s32.{at}.{bt}.s32", na, nb, nc, "r", nc, "r", "i32")
        if (at, bt) != ("s8", "s8") or shape != "m16n8k32":
            mma(shape, f"s32.{at}.{bt}.s32", na, nb, nc, "r", nc, "r", "i32", extra=".satfinite", cg="ovf32")
for shape, na, nb, nc in [("m8n8k128", 1, 1, 2), ("m16n8k128", 2, 1, 4)]:
    for bop in ["xor", "and"]:
        mma(shape, f"s32.b1.b1.s32.{bop}.popc", na, nb, nc, "r", nc, "r", "i32")
FP8 = ["e4m3", "e5m2"]
for at in FP8:
    for bt in FP8:
        mma("m16n8k32", f"f32.{at}.{bt}.f32", 4, 2, 4, "f", 4, "f", "fp8x4mma")
        mma("m16n8k32", f"f16.{at}.{bt}.f16", 4, 2, 2, "r", 2, "r", "fp8x4mma", cg="f16x2mma")
        mma("m16n8k16", f"f32.{at}.{bt}.f32", 2, 1, 4, "f", 4, "f", "fp8x4mma")
        mma("m16n8k16", f"f16.{at}.{bt}.f16", 2, 1, 2, "r", 2, "r", "fp8x4mma", cg="f16x2mma")
mma("m16n8k32", "f32.e5m2.e5m2.f32", 4, 2, 4, "f", 4, "f", "fp8x4", tag="raw bytes")  # NaN/inf inputs too
mma("m16n8k8", "f32.tf32.tf32.f32", 4, 2, 4, "f", 4, "f", "f32rb", cg="f32rb", tag="edge")
mma("m16n8k16", "f32.bf16.bf16.f32", 4, 2, 4, "f", 4, "f", "bf16x2rb", cg="f32rb", tag="edge")

# =================================================================== warp: shared memory
family("warp: atom/red.shared")
ATOM = [  # (op.type, reg letter, operand generator, address generator, fill)
    ("add.u32", "r", "i32", "sa_c4", None), ("add.s32", "r", "ovf32", "sa_c4", None),
    ("add.u64", "l", "i64", "sa_c8", None), ("add.f32", "f", "f32mma", "sa_c4", "f32"),
    ("add.f64", "d", "f64mma", "sa_c8", "f64"), ("add.noftz.f16", "h", "f16", "sa_c2", "f16"),
    ("add.noftz.f16x2", "r", "f16x2mma", "sa_c4", "f16"), ("add.noftz.bf16", "h", "bf16", "sa_c2", "bf16"),
    ("add.noftz.bf16x2", "r", "bf16x2mma", "sa_c4", "bf16"),
    ("min.u32", "r", "ovf32", "sa_c4", None), ("min.s32", "r", "ovf32", "sa_c4", None),
    ("max.u32", "r", "ovf32", "sa_c4", None), ("max.s32", "r", "ovf32", "sa_c4", None),
    ("min.u64", "l", "ovf64", "sa_c8", None), ("min.s64", "l", "ovf64", "sa_c8", None),
    ("max.u64", "l", "ovf64", "sa_c8", None), ("max.s64", "l", "ovf64", "sa_c8", None),
    ("inc.u32", "r", "small", "sa_c4", "small32"), ("dec.u32", "r", "small", "sa_c4", "small32"),
    ("and.b32", "r", "i32", "sa_c4", None), ("or.b32", "r", "i32", "sa_c4", None), ("xor.b32", "r", "i32", "sa_c4", None),
    ("and.b64", "l", "i64", "sa_c8", None), ("or.b64", "l", "i64", "sa_c8", None), ("xor.b64", "l", "i64", "sa_c8", None),
    ("exch.b32", "r", "i32", "sa_c4", None), ("exch.b64", "l", "i64", "sa_c8", None)]
for opty, c, g, ag, fill in ATOM:
    W(f"atom.shared.{opty} %0, [%1], %2;", [f"={c}", "r", c], [ag, g], smem="rw", fill=fill)
    if not opty.startswith("exch"):
        W(f"red.shared.{opty} [%0], %1;", ["r", c], [ag, g], smem="rw", fill=fill)
W("atom.shared.cas.b32 %0, [%1], %2, %3;", ["=r", "r", "r", "r"], ["sa_c4", "small", "i32"], smem="rw", fill="small32")
W("atom.shared.cas.b64 %0, [%1], %2, %3;", ["=l", "r", "l", "l"], ["sa_c8", "small", "i64"], smem="rw", fill="small64")
W("atom.shared.cas.b16 %0, [%1], %2, %3;", ["=h", "r", "h", "h"], ["sa_c2", "small", "i16"], smem="rw", fill="small16")
W("atom.shared.add.u32 %0, [%1], %2;", ["=r", "r", "r"], ["sa_d4", "i32"], smem="rw",
  name="atom.shared.add.u32 %0, [%1], %2; #distinct addresses")
W("atom.relaxed.cta.shared.add.u32 %0, [%1], %2;", ["=r", "r", "r"], ["sa_c4", "i32"], smem="rw")
W("atom.acq_rel.cta.shared::cta.exch.b64 %0, [%1], %2;", ["=l", "r", "l"], ["sa_c8", "i64"], smem="rw")
W("red.relaxed.cta.shared::cta.add.f32 [%0], %1;", ["r", "f"], ["sa_c4", "f32mma"], smem="rw", fill="f32")
W("{ .reg .b128 o, v; mov.b128 v, {%3, %4}; atom.shared.exch.b128 o, [%2], v; mov.b128 {%0, %1}, o; }",
  ["=l", "=l", "r", "l", "l"], ["sa_c16", "i64", "i64"], smem="rw")
W("{ .reg .b128 o, c, v; mov.b128 c, {%3, %4}; mov.b128 v, {%5, %6}; atom.shared.cas.b128 o, [%2], c, v; "
  "mov.b128 {%0, %1}, o; }", ["=l", "=l", "r", "l", "l", "l", "l"], ["sa_c16", "small", "small", "i64", "i64"],
  smem="rw", fill="small64")

family("warp: ld/st.shared")
LDS = [  # (asm, cons, gens)
    ("ld.shared.u8 %0, [%1];", ["=r", "r"], ["sa_r1"]),
    ("ld.shared.s8 %0, [%1];", ["=r", "r"], ["sa_r1"]),
    ("ld.shared.s8 %0, [%1];", ["=h", "r"], ["sa_r1"], "ld.shared.s8 %0, [%1]; [into .b16]"),
    ("ld.shared.u16 %0, [%1];", ["=h", "r"], ["sa_r2"]),
    ("ld.shared.s16 %0, [%1];", ["=r", "r"], ["sa_r2"]),
    ("ld.shared.b32 %0, [%1];", ["=r", "r"], ["sa_r4"]),
    ("ld.shared.s32 %0, [%1];", ["=l", "r"], ["sa_r4"]),
    ("ld.shared.b64 %0, [%1];", ["=l", "r"], ["sa_r8"]),
    ("ld.shared.f32 %0, [%1];", ["=f", "r"], ["sa_r4"]),
    ("ld.shared.f64 %0, [%1];", ["=d", "r"], ["sa_r8"]),
    ("ld.shared.v2.b32 {%0, %1}, [%2];", ["=r", "=r", "r"], ["sa_r8"]),
    ("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];", ["=r"] * 4 + ["r"], ["sa_r16"]),
    ("ld.shared.v2.b64 {%0, %1}, [%2];", ["=l", "=l", "r"], ["sa_r16"]),
    ("ld.shared.v2.u16 {%0, %1}, [%2];", ["=h", "=h", "r"], ["sa_r4"]),
    ("ld.shared.v4.u16 {%0, %1, %2, %3}, [%4];", ["=h"] * 4 + ["r"], ["sa_r8"]),
    ("ld.shared.v4.s8 {%0, %1, %2, %3}, [%4];", ["=r"] * 4 + ["r"], ["sa_r4"]),
    ("ld.shared.v2.f64 {%0, %1}, [%2];", ["=d", "=d", "r"], ["sa_r16"]),
    ("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];", ["=f"] * 4 + ["r"], ["sa_r16"]),
    ("{ .reg .b128 t; ld.shared.b128 t, [%2]; mov.b128 {%0, %1}, t; }", ["=l", "=l", "r"], ["sa_r16"]),
    ("ld.shared.b32 %0, [%1+4];", ["=r", "r"], ["sa_s8"]),
    ("ld.shared.u16 %0, [%1+6];", ["=h", "r"], ["sa_d8"]),
    ("ld.volatile.shared.b32 %0, [%1];", ["=r", "r"], ["sa_c4"]),
    ("ld.relaxed.cta.shared.b64 %0, [%1];", ["=l", "r"], ["sa_s8"]),
    ("ld.shared::cta.v2.u32 {%0, %1}, [%2];", ["=r", "=r", "r"], ["sa_s8"]),
]
for item in LDS:
    W(item[0], item[1], item[2], smem="load", name=item[3] if len(item) > 3 else None)
STS = [
    ("st.shared.u8 [%0], %1;", ["r", "r"], ["sa_d1", "i32"]),
    ("st.shared.b16 [%0], %1;", ["r", "h"], ["sa_d2", "i16"]),
    ("st.shared.b32 [%0], %1;", ["r", "r"], ["sa_d4", "i32"]),
    ("st.shared.b64 [%0], %1;", ["r", "l"], ["sa_d8", "i64"]),
    ("st.shared.f32 [%0], %1;", ["r", "f"], ["sa_d4", "f32"]),
    ("st.shared.f64 [%0], %1;", ["r", "d"], ["sa_d8", "f64"]),
    ("st.shared.v2.b32 [%0], {%1, %2};", ["r", "r", "r"], ["sa_d8", "i32", "i32"]),
    ("st.shared.v4.b32 [%0], {%1, %2, %3, %4};", ["r"] * 5, ["sa_d16"] + ["i32"] * 4),
    ("st.shared.v2.b64 [%0], {%1, %2};", ["r", "l", "l"], ["sa_d16", "i64", "i64"]),
    ("st.shared.v4.b16 [%0], {%1, %2, %3, %4};", ["r"] + ["h"] * 4, ["sa_d8"] + ["i16"] * 4),
    ("st.shared.v2.f64 [%0], {%1, %2};", ["r", "d", "d"], ["sa_d16", "f64", "f64"]),
    ("st.shared.v4.u8 [%0], {%1, %2, %3, %4};", ["r"] * 5, ["sa_d4"] + ["i32"] * 4),
    ("{ .reg .b128 t; mov.b128 t, {%1, %2}; st.shared.b128 [%0], t; }", ["r", "l", "l"], ["sa_d16", "i64", "i64"]),
    ("st.shared.b64 [%0+8], %1;", ["r", "l"], ["sa_d16", "i64"]),
    ("st.shared.u8 [%0], %1;", ["r", "r"], ["sa_c1", "i32"], "st.shared.u8 [%0], %1; #colliding"),
    ("st.shared.b32 [%0], %1;", ["r", "r"], ["sa_c4", "i32"], "st.shared.b32 [%0], %1; #colliding"),
    ("st.volatile.shared.b16 [%0], %1;", ["r", "h"], ["sa_s2", "i16"]),
    ("st.relaxed.cta.shared::cta.b32 [%0], %1;", ["r", "r"], ["sa_s4", "i32"]),
]
for item in STS:
    W(item[0], item[1], item[2], smem="rw", name=item[3] if len(item) > 3 else None)

family("warp: mbarrier")
# The lowest active lane initialises the barrier (count %n), bar.warp.sync orders it before the
# arrivals; outputs are only predicates/counts derived from the barrier, never its opaque bytes.
LEAD = "mov.u32 m, %%%%lanemask_lt; and.b32 m, m, %s; setp.eq.u32 ld, m, 0; "
W("{ .reg .pred ld, q; .reg .b32 m; .reg .b64 s; " + (LEAD % "%3") +
  "@ld mbarrier.init.shared::cta.b64 [%2], %4; bar.warp.sync %3; "
  "mbarrier.arrive.shared::cta.b64 s, [%2]; bar.warp.sync %3; "
  "mbarrier.test_wait.shared::cta.b64 q, [%2], s; selp.u32 %0, 1, 0, q; "
  "mbarrier.test_wait.parity.shared::cta.b64 q, [%2], 0; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "r", "r", "r"], ["sa_u8", "amask", "mbcount"], active="act_rand", smem="load",
  name="mbarrier: init, arrive, test_wait (state and parity)")
W("{ .reg .pred ld, q; .reg .b32 m; .reg .b64 s0, s1; " + (LEAD % "%5") +
  "@ld mbarrier.init.shared.b64 [%4], %6; bar.warp.sync %5; "
  "mbarrier.arrive.shared.b64 s0, [%4]; bar.warp.sync %5; mbarrier.arrive.shared.b64 s1, [%4]; bar.warp.sync %5; "
  "mbarrier.test_wait.parity.shared.b64 q, [%4], 0; selp.u32 %0, 1, 0, q; "
  "mbarrier.test_wait.parity.shared.b64 q, [%4], 1; selp.u32 %1, 1, 0, q; "
  "mbarrier.test_wait.shared.b64 q, [%4], s0; selp.u32 %2, 1, 0, q; "
  "mbarrier.test_wait.shared.b64 q, [%4], s1; selp.u32 %3, 1, 0, q; }",
  ["=r", "=r", "=r", "=r", "r", "r", "r"], ["sa_u8", "amask", "mbcount2"], active="act_rand", smem="load",
  name="mbarrier: two phases, test_wait.parity 0/1 and per-phase states")
W("{ .reg .pred ld, q, d; .reg .b32 m; .reg .b64 s; " + (LEAD % "%3") +
  "@ld mbarrier.init.shared::cta.b64 [%2], %4; bar.warp.sync %3; "
  "mov.u32 m, %%laneid; and.b32 m, m, 1; setp.eq.u32 d, m, 1; "
  "@d mbarrier.arrive_drop.shared::cta.b64 s, [%2]; @!d mbarrier.arrive.shared::cta.b64 s, [%2]; bar.warp.sync %3; "
  "mbarrier.test_wait.parity.shared::cta.b64 q, [%2], 0; selp.u32 %0, 1, 0, q; "
  "@!d mbarrier.arrive.shared::cta.b64 s, [%2]; bar.warp.sync %3; "
  "mbarrier.test_wait.parity.shared::cta.b64 q, [%2], 1; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "r", "r", "r"], ["sa_u8", "amask", "amask_popc"], active="act_rand", smem="load",
  name="mbarrier: odd lanes arrive_drop, even lanes arrive twice")
W("{ .reg .pred ld, q; .reg .b32 m, t; .reg .b64 s; " + (LEAD % "0xffffffff") +
  "@ld mbarrier.init.shared::cta.b64 [%2], 32; @ld mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%2], %3; "
  "bar.warp.sync 0xffffffff; mbarrier.arrive.shared::cta.b64 s, [%2]; bar.warp.sync 0xffffffff; "
  "mbarrier.test_wait.shared::cta.b64 q, [%2], s; selp.u32 %0, 1, 0, q; "
  "min.u32 t, %4, %3; sub.u32 t, %3, t; @ld mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%2], t; "
  "bar.warp.sync 0xffffffff; mbarrier.test_wait.shared::cta.b64 q, [%2], s; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "r", "r", "r"], ["sa_u8", "mbtx", "mbdelta"], smem="load",
  name="mbarrier: expect_tx, arrive, complete_tx (tx - delta)")
W("{ .reg .pred ld, q; .reg .b32 m, t; .reg .b64 s; " + (LEAD % "0xffffffff") +
  "@ld mbarrier.init.shared::cta.b64 [%2], 32; bar.warp.sync 0xffffffff; "
  "@ld mbarrier.arrive.expect_tx.shared::cta.b64 s, [%2], %3; @!ld mbarrier.arrive.shared::cta.b64 s, [%2]; "
  "bar.warp.sync 0xffffffff; mbarrier.test_wait.parity.shared::cta.b64 q, [%2], 0; selp.u32 %0, 1, 0, q; "
  "min.u32 t, %4, %3; sub.u32 t, %3, t; @ld mbarrier.complete_tx.shared::cta.b64 [%2], t; bar.warp.sync 0xffffffff; "
  "mbarrier.test_wait.parity.shared::cta.b64 q, [%2], 0; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "r", "r", "r"], ["sa_u8", "mbtx", "mbdelta"], smem="load",
  name="mbarrier: arrive.expect_tx by one lane, complete_tx")
W("{ .reg .pred ld, q; .reg .b32 m; .reg .b64 s; " + (LEAD % "0xffffffff") +
  "@ld mbarrier.init.shared::cta.b64 [%2], 32; bar.warp.sync 0xffffffff; "
  "mbarrier.arrive.shared::cta.b64 s, [%2]; bar.warp.sync 0xffffffff; "
  "mbarrier.try_wait.parity.shared::cta.b64 q, [%2], %3, 1000; selp.u32 %0, 1, 0, q; "
  "mbarrier.try_wait.shared::cta.b64 q, [%2], s; selp.u32 %1, 1, 0, q; }",
  ["=r", "=r", "r", "r"], ["sa_u8", "uparity"], smem="load",
  name="mbarrier: try_wait.parity (with time hint) and try_wait on the state")
W("{ .reg .pred ld, q; .reg .b32 m; .reg .b64 s; " + (LEAD % "0xffffffff") +
  "@ld mbarrier.init.shared::cta.b64 [%1], 64; bar.warp.sync 0xffffffff; "
  "mbarrier.arrive.release.cta.shared::cta.b64 s, [%1], 2; bar.warp.sync 0xffffffff; "
  "$L_wait: mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 q, [%1], 0; @!q bra $L_wait; "
  "mbarrier.test_wait.parity.shared::cta.b64 q, [%1], 1; selp.u32 %0, 1, 0, q; "
  "bar.warp.sync 0xffffffff; @ld mbarrier.inval.shared::cta.b64 [%1]; }",
  ["=r", "r"], ["sa_u8"], smem="load", name="mbarrier: arrive with count 2, try_wait loop, inval")
W("{ .reg .pred ld; .reg .b32 m, c; .reg .b64 s; " + (LEAD % "0xffffffff") +
  "mov.u32 c, 0xffffffff; @ld mbarrier.init.shared::cta.b64 [%1], %2; "
  "@ld mbarrier.arrive.shared::cta.b64 s, [%1]; @ld mbarrier.pending_count.b64 c, s; mov.u32 %0, c; "
  "bar.warp.sync 0xffffffff; }",
  ["=r", "r", "r"], ["sa_u8", "mbcount"], smem="load", name="mbarrier: pending_count after the first arrival")


# ------------------------------------------------------------------ checks and registration
def _check():
    names = set()
    for f in FORMS:
        assert f["name"] not in _BASE_NAMES, f["name"]
        assert f["name"] not in names, f["name"]
        names.add(f["name"])


_check()
_base.FORMS.extend(FORMS)  # verdicts.py: `import forms_extra; from forms import FORMS` -> base + extra
