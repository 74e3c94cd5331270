//! Launching a grid: a Rust closure runs as the body of every thread, with
//! the special registers (`%tid`, `%laneid`, ...) answering per thread and
//! the warp collectives and barriers of `ptx!` code (and the statement
//! interpreter) meeting the other lanes.
//!
//! Lanes run on stacks of their own (fibers), scheduled deterministically
//! within their CTA (see `machine::scheduler`); clusters of CTAs run in
//! slices on the engine's grid ([`crate::engine::grid`], as a module's
//! do), in parallel on worker threads, taking turns when they wait on
//! each other, and their results are gathered in thread order, so a
//! launch computes the same thing on any number of cores.
//!
//! ```
//! use ptx_sim::machine::{Launch, warp32};
//! // Every thread reports its global x index.
//! let out = Launch::new(4, 64).run(|t| t.ctaid[0] * t.ntid[0] + t.tid[0]).unwrap();
//! assert_eq!(out.results[200], 200);
//! // One warp: lane i gets i * 2.
//! let lanes = warp32(|lane| lane * 2).unwrap();
//! assert_eq!(lanes[31], 62);
//! ```

pub use crate::fault::LaunchError;
pub use crate::memory::element::Element;
pub use crate::thread::{Dim3, Thread};

use super::progress::{DEFAULT_HANG_LIMIT, DEFAULT_STALL};
use crate::check::Checks;
use crate::check::cta::merge_findings;
use crate::engine::config::LaunchConfig;
use crate::fault::{Fault, LaunchFault};
use crate::lane::LaunchMemory;
use crate::memory::bank_counts::SharedStats;
use crate::memory::global::GlobalMemory;
use crate::memory::words::Words;
use std::ops::Range;
use std::sync::Arc;

/// What a launch produced.
#[derive(Clone, Debug)]
pub struct Report<T> {
    /// Each thread's result, CTA by CTA (x fastest), thread by thread (x fastest).
    pub results: Vec<T>,
    /// Each CTA's shared memory at the end.
    pub shared: Vec<Vec<u8>>,
    /// Shared-memory requests, wavefronts and bank conflicts.
    pub stats: SharedStats,
    /// The global buffers at the end, in the order they were registered.
    pub global: Vec<Vec<u8>>,
}

impl<T> Report<T> {
    /// The contents of shared array `array` of CTA `cta` (numbered as the
    /// results are, x fastest) at the end.
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// let mut launch = Launch::new(2, 32);
    /// let tile = launch.shared_array_from(&[1.5f32; 8]);
    /// let report = launch.run(|_| ()).unwrap();
    /// assert_eq!(report.read_shared(1, tile), [1.5; 8]);
    /// ```
    pub fn read_shared<E: Element>(&self, cta: usize, array: SharedArray<E>) -> Vec<E> {
        let start = array.addr as usize;
        self.shared[cta][start..start + array.len * E::BYTES]
            .chunks_exact(E::BYTES)
            .map(E::from_le)
            .collect()
    }

    /// The contents of global buffer `buffer` at the end, as values of `E`.
    pub fn read<E: Element>(&self, buffer: GlobalBuffer) -> Vec<E> {
        self.global[buffer.index]
            .chunks_exact(E::BYTES)
            .map(E::from_le)
            .collect()
    }
}

/// An array in every CTA's shared memory, declared with
/// [`Launch::shared_array`]: where it starts in the shared window, and how
/// many `E` it holds.
#[derive(Debug, PartialEq, Eq)]
pub struct SharedArray<E> {
    /// The shared address of its first element: what `ld.shared [a]` takes.
    pub addr: u32,
    /// How many elements it holds.
    pub len: usize,
    element: std::marker::PhantomData<E>,
}

// Copy whatever `E` is: the array is an address and a length.
impl<E> Clone for SharedArray<E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E> Copy for SharedArray<E> {}

impl<E: Element> SharedArray<E> {
    /// The shared address of element `i`.
    pub fn at(&self, i: u32) -> u32 {
        self.addr + i * E::BYTES as u32
    }
}

/// A global buffer registered with a launch: its device address and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlobalBuffer {
    index: usize,
    /// The device address of its first byte.
    pub addr: u64,
    /// Its size in bytes.
    pub bytes: usize,
}

/// A constant buffer registered with a launch ([`Launch::constant`]):
/// read-only memory every thread of the grid reads with `ld.const`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConstantBuffer {
    /// The `.const` address of its first byte: what `ld.const [a]` takes.
    pub addr: u64,
    /// The generic address of its first byte: what `cvta.const` gives for
    /// `addr`, and what a generic `ld [a]` takes.
    pub generic: u64,
    /// Its size in bytes.
    pub bytes: usize,
}

