//! Memory through the runtime: allocations, copies of every
//! `cudaMemcpyKind` (`cudaMemcpyDefault` tells device memory from host
//! memory by this library's allocation table), fills, and copies to and
//! from variables by their host shadows (`cudaMemcpyToSymbol`), which
//! reach the module's variable itself. Managed memory and its hints
//! (`cudaMemPrefetchAsync`, `cudaMemAdvise`, `cudaStreamAttachMemAsync`)
//! are the driver's ([`crate::driver::memory`]).

use crate::driver::error::{CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NOT_FOUND};
use crate::driver::host;
use crate::driver::memory::{self as driver, MemLocation, Side};
use crate::driver::{capture, graph};
use crate::export::{Outcome, Status, out, runtime_api};
use crate::runtime::ensure;
use crate::runtime::register::variable_of;
use crate::state::{Handle, State, device_error, state};
use ptx_sim::device::DEVICE_MEMORY;
use std::ffi::c_void;

/// `cudaMemcpyKind`.
const HOST_TO_HOST: u32 = 0;
const HOST_TO_DEVICE: u32 = 1;
const DEVICE_TO_HOST: u32 = 2;
const DEVICE_TO_DEVICE: u32 = 3;
const DEFAULT: u32 = 4;

/// The state, the runtime readied, for a call that uses the device on
/// `stream`.
pub(crate) fn ready(stream: Handle) -> Result<std::sync::MutexGuard<'static, State>, Status> {
    ensure()?;
    let state = state();
    state.ready()?;
    state.stream(stream)?;
    Ok(state)
}

/// The state, the runtime readied, for work on `stream` (a synchronous
/// call's is `None`: the legacy stream, and a call a capture may forbid,
/// [`capture::check_unsafe`]).
pub(crate) fn enqueue(
    stream: Option<Handle>,
) -> Result<std::sync::MutexGuard<'static, State>, Status> {
    ensure()?;
    let mut state = state();
    if stream.is_none() {
        capture::check_unsafe(&mut state)?;
    }
    state.ready()?;
    state.stream(stream.unwrap_or(0))?;
    Ok(state)
}

/// The sides of a copy of `kind` between `dst` and `src`.
pub(crate) fn sides(
    state: &State,
    dst: usize,
    src: usize,
    kind: u32,
) -> Result<(Side, Side), Status> {
    Ok(match kind {
        HOST_TO_HOST => (Side::Host(dst), Side::Host(src)),
        HOST_TO_DEVICE => (Side::Device(dst as u64), Side::Host(src)),
        DEVICE_TO_HOST => (Side::Host(dst), Side::Device(src as u64)),
        DEVICE_TO_DEVICE => (Side::Device(dst as u64), Side::Device(src as u64)),
        DEFAULT => (driver::side_of(state, dst), driver::side_of(state, src)),
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    })
}

/// `cudaMemcpy` and `cudaMemcpyAsync`.
///
/// # Safety
/// Host sides must be valid for `count` bytes.
unsafe fn memcpy(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: u32,
    stream: Option<Handle>,
) -> Outcome {
    let mut state = enqueue(stream)?;
    let (to, from) = sides(&state, dst as usize, src as usize, kind)?;
    graph::submit(
        &mut state,
        stream.unwrap_or(0),
        graph::linear_copy(to, from, count),
    )
}

/// `cudaMemset` and `cudaMemsetAsync` (a synchronous call's `stream` is
/// `None`).
fn memset(dst: *mut c_void, value: i32, count: usize, stream: Option<Handle>) -> Outcome {
    let mut state = enqueue(stream)?;
    let fill = graph::MemsetParams::of(dst as u64, 0, &[value as u8], count, 1);
    graph::submit(&mut state, stream.unwrap_or(0), graph::Work::Memset(fill))
}

