//! What goes wrong when the simulator runs PTX, as values a caller can
//! match: a [`Fault`] says what went wrong, with its data (the lane, the
//! address, the size, the bounds) as fields; a [`ThreadFault`] adds where
//! it happened: the thread of a launch and the statement it ran.
//!
//! The variants fall into the guest's faults (what a GPU would trap on or
//! what the sanitizer reports: an access out of bounds or misaligned, a
//! store to read-only memory, a deadlock at a barrier), the simulator's own
//! limits (an instruction it does not model, a collective outside a
//! launch), and a launch that could not run.
//!
//! Their texts (`Display`) are what the simulator has always printed: a
//! test or a user reading them sees the same words.

use crate::thread::{Dim3, Thread};
use ptx_core::StateSpace;
use std::fmt;
use std::ops::Range;
use std::panic::Location;

/// Why an instruction, a thread or a launch could not go on.
///
/// A caller tells one kind from another by matching, and reads the data
/// from the fields. An `ld.shared` past the end of a CTA's 64 bytes of
/// shared memory:
///
/// ```
/// use ptx_core::{AsmOperand, Target, check_asm, lower};
/// use ptx_sim::fault::Fault;
/// use ptx_sim::statement::Prepared;
/// use ptx_sim::machine::Launch;
/// use ptx_sim::machine::spaces::Space;
///
/// let cons = ["=r", "r"];
/// let checked = check_asm("ld.shared.u32 %0, [%1];", &cons, Target::default()).unwrap();
/// let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
/// let ld = Prepared::new(&lower(&checked, &ops).unwrap());
/// let report = Launch::new(1, 32).shared_bytes(64).run(|t| {
///     let mut regs = ld.registers();
///     regs[1] = if t.lane == 16 { 64 } else { 0 };
///     ld.run(&mut regs).map_err(|f| f.fault)
/// });
/// // The lanes load together: each is told about lane 16's address.
/// let fault = report.unwrap().results[0].clone().unwrap_err();
/// match fault {
///     Fault::OutOfBounds { lane, space, address, size, bounds, .. } => {
///         assert_eq!((lane, space, address, size, bounds), (Some(16), Space::Shared, 64, 4, 0..64));
///     }
///     other => panic!("not an out-of-bounds access: {other}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Fault {
    /// An access whose address is not a multiple of its alignment (PTX
    /// ISA, `ld`: "the address must be naturally aligned to a multiple of
    /// the access size").
    #[error("{}: {space} address {address:#x} is not aligned to {align} bytes", by(.instruction, .lane))]
    Misaligned {
        /// The instruction's table key (`ld`, `st`, `atom`, ...).
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// The memory the address is in.
        space: Space,
        /// The address (for shared and local memory, the offset in it).
        address: u64,
        /// The alignment the access needs, in bytes.
        align: u64,
    },
    /// An access that does not lie within the memory it reaches: past the
    /// CTA's shared memory, past a thread's local memory, or off the end
    /// of the buffer its address starts in.
    #[error("{}: {space} address {address:#x} (+{size} bytes) {}", by(.instruction, .lane), beyond(*.space, .bounds, *.buffer, *.address + *.size))]
    OutOfBounds {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// The memory the address is in.
        space: Space,
        /// The address (for shared and local memory, the offset in it).
        address: u64,
        /// How many bytes the access takes.
        size: u64,
        /// The addresses the access had to lie in: `0..len` for shared and
        /// local memory, the buffer's addresses for global, constant and
        /// parameter memory.
        bounds: Range<u64>,
        /// Which buffer of its space (in the order the launch registered
        /// them) the address starts in; `None` for shared and local memory
        /// (and past the 65,536th buffer).
        buffer: Option<u16>,
    },
    /// An address in no buffer of its space: global, constant or
    /// parameter memory the launch did not register there.
    #[error("{}: {space} address {address:#x} {}{}", by(.instruction, .lane), in_no_buffer(*.space), nearest_of(.nearest, *.address))]
    Unmapped {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// The memory the address is in.
        space: Space,
        /// The address.
        address: u64,
        /// How many bytes the access takes.
        size: u64,
        /// The buffer of the space that ends closest below the address,
        /// if one does: what the access most likely meant to reach (boxed,
        /// to keep a fault a few words).
        nearest: Option<Box<BufferSpan>>,
    },
    /// A store or atomic into read-only memory: the constant space or the
    /// kernel's parameters (PTX ISA, "State Spaces").
    #[error("{}: {}", by(.instruction, .lane), read_only(*.space, *.address))]
    ReadOnly {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it was, when the warp accessed together.
        lane: Option<u32>,
        /// [`Space::Constant`] or [`Space::Param`].
        space: Space,
        /// The generic or state-space address the store was given.
        address: u64,
    },
    /// A global buffer whose lock a panicking thread left poisoned.
    #[error("{}: a global buffer was poisoned", by(.instruction, .lane))]
    PoisonedBuffer {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose access it was, when the warp accessed together.
        lane: Option<u32>,
    },
    /// `.param::func`: a device function's own parameters, which a `ptx!`
    /// statement, running in the kernel itself, does not have.
    #[error(
        "`{instruction}`: .param::func is a device function's own parameters, which a ptx! statement, running in the kernel itself, does not have; the kernel's parameters (`Launch::params`) are .param::entry, read with `ld.param`"
    )]
    DeviceFunctionParams {
        /// The instruction's table key.
        instruction: &'static str,
    },
    /// An instruction on a state space the simulator does not model.
    #[error("`{instruction}`: the {space} state space is not simulated")]
    SpaceNotSimulated {
        /// The instruction's table key.
        instruction: &'static str,
        /// The state space.
        space: StateSpace,
    },
    /// `cvta.to.space` of a generic address outside the space's window.
    #[error("cvta.to.{name}: generic address {address:#x} is not in the {name} window ({window:#x}, what cvta.{name} gives)", name = .space.name())]
    NotInWindow {
        /// The space converted to.
        space: StateSpace,
        /// The generic address.
        address: u64,
        /// Where the space's window starts among generic addresses.
        window: u64,
    },
    /// An instruction that needs the launch it runs in (its memory, or
    /// the other threads of its CTA) run outside any.
    #[error("`{instruction}`{} needs a launch", on_memory(.memory))]
    NeedsLaunch {
        /// The instruction's table key.
        instruction: &'static str,
        /// The memory it needs, if that is what it needs.
        memory: Option<Space>,
    },
    /// A warp collective outside a launch: it needs the other lanes.
    #[error(
        "`{instruction}` is a collective: it needs the other lanes of a launch (run it inside `ptx_sim::machine::Launch::run` or `warp32`)"
    )]
    CollectiveOutsideLaunch {
        /// The instruction's table key.
        instruction: &'static str,
    },
    /// A warp-wide memory access (`st`, `atom`, `mbarrier`, ...) outside
    /// a launch: the lanes of its warp access together.
    #[error("`{instruction}` on shared or global memory needs a launch")]
    WarpAccessOutsideLaunch {
        /// The instruction's table key.
        instruction: &'static str,
    },
    /// An address operand naming a variable declared inside the template.
    #[error("variables declared in a template need a launch")]
    TemplateVariable,
    /// A lane at a collective whose member mask leaves it out.
    #[error("`{instruction}`: lane {lane} is not in its own membermask {membermask:#010x}")]
    NotInMembermask {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane.
        lane: u32,
        /// The member mask it gave.
        membermask: u32,
    },
    /// A member mask naming lanes past the end of a partial warp.
    #[error("`{instruction}`: membermask {membermask:#010x} names lanes that do not exist")]
    NonexistentLanes {
        /// The instruction's table key.
        instruction: &'static str,
        /// The member mask.
        membermask: u32,
    },
    /// A collective with more operand slots than a rendezvous carries.
    #[error("`{instruction}` has {slots} operand slots, more than the {max} a collective may have")]
    TooManySlots {
        /// The instruction's table key.
        instruction: &'static str,
        /// How many slots it has.
        slots: usize,
        /// How many a collective may have.
        max: usize,
    },
    /// Every thread of a CTA that has not exited waits, and nothing they
    /// wait for can happen: who waits where, and who has exited.
    #[error("deadlock in CTA {}:{}", cta_id(.cta), listing(.waiting, .exited))]
    Deadlock {
        /// The CTA's `%ctaid`.
        cta: [u32; 3],
        /// The waiting threads, grouped by where they wait, in the order
        /// of their first thread.
        waiting: Vec<Waiting>,
        /// The threads (indices in the CTA) that have exited, in order.
        exited: Vec<usize>,
    },
    /// A `.shared::cluster` address (or a `mapa` rank) naming a CTA the
    /// cluster does not have.
    #[error("`{instruction}`: shared::cluster address {address:#x} names the CTA of rank {rank}, but the cluster has {size} CTA{}", plural(*.size))]
    NoSuchCta {
        /// The instruction's table key.
        instruction: &'static str,
        /// The address (or, for `mapa`, the address mapped).
        address: u64,
        /// The rank it names.
        rank: u32,
        /// How many CTAs the cluster has.
        size: u32,
    },
    /// An address that must point into shared memory (an mbarrier
    /// object's, `mapa`'s, `getctarank`'s) that does not.
    #[error("`{instruction}`: address {address:#x} is not in shared memory")]
    NotShared {
        /// The instruction's table key.
        instruction: &'static str,
        /// The address.
        address: u64,
    },
    /// `barrier.cluster.arrive` twice without a `wait` between, or a
    /// `wait` without an `arrive` before it.
    #[error("`{instruction}`: {detail}")]
    ClusterBarrier {
        /// The instruction's table key.
        instruction: &'static str,
        /// Which thread, and what it did out of order.
        detail: String,
    },
    /// A launch whose cluster shape the GPU refuses: a grid that is not a
    /// whole number of clusters, a cluster of more than 16 CTAs, a shape
    /// other than the kernel's `.reqnctapercluster`.
    #[error("cluster shape: {detail}")]
    BadCluster {
        /// What is wrong.
        detail: String,
    },
    /// `bar`, `barrier` on a barrier number past the CTA's sixteen.
    #[error("barrier {barrier} does not exist (0-15)")]
    NoSuchBarrier {
        /// The barrier number given.
        barrier: u64,
    },
    /// An mbarrier arrival or expected count outside `1..=2^20-1`.
    #[error("{}: count {count} is outside 1..=2^20-1", by(.instruction, .lane))]
    ArrivalCount {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane that gave it.
        lane: Option<u32>,
        /// The count given.
        count: u64,
    },
    /// A `wmma` load or store whose lanes give different addresses or
    /// strides: every lane of the warp must give the same.
    #[error(
        "`{instruction}`: lane {lane} gives address {address:#x} and stride {stride}, lane {first_lane} gives {first_address:#x} and {first_stride}: every lane of the warp must give the same"
    )]
    NonUniformTile {
        /// The instruction's table key.
        instruction: &'static str,
        /// The first lane that differs.
        lane: u32,
        /// Its address.
        address: u64,
        /// Its stride, in elements.
        stride: u64,
        /// The first member lane, whose address and stride the others must give.
        first_lane: u32,
        /// Its address.
        first_address: u64,
        /// Its stride, in elements.
        first_stride: u64,
    },
    /// A `wmma` load or store whose address and stride leave a row (or
    /// column) start unaligned to the fragment's alignment.
    #[error(
        "`{instruction}` (lane {lane}): address {address:#x} with a stride of {stride} elements ({} bytes) leaves a {} start unaligned: each must be aligned to {align} bytes",
        (*.stride * u64::from(*.element_bits)) as f64 / 8.0,
        if *.row_major { "row" } else { "column" }
    )]
    MisalignedTile {
        /// The instruction's table key.
        instruction: &'static str,
        /// The lane whose address it is (every lane gives the same).
        lane: u32,
        /// The tile's address.
        address: u64,
        /// The stride, in elements.
        stride: u64,
        /// Bits of one element.
        element_bits: u32,
        /// Whether lines are rows (`.row`) rather than columns.
        row_major: bool,
        /// The alignment each line start needs, in bytes.
        align: u64,
    },
    /// An instruction, or a form or operation of one, that the simulator
    /// does not model.
    #[error("`{instruction}` is not simulated on the CPU")]
    NotSimulated {
        /// The instruction or form, as PTX writes it (`cvt.f16.f16`).
        instruction: String,
    },
    /// `trap`: the program stopped the thread.
    #[error("the thread executed `trap`")]
    Trap,
    /// `exit` in a statement: the thread ends there, so the rest of its
    /// Rust code, and its result, never come (a module's kernels exit
    /// normally; see `ptx_sim::kernel`).
    #[error(
        "the thread executed `exit`: it ends there, and a launch of closures has no result for it"
    )]
    Exited,
    /// `brkpt` with no debugger: the GPU stops the launch there.
    #[error("the thread executed `brkpt` (with no debugger attached, the launch stops)")]
    Breakpoint,
    /// A control-flow instruction handed to a semantic function: the
    /// interpreters run `bra`, `brx.idx`, `call`, `ret` and `exit` as
    /// steps of the program, and a `ptx!` statement has no functions to call.
    #[error(
        "`{instruction}` is a step of the program, run by the interpreter, not a semantic function"
    )]
    ControlStep {
        /// The instruction.
        instruction: &'static str,
    },
    /// An operand value the instruction cannot take, which the GPU would
    /// fault on or compute garbage from: a matrix descriptor reaching
    /// outside shared memory, sparsity metadata naming no pattern. The
    /// detail names the operand's fields.
    #[error("`{instruction}`: {detail}")]
    BadOperand {
        /// The instruction's table key.
        instruction: &'static str,
        /// Which operand, its fields, and what is wrong.
        detail: String,
    },
    /// Decoded modifiers or operands that the checker should have
    /// excluded (an `mma` without its four types): a bug of the
    /// simulator or of the instruction table, not of the program.
    #[error("{}{detail}", named(.instruction))]
    Malformed {
        /// The instruction, where the semantic function knows it.
        instruction: Option<&'static str>,
        /// What is wrong with it.
        detail: String,
    },
    /// A template whose branches loop without end.
    #[error("the template loops for more than 2^32 branches")]
    TooManyBranches,
    /// A Rust panic in a thread's code (other than a `ptx!` fault).
    #[error("{message}")]
    Panic {
        /// The panic's message (`panicked` when it had none).
        message: String,
    },
    /// A launch whose CTAs have more threads than a CTA may, or more in
    /// one dimension.
    #[error("a CTA has at most 1024 threads, at most 1024 × 1024 × 64; {block} has {}", .block.count())]
    BlockTooLarge {
        /// The CTA's dimensions.
        block: Dim3,
    },
    /// A launch whose grid is beyond the H100's 2³¹−1 × 65535 × 65535
    /// CTAs.
    #[error("a grid has at most 2147483647 × 65535 × 65535 CTAs; {grid} is beyond")]
    GridTooLarge {
        /// The grid's dimensions.
        grid: Dim3,
    },
    /// A launch with a zero dimension: CUDA refuses it ("invalid
    /// configuration argument") rather than running nothing.
    #[error("a grid of {grid} CTAs of {block} threads has a zero dimension")]
    EmptyLaunch {
        /// The grid's dimensions.
        grid: Dim3,
        /// The CTA's dimensions.
        block: Dim3,
    },
    /// A launch asking each CTA for more shared memory than an H100 has.
    #[error("a CTA asks for {bytes} bytes of shared memory, more than the H100's {max} ({} KiB)", .max / 1024)]
    SharedTooLarge {
        /// The shared memory asked for.
        bytes: usize,
        /// The most a CTA may have.
        max: usize,
    },
    /// A launch whose worker threads could not be started.
    #[error("cannot start {workers} workers: {reason}")]
    Workers {
        /// How many were asked for.
        workers: usize,
        /// Why they could not start.
        reason: String,
    },
    /// Threads of a CTA that never ran, as no stack could be had for them.
    #[error("threads {}-{} did not run: {reason}", .threads.start, .threads.end - 1)]
    NotStarted {
        /// The threads (indices in the CTA).
        threads: Range<usize>,
        /// Why no stack could be had.
        reason: String,
    },
    /// Two accesses to the same memory by different warps, one a write,
    /// that no barrier or release/acquire orders ([`crate::check`]).
    #[error("{0}")]
    Race(Box<Race>),
    /// A read of shared or local memory no thread wrote ([`crate::check`]).
    #[error(
        "{space} address {address:#x} (+{size} bytes) is read before any thread wrote it ({space} memory is not zero at launch on a GPU)"
    )]
    Uninitialized {
        /// The memory.
        space: Space,
        /// The address (for shared memory, the offset in it).
        address: u64,
        /// How many bytes the read takes.
        size: u64,
    },
    /// A module's register read by a thread that never wrote it
    /// ([`crate::check`]).
    #[error(
        "register `{register}` is read before the thread wrote it (its value is undefined on a GPU)"
    )]
    UninitializedRegister {
        /// The register's name in the module.
        register: String,
    },
    /// An aligned barrier (`bar.sync`, `barrier.sync.aligned`) reached by
    /// part of a warp while other lanes of it, not exited, are elsewhere
    /// ([`crate::check`]).
    #[error(
        "`{instruction}` is reached by lanes {arrived:#010x} of warp {warp} while its lanes {missing:#010x}, not exited, are elsewhere: an aligned barrier must be reached by the whole warp"
    )]
    DivergentBarrier {
        /// The instruction's table key.
        instruction: &'static str,
        /// The warp, in its CTA.
        warp: u32,
        /// Its lanes at the barrier.
        arrived: u32,
        /// Its lanes, not exited, elsewhere.
        missing: u32,
    },
    /// A warp collective whose member mask names lanes that exited before
    /// it ran ([`crate::check`]): legal on sm_70 and later, which wait only
    /// for the mask's lanes that have not exited, but what a shuffle reads
    /// from an exited lane is undefined.
    #[error(
        "`{instruction}`'s member mask {membermask:#010x} names lanes {exited:#010x} of warp {warp}, which exited before it ran (what it reads from them is undefined)"
    )]
    CollectiveOverExited {
        /// The instruction's table key.
        instruction: &'static str,
        /// The warp, in its CTA.
        warp: u32,
        /// The member mask.
        membermask: u32,
        /// The mask's lanes that had exited.
        exited: u32,
    },
    /// An arrival at a barrier giving a thread count other than the one
    /// an earlier arrival of the same phase gave ([`crate::check`]): the
    /// PTX ISA requires every arrival to give the same count.
    #[error(
        "barrier {barrier} is reached with a thread count of {count} while an earlier arrival of the same phase gave {earlier}: every arrival must give the same count"
    )]
    BarrierCountsDiffer {
        /// The barrier.
        barrier: u32,
        /// The count an earlier arrival of the phase gave.
        earlier: u32,
        /// The count this arrival gave.
        count: u32,
    },
    /// A launch some thread of which did not finish.
    #[error("a thread did not finish")]
    Unfinished,
    /// A grid that makes no progress for `quiet`, every resident CTA
    /// having run: it cannot finish (a spin on a value no one will write,
    /// a grid barrier over more CTAs than the GPU holds at once). A kernel
    /// grid counts warp steps in which no thread exited and no global
    /// memory changed; a launch of closures of one CTA, `ptx!` statements
    /// (or seconds) in which no thread finished and no shared or global
    /// memory changed.
    #[error("the grid makes no progress: {quiet}; {}", .positions.join("; "))]
    Hang {
        /// How long it ran without progress.
        quiet: QuietSpan,
        /// Where each warp's lanes stand.
        positions: Vec<String>,
    },
    /// A launch of Rust closures in which no CTA finished and no global
    /// memory changed for `seconds`: the threads' next global access, or
    /// next wait on an mbarrier that is not complete, faults, so that
    /// threads spinning on a value no one writes stop.
    #[error(
        "no CTA finished and no global memory changed in {seconds} s: the launch is stuck (a spin on a value no one writes?)"
    )]
    Stalled {
        /// How long it waited.
        seconds: u64,
    },
    /// Lanes of a warp that meet at a warp collective disagree on it.
    #[error("`{instruction}`: {detail}")]
    Divergent {
        /// The instruction's table key.
        instruction: &'static str,
        /// How they disagree.
        detail: String,
    },
    /// `brx.idx` with an index past its list of targets.
    #[error("`brx.idx`: index {index} is past the list's {targets} targets")]
    BranchIndex {
        /// The index.
        index: u64,
        /// How many targets the list has.
        targets: usize,
    },
    /// An indirect `call` through an address that is no device function.
    #[error("`call`: {address:#x} is not the address of a device function of the module")]
    BadCallTarget {
        /// The address called.
        address: u64,
    },
    /// Calls nested past the simulator's limit (a GPU's stack overflows).
    #[error("`call`: calls nest more than {depth} deep")]
    CallDepth {
        /// The limit.
        depth: u32,
    },
    /// A failed `assert` (CUDA's `__assertfail`).
    #[error("{file}:{line}: assertion `{message}` failed")]
    Assert {
        /// The asserted expression.
        message: String,
        /// The source file.
        file: String,
        /// The line.
        line: u32,
    },
}

