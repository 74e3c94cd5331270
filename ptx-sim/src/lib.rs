//! The simulator: semantic functions for PTX instructions, an interpreter
//! for lowered programs, and the commands that hold both to what a real GPU
//! and real ptxas do.

#![warn(missing_docs)]

pub mod async_copy;
pub mod codegen;
pub mod context;
pub mod coverage;
pub mod exec;
pub mod global;
pub mod golden;
pub mod interp;
pub mod launch;
pub mod matrix;
pub mod mbarrier;
pub mod memory;
pub mod records;
pub mod registry;
pub mod sem;
pub mod verdicts;
pub mod warp;
pub mod wmma;
