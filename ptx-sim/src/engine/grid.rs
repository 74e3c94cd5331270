//! The grid: which clusters are resident, which worker runs which, and when
//! a grid that waits on itself is stuck; one rule for both front-ends.
//!
//! An H100 holds at once as many CTAs as its 132 SMs have room for
//! ([`crate::engine::residency::resident`]); the others start as resident
//! ones finish. The engine keeps the same set resident and runs them in
//! *slices*: a worker takes a cluster (a CTA, without clusters), runs it
//! for a budget of steps (a module's warp steps, a closure's statements),
//! and puts it back unless it finished. A cluster whose slice made
//! progress (a thread exited, its shared memory or global memory changed)
//! goes back to the front of its worker's clusters, so that independent
//! clusters run to completion one after another; one that made none (it
//! spins, waiting for another cluster's write) goes to the back and a new
//! cluster is admitted while the SMs have room. So grid barriers,
//! semaphores and "last CTA does the fix-up" counters finish on one worker
//! as on many.
//!
//! A cluster stays on the worker that admitted it (a closure's lanes keep
//! their stacks on that worker's thread); the queue the workers share
//! holds only what the rule below needs to know of each.
//!
//! A grid in which no thread exits and no memory changes for the hang
//! limit's worth of steps, every resident cluster having itself run at
//! least half its share of them in that time, cannot finish: the launch
//! ends with [`LaunchFault::Hang`], naming where every warp stands. With a stall
//! limit, a grid whose resident clusters all spun without progress for
//! that long ends the same way.

use crate::fault::{Fault, LaunchFault, QuietSpan, ThreadFault};
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How a slice of a resident cluster ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SliceEnd {
    /// Every thread exited.
    Finished,
    /// The slice's budget was spent; `progress` tells whether a thread
    /// exited or the cluster's shared memory changed in it.
    Paused {
        /// Whether the slice made progress of its own.
        progress: bool,
        /// Whether, without progress, the cluster is busy rather than
        /// stuck: its state changes (a kernel's registers or shared
        /// memory), so the grid lets the others run first, as for a
        /// cluster without progress, but does not count the slice
        /// towards the hang limit.
        busy: bool,
    },
}

/// One resident cluster of a front-end, as the grid runs it.
pub(crate) trait Resident {
    /// Runs a slice of at most `budget` steps: how it ended and the steps
    /// it ran; a fault that stops the whole grid is an error.
    fn run(&mut self, budget: u64) -> Result<(SliceEnd, u64), Box<ThreadFault>>;

    /// Where each warp stands, for the report of a grid that hangs (a
    /// paused cluster may have to be asked).
    fn positions(&mut self) -> Vec<String>;

    /// The grid stops (`why`): the cluster ends without finishing its
    /// work.
    fn stop(&mut self, why: &Fault);
}

/// A front-end's side of a grid's run.
pub(crate) trait Front: Sync {
    /// A resident cluster.
    type Cluster: Resident;
    /// What a cluster leaves once it finished.
    type Done: Send;

    /// Cluster `index` (x fastest over the grid's clusters), starting on
    /// the calling worker.
    fn admit(&self, index: usize) -> Self::Cluster;

    /// What `cluster` leaves, once it finished (or stopped).
    fn finish(&self, cluster: &mut Self::Cluster) -> Self::Done;

    /// The global memory's count of changing writes: progress of the
    /// grid's own.
    fn changes(&self) -> u64;
}

/// How a grid runs: its clusters, workers and limits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// The grid's clusters.
    pub clusters: usize,
    /// Worker threads (the calling one among them).
    pub workers: usize,
    /// Clusters the H100 holds at once.
    pub resident: usize,
    /// Steps without progress after which a grid hangs.
    pub hang_limit: u64,
    /// Wall time without progress after which a grid hangs, if limited.
    pub stall: Option<Duration>,
    /// Steps a cluster runs before it goes back to the queue.
    pub slice: u64,
    /// Steps a cluster whose last slice made no progress runs: it most
    /// likely spins on a flag another cluster sets, so the queue comes
    /// round to that one sooner.
    pub stalled_slice: u64,
}

/// What a grid's run leaves.
pub(crate) struct Outcome<D> {
    /// What each cluster left, in cluster order (those that ran).
    pub done: Vec<(usize, D)>,
    /// The fault that stopped the grid, if one did.
    pub fault: Option<ThreadFault>,
}

/// A resident cluster as the queue knows it: its quiet steps, counted
/// since the grid's progress number `since` (none if the grid progressed
/// since).
#[derive(Clone, Copy, Default)]
struct Quiet {
    steps: u64,
    since: u64,
}

impl Quiet {
    fn in_epoch(self, epoch: u64) -> u64 {
        if self.since == epoch { self.steps } else { 0 }
    }
}

