//! Matrix instructions (PTX ISA "Warp Level Matrix Multiply-Accumulate
//! Instructions", "Asynchronous Warpgroup Level Matrix Instructions" and
//! "TensorCore 5th Generation Family Instructions").
//!
//! Most forms differ only in their shape and types, and the number of
//! registers of each operand follows from those, so the forms are generated
//! from small tables: [`fragment_registers`] gives the register counts.

use super::{Bound, Entry, form};
use crate::ScalarType;

/// The number of `reg_bits`-bit registers each of `threads` threads holds
/// for a `rows`×`cols` matrix of `bits`-bit elements spread evenly over them:
/// the length of the register vector of a matrix operand.
///
/// An `mma.m16n8k16` A fragment of `.f16`: 16·16·16 / (32·32) = 4 registers.
pub(crate) const fn fragment_registers(
    rows: u32,
    cols: u32,
    bits: u32,
    threads: u32,
    reg_bits: u32,
) -> u32 {
    rows * cols * bits / (threads * reg_bits)
}

/// An `m{M}n{N}k{K}` shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub m: u32,
    pub n: u32,
    pub k: u32,
}

const fn shape(m: u32, n: u32, k: u32) -> Shape {
    Shape { m, n, k }
}

impl Shape {
    fn name(self) -> String {
        format!("m{}n{}k{}", self.m, self.n, self.k)
    }
}

/// Bits of one element of type `name` (sub-byte types as the ISA counts them).
fn bits(name: &str) -> u32 {
    ScalarType::from_name(name).map_or(8, ScalarType::bits)
}

/// The register type an accumulator fragment of element type `ty` lives in:
/// `.f16` accumulators are packed in pairs. ptxas takes any 32-bit register
/// for `.s32` accumulators (an `f` operand included), so those are `.b32`.
fn accumulator_register(ty: &str) -> &'static str {
    match ty {
        "f16" => "f16x2",
        "f32" => "f32",
        "f64" => "f64",
        _ => "b32",
    }
}

/// Register width of an operand of element type `ty`.
fn register_bits(ty: &str) -> u32 {
    if ty == "f64" { 64 } else { 32 }
}

/// Writes the type modifiers of a form: a single type literally, several as a
/// group named `name` whose definition is added to `groups`.
fn type_slot(name: &str, values: &[&str], groups: &mut Vec<String>) -> String {
    if let [one] = values {
        return format!(".{one}");
    }
    let list: Vec<String> = values.iter().map(|v| format!(".{v}")).collect();
    groups.push(format!(".{name} = {{ {} }}", list.join(", ")));
    format!(".{name}")
}

fn with_groups(spec: String, groups: &[String]) -> String {
    if groups.is_empty() {
        spec
    } else {
        format!("{spec}; {}", groups.join("; "))
    }
}

// ---------------------------------------------------------------------------
// mma and mma.sp

/// The four type positions of an `mma` form: `.dtype.atype.btype.ctype`.
#[derive(Clone, Copy)]
struct MmaTypes {
    d: &'static str,
    a: &'static [&'static str],
    b: &'static [&'static str],
    c: &'static str,
}

const fn types(
    d: &'static str,
    a: &'static [&'static str],
    b: &'static [&'static str],
    c: &'static str,
) -> MmaTypes {
    MmaTypes { d, a, b, c }
}

/// How an `mma` form is written around its shape and types.
#[derive(Clone, Copy, Default)]
struct MmaStyle {
    /// `.sp` or `.sp::ordered_metadata` for the sparse forms.
    sparse: &'static str,
    /// Modifiers before the types: `{.satfinite}`, `.kind::f8f6f4`, ...
    mods: &'static str,
    /// Modifiers after the types: `.bitop` (a group of one multi-word value,
    /// so that `.popc.xor` is refused), `.ue8m0`.
    suffix: &'static str,
    /// Definitions of the groups in `mods` and `suffix`.
    defs: &'static str,
    /// Both layouts free (`m8n8k4` `.f16`) rather than `.row.col`.
    any_layout: bool,
    /// Bits an A/B element takes in its register, where not its type's size
    /// (`.kind::f8f6f4` pads fp6 and fp4 to a byte).
    ab_bits: u32,
    /// Operands after the sparse metadata: the block-scale operands.
    tail: &'static str,
    /// The largest sparsity selector a sparse form takes.
    selector_max: u32,
}

/// The spec of one `mma` form.
fn mma_spec(shape: Shape, t: MmaTypes, style: MmaStyle) -> String {
    let mut groups = Vec::new();
    let layout = if style.any_layout {
        groups.push(".alayout = { .row, .col }".to_string());
        groups.push(".blayout = { .row, .col }".to_string());
        ".alayout.blayout"
    } else {
        ".row.col"
    };
    let a = type_slot("atype", t.a, &mut groups);
    let b = type_slot("btype", t.b, &mut groups);
    let reg_bits = register_bits(t.c);
    // The m8n8k4 .f16 form of sm_70 computes four 8x8 products, one per
    // quad-pair of eight threads.
    let threads = if shape.k == 4 && shape.m == 8 && t.a[0] == "f16" {
        8
    } else {
        32
    };
    let ab_bits = if style.ab_bits > 0 {
        style.ab_bits
    } else {
        bits(t.a[0])
    };
    let sparse_div = if style.sparse.is_empty() { 1 } else { 2 };
    let na = fragment_registers(shape.m, shape.k, ab_bits, threads, reg_bits) / sparse_div;
    let nb = fragment_registers(shape.k, shape.n, ab_bits, threads, reg_bits);
    let nd = fragment_registers(shape.m, shape.n, bits(t.d), threads, reg_bits);
    let nc = fragment_registers(shape.m, shape.n, bits(t.c), threads, reg_bits);
    let ab_reg = if reg_bits == 64 { "f64" } else { "b32" };
    // The metadata is one register; ptxas for sm_100 and later refuses it in
    // braces, except in the block-scale forms, which write it as `{e}`.
    let sparse_operands = match (style.sparse.is_empty(), style.tail.is_empty()) {
        (true, _) => String::new(),
        (false, true) => format!(", e:.b32, f:.u32:imm:0..{}", style.selector_max),
        (false, false) => format!(", e*1:.b32, f:.u32:imm:0..{}", style.selector_max),
    };
    let spec = format!(
        "mma{}.sync.aligned.{}{layout}{}.{}{a}{b}.{}{} =d*{nd}:.{}, a*{na}:.{ab_reg}, b*{nb}:.{ab_reg}, c*{nc}:.{}{sparse_operands}{}",
        style.sparse,
        shape.name(),
        style.mods,
        t.d,
        t.c,
        style.suffix,
        accumulator_register(t.d),
        accumulator_register(t.c),
        style.tail,
    );
    with_groups(format!("{spec}{}", style.defs), &groups)
}

const F16: &[&str] = &["f16"];
const BF16: &[&str] = &["bf16"];
const TF32: &[&str] = &["tf32"];
const F64: &[&str] = &["f64"];
const I8: &[&str] = &["u8", "s8"];
const I4: &[&str] = &["u4", "s4"];
const B1: &[&str] = &["b1"];
const F8: &[&str] = &["e4m3", "e5m2"];
const F8F6F4: &[&str] = &["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"];
const E2M1: &[&str] = &["e2m1"];

