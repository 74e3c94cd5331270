//! The machine: what runs the semantic functions. A launch's grid of CTAs
//! ([`launch`]), each CTA's lanes on fibers of their own (`fiber`) and
//! their deterministic schedule (`scheduler`, `ready`), the
//! rendezvous where warp collectives and barriers meet ([`collective`],
//! `cta`), the running thread's context and special registers
//! ([`context`]), which launch's memory the running CTAs reach ([`spaces`];
//! the buffers themselves and the address model are [`crate::memory`]), the
//! shared-memory bank model ([`banks`]), and what the CTAs of a cluster
//! share (`cta_cluster`, with the cluster barrier in
//! [`crate::engine::cluster`] and the address layout in
//! [`crate::memory::cluster_address`]).
//!
//! Nothing here depends on the semantic functions: a warp-wide instruction
//! names itself by its semantics key and brings the function its warp
//! side runs.

pub mod bank_counts;
pub mod banks;
pub mod barrier;
pub mod collective;
pub mod context;
mod cta;
mod cta_cluster;
pub(crate) mod current;
mod fiber;
pub mod launch;
mod progress;
mod ready;
pub mod register_requests;
mod running;
mod scheduler;
mod sliced;
pub mod spaces;
mod watch;

pub use bank_counts::{BankCounts, SharedStats};
pub(crate) use cta::{CtaCore, Wait, WaitKind};
pub use cta::{Memories, WarpCall, WarpFn, WarpMemories};
pub use current::{note_site, raise};
pub use launch::*;
pub use progress::{DEFAULT_HANG_LIMIT, DEFAULT_STALL};
pub use running::in_launch;
