//! CUDA without a GPU: a shared library that stands in for NVIDIA's
//! driver library (`libcuda.so.1`) and runtime library (`libcudart.so.13`),
//! running every kernel on ptx-sim, bit for bit as an H100 would.
//!
//! `cargo build --release` leaves it in `target/release/cuda/` under both
//! names; a program, a Python process or a CI job finds it through
//! `LD_LIBRARY_PATH` (`docs/cuda.md`).

pub mod fatbin;
