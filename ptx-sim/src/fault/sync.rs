//! Faults of synchronisation: a CTA that deadlocks (with who waits
//! where), a barrier that does not exist, an mbarrier count out of range,
//! a member mask that leaves out its own lane or names lanes that do not
//! exist, lanes that disagree at a collective, the cluster barrier used
//! out of order.

use super::{Ranges, by, cta_id, show};
use std::fmt;

/// Why threads could not meet: at a barrier, an mbarrier, or a warp
/// collective.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyncFault {
    /// A lane at a collective whose member mask leaves it out.
    #[error("`{instruction}`: lane {lane} is not in its own membermask {membermask:#010x}")]
    NotInMembermask {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane.
        lane: u32,
        /// The member mask it gave.
        membermask: u32,
    },
    /// A member mask naming lanes past the end of a partial warp.
    #[error("`{instruction}`: membermask {membermask:#010x} names lanes that do not exist")]
    NonexistentLanes {
        /// The instruction's table key.
        instruction: &'static str,
        /// The member mask.
        membermask: u32,
    },
    /// Every thread of a CTA that has not exited waits, and nothing they
    /// wait for can happen: who waits where, and who has exited.
    #[error("deadlock in CTA {}:{}", cta_id(.cta), listing(.waiting, .exited))]
    Deadlock {
        /// The CTA's `%ctaid`.
        cta: [u32; 3],
        /// The waiting threads, grouped by where they wait, in the order
        /// of their first thread.
        waiting: Vec<Waiting>,
        /// The threads (indices in the CTA) that have exited, in order.
        exited: Vec<usize>,
    },
    /// `barrier.cluster.arrive` twice without a `wait` between, or a
    /// `wait` without an `arrive` before it.
    #[error("`{instruction}`: {detail}")]
    ClusterBarrier {
        /// The instruction's table key.
        instruction: &'static str,
        /// Which thread, and what it did out of order.
        detail: String,
    },
    /// `bar`, `barrier` on a barrier number past the CTA's sixteen.
    #[error("barrier {barrier} does not exist (0-15)")]
    NoSuchBarrier {
        /// The barrier number given.
        barrier: u64,
    },
    /// An mbarrier arrival or expected count outside `1..=2^20-1`.
    #[error("{}: count {count} is outside 1..=2^20-1", by(.instruction, .lane))]
    ArrivalCount {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane that gave it.
        lane: Option<u32>,
        /// The count given.
        count: u64,
    },
    /// Lanes of a warp that meet at a warp collective disagree on it.
    #[error("`{instruction}`: {detail}")]
    Divergent {
        /// The instruction's table key.
        instruction: &'static str,
        /// How they disagree.
        detail: String,
    },
}

impl SyncFault {
    /// The lane the fault names, if it is about one lane's operands.
    pub fn lane(&self) -> Option<u32> {
        match self {
            SyncFault::ArrivalCount { lane, .. } => *lane,
            SyncFault::NotInMembermask { lane, .. } => Some(*lane),
            _ => None,
        }
    }

    /// The fault of lane `lane_number`'s operands: names the lane in an
    /// mbarrier count out of range, and leaves the others as they are.
    pub(crate) fn on_lane(mut self, lane_number: u32) -> SyncFault {
        if let SyncFault::ArrivalCount { lane, .. } = &mut self {
            *lane = Some(lane_number);
        }
        self
    }
}

/// ` threads 0-31 wait at ...; threads 32-63 have exited`.
fn listing<'a>(waiting: &'a [Waiting], exited: &'a [usize]) -> impl fmt::Display + 'a {
    show(move |f| {
        for w in waiting {
            write!(f, " threads {} wait at {};", Ranges(&w.threads), w.at)?;
        }
        if exited.is_empty() {
            f.write_str(" no thread has exited")
        } else {
            write!(f, " threads {} have exited", Ranges(exited))
        }
    })
}

/// Threads of a deadlocked CTA that wait at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Where they wait.
    pub at: WaitSite,
    /// The threads (indices in the CTA, x fastest), in increasing order.
    pub threads: Vec<usize>,
}

/// Where a thread of a deadlocked CTA waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitSite {
    /// A warp collective (`shfl.sync`, `vote.sync`, `mma.sync`, ...).
    Collective {
        /// The instruction's table key.
        instruction: &'static str,
        /// The warp's index in the CTA.
        warp: usize,
        /// The member mask (`None`: `.aligned`, the whole warp).
        membermask: Option<u32>,
    },
    /// `activemask`.
    ActiveMask,
    /// A warp-wide memory access (`st`, `atom`, `red`, `ld.shared`).
    Access {
        /// The instruction's table key.
        instruction: &'static str,
    },
    /// A lane letting the others run (an `mbarrier.try_wait` that would
    /// block).
    Yield,
    /// The cluster barrier (`barrier.cluster.wait`).
    ClusterBarrier {
        /// The rank of the waiting threads' CTA in the cluster.
        rank: u32,
        /// How many threads of the cluster it waits for.
        expected: usize,
        /// How many arrived.
        arrived: usize,
    },
    /// A CTA barrier (`bar.sync`, `barrier`, `bar.red`).
    Barrier {
        /// The instruction's table key.
        instruction: &'static str,
        /// The barrier's number (0-15).
        barrier: u32,
        /// How many threads it waits for.
        expected: usize,
    },
}

impl fmt::Display for WaitSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WaitSite::Collective {
                instruction,
                warp,
                membermask: None,
            } => write!(
                f,
                "`{instruction}` (warp {warp}, membermask aligned: whole warp)"
            ),
            WaitSite::Collective {
                instruction,
                warp,
                membermask: Some(mask),
            } => write!(f, "`{instruction}` (warp {warp}, membermask {mask:#010x})"),
            WaitSite::ActiveMask => f.write_str("`activemask`"),
            WaitSite::Access { instruction } => write!(f, "`{instruction}`"),
            WaitSite::Yield => f.write_str("a yield"),
            WaitSite::Barrier {
                instruction,
                barrier,
                expected,
            } => write!(
                f,
                "`{instruction}` barrier {barrier} ({expected} threads expected)"
            ),
            WaitSite::ClusterBarrier {
                rank,
                expected,
                arrived,
            } => write!(
                f,
                "`barrier.cluster.wait` in the CTA of rank {rank} ({arrived} of {expected} threads of the cluster arrived)"
            ),
        }
    }
}
