//! CUDA without a GPU: a shared library that stands in for NVIDIA's
//! driver library (`libcuda.so.1`) and runtime library (`libcudart.so.13`),
//! running every kernel on ptx-sim, bit for bit as an H100 would.
//!
//! `cargo build --release` leaves it in `target/release/cuda/` under both
//! names; a program, a Python process or a CI job finds it through
//! `LD_LIBRARY_PATH` (`docs/cuda.md`).
//!
//! One library answers to both names, so a process that uses the
//! runtime and the driver has one device: the runtime's entry points
//! ([`runtime`]) call the driver's ([`driver`]) as Rust functions. The
//! device and every handle live in [`state`]; [`export`] writes each
//! entry point's C ABI, panic guard and symbol version once; [`fatbin`]
//! reads the fat binaries nvcc embeds.
//!
//! What differs from a GPU:
//!
//! * Work runs at the call that issues it, in issue order, whatever the
//!   stream; `Async` calls return when done. A kernel's fault is reported
//!   as CUDA does: the launch succeeds, and the next call that uses the
//!   device (and every later one) returns it, `CUDA_ERROR_ILLEGAL_ADDRESS`
//!   for a bad access; the simulator's account goes to stderr once.
//! * A capturing stream records its work as a graph's nodes instead of
//!   running it ([`driver::capture`]); a graph launch runs the nodes at
//!   the call, one after another in an order that respects the edges
//!   ([`driver::graph`]).
//! * Kernel `printf` output goes to stdout when the kernel ends.
//! * Events time the host's monotonic clock.
//! * `PTX_SIM_CHECKS` (`race,init,sync`, or `all`) runs the sanitizer on
//!   every launch; findings go to stderr and fail nothing.
//! * Host memory from `cuMemAllocHost`/`cudaMallocHost` is plain host
//!   memory. Managed memory is host memory mapped at its device address,
//!   copied into the simulated device before each launch and back after
//!   it ([`driver::memory`]).
//!
//! Handles (`CUcontext`, `CUstream`, ...) are declared as `usize` and
//! device pointers as `u64` in the entry points' signatures: the same
//! registers and sizes as C's pointers on the 64-bit targets CUDA runs on.

#![warn(missing_docs)]

pub mod driver;
pub mod export;
pub mod fatbin;
pub mod runtime;
pub mod state;
