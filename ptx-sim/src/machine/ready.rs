//! The lanes a resolution released, and the order they resume in.
//!
//! Resolution (on the CTA's thread, while no lane runs) adds lanes to a set
//! of bits, a bit per lane, in whatever order their rendezvous resolve;
//! sealing it turns the set into a queue in index order, holding each
//! lane's fiber and the stack pointer it saved, which the lanes then take
//! from one by one as each stops (a couple of instructions, not a search).

use super::fiber::{FiberId, SwitchTo};
use super::running::RUNNING;
use std::cell::Cell;

/// The queue that ran on this OS thread before a CTA installed its own
/// (see [`ReadySet::install`]).
pub(crate) struct Installed {
    next: *const Cell<SwitchTo>,
    end: *const Cell<SwitchTo>,
}

/// A set of lane indices, filled while resolving and then taken out in
/// increasing order.
pub(crate) struct ReadySet {
    /// Bit `i % 32` of word `i / 32`: lane `i` was released by the
    /// resolution under way.
    words: Box<[Cell<u32>]>,
    /// Some word has a bit set.
    any: Cell<bool>,
    /// The fibers of the released lanes, in lane order (from `seal`); the
    /// next to take and the end are in the installed [`Cursor`].
    queue: Box<[Cell<SwitchTo>]>,
}

impl ReadySet {
    /// An empty set for lanes `0..n`.
    pub(crate) fn new(n: usize) -> ReadySet {
        ReadySet {
            words: (0..n.div_ceil(32)).map(|_| Cell::new(0)).collect(),
            any: Cell::new(false),
            queue: (0..n)
                .map(|_| Cell::new(SwitchTo { fiber: 0, sp: 0 }))
                .collect(),
        }
    }

    /// Makes this set's (empty) queue the one lanes on this OS thread take
    /// from, until [`ReadySet::uninstall`] puts back the one it returns (a
    /// CTA may run inside a lane of another).
    pub(crate) fn install(&self) -> Installed {
        let start = self.queue.as_ptr();
        RUNNING.with(|r| Installed {
            next: r.queue.next.replace(start),
            end: r.queue.end.replace(start),
        })
    }

    /// Installs the queue `queue` describes (one that `install`
    /// returned), returning the one installed before.
    pub(crate) fn reinstall(queue: &Installed) -> Installed {
        RUNNING.with(|r| Installed {
            next: r.queue.next.replace(queue.next),
            end: r.queue.end.replace(queue.end),
        })
    }

    /// Puts back the queue that `install` replaced.
    pub(crate) fn uninstall(outer: Installed) {
        RUNNING.with(|r| {
            r.queue.next.set(outer.next);
            r.queue.end.set(outer.end);
        })
    }

    /// Adds the lanes of warp `w` whose bits are set in `lanes`.
    #[inline]
    pub(crate) fn push_warp(&self, w: usize, lanes: u32) {
        self.words[w].set(self.words[w].get() | lanes);
        self.any.set(self.any.get() | (lanes != 0));
    }

    /// Whether no lane was added since the last [`ReadySet::seal`].
    pub(crate) fn is_empty(&self) -> bool {
        !self.any.get()
    }

    /// Queues the lanes added since the last seal, in index order (the
    /// warps in `order`, the indices of a varied schedule, unless it is
    /// empty), as their fibers (`fiber_of[lane]`, as switch targets by `target`),
    /// after those still queued. The set must be installed.
    pub(crate) fn seal(
        &self,
        fiber_of: &[Cell<FiberId>],
        target: impl Fn(FiberId) -> SwitchTo,
        order: &[u32],
    ) {
        if !self.any.replace(false) {
            return;
        }
        let start = self.queue.as_ptr();
        // Compact the queue: what is left of it moves to the front.
        let (next, end) = RUNNING.with(|r| (r.queue.next.replace(start), r.queue.end.get()));
        // SAFETY: the set is installed (this function's promise), so both
        // point into `self.queue`, `next` at or before `end`.
        let (head, len) = unsafe { (next.offset_from(start), end.offset_from(start)) };
        let (head, len) = (head as usize, len as usize);
        for i in head..len {
            self.queue[i - head].set(self.queue[i].get());
        }
        let mut end = len - head;
        for k in 0..self.words.len() {
            let w = order.get(k).map_or(k, |&w| w as usize);
            let mut bits = self.words[w].replace(0);
            if bits == u32::MAX {
                // A whole warp: no bit to look for.
                for (slot, fiber) in self.queue[end..end + 32]
                    .iter()
                    .zip(&fiber_of[w * 32..w * 32 + 32])
                {
                    slot.set(target(fiber.get()));
                }
                end += 32;
                continue;
            }
            while bits != 0 {
                let lane = w * 32 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.queue[end].set(target(fiber_of[lane].get()));
                end += 1;
            }
        }
        // SAFETY: `end` is at most the queue's length: a lane is queued at
        // most once (it is released only while it waits, and a queued lane
        // does not wait).
        RUNNING.with(|r| r.queue.end.set(unsafe { start.add(end) }));
    }

