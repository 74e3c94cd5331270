//! The closure front-end: what runs `ptx!` code. A launch's grid of CTAs
//! ([`launch`]), each CTA's lanes on fibers of their own (`fiber`) and
//! their deterministic schedule (`scheduler`, `ready`), the rendezvous
//! where warp collectives and barriers meet (`cta`), the lane handle the
//! semantic functions get for the running lane ([`RunningLane`], found
//! through `current`), the running thread's context and special registers
//! ([`context`]), which launch's memory the CTAs that start reach
//! ([`spaces`]; the buffers themselves, the address model and the bank
//! model are [`crate::memory`] and [`crate::lane`]), and what the CTAs of
//! a cluster share (`cta_cluster`, with the cluster barrier in
//! [`crate::engine::cluster`] and the address layout in
//! [`crate::memory::cluster_address`]).
//!
//! The semantic functions below know nothing of it: they are handed a
//! [`crate::lane::Lane`], which [`RunningLane`] implements, and
//! [`run`] is the entry point of a statement's code.

pub mod context;
mod cta;
mod cta_cluster;
pub(crate) mod current;
mod fiber;
pub mod launch;
mod progress;
mod ready;
mod running;
mod running_lane;
mod scheduler;
mod sites;
mod sliced;
pub mod spaces;
mod watch;

pub use crate::memory::bank_counts::{BankCounts, SharedStats};
pub use current::{note_site, raise};
pub use running_lane::RunningLane;

/// Runs the semantic function of `sem` over `slots` with the decoded
/// modifiers `m` for the lane that runs on this thread ([`RunningLane`]):
/// the one entry point of the code `ptx!` generates and of the statement
/// interpreter ([`crate::sem::run`] is the dispatch).
///
/// ```
/// use ptx_core::{Mods, Semantics, Target, check_asm};
/// let checked = check_asm("popc.b32 %0, %1;", &["=r", "r"], Target::default()).unwrap();
/// let mods = Mods::from_bound(&checked.instructions[0].bound);
/// let lanes = ptx_sim::machine::warp32(|lane| {
///     let mut slots = [0, u64::from(lane)];
///     ptx_sim::machine::run(Semantics::Popc, &mods, &mut slots).unwrap();
///     slots[0]
/// })
/// .unwrap();
/// assert_eq!(lanes[7], 3);
/// ```
#[inline(always)]
pub fn run(
    sem: ptx_core::Semantics,
    m: &ptx_core::Mods,
    slots: &mut [u64],
) -> crate::exec::SemResult {
    crate::sem::run(&mut RunningLane, sem, m, slots)
}
pub use launch::*;
pub use progress::{DEFAULT_HANG_LIMIT, DEFAULT_STALL};
pub use running::in_launch;
