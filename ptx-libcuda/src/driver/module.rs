//! Modules and libraries: PTX text, or a fat binary's PTX for sm_90
//! ([`crate::fatbin`]), loaded into the simulator; their kernels
//! (`CUfunction`, and `CUkernel`, which is the same handle here) and
//! their `.global` variables.
//!
//! A `CUlibrary` is a module handle: CUDA 12's context-independent
//! loading is the same thing when every context shares one device.
//!
//! A module's variables live with the module, not in an allocation:
//! while its kernels run they lie at fixed addresses from
//! `GLOBAL_BASE` (`Module::global_variables`; `__constant__` ones in the
//! constant window, `Module::constant_variables`), the same for every
//! module. `cuModuleGetGlobal` gives that address: right for the
//! module's own kernels and for copies (which find the variable by it),
//! wrong if passed to another module's kernel, whose variables lie
//! there while it runs. A `__managed__` (`.attribute(.managed)`)
//! variable's bytes are host memory between launches: `cuModuleGetGlobal`
//! and `cuLibraryGetManaged` give its host address, which is the kernel's
//! unless its pages were taken (see "`__managed__` variables" in
//! [`crate::driver::memory`]).

use crate::driver::error::{
    CUDA_ERROR_INVALID_IMAGE, CUDA_ERROR_INVALID_PTX, CUDA_ERROR_INVALID_VALUE,
    CUDA_ERROR_NO_BINARY_FOR_GPU, CUDA_ERROR_NOT_FOUND,
};
use crate::export::{Outcome, Status, driver_api, out, text};
use crate::fatbin;
use crate::state::{Function, Handle, Loaded, State, state};
use ptx_sim::kernel::Module;
use std::collections::HashMap;
use std::ffi::{CStr, CString, c_char, c_void};
use std::sync::Mutex;

/// The first word of a fat binary's wrapper (`__fatBinC_Wrapper_t`),
/// what `__cudaRegisterFatBinary` is handed.
const FATBINC_MAGIC: u32 = 0x466243B1;

/// The first bytes of an ELF file: a cubin, SASS the simulator cannot run.
const ELF_MAGIC: [u8; 4] = *b"\x7fELF";

/// The default dynamic shared memory a kernel may ask for without
/// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` (48 KiB).
pub const DEFAULT_DYNAMIC_SHARED: i32 = 48 * 1024;

/// Loads PTX `text` as a module: its handle, or `CUDA_ERROR_INVALID_PTX`
/// with what ptxas would say on stderr.
pub fn load_ptx(state: &mut State, text: &str) -> Result<Handle, Status> {
    let module = Module::from_ptx(text).map_err(|error| {
        eprintln!("ptx-libcuda: the PTX does not load: {error}");
        CUDA_ERROR_INVALID_PTX
    })?;
    let loaded = Loaded::new(module);
    // Managed variables' host bytes start as their initialisers.
    for g in &loaded.globals {
        if let Some(host) = g.host {
            let bytes = state
                .device
                .read_global(&loaded.module, &g.name)
                .map_err(crate::state::device_error)?;
            // SAFETY: the variable's host mapping, `g.size` bytes.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), host as *mut u8, g.size) };
        }
    }
    Ok(state.modules.insert(loaded))
}

/// The PTX to run from fat binary `blob`: the one for the highest
/// `compute_<arch>` up to 90.
pub fn ptx_of_fatbin(blob: &[u8]) -> Result<String, Status> {
    let contents = fatbin::contents(blob).map_err(|error| {
        eprintln!("ptx-libcuda: cannot read the fat binary: {error}");
        CUDA_ERROR_INVALID_IMAGE
    })?;
    let best = contents
        .ptx
        .iter()
        .filter(|image| image.arch <= 90)
        .max_by_key(|image| image.arch);
    match best {
        Some(image) => Ok(image.text.clone()),
        None => {
            let has: Vec<String> = contents
                .ptx
                .iter()
                .map(|p| format!("compute_{}", p.arch))
                .chain(contents.sass_arches.iter().map(|a| format!("sm_{a}")))
                .collect();
            eprintln!(
                "ptx-libcuda: the fat binary has no PTX for compute_90 or below (it has: {}); the simulator runs PTX, so build with `-gencode arch=compute_90,code=compute_90`",
                if has.is_empty() {
                    "nothing".into()
                } else {
                    has.join(", ")
                }
            );
            Err(CUDA_ERROR_NO_BINARY_FOR_GPU)
        }
    }
}

