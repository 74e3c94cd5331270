//! The lane handle: what a semantic function is given besides its
//! modifiers and operand slots, by the engine that runs it.
//!
//! - A warp's semantic function ([`WarpFn`]) gets a [`WarpCall`]: every
//!   member lane's slots, the memories the warp reaches and the launch's
//!   bank counts. Both front-ends build it from their own state.
//! - An instruction that needs its thread's machine (memory, barriers, a
//!   warp's rendezvous, the carry flag) gets a [`Lane`]: the handle of the
//!   thread that runs it. The closure front-end implements it for the
//!   running lane of a `ptx!` statement ([`crate::machine::run`]);
//!   [`Outside`] is a thread outside any launch, as a unit test or a doc
//!   example runs one.
//!
//! Nothing here looks anything up in a thread-local: the engines hand in
//! what they hold, so the semantic functions above are functions of their
//! arguments.

pub mod call;
pub mod launch_memory;

pub use call::{Memories, WarpCall, WarpFn, WarpMemories};
pub use launch_memory::LaunchMemory;

use crate::exec::SemResult;
use crate::fault::{Fault, LaunchFault};
use crate::memory::in_flight::InFlight;
use crate::thread::Thread;
use ptx_core::{Mods, Semantics};

/// What a lane waits for at a rendezvous (see [`Lane::rendezvous`]).
#[derive(Clone, Copy)]
pub enum WaitKind {
    /// A warp collective over `mask` (`None`: `.aligned`, the whole warp).
    Warp {
        /// The warp side.
        run: WarpFn,
        /// The member mask.
        mask: Option<u32>,
    },
    /// `bar.sync`/`bar.red` on barrier `id`, for `count` threads (`None`: all).
    Barrier {
        /// The barrier, 0-15.
        id: u32,
        /// The threads it waits for.
        count: Option<u32>,
    },
    /// `activemask`: answered with the set of lanes of the warp waiting at it.
    Active,
    /// A warp-wide memory access (`st`, `atom`, `red`): the lanes of the
    /// warp waiting at the same instruction run `run` together, so that
    /// colliding accesses resolve in the order the hardware serialises them.
    Converged {
        /// The warp side.
        run: WarpFn,
    },
    /// A lane that lets the others run (`mbarrier.try_wait` that would block).
    Yield,
    /// `barrier.cluster.wait` for a phase not yet complete: the cluster
    /// answers it when the phase completes.
    Cluster,
}

/// The thread that runs an instruction, as its semantic function reaches
/// it: who it is, its carry flag, the memories it reaches, and the
/// rendezvous where it meets the other lanes of its warp and CTA.
///
/// Each method that needs a launch answers `None` (or a fault naming the
/// instruction) outside one; the semantic function turns that into
/// [`LaunchFault::NeedsLaunch`].
///
/// ```
/// use ptx_core::{Mods, Semantics, Target, check_asm};
/// use ptx_sim::lane::Outside;
/// use ptx_sim::sem::run;
/// let mods = |asm: &str| {
///     let checked = check_asm(asm, &["=r", "r", "r"], Target::default()).unwrap();
///     Mods::from_bound(&checked.instructions[0].bound)
/// };
/// // `add.cc.u32` then `addc.u32`: the carry goes from one to the next
/// // through the thread's flag.
/// let mut thread = Outside::default();
/// let mut s = [0, u64::from(u32::MAX), 1];
/// run(&mut thread, Semantics::AddCc, &mods("add.cc.u32 %0, %1, %2;"), &mut s).unwrap();
/// // A `.u32` destination keeps the low 32 bits of its slot.
/// assert_eq!((s[0] as u32, thread.carry), (0, true));
/// let mut s = [0, 2, 3];
/// run(&mut thread, Semantics::Addc, &mods("addc.u32 %0, %1, %2;"), &mut s).unwrap();
/// assert_eq!(s[0] as u32, 6); // 2 + 3 + the carry
/// // A warp collective has no warp to meet outside a launch.
/// let mut s = [0, 1, 0, 0x1f, u64::from(u32::MAX)];
/// let shfl = mods("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;");
/// assert!(run(&mut thread, Semantics::ShflSync, &shfl, &mut s).is_err());
/// ```
pub trait Lane {
    /// Who the thread is; `None` outside a launch.
    fn thread(&self) -> Option<Thread>;

