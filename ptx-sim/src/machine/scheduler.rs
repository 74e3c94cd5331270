//! The deterministic scheduler of one CTA.
//!
//! Lanes start in index order, each running until it finishes or waits at
//! a collective or barrier; a fiber whose lane finished starts the next
//! lane itself, and a lane that waits lays out a new fiber for the next
//! one and switches to it. Once every lane has finished or waits, the
//! rendezvous that can be resolved are (`CtaCore::resolve`), and the lanes
//! they release resume in index order, each again until it finishes or
//! waits; then the next resolution, and so on until every lane has
//! finished.
//!
//! Resolution ends by queuing the released lanes' fibers in lane order
//! (`ready.rs`); a lane that stops takes the next fiber off the queue and
//! switches straight to it, so a warp collective costs one stack switch
//! per lane (see `fiber.rs`), plus one to the CTA's thread
//! (`CtaCore::drive`), which resolves once every lane has stopped, and
//! back. The queue holds each fiber's saved stack pointer, read when it
//! was sealed (every queued lane waits, its stack pointer fixed), so a
//! lane's switch to the next waits for no lookup.

use super::cta::CtaCore;
use super::cta_cluster::ClusterLink;
use super::current::{self, LaneCtx};
use super::fiber::{Body, FiberId, Fibers, MAIN, SaveSlot, SwitchTo};
use super::ready::{Installed, ReadySet};
use super::{Dim3, Thread};
use crate::check::cta::FindingKey;
use crate::check::{Checks, CtaCheck};
use crate::fault::{Fault, LaunchFault, ProgramFault, ThreadFault};
use crate::memory::bank_counts::SharedStats;
use crate::observe::Observer;
use crate::shuffle::Shuffle;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};

impl CtaCore {
    /// The CTA's fibers.
    #[inline]
    fn fibers(&self) -> &Fibers<'static> {
        // SAFETY: `run_cta` sets the pointer to its fibers before any lane
        // runs, and they outlive every lane (dropped after the run).
        unsafe { &*self.fibers.get() }
    }

    /// The fiber to switch to once the running lane stops (waits, or has
    /// finished): the next released lane's, else a new fiber for the next
    /// unstarted lane, else the CTA's thread, which resolves (see
    /// [`CtaCore::drive`]).
    #[inline(always)]
    fn after_stop(&self) -> SwitchTo {
        match ReadySet::pop() {
            Some(target) => target,
            None => self.start_or_main(),
        }
    }

    /// A new fiber for the next unstarted lane, or the CTA's thread when
    /// every lane has started (or no fiber can be had).
    #[inline(never)]
    fn start_or_main(&self) -> SwitchTo {
        let fiber = if self.next.get() >= self.lanes.len() {
            MAIN
        } else {
            match self.fibers().spawn() {
                Ok(f) => f,
                Err(e) => {
                    self.fail_unstarted(e.to_string());
                    MAIN
                }
            }
        };
        // SAFETY: `fiber` was just spawned, or is `MAIN`.
        unsafe { self.fibers().target(fiber) }
    }

    /// The CTA's thread: runs lanes (the first fiber starts them in
    /// order, each lane that stops hands on to the next, see
    /// [`CtaCore::after_stop`]) and resolves once every lane has stopped,
    /// until every lane has finished.
    fn drive(&self, pause: Option<&dyn Fn()>) {
        let mut to = self.after_stop();
        loop {
            if to.fiber != MAIN {
                // SAFETY: the CTA's thread runs, `to` is suspended or
                // unstarted, and no borrow of the CTA is held.
                unsafe { self.fibers().switch(MAIN, to) };
                // Back here only from `start_or_main`: no lane is queued
                // and every lane has started.
            }
            // Every lane has stopped: finished, or waiting.
            if self.finished.get() == self.lanes.len() {
                return;
            }
            if self.slice.pausing.get()
                && let Some(pause) = pause
            {
                pause();
            }
            self.resolve();
            to = self.after_stop();
        }
    }

    /// No fiber can be had (`reason`): the lanes not yet started never run.
    #[cold]
    fn fail_unstarted(&self, reason: String) {
        let n = self.lanes.len();
        let first = self.next.replace(n);
        self.reported.borrow_mut().push(
            Fault::Launch(LaunchFault::NotStarted {
                threads: first..n,
                reason,
            })
            .into(),
        );
        self.finished.set(self.finished.get() + (n - first));
    }

    /// The running lane, on fiber `me` which saves its stack pointer at
    /// `save`, has deposited its wait: runs the other lanes until this
    /// one's rendezvous is answered.
    #[inline(always)]
    pub(crate) fn block(&self, me: FiberId, save: SaveSlot) {
        let to = self.after_stop();
        debug_assert_ne!(to.fiber, me, "a waiting lane is not ready");
        // SAFETY: `me` runs (this code is on its stack) and saves at
        // `save`, `to` is suspended or unstarted, and no borrow of the CTA
        // is held.
        unsafe { self.fibers().switch_from(save, me, to) };
    }

    /// The next unstarted lane, now running on fiber `me`.
    #[inline]
    fn start_next(&self, me: FiberId) -> Option<usize> {
        let t = self.next.get();
        self.fiber_of.get(t)?.set(me);
        self.next.set(t + 1);
        Some(t)
    }
}

