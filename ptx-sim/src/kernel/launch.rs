//! A launch of one kernel of a loaded [`Module`]: its shape, buffers and
//! arguments checked against the entry and the H100's limits, its grid
//! run, and what it left in memory.

use super::cta::Steps;
use super::grid::Grid;
use super::load::{Image, KernelParam, LoadError};
use crate::check::Checks;
use crate::engine::config::LaunchConfig;
use crate::fault::LaunchError;
use crate::fault::{Fault, LaunchFault, ThreadFault};
use crate::lane::LaunchMemory;
use crate::memory::bank_counts::SharedStats;
use crate::memory::element::Element;
use crate::memory::global::{GlobalMemory, buffer_addresses};
use crate::memory::heap::{DEFAULT_HEAP_SIZE, Heap};
use crate::memory::window::DEVICE_BASE;
use crate::memory::words::Words;
use crate::thread::Dim3;
use ptx_core::ScalarType;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub use crate::engine::residency::{MAX_BLOCK_THREADS, MAX_SHARED_BYTES};

/// Warp steps without progress after which a grid is stuck (see
/// [`KernelLaunch::hang_limit`]).
pub const DEFAULT_HANG_LIMIT: u64 = 1 << 24;

/// A PTX module loaded for the simulator: parsed, checked as ptxas checks
/// it, and decoded, ready to launch any of its kernels any number of times.
///
/// ```
/// use ptx_sim::kernel::Module;
/// let module = Module::from_ptx(r#"
/// .version 8.0
/// .target sm_90
/// .address_size 64
/// .visible .entry scale(.param .u64 data, .param .u32 n, .param .f32 k) {
///     .reg .pred %p;
///     .reg .b32 %r<4>;
///     .reg .f32 %f<3>;
///     .reg .b64 %rd<4>;
///     ld.param.u64 %rd1, [data];
///     ld.param.u32 %r1, [n];
///     ld.param.f32 %f1, [k];
///     mov.u32 %r2, %ctaid.x;
///     mov.u32 %r3, %ntid.x;
///     mad.lo.s32 %r2, %r2, %r3, %tid.x;
///     setp.ge.u32 %p, %r2, %r1;
///     @%p bra DONE;
///     cvta.to.global.u64 %rd2, %rd1;
///     mul.wide.u32 %rd3, %r2, 4;
///     add.s64 %rd2, %rd2, %rd3;
///     ld.global.f32 %f2, [%rd2];
///     mul.f32 %f2, %f2, %f1;
///     st.global.f32 [%rd2], %f2;
/// DONE:
///     ret;
/// }"#).unwrap();
/// let mut launch = module.kernel("scale").unwrap();
/// let data = launch.buffer_from(&[1.0f32, 2.0, 3.0]);
/// launch.grid(1).block(32).arg(data).arg(3u32).arg(2.5f32);
/// let report = launch.run().unwrap();
/// assert_eq!(report.read::<f32>(data), [2.5, 5.0, 7.5]);
/// ```
#[derive(Clone, Debug)]
pub struct Module {
    image: Arc<Image>,
    /// The text, for the GPU's driver.
    text: Arc<str>,
}

impl Module {
    /// Loads `text`, a whole PTX module: an error says what ptxas would
    /// (line:column and message), or what the simulator cannot load.
    pub fn from_ptx(text: &str) -> Result<Module, LoadError> {
        Ok(Module {
            image: Arc::new(Image::load(text)?),
            text: Arc::from(text),
        })
    }

    /// Whether `other` is this module (a clone of it), not just one of the
    /// same text.
    pub(crate) fn is(&self, other: &Module) -> bool {
        Arc::ptr_eq(&self.image, &other.image)
    }

    /// Whether a function of the module calls `malloc`, `free` or
    /// `__nv_aligned_device_malloc` (C++ `new` and `delete` compile to
    /// them): its launches need the device heap.
    pub fn uses_heap(&self) -> bool {
        self.image.uses_heap
    }

    /// The module's PTX text.
    #[cfg(feature = "cuda")]
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// The module's `.global` variables, names and sizes, in the order a
    /// launch lays them out (from [`crate::memory::window::GLOBAL_BASE`],
    /// as [`crate::memory::global::buffer_addresses`] places them, each
    /// taking at least one byte): where a loaded CUDA module's variables
    /// are while its kernels run.
    pub fn global_variables(&self) -> impl Iterator<Item = (&str, usize)> {
        self.image
            .globals
            .iter()
            .map(|g| (g.name.as_str(), g.init.len()))
    }

