//! The SIMD video instructions (PTX ISA "Video Instructions"): `vadd2` ...
//! `vmax4` and `vset2`/`vset4` operate on the two half-words or four bytes
//! of 32-bit registers, then merge the results into `c` under a mask or add
//! them to `c`. Only the default operand selection is modelled (the table
//! has no operand selectors): `a`'s and `b`'s own lanes, every lane of `d`.

use crate::exec::{SemResult, unsupported};
use ptx_core::{Flags, Mods, ScalarType, Sel};

/// The per-lane operation of a SIMD video instruction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Avrg,
    Absdiff,
    Min,
    Max,
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

/// The ISA's secondary operation: with `.add`, `c` plus every lane's
/// result (full width, wrapping at 32 bits); otherwise each result
/// truncated into its lane of `c` (the mask is every lane).
#[inline]
fn merge(m: &Mods, c: u64, bits: u32, t: impl Iterator<Item = i64>) -> u64 {
    let lane_mask = (1u64 << bits) - 1;
    let mut d = c & 0xffff_ffff;
    for (i, t) in t.enumerate() {
        if m.selects(Sel::Add) {
            d = d.wrapping_add(t as u64);
        } else {
            let shift = i as u32 * bits;
            d = (d & !(lane_mask << shift)) | ((t as u64 & lane_mask) << shift);
        }
    }
    d & 0xffff_ffff
}

