//! Vector clocks, one per warp of a CTA: what each warp has seen of every
//! other's progress. Warp `w`'s own entry counts the synchronisations it
//! took part in; an access stamped with warp `v`'s clock `c` happened
//! before `w`'s present point if `w` has seen at least `c` of `v`.
//!
//! The warps of the CTA's own are a dense table; what a warp has seen of
//! other CTAs' warps (through a release and an acquire in global memory) is
//! a sparse map, empty unless CTAs synchronise.

use std::collections::BTreeMap;

/// A clock over warps of any CTA: `(CTA, warp)` to the count seen.
pub(crate) type SparseClock = BTreeMap<(u32, u32), u32>;

/// The clocks of the warps of one CTA.
pub(crate) struct Clocks {
    /// The CTA's index in the grid.
    cta: u32,
    /// Warps in the CTA.
    n: usize,
    /// `own[w * n + v]`: what warp `w` has seen of warp `v` of the CTA.
    own: Vec<u32>,
    /// What each warp has seen of other CTAs' warps.
    foreign: Vec<SparseClock>,
}

impl Clocks {
    /// The clocks of CTA `cta`'s `warps` warps at launch: each has seen
    /// nothing of the others, and is at 1 itself.
    pub(crate) fn new(cta: u32, warps: usize) -> Clocks {
        let mut own = vec![0; warps * warps];
        for w in 0..warps {
            own[w * warps + w] = 1;
        }
        Clocks {
            cta,
            n: warps,
            own,
            foreign: vec![SparseClock::new(); warps],
        }
    }

    /// Warp `w`'s own clock: what its accesses are stamped with.
    pub(crate) fn now(&self, w: u32) -> u32 {
        self.own[w as usize * self.n + w as usize]
    }

    /// Warp `w` synchronised its own lanes (`bar.warp.sync`, a `.sync`
    /// collective): its accesses before are ordered before its accesses
    /// after, whichever lanes made them.
    pub(crate) fn tick(&mut self, w: u32) {
        self.own[w as usize * self.n + w as usize] += 1;
    }

    /// Whether what happened at `t` (an access's stamp) happened before
    /// warp `w`'s present point.
    pub(crate) fn orders(&self, w: u32, t: &WarpTime) -> bool {
        if t.cta == self.cta {
            let v = t.warp as usize;
            v < self.n && t.clock <= self.own[w as usize * self.n + v]
        } else {
            self.foreign[w as usize]
                .get(&(t.cta, t.warp))
                .is_some_and(|&c| t.clock <= c)
        }
    }

    /// A barrier phase completed: the warps of `releasing` arrived (those
    /// of `acquiring` waited for it too). Each waiting warp sees everything
    /// any arriving warp saw, and every participant's own clock moves on.
    pub(crate) fn barrier(&mut self, releasing: u32, acquiring: u32) {
        let n = self.n;
        let warps = |mask: u32| (0..n).filter(move |&w| w < 32 && mask & (1 << w) != 0);
        let mut join = vec![0u32; n];
        let mut foreign = SparseClock::new();
        for w in warps(releasing | acquiring) {
            for (j, &c) in join.iter_mut().zip(&self.own[w * n..(w + 1) * n]) {
                *j = (*j).max(c);
            }
            merge(&mut foreign, &self.foreign[w]);
        }
        for w in warps(acquiring) {
            self.own[w * n..(w + 1) * n].copy_from_slice(&join);
            merge(&mut self.foreign[w], &foreign);
        }
        for w in warps(releasing | acquiring) {
            self.own[w * n + w] = join[w] + 1;
        }
    }

    /// What warp `w` has seen, as a clock over every CTA's warps: what a
    /// release by it publishes.
    pub(crate) fn release(&mut self, w: u32) -> SparseClock {
        let row = &self.own[w as usize * self.n..(w as usize + 1) * self.n];
        let mut clock = self.foreign[w as usize].clone();
        for (v, &c) in row.iter().enumerate() {
            if c > 0 {
                let e = clock.entry((self.cta, v as u32)).or_insert(0);
                *e = (*e).max(c);
            }
        }
        self.own[w as usize * self.n + w as usize] += 1;
        clock
    }

    /// Warp `w` acquires `clock`: it sees everything the releases that
    /// made it saw.
    pub(crate) fn acquire(&mut self, w: u32, clock: &SparseClock) {
        let n = self.n;
        for (&(cta, v), &c) in clock {
            if cta == self.cta {
                if (v as usize) < n {
                    let e = &mut self.own[w as usize * n + v as usize];
                    *e = (*e).max(c);
                }
            } else {
                let e = self.foreign[w as usize].entry((cta, v)).or_insert(0);
                *e = (*e).max(c);
            }
        }
    }
}

/// `into` becomes the entry-wise maximum of itself and `from`.
pub(crate) fn merge(into: &mut SparseClock, from: &SparseClock) {
    for (&k, &c) in from {
        let e = into.entry(k).or_insert(0);
        *e = (*e).max(c);
    }
}

/// A point in one warp's history: what an access's stamp records of
/// when it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WarpTime {
    /// The CTA's index in the grid.
    pub cta: u32,
    /// The warp's index in its CTA.
    pub warp: u32,
    /// The warp's clock.
    pub clock: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(cta: u32, warp: u32, clock: u32) -> WarpTime {
        WarpTime { cta, warp, clock }
    }

    #[test]
    fn a_barrier_orders_what_came_before_it_and_not_what_came_after() {
        let mut c = Clocks::new(0, 2);
        let before = stamp(0, 0, c.now(0));
        assert!(!c.orders(1, &before), "no barrier yet");
        c.barrier(0b11, 0b11);
        assert!(c.orders(1, &before));
        let after = stamp(0, 0, c.now(0));
        assert!(
            !c.orders(1, &after),
            "after the barrier, warp 0 runs on alone"
        );
    }

    #[test]
    fn an_arrival_releases_to_the_waiters_only() {
        // Warp 0 arrives (`bar.arrive`), warp 1 waits (`bar.sync`).
        let mut c = Clocks::new(0, 2);
        let producer = stamp(0, 0, c.now(0));
        let consumer = stamp(0, 1, c.now(1));
        c.barrier(0b01, 0b10);
        assert!(
            c.orders(1, &producer),
            "the waiter sees the producer's write"
        );
        assert!(
            !c.orders(0, &consumer),
            "the producer saw nothing of the waiter"
        );
    }

    #[test]
    fn a_release_in_one_cta_is_seen_by_the_acquire_in_another() {
        let mut a = Clocks::new(0, 1);
        let mut b = Clocks::new(1, 1);
        let write = stamp(0, 0, a.now(0));
        assert!(!b.orders(0, &write));
        let published = a.release(0);
        b.acquire(0, &published);
        assert!(b.orders(0, &write));
        let later = stamp(0, 0, a.now(0));
        assert!(
            !b.orders(0, &later),
            "what CTA 0 did after its release is not seen"
        );
    }
}
