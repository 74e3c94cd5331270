//! Conversions that involve a floating-point type (PTX ISA 9.7.9.21 `cvt`):
//! float to float (rounding to a narrower format, rounding to an integral
//! value in the same format, `.ftz`, `.sat`, `.relu`, `.satfinite`), float
//! to integer (integer rounding, saturation to the integer range), integer
//! to float, `.tf32`, and the packed pairs of `cvt.x2` (`.f16x2`,
//! `.bf16x2`, `.e4m3x2`, `.e5m2x2`).
//!
//! Every rounding is one `rustc_apfloat` rounding, exact for every input.
//! Where the H100 differs from plain IEEE 754 conversion (NaN encodings,
//! NaN to integer), the recorded behaviour is cited on the function.

use super::super::fp::{self, Format, flush, with_format};
use crate::exec::{SemResult, sign_extend, truncate, ty0};
use crate::fault::Fault;
use ptx_core::{Flags, Mods, Rounding, ScalarType};
use rustc_apfloat::ieee::{Double, Float8E4M3FN, Float8E5M2, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round};

/// `cvt` of every type pair: the float conversions here, the integer to
/// integer ones in [`crate::sem::convert::integer::cvt_int`].
#[inline]
pub fn cvt(m: &Mods, s: &mut [u64]) -> SemResult {
    let (d, a) = types(m)?;
    // `cvt.rn.f16.f32` without flags: the `half` crate rounds to nearest
    // even, subnormals included, as IEEE 754 does; only NaN needs the H100's
    // canonical 0x7fff.
    if (d, a) == (ScalarType::F16, ScalarType::F32) && m.rnd == Rounding::Rn && m.flags.0 == 0 {
        let h = half::f16::from_f32(f32::from_bits(s[1] as u32));
        s[0] = if h.is_nan() {
            0x7fff
        } else {
            u64::from(h.to_bits())
        };
        return Ok(());
    }
    if d.is_float() || a.is_float() {
        cvt_float(m, s)
    } else {
        crate::sem::convert::integer::cvt_int(m, s)
    }
}

fn types(m: &Mods) -> Result<(ScalarType, ScalarType), Fault> {
    let d = ty0(m)?;
    let a = m
        .ty(1)
        .ok_or_else(|| Fault::malformed("cvt", "needs a source type"))?;
    Ok((d, a))
}

/// `cvt{.rnd}{.ftz}{.sat}{.relu}{.satfinite}.dtype.atype d, a` where
/// `dtype` or `atype` is a floating-point type.
#[inline]
pub fn cvt_float(m: &Mods, s: &mut [u64]) -> SemResult {
    let (d, a) = types(m)?;
    s[0] = match (d.is_float(), a.is_float()) {
        (true, true) => float_to_float(m, d, a, s[1])?,
        (false, true) => float_to_int(m, d, a, s[1])?,
        (true, false) => int_to_float(m, d, a, s[1])?,
        (false, false) => return Err(Fault::not_simulated("cvt between integer types")),
    };
    Ok(())
}

/// The modifiers of a float result.
#[derive(Clone, Copy)]
struct Clamp {
    ftz: bool,
    sat: bool,
    relu: bool,
    satfinite: bool,
}

impl Clamp {
    fn of(m: &Mods) -> Clamp {
        Clamp {
            ftz: m.has(Flags::FTZ),
            sat: m.has(Flags::SAT),
            relu: m.has(Flags::RELU),
            satfinite: m.has(Flags::SATFINITE),
        }
    }
}

