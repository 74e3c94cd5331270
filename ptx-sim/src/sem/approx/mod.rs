//! The approximate instructions (`.approx`, and `div.full`): `rcp`, `sqrt`,
//! `rsqrt`, `sin`, `cos`, `lg2`, `ex2`, `tanh`, `div`.
//!
//! The PTX ISA leaves their results implementation-specific within a
//! documented maximum error (the bounds are in [`error_bound`], with
//! their citations). The simulator computes what the H100 computes: each
//! instruction is the short sequence ptxas 13.0 compiles it to for sm_90
//! (the special function unit's `MUFU` modes, in [`sfu`], around exact
//! multiplies and adds that scale subnormal and huge operands), and the
//! `MUFU` modes give the H100's measured results (`docs/special-functions.md`
//! says how they were measured, what each table holds, and how every
//! operand was compared with an H100).

pub mod sfu;
pub mod table;

use super::float::{self, Env, Op};
use super::fp::{lanes, per_lane};
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

/// `a * b` (`FMUL.FTZ`), to nearest, subnormal operands and results
/// flushed.
#[inline]
fn mul_ftz(a: u32, b: u32) -> u32 {
    let env = Env {
        round: Round::NearestTiesToEven,
        ftz: true,
        sat: false,
        relu: false,
    };
    float::eval::<Single, 2>(env, Op::Mul, [u64::from(a), u64::from(b)]) as u32
}

/// `a * b`, to nearest, subnormals kept: the scaling multiplies (the
/// host's `f32` multiply is IEEE's; a NaN comes out canonical).
#[inline]
fn mul(a: u32, b: u32) -> u32 {
    let p = f32::from_bits(a) * f32::from_bits(b);
    if p.is_nan() { 0x7fff_ffff } else { p.to_bits() }
}

/// `a + b` (`FADD`), to nearest, subnormals kept.
#[inline]
fn add(a: u32, b: u32) -> u32 {
    let env = Env::of(&Mods::default());
    float::eval::<Single, 2>(env, Op::Add, [u64::from(a), u64::from(b)]) as u32
}

const TWO_24: u32 = 0x4b80_0000;
const QUARTER: u32 = 0x3e80_0000;

/// `|x| < 2^-126`: a subnormal (or zero) operand, which the non-`.ftz`
/// forms scale by 2^24 before the unit sees it (`FSETP.GEU`: a NaN is not
/// small).
#[inline]
fn small(x: u32) -> bool {
    x & 0x7fff_ffff < 0x0080_0000
}

/// `|x| > 2^126` (`FSETP.GT`: a NaN is not huge).
#[inline]
fn huge(x: u32) -> bool {
    let a = x & 0x7fff_ffff;
    a > 0x7e80_0000 && a <= 0x7f80_0000
}

/// What the non-`.ftz` reciprocals (`rcp.approx`, `div.full`) scale a
/// divisor `x` by before `MUFU.RCP`: 1/4 beyond 2^126, 2^24 for a
/// subnormal, nothing otherwise.
#[inline]
fn reciprocal_scale(x: u32) -> Option<u32> {
    if huge(x) {
        Some(QUARTER)
    } else if small(x) {
        Some(TWO_24)
    } else {
        None
    }
}

