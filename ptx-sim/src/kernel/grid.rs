//! The grid: which CTAs are resident, which worker runs which, and when a
//! grid that waits on itself is stuck.
//!
//! An H100 holds at once as many CTAs as its 132 SMs have room for
//! ([`crate::machine::grid::resident`]); the others start as resident ones
//! finish. The simulator
//! keeps the same set resident, each CTA's whole state a value, and runs
//! them in *slices*: a worker takes a CTA, runs it for a budget of steps
//! (see [`super::cta`]), and puts it back unless it finished. A CTA whose
//! slice made progress (a thread exited, or global memory changed) goes
//! back to the front, so that independent CTAs run to completion one after
//! another; one that made none (it spins, waiting for another CTA's write)
//! goes to the back and a new CTA is admitted while the SMs have room. So
//! grid barriers, semaphores and "last CTA does the fix-up" counters
//! finish on one worker as on many.
//!
//! A grid in which no thread exits and no global memory changes for the
//! hang limit's worth of steps, every resident CTA having itself run at
//! least half its share of them in that time, cannot finish: the launch
//! ends with [`crate::fault::LaunchFault::Hang`], naming where every warp stands.

use super::cluster::Cluster;
use super::cta::{SliceEnd, Steps};
use super::load::{EntryInfo, Image};
use crate::check::Checks;
use crate::check::cta::{FindingKey, merge_findings};
use crate::fault::{Fault, LaunchFault, QuietSpan, ThreadFault};
use crate::machine::grid::resident;
use crate::machine::spaces::LaunchMemory;
use crate::machine::{Dim3, SharedStats};
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};

/// Steps a CTA runs before it goes back to the queue.
const SLICE: u64 = 1 << 15;

/// Steps a CTA whose last slice made no progress runs: it most likely
/// spins on a flag another CTA sets, so the queue comes round to that one
/// sooner (a chain of 132 CTAs, each waiting for the next, on one worker:
/// about 285 million steps with full slices, 17 million with these;
/// `tests/kernels.rs`).
const STALLED_SLICE: u64 = 1 << 10;

/// What a grid's run needs.
pub(crate) struct Grid<'a> {
    pub image: &'a Image,
    pub function: u32,
    pub entry: &'a EntryInfo,
    pub launch: &'a LaunchMemory,
    pub grid: Dim3,
    pub block: Dim3,
    /// The clusters' shape (1x1x1 without clusters), and whether the
    /// launch asked for clusters.
    pub cluster: Dim3,
    pub explicit_cluster: bool,
    /// Shared memory of a CTA: the reserved region, static and dynamic.
    pub shared: usize,
    pub dynamic_shared: u64,
    pub workers: usize,
    pub hang_limit: u64,
    /// The sanitizer's checks.
    pub checks: Checks,
    /// The seed of a varied schedule, if the launch asked for one.
    pub schedule: Option<u64>,
}

/// What a grid's run leaves besides global memory.
pub(crate) struct Outcome {
    pub stats: SharedStats,
    pub steps: Steps,
    /// What the threads printed, CTA by CTA.
    pub output: Vec<u8>,
    /// Each CTA's shared memory at the end, when asked for.
    pub faults: Vec<ThreadFault>,
    /// What the sanitizer found, one fault per finding, in CTA order.
    pub findings: Vec<ThreadFault>,
}

/// The queue of resident CTAs that workers share.
struct Queue {
    /// Resident clusters not running now.
    paused: VecDeque<Box<Cluster>>,
    /// The next cluster to admit.
    next: usize,
    /// Clusters running on a worker now.
    running: usize,
    finished: usize,
    /// Steps run since the last progress, and slices in that time.
    stalled_steps: u64,
    stalled_slices: usize,
    /// The global memory's count of changing writes at the last look.
    changes: u64,
    /// How many times the grid made progress: what a cluster's quiet
    /// steps are counted since.
    epoch: u64,
    /// The clusters running on a worker now: index, and the epoch and
    /// quiet steps when taken.
    in_flight: Vec<(usize, u64, u64)>,
    outputs: Vec<(usize, Vec<u8>)>,
    stats: SharedStats,
    steps: Steps,
    faults: Vec<ThreadFault>,
    /// The sanitizer's findings, by the index of the cluster's first CTA.
    findings: Vec<(usize, Vec<(FindingKey, ThreadFault)>)>,
    stop: bool,
}

