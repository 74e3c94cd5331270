//! Every launch of closures ends: a CTA whose lanes keep running `ptx!`
//! statements while nothing changes spins, and stops with a fault naming
//! where each lane is.
//!
//! A lane runs arbitrary Rust between statements, so the simulator sees
//! progress only through the statements: each one that reaches memory or
//! other threads (what the expansion notes with [`super::note_site`], and
//! what the statement interpreter runs of them) counts, one counter increment and
//! compare on the CTA. Every [`LOOK_EVERY`] statements the CTA looks
//! (off the hot path) whether anything changed since its last look: a
//! lane finished, global memory changed, or its shared memory differs
//! (a store, an atomic, an mbarrier's phase, an asynchronous copy landing).
//!
//! A CTA alone in its grid (nothing outside it can write what it waits
//! for) that runs [`super::Launch::hang_limit`] statements without any
//! such change, or runs them for the launch's stall limit
//! ([`super::Launch::stall_after`]), spins forever: it stops with
//! [`Fault::Hang`]. A CTA of a larger grid may wait for another one's
//! write, so the grid decides ([`crate::engine::grid`]): such a CTA runs
//! in slices ([`Slice`](super::progress::Slice)), reporting at the end of each whether it made
//! progress, and the grid stops every CTA once none has.

use super::cta::CtaCore;
use super::progress::{LOOK_EVERY, Watch};
use crate::exec::lanes_of;
use crate::fault::{Fault, LaunchFault, QuietSpan, ThreadFault};
use std::time::Instant;

impl CtaCore {
    /// Counts a statement that lane `lane` runs: what every statement the
    /// simulator sees costs. `instruction` names it when the lane's site
    /// does not (a statement the statement interpreter runs; else
    /// empty).
    #[inline(always)]
    pub(crate) fn count_statement(&self, lane: usize, instruction: &'static str) {
        let n = self.statements.get() + 1;
        self.statements.set(n);
        if n >= LOOK_EVERY {
            self.look(lane, instruction);
        }
    }

    /// Looks whether the CTA made progress since its last look; stops the
    /// running lane `lane` (and, through their next rendezvous, the
    /// others) once it spins; under the grid, pauses the CTA once its
    /// slice is spent (see [`Slice`](super::progress::Slice)).
    #[cold]
    #[inline(never)]
    fn look(&self, lane: usize, instruction: &'static str) {
        if self.slice.pausing.get() {
            // The CTA pauses: each lane stops at its next statement.
            self.statements.set(LOOK_EVERY - 1);
            let _ = super::current::yield_lane();
            return;
        }
        self.statements.set(0);
        let limits = self.limits.get();
        let fault = {
            let mut watch = self.watch.borrow_mut();
            if let Some(hung) = watch.as_ref().and_then(|w| w.hung.clone()) {
                // Every statement after the stop looks again.
                self.statements.set(LOOK_EVERY - 1);
                Some(hung)
            } else {
                let global_changes = self.launch.global.changes();
                let finished = self.finished.get();
                let shared = self.shared.try_borrow().ok();
                let Some(shared) = shared else { return };
                match watch.as_mut() {
                    Some(w)
                        if w.finished == finished
                            && w.global_changes == global_changes
                            && w.shared == *shared =>
                    {
                        w.quiet += u64::from(LOOK_EVERY);
                        // A CTA of a larger grid may wait for another
                        // one's write: the grid's rule decides
                        // (`crate::engine::grid`).
                        if !limits.alone {
                            None
                        } else if w.quiet >= limits.hang_limit {
                            Some(QuietSpan::Statements(w.quiet))
                        } else if w.since.elapsed() >= limits.stall {
                            Some(QuietSpan::Seconds(w.since.elapsed().as_secs().max(1)))
                        } else {
                            None
                        }
                        .map(|quiet| {
                            Fault::Launch(LaunchFault::Hang {
                                quiet,
                                positions: self.positions(lane, instruction),
                            })
                        })
                    }
                    _ => {
                        *watch = Some(Box::new(Watch {
                            finished,
                            global_changes,
                            shared: shared.clone(),
                            quiet: 0,
                            since: Instant::now(),
                            hung: None,
                        }));
                        self.slice.progress.set(true);
                        None
                    }
                }
            }
        };
        if let Some(fault) = fault {
            self.stop(lane, fault);
        }
        if self.slice.driven.get() {
            let used = self.slice.used.get() + u64::from(LOOK_EVERY);
            self.slice.used.set(used);
            if used >= self.slice.budget.get() {
                self.slice.pausing.set(true);
                self.statements.set(LOOK_EVERY - 1);
                let _ = super::current::yield_lane();
            }
        }
    }