/// `op.approx{.ftz}.f32 d, a` as the H100 runs it (the SASS of ptxas 13.0
/// for sm_90, in comments).
pub fn f32_form(f: Function, ftz: bool, x: u32) -> u32 {
    match (f, ftz) {
        // MUFU.RCP
        (Function::Rcp, true) => sfu::rcp(x),
        // FMUL s, MUFU.RCP(FMUL x, s)
        (Function::Rcp, false) => match reciprocal_scale(x) {
            Some(s) => mul(s, sfu::rcp(mul(x, s))),
            None => sfu::rcp(x),
        },
        (Function::Sqrt, true) => sfu::sqrt(x),
        // a subnormal is scaled by 2^24 and its root by 2^-12
        (Function::Sqrt, false) if small(x) => mul(sfu::sqrt(mul(x, TWO_24)), 0x3980_0000),
        (Function::Sqrt, false) => sfu::sqrt(x),
        (Function::Rsqrt, true) => sfu::rsqrt(x),
        // a subnormal is scaled by 2^24 and its reciprocal root by 2^12
        (Function::Rsqrt, false) if small(x) => mul(sfu::rsqrt(mul(x, TWO_24)), 0x4580_0000),
        (Function::Rsqrt, false) => sfu::rsqrt(x),
        (Function::Lg2, true) => sfu::lg2(x),
        // a subnormal is scaled by 2^24, and 24 taken off its logarithm
        (Function::Lg2, false) if small(x) => add(sfu::lg2(mul(x, TWO_24)), 0xc1c0_0000),
        (Function::Lg2, false) => sfu::lg2(x),
        (Function::Ex2, true) => sfu::ex2(x),
        // below -126 (FSETP.GEU x, -126 fails): MUFU.EX2(x / 2), squared
        (Function::Ex2, false) => {
            let below = x > 0xc2fc_0000 && x <= 0xff80_0000;
            if below {
                let half = sfu::ex2(mul(x, 0x3f00_0000));
                mul(half, half)
            } else {
                sfu::ex2(x)
            }
        }
        // FMUL.RZ x, 1/(2 pi) (0x3e22f983), then MUFU.SIN/COS, with or
        // without .ftz
        (Function::Sin, _) => sfu::sin(sfu::mul_toward_zero(x, INV_TAU)),
        (Function::Cos, _) => sfu::cos(sfu::mul_toward_zero(x, INV_TAU)),
        // MUFU.TANH (the form has no .ftz)
        (Function::Tanh, _) => sfu::tanh(x),
    }
}

/// `1 / (2 pi)` in `.f32`, the revolutions the unit's `SIN` and `COS` take.
const INV_TAU: u32 = 0x3e22_f983;

fn unary(m: &Mods, s: &mut [u64], f: Function) -> SemResult {
    let t = ty0(m)?;
    let ftz = m.has(Flags::FTZ);
    let table = match (f, lanes(t).0) {
        (_, ScalarType::F32) => {
            s[0] = u64::from(f32_form(f, ftz, s[1] as u32));
            return Ok(());
        }
        (Function::Rcp, ScalarType::F64) if ftz => {
            s[0] = u64::from(sfu::rcp64h((s[1] >> 32) as u32)) << 32;
            return Ok(());
        }
        (Function::Rsqrt, ScalarType::F64) => {
            s[0] = if ftz {
                u64::from(sfu::rsqrt64h((s[1] >> 32) as u32)) << 32
            } else {
                rsqrt_f64(s[1])
            };
            return Ok(());
        }
        (Function::Ex2, ScalarType::F16) => &table::EX2_F16,
        (Function::Ex2, ScalarType::Bf16) => &table::EX2_BF16,
        (Function::Tanh, ScalarType::F16) => &table::TANH_F16,
        (Function::Tanh, ScalarType::Bf16) => &table::TANH_BF16,
        _ => {
            return Err(Fault::not_simulated(format!(
                "{f:?} approximation on .{}",
                t.name()
            )));
        }
    };
    s[0] = per_lane(t, [s[1]], |_, [a]| u64::from(table.get(a as u16)));
    Ok(())
}

