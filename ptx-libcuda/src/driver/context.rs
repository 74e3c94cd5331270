//! Contexts: the device's primary context (retained and released, as the
//! runtime uses it) and created ones, and each host thread's stack of
//! current contexts. Every context shares the one simulated device and
//! its memory; a context is what makes calls legal on a thread
//! (`CUDA_ERROR_INVALID_CONTEXT` without one), as in CUDA.

use crate::driver::error::{CUDA_ERROR_INVALID_CONTEXT, CUDA_ERROR_INVALID_VALUE};
use crate::driver::init::check_device;
use crate::export::{Outcome, Status, driver_api, out};
use crate::state::{CONTEXT_STACK, Context, Handle, State, Stored, current, state};
use std::ffi::c_void;

/// Retains the primary context (making it at the first retain): its
/// handle.
pub fn retain_primary(state: &mut State) -> Handle {
    state.primary.retained += 1;
    match state.primary.handle {
        Some(handle) if state.contexts.contains(handle) => handle,
        _ => {
            let flags = state.primary.flags;
            let handle = state.contexts.insert(Context::new(flags, true));
            state.primary.handle = Some(handle);
            handle
        }
    }
}

/// Makes `context` current on the calling thread (replacing the top of
/// its stack, as `cuCtxSetCurrent` does; 0 pops it).
pub fn set_current(context: Handle) {
    CONTEXT_STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        stack.pop();
        if context != 0 {
            stack.push(context);
        }
    });
}

/// Waits for the device: work runs at the call, so only a fault is left
/// to report (or a capture under way, which this invalidates).
pub fn synchronize(state: &mut State) -> Outcome {
    crate::driver::capture::check_context_wait(state)?;
    state.ready()
}

driver_api! {
    /// `cuDevicePrimaryCtxRetain`.
    fn cuDevicePrimaryCtxRetain(context: *mut Handle, device: i32) {
        let mut state = state();
        state.initialized()?;
        check_device(device)?;
        let context = out(context)?;
        *context = retain_primary(&mut state);
        Ok(())
    }

    /// `cuDevicePrimaryCtxRelease_v2`: the context stays (and its handle
    /// with it) when the count reaches 0; it is inactive.
    fn cuDevicePrimaryCtxRelease_v2(device: i32) {
        let mut state = state();
        state.initialized()?;
        check_device(device)?;
        if state.primary.retained == 0 {
            return Err(CUDA_ERROR_INVALID_CONTEXT);
        }
        state.primary.retained -= 1;
        Ok(())
    }

    /// `cuDevicePrimaryCtxReset_v2`: frees every allocation and clears a
    /// fault, as a reset of the device does (modules stay loaded).
    /// The primary context's local storage goes with it: its
    /// destructors run.
    fn cuDevicePrimaryCtxReset_v2(device: i32) {
        let gone = {
            let mut state = state();
            state.initialized()?;
            check_device(device)?;
            reset(&mut state);
            match state.primary.handle {
                Some(primary) => forget_storage(&mut state, primary),
                None => Vec::new(),
            }
        };
        run_destructors(gone);
        Ok(())
    }

    /// `cuDevicePrimaryCtxGetState`.
    fn cuDevicePrimaryCtxGetState(device: i32, flags: *mut u32, active: *mut i32) {
        let state = state();
        state.initialized()?;
        check_device(device)?;
        *out(flags)? = state.primary.flags;
        *out(active)? = i32::from(state.primary.retained > 0);
        Ok(())
    }

    /// `cuDevicePrimaryCtxSetFlags_v2`: remembered, and otherwise of no
    /// effect (scheduling flags mean nothing to the simulator).
    fn cuDevicePrimaryCtxSetFlags_v2(device: i32, flags: u32) {
        let mut state = state();
        state.initialized()?;
        check_device(device)?;
        state.primary.flags = flags;
        Ok(())
    }

    /// `cuCtxCreate_v4` (CUDA 13's `cuCtxCreate`): a new context, current.
    fn cuCtxCreate_v4(context: *mut Handle, params: *mut c_void, flags: u32, device: i32) {
        let _ = params;
        create(context, flags, device)
    }

    /// `cuCtxCreate_v2` (CUDA 11's `cuCtxCreate`).
    fn cuCtxCreate_v2(context: *mut Handle, flags: u32, device: i32) {
        create(context, flags, device)
    }

    /// `cuCtxDestroy_v2`: gone from the calling thread's stack too.
    /// Its local storage's destructors run.
    fn cuCtxDestroy_v2(context: Handle) {
        let gone = {
            let mut state = state();
            state.initialized()?;
            let found = state.contexts.get(context)?;
            if found.primary {
                return Err(CUDA_ERROR_INVALID_CONTEXT);
            }
            let gone = forget_storage(&mut state, context);
            state.contexts.remove(context)?;
            gone
        };
        CONTEXT_STACK.with(|stack| stack.borrow_mut().retain(|&c| c != context));
        run_destructors(gone);
        Ok(())
    }

    /// `cuCtxGetCurrent`: null when none.
    fn cuCtxGetCurrent(context: *mut Handle) {
        state().initialized()?;
        *out(context)? = current().unwrap_or(0);
        Ok(())
    }

    /// `cuCtxSetCurrent`.
    fn cuCtxSetCurrent(context: Handle) {
        let state = state();
        state.initialized()?;
        if context != 0 {
            state.contexts.get(context)?;
        }
        set_current(context);
        Ok(())
    }

    /// `cuCtxPushCurrent_v2`.
    fn cuCtxPushCurrent_v2(context: Handle) {
        let state = state();
        state.initialized()?;
        state.contexts.get(context)?;
        CONTEXT_STACK.with(|stack| stack.borrow_mut().push(context));
        Ok(())
    }

    /// `cuCtxPopCurrent_v2`.
    fn cuCtxPopCurrent_v2(context: *mut Handle) {
        state().initialized()?;
        let popped = CONTEXT_STACK.with(|stack| stack.borrow_mut().pop());
        let popped = popped.ok_or(CUDA_ERROR_INVALID_CONTEXT)?;
        if !context.is_null() {
            *out(context)? = popped;
        }
        Ok(())
    }

    /// `cuCtxSynchronize`: a fault since, if any.
    fn cuCtxSynchronize() {
        synchronize(&mut state())
    }

    /// `cuCtxGetDevice`: device 0.
    fn cuCtxGetDevice(device: *mut i32) {
        state().context()?;
        *out(device)? = 0;
        Ok(())
    }

    /// `cuCtxGetFlags`.
    fn cuCtxGetFlags(flags: *mut u32) {
        let state = state();
        let context = state.context()?;
        *out(flags)? = state.contexts.get(context)?.flags;
        Ok(())
    }

    /// `cuProfilerStart`: nothing to profile (a context must be
    /// current).
    fn cuProfilerStart() {
        state().context()?;
        Ok(())
    }

    /// `cuProfilerStop`: as `cuProfilerStart`.
    fn cuProfilerStop() {
        state().context()?;
        Ok(())
    }

    /// `cuCtxGetApiVersion`: 3020, the context API's version CUDA
    /// reports.
    fn cuCtxGetApiVersion(context: Handle, version: *mut u32) {
        let state = state();
        state.initialized()?;
        if context != 0 {
            state.contexts.get(context)?;
        }
        *out(version)? = 3020;
        Ok(())
    }
}

