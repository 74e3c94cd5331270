//! `cuGetProcAddress`: how CUDA 12+ runtimes, CuPy and cudarc reach
//! every driver entry point. A name this library implements answers with
//! its function, in the ABI the CUDA version asks for being 13.0's (the
//! base name `cuMemAlloc` is `cuMemAlloc_v2`), except the calls whose
//! `_v2` came late, `cuMemPrefetchAsync` and `cuMemAdvise`: as
//! `cuGetProcAddress` does, a version before 12.2 (NVIDIA's runtime asks
//! with 8000, then 12020) gets their first ABI; any other name is
//! `CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND` (success where a status says
//! it, `CUDA_ERROR_NOT_FOUND` where none can).
//! The per-thread default stream forms are the same functions: every
//! stream runs its work at the call.

use crate::driver::array::*;
use crate::driver::context::*;
use crate::driver::error::*;
use crate::driver::event::*;
use crate::driver::export_table::cuGetExportTable;
use crate::driver::init::*;
use crate::driver::launch::*;
use crate::driver::limit::*;
use crate::driver::link::*;
use crate::driver::memory::*;
use crate::driver::module::*;
use crate::driver::pitched::*;
use crate::driver::stream::*;
use crate::driver::tensor_map::*;
use crate::export::{Status, driver_api, out, text};
use std::ffi::{c_char, c_void};

/// `CU_GET_PROC_ADDRESS_SUCCESS`.
const SYMBOL_SUCCESS: i32 = 0;
/// `CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND`.
const SYMBOL_NOT_FOUND: i32 = 1;

/// The entry points `cuGetProcAddress` answers for: each name a program
/// may ask for (the base name and the exported one) and the function.
macro_rules! entry_points {
    ($($($name:literal)|+ => $function:ident,)*) => {
        /// The function called `name`, if this library has it.
        pub fn lookup(name: &str) -> Option<*const c_void> {
            match name {
                $($($name)|+ => Some($function as *const c_void),)*
                _ => None,
            }
        }
    };
}