impl Fault {
    /// A fault for decoded modifiers or operands the checker should have
    /// excluded (see [`Fault::Malformed`]).
    pub(crate) fn malformed(
        instruction: impl Into<Option<&'static str>>,
        detail: impl Into<String>,
    ) -> Fault {
        Fault::Malformed {
            instruction: instruction.into(),
            detail: detail.into(),
        }
    }

    /// A fault for an instruction (or a form of one) the simulator does
    /// not model.
    pub(crate) fn not_simulated(instruction: impl Into<String>) -> Fault {
        Fault::NotSimulated {
            instruction: instruction.into(),
        }
    }

    /// The lane the fault names: the one whose access or operands were
    /// wrong (in a warp-wide access, every lane of the warp is told about
    /// it), if the fault is about one lane.
    ///
    /// ```
    /// use ptx_sim::fault::Fault;
    /// use ptx_sim::machine::spaces::Space;
    /// let f = Fault::Misaligned { instruction: "st", lane: Some(3), space: Space::Shared, address: 6, align: 4 };
    /// assert_eq!(f.lane(), Some(3));
    /// assert_eq!(f.to_string(), "st (lane 3): shared address 0x6 is not aligned to 4 bytes");
    /// ```
    pub fn lane(&self) -> Option<u32> {
        match self {
            Fault::Misaligned { lane, .. }
            | Fault::OutOfBounds { lane, .. }
            | Fault::Unmapped { lane, .. }
            | Fault::ReadOnly { lane, .. }
            | Fault::PoisonedBuffer { lane, .. }
            | Fault::ArrivalCount { lane, .. } => *lane,
            Fault::NotInMembermask { lane, .. }
            | Fault::NonUniformTile { lane, .. }
            | Fault::MisalignedTile { lane, .. } => Some(*lane),
            _ => None,
        }
    }

