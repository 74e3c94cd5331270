//! Whole PTX modules, as nvcc, NVRTC, LLVM's NVPTX backend (rustc's
//! `nvptx64` target) and people write them:
//!
//! ```text
//! .ptx text ──parse_module──▶ Module ──check_module──▶ diagnostics (errors and warnings)
//!                              │
//!                              └──Function::template──▶ the body as template items
//! ```
//!
//! The module layer reads what only a module has (the `.version`/`.target`
//! header, functions with parameter lists, linkage, variables with
//! initializers, call prototypes, branch and call target lists, `.loc`
//! and debug sections) and checks the rules of declarations, calls and
//! targets. Each instruction is parsed by the template parser and checked
//! by the same per-instruction checker as a `ptx!` statement, under the
//! module's own `.version` and `.target`.
//!
//! Diagnostics carry byte spans of the module text; [`LineIndex`] turns
//! them into line:column.
//!
//! The rules are ptxas 13.0's when it compiles the module as a whole
//! program (`ptxas -arch=sm_XX file.ptx`, no `-c`): a function declared
//! but never defined, or an `.extern` one that is called, is an error.
//! `ptx-core/tests/modules.rs` holds the checker to ptxas's verdict on
//! every module nvcc wrote for the cuda-samples and on about nine hundred
//! mutants of them (`tools/generators/module-mutants/`).
//!
//! Not read yet: `.alias`, opaque `.texref`/`.samplerref`/`.surfref`
//! variables and parameters, `.attribute(.managed)` and `.unified`
//! variables, initializers that are expressions beyond `name+offset`, and
//! the relocatable rules of `ptxas -c` (where `.extern` functions may stay
//! undefined).
//!
//! ```
//! use ptx_core::module::{check_module_text, LineIndex};
//! let text = "\
//! .version 9.0
//! .target sm_90
//! .address_size 64
//! .visible .entry k(.param .u64 out) {
//!     .reg .b64 %rd<2>;
//!     ld.param.u64 %rd1, [out];
//!     st.global.u32 [%rd1], %r1;
//!     ret;
//! }";
//! let diags = check_module_text(text);
//! assert_eq!(diags.len(), 1);
//! let at = LineIndex::new(text).position(diags[0].span.start);
//! assert_eq!(at.to_string(), "7:27");
//! assert!(diags[0].message.contains("`%r1` is not declared"));
//! ```

mod ast;
mod parser;
mod position;
mod targets;
mod valid;

pub use ast::{
    AddressSize, AttributeKind, Body, Directive, FileDirective, Function, FunctionAttribute,
    FunctionKind, Initializer, InitializerKind, Linkage, LinkageKind, Loc, Module, Param,
    PointerAttribute, Prototype, Section, Statement, TargetDirective, TargetList, Variable,
    VariableAttribute, VariableName, VersionDirective,
};
pub use parser::parse_module;
pub use position::{LineIndex, Position};
pub use valid::{CheckedModule, check_module, check_module_bodies, check_module_text};
