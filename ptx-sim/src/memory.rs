//! Memory instructions: `ld`/`st`/`atom`/`red` on the running CTA's shared
//! memory, on the launch's global buffers, and (`ld` only: both are
//! read-only) on its constant buffers and kernel parameters
//! ([`crate::global`]), generic addresses, `cvta` and `isspacep`, every
//! access bounds- and alignment-checked, and the bank model that counts
//! wavefronts and conflicts of warp-wide shared-memory requests.
//!
//! Addresses in the `.shared` space are byte offsets from the start of the
//! CTA's shared memory (what the golden records' address operands hold);
//! generic addresses see it at [`SHARED_WINDOW`]. The thread's `.local`
//! memory is private (grown as used, up to 512 KiB) and appears at
//! [`LOCAL_WINDOW`]. `.const` addresses reach the launch's constant
//! buffers, laid out from 0 (where the H100 puts the first `__constant__`
//! array, `tools/const-param-probe`), and appear at [`CONST_WINDOW`];
//! `.param` addresses are byte offsets into the kernel's parameters, which
//! appear at [`PARAM_WINDOW`].
//!
//! # Bank model
//!
//! Shared memory has 32 banks of 4 bytes: byte address `a` is in bank
//! `(a / 4) % 32`. A request is served in wavefronts; one wavefront reads
//! at most one distinct 4-byte word from each bank, so a set of accesses
//! takes as many wavefronts as the largest number of distinct words any
//! one bank holds among them (and at least one per 128 bytes they cover:
//! the ideal). Conflicts are the wavefronts beyond the ideal. What an H100
//! does (Nsight Compute: `tests/data/bank_conflicts_h100.tsv`, made by
//! `tools/bank-probe`) adds rules for warp instructions ([`warp_request`]):
//!
//! * lanes that access 8 bytes each are served a half-warp at a time
//!   (lanes 0-15, then 16-31), lanes of 16 bytes a quarter-warp at a time,
//!   each part counted on its own: 16 bytes a lane, 96 bytes between
//!   pairs of lanes, take 8 wavefronts where the whole warp's banks would
//!   allow 4;
//! * a load's parts are served two at a time (the halves of an 8-byte
//!   load, quarters 0 and 1 and quarters 2 and 3 of a 16-byte one) when
//!   every such pair of parts reads the same addresses, else each on its
//!   own: `ld.shared.v4` of one address from every lane takes 2
//!   wavefronts (a store, 4), but 31 lanes at one address and one at
//!   another take 5;
//! * atomics are served lane by lane within a bank: lanes at the same
//!   word take turns instead of sharing it (32 lanes adding to one word:
//!   32 wavefronts), and `atom.cas` takes two wavefronts a turn.
//!
//! `ldmatrix`/`stmatrix` make one request per warp instruction, each 8×8
//! matrix of it eight 16-byte rows, ideally one wavefront.
//!
//! Every warp-wide access of shared memory is counted in the launch's
//! [`crate::launch::SharedStats`] under the instruction's key: `ld`, `st`,
//! `atom`, `atom.cas` and `red` (the lanes whose address is in shared
//! memory), `ldmatrix` and `stmatrix`, and the `wmma` loads and stores
//! (see [`crate::wmma`]). So that a load's lanes are counted together, a
//! load from shared memory is a warp-wide access like a store: the lanes of
//! a warp that reach it together load at once.
//!
//! ```
//! use ptx_sim::memory::{Access, warp_request, wavefronts};
//! // Eight 16-byte rows 128 bytes apart all fall on banks 0-3: 8 wavefronts.
//! let rows: Vec<(u64, u64)> = (0..8).map(|r| (r * 128, 16)).collect();
//! assert_eq!(wavefronts(&rows), (8, 1));
//! // Eight consecutive rows cover all 32 banks once: 1 wavefront.
//! let rows: Vec<(u64, u64)> = (0..8).map(|r| (r * 16, 16)).collect();
//! assert_eq!(wavefronts(&rows), (1, 1));
//! // 16 bytes a lane, 32 bytes apart: each quarter-warp's eight lanes
//! // cover banks 0-3, 8-11, 16-19, 24-27 twice: 2 wavefronts each, 4
//! // more than the 4 that 512 bytes take.
//! let v4: Vec<(u32, u64, u64)> = (0..32).map(|l| (l, 32 * u64::from(l), 16)).collect();
//! assert_eq!(warp_request(&v4, Access::Load), (8, 4));
//! // 31 lanes read 16 bytes at 0, lane 31 at 256: the quarters are served
//! // one by one, the last in 2 wavefronts (banks 0-3 twice).
//! let odd: Vec<(u32, u64, u64)> = (0..32).map(|l| (l, if l == 31 { 256 } else { 0 }, 16)).collect();
//! assert_eq!(warp_request(&odd, Access::Load), (5, 1));
//! // Every lane adds to the same word: the lanes take turns.
//! let one: Vec<(u32, u64, u64)> = (0..32).map(|l| (l, 0, 4)).collect();
//! assert_eq!(warp_request(&one, Access::Atomic), (32, 31));
//! ```

