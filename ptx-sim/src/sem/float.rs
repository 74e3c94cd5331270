//! Floating-point arithmetic in `.f64`, `.f32`, `.f16`, `.bf16` and their
//! packed pairs (PTX ISA 9.7.3 "Floating Point Instructions", 9.7.4 "Half
//! Precision Floating Point Instructions", 9.7.5 "Mixed Precision").
//!
//! One generic evaluation serves every format: flush subnormal inputs
//! (`.ftz`), compute with one rounding (`rustc_apfloat`, exact), write a NaN
//! result as the H100 does ([`fp::NanRule`]), flush a subnormal result (`.ftz`),
//! then clamp (`.sat` to [0, 1], `.relu` to non-negative). Packed types
//! apply it to each element. The semantics keys shared with the integer
//! family (`add`, `sub`, `div`, `abs`, `neg`, `min`, `max`) dispatch on
//! the type.

use super::fp::{self, Format, flush, nan_result, per_lane, with_format};
use super::integer;
use crate::exec::{Fault, SemResult, ty0, unsupported};
use ptx_core::{Flags, Mods, ScalarType, Sel};
use rustc_apfloat::ieee::Single;
use rustc_apfloat::{Float, Round};

/// An arithmetic operation with one rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a * b`
    Mul,
    /// `a * b + c`, rounded once
    Fma,
    /// `a / b`
    Div,
    /// `1 / a`
    Rcp,
    /// `sqrt(a)`
    Sqrt,
}

/// The modifiers that shape a result, decoded once.
#[derive(Clone, Copy, Debug)]
pub struct Env {
    /// The rounding (no modifier: to nearest even).
    pub round: Round,
    /// `.ftz`: subnormal inputs and results become signed zeros.
    pub ftz: bool,
    /// `.sat`: the result is clamped to [0, 1], NaN to +0.
    pub sat: bool,
    /// `.relu`: a negative result becomes +0, NaN the canonical NaN.
    pub relu: bool,
}

impl Env {
    /// The environment of an instruction's modifiers.
    #[inline]
    pub fn of(m: &Mods) -> Env {
        Env {
            round: fp::round_of(m.rnd),
            ftz: m.has(Flags::FTZ),
            sat: m.has(Flags::SAT),
            relu: m.has(Flags::RELU),
        }
    }
}

/// `op` over inputs already decoded (and flushed where `.ftz` says so).
/// Under `.ftz` the rounding happens in the format's wide-exponent twin, so
/// that tininess is judged after rounding ([`Format::flush_tiny`]).
#[inline]
fn apply<F: Format>(op: Op, x: &[F], round: Round, ftz: bool) -> F {
    if op == Op::Sqrt {
        // A root of a normal number is normal: nothing to flush.
        return fp::sqrt(x[0], round);
    }
    if ftz {
        let w: Vec<F::Wide> = x.iter().map(|v| v.widen()).collect();
        return F::flush_tiny(basic(op, &w, round), round);
    }
    basic(op, x, round)
}

/// The basic operations, in any format.
#[inline]
fn basic<F: Float>(op: Op, x: &[F], round: Round) -> F {
    match op {
        Op::Add => x[0].add_r(x[1], round).value,
        Op::Sub => x[0].sub_r(x[1], round).value,
        Op::Mul => x[0].mul_r(x[1], round).value,
        Op::Fma => x[0].mul_add_r(x[1], x[2], round).value,
        Op::Div => x[0].div_r(x[1], round).value,
        Op::Rcp => F::from_u128(1).value.div_r(x[0], round).value,
        // [`apply`] takes square roots itself (exactly, in the format).
        Op::Sqrt => x[0],
    }
}

