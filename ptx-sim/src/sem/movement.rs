//! Data movement within a thread (PTX ISA "Data Movement and Conversion
//! Instructions": `mov`, its packing and unpacking forms, and `prmt`).

use crate::exec::{SemResult, truncate, ty0};
use crate::fault::Fault;
use ptx_core::{Keyword, Mods};

/// `mov.type d, a`: a register, an immediate, a special register or a
/// variable's address, copied. Slots `d a`, or `d.lo d.hi a.lo a.hi` for
/// `.b128`: the second half of the slots goes to the first.
#[inline]
pub fn mov(_: &Mods, s: &mut [u64]) -> SemResult {
    let n = s.len() / 2;
    let (d, a) = s.split_at_mut(n);
    d.copy_from_slice(&a[..n]);
    Ok(())
}

/// The number of slots of the whole (packed) value of a `mov.type` and the
/// width of one of its parts, given how many parts there are.
#[inline(always)]
fn pack_layout(m: &Mods, slots: usize) -> Result<(usize, usize, u32), Fault> {
    let bits = ty0(m)?.bits();
    let whole = if bits > 64 { 2 } else { 1 };
    let parts = slots
        .checked_sub(whole)
        .filter(|&p| p > 0)
        .ok_or_else(|| Fault::malformed("mov", "no parts to pack or unpack"))?;
    Ok((whole, parts, bits / parts as u32))
}

/// `mov.type d, {a, b, ...}`: the parts side by side, the first in the
/// lowest bits (`mov.b64 d, {x, y, z, w}` is `x | y << 16 | z << 32 | w << 48`).
/// Slots: `d` (two for `.b128`), then the parts.
#[inline]
pub fn mov_pack(m: &Mods, s: &mut [u64]) -> SemResult {
    let (whole, parts, part) = pack_layout(m, s.len())?;
    let mut d = [0u64; 2];
    for i in 0..parts {
        let at = i as u32 * part;
        let v = truncate(s[whole + i], part);
        d[(at / 64) as usize] |= v << (at % 64);
    }
    s[..whole].copy_from_slice(&d[..whole]);
    Ok(())
}

/// `mov.type {a, b, ...}, d`: the parts of `d`, the first from the lowest
/// bits. Slots: the parts, then `d` (two for `.b128`).
#[inline]
pub fn mov_unpack(m: &Mods, s: &mut [u64]) -> SemResult {
    let (whole, parts, part) = pack_layout(m, s.len())?;
    let mut d = [0u64; 2];
    d[..whole].copy_from_slice(&s[parts..]);
    for (i, slot) in s[..parts].iter_mut().enumerate() {
        let at = i as u32 * part;
        *slot = truncate(d[(at / 64) as usize] >> (at % 64), part);
    }
    Ok(())
}

/// The source bytes each byte of `prmt`'s result takes, from the low byte
/// up, for a mode and the low two bits of `c` (the PTX ISA's table, read
/// as a rule per result byte `i`).
#[inline(always)]
fn mode_bytes(mode: Keyword, c: u32) -> [u32; 4] {
    let mut d = [0; 4];
    for (i, byte) in (0u32..).zip(d.iter_mut()) {
        *byte = match mode {
            // Forward 4 extract: four consecutive bytes from byte c.
            Keyword::F4e => (c + i) & 7,
            // Backward 4 extract: byte c, then down, wrapping round 8.
            Keyword::B4e => c.wrapping_sub(i) & 7,
            // Replicate byte c.
            Keyword::Rc8 => c,
            // Edge clamp left: bytes below c repeat byte c.
            Keyword::Ecl => i.max(c),
            // Edge clamp right: bytes above c repeat byte c.
            Keyword::Ecr => i.min(c),
            // Replicate the 16-bit half c[0].
            _ => (c & 1) * 2 + (i & 1),
        };
    }
    d
}

