//! Comparison and selection (PTX ISA "Comparison and Selection
//! Instructions", and the half precision `set`/`setp`): `setp` and `set`
//! with every comparison operator and the `.and`/`.or`/`.xor` combining
//! forms, `selp` and `slct`.
//!
//! Floating-point operands are compared exactly, on their bit patterns: no
//! value is rounded or converted, so the host's floating-point unit plays
//! no part.

use crate::exec::{SemResult, sign_extend, truncate, ty0};
use crate::fault::Fault;
use ptx_core::{Flags, Keyword, Mods, ScalarType, TypeKind};
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

/// The comparison operator among the keywords.
fn comparison(m: &Mods) -> Result<Keyword, Fault> {
    m.keywords
        .iter()
        .flatten()
        .copied()
        .find(|s| {
            use Keyword::*;
            matches!(
                s,
                Eq | Ne
                    | Lt
                    | Le
                    | Gt
                    | Ge
                    | Lo
                    | Ls
                    | Hi
                    | Hs
                    | Equ
                    | Neu
                    | Ltu
                    | Leu
                    | Gtu
                    | Geu
                    | Num
                    | Nan
            )
        })
        .ok_or_else(|| Fault::malformed(None, "comparison without an operator"))
}

/// `t BoolOp c` for the combining forms; `t` alone without one.
#[inline(always)]
fn combine(m: &Mods, t: bool, c: Option<bool>) -> bool {
    match c {
        None => t,
        Some(c) if m.has_keyword(Keyword::And) => t && c,
        Some(c) if m.has_keyword(Keyword::Or) => t || c,
        Some(c) => t ^ c,
    }
}

