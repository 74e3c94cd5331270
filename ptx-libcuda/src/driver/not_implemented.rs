//! The rest of NVIDIA's `libcuda.so.1` (`cuda-exports.txt` lists the
//! exports of driver 580.159.04, as an H100's machine has it, less the
//! debugger's `cudbg*` entry points): every name a program may link or
//! look up with `dlsym` exists here, as in the runtime
//! ([`crate::runtime::not_implemented`]).
//!
//! * A `_ptds`/`_ptsz` form (per-thread default stream) of a call this
//!   library implements is that call: every stream runs its work at the
//!   call, so the default stream's kind changes nothing. It is a jump to
//!   the call, which leaves the caller's arguments as they are.
//! * Any other returns `CUDA_ERROR_NOT_SUPPORTED` (801) and says its name
//!   on stderr, once ([`unsupported`]). Among them are the names of the
//!   CUDA 3.x ABI (`cuMemAlloc`, `cuCtxCreate`, ...: today's `cuda.h`
//!   maps them to their `_v2` and later forms, which this library
//!   implements), the graphics interop, IPC, memory pools, virtual memory
//!   management and the legacy texture references. Each reads no
//!   argument: under the C calling convention a function that takes none
//!   can be called with any, so each is `extern "C" fn() -> CUresult`.
//!
//! When this library implements one of them, its name moves from the
//! list below to the module that implements it (a test checks that every
//! name of `cuda-exports.txt` is exported).

use crate::driver::error::CUDA_ERROR_NOT_SUPPORTED;
use crate::export::{Status, driver_api};
use std::collections::HashSet;
use std::sync::Mutex;

/// Says on stderr, the first time for `name`, that it is not
/// implemented; `CUDA_ERROR_NOT_SUPPORTED` (`cudaErrorNotSupported` has
/// the same number).
pub fn unsupported(name: &'static str) -> Status {
    static SAID: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if said.get_or_insert_with(HashSet::new).insert(name) {
        eprintln!("ptx-libcuda: {name} is not implemented");
    }
    CUDA_ERROR_NOT_SUPPORTED
}

/// Exports each name as a call that is not implemented.
macro_rules! not_implemented {
    ($($name:ident)*) => {$(
        driver_api! {
            /// Not implemented: `CUDA_ERROR_NOT_SUPPORTED`.
            fn $name() {
                Err(unsupported(stringify!($name)))
            }
        }
    )*};
}

/// Exports each `alias` as a jump to `target` (same arguments),
/// unversioned as the driver's names are: a naked function, so that it is
/// an export like the others and touches neither stack nor registers.
macro_rules! per_thread_stream {
    ($($alias:ident => $target:ident,)*) => {$(
        #[cfg(all(not(test), target_arch = "x86_64"))]
        #[doc = concat!("`", stringify!($target), "`: every stream runs its work at the call.")]
        #[unsafe(naked)]
        #[unsafe(no_mangle)]
        pub extern "C" fn $alias() {
            std::arch::naked_asm!(concat!("jmp ", stringify!($target), "@PLT"))
        }
    )*};
}

