//! Launches on a real GPU, through the CUDA driver API (`cudarc` loads
//! `libcuda` at run time, so a build needs no CUDA and a machine without a
//! driver gets an error, not a crash).
//!
//! The driver JIT-compiles the module's PTX text; each buffer becomes a
//! device allocation holding its bytes, each pointer argument that
//! allocation's address, and after the launch every buffer and module
//! `.global` variable is copied back. A launch that faults on the GPU (an
//! illegal address, a `trap`) resets the device's context, so that the
//! next launch starts clean.

use crate::GpuError;
use cudarc::driver::{result, sys};
use std::ffi::{CString, c_void};

/// One launch, as the GPU needs it: plain bytes, dimensions and names.
#[derive(Clone, Debug)]
pub struct GpuLaunch<'a> {
    /// The module's PTX text.
    pub ptx: &'a str,
    /// The kernel's name.
    pub entry: &'a str,
    /// The grid's CTAs in x, y and z.
    pub grid: [u32; 3],
    /// A CTA's threads in x, y and z.
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory.
    pub dynamic_shared: u32,
    /// The parameter memory, as the kernel reads it; the 8 bytes at each
    /// of [`pointers`](Self::pointers)' offsets are overwritten with the
    /// address of that pointer's buffer on the GPU.
    pub params: Vec<u8>,
    /// Each parameter's offset in `params`.
    pub param_offsets: Vec<usize>,
    /// The offsets in `params` of pointer arguments, each with the index
    /// in [`buffers`](Self::buffers) of the buffer it points to.
    pub pointers: Vec<(usize, usize)>,
    /// The buffers' bytes, each copied into an allocation of its own.
    pub buffers: &'a [Vec<u8>],
    /// The names of the module's `.global` variables, read back after.
    pub globals: Vec<&'a str>,
}

/// What a launch on the GPU left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuResult {
    /// The GPU's name.
    pub device: String,
    /// Each buffer's bytes after the launch, in the order of
    /// [`GpuLaunch::buffers`].
    pub buffers: Vec<Vec<u8>>,
    /// Each `.global` variable of [`GpuLaunch::globals`] after the
    /// launch: its name and bytes.
    pub globals: Vec<(String, Vec<u8>)>,
}

/// The name of the GPU the launches run on (device 0), or why there is
/// none.
///
/// ```no_run
/// match ptx_cuda::device() {
///     Ok(name) => println!("launches run on {name}"),
///     Err(why) => println!("no GPU: {why}"),
/// }
/// ```
pub fn device() -> Result<String, GpuError> {
    Gpu::shared().map(|gpu| gpu.name.clone())
}

/// A module loaded into the shared context by [`Gpu::load`]: the driver's
/// handle, which stays loaded until a fault resets the context.
#[derive(Clone, Copy, Debug)]
pub struct GpuModule(sys::CUmodule);

// SAFETY: a module handle is accepted by the driver from any thread in
// its context; its users order the calls (ptx-sim's device under its
// lock).
unsafe impl Send for GpuModule {}

/// GPU 0 and its primary context, retained for the process's life, so
/// that the context (its JIT cache, a device's allocations) is not torn
/// down and rebuilt between launches.
///
/// ```no_run
/// use ptx_cuda::Gpu;
/// let gpu = Gpu::shared()?;
/// let ptr = gpu.alloc(16)?;
/// gpu.write(ptr, &[7; 16])?;
/// let mut back = [0; 16];
/// gpu.read(ptr, &mut back)?;
/// assert_eq!(back, [7; 16]);
/// gpu.free(ptr)?;
/// # Ok::<(), ptx_cuda::GpuError>(())
/// ```
#[derive(Debug)]
pub struct Gpu {
    dev: sys::CUdevice,
    ctx: sys::CUcontext,
    name: String,
}

// SAFETY: a device and a context are handles the driver accepts from any
// thread; each call makes the context current on its own thread first.
unsafe impl Send for Gpu {}
unsafe impl Sync for Gpu {}

