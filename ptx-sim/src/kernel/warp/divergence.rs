//! How a warp chooses which of its lanes run next, and where a diverged
//! warp's paths meet again: the H100's order, as the tickets of
//! `tests/data/kernels/src/divergence.cu` show it (`docs/kernels.md`).

use super::Warp;
use crate::exec::lanes_of;
use crate::kernel::code::NO_JOIN;

/// An open divergence: a branch of frame `frame` split `members`; the
/// lanes of the path that runs later are `deferred` until the first path
/// has reached `join` (or cannot go on), and the lanes that have reached
/// `join` wait there (`joined`) until every member has, or has exited or
/// returned. `join` is [`NO_JOIN`] where the paths only meet at the
/// function's end.
#[derive(Clone, Copy, Debug)]
pub(super) struct Diverged {
    frame: u32,
    depth: u32,
    join: u32,
    members: u32,
    deferred: u32,
    joined: u32,
}

impl Warp {
    /// Chooses the next group: of the ready lanes that are neither held
    /// back nor waiting at a join point, those of the deepest frame at its
    /// first step in the layout (its lowest rank). Where there are none,
    /// the innermost divergence's later path is let go, or else the
    /// innermost lanes waiting at a join point are (they cannot be waited
    /// for: the others wait at a barrier, or spin). False when no lane is
    /// ready.
    pub(super) fn select(&mut self) -> bool {
        self.park();
        loop {
            if self.ready == 0 {
                return false;
            }
            self.settle();
            let candidates = self.ready & !self.deferred & !self.joined;
            if candidates == 0 {
                self.wake();
                continue;
            }
            let mut best: Option<(u32, u32, u32, u32)> = None;
            for l in lanes_of(candidates) {
                let f = self.frame[l];
                let depth = self.frames[f as usize].depth;
                let key = (u32::MAX - depth, self.rank(f, self.pc[l]), f, self.pc[l]);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
            let Some((_, rank, frame, pc)) = best else {
                return false;
            };
            let mut group = 0;
            let mut other_min = u32::MAX;
            for l in lanes_of(candidates) {
                if self.frame[l] == frame {
                    if self.pc[l] == pc {
                        group |= 1 << l;
                    } else {
                        other_min = other_min.min(self.rank(frame, self.pc[l]));
                    }
                }
            }
            self.group = group;
            self.gpc = pc;
            self.gframe = frame;
            self.other_min = if other_min > rank {
                other_min
            } else {
                u32::MAX
            };
            self.join_pc = self
                .innermost(group)
                .map(|i| self.diverged[i])
                .filter(|d| d.frame == frame)
                .map_or(NO_JOIN, |d| d.join);
            if pc == self.join_pc {
                self.arrive();
                continue;
            }
            // A group that spun keeps its count across turns and reselection.
            if group != self.spinner {
                self.spinner = group;
                self.spins = 0;
            }
            return true;
        }
    }

    /// The group has reached its join point: it waits there for the rest
    /// of its divergence.
    pub(super) fn arrive(&mut self) {
        let group = self.group;
        if let Some(i) = self.innermost(group) {
            self.diverged[i].joined |= group;
        }
        self.joined |= group;
        self.park();
    }

    /// Closes the innermost divergences that every member has finished:
    /// each member waits at the join point, exited, or returned from the
    /// frame. Their waiting lanes go on, or wait at the next divergence out
    /// where it joins at the same step.
    fn settle(&mut self) {
        while let Some(&d) = self.diverged.last() {
            let mut open = d.members & !self.exited & !d.joined;
            for l in lanes_of(open) {
                let f = self.frame[l];
                let returned = f != d.frame && self.frames[f as usize].depth <= d.depth;
                if returned {
                    open &= !(1 << l);
                }
            }
            if open != 0 {
                return;
            }
            self.diverged.pop();
            self.deferred &= !d.deferred;
            let mut still = 0;
            if let Some(outer) = self.diverged.last_mut()
                && outer.frame == d.frame
                && outer.join == d.join
            {
                still = d.joined & outer.members;
                outer.joined |= still;
            }
            self.joined &= !(d.joined & !still);
        }
    }

    /// Lets the innermost divergence's later path go, or where none is
    /// held back, the lanes waiting at the innermost join point (that
    /// divergence is given up).
    fn wake(&mut self) {
        if let Some(d) = self.diverged.iter_mut().rev().find(|d| d.deferred != 0) {
            self.deferred &= !d.deferred;
            d.deferred = 0;
            return;
        }
        if let Some(i) = self.diverged.iter().rposition(|d| d.joined != 0) {
            let d = self.diverged.remove(i);
            self.joined &= !d.joined;
            return;
        }
        // Nothing is recorded as holding the lanes back: let them all go.
        self.diverged.clear();
        self.deferred = 0;
        self.joined = 0;
    }

    /// Sends `lanes` of the group to step `pc` and the rest on to the next
    /// step: the group splits, the path with fewer lanes runs first (with
    /// as many, the one first in the layout), and the other waits for it
    /// to reach the branch's join point.
    pub(super) fn split(&mut self, lanes: u32, pc: u32) {
        let next = self.gpc + 1;
        let rest = self.group & !lanes;
        let taken_first = match lanes.count_ones().cmp(&rest.count_ones()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => self.rank(self.gframe, pc) < self.rank(self.gframe, next),
        };
        let later = if taken_first { rest } else { lanes };
        let function = self.frames[self.gframe as usize].function as usize;
        self.diverged.push(Diverged {
            frame: self.gframe,
            depth: self.frames[self.gframe as usize].depth,
            join: self.layouts[function].join[self.gpc as usize],
            members: self.group,
            deferred: later,
            joined: 0,
        });
        self.deferred |= later;
        for l in lanes_of(self.group) {
            self.pc[l] = if lanes & (1 << l) != 0 { pc } else { next };
            self.frame[l] = self.gframe;
        }
        self.group = 0;
        self.select();
    }

    /// A call by the `calling` lanes, a path of a divergence of their
    /// frame, gives up that divergence's join point: ptxas begins every
    /// function with a `YIELD`, which takes the lanes off the convergence
    /// barrier, so each path runs to its end (or until it waits) before
    /// the other (`ours/divergence/calls`: the odd lanes' call, then their
    /// code after the `if`, then the even lanes').
    pub(super) fn unjoin_for_call(&mut self, calling: u32) {
        let frame = self.gframe;
        if let Some(i) = self.innermost(calling)
            && self.diverged[i].frame == frame
        {
            let d = &mut self.diverged[i];
            d.join = NO_JOIN;
            self.joined &= !d.joined;
            d.joined = 0;
        }
    }

    /// The innermost open divergence that any of `lanes` is a member of.
    fn innermost(&self, lanes: u32) -> Option<usize> {
        self.diverged.iter().rposition(|d| d.members & lanes != 0)
    }
}
