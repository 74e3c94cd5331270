//! The simulator: semantic functions for PTX instructions, an interpreter
//! for lowered programs, and the commands that hold both to what a real GPU
//! and real ptxas do.

#![warn(missing_docs)]

pub mod codegen;
pub mod coverage;
pub mod exec;
pub mod fault;
pub mod golden;
pub mod interp;
pub mod machine;
pub mod records;
pub mod registry;
pub mod sem;
pub mod verdicts;
