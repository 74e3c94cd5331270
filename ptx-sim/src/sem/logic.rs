//! Logic and shift instructions (PTX ISA "Logic and Shift Instructions"):
//! bitwise operations on `.pred` and the bit types, `lop3`, and the shifts.

use crate::exec::{SemResult, sign_extend, truncate, ty0};
use ptx_core::{Mods, Sel};

/// The width of the operands: the type's bits, 1 for `.pred`.
#[inline(always)]
fn width(m: &Mods) -> Result<u32, crate::exec::Fault> {
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
    s[1] = u64::from(if m.selects(Sel::And) {
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
    if m.selects(Sel::Wrap) {
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

