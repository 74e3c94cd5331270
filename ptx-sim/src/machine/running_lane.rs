//! The lane handle of `ptx!` code ([`RunningLane`]): a statement's code is
//! handed no handle of its own, so the handle finds the lane that runs on
//! this OS thread through [`super::current`], and outside a launch is the
//! calling thread itself.

use super::Thread;
use super::cta::{CtaCore, Wait};
use super::current::{get, rendezvous, thread, with_lane};
use crate::exec::SemResult;
use crate::lane::{Lane, Memories, WaitKind};
use crate::memory::in_flight::InFlight;
use crate::memory::peers::Peers;
use ptx_core::Semantics;

/// The lane that runs on this OS thread, as the semantic functions reach
/// it (see [`Lane`]); outside a launch, the calling thread itself, with
/// the carry flag of [`super::context`] and no memory but what an
/// instruction names itself.
///
/// ```
/// use ptx_sim::lane::Lane;
/// use ptx_sim::machine::RunningLane;
/// assert!(RunningLane.thread().is_none());
/// let lanes = ptx_sim::machine::warp32(|_| RunningLane.thread().map(|t| t.lane)).unwrap();
/// assert_eq!(lanes[7], Some(7));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RunningLane;

impl Lane for RunningLane {
    #[inline]
    fn thread(&self) -> Option<Thread> {
        thread()
    }

    #[inline]
    fn with_carry<R>(&mut self, f: impl FnOnce(&mut bool) -> R) -> R {
        super::context::with_carry(f)
    }

    #[inline(always)]
    fn rendezvous(
        &mut self,
        sem: Semantics,
        m: &ptx_core::Mods,
        kind: WaitKind,
        s: &mut [u64],
    ) -> SemResult {
        rendezvous(Wait::new(sem, m, kind, s.len())?, s)
    }

    #[inline]
    fn with_own_memories<R>(&mut self, local: bool, f: impl FnOnce(&mut Memories<'_>) -> R) -> R {
        let ptr = get();
        if ptr.is_null() {
            return f(&mut Memories::alone(&mut []));
        }
        // SAFETY: see `with_lane`.
        let ctx = unsafe { &*ptr };
        // SAFETY: as in `with_lane`, the CTA outlives its lanes.
        let cta = unsafe { &*ctx.cta };
        let mut own = local.then(|| cta.local(ctx.seat.index));
        f(&mut Memories {
            shared: &mut [],
            peers: Peers::alone(),
            local: own.as_deref_mut(),
            launch: Some(&cta.launch),
        })
    }

    #[inline]
    fn with_cta_memories<R>(&mut self, f: impl FnOnce(&mut Memories<'_>) -> R) -> Option<R> {
        with_lane(|cta, _| cta.with_memories(|mut memories| f(&mut memories)))
    }

    fn with_copies<R>(
        &mut self,
        unseen: bool,
        f: impl FnOnce(&mut InFlight, &mut Memories<'_>) -> R,
    ) -> Option<R> {
        with_lane(|cta, index| {
            cta.finish_lanes_with(drain_lane);
            if unseen && let Some(observer) = cta.observer.borrow_mut().as_deref_mut() {
                observer.unseen_writes();
            }
            let mut in_flight = cta.in_flight(index);
            cta.with_memories(|mut memories| f(&mut in_flight, &mut memories))
        })
    }

    fn barrier_arrive(&mut self, id: u32) -> Option<()> {
        with_lane(|cta, index| {
            let mut barriers = cta.barriers.borrow_mut();
            let barrier = &mut barriers[id as usize];
            barrier.arrived += 1;
            barrier.warps |= 1 << (index / 32 % 32);
        })
    }

    fn cluster_arrive(&mut self) -> Option<SemResult> {
        with_lane(|cta, index| {
            cta.link().arrive(cta.rank, index)?;
            if let Some(observer) = cta.observer.borrow_mut().as_deref_mut() {
                observer.cluster_arrive((index / 32) as u32);
            }
            Ok(())
        })
    }

    fn cluster_wait(&mut self, m: &ptx_core::Mods) -> Option<SemResult> {
        let done = match with_lane(|cta, index| cta.link().wait(cta.rank, index))? {
            Ok(done) => done,
            Err(fault) => return Some(Err(fault)),
        };
        if !done
            && let Err(fault) =
                self.rendezvous(Semantics::BarrierClusterWait, m, WaitKind::Cluster, &mut [])
        {
            return Some(Err(fault));
        }
        with_lane(|cta, index| {
            if let Some(observer) = cta.observer.borrow_mut().as_deref_mut() {
                observer.cluster_wait((index / 32) as u32);
            }
        });
        Some(Ok(()))
    }
}

/// Completes the copies lane `index` of `cta` left in flight when its code
/// returned (each was checked when issued, so none faults).
fn drain_lane(cta: &CtaCore, index: usize) {
    let _ = cta.with_memories(|mut memories| {
        crate::sem::async_copy::drain(&mut cta.in_flight(index), &mut memories)
    });
}
