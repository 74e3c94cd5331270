//! The 5th-generation tensor-core `tcgen05` forms (the sm_100 family).

use super::*;
use crate::RuleViolation;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

/// A tcgen05 form: PTX ISA 8.6, the sm_100 family.
pub(super) fn tc(spec: &'static str, semantics: Semantics) -> Entry {
    form(spec, semantics).since(8, 6, 100).family_specific()
}

/// The tensor-memory shapes (lanes x bits of a row) of `tcgen05.ld` and
/// `tcgen05.st`, with the largest `.num` each takes; `.16x32bx2` is two
/// 16x32b halves, 64 bits a lane.
pub(super) const TMEM_SHAPES: [(&str, u32, u32, u32); 5] = [
    ("16x64b", 16, 64, 128),
    ("16x128b", 16, 128, 64),
    ("16x256b", 16, 256, 32),
    ("32x32b", 32, 32, 128),
    ("16x32bx2", 16, 64, 128),
];

/// The registers `r` of a tensor-memory load or store: `.num` repetitions
/// of the shape, spread over the warp's 32 threads in 32-bit registers.
fn tmem_fragments(c: &Choice) -> Option<Vec<Fragment>> {
    let shape = c.value("shape")?;
    let num: u32 = c.value("num")?.strip_prefix('x')?.parse().ok()?;
    let &(_, lanes, bits, max) = TMEM_SHAPES.iter().find(|s| s.0 == shape)?;
    (num <= max).then(|| {
        vec![Fragment::of(
            "r",
            fragment_registers(lanes, bits, num, 32, 32),
        )]
    })
}

const SHAPE: &str = ".shape = { .16x64b, .16x128b, .16x256b, .32x32b }";
const SHAPE_X2: &str = ".shape = { .16x32bx2 }";
const NUM: &str = ".num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 }";
/// A load with reduction reads two columns or more.
const RED_NUM: &str = ".num = { .x2, .x4, .x8, .x16, .x32, .x64, .x128 }";
const RED: &str = ".op = { .min, .max }";