    /// The fault of lane `lane`'s access: names the lane in a fault of
    /// one access (a misaligned, out-of-bounds or read-only address), and
    /// leaves the others as they are.
    pub(crate) fn on_lane(mut self, lane_number: u32) -> Fault {
        if let Fault::Misaligned { lane, .. }
        | Fault::OutOfBounds { lane, .. }
        | Fault::Unmapped { lane, .. }
        | Fault::ReadOnly { lane, .. }
        | Fault::PoisonedBuffer { lane, .. }
        | Fault::ArrivalCount { lane, .. } = &mut self
        {
            *lane = Some(lane_number);
        }
        self
    }
}

/// How long a grid ran without progress ([`Fault::Hang`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietSpan {
    /// Warp steps of a kernel in which no thread exited and no global
    /// memory changed.
    WarpSteps(u64),
    /// `ptx!` statements of a launch of closures in which no thread
    /// finished and no shared or global memory changed.
    Statements(u64),
    /// Seconds of a launch of closures in which no thread finished and no
    /// shared or global memory changed ([`crate::machine::Launch::stall_after`]).
    Seconds(u64),
}

impl fmt::Display for QuietSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            QuietSpan::WarpSteps(n) => write!(
                f,
                "in {n} warp steps no thread exited and no global memory changed"
            ),
            QuietSpan::Statements(n) => write!(
                f,
                "in {n} `ptx!` statements no thread finished and no shared or global memory changed"
            ),
            QuietSpan::Seconds(n) => write!(
                f,
                "for {n} s no thread finished and no shared or global memory changed"
            ),
        }
    }
}

