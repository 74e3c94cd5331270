//! Memory: device allocations (the simulated device's), host
//! allocations (plain host memory: pinned means nothing here), copies
//! and fills, and what a pointer is.
//!
//! Managed memory (`cuMemAllocManaged`) is device memory: a kernel uses
//! it as any allocation, copies reach it, but the host cannot read or
//! write it through the pointer (the address is not mapped in the
//! process), so `CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS` and
//! direct host access are 0.
//!
//! An `Async` copy or fill runs at the call, as every operation does.

use crate::driver::error::{CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_OUT_OF_MEMORY};
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Allocation, Handle, Place, State, current, device_error, state};
use ptx_sim::device::DEVICE_MEMORY;
use std::alloc::Layout;
use std::ffi::c_void;

/// Host allocations are aligned to pages, as the driver's pinned
/// allocations are.
const HOST_ALIGN: usize = 4096;

/// One side of a copy.
#[derive(Clone, Copy, Debug)]
pub enum Side {
    /// Host memory at this address.
    Host(usize),
    /// Device memory at this address.
    Device(u64),
}

/// A new device allocation of `bytes` (zeroed): its address.
pub fn alloc(state: &mut State, bytes: usize, managed: bool) -> Result<u64, Status> {
    if bytes == 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let addr = state.device.alloc(bytes).map_err(device_error)?;
    state.device_memory.insert(
        addr,
        Allocation {
            size: bytes as u64,
            managed,
        },
    );
    Ok(addr)
}

/// Frees the device allocation at `addr`.
pub fn free(state: &mut State, addr: u64) -> Outcome {
    if state.device_memory.remove(&addr).is_none() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    state.device.free(addr).map_err(device_error)
}

/// A new host allocation of `bytes`, zeroed.
pub fn alloc_host(state: &mut State, bytes: usize) -> Result<*mut c_void, Status> {
    let layout =
        Layout::from_size_align(bytes.max(1), HOST_ALIGN).map_err(|_| CUDA_ERROR_OUT_OF_MEMORY)?;
    // SAFETY: the layout's size is not zero.
    let pointer = unsafe { std::alloc::alloc_zeroed(layout) };
    if pointer.is_null() {
        return Err(CUDA_ERROR_OUT_OF_MEMORY);
    }
    state.host_memory.insert(pointer as usize, bytes.max(1));
    Ok(pointer.cast())
}

/// Frees the host allocation at `pointer`.
pub fn free_host(state: &mut State, pointer: *mut c_void) -> Outcome {
    let size = state
        .host_memory
        .remove(&(pointer as usize))
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let layout = Layout::from_size_align(size, HOST_ALIGN).expect("it was allocated with it");
    // SAFETY: allocated by `alloc_host` with this layout, freed once
    // (it is gone from the table).
    unsafe { std::alloc::dealloc(pointer.cast(), layout) };
    Ok(())
}

/// Which side `addr` is on, for a copy that does not say
/// (`cuMemcpy`, `cudaMemcpyDefault`): device if it is in device memory.
pub fn side_of(state: &State, addr: usize) -> Side {
    if state.is_device(addr as u64) {
        Side::Device(addr as u64)
    } else {
        Side::Host(addr)
    }
}

/// Copies `len` bytes from `src` to `dst`.
///
/// # Safety
/// Host sides must be valid for `len` bytes (reads of `src`, writes of
/// `dst`).
pub unsafe fn copy(state: &State, dst: Side, src: Side, len: usize) -> Outcome {
    if len == 0 {
        return Ok(());
    }
    let bytes = match src {
        // SAFETY: the caller's `len` readable bytes.
        Side::Host(p) => unsafe { std::slice::from_raw_parts(p as *const u8, len) }.to_vec(),
        Side::Device(a) => state.read_device(a, len)?,
    };
    match dst {
        Side::Host(p) => {
            // SAFETY: the caller's `len` writable bytes; `bytes` is a copy,
            // so they may overlap `src`.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p as *mut u8, len) };
            Ok(())
        }
        Side::Device(a) => state.write_device(a, &bytes),
    }
}

/// Sets `count` elements at device address `dst` to `pattern` (1, 2 or 4
/// bytes, little-endian).
pub fn fill(state: &State, dst: u64, pattern: &[u8], count: usize) -> Outcome {
    if count == 0 {
        return Ok(());
    }
    if pattern.len() == 1 && matches!(state.place(dst, count)?, Place::Allocation) {
        return state
            .device
            .fill_bytes(dst, pattern[0], count)
            .map_err(device_error);
    }
    state.write_device(dst, &pattern.repeat(count))
}