/// Accumulator type pairs (`.dtype`, `.ctype`) of the half-precision forms:
/// `.f32` accumulators never narrow to `.f16` results.
const HALF_ACCUMULATORS: [(&str, &str); 3] = [("f16", "f16"), ("f32", "f16"), ("f32", "f32")];
/// Accumulator pairs where `.dtype` must equal `.ctype`.
const SAME_ACCUMULATORS: [(&str, &str); 2] = [("f16", "f16"), ("f32", "f32")];

fn dense_mma() -> Vec<Entry> {
    let mut out = Vec::new();
    let mut add = |shape: Shape, t: MmaTypes, style: MmaStyle, ptx: (u8, u8), sm: u32| {
        out.push(Entry::owned(mma_spec(shape, t, style), "mma").since(ptx.0, ptx.1, sm));
    };
    let plain = MmaStyle::default();
    // .f16: the m8n8k4 quad-pair form of sm_70 takes every layout.
    let any_layout = MmaStyle {
        any_layout: true,
        ..plain
    };
    for (d, c) in HALF_ACCUMULATORS {
        add(
            shape(8, 8, 4),
            types(d, F16, F16, c),
            any_layout,
            (6, 4),
            70,
        );
    }
    for (d, c) in SAME_ACCUMULATORS {
        add(shape(16, 8, 8), types(d, F16, F16, c), plain, (6, 5), 75);
        add(shape(16, 8, 16), types(d, F16, F16, c), plain, (7, 0), 80);
    }
    for s in [shape(16, 8, 8), shape(16, 8, 16)] {
        add(s, types("f32", BF16, BF16, "f32"), plain, (7, 0), 80);
    }
    for s in [shape(16, 8, 4), shape(16, 8, 8)] {
        add(s, types("f32", TF32, TF32, "f32"), plain, (7, 0), 80);
    }
    // .f64: m8n8k4 from sm_80, larger shapes from sm_90; ptxas takes a
    // rounding modifier on all of them.
    let rnd = MmaStyle {
        mods: "{.rnd}",
        ..plain
    };
    let f64 = types("f64", F64, F64, "f64");
    add(shape(8, 8, 4), f64, rnd, (7, 0), 80);
    for s in [shape(16, 8, 4), shape(16, 8, 8), shape(16, 8, 16)] {
        add(s, f64, rnd, (7, 8), 90);
    }
    // Integers, with optional saturation.
    let sat = MmaStyle {
        mods: "{.satfinite}",
        ..plain
    };
    add(
        shape(8, 8, 16),
        types("s32", I8, I8, "s32"),
        sat,
        (6, 5),
        75,
    );
    add(
        shape(8, 8, 32),
        types("s32", I4, I4, "s32"),
        sat,
        (6, 5),
        75,
    );
    for s in [shape(16, 8, 16), shape(16, 8, 32)] {
        add(s, types("s32", I8, I8, "s32"), sat, (7, 0), 80);
    }
    for s in [shape(16, 8, 32), shape(16, 8, 64)] {
        add(s, types("s32", I4, I4, "s32"), sat, (7, 0), 80);
    }
    // Single bit: the bit operation and popc follow the types.
    for (defs, ptx) in [
        ("; .bitop = { .xor.popc }", (7, 0)),
        ("; .bitop = { .and.popc }", (7, 1)),
    ] {
        let style = MmaStyle {
            suffix: ".bitop",
            defs,
            ..plain
        };
        for s in [shape(8, 8, 128), shape(16, 8, 128), shape(16, 8, 256)] {
            add(s, types("s32", B1, B1, "s32"), style, ptx, 80);
        }
    }
    // fp8 on sm_89: m16n8k32 with .f32 first (PTX ISA 8.4), the rest in 8.7.
    add(
        shape(16, 8, 32),
        types("f32", F8, F8, "f32"),
        plain,
        (8, 4),
        89,
    );
    add(
        shape(16, 8, 32),
        types("f16", F8, F8, "f16"),
        plain,
        (8, 7),
        89,
    );
    for (d, c) in SAME_ACCUMULATORS {
        add(shape(16, 8, 16), types(d, F8, F8, c), plain, (8, 7), 89);
    }
    out
}

/// The largest sparsity selector of `mma.sp` by shape and multiplicand type,
/// as ptxas checks it (the ISA allows 0..1 for m16n8k32 `.f16`; ptxas 0..3).
fn sparsity_selector_max(s: Shape, ab: &str) -> u32 {
    match (ab, s.k) {
        ("f16", _) | ("bf16", 16) | ("tf32", 8) => 3,
        ("bf16", _) | ("tf32", _) | ("u8" | "s8", 32) | ("u4" | "s4", 64) => 1,
        _ => 0,
    }
}

fn sparse_mma() -> Vec<Entry> {
    let mut out = Vec::new();
    // `.sp` from PTX ISA 7.1, `.sp::ordered_metadata` from 8.5.
    for (sparse, base) in [(".sp", (7, 1)), (".sp::ordered_metadata", (8, 5))] {
        let mut add = |s: Shape, t: MmaTypes, mods: &'static str, ptx: (u8, u8), sm: u32| {
            let style = MmaStyle {
                sparse,
                mods,
                selector_max: sparsity_selector_max(s, t.a[0]),
                ..MmaStyle::default()
            };
            let ptx = ptx.max(base);
            out.push(Entry::owned(mma_spec(s, t, style), "mma.sp").since(ptx.0, ptx.1, sm));
        };
        for s in [shape(16, 8, 16), shape(16, 8, 32)] {
            for (d, c) in SAME_ACCUMULATORS {
                add(s, types(d, F16, F16, c), "", (7, 1), 80);
            }
            add(s, types("f32", BF16, BF16, "f32"), "", (7, 1), 80);
        }
        for s in [shape(16, 8, 8), shape(16, 8, 16)] {
            add(s, types("f32", TF32, TF32, "f32"), "", (7, 1), 80);
        }
        for s in [shape(16, 8, 32), shape(16, 8, 64)] {
            add(s, types("s32", I8, I8, "s32"), "{.satfinite}", (7, 1), 80);
        }
        for s in [shape(16, 8, 64), shape(16, 8, 128)] {
            add(s, types("s32", I4, I4, "s32"), "{.satfinite}", (7, 1), 80);
        }
        // fp8 with .f32 accumulators on sm_89; .f16 ones only on sm_120a (below).
        add(
            shape(16, 8, 64),
            types("f32", F8, F8, "f32"),
            "",
            (8, 4),
            89,
        );
    }
    out
}

