//! The approximate instructions (`.approx`, and `div.full`): `rcp`, `sqrt`,
//! `rsqrt`, `sin`, `cos`, `lg2`, `ex2`, `tanh`, `div`.
//!
//! The PTX ISA leaves their results implementation-specific within a
//! documented maximum error (the bounds are in [`error_bound`], with
//! their citations). The simulator computes each one accurately and
//! deterministically: the value is evaluated in `f64` (`rcp`, `sqrt`,
//! `rsqrt` and `div` exactly, with `rustc_apfloat`) and rounded once to the
//! destination format, so every result is within the ISA's bound (most are
//! the correctly rounded value). Special operands (zeros, infinities, NaN,
//! subnormals under `.ftz`) give exactly what the ISA's tables and the
//! H100's records say.

use super::fp::{self, Format, flush, nan_result, per_lane, with_format};
use crate::exec::{SemResult, ty0};
use crate::fault::Fault;
use ptx_core::{Flags, Mods, ScalarType};
use rustc_apfloat::ieee::{Double, Single};
use rustc_apfloat::{Float, Round};

/// A function the approximate instructions compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `1 / x`
    Rcp,
    /// `sqrt(x)`
    Sqrt,
    /// `1 / sqrt(x)`
    Rsqrt,
    /// `sin(x)`
    Sin,
    /// `cos(x)`
    Cos,
    /// `log2(x)`
    Lg2,
    /// `2^x`
    Ex2,
    /// `tanh(x)`
    Tanh,
}

impl Function {
    /// The value at `x` in `f64` (special operands included).
    pub fn eval(self, x: f64) -> f64 {
        match self {
            Function::Rcp => 1.0 / x,
            Function::Sqrt => x.sqrt(),
            Function::Rsqrt => 1.0 / x.sqrt(),
            Function::Sin => x.sin(),
            Function::Cos => x.cos(),
            Function::Lg2 => x.log2(),
            Function::Ex2 => x.exp2(),
            Function::Tanh => x.tanh(),
        }
    }
}

/// The documented maximum error of an approximate instruction (PTX ISA 9.0,
/// sections 9.7.3.8 `div`, 9.7.3.13 `rcp`, 9.7.3.14 `rcp.approx.ftz.f64`,
/// 9.7.3.15 `sqrt`, 9.7.3.16 `rsqrt`, 9.7.3.17 `rsqrt.approx.ftz.f64`,
/// 9.7.3.18 `sin`, 9.7.3.19 `cos`, 9.7.3.20 `lg2`, 9.7.3.21 `ex2`,
/// 9.7.3.22 `tanh`, 9.7.4.9 half `tanh`, 9.7.4.10 half `ex2`;
/// <https://docs.nvidia.com/cuda/parallel-thread-execution/#floating-point-instructions>).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ErrorBound {
    /// At most this many units in the last place from the correctly rounded result.
    Ulps(u64),
    /// `|result - exact| <= e * |exact|`.
    Relative(f64),
    /// `|result - exact| <= e`.
    Absolute(f64),
    /// No guarantee: any value of the function's range (`sin`, `cos`
    /// outside [-100π, 100π]).
    Unbounded,
}

