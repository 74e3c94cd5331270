//! Asynchronous copies into shared memory: `cp.async` with its commit and
//! wait groups and `cp.async.mbarrier.arrive`, and the bulk copies
//! `cp.async.bulk` that complete an mbarrier's transactions.
//!
//! A `cp.async` is checked when issued (both addresses in bounds and
//! aligned to the copy's size; errors name the address) and completes as
//! late as the PTX ISA allows (see [`crate::memory::in_flight`]): its
//! `size` bytes land at the shared address then, the bytes past a smaller
//! source size (or all of them with a true ignore-source predicate)
//! zeros. A bulk copy completes when issued, then completes its bytes'
//! transactions on the mbarrier; its bulk groups have nothing left to wait for.

use crate::exec::SemResult;
use crate::fault::Fault;
use crate::lane::{Lane, Memories};
use crate::memory::cluster_address::cta_offset;
use crate::memory::in_flight::{Copy, InFlight};
use crate::sem::memory::address::{Reach, check_access, shared_at};
use crate::sem::sync::mbarrier;
use ptx_core::{Flags, Mods, Semantics, SharedScope, StateSpace};

pub mod tensor;

/// `cp.async.ca/cg.shared.global [dst], [src], size`.
#[inline]
pub fn cp_async<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsync, m, s)
}

/// `cp.async... [dst], [src], size, src_size`: bytes past `src_size` are zeros.
#[inline]
pub fn cp_async_src_size<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncSrcSize, m, s)
}

/// `cp.async... [dst], [src], size, ignore_src`: a true predicate copies zeros.
#[inline]
pub fn cp_async_ignore_src<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncIgnoreSrc, m, s)
}

/// `cp.async.commit_group`.
#[inline]
pub fn commit_group<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncCommitGroup, m, s)
}

/// `cp.async.wait_group n`.
#[inline]
pub fn wait_group<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncWaitGroup, m, s)
}

/// `cp.async.wait_all`.
#[inline]
pub fn wait_all<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncWaitAll, m, s)
}

/// `cp.async.mbarrier.arrive{.noinc}.shared.b64 [mbar]`.
#[inline]
pub fn mbarrier_arrive<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncMbarrierArrive, m, s)
}

/// `cp.async.bulk.dst.src... [dst], [src], size{, [mbar]}`.
#[inline]
pub fn bulk<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncBulk, m, s)
}

/// `cp.reduce.async.bulk.dst.src.op.type [dst], [src], size{, [mbar]}`: each
/// element of the source combined by `.op` into the destination's.
#[inline]
pub fn reduce_bulk<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpReduceAsyncBulk, m, s)
}

/// `tensormap.cp_fenceproxy.global.shared::cta... [dst], [src], 128`:
/// the tensor map's 128 bytes from shared to global memory (the fence is
/// the simulator's order already).
#[inline]
pub fn copy_tensormap<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::TensormapCpFenceproxy, m, s)
}

/// `cp.async.bulk.tensor` (see [`tensor`]).
#[inline]
pub fn bulk_tensor<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpAsyncBulkTensor, m, s)
}

/// `tensormap.replace` (see [`tensor`]'s `replace`).
#[inline]
pub fn tensormap_replace<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::TensormapReplace, m, s)
}

/// `cp.reduce.async.bulk.tensor` (see [`tensor`]).
#[inline]
pub fn reduce_bulk_tensor<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::CpReduceAsyncBulkTensor, m, s)
}

/// `st.async{.weak}{.shared::cluster}.mbarrier::complete_tx::bytes{.vec}.type
/// [a], b, [mbar]`, and sm_100's `st.async.release.scope.global.type [a], b`:
/// the vector stored at once, and in shared memory its bytes' transactions
/// completed on the mbarrier of the destination's CTA. `tests/cluster_launch.rs` and
/// `ptx-tools/tests/cluster_closures.rs` have the cluster forms; the global
/// ones store, and reduce, at once:
///
/// ```
/// use ptx_sim::statement::Prepared;
/// use ptx_sim::machine::Launch;
/// use ptx_core::{AsmOperand, Target, check_asm, lower};
/// let prepare = |text: &str, cons: &[&str]| {
///     let target: Target = "sm_100a".parse().unwrap();
///     let checked = check_asm(text, cons, target).unwrap();
///     let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
///     Prepared::new(&lower(&checked, &ops).unwrap())
/// };
/// let st = prepare("st.async.release.gpu.global.u32 [%0], %1;", &["l", "r"]);
/// let red = prepare("red.async.release.gpu.global.add.u32 [%0], %1;", &["l", "r"]);
/// let mut launch = Launch::new(1, 32);
/// let out = launch.global_from(&[0u32; 33]);
/// let report = launch
///     .run(|t| {
///         let at = u128::from(out.addr + 4 * u64::from(t.lane));
///         st.run(&mut [at, u128::from(t.lane * 2)]).unwrap();
///         red.run(&mut [u128::from(out.addr + 128), u128::from(t.lane)]).unwrap();
///     })
///     .unwrap();
/// let words = report.read::<u32>(out);
/// assert_eq!(words[5], 10);
/// assert_eq!(words[32], (0..32).sum::<u32>());
/// ```
#[inline]
pub fn st_async<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::StAsync, m, s)
}

