//! Integer arithmetic and bit manipulation, as the PTX ISA defines them.

use crate::exec::{SemResult, sign_extend, truncate, ty0};
use ptx_core::{Flags, Keyword, Mods, ScalarType};

/// `a` as a signed or unsigned value of type `t`, widened to i128.
#[inline(always)]
fn wide(v: u64, t: ScalarType) -> i128 {
    let bits = t.bits();
    if t.is_signed() {
        sign_extend(v, bits) as i128
    } else {
        truncate(v, bits) as i128
    }
}

/// Clamps `v` to the range of type `t`.
#[inline(always)]
fn saturate(v: i128, t: ScalarType) -> u64 {
    let bits = t.bits();
    let (lo, hi) = if t.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    v.clamp(lo, hi) as u64
}

/// Applies `f` to the two 16-bit halves of packed `.u16x2`/`.s16x2` operands.
#[inline(always)]
fn packed(a: u64, b: u64, t: ScalarType, f: impl Fn(i128, i128, ScalarType) -> u64) -> u64 {
    let half = if t == ScalarType::S16x2 {
        ScalarType::S16
    } else {
        ScalarType::U16
    };
    let lo = f(wide(a, half), wide(b, half), half) & 0xFFFF;
    let hi = f(wide(a >> 16, half), wide(b >> 16, half), half) & 0xFFFF;
    lo | hi << 16
}

#[inline(always)]
fn is_packed(t: ScalarType) -> bool {
    matches!(t, ScalarType::U16x2 | ScalarType::S16x2)
}

/// `add{.sat}.type d, a, b`
#[inline]
pub fn add(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let sat = m.has(Flags::SAT);
    let f = |a: i128, b: i128, t| {
        if sat {
            saturate(a + b, t)
        } else {
            (a + b) as u64
        }
    };
    s[0] = if is_packed(t) {
        packed(s[1], s[2], t, f)
    } else {
        f(wide(s[1], t), wide(s[2], t), t)
    };
    Ok(())
}

/// `sub{.sat}.type d, a, b`
#[inline]
pub fn sub(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let sat = m.has(Flags::SAT);
    let f = |a: i128, b: i128, t| {
        if sat {
            saturate(a - b, t)
        } else {
            (a - b) as u64
        }
    };
    s[0] = if is_packed(t) {
        packed(s[1], s[2], t, f)
    } else {
        f(wide(s[1], t), wide(s[2], t), t)
    };
    Ok(())
}

/// Unsigned sum of `a + b + carry_in` in `bits`, with the carry out.
#[inline]
fn add_carry(a: u64, b: u64, carry_in: bool, bits: u32) -> (u64, bool) {
    let sum = truncate(a, bits) as u128 + truncate(b, bits) as u128 + u128::from(carry_in);
    (sum as u64, sum >> bits != 0)
}

/// `add.cc.type d, a, b`: the sum, and the carry out into `CC.CF`.
#[inline]
pub fn add_cc(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    let (d, c) = add_carry(s[1], s[2], false, ty0(m)?.bits());
    s[0] = d;
    *carry = c;
    Ok(())
}

/// `addc{.cc}.type d, a, b`: `a + b + CC.CF`.
#[inline]
pub fn addc(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    let (d, c) = add_carry(s[1], s[2], *carry, ty0(m)?.bits());
    s[0] = d;
    if m.has(Flags::CC) {
        *carry = c;
    }
    Ok(())
}

/// `a - b - borrow_in` in `bits`, with `CC.CF` as the hardware sets it:
/// subtraction is `a + !b + 1`, and the flag is that addition's carry out.
#[inline]
fn sub_borrow(a: u64, b: u64, carry_in: bool, bits: u32) -> (u64, bool) {
    add_carry(a, !b, carry_in, bits)
}

/// `sub.cc.type d, a, b`.
#[inline]
pub fn sub_cc(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    let (d, c) = sub_borrow(s[1], s[2], true, ty0(m)?.bits());
    s[0] = d;
    *carry = c;
    Ok(())
}

/// `subc{.cc}.type d, a, b`: `a - (b + borrow)`, with the carry convention of `sub.cc`.
#[inline]
pub fn subc(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    let (d, c) = sub_borrow(s[1], s[2], *carry, ty0(m)?.bits());
    s[0] = d;
    if m.has(Flags::CC) {
        *carry = c;
    }
    Ok(())
}

/// The full product of `a` and `b` as type `t`.
#[inline(always)]
fn product(a: u64, b: u64, t: ScalarType) -> i128 {
    wide(a, t) * wide(b, t)
}

/// The high half of the product, as the PTX ISA's `.hi` mode.
#[inline(always)]
fn high(a: u64, b: u64, t: ScalarType) -> u64 {
    (product(a, b, t) >> t.bits()) as u64
}