/// The queue of clusters that workers share.
struct Queue<D> {
    /// The next cluster to admit.
    next: usize,
    /// Resident clusters, running or paused, and what each has been quiet.
    resident: Vec<(usize, Quiet)>,
    finished: usize,
    /// Steps run since the last progress, and slices in that time.
    stalled_steps: u64,
    stalled_slices: usize,
    /// When the grid was first seen without progress since its last
    /// (the epoch then, and the time), looked at only by a stall limit.
    quiet_since: Option<(u64, Instant)>,
    /// The global memory's count of changing writes at the last look.
    changes: u64,
    /// How many times the grid made progress: what a cluster's quiet
    /// steps are counted since.
    epoch: u64,
    done: Vec<(usize, D)>,
    fault: Option<ThreadFault>,
    /// Where the warps of each cluster stood when the grid hung, by
    /// cluster: each worker adds those of the clusters it holds.
    positions: Vec<(usize, Vec<String>)>,
    stop: bool,
}

/// A cluster a worker holds, with whether its last slice made no progress.
struct Held<C> {
    index: usize,
    cluster: C,
    stalled: bool,
}

/// Runs every cluster of `plan` on `front`'s side, on `plan.workers`
/// workers (the calling thread one of them).
pub(crate) fn run<F: Front>(front: &F, plan: Plan) -> Outcome<F::Done> {
    let total = plan.clusters;
    let queue = Mutex::new(Queue {
        next: 0,
        resident: Vec::new(),
        finished: 0,
        stalled_steps: 0,
        stalled_slices: 0,
        quiet_since: None,
        changes: front.changes(),
        epoch: 0,
        done: Vec::new(),
        fault: None,
        positions: Vec::new(),
        stop: false,
    });
    let wake = Condvar::new();
    let limit = plan.resident.clamp(1, total.max(1));
    let workers = plan.workers.clamp(1, total.max(1));
    let worker = Worker {
        front,
        plan,
        limit,
        queue: &queue,
        wake: &wake,
    };
    if workers == 1 {
        worker.work();
    } else {
        super::workers::run(workers, &|| worker.work());
    }
    handoff::acquire(&queue);
    let mut q = queue.into_inner().unwrap_or_else(|e| e.into_inner());
    q.done.sort_by_key(|(index, _)| *index);
    q.positions.sort_by_key(|(index, _)| *index);
    if let Some(ThreadFault {
        fault: Fault::Launch(LaunchFault::Hang { positions, .. }),
        ..
    }) = &mut q.fault
    {
        positions.extend(q.positions.into_iter().flat_map(|(_, p)| p));
    }
    Outcome {
        done: q.done,
        fault: q.fault,
    }
}

/// One worker's view of the grid.
struct Worker<'a, F: Front> {
    front: &'a F,
    plan: Plan,
    /// Clusters the H100 holds at once, at most the grid's.
    limit: usize,
    queue: &'a Mutex<Queue<F::Done>>,
    wake: &'a Condvar,
}

