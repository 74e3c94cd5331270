//! Where a memory instruction's address points, and the bytes it reaches:
//! the state spaces, the generic windows through which generic addresses
//! see shared, local, constant and parameter memory, bounds and alignment
//! checks; and the instructions that convert and test addresses, `cvta`
//! and `isspacep`.
//!
//! Addresses in the `.shared` space are byte offsets from the start of the
//! CTA's shared memory (what the golden records' address operands hold);
//! generic addresses see it at [`SHARED_WINDOW`]. The thread's `.local`
//! memory is private (grown as used, up to 512 KiB) and appears at
//! [`LOCAL_WINDOW`]. `.const` addresses reach the launch's constant
//! buffers, laid out from 0 (where the H100 puts the first `__constant__`
//! array, `tools/probes/const-param-probe`), and appear at [`CONST_WINDOW`];
//! `.param` addresses are byte offsets into the kernel's parameters, which
//! appear at [`PARAM_WINDOW`].

use crate::exec::SemResult;
use crate::fault::{Fault, MemoryFault};
use crate::lane::{Lane, LaunchMemory, Memories};
use crate::memory::cluster_address::{ClusterAddress, cta_offset, cta_to_cluster};
use crate::memory::place::{Place, place, space_not_simulated};
use crate::memory::window::{
    CONST_WINDOW, LOCAL_LIMIT, LOCAL_WINDOW, PARAM_WINDOW, SHARED_WINDOW, window_base,
    window_offset,
};
use ptx_core::{Mods, ParamScope, SharedScope, StateSpace};

/// Checks that `[addr, addr + size)` lies in a shared memory of `len`
/// bytes and is aligned to `align`; `instruction` names the access in
/// faults.
///
/// ```
/// use ptx_sim::fault::{Fault, MemoryFault};
/// use ptx_sim::sem::memory::address::check_access;
/// assert_eq!(check_access(64, 60, 4, 4, "ld"), Ok(60));
/// let Err(Fault::Memory(MemoryFault::OutOfBounds { address, bounds, .. })) = check_access(64, 64, 4, 4, "ld") else {
///     panic!("one past the end is out of bounds");
/// };
/// assert_eq!((address, bounds), (64, 0..64));
/// ```
pub fn check_access(
    len: usize,
    addr: u64,
    size: u64,
    align: u64,
    instruction: &'static str,
) -> Result<usize, Fault> {
    if align > 1 && !addr.is_multiple_of(align) {
        return Err(Fault::Memory(MemoryFault::Misaligned {
            instruction,
            lane: None,
            space: StateSpace::Shared(SharedScope::Cta),
            address: addr,
            align,
        }));
    }
    match addr.checked_add(size) {
        Some(end) if end <= len as u64 => Ok(addr as usize),
        _ => Err(Fault::Memory(MemoryFault::OutOfBounds {
            instruction,
            lane: None,
            space: StateSpace::Shared(SharedScope::Cta),
            address: addr,
            size,
            bounds: 0..len as u64,
            buffer: None,
        })),
    }
}

/// The shared memory `place` is in, and the offset in it: the CTA's
/// own, or another's of its cluster; `addr` and `instruction` name the
/// access in faults.
pub(crate) fn shared_place<'a>(
    memories: Memories<'a>,
    place: Place,
    addr: u64,
    instruction: &'static str,
) -> Result<(&'a mut [u8], u64), Fault> {
    let Memories { shared, peers, .. } = memories;
    match place {
        Place::Shared(addr) => Ok((shared, cta_offset(addr, peers.rank()))),
        Place::Cluster { rank, offset } if rank == peers.rank() => Ok((shared, offset)),
        Place::Cluster { rank, offset } => {
            let size = peers.size();
            match peers.into_shared(rank) {
                Some(memory) => Ok((memory, offset)),
                None => Err(Fault::Memory(MemoryFault::NoSuchCta {
                    instruction,
                    address: addr,
                    rank,
                    size,
                })),
            }
        }
        _ => Err(Fault::Memory(MemoryFault::NotShared {
            instruction,
            address: addr,
        })),
    }
}

