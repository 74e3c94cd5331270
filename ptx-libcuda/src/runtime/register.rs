//! What nvcc's generated host code calls: each fat binary registered at
//! start-up (`__cudaRegisterFatBinary`), its kernels by their host stubs
//! (`__cudaRegisterFunction`) and its variables by their host shadows
//! (`__cudaRegisterVar`), and each `<<<>>>` as a pushed and popped call
//! configuration followed by `__cudaLaunchKernel` (CUDA 13) or
//! `cudaLaunchKernel`.
//!
//! A fat binary's PTX is picked at registration; it is loaded into the
//! simulator at its first use, as the runtime loads modules lazily.

use crate::driver::error::{
    CUDA_ERROR_INVALID_HANDLE, CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NO_BINARY_FOR_GPU,
    CUDA_ERROR_NOT_FOUND,
};
use crate::driver::module::{fatbin_at, function, load_ptx, ptx_of_fatbin};
use crate::export::{Status, out, runtime_api};
use crate::state::{Handle, State, Table};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};

/// `cudaErrorInvalidSymbol`: a host pointer registered as no variable.
pub const CUDA_ERROR_INVALID_SYMBOL: Status = 13;
/// `cudaErrorInvalidDeviceFunction`: a host pointer registered as no
/// kernel.
pub const CUDA_ERROR_INVALID_DEVICE_FUNCTION: Status = 98;

/// `__fatBinC_Wrapper_t`'s magic.
const FATBINC_MAGIC: u32 = 0x466243B1;

/// A registered fat binary.
pub struct FatBinary {
    /// The PTX to run, or why there is none (said on stderr already).
    pub ptx: Result<String, Status>,
    /// Its module, once loaded.
    pub module: Option<Handle>,
}

/// The runtime's registrations.
#[derive(Default)]
pub struct Registry {
    /// Whether the runtime retained the primary context.
    pub retained: bool,
    /// Fat binaries, by the handle `__cudaRegisterFatBinary` returned.
    pub fatbins: Table<FatBinary>,
    /// Kernels by host stub: their fat binary and name.
    pub functions: HashMap<usize, (Handle, String)>,
    /// Variables by host shadow: their fat binary and name.
    pub variables: HashMap<usize, (Handle, String)>,
    /// `__managed__` variables: where nvcc's host code reads their
    /// address from (`hostVarPtrAddress`), their fat binary and name.
    pub managed: Vec<(usize, Handle, String)>,
}

/// A `<<<>>>` configuration: grid, block, dynamic shared memory, stream.
#[derive(Clone, Copy, Debug)]
pub struct CallConfiguration {
    /// The grid.
    pub grid: Dim3,
    /// The block.
    pub block: Dim3,
    /// Dynamic shared memory.
    pub shared: usize,
    /// The stream.
    pub stream: Handle,
}

/// CUDA's `dim3`, passed by value.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dim3 {
    /// x.
    pub x: u32,
    /// y.
    pub y: u32,
    /// z.
    pub z: u32,
}

impl From<Dim3> for [u32; 3] {
    fn from(d: Dim3) -> [u32; 3] {
        [d.x, d.y, d.z]
    }
}

thread_local! {
    /// Configurations pushed by `<<<>>>` and not yet popped.
    static CONFIGURATIONS: RefCell<Vec<CallConfiguration>> = const { RefCell::new(Vec::new()) };
}

/// The module of fat binary `fatbin`, loaded at its first use.
pub fn module_of(state: &mut State, fatbin: Handle) -> Result<Handle, Status> {
    let registered = state.runtime.fatbins.get(fatbin)?;
    if let Some(module) = registered.module.filter(|&m| state.modules.contains(m)) {
        return Ok(module);
    }
    let ptx = registered.ptx.clone()?;
    let module = load_ptx(state, &ptx)?;
    state.runtime.fatbins.get_mut(fatbin)?.module = Some(module);
    Ok(module)
}

/// The kernel `host` stands for: a registered host stub, or a kernel
/// handle (`cudaKernel_t`) itself.
pub fn kernel_of(state: &mut State, host: *const c_void) -> Result<Handle, Status> {
    let host = host as usize;
    if state.functions.contains(host) {
        return Ok(host);
    }
    let (fatbin, name) = state
        .runtime
        .functions
        .get(&host)
        .cloned()
        .ok_or(CUDA_ERROR_INVALID_DEVICE_FUNCTION)?;
    let module = module_of(state, fatbin)?;
    function(state, module, &name).map_err(|e| match e {
        CUDA_ERROR_NOT_FOUND => {
            eprintln!("ptx-libcuda: the fat binary's PTX has no kernel `{name}`");
            CUDA_ERROR_INVALID_DEVICE_FUNCTION
        }
        e => e,
    })
}

