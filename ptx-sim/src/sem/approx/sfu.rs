//! The H100's special function unit (`MUFU`), one function per mode, on
//! `.f32` encodings (or the upper word of an `.f64` for `RCP64H`/`RSQ64H`).
//!
//! Every mode but `TANH` flushes a subnormal operand to a zero of its sign
//! and a subnormal result to zero, and each answers a NaN operand with
//! `0x7fffffff`. The results are the H100's, bit for bit: measured tables
//! ([`super::table`]) and the arithmetic around them that
//! `docs/special-functions.md` derives from the measurements.

use super::table;

const NAN: u32 = 0x7fff_ffff;
const INF: u32 = 0x7f80_0000;
const SIGN: u32 = 0x8000_0000;
const ONE: u32 = 0x3f80_0000;

/// The parts of a `.f32` encoding: sign bit, biased exponent, mantissa.
#[inline]
fn parts(x: u32) -> (u32, i32, u32) {
    (x & SIGN, ((x >> 23) & 0xff) as i32, x & 0x7f_ffff)
}

/// A positive table result `t` with its exponent moved by `shift`; a zero
/// when it falls below the normal range, infinity above it.
#[inline]
fn rescale(t: u32, shift: i32) -> u32 {
    let e = ((t >> 23) & 0xff) as i32 + shift;
    if e <= 0 {
        0
    } else if e >= 0xff {
        INF
    } else {
        ((e as u32) << 23) | (t & 0x7f_ffff)
    }
}

/// `MUFU.RCP`: `1 / x`.
#[inline]
pub fn rcp(x: u32) -> u32 {
    let (sign, e, m) = parts(x);
    match e {
        0xff if m != 0 => NAN,
        0xff => sign,
        0 => sign | INF,
        _ => sign | rescale(table::rcp().get(m), 127 - e),
    }
}

/// The table index of a positive normal operand of unbiased exponent
/// `unbiased` and (23-bit) mantissa `m` for the root modes (the exponent's
/// parity above the mantissa), and half its exponent.
#[inline]
fn root_index(unbiased: i32, m: u32) -> (u32, i32) {
    let parity = unbiased.rem_euclid(2);
    ((parity as u32) << 23 | m, (unbiased - parity) / 2)
}

/// `MUFU.RSQ`: `1 / sqrt(x)`.
#[inline]
pub fn rsqrt(x: u32) -> u32 {
    let (sign, e, m) = parts(x);
    match e {
        0xff if m != 0 || sign != 0 => NAN,
        0xff => 0,
        0 => sign | INF,
        _ if sign != 0 => NAN,
        _ => {
            let (k, half) = root_index(e - 127, m);
            rescale(table::rsqrt().get(k), -half)
        }
    }
}

/// `MUFU.SQRT`: `sqrt(x)`.
#[inline]
pub fn sqrt(x: u32) -> u32 {
    let (sign, e, m) = parts(x);
    match e {
        0xff if m != 0 || sign != 0 => NAN,
        0xff => INF,
        0 => sign,
        _ if sign != 0 => NAN,
        _ => {
            let (k, half) = root_index(e - 127, m);
            rescale(table::sqrt().get(k), half)
        }
    }
}

/// `MUFU.EX2`: `2^x`. The operand becomes a sign and a magnitude with 23
/// fraction bits, truncated; the fraction picks the entry of the table of
/// its sign, the integer part the exponent.
#[inline]
pub fn ex2(x: u32) -> u32 {
    let (sign, e, m) = parts(x);
    if e == 0xff {
        return match (m, sign) {
            (0, 0) => INF,
            (0, _) => 0,
            _ => NAN,
        };
    }
    if e == 0 {
        return ONE;
    }
    // |x| * 2^23, truncated; from 2^8 on every result is 0 or infinity.
    let fixed = if e >= 127 + 8 {
        u64::MAX >> 1
    } else if e >= 127 {
        u64::from(m | 0x80_0000) << (e - 127)
    } else {
        u64::from(m | 0x80_0000) >> (127 - e).min(63)
    };
    let whole = (fixed >> 23).min(1 << 10) as i32;
    let fraction = (fixed & 0x7f_ffff) as u32;
    if sign == 0 {
        rescale(table::ex2_positive().get(fraction), whole - 1)
    } else {
        rescale(table::ex2_negative().get(fraction), 1 - whole)
    }
}

/// `MUFU.LG2`: `log2(x)`. The unit adds the exponent to a fixed-point
/// logarithm of the mantissa and truncates the sum to `.f32`; the tables
/// hold that logarithm truncated at exponents 0 and -1, which determine the
/// sum's truncation at every exponent (nested grids).
#[inline]
pub fn lg2(x: u32) -> u32 {
    let (sign, e, m) = parts(x);
    match e {
        0 => 0xff80_0000,
        0xff if m != 0 || sign != 0 => NAN,
        0xff => INF,
        _ if sign != 0 => NAN,
        _ => {
            let t = table::lg2();
            let exponent = e - 127;
            let v = if exponent >= 0 {
                f64::from(exponent) + f64::from(f32::from_bits(t.part(0)[m as usize]))
            } else {
                f64::from(exponent + 1) + f64::from(f32::from_bits(t.part(1)[m as usize]))
            };
            toward_zero(v)
        }
    }
}

