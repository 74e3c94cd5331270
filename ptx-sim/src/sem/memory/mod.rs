//! Memory instructions, the family of `ptx_core`'s `table/memory.rs`:
//! `ld`/`st` ([this module](self)), `atom`/`red` ([`atomic`]) on the
//! running CTA's shared memory, on the launch's global buffers, and (`ld`
//! only: both are read-only) on its constant buffers and kernel parameters
//! ([`crate::lane::LaunchMemory`]); generic addresses, `cvta` and `isspacep`
//! ([`address`]). Every access is bounds- and alignment-checked, and every
//! warp-wide access of shared memory is counted by the bank model
//! ([`crate::memory::banks`]).

pub mod address;
pub mod atomic;

pub use address::{cvta, cvta_to, isspacep};
pub use atomic::{atom, atom_cas, built_as_loop, red};

use crate::exec::{SemResult, elem_bytes, lanes_of, slots_per};
use crate::fault::Fault;
use crate::lane::{Lane, WarpCall};
use crate::memory::banks::RequestKind;
use crate::memory::cluster_address::cta_offset;
use crate::memory::place::{Place, place};
use crate::memory::window::{PARAM_WINDOW, window_offset};
use crate::sem::rendezvous::converged;
use address::{Reach, check_access, shared_offset, store_bytes};
use ptx_core::Semantics;
use ptx_core::{Mods, SharedScope, StateSpace};

/// `prefetch`, `prefetchu`, `prefetch.tensormap`, `cp.async.bulk.prefetch`,
/// `applypriority` and `discard`: hints to the caches, which the simulator
/// does not model. None changes a value the program can read (`discard`
/// leaves the bytes indeterminate, and keeping them is one of the values
/// they may have), and none faults on the GPU for an address it cannot
/// reach, so each runs as a no-op without touching memory.
///
/// ```
/// use ptx_core::{Mods, Semantics};
/// use ptx_sim::lane::Outside;
/// // prefetch.global.L2 [a], with `a` an address in no buffer at all.
/// let mut slots = [0xdead_0000];
/// let prefetch = ptx_sim::sem::run(&mut Outside::default(), Semantics::Prefetch, &Mods::default(), &mut slots);
/// assert_eq!(prefetch, Ok(()));
/// ```
#[inline]
pub fn cache_hint(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}

/// `createpolicy.fractional.primary{.secondary}.b64 policy{, fraction}`:
/// the 64-bit L2 cache policy the H100 makes for a fraction of the lines
/// an access touches, as measured for every priority pair and 13 fractions
/// (`tests/data/hints/hint_probe_h100.jsonl`, `tools/generators/hint-probe`): bits
/// 60-63 hold 1, bit 59 0 (a range policy has 1), bits 57-58 the primary
/// priority (`evict_unchanged` 0, `evict_first` 1, `evict_last` 2,
/// `evict_normal` 3), bit 56 the secondary (`evict_first` 1, else 0),
/// bits 52-55 the fraction in sixteenths, `ceil(16 f) - 1` and at least 0
/// (1.0 when no fraction is written), the rest 0.
///
/// A fraction left out reads as 0 bits, as a written `+0.0` does; the ISA
/// allows fractions in (0, 1] only, so both are taken as left out (1.0),
/// where the H100 gives `+0.0` 0 sixteenths.
///
/// ```
/// use ptx_core::{Target, check_asm, Mods};
/// let checked = check_asm("createpolicy.fractional.L2::evict_last.b64 %0, %1;", &["=l", "f"],
///     Target::default()).unwrap();
/// let m = Mods::from_bound(&checked.instructions[0].bound);
/// let mut slots = [0, u64::from(0.5f32.to_bits())];
/// ptx_sim::sem::memory::createpolicy_fractional(&m, &mut slots).unwrap();
/// assert_eq!(slots[0], 0x1470_0000_0000_0000);
/// ```
pub fn createpolicy_fractional(m: &Mods, slots: &mut [u64]) -> SemResult {
    use ptx_core::Keyword;
    let priority = |k: Option<Keyword>| match k {
        Some(Keyword::L2EvictFirst) => 1,
        Some(Keyword::L2EvictLast) => 2,
        Some(Keyword::L2EvictNormal) => 3,
        _ => 0,
    };
    let primary: u64 = priority(m.keywords[0]);
    let secondary = u64::from(m.keywords[1] == Some(Keyword::L2EvictFirst));
    let fraction = match slots.get(1) {
        Some(&bits) if bits != 0 => f32::from_bits(bits as u32),
        _ => 1.0,
    };
    let sixteenths = ((fraction * 16.0).ceil() - 1.0).clamp(0.0, 15.0) as u64;
    slots[0] = 1 << 60 | primary << 57 | secondary << 56 | sixteenths << 52;
    Ok(())
}