/// The shared memory (the running CTA's or another's of its cluster) and
/// the offset in it that address `addr` of an instruction with modifiers
/// `m` points at: an mbarrier object's, say.
pub(crate) fn shared_at<'a>(
    memories: Memories<'a>,
    m: &Mods,
    addr: u64,
    instruction: &'static str,
) -> Result<(&'a mut [u8], u64), Fault> {
    let place = place(m, addr, instruction)?;
    shared_place(memories, place, addr, instruction)
}

/// Runs `f` on the `size` bytes at `addr` (aligned to `align`), to be
/// written: see [`Reach::write`].
pub(crate) fn with_bytes<R>(
    memories: &mut Memories<'_>,
    m: &Mods,
    addr: u64,
    size: u64,
    align: u64,
    instruction: &'static str,
    f: impl FnOnce(&mut [u8]) -> R,
) -> Result<R, Fault> {
    Reach::new(m, addr, size, align, instruction)?.write(memories, f)
}

/// Runs `f` on the `size` bytes at `addr` (aligned to `align`) to store
/// to them: see [`Reach::store`].
pub(crate) fn store_bytes<R>(
    memories: &mut Memories<'_>,
    m: &Mods,
    addr: u64,
    size: u64,
    align: u64,
    instruction: &'static str,
    f: impl FnOnce(&mut [u8]) -> R,
) -> Result<R, Fault> {
    Reach::new(m, addr, size, align, instruction)?.store(memories, f)
}

/// What one access of an instruction reaches: `size` bytes at address `addr` (aligned
/// to `align`), which point at `place`; `instruction` names the access in
/// faults.
pub(crate) struct Reach {
    pub(super) place: Place,
    addr: u64,
    size: u64,
    align: u64,
    instruction: &'static str,
}

impl Reach {
    /// The access of `size` bytes at `addr` by an instruction with
    /// modifiers `m`.
    pub(crate) fn new(
        m: &Mods,
        addr: u64,
        size: u64,
        align: u64,
        instruction: &'static str,
    ) -> Result<Reach, Fault> {
        Ok(Reach {
            place: place(m, addr, instruction)?,
            addr,
            size,
            align,
            instruction,
        })
    }

