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
use crate::exec::{SemResult, ty0};
use crate::fault::Fault;
use ptx_core::{Flags, Keyword, Mods, Rounding, ScalarType};
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
        _ => Err(Fault::not_simulated(format!(
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

/// `op` on `.f32` or `.f64` operands `s[1..]` by the host's arithmetic,
/// where it gives the bits the exact path gives: rounding to nearest even
/// (no modifier, or `.rn`), no `.ftz`/`.sat`/`.relu`, a result that is not
/// NaN (the H100 writes its own NaN: the exact path knows which). IEEE 754
/// defines these operations to round once, subnormals included, so the
/// host computes what `rustc_apfloat` does, many times faster; `None`
/// leaves the instruction to the exact path.
#[inline(always)]
fn native(m: &Mods, op: Op, s: &[u64]) -> Option<u64> {
    if m.flags.0 != 0 || !matches!(m.rnd, Rounding::Default | Rounding::Rn) {
        return None;
    }
    match m.types {
        [Some(ScalarType::F32), None, None, None] => {
            let f = |k: usize| f32::from_bits(s[k] as u32);
            let r = match op {
                Op::Add => f(1) + f(2),
                Op::Sub => f(1) - f(2),
                Op::Mul => f(1) * f(2),
                Op::Fma => f(1).mul_add(f(2), f(3)),
                _ => return None,
            };
            (!r.is_nan()).then(|| u64::from(r.to_bits()))
        }
        [Some(ScalarType::F64), None, None, None] => {
            let f = |k: usize| f64::from_bits(s[k]);
            let r = match op {
                Op::Add => f(1) + f(2),
                Op::Sub => f(1) - f(2),
                Op::Mul => f(1) * f(2),
                Op::Fma => f(1).mul_add(f(2), f(3)),
                _ => return None,
            };
            (!r.is_nan()).then(|| r.to_bits())
        }
        _ => None,
    }
}

/// `op` with `N` source operands from `s[1..]`, natively where that gives
/// the same bits ([`native`]), else exactly.
#[inline(always)]
fn arithmetic<const N: usize>(m: &Mods, op: Op, s: &mut [u64]) -> SemResult {
    if let Some(r) = native(m, op, s) {
        s[0] = r;
        return Ok(());
    }
    let mut xs = [0u64; N];
    xs.copy_from_slice(&s[1..=N]);
    s[0] = compute(m, op, xs)?;
    Ok(())
}

/// `add{.rnd}{.ftz}{.sat}.type d, a, b` (integer types: [`integer::add`]).
#[inline]
pub fn add(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::add(m, s);
    }
    arithmetic::<2>(m, Op::Add, s)
}

/// `sub{.rnd}{.ftz}{.sat}.type d, a, b` (integer types: [`integer::sub`]).
#[inline]
pub fn sub(m: &Mods, s: &mut [u64]) -> SemResult {
    if !ty0(m)?.is_float() {
        return integer::sub(m, s);
    }
    arithmetic::<2>(m, Op::Sub, s)
}

/// `mul{.rnd}{.ftz}{.sat}.type d, a, b`
#[inline]
pub fn mul(m: &Mods, s: &mut [u64]) -> SemResult {
    arithmetic::<2>(m, Op::Mul, s)
}

/// `fma.rnd{.ftz}{.sat}{.relu}.type d, a, b, c` and `mad.rnd.type`: `a * b + c`
/// rounded once.
#[inline]
pub fn fma(m: &Mods, s: &mut [u64]) -> SemResult {
    arithmetic::<3>(m, Op::Fma, s)
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
    let op = m.keywords[0].unwrap_or(Keyword::Finite);
    let (nan, infinite, subnormal) = with_format!(t, F => {
        let x = F::decode(s[1]);
        (x.is_nan(), x.is_infinite(), x.is_denormal())
    }, _ => return Err(Fault::not_simulated(format!("testp on .{}", t.name()))));
    s[0] = u64::from(match op {
        Keyword::Finite => !nan && !infinite,
        Keyword::Infinite => infinite,
        Keyword::Number => !nan,
        Keyword::NotANumber => nan,
        // The H100 counts zeros as normal: its records of `testp.normal` on
        // +0.0 and -0.0 (f32 and f64) give 1.
        Keyword::Normal => !nan && !infinite && !subnormal,
        Keyword::Subnormal => subnormal,
        other => {
            return Err(Fault::malformed(
                "testp",
                format!("unexpected operation .{}", other.word()),
            ));
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {

    /// The host's arithmetic ([`super::native`]) gives the exact path's
    /// bits for every operation and format it takes, over edge values
    /// (zeros, subnormals, the largest finite, infinities, NaN, ones) and
    /// random ones; where it declines (a NaN result) the exact path runs.
    #[test]
    fn native_arithmetic_matches_the_exact_evaluation() {
        use ptx_core::{Mods, Rounding, ScalarType};
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges32: [u64; 10] = [
            0,
            0x8000_0000,
            1,
            0x807f_ffff,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x3f80_0000,
            0xbf80_0001,
        ];
        let edges64: [u64; 10] = [
            0,
            1 << 63,
            1,
            0x800f_ffff_ffff_ffff,
            0x7fef_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0x3ff0_0000_0000_0000,
            0xbff0_0000_0000_0001,
        ];
        for (ty, edges, mask) in [
            (ScalarType::F32, edges32, u64::from(u32::MAX)),
            (ScalarType::F64, edges64, u64::MAX),
        ] {
            let mut cases: Vec<[u64; 3]> = Vec::new();
            for &a in &edges {
                for &b in &edges {
                    for &c in &edges {
                        cases.push([a, b, c]);
                    }
                }
            }
            cases.extend((0..20_000).map(|_| [next() & mask, next() & mask, next() & mask]));
            for rnd in [Rounding::Default, Rounding::Rn] {
                let mut m = Mods::NONE;
                m.types[0] = Some(ty);
                m.rnd = rnd;
                for op in [
                    super::Op::Add,
                    super::Op::Sub,
                    super::Op::Mul,
                    super::Op::Fma,
                ] {
                    for &[a, b, c] in &cases {
                        let mut fast = [0, a, b, c];
                        let run = match op {
                            super::Op::Add => super::add,
                            super::Op::Sub => super::sub,
                            super::Op::Mul => super::mul,
                            _ => super::fma,
                        };
                        run(&m, &mut fast).unwrap();
                        let exact = match op {
                            super::Op::Fma => super::compute(&m, op, [a, b, c]),
                            _ => super::compute(&m, op, [a, b]),
                        }
                        .unwrap();
                        assert_eq!(fast[0], exact, "{op:?} {ty:?} {rnd:?} {a:#x} {b:#x} {c:#x}");
                    }
                }
            }
        }
    }

    use crate::sem::testing::run_asm;

    fn f32op(asm: &str, inputs: &[u32]) -> u32 {
        let cons: Vec<&str> = std::iter::once("=f")
            .chain(inputs.iter().map(|_| "f"))
            .collect();
        let ins: Vec<u64> = inputs.iter().map(|&x| u64::from(x)).collect();
        run_asm(asm, &cons, &ins) as u32
    }

    fn f64op(asm: &str, inputs: &[f64]) -> u64 {
        let cons: Vec<&str> = std::iter::once("=d")
            .chain(inputs.iter().map(|_| "d"))
            .collect();
        let ins: Vec<u64> = inputs.iter().map(|x| x.to_bits()).collect();
        run_asm(asm, &cons, &ins)
    }

    const ONE: u32 = 0x3f80_0000;
    /// 2^-24: half an ulp of 1.0, so 1 + 2^-24 is a tie.
    const HALF_ULP: u32 = 0x3380_0000;

    #[test]
    fn add_rounding_modes_at_a_tie() {
        // 1 + 2^-24 lies halfway between 1.0 and 1.0 + 2^-23.
        let add = |rnd: &str| f32op(&format!("add{rnd}.f32 %0, %1, %2;"), &[ONE, HALF_ULP]);
        assert_eq!(add(".rn"), ONE, "ties to even");
        assert_eq!(add(""), ONE, "no modifier means .rn");
        assert_eq!(add(".rz"), ONE);
        assert_eq!(add(".rm"), ONE);
        assert_eq!(add(".rp"), ONE + 1);
        // The mirror image: -1 - 2^-24.
        let sub = |rnd: &str| {
            f32op(
                &format!("sub{rnd}.f32 %0, %1, %2;"),
                &[ONE | 1 << 31, HALF_ULP],
            )
        };
        assert_eq!(sub(".rm"), (ONE + 1) | 1 << 31);
        assert_eq!(sub(".rp"), ONE | 1 << 31);
        assert_eq!(sub(".rz"), ONE | 1 << 31);
    }

    #[test]
    fn directed_rounding_of_a_quotient() {
        // 1/3 = 0x1.555555555...p-2: the f32 mantissa 0x2aaaaa is followed by 1010...
        let div = |rnd: &str| f32op(&format!("div{rnd}.f32 %0, %1, %2;"), &[ONE, 0x4040_0000]);
        assert_eq!(div(".rz"), 0x3eaa_aaaa);
        assert_eq!(div(".rm"), 0x3eaa_aaaa);
        assert_eq!(div(".rn"), 0x3eaa_aaab);
        assert_eq!(div(".rp"), 0x3eaa_aaab);
        assert_eq!(f64op("rcp.rn.f64 %0, %1;", &[3.0]), 0x3fd5_5555_5555_5555);
        assert_eq!(
            f64op("add.rp.f64 %0, %1, %2;", &[1.0, 2f64.powi(-60)]),
            0x3ff0_0000_0000_0001
        );
    }

    #[test]
    fn fma_rounds_once() {
        // (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; a rounded product would give 0.
        assert_eq!(
            f32op(
                "fma.rn.f32 %0, %1, %2, %3;",
                &[ONE + 1, 0x3f7f_fffe, ONE | 1 << 31]
            ),
            0xa880_0000
        );
        assert_eq!(
            f32op(
                "mad.rn.f32 %0, %1, %2, %3;",
                &[ONE + 1, 0x3f7f_fffe, ONE | 1 << 31]
            ),
            0xa880_0000
        );
    }

    #[test]
    fn ftz_flushes_subnormal_operands_and_results() {
        assert_eq!(f32op("add.f32 %0, %1, %2;", &[1, 0]), 1);
        assert_eq!(f32op("add.ftz.f32 %0, %1, %2;", &[1, 0]), 0);
        // Recorded on the H100: neg.ftz.f32 of a positive subnormal is -0.
        assert_eq!(f32op("neg.ftz.f32 %0, %1;", &[0x0013_a977]), 0x8000_0000);
        // 2^-126 * 0.5 is subnormal: flushed to +0 under .ftz.
        assert_eq!(
            f32op("mul.ftz.f32 %0, %1, %2;", &[0x0080_0000, 0x3f00_0000]),
            0
        );
        assert_eq!(
            f32op("mul.f32 %0, %1, %2;", &[0x0080_0000, 0x3f00_0000]),
            0x0040_0000
        );
    }

    #[test]
    fn ftz_judges_tininess_after_rounding_with_an_unbounded_exponent() {
        // Recorded: 0x0400 * 0x3bff = 2^-14 - 2^-25 (c = 0x0001 flushed), below
        // the smallest normal, so 0 under .ftz ...
        let h = |asm: &str| run_asm(asm, &["=h", "h", "h", "h"], &[0x0400, 0x3bff, 0x0001]);
        assert_eq!(h("fma.rn.ftz.f16 %0, %1, %2, %3;"), 0x0000);
        // ... while without .ftz, 2^-14 - 2^-25 + 2^-24 = 2^-14 + 2^-25 is a
        // tie between 0x0400 and 0x0401 on the subnormal-spaced grid: even wins.
        assert_eq!(h("fma.rn.f16 %0, %1, %2, %3;"), 0x0400);
    }

    #[test]
    fn f32_and_half_nan_results_are_canonical() {
        assert_eq!(
            f32op("add.rn.f32 %0, %1, %2;", &[0x7fc0_0001, ONE]),
            0x7fff_ffff
        );
        assert_eq!(f32op("neg.f32 %0, %1;", &[0x7fc0_0000]), 0x7fff_ffff);
        assert_eq!(f32op("abs.f32 %0, %1;", &[0xffa0_0000]), 0x7fff_ffff);
        // inf - inf
        assert_eq!(
            f32op("sub.rn.f32 %0, %1, %2;", &[0x7f80_0000, 0x7f80_0000]),
            0x7fff_ffff
        );
        assert_eq!(
            run_asm("add.f16 %0, %1, %2;", &["=h", "h", "h"], &[0x7e00, 0x3c00]),
            0x7fff
        );
        assert_eq!(
            run_asm("mul.bf16 %0, %1, %2;", &["=h", "h", "h"], &[0xffa0, 0x3f80]),
            0x7fff
        );
    }

    #[test]
    fn f64_nan_inputs_are_quieted_and_invalid_operations_give_the_negative_default_nan() {
        let snan = f64::from_bits(0x7ff4_0000_0000_0000);
        assert_eq!(
            f64op("add.rn.f64 %0, %1, %2;", &[snan, 1.0]),
            0x7ffc_0000_0000_0000
        );
        assert_eq!(f64op("neg.f64 %0, %1;", &[snan]), 0x7ffc_0000_0000_0000);
        assert_eq!(f64op("sqrt.rn.f64 %0, %1;", &[-1.0]), 0xfff8_0000_0000_0000);
        assert_eq!(
            f64op(
                "add.rn.f64 %0, %1, %2;",
                &[f64::INFINITY, f64::NEG_INFINITY]
            ),
            0xfff8_0000_0000_0000
        );
    }

    #[test]
    fn sat_clamps_to_zero_one_and_nan_to_zero() {
        assert_eq!(
            f32op("add.sat.f32 %0, %1, %2;", &[0x3f40_0000, 0x3f00_0000]),
            ONE
        );
        assert_eq!(
            f32op("add.sat.f32 %0, %1, %2;", &[0xbf00_0000, 0x3e80_0000]),
            0
        );
        assert_eq!(f32op("add.sat.f32 %0, %1, %2;", &[0x7fc0_0000, ONE]), 0);
        assert_eq!(
            run_asm(
                "fma.rn.sat.f16 %0, %1, %2, %3;",
                &["=h", "h", "h", "h"],
                &[0x4000, 0x4000, 0]
            ),
            0x3c00
        );
    }

    #[test]
    fn relu_clamps_negative_results_to_zero_and_keeps_nan() {
        let relu = |a: u64| {
            run_asm(
                "fma.rn.relu.f16 %0, %1, %2, %3;",
                &["=h", "h", "h", "h"],
                &[a, 0x3c00, 0],
            )
        };
        assert_eq!(relu(0xc000), 0);
        assert_eq!(relu(0x4000), 0x4000);
        assert_eq!(relu(0x7e00), 0x7fff);
    }

    #[test]
    fn packed_halves_compute_independently() {
        // {2.0, 1.0} + {1.0, -1.0} = {3.0, 0.0}
        assert_eq!(
            run_asm(
                "add.f16x2 %0, %1, %2;",
                &["=r", "r", "r"],
                &[0x4000_3c00, 0x3c00_bc00]
            ),
            0x4200_0000
        );
    }

    #[test]
    fn min_max_ignore_one_nan_order_signed_zeros_and_xorsign() {
        let nan = 0x7fc0_0000;
        let two = 0x4000_0000;
        assert_eq!(f32op("min.f32 %0, %1, %2;", &[nan, two]), two);
        assert_eq!(f32op("max.f32 %0, %1, %2;", &[two, nan]), two);
        assert_eq!(f32op("min.f32 %0, %1, %2;", &[nan, nan]), 0x7fff_ffff);
        assert_eq!(f32op("min.NaN.f32 %0, %1, %2;", &[nan, two]), 0x7fff_ffff);
        assert_eq!(f32op("min.f32 %0, %1, %2;", &[0, 0x8000_0000]), 0x8000_0000);
        assert_eq!(f32op("max.f32 %0, %1, %2;", &[0x8000_0000, 0]), 0);
        // |-2| vs |3|: the smaller magnitude 2, sign 1 xor 0.
        assert_eq!(
            f32op(
                "min.xorsign.abs.f32 %0, %1, %2;",
                &[0xc000_0000, 0x4040_0000]
            ),
            0xc000_0000
        );
        assert_eq!(
            f32op(
                "max.xorsign.abs.f32 %0, %1, %2;",
                &[0xc000_0000, 0x4040_0000]
            ),
            0xc040_0000
        );
    }

    #[test]
    fn copysign_takes_the_sign_of_the_first_operand() {
        assert_eq!(
            f32op("copysign.f32 %0, %1, %2;", &[0x8000_0000, 0x4000_0000]),
            0xc000_0000
        );
        // A NaN keeps its payload (recorded).
        assert_eq!(
            f32op("copysign.f32 %0, %1, %2;", &[0, 0xffa0_0000]),
            0x7fa0_0000
        );
    }

    #[test]
    fn testp_classifies() {
        use ptx_core::{Keyword, Mods, ScalarType};
        let test = |sel: Keyword, x: u64| {
            let mut m = Mods::NONE;
            m.types[0] = Some(ScalarType::F32);
            m.keywords[0] = Some(sel);
            let mut s = [0, x];
            super::testp(&m, &mut s).unwrap();
            s[0]
        };
        assert_eq!(test(Keyword::Subnormal, 1), 1);
        assert_eq!(test(Keyword::Normal, 1), 0);
        // Zero is normal on the H100 (golden records of testp.normal.f32).
        assert_eq!(test(Keyword::Normal, 0), 1);
        assert_eq!(test(Keyword::Normal, 0x8000_0000), 1);
        assert_eq!(test(Keyword::Finite, 0x7f80_0000), 0);
        assert_eq!(test(Keyword::Infinite, 0xff80_0000), 1);
        assert_eq!(test(Keyword::NotANumber, 0x7fc0_0000), 1);
        assert_eq!(test(Keyword::Number, 0x7fc0_0000), 0);
    }
}
