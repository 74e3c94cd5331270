//! `cp.async`: copies from global to shared memory with their commit and
//! wait groups.
//!
//! The model: a copy completes when it is issued. The PTX ISA lets a copy
//! complete at any time before the `cp.async.wait_group`/`wait_all` that
//! covers it, so this is one of the executions the hardware may show; the
//! groups then have nothing left to wait for. The copy itself is exact: `size`
//! bytes land at the shared address, the bytes past a smaller source size
//! (or all of them with a true ignore-source predicate) are zeros, and both
//! addresses must be aligned to the copy size (errors name the address).

use crate::exec::SemResult;
use crate::fault::Fault;
use crate::machine::current;
use crate::sem::memory::address::{Memories, Reach, check_access};
use ptx_core::{Mods, Semantics, StateSpace};

/// `cp.async.ca/cg.shared.global [dst], [src], size`.
#[inline]
pub fn cp_async(_: &Mods, s: &mut [u64]) -> SemResult {
    in_running_lane(Semantics::CpAsync, s)
}

/// `cp.async... [dst], [src], size, src_size`: bytes past `src_size` are zeros.
#[inline]
pub fn cp_async_src_size(_: &Mods, s: &mut [u64]) -> SemResult {
    in_running_lane(Semantics::CpAsyncSrcSize, s)
}

/// `cp.async... [dst], [src], size, ignore_src`: a true predicate copies zeros.
#[inline]
pub fn cp_async_ignore_src(_: &Mods, s: &mut [u64]) -> SemResult {
    in_running_lane(Semantics::CpAsyncIgnoreSrc, s)
}

/// The copy of `sem` by the running lane of a launch, into its CTA's
/// shared memory.
fn in_running_lane(sem: Semantics, s: &[u64]) -> SemResult {
    current::with_lane(|cta, _| {
        let mut shared = cta.shared.borrow_mut();
        copy(sem, s, &mut Memories::of_running_lane(&mut shared))
    })
    .unwrap_or(Err(Fault::NeedsLaunch {
        instruction: "cp.async",
        memory: None,
    }))
}

/// The copy of `cp.async` form `sem` with slots `s` (`[dst], [src], size,
/// {src_size | ignore_src}`): `size` bytes land at shared offset `dst`,
/// the first of them read from global address `src` (all of them, the
/// first `src_size`, or none for a true `ignore_src`), the rest zeros.
pub(crate) fn copy(sem: Semantics, s: &[u64], memories: &mut Memories<'_>) -> SemResult {
    let (dst, src, size) = (s[0], s[1], s[2]);
    let src_bytes = match sem {
        Semantics::CpAsyncSrcSize => s[3].min(size),
        Semantics::CpAsyncIgnoreSrc if s[3] != 0 => 0,
        _ => size,
    };
    let mut data = vec![0u8; size as usize];
    if src_bytes > 0 {
        let global = Mods {
            space: Some(StateSpace::Global),
            ..Mods::default()
        };
        Reach::new(&global, src, src_bytes, size, "cp.async")?.read(memories, |bytes| {
            data[..bytes.len()].copy_from_slice(bytes);
        })?;
    }
    let shared = &mut *memories.shared;
    let at = check_access(shared.len(), dst, size, size, "cp.async")?;
    shared[at..at + size as usize].copy_from_slice(&data);
    Ok(())
}

/// `cp.async.commit_group`, `cp.async.wait_group N`, `cp.async.wait_all`:
/// every copy has completed already.
#[inline]
pub fn group(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}