/// A tensor-memory load or store line, written out over its shapes and
/// repetitions.
fn tmem(spec: &'static str, semantics: Semantics, groups: &'static [&'static str]) -> Entry {
    tc(spec, semantics)
        .groups(groups)
        .each(&["shape", "num"])
        .fragments(tmem_fragments)
}

/// A load with reduction (sm_103a, PTX ISA 8.8).
fn tmem_red(spec: &'static str, groups: &'static [&'static str]) -> Entry {
    tmem(spec, S::Tcgen05LdRed, groups)
        .since(8, 8, 103)
        .arch_specific()
}

pub(super) fn tcgen05_ld_st() -> Vec<Entry> {
    vec![
        tmem(
            "tcgen05.ld/.sync{.aligned}.shape.num{.pack::16b}.b32 =r*#:.b32, [taddr]:.b32",
            S::Tcgen05Ld,
            &[SHAPE, NUM],
        ),
        tmem(
            "tcgen05.ld/.sync{.aligned}.shape.num{.pack::16b}.b32 =r*#:.b32, [taddr]:.b32, offset:.u32:imm",
            S::Tcgen05Ld,
            &[SHAPE_X2, NUM],
        ),
        tmem(
            "tcgen05.st/.sync{.aligned}.shape.num{.unpack::16b}.b32 [taddr]:.b32, r*#:.b32",
            S::Tcgen05St,
            &[SHAPE, NUM],
        ),
        tmem(
            "tcgen05.st/.sync{.aligned}.shape.num{.unpack::16b}.b32 [taddr]:.b32, offset:.u32:imm, r*#:.b32",
            S::Tcgen05St,
            &[SHAPE_X2, NUM],
        ),
        tmem_red(
            "tcgen05.ld/.red.sync.aligned.shape.num.op{.abs}{.NaN}.f32 =r*#:.b32, =redval, [taddr]:.b32; .shape = { .32x32b }",
            &[RED_NUM, RED],
        ),
        tmem_red(
            "tcgen05.ld/.red.sync.aligned.shape.num.op{.abs}{.NaN}.f32 =r*#:.b32, =redval, [taddr]:.b32, offset:.u32:imm",
            &[SHAPE_X2, RED_NUM, RED],
        ),
        tmem_red(
            "tcgen05.ld/.red.sync.aligned.shape.num.op.type =r*#:.b32, =redval, [taddr]:.b32; .shape = { .32x32b }; .type = { .u32, .s32 }",
            &[RED_NUM, RED],
        ),
        tmem_red(
            "tcgen05.ld/.red.sync.aligned.shape.num.op.type =r*#:.b32, =redval, [taddr]:.b32, offset:.u32:imm; .type = { .u32, .s32 }",
            &[SHAPE_X2, RED_NUM, RED],
        ),
    ]
}

/// `.ashift` shifts the rows of A as they are read, so A cannot be filled
/// into or used from the collector buffer: ptxas refuses `.collector::a::fill`
/// and `.collector::a::use` with it.
pub(super) fn ashift_collector(b: &Bound) -> Result<(), RuleViolation> {
    match b.value("collector") {
        Some(c @ ("collector::a::fill" | "collector::a::use")) if b.has("ashift") => {
            Err(RuleViolation::Conflict {
                first: "ashift".to_owned(),
                second: c.to_owned(),
            })
        }
        _ => Ok(()),
    }
}

/// The disable-output-lane mask of `tcgen05.mma`: a bit for each of the 128
/// lanes of tensor memory of each CTA, so four `.b32` for `.cta_group::1`
/// and eight for `.cta_group::2`.
fn lane_mask(c: &Choice) -> Option<Vec<Fragment>> {
    let warps = match c.value("cta_group")? {
        "cta_group::1" => 4,
        _ => 8,
    };
    Some(vec![Fragment::of("lanes", warps)])
}

const CTA: &str = ".cta_group = { .cta_group::1, .cta_group::2 }";
/// The A collector buffer's uses.
const COLLECTOR: &str = ".collector = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard }";
/// The weight-stationary B collector buffers' uses.
const COLLECTOR_WS: &str = ".collector = { \
    .collector::b0::fill, .collector::b0::use, .collector::b0::lastuse, .collector::b0::discard, \
    .collector::b1::fill, .collector::b1::use, .collector::b1::lastuse, .collector::b1::discard, \
    .collector::b2::fill, .collector::b2::use, .collector::b2::lastuse, .collector::b2::discard, \
    .collector::b3::fill, .collector::b3::use, .collector::b3::lastuse, .collector::b3::discard }";

/// A `tcgen05.mma` line: PTX ISA 8.6, the sm_100 family, `.ashift`
/// refusing some collector uses.
fn tc_mma(spec: &'static str, semantics: Semantics) -> Entry {
    tc(spec, semantics).rule(ashift_collector)
}

/// A dense `tcgen05.mma` line, written out over `each`.
fn dense(
    spec: &'static str,
    groups: &'static [&'static str],
    each: &'static [&'static str],
) -> Entry {
    tc_mma(spec, S::Tcgen05Mma)
        .groups(groups)
        .each(each)
        .fragments(lane_mask)
}

/// A `tcgen05.mma.sp` line.
fn sparse(
    spec: &'static str,
    groups: &'static [&'static str],
    each: &'static [&'static str],
) -> Entry {
    Entry {
        semantics: S::Tcgen05MmaSp,
        ..dense(spec, groups, each)
    }
}