/// Threads of a deadlocked CTA that wait at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Where they wait.
    pub at: WaitSite,
    /// The threads (indices in the CTA, x fastest), in increasing order.
    pub threads: Vec<usize>,
}

/// Where a thread of a deadlocked CTA waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitSite {
    /// A warp collective (`shfl.sync`, `vote.sync`, `mma.sync`, ...).
    Collective {
        /// The instruction's table key.
        instruction: &'static str,
        /// The warp's index in the CTA.
        warp: usize,
        /// The member mask (`None`: `.aligned`, the whole warp).
        membermask: Option<u32>,
    },
    /// `activemask`.
    ActiveMask,
    /// A warp-wide memory access (`st`, `atom`, `red`, `ld.shared`).
    Access {
        /// The instruction's table key.
        instruction: &'static str,
    },
    /// A lane letting the others run (an `mbarrier.try_wait` that would
    /// block).
    Yield,
    /// The cluster barrier (`barrier.cluster.wait`).
    ClusterBarrier {
        /// The rank of the waiting threads' CTA in the cluster.
        rank: u32,
        /// How many threads of the cluster it waits for.
        expected: usize,
        /// How many arrived.
        arrived: usize,
    },
    /// A CTA barrier (`bar.sync`, `barrier`, `bar.red`).
    Barrier {
        /// The instruction's table key.
        instruction: &'static str,
        /// The barrier's number (0-15).
        barrier: u32,
        /// How many threads it waits for.
        expected: usize,
    },
}

