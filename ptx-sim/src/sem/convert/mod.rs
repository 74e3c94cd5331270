//! Conversions, the family of `ptx_core`'s `table/convert.rs`: `cvt`
//! between and within floating-point formats and integers ([`float`]),
//! and `cvt.pack` of integers ([`integer`]).

pub mod float;
pub mod integer;