impl Gpu {
    /// GPU 0, opened once for the process, or why there is none (the same
    /// answer every time).
    pub fn shared() -> Result<&'static Gpu, GpuError> {
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

    /// The GPU's name, as the driver gives it (`NVIDIA H100 80GB HBM3`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Makes the context current on the calling thread.
    fn enter(&self) -> Result<(), GpuError> {
        // SAFETY: the context is retained for the process's life.
        unsafe { result::ctx::set_current(self.ctx) }.map_err(|e| driver("cuCtxSetCurrent", e))
    }

    /// Starts the context afresh after a kernel's fault, which leaves it
    /// unusable: every module and allocation in it is gone.
    pub fn reset(&self) {
        // SAFETY: the device is the context's; resetting it is what the
        // driver prescribes after a sticky error.
        let _ = unsafe { sys::cuDevicePrimaryCtxReset_v2(self.dev) };
    }

    /// A new allocation of `bytes` (at least one): its device address.
    pub fn alloc(&self, bytes: usize) -> Result<u64, GpuError> {
        self.enter()?;
        // SAFETY: a fresh allocation in the current context.
        unsafe { result::malloc_sync(bytes.max(1)) }.map_err(|e| driver("cuMemAlloc", e))
    }

    /// Frees an allocation [`Gpu::alloc`] made. The caller frees each
    /// allocation once.
    pub fn free(&self, ptr: u64) -> Result<(), GpuError> {
        self.enter()?;
        // SAFETY: the caller frees each allocation once.
        unsafe { result::free_sync(ptr) }.map_err(|e| driver("cuMemFree", e))
    }

    /// Copies `bytes` to device address `ptr`. The caller checks that an
    /// allocation holds them there.
    pub fn write(&self, ptr: u64, bytes: &[u8]) -> Result<(), GpuError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.enter()?;
        // SAFETY: the caller checked that `ptr` holds `bytes.len()` bytes.
        unsafe { result::memcpy_htod_sync(ptr, bytes) }.map_err(|e| driver("cuMemcpyHtoD", e))
    }

    /// Copies device address `ptr`'s bytes into `bytes`. The caller checks
    /// that an allocation holds them there.
    pub fn read(&self, ptr: u64, bytes: &mut [u8]) -> Result<(), GpuError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.enter()?;
        // SAFETY: the caller checked that `ptr` holds `bytes.len()` bytes.
        unsafe { result::memcpy_dtoh_sync(bytes, ptr) }.map_err(|e| driver("cuMemcpyDtoH", e))
    }

    /// Sets `len` bytes at `ptr` to `value`. The caller checks that an
    /// allocation holds them.
    pub fn fill(&self, ptr: u64, value: u8, len: usize) -> Result<(), GpuError> {
        self.enter()?;
        // SAFETY: the caller checked that `ptr` holds `len` bytes.
        unsafe { result::memset_d8_sync(ptr, value, len) }.map_err(|e| driver("cuMemsetD8", e))
    }

    /// Copies `len` bytes from `src` to `dst`, both device addresses. The
    /// caller checks that allocations hold both.
    pub fn copy(&self, dst: u64, src: u64, len: usize) -> Result<(), GpuError> {
        self.enter()?;
        // SAFETY: the caller checked that both hold `len` bytes.
        unsafe { result::memcpy_dtod_sync(dst, src, len) }.map_err(|e| driver("cuMemcpyDtoD", e))
    }

    /// Whether the context still works: a kernel's fault leaves a sticky
    /// error that every later call returns.
    pub fn healthy(&self) -> bool {
        self.enter().is_ok() && result::ctx::synchronize().is_ok()
    }

    /// The address and size of the loaded `module`'s variable `name`.
    pub fn global(&self, module: GpuModule, name: &str) -> Result<(u64, usize), GpuError> {
        self.enter()?;
        let symbol = CString::new(name).map_err(|_| GpuError::NulInName(name.to_string()))?;
        // SAFETY: `module` is loaded in this context; the name is a C string.
        unsafe { result::module::get_global(module.0, symbol) }.map_err(|e| GpuError::Global {
            name: name.to_string(),
            error: name_of(e),
        })
    }

    /// Loads `ptx` into the context; a module the driver rejects is
    /// [`GpuError::ModuleRejected`], holding the JIT compiler's log.
    pub fn load(&self, ptx: &str) -> Result<GpuModule, GpuError> {
        self.enter()?;
        load(ptx).map(GpuModule)
    }

    /// Runs `launch` of the loaded `module` (the launch's
    /// [`ptx`](GpuLaunch::ptx) is not read), its own buffers in
    /// allocations made for it and freed after. A kernel that faults
    /// leaves the context unusable: see [`Gpu::healthy`] and
    /// [`Gpu::reset`].
    pub fn launch(&self, module: GpuModule, launch: &GpuLaunch<'_>) -> Result<GpuResult, GpuError> {
        self.enter()?;
        let mut allocations = Vec::new();
        let outcome = launch_in(launch, module.0, &mut allocations);
        // SAFETY: each allocation was made above and is freed once.
        for &ptr in &allocations {
            let _ = unsafe { result::free_sync(ptr) };
        }
        let (buffers, globals) = outcome?;
        Ok(GpuResult {
            device: self.name.clone(),
            buffers,
            globals,
        })
    }
}