/// A non-NaN result `r` in format `D` after `.ftz` (only an `.f32`
/// destination is flushed), `.satfinite` (infinities to the largest finite
/// value), `.relu` (negative values, -0 included, to +0) and `.sat` ([0, 1]).
fn clamp<D: Format>(c: Clamp, d: ScalarType, mut r: D) -> u64 {
    if c.ftz && d == ScalarType::F32 {
        r = flush(r);
    }
    if c.satfinite && r.is_infinite() {
        r = D::largest().copy_sign(r);
    }
    if c.relu && r.is_negative() {
        r = D::ZERO;
    }
    if c.sat {
        let one = D::from_u128(1).value;
        if r.is_negative() {
            r = D::ZERO;
        } else if r > one {
            r = one;
        }
    }
    r.encode()
}

/// A NaN converted from `S` to `D`, as the H100 writes it: a `.f64` on
/// either side carries the payload (quieted; recorded `cvt.rn.f32.f64` of
/// `0x7ff4000000000000` is `0x7fe00000`, `cvt.f64.f32` of `0x7fc00001` is
/// `0x7ff8000020000000`), `.bf16` to `.f32` is a plain shift (recorded
/// `0x7fa0` becomes `0x7fa00000`), everything else gives the destination's
/// canonical NaN (`cvt.f32.f16`: `0x7fffffff`; to `.f16`/`.bf16`: `0x7fff`).
fn convert_nan<S: Format + FloatConvert<D>, D: Format>(
    x: S,
    s: ScalarType,
    d: ScalarType,
    c: Clamp,
) -> u64 {
    if c.sat {
        return 0;
    }
    if s == ScalarType::Bf16 && d == ScalarType::F32 {
        return x.encode() << 16;
    }
    let canonical = match D::NAN_RULE {
        fp::NanRule::Canonical(bits) => bits,
        fp::NanRule::Propagate { default } => default,
    };
    let f32_source_flushed = s == ScalarType::F32 && c.ftz;
    if (s == ScalarType::F64 || d == ScalarType::F64) && !f32_source_flushed && !c.relu {
        let r: D = x.convert(&mut false).value;
        return fp::quiet::<D>(r.encode());
    }
    if f32_source_flushed && d == ScalarType::F64 {
        // `cvt.ftz.f64.f32` canonicalizes first: recorded `0x7fffffffe0000000`.
        let canon = Single::decode(0x7fff_ffff);
        let r: Double = canon.convert(&mut false).value;
        return r.encode();
    }
    canonical
}

/// One float converted to another format with rounding `round`.
fn convert<S: Format + FloatConvert<D>, D: Format>(
    m: &Mods,
    s: ScalarType,
    d: ScalarType,
    bits: u64,
) -> u64 {
    let c = Clamp::of(m);
    let mut x = S::decode(bits);
    if c.ftz && s == ScalarType::F32 {
        x = flush(x);
    }
    if x.is_nan() {
        return convert_nan::<S, D>(x, s, d, c);
    }
    let r: D = x.convert_r(fp::round_of(m.rnd), &mut false).value;
    clamp(c, d, r)
}

/// `cvt.frnd.ftype.ftype`: with an integer rounding (`.rni` ...), the
/// integral value in the same format; without one, `.ftz`/`.sat` alone.
fn same_format<F: Format>(m: &Mods, t: ScalarType, bits: u64) -> u64 {
    let c = Clamp::of(m);
    let mut x = F::decode(bits);
    if c.ftz {
        x = flush(x);
    }
    if x.is_nan() {
        return if c.sat { 0 } else { fp::nan_result(&[x]) };
    }
    let r = if integer_rounding(m.rnd) {
        x.round_to_integral(fp::round_of(m.rnd)).value
    } else {
        x
    };
    clamp(c, t, r)
}

fn integer_rounding(r: Rounding) -> bool {
    matches!(
        r,
        Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi
    )
}

