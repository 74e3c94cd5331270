//! The floating-point core the float, half, conversion and approximate
//! families share: the formats, rounding modifiers, subnormal flushing, the
//! H100's NaN results, packed pairs, and exact square roots.
//!
//! Every rounding is exact: values are `rustc_apfloat` numbers (IEEE
//! arithmetic in software with an explicit rounding mode per operation),
//! never host floats under the host's rounding mode.

use ptx_core::{Rounding, ScalarType};
use rustc_apfloat::ieee::{
    BFloat, Double, Float8E4M3FN, Float8E5M2, Half, IeeeFloat, Quad, Semantics, Single,
};
use rustc_apfloat::{Float, FloatConvert, Round};

/// How the H100 writes a NaN result in a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NanRule {
    /// Every NaN result is this one pattern, whatever the inputs were.
    /// Recorded: `.f32` arithmetic (even `abs`, `neg`) writes `0x7fffffff`,
    /// `.f16` and `.bf16` write `0x7fff`.
    Canonical(u64),
    /// A NaN input comes out quieted (the first NaN operand in the order
    /// [`pick_nan`] gives); an invalid operation without NaN inputs gives
    /// `default`. Recorded for `.f64`: `add.rn.f64` of `0x7ff4000000000000`
    /// writes `0x7ffc000000000000`, `sqrt.rn.f64(-1)` writes `0xfff8000000000000`.
    Propagate {
        /// The NaN of an invalid operation.
        default: u64,
    },
}

/// A floating-point format the simulator computes in.
pub trait Format: Float + FloatConvert<Quad> + FloatConvert<Single> + FloatConvert<Double> {
    /// The width of the encoding in bits.
    const WIDTH: u32;
    /// The stored (explicit) mantissa bits.
    const MANT: u32;
    /// What a NaN result looks like.
    const NAN_RULE: NanRule;

    /// The same precision with an exponent range wide enough that no
    /// operation on normal operands underflows: the format `.ftz` results
    /// are computed in (see [`Format::flush_tiny`]).
    type Wide: Float + FloatConvert<Self>;

    /// `x` in [`Format::Wide`] (exact).
    fn widen(self) -> Self::Wide;

    /// `w` (a result in [`Format::Wide`]) as a `.ftz` result: a value below
    /// the smallest normal magnitude becomes a zero of its sign, anything
    /// else converts exactly (or overflows as the rounding says).
    ///
    /// So a result is tiny when it is below the smallest normal after
    /// rounding to the format's precision with an unbounded exponent.
    /// Recorded: `fma.rn.ftz.f16` of `0x0400 * 0x3bff + 0x0001` (the
    /// subnormal `c` flushed) is `2^-14 - 2^-25`, exactly representable
    /// with an unbounded exponent, so the H100 writes 0, where rounding to
    /// the subnormal grid would have given `0x0400`.
    #[inline]
    fn flush_tiny(w: Self::Wide, round: Round) -> Self {
        let smallest: Self::Wide = Self::smallest_normalized().widen();
        if w.is_finite_non_zero() && w.abs() < smallest {
            Self::ZERO.copy_sign_of(w.is_negative())
        } else {
            w.convert_r(round, &mut false).value
        }
    }

    /// A zero with the sign `negative`.
    #[inline]
    fn copy_sign_of(self, negative: bool) -> Self {
        if negative { -self } else { self }
    }

    /// The value of `bits` (the low [`Format::WIDTH`] bits).
    #[inline]
    fn decode(bits: u64) -> Self {
        Self::from_bits(u128::from(bits) & ((1u128 << Self::WIDTH) - 1))
    }

    /// The encoding.
    #[inline]
    fn encode(self) -> u64 {
        self.to_bits() as u64
    }

    /// `q` rounded to this format with `round` (one rounding).
    fn from_quad(q: Quad, round: Round) -> Self;

    /// `d` rounded to this format with `round` (one rounding).
    fn from_double(d: Double, round: Round) -> Self;

    /// `x` rounded to this format with `round` (one rounding).
    fn from_single(x: Single, round: Round) -> Self;
}

/// Semantics with the precision of a narrower format and an 11-bit exponent.
macro_rules! wide_semantics {
    ($($name:ident: $mant:literal;)*) => {$(
        #[doc = concat!("The precision of a format with ", stringify!($mant), " stored mantissa bits, with an 11-bit exponent.")]
        pub struct $name;

        impl Semantics for $name {
            const BITS: usize = 1 + 11 + $mant;
            const EXP_BITS: usize = 11;
        }
    )*};
}

wide_semantics! {
    WideHalfS: 10;
    WideBFloatS: 7;
    WideSingleS: 23;
}

macro_rules! formats {
    ($($ty:ty: $width:literal, $mant:literal, $nan:expr, $wide:ty;)*) => {$(
        impl Format for $ty {
            const WIDTH: u32 = $width;
            const MANT: u32 = $mant;
            const NAN_RULE: NanRule = $nan;
            type Wide = $wide;

            #[inline]
            fn widen(self) -> $wide {
                self.convert(&mut false).value
            }

            #[inline]
            fn from_quad(q: Quad, round: Round) -> Self {
                q.convert_r(round, &mut false).value
            }

            #[inline]
            fn from_double(d: Double, round: Round) -> Self {
                d.convert_r(round, &mut false).value
            }

            #[inline]
            fn from_single(x: Single, round: Round) -> Self {
                x.convert_r(round, &mut false).value
            }
        }
    )*};
}