/// The fat binary that starts at `data`, whole.
///
/// # Safety
/// `data` must point to a fat binary, at least its 16-byte header.
pub unsafe fn fatbin_at<'a>(data: *const u8) -> Result<&'a [u8], Status> {
    // SAFETY: a fat binary's header is 16 bytes.
    let header = unsafe { std::slice::from_raw_parts(data, 16) };
    let len = fatbin::blob_len(header).ok_or_else(|| {
        eprintln!("ptx-libcuda: the image is not a fat binary the library can read");
        CUDA_ERROR_INVALID_IMAGE
    })?;
    // SAFETY: the header says the blob is `len` bytes long.
    Ok(unsafe { std::slice::from_raw_parts(data, len) })
}

/// The PTX in `image`, what `cuModuleLoadData` is handed: PTX text, a
/// fat binary, or a fat binary's wrapper.
///
/// # Safety
/// `image` must point to one of those.
pub unsafe fn ptx_of_image(image: *const c_void) -> Result<String, Status> {
    if image.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let bytes = image.cast::<u8>();
    // A fat binary's magic first: its first byte, 0x50, is also PTX's
    // `P`, and a `.fatbin` file that `nvcc -fatbin` wrote, loaded as the
    // driver samples load it, starts so. The word is read byte by byte,
    // stopping at a NUL, so a PTX text shorter than 4 bytes is not read
    // past its end.
    // SAFETY: any image has a first byte, and a byte that is not NUL is
    // followed by another (text has its NUL; binaries are longer).
    let starts_fatbin = unsafe {
        let mut word = [0u8; 4];
        let mut whole = true;
        for (i, byte) in word.iter_mut().enumerate() {
            *byte = *bytes.add(i);
            if *byte == 0 {
                whole = false;
                break;
            }
        }
        whole && u32::from_le_bytes(word) == fatbin::FATBIN_MAGIC
    };
    if starts_fatbin {
        // SAFETY: a fat binary's header follows its magic.
        return ptx_of_fatbin(unsafe { fatbin_at(bytes) }?);
    }
    // SAFETY: any image has a first byte.
    let first = unsafe { *bytes };
    if first.is_ascii_graphic() || first.is_ascii_whitespace() {
        // SAFETY: PTX text is NUL-terminated.
        let ptx = unsafe { std::ffi::CStr::from_ptr(image.cast()) };
        return ptx.to_str().map(str::to_string).map_err(|_| {
            eprintln!("ptx-libcuda: the PTX text is not UTF-8");
            CUDA_ERROR_INVALID_PTX
        });
    }
    // SAFETY: every binary image has a first word.
    let magic = unsafe { bytes.cast::<[u8; 4]>().read_unaligned() };
    if magic == ELF_MAGIC {
        eprintln!(
            "ptx-libcuda: the image is a cubin (SASS), which the simulator cannot run; load PTX, or build with `-gencode arch=compute_90,code=compute_90` (Numba and cuda.core link to SASS through nvJitLink when the nvidia-nvjitlink package is installed: without it they link PTX through the driver's cuLink*, which runs here)"
        );
        return Err(CUDA_ERROR_NO_BINARY_FOR_GPU);
    }
    if u32::from_le_bytes(magic) == FATBINC_MAGIC {
        // SAFETY: the wrapper is `{ int magic; int version; const
        // unsigned long long *data; void *filename_or_fatbins; }`.
        let data = unsafe { bytes.add(8).cast::<*const u8>().read_unaligned() };
        // SAFETY: its `data` is the fat binary.
        return ptx_of_fatbin(unsafe { fatbin_at(data) }?);
    }
    // SAFETY: not text, not a wrapper, not ELF: a fat binary or nothing.
    ptx_of_fatbin(unsafe { fatbin_at(bytes) }?)
}

