//! Faults of a launch: one that could not start (a CTA too large, a
//! zero dimension, too much shared memory, a cluster shape the GPU
//! refuses, workers or stacks that could not be had), one that did not
//! end (a hang, a stall, an unfinished thread), and an instruction that
//! needs a launch run outside any.

use crate::thread::Dim3;
use ptx_core::StateSpace;
use std::fmt;
use std::ops::Range;

/// Why a launch could not start or could not finish, or why an
/// instruction that needs one ran outside any.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LaunchFault {
    /// An instruction that needs the launch it runs in (its memory, or
    /// the other threads of its CTA) run outside any.
    #[error("`{instruction}`{} needs a launch", on_memory(.memory))]
    NeedsLaunch {
        /// The instruction's table key.
        instruction: &'static str,
        /// The memory it needs, if that is what it needs.
        memory: Option<StateSpace>,
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
    /// A launch whose cluster shape the GPU refuses: a grid that is not a
    /// whole number of clusters, a cluster of more than 16 CTAs, a shape
    /// other than the kernel's `.reqnctapercluster`.
    #[error("cluster shape: {detail}")]
    BadCluster {
        /// What is wrong.
        detail: String,
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
    /// A cooperative launch (`cuLaunchCooperativeKernel`) of more CTAs
    /// than the H100 holds at once: its grid barrier could never finish,
    /// so CUDA refuses it (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`).
    #[error(
        "a cooperative grid of {ctas} CTAs is more than the H100 holds at once ({most} of these: 132 SMs × {})",
        .most / 132
    )]
    CooperativeTooLarge {
        /// The CTAs of the grid.
        ctas: usize,
        /// The most the H100 holds at once, CTAs of this shape and shared
        /// memory.
        most: usize,
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
    /// A launch some thread of which did not finish.
    #[error("a thread did not finish")]
    Unfinished,
    /// A grid that makes no progress for `quiet`, every resident CTA
    /// having run: it cannot finish (a spin on a value no one will write,
    /// a grid barrier over more CTAs than the GPU holds at once). The
    /// engine's grid (`crate::engine::grid`) counts a module's warp steps,
    /// or a launch of closures' `ptx!` statements (or seconds), in which
    /// no thread finished and no memory changed.
    #[error("the grid makes no progress: {quiet}; {}", .positions.join("; "))]
    Hang {
        /// How long it ran without progress.
        quiet: QuietSpan,
        /// Where each warp's lanes stand.
        positions: Vec<String>,
    },
}

/// ` on constant memory`: the memory an instruction outside a launch needs.
fn on_memory(memory: &Option<StateSpace>) -> &'static str {
    match memory {
        None => "",
        Some(StateSpace::Shared(_)) => " on shared memory",
        Some(StateSpace::Local) => " on local memory",
        Some(StateSpace::Global) => " on global memory",
        Some(StateSpace::Const) => " on constant memory",
        Some(StateSpace::Param(_)) => " on kernel parameters",
        Some(StateSpace::Reg | StateSpace::Sreg | StateSpace::Tex) => " on memory",
    }
}

/// How long a grid ran without progress ([`LaunchFault::Hang`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietSpan {
    /// Warp steps of a kernel in which no thread exited, no global memory
    /// changed, and no CTA's registers or shared memory changed from one
    /// slice to the next.
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
                "in {n} warp steps no thread exited, no global memory changed, and no CTA's registers or shared memory changed"
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
