//! Data movement within a thread (PTX ISA "Data Movement and Conversion
//! Instructions": `mov`, its packing and unpacking forms, and `prmt`).

use crate::exec::{Fault, SemResult, truncate, ty0};
use ptx_core::{Mods, Sel};

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
        .ok_or_else(|| Fault::new("mov: no parts to pack or unpack"))?;
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
fn mode_bytes(mode: Sel, c: u32) -> [u32; 4] {
    let mut d = [0; 4];
    for (i, byte) in (0u32..).zip(d.iter_mut()) {
        *byte = match mode {
            // Forward 4 extract: four consecutive bytes from byte c.
            Sel::F4e => (c + i) & 7,
            // Backward 4 extract: byte c, then down, wrapping round 8.
            Sel::B4e => c.wrapping_sub(i) & 7,
            // Replicate byte c.
            Sel::Rc8 => c,
            // Edge clamp left: bytes below c repeat byte c.
            Sel::Ecl => i.max(c),
            // Edge clamp right: bytes above c repeat byte c.
            Sel::Ecr => i.min(c),
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
/// counts (see [`mode_bytes`]).
#[inline]
pub fn prmt(m: &Mods, s: &mut [u64]) -> SemResult {
    let source = truncate(s[2], 32) << 32 | truncate(s[1], 32);
    let byte = |k: u32| (source >> (8 * (k & 7))) & 0xFF;
    let c = s[3] as u32;
    let mode = m.sel.iter().flatten().copied().find(|s| {
        matches!(
            s,
            Sel::F4e | Sel::B4e | Sel::Rc8 | Sel::Ecl | Sel::Ecr | Sel::Rc16
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