/// `red.async.relaxed.cluster{.shared::cluster}.mbarrier::complete_tx::bytes.op.type
/// [a], b{, [mbar]}`, and sm_100's `.global` form: `b` combined into `[a]`
/// at once, as `st.async` stores.
#[inline]
pub fn red_async<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    in_lane(lane, Semantics::RedAsync, m, s)
}

/// `cp.async.bulk.commit_group`, `cp.async.bulk.wait_group{.read} n`: a
/// bulk copy completes when issued, so no group has anything to wait for.
#[inline]
pub fn bulk_group(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}

/// Asynchronous copy `sem` by thread `lane` of a launch: its copies in
/// flight and its CTA's shared memory.
fn in_lane<L: Lane>(lane: &mut L, sem: Semantics, m: &Mods, s: &[u64]) -> SemResult {
    lane.with_copies(writes_unseen(sem), |in_flight, memories| {
        run(sem, m, s, in_flight, memories)
    })
    .unwrap_or_else(|| Err(Fault::needs_launch(sem.key(), None)))
}

/// Whether asynchronous instruction `sem` writes shared memory where the
/// sanitizer's shadow does not see (see [`crate::check`]).
pub(crate) fn writes_unseen(sem: Semantics) -> bool {
    matches!(
        sem,
        Semantics::CpAsyncBulk
            | Semantics::CpAsyncBulkTensor
            | Semantics::CpReduceAsyncBulk
            | Semantics::StAsync
            | Semantics::RedAsync
    )
}

/// Runs asynchronous copy instruction `sem` (modifiers `m`, slots `s`) of
/// a thread whose copies in flight are `in_flight`, in `memories`.
pub(crate) fn run(
    sem: Semantics,
    m: &Mods,
    s: &[u64],
    in_flight: &mut InFlight,
    memories: &mut Memories<'_>,
) -> SemResult {
    let slot = |k: usize| s.get(k).copied().unwrap_or(0);
    match sem {
        Semantics::CpAsync | Semantics::CpAsyncSrcSize | Semantics::CpAsyncIgnoreSrc => {
            let copy = Copy {
                sem,
                slots: [slot(0), slot(1), slot(2), slot(3)],
            };
            check(&copy, memories)?;
            in_flight.issue(copy);
        }
        Semantics::CpAsyncCommitGroup => in_flight.commit(),
        Semantics::CpAsyncWaitGroup => complete(in_flight.due(slot(0) as usize), memories)?,
        Semantics::CpAsyncWaitAll => {
            in_flight.commit();
            complete(in_flight.due(0), memories)?;
        }
        Semantics::CpAsyncMbarrierArrive => {
            complete(in_flight.rest(), memories)?;
            // Without `.noinc` the arrival is counted in advance: no net change.
            if m.has(Flags::NOINC) {
                mbarrier::arrive_at(memories.shared, sem.key(), slot(0), 1)?;
            }
        }
        Semantics::CpAsyncBulk => bulk_copy(m, s, memories)?,
        Semantics::CpReduceAsyncBulk => bulk_reduce(m, s, memories)?,
        Semantics::TensormapCpFenceproxy => bulk_copy(m, &[slot(0), slot(1), slot(2)], memories)?,
        Semantics::CpAsyncBulkTensor | Semantics::CpReduceAsyncBulkTensor => {
            tensor::run(m, s, memories, sem.key())?
        }
        Semantics::TensormapReplace => tensor::replace(m, s, memories, sem.key())?,
        Semantics::StAsync => async_store(m, s, memories)?,
        Semantics::RedAsync => async_reduce(m, s, memories)?,
        _ => return Err(Fault::not_simulated(sem.key())),
    }
    Ok(())
}

