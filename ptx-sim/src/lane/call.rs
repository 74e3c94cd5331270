//! What a warp's semantic function is given ([`WarpCall`]) and the
//! memories one lane's or one warp's accesses reach ([`Memories`],
//! [`WarpMemories`]): the engines build these from their own state and
//! hand them in, so the semantic functions find nothing through a
//! thread-local.

use super::LaunchMemory;
use crate::exec::{SemResult, Slots};
use crate::memory::bank_counts::SharedStats;
use crate::memory::banks::{RequestKind, warp_request};
use crate::memory::peers::Peers;
use ptx_core::Mods;

/// What a warp collective computes, given every member lane's slots.
pub struct WarpCall<'a> {
    /// The modifiers (of the lowest member lane).
    pub mods: Mods,
    /// The member lanes (bit i: lane i).
    pub members: u32,
    /// The warp's lanes that have exited (bit i: lane i): what a shuffle
    /// reads from them (0, as the H200 gives) differs from what it reads
    /// from a live lane outside the member mask.
    pub exited: u32,
    /// Every lane's slots (only members' are meaningful); outputs are written in place.
    pub lanes: &'a mut [Slots; 32],
    /// The memories the lanes reach.
    pub memory: WarpMemories<'a>,
    /// Shared-memory statistics of the launch.
    pub stats: &'a mut SharedStats,
    /// The instruction's table key.
    pub key: &'static str,
    /// How many of each lane's slots the instruction has.
    pub len: usize,
    /// The warp's index in its CTA (`wgmma` reads its rank in its
    /// warpgroup, the index modulo 4).
    pub warp: u32,
}

/// The memories one lane's access may reach: the CTA's shared memory, the
/// other CTAs' of its cluster, the lane's local memory and the launch's
/// global, constant and parameter memory. A memory not given (`None`) is
/// out of reach: an access to it is a
/// [`LaunchFault::NeedsLaunch`](crate::fault::LaunchFault::NeedsLaunch)
/// (`ptx!` code run outside a launch).
pub struct Memories<'a> {
    /// The CTA's shared memory.
    pub shared: &'a mut [u8],
    /// The shared memories of the other CTAs of the cluster.
    pub peers: Peers<'a>,
    /// The lane's local memory, grown (zeroed) as it is used.
    pub local: Option<&'a mut Vec<u8>>,
    /// The launch's global, constant and parameter memory.
    pub launch: Option<&'a LaunchMemory>,
}

impl<'a> Memories<'a> {
    /// Only `shared`: no cluster, no local memory, no launch.
    pub fn alone(shared: &'a mut [u8]) -> Memories<'a> {
        Memories {
            shared,
            peers: Peers::alone(),
            local: None,
            launch: None,
        }
    }

    /// The shared memories alone (the CTA's and its cluster's), for a
    /// shorter time.
    pub(crate) fn shared_only(&mut self) -> Memories<'_> {
        Memories {
            shared: &mut *self.shared,
            peers: self.peers.reborrow(),
            local: None,
            launch: None,
        }
    }
}

/// The memories a warp's lanes reach: the CTA's shared memory and its
/// cluster's, each lane's local memory where the engine holds them (the
/// module interpreter; the warp-wide accesses of `ptx!` code reach only
/// shared and global memory) and the launch's memory.
pub struct WarpMemories<'a> {
    /// The CTA's shared memory.
    pub shared: &'a mut [u8],
    /// The shared memories of the other CTAs of its cluster.
    pub peers: Peers<'a>,
    /// Each lane's local memory, by lane; empty when not held.
    pub locals: &'a mut [Vec<u8>],
    /// The launch's global, constant and parameter memory (`None`:
    /// out of reach).
    pub launch: Option<&'a LaunchMemory>,
}

impl WarpMemories<'_> {
    /// What lane `lane`'s access reaches.
    #[inline]
    pub fn lane(&mut self, lane: usize) -> Memories<'_> {
        Memories {
            shared: self.shared,
            peers: self.peers.reborrow(),
            local: self.locals.get_mut(lane),
            launch: self.launch,
        }
    }
}

/// The warp side of a collective.
pub type WarpFn = fn(&mut WarpCall<'_>) -> SemResult;

impl WarpCall<'_> {
    /// Counts, under the instruction's key, the request the warp's
    /// instruction makes of shared memory: `(lane, offset, bytes)` for
    /// each access its lanes made there (none: no request); see
    /// [`warp_request`].
    pub(crate) fn record_request(&mut self, accesses: &[(u32, u64, u64)], kind: RequestKind) {
        if accesses.is_empty() {
            return;
        }
        let (waves, conflicts) = warp_request(accesses, kind);
        self.stats.record(self.key, waves, waves - conflicts);
    }
}