use crate::exec::{Fault, SemResult};
use crate::global::{
    CONST_WINDOW, LOCAL_LIMIT, LOCAL_WINDOW, PARAM_WINDOW, SHARED_WINDOW, Space, current,
    window_offset,
};
use crate::launch::current as lane;
use crate::launch::{Wait, WaitKind, WarpCall, WarpFn, lanes_of};
use crate::registry::Sem;
use ptx_core::{Keyword, Mods, ParamScope, ScalarType, StateSpace};

/// `(wavefronts, ideal)` of `(address, bytes)` accesses served together:
/// the most distinct words any one bank holds, at least one per 128 bytes.
pub fn wavefronts(accesses: &[(u64, u64)]) -> (u64, u64) {
    let mut words: Vec<u64> = accesses
        .iter()
        .flat_map(|&(a, n)| (a / 4..(a + n).div_ceil(4)).collect::<Vec<_>>())
        .collect();
    words.sort_unstable();
    words.dedup();
    let mut per_bank = [0u64; 32];
    for w in &words {
        per_bank[(w % 32) as usize] += 1;
    }
    let bytes = words.len() as u64 * 4;
    let ideal = bytes.div_ceil(128).max(1);
    let worst = per_bank.iter().copied().max().unwrap_or(0);
    (worst.max(ideal), ideal)
}

/// What a warp instruction does with the shared memory it addresses, for
/// the bank model ([`warp_request`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// A load (`ld`, a `wmma` load).
    Load,
    /// A store (`st`, a `wmma` store).
    Store,
    /// A native atomic (`atom`, `red`): lanes at the same word take turns.
    Atomic,
    /// `atom.cas`: as [`Access::Atomic`], each turn taking two wavefronts.
    CompareAndSwap,
}

/// `(wavefronts, conflicts)` of one warp instruction's request of shared
/// memory: `accesses` are `(lane, address, bytes)`, a lane's bytes its
/// whole access (a vector, a `wmma` core's elements). See the bank model
/// in the module documentation:
///
/// * lanes of 4 bytes or fewer each are served together; of 8 bytes, a
///   half-warp at a time (lanes 0-15, then 16-31); of 16 bytes, a quarter
///   at a time; each part counted on its own;
/// * a load's parts are served in pairs when every pair's two parts read
///   the same addresses;
/// * an atomic's lanes at one word take a turn each; `cas` takes two
///   wavefronts a turn.
pub fn warp_request(accesses: &[(u32, u64, u64)], access: Access) -> (u64, u64) {
    let mut per_lane = [0u64; 32];
    for &(lane, _, bytes) in accesses {
        per_lane[lane as usize % 32] += bytes;
    }
    let width = per_lane.iter().copied().max().unwrap_or(0);
    // Parts of the warp, each served on its own.
    let part = match width {
        0..=4 => 32,
        5..=8 => 16,
        _ => 8,
    };
    let phase = |p: u32| -> Vec<(u64, u64)> {
        let lanes = p * part..(p + 1) * part;
        accesses
            .iter()
            .filter(|a| lanes.contains(&a.0))
            .map(|&(_, addr, bytes)| (addr, bytes))
            .collect()
    };
    let count = |phase: &[(u64, u64)]| -> (u64, u64) {
        if phase.is_empty() {
            return (0, 0);
        }
        match access {
            Access::Atomic | Access::CompareAndSwap => turns(phase),
            Access::Load | Access::Store => wavefronts(phase),
        }
    };
    let addresses = |phase: &[(u64, u64)]| -> Vec<(u64, u64)> {
        let mut set = phase.to_vec();
        set.sort_unstable();
        set.dedup();
        set
    };
    let parts = 32 / part;
    let phases: Vec<Vec<(u64, u64)>> = (0..parts).map(phase).collect();
    // A load's parts are served in pairs only when every pair's two parts
    // access the same addresses.
    let paired = access == Access::Load
        && parts > 1
        && phases
            .chunks(2)
            .all(|pair| addresses(&pair[0]) == addresses(&pair[1]));
    let served = if paired { 2 } else { 1 };
    let (mut waves, mut ideal) = (0, 0);
    for p in phases.iter().step_by(served) {
        let (w, i) = count(p);
        waves += w;
        ideal += i;
    }
    let conflicts = waves - ideal;
    if access == Access::CompareAndSwap {
        return (2 * waves, conflicts);
    }
    (waves, conflicts)
}

/// [`wavefronts`] for atomics: every access's words count, those of lanes
/// at the same word too.
fn turns(accesses: &[(u64, u64)]) -> (u64, u64) {
    let mut per_bank = [0u64; 32];
    for &(a, n) in accesses {
        for w in a / 4..(a + n).div_ceil(4) {
            per_bank[(w % 32) as usize] += 1;
        }
    }
    let (_, ideal) = wavefronts(accesses);
    let worst = per_bank.iter().copied().max().unwrap_or(0);
    (worst.max(ideal), ideal)
}