/// `mul.lo.type d, a, b`
#[inline]
pub fn mul_lo(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = s[1].wrapping_mul(s[2]);
    let _ = m;
    Ok(())
}

/// `mul.hi.type d, a, b`
#[inline]
pub fn mul_hi(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = high(s[1], s[2], ty0(m)?);
    Ok(())
}

/// `mul.wide.type d, a, b`: the double-width product.
#[inline]
pub fn mul_wide(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = product(s[1], s[2], ty0(m)?) as u64;
    Ok(())
}

/// `mad.lo.type d, a, b, c`
#[inline]
pub fn mad_lo(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = s[1].wrapping_mul(s[2]).wrapping_add(s[3]);
    let _ = m;
    Ok(())
}

/// `mad.hi{.sat}.type d, a, b, c`; `.sat` (`.s32` only) clamps the sum.
#[inline]
pub fn mad_hi(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let hi = high(s[1], s[2], t);
    s[0] = if m.has(Flags::SAT) {
        saturate(wide(hi, t) + wide(s[3], t), t)
    } else {
        hi.wrapping_add(s[3])
    };
    Ok(())
}

/// `mad.wide.type d, a, b, c`: the double-width product plus a double-width `c`.
#[inline]
pub fn mad_wide(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = (product(s[1], s[2], ty0(m)?) as u64).wrapping_add(s[3]);
    Ok(())
}

/// `mad.lo.cc.type` / `mad.hi.cc.type`: `lo`/`hi` of the product plus `c`, carry out into `CC.CF`.
#[inline]
pub fn mad_cc(m: &Mods, s: &mut [u64], hi: bool, carry_in: bool, carry: &mut bool) -> SemResult {
    let t = ty0(m)?;
    let p = if hi {
        high(s[1], s[2], t)
    } else {
        s[1].wrapping_mul(s[2])
    };
    let (d, c) = add_carry(p, s[3], carry_in && *carry, t.bits());
    s[0] = d;
    if !carry_in || m.has(Flags::CC) {
        *carry = c;
    }
    Ok(())
}

/// `mad.lo.cc.type d, a, b, c`
#[inline]
pub fn mad_lo_cc(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    mad_cc(m, s, false, false, carry)
}

/// `mad.hi.cc.type d, a, b, c`
#[inline]
pub fn mad_hi_cc(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    mad_cc(m, s, true, false, carry)
}

/// `madc.lo{.cc}.type d, a, b, c`
#[inline]
pub fn madc_lo(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    mad_cc(m, s, false, true, carry)
}

/// `madc.hi{.cc}.type d, a, b, c`
#[inline]
pub fn madc_hi(m: &Mods, s: &mut [u64], carry: &mut bool) -> SemResult {
    mad_cc(m, s, true, true, carry)
}

/// The 48-bit product of the low 24 bits of `a` and `b` (sign-extended for `.s32`).
#[inline]
fn product24(a: u64, b: u64, t: ScalarType) -> i128 {
    let ext = |v: u64| {
        if t.is_signed() {
            sign_extend(v, 24) as i128
        } else {
            truncate(v, 24) as i128
        }
    };
    ext(a) * ext(b)
}

/// `mul24.lo.type d, a, b`: bits 0..32 of the 48-bit product.
#[inline]
pub fn mul24_lo(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = product24(s[1], s[2], ty0(m)?) as u64;
    Ok(())
}

/// `mul24.hi.type d, a, b`: bits 16..48 of the 48-bit product.
#[inline]
pub fn mul24_hi(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = (product24(s[1], s[2], ty0(m)?) >> 16) as u64;
    Ok(())
}

/// `mad24.lo.type d, a, b, c`
#[inline]
pub fn mad24_lo(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = (product24(s[1], s[2], ty0(m)?) as u64).wrapping_add(s[3]);
    Ok(())
}

/// `mad24.hi{.sat}.type d, a, b, c`
#[inline]
pub fn mad24_hi(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let hi = (product24(s[1], s[2], t) >> 16) as u64;
    s[0] = if m.has(Flags::SAT) {
        saturate(wide(hi, t) + wide(s[3], t), t)
    } else {
        hi.wrapping_add(s[3])
    };
    Ok(())
}

/// `sad.type d, a, b, c`: `c + |a - b|`.
#[inline]
pub fn sad(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    s[0] = ((wide(s[1], t) - wide(s[2], t)).unsigned_abs() as u64).wrapping_add(s[3]);
    Ok(())
}

/// `div.type d, a, b`: truncating division; `MIN / -1` wraps to `MIN`.
/// The PTX ISA leaves division by zero unspecified; the H100 gives all ones
/// for every type and dividend (records of `h100_sm90_extra_seed12`, e.g.
/// `div.s32` of 0x80000000 by 0 and `div.s16` of 0x0062 by 0).
#[inline]
pub fn div(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let (a, b) = (wide(s[1], t), wide(s[2], t));
    s[0] = if b == 0 { u64::MAX } else { (a / b) as u64 };
    Ok(())
}

