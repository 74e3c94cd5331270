//! How an entry point is exported, written once: the C ABI under its
//! unmangled name, its body run inside `catch_unwind` (a panic must not
//! unwind into C: it becomes `CUDA_ERROR_UNKNOWN` / `cudaErrorUnknown`
//! and a line on stderr), and, for the runtime's, the symbol version
//! `libcudart.so.13` that NVIDIA's runtime gives its entry points.
//!
//! A body returns `Result<(), code>`; `?` on the helpers of this module
//! (a null pointer is `CUDA_ERROR_INVALID_VALUE`) and of the state
//! ([`crate::state`]) keeps it short:
//!
//! ```ignore
//! driver_api! {
//!     /// `cuDeviceGetCount`: one device.
//!     fn cuDeviceGetCount(count: *mut i32) {
//!         *out(count)? = 1;
//!         Ok(())
//!     }
//! }
//! ```

use std::panic::{AssertUnwindSafe, catch_unwind};

/// A CUDA status code (`CUresult` and `cudaError_t` number their common
/// errors alike, so the runtime passes the driver's on unchanged).
pub type Status = u32;

/// What an entry point's body returns: success, or the code to return.
pub type Outcome = Result<(), Status>;

/// Runs `body`, an entry point's, turning a panic into `unknown` and a
/// line on stderr naming the entry point.
pub fn guard<R>(name: &str, unknown: R, body: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            eprintln!("ptx-libcuda: {name} failed inside the library: {why}");
            unknown
        }
    }
}

/// The status an [`Outcome`] returns as.
pub fn status(outcome: Outcome) -> Status {
    match outcome {
        Ok(()) => 0,
        Err(code) => code,
    }
}

/// `status` as an [`Outcome`] (for an entry point that answers as
/// another does).
pub fn outcome(status: Status) -> Outcome {
    if status == 0 { Ok(()) } else { Err(status) }
}

/// `pointer` as a place to write a result to, or
/// `CUDA_ERROR_INVALID_VALUE` if it is null.
///
/// # Safety
/// A non-null `pointer` must be valid for writes of a `T`, as the CUDA
/// API documents for its out-parameters.
pub unsafe fn out<'a, T>(pointer: *mut T) -> Result<&'a mut T, Status> {
    // SAFETY: the caller promises a non-null pointer is valid.
    unsafe { pointer.as_mut() }.ok_or(crate::driver::error::CUDA_ERROR_INVALID_VALUE)
}

/// `pointer` as a value to read, or `CUDA_ERROR_INVALID_VALUE` if it is
/// null.
///
/// # Safety
/// A non-null `pointer` must be valid for reads of a `T`.
pub unsafe fn input<'a, T>(pointer: *const T) -> Result<&'a T, Status> {
    // SAFETY: the caller promises a non-null pointer is valid.
    unsafe { pointer.as_ref() }.ok_or(crate::driver::error::CUDA_ERROR_INVALID_VALUE)
}

/// The NUL-terminated string at `pointer`, or `CUDA_ERROR_INVALID_VALUE`
/// if it is null or not UTF-8.
///
/// # Safety
/// A non-null `pointer` must point to a NUL-terminated string.
pub unsafe fn text<'a>(pointer: *const std::ffi::c_char) -> Result<&'a str, Status> {
    if pointer.is_null() {
        return Err(crate::driver::error::CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: the caller promises a NUL-terminated string.
    unsafe { std::ffi::CStr::from_ptr(pointer) }
        .to_str()
        .map_err(|_| crate::driver::error::CUDA_ERROR_INVALID_VALUE)
}

/// Exports driver entry points (unversioned, as `libcuda.so.1`'s are):
/// each `fn` returns `CUresult`, its body an [`Outcome`] run under
/// [`guard`]. Bodies run in an `unsafe` block: their raw pointers are
/// the C caller's, valid as the CUDA API documents.
macro_rules! driver_api {
    ($($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block)*) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// Pointers must be valid as the CUDA driver API documents.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $crate::export::Status {
            $crate::export::status($crate::export::guard(
                stringify!($name),
                Err($crate::driver::error::CUDA_ERROR_UNKNOWN),
                #[allow(unused_unsafe, clippy::macro_metavars_in_unsafe)]
                // SAFETY: the C caller's pointers are valid as the API
                // documents; each is checked for null where it is read.
                || -> $crate::export::Outcome { unsafe { $body } },
            ))
        }
    )*};
}

/// Exports runtime entry points with the symbol version
/// `libcudart.so.13`. The plain form returns `cudaError_t` from an
/// [`Outcome`] and records a failure for `cudaGetLastError`; the form
/// `fn name(..) -> Type [fallback] { .. }` returns what its body does
/// (`fallback` after a panic).
macro_rules! runtime_api {
    () => {};
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// Pointers must be valid as the CUDA runtime API documents.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $crate::export::Status {
            let status = $crate::export::status($crate::export::guard(
                stringify!($name),
                Err($crate::driver::error::CUDA_ERROR_UNKNOWN),
                #[allow(unused_unsafe, clippy::macro_metavars_in_unsafe)]
                // SAFETY: the C caller's pointers are valid as the API
                // documents; each is checked for null where it is read.
                || -> $crate::export::Outcome { unsafe { $body } },
            ));
            $crate::runtime::error::record(status)
        }
        $crate::export::versioned!($name);
        $crate::export::runtime_api!($($rest)*);
    };
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty [$fallback:expr] $body:block $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// Pointers must be valid as the CUDA runtime API documents.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
            $crate::export::guard(
                stringify!($name),
                $fallback,
                #[allow(unused_unsafe, clippy::macro_metavars_in_unsafe)]
                // SAFETY: as above.
                || -> $ret { unsafe { $body } },
            )
        }
        $crate::export::versioned!($name);
        $crate::export::runtime_api!($($rest)*);
    };
}

/// Gives the exported symbol `name` the version `libcudart.so.13` (the
/// node `versions.map` defines). Not in unit tests: their executable has
/// no such node to bind to.
macro_rules! versioned {
    ($name:ident) => {
        #[cfg(not(test))]
        std::arch::global_asm!(concat!(
            ".symver ",
            stringify!($name),
            ", ",
            stringify!($name),
            "@@libcudart.so.13"
        ));
    };
}

pub(crate) use {driver_api, runtime_api, versioned};
