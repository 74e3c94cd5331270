//! The same launch on a real GPU, through the CUDA driver API (the `cuda`
//! feature; `cudarc` loads `libcuda` at run time, so a build needs no CUDA
//! and a machine without a driver gets an error, not a crash).
//!
//! The driver JIT-compiles the module's PTX text; each buffer becomes a
//! device allocation holding its bytes, each pointer argument that
//! allocation's address, and after the launch every buffer and module
//! `.global` variable is copied back. A launch that faults on the GPU (an
//! illegal address, a `trap`) resets the device's context, so that the
//! next launch starts clean.

use super::gpu_error::GpuError;
use cudarc::driver::{result, sys};
use std::ffi::{CString, c_void};

/// One launch, as the GPU needs it.
pub(crate) struct GpuLaunch<'a> {
    /// The module's PTX text.
    pub ptx: &'a str,
    /// The kernel's name.
    pub entry: &'a str,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory.
    pub dynamic_shared: u32,
    /// The parameter memory, with each buffer argument's simulator address.
    pub params: Vec<u8>,
    /// Each parameter's offset in `params`.
    pub param_offsets: Vec<usize>,
    /// The offsets in `params` of pointer arguments, and their buffers.
    pub pointers: Vec<(usize, usize)>,
    /// The buffers' bytes.
    pub buffers: &'a [Vec<u8>],
    /// The names of the module's `.global` variables, read back after.
    pub globals: Vec<&'a str>,
}

/// What a launch on the GPU left.
pub(crate) struct GpuResult {
    /// The GPU's name.
    pub device: String,
    pub buffers: Vec<Vec<u8>>,
    pub globals: Vec<(String, Vec<u8>)>,
}

/// The GPU the launches run on (device 0), or why there is none.
pub(crate) fn device() -> Result<String, GpuError> {
    Gpu::shared().map(|gpu| gpu.name.clone())
}

/// GPU 0 and its primary context, retained for the process's life, so
/// that the context (its JIT cache, a device's allocations) is not torn
/// down and rebuilt between launches.
pub(crate) struct Gpu {
    dev: sys::CUdevice,
    ctx: sys::CUcontext,
    /// The GPU's name.
    pub name: String,
}

// SAFETY: a device and a context are handles the driver accepts from any
// thread; each call makes the context current on its own thread first.
unsafe impl Send for Gpu {}
unsafe impl Sync for Gpu {}