/// `rem.type d, a, b`: the remainder of truncating division (sign of `a`).
/// By zero it is all ones, signed or not, as for `div`: the H100 records
/// (`h100_sm90_extra_seed12`, e.g. `rem.u64` of 0 by 0, `rem.s32` of
/// 0x1a3d707a by 0) all give all ones; the ISA leaves it unspecified.
#[inline]
pub fn rem(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let (a, b) = (wide(s[1], t), wide(s[2], t));
    s[0] = if b == 0 { u64::MAX } else { (a % b) as u64 };
    Ok(())
}

/// `abs.type d, a`: `|MIN|` wraps to `MIN`.
#[inline]
pub fn abs(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = wide(s[1], ty0(m)?).unsigned_abs() as u64;
    Ok(())
}

/// `neg.type d, a`
#[inline]
pub fn neg(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = s[1].wrapping_neg();
    let _ = m;
    Ok(())
}

#[inline]
fn min_max(m: &Mods, s: &mut [u64], max: bool) -> SemResult {
    let t = ty0(m)?;
    let relu = m.has(Flags::RELU);
    let f = |a: i128, b: i128, _| {
        let r = if max { a.max(b) } else { a.min(b) };
        (if relu { r.max(0) } else { r }) as u64
    };
    s[0] = if is_packed(t) {
        packed(s[1], s[2], t, f)
    } else {
        f(wide(s[1], t), wide(s[2], t), t)
    };
    Ok(())
}

/// `min{.relu}.type d, a, b`
#[inline]
pub fn min(m: &Mods, s: &mut [u64]) -> SemResult {
    min_max(m, s, false)
}

/// `max{.relu}.type d, a, b`
#[inline]
pub fn max(m: &Mods, s: &mut [u64]) -> SemResult {
    min_max(m, s, true)
}

/// `popc.type d, a`: the number of one bits.
#[inline]
pub fn popc(m: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = u64::from(truncate(s[1], ty0(m)?.bits()).count_ones());
    Ok(())
}

/// `clz.type d, a`: leading zeros within the type's width.
#[inline]
pub fn clz(m: &Mods, s: &mut [u64]) -> SemResult {
    let bits = ty0(m)?.bits();
    s[0] = u64::from(truncate(s[1], bits).leading_zeros() - (64 - bits));
    Ok(())
}

/// `bfind{.shiftamt}.type d, a`: the position of the most significant
/// non-sign bit, or `0xFFFFFFFF` when there is none.
#[inline]
pub fn bfind(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let bits = t.bits();
    let mut v = truncate(s[1], bits);
    if t.is_signed() && (v >> (bits - 1)) & 1 == 1 {
        v = truncate(!v, bits);
    }
    s[0] = if v == 0 {
        0xFFFF_FFFF
    } else {
        let pos = 63 - u64::from(v.leading_zeros());
        if m.has(Flags::SHIFTAMT) {
            u64::from(bits - 1) - pos
        } else {
            pos
        }
    };
    Ok(())
}

/// `fns.b32 d, mask, base, offset`: the position of the `offset`-th set bit
/// of `mask` counting from `base` (up for positive offsets, down for
/// negative), or `0xFFFFFFFF`.
#[inline]
pub fn fns(_: &Mods, s: &mut [u64]) -> SemResult {
    let (mask, base, offset) = (s[1] as u32, s[2] as u32, s[3] as u32 as i32);
    let bit = |p: i64| (0..32).contains(&p) && (mask >> p) & 1 == 1;
    let mut d = 0xFFFF_FFFFu64;
    if offset == 0 {
        if bit(i64::from(base)) {
            d = u64::from(base);
        }
    } else {
        let step = if offset > 0 { 1 } else { -1 };
        let mut count = offset.unsigned_abs() - 1;
        let mut pos = i64::from(base);
        while (0..32).contains(&pos) {
            if bit(pos) {
                if count == 0 {
                    d = pos as u64;
                    break;
                }
                count -= 1;
            }
            pos += step;
        }
    }
    s[0] = d;
    Ok(())
}

/// `brev.type d, a`: the bits in reverse order.
#[inline]
pub fn brev(m: &Mods, s: &mut [u64]) -> SemResult {
    let bits = ty0(m)?.bits();
    s[0] = s[1].reverse_bits() >> (64 - bits);
    Ok(())
}