/// What one CTA leaves besides its threads' results.
pub(crate) struct CtaOutcome {
    pub shared: Vec<u8>,
    pub stats: SharedStats,
    pub faults: Vec<ThreadFault>,
    /// What the sanitizer found, keyed for merging across CTAs.
    pub findings: Vec<(FindingKey, ThreadFault)>,
}

impl CtaOutcome {
    /// A cluster whose CTAs could not start (`reason`): its `threads`
    /// threads a CTA never ran.
    pub(crate) fn unstarted(threads: usize, reason: String) -> CtaOutcome {
        CtaOutcome {
            shared: Vec::new(),
            stats: SharedStats::default(),
            faults: vec![
                Fault::Launch(LaunchFault::NotStarted {
                    threads: 0..threads.max(1),
                    reason,
                })
                .into(),
            ],
            findings: Vec::new(),
        }
    }
}

/// Where the CTA stands in the grid, and what it checks.
pub(crate) struct CtaPlace<'a> {
    pub ctaid: [u32; 3],
    pub grid: Dim3,
    pub block: Dim3,
    /// The shape of its cluster, and whether the launch asked for clusters.
    pub cluster: Dim3,
    pub explicit_cluster: bool,
    /// The bytes of shared memory each CTA has.
    pub shared_len: usize,
    pub first_thread: usize,
    /// The sanitizer's checks, and the shared bytes given at launch.
    pub checks: Checks,
    pub shared_given: &'a [Range<usize>],
    /// The seed of a varied schedule ([`crate::machine::Launch::schedule`]).
    pub schedule: Option<u64>,
    /// When its lanes spin (see `watch.rs`).
    pub watch: super::progress::WatchLimits,
    /// What `%envreg0` to `%envreg31` read.
    pub envreg: [u32; 32],
}

/// The thread-local state of the calling thread, which a CTA replaces
/// while it runs (a launch may run inside a lane of another): the running
/// lane and the run queue. The thread's own carry flag needs no saving:
/// a lane's is kept with the lane ([`crate::machine::context::carry`]).
struct Outer {
    lane: *const LaneCtx,
    queue: Installed,
}

impl Outer {
    /// Saves the calling thread's running lane and installs `core`'s run
    /// queue.
    fn save(core: &CtaCore) -> Outer {
        Outer {
            lane: current::get(),
            queue: core.ready.install(),
        }
    }

    fn restore(self) {
        current::set(self.lane);
        ReadySet::uninstall(self.queue);
    }

    /// Installs this running lane and run queue, returning the ones
    /// installed before: what a CTA that pauses puts back for the thread
    /// (and takes back as it resumes).
    fn swap(&self) -> Outer {
        let ours = Outer {
            lane: current::get(),
            queue: ReadySet::reinstall(&self.queue),
        };
        current::set(self.lane);
        ours
    }
}

