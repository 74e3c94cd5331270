//! Context limits (`cuCtxSetLimit`/`cuCtxGetLimit`, the runtime's
//! `cudaDeviceSetLimit`/`GetLimit`), peer access between devices and the
//! device's PCI address. The limits are remembered and read back. The
//! malloc heap's size is the size of the heap kernels' `malloc` and
//! `free` use ([`ptx_sim::device::Device::set_heap_size`]): fixed once a
//! kernel that calls them has run, after which setting it is
//! `CUDA_ERROR_INVALID_VALUE`, as the driver's documentation says. The
//! simulator needs none of the others (its stacks and printf buffer grow
//! as a kernel needs).

use crate::driver::error::{
    CUDA_ERROR_INVALID_DEVICE, CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_UNSUPPORTED_LIMIT,
};
use crate::driver::init::{check_device, write_c_string};
use crate::export::{Outcome, Status, driver_api, out, text};
use crate::state::{device_error, state};
use std::ffi::c_char;
use std::sync::Mutex;

/// Each limit's value on an H100 before a program sets it, by
/// `CUlimit`/`cudaLimit` number: stack size (1 KiB a thread), printf
/// FIFO (1 MiB), malloc heap (8 MiB), device-runtime sync depth (2),
/// pending launch count (2048), max L2 fetch granularity (32 bytes),
/// persisting L2 cache size (0).
pub const DEFAULT_LIMITS: [usize; 7] = [1024, 1 << 20, 8 << 20, 2, 2048, 32, 0];

/// The number of `CU_LIMIT_MALLOC_HEAP_SIZE` / `cudaLimitMallocHeapSize`.
const MALLOC_HEAP_SIZE: usize = 2;

/// The limits as set.
static LIMITS: Mutex<[usize; 7]> = Mutex::new(DEFAULT_LIMITS);

/// The most a persisting L2 set-aside may be: the device's
/// `CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE` (108).
fn max_persisting_l2() -> usize {
    crate::driver::init::attribute(108).map_or(0, |v| v.max(0) as usize)
}

/// Sets `limit` to `value` (needs a context): `CUDA_ERROR_UNSUPPORTED_LIMIT`
/// for a number that is no limit, `CUDA_ERROR_INVALID_VALUE` for a
/// granularity that is not 0 or a power of two up to 128, a persisting
/// L2 size over the device's, or a malloc heap size once a kernel has
/// used the heap.
pub fn set(limit: u32, value: usize) -> Outcome {
    state().context()?;
    let index = limit as usize;
    if index >= DEFAULT_LIMITS.len() {
        return Err(CUDA_ERROR_UNSUPPORTED_LIMIT);
    }
    if index == 5 && (value > 128 || (value != 0 && !value.is_power_of_two())) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    if index == 6 && value > max_persisting_l2() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    if index == MALLOC_HEAP_SIZE {
        state()
            .device
            .set_heap_size(value as u64)
            .map_err(device_error)?;
    }
    LIMITS.lock().unwrap_or_else(|e| e.into_inner())[index] = value;
    Ok(())
}

/// The value of `limit` (needs a context).
pub fn get(limit: u32) -> Result<usize, Status> {
    state().context()?;
    LIMITS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(limit as usize)
        .copied()
        .ok_or(CUDA_ERROR_UNSUPPORTED_LIMIT)
}

/// The limits back to [`DEFAULT_LIMITS`] (a device reset).
pub fn reset() {
    *LIMITS.lock().unwrap_or_else(|e| e.into_inner()) = DEFAULT_LIMITS;
}

/// Whether `device` can reach `peer`'s memory: never, there being one
/// device; both must be devices.
pub fn can_access_peer(device: i32, peer: i32) -> Result<i32, Status> {
    check_device(device)?;
    check_device(peer)?;
    Ok(0)
}

/// The device's PCI address as CUDA writes it, `domain:bus:device.0` in
/// hex (`0000:00:00.0`: the simulated device sits on no bus).
pub const PCI_BUS_ID: &str = "0000:00:00.0";

/// Writes [`PCI_BUS_ID`] for `device` into `len` bytes at `id`.
///
/// # Safety
/// `id` must be valid for `len` bytes of writes.
pub unsafe fn pci_bus_id(id: *mut c_char, len: i32, device: i32) -> Outcome {
    check_device(device)?;
    // SAFETY: the caller's buffer.
    unsafe { write_c_string(PCI_BUS_ID, id, len.max(0) as usize) }
}

/// The device at PCI address `id` (`domain:bus:device.function`,
/// `domain:bus:device` or `bus:device.function`, in hex): device 0 for
/// [`PCI_BUS_ID`]'s, else `CUDA_ERROR_INVALID_DEVICE`;
/// `CUDA_ERROR_INVALID_VALUE` for text that is no PCI address.
pub fn device_by_pci_bus_id(id: &str) -> Result<i32, Status> {
    let parts: Vec<&str> = id.split([':', '.']).collect();
    if !(3..=4).contains(&parts.len()) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let numbers = parts
        .iter()
        .map(|p| u32::from_str_radix(p, 16))
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|_| CUDA_ERROR_INVALID_VALUE)?;
    if numbers.iter().all(|&n| n == 0) {
        Ok(0)
    } else {
        Err(CUDA_ERROR_INVALID_DEVICE)
    }
}

driver_api! {
    /// `cuDeviceGetByPCIBusId`: see [`device_by_pci_bus_id`].
    fn cuDeviceGetByPCIBusId(device: *mut i32, id: *const c_char) {
        let device = out(device)?;
        state().initialized()?;
        *device = device_by_pci_bus_id(text(id)?)?;
        Ok(())
    }

    /// `cuCtxSetLimit`: see [`set`].
    fn cuCtxSetLimit(limit: u32, value: usize) {
        set(limit, value)
    }

    /// `cuCtxGetLimit`: see [`get`].
    fn cuCtxGetLimit(value: *mut usize, limit: u32) {
        let value = out(value)?;
        *value = get(limit)?;
        Ok(())
    }

    /// `cuDeviceCanAccessPeer`: 0 (see [`can_access_peer`]).
    fn cuDeviceCanAccessPeer(can: *mut i32, device: i32, peer: i32) {
        let can = out(can)?;
        state().initialized()?;
        *can = can_access_peer(device, peer)?;
        Ok(())
    }

    /// `cuDeviceGetPCIBusId`: [`PCI_BUS_ID`].
    fn cuDeviceGetPCIBusId(id: *mut c_char, len: i32, device: i32) {
        state().initialized()?;
        pci_bus_id(id, len, device)
    }
}
