//! The running lane: a thread-local pointer to the lane's place in its
//! CTA, set by the scheduler while the lane runs (what the lane handle,
//! [`super::RunningLane`], finds its lane by). A collective deposits its
//! operands here and suspends the lane's fiber until the scheduler has
//! computed the warp's result.

use super::Thread;
use super::cta::{CtaCore, Seat, Wait};
use super::fiber::{FiberId, SaveSlot};
use super::running::in_launch;
use crate::fault::{Fault, LaunchFault, ThreadFault};
use crate::lane::WaitKind;
use ptx_core::Semantics;
use std::cell::Cell;

/// What a running lane knows about itself.
pub(crate) struct LaneCtx {
    pub cta: *const CtaCore,
    /// Where the lane deposits at a rendezvous (its index among them).
    pub seat: Seat,
    pub fiber: FiberId,
    /// Where the lane's fiber saves its stack pointer when it waits.
    pub save: SaveSlot,
    /// Who the thread is: what its closure is given and what the special
    /// registers answer.
    pub thread: Thread,
    /// The thread's carry flag (see [`super::context::carry`]): kept with the
    /// lane, so that switching lanes need not save and restore it.
    pub carry: Cell<bool>,
}

thread_local! {
    /// The fault [`raise`] stopped the running lane with, for the
    /// scheduler to find when it catches the lane's panic: the unwinding
    /// never leaves the lane's OS thread. Kept here rather than in
    /// [`LaneCtx`], which every lane lays out, so that a lane that does
    /// not fault has nothing of it to set up or drop.
    static RAISED: Cell<Option<Box<Raised>>> = const { Cell::new(None) };
}

/// The fault [`raise`] last stopped a lane of this OS thread with.
pub(crate) fn take_raised() -> Option<Box<Raised>> {
    RAISED.with(Cell::take)
}

/// A fault on its way out of a lane as a panic (see [`raise`]).
pub(crate) struct Raised {
    /// The panic's payload: what tells this panic from another.
    pub message: String,
    /// The fault.
    pub fault: ThreadFault,
}

/// Installs `ctx` as the running lane (null: none).
#[inline]
pub(crate) fn set(ctx: *const LaneCtx) {
    super::running::set_lane(ctx.cast());
}

/// The running lane (null: none), to restore after a nested launch.
#[inline]
pub(crate) fn get() -> *const LaneCtx {
    super::running::lane().cast()
}

/// The running lane's thread (`None` outside a launch).
#[inline]
pub(crate) fn thread() -> Option<Thread> {
    let ptr = get();
    if ptr.is_null() {
        return None;
    }
    // SAFETY: see `with_lane`.
    Some(unsafe { (*ptr).thread })
}

/// The running lane's thread and its CTA's facts (`None` outside a
/// launch).
#[inline]
pub(crate) fn thread_and_facts() -> Option<(Thread, crate::engine::special::CtaFacts)> {
    let ptr = get();
    if ptr.is_null() {
        return None;
    }
    // SAFETY: see `with_lane`.
    let ctx = unsafe { &*ptr };
    // SAFETY: as in `with_lane`, the CTA outlives its lanes.
    let cta = unsafe { &*ctx.cta };
    Some((ctx.thread, cta.facts.get()))
}

/// Runs `f` with the running lane's carry flag, or returns `None`
/// outside a launch.
#[inline]
pub(crate) fn with_carry<R>(f: impl FnOnce(&Cell<bool>) -> R) -> Option<R> {
    let ptr = get();
    if ptr.is_null() {
        return None;
    }
    // SAFETY: see `with_lane`.
    Some(f(unsafe { &(*ptr).carry }))
}