/// The bound of instruction `op` (`rcp`, `sin`, ...) on type `ty` (`f32`,
/// `f16`, `bf16`, `f64`, or `f64-upper` for `rcp`/`rsqrt.approx.ftz.f64`,
/// which see only the upper word) at operand `x`.
///
/// ```
/// use ptx_sim::sem::approx::{ErrorBound, error_bound};
/// assert_eq!(error_bound("rcp", "f32", 3.0), ErrorBound::Ulps(1));
/// // sin and cos guarantee nothing beyond [-100π, 100π].
/// assert_eq!(error_bound("sin", "f32", 1000.0), ErrorBound::Unbounded);
/// ```
///
/// | instruction | bound (ISA) |
/// | --- | --- |
/// | `rcp.approx.f32` | 1 ulp |
/// | `div.approx.f32` | 2 ulp for `2^-126 <= \|b\| <= 2^126` |
/// | `div.full.f32` | 2 ulp |
/// | `ex2.approx.f32` | 2 ulp from the correctly rounded result |
/// | `sqrt.approx.f32` | relative 2^-23 |
/// | `rsqrt.approx.f32` | relative 2^-22.9 (the ISA states none for `.f64`; the same is used) |
/// | `rcp`/`rsqrt.approx.ftz.f64` | none stated; the result has the 20 mantissa bits of the 1.11.20 upper word, so relative 2^-20 |
/// | `sin`, `cos` | absolute 2^-20.5 in [-2π, 2π], 2^-14.7 in [-100π, 100π], none outside |
/// | `lg2.approx.f32` | absolute 2^-22 in (0.5, 2), relative 2^-22 elsewhere |
/// | `tanh.approx.f32` | relative 2^-11 |
/// | `tanh.approx.f16`, `.bf16` | absolute 2^-10.987, 2^-8 |
/// | `ex2.approx.f16`, `.bf16` | relative 2^-9.9, 2^-7 |
pub fn error_bound(op: &str, ty: &str, x: f64) -> ErrorBound {
    match (op, ty) {
        ("rcp" | "rsqrt", "f64-upper") => ErrorBound::Relative(2f64.powi(-20)),
        ("rcp", _) => ErrorBound::Ulps(1),
        ("div", _) | ("ex2", "f32") => ErrorBound::Ulps(2),
        ("sqrt", _) => ErrorBound::Relative(2f64.powi(-23)),
        ("rsqrt", _) => ErrorBound::Relative(2f64.powf(-22.9)),
        ("sin" | "cos", _) => {
            if x.abs() <= 2.0 * std::f64::consts::PI {
                ErrorBound::Absolute(2f64.powf(-20.5))
            } else if x.abs() <= 100.0 * std::f64::consts::PI {
                ErrorBound::Absolute(2f64.powf(-14.7))
            } else {
                ErrorBound::Unbounded
            }
        }
        ("lg2", _) if x > 0.5 && x < 2.0 => ErrorBound::Absolute(2f64.powi(-22)),
        ("lg2", _) => ErrorBound::Relative(2f64.powi(-22)),
        ("tanh", "f32") => ErrorBound::Relative(2f64.powi(-11)),
        ("tanh", "f16") => ErrorBound::Absolute(2f64.powf(-10.987)),
        ("tanh", _) => ErrorBound::Absolute(2f64.powi(-8)),
        ("ex2", "f16") => ErrorBound::Relative(2f64.powf(-9.9)),
        ("ex2", _) => ErrorBound::Relative(2f64.powi(-7)),
        _ => ErrorBound::Ulps(0),
    }
}

/// `x` in `Double`, exactly (every format here is narrower).
#[inline]
fn to_f64<F: Format>(x: F) -> f64 {
    let d: Double = x.convert(&mut false).value;
    f64::from_bits(d.encode())
}

/// `v` rounded to nearest even in format `F`.
#[inline]
fn from_f64<F: Format>(v: f64) -> F {
    F::from_double(Double::decode(v.to_bits()), Round::NearestTiesToEven)
}

/// The approximation of `f` at the encoding `bits` in format `F`: `.ftz`
/// flushes a subnormal operand and result to a zero of the same sign.
fn approximate<F: Format>(f: Function, ftz: bool, bits: u64) -> u64 {
    let mut x = F::decode(bits);
    if ftz {
        x = flush(x);
    }
    if x.is_nan() {
        return nan_result(&[x]);
    }
    let r: F = match f {
        // Exact to the last bit: one rounding of the exact value.
        Function::Rcp => {
            F::from_u128(1)
                .value
                .div_r(x, Round::NearestTiesToEven)
                .value
        }
        Function::Sqrt => fp::sqrt(x, Round::NearestTiesToEven),
        // The 16-bit formats: evaluated in `.f32`, then truncated, which is
        // what the H100's results look like (recorded: of 122 `ex2.approx.f16`
        // lanes, 112 are the exact value rounded to `.f32` and truncated to
        // `.f16`, 94 the exact value rounded to nearest; `tanh` and `.bf16`
        // alike). Truncation stays within the ISA's bounds. A value beyond
        // the format's range is infinite (recorded: `ex2.approx.f16(16.5)`
        // is `0x7c00`).
        _ if F::WIDTH == 16 => {
            let wide: Single = from_f64(f.eval(to_f64(x)));
            let nearest = F::from_single(wide, Round::NearestTiesToEven);
            if nearest.is_infinite() {
                nearest
            } else {
                F::from_single(wide, Round::TowardZero)
            }
        }
        // `-0` keeps its sign through sin and tanh (ISA tables); the f64
        // functions already do.
        _ => from_f64(f.eval(to_f64(x))),
    };
    if r.is_nan() {
        return nan_result(&[x]);
    }
    if ftz { flush(r) } else { r }.encode()
}