impl fmt::Display for WaitSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WaitSite::Collective {
                instruction,
                warp,
                membermask: None,
            } => write!(
                f,
                "`{instruction}` (warp {warp}, membermask aligned: whole warp)"
            ),
            WaitSite::Collective {
                instruction,
                warp,
                membermask: Some(mask),
            } => write!(f, "`{instruction}` (warp {warp}, membermask {mask:#010x})"),
            WaitSite::ActiveMask => f.write_str("`activemask`"),
            WaitSite::Access { instruction } => write!(f, "`{instruction}`"),
            WaitSite::Yield => f.write_str("a yield"),
            WaitSite::Barrier {
                instruction,
                barrier,
                expected,
            } => write!(
                f,
                "`{instruction}` barrier {barrier} ({expected} threads expected)"
            ),
            WaitSite::ClusterBarrier {
                rank,
                expected,
                arrived,
            } => write!(
                f,
                "`barrier.cluster.wait` in the CTA of rank {rank} ({arrived} of {expected} threads of the cluster arrived)"
            ),
        }
    }
}

/// A fault and where it happened: the thread that met it (when it ran in
/// a launch) and the statement that faulted (when a statement did). What
/// [`crate::statement::Prepared::run`] returns (boxed), and what a
/// [`crate::machine::LaunchError`] lists.
///
/// ```
/// use ptx_sim::fault::{Fault, ThreadFault};
/// let f = ThreadFault {
///     thread: None,
///     statement: Some("bar.sync 16;".into()),
///     location: None,
///     fault: Fault::NoSuchBarrier { barrier: 16 },
/// };
/// assert_eq!(f.to_string(), "`bar.sync 16;`: barrier 16 does not exist (0-15)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{}{}{fault}", thread_of(.thread), location_of(.location), statement_of(.statement))]
pub struct ThreadFault {
    /// The thread that met the fault, in a launch.
    pub thread: Option<Thread>,
    /// The PTX statement that faulted (one instruction of a template), when
    /// the fault came from one.
    pub statement: Option<String>,
    /// Where in the Rust source the `ptx!` statement that faulted is, when
    /// one did (a module's statements name their PTX line in `statement`).
    pub location: Option<&'static Location<'static>>,
    /// What went wrong.
    pub fault: Fault,
}

