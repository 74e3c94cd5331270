//! `ptx`: inline NVIDIA PTX in Rust functions, checked at compile time as
//! strictly as `ptxas` checks it, and simulated bit-exactly on the CPU when
//! no GPU is present.
//!
//! Built for `nvptx64-nvidia-cuda` the crate is `no_std` and holds what
//! device code uses: [`ptx!`], [`warp`] and [`operand`]; launching,
//! loading modules and the simulator are host-only.

#![cfg_attr(target_arch = "nvptx64", no_std)]
// `asm!` on nvptx64 is a nightly feature; a crate whose kernels use `ptx!`
// enables it too (see the README's "Kernels in Rust").
#![cfg_attr(target_arch = "nvptx64", feature(asm_experimental_arch))]
#![warn(missing_docs)]

// `ptx!` expansions name `::ptx::__private`; inside this crate too (`warp`).
extern crate self as ptx;

#[cfg(not(target_arch = "nvptx64"))]
pub mod device;
#[cfg(not(target_arch = "nvptx64"))]
pub mod kernel;
#[cfg(not(target_arch = "nvptx64"))]
pub mod launch;
pub mod operand;
pub mod warp;

/// `docs/porting.md`, whose Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/porting.md")]
pub struct PortingGuide;

/// `docs/device.md`, whose Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/device.md")]
pub struct DeviceGuide;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

#[cfg(not(target_arch = "nvptx64"))]
pub use ptx_core as core;
#[doc = include_str!("ptx_macro.md")]
pub use ptx_macros::ptx;
#[cfg(not(target_arch = "nvptx64"))]
pub use ptx_sim as sim;

/// Device memory that outlives launches (see [`device`]).
#[cfg(not(target_arch = "nvptx64"))]
pub use device::{Device, DeviceBuffer};
/// A loaded PTX module (see [`kernel`]).
#[cfg(not(target_arch = "nvptx64"))]
pub use kernel::Module;
/// Where a kernel launch runs, and where it ran (see [`kernel`]).
#[cfg(not(target_arch = "nvptx64"))]
pub use kernel::{Backend, Ran};

/// Runs a closure as the 32 lanes of one warp and returns their results
/// in lane order (see [`launch`]).
///
/// ```
/// use ptx::{ptx, warp32};
///
/// // Every lane reads its value from lane 0 (`__shfl_sync(~0, x, 0)`).
/// let lanes = warp32(|lane| {
///     let x = lane + 100;
///     let y: u32;
///     ptx!("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(y) : "r"(x));
///     y
/// })
/// .unwrap();
/// assert_eq!(lanes, [100; 32]);
/// ```
#[cfg(not(target_arch = "nvptx64"))]
pub use ptx_sim::machine::warp32;
