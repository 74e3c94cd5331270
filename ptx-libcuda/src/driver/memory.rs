//! Memory: device allocations (the simulated device's), managed
//! allocations, copies and fills, and what a pointer is. Page-locked
//! host memory is [`crate::driver::host`]'s.
//!
//! # Managed memory
//!
//! A managed allocation (`cuMemAllocManaged`, `cudaMallocManaged`) is a
//! device allocation at a page-aligned address
//! ([`ptx_sim::device::Device::alloc_aligned`]) with host memory mapped
//! at that same address (`mmap` with `MAP_FIXED_NOREPLACE`: device
//! addresses lie from `0x7000_0000_0000` up, where a Linux process
//! normally has nothing), so one pointer serves the host and kernels. If the address
//! is taken in the process, the allocation fails with
//! `CUDA_ERROR_OUT_OF_MEMORY` and a line on stderr; freeing it unmaps it.
//!
//! Coherence: the host mapping holds the allocation's bytes, except while
//! a launch runs. A launch runs at its call, so [`to_device`] copies every
//! live managed allocation's host bytes into the simulated device right
//! before it, and [`to_host`] copies them back right after (also after a
//! kernel that faulted: what it stored before the fault). Between
//! launches, a kernel never runs, so the host may read and write managed
//! memory at any time, as on a GPU whose
//! `CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS` is 1 (an H100's), and
//! what a kernel left is there when the launch call returns. Copies and
//! fills that reach a managed allocation (whatever side or
//! `cudaMemcpyKind` they name) read and write the host mapping, checked
//! against the allocation's bounds as device memory is. The per-launch
//! copies cost two `memcpy`s of every live managed allocation (about 10
//! ms for 64 MiB on a 2-core machine), whatever the kernel touches, and
//! managed memory is held twice: on the host and in the simulator.
//!
//! What differs from a GPU: a write by another host thread to managed
//! memory while a launch runs is lost (the copy back after the launch
//! writes every byte), and `cuMemPrefetchAsync`, `cuMemAdvise` and
//! `cuStreamAttachMemAsync` are accepted hints that change nothing.
//!
//! # `__managed__` variables
//!
//! A module's `.attribute(.managed)` variables (CUDA's `__managed__`) lie
//! at the fixed addresses every module variable has while its kernels run
//! ([`crate::state::Loaded`]). Loading such a module maps host pages at
//! those addresses (the pages the managed variables occupy, each once,
//! `MAP_FIXED_NOREPLACE`; unmapped when the module unloads) and fills them
//! from the initialisers, so the host and kernels share one address, as
//! with a managed allocation. Around each launch, [`to_device`] writes
//! each managed variable's host bytes into the simulator's copy and
//! [`to_host`] reads them back. If the pages are taken (another module
//! with managed variables holds them: all modules' variables share one
//! range), the variable's bytes live in a mapping anywhere instead: the
//! host pointer then differs from the kernel's address, so a kernel must
//! not be handed `&var` from the host, but host reads and writes of the
//! variable and the kernels' own uses of it still agree. Only modules with
//! managed variables pay for this. `cuModuleGetGlobal` of a managed
//! variable answers its host address, and copies to or from it use the
//! host bytes.
//!
//! An `Async` copy or fill runs at the call, as every operation does.

use crate::driver::error::{
    CUDA_ERROR_INVALID_DEVICE, CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_OUT_OF_MEMORY,
};
use crate::driver::{capture, graph};
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Allocation, Handle, Place, State, current, device_error, state};
use ptx_sim::device::DEVICE_MEMORY;
use std::ffi::c_void;

/// The smallest page size assumed.
const MIN_PAGE: usize = 4096;

/// The host's page size: managed allocations start at a multiple of it
/// and host mappings span a whole number of them.
pub fn page_size() -> usize {
    // SAFETY: sysconf reads a constant of the system.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(page).unwrap_or(MIN_PAGE).max(MIN_PAGE)
}

/// The bytes of the host mapping of a managed allocation of `size` bytes.
fn mapped_len(size: u64) -> usize {
    (size as usize).next_multiple_of(page_size())
}