impl Gpu {
    /// GPU 0, opened once for the process, or why there is none.
    pub(crate) fn shared() -> Result<&'static Gpu, GpuError> {
        static GPU: std::sync::OnceLock<Result<Gpu, GpuError>> = std::sync::OnceLock::new();
        GPU.get_or_init(Gpu::open).as_ref().map_err(Clone::clone)
    }

    /// GPU 0, or why there is none.
    fn open() -> Result<Gpu, GpuError> {
        // SAFETY: loading the library runs no code of ours; it only looks
        // for `libcuda`, as the driver calls below would.
        if !unsafe { sys::is_culib_present() } {
            return Err(GpuError::NoDriver);
        }
        result::init().map_err(|e| driver("cuInit", e))?;
        let count = result::device::get_count().map_err(|e| driver("cuDeviceGetCount", e))?;
        if count == 0 {
            return Err(GpuError::NoGpu);
        }
        let dev = result::device::get(0).map_err(|e| driver("cuDeviceGet", e))?;
        let name = result::device::get_name(dev).map_err(|e| driver("cuDeviceGetName", e))?;
        // SAFETY: `dev` is a device the driver just gave; the hold is
        // never released (the process keeps the context).
        let ctx = unsafe { result::primary_ctx::retain(dev) }.map_err(|e| driver("retain", e))?;
        Ok(Gpu { dev, ctx, name })
    }

    /// Makes the context current on the calling thread.
    pub(crate) fn enter(&self) -> Result<(), GpuError> {
        // SAFETY: the context is retained for the process's life.
        unsafe { result::ctx::set_current(self.ctx) }.map_err(|e| driver("cuCtxSetCurrent", e))
    }

    /// Starts the context afresh after a kernel's fault, which leaves it
    /// unusable: every module and allocation in it is gone.
    pub(crate) fn reset(&self) {
        // SAFETY: the device is the context's; resetting it is what the
        // driver prescribes after a sticky error.
        let _ = unsafe { sys::cuDevicePrimaryCtxReset_v2(self.dev) };
    }

    /// An allocation of `bytes` (at least one).
    pub(crate) fn alloc(&self, bytes: usize) -> Result<u64, GpuError> {
        self.enter()?;
        // SAFETY: a fresh allocation in the current context.
        unsafe { result::malloc_sync(bytes.max(1)) }.map_err(|e| driver("cuMemAlloc", e))
    }

    /// Frees an allocation [`Gpu::alloc`] made.
    pub(crate) fn free(&self, ptr: u64) -> Result<(), GpuError> {
        self.enter()?;
        // SAFETY: the caller frees each allocation once.
        unsafe { result::free_sync(ptr) }.map_err(|e| driver("cuMemFree", e))
    }

    /// Copies `bytes` to device address `ptr`.
    pub(crate) fn write(&self, ptr: u64, bytes: &[u8]) -> Result<(), GpuError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.enter()?;
        // SAFETY: the caller checked that `ptr` holds `bytes.len()` bytes.
        unsafe { result::memcpy_htod_sync(ptr, bytes) }.map_err(|e| driver("cuMemcpyHtoD", e))
    }

    /// Copies device address `ptr`'s bytes into `bytes`.
    pub(crate) fn read(&self, ptr: u64, bytes: &mut [u8]) -> Result<(), GpuError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.enter()?;
        // SAFETY: the caller checked that `ptr` holds `bytes.len()` bytes.
        unsafe { result::memcpy_dtoh_sync(bytes, ptr) }.map_err(|e| driver("cuMemcpyDtoH", e))
    }

    /// Sets `len` bytes at `ptr` to `value`.
    pub(crate) fn fill(&self, ptr: u64, value: u8, len: usize) -> Result<(), GpuError> {
        self.enter()?;
        // SAFETY: the caller checked that `ptr` holds `len` bytes.
        unsafe { result::memset_d8_sync(ptr, value, len) }.map_err(|e| driver("cuMemsetD8", e))
    }

    /// Copies `len` bytes from `src` to `dst`, both device addresses.
    pub(crate) fn copy(&self, dst: u64, src: u64, len: usize) -> Result<(), GpuError> {
        self.enter()?;
        // SAFETY: the caller checked that both hold `len` bytes.
        unsafe { result::memcpy_dtod_sync(dst, src, len) }.map_err(|e| driver("cuMemcpyDtoD", e))
    }

    /// Whether the context still works: a kernel's fault leaves a sticky
    /// error that every later call returns.
    pub(crate) fn healthy(&self) -> bool {
        self.enter().is_ok() && result::ctx::synchronize().is_ok()
    }

    /// The address and size of the loaded `module`'s variable `name`.
    pub(crate) fn global(
        &self,
        module: sys::CUmodule,
        name: &str,
    ) -> Result<(u64, usize), GpuError> {
        self.enter()?;
        let symbol = CString::new(name).map_err(|_| GpuError::NulInName(name.to_string()))?;
        // SAFETY: `module` is loaded in this context; the name is a C string.
        unsafe { result::module::get_global(module, symbol) }.map_err(|e| GpuError::Global {
            name: name.to_string(),
            error: name_of(e),
        })
    }

    /// Loads `ptx` into the context.
    pub(crate) fn load(&self, ptx: &str) -> Result<sys::CUmodule, GpuError> {
        self.enter()?;
        load(ptx)
    }

    /// Runs `launch` of the loaded `module`, its own buffers in
    /// allocations made for it and freed after.
    pub(crate) fn launch(
        &self,
        module: sys::CUmodule,
        launch: &GpuLaunch<'_>,
    ) -> Result<Copies, GpuError> {
        self.enter()?;
        let mut allocations = Vec::new();
        let outcome = launch_in(launch, module, &mut allocations);
        // SAFETY: each allocation was made above and is freed once.
        for &ptr in &allocations {
            let _ = unsafe { result::free_sync(ptr) };
        }
        outcome
    }
}

/// Runs `launch` on GPU 0, in a module loaded for it alone.
pub(crate) fn run(launch: &GpuLaunch<'_>) -> Result<GpuResult, GpuError> {
    let gpu = Gpu::shared()?;
    let module = gpu.load(launch.ptx)?;
    let outcome = gpu.launch(module, launch);
    match &outcome {
        // SAFETY: the module was loaded above and is unloaded once.
        Ok(_) => unsafe {
            let _ = result::module::unload(module);
        },
        // A kernel's fault leaves the context unusable: start afresh.
        Err(_) => gpu.reset(),
    }
    let (buffers, globals) = outcome?;
    Ok(GpuResult {
        device: gpu.name.clone(),
        buffers,
        globals,
    })
}

/// What a launch copied back: its buffers, and the module's variables.
pub(crate) type Copies = (Vec<Vec<u8>>, Vec<(String, Vec<u8>)>);

