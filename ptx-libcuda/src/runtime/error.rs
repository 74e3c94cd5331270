//! The runtime's errors: each thread's last error (`cudaGetLastError`),
//! which a kernel fault keeps sticky, and the codes' names and
//! descriptions from the table `errors.tsv` (CUDA 13.0's
//! `cudaError_t`).

use crate::driver::error::ErrorTable;
use crate::export::{Status, runtime_api};
use crate::state::state;
use std::cell::Cell;
use std::ffi::c_char;
use std::sync::OnceLock;

thread_local! {
    /// The calling thread's last error, until `cudaGetLastError` reads it.
    static LAST: Cell<Status> = const { Cell::new(0) };
}

/// Notes `status`, a runtime call's, as the thread's last error if it is
/// one; returns it.
pub fn record(status: Status) -> Status {
    if status != 0 {
        LAST.with(|last| last.set(status));
    }
    status
}

/// The runtime's codes.
pub fn table() -> &'static ErrorTable {
    static TABLE: OnceLock<ErrorTable> = OnceLock::new();
    TABLE.get_or_init(|| ErrorTable::parse(include_str!("errors.tsv")))
}

/// The thread's last error, or the sticky fault.
fn last(reset: bool) -> Status {
    let noted = LAST.with(|last| if reset { last.replace(0) } else { last.get() });
    let sticky = state().sticky;
    sticky.unwrap_or(noted)
}

/// What `cudaGetErrorString` says of a code it does not know.
const UNRECOGNIZED: &std::ffi::CStr = c"unrecognized error code";

runtime_api! {
    /// `cudaGetLastError`: the last error, reset (a fault stays).
    fn cudaGetLastError() -> Status [crate::driver::error::CUDA_ERROR_UNKNOWN] {
        last(true)
    }

    /// `cudaPeekAtLastError`: the last error, kept.
    fn cudaPeekAtLastError() -> Status [crate::driver::error::CUDA_ERROR_UNKNOWN] {
        last(false)
    }

    /// `cudaGetErrorName`.
    fn cudaGetErrorName(error: Status) -> *const c_char [UNRECOGNIZED.as_ptr()] {
        table().name(error).map_or(UNRECOGNIZED.as_ptr(), |n| n.as_ptr())
    }

    /// `cudaGetErrorString`.
    fn cudaGetErrorString(error: Status) -> *const c_char [UNRECOGNIZED.as_ptr()] {
        table().description(error).map_or(UNRECOGNIZED.as_ptr(), |n| n.as_ptr())
    }
}