/// The kernel parameters registered with a launch ([`Launch::params`]):
/// read-only memory every thread of the grid reads with `ld.param`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamBuffer {
    /// The `.param` address of the first parameter byte (0): what
    /// `ld.param [a]` takes.
    pub addr: u64,
    /// The generic address of the first parameter byte: what `cvta.param`
    /// gives for `addr`.
    pub generic: u64,
    /// Its size in bytes.
    pub bytes: usize,
}

/// A grid to run: dimensions, shared memory, resources.
///
/// Every setter takes `&mut self`, as [`crate::kernel::KernelLaunch`]'s do:
/// the settings chain into a run (`Launch::new(1, 32).shared_bytes(64).run(...)`),
/// or are made one by one on a `let mut launch`, between the buffers and
/// arrays that return what the threads address.
#[derive(Clone, Debug)]
pub struct Launch {
    /// What every launch is configured with: grid, CTA, clusters, workers,
    /// checks, hang limit, schedule.
    config: LaunchConfig,
    shared: Vec<u8>,
    stack_size: usize,
    stall: std::time::Duration,
    portable: bool,
    global: Vec<Vec<u8>>,
    constant: Vec<Vec<u8>>,
    params: Vec<u8>,
    /// The bytes of shared memory given values at launch
    /// (`shared_init`, `shared_array_from`): initialised for the
    /// sanitizer.
    shared_given: Vec<Range<usize>>,
}

impl Launch {
    /// A launch of `grid` CTAs of `block` threads each.
    pub fn new(grid: impl Into<Dim3>, block: impl Into<Dim3>) -> Launch {
        Launch {
            config: LaunchConfig::new(grid.into(), block.into(), DEFAULT_HANG_LIMIT),
            shared: Vec::new(),
            stack_size: 256 * 1024,
            stall: DEFAULT_STALL,
            portable: false,
            global: Vec::new(),
            constant: Vec::new(),
            params: Vec::new(),
            shared_given: Vec::new(),
        }
    }

    /// Groups the grid's CTAs into thread-block clusters of `shape` CTAs
    /// (at most 16; the grid must be a whole number of clusters), as a
    /// launch with `cudaLaunchAttributeClusterDimension` does. The CTAs of
    /// a cluster are resident together: they run in turns on one worker,
    /// each reaching the others' shared memory through `.shared::cluster`
    /// addresses (`mapa`; rank `r`'s window at `r << 24`, as on the H100)
    /// and generic ones, and `barrier.cluster` completes when every thread
    /// of the cluster that has not returned arrived. The cluster registers
    /// (`%cluster_ctarank`, `%clusterid`, ...) and [`Thread::cluster`] say
    /// the shape; `%is_explicit_cluster` is true. Without it, each CTA is
    /// a cluster of one.
    ///
    /// Each CTA's thread 0 stores its rank into the next CTA's shared
    /// word, then reads its own after the cluster barrier:
    ///
    /// ```
    /// use ptx_sim::statement::Prepared;
    /// use ptx_sim::machine::Launch;
    /// use ptx_core::{AsmOperand, Target, check_asm, lower};
    /// let prepare = |text: &str, cons: &[&str]| {
    ///     let checked = check_asm(text, cons, Target::default()).unwrap();
    ///     let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
    ///     Prepared::new(&lower(&checked, &ops).unwrap())
    /// };
    /// let rank = prepare("mov.u32 %0, %%cluster_ctarank;", &["=r"]);
    /// let mapa = prepare("mapa.shared::cluster.u32 %0, %1, %2;", &["=r", "r", "r"]);
    /// let st = prepare("st.shared::cluster.u32 [%0], %1;", &["r", "r"]);
    /// let sync = prepare("barrier.cluster.arrive; barrier.cluster.wait;", &[]);
    /// let ld = prepare("ld.shared.u32 %0, [%1];", &["=r", "r"]);
    /// let mut launch = Launch::new(8, 32);
    /// launch.shared_bytes(4).cluster(4);
    /// let report = launch
    ///     .run(|t| {
    ///         let mut r = [0u128; 3];
    ///         rank.run(&mut r).unwrap();
    ///         let me = r[0] as u32;
    ///         if t.tid[0] == 0 {
    ///             let mut m = [0u128, 0, u128::from((me + 1) % 4)];
    ///             mapa.run(&mut m).unwrap();
    ///             st.run(&mut [m[0], u128::from(me)]).unwrap();
    ///         }
    ///         sync.run(&mut []).unwrap();
    ///         let mut l = [0u128, 0];
    ///         ld.run(&mut l).unwrap();
    ///         (me, l[0] as u32)
    ///     })
    ///     .unwrap();
    /// // CTA 6 is rank 2 of the second cluster; rank 1 wrote into it.
    /// assert_eq!(report.results[6 * 32], (2, 1));
    /// ```
    pub fn cluster(&mut self, shape: impl Into<Dim3>) -> &mut Launch {
        self.config.cluster = Some(shape.into());
        self
    }

