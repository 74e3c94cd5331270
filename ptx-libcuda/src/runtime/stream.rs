//! Streams and events of the runtime: the driver's.

use crate::driver::stream;
use crate::export::{out, outcome, runtime_api};
use crate::runtime::ensure;
use crate::state::Handle;
use std::ffi::c_void;

runtime_api! {
    /// `cudaStreamCreate`.
    fn cudaStreamCreate(created: *mut Handle) {
        let created = out(created)?;
        ensure()?;
        *created = stream::create(0, 0)?;
        Ok(())
    }

    /// `cudaStreamCreateWithFlags`.
    fn cudaStreamCreateWithFlags(created: *mut Handle, flags: u32) {
        let created = out(created)?;
        ensure()?;
        *created = stream::create(flags, 0)?;
        Ok(())
    }

    /// `cudaStreamCreateWithPriority`.
    fn cudaStreamCreateWithPriority(created: *mut Handle, flags: u32, priority: i32) {
        let created = out(created)?;
        ensure()?;
        *created = stream::create(flags, priority)?;
        Ok(())
    }

    /// `cudaStreamDestroy`.
    fn cudaStreamDestroy(handle: Handle) {
        ensure()?;
        stream::destroy(handle)
    }

    /// `cudaStreamSynchronize`.
    fn cudaStreamSynchronize(handle: Handle) {
        ensure()?;
        stream::synchronize(handle)
    }

    /// `cudaStreamQuery`: done.
    fn cudaStreamQuery(handle: Handle) {
        ensure()?;
        stream::synchronize(handle)
    }

    /// `cudaStreamWaitEvent`: nothing to wait for, but in a capture.
    fn cudaStreamWaitEvent(handle: Handle, waited: Handle, flags: u32) {
        ensure()?;
        stream::wait_event(handle, waited, flags)
    }

    /// `cudaStreamAddCallback`: calls `callback` now, with the stream's
    /// status (`cudaSuccess` or the sticky fault); `flags` must be 0.
    fn cudaStreamAddCallback(handle: Handle, callback: stream::StreamCallback, data: *mut c_void, flags: u32) {
        ensure()?;
        outcome(crate::driver::stream::cuStreamAddCallback(handle, callback, data, flags))
    }

    /// `cudaLaunchHostFunc`: calls `function` now.
    fn cudaLaunchHostFunc(handle: Handle, function: stream::HostFn, data: *mut c_void) {
        ensure()?;
        outcome(crate::driver::stream::cuLaunchHostFunc(handle, function, data))
    }

    /// `cudaStreamSetAttribute` (see `cuStreamSetAttribute`).
    fn cudaStreamSetAttribute(handle: Handle, which: u32, value: *const stream::AttributeValue) {
        ensure()?;
        outcome(crate::driver::stream::cuStreamSetAttribute(handle, which, value))
    }

    /// `cudaStreamGetAttribute` (see `cuStreamGetAttribute`).
    fn cudaStreamGetAttribute(handle: Handle, which: u32, value: *mut stream::AttributeValue) {
        ensure()?;
        outcome(crate::driver::stream::cuStreamGetAttribute(handle, which, value))
    }

    /// `cudaCtxResetPersistingL2Cache`: no L2 to reset.
    fn cudaCtxResetPersistingL2Cache() {
        ensure()?;
        outcome(crate::driver::stream::cuCtxResetPersistingL2Cache())
    }

    /// `cudaStreamGetPriority`.
    fn cudaStreamGetPriority(handle: Handle, priority: *mut i32) {
        ensure()?;
        outcome(crate::driver::stream::cuStreamGetPriority(handle, priority))
    }

    /// `cudaStreamGetFlags`.
    fn cudaStreamGetFlags(handle: Handle, flags: *mut u32) {
        ensure()?;
        outcome(crate::driver::stream::cuStreamGetFlags(handle, flags))
    }

    /// `cudaStreamGetDevice`: device 0.
    fn cudaStreamGetDevice(handle: Handle, device: *mut i32) {
        let device = out(device)?;
        ensure()?;
        crate::state::state().stream(handle)?;
        *device = 0;
        Ok(())
    }

    /// `cudaDeviceGetStreamPriorityRange`.
    fn cudaDeviceGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) {
        if let Some(least) = least.as_mut() {
            *least = stream::PRIORITIES.0;
        }
        if let Some(greatest) = greatest.as_mut() {
            *greatest = stream::PRIORITIES.1;
        }
        Ok(())
    }
}