    /// The grid stops the CTA with `fault` (another CTA's, or the grid's
    /// hang): every lane meets it at its next statement or rendezvous,
    /// and it is not the CTA's own to report.
    pub(crate) fn halt(&self, fault: &Fault) {
        let mut watch = self.watch.borrow_mut();
        let watch = watch.get_or_insert_with(|| Box::new(Watch::empty()));
        watch.hung = Some(fault.clone());
        self.poison(fault);
        self.statements.set(LOOK_EVERY - 1);
        self.slice.driven.set(false);
        self.slice.pausing.set(false);
    }

    /// Stops the CTA with `fault`: it is the CTA's (reported once), every
    /// lane waiting or yet to wait meets it at its next rendezvous, and
    /// the running lane `lane` at once.
    #[cold]
    fn stop(&self, lane: usize, fault: Fault) -> ! {
        let first = {
            let mut watch = self.watch.borrow_mut();
            let watch = watch.get_or_insert_with(|| Box::new(Watch::empty()));
            watch.hung.replace(fault.clone()).is_none()
        };
        if first {
            self.reported.borrow_mut().push(fault.clone().into());
            self.poison(&fault);
            self.statements.set(LOOK_EVERY - 1);
        }
        let site = self.lanes[lane].site.get();
        let message = fault.to_string();
        super::current::raise(
            ThreadFault {
                thread: None,
                statement: site.map(|(text, _)| text.to_string()),
                location: site.map(|(_, location)| location),
                fault,
            },
            message,
        )
    }

    /// Where each lane of the CTA that has not finished is, `running`
    /// being the running one (at `instruction` of the statement interpreter, unless
    /// empty): `CTA (0, 0, 0) warp 0 lane 0x00000001 at
    /// `ld.volatile.shared.u32 %0, [%1];` (src/main.rs:12)`, one entry per
    /// warp and place.
    pub(crate) fn positions(&self, running: usize, instruction: &str) -> Vec<String> {
        let started = self.next.get();
        let [x, y, z] = self.ctaid;
        let mut out = Vec::new();
        for warp in 0..self.lanes.len().div_ceil(32) {
            let mut places: Vec<(String, u32)> = Vec::new();
            for i in warp * 32..(warp * 32 + 32).min(self.lanes.len()) {
                let place = if i >= started {
                    "not started".to_string()
                } else if i != running && self.fiber_of[i].get() == super::cta::RETURNED {
                    continue;
                } else if i == running && !instruction.is_empty() {
                    format!("at `{instruction}`")
                } else {
                    match self.lanes[i].site.get() {
                        Some((text, location)) => format!("at `{text}` ({location})"),
                        None => match self.waiting(i) {
                            Some(wait) => format!("at `{}`", wait.sem.key()),
                            None => "in Rust code before any `ptx!` statement".to_string(),
                        },
                    }
                };
                let bit = 1u32 << (i % 32);
                match places.iter_mut().find(|(p, _)| *p == place) {
                    Some((_, lanes)) => *lanes |= bit,
                    None => places.push((place, bit)),
                }
            }
            for (place, lanes) in places {
                let count = lanes_of(lanes).count();
                out.push(format!(
                    "CTA ({x}, {y}, {z}) warp {warp} lane{} {lanes:#010x} {place}",
                    if count == 1 { "" } else { "s" }
                ));
            }
        }
        out
    }
}