    /// The sanitizer's checks to run ([`crate::check`]): races between
    /// warps on shared and global memory, reads of shared memory never
    /// written (bytes from [`Launch::shared_bytes`] and
    /// [`Launch::shared_array`] count as never written, as a GPU's shared
    /// memory is not zero; [`Launch::shared_init`]'s and
    /// [`Launch::shared_array_from`]'s were), aligned barriers reached by
    /// part of a warp. The launch runs to its end; what they found is its
    /// error, one fault per finding. Unless set,
    /// [`Checks::default_for_launch`]: what `PTX_SIM_CHECKS` says, else
    /// none.
    ///
    /// Warp 0 writes a word that warp 1 reads, with no barrier between:
    ///
    /// ```
    /// use ptx_sim::check::Checks;
    /// use ptx_sim::fault::{Fault, Hazard, Finding};
    /// use ptx_sim::statement::Prepared;
    /// use ptx_sim::machine::Launch;
    /// use ptx_core::{AsmOperand, Target, check_asm, lower};
    /// let prepare = |text: &str, cons: &[&str]| {
    ///     let checked = check_asm(text, cons, Target::default()).unwrap();
    ///     let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
    ///     Prepared::new(&lower(&checked, &ops).unwrap())
    /// };
    /// let st = prepare("st.shared.u32 [%0], %1;", &["r", "r"]);
    /// let ld = prepare("ld.shared.u32 %0, [%1];", &["=r", "r"]);
    /// let mut launch = Launch::new(1, 64);
    /// launch.shared_bytes(4).checks(Checks::ALL);
    /// let err = launch
    ///     .run(|t| {
    ///         let mut regs = [0u128; 2];
    ///         if t.warp == 0 {
    ///             regs[1] = 7;
    ///             st.run(&mut regs).map_err(|f| f.fault)
    ///         } else {
    ///             ld.run(&mut regs).map_err(|f| f.fault)
    ///         }
    ///     })
    ///     .unwrap_err();
    /// let Fault::Finding(Finding::Race(race)) = &err.faults[0].fault else { panic!("{err}") };
    /// assert_eq!(race.hazard, Hazard::ReadAfterWrite);
    /// ```
    pub fn checks(&mut self, checks: Checks) -> &mut Launch {
        self.config.checks = Some(checks);
        self
    }

    /// Varies the schedule by `seed`, so that a result that depends on
    /// the order of warps shows it: the lanes start in a random order of
    /// warps, the warps whose collectives, barriers and memory accesses
    /// meet resume in a random order, and before a `ptx!` statement's
    /// memory access or barrier a lane lets the others run first, one
    /// time in four. The same seed gives the same run. Unless set, the
    /// seed `PTX_SIM_SCHEDULE` gives, if it is set, else the order of
    /// `scheduler.rs`: lanes in index order, each to its next rendezvous.
    ///
    /// Warp 0 writes a word that warp 1 reads: with a `bar.sync` between
    /// them every seed reads the value, without one what is read depends
    /// on the seed.
    ///
    /// ```
    /// use ptx_sim::statement::Prepared;
    /// use ptx_sim::machine::Launch;
    /// use ptx_core::{AsmOperand, Target, check_asm, lower};
    /// let prepare = |text: &str, cons: &[&str]| {
    ///     let checked = check_asm(text, cons, Target::default()).unwrap();
    ///     let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
    ///     Prepared::new(&lower(&checked, &ops).unwrap())
    /// };
    /// let st = prepare("st.shared.u32 [%0], %1;", &["r", "r"]);
    /// let ld = prepare("ld.shared.u32 %0, [%1];", &["=r", "r"]);
    /// let bar = prepare("bar.sync 0;", &[]);
    /// // How many of warp 1's lanes read the 7 warp 0 wrote.
    /// let readers = |seed: u64, barrier: bool| {
    ///     let report = Launch::new(1, 64)
    ///         .shared_bytes(4)
    ///         .schedule(seed)
    ///         .run(|t| {
    ///             let mut regs = [0u128; 2];
    ///             if t.warp == 0 {
    ///                 regs[1] = 7;
    ///                 st.run(&mut regs).unwrap();
    ///             }
    ///             if barrier {
    ///                 bar.run(&mut []).unwrap();
    ///             }
    ///             if t.warp == 1 {
    ///                 ld.run(&mut regs).unwrap();
    ///             }
    ///             regs[0] == 7
    ///         })
    ///         .unwrap();
    ///     report.results.iter().filter(|&&seen| seen).count()
    /// };
    /// assert!((0..8).all(|seed| readers(seed, true) == 32));
    /// let without: Vec<usize> = (0..8).map(|seed| readers(seed, false)).collect();
    /// assert!(without.iter().any(|&n| n < 32), "{without:?}");
    /// ```
    pub fn schedule(&mut self, seed: u64) -> &mut Launch {
        self.config.schedule = crate::engine::config::Schedule::Seed(seed);
        self
    }