/// Checks that `[addr, addr + size)` lies in a shared memory of `len`
/// bytes and is aligned to `align`.
pub fn check_access(
    len: usize,
    addr: u64,
    size: u64,
    align: u64,
    what: &str,
) -> Result<usize, Fault> {
    if align > 1 && !addr.is_multiple_of(align) {
        return Err(Fault::new(format!(
            "{what}: shared address {addr:#x} is not aligned to {align} bytes"
        )));
    }
    match addr.checked_add(size) {
        Some(end) if end <= len as u64 => Ok(addr as usize),
        _ => Err(Fault::new(format!(
            "{what}: shared address {addr:#x} (+{size} bytes) is outside the CTA's {len} bytes of shared memory"
        ))),
    }
}

/// Where an instruction's address points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// A byte offset into the CTA's shared memory.
    Shared(u64),
    /// A global device address.
    Global(u64),
    /// A byte offset into the running thread's local memory.
    Local(u64),
    /// A `.const` address: into the launch's constant buffers.
    Constant(u64),
    /// A `.param` address: into the kernel's parameters.
    Param(u64),
}

/// A generic window: where it starts, and the place an offset into it is.
type Window = (u64, fn(u64) -> Place);

/// The spaces that appear among generic addresses as windows; every other
/// generic address is global.
const WINDOWS: [Window; 4] = [
    (SHARED_WINDOW, Place::Shared),
    (LOCAL_WINDOW, Place::Local),
    (CONST_WINDOW, Place::Constant),
    (PARAM_WINDOW, Place::Param),
];

/// Where the generic window of `space` starts, if it has one (`.global`
/// addresses are generic already).
fn window_base(space: StateSpace) -> Option<u64> {
    match space {
        StateSpace::Shared(_) => Some(SHARED_WINDOW),
        StateSpace::Local => Some(LOCAL_WINDOW),
        StateSpace::Const => Some(CONST_WINDOW),
        StateSpace::Param(ParamScope::Default | ParamScope::Entry) => Some(PARAM_WINDOW),
        _ => None,
    }
}

/// Where generic address `addr` points: the window it falls in, or global
/// memory.
fn generic_place(addr: u64) -> Place {
    WINDOWS
        .iter()
        .find_map(|&(base, place)| window_offset(addr, base).map(place))
        .unwrap_or(Place::Global(addr))
}

/// Where address `addr` of an instruction with modifiers `m` points: its
/// state space, or for a generic address the window it falls in.
///
/// `.param` is the kernel's parameters (`.param::entry`): a `ptx!`
/// statement runs in the kernel itself. The kernel parameter window lies
/// inside the global window (PTX ISA, "State Spaces"), so a `.global`
/// address there reaches the parameters too.
fn place(m: &Mods, addr: u64, what: &str) -> Result<Place, Fault> {
    match m.space {
        None => Ok(generic_place(addr)),
        Some(StateSpace::Shared(_)) => Ok(Place::Shared(addr)),
        Some(StateSpace::Global) => {
            Ok(window_offset(addr, PARAM_WINDOW).map_or(Place::Global(addr), Place::Param))
        }
        Some(StateSpace::Local) => Ok(Place::Local(addr)),
        Some(StateSpace::Const) => Ok(Place::Constant(addr)),
        Some(StateSpace::Param(ParamScope::Func)) => Err(Fault::new(format!(
            "`{what}`: .param::func is a device function's own parameters, which a ptx! statement, running in the kernel itself, does not have; the kernel's parameters (`Launch::params`) are .param::entry, read with `ld.param`"
        ))),
        Some(StateSpace::Param(_)) => Ok(Place::Param(addr)),
        space => Err(space_not_simulated(what, space)),
    }
}

/// Runs `f` on the `size` bytes at `addr` (aligned to `align`), to be
/// written: see [`Span::write`].
pub(crate) fn with_bytes<R>(
    shared: &mut [u8],
    m: &Mods,
    addr: u64,
    size: u64,
    align: u64,
    what: &str,
    f: impl FnOnce(&mut [u8]) -> R,
) -> Result<R, Fault> {
    Span::new(m, addr, size, align, what)?.write(shared, f)
}

/// One access of an instruction: `size` bytes at address `addr` (aligned
/// to `align`), which point at `place`; `what` names the instruction in
/// errors.
pub(crate) struct Span<'a> {
    place: Place,
    addr: u64,
    size: u64,
    align: u64,
    what: &'a str,
}