    /// Whether each of [`Module::global_variables`], in the same order, is
    /// `.attribute(.managed)` (CUDA's `__managed__`): memory a host
    /// runtime keeps coherent with the host.
    pub fn managed_globals(&self) -> impl Iterator<Item = bool> + '_ {
        self.image.globals.iter().map(|g| g.managed)
    }

    /// The module's `.const` variables, names and sizes, in the order a
    /// launch lays them out (from [`crate::memory::window::CONST_WINDOW`]
    /// in the generic space, as
    /// [`crate::memory::global::constant_addresses`] places them): a
    /// CUDA module's `__constant__` variables.
    pub fn constant_variables(&self) -> impl Iterator<Item = (&str, usize)> {
        self.image
            .constants
            .iter()
            .map(|c| (c.name.as_str(), c.init.len()))
    }

    /// The module's variables, `.global` then `.const`, names and sizes:
    /// [`Module::global_variables`] followed by
    /// [`Module::constant_variables`], the order of
    /// [`Module::initial_variables`].
    pub(crate) fn variables(&self) -> impl Iterator<Item = (&str, usize)> {
        self.global_variables().chain(self.constant_variables())
    }

    /// The bytes of the module's variables before any launch, `.global`
    /// then `.const`: their initialisers, each `.global` one at least one
    /// byte (an empty variable still has an address).
    pub(crate) fn initial_variables(&self) -> Vec<Vec<u8>> {
        let globals = self.image.globals.iter().map(|g| {
            let mut bytes = g.init.clone();
            bytes.resize(bytes.len().max(1), 0);
            bytes
        });
        let constants = self.image.constants.iter().map(|c| c.init.clone());
        globals.chain(constants).collect()
    }

    /// The names of the module's kernels (`.entry` functions), in order.
    pub fn entries(&self) -> Vec<&str> {
        let mut entries: Vec<(u32, &str)> = self
            .image
            .entries
            .keys()
            .map(|&f| (f, self.image.functions[f as usize].name.as_str()))
            .collect();
        entries.sort();
        entries.into_iter().map(|(_, name)| name).collect()
    }

    /// The parameters of kernel `entry`, in order, as the `.param`
    /// memory lays them out.
    pub fn params(&self, entry: &str) -> Option<&[KernelParam]> {
        let f = self.image.by_name.get(entry)?;
        self.image.entries.get(f).map(|e| e.params.as_slice())
    }

    /// The bytes of static shared memory (its `.shared` variables, its
    /// functions' included) kernel `entry` has, besides the dynamic.
    pub fn static_shared(&self, entry: &str) -> Option<u64> {
        let f = self.image.by_name.get(entry)?;
        self.image.entries.get(f).map(|e| e.static_shared)
    }

    /// A launch of kernel `entry`, to be shaped and given its buffers and
    /// arguments.
    pub fn kernel(&self, entry: &str) -> Result<KernelLaunch<'_>, KernelError> {
        let function = self
            .image
            .by_name
            .get(entry)
            .copied()
            .filter(|f| self.image.entries.contains_key(f))
            .ok_or_else(|| KernelError::NoSuchEntry {
                name: entry.to_string(),
                entries: self.entries().iter().map(|s| s.to_string()).collect(),
            })?;
        Ok(KernelLaunch {
            module: self,
            function,
            backend: Backend::Simulator,
            config: LaunchConfig::new(Dim3::from(1), Dim3::from(1), DEFAULT_HANG_LIMIT),
            dynamic_shared: 0,
            buffers: Vec::new(),
            args: Vec::new(),
            quiet_fallback: false,
        })
    }
}

/// Where a launch runs ([`KernelLaunch::backend`]).
///
/// A GPU needs the `cuda` feature (of `ptx-sim`, or of `ptx`) and a CUDA
/// driver at run time; the build itself needs no CUDA.
///
/// ```
/// use ptx_sim::kernel::{Backend, Module, Ran};
/// let module = Module::from_ptx(
///     ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }",
/// ).unwrap();
/// let mut launch = module.kernel("k").unwrap();
/// // Auto runs on the GPU when a driver answers, else in the simulator,
/// // saying why.
/// // `quiet_fallback` leaves the reason to the report alone: without it,
/// // the first fallback of the process also says it on stderr.
/// let report = launch.backend(Backend::Auto).quiet_fallback().run().unwrap();
/// if report.ran == Ran::Simulator {
///     assert!(report.fallback.is_some());
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// The simulator, always (the default).
    #[default]
    Simulator,
    /// The GPU, or an error saying why it cannot.
    Gpu,
    /// The GPU when the CUDA driver initialises, else the simulator:
    /// [`KernelReport::fallback`] says why, and so does one line on
    /// stderr the first time in the process (unless the launch is
    /// [`KernelLaunch::quiet_fallback`]), so that a run meant for a GPU
    /// does not pass in the simulator unnoticed.
    Auto,
    /// Both: the report is the simulator's, with the GPU's in
    /// [`KernelReport::gpu`] and their differences in
    /// [`KernelReport::difference`].
    Both,
}

/// Where a report's launch ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    /// In the simulator.
    Simulator,
    /// On a GPU, named.
    Gpu(String),
}

/// Where a buffer's bytes differ between the simulator and the GPU
/// ([`KernelReport::difference`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The first byte that differs.
    pub first_byte: usize,
    /// How many bytes differ.
    pub bytes: usize,
}

/// Where `a` and `b`, of one length, differ.
fn first_difference(a: &[u8], b: &[u8]) -> Option<Difference> {
    let first_byte = a.iter().zip(b).position(|(x, y)| x != y)?;
    Some(Difference {
        first_byte,
        bytes: a.iter().zip(b).filter(|(x, y)| x != y).count(),
    })
}

/// A global buffer of a kernel launch: what a pointer argument passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Buffer {
    index: usize,
    /// Its device address.
    pub addr: u64,
    /// Its size in bytes.
    pub bytes: usize,
}

/// A kernel argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A buffer's device address.
    Buffer(Buffer),
    /// A 32-bit signed integer.
    I32(i32),
    /// A 32-bit unsigned integer.
    U32(u32),
    /// A 64-bit signed integer.
    I64(i64),
    /// A 64-bit unsigned integer (0 for a null pointer).
    U64(u64),
    /// A `float`.
    F32(f32),
    /// A `double`.
    F64(f64),
    /// The bytes of a parameter passed by value (a struct).
    Bytes(Vec<u8>),
    /// A device address: an allocation of a [`crate::device::Device`]
    /// (or a place in one), what a `CUdeviceptr` argument passes.
    Pointer(u64),
}

macro_rules! arg_from {
    ($($t:ty => $v:ident),*) => {$(
        impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::$v(v)
            }
        }
    )*};
}
arg_from!(Buffer => Buffer, i32 => I32, u32 => U32, i64 => I64, u64 => U64, f32 => F32, f64 => F64);

/// A tensor map passes by value, its 128 bytes (a `const __grid_constant__
/// CUtensorMap` parameter, `.param .align 64 .b8 map[128]`).
impl From<crate::driver::tensor_map::TensorMap> for Arg {
    fn from(map: crate::driver::tensor_map::TensorMap) -> Arg {
        Arg::Bytes(map.to_bytes().to_vec())
    }
}

