//! The warpgroup `wgmma` forms (sm_90a): each line is a syntax line of the
//! PTX ISA's `wgmma.mma_async` and `wgmma.mma_async.sp`, written out over its
//! shapes and accumulator types. How many registers the accumulator `d`
//! takes follows from the shape ([`wgmma_fragments`]); A from registers is
//! four `.b32` in every shape.

use super::*;
use crate::semantics::Semantics as S;

/// The shapes with K = 8: N from 8 to 256 in steps of 8.
const SHAPES_K8: &str = ".shape = { \
    .m64n8k8, .m64n16k8, .m64n24k8, .m64n32k8, \
    .m64n40k8, .m64n48k8, .m64n56k8, .m64n64k8, \
    .m64n72k8, .m64n80k8, .m64n88k8, .m64n96k8, \
    .m64n104k8, .m64n112k8, .m64n120k8, .m64n128k8, \
    .m64n136k8, .m64n144k8, .m64n152k8, .m64n160k8, \
    .m64n168k8, .m64n176k8, .m64n184k8, .m64n192k8, \
    .m64n200k8, .m64n208k8, .m64n216k8, .m64n224k8, \
    .m64n232k8, .m64n240k8, .m64n248k8, .m64n256k8 }";

/// The shapes with K = 16.
const SHAPES_K16: &str = ".shape = { \
    .m64n8k16, .m64n16k16, .m64n24k16, .m64n32k16, \
    .m64n40k16, .m64n48k16, .m64n56k16, .m64n64k16, \
    .m64n72k16, .m64n80k16, .m64n88k16, .m64n96k16, \
    .m64n104k16, .m64n112k16, .m64n120k16, .m64n128k16, \
    .m64n136k16, .m64n144k16, .m64n152k16, .m64n160k16, \
    .m64n168k16, .m64n176k16, .m64n184k16, .m64n192k16, \
    .m64n200k16, .m64n208k16, .m64n216k16, .m64n224k16, \
    .m64n232k16, .m64n240k16, .m64n248k16, .m64n256k16 }";

/// The shapes with K = 32.
const SHAPES_K32: &str = ".shape = { \
    .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, \
    .m64n40k32, .m64n48k32, .m64n56k32, .m64n64k32, \
    .m64n72k32, .m64n80k32, .m64n88k32, .m64n96k32, \
    .m64n104k32, .m64n112k32, .m64n120k32, .m64n128k32, \
    .m64n136k32, .m64n144k32, .m64n152k32, .m64n160k32, \
    .m64n168k32, .m64n176k32, .m64n184k32, .m64n192k32, \
    .m64n200k32, .m64n208k32, .m64n216k32, .m64n224k32, \
    .m64n232k32, .m64n240k32, .m64n248k32, .m64n256k32 }";

/// The shapes with K = 64 (sparse fp8).
const SHAPES_K64: &str = ".shape = { \
    .m64n8k64, .m64n16k64, .m64n24k64, .m64n32k64, \
    .m64n40k64, .m64n48k64, .m64n56k64, .m64n64k64, \
    .m64n72k64, .m64n80k64, .m64n88k64, .m64n96k64, \
    .m64n104k64, .m64n112k64, .m64n120k64, .m64n128k64, \
    .m64n136k64, .m64n144k64, .m64n152k64, .m64n160k64, \
    .m64n168k64, .m64n176k64, .m64n184k64, .m64n192k64, \
    .m64n200k64, .m64n208k64, .m64n216k64, .m64n224k64, \
    .m64n232k64, .m64n240k64, .m64n248k64, .m64n256k64 }";

/// The integer shapes: N = 8, 16, 24, then steps of 16 up to 256.
const INTEGER_SHAPES_K32: &str = ".shape = { \
    .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, \
    .m64n48k32, .m64n64k32, .m64n80k32, .m64n96k32, \
    .m64n112k32, .m64n128k32, .m64n144k32, .m64n160k32, \
    .m64n176k32, .m64n192k32, .m64n208k32, .m64n224k32, \
    .m64n240k32, .m64n256k32 }";