impl<F: Front> Worker<'_, F> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue<F::Done>> {
        let q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        handoff::acquire(self.queue);
        q
    }

    fn unlock(&self, q: std::sync::MutexGuard<'_, Queue<F::Done>>) {
        handoff::release(self.queue);
        drop(q);
    }

    /// Takes clusters (its own paused ones, or new ones) and runs slices
    /// of them until the grid is done, stuck or faulted.
    fn work(&self) {
        let total = self.plan.clusters;
        // The clusters this worker admitted and has paused, the next to
        // run first.
        let mut held: VecDeque<Held<F::Cluster>> = VecDeque::new();
        loop {
            let mut q = self.lock();
            let (mut cluster, admitted) = loop {
                if q.stop || q.finished == total {
                    self.unlock(q);
                    self.wake.notify_all();
                    self.stop_all(held);
                    return;
                }
                let front_stalled = q.stalled_slices > 0 || held.is_empty();
                if q.next < total && q.resident.len() < self.limit && front_stalled {
                    let index = q.next;
                    q.next += 1;
                    let epoch = q.epoch;
                    q.resident.push((
                        index,
                        Quiet {
                            steps: 0,
                            since: epoch,
                        },
                    ));
                    self.unlock(q);
                    let cluster = self.front.admit(index);
                    break (
                        Held {
                            index,
                            cluster,
                            stalled: false,
                        },
                        true,
                    );
                }
                if let Some(cluster) = held.pop_front() {
                    self.unlock(q);
                    break (cluster, false);
                }
                // Nothing of its own to run: every cluster left is
                // resident on another worker, or waits for room.
                handoff::release(self.queue);
                q = self.wake.wait(q).unwrap_or_else(|e| e.into_inner());
                handoff::acquire(self.queue);
            };
            let budget = if cluster.stalled {
                self.plan.stalled_slice
            } else {
                self.plan.slice
            };
            let result = cluster.cluster.run(budget);
            let mut q = self.lock();
            let changes = self.front.changes();
            let changed = changes != q.changes;
            q.changes = changes;
            match result {
                Err(fault) => {
                    q.fault.get_or_insert(*fault);
                    q.stop = true;
                    held.push_front(cluster);
                }
                Ok((SliceEnd::Finished, _)) => {
                    q.finished += 1;
                    self.progress(&mut q);
                    q.resident.retain(|&(i, _)| i != cluster.index);
                    // What it leaves is taken under the lock: a front-end's
                    // `finish` only collects what the cluster holds.
                    let done = self.front.finish(&mut cluster.cluster);
                    q.done.push((cluster.index, done));
                }
                Ok((SliceEnd::Paused { progress, busy }, used)) => {
                    if progress || changed || admitted {
                        self.progress(&mut q);
                        cluster.stalled = false;
                        held.push_front(cluster);
                    } else if busy {
                        cluster.stalled = true;
                        held.push_back(cluster);
                    } else if let Some(quiet) = self.quiet_slice(&mut q, &cluster, used, budget) {
                        // Each worker adds where its clusters stand as it
                        // stops (`stop_all`).
                        q.fault.get_or_insert(ThreadFault::from(Fault::Launch(
                            LaunchFault::Hang {
                                quiet,
                                positions: Vec::new(),
                            },
                        )));
                        q.stop = true;
                        held.push_front(cluster);
                    } else {
                        cluster.stalled = true;
                        held.push_back(cluster);
                    }
                }
            }
            self.unlock(q);
            self.wake.notify_all();
        }
    }

    /// The grid made progress: every cluster's quiet steps start again.
    fn progress(&self, q: &mut Queue<F::Done>) {
        q.epoch += 1;
        q.stalled_steps = 0;
        q.stalled_slices = 0;
    }

    /// Counts a slice of `used` steps (of `budget`) in which `cluster`
    /// made no progress; how long the grid has been quiet, once it hangs.
    fn quiet_slice(
        &self,
        q: &mut Queue<F::Done>,
        cluster: &Held<F::Cluster>,
        used: u64,
        budget: u64,
    ) -> Option<QuietSpan> {
        let hang_limit = self.plan.hang_limit;
        q.stalled_steps += used;
        q.stalled_slices += 1;
        // A slice that ended before its budget could run no further: the
        // cluster waits on others alone.
        let quiet = if used < budget { hang_limit } else { used };
        let epoch = q.epoch;
        let resident = q.resident.len();
        if let Some((_, mine)) = q.resident.iter_mut().find(|(i, _)| *i == cluster.index) {
            *mine = Quiet {
                steps: mine.in_epoch(epoch).saturating_add(quiet),
                since: epoch,
            };
        }
        // Every resident cluster, those on other workers too, must itself
        // have run its share without progress: a worker the system does
        // not schedule for a while (a busy machine) stalls its cluster,
        // not the grid.
        let all_quiet = |share: u64| q.resident.iter().all(|(_, c)| c.in_epoch(epoch) >= share);
        let room = q.next == self.plan.clusters || resident >= self.limit;
        if !room {
            return None;
        }
        let share = (hang_limit / (2 * resident as u64)).max(1);
        if q.stalled_steps >= hang_limit && all_quiet(share) {
            return Some(QuietSpan::WarpSteps(q.stalled_steps));
        }
        let epoch = q.epoch;
        let since = match q.quiet_since {
            Some((e, at)) if e == epoch => at,
            _ => {
                let now = Instant::now();
                q.quiet_since = Some((epoch, now));
                now
            }
        };
        let stalled_for = since.elapsed();
        match self.plan.stall {
            Some(stall) if stalled_for >= stall && all_quiet(1) => {
                Some(QuietSpan::Seconds(stalled_for.as_secs().max(1)))
            }
            _ => None,
        }
    }

    /// The grid has stopped: the clusters this worker holds end without
    /// finishing, and what they leave is kept.
    fn stop_all(&self, mut held: VecDeque<Held<F::Cluster>>) {
        if held.is_empty() {
            return;
        }
        let why = {
            let mut q = self.lock();
            let why = q.fault.as_ref().map(|f| f.fault.clone());
            if let Some(Fault::Launch(LaunchFault::Hang { .. })) = why {
                for cluster in &mut held {
                    let positions = cluster.cluster.positions();
                    q.positions.push((cluster.index, positions));
                }
            }
            self.unlock(q);
            why
        };
        let why = why.unwrap_or(Fault::Launch(LaunchFault::Unfinished));
        for mut cluster in held {
            cluster.cluster.stop(&why);
            let done = self.front.finish(&mut cluster.cluster);
            let mut q = self.lock();
            q.done.push((cluster.index, done));
            self.unlock(q);
        }
    }
}

/// The queue's hand-offs, told to ThreadSanitizer in a build for it
/// (`--cfg ptx_sanitize="thread"`, `tools/gates/sanitizers/`): std's `Mutex`
/// and `Condvar` wait inside std, which is not instrumented there, so a
/// worker taking a cluster another one paused would seem to race with it.
/// Taking the queue acquires what its last holder released; elsewhere,
/// nothing.
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
