//! Asynchronous copies (PTX ISA "Data Movement and Conversion Instructions":
//! `cp.async`, `cp.async.bulk`, `cp.reduce.async.bulk`, `cp.async.bulk.tensor`,
//! their prefetches and completion groups).
//!
//! Which operands a copy takes follows from its modifiers (a `.multicast::cluster`
//! copy takes a CTA mask, an `.L2::cache_hint` one a cache policy, an `.im2col`
//! one the offsets), so each combination is a form of its own: written out
//! line by line, except for the tensor copies, whose ISA lines are written
//! once and written out over their dimensions and optional modifiers
//! ([`Entry::each`]). A destination and source state space are written as
//! one two-word value (`.shared::cluster.global`) so that they keep their
//! order.
//!
//! `st.async` and `red.async` belong to the memory family.

use super::spec::{Choice, Fragment};
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

/// The im2col offsets (`.b16`) of an `.im2col` copy: two fewer than the
/// tensor's dimensions.
fn im2col_offsets(c: &Choice) -> Option<Vec<Fragment>> {
    let dim: u32 = c.value("dim")?.strip_suffix('d')?.parse().ok()?;
    Some(vec![Fragment::of("offsets", dim - 2)])
}

const DIMS: &str = ".dim = { .1d, .2d, .3d, .4d, .5d }";
/// The im2col modes need three dimensions or more.
const IM2COL_DIMS: &str = ".dim = { .3d, .4d, .5d }";
const CTA_GROUP: &str = ".cta_group = { .cta_group::1, .cta_group::2 }";
const TO_CLUSTER: &str = ".dir = { .shared::cluster.global }";
const TO_CTA: &str = ".dir = { .shared::cta.global }";
const TO_GLOBAL: &str = ".dir = { .global.shared::cta }";
const W_MODES: &str = ".load_mode = { .im2col::w, .im2col::w::128 }";
const REDUCTIONS: &str = ".op = { .add, .min, .max, .inc, .dec, .and, .or, .xor }";

/// A tensor-copy line, written out over `each`.
fn tensor(
    spec: &'static str,
    semantics: Semantics,
    groups: &'static [&'static str],
    each: &'static [&'static str],
) -> Entry {
    form(spec, semantics).groups(groups).each(each)
}

/// A load into shared memory: PTX ISA 8.0 on sm_90.
fn load(
    spec: &'static str,
    groups: &'static [&'static str],
    each: &'static [&'static str],
) -> Entry {
    tensor(spec, S::CpAsyncBulkTensor, groups, each).since(8, 0, 90)
}

/// A feature of the sm_100 family (PTX ISA 8.6).
fn sm100(entry: Entry) -> Entry {
    entry.since(8, 6, 100).family_specific()
}