/// Copies `count` bytes between variable `symbol` (from `offset`) and
/// `other`; `to_symbol` says which way.
///
/// # Safety
/// `other` must be valid for `count` bytes on the side `kind` says.
unsafe fn symbol_copy(
    symbol: *const c_void,
    other: *mut c_void,
    count: usize,
    offset: usize,
    kind: u32,
    to_symbol: bool,
    stream: Handle,
) -> Outcome {
    let mut state = ready(stream)?;
    if capture::recording(&mut state, stream)? {
        return Err(crate::driver::graph::unsupported(
            "cudaMemcpyToSymbolAsync/FromSymbolAsync on a capturing stream",
        ));
    }
    let (module, name) = variable_of(&mut state, symbol)?;
    let loaded = state.modules.get(module)?;
    let managed = loaded.managed_host(&name);
    let mut bytes = match managed {
        // SAFETY: a managed variable's host bytes, mapped while its module
        // is loaded ([`crate::driver::memory`]).
        Some(host) => {
            let size = loaded
                .globals
                .iter()
                .find(|g| g.name == name)
                .map_or(0, |g| g.size);
            unsafe { std::slice::from_raw_parts(host as *const u8, size) }.to_vec()
        }
        None => state
            .device
            .read_global(&loaded.module, &name)
            .map_err(device_error)?,
    };
    let end = offset
        .checked_add(count)
        .filter(|&e| e <= bytes.len())
        .ok_or_else(|| {
            eprintln!(
                "ptx-libcuda: {count} bytes at offset {offset} run past `{name}` ({} bytes)",
                bytes.len()
            );
            CUDA_ERROR_INVALID_VALUE
        })?;
    let other_is_device = match kind {
        HOST_TO_DEVICE | DEVICE_TO_HOST => false,
        DEVICE_TO_DEVICE => true,
        DEFAULT => state.is_device(other as u64),
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    };
    if to_symbol {
        let data = if other_is_device {
            state.read_device(other as u64, count)?
        } else {
            // SAFETY: the caller's `count` bytes.
            unsafe { std::slice::from_raw_parts(other as *const u8, count) }.to_vec()
        };
        bytes[offset..end].copy_from_slice(&data);
        if let Some(host) = managed {
            // SAFETY: as above; `bytes` is a copy.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), host as *mut u8, bytes.len()) };
            return Ok(());
        }
        let loaded = state.modules.get(module)?;
        state
            .device
            .write_global(&loaded.module, &name, &bytes)
            .map_err(device_error)
    } else if other_is_device {
        state.write_device(other as u64, &bytes[offset..end])
    } else {
        // SAFETY: the caller's `count` writable bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes[offset..end].as_ptr(), other as *mut u8, count)
        };
        Ok(())
    }
}

/// The address and size of the variable `symbol` shadows.
fn symbol_place(symbol: *const c_void) -> Result<(u64, usize), Status> {
    ensure()?;
    let mut state = state();
    state.ready()?;
    let (module, name) = variable_of(&mut state, symbol)?;
    let (addr, size) =
        crate::driver::module::global(&mut state, module, &name).map_err(|e| match e {
            CUDA_ERROR_NOT_FOUND => crate::runtime::register::CUDA_ERROR_INVALID_SYMBOL,
            e => e,
        })?;
    // A managed variable's address is its host one.
    let host = state.modules.get(module)?.managed_host(&name);
    Ok((host.map_or(addr, |h| h as u64), size))
}

/// `cudaPointerAttributes`.
#[repr(C)]
pub struct PointerAttributes {
    /// `cudaMemoryType`: 0 unregistered, 1 host, 2 device, 3 managed.
    pub kind: u32,
    /// The device.
    pub device: i32,
    /// The device address, or null.
    pub device_pointer: usize,
    /// The host address, or null.
    pub host_pointer: usize,
    /// Reserved.
    pub reserved: [i64; 8],
}

const _: () = assert!(std::mem::size_of::<PointerAttributes>() == 88);

