//! Asynchronous copies (PTX ISA "Data Movement and Conversion Instructions":
//! `cp.async`, `cp.async.bulk`, `cp.reduce.async.bulk`, `cp.async.bulk.tensor`,
//! their prefetches and completion groups).
//!
//! Which operands a copy takes follows from its modifiers (a `.multicast::cluster`
//! copy takes a CTA mask, an `.L2::cache_hint` one a cache policy, an `.im2col`
//! one the offsets), so each combination is a form of its own: written out
//! line by line, except for the tensor copies, whose dimensions, load modes,
//! directions, multicast, CTA group and cache hint multiply to some 250
//! forms, generated from those lists. A destination and source state space
//! are written as one two-word value (`.shared::cluster.global`) so that
//! they keep their order.
//!
//! `st.async` and `red.async` belong to the memory family.

use super::{Entry, form};
use crate::semantics::Semantics;
use crate::semantics::Semantics as S;

fn cp_async() -> Vec<Entry> {
    vec![
        form("cp.async.commit_group/", S::CpAsyncCommitGroup).since(7, 0, 80),
        form("cp.async.wait_group/ n:.u32:imm", S::CpAsyncWaitGroup).since(7, 0, 80),
        form("cp.async.wait_all/", S::CpAsyncWaitAll).since(7, 0, 80),
        form(
            "cp.async.mbarrier.arrive/{.noinc}{.shared}.b64 [mbar]",
            S::CpAsyncMbarrierArrive,
        )
        .since(7, 0, 80),
        form(
            "cp.async.mbarrier.arrive/{.noinc}.shared::cta.b64 [mbar]",
            S::CpAsyncMbarrierArrive,
        )
        .since(7, 8, 80),
        // cp.async: .ca copies 4, 8 or 16 bytes, .cg only 16. The optional third
        // operand is a source size or an ignore-source predicate (PTX ISA 7.5);
        // .L2::cache_hint (7.4) adds a cache policy last; .L2::128B etc. came in 7.4;
        // ptxas takes .shared::cta on cp.async from PTX ISA 7.7. Each extra
        // operand has its semantics key: the slots alone cannot tell a source
        // size from a cache policy. A number there is a source size (ptxas 13.0
        // holds it to 0..=cp-size), never a constant predicate.
        form("cp.async/.ca.dir [dst], [src], size:.u32:imm:4|8|16; .dir = { .shared.global }", S::CpAsync).since(7, 0, 80),
        form("cp.async/.ca.dir [dst], [src], size:.u32:imm:4|8|16; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.ca.dir.prefetch [dst], [src], size:.u32:imm:4|8|16; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsync).since(7, 4, 80),
        form("cp.async/.ca.dir.prefetch [dst], [src], size:.u32:imm:4|8|16; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.ca.dir.L2::cache_hint [dst], [src], size:.u32:imm:4|8|16, policy:.u64; .dir = { .shared.global }", S::CpAsync).since(7, 4, 80),
        form("cp.async/.ca.dir.L2::cache_hint [dst], [src], size:.u32:imm:4|8|16, policy:.u64; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.ca.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:4|8|16, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsync).since(7, 4, 80),
        form("cp.async/.ca.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:4|8|16, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.ca.dir [dst], [src], size:.u32:imm:4|8|16, src_size:.u32; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 0, 80),
        form("cp.async/.ca.dir [dst], [src], size:.u32:imm:4|8|16, src_size:.u32; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.ca.dir.prefetch [dst], [src], size:.u32:imm:4|8|16, src_size:.u32; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 4, 80),
        form("cp.async/.ca.dir.prefetch [dst], [src], size:.u32:imm:4|8|16, src_size:.u32; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.ca.dir.L2::cache_hint [dst], [src], size:.u32:imm:4|8|16, src_size:.u32, policy:.u64; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 4, 80),
        form("cp.async/.ca.dir.L2::cache_hint [dst], [src], size:.u32:imm:4|8|16, src_size:.u32, policy:.u64; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.ca.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:4|8|16, src_size:.u32, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 4, 80),
        form("cp.async/.ca.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:4|8|16, src_size:.u32, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.ca.dir [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.ca.dir [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.ca.dir.prefetch [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.ca.dir.prefetch [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.ca.dir.L2::cache_hint [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg, policy:.u64; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.ca.dir.L2::cache_hint [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg, policy:.u64; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.ca.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.ca.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:4|8|16, ignore_src:.pred:neg:reg, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.cg.dir [dst], [src], size:.u32:imm:16; .dir = { .shared.global }", S::CpAsync).since(7, 0, 80),
        form("cp.async/.cg.dir [dst], [src], size:.u32:imm:16; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.cg.dir.prefetch [dst], [src], size:.u32:imm:16; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsync).since(7, 4, 80),
        form("cp.async/.cg.dir.prefetch [dst], [src], size:.u32:imm:16; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.cg.dir.L2::cache_hint [dst], [src], size:.u32:imm:16, policy:.u64; .dir = { .shared.global }", S::CpAsync).since(7, 4, 80),
        form("cp.async/.cg.dir.L2::cache_hint [dst], [src], size:.u32:imm:16, policy:.u64; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.cg.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:16, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsync).since(7, 4, 80),
        form("cp.async/.cg.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:16, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsync).since(7, 7, 80),
        form("cp.async/.cg.dir [dst], [src], size:.u32:imm:16, src_size:.u32; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 0, 80),
        form("cp.async/.cg.dir [dst], [src], size:.u32:imm:16, src_size:.u32; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.cg.dir.prefetch [dst], [src], size:.u32:imm:16, src_size:.u32; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 4, 80),
        form("cp.async/.cg.dir.prefetch [dst], [src], size:.u32:imm:16, src_size:.u32; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.cg.dir.L2::cache_hint [dst], [src], size:.u32:imm:16, src_size:.u32, policy:.u64; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 4, 80),
        form("cp.async/.cg.dir.L2::cache_hint [dst], [src], size:.u32:imm:16, src_size:.u32, policy:.u64; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.cg.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:16, src_size:.u32, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncSrcSize).since(7, 4, 80),
        form("cp.async/.cg.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:16, src_size:.u32, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncSrcSize).since(7, 7, 80),
        form("cp.async/.cg.dir [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.cg.dir [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.cg.dir.prefetch [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.cg.dir.prefetch [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.cg.dir.L2::cache_hint [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg, policy:.u64; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.cg.dir.L2::cache_hint [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg, policy:.u64; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
        form("cp.async/.cg.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared.global }", S::CpAsyncIgnoreSrc).since(7, 5, 80),
        form("cp.async/.cg.dir.L2::cache_hint.prefetch [dst], [src], size:.u32:imm:16, ignore_src:.pred:neg:reg, policy:.u64; .prefetch = { .L2::64B, .L2::128B, .L2::256B }; .dir = { .shared::cta.global }", S::CpAsyncIgnoreSrc).since(7, 7, 80),
    ]
}

/// A bulk-copy form: PTX ISA `ptx`, `sm_90` unless `sm100` (then the sm_100 family).
fn bulk(spec: String, semantics: Semantics, ptx: (u8, u8), sm100: bool) -> Entry {
    let e = Entry::owned(spec, semantics);
    if sm100 {
        e.since(ptx.0, ptx.1, 100).family_specific()
    } else {
        e.since(ptx.0, ptx.1, 90)
    }
}

/// Appends `policy:.u64` and the modifier for a form with an L2 cache hint.
fn hinted(hint: bool) -> (&'static str, &'static str) {
    if hint {
        (".L2::cache_hint", ", policy:.u64")
    } else {
        ("", "")
    }
}

fn cp_async_bulk() -> Vec<Entry> {
    vec![
        form("cp.async.bulk.commit_group/", S::CpAsyncBulkCommitGroup).since(8, 0, 90),
        form(
            "cp.async.bulk.wait_group/{.read} n:.u32:imm",
            S::CpAsyncBulkWaitGroup,
        )
        .since(8, 0, 90),
        form(
            "cp.async.bulk/.dir.mbarrier::complete_tx::bytes [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }",
            S::CpAsyncBulk,
        )
        .since(8, 0, 90),
        // global -> shared::cluster, optionally multicast to the CTAs of a mask;
        // global -> shared::cta (PTX ISA 8.6); shared::cta -> global, completed by
        // bulk async-groups, with a byte mask from sm_100; a prefetch into L2.
        // Then the same with an L2 cache hint.
        form("cp.async.bulk/.dir.mbarrier::complete_tx::bytes [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.global }", S::CpAsyncBulk).since(8, 0, 90),
        form("cp.async.bulk/.dir.mbarrier::complete_tx::bytes.multicast::cluster [dst], [src], size:.u32, [mbar], cta_mask:.b16; .dir = { .shared::cluster.global }", S::CpAsyncBulk).since(8, 0, 90),
        form("cp.async.bulk/.dir.mbarrier::complete_tx::bytes [dst], [src], size:.u32, [mbar]; .dir = { .shared::cta.global }", S::CpAsyncBulk).since(8, 6, 90),
        form("cp.async.bulk/.dir.bulk_group [dst], [src], size:.u32; .dir = { .global.shared::cta }", S::CpAsyncBulk).since(8, 0, 90),
        form("cp.async.bulk/.dir.bulk_group.cp_mask [dst], [src], size:.u32, byte_mask:.b16; .dir = { .global.shared::cta }", S::CpAsyncBulk).since(8, 6, 100),
        form("cp.async.bulk.prefetch/.L2.global [src], size:.u32", S::CpAsyncBulkPrefetch).since(8, 0, 90),
        form("cp.async.bulk/.dir.mbarrier::complete_tx::bytes.L2::cache_hint [dst], [src], size:.u32, [mbar], policy:.u64; .dir = { .shared::cluster.global }", S::CpAsyncBulk).since(8, 0, 90),
        form("cp.async.bulk/.dir.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [dst], [src], size:.u32, [mbar], cta_mask:.b16, policy:.u64; .dir = { .shared::cluster.global }", S::CpAsyncBulk).since(8, 0, 90),
        form("cp.async.bulk/.dir.mbarrier::complete_tx::bytes.L2::cache_hint [dst], [src], size:.u32, [mbar], policy:.u64; .dir = { .shared::cta.global }", S::CpAsyncBulk).since(8, 6, 90),
        form("cp.async.bulk/.dir.bulk_group.L2::cache_hint [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }", S::CpAsyncBulk).since(8, 0, 90),
        form("cp.async.bulk/.dir.bulk_group.L2::cache_hint.cp_mask [dst], [src], size:.u32, policy:.u64, byte_mask:.b16; .dir = { .global.shared::cta }", S::CpAsyncBulk).since(8, 6, 100),
        form("cp.async.bulk.prefetch/.L2.global.L2::cache_hint [src], size:.u32, policy:.u64", S::CpAsyncBulkPrefetch).since(8, 0, 90),
    ]
}

/// The bulk reductions. Each operation takes its own types into global
/// memory and into shared::cluster memory (as ptxas checks them); `.add` of
/// `.f16`/`.bf16` needs `.noftz` and is written separately.
fn cp_reduce_async_bulk() -> Vec<Entry> {
    vec![
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.and.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .b32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.and.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .b32, .b64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.and.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .b32, .b64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.or.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .b32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.or.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .b32, .b64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.or.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .b32, .b64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.xor.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .b32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.xor.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .b32, .b64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.xor.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .b32, .b64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.add.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .u32, .s32, .u64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.add.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .u32, .s32, .u64, .f32, .f64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.add.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .u32, .s32, .u64, .f32, .f64 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.inc.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .u32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.inc.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .u32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.inc.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .u32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.dec.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .u32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.dec.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .u32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.dec.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .u32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.min.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .u32, .s32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.min.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .u32, .s32, .u64, .s64, .f16, .bf16 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.min.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .u32, .s32, .u64, .s64, .f16, .bf16 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.mbarrier::complete_tx::bytes.max.type [dst], [src], size:.u32, [mbar]; .dir = { .shared::cluster.shared::cta }; .type = { .u32, .s32 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.max.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .u32, .s32, .u64, .s64, .f16, .bf16 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.max.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .u32, .s32, .u64, .s64, .f16, .bf16 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.add.noftz.type [dst], [src], size:.u32; .dir = { .global.shared::cta }; .type = { .f16, .bf16 }", S::CpReduceAsyncBulk).since(8, 0, 90),
        form("cp.reduce.async.bulk/.dir.bulk_group.L2::cache_hint.add.noftz.type [dst], [src], size:.u32, policy:.u64; .dir = { .global.shared::cta }; .type = { .f16, .bf16 }", S::CpReduceAsyncBulk).since(8, 0, 90),
    ]
}

/// A tensor load mode: its modifier, the dimensions it takes, how many
/// coordinates and im2col offsets (`.b16`) a `dim`-dimensional copy of it
/// has, and whether it is an sm_100 feature.
struct Mode {
    modifier: &'static str,
    dims: std::ops::RangeInclusive<u32>,
    coordinates: fn(u32) -> u32,
    offsets: fn(u32) -> u32,
    sm100: bool,
}

fn same(dim: u32) -> u32 {
    dim
}
fn none(_: u32) -> u32 {
    0
}
fn im2col_offsets(dim: u32) -> u32 {
    dim - 2
}
fn w_offsets(_: u32) -> u32 {
    2
}
/// `.tile::gather4`/`.tile::scatter4` address one column and four rows.
fn four_rows(_: u32) -> u32 {
    5
}

fn load_modes() -> [Mode; 5] {
    [
        Mode {
            modifier: "{.tile}",
            dims: 1..=5,
            coordinates: same,
            offsets: none,
            sm100: false,
        },
        Mode {
            modifier: ".im2col",
            dims: 3..=5,
            coordinates: same,
            offsets: im2col_offsets,
            sm100: false,
        },
        Mode {
            modifier: ".tile::gather4",
            dims: 2..=2,
            coordinates: four_rows,
            offsets: none,
            sm100: true,
        },
        Mode {
            modifier: ".im2col::w",
            dims: 3..=5,
            coordinates: same,
            offsets: w_offsets,
            sm100: true,
        },
        Mode {
            modifier: ".im2col::w::128",
            dims: 3..=5,
            coordinates: same,
            offsets: w_offsets,
            sm100: true,
        },
    ]
}

fn store_modes() -> [Mode; 3] {
    [
        Mode {
            modifier: "{.tile}",
            dims: 1..=5,
            coordinates: same,
            offsets: none,
            sm100: false,
        },
        Mode {
            modifier: ".im2col_no_offs",
            dims: 3..=5,
            coordinates: same,
            offsets: none,
            sm100: false,
        },
        Mode {
            modifier: ".tile::scatter4",
            dims: 2..=2,
            coordinates: four_rows,
            offsets: none,
            sm100: true,
        },
    ]
}

fn offsets_operand(n: u32) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(", offsets*{n}:.b16")
    }
}

fn cp_async_bulk_tensor() -> Vec<Entry> {
    let mut out = Vec::new();
    const TX: &str = ".mbarrier::complete_tx::bytes";
    const CTA_GROUP: &str = "; .cta_group = { .cta_group::1, .cta_group::2 }";
    for mode in load_modes() {
        for dim in mode.dims.clone() {
            let coords = (mode.coordinates)(dim);
            let offsets = offsets_operand((mode.offsets)(dim));
            let m = mode.modifier;
            for hint in [false, true] {
                let (h, policy) = hinted(hint);
                // global -> shared::cluster (8.0) or shared::cta (8.6); a
                // .cta_group (8.6, sm_100) names the CTA pair the mbarrier may be in.
                for (dir, multicasts, ptx) in [
                    ("shared::cluster.global", &[false, true][..], (8, 0)),
                    ("shared::cta.global", &[false][..], (8, 6)),
                ] {
                    for &multicast in multicasts {
                        let (mc, mask) = if multicast {
                            (".multicast::cluster", ", cta_mask:.b16")
                        } else {
                            ("", "")
                        };
                        for cta_group in [false, true] {
                            let (cg, cg_def) = if cta_group {
                                (".cta_group", CTA_GROUP)
                            } else {
                                ("", "")
                            };
                            let spec = format!(
                                "cp.async.bulk.tensor/.{dim}d.dir{m}{TX}{mc}{cg}{h} [dst], [tmap, c*{coords}], [mbar]{offsets}{mask}{policy}; .dir = {{ .{dir} }}{cg_def}"
                            );
                            let ptx = if cta_group || mode.sm100 { (8, 6) } else { ptx };
                            // ptxas takes the gather4 and im2col::w loads into
                            // shared::cta on every target from sm_100 on.
                            let portable = mode.sm100
                                && !cta_group
                                && dir == "shared::cta.global"
                                && m != ".im2col::w::128";
                            if portable {
                                let e = Entry::owned(spec, S::CpAsyncBulkTensor);
                                out.push(e.since(8, 6, 100));
                                continue;
                            }
                            out.push(bulk(
                                spec,
                                S::CpAsyncBulkTensor,
                                ptx,
                                cta_group || mode.sm100,
                            ));
                        }
                    }
                }
                // Prefetch into L2.
                let spec = format!(
                    "cp.async.bulk.prefetch.tensor/.{dim}d.L2.global{m}{h} [tmap, c*{coords}]{offsets}{policy}"
                );
                let ptx = if mode.sm100 { (8, 6) } else { (8, 0) };
                out.push(bulk(spec, S::CpAsyncBulkPrefetchTensor, ptx, mode.sm100));
            }
        }
    }
    // shared::cta -> global: stores, and reductions into the tensor.
    for mode in store_modes() {
        for dim in mode.dims.clone() {
            let coords = (mode.coordinates)(dim);
            let m = mode.modifier;
            let ptx = if mode.sm100 { (8, 6) } else { (8, 0) };
            for hint in [false, true] {
                let (h, policy) = hinted(hint);
                let spec = format!(
                    "cp.async.bulk.tensor/.{dim}d.dir{m}.bulk_group{h} [tmap, c*{coords}], [src]{policy}; .dir = {{ .global.shared::cta }}"
                );
                out.push(bulk(spec, S::CpAsyncBulkTensor, ptx, mode.sm100));
                if !mode.sm100 {
                    let spec = format!(
                        "cp.reduce.async.bulk.tensor/.{dim}d.dir.op{m}.bulk_group{h} [tmap, c*{coords}], [src]{policy}; .dir = {{ .global.shared::cta }}; .op = {{ .add, .min, .max, .inc, .dec, .and, .or, .xor }}"
                    );
                    out.push(bulk(spec, S::CpReduceAsyncBulkTensor, ptx, false));
                }
            }
        }
    }
    out
}

pub(super) fn entries() -> Vec<Entry> {
    let mut out = cp_async();
    out.extend(cp_async_bulk());
    out.extend(cp_reduce_async_bulk());
    out.extend(cp_async_bulk_tensor());
    // ptxas refuses a repeated modifier in these instructions (`.sync` aside).
    out.into_iter().map(Entry::no_repeats).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn im2col_copies_take_two_fewer_offsets_than_dimensions() {
        // ISA cp.async.bulk.tensor: im2colInfo has dim - 2 offsets in .im2col mode,
        // two (wHalo, wOffset) in .im2col::w modes.
        let modes = load_modes();
        assert_eq!((modes[1].offsets)(5), 3);
        assert_eq!((modes[3].offsets)(3), 2);
        assert_eq!(*modes[1].dims.start(), 3);
    }

    #[test]
    fn gather4_addresses_one_column_and_four_rows() {
        // ISA: .tile::gather4 needs a 2d tensor and five coordinates.
        let gather = &load_modes()[2];
        assert_eq!(gather.dims, 2..=2);
        assert_eq!((gather.coordinates)(2), 5);
    }

    #[test]
    fn cg_copies_only_sixteen_bytes() {
        // ISA cp.async: .cg takes cp-size 16 only.
        let specs: Vec<String> = cp_async().iter().map(|e| e.spec.to_string()).collect();
        assert!(
            specs
                .iter()
                .filter(|s| s.contains(".cg"))
                .all(|s| s.contains("imm:16,") || s.contains("imm:16;") || s.ends_with("imm:16"))
        );
    }
}
