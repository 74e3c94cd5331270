//! Whole PTX kernels: a module as nvcc, NVRTC, rustc's `nvptx64` backend
//! or a person wrote it, loaded and checked as ptxas checks it, and its
//! kernels launched in the simulator over grids of CTAs, bit for bit as an
//! H100 runs them.
//!
//! ```
//! use ptx::Module;
//! use half::f16;
//!
//! // `out[i] = a[i] * b[i]` in half precision, as nvcc writes `__hmul`.
//! let module = Module::from_ptx(r#"
//! .version 8.0
//! .target sm_90
//! .address_size 64
//! .visible .entry hmul(.param .u64 out, .param .u64 a, .param .u64 b) {
//!     .reg .b16 %h<4>;
//!     .reg .b32 %r<2>;
//!     .reg .b64 %rd<8>;
//!     ld.param.u64 %rd1, [out];
//!     ld.param.u64 %rd2, [a];
//!     ld.param.u64 %rd3, [b];
//!     mov.u32 %r1, %tid.x;
//!     mul.wide.u32 %rd4, %r1, 2;
//!     add.s64 %rd5, %rd2, %rd4;
//!     add.s64 %rd6, %rd3, %rd4;
//!     ld.global.b16 %h1, [%rd5];
//!     ld.global.b16 %h2, [%rd6];
//!     mul.rn.f16 %h3, %h1, %h2;
//!     add.s64 %rd7, %rd1, %rd4;
//!     st.global.b16 [%rd7], %h3;
//!     ret;
//! }"#).unwrap();
//! let mut launch = module.kernel("hmul").unwrap();
//! let a = launch.buffer_from(&[f16::from_f32(1.5), f16::from_f32(-2.0)]);
//! let b = launch.buffer_from(&[f16::from_f32(3.0), f16::from_f32(0.25)]);
//! let out = launch.zeroed::<f16>(2);
//! launch.block(2).arg(out).arg(a).arg(b);
//! let report = launch.run().unwrap();
//! assert_eq!(report.read::<f16>(out), [f16::from_f32(4.5), f16::from_f32(-0.5)]);
//! ```
//!
//! `examples/run_ptx_kernel.rs` runs a kernel nvcc compiled from a `.cu`
//! file; `ptx_sim::kernel` documents the execution model.
//!
//! With the `cuda` feature, the same launch runs on a real GPU through the
//! CUDA driver ([`KernelLaunch::backend`] with [`Backend::Gpu`], `Auto` or
//! `Both`, which runs both and reports where they differ); the build needs
//! no CUDA, only the machine that runs it a driver.
//!
//! Every type a launch's signatures name is here: [`Checks`] for
//! [`KernelLaunch::checks`], [`Dim3`] for its shapes, and what a failed
//! launch holds ([`ThreadFault`], [`Fault`] and the parts of its findings).
//! The sanitizer finds a race between two warps of one CTA, the second
//! reading the word the first wrote with no barrier between them:
//!
//! ```
//! use ptx::kernel::{Checks, Fault, Module, Finding};
//!
//! let module = Module::from_ptx(r#"
//! .version 8.0
//! .target sm_90
//! .address_size 64
//! .visible .entry k() {
//!     .shared .u32 word;
//!     .reg .u32 %r<3>;
//!     .reg .pred %p;
//!     mov.u32 %r1, %tid.x;
//!     setp.eq.u32 %p, %r1, 0;
//!     @%p st.shared.u32 [word], %r1;
//!     setp.eq.u32 %p, %r1, 32;
//!     @%p ld.shared.u32 %r2, [word];
//!     ret;
//! }"#).unwrap();
//! let mut launch = module.kernel("k").unwrap();
//! launch.grid(1).block(64).checks(Checks::NONE);
//! assert!(launch.run().is_ok(), "no checks: a plain run");
//! launch.checks(Checks { race: true, init: false, sync: false });
//! let err = launch.run().unwrap_err();
//! assert!(matches!(err.faults()[0].fault, Fault::Finding(Finding::Race(_))), "{err}");
//! ```

pub use ptx_core::{ParamScope, SharedScope, StateSpace};
pub use ptx_sim::check::Checks;
pub use ptx_sim::fault::{
    Access, BadFree, BufferSpan, Fault, Finding, Hazard, LaunchFault, MemoryFault, ProgramFault,
    Race, SyncFault, ThreadFault, WaitSite, Waiting,
};
pub use ptx_sim::kernel::{
    Arg, Backend, Buffer, DEFAULT_HANG_LIMIT, Difference, KernelError, KernelLaunch, KernelParam,
    KernelReport, LoadError, MAX_BLOCK_THREADS, MAX_SHARED_BYTES, Module, Ran, Steps,
};
pub use ptx_sim::machine::{Dim3, Element, LaunchError, SharedStats, Thread};
