//! Semantic functions, one per semantics key of the instruction table,
//! grouped by family. Each has the signature [`crate::exec::SemFn`].

pub mod compare;
pub mod convert;
pub mod integer;
pub mod integer_convert;
pub mod logic;
pub mod movement;
