//! What the sanitizer ([`crate::check`]) reports: a race between warps
//! (with the two accesses and the order they came in), a read of memory
//! or of a register no thread wrote, an aligned barrier reached by part
//! of a warp, arrivals at a barrier that give different counts, a
//! collective whose member mask names lanes that have exited. A launch
//! without checks runs through these as a GPU would.

use super::{cta_id, memory, quoted};
use crate::thread::Thread;
use ptx_core::StateSpace;
use std::fmt;
use std::panic::Location;

/// A finding of the sanitizer ([`crate::check`]): code that a GPU runs,
/// but whose result is undefined or depends on the schedule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Finding {
    /// Two accesses to the same memory by different warps, one a write,
    /// that no barrier or release/acquire orders ([`crate::check`]).
    #[error("{0}")]
    Race(Box<Race>),
    /// A read of shared or local memory no thread wrote, or of global
    /// memory a kernel's `malloc` gave and no thread wrote since
    /// ([`crate::check`]).
    #[error(
        "{memory} address {address:#x} (+{size} bytes) is read before any thread wrote it ({memory} memory {})",
        if matches!(.space, StateSpace::Global) { "that malloc gave is not zeroed on a GPU" } else { "is not zero at launch on a GPU" },
        memory = memory(*.space)
    )]
    Uninitialized {
        /// The memory.
        space: StateSpace,
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

/// A race the sanitizer ([`crate::check`]) found, as [`Finding::Race`]
/// carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    /// The order of the two accesses.
    pub hazard: Hazard,
    /// The memory.
    pub space: StateSpace,
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
            self.hazard,
            memory(self.space),
            self.address
        )
    }
}