    /// Runs in the fixed order of `scheduler.rs` whatever
    /// `PTX_SIM_SCHEDULE` says: for a launch whose point is that order.
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// let report = Launch::new(1, 64).fixed_schedule().run(|t| t.warp).unwrap();
    /// assert_eq!(report.results[40], 1);
    /// ```
    pub fn fixed_schedule(&mut self) -> &mut Launch {
        self.config.schedule = crate::engine::config::Schedule::Fixed;
        self
    }

    /// Registers a global buffer holding `bytes`; the threads address it
    /// through the returned buffer's `addr`, and the report holds its
    /// contents after the run.
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// let mut launch = Launch::new(1, 32);
    /// let data = launch.global_from(&[1.5f32, 2.5]);
    /// assert_eq!(data.bytes, 8);
    /// let report = launch.run(|t| t.lane).unwrap();
    /// assert_eq!(report.read::<f32>(data), [1.5, 2.5]);
    /// ```
    ///
    /// `ptx::launch` has an example where the threads load and store.
    pub fn global(&mut self, bytes: Vec<u8>) -> GlobalBuffer {
        let size = bytes.len();
        let (index, addr) = append(
            &mut self.global,
            bytes,
            crate::memory::global::buffer_addresses,
        );
        GlobalBuffer {
            index,
            addr,
            bytes: size,
        }
    }

    /// Registers a global buffer holding `values`, little-endian.
    pub fn global_from<E: Element>(&mut self, values: &[E]) -> GlobalBuffer {
        self.global(to_le_bytes(values))
    }

    /// Registers a constant buffer holding `bytes`: read-only memory that
    /// every thread reads with `ld.const` at the returned buffer's `addr`
    /// (or a generic `ld` at its `generic` address). Buffers lie one after
    /// another in the `.const` space with a gap between them, so an access
    /// that runs off one is an error rather than a read of the next; a
    /// store into one is an error too (PTX ISA: the constant space is
    /// read-only).
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// use ptx_sim::memory::window::CONST_WINDOW;
    /// let mut launch = Launch::new(1, 32);
    /// let first = launch.constant(vec![7; 4]);
    /// let second = launch.constant_from(&[1.5f32, 2.5]);
    /// assert_eq!((first.addr, first.bytes), (0, 4));
    /// // 4 bytes, rounded up to 256, then a 256-byte gap.
    /// assert_eq!((second.addr, second.bytes), (512, 8));
    /// assert_eq!(second.generic, CONST_WINDOW + 512);
    /// ```
    ///
    /// `ptx::launch` has an example where the threads load from one.
    pub fn constant(&mut self, bytes: Vec<u8>) -> ConstantBuffer {
        let size = bytes.len();
        let (_, addr) = append(
            &mut self.constant,
            bytes,
            crate::memory::global::constant_addresses,
        );
        ConstantBuffer {
            addr,
            generic: crate::memory::window::CONST_WINDOW + addr,
            bytes: size,
        }
    }

    /// Registers a constant buffer holding `values`, little-endian.
    pub fn constant_from<E: Element>(&mut self, values: &[E]) -> ConstantBuffer {
        self.constant(to_le_bytes(values))
    }

    /// Makes `bytes` the kernel's parameters (replacing any registered
    /// before): read-only memory that every thread reads with `ld.param`
    /// from `.param` address 0 (the returned buffer's `addr`), or through
    /// the generic address `cvta.param` gives. A store there is an error
    /// (PTX ISA: kernel parameters are read-only; `st.param` writes only a
    /// device function's parameters, which a `ptx!` statement does not
    /// have).
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// use ptx_sim::memory::window::PARAM_WINDOW;
    /// let mut launch = Launch::new(1, 32);
    /// // A kernel's `(u64 pointer, u64 n)` parameters.
    /// let params = launch.params_from(&[0x7f00_0000_0000u64, 16]);
    /// assert_eq!((params.addr, params.generic, params.bytes), (0, PARAM_WINDOW, 16));
    /// ```
    pub fn params(&mut self, bytes: Vec<u8>) -> ParamBuffer {
        self.params = bytes;
        ParamBuffer {
            addr: 0,
            generic: crate::memory::window::PARAM_WINDOW,
            bytes: self.params.len(),
        }
    }

    /// Makes `values`, little-endian, the kernel's parameters.
    pub fn params_from<E: Element>(&mut self, values: &[E]) -> ParamBuffer {
        self.params(to_le_bytes(values))
    }

    /// Declares an array of `len` zeroed `E` in every CTA's shared memory,
    /// after what is declared already, at an address aligned to 16 bytes
    /// (what a vector access of it may need), as `__shared__ E name[len]`
    /// declares one in CUDA; the threads address it through the returned
    /// array, and the report reads it back.
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// let mut launch = Launch::new(1, 32);
    /// let counts = launch.shared_array::<u32>(3);
    /// let tile = launch.shared_array::<f32>(32);
    /// assert_eq!((counts.addr, tile.addr), (0, 16));
    /// assert_eq!(tile.at(2), 24);
    /// ```
    pub fn shared_array<E: Element>(&mut self, len: usize) -> SharedArray<E> {
        let addr = self.shared.len().next_multiple_of(16);
        self.shared.resize(addr + len * E::BYTES, 0);
        SharedArray {
            addr: addr as u32,
            len,
            element: std::marker::PhantomData,
        }
    }

