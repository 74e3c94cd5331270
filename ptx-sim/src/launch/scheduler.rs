//! The deterministic scheduler of one CTA.
//!
//! Lanes start in index order, each running until it finishes or waits at
//! a collective or barrier; a fiber whose lane finished starts the next
//! lane itself, and a lane that waits hands over to the CTA's thread, which
//! starts a new fiber for the next one. Once every lane has finished or
//! waits, the rendezvous that can be resolved are (`CtaCore::resolve`), and
//! the lanes they release resume in index order, each again until it
//! finishes or waits; then the next resolution, and so on until every lane
//! has finished.
//!
//! A lane that stops while released lanes are queued switches directly to
//! the next one's fiber: a warp collective costs one stack switch per lane
//! (see `fiber.rs`), plus one to the CTA's thread and back to resolve.
//! Starting fibers and resolving happen on the CTA's thread
//! (`CtaCore::drive`), whose stack stays in cache, so that a lane's own
//! stack holds little more than the lane's frames: 32 lanes' stacks fit in
//! the first-level cache together.

use super::cta::{Barrier, CtaCore, Lane, LaneState};
use super::current::{self, LaneCtx};
use super::fiber::{FiberId, Fibers, MAIN};
use super::ready::ReadySet;
use super::{Dim3, SharedStats, Thread};
use crate::context::{self, Identity};
use std::cell::{Cell, RefCell};
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
    /// finished with no lane left to start): the next ready lane's, else
    /// the CTA's thread, which starts and resolves (see [`CtaCore::drive`]).
    #[inline]
    fn after_stop(&self) -> FiberId {
        self.next_ready().unwrap_or(MAIN)
    }

    /// The fiber of the next released lane, taken off the ready set.
    #[inline]
    fn next_ready(&self) -> Option<FiberId> {
        self.ready.pop().map(|t| self.lanes[t].fiber.get())
    }

    /// The CTA's thread: starts a fiber for the next lane, or resumes the
    /// next ready one, or resolves, until every lane has finished. Starting
    /// and resolving run here, on a stack that stays in cache, rather than
    /// on the stack of whichever lane stopped last.
    fn drive(&self) {
        loop {
            let to = if let Some(f) = self.next_ready() {
                f
            } else if self.next.get() < self.lanes.len() {
                match self.fibers().spawn() {
                    Ok(f) => f,
                    Err(e) => {
                        self.fail_unstarted(e);
                        continue;
                    }
                }
            } else {
                if self.waiting.get() == 0 {
                    return;
                }
                self.resolve();
                continue;
            };
            // SAFETY: the CTA's thread runs, `to` is suspended or
            // unstarted, and no borrow of the CTA is held.
            unsafe { self.fibers().switch(MAIN, to) };
        }
    }

    /// No fiber can be had: the lanes not yet started never run.
    fn fail_unstarted(&self, error: String) {
        let n = self.lanes.len();
        let first = self.next.replace(n);
        self.errors
            .borrow_mut()
            .push(format!("threads {first}-{} did not run: {error}", n - 1));
        for lane in &self.lanes[first..] {
            lane.state.set(LaneState::Done);
        }
    }

    /// The running lane, on fiber `me`, has deposited its wait: runs the
    /// other lanes until this one's rendezvous is answered.
    #[inline]
    pub(crate) fn block(&self, me: FiberId) {
        let to = self.after_stop();
        debug_assert_ne!(to, me, "a waiting lane is not ready");
        // SAFETY: `me` runs (this code is on its stack), `to` is suspended,
        // and no borrow of the CTA is held.
        unsafe { self.fibers().switch(me, to) };
    }

    /// The next unstarted lane, now running on fiber `me`.
    fn start_next(&self, me: FiberId) -> Option<usize> {
        let t = self.next.get();
        let lane = self.lanes.get(t)?;
        self.next.set(t + 1);
        lane.fiber.set(me);
        lane.state.set(LaneState::Running);
        Some(t)
    }
}

/// What one CTA produced.
pub(crate) struct CtaOutcome<T> {
    pub results: Vec<Option<T>>,
    pub shared: Vec<u8>,
    pub stats: SharedStats,
    pub errors: Vec<String>,
}

/// Where the CTA stands in the grid.
pub(crate) struct CtaPlace {
    pub ctaid: [u32; 3],
    pub grid: Dim3,
    pub block: Dim3,
    pub first_thread: usize,
}