impl<'a> Span<'a> {
    /// The access of `size` bytes at `addr` by an instruction with
    /// modifiers `m`.
    pub(crate) fn new(
        m: &Mods,
        addr: u64,
        size: u64,
        align: u64,
        what: &'a str,
    ) -> Result<Span<'a>, Fault> {
        Ok(Span {
            place: place(m, addr, what)?,
            addr,
            size,
            align,
            what,
        })
    }

    /// Runs `f` on the bytes, to be written: in `shared` (the CTA's shared
    /// memory), in the launch's global memory or in the thread's local
    /// memory. Constant memory and kernel parameters are read-only: an
    /// address there is an error.
    pub(crate) fn write<R>(
        &self,
        shared: &mut [u8],
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<R, Fault> {
        let Span {
            addr,
            size,
            align,
            what,
            ..
        } = *self;
        match self.place {
            Place::Shared(offset) => {
                let at = check_access(shared.len(), offset, size, align, what)?;
                Ok(f(&mut shared[at..at + size as usize]))
            }
            Place::Global(addr) => current(what, Space::Global)?
                .global
                .access(addr, size, align, what, f),
            Place::Local(offset) => with_local(offset, size, align, what, f),
            Place::Constant(_) => Err(Fault::new(format!(
                "{what}: constant memory is read-only: {addr:#x} is a constant-space address (where `Launch::constant` puts its buffers); store to a global buffer (`Launch::global`) instead"
            ))),
            Place::Param(_) => Err(Fault::new(format!(
                "{what}: kernel parameters are read-only: {addr:#x} is a kernel-parameter address (where `Launch::params` puts them), and `st.param` stores only to a device function's own parameters (.param::func), which a ptx! statement, running in the kernel itself, does not have; keep the value in a register, or in .local or .global memory"
            ))),
        }
    }

    /// Runs `f` on the bytes, to be read: anywhere [`Span::write`]
    /// reaches, and in the launch's constant memory and kernel parameters.
    pub(crate) fn read<R>(
        &self,
        shared: &mut [u8],
        f: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, Fault> {
        let Span {
            size, align, what, ..
        } = *self;
        match self.place {
            Place::Constant(at) => current(what, Space::Constant)?
                .constant
                .read(at, size, align, what, f),
            Place::Param(at) => current(what, Space::Param)?
                .params
                .read(at, size, align, what, f),
            _ => self.write(shared, |bytes| f(bytes)),
        }
    }
}

/// Runs `f` on the `size` bytes at `offset` of the running thread's local
/// memory, growing it (zeroed) up to [`LOCAL_LIMIT`].
fn with_local<R>(
    offset: u64,
    size: u64,
    align: u64,
    what: &str,
    f: impl FnOnce(&mut [u8]) -> R,
) -> Result<R, Fault> {
    if align > 1 && !offset.is_multiple_of(align) {
        return Err(Fault::new(format!(
            "{what}: local address {offset:#x} is not aligned to {align} bytes"
        )));
    }
    let end = offset
        .checked_add(size)
        .filter(|&end| end <= LOCAL_LIMIT)
        .ok_or_else(|| {
            Fault::new(format!(
                "{what}: local address {offset:#x} (+{size} bytes) is past the {LOCAL_LIMIT} bytes of a thread's local memory"
            ))
        })?;
    lane::with_lane(|cta, index| {
        let mut local = cta.local(index);
        if local.len() < end as usize {
            local.resize(end as usize, 0);
        }
        f(&mut local[offset as usize..end as usize])
    })
    .ok_or_else(|| Fault::new(format!("`{what}` on local memory needs a launch")))
}

/// Runs `f` over the running lane's CTA shared memory.
fn with_shared<R>(
    what: &str,
    f: impl FnOnce(&mut Vec<u8>) -> Result<R, Fault>,
) -> Result<R, Fault> {
    lane::with_lane(|cta, _| f(&mut cta.shared.borrow_mut())).unwrap_or_else(|| {
        Err(Fault::new(format!(
            "`{what}` on shared memory needs a launch"
        )))
    })
}

fn elem_bytes(m: &Mods) -> Result<u64, Fault> {
    let t = m.ty(0).ok_or_else(|| Fault::new("no type"))?;
    Ok(u64::from(t.bits().max(8) / 8))
}

/// Slots per value: a 128-bit value takes two (low half first).
fn slots_per(bytes: u64) -> usize {
    if bytes > 8 { 2 } else { 1 }
}

fn read_le(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0, |acc, &b| acc << 8 | u64::from(b))
}

fn write_le(bytes: &mut [u8], v: u64) {
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (v >> (8 * i)) as u8;
    }
}

/// Reads a value of `size` bytes at `at` into `out` (two slots for 16 bytes).
fn read_value(mem: &[u8], at: usize, size: usize, out: &mut [u64]) {
    for (k, d) in out.iter_mut().enumerate().take(slots_per(size as u64)) {
        let o = at + 8 * k;
        *d = read_le(&mem[o..o + size.min(8)]);
    }
}

