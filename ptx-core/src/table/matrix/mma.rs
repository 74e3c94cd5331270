//! The `mma` and `mma.sp` forms, one line for each line of the ISA and each
//! shape the ISA writes literally; a vector operand is as long as
//! [`fragment_registers`] says for its shape and type (the tests hold them
//! to the ISA's fragment tables).

use super::*;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

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

/// The A and B fragments of a sparse integer form and the largest
/// sparsity selector, for the line's shape and multiplicand type: A holds
/// the non-zero half of its rows.
fn sparse_integer(c: &Choice) -> Option<Vec<Fragment>> {
    let s = Shape::parse(c.value("shape")?)?;
    let ab = *c.types().get(1)?;
    Some(vec![
        Fragment::of("a", fragment_registers(s.m, s.k, bits(ab), 32, 32) / 2),
        Fragment::of("b", fragment_registers(s.k, s.n, bits(ab), 32, 32)),
        Fragment::of("f", sparsity_selector_max(s, ab)),
    ])
}

/// The sparse forms, as the dense ones with the metadata `e` (one register,
/// never an immediate: "Arguments mismatch") and the sparsity selector `f`,
/// in both spellings: `.sp` from PTX ISA 7.1, `.sp::ordered_metadata` from
/// 8.5. The fp8 ones are emulated (no immediate accumulator). `.dtype` and
/// `.ctype` are taken equal, as in the dense `m16n8k16` forms.
pub(super) fn sparse_mma() -> Vec<Entry> {
    let integer = |spec: &'static str| {
        form(spec, S::MmaSp)
            .each(&["shape"])
            .fragments(sparse_integer)
    };
    vec![
        form("mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 =d*2:.f16x2, a*2:.f16x2, b*2:.f16x2, c*2:.f16x2, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 =d*4:.f32, a*2:.f16x2, b*2:.f16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 =d*4:.f32, a*2:.bf16x2, b*2:.bf16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 =d*2:.f16x2, a*4:.f16x2, b*4:.f16x2, c*2:.f16x2, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 =d*4:.f32, a*4:.f16x2, b*4:.f16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 =d*4:.f32, a*4:.bf16x2, b*4:.bf16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..1", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 =d*4:.f32, a*2:.tf32, b*2:.tf32, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 =d*4:.f32, a*4:.tf32, b*4:.tf32, c*4:.f32, e:.b32:reg, f:.u32:imm:0..1", S::MmaSp).since(7, 1, 80),
        integer("mma.sp.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32, a*#:.b32, b*#:.b32, c*4:.b32, e:.b32:reg, f:.u32:imm:0..#; .shape = { .m16n8k32, .m16n8k64 }; .atype = { .u8, .s8 }; .btype = { .u8, .s8 }").since(7, 1, 80),
        integer("mma.sp.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32, a*#:.b32, b*#:.b32, c*4:.b32, e:.b32:reg, f:.u32:imm:0..#; .shape = { .m16n8k64, .m16n8k128 }; .atype = { .u4, .s4 }; .btype = { .u4, .s4 }").since(7, 1, 80),
        form("mma.sp.sync.aligned.m16n8k64.row.col.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e:.b32:reg, f:.u32:imm:0..0; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::MmaSp).since(8, 4, 89),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 =d*2:.f16x2, a*2:.f16x2, b*2:.f16x2, c*2:.f16x2, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 =d*4:.f32, a*2:.f16x2, b*2:.f16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 =d*4:.f32, a*2:.bf16x2, b*2:.bf16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 =d*2:.f16x2, a*4:.f16x2, b*4:.f16x2, c*2:.f16x2, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 =d*4:.f32, a*4:.f16x2, b*4:.f16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 =d*4:.f32, a*4:.bf16x2, b*4:.bf16x2, c*4:.f32, e:.b32:reg, f:.u32:imm:0..1", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 =d*4:.f32, a*2:.tf32, b*2:.tf32, c*4:.f32, e:.b32:reg, f:.u32:imm:0..3", S::MmaSp).since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 =d*4:.f32, a*4:.tf32, b*4:.tf32, c*4:.f32, e:.b32:reg, f:.u32:imm:0..1", S::MmaSp).since(8, 5, 80),
        integer("mma.sp::ordered_metadata.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32, a*#:.b32, b*#:.b32, c*4:.b32, e:.b32:reg, f:.u32:imm:0..#; .shape = { .m16n8k32, .m16n8k64 }; .atype = { .u8, .s8 }; .btype = { .u8, .s8 }").since(8, 5, 80),
        integer("mma.sp::ordered_metadata.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 =d*4:.b32, a*#:.b32, b*#:.b32, c*4:.b32, e:.b32:reg, f:.u32:imm:0..#; .shape = { .m16n8k64, .m16n8k128 }; .atype = { .u4, .s4 }; .btype = { .u4, .s4 }").since(8, 5, 80),
        form("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e:.b32:reg, f:.u32:imm:0..0; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::MmaSp).since(8, 5, 89),
    ]
}

/// The `.kind` forms: fp8 through `.kind::f8f6f4` on the sm_100 family
/// (`.f16` accumulators from PTX ISA 8.7), any fp6 or fp4 operand and block
/// scaling on sm_120a (PTX ISA 8.7). fp6 and fp4 elements are padded to a
/// byte in their registers. Block scaling adds the scale data and the
/// {byte id, thread id} selectors for A and B; `.ue8m0` scales cover two
/// blocks per register, `.ue4m3` ones four. ptxas emulates these: no `_` in
/// the result, no immediate accumulator; the sparse block-scaled forms
/// write the metadata in braces.
pub(super) fn scaled_mma() -> Vec<Entry> {
    let sm100 = |spec: &'static str, semantics: Semantics| {
        form(spec, semantics).since(8, 6, 100).family_specific()
    };
    let sm120 = |spec: &'static str, semantics: Semantics| {
        form(spec, semantics).since(8, 7, 120).arch_specific()
    };
    const F8F6F4: &str = ".atype = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 }; .btype = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 }";
    vec![
        sm100("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.atype.btype.f16 =d*2:.f16x2, a*4:.b32, b*2:.b32, c*2:.f16x2:reg; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::Mma).since(8, 7, 100),
        sm120("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.atype.btype.f16 =d*2:.f16x2, a*4:.b32, b*2:.b32, c*2:.f16x2:reg", S::Mma).groups(&[F8F6F4]),
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.atype.btype.f16 =d*2:.f16x2, a*4:.b32, b*4:.b32, c*2:.f16x2:reg, e:.b32:reg, f:.u32:imm:0..0", S::MmaSp).groups(&[F8F6F4]),
        sm100("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::Mma),
        sm120("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg", S::Mma).groups(&[F8F6F4]),
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e:.b32:reg, f:.u32:imm:0..0", S::MmaSp).groups(&[F8F6F4]),
        sm100("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.atype.btype.f32 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e:.b32:reg, f:.u32:imm:0..0; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::MmaSp),
        // Sparse fp8 with .f16 accumulators, without .kind: sm_120a only.
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.atype.btype.f16 =d*2:.f16x2, a*4:.b32, b*4:.b32, c*2:.f16x2:reg, e:.b32:reg, f:.u32:imm:0..0; .atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }", S::MmaSp),
        sm120("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale{.scale_vec::1X}.f32.atype.btype.f32.ue8m0 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaBlockScale).groups(&[F8F6F4]),
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale{.scale_vec::1X}.f32.atype.btype.f32.ue8m0 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e*1:.b32, f:.u32:imm:0..0, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaSpBlockScale).groups(&[F8F6F4]),
        sm120("mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale{.scale_vec::2X}.f32.e2m1.e2m1.f32.ue8m0 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaBlockScale),
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale{.scale_vec::2X}.f32.e2m1.e2m1.f32.ue8m0 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e*1:.b32, f:.u32:imm:0..0, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaSpBlockScale),
        sm120("mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaBlockScale),
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e*1:.b32, f:.u32:imm:0..0, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaSpBlockScale),
        sm120("mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 =d*4:.f32, a*4:.b32, b*2:.b32, c*4:.f32:reg, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaBlockScale),
        sm120("mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 =d*4:.f32, a*4:.b32, b*4:.b32, c*4:.f32:reg, e*1:.b32, f:.u32:imm:0..0, sa*1:.b32, ida*2:.b16, sb*1:.b32, idb*2:.b16", S::MmaSpBlockScale),
    ]
}
