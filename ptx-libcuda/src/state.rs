//! The process's one simulated device and the tables of the handles
//! given out for it, behind one lock ([`state`]).
//!
//! A handle (`CUcontext`, `CUmodule`, `CUstream`, ...) is an opaque
//! non-null number handed out as a pointer, never given out twice and
//! unique across kinds, so a stream passed as an event is as unknown as a
//! freed one: every use looks it up ([`Table::get`]) and an unknown one
//! is `CUDA_ERROR_INVALID_HANDLE`, never a crash.
//!
//! Work runs at the call that issues it, in issue order, whatever the
//! stream: a launch's fault is kept ([`State::sticky`]) and every later
//! call that uses the device returns it, as after a fault on a GPU.

use crate::driver::error::{
    CUDA_ERROR_INVALID_CONTEXT, CUDA_ERROR_INVALID_HANDLE, CUDA_ERROR_INVALID_VALUE,
    CUDA_ERROR_NOT_INITIALIZED, CUDA_ERROR_OUT_OF_MEMORY,
};
use crate::export::{Outcome, Status};
use ptx_sim::check::Checks;
use ptx_sim::device::{Device, DeviceError};
use ptx_sim::kernel::Module;
use ptx_sim::memory::global::{buffer_addresses, constant_addresses};
use ptx_sim::memory::window::CONST_WINDOW;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::Instant;

/// A handle as this library gives it out (the pointer's value).
pub type Handle = usize;

/// The handles of one kind and what each stands for.
pub struct Table<T> {
    items: HashMap<Handle, T>,
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Table {
            items: HashMap::new(),
        }
    }
}

impl<T> Table<T> {
    /// Adds `item` under a new handle.
    pub fn insert(&mut self, item: T) -> Handle {
        // Apart by 16 and well above page zero: a handle is never null,
        // never a small integer a program might pass by mistake.
        static NEXT: AtomicUsize = AtomicUsize::new(1);
        let handle = 0x5eed_0000 + NEXT.fetch_add(1, Ordering::Relaxed) * 16;
        self.items.insert(handle, item);
        handle
    }

    /// What `handle` stands for, or `CUDA_ERROR_INVALID_HANDLE`.
    pub fn get(&self, handle: Handle) -> Result<&T, Status> {
        self.items.get(&handle).ok_or(CUDA_ERROR_INVALID_HANDLE)
    }

    /// What `handle` stands for, to change, or `CUDA_ERROR_INVALID_HANDLE`.
    pub fn get_mut(&mut self, handle: Handle) -> Result<&mut T, Status> {
        self.items.get_mut(&handle).ok_or(CUDA_ERROR_INVALID_HANDLE)
    }

    /// Forgets `handle`, or `CUDA_ERROR_INVALID_HANDLE`.
    pub fn remove(&mut self, handle: Handle) -> Result<T, Status> {
        self.items.remove(&handle).ok_or(CUDA_ERROR_INVALID_HANDLE)
    }

    /// Whether `handle` is one of this table's.
    pub fn contains(&self, handle: Handle) -> bool {
        self.items.contains_key(&handle)
    }

    /// Every handle and what it stands for.
    pub fn iter(&self) -> impl Iterator<Item = (Handle, &T)> {
        self.items.iter().map(|(&h, item)| (h, item))
    }
}

/// A context: all of them share the one device.
pub struct Context {
    /// The flags it was created with.
    pub flags: u32,
    /// Whether it is the device's primary context.
    pub primary: bool,
    /// Its context-local storage (the runtime's, through the export
    /// table `driver::export_table`): key to value and destructor.
    pub storage: HashMap<usize, Stored>,
}

impl Context {
    /// A context with `flags`, primary or not, its storage empty.
    pub fn new(flags: u32, primary: bool) -> Context {
        Context {
            flags,
            primary,
            storage: HashMap::new(),
        }
    }
}

/// What the runtime calls when a context's storage goes (the context
/// destroyed or reset): with the context, the key and the value.
pub type StorageDestructor = unsafe extern "C" fn(Handle, usize, usize);

