//! CTA-level synchronisation, the family of `ptx_core`'s `table/sync.rs`:
//! the CTA barriers `bar`/`barrier` (`.sync`, `.arrive`, `.red`), the
//! fences (a CTA runs one lane at a time, so within it accesses are
//! already ordered; across CTAs on different workers a fence is the
//! host's sequentially consistent fence) and the `mbarrier` object
//! ([`mbarrier`]).
//!
//! Each function is the lane side: it deposits the lane's slots at a
//! rendezvous (see [`crate::lane::Lane::rendezvous`]) and returns once every lane it
//! waits for has arrived. Outside a launch they fault, naming the
//! instruction.

pub mod barrier_op;
pub mod mbarrier;

use crate::exec::SemResult;
use crate::fault::{Fault, ProgramFault};
use crate::lane::{Lane, WaitKind};
use barrier_op::BarrierOp;
use ptx_core::Mods;
use ptx_core::Semantics;

/// `bar`/`barrier` `.sync`, `.arrive`, `.red`: CTA barriers 0-15 with an
/// optional thread count `b` (all threads of the CTA when left out).
#[inline]
pub fn bar<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    barrier_op(lane, Semantics::Bar, m, s)
}

/// `barrier` (the non-`.aligned` spelling of `bar`).
#[inline]
pub fn barrier<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    barrier_op(lane, Semantics::Barrier, m, s)
}

/// `barrier.cluster.arrive{.relaxed}{.aligned}`: the thread arrives at
/// its cluster's barrier, without waiting (see
/// [`crate::machine::Launch::cluster`]; a CTA launched without clusters is
/// a cluster of one).
#[inline]
pub fn barrier_cluster_arrive<L: Lane>(lane: &mut L, _: &Mods, _: &mut [u64]) -> SemResult {
    lane.cluster_arrive()
        .unwrap_or_else(|| Err(needs_launch(Semantics::BarrierClusterArrive)))
}

/// `barrier.cluster.wait{.aligned}`: the thread waits until every thread
/// of its cluster that has not exited has arrived in the phase it arrived
/// in. A wait without an arrival before it is an error.
#[inline]
pub fn barrier_cluster_wait<L: Lane>(lane: &mut L, m: &Mods, _: &mut [u64]) -> SemResult {
    lane.cluster_wait(m)
        .unwrap_or_else(|| Err(needs_launch(Semantics::BarrierClusterWait)))
}

/// The fault of CTA or cluster synchronisation `sem` outside a launch.
fn needs_launch(sem: Semantics) -> Fault {
    Fault::needs_launch(sem.key(), None)
}

fn barrier_op<L: Lane>(lane: &mut L, sem: Semantics, m: &Mods, s: &mut [u64]) -> SemResult {
    let op = BarrierOp::decode(m, s)?;
    if op.arrive {
        return lane.barrier_arrive(op.id).ok_or_else(|| needs_launch(sem));
    }
    let kind = WaitKind::Barrier {
        id: op.id,
        count: op.count,
    };
    lane.rendezvous(sem, m, kind, s)
}

/// `fence`, `membar`: a CTA runs one lane at a time, so its own accesses
/// are already ordered; CTAs that run in parallel on other workers see
/// this thread's accesses before and after the fence in that order (a
/// sequentially consistent fence of the host).
#[inline]
pub fn fence(_: &Mods, _: &mut [u64]) -> SemResult {
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
    Ok(())
}

/// `trap`: the thread stops with an error (on a GPU, the launch fails
/// with an illegal-instruction error).
///
/// ```
/// use ptx_sim::fault::{Fault, ProgramFault};
/// assert_eq!(ptx_sim::sem::sync::trap(&Default::default(), &mut []), Err(Fault::Program(ProgramFault::Trap)));
/// ```
#[inline]
pub fn trap(_: &Mods, _: &mut [u64]) -> SemResult {
    Err(Fault::Program(ProgramFault::Trap))
}

/// `brkpt`: a breakpoint. With no debugger attached the GPU stops the
/// launch at it, so the thread stops with an error.
///
/// ```
/// use ptx_sim::fault::{Fault, ProgramFault};
/// assert_eq!(ptx_sim::sem::sync::brkpt(&Default::default(), &mut []), Err(Fault::Program(ProgramFault::Breakpoint)));
/// ```
#[inline]
pub fn brkpt(_: &Mods, _: &mut [u64]) -> SemResult {
    Err(Fault::Program(ProgramFault::Breakpoint))
}

/// `nanosleep.u32 t`: a hint that the thread may wait up to `t`
/// nanoseconds; it changes no value, so it runs as a no-op.
#[inline]
pub fn nanosleep(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}

/// `pmevent`: signals an event to the performance monitors, which the
/// simulator has none of; it changes no value.
#[inline]
pub fn pmevent(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}
