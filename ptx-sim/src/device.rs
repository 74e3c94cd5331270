//! Device memory that outlives launches: what a CUDA context holds between
//! kernels. A [`Device`] allocates, copies in and out, and runs launches of
//! modules ([`Device::launch`]) and of `ptx!` closures ([`Device::run`])
//! that read and write its allocations, so that one kernel's output is the
//! next one's input without a copy through the host. cudarc's
//! `CudaContext`/`CudaSlice` are the model: a [`DeviceBuffer`] is freed
//! when dropped.
//!
//! ```
//! use ptx_sim::device::Device;
//! use ptx_sim::kernel::Module;
//!
//! // `data[i] *= k` over `n` floats.
//! let module = Module::from_ptx(r#"
//! .version 8.0
//! .target sm_90
//! .address_size 64
//! .visible .entry scale(.param .u64 data, .param .u32 n, .param .f32 k) {
//!     .reg .pred %p;
//!     .reg .b32 %r<3>;
//!     .reg .f32 %f<3>;
//!     .reg .b64 %rd<3>;
//!     ld.param.u64 %rd1, [data];
//!     ld.param.u32 %r1, [n];
//!     ld.param.f32 %f1, [k];
//!     mov.u32 %r2, %tid.x;
//!     setp.ge.u32 %p, %r2, %r1;
//!     @%p bra DONE;
//!     mul.wide.u32 %rd2, %r2, 4;
//!     add.s64 %rd1, %rd1, %rd2;
//!     ld.global.f32 %f2, [%rd1];
//!     mul.f32 %f2, %f2, %f1;
//!     st.global.f32 [%rd1], %f2;
//! DONE:
//!     ret;
//! }"#).unwrap();
//! let device = Device::simulator();
//! let data = device.upload(&[1.0f32, 2.0, 3.0]).unwrap();
//! // Two launches over the same allocation: ×2, then ×10.
//! for k in [2.0f32, 10.0] {
//!     let mut launch = module.kernel("scale").unwrap();
//!     launch.block(32).arg(&data).arg(3u32).arg(k);
//!     device.launch(&launch).unwrap();
//! }
//! assert_eq!(device.read(&data).unwrap(), [20.0, 40.0, 60.0]);
//! ```
//!
//! In the simulator, allocations lie from [`DEVICE_BASE`] up, 256-byte
//! aligned (or as [`Device::alloc_aligned`] asks) with an unmapped gap
//! after each, and an address is never given out twice: a kernel that
//! reads freed memory faults as the sanitizer would have it, instead of
//! reading a later allocation. A launch borrows every allocation for its
//! run; a `ptx!` thread of that launch that calls the device's own methods
//! gets [`DeviceError::Busy`], another host thread waits for the launch to
//! end. With the `cuda` feature, [`Device::gpu`] holds the same
//! allocations on GPU 0 and runs the same launches there.
//!
//! A device has a heap for its kernels' `malloc` and `free` (C++ `new`
//! and `delete`), as a CUDA context has: [`Device::heap_size`] bytes
//! ([`DEFAULT_HEAP_SIZE`] unless [`Device::set_heap_size`] said
//! otherwise), reserved at the first launch of a module that calls them
//! and kept, with what the kernels left in it, until the device is
//! dropped or [`Device::reset_heap`]. Its size is fixed from then on, and
//! the host API does not reach its bytes ([`DeviceError::InHeap`]): as on
//! a GPU, kernels read and free what kernels allocated.

use crate::kernel::launch::Lent;
use crate::kernel::{Arg, KernelError, KernelLaunch, KernelReport, Module};
use crate::machine::{Element, Launch, LaunchError, Report, Thread};
pub use crate::memory::heap::DEFAULT_HEAP_SIZE;
use crate::memory::heap::Heap;
pub use crate::memory::window::DEVICE_BASE;
use crate::memory::window::GLOBAL_BASE;
use crate::memory::words::Words;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The memory of the device a simulated [`Device`] stands for: an H100
/// SXM's 80 GiB. An allocation beyond what is left fails, as
/// `cudaMalloc` does.
pub const DEVICE_MEMORY: u64 = 80 << 30;

/// Allocations start at multiples of this (what `cudaMalloc` guarantees).
const ALIGN: u64 = 256;

