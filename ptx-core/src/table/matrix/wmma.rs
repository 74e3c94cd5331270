//! The `wmma` forms: loads, stores and products of whole fragments, as the
//! ISA's syntax lines, written out over their shapes (and the types whose
//! fragments differ); the fragment tables below give the registers.

use super::*;
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;
use crate::table::spec::FragmentTable;

/// Registers of a `wmma` A or B fragment: the `.f16` fragments of sm_70 hold
/// eight registers in every shape; the others hold their share of the matrix.
pub(super) fn wmma_ab_registers(rows: u32, cols: u32, ty: &str) -> u32 {
    if ty == "f16" {
        8
    } else {
        fragment_registers(rows, cols, bits(ty), 32, register_bits(ty))
    }
}

/// Registers of a `wmma` C or D fragment of element type `ty`.
pub(super) fn wmma_c_registers(s: Shape, ty: &str) -> u32 {
    fragment_registers(s.m, s.n, bits(ty), 32, register_bits(ty))
}

/// The registers of a `wmma` A fragment of the line's shape and type.
fn a_fragment(c: &Choice) -> Option<Vec<Fragment>> {
    let s = Shape::parse(c.value("shape")?)?;
    let registers = wmma_ab_registers(s.m, s.k, c.types().first()?);
    Some(vec![Fragment::of("r", registers)])
}

/// The registers of a `wmma` B fragment.
fn b_fragment(c: &Choice) -> Option<Vec<Fragment>> {
    let s = Shape::parse(c.value("shape")?)?;
    let registers = wmma_ab_registers(s.k, s.n, c.types().first()?);
    Some(vec![Fragment::of("r", registers)])
}

/// The registers of a `wmma` C or D fragment, and their type (`.f16`
/// elements packed in pairs).
fn accumulator(c: &Choice) -> Option<Vec<Fragment>> {
    let s = Shape::parse(c.value("shape")?)?;
    let ty = *c.types().first()?;
    let registers = wmma_c_registers(s, ty);
    Some(vec![
        Fragment::of("r", registers).typed(accumulator_register(ty)),
    ])
}

/// The four fragments of a `wmma.mma`, whose types are written
/// `.dtype.ctype` (`.f16` multiplicands) or `.dtype.atype.btype.ctype`; the
/// ISA wants `.atype` and `.btype` the same.
fn mma_fragments(c: &Choice) -> Option<Vec<Fragment>> {
    let s = Shape::parse(c.value("shape")?)?;
    let (d, a, b, acc) = match c.types()[..] {
        [d, acc] => (d, "f16", "f16", acc),
        [d, a, b, acc] => (d, a, b, acc),
        _ => return None,
    };
    (a == b).then(|| {
        vec![
            Fragment::of("d", wmma_c_registers(s, d)).typed(accumulator_register(d)),
            Fragment::of("a", wmma_ab_registers(s.m, s.k, a)),
            Fragment::of("b", wmma_ab_registers(s.k, s.n, b)),
            Fragment::of("c", wmma_c_registers(s, acc)).typed(accumulator_register(acc)),
        ]
    })
}

/// A `wmma.load` or `wmma.store` line, written out over its shapes; one
/// semantics key per fragment: the simulator places A, B and C elements
/// differently, and nothing else in the modifiers tells them apart.
fn memory(
    spec: &'static str,
    semantics: Semantics,
    fragments: FragmentTable,
    groups: &'static [&'static str],
) -> Entry {
    form(spec, semantics)
        .groups(groups)
        .each(&["shape"])
        .fragments(fragments)
}