/// `createpolicy.cvt.L2.b64 policy, access_property`: the H100 gives the
/// access property back unchanged (6 of 6 values measured, from 0 to all
/// ones: `tests/data/hints/hint_probe_h100.jsonl`).
pub fn createpolicy_cvt(_: &Mods, slots: &mut [u64]) -> SemResult {
    slots[0] = slots[1];
    Ok(())
}

pub(super) fn read_le(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0, |acc, &b| acc << 8 | u64::from(b))
}

pub(super) fn write_le(bytes: &mut [u8], v: u64) {
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (v >> (8 * i)) as u8;
    }
}

/// Reads a value of `size` bytes at `at` into `out` (two slots for 16 bytes).
pub(super) fn read_value(mem: &[u8], at: usize, size: usize, out: &mut [u64]) {
    for (k, d) in out.iter_mut().enumerate().take(slots_per(size as u64)) {
        let o = at + 8 * k;
        *d = read_le(&mem[o..o + size.min(8)]);
    }
}

/// Writes a value of `size` bytes at `at` from `v` (two slots for 16 bytes).
pub(super) fn write_value(mem: &mut [u8], at: usize, size: usize, v: &[u64]) {
    for (k, x) in v.iter().enumerate().take(slots_per(size as u64)) {
        let o = at + 8 * k;
        write_le(&mut mem[o..o + size.min(8)], *x);
    }
}

/// `ld{.space}{.vec}.type d, [a]`: the vector's elements are consecutive;
/// the whole vector must be aligned to its size. A load from shared memory
/// is warp-wide (its lanes make one request of the banks); the others load
/// at once.
#[inline]
pub fn ld<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    load(lane, Semantics::Ld, m, s)
}

/// `ld.global.nc{.vec}.type d, [a]`, as `ld`.
#[inline]
pub fn ld_nc<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    load(lane, Semantics::LdNc, m, s)
}

/// `ldu{.space}{.vec}.type d, [a]`, as `ld`.
#[inline]
pub fn ldu<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    load(lane, Semantics::Ldu, m, s)
}

/// A load of semantic function `sem` (see [`ld`]).
#[inline(always)]
fn load<L: Lane>(lane: &mut L, sem: Semantics, m: &Mods, s: &mut [u64]) -> SemResult {
    let (n, size, k) = vector(m)?;
    let addr = *s
        .get(n * k)
        .ok_or_else(|| Fault::malformed("ld", "no address"))?;
    let total = size * n as u64;
    let span = Reach::new(m, addr, total, total, sem.key())?;
    if span.place.is_shared() {
        return converged(lane, sem, m, s, ld_warp);
    }
    let local = matches!(span.place, Place::Local(_));
    lane.with_own_memories(local, |memories| {
        span.read(memories, |mem| read_vector(mem, n, size, s))
    })
    .map_err(|f| naming_lane(lane, f))
}

/// `(elements, bytes per element, slots per element)` of a vector access.
pub(crate) fn vector(m: &Mods) -> Result<(usize, u64, usize), Fault> {
    let size = elem_bytes(m)?;
    Ok((usize::from(m.count.max(1)), size, slots_per(size)))
}

/// Reads `n` consecutive values of `size` bytes from `mem` into `out`.
fn read_vector(mem: &[u8], n: usize, size: u64, out: &mut [u64]) {
    let k = slots_per(size);
    for i in 0..n {
        read_value(mem, i * size as usize, size as usize, &mut out[i * k..]);
    }
}

/// Writes the `n` elements of `size` bytes each that `values` hold (as
/// many slots each as [`slots_per`] says) to `mem`.
pub(crate) fn write_vector(mem: &mut [u8], n: usize, size: u64, values: &[u64]) {
    let k = slots_per(size);
    for i in 0..n {
        write_value(
            mem,
            i * size as usize,
            size as usize,
            &values[i * k..(i + 1) * k],
        );
    }
}

