//! CTA-level synchronisation, the family of `ptx_core`'s `table/sync.rs`:
//! the CTA barriers `bar`/`barrier` (`.sync`, `.arrive`, `.red`), the
//! fences (a CTA runs one lane at a time, so within it accesses are
//! already ordered; across CTAs on different workers a fence is the
//! host's sequentially consistent fence) and the `mbarrier` object
//! ([`mbarrier`]).
//!
//! Each function is the lane side: it deposits the lane's slots at a
//! rendezvous (see [`crate::machine`]) and returns once every lane it
//! waits for has arrived. Outside a launch they fault, naming the
//! instruction.

pub mod mbarrier;

use crate::exec::SemResult;
use crate::fault::{Fault, LaunchFault, ProgramFault};
use crate::machine::barrier::BarrierOp;
use crate::machine::{Wait, WaitKind, current};
use ptx_core::Mods;
use ptx_core::Semantics;

/// `bar`/`barrier` `.sync`, `.arrive`, `.red`: CTA barriers 0-15 with an
/// optional thread count `b` (all threads of the CTA when left out).
#[inline]
pub fn bar(m: &Mods, s: &mut [u64]) -> SemResult {
    barrier_op(Semantics::Bar, m, s)
}

/// `barrier` (the non-`.aligned` spelling of `bar`).
#[inline]
pub fn barrier(m: &Mods, s: &mut [u64]) -> SemResult {
    barrier_op(Semantics::Barrier, m, s)
}

/// `barrier.cluster.arrive{.relaxed}{.aligned}`: the thread arrives at
/// its cluster's barrier, without waiting (see
/// [`crate::machine::Launch::cluster`]; a CTA launched without clusters is
/// a cluster of one).
#[inline]
pub fn barrier_cluster_arrive(_: &Mods, _: &mut [u64]) -> SemResult {
    current::with_lane(|cta, index| {
        cta.link().arrive(cta.rank, index)?;
        if let Some(check) = cta.check.borrow_mut().as_deref_mut() {
            check.cluster_arrive((index / 32) as u32);
        }
        Ok(())
    })
    .unwrap_or(Err(Fault::Launch(LaunchFault::NeedsLaunch {
        instruction: Semantics::BarrierClusterArrive.key(),
        memory: None,
    })))
}

/// `barrier.cluster.wait{.aligned}`: the thread waits until every thread
/// of its cluster that has not exited has arrived in the phase it arrived
/// in. A wait without an arrival before it is an error.
#[inline]
pub fn barrier_cluster_wait(m: &Mods, s: &mut [u64]) -> SemResult {
    let sem = Semantics::BarrierClusterWait;
    let done = current::with_lane(|cta, index| cta.link().wait(cta.rank, index)).ok_or(
        Fault::Launch(LaunchFault::NeedsLaunch {
            instruction: sem.key(),
            memory: None,
        }),
    )??;
    if !done {
        current::rendezvous(Wait::new(sem, m, WaitKind::Cluster, 0)?, &mut s[..0])?;
    }
    current::with_lane(|cta, index| {
        if let Some(check) = cta.check.borrow_mut().as_deref_mut() {
            check.cluster_wait((index / 32) as u32);
        }
    });
    Ok(())
}

fn barrier_op(sem: Semantics, m: &Mods, s: &mut [u64]) -> SemResult {
    let op = BarrierOp::decode(m, s)?;
    if op.arrive {
        return current::with_lane(|cta, index| {
            let mut barriers = cta.barriers.borrow_mut();
            let barrier = &mut barriers[op.id as usize];
            barrier.arrived += 1;
            barrier.warps |= 1 << (index / 32 % 32);
        })
        .ok_or_else(|| {
            Fault::Launch(LaunchFault::NeedsLaunch {
                instruction: sem.key(),
                memory: None,
            })
        });
    }
    let wait = Wait::new(
        sem,
        m,
        WaitKind::Barrier {
            id: op.id,
            count: op.count,
        },
        s.len(),
    )?;
    current::rendezvous(wait, s)
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
