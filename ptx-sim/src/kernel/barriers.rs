//! The sixteen barriers of a CTA (`bar`, `barrier`): which threads arrived
//! at each barrier's phase, which lanes wait there, and the phases that
//! completed, whose lanes the CTA releases between warps' turns.

use crate::fault::WaitSite;
use crate::sem::sync::barrier_op::{BarrierOp, Reduce};

/// The CTA's sixteen barriers.
#[derive(Default)]
pub(crate) struct Barriers {
    /// Each barrier's current phase, by its number.
    slots: [Barrier; 16],
    /// Phases that completed, their lanes not yet released.
    done: Vec<Completed>,
}

/// One barrier's phase: who arrived and who waits.
#[derive(Default)]
struct Barrier {
    /// Threads that arrived this phase.
    arrived: u32,
    /// The thread count the phase waits for, if an arrival gave one.
    count: Option<u32>,
    /// The thread count the phase's first arrival with one gave, which
    /// every later one that gives a count must give too.
    first_count: Option<u32>,
    /// Waiting lanes: (warp, lanes).
    waiting: Vec<(u32, u32)>,
    /// Arriving threads whose `bar.red` predicate was true.
    true_count: u64,
    /// The reduction of the phase's `bar.red`, if any.
    reduce: Option<Reduce>,
    /// The instruction key, for deadlock reports.
    key: &'static str,
    /// The warps that arrived this phase (bit w: warp w).
    warps: u32,
}

/// A barrier that completed: the lanes to release and the value of its
/// reduction, if it had one.
pub(crate) struct Completed {
    /// The lanes that wait for it: (warp, lanes).
    pub waiting: Vec<(u32, u32)>,
    /// The value of its `bar.red`, if it had one.
    pub result: Option<u64>,
    /// The warps that arrived (bit w: warp w).
    pub warps: u32,
}

impl Barriers {
    /// `lanes` of warp `warp` arrive at the barrier of `op`, `live`
    /// threads of the CTA not having exited; `predicates` are those of
    /// them whose `bar.red` predicate is true. A phase whose threads have
    /// all arrived completes at once, so that a warp's next arrival (a
    /// producer's `bar.arrive` in a loop) counts toward the next phase.
    /// An arrival whose thread count differs from the count an earlier
    /// arrival of the phase gave returns that count (the PTX ISA makes a
    /// barrier whose arrivals give different counts undefined).
    pub(crate) fn arrive(
        &mut self,
        warp: u32,
        lanes: u32,
        predicates: u32,
        op: &BarrierOp,
        live: u32,
    ) -> Option<u32> {
        let earlier = self.add(warp, lanes, predicates, op);
        self.check(op.id as usize, live);
        earlier
    }

    /// Counts an arrival in the current phase of `op`'s barrier; the count
    /// an earlier arrival gave, if it differs from `op`'s.
    fn add(&mut self, warp: u32, lanes: u32, predicates: u32, op: &BarrierOp) -> Option<u32> {
        let b = &mut self.slots[op.id as usize];
        let differs = match (b.first_count, op.count) {
            (Some(first), Some(count)) if first != count => Some(first),
            (None, count) => {
                b.first_count = count;
                None
            }
            _ => None,
        };
        b.arrived += lanes.count_ones();
        b.warps |= 1 << (warp % 32);
        if !op.arrive {
            b.waiting.push((warp, lanes));
        }
        b.true_count += u64::from((predicates & lanes).count_ones());
        if op.reduce.is_some() {
            b.reduce = op.reduce;
        }
        if op.count.is_some() {
            b.count = op.count;
        }
        b.key = if op.arrive { "bar.arrive" } else { "bar.sync" };
        differs
    }

    /// Completes barrier `id`'s phase if its threads have all arrived,
    /// `live` threads of the CTA not having exited (a barrier without a
    /// count waits for them all).
    fn check(&mut self, id: usize, live: u32) {
        let b = &mut self.slots[id];
        if b.arrived == 0 || b.arrived < b.count.unwrap_or(live) {
            return;
        }
        let result = b
            .reduce
            .map(|r| r.result(b.true_count, u64::from(b.arrived)));
        self.done.push(Completed {
            waiting: std::mem::take(&mut b.waiting),
            result,
            warps: b.warps,
        });
        *b = Barrier::default();
    }

    /// The phases that completed since the last call, those that exits
    /// completed (`live` threads left) included: their lanes to release.
    pub(crate) fn complete(&mut self, live: u32) -> Vec<Completed> {
        for id in 0..self.slots.len() {
            self.check(id, live);
        }
        std::mem::take(&mut self.done)
    }

    /// Where lanes wait at barriers, for a deadlock report.
    pub(crate) fn sites(&self, live: u32) -> Vec<(WaitSite, Vec<(u32, u32)>)> {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, b)| !b.waiting.is_empty())
            .map(|(id, b)| {
                (
                    WaitSite::Barrier {
                        instruction: b.key,
                        barrier: id as u32,
                        expected: b.count.unwrap_or(live) as usize,
                    },
                    b.waiting.clone(),
                )
            })
            .collect()
    }
}
