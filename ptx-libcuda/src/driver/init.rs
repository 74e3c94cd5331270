//! `cuInit`, the driver's version, and the one device: its name, memory
//! and attributes, an H100 SXM5 80 GB's (as `deviceQuery` prints them on
//! one), with what the simulator does not do answered honestly (no
//! pageable memory access, no memory pools). Mapped and registered host
//! memory are 1: kernels reach them at the host's address
//! (`crate::driver::host`). Managed memory and concurrent managed access are 1:
//! the host may touch managed memory whenever it likes, since a launch
//! has ended when its call returns (`crate::driver::memory`).

use crate::driver::error::{CUDA_ERROR_INVALID_DEVICE, CUDA_ERROR_INVALID_VALUE};
use crate::export::{Outcome, Status, driver_api, out, outcome};
use crate::state::state;
use ptx_sim::device::DEVICE_MEMORY;
use ptx_sim::engine::residency;
use std::ffi::c_char;

/// The CUDA version this library answers to (`cuDriverGetVersion`,
/// `cudaRuntimeGetVersion`): 13.0.
pub const CUDA_VERSION: i32 = 13000;

/// The device's name.
pub const DEVICE_NAME: &str = "NVIDIA H100 80GB HBM3 (ptx-sim)";

/// The device's UUID: "ptx-sim H100 v1" and a NUL, fixed so that runs
/// compare.
pub const DEVICE_UUID: [u8; 16] = *b"ptx-sim H100 v1\0";

/// Each `CUdevice_attribute` (`cudaDeviceAttr` numbers them alike) the
/// device answers with a value other than 0; any other attribute up to
/// [`LAST_ATTRIBUTE`] is 0.
pub const ATTRIBUTES: &[(u32, i32)] = &[
    (1, residency::MAX_BLOCK_THREADS as i32), // max threads per block
    (2, 1024),                                // max block dim x
    (3, 1024),                                // max block dim y
    (4, 64),                                  // max block dim z
    (5, i32::MAX),                            // max grid dim x
    (6, 65535),                               // max grid dim y
    (7, 65535),                               // max grid dim z
    (8, 48 * 1024),                           // shared memory per block (default)
    (9, 64 * 1024),                           // total constant memory
    (10, 32),                                 // warp size
    (11, i32::MAX),                           // max pitch
    (12, 65536),                              // registers per block
    (13, 1_980_000),                          // clock rate, kHz
    (14, 512),                                // texture alignment
    (15, 1),                                  // GPU overlap
    (16, residency::SMS as i32),              // multiprocessors
    (19, 1),                                  // can map host memory
    (21, 131072),                             // texture sizes (21..=29)
    (22, 131072),
    (23, 65536),
    (24, 16384),
    (25, 16384),
    (26, 16384),
    (27, 32768),
    (28, 32768),
    (29, 2048),
    (30, 512),                                        // surface alignment
    (31, 1),                                          // concurrent kernels
    (32, 1),                                          // ECC enabled
    (36, 2_619_000),                                  // memory clock, kHz
    (37, 5120),                                       // memory bus width, bits
    (38, 50 * 1024 * 1024),                           // L2 cache bytes
    (39, residency::THREADS_PER_SM as i32),           // threads per SM
    (40, 3),                                          // async engines
    (41, 1),                                          // unified addressing
    (44, 1),                                          // 2D texture gather
    (51, 32),                                         // texture pitch alignment
    (75, 9),                                          // compute capability major
    (76, 0),                                          // compute capability minor
    (78, 1),                                          // stream priorities supported
    (79, 1),                                          // global L1 cache
    (80, 1),                                          // local L1 cache
    (81, residency::SHARED_PER_SM as i32),            // shared memory per SM
    (82, 65536),                                      // registers per SM
    (83, 1),                                          // managed memory
    (87, 2),                                          // single to double perf ratio
    (89, 1),                                          // concurrent managed access
    (90, 1),                                          // compute preemption
    (91, 1),                                          // host pointer for registered memory
    (95, 1),                                          // cooperative launch
    (97, residency::MAX_SHARED_BYTES as i32),         // shared per block, opt-in
    (99, 1),                                          // host register supported
    (106, residency::CTAS_PER_SM as i32),             // blocks per SM
    (108, 30 * 1024 * 1024),                          // persisting L2 max
    (109, 134_213_632),                               // access policy max window
    (111, residency::SHARED_RESERVED_PER_CTA as i32), // reserved shared per block
    (113, 1),                                         // read-only host register supported
    (120, 1),                                         // cluster launch
    (126, 4),                                         // memory sync domains
    (127, 1),                                         // tensor maps
    (129, 1),                                         // unified function pointers
    (131, -1),                                        // NUMA id
    (134, -1),                                        // host NUMA id
];

