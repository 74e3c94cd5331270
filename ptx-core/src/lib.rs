//! The PTX model, usable at run time and inside the `ptx!` macro: types,
//! state spaces, operands, the instruction table, and the pipeline that
//! every statement and every module goes through.
//!
//! ```text
//! text ──lexer, parser──▶ Template ──check(operands, target)──▶ Checked   (or Diagnostics)
//!                          │                                     │
//!                          └──print──▶ canonical text            └──lower──▶ Program (slots, steps)
//!
//! .ptx ──module::parse_module──▶ Module ──module::check_module──▶ Diagnostics (line:column)
//! ```
//!
//! Where each part lives:
//!
//! * `table/`: the instruction table, one file per family
//!   (`table/integer.rs`, `table/memory.rs`, ...), each entry a spec line
//!   and the [`Semantics`] of the operation it performs; the simulator's
//!   `sem/<family>.rs` mirror these files.
//! * `lexer`, `parser`, `syntax`: text to a syntax tree whose every node
//!   has its byte [`Span`]; `print` back to canonical text.
//! * `check/`: a statement against the table, the operands' constraints
//!   and the target (`check/mod.rs` selects a form, `modifiers`,
//!   `operands` and `scope` check its parts, `messages` words the
//!   diagnostics).
//! * `decode`: a bound form's modifiers as [`Mods`], what semantic
//!   functions read; `lower`: a checked statement as a [`Program`] of
//!   steps over operand slots.
//! * [`module`]: whole `.ptx` modules, whose function bodies go through
//!   the same instruction parser and checker under the module's own
//!   `.version` and `.target`.
//! * `types`, `space`, `special`, `target`, `constraint`: the PTX
//!   vocabulary (scalar types, state spaces, special registers, targets
//!   and ISA versions, inline-asm constraint letters).
//!
//! ```
//! use ptx_core::{check_asm, print, Semantics, Target};
//! let checked = check_asm("add.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap();
//! assert_eq!(checked.instructions[0].bound.form.semantics, Semantics::Add);
//! assert_eq!(print(&checked.template), "add.s32 %0, %1, %2;");
//! ```
//!
//! Nothing here panics on any input: every problem is a [`Diagnostic`] with
//! the byte range it is about.

#![warn(missing_docs)]

mod check;
mod constraint;
mod cursor;
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
mod unique;

pub use check::{
    AsmOperand, Checked, CheckedInstruction, OperandUsage, candidate_forms, check, check_asm,
};
pub use constraint::{Constraint, ConstraintError, ConstraintLetter, OperandAccess};
pub use decode::{Flags, Keyword, Layout, Mods, Rounding, Selector, Shape};
pub use diag::{Diagnostic, DiagnosticKind, Severity, Suggestion};
pub use lower::{
    AddressBase, Callee, LowerError, NEGATED, Program, RegisterInfo, Slot, SlotSource, Step,
    StepKind, VariableInfo, immediate_bits, lower, lower_function,
};
pub use module::{check_module, parse_module};
pub use parser::parse;
pub use print::print;
pub use semantics::Semantics;
pub use space::{ParamScope, SharedScope, StateSpace};
pub use span::Span;
pub use special::{SPECIAL_REGISTERS, SpecialKind, SpecialRegister};
pub use syntax::{Item, Template};
pub use table::{
    Bound, ConversionViolation, Family, Gate, ImmediatePolicy, InstructionForm, InstructionTable,
    ModifierSlot, OperandShape, OperandSpec, OrderViolation, Removal, Rule, RuleViolation,
    SelectorKind, SlotClass, SpaceViolation, TypeRef, TypeViolation, VectorViolation,
    common_groups, table,
};
pub use target::{PtxVersion, PtxVersionError, Target, TargetError, TargetVariant};
pub use types::{FitRule, ScalarType, TypeKind, VectorWidth};
pub use unique::number_statement;