    /// [`Launch::shared_array`] holding `values` at the start of every CTA.
    pub fn shared_array_from<E: Element>(&mut self, values: &[E]) -> SharedArray<E> {
        let array = self.shared_array::<E>(values.len());
        let start = array.addr as usize;
        self.shared[start..].copy_from_slice(&to_le_bytes(values));
        self.shared_given.push(start..self.shared.len());
        array
    }

    /// Gives every CTA `bytes` of zeroed shared memory, in place of what
    /// was given or declared before (declare arrays after it).
    pub fn shared_bytes(&mut self, bytes: usize) -> &mut Launch {
        self.shared = vec![0; bytes];
        self.shared_given.clear();
        self
    }

    /// Gives every CTA shared memory holding `bytes` at the start, in
    /// place of what was given or declared before.
    pub fn shared_init(&mut self, bytes: Vec<u8>) -> &mut Launch {
        self.shared_given.clear();
        self.shared_given.push(0..bytes.len());
        self.shared = bytes;
        self
    }

    /// The stack size of each lane's coroutine (256 KiB by default).
    pub fn stack_size(&mut self, bytes: usize) -> &mut Launch {
        self.stack_size = bytes.max(16 * 1024);
        self
    }

    /// Runs CTAs on `n` OS threads (by default, one per core). CTAs that
    /// wait on each other take turns on them, as many resident at once as
    /// an H100 holds ([`crate::engine::grid`]).
    pub fn workers(&mut self, n: usize) -> &mut Launch {
        self.config.workers = Some(n.max(1));
        self
    }

    /// Sets what `%envreg{index}` reads in every thread (0 unless set);
    /// an index beyond 31 names no register and changes nothing.
    pub fn envreg(&mut self, index: usize, value: u32) -> &mut Launch {
        if let Some(register) = self.config.envreg.get_mut(index) {
            *register = value;
        }
        self
    }

    /// How long a grid may go with no thread finishing and no shared or
    /// global memory changing, every resident CTA spinning, before it stops
    /// as stuck with [`LaunchFault::Hang`] naming where each warp is:
    /// [`DEFAULT_STALL`] unless set. (`tests/coresidency.rs` has a spin
    /// that stops so.) [`Launch::hang_limit`] counts the same in
    /// statements, which usually comes first.
    pub fn stall_after(&mut self, limit: std::time::Duration) -> &mut Launch {
        self.stall = limit;
        self
    }

    /// How many `ptx!` statements (those that reach memory or other
    /// threads: loads, stores, atomics, barriers, mbarrier waits, ...) the
    /// threads of a grid may run with no thread finishing and no shared or
    /// global memory changing, every resident CTA having run its share of
    /// them: they spin on something that nothing left to run can change,
    /// and the launch stops with [`LaunchFault::Hang`], naming where each thread
    /// is: [`DEFAULT_HANG_LIMIT`] unless set. It is the rule a module's
    /// launch has ([`crate::engine::grid`]), counted in statements rather
    /// than warp steps. Progress is looked for every 16384 statements, so
    /// the limit is a multiple of that.
    ///
    /// ```
    /// use ptx_sim::fault::{Fault, LaunchFault};
    /// use ptx_sim::statement::Prepared;
    /// use ptx_sim::machine::Launch;
    /// use ptx_core::{AsmOperand, Target, check_asm, lower};
    /// let cons = ["=r", "r"];
    /// let checked = check_asm("ld.volatile.shared.u32 %0, [%1];", &cons, Target::default()).unwrap();
    /// let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
    /// let ld = Prepared::new(&lower(&checked, &ops).unwrap());
    /// let mut launch = Launch::new(1, 32);
    /// launch.shared_bytes(4).hang_limit(1 << 16);
    /// // Thread 0 waits for a flag no one sets.
    /// let err = launch
    ///     .run(|t| {
    ///         while t.tid[0] == 0 {
    ///             let mut r = [0u128, 0];
    ///             ld.run(&mut r).unwrap();
    ///             if r[0] != 0 {
    ///                 break;
    ///             }
    ///         }
    ///     })
    ///     .unwrap_err();
    /// assert!(matches!(err.faults[0].fault, Fault::Launch(LaunchFault::Hang { .. })), "{err}");
    /// assert!(err.to_string().contains("warp 0 lane 0x00000001 at `ld`"), "{err}");
    /// ```
    pub fn hang_limit(&mut self, statements: u64) -> &mut Launch {
        self.config.hang_limit = statements.max(1);
        self
    }