/// Creates a context and pushes it on the calling thread's stack.
///
/// # Safety
/// A non-null `context` must be writable.
pub unsafe fn create(context: *mut Handle, flags: u32, device: i32) -> Outcome {
    let mut state = state();
    state.initialized()?;
    check_device(device)?;
    // SAFETY: the caller's out-parameter.
    let context = unsafe { out(context) }?;
    let handle = state.contexts.insert(Context::new(flags, false));
    CONTEXT_STACK.with(|stack| stack.borrow_mut().push(handle));
    *context = handle;
    Ok(())
}

/// A context's local storage, emptied: each key with its value and
/// destructor, for [`run_destructors`] once the state is unlocked.
pub fn forget_storage(state: &mut State, context: Handle) -> Vec<(Handle, usize, Stored)> {
    match state.contexts.get_mut(context) {
        Ok(found) => found
            .storage
            .drain()
            .map(|(key, stored)| (context, key, stored))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Calls the destructors of storage that went with its context (never
/// with the state locked: a destructor may call the driver).
pub fn run_destructors(gone: Vec<(Handle, usize, Stored)>) {
    for (context, key, stored) in gone {
        if let Some(destructor) = stored.destructor {
            // SAFETY: the runtime registered it for this context, key and
            // value.
            unsafe { destructor(context, key, stored.value) };
        }
    }
}

/// Frees every device allocation (unmapping managed ones from the host)
/// and the device heap, and all page-locked host memory (unregistering
/// registered ranges), as a reset does on a GPU, and clears the fault (a
/// device reset).
pub fn reset(state: &mut State) {
    let addrs: Vec<u64> = state.device_memory.keys().copied().collect();
    for addr in addrs {
        let _ = crate::driver::memory::free(state, addr);
    }
    crate::driver::host::release_all(state);
    state.sticky = None;
    // The heap and what kernels left in it go with the context.
    let _ = state.device.reset_heap();
    crate::driver::limit::reset();
}

/// `CUDA_ERROR_INVALID_VALUE` for a null handle where one is needed.
pub fn non_null(handle: Handle) -> Result<Handle, Status> {
    if handle == 0 {
        Err(CUDA_ERROR_INVALID_VALUE)
    } else {
        Ok(handle)
    }
}
