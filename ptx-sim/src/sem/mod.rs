//! Semantic functions, one per semantics key of the instruction table,
//! grouped by family. Each has the signature [`crate::exec::SemFn`].

pub mod integer;
