//! `cuGetProcAddress`: how CUDA 12+ runtimes, CuPy and cudarc reach
//! every driver entry point. A name this library implements answers with
//! its function, in the ABI the CUDA version asks for being 13.0's (the
//! base name `cuMemAlloc` is `cuMemAlloc_v2`), except the calls whose
//! ABI changed since CUDA 10 (`cuMemPrefetchAsync` and `cuMemAdvise` in
//! 12.2, the graph calls in 10.1 to 12.3): as `cuGetProcAddress` does, a
//! version before the change (NVIDIA's runtime asks for
//! `cuMemPrefetchAsync` with 8000, then 12020) gets the older ABI
//! (`older_abi`); any other name is
//! `CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND` (success where a status says
//! it, `CUDA_ERROR_NOT_FOUND` where none can).
//! The per-thread default stream forms are the same functions: every
//! stream runs its work at the call.

use crate::driver::array::*;
use crate::driver::capture::*;
use crate::driver::context::*;
use crate::driver::error::*;
use crate::driver::event::*;
use crate::driver::export_table::cuGetExportTable;
use crate::driver::graph::*;
use crate::driver::host::*;
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
    "cuMemHostRegister" | "cuMemHostRegister_v2" => cuMemHostRegister_v2,
    "cuMemHostUnregister" => cuMemHostUnregister,
    "cuMemHostGetDevicePointer" | "cuMemHostGetDevicePointer_v2" => cuMemHostGetDevicePointer_v2,
    "cuMemHostGetFlags" => cuMemHostGetFlags,
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
    "cuStreamBeginCapture" | "cuStreamBeginCapture_v2" => cuStreamBeginCapture_v2,
    "cuStreamBeginCaptureToGraph" => cuStreamBeginCaptureToGraph,
    "cuStreamEndCapture" => cuStreamEndCapture,
    "cuStreamGetCaptureInfo" | "cuStreamGetCaptureInfo_v3" => cuStreamGetCaptureInfo_v3,
    "cuStreamGetCaptureInfo_v2" => cuStreamGetCaptureInfo_v2,
    "cuStreamUpdateCaptureDependencies" | "cuStreamUpdateCaptureDependencies_v2" => cuStreamUpdateCaptureDependencies_v2,
    "cuThreadExchangeStreamCaptureMode" => cuThreadExchangeStreamCaptureMode,
    "cuGraphCreate" => cuGraphCreate,
    "cuGraphDestroy" => cuGraphDestroy,
    "cuGraphClone" => cuGraphClone,
    "cuGraphNodeFindInClone" => cuGraphNodeFindInClone,
    "cuGraphDestroyNode" => cuGraphDestroyNode,
    "cuGraphNodeGetType" => cuGraphNodeGetType,
    "cuGraphAddKernelNode" | "cuGraphAddKernelNode_v2" => cuGraphAddKernelNode_v2,
    "cuGraphKernelNodeGetParams" | "cuGraphKernelNodeGetParams_v2" => cuGraphKernelNodeGetParams_v2,
    "cuGraphKernelNodeSetParams" | "cuGraphKernelNodeSetParams_v2" => cuGraphKernelNodeSetParams_v2,
    "cuGraphAddMemcpyNode" => cuGraphAddMemcpyNode,
    "cuGraphMemcpyNodeSetParams" => cuGraphMemcpyNodeSetParams,
    "cuGraphAddMemsetNode" => cuGraphAddMemsetNode,
    "cuGraphMemsetNodeGetParams" => cuGraphMemsetNodeGetParams,
    "cuGraphMemsetNodeSetParams" => cuGraphMemsetNodeSetParams,
    "cuGraphAddHostNode" => cuGraphAddHostNode,
    "cuGraphHostNodeGetParams" => cuGraphHostNodeGetParams,
    "cuGraphHostNodeSetParams" => cuGraphHostNodeSetParams,
    "cuGraphAddChildGraphNode" => cuGraphAddChildGraphNode,
    "cuGraphChildGraphNodeGetGraph" => cuGraphChildGraphNodeGetGraph,
    "cuGraphAddEmptyNode" => cuGraphAddEmptyNode,
    "cuGraphAddEventRecordNode" => cuGraphAddEventRecordNode,
    "cuGraphAddEventWaitNode" => cuGraphAddEventWaitNode,
    "cuGraphEventRecordNodeGetEvent" => cuGraphEventRecordNodeGetEvent,
    "cuGraphEventWaitNodeGetEvent" => cuGraphEventWaitNodeGetEvent,
    "cuGraphAddDependencies" | "cuGraphAddDependencies_v2" => cuGraphAddDependencies_v2,
    "cuGraphRemoveDependencies" | "cuGraphRemoveDependencies_v2" => cuGraphRemoveDependencies_v2,
    "cuGraphGetNodes" => cuGraphGetNodes,
    "cuGraphGetRootNodes" => cuGraphGetRootNodes,
    "cuGraphGetEdges" | "cuGraphGetEdges_v2" => cuGraphGetEdges_v2,
    "cuGraphNodeGetDependencies" | "cuGraphNodeGetDependencies_v2" => cuGraphNodeGetDependencies_v2,
    "cuGraphNodeGetDependentNodes" | "cuGraphNodeGetDependentNodes_v2" => cuGraphNodeGetDependentNodes_v2,
    "cuGraphInstantiate" | "cuGraphInstantiateWithFlags" => cuGraphInstantiateWithFlags,
    "cuGraphInstantiate_v2" => cuGraphInstantiate_v2,
    "cuGraphInstantiateWithParams" => cuGraphInstantiateWithParams,
    "cuGraphExecGetFlags" => cuGraphExecGetFlags,
    "cuGraphExecDestroy" => cuGraphExecDestroy,
    "cuGraphUpload" => cuGraphUpload,
    "cuGraphLaunch" => cuGraphLaunch,
    "cuGraphExecKernelNodeSetParams" | "cuGraphExecKernelNodeSetParams_v2" => cuGraphExecKernelNodeSetParams_v2,
    "cuGraphExecMemcpyNodeSetParams" => cuGraphExecMemcpyNodeSetParams,
    "cuGraphExecMemsetNodeSetParams" => cuGraphExecMemsetNodeSetParams,
    "cuGraphExecHostNodeSetParams" => cuGraphExecHostNodeSetParams,
    "cuGraphExecUpdate" | "cuGraphExecUpdate_v2" => cuGraphExecUpdate_v2,
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