/// What can go wrong with device memory or a launch on a device.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DeviceError {
    /// An address in no allocation of the device.
    #[error("{addr:#x} is in no allocation of this device")]
    Unmapped {
        /// The address.
        addr: u64,
    },
    /// An access that starts in an allocation and runs past its end.
    #[error(
        "{len} bytes at {addr:#x} run {} bytes past the end of the allocation of {size} bytes at {base:#x}",
        (addr - base) + len - size
    )]
    OutOfBounds {
        /// Where the access starts.
        addr: u64,
        /// How many bytes it spans.
        len: u64,
        /// The allocation's first address.
        base: u64,
        /// The allocation's size in bytes.
        size: u64,
    },
    /// A free of an address that does not start a live allocation.
    #[error(
        "{addr:#x} does not start a live allocation of this device (freed already, never allocated, or inside one)"
    )]
    NotAllocated {
        /// The address given.
        addr: u64,
    },
    /// An allocation the device's memory cannot hold.
    #[error("cannot allocate {bytes} bytes: {in_use} of the device's {capacity} bytes are in use")]
    OutOfMemory {
        /// The size asked for.
        bytes: u64,
        /// The bytes allocated and not yet freed.
        in_use: u64,
        /// The device's memory.
        capacity: u64,
    },
    /// Host values that do not fit the allocation they are written to or
    /// read into.
    #[error("{given} elements do not fit a buffer of {len}")]
    Length {
        /// The elements given.
        given: usize,
        /// The buffer's elements.
        len: usize,
    },
    /// A host access to the device heap, which only kernels reach
    /// (`cudaMemcpy` of what a kernel's `malloc` gave is an error on a GPU
    /// too).
    #[error(
        "{addr:#x} is in the device heap ({size} bytes at {base:#x}), which only kernels reach: memory a kernel's malloc or new gave cannot be copied, set or freed by the host; have a kernel copy it into an allocation"
    )]
    InHeap {
        /// The address given.
        addr: u64,
        /// The heap's first address.
        base: u64,
        /// The heap's bytes.
        size: u64,
    },
    /// A change of the heap's size once a kernel has used the heap
    /// (`cudaDeviceSetLimit(cudaLimitMallocHeapSize, ..)` after such a
    /// launch is `cudaErrorInvalidValue`).
    #[error(
        "the device heap's size cannot change once a kernel that calls malloc or free has run: it is {size} bytes"
    )]
    HeapFixed {
        /// The heap's bytes.
        size: u64,
    },
    /// Host memory to borrow ([`Device::borrow_host`]) that does not
    /// start and end at a multiple of 8 (or is empty).
    #[error("host memory of {len} bytes at {addr:#x}: both must be non-zero multiples of 8")]
    HostRange {
        /// Its first address.
        addr: u64,
        /// Its size in bytes.
        len: u64,
    },
    /// Host memory to borrow ([`Device::borrow_host`]) that overlaps an
    /// allocation of the device.
    #[error(
        "host memory at {addr:#x} overlaps the device's allocation of {size} bytes at {base:#x}"
    )]
    Overlap {
        /// The host memory's first address.
        addr: u64,
        /// The allocation's first address.
        base: u64,
        /// The allocation's size in bytes.
        size: u64,
    },
    /// A thread of a launch on the device called the device's methods:
    /// the launch holds the device's memory until it ends.
    #[error(
        "the device is running a launch: a thread of that launch cannot use the device's memory through the host API (pass it the addresses instead)"
    )]
    Busy,
    /// No GPU to open ([`Device::gpu`]).
    #[error("no GPU: {0}")]
    NoGpu(String),
    /// A call of the CUDA driver failed.
    #[error("on the GPU: {0}")]
    Gpu(String),
    /// A kernel faulted on the GPU, which resets the device: every
    /// allocation is gone, as in a CUDA context after a sticky error.
    #[error(
        "the device was reset after a kernel faulted on the GPU ({0}); its allocations are gone"
    )]
    Lost(String),
    /// A launch of closures on a GPU device.
    #[error(
        "a launch of Rust closures runs only in the simulator, and this device is the GPU `{0}`: use Device::simulator()"
    )]
    ClosuresOnGpu(String),
    /// A variable (`.global` or `.const`) the module does not have.
    #[error("the module has no .global or .const variable `{name}` (it has: {})", .variables.join(", "))]
    NoVariable {
        /// The name asked for.
        name: String,
        /// The module's `.global` and `.const` variables.
        variables: Vec<String>,
    },
    /// A module launch that could not run, or whose threads faulted.
    #[error(transparent)]
    Kernel(#[from] KernelError),
    /// A launch of closures whose threads faulted.
    #[error(transparent)]
    Launch(#[from] LaunchError),
}

#[cfg(feature = "cuda")]
impl DeviceError {
    /// A failed call of the CUDA driver, as [`DeviceError::Gpu`] says it.
    fn gpu(why: ptx_cuda::GpuError) -> DeviceError {
        DeviceError::Gpu(why.to_string())
    }
}

/// Where a device's memory lives.
enum Backend {
    Simulator,
    #[cfg(feature = "cuda")]
    Gpu(&'static ptx_cuda::Gpu),
}

/// A module's state on one device.
struct Loaded {
    module: Module,
    /// Its variables, `.global` then `.const`, between launches (in the
    /// simulator).
    variables: Option<Vec<Vec<u8>>>,
    /// The module as the driver loaded it (on a GPU).
    #[cfg(feature = "cuda")]
    gpu: Option<ptx_cuda::GpuModule>,
}

/// What the device's lock guards.
#[derive(Default)]
struct State {
    /// Each allocation by its first address: its size, and in the
    /// simulator its bytes (taken out while a launch runs), as the words
    /// a launch's global memory holds, so that a launch neither converts
    /// nor copies them.
    allocations: BTreeMap<u64, (u64, Words)>,
    /// Where the next allocation in the simulator goes.
    next: u64,
    /// Bytes allocated and not freed.
    in_use: u64,
    /// A launch holds the memory.
    busy: bool,
    /// Allocations dropped while a launch ran, freed when it ends.
    deferred: Vec<u64>,
    /// Modules launched on the device.
    modules: Vec<Loaded>,
    /// Why the device was reset, once a kernel faulted on the GPU.
    lost: Option<String>,
    /// The size the heap gets when it is made.
    heap_size: u64,
    /// The heap, once a launch needed it: its bookkeeping, and its bytes
    /// (taken out while a launch runs).
    heap: Option<(Arc<Heap>, Words)>,
}

struct Inner {
    backend: Backend,
    state: Mutex<State>,
    idle: Condvar,
}

/// A device: memory that outlives launches, and the launches that use it
/// (see the [module](self)). Cloning it gives another handle to the same
/// device.
#[derive(Clone)]
pub struct Device {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("name", &self.name())
            .finish()
    }
}

impl Device {
    /// A simulated H100 with [`DEVICE_MEMORY`] bytes of memory.
    pub fn simulator() -> Device {
        Device::with(Backend::Simulator)
    }

    /// GPU 0 through the CUDA driver (the `cuda` feature), or why there
    /// is none.
    ///
    /// ```
    /// # use ptx_sim::device::Device;
    /// match Device::gpu() {
    ///     Ok(gpu) => println!("on {}", gpu.name()),
    ///     Err(why) => println!("{why}"), // no driver, no GPU, or no `cuda` feature
    /// }
    /// ```
    pub fn gpu() -> Result<Device, DeviceError> {
        #[cfg(feature = "cuda")]
        {
            let gpu = ptx_cuda::Gpu::shared().map_err(|why| DeviceError::NoGpu(why.to_string()))?;
            Ok(Device::with(Backend::Gpu(gpu)))
        }
        #[cfg(not(feature = "cuda"))]
        Err(DeviceError::NoGpu(
            crate::kernel::launch::GpuError::NoBackend.to_string(),
        ))
    }

    fn with(backend: Backend) -> Device {
        Device {
            inner: Arc::new(Inner {
                backend,
                state: Mutex::new(State {
                    next: DEVICE_BASE,
                    heap_size: DEFAULT_HEAP_SIZE,
                    ..State::default()
                }),
                idle: Condvar::new(),
            }),
        }
    }

    /// What the device is: "simulated H100", or the GPU's name.
    pub fn name(&self) -> String {
        match self.inner.backend {
            Backend::Simulator => "simulated H100".into(),
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => gpu.name().to_string(),
        }
    }

    /// Whether the device is a real GPU.
    pub fn is_gpu(&self) -> bool {
        !matches!(self.inner.backend, Backend::Simulator)
    }

    /// The state, once no launch holds it. A thread of a launch on this
    /// device gets [`DeviceError::Busy`] instead of waiting for itself.
    fn state(&self) -> Result<MutexGuard<'_, State>, DeviceError> {
        let mut state = self.inner.state.lock().unwrap_or_else(|e| e.into_inner());
        while state.busy {
            if crate::machine::in_launch() {
                return Err(DeviceError::Busy);
            }
            state = self
                .inner
                .idle
                .wait(state)
                .unwrap_or_else(|e| e.into_inner());
        }
        if let Some(why) = &state.lost {
            return Err(DeviceError::Lost(why.clone()));
        }
        Ok(state)
    }

    /// A new allocation of `bytes` bytes, zeroed; its address.
    pub fn alloc(&self, bytes: usize) -> Result<u64, DeviceError> {
        self.alloc_aligned(bytes, ALIGN)
    }

    /// [`Device::alloc`] at a multiple of `align`: a power of two (any
    /// other is rounded up to one), of which 256 and less change nothing.
    /// In the simulator the allocation starts at the next multiple of
    /// `align` past the last one, so that, say, a page-aligned allocation
    /// can be mirrored by host memory mapped at the same address; on a GPU
    /// the driver places it, and one it gives out misaligned is freed and
    /// reported as [`DeviceError::Gpu`].
    ///
    /// ```
    /// # use ptx_sim::device::Device;
    /// let device = Device::simulator();
    /// device.alloc(4).unwrap();
    /// let page = device.alloc_aligned(4, 4096).unwrap();
    /// assert_eq!(page % 4096, 0);
    /// ```
    pub fn alloc_aligned(&self, bytes: usize, align: u64) -> Result<u64, DeviceError> {
        let align = align
            .max(ALIGN)
            .checked_next_power_of_two()
            .unwrap_or(1 << 63);
        let mut state = self.state()?;
        let size = bytes as u64;
        let full = || DeviceError::OutOfMemory {
            bytes: size,
            in_use: state.in_use,
            capacity: DEVICE_MEMORY,
        };
        if size > DEVICE_MEMORY - state.in_use {
            return Err(full());
        }
        let addr = match self.inner.backend {
            Backend::Simulator => {
                let (mut addr, mut end);
                let mut next = state.next;
                loop {
                    addr = next.checked_next_multiple_of(align).unwrap_or(u64::MAX);
                    end = addr
                        .saturating_add(size.div_ceil(ALIGN) * ALIGN)
                        .saturating_add(ALIGN);
                    // Host memory the device borrows may lie anywhere:
                    // past it, if it is in the way.
                    let borrowed = state
                        .allocations
                        .range(..end)
                        .next_back()
                        .filter(|(base, (len, _))| **base + *len > addr)
                        .map(|(base, (len, _))| *base + *len);
                    match borrowed {
                        Some(past) => next = past + ALIGN,
                        None => break,
                    }
                }
                if end > GLOBAL_BASE {
                    return Err(full());
                }
                let zeroed = Words::try_zeroed(bytes).ok_or_else(full)?;
                state.next = end;
                state.allocations.insert(addr, (size, zeroed));
                addr
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => {
                let addr = gpu.alloc(bytes).map_err(DeviceError::gpu)?;
                if addr % align != 0 {
                    let _ = gpu.free(addr);
                    return Err(DeviceError::Gpu(format!(
                        "cuMemAlloc gave {addr:#x}, not a multiple of {align}"
                    )));
                }
                gpu.fill(addr, 0, bytes).map_err(DeviceError::gpu)?;
                state.allocations.insert(addr, (size, Words::default()));
                addr
            }
        };
        state.in_use += size;
        Ok(addr)
    }

    /// Makes the `len` bytes of host memory at `addr` an allocation of
    /// the device at that same address, until [`Device::free`]: kernels
    /// read and write the host's bytes themselves, with no copy (CUDA's
    /// mapped, page-locked host memory, where the host's pointer is the
    /// device's). They count against no device memory. `addr` and `len`
    /// must be multiples of 8, and the range must overlap no allocation
    /// of the device (then [`DeviceError::Overlap`]). Only the
    /// simulator borrows host memory (on a GPU, [`DeviceError::Gpu`]).
    ///
    /// ```
    /// # use ptx_sim::device::Device;
    /// let device = Device::simulator();
    /// let mut host = vec![0u64; 4];
    /// let addr = host.as_mut_ptr() as u64;
    /// // SAFETY: `host` outlives the borrow, freed below.
    /// unsafe { device.borrow_host(addr, 32) }.unwrap();
    /// device.write_bytes(addr + 8, &[5]).unwrap();
    /// device.free(addr).unwrap();
    /// assert_eq!(host[1], 5);
    /// ```
    ///
    /// # Safety
    /// The bytes must stay valid for reads and writes until the
    /// allocation is freed (or the device dropped), and be reached by
    /// other threads meanwhile only while no launch or copy of the device
    /// uses them (or as atomics).
    pub unsafe fn borrow_host(&self, addr: u64, len: usize) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        if !matches!(self.inner.backend, Backend::Simulator) {
            return Err(DeviceError::Gpu(
                "a GPU device does not borrow host memory".into(),
            ));
        }
        let size = len as u64;
        let word = crate::memory::words::WORD as u64;
        let end = addr.checked_add(size).filter(|_| {
            addr.is_multiple_of(word) && size.is_multiple_of(word) && addr != 0 && size != 0
        });
        let Some(end) = end else {
            return Err(DeviceError::HostRange { addr, len: size });
        };
        let clash = state
            .allocations
            .range(..end)
            .next_back()
            .filter(|(base, (len, _))| **base + *len > addr)
            .map(|(base, (len, _))| (*base, *len));
        if let Some((base, size)) = clash {
            return Err(DeviceError::Overlap { addr, base, size });
        }
        // SAFETY: as the caller promises.
        let words = unsafe { crate::memory::words::Words::host(addr as usize, len) };
        state.allocations.insert(addr, (size, words));
        Ok(())
    }

    /// Frees the allocation that starts at `addr` (host memory the device
    /// borrowed goes back to the host alone).
    pub fn free(&self, addr: u64) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        self.release(&mut state, addr)
    }

    fn release(&self, state: &mut State, addr: u64) -> Result<(), DeviceError> {
        let Some((size, words)) = state.allocations.remove(&addr) else {
            return Err(match &state.heap {
                Some((heap, _)) if heap.contains(addr) => DeviceError::InHeap {
                    addr,
                    base: heap.base(),
                    size: heap.size(),
                },
                _ => DeviceError::NotAllocated { addr },
            });
        };
        if words.is_host() {
            return Ok(());
        }
        state.in_use = state.in_use.saturating_sub(size);
        match self.inner.backend {
            Backend::Simulator => Ok(()),
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => gpu.free(addr).map_err(DeviceError::gpu),
        }
    }

    /// The size of the heap that kernels' `malloc` and `free` use: what
    /// [`Device::set_heap_size`] last set ([`DEFAULT_HEAP_SIZE`] before),
    /// or the heap's own once a launch has made it.
    pub fn heap_size(&self) -> Result<u64, DeviceError> {
        let state = self.state()?;
        Ok(match &state.heap {
            Some((heap, _)) => heap.size(),
            None => state.heap_size,
        })
    }

    /// Sets the size of the heap (`cudaLimitMallocHeapSize`) that the
    /// first launch of a module calling `malloc` or `free` reserves (a
    /// multiple of 16 bytes: the size is rounded up to one). Once that
    /// launch has run, the size is fixed: [`DeviceError::HeapFixed`]
    /// (as `cudaDeviceSetLimit` refuses it). The simulator's only: on a
    /// GPU device this is [`DeviceError::Gpu`] (the backend sets no
    /// context limits, so the driver's 8 MiB stand).
    ///
    /// ```
    /// # use ptx_sim::device::{Device, DEFAULT_HEAP_SIZE};
    /// let device = Device::simulator();
    /// assert_eq!(device.heap_size().unwrap(), DEFAULT_HEAP_SIZE);
    /// device.set_heap_size(1 << 20).unwrap();
    /// assert_eq!(device.heap_size().unwrap(), 1 << 20);
    /// ```
    pub fn set_heap_size(&self, bytes: u64) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        if self.is_gpu() {
            return Err(DeviceError::Gpu(
                "the heap size is set on the simulator only (the GPU backend sets no context limits)".into(),
            ));
        }
        if let Some((heap, _)) = &state.heap {
            return Err(DeviceError::HeapFixed { size: heap.size() });
        }
        state.heap_size = bytes
            .checked_next_multiple_of(crate::memory::heap::GRANULE)
            .ok_or(DeviceError::OutOfMemory {
                bytes,
                in_use: state.in_use,
                capacity: DEVICE_MEMORY,
            })?;
        Ok(())
    }

    /// Whether `addr` lies in the device heap (once a launch has made
    /// it): memory the host API cannot reach.
    pub fn in_heap(&self, addr: u64) -> bool {
        let state = self.inner.state.lock().unwrap_or_else(|e| e.into_inner());
        state
            .heap
            .as_ref()
            .is_some_and(|(heap, _)| heap.contains(addr))
    }

    /// Drops the heap and everything kernels allocated in it (as a
    /// device reset does): the next launch that needs one makes it anew,
    /// [`Device::heap_size`] bytes, which may be set again first.
    pub fn reset_heap(&self) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        if let Some((heap, _)) = state.heap.take() {
            state.in_use -= heap.size();
        }
        Ok(())
    }

    /// Makes the heap if there is none: [`State::heap_size`] bytes at the
    /// next free addresses, with a gap after them as every allocation has.
    fn make_heap(state: &mut State) -> Result<(), DeviceError> {
        if state.heap.is_some() {
            return Ok(());
        }
        let size = state.heap_size;
        let full = |state: &State| DeviceError::OutOfMemory {
            bytes: size,
            in_use: state.in_use,
            capacity: DEVICE_MEMORY,
        };
        if size > DEVICE_MEMORY - state.in_use {
            return Err(full(state));
        }
        let addr = state.next.next_multiple_of(ALIGN);
        let end = addr
            .saturating_add(size.div_ceil(ALIGN) * ALIGN)
            .saturating_add(ALIGN);
        if end > GLOBAL_BASE {
            return Err(full(state));
        }
        let bytes = Words::try_zeroed(size as usize).ok_or_else(|| full(state))?;
        state.next = end;
        state.in_use += size;
        state.heap = Some((Arc::new(Heap::new(addr, size)), bytes));
        Ok(())
    }

    /// The allocation holding the `len` bytes at `addr`: its first
    /// address.
    fn find(state: &State, addr: u64, len: usize) -> Result<u64, DeviceError> {
        let len = len as u64;
        let unmapped = || match &state.heap {
            Some((heap, _)) if heap.contains(addr) => DeviceError::InHeap {
                addr,
                base: heap.base(),
                size: heap.size(),
            },
            _ => DeviceError::Unmapped { addr },
        };
        let (&base, &(size, _)) = state
            .allocations
            .range(..=addr)
            .next_back()
            .filter(|(base, (size, _))| addr - *base < *size || (len == 0 && addr - *base == *size))
            .ok_or_else(unmapped)?;
        if (addr - base) + len > size {
            return Err(DeviceError::OutOfBounds {
                addr,
                len,
                base,
                size,
            });
        }
        Ok(base)
    }

    /// Copies `bytes` to device address `addr` (in one allocation).
    pub fn write_bytes(&self, addr: u64, bytes: &[u8]) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        let base = Device::find(&state, addr, bytes.len())?;
        match self.inner.backend {
            Backend::Simulator => {
                let at = (addr - base) as usize;
                // No launch holds the words while the state is held: one
                // plain copy.
                let words = &mut state.allocations.get_mut(&base).expect("found").1;
                words.store_exclusive(at, bytes);
                Ok(())
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => gpu.write(addr, bytes).map_err(DeviceError::gpu),
        }
    }

    /// The `len` bytes at device address `addr` (in one allocation).
    pub fn read_bytes(&self, addr: u64, len: usize) -> Result<Vec<u8>, DeviceError> {
        let mut bytes = vec![0; len];
        self.read_into(addr, &mut bytes)?;
        Ok(bytes)
    }

    /// Copies the `out.len()` bytes at device address `addr` (in one
    /// allocation) into `out`: [`Device::read_bytes`] into memory the
    /// caller has.
    pub fn read_into(&self, addr: u64, out: &mut [u8]) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        let base = Device::find(&state, addr, out.len())?;
        match self.inner.backend {
            Backend::Simulator => {
                let at = (addr - base) as usize;
                // No launch holds the words while the state is held: one
                // plain copy.
                let words = &mut state.allocations.get_mut(&base).expect("found").1;
                words.load_exclusive(at, out);
                Ok(())
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => gpu.read(addr, out).map_err(DeviceError::gpu),
        }
    }

    /// Sets the `len` bytes at device address `addr` to `value`
    /// (`cudaMemset`).
    pub fn fill_bytes(&self, addr: u64, value: u8, len: usize) -> Result<(), DeviceError> {
        let state = self.state()?;
        let base = Device::find(&state, addr, len)?;
        match self.inner.backend {
            Backend::Simulator => {
                let at = (addr - base) as usize;
                state.allocations[&base].1.fill(at, len, value);
                Ok(())
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => gpu.fill(addr, value, len).map_err(DeviceError::gpu),
        }
    }

    /// Copies `len` bytes from device address `src` to `dst` (each in one
    /// allocation; they may overlap, as `cudaMemcpy` device to device
    /// does not promise).
    pub fn copy_bytes(&self, dst: u64, src: u64, len: usize) -> Result<(), DeviceError> {
        let state = self.state()?;
        let from = Device::find(&state, src, len)?;
        let to = Device::find(&state, dst, len)?;
        match self.inner.backend {
            Backend::Simulator => {
                let mut bytes = vec![0; len];
                state.allocations[&from]
                    .1
                    .load((src - from) as usize, &mut bytes);
                state.allocations[&to].1.store((dst - to) as usize, &bytes);
                Ok(())
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => gpu.copy(dst, src, len).map_err(DeviceError::gpu),
        }
    }

    /// A new allocation of `n` zeroed values of `E`.
    pub fn alloc_zeros<E: Element>(&self, n: usize) -> Result<DeviceBuffer<E>, DeviceError> {
        let bytes = n.checked_mul(E::BYTES).ok_or(DeviceError::OutOfMemory {
            bytes: u64::MAX,
            in_use: 0,
            capacity: DEVICE_MEMORY,
        })?;
        Ok(DeviceBuffer {
            device: self.clone(),
            addr: self.alloc(bytes)?,
            len: n,
            element: PhantomData,
        })
    }

    /// A new allocation holding `values` (cudarc's `memcpy_stod`).
    pub fn upload<E: Element>(&self, values: &[E]) -> Result<DeviceBuffer<E>, DeviceError> {
        let buffer = self.alloc_zeros(values.len())?;
        self.write(&buffer, values)?;
        Ok(buffer)
    }

    /// Copies `values` to the start of `buffer` (at most its length).
    pub fn write<E: Element>(
        &self,
        buffer: &DeviceBuffer<E>,
        values: &[E],
    ) -> Result<(), DeviceError> {
        if values.len() > buffer.len {
            return Err(DeviceError::Length {
                given: values.len(),
                len: buffer.len,
            });
        }
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le()).collect();
        self.write_bytes(buffer.addr, &bytes)
    }

    /// The values `buffer` holds (cudarc's `memcpy_dtov`).
    pub fn read<E: Element>(&self, buffer: &DeviceBuffer<E>) -> Result<Vec<E>, DeviceError> {
        let bytes = self.read_bytes(buffer.addr, buffer.len * E::BYTES)?;
        Ok(bytes.chunks_exact(E::BYTES).map(E::from_le).collect())
    }

    /// Copies all of `src` to the start of `dst`, device to device.
    pub fn copy<E: Element>(
        &self,
        dst: &DeviceBuffer<E>,
        src: &DeviceBuffer<E>,
    ) -> Result<(), DeviceError> {
        if src.len > dst.len {
            return Err(DeviceError::Length {
                given: src.len,
                len: dst.len,
            });
        }
        self.copy_bytes(dst.addr, src.addr, src.len * E::BYTES)
    }

    /// Runs `kernel` on the device: its pointer arguments may be the
    /// device's allocations ([`DeviceBuffer`] or [`Arg::Pointer`]), which
    /// keep what it left for the next launch; the module's `.global`
    /// variables keep their values from launch to launch, as in a loaded
    /// CUDA module. The device, not [`KernelLaunch::backend`], says where
    /// it runs.
    pub fn launch(&self, kernel: &KernelLaunch<'_>) -> Result<KernelReport, DeviceError> {
        match self.inner.backend {
            Backend::Simulator => {
                let mut lent = Lent::default();
                let slot = {
                    let mut state = self.state()?;
                    let slot = Device::loaded(&mut state, kernel.module());
                    if kernel.module().uses_heap() {
                        Device::make_heap(&mut state)?;
                    }
                    lent.variables = state.modules[slot].variables.take();
                    lent.buffers = Device::lend(&mut state);
                    lent.heap = state.heap.as_ref().map(|(heap, _)| Arc::clone(heap));
                    state.busy = true;
                    slot
                };
                let outcome = kernel.simulate_lent(&mut lent);
                let mut state = self.inner.state.lock().unwrap_or_else(|e| e.into_inner());
                state.modules[slot].variables = lent.variables;
                self.settle(state, lent.buffers);
                Ok(outcome?)
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => {
                let mut state = self.state()?;
                let module = self.gpu_module(&mut state, gpu, kernel.module())?;
                kernel
                    .on_loaded_gpu(gpu, module)
                    .map_err(|e| self.after_gpu_fault(&mut state, gpu, e))
            }
        }
    }

    /// Runs `f` as every thread of `launch`, its threads free to load
    /// from and store to the device's allocations (by their addresses)
    /// beside the launch's own buffers; the allocations keep what they
    /// left. Closures run in the simulator only.
    ///
    ///
    /// `ptx::device` has an example, with `ptx!` threads.
    pub fn run<T, F>(&self, launch: &Launch, f: F) -> Result<Report<T>, DeviceError>
    where
        T: Send,
        F: Fn(&Thread) -> T + Sync,
    {
        if self.is_gpu() {
            return Err(DeviceError::ClosuresOnGpu(self.name()));
        }
        let mut lent = {
            let mut state = self.state()?;
            let lent = Device::lend(&mut state);
            state.busy = true;
            lent
        };
        let outcome = launch.run_lent(&mut lent, f);
        let state = self.inner.state.lock().unwrap_or_else(|e| e.into_inner());
        self.settle(state, lent);
        Ok(outcome?)
    }

    /// The bytes of `module`'s `.global` or `.const` variable `name` on
    /// this device: its initialiser until a launch of the module (or
    /// [`Device::write_global`]) changed it.
    pub fn read_global(&self, module: &Module, name: &str) -> Result<Vec<u8>, DeviceError> {
        let mut state = self.state()?;
        let (index, len) = Device::variable(module, name)?;
        match self.inner.backend {
            Backend::Simulator => {
                let slot = Device::loaded(&mut state, module);
                let variables = Device::variables_of(&mut state.modules[slot]);
                Ok(variables[index][..len].to_vec())
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => {
                let loaded = self.gpu_module(&mut state, gpu, module)?;
                let (ptr, size) = gpu.global(loaded, name).map_err(DeviceError::gpu)?;
                let mut bytes = vec![0; size];
                gpu.read(ptr, &mut bytes).map_err(DeviceError::gpu)?;
                Ok(bytes)
            }
        }
    }

    /// Sets the start of `module`'s `.global` or `.const` variable `name`
    /// on this device to `bytes` (`cudaMemcpyToSymbol`, which writes
    /// `__constant__` variables too), for the module's next launches.
    pub fn write_global(
        &self,
        module: &Module,
        name: &str,
        bytes: &[u8],
    ) -> Result<(), DeviceError> {
        let mut state = self.state()?;
        let (index, len) = Device::variable(module, name)?;
        if bytes.len() > len {
            return Err(DeviceError::Length {
                given: bytes.len(),
                len,
            });
        }
        match self.inner.backend {
            Backend::Simulator => {
                let slot = Device::loaded(&mut state, module);
                let variables = Device::variables_of(&mut state.modules[slot]);
                variables[index][..bytes.len()].copy_from_slice(bytes);
                Ok(())
            }
            #[cfg(feature = "cuda")]
            Backend::Gpu(gpu) => {
                let loaded = self.gpu_module(&mut state, gpu, module)?;
                let (ptr, _) = gpu.global(loaded, name).map_err(DeviceError::gpu)?;
                gpu.write(ptr, bytes).map_err(DeviceError::gpu)
            }
        }
    }

    /// Where `module`'s variable `name` is among its variables (`.global`
    /// then `.const`), and its size.
    fn variable(module: &Module, name: &str) -> Result<(usize, usize), DeviceError> {
        module
            .variables()
            .enumerate()
            .find(|(_, (n, _))| *n == name)
            .map(|(i, (_, len))| (i, len))
            .ok_or_else(|| DeviceError::NoVariable {
                name: name.to_string(),
                variables: module.variables().map(|(n, _)| n.to_string()).collect(),
            })
    }

    /// `loaded`'s variables, from their initialisers the first time.
    fn variables_of(loaded: &mut Loaded) -> &mut Vec<Vec<u8>> {
        let module = &loaded.module;
        loaded
            .variables
            .get_or_insert_with(|| module.initial_variables())
    }

    /// The slot of `module` among the device's modules, added at its
    /// first use.
    fn loaded(state: &mut State, module: &Module) -> usize {
        if let Some(slot) = state.modules.iter().position(|l| l.module.is(module)) {
            return slot;
        }
        state.modules.push(Loaded {
            module: module.clone(),
            variables: None,
            #[cfg(feature = "cuda")]
            gpu: None,
        });
        state.modules.len() - 1
    }

    /// Every allocation's bytes and the heap's, taken out for a launch,
    /// by address.
    fn lend(state: &mut State) -> Vec<(u64, Words)> {
        let mut lent: Vec<(u64, Words)> = state
            .allocations
            .iter_mut()
            .map(|(&addr, (_, bytes))| (addr, std::mem::take(bytes)))
            .collect();
        if let Some((heap, bytes)) = &mut state.heap {
            let at = lent.partition_point(|(addr, _)| *addr < heap.base());
            lent.insert(at, (heap.base(), std::mem::take(bytes)));
        }
        lent
    }

    /// Puts back what a launch left in the allocations, frees those
    /// dropped meanwhile and lets the waiting threads in.
    fn settle(&self, mut state: MutexGuard<'_, State>, lent: Vec<(u64, Words)>) {
        for (addr, bytes) in lent {
            if let Some(held) = state.allocations.get_mut(&addr) {
                held.1 = bytes;
            } else if let Some((heap, held)) = &mut state.heap
                && heap.base() == addr
            {
                *held = bytes;
            }
        }
        state.busy = false;
        for addr in std::mem::take(&mut state.deferred) {
            let _ = self.release(&mut state, addr);
        }
        drop(state);
        self.inner.idle.notify_all();
    }

    /// `module` loaded into the GPU's context, once per device.
    #[cfg(feature = "cuda")]
    fn gpu_module(
        &self,
        state: &mut State,
        gpu: &ptx_cuda::Gpu,
        module: &Module,
    ) -> Result<ptx_cuda::GpuModule, DeviceError> {
        let slot = Device::loaded(state, module);
        if let Some(loaded) = state.modules[slot].gpu {
            return Ok(loaded);
        }
        let loaded = gpu.load(module.text()).map_err(DeviceError::gpu)?;
        state.modules[slot].gpu = Some(loaded);
        Ok(loaded)
    }

    /// `error` of a launch on the GPU; a fault that broke the context
    /// resets the device and loses its memory.
    #[cfg(feature = "cuda")]
    fn after_gpu_fault(
        &self,
        state: &mut State,
        gpu: &ptx_cuda::Gpu,
        error: KernelError,
    ) -> DeviceError {
        if !gpu.healthy() {
            gpu.reset();
            state.allocations.clear();
            state.modules.clear();
            state.in_use = 0;
            state.lost = Some(error.to_string());
        }
        DeviceError::Kernel(error)
    }
}

/// `n` values of `E` in a [`Device`]'s memory, freed when dropped (as
/// cudarc's `CudaSlice`). Pass it to a kernel with
/// [`KernelLaunch::arg`]`(&buffer)`; closures take its [`addr`](Self::addr).
pub struct DeviceBuffer<E> {
    device: Device,
    addr: u64,
    len: usize,
    element: PhantomData<fn() -> E>,
}

impl<E> std::fmt::Debug for DeviceBuffer<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceBuffer")
            .field("addr", &format_args!("{:#x}", self.addr))
            .field("len", &self.len)
            .finish()
    }
}

