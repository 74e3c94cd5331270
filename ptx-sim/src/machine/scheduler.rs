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
use super::current::{self, LaneCtx};
use super::fiber::{Body, FiberId, Fibers, MAIN, SaveSlot, SwitchTo};
use super::ready::{Installed, ReadySet};
use super::{Dim3, SharedStats, Thread};
use crate::check::cta::FindingKey;
use crate::check::{Checks, CtaCheck};
use crate::fault::{Fault, ThreadFault};
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
                    self.fail_unstarted(e);
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
    fn drive(&self) {
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
            Fault::NotStarted {
                threads: first..n,
                reason,
            }
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

/// Where the CTA stands in the grid, and what it checks.
pub(crate) struct CtaPlace<'a> {
    pub ctaid: [u32; 3],
    pub grid: Dim3,
    pub block: Dim3,
    pub first_thread: usize,
    /// The sanitizer's checks, and the shared bytes given at launch.
    pub checks: Checks,
    pub shared_given: &'a [Range<usize>],
    /// The seed of a varied schedule ([`crate::machine::Launch::schedule`]).
    pub schedule: Option<u64>,
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
}

/// The fault a lane's panic (`payload`) reports, naming its thread: the
/// fault [`current::raise`] stopped the lane with (a `ptx!` fault, whose
/// payload is its message), a [`ThreadFault`] or [`Fault`] the payload is,
/// or else a [`Fault::Panic`] with the panic's message.
#[cold]
fn lane_fault(ctx: &LaneCtx, payload: Box<dyn Any + Send>) -> ThreadFault {
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()));
    let raised = current::take_raised();
    let mut fault = match (raised, message) {
        (Some(raised), Some(message)) if raised.message == message => raised.fault,
        (_, Some(message)) => Fault::Panic { message }.into(),
        (_, None) => match payload.downcast::<ThreadFault>() {
            Ok(fault) => *fault,
            Err(payload) => match payload.downcast::<Fault>() {
                Ok(fault) => (*fault).into(),
                Err(_) => Fault::Panic {
                    message: "panicked".into(),
                }
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

/// Runs every thread of one CTA to completion, on the calling thread,
/// leaving thread `t`'s result in `results[t]` (one cell per thread);
/// `portable` picks the portable fiber backend where a native one exists.
pub(crate) fn run_cta<T, F>(
    place: &CtaPlace,
    shared: Vec<u8>,
    stack_size: usize,
    portable: bool,
    f: &F,
    results: &[Cell<Option<T>>],
) -> CtaOutcome
where
    F: Fn(&Thread) -> T + Sync,
{
    let block = place.block;
    let n = block.count();
    debug_assert_eq!(results.len(), n, "one result cell per thread");
    let shared_len = shared.len();
    let core = CtaCore::new(n, shared, place.ctaid);
    let cta_index = place.first_thread / n.max(1);
    core.shuffle.set(
        place
            .schedule
            .map(|seed| Shuffle::new(seed, cta_index as u64)),
    );
    if place.checks.any() {
        *core.check.borrow_mut() = Some(Box::new(CtaCheck::new(
            place.checks,
            cta_index as u32,
            n.div_ceil(32),
            shared_len,
            place.shared_given,
        )));
    }
    // What every thread of the CTA shares; each lane fills in the rest.
    let template = Thread {
        tid: [0; 3],
        ntid: block.into(),
        ctaid: place.ctaid,
        nctaid: place.grid.into(),
        cluster: [1, 1, 1],
        explicit_cluster: false,
        lane: 0,
        warp: 0,
        index: place.first_thread,
    };
    let one_dimensional = block.x as usize == n;
    let run_lane = |t: usize, fiber: FiberId, save: SaveSlot| {
        let mut thread = template;
        // A one-dimensional block (the common case) needs no division.
        thread.tid = if one_dimensional {
            [t as u32, 0, 0]
        } else {
            let t = t as u32;
            [t % block.x, t / block.x % block.y, t / (block.x * block.y)]
        };
        thread.lane = (t % 32) as u32;
        thread.warp = (t / 32) as u32;
        thread.index += t;
        let ctx = LaneCtx {
            cta: &core,
            // SAFETY: `t` is below the thread count (`start_next`).
            seat: unsafe { core.seat(t) },
            fiber,
            save,
            thread,
            carry: Cell::new(false),
        };
        // `ctx` outlives the lane's run, and whatever runs
        // after it on this fiber installs its own first (the next lane
        // here, a resumed lane in `rendezvous`, the outer lane at the end
        // of the CTA).
        current::set(&ctx);
        // A varied schedule starts the lanes in a random order of warps:
        // each lets the others start first, and they resume as drawn.
        if core.shuffle.get().is_some() {
            let _ = current::yield_lane();
        }
        let result = catch_unwind(AssertUnwindSafe(|| f(&ctx.thread)));
        if let Some(finish) = core.at_lane_end.get() {
            finish(&core, t);
        }
        match result {
            // SAFETY: `t` is below the thread count (`start_next`), which
            // is `results`'s length.
            Ok(v) => unsafe { results.get_unchecked(t) }.set(Some(v)),
            Err(payload) => report(&core.reported, lane_fault(&ctx, payload)),
        }
        core.finished.set(core.finished.get() + 1);
    };
    // A fiber runs lanes until none is left to start, then hands over.
    let entry = |me: FiberId| -> SwitchTo {
        // SAFETY: the fiber `me` runs, spawned.
        let save = unsafe { core.fibers().save_slot(me) };
        while let Some(t) = core.start_next(me) {
            run_lane(t, me, save);
        }
        // No lane of this fiber runs any more.
        current::set(std::ptr::null());
        core.after_stop()
    };
    let outer = Outer::save(&core);
    {
        let fibers = Fibers::new(Body::new(&entry), stack_size, portable, n);
        core.fibers
            .set(std::ptr::from_ref(&fibers).cast::<Fibers<'static>>());
        core.drive();
        core.fibers.set(std::ptr::null());
    }
    outer.restore();
    let findings = match core.check.take() {
        Some(check) => {
            let sites = core.sites.take();
            check.into_faults(
                |_, index| {
                    let t = index as usize;
                    let mut thread = template;
                    thread.tid = [
                        t as u32 % block.x,
                        t as u32 / block.x % block.y,
                        t as u32 / (block.x * block.y),
                    ];
                    thread.lane = t as u32 % 32;
                    thread.warp = t as u32 / 32;
                    thread.index = place.first_thread + t;
                    thread
                },
                |site| sites.get(site),
            )
        }
        None => Vec::new(),
    };
    let (shared, stats, faults) = core.finish();
    CtaOutcome {
        shared,
        stats,
        faults,
        findings,
    }
}