fn load_a(spec: &'static str, groups: &'static [&'static str]) -> Entry {
    memory(spec, S::WmmaLoadA, a_fragment, groups)
}

fn load_b(spec: &'static str, groups: &'static [&'static str]) -> Entry {
    memory(spec, S::WmmaLoadB, b_fragment, groups)
}

fn load_c(spec: &'static str, groups: &'static [&'static str]) -> Entry {
    memory(spec, S::WmmaLoadC, accumulator, groups)
}

fn store_d(spec: &'static str, groups: &'static [&'static str]) -> Entry {
    memory(spec, S::WmmaStore, accumulator, groups)
}

/// A `wmma.mma` line, written out over `each`.
fn mma(
    spec: &'static str,
    groups: &'static [&'static str],
    each: &'static [&'static str],
) -> Entry {
    form(spec, S::WmmaMma)
        .groups(groups)
        .each(each)
        .fragments(mma_fragments)
}

const LAYOUT: &str = ".layout = { .row, .col }";
const LAYOUTS: &str = ".alayout = { .row, .col }; .blayout = { .row, .col }";
/// `.shared::cta` (PTX ISA 7.8) is written on lines of its own.
const SS: &str = ".ss = { .global, .shared }";
const SHAPES: &str = ".shape = { .m16n16k16, .m8n32k16, .m32n8k16 }";
const F16_ACCUMULATORS: &str = ".ctype = { .f16, .f32 }";
const INT8: &str = ".type = { .u8, .s8 }";
const INT4: &str = ".type = { .u4, .s4 }";

/// The ISA's `wmma.load`, `wmma.store` and `wmma.mma` lines, each with its
/// `.shared::cta` spelling from PTX ISA 7.8. wmma came in PTX ISA 6.0, but
/// ptxas wants 6.3 for the `.aligned` it requires.
pub(super) fn wmma() -> Vec<Entry> {
    vec![
        // .f16 multiplicands (sm_70).
        load_a("wmma.load.a/.sync.aligned.layout.shape{.ss}.f16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, SS]).since(6, 3, 70),
        load_a("wmma.load.a/.sync.aligned.layout.shape.shared::cta.f16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 70),
        load_b("wmma.load.b/.sync.aligned.layout.shape{.ss}.f16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, SS]).since(6, 3, 70),
        load_b("wmma.load.b/.sync.aligned.layout.shape.shared::cta.f16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 70),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.ctype =r*#, [p], stride?:.u32", &[LAYOUT, SHAPES, SS, F16_ACCUMULATORS]).each(&["shape", "ctype"]).since(6, 3, 70),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.ctype =r*#, [p], stride?:.u32", &[LAYOUT, SHAPES, F16_ACCUMULATORS]).each(&["shape", "ctype"]).since(7, 8, 70),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.ctype [p], r*#, stride?:.u32", &[LAYOUT, SHAPES, SS, F16_ACCUMULATORS]).each(&["shape", "ctype"]).since(6, 3, 70),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.ctype [p], r*#, stride?:.u32", &[LAYOUT, SHAPES, F16_ACCUMULATORS]).each(&["shape", "ctype"]).since(7, 8, 70),
        mma("wmma.mma/.sync.aligned.alayout.blayout.shape.dtype.ctype =d*#, a*8:.b32, b*8:.b32, c*#; .dtype = { .f16, .f32 }", &[LAYOUTS, SHAPES, F16_ACCUMULATORS], &["shape", "dtype", "ctype"]).since(6, 3, 70),
        // .u8/.s8 multiplicands (sm_72).
        load_a("wmma.load.a/.sync.aligned.layout.shape{.ss}.type =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, SS, INT8]).since(6, 3, 72),
        load_a("wmma.load.a/.sync.aligned.layout.shape.shared::cta.type =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, INT8]).since(7, 8, 72),
        load_b("wmma.load.b/.sync.aligned.layout.shape{.ss}.type =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, SS, INT8]).since(6, 3, 72),
        load_b("wmma.load.b/.sync.aligned.layout.shape.shared::cta.type =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, INT8]).since(7, 8, 72),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.s32 =r*#, [p], stride?:.u32", &[LAYOUT, SHAPES, SS]).since(6, 3, 72),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.s32 =r*#, [p], stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 72),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.s32 [p], r*#, stride?:.u32", &[LAYOUT, SHAPES, SS]).since(6, 3, 72),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.s32 [p], r*#, stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 72),
        mma("wmma.mma/.sync.aligned.alayout.blayout.shape.s32.atype.btype.s32{.satfinite} =d*#, a*#:.b32, b*#:.b32, c*#; .atype = { .u8, .s8 }; .btype = { .u8, .s8 }", &[LAYOUTS, SHAPES], &["shape", "atype", "btype"]).since(6, 3, 72),
        // .bf16 (sm_80).
        load_a("wmma.load.a/.sync.aligned.layout.shape{.ss}.bf16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, SS]).since(7, 0, 80),
        load_a("wmma.load.a/.sync.aligned.layout.shape.shared::cta.bf16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 80),
        load_b("wmma.load.b/.sync.aligned.layout.shape{.ss}.bf16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES, SS]).since(7, 0, 80),
        load_b("wmma.load.b/.sync.aligned.layout.shape.shared::cta.bf16 =r*#:.b32, [p], stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 80),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.f32 =r*#, [p], stride?:.u32", &[LAYOUT, SHAPES, SS]).since(7, 0, 80),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.f32 =r*#, [p], stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 80),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.f32 [p], r*#, stride?:.u32", &[LAYOUT, SHAPES, SS]).since(7, 0, 80),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.f32 [p], r*#, stride?:.u32", &[LAYOUT, SHAPES]).since(7, 8, 80),
        mma("wmma.mma/.sync.aligned.alayout.blayout.shape.f32.bf16.bf16.f32 =d*#, a*#:.b32, b*#:.b32, c*#", &[LAYOUTS, SHAPES], &["shape"]).since(7, 0, 80),
        // .tf32 (sm_80).
        load_a("wmma.load.a/.sync.aligned.layout.shape{.ss}.tf32 =r*#:.b32, [p], stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT, SS]).since(7, 0, 80),
        load_a("wmma.load.a/.sync.aligned.layout.shape.shared::cta.tf32 =r*#:.b32, [p], stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT]).since(7, 8, 80),
        load_b("wmma.load.b/.sync.aligned.layout.shape{.ss}.tf32 =r*#:.b32, [p], stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT, SS]).since(7, 0, 80),
        load_b("wmma.load.b/.sync.aligned.layout.shape.shared::cta.tf32 =r*#:.b32, [p], stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT]).since(7, 8, 80),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.f32 =r*#, [p], stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT, SS]).since(7, 0, 80),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.f32 =r*#, [p], stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT]).since(7, 8, 80),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.f32 [p], r*#, stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT, SS]).since(7, 0, 80),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.f32 [p], r*#, stride?:.u32; .shape = { .m16n16k8 }", &[LAYOUT]).since(7, 8, 80),
        mma("wmma.mma/.sync.aligned.alayout.blayout.shape.f32.tf32.tf32.f32 =d*#, a*#:.b32, b*#:.b32, c*#; .shape = { .m16n16k8 }", &[LAYOUTS], &["shape"]).since(7, 0, 80),
        // .f64 (sm_80), in 64-bit registers.
        load_a("wmma.load.a/.sync.aligned.layout.shape{.ss}.f64 =r*#:.f64, [p], stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT, SS]).since(7, 0, 80),
        load_a("wmma.load.a/.sync.aligned.layout.shape.shared::cta.f64 =r*#:.f64, [p], stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT]).since(7, 8, 80),
        load_b("wmma.load.b/.sync.aligned.layout.shape{.ss}.f64 =r*#:.f64, [p], stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT, SS]).since(7, 0, 80),
        load_b("wmma.load.b/.sync.aligned.layout.shape.shared::cta.f64 =r*#:.f64, [p], stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT]).since(7, 8, 80),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.f64 =r*#, [p], stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT, SS]).since(7, 0, 80),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.f64 =r*#, [p], stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT]).since(7, 8, 80),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.f64 [p], r*#, stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT, SS]).since(7, 0, 80),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.f64 [p], r*#, stride?:.u32; .shape = { .m8n8k4 }", &[LAYOUT]).since(7, 8, 80),
        mma("wmma.mma/.sync.aligned.alayout.blayout.shape{.rnd}.f64.f64.f64.f64 =d*#, a*#:.f64, b*#:.f64, c*#; .shape = { .m8n8k4 }", &[LAYOUTS], &["shape"]).since(7, 0, 80),
        // Sub-byte (sm_75): A row-major, B column-major.
        load_a("wmma.load.a/.sync.aligned.row.shape{.ss}.type =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k32 }", &[SS, INT4]).since(6, 3, 75),
        load_a("wmma.load.a/.sync.aligned.row.shape.shared::cta.type =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k32 }", &[INT4]).since(7, 8, 75),
        load_b("wmma.load.b/.sync.aligned.col.shape{.ss}.type =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k32 }", &[SS, INT4]).since(6, 3, 75),
        load_b("wmma.load.b/.sync.aligned.col.shape.shared::cta.type =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k32 }", &[INT4]).since(7, 8, 75),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.s32 =r*#, [p], stride?:.u32; .shape = { .m8n8k32 }", &[LAYOUT, SS]).since(6, 3, 75),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.s32 =r*#, [p], stride?:.u32; .shape = { .m8n8k32 }", &[LAYOUT]).since(7, 8, 75),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.s32 [p], r*#, stride?:.u32; .shape = { .m8n8k32 }", &[LAYOUT, SS]).since(6, 3, 75),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.s32 [p], r*#, stride?:.u32; .shape = { .m8n8k32 }", &[LAYOUT]).since(7, 8, 75),
        mma("wmma.mma/.sync.aligned.row.col.shape.s32.atype.btype.s32{.satfinite} =d*#, a*#:.b32, b*#:.b32, c*#; .shape = { .m8n8k32 }; .atype = { .u4, .s4 }; .btype = { .u4, .s4 }", &[], &["shape", "atype", "btype"]).since(6, 3, 75),
        // Single bit (sm_75): `.xor.popc`, and `.and.popc` from PTX ISA 7.1 on sm_80.
        load_a("wmma.load.a/.sync.aligned.row.shape{.ss}.b1 =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k128 }", &[SS]).since(6, 3, 75),
        load_a("wmma.load.a/.sync.aligned.row.shape.shared::cta.b1 =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k128 }", &[]).since(7, 8, 75),
        load_b("wmma.load.b/.sync.aligned.col.shape{.ss}.b1 =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k128 }", &[SS]).since(6, 3, 75),
        load_b("wmma.load.b/.sync.aligned.col.shape.shared::cta.b1 =r*#:.b32, [p], stride?:.u32; .shape = { .m8n8k128 }", &[]).since(7, 8, 75),
        load_c("wmma.load.c/.sync.aligned.layout.shape{.ss}.s32 =r*#, [p], stride?:.u32; .shape = { .m8n8k128 }", &[LAYOUT, SS]).since(6, 3, 75),
        load_c("wmma.load.c/.sync.aligned.layout.shape.shared::cta.s32 =r*#, [p], stride?:.u32; .shape = { .m8n8k128 }", &[LAYOUT]).since(7, 8, 75),
        store_d("wmma.store.d/.sync.aligned.layout.shape{.ss}.s32 [p], r*#, stride?:.u32; .shape = { .m8n8k128 }", &[LAYOUT, SS]).since(6, 3, 75),
        store_d("wmma.store.d/.sync.aligned.layout.shape.shared::cta.s32 [p], r*#, stride?:.u32; .shape = { .m8n8k128 }", &[LAYOUT]).since(7, 8, 75),
        // The ISA's `.op.popc` as one value of two words.
        mma("wmma.mma/.bitop.sync.aligned.row.col.shape.s32.b1.b1.s32 =d*#, a*#:.b32, b*#:.b32, c*#; .shape = { .m8n8k128 }; .bitop = { .xor.popc }", &[], &["shape"]).since(6, 3, 75),
        mma("wmma.mma/.bitop.sync.aligned.row.col.shape.s32.b1.b1.s32 =d*#, a*#:.b32, b*#:.b32, c*#; .shape = { .m8n8k128 }; .bitop = { .and.popc }", &[], &["shape"]).since(7, 1, 80),
    ]
}
