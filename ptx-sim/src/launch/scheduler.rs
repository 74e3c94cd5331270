//! The deterministic scheduler of one CTA.
//!
//! Lanes start in index order, each running until it finishes or waits at
//! a collective or barrier; a fiber whose lane finished starts the next
//! lane itself, and a lane that waits hands over to a new fiber for the
//! next one. Once every lane has finished or waits, the rendezvous that can
//! be resolved are (`CtaCore::resolve`), and the lanes they release resume
//! in index order, each again until it finishes or waits; then the next
//! resolution, and so on until every lane has finished.
//!
//! The decision is made on the stack of the lane that stops, which then
//! switches directly to the next lane's fiber: one stack switch per lane
//! per collective (see `fiber.rs`). The CTA's own thread only starts the
//! first fiber and gets control back when every lane has finished.

use super::cta::{Barrier, CtaCore, Lane, LaneState};
use super::current::{self, LaneCtx};
use super::fiber::{FiberId, Fibers, MAIN};
use super::{Dim3, SharedStats, Thread};
use crate::context::{self, Identity};
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What runs next, once the running lane stops.
enum Next {
    /// Resume this lane.
    Lane(usize),
    /// Start the next unstarted lane on a new fiber.
    Start,
    /// Every lane has finished: back to the CTA's thread.
    Done,
}

impl CtaCore {
    /// The CTA's fibers.
    #[inline]
    fn fibers(&self) -> &Fibers<'static> {
        // SAFETY: `run_cta` sets the pointer to its fibers before any lane
        // runs, and they outlive every lane (dropped after the run).
        unsafe { &*self.fibers.get() }
    }

    /// What runs next: the next lane of the ready queue, else the next
    /// unstarted lane, else (every lane waits or has finished) the first
    /// lane the resolution releases.
    #[inline]
    fn next(&self) -> Next {
        loop {
            if let Some(t) = self.pop_ready() {
                return Next::Lane(t);
            }
            if self.next.get() < self.lanes.borrow().len() {
                return Next::Start;
            }
            let mut ready = std::mem::take(&mut *self.ready.borrow_mut());
            self.resolve(&mut ready);
            let empty = ready.is_empty();
            *self.ready.borrow_mut() = ready;
            self.ready_at.set(0);
            if empty {
                return Next::Done;
            }
        }
    }

    /// The next lane of the ready queue, taken off it.
    #[inline]
    fn pop_ready(&self) -> Option<usize> {
        let at = self.ready_at.get();
        let t = self.ready.borrow().get(at).copied()?;
        self.ready_at.set(at + 1);
        Some(t)
    }

    /// The fiber to switch to once the running lane stops. Kept out of
    /// line: it runs (and has its frame) on the stopping lane's stack, and
    /// the common case, the next ready lane, is taken by `block` itself.
    #[inline(never)]
    fn successor(&self) -> FiberId {
        loop {
            match self.next() {
                Next::Lane(t) => return self.lanes.borrow()[t].fiber,
                Next::Start => match self.fibers().spawn() {
                    Ok(f) => return f,
                    Err(e) => self.fail_unstarted(e),
                },
                Next::Done => return MAIN,
            }
        }
    }

    /// No fiber can be had: the lanes not yet started never run.
    fn fail_unstarted(&self, error: String) {
        let n = self.lanes.borrow().len();
        let first = self.next.replace(n);
        self.errors
            .borrow_mut()
            .push(format!("threads {first}-{} did not run: {error}", n - 1));
        for lane in &mut self.lanes.borrow_mut()[first..] {
            lane.state = LaneState::Done;
        }
    }

    /// The running lane, on fiber `me`, has deposited its wait: runs the
    /// other lanes until this one's rendezvous is answered.
    #[inline]
    pub(crate) fn block(&self, me: FiberId) {
        let to = match self.pop_ready() {
            Some(t) => self.lanes.borrow()[t].fiber,
            None => self.successor(),
        };
        if to != me {
            // SAFETY: `me` runs (this code is on its stack), `to` is
            // suspended or unstarted, and no borrow of the CTA is held.
            unsafe { self.fibers().switch(me, to) };
        }
    }

    /// The next unstarted lane, now running on fiber `me`.
    fn start_next(&self, me: FiberId) -> Option<usize> {
        let t = self.next.get();
        let mut lanes = self.lanes.borrow_mut();
        let lane = lanes.get_mut(t)?;
        self.next.set(t + 1);
        lane.fiber = me;
        lane.state = LaneState::Running;
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
        lanes: RefCell::new(
            (0..n)
                .map(|_| Lane {
                    state: LaneState::Unstarted,
                    fiber: MAIN,
                    wait: None,
                    fault: None,
                    poisoned: None,
                    local: Vec::new(),
                })
                .collect(),
        ),
        shared: RefCell::new(shared),
        stats: RefCell::new(SharedStats::default()),
        slots: RefCell::new(Vec::new()),
        keys: (0..n).map(|_| Cell::new(0)).collect(),
        barriers: RefCell::new([Barrier::default(); 16]),
        arrivals: Cell::new(0),
        barrier_events: Cell::new(0),
        next: Cell::new(0),
        ready: RefCell::new(Vec::with_capacity(n)),
        ready_at: Cell::new(0),
        fibers: Cell::new(std::ptr::null()),
        ctaid: place.ctaid,
        errors: RefCell::new(Vec::new()),
    };
    let results: RefCell<Vec<Option<T>>> = RefCell::new((0..n).map(|_| None).collect());
    let nwarps = n.div_ceil(32) as u32;
    let run_lane = |t: usize, fiber: FiberId| {
        let tid = [
            (t % block.x as usize) as u32,
            (t / block.x as usize % block.y as usize) as u32,
            (t / (block.x as usize * block.y as usize)) as u32,
        ];
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
            Err(p) => {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "panicked".into());
                core.errors.borrow_mut().push(format!(
                    "thread {:?} of CTA {:?}: {msg}",
                    thread.tid, thread.ctaid
                ));
            }
        }
        core.lanes.borrow_mut()[t].state = LaneState::Done;
    };
    // A fiber runs lanes until none is left to start, then hands over.
    let entry = |me: FiberId| -> FiberId {
        while let Some(t) = core.start_next(me) {
            run_lane(t, me);
        }
        core.successor()
    };
    let outer = Outer::save();
    {
        let fibers = Fibers::new(&entry, stack_size, portable, n);
        core.fibers
            .set(std::ptr::from_ref(&fibers).cast::<Fibers<'static>>());
        match fibers.spawn() {
            // SAFETY: the CTA's thread runs, the fiber is unstarted, no
            // borrow of the CTA is held; it returns once every lane is done.
            Ok(first) => unsafe { fibers.switch(MAIN, first) },
            Err(e) => core.fail_unstarted(e),
        }
        core.fibers.set(std::ptr::null());
    }
    outer.restore();
    CtaOutcome {
        results: results.into_inner(),
        shared: core.shared.into_inner(),
        stats: core.stats.into_inner(),
        errors: core.errors.into_inner(),
    }
}
