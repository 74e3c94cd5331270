//! The device through the runtime: which device (there is one), its
//! properties (`cudaDeviceProp`, CUDA 13.0's layout, filled from the
//! driver's attributes as NVIDIA's runtime fills it), synchronising and
//! resetting it, versions and driver entry points.

use crate::driver::context::{reset, synchronize};
use crate::driver::init::{CUDA_VERSION, DEVICE_NAME, DEVICE_UUID, attribute, check_device};
use crate::driver::limit;
use crate::driver::proc_address::get_proc_address;
use crate::export::{out, runtime_api};
use crate::runtime::ensure;
use crate::state::state;
use ptx_sim::device::DEVICE_MEMORY;
use std::ffi::{c_char, c_void};

/// `cudaDeviceProp` as CUDA 13.0's `driver_types.h` lays it out (1008
/// bytes; a test compares with the header when nvcc's headers are at
/// hand).
#[repr(C)]
#[allow(non_snake_case)]
pub struct DeviceProp {
    /// ASCII string identifying device
    pub name: [u8; 256],
    /// 16-byte unique identifier
    pub uuid: [u8; 16],
    /// 8-byte locally unique identifier. Value is undefined on TCC and non-Windows platforms
    pub luid: [u8; 8],
    /// LUID device node mask. Value is undefined on TCC and non-Windows platforms
    pub luidDeviceNodeMask: u32,
    /// Global memory available on device in bytes
    pub totalGlobalMem: usize,
    /// Shared memory available per block in bytes
    pub sharedMemPerBlock: usize,
    /// 32-bit registers available per block
    pub regsPerBlock: i32,
    /// Warp size in threads
    pub warpSize: i32,
    /// Maximum pitch in bytes allowed by memory copies
    pub memPitch: usize,
    /// Maximum number of threads per block
    pub maxThreadsPerBlock: i32,
    /// Maximum size of each dimension of a block
    pub maxThreadsDim: [i32; 3],
    /// Maximum size of each dimension of a grid
    pub maxGridSize: [i32; 3],
    /// Constant memory available on device in bytes
    pub totalConstMem: usize,
    /// Major compute capability
    pub major: i32,
    /// Minor compute capability
    pub minor: i32,
    /// Alignment requirement for textures
    pub textureAlignment: usize,
    /// Pitch alignment requirement for texture references bound to pitched memory
    pub texturePitchAlignment: usize,
    /// Number of multiprocessors on device
    pub multiProcessorCount: i32,
    /// Device is integrated as opposed to discrete
    pub integrated: i32,
    /// Device can map host memory with cudaHostAlloc/cudaHostGetDevicePointer
    pub canMapHostMemory: i32,
    /// Maximum 1D texture size
    pub maxTexture1D: i32,
    /// Maximum 1D mipmapped texture size
    pub maxTexture1DMipmap: i32,
    /// Maximum 2D texture dimensions
    pub maxTexture2D: [i32; 2],
    /// Maximum 2D mipmapped texture dimensions
    pub maxTexture2DMipmap: [i32; 2],
    /// Maximum dimensions (width, height, pitch) for 2D textures bound to pitched memory
    pub maxTexture2DLinear: [i32; 3],
    /// Maximum 2D texture dimensions if texture gather operations have to be performed
    pub maxTexture2DGather: [i32; 2],
    /// Maximum 3D texture dimensions
    pub maxTexture3D: [i32; 3],
    /// Maximum alternate 3D texture dimensions
    pub maxTexture3DAlt: [i32; 3],
    /// Maximum Cubemap texture dimensions
    pub maxTextureCubemap: i32,
    /// Maximum 1D layered texture dimensions
    pub maxTexture1DLayered: [i32; 2],
    /// Maximum 2D layered texture dimensions
    pub maxTexture2DLayered: [i32; 3],
    /// Maximum Cubemap layered texture dimensions
    pub maxTextureCubemapLayered: [i32; 2],
    /// Maximum 1D surface size
    pub maxSurface1D: i32,
    /// Maximum 2D surface dimensions
    pub maxSurface2D: [i32; 2],
    /// Maximum 3D surface dimensions
    pub maxSurface3D: [i32; 3],
    /// Maximum 1D layered surface dimensions
    pub maxSurface1DLayered: [i32; 2],
    /// Maximum 2D layered surface dimensions
    pub maxSurface2DLayered: [i32; 3],
    /// Maximum Cubemap surface dimensions
    pub maxSurfaceCubemap: i32,
    /// Maximum Cubemap layered surface dimensions
    pub maxSurfaceCubemapLayered: [i32; 2],
    /// Alignment requirements for surfaces
    pub surfaceAlignment: usize,
    /// Device can possibly execute multiple kernels concurrently
    pub concurrentKernels: i32,
    /// Device has ECC support enabled
    pub ECCEnabled: i32,
    /// PCI bus ID of the device
    pub pciBusID: i32,
    /// PCI device ID of the device
    pub pciDeviceID: i32,
    /// PCI domain ID of the device
    pub pciDomainID: i32,
    /// 1 if device is a Tesla device using TCC driver, 0 otherwise
    pub tccDriver: i32,
    /// Number of asynchronous engines
    pub asyncEngineCount: i32,
    /// Device shares a unified address space with the host
    pub unifiedAddressing: i32,
    /// Global memory bus width in bits
    pub memoryBusWidth: i32,
    /// Size of L2 cache in bytes
    pub l2CacheSize: i32,
    /// Device's maximum l2 persisting lines capacity setting in bytes
    pub persistingL2CacheMaxSize: i32,
    /// Maximum resident threads per multiprocessor
    pub maxThreadsPerMultiProcessor: i32,
    /// Device supports stream priorities
    pub streamPrioritiesSupported: i32,
    /// Device supports caching globals in L1
    pub globalL1CacheSupported: i32,
    /// Device supports caching locals in L1
    pub localL1CacheSupported: i32,
    /// Shared memory available per multiprocessor in bytes
    pub sharedMemPerMultiprocessor: usize,
    /// 32-bit registers available per multiprocessor
    pub regsPerMultiprocessor: i32,
    /// Device supports allocating managed memory on this system
    pub managedMemory: i32,
    /// Device is on a multi-GPU board
    pub isMultiGpuBoard: i32,
    /// Unique identifier for a group of devices on the same multi-GPU board
    pub multiGpuBoardGroupID: i32,
    /// Link between the device and the host supports native atomic operations
    pub hostNativeAtomicSupported: i32,
    /// Device supports coherently accessing pageable memory without calling cudaHostRegister on it
    pub pageableMemoryAccess: i32,
    /// Device can coherently access managed memory concurrently with the CPU
    pub concurrentManagedAccess: i32,
    /// Device supports Compute Preemption
    pub computePreemptionSupported: i32,
    /// Device can access host registered memory at the same virtual address as the CPU
    pub canUseHostPointerForRegisteredMem: i32,
    /// Device supports launching cooperative kernels via cudaLaunchCooperativeKernel
    pub cooperativeLaunch: i32,
    /// Per device maximum shared memory per block usable by special opt in
    pub sharedMemPerBlockOptin: usize,
    /// Device accesses pageable memory via the host's page tables
    pub pageableMemoryAccessUsesHostPageTables: i32,
    /// Host can directly access managed memory on the device without migration.
    pub directManagedMemAccessFromHost: i32,
    /// Maximum number of resident blocks per multiprocessor
    pub maxBlocksPerMultiProcessor: i32,
    /// The maximum value of cudaAccessPolicyWindownum_bytes.
    pub accessPolicyMaxWindowSize: i32,
    /// Shared memory reserved by CUDA driver per block in bytes
    pub reservedSharedMemPerBlock: usize,
    /// Device supports host memory registration via cudaHostRegister.
    pub hostRegisterSupported: i32,
    /// 1 if the device supports sparse CUDA arrays and sparse CUDA mipmapped arrays, 0 otherwise
    pub sparseCudaArraySupported: i32,
    /// Device supports using the cudaHostRegister flag cudaHostRegisterReadOnly to register memory that must be mapped as read-only to the GPU
    pub hostRegisterReadOnlySupported: i32,
    /// External timeline semaphore interop is supported on the device
    pub timelineSemaphoreInteropSupported: i32,
    /// 1 if the device supports using the cudaMallocAsync and cudaMemPool family of APIs, 0 otherwise
    pub memoryPoolsSupported: i32,
    /// 1 if the device supports GPUDirect RDMA APIs, 0 otherwise
    pub gpuDirectRDMASupported: i32,
    /// Bitmask to be interpreted according to the cudaFlushGPUDirectRDMAWritesOptions enum
    pub gpuDirectRDMAFlushWritesOptions: u32,
    /// See the cudaGPUDirectRDMAWritesOrdering enum for numerical values
    pub gpuDirectRDMAWritesOrdering: i32,
    /// Bitmask of handle types supported with mempool-based IPC
    pub memoryPoolSupportedHandleTypes: u32,
    /// 1 if the device supports deferred mapping CUDA arrays and CUDA mipmapped arrays
    pub deferredMappingCudaArraySupported: i32,
    /// Device supports IPC Events.
    pub ipcEventSupported: i32,
    /// Indicates device supports cluster launch
    pub clusterLaunch: i32,
    /// Indicates device supports unified pointers
    pub unifiedFunctionPointers: i32,
    /// NUMA configuration of a device: value is of type cudaDeviceNumaConfig enum
    pub deviceNumaConfig: i32,
    /// NUMA node ID of the GPU memory
    pub deviceNumaId: i32,
    /// Indicates if contexts created on this device will be shared via MPS
    pub mpsEnabled: i32,
    /// NUMA ID of the host node closest to the device or -1 when system does not support NUMA
    pub hostNumaId: i32,
    /// The combined 16-bit PCI device ID and 16-bit PCI vendor ID
    pub gpuPciDeviceID: u32,
    /// The combined 16-bit PCI subsystem ID and 16-bit PCI subsystem vendor ID
    pub gpuPciSubsystemID: u32,
    /// 1 if the device supports HostNuma location IPC between nodes in a multi-node system.
    pub hostNumaMultinodeIpcSupported: i32,
    /// Reserved for future use
    pub reserved: [i32; 56],
}