    /// Runs `f` on the bytes, to be written, as one read-modify-write
    /// (atomic with respect to others in global memory): in `shared` (the CTA's shared
    /// memory), in the launch's global memory or in the thread's local
    /// memory. Constant memory and kernel parameters are read-only: an
    /// address there is an error.
    pub(crate) fn write<R>(
        &self,
        memories: &mut Memories<'_>,
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<R, Fault> {
        let Reach {
            addr,
            size,
            align,
            instruction,
            ..
        } = *self;
        let read_only = |space| {
            Fault::Memory(MemoryFault::ReadOnly {
                instruction,
                lane: None,
                space,
                address: addr,
            })
        };
        match self.place {
            Place::Shared(addr) => {
                let offset = cta_offset(addr, memories.peers.rank());
                let shared = &mut *memories.shared;
                let at = check_access(shared.len(), offset, size, align, instruction)?;
                Ok(f(&mut shared[at..at + size as usize]))
            }
            Place::Cluster { .. } => {
                let (shared, offset) =
                    shared_place(memories.shared_only(), self.place, addr, instruction)?;
                let at = check_access(shared.len(), offset, size, align, instruction)?;
                Ok(f(&mut shared[at..at + size as usize]))
            }
            Place::Global(addr) => with_launch(memories, instruction, StateSpace::Global, |l| {
                l.global.access(addr, size, align, instruction, f)
            }),
            Place::Local(offset) => match &mut memories.local {
                Some(local) => in_local(local, offset, size, align, instruction, f),
                None => Err(Fault::needs_launch(instruction, Some(StateSpace::Local))),
            },
            Place::Constant(_) => Err(read_only(StateSpace::Const)),
            Place::Param(_) => Err(read_only(StateSpace::Param(ParamScope::Entry))),
        }
    }

    /// Runs `f` on the bytes to store to them, as [`Reach::write`] does,
    /// but in global memory without the lock that makes a
    /// read-modify-write atomic ([`GlobalMemory::store`]): for a plain
    /// store or copy, never for an atomic.
    ///
    /// [`GlobalMemory::store`]: crate::memory::global::GlobalMemory::store
    pub(crate) fn store<R>(
        &self,
        memories: &mut Memories<'_>,
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<R, Fault> {
        match self.place {
            Place::Global(addr) => {
                let Reach {
                    size,
                    align,
                    instruction,
                    ..
                } = *self;
                with_launch(memories, instruction, StateSpace::Global, |l| {
                    l.global.store(addr, size, align, instruction, f)
                })
            }
            _ => self.write(memories, f),
        }
    }

    /// Runs `f` on the bytes, to be read: anywhere [`Reach::write`]
    /// reaches, and in the launch's constant memory and kernel parameters.
    pub(crate) fn read<R>(
        &self,
        memories: &mut Memories<'_>,
        f: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, Fault> {
        let Reach {
            size,
            align,
            instruction,
            ..
        } = *self;
        match self.place {
            Place::Constant(at) => with_launch(memories, instruction, StateSpace::Const, |l| {
                l.constant.read(at, size, align, instruction, f)
            }),
            Place::Param(at) => with_launch(
                memories,
                instruction,
                StateSpace::Param(ParamScope::Entry),
                |l| l.params.read(at, size, align, instruction, f),
            ),
            Place::Global(at) => with_launch(memories, instruction, StateSpace::Global, |l| {
                l.global.read(at, size, align, instruction, f)
            }),
            _ => self.write(memories, |bytes| f(bytes)),
        }
    }
}

/// Runs `f` with the launch memory of `memories`; `instruction` on
/// `space` names the access in the fault outside a launch.
fn with_launch<R>(
    memories: &Memories<'_>,
    instruction: &'static str,
    space: StateSpace,
    f: impl FnOnce(&LaunchMemory) -> Result<R, Fault>,
) -> Result<R, Fault> {
    match memories.launch {
        Some(launch) => f(launch),
        None => Err(Fault::needs_launch(instruction, Some(space))),
    }
}

/// Runs `f` on the `size` bytes at `offset` of the thread's local memory
/// `local`, growing it (zeroed) up to [`LOCAL_LIMIT`].
pub(crate) fn in_local<R>(
    local: &mut Vec<u8>,
    offset: u64,
    size: u64,
    align: u64,
    instruction: &'static str,
    f: impl FnOnce(&mut [u8]) -> R,
) -> Result<R, Fault> {
    if align > 1 && !offset.is_multiple_of(align) {
        return Err(Fault::Memory(MemoryFault::Misaligned {
            instruction,
            lane: None,
            space: StateSpace::Local,
            address: offset,
            align,
        }));
    }
    let end = offset
        .checked_add(size)
        .filter(|&end| end <= LOCAL_LIMIT)
        .ok_or(Fault::Memory(MemoryFault::OutOfBounds {
            instruction,
            lane: None,
            space: StateSpace::Local,
            address: offset,
            size,
            bounds: 0..LOCAL_LIMIT,
            buffer: None,
        }))?;
    if local.len() < end as usize {
        local.resize(end as usize, 0);
    }
    Ok(f(&mut local[offset as usize..end as usize]))
}

/// The offset into the running CTA's own shared memory (the CTA of rank
/// `own`) that address `addr` of an instruction with modifiers `m` points
/// at, if it points there.
pub(crate) fn shared_offset(m: &Mods, addr: u64, own: u32) -> Option<u64> {
    place(m, addr, "").ok()?.own_shared(own)
}

/// `cvta.space.size d, a`: the generic address of `a` in `.space`: the
/// offset into its window (shared memory at [`SHARED_WINDOW`], local at
/// [`LOCAL_WINDOW`], constant at [`CONST_WINDOW`], kernel parameters at
/// [`PARAM_WINDOW`]); global addresses are generic already.
/// A `.shared::cta` address of a CTA of a cluster is first moved into the
/// CTA's window of the `.shared::cluster` window (see
/// [`crate::engine::cluster`]).
#[inline]
pub fn cvta<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    cvta_in(m, s, ClusterView::of(lane).rank)
}

/// [`cvta`] for a thread of the CTA of rank `own` in its cluster.
///
/// ```
/// use ptx_core::{Mods, SharedScope, StateSpace};
/// use ptx_sim::memory::window::SHARED_WINDOW;
/// use ptx_sim::sem::memory::address::cvta_in;
/// let cta = Mods { space: Some(StateSpace::Shared(SharedScope::Cta)), ..Mods::default() };
/// let mut s = [0, 0x400];
/// cvta_in(&cta, &mut s, 1).unwrap();
/// assert_eq!(s[0], SHARED_WINDOW + 0x0100_0400); // rank 1's window
/// ```
pub fn cvta_in(m: &Mods, s: &mut [u64], own: u32) -> SemResult {
    let space = m.space.ok_or_else(|| space_not_simulated("cvta", None))?;
    s[0] = match (space, window_base(space)) {
        (StateSpace::Global, _) => s[1],
        (StateSpace::Shared(SharedScope::Cta | SharedScope::Default), Some(base)) => {
            cta_to_cluster(s[1], own).wrapping_add(base)
        }
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
        (_, Some(base)) => window_offset(s[1], base).ok_or_else(|| {
            Fault::Memory(MemoryFault::NotInWindow {
                space,
                address: s[1],
                window: base,
            })
        })?,
        (_, None) => return Err(space_not_simulated("cvta.to", Some(space))),
    };
    Ok(())
}

/// `isspacep.space p, a`: whether generic address `a` is in `.space`: the
/// running CTA's shared memory, a global buffer of the launch (or its
/// kernel parameters, whose window the ISA places inside the global one:
/// "`isspacep.global` returns 1 for kernel function parameters", as the
/// H100 does, `tools/probes/const-param-probe`), the thread's local window, a
/// constant buffer of the launch, or the kernel's parameters.
#[inline]
pub fn isspacep<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    if let Some(StateSpace::Shared(_)) = m.space {
        return lane
            .with_cta_memories(|memories| {
                let len = memories.shared.len() as u64;
                isspacep_in(m, s, len, memories)
            })
            .unwrap_or_else(|| {
                let cta = StateSpace::Shared(SharedScope::Cta);
                Err(Fault::needs_launch("isspacep", Some(cta)))
            });
    }
    lane.with_own_memories(false, |memories| isspacep_in(m, s, 0, memories))
}

/// [`isspacep`] for a CTA of `shared_len` bytes of shared memory, in the
/// launch of `memories`.
pub(crate) fn isspacep_in(
    m: &Mods,
    s: &mut [u64],
    shared_len: u64,
    memories: &Memories<'_>,
) -> SemResult {
    let a = s[1];
    let param = |memory: &LaunchMemory| {
        window_offset(a, PARAM_WINDOW).is_some_and(|offset| memory.params.contains(offset))
    };
    s[0] = u64::from(match m.space {
        Some(StateSpace::Shared(scope)) => window_offset(a, SHARED_WINDOW).is_some_and(|c| {
            let ClusterAddress { rank, offset } = ClusterAddress::decode(c);
            let own = memories.peers.rank();
            let len = if rank == own {
                Some(shared_len as usize)
            } else if scope == SharedScope::Cluster {
                memories.peers.len(rank)
            } else {
                None
            };
            len.is_some_and(|len| offset < len as u64)
        }),
        Some(StateSpace::Global) => with_launch(memories, "isspacep", StateSpace::Global, |l| {
            Ok(l.global.contains(a) || param(l))
        })?,
        Some(StateSpace::Local) => {
            window_offset(a, LOCAL_WINDOW).is_some_and(|offset| offset < LOCAL_LIMIT)
        }
        Some(StateSpace::Const) => with_launch(memories, "isspacep", StateSpace::Const, |l| {
            Ok(window_offset(a, CONST_WINDOW).is_some_and(|offset| l.constant.contains(offset)))
        })?,
        Some(StateSpace::Param(_)) => with_launch(
            memories,
            "isspacep",
            StateSpace::Param(ParamScope::Entry),
            |l| Ok(param(l)),
        )?,
        _ => false,
    });
    Ok(())
}

/// The running CTA's place in its cluster, for `mapa` and `getctarank`.
#[derive(Clone, Copy, Debug)]
pub struct ClusterView {
    /// The running CTA's rank.
    pub rank: u32,
    /// How many CTAs the cluster has.
    pub size: u32,
}

impl ClusterView {
    /// The cluster of thread `lane` (outside a launch, a cluster of one).
    pub fn of<L: Lane>(lane: &L) -> ClusterView {
        let thread = lane.thread().unwrap_or(crate::thread::Thread::SINGLE);
        ClusterView {
            rank: thread.cluster_rank(),
            size: thread.cluster_size(),
        }
    }