/// The sparse integer shapes.
const INTEGER_SHAPES_K64: &str = ".shape = { \
    .m64n8k64, .m64n16k64, .m64n24k64, .m64n32k64, \
    .m64n48k64, .m64n64k64, .m64n80k64, .m64n96k64, \
    .m64n112k64, .m64n128k64, .m64n144k64, .m64n160k64, \
    .m64n176k64, .m64n192k64, .m64n208k64, .m64n224k64, \
    .m64n240k64, .m64n256k64 }";

/// The single-bit shapes.
const SHAPES_K256: &str = ".shape = { \
    .m64n8k256, .m64n16k256, .m64n24k256, .m64n32k256, \
    .m64n48k256, .m64n64k256, .m64n80k256, .m64n96k256, \
    .m64n112k256, .m64n128k256, .m64n144k256, .m64n160k256, \
    .m64n176k256, .m64n192k256, .m64n208k256, .m64n224k256, \
    .m64n240k256, .m64n256k256 }";

const DTYPE: &str = ".dtype = { .f16, .f32 }";
const FP8: &str = ".atype = { .e4m3, .e5m2 }; .btype = { .e4m3, .e5m2 }";
const INT8: &str = ".atype = { .s8, .u8 }; .btype = { .s8, .u8 }";
/// The ISA's `.op.popc`: one value of two words, so that `.popc.and` is refused.
const BITOP: &str = ".bitop = { .and.popc }";

/// The accumulator of an `m64nNkK` shape: the 128 threads of the warpgroup
/// share the 64xN matrix D, so each holds N/2 `.f32` or `.s32` registers,
/// or N/4 `.f16x2` (ISA "Register Fragments").
fn wgmma_fragments(c: &Choice) -> Option<Vec<Fragment>> {
    let shape = Shape::parse(c.value("shape")?)?;
    let d = *c.types().first()?;
    let registers = fragment_registers(shape.m, shape.n, bits(d), 128, 32);
    let register = if d == "s32" {
        "s32"
    } else {
        accumulator_register(d)
    };
    Some(vec![Fragment::of("d", registers).typed(register)])
}

/// Groups, and the groups a line is written out over.
type Groups = &'static [&'static str];

/// A dense line, written out over `each`: PTX ISA 8.0, sm_90a.
fn dense(spec: &'static str, groups: Groups, each: Groups) -> Entry {
    form(spec, S::WgmmaMmaAsync)
        .groups(groups)
        .each(each)
        .fragments(wgmma_fragments)
        .since(8, 0, 90)
        .arch_specific()
}

/// A sparse line: PTX ISA 8.2, sm_90a.
fn sparse(spec: &'static str, groups: Groups, each: Groups) -> Entry {
    Entry {
        semantics: S::WgmmaMmaAsyncSp,
        ..dense(spec, groups, each).since(8, 2, 90)
    }
}