const _: () = assert!(std::mem::size_of::<DeviceProp>() == 1008);

/// The device's properties.
pub fn properties() -> DeviceProp {
    // SAFETY: every field is an integer or an array of them: all-zero
    // bytes are a valid value.
    let mut p: DeviceProp = unsafe { std::mem::zeroed() };
    let a = |n: u32| attribute(n).unwrap_or(0);
    p.name[..DEVICE_NAME.len()].copy_from_slice(DEVICE_NAME.as_bytes());
    p.uuid = DEVICE_UUID;
    p.totalGlobalMem = DEVICE_MEMORY as usize;
    p.sharedMemPerBlock = a(8) as usize;
    p.regsPerBlock = a(12);
    p.warpSize = a(10);
    p.memPitch = a(11) as usize;
    p.maxThreadsPerBlock = a(1);
    p.maxThreadsDim = [a(2), a(3), a(4)];
    p.maxGridSize = [a(5), a(6), a(7)];
    p.totalConstMem = a(9) as usize;
    p.major = a(75);
    p.minor = a(76);
    p.textureAlignment = a(14) as usize;
    p.texturePitchAlignment = a(51) as usize;
    p.multiProcessorCount = a(16);
    p.maxTexture1D = a(21);
    p.maxTexture2D = [a(22), a(23)];
    p.maxTexture3D = [a(24), a(25), a(26)];
    p.maxTexture2DLayered = [a(27), a(28), a(29)];
    p.surfaceAlignment = a(30) as usize;
    p.concurrentKernels = a(31);
    p.ECCEnabled = a(32);
    p.asyncEngineCount = a(40);
    p.unifiedAddressing = a(41);
    p.canMapHostMemory = a(19);
    p.canUseHostPointerForRegisteredMem = a(91);
    p.hostRegisterSupported = a(99);
    p.hostRegisterReadOnlySupported = a(113);
    p.memoryBusWidth = a(37);
    p.l2CacheSize = a(38);
    p.persistingL2CacheMaxSize = a(108);
    p.maxThreadsPerMultiProcessor = a(39);
    p.streamPrioritiesSupported = a(78);
    p.globalL1CacheSupported = a(79);
    p.localL1CacheSupported = a(80);
    p.sharedMemPerMultiprocessor = a(81) as usize;
    p.regsPerMultiprocessor = a(82);
    p.managedMemory = a(83);
    p.pageableMemoryAccess = a(88);
    p.concurrentManagedAccess = a(89);
    p.pageableMemoryAccessUsesHostPageTables = a(100);
    p.directManagedMemAccessFromHost = a(101);
    p.computePreemptionSupported = a(90);
    p.cooperativeLaunch = a(95);
    p.sharedMemPerBlockOptin = a(97) as usize;
    p.maxBlocksPerMultiProcessor = a(106);
    p.accessPolicyMaxWindowSize = a(109);
    p.reservedSharedMemPerBlock = a(111) as usize;
    p.clusterLaunch = a(120);
    p.unifiedFunctionPointers = a(129);
    p.deviceNumaId = a(131);
    p.hostNumaId = a(134);
    p
}

