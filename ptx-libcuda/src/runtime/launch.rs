//! Kernel launches by host stub or kernel handle (`cudaLaunchKernel`,
//! `cudaLaunchKernelExC`, `cudaLaunchCooperativeKernel`, and CUDA 13's
//! `__cudaLaunchKernel` that `<<<>>>` compiles to), over the driver's
//! launch; occupancy and function attributes by host stub.

use crate::driver::launch::{LaunchAttribute, Params, Shape, apply_attributes, launch, occupancy};
use crate::driver::module::{function_attribute, set_function_attribute};
use crate::export::{Outcome, Status, input, out, runtime_api};
use crate::runtime::ensure;
use crate::runtime::register::{Dim3, kernel_of};
use crate::state::{Handle, state};
use std::ffi::{c_char, c_void};

/// `cudaLaunchConfig_t`.
#[repr(C)]
pub struct LaunchConfig {
    /// The grid.
    pub grid: Dim3,
    /// The block.
    pub block: Dim3,
    /// Dynamic shared memory per block.
    pub shared: usize,
    /// The stream.
    pub stream: Handle,
    /// `num_attrs` attributes.
    pub attrs: *const LaunchAttribute,
    /// How many.
    pub num_attrs: u32,
}

/// The kernel `host` stands for, the runtime readied.
pub fn kernel(host: *const c_void) -> Result<Handle, Status> {
    ensure()?;
    kernel_of(&mut state(), host)
}

/// Launches `host`'s kernel with `shape` on `stream`.
///
/// # Safety
/// `args` must hold a pointer per kernel parameter.
pub unsafe fn launch_host(
    host: *const c_void,
    shape: &Shape,
    stream: Handle,
    args: *const *const c_void,
) -> Outcome {
    let function = kernel(host)?;
    // SAFETY: the caller's arguments.
    unsafe { launch(function, shape, stream, &Params::Pointers(args)) }
}

/// A plain shape.
fn shape(grid: Dim3, block: Dim3, shared: usize, cooperative: bool) -> Shape {
    Shape {
        grid: grid.into(),
        block: block.into(),
        shared: shared as u32,
        cluster: None,
        cooperative,
    }
}

/// `cudaFuncAttributes`.
#[repr(C)]
#[derive(Default)]
#[allow(non_snake_case)]
pub struct FuncAttributes {
    /// Static shared memory (unknown here: 0).
    pub sharedSizeBytes: usize,
    /// Constant memory.
    pub constSizeBytes: usize,
    /// Local memory per thread.
    pub localSizeBytes: usize,
    /// The most threads a block may have.
    pub maxThreadsPerBlock: i32,
    /// Registers per thread (ptxas's: 0 here).
    pub numRegs: i32,
    /// PTX version.
    pub ptxVersion: i32,
    /// Binary version.
    pub binaryVersion: i32,
    /// Whether compiled with -Xptxas --dlcm=ca.
    pub cacheModeCA: i32,
    /// The dynamic shared memory limit.
    pub maxDynamicSharedSizeBytes: i32,
    /// Preferred shared memory carveout.
    pub preferredShmemCarveout: i32,
    /// Whether a cluster shape must be given.
    pub clusterDimMustBeSet: i32,
    /// Required cluster width.
    pub requiredClusterWidth: i32,
    /// Required cluster height.
    pub requiredClusterHeight: i32,
    /// Required cluster depth.
    pub requiredClusterDepth: i32,
    /// Cluster scheduling policy.
    pub clusterSchedulingPolicyPreference: i32,
    /// Whether a non-portable cluster size is allowed.
    pub nonPortableClusterSizeAllowed: i32,
    /// Reserved.
    pub reserved: [i32; 16],
}

const _: () = assert!(std::mem::size_of::<FuncAttributes>() == 144);
const _: () = assert!(std::mem::size_of::<LaunchConfig>() == 56);