impl From<Box<ThreadFault>> for ThreadFault {
    fn from(fault: Box<ThreadFault>) -> ThreadFault {
        *fault
    }
}

impl From<Fault> for ThreadFault {
    fn from(fault: Fault) -> ThreadFault {
        ThreadFault {
            thread: None,
            statement: None,
            location: None,
            fault,
        }
    }
}

/// "s" after a count other than one.
fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `ld` or `ld (lane 3)`: the access, naming the lane when known.
fn by(instruction: &&'static str, lane: &Option<u32>) -> impl fmt::Display {
    let (instruction, lane) = (*instruction, *lane);
    show(move |f| match lane {
        Some(lane) => write!(f, "{instruction} (lane {lane})"),
        None => f.write_str(instruction),
    })
}

/// How an access ending at `reach` runs out of the memory of `space` that
/// spans `bounds` (buffer `buffer` of the space, for buffers).
fn beyond(space: Space, bounds: &Range<u64>, buffer: Option<u16>, reach: u64) -> impl fmt::Display {
    let Range { start, end } = *bounds;
    show(move |f| match space {
        Space::Shared => write!(f, "is outside the CTA's {end} bytes of shared memory"),
        Space::Local => write!(f, "is past the {end} bytes of a thread's local memory"),
        _ => {
            let span = BufferSpan {
                index: buffer.map(usize::from),
                addresses: start..end,
            };
            write!(
                f,
                "runs {} bytes past the end of {span}",
                reach.saturating_sub(end)
            )
        }
    })
}

