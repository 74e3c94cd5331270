//! The video instructions (PTX ISA "Video Instructions").
//!
//! * SIMD: `vadd2` ... `vmax4` and `vset2`/`vset4` operate on two half-words
//!   or four bytes selected from `b:a` (`a.h10`, `b.b7654`; by default
//!   `a`'s own and `b`'s own), then merge the results into `c` under the
//!   mask of `d` (`d.b3210`, `d.h1`; by default every lane) or add them to
//!   `c` (`.add`).
//! * Scalar: `vadd`, `vsub`, `vabsdiff`, `vmin`, `vmax`, `vshl`, `vshr`,
//!   `vset`, `vmad` read a byte, half-word or the whole of `a` and `b`
//!   (`a.b1`, `b.h0`), extended per `.atype`/`.btype`, operate exactly,
//!   saturate, then combine the result with `c` (`.add`, `.min`, `.max`) or
//!   merge part of it into `c` (`d.h1`).
//!
//! Where the H100 differs from the ISA's pseudo-code, the simulator follows
//! the H100 (records of `h100_sm90_extra_seed12`, replayed by
//! `ptx-tools/tests/golden.rs`); each difference is documented at its
//! function: `saturate` (unsigned `.sat`), `secondary` (unsigned
//! `.min`/`.max`), `merge_part` (`d.dsel`), [`vmad`] (`c` of an unsigned
//! `vmad`).
//!
//! Operand selectors and `vmad`'s negations come in [`Mods::operand_selectors`] and
//! [`Mods::negate`], by operand position (`d`, `a`, `b`, `c`).

use crate::exec::SemResult;
use crate::fault::Fault;
use ptx_core::{Flags, Keyword, Mods, ScalarType, Selector};

/// The per-lane operation of a video instruction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Avrg,
    Absdiff,
    Min,
    Max,
}

impl Op {
    /// The ISA's operation on two exact values.
    #[inline]
    fn apply(self, a: i128, b: i128) -> i128 {
        match self {
            Op::Add => a + b,
            Op::Sub => a - b,
            // ISA: (a + b + 1) >> 1 when a + b >= 0, else (a + b) >> 1.
            Op::Avrg if a + b >= 0 => (a + b + 1) >> 1,
            Op::Avrg => (a + b) >> 1,
            Op::Absdiff => (a - b).abs(),
            Op::Min => a.min(b),
            Op::Max => a.max(b),
        }
    }
}

/// Lane `i` of `v`, `bits` wide, sign- or zero-extended.
#[inline]
fn lane(v: u64, i: u32, bits: u32, signed: bool) -> i64 {
    let x = (v >> (i * bits)) & ((1 << bits) - 1);
    if signed && x >> (bits - 1) != 0 {
        x as i64 - (1 << bits)
    } else {
        x as i64
    }
}

#[inline]
fn signed(m: &Mods, i: usize) -> bool {
    m.ty(i).is_some_and(ScalarType::is_signed)
}

/// The low 32 bits of a register slot.
#[inline]
fn word(v: u64) -> u64 {
    v & 0xffff_ffff
}

// ---------------------------------------------------------------- SIMD

/// The ISA's `extractAndSignExt_2`/`_4`: lane `i` of a SIMD source, the
/// half-word or byte its selector names among those of `b:a` (`a`'s are
/// 0 to 1 or 0 to 3); without a selector, lane `i` of its own register
/// (`first` is 0 for `a`, the lane count for `b`).
#[inline]
fn simd_source(
    pair: u64,
    sel: Option<Selector>,
    first: u32,
    i: u32,
    bits: u32,
    signed: bool,
) -> i64 {
    let index = sel.map_or(first + i, |s| u32::from(s.lane(i as usize)));
    lane(pair, index, bits, signed)
}

/// The lanes of `d` a SIMD result writes: its mask selector, or all.
#[inline]
fn simd_mask(m: &Mods, lanes: u32) -> u8 {
    m.operand_selectors[0].map_or((1 << lanes) - 1, |s| s.mask())
}

