//! The rest of NVIDIA's `libcudart.so.13` (`cudart-exports.txt` lists
//! its exports): every name a program may link exists here.
//!
//! * A `_ptds`/`_ptsz` form (per-thread default stream) of a call this
//!   library implements is that call: every stream runs its work at the
//!   call, so the default stream's kind changes nothing. It is a jump to
//!   the call, which leaves the caller's arguments as they are.
//! * Any other returns `cudaErrorNotSupported` (801) and says its name
//!   on stderr, once. Its real arguments differ from call to call, and
//!   it reads none: under the C calling convention a function that takes
//!   no arguments can be called with any (the caller cleans up), so each
//!   is declared `extern "C" fn() -> cudaError_t`.
//!
//! When this library implements one of them, its name moves from the
//! list below to the module that implements it (a test checks that every
//! name of `cudart-exports.txt` is exported, with its version).

use crate::export::{Status, runtime_api};

/// `cudaErrorNotSupported`.
pub const CUDA_ERROR_NOT_SUPPORTED: Status = 801;

/// Says on stderr, the first time for `name`, that it is not
/// implemented; `cudaErrorNotSupported` (the driver's
/// `CUDA_ERROR_NOT_SUPPORTED` has the same number).
pub use crate::driver::not_implemented::unsupported;

/// Exports each name as a call that is not implemented.
macro_rules! not_implemented {
    ($($name:ident)*) => {$(
        runtime_api! {
            /// Not implemented: `cudaErrorNotSupported`.
            fn $name() {
                Err(unsupported(stringify!($name)))
            }
        }
    )*};
}

/// Exports each `alias` as a jump to `target` (same arguments), with the
/// runtime's symbol version.
macro_rules! per_thread_stream {
    ($($alias:ident => $target:ident,)*) => {$(
        #[cfg(all(not(test), target_arch = "x86_64"))]
        std::arch::global_asm!(
            concat!(".globl ", stringify!($alias)),
            concat!(".type ", stringify!($alias), ", @function"),
            concat!(stringify!($alias), ":"),
            concat!("jmp ", stringify!($target), "@PLT"),
            concat!(".size ", stringify!($alias), ", . - ", stringify!($alias)),
            concat!(".symver ", stringify!($alias), ", ", stringify!($alias), "@@libcudart.so.13"),
        );
    )*};
}

per_thread_stream! {
    cudaEventRecordWithFlags_ptsz => cudaEventRecordWithFlags,
    cudaEventRecord_ptsz => cudaEventRecord,
    cudaGetDriverEntryPointByVersion_ptsz => cudaGetDriverEntryPointByVersion,
    cudaGetDriverEntryPoint_ptsz => cudaGetDriverEntryPoint,
    cudaLaunchCooperativeKernel_ptsz => cudaLaunchCooperativeKernel,
    cudaLaunchHostFunc_ptsz => cudaLaunchHostFunc,
    cudaLaunchKernelExC_ptsz => cudaLaunchKernelExC,
    cudaMemPrefetchAsync_ptsz => cudaMemPrefetchAsync,
    cudaMemcpy2DAsync_ptsz => cudaMemcpy2DAsync,
    cudaMemcpy2D_ptds => cudaMemcpy2D,
    cudaMemcpy3DAsync_ptsz => cudaMemcpy3DAsync,
    cudaMemcpy3D_ptds => cudaMemcpy3D,
    cudaMemcpyAsync_ptsz => cudaMemcpyAsync,
    cudaMemcpyFromSymbolAsync_ptsz => cudaMemcpyFromSymbolAsync,
    cudaMemcpyFromSymbol_ptds => cudaMemcpyFromSymbol,
    cudaMemcpyToSymbolAsync_ptsz => cudaMemcpyToSymbolAsync,
    cudaMemcpyToSymbol_ptds => cudaMemcpyToSymbol,
    cudaMemcpy_ptds => cudaMemcpy,
    cudaMemset2DAsync_ptsz => cudaMemset2DAsync,
    cudaMemset2D_ptds => cudaMemset2D,
    cudaMemset3DAsync_ptsz => cudaMemset3DAsync,
    cudaMemset3D_ptds => cudaMemset3D,
    cudaMemsetAsync_ptsz => cudaMemsetAsync,
    cudaMemset_ptds => cudaMemset,
    cudaStreamAddCallback_ptsz => cudaStreamAddCallback,
    cudaStreamAttachMemAsync_ptsz => cudaStreamAttachMemAsync,
    cudaStreamGetAttribute_ptsz => cudaStreamGetAttribute,
    cudaStreamGetDevice_ptsz => cudaStreamGetDevice,
    cudaStreamGetFlags_ptsz => cudaStreamGetFlags,
    cudaStreamGetPriority_ptsz => cudaStreamGetPriority,
    cudaStreamIsCapturing_ptsz => cudaStreamIsCapturing,
    cudaStreamQuery_ptsz => cudaStreamQuery,
    cudaStreamSetAttribute_ptsz => cudaStreamSetAttribute,
    cudaStreamSynchronize_ptsz => cudaStreamSynchronize,
    cudaStreamWaitEvent_ptsz => cudaStreamWaitEvent,
}

