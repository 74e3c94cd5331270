//! `ptx`: inline NVIDIA PTX in Rust functions, checked at compile time as
//! strictly as `ptxas` checks it, and simulated bit-exactly on the CPU when
//! no GPU is present.

#![warn(missing_docs)]

pub mod operand;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use ptx_core as core;
#[doc = include_str!("ptx_macro.md")]
pub use ptx_macros::ptx;
pub use ptx_sim as sim;