/// What a CTA that runs in slices under the grid reports as it pauses.
pub(crate) struct Paused {
    /// Statements its lanes ran in the slice.
    pub used: u64,
    /// Whether a lane finished or its shared or global memory changed.
    pub progress: bool,
    /// Where each of its warps stands, when the grid asked.
    pub positions: Option<Vec<String>>,
}

/// What the grid says to a paused CTA as it resumes it.
pub(crate) enum Resume {
    /// Run a slice of this many statements.
    Run(u64),
    /// Say where each warp stands, then wait again.
    Report,
    /// The grid stops with this fault: the CTA ends without finishing.
    Stop(Fault),
}

/// The grid's side of a CTA that runs in slices: called as it pauses
/// (on the CTA's own stack), returning how it goes on.
pub(crate) type Suspend<'a> = &'a dyn Fn(Paused) -> Resume;

/// Pauses the CTAs `cores` (one, or a cluster's) whose slice is spent,
/// the thread's own running lane and run queue (`outer`) put back while
/// they wait: reports to `suspend` and does what the grid answers.
fn pause(cores: &[&CtaCore], outer: &Outer, suspend: Suspend<'_>) {
    let mut paused = Paused {
        used: 0,
        progress: false,
        positions: None,
    };
    for core in cores {
        paused.used += core.slice.used.take();
        paused.progress |= core.slice.progress.take();
        core.slice.pausing.set(false);
    }
    let ours = outer.swap();
    let resume = loop {
        match suspend(paused) {
            Resume::Report => {
                paused = Paused {
                    used: 0,
                    progress: false,
                    positions: Some(
                        cores
                            .iter()
                            .flat_map(|c| c.positions(usize::MAX, ""))
                            .collect(),
                    ),
                }
            }
            resume => break resume,
        }
    };
    let _ = ours.swap();
    for core in cores {
        match &resume {
            Resume::Run(budget) => core.slice.budget.set(*budget),
            Resume::Stop(fault) => core.halt(fault),
            Resume::Report => {}
        }
    }
}

/// The fault a lane's panic (`payload`) reports, naming its thread: the
/// fault [`current::raise`] stopped the lane with (a `ptx!` fault, whose
/// payload is its message), a [`ThreadFault`] or [`Fault`] the payload is,
/// or else a [`crate::fault::ProgramFault::Panic`] with the panic's message.
#[cold]
fn lane_fault(ctx: &LaneCtx, payload: Box<dyn Any + Send>) -> ThreadFault {
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()));
    let raised = current::take_raised();
    let mut fault = match (raised, message) {
        (Some(raised), Some(message)) if raised.message == message => raised.fault,
        (_, Some(message)) => Fault::Program(ProgramFault::Panic { message }).into(),
        (_, None) => match payload.downcast::<ThreadFault>() {
            Ok(fault) => *fault,
            Err(payload) => match payload.downcast::<Fault>() {
                Ok(fault) => (*fault).into(),
                Err(_) => Fault::Program(ProgramFault::Panic {
                    message: "panicked".into(),
                })
                .into(),
            },
        },
    };
    fault.thread = Some(ctx.thread);
    fault
}

/// Adds a lane's `fault` to a CTA's `reported` faults, once: a lane stopped
/// by a fault of the whole CTA (a deadlock, which names every waiting
/// thread) is not listed again, its statement and Rust line going to the
/// CTA's fault if that has none yet; nor is a lane stopped by the same
/// fault at the same statement as a lane before it (the lanes of a warp
/// that accessed together, each told about the one bad address).
fn report(reported: &RefCell<Vec<ThreadFault>>, fault: ThreadFault) {
    let mut reported = reported.borrow_mut();
    match reported
        .iter_mut()
        .find(|r| r.fault == fault.fault && (r.thread.is_none() || r.statement == fault.statement))
    {
        Some(shared) if shared.statement.is_none() => {
            shared.statement = fault.statement;
            shared.location = fault.location;
        }
        Some(_) => {}
        None => reported.push(fault),
    }
}

