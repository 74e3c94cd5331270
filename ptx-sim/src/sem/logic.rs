//! Logic and shift instructions (PTX ISA "Logic and Shift Instructions"):
//! bitwise operations on `.pred` and the bit types, `lop3`, and the shifts.

use crate::exec::{SemResult, sign_extend, truncate, ty0};
use ptx_core::{Keyword, Mods};

/// The width of the operands: the type's bits, 1 for `.pred`.
#[inline(always)]
fn width(m: &Mods) -> Result<u32, crate::fault::Fault> {
    Ok(ty0(m)?.bits())
}

/// `and.type d, a, b`
#[inline]
pub fn and(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = truncate(s[1] & s[2], width(m)?);
    Ok(())
}

/// `or.type d, a, b`
#[inline]
pub fn or(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = truncate(s[1] | s[2], width(m)?);
    Ok(())
}

/// `xor.type d, a, b`
#[inline]
pub fn xor(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = truncate(s[1] ^ s[2], width(m)?);
    Ok(())
}

/// `not.type d, a`: the complement within the type (for `.pred`, 0 and 1 swap).
#[inline]
pub fn not(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = truncate(!s[1], width(m)?);
    Ok(())
}

/// `cnot.type d, a`: 1 when `a` is zero, else 0 (C's `!a`).
#[inline]
pub fn cnot(_: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = u64::from(s[1] == 0);
    Ok(())
}

/// The function of three inputs that the lookup table `lut` names, applied
/// bit by bit: bit `i` of the result is bit `4a + 2b + c` of `lut`, where
/// `a`, `b`, `c` are bit `i` of the sources. This is the PTX ISA's rule that
/// `lut` is `F(0xF0, 0xCC, 0xAA)` for the function `F` wanted: evaluating
/// the table on those three constants gives back the table. Only the low
/// byte of the immediate counts (ptxas accepts up to 64 bits).
#[inline(always)]
pub fn lookup3(lut: u64, a: u64, b: u64, c: u64) -> u64 {
    let mut d = 0;
    for i in 0..8 {
        if (lut >> i) & 1 == 1 {
            let pick = |v: u64, bit: u32| if (i >> bit) & 1 == 1 { v } else { !v };
            d |= pick(a, 2) & pick(b, 1) & pick(c, 0);
        }
    }
    d
}

/// `lop3.b32 d, a, b, c, immLut`
#[inline]
pub fn lop3(_: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = truncate(lookup3(s[4], s[1], s[2], s[3]), 32);
    Ok(())
}

/// `lop3.boolop.b32 d|p, a, b, c, immLut, q`: `d` as `lop3`, and
/// `p = (d != 0) boolop q` with `.and` or `.or`. Slots: `d p a b c lut q`.
#[inline]
pub fn lop3_boolop(m: &Mods, s: &mut [u64]) -> SemResult {
    let d = truncate(lookup3(s[5], s[2], s[3], s[4]), 32);
    let (nonzero, q) = (d != 0, s[6] != 0);
    s[0] = d;
    s[1] = u64::from(if m.has_keyword(Keyword::And) {
        nonzero && q
    } else {
        nonzero || q
    });
    Ok(())
}

/// `shl.type d, a, b`: shift amounts of the type's width or more give 0
/// (the amount is the whole unsigned `b`, not taken modulo the width).
#[inline]
pub fn shl(m: &Mods, s: &mut [u64]) -> SemResult {
    let bits = width(m)?;
    let n = s[2];
    s[0] = if n >= u64::from(bits) {
        0
    } else {
        truncate(s[1] << n, bits)
    };
    Ok(())
}

/// `shr.type d, a, b`: signed types shift in copies of the sign bit, the
/// others zeros; amounts of the type's width or more leave only the fill.
#[inline]
pub fn shr(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let bits = t.bits();
    let n = s[2];
    s[0] = if t.is_signed() {
        let n = n.min(u64::from(bits - 1));
        truncate((sign_extend(s[1], bits) >> n) as u64, bits)
    } else if n >= u64::from(bits) {
        0
    } else {
        truncate(s[1], bits) >> n
    };
    Ok(())
}

/// The shift amount of `shf`: `.clamp` limits `c` to 32, `.wrap` takes it modulo 32.
#[inline(always)]
fn funnel_amount(m: &Mods, c: u64) -> u32 {
    if m.has_keyword(Keyword::Wrap) {
        (c & 31) as u32
    } else {
        c.min(32) as u32
    }
}

/// `shf.l.mode.b32 d, a, b, c`: the upper 32 bits of the 64-bit `{b, a}`
/// shifted left by the amount (`b` is the upper half).
#[inline]
pub fn shf_l(m: &Mods, s: &mut [u64]) -> SemResult {
    let n = funnel_amount(m, s[3]);
    let pair = truncate(s[2], 32) << 32 | truncate(s[1], 32);
    s[0] = truncate((pair << n) >> 32, 32);
    Ok(())
}