/// The variable `host` shadows: its module and name. For a `__managed__`
/// variable, nvcc's host code names it by its host address (what
/// `__cudaInitModule` stored), not by a shadow.
pub fn variable_of(state: &mut State, host: *const c_void) -> Result<(Handle, String), Status> {
    let managed = || {
        state
            .runtime
            .managed
            .iter()
            .find_map(|(slot, fatbin, name)| {
                // SAFETY: `slot` is nvcc's pointer variable for the managed
                // variable, registered by `__cudaRegisterManagedVar`.
                let set = unsafe { *(*slot as *const usize) };
                (set != 0 && set == host as usize).then(|| (*fatbin, name.clone()))
            })
    };
    let (fatbin, name) = state
        .runtime
        .variables
        .get(&(host as usize))
        .cloned()
        .or_else(managed)
        .ok_or(CUDA_ERROR_INVALID_SYMBOL)?;
    let module = module_of(state, fatbin)?;
    let loaded = state.modules.get(module)?;
    if !loaded.globals.iter().any(|g| g.name == name) {
        eprintln!("ptx-libcuda: `{name}` is not a .global or .const variable of the module");
        return Err(CUDA_ERROR_INVALID_SYMBOL);
    }
    Ok((module, name))
}

/// The PTX of the fat binary whose wrapper is at `wrapper`.
///
/// # Safety
/// `wrapper` must point to a `__fatBinC_Wrapper_t` (or a fat binary).
unsafe fn ptx_of_wrapper(wrapper: *const c_void) -> Result<String, Status> {
    if wrapper.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: a wrapper starts with its magic; its `data` is at 8.
    let data = unsafe {
        let magic = wrapper.cast::<u32>().read_unaligned();
        if magic == FATBINC_MAGIC {
            wrapper
                .cast::<u8>()
                .add(8)
                .cast::<*const u8>()
                .read_unaligned()
        } else {
            wrapper.cast::<u8>()
        }
    };
    // SAFETY: `data` is the fat binary.
    ptx_of_fatbin(unsafe { fatbin_at(data) }?)
}

/// A C string's text, or an empty one.
///
/// # Safety
/// `name` must be null or a C string.
unsafe fn name_of(name: *const c_char) -> String {
    if name.is_null() {
        return String::new();
    }
    // SAFETY: the caller's C string.
    unsafe { std::ffi::CStr::from_ptr(name) }
        .to_string_lossy()
        .into_owned()
}