runtime_api! {
    /// `cudaMalloc`: a size of 0 gives null.
    fn cudaMalloc(pointer: *mut u64, size: usize) {
        let pointer = out(pointer)?;
        capture::unsafe_call()?;
        let mut state = ready(0)?;
        *pointer = if size == 0 { 0 } else { driver::alloc(&mut state, size, false)? };
        Ok(())
    }

    /// `cudaMallocManaged`: device memory mapped on the host at the same
    /// address (see [`crate::driver::memory`]).
    fn cudaMallocManaged(pointer: *mut u64, size: usize, flags: u32) {
        driver::check_attach(flags)?;
        let pointer = out(pointer)?;
        let mut state = ready(0)?;
        *pointer = driver::alloc(&mut state, size, true)?;
        Ok(())
    }

    /// `cudaMemPrefetchAsync` (CUDA 13's, to a `cudaMemLocation`): an
    /// accepted hint for a managed range.
    fn cudaMemPrefetchAsync(pointer: *const c_void, count: usize, location: MemLocation, flags: u32, stream: Handle) {
        let state = ready(stream)?;
        driver::prefetch(&state, pointer as u64, count, location, flags, stream)
    }

    /// `cudaMemAdvise` (CUDA 13's, for a `cudaMemLocation`): an accepted
    /// hint for a managed range.
    fn cudaMemAdvise(pointer: *const c_void, count: usize, advice: u32, location: MemLocation) {
        let state = ready(0)?;
        driver::advise(&state, pointer as u64, count, advice, location)
    }

    /// `cudaStreamAttachMemAsync`: an accepted hint for a whole managed
    /// allocation.
    fn cudaStreamAttachMemAsync(stream: Handle, pointer: *const c_void, length: usize, flags: u32) {
        let state = ready(stream)?;
        driver::attach(&state, stream, pointer as u64, length, flags)
    }

    /// `cudaFree`: null is fine (a common way to initialise).
    fn cudaFree(pointer: u64) {
        let mut state = ready(0)?;
        if pointer == 0 {
            return Ok(());
        }
        capture::check_unsafe(&mut state)?;
        driver::free(&mut state, pointer)
    }

    /// `cudaMallocHost`: page-locked host memory that kernels reach at
    /// its address ([`crate::driver::host`]).
    fn cudaMallocHost(pointer: *mut *mut c_void, size: usize) {
        let pointer = out(pointer)?;
        let mut state = ready(0)?;
        *pointer = host::alloc_host(&mut state, size, 0)?;
        Ok(())
    }

    /// `cudaHostAlloc`: page-locked host memory that kernels reach at its
    /// address, whatever the flags (unified addressing maps it).
    fn cudaHostAlloc(pointer: *mut *mut c_void, size: usize, flags: u32) {
        let pointer = out(pointer)?;
        let mut state = ready(0)?;
        *pointer = host::alloc_host(&mut state, size, flags)?;
        Ok(())
    }

    /// `cudaFreeHost`: null is fine.
    fn cudaFreeHost(pointer: *mut c_void) {
        let mut state = ready(0)?;
        if pointer.is_null() {
            return Ok(());
        }
        host::free_host(&mut state, pointer)
    }

    /// `cudaHostRegister`: kernels reach the range at its address.
    fn cudaHostRegister(pointer: *mut c_void, size: usize, flags: u32) {
        let mut state = ready(0)?;
        host::register(&mut state, pointer as usize, size, flags)
    }

    /// `cudaHostUnregister`.
    fn cudaHostUnregister(pointer: *mut c_void) {
        let mut state = ready(0)?;
        host::unregister(&mut state, pointer as usize)
    }

    /// `cudaHostGetDevicePointer`: the host pointer itself.
    fn cudaHostGetDevicePointer(device: *mut *mut c_void, pointer: *mut c_void, flags: u32) {
        let device = out(device)?;
        let state = ready(0)?;
        *device = host::device_pointer(&state, pointer as usize, flags)? as *mut c_void;
        Ok(())
    }

    /// `cudaHostGetFlags`: as `cudaHostAlloc` was given them.
    fn cudaHostGetFlags(flags: *mut u32, pointer: *mut c_void) {
        let flags = out(flags)?;
        let state = ready(0)?;
        *flags = host::flags(&state, pointer as usize)?;
        Ok(())
    }

    /// `cudaMemGetInfo`.
    fn cudaMemGetInfo(free: *mut usize, total: *mut usize) {
        let (free, total) = (out(free)?, out(total)?);
        let state = ready(0)?;
        *free = driver::free_bytes(&state) as usize;
        *total = DEVICE_MEMORY as usize;
        Ok(())
    }

    /// `cudaMemcpy`.
    fn cudaMemcpy(dst: *mut c_void, src: *const c_void, count: usize, kind: u32) {
        memcpy(dst, src, count, kind, None)
    }

    /// `cudaMemcpyAsync`: runs at the call (or is captured).
    fn cudaMemcpyAsync(dst: *mut c_void, src: *const c_void, count: usize, kind: u32, stream: Handle) {
        memcpy(dst, src, count, kind, Some(stream))
    }

    /// `cudaMemset`.
    fn cudaMemset(dst: *mut c_void, value: i32, count: usize) {
        memset(dst, value, count, None)
    }

    /// `cudaMemsetAsync`: runs at the call (or is captured).
    fn cudaMemsetAsync(dst: *mut c_void, value: i32, count: usize, stream: Handle) {
        memset(dst, value, count, Some(stream))
    }

    /// `cudaMemcpyToSymbol`.
    fn cudaMemcpyToSymbol(symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: u32) {
        symbol_copy(symbol, src as *mut c_void, count, offset, kind, true, 0)
    }

    /// `cudaMemcpyFromSymbol`.
    fn cudaMemcpyFromSymbol(dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: u32) {
        symbol_copy(symbol, dst, count, offset, kind, false, 0)
    }

    /// `cudaMemcpyToSymbolAsync`: runs at the call (or is captured).
    fn cudaMemcpyToSymbolAsync(symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: u32, stream: Handle) {
        symbol_copy(symbol, src as *mut c_void, count, offset, kind, true, stream)
    }

    /// `cudaMemcpyFromSymbolAsync`: runs at the call (or is captured).
    fn cudaMemcpyFromSymbolAsync(dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: u32, stream: Handle) {
        symbol_copy(symbol, dst, count, offset, kind, false, stream)
    }

    /// `cudaGetSymbolAddress`: where the variable lies while its module's
    /// kernels run (see [`crate::driver::module`]).
    fn cudaGetSymbolAddress(pointer: *mut u64, symbol: *const c_void) {
        *out(pointer)? = symbol_place(symbol)?.0;
        Ok(())
    }

    /// `cudaGetSymbolSize`.
    fn cudaGetSymbolSize(size: *mut usize, symbol: *const c_void) {
        *out(size)? = symbol_place(symbol)?.1;
        Ok(())
    }

    /// `cudaPointerGetAttributes`: device, managed or page-locked host
    /// memory of this library (host memory whose device pointer is its
    /// own address); any other pointer is unregistered host memory.
    fn cudaPointerGetAttributes(attributes: *mut PointerAttributes, pointer: *const c_void) {
        let attributes = out(attributes)?;
        let state = ready(0)?;
        let addr = pointer as usize;
        let variable = driver::managed_variable(&state, addr as u64);
        let device = driver::range(&state, addr as u64).ok().or(variable);
        let managed = variable.is_some()
            || device
                .and_then(|(base, _)| state.device_memory.get(&base))
                .is_some_and(|a| a.managed);
        let host = host::pinned_at(&state, addr).is_some();
        let (kind, device_pointer, host_pointer) = match (device.is_some(), managed, host) {
            (true, true, _) => (3, addr, addr),
            (true, false, _) => (2, addr, 0),
            (false, _, true) => (1, addr, addr),
            _ => (0, 0, 0),
        };
        *attributes = PointerAttributes {
            kind,
            device: if kind == 0 { -2 } else { 0 },
            device_pointer,
            host_pointer,
            reserved: [0; 8],
        };
        Ok(())
    }
}
