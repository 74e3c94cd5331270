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
//! in slices ([`Slice`]), reporting at the end of each whether it made
//! progress, and the grid stops every CTA once none has.

use super::cta::CtaCore;
use crate::exec::lanes_of;
use crate::fault::{Fault, LaunchFault, QuietSpan, ThreadFault};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// Statements between two looks for progress: few enough that a spin
/// stops within a fraction of a second after the limit, many enough that
/// comparing shared memory (at most 227 KiB) costs nothing per statement.
pub(crate) const LOOK_EVERY: u32 = 1 << 14;

/// How long a launch of closures alone in its grid may run `ptx!`
/// statements without progress (see [`super::Launch::hang_limit`]): about
/// a second of one lane spinning on a shared-memory flag.
pub const DEFAULT_HANG_LIMIT: u64 = 1 << 22;

/// What a CTA's watch needs from its launch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WatchLimits {
    /// Whether the CTA is the grid's only one: no one else can write what
    /// its lanes wait for.
    pub alone: bool,
    /// Statements without progress after which a CTA alone spins.
    pub hang_limit: u64,
    /// How long a CTA alone may go without progress.
    pub stall: Duration,
}

/// How long a launch of closures may go without progress (see
/// [`super::Launch::stall_after`]).
pub const DEFAULT_STALL: Duration = Duration::from_secs(10);

impl Default for WatchLimits {
    fn default() -> WatchLimits {
        WatchLimits {
            alone: false,
            hang_limit: DEFAULT_HANG_LIMIT,
            stall: DEFAULT_STALL,
        }
    }
}

/// What the CTA saw at its last look.
pub(crate) struct Watch {
    finished: usize,
    global_changes: u64,
    shared: Vec<u8>,
    /// Statements run since the last progress.
    quiet: u64,
    /// When the last progress was seen.
    since: Instant,
    /// The fault the CTA stopped with, which every later statement meets.
    hung: Option<Fault>,
}

impl Watch {
    /// A watch that has seen nothing yet.
    fn empty() -> Watch {
        Watch {
            finished: 0,
            global_changes: 0,
            shared: Vec::new(),
            quiet: 0,
            since: Instant::now(),
            hung: None,
        }
    }
}

/// The slice a CTA that runs under the grid ([`crate::engine::grid`]) was
/// given: once its lanes have run `budget` statements, each stops at its
/// next one, and once all have stopped the CTA pauses
/// (`scheduler::run_cta`), reporting what it used and whether it made
/// progress (a lane finished, its shared memory or global memory
/// changed), until the grid resumes it.
#[derive(Default)]
pub(crate) struct Slice {
    /// Whether the CTA runs under the grid (else it runs to its end).
    pub driven: Cell<bool>,
    /// Statements the slice may run.
    pub budget: Cell<u64>,
    /// Statements run in the slice, counted at each look.
    pub used: Cell<u64>,
    /// Whether a look in the slice saw progress.
    pub progress: Cell<bool>,
    /// Whether the slice is spent: lanes stop at their next statement.
    pub pausing: Cell<bool>,
}

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
    /// slice is spent (see [`Slice`]).
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
        let memory = crate::machine::spaces::current("ld", ptx_core::StateSpace::Global).ok();
        let fault = {
            let mut watch = self.watch.borrow_mut();
            if let Some(hung) = watch.as_ref().and_then(|w| w.hung.clone()) {
                // Every statement after the stop looks again.
                self.statements.set(LOOK_EVERY - 1);
                Some(hung)
            } else {
                let global_changes = memory.as_ref().map_or(0, |m| m.global.changes());
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
                } else if i != running && self.lanes[i].done.get() {
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