/// The encoding of result `r` of an operation on `inputs`, after the NaN
/// rule, `.ftz`, `.sat` and `.relu`.
///
/// `.sat` writes +0 for NaN and for every negative result, -0 included;
/// `.relu` writes +0 for a negative result, -0 included (recorded:
/// `add.sat.f32` and `fma.rn.relu.f16`).
#[inline]
pub fn finish<F: Format>(env: Env, inputs: &[F], r: F) -> u64 {
    if r.is_nan() {
        return if env.sat { 0 } else { nan_result(inputs) };
    }
    let mut r = if env.ftz { flush(r) } else { r };
    if env.sat {
        let one = F::from_u128(1).value;
        if r.is_negative() {
            r = F::ZERO;
        } else if r > one {
            r = one;
        }
    }
    if env.relu && r.is_negative() {
        r = F::ZERO;
    }
    r.encode()
}

/// Evaluates `op` on encoded inputs in format `F`.
#[inline]
pub fn eval<F: Format, const N: usize>(env: Env, op: Op, xs: [u64; N]) -> u64 {
    let mut v = xs.map(F::decode);
    if env.ftz {
        v = v.map(flush);
    }
    finish(env, &v, apply(op, &v, env.round, env.ftz))
}

/// Whether `t` is a format the arithmetic works in (alone or packed).
#[inline]
fn arithmetic_type(t: ScalarType) -> Result<ScalarType, Fault> {
    let elem = fp::lanes(t).0;
    match elem {
        ScalarType::F16 | ScalarType::Bf16 | ScalarType::F32 | ScalarType::F64 => Ok(elem),
        _ => Err(unsupported(&format!(
            "floating-point arithmetic on .{}",
            t.name()
        ))),
    }
}

/// `op` under the instruction's modifiers, element by element. A mixed
/// precision form (`add.f32.f16`, `fma.rn.f32.bf16`: a second type) converts
/// every operand but the last, exactly, from that type to `.f32` first.
#[inline]
fn compute<const N: usize>(m: &Mods, op: Op, xs: [u64; N]) -> Result<u64, Fault> {
    let t = ty0(m)?;
    let env = Env::of(m);
    if let (ScalarType::F32, Some(src @ (ScalarType::F16 | ScalarType::Bf16))) = (t, m.ty(1)) {
        let mut widened = xs;
        for x in widened.iter_mut().take(N - 1) {
            *x = with_format!(src, S => widen::<S>(*x), _ => *x);
        }
        return Ok(eval::<Single, N>(env, op, widened));
    }
    arithmetic_type(t)?;
    Ok(per_lane(
        t,
        xs,
        |e, part| with_format!(e, F => eval::<F, N>(env, op, part), _ => 0),
    ))
}

/// A 16-bit float's encoding as the `.f32` of the same value (exact).
#[inline]
fn widen<S: Format>(bits: u64) -> u64 {
    let v: Single = S::decode(bits).convert(&mut false).value;
    v.encode()
}

/// `add{.rnd}{.ftz}{.sat}.type d, a, b` (integer types: [`integer::add`]).
#[inline]
pub fn add(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::add(m, s);
    }
    s[0] = compute(m, Op::Add, [s[1], s[2]])?;
    Ok(())
}

/// `sub{.rnd}{.ftz}{.sat}.type d, a, b` (integer types: [`integer::sub`]).
#[inline]
pub fn sub(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::sub(m, s);
    }
    s[0] = compute(m, Op::Sub, [s[1], s[2]])?;
    Ok(())
}

/// `mul{.rnd}{.ftz}{.sat}.type d, a, b`
#[inline]
pub fn mul(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = compute(m, Op::Mul, [s[1], s[2]])?;
    Ok(())
}

/// `fma.rnd{.ftz}{.sat}{.relu}.type d, a, b, c` and `mad.rnd.type`: `a * b + c`
/// rounded once.
#[inline]
pub fn fma(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = compute(m, Op::Fma, [s[1], s[2], s[3]])?;
    Ok(())
}

/// The out-of-bounds NaN of the 16-bit formats (PTX ISA 5.5 "Tensors": the
/// fill of out-of-bounds elements is the all-ones-but-sign NaN).
const OOB_NAN_16: u64 = 0x7fff;

