//! Kernel launches (`cuLaunchKernel`, `cuLaunchKernelEx` with clusters,
//! cooperative launches) and occupancy.
//!
//! A launch runs at the call. Its arguments come from `kernelParams`
//! (one pointer per parameter, each parameter's size from the module) or
//! from `extra`'s packed buffer. Kernel `printf` output goes to stdout,
//! flushed. A fault in the kernel does not fail the launch call: as on a
//! GPU, the launch returns success and the fault is sticky
//! ([`crate::state::State::sticky`]): the next call that uses the device
//! returns it (`CUDA_ERROR_ILLEGAL_ADDRESS` for a bad access), and the
//! simulator's account (thread, statement, address) goes to stderr once.
//! What the sanitizer finds (`PTX_SIM_CHECKS`) goes to stderr and does
//! not fail anything. Managed memory's host bytes go into the device
//! before a launch and come back after it
//! ([`crate::driver::memory`]'s coherence).

use crate::driver::error::{
    CUDA_ERROR_ASSERT, CUDA_ERROR_ILLEGAL_ADDRESS, CUDA_ERROR_INVALID_VALUE,
    CUDA_ERROR_LAUNCH_FAILED, CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, CUDA_ERROR_LAUNCH_TIMEOUT,
    CUDA_ERROR_MISALIGNED_ADDRESS, CUDA_ERROR_NOT_FOUND, table,
};
use crate::driver::memory;
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Handle, State, state};
use ptx_sim::device::DeviceError;
use ptx_sim::engine::residency;
use ptx_sim::fault::{Fault, LaunchFault, MemoryFault, ProgramFault};
use ptx_sim::kernel::{Arg, KernelError, KernelParam};
use std::ffi::c_void;

/// `CU_LAUNCH_ATTRIBUTE_COOPERATIVE` (`cudaLaunchAttributeCooperative`).
const ATTRIBUTE_COOPERATIVE: u32 = 2;
/// `CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION`.
const ATTRIBUTE_CLUSTER_DIMENSION: u32 = 4;
/// `CUDA_ERROR_INVALID_CLUSTER_SIZE`.
const CUDA_ERROR_INVALID_CLUSTER_SIZE: Status = 912;
/// `CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`.
const CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE: Status = 720;

/// `CU_LAUNCH_PARAM_END`, `CU_LAUNCH_PARAM_BUFFER_POINTER`,
/// `CU_LAUNCH_PARAM_BUFFER_SIZE`: the keys of `extra`.
const PARAM_END: usize = 0;
const PARAM_BUFFER_POINTER: usize = 1;
const PARAM_BUFFER_SIZE: usize = 2;

/// A launch's shape.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    /// The grid, in CTAs.
    pub grid: [u32; 3],
    /// A CTA, in threads.
    pub block: [u32; 3],
    /// Dynamic shared memory per CTA, in bytes.
    pub shared: u32,
    /// The cluster shape, if clusters are asked for.
    pub cluster: Option<[u32; 3]>,
    /// Whether the launch is cooperative: its grid must fit on the device
    /// at once, and its kernel gets the grid workspace cooperative groups
    /// synchronise through ([`ptx_sim::kernel::KernelLaunch::cooperative`]).
    pub cooperative: bool,
}

/// A launch attribute (`CUlaunchAttribute`, `cudaLaunchAttribute`: the
/// same layout): its id, and its value's 64 bytes after 4 of padding.
#[repr(C)]
pub struct LaunchAttribute {
    /// `CUlaunchAttributeID`.
    pub id: u32,
    /// Padding to 8 bytes.
    pub pad: [u8; 4],
    /// The value (a union of 64 bytes).
    pub value: [u32; 16],
}

/// `CUlaunchConfig`.
#[repr(C)]
pub struct LaunchConfig {
    /// The grid, in CTAs.
    pub grid: [u32; 3],
    /// A CTA, in threads.
    pub block: [u32; 3],
    /// Dynamic shared memory per CTA.
    pub shared: u32,
    /// The stream.
    pub stream: Handle,
    /// `num_attrs` attributes.
    pub attrs: *const LaunchAttribute,
    /// How many.
    pub num_attrs: u32,
}

