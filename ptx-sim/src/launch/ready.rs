//! The lanes a resolution released, and the order they resume in.
//!
//! Resolution (on the CTA's thread, while no lane runs) adds lanes to a set
//! of bits, a bit per lane, in whatever order their rendezvous resolve;
//! sealing it turns the set into a queue in index order, holding each
//! lane's fiber, which the lanes then take from one by one as each stops
//! (a couple of instructions, not a search).

use super::fiber::FiberId;
use std::cell::Cell;

/// A set of lane indices, filled while resolving and then taken out in
/// increasing order.
pub(crate) struct ReadySet {
    /// Bit `i % 32` of word `i / 32`: lane `i` was released by the
    /// resolution under way.
    words: Box<[Cell<u32>]>,
    /// Some word has a bit set.
    any: Cell<bool>,
    /// The fibers of the released lanes, in lane order (from `seal`).
    queue: Box<[Cell<FiberId>]>,
    /// The next entry of `queue` to take.
    head: Cell<usize>,
    /// How many entries `queue` holds.
    len: Cell<usize>,
}

impl ReadySet {
    /// An empty set for lanes `0..n`.
    pub(crate) fn new(n: usize) -> ReadySet {
        ReadySet {
            words: (0..n.div_ceil(32)).map(|_| Cell::new(0)).collect(),
            any: Cell::new(false),
            queue: (0..n).map(|_| Cell::new(0)).collect(),
            head: Cell::new(0),
            len: Cell::new(0),
        }
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

    /// Queues the lanes added since the last seal, in index order, as
    /// their fibers (`fiber_of[lane]`), after those still queued.
    pub(crate) fn seal(&self, fiber_of: &[Cell<FiberId>]) {
        if !self.any.replace(false) {
            return;
        }
        // Compact the queue: what is left of it moves to the front.
        let (head, len) = (self.head.replace(0), self.len.get());
        for i in head..len {
            self.queue[i - head].set(self.queue[i].get());
        }
        let mut end = len - head;
        for (w, word) in self.words.iter().enumerate() {
            let mut bits = word.replace(0);
            if bits == u32::MAX {
                // A whole warp: no bit to look for.
                for (slot, fiber) in self.queue[end..end + 32]
                    .iter()
                    .zip(&fiber_of[w * 32..w * 32 + 32])
                {
                    slot.set(fiber.get());
                }
                end += 32;
                continue;
            }
            while bits != 0 {
                let lane = w * 32 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.queue[end].set(fiber_of[lane].get());
                end += 1;
            }
        }
        self.len.set(end);
    }

    /// Takes out the next queued fiber, if any.
    #[inline(always)]
    pub(crate) fn pop(&self) -> Option<FiberId> {
        let head = self.head.get();
        if head >= self.len.get() {
            return None;
        }
        self.head.set(head + 1);
        // SAFETY: `head` is below `len`, which `seal` never sets past the
        // queue's length (a lane is queued at most once: it is released
        // only while it waits, and a queued lane does not wait).
        Some(unsafe { self.queue.get_unchecked(head) }.get())
    }

    /// Empties the set and the queue.
    pub(crate) fn clear(&self) {
        self.words.iter().for_each(|w| w.set(0));
        self.any.set(false);
        self.head.set(0);
        self.len.set(0);
    }
}

#[cfg(test)]
mod tests {
    use super::ReadySet;
    use std::cell::Cell;

    #[test]
    fn lanes_come_out_lowest_first_whatever_the_order_they_went_in() {
        // Lane i runs on fiber 1000 + i, so what comes out names the lane.
        let fiber_of: Vec<Cell<usize>> = (0..100).map(|i| Cell::new(1000 + i)).collect();
        let set = ReadySet::new(100);
        for i in [70, 3, 99, 31, 32, 0] {
            set.push_warp(i / 32, 1 << (i % 32));
        }
        set.seal(&fiber_of);
        assert_eq!(set.pop(), Some(1000));
        // Lanes released by a later resolution queue behind those left.
        set.push_warp(0, 1 << 1);
        set.seal(&fiber_of);
        let rest: Vec<usize> = std::iter::from_fn(|| set.pop()).collect();
        assert_eq!(rest, [1003, 1031, 1032, 1070, 1099, 1001]);
        assert!(set.is_empty());
    }

    #[test]
    fn a_whole_warp_queues_its_32_lanes_in_order() {
        let fiber_of: Vec<Cell<usize>> = (0..64).map(|i| Cell::new(63 - i)).collect();
        let set = ReadySet::new(64);
        set.push_warp(1, u32::MAX);
        set.push_warp(0, 0b101);
        set.seal(&fiber_of);
        let out: Vec<usize> = std::iter::from_fn(|| set.pop()).collect();
        let expected: Vec<usize> = [0, 2].into_iter().chain(32..64).map(|l| 63 - l).collect();
        assert_eq!(out, expected);
    }
}
