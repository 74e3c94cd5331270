//! Comparison and selection (PTX ISA "Comparison and Selection
//! Instructions", and the half precision `set`/`setp`): `setp` and `set`
//! with every comparison operator and the `.and`/`.or`/`.xor` combining
//! forms, `selp` and `slct`.
//!
//! Floating-point operands are compared exactly, on their bit patterns: no
//! value is rounded or converted, so the host's floating-point unit plays
//! no part.

use crate::exec::{Fault, SemResult, sign_extend, truncate, ty0};
use ptx_core::{Flags, Mods, ScalarType, Sel, TypeKind};
use std::cmp::Ordering;

/// The exponent and fraction widths of the floating-point types that
/// `setp`, `set` and `slct` compare (for `x2` types, those of a half).
fn float_format(t: ScalarType) -> Option<(u32, u32)> {
    Some(match t {
        ScalarType::F16 | ScalarType::F16x2 => (5, 10),
        ScalarType::Bf16 | ScalarType::Bf16x2 => (8, 7),
        ScalarType::F32 => (8, 23),
        ScalarType::F64 => (11, 52),
        _ => return None,
    })
}

/// A floating-point value as a signed magnitude that orders like the value
/// (both zeros are 0), or `None` for a NaN. With `ftz`, subnormal values
/// count as zero, as `.ftz` flushes them to a sign-preserving zero before
/// comparing (and -0 equals +0).
#[inline(always)]
fn float_key(bits: u64, (exponent, fraction): (u32, u32), ftz: bool) -> Option<i128> {
    let width = 1 + exponent + fraction;
    let magnitude = truncate(bits, width - 1);
    let infinity = truncate(u64::MAX, exponent) << fraction;
    if magnitude > infinity {
        return None;
    }
    let magnitude = if ftz && magnitude < 1 << fraction {
        0
    } else {
        magnitude
    };
    let negative = (bits >> (width - 1)) & 1 == 1;
    Some(if negative {
        -i128::from(magnitude)
    } else {
        i128::from(magnitude)
    })
}

/// The comparison operator among the selectors.
fn comparison(m: &Mods) -> Result<Sel, Fault> {
    m.sel
        .iter()
        .flatten()
        .copied()
        .find(|s| {
            use Sel::*;
            matches!(
                s,
                Eq | Ne | Lt | Le | Gt | Ge | Lo | Ls | Hi | Hs | Equ | Neu | Ltu | Leu | Gtu | Geu | Num | Nan
            )
        })
        .ok_or_else(|| Fault::new("comparison without an operator"))
}

/// `t BoolOp c` for the combining forms; `t` alone without one.
#[inline(always)]
fn combine(m: &Mods, t: bool, c: Option<bool>) -> bool {
    match c {
        None => t,
        Some(c) if m.selects(Sel::And) => t && c,
        Some(c) if m.selects(Sel::Or) => t || c,
        Some(c) => t ^ c,
    }
}

/// Whether an ordering satisfies an ordered comparison operator
/// (`lo ls hi hs` are `lt le gt ge` of unsigned values).
#[inline(always)]
fn ordered(op: Sel, o: Ordering) -> bool {
    use Sel::*;
    match op {
        Eq | Equ => o.is_eq(),
        Ne | Neu => o.is_ne(),
        Lt | Lo | Ltu => o.is_lt(),
        Le | Ls | Leu => o.is_le(),
        Gt | Hi | Gtu => o.is_gt(),
        Ge | Hs | Geu => o.is_ge(),
        Num => true,
        _ => false,
    }
}

/// `a op b` for values of type `t` (one half of an `x2` type: `t` is the
/// packed type and the values are that half's bits). Floating-point rules:
/// the ordered operators (`eq ne lt le gt ge`) are false when either value
/// is NaN, the unordered ones (`equ neu ltu leu gtu geu`) true; `num` is
/// true when neither is NaN, `nan` when either is.
#[inline(always)]
pub fn compare(op: Sel, t: ScalarType, ftz: bool, a: u64, b: u64) -> bool {
    match t.kind() {
        TypeKind::Float => {
            let Some(format) = float_format(t) else {
                return false;
            };
            match (float_key(a, format, ftz), float_key(b, format, ftz)) {
                (Some(x), Some(y)) => ordered(op, x.cmp(&y)),
                _ => matches!(
                    op,
                    Sel::Equ | Sel::Neu | Sel::Ltu | Sel::Leu | Sel::Gtu | Sel::Geu | Sel::Nan
                ),
            }
        }
        TypeKind::Signed => {
            let bits = t.bits();
            ordered(op, sign_extend(a, bits).cmp(&sign_extend(b, bits)))
        }
        _ => {
            let bits = t.bits();
            ordered(op, truncate(a, bits).cmp(&truncate(b, bits)))
        }
    }
}

/// Whether `t` holds two 16-bit values compared separately.
#[inline(always)]
fn is_pair(t: ScalarType) -> bool {
    matches!(t, ScalarType::F16x2 | ScalarType::Bf16x2)
}

