//! The simulator: PTX run on the CPU, bit for bit as an H100 runs it.
//!
//! The folders follow the layers of the design (`DESIGN.md`), each using
//! only the ones before it:
//!
//! ```text
//! ptx_core        the instruction table, Mods, Semantics, lowered programs
//!    │
//! thread          who a thread is (Dim3, Thread)
//!    │
//! shuffle         the seeded draws of a varied schedule
//!    │
//! fault           what can go wrong, typed: Fault, ThreadFault
//!    │
//! exec            the calling convention between programs and semantic
//!    │            functions: operand slots and widths
//!    │
//! memory/         memory as plain values: where an address points (the
//!    │            generic windows, cluster addresses, place), a launch's
//!    │            global and read-only buffers of atomic words, a
//!    │            cluster's shared memories (peers), a thread's copies in
//!    │            flight, the device heap's bookkeeping (heap), the
//!    │            shared-memory bank model; no thread-local
//!    │
//! driver/         what the CUDA driver does on the host: tensor maps
//!    │            encoded and decoded (tensor_map), a kernel's printf
//!    │            buffer formatted (printf)
//!    │
//! observe         what the engines tell whoever watches a CTA run: the
//!    │            Observer trait, one method per event (a warp operation
//!    │            before and after it runs, a barrier completed, a fence,
//!    │            ...), each doing nothing unless an observer says
//!    │
//! check/          the sanitizer, an Observer: races, uninitialised reads
//!    │            and barrier misuse, found as the machine and the module
//!    │            interpreter run; it sees where accesses land through
//!    │            memory/ and is told the rest through the events
//!    │
//! lane/           the lane handle: what a semantic function is given
//!    │            besides its slots: a warp's call (WarpCall: every member's
//!    │            slots, the memories the warp reaches), a launch's memory
//!    │            (LaunchMemory), and the Lane trait: the running thread's
//!    │            identity, carry flag, memories and rendezvous
//!    │
//! sem/            one semantic function per Semantics, in files named after
//!    │            ptx-core's table/<family>.rs, and `sem::run`, the exhaustive
//!    │            dispatch: functions of their modifiers, slots and lane
//!    │            handle, which name no engine and read no thread-local
//!    │
//! engine/         what both front-ends share: one launch configuration
//!    │            checked once (config), the CTAs an H100 holds (residency),
//!    │            one grid of resident clusters run in slices with one hang
//!    │            rule (grid), one cluster implementation (cluster) and one
//!    │            answer for the special registers (special)
//!    │
//! machine/        the closure front-end: a launch of Rust closures (launch)
//!    │            whose clusters run in slices on the engine's grid
//!    │            (sliced), lanes on fibers with a deterministic schedule
//!    │            (fiber, scheduler, ready, cta, current), the lane handle
//!    │            of `ptx!` code (RunningLane) and its entry point
//!    │            (`machine::run`), the running thread (context) and which
//!    │            launch's memory its CTAs take (spaces)
//!    │
//! statement       the statement interpreter: runs one statement's lowered
//!    │            program, per step `machine::run`
//!    │
//! kernel/         the module interpreter: whole PTX modules loaded, decoded
//!    │            once, launched over a grid whose warps run each step for
//!    │            all their lanes at once (`docs/kernels.md` is the
//!    │            execution model); `fma_fusion` fuses `mul`/`add` pairs as
//!    │            ptxas does
//!    │
//! device          device memory that outlives launches, and the launches
//!                 that use it
//! ```
//!
//! `python3 tools/gates/layers.py` checks the order (CI runs it): it lists
//! every arrow between the modules, and fails on a new one that runs back
//! up a layer or closes a loop of files.
//!
//! No arrow runs up a layer. One loop among files is left, the fiber
//! switch itself: `machine/fiber` and its sanitizer hooks around each
//! switch, `machine/fiber/sanitize`; the gate's allowlist names it, and
//! CI fails on any other.
//!
//! A `ptx!` statement's expansion calls [`machine::run`] (the dispatch
//! [`sem::run`] with the running lane's handle) directly with a constant
//! [`ptx_core::Semantics`] and constant modifiers, so the optimizer folds
//! the dispatch away; PTX text parsed at run time goes through
//! [`statement`], which calls the same function. The module interpreter
//! hands the semantic functions its warps' state explicitly. Inside a [`machine::Launch`],
//! every thread's code runs on a lane of its CTA, and a failing instruction
//! is a [`fault::Fault`] naming the thread and the statement. A whole
//! module's kernels run through [`kernel::Module`], on the same semantic
//! functions.
//!
//! ```
//! use ptx_core::{AsmOperand, Target, check_asm, lower};
//! use ptx_sim::statement::Prepared;
//! let checked = check_asm("add.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap();
//! let operands: Vec<AsmOperand> =
//!     ["=r", "r", "r"].iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
//! let program = Prepared::new(&lower(&checked, &operands).unwrap());
//! let mut registers = program.registers();
//! registers[1] = 40;
//! registers[2] = 2;
//! program.run(&mut registers).unwrap();
//! assert_eq!(registers[0], 42);
//! ```
//!
//! What holds the simulator to a real GPU and real ptxas (replaying H100
//! records, ptxas verdicts, the coverage table, the `ptxsim` command) is
//! the `ptx-tools` crate, so that building the simulator builds none of it.
//! The same launches on a real GPU (`kernel::Backend::Gpu`,
//! [`device::Device::gpu`]) go through the `ptx-cuda` crate, the CUDA
//! driver by cudarc, which only the `cuda` feature pulls in.

#![warn(missing_docs)]

pub mod check;
pub mod device;
pub mod driver;
pub mod engine;
pub mod exec;
pub mod fault;
pub mod kernel;
pub mod lane;
pub mod machine;
pub mod memory;
pub mod observe;
pub mod sem;
mod shuffle;
pub mod statement;
pub mod thread;