/// A new mapping of `len` bytes of zeroed host memory, at `fixed` if
/// given (never over a mapping the process already has), else wherever
/// the kernel puts it; its address, or why not.
fn map_anonymous(fixed: Option<u64>, len: usize) -> Result<usize, String> {
    let (hint, flags) = match fixed {
        Some(addr) => (addr as *mut libc::c_void, libc::MAP_FIXED_NOREPLACE),
        None => (std::ptr::null_mut(), 0),
    };
    // SAFETY: an anonymous private mapping; MAP_FIXED_NOREPLACE never
    // replaces an existing mapping, and a kernel too old to know the flag
    // takes the address as a hint (a mapping elsewhere is undone below).
    let mapped = unsafe {
        libc::mmap(
            hint,
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | flags,
            -1,
            0,
        )
    };
    if mapped == libc::MAP_FAILED {
        return Err(std::io::Error::last_os_error().to_string());
    }
    if fixed.is_some_and(|addr| mapped as u64 != addr) {
        unmap(mapped as usize, len);
        return Err("the address is in use".into());
    }
    Ok(mapped as usize)
}

/// A new mapping of `len` bytes of zeroed host memory wherever the
/// system puts it: its address, or why not.
pub fn map_anywhere(len: usize) -> Result<usize, String> {
    map_anonymous(None, len)
}

/// Maps `len` bytes of zeroed host memory at `addr` (page-aligned), or
/// says why not: never over a mapping the process already has.
fn map_host(addr: u64, len: usize) -> Result<(), String> {
    map_anonymous(Some(addr), len).map(drop)
}

/// Unmaps the host mapping of the managed allocation of `size` bytes at
/// `addr`.
fn unmap_host(addr: u64, size: u64) {
    unmap(addr as usize, mapped_len(size));
}

/// Unmaps `len` bytes at `addr`: a host mapping this module made that
/// nothing of this library reads again (its allocation is out of the
/// table, or its module is being dropped).
pub fn unmap(addr: usize, len: usize) {
    // SAFETY: as the caller promises, the pages are this library's own and
    // unused from now on.
    unsafe { libc::munmap(addr as *mut libc::c_void, len) };
}

/// Maps host memory for the managed ones among `globals` (`managed` says
/// which): at their own pages where free, else anywhere; sets each one's
/// `host` and records the mappings made in `mappings`.
pub fn map_managed_variables(
    globals: &mut [crate::state::Global],
    managed: &[bool],
    mappings: &mut Vec<(usize, usize)>,
) {
    let page = page_size() as u64;
    for (g, _) in globals.iter_mut().zip(managed).filter(|(_, m)| **m) {
        let size = g.size.max(1) as u64;
        let first = g.addr / page * page;
        let end = (g.addr + size).next_multiple_of(page);
        let mut fixed = true;
        let mut pages = first;
        while pages < end {
            let done = mappings
                .iter()
                .any(|&(a, l)| (a as u64..a as u64 + l as u64).contains(&pages));
            if !done {
                if map_host(pages, page as usize).is_err() {
                    fixed = false;
                    break;
                }
                mappings.push((pages as usize, page as usize));
            }
            pages += page;
        }
        if fixed {
            g.host = Some(g.addr as usize);
            continue;
        }
        let len = mapped_len(size);
        if let Ok(anywhere) = map_anonymous(None, len) {
            mappings.push((anywhere, len));
            g.host = Some(anywhere);
        }
    }
}

/// The live managed allocations: address and size.
fn managed(state: &State) -> impl Iterator<Item = (u64, usize)> + '_ {
    state
        .device_memory
        .iter()
        .filter(|(_, a)| a.managed)
        .map(|(&addr, a)| (addr, a.size as usize))
}

/// Before a launch: every managed allocation's bytes, from its host
/// mapping into the simulated device (see the module's documentation).
pub fn to_device(state: &State) -> Outcome {
    for (addr, size) in managed(state) {
        // SAFETY: a managed allocation in the table is mapped on the host
        // for all its bytes.
        let host = unsafe { std::slice::from_raw_parts(addr as *const u8, size) };
        state.device.write_bytes(addr, host).map_err(device_error)?;
    }
    for (_, loaded) in state.modules.iter() {
        for g in &loaded.globals {
            if let Some(host) = g.host {
                // SAFETY: a managed variable's host bytes, mapped while
                // its module is loaded.
                let bytes = unsafe { std::slice::from_raw_parts(host as *const u8, g.size) };
                state
                    .device
                    .write_global(&loaded.module, &g.name, bytes)
                    .map_err(device_error)?;
            }
        }
    }
    Ok(())
}