entry_points! {
    "cuInit" => cuInit,
    "cuArrayCreate" | "cuArrayCreate_v2" => cuArrayCreate_v2,
    "cuArray3DCreate" | "cuArray3DCreate_v2" => cuArray3DCreate_v2,
    "cuArrayDestroy" => cuArrayDestroy,
    "cuArrayGetDescriptor" | "cuArrayGetDescriptor_v2" => cuArrayGetDescriptor_v2,
    "cuArray3DGetDescriptor" | "cuArray3DGetDescriptor_v2" => cuArray3DGetDescriptor_v2,
    "cuTexObjectCreate" => cuTexObjectCreate,
    "cuTexObjectDestroy" => cuTexObjectDestroy,
    "cuTexObjectGetResourceDesc" => cuTexObjectGetResourceDesc,
    "cuTexObjectGetTextureDesc" => cuTexObjectGetTextureDesc,
    "cuSurfObjectCreate" => cuSurfObjectCreate,
    "cuSurfObjectDestroy" => cuSurfObjectDestroy,
    "cuSurfObjectGetResourceDesc" => cuSurfObjectGetResourceDesc,
    "cuDriverGetVersion" => cuDriverGetVersion,
    "cuDeviceGet" => cuDeviceGet,
    "cuDeviceGetCount" => cuDeviceGetCount,
    "cuDeviceGetName" => cuDeviceGetName,
    "cuDeviceTotalMem" | "cuDeviceTotalMem_v2" => cuDeviceTotalMem_v2,
    "cuDeviceGetAttribute" => cuDeviceGetAttribute,
    "cuDeviceGetUuid" | "cuDeviceGetUuid_v2" => cuDeviceGetUuid_v2,
    "cuDeviceComputeCapability" => cuDeviceComputeCapability,
    "cuDevicePrimaryCtxRetain" => cuDevicePrimaryCtxRetain,
    "cuDevicePrimaryCtxRelease" | "cuDevicePrimaryCtxRelease_v2" => cuDevicePrimaryCtxRelease_v2,
    "cuDevicePrimaryCtxReset" | "cuDevicePrimaryCtxReset_v2" => cuDevicePrimaryCtxReset_v2,
    "cuDevicePrimaryCtxGetState" => cuDevicePrimaryCtxGetState,
    "cuDevicePrimaryCtxSetFlags" | "cuDevicePrimaryCtxSetFlags_v2" => cuDevicePrimaryCtxSetFlags_v2,
    "cuCtxCreate" | "cuCtxCreate_v4" => cuCtxCreate_v4,
    "cuCtxCreate_v2" => cuCtxCreate_v2,
    "cuCtxDestroy" | "cuCtxDestroy_v2" => cuCtxDestroy_v2,
    "cuCtxGetCurrent" => cuCtxGetCurrent,
    "cuCtxSetCurrent" => cuCtxSetCurrent,
    "cuCtxPushCurrent" | "cuCtxPushCurrent_v2" => cuCtxPushCurrent_v2,
    "cuCtxPopCurrent" | "cuCtxPopCurrent_v2" => cuCtxPopCurrent_v2,
    "cuCtxSynchronize" => cuCtxSynchronize,
    "cuCtxGetDevice" => cuCtxGetDevice,
    "cuCtxGetFlags" => cuCtxGetFlags,
    "cuCtxGetApiVersion" => cuCtxGetApiVersion,
    "cuCtxGetStreamPriorityRange" => cuCtxGetStreamPriorityRange,
    "cuProfilerStart" => cuProfilerStart,
    "cuProfilerStop" => cuProfilerStop,
    "cuModuleLoadData" => cuModuleLoadData,
    "cuModuleLoadDataEx" => cuModuleLoadDataEx,
    "cuModuleLoadFatBinary" => cuModuleLoadFatBinary,
    "cuModuleUnload" => cuModuleUnload,
    "cuModuleGetFunction" => cuModuleGetFunction,
    "cuModuleGetGlobal" | "cuModuleGetGlobal_v2" => cuModuleGetGlobal_v2,
    "cuLibraryLoadData" => cuLibraryLoadData,
    "cuLibraryUnload" => cuLibraryUnload,
    "cuLibraryGetKernel" => cuLibraryGetKernel,
    "cuLibraryGetModule" => cuLibraryGetModule,
    "cuLibraryGetGlobal" => cuLibraryGetGlobal,
    "cuLibraryGetManaged" => cuLibraryGetManaged,
    "cuKernelGetFunction" => cuKernelGetFunction,
    "cuKernelGetAttribute" => cuKernelGetAttribute,
    "cuKernelSetAttribute" => cuKernelSetAttribute,
    "cuFuncGetAttribute" => cuFuncGetAttribute,
    "cuFuncSetAttribute" => cuFuncSetAttribute,
    "cuFuncSetCacheConfig" => cuFuncSetCacheConfig,
    "cuMemAlloc" | "cuMemAlloc_v2" => cuMemAlloc_v2,
    "cuMemAllocManaged" => cuMemAllocManaged,
    "cuMemPrefetchAsync" | "cuMemPrefetchAsync_v2" => cuMemPrefetchAsync_v2,
    "cuMemAdvise" | "cuMemAdvise_v2" => cuMemAdvise_v2,
    "cuStreamAttachMemAsync" => cuStreamAttachMemAsync,
    "cuMemFree" | "cuMemFree_v2" => cuMemFree_v2,
    "cuMemAllocHost" | "cuMemAllocHost_v2" => cuMemAllocHost_v2,
    "cuMemHostAlloc" => cuMemHostAlloc,
    "cuMemFreeHost" => cuMemFreeHost,
    "cuMemGetInfo" | "cuMemGetInfo_v2" => cuMemGetInfo_v2,
    "cuMemGetAddressRange" | "cuMemGetAddressRange_v2" => cuMemGetAddressRange_v2,
    "cuMemcpyHtoD" | "cuMemcpyHtoD_v2" => cuMemcpyHtoD_v2,
    "cuMemcpyDtoH" | "cuMemcpyDtoH_v2" => cuMemcpyDtoH_v2,
    "cuMemcpyDtoD" | "cuMemcpyDtoD_v2" => cuMemcpyDtoD_v2,
    "cuMemcpy" => cuMemcpy,
    "cuMemcpyHtoDAsync" | "cuMemcpyHtoDAsync_v2" => cuMemcpyHtoDAsync_v2,
    "cuMemcpyDtoHAsync" | "cuMemcpyDtoHAsync_v2" => cuMemcpyDtoHAsync_v2,
    "cuMemcpyDtoDAsync" | "cuMemcpyDtoDAsync_v2" => cuMemcpyDtoDAsync_v2,
    "cuMemcpyAsync" => cuMemcpyAsync,
    "cuMemsetD8" | "cuMemsetD8_v2" => cuMemsetD8_v2,
    "cuMemsetD16" | "cuMemsetD16_v2" => cuMemsetD16_v2,
    "cuMemsetD32" | "cuMemsetD32_v2" => cuMemsetD32_v2,
    "cuMemsetD8Async" => cuMemsetD8Async,
    "cuMemsetD16Async" => cuMemsetD16Async,
    "cuMemsetD32Async" => cuMemsetD32Async,
    "cuMemAllocPitch" | "cuMemAllocPitch_v2" => cuMemAllocPitch_v2,
    "cuMemcpy2D" | "cuMemcpy2D_v2" => cuMemcpy2D_v2,
    "cuMemcpy2DUnaligned" | "cuMemcpy2DUnaligned_v2" => cuMemcpy2DUnaligned_v2,
    "cuMemcpy2DAsync" | "cuMemcpy2DAsync_v2" => cuMemcpy2DAsync_v2,
    "cuMemcpy3D" | "cuMemcpy3D_v2" => cuMemcpy3D_v2,
    "cuMemcpy3DAsync" | "cuMemcpy3DAsync_v2" => cuMemcpy3DAsync_v2,
    "cuMemsetD2D8" | "cuMemsetD2D8_v2" => cuMemsetD2D8_v2,
    "cuMemsetD2D16" | "cuMemsetD2D16_v2" => cuMemsetD2D16_v2,
    "cuMemsetD2D32" | "cuMemsetD2D32_v2" => cuMemsetD2D32_v2,
    "cuMemsetD2D8Async" => cuMemsetD2D8Async,
    "cuMemsetD2D16Async" => cuMemsetD2D16Async,
    "cuMemsetD2D32Async" => cuMemsetD2D32Async,
    "cuPointerGetAttribute" => cuPointerGetAttribute,
    "cuPointerGetAttributes" => cuPointerGetAttributes,
    "cuLaunchKernel" => cuLaunchKernel,
    "cuLaunchKernelEx" => cuLaunchKernelEx,
    "cuLaunchCooperativeKernel" => cuLaunchCooperativeKernel,
    "cuOccupancyMaxActiveBlocksPerMultiprocessor" => cuOccupancyMaxActiveBlocksPerMultiprocessor,
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags" => cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags,
    "cuOccupancyMaxPotentialBlockSize" => cuOccupancyMaxPotentialBlockSize,
    "cuStreamCreate" => cuStreamCreate,
    "cuStreamCreateWithPriority" => cuStreamCreateWithPriority,
    "cuStreamDestroy" | "cuStreamDestroy_v2" => cuStreamDestroy_v2,
    "cuStreamSynchronize" => cuStreamSynchronize,
    "cuStreamQuery" => cuStreamQuery,
    "cuStreamWaitEvent" => cuStreamWaitEvent,
    "cuStreamGetPriority" => cuStreamGetPriority,
    "cuStreamGetFlags" => cuStreamGetFlags,
    "cuStreamIsCapturing" => cuStreamIsCapturing,
    "cuStreamAddCallback" => cuStreamAddCallback,
    "cuFuncGetName" => cuFuncGetName,
    "cuStreamSetAttribute" => cuStreamSetAttribute,
    "cuStreamGetAttribute" => cuStreamGetAttribute,
    "cuCtxResetPersistingL2Cache" => cuCtxResetPersistingL2Cache,
    "cuLaunchHostFunc" => cuLaunchHostFunc,
    "cuCtxSetLimit" => cuCtxSetLimit,
    "cuCtxGetLimit" => cuCtxGetLimit,
    "cuDeviceCanAccessPeer" => cuDeviceCanAccessPeer,
    "cuDeviceGetPCIBusId" => cuDeviceGetPCIBusId,
    "cuDeviceGetByPCIBusId" => cuDeviceGetByPCIBusId,
    "cuEventCreate" => cuEventCreate,
    "cuEventRecord" => cuEventRecord,
    "cuEventRecordWithFlags" => cuEventRecordWithFlags,
    "cuEventSynchronize" => cuEventSynchronize,
    "cuEventQuery" => cuEventQuery,
    "cuEventElapsedTime" | "cuEventElapsedTime_v2" => cuEventElapsedTime_v2,
    "cuEventDestroy" | "cuEventDestroy_v2" => cuEventDestroy_v2,
    "cuLinkCreate" | "cuLinkCreate_v2" => cuLinkCreate_v2,
    "cuLinkAddData" | "cuLinkAddData_v2" => cuLinkAddData_v2,
    "cuLinkAddFile" | "cuLinkAddFile_v2" => cuLinkAddFile_v2,
    "cuLinkComplete" => cuLinkComplete,
    "cuLinkDestroy" => cuLinkDestroy,
    "cuTensorMapEncodeTiled" => cuTensorMapEncodeTiled,
    "cuTensorMapEncodeIm2col" => cuTensorMapEncodeIm2col,
    "cuTensorMapReplaceAddress" => cuTensorMapReplaceAddress,
    "cuGetErrorName" => cuGetErrorName,
    "cuGetErrorString" => cuGetErrorString,
    "cuGetProcAddress" | "cuGetProcAddress_v2" => cuGetProcAddress_v2,
    "cuGetExportTable" => cuGetExportTable,
}

