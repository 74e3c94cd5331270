//! Semantic functions, one per semantics key of the instruction table,
//! grouped by family. Each has the signature [`crate::exec::SemFn`].

pub mod approx;
pub mod float;
pub mod float_convert;
pub mod fp;
pub mod integer;
