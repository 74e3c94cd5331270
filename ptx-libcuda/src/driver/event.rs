//! Events. Recording one notes the host's monotonic clock
//! (`std::time::Instant`): work runs at the call that issues it, so the
//! work before the event has finished when it is recorded, and
//! `cuEventElapsedTime` gives the host time the simulator took for the
//! work between two events, in milliseconds.

use crate::driver::capture;
use crate::driver::error::{CUDA_ERROR_INVALID_HANDLE, CUDA_ERROR_INVALID_VALUE};
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{Event, Handle, state};
use std::time::Instant;

/// `CU_EVENT_DISABLE_TIMING`.
const DISABLE_TIMING: u32 = 2;

/// A new event: its handle.
pub fn create(flags: u32) -> Result<Handle, Status> {
    let mut state = state();
    state.ready()?;
    Ok(state.events.insert(Event {
        flags,
        recorded: None,
    }))
}

/// Records `event` on `stream` (`flags` 1: `CU_EVENT_RECORD_EXTERNAL`);
/// on a capturing stream, the event notes the capture's place instead
/// ([`capture::record_event`]).
pub fn record(event: Handle, stream: Handle, flags: u32) -> Outcome {
    let mut state = state();
    state.ready()?;
    state.stream(stream)?;
    state.events.get(event)?;
    if capture::record_event(&mut state, event, stream, flags)? {
        return Ok(());
    }
    state.events.get_mut(event)?.recorded = Some(Instant::now());
    Ok(())
}

/// Waits for `event`: a fault since, if any; an event last recorded in a
/// capture under way cannot be waited for.
pub fn synchronize(event: Handle) -> Outcome {
    let state = state();
    state.events.get(event)?;
    capture::check_event(&state, event)?;
    state.ready()
}

/// Destroys `event`.
pub fn destroy(event: Handle) -> Outcome {
    let mut state = state();
    state.context()?;
    state.events.remove(event).map(drop)
}

/// Milliseconds from `start`'s record to `end`'s.
pub fn elapsed(start: Handle, end: Handle) -> Result<f32, Status> {
    let state = state();
    state.ready()?;
    capture::check_event(&state, start)?;
    capture::check_event(&state, end)?;
    let (start, end) = (state.events.get(start)?, state.events.get(end)?);
    if (start.flags | end.flags) & DISABLE_TIMING != 0 {
        return Err(CUDA_ERROR_INVALID_HANDLE);
    }
    match (start.recorded, end.recorded) {
        (Some(a), Some(b)) => Ok(if b >= a {
            (b - a).as_secs_f32() * 1e3
        } else {
            -((a - b).as_secs_f32() * 1e3)
        }),
        _ => Err(CUDA_ERROR_INVALID_HANDLE),
    }
}

driver_api! {
    /// `cuEventCreate`.
    fn cuEventCreate(event: *mut Handle, flags: u32) {
        *out(event)? = create(flags)?;
        Ok(())
    }

    /// `cuEventRecord`.
    fn cuEventRecord(event: Handle, stream: Handle) {
        record(event, stream, 0)
    }

    /// `cuEventRecordWithFlags`.
    fn cuEventRecordWithFlags(event: Handle, stream: Handle, flags: u32) {
        record(event, stream, flags)
    }

    /// `cuEventSynchronize`.
    fn cuEventSynchronize(event: Handle) {
        synchronize(event)
    }

    /// `cuEventQuery`: done once recorded (work ran at its call).
    fn cuEventQuery(event: Handle) {
        synchronize(event)
    }

    /// `cuEventElapsedTime`.
    fn cuEventElapsedTime(ms: *mut f32, start: Handle, end: Handle) {
        *out(ms)? = elapsed(start, end)?;
        Ok(())
    }

    /// `cuEventElapsedTime_v2` (CUDA 13's `cuEventElapsedTime`).
    fn cuEventElapsedTime_v2(ms: *mut f32, start: Handle, end: Handle) {
        *out(ms)? = elapsed(start, end)?;
        Ok(())
    }

    /// `cuEventDestroy_v2`.
    fn cuEventDestroy_v2(event: Handle) {
        if event == 0 {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        destroy(event)
    }
}