/// Writes a value of `size` bytes at `at` from `v` (two slots for 16 bytes).
fn write_value(mem: &mut [u8], at: usize, size: usize, v: &[u64]) {
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
pub fn ld(m: &Mods, s: &mut [u64]) -> SemResult {
    load(Sem::Ld, m, s)
}

/// `ld.global.nc{.vec}.type d, [a]`, as `ld`.
#[inline]
pub fn ld_nc(m: &Mods, s: &mut [u64]) -> SemResult {
    load(Sem::LdNc, m, s)
}

/// `ldu{.space}{.vec}.type d, [a]`, as `ld`.
#[inline]
pub fn ldu(m: &Mods, s: &mut [u64]) -> SemResult {
    load(Sem::Ldu, m, s)
}

/// A load of semantic function `sem` (see [`ld`]).
#[inline(always)]
fn load(sem: Sem, m: &Mods, s: &mut [u64]) -> SemResult {
    let (n, size, k) = vector(m)?;
    let addr = *s.get(n * k).ok_or_else(|| Fault::new("ld: no address"))?;
    let what = sem.key();
    let total = size * n as u64;
    let span = Span::new(m, addr, total, total, what)?;
    if let Place::Shared(_) = span.place {
        return converged(sem, m, s, ld_warp);
    }
    span.read(&mut [], |mem| read_vector(mem, n, size, s))
        .map_err(|fault| naming_lane(what, fault))
}

/// `(elements, bytes per element, slots per element)` of a vector access.
fn vector(m: &Mods) -> Result<(usize, u64, usize), Fault> {
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

/// A warp's load from shared memory: each member lane reads its vector,
/// and the lanes' vectors are one request of the banks.
fn ld_warp(call: &mut WarpCall<'_>) -> SemResult {
    let m = call.mods;
    let (n, size, k) = vector(&m)?;
    let total = size * n as u64;
    let mut request = Vec::with_capacity(32);
    for l in lanes_of(call.members) {
        let s = &mut call.lanes[l];
        let addr = s[n * k];
        let what = format!("{} (lane {l})", call.key);
        let span = Span::new(&m, addr, total, total, &what)?;
        if let Place::Shared(at) = span.place {
            request.push((l as u32, at, total));
        }
        span.read(call.shared, |mem| read_vector(mem, n, size, s))?;
    }
    record_request(call, &request, Access::Load);
    Ok(())
}

/// The shared-memory offset `addr` of an instruction with modifiers `m`
/// points at, if it points into shared memory.
pub(crate) fn shared_offset(m: &Mods, addr: u64) -> Option<u64> {
    match place(m, addr, "") {
        Ok(Place::Shared(at)) => Some(at),
        _ => None,
    }
}

/// Counts, under the instruction's key, the request one warp instruction
/// makes of shared memory: `(lane, offset, bytes)` for each access its
/// lanes made there (none: no request); see [`warp_request`].
pub(crate) fn record_request(
    call: &mut WarpCall<'_>,
    accesses: &[(u32, u64, u64)],
    access: Access,
) {
    if accesses.is_empty() {
        return;
    }
    let (waves, conflicts) = warp_request(accesses, access);
    call.stats.record(call.key, waves, waves - conflicts);
}

/// Names the running lane in `fault`, a fault of the per-lane access
/// `what` whose message begins `what:`, as the warp-wide accesses name
/// theirs (`st (lane 3): ...`); outside a launch, `fault` as it is.
#[cold]
fn naming_lane(what: &str, fault: Fault) -> Fault {
    let rest = fault
        .message
        .strip_prefix(what)
        .filter(|r| r.starts_with(':'));
    match (lane::identity(), rest) {
        (Some(thread), Some(rest)) => Fault::new(format!("{what} (lane {}){rest}", thread.lane)),
        _ => fault,
    }
}

/// `st{.space}{.vec}.type [a], b`: the lanes of a warp store together;
/// where several write the same bytes, the lowest lane's value stays
/// (recorded: `st.shared.u8` and `st.shared.b32` with colliding addresses).
#[inline]
pub fn st(m: &Mods, s: &mut [u64]) -> SemResult {
    if let Place::Local(_) = place(m, s[0], "st")? {
        // A thread's own memory: nothing to order against other lanes.
        let n = usize::from(m.count.max(1));
        let size = elem_bytes(m)?;
        let k = slots_per(size);
        let total = size * n as u64;
        return with_bytes(&mut [], m, s[0], total, total, "st", |mem| {
            for i in 0..n {
                write_value(
                    mem,
                    i * size as usize,
                    size as usize,
                    &s[1 + i * k..1 + (i + 1) * k],
                );
            }
        });
    }
    converged(Sem::St, m, s, st_warp)
}

fn st_warp(call: &mut WarpCall<'_>) -> SemResult {
    let m = call.mods;
    let (n, size, k) = vector(&m)?;
    let total = size * n as u64;
    let mut members: Vec<usize> = lanes_of(call.members).collect();
    let request: Vec<(u32, u64, u64)> = members
        .iter()
        .filter_map(|&l| shared_offset(&m, call.lanes[l][0]).map(|at| (l as u32, at, total)))
        .collect();
    record_request(call, &request, Access::Store);
    members.reverse();
    for l in members {
        let s = &call.lanes[l];
        with_bytes(
            call.shared,
            &m,
            s[0],
            total,
            total,
            &format!("st (lane {l})"),
            |mem| {
                for i in 0..n {
                    write_value(
                        mem,
                        i * size as usize,
                        size as usize,
                        &s[1 + i * k..1 + (i + 1) * k],
                    );
                }
            },
        )?;
    }
    Ok(())
}

/// Runs a warp-wide memory access: the lanes of the warp that reach it
/// together run `run` at once (see [`WaitKind::Converged`]).
pub(crate) fn converged(sem: Sem, m: &Mods, s: &mut [u64], run: WarpFn) -> SemResult {
    if !lane::in_launch() {
        return Err(Fault::new(format!(
            "`{}` on shared or global memory needs a launch",
            sem.key()
        )));
    }
    let wait = Wait::new(sem, m, WaitKind::Converged { run }, s.len())?;
    lane::rendezvous(wait, s)
}

/// The new value of an atomic `op` of type `ty` on `old` with operand `b`
/// (and `c` for `cas`). Float additions round to nearest even without
/// flushing subnormals (`.noftz` for the 16-bit formats; `.f32` and `.f64`
/// as recorded), through the arithmetic of [`crate::sem::float::add`].
fn atomic(op: Keyword, ty: ScalarType, old: u64, b: u64, c: u64) -> Result<u64, Fault> {
    let bits = ty.bits();
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let signed = matches!(ty, ScalarType::S32 | ScalarType::S64);
    let sx = |v: u64| crate::exec::sign_extend(v, bits.min(64));
    Ok(mask
        & match op {
            Keyword::Add if ty.is_float() => {
                let mut fm = Mods::NONE;
                fm.types[0] = Some(ty);
                let mut t = [0, old & mask, b & mask];
                crate::sem::float::add(&fm, &mut t)?;
                t[0]
            }
            Keyword::Add => old.wrapping_add(b),
            Keyword::And => old & b,
            Keyword::Or => old | b,
            Keyword::Xor => old ^ b,
            Keyword::Exch => b,
            Keyword::Cas => {
                if old & mask == b & mask {
                    c
                } else {
                    old
                }
            }
            Keyword::Min if signed => sx(old).min(sx(b)) as u64,
            Keyword::Max if signed => sx(old).max(sx(b)) as u64,
            Keyword::Min => (old & mask).min(b & mask),
            Keyword::Max => (old & mask).max(b & mask),
            Keyword::Inc => {
                if old & mask >= b & mask {
                    0
                } else {
                    old + 1
                }
            }
            Keyword::Dec => {
                if old & mask == 0 || old & mask > b & mask {
                    b
                } else {
                    old - 1
                }
            }
            other => {
                return Err(Fault::new(format!(
                    "atom: .{} is not simulated",
                    other.word()
                )));
            }
        })
}

/// `atom{.space}.op.type d, [a], b{, c}`: d gets the old value. The lanes
/// of a warp update one after another, lowest lane first, except for the
/// 64-bit shared operations the H100 runs as a compare-and-swap loop
/// (`runs_as_cas_loop`), whose colliding lanes land in the loop's order.
#[inline]
pub fn atom(m: &Mods, s: &mut [u64]) -> SemResult {
    converged(Sem::Atom, m, s, atom_warp)
}

/// `red{.space}.op.type [a], b`.
#[inline]
pub fn red(m: &Mods, s: &mut [u64]) -> SemResult {
    converged(Sem::Red, m, s, red_warp)
}

fn atom_warp(call: &mut WarpCall<'_>) -> SemResult {
    atom_lanes(call, true)
}

fn red_warp(call: &mut WarpCall<'_>) -> SemResult {
    atom_lanes(call, false)
}

fn atom_op(m: &Mods) -> Result<Keyword, Fault> {
    m.keywords
        .iter()
        .flatten()
        .copied()
        .find(|o| {
            matches!(
                o,
                Keyword::Add
                    | Keyword::And
                    | Keyword::Or
                    | Keyword::Xor
                    | Keyword::Exch
                    | Keyword::Cas
                    | Keyword::Min
                    | Keyword::Max
                    | Keyword::Inc
                    | Keyword::Dec
            )
        })
        .ok_or_else(|| Fault::new("atom: no operation"))
}

fn atom_lanes(call: &mut WarpCall<'_>, returns: bool) -> SemResult {
    let m = call.mods;
    let ty = m.ty(0).ok_or_else(|| Fault::new("atom: no type"))?;
    let op = atom_op(&m)?;
    let size = u64::from(ty.bits() / 8);
    let k = slots_per(size);
    // Slots: `[d,] a, b{, c}`, each value `k` slots wide.
    let a = if returns { k } else { 0 };
    if !built_as_loop(op, ty) {
        let request: Vec<(u32, u64, u64)> = lanes_of(call.members)
            .filter_map(|l| shared_offset(&m, call.lanes[l][a]).map(|at| (l as u32, at, size)))
            .collect();
        let access = if op == Keyword::Cas {
            Access::CompareAndSwap
        } else {
            Access::Atomic
        };
        record_request(call, &request, access);
    }
    if runs_as_cas_loop(&m, op, ty) {
        return cas_loop_lanes(call, op, ty, a, returns);
    }
    for l in lanes_of(call.members) {
        let s = &mut call.lanes[l];
        let b = [s[a + 1], s.get(a + 2).copied().unwrap_or(0)];
        let c = [
            s.get(a + 2).copied().unwrap_or(0),
            s.get(a + 3).copied().unwrap_or(0),
            s.get(a + 4).copied().unwrap_or(0),
        ];
        let what = format!("{} (lane {l})", call.key);
        // One read-modify-write of the location, under its lock for global memory.
        let old = with_bytes(call.shared, &m, s[a], size, size, &what, |mem| {
            let mut old = [0u64; 2];
            read_value(mem, 0, size as usize, &mut old);
            let new = if k == 2 {
                // `.b128`: only `exch` and `cas`.
                match op {
                    Keyword::Exch => b,
                    Keyword::Cas if old == b => [c[1], c[2]],
                    Keyword::Cas => old,
                    other => {
                        return Err(Fault::new(format!(
                            "{what}: .{} has no .b128 form",
                            other.word()
                        )));
                    }
                }
            } else {
                [atomic(op, ty, old[0], b[0], c[0])?, 0]
            };
            write_value(mem, 0, size as usize, &new);
            Ok(old)
        })??;
        if returns {
            s[..k].copy_from_slice(&old[..k]);
        }
    }
    Ok(())
}

/// Whether ptxas builds an atomic `op` on `ty` in shared memory as a loop
/// of a load and a compare-and-swap rather than one atomic instruction
/// (sm_90, `tests/data/atom_sass_h100.tsv`): the 64-bit operations other
/// than `exch` and `cas`, the floating-point additions, and 16-bit `cas`.
/// Such a statement is not one request of the banks, and its loop's
/// requests are not counted.
pub fn built_as_loop(op: Keyword, ty: ScalarType) -> bool {
    match op {
        Keyword::Exch => false,
        Keyword::Cas => ty.bits() == 16,
        Keyword::Add if ty.is_float() => true,
        _ => ty.bits() == 64,
    }
}

/// Whether the H100 has no shared-memory atomic unit operation for `op` on
/// `ty` and runs it as a compare-and-swap loop instead: the 64-bit
/// `and`/`or`/`xor`/`min`/`max` and `add.f64` on `.shared` addresses. The
/// colliding records of the 64-bit `add`, `exch` and `cas` and of every
/// 32-bit operation follow lane order, as a native atomic does (`exch.b64`
/// fits lane order and not the loop). Generic addresses are left to lane
/// order: no record shows what they do.
fn runs_as_cas_loop(m: &Mods, op: Keyword, ty: ScalarType) -> bool {
    let shared = matches!(m.space, Some(StateSpace::Shared(_)));
    let emulated = match op {
        Keyword::And | Keyword::Or | Keyword::Xor | Keyword::Min | Keyword::Max => true,
        Keyword::Add => ty == ScalarType::F64,
        _ => false,
    };
    shared && ty.bits() == 64 && emulated
}

/// One lane's part in a compare-and-swap loop: where it updates and with
/// what operand.
#[derive(Clone, Copy)]
struct CasLane {
    lane: usize,
    at: usize,
    b: u64,
}

/// The bank group of an 8-byte shared word: two adjacent 4-byte banks,
/// 16 such pairs.
fn bank_pair(at: usize) -> usize {
    (at / 8) % 16
}

/// A 64-bit shared atomic the H100 emulates (see [`runs_as_cas_loop`]):
/// per lane, a load of the current value, the update, and a conditional
/// store (if memory still holds what was loaded; ptxas's `ATOMS.CAST.SPIN`
/// loop, whose SASS was not inspected here: the rounds below are what the
/// records fix), looping until the store lands. `d` gets the
/// value the lane loaded in the round its store landed. The order in which
/// colliding lanes land follows from how one warp-wide round resolves
/// ([`cas_round`]).
///
/// Evidence: the 36 `sa_c*` records of `atom.shared.{and,or,xor}.b64`,
/// `atom.shared.{min,max}.{u64,s64}` and `{atom,red}.shared.add.f64` in
/// `h100_sm90_extra_seed12` (replayed by `ptx-sim/tests/golden.rs`) all
/// follow this model bit for bit, old values and final memory; lane order
/// fits only 8 of them. Each rule is needed: without half-warps 21 fit,
/// with the halves in the other order 3, without the bank-pair rule 29,
/// taking the lowest address or the highest lane in a bank pair 29,
/// without the early exit of `min`/`max` 20, with an early exit for every
/// operation 26 (`xor` with `b = 0` still stores and so blocks its half).
fn cas_loop_lanes(
    call: &mut WarpCall<'_>,
    op: Keyword,
    ty: ScalarType,
    a: usize,
    returns: bool,
) -> SemResult {
    let mut pending = Vec::new();
    for lane in lanes_of(call.members) {
        let s = &call.lanes[lane];
        let what = format!("{} (lane {lane})", call.key);
        let at = check_access(call.shared.len(), s[a], 8, 8, &what)?;
        pending.push(CasLane {
            lane,
            at,
            b: s[a + 1],
        });
    }
    while !pending.is_empty() {
        let landed = cas_round(call.shared, op, ty, &pending)?;
        for (lane, old) in &landed {
            if returns {
                call.lanes[*lane][0] = *old;
            }
        }
        pending.retain(|p| !landed.iter().any(|(lane, _)| *lane == p.lane));
    }
    Ok(())
}

/// One round of the loop for every `pending` lane (ascending lane order):
/// which lanes are done, each with the value it loaded.
///
/// 1. Every pending lane loads its word (before any store of the round).
/// 2. `min`/`max` only: a lane whose update would leave the loaded value
///    unchanged is done without storing (its `d` is the loaded value).
/// 3. The stores go in two half-warps, lanes 0-15 then 16-31 (a 64-bit
///    shared request is served a half-warp per pass). In each half, in
///    ascending lane order, a lane is served only if no lane before it in
///    this half was served in its bank pair ([`bank_pair`]): at most one
///    store per bank pair per half, so a second lane at the same address,
///    or a lane whose address conflicts with a served one, fails this
///    round. A served lane stores if its word still holds what it loaded.
///
/// Every round finishes at least the lowest pending lane (the first store
/// at an address in a round sees what that round loaded), so the loop
/// ends within 32 rounds.
fn cas_round(
    shared: &mut [u8],
    op: Keyword,
    ty: ScalarType,
    pending: &[CasLane],
) -> Result<Vec<(usize, u64)>, Fault> {
    let loaded: Vec<u64> = pending
        .iter()
        .map(|p| read_le(&shared[p.at..p.at + 8]))
        .collect();
    let mut landed = Vec::new();
    let mut storing = Vec::new();
    for (p, &old) in pending.iter().zip(&loaded) {
        let unchanged = atomic(op, ty, old, p.b, 0)? == old;
        if matches!(op, Keyword::Min | Keyword::Max) && unchanged {
            landed.push((p.lane, old));
        } else {
            storing.push((*p, old));
        }
    }
    for half in [0..16, 16..32] {
        let mut served = [false; 16];
        for &(p, old) in storing.iter().filter(|(p, _)| half.contains(&p.lane)) {
            let pair = bank_pair(p.at);
            if std::mem::replace(&mut served[pair], true) {
                continue;
            }
            let word = &mut shared[p.at..p.at + 8];
            if read_le(word) == old {
                write_le(word, atomic(op, ty, old, p.b, 0)?);
                landed.push((p.lane, old));
            }
        }
    }
    Ok(landed)
}

/// `atom.cas`: same as `atom` with `.cas`.
#[inline]
pub fn atom_cas(m: &Mods, s: &mut [u64]) -> SemResult {
    converged(Sem::AtomCas, m, s, atom_warp)
}

/// `cvta.space.size d, a`: the generic address of `a` in `.space`: the
/// offset into its window (shared memory at [`SHARED_WINDOW`], local at
/// [`LOCAL_WINDOW`], constant at [`CONST_WINDOW`], kernel parameters at
/// [`PARAM_WINDOW`]); global addresses are generic already.
#[inline]
pub fn cvta(m: &Mods, s: &mut [u64]) -> SemResult {
    let space = m.space.ok_or_else(|| space_not_simulated("cvta", None))?;
    s[0] = match (space, window_base(space)) {
        (StateSpace::Global, _) => s[1],
        (_, Some(base)) => s[1].wrapping_add(base),
        (_, None) => return Err(space_not_simulated("cvta", Some(space))),
    };
    Ok(())
}

/// `cvta.to.space.size d, a`: the `.space` address of generic address `a`;
/// a generic address outside the space's window is an error.
#[inline]
pub fn cvta_to(m: &Mods, s: &mut [u64]) -> SemResult {
    let space = m
        .space
        .ok_or_else(|| space_not_simulated("cvta.to", None))?;
    s[0] = match (space, window_base(space)) {
        (StateSpace::Global, _) => s[1],
        (_, Some(base)) => {
            window_offset(s[1], base).ok_or_else(|| {
                let name = space.name();
                Fault::new(format!(
                    "cvta.to.{name}: generic address {:#x} is not in the {name} window ({base:#x}, what cvta.{name} gives)",
                    s[1]
                ))
            })?
        }
        (_, None) => return Err(space_not_simulated("cvta.to", Some(space))),
    };
    Ok(())
}

/// `isspacep.space p, a`: whether generic address `a` is in `.space`: the
/// running CTA's shared memory, a global buffer of the launch (or its
/// kernel parameters, whose window the ISA places inside the global one:
/// "`isspacep.global` returns 1 for kernel function parameters", as the
/// H100 does, `tools/const-param-probe`), the thread's local window, a
/// constant buffer of the launch, or the kernel's parameters.
#[inline]
pub fn isspacep(m: &Mods, s: &mut [u64]) -> SemResult {
    let a = s[1];
    let param = |memory: &crate::global::LaunchMemory| {
        window_offset(a, PARAM_WINDOW).is_some_and(|offset| memory.params.contains(offset))
    };
    s[0] = u64::from(match m.space {
        Some(StateSpace::Shared(_)) => {
            let len = with_shared("isspacep", |mem| Ok(mem.len() as u64))?;
            window_offset(a, SHARED_WINDOW).is_some_and(|offset| offset < len)
        }
        Some(StateSpace::Global) => {
            let memory = current("isspacep", Space::Global)?;
            memory.global.contains(a) || param(&memory)
        }
        Some(StateSpace::Local) => {
            window_offset(a, LOCAL_WINDOW).is_some_and(|offset| offset < LOCAL_LIMIT)
        }
        Some(StateSpace::Const) => {
            let memory = current("isspacep", Space::Constant)?;
            window_offset(a, CONST_WINDOW).is_some_and(|offset| memory.constant.contains(offset))
        }
        Some(StateSpace::Param(_)) => param(&*current("isspacep", Space::Param)?),
        _ => false,
    });
    Ok(())
}

fn space_not_simulated(what: &str, space: Option<StateSpace>) -> Fault {
    Fault::new(match space {
        Some(space) => format!("`{what}`: the {space} state space is not simulated"),
        None => format!("`{what}` needs a state space"),
    })
}
