//! A warp's open divergences: which of its lanes a branch that split their
//! group holds back, and where the group's paths meet again, in the H100's
//! order, as the tickets of `tests/data/kernels/src/divergence.cu` show it
//! (`docs/kernels.md`). The warp chooses its next group among the lanes
//! these records do not hold back ([`Divergences::held`]).

use crate::exec::lanes_of;
use crate::kernel::code::NO_JOIN;

/// An open divergence: a branch of frame `frame` split `members`; the
/// lanes of the path that runs later are `deferred` until the first path
/// has reached `join` (or cannot go on), and the lanes that have reached
/// `join` wait there (`joined`) until every member has, or has exited or
/// returned. `join` is [`NO_JOIN`] where the paths only meet at the
/// function's end.
#[derive(Clone, Copy, Debug)]
struct Diverged {
    /// The frame whose branch split the group.
    frame: u32,
    /// How many frames enclose that frame.
    depth: u32,
    /// The step where the paths meet again, or [`NO_JOIN`].
    join: u32,
    /// The lanes of the group that split.
    members: u32,
    /// The lanes of the path that runs later, while they are held back.
    deferred: u32,
    /// The members that wait at `join`.
    joined: u32,
}

/// A warp's open divergences, innermost last.
#[derive(Debug, Default)]
pub(super) struct Divergences {
    /// The open divergences, innermost last.
    open: Vec<Diverged>,
    /// Ready lanes held back as the later path of a divergence (the union
    /// over `open`).
    deferred: u32,
    /// Lanes waiting at a divergence's join point (the union over `open`).
    joined: u32,
}

impl Divergences {
    /// The lanes held back: the later paths of the divergences, and the
    /// lanes waiting at their join points.
    #[inline]
    pub(super) fn held(&self) -> u32 {
        self.deferred | self.joined
    }

    /// A branch of frame `frame` (which `depth` frames enclose) split the
    /// group `members`: the lanes `later` run once the others have reached
    /// `join`, the branch's join point, where they all wait for each other.
    pub(super) fn split(&mut self, frame: u32, depth: u32, join: u32, members: u32, later: u32) {
        self.open.push(Diverged {
            frame,
            depth,
            join,
            members,
            deferred: later,
            joined: 0,
        });
        self.deferred |= later;
    }

    /// Where the group `group` of frame `frame` joins the other path of its
    /// innermost divergence ([`NO_JOIN`]: nowhere in its frame).
    #[inline]
    pub(super) fn join(&self, group: u32, frame: u32) -> u32 {
        self.innermost(group)
            .map(|i| self.open[i])
            .filter(|d| d.frame == frame)
            .map_or(NO_JOIN, |d| d.join)
    }

    /// The group `group` has reached its join point: it waits there for
    /// the rest of its divergence.
    pub(super) fn arrive(&mut self, group: u32) {
        if let Some(i) = self.innermost(group) {
            self.open[i].joined |= group;
        }
        self.joined |= group;
    }

    /// Closes the innermost divergences that every member has finished:
    /// each member waits at the join point, exited (`exited`), or returned
    /// from the frame (lane `l` stands in frame `frame[l]`, which `depth(f)`
    /// frames enclose). Their waiting lanes go on, or wait at the next
    /// divergence out where it joins at the same step.
    pub(super) fn settle(&mut self, exited: u32, frame: &[u32; 32], depth: impl Fn(u32) -> u32) {
        while let Some(&d) = self.open.last() {
            let mut unfinished = d.members & !exited & !d.joined;
            for l in lanes_of(unfinished) {
                let f = frame[l];
                let returned = f != d.frame && depth(f) <= d.depth;
                if returned {
                    unfinished &= !(1 << l);
                }
            }
            if unfinished != 0 {
                return;
            }
            self.open.pop();
            self.deferred &= !d.deferred;
            let mut still = 0;
            if let Some(outer) = self.open.last_mut()
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
    pub(super) fn wake(&mut self) {
        if let Some(d) = self.open.iter_mut().rev().find(|d| d.deferred != 0) {
            self.deferred &= !d.deferred;
            d.deferred = 0;
            return;
        }
        if let Some(i) = self.open.iter().rposition(|d| d.joined != 0) {
            let d = self.open.remove(i);
            self.joined &= !d.joined;
            return;
        }
        // Nothing is recorded as holding the lanes back: let them all go.
        self.open.clear();
        self.deferred = 0;
        self.joined = 0;
    }

    /// A call by the `calling` lanes of frame `frame`, a path of a
    /// divergence of that frame, gives up that divergence's join point:
    /// ptxas begins every function with a `YIELD`, which takes the lanes
    /// off the convergence barrier, so each path runs to its end (or until
    /// it waits) before the other (`ours/divergence/calls`: the odd lanes'
    /// call, then their code after the `if`, then the even lanes').
    pub(super) fn unjoin_for_call(&mut self, calling: u32, frame: u32) {
        if let Some(i) = self.innermost(calling)
            && self.open[i].frame == frame
        {
            let d = &mut self.open[i];
            d.join = NO_JOIN;
            self.joined &= !d.joined;
            d.joined = 0;
        }
    }

    /// The innermost open divergence that any of `lanes` is a member of.
    #[inline]
    fn innermost(&self, lanes: u32) -> Option<usize> {
        self.open.iter().rposition(|d| d.members & lanes != 0)
    }
}