/// The comparison of `a` and `b` of type `t`: for the `x2` types, that of
/// the upper halves and that of the lower halves; otherwise the result and
/// its negation.
#[inline(always)]
fn compare_both(m: &Mods, t: ScalarType, a: u64, b: u64) -> Result<(bool, bool), Fault> {
    let op = comparison(m)?;
    let ftz = m.has(Flags::FTZ);
    Ok(if is_pair(t) {
        (
            compare(op, t, ftz, a >> 16 & 0xFFFF, b >> 16 & 0xFFFF),
            compare(op, t, ftz, a & 0xFFFF, b & 0xFFFF),
        )
    } else {
        let r = compare(op, t, ftz, a, b);
        (r, !r)
    })
}

/// `setp{.boolop}` over slots `p q a b [c]`:
/// `p = BoolOp(t, c)`, `q = BoolOp(!t, c)`; for `.f16x2`/`.bf16x2`, `p`
/// takes the comparison of the upper halves and `q` that of the lower ones.
#[inline(always)]
fn setp_with(m: &Mods, s: &mut [u64], c: Option<bool>) -> SemResult {
    let (tp, tq) = compare_both(m, ty0(m)?, s[2], s[3])?;
    s[0] = u64::from(combine(m, tp, c));
    s[1] = u64::from(combine(m, tq, c));
    Ok(())
}

/// `setp.CmpOp{.ftz}.type p[|q], a, b`
#[inline]
pub fn setp(m: &Mods, s: &mut [u64]) -> SemResult {
    setp_with(m, s, None)
}

/// `setp.CmpOp.BoolOp{.ftz}.type p[|q], a, b, {!}c`
#[inline]
pub fn setp_boolop(m: &Mods, s: &mut [u64]) -> SemResult {
    let c = s[4] != 0;
    setp_with(m, s, Some(c))
}

/// What `set` writes for true in a destination of type `t` (of one half,
/// for packed destinations): 1.0 for floating-point types, all ones for
/// integers.
#[inline(always)]
fn truth(t: ScalarType) -> u64 {
    match t {
        ScalarType::F32 => 0x3F80_0000,
        ScalarType::F16 | ScalarType::F16x2 => 0x3C00,
        ScalarType::Bf16 | ScalarType::Bf16x2 => 0x3F80,
        t => truncate(u64::MAX, t.bits()),
    }
}

/// `set{.boolop}` over slots `d a b [c]`. A packed source writes each half
/// of `d` from its own comparison (1.0 in `.f16x2`/`.bf16x2` halves, 0xFFFF
/// in `.u32`/`.s32` halves).
#[inline(always)]
fn set_with(m: &Mods, s: &mut [u64], c: Option<bool>) -> SemResult {
    let dtype = ty0(m)?;
    let stype = m
        .ty(1)
        .ok_or_else(|| Fault::new("set without a source type"))?;
    let (hi, lo) = compare_both(m, stype, s[1], s[2])?;
    s[0] = if is_pair(stype) {
        let one = if is_pair(dtype) { truth(dtype) } else { 0xFFFF };
        let half = |t| if combine(m, t, c) { one } else { 0 };
        half(hi) << 16 | half(lo)
    } else if combine(m, hi, c) {
        truth(dtype)
    } else {
        0
    };
    Ok(())
}

/// `set.CmpOp{.ftz}.dtype.stype d, a, b`
#[inline]
pub fn set(m: &Mods, s: &mut [u64]) -> SemResult {
    set_with(m, s, None)
}

/// `set.CmpOp.BoolOp{.ftz}.dtype.stype d, a, b, {!}c`
#[inline]
pub fn set_boolop(m: &Mods, s: &mut [u64]) -> SemResult {
    let c = s[3] != 0;
    set_with(m, s, Some(c))
}

/// `selp.type d, a, b, c`: `a` when the predicate `c` is true, else `b`.
#[inline]
pub fn selp(_: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = if s[3] != 0 { s[1] } else { s[2] };
    Ok(())
}

/// `slct{.ftz}.dtype.ctype d, a, b, c`: `a` when `c >= 0`, else `b`.
/// For `.f32` `c`, -0.0 counts as `>= 0` and NaN does not; `.ftz` flushes
/// a subnormal `c` to a zero of its sign first, so a negative subnormal
/// selects `a` (recorded on the H100: `c = 0x80000001` picks `a` with
/// `.ftz`).
#[inline]
pub fn slct(m: &Mods, s: &mut [u64]) -> SemResult {
    let ctype = m
        .ty(1)
        .ok_or_else(|| Fault::new("slct without a selector type"))?;
    let non_negative = match ctype {
        ScalarType::F32 => float_key(s[3], (8, 23), m.has(Flags::FTZ)).is_some_and(|k| k >= 0),
        _ => sign_extend(s[3], 32) >= 0,
    };
    s[0] = if non_negative { s[1] } else { s[2] };
    Ok(())
}