/// The `tcgen05.mma` lines of the ISA, one for A from shared memory and one
/// for A from tensor memory, with the convolution forms' `.collector` (and
/// `.ashift`, A in tensor memory) optional in each; ptxas refuses a
/// scale-input-d on `.kind::f8f6f4`, takes one on `.kind::i8` (not with a
/// mask on the sparse one), and wants the architecture-specific target for
/// `.kind::i8`, the `.scale_vec::NX` spellings and sparse fp4 scaling (PTX
/// ISA 8.8 brought `.block16`/`.block32`, and block scaling without a size,
/// which ptxas reads as `.block32`).
pub(super) fn tcgen05_mma() -> Vec<Entry> {
    vec![
        // Dense: A from shared memory (a descriptor) or from tensor memory.
        dense("tcgen05.mma/.cta_group.kind{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15; .kind = { .kind::f16, .kind::tf32 }", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        dense("tcgen05.mma/.cta_group.kind::f8f6f4{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        dense("tcgen05.mma/.cta_group.kind::i8{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15", &[CTA, COLLECTOR], &["cta_group", "lanes"]).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind.block_scale{.block32}{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .kind = { .kind::mxf8f6f4, .kind::mxf4 }", &[CTA, COLLECTOR], &["cta_group", "kind", "block32"]).since(8, 8, 100),
        dense("tcgen05.mma/.cta_group.kind::mxf8f6f4.block_scale.scale_vec::1X{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind::mxf4.block_scale.scale_vec::2X{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind::mxf4nvf4.block_scale.scale_vec{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .scale_vec = { .scale_vec::2X, .scale_vec::4X }", &[CTA, COLLECTOR], &["cta_group", "scale_vec"]).since(8, 7, 100).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind::mxf4nvf4.block_scale.block{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .block = { .block16, .block32 }", &[CTA, COLLECTOR], &["cta_group", "block"]).since(8, 8, 100),
        dense("tcgen05.mma/.cta_group.kind{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15; .kind = { .kind::f16, .kind::tf32 }", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        dense("tcgen05.mma/.cta_group.kind::f8f6f4{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        dense("tcgen05.mma/.cta_group.kind::i8{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15", &[CTA, COLLECTOR], &["cta_group", "lanes"]).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind.block_scale{.block32}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .kind = { .kind::mxf8f6f4, .kind::mxf4 }", &[CTA, COLLECTOR], &["cta_group", "kind", "block32"]).since(8, 8, 100),
        dense("tcgen05.mma/.cta_group.kind::mxf8f6f4.block_scale.scale_vec::1X{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind::mxf4.block_scale.scale_vec::2X{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind::mxf4nvf4.block_scale.scale_vec{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .scale_vec = { .scale_vec::2X, .scale_vec::4X }", &[CTA, COLLECTOR], &["cta_group", "scale_vec"]).since(8, 7, 100).arch_specific(),
        dense("tcgen05.mma/.cta_group.kind::mxf4nvf4.block_scale.block{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .block = { .block16, .block32 }", &[CTA, COLLECTOR], &["cta_group", "block"]).since(8, 8, 100),
        // Sparse A (`tcgen05.mma.sp`): A from shared memory (a descriptor) or from tensor memory.
        sparse("tcgen05.mma/.sp.cta_group.kind{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15; .kind = { .kind::f16, .kind::tf32 }", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        sparse("tcgen05.mma/.sp.cta_group.kind::f8f6f4{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        sparse("tcgen05.mma/.sp.cta_group.kind::i8{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::i8{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, lanes*#:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf8f6f4.block_scale{.block32}{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "block32"]).since(8, 8, 100),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4.block_scale{.block32}{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "block32"]).since(8, 8, 100).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf8f6f4.block_scale.scale_vec::1X{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4.block_scale.scale_vec::2X{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4nvf4.block_scale.scale_vec{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .scale_vec = { .scale_vec::2X, .scale_vec::4X }", &[CTA, COLLECTOR], &["cta_group", "scale_vec"]).since(8, 7, 100).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4nvf4.block_scale.block{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .block = { .block16, .block32 }", &[CTA, COLLECTOR], &["cta_group", "block"]).since(8, 8, 100).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15; .kind = { .kind::f16, .kind::tf32 }", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        sparse("tcgen05.mma/.sp.cta_group.kind::f8f6f4{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, lanes*#?:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "lanes"]),
        sparse("tcgen05.mma/.sp.cta_group.kind::i8{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, enable_d:.pred:neg:0..4294967295, scale_d?:.u32:imm:0..15", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::i8{.ashift}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, lanes*#:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf8f6f4.block_scale{.block32}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "block32"]).since(8, 8, 100),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4.block_scale{.block32}{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group", "block32"]).since(8, 8, 100).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf8f6f4.block_scale.scale_vec::1X{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4.block_scale.scale_vec::2X{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295", &[CTA, COLLECTOR], &["cta_group"]).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4nvf4.block_scale.scale_vec{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .scale_vec = { .scale_vec::2X, .scale_vec::4X }", &[CTA, COLLECTOR], &["cta_group", "scale_vec"]).since(8, 7, 100).arch_specific(),
        sparse("tcgen05.mma/.sp.cta_group.kind::mxf4nvf4.block_scale.block{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, [scale_a]:.b32, [scale_b]:.b32, enable_d:.pred:neg:0..4294967295; .block = { .block16, .block32 }", &[CTA, COLLECTOR], &["cta_group", "block"]).since(8, 8, 100).arch_specific(),
        // Weight-stationary (.ws): one CTA, collector buffers b0..b3.
        tc_mma("tcgen05.mma.ws/.cta_group::1.kind{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64; .kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 }", S::Tcgen05MmaWs).groups(&[COLLECTOR_WS]),
        tc_mma("tcgen05.mma.ws/.cta_group::1.kind::i8{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64", S::Tcgen05MmaWs).groups(&[COLLECTOR_WS]).arch_specific(),
        tc_mma("tcgen05.mma.ws/.cta_group::1.kind{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64; .kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 }", S::Tcgen05MmaWs).groups(&[COLLECTOR_WS]),
        tc_mma("tcgen05.mma.ws/.cta_group::1.kind::i8{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64", S::Tcgen05MmaWs).groups(&[COLLECTOR_WS]).arch_specific(),
        tc_mma("tcgen05.mma.ws/.sp.cta_group::1.kind{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64; .kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 }", S::Tcgen05MmaWsSp).groups(&[COLLECTOR_WS]),
        tc_mma("tcgen05.mma.ws/.sp.cta_group::1.kind::i8{.collector} [d]:.b32, a_desc:.u64, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64", S::Tcgen05MmaWsSp).groups(&[COLLECTOR_WS]).arch_specific(),
        tc_mma("tcgen05.mma.ws/.sp.cta_group::1.kind{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64; .kind = { .kind::f16, .kind::tf32, .kind::f8f6f4 }", S::Tcgen05MmaWsSp).groups(&[COLLECTOR_WS]),
        tc_mma("tcgen05.mma.ws/.sp.cta_group::1.kind::i8{.collector} [d]:.b32, [a]:.b32, b_desc:.u64, [sp_meta]:.b32, idesc:.u32, enable_d:.pred:neg:0..4294967295, zero_mask?:.b64", S::Tcgen05MmaWsSp).groups(&[COLLECTOR_WS]).arch_specific(),
    ]
}

pub(super) fn tcgen05() -> Vec<Entry> {
    const CTA: &str = ".cta = { .cta_group::1, .cta_group::2 }";
    const FMT: &str = ".fmt = { .b8x16.b6x16_p32, .b8x16.b4x16_p64 }";
    let mut out = vec![
        tc("tcgen05.alloc/.cta.sync.aligned{.shared::cta}.b32 [dst], ncols:.u32", S::Tcgen05Alloc).groups(&[CTA]),
        tc("tcgen05.dealloc/.cta.sync.aligned.b32 taddr:.b32, ncols:.u32", S::Tcgen05Dealloc).groups(&[CTA]),
        tc("tcgen05.relinquish_alloc_permit/.cta.sync.aligned", S::Tcgen05RelinquishAllocPermit).groups(&[CTA]),
        tc("tcgen05.wait::ld/.sync.aligned", S::Tcgen05Wait),
        tc("tcgen05.wait::st/.sync.aligned", S::Tcgen05Wait),
        tc("tcgen05.fence::before_thread_sync", S::Tcgen05Fence),
        tc("tcgen05.fence::after_thread_sync", S::Tcgen05Fence),
        // sm_100a only: ptxas refuses it for sm_100f.
        tc("tcgen05.shift/.cta.down [taddr]:.b32", S::Tcgen05Shift).groups(&[CTA]).arch_specific(),
        tc("tcgen05.commit/.cta.mbarrier::arrive::one{.shared::cluster}.b64 [mbar]", S::Tcgen05Commit).groups(&[CTA]),
        tc("tcgen05.commit/.cta.mbarrier::arrive::one{.shared::cluster}.multicast::cluster.b64 [mbar], mask:.b16", S::Tcgen05Commit).groups(&[CTA]),
        // tcgen05.cp: the shapes of fewer rows need a multicast over warps.
        tc("tcgen05.cp/.cta.128x256b{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.4x256b{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.128x128b{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.64x128b.warpx2::02_13{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.64x128b.warpx2::01_23{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
        tc("tcgen05.cp/.cta.32x128b.warpx4{.fmt} [taddr]:.b32, s_desc:.u64", S::Tcgen05Cp).groups(&[CTA, FMT]),
    ];
    out.extend(tcgen05_ld_st());
    out.extend(tcgen05_mma());
    out
}
