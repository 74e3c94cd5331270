//! Streams. Work runs at the call that issues it, so a stream is always
//! idle: synchronising one, querying it or making it wait for an event
//! only reports a fault since (sticky), as the GPU's would.

use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::export::{Outcome, driver_api, out};
use crate::state::{Handle, Stream, state};

/// The priorities streams may have: 0 (least) to -5 (greatest), an
/// H100's range.
pub const PRIORITIES: (i32, i32) = (0, -5);

/// A new stream: its handle.
pub fn create(flags: u32, priority: i32) -> Result<Handle, crate::export::Status> {
    let mut state = state();
    state.ready()?;
    let priority = priority.clamp(PRIORITIES.1, PRIORITIES.0);
    Ok(state.streams.insert(Stream { flags, priority }))
}

/// Destroys `stream`.
pub fn destroy(stream: Handle) -> Outcome {
    let mut state = state();
    state.context()?;
    if stream <= 2 {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    state.streams.remove(stream).map(drop)
}

/// Waits for `stream`: a fault since, if any.
pub fn synchronize(stream: Handle) -> Outcome {
    let state = state();
    state.stream(stream)?;
    state.ready()
}

driver_api! {
    /// `cuStreamCreate`.
    fn cuStreamCreate(stream: *mut Handle, flags: u32) {
        *out(stream)? = create(flags, 0)?;
        Ok(())
    }

    /// `cuStreamCreateWithPriority`.
    fn cuStreamCreateWithPriority(stream: *mut Handle, flags: u32, priority: i32) {
        *out(stream)? = create(flags, priority)?;
        Ok(())
    }

    /// `cuStreamDestroy_v2`.
    fn cuStreamDestroy_v2(stream: Handle) {
        destroy(stream)
    }

    /// `cuStreamSynchronize`.
    fn cuStreamSynchronize(stream: Handle) {
        synchronize(stream)
    }

    /// `cuStreamQuery`: done (`CUDA_SUCCESS`), work having run at its call.
    fn cuStreamQuery(stream: Handle) {
        synchronize(stream)
    }

    /// `cuStreamWaitEvent`: nothing to wait for.
    fn cuStreamWaitEvent(stream: Handle, event: Handle, flags: u32) {
        let _ = flags;
        let state = state();
        state.stream(stream)?;
        state.events.get(event)?;
        state.ready()
    }

    /// `cuStreamGetPriority`.
    fn cuStreamGetPriority(stream: Handle, priority: *mut i32) {
        let priority = out(priority)?;
        let state = state();
        state.stream(stream)?;
        *priority = state.streams.get(stream).map_or(0, |s| s.priority);
        Ok(())
    }

    /// `cuStreamGetFlags`.
    fn cuStreamGetFlags(stream: Handle, flags: *mut u32) {
        let flags = out(flags)?;
        let state = state();
        state.stream(stream)?;
        *flags = state.streams.get(stream).map_or(0, |s| s.flags);
        Ok(())
    }

    /// `cuStreamIsCapturing`: `CU_STREAM_CAPTURE_STATUS_NONE` (0); no
    /// stream captures here (CuPy asks before every copy).
    fn cuStreamIsCapturing(stream: Handle, status: *mut u32) {
        let status = out(status)?;
        let state = state();
        state.stream(stream)?;
        state.context()?;
        *status = 0;
        Ok(())
    }

    /// `cuCtxGetStreamPriorityRange`: see [`PRIORITIES`].
    fn cuCtxGetStreamPriorityRange(least: *mut i32, greatest: *mut i32) {
        if let Some(least) = least.as_mut() {
            *least = PRIORITIES.0;
        }
        if let Some(greatest) = greatest.as_mut() {
            *greatest = PRIORITIES.1;
        }
        Ok(())
    }
}
