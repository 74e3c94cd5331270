//! What a CTA of a closure launch records of its progress, for its watch
//! (`watch.rs`) and the grid: its limits, what it saw at its last look,
//! and the slice the grid gave it. Data only: `cta.rs` holds these, and
//! `watch.rs` reads and writes them.

use crate::fault::Fault;
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
    pub finished: usize,
    pub global_changes: u64,
    pub shared: Vec<u8>,
    /// Statements run since the last progress.
    pub quiet: u64,
    /// When the last progress was seen.
    pub since: Instant,
    /// The fault the CTA stopped with, which every later statement meets.
    pub hung: Option<Fault>,
}

impl Watch {
    /// A watch that has seen nothing yet.
    pub(crate) fn empty() -> Watch {
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