impl Arg {
    /// The argument's bytes and a word for messages.
    fn bytes(&self) -> (Vec<u8>, &'static str) {
        match self {
            Arg::Buffer(b) => (b.addr.to_le_bytes().to_vec(), "a buffer"),
            Arg::I32(v) => (v.to_le_bytes().to_vec(), "an i32"),
            Arg::U32(v) => (v.to_le_bytes().to_vec(), "a u32"),
            Arg::I64(v) => (v.to_le_bytes().to_vec(), "an i64"),
            Arg::U64(v) => (v.to_le_bytes().to_vec(), "a u64"),
            Arg::F32(v) => (v.to_le_bytes().to_vec(), "an f32"),
            Arg::F64(v) => (v.to_le_bytes().to_vec(), "an f64"),
            Arg::Bytes(b) => (b.clone(), "bytes"),
            Arg::Pointer(p) => (p.to_le_bytes().to_vec(), "a device pointer"),
        }
    }

    /// Whether the argument may stand for a parameter of type `ty`: its
    /// size, and a float for a float parameter (or a bit-size one).
    fn fits(&self, param: &KernelParam) -> bool {
        let (bytes, _) = self.bytes();
        if bytes.len() as u64 != param.size {
            return false;
        }
        if param.array {
            return matches!(self, Arg::Bytes(_));
        }
        let float_arg = matches!(self, Arg::F32(_) | Arg::F64(_));
        match param.ty {
            ScalarType::F32 | ScalarType::F64 => float_arg || matches!(self, Arg::Bytes(_)),
            ScalarType::B32 | ScalarType::B64 => true,
            _ => !float_arg,
        }
    }
}

/// Why a kernel launch could not run, or what went wrong as it ran.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum KernelError {
    /// No kernel of that name.
    #[error("the module has no kernel `{name}` (its kernels: {})", .entries.join(", "))]
    NoSuchEntry {
        /// The name asked for.
        name: String,
        /// The module's kernels.
        entries: Vec<String>,
    },
    /// Arguments that do not match the kernel's parameters.
    #[error("kernel `{entry}`: {detail}")]
    Arguments {
        /// The kernel.
        entry: String,
        /// What does not match.
        detail: String,
    },
    /// A launch shape beyond the H100's limits or the kernel's own.
    #[error("kernel `{entry}`: {detail}")]
    Shape {
        /// The kernel.
        entry: String,
        /// What is out of bounds.
        detail: String,
    },
    /// Threads faulted (an access out of bounds, a `trap`, a failed
    /// `assert`, a deadlock, a grid that makes no progress): the launch
    /// stopped.
    #[error("{0}")]
    Faults(LaunchError),
    /// The GPU could not run the launch: no driver or GPU, a module the
    /// driver rejects (with its JIT log), a kernel that faulted there.
    #[error("kernel `{entry}` on the GPU: {detail}")]
    Gpu {
        /// The kernel.
        entry: String,
        /// What the driver said.
        detail: String,
    },
}

impl KernelError {
    /// The faults, if threads faulted.
    pub fn faults(&self) -> &[ThreadFault] {
        match self {
            KernelError::Faults(e) => &e.faults,
            _ => &[],
        }
    }
}

/// A launch of one kernel, being set up ([`Module::kernel`]).
#[derive(Clone, Debug)]
pub struct KernelLaunch<'m> {
    module: &'m Module,
    function: u32,
    backend: Backend,
    /// What every launch is configured with: grid, CTA, clusters, workers,
    /// checks, hang limit, schedule.
    config: LaunchConfig,
    dynamic_shared: usize,
    buffers: Vec<Vec<u8>>,
    args: Vec<Arg>,
    quiet_fallback: bool,
}