/// A value in a context's local storage.
#[derive(Clone, Copy)]
pub struct Stored {
    /// The value.
    pub value: usize,
    /// Called with the context, the key and the value when the context
    /// goes (not when the key is deleted).
    pub destructor: Option<StorageDestructor>,
}

/// The device's primary context (`cuDevicePrimaryCtxRetain`).
#[derive(Default)]
pub struct Primary {
    /// Its handle, made at the first retain and kept.
    pub handle: Option<Handle>,
    /// Retains not yet released.
    pub retained: u32,
    /// `cuDevicePrimaryCtxSetFlags`'s flags.
    pub flags: u32,
}

/// A module's `.global` or `.const` variable: where a launch of the
/// module puts it.
#[derive(Clone, Debug)]
pub struct Global {
    /// Its name.
    pub name: String,
    /// Its address while the module's kernels run: for a `.const` one
    /// (a `__constant__`), its generic address in the constant window.
    pub addr: u64,
    /// Its size in bytes.
    pub size: usize,
    /// For a `__managed__` (`.attribute(.managed)`) variable, the host
    /// address holding its bytes between launches: `addr` itself when the
    /// host pages there could be mapped, else a mapping elsewhere
    /// ([`crate::driver::memory`]).
    pub host: Option<usize>,
}

/// A loaded module (and a library: `CUlibrary` handles are module
/// handles).
pub struct Loaded {
    /// The simulator's module.
    pub module: Module,
    /// Its `.global` variables, then its `.const` ones, in launch layout.
    pub globals: Vec<Global>,
    /// The host mappings its managed variables live in (address, bytes),
    /// unmapped when the module goes.
    pub mappings: Vec<(usize, usize)>,
}

impl Drop for Loaded {
    fn drop(&mut self) {
        for &(addr, len) in &self.mappings {
            crate::driver::memory::unmap(addr, len);
        }
    }
}

impl Loaded {
    /// `module` with its variables' places worked out.
    pub fn new(module: Module) -> Loaded {
        let place = |variables: Vec<(&str, usize)>, addresses: fn(&[usize]) -> Vec<u64>, base| {
            let sizes: Vec<usize> = variables.iter().map(|(_, size)| (*size).max(1)).collect();
            variables
                .into_iter()
                .zip(addresses(&sizes))
                .map(|((name, size), addr)| Global {
                    name: name.to_string(),
                    addr: base + addr,
                    size,
                    host: None,
                })
                .collect::<Vec<_>>()
        };
        let mut globals = place(module.global_variables().collect(), buffer_addresses, 0);
        globals.extend(place(
            module.constant_variables().collect(),
            constant_addresses,
            CONST_WINDOW,
        ));
        let managed: Vec<bool> = module.managed_globals().collect();
        let mut mappings = Vec::new();
        if managed.contains(&true) {
            crate::driver::memory::map_managed_variables(&mut globals, &managed, &mut mappings);
        }
        Loaded {
            module,
            globals,
            mappings,
        }
    }

    /// The host address of managed variable `name`, if it is one.
    pub fn managed_host(&self, name: &str) -> Option<usize> {
        self.globals.iter().find(|g| g.name == name)?.host
    }
}

/// A kernel of a loaded module (`CUfunction`; `CUkernel` handles are the
/// same).
pub struct Function {
    /// Its module.
    pub module: Handle,
    /// Its name in the module.
    pub name: String,
    /// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` as set.
    pub max_dynamic_shared: i32,
}

/// A stream: work on it runs at the call, so it only remembers how it
/// was made.
pub struct Stream {
    /// Its flags.
    pub flags: u32,
    /// Its priority.
    pub priority: i32,
}

/// An event: the host's monotonic clock when it was last recorded (the
/// work before it has finished by then, since work runs at the call).
pub struct Event {
    /// Its flags (`CU_EVENT_DISABLE_TIMING` is 2).
    pub flags: u32,
    /// When it was last recorded.
    pub recorded: Option<Instant>,
}