impl Grid<'_> {
    /// Runs every CTA of the grid, a cluster at a time.
    pub(crate) fn run(&self) -> Outcome {
        let size = self.cluster.count();
        let total = self.grid.count() / size;
        let own = self.shared - crate::machine::grid::SHARED_RESERVED_PER_CTA;
        let limit = (resident(self.block.count(), own) / size).clamp(1, total.max(1));
        let queue = Mutex::new(Queue {
            paused: VecDeque::new(),
            next: 0,
            running: 0,
            finished: 0,
            stalled_steps: 0,
            stalled_slices: 0,
            changes: self.launch.global.changes(),
            epoch: 0,
            in_flight: Vec::new(),
            outputs: Vec::new(),
            stats: SharedStats::default(),
            steps: Steps::default(),
            faults: Vec::new(),
            findings: Vec::new(),
            stop: false,
        });
        let wake = Condvar::new();
        let workers = self.workers.max(1).min(total.max(1));
        if workers == 1 {
            self.work(&queue, &wake, total, limit);
        } else {
            std::thread::scope(|scope| {
                let spawned: Vec<_> = (0..workers)
                    .map(|_| scope.spawn(|| self.work(&queue, &wake, total, limit)))
                    .collect();
                // Each worker joined here, not at the scope's end: a join is
                // a `pthread_join`, which ThreadSanitizer sees.
                for worker in spawned {
                    if let Err(panic) = worker.join() {
                        std::panic::resume_unwind(panic);
                    }
                }
            });
        }
        handoff::acquire(&queue);
        let mut q = queue.into_inner().unwrap_or_else(|e| e.into_inner());
        q.outputs.sort_by_key(|(linear, _)| *linear);
        q.findings.sort_by_key(|(linear, _)| *linear);
        Outcome {
            stats: q.stats,
            steps: q.steps,
            output: q.outputs.into_iter().flat_map(|(_, o)| o).collect(),
            faults: q.faults,
            findings: merge_findings(q.findings.into_iter().map(|(_, f)| f)),
        }
    }

    /// One worker: takes clusters and runs slices of them until the grid
    /// is done, stuck or faulted.
    fn work(&self, queue: &Mutex<Queue>, wake: &Condvar, total: usize, limit: usize) {
        let lock = || {
            let q = queue.lock().unwrap_or_else(|e| e.into_inner());
            handoff::acquire(queue);
            q
        };
        loop {
            let mut q = lock();
            let (mut cta, admitted) = loop {
                if q.stop || q.finished == total {
                    handoff::release(queue);
                    wake.notify_all();
                    return;
                }
                let resident = q.paused.len() + q.running;
                let front_stalled = q.stalled_slices > 0 || q.paused.is_empty();
                if q.next < total && resident < limit && front_stalled {
                    let linear = q.next;
                    q.next += 1;
                    q.running += 1;
                    let cta = Cluster::new(
                        self.image,
                        self.function,
                        linear,
                        self.grid,
                        self.block,
                        self.cluster,
                        self.explicit_cluster,
                        self.shared,
                        self.checks,
                        self.schedule,
                    );
                    let epoch = q.epoch;
                    q.in_flight.push((linear, epoch, 0));
                    break (Box::new(cta), true);
                }
                if let Some(cta) = q.paused.pop_front() {
                    q.running += 1;
                    let epoch = q.epoch;
                    q.in_flight.push((cta.index, epoch, cta.quiet_in(epoch)));
                    break (cta, false);
                }
                if q.running == 0 {
                    // Nothing runs and nothing waits: every CTA is done.
                    handoff::release(queue);
                    return;
                }
                handoff::release(queue);
                q = wake.wait(q).unwrap_or_else(|e| e.into_inner());
                handoff::acquire(queue);
            };
            handoff::release(queue);
            drop(q);
            let budget = if cta.stalled { STALLED_SLICE } else { SLICE };
            let result = cta.run(
                self.image,
                self.entry,
                self.launch,
                self.dynamic_shared,
                budget,
            );
            let mut q = lock();
            q.running -= 1;
            q.in_flight.retain(|&(index, _, _)| index != cta.index);
            let changes = self.launch.global.changes();
            let changed = changes != q.changes;
            q.changes = changes;
            match result {
                Err(fault) => {
                    q.faults.push(*fault);
                    q.stop = true;
                }
                Ok(SliceEnd::Finished) => {
                    q.finished += 1;
                    q.epoch += 1;
                    q.stalled_steps = 0;
                    q.stalled_slices = 0;
                    let (outputs, stats, steps) = cta.finish();
                    let findings = cta.findings(self.image);
                    if !findings.is_empty() {
                        let first = outputs.first().map_or(0, |(linear, _)| *linear);
                        q.findings.push((first, findings));
                    }
                    q.outputs.extend(outputs);
                    q.stats.merge(&stats);
                    q.steps.add(steps);
                }
                Ok(SliceEnd::Paused { progress }) => {
                    if progress || changed || admitted {
                        q.epoch += 1;
                        q.stalled_steps = 0;
                        q.stalled_slices = 0;
                        cta.stalled = false;
                        q.paused.push_front(cta);
                    } else {
                        q.stalled_steps += cta.used;
                        q.stalled_slices += 1;
                        // A slice that ended before its budget could run
                        // no further: the cluster waits on others alone.
                        let quiet = if cta.used < budget {
                            self.hang_limit
                        } else {
                            cta.used
                        };
                        cta.quiet = cta.quiet_in(q.epoch).saturating_add(quiet);
                        cta.quiet_since = q.epoch;
                        let resident = q.paused.len() + q.running + 1;
                        // Every resident cluster, those on other workers
                        // too, must itself have run its share without
                        // progress: a worker the system does not schedule
                        // for a while (a busy machine) stalls its cluster,
                        // not the grid.
                        let share = (self.hang_limit / (2 * resident as u64)).max(1);
                        let epoch = q.epoch;
                        let all_quiet = cta.quiet >= share
                            && q.paused.iter().all(|c| c.quiet_in(epoch) >= share)
                            && q.in_flight
                                .iter()
                                .all(|&(_, e, quiet)| e == epoch && quiet >= share);
                        // (Every resident cluster quiet in this epoch
                        // has had a stalled slice in it: no count of
                        // slices is needed besides.)
                        if q.stalled_steps >= self.hang_limit
                            && all_quiet
                            && (q.next == total || resident >= limit)
                        {
                            let mut positions = cta.positions(self.image);
                            for other in &q.paused {
                                positions.extend(other.positions(self.image));
                            }
                            let steps = q.stalled_steps;
                            q.faults
                                .push(ThreadFault::from(Fault::Launch(LaunchFault::Hang {
                                    quiet: QuietSpan::WarpSteps(steps),
                                    positions,
                                })));
                            q.stop = true;
                        } else {
                            cta.stalled = true;
                            q.paused.push_back(cta);
                        }
                    }
                }
            }
            handoff::release(queue);
            drop(q);
            wake.notify_all();
        }
    }
}