impl<'m> KernelLaunch<'m> {
    /// The module the kernel is in.
    pub(crate) fn module(&self) -> &'m Module {
        self.module
    }

    /// The grid's shape, in CTAs.
    pub fn grid(&mut self, grid: impl Into<Dim3>) -> &mut Self {
        self.config.grid = grid.into();
        self
    }

    /// A CTA's shape, in threads.
    pub fn block(&mut self, block: impl Into<Dim3>) -> &mut Self {
        self.config.block = block.into();
        self
    }

    /// Launches the grid in thread-block clusters of `shape` CTAs (what
    /// `cudaLaunchKernelEx` with a cluster-dimension attribute does). A
    /// kernel whose `.reqnctapercluster` gives its shape needs none; one
    /// given must agree with it. The grid must be a whole number of
    /// clusters, of at most 16 CTAs each.
    ///
    /// ```
    /// use ptx_sim::kernel::Module;
    /// let module = Module::from_ptx(r#"
    /// .version 8.0
    /// .target sm_90
    /// .address_size 64
    /// .visible .entry ranks(.param .u64 out) {
    ///     .reg .b32 %r<4>;
    ///     .reg .b64 %rd<4>;
    ///     ld.param.u64 %rd1, [out];
    ///     mov.u32 %r1, %cluster_ctarank;
    ///     mov.u32 %r2, %ctaid.x;
    ///     mul.wide.u32 %rd2, %r2, 4;
    ///     add.s64 %rd3, %rd1, %rd2;
    ///     st.global.u32 [%rd3], %r1;
    ///     ret;
    /// }"#).unwrap();
    /// let mut launch = module.kernel("ranks").unwrap();
    /// let out = launch.zeroed::<u32>(4);
    /// launch.grid(4).cluster(2).arg(out);
    /// let report = launch.run().unwrap();
    /// assert_eq!(report.read::<u32>(out), [0, 1, 0, 1]);
    /// ```
    pub fn cluster(&mut self, shape: impl Into<Dim3>) -> &mut Self {
        self.config.cluster = Some(shape.into());
        self
    }

    /// Makes the launch cooperative, as `cuLaunchCooperativeKernel` does:
    /// the grid may have no more CTAs than the H100 holds at once (else
    /// the launch fails with
    /// [`crate::fault::LaunchFault::CooperativeTooLarge`]), and the kernel
    /// gets a grid workspace, the one CUDA's cooperative groups
    /// synchronise the grid through (`this_grid().sync()`): 8 bytes of
    /// global memory, a `u32` holding its size (8) and the barrier's
    /// `u32` (0 at the start), its address's high half in `%envreg1` and
    /// its low half in `%envreg2`. The workspace lives for the launch
    /// only, beside the launch's buffers; it overrides what
    /// [`KernelLaunch::envreg`] set for those two registers.
    ///
    /// ```
    /// use ptx_sim::kernel::Module;
    /// let module = Module::from_ptx(r#"
    /// .version 8.0
    /// .target sm_90
    /// .address_size 64
    /// .visible .entry size(.param .u64 out) {
    ///     .reg .b32 %r<4>;
    ///     .reg .b64 %rd<5>;
    ///     mov.u32 %r1, %envreg1;
    ///     mov.u32 %r2, %envreg2;
    ///     mov.b64 %rd1, {%r2, %r1};
    ///     ld.global.u32 %r3, [%rd1];
    ///     ld.param.u64 %rd2, [out];
    ///     st.global.u32 [%rd2], %r3;
    ///     ret;
    /// }"#).unwrap();
    /// let mut launch = module.kernel("size").unwrap();
    /// let out = launch.zeroed::<u32>(1);
    /// launch.grid(264).block(1024).cooperative().arg(out);
    /// assert_eq!(launch.run().unwrap().read::<u32>(out), [8]);
    /// // 265 CTAs of 1024 threads do not fit on 132 SMs at once.
    /// launch.grid(265);
    /// assert!(launch.run().is_err());
    /// ```
    pub fn cooperative(&mut self) -> &mut Self {
        self.config.cooperative = true;
        self
    }

    /// Sets what `%envreg{index}` reads in every thread (0 unless set);
    /// an index beyond 31 names no register and changes nothing.
    pub fn envreg(&mut self, index: usize, value: u32) -> &mut Self {
        if let Some(register) = self.config.envreg.get_mut(index) {
            *register = value;
        }
        self
    }

    /// Bytes of dynamic shared memory (the module's `.extern .shared`
    /// array) each CTA gets.
    pub fn shared_bytes(&mut self, bytes: usize) -> &mut Self {
        self.dynamic_shared = bytes;
        self
    }

    /// Runs the CTAs on `n` OS threads (by default, as many as the machine
    /// has cores). One worker runs them in a fixed order: a launch that
    /// does not race gives the same bytes on any number.
    pub fn workers(&mut self, n: usize) -> &mut Self {
        self.config.workers = Some(n.max(1));
        self
    }

    /// Where the launch runs: the simulator unless set.
    pub fn backend(&mut self, backend: Backend) -> &mut Self {
        self.backend = backend;
        self
    }

    /// How many warp steps the grid may run with no thread exiting, no
    /// global memory changing and no CTA's registers or shared memory
    /// changing from one slice to the next before the launch ends as stuck
    /// ([`crate::fault::LaunchFault::Hang`]); [`DEFAULT_HANG_LIMIT`] unless set.
    pub fn hang_limit(&mut self, steps: u64) -> &mut Self {
        self.config.hang_limit = steps.max(1);
        self
    }

    /// The sanitizer's checks to run ([`crate::check`]): races on shared
    /// and global memory, reads of shared memory never written, aligned
    /// barriers reached by part of a warp. What it finds ends the launch,
    /// once it ran to its end, with one fault per finding. Unless set,
    /// [`Checks::default_for_launch`]: what `PTX_SIM_CHECKS` says, else
    /// none.
    ///
    /// Two warps of one CTA, the second reading the word the first wrote
    /// with no barrier between them:
    ///
    /// ```
    /// use ptx_sim::check::Checks;
    /// use ptx_sim::fault::{Fault, Finding};
    /// use ptx_sim::kernel::Module;
    /// let module = Module::from_ptx(
    ///     ".version 8.0\n.target sm_90\n.address_size 64\n\
    ///      .visible .entry k() {\n\
    ///        .shared .u32 word;\n .reg .u32 %r<3>;\n .reg .pred %p;\n\
    ///        mov.u32 %r1, %tid.x;\n\
    ///        setp.eq.u32 %p, %r1, 0;\n\
    ///        @%p st.shared.u32 [word], %r1;\n\
    ///        setp.eq.u32 %p, %r1, 32;\n\
    ///        @%p ld.shared.u32 %r2, [word];\n\
    ///        ret;\n}",
    /// ).unwrap();
    /// let mut launch = module.kernel("k").unwrap();
    /// launch.grid(1).block(64).checks(Checks::ALL);
    /// let err = launch.run().unwrap_err();
    /// assert!(matches!(err.faults()[0].fault, Fault::Finding(Finding::Race(_))), "{err}");
    /// // With a barrier between the store and the load, it is clean.
    /// ```
    pub fn checks(&mut self, checks: Checks) -> &mut Self {
        self.config.checks = Some(checks);
        self
    }

    /// Varies the schedule by `seed`: each CTA's warps take their turns in
    /// an order, and for lengths, drawn from the seed (the same seed, the
    /// same schedule), instead of in index order for 2,048 steps each. A
    /// result that changes with the seed depends on the order of warps:
    /// a race, which [`KernelLaunch::checks`] names. Unless set, the seed
    /// `PTX_SIM_SCHEDULE` gives, if it is set.
    ///
    /// Warp 1 writes a word that warp 0 reads with no barrier between:
    /// what warp 0 reads depends on who runs first.
    ///
    /// ```
    /// use ptx_sim::kernel::Module;
    /// let module = Module::from_ptx(
    ///     ".version 8.0\n.target sm_90\n.address_size 64\n\
    ///      .visible .entry k(.param .u64 out) {\n\
    ///        .shared .u32 word;\n .reg .u32 %r<3>;\n .reg .u64 %rd<2>;\n .reg .pred %p;\n\
    ///        mov.u32 %r1, %tid.x;\n\
    ///        setp.eq.u32 %p, %r1, 32;\n\
    ///        @%p st.shared.u32 [word], 7;\n\
    ///        setp.eq.u32 %p, %r1, 0;\n\
    ///        @!%p ret;\n\
    ///        ld.shared.u32 %r2, [word];\n\
    ///        ld.param.u64 %rd1, [out];\n\
    ///        st.global.u32 [%rd1], %r2;\n\
    ///        ret;\n}",
    /// ).unwrap();
    /// let read = |seed: Option<u64>| {
    ///     let mut launch = module.kernel("k").unwrap();
    ///     let out = launch.zeroed::<u32>(1);
    ///     launch.grid(1).block(64).arg(out);
    ///     match seed {
    ///         Some(seed) => launch.schedule(seed),
    ///         None => launch.fixed_schedule(),
    ///     };
    ///     launch.run().unwrap().read::<u32>(out)[0]
    /// };
    /// // In index order warp 0 reads first: the word is still zero.
    /// assert_eq!(read(None), 0);
    /// // Some seeds run warp 1 first; each seed gives the same result again.
    /// let seen: std::collections::BTreeSet<u32> = (0..16).map(|s| read(Some(s))).collect();
    /// assert_eq!(seen.into_iter().collect::<Vec<_>>(), [0, 7]);
    /// assert_eq!(read(Some(3)), read(Some(3)));
    /// ```
    pub fn schedule(&mut self, seed: u64) -> &mut Self {
        self.config.schedule = crate::engine::config::Schedule::Seed(seed);
        self
    }

    /// [`Backend::Auto`] falls back to the simulator without the line on
    /// stderr: the report's [`KernelReport::fallback`] alone says why.
    pub fn quiet_fallback(&mut self) -> &mut Self {
        self.quiet_fallback = true;
        self
    }

    /// Runs in the fixed order (each CTA's warps in index order, 2,048
    /// steps a turn) whatever `PTX_SIM_SCHEDULE` says: for a launch whose
    /// point is that order.
    pub fn fixed_schedule(&mut self) -> &mut Self {
        self.config.schedule = crate::engine::config::Schedule::Fixed;
        self
    }

    /// A global buffer holding `bytes`; pass it as an argument, read it
    /// from the report.
    pub fn buffer(&mut self, bytes: Vec<u8>) -> Buffer {
        self.buffers.push(bytes);
        let image = &self.module.image;
        let sizes: Vec<usize> = image
            .globals
            .iter()
            .map(|g| g.init.len().max(1))
            .chain(self.buffers.iter().map(Vec::len))
            .collect();
        let index = self.buffers.len() - 1;
        Buffer {
            index,
            addr: buffer_addresses(&sizes)[image.globals.len() + index],
            bytes: self.buffers[index].len(),
        }
    }

    /// A global buffer holding `values`, little-endian.
    pub fn buffer_from<E: Element>(&mut self, values: &[E]) -> Buffer {
        self.buffer(values.iter().flat_map(|v| v.to_le()).collect())
    }

    /// A global buffer of `n` zeroed elements of `E`.
    pub fn zeroed<E: Element>(&mut self, n: usize) -> Buffer {
        self.buffer(vec![0; n * E::BYTES])
    }

    /// Appends an argument: the kernel's parameters take them in order.
    pub fn arg(&mut self, arg: impl Into<Arg>) -> &mut Self {
        self.args.push(arg.into());
        self
    }

    /// Appends arguments.
    pub fn args(&mut self, args: impl IntoIterator<Item = Arg>) -> &mut Self {
        self.args.extend(args);
        self
    }

    /// The kernel's name.
    fn name(&self) -> String {
        self.module.image.functions[self.function as usize]
            .name
            .clone()
    }

    /// The `.param` memory of the arguments, checked against the kernel's
    /// parameters.
    fn params(&self) -> Result<Vec<u8>, KernelError> {
        let entry = &self.module.image.entries[&self.function];
        let wrong = |detail: String| KernelError::Arguments {
            entry: self.name(),
            detail,
        };
        if self.args.len() != entry.params.len() {
            return Err(wrong(format!(
                "it takes {} arguments ({}), given {}",
                entry.params.len(),
                entry
                    .params
                    .iter()
                    .map(|p| format!("{} {}", p.ty, p.name))
                    .collect::<Vec<_>>()
                    .join(", "),
                self.args.len()
            )));
        }
        let mut bytes = vec![0u8; entry.param_bytes as usize];
        for (k, (arg, param)) in self.args.iter().zip(&entry.params).enumerate() {
            let (value, what) = arg.bytes();
            if !arg.fits(param) {
                return Err(wrong(format!(
                    "parameter {k} `{}` is {} bytes of {}{}, given {what} ({} bytes)",
                    param.name,
                    param.size,
                    param.ty,
                    if param.array { " (an array)" } else { "" },
                    value.len()
                )));
            }
            let at = param.offset as usize;
            bytes[at..at + value.len()].copy_from_slice(&value);
        }
        Ok(bytes)
    }

    /// The launch's configuration with its clusters as the kernel has
    /// them (see [`KernelLaunch::cluster_shape`]), checked against the
    /// H100's limits ([`LaunchConfig::check`], with `static_shared` bytes
    /// of static shared memory besides the dynamic) and the kernel's
    /// `.reqntid`/`.maxntid`.
    fn checked_config(&self, static_shared: u64) -> Result<LaunchConfig, KernelError> {
        let wrong = |detail: String| KernelError::Shape {
            entry: self.name(),
            detail,
        };
        let mut config = self.config.resolved();
        config.cluster = self.cluster_shape()?;
        let shared = static_shared as usize + self.dynamic_shared;
        config.check(shared).map_err(|fault| match fault {
            Fault::Launch(LaunchFault::BadCluster { detail }) => {
                KernelError::Faults(LaunchError::from(Fault::Launch(LaunchFault::BadCluster {
                    detail: format!("`{}`: {detail}", self.name()),
                })))
            }
            fault @ Fault::Launch(LaunchFault::CooperativeTooLarge { .. }) => {
                KernelError::Faults(LaunchError::from(fault))
            }
            Fault::Launch(LaunchFault::SharedTooLarge { .. }) => wrong(format!(
                "{fault} ({static_shared} static, {} dynamic)",
                self.dynamic_shared
            )),
            fault => wrong(fault.to_string()),
        })?;
        let b = config.block;
        let entry = &self.module.image.entries[&self.function];
        if let Some(r) = entry.reqntid
            && [b.x, b.y, b.z] != r
        {
            return Err(wrong(format!(
                "its .reqntid is {}, launched with {b}",
                Dim3::from((r[0], r[1], r[2]))
            )));
        }
        if let Some(m) = entry.maxntid
            && b.count() > m.iter().map(|&d| d as usize).product()
        {
            return Err(wrong(format!(
                "its .maxntid is {}, launched with {} threads",
                Dim3::from((m[0], m[1], m[2])),
                b.count()
            )));
        }
        Ok(config)
    }

    /// The clusters' shape, if the launch has clusters (by the launch's
    /// shape or the kernel's `.reqnctapercluster`), checked against the
    /// kernel's `.reqnctapercluster`, `.explicitcluster` and
    /// `.maxclusterrank` (the shape against the grid is
    /// [`LaunchConfig::check`]'s).
    fn cluster_shape(&self) -> Result<Option<Dim3>, KernelError> {
        let wrong = |detail: String| {
            KernelError::Faults(LaunchError::from(Fault::Launch(LaunchFault::BadCluster {
                detail: format!("`{}`: {detail}", self.name()),
            })))
        };
        let entry = &self.module.image.entries[&self.function];
        let required = entry.reqnctapercluster.map(Dim3::from);
        let shape = match (self.config.cluster, required) {
            (Some(given), Some(required)) if given != required => {
                return Err(wrong(format!(
                    "its .reqnctapercluster is {required}, launched with clusters of {given}"
                )));
            }
            (given, required) => given.or(required),
        };
        let Some(shape) = shape else {
            if entry.explicit_cluster {
                return Err(wrong(
                    "it is marked .explicitcluster, so it must be launched with clusters".into(),
                ));
            }
            return Ok(None);
        };
        if let Some(max) = entry.maxclusterrank
            && shape.count() > max as usize
        {
            return Err(wrong(format!(
                "its .maxclusterrank is {max}, launched with clusters of {} CTAs",
                shape.count()
            )));
        }
        Ok(Some(shape))
    }

    /// Runs the kernel where [`KernelLaunch::backend`] says.
    pub fn run(&self) -> Result<KernelReport, KernelError> {
        match self.backend {
            Backend::Simulator => self.simulate(),
            Backend::Gpu => self.on_gpu(),
            Backend::Auto => match gpu_device() {
                Ok(_) => self.on_gpu(),
                Err(why) => {
                    let why = why.to_string();
                    static SAID: AtomicBool = AtomicBool::new(false);
                    if let Some(line) = fallback_notice(&SAID, &why, self.quiet_fallback) {
                        eprintln!("{line}");
                    }
                    let mut report = self.simulate()?;
                    report.fallback = Some(why);
                    Ok(report)
                }
            },
            Backend::Both => {
                let gpu = self.on_gpu()?;
                let mut report = self.simulate()?;
                report.gpu = Some(Box::new(gpu));
                Ok(report)
            }
        }
    }

    /// Runs the kernel on the GPU.
    fn on_gpu(&self) -> Result<KernelReport, KernelError> {
        self.on_gpu_with(run_on_gpu)
    }

    /// Runs the kernel in the loaded `module` of `gpu`, whose context
    /// keeps it (a [`crate::device::Device`] on a GPU).
    #[cfg(feature = "cuda")]
    pub(crate) fn on_loaded_gpu(
        &self,
        gpu: &ptx_cuda::Gpu,
        module: ptx_cuda::GpuModule,
    ) -> Result<KernelReport, KernelError> {
        self.on_gpu_with(|r| gpu.launch(module, &r.as_launch()))
    }

    /// Runs the kernel on a GPU through `run`.
    fn on_gpu_with(
        &self,
        run: impl FnOnce(GpuRequest<'_>) -> Result<GpuResult, GpuError>,
    ) -> Result<KernelReport, KernelError> {
        let image = &self.module.image;
        let entry = &image.entries[&self.function];
        self.checked_config(entry.static_shared)?;
        let params = self.params()?;
        let gpu_error = |why: GpuError| KernelError::Gpu {
            entry: self.name(),
            detail: why.to_string(),
        };
        let pointers = self
            .args
            .iter()
            .zip(&entry.params)
            .filter_map(|(arg, p)| match arg {
                Arg::Buffer(b) => Some((p.offset as usize, b.index)),
                _ => None,
            })
            .collect();
        let ran = run(GpuRequest {
            ptx: &self.module.text,
            entry: self.name(),
            grid: [self.config.grid.x, self.config.grid.y, self.config.grid.z],
            block: [
                self.config.block.x,
                self.config.block.y,
                self.config.block.z,
            ],
            dynamic_shared: self.dynamic_shared as u32,
            params,
            param_offsets: entry.params.iter().map(|p| p.offset as usize).collect(),
            pointers,
            buffers: &self.buffers,
            globals: image.globals.iter().map(|g| g.name.as_str()).collect(),
        })
        .map_err(gpu_error)?;
        Ok(KernelReport {
            buffers: ran.buffers,
            globals: ran.globals,
            output: String::new(),
            stats: SharedStats::default(),
            steps: Steps::default(),
            ran: Ran::Gpu(ran.device),
            fallback: None,
            gpu: None,
        })
    }

    /// Runs the kernel in the simulator.
    /// A module that calls `malloc` or `free` gets a fresh heap of
    /// [`DEFAULT_HEAP_SIZE`] bytes at [`DEVICE_BASE`], which lives as
    /// long as the launch (a [`crate::device::Device`] keeps its heap
    /// between launches).
    fn simulate(&self) -> Result<KernelReport, KernelError> {
        let mut lent = Lent::default();
        if self.module.image.uses_heap {
            let heap = Heap::new(DEVICE_BASE, DEFAULT_HEAP_SIZE);
            lent.buffers
                .push((DEVICE_BASE, Words::zeroed(heap.size() as usize)));
            lent.heap = Some(Arc::new(heap));
        }
        self.simulate_lent(&mut lent)
    }

    /// Runs the kernel in the simulator with `lent`'s memory (see
    /// [`Lent`]) in its global memory beside its own buffers; `lent` holds
    /// what the threads left there afterwards, whatever happened.
    pub(crate) fn simulate_lent(&self, lent: &mut Lent) -> Result<KernelReport, KernelError> {
        let image = &self.module.image;
        let entry = &image.entries[&self.function];
        let mut config = self.checked_config(entry.static_shared)?;
        let params = self.params()?;
        let mut variables = lent
            .variables
            .take()
            .unwrap_or_else(|| self.module.initial_variables());
        let constants = variables.split_off(image.globals.len());
        let addresses: Vec<u64> = lent.buffers.iter().map(|(a, _)| *a).collect();
        let workspace = config.cooperative.then(grid_workspace);
        let own: Vec<&[u8]> = variables
            .iter()
            .chain(&self.buffers)
            .map(Vec::as_slice)
            .chain(workspace.as_deref())
            .collect();
        if workspace.is_some() {
            let sizes: Vec<usize> = own.iter().map(|b| b.len()).collect();
            let at = buffer_addresses(&sizes)[sizes.len() - 1];
            config.envreg[1] = (at >> 32) as u32;
            config.envreg[2] = at as u32;
        }
        let global = GlobalMemory::placed(std::mem::take(&mut lent.buffers), &own);
        let mut memory = LaunchMemory::with_global(global, constants.clone(), params);
        if let Some(heap) = &lent.heap {
            heap.track_fresh(config.checks().init);
        }
        memory.heap = lent.heap.clone();
        let shared = entry.dynamic_base as usize + self.dynamic_shared;
        let outcome = Grid {
            image,
            function: self.function,
            entry,
            launch: &memory,
            config: &config,
            shared,
            dynamic_shared: self.dynamic_shared as u64,
        }
        .run();
        let mut buffers = memory.global.into_words();
        let mut own: Vec<Vec<u8>> = buffers
            .split_off(addresses.len())
            .into_iter()
            .map(Words::into_bytes)
            .collect();
        lent.buffers = addresses.into_iter().zip(buffers).collect();
        let mut user = own.split_off(image.globals.len());
        if workspace.is_some() {
            user.pop();
        }
        let globals = image
            .globals
            .iter()
            .zip(&own)
            .map(|(g, bytes)| (g.name.clone(), bytes[..g.init.len()].to_vec()))
            .collect();
        own.extend(constants);
        lent.variables = Some(own);
        if !outcome.faults.is_empty() || !outcome.findings.is_empty() {
            let mut faults = outcome.faults;
            faults.extend(outcome.findings);
            return Err(KernelError::Faults(LaunchError { faults }));
        }
        Ok(KernelReport {
            buffers: user,
            globals,
            output: String::from_utf8_lossy(&outcome.output).into_owned(),
            stats: outcome.stats,
            steps: outcome.steps,
            ran: Ran::Simulator,
            fallback: None,
            gpu: None,
        })
    }
}

