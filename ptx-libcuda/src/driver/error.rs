//! `CUresult`: the codes this library returns, and their names and
//! descriptions (`cuGetErrorName`, `cuGetErrorString`) from the table
//! `errors.tsv` (CUDA 13.0's enum, NVIDIA's own wording for the codes
//! programs meet most, the header's first sentence for the rest).

use crate::export::{Outcome, Status, driver_api, out};
use std::collections::HashMap;
use std::ffi::{CString, c_char};
use std::sync::OnceLock;

/// The call succeeded.
pub const CUDA_SUCCESS: Status = 0;
/// An argument out of range, or a null pointer.
pub const CUDA_ERROR_INVALID_VALUE: Status = 1;
/// An allocation the device's memory cannot hold.
pub const CUDA_ERROR_OUT_OF_MEMORY: Status = 2;
/// `cuInit` has not been called.
pub const CUDA_ERROR_NOT_INITIALIZED: Status = 3;
/// A device ordinal other than 0.
pub const CUDA_ERROR_INVALID_DEVICE: Status = 101;
/// No context is current on the calling thread, or it was destroyed.
pub const CUDA_ERROR_INVALID_CONTEXT: Status = 201;
/// An image that is neither PTX nor a fat binary with PTX for sm_90.
pub const CUDA_ERROR_INVALID_IMAGE: Status = 200;
/// A fat binary with no PTX the simulator can run.
pub const CUDA_ERROR_NO_BINARY_FOR_GPU: Status = 209;
/// PTX that does not load (what ptxas would reject).
pub const CUDA_ERROR_INVALID_PTX: Status = 218;
/// A `CUlimit` number that names no limit.
pub const CUDA_ERROR_UNSUPPORTED_LIMIT: Status = 215;
/// A file (`cuLinkAddFile`, `cuModuleLoad`) that cannot be read.
pub const CUDA_ERROR_FILE_NOT_FOUND: Status = 301;
/// A handle this library did not give out, or one destroyed since.
pub const CUDA_ERROR_INVALID_HANDLE: Status = 400;
/// A name (kernel, variable, entry point) not found.
pub const CUDA_ERROR_NOT_FOUND: Status = 500;
/// Work not finished (never, here: work runs at the call).
pub const CUDA_ERROR_NOT_READY: Status = 600;
/// A kernel read or wrote memory it may not: sticky.
pub const CUDA_ERROR_ILLEGAL_ADDRESS: Status = 700;
/// A launch shape beyond the device's or the kernel's limits.
pub const CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: Status = 701;
/// A kernel that made no progress: sticky.
pub const CUDA_ERROR_LAUNCH_TIMEOUT: Status = 702;
/// A kernel's failed `assert`: sticky.
pub const CUDA_ERROR_ASSERT: Status = 710;
/// Host memory to register that overlaps pinned memory already.
pub const CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED: Status = 712;
/// A pointer to unregister that starts no registered range.
pub const CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED: Status = 713;
/// A kernel's misaligned access: sticky.
pub const CUDA_ERROR_MISALIGNED_ADDRESS: Status = 716;
/// Any other kernel fault (a `trap`, a deadlock): sticky.
pub const CUDA_ERROR_LAUNCH_FAILED: Status = 719;
/// What this library does not do.
pub const CUDA_ERROR_NOT_SUPPORTED: Status = 801;
/// A failure inside the library (a panic).
pub const CUDA_ERROR_UNKNOWN: Status = 999;

/// A table of codes: each code's name and description, NUL-terminated
/// for C.
pub struct ErrorTable {
    by_code: HashMap<Status, (CString, CString)>,
}

impl ErrorTable {
    /// Reads `tsv`: `code<TAB>name<TAB>description` lines, `#` comments.
    pub fn parse(tsv: &str) -> ErrorTable {
        let by_code = tsv
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| {
                let mut fields = line.splitn(3, '\t');
                let mut next = || fields.next().expect("errors.tsv has three fields a line");
                let code = next().parse().expect("errors.tsv's codes are numbers");
                let name = CString::new(next()).expect("no NUL in a name");
                let text = CString::new(next()).expect("no NUL in a description");
                (code, (name, text))
            })
            .collect();
        ErrorTable { by_code }
    }

    /// The name of `code` (`CUDA_ERROR_ILLEGAL_ADDRESS`).
    pub fn name(&self, code: Status) -> Option<&CString> {
        self.by_code.get(&code).map(|(name, _)| name)
    }

    /// What `code` means ("an illegal memory access was encountered").
    pub fn description(&self, code: Status) -> Option<&CString> {
        self.by_code.get(&code).map(|(_, text)| text)
    }
}

/// The driver's codes.
pub fn table() -> &'static ErrorTable {
    static TABLE: OnceLock<ErrorTable> = OnceLock::new();
    TABLE.get_or_init(|| ErrorTable::parse(include_str!("errors.tsv")))
}

/// Writes `found`'s C string to `place`, or fails with
/// `CUDA_ERROR_INVALID_VALUE` (and a null string) for an unknown code.
fn answer(found: Option<&CString>, place: &mut *const c_char) -> Outcome {
    match found {
        Some(text) => {
            *place = text.as_ptr();
            Ok(())
        }
        None => {
            *place = std::ptr::null();
            Err(CUDA_ERROR_INVALID_VALUE)
        }
    }
}

driver_api! {
    /// `cuGetErrorName`: the code's name, as the enum spells it.
    fn cuGetErrorName(error: Status, name: *mut *const c_char) {
        answer(table().name(error), out(name)?)
    }

    /// `cuGetErrorString`: what the code means.
    fn cuGetErrorString(error: Status, text: *mut *const c_char) {
        answer(table().description(error), out(text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_the_codes_this_library_returns() {
        for code in [
            CUDA_SUCCESS,
            CUDA_ERROR_INVALID_VALUE,
            CUDA_ERROR_INVALID_HANDLE,
            CUDA_ERROR_ILLEGAL_ADDRESS,
            CUDA_ERROR_NOT_SUPPORTED,
            CUDA_ERROR_UNKNOWN,
        ] {
            assert!(table().name(code).is_some(), "{code}");
        }
        assert_eq!(
            table().name(700).unwrap().to_str(),
            Ok("CUDA_ERROR_ILLEGAL_ADDRESS")
        );
        assert_eq!(
            table().description(700).unwrap().to_str(),
            Ok("an illegal memory access was encountered")
        );
    }
}
