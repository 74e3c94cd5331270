//! What goes wrong when the simulator runs PTX, as values a caller can
//! match: a [`Fault`] says what went wrong, with its data (the lane, the
//! address, the size, the bounds) as fields; a [`ThreadFault`] adds where
//! it happened: the thread of a launch and the statement it ran.
//!
//! A [`Fault`] is one of five kinds, each an enum of its own file:
//!
//! - [`MemoryFault`] (`memory.rs`): an access the memory does not allow
//!   (misaligned, out of bounds, in no buffer, a store to read-only
//!   memory), an address not where its instruction needs it, a state
//!   space the simulator does not model.
//! - [`LaunchFault`] (`launch.rs`): a launch that could not start (its
//!   shape, its shared memory, its workers) or did not end (a hang, a
//!   stall), and an instruction that needs a launch run outside any.
//! - [`ProgramFault`] (`program.rs`): what the program itself asked for
//!   or cannot do (`trap`, `exit`, `brkpt`, a failed `assert`, a bad
//!   operand, a call nested too deep), and what the simulator does not
//!   model (an instruction it does not simulate, a malformed one).
//! - [`SyncFault`] (`sync.rs`): threads that could not meet (a deadlock,
//!   a barrier that does not exist, a member mask that leaves out its own
//!   lane, lanes that disagree at a collective).
//! - [`Finding`] (`finding.rs`): what the sanitizer ([`crate::check`])
//!   reports: a race ([`Race`], of two [`Access`]es in a [`Hazard`]'s
//!   order), an uninitialised read, a barrier misused.
//!
//! Memory is named by `ptx_core`'s [`StateSpace`]; the texts name it as
//! the simulator always has ("shared", "local", "global", "constant",
//! "param"). Every text (`Display`) is what the simulator has always
//! printed: a test or a user reading them sees the same words.

mod finding;
mod launch;
mod launch_error;
mod memory;
mod program;
mod sync;

pub use finding::{Access, Finding, Hazard, Race};
pub use launch::{LaunchFault, QuietSpan};
pub use launch_error::LaunchError;
pub use memory::{BadFree, BufferSpan, MemoryFault};
pub use program::ProgramFault;
pub use sync::{SyncFault, WaitSite, Waiting};

use crate::thread::Thread;
use ptx_core::StateSpace;
use std::fmt;
use std::panic::Location;

/// Why an instruction, a thread or a launch could not go on.
///
/// A caller tells one kind from another by matching, and reads the data
/// from the fields. An `ld.shared` past the end of a CTA's 64 bytes of
/// shared memory:
///
/// ```
/// use ptx_core::{AsmOperand, SharedScope, StateSpace, Target, check_asm, lower};
/// use ptx_sim::fault::{Fault, MemoryFault};
/// use ptx_sim::statement::Prepared;
/// use ptx_sim::machine::Launch;
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
///     Fault::Memory(MemoryFault::OutOfBounds { lane, space, address, size, bounds, .. }) => {
///         let shared = StateSpace::Shared(SharedScope::Cta);
///         assert_eq!((lane, space, address, size, bounds), (Some(16), shared, 64, 4, 0..64));
///     }
///     other => panic!("not an out-of-bounds access: {other}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Fault {
    /// An access or address its memory does not allow.
    #[error(transparent)]
    Memory(MemoryFault),
    /// A launch that could not start or end, or an instruction that needs
    /// one run outside any.
    #[error(transparent)]
    Launch(LaunchFault),
    /// What the program asked for or cannot do, or what the simulator
    /// does not model.
    #[error(transparent)]
    Program(ProgramFault),
    /// Threads that could not meet at a barrier or collective.
    #[error(transparent)]
    Sync(SyncFault),
    /// What the sanitizer ([`crate::check`]) reports.
    #[error(transparent)]
    Finding(Finding),
}

impl From<MemoryFault> for Fault {
    fn from(fault: MemoryFault) -> Fault {
        Fault::Memory(fault)
    }
}

impl From<LaunchFault> for Fault {
    fn from(fault: LaunchFault) -> Fault {
        Fault::Launch(fault)
    }
}

impl From<ProgramFault> for Fault {
    fn from(fault: ProgramFault) -> Fault {
        Fault::Program(fault)
    }
}

impl From<SyncFault> for Fault {
    fn from(fault: SyncFault) -> Fault {
        Fault::Sync(fault)
    }
}