/// The grid workspace a cooperative launch passes its kernel (see
/// [`KernelLaunch::cooperative`]), laid out as CUDA 13.0's cooperative
/// groups read it (`cooperative_groups/details/driver_abi.h`: a
/// `grid_workspace` of `unsigned int wsSize, barrier`): its size, 8,
/// then the barrier, 0.
fn grid_workspace() -> Vec<u8> {
    [8u32.to_le_bytes(), 0u32.to_le_bytes()].concat()
}

/// Memory that outlives a launch, lent to it ([`crate::device::Device`]
/// keeps it between launches).
#[derive(Debug, Default)]
pub(crate) struct Lent {
    /// Allocations, each at its address, ascending, as words (they stay
    /// words between launches: see [`GlobalMemory::placed`]).
    pub buffers: Vec<(u64, Words)>,
    /// The module's variables, `.global` (each at least one byte) then
    /// `.const`, as the last launch of the module left them or the host
    /// wrote them since; `None` before the first, which starts them from
    /// their initialisers ([`Module::initial_variables`]).
    pub variables: Option<Vec<Vec<u8>>>,
    /// The device heap's bookkeeping, if the launch has one; its bytes
    /// are among `buffers`.
    pub heap: Option<Arc<Heap>>,
}

/// The line [`Backend::Auto`] prints when it falls back to the simulator
/// because of `why`: the first time `said` is set, unless `quiet`.
fn fallback_notice(said: &AtomicBool, why: &str, quiet: bool) -> Option<String> {
    (!quiet && !said.swap(true, Ordering::Relaxed))
        .then(|| format!("ptx: no GPU ({why}); kernel launches run in the simulator"))
}

