//! Streams. Work runs at the call that issues it, so a stream is always
//! idle: synchronising one, querying it or making it wait for an event
//! only reports a fault since (sticky), as the GPU's would. A capturing
//! stream records its work instead ([`crate::driver::capture`]).

use crate::driver::capture;
use crate::driver::error::CUDA_ERROR_INVALID_VALUE;
use crate::driver::graph::{HostCall, Work};
use crate::export::{Outcome, driver_api, out};
use crate::state::{Handle, Stream, state};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

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
    state.streams.remove(stream)?;
    forget_attributes(stream);
    Ok(())
}

/// Waits for `stream`: a fault since, if any. A capturing stream cannot
/// be waited for ([`capture::check_stream_wait`]).
pub fn synchronize(stream: Handle) -> Outcome {
    let mut state = state();
    state.stream(stream)?;
    capture::check_stream_wait(&mut state, stream)?;
    state.ready()
}

/// Makes `stream` wait for `event`: nothing to wait for, work having run
/// at its call, unless a capture is involved ([`capture::wait_event`]).
pub fn wait_event(stream: Handle, event: Handle, flags: u32) -> Outcome {
    let mut state = state();
    state.stream(stream)?;
    state.events.get(event)?;
    if capture::wait_event(&mut state, stream, event, flags)? {
        return Ok(());
    }
    state.ready()
}

/// Runs host work enqueued on `stream` (a callback, a host function):
/// at once, the stream's earlier work having run at its calls. `call`
/// gets the stream's status, `CUDA_SUCCESS` or the fault since (sticky),
/// which the enqueuing call returns too. No lock is held while it runs,
/// so it may call the API (which CUDA forbids, but a stand-in need not
/// deadlock on).
pub fn host_call(stream: Handle, call: impl FnOnce(crate::export::Status)) -> Outcome {
    state().stream(stream)?;
    let status = crate::export::status(synchronize(stream));
    call(status);
    crate::export::outcome(status)
}

/// `CUlaunchAttributeValue`/`cudaLaunchAttributeValue`, the value of a
/// stream attribute: a 64-byte union.
pub type AttributeValue = [u8; 64];

/// `CU_LAUNCH_ATTRIBUTE_PRIORITY`: the stream's priority, an `int`.
const ATTRIBUTE_PRIORITY: u32 = 8;

/// The attributes a stream has (`CUstreamAttrID`): access policy window
/// (1), synchronisation policy (3), priority (8), memory sync domain map
/// (9) and domain (10).
const STREAM_ATTRIBUTES: [u32; 5] = [1, 3, ATTRIBUTE_PRIORITY, 9, 10];

/// The attributes set on each stream (none changes how work runs here;
/// they are read back as set), by stream and attribute.
static ATTRIBUTES: Mutex<Option<HashMap<(Handle, u32), AttributeValue>>> = Mutex::new(None);

/// Sets attribute `which` of `stream` to `value`; the priority is the
/// stream's own (clamped to [`PRIORITIES`]), the others remembered.
pub fn set_attribute(stream: Handle, which: u32, value: &AttributeValue) -> Outcome {
    let mut state = state();
    state.stream(stream)?;
    if !STREAM_ATTRIBUTES.contains(&which) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    if which == ATTRIBUTE_PRIORITY {
        let priority = i32::from_ne_bytes(value[..4].try_into().expect("4 bytes"));
        if let Ok(stream) = state.streams.get_mut(stream) {
            stream.priority = priority.clamp(PRIORITIES.1, PRIORITIES.0);
        }
        return Ok(());
    }
    ATTRIBUTES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .insert((stream, which), *value);
    Ok(())
}

/// Attribute `which` of `stream`: as set, else zeros (no window, the
/// default policy and domain), the priority the stream's.
pub fn get_attribute(stream: Handle, which: u32) -> Result<AttributeValue, crate::export::Status> {
    let state = state();
    state.stream(stream)?;
    if !STREAM_ATTRIBUTES.contains(&which) {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    let mut value = [0u8; 64];
    if which == ATTRIBUTE_PRIORITY {
        let priority = state.streams.get(stream).map_or(0, |s| s.priority);
        value[..4].copy_from_slice(&priority.to_ne_bytes());
        return Ok(value);
    }
    if let Some(set) = ATTRIBUTES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|all| all.get(&(stream, which)))
    {
        value = *set;
    }
    Ok(value)
}

/// Forgets the attributes of `stream` (destroyed).
fn forget_attributes(stream: Handle) {
    if let Some(all) = ATTRIBUTES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
    {
        all.retain(|&(s, _), _| s != stream);
    }
}

/// `CUstreamCallback`/`cudaStreamCallback_t`: `(stream, status, data)`.
pub type StreamCallback = Option<unsafe extern "C" fn(Handle, crate::export::Status, *mut c_void)>;

/// `CUhostFn`/`cudaHostFn_t`: `(data)`.
pub type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

driver_api! {
    /// `cuStreamAddCallback`: calls `callback` now (see [`host_call`]);
    /// `flags` must be 0.
    fn cuStreamAddCallback(stream: Handle, callback: StreamCallback, data: *mut c_void, flags: u32) {
        let callback = callback.ok_or(CUDA_ERROR_INVALID_VALUE)?;
        if flags != 0 {
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        host_call(stream, |status| unsafe { callback(stream, status, data) })
    }

    /// `cuLaunchHostFunc`: calls `function` now (see [`host_call`]), or
    /// records a host node on a capturing stream.
    fn cuLaunchHostFunc(stream: Handle, function: HostFn, data: *mut c_void) {
        let function = function.ok_or(CUDA_ERROR_INVALID_VALUE)?;
        {
            let mut state = state();
            state.stream(stream)?;
            if capture::recording(&mut state, stream)? {
                let call = HostCall { function, data: data as usize };
                return capture::record(&mut state, stream, Work::Host(call));
            }
        }
        host_call(stream, |_| unsafe { function(data) })
    }

    /// `cuStreamSetAttribute`: see [`set_attribute`].
    fn cuStreamSetAttribute(stream: Handle, which: u32, value: *const AttributeValue) {
        set_attribute(stream, which, crate::export::input(value)?)
    }

    /// `cuStreamGetAttribute`: see [`get_attribute`].
    fn cuStreamGetAttribute(stream: Handle, which: u32, value: *mut AttributeValue) {
        let value = out(value)?;
        *value = get_attribute(stream, which)?;
        Ok(())
    }

    /// `cuCtxResetPersistingL2Cache`: no L2 to reset.
    fn cuCtxResetPersistingL2Cache() {
        state().ready()
    }

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

    /// `cuStreamWaitEvent`: see [`wait_event`].
    fn cuStreamWaitEvent(stream: Handle, event: Handle, flags: u32) {
        wait_event(stream, event, flags)
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