/// A warp's load from shared memory: each member lane reads its vector,
/// and the lanes' vectors are one request of the banks.
pub fn ld_warp(call: &mut WarpCall<'_>) -> SemResult {
    let m = call.mods;
    let (n, size, k) = vector(&m)?;
    let total = size * n as u64;
    let mut request = [(0u32, 0u64, 0u64); 32];
    let mut requested = 0;
    if let (Some(StateSpace::Shared(SharedScope::Default | SharedScope::Cta)), 1, ..=8) =
        (m.space, n, size)
    {
        // A scalar `ld.shared`, the common case: each lane's bytes straight
        // from the CTA's shared memory (what the general path below does
        // through the address's place).
        let shared = &*call.memory.shared;
        let own = call.memory.peers.rank();
        for l in lanes_of(call.members) {
            let s = &mut call.lanes[l];
            let at = check_access(shared.len(), cta_offset(s[1], own), size, size, call.key)
                .map_err(|f| f.on_lane(l as u32))?;
            s[0] = read_le(&shared[at..at + size as usize]);
            request[requested] = (l as u32, at as u64, total);
            requested += 1;
        }
        call.record_request(&request[..requested], RequestKind::Load);
        return Ok(());
    }
    if let (Some(StateSpace::Global), 1, ..=8, Some(launch)) =
        (m.space, n, size, call.memory.launch)
    {
        // A scalar `ld.global`: the lanes read together (what
        // the general path below does lane by lane), unless a lane reads
        // the kernel's parameters through their global window.
        let mut at = [(0u32, 0u64); 32];
        let mut count = 0;
        for l in lanes_of(call.members) {
            at[count] = (l as u32, call.lanes[l][1]);
            count += 1;
        }
        let at = &at[..count];
        if at
            .iter()
            .all(|&(_, a)| window_offset(a, PARAM_WINDOW).is_none())
        {
            let lanes = &mut *call.lanes;
            return launch
                .global
                .read_lanes(at, size, size, call.key, |l, bytes| {
                    lanes[l as usize][0] = read_le(bytes);
                });
        }
    }
    for l in lanes_of(call.members) {
        let s = &mut call.lanes[l];
        let addr = s[n * k];
        let span = Reach::new(&m, addr, total, total, call.key)?;
        if let Some(at) = span.place.own_shared(call.memory.peers.rank()) {
            request[requested] = (l as u32, at, total);
            requested += 1;
        }
        span.read(&mut call.memory.lane(l), |mem| read_vector(mem, n, size, s))
            .map_err(|f| f.on_lane(l as u32))?;
    }
    call.record_request(&request[..requested], RequestKind::Load);
    Ok(())
}

/// Names `lane` in `fault`, a fault of its own access, as the warp-wide
/// accesses name theirs (`st (lane 3): ...`); outside a launch, `fault`
/// as it is.
#[cold]
fn naming_lane<L: Lane>(lane: &L, fault: Fault) -> Fault {
    match lane.thread() {
        Some(thread) => fault.on_lane(thread.lane),
        None => fault,
    }
}

/// `st{.space}{.vec}.type [a], b`: the lanes of a warp store together;
/// where several write the same bytes, the lowest lane's value stays
/// (recorded: `st.shared.u8` and `st.shared.b32` with colliding addresses).
#[inline]
pub fn st<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    if let Place::Local(_) = place(m, s[0], "st")? {
        // A thread's own memory: nothing to order against other lanes.
        let n = usize::from(m.count.max(1));
        let size = elem_bytes(m)?;
        let total = size * n as u64;
        return lane.with_own_memories(true, |memories| {
            store_bytes(memories, m, s[0], total, total, "st", |mem| {
                write_vector(mem, n, size, &s[1..])
            })
        });
    }
    converged(lane, Semantics::St, m, s, st_warp)
}

/// A warp's store: the member lanes' values land in reverse lane order, so
/// that where several write the same bytes, the lowest lane's value stays;
/// the lanes' shared-memory stores are one request of the banks.
pub fn st_warp(call: &mut WarpCall<'_>) -> SemResult {
    let m = call.mods;
    let (n, size, _) = vector(&m)?;
    let total = size * n as u64;
    let own = call.memory.peers.rank();
    let request: Vec<(u32, u64, u64)> = lanes_of(call.members)
        .filter_map(|l| shared_offset(&m, call.lanes[l][0], own).map(|at| (l as u32, at, total)))
        .collect();
    call.record_request(&request, RequestKind::Store);
    // Highest lane first, so that the lowest of lanes storing to the same
    // bytes is the one left.
    for l in (0..32).rev().filter(|&l| call.members >> l & 1 == 1) {
        let s = &call.lanes[l];
        store_bytes(
            &mut call.memory.lane(l),
            &m,
            s[0],
            total,
            total,
            "st",
            |mem| write_vector(mem, n, size, &s[1..]),
        )
        .map_err(|f| f.on_lane(l as u32))?;
    }
    Ok(())
}