/// `v` (exact in `f64`) rounded toward zero to `.f32`.
#[inline]
fn toward_zero(v: f64) -> u32 {
    let r = v as f32;
    if f64::from(r).abs() > v.abs() {
        r.to_bits() - 1
    } else {
        r.to_bits()
    }
}

/// `a * b` rounded toward zero (`FMUL.RZ`, subnormals kept): the product
/// of two `.f32` is exact in `f64`.
#[inline]
pub fn mul_toward_zero(a: u32, b: u32) -> u32 {
    let p = f64::from(f32::from_bits(a)) * f64::from(f32::from_bits(b));
    if p.is_nan() { NAN } else { toward_zero(p) }
}

/// The unit's fixed-point angle of `r` turns: `trunc(|r| * 2^25) mod 2^25`.
#[inline]
fn turns(e: i32, m: u32) -> u32 {
    let significand = u64::from(m | 0x80_0000);
    let shift = e - 125;
    let q = if shift >= 25 {
        0
    } else if shift >= 0 {
        significand << shift
    } else if shift > -64 {
        significand >> -shift
    } else {
        0
    };
    (q & ((1 << 25) - 1)) as u32
}

/// The quadrant table's answer for the angle `q` (in 2^-25 turns):
/// odd quadrants mirrored, the second half-turn negated.
#[inline]
fn quadrant(q: u32) -> u32 {
    let (quad, f) = (q >> 23, q & 0x7f_ffff);
    let f = if quad & 1 == 1 { 0x7f_ffff - f } else { f };
    let v = table::sin().part(0)[f as usize];
    if quad >= 2 { v ^ SIGN } else { v }
}

/// `MUFU.SIN`: `sin(2 pi r)` for `r` in turns, from 25 fraction bits of
/// `|r|` (truncated) and the sign of `r`.
#[inline]
pub fn sin(r: u32) -> u32 {
    let (sign, e, m) = parts(r);
    match e {
        0xff => NAN,
        0 => sign,
        _ => quadrant(turns(e, m)) ^ sign,
    }
}

/// `MUFU.COS`: `cos(2 pi r)`, a quarter turn on from [`sin`] (without the
/// operand's sign).
#[inline]
pub fn cos(r: u32) -> u32 {
    let (_, e, m) = parts(r);
    match e {
        0xff => NAN,
        0 => quadrant(1 << 23),
        _ => quadrant((turns(e, m) + (1 << 23)) & ((1 << 25) - 1)),
    }
}

/// `MUFU.TANH`: `tanh(x)`; `x` itself below 2^-8 (subnormals too), the
/// measured tables (indexed by the top mantissa bits) up to 8, `±1` beyond.
#[inline]
pub fn tanh(x: u32) -> u32 {
    let (sign, e, m) = parts(x);
    let exponent = e - 127;
    match e {
        0xff if m != 0 => NAN,
        0xff => sign | ONE,
        _ if exponent <= -9 => x,
        _ if exponent >= 3 => sign | ONE,
        _ => {
            let part = table::tanh().part((exponent + 8) as usize);
            let bits = part.len().trailing_zeros();
            sign | part[(m >> (23 - bits)) as usize]
        }
    }
}

/// The upper word of an `.f64` (sign, 11 exponent bits, 20 mantissa
/// bits) as the `.f32` operand the same table answers: the unit computes
/// `RCP64H`/`RSQ64H` with the `.f32` tables (recorded: all 2^20 mantissas of
/// `rcp.approx.ftz.f64` are `MUFU.RCP`'s mantissas cut to 20 bits).
#[inline]
fn upper_parts(hi: u32) -> (u32, i32, u32) {
    (hi & SIGN, ((hi >> 20) & 0x7ff) as i32, (hi & 0xf_ffff) << 3)
}

/// A positive `.f32` table result `t` as the upper word of an `.f64` with
/// unbiased exponent moved by `shift`: mantissa cut to 20 bits, zero below
/// the normal range.
#[inline]
fn upper_rescale(t: u32, shift: i32) -> u32 {
    let e = ((t >> 23) & 0xff) as i32 - 127 + 1023 + shift;
    if e <= 0 {
        0
    } else if e >= 0x7ff {
        0x7ff0_0000
    } else {
        ((e as u32) << 20) | ((t & 0x7f_ffff) >> 3)
    }
}

/// `MUFU.RCP64H`: `1 / x` on an `.f64`'s upper word.
#[inline]
pub fn rcp64h(hi: u32) -> u32 {
    let (sign, e, m) = upper_parts(hi);
    match e {
        0x7ff if m != 0 => NAN,
        0x7ff => sign,
        0 => sign | 0x7ff0_0000,
        _ => sign | upper_rescale(table::rcp().get(m), 1023 - e),
    }
}

/// `MUFU.RSQ64H`: `1 / sqrt(x)` on an `.f64`'s upper word.
#[inline]
pub fn rsqrt64h(hi: u32) -> u32 {
    let (sign, e, m) = upper_parts(hi);
    match e {
        0x7ff if m != 0 || sign != 0 => NAN,
        0x7ff => 0,
        0 => sign | 0x7ff0_0000,
        _ if sign != 0 => NAN,
        _ => {
            let (k, half) = root_index(e - 1023, m);
            upper_rescale(table::rsqrt().get(k), -half)
        }
    }
}