fn unary(m: &Mods, s: &mut [u64], f: Function) -> SemResult {
    let t = ty0(m)?;
    let ftz = m.has(Flags::FTZ);
    let elem = fp::lanes(t).0;
    if t == ScalarType::F64 && ftz && matches!(f, Function::Rcp | Function::Rsqrt) {
        s[0] = upper_word_f64(f, s[1]);
        return Ok(());
    }
    if !matches!(
        elem,
        ScalarType::F16 | ScalarType::Bf16 | ScalarType::F32 | ScalarType::F64
    ) {
        return Err(Fault::not_simulated(format!(
            "approximate function on .{}",
            t.name()
        )));
    }
    s[0] = per_lane(
        t,
        [s[1]],
        |e, [a]| with_format!(e, F => approximate::<F>(f, ftz, a), _ => 0),
    );
    Ok(())
}

/// `rcp.approx.ftz.f64` and `rsqrt.approx.ftz.f64` (PTX ISA 9.7.3.14,
/// 9.7.3.17): computed from the upper 32 bits of `a` (sign, exponent and 20
/// mantissa bits); the result has 20 mantissa bits and its low 32 bits are
/// zero, the rest truncated. A NaN gives `0x7fffffff00000000` (ISA, and
/// recorded); subnormal operands count as zeros of their sign.
fn upper_word_f64(f: Function, a: u64) -> u64 {
    let x = Double::decode(a & 0xffff_ffff_0000_0000);
    let x = flush(x);
    if x.is_nan() {
        return 0x7fff_ffff_0000_0000;
    }
    let r = match f {
        Function::Rcp => Double::from_u128(1).value.div_r(x, Round::TowardZero).value,
        _ => from_f64(f.eval(to_f64(x))),
    };
    if r.is_nan() {
        return 0x7fff_ffff_0000_0000;
    }
    // Truncated to the 20 mantissa bits of the upper word (recorded:
    // `rcp.approx.ftz.f64(2.5)` is `0x3fd9999900000000`).
    flush(r).encode() & 0xffff_ffff_0000_0000
}

/// `rcp.approx{.ftz}.type d, a`
#[inline]
pub fn rcp(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Rcp)
}

/// `sqrt.approx{.ftz}.f32 d, a`
#[inline]
pub fn sqrt(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Sqrt)
}

/// `rsqrt.approx{.ftz}.type d, a`
#[inline]
pub fn rsqrt(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Rsqrt)
}

/// `sin.approx{.ftz}.f32 d, a`
#[inline]
pub fn sin(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Sin)
}

/// `cos.approx{.ftz}.f32 d, a`
#[inline]
pub fn cos(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Cos)
}

/// `lg2.approx{.ftz}.f32 d, a`
#[inline]
pub fn lg2(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Lg2)
}

/// `ex2.approx{.ftz}.type d, a`
#[inline]
pub fn ex2(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Ex2)
}

/// `tanh.approx.type d, a`
#[inline]
pub fn tanh(m: &Mods, s: &mut [u64]) -> SemResult {
    unary(m, s, Function::Tanh)
}

/// `div.approx{.ftz}.f32 d, a, b` (PTX ISA 9.7.3.8): `a * (1/b)`; for
/// `2^126 < |b| < 2^128` the result is a zero of the quotient's sign, or
/// NaN when `a` is infinite.
#[inline]
pub fn div_approx(m: &Mods, s: &mut [u64]) -> SemResult {
    let ftz = m.has(Flags::FTZ);
    let (mut a, mut b) = (Single::decode(s[1]), Single::decode(s[2]));
    if ftz {
        a = flush(a);
        b = flush(b);
    }
    let huge = Single::from_u128(1 << 126).value;
    let r = if b.is_finite() && b.abs() > huge {
        if a.is_infinite() {
            <Single as Float>::NAN
        } else {
            let negative = a.is_negative() != b.is_negative();
            if negative {
                -Single::ZERO
            } else {
                Single::ZERO
            }
        }
    } else {
        a.div_r(b, Round::NearestTiesToEven).value
    };
    s[0] = finish32(ftz, &[a, b], r);
    Ok(())
}

/// `div.full{.ftz}.f32 d, a, b`: full-range division within 2 ulp; the
/// simulator gives the correctly rounded quotient.
#[inline]
pub fn div_full(m: &Mods, s: &mut [u64]) -> SemResult {
    let ftz = m.has(Flags::FTZ);
    let (mut a, mut b) = (Single::decode(s[1]), Single::decode(s[2]));
    if ftz {
        a = flush(a);
        b = flush(b);
    }
    let r = a.div_r(b, Round::NearestTiesToEven).value;
    s[0] = finish32(ftz, &[a, b], r);
    Ok(())
}

fn finish32(ftz: bool, inputs: &[Single], r: Single) -> u64 {
    if r.is_nan() {
        return nan_result(inputs);
    }
    if ftz { flush(r) } else { r }.encode()
}

