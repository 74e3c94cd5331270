//! The special registers (`%tid`, `%smid`, `%total_smem_size`, ...): one
//! answer for both front-ends, matched on [`SpecialKind`].
//!
//! A thread's registers come from who it is ([`Thread`]); the CTA's from
//! where it runs and what shared memory it has ([`CtaFacts`]); the clocks
//! from the front-end's own count (a module's warp counts its steps, so
//! that runs repeat; a closure's lane reads the wall clock).

use crate::engine::residency::SMS;
use crate::thread::Thread;
use ptx_core::SpecialKind;

/// `%reserved_smem_offset_end` on the H100, whatever the launch (recorded,
/// `ours/smem/*`): the part of the reserved region the system uses.
pub const RESERVED_SHARED_END: u64 = 288;

/// What a CTA's special registers say about it besides its threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CtaFacts {
    /// `%smid`: the SM it runs on.
    pub smid: u32,
    /// Its own shared memory in bytes, static and dynamic.
    pub own_shared: u64,
    /// The dynamic part of it (`%dynamic_smem_size`).
    pub dynamic_shared: u64,
    /// The bytes reserved for the system before its own (1024 for a
    /// module's CTA, as on the H100; none for closures, whose shared
    /// memory starts at 0).
    pub reserved: u64,
    /// `%envreg0` to `%envreg31`: what the launch set
    /// ([`crate::engine::config::LaunchConfig::envreg`]).
    pub envreg: [u32; 32],
}

/// Whether `kind` reads a clock (what [`special`] takes as `clock`).
pub const fn reads_clock(kind: SpecialKind) -> bool {
    use SpecialKind as K;
    matches!(
        kind,
        K::Clock | K::ClockHi | K::Clock64 | K::Globaltimer | K::GlobaltimerLo | K::GlobaltimerHi
    )
}

/// The value of component `component` of special register `kind` (the
/// member's number for a numbered family) for thread `thread` of a CTA
/// with `cta`'s facts, the clocks reading `clock`.
///
/// ```
/// use ptx_core::SpecialKind;
/// use ptx_sim::engine::special::{CtaFacts, special};
/// use ptx_sim::thread::Thread;
/// let t = Thread { tid: [3, 4, 0], lane: 5, ..Thread::SINGLE };
/// let cta = CtaFacts { own_shared: 200, reserved: 1024, ..CtaFacts::default() };
/// assert_eq!(special(SpecialKind::Tid, 1, &t, &cta, 0), 4);
/// // Lanes 0 to 4 are below lane 5.
/// assert_eq!(special(SpecialKind::LanemaskLt, 0, &t, &cta, 0), 0b1_1111);
/// // The CTA's own bytes, rounded up to 128; with the reserved ones, not.
/// assert_eq!(special(SpecialKind::TotalSmemSize, 0, &t, &cta, 0), 256);
/// assert_eq!(special(SpecialKind::AggrSmemSize, 0, &t, &cta, 0), 1224);
/// assert_eq!(special(SpecialKind::Clock64, 0, &t, &cta, 1 << 40), 1 << 40);
/// assert_eq!(special(SpecialKind::ClockHi, 0, &t, &cta, 1 << 40), 1 << 8);
/// ```
pub fn special(
    kind: SpecialKind,
    component: u8,
    thread: &Thread,
    cta: &CtaFacts,
    clock: u64,
) -> u64 {
    use SpecialKind as K;
    // A vector register's fourth component (`.w`) reads 0.
    let c = usize::from(component);
    let pick = |v: [u32; 3]| v.get(c).map_or(0, |&x| u64::from(x));
    let lane = thread.lane & 31;
    match kind {
        K::Tid => pick(thread.tid),
        K::Ntid => pick(thread.ntid),
        K::Ctaid => pick(thread.ctaid),
        K::Nctaid => pick(thread.nctaid),
        K::Laneid => u64::from(lane),
        K::Warpid => u64::from(thread.warp),
        // An SM's warp slots (2048 threads), as the H100 answers
        // (`ours/ptx/vector_components`).
        K::Nwarpid => 64,
        K::LanemaskEq => 1 << lane,
        K::LanemaskLt => (1u64 << lane) - 1,
        K::LanemaskLe => (1u64 << (lane + 1)) - 1,
        K::LanemaskGt => 0xFFFF_FFFF & !((1u64 << (lane + 1)) - 1),
        K::LanemaskGe => 0xFFFF_FFFF & !((1u64 << lane) - 1),
        K::Clock | K::GlobaltimerLo => clock & 0xFFFF_FFFF,
        K::ClockHi | K::GlobaltimerHi => clock >> 32,
        K::Clock64 | K::Globaltimer => clock,
        K::Smid => u64::from(cta.smid),
        K::Nsmid => u64::from(SMS),
        K::DynamicSmemSize => cta.dynamic_shared,
        // As the H100 answers them (`ours/smem/*`): the CTA's own bytes
        // rounded up to 128; those and the reserved region unrounded.
        K::TotalSmemSize => cta.own_shared.next_multiple_of(128),
        K::AggrSmemSize => cta.own_shared + cta.reserved,
        K::ReservedSmemOffsetBegin | K::ReservedSmemOffsetN => 0,
        K::ReservedSmemOffsetEnd => RESERVED_SHARED_END.min(cta.reserved),
        K::ReservedSmemOffsetCap => cta.reserved,
        // Without clusters each CTA is a cluster of one (the H100 answers
        // so, `ours/ptx/vector_components`): the cluster is the CTA's
        // index in the grid, the grid's shape counts clusters, and the CTA
        // is rank 0 at (0, 0, 0) of a 1x1x1 cluster.
        K::Clusterid => pick(thread.clusterid()),
        K::Nclusterid => pick(thread.nclusterid()),
        K::ClusterCtaid => pick(thread.cluster_ctaid()),
        K::ClusterNctaid => pick(thread.cluster),
        K::ClusterCtarank => u64::from(thread.cluster_rank()),
        K::ClusterNctarank => u64::from(thread.cluster_size()),
        K::IsExplicitCluster => u64::from(thread.explicit_cluster),
        K::Envreg => cta.envreg.get(c).map_or(0, |&x| u64::from(x)),
        K::Gridid | K::CurrentGraphExec | K::Pm | K::Pm64 => 0,
    }
}