/// `rsqrt.approx.f64 d, a`: `MUFU.RSQ64H` of the upper word refined by one
/// step of `r + r e (1/2 + 3/8 e)` with `e = 1 - a r^2` (ptxas 13.0, sm_90);
/// a subnormal is scaled by 2^54 and its result by 2^27.
pub fn rsqrt_f64(a: u64) -> u64 {
    let x = Double::from_bits(u128::from(a));
    let hi = (a >> 32) as u32;
    if hi.wrapping_sub(0x0010_0000) >= 0x7fe0_0000 {
        // zero, subnormal, negative, infinite or NaN
        if x.is_zero() {
            return (a & (1 << 63)) | 0x7ff0_0000_0000_0000;
        }
        if x.is_nan() {
            return x.add_r(x, Round::NearestTiesToEven).value.to_bits() as u64;
        }
        if x.is_negative() {
            return 0xfff8_0000_0000_0000;
        }
        if x.is_infinite() {
            return 0;
        }
        let scaled = x.mul_r(Double::from_u128(1 << 54).value, Round::NearestTiesToEven);
        let r = refine(scaled.value);
        let back = Double::from_u128(1 << 27).value;
        return r.mul_r(back, Round::NearestTiesToEven).value.to_bits() as u64;
    }
    refine(x).to_bits() as u64
}

/// One refinement step of `MUFU.RSQ64H(x)` (see [`rsqrt_f64`]).
fn refine(x: Double) -> Double {
    let near = Round::NearestTiesToEven;
    let hi = (x.to_bits() >> 32) as u32;
    let r = Double::from_bits(u128::from(sfu::rsqrt64h(hi)) << 32);
    let one = Double::from_u128(1).value;
    let e = (-x).mul_add_r(r.mul_r(r, near).value, one, near).value;
    let c = e
        .mul_add_r(
            Double::from_bits(0x3fd8_0000_0000_0000),
            Double::from_bits(0x3fe0_0000_0000_0000),
            near,
        )
        .value;
    let re = r.mul_r(e, near).value;
    c.mul_add_r(re, r, near).value
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

/// `div.approx.f32`, `div.approx.ftz.f32`, `div.full.f32` or
/// `div.full.ftz.f32` of `a / b`, as ptxas 13.0 compiles them for sm_90:
/// `a * MUFU.RCP(b)` around scalings.
///
/// - `div.approx.ftz`: `FMUL.FTZ a, RCP(b)`.
/// - `div.approx`: a subnormal `b` scales both by 2^24; `RCP(b') * a'`.
/// - `div.full.ftz`: `|b| > 2^126` scales both by 1/4 (`FMUL.FTZ`).
/// - `div.full`: `|b| > 2^126` scales both by 1/4, a subnormal `b` by 2^24.
pub fn div_form(full: bool, ftz: bool, a: u32, b: u32) -> u32 {
    match (full, ftz) {
        (false, true) => mul_ftz(a, sfu::rcp(b)),
        (false, false) if small(b) => mul(sfu::rcp(mul(b, TWO_24)), mul(a, TWO_24)),
        (false, false) => mul(sfu::rcp(b), a),
        (true, true) if huge(b) => mul_ftz(sfu::rcp(mul_ftz(b, QUARTER)), mul_ftz(a, QUARTER)),
        (true, true) => mul_ftz(sfu::rcp(b), a),
        (true, false) => match reciprocal_scale(b) {
            Some(s) => mul(sfu::rcp(mul(b, s)), mul(a, s)),
            None => mul(sfu::rcp(b), a),
        },
    }
}

/// `div.approx{.ftz}.f32 d, a, b` (PTX ISA 9.7.3.8); see [`div_form`].
#[inline]
pub fn div_approx(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = u64::from(div_form(false, m.has(Flags::FTZ), s[1] as u32, s[2] as u32));
    Ok(())
}

/// `div.full{.ftz}.f32 d, a, b`; see [`div_form`].
#[inline]
pub fn div_full(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = u64::from(div_form(true, m.has(Flags::FTZ), s[1] as u32, s[2] as u32));
    Ok(())
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
        // 2^-127 is a subnormal result: flushed to 0 under .ftz only. Without
        // .ftz it is EX2(-63.5) squared, within a unit of 2^-127 (2^-149).
        assert_eq!(f("ex2.approx.ftz.f32 %0, %1;", -127.0), 0);
        let r = f("ex2.approx.f32 %0, %1;", -127.0);
        assert!(r.abs_diff(2f32.powi(-127).to_bits()) <= 1, "{r:#x}");
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
