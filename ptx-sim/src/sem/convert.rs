//! Conversions that involve a floating-point type: the float side of the
//! `cvt` key (integer pairs are in [`crate::sem::integer_convert`], whose
//! `cvt` dispatches here).

use crate::exec::{SemResult, unsupported};
use ptx_core::Mods;

/// `cvt` between a floating-point type and any other: not simulated yet.
#[inline]
pub fn cvt_float(_: &Mods, _: &mut [u64]) -> SemResult {
    Err(unsupported("cvt with a floating-point type"))
}