per_thread_stream! {
    cuEventRecordWithFlags_ptsz => cuEventRecordWithFlags,
    cuEventRecord_ptsz => cuEventRecord,
    cuGraphInstantiateWithParams_ptsz => cuGraphInstantiateWithParams,
    cuGraphLaunch_ptsz => cuGraphLaunch,
    cuGraphUpload_ptsz => cuGraphUpload,
    cuLaunchCooperativeKernel_ptsz => cuLaunchCooperativeKernel,
    cuLaunchHostFunc_ptsz => cuLaunchHostFunc,
    cuLaunchKernelEx_ptsz => cuLaunchKernelEx,
    cuLaunchKernel_ptsz => cuLaunchKernel,
    cuMemPrefetchAsync_ptsz => cuMemPrefetchAsync,
    cuMemPrefetchAsync_v2_ptsz => cuMemPrefetchAsync_v2,
    cuMemcpy2DAsync_v2_ptsz => cuMemcpy2DAsync_v2,
    cuMemcpy2DUnaligned_v2_ptds => cuMemcpy2DUnaligned_v2,
    cuMemcpy2D_v2_ptds => cuMemcpy2D_v2,
    cuMemcpy3DAsync_v2_ptsz => cuMemcpy3DAsync_v2,
    cuMemcpy3D_v2_ptds => cuMemcpy3D_v2,
    cuMemcpyAsync_ptsz => cuMemcpyAsync,
    cuMemcpyDtoDAsync_v2_ptsz => cuMemcpyDtoDAsync_v2,
    cuMemcpyDtoD_v2_ptds => cuMemcpyDtoD_v2,
    cuMemcpyDtoHAsync_v2_ptsz => cuMemcpyDtoHAsync_v2,
    cuMemcpyDtoH_v2_ptds => cuMemcpyDtoH_v2,
    cuMemcpyHtoDAsync_v2_ptsz => cuMemcpyHtoDAsync_v2,
    cuMemcpyHtoD_v2_ptds => cuMemcpyHtoD_v2,
    cuMemcpy_ptds => cuMemcpy,
    cuMemsetD16Async_ptsz => cuMemsetD16Async,
    cuMemsetD16_v2_ptds => cuMemsetD16_v2,
    cuMemsetD2D16Async_ptsz => cuMemsetD2D16Async,
    cuMemsetD2D16_v2_ptds => cuMemsetD2D16_v2,
    cuMemsetD2D32Async_ptsz => cuMemsetD2D32Async,
    cuMemsetD2D32_v2_ptds => cuMemsetD2D32_v2,
    cuMemsetD2D8Async_ptsz => cuMemsetD2D8Async,
    cuMemsetD2D8_v2_ptds => cuMemsetD2D8_v2,
    cuMemsetD32Async_ptsz => cuMemsetD32Async,
    cuMemsetD32_v2_ptds => cuMemsetD32_v2,
    cuMemsetD8Async_ptsz => cuMemsetD8Async,
    cuMemsetD8_v2_ptds => cuMemsetD8_v2,
    cuStreamAddCallback_ptsz => cuStreamAddCallback,
    cuStreamAttachMemAsync_ptsz => cuStreamAttachMemAsync,
    cuStreamBeginCaptureToGraph_ptsz => cuStreamBeginCaptureToGraph,
    cuStreamBeginCapture_ptsz => cuStreamBeginCapture,
    cuStreamBeginCapture_v2_ptsz => cuStreamBeginCapture_v2,
    cuStreamEndCapture_ptsz => cuStreamEndCapture,
    cuStreamGetAttribute_ptsz => cuStreamGetAttribute,
    cuStreamGetCaptureInfo_ptsz => cuStreamGetCaptureInfo,
    cuStreamGetCaptureInfo_v2_ptsz => cuStreamGetCaptureInfo_v2,
    cuStreamGetCaptureInfo_v3_ptsz => cuStreamGetCaptureInfo_v3,
    cuStreamGetFlags_ptsz => cuStreamGetFlags,
    cuStreamGetPriority_ptsz => cuStreamGetPriority,
    cuStreamIsCapturing_ptsz => cuStreamIsCapturing,
    cuStreamQuery_ptsz => cuStreamQuery,
    cuStreamSetAttribute_ptsz => cuStreamSetAttribute,
    cuStreamSynchronize_ptsz => cuStreamSynchronize,
    cuStreamUpdateCaptureDependencies_ptsz => cuStreamUpdateCaptureDependencies,
    cuStreamUpdateCaptureDependencies_v2_ptsz => cuStreamUpdateCaptureDependencies_v2,
    cuStreamWaitEvent_ptsz => cuStreamWaitEvent,
}