fn launch_in(
    launch: &GpuLaunch<'_>,
    module: sys::CUmodule,
    allocations: &mut Vec<sys::CUdeviceptr>,
) -> Result<Copies, GpuError> {
    let entry =
        CString::new(launch.entry).map_err(|_| GpuError::NulInName(launch.entry.to_string()))?;
    // SAFETY: `module` is loaded; the name is a C string.
    let function = unsafe { result::module::get_function(module, entry) }
        .map_err(|e| driver("cuModuleGetFunction", e))?;
    if launch.dynamic_shared > 48 * 1024 {
        // SAFETY: `function` is the kernel just found.
        unsafe {
            result::function::set_function_attribute(
                function,
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                launch.dynamic_shared as i32,
            )
        }
        .map_err(|e| driver("cuFuncSetAttribute", e))?;
    }
    for bytes in launch.buffers {
        // SAFETY: a fresh allocation of at least one byte, filled from a
        // host slice of its size.
        let ptr = unsafe { result::malloc_sync(bytes.len().max(1)) }
            .map_err(|e| driver("cuMemAlloc", e))?;
        allocations.push(ptr);
        if !bytes.is_empty() {
            unsafe { result::memcpy_htod_sync(ptr, bytes) }
                .map_err(|e| driver("cuMemcpyHtoD", e))?;
        }
    }
    let mut params = launch.params.clone();
    for &(offset, buffer) in &launch.pointers {
        params[offset..offset + 8].copy_from_slice(&allocations[buffer].to_le_bytes());
    }
    let mut pointers: Vec<*mut c_void> = launch
        .param_offsets
        .iter()
        .map(|&offset| params[offset..].as_mut_ptr().cast())
        .collect();
    let [gx, gy, gz] = launch.grid;
    let [bx, by, bz] = launch.block;
    // SAFETY: `pointers` holds one pointer per kernel parameter, each to
    // its bytes in `params`, which outlives the launch (synchronized next).
    unsafe {
        result::launch_kernel(
            function,
            (gx, gy, gz),
            (bx, by, bz),
            launch.dynamic_shared,
            result::stream::null(),
            &mut pointers,
        )
    }
    .map_err(|e| driver("cuLaunchKernel", e))?;
    result::ctx::synchronize().map_err(|e| GpuError::KernelFailed { error: name_of(e) })?;
    let mut buffers = Vec::with_capacity(launch.buffers.len());
    for (bytes, &ptr) in launch.buffers.iter().zip(allocations.iter()) {
        let mut back = vec![0u8; bytes.len()];
        if !back.is_empty() {
            // SAFETY: `ptr` holds `back.len()` bytes.
            unsafe { result::memcpy_dtoh_sync(&mut back, ptr) }
                .map_err(|e| driver("cuMemcpyDtoH", e))?;
        }
        buffers.push(back);
    }
    let mut globals = Vec::new();
    for &name in &launch.globals {
        let symbol = CString::new(name).map_err(|_| GpuError::NulInName(name.to_string()))?;
        // SAFETY: `module` is loaded; the variable's bytes are copied out
        // whole.
        let (ptr, size) = unsafe { result::module::get_global(module, symbol) }.map_err(|e| {
            GpuError::Global {
                name: name.to_string(),
                error: name_of(e),
            }
        })?;
        let mut back = vec![0u8; size];
        if size > 0 {
            unsafe { result::memcpy_dtoh_sync(&mut back, ptr) }
                .map_err(|e| driver("cuMemcpyDtoH", e))?;
        }
        globals.push((name.to_string(), back));
    }
    Ok((buffers, globals))
}

/// Loads `ptx` into the current context; a module the driver rejects is an
/// error holding the JIT compiler's log.
fn load(ptx: &str) -> Result<sys::CUmodule, GpuError> {
    let text = CString::new(ptx).map_err(|_| GpuError::NulInModule)?;
    let mut log = vec![0u8; 16 * 1024];
    let mut options = [
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    let mut values: [*mut c_void; 2] = [log.as_mut_ptr().cast(), log.len() as *mut c_void];
    let mut module = std::mem::MaybeUninit::uninit();
    // SAFETY: the text is NUL-terminated; the options name a log buffer
    // of the size given, which outlives the call.
    let status = unsafe {
        sys::cuModuleLoadDataEx(
            module.as_mut_ptr(),
            text.as_ptr().cast(),
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
        )
    };
    match status.result() {
        // SAFETY: the call succeeded, so it wrote the module.
        Ok(()) => Ok(unsafe { module.assume_init() }),
        Err(e) => {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            let log = String::from_utf8_lossy(&log[..end]);
            Err(GpuError::ModuleRejected {
                error: name_of(e),
                log: log.trim().to_string(),
            })
        }
    }
}

/// A driver error's name (`CUDA_ERROR_ILLEGAL_ADDRESS`).
fn name_of(e: result::DriverError) -> String {
    e.error_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|_| format!("{e:?}"))
}

/// A failed driver call, named.
fn driver(call: &'static str, e: result::DriverError) -> GpuError {
    GpuError::Call {
        call,
        error: name_of(e),
    }
}