/// One CTA as the scheduler runs it: its core, who its threads are, and
/// where their results go.
struct CtaRun<'a, T, F> {
    core: CtaCore,
    /// What every thread of the CTA shares; each lane fills in the rest.
    template: Thread,
    block: Dim3,
    f: &'a F,
    results: &'a [Cell<Option<T>>],
}

impl<'a, T, F> CtaRun<'a, T, F>
where
    F: Fn(&Thread) -> T + Sync,
{
    /// The CTA at `place`, of rank `rank` in a cluster of `cluster` CTAs,
    /// its shared memory `shared` (empty in a cluster of more than one,
    /// whose link holds it), leaving thread `t`'s result in `results[t]`.
    fn new(
        place: &CtaPlace,
        shared: Vec<u8>,
        rank: u32,
        f: &'a F,
        results: &'a [Cell<Option<T>>],
    ) -> Self {
        let block = place.block;
        let n = block.count();
        debug_assert_eq!(results.len(), n, "one result cell per thread");
        let core = CtaCore::new(n, shared, place.ctaid, rank);
        core.limits.set(place.watch);
        let cta_index = place.first_thread / n.max(1);
        // A closure launch's shared memory is all given at launch, as
        // dynamic shared memory is, and has no reserved region before it.
        let own = place.shared_len as u64;
        core.facts.set(crate::engine::special::CtaFacts {
            smid: (cta_index % crate::engine::residency::SMS as usize) as u32,
            own_shared: own,
            dynamic_shared: own,
            reserved: 0,
            envreg: place.envreg,
        });
        core.shuffle.set(
            place
                .schedule
                .map(|seed| Shuffle::new(seed, cta_index as u64)),
        );
        if place.checks.any() {
            let mut check = CtaCheck::new(
                place.checks,
                cta_index as u32,
                n.div_ceil(32),
                place.shared_len,
                place.shared_given,
                core.launch.global_check(),
            );
            if place.cluster.count() > 1 {
                // Its peers write its shared memory where its shadow does
                // not see.
                check.unseen_writes();
            }
            *core.observer.borrow_mut() = Some(Box::new(check));
        }
        let template = Thread {
            tid: [0; 3],
            ntid: block.into(),
            ctaid: place.ctaid,
            nctaid: place.grid.into(),
            cluster: place.cluster.into(),
            explicit_cluster: place.explicit_cluster,
            lane: 0,
            warp: 0,
            index: place.first_thread,
        };
        CtaRun {
            core,
            template,
            block,
            f,
            results,
        }
    }

    /// Who thread `t` of the CTA is.
    #[inline]
    fn thread(&self, t: usize) -> Thread {
        let block = self.block;
        let mut thread = self.template;
        // A one-dimensional block (the common case) needs no division.
        thread.tid = if block.x as usize == self.results.len() {
            [t as u32, 0, 0]
        } else {
            block.coords(t)
        };
        thread.lane = (t % 32) as u32;
        thread.warp = (t / 32) as u32;
        thread.index += t;
        thread
    }

    /// Runs lane `t` on fiber `me`, which saves its stack pointer at
    /// `save`; `SHUFFLED`: the CTA runs a varied schedule.
    #[inline(always)]
    fn run_lane<const SHUFFLED: bool>(&self, t: usize, fiber: FiberId, save: SaveSlot) {
        let core = &self.core;
        let ctx = LaneCtx {
            cta: core,
            // SAFETY: `t` is below the thread count (`start_next`).
            seat: unsafe { core.seat(t) },
            fiber,
            save,
            thread: self.thread(t),
            carry: Cell::new(false),
        };
        // `ctx` outlives the lane's run, and whatever runs
        // after it on this fiber installs its own first (the next lane
        // here, a resumed lane in `rendezvous`, the outer lane at the end
        // of the CTA).
        current::set(&ctx);
        // A varied schedule starts the lanes in a random order of warps:
        // each lets the others start first, and they resume as drawn.
        if SHUFFLED {
            let _ = current::yield_lane();
        }
        let result = catch_unwind(AssertUnwindSafe(|| (self.f)(&ctx.thread)));
        let more = core.lane_end_work.get();
        if more {
            core.finish_lane(t);
        }
        // SAFETY: `t` is below the thread count (`start_next`).
        unsafe { core.fiber_of.get_unchecked(t) }.set(super::cta::RETURNED);
        match result {
            // SAFETY: `t` is below the thread count (`start_next`), which
            // is `results`'s length.
            Ok(v) => unsafe { self.results.get_unchecked(t) }.set(Some(v)),
            Err(payload) => report(&core.reported, lane_fault(&ctx, payload)),
        }
        core.finished.set(core.finished.get() + 1);
        if more {
            core.count_lane_exit(t);
        }
    }

    /// A fiber's body: runs lanes until none is left to start, then hands
    /// over.
    fn entry(&self, me: FiberId) -> SwitchTo {
        let core = &self.core;
        // SAFETY: the fiber `me` runs, spawned.
        let save = unsafe { core.fibers().save_slot(me) };
        // Whether the schedule is varied is set before any lane runs: the
        // loop is chosen once, not asked at every lane.
        if core.shuffle.get().is_some() {
            while let Some(t) = core.start_next(me) {
                self.run_lane::<true>(t, me, save);
            }
        } else {
            while let Some(t) = core.start_next(me) {
                self.run_lane::<false>(t, me, save);
            }
        }
        // No lane of this fiber runs any more.
        current::set(std::ptr::null());
        core.after_stop()
    }

    /// What the CTA leaves once every lane has finished, its shared
    /// memory being `shared` if its link held it.
    fn outcome(self, shared: Option<Vec<u8>>) -> CtaOutcome {
        let findings = match self.core.observer.take() {
            Some(observer) => {
                let sites = self.core.sites.take();
                CtaCheck::faults_of(
                    observer,
                    |_, index| self.thread(index as usize),
                    |site| sites.get(site),
                )
            }
            None => Vec::new(),
        };
        let (own, stats, faults) = self.core.finish();
        CtaOutcome {
            shared: shared.unwrap_or(own),
            stats,
            faults,
            findings,
        }
    }
}