/// The allocation holding `addr`: its first address and size.
pub fn range(state: &State, addr: u64) -> Result<(u64, u64), Status> {
    state
        .device_memory
        .range(..=addr)
        .next_back()
        .filter(|(base, a)| addr - **base < a.size)
        .map(|(&base, a)| (base, a.size))
        .ok_or(CUDA_ERROR_INVALID_VALUE)
}

/// Bytes of device memory not allocated.
pub fn free_bytes(state: &State) -> u64 {
    DEVICE_MEMORY - state.device_memory.values().map(|a| a.size).sum::<u64>()
}

/// Locks the state for a call that uses the device, checking `stream`.
fn ready(stream: Handle) -> Result<std::sync::MutexGuard<'static, State>, Status> {
    let state = state();
    state.ready()?;
    state.stream(stream)?;
    Ok(state)
}

/// Copies between `dst` and `src` after the checks.
///
/// # Safety
/// As [`copy`].
unsafe fn copy_call(dst: Side, src: Side, len: usize, stream: Handle) -> Outcome {
    let state = ready(stream)?;
    // SAFETY: the caller's pointers.
    unsafe { copy(&state, dst, src, len) }
}

/// A copy whose sides the addresses say (`cuMemcpy`).
///
/// # Safety
/// As [`copy`].
unsafe fn unified_copy(dst: u64, src: u64, len: usize, stream: Handle) -> Outcome {
    let state = ready(stream)?;
    let (dst, src) = (side_of(&state, dst as usize), side_of(&state, src as usize));
    // SAFETY: the caller's pointers.
    unsafe { copy(&state, dst, src, len) }
}

/// A fill after the checks.
fn fill_call(dst: u64, pattern: &[u8], count: usize, stream: Handle) -> Outcome {
    let state = ready(stream)?;
    fill(&state, dst, pattern, count)
}

/// `CU_MEMORYTYPE_HOST`.
const MEMORYTYPE_HOST: u32 = 1;
/// `CU_MEMORYTYPE_DEVICE`.
const MEMORYTYPE_DEVICE: u32 = 2;