formats! {
    Half: 16, 10, NanRule::Canonical(0x7fff), IeeeFloat<WideHalfS>;
    BFloat: 16, 7, NanRule::Canonical(0x7fff), IeeeFloat<WideBFloatS>;
    Single: 32, 23, NanRule::Canonical(0x7fff_ffff), IeeeFloat<WideSingleS>;
    // `.f64` has no `.ftz`: its own format serves.
    Double: 64, 52, NanRule::Propagate { default: 0xfff8_0000_0000_0000 }, Double;
    Float8E4M3FN: 8, 3, NanRule::Canonical(0x7f), Float8E4M3FN;
    Float8E5M2: 8, 2, NanRule::Canonical(0x7f), Float8E5M2;
}

/// The `rustc_apfloat` rounding of a rounding modifier; no modifier (and the
/// integer roundings, which the callers map themselves) rounds to nearest even.
#[inline]
pub fn round_of(r: Rounding) -> Round {
    match r {
        Rounding::Rz | Rounding::Rzi => Round::TowardZero,
        Rounding::Rm | Rounding::Rmi => Round::TowardNegative,
        Rounding::Rp | Rounding::Rpi => Round::TowardPositive,
        Rounding::Rna => Round::NearestTiesToAway,
        _ => Round::NearestTiesToEven,
    }
}

/// A subnormal `x` as a zero of the same sign (`.ftz`); other values unchanged.
#[inline]
pub fn flush<F: Format>(x: F) -> F {
    if x.is_denormal() {
        F::ZERO.copy_sign(x)
    } else {
        x
    }
}

/// The NaN operand a propagating format passes through: the last NaN among
/// the operands. Recorded on the H100: `mul.rp.f64` of `(0x7ff4000000000000,
/// 0x7ff8000000000000)` writes `0x7ff8000000000000`, and `max.f64` of
/// `(0x7ff8000000000000, 0x7ff4000000000000)` writes `0x7ffc000000000000`.
#[inline]
pub fn pick_nan<F: Format>(xs: &[F]) -> Option<F> {
    xs.iter().rev().copied().find(|x| x.is_nan())
}

/// The encoding of a NaN result: the format's canonical NaN, or for a
/// propagating format the quieted NaN operand (or the default NaN).
#[inline]
pub fn nan_result<F: Format>(inputs: &[F]) -> u64 {
    match F::NAN_RULE {
        NanRule::Canonical(bits) => bits,
        NanRule::Propagate { default } => match pick_nan(inputs) {
            Some(n) => quiet::<F>(n.encode()),
            None => default,
        },
    }
}

/// `bits` with the quiet bit (the top mantissa bit) set.
#[inline]
pub fn quiet<F: Format>(bits: u64) -> u64 {
    bits | 1 << (F::MANT - 1)
}

/// A finite, nonzero `x` as `(negative, m, e)` with `|x| = m * 2^e`.
pub fn decompose<F: Format>(x: F) -> (bool, u128, i32) {
    let bits = x.to_bits();
    let exp_bits = F::WIDTH - 1 - F::MANT;
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let field = ((bits >> F::MANT) & ((1 << exp_bits) - 1)) as i32;
    let frac = bits & ((1 << F::MANT) - 1);
    let negative = bits >> (F::WIDTH - 1) & 1 == 1;
    if field == 0 {
        (negative, frac, 1 - bias - F::MANT as i32)
    } else {
        (negative, frac | 1 << F::MANT, field - bias - F::MANT as i32)
    }
}

/// `n * 2^e` in `Quad`, exactly (`n` below 2^113).
#[inline]
pub fn quad(negative: bool, n: u128, e: i32) -> Quad {
    let q = Quad::from_u128(n).value.scalbn(e);
    if negative { -q } else { q }
}

/// The square root of `x`, rounded once with `round` (IEEE 754 `squareRoot`).
///
/// Exact: with `x = m * 2^e` (`m` shifted left until it has enough bits
/// and `e` is even), the integer square root `r` of `m` has at least
/// `p + 2` bits, and
/// `(2r + sticky) / 2`, with `sticky` set when `r * r` falls short, lies
/// in the same open interval between two halfway points as the true root,
/// so rounding it once gives the correctly rounded result.
pub fn sqrt<F: Format>(x: F, round: Round) -> F {
    if x.is_nan() || x.is_zero() || (x.is_infinite() && !x.is_negative()) {
        return x;
    }
    if x.is_negative() {
        return <F as Float>::NAN;
    }
    let (_, m, e) = decompose(x);
    // Enough bits for a root of at least p + 2 bits, and an even exponent.
    let want = 2 * (F::MANT as i32 + 3) + 2;
    let mut shift = (want - (128 - m.leading_zeros()) as i32).max(0);
    if (e - shift) % 2 != 0 {
        shift += 1;
    }
    let scaled = m << shift;
    let e = e - shift;
    let r = scaled.isqrt();
    let sticky = u128::from(r * r != scaled);
    F::from_quad(quad(false, 2 * r + sticky, e / 2 - 1), round)
}