/// `name` as a C string that lives as long as the process: the same
/// pointer for the same name, each made once.
pub fn interned(name: &str) -> *const c_char {
    static NAMES: Mutex<Option<HashMap<String, &'static CStr>>> = Mutex::new(None);
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let names = names.get_or_insert_with(HashMap::new);
    if let Some(known) = names.get(name) {
        return known.as_ptr();
    }
    // A PTX name has no NUL.
    let made: &'static CStr = Box::leak(CString::new(name).unwrap_or_default().into_boxed_c_str());
    names.insert(name.to_string(), made);
    made.as_ptr()
}

/// The handle of kernel `name` of `module` (the same one each time).
pub fn function(state: &mut State, module: Handle, name: &str) -> Result<Handle, Status> {
    let loaded = state.modules.get(module)?;
    if loaded.module.params(name).is_none() {
        return Err(CUDA_ERROR_NOT_FOUND);
    }
    let known = state
        .functions
        .iter()
        .find(|(_, f)| f.module == module && f.name == name)
        .map(|(h, _)| h);
    Ok(known.unwrap_or_else(|| {
        state.functions.insert(Function {
            module,
            name: name.to_string(),
            max_dynamic_shared: DEFAULT_DYNAMIC_SHARED,
        })
    }))
}

/// The address and size of `module`'s variable `name`.
pub fn global(state: &mut State, module: Handle, name: &str) -> Result<(u64, usize), Status> {
    let loaded = state.modules.get(module)?;
    let found = loaded
        .globals
        .iter()
        .find(|g| g.name == name)
        .map(|g| (g.addr, g.size))
        .ok_or(CUDA_ERROR_NOT_FOUND)?;
    state.last_global_module = Some(module);
    Ok(found)
}

/// Forgets `module` and its kernels.
pub fn unload(state: &mut State, module: Handle) -> Outcome {
    state.modules.remove(module)?;
    let kernels: Vec<Handle> = state
        .functions
        .iter()
        .filter(|(_, f)| f.module == module)
        .map(|(h, _)| h)
        .collect();
    for kernel in kernels {
        let _ = state.functions.remove(kernel);
    }
    if state.last_global_module == Some(module) {
        state.last_global_module = None;
    }
    Ok(())
}

/// Loads `image` (see [`ptx_of_image`]) once `check` passes:
/// [`State::ready`] for a module (the current context's),
/// [`State::healthy`] for a library (context-independent: the static
/// runtime loads its code before it makes a context current).
///
/// # Safety
/// As [`ptx_of_image`].
pub unsafe fn load(
    module: *mut Handle,
    image: *const c_void,
    check: fn(&State) -> Outcome,
) -> Outcome {
    // SAFETY: the caller's out-parameter.
    let module = unsafe { out(module) }?;
    let mut state = state();
    check(&state)?;
    // SAFETY: the caller's image.
    let ptx = unsafe { ptx_of_image(image) }?;
    *module = load_ptx(&mut state, &ptx)?;
    Ok(())
}

/// Writes a variable's address and size where asked (either may be
/// null), once `check` passes (see [`load`]).
///
/// # Safety
/// Non-null pointers must be valid for writes.
unsafe fn answer_global(
    dptr: *mut u64,
    bytes: *mut usize,
    module: Handle,
    name: *const c_char,
    check: fn(&State) -> Outcome,
) -> Outcome {
    // SAFETY: the caller's string.
    let name = unsafe { text(name) }?;
    let mut state = state();
    check(&state)?;
    let (mut addr, size) = global(&mut state, module, name)?;
    if let Some(host) = state.modules.get(module)?.managed_host(name) {
        addr = host as u64;
    }
    // SAFETY: the caller's out-parameters, each optional.
    unsafe {
        if let Some(d) = dptr.as_mut() {
            *d = addr;
        }
        if let Some(b) = bytes.as_mut() {
            *b = size;
        }
    }
    Ok(())
}

