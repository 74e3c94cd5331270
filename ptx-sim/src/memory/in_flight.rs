//! A thread's asynchronous copies in flight (`cp.async`): issued, grouped by
//! `cp.async.commit_group`, and completed when a wait needs them.
//!
//! The model completes a copy as late as the PTX ISA allows: when a
//! `cp.async.wait_group` or `wait_all` waits for its group, when a
//! `cp.async.mbarrier.arrive` needs every copy of the thread complete, or
//! when the thread exits. A program that reads its destination before
//! waiting reads what was there before, as it may on a GPU (where the copy
//! lands at some time in between); one that waits reads the copy.
//!
//! ```
//! use ptx_core::Semantics;
//! use ptx_sim::memory::in_flight::{Copy, InFlight};
//! let copy = |dst| Copy { sem: Semantics::CpAsync, slots: [dst, 0, 4, 0] };
//! let mut f = InFlight::default();
//! f.issue(copy(0));
//! f.commit();
//! f.issue(copy(4));
//! f.commit();
//! // `cp.async.wait_group 1`: all but the newest group complete.
//! assert_eq!(f.due(1), [copy(0)]);
//! assert_eq!(f.rest(), [copy(4)]);
//! ```

use ptx_core::Semantics;
use std::collections::VecDeque;

/// One copy: the `cp.async` form and its slots (`[dst], [src], size,
/// {src_size | ignore_src}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copy {
    /// `CpAsync`, `CpAsyncSrcSize` or `CpAsyncIgnoreSrc`.
    pub sem: Semantics,
    /// Its slots.
    pub slots: [u64; 4],
}

/// A thread's copies not yet complete.
#[derive(Clone, Debug, Default)]
pub struct InFlight {
    /// Issued since the last commit.
    open: Vec<Copy>,
    /// Committed groups, oldest first.
    groups: VecDeque<Vec<Copy>>,
}

impl InFlight {
    /// `cp.async`: a copy joins the open group.
    pub fn issue(&mut self, copy: Copy) {
        self.open.push(copy);
    }

    /// `cp.async.commit_group`: the open group is committed (an empty one
    /// too: `wait_group` counts it).
    pub fn commit(&mut self) {
        self.groups.push_back(std::mem::take(&mut self.open));
    }

    /// `cp.async.wait_group n`: the copies of every committed group but the
    /// `n` newest, oldest first, which complete now.
    pub fn due(&mut self, n: usize) -> Vec<Copy> {
        let mut out = Vec::new();
        while self.groups.len() > n {
            out.extend(self.groups.pop_front().unwrap_or_default());
        }
        out
    }

    /// Every copy, committed or not, oldest first: what completes when the
    /// thread needs them all (`cp.async.mbarrier.arrive`, exit).
    pub fn rest(&mut self) -> Vec<Copy> {
        let mut out = self.due(0);
        out.append(&mut self.open);
        out
    }

    /// Whether no copy is in flight.
    pub fn is_empty(&self) -> bool {
        self.open.is_empty() && self.groups.iter().all(Vec::is_empty)
    }
}