/// The thread-local state of the calling thread, which a CTA replaces
/// while it runs (a launch may run inside a lane of another).
struct Outer {
    lane: *const LaneCtx,
    identity: *const Identity,
    state: context::ThreadState,
}

impl Outer {
    fn save() -> Outer {
        Outer {
            lane: current::get(),
            identity: context::identity_ptr(),
            state: context::save(),
        }
    }

    fn restore(self) {
        current::set(self.lane);
        // SAFETY: the outer identity was installed before the CTA ran and
        // is still valid: the CTA runs inside whatever installed it.
        unsafe { context::install_identity(self.identity) };
        context::restore(self.state);
    }
}

/// What a lane's panic says, naming the thread.
#[cold]
fn panic_message(thread: &Thread, payload: &(dyn std::any::Any + Send)) -> String {
    let msg = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panicked".into());
    format!("thread {:?} of CTA {:?}: {msg}", thread.tid, thread.ctaid)
}

/// Runs every thread of one CTA to completion, on the calling thread;
/// `portable` picks the portable fiber backend where a native one exists.
pub(crate) fn run_cta<T, F>(
    place: &CtaPlace,
    shared: Vec<u8>,
    stack_size: usize,
    portable: bool,
    f: &F,
) -> CtaOutcome<T>
where
    F: Fn(&Thread) -> T + Sync,
{
    let block = place.block;
    let n = block.count();
    let core = CtaCore {
        lanes: (0..n).map(|_| Lane::new()).collect(),
        waiting: Cell::new(0),
        shared: RefCell::new(shared),
        stats: RefCell::new(SharedStats::default()),
        slots: RefCell::new(Vec::new()),
        keys: (0..n).map(|_| Cell::new(0)).collect(),
        barriers: RefCell::new([Barrier::default(); 16]),
        arrivals: Cell::new(0),
        barrier_events: Cell::new(0),
        next: Cell::new(0),
        ready: ReadySet::new(n),
        fibers: Cell::new(std::ptr::null()),
        ctaid: place.ctaid,
        errors: RefCell::new(Vec::new()),
    };
    let results: RefCell<Vec<Option<T>>> = RefCell::new((0..n).map(|_| None).collect());
    let nwarps = n.div_ceil(32) as u32;
    let run_lane = |t: usize, fiber: FiberId| {
        // A one-dimensional block (the common case) needs no division.
        let tid = if block.x as usize == n {
            [t as u32, 0, 0]
        } else {
            let t = t as u32;
            [t % block.x, t / block.x % block.y, t / (block.x * block.y)]
        };
        let thread = Thread {
            tid,
            ntid: block.into(),
            ctaid: place.ctaid,
            nctaid: place.grid.into(),
            lane: (t % 32) as u32,
            warp: (t / 32) as u32,
            index: place.first_thread + t,
        };
        let identity = Identity {
            tid,
            ntid: block.into(),
            ctaid: place.ctaid,
            nctaid: place.grid.into(),
            lane: thread.lane,
            warp: thread.warp,
            nwarps,
        };
        // SAFETY: `identity` outlives the lane's run; it is uninstalled
        // below before this frame ends.
        unsafe { context::install_identity(&identity) };
        context::restore(Default::default());
        let ctx = LaneCtx {
            cta: &core,
            index: t,
            fiber,
        };
        current::set(&ctx);
        let r = catch_unwind(AssertUnwindSafe(|| f(&thread)));
        current::set(std::ptr::null());
        // SAFETY: null installs the single-thread identity.
        unsafe { context::install_identity(std::ptr::null()) };
        match r {
            Ok(v) => results.borrow_mut()[t] = Some(v),
            Err(p) => core.errors.borrow_mut().push(panic_message(&thread, &*p)),
        }
        core.lanes[t].state.set(LaneState::Done);
    };
    // A fiber runs lanes until none is left to start, then hands over.
    let entry = |me: FiberId| -> FiberId {
        while let Some(t) = core.start_next(me) {
            run_lane(t, me);
        }
        core.after_stop()
    };
    let outer = Outer::save();
    {
        let fibers = Fibers::new(&entry, stack_size, portable, n);
        core.fibers
            .set(std::ptr::from_ref(&fibers).cast::<Fibers<'static>>());
        core.drive();
        core.fibers.set(std::ptr::null());
    }
    outer.restore();
    super::cta::slot_rows::give_back(core.slots.into_inner());
    CtaOutcome {
        results: results.into_inner(),
        shared: core.shared.into_inner(),
        stats: core.stats.into_inner(),
        errors: core.errors.into_inner(),
    }
}