/// The `.kind` forms: fp8 through `.kind::f8f6f4` on sm_100a, fp6/fp4 and
/// block scaling on sm_120a (PTX ISA 8.7).
fn scaled_mma() -> Vec<Entry> {
    let mut out = Vec::new();
    let sm120 = |spec: String, semantics: &'static str| {
        Entry::owned(spec, semantics)
            .since(8, 7, 120)
            .arch_specific()
    };
    let sm100 = |spec: String, semantics: &'static str| {
        Entry::owned(spec, semantics)
            .since(8, 6, 100)
            .family_specific()
    };
    let f8f6f4 = MmaStyle {
        mods: ".kind::f8f6f4",
        ab_bits: 8,
        ..MmaStyle::default()
    };
    let ordered = MmaStyle {
        sparse: ".sp::ordered_metadata",
        ..f8f6f4
    };
    let dense_shape = shape(16, 8, 32);
    let sparse_shape = shape(16, 8, 64);
    for (d, c) in SAME_ACCUMULATORS {
        // fp8 operands alone run on the sm_100 family too (with .f16
        // accumulators from PTX ISA 8.7); any fp6 or fp4 operand needs sm_120a.
        let fp8 = sm100(mma_spec(dense_shape, types(d, F8, F8, c), f8f6f4), "mma");
        out.push(if d == "f16" {
            fp8.since(8, 7, 100)
        } else {
            fp8
        });
        out.push(sm120(
            mma_spec(dense_shape, types(d, F8F6F4, F8F6F4, c), f8f6f4),
            "mma",
        ));
        let t = types(d, F8F6F4, F8F6F4, c);
        out.push(sm120(mma_spec(sparse_shape, t, ordered), "mma.sp"));
    }
    out.push(sm100(
        mma_spec(sparse_shape, types("f32", F8, F8, "f32"), ordered),
        "mma.sp",
    ));
    // Sparse fp8 with .f16 accumulators, without .kind: sm_120a only.
    let plain_ordered = MmaStyle {
        sparse: ".sp::ordered_metadata",
        ..MmaStyle::default()
    };
    out.push(sm120(
        mma_spec(sparse_shape, types("f16", F8, F8, "f16"), plain_ordered),
        "mma.sp",
    ));
    // Block scaling: scale data and {byte id, thread id} selectors for A and B.
    const SCALES: &str = ", sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16";
    let scaled: [(&str, Shape, &[&str], u32, &str); 4] = [
        (
            ".kind::mxf8f6f4.block_scale{.scale_vec::1X}",
            shape(16, 8, 32),
            F8F6F4,
            8,
            ".ue8m0",
        ),
        (
            ".kind::mxf4.block_scale{.scale_vec::2X}",
            shape(16, 8, 64),
            E2M1,
            4,
            ".ue8m0",
        ),
        (
            ".kind::mxf4nvf4.block_scale.scale_vec::2X",
            shape(16, 8, 64),
            E2M1,
            4,
            ".ue8m0",
        ),
        (
            // .ue8m0 scales cover two blocks per register, .ue4m3 ones four.
            ".kind::mxf4nvf4.block_scale.scale_vec::4X",
            shape(16, 8, 64),
            E2M1,
            4,
            ".ue4m3",
        ),
    ];
    for (mods, s, ab, ab_bits, stype) in scaled {
        let t = types("f32", ab, ab, "f32");
        let defs = "";
        let dense = MmaStyle {
            mods,
            suffix: stype,
            defs,
            ab_bits,
            tail: SCALES,
            ..MmaStyle::default()
        };
        let sparse = MmaStyle {
            sparse: ".sp::ordered_metadata",
            ..dense
        };
        out.push(sm120(mma_spec(s, t, dense), "mma.block_scale"));
        out.push(sm120(
            mma_spec(shape(s.m, s.n, s.k * 2), t, sparse),
            "mma.sp.block_scale",
        ));
    }
    out
}

// ---------------------------------------------------------------------------
// wmma

/// Multiplicand types, their shapes, and the PTX ISA version and `sm_`
/// target that introduced them.
type ShapesSince = (&'static [&'static str], &'static [Shape], (u8, u8), u32);

/// The `wmma` shapes of each multiplicand type.
const WMMA_KINDS: [ShapesSince; 6] = [
    // wmma came in PTX ISA 6.0, but ptxas wants 6.3 for the `.aligned` it requires.
    (
        F16,
        &[shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)],
        (6, 3),
        70,
    ),
    (
        I8,
        &[shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)],
        (6, 3),
        72,
    ),
    (
        BF16,
        &[shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)],
        (7, 0),
        80,
    ),
    (TF32, &[shape(16, 16, 8)], (7, 0), 80),
    (F64, &[shape(8, 8, 4)], (7, 0), 80),
    (I4, &[shape(8, 8, 32)], (6, 3), 75),
];

/// Registers of a `wmma` A or B fragment: the `.f16` fragments of sm_70 hold
/// eight registers in every shape; the others hold their share of the matrix.
fn wmma_ab_registers(rows: u32, cols: u32, ty: &str) -> u32 {
    if ty == "f16" {
        8
    } else {
        fragment_registers(rows, cols, bits(ty), 32, register_bits(ty))
    }
}

fn wmma_c_registers(s: Shape, ty: &str) -> u32 {
    fragment_registers(s.m, s.n, bits(ty), 32, register_bits(ty))
}

/// The accumulator types of a multiplicand type.
fn wmma_accumulators(ab: &str) -> &'static [&'static str] {
    match ab {
        "f16" => &["f16", "f32"],
        "bf16" | "tf32" => &["f32"],
        "f64" => &["f64"],
        _ => &["s32"],
    }
}

/// The `wmma.load`/`wmma.store` forms of one fragment (`what` is `a`, `b`,
/// `c` or `d`), in both state-space spellings: `.shared::cta` came with PTX
/// ISA 7.8. `ty` is the type modifier, `defs` its group definition if any.
struct WmmaMemory<'a> {
    what: &'a str,
    layout: &'a str,
    shape: Shape,
    ty: &'a str,
    defs: &'a str,
    regs: String,
}

fn wmma_memory(out: &mut Vec<Entry>, m: WmmaMemory, ptx: (u8, u8), sm: u32) {
    let (head, semantics, operands) = if m.what == "d" {
        (
            "wmma.store.d/",
            "wmma.store",
            format!("[p], {}, stride?:.u32", m.regs),
        )
    } else {
        let head = match m.what {
            "a" => "wmma.load.a/",
            "b" => "wmma.load.b/",
            _ => "wmma.load.c/",
        };
        (head, "wmma.load", format!("={}, [p], stride?:.u32", m.regs))
    };
    let layout_def = if m.layout == ".layout" {
        "; .layout = { .row, .col }"
    } else {
        ""
    };
    for (ss, ss_def, version) in [
        ("{.ss}", "; .ss = { .global, .shared }", ptx),
        (".shared::cta", "", ptx.max((7, 8))),
    ] {
        let spec = format!(
            "{head}.sync.aligned{}.{}{ss}{} {operands}{ss_def}{layout_def}{}",
            m.layout,
            m.shape.name(),
            m.ty,
            m.defs
        );
        out.push(Entry::owned(spec, semantics).since(version.0, version.1, sm));
    }
}