impl CtaCore {
    /// One turn of a CTA of a cluster of several: resolves what its lanes
    /// wait at (unless none has run yet, `started`), then runs the lanes
    /// that resolution released (or the first lanes) until each has
    /// stopped again. Returns whether any lane ran: a CTA whose lanes all
    /// wait on something no resolution of its own releases (the cluster
    /// barrier, or a deadlock) does not run.
    fn turn(&self, started: &mut bool) -> bool {
        if *started && !self.resolve() && self.next.get() >= self.lanes.len() {
            return false;
        }
        *started = true;
        let to = self.after_stop();
        if to.fiber != MAIN {
            // SAFETY: as in `drive`.
            unsafe { self.fibers().switch(MAIN, to) };
        }
        true
    }
}

/// Runs every thread of one CTA to completion, on the calling thread,
/// leaving thread `t`'s result in `results[t]` (one cell per thread);
/// `portable` picks the portable fiber backend where a native one exists.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_cta<T, F>(
    place: &CtaPlace,
    shared: Vec<u8>,
    stack_size: usize,
    portable: bool,
    f: &F,
    results: &[Cell<Option<T>>],
    sliced: Option<(Suspend<'_>, u64)>,
) -> CtaOutcome
where
    F: Fn(&Thread) -> T + Sync,
{
    // What `run_cluster` does for several, for one, allocating nothing
    // besides: a launch of one warp is a few microseconds.
    let link = ClusterLink::new(1, place.block.count(), Vec::new());
    let run = CtaRun::new(place, shared, 0, f, results);
    run.core.join(&link);
    let outer = Outer::save(&run.core);
    {
        let entry = |me: FiberId| run.entry(me);
        let fibers = Fibers::new(Body::new(&entry), stack_size, portable, results.len());
        run.core
            .fibers
            .set(std::ptr::from_ref(&fibers).cast::<Fibers<'static>>());
        let cores = [&run.core];
        let outer = &outer;
        let pause_here = sliced.map(|(suspend, budget)| {
            run.core.slice.driven.set(true);
            run.core.slice.budget.set(budget);
            move || pause(&cores, outer, suspend)
        });
        run.core.drive(pause_here.as_ref().map(|p| p as &dyn Fn()));
        run.core.fibers.set(std::ptr::null());
    }
    outer.restore();
    run.outcome(None)
}

/// Runs every thread of the CTAs of one cluster (`places`, by rank) to
/// completion, on the calling thread, leaving thread `t` of rank `r`'s
/// result in `results[r][t]`; each CTA's shared memory starts as
/// `shared`. The CTAs take turns in rank order (see [`CtaCore::turn`]);
/// when none of them can run, each is deadlocked. A cluster of one CTA
/// is [`run_cta`]'s.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_cluster<T, F>(
    places: &[CtaPlace],
    shared: Vec<u8>,
    stack_size: usize,
    portable: bool,
    f: &F,
    results: Vec<&[Cell<Option<T>>]>,
    sliced: Option<(Suspend<'_>, u64)>,
) -> Vec<CtaOutcome>
where
    F: Fn(&Thread) -> T + Sync,
{
    let k = places.len();
    debug_assert!(k > 1, "a CTA alone runs by run_cta");
    let n = places[0].block.count();
    // The link holds the CTAs' shared memories.
    let link = ClusterLink::new(k, n, vec![shared; k]);
    let runs: Vec<CtaRun<'_, T, F>> = places
        .iter()
        .zip(results)
        .enumerate()
        .map(|(r, (place, results))| CtaRun::new(place, Vec::new(), r as u32, f, results))
        .collect();
    for run in &runs {
        run.core.join(&link);
    }
    let outer = Outer::save(&runs[0].core);
    {
        let entries: Vec<_> = runs
            .iter()
            .map(|run| move |me: FiberId| run.entry(me))
            .collect();
        let fibers: Vec<Fibers<'_>> = entries
            .iter()
            .map(|entry| Fibers::new(Body::new(entry), stack_size, portable, n))
            .collect();
        for (run, fibers) in runs.iter().zip(&fibers) {
            run.core
                .fibers
                .set(std::ptr::from_ref(fibers).cast::<Fibers<'static>>());
        }
        let cores: Vec<&CtaCore> = runs.iter().map(|run| &run.core).collect();
        let pause_here = sliced.map(|(suspend, budget)| {
            for core in &cores {
                core.slice.driven.set(true);
                core.slice.budget.set(budget);
            }
            || pause(&cores, &outer, suspend)
        });
        take_turns(&runs, pause_here.as_ref().map(|p| p as &dyn Fn()));
        for run in &runs {
            run.core.fibers.set(std::ptr::null());
        }
    }
    outer.restore();
    runs.into_iter()
        .zip(link.shared.take())
        .map(|(run, shared)| run.outcome(Some(shared)))
        .collect()
}

/// Runs the CTAs of a cluster of several in turns, in rank order, until
/// every lane has finished; a round in which none of them runs deadlocks
/// each that has lanes left.
fn take_turns<T, F>(runs: &[CtaRun<'_, T, F>], pause: Option<&dyn Fn()>)
where
    F: Fn(&Thread) -> T + Sync,
{
    let mut started = vec![false; runs.len()];
    loop {
        if runs.iter().any(|run| run.core.slice.pausing.get())
            && let Some(pause) = pause
        {
            pause();
        }
        let mut ran = false;
        let mut left = false;
        for (run, started) in runs.iter().zip(&mut started) {
            let core = &run.core;
            if core.finished.get() == core.lanes.len() {
                continue;
            }
            // Between turns every queue is empty: a turn ends when no
            // lane is queued.
            let _ = core.ready.install();
            ran |= core.turn(started);
            left |= core.finished.get() < core.lanes.len();
        }
        if !left {
            return;
        }
        if !ran {
            for run in runs {
                run.core.deadlock();
            }
        }
    }
}
