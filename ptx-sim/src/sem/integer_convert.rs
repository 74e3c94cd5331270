//! Conversions between integer types (`cvt` with an integer source and
//! destination, and `cvt.pack`), and the `cvt` dispatcher that sends every
//! other pair of types to [`crate::sem::convert::cvt_float`].

use crate::exec::{Fault, SemResult, sign_extend, truncate, ty0};
use crate::sem::convert::cvt_float;
use ptx_core::{Flags, Mods, ScalarType};

/// `v`, read as a value of integer type `t`.
#[inline(always)]
fn value(v: u64, t: ScalarType) -> i128 {
    if t.is_signed() {
        i128::from(sign_extend(v, t.bits()))
    } else {
        i128::from(truncate(v, t.bits()))
    }
}

/// `v` clamped to the range of integer type `t`, in `t`'s bits.
#[inline(always)]
fn saturate(v: i128, t: ScalarType) -> u64 {
    let bits = t.bits();
    let (min, max) = if t.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    truncate(v.clamp(min, max) as u64, bits)
}

/// `cvt{.rnd}{.ftz}{.sat}.dtype.atype d, a` (and the packed and special
/// float forms that share the key): integer-to-integer conversions here,
/// every conversion that involves a floating-point type in [`cvt_float`].
#[inline]
pub fn cvt(m: &Mods, s: &mut [u64]) -> SemResult {
    match (m.ty(0), m.ty(1)) {
        (Some(d), Some(a)) if d.is_integer() && a.is_integer() => cvt_int(m, s),
        _ => cvt_float(m, s),
    }
}

/// `cvt{.sat}.dtype.atype d, a` between integer types: `a` is read as an
/// `atype` value (sign-extended when signed) and written as a `dtype`
/// value: truncated to its width, or with `.sat` clamped to its range. The
/// caller extends the result to the register by `dtype`'s signedness.
#[inline]
pub fn cvt_int(m: &Mods, s: &mut [u64]) -> SemResult {
    let (dtype, atype) = (ty0(m)?, m.ty(1).ok_or_else(|| Fault::new("cvt without a source type"))?);
    let a = value(s[1], atype);
    s[0] = if m.has(Flags::SAT) {
        saturate(a, dtype)
    } else {
        truncate(a as u64, dtype.bits())
    };
    Ok(())
}

/// `cvt.pack.sat.convertType.s32{.b32} d, a, b{, c}`: `a` and `b` clamped
/// to `convertType`'s range and packed, `b` in the low bits and `a` above
/// it; for the 8-, 4- and 2-bit types the low bits of `c` fill the rest of
/// `d` above them (`d = c << 2n | a' << n | b'` for `n`-bit parts).
#[inline]
pub fn cvt_pack(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let n = t.bits();
    let (a, b) = (saturate(value(s[1], ScalarType::S32), t), saturate(value(s[2], ScalarType::S32), t));
    let packed = a << n | b;
    let rest = if 2 * n < 32 { s.get(3).copied().unwrap_or(0) << (2 * n) } else { 0 };
    s[0] = truncate(packed | rest, 32);
    Ok(())
}