/// Completes every copy a thread still has in flight (it exits).
pub(crate) fn drain(in_flight: &mut InFlight, memories: &mut Memories<'_>) -> SemResult {
    complete(in_flight.rest(), memories)
}

/// Completes `copies` in order.
fn complete(copies: Vec<Copy>, memories: &mut Memories<'_>) -> SemResult {
    copies.iter().try_for_each(|c| copy(c, memories))
}

/// The bytes `copy` reads from its source: see [`read_bytes`].
fn source_bytes(copy: &Copy) -> u64 {
    let [_, _, size, extra] = copy.slots;
    read_bytes(copy.sem, size, extra)
}

/// The bytes a `cp.async` of `sem` copying `size` bytes reads from its
/// source, its last operand being `extra`: all of them, the first
/// `src_size`, or none for a true `ignore_src`.
pub(crate) fn read_bytes(sem: Semantics, size: u64, extra: u64) -> u64 {
    match sem {
        Semantics::CpAsyncSrcSize => extra.min(size),
        Semantics::CpAsyncIgnoreSrc if extra != 0 => 0,
        _ => size,
    }
}

/// The global source of `copy`, as an access.
fn source(copy: &Copy) -> Result<Reach, Fault> {
    let [_, src, size, _] = copy.slots;
    let global = Mods {
        space: Some(StateSpace::Global),
        ..Mods::default()
    };
    Reach::new(&global, src, source_bytes(copy), size, "cp.async")
}

/// Checks that `copy`'s addresses are in bounds and aligned, as it issues.
fn check(copy: &Copy, memories: &mut Memories<'_>) -> SemResult {
    let [dst, _, size, _] = copy.slots;
    if source_bytes(copy) > 0 {
        source(copy)?.read(memories, |_| ())?;
    }
    let dst = cta_offset(dst, memories.peers.rank());
    check_access(memories.shared.len(), dst, size, size, "cp.async").map(|_| ())
}

/// Completes `copy`: its bytes land in shared memory.
fn copy(copy: &Copy, memories: &mut Memories<'_>) -> SemResult {
    let [dst, _, size, _] = copy.slots;
    let mut data = vec![0u8; size as usize];
    if source_bytes(copy) > 0 {
        source(copy)?.read(memories, |bytes| data[..bytes.len()].copy_from_slice(bytes))?;
    }
    let dst = cta_offset(dst, memories.peers.rank());
    let shared = &mut *memories.shared;
    let at = check_access(shared.len(), dst, size, size, "cp.async")?;
    shared[at..at + size as usize].copy_from_slice(&data);
    Ok(())
}

/// The spaces of a bulk copy's destination and source, as the modifiers
/// of an access to each.
fn direction(m: &Mods, key: &'static str) -> Result<(Mods, Mods), Fault> {
    match (m.space, m.source) {
        (Some(to), Some(from)) => Ok((
            Mods {
                space: Some(to),
                ..Mods::default()
            },
            Mods {
                space: Some(from),
                ..Mods::default()
            },
        )),
        _ => Err(Fault::malformed(key, "no direction")),
    }
}

/// A bulk copy's `size` bytes have landed at `dst` (in the space of
/// `dst_mods`): a destination in shared memory completes them on the
/// mbarrier at `mbar`, which is in the destination's CTA, named in its
/// space.
fn complete_bytes(
    memories: &mut Memories<'_>,
    dst_mods: &Mods,
    mbar: u64,
    size: u64,
    key: &'static str,
) -> SemResult {
    if let Some(StateSpace::Shared(_)) = dst_mods.space {
        let (shared, at) = shared_at(memories.shared_only(), dst_mods, mbar, key)?;
        mbarrier::complete_tx_at(shared, key, at, size)?;
    }
    Ok(())
}

/// `cp.async.bulk`: `size` bytes from the source to the destination at
/// once (global to shared completing the transactions of `[mbar]`, to each
/// CTA of a multicast mask, or shared to global in a bulk group).
fn bulk_copy(m: &Mods, s: &[u64], memories: &mut Memories<'_>) -> SemResult {
    let key = "cp.async.bulk";
    let (dst, src, size) = (s[0], s[1], s[2]);
    let (dst_mods, src_mods) = direction(m, key)?;
    let data = Reach::new(&src_mods, src, size, 16, key)?.read(memories, <[u8]>::to_vec)?;
    let mbar = s.get(3).copied().unwrap_or(0);
    let mask = s.get(4).copied().unwrap_or(0);
    for target in tensor::targets(m, mask) {
        let (dst_mods, dst, mbar) = tensor::at_target(&dst_mods, target, dst, mbar);
        Reach::new(&dst_mods, dst, size, 16, key)?.store(memories, |b| b.copy_from_slice(&data))?;
        complete_bytes(memories, &dst_mods, mbar, size, key)?;
    }
    Ok(())
}