    /// Runs `f` with the thread's carry flag (`CC.CF`), keeping what `f`
    /// leaves in it.
    fn with_carry<R>(&mut self, f: impl FnOnce(&mut bool) -> R) -> R;

    /// Deposits `s` at the rendezvous `kind` of instruction `sem` (with
    /// modifiers `m`), waits until it is answered, and leaves the answer
    /// (the lane's slots after the warp side ran) in `s`.
    fn rendezvous(&mut self, sem: Semantics, m: &Mods, kind: WaitKind, s: &mut [u64]) -> SemResult;

    /// Runs `f` on what the thread's own access reaches: its launch's
    /// memory and, for an access to `.local` memory (`local`), its local
    /// memory (no shared memory: the lanes of a warp reach that together,
    /// at a rendezvous). Outside a launch, neither.
    fn with_own_memories<R>(&mut self, local: bool, f: impl FnOnce(&mut Memories<'_>) -> R) -> R;

    /// Runs `f` on the memories of the thread's CTA: its shared memory,
    /// its cluster's and its launch's; `None` outside a launch.
    fn with_cta_memories<R>(&mut self, f: impl FnOnce(&mut Memories<'_>) -> R) -> Option<R>;

    /// Runs `f` on the thread's asynchronous copies in flight and every
    /// memory it reaches, for an asynchronous instruction; `unseen`: it
    /// writes shared memory where the sanitizer's shadow does not see.
    /// The copies still in flight when the thread's code ends complete
    /// then. `None` outside a launch.
    fn with_copies<R>(
        &mut self,
        unseen: bool,
        f: impl FnOnce(&mut InFlight, &mut Memories<'_>) -> R,
    ) -> Option<R>;

    /// `bar.arrive` on CTA barrier `id`: the thread arrives without
    /// waiting. `None` outside a launch.
    fn barrier_arrive(&mut self, id: u32) -> Option<()>;

    /// `barrier.cluster.arrive`. `None` outside a launch.
    fn cluster_arrive(&mut self) -> Option<SemResult>;

    /// `barrier.cluster.wait` (with modifiers `m`): returns once the phase
    /// the thread arrived in has completed. `None` outside a launch.
    fn cluster_wait(&mut self, m: &Mods) -> Option<SemResult>;
}

/// A thread outside any launch: its own carry flag, no memory but what an
/// instruction names itself, no other lane to meet.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outside {
    /// The carry flag.
    pub carry: bool,
}

impl Lane for Outside {
    fn thread(&self) -> Option<Thread> {
        None
    }

    fn with_carry<R>(&mut self, f: impl FnOnce(&mut bool) -> R) -> R {
        f(&mut self.carry)
    }

    fn rendezvous(&mut self, sem: Semantics, _: &Mods, _: WaitKind, _: &mut [u64]) -> SemResult {
        Err(Fault::Launch(LaunchFault::CollectiveOutsideLaunch {
            instruction: sem.key(),
        }))
    }

    fn with_own_memories<R>(&mut self, _: bool, f: impl FnOnce(&mut Memories<'_>) -> R) -> R {
        f(&mut Memories::alone(&mut []))
    }

    fn with_cta_memories<R>(&mut self, _: impl FnOnce(&mut Memories<'_>) -> R) -> Option<R> {
        None
    }

    fn with_copies<R>(
        &mut self,
        _: bool,
        _: impl FnOnce(&mut InFlight, &mut Memories<'_>) -> R,
    ) -> Option<R> {
        None
    }

    fn barrier_arrive(&mut self, _: u32) -> Option<()> {
        None
    }

    fn cluster_arrive(&mut self) -> Option<SemResult> {
        None
    }

    fn cluster_wait(&mut self, _: &Mods) -> Option<SemResult> {
        None
    }
}