/// An allocation of device memory.
pub struct Allocation {
    /// Its size in bytes.
    pub size: u64,
    /// Whether it came from `cuMemAllocManaged`: host memory is mapped at
    /// its address and holds its bytes between launches
    /// ([`crate::driver::memory`]).
    pub managed: bool,
}

/// Page-locked host memory: allocated by `cuMemHostAlloc` (and its
/// kin) or registered by `cuMemHostRegister`, borrowed by the device at
/// its own address ([`crate::driver::host`]).
pub struct Pinned {
    /// Its size in bytes, as the program gave it.
    pub size: usize,
    /// The flags it was allocated or registered with.
    pub flags: u32,
    /// Whether it was registered (else this library mapped it).
    pub registered: bool,
}

/// Everything behind the lock.
pub struct State {
    /// The simulated H100.
    pub device: Device,
    /// Whether `cuInit` ran.
    pub initialized: bool,
    /// The first kernel fault's code, returned by every later call that
    /// uses the device.
    pub sticky: Option<Status>,
    /// The checks every launch runs (`PTX_SIM_CHECKS`, read once).
    pub checks: Checks,
    /// The primary context.
    pub primary: Primary,
    /// Contexts, primary and created.
    pub contexts: Table<Context>,
    /// Modules and libraries.
    pub modules: Table<Loaded>,
    /// Kernels.
    pub functions: Table<Function>,
    /// Streams.
    pub streams: Table<Stream>,
    /// Events.
    pub events: Table<Event>,
    /// Graphs (`CUgraph`).
    pub graphs: Table<crate::driver::graph::Graph>,
    /// Graph nodes (`CUgraphNode`): the graph each belongs to.
    pub graph_nodes: Table<Handle>,
    /// Executable graphs (`CUgraphExec`).
    pub execs: Table<crate::driver::graph::Exec>,
    /// Stream captures under way.
    pub captures: crate::driver::capture::Captures,
    /// Device allocations by address.
    pub device_memory: BTreeMap<u64, Allocation>,
    /// Page-locked host memory, allocated or registered, by address.
    pub host_memory: BTreeMap<usize, Pinned>,
    /// The module whose variable `cuModuleGetGlobal` gave out last: an
    /// address among module variables is taken as its first (modules'
    /// variables share one range, see [`State::place`]).
    pub last_global_module: Option<Handle>,
    /// The runtime's registrations.
    pub runtime: crate::runtime::register::Registry,
    /// CUDA arrays.
    pub arrays: Table<crate::driver::array::Array>,
    /// Texture and surface objects by handle (their descriptor's address).
    pub objects: BTreeMap<u64, crate::driver::array::Object>,
}

/// Where a device address is.
pub enum Place {
    /// In an allocation: a managed one's bytes are its host mapping's.
    Allocation {
        /// Whether it is managed.
        managed: bool,
    },
    /// In page-locked host memory, which kernels reach at its address.
    Pinned,
    /// In a module's `.global` variable, `offset` bytes in.
    Global {
        /// The module.
        module: Handle,
        /// The variable.
        name: String,
        /// Bytes from its start.
        offset: usize,
        /// Its size.
        size: usize,
    },
}

/// The state, locked (a panic that poisoned it leaves it usable).
pub fn state() -> MutexGuard<'static, State> {
    static STATE: LazyLock<Mutex<State>> = LazyLock::new(|| {
        Mutex::new(State {
            device: Device::simulator(),
            initialized: false,
            sticky: None,
            checks: Checks::default_for_launch(),
            primary: Primary::default(),
            contexts: Table::default(),
            modules: Table::default(),
            functions: Table::default(),
            streams: Table::default(),
            events: Table::default(),
            graphs: Table::default(),
            graph_nodes: Table::default(),
            execs: Table::default(),
            captures: Default::default(),
            device_memory: BTreeMap::new(),
            host_memory: BTreeMap::new(),
            last_global_module: None,
            runtime: Default::default(),
            arrays: Default::default(),
            objects: Default::default(),
        })
    });
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