/// Adds `attributes` (cluster dimension, cooperative) to `shape`; the
/// others do not change what the simulator does.
///
/// # Safety
/// `attributes` must point to `count` attributes (or be null if 0).
pub unsafe fn apply_attributes(shape: &mut Shape, attributes: *const LaunchAttribute, count: u32) {
    if attributes.is_null() {
        return;
    }
    // SAFETY: the caller's `count` attributes.
    let attributes = unsafe { std::slice::from_raw_parts(attributes, count as usize) };
    for attribute in attributes {
        match attribute.id {
            ATTRIBUTE_COOPERATIVE => shape.cooperative = attribute.value[0] != 0,
            ATTRIBUTE_CLUSTER_DIMENSION => {
                let [x, y, z] = [attribute.value[0], attribute.value[1], attribute.value[2]];
                shape.cluster = Some([x.max(1), y.max(1), z.max(1)]);
            }
            _ => {}
        }
    }
}

/// Where a launch's arguments are.
pub enum Params {
    /// `kernelParams`: a pointer to each parameter's value.
    Pointers(*const *const c_void),
    /// `extra`'s buffer, laid out as the parameter memory.
    Packed(Vec<u8>),
}

/// The arguments `kernel_params` or `extra` give.
///
/// # Safety
/// `kernel_params` must hold a pointer per parameter; `extra` must be a
/// `CU_LAUNCH_PARAM_END`-terminated list of keys and values.
pub unsafe fn params(
    kernel_params: *const *const c_void,
    extra: *const *const c_void,
) -> Result<Params, Status> {
    if !kernel_params.is_null() {
        return Ok(Params::Pointers(kernel_params));
    }
    let (mut buffer, mut size) = (std::ptr::null::<u8>(), None);
    if !extra.is_null() {
        let mut at = extra;
        // SAFETY: the caller's list, read key and value up to its end.
        unsafe {
            loop {
                match *at as usize {
                    PARAM_END => break,
                    PARAM_BUFFER_POINTER => buffer = (*at.add(1)).cast(),
                    PARAM_BUFFER_SIZE => size = Some(*(*at.add(1)).cast::<usize>()),
                    _ => return Err(CUDA_ERROR_INVALID_VALUE),
                }
                at = at.add(2);
            }
        }
    }
    match (buffer.is_null(), size) {
        // SAFETY: `extra` says the buffer holds `size` bytes.
        (false, Some(size)) => Ok(Params::Packed(
            unsafe { std::slice::from_raw_parts(buffer, size) }.to_vec(),
        )),
        _ => Ok(Params::Packed(Vec::new())),
    }
}

/// The kernel's arguments, each parameter's bytes.
///
/// # Safety
/// As [`params`].
unsafe fn arguments(declared: &[KernelParam], params: &Params) -> Result<Vec<Vec<u8>>, Status> {
    if let Params::Packed(buffer) = params {
        // A buffer longer than the parameters: an H200's driver refuses a
        // launch with 32 bytes for 28 (tests/gpu-clients/h200/driver.txt).
        let end = declared
            .iter()
            .map(|p| p.offset as usize + p.size as usize)
            .max()
            .unwrap_or(0);
        if buffer.len() > end {
            eprintln!(
                "ptx-libcuda: the launch's parameter buffer has {} bytes, more than the kernel's {end} bytes of parameters",
                buffer.len()
            );
            return Err(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
        }
    }
    declared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let size = p.size as usize;
            let bytes = match params {
                Params::Pointers(pointers) => {
                    // SAFETY: one pointer per parameter, to its value.
                    let value = unsafe { *pointers.add(i) };
                    if value.is_null() {
                        return Err(CUDA_ERROR_INVALID_VALUE);
                    }
                    // SAFETY: the value has the parameter's size.
                    unsafe { std::slice::from_raw_parts(value.cast::<u8>(), size) }.to_vec()
                }
                Params::Packed(buffer) => {
                    let at = p.offset as usize;
                    buffer.get(at..at + size).ok_or_else(|| {
                        eprintln!(
                            "ptx-libcuda: the launch's parameter buffer ({} bytes) does not hold parameter `{}` ({size} bytes at {at})",
                            buffer.len(),
                            p.name
                        );
                        CUDA_ERROR_INVALID_VALUE
                    })?.to_vec()
                }
            };
            Ok(bytes)
        })
        .collect()
}