/// `prmt.b32{.mode} d, a, b, c`: four bytes picked from the eight of
/// `{b, a}` (`a` is bytes 0-3, `b` bytes 4-7).
///
/// Without a mode, nibble `i` of `c` picks result byte `i`: its low three
/// bits name the source byte, and its high bit, when set, replicates that
/// byte's sign bit over the whole result byte. With a mode only `c[1:0]`
/// counts (the private `mode_bytes` table).
#[inline]
pub fn prmt(m: &Mods, s: &mut [u64]) -> SemResult {
    let source = truncate(s[2], 32) << 32 | truncate(s[1], 32);
    let byte = |k: u32| (source >> (8 * (k & 7))) & 0xFF;
    let c = s[3] as u32;
    let mode = m.keywords.iter().flatten().copied().find(|s| {
        matches!(
            s,
            Keyword::F4e
                | Keyword::B4e
                | Keyword::Rc8
                | Keyword::Ecl
                | Keyword::Ecr
                | Keyword::Rc16
        )
    });
    let mut d = 0u64;
    match mode {
        Some(mode) => {
            for (i, k) in (0..).zip(mode_bytes(mode, c & 3)) {
                d |= byte(k) << (8 * i);
            }
        }
        None => {
            for i in 0..4 {
                let selector = (c >> (4 * i)) & 0xF;
                let b = byte(selector);
                let b = if selector & 8 == 0 {
                    b
                } else if b & 0x80 != 0 {
                    0xFF
                } else {
                    0
                };
                d |= b << (8 * i);
            }
        }
    }
    s[0] = d;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::mode_bytes;
    use crate::sem::testing::run;
    use ptx_core::Keyword;

    #[test]
    fn mov_copies_registers_immediates_and_special_registers() {
        assert_eq!(
            run("mov.b32 %0, %1;", &["=r", "r"], &[0, 0xDEAD_BEEF])[0],
            0xDEAD_BEEF
        );
        assert_eq!(run("mov.u32 %0, -1;", &["=r"], &[0])[0], 0xFFFF_FFFF);
        assert_eq!(run("mov.s16 %0, -2;", &["=h"], &[0])[0], 0xFFFE);
        assert_eq!(run("mov.f32 %0, 1.5;", &["=f"], &[0])[0], 0x3FC0_0000);
        assert_eq!(
            run("mov.f32 %0, 0f3F800000;", &["=f"], &[0])[0],
            0x3F80_0000
        );
        assert_eq!(
            run("mov.f64 %0, 0d4000000000000000;", &["=d"], &[0])[0],
            0x4000_0000_0000_0000
        );
        // Outside a launch every thread is lane 0 of a one-thread grid.
        assert_eq!(run("mov.u32 %0, %%laneid;", &["=r"], &[7])[0], 0);
        assert_eq!(run("mov.u32 %0, %%ntid.x;", &["=r"], &[7])[0], 1);
        assert_eq!(run("mov.u32 %0, %%lanemask_lt;", &["=r"], &[7])[0], 0);
        assert_eq!(run("mov.u32 %0, WARP_SZ;", &["=r"], &[0])[0], 32);
        let pred =
            "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; mov.pred q, p; selp.u32 %0, 1, 0, q; }";
        assert_eq!(run(pred, &["=r", "r"], &[0, 9])[0], 1);
        let b128 = 0x0011_2233_4455_6677_8899_AABB_CCDD_EEFFu128;
        assert_eq!(run("mov.b128 %0, %1;", &["=q", "q"], &[0, b128])[0], b128);
    }

    #[test]
    fn mov_packs_the_first_element_into_the_lowest_bits() {
        // PTX ISA: `mov.b64 d, {x, y, z, w}` is `x | y << 16 | z << 32 | w << 48`.
        let four = run(
            "mov.b64 %0, {%1, %2, %3, %4};",
            &["=l", "h", "h", "h", "h"],
            &[0, 0x1111, 0x2222, 0x3333, 0x4444],
        );
        assert_eq!(four[0], 0x4444_3333_2222_1111);
        let two = run(
            "mov.b32 %0, {%1, %2};",
            &["=r", "h", "h"],
            &[0, 0xAAAA, 0xBBBB],
        );
        assert_eq!(two[0], 0xBBBB_AAAA);
        let wide = run(
            "mov.b64 %0, {%1, %2};",
            &["=l", "r", "r"],
            &[0, 0x1234_5678, 0x9ABC_DEF0],
        );
        assert_eq!(wide[0], 0x9ABC_DEF0_1234_5678);
        let b128 = run("mov.b128 %0, {%1, %2};", &["=q", "l", "l"], &[0, 1, 2]);
        assert_eq!(b128[0], 2 << 64 | 1);
    }

    #[test]
    fn mov_unpacks_the_lowest_bits_into_the_first_element() {
        let two = run(
            "mov.b32 {%0, %1}, %2;",
            &["=h", "=h", "r"],
            &[0, 0, 0xBBBB_AAAA],
        );
        assert_eq!(two, vec![0xAAAA, 0xBBBB, 0xBBBB_AAAA]);
        let four = run(
            "mov.b64 {%0, %1, %2, %3}, %4;",
            &["=h", "=h", "=h", "=h", "l"],
            &[0, 0, 0, 0, 0x4444_3333_2222_1111],
        );
        assert_eq!(four[..4], [0x1111, 0x2222, 0x3333, 0x4444]);
        let sink = run(
            "mov.b64 {_, %0}, %1;",
            &["=r", "l"],
            &[0, 0x9ABC_DEF0_1234_5678],
        );
        assert_eq!(sink[0], 0x9ABC_DEF0);
        let b128 = run(
            "mov.b128 {%0, %1}, %2;",
            &["=l", "=l", "q"],
            &[0, 0, 2 << 64 | 1],
        );
        assert_eq!(b128[..2], [1, 2]);
    }

    /// `prmt` over `a = 0x03020100`, `b = 0x07060504`: each result byte is
    /// the index of the source byte it took.
    fn prmt(mode: &str, c: u128) -> u128 {
        let asm = format!("prmt.b32{mode} %0, %1, %2, %3;");
        run(
            &asm,
            &["=r", "r", "r", "r"],
            &[0, 0x0302_0100, 0x0706_0504, c],
        )[0]
    }

    /// `{d3, d2, d1, d0}` as the PTX ISA's table writes it, as a register.
    fn bytes([d3, d2, d1, d0]: [u128; 4]) -> u128 {
        d3 << 24 | d2 << 16 | d1 << 8 | d0
    }

    #[test]
    fn prmt_modes_follow_the_isa_table() {
        // PTX ISA, prmt: {d3, d2, d1, d0} for c[1:0] = 0, 1, 2, 3.
        let table: [(&str, [[u128; 4]; 4]); 6] = [
            (
                ".f4e",
                [[3, 2, 1, 0], [4, 3, 2, 1], [5, 4, 3, 2], [6, 5, 4, 3]],
            ),
            (
                ".b4e",
                [[5, 6, 7, 0], [6, 7, 0, 1], [7, 0, 1, 2], [0, 1, 2, 3]],
            ),
            (
                ".rc8",
                [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
            ),
            (
                ".ecl",
                [[3, 2, 1, 0], [3, 2, 1, 1], [3, 2, 2, 2], [3, 3, 3, 3]],
            ),
            (
                ".ecr",
                [[0, 0, 0, 0], [1, 1, 1, 0], [2, 2, 1, 0], [3, 2, 1, 0]],
            ),
            (
                ".rc16",
                [[1, 0, 1, 0], [3, 2, 3, 2], [1, 0, 1, 0], [3, 2, 3, 2]],
            ),
        ];
        for (mode, rows) in table {
            for (c, row) in (0..).zip(rows) {
                assert_eq!(prmt(mode, c), bytes(row), "{mode} c={c}");
                // Only c[1:0] counts.
                assert_eq!(prmt(mode, c | 0xFFFF_FFF0), bytes(row), "{mode} c={c}");
            }
        }
        assert_eq!(mode_bytes(Keyword::F4e, 3), [3, 4, 5, 6]);
    }

    #[test]
    fn prmt_default_mode_picks_bytes_by_nibble() {
        assert_eq!(prmt("", 0x3210), 0x0302_0100);
        assert_eq!(prmt("", 0x7654), 0x0706_0504);
        assert_eq!(prmt("", 0x0123), 0x0001_0203);
        assert_eq!(prmt("", 0x4444), 0x0404_0404);
        // Nibbles above the fourth do not count.
        assert_eq!(prmt("", 0xFFFF_3210), 0x0302_0100);
    }

    #[test]
    fn prmt_selector_msb_replicates_the_sign_of_the_byte() {
        let asm = "prmt.b32 %0, %1, %2, %3;";
        let cons = ["=r", "r", "r", "r"];
        // Bytes: 0x11 0x82 0x7F 0x80 | 0x00 0xFF 0x01 0x90 (byte 0 first).
        let (a, b) = (0x807F_8211, 0x9001_FF00);
        let p = |c: u128| run(asm, &cons, &[0, a, b, c])[0];
        // Selector 8+k: all ones when byte k's bit 7 is set, else zeros.
        assert_eq!(p(0x8888), 0);
        assert_eq!(p(0x9999), 0xFFFF_FFFF);
        assert_eq!(p(0xBA98), 0xFF00_FF00);
        assert_eq!(p(0xFEDC), 0xFF00_FF00);
        // Mixed: byte 0 copied, sign of byte 1, byte 7 copied, sign of byte 2.
        assert_eq!(p(0xA790), 0x0090_FF11);
    }
}
