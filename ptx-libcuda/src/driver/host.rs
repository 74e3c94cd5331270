//! Page-locked host memory that kernels reach: what `cuMemAllocHost`,
//! `cuMemHostAlloc` (`cudaMallocHost`, `cudaHostAlloc`) allocate and
//! `cuMemHostRegister` (`cudaHostRegister`) registers.
//!
//! On a 64-bit CUDA 13 system with unified addressing, such memory is
//! mapped into the device's address space at its host address, whatever
//! the flags: a kernel reads and writes it through the host's pointer
//! (zero-copy), and `cuMemHostGetDevicePointer` gives that pointer back
//! (an H100's `CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM` is 1, so
//! registered memory too). Here the simulated device borrows the host's
//! bytes ([`ptx_sim::device::Device::borrow_host`]): its global memory
//! holds an allocation at the host address whose bytes *are* the host's,
//! so a launch copies nothing, whatever the size of the pinned memory
//! (simpleStreams pins 64 MiB and launches 200 kernels), and what a
//! kernel stores is in host memory when the launch returns.
//!
//! The device's allocation spans the pinned range widened to whole
//! 8-byte words (the simulator's atomic unit), so a kernel's access up
//! to 7 bytes outside a registered range that does not start or end on
//! a multiple of 8 is not a fault here, as on a GPU, which maps whole
//! pages. Allocations of this library are mapped whole pages of their
//! own (`mmap`) and unmapped by `cuMemFreeHost`.
//!
//! What differs from a GPU: `cuMemHostRegister` takes only memory the
//! process can read and write (read-only memory would fault the
//! simulator's stores: `CUDA_ERROR_NOT_SUPPORTED`, said on stderr);
//! `CU_MEMHOSTREGISTER_READ_ONLY` is accepted and kernels may still
//! store there, and `CU_MEMHOSTREGISTER_IOMEMORY` is accepted and means
//! nothing; memory freed (`free`, `munmap`) while still registered is a
//! use after free for the next kernel that touches it, as it is for the
//! program; a registered range whose widened words overlap another's
//! (two ranges that share an 8-byte word) is `CUDA_ERROR_NOT_SUPPORTED`.
//! Host memory a module's variables would cover (they lie from
//! [`ptx_sim::memory::window::GLOBAL_BASE`] while its kernels run) cannot
//! be pinned: `CUDA_ERROR_INVALID_VALUE`, said on stderr.

use crate::driver::error::{
    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED,
    CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NOT_SUPPORTED, CUDA_ERROR_OUT_OF_MEMORY,
};
use crate::driver::memory::{map_anywhere, page_size, unmap};
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Pinned, State, state};
use ptx_sim::device::DeviceError;
use std::ffi::c_void;

/// The flags `cuMemHostAlloc` knows: `PORTABLE`, `DEVICEMAP`,
/// `WRITECOMBINED`.
const ALLOC_FLAGS: u32 = 0x7;

/// The flags `cuMemHostRegister` knows: `PORTABLE`, `DEVICEMAP`,
/// `IOMEMORY`, `READ_ONLY`.
const REGISTER_FLAGS: u32 = 0xf;

/// The bytes of the simulator's words.
const WORD: usize = ptx_sim::memory::words::WORD;

/// The device's allocation that borrows the `size` bytes at `addr`: the
/// range widened to whole words.
fn words_of(addr: usize, size: usize) -> (u64, usize) {
    let start = addr / WORD * WORD;
    (start as u64, (addr + size).next_multiple_of(WORD) - start)
}

/// The pinned range holding `addr`: its first address and what it is.
pub fn pinned_at(state: &State, addr: usize) -> Option<(usize, &Pinned)> {
    state
        .host_memory
        .range(..=addr)
        .next_back()
        .filter(|(base, pinned)| addr - **base < pinned.size)
        .map(|(&base, pinned)| (base, pinned))
}