fn wmma() -> Vec<Entry> {
    let mut out = Vec::new();
    for (ab, shapes, ptx, sm) in WMMA_KINDS {
        // Sub-byte A is row-major and B column-major; other layouts are free.
        let sub_byte = ab == I4;
        let mut groups = Vec::new();
        let ty = type_slot("type", ab, &mut groups);
        let defs: String = groups.iter().map(|g| format!("; {g}")).collect();
        let reg = if ab == F64 { "f64" } else { "b32" };
        for &s in shapes {
            for (what, rows, cols, fixed) in [("a", s.m, s.k, ".row"), ("b", s.k, s.n, ".col")] {
                let m = WmmaMemory {
                    what,
                    layout: if sub_byte { fixed } else { ".layout" },
                    shape: s,
                    ty: &ty,
                    defs: &defs,
                    regs: format!("r*{}:.{reg}", wmma_ab_registers(rows, cols, ab[0])),
                };
                wmma_memory(&mut out, m, ptx, sm);
            }
            for &c in wmma_accumulators(ab[0]) {
                for what in ["c", "d"] {
                    let m = WmmaMemory {
                        what,
                        layout: ".layout",
                        shape: s,
                        ty: &format!(".{c}"),
                        defs: "",
                        regs: format!("r*{}:.{}", wmma_c_registers(s, c), accumulator_register(c)),
                    };
                    wmma_memory(&mut out, m, ptx, sm);
                }
            }
            out.extend(wmma_mma(ab, s, ptx, sm));
        }
    }
    // Single bit: m8n8k128 with .xor (sm_75) or .and (PTX ISA 7.1, sm_80).
    let s = shape(8, 8, 128);
    for (what, layout, ty, regs) in [
        ("a", ".row", ".b1", "r*1:.b32"),
        ("b", ".col", ".b1", "r*1:.b32"),
        ("c", ".layout", ".s32", "r*2:.b32"),
        ("d", ".layout", ".s32", "r*2:.b32"),
    ] {
        let m = WmmaMemory {
            what,
            layout,
            shape: s,
            ty,
            defs: "",
            regs: regs.into(),
        };
        wmma_memory(&mut out, m, (6, 3), 75);
    }
    for (op, ptx, sm) in [("xor", (6, 3), 75), ("and", (7, 1), 80)] {
        let spec = format!(
            "wmma.mma/.bitop.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 =d*2:.b32, a*1:.b32, b*1:.b32, c*2:.b32; .bitop = {{ .{op}.popc }}"
        );
        out.push(Entry::owned(spec, "wmma.mma").since(ptx.0, ptx.1, sm));
    }
    out
}

