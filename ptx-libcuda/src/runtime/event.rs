//! Events of the runtime: the driver's (the host's monotonic clock at
//! record, see [`crate::driver::event`]).

use crate::driver::event;
use crate::export::{out, runtime_api};
use crate::runtime::ensure;
use crate::state::Handle;

runtime_api! {
    /// `cudaEventCreate`.
    fn cudaEventCreate(created: *mut Handle) {
        let created = out(created)?;
        ensure()?;
        *created = event::create(0)?;
        Ok(())
    }

    /// `cudaEventCreateWithFlags`.
    fn cudaEventCreateWithFlags(created: *mut Handle, flags: u32) {
        let created = out(created)?;
        ensure()?;
        *created = event::create(flags)?;
        Ok(())
    }

    /// `cudaEventRecord`.
    fn cudaEventRecord(handle: Handle, stream: Handle) {
        ensure()?;
        event::record(handle, stream, 0)
    }

    /// `cudaEventRecordWithFlags`.
    fn cudaEventRecordWithFlags(handle: Handle, stream: Handle, flags: u32) {
        ensure()?;
        event::record(handle, stream, flags)
    }

    /// `cudaEventSynchronize`.
    fn cudaEventSynchronize(handle: Handle) {
        ensure()?;
        event::synchronize(handle)
    }

    /// `cudaEventQuery`: done.
    fn cudaEventQuery(handle: Handle) {
        ensure()?;
        event::synchronize(handle)
    }

    /// `cudaEventElapsedTime`.
    fn cudaEventElapsedTime(ms: *mut f32, start: Handle, end: Handle) {
        let ms = out(ms)?;
        ensure()?;
        *ms = event::elapsed(start, end)?;
        Ok(())
    }

    /// `cudaEventDestroy`.
    fn cudaEventDestroy(handle: Handle) {
        ensure()?;
        event::destroy(handle)
    }
}
