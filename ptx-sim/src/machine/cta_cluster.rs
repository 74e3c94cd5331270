//! What the CTAs of one thread-block cluster of a closure launch share:
//! their shared memories, which each reaches in the others through
//! `.shared::cluster` addresses (distributed shared memory), and the
//! cluster barrier (`barrier.cluster.arrive` / `wait`).
//!
//! The CTAs of a cluster run on one OS thread, taking turns (see
//! `scheduler::run_cluster`), so what they share needs no lock. A CTA
//! launched without clusters is a cluster of one: it keeps its shared
//! memory in its own core, and its threads alone make up the cluster
//! barrier.
//!
//! The barrier completes a phase as soon as every thread of the cluster
//! that has not exited has arrived: at the last arrival, or at the exit
//! of the last thread it waited for. The lanes that wait for the phase
//! are then answered, in whichever CTA they are, and resume at their
//! CTA's next resolution.

use crate::engine::cluster::ClusterBarrier;
use crate::fault::{Fault, WaitSite};
use std::cell::RefCell;

/// What the cluster asks of each of its CTAs (`cta.rs`'s core is one).
pub(crate) trait Member {
    /// How many of its threads have not finished.
    fn live(&self) -> u32;
    /// One of its threads reached the barrier: from now on it tells the
    /// cluster of every thread that exits (see [`ClusterLink::exit`]).
    fn count_exits(&self);
    /// Answers its lanes `lanes` of warp `warp`, which waited for the
    /// barrier's phase that completed.
    fn release(&self, warp: usize, lanes: u32);
}

/// The state the CTAs of one cluster share.
pub(crate) struct ClusterLink {
    /// How many CTAs the cluster has: read at every warp access (see
    /// `CtaCore::with_memories`), so kept apart from `cores`.
    size: u32,
    /// Each CTA's shared memory, by rank, in a cluster of more than one
    /// (a CTA alone keeps its own in its core).
    pub shared: RefCell<Vec<Vec<u8>>>,
    barrier: RefCell<ClusterBarrier>,
    /// The cluster's CTAs, by rank (see [`ClusterLink::attach`]).
    cores: RefCell<Vec<*const dyn Member>>,
}

impl ClusterLink {
    /// The link of a cluster of `ctas` CTAs of `threads_per_cta` threads;
    /// `shared` is each CTA's shared memory when there is more than one.
    pub(crate) fn new(ctas: usize, threads_per_cta: usize, shared: Vec<Vec<u8>>) -> ClusterLink {
        ClusterLink {
            size: ctas as u32,
            shared: RefCell::new(shared),
            barrier: RefCell::new(ClusterBarrier::new(ctas, threads_per_cta)),
            cores: RefCell::new(Vec::with_capacity(ctas)),
        }
    }

    /// How many CTAs the cluster has.
    #[inline]
    pub(crate) fn size(&self) -> u32 {
        self.size
    }

    /// Makes `member` the CTA of the next rank. Each CTA is attached
    /// before any lane of the cluster runs, and the link outlives them
    /// all (`CtaCore::join` attaches its core).
    pub(crate) fn attach(&self, member: &(dyn Member + 'static)) {
        self.cores.borrow_mut().push(member);
    }

    /// Threads of the cluster that have not exited.
    fn live(&self) -> u32 {
        self.cores
            .borrow()
            .iter()
            // SAFETY: as in `settle`.
            .map(|&core| unsafe { &*core }.live())
            .sum()
    }

    /// Thread `thread` of the CTA of rank `rank` arrives at the cluster
    /// barrier.
    pub(crate) fn arrive(&self, rank: u32, thread: usize) -> Result<(), Fault> {
        if let Some(&core) = self.cores.borrow().get(rank as usize) {
            // SAFETY: as in `settle`.
            unsafe { &*core }.count_exits();
        }
        self.barrier.borrow_mut().arrive(rank, thread)?;
        self.settle();
        Ok(())
    }

    /// Thread `thread` of the CTA of rank `rank` reaches
    /// `barrier.cluster.wait`: whether the phase it arrived in has
    /// completed; if not, it is recorded as waiting, and must wait
    /// ([`super::WaitKind::Cluster`]) until the phase completes.
    pub(crate) fn wait(&self, rank: u32, thread: usize) -> Result<bool, Fault> {
        let mut barrier = self.barrier.borrow_mut();
        let done = barrier.wait(rank, thread)?;
        if !done {
            barrier.block(rank, (thread / 32) as u32, 1 << (thread % 32));
        }
        Ok(done)
    }

    /// Thread `thread` of the CTA of rank `rank` has exited (and is
    /// counted as finished): the barrier no longer waits for it.
    pub(crate) fn exit(&self, rank: u32, thread: usize) {
        self.barrier.borrow_mut().exit(rank, thread);
        self.settle();
    }

    /// Completes the barrier's phase if every thread that has not exited
    /// arrived, answering the lanes that waited for it.
    fn settle(&self) {
        if self.barrier.borrow().arrived == 0 {
            // Nothing to complete: no need to count who is live.
            return;
        }
        let live = self.live();
        let released = self.barrier.borrow_mut().settle(live);
        if released.is_empty() {
            return;
        }
        let cores = self.cores.borrow();
        for (rank, warp, lanes) in released {
            if let Some(&core) = cores.get(rank as usize) {
                // SAFETY: the cores outlive the cluster's run (see
                // `attach`), and only shared references to them exist.
                unsafe { &*core }.release(warp as usize, lanes);
            }
        }
    }

    /// Where a thread of the CTA of rank `rank` waiting at the cluster
    /// barrier waits, for a deadlock's report.
    pub(crate) fn wait_site(&self, rank: u32) -> WaitSite {
        WaitSite::ClusterBarrier {
            rank,
            expected: self.live() as usize,
            arrived: self.barrier.borrow().arrived as usize,
        }
    }
}