/// The function a base name stood for before CUDA 12.2 added its `_v2`.
fn before_12_2(name: &str) -> Option<*const c_void> {
    match name {
        "cuMemPrefetchAsync" => Some(cuMemPrefetchAsync as *const c_void),
        "cuMemAdvise" => Some(cuMemAdvise as *const c_void),
        _ => None,
    }
}

/// Looks `symbol` up for `cuGetProcAddress` as CUDA `version` (12020
/// for 12.2) names it: the newest ABI of the name up to that version, or
/// `CUDA_ERROR_NOT_FOUND`; `status` (if not null) says which.
///
/// # Safety
/// `symbol` must be a C string; `function` and a non-null `status` must
/// be writable.
pub unsafe fn get_proc_address(
    symbol: *const c_char,
    function: *mut *const c_void,
    version: i32,
    status: *mut i32,
) -> Result<(), Status> {
    // SAFETY: the caller's pointers.
    let (name, function) = unsafe { (text(symbol)?, out(function)?) };
    let name = name
        .strip_suffix("_ptsz")
        .or(name.strip_suffix("_ptds"))
        .unwrap_or(name);
    let old = if version < 12020 {
        before_12_2(name)
    } else {
        None
    };
    let found = old.or_else(|| lookup(name));
    *function = found.unwrap_or(std::ptr::null());
    // SAFETY: the caller's optional out-parameter.
    if let Some(status) = unsafe { status.as_mut() } {
        *status = if found.is_some() {
            SYMBOL_SUCCESS
        } else {
            SYMBOL_NOT_FOUND
        };
    }
    found.map(drop).ok_or(CUDA_ERROR_NOT_FOUND)
}

driver_api! {
    /// `cuGetProcAddress` (before CUDA 12's status argument).
    fn cuGetProcAddress(symbol: *const c_char, function: *mut *const c_void, version: i32, flags: u64) {
        let _ = flags;
        get_proc_address(symbol, function, version, std::ptr::null_mut())
    }

    /// `cuGetProcAddress_v2` (CUDA 12+'s `cuGetProcAddress`). With a
    /// `status` to say it in, an unknown name is not an error: as an
    /// H200's driver does (`tests/gpu-clients/h200/driver.txt`), the call
    /// succeeds with `CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND` and a null
    /// function.
    fn cuGetProcAddress_v2(symbol: *const c_char, function: *mut *const c_void, version: i32, flags: u64, status: *mut i32) {
        let _ = flags;
        match get_proc_address(symbol, function, version, status) {
            Err(CUDA_ERROR_NOT_FOUND) if !status.is_null() => Ok(()),
            other => other,
        }
    }
}