/// What the GPU backend needs of a launch.
#[cfg_attr(not(feature = "cuda"), allow(dead_code))]
struct GpuRequest<'a> {
    ptx: &'a str,
    entry: String,
    grid: [u32; 3],
    block: [u32; 3],
    dynamic_shared: u32,
    params: Vec<u8>,
    param_offsets: Vec<usize>,
    pointers: Vec<(usize, usize)>,
    buffers: &'a [Vec<u8>],
    globals: Vec<&'a str>,
}

// Why a launch, or a device call, could not use the GPU: with the `cuda`
// feature, the driver's answer (ptx-cuda's error). The public errors
// (`KernelError::Gpu`, `DeviceError`) carry its message.
#[cfg(feature = "cuda")]
pub(crate) use ptx_cuda::GpuError;

/// Why a launch, or a device call, could not use the GPU: without the
/// `cuda` feature, always that the build has no backend.
#[cfg(not(feature = "cuda"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum GpuError {
    /// The build has no `cuda` feature.
    #[error("this build has no GPU backend: build ptx-sim (or ptx) with the `cuda` feature")]
    NoBackend,
}

// What a launch on the GPU left.
#[cfg(feature = "cuda")]
use ptx_cuda::GpuResult;

/// What a launch on the GPU left: never made without the `cuda` feature.
#[cfg(not(feature = "cuda"))]
struct GpuResult {
    device: String,
    buffers: Vec<Vec<u8>>,
    globals: Vec<(String, Vec<u8>)>,
}