    /// Runs the lanes on the portable fiber backend (`corosensei`
    /// coroutines, about twice as slow at collectives) even on targets with
    /// the native stack switch (x86-64 and AArch64 outside Windows), so
    /// that the portable one can be tested there. Results are the same.
    ///
    /// ```
    /// use ptx_sim::machine::Launch;
    /// let out = Launch::new(1, 64).portable_fibers(true).run(|t| t.tid[0] * 3).unwrap();
    /// assert_eq!(out.results[63], 189);
    /// ```
    pub fn portable_fibers(&mut self, portable: bool) -> &mut Launch {
        self.portable = portable;
        self
    }

    /// Runs `f` as every thread of the grid.
    pub fn run<T, F>(&self, f: F) -> Result<Report<T>, LaunchError>
    where
        T: Send,
        F: Fn(&Thread) -> T + Sync,
    {
        self.run_lent(&mut Vec::new(), f)
    }

    /// Runs `f` as every thread of the grid, with `lent` (buffers that
    /// outlive the launch, each at its address: a device's allocations,
    /// ascending) in its global memory beside its own buffers; `lent`
    /// holds what the threads left in them afterwards, whatever happened.
    pub(crate) fn run_lent<T, F>(
        &self,
        lent: &mut Vec<(u64, Words)>,
        f: F,
    ) -> Result<Report<T>, LaunchError>
    where
        T: Send,
        F: Fn(&Thread) -> T + Sync,
    {
        let mut results: Vec<Option<T>> = (0..self.threads()).map(|_| None).collect();
        let addresses: Vec<(u64, usize)> = lent.iter().map(|(a, b)| (*a, b.len())).collect();
        let memory = self.launch_memory(std::mem::take(lent));
        let rest = self.run_into(&f, &mut results, &memory);
        let mut global = into_words(memory);
        let own = global
            .split_off(addresses.len().min(global.len()))
            .into_iter()
            .map(Words::into_bytes)
            .collect();
        // A memory still held elsewhere (never, once every CTA has ended)
        // hands back nothing: the allocations keep their sizes, zeroed.
        global.resize_with(addresses.len(), Words::default);
        *lent = addresses
            .into_iter()
            .zip(global)
            .map(|((addr, len), words)| {
                let words = if words.len() == len {
                    words
                } else {
                    Words::zeroed(len)
                };
                (addr, words)
            })
            .collect();
        let rest = rest?;
        let results: Option<Vec<T>> = results.into_iter().collect();
        let results = results.ok_or_else(unfinished)?;
        Ok(Report {
            results,
            shared: rest.shared,
            stats: rest.stats,
            global: own,
        })
    }

    /// How many threads the grid has.
    fn threads(&self) -> usize {
        self.config.grid.count() * self.config.block.count()
    }

    /// Runs `f` as every thread of the grid over `memory`, leaving thread
    /// `i`'s result in `results[i]` (`results` holds one per thread of the
    /// grid).
    fn run_into<T, F>(
        &self,
        f: &F,
        results: &mut [Option<T>],
        memory: &Option<Arc<LaunchMemory>>,
    ) -> Result<Rest, LaunchError>
    where
        T: Send,
        F: Fn(&Thread) -> T + Sync,
    {
        self.config.check(self.shared.len())?;
        debug_assert_eq!(results.len(), self.threads());
        // The environment's checks and schedule, read once for the launch.
        let config = self.config.resolved();
        if self.config.grid.count() == 1 {
            return self.run_single(&config, f, results, memory);
        }
        let ctas = self.run_grid(&config, f, results, memory)?;
        let mut shared = Vec::with_capacity(ctas.len());
        let mut stats = SharedStats::default();
        let mut faults = Vec::new();
        let mut findings = Vec::new();
        for cta in ctas {
            faults.extend(cta.faults);
            findings.push(cta.findings);
            stats.merge(&cta.stats);
            shared.push(cta.shared);
        }
        faults.extend(merge_findings(findings));
        if !faults.is_empty() {
            return Err(LaunchError { faults });
        }
        Ok(Rest { shared, stats })
    }