runtime_api! {
    /// `__cudaRegisterFatBinary`: a handle for the fat binary, whose PTX
    /// is picked now (or why there is none, said now on stderr).
    fn __cudaRegisterFatBinary(wrapper: *const c_void) -> *mut *mut c_void [std::ptr::null_mut()] {
        let ptx = ptx_of_wrapper(wrapper);
        let mut state = crate::state::state();
        let handle = state.runtime.fatbins.insert(FatBinary { ptx, module: None });
        handle as *mut *mut c_void
    }

    /// `__cudaRegisterFatBinaryEnd`: nothing more to do.
    fn __cudaRegisterFatBinaryEnd(fatbin: *mut *mut c_void) -> () [()] {
        let _ = fatbin;
    }

    /// `__cudaUnregisterFatBinary`: forgets the fat binary and what it
    /// registered.
    fn __cudaUnregisterFatBinary(fatbin: *mut *mut c_void) -> () [()] {
        let fatbin = fatbin as Handle;
        let mut state = crate::state::state();
        if let Ok(FatBinary { module: Some(module), .. }) = state.runtime.fatbins.remove(fatbin) {
            let _ = crate::driver::module::unload(&mut state, module);
        }
        state.runtime.functions.retain(|_, (f, _)| *f != fatbin);
        state.runtime.variables.retain(|_, (f, _)| *f != fatbin);
        state.runtime.managed.retain(|(_, f, _)| *f != fatbin);
    }

    /// `__cudaRegisterFunction`: host stub `host` launches kernel
    /// `name`.
    fn __cudaRegisterFunction(
        fatbin: *mut *mut c_void,
        host: *const c_char,
        device_function: *mut c_char,
        name: *const c_char,
        thread_limit: i32,
        tid: *mut c_void,
        bid: *mut c_void,
        block: *mut c_void,
        grid: *mut c_void,
        warp_size: *mut i32,
    ) -> () [()] {
        let _ = (device_function, thread_limit, tid, bid, block, grid, warp_size);
        let name = name_of(name);
        crate::state::state().runtime.functions.insert(host as usize, (fatbin as Handle, name));
    }

    /// `__cudaRegisterVar`: host shadow `host` stands for variable
    /// `name`.
    fn __cudaRegisterVar(
        fatbin: *mut *mut c_void,
        host: *mut c_char,
        device_address: *mut c_char,
        name: *const c_char,
        external: i32,
        size: usize,
        constant: i32,
        global: i32,
    ) -> () [()] {
        let _ = (device_address, external, size, constant, global);
        let name = name_of(name);
        crate::state::state().runtime.variables.insert(host as usize, (fatbin as Handle, name));
    }

    /// `__cudaRegisterManagedVar`: registered as a module variable, and
    /// remembered so that `__cudaInitModule` (which nvcc's host code calls
    /// before its first use of the variable) loads the module and stores
    /// the variable's host address ([`crate::driver::memory`]) in `*host`.
    fn __cudaRegisterManagedVar(
        fatbin: *mut *mut c_void,
        host: *mut *mut c_void,
        device_address: *mut c_char,
        name: *const c_char,
        external: i32,
        size: usize,
        constant: i32,
        global: i32,
    ) -> () [()] {
        let _ = (device_address, external, size, constant, global);
        let name = name_of(name);
        let mut state = crate::state::state();
        state.runtime.variables.insert(host as usize, (fatbin as Handle, name.clone()));
        state.runtime.managed.push((host as usize, fatbin as Handle, name));
    }

    /// `__cudaInitModule`: loads the module of `fatbin` if it has
    /// `__managed__` variables, and gives each its host address (other
    /// modules load at their first use).
    fn __cudaInitModule(fatbin: *mut *mut c_void) -> c_char [0] {
        let mut state = crate::state::state();
        let fatbin = fatbin as Handle;
        let wanted: Vec<(usize, String)> = state
            .runtime
            .managed
            .iter()
            .filter(|(_, f, _)| *f == fatbin)
            .map(|(h, _, n)| (*h, n.clone()))
            .collect();
        if wanted.is_empty() {
            return 1;
        }
        let Ok(module) = module_of(&mut state, fatbin) else {
            return 0;
        };
        for (slot, name) in wanted {
            let host = state.modules.get(module).ok().and_then(|l| l.managed_host(&name));
            if let (Some(host), Some(slot)) = (host, (slot as *mut *mut c_void).as_mut()) {
                *slot = host as *mut c_void;
            }
        }
        1
    }

    /// `__cudaPushCallConfiguration`: what `<<<grid, block, shared,
    /// stream>>>` pushes before the host stub runs.
    fn __cudaPushCallConfiguration(grid: Dim3, block: Dim3, shared: usize, stream: Handle) -> u32 [1] {
        CONFIGURATIONS.with(|c| c.borrow_mut().push(CallConfiguration { grid, block, shared, stream }));
        0
    }

    /// `__cudaPopCallConfiguration`: what the host stub pops to launch
    /// with.
    fn __cudaPopCallConfiguration(grid: *mut Dim3, block: *mut Dim3, shared: *mut usize, stream: *mut Handle) {
        let popped = CONFIGURATIONS.with(|c| c.borrow_mut().pop());
        let popped = popped.ok_or(CUDA_ERROR_INVALID_VALUE)?;
        *out(grid)? = popped.grid;
        *out(block)? = popped.block;
        *out(shared)? = popped.shared;
        *out(stream)? = popped.stream;
        Ok(())
    }

    /// `__cudaGetKernel`: the kernel handle (`cudaKernel_t`) of host stub
    /// `host`, what CUDA 13's `<<<>>>` launches through.
    fn __cudaGetKernel(kernel: *mut Handle, host: *const c_void) {
        let kernel = out(kernel)?;
        crate::runtime::ensure()?;
        let mut state = crate::state::state();
        *kernel = kernel_of(&mut state, host).map_err(|e| match e {
            CUDA_ERROR_INVALID_HANDLE => CUDA_ERROR_NO_BINARY_FOR_GPU,
            e => e,
        })?;
        Ok(())
    }
}
