//! The `mma` and `mma.sp` forms: the dense ones written out, the sparse and
//! block-scaled ones generated from their shape and type tables.

use super::*;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// The four type positions of an `mma` form: `.dtype.atype.btype.ctype`.
#[derive(Clone, Copy)]
pub(super) struct MmaTypes {
    d: &'static str,
    a: &'static [&'static str],
    b: &'static [&'static str],
    c: &'static str,
}

pub(super) const fn types(
    d: &'static str,
    a: &'static [&'static str],
    b: &'static [&'static str],
    c: &'static str,
) -> MmaTypes {
    MmaTypes { d, a, b, c }
}

/// How an `mma` form is written around its shape and types.
#[derive(Clone, Copy, Default)]
pub(super) struct MmaStyle {
    /// `.sp` or `.sp::ordered_metadata` for the sparse forms.
    pub(super) sparse: &'static str,
    /// Modifiers before the types: `{.satfinite}`, `.kind::f8f6f4`, ...
    pub(super) mods: &'static str,
    /// Modifiers after the types: the scale type `.ue8m0` or `.ue4m3`.
    pub(super) suffix: &'static str,
    /// Definitions of the groups in `mods` and `suffix`.
    pub(super) defs: &'static str,
    /// Bits an A/B element takes in its register, where not its type's size
    /// (`.kind::f8f6f4` pads fp6 and fp4 to a byte).
    pub(super) ab_bits: u32,
    /// Operands after the sparse metadata: the block-scale operands.
    pub(super) tail: &'static str,
    /// The largest sparsity selector a sparse form takes.
    pub(super) selector_max: u32,
}