thread_local! {
    /// The calling thread's context stack: its top is current.
    pub static CONTEXT_STACK: RefCell<Vec<Handle>> = const { RefCell::new(Vec::new()) };
}

/// The calling thread's current context, if any.
pub fn current() -> Option<Handle> {
    CONTEXT_STACK.with(|stack| stack.borrow().last().copied())
}

impl State {
    /// `CUDA_ERROR_NOT_INITIALIZED` before `cuInit`.
    pub fn initialized(&self) -> Outcome {
        if self.initialized {
            Ok(())
        } else {
            Err(CUDA_ERROR_NOT_INITIALIZED)
        }
    }

    /// The calling thread's current context, or `CUDA_ERROR_INVALID_CONTEXT`
    /// (none, or destroyed).
    pub fn context(&self) -> Result<Handle, Status> {
        self.initialized()?;
        current()
            .filter(|&c| self.contexts.contains(c))
            .ok_or(CUDA_ERROR_INVALID_CONTEXT)
    }

    /// What a call that uses the device checks first: a current context,
    /// and no fault since.
    pub fn ready(&self) -> Outcome {
        self.context()?;
        match self.sticky {
            Some(code) => Err(code),
            None => Ok(()),
        }
    }

    /// What a context-independent call (`cuLibraryLoadData` and others)
    /// checks first: `cuInit`, and no fault since.
    pub fn healthy(&self) -> Outcome {
        self.initialized()?;
        match self.sticky {
            Some(code) => Err(code),
            None => Ok(()),
        }
    }

    /// `CUDA_ERROR_INVALID_HANDLE` unless `stream` is a live stream or one
    /// of the null stream's names (0, `CU_STREAM_LEGACY`,
    /// `CU_STREAM_PER_THREAD`).
    pub fn stream(&self, stream: Handle) -> Outcome {
        if stream <= 2 || self.streams.contains(stream) {
            Ok(())
        } else {
            Err(CUDA_ERROR_INVALID_HANDLE)
        }
    }

    /// Where the `len` bytes at `addr` are, or `CUDA_ERROR_INVALID_VALUE`
    /// if in no allocation, no pinned host memory and no module variable. Every module's
    /// variables lie in one range while its kernels run, so an address
    /// there is taken as the last module's that `cuModuleGetGlobal`
    /// answered for, else the first module's that has it.
    pub fn place(&self, addr: u64, len: usize) -> Result<Place, Status> {
        self.outside_heap(addr)?;
        let allocation = self
            .device_memory
            .range(..=addr)
            .next_back()
            .filter(|&(&base, a)| addr - base + len as u64 <= a.size);
        if let Some((_, a)) = allocation {
            return Ok(Place::Allocation { managed: a.managed });
        }
        let pinned = crate::driver::host::pinned_at(self, addr as usize)
            .is_some_and(|(base, p)| addr as usize - base + len <= p.size);
        if pinned {
            return Ok(Place::Pinned);
        }
        let preferred = self.last_global_module.into_iter();
        let others = self.modules.iter().map(|(h, _)| h);
        for module in preferred.chain(others) {
            let Ok(loaded) = self.modules.get(module) else {
                continue;
            };
            for g in &loaded.globals {
                if addr >= g.addr && addr + len as u64 <= g.addr + g.size as u64 {
                    return Ok(Place::Global {
                        module,
                        name: g.name.clone(),
                        offset: (addr - g.addr) as usize,
                        size: g.size,
                    });
                }
            }
        }
        Err(CUDA_ERROR_INVALID_VALUE)
    }

    /// Whether `addr` is memory kernels reach (an allocation, pinned host
    /// memory, a module variable, or the device heap, which
    /// [`State::place`] then refuses), for `cudaMemcpyDefault`.
    pub fn is_device(&self, addr: u64) -> bool {
        self.device.in_heap(addr) || self.place(addr, 0).is_ok() || self.place(addr, 1).is_ok()
    }