fn float_to_float(m: &Mods, d: ScalarType, a: ScalarType, bits: u64) -> Result<u64, Fault> {
    if d == ScalarType::Tf32 && a == ScalarType::F32 {
        return Ok(to_tf32(m, bits as u32).into());
    }
    if d == a {
        return with_format!(d, F => Ok(same_format::<F>(m, d, bits)),
            _ => Err(Fault::not_simulated(format!("cvt.{0}.{0}", d.name()))));
    }
    with_format!(a, S => with_format!(d, D => Ok(convert::<S, D>(m, a, d, bits)),
        _ => Err(Fault::not_simulated(format!("cvt.{}.{}", d.name(), a.name())))),
        _ => Err(Fault::not_simulated(format!("cvt.{}.{}", d.name(), a.name()))))
}

/// The integer range of type `t`.
fn range(t: ScalarType) -> (i128, i128) {
    let bits = t.bits();
    if t.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

/// Float to integer: rounded to an integral value with the integer
/// rounding, then saturated to the destination's range (PTX ISA: float to
/// integer conversions always saturate).
///
/// NaN: the PTX ISA says 0, and the H100 writes 0 for 8, 16 and 32-bit
/// results from `.f16`/`.f32`, but the most negative value of the
/// destination's width (`0x8000...`, for signed and unsigned alike) when
/// the source is `.f64` or the destination has 64 bits (recorded:
/// `cvt.rzi.s32.f64` of NaN writes `0x80000000`, `cvt.rzi.u64.f32`
/// writes `0x8000000000000000`).
fn float_to_int(m: &Mods, d: ScalarType, a: ScalarType, bits: u64) -> Result<u64, Fault> {
    with_format!(a, S => {
        let mut x = S::decode(bits);
        if m.has(Flags::FTZ) && a == ScalarType::F32 {
            x = flush(x);
        }
        if x.is_nan() {
            return Ok(if a == ScalarType::F64 || d.bits() == 64 { 1 << (d.bits() - 1) } else { 0 });
        }
        let (lo, hi) = range(d);
        let v = if x.is_infinite() {
            if x.is_negative() { lo } else { hi }
        } else {
            let r = x.round_to_integral(fp::round_of(m.rnd)).value;
            // |r| < 2^1024: clamp in Double-free integer terms via its encoding.
            integral_value(r).clamp(lo, hi)
        };
        Ok(truncate(v as u64, d.bits()))
    }, _ => Err(Fault::not_simulated(format!("cvt.{}.{}", d.name(), a.name()))))
}

/// An integral finite value, clamped into i128 (beyond it, the sign decides).
fn integral_value<F: Format>(r: F) -> i128 {
    if r.is_zero() {
        return 0;
    }
    let (negative, mant, exp) = fp::decompose(r);
    let magnitude: i128 = if exp >= 0 {
        if exp > 70 {
            i128::MAX
        } else {
            (mant as i128) << exp
        }
    } else {
        (mant >> (-exp).min(127)) as i128
    };
    if negative { -magnitude } else { magnitude }
}

/// Integer to float with a floating rounding; `.sat` clamps to [0, 1].
fn int_to_float(m: &Mods, d: ScalarType, a: ScalarType, bits: u64) -> Result<u64, Fault> {
    let v: i128 = if a.is_signed() {
        sign_extend(bits, a.bits()).into()
    } else {
        truncate(bits, a.bits()).into()
    };
    let c = Clamp::of(m);
    with_format!(d, D => {
        let r = D::from_i128_r(v, fp::round_of(m.rnd)).value;
        Ok(clamp(c, d, r))
    }, _ => Err(Fault::not_simulated(format!("cvt.{}.{}", d.name(), a.name()))))
}

/// `cvt.rna{.satfinite}.tf32.f32` and `cvt.rn|rz{.relu}{.satfinite}.tf32.f32`:
/// the `.f32` rounded to 10 mantissa bits, kept in a 32-bit register with
/// the low 13 bits zero. It works on the encoding: subnormals round like
/// normals (recorded: `0x806a9960` becomes `0x806aa000`), a carry out of the
/// largest finite value gives infinity (`0x7f7fffff` becomes `0x7f800000`).
///
/// NaN, as the H100 records show (`h100_sm90_seed11` and `_extra_seed12`):
/// `.rn` and `.rz` write the canonical `0x7fffe000`; `.rna` keeps the sign
/// and the payload above bit 13, truncated (`0xffc00001` becomes
/// `0xffc00000`, `0x7fbfffff` becomes `0x7fbfe000`); `.rna.satfinite`
/// writes that truncation less one `.tf32` ulp (`0x7fa00000` becomes
/// `0x7f9fe000`, `0xffffffff` becomes `0xffffc000`). With `.satfinite`,
/// infinities become the largest finite `.tf32`, `0x7f7fe000`.
fn to_tf32(m: &Mods, x: u32) -> u32 {
    let sign = x & 0x8000_0000;
    let magnitude = x & 0x7fff_ffff;
    let satfinite = m.has(Flags::SATFINITE);
    if magnitude > 0x7f80_0000 {
        let truncated = magnitude & !0x1fff;
        return if m.rnd != Rounding::Rna {
            0x7fff_e000
        } else if satfinite {
            sign | (truncated - 0x2000)
        } else {
            sign | truncated
        };
    }
    let low = magnitude & 0x1fff;
    let kept = magnitude & !0x1fff;
    let up = match m.rnd {
        Rounding::Rna => low >= 0x1000,
        Rounding::Rz => false,
        _ => low > 0x1000 || (low == 0x1000 && kept & 0x2000 != 0),
    };
    let mut r = if up && magnitude != 0x7f80_0000 {
        kept + 0x2000
    } else {
        kept
    };
    if satfinite && r >= 0x7f80_0000 {
        r = 0x7f7f_e000;
    }
    if m.has(Flags::RELU) && sign != 0 {
        return 0;
    }
    sign | r
}

/// The largest finite value's encoding and the NaN the H100 writes, of an
/// 8-bit float format.
trait Fp8: Format {
    const MAX: u64;
}

impl Fp8 for Float8E4M3FN {
    const MAX: u64 = 0x7e;
}

impl Fp8 for Float8E5M2 {
    const MAX: u64 = 0x7b;
}

/// A `.f16`/`.f32` value to an 8-bit float, rounded to nearest even with
/// `.satfinite` (required by the ISA): magnitudes beyond the largest finite
/// value (infinities included) become it, NaN becomes `0x7f` (recorded for
/// both `.e4m3` and `.e5m2`, sign dropped); `.relu` makes negatives +0.
fn to_fp8<S: Format + FloatConvert<D>, D: Fp8>(relu: bool, bits: u64) -> u64 {
    let x = S::decode(bits);
    if x.is_nan() {
        return 0x7f;
    }
    if relu && x.is_negative() {
        return 0;
    }
    let sign = if x.is_negative() { 0x80 } else { 0 };
    let r: D = x.convert_r(Round::NearestTiesToEven, &mut false).value;
    if r.is_nan() || r.is_infinite() || x.is_infinite() {
        return sign | D::MAX;
    }
    r.encode()
}

/// An 8-bit float to `.f16` (exact): NaN gives `0x7fff` (recorded for
/// `.e4m3` and `.e5m2`); `.relu` makes negatives, -0 included, +0.
fn from_fp8<D: Fp8 + FloatConvert<Half>>(relu: bool, bits: u64) -> u64 {
    let x = D::decode(bits);
    if x.is_nan() {
        return 0x7fff;
    }
    if relu && x.is_negative() {
        return 0;
    }
    let r: Half = x.convert(&mut false).value;
    r.encode()
}

/// The packed conversions of `cvt.x2`:
///
/// * `cvt.frnd{.relu}{.satfinite}.f16x2.f32 d, a, b` (and `.bf16x2`):
///   `a` converted into the upper half, `b` into the lower;
/// * `cvt.rn.satfinite{.relu}.f8x2type.f32 d, a, b`: `a` into the upper byte;
/// * `cvt.rn.satfinite{.relu}.f8x2type.f16x2 d, a`: each half to a byte;
/// * `cvt.rn{.relu}.f16x2.f8x2type d, a`: each byte to a half.
#[inline]
pub fn cvt_x2(m: &Mods, s: &mut [u64]) -> SemResult {
    let (d, a) = types(m)?;
    let relu = m.has(Flags::RELU);
    s[0] = match (d, a) {
        (ScalarType::F16x2 | ScalarType::Bf16x2, ScalarType::F32) => {
            let e = fp::lanes(d).0;
            let one = |x| float_to_float(m, e, ScalarType::F32, x);
            one(s[1])? << 16 | one(s[2])?
        }
        (ScalarType::E4m3x2, ScalarType::F32) => {
            to_fp8::<Single, Float8E4M3FN>(relu, s[1]) << 8
                | to_fp8::<Single, Float8E4M3FN>(relu, s[2])
        }
        (ScalarType::E5m2x2, ScalarType::F32) => {
            to_fp8::<Single, Float8E5M2>(relu, s[1]) << 8 | to_fp8::<Single, Float8E5M2>(relu, s[2])
        }
        (ScalarType::E4m3x2, ScalarType::F16x2) => {
            to_fp8::<Half, Float8E4M3FN>(relu, s[1] & 0xffff)
                | to_fp8::<Half, Float8E4M3FN>(relu, s[1] >> 16 & 0xffff) << 8
        }
        (ScalarType::E5m2x2, ScalarType::F16x2) => {
            to_fp8::<Half, Float8E5M2>(relu, s[1] & 0xffff)
                | to_fp8::<Half, Float8E5M2>(relu, s[1] >> 16 & 0xffff) << 8
        }
        (ScalarType::F16x2, ScalarType::E4m3x2) => {
            from_fp8::<Float8E4M3FN>(relu, s[1] & 0xff)
                | from_fp8::<Float8E4M3FN>(relu, s[1] >> 8 & 0xff) << 16
        }
        (ScalarType::F16x2, ScalarType::E5m2x2) => {
            from_fp8::<Float8E5M2>(relu, s[1] & 0xff)
                | from_fp8::<Float8E5M2>(relu, s[1] >> 8 & 0xff) << 16
        }
        _ => {
            return Err(Fault::not_simulated(format!(
                "cvt.{}.{}",
                d.name(),
                a.name()
            )));
        }
    };
    Ok(())
}

#[cfg(test)]
mod tests {

    /// The `half` conversion behind `cvt.rn.f16.f32` agrees with the exact
    /// (rustc_apfloat) conversion bit for bit: every exponent, the halfway
    /// cases, subnormal results, overflow, infinities and NaNs.
    #[test]
    fn cvt_rn_f16_f32_fast_path_matches_the_exact_conversion() {
        use ptx_core::{Mods, Rounding, ScalarType};
        let mut m = Mods::NONE;
        m.types = [Some(ScalarType::F16), Some(ScalarType::F32), None, None];
        m.rnd = Rounding::Rn;
        // Each exponent with mantissas around the f16 halfway points, and a
        // pseudo-random sweep.
        let mut inputs: Vec<u32> = Vec::new();
        for exp in 0..=255u32 {
            for mant in [
                0, 1, 0xfff, 0x1000, 0x1001, 0x2000, 0x3000, 0x7f_e000, 0x7f_f000, 0x7f_ffff,
            ] {
                for sign in [0, 0x8000_0000] {
                    inputs.push(sign | exp << 23 | mant);
                }
            }
        }
        let mut x = 0x2545_F491u32;
        inputs.extend((0..50_000).map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        }));
        for a in inputs {
            let mut fast = [0, u64::from(a)];
            super::cvt(&m, &mut fast).unwrap();
            let mut exact = [0, u64::from(a)];
            super::cvt_float(&m, &mut exact).unwrap();
            assert_eq!(fast[0], exact[0], "cvt.rn.f16.f32 {a:#010x}");
        }
    }
    use crate::sem::testing::run_asm;

    fn cvt(asm: &str, cons: [&str; 2], x: u64) -> u64 {
        run_asm(asm, &cons, &[x])
    }

    #[test]
    fn float_to_integer_rounds_then_saturates_to_the_range() {
        let f = |asm: &str, x: f32| cvt(asm, ["=r", "f"], u64::from(x.to_bits()));
        assert_eq!(f("cvt.rni.s32.f32 %0, %1;", 2.5), 2, "ties to even");
        assert_eq!(f("cvt.rni.s32.f32 %0, %1;", 3.5), 4);
        assert_eq!(f("cvt.rmi.s32.f32 %0, %1;", -0.5), 0xffff_ffff);
        assert_eq!(f("cvt.rpi.s32.f32 %0, %1;", 0.25), 1);
        assert_eq!(f("cvt.rzi.s32.f32 %0, %1;", 3e9), 0x7fff_ffff);
        assert_eq!(f("cvt.rzi.s32.f32 %0, %1;", -3e9), 0x8000_0000);
        assert_eq!(f("cvt.rzi.u32.f32 %0, %1;", -1.5), 0);
        assert_eq!(f("cvt.rzi.s32.f32 %0, %1;", f32::INFINITY), 0x7fff_ffff);
    }

    #[test]
    fn nan_to_integer_is_zero_from_f32_but_the_sign_bit_from_f64_or_to_64_bits() {
        // All recorded on the H100.
        assert_eq!(cvt("cvt.rzi.s32.f32 %0, %1;", ["=r", "f"], 0x7fc0_0000), 0);
        assert_eq!(
            cvt(
                "cvt.rzi.s32.f64 %0, %1;",
                ["=r", "d"],
                0x7ff8_0000_0000_0000
            ),
            0x8000_0000
        );
        assert_eq!(
            cvt("cvt.rzi.u64.f32 %0, %1;", ["=l", "f"], 0x7fc0_0000),
            0x8000_0000_0000_0000
        );
    }

    #[test]
    fn integer_to_float_rounds_with_the_modifier() {
        // 2^24 + 1 is not an f32: it lies halfway between 2^24 and 2^24 + 2.
        let f = |rnd: &str| {
            cvt(
                &format!("cvt{rnd}.f32.s32 %0, %1;"),
                ["=f", "r"],
                (1 << 24) + 1,
            )
        };
        assert_eq!(f(".rn"), 0x4b80_0000);
        assert_eq!(f(".rz"), 0x4b80_0000);
        assert_eq!(f(".rp"), 0x4b80_0001);
    }

    #[test]
    fn narrowing_overflows_by_the_rounding_mode_and_satfinite_clamps() {
        let x = u64::from(65520f32.to_bits()); // halfway between 65504 and 2^16
        assert_eq!(cvt("cvt.rn.f16.f32 %0, %1;", ["=h", "f"], x), 0x7c00);
        assert_eq!(cvt("cvt.rz.f16.f32 %0, %1;", ["=h", "f"], x), 0x7bff);
        let big = u64::from(1e6f32.to_bits());
        assert_eq!(
            cvt("cvt.rn.satfinite.f16.f32 %0, %1;", ["=h", "f"], big),
            0x7bff
        );
        assert_eq!(
            cvt(
                "cvt.rn.relu.bf16.f32 %0, %1;",
                ["=h", "f"],
                u64::from((-2f32).to_bits())
            ),
            0
        );
    }

    #[test]
    fn nan_conversions_follow_the_recorded_encodings() {
        assert_eq!(
            cvt("cvt.f64.f32 %0, %1;", ["=d", "f"], 0x7fc0_0001),
            0x7ff8_0000_2000_0000
        );
        assert_eq!(
            cvt("cvt.ftz.f64.f32 %0, %1;", ["=d", "f"], 0x7fc0_0001),
            0x7fff_ffff_e000_0000
        );
        assert_eq!(
            cvt("cvt.rn.f32.f64 %0, %1;", ["=f", "d"], 0x7ff4_0000_0000_0000),
            0x7fe0_0000
        );
        assert_eq!(
            cvt("cvt.rn.f16.f32 %0, %1;", ["=h", "f"], 0x7fa0_0000),
            0x7fff
        );
        assert_eq!(cvt("cvt.f32.f16 %0, %1;", ["=f", "h"], 0x7d00), 0x7fff_ffff);
        assert_eq!(
            cvt("cvt.f32.bf16 %0, %1;", ["=f", "h"], 0x7fa0),
            0x7fa0_0000
        );
    }

    #[test]
    fn rounding_to_an_integral_value_in_the_same_format() {
        let f = |rnd: &str, x: f32| {
            cvt(
                &format!("cvt.{rnd}.f32.f32 %0, %1;"),
                ["=f", "f"],
                u64::from(x.to_bits()),
            )
        };
        assert_eq!(f("rni", 2.5), u64::from(2f32.to_bits()));
        assert_eq!(f("rmi", -0.5), u64::from((-1f32).to_bits()));
        assert_eq!(f("rpi", -0.5), u64::from((-0f32).to_bits()));
        assert_eq!(f("rzi", 7.9), u64::from(7f32.to_bits()));
    }

    #[test]
    fn tf32_rounds_the_encoding_to_ten_mantissa_bits() {
        // 0x3f801000: exactly halfway between 0x3f800000 and 0x3f802000.
        assert_eq!(
            cvt("cvt.rna.tf32.f32 %0, %1;", ["=r", "f"], 0x3f80_1000),
            0x3f80_2000
        );
        assert_eq!(
            cvt("cvt.rna.tf32.f32 %0, %1;", ["=r", "f"], 0x3f80_0fff),
            0x3f80_0000
        );
        // Recorded: a carry out of the largest finite value gives infinity,
        // and .satfinite keeps it finite.
        assert_eq!(
            cvt("cvt.rna.tf32.f32 %0, %1;", ["=r", "f"], 0x7f7f_ffff),
            0x7f80_0000
        );
        assert_eq!(
            cvt(
                "cvt.rna.satfinite.tf32.f32 %0, %1;",
                ["=r", "f"],
                0x7f7f_ffff
            ),
            0x7f7f_e000
        );
    }

    #[test]
    fn fp8_pairs_saturate_and_expand() {
        // 1.0 is 0x38 in e4m3 (bias 7); 1000 is beyond the largest finite 448 (0x7e).
        let pair = run_asm(
            "cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;",
            &["=h", "f", "f"],
            &[u64::from(1000f32.to_bits()), u64::from(1f32.to_bits())],
        );
        assert_eq!(pair, 0x7e38);
        // e4m3 NaN (0x7f) becomes the f16 0x7fff (recorded); 1.0 becomes 0x3c00.
        assert_eq!(
            cvt("cvt.rn.f16x2.e4m3x2 %0, %1;", ["=r", "h"], 0x7f38),
            0x7fff_3c00
        );
        // e5m2: 1.0 is 0x3c; 60000 saturates to 57344 (0x7b).
        let pair = run_asm(
            "cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;",
            &["=h", "f", "f"],
            &[u64::from(60000f32.to_bits()), u64::from(1f32.to_bits())],
        );
        assert_eq!(pair, 0x7b3c);
    }

    #[test]
    fn f16x2_from_two_f32_puts_the_first_in_the_upper_half() {
        let r = run_asm(
            "cvt.rn.f16x2.f32 %0, %1, %2;",
            &["=r", "f", "f"],
            &[u64::from(1f32.to_bits()), u64::from(2f32.to_bits())],
        );
        assert_eq!(r, 0x3c00_4000);
    }
}
