//! Conversions between integer types (`cvt` with an integer source and
//! destination, reached through [`crate::sem::convert::float::cvt`], and
//! `cvt.pack`).

use crate::exec::{SemResult, sign_extend, truncate, ty0};
use crate::fault::Fault;
use ptx_core::{Flags, Mods, ScalarType};

/// `v`, read as a value of integer type `t`.
#[inline(always)]
fn value(v: u64, t: ScalarType) -> i128 {
    if t.is_signed() {
        i128::from(sign_extend(v, t.bits()))
    } else {
        i128::from(truncate(v, t.bits()))
    }
}

/// `v` clamped to the range of integer type `t`, in `t`'s bits.
#[inline(always)]
fn saturate(v: i128, t: ScalarType) -> u64 {
    let bits = t.bits();
    let (min, max) = if t.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    truncate(v.clamp(min, max) as u64, bits)
}

/// `cvt{.sat}.dtype.atype d, a` between integer types: `a` is read as an
/// `atype` value (sign-extended when signed) and written as a `dtype`
/// value: truncated to its width, or with `.sat` clamped to its range. The
/// caller extends the result to the register by `dtype`'s signedness.
#[inline]
pub fn cvt_int(m: &Mods, s: &mut [u64]) -> SemResult {
    let (dtype, atype) = (
        ty0(m)?,
        m.ty(1)
            .ok_or_else(|| Fault::malformed("cvt", "without a source type"))?,
    );
    let a = value(s[1], atype);
    s[0] = if m.has(Flags::SAT) {
        saturate(a, dtype)
    } else {
        truncate(a as u64, dtype.bits())
    };
    Ok(())
}