/// After a launch: every managed allocation's bytes, from the simulated
/// device back into its host mapping.
pub fn to_host(state: &State) -> Outcome {
    for (addr, size) in managed(state) {
        // SAFETY: as in `to_device`; no reference of this library to the
        // mapping lives meanwhile.
        let host = unsafe { std::slice::from_raw_parts_mut(addr as *mut u8, size) };
        state.device.read_into(addr, host).map_err(device_error)?;
    }
    for (_, loaded) in state.modules.iter() {
        for g in &loaded.globals {
            if let Some(host) = g.host {
                let bytes = state
                    .device
                    .read_global(&loaded.module, &g.name)
                    .map_err(device_error)?;
                // SAFETY: as in `to_device`.
                unsafe {
                    std::ptr::copy_nonoverlapping(bytes.as_ptr(), host as *mut u8, g.size);
                }
            }
        }
    }
    Ok(())
}

/// One side of a copy.
#[derive(Clone, Copy, Debug)]
pub enum Side {
    /// Host memory at this address.
    Host(usize),
    /// Device memory at this address.
    Device(u64),
}

/// A new device allocation of `bytes` (zeroed): its address. A managed
/// one is page-aligned and mapped on the host at that address.
pub fn alloc(state: &mut State, bytes: usize, managed: bool) -> Result<u64, Status> {
    if bytes == 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let addr = if managed {
        let addr = state
            .device
            .alloc_aligned(bytes, page_size() as u64)
            .map_err(device_error)?;
        if let Err(why) = map_host(addr, mapped_len(bytes as u64)) {
            eprintln!(
                "ptx-libcuda: cannot map managed memory of {bytes} bytes on the host at {addr:#x}: {why}"
            );
            let _ = state.device.free(addr);
            return Err(CUDA_ERROR_OUT_OF_MEMORY);
        }
        addr
    } else {
        state.device.alloc(bytes).map_err(device_error)?
    };
    state.device_memory.insert(
        addr,
        Allocation {
            size: bytes as u64,
            managed,
        },
    );
    Ok(addr)
}

/// Frees the device allocation at `addr` (and a managed one's host
/// mapping).
pub fn free(state: &mut State, addr: u64) -> Outcome {
    state.outside_heap(addr)?;
    let allocation = state
        .device_memory
        .remove(&addr)
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    if allocation.managed {
        unmap_host(addr, allocation.size);
    }
    state.device.free(addr).map_err(device_error)
}

/// Which side `addr` is on, for a copy that does not say
/// (`cuMemcpy`, `cudaMemcpyDefault`): device if it is in device memory
/// (a managed allocation too, whose bytes the device side reads from and
/// writes to its host mapping, within its bounds).
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
/// bytes, little-endian); in a managed allocation, its host mapping's.
pub fn fill(state: &State, dst: u64, pattern: &[u8], count: usize) -> Outcome {
    if count == 0 {
        return Ok(());
    }
    let len = count
        .checked_mul(pattern.len())
        .ok_or(CUDA_ERROR_INVALID_VALUE)?;
    let place = state.place(dst, len)?;
    if let Some(host) = state.host_of(&place, dst)? {
        // SAFETY: the `len` managed bytes are mapped on the host; `place`
        // checked the bounds.
        let host = unsafe { std::slice::from_raw_parts_mut(host as *mut u8, len) };
        match pattern {
            [byte] => host.fill(*byte),
            _ => host
                .chunks_exact_mut(pattern.len())
                .for_each(|element| element.copy_from_slice(pattern)),
        }
        return Ok(());
    }
    match place {
        Place::Allocation { .. } if pattern.len() == 1 => state
            .device
            .fill_bytes(dst, pattern[0], count)
            .map_err(device_error),
        _ => state.write_device(dst, &pattern.repeat(count)),
    }
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

/// Copies between `dst` and `src` after the checks, on `stream` (a
/// synchronous call's is `None`).
///
/// # Safety
/// As [`copy`].
unsafe fn copy_call(dst: Side, src: Side, len: usize, stream: Option<Handle>) -> Outcome {
    let mut state = enqueue(stream)?;
    graph::submit(
        &mut state,
        stream.unwrap_or(0),
        graph::linear_copy(dst, src, len),
    )
}

/// Locks the state for work on `stream` (a synchronous call's is `None`:
/// the legacy stream, and a call a capture may forbid).
fn enqueue(stream: Option<Handle>) -> Result<std::sync::MutexGuard<'static, State>, Status> {
    let mut state = state();
    if stream.is_none() {
        capture::check_unsafe(&mut state)?;
    }
    state.ready()?;
    state.stream(stream.unwrap_or(0))?;
    Ok(state)
}