runtime_api! {
    /// `cudaGetDeviceCount`: one.
    fn cudaGetDeviceCount(count: *mut i32) {
        *out(count)? = 1;
        Ok(())
    }

    /// `cudaSetDevice`: device 0.
    fn cudaSetDevice(device: i32) {
        check_device(device)?;
        ensure()
    }

    /// `cudaGetDevice`: device 0.
    fn cudaGetDevice(device: *mut i32) {
        *out(device)? = 0;
        Ok(())
    }

    /// `cudaInitDevice`: device 0.
    fn cudaInitDevice(device: i32, device_flags: u32, flags: u32) {
        let _ = (device_flags, flags);
        check_device(device)?;
        ensure()
    }

    /// `cudaSetDeviceFlags`: accepted.
    fn cudaSetDeviceFlags(flags: u32) {
        let _ = flags;
        ensure()
    }

    /// `cudaGetDeviceFlags`.
    fn cudaGetDeviceFlags(flags: *mut u32) {
        *out(flags)? = state().primary.flags;
        Ok(())
    }

    /// `cudaGetDeviceProperties`.
    fn cudaGetDeviceProperties(properties: *mut DeviceProp, device: i32) {
        let place = out(properties)?;
        check_device(device)?;
        *place = self::properties();
        Ok(())
    }

    /// `cudaDeviceGetAttribute`.
    fn cudaDeviceGetAttribute(value: *mut i32, which: u32, device: i32) {
        let value = out(value)?;
        check_device(device)?;
        *value = attribute(which)?;
        Ok(())
    }

    /// `cudaDeviceSynchronize`: a fault since, if any.
    fn cudaDeviceSynchronize() {
        ensure()?;
        synchronize(&mut state())
    }

    /// `cudaDeviceReset`: frees every allocation and clears a fault.
    fn cudaDeviceReset() {
        ensure()?;
        reset(&mut state());
        Ok(())
    }

    /// `cudaDeviceSetCacheConfig`: accepted.
    fn cudaDeviceSetCacheConfig(config: u32) {
        let _ = config;
        ensure()
    }

    /// `cudaDriverGetVersion`: 13000.
    fn cudaDriverGetVersion(version: *mut i32) {
        *out(version)? = CUDA_VERSION;
        Ok(())
    }

    /// `cudaRuntimeGetVersion`: 13000.
    fn cudaRuntimeGetVersion(version: *mut i32) {
        *out(version)? = CUDA_VERSION;
        Ok(())
    }

    /// `cudaGetDriverEntryPoint`: the driver function called `symbol`
    /// (see [`crate::driver::proc_address`]).
    fn cudaGetDriverEntryPoint(symbol: *const c_char, function: *mut *const c_void, flags: u64, status: *mut i32) {
        let _ = flags;
        get_proc_address(symbol, function, CUDA_VERSION, status)
    }

    /// `cudaGetDriverEntryPointByVersion`.
    fn cudaGetDriverEntryPointByVersion(symbol: *const c_char, function: *mut *const c_void, version: u32, flags: u64, status: *mut i32) {
        let _ = flags;
        get_proc_address(symbol, function, version as i32, status)
    }

    /// `cudaDeviceSetLimit` (see `cuCtxSetLimit`).
    fn cudaDeviceSetLimit(limit: u32, value: usize) {
        ensure()?;
        limit::set(limit, value)
    }

    /// `cudaDeviceGetLimit` (see `cuCtxGetLimit`).
    fn cudaDeviceGetLimit(value: *mut usize, which: u32) {
        let value = out(value)?;
        ensure()?;
        *value = limit::get(which)?;
        Ok(())
    }

    /// `cudaChooseDevice`: device 0, the only one, whatever `properties`
    /// ask for (NVIDIA's picks the closest match, never failing for a
    /// poor one).
    fn cudaChooseDevice(device: *mut i32, properties: *const DeviceProp) {
        let device = out(device)?;
        if properties.is_null() {
            return Err(crate::driver::error::CUDA_ERROR_INVALID_VALUE);
        }
        *device = 0;
        Ok(())
    }

    /// `cudaDeviceCanAccessPeer`: 0, there being no other device.
    fn cudaDeviceCanAccessPeer(can: *mut i32, device: i32, peer: i32) {
        let can = out(can)?;
        *can = limit::can_access_peer(device, peer)?;
        Ok(())
    }

    /// `cudaDeviceGetPCIBusId`: `0000:00:00.0`.
    fn cudaDeviceGetPCIBusId(id: *mut c_char, len: i32, device: i32) {
        limit::pci_bus_id(id, len, device)
    }

    /// `cudaDeviceGetByPCIBusId`: device 0 for `0000:00:00.0`.
    fn cudaDeviceGetByPCIBusId(device: *mut i32, id: *const c_char) {
        let device = out(device)?;
        *device = limit::device_by_pci_bus_id(crate::export::text(id)?)?;
        Ok(())
    }

    /// `cudaProfilerStart`: nothing to profile.
    fn cudaProfilerStart() {
        Ok(())
    }

    /// `cudaProfilerStop`: nothing to profile.
    fn cudaProfilerStop() {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// CUDA 13.0's include folder, found as `tools/lib/cuda_env.py` finds
    /// its bin folder (`$CUDA_BIN`, else `$CUDA_VENV`'s pip packages).
    fn cuda_include() -> Option<PathBuf> {
        if let Ok(bin) = std::env::var("CUDA_BIN") {
            return Some(Path::new(&bin).join("../include")).filter(|p| p.exists());
        }
        let venv = std::env::var_os("CUDA_VENV")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/cuda-venv"));
        let mut pythons: Vec<PathBuf> = std::fs::read_dir(venv.join("lib"))
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        pythons.sort();
        let include = pythons.pop()?.join("site-packages/nvidia/cu13/include");
        include.exists().then_some(include)
    }

    #[test]
    fn device_prop_is_laid_out_as_cuda_13s_header_says() {
        let Some(include) = cuda_include() else {
            println!("no CUDA headers: set CUDA_BIN or CUDA_VENV to compare cudaDeviceProp");
            return;
        };
        let fields = [
            ("totalGlobalMem", offset_of!(DeviceProp, totalGlobalMem)),
            (
                "multiProcessorCount",
                offset_of!(DeviceProp, multiProcessorCount),
            ),
            (
                "sharedMemPerBlockOptin",
                offset_of!(DeviceProp, sharedMemPerBlockOptin),
            ),
            ("clusterLaunch", offset_of!(DeviceProp, clusterLaunch)),
            ("reserved", offset_of!(DeviceProp, reserved)),
        ];
        let mut program = String::from(
            "#include <stdio.h>\n#include <stddef.h>\n#include <cuda_runtime_api.h>\nint main(void) {\n printf(\"%zu\\n\", sizeof(struct cudaDeviceProp));\n",
        );
        for (name, _) in fields {
            program += &format!(" printf(\"%zu\\n\", offsetof(struct cudaDeviceProp, {name}));\n");
        }
        program += " return 0;\n}\n";
        let dir = std::env::temp_dir().join(format!("ptx-libcuda-prop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("prop.c"), program).unwrap();
        let built = Command::new("cc")
            .arg(format!("-I{}", include.display()))
            .arg(dir.join("prop.c"))
            .arg("-o")
            .arg(dir.join("prop"))
            .status()
            .expect("a C compiler");
        assert!(built.success());
        let printed = Command::new(dir.join("prop")).output().unwrap();
        let numbers: Vec<usize> = String::from_utf8_lossy(&printed.stdout)
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        assert_eq!(numbers[0], std::mem::size_of::<DeviceProp>(), "sizeof");
        for ((name, ours), theirs) in fields.iter().zip(&numbers[1..]) {
            assert_eq!(ours, theirs, "offsetof {name}");
        }
    }
}