/// The position and length operands of `bfe`/`bfi`. The PTX ISA takes
/// their low 8 bits; the H100 does so for 32-bit types, but for 64-bit
/// types it saturates the whole value at 255 (recorded: `bfe.u64` with
/// position `0x9802f437` extracts nothing, not bit 0x37 on).
#[inline]
fn field(v: u64, bits: u32) -> u32 {
    if bits == 64 {
        v.min(255) as u32
    } else {
        (v & 0xFF) as u32
    }
}

/// `bfe.type d, a, b, c`: `c` bits of `a` from bit `b`, sign-extended for signed types.
#[inline]
pub fn bfe(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let msb = t.bits() - 1;
    let (a, pos, len) = (s[1], field(s[2], t.bits()), field(s[3], t.bits()));
    let sbit = if !t.is_signed() || len == 0 {
        0
    } else {
        (a >> (pos + len - 1).min(msb)) & 1
    };
    let mut d = 0u64;
    for i in 0..=msb {
        let b = if i < len && pos + i <= msb {
            (a >> (pos + i)) & 1
        } else {
            sbit
        };
        d |= b << i;
    }
    s[0] = d;
    Ok(())
}

/// `bfi.type d, a, b, c, e`: `b` with `e` low bits of `a` inserted at bit `c`.
#[inline]
pub fn bfi(m: &Mods, s: &mut [u64]) -> SemResult {
    let bits = ty0(m)?.bits();
    let msb = bits - 1;
    let (a, mut d, pos, len) = (s[1], s[2], field(s[3], bits), field(s[4], bits));
    let mut i = 0;
    while i < len && pos + i <= msb {
        d = (d & !(1 << (pos + i))) | (((a >> i) & 1) << (pos + i));
        i += 1;
    }
    s[0] = d;
    Ok(())
}

/// `szext.mode.type d, a, b`: the low `b` bits of `a`, sign- or zero-extended;
/// `.clamp` limits `b` to 32, `.wrap` takes it modulo 32.
#[inline]
pub fn szext(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let n = if m.has_keyword(Keyword::Wrap) {
        (s[2] & 31) as u32
    } else {
        (s[2] as u32).min(32)
    };
    s[0] = match n {
        0 => 0,
        32.. => s[1],
        n if t.is_signed() => sign_extend(s[1], n) as u64,
        n => truncate(s[1], n),
    };
    Ok(())
}

/// `bmsk.mode.b32 d, a, b`: `b` one bits starting at bit `a`; `.clamp`
/// limits both to 32, `.wrap` takes both modulo 32.
#[inline]
pub fn bmsk(m: &Mods, s: &mut [u64]) -> SemResult {
    let (a, b) = if m.has_keyword(Keyword::Wrap) {
        (s[1] & 31, s[2] & 31)
    } else {
        (s[1].min(32), s[2].min(32))
    };
    s[0] = if a >= 32 {
        0
    } else {
        truncate(truncate(u64::MAX, b as u32) << a, 32)
    };
    Ok(())
}

/// Byte or half `i` of `v`, signed or unsigned.
#[inline]
fn lane(v: u64, i: u32, bits: u32, signed: bool) -> i64 {
    let x = v >> (i * bits);
    if signed {
        sign_extend(x, bits)
    } else {
        truncate(x, bits) as i64
    }
}

/// `dp4a.atype.btype d, a, b, c`: `c` plus the four byte products.
#[inline]
pub fn dp4a(m: &Mods, s: &mut [u64]) -> SemResult {
    let (sa, sb) = (
        ty0(m)?.is_signed(),
        m.ty(1).is_some_and(ScalarType::is_signed),
    );
    let sum: i64 = (0..4)
        .map(|i| lane(s[1], i, 8, sa) * lane(s[2], i, 8, sb))
        .sum();
    s[0] = (s[3] as i64).wrapping_add(sum) as u64;
    Ok(())
}

#[inline]
fn dp2a(m: &Mods, s: &mut [u64], first_byte: u32) -> SemResult {
    let (sa, sb) = (
        ty0(m)?.is_signed(),
        m.ty(1).is_some_and(ScalarType::is_signed),
    );
    let sum: i64 = (0..2)
        .map(|i| lane(s[1], i, 16, sa) * lane(s[2], first_byte + i, 8, sb))
        .sum();
    s[0] = (s[3] as i64).wrapping_add(sum) as u64;
    Ok(())
}

/// `dp2a.lo.atype.btype d, a, b, c`: halves of `a` times bytes 0 and 1 of `b`.
#[inline]
pub fn dp2a_lo(m: &Mods, s: &mut [u64]) -> SemResult {
    dp2a(m, s, 0)
}

/// `dp2a.hi.atype.btype d, a, b, c`: halves of `a` times bytes 2 and 3 of `b`.
#[inline]
pub fn dp2a_hi(m: &Mods, s: &mut [u64]) -> SemResult {
    dp2a(m, s, 2)
}