/// `fma.rn.oob{.relu}.type d, a, b, c`: as `fma`, but an element whose `a`
/// or `b` is the OOB-NaN gives +0 (PTX ISA 9.7.4.4: "forced to +0.0",
/// independently for each element of a pair).
#[inline]
pub fn fma_oob(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    arithmetic_type(t)?;
    let env = Env::of(m);
    s[0] = per_lane(t, [s[1], s[2], s[3]], |e, [a, b, c]| {
        if a == OOB_NAN_16 || b == OOB_NAN_16 {
            0
        } else {
            with_format!(e, F => eval::<F, 3>(env, Op::Fma, [a, b, c]), _ => 0)
        }
    });
    Ok(())
}

/// `div.rnd{.ftz}.type d, a, b` (integer types: [`integer::div`]).
#[inline]
pub fn div(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::div(m, s);
    }
    s[0] = compute(m, Op::Div, [s[1], s[2]])?;
    Ok(())
}

/// `rcp.rnd{.ftz}.type d, a`: `1 / a` rounded once.
#[inline]
pub fn rcp(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = compute(m, Op::Rcp, [s[1]])?;
    Ok(())
}

/// `sqrt.rnd{.ftz}.type d, a`, rounded once (exactly, see [`fp::sqrt`]).
#[inline]
pub fn sqrt(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = compute(m, Op::Sqrt, [s[1]])?;
    Ok(())
}

/// `neg` or `abs` of one element: a sign operation, but a NaN input gives
/// the format's NaN result (recorded: `neg.f32` of `0x7fc00000` writes
/// `0x7fffffff`; `abs.f64` of `0x7ff4000000000000` writes the quieted
/// `0x7ff8...` pattern `0x7ffc000000000000`, sign untouched).
#[inline]
fn sign_op<F: Format>(ftz: bool, bits: u64, abs: bool) -> u64 {
    let mut x = F::decode(bits);
    if x.is_nan() {
        return nan_result(&[x]);
    }
    if ftz {
        x = flush(x);
    }
    let sign = 1u64 << (F::WIDTH - 1);
    if abs {
        x.encode() & !sign
    } else {
        x.encode() ^ sign
    }
}

fn sign_instruction(m: &Mods, s: &mut [u64], abs: bool) -> SemResult {
    let t = ty0(m)?;
    arithmetic_type(t)?;
    let ftz = m.has(Flags::FTZ);
    s[0] = per_lane(
        t,
        [s[1]],
        |e, [a]| with_format!(e, F => sign_op::<F>(ftz, a, abs), _ => 0),
    );
    Ok(())
}

/// `neg{.ftz}.type d, a` (integer types: [`integer::neg`]).
#[inline]
pub fn neg(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::neg(m, s);
    }
    sign_instruction(m, s, false)
}

/// `abs{.ftz}.type d, a` (integer types: [`integer::abs`]).
#[inline]
pub fn abs(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::abs(m, s);
    }
    sign_instruction(m, s, true)
}

/// The modifiers of `min`/`max`.
#[derive(Clone, Copy)]
struct MinMax {
    max: bool,
    ftz: bool,
    nan: bool,
    abs: bool,
    xorsign: bool,
}

/// `min`/`max` of two values as the PTX ISA defines it (9.7.3.11): a NaN
/// operand is ignored unless `.NaN` is written or both are NaN; -0 < +0.
fn pick<F: Format>(mm: MinMax, x: F, y: F) -> Result<F, ()> {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Err(()),
        (true, false) | (false, true) if mm.nan => Err(()),
        (true, false) => Ok(y),
        (false, true) => Ok(x),
        (false, false) => {
            let (xn, yn) = (x.is_negative(), y.is_negative());
            let x_first = if x.is_zero() && y.is_zero() {
                // -0 is the smaller zero.
                xn || !yn
            } else {
                x <= y
            };
            Ok(if x_first != mm.max { x } else { y })
        }
    }
}