/// The value of function attribute `attribute` for `function`.
pub fn function_attribute(state: &State, function: Handle, attribute: u32) -> Result<i32, Status> {
    let f = state.functions.get(function)?;
    Ok(match attribute {
        0 => 1024,                 // max threads per block
        5 | 6 => 90,               // PTX and binary version: sm_90
        8 => f.max_dynamic_shared, // max dynamic shared bytes
        9 => -1,                   // preferred carveout: none set
        1..=4 | 7 | 10..=15 => 0,  // static shared, const, local, registers: ptxas's
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    })
}

/// Sets function attribute `attribute` of `function` (the dynamic shared
/// memory limit counts; the others are accepted).
pub fn set_function_attribute(
    state: &mut State,
    function: Handle,
    attribute: u32,
    value: i32,
) -> Outcome {
    let f = state.functions.get_mut(function)?;
    match attribute {
        8 => {
            if !(0..=ptx_sim::kernel::MAX_SHARED_BYTES as i32).contains(&value) {
                return Err(CUDA_ERROR_INVALID_VALUE);
            }
            f.max_dynamic_shared = value;
            Ok(())
        }
        9..=15 => Ok(()),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

driver_api! {
    /// `cuModuleLoadData`: PTX text or a fat binary.
    fn cuModuleLoadData(module: *mut Handle, image: *const c_void) {
        load(module, image, State::ready)
    }

    /// `cuModuleLoadDataEx`: as `cuModuleLoadData` (JIT options do not
    /// apply).
    fn cuModuleLoadDataEx(
        module: *mut Handle,
        image: *const c_void,
        options: u32,
        option_kinds: *mut c_void,
        option_values: *mut c_void,
    ) {
        let _ = (options, option_kinds, option_values);
        load(module, image, State::ready)
    }

    /// `cuModuleLoadFatBinary`.
    fn cuModuleLoadFatBinary(module: *mut Handle, image: *const c_void) {
        load(module, image, State::ready)
    }

    /// `cuModuleUnload`.
    fn cuModuleUnload(module: Handle) {
        let mut state = state();
        state.context()?;
        unload(&mut state, module)
    }

    /// `cuModuleGetFunction`.
    fn cuModuleGetFunction(function: *mut Handle, module: Handle, name: *const c_char) {
        let function = out(function)?;
        let name = text(name)?;
        let mut state = state();
        state.context()?;
        *function = self::function(&mut state, module, name)?;
        Ok(())
    }

    /// `cuModuleGetGlobal_v2` (see the module's documentation).
    fn cuModuleGetGlobal_v2(dptr: *mut u64, bytes: *mut usize, module: Handle, name: *const c_char) {
        answer_global(dptr, bytes, module, name, State::ready)
    }

    /// `cuLibraryLoadData`: as `cuModuleLoadData` (the options do not
    /// apply), with or without a current context, as a library is
    /// context-independent.
    fn cuLibraryLoadData(
        library: *mut Handle,
        code: *const c_void,
        jit_options: *mut c_void,
        jit_values: *mut c_void,
        jit_count: u32,
        library_options: *mut c_void,
        library_values: *mut c_void,
        library_count: u32,
    ) {
        let _ = (jit_options, jit_values, jit_count, library_options, library_values, library_count);
        load(library, code, State::healthy)
    }

    /// `cuLibraryUnload`.
    fn cuLibraryUnload(library: Handle) {
        let mut state = state();
        state.initialized()?;
        unload(&mut state, library)
    }

    /// `cuLibraryGetKernel`: a `CUkernel` is a `CUfunction` here.
    fn cuLibraryGetKernel(kernel: *mut Handle, library: Handle, name: *const c_char) {
        let kernel = out(kernel)?;
        let name = text(name)?;
        let mut state = state();
        state.healthy()?;
        *kernel = function(&mut state, library, name)?;
        Ok(())
    }

    /// `cuLibraryGetModule`: the same handle.
    fn cuLibraryGetModule(module: *mut Handle, library: Handle) {
        let module = out(module)?;
        let state = state();
        state.context()?;
        state.modules.get(library)?;
        *module = library;
        Ok(())
    }

    /// `cuLibraryGetGlobal`: as `cuModuleGetGlobal_v2`.
    fn cuLibraryGetGlobal(dptr: *mut u64, bytes: *mut usize, library: Handle, name: *const c_char) {
        answer_global(dptr, bytes, library, name, State::healthy)
    }

    /// `cuLibraryGetManaged`: a `__managed__` variable's address (its
    /// host one, [`crate::driver::memory`]) and size, what NVIDIA's static
    /// runtime stores for nvcc's host code; `CUDA_ERROR_NOT_FOUND` for a
    /// variable that is not managed.
    fn cuLibraryGetManaged(dptr: *mut u64, bytes: *mut usize, library: Handle, name: *const c_char) {
        let managed = {
            let variable = text(name)?;
            let state = state();
            state.modules.get(library)?.managed_host(variable).is_some()
        };
        if !managed {
            return Err(CUDA_ERROR_NOT_FOUND);
        }
        answer_global(dptr, bytes, library, name, State::healthy)
    }

    /// `cuKernelGetFunction`: the same handle.
    fn cuKernelGetFunction(function: *mut Handle, kernel: Handle) {
        let function = out(function)?;
        let state = state();
        state.context()?;
        state.functions.get(kernel)?;
        *function = kernel;
        Ok(())
    }

    /// `cuFuncGetName`: the kernel's name as the PTX has it (mangled,
    /// for C++), a string that lives as long as the process.
    fn cuFuncGetName(name: *mut *const c_char, function: Handle) {
        let name = out(name)?;
        let state = state();
        state.context()?;
        *name = interned(&state.functions.get(function)?.name);
        Ok(())
    }

    /// `cuFuncGetAttribute` (see [`function_attribute`]).
    fn cuFuncGetAttribute(value: *mut i32, attribute: u32, function: Handle) {
        let value = out(value)?;
        let state = state();
        state.context()?;
        *value = function_attribute(&state, function, attribute)?;
        Ok(())
    }

    /// `cuFuncSetAttribute` (see [`set_function_attribute`]).
    fn cuFuncSetAttribute(function: Handle, attribute: u32, value: i32) {
        let mut state = state();
        state.context()?;
        set_function_attribute(&mut state, function, attribute, value)
    }

    /// `cuKernelGetAttribute`: as `cuFuncGetAttribute`.
    fn cuKernelGetAttribute(value: *mut i32, attribute: u32, kernel: Handle, device: i32) {
        crate::driver::init::check_device(device)?;
        crate::export::outcome(cuFuncGetAttribute(value, attribute, kernel))
    }

    /// `cuKernelSetAttribute`: as `cuFuncSetAttribute`.
    fn cuKernelSetAttribute(attribute: u32, value: i32, kernel: Handle, device: i32) {
        crate::driver::init::check_device(device)?;
        crate::export::outcome(cuFuncSetAttribute(kernel, attribute, value))
    }

    /// `cuFuncSetCacheConfig`: accepted (the simulator has no L1 split).
    fn cuFuncSetCacheConfig(function: Handle, config: u32) {
        let _ = config;
        let state = state();
        state.context()?;
        state.functions.get(function)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fat binary as `nvcc -fatbin` writes it (PTX for compute_90).
    const PTX90: &[u8] = include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fatbin/ptx90.fatbin"
    ));

    /// `cuModuleLoadData` of a `.fatbin` file's bytes (as vectorAddDrv
    /// and matrixMulDrv load theirs) finds its PTX, though the magic's
    /// first byte is an ASCII `P`.
    #[test]
    fn a_bare_fat_binary_is_not_taken_for_ptx_text() {
        assert_eq!(PTX90[0], b'P');
        // SAFETY: PTX90 is a whole fat binary.
        let ptx = unsafe { ptx_of_image(PTX90.as_ptr().cast()) }.expect("the fat binary's PTX");
        assert_eq!(ptx, ptx_of_fatbin(PTX90).expect("PTX"));
        assert!(ptx.contains(".entry"), "{ptx}");
    }

    /// PTX text still loads, however short.
    #[test]
    fn ptx_text_loads_as_text() {
        for text in [&b"P\0"[..], b".version 8.0\n\0"] {
            // SAFETY: NUL-terminated.
            let ptx = unsafe { ptx_of_image(text.as_ptr().cast()) }.expect("text");
            assert_eq!(ptx.as_bytes(), &text[..text.len() - 1]);
        }
    }
}
