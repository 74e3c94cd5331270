//! Streams and events of the runtime: the driver's.

use crate::driver::{event, stream};
use crate::export::{out, runtime_api};
use crate::runtime::ensure;
use crate::state::Handle;

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

    /// `cudaStreamWaitEvent`: nothing to wait for.
    fn cudaStreamWaitEvent(handle: Handle, waited: Handle, flags: u32) {
        let _ = flags;
        ensure()?;
        stream::synchronize(handle)?;
        event::synchronize(waited)
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