impl<E: Element> DeviceBuffer<E> {
    /// The device address of its first value.
    pub fn addr(&self) -> u64 {
        self.addr
    }

    /// The device address of value `i`.
    pub fn at(&self, i: usize) -> u64 {
        self.addr + (i * E::BYTES) as u64
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<E> Drop for DeviceBuffer<E> {
    fn drop(&mut self) {
        let inner = &self.device.inner;
        let mut state = inner.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.busy {
            state.deferred.push(self.addr);
        } else if state.lost.is_none() {
            let _ = self.device.release(&mut state, self.addr);
        }
    }
}

/// A buffer passes its device address.
impl<E> From<&DeviceBuffer<E>> for Arg {
    fn from(buffer: &DeviceBuffer<E>) -> Arg {
        Arg::Pointer(buffer.addr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `out[i] = in[i] * 3` for `n` u32 values.
    const TRIPLE: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry triple(.param .u64 out, .param .u64 in, .param .u32 n) {
    .reg .pred %p;
    .reg .b32 %r<4>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    setp.ge.u32 %p, %r2, %r1;
    @%p bra DONE;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r3, [%rd4];
    mul.lo.u32 %r3, %r3, 3;
    add.s64 %rd4, %rd1, %rd3;
    st.global.u32 [%rd4], %r3;
DONE:
    ret;
}"#;

    #[test]
    fn a_kernel_reads_and_writes_borrowed_host_memory_in_place() {
        let device = Device::simulator();
        let module = Module::from_ptx(TRIPLE).unwrap();
        let mut host: Vec<u32> = (1..=64).collect();
        let addr = host.as_mut_ptr() as u64;
        // SAFETY: `host` outlives the borrow (freed below) and is not
        // touched while the device uses it.
        unsafe { device.borrow_host(addr, 256) }.unwrap();
        let out = device.alloc_zeros::<u32>(32).unwrap();
        let mut launch = module.kernel("triple").unwrap();
        // Reads the first half of `host`, writes its second half.
        launch.block(32).arg(addr + 128).arg(addr).arg(32u32);
        device.launch(&launch).unwrap();
        launch = module.kernel("triple").unwrap();
        launch.block(32).arg(&out).arg(addr + 128).arg(32u32);
        device.launch(&launch).unwrap();
        device.free(addr).unwrap();
        let want: Vec<u32> = (1..=32).map(|v| v * 3).collect();
        assert_eq!(host[32..], want);
        let nine: Vec<u32> = (1..=32).map(|v| v * 9).collect();
        assert_eq!(device.read(&out).unwrap(), nine);
        // Borrowed memory counted against nothing; freed, it is the host's.
        assert_eq!(
            device.read_bytes(addr, 4),
            Err(DeviceError::Unmapped { addr })
        );
    }

    #[test]
    fn borrowed_host_memory_must_be_words_apart_from_every_allocation() {
        let device = Device::simulator();
        let a = device.alloc(64).unwrap();
        let mut host = vec![0u64; 4];
        let addr = host.as_mut_ptr() as u64;
        // SAFETY (each call): `host` outlives the device.
        unsafe {
            assert_eq!(
                device.borrow_host(addr + 1, 8),
                Err(DeviceError::HostRange {
                    addr: addr + 1,
                    len: 8
                })
            );
            assert_eq!(
                device.borrow_host(addr, 0),
                Err(DeviceError::HostRange { addr, len: 0 })
            );
            assert_eq!(
                device.borrow_host(a + 8, 8),
                Err(DeviceError::Overlap {
                    addr: a + 8,
                    base: a,
                    size: 64
                })
            );
            device.borrow_host(addr, 32).unwrap();
            assert!(matches!(
                device.borrow_host(addr + 8, 8),
                Err(DeviceError::Overlap { .. })
            ));
        }
    }

    #[test]
    fn allocations_go_past_borrowed_host_memory_in_their_way() {
        let device = Device::simulator();
        let a = device.alloc(4).unwrap();
        // Host memory would be mapped there in a program (managed memory
        // is); here the device only needs the address to be free.
        let next = a + 512;
        // SAFETY: only the address range matters: the device never
        // touches borrowed bytes unless asked to.
        unsafe { device.borrow_host(next, 16) }.unwrap();
        // Past it (16 bytes), a gap of 256, then the next multiple of 256.
        assert_eq!(device.alloc(4).unwrap(), next + 512);
    }

    #[test]
    fn allocations_are_aligned_apart_and_never_reused() {
        let device = Device::simulator();
        let a = device.alloc(4).unwrap();
        let b = device.alloc(300).unwrap();
        // 4 bytes round up to 256, then a 256-byte gap.
        assert_eq!((a, b), (DEVICE_BASE, DEVICE_BASE + 512));
        device.free(a).unwrap();
        let c = device.alloc(4).unwrap();
        // 300 bytes round up to 512, then the gap: never `a` again.
        assert_eq!(c, b + 768);
        assert_eq!(device.free(a), Err(DeviceError::NotAllocated { addr: a }));
    }

    #[test]
    fn an_aligned_allocation_starts_at_the_next_multiple_past_the_last() {
        let device = Device::simulator();
        let a = device.alloc(4).unwrap();
        let page = device.alloc_aligned(4, 4096).unwrap();
        // `a` ends (with its gap) at +512: the next page is +4096.
        assert_eq!((a, page), (DEVICE_BASE, DEVICE_BASE + 4096));
        // Then on as `alloc` goes: 256 for the bytes, 256 of gap.
        assert_eq!(device.alloc(4).unwrap(), page + 512);
        // Up to 256 is `alloc`'s own alignment; 3000 rounds up to 4096.
        assert_eq!(device.alloc_aligned(4, 16).unwrap(), page + 1024);
        assert_eq!(device.alloc_aligned(4, 3000).unwrap(), page + 4096);
        // An aligned allocation is an allocation as any other.
        device.write_bytes(page, &[1, 2, 3, 4]).unwrap();
        let mut out = [0; 4];
        device.read_into(page, &mut out).unwrap();
        assert_eq!(out, [1, 2, 3, 4]);
        assert_eq!(
            device.read_bytes(page + 4, 1),
            Err(DeviceError::Unmapped { addr: page + 4 })
        );
        device.free(page).unwrap();
        // An alignment no address below the device's end can meet.
        assert!(matches!(
            device.alloc_aligned(4, 1 << 62),
            Err(DeviceError::OutOfMemory { .. })
        ));
    }

    #[test]
    fn accesses_are_checked_against_their_allocation() {
        let device = Device::simulator();
        let a = device.alloc(8).unwrap();
        device.write_bytes(a + 4, &[1, 2, 3, 4]).unwrap();
        assert_eq!(device.read_bytes(a, 8).unwrap(), [0, 0, 0, 0, 1, 2, 3, 4]);
        assert_eq!(
            device.read_bytes(a + 6, 4),
            Err(DeviceError::OutOfBounds {
                addr: a + 6,
                len: 4,
                base: a,
                size: 8
            })
        );
        // The gap after it belongs to no allocation.
        assert_eq!(
            device.read_bytes(a + 8, 1),
            Err(DeviceError::Unmapped { addr: a + 8 })
        );
        assert_eq!(
            device.read_bytes(a - 1, 1),
            Err(DeviceError::Unmapped { addr: a - 1 })
        );
        device.fill_bytes(a, 0xab, 2).unwrap();
        device.copy_bytes(a + 2, a, 2).unwrap();
        assert_eq!(device.read_bytes(a, 4).unwrap(), [0xab; 4]);
    }

    #[test]
    fn an_allocation_beyond_the_h100s_memory_fails() {
        let device = Device::simulator();
        let err = device.alloc((DEVICE_MEMORY + 1) as usize).unwrap_err();
        assert_eq!(
            err,
            DeviceError::OutOfMemory {
                bytes: DEVICE_MEMORY + 1,
                in_use: 0,
                capacity: DEVICE_MEMORY
            }
        );
    }

    #[test]
    fn a_dropped_buffer_is_freed() {
        let device = Device::simulator();
        let addr = device.alloc_zeros::<u32>(4).unwrap().addr();
        assert_eq!(
            device.read_bytes(addr, 4),
            Err(DeviceError::Unmapped { addr })
        );
        assert_eq!(device.inner.state.lock().unwrap().in_use, 0);
    }
}
