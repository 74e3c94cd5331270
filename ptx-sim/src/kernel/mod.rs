//! Whole kernels: a PTX module loaded ([`Module`]) and one of its entries
//! launched over a grid ([`KernelLaunch`]), every thread running the
//! entry's code in the module interpreter, bit for bit as the statement
//! interpreter ([`crate::statement`]) runs the same instructions (both call
//! the semantic functions of [`crate::sem`]).
//!
//! ```text
//! .ptx text ──load──▶ Image (functions as decoded steps, variables laid out)
//!    ──launch──▶ Grid (resident CTAs, slices on workers)
//!       ──▶ Cta (warps take turns, barriers release between turns)
//!          ──▶ Warp (lanes at one step run together; divergent lanes wait)
//! ```
//!
//! The files follow that order: `code` (the decoded steps), `load`,
//! `launch` (the public API), `grid`, `cta` (with its `barriers`), `warp`
//! (with its `divergence`s), and the functions the driver provides
//! (`builtins`, with `printf`'s formatting). What a warp's turn reaches of
//! its CTA is `cta_context`, below both: the imports run one way, from the
//! CTA to its warps to the builtins.
//!
//! `docs/kernels.md` is the execution model in full: what a lane runs, when
//! lanes and CTAs switch, co-residency, the memory order a launch gives,
//! what is not simulated, and where the time goes.

mod barriers;
mod builtins;
mod cluster;
mod code;
mod cta;
mod cta_context;
mod fma_fusion;
mod grid;
pub(crate) mod launch;
mod load;
mod warp;

pub use cta::Steps;
pub use launch::{
    Arg, Backend, Buffer, DEFAULT_HANG_LIMIT, Difference, KernelError, KernelLaunch, KernelReport,
    MAX_BLOCK_THREADS, MAX_SHARED_BYTES, Module, Ran,
};
pub use load::{KernelParam, LoadError};