fn min_max_elements<F: Format>(mm: MinMax, xs: &[u64]) -> u64 {
    let mut v: Vec<F> = xs.iter().map(|&b| F::decode(b)).collect();
    if mm.ftz {
        v.iter_mut().for_each(|x| *x = flush(*x));
    }
    let sign = 1u64 << (F::WIDTH - 1);
    let xor = v.len() == 2 && v.iter().filter(|x| x.is_negative()).count() == 1;
    let operands: Vec<F> = if mm.abs {
        v.iter().map(|x| x.abs()).collect()
    } else {
        v.clone()
    };
    let mut result = Ok(operands[0]);
    for &o in &operands[1..] {
        result = result.and_then(|r| pick(mm, r, o));
    }
    match result {
        Err(()) => nan_result(&v),
        Ok(r) if mm.xorsign => {
            let magnitude = r.encode() & !sign;
            if xor { magnitude | sign } else { magnitude }
        }
        Ok(r) => r.encode(),
    }
}

fn min_max(m: &Mods, s: &mut [u64], max: bool) -> SemResult {
    let t = ty0(m)?;
    if !t.is_float() {
        return if max {
            integer::max(m, s)
        } else {
            integer::min(m, s)
        };
    }
    arithmetic_type(t)?;
    let mm = MinMax {
        max,
        ftz: m.has(Flags::FTZ),
        nan: m.has(Flags::NAN),
        abs: m.has(Flags::ABS),
        xorsign: m.has(Flags::XORSIGN),
    };
    // Two operands, or three (sm_100) when the third slot is present.
    s[0] = if s.len() > 3 {
        per_lane(
            t,
            [s[1], s[2], s[3]],
            |e, xs| with_format!(e, F => min_max_elements::<F>(mm, &xs), _ => 0),
        )
    } else {
        per_lane(
            t,
            [s[1], s[2]],
            |e, xs| with_format!(e, F => min_max_elements::<F>(mm, &xs), _ => 0),
        )
    };
    Ok(())
}

/// `min{.ftz}{.NaN}{.xorsign.abs}.type d, a, b{, c}` (integer types: [`integer::min`]).
#[inline]
pub fn min(m: &Mods, s: &mut [u64]) -> SemResult {
    min_max(m, s, false)
}

/// `max{.ftz}{.NaN}{.xorsign.abs}.type d, a, b{, c}` (integer types: [`integer::max`]).
#[inline]
pub fn max(m: &Mods, s: &mut [u64]) -> SemResult {
    min_max(m, s, true)
}

/// `copysign.type d, a, b`: `b` with the sign of `a`, bits untouched (a NaN
/// `b` keeps its payload: recorded `copysign.f32` writes `0x7fa00000`).
#[inline]
pub fn copysign(m: &Mods, s: &mut [u64]) -> SemResult {
    let bits = ty0(m)?.bits();
    let sign = 1u64 << (bits - 1);
    s[0] = (s[1] & sign) | (s[2] & !sign);
    Ok(())
}

/// `testp.op.type p, a`: a class test of `a`. Without an operation (ptxas
/// accepts that) it tests `.finite`.
#[inline]
pub fn testp(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let op = m.sel[0].unwrap_or(Sel::Finite);
    let (nan, infinite, subnormal, zero) = with_format!(t, F => {
        let x = F::decode(s[1]);
        (x.is_nan(), x.is_infinite(), x.is_denormal(), x.is_zero())
    }, _ => return Err(unsupported(&format!("testp on .{}", t.name()))));
    s[0] = u64::from(match op {
        Sel::Finite => !nan && !infinite,
        Sel::Infinite => infinite,
        Sel::Number => !nan,
        Sel::NotANumber => nan,
        Sel::Normal => !nan && !infinite && !subnormal && !zero,
        Sel::Subnormal => subnormal,
        _ => return Err(unsupported("this testp operation")),
    });
    Ok(())
}