    /// Takes out the next queued fiber of the installed set, if any.
    #[inline(always)]
    pub(crate) fn pop() -> Option<SwitchTo> {
        RUNNING.with(|r| {
            let next = r.queue.next.get();
            if next == r.queue.end.get() {
                return None;
            }
            // SAFETY: `next` is before `end`, both in the installed queue
            // (see `seal`), so it and the entry after it are in bounds.
            unsafe {
                r.queue.next.set(next.add(1));
                Some((*next).get())
            }
        })
    }

    /// Empties the set, once it is no longer installed (a finished CTA's
    /// queue is empty anyway).
    pub(crate) fn clear(&self) {
        self.words.iter().for_each(|w| w.set(0));
        self.any.set(false);
    }
}

#[cfg(test)]
mod tests {
    use super::ReadySet;
    use crate::machine::fiber::SwitchTo;
    use std::cell::Cell;

    /// Fiber `f` as a target whose stack pointer names it too.
    fn target(f: usize) -> SwitchTo {
        SwitchTo {
            fiber: f,
            sp: 8 * f,
        }
    }

    #[test]
    fn lanes_come_out_lowest_first_whatever_the_order_they_went_in() {
        // Lane i runs on fiber 1000 + i, so what comes out names the lane.
        let fiber_of: Vec<Cell<usize>> = (0..100).map(|i| Cell::new(1000 + i)).collect();
        let set = ReadySet::new(100);
        let outer = set.install();
        for i in [70, 3, 99, 31, 32, 0] {
            set.push_warp(i / 32, 1 << (i % 32));
        }
        set.seal(&fiber_of, target, &[]);
        assert_eq!(ReadySet::pop(), Some(target(1000)));
        // Lanes released by a later resolution queue behind those left.
        set.push_warp(0, 1 << 1);
        set.seal(&fiber_of, target, &[]);
        let rest: Vec<usize> = std::iter::from_fn(|| ReadySet::pop().map(|t| t.fiber)).collect();
        assert_eq!(rest, [1003, 1031, 1032, 1070, 1099, 1001]);
        assert!(set.is_empty());
        ReadySet::uninstall(outer);
    }

    #[test]
    fn a_whole_warp_queues_its_32_lanes_in_order() {
        let fiber_of: Vec<Cell<usize>> = (0..64).map(|i| Cell::new(63 - i)).collect();
        let set = ReadySet::new(64);
        let outer = set.install();
        set.push_warp(1, u32::MAX);
        set.push_warp(0, 0b101);
        set.seal(&fiber_of, target, &[]);
        let out: Vec<SwitchTo> = std::iter::from_fn(ReadySet::pop).collect();
        let expected: Vec<SwitchTo> = [0, 2]
            .into_iter()
            .chain(32..64)
            .map(|l| target(63 - l))
            .collect();
        assert_eq!(out, expected);
        ReadySet::uninstall(outer);
    }

    #[test]
    fn a_varied_order_queues_whole_warps_in_that_order() {
        let fiber_of: Vec<Cell<usize>> = (0..96).map(|i| Cell::new(1000 + i)).collect();
        let set = ReadySet::new(96);
        let outer = set.install();
        set.push_warp(0, 0b11);
        set.push_warp(1, 0b1);
        set.push_warp(2, 0b100);
        set.seal(&fiber_of, target, &[2, 0, 1]);
        let out: Vec<usize> = std::iter::from_fn(|| ReadySet::pop().map(|t| t.fiber)).collect();
        assert_eq!(out, [1066, 1000, 1001, 1032]);
        ReadySet::uninstall(outer);
    }
}