/// The GPU that launches run on, or why there is none.
#[cfg(feature = "cuda")]
fn gpu_device() -> Result<String, GpuError> {
    ptx_cuda::device()
}

#[cfg(feature = "cuda")]
impl GpuRequest<'_> {
    /// The launch as the driver calls take it.
    fn as_launch(&self) -> ptx_cuda::GpuLaunch<'_> {
        ptx_cuda::GpuLaunch {
            ptx: self.ptx,
            entry: &self.entry,
            grid: self.grid,
            block: self.block,
            dynamic_shared: self.dynamic_shared,
            params: self.params.clone(),
            param_offsets: self.param_offsets.clone(),
            pointers: self.pointers.clone(),
            buffers: self.buffers,
            globals: self.globals.clone(),
        }
    }
}

#[cfg(feature = "cuda")]
fn run_on_gpu(r: GpuRequest<'_>) -> Result<GpuResult, GpuError> {
    ptx_cuda::run(&r.as_launch())
}

#[cfg(not(feature = "cuda"))]
fn gpu_device() -> Result<String, GpuError> {
    Err(GpuError::NoBackend)
}

#[cfg(not(feature = "cuda"))]
fn run_on_gpu(_: GpuRequest<'_>) -> Result<GpuResult, GpuError> {
    Err(GpuError::NoBackend)
}