/// The function a base name stood for in CUDA `version`, where its ABI
/// changed since: each name with the first version of its newer ABI (the
/// table's function) and the older function.
fn older_abi(name: &str, version: i32) -> Option<*const c_void> {
    let (newer_from, older) = match name {
        "cuMemPrefetchAsync" => (12020, cuMemPrefetchAsync as *const c_void),
        "cuMemAdvise" => (12020, cuMemAdvise as *const c_void),
        "cuStreamBeginCapture" => (10010, cuStreamBeginCapture as *const c_void),
        "cuStreamGetCaptureInfo" if version < 11030 => {
            (11030, cuStreamGetCaptureInfo as *const c_void)
        }
        "cuStreamGetCaptureInfo" => (12030, cuStreamGetCaptureInfo_v2 as *const c_void),
        "cuStreamUpdateCaptureDependencies" => {
            (12030, cuStreamUpdateCaptureDependencies as *const c_void)
        }
        "cuGraphAddKernelNode" => (12000, cuGraphAddKernelNode as *const c_void),
        "cuGraphKernelNodeGetParams" => (12000, cuGraphKernelNodeGetParams as *const c_void),
        "cuGraphKernelNodeSetParams" => (12000, cuGraphKernelNodeSetParams as *const c_void),
        "cuGraphExecKernelNodeSetParams" => {
            (12000, cuGraphExecKernelNodeSetParams as *const c_void)
        }
        "cuGraphInstantiate" => (12000, cuGraphInstantiate_v2 as *const c_void),
        "cuGraphExecUpdate" => (12000, cuGraphExecUpdate as *const c_void),
        "cuGraphAddDependencies" => (12030, cuGraphAddDependencies as *const c_void),
        "cuGraphRemoveDependencies" => (12030, cuGraphRemoveDependencies as *const c_void),
        "cuGraphGetEdges" => (12030, cuGraphGetEdges as *const c_void),
        "cuGraphNodeGetDependencies" => (12030, cuGraphNodeGetDependencies as *const c_void),
        "cuGraphNodeGetDependentNodes" => (12030, cuGraphNodeGetDependentNodes as *const c_void),
        _ => return None,
    };
    (version < newer_from).then_some(older)
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
    let found = older_abi(name, version).or_else(|| lookup(name));
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