/// Lets the device borrow the pinned `size` bytes at `addr`, or says
/// why it cannot (on stderr) with the code.
fn borrow(state: &State, call: &str, addr: usize, size: usize) -> Outcome {
    let end = addr + size;
    let variables = state
        .modules
        .iter()
        .flat_map(|(_, loaded)| loaded.globals.iter())
        .filter(|g| g.addr >= ptx_sim::memory::window::GLOBAL_BASE)
        .map(|g| g.addr..g.addr + g.size.max(1) as u64)
        .find(|r| r.start < end as u64 && (addr as u64) < r.end);
    if let Some(taken) = variables {
        eprintln!(
            "ptx-libcuda: {call}: the {size} bytes at {addr:#x} overlap where a loaded module's variables lie while its kernels run ({:#x}..{:#x}): the simulator cannot pin them",
            taken.start, taken.end
        );
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let (start, len) = words_of(addr, size);
    // SAFETY: the range is mapped readable and writable (allocated here,
    // or checked by `register`), and stays so until `unpin` gives it back
    // before it is unmapped; a program that frees registered memory
    // first breaks CUDA's contract as on a GPU.
    match unsafe { state.device.borrow_host(start, len) } {
        Ok(()) => Ok(()),
        Err(DeviceError::Overlap {
            base, size: other, ..
        }) => {
            eprintln!(
                "ptx-libcuda: {call}: the {size} bytes at {addr:#x} share memory or an 8-byte word with the device's allocation of {other} bytes at {base:#x}"
            );
            Err(CUDA_ERROR_NOT_SUPPORTED)
        }
        Err(error) => Err(crate::state::device_error(error)),
    }
}

/// New page-locked host memory of `size` bytes (at least one), zeroed,
/// that kernels reach at its address.
pub fn alloc_host(state: &mut State, size: usize, flags: u32) -> Result<*mut c_void, Status> {
    if flags & !ALLOC_FLAGS != 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let size = size.max(1);
    let mapped = size
        .checked_next_multiple_of(page_size())
        .ok_or(CUDA_ERROR_OUT_OF_MEMORY)?;
    let addr = map_anywhere(mapped).map_err(|why| {
        eprintln!("ptx-libcuda: cannot map {size} bytes of page-locked host memory: {why}");
        CUDA_ERROR_OUT_OF_MEMORY
    })?;
    if let Err(code) = borrow(state, "cuMemHostAlloc", addr, size) {
        unmap(addr, mapped);
        return Err(code);
    }
    state.host_memory.insert(
        addr,
        Pinned {
            size,
            flags,
            registered: false,
        },
    );
    Ok(addr as *mut c_void)
}

/// Gives the device's borrow of the pinned range at `addr` back.
fn unpin(state: &mut State, addr: usize) -> Result<Pinned, Status> {
    let pinned = state
        .host_memory
        .remove(&addr)
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let (start, _) = words_of(addr, pinned.size);
    state
        .device
        .free(start)
        .map_err(crate::state::device_error)?;
    Ok(pinned)
}

/// Frees the page-locked host memory this library allocated at
/// `pointer` (`CUDA_ERROR_INVALID_VALUE` for any other pointer, a
/// registered range's too).
pub fn free_host(state: &mut State, pointer: *mut c_void) -> Outcome {
    let addr = pointer as usize;
    match state.host_memory.get(&addr) {
        Some(pinned) if !pinned.registered => {}
        _ => return Err(CUDA_ERROR_INVALID_VALUE),
    }
    let pinned = unpin(state, addr)?;
    unmap(addr, pinned.size.next_multiple_of(page_size()));
    Ok(())
}

/// Frees all page-locked memory this library allocated and unregisters
/// every registered range (a device reset).
pub fn release_all(state: &mut State) {
    let pinned: Vec<(usize, bool)> = state
        .host_memory
        .iter()
        .map(|(&addr, p)| (addr, p.registered))
        .collect();
    for (addr, registered) in pinned {
        let _ = if registered {
            unregister(state, addr)
        } else {
            free_host(state, addr as *mut c_void)
        };
    }
}

/// Why the `size` bytes at `addr` cannot be pinned as the process maps
/// them (`/proc/self/maps`): not all mapped, or not readable and
/// writable.
fn unusable(addr: usize, size: usize) -> Option<String> {
    let maps = match std::fs::read_to_string("/proc/self/maps") {
        Ok(maps) => maps,
        Err(why) => return Some(format!("cannot read /proc/self/maps: {why}")),
    };
    let mut covered = addr;
    let end = addr + size;
    for line in maps.lines() {
        let mut fields = line.split_whitespace();
        let (Some(range), Some(perms)) = (fields.next(), fields.next()) else {
            continue;
        };
        let Some((from, to)) = range.split_once('-') else {
            continue;
        };
        let (Ok(from), Ok(to)) = (
            usize::from_str_radix(from, 16),
            usize::from_str_radix(to, 16),
        ) else {
            continue;
        };
        if to <= covered || from > covered {
            continue;
        }
        if !perms.starts_with("rw") {
            return Some(format!(
                "{from:#x}..{to:#x} is mapped `{perms}`, not readable and writable"
            ));
        }
        covered = to;
        if covered >= end {
            return None;
        }
    }
    Some(format!("{covered:#x} is not mapped"))
}

/// Registers the `size` bytes at `addr` with `flags`: kernels reach them
/// at their address.
pub fn register(state: &mut State, addr: usize, size: usize, flags: u32) -> Outcome {
    if addr == 0 || size == 0 || flags & !REGISTER_FLAGS != 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let end = addr.checked_add(size).ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let overlaps = state
        .host_memory
        .range(..end)
        .next_back()
        .is_some_and(|(base, pinned)| base + pinned.size > addr);
    if overlaps {
        return Err(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
    }
    let (start, len) = words_of(addr, size);
    if let Some(why) = unusable(start as usize, len) {
        eprintln!(
            "ptx-libcuda: cuMemHostRegister: the {size} bytes at {addr:#x} cannot be pinned: {why}"
        );
        return Err(CUDA_ERROR_NOT_SUPPORTED);
    }
    borrow(state, "cuMemHostRegister", addr, size)?;
    state.host_memory.insert(
        addr,
        Pinned {
            size,
            flags,
            registered: true,
        },
    );
    Ok(())
}

/// Unregisters the range registered at `addr` (its first address).
pub fn unregister(state: &mut State, addr: usize) -> Outcome {
    match state.host_memory.get(&addr) {
        Some(pinned) if pinned.registered => unpin(state, addr).map(drop),
        _ => Err(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED),
    }
}

/// The device's pointer to pinned host address `addr` (its own: unified
/// addressing), with `flags` 0.
pub fn device_pointer(state: &State, addr: usize, flags: u32) -> Result<u64, Status> {
    if flags != 0 || pinned_at(state, addr).is_none() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    Ok(addr as u64)
}

/// The flags the page-locked allocation holding `addr` was made with
/// (`CUDA_ERROR_INVALID_VALUE` for memory registered, not allocated).
pub fn flags(state: &State, addr: usize) -> Result<u32, Status> {
    match pinned_at(state, addr) {
        Some((_, pinned)) if !pinned.registered => Ok(pinned.flags),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

driver_api! {
    /// `cuMemAllocHost_v2`: page-locked, mapped at its own address.
    fn cuMemAllocHost_v2(pointer: *mut *mut c_void, bytes: usize) {
        let pointer = out(pointer)?;
        let mut state = state();
        state.ready()?;
        *pointer = alloc_host(&mut state, bytes, 0)?;
        Ok(())
    }

    /// `cuMemHostAlloc`: page-locked, mapped at its own address whatever
    /// the flags.
    fn cuMemHostAlloc(pointer: *mut *mut c_void, bytes: usize, flags: u32) {
        let pointer = out(pointer)?;
        let mut state = state();
        state.ready()?;
        *pointer = alloc_host(&mut state, bytes, flags)?;
        Ok(())
    }

    /// `cuMemFreeHost`: null is fine (NVIDIA's runtime passes
    /// `cudaFreeHost(NULL)` on).
    fn cuMemFreeHost(pointer: *mut c_void) {
        let mut state = state();
        state.ready()?;
        if pointer.is_null() {
            return Ok(());
        }
        free_host(&mut state, pointer)
    }

    /// `cuMemHostRegister_v2`: kernels reach the range at its address.
    fn cuMemHostRegister_v2(pointer: *mut c_void, bytes: usize, flags: u32) {
        let mut state = state();
        state.ready()?;
        register(&mut state, pointer as usize, bytes, flags)
    }

    /// `cuMemHostUnregister`.
    fn cuMemHostUnregister(pointer: *mut c_void) {
        let mut state = state();
        state.ready()?;
        unregister(&mut state, pointer as usize)
    }

    /// `cuMemHostGetDevicePointer_v2`: the host pointer itself.
    fn cuMemHostGetDevicePointer_v2(device: *mut u64, pointer: *mut c_void, flags: u32) {
        let device = out(device)?;
        let state = state();
        state.ready()?;
        *device = device_pointer(&state, pointer as usize, flags)?;
        Ok(())
    }

    /// `cuMemHostGetFlags`: as allocated.
    fn cuMemHostGetFlags(flags_out: *mut u32, pointer: *mut c_void) {
        let flags_out = out(flags_out)?;
        let state = state();
        state.ready()?;
        *flags_out = flags(&state, pointer as usize)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::context::cuCtxCreate_v2;
    use crate::driver::init::cuInit;
    use crate::driver::memory::cuPointerGetAttribute;

    /// The driver's calls over allocated and registered memory: flags,
    /// device pointers, pointer attributes and the errors.
    #[test]
    fn pinned_memory_is_host_memory_the_device_reaches_at_its_address() {
        let (mut context, mut pinned, mut flags, mut device) =
            (0usize, std::ptr::null_mut(), 0u32, 0u64);
        let (mut kind, mut start, mut size) = (0u32, 0u64, 0usize);
        let mut registered = vec![0u64; 64];
        let base = registered.as_mut_ptr().cast::<c_void>();
        // SAFETY: valid pointers throughout; `registered` outlives its
        // registration.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(cuCtxCreate_v2(&mut context, 0, 0), 0);
            assert_eq!(cuMemHostAlloc(&mut pinned, 100, 0x2 | 0x1), 0);
            assert_eq!(pinned as usize % page_size(), 0, "whole pages");
            assert_eq!(
                cuMemHostAlloc(&mut pinned, 100, 0x8),
                CUDA_ERROR_INVALID_VALUE
            );
            assert_eq!(
                cuMemHostGetFlags(&mut flags, pinned.cast::<u8>().add(99).cast()),
                0
            );
            assert_eq!(flags, 3);
            let inner = pinned.cast::<u8>().add(10).cast::<c_void>();
            assert_eq!(cuMemHostGetDevicePointer_v2(&mut device, inner, 0), 0);
            assert_eq!(device, inner as u64);
            // CU_POINTER_ATTRIBUTE_MEMORY_TYPE (host), RANGE_START_ADDR, RANGE_SIZE.
            assert_eq!(cuPointerGetAttribute((&raw mut kind).cast(), 2, device), 0);
            assert_eq!(kind, 1);
            assert_eq!(
                cuPointerGetAttribute((&raw mut start).cast(), 11, device),
                0
            );
            assert_eq!(cuPointerGetAttribute((&raw mut size).cast(), 12, device), 0);
            assert_eq!((start, size), (pinned as u64, 100));
            // Registered: 12 bytes from 4 bytes in (not whole words).
            let part = base.cast::<u8>().add(4).cast::<c_void>();
            assert_eq!(cuMemHostRegister_v2(part, 12, 0x2), 0);
            assert_eq!(
                cuMemHostRegister_v2(base, 8, 0),
                CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED
            );
            // Its neighbour in the same word cannot be borrowed apart.
            let next = base.cast::<u8>().add(16).cast::<c_void>();
            assert_eq!(cuMemHostRegister_v2(next, 8, 0), 0);
            let shares = base.cast::<u8>().add(24).cast::<c_void>();
            assert_eq!(
                cuMemHostRegister_v2(shares.cast::<u8>().add(4).cast(), 4, 0),
                0
            );
            assert_eq!(cuMemHostRegister_v2(shares, 4, 0), CUDA_ERROR_NOT_SUPPORTED);
            assert_eq!(
                cuMemHostGetFlags(&mut flags, part),
                CUDA_ERROR_INVALID_VALUE
            );
            assert_eq!(
                cuMemHostGetDevicePointer_v2(&mut device, part, 1),
                CUDA_ERROR_INVALID_VALUE
            );
            assert_eq!(
                cuMemHostUnregister(base),
                CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED
            );
            assert_eq!(cuMemHostUnregister(part), 0);
            assert_eq!(cuMemHostUnregister(next), 0);
            assert_eq!(cuMemHostUnregister(shares.cast::<u8>().add(4).cast()), 0);
            assert_eq!(
                cuMemHostUnregister(part),
                CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED
            );
            // Memory the process has not mapped is refused, not crashed on.
            assert_eq!(
                cuMemHostRegister_v2(8 as *mut c_void, 8, 0),
                CUDA_ERROR_NOT_SUPPORTED
            );
            assert_eq!(cuMemFreeHost(inner), CUDA_ERROR_INVALID_VALUE);
            assert_eq!(cuMemFreeHost(pinned), 0);
            assert_eq!(cuMemFreeHost(pinned), CUDA_ERROR_INVALID_VALUE);
        }
    }
}