    /// Runs every cluster of a grid of more than one CTA over `memory` on
    /// the engine's grid ([`crate::engine::grid`]), leaving thread `i`'s
    /// result in `results[i]`: each CTA's outcome, in grid order, or the
    /// fault that stopped the grid with the other CTAs' own faults.
    fn run_grid<T, F>(
        &self,
        config: &LaunchConfig,
        f: &F,
        results: &mut [Option<T>],
        memory: &Option<Arc<LaunchMemory>>,
    ) -> Result<Vec<super::scheduler::CtaOutcome>, LaunchError>
    where
        T: Send,
        F: Fn(&Thread) -> T + Sync,
    {
        use super::sliced::Ranks;
        let size = self.cluster_shape().count();
        let clusters = self.config.grid.count() / size;
        let block = self.config.block.count();
        let parts: Vec<super::sliced::ClusterResults<'_, T>> = if size == 1 {
            // Cluster i is CTA i.
            results
                .chunks_mut(block)
                .map(|chunk| std::sync::Mutex::new(Some(Ranks::One(chunk))))
                .collect()
        } else {
            let mut chunks: Vec<Option<&mut [Option<T>]>> =
                results.chunks_mut(block).map(Some).collect();
            (0..clusters)
                .map(|i| {
                    let ranks = (0..size)
                        .map(|r| {
                            chunks[self.config.grid.index(self.cluster_cta(i, r))]
                                .take()
                                .expect("each CTA is in one cluster")
                        })
                        .collect();
                    std::sync::Mutex::new(Some(Ranks::Many(ranks)))
                })
                .collect()
        };
        let run = |index: usize,
                   results: Ranks<&mut [Option<T>]>,
                   sliced: (super::scheduler::Suspend<'_>, u64)| {
            self.run_cluster_sliced(config, index, f, results, sliced)
        };
        let front = super::sliced::FiberGrid {
            run: &run,
            threads: self.config.block.count(),
            memory,
            results: parts,
        };
        let plan = crate::engine::grid::Plan {
            clusters,
            workers: self.config.worker_count(),
            resident: self.config.resident_clusters(self.shared.len()),
            hang_limit: self.config.hang_limit,
            stall: Some(self.stall),
            slice: super::sliced::SLICE,
            stalled_slice: u64::from(super::progress::LOOK_EVERY),
        };
        let ran = crate::engine::grid::run(&front, plan);
        let mut by_cta: Vec<Option<_>> = (0..self.config.grid.count()).map(|_| None).collect();
        for (i, cluster) in ran.done {
            match cluster {
                Ranks::One(cta) if size == 1 => by_cta[i] = Some(cta),
                cluster => {
                    for (r, cta) in cluster.into_iter().enumerate() {
                        by_cta[self.config.grid.index(self.cluster_cta(i, r))] = Some(cta);
                    }
                }
            }
        }
        let Some(stopped) = ran.fault else {
            return by_cta
                .into_iter()
                .map(|cta| cta.ok_or_else(unfinished))
                .collect();
        };
        // The grid's fault, then each CTA's own; its lanes, stopped by the
        // grid's, say it again.
        let mut faults = vec![stopped.clone()];
        for cta in by_cta.into_iter().flatten() {
            faults.extend(cta.faults.into_iter().filter(|f| f.fault != stopped.fault));
        }
        Err(LaunchError { faults })
    }

    /// A grid of one CTA over `memory` (no worker threads: it runs on the
    /// calling thread, whatever [`Launch::workers`] says), leaving thread
    /// `i`'s result in `results[i]`.
    fn run_single<T, F>(
        &self,
        config: &LaunchConfig,
        f: &F,
        results: &mut [Option<T>],
        memory: &Option<Arc<LaunchMemory>>,
    ) -> Result<Rest, LaunchError>
    where
        F: Fn(&Thread) -> T + Sync,
    {
        let cta = self.run_cta(config, 0, memory, f, results);
        if !cta.faults.is_empty() || !cta.findings.is_empty() {
            let mut faults = cta.faults;
            faults.extend(merge_findings([cta.findings]));
            return Err(LaunchError { faults });
        }
        Ok(Rest {
            shared: vec![cta.shared],
            stats: cta.stats,
        })
    }

    /// The launch's memory, with `lent` before its own buffers: none when
    /// it has no buffer and no parameters.
    fn launch_memory(&self, lent: Vec<(u64, Words)>) -> Option<Arc<LaunchMemory>> {
        let registered = !(lent.is_empty()
            && self.global.is_empty()
            && self.constant.is_empty()
            && self.params.is_empty());
        registered.then(|| {
            Arc::new(LaunchMemory::with_global(
                GlobalMemory::placed(lent, &self.global),
                self.constant.clone(),
                self.params.clone(),
            ))
        })
    }

    /// The shape of the launch's clusters (1x1x1 without).
    fn cluster_shape(&self) -> Dim3 {
        self.config.cluster_shape()
    }

    /// The `%ctaid` of the CTA of rank `rank` in cluster `index`.
    fn cluster_cta(&self, index: usize, rank: usize) -> [u32; 3] {
        crate::engine::cluster::cluster_ctaid(
            self.config.grid,
            self.cluster_shape(),
            index,
            rank as u32,
        )
    }

    /// Where CTA `ctaid` stands in the grid, and what it checks: all of it
    /// from `config`, the launch's configuration as `run_into` resolved it
    /// (the environment's checks and schedule read once).
    fn place<'a>(
        &'a self,
        config: &LaunchConfig,
        ctaid: [u32; 3],
    ) -> super::scheduler::CtaPlace<'a> {
        super::scheduler::CtaPlace {
            ctaid,
            grid: config.grid,
            block: config.block,
            cluster: config.cluster_shape(),
            explicit_cluster: config.cluster.is_some(),
            shared_len: self.shared.len(),
            first_thread: config.grid.index(ctaid) * config.block.count(),
            checks: config.checks(),
            shared_given: &self.shared_given,
            schedule: config.seed(),
            watch: super::progress::WatchLimits {
                alone: config.grid.count() == 1,
                hang_limit: config.hang_limit,
                stall: self.stall,
            },
            envreg: config.envreg,
        }
    }

    /// Runs CTA `c` (x fastest) on the calling thread with `memory` as its
    /// launch's memory, leaving its thread `i`'s result in `results[i]`.
    fn run_cta<T, F>(
        &self,
        config: &LaunchConfig,
        c: usize,
        memory: &Option<Arc<LaunchMemory>>,
        f: &F,
        results: &mut [Option<T>],
    ) -> super::scheduler::CtaOutcome
    where
        F: Fn(&Thread) -> T + Sync,
    {
        let _memory = crate::machine::spaces::enter(memory.clone());
        let place = self.place(config, self.config.grid.coords(c));
        super::scheduler::run_cta(
            &place,
            self.shared.clone(),
            self.stack_size,
            self.portable,
            f,
            std::cell::Cell::from_mut(results).as_slice_of_cells(),
            None,
        )
    }

    /// Runs cluster `index` (x fastest over the grid's clusters) on the
    /// calling thread in slices (`sliced`: how it pauses, and its first
    /// budget), leaving thread `i` of its CTA of rank `r`'s result in
    /// `results[r][i]`. Returns the CTAs' outcomes by rank.
    fn run_cluster_sliced<T, F>(
        &self,
        config: &LaunchConfig,
        index: usize,
        f: &F,
        results: super::sliced::Ranks<&mut [Option<T>]>,
        sliced: (super::scheduler::Suspend<'_>, u64),
    ) -> super::sliced::Ranks<super::scheduler::CtaOutcome>
    where
        F: Fn(&Thread) -> T + Sync,
    {
        use super::sliced::Ranks;
        match results {
            Ranks::One(results) => Ranks::One(super::scheduler::run_cta(
                &self.place(config, self.cluster_cta(index, 0)),
                self.shared.clone(),
                self.stack_size,
                self.portable,
                f,
                std::cell::Cell::from_mut(results).as_slice_of_cells(),
                Some(sliced),
            )),
            Ranks::Many(results) => {
                let places: Vec<_> = (0..results.len())
                    .map(|r| self.place(config, self.cluster_cta(index, r)))
                    .collect();
                let results = results
                    .into_iter()
                    .map(|r| std::cell::Cell::from_mut(r).as_slice_of_cells())
                    .collect();
                Ranks::Many(super::scheduler::run_cluster(
                    &places,
                    self.shared.clone(),
                    self.stack_size,
                    self.portable,
                    f,
                    results,
                    Some(sliced),
                ))
            }
        }
    }
}

