//! `ptx`: inline NVIDIA PTX in Rust, checked at compile time, simulated on the CPU.

pub use ptx_core as core;