impl From<Finding> for Fault {
    fn from(fault: Finding) -> Fault {
        Fault::Finding(fault)
    }
}

impl Fault {
    /// A fault for decoded modifiers or operands the checker should have
    /// excluded (see [`ProgramFault::Malformed`]).
    pub(crate) fn malformed(
        instruction: impl Into<Option<&'static str>>,
        detail: impl Into<String>,
    ) -> Fault {
        Fault::Program(ProgramFault::Malformed {
            instruction: instruction.into(),
            detail: detail.into(),
        })
    }

    /// A fault for `instruction`, which needs a launch (its `memory`, if
    /// it names one) and runs outside one.
    pub(crate) fn needs_launch(instruction: &'static str, memory: Option<StateSpace>) -> Fault {
        Fault::Launch(LaunchFault::NeedsLaunch {
            instruction,
            memory,
        })
    }

    /// A fault for an instruction (or a form of one) the simulator does
    /// not model.
    pub(crate) fn not_simulated(instruction: impl Into<String>) -> Fault {
        Fault::Program(ProgramFault::NotSimulated {
            instruction: instruction.into(),
        })
    }

    /// The lane the fault names: the one whose access or operands were
    /// wrong (in a warp-wide access, every lane of the warp is told about
    /// it), if the fault is about one lane.
    ///
    /// ```
    /// use ptx_core::{SharedScope, StateSpace};
    /// use ptx_sim::fault::{Fault, MemoryFault};
    /// let shared = StateSpace::Shared(SharedScope::Cta);
    /// let f = Fault::from(MemoryFault::Misaligned { instruction: "st", lane: Some(3), space: shared, address: 6, align: 4 });
    /// assert_eq!(f.lane(), Some(3));
    /// assert_eq!(f.to_string(), "st (lane 3): shared address 0x6 is not aligned to 4 bytes");
    /// ```
    pub fn lane(&self) -> Option<u32> {
        match self {
            Fault::Memory(f) => f.lane(),
            Fault::Sync(f) => f.lane(),
            _ => None,
        }
    }

    /// The fault of lane `lane`'s access: names the lane in a fault of
    /// one access (a misaligned, out-of-bounds or read-only address, an
    /// mbarrier count out of range), and leaves the others as they are.
    pub(crate) fn on_lane(self, lane_number: u32) -> Fault {
        match self {
            Fault::Memory(f) => Fault::Memory(f.on_lane(lane_number)),
            Fault::Sync(f) => Fault::Sync(f.on_lane(lane_number)),
            other => other,
        }
    }
}

/// A fault and where it happened: the thread that met it (when it ran in
/// a launch) and the statement that faulted (when a statement did). What
/// [`crate::statement::Prepared::run`] returns (boxed), and what a
/// [`crate::machine::LaunchError`] lists.
///
/// ```
/// use ptx_sim::fault::{SyncFault, ThreadFault};
/// let f = ThreadFault {
///     thread: None,
///     statement: Some("bar.sync 16;".into()),
///     location: None,
///     fault: SyncFault::NoSuchBarrier { barrier: 16 }.into(),
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

/// How a fault's text names the memory of `space`: `shared`, `local`,
/// `global`, `constant`, `param` (not [`StateSpace`]'s own `.shared::cta`,
/// `.const`, `.param::entry`).
fn memory(space: StateSpace) -> &'static str {
    match space {
        StateSpace::Shared(_) => "shared",
        StateSpace::Const => "constant",
        StateSpace::Param(_) => "param",
        other => other.name(),
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

/// `(0, 0, 0)`.
pub(crate) fn cta_id(cta: &[u32; 3]) -> impl fmt::Display {
    let [x, y, z] = *cta;
    show(move |f| write!(f, "({x}, {y}, {z})"))
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
        let f = Fault::from(SyncFault::Deadlock {
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
        });
        assert_eq!(
            f.to_string(),
            "deadlock in CTA (1, 0, 0): threads 0-31 wait at `bar` barrier 0 \
             (64 threads expected); threads 32-63 have exited"
        );
    }

    /// A fault travels in every semantic function's result: it stays a
    /// few words. Nine: the largest kinds (an out-of-bounds access, a
    /// deadlock) take eight, and which kind it is one more.
    #[test]
    fn a_fault_is_small() {
        assert!(
            std::mem::size_of::<Fault>() <= 72,
            "{}",
            std::mem::size_of::<Fault>()
        );
    }
}