/// The global buffers at the end of a launch (none without memory).
fn into_words(memory: Option<Arc<LaunchMemory>>) -> Vec<Words> {
    memory
        .and_then(|m| Arc::try_unwrap(m).ok())
        .map(|m| m.global.into_words())
        .unwrap_or_default()
}

/// Appends buffer `bytes` to `buffers`, laid out by `addresses` (which
/// gives each buffer's address from their sizes): its index and address.
fn append(
    buffers: &mut Vec<Vec<u8>>,
    bytes: Vec<u8>,
    addresses: fn(&[usize]) -> Vec<u64>,
) -> (usize, u64) {
    buffers.push(bytes);
    let sizes: Vec<usize> = buffers.iter().map(Vec::len).collect();
    let index = sizes.len() - 1;
    (index, addresses(&sizes)[index])
}

/// The little-endian bytes of `values`, one after another.
fn to_le_bytes<E: Element>(values: &[E]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le()).collect()
}

/// What a launch leaves besides its threads' results and its memory.
struct Rest {
    shared: Vec<Vec<u8>>,
    stats: SharedStats,
}

/// A launch whose threads did not all finish.
#[cold]
fn unfinished() -> LaunchError {
    Fault::Launch(LaunchFault::Unfinished).into()
}

/// Runs `f(lane)` as the 32 lanes of one warp and returns their results.
///
/// ```
/// use ptx_sim::machine::warp32;
/// let ids = warp32(|lane| lane).unwrap();
/// assert_eq!(ids, std::array::from_fn(|i| i as u32));
/// ```
pub fn warp32<T, F>(f: F) -> Result<[T; 32], LaunchError>
where
    T: Send,
    F: Fn(u32) -> T + Sync,
{
    let mut lanes: [Option<T>; 32] = std::array::from_fn(|_| None);
    let launch = Launch::new(1, 32);
    let config = launch.config.resolved();
    launch.run_single(&config, &|t: &Thread| f(t.lane), &mut lanes, &None)?;
    if lanes.iter().any(Option::is_none) {
        return Err(unfinished());
    }
    Ok(lanes.map(|lane| lane.unwrap_or_else(|| unreachable!("every lane finished"))))
}