fn wmma_mma(ab: &[&str], s: Shape, ptx: (u8, u8), sm: u32) -> Vec<Entry> {
    let mut out = Vec::new();
    let na = wmma_ab_registers(s.m, s.k, ab[0]);
    let nb = wmma_ab_registers(s.k, s.n, ab[0]);
    let ab_reg = if ab == F64 { "f64" } else { "b32" };
    let (layouts, layout_defs) = if ab == I4 {
        (".row.col", "")
    } else {
        (
            ".alayout.blayout",
            "; .alayout = { .row, .col }; .blayout = { .row, .col }",
        )
    };
    // `mods` come before the types, `suffix` after them.
    let mut add = |mods: &str, types: String, suffix: &str, d: &str, c: &str| {
        let spec = format!(
            "wmma.mma/.sync.aligned{layouts}.{}{mods}{types}{suffix} =d*{}:.{}, a*{na}:.{ab_reg}, b*{nb}:.{ab_reg}, c*{}:.{}{layout_defs}",
            s.name(),
            wmma_c_registers(s, d),
            accumulator_register(d),
            wmma_c_registers(s, c),
            accumulator_register(c)
        );
        out.push(Entry::owned(spec, "wmma.mma").since(ptx.0, ptx.1, sm));
    };
    match ab[0] {
        // .f16 multiplicands: only the accumulator types are written.
        "f16" => {
            for d in ["f16", "f32"] {
                for c in ["f16", "f32"] {
                    add("", format!(".{d}.{c}"), "", d, c);
                }
            }
        }
        "f64" => add("{.rnd}", ".f64.f64.f64.f64".into(), "", "f64", "f64"),
        "bf16" | "tf32" => add("", format!(".f32.{0}.{0}.f32", ab[0]), "", "f32", "f32"),
        // Integers: A and B of one type, optional saturation after the types.
        _ => {
            for &t in ab {
                add(
                    "",
                    format!(".s32.{t}.{t}.s32"),
                    "{.satfinite}",
                    "s32",
                    "s32",
                );
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// ldmatrix, stmatrix, movmatrix

/// A feature of the sm_100 and sm_120 chips (PTX ISA 8.6 and 8.7): either
/// arch-specific (`sm_100a`, `sm_120a`) or for their families.
pub(crate) fn blackwell(spec: String, semantics: &'static str, arch: bool) -> [Entry; 2] {
    let sm100 = Entry::owned(spec.clone(), semantics).since(8, 6, 100);
    let sm120 = Entry::owned(spec, semantics).since(8, 7, 120);
    if arch {
        [sm100.arch_specific(), sm120.arch_specific()]
    } else {
        [sm100.family_specific(), sm120.family_specific()]
    }
}

fn load_store_matrix() -> Vec<Entry> {
    let mut out = Vec::new();
    // m8n8 .b16: one register per matrix. `.shared::cta` came with PTX ISA 7.8.
    for (ss, ptx) in [("{.shared}", (6, 5)), (".shared::cta", (7, 8))] {
        let spec = format!(
            "ldmatrix.sync.aligned.m8n8.num{{.trans}}{ss}.b16 =d*.num:.b32, [p]; .num = {{ .x1, .x2, .x4 }}"
        );
        out.push(Entry::owned(spec, "ldmatrix").since(ptx.0, ptx.1, 75));
        let spec = format!(
            "stmatrix.sync.aligned.m8n8.num{{.trans}}{ss}.b16 [p], r*.num:.b32; .num = {{ .x1, .x2, .x4 }}"
        );
        let ptx = ptx.max((7, 8));
        out.push(Entry::owned(spec, "stmatrix").since(ptx.0, ptx.1, 90));
    }
    // sm_100a and sm_120a: 8-bit elements, and fp6/fp4 elements unpacked to bytes.
    const SS: &str = "; .ss = { .shared, .shared::cta }";
    const FMT: &str = "; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }";
    for num in [1, 2, 4] {
        let regs = fragment_registers(8, 16, 8, 32, 32) * num;
        let spec =
            format!("ldmatrix.sync.aligned.m8n16.x{num}{{.ss}}.fmt =d*{regs}:.b32, [p]{SS}{FMT}");
        out.extend(blackwell(spec, "ldmatrix", false));
        let regs = fragment_registers(16, 8, 8, 32, 32) * num;
        let spec =
            format!("stmatrix.sync.aligned.m16n8.x{num}.trans{{.ss}}.b8 [p], r*{regs}:.b32{SS}");
        out.extend(blackwell(spec, "stmatrix", false));
    }
    // m16n16 holds two registers per matrix, so at most two matrices; .trans is required.
    for num in [1, 2] {
        let regs = fragment_registers(16, 16, 8, 32, 32) * num;
        for ty in [".b8 ", ".fmt "] {
            let defs = if ty == ".fmt " { FMT } else { "" };
            let spec = format!(
                "ldmatrix.sync.aligned.m16n16.x{num}.trans{{.ss}}{ty}=d*{regs}:.b32, [p]{SS}{defs}"
            );
            out.extend(blackwell(spec, "ldmatrix", false));
        }
    }
    out.push(
        form(
            "movmatrix.sync.aligned.m8n8.trans.b16 =d:.b32, a:.b32",
            "movmatrix",
        )
        .since(7, 8, 75),
    );
    out
}

// ---------------------------------------------------------------------------
// wgmma

/// The N of the dense floating-point shapes: 8 to 256 in steps of 8.
fn wgmma_float_n() -> impl Iterator<Item = u32> {
    (8..=256).step_by(8)
}

/// The N of the integer and single-bit shapes: 8, 16, 24, then steps of 16.
fn wgmma_integer_n() -> impl Iterator<Item = u32> {
    [8, 16, 24].into_iter().chain((32..=256).step_by(16))
}

/// One kind of `wgmma.mma_async`: its types and immediate operands.
struct WgmmaKind {
    /// K of the dense shape (the sparse shape doubles it).
    k: u32,
    d: &'static [&'static str],
    a: &'static [&'static str],
    b: &'static [&'static str],
    /// Modifiers before the types (`{.satfinite}`) and after them (`.and.popc`).
    mods: &'static str,
    suffix: &'static str,
    /// Takes imm-scale-a and imm-scale-b.
    scales: bool,
    /// Takes imm-trans-a/imm-trans-b (the 16-bit types only).
    transposes: bool,
    integer_shapes: bool,
    sparse: bool,
}

const WGMMA_KINDS: [WgmmaKind; 6] = [
    WgmmaKind {
        k: 16,
        d: &["f16", "f32"],
        a: F16,
        b: F16,
        mods: "",
        suffix: "",
        scales: true,
        transposes: true,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 16,
        d: &["f32"],
        a: BF16,
        b: BF16,
        mods: "",
        suffix: "",
        scales: true,
        transposes: true,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 8,
        d: &["f32"],
        a: TF32,
        b: TF32,
        mods: "",
        suffix: "",
        scales: true,
        transposes: false,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 32,
        d: &["f16", "f32"],
        a: F8,
        b: F8,
        mods: "",
        suffix: "",
        scales: true,
        transposes: false,
        integer_shapes: false,
        sparse: true,
    },
    WgmmaKind {
        k: 32,
        d: &["s32"],
        a: &["s8", "u8"],
        b: &["s8", "u8"],
        mods: "{.satfinite}",
        suffix: "",
        scales: false,
        transposes: false,
        integer_shapes: true,
        sparse: true,
    },
    WgmmaKind {
        k: 256,
        d: &["s32"],
        a: B1,
        b: B1,
        mods: "",
        suffix: ".bitop",
        scales: false,
        transposes: false,
        integer_shapes: true,
        sparse: false,
    },
];

fn wgmma_spec(kind: &WgmmaKind, n: u32, d: &str, sparse: bool, register_a: bool) -> String {
    let k = if sparse { kind.k * 2 } else { kind.k };
    let mut groups = Vec::new();
    let a = type_slot("atype", kind.a, &mut groups);
    let b = type_slot("btype", kind.b, &mut groups);
    // 128 threads of a warpgroup share the 64xN accumulator and the 64xK A.
    let nd = fragment_registers(64, n, bits(d), 128, 32);
    let d_reg = if d == "s32" {
        "s32"
    } else {
        accumulator_register(d)
    };
    let a_operand = if register_a {
        let dense_k = kind.k;
        format!(
            "a*{}:.b32",
            fragment_registers(64, dense_k, bits(kind.a[0]), 128, 32)
        )
    } else {
        "a_desc:.u64".to_string()
    };
    let mut operands = format!("+d*{nd}:.{d_reg}, {a_operand}, b_desc:.u64");
    if sparse {
        // ptxas: the selector is 0 or 1 for the 16- and 32-bit types, 0 for 8-bit ones.
        let max = if bits(kind.a[0]) >= 16 { 1 } else { 0 };
        operands.push_str(&format!(", sp_meta:.b32, sp_sel:.u32:imm:0..{max}"));
    }
    // scale-d: a predicate, negated or not, or the immediate 0 or 1.
    operands.push_str(", scale_d:.pred:neg:0..1");
    if kind.scales {
        operands.push_str(", scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1");
    }
    if kind.transposes {
        if !register_a {
            operands.push_str(", trans_a:.u32:imm:0..1");
        }
        operands.push_str(", trans_b:.u32:imm:0..1");
    }
    let sp = if sparse { ".sp" } else { "" };
    let spec = format!(
        "wgmma.mma_async/{sp}.sync{{.aligned}}.m64n{n}k{k}{}.{d}{a}{b}{} {operands}",
        kind.mods, kind.suffix
    );
    if !kind.suffix.is_empty() {
        groups.push(".bitop = { .and.popc }".to_string());
    }
    with_groups(spec, &groups)
}

fn wgmma() -> Vec<Entry> {
    let mut out = vec![
        form("wgmma.fence/.sync{.aligned}", "wgmma.fence")
            .since(8, 0, 90)
            .arch_specific(),
        form("wgmma.commit_group/.sync{.aligned}", "wgmma.commit_group")
            .since(8, 0, 90)
            .arch_specific(),
        form(
            "wgmma.wait_group/.sync{.aligned} n:.u32:imm",
            "wgmma.wait_group",
        )
        .since(8, 0, 90)
        .arch_specific(),
    ];
    for kind in &WGMMA_KINDS {
        let ns: Vec<u32> = if kind.integer_shapes {
            wgmma_integer_n().collect()
        } else {
            wgmma_float_n().collect()
        };
        for &n in &ns {
            for &d in kind.d {
                for register_a in [false, true] {
                    let spec = wgmma_spec(kind, n, d, false, register_a);
                    out.push(
                        Entry::owned(spec, "wgmma.mma_async")
                            .since(8, 0, 90)
                            .arch_specific(),
                    );
                    if kind.sparse {
                        let spec = wgmma_spec(kind, n, d, true, register_a);
                        out.push(
                            Entry::owned(spec, "wgmma.mma_async.sp")
                                .since(8, 2, 90)
                                .arch_specific(),
                        );
                    }
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// tcgen05

/// A tcgen05 form: PTX ISA 8.6, the sm_100 family.
fn tc(spec: &'static str, semantics: &'static str) -> Entry {
    form(spec, semantics).since(8, 6, 100).family_specific()
}

fn tc_owned(spec: String, semantics: &'static str) -> Entry {
    Entry::owned(spec, semantics)
        .since(8, 6, 100)
        .family_specific()
}

/// The tensor-memory load and store shapes: lanes×bits, the largest `.num`,
/// and whether an immediate half-split offset follows the address.
const TMEM_SHAPES: [(&str, u32, u32, u32, bool); 5] = [
    ("16x64b", 16, 64, 128, false),
    ("16x128b", 16, 128, 64, false),
    ("16x256b", 16, 256, 32, false),
    ("32x32b", 32, 32, 128, false),
    ("16x32bx2", 16, 64, 128, true),
];

fn tcgen05_ld_st() -> Vec<Entry> {
    let mut out = Vec::new();
    for (shape_name, lanes, row_bits, max_num, split) in TMEM_SHAPES {
        let mut num = 1;
        while num <= max_num {
            let regs = fragment_registers(lanes, row_bits, num, 32, 32);
            let offset = if split { ", offset:.u32:imm" } else { "" };
            out.push(tc_owned(
                format!("tcgen05.ld/.sync{{.aligned}}.{shape_name}.x{num}{{.pack::16b}}.b32 =r*{regs}:.b32, [taddr]:.b32{offset}"),
                "tcgen05.ld",
            ));
            out.push(tc_owned(
                format!("tcgen05.st/.sync{{.aligned}}.{shape_name}.x{num}{{.unpack::16b}}.b32 [taddr]:.b32{offset}, r*{regs}:.b32"),
                "tcgen05.st",
            ));
            // Load with reduction (sm_103a): 32x32b and 16x32bx2, from .x2 up.
            if (shape_name == "32x32b" || shape_name == "16x32bx2") && num >= 2 {
                for (mods, ty) in [("{.abs}{.NaN}", ".f32"), ("", ".type")] {
                    let def = if ty == ".type" {
                        "; .type = { .u32, .s32 }"
                    } else {
                        ""
                    };
                    let spec = format!(
                        "tcgen05.ld/.red.sync.aligned.{shape_name}.x{num}.op{mods}{ty} =r*{regs}:.b32, =redval, [taddr]:.b32{offset}; .op = {{ .min, .max }}{def}"
                    );
                    out.push(
                        Entry::owned(spec, "tcgen05.ld.red")
                            .since(8, 8, 103)
                            .arch_specific(),
                    );
                }
            }
            num *= 2;
        }
    }
    out
}

/// `.ashift` shifts the rows of A as they are read, so A cannot be filled
/// into or used from the collector buffer: ptxas refuses `.collector::a::fill`
/// and `.collector::a::use` with it.
fn ashift_collector(b: &Bound) -> Result<(), String> {
    match b.value("collector") {
        Some(c @ ("collector::a::fill" | "collector::a::use")) if b.has("ashift") => {
            Err(format!("`.ashift` cannot be combined with `.{c}`"))
        }
        _ => Ok(()),
    }
}

/// The block-scale kinds of `tcgen05.mma` and the scale-vector sizes each
/// takes: the `.scale_vec::NX` spellings are sm_100a-only, `.block16` and
/// `.block32` (PTX ISA 8.8) the family-portable ones; `.kind::mxf4nvf4`
/// needs one written.
/// A scale-vector modifier, its PTX ISA version, and whether it is sm_100a-only.
type ScaleVector = (&'static str, (u8, u8), bool);

const BLOCK_SCALE_KINDS: [(&str, &[ScaleVector]); 3] = [
    // Without a size written, ptxas takes .block32, so PTX ISA 8.8.
    (
        "kind::mxf8f6f4",
        &[
            ("", (8, 8), false),
            (".scale_vec::1X", (8, 6), true),
            (".block32", (8, 8), false),
        ],
    ),
    (
        "kind::mxf4",
        &[
            ("", (8, 8), false),
            (".scale_vec::2X", (8, 6), true),
            (".block32", (8, 8), false),
        ],
    ),
    (
        "kind::mxf4nvf4",
        &[
            (".scale_vec::2X", (8, 7), true),
            (".scale_vec::4X", (8, 7), true),
            (".block16", (8, 8), false),
            (".block32", (8, 8), false),
        ],
    ),
];

fn tcgen05_mma() -> Vec<Entry> {
    let mut out = Vec::new();
    const CTA: [(&str, u32); 2] = [("cta_group::1", 4), ("cta_group::2", 8)];
    const COLLECTOR: &str = "; .collector = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard }";
    // enable-input-d: a predicate, or an immediate (ptxas takes any, not only 0 and 1).
    const ENABLE: &str = "enable_d:.pred:neg:0..4294967295";
    let push = |out: &mut Vec<Entry>, spec: String, semantics, ptx: (u8, u8), arch: bool| {
        let e = Entry::owned(spec, semantics)
            .since(ptx.0, ptx.1, 100)
            .family_specific()
            .rule(ashift_collector);
        out.push(if arch { e.arch_specific() } else { e });
    };
    for sparse in [false, true] {
        let (sp, meta, semantics) = if sparse {
            (".sp", ", [sp_meta]:.b32", "tcgen05.mma.sp")
        } else {
            ("", "", "tcgen05.mma")
        };
        for (cta, lanes) in CTA {
            for tmem_a in [false, true] {
                // A from shared memory (a descriptor) or from tensor memory.
                let a = if tmem_a { "[a]:.b32" } else { "a_desc:.u64" };
                let ashift = if tmem_a { "{.ashift}" } else { "" };
                let head = format!("tcgen05.mma/{sp}.{cta}");
                let base = format!("[d]:.b32, {a}, b_desc:.u64{meta}, idesc:.u32");
                // (kind, its group definition, takes scale-input-d, sm_100a only)
                let kinds = [
                    (
                        ".kind",
                        "; .kind = { .kind::f16, .kind::tf32 }",
                        true,
                        false,
                    ),
                    (".kind::f8f6f4", "", false, false),
                    // Dense .kind::i8 takes scale-input-d too; the sparse one does not.
                    (".kind::i8", "", !sparse, true),
                ];
                for (kind, kind_def, scale, arch) in kinds {
                    // With and without the disable-output-lane mask (ptxas takes no
                    // scale with a mask on the sparse .kind::i8).
                    for mask in [String::new(), format!(", lanes*{lanes}:.b32")] {
                        let scale = scale || (kind == ".kind::i8" && mask.is_empty());
                        let scale_operand = if scale {
                            ", scale_d?:.u32:imm:0..15"
                        } else {
                            ""
                        };
                        let spec = format!(
                            "{head}{kind}{ashift}{{.collector}} {base}{mask}, {ENABLE}{scale_operand}{kind_def}{COLLECTOR}"
                        );
                        push(&mut out, spec, semantics, (8, 6), arch);
                    }
                }
                // Block scaling: scale factors in tensor memory.
                for (kind, vecs) in BLOCK_SCALE_KINDS {
                    for &(vec, ptx, arch) in vecs {
                        // Sparse fp4 kinds are sm_100a-only.
                        let arch = arch || (sparse && kind != "kind::mxf8f6f4");
                        let spec = format!(
                            "{head}.{kind}.block_scale{vec}{{.collector}} {base}, [scale_a]:.b32, [scale_b]:.b32, {ENABLE}{COLLECTOR}"
                        );
                        push(&mut out, spec, semantics, ptx, arch);
                    }
                }
            }
        }
        // Weight-stationary (.ws): one CTA, collector buffers b0..b3.
        let buffers: Vec<String> = ["b0", "b1", "b2", "b3"]
            .iter()
            .flat_map(|b| {
                ["fill", "use", "lastuse", "discard"]
                    .map(move |op| format!(".collector::{b}::{op}"))
            })
            .collect();
        let ws = if sparse {
            "tcgen05.mma.ws.sp"
        } else {
            "tcgen05.mma.ws"
        };
        for tmem_a in [false, true] {
            let a = if tmem_a { "[a]:.b32" } else { "a_desc:.u64" };
            for (kind, arch) in [(".kind", false), (".kind::i8", true)] {
                let kind_def = if kind == ".kind" {
                    "; .kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 }"
                } else {
                    ""
                };
                let spec = format!(
                    "tcgen05.mma.ws/{sp}.cta_group::1{kind}{{.collector}} [d]:.b32, {a}, b_desc:.u64{meta}, idesc:.u32, {ENABLE}, zero_mask?:.b64{kind_def}; .collector = {{ {} }}",
                    buffers.join(", ")
                );
                push(&mut out, spec, ws, (8, 6), arch);
            }
        }
    }
    out
}

fn tcgen05() -> Vec<Entry> {
    const CTA: &str = "; .cta = { .cta_group::1, .cta_group::2 }";
    let mut out = vec![
        tc_owned(
            format!("tcgen05.alloc/.cta.sync.aligned{{.shared::cta}}.b32 [dst], ncols:.u32{CTA}"),
            "tcgen05.alloc",
        ),
        tc_owned(
            format!("tcgen05.dealloc/.cta.sync.aligned.b32 taddr:.b32, ncols:.u32{CTA}"),
            "tcgen05.dealloc",
        ),
        tc_owned(
            format!("tcgen05.relinquish_alloc_permit/.cta.sync.aligned{CTA}"),
            "tcgen05.relinquish_alloc_permit",
        ),
        tc("tcgen05.wait::ld/.sync.aligned", "tcgen05.wait"),
        tc("tcgen05.wait::st/.sync.aligned", "tcgen05.wait"),
        tc("tcgen05.fence::before_thread_sync", "tcgen05.fence"),
        tc("tcgen05.fence::after_thread_sync", "tcgen05.fence"),
        // sm_100a only: ptxas refuses it for sm_100f.
        tc_owned(
            format!("tcgen05.shift/.cta.down [taddr]:.b32{CTA}"),
            "tcgen05.shift",
        )
        .arch_specific(),
        tc_owned(
            format!(
                "tcgen05.commit/.cta.mbarrier::arrive::one{{.shared::cluster}}.b64 [mbar]{CTA}"
            ),
            "tcgen05.commit",
        ),
        tc_owned(
            format!(
                "tcgen05.commit/.cta.mbarrier::arrive::one{{.shared::cluster}}.multicast::cluster.b64 [mbar], mask:.b16{CTA}"
            ),
            "tcgen05.commit",
        ),
    ];
    // tcgen05.cp: the shapes of fewer rows need a multicast over warps.
    const FMT: &str = "; .fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }";
    for (shape_name, multicast) in [
        ("128x256b", ""),
        ("4x256b", ""),
        ("128x128b", ""),
        ("64x128b", ".warpx2::02_13"),
        ("64x128b", ".warpx2::01_23"),
        ("32x128b", ".warpx4"),
    ] {
        out.push(tc_owned(
            format!(
                "tcgen05.cp/.cta.{shape_name}{multicast}{{.fmt}} [taddr]:.b32, s_desc:.u64{CTA}{FMT}"
            ),
            "tcgen05.cp",
        ));
    }
    out.extend(tcgen05_ld_st());
    out.extend(tcgen05_mma());
    out
}

pub(super) fn entries() -> Vec<Entry> {
    let mut out = dense_mma();
    out.extend(sparse_mma());
    out.extend(scaled_mma());
    out.extend(wmma());
    out.extend(load_store_matrix());
    out.extend(wgmma());
    out.extend(tcgen05());
    // ptxas refuses a repeated modifier in these instructions (`.sync` aside).
    out.into_iter().map(Entry::no_repeats).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vector_lengths(spec: &str) -> Vec<u32> {
        spec.split([',', ' '])
            .filter_map(|w| w.split_once('*'))
            .filter_map(|(_, rest)| rest.split(':').next()?.parse().ok())
            .collect()
    }

    #[test]
    fn mma_fragments_m16n8k16_f16_are_4_2_and_2_or_4_registers() {
        // ISA "Matrix Fragments for mma.m16n8k16 with floating point type".
        let f16 = mma_spec(
            shape(16, 8, 16),
            types("f16", F16, F16, "f16"),
            MmaStyle::default(),
        );
        assert_eq!(vector_lengths(&f16), [2, 4, 2, 2]);
        let f32 = mma_spec(
            shape(16, 8, 16),
            types("f32", F16, F16, "f32"),
            MmaStyle::default(),
        );
        assert_eq!(vector_lengths(&f32), [4, 4, 2, 4]);
    }

    #[test]
    fn mma_m8n8k4_f16_fragments_belong_to_quad_pairs() {
        // ISA "Matrix Fragments for mma.m8n8k4 with .f16": A and B two .f16x2,
        // C/D four .f16x2 or eight .f32 registers.
        let style = MmaStyle {
            any_layout: true,
            ..MmaStyle::default()
        };
        let f32 = mma_spec(shape(8, 8, 4), types("f32", F16, F16, "f32"), style);
        assert_eq!(vector_lengths(&f32), [8, 2, 2, 8]);
        let mixed = mma_spec(shape(8, 8, 4), types("f32", F16, F16, "f16"), style);
        assert_eq!(vector_lengths(&mixed), [8, 2, 2, 4]);
    }

    #[test]
    fn mma_f64_fragments_are_64_bit_registers() {
        // ISA: m8n8k4 .f64 A and B one .f64, C/D two; m16n8k16 A eight, B four, C/D four.
        let small = mma_spec(
            shape(8, 8, 4),
            types("f64", F64, F64, "f64"),
            MmaStyle::default(),
        );
        assert_eq!(vector_lengths(&small), [2, 1, 1, 2]);
        let large = mma_spec(
            shape(16, 8, 16),
            types("f64", F64, F64, "f64"),
            MmaStyle::default(),
        );
        assert_eq!(vector_lengths(&large), [4, 8, 4, 4]);
    }

    #[test]
    fn mma_integer_and_single_bit_fragments_pack_elements_into_b32() {
        // ISA: m8n8k16 .s8 one register each for A and B; m16n8k64 .s4 four and two;
        // m16n8k256 .b1 four and two.
        let t = |a| types("s32", a, a, "s32");
        let m8 = mma_spec(shape(8, 8, 16), t(I8), MmaStyle::default());
        assert_eq!(vector_lengths(&m8), [2, 1, 1, 2]);
        let s4 = mma_spec(shape(16, 8, 64), t(I4), MmaStyle::default());
        assert_eq!(vector_lengths(&s4), [4, 4, 2, 4]);
        let b1 = mma_spec(shape(16, 8, 256), t(B1), MmaStyle::default());
        assert_eq!(vector_lengths(&b1), [4, 4, 2, 4]);
        let tf32 = mma_spec(
            shape(16, 8, 4),
            types("f32", TF32, TF32, "f32"),
            MmaStyle::default(),
        );
        assert_eq!(vector_lengths(&tf32), [4, 2, 1, 4]);
    }

    #[test]
    fn mma_sparse_a_fragment_is_half_the_dense_one() {
        // ISA "Sparse matrix storage": A holds only the non-zero half; the
        // metadata is one register.
        let style = MmaStyle {
            sparse: ".sp",
            ..MmaStyle::default()
        };
        let sp = mma_spec(shape(16, 8, 32), types("f16", F16, F16, "f16"), style);
        assert_eq!(vector_lengths(&sp), [2, 4, 4, 2]);
        assert!(sp.ends_with(", e:.b32, f:.u32:imm:0..0"), "{sp}");
        let fp8 = mma_spec(shape(16, 8, 64), types("f32", F8, F8, "f32"), style);
        assert_eq!(vector_lengths(&fp8), [4, 4, 4, 4]);
    }

    #[test]
    fn mma_sparsity_selector_ranges_follow_ptxas() {
        // ptxas 13.0: 0..3 for .f16, m16n8k16 .bf16 and m16n8k8 .tf32; 0..1 for
        // the larger .bf16/.tf32 shapes, m16n8k32 .s8 and m16n8k64 .s4; 0 otherwise.
        assert_eq!(sparsity_selector_max(shape(16, 8, 32), "f16"), 3);
        assert_eq!(sparsity_selector_max(shape(16, 8, 32), "bf16"), 1);
        assert_eq!(sparsity_selector_max(shape(16, 8, 8), "tf32"), 3);
        assert_eq!(sparsity_selector_max(shape(16, 8, 32), "s8"), 1);
        assert_eq!(sparsity_selector_max(shape(16, 8, 64), "u8"), 0);
        assert_eq!(sparsity_selector_max(shape(16, 8, 128), "s4"), 0);
        assert_eq!(sparsity_selector_max(shape(16, 8, 64), "e4m3"), 0);
    }

    #[test]
    fn tcgen05_ashift_cannot_reuse_the_a_collector() {
        // ISA tcgen05.mma: .ashift with .collector::a::use is refused by ptxas.
        let check = |text: &str| {
            let ops = ["r", "r", "l", "r", "r"];
            crate::check_asm(text, &ops, "sm_100a".parse().unwrap())
        };
        let ok = "{ .reg .pred p; setp.ne.b32 p, %4, 0; tcgen05.mma.cta_group::1.kind::f16.ashift.collector::a::discard [%0], [%1], %2, %3, p; }";
        let bad = ok.replace("discard", "use");
        let errors = check(&bad).err().unwrap_or_default();
        assert!(
            errors
                .iter()
                .any(|e| e.message.contains("`.ashift` cannot be combined")),
            "{errors:?}"
        );
        let errors = check(ok).err().unwrap_or_default();
        assert!(
            !errors.iter().any(|e| e.message.contains("tcgen05")),
            "{errors:?}"
        );
    }

    fn check_mma(opcode: &str) -> Result<(), Vec<String>> {
        let text = format!(
            "{opcode} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, {{%8, %9}}, {{%10, %11, %12, %13}};"
        );
        let ops = [
            "=r", "=r", "=r", "=r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r",
        ];
        crate::check_asm(&text, &ops, crate::Target::default())
            .map(|_| ())
            .map_err(|d| d.into_iter().map(|d| d.message).collect())
    }

    #[test]
    fn matrix_modifiers_may_not_repeat_except_sync() {
        // ptxas: "Multiple .aligned modifiers specified"; a second .sync passes.
        assert!(
            check_mma("mma.sync.aligned.sync.m16n8k256.row.col.s32.b1.b1.s32.xor.popc").is_ok()
        );
        let errors = check_mma("mma.sync.aligned.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc")
            .unwrap_err();
        assert!(
            errors[0].contains("`.aligned` is written twice"),
            "{errors:?}"
        );
    }

    #[test]
    fn bit_operation_words_keep_their_order_but_not_their_place() {
        // ptxas takes `.xor.s32.popc` but refuses `.popc.xor`.
        assert!(check_mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.xor.s32.popc").is_ok());
        assert!(check_mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.popc.xor").is_err());
    }

    #[test]
    fn wmma_f16_multiplicands_take_eight_registers_in_every_shape() {
        // ISA wmma fragment table: .f16 A/B eight .f16x2; .bf16 m8n32k16 A two, B eight.
        for s in [shape(16, 16, 16), shape(8, 32, 16), shape(32, 8, 16)] {
            assert_eq!(wmma_ab_registers(s.m, s.k, "f16"), 8);
        }
        assert_eq!(wmma_ab_registers(8, 16, "bf16"), 2);
        assert_eq!(wmma_ab_registers(16, 32, "bf16"), 8);
        assert_eq!(wmma_ab_registers(32, 16, "u8"), 4);
        assert_eq!(wmma_c_registers(shape(16, 16, 16), "f16"), 4);
        assert_eq!(wmma_c_registers(shape(16, 16, 16), "f32"), 8);
        assert_eq!(wmma_c_registers(shape(8, 8, 4), "f64"), 2);
    }

    #[test]
    fn wgmma_accumulator_holds_n_over_2_f32_or_n_over_4_f16x2_registers() {
        // ISA "Register fragments": D of m64nNk16 is N/2 .f32 or N/4 .f16x2 per thread;
        // A from registers is four .b32 in every shape.
        let f16 = &WGMMA_KINDS[0];
        let spec = wgmma_spec(f16, 200, "f32", false, true);
        assert!(spec.contains("+d*100:.f32, a*4:.b32"), "{spec}");
        let spec = wgmma_spec(f16, 184, "f16", true, true);
        assert!(spec.contains("+d*46:.f16x2, a*4:.b32"), "{spec}");
        assert!(spec.contains("m64n184k32"), "{spec}");
    }

    #[test]
    fn wgmma_integer_shapes_skip_odd_multiples_of_8_above_24() {
        // ISA: integer wgmma has N = 8, 16, 24, 32, 48, 64, ..., 256.
        let ns: Vec<u32> = wgmma_integer_n().collect();
        assert_eq!(&ns[..5], [8, 16, 24, 32, 48]);
        assert_eq!(ns.len(), 18);
        assert_eq!(wgmma_float_n().count(), 32);
    }

    #[test]
    fn wgmma_scale_operands_are_plus_or_minus_one() {
        // ISA: imm-scale-a and imm-scale-b take -1 or 1; imm-trans 0 or 1.
        let spec = wgmma_spec(&WGMMA_KINDS[0], 64, "f32", false, false);
        assert!(spec.ends_with("scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_a:.u32:imm:0..1, trans_b:.u32:imm:0..1"), "{spec}");
    }

    #[test]
    fn tmem_loads_take_one_register_per_32_bit_column_and_repetition() {
        // ISA tcgen05.ld: .16x128b.x2 four registers, .16x256b.x8 thirty-two, .32x32b.x128 128.
        assert_eq!(fragment_registers(16, 128, 2, 32, 32), 4);
        assert_eq!(fragment_registers(16, 256, 8, 32, 32), 32);
        assert_eq!(fragment_registers(32, 32, 128, 32, 32), 128);
        assert_eq!(fragment_registers(16, 64, 64, 32, 32), 64);
    }

    #[test]
    fn ldmatrix_m16n16_holds_two_registers_per_matrix() {
        // ISA ldmatrix: .m16n16 .b8 loads 16x16 bytes per matrix, two registers per thread.
        assert_eq!(fragment_registers(16, 16, 8, 32, 32), 2);
        assert_eq!(fragment_registers(8, 8, 16, 32, 32), 1);
    }
}
