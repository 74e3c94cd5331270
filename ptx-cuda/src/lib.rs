//! The CUDA driver backend of the `ptx` simulator: PTX text loaded as a
//! module, device memory allocated, copied and freed, and kernels launched
//! on a real GPU (device 0) through the CUDA driver API, with one context
//! shared by the whole process.
//!
//! Only ptx-sim's `cuda` feature pulls this crate in (the `cuda` features
//! of `ptx` and `ptx-tools` turn that one on), so that a build without it,
//! the workspace's own included, compiles no `cudarc`. It does not depend on
//! ptx-sim: what crosses between them is plain data (PTX text, bytes,
//! dimensions as `[u32; 3]`, names), so the two compile side by side.
//! ptx-sim's `kernel::Backend::Gpu` and `device::Device::gpu` are built on
//! it.
//!
//! `cudarc` loads `libcuda` at run time: building needs no CUDA, and a
//! machine without a driver or a GPU gets a [`GpuError`] saying so, never a
//! crash.
//!
//! ```no_run
//! use ptx_cuda::{Gpu, GpuError};
//! match Gpu::shared() {
//!     Ok(gpu) => println!("GPU 0 is {}", gpu.name()),
//!     Err(GpuError::NoDriver | GpuError::NoGpu) => println!("no GPU here"),
//!     Err(why) => println!("the driver failed: {why}"),
//! }
//! ```
//!
//! [`run`] launches one kernel of a module loaded for it alone; [`Gpu`]
//! holds modules loaded once ([`Gpu::load`], [`Gpu::launch`]) and
//! allocations that outlive launches, as a CUDA context does.

#![warn(missing_docs)]

mod error;
mod gpu;

pub use error::GpuError;
pub use gpu::{Gpu, GpuLaunch, GpuModule, GpuResult, device, run};