/// Runs `launch` on GPU 0, in a module loaded from its
/// [`ptx`](GpuLaunch::ptx) for it alone and unloaded after; a launch that
/// fails resets the context, so that the next one starts clean.
///
/// ```no_run
/// use ptx_cuda::GpuLaunch;
/// // `data[tid] += 1` over 4 words.
/// let ptx = "
/// .version 8.0
/// .target sm_90
/// .address_size 64
/// .visible .entry add_one(.param .u64 data) {
///     .reg .b32 %r<3>;
///     .reg .b64 %rd<4>;
///     ld.param.u64 %rd1, [data];
///     cvta.to.global.u64 %rd1, %rd1;
///     mov.u32 %r1, %tid.x;
///     mul.wide.u32 %rd2, %r1, 4;
///     add.s64 %rd3, %rd1, %rd2;
///     ld.global.u32 %r2, [%rd3];
///     add.u32 %r2, %r2, 1;
///     st.global.u32 [%rd3], %r2;
///     ret;
/// }";
/// let words: Vec<u8> = [10u32, 20, 30, 40].iter().flat_map(|w| w.to_le_bytes()).collect();
/// let buffers = [words];
/// let ran = ptx_cuda::run(&GpuLaunch {
///     ptx,
///     entry: "add_one",
///     grid: [1, 1, 1],
///     block: [4, 1, 1],
///     dynamic_shared: 0,
///     // One parameter: a pointer to buffer 0, which the launch fills in.
///     params: vec![0; 8],
///     param_offsets: vec![0],
///     pointers: vec![(0, 0)],
///     buffers: &buffers,
///     globals: vec![],
/// })?;
/// assert_eq!(ran.buffers[0][..4], 11u32.to_le_bytes());
/// # Ok::<(), ptx_cuda::GpuError>(())
/// ```
pub fn run(launch: &GpuLaunch<'_>) -> Result<GpuResult, GpuError> {
    let gpu = Gpu::shared()?;
    let module = gpu.load(launch.ptx)?;
    let outcome = gpu.launch(module, launch);
    match &outcome {
        // SAFETY: the module was loaded above and is unloaded once.
        Ok(_) => unsafe {
            let _ = result::module::unload(module.0);
        },
        // A kernel's fault leaves the context unusable: start afresh.
        Err(_) => gpu.reset(),
    }
    outcome
}

/// What a launch copied back: its buffers, and the module's variables.
type Copies = (Vec<Vec<u8>>, Vec<(String, Vec<u8>)>);

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