/// A kernel launch as a value: the kernel, its shape and its arguments'
/// bytes (copied from the caller's), ready to run now or as a graph's
/// node later.
#[derive(Clone, Debug)]
pub struct KernelLaunch {
    /// The kernel (`CUfunction`).
    pub function: Handle,
    /// The grid, block, shared memory and cluster.
    pub shape: Shape,
    /// Each parameter's bytes.
    pub args: Vec<Vec<u8>>,
}

/// The launch of `function` with `shape` and `params`, checked (dynamic
/// shared memory within the kernel's limit, the arguments readable) and
/// its arguments copied.
///
/// # Safety
/// As [`params`].
pub unsafe fn kernel_launch(
    state: &State,
    function: Handle,
    shape: &Shape,
    params: &Params,
) -> Result<KernelLaunch, Status> {
    let f = state.functions.get(function)?;
    let (name, max_shared) = (&f.name, f.max_dynamic_shared);
    let module = &state.modules.get(f.module)?.module;
    if shape.shared as i64 > max_shared as i64 {
        eprintln!(
            "ptx-libcuda: kernel `{name}` launched with {} bytes of dynamic shared memory, above its limit of {max_shared} (raise it with cuFuncSetAttribute / cudaFuncSetAttribute, MAX_DYNAMIC_SHARED_SIZE_BYTES)",
            shape.shared
        );
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let declared = module.params(name).ok_or(CUDA_ERROR_NOT_FOUND)?;
    // SAFETY: the caller's parameters.
    let args = unsafe { arguments(declared, params) }?;
    Ok(KernelLaunch {
        function,
        shape: shape.clone(),
        args,
    })
}

/// Runs kernel `function` with `shape` on `stream` (or records it, if
/// `stream` captures).
///
/// # Safety
/// As [`params`].
pub unsafe fn launch(function: Handle, shape: &Shape, stream: Handle, params: &Params) -> Outcome {
    let mut state = state();
    state.ready()?;
    state.stream(stream)?;
    // SAFETY: the caller's parameters.
    let work = unsafe { kernel_launch(&state, function, shape, params) }?;
    crate::driver::graph::submit(&mut state, stream, crate::driver::graph::Work::Kernel(work))
}

/// Runs `launch` now.
pub fn run_kernel(state: &mut State, launch: &KernelLaunch) -> Outcome {
    let f = state.functions.get(launch.function)?;
    let name = f.name.clone();
    let module = state.modules.get(f.module)?.module.clone();
    let shape = &launch.shape;
    let mut kernel = module.kernel(&name).map_err(|e| refused(&name, &e))?;
    kernel
        .grid(shape.grid)
        .block(shape.block)
        .shared_bytes(shape.shared as usize)
        .checks(state.checks)
        .args(
            launch
                .args
                .iter()
                .cloned()
                .map(Arg::Bytes)
                .collect::<Vec<_>>(),
        );
    if shape.cooperative {
        kernel.cooperative();
    }
    if let Some(cluster) = shape.cluster {
        kernel.cluster(cluster);
    }
    // The host holds managed memory between launches: the kernel sees
    // what the host wrote, and the host what the kernel left.
    memory::to_device(state)?;
    let launched = state.device.launch(&kernel);
    memory::to_host(state)?;
    match launched {
        Ok(report) => {
            print_to_c_stdout(report.output.as_bytes());
            Ok(())
        }
        Err(DeviceError::Kernel(error)) => ended(state, &name, error),
        Err(error) => Err(crate::state::device_error(error)),
    }
}

/// Writes a kernel's `printf` output through C's `stdout` stream, as
/// NVIDIA's driver does, so that it lands after what the program printed
/// before the launch even when stdout is a file or a pipe (fully
/// buffered by C: Rust's own stdout would write past that buffer).
fn print_to_c_stdout(output: &[u8]) {
    if output.is_empty() {
        return;
    }
    unsafe extern "C" {
        /// glibc's `stdout`.
        static stdout: *mut libc::FILE;
    }
    // SAFETY: `stdout` is the C library's stream, valid for the whole
    // process; fwrite and fflush lock it.
    unsafe {
        libc::fwrite(output.as_ptr().cast(), 1, output.len(), stdout);
        libc::fflush(stdout);
    }
}

/// The code for a launch the simulator would not start, said on stderr.
fn refused(name: &str, error: &KernelError) -> Status {
    eprintln!("ptx-libcuda: cannot launch `{name}`: {error}");
    match error {
        KernelError::NoSuchEntry { .. } => CUDA_ERROR_NOT_FOUND,
        _ => CUDA_ERROR_INVALID_VALUE,
    }
}

/// What a launch that ended in `error` returns: success with a sticky
/// fault for a kernel that faulted, success for sanitizer findings
/// alone, an error for a launch that could not start.
fn ended(state: &mut State, name: &str, error: KernelError) -> Outcome {
    let KernelError::Faults(launch_error) = &error else {
        return Err(refused(name, &error));
    };
    let faults = &launch_error.faults;
    if faults
        .iter()
        .all(|f| matches!(f.fault, Fault::Launch(LaunchFault::BadCluster { .. })))
    {
        eprintln!("ptx-libcuda: cannot launch `{name}`: {error}");
        return Err(CUDA_ERROR_INVALID_CLUSTER_SIZE);
    }
    if faults.iter().all(|f| {
        matches!(
            f.fault,
            Fault::Launch(LaunchFault::CooperativeTooLarge { .. })
        )
    }) {
        eprintln!("ptx-libcuda: cannot launch `{name}`: {error}");
        return Err(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
    }
    let fault = faults
        .iter()
        .map(|f| &f.fault)
        .find(|f| !matches!(f, Fault::Finding(_)));
    let Some(fault) = fault else {
        eprintln!("ptx-libcuda: the sanitizer, in kernel `{name}`:\n{error}");
        return Ok(());
    };
    let code = fault_code(fault);
    if state.sticky.is_none() {
        state.sticky = Some(code);
        let code_name = table()
            .name(code)
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        eprintln!(
            "ptx-libcuda: kernel `{name}` faulted; every later call returns {code_name} ({code}):\n{error}"
        );
    }
    Ok(())
}

/// The code a GPU gives for `fault`.
pub fn fault_code(fault: &Fault) -> Status {
    match fault {
        Fault::Memory(MemoryFault::Misaligned { .. }) => CUDA_ERROR_MISALIGNED_ADDRESS,
        Fault::Memory(_) => CUDA_ERROR_ILLEGAL_ADDRESS,
        Fault::Program(ProgramFault::Assert { .. }) => CUDA_ERROR_ASSERT,
        Fault::Launch(LaunchFault::Hang { .. }) => CUDA_ERROR_LAUNCH_TIMEOUT,
        _ => CUDA_ERROR_LAUNCH_FAILED,
    }
}

/// CTAs of `block` threads and `shared` bytes of shared memory (static
/// and dynamic) one SM holds (registers are not counted: ptxas decides
/// them).
pub fn blocks_per_sm(block: usize, shared: usize) -> usize {
    if block == 0 || block > residency::MAX_BLOCK_THREADS || shared > residency::MAX_SHARED_BYTES {
        return 0;
    }
    residency::resident(block, shared) / residency::SMS as usize
}

/// The block size that keeps the most threads resident, and the grid
/// that fills the device with it (`cuOccupancyMaxPotentialBlockSize`).
pub fn best_block(limit: usize, shared_for: impl Fn(usize) -> usize) -> (usize, usize) {
    let limit = if limit == 0 {
        residency::MAX_BLOCK_THREADS
    } else {
        limit.min(residency::MAX_BLOCK_THREADS)
    };
    let mut best = (0, 0, 0); // threads resident, block, blocks per SM
    let mut block = limit.div_ceil(32) * 32;
    while block > 0 {
        let size = block.min(limit);
        let per_sm = blocks_per_sm(size, shared_for(size));
        if per_sm * size > best.0 {
            best = (per_sm * size, size, per_sm);
        }
        block -= 32;
    }
    (best.2 * residency::SMS as usize, best.1)
}

/// A launch of `function` after the common checks of the shape.
///
/// # Safety
/// As [`params`].
#[allow(clippy::too_many_arguments)]
unsafe fn launch_call(
    function: Handle,
    grid: [u32; 3],
    block: [u32; 3],
    shared: u32,
    stream: Handle,
    kernel_params: *const *const c_void,
    extra: *const *const c_void,
    cooperative: bool,
) -> Outcome {
    let shape = Shape {
        grid,
        block,
        shared,
        cluster: None,
        cooperative,
    };
    // SAFETY: the caller's parameters.
    unsafe { launch(function, &shape, stream, &params(kernel_params, extra)?) }
}

/// The static shared memory of kernel `function` (its PTX's `.shared`
/// variables), which occupancy counts beside the dynamic.
pub fn static_shared(state: &State, function: Handle) -> Result<usize, Status> {
    let f = state.functions.get(function)?;
    let module = &state.modules.get(f.module)?.module;
    Ok(module.static_shared(&f.name).unwrap_or(0) as usize)
}

/// What `cuOccupancyMaxActiveBlocksPerMultiprocessor(WithFlags)` (and the
/// runtime's, by the kernel's driver handle) say: the blocks of `block`
/// threads and `shared` bytes of dynamic shared memory one SM holds.
pub fn occupancy(function: Handle, block: i32, shared: usize) -> Result<i32, Status> {
    let state = state();
    state.context()?;
    let own = static_shared(&state, function)?;
    Ok(blocks_per_sm(block.max(0) as usize, own + shared) as i32)
}

/// `size_t (*)(int blockSize)`: dynamic shared memory for a block size.
pub type SharedForBlock = Option<unsafe extern "C" fn(i32) -> usize>;

driver_api! {
    /// `cuLaunchKernel`.
    fn cuLaunchKernel(
        function: Handle,
        grid_x: u32, grid_y: u32, grid_z: u32,
        block_x: u32, block_y: u32, block_z: u32,
        shared: u32,
        stream: Handle,
        kernel_params: *const *const c_void,
        extra: *const *const c_void,
    ) {
        launch_call(function, [grid_x, grid_y, grid_z], [block_x, block_y, block_z], shared, stream, kernel_params, extra, false)
    }

    /// `cuLaunchCooperativeKernel`.
    fn cuLaunchCooperativeKernel(
        function: Handle,
        grid_x: u32, grid_y: u32, grid_z: u32,
        block_x: u32, block_y: u32, block_z: u32,
        shared: u32,
        stream: Handle,
        kernel_params: *const *const c_void,
    ) {
        launch_call(function, [grid_x, grid_y, grid_z], [block_x, block_y, block_z], shared, stream, kernel_params, std::ptr::null(), true)
    }

    /// `cuLaunchKernelEx`: clusters and cooperative launches by attribute.
    fn cuLaunchKernelEx(
        config: *const LaunchConfig,
        function: Handle,
        kernel_params: *const *const c_void,
        extra: *const *const c_void,
    ) {
        let config = crate::export::input(config)?;
        let mut shape = Shape {
            grid: config.grid,
            block: config.block,
            shared: config.shared,
            ..Shape::default()
        };
        apply_attributes(&mut shape, config.attrs, config.num_attrs);
        launch(function, &shape, config.stream, &params(kernel_params, extra)?)
    }

    /// `cuOccupancyMaxActiveBlocksPerMultiprocessor`.
    fn cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks: *mut i32, function: Handle, block: i32, shared: usize) {
        *out(blocks)? = occupancy(function, block, shared)?;
        Ok(())
    }

    /// `cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags`.
    fn cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks: *mut i32, function: Handle, block: i32, shared: usize, flags: u32) {
        let _ = flags;
        *out(blocks)? = occupancy(function, block, shared)?;
        Ok(())
    }

    /// `cuOccupancyMaxPotentialBlockSize`.
    fn cuOccupancyMaxPotentialBlockSize(
        min_grid: *mut i32,
        block: *mut i32,
        function: Handle,
        shared_for: SharedForBlock,
        shared: usize,
        limit: i32,
    ) {
        let (min_grid, block) = (out(min_grid)?, out(block)?);
        let own = {
            let state = state();
            state.context()?;
            static_shared(&state, function)?
        };
        // SAFETY: the caller's callback, called as documented.
        let (grid, size) = best_block(limit.max(0) as usize, |b| own + shared_for.map_or(shared, |f| unsafe { f(b as i32) }));
        *min_grid = grid as i32;
        *block = size as i32;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancy_follows_the_h100s_limits() {
        assert_eq!(blocks_per_sm(256, 0), 8);
        assert_eq!(blocks_per_sm(1024, 100 * 1024), 2);
        assert_eq!(blocks_per_sm(2048, 0), 0);
        // 2048 threads an SM whatever the block, so the largest wins ties
        // only if found first: any block that fills the SM will do.
        let (grid, block) = best_block(0, |_| 0);
        assert_eq!(blocks_per_sm(block, 0) * block, 2048);
        assert_eq!(grid, 132 * blocks_per_sm(block, 0));
    }
}
