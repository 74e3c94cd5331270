//! Which launch's memory ([`LaunchMemory`]) the CTAs that start on the
//! calling thread reach: each takes it as it starts.

use crate::lane::LaunchMemory;
use std::cell::RefCell;
use std::sync::Arc;

thread_local! {
    static CURRENT: RefCell<Option<Arc<LaunchMemory>>> = const { RefCell::new(None) };
}

/// Makes `memory` the memory of the CTAs run on this thread until the
/// returned guard is dropped; `None` for a launch that registered nothing,
/// which sees none of an enclosing launch's (see [`current`]).
pub(crate) fn enter(memory: Option<Arc<LaunchMemory>>) -> Entered {
    let previous = CURRENT.with(|c| c.replace(memory));
    Entered { previous }
}

/// Restores the thread's previous launch memory when dropped.
pub(crate) struct Entered {
    previous: Option<Arc<LaunchMemory>>,
}

impl Drop for Entered {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// The memory of the launch whose CTAs start on this thread (a launch
/// that registered nothing has an empty one).
pub(crate) fn current() -> Arc<LaunchMemory> {
    CURRENT
        .with(|c| c.borrow().clone())
        .unwrap_or_else(LaunchMemory::empty)
}