/// The ISA's secondary operation of SIMD instructions: with `.add`, `c`
/// plus the result of every lane in the mask (wrapping at 32 bits);
/// otherwise `c` with the lanes in the mask replaced by their results.
#[inline]
fn merge_lanes(m: &Mods, c: u64, bits: u32, mask: u8, t: impl Iterator<Item = i64>) -> u64 {
    let lane_mask = (1u64 << bits) - 1;
    let mut d = word(c);
    for (i, t) in t.enumerate().filter(|&(i, _)| mask & (1 << i) != 0) {
        if m.has_keyword(Keyword::Add) {
            d = d.wrapping_add(t as u64);
        } else {
            let shift = i as u32 * bits;
            d = (d & !(lane_mask << shift)) | ((t as u64 & lane_mask) << shift);
        }
    }
    word(d)
}

/// `vop2`/`vop4 .dtype.atype.btype{.sat|.add} d{.mask}, a{.asel},
/// b{.bsel}, c` (ISA pseudo-code: select and extend each lane per
/// `.atype`/`.btype`, operate exactly, clamp to the lane range of `.dtype`
/// under `.sat`, then merge or accumulate).
#[inline]
fn simd(m: &Mods, s: &mut [u64], op: Op, bits: u32) -> SemResult {
    let lanes = 32 / bits;
    let (sd, sa, sb) = (signed(m, 0), signed(m, 1), signed(m, 2));
    let (lo, hi) = if sd {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    let sat = m.flags.contains(Flags::SAT);
    let pair = word(s[1]) | word(s[2]) << 32;
    let t = (0..lanes).map(|i| {
        let a = simd_source(pair, m.operand_selectors[1], 0, i, bits, sa);
        let b = simd_source(pair, m.operand_selectors[2], lanes, i, bits, sb);
        let t = op.apply(a.into(), b.into());
        (if sat { t.clamp(lo, hi) } else { t }) as i64
    });
    s[0] = merge_lanes(m, s[3], bits, simd_mask(m, lanes), t);
    Ok(())
}

/// The comparison of a `vset` form.
#[inline]
fn comparison(m: &Mods) -> Result<fn(i64, i64) -> bool, crate::fault::Fault> {
    Ok(
        match m
            .keywords
            .iter()
            .flatten()
            .find(|s| !matches!(s, Keyword::Add | Keyword::Min | Keyword::Max))
        {
            Some(Keyword::Eq) => |a, b| a == b,
            Some(Keyword::Ne) => |a, b| a != b,
            Some(Keyword::Lt) => |a, b| a < b,
            Some(Keyword::Le) => |a, b| a <= b,
            Some(Keyword::Gt) => |a, b| a > b,
            Some(Keyword::Ge) => |a, b| a >= b,
            _ => return Err(Fault::malformed("vset", "no comparison")),
        },
    )
}

/// `vset2`/`vset4 .atype.btype.cmp{.add} d{.mask}, a{.asel}, b{.bsel}, c`:
/// 1 in each lane whose comparison holds, 0 elsewhere, merged into or
/// added to `c`.
#[inline]
fn vset_simd(m: &Mods, s: &mut [u64], bits: u32) -> SemResult {
    let lanes = 32 / bits;
    let (sa, sb) = (signed(m, 0), signed(m, 1));
    let holds = comparison(m)?;
    let pair = word(s[1]) | word(s[2]) << 32;
    let t = (0..lanes).map(|i| {
        let a = simd_source(pair, m.operand_selectors[1], 0, i, bits, sa);
        let b = simd_source(pair, m.operand_selectors[2], lanes, i, bits, sb);
        i64::from(holds(a, b))
    });
    s[0] = merge_lanes(m, s[3], bits, simd_mask(m, lanes), t);
    Ok(())
}

macro_rules! simd_fns {
    ($($name:ident = $op:ident, $bits:literal;)*) => {
        $(
            #[doc = concat!("`", stringify!($name), "`: see the private `simd`.")]
            #[inline]
            pub fn $name(m: &Mods, s: &mut [u64]) -> SemResult {
                simd(m, s, Op::$op, $bits)
            }
        )*
    };
}

simd_fns! {
    vadd2 = Add, 16; vsub2 = Sub, 16; vavrg2 = Avrg, 16; vabsdiff2 = Absdiff, 16;
    vmin2 = Min, 16; vmax2 = Max, 16;
    vadd4 = Add, 8; vsub4 = Sub, 8; vavrg4 = Avrg, 8; vabsdiff4 = Absdiff, 8;
    vmin4 = Min, 8; vmax4 = Max, 8;
}

/// `vset2`: see the private `vset_simd`.
#[inline]
pub fn vset2(m: &Mods, s: &mut [u64]) -> SemResult {
    vset_simd(m, s, 16)
}

/// `vset4`: see the private `vset_simd`.
#[inline]
pub fn vset4(m: &Mods, s: &mut [u64]) -> SemResult {
    vset_simd(m, s, 8)
}

// ---------------------------------------------------------------- scalar

/// The ISA's `partSelectSignExtend`: the byte (`.b0`-`.b3`), half-word
/// (`.h0`, `.h1`) or, without a selector, the whole of a scalar operand,
/// sign- or zero-extended.
#[inline]
fn part(v: u64, sel: Option<Selector>, signed: bool) -> i128 {
    i128::from(match sel {
        None => lane(v, 0, 32, signed),
        Some(s) => lane(
            v,
            u32::from(s.digits[0]),
            if s.half { 16 } else { 8 },
            signed,
        ),
    })
}

/// The ISA's `optSaturate`: with `.sat`, `t` clamped to the range of
/// `.dtype`, of a byte or half-word of it when the result merges into one
/// (`d.b1`, `d.h0`).
///
/// The H100 differs from the ISA for an unsigned `.dtype` and a whole
/// destination: it clamps only below, at 0, and a result above `U32_MAX`
/// wraps. Recorded in `h100_sm90_extra_seed12` (`vadd.u32.u32.u32.sat %0,
/// %1, %2;`): `0xffff8001 + 0x00008001` gives `0x00000002`, `0xffffffff +
/// 0xffffff81` gives `0xffffff80`; while `vsub.u32.u32.u32.sat` of
/// `0x000000ff - 0x00000100` gives 0. (No record saturates into a byte or
/// half-word of `d`; those follow the ISA.)
#[inline]
fn saturate(m: &Mods, t: i128) -> i128 {
    if !m.flags.contains(Flags::SAT) {
        return t;
    }
    let bits = match m.operand_selectors[0] {
        Some(d) if d.half => 16,
        Some(_) => 8,
        None if signed(m, 0) => return t.clamp(i32::MIN.into(), i32::MAX.into()),
        None => return t.max(0),
    };
    if signed(m, 0) {
        t.clamp(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    } else {
        t.clamp(0, (1 << bits) - 1)
    }
}

/// The ISA's `optSecondaryOp` (`.add`, `.min`, `.max` with `c`), `c` read
/// as `.dtype` (`signed_d`).
///
/// The H100 compares an unsigned `.dtype`'s result as unsigned: a negative
/// result counts above every `c` (`vsub.u32.s32.u32.min %0, %1.h0, %2.b3,
/// %3` in `h100_sm90_extra_seed12`: `0xc9c3 - 0x75` as `.s32` and `.u32`
/// is -14002, and the minimum with `c = 0xfffffffe` is `0xfffffffe`).
#[inline]
fn secondary(m: &Mods, t: i128, c: u64, signed_d: bool) -> i128 {
    let c = i128::from(lane(c, 0, 32, signed_d));
    // Unsigned, a negative result (two's complement) is above every `c`.
    let key = |v: i128| (!signed_d && v < 0, v);
    if m.has_keyword(Keyword::Add) {
        t + c
    } else if m.has_keyword(Keyword::Min) {
        if key(t) <= key(c) { t } else { c }
    } else if m.has_keyword(Keyword::Max) {
        if key(t) >= key(c) { t } else { c }
    } else {
        t
    }
}

/// The ISA's `optMerge` for `d.dsel`: the selected byte or half-word of
/// `d` from the result, the rest from `c`.
///
/// The H100 takes the result's bits at the selected position, where the
/// ISA moves the result's low byte or half-word there: `vmax.s32.s32.s32
/// %0.h1, %1.b2, %2, %3` (`h100_sm90_extra_seed12`) with `a = 0x2916f573`,
/// `b = 0x5070920e`, `c = 0xffffffff` gives `0x5070ffff`, the high half of
/// `max(0x16, 0x5070920e)`, not `0x920effff`.
#[inline]
fn merge_part(dsel: Selector, t: i128, c: u64) -> u64 {
    let width = if dsel.half { 16 } else { 8 };
    let mask = ((1u64 << width) - 1) << (width * u32::from(dsel.digits[0]));
    (t as u64 & mask) | (word(c) & !mask)
}

/// The result into `d`: merged into `c` (`d.dsel`), else combined with `c`
/// by the secondary operation, then the low 32 bits.
#[inline]
fn finish(m: &Mods, s: &mut [u64], t: i128, signed_d: bool) {
    let c = s.get(3).copied().unwrap_or(0);
    s[0] = match m.operand_selectors[0] {
        Some(dsel) => merge_part(dsel, t, c),
        None => word(secondary(m, t, c, signed_d) as u64),
    };
}

/// `vop.dtype.atype.btype{.sat}{.op2} d{.dsel}, a{.asel}, b{.bsel}{, c}`
/// (`vadd`, `vsub`, `vabsdiff`, `vmin`, `vmax`): `a` and `b` selected and
/// extended per `.atype` and `.btype`, operated on exactly, saturated to
/// `.dtype` under `.sat`, then the secondary operation or the merge.
#[inline]
fn scalar(m: &Mods, s: &mut [u64], op: Op) -> SemResult {
    if op == Op::Avrg {
        return Err(Fault::not_simulated("vavrg"));
    }
    let a = part(s[1], m.operand_selectors[1], signed(m, 1));
    let b = part(s[2], m.operand_selectors[2], signed(m, 2));
    finish(m, s, saturate(m, op.apply(a, b)), signed(m, 0));
    Ok(())
}

/// `vadd`: see the private `scalar`.
#[inline]
pub fn vadd(m: &Mods, s: &mut [u64]) -> SemResult {
    scalar(m, s, Op::Add)
}

/// `vsub`: see the private `scalar`.
#[inline]
pub fn vsub(m: &Mods, s: &mut [u64]) -> SemResult {
    scalar(m, s, Op::Sub)
}

/// `vabsdiff`: see the private `scalar`.
#[inline]
pub fn vabsdiff(m: &Mods, s: &mut [u64]) -> SemResult {
    scalar(m, s, Op::Absdiff)
}

/// `vmin`: see the private `scalar`.
#[inline]
pub fn vmin(m: &Mods, s: &mut [u64]) -> SemResult {
    scalar(m, s, Op::Min)
}

/// `vmax`: see the private `scalar`.
#[inline]
pub fn vmax(m: &Mods, s: &mut [u64]) -> SemResult {
    scalar(m, s, Op::Max)
}

/// `vshl`/`vshr .dtype.atype.u32{.sat}.mode{.op2} d{.dsel}, a{.asel},
/// b{.bsel}{, c}`: the shift amount `b` (selected, unsigned) limited to 32
/// (`.clamp`) or taken mod 32 (`.wrap`), `a` extended per `.atype` and
/// shifted exactly (`vshr` of a signed `a` is arithmetic), then saturation
/// and the secondary operation or the merge.
#[inline]
fn shift(m: &Mods, s: &mut [u64], left: bool) -> SemResult {
    let a = part(s[1], m.operand_selectors[1], signed(m, 1));
    let b = part(s[2], m.operand_selectors[2], false) as u32;
    let n = if m.has_keyword(Keyword::Wrap) {
        b & 31
    } else {
        b.min(32)
    };
    let t = if left { a << n } else { a >> n };
    finish(m, s, saturate(m, t), signed(m, 0));
    Ok(())
}

/// `vshl`: see the private `shift`.
#[inline]
pub fn vshl(m: &Mods, s: &mut [u64]) -> SemResult {
    shift(m, s, true)
}

/// `vshr`: see the private `shift`.
#[inline]
pub fn vshr(m: &Mods, s: &mut [u64]) -> SemResult {
    shift(m, s, false)
}

/// `vset.atype.btype.cmp{.op2} d{.dsel}, a{.asel}, b{.bsel}{, c}`: 1 if
/// the comparison of `a` and `b` (each selected and extended per its type)
/// holds, else 0, then the secondary operation or the merge (the result
/// and `c` are unsigned).
#[inline]
pub fn vset(m: &Mods, s: &mut [u64]) -> SemResult {
    let a = part(s[1], m.operand_selectors[1], signed(m, 0)) as i64;
    let b = part(s[2], m.operand_selectors[2], signed(m, 1)) as i64;
    let t = i128::from(comparison(m)?(a, b));
    finish(m, s, t, false);
    Ok(())
}

/// `vmad.dtype.atype.btype{.po}{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel},
/// {-}c` (ISA pseudo-code): the exact product of the selected `a` and `b`,
/// negated when exactly one of them is written `-` (as `!p + 1`), plus `c`
/// (negated when written `-c`), plus 1 under `.po`, shifted right by 7 or
/// 15 under `.shr7`/`.shr15`, clamped to the signed or unsigned 32-bit
/// range under `.sat` (signed when a source type is, or anything is
/// negated).
///
/// The H100 sign-extends `c` even when the result is unsigned, where the
/// ISA zero-extends it: `vmad.u32.u32.u32.sat %0, %1.h0, %2.h1, %3`
/// (`h100_sm90_extra_seed12`) with `a = 0xffffffff`, `b = 0x6309c655`, `c
/// = 0x8f09efb1` gives 0 (`0xffff * 0x6309 + c` is negative), and with `c
/// = 0xfffffffe` the product minus 2.
#[inline]
pub fn vmad(m: &Mods, s: &mut [u64]) -> SemResult {
    let (neg_a, neg_b, neg_c) = (m.negated(1), m.negated(2), m.negated(3));
    let signed_final = signed(m, 1) || signed(m, 2) || neg_a != neg_b || neg_c;
    let a = part(s[1], m.operand_selectors[1], signed(m, 1));
    let b = part(s[2], m.operand_selectors[2], signed(m, 2));
    let (mut product, mut c) = (a * b, word(s[3]));
    let lsb = if m.flags.contains(Flags::PO) {
        1
    } else if neg_a != neg_b {
        product = !product;
        1
    } else if neg_c {
        c = word(!c);
        1
    } else {
        0
    };
    let mut t = product + i128::from(lane(c, 0, 32, true)) + lsb;
    if m.flags.contains(Flags::SHR7) {
        t >>= 7;
    } else if m.flags.contains(Flags::SHR15) {
        t >>= 15;
    }
    if m.flags.contains(Flags::SAT) {
        t = if signed_final {
            t.clamp(i32::MIN.into(), i32::MAX.into())
        } else {
            t.clamp(0, u32::MAX.into())
        };
    }
    s[0] = word(t as u64);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sem::testing::run;

    const R4: [&str; 4] = ["=r", "r", "r", "r"];

    fn go(asm: &str, a: u32, b: u32, c: u32) -> u32 {
        run(asm, &R4, &[0, a.into(), b.into(), c.into()])[0] as u32
    }

    #[test]
    fn vadd2_wraps_each_half_word_without_sat_and_clamps_with_it() {
        // 0x7fff + 1 wraps to 0x8000 in the high half; 0xffff + 1 to 0 in the low.
        assert_eq!(
            go(
                "vadd2.s32.s32.s32 %0, %1, %2, %3;",
                0x7fff_ffff,
                0x0001_0001,
                0
            ),
            0x8000_0000
        );
        // .sat on .s32: 0x7fff + 1 stays 0x7fff; -1 + 1 = 0.
        assert_eq!(
            go(
                "vadd2.s32.s32.s32.sat %0, %1, %2, %3;",
                0x7fff_ffff,
                0x0001_0001,
                0
            ),
            0x7fff_0000
        );
        // .sat on .u32: 0xffff + 1 clamps to 0xffff.
        assert_eq!(
            go(
                "vadd2.u32.u32.u32.sat %0, %1, %2, %3;",
                0x0000_ffff,
                0x0000_0001,
                0
            ),
            0x0000_ffff
        );
    }

    #[test]
    fn vadd4_add_accumulates_every_byte_result_into_c() {
        // 1+1 + 2+2 + 3+3 + 4+4 = 20, added to c = 100.
        assert_eq!(
            go(
                "vadd4.u32.u32.u32.add %0, %1, %2, %3;",
                0x0403_0201,
                0x0403_0201,
                100
            ),
            120
        );
    }

    #[test]
    fn vavrg_rounds_non_negative_sums_up_and_negative_sums_down() {
        // (1 + 2 + 1) >> 1 = 2; (-1 + -2) >> 1 = -2 (0xfe).
        assert_eq!(
            go(
                "vavrg4.s32.s32.s32 %0, %1, %2, %3;",
                0x0000_ff01,
                0x0000_fe02,
                0
            ),
            0x0000_fe02
        );
    }

    #[test]
    fn vset4_writes_one_per_byte_whose_comparison_holds() {
        // signed bytes: 1 < 2, -1 < 0, 5 < 5 fails, 0x80 (-128) < 0x7f.
        assert_eq!(
            go(
                "vset4.s32.s32.lt %0, %1, %2, %3;",
                0x8005_ff01,
                0x7f05_0002,
                0
            ),
            0x0100_0101
        );
        // unsigned: 0xff < 0x00 fails, 0x80 < 0x7f fails.
        assert_eq!(
            go(
                "vset4.u32.u32.lt %0, %1, %2, %3;",
                0x8005_ff01,
                0x7f05_0002,
                0
            ),
            0x0000_0001
        );
    }

    const R3: [&str; 3] = ["=r", "r", "r"];

    fn go3(asm: &str, a: u32, b: u32) -> u32 {
        run(asm, &R3, &[0, a.into(), b.into()])[0] as u32
    }

    #[test]
    fn scalar_video_sat_clamps_signed_results_to_the_s32_range() {
        // i32::MAX + 1 clamps to i32::MAX; without .sat it wraps.
        assert_eq!(
            go3("vadd.s32.s32.s32.sat %0, %1, %2;", 0x7fff_ffff, 1),
            0x7fff_ffff
        );
        assert_eq!(
            go3("vadd.s32.s32.s32 %0, %1, %2;", 0x7fff_ffff, 1),
            0x8000_0000
        );
    }

    #[test]
    fn unsigned_video_sat_clamps_at_zero_and_wraps_above_u32_max_as_the_h100_does() {
        // h100_sm90_extra_seed12, vadd.u32.u32.u32.sat: 0xffff8001 + 0x8001 -> 2.
        assert_eq!(
            go3("vadd.u32.u32.u32.sat %0, %1, %2;", 0xffff_8001, 0x8001),
            2
        );
        // vsub.u32.u32.u32.sat: 0xff - 0x100 -> 0.
        assert_eq!(go3("vsub.u32.u32.u32.sat %0, %1, %2;", 0xff, 0x100), 0);
    }

    #[test]
    fn vshl_clamp_limits_the_shift_to_32_and_wrap_takes_it_mod_32() {
        // a << 33 with .clamp is a << 32 = 0 in 32 bits; with .wrap a << 1.
        assert_eq!(go3("vshl.u32.u32.u32.clamp %0, %1, %2;", 3, 33), 0);
        assert_eq!(go3("vshl.u32.u32.u32.wrap %0, %1, %2;", 3, 33), 6);
        // vshr of a signed a is arithmetic: -8 >> 40 (clamped to 32) = -1.
        assert_eq!(
            go3("vshr.s32.s32.u32.clamp %0, %1, %2;", (-8i32) as u32, 40),
            u32::MAX
        );
    }

    #[test]
    fn vset_gives_one_when_the_comparison_of_the_typed_operands_holds() {
        // -1 (as .s32) < 1 (as .u32) holds; 0xffffffff as .u32 < 1 does not.
        assert_eq!(go3("vset.s32.u32.lt %0, %1, %2;", u32::MAX, 1), 1);
        assert_eq!(go3("vset.u32.u32.lt %0, %1, %2;", u32::MAX, 1), 0);
    }

    #[test]
    fn vmad_adds_c_to_the_exact_product_then_shifts_under_shr7() {
        // -3 * 5 + 100 = 85.
        assert_eq!(
            go("vmad.s32.s32.s32 %0, %1, %2, %3;", (-3i32) as u32, 5, 100),
            85
        );
        // (1000 * 1000 + 0) >> 7 = 7812.
        assert_eq!(
            go("vmad.s32.s32.s32.shr7 %0, %1, %2, %3;", 1000, 1000, 0),
            7812
        );
        // .po adds one: 2 * 3 + 4 + 1 = 11.
        assert_eq!(go("vmad.u32.u32.u32.po %0, %1, %2, %3;", 2, 3, 4), 11);
    }

    #[test]
    fn scalar_video_secondary_operation_combines_the_result_with_c() {
        // vshr.u32 ... .wrap.add: (0x100 >> 4) + 5 = 0x15.
        assert_eq!(
            go("vshr.u32.u32.u32.wrap.add %0, %1, %2, %3;", 0x100, 4, 5),
            0x15
        );
        // vmin as the secondary operation: min(7 + 1, 3) = 3.
        assert_eq!(go("vadd.s32.s32.s32.min %0, %1, %2, %3;", 7, 1, 3), 3);
    }

    #[test]
    fn simd_sources_pick_their_bytes_from_b_then_a() {
        // `a.b7654` reads b's bytes, `b.b0000` a's byte 0 four times:
        // e7+54, 5f+54, 61+54, 84+54 -> 3b (carry dropped), b3, b5, d8
        // (h100_sm90_extra_seed12, the H100's output).
        assert_eq!(
            go(
                "vadd4.u32.u32.u32 %0.b3210, %1.b7654, %2.b0000, %3;",
                0x1024_4a54,
                0x8461_5fe7,
                0x64
            ),
            0xd8b5_b33b
        );
    }

    #[test]
    fn a_simd_mask_writes_its_lanes_and_keeps_the_rest_of_c() {
        // d.h1: lane 1 is ffff + ba84 = ba83 (wrapped), lane 0 is c's 8905
        // (h100_sm90_extra_seed12).
        assert_eq!(
            go(
                "vadd2.u32.u32.u32 %0.h1, %1, %2, %3;",
                0xffff_ff70,
                0xba84_323b,
                0xafc2_8905
            ),
            0xba83_8905
        );
        // d.b0: e0 + ff = df into byte 0, the rest from c.
        assert_eq!(
            go(
                "vadd4.u32.u32.u32 %0.b0, %1, %2, %3;",
                0x2e23_6ce0,
                0xffff_ffff,
                0x6c51_9a43
            ),
            0x6c51_9adf
        );
    }

    #[test]
    fn scalar_selectors_extend_the_selected_part_per_type() {
        // a.b1 as .u32: 0x09; b.h1 as .s32: 0; 9 + 0 added to c
        // (h100_sm90_extra_seed12).
        assert_eq!(
            go(
                "vadd.s32.u32.s32.sat.add %0, %1.b1, %2.h1, %3;",
                0x733a_0988,
                0x64,
                0x52be_b6b8
            ),
            0x52be_b6c1
        );
    }

    #[test]
    fn the_h100_merges_the_results_bits_at_the_selected_half_word() {
        // max(0x16, 0x5070920e) = 0x5070920e; d.h1 takes its high half, not
        // its low half moved up (h100_sm90_extra_seed12).
        assert_eq!(
            go(
                "vmax.s32.s32.s32 %0.h1, %1.b2, %2, %3;",
                0x2916_f573,
                0x5070_920e,
                0xffff_ffff
            ),
            0x5070_ffff
        );
    }

    #[test]
    fn an_unsigned_min_keeps_c_below_a_negative_result() {
        // 0xc9c3 (.s32: -13885) - 0x75 = -14002; as .u32 it is above c
        // (h100_sm90_extra_seed12).
        assert_eq!(
            go(
                "vsub.u32.s32.u32.min %0, %1.h0, %2.b3, %3;",
                0x3f12_c9c3,
                0x75d3_8f85,
                0xffff_fffe
            ),
            0xffff_fffe
        );
    }

    #[test]
    fn vmad_negates_the_product_and_the_h100_sign_extends_c() {
        // -(-1 * 2) + 0x950e539e (as .s32) = 0x950e53a0, >> 7 arithmetic
        // (h100_sm90_extra_seed12).
        assert_eq!(
            go(
                "vmad.s32.s32.s32.shr7 %0, -%1, %2, %3;",
                0xffff_ffff,
                2,
                0x950e_539e
            ),
            0xff2a_1ca7
        );
        // 0xffff * 0x6309 + c: c = 0x8f09efb1 counts as negative, the sum
        // is below 0 and .sat gives 0 (h100_sm90_extra_seed12).
        assert_eq!(
            go(
                "vmad.u32.u32.u32.sat %0, %1.h0, %2.h1, %3;",
                0xffff_ffff,
                0x6309_c655,
                0x8f09_efb1
            ),
            0
        );
    }
}