/// A copy whose sides the addresses say (`cuMemcpy`).
///
/// # Safety
/// As [`copy`].
unsafe fn unified_copy(dst: u64, src: u64, len: usize, stream: Option<Handle>) -> Outcome {
    let mut state = enqueue(stream)?;
    let (dst, src) = (side_of(&state, dst as usize), side_of(&state, src as usize));
    graph::submit(
        &mut state,
        stream.unwrap_or(0),
        graph::linear_copy(dst, src, len),
    )
}

/// A fill after the checks, on `stream` (a synchronous call's is `None`).
fn fill_call(dst: u64, pattern: &[u8], count: usize, stream: Option<Handle>) -> Outcome {
    let mut state = enqueue(stream)?;
    let fill = graph::MemsetParams::of(dst, 0, pattern, count, 1);
    graph::submit(&mut state, stream.unwrap_or(0), graph::Work::Memset(fill))
}

/// `CUmemLocation` (`cudaMemLocation` is laid out alike), passed by
/// value: where memory is or should be.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MemLocation {
    /// `CUmemLocationType`: 1 a device, 2 the host, 3 a host NUMA node,
    /// 4 the calling thread's host NUMA node.
    pub kind: u32,
    /// The device ordinal or NUMA node, as `kind` says.
    pub id: i32,
}

/// `CU_DEVICE_CPU` (`cudaCpuDeviceId`): the host, where an ordinal is
/// asked for.
const DEVICE_CPU: i32 = -1;

/// `CUDA_ERROR_INVALID_VALUE`, said on stderr, unless the `count` bytes
/// at `ptr` (at least the first) lie in one managed allocation: what
/// `call`, a hint on managed memory, needs.
pub fn check_managed(state: &State, call: &str, ptr: u64, count: usize) -> Outcome {
    match state.place(ptr, count.max(1)) {
        Ok(Place::Allocation { managed: true }) => Ok(()),
        _ => {
            eprintln!(
                "ptx-libcuda: {call}: the {count} bytes at {ptr:#x} are not in one managed allocation"
            );
            Err(CUDA_ERROR_INVALID_VALUE)
        }
    }
}