runtime_api! {
    /// `cudaLaunchKernel`.
    fn cudaLaunchKernel(host: *const c_void, grid: Dim3, block: Dim3, args: *const *const c_void, shared: usize, stream: Handle) {
        launch_host(host, &shape(grid, block, shared, false), stream, args)
    }

    /// `cudaLaunchKernel_ptsz`: as `cudaLaunchKernel`.
    fn cudaLaunchKernel_ptsz(host: *const c_void, grid: Dim3, block: Dim3, args: *const *const c_void, shared: usize, stream: Handle) {
        launch_host(host, &shape(grid, block, shared, false), stream, args)
    }

    /// `__cudaLaunchKernel`: what CUDA 13's `<<<>>>` calls, with the
    /// handle `__cudaGetKernel` gave.
    fn __cudaLaunchKernel(kernel: Handle, grid: Dim3, block: Dim3, args: *const *const c_void, shared: usize, stream: Handle) {
        launch_host(kernel as *const c_void, &shape(grid, block, shared, false), stream, args)
    }

    /// `__cudaLaunchKernel_ptsz`: as `__cudaLaunchKernel`.
    fn __cudaLaunchKernel_ptsz(kernel: Handle, grid: Dim3, block: Dim3, args: *const *const c_void, shared: usize, stream: Handle) {
        launch_host(kernel as *const c_void, &shape(grid, block, shared, false), stream, args)
    }

    /// `cudaLaunchCooperativeKernel`.
    fn cudaLaunchCooperativeKernel(host: *const c_void, grid: Dim3, block: Dim3, args: *const *const c_void, shared: usize, stream: Handle) {
        launch_host(host, &shape(grid, block, shared, true), stream, args)
    }

    /// `cudaLaunchKernelExC`: clusters and cooperative launches by
    /// attribute.
    fn cudaLaunchKernelExC(config: *const LaunchConfig, host: *const c_void, args: *const *const c_void) {
        let config = input(config)?;
        let mut shape = shape(config.grid, config.block, config.shared, false);
        apply_attributes(&mut shape, config.attrs, config.num_attrs);
        launch_host(host, &shape, config.stream, args)
    }

    /// `cudaFuncGetName`: the kernel's name as its PTX has it (mangled,
    /// for C++), a string that lives as long as the process.
    fn cudaFuncGetName(name: *mut *const c_char, host: *const c_void) {
        let name = out(name)?;
        let function = kernel(host)?;
        let state = state();
        *name = crate::driver::module::interned(&state.functions.get(function)?.name);
        Ok(())
    }

    /// `cudaGetFuncBySymbol`: the driver's handle (`cudaFunction_t`,
    /// a `CUfunction`) of the kernel whose host stub is `host`.
    fn cudaGetFuncBySymbol(function: *mut Handle, host: *const c_void) {
        let function = out(function)?;
        *function = kernel(host)?;
        Ok(())
    }

    /// `cudaFuncGetAttributes`.
    fn cudaFuncGetAttributes(attributes: *mut FuncAttributes, host: *const c_void) {
        let attributes = out(attributes)?;
        let function = kernel(host)?;
        let state = state();
        let get = |a| function_attribute(&state, function, a);
        *attributes = FuncAttributes {
            maxThreadsPerBlock: get(0)?,
            ptxVersion: get(5)?,
            binaryVersion: get(6)?,
            maxDynamicSharedSizeBytes: get(8)?,
            preferredShmemCarveout: get(9)?,
            ..FuncAttributes::default()
        };
        Ok(())
    }

    /// `cudaFuncSetAttribute` (`cudaFuncAttribute` numbers as the driver).
    fn cudaFuncSetAttribute(host: *const c_void, attribute: u32, value: i32) {
        let function = kernel(host)?;
        set_function_attribute(&mut state(), function, attribute, value)
    }

    /// `cudaFuncSetCacheConfig`: accepted.
    fn cudaFuncSetCacheConfig(host: *const c_void, config: u32) {
        let _ = config;
        kernel(host).map(drop)
    }

    /// `cudaOccupancyMaxActiveBlocksPerMultiprocessor`.
    fn cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks: *mut i32, host: *const c_void, block: i32, shared: usize) {
        *out(blocks)? = occupancy(kernel(host)?, block, shared)?;
        Ok(())
    }

    /// `cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags`.
    fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks: *mut i32, host: *const c_void, block: i32, shared: usize, flags: u32) {
        let _ = flags;
        *out(blocks)? = occupancy(kernel(host)?, block, shared)?;
        Ok(())
    }
}
