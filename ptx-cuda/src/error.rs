//! Why a launch, or a device call, on the GPU failed. ptx-sim's public
//! errors (`KernelError::Gpu`, `DeviceError::{Gpu, NoGpu}`) carry its
//! message.

/// Why the GPU could not do what was asked.
///
/// ```
/// use ptx_cuda::GpuError;
/// let why = GpuError::Call { call: "cuMemAlloc", error: "CUDA_ERROR_OUT_OF_MEMORY".into() };
/// assert_eq!(why.to_string(), "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GpuError {
    /// `libcuda` is not on this machine.
    #[error("no CUDA driver on this machine (libcuda.so was not found)")]
    NoDriver,
    /// The driver counts no device.
    #[error("the CUDA driver sees no GPU")]
    NoGpu,
    /// A driver call returned an error.
    #[error("{call} failed: {error}")]
    Call {
        /// The driver function (`cuMemAlloc`).
        call: &'static str,
        /// The driver's name for the error (`CUDA_ERROR_OUT_OF_MEMORY`).
        error: String,
    },
    /// Looking up a module's `.global` variable failed.
    #[error("cuModuleGetGlobal `{name}` failed: {error}")]
    Global {
        /// The variable.
        name: String,
        /// The driver's name for the error.
        error: String,
    },
    /// The driver's JIT compiler rejected the module's text.
    #[error("the CUDA driver rejected the module ({error}): {log}")]
    ModuleRejected {
        /// The driver's name for the error.
        error: String,
        /// The JIT compiler's log, trimmed.
        log: String,
    },
    /// The kernel faulted while it ran (an illegal address, a `trap`).
    #[error("the kernel failed on the GPU: {error}")]
    KernelFailed {
        /// The driver's name for the error (`CUDA_ERROR_ILLEGAL_ADDRESS`).
        error: String,
    },
    /// A name passed to the driver holds a NUL byte, which a C string
    /// cannot.
    #[error("`{0}` holds a NUL byte, which the CUDA driver cannot take")]
    NulInName(String),
    /// The module's text holds a NUL byte.
    #[error("the module's text holds a NUL byte")]
    NulInModule,
}

#[cfg(test)]
mod tests {
    use super::GpuError;

    /// The messages are what `KernelError::Gpu`'s `detail` and
    /// `DeviceError::{Gpu, NoGpu}` print, word for word as they did when
    /// they were built as strings: a driver call names itself and the
    /// driver's error, a rejected module carries the JIT log.
    #[test]
    fn messages_name_the_call_and_the_driver_error() {
        let call = GpuError::Call {
            call: "cuMemAlloc",
            error: "CUDA_ERROR_OUT_OF_MEMORY".into(),
        };
        assert_eq!(
            call.to_string(),
            "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY"
        );
        let global = GpuError::Global {
            name: "counter".into(),
            error: "CUDA_ERROR_NOT_FOUND".into(),
        };
        assert_eq!(
            global.to_string(),
            "cuModuleGetGlobal `counter` failed: CUDA_ERROR_NOT_FOUND"
        );
        let rejected = GpuError::ModuleRejected {
            error: "CUDA_ERROR_INVALID_PTX".into(),
            log: "ptxas fatal: syntax error".into(),
        };
        assert_eq!(
            rejected.to_string(),
            "the CUDA driver rejected the module (CUDA_ERROR_INVALID_PTX): ptxas fatal: syntax error"
        );
        let failed = GpuError::KernelFailed {
            error: "CUDA_ERROR_ILLEGAL_ADDRESS".into(),
        };
        assert_eq!(
            failed.to_string(),
            "the kernel failed on the GPU: CUDA_ERROR_ILLEGAL_ADDRESS"
        );
        assert_eq!(
            GpuError::NoDriver.to_string(),
            "no CUDA driver on this machine (libcuda.so was not found)"
        );
        assert_eq!(GpuError::NoGpu.to_string(), "the CUDA driver sees no GPU");
    }
}
