//! The sanitizer: what compute-sanitizer's racecheck, initcheck and
//! synccheck report on a GPU, found while a launch runs on the CPU.
//!
//! - **Races** ([`Checks::race`]): two accesses to the same byte of shared
//!   or global memory by different threads, at least one a write
//!   (two strong accesses, atomics and `.relaxed`, `.acquire`, `.release`
//!   or `.volatile` loads and stores, never race), that nothing orders: no
//!   barrier both warps passed between them (`bar`/`barrier`, an
//!   `mbarrier` phase, a cluster barrier), and no release (a `.release`
//!   atomic or store, or a fence then an atomic or strong store) that the
//!   other side acquired (an atomic or strong load of the same address).
//!   Each pair of statements is reported once, with its kind (read after
//!   write, write after read, write after write), the address and both
//!   threads and statements.
//! - **Uninitialised reads** ([`Checks::init`]): a read of shared memory no
//!   thread of the CTA wrote (a GPU's shared memory is not zero at launch;
//!   the simulator's is, which hides the bug), of local memory the thread
//!   did not write, and, in a module, of a register the lane did not write
//!   and of device-heap bytes that `malloc` gave and no thread wrote since
//!   ([`crate::memory::heap::Heap::track_fresh`]).
//! - **Barrier misuse** ([`Checks::sync`]): an aligned barrier (`bar.sync`,
//!   `barrier.sync.aligned`) reached by some lanes of a warp while others
//!   of it, not exited, are elsewhere.
//!
//! Lanes of one warp race too unless the warp synchronises between their
//! accesses (`bar.warp.sync`, any `.sync` collective, a barrier): from
//! sm_70 on a warp's lanes need not run in lock step. Two lanes' accesses
//! from the same statement are not told apart.
//!
//! What it does not see: accesses made by
//! the tensor-memory copies (`cp.async.bulk`), `wmma` and `wgmma`;
//! ordering through spin loops on plain loads; other CTAs' accesses to a
//! cluster's distributed shared memory. `docs/sanitizer.md` has the whole
//! picture.
//!
//! Each CTA's checker ([`CtaCheck`]) is the CTA's observer
//! ([`crate::observe::Observer`]): the engines tell it what happens
//! through that trait and name nothing of the sanitizer's, and it holds
//! the launch's [`GlobalCheck`] (global memory's shadow, which every
//! CTA's checker shares) itself.
//!
//! One switch turns them on for every launch: `PTX_SIM_CHECKS=all` (or
//! `none`, or a list such as `race,init`); a launch's own setting
//! (`Launch::checks`, `KernelLaunch::checks`) wins over it. Without
//! either, a launch runs plain.
//!
//! ```
//! use ptx_sim::check::Checks;
//! assert_eq!(Checks::parse("race,sync"), Some(Checks { race: true, init: false, sync: true }));
//! assert_eq!(Checks::parse("all"), Some(Checks::ALL));
//! assert_eq!(Checks::parse("races"), None);
//! ```

mod clock;
pub(crate) mod cta;
mod memory;
mod ops;
mod shadow;

pub use cta::CtaCheck;
pub use memory::GlobalCheck;

/// Which checks a launch runs (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Checks {
    /// Report races on shared and global memory.
    pub race: bool,
    /// Report reads of shared or local memory never written, of a
    /// module's registers a lane did not write, and of device-heap bytes
    /// no thread wrote since `malloc` gave them.
    pub init: bool,
    /// Report aligned barriers reached by part of a warp.
    pub sync: bool,
}

impl Checks {
    /// Every check.
    pub const ALL: Checks = Checks {
        race: true,
        init: true,
        sync: true,
    };

    /// No check: a plain run.
    pub const NONE: Checks = Checks {
        race: false,
        init: false,
        sync: false,
    };

    /// Whether any check is on.
    pub fn any(self) -> bool {
        self.race || self.init || self.sync
    }

    /// The checks a launch runs unless it says: `PTX_SIM_CHECKS` if set
    /// (all of them if it is not one of [`Checks::parse`]'s forms), else
    /// none.
    pub fn default_for_launch() -> Checks {
        match std::env::var("PTX_SIM_CHECKS") {
            Ok(text) => Checks::parse(&text).unwrap_or(Checks::ALL),
            Err(_) => Checks::NONE,
        }
    }

    /// `all`, `none`, or a comma-separated list of `race`, `init` and
    /// `sync`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Checks> {
        match text.trim() {
            "all" | "1" | "on" => return Some(Checks::ALL),
            "none" | "0" | "off" | "" => return Some(Checks::NONE),
            _ => {}
        }
        let mut checks = Checks::NONE;
        for word in text.split(',') {
            match word.trim() {
                "race" => checks.race = true,
                "init" => checks.init = true,
                "sync" => checks.sync = true,
                _ => return None,
            }
        }
        Some(checks)
    }
}