    /// Where shared address `a` (generic without a space) points: the
    /// rank of the CTA and the offset in its shared memory.
    fn locate(self, m: &Mods, a: u64, instruction: &'static str) -> Result<(u32, u64), Fault> {
        let not_shared = || {
            Fault::Memory(MemoryFault::NotShared {
                instruction,
                address: a,
            })
        };
        let cluster = match m.space {
            Some(StateSpace::Shared(_)) => a,
            None => window_offset(a, SHARED_WINDOW).ok_or_else(not_shared)?,
            _ => return Err(not_shared()),
        };
        let ClusterAddress { rank, offset } = ClusterAddress::decode(cluster);
        if rank >= self.size {
            return Err(Fault::Memory(MemoryFault::NoSuchCta {
                instruction,
                address: a,
                rank,
                size: self.size,
            }));
        }
        Ok((rank, offset))
    }

    /// `mapa{.shared::cluster}.type d, a, b`: the address of the shared
    /// variable at `a` in the CTA of rank `b`: a `.shared::cluster`
    /// address, or without a space a generic one.
    ///
    /// ```
    /// use ptx_core::{Mods, SharedScope, StateSpace};
    /// use ptx_sim::memory::cluster_address::cluster_address;
    /// use ptx_sim::sem::memory::address::ClusterView;
    /// let view = ClusterView { rank: 0, size: 2 };
    /// let m = Mods { space: Some(StateSpace::Shared(SharedScope::Cluster)), ..Mods::default() };
    /// assert_eq!(view.mapa(&m, 0x40, 1), Ok(cluster_address(1, 0x40)));
    /// assert!(view.mapa(&m, 0x40, 2).is_err()); // no CTA of rank 2
    /// ```
    pub fn mapa(self, m: &Mods, a: u64, b: u32) -> Result<u64, Fault> {
        let (_, offset) = self.locate(m, a, "mapa")?;
        if b >= self.size {
            return Err(Fault::Memory(MemoryFault::NoSuchCta {
                instruction: "mapa",
                address: a,
                rank: b,
                size: self.size,
            }));
        }
        let d = crate::memory::cluster_address::cluster_address(b, offset);
        Ok(match m.space {
            None => SHARED_WINDOW + d,
            Some(_) => d,
        })
    }

    /// `getctarank{.shared::cluster}.type d, a`: the rank of the CTA whose
    /// shared memory address `a` points into.
    pub fn getctarank(self, m: &Mods, a: u64) -> Result<u64, Fault> {
        self.locate(m, a, "getctarank")
            .map(|(rank, _)| u64::from(rank))
    }
}

/// `mapa`, for thread `lane` (see [`ClusterView::mapa`]).
#[inline]
pub fn mapa<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = ClusterView::of(lane).mapa(m, s[1], s[2] as u32)?;
    Ok(())
}

/// `getctarank`, for thread `lane` (see [`ClusterView::getctarank`]).
#[inline]
pub fn getctarank<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = ClusterView::of(lane).getctarank(m, s[1])?;
    Ok(())
}