/// `shf.r.mode.b32 d, a, b, c`: the lower 32 bits of the 64-bit `{b, a}`
/// shifted right by the amount.
#[inline]
pub fn shf_r(m: &Mods, s: &mut [u64]) -> SemResult {
    let n = funnel_amount(m, s[3]);
    let pair = truncate(s[2], 32) << 32 | truncate(s[1], 32);
    s[0] = truncate(pair >> n, 32);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::lookup3;
    use crate::sem::testing::run;

    const A: u64 = 0xF0F0_FF00;
    const B: u64 = 0xCCCC_F0F0;
    const C: u64 = 0xAAAA_CCCC;

    fn lop3(lut: u8) -> u128 {
        let asm = format!("lop3.b32 %0, %1, %2, %3, {lut:#x};");
        run(
            &asm,
            &["=r", "r", "r", "r"],
            &[0, A.into(), B.into(), C.into()],
        )[0]
    }

    #[test]
    fn lop3_lut_is_the_function_applied_to_f0_cc_aa() {
        // PTX ISA: immLut = F(0xF0, 0xCC, 0xAA) for the operation F, so the
        // table evaluated on those three constants gives itself back.
        for lut in 0..=255u64 {
            assert_eq!(lookup3(lut, 0xF0, 0xCC, 0xAA) & 0xFF, lut);
        }
    }

    #[test]
    fn lop3_truth_tables_of_common_functions() {
        let m = 0xFFFF_FFFFu64;
        assert_eq!(lop3(0x00), 0);
        assert_eq!(lop3(0xFF), m.into());
        assert_eq!(lop3(0x80), (A & B & C).into()); // 0xF0 & 0xCC & 0xAA
        assert_eq!(lop3(0xFE), (A | B | C).into()); // 0xF0 | 0xCC | 0xAA
        assert_eq!(lop3(0x96), (A ^ B ^ C).into()); // 0xF0 ^ 0xCC ^ 0xAA
        assert_eq!(lop3(0xE8), ((A & B) | (A & C) | (B & C)).into()); // majority
        assert_eq!(lop3(0xCA), ((A & B) | (!A & C & m)).into()); // a ? b : c
        assert_eq!(lop3(0xF0), A.into());
        assert_eq!(lop3(0xCC), B.into());
        assert_eq!(lop3(0xAA), C.into());
        assert_eq!(lop3(0x1E), (A ^ (B | C)).into()); // 0xF0 ^ (0xCC | 0xAA)
    }

    #[test]
    fn lop3_reads_only_the_low_byte_of_its_table() {
        assert_eq!(lookup3(0x1_0096, A, B, C) & 0xFFFF_FFFF, (A ^ B ^ C));
    }

    #[test]
    fn lop3_predicate_output_combines_d_nonzero_with_q() {
        // p = (d != 0) BoolOp q; `d` may be the sink.
        let asm = |op: &str, lut: &str, q: &str| {
            format!(
                "{{ .reg .pred p, q; setp.ne.u32 q, %2, 0; lop3.{op}.b32 %1|p, %3, %3, %3, {lut}, {q}; selp.u32 %0, 1, 0, p; }}"
            )
        };
        let cons = ["=r", "=r", "r", "r"];
        let p =
            |op: &str, lut: &str, q: &str, qv: u128| run(&asm(op, lut, q), &cons, &[0, 0, qv, 5]);
        // d = a & b & c = 5 (nonzero); d = 0 with lut 0.
        assert_eq!(p("and", "0x80", "q", 1), vec![1, 5, 1, 5]);
        assert_eq!(p("and", "0x80", "q", 0)[0], 0);
        assert_eq!(p("and", "0x80", "!q", 0)[0], 1);
        assert_eq!(p("and", "0x00", "q", 1), vec![0, 0, 1, 5]);
        assert_eq!(p("or", "0x00", "q", 1)[0], 1);
        assert_eq!(p("or", "0x00", "!q", 1)[0], 0);
        assert_eq!(p("or", "0x80", "q", 0)[0], 1);
        let sink = "{ .reg .pred p; lop3.or.b32 _|p, %1, %1, %1, 0xff, 0; selp.u32 %0, 1, 0, p; }";
        assert_eq!(run(sink, &["=r", "r"], &[0, 0])[0], 1);
    }

    fn shift(asm: &str, cons: &[&str], a: u128, n: u128) -> u128 {
        run(asm, cons, &[0, a, n])[0]
    }

    #[test]
    fn shl_by_the_width_or_more_gives_zero() {
        let cons = ["=r", "r", "r"];
        assert_eq!(shift("shl.b32 %0, %1, %2;", &cons, 1, 31), 0x8000_0000);
        assert_eq!(shift("shl.b32 %0, %1, %2;", &cons, 1, 32), 0);
        assert_eq!(shift("shl.b32 %0, %1, %2;", &cons, 1, 0xFFFF_FFFF), 0);
        let cons16 = ["=h", "h", "r"];
        assert_eq!(shift("shl.b16 %0, %1, %2;", &cons16, 0xFFFF, 4), 0xFFF0);
        assert_eq!(shift("shl.b16 %0, %1, %2;", &cons16, 0xFFFF, 16), 0);
        let cons64 = ["=l", "l", "r"];
        assert_eq!(shift("shl.b64 %0, %1, %2;", &cons64, 1, 63), 1 << 63);
        assert_eq!(shift("shl.b64 %0, %1, %2;", &cons64, 1, 64), 0);
    }

    #[test]
    fn shr_fills_with_the_sign_for_signed_types_and_zeros_otherwise() {
        let cons = ["=r", "r", "r"];
        let a = 0x8000_0010;
        assert_eq!(shift("shr.s32 %0, %1, %2;", &cons, a, 4), 0xF800_0001);
        assert_eq!(shift("shr.u32 %0, %1, %2;", &cons, a, 4), 0x0800_0001);
        assert_eq!(shift("shr.b32 %0, %1, %2;", &cons, a, 4), 0x0800_0001);
        // Amounts past the width leave only the fill.
        assert_eq!(shift("shr.s32 %0, %1, %2;", &cons, a, 100), 0xFFFF_FFFF);
        assert_eq!(shift("shr.s32 %0, %1, %2;", &cons, 0x7FFF_FFFF, 32), 0);
        assert_eq!(shift("shr.u32 %0, %1, %2;", &cons, a, 32), 0);
        let cons16 = ["=h", "h", "r"];
        assert_eq!(shift("shr.s16 %0, %1, %2;", &cons16, 0x8000, 20), 0xFFFF);
        let cons64 = ["=l", "l", "r"];
        assert_eq!(
            shift("shr.s64 %0, %1, %2;", &cons64, 1 << 63, 64),
            u64::MAX.into()
        );
    }

    fn shf(asm: &str, a: u128, b: u128, c: u128) -> u128 {
        run(asm, &["=r", "r", "r", "r"], &[0, a, b, c])[0]
    }

    #[test]
    fn shf_clamp_limits_the_amount_to_32_and_wrap_takes_it_modulo_32() {
        let (a, b) = (0x1234_5678, 0x9ABC_DEF0);
        // {b, a} = 0x9ABCDEF0_12345678
        assert_eq!(shf("shf.l.clamp.b32 %0, %1, %2, %3;", a, b, 8), 0xBCDE_F012);
        assert_eq!(shf("shf.r.clamp.b32 %0, %1, %2, %3;", a, b, 8), 0xF012_3456);
        // clamp: 40 shifts by 32, so `a` moves up whole (left) or `b` down (right).
        assert_eq!(shf("shf.l.clamp.b32 %0, %1, %2, %3;", a, b, 40), a);
        assert_eq!(shf("shf.r.clamp.b32 %0, %1, %2, %3;", a, b, 40), b);
        // wrap: 40 shifts by 8, 32 by 0.
        assert_eq!(shf("shf.l.wrap.b32 %0, %1, %2, %3;", a, b, 40), 0xBCDE_F012);
        assert_eq!(shf("shf.r.wrap.b32 %0, %1, %2, %3;", a, b, 40), 0xF012_3456);
        assert_eq!(shf("shf.l.wrap.b32 %0, %1, %2, %3;", a, b, 32), b);
        assert_eq!(shf("shf.r.wrap.b32 %0, %1, %2, %3;", a, b, 32), a);
    }

    #[test]
    fn predicate_logic_takes_negated_sources() {
        let asm = |op: &str| {
            format!(
                "{{ .reg .pred p, q, r; setp.ne.u32 p, %1, 0; setp.ne.u32 q, %2, 0; {op}; selp.u32 %0, 1, 0, r; }}"
            )
        };
        let eval = |op: &str, p: u128, q: u128| run(&asm(op), &["=r", "r", "r"], &[0, p, q])[0];
        for (p, q) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            assert_eq!(eval("and.pred r, p, q", p, q), p & q);
            assert_eq!(eval("and.pred r, !p, q", p, q), (1 - p) & q);
            assert_eq!(eval("or.pred r, p, !q", p, q), p | (1 - q));
            assert_eq!(eval("xor.pred r, p, q", p, q), p ^ q);
            assert_eq!(eval("not.pred r, p", p, q), 1 - p);
        }
    }

    #[test]
    fn not_complements_within_the_type_and_cnot_is_logical() {
        assert_eq!(
            run("not.b16 %0, %1;", &["=h", "h"], &[0, 0x00F0])[0],
            0xFF0F
        );
        assert_eq!(run("cnot.b32 %0, %1;", &["=r", "r"], &[0, 0])[0], 1);
        assert_eq!(
            run("cnot.b32 %0, %1;", &["=r", "r"], &[0, 0x8000_0000])[0],
            0
        );
        assert_eq!(run("cnot.b64 %0, %1;", &["=l", "l"], &[0, 1 << 40])[0], 0);
    }
}