/// The space of an `st.async` or `red.async` destination: `.global` (the
/// sm_100 forms) or `.shared::cluster`, which is also what an address
/// without a space is (ptxas compiles the forms with and without it to
/// the same `STAS` / `REDAS` of the register's value, no generic address
/// converted).
fn async_space(m: &Mods) -> Mods {
    let space = match m.space {
        Some(StateSpace::Global) => StateSpace::Global,
        _ => StateSpace::Shared(SharedScope::Cluster),
    };
    Mods {
        space: Some(space),
        ..Mods::default()
    }
}

/// `st.async`: the vector `b` (slots 1 to `.vec`) stored at `a` (slot 0),
/// aligned to its size, at once; a `.shared::cluster` destination then
/// completes that many bytes of transactions on the mbarrier `[mbar]` (the
/// last slot, when given), which is in the destination's CTA.
fn async_store(m: &Mods, s: &[u64], memories: &mut Memories<'_>) -> SemResult {
    let key = "st.async";
    let space = async_space(m);
    let (n, size, k) = crate::sem::memory::vector(m)?;
    let total = size * n as u64;
    let values = s
        .get(1..1 + n * k)
        .ok_or_else(|| Fault::malformed(key, "too few operands"))?;
    Reach::new(&space, s[0], total, total, key)?.store(memories, |b| {
        crate::sem::memory::write_vector(b, n, size, values)
    })?;
    match s.get(1 + n * k) {
        Some(&mbar) => complete_bytes(memories, &space, mbar, total, key),
        None => Ok(()),
    }
}

/// `red.async`: `b` (slot 1) combined by `.op` into the `.type` value at
/// `a` (slot 0), then, when `[mbar]` (slot 2) is given, its bytes'
/// transactions completed on it, as [`async_store`] does.
fn async_reduce(m: &Mods, s: &[u64], memories: &mut Memories<'_>) -> SemResult {
    let key = "red.async";
    let space = async_space(m);
    let ty = m.ty(0).ok_or_else(|| Fault::malformed(key, "no type"))?;
    let op = tensor::reduction(m).ok_or_else(|| Fault::malformed(key, "no reduction"))?;
    let width = u64::from(ty.bits() / 8);
    let b = s
        .get(1)
        .ok_or_else(|| Fault::malformed(key, "too few operands"))?
        .to_le_bytes();
    let kind = tensor::Kind::of_type(ty);
    Reach::new(&space, s[0], width, width, key)?.write(memories, |old| {
        tensor::reduce(op, kind, old, &b[..width as usize], key)
    })??;
    match s.get(2) {
        Some(&mbar) => complete_bytes(memories, &space, mbar, width, key),
        None => Ok(()),
    }
}

/// `cp.reduce.async.bulk.dst.src.op.type [dst], [src], size{, [mbar]}`:
/// each `.type` element of the `size` bytes at `src` combined by `.op`
/// into the one at `dst` (global memory in a bulk group, or another CTA's
/// shared memory completing the bytes on `[mbar]`, in its CTA).
fn bulk_reduce(m: &Mods, s: &[u64], memories: &mut Memories<'_>) -> SemResult {
    let key = "cp.reduce.async.bulk";
    let (dst, src, size) = (s[0], s[1], s[2]);
    let (dst_mods, src_mods) = direction(m, key)?;
    let ty = m.ty(0).ok_or_else(|| Fault::malformed(key, "no type"))?;
    let op = tensor::reduction(m).ok_or_else(|| Fault::malformed(key, "no reduction"))?;
    let data = Reach::new(&src_mods, src, size, 16, key)?.read(memories, <[u8]>::to_vec)?;
    let width = u64::from(ty.bits() / 8).max(1);
    let kind = tensor::Kind::of_type(ty);
    Reach::new(&dst_mods, dst, size, 16, key)?.write(memories, |bytes| {
        bytes
            .chunks_exact_mut(width as usize)
            .zip(data.chunks_exact(width as usize))
            .try_for_each(|(old, new)| tensor::reduce(op, kind, old, new, key))
    })??;
    complete_bytes(
        memories,
        &dst_mods,
        s.get(3).copied().unwrap_or(0),
        size,
        key,
    )
}
