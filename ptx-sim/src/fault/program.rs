//! Faults of the program: what it asked for (`trap`, `exit`, `brkpt`, a
//! failed `assert`, a Rust panic), what it cannot do (an operand the
//! instruction cannot take, a branch index past its targets, a call to no
//! function or calls nested too deep), and what the simulator does not
//! model or should never have been handed (an instruction it does not
//! simulate, a control step, a malformed decoded instruction).

use super::show;
use std::fmt;

/// Why a thread's program could not go on: its own doing, or an
/// instruction the simulator does not model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProgramFault {
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

/// `` `mma` ``: the instruction a malformed one is, when known.
fn named(instruction: &Option<&'static str>) -> impl fmt::Display {
    let instruction = *instruction;
    show(move |f| match instruction {
        Some(i) => write!(f, "`{i}`: "),
        None => Ok(()),
    })
}