/// What a kernel launch left.
#[derive(Clone, Debug)]
pub struct KernelReport {
    buffers: Vec<Vec<u8>>,
    globals: Vec<(String, Vec<u8>)>,
    /// What the threads printed (`printf`), CTA by CTA, in each CTA in the
    /// order its threads printed.
    pub output: String,
    /// Shared-memory requests, wavefronts and bank conflicts.
    pub stats: SharedStats,
    /// How much the grid ran (the simulator's count; zero on a GPU).
    pub steps: Steps,
    /// Where the launch ran.
    pub ran: Ran,
    /// Why [`Backend::Auto`] ran in the simulator, when it did.
    pub fallback: Option<String>,
    /// The GPU's report, beside the simulator's ([`Backend::Both`]).
    pub gpu: Option<Box<KernelReport>>,
}

impl KernelReport {
    /// The bytes of `buffer` after the launch.
    pub fn bytes(&self, buffer: Buffer) -> &[u8] {
        &self.buffers[buffer.index]
    }

    /// The contents of `buffer` after the launch, as values of `E`.
    pub fn read<E: Element>(&self, buffer: Buffer) -> Vec<E> {
        self.bytes(buffer)
            .chunks_exact(E::BYTES)
            .map(E::from_le)
            .collect()
    }

    /// Where `buffer`'s bytes differ between the simulator and the GPU
    /// ([`Backend::Both`]); `None` where they agree or only one ran.
    pub fn difference(&self, buffer: Buffer) -> Option<Difference> {
        let gpu = self.gpu.as_ref()?;
        first_difference(self.bytes(buffer), gpu.bytes(buffer))
    }

    /// Whether any buffer or module variable differs between the simulator
    /// and the GPU ([`Backend::Both`]).
    pub fn differs(&self) -> bool {
        self.gpu
            .as_ref()
            .is_some_and(|gpu| gpu.buffers != self.buffers || gpu.globals != self.globals)
    }

    /// The bytes of the module's `.global` variable `name` after the launch.
    pub fn global(&self, name: &str) -> Option<&[u8]> {
        self.globals
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_is_said_once_unless_quiet() {
        let said = AtomicBool::new(false);
        assert_eq!(fallback_notice(&said, "no driver", true), None);
        assert_eq!(
            fallback_notice(&said, "no driver", false).as_deref(),
            Some("ptx: no GPU (no driver); kernel launches run in the simulator")
        );
        assert_eq!(fallback_notice(&said, "no driver", false), None);
    }

    /// What `KernelError::Gpu`'s `detail` and `DeviceError::NoGpu` say in
    /// a build without the `cuda` feature (ptx-cuda's own tests hold the
    /// driver's messages).
    #[cfg(not(feature = "cuda"))]
    #[test]
    fn a_build_without_the_cuda_feature_says_how_to_get_one() {
        assert_eq!(
            GpuError::NoBackend.to_string(),
            "this build has no GPU backend: build ptx-sim (or ptx) with the `cuda` feature"
        );
    }
}