not_implemented! {
    cuArray3DCreate cuArray3DGetDescriptor
    cuArrayCreate cuArrayGetDescriptor
    cuArrayGetMemoryRequirements cuArrayGetPlane cuArrayGetSparseProperties
    cuCheckpointProcessCheckpoint cuCheckpointProcessGetRestoreThreadId
    cuCheckpointProcessGetState cuCheckpointProcessLock cuCheckpointProcessRestore
    cuCheckpointProcessUnlock cuCoredumpGetAttribute cuCoredumpGetAttributeGlobal
    cuCoredumpSetAttribute cuCoredumpSetAttributeGlobal cuCtxAttach cuCtxCreate cuCtxCreate_v3
    cuCtxDestroy cuCtxDetach cuCtxDisablePeerAccess cuCtxEnablePeerAccess cuCtxFromGreenCtx
    cuCtxGetCacheConfig cuCtxGetDevResource cuCtxGetDevice_v2 cuCtxGetExecAffinity cuCtxGetId
    cuCtxGetSharedMemConfig cuCtxPopCurrent cuCtxPushCurrent cuCtxRecordEvent
    cuCtxSetCacheConfig cuCtxSetFlags cuCtxSetSharedMemConfig cuCtxSynchronize_v2 cuCtxWaitEvent
    cuDestroyExternalMemory cuDestroyExternalSemaphore cuDevResourceGenerateDesc
    cuDevSmResourceSplitByCount cuDeviceGetDefaultMemPool cuDeviceGetDevResource
    cuDeviceGetExecAffinitySupport cuDeviceGetGraphMemAttribute
    cuDeviceGetHostAtomicCapabilities cuDeviceGetLuid cuDeviceGetMemPool
    cuDeviceGetNvSciSyncAttributes cuDeviceGetP2PAtomicCapabilities cuDeviceGetP2PAttribute
    cuDeviceGetProperties cuDeviceGetTexture1DLinearMaxWidth cuDeviceGraphMemTrim
    cuDevicePrimaryCtxRelease cuDevicePrimaryCtxReset cuDevicePrimaryCtxSetFlags
    cuDeviceRegisterAsyncNotification cuDeviceSetGraphMemAttribute cuDeviceSetMemPool
    cuDeviceTotalMem cuDeviceUnregisterAsyncNotification cuEGLApiInit
    cuEGLStreamConsumerAcquireFrame cuEGLStreamConsumerConnect
    cuEGLStreamConsumerConnectWithFlags cuEGLStreamConsumerDisconnect
    cuEGLStreamConsumerReleaseFrame cuEGLStreamProducerConnect cuEGLStreamProducerDisconnect
    cuEGLStreamProducerPresentFrame cuEGLStreamProducerReturnFrame cuEventDestroy
    cuExternalMemoryGetMappedBuffer cuExternalMemoryGetMappedMipmappedArray
    cuFlushGPUDirectRDMAWrites cuFuncGetModule cuFuncGetParamInfo cuFuncIsLoaded cuFuncLoad
    cuFuncSetBlockShape cuFuncSetSharedMemConfig cuFuncSetSharedSize cuGLCtxCreate
    cuGLCtxCreate_v2 cuGLGetDevices cuGLGetDevices_v2 cuGLInit cuGLMapBufferObject
    cuGLMapBufferObjectAsync cuGLMapBufferObjectAsync_v2 cuGLMapBufferObjectAsync_v2_ptsz
    cuGLMapBufferObject_v2 cuGLMapBufferObject_v2_ptds cuGLRegisterBufferObject
    cuGLSetBufferObjectMapFlags cuGLUnmapBufferObject cuGLUnmapBufferObjectAsync
    cuGLUnregisterBufferObject cuGraphAddBatchMemOpNode cuGraphAddExternalSemaphoresSignalNode
    cuGraphAddExternalSemaphoresWaitNode cuGraphAddMemAllocNode cuGraphAddMemFreeNode
    cuGraphAddNode cuGraphAddNode_v2 cuGraphBatchMemOpNodeGetParams
    cuGraphBatchMemOpNodeSetParams cuGraphConditionalHandleCreate cuGraphDebugDotPrint
    cuGraphEventRecordNodeSetEvent cuGraphEventWaitNodeSetEvent
    cuGraphExecBatchMemOpNodeSetParams cuGraphExecChildGraphNodeSetParams
    cuGraphExecEventRecordNodeSetEvent cuGraphExecEventWaitNodeSetEvent
    cuGraphExecExternalSemaphoresSignalNodeSetParams
    cuGraphExecExternalSemaphoresWaitNodeSetParams cuGraphExecNodeSetParams
    cuGraphExternalSemaphoresSignalNodeGetParams cuGraphExternalSemaphoresSignalNodeSetParams
    cuGraphExternalSemaphoresWaitNodeGetParams cuGraphExternalSemaphoresWaitNodeSetParams
    cuGraphInstantiate cuGraphKernelNodeCopyAttributes cuGraphKernelNodeGetAttribute
    cuGraphKernelNodeSetAttribute cuGraphMemAllocNodeGetParams cuGraphMemFreeNodeGetParams
    cuGraphMemcpyNodeGetParams cuGraphNodeGetEnabled cuGraphNodeSetEnabled cuGraphNodeSetParams
    cuGraphReleaseUserObject cuGraphRetainUserObject cuGraphicsEGLRegisterImage
    cuGraphicsGLRegisterBuffer cuGraphicsGLRegisterImage cuGraphicsMapResources
    cuGraphicsMapResources_ptsz cuGraphicsResourceGetMappedEglFrame
    cuGraphicsResourceGetMappedMipmappedArray cuGraphicsResourceGetMappedPointer
    cuGraphicsResourceGetMappedPointer_v2 cuGraphicsResourceSetMapFlags
    cuGraphicsResourceSetMapFlags_v2 cuGraphicsSubResourceGetMappedArray
    cuGraphicsUnmapResources cuGraphicsUnmapResources_ptsz cuGraphicsUnregisterResource
    cuGraphicsVDPAURegisterOutputSurface cuGraphicsVDPAURegisterVideoSurface cuGreenCtxCreate
    cuGreenCtxDestroy cuGreenCtxGetDevResource cuGreenCtxGetId cuGreenCtxRecordEvent
    cuGreenCtxStreamCreate cuGreenCtxWaitEvent cuImportExternalMemory cuImportExternalSemaphore
    cuIpcCloseMemHandle cuIpcGetEventHandle cuIpcGetMemHandle cuIpcOpenEventHandle
    cuIpcOpenMemHandle cuIpcOpenMemHandle_v2 cuKernelGetLibrary cuKernelGetName
    cuKernelGetParamInfo cuKernelSetCacheConfig cuLaunch cuLaunchCooperativeKernelMultiDevice
    cuLaunchGrid cuLaunchGridAsync cuLibraryEnumerateKernels cuLibraryGetKernelCount
    cuLibraryGetUnifiedFunction cuLibraryLoadFromFile cuLogsCurrent cuLogsDumpToFile
    cuLogsDumpToMemory cuLogsRegisterCallback cuLogsUnregisterCallback cuMemAddressFree
    cuMemAddressReserve cuMemAlloc cuMemAllocAsync cuMemAllocAsync_ptsz cuMemAllocFromPoolAsync
    cuMemAllocFromPoolAsync_ptsz cuMemAllocHost cuMemAllocPitch cuMemBatchDecompressAsync
    cuMemBatchDecompressAsync_ptsz cuMemCreate cuMemDiscardAndPrefetchBatchAsync
    cuMemDiscardAndPrefetchBatchAsync_ptsz cuMemDiscardBatchAsync cuMemDiscardBatchAsync_ptsz
    cuMemExportToShareableHandle cuMemFree cuMemFreeAsync cuMemFreeAsync_ptsz cuMemGetAccess
    cuMemGetAddressRange cuMemGetAllocationGranularity cuMemGetAllocationPropertiesFromHandle
    cuMemGetAttribute cuMemGetAttribute_v2 cuMemGetDefaultMemPool cuMemGetHandleForAddressRange
    cuMemGetInfo cuMemGetMemPool cuMemHostGetDevicePointer cuMemHostRegister
    cuMemImportFromShareableHandle cuMemMap cuMemMapArrayAsync cuMemMapArrayAsync_ptsz
    cuMemPoolCreate cuMemPoolDestroy cuMemPoolExportPointer cuMemPoolExportToShareableHandle
    cuMemPoolGetAccess cuMemPoolGetAttribute cuMemPoolImportFromShareableHandle
    cuMemPoolImportPointer cuMemPoolSetAccess cuMemPoolSetAttribute cuMemPoolTrimTo
    cuMemPrefetchBatchAsync cuMemPrefetchBatchAsync_ptsz cuMemRangeGetAttribute
    cuMemRangeGetAttributes cuMemRelease cuMemRetainAllocationHandle cuMemSetAccess
    cuMemSetMemPool cuMemUnmap cuMemcpy2D cuMemcpy2DAsync cuMemcpy2DUnaligned cuMemcpy3D
    cuMemcpy3DAsync cuMemcpy3DBatchAsync cuMemcpy3DBatchAsync_ptsz cuMemcpy3DBatchAsync_v2
    cuMemcpy3DBatchAsync_v2_ptsz cuMemcpy3DPeer cuMemcpy3DPeerAsync cuMemcpy3DPeerAsync_ptsz
    cuMemcpy3DPeer_ptds cuMemcpyAtoA cuMemcpyAtoA_v2 cuMemcpyAtoA_v2_ptds cuMemcpyAtoD
    cuMemcpyAtoD_v2 cuMemcpyAtoD_v2_ptds cuMemcpyAtoH cuMemcpyAtoHAsync cuMemcpyAtoHAsync_v2
    cuMemcpyAtoHAsync_v2_ptsz cuMemcpyAtoH_v2 cuMemcpyAtoH_v2_ptds cuMemcpyBatchAsync
    cuMemcpyBatchAsync_ptsz cuMemcpyBatchAsync_v2 cuMemcpyBatchAsync_v2_ptsz cuMemcpyDtoA
    cuMemcpyDtoA_v2 cuMemcpyDtoA_v2_ptds cuMemcpyDtoD cuMemcpyDtoDAsync cuMemcpyDtoH
    cuMemcpyDtoHAsync cuMemcpyHtoA cuMemcpyHtoAAsync cuMemcpyHtoAAsync_v2
    cuMemcpyHtoAAsync_v2_ptsz cuMemcpyHtoA_v2 cuMemcpyHtoA_v2_ptds cuMemcpyHtoD
    cuMemcpyHtoDAsync cuMemcpyPeer cuMemcpyPeerAsync cuMemcpyPeerAsync_ptsz cuMemcpyPeer_ptds
    cuMemsetD16 cuMemsetD2D16 cuMemsetD2D32 cuMemsetD2D8 cuMemsetD32 cuMemsetD8
    cuMipmappedArrayCreate cuMipmappedArrayDestroy cuMipmappedArrayGetLevel
    cuMipmappedArrayGetMemoryRequirements cuMipmappedArrayGetSparseProperties
    cuModuleEnumerateFunctions cuModuleGetFunctionCount cuModuleGetGlobal cuModuleGetLoadingMode
    cuModuleGetSurfRef cuModuleGetTexRef cuModuleLoad cuMulticastAddDevice cuMulticastBindAddr
    cuMulticastBindMem cuMulticastCreate cuMulticastGetGranularity cuMulticastUnbind
    cuOccupancyAvailableDynamicSMemPerBlock cuOccupancyMaxActiveClusters
    cuOccupancyMaxPotentialBlockSizeWithFlags cuOccupancyMaxPotentialClusterSize cuParamSetSize
    cuParamSetTexRef cuParamSetf cuParamSeti cuParamSetv cuPointerSetAttribute
    cuProfilerInitialize cuSignalExternalSemaphoresAsync cuSignalExternalSemaphoresAsync_ptsz
    cuStreamBatchMemOp cuStreamBatchMemOp_ptsz cuStreamBatchMemOp_v2 cuStreamBatchMemOp_v2_ptsz
    cuStreamCopyAttributes cuStreamCopyAttributes_ptsz cuStreamDestroy cuStreamGetCtx
    cuStreamGetCtx_ptsz cuStreamGetCtx_v2 cuStreamGetCtx_v2_ptsz cuStreamGetDevice
    cuStreamGetDevice_ptsz cuStreamGetGreenCtx cuStreamGetId cuStreamGetId_ptsz
    cuStreamWaitValue32 cuStreamWaitValue32_ptsz cuStreamWaitValue32_v2
    cuStreamWaitValue32_v2_ptsz cuStreamWaitValue64 cuStreamWaitValue64_ptsz
    cuStreamWaitValue64_v2 cuStreamWaitValue64_v2_ptsz cuStreamWriteValue32
    cuStreamWriteValue32_ptsz cuStreamWriteValue32_v2 cuStreamWriteValue32_v2_ptsz
    cuStreamWriteValue64 cuStreamWriteValue64_ptsz cuStreamWriteValue64_v2
    cuStreamWriteValue64_v2_ptsz
    cuSurfRefGetArray cuSurfRefSetArray cuTensorMapEncodeIm2colWide
    cuTexObjectGetResourceViewDesc cuTexRefCreate cuTexRefDestroy
    cuTexRefGetAddress cuTexRefGetAddressMode cuTexRefGetAddress_v2 cuTexRefGetArray
    cuTexRefGetBorderColor cuTexRefGetFilterMode cuTexRefGetFlags cuTexRefGetFormat
    cuTexRefGetMaxAnisotropy cuTexRefGetMipmapFilterMode cuTexRefGetMipmapLevelBias
    cuTexRefGetMipmapLevelClamp cuTexRefGetMipmappedArray cuTexRefSetAddress
    cuTexRefSetAddress2D cuTexRefSetAddress2D_v2 cuTexRefSetAddress2D_v3 cuTexRefSetAddressMode
    cuTexRefSetAddress_v2 cuTexRefSetArray cuTexRefSetBorderColor cuTexRefSetFilterMode
    cuTexRefSetFlags cuTexRefSetFormat cuTexRefSetMaxAnisotropy cuTexRefSetMipmapFilterMode
    cuTexRefSetMipmapLevelBias cuTexRefSetMipmapLevelClamp cuTexRefSetMipmappedArray
    cuUserObjectCreate cuUserObjectRelease cuUserObjectRetain cuVDPAUCtxCreate
    cuVDPAUCtxCreate_v2 cuVDPAUGetDevice cuWaitExternalSemaphoresAsync
    cuWaitExternalSemaphoresAsync_ptsz
}