    /// `CUDA_ERROR_INVALID_VALUE`, said on stderr, for an address in the
    /// device heap: what a kernel's `malloc` or `new` gave, which no host
    /// call may use (CUDA C++ Programming Guide, "Interoperability with
    /// Host Memory API").
    pub fn outside_heap(&self, addr: u64) -> Outcome {
        if self.device.in_heap(addr) {
            // The device's own words for it.
            let heap_size = self.device.heap_size().unwrap_or(0);
            eprintln!(
                "ptx-libcuda: {addr:#x} is in the device heap ({heap_size} bytes), memory a kernel's malloc or new gave: the host API cannot copy, set or free it; have a kernel copy it into cudaMalloc memory"
            );
            return Err(CUDA_ERROR_INVALID_VALUE);
        }
        Ok(())
    }

    /// The `len` bytes at device address `addr` (managed and pinned
    /// memory's from the host).
    pub fn read_device(&self, addr: u64, len: usize) -> Result<Vec<u8>, Status> {
        let place = self.place(addr, len)?;
        if let Some(host) = self.host_of(&place, addr)? {
            // SAFETY: managed bytes are mapped on the host while their
            // allocation or module lives; `place` checked the bounds.
            return Ok(unsafe { std::slice::from_raw_parts(host as *const u8, len) }.to_vec());
        }
        match place {
            Place::Allocation { .. } | Place::Pinned => {
                self.device.read_bytes(addr, len).map_err(device_error)
            }
            Place::Global {
                module,
                name,
                offset,
                ..
            } => {
                let loaded = self.modules.get(module)?;
                let bytes = self
                    .device
                    .read_global(&loaded.module, &name)
                    .map_err(device_error)?;
                Ok(bytes[offset..offset + len].to_vec())
            }
        }
    }

    /// Writes `bytes` to device address `addr` (managed bytes to their
    /// host mapping).
    pub fn write_device(&self, addr: u64, bytes: &[u8]) -> Outcome {
        let place = self.place(addr, bytes.len())?;
        if let Some(host) = self.host_of(&place, addr)? {
            // SAFETY: as in `read_device`; `bytes` may be anywhere (`copy`
            // does not assume they are apart from the mapping).
            unsafe { std::ptr::copy(bytes.as_ptr(), host as *mut u8, bytes.len()) };
            return Ok(());
        }
        match place {
            Place::Allocation { .. } | Place::Pinned => {
                self.device.write_bytes(addr, bytes).map_err(device_error)
            }
            Place::Global {
                module,
                name,
                offset,
                ..
            } => {
                let loaded = self.modules.get(module)?;
                let mut whole = self
                    .device
                    .read_global(&loaded.module, &name)
                    .map_err(device_error)?;
                whole[offset..offset + bytes.len()].copy_from_slice(bytes);
                self.device
                    .write_global(&loaded.module, &name, &whole)
                    .map_err(device_error)
            }
        }
    }

    /// Where the bytes at device address `addr`, in `place`, are held on
    /// the host, if they are managed or pinned: a managed allocation's and
    /// pinned memory's at `addr` itself, a `__managed__` variable's at its
    /// host address ([`crate::driver::memory`]).
    pub fn host_of(&self, place: &Place, addr: u64) -> Result<Option<usize>, Status> {
        Ok(match place {
            Place::Allocation { managed } => managed.then_some(addr as usize),
            Place::Pinned => Some(addr as usize),
            Place::Global {
                module,
                name,
                offset,
                ..
            } => self
                .modules
                .get(*module)?
                .managed_host(name)
                .map(|host| host + offset),
        })
    }
}

/// The code for `error` of the device, said on stderr (what was wrong
/// with the address or size is worth reading).
pub fn device_error(error: DeviceError) -> Status {
    eprintln!("ptx-libcuda: {error}");
    match error {
        DeviceError::OutOfMemory { .. } => CUDA_ERROR_OUT_OF_MEMORY,
        _ => CUDA_ERROR_INVALID_VALUE,
    }
}