#[cfg(test)]
mod tests {
    use crate::sem::testing::run_asm;

    fn f(asm: &str, x: f32) -> u32 {
        run_asm(asm, &["=f", "f"], &[u64::from(x.to_bits())]) as u32
    }

    #[test]
    fn special_operands_follow_the_isa_tables() {
        assert_eq!(f("rcp.approx.f32 %0, %1;", 0.0), f32::INFINITY.to_bits());
        assert_eq!(
            f("rcp.approx.f32 %0, %1;", f32::NEG_INFINITY),
            (-0f32).to_bits()
        );
        assert_eq!(
            f("rsqrt.approx.f32 %0, %1;", -0.0),
            f32::NEG_INFINITY.to_bits()
        );
        assert_eq!(f("rsqrt.approx.f32 %0, %1;", f32::INFINITY), 0);
        assert_eq!(f("sqrt.approx.f32 %0, %1;", -0.0), (-0f32).to_bits());
        assert_eq!(
            f("lg2.approx.f32 %0, %1;", 0.0),
            f32::NEG_INFINITY.to_bits()
        );
        assert_eq!(f("lg2.approx.f32 %0, %1;", -1.0), 0x7fff_ffff);
        assert_eq!(f("ex2.approx.f32 %0, %1;", f32::NEG_INFINITY), 0);
        assert_eq!(f("sin.approx.f32 %0, %1;", -0.0), (-0f32).to_bits());
        assert_eq!(f("cos.approx.f32 %0, %1;", -0.0), 1f32.to_bits());
        assert_eq!(f("sin.approx.f32 %0, %1;", f32::INFINITY), 0x7fff_ffff);
        assert_eq!(
            f("tanh.approx.f32 %0, %1;", f32::NEG_INFINITY),
            (-1f32).to_bits()
        );
    }

    #[test]
    fn exact_cases_are_exact() {
        assert_eq!(f("ex2.approx.ftz.f32 %0, %1;", 3.0), 8f32.to_bits());
        assert_eq!(f("rcp.approx.ftz.f32 %0, %1;", 4.0), 0.25f32.to_bits());
        assert_eq!(f("sqrt.approx.f32 %0, %1;", 9.0), 3f32.to_bits());
        assert_eq!(f("lg2.approx.f32 %0, %1;", 1024.0), 10f32.to_bits());
    }

    #[test]
    fn ftz_flushes_operand_and_result() {
        // 2^-130 is subnormal: flushed, rcp(+0) = +inf.
        assert_eq!(
            f("rcp.approx.ftz.f32 %0, %1;", 2f32.powi(-130)),
            f32::INFINITY.to_bits()
        );
        // 2^-127 is a subnormal result: flushed to 0 under .ftz only.
        assert_eq!(f("ex2.approx.ftz.f32 %0, %1;", -127.0), 0);
        assert_eq!(
            f("ex2.approx.f32 %0, %1;", -127.0),
            2f32.powi(-127).to_bits()
        );
    }

    #[test]
    fn rcp_approx_ftz_f64_uses_the_upper_word_and_truncates() {
        // Recorded: 1/2.5 = 0x3fd999999999999a, truncated to 0x3fd9999900000000.
        let r = run_asm(
            "rcp.approx.ftz.f64 %0, %1;",
            &["=d", "d"],
            &[2.5f64.to_bits()],
        );
        assert_eq!(r, 0x3fd9_9999_0000_0000);
        // A NaN gives the ISA's canonical 0x7fffffff00000000.
        let r = run_asm(
            "rcp.approx.ftz.f64 %0, %1;",
            &["=d", "d"],
            &[0x7ff8_0000_0000_0000],
        );
        assert_eq!(r, 0x7fff_ffff_0000_0000);
    }

    #[test]
    fn div_approx_gives_zero_for_huge_divisors() {
        // ISA: for 2^126 < |b| < 2^128 the result is a sign-preserving zero.
        let r = run_asm(
            "div.approx.f32 %0, %1, %2;",
            &["=f", "f", "f"],
            &[
                u64::from(1f32.to_bits()),
                u64::from((-2f32.powi(127)).to_bits()),
            ],
        );
        assert_eq!(r, u64::from((-0f32).to_bits()));
    }

    #[test]
    fn half_results_overflow_to_infinity() {
        // 2^16.5 is beyond the largest f16 (recorded: 0x7c00).
        let r = run_asm("ex2.approx.f16 %0, %1;", &["=h", "h"], &[0x4c20]);
        assert_eq!(r, 0x7c00);
    }
}