/// `vop2`/`vop4 .dtype.atype.btype{.sat|.add} d, a, b, c` (ISA pseudo-code:
/// extend each lane per `.atype`/`.btype`, operate exactly, clamp to the
/// lane range of `.dtype` under `.sat`, then merge or accumulate).
#[inline]
fn simd(m: &Mods, s: &mut [u64], op: Op, bits: u32) -> SemResult {
    let (sd, sa, sb) = (signed(m, 0), signed(m, 1), signed(m, 2));
    let (lo, hi) = if sd {
        (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
    } else {
        (0, (1i64 << bits) - 1)
    };
    let sat = m.flags.contains(Flags::SAT);
    let t = (0..32 / bits).map(|i| {
        let (a, b) = (lane(s[1], i, bits, sa), lane(s[2], i, bits, sb));
        let t = match op {
            Op::Add => a + b,
            Op::Sub => a - b,
            // ISA: (a + b + 1) >> 1 when a + b >= 0, else (a + b) >> 1.
            Op::Avrg if a + b >= 0 => (a + b + 1) >> 1,
            Op::Avrg => (a + b) >> 1,
            Op::Absdiff => (a - b).abs(),
            Op::Min => a.min(b),
            Op::Max => a.max(b),
        };
        if sat { t.clamp(lo, hi) } else { t }
    });
    s[0] = merge(m, s[3], bits, t);
    Ok(())
}

/// The comparison of a `vset` form.
#[inline]
fn comparison(m: &Mods) -> Result<fn(i64, i64) -> bool, crate::exec::Fault> {
    Ok(
        match m
            .sel
            .iter()
            .flatten()
            .find(|s| !matches!(s, Sel::Add | Sel::Min | Sel::Max))
        {
            Some(Sel::Eq) => |a, b| a == b,
            Some(Sel::Ne) => |a, b| a != b,
            Some(Sel::Lt) => |a, b| a < b,
            Some(Sel::Le) => |a, b| a <= b,
            Some(Sel::Gt) => |a, b| a > b,
            Some(Sel::Ge) => |a, b| a >= b,
            _ => return Err(unsupported("vset without a comparison")),
        },
    )
}

/// `vset2`/`vset4 .atype.btype.cmp{.add} d, a, b, c`: 1 in each lane whose
/// comparison holds, 0 elsewhere, merged into or added to `c`.
#[inline]
fn vset_simd(m: &Mods, s: &mut [u64], bits: u32) -> SemResult {
    let (sa, sb) = (signed(m, 0), signed(m, 1));
    let holds = comparison(m)?;
    let t =
        (0..32 / bits).map(|i| i64::from(holds(lane(s[1], i, bits, sa), lane(s[2], i, bits, sb))));
    s[0] = merge(m, s[3], bits, t);
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

/// The ISA's `optSaturate` for a whole 32-bit destination: with `.sat`,
/// `t` clamped to the range of `.dtype`.
///
/// The H100 differs from the ISA for an unsigned `.dtype`: it clamps only
/// below, at 0, and a result above `U32_MAX` wraps. Recorded in
/// `h100_sm90_extra_seed12` (`vadd.u32.u32.u32.sat %0, %1, %2;`):
/// `0xffff8001 + 0x00008001` gives `0x00000002`, `0xffffffff + 0xffffff81`
/// gives `0xffffff80`; while `vsub.u32.u32.u32.sat` of `0x000000ff -
/// 0x00000100` gives 0.
#[inline]
fn saturate(m: &Mods, t: i128) -> i128 {
    if !m.flags.contains(Flags::SAT) {
        t
    } else if signed(m, 0) {
        t.clamp(i32::MIN.into(), i32::MAX.into())
    } else {
        t.max(0)
    }
}

/// The ISA's `optSecondaryOp` (`.add`, `.min`, `.max` with `c`, read as
/// `.dtype`), then the low 32 bits of the result into `d`.
#[inline]
fn secondary(m: &Mods, s: &mut [u64], t: i128) {
    let c = match s.get(3) {
        Some(&c) => i128::from(lane(c, 0, 32, signed(m, 0))),
        None => 0,
    };
    let d = if m.selects(Sel::Add) {
        t + c
    } else if m.selects(Sel::Min) {
        t.min(c)
    } else if m.selects(Sel::Max) {
        t.max(c)
    } else {
        t
    };
    s[0] = d as u64 & 0xffff_ffff;
}

/// `vop.dtype.atype.btype{.sat}{.op2} d, a, b{, c}` (`vadd`, `vsub`,
/// `vabsdiff`, `vmin`, `vmax`): `a` and `b` extended per `.atype` and
/// `.btype`, operated on exactly, saturated to `.dtype` under `.sat`, then
/// the secondary operation.
#[inline]
fn scalar(m: &Mods, s: &mut [u64], op: Op) -> SemResult {
    let a = i128::from(lane(s[1], 0, 32, signed(m, 1)));
    let b = i128::from(lane(s[2], 0, 32, signed(m, 2)));
    let t = match op {
        Op::Add => a + b,
        Op::Sub => a - b,
        Op::Absdiff => (a - b).abs(),
        Op::Min => a.min(b),
        Op::Max => a.max(b),
        Op::Avrg => return Err(unsupported("vavrg")),
    };
    secondary(m, s, saturate(m, t));
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

/// `vshl`/`vshr .dtype.atype.u32{.sat}.mode{.op2} d, a, b{, c}`: the shift
/// amount `b` limited to 32 (`.clamp`) or taken mod 32 (`.wrap`), `a`
/// extended per `.atype` and shifted exactly (`vshr` of a signed `a` is
/// arithmetic), then saturation and the secondary operation.
#[inline]
fn shift(m: &Mods, s: &mut [u64], left: bool) -> SemResult {
    let a = i128::from(lane(s[1], 0, 32, signed(m, 1)));
    let b = s[2] & 0xffff_ffff;
    let n = if m.selects(Sel::Wrap) {
        b & 31
    } else {
        b.min(32)
    } as u32;
    let t = if left { a << n } else { a >> n };
    secondary(m, s, saturate(m, t));
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

/// `vset.atype.btype.cmp{.op2} d, a, b{, c}`: 1 if the comparison of `a`
/// and `b` (each extended per its type) holds, else 0, then the secondary
/// operation.
#[inline]
pub fn vset(m: &Mods, s: &mut [u64]) -> SemResult {
    let (a, b) = (
        lane(s[1], 0, 32, signed(m, 0)),
        lane(s[2], 0, 32, signed(m, 1)),
    );
    let t = i128::from(comparison(m)?(a, b));
    // The result and `c` are unsigned (`d` is .u32).
    let c = s.get(3).map_or(0, |&c| i128::from(c as u32));
    let d = if m.selects(Sel::Add) {
        t + c
    } else if m.selects(Sel::Min) {
        t.min(c)
    } else if m.selects(Sel::Max) {
        t.max(c)
    } else {
        t
    };
    s[0] = d as u64 & 0xffff_ffff;
    Ok(())
}

/// `vmad.dtype.atype.btype{.po}{.sat}{.scale} d, a, b, c` (ISA pseudo-code,
/// without negated operands): `a * b + c` exact, `c` sign-extended when
/// `.atype` or `.btype` is signed, plus 1 under `.po`, shifted right by 7 or
/// 15 under `.shr7`/`.shr15`, clamped to the signed or unsigned 32-bit range
/// under `.sat` (signed when either source type is).
#[inline]
pub fn vmad(m: &Mods, s: &mut [u64]) -> SemResult {
    let signed_final = signed(m, 1) || signed(m, 2);
    let a = i128::from(lane(s[1], 0, 32, signed(m, 1)));
    let b = i128::from(lane(s[2], 0, 32, signed(m, 2)));
    let c = i128::from(lane(s[3], 0, 32, signed_final));
    let mut t = a * b + c + i128::from(m.flags.contains(Flags::PO));
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
    s[0] = t as u64 & 0xffff_ffff;
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
}