/// The spec of one `mma` form.
pub(super) fn mma_spec(shape: Shape, t: MmaTypes, style: MmaStyle) -> String {
    let mut groups = Vec::new();
    let layout = ".row.col";
    let a = type_slot("atype", t.a, &mut groups);
    let b = type_slot("btype", t.b, &mut groups);
    let reg_bits = register_bits(t.c);
    let threads = 32;
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
    let (a_reg, b_reg) = (fragment_register(t.a), fragment_register(t.b));
    // The metadata is one register; ptxas for sm_100 and later refuses it in
    // braces, except in the block-scale forms, which write it as `{e}`.
    let sparse_operands = match (style.sparse.is_empty(), style.tail.is_empty()) {
        (true, _) => String::new(),
        (false, true) => format!(", e:.b32:reg, f:.u32:imm:0..{}", style.selector_max),
        (false, false) => format!(", e*1:.b32, f:.u32:imm:0..{}", style.selector_max),
    };
    // ptxas takes `_` for elements of the result it computes in one
    // instruction; the 8-bit and narrower float types it emulates refuse it
    // ("Result discard mode is not allowed for instruction 'add'").
    let emulated = [t.a, t.b]
        .iter()
        .any(|ts| ts.iter().any(|x| F8F6F4.contains(x)));
    let discard = if style.sparse.is_empty() && !emulated {
        ":sink"
    } else {
        ""
    };
    // Nor do those take an immediate in the accumulator, where the others
    // take one beside registers ("Arguments mismatch for instruction 'add'").
    let c_registers = if emulated { ":reg" } else { "" };
    let spec = format!(
        "mma{}.sync.aligned.{}{layout}{}.{}{a}{b}.{}{} =d*{nd}:.{}{discard}, a*{na}:.{a_reg}, b*{nb}:.{b_reg}, c*{nc}:.{}{c_registers}{sparse_operands}{}",
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

/// The register type of an A or B fragment of element types `types`: the
/// packed float type where ptxas holds the registers to it (a fragment
/// written wholly in `.f32` registers is "Arguments mismatch" for `.f16`,
/// `.bf16` and `.tf32`, as the vector rule then finds no register that fits),
/// `.b32` for the integer, `.b1` and fp8 ones, where ptxas takes any 32-bit
/// register.
fn fragment_register(types: &[&str]) -> &'static str {
    match types {
        ["f16"] => "f16x2",
        ["bf16"] => "bf16x2",
        ["tf32"] => "tf32",
        ["f64"] => "f64",
        _ => "b32",
    }
}

pub(super) const F16: &[&str] = &["f16"];
pub(super) const BF16: &[&str] = &["bf16"];
pub(super) const TF32: &[&str] = &["tf32"];
pub(super) const F64: &[&str] = &["f64"];
pub(super) const I8: &[&str] = &["u8", "s8"];
pub(super) const I4: &[&str] = &["u4", "s4"];
pub(super) const F8: &[&str] = &["e4m3", "e5m2"];
pub(super) const F8F6F4: &[&str] = &["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"];
pub(super) const E2M1: &[&str] = &["e2m1"];

/// Accumulator pairs where `.dtype` must equal `.ctype`.
pub(super) const SAME_ACCUMULATORS: [(&str, &str); 2] = [("f16", "f16"), ("f32", "f32")];

/// The dense `mma` forms, one line each: a vector operand is as long as
/// [`fragment_registers`] says for its shape and type (the tests hold them
/// to the ISA's fragment tables), and `_` is accepted for the elements of
/// the result.
pub(super) fn dense_mma() -> Vec<Entry> {
    vec![
        // .f16 and .bf16 elements are packed in pairs (`.f16x2`). The m8n8k4
        // .f16 form of sm_70 computes four 8x8 products, one per quad-pair of
        // eight threads, and takes every layout.
        form("mma.sync.aligned.m8n8k4.alayout.blayout.f16.f16.f16.f16 =d*4:.f16x2:sink, a*2:.f16x2, b*2:.f16x2, c*4:.f16x2; .alayout = { .row, .col }; .blayout = { .row, .col }", S::Mma).since(6, 4, 70),
        form("mma.sync.aligned.m8n8k4.alayout.blayout.f32.f16.f16.f16 =d*8:.f32:sink, a*2:.f16x2, b*2:.f16x2, c*4:.f16x2; .alayout = { .row, .col }; .blayout = { .row, .col }", S::Mma).since(6, 4, 70),
        form("mma.sync.aligned.m8n8k4.alayout.blayout.f32.f16.f16.f32 =d*8:.f32:sink, a*2:.f16x2, b*2:.f16x2, c*8:.f32; .alayout = { .row, .col }; .blayout = { .row, .col }", S::Mma).since(6, 4, 70),
        form("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 =d*2:.f16x2:sink, a*2:.f16x2, b*1:.f16x2, c*2:.f16x2", S::Mma).since(6, 5, 75),
        form("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 =d*2:.f16x2:sink, a*4:.f16x2, b*2:.f16x2, c*2:.f16x2", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 =d*4:.f32:sink, a*2:.f16x2, b*1:.f16x2, c*4:.f32", S::Mma).since(6, 5, 75),
        form("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 =d*4:.f32:sink, a*4:.f16x2, b*2:.f16x2, c*4:.f32", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 =d*4:.f32:sink, a*2:.bf16x2, b*1:.bf16x2, c*4:.f32", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 =d*4:.f32:sink, a*4:.bf16x2, b*2:.bf16x2, c*4:.f32", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 =d*4:.f32:sink, a*2:.tf32, b*1:.tf32, c*4:.f32", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 =d*4:.f32:sink, a*4:.tf32, b*2:.tf32, c*4:.f32", S::Mma).since(7, 0, 80),
        // .f64: m8n8k4 from sm_80, larger shapes from sm_90; ptxas takes a
        // rounding modifier on all of them.
        form("mma.sync.aligned.m8n8k4.row.col{.rnd}.f64.f64.f64.f64 =d*2:.f64:sink, a*1:.f64, b*1:.f64, c*2:.f64", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k4.row.col{.rnd}.f64.f64.f64.f64 =d*4:.f64:sink, a*2:.f64, b*1:.f64, c*4:.f64", S::Mma).since(7, 8, 90),
        form("mma.sync.aligned.m16n8k8.row.col{.rnd}.f64.f64.f64.f64 =d*4:.f64:sink, a*4:.f64, b*2:.f64, c*4:.f64", S::Mma).since(7, 8, 90),
        form("mma.sync.aligned.m16n8k16.row.col{.rnd}.f64.f64.f64.f64 =d*4:.f64:sink, a*8:.f64, b*4:.f64, c*4:.f64", S::Mma).since(7, 8, 90),
        // Integers, with optional saturation; their elements are packed into
        // `.b32` registers, which ptxas takes of any 32-bit type.
        form("mma.sync.aligned.m8n8k16.row.col{.satfinite}.s32.atype.btype.s32 =d*2:.b32:sink, a*1:.b32, b*1:.b32, c*2:.b32; .atype = { .u8, .s8 }; .btype = { .u8, .s8 }", S::Mma).since(6, 5, 75),
        form("mma.sync.aligned.m8n8k32.row.col{.satfinite}.s32.atype.btype.s32 =d*2:.b32:sink, a*1:.b32, b*1:.b32, c*2:.b32; .atype = { .u4, .s4 }; .btype = { .u4, .s4 }", S::Mma).since(6, 5, 75),
        form("mma.sync.aligned.m16n8k16.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32:sink, a*2:.b32, b*1:.b32, c*4:.b32; .atype = { .u8, .s8 }; .btype = { .u8, .s8 }", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k32.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32:sink, a*4:.b32, b*2:.b32, c*4:.b32; .atype = { .u8, .s8 }; .btype = { .u8, .s8 }", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k32.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32:sink, a*2:.b32, b*1:.b32, c*4:.b32; .atype = { .u4, .s4 }; .btype = { .u4, .s4 }", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k64.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32:sink, a*4:.b32, b*2:.b32, c*4:.b32; .atype = { .u4, .s4 }; .btype = { .u4, .s4 }", S::Mma).since(7, 0, 80),
        // Single bit: the bit operation and popc follow the types, one value
        // of two words, so that `.popc.xor` is refused; `.and.popc` came with
        // PTX ISA 7.1.
        form("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.bitop =d*2:.b32:sink, a*1:.b32, b*1:.b32, c*2:.b32; .bitop = { .xor.popc }", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.bitop =d*4:.b32:sink, a*2:.b32, b*1:.b32, c*4:.b32; .bitop = { .xor.popc }", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.bitop =d*4:.b32:sink, a*4:.b32, b*2:.b32, c*4:.b32; .bitop = { .xor.popc }", S::Mma).since(7, 0, 80),
        form("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.bitop =d*2:.b32:sink, a*1:.b32, b*1:.b32, c*2:.b32; .bitop = { .and.popc }", S::Mma).since(7, 1, 80),
        form("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.bitop =d*4:.b32:sink, a*2:.b32, b*1:.b32, c*4:.b32; .bitop = { .and.popc }", S::Mma).since(7, 1, 80),
        form("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.bitop =d*4:.b32:sink, a*4:.b32, b*2:.b32, c*4:.b32; .bitop = { .and.popc }", S::Mma).since(7, 1, 80),
        // fp8 on sm_89: m16n8k32 with .f32 first (PTX ISA 8.4), the rest in
        // 8.7. ptxas emulates these: it refuses `_` in the result ("Result
        // discard mode is not allowed") and an immediate accumulator
        // ("Arguments mismatch").
        form("mma.sync.aligned.m16n8k32.row.col.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::Mma).since(8, 4, 89),
        form("mma.sync.aligned.m16n8k32.row.col.f16.atype.btype.f16 =d*2:.f16x2, a*4:.b32, b*2:.b32, c*2:.f16x2:reg; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::Mma).since(8, 7, 89),
        form("mma.sync.aligned.m16n8k16.row.col.f16.atype.btype.f16 =d*2:.f16x2, a*2:.b32, b*1:.b32, c*2:.f16x2:reg; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::Mma).since(8, 7, 89),
        form("mma.sync.aligned.m16n8k16.row.col.f32.atype.btype.f32 =d*4:.f32, a*2:.b32, b*1:.b32, c*4:.f32:reg; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::Mma).since(8, 7, 89),
    ]
}

/// The largest sparsity selector of `mma.sp` by shape and multiplicand type,
/// as ptxas checks it (the ISA allows 0..1 for m16n8k32 `.f16`; ptxas 0..3).
pub(super) fn sparsity_selector_max(s: Shape, ab: &str) -> u32 {
    match (ab, s.k) {
        ("f16", _) | ("bf16", 16) | ("tf32", 8) => 3,
        ("bf16", _) | ("tf32", _) | ("u8" | "s8", 32) | ("u4" | "s4", 64) => 1,
        _ => 0,
    }
}

pub(super) fn sparse_mma() -> Vec<Entry> {
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
            out.push(Entry::owned(mma_spec(s, t, style), S::MmaSp).since(ptx.0, ptx.1, sm));
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
pub(super) fn scaled_mma() -> Vec<Entry> {
    let mut out = Vec::new();
    let sm120 = |spec: String, semantics: Semantics| {
        Entry::owned(spec, semantics)
            .since(8, 7, 120)
            .arch_specific()
    };
    let sm100 = |spec: String, semantics: Semantics| {
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
        let fp8 = sm100(mma_spec(dense_shape, types(d, F8, F8, c), f8f6f4), S::Mma);
        out.push(if d == "f16" {
            fp8.since(8, 7, 100)
        } else {
            fp8
        });
        out.push(sm120(
            mma_spec(dense_shape, types(d, F8F6F4, F8F6F4, c), f8f6f4),
            S::Mma,
        ));
        let t = types(d, F8F6F4, F8F6F4, c);
        out.push(sm120(mma_spec(sparse_shape, t, ordered), S::MmaSp));
    }
    out.push(sm100(
        mma_spec(sparse_shape, types("f32", F8, F8, "f32"), ordered),
        S::MmaSp,
    ));
    // Sparse fp8 with .f16 accumulators, without .kind: sm_120a only.
    let plain_ordered = MmaStyle {
        sparse: ".sp::ordered_metadata",
        ..MmaStyle::default()
    };
    out.push(sm120(
        mma_spec(sparse_shape, types("f16", F8, F8, "f16"), plain_ordered),
        S::MmaSp,
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
        out.push(sm120(mma_spec(s, t, dense), S::MmaBlockScale));
        out.push(sm120(
            mma_spec(shape(s.m, s.n, s.k * 2), t, sparse),
            S::MmaSpBlockScale,
        ));
    }
    out
}
