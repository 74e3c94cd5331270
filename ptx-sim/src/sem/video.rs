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

/// `vset2`/`vset4 .atype.btype.cmp{.add} d, a, b, c`: 1 in each lane whose
/// comparison holds, 0 elsewhere, merged into or added to `c`.
#[inline]
fn vset(m: &Mods, s: &mut [u64], bits: u32) -> SemResult {
    let (sa, sb) = (signed(m, 0), signed(m, 1));
    let cmp = m.sel.iter().flatten().find(|s| **s != Sel::Add).copied();
    let holds: fn(i64, i64) -> bool = match cmp {
        Some(Sel::Eq) => |a, b| a == b,
        Some(Sel::Ne) => |a, b| a != b,
        Some(Sel::Lt) => |a, b| a < b,
        Some(Sel::Le) => |a, b| a <= b,
        Some(Sel::Gt) => |a, b| a > b,
        Some(Sel::Ge) => |a, b| a >= b,
        _ => return Err(unsupported("vset without a comparison")),
    };
    let t =
        (0..32 / bits).map(|i| i64::from(holds(lane(s[1], i, bits, sa), lane(s[2], i, bits, sb))));
    s[0] = merge(m, s[3], bits, t);
    Ok(())
}

macro_rules! simd_fns {
    ($($name:ident = $op:ident, $bits:literal;)*) => {
        $(
            #[doc = concat!("`", stringify!($name), "`: see [`simd`].")]
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

/// `vset2`: see [`vset`].
#[inline]
pub fn vset2(m: &Mods, s: &mut [u64]) -> SemResult {
    vset(m, s, 16)
}

/// `vset4`: see [`vset`].
#[inline]
pub fn vset4(m: &Mods, s: &mut [u64]) -> SemResult {
    vset(m, s, 8)
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
}