/// The tensor copies: one line per ISA line, direction, load mode and
/// version, written out over the dimensions (each with as many coordinates,
/// `c*.dim`) and the optional modifiers that bring an operand: a
/// `.multicast::cluster` copy takes a CTA mask, an `.L2::cache_hint` one a
/// cache policy. Loads into shared::cta came with PTX ISA 8.6; a
/// `.cta_group` (8.6, the sm_100 family) names the CTA pair the mbarrier may
/// be in. `.tile::gather4` and `.tile::scatter4` address one column and
/// four rows of a 2d tensor; `.im2col::w` takes two offsets (wHalo,
/// wOffset). ptxas takes the gather4 and `.im2col::w` loads into shared::cta
/// on every target from sm_100 on.
fn cp_async_bulk_tensor() -> Vec<Entry> {
    vec![
        // global -> shared::cluster, .tile and .im2col.
        load("cp.async.bulk.tensor/.dim.dir{.tile}.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[DIMS, TO_CLUSTER], &["dim", "L2::cache_hint", "multicast::cluster"]),
        sm100(load("cp.async.bulk.tensor/.dim.dir{.tile}.mbarrier::complete_tx::bytes{.multicast::cluster}.cta_group{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[DIMS, TO_CLUSTER, CTA_GROUP], &["dim", "L2::cache_hint", "multicast::cluster"])),
        load("cp.async.bulk.tensor/.dim.dir.im2col.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*#:.b16, cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CLUSTER], &["dim", "L2::cache_hint", "multicast::cluster"])
        .fragments(im2col_offsets),
        sm100(load("cp.async.bulk.tensor/.dim.dir.im2col.mbarrier::complete_tx::bytes{.multicast::cluster}.cta_group{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*#:.b16, cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CLUSTER, CTA_GROUP], &["dim", "L2::cache_hint", "multicast::cluster"]))
        .fragments(im2col_offsets),
        // global -> shared::cta (PTX ISA 8.6).
        load("cp.async.bulk.tensor/.dim.dir{.tile}.mbarrier::complete_tx::bytes{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], policy:.u64:if.L2::cache_hint", &[DIMS, TO_CTA], &["dim", "L2::cache_hint"]).since(8, 6, 90),
        sm100(load("cp.async.bulk.tensor/.dim.dir{.tile}.mbarrier::complete_tx::bytes.cta_group{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], policy:.u64:if.L2::cache_hint", &[DIMS, TO_CTA, CTA_GROUP], &["dim", "L2::cache_hint"])),
        load("cp.async.bulk.tensor/.dim.dir.im2col.mbarrier::complete_tx::bytes{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*#:.b16, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CTA], &["dim", "L2::cache_hint"]).since(8, 6, 90)
        .fragments(im2col_offsets),
        sm100(load("cp.async.bulk.tensor/.dim.dir.im2col.mbarrier::complete_tx::bytes.cta_group{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*#:.b16, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CTA, CTA_GROUP], &["dim", "L2::cache_hint"]))
        .fragments(im2col_offsets),
        // .tile::gather4 (the sm_100 family).
        sm100(load("cp.async.bulk.tensor/.2d.dir.tile::gather4.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint} [dst], [tmap, c*5], [mbar], cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[TO_CLUSTER], &["L2::cache_hint", "multicast::cluster"])),
        sm100(load("cp.async.bulk.tensor/.2d.dir.tile::gather4.mbarrier::complete_tx::bytes{.multicast::cluster}.cta_group{.L2::cache_hint} [dst], [tmap, c*5], [mbar], cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[TO_CLUSTER, CTA_GROUP], &["L2::cache_hint", "multicast::cluster"])),
        load("cp.async.bulk.tensor/.2d.dir.tile::gather4.mbarrier::complete_tx::bytes{.L2::cache_hint} [dst], [tmap, c*5], [mbar], policy:.u64:if.L2::cache_hint", &[TO_CTA], &["L2::cache_hint"]).since(8, 6, 100),
        sm100(load("cp.async.bulk.tensor/.2d.dir.tile::gather4.mbarrier::complete_tx::bytes.cta_group{.L2::cache_hint} [dst], [tmap, c*5], [mbar], policy:.u64:if.L2::cache_hint", &[TO_CTA, CTA_GROUP], &["L2::cache_hint"])),
        // .im2col::w and .im2col::w::128 (the sm_100 family).
        sm100(load("cp.async.bulk.tensor/.dim.dir.load_mode.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*2:.b16, cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CLUSTER, W_MODES], &["load_mode", "dim", "L2::cache_hint", "multicast::cluster"])),
        sm100(load("cp.async.bulk.tensor/.dim.dir.load_mode.mbarrier::complete_tx::bytes{.multicast::cluster}.cta_group{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*2:.b16, cta_mask:.b16:if.multicast::cluster, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CLUSTER, W_MODES, CTA_GROUP], &["load_mode", "dim", "L2::cache_hint", "multicast::cluster"])),
        load("cp.async.bulk.tensor/.dim.dir.im2col::w.mbarrier::complete_tx::bytes{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*2:.b16, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CTA], &["dim", "L2::cache_hint"]).since(8, 6, 100),
        sm100(load("cp.async.bulk.tensor/.dim.dir.im2col::w::128.mbarrier::complete_tx::bytes{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*2:.b16, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CTA], &["dim", "L2::cache_hint"])),
        sm100(load("cp.async.bulk.tensor/.dim.dir.load_mode.mbarrier::complete_tx::bytes.cta_group{.L2::cache_hint} [dst], [tmap, c*.dim], [mbar], offsets*2:.b16, policy:.u64:if.L2::cache_hint", &[IM2COL_DIMS, TO_CTA, W_MODES, CTA_GROUP], &["load_mode", "dim", "L2::cache_hint"])),
        // Prefetch into L2.
        tensor("cp.async.bulk.prefetch.tensor/.dim.L2.global{.tile}{.L2::cache_hint} [tmap, c*.dim], policy:.u64:if.L2::cache_hint", S::CpAsyncBulkPrefetchTensor, &[DIMS], &["dim", "L2::cache_hint"]).since(8, 0, 90),
        tensor("cp.async.bulk.prefetch.tensor/.dim.L2.global.im2col{.L2::cache_hint} [tmap, c*.dim], offsets*#:.b16, policy:.u64:if.L2::cache_hint", S::CpAsyncBulkPrefetchTensor, &[IM2COL_DIMS], &["dim", "L2::cache_hint"]).since(8, 0, 90)
        .fragments(im2col_offsets),
        sm100(tensor("cp.async.bulk.prefetch.tensor/.2d.L2.global.tile::gather4{.L2::cache_hint} [tmap, c*5], policy:.u64:if.L2::cache_hint", S::CpAsyncBulkPrefetchTensor, &[], &["L2::cache_hint"])),
        sm100(tensor("cp.async.bulk.prefetch.tensor/.dim.L2.global.load_mode{.L2::cache_hint} [tmap, c*.dim], offsets*2:.b16, policy:.u64:if.L2::cache_hint", S::CpAsyncBulkPrefetchTensor, &[IM2COL_DIMS, W_MODES], &["load_mode", "dim", "L2::cache_hint"])),
        // shared::cta -> global: stores, and reductions into the tensor.
        tensor("cp.async.bulk.tensor/.dim.dir{.tile}.bulk_group{.L2::cache_hint} [tmap, c*.dim], [src], policy:.u64:if.L2::cache_hint", S::CpAsyncBulkTensor, &[DIMS, TO_GLOBAL], &["dim", "L2::cache_hint"]).since(8, 0, 90),
        tensor("cp.async.bulk.tensor/.dim.dir.im2col_no_offs.bulk_group{.L2::cache_hint} [tmap, c*.dim], [src], policy:.u64:if.L2::cache_hint", S::CpAsyncBulkTensor, &[IM2COL_DIMS, TO_GLOBAL], &["dim", "L2::cache_hint"]).since(8, 0, 90),
        sm100(tensor("cp.async.bulk.tensor/.2d.dir.tile::scatter4.bulk_group{.L2::cache_hint} [tmap, c*5], [src], policy:.u64:if.L2::cache_hint", S::CpAsyncBulkTensor, &[TO_GLOBAL], &["L2::cache_hint"])),
        tensor("cp.reduce.async.bulk.tensor/.dim.dir.op{.tile}.bulk_group{.L2::cache_hint} [tmap, c*.dim], [src], policy:.u64:if.L2::cache_hint", S::CpReduceAsyncBulkTensor, &[DIMS, TO_GLOBAL, REDUCTIONS], &["dim", "L2::cache_hint"]).since(8, 0, 90),
        tensor("cp.reduce.async.bulk.tensor/.dim.dir.op.im2col_no_offs.bulk_group{.L2::cache_hint} [tmap, c*.dim], [src], policy:.u64:if.L2::cache_hint", S::CpReduceAsyncBulkTensor, &[IM2COL_DIMS, TO_GLOBAL, REDUCTIONS], &["dim", "L2::cache_hint"]).since(8, 0, 90),
    ]
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
    use crate::table::{OperandShape, table};

    /// The tensor coordinates and the number of `.b16` offsets of the form
    /// of `head` whose modifiers are `words`, in order.
    fn tensor_operands(head: &str, words: &[&str]) -> (usize, usize) {
        let form = table()
            .forms()
            .iter()
            .find(|f| {
                f.head_text() == head
                    && f.slots
                        .iter()
                        .filter(|s| !s.optional)
                        .map(|s| s.name.as_str())
                        .eq(words.iter().copied())
            })
            .unwrap_or_else(|| panic!("no form {head} {words:?}"));
        let coordinates = form.operands.iter().find_map(|o| match o.shape {
            OperandShape::TensorAddress(n) => Some(n),
            _ => None,
        });
        let offsets = form.operands.iter().find_map(|o| match o.shape {
            OperandShape::Vector(n) if o.name == "offsets" => Some(n),
            _ => None,
        });
        (coordinates.unwrap_or(0), offsets.unwrap_or(0))
    }

    #[test]
    fn im2col_copies_take_two_fewer_offsets_than_dimensions() {
        // ISA cp.async.bulk.tensor: im2colInfo has dim - 2 offsets in .im2col mode,
        // two (wHalo, wOffset) in .im2col::w modes.
        let head = "cp.async.bulk.tensor";
        let tx = "mbarrier::complete_tx::bytes";
        assert_eq!(tensor_operands(head, &["5d", "dir", "im2col", tx]), (5, 3));
        assert_eq!(tensor_operands(head, &["3d", "dir", "im2col", tx]), (3, 1));
        assert_eq!(
            tensor_operands(head, &["3d", "dir", "im2col::w", tx]),
            (3, 2)
        );
        let dims: Vec<usize> = table()
            .forms_of("cp")
            .filter(|f| f.head_text() == head && f.slots.iter().any(|s| s.name == "im2col"))
            .map(|f| {
                tensor_operands(
                    head,
                    &f.slots
                        .iter()
                        .filter(|s| !s.optional)
                        .map(|s| s.name.as_str())
                        .collect::<Vec<_>>(),
                )
                .0
            })
            .collect();
        assert_eq!(dims.iter().min(), Some(&3));
    }

    #[test]
    fn gather4_addresses_one_column_and_four_rows() {
        // ISA: .tile::gather4 needs a 2d tensor and five coordinates.
        let head = "cp.async.bulk.tensor";
        let tx = "mbarrier::complete_tx::bytes";
        assert_eq!(
            tensor_operands(head, &["2d", "dir", "tile::gather4", tx]),
            (5, 0)
        );
        assert!(
            table()
                .forms_of("cp")
                .filter(|f| f.slots.iter().any(|s| s.name == "tile::gather4"))
                .all(|f| f.slots[0].name == "2d")
        );
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
