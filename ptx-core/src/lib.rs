//! The PTX model: types, state spaces, operands, the instruction table, and
//! the pipeline that every `ptx!` statement goes through:
//!
//! ```text
//! text ──parse──▶ Template ──check(operands, target)──▶ Checked   (or Diagnostics)
//!                  │
//!                  └──print──▶ canonical text
//! ```
//!
//! ```
//! use ptx_core::{check_asm, print, Semantics, Target};
//! let checked = check_asm("add.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap();
//! assert_eq!(checked.instructions[0].bound.form.semantics, Semantics::Add);
//! assert_eq!(print(&checked.template), "add.s32 %0, %1, %2;");
//! ```
//!
//! Whole modules (`.ptx` files with kernels, device functions and
//! variables) go through [`module::parse_module`] and
//! [`module::check_module`], which reuse the same instruction parser and
//! checker.
//!
//! Nothing here panics on any input: every problem is a [`Diagnostic`] with
//! the byte range it is about.

#![warn(missing_docs)]

mod check;
mod constraint;
mod decode;
mod diag;
mod lexer;
mod lower;
pub mod module;
mod parser;
mod print;
mod semantics;
mod space;
mod span;
mod special;
pub mod syntax;
mod table;
mod target;
mod types;

pub use check::{
    AsmOperand, Checked, CheckedInstruction, OperandUsage, candidate_forms, check, check_asm,
};
pub use constraint::{Access, Constraint, ConstraintLetter};
pub use decode::{Flags, Keyword, Layout, Mods, Rounding, Selector, Shape};
pub use diag::{Diagnostic, DiagnosticKind, Severity, Suggestion};
pub use lower::{
    AddressBase, NEGATED, Program, RegisterInfo, Slot, SlotSource, Step, StepKind, VariableInfo,
    immediate_bits, lower,
};
pub use module::{check_module, parse_module};
pub use parser::parse;
pub use print::print;
pub use semantics::Semantics;
pub use space::{ParamScope, SharedScope, StateSpace};
pub use span::Span;
pub use special::{SPECIAL_REGISTERS, SpecialRegister};
pub use syntax::{Item, Template};
pub use table::{
    Bound, Family, Gate, ImmediatePolicy, InstructionForm, InstructionTable, ModifierSlot,
    OperandShape, OperandSpec, Removal, Rule, SelectorKind, SlotClass, TypeRef, common_groups,
    table,
};
pub use target::{PtxVersion, Target, TargetVariant};
pub use types::{FitRule, ScalarType, TypeKind, VectorWidth};