/// `cvt.pack.sat.convertType.s32{.b32} d, a, b{, c}`: `a` and `b` clamped
/// to `convertType`'s range and packed, `b` in the low bits and `a` above
/// it; for the 8-, 4- and 2-bit types the low bits of `c` fill the rest of
/// `d` above them (`d = c << 2n | a' << n | b'` for `n`-bit parts).
#[inline]
pub fn cvt_pack(m: &Mods, s: &mut [u64]) -> SemResult {
    let t = ty0(m)?;
    let n = t.bits();
    let (a, b) = (
        saturate(value(s[1], ScalarType::S32), t),
        saturate(value(s[2], ScalarType::S32), t),
    );
    let packed = a << n | b;
    let rest = if 2 * n < 32 {
        s.get(3).copied().unwrap_or(0) << (2 * n)
    } else {
        0
    };
    s[0] = truncate(packed | rest, 32);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sem::testing::run;

    fn cvt(asm: &str, cons: [&str; 2], a: u128) -> u128 {
        run(asm, &cons, &[0, a])[0]
    }

    #[test]
    fn cvt_without_sat_truncates_to_the_destination_and_extends_by_its_sign() {
        // 0x1FF: the low byte 0xFF is -1 as .s8, 255 as .u8; the register
        // is filled by the destination type's signedness.
        assert_eq!(cvt("cvt.s8.s32 %0, %1;", ["=r", "r"], 0x1FF), 0xFFFF_FFFF);
        assert_eq!(cvt("cvt.u8.s32 %0, %1;", ["=r", "r"], 0x1FF), 0xFF);
        assert_eq!(cvt("cvt.u16.u32 %0, %1;", ["=h", "r"], 0x1_2345), 0x2345);
        assert_eq!(
            cvt("cvt.s32.s64 %0, %1;", ["=r", "l"], 0x1_8000_0000),
            0x8000_0000
        );
        // The source is read as its own type: only its low bits, extended by its sign.
        assert_eq!(
            cvt("cvt.s32.s8 %0, %1;", ["=r", "r"], 0x1234_5680),
            0xFFFF_FF80
        );
        assert_eq!(cvt("cvt.u32.u8 %0, %1;", ["=r", "r"], 0x1234_5680), 0x80);
        assert_eq!(
            cvt("cvt.s64.s32 %0, %1;", ["=l", "r"], 0xFFFF_FFFE),
            u128::from(u64::MAX - 1)
        );
        assert_eq!(
            cvt("cvt.s64.u32 %0, %1;", ["=l", "r"], 0xFFFF_FFFE),
            0xFFFF_FFFE
        );
        assert_eq!(
            cvt("cvt.u64.s8 %0, %1;", ["=l", "r"], 0x80),
            u128::from(u64::MAX - 0x7F)
        );
    }

    #[test]
    fn cvt_sat_clamps_to_the_destination_range() {
        let r = ["=r", "r"];
        assert_eq!(cvt("cvt.sat.s8.s32 %0, %1;", r, 300), 127);
        assert_eq!(
            cvt("cvt.sat.s8.s32 %0, %1;", r, (-300i32) as u32 as u128),
            0xFFFF_FF80
        );
        assert_eq!(
            cvt("cvt.sat.s8.s32 %0, %1;", r, (-5i32) as u32 as u128),
            0xFFFF_FFFB
        );
        assert_eq!(cvt("cvt.sat.u8.s32 %0, %1;", r, (-5i32) as u32 as u128), 0);
        assert_eq!(cvt("cvt.sat.u8.s32 %0, %1;", r, 256), 255);
        assert_eq!(cvt("cvt.sat.s8.u32 %0, %1;", r, 0xFFFF_FFFF), 127);
        assert_eq!(cvt("cvt.sat.u32.s32 %0, %1;", r, 0xFFFF_FFFF), 0);
        assert_eq!(cvt("cvt.sat.s32.u32 %0, %1;", r, 0xFFFF_FFFF), 0x7FFF_FFFF);
        assert_eq!(cvt("cvt.sat.s32.u32 %0, %1;", r, 0x7FFF_FFFF), 0x7FFF_FFFF);
        assert_eq!(cvt("cvt.sat.s16.s32 %0, %1;", ["=h", "r"], 0x8000), 0x7FFF);
        assert_eq!(cvt("cvt.sat.u16.s32 %0, %1;", ["=h", "r"], 0x8000_0000), 0);
        assert_eq!(
            cvt("cvt.sat.s32.s64 %0, %1;", ["=r", "l"], 1 << 40),
            0x7FFF_FFFF
        );
        assert_eq!(
            cvt(
                "cvt.sat.s32.s64 %0, %1;",
                ["=r", "l"],
                u128::from(u64::MAX << 40)
            ),
            0x8000_0000
        );
        assert_eq!(
            cvt("cvt.sat.u32.s64 %0, %1;", ["=r", "l"], 1 << 40),
            0xFFFF_FFFF
        );
        assert_eq!(
            cvt("cvt.sat.u64.s64 %0, %1;", ["=l", "l"], u128::from(u64::MAX)),
            0
        );
        assert_eq!(
            cvt("cvt.sat.s64.u64 %0, %1;", ["=l", "l"], u128::from(u64::MAX)),
            u128::from(i64::MAX as u64)
        );
    }

    fn pack(asm: &str, a: i32, b: i32, c: u32) -> u128 {
        let values = [0, a as u32 as u128, b as u32 as u128, c.into()];
        let cons = ["=r", "r", "r", "r"];
        let n = if asm.contains("%3") { 4 } else { 3 };
        run(asm, &cons[..n], &values[..n])[0]
    }

    #[test]
    fn cvt_pack_sat_clamps_each_part_and_puts_b_lowest() {
        // d = {a', b'} for 16-bit parts.
        assert_eq!(
            pack("cvt.pack.sat.s16.s32 %0, %1, %2;", 70000, -70000, 0),
            0x7FFF_8000
        );
        assert_eq!(
            pack("cvt.pack.sat.s16.s32 %0, %1, %2;", -1, 1, 0),
            0xFFFF_0001
        );
        assert_eq!(
            pack("cvt.pack.sat.u16.s32 %0, %1, %2;", -1, 70000, 0),
            0x0000_FFFF
        );
        // Narrower parts: `c`'s low bits fill the rest of `d` above them.
        let u8 = "cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;";
        assert_eq!(pack(u8, 300, -1, 0x1234), 0x1234_FF00);
        let s8 = "cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;";
        assert_eq!(pack(s8, -200, 5, 0xABCD_EF12), 0xEF12_8005);
        let s4 = "cvt.pack.sat.s4.s32.b32 %0, %1, %2, %3;";
        assert_eq!(pack(s4, 8, -9, 0x00AB_CDEF), 0xABCD_EF78);
        let u4 = "cvt.pack.sat.u4.s32.b32 %0, %1, %2, %3;";
        assert_eq!(pack(u4, 3, 99, 0), 0x3F);
        let u2 = "cvt.pack.sat.u2.s32.b32 %0, %1, %2, %3;";
        assert_eq!(pack(u2, 5, -1, 0x0FFF_FFFF), 0xFFFF_FFFC);
        let s2 = "cvt.pack.sat.s2.s32.b32 %0, %1, %2, %3;";
        assert_eq!(pack(s2, -7, 1, 0), 0b1001);
    }
}
