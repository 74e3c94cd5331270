//! A kernel crate: one source for the GPU and the CPU.
//!
//! [`warp_inclusive_scan`] is device code written with `ptx!` and
//! `ptx::warp`. Built for `nvptx64-nvidia-cuda` (see the README's "Kernels
//! in Rust"), this file becomes `warp_scan.ptx`, whose kernel `warp_scan` runs on
//! a GPU through the CUDA driver or in the simulator ([`run`]); built for the
//! host, the same functions run in simulated warps (`ptx::launch`), which is
//! how the tests check them on a machine without a GPU.
//!
//! ```
//! use ptx::launch::Launch;
//! use warp_scan_kernel::warp_inclusive_scan;
//!
//! // One warp on the CPU: lane l holds l + 1, so it ends with 1 + 2 + ... + (l + 1).
//! let out = Launch::new(1, 32).run(|t| warp_inclusive_scan(t.lane + 1)).unwrap();
//! assert_eq!(out.results[3], 10);
//! assert_eq!(out.results[31], 528);
//! ```
#![cfg_attr(target_arch = "nvptx64", no_std)]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx, asm_experimental_arch))]

use ptx::ptx;
use ptx::warp::{FULL_MASK, lane_id, shfl_up_sync};

/// The index of the running thread in a one-dimensional grid:
/// `%ctaid.x * %ntid.x + %tid.x`.
#[inline]
pub fn global_index() -> u32 {
    let i: u32;
    ptx!("{ .reg .u32 c, n, t;\n\t"
         " mov.u32 c, %%ctaid.x;\n\t"
         " mov.u32 n, %%ntid.x;\n\t"
         " mov.u32 t, %%tid.x;\n\t"
         " mad.lo.u32 %0, c, n, t; }"
         : "=r"(i));
    i
}

/// The sum of `x` over lanes 0 to this one of the warp (wrapping, as
/// `add.u32` does): five `shfl.sync.up` steps of 1, 2, 4, 8 and 16 lanes,
/// each added only by the lanes that have a partner that far below.
#[inline]
pub fn warp_inclusive_scan(x: u32) -> u32 {
    let lane = lane_id();
    let mut sum = x;
    let mut delta = 1;
    while delta < 32 {
        let below = shfl_up_sync(FULL_MASK, sum, delta, 32);
        ptx!("{ .reg .pred p;\n\t"
             " setp.ge.u32 p, %1, %2;\n\t"
             " @p add.u32 %0, %0, %3; }"
             : "+r"(sum) : "r"(lane), "r"(delta), "r"(below));
        delta <<= 1;
    }
    sum
}

/// The kernel: `out[i]` is the inclusive scan of `input` over the warp of
/// thread `i`. Launch whole warps, one thread per element.
///
/// # Safety
///
/// `input` and `out` hold an element for every thread of the grid.
#[cfg(target_arch = "nvptx64")]
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn warp_scan(input: *const u32, out: *mut u32) {
    let i = global_index() as usize;
    // SAFETY: the caller gives both buffers an element per thread.
    unsafe { *out.add(i) = warp_inclusive_scan(*input.add(i)) };
}

/// The PTX rustc's nvptx64 backend wrote from this file
/// (`tools/gates/nvptx-harness/build.sh`; the README's "Kernels in Rust" gives the
/// command for a crate of your own).
#[cfg(not(target_arch = "nvptx64"))]
pub const PTX: &str = include_str!("../warp_scan.ptx");

/// What a launch of `warp_scan` gave ([`run`]).
#[cfg(not(target_arch = "nvptx64"))]
#[derive(Clone, Debug)]
pub struct Scan {
    /// The scans, one per element.
    pub values: Vec<u32>,
    /// Where the launch ran (with [`ptx::Backend::Both`]: the simulator,
    /// after the GPU gave the same bytes).
    pub ran: ptx::Ran,
    /// Why [`ptx::Backend::Auto`] fell back to the simulator.
    pub fallback: Option<String>,
}

/// Runs the `warp_scan` kernel of [`PTX`] over `input` (a whole number of
/// warps, in CTAs of up to 256 threads) where `backend` says.
///
/// ```
/// use ptx::Backend;
/// let input: Vec<u32> = (0..64).collect();
/// let scan = warp_scan_kernel::run(&input, Backend::Simulator).unwrap();
/// assert_eq!(scan.values[31], 496); // 0 + 1 + ... + 31
/// assert_eq!(scan.values[32], 32); // the second warp starts again
/// ```
#[cfg(not(target_arch = "nvptx64"))]
pub fn run(input: &[u32], backend: ptx::Backend) -> Result<Scan, Box<dyn std::error::Error>> {
    if input.is_empty() || !input.len().is_multiple_of(32) {
        return Err(format!("{} elements is not a whole number of warps", input.len()).into());
    }
    let module = ptx::Module::from_ptx(PTX)?;
    let mut launch = module.kernel("warp_scan")?;
    let block = input.len().min(256);
    if !input.len().is_multiple_of(block) {
        return Err(format!("{} elements do not fill CTAs of {block}", input.len()).into());
    }
    let grid = (input.len() / block) as u32;
    let inputs = launch.buffer_from(input);
    let out = launch.zeroed::<u32>(input.len());
    launch
        .grid(grid)
        .block(block as u32)
        .arg(inputs)
        .arg(out)
        .backend(backend);
    let report = launch.run()?;
    if let (Some(gpu), Some(d)) = (&report.gpu, report.difference(out)) {
        return Err(format!(
            "the simulator and {:?} differ at byte {} ({} bytes)",
            gpu.ran, d.first_byte, d.bytes
        )
        .into());
    }
    Ok(Scan {
        values: report.read::<u32>(out),
        ran: report.ran.clone(),
        fallback: report.fallback.clone(),
    })
}