/// `: 4 bytes past the end of buffer 1 (64 bytes at 0x7f0000000100)`: where
/// an address in no buffer lies, from the buffer that ends closest below it.
fn nearest_of(nearest: &Option<Box<BufferSpan>>, address: u64) -> impl fmt::Display + '_ {
    show(move |f| match nearest {
        Some(span) => write!(
            f,
            ": {} bytes past the end of {span}",
            address - span.addresses.end
        ),
        None => Ok(()),
    })
}

/// One buffer of a launch, as a fault names it: its number and addresses.
///
/// ```
/// use ptx_sim::fault::BufferSpan;
/// let span = BufferSpan { index: Some(1), addresses: 0x100..0x140 };
/// assert_eq!(span.to_string(), "buffer 1 (64 bytes at 0x100)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpan {
    /// Its number among its space's buffers, in the order the launch
    /// registered them, when known.
    pub index: Option<usize>,
    /// Its addresses.
    pub addresses: Range<u64>,
}

impl fmt::Display for BufferSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Range { start, end } = self.addresses;
        match self.index {
            Some(i) => write!(f, "buffer {i} ({} bytes at {start:#x})", end - start),
            None => write!(f, "its buffer ({} bytes at {start:#x})", end - start),
        }
    }
}

/// Why an address of `space` in none of its buffers is in none, and what
/// gives it some.
fn in_no_buffer(space: Space) -> &'static str {
    match space {
        Space::Constant => {
            "is in no constant buffer of the launch (`Launch::constant` registers them)"
        }
        Space::Param => "is past the kernel's parameters (`Launch::params` registers them)",
        _ => "is in no buffer of the launch",
    }
}

/// Why a store to `address` in read-only `space` fails, and what to do.
fn read_only(space: Space, address: u64) -> impl fmt::Display {
    show(move |f| match space {
        Space::Param => write!(
            f,
            "kernel parameters are read-only: {address:#x} is a kernel-parameter address (where `Launch::params` puts them), and `st.param` stores only to a device function's own parameters (.param::func), which a ptx! statement, running in the kernel itself, does not have; keep the value in a register, or in .local or .global memory"
        ),
        _ => write!(
            f,
            "constant memory is read-only: {address:#x} is a constant-space address (where `Launch::constant` puts its buffers); store to a global buffer (`Launch::global`) instead"
        ),
    })
}

/// ` on constant memory`: the memory an instruction outside a launch needs.
fn on_memory(memory: &Option<Space>) -> &'static str {
    match memory {
        None => "",
        Some(Space::Shared) => " on shared memory",
        Some(Space::Local) => " on local memory",
        Some(Space::Global) => " on global memory",
        Some(Space::Constant) => " on constant memory",
        Some(Space::Param) => " on kernel parameters",
    }
}

/// `(0, 0, 0)`.
pub(crate) fn cta_id(cta: &[u32; 3]) -> impl fmt::Display {
    let [x, y, z] = *cta;
    show(move |f| write!(f, "({x}, {y}, {z})"))
}

/// ` threads 0-31 wait at ...; threads 32-63 have exited`.
fn listing<'a>(waiting: &'a [Waiting], exited: &'a [usize]) -> impl fmt::Display + 'a {
    show(move |f| {
        for w in waiting {
            write!(f, " threads {} wait at {};", Ranges(&w.threads), w.at)?;
        }
        if exited.is_empty() {
            f.write_str(" no thread has exited")
        } else {
            write!(f, " threads {} have exited", Ranges(exited))
        }
    })
}

/// `` `mma` ``: the instruction a malformed one is, when known.
fn named(instruction: &Option<&'static str>) -> impl fmt::Display {
    let instruction = *instruction;
    show(move |f| match instruction {
        Some(i) => write!(f, "`{i}`: "),
        None => Ok(()),
    })
}

/// `thread (40, 0, 0) of CTA (0, 0, 0): `, when the thread is known.
fn thread_of(thread: &Option<Thread>) -> impl fmt::Display {
    let thread = *thread;
    show(move |f| match thread {
        Some(t) => write!(f, "thread {} of CTA {}: ", cta_id(&t.tid), cta_id(&t.ctaid)),
        None => Ok(()),
    })
}

/// `` `bar.sync 0;`: ``, when the statement is known.
fn statement_of(statement: &Option<String>) -> impl fmt::Display + '_ {
    show(move |f| match statement {
        Some(s) => write!(f, "{}: ", quoted(s)),
        None => Ok(()),
    })
}

/// `` `bar.sync 0;` ``: a statement in backticks, unless its text comes
/// quoted (a module's, `` `bar.sync 0;` (line 12) ``).
pub(crate) fn quoted(statement: &str) -> impl fmt::Display + '_ {
    show(move |f| {
        if statement.starts_with('`') {
            f.write_str(statement)
        } else {
            write!(f, "`{statement}`")
        }
    })
}