/// Writes pointer attribute `attribute` of `ptr` to `data`.
///
/// # Safety
/// `data` must be valid for the attribute's type.
unsafe fn pointer_attribute(state: &State, data: *mut c_void, attribute: u32, ptr: u64) -> Outcome {
    let allocation = range(state, ptr).ok();
    let host = state
        .host_memory
        .range(..=(ptr as usize))
        .next_back()
        .filter(|(base, size)| ptr as usize - **base < **size)
        .map(|(&base, &size)| (base, size));
    let known = allocation.is_some() || host.is_some();
    if !known {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: the caller gives room for the attribute's type.
    unsafe {
        match attribute {
            1 => *data.cast::<Handle>() = current().unwrap_or(0), // context
            2 => {
                *data.cast::<u32>() = if allocation.is_some() {
                    MEMORYTYPE_DEVICE
                } else {
                    MEMORYTYPE_HOST
                }
            }
            3 => *data.cast::<u64>() = allocation.map_or(0, |_| ptr), // device pointer
            4 => *data.cast::<u64>() = host.map_or(0, |_| ptr),       // host pointer
            6 => *data.cast::<i32>() = 1,                             // sync memops
            7 => {
                *data.cast::<u64>() = allocation
                    .or(host.map(|(b, s)| (b as u64, s as u64)))
                    .map_or(0, |(b, _)| b)
            } // buffer id
            8 => {
                let managed = allocation
                    .and_then(|(b, _)| state.device_memory.get(&b))
                    .is_some_and(|a| a.managed);
                *data.cast::<i32>() = i32::from(managed)
            }
            9 => *data.cast::<i32>() = 0, // device ordinal
            11 => {
                *data.cast::<u64>() = allocation
                    .map(|(b, _)| b)
                    .or(host.map(|(b, _)| b as u64))
                    .unwrap_or(0)
            }
            12 => {
                *data.cast::<usize>() = allocation
                    .map(|(_, s)| s as usize)
                    .or(host.map(|(_, s)| s))
                    .unwrap_or(0)
            }
            13 => *data.cast::<i32>() = 1, // mapped
            _ => return Err(CUDA_ERROR_INVALID_VALUE),
        }
    }
    Ok(())
}

/// Writes attribute `attribute` of a pointer CUDA does not know into
/// `data` (`cuPointerGetAttributes`): null, zero or false, and device
/// -2 (the runtime's ordinal for host memory it does not know).
///
/// # Safety
/// `data` must have room for the attribute's type.
unsafe fn not_cuda_pointer_attribute(data: *mut c_void, attribute: u32) -> Outcome {
    if data.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: the caller gives room for the attribute's type.
    unsafe {
        match attribute {
            9 => *data.cast::<i32>() = -2,                      // device ordinal
            2 | 6 | 8 | 10 | 13 => *data.cast::<u32>() = 0,     // 32-bit values
            1 | 3 | 4 | 7 | 11 | 12 => *data.cast::<u64>() = 0, // pointers, sizes
            _ => return Err(CUDA_ERROR_INVALID_VALUE),
        }
    }
    Ok(())
}

driver_api! {
    /// `cuMemAlloc_v2`.
    fn cuMemAlloc_v2(dptr: *mut u64, bytes: usize) {
        let dptr = out(dptr)?;
        let mut state = ready(0)?;
        *dptr = alloc(&mut state, bytes, false)?;
        Ok(())
    }

    /// `cuMemAllocManaged`: device memory (see the module's
    /// documentation).
    fn cuMemAllocManaged(dptr: *mut u64, bytes: usize, flags: u32) {
        let _ = flags;
        let dptr = out(dptr)?;
        let mut state = ready(0)?;
        *dptr = alloc(&mut state, bytes, true)?;
        Ok(())
    }

    /// `cuMemFree_v2`.
    fn cuMemFree_v2(dptr: u64) {
        let mut state = ready(0)?;
        free(&mut state, dptr)
    }

    /// `cuMemAllocHost_v2`: plain host memory.
    fn cuMemAllocHost_v2(pointer: *mut *mut c_void, bytes: usize) {
        let pointer = out(pointer)?;
        let mut state = ready(0)?;
        *pointer = alloc_host(&mut state, bytes)?;
        Ok(())
    }

    /// `cuMemHostAlloc`: plain host memory, whatever the flags.
    fn cuMemHostAlloc(pointer: *mut *mut c_void, bytes: usize, flags: u32) {
        let _ = flags;
        let pointer = out(pointer)?;
        let mut state = ready(0)?;
        *pointer = alloc_host(&mut state, bytes)?;
        Ok(())
    }

    /// `cuMemFreeHost`.
    fn cuMemFreeHost(pointer: *mut c_void) {
        let mut state = ready(0)?;
        free_host(&mut state, pointer)
    }

    /// `cuMemGetInfo_v2`: 80 GiB less what is allocated.
    fn cuMemGetInfo_v2(free: *mut usize, total: *mut usize) {
        let (free, total) = (out(free)?, out(total)?);
        let state = ready(0)?;
        *free = free_bytes(&state) as usize;
        *total = DEVICE_MEMORY as usize;
        Ok(())
    }

    /// `cuMemGetAddressRange_v2`: either output may be null.
    fn cuMemGetAddressRange_v2(base: *mut u64, size: *mut usize, dptr: u64) {
        let state = ready(0)?;
        let (b, s) = range(&state, dptr)?;
        if let Some(base) = base.as_mut() {
            *base = b;
        }
        if let Some(size) = size.as_mut() {
            *size = s as usize;
        }
        Ok(())
    }

    /// `cuMemcpyHtoD_v2`.
    fn cuMemcpyHtoD_v2(dst: u64, src: *const c_void, len: usize) {
        copy_call(Side::Device(dst), Side::Host(src as usize), len, 0)
    }

    /// `cuMemcpyDtoH_v2`.
    fn cuMemcpyDtoH_v2(dst: *mut c_void, src: u64, len: usize) {
        copy_call(Side::Host(dst as usize), Side::Device(src), len, 0)
    }

    /// `cuMemcpyDtoD_v2`.
    fn cuMemcpyDtoD_v2(dst: u64, src: u64, len: usize) {
        copy_call(Side::Device(dst), Side::Device(src), len, 0)
    }

    /// `cuMemcpy`: each side device or host as its address says.
    fn cuMemcpy(dst: u64, src: u64, len: usize) {
        unified_copy(dst, src, len, 0)
    }

    /// `cuMemcpyHtoDAsync_v2`: runs at the call.
    fn cuMemcpyHtoDAsync_v2(dst: u64, src: *const c_void, len: usize, stream: Handle) {
        copy_call(Side::Device(dst), Side::Host(src as usize), len, stream)
    }

    /// `cuMemcpyDtoHAsync_v2`: runs at the call.
    fn cuMemcpyDtoHAsync_v2(dst: *mut c_void, src: u64, len: usize, stream: Handle) {
        copy_call(Side::Host(dst as usize), Side::Device(src), len, stream)
    }

    /// `cuMemcpyDtoDAsync_v2`: runs at the call.
    fn cuMemcpyDtoDAsync_v2(dst: u64, src: u64, len: usize, stream: Handle) {
        copy_call(Side::Device(dst), Side::Device(src), len, stream)
    }

    /// `cuMemcpyAsync`: runs at the call.
    fn cuMemcpyAsync(dst: u64, src: u64, len: usize, stream: Handle) {
        unified_copy(dst, src, len, stream)
    }

    /// `cuMemsetD8_v2`.
    fn cuMemsetD8_v2(dst: u64, value: u8, count: usize) {
        fill_call(dst, &[value], count, 0)
    }

    /// `cuMemsetD16_v2`.
    fn cuMemsetD16_v2(dst: u64, value: u16, count: usize) {
        fill_call(dst, &value.to_le_bytes(), count, 0)
    }

    /// `cuMemsetD32_v2`.
    fn cuMemsetD32_v2(dst: u64, value: u32, count: usize) {
        fill_call(dst, &value.to_le_bytes(), count, 0)
    }

    /// `cuMemsetD8Async`: runs at the call.
    fn cuMemsetD8Async(dst: u64, value: u8, count: usize, stream: Handle) {
        fill_call(dst, &[value], count, stream)
    }

    /// `cuMemsetD16Async`: runs at the call.
    fn cuMemsetD16Async(dst: u64, value: u16, count: usize, stream: Handle) {
        fill_call(dst, &value.to_le_bytes(), count, stream)
    }

    /// `cuMemsetD32Async`: runs at the call.
    fn cuMemsetD32Async(dst: u64, value: u32, count: usize, stream: Handle) {
        fill_call(dst, &value.to_le_bytes(), count, stream)
    }

    /// `cuPointerGetAttribute`: for this library's device and host
    /// allocations.
    fn cuPointerGetAttribute(data: *mut c_void, attribute: u32, ptr: u64) {
        if data.is_null() {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        let state = state();
        state.context()?;
        pointer_attribute(&state, data, attribute, ptr)
    }

    /// `cuPointerGetAttributes`: each of `attributes` into `data`; for
    /// a pointer this library did not give out, the values of memory CUDA
    /// does not know, and success, as CUDA documents (CuPy's static
    /// runtime asks so of every host array it copies from).
    fn cuPointerGetAttributes(count: u32, attributes: *const u32, data: *mut *mut c_void, ptr: u64) {
        if attributes.is_null() || data.is_null() {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        let state = state();
        state.context()?;
        let known = range(&state, ptr).is_ok()
            || state
                .host_memory
                .range(..=(ptr as usize))
                .next_back()
                .is_some_and(|(&base, &size)| ptr as usize - base < size);
        for i in 0..count as usize {
            let (data, attribute) = (*data.add(i), *attributes.add(i));
            if known {
                pointer_attribute(&state, data, attribute, ptr)?;
            } else {
                not_cuda_pointer_attribute(data, attribute)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::context::cuCtxCreate_v2;
    use crate::driver::init::cuInit;

    #[test]
    fn attributes_of_a_pointer_cuda_does_not_know_are_its_defaults() {
        let host = [0u8; 4];
        let ptr = host.as_ptr() as u64;
        let (mut context, mut kind, mut ordinal, mut device) = (0usize, 7u32, 7i32, 7u64);
        let attributes = [2u32, 9, 3];
        let mut data: [*mut c_void; 3] = [
            (&raw mut kind).cast(),
            (&raw mut ordinal).cast(),
            (&raw mut device).cast(),
        ];
        // SAFETY: valid pointers throughout.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(cuCtxCreate_v2(&mut context, 0, 0), 0);
            assert_eq!(
                cuPointerGetAttributes(3, attributes.as_ptr(), data.as_mut_ptr(), ptr),
                0
            );
            assert_eq!(
                cuPointerGetAttribute((&raw mut kind).cast(), 2, ptr),
                CUDA_ERROR_INVALID_VALUE
            );
        }
        assert_eq!((kind, ordinal, device), (0, -2, 0));
    }
}
