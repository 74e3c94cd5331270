//! The lanes a resolution released, to resume in index order: a bit per
//! lane, so that queuing one is a bit set and the scheduler takes them out
//! lowest first without sorting.

use std::cell::Cell;

/// A set of lane indices, taken out in increasing order.
pub(crate) struct ReadySet {
    /// Bit `i % 32` of word `i / 32`: lane `i` is ready.
    words: Box<[Cell<u32>]>,
    /// No word below this one has a bit set.
    first: Cell<usize>,
}

impl ReadySet {
    /// An empty set for lanes `0..n`.
    pub(crate) fn new(n: usize) -> ReadySet {
        ReadySet {
            words: (0..n.div_ceil(32)).map(|_| Cell::new(0)).collect(),
            first: Cell::new(0),
        }
    }

    /// Adds the lanes of warp `w` whose bits are set in `lanes`.
    #[inline]
    pub(crate) fn push_warp(&self, w: usize, lanes: u32) {
        self.words[w].set(self.words[w].get() | lanes);
        if w < self.first.get() {
            self.first.set(w);
        }
    }

    /// Takes out the lowest lane, if any.
    #[inline]
    pub(crate) fn pop(&self) -> Option<usize> {
        let mut w = self.first.get();
        while let Some(word) = self.words.get(w) {
            let bits = word.get();
            if bits != 0 {
                word.set(bits & (bits - 1));
                self.first.set(w);
                return Some(w * 32 + bits.trailing_zeros() as usize);
            }
            w += 1;
        }
        self.first.set(w);
        None
    }

    /// Whether no lane is in the set.
    pub(crate) fn is_empty(&self) -> bool {
        self.words[self.first.get().min(self.words.len())..]
            .iter()
            .all(|w| w.get() == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::ReadySet;

    #[test]
    fn lanes_come_out_lowest_first_whatever_the_order_they_went_in() {
        let set = ReadySet::new(100);
        for i in [70, 3, 99, 31, 32, 0] {
            set.push_warp(i / 32, 1 << (i % 32));
        }
        assert_eq!(set.pop(), Some(0));
        // A lane queued below the cursor is still found.
        set.push_warp(0, 1 << 1);
        let rest: Vec<usize> = std::iter::from_fn(|| set.pop()).collect();
        assert_eq!(rest, [1, 3, 31, 32, 70, 99]);
        assert!(set.is_empty());
    }
}