/// `src/lib.rs:7:17: `, when the Rust source line is known.
fn location_of(location: &Option<&'static Location<'static>>) -> impl fmt::Display {
    let location = *location;
    show(move |f| match location {
        Some(l) => write!(f, "{}:{}:{}: ", l.file(), l.line(), l.column()),
        None => Ok(()),
    })
}

/// Thread numbers as ranges: `0-15, 17, 20-31`.
struct Ranges<'a>(&'a [usize]);

impl fmt::Display for Ranges<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        let mut i = 0;
        while i < v.len() {
            let mut j = i;
            while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
                j += 1;
            }
            if i > 0 {
                f.write_str(", ")?;
            }
            if i == j {
                write!(f, "{}", v[i])?;
            } else {
                write!(f, "{}-{}", v[i], v[j])?;
            }
            i = j + 1;
        }
        Ok(())
    }
}

/// A piece of a fault's text, written by `write`.
fn show(write: impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result) -> impl fmt::Display {
    Show(write)
}

/// A closure that writes a piece of a fault's text.
struct Show<F>(F);

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Show<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// Which memory an access reaches, as its faults name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// `.shared`: the CTA's shared memory.
    Shared,
    /// `.local`: the thread's local memory.
    Local,
    /// `.global`: the launch's global buffers.
    Global,
    /// `.const`: the launch's constant buffers.
    Constant,
    /// `.param`: the kernel's parameters.
    Param,
}

impl Space {
    /// The memory's name in faults.
    pub fn name(self) -> &'static str {
        match self {
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Global => "global",
            Space::Constant => "constant",
            Space::Param => "param",
        }
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The order two conflicting accesses came in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hazard {
    /// A read of bytes another warp wrote, unordered after the write.
    ReadAfterWrite,
    /// A write of bytes another warp read, unordered after the read.
    WriteAfterRead,
    /// A write of bytes another warp wrote, unordered after that write.
    WriteAfterWrite,
}

impl fmt::Display for Hazard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hazard::ReadAfterWrite => "read after write",
            Hazard::WriteAfterRead => "write after read",
            Hazard::WriteAfterWrite => "write after write",
        })
    }
}

/// One side of a finding: who accessed, with what statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// The thread.
    pub thread: Thread,
    /// Whether it wrote (else it read).
    pub write: bool,
    /// The statement: a module's, with its line, or a `ptx!` statement's
    /// text.
    pub statement: Option<String>,
    /// The Rust source line of the `ptx!` statement, for a closure launch.
    pub location: Option<&'static Location<'static>>,
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.thread;
        let verb = if self.write { "wrote" } else { "read" };
        write!(
            f,
            "thread {} of CTA {} {verb}",
            cta_id(&t.tid),
            cta_id(&t.ctaid)
        )?;
        if let Some(l) = self.location {
            write!(f, " at {}:{}:{}", l.file(), l.line(), l.column())?;
        }
        if let Some(s) = &self.statement {
            write!(f, " in {}", quoted(s))?;
        }
        Ok(())
    }
}

/// A race the sanitizer ([`crate::check`]) found, as [`Fault::Race`]
/// carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    /// The order of the two accesses.
    pub hazard: Hazard,
    /// The memory.
    pub space: Space,
    /// The first byte both touched (for shared memory, the offset in it).
    pub address: u64,
    /// The earlier access, then the later one.
    pub accesses: [Access; 2],
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [earlier, later] = &self.accesses;
        let (a, b) = (&earlier.thread, &later.thread);
        let between = if a.ctaid == b.ctaid && a.warp == b.warp {
            "no `bar.warp.sync` or other synchronisation of the warp"
        } else {
            "no barrier or release/acquire"
        };
        write!(
            f,
            "race ({}) on {} address {:#x}: {later}, and {earlier}, with {between} between them",
            self.hazard, self.space, self.address
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_ranges_run_together() {
        assert_eq!(
            Ranges(&[0, 1, 2, 3, 17, 20, 21]).to_string(),
            "0-3, 17, 20-21"
        );
    }

    #[test]
    fn a_deadlock_lists_who_waits_where_and_who_has_exited() {
        let f = Fault::Deadlock {
            cta: [1, 0, 0],
            waiting: vec![Waiting {
                at: WaitSite::Barrier {
                    instruction: "bar",
                    barrier: 0,
                    expected: 64,
                },
                threads: (0..32).collect(),
            }],
            exited: (32..64).collect(),
        };
        assert_eq!(
            f.to_string(),
            "deadlock in CTA (1, 0, 0): threads 0-31 wait at `bar` barrier 0 \
             (64 threads expected); threads 32-63 have exited"
        );
    }

    /// A fault travels in every semantic function's result: it stays a
    /// few words.
    #[test]
    fn a_fault_is_small() {
        assert!(
            std::mem::size_of::<Fault>() <= 64,
            "{}",
            std::mem::size_of::<Fault>()
        );
    }
}