pub(super) fn wgmma() -> Vec<Entry> {
    // scale-d: a predicate, negated or not, or the immediate 0 or 1;
    // imm-scale-a/b -1 or 1, imm-trans-a/b 0 or 1.
    vec![
        form("wgmma.fence/.sync{.aligned}", S::WgmmaFence)
            .since(8, 0, 90)
            .arch_specific(),
        form("wgmma.commit_group/.sync{.aligned}", S::WgmmaCommitGroup)
            .since(8, 0, 90)
            .arch_specific(),
        form(
            "wgmma.wait_group/.sync{.aligned} n:.u32:imm",
            S::WgmmaWaitGroup,
        )
        .since(8, 0, 90)
        .arch_specific(),
        // Half precision.
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.dtype.f16.f16 +d*#, a_desc:.u64, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_a:.u32:imm:0..1, trans_b:.u32:imm:0..1",
            &[SHAPES_K16, DTYPE],
            &["shape", "dtype"],
        ),
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.dtype.f16.f16 +d*#, a*4:.b32, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_b:.u32:imm:0..1",
            &[SHAPES_K16, DTYPE],
            &["shape", "dtype"],
        ),
        // .bf16.
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.f32.bf16.bf16 +d*#, a_desc:.u64, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_a:.u32:imm:0..1, trans_b:.u32:imm:0..1",
            &[SHAPES_K16],
            &["shape"],
        ),
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.f32.bf16.bf16 +d*#, a*4:.b32, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_b:.u32:imm:0..1",
            &[SHAPES_K16],
            &["shape"],
        ),
        // .tf32: no transposes.
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.f32.tf32.tf32 +d*#, a_desc:.u64, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K8],
            &["shape"],
        ),
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.f32.tf32.tf32 +d*#, a*4:.b32, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K8],
            &["shape"],
        ),
        // FP8: A and B of either format.
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.dtype.atype.btype +d*#, a_desc:.u64, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K32, DTYPE, FP8],
            &["shape", "dtype"],
        ),
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.dtype.atype.btype +d*#, a*4:.b32, b_desc:.u64, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K32, DTYPE, FP8],
            &["shape", "dtype"],
        ),
        // Integer: no scales.
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape{.satfinite}.s32.atype.btype +d*#, a_desc:.u64, b_desc:.u64, scale_d:.pred:neg:0..1",
            &[INTEGER_SHAPES_K32, INT8],
            &["shape"],
        ),
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape{.satfinite}.s32.atype.btype +d*#, a*4:.b32, b_desc:.u64, scale_d:.pred:neg:0..1",
            &[INTEGER_SHAPES_K32, INT8],
            &["shape"],
        ),
        // Single bit.
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.s32.b1.b1.bitop +d*#, a_desc:.u64, b_desc:.u64, scale_d:.pred:neg:0..1",
            &[SHAPES_K256, BITOP],
            &["shape"],
        ),
        dense(
            "wgmma.mma_async/.sync{.aligned}.shape.s32.b1.b1.bitop +d*#, a*4:.b32, b_desc:.u64, scale_d:.pred:neg:0..1",
            &[SHAPES_K256, BITOP],
            &["shape"],
        ),
        // Sparse A: twice the K, and the metadata and its selector, which
        // ptxas holds to 0 or 1 for the 16- and 32-bit types, to 0 for the 8-bit ones.
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.dtype.f16.f16 +d*#, a_desc:.u64, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..1, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_a:.u32:imm:0..1, trans_b:.u32:imm:0..1",
            &[SHAPES_K32, DTYPE],
            &["shape", "dtype"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.dtype.f16.f16 +d*#, a*4:.b32, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..1, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_b:.u32:imm:0..1",
            &[SHAPES_K32, DTYPE],
            &["shape", "dtype"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.f32.bf16.bf16 +d*#, a_desc:.u64, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..1, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_a:.u32:imm:0..1, trans_b:.u32:imm:0..1",
            &[SHAPES_K32],
            &["shape"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.f32.bf16.bf16 +d*#, a*4:.b32, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..1, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1, trans_b:.u32:imm:0..1",
            &[SHAPES_K32],
            &["shape"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.f32.tf32.tf32 +d*#, a_desc:.u64, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..1, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K16],
            &["shape"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.f32.tf32.tf32 +d*#, a*4:.b32, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..1, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K16],
            &["shape"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.dtype.atype.btype +d*#, a_desc:.u64, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..0, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K64, DTYPE, FP8],
            &["shape", "dtype"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape.dtype.atype.btype +d*#, a*4:.b32, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..0, scale_d:.pred:neg:0..1, scale_a:.s32:imm:-1|1, scale_b:.s32:imm:-1|1",
            &[SHAPES_K64, DTYPE, FP8],
            &["shape", "dtype"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape{.satfinite}.s32.atype.btype +d*#, a_desc:.u64, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..0, scale_d:.pred:neg:0..1",
            &[INTEGER_SHAPES_K64, INT8],
            &["shape"],
        ),
        sparse(
            "wgmma.mma_async/.sp.sync{.aligned}.shape{.satfinite}.s32.atype.btype +d*#, a*4:.b32, b_desc:.u64, sp_meta:.b32, sp_sel:.u32:imm:0..0, scale_d:.pred:neg:0..1",
            &[INTEGER_SHAPES_K64, INT8],
            &["shape"],
        ),
    ]
}