not_implemented! {
    __cudaGetProcAddress __cudaRegisterHostVar __cudaRegisterUnifiedTable
    cudaArrayGetMemoryRequirements cudaArrayGetPlane cudaArrayGetSparseProperties
    cudaDestroyExternalMemory cudaDestroyExternalSemaphore
    cudaDeviceDisablePeerAccess cudaDeviceEnablePeerAccess cudaDeviceFlushGPUDirectRDMAWrites
    cudaDeviceGetCacheConfig cudaDeviceGetDefaultMemPool
    cudaDeviceGetGraphMemAttribute cudaDeviceGetHostAtomicCapabilities
    cudaDeviceGetMemPool cudaDeviceGetNvSciSyncAttributes cudaDeviceGetP2PAtomicCapabilities
    cudaDeviceGetP2PAttribute cudaDeviceGetSharedMemConfig
    cudaDeviceGetTexture1DLinearMaxWidth cudaDeviceGraphMemTrim cudaDeviceRegisterAsyncNotification
    cudaDeviceSetGraphMemAttribute cudaDeviceSetMemPool
    cudaDeviceSetSharedMemConfig cudaDeviceUnregisterAsyncNotification
    cudaEGLStreamConsumerAcquireFrame cudaEGLStreamConsumerConnect
    cudaEGLStreamConsumerConnectWithFlags cudaEGLStreamConsumerDisconnect
    cudaEGLStreamConsumerReleaseFrame cudaEGLStreamProducerConnect cudaEGLStreamProducerDisconnect
    cudaEGLStreamProducerPresentFrame cudaEGLStreamProducerReturnFrame cudaEventCreateFromEGLSync
    cudaExternalMemoryGetMappedBuffer cudaExternalMemoryGetMappedMipmappedArray
    cudaFreeAsync cudaFreeAsync_ptsz cudaFreeMipmappedArray cudaFuncGetParamInfo
    cudaFuncSetSharedMemConfig cudaGLGetDevices cudaGLMapBufferObject cudaGLMapBufferObjectAsync
    cudaGLRegisterBufferObject cudaGLSetBufferObjectMapFlags cudaGLSetGLDevice
    cudaGLUnmapBufferObject cudaGLUnmapBufferObjectAsync cudaGLUnregisterBufferObject
    cudaGetExportTable cudaGetKernel
    cudaGetMipmappedArrayLevel
    cudaGetTextureObjectResourceViewDesc
    cudaGraphAddExternalSemaphoresSignalNode
    cudaGraphAddExternalSemaphoresWaitNode
    cudaGraphAddMemAllocNode cudaGraphAddMemFreeNode
    cudaGraphAddMemcpyNodeFromSymbol cudaGraphAddMemcpyNodeToSymbol
    cudaGraphAddNode cudaGraphConditionalHandleCreate
    cudaGraphDebugDotPrint
    cudaGraphEventRecordNodeSetEvent
    cudaGraphEventWaitNodeSetEvent cudaGraphExecChildGraphNodeSetParams
    cudaGraphExecEventRecordNodeSetEvent cudaGraphExecEventWaitNodeSetEvent
    cudaGraphExecExternalSemaphoresSignalNodeSetParams
    cudaGraphExecExternalSemaphoresWaitNodeSetParams
    cudaGraphExecMemcpyNodeSetParamsFromSymbol
    cudaGraphExecMemcpyNodeSetParamsToSymbol
    cudaGraphExecNodeSetParams cudaGraphExternalSemaphoresSignalNodeGetParams
    cudaGraphExternalSemaphoresSignalNodeSetParams cudaGraphExternalSemaphoresWaitNodeGetParams
    cudaGraphExternalSemaphoresWaitNodeSetParams
    cudaGraphKernelNodeCopyAttributes cudaGraphKernelNodeGetAttribute
    cudaGraphKernelNodeSetAttribute
    cudaGraphMemAllocNodeGetParams cudaGraphMemFreeNodeGetParams
    cudaGraphMemcpyNodeGetParams
    cudaGraphMemcpyNodeSetParamsFromSymbol cudaGraphMemcpyNodeSetParamsToSymbol
    cudaGraphNodeGetEnabled
    cudaGraphNodeSetEnabled cudaGraphNodeSetParams cudaGraphReleaseUserObject
    cudaGraphRetainUserObject
    cudaGraphicsEGLRegisterImage cudaGraphicsGLRegisterBuffer cudaGraphicsGLRegisterImage
    cudaGraphicsMapResources cudaGraphicsResourceGetMappedEglFrame
    cudaGraphicsResourceGetMappedMipmappedArray cudaGraphicsResourceGetMappedPointer
    cudaGraphicsResourceSetMapFlags cudaGraphicsSubResourceGetMappedArray cudaGraphicsUnmapResources
    cudaGraphicsUnregisterResource cudaGraphicsVDPAURegisterOutputSurface
    cudaGraphicsVDPAURegisterVideoSurface
    cudaImportExternalMemory cudaImportExternalSemaphore cudaIpcCloseMemHandle
    cudaIpcGetEventHandle cudaIpcGetMemHandle cudaIpcOpenEventHandle cudaIpcOpenMemHandle
    cudaKernelSetAttributeForDevice
    cudaLibraryEnumerateKernels cudaLibraryGetGlobal cudaLibraryGetKernel cudaLibraryGetKernelCount
    cudaLibraryGetManaged cudaLibraryGetUnifiedFunction cudaLibraryLoadData cudaLibraryLoadFromFile
    cudaLibraryUnload cudaLogsCurrent cudaLogsDumpToFile cudaLogsDumpToMemory
    cudaLogsRegisterCallback cudaLogsUnregisterCallback
    cudaMallocAsync cudaMallocAsync_ptsz cudaMallocFromPoolAsync cudaMallocFromPoolAsync_ptsz
    cudaMallocMipmappedArray cudaMemDiscardAndPrefetchBatchAsync
    cudaMemDiscardAndPrefetchBatchAsync_ptsz cudaMemDiscardBatchAsync cudaMemDiscardBatchAsync_ptsz
    cudaMemGetDefaultMemPool cudaMemGetMemPool cudaMemPoolCreate cudaMemPoolDestroy
    cudaMemPoolExportPointer cudaMemPoolExportToShareableHandle cudaMemPoolGetAccess
    cudaMemPoolGetAttribute cudaMemPoolImportFromShareableHandle cudaMemPoolImportPointer
    cudaMemPoolSetAccess cudaMemPoolSetAttribute cudaMemPoolTrimTo cudaMemPrefetchBatchAsync
    cudaMemPrefetchBatchAsync_ptsz cudaMemRangeGetAttribute cudaMemRangeGetAttributes
    cudaMemSetMemPool cudaMemcpy2DArrayToArray cudaMemcpy2DArrayToArray_ptds
    cudaMemcpy2DFromArrayAsync_ptsz cudaMemcpy2DFromArray_ptds
    cudaMemcpy2DToArrayAsync_ptsz
    cudaMemcpy2DToArray_ptds cudaMemcpy3DBatchAsync cudaMemcpy3DBatchAsync_ptsz cudaMemcpy3DPeer
    cudaMemcpy3DPeerAsync cudaMemcpy3DPeerAsync_ptsz cudaMemcpy3DPeer_ptds cudaMemcpyArrayToArray
    cudaMemcpyArrayToArray_ptds cudaMemcpyBatchAsync cudaMemcpyBatchAsync_ptsz
    cudaMemcpyFromArrayAsync_ptsz cudaMemcpyFromArray_ptds cudaMemcpyPeer
    cudaMemcpyPeerAsync cudaMemcpyToArrayAsync_ptsz
    cudaMemcpyToArray_ptds cudaMipmappedArrayGetMemoryRequirements
    cudaMipmappedArrayGetSparseProperties cudaOccupancyAvailableDynamicSMemPerBlock
    cudaOccupancyMaxActiveClusters cudaOccupancyMaxPotentialClusterSize cudaSetValidDevices
    cudaSignalExternalSemaphoresAsync cudaSignalExternalSemaphoresAsync_ptsz
    cudaStreamBeginCaptureToGraph
    cudaStreamBeginCaptureToGraph_ptsz cudaStreamCopyAttributes
    cudaStreamCopyAttributes_ptsz
    cudaStreamGetId cudaStreamGetId_ptsz
    cudaStreamUpdateCaptureDependencies_ptsz
    cudaUserObjectCreate cudaUserObjectRelease cudaUserObjectRetain cudaVDPAUGetDevice
    cudaVDPAUSetVDPAUDevice cudaWaitExternalSemaphoresAsync cudaWaitExternalSemaphoresAsync_ptsz
}
