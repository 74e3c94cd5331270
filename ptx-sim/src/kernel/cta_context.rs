//! What a warp's turn reaches of its CTA: the facts of the launch and the
//! CTA that no warp writes ([`Fixed`]), and the CTA's state that the
//! running warp may change ([`CtaContext`]). The CTA builds one for each
//! turn it gives a warp (see [`super::cta`]); the warp and the builtins it
//! calls read and write the CTA only through it.

use super::barriers::Barriers;
use super::load::{EntryInfo, Image};
use crate::engine::cluster::ClusterBarrier;
use crate::engine::register_requests::RegisterRequests;
use crate::engine::special::CtaFacts;
use crate::exec::Slots;
use crate::lane::LaunchMemory;
use crate::memory::bank_counts::SharedStats;
use crate::memory::peers::Peers;
use crate::observe::Observer;

/// What every warp of a CTA reads and none writes: the launch's module,
/// entry and memory, and the CTA's facts.
#[derive(Clone, Copy)]
pub(crate) struct Fixed<'a> {
    /// The loaded module: its functions' decoded steps.
    pub image: &'a Image,
    /// The entry launched: its launch facts (where its shared variables lie).
    pub entry: &'a EntryInfo,
    /// The launch's global, constant and parameter memory.
    pub launch: &'a LaunchMemory,
    /// What the CTA's special registers say of it: its SM, its shared
    /// memory's sizes.
    pub facts: CtaFacts,
    /// The CTA's shared memory, in bytes (the reserved region, static and
    /// dynamic).
    pub shared_len: u64,
    /// Where the CTA's shared variables start: its window of the
    /// `.shared::cluster` window (0 without clusters; see
    /// [`crate::engine::cluster`]).
    pub shared_base: u64,
}

/// What a warp's turn reaches of its CTA: what it may change, and the
/// [`Fixed`] facts.
pub(crate) struct CtaContext<'a> {
    /// What no warp writes.
    pub fixed: Fixed<'a>,
    /// The CTA's shared memory.
    pub shared: &'a mut [u8],
    /// The shared memories of the other CTAs of the cluster.
    pub peers: Peers<'a>,
    /// The cluster's barrier.
    pub cluster: &'a mut ClusterBarrier,
    /// The CTA's shared-memory statistics by instruction (bank conflicts).
    pub stats: &'a mut SharedStats,
    /// The CTA's sixteen barriers.
    pub barriers: &'a mut Barriers,
    /// Scratch rows of operand slots for warp-wide operations.
    pub rows: &'a mut [Slots; 32],
    /// What the CTA's threads printed.
    pub output: &'a mut Vec<u8>,
    /// Threads that exited during the turn.
    pub exited_threads: u32,
    /// Threads of the CTA that have not exited.
    pub live: u32,
    /// Set by an operation that asks the warp to let others run.
    pub yield_now: bool,
    /// Each warp's `setmaxnreg` requests so far, (`.inc`, count) in order:
    /// the warps of a warpgroup must make the same ones.
    pub register_requests: &'a mut RegisterRequests,
    /// What watches the CTA run (the sanitizer, when checks are on).
    pub observer: Option<&'a mut dyn Observer>,
}