/// Stops the running thread with `fault`. Outside a launch it panics with
/// `message`, the fault's text, which the panic hook prints and the thread
/// dies with. In a launch it unwinds without the panic hook (nothing is
/// printed, however many threads fault) to the launch, which reports
/// `fault` itself in its [`LaunchError`](super::LaunchError), with the
/// thread filled in. What a failing `ptx!` statement calls.
///
/// ```
/// use ptx_sim::fault::{Fault, ThreadFault, SyncFault};
/// use ptx_sim::machine::{Launch, raise};
/// let err = Launch::new(1, 32)
///     .run(|t| {
///         if t.lane == 5 {
///             let fault = ThreadFault::from(Fault::Sync(SyncFault::NoSuchBarrier { barrier: 16 }));
///             raise(fault, "barrier 16 does not exist (0-15)".into());
///         }
///     })
///     .unwrap_err();
/// assert_eq!(err.faults.len(), 1);
/// assert_eq!(err.faults[0].thread.map(|t| t.lane), Some(5));
/// assert_eq!(err.faults[0].fault, Fault::Sync(SyncFault::NoSuchBarrier { barrier: 16 }));
/// ```
#[cold]
#[track_caller]
pub fn raise(fault: ThreadFault, message: String) -> ! {
    if in_launch() {
        RAISED.with(|r| {
            r.set(Some(Box::new(Raised {
                message: message.clone(),
                fault,
            })))
        });
        std::panic::resume_unwind(Box::new(message))
    }
    std::panic::panic_any(message)
}

/// Notes that the running lane is about to run `ptx!` statement `text`,
/// written at `location`: what the sanitizer names for its accesses and
/// barriers ([`crate::check`]), and where it spins if it does
/// (`watch.rs`). What a statement's expansion calls before a memory
/// access or a barrier; nothing outside a launch. Under a varied
/// schedule ([`crate::machine::Launch::schedule`]) the lane lets the
/// others run first, one time in four.
#[inline]
pub fn note_site(text: &'static str, location: &'static std::panic::Location<'static>) {
    let ptr = get();
    if ptr.is_null() {
        return;
    }
    // SAFETY: see `with_lane`.
    let ctx = unsafe { &*ptr };
    // SAFETY: as in `with_lane`, the CTA outlives its lanes.
    let cta = unsafe { &*ctx.cta };
    if let Some(lane) = cta.lanes.get(ctx.seat.index) {
        lane.site.set(Some((text, location)));
        cta.sites_noted.set(true);
    }
    cta.count_statement(ctx.seat.index, "");
    if cta.draw_yield() {
        let _ = yield_lane();
    }
}

/// Counts statement `instruction` for the CTA's watch for spins and,
/// under a varied schedule, lets the other lanes run first one time in
/// four: what [`note_site`] does, for the statements that the statement
/// interpreter runs ([`crate::statement::Prepared`]); nothing outside a launch.
#[inline]
pub(crate) fn may_yield(instruction: &'static str) {
    let draw = with_lane(|cta, lane| {
        cta.count_statement(lane, instruction);
        cta.draw_yield()
    });
    if draw == Some(true) {
        let _ = yield_lane();
    }
}

/// Lets the other lanes of the running lane's CTA run first: it resumes
/// once no other lane can run (as a failed `mbarrier.try_wait` does).
pub(crate) fn yield_lane() -> Result<(), Fault> {
    let mods = ptx_core::Mods::default();
    let wait = Wait::new(Semantics::Nanosleep, &mods, WaitKind::Yield, 0)?;
    rendezvous(wait, &mut [])
}

/// Runs `f` with the running lane's CTA and index, or `None` outside a launch.
pub(crate) fn with_lane<R>(f: impl FnOnce(&CtaCore, usize) -> R) -> Option<R> {
    let ptr = get();
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is set by the worker loop in `cta.rs` to a `LaneCtx` on
    // the worker coroutine's own stack, pointing at the `CtaCore` of the CTA
    // being run; both outlive every call made while the lane runs, and the
    // pointer is cleared before either is dropped.
    let ctx = unsafe { &*ptr };
    // SAFETY: as above, the CTA outlives its lanes.
    let cta = unsafe { &*ctx.cta };
    Some(f(cta, ctx.seat.index))
}

/// Deposits `wait` and `operands` for the running lane, suspends it until
/// the scheduler answers, and writes the answer (the lane's slots after the
/// collective) back into `operands`.
#[inline(always)]
pub(crate) fn rendezvous(wait: Wait, operands: &mut [u64]) -> Result<(), Fault> {
    let ptr = get();
    if ptr.is_null() {
        return Err(Fault::Launch(LaunchFault::CollectiveOutsideLaunch {
            instruction: wait.sem.key(),
        }));
    }
    // SAFETY: see `with_lane`.
    let ctx = unsafe { &*ptr };
    // SAFETY: see `with_lane`.
    let cta = unsafe { &*ctx.cta };
    cta.deposit(&ctx.seat, &wait, operands);
    cta.block(ctx.fiber, ctx.save);
    set(ptr);
    cta.collect(&ctx.seat, operands)
}