/// Checks a hint's `location`: device 0, or the host (any of its kinds).
pub fn check_location(location: MemLocation) -> Outcome {
    match location.kind {
        1 if location.id == 0 => Ok(()),
        1 => Err(CUDA_ERROR_INVALID_DEVICE),
        2 | 4 => Ok(()),
        3 if location.id >= 0 => Ok(()),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

/// A hint's location given as a device ordinal (before CUDA 13):
/// `CU_DEVICE_CPU` is the host.
fn location_of_ordinal(device: i32) -> MemLocation {
    match device {
        DEVICE_CPU => MemLocation { kind: 2, id: 0 },
        id => MemLocation { kind: 1, id },
    }
}

/// `cuMemPrefetchAsync` (any version): checked and accepted; memory is
/// where both the host and kernels reach it already.
pub fn prefetch(
    state: &State,
    ptr: u64,
    count: usize,
    location: MemLocation,
    flags: u32,
    stream: Handle,
) -> Outcome {
    state.ready()?;
    state.stream(stream)?;
    check_managed(state, "cuMemPrefetchAsync", ptr, count)?;
    if flags != 0 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    check_location(location)
}

/// `cuMemAdvise` (any version): checked and accepted; nothing here
/// depends on where memory is.
pub fn advise(
    state: &State,
    ptr: u64,
    count: usize,
    advice: u32,
    location: MemLocation,
) -> Outcome {
    state.ready()?;
    check_managed(state, "cuMemAdvise", ptr, count)?;
    match advice {
        // Read-mostly: the location is ignored.
        1 | 2 => Ok(()),
        // Preferred location, accessed by.
        3..=6 => check_location(location),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

/// `cuStreamAttachMemAsync`: checked and accepted; every stream and the
/// host reach managed memory whenever no launch runs, which is always
/// between calls.
pub fn attach(state: &State, stream: Handle, ptr: u64, length: usize, flags: u32) -> Outcome {
    state.ready()?;
    state.stream(stream)?;
    check_managed(state, "cuStreamAttachMemAsync", ptr, length)?;
    // The whole allocation (length 0 or its size) from its start.
    let (base, size) = range(state, ptr)?;
    if ptr != base || (length != 0 && length as u64 != size) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // `CU_MEM_ATTACH_GLOBAL`, `_HOST`, `_SINGLE`.
    match flags {
        1 | 2 | 4 => Ok(()),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

/// `CUDA_ERROR_INVALID_VALUE` unless `flags` is `CU_MEM_ATTACH_GLOBAL`
/// or `CU_MEM_ATTACH_HOST`, what a managed allocation must say (either
/// is the same here).
pub fn check_attach(flags: u32) -> Outcome {
    match flags {
        1 | 2 => Ok(()),
        _ => Err(CUDA_ERROR_INVALID_VALUE),
    }
}

/// `CU_MEMORYTYPE_HOST`.
const MEMORYTYPE_HOST: u32 = 1;
/// `CU_MEMORYTYPE_DEVICE`.
const MEMORYTYPE_DEVICE: u32 = 2;

/// The `__managed__` variable whose host bytes hold `ptr`: its host
/// address and size.
pub fn managed_variable(state: &State, ptr: u64) -> Option<(u64, u64)> {
    state.modules.iter().find_map(|(_, loaded)| {
        loaded.globals.iter().find_map(|g| {
            let host = g.host? as u64;
            (ptr >= host && ptr < host + g.size.max(1) as u64).then_some((host, g.size as u64))
        })
    })
}

/// Writes pointer attribute `attribute` of `ptr` to `data`: pinned host
/// memory is host memory whose device pointer is its own address.
///
/// # Safety
/// `data` must be valid for the attribute's type.
unsafe fn pointer_attribute(state: &State, data: *mut c_void, attribute: u32, ptr: u64) -> Outcome {
    let variable = managed_variable(state, ptr);
    let allocation = range(state, ptr).ok().or(variable);
    let managed = variable.is_some()
        || allocation
            .and_then(|(b, _)| state.device_memory.get(&b))
            .is_some_and(|a| a.managed);
    let host = crate::driver::host::pinned_at(state, ptr as usize).map(|(b, p)| (b, p.size));
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
            3 => *data.cast::<u64>() = ptr, // device pointer (pinned: unified addressing)
            4 => *data.cast::<u64>() = if host.is_some() || managed { ptr } else { 0 }, // host pointer
            6 => *data.cast::<i32>() = 1, // sync memops
            7 => {
                *data.cast::<u64>() = allocation
                    .or(host.map(|(b, s)| (b as u64, s as u64)))
                    .map_or(0, |(b, _)| b)
            } // buffer id
            8 => *data.cast::<i32>() = i32::from(managed),
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
        capture::unsafe_call()?;
        let mut state = ready(0)?;
        *dptr = alloc(&mut state, bytes, false)?;
        Ok(())
    }

    /// `cuMemAllocManaged`: device memory mapped on the host at the same
    /// address (see the module's documentation).
    fn cuMemAllocManaged(dptr: *mut u64, bytes: usize, flags: u32) {
        check_attach(flags)?;
        let dptr = out(dptr)?;
        let mut state = ready(0)?;
        *dptr = alloc(&mut state, bytes, true)?;
        Ok(())
    }

    /// `cuMemFree_v2`.
    fn cuMemFree_v2(dptr: u64) {
        capture::unsafe_call()?;
        let mut state = ready(0)?;
        free(&mut state, dptr)
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
        copy_call(Side::Device(dst), Side::Host(src as usize), len, None)
    }

    /// `cuMemcpyDtoH_v2`.
    fn cuMemcpyDtoH_v2(dst: *mut c_void, src: u64, len: usize) {
        copy_call(Side::Host(dst as usize), Side::Device(src), len, None)
    }

    /// `cuMemcpyDtoD_v2`.
    fn cuMemcpyDtoD_v2(dst: u64, src: u64, len: usize) {
        copy_call(Side::Device(dst), Side::Device(src), len, None)
    }

    /// `cuMemcpy`: each side device or host as its address says.
    fn cuMemcpy(dst: u64, src: u64, len: usize) {
        unified_copy(dst, src, len, None)
    }

    /// `cuMemcpyHtoDAsync_v2`: runs at the call (or is captured).
    fn cuMemcpyHtoDAsync_v2(dst: u64, src: *const c_void, len: usize, stream: Handle) {
        copy_call(Side::Device(dst), Side::Host(src as usize), len, Some(stream))
    }

    /// `cuMemcpyDtoHAsync_v2`: runs at the call (or is captured).
    fn cuMemcpyDtoHAsync_v2(dst: *mut c_void, src: u64, len: usize, stream: Handle) {
        copy_call(Side::Host(dst as usize), Side::Device(src), len, Some(stream))
    }

    /// `cuMemcpyDtoDAsync_v2`: runs at the call (or is captured).
    fn cuMemcpyDtoDAsync_v2(dst: u64, src: u64, len: usize, stream: Handle) {
        copy_call(Side::Device(dst), Side::Device(src), len, Some(stream))
    }

    /// `cuMemcpyAsync`: runs at the call (or is captured).
    fn cuMemcpyAsync(dst: u64, src: u64, len: usize, stream: Handle) {
        unified_copy(dst, src, len, Some(stream))
    }

    /// `cuMemsetD8_v2`.
    fn cuMemsetD8_v2(dst: u64, value: u8, count: usize) {
        fill_call(dst, &[value], count, None)
    }

    /// `cuMemsetD16_v2`.
    fn cuMemsetD16_v2(dst: u64, value: u16, count: usize) {
        fill_call(dst, &value.to_le_bytes(), count, None)
    }

    /// `cuMemsetD32_v2`.
    fn cuMemsetD32_v2(dst: u64, value: u32, count: usize) {
        fill_call(dst, &value.to_le_bytes(), count, None)
    }

    /// `cuMemsetD8Async`: runs at the call (or is captured).
    fn cuMemsetD8Async(dst: u64, value: u8, count: usize, stream: Handle) {
        fill_call(dst, &[value], count, Some(stream))
    }

    /// `cuMemsetD16Async`: runs at the call (or is captured).
    fn cuMemsetD16Async(dst: u64, value: u16, count: usize, stream: Handle) {
        fill_call(dst, &value.to_le_bytes(), count, Some(stream))
    }

    /// `cuMemsetD32Async`: runs at the call (or is captured).
    fn cuMemsetD32Async(dst: u64, value: u32, count: usize, stream: Handle) {
        fill_call(dst, &value.to_le_bytes(), count, Some(stream))
    }

    /// `cuMemPrefetchAsync_v2` (CUDA 13's `cuMemPrefetchAsync`): an
    /// accepted hint for a managed range.
    fn cuMemPrefetchAsync_v2(ptr: u64, count: usize, location: MemLocation, flags: u32, stream: Handle) {
        prefetch(&state(), ptr, count, location, flags, stream)
    }

    /// `cuMemPrefetchAsync` of CUDA 12 and before: to a device ordinal or
    /// `CU_DEVICE_CPU`.
    fn cuMemPrefetchAsync(ptr: u64, count: usize, device: i32, stream: Handle) {
        prefetch(&state(), ptr, count, location_of_ordinal(device), 0, stream)
    }

    /// `cuMemAdvise_v2` (CUDA 13's `cuMemAdvise`): an accepted hint for a
    /// managed range.
    fn cuMemAdvise_v2(ptr: u64, count: usize, advice: u32, location: MemLocation) {
        advise(&state(), ptr, count, advice, location)
    }

    /// `cuMemAdvise` of CUDA 12 and before: for a device ordinal or
    /// `CU_DEVICE_CPU`.
    fn cuMemAdvise(ptr: u64, count: usize, advice: u32, device: i32) {
        advise(&state(), ptr, count, advice, location_of_ordinal(device))
    }

    /// `cuStreamAttachMemAsync`: an accepted hint for a whole managed
    /// allocation.
    fn cuStreamAttachMemAsync(stream: Handle, ptr: u64, length: usize, flags: u32) {
        attach(&state(), stream, ptr, length, flags)
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
            || managed_variable(&state, ptr).is_some()
            || crate::driver::host::pinned_at(&state, ptr as usize).is_some();
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

    /// A `__managed__` variable: at its kernel address when the page there
    /// is free; when another loaded module holds that page, in a host
    /// mapping elsewhere, still shared with the kernel by name.
    #[test]
    fn managed_variables_are_shared_at_their_address_or_elsewhere() {
        use crate::driver::launch::cuLaunchKernel;
        use crate::driver::module::{
            cuModuleGetFunction, cuModuleGetGlobal_v2, cuModuleLoadData, cuModuleUnload,
        };
        let ptx = ".version 9.0\n.target sm_90\n.address_size 64\n\
            .global .attribute(.managed) .align 4 .u32 counter = 5;\n\
            .visible .entry bump() { .reg .b32 %r<2>; ld.global.u32 %r1, [counter]; \
            add.u32 %r1, %r1, 10; st.global.u32 [counter], %r1; ret; }\n\0";
        let (mut context, mut first, mut second, mut bump) = (0usize, 0usize, 0usize, 0usize);
        let (mut at_first, mut at_second, mut size, mut is_managed) = (0u64, 0u64, 0usize, 0i32);
        // SAFETY: valid pointers throughout; the variables' host bytes stay
        // mapped until their modules unload.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(cuCtxCreate_v2(&mut context, 0, 0), 0);
            assert_eq!(cuModuleLoadData(&mut first, ptx.as_ptr().cast()), 0);
            assert_eq!(cuModuleLoadData(&mut second, ptx.as_ptr().cast()), 0);
            let name = c"counter".as_ptr();
            assert_eq!(
                cuModuleGetGlobal_v2(&mut at_first, &mut size, first, name),
                0
            );
            assert_eq!(
                cuModuleGetGlobal_v2(&mut at_second, &mut size, second, name),
                0
            );
            assert_eq!(size, 4);
            // The first module's variable is at the kernel's own address
            // (the first global one, GLOBAL_BASE); the second's page was
            // taken, so its bytes are elsewhere.
            assert_eq!(at_first, ptx_sim::memory::window::GLOBAL_BASE);
            assert_ne!(at_second, at_first);
            assert_eq!(*(at_first as *const u32), 5, "the initialiser");
            assert_eq!(*(at_second as *const u32), 5, "the initialiser");
            assert_eq!(
                cuPointerGetAttribute((&raw mut is_managed).cast(), 8, at_second),
                0
            );
            assert_eq!(is_managed, 1);
            // The host writes 7 to the second; its kernel adds 10.
            *(at_second as *mut u32) = 7;
            assert_eq!(cuModuleGetFunction(&mut bump, second, c"bump".as_ptr()), 0);
            let launch = |function| {
                cuLaunchKernel(
                    function,
                    1,
                    1,
                    1,
                    1,
                    1,
                    1,
                    0,
                    0,
                    std::ptr::null(),
                    std::ptr::null(),
                )
            };
            assert_eq!(launch(bump), 0);
            assert_eq!(*(at_second as *const u32), 17);
            assert_eq!(*(at_first as *const u32), 5, "the other module's own");
            assert_eq!(cuModuleGetFunction(&mut bump, first, c"bump".as_ptr()), 0);
            assert_eq!(launch(bump), 0);
            assert_eq!(*(at_first as *const u32), 15);
            assert_eq!(cuModuleUnload(second), 0);
            assert_eq!(cuModuleUnload(first), 0);
        }
    }

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

    #[test]
    fn managed_memory_goes_to_the_device_before_a_launch_and_back_after() {
        let mut state = state();
        let addr = alloc(&mut state, 12, true).unwrap();
        assert_eq!(addr % page_size() as u64, 0);
        let host = addr as *mut u8;
        // SAFETY: 12 bytes mapped at `addr` until it is freed below.
        unsafe { std::ptr::copy_nonoverlapping([1u8; 12].as_ptr(), host, 12) };
        // The device has zeros until a launch's copy in.
        assert_eq!(state.device.read_bytes(addr, 12).unwrap(), [0; 12]);
        to_device(&state).unwrap();
        assert_eq!(state.device.read_bytes(addr, 12).unwrap(), [1; 12]);
        // What a kernel stores comes back to the host.
        state.device.write_bytes(addr + 4, &[9, 9]).unwrap();
        to_host(&state).unwrap();
        // SAFETY: as above.
        let seen = unsafe { std::slice::from_raw_parts(host, 12) }.to_vec();
        assert_eq!(seen, [1, 1, 1, 1, 9, 9, 1, 1, 1, 1, 1, 1]);
        // Copies and fills go to the host mapping, within bounds.
        fill(&state, addr, &[0xaa, 0xbb], 2).unwrap();
        assert_eq!(
            state.read_device(addr, 6).unwrap(),
            [0xaa, 0xbb, 0xaa, 0xbb, 9, 9]
        );
        state.write_device(addr + 10, &[7, 7]).unwrap();
        // SAFETY: as above.
        assert_eq!(unsafe { *host.add(11) }, 7);
        assert_eq!(
            state.write_device(addr + 11, &[7, 7]),
            Err(CUDA_ERROR_INVALID_VALUE)
        );
        assert_eq!(
            fill(&state, addr, &[0; 4], 4),
            Err(CUDA_ERROR_INVALID_VALUE)
        );
        free(&mut state, addr).unwrap();
        assert_eq!(state.read_device(addr, 1), Err(CUDA_ERROR_INVALID_VALUE));
    }

    #[test]
    fn a_managed_allocation_whose_address_is_taken_fails_without_a_crash() {
        let (mut context, mut first, mut second) = (0usize, 0u64, 0u64);
        const RESERVED: usize = 1 << 30;
        // SAFETY: valid pointers; the reservation is this test's own.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(cuCtxCreate_v2(&mut context, 0, 0), 0);
            assert_eq!(cuMemAllocManaged(&mut first, 4, 1), 0);
            // The next managed allocation goes to the next page (or a
            // little further, if other tests allocate meanwhile): taken
            // here, by a reservation of 1 GiB of address space.
            let next = (first as usize + page_size()) as *mut libc::c_void;
            let taken = libc::mmap(
                next,
                RESERVED,
                libc::PROT_NONE,
                libc::MAP_PRIVATE
                    | libc::MAP_ANONYMOUS
                    | libc::MAP_NORESERVE
                    | libc::MAP_FIXED_NOREPLACE,
                -1,
                0,
            );
            assert_eq!(taken, next);
            assert_eq!(
                cuMemAllocManaged(&mut second, 4, 1),
                CUDA_ERROR_OUT_OF_MEMORY
            );
            assert_eq!(second, 0);
            libc::munmap(taken, RESERVED);
            // The failure left nothing behind.
            assert_eq!(cuMemAllocManaged(&mut second, 4, 1), 0);
            *(second as *mut u32) = 5;
            assert_eq!(cuMemFree_v2(second), 0);
            assert_eq!(cuMemFree_v2(first), 0);
        }
    }

    #[test]
    fn hints_are_checked_then_accepted_for_managed_memory_only() {
        let (mut context, mut m, mut d) = (0usize, 0u64, 0u64);
        let device = MemLocation { kind: 1, id: 0 };
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(cuInit(0), 0);
            assert_eq!(cuCtxCreate_v2(&mut context, 0, 0), 0);
            assert_eq!(cuMemAllocManaged(&mut m, 64, 1), 0);
            assert_eq!(cuMemAlloc_v2(&mut d, 64), 0);
            assert_eq!(cuMemPrefetchAsync_v2(m + 8, 56, device, 0, 0), 0);
            // Past the end, not managed, flags, unknown stream.
            assert_eq!(cuMemPrefetchAsync_v2(m + 8, 57, device, 0, 0), 1);
            assert_eq!(cuMemPrefetchAsync_v2(d, 64, device, 0, 0), 1);
            assert_eq!(cuMemPrefetchAsync_v2(m, 64, device, 1, 0), 1);
            assert_eq!(cuMemPrefetchAsync_v2(m, 64, device, 0, 0xbad0), 400);
            // Locations: the host kinds, device 0 only, no invalid kind.
            for kind in [2, 4] {
                let host = MemLocation { kind, id: 7 };
                assert_eq!(cuMemPrefetchAsync_v2(m, 64, host, 0, 0), 0);
            }
            let device_1 = MemLocation { kind: 1, id: 1 };
            assert_eq!(cuMemPrefetchAsync_v2(m, 64, device_1, 0, 0), 101);
            let invalid = MemLocation { kind: 0, id: 0 };
            assert_eq!(cuMemPrefetchAsync_v2(m, 64, invalid, 0, 0), 1);
            assert_eq!(cuMemPrefetchAsync(m, 64, DEVICE_CPU, 0), 0);
            assert_eq!(cuMemPrefetchAsync(m, 64, 2, 0), 101);
            // Read-mostly ignores the location; the others check it.
            assert_eq!(cuMemAdvise_v2(m, 64, 1, invalid), 0);
            assert_eq!(cuMemAdvise_v2(m, 64, 3, invalid), 1);
            assert_eq!(cuMemAdvise_v2(m, 64, 5, device), 0);
            assert_eq!(cuMemAdvise_v2(m, 64, 7, device), 1);
            assert_eq!(cuMemAdvise(m, 64, 3, DEVICE_CPU), 0);
            assert_eq!(cuMemAdvise(d, 64, 3, 0), 1);
            // Attaching takes a whole allocation, one of three flags.
            assert_eq!(cuStreamAttachMemAsync(0, m, 0, 4), 0);
            assert_eq!(cuStreamAttachMemAsync(0, m, 64, 2), 0);
            assert_eq!(cuStreamAttachMemAsync(0, m, 32, 1), 1);
            assert_eq!(cuStreamAttachMemAsync(0, m + 8, 0, 1), 1);
            assert_eq!(cuStreamAttachMemAsync(0, m, 0, 3), 1);
            assert_eq!(cuMemFree_v2(m), 0);
            assert_eq!(cuMemFree_v2(d), 0);
        }
    }
}