/// The last `CUdevice_attribute` of CUDA 13.0.
pub const LAST_ATTRIBUTE: u32 = 147;

/// The value of device attribute `attribute`, or `CUDA_ERROR_INVALID_VALUE`
/// for a number CUDA 13.0 does not have.
pub fn attribute(attribute: u32) -> Result<i32, Status> {
    if !(1..=LAST_ATTRIBUTE).contains(&attribute) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    Ok(ATTRIBUTES
        .iter()
        .find(|(a, _)| *a == attribute)
        .map_or(0, |(_, v)| *v))
}

/// `CUDA_ERROR_INVALID_DEVICE` unless `device` is 0, the only one.
pub fn check_device(device: i32) -> Outcome {
    if device == 0 {
        Ok(())
    } else {
        Err(CUDA_ERROR_INVALID_DEVICE)
    }
}

/// Copies `text` and a NUL into the `len` bytes at `name` (cut short if
/// need be).
///
/// # Safety
/// `name` must be valid for `len` bytes of writes.
pub unsafe fn write_c_string(text: &str, name: *mut c_char, len: usize) -> Outcome {
    if name.is_null() || len == 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let n = text.len().min(len - 1);
    // SAFETY: the caller gives `len` writable bytes; `n + 1 <= len`.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr().cast(), name, n);
        *name.add(n) = 0;
    }
    Ok(())
}

driver_api! {
    /// `cuInit`: flags must be 0.
    fn cuInit(flags: u32) {
        if flags != 0 {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        state().initialized = true;
        Ok(())
    }

    /// `cuDriverGetVersion`: 13000.
    fn cuDriverGetVersion(version: *mut i32) {
        *out(version)? = CUDA_VERSION;
        Ok(())
    }

    /// `cuDeviceGet`: device 0.
    fn cuDeviceGet(device: *mut i32, ordinal: i32) {
        state().initialized()?;
        check_device(ordinal)?;
        *out(device)? = 0;
        Ok(())
    }

    /// `cuDeviceGetCount`: one device.
    fn cuDeviceGetCount(count: *mut i32) {
        state().initialized()?;
        *out(count)? = 1;
        Ok(())
    }

    /// `cuDeviceGetName`.
    fn cuDeviceGetName(name: *mut c_char, len: i32, device: i32) {
        state().initialized()?;
        check_device(device)?;
        write_c_string(DEVICE_NAME, name, len.max(0) as usize)
    }

    /// `cuDeviceTotalMem_v2`: 80 GiB.
    fn cuDeviceTotalMem_v2(bytes: *mut usize, device: i32) {
        state().initialized()?;
        check_device(device)?;
        *out(bytes)? = DEVICE_MEMORY as usize;
        Ok(())
    }

    /// `cuDeviceGetAttribute` (see [`ATTRIBUTES`]).
    fn cuDeviceGetAttribute(value: *mut i32, which: u32, device: i32) {
        state().initialized()?;
        check_device(device)?;
        *out(value)? = attribute(which)?;
        Ok(())
    }

    /// `cuDeviceGetUuid` and `cuDeviceGetUuid_v2`: [`DEVICE_UUID`].
    fn cuDeviceGetUuid(uuid: *mut [u8; 16], device: i32) {
        state().initialized()?;
        check_device(device)?;
        *out(uuid)? = DEVICE_UUID;
        Ok(())
    }

    /// `cuDeviceGetUuid_v2`: as `cuDeviceGetUuid`.
    fn cuDeviceGetUuid_v2(uuid: *mut [u8; 16], device: i32) {
        outcome(cuDeviceGetUuid(uuid, device))
    }

    /// `cuDeviceComputeCapability`: 9.0.
    fn cuDeviceComputeCapability(major: *mut i32, minor: *mut i32, device: i32) {
        state().initialized()?;
        check_device(device)?;
        *out(major)? = 9;
        *out(minor)? = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attributes_are_an_h100s() {
        assert_eq!(attribute(16), Ok(132)); // SMs
        assert_eq!(attribute(75), Ok(9));
        assert_eq!(attribute(97), Ok(227 * 1024));
        assert_eq!(attribute(81), Ok(228 * 1024));
        assert_eq!(attribute(83), Ok(1)); // managed memory
        assert_eq!(attribute(89), Ok(1)); // concurrent managed access
        assert_eq!(attribute(101), Ok(0)); // host access without migration
        assert_eq!(attribute(0), Err(CUDA_ERROR_INVALID_VALUE));
    }
}
