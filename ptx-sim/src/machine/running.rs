//! What the launch engine keeps per OS thread for the CTA running on it,
//! in one thread-local so that a collective reaches all of it from one
//! base address: the running lane (`current.rs`'s `LaneCtx`, kept here
//! as an address only) and where the run queue stands (`ready.rs`).
//!
//! A leaf: the files that read it (`current.rs`, `ready.rs`, `spaces.rs`)
//! each import it, and it imports none of them.

use super::fiber::SwitchTo;
use std::cell::Cell;

/// Where the queue of the CTA running on an OS thread stands: the next
/// entry to take and the end of the queued ones. It lives in the
/// thread-local [`RUNNING`] rather than in its `ReadySet` (`ready.rs`), so that a lane
/// that stops finds the next fiber with no pointer to follow first: the
/// loads before a switch are on the path from one lane to the next.
pub(crate) struct Cursor {
    pub next: Cell<*const Cell<SwitchTo>>,
    pub end: Cell<*const Cell<SwitchTo>>,
}

impl Cursor {
    /// No queue.
    pub(crate) const fn empty() -> Cursor {
        Cursor {
            next: Cell::new(std::ptr::null()),
            end: Cell::new(std::ptr::null()),
        }
    }
}

/// The OS thread's running lane and run queue.
pub(crate) struct Running {
    /// The running lane's `LaneCtx` (null: none).
    lane: Cell<*const ()>,
    /// The running CTA's queue of released lanes.
    pub queue: Cursor,
}

thread_local! {
    pub(crate) static RUNNING: Running = const {
        Running {
            lane: Cell::new(std::ptr::null()),
            queue: Cursor::empty(),
        }
    };
}

/// Installs the lane at `lane` as the running one (null: none).
#[inline]
pub(crate) fn set_lane(lane: *const ()) {
    RUNNING.with(|r| r.lane.set(lane));
}

/// The running lane's address (null: none).
#[inline]
pub(crate) fn lane() -> *const () {
    RUNNING.with(|r| r.lane.get())
}

/// Whether the calling code runs as a lane of a launch.
///
/// ```
/// assert!(!ptx_sim::machine::in_launch());
/// let inside = ptx_sim::machine::warp32(|_| ptx_sim::machine::in_launch()).unwrap();
/// assert!(inside.iter().all(|&i| i));
/// ```
pub fn in_launch() -> bool {
    !lane().is_null()
}
