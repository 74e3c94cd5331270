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
use crate::sem::memory::address::check_access;
use ptx_core::Mods;

/// `cp.async.ca/cg.shared.global [dst], [src], size`.
#[inline]
pub fn cp_async(m: &Mods, s: &mut [u64]) -> SemResult {
    copy(m, s, s[2])
}

/// `cp.async... [dst], [src], size, src_size`: bytes past `src_size` are zeros.
#[inline]
pub fn cp_async_src_size(m: &Mods, s: &mut [u64]) -> SemResult {
    copy(m, s, s[3].min(s[2]))
}

/// `cp.async... [dst], [src], size, ignore_src`: a true predicate copies zeros.
#[inline]
pub fn cp_async_ignore_src(m: &Mods, s: &mut [u64]) -> SemResult {
    copy(m, s, if s[3] != 0 { 0 } else { s[2] })
}

/// Copies `src_bytes` bytes from global `s[1]` to shared `s[0]` and zero
/// fills the rest of the `s[2]` bytes.
fn copy(_: &Mods, s: &[u64], src_bytes: u64) -> SemResult {
    let (dst, src, size) = (s[0], s[1], s[2]);
    let mut data = vec![0u8; size as usize];
    if src_bytes > 0 {
        let memory =
            crate::machine::spaces::current("cp.async", crate::machine::spaces::Space::Global)?;
        memory
            .global
            .access(src, src_bytes, size, "cp.async", |bytes| {
                data[..bytes.len()].copy_from_slice(bytes);
            })?;
    }
    current::with_lane(|cta, _| {
        let mut shared = cta.shared.borrow_mut();
        let at = check_access(shared.len(), dst, size, size, "cp.async")?;
        shared[at..at + size as usize].copy_from_slice(&data);
        Ok(())
    })
    .unwrap_or(Err(Fault::NeedsLaunch {
        instruction: "cp.async",
        memory: None,
    }))
}

/// `cp.async.commit_group`, `cp.async.wait_group N`, `cp.async.wait_all`:
/// every copy has completed already.
#[inline]
pub fn group(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}