/// The queue's hand-offs, told to ThreadSanitizer in a build for it
/// (`--cfg ptx_sanitize="thread"`, `tools/gates/sanitizers/`): std's `Mutex` and
/// `Condvar` wait inside std, which is not instrumented there, so a worker
/// taking a CTA another one paused would seem to race with it. Taking the
/// queue acquires what its last holder released; elsewhere, nothing.
mod handoff {
    #[cfg(ptx_sanitize = "thread")]
    unsafe extern "C" {
        fn __tsan_acquire(addr: *mut core::ffi::c_void);
        fn __tsan_release(addr: *mut core::ffi::c_void);
    }

    /// The caller now holds `lock`: it sees what the holders before did.
    #[inline(always)]
    pub(super) fn acquire<T>(lock: &T) {
        #[cfg(ptx_sanitize = "thread")]
        // SAFETY: ThreadSanitizer only records the address.
        unsafe {
            __tsan_acquire(std::ptr::from_ref(lock).cast_mut().cast())
        };
        let _ = lock;
    }

    /// The caller is about to let go of `lock`: what it did is published
    /// to the next holder.
    #[inline(always)]
    pub(super) fn release<T>(lock: &T) {
        #[cfg(ptx_sanitize = "thread")]
        // SAFETY: as in `acquire`.
        unsafe {
            __tsan_release(std::ptr::from_ref(lock).cast_mut().cast())
        };
        let _ = lock;
    }
}