/// Whether an ordering satisfies an ordered comparison operator
/// (`lo ls hi hs` are `lt le gt ge` of unsigned values).
#[inline(always)]
fn ordered(op: Keyword, o: Ordering) -> bool {
    use Keyword::*;
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
pub fn compare(op: Keyword, t: ScalarType, ftz: bool, a: u64, b: u64) -> bool {
    match t.kind() {
        TypeKind::Float => {
            let Some(format) = float_format(t) else {
                return false;
            };
            match (float_key(a, format, ftz), float_key(b, format, ftz)) {
                (Some(x), Some(y)) => ordered(op, x.cmp(&y)),
                _ => matches!(
                    op,
                    Keyword::Equ
                        | Keyword::Neu
                        | Keyword::Ltu
                        | Keyword::Leu
                        | Keyword::Gtu
                        | Keyword::Geu
                        | Keyword::Nan
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
/// the lower halves and that of the upper halves; otherwise the result and
/// its negation.
#[inline(always)]
fn compare_both(m: &Mods, t: ScalarType, a: u64, b: u64) -> Result<(bool, bool), Fault> {
    let op = comparison(m)?;
    let ftz = m.has(Flags::FTZ);
    Ok(if is_pair(t) {
        (
            compare(op, t, ftz, a & 0xFFFF, b & 0xFFFF),
            compare(op, t, ftz, a >> 16 & 0xFFFF, b >> 16 & 0xFFFF),
        )
    } else {
        let r = compare(op, t, ftz, a, b);
        (r, !r)
    })
}

/// `setp{.boolop}` over slots `p [q] a b [c]`:
/// `p = BoolOp(t, c)`, `q = BoolOp(!t, c)`; for `.f16x2`/`.bf16x2`, `p`
/// takes the comparison of the lower halves (bits 0-15) and `q` that of the
/// upper ones. The H100 does so (recorded: `setp.lt.f16x2 p|q` with
/// `a = 0x41fa0f62`, `b = 0xc2e85df4` gives `p = 1`, `q = 0`), as NVIDIA's
/// PTX ISA has it; the Chinese guide in `reference/` swaps the halves.
/// The scalar `.f16`/`.bf16` forms have no `q` (`pair` is false).
#[inline(always)]
fn setp_with(m: &Mods, s: &mut [u64], pair: bool, c: Option<bool>) -> SemResult {
    let at = if pair { 2 } else { 1 };
    let (tp, tq) = compare_both(m, ty0(m)?, s[at], s[at + 1])?;
    s[0] = u64::from(combine(m, tp, c));
    if pair {
        s[1] = u64::from(combine(m, tq, c));
    }
    Ok(())
}

/// `setp.CmpOp{.ftz}.type p[|q], a, b`
#[inline]
pub fn setp(m: &Mods, s: &mut [u64]) -> SemResult {
    setp_with(m, s, s.len() == 4, None)
}

/// `setp.CmpOp.BoolOp{.ftz}.type p[|q], a, b, {!}c`
#[inline]
pub fn setp_boolop(m: &Mods, s: &mut [u64]) -> SemResult {
    let c = s[s.len() - 1] != 0;
    setp_with(m, s, s.len() == 5, Some(c))
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
        .ok_or_else(|| Fault::malformed("set", "without a source type"))?;
    let (lo, hi) = compare_both(m, stype, s[1], s[2])?;
    s[0] = if is_pair(stype) {
        let one = if is_pair(dtype) { truth(dtype) } else { 0xFFFF };
        let half = |t| if combine(m, t, c) { one } else { 0 };
        half(hi) << 16 | half(lo)
    } else if combine(m, lo, c) {
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
        .ok_or_else(|| Fault::malformed("slct", "without a selector type"))?;
    let non_negative = match ctype {
        ScalarType::F32 => float_key(s[3], (8, 23), m.has(Flags::FTZ)).is_some_and(|k| k >= 0),
        _ => sign_extend(s[3], 32) >= 0,
    };
    s[0] = if non_negative { s[1] } else { s[2] };
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sem::testing::run;

    const NAN32: u128 = 0x7FC0_0000;
    const ONE32: u128 = 0x3F80_0000;
    const TWO32: u128 = 0x4000_0000;

    /// `p` and `q` of `setp` over `%2`, `%3` (and `%4` as `c`).
    fn setp(statement: &str, cons: [&str; 2], a: u128, b: u128) -> (u128, u128) {
        let asm = format!(
            "{{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; {statement}; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }}"
        );
        let r = run(&asm, &["=r", "=r", cons[0], cons[1], "r"], &[0, 0, a, b, 0]);
        (r[0], r[1])
    }

    fn p(statement: &str, cons: [&str; 2], a: u128, b: u128) -> u128 {
        setp(statement, cons, a, b).0
    }

    #[test]
    fn setp_ordered_operators_are_false_and_unordered_true_when_a_nan_is_compared() {
        let f = ["f", "f"];
        for op in ["eq", "ne", "lt", "le", "gt", "ge", "num"] {
            let s = format!("setp.{op}.f32 p|q, %2, %3");
            assert_eq!(p(&s, f, NAN32, ONE32), 0, "{op}");
            assert_eq!(p(&s, f, ONE32, NAN32), 0, "{op}");
        }
        for op in ["equ", "neu", "ltu", "leu", "gtu", "geu", "nan"] {
            let s = format!("setp.{op}.f32 p|q, %2, %3");
            assert_eq!(p(&s, f, NAN32, ONE32), 1, "{op}");
            assert_eq!(p(&s, f, NAN32, NAN32), 1, "{op}");
        }
        // Without a NaN, the unordered operators compare as the ordered ones.
        assert_eq!(p("setp.ltu.f32 p, %2, %3", f, ONE32, TWO32), 1);
        assert_eq!(p("setp.gtu.f32 p, %2, %3", f, ONE32, TWO32), 0);
        assert_eq!(p("setp.num.f32 p, %2, %3", f, ONE32, TWO32), 1);
        assert_eq!(p("setp.nan.f32 p, %2, %3", f, ONE32, TWO32), 0);
        // f64, f16 and bf16 NaNs.
        let nan64 = 0x7FF0_0000_0000_0001;
        assert_eq!(p("setp.ne.f64 p, %2, %3", ["d", "d"], nan64, 0), 0);
        assert_eq!(p("setp.neu.f64 p, %2, %3", ["d", "d"], nan64, 0), 1);
        assert_eq!(p("setp.eq.f16 p, %2, %3", ["h", "h"], 0x7E00, 0x7E00), 0);
        assert_eq!(p("setp.geu.bf16 p, %2, %3", ["h", "h"], 0xFFC1, 0x3F80), 1);
    }

    #[test]
    fn setp_float_comparisons_order_signs_and_infinities() {
        let f = ["f", "f"];
        // -0.0 == +0.0; -1.0 < -0.0; -inf < -max; max < +inf.
        assert_eq!(p("setp.eq.f32 p, %2, %3", f, 0x8000_0000, 0), 1);
        assert_eq!(p("setp.lt.f32 p, %2, %3", f, 0xBF80_0000, 0x8000_0000), 1);
        assert_eq!(p("setp.lt.f32 p, %2, %3", f, 0xFF80_0000, 0xFF7F_FFFF), 1);
        assert_eq!(p("setp.gt.f32 p, %2, %3", f, 0x7F80_0000, 0x7F7F_FFFF), 1);
        assert_eq!(p("setp.le.f32 p, %2, %3", f, 0xC000_0000, 0xBF80_0000), 1);
        // bf16 1.0 < 2.0; f16 -2.0 < 1.0.
        assert_eq!(p("setp.lt.bf16 p, %2, %3", ["h", "h"], 0x3F80, 0x4000), 1);
        assert_eq!(p("setp.lt.f16 p, %2, %3", ["h", "h"], 0xC000, 0x3C00), 1);
    }

    #[test]
    fn setp_ftz_compares_subnormal_inputs_as_zero() {
        let f = ["f", "f"];
        // The smallest positive subnormal against -0.0 and 0.0.
        assert_eq!(p("setp.eq.f32 p, %2, %3", f, 1, 0x8000_0000), 0);
        assert_eq!(p("setp.eq.ftz.f32 p, %2, %3", f, 1, 0x8000_0000), 1);
        assert_eq!(p("setp.lt.f32 p, %2, %3", f, 0x0014_081D, 0x001B_8A15), 1);
        assert_eq!(
            p("setp.lt.ftz.f32 p, %2, %3", f, 0x0014_081D, 0x001B_8A15),
            0
        );
        // The smallest normal number is kept.
        assert_eq!(p("setp.gt.ftz.f32 p, %2, %3", f, 0x0080_0000, 0), 1);
        // f16 and f16x2 subnormals.
        assert_eq!(p("setp.gt.ftz.f16 p, %2, %3", ["h", "h"], 0x0001, 0), 0);
        assert_eq!(p("setp.gt.f16 p, %2, %3", ["h", "h"], 0x0001, 0), 1);
        let r = setp("setp.gt.ftz.f16x2 p|q, %2, %3", ["r", "r"], 0x0001_0400, 0);
        assert_eq!(r, (1, 0));
    }

    #[test]
    fn setp_q_is_the_negated_comparison_and_x2_forms_compare_each_half() {
        let r = ["r", "r"];
        assert_eq!(setp("setp.lt.s32 p|q, %2, %3", r, 1, 2), (1, 0));
        assert_eq!(setp("setp.lt.s32 p|q, %2, %3", r, 2, 1), (0, 1));
        // p: lower halves (2.0 < 1.0); q: upper halves (1.0 < 2.0).
        let (one, two) = (0x3C00, 0x4000);
        let a = one << 16 | two;
        let b = two << 16 | one;
        assert_eq!(setp("setp.lt.f16x2 p|q, %2, %3", r, a, b), (0, 1));
        assert_eq!(
            setp("setp.gt.bf16x2 p|q, %2, %3", r, 0x4000_3F80, 0x3F80_4000),
            (0, 1)
        );
        // Recorded on the H100: lower 0x0f62 < 0x5df4, upper 0x41fa > 0xc2e8.
        assert_eq!(
            setp("setp.lt.f16x2 p|q, %2, %3", r, 0x41FA_0F62, 0xC2E8_5DF4),
            (1, 0)
        );
    }

    #[test]
    fn setp_integer_operators_follow_the_signedness_of_the_type() {
        let r = ["r", "r"];
        let minus_one = 0xFFFF_FFFF;
        assert_eq!(p("setp.lt.s32 p, %2, %3", r, minus_one, 0), 1);
        assert_eq!(p("setp.lt.u32 p, %2, %3", r, minus_one, 0), 0);
        assert_eq!(p("setp.lo.u32 p, %2, %3", r, 0, minus_one), 1);
        assert_eq!(p("setp.hs.u32 p, %2, %3", r, minus_one, minus_one), 1);
        assert_eq!(p("setp.hi.u32 p, %2, %3", r, minus_one, 1), 1);
        assert_eq!(p("setp.ls.u32 p, %2, %3", r, 2, 1), 0);
        assert_eq!(p("setp.ne.b32 p, %2, %3", r, 5, 5), 0);
        assert_eq!(p("setp.lt.s16 p, %2, %3", ["h", "h"], 0x8000, 0x7FFF), 1);
        assert_eq!(p("setp.lt.s64 p, %2, %3", ["l", "l"], 1 << 63, 0), 1);
    }

    #[test]
    fn setp_combines_with_and_or_xor_and_a_negated_c() {
        // p = BoolOp(t, c), q = BoolOp(!t, c).
        let eval = |statement: &str, a: u128, b: u128, c: u128| {
            let asm = format!(
                "{{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; {statement}; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }}"
            );
            let r = run(&asm, &["=r", "=r", "r", "r", "r"], &[0, 0, a, b, c]);
            (r[0], r[1])
        };
        assert_eq!(eval("setp.lt.and.s32 p|q, %2, %3, c", 1, 2, 1), (1, 0));
        assert_eq!(eval("setp.lt.and.s32 p|q, %2, %3, c", 1, 2, 0), (0, 0));
        assert_eq!(eval("setp.lt.or.s32 p|q, %2, %3, !c", 2, 1, 0), (1, 1));
        assert_eq!(eval("setp.lt.xor.s32 p|q, %2, %3, c", 1, 2, 1), (0, 1));
        assert_eq!(eval("setp.lt.xor.s32 p|q, %2, %3, !c", 1, 2, 1), (1, 0));
    }

    #[test]
    fn set_writes_all_ones_or_one_point_zero() {
        let r = |asm: &str, cons: &[&str], a: u128, b: u128| run(asm, cons, &[0, a, b])[0];
        assert_eq!(
            r("set.lt.u32.s32 %0, %1, %2;", &["=r", "r", "r"], 1, 2),
            0xFFFF_FFFF
        );
        assert_eq!(r("set.lt.u32.s32 %0, %1, %2;", &["=r", "r", "r"], 2, 1), 0);
        assert_eq!(
            r("set.lt.f32.s32 %0, %1, %2;", &["=f", "r", "r"], 1, 2),
            ONE32
        );
        assert_eq!(
            r("set.lt.f16.s32 %0, %1, %2;", &["=h", "r", "r"], 1, 2),
            0x3C00
        );
        assert_eq!(
            r("set.lt.bf16.s32 %0, %1, %2;", &["=h", "r", "r"], 1, 2),
            0x3F80
        );
        assert_eq!(
            r("set.nan.u32.f32 %0, %1, %2;", &["=r", "f", "f"], NAN32, 0),
            0xFFFF_FFFF
        );
        // Packed sources: each half of `d` from its own comparison.
        let (one, two) = (0x3C00, 0x4000);
        let (a, b) = (one << 16 | two, two << 16 | one);
        let cons = ["=r", "r", "r"];
        assert_eq!(
            r("set.lt.f16x2.f16x2 %0, %1, %2;", &cons, a, b),
            0x3C00_0000
        );
        assert_eq!(r("set.lt.u32.f16x2 %0, %1, %2;", &cons, a, b), 0xFFFF_0000);
        assert_eq!(r("set.gt.s32.f16x2 %0, %1, %2;", &cons, a, b), 0x0000_FFFF);
        let combined = "{ .reg .pred c; setp.ne.u32 c, %3, 0; set.lt.or.u32.s32 %0, %1, %2, !c; }";
        assert_eq!(
            run(combined, &["=r", "r", "r", "r"], &[0, 2, 1, 0])[0],
            0xFFFF_FFFF
        );
        assert_eq!(run(combined, &["=r", "r", "r", "r"], &[0, 2, 1, 1])[0], 0);
    }

    #[test]
    fn selp_picks_a_when_c_is_true() {
        let asm = "{ .reg .pred c; setp.ne.u32 c, %3, 0; selp.b32 %0, %1, %2, c; }";
        assert_eq!(run(asm, &["=r", "r", "r", "r"], &[0, 7, 9, 1])[0], 7);
        assert_eq!(run(asm, &["=r", "r", "r", "r"], &[0, 7, 9, 0])[0], 9);
        let negated = "{ .reg .pred c; setp.ne.u32 c, %3, 0; selp.b64 %0, %1, %2, !c; }";
        assert_eq!(run(negated, &["=l", "l", "l", "r"], &[0, 7, 9, 1])[0], 9);
    }

    #[test]
    fn slct_picks_a_when_c_is_not_negative() {
        let s = |asm: &str, cons: [&str; 4], c: u128| run(asm, &cons, &[0, 7, 9, c])[0];
        let si = ["=r", "r", "r", "r"];
        assert_eq!(s("slct.u32.s32 %0, %1, %2, %3;", si, 0), 7);
        assert_eq!(s("slct.u32.s32 %0, %1, %2, %3;", si, 0x8000_0000), 9);
        let sf = ["=r", "r", "r", "f"];
        let plain = "slct.b32.f32 %0, %1, %2, %3;";
        let ftz = "slct.ftz.b32.f32 %0, %1, %2, %3;";
        // -0.0 >= 0; NaN is not.
        assert_eq!(s(plain, sf, 0x8000_0000), 7);
        assert_eq!(s(plain, sf, NAN32), 9);
        assert_eq!(s(plain, sf, 0xFFC0_0000), 9);
        assert_eq!(s(plain, sf, 0xFF80_0000), 9);
        // A negative subnormal is negative, unless .ftz flushes it to -0.0.
        assert_eq!(s(plain, sf, 0x8000_0001), 9);
        assert_eq!(s(ftz, sf, 0x8000_0001), 7);
    }
}
