//! What the `ptx!` expansion refers to. Not a public API: names here may
//! change in any release.
//!
//! Both expansions name the operand conversions, `half` and [`Info`]; only
//! the host's names the simulator (`simulator`), so on `nvptx64` this
//! module needs nothing beyond `core`.

pub use crate::operand::{Constant, Register, Wide};
pub use half;

#[cfg(not(target_arch = "nvptx64"))]
pub use ptx_core as core;
#[cfg(not(target_arch = "nvptx64"))]
mod simulator;
#[cfg(not(target_arch = "nvptx64"))]
pub use simulator::*;

/// What every `ptx!` expansion evaluates to: the statement as checked.
// Printing and comparing it is for host code (tests, tools); device code
// only names it, so the device build asks `core` for no formatting.
#[derive(Clone, Copy)]
#[cfg_attr(not(target_arch = "nvptx64"), derive(Debug, PartialEq, Eq))]
pub struct Info {
    /// The canonical PTX text of the template.
    pub ptx: &'static str,
    /// The constraints of the operands, outputs first.
    pub constraints: &'static [&'static str],
    /// The target the statement was checked for.
    pub target: &'static str,
}
