//! A warp's state: its lanes' registers, program counters, call frames
//! and what each waits for ([`Warp`]), shared by the files that step it.

use super::divergence::Divergences;
use crate::fault::Fault;
use crate::kernel::code::Layout;
use crate::memory::in_flight::InFlight;
use crate::thread::Thread;
use std::sync::Arc;

/// No frame (the entry's caller).
pub(super) const NONE: u32 = u32::MAX;

/// One call frame of a warp: the function, where its registers and local
/// memory start, and where it returns to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub function: u32,
    /// Its first register's index in the warp's register arena (each
    /// register takes 32 words, one per lane).
    pub reg_base: u32,
    /// Where its part of each lane's local memory starts.
    pub local_base: u64,
    /// The calling frame, or [`NONE`].
    pub caller: u32,
    /// The caller's `call` step.
    pub call_pc: u32,
    /// How many frames enclose it (the entry's is 0).
    pub depth: u32,
    /// The lanes whose calls reach it.
    pub users: u32,
}

/// Why a warp's turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// No lane is ready: all exited or wait.
    Idle,
    /// The turn's budget is spent; lanes are still ready.
    Budget,
    /// A lane asked to let the others run (`mbarrier.try_wait` that failed).
    Yield,
}

/// Where a lane of the warp waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Waiting {
    /// At a CTA barrier.
    Barrier,
    /// At a warp collective, for members that are not there.
    Collective,
    /// At `barrier.cluster.wait`, for the cluster's other threads.
    ClusterBarrier,
}

/// A lane fault: the lane, and what went wrong at which step.
#[derive(Debug)]
pub(crate) struct LaneFault {
    pub lane: u32,
    pub function: u32,
    pub pc: u32,
    pub fault: Fault,
}

/// One warp of a CTA.
pub(crate) struct Warp {
    /// Its index in the CTA.
    pub index: u32,
    /// The lanes that exist (the last warp of a CTA may be partial).
    pub present: u32,
    /// Lanes that have exited.
    pub exited: u32,
    /// Lanes that may run (not exited, not waiting).
    pub ready: u32,
    /// Lanes waiting at a barrier or collective, and where.
    pub waiting: u32,
    pub wait_kind: [Option<Waiting>; 32],
    /// Each lane's program counter and frame (for the running group, the
    /// group's are in `gpc` and `gframe`).
    pub pc: [u32; 32],
    pub frame: [u32; 32],
    /// The registers of every frame: register `r` of lane `l` in a frame
    /// with base `b` is `regs[(b + r) * 32 + l]`.
    pub regs: Vec<u64>,
    /// For the uninitialised-read check, the lanes that wrote each register
    /// of `regs` (bit `l`: lane `l`); empty unless [`Warp::track_registers`].
    pub(super) written: Vec<u32>,
    pub(super) track_registers: bool,
    pub frames: Vec<Frame>,
    /// Frames no lane uses any more, freed once those above them are.
    pub(super) dead: Vec<bool>,
    /// Per function of the module, its layout and join points ([`Layout`]).
    pub(super) layouts: Arc<[Layout]>,
    /// The open divergences: the lanes they hold back, and where their
    /// paths meet again.
    pub(super) divergences: Divergences,
    /// Where the running group joins the other path of its divergence
    /// ([`NO_JOIN`]: nowhere in its frame).
    pub(super) join_pc: u32,
    /// Each lane's carry flag (bit `l`).
    pub carry: u32,
    /// Each lane's local memory.
    pub locals: Vec<Vec<u8>>,
    /// Each lane's asynchronous copies in flight.
    pub in_flight: Vec<InFlight>,
    /// Who each lane is.
    pub threads: [Thread; 32],
    /// Steps the warp has run.
    pub clock: u64,
    /// The cycles that passed while its CTA spun without progress (see
    /// `crate::kernel::cta`'s `QUIET_TIME`): with `clock`, what `%clock`
    /// reads.
    pub waited: u64,
    /// Instructions its threads have run (a step of a group of n lanes is n).
    pub thread_steps: u64,
    /// The running group, its program counter and frame.
    pub(super) group: u32,
    pub(super) gpc: u32,
    pub(super) gframe: u32,
    /// The lowest layout rank of the ready lanes outside the group in its
    /// frame (`u32::MAX`: none): where the group stops to take them in.
    pub(super) other_min: u32,
    /// Backward branches the group `spinner` took, other lanes ready.
    pub(super) spins: u32,
    pub(super) spinner: u32,
}