/// The element type and count of a packed type (`.f16x2` is two `.f16`);
/// a scalar type is one element of itself.
#[inline]
pub fn lanes(t: ScalarType) -> (ScalarType, u32) {
    match t {
        ScalarType::F16x2 => (ScalarType::F16, 2),
        ScalarType::Bf16x2 => (ScalarType::Bf16, 2),
        ScalarType::F32x2 => (ScalarType::F32, 2),
        ScalarType::E4m3x2 => (ScalarType::E4m3, 2),
        ScalarType::E5m2x2 => (ScalarType::E5m2, 2),
        t => (t, 1),
    }
}

/// Applies `f` to each element of packed operands: element `i` of the
/// result is `f` of element `i` of every operand (element 0 in the low bits).
#[inline]
pub fn per_lane<const N: usize>(
    t: ScalarType,
    xs: [u64; N],
    f: impl Fn(ScalarType, [u64; N]) -> u64,
) -> u64 {
    let (elem, count) = lanes(t);
    if count == 1 {
        return f(elem, xs);
    }
    let w = elem.bits();
    let mask = (1u64 << w) - 1;
    (0..count).fold(0, |acc, i| {
        let part = xs.map(|x| (x >> (i * w)) & mask);
        acc | (f(elem, part) & mask) << (i * w)
    })
}

/// Calls `$body` with `$F` bound to the apfloat type of scalar type `$t`
/// (`.f16`, `.bf16`, `.f32`, `.f64`), or evaluates `$other`.
macro_rules! with_format {
    ($t:expr, $F:ident => $body:expr, _ => $other:expr) => {
        match $t {
            ptx_core::ScalarType::F16 => {
                type $F = rustc_apfloat::ieee::Half;
                $body
            }
            ptx_core::ScalarType::Bf16 => {
                type $F = rustc_apfloat::ieee::BFloat;
                $body
            }
            ptx_core::ScalarType::F32 => {
                type $F = rustc_apfloat::ieee::Single;
                $body
            }
            ptx_core::ScalarType::F64 => {
                type $F = rustc_apfloat::ieee::Double;
                $body
            }
            _ => $other,
        }
    };
}
pub(crate) use with_format;

#[cfg(test)]
mod tests {
    use super::*;

    fn f32_sqrt(bits: u32, round: Round) -> u32 {
        sqrt(Single::decode(u64::from(bits)), round).encode() as u32
    }

    #[test]
    fn sqrt_of_perfect_squares_is_exact_in_every_rounding() {
        for round in [
            Round::NearestTiesToEven,
            Round::TowardZero,
            Round::TowardNegative,
            Round::TowardPositive,
        ] {
            assert_eq!(f32_sqrt(16.0f32.to_bits(), round), 4.0f32.to_bits());
            assert_eq!(f32_sqrt(0.25f32.to_bits(), round), 0.5f32.to_bits());
        }
    }

    #[test]
    fn sqrt_two_rounds_down_and_up_around_the_true_root() {
        // sqrt(2) = 1.41421356237309504880...; its f32 neighbours are
        // 0x3fb504f3 (1.41421353816986083984375, below) and 0x3fb504f4 (above),
        // and the root is nearer the lower one.
        assert_eq!(f32_sqrt(0x4000_0000, Round::TowardZero), 0x3fb5_04f3);
        assert_eq!(f32_sqrt(0x4000_0000, Round::TowardNegative), 0x3fb5_04f3);
        assert_eq!(f32_sqrt(0x4000_0000, Round::TowardPositive), 0x3fb5_04f4);
        assert_eq!(f32_sqrt(0x4000_0000, Round::NearestTiesToEven), 0x3fb5_04f3);
    }

    #[test]
    fn sqrt_of_the_smallest_subnormal_is_two_to_the_minus_74_point_5() {
        // sqrt(2^-149) = 2^-74.5 = 2^-75 * sqrt(2): mantissa of sqrt(2), exponent -75.
        assert_eq!(f32_sqrt(1, Round::TowardZero), 0x1a35_04f3);
        assert_eq!(f32_sqrt(1, Round::TowardPositive), 0x1a35_04f4);
    }

    #[test]
    fn sqrt_f64_matches_correctly_rounded_host_sqrt_to_nearest() {
        // IEEE 754 requires sqrt correctly rounded, so the host's rn result is a reference.
        for x in [2.0f64, 3.0, 1e-310, 123456.789, 1.0e300, f64::MIN_POSITIVE] {
            let got = sqrt(Double::decode(x.to_bits()), Round::NearestTiesToEven).encode();
            assert_eq!(got, x.sqrt().to_bits(), "{x}");
        }
    }

    #[test]
    fn packed_lanes_keep_element_zero_in_the_low_half() {
        let r = per_lane(ScalarType::F16x2, [0x1111_2222], |_, [x]| x + 1);
        assert_eq!(r, 0x1112_2223);
    }
}
