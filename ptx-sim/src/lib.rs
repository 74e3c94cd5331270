//! The simulator: semantic functions for PTX instructions ([`sem`], named
//! by the table's semantics keys in [`registry`]), an interpreter for
//! lowered programs ([`interp`], under the contract of [`exec`]), and the
//! machine that launches them ([`machine`]).
//!
//! What holds both to a real GPU and real ptxas (replaying H100 records,
//! ptxas verdicts, the coverage table, the `ptx-sim` command) is the
//! `ptx-tools` crate, so that building the simulator builds none of it.

#![warn(missing_docs)]

pub mod exec;
pub mod fault;
pub mod interp;
pub mod machine;
pub mod registry;
pub mod sem;
