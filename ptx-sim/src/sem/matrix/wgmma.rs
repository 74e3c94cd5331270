//! `wgmma`: the warpgroup's 64×N product, A from shared memory through a
//! matrix descriptor or from registers (dense, or the stored half of a
//! structured-sparse A with its metadata), B from shared memory, with the
//! tensor-core numerics of `mma.sync` ([`super::mma`]) but for fp8.
//!
//! Each warp of the warpgroup (the warp's index in its CTA modulo 4) owns
//! 16 rows of the accumulator, and its rows depend only on its own rows of
//! A and on B, so each warp computes its part when it reaches
//! `wgmma.mma_async`: a program may read the accumulators only after
//! `wgmma.wait_group`, which (like `wgmma.fence` and
//! `wgmma.commit_group`) has nothing left to wait for.
//!
//! Shared-memory operands follow the PTX ISA's canonical layouts
//! ([`Descriptor`]), checked against the H100 by the kernel cases of
//! `tests/data/kernels/wgmma/` (`docs/tensor-core-numerics.md`).

use super::mma::{a_pos, elem_bits, mma_int, wgmma_float};
use crate::exec::SemResult;
use crate::fault::{Fault, ProgramFault};
use crate::lane::WarpCall;
use ptx_core::ScalarType;

/// `wgmma.fence`, `wgmma.commit_group` and `wgmma.wait_group`: the
/// products are complete when `wgmma.mma_async` returns.
pub fn order_warp(_call: &mut WarpCall<'_>) -> SemResult {
    Ok(())
}

/// A shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor Format"):
/// the start address, leading and stride byte offsets (each stored
/// divided by 16 in 14 bits) and the swizzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// The operand's first byte in shared memory.
    pub start: u64,
    /// The leading dimension byte offset (LBO).
    pub leading: u64,
    /// The stride dimension byte offset (SBO).
    pub stride: u64,
    /// The swizzle's width in bytes: 0 (none), 32, 64 or 128.
    pub swizzle: u64,
}

impl Descriptor {
    /// The fields of descriptor `d`: bits 0–13 start, 16–29 LBO, 32–45
    /// SBO (each in units of 16 bytes), 62–63 the swizzle (0 none, 1 128
    /// bytes, 2 64 bytes, 3 32 bytes).
    ///
    /// ```
    /// use ptx_sim::sem::matrix::wgmma::Descriptor;
    /// // Start 0x400, LBO 16, SBO 1024, 128-byte swizzle.
    /// let d = Descriptor::decode(0x40 | 1 << 16 | 64 << 32 | 1 << 62);
    /// assert_eq!((d.start, d.leading, d.stride, d.swizzle), (0x400, 16, 1024, 128));
    /// ```
    pub fn decode(d: u64) -> Descriptor {
        let field = |shift: u32| ((d >> shift) & 0x3FFF) << 4;
        Descriptor {
            start: field(0),
            leading: field(16),
            stride: field(32),
            swizzle: [0, 128, 64, 32][(d >> 62) as usize],
        }
    }

    /// The shared address of byte `kb` (along K) of row `r` (of M or N) of
    /// a K-major operand: 8-row core matrices of 16-byte chunks; without a
    /// swizzle, the chunks along K are LBO apart, 8-row groups SBO apart;
    /// with a swizzle of W bytes, a row's K bytes lie in one W-byte line,
    /// 8 lines make an atom, atoms are SBO apart.
    pub fn k_major(&self, r: u64, kb: u64) -> u64 {
        let group = (r / 8) * self.stride;
        let address = match self.swizzle {
            0 => self.start + group + (r % 8) * 16 + (kb / 16) * self.leading + kb % 16,
            w => self.start + group + (r % 8) * w + (kb / w) * self.leading + kb % w,
        };
        self.swizzled(address)
    }

    /// The shared address of byte `mb` (along M or N) of K-row `k` of an
    /// MN-major (transposed) operand: 16-byte chunks run along M; without
    /// a swizzle, 8 K-rows of one chunk make a core matrix, chunks along M
    /// are SBO apart and groups of 8 K-rows LBO apart; with a swizzle of W
    /// bytes, each K-row holds W bytes of M, 8 K-rows make an atom, atoms
    /// along M are LBO apart and along K SBO apart.
    pub fn mn_major(&self, mb: u64, k: u64) -> u64 {
        let address = match self.swizzle {
            0 => {
                self.start
                    + (mb / 16) * self.stride
                    + (k / 8) * self.leading
                    + (k % 8) * 16
                    + mb % 16
            }
            w => {
                self.start + (mb / w) * self.leading + (k / 8) * self.stride + (k % 8) * w + mb % w
            }
        };
        self.swizzled(address)
    }

    /// `address` with its 16-byte chunk within a 128-byte line exchanged
    /// as the swizzle says: bits 4.. xor bits 7.. (one bit for 32 bytes,
    /// two for 64, three for 128), on the address itself, as the hardware
    /// does (hence the alignment a swizzled operand needs).
    fn swizzled(&self, address: u64) -> u64 {
        let bits = match self.swizzle {
            32 => 1,
            64 => 2,
            128 => 3,
            _ => return address,
        };
        address ^ (((address >> 7) & ((1 << bits) - 1)) << 4)
    }
}

/// The K elements of each of `rows` rows of a shared-memory operand of
/// type `ty` (raw bits), read through descriptor `desc`; MN-major when
/// `transposed`.
fn from_shared(
    call: &WarpCall<'_>,
    operand: &str,
    desc: u64,
    rows: std::ops::Range<usize>,
    k: usize,
    ty: ScalarType,
    transposed: bool,
) -> Result<Vec<Vec<u64>>, Fault> {
    let d = Descriptor::decode(desc);
    let shared = &*call.memory.shared;
    let byte = |address: u64| -> Result<u8, Fault> {
        match usize::try_from(address).ok().and_then(|a| shared.get(a)) {
            Some(&b) => Ok(b),
            None => Err(Fault::Program(ProgramFault::BadOperand {
                instruction: call.key,
                detail: format!(
                    "the {operand} descriptor {desc:#018x} (start {:#x}, leading byte offset {}, stride byte offset {}, {}) reaches shared address {address:#x}, beyond the CTA's {} bytes of shared memory",
                    d.start,
                    d.leading,
                    d.stride,
                    match d.swizzle {
                        0 => "no swizzle".to_string(),
                        w => format!("{w}-byte swizzle"),
                    },
                    shared.len()
                ),
            })),
        }
    };
    let bits = elem_bits(ty) as usize;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let mut row = vec![0u64; k];
        for (kk, e) in row.iter_mut().enumerate() {
            if bits < 8 {
                // Single bits: element k is bit k % 8 of byte k / 8.
                let b = byte(d.k_major(r as u64, (kk / 8) as u64))?;
                *e = u64::from(b >> (kk % 8)) & 1;
                continue;
            }
            let size = bits / 8;
            let mut v = 0u64;
            for i in 0..size {
                let address = if transposed {
                    d.mn_major((r * size + i) as u64, kk as u64)
                } else {
                    d.k_major(r as u64, (kk * size + i) as u64)
                };
                v |= u64::from(byte(address)?) << (8 * i);
            }
            *e = v;
        }
        out.push(row);
    }
    Ok(out)
}

/// `wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype d, a, b-desc,
/// scale-d{, imm-scale-a, imm-scale-b{, imm-trans-a}, imm-trans-b}`: this
/// warp's 16 rows of `d = a·b + (scale-d ? d : 0)`.
pub fn mma_async_warp(call: &mut WarpCall<'_>) -> SemResult {
    mma_async(call, false)
}

/// `wgmma.mma_async.sp...` with `sp-meta, sp-sel` after the B descriptor:
/// A holds only the non-zero half of a structured-sparse matrix, and the
/// metadata says where each of its elements stands (`sparse_picks`: the
/// H100's reading, measured).
pub fn mma_async_sp_warp(call: &mut WarpCall<'_>) -> SemResult {
    mma_async(call, true)
}

/// Where in K each of the `k / 2` stored elements of row `row` (of the
/// warp's 16) of a sparse A stands, with the metadata of the warp's lanes
/// (`meta[l]`) and the selector `sel`, as the H100 reads them (every sparse kernel case of
/// `tests/data/kernels/wgmma/`, the dense rows solved from the products):
/// each 4-bit code of the metadata places two stored elements in a group
/// of four (indices `i0 = code & 3 < i1 = code >> 2`); a 32-bit type's
/// group is two elements, the code 0x4 taking the first and 0xe the
/// second. With rows `q + 8h` of a warp (`q < 8`), group `g` of a 16- or
/// 32-bit type is code `4h + g % 4` of lane `4q + 2·sel + g / 4`, and of an
/// 8-bit type code `g % 8` of lane `4q + 2·(g / 8) + h`. The other K have
/// no product at all (an infinite B there makes no NaN: the fp8 cases).
fn sparse_picks(
    k: usize,
    row: usize,
    bits: usize,
    meta: &[u64; 32],
    sel: usize,
) -> Result<Vec<usize>, Fault> {
    let (q, h) = (row % 8, row / 8);
    let mut picks = Vec::with_capacity(k / 2);
    let wide = bits == 32;
    let groups = if wide { k / 2 } else { k / 4 };
    for g in 0..groups {
        let (lane, nibble) = if bits == 8 {
            (4 * q + 2 * (g / 8) + h, g % 8)
        } else {
            (4 * q + 2 * sel + g / 4, 4 * h + g % 4)
        };
        let code = (meta[lane] >> (4 * nibble)) & 0xF;
        let (i0, i1) = ((code & 3) as usize, (code >> 2) as usize);
        let bad = || {
            Fault::Program(ProgramFault::BadOperand {
                instruction: "wgmma.mma_async.sp",
                detail: format!(
                    "lane {lane}'s sparsity metadata {:#010x} has code {code:#x} at nibble {nibble}, which names no pattern (two indices i0 < i1 of four{})",
                    meta[lane] as u32,
                    if bits == 32 {
                        "; for a 32-bit type 0x4 or 0xe"
                    } else {
                        ""
                    }
                ),
            })
        };
        if wide {
            let pick = match code {
                0x4 => 0,
                0xE => 1,
                _ => return Err(bad()),
            };
            picks.push(2 * g + pick);
        } else {
            if i0 >= i1 {
                return Err(bad());
            }
            picks.extend([4 * g + i0, 4 * g + i1]);
        }
    }
    Ok(picks)
}

fn mma_async(call: &mut WarpCall<'_>, sparse: bool) -> SemResult {
    let shape = call
        .mods
        .shape
        .ok_or_else(|| Fault::malformed("wgmma.mma_async", "without a shape"))?;
    let [dt, at, bt, _] = call.mods.types;
    let (Some(dt), Some(at), Some(bt)) = (dt, at, bt) else {
        return Err(Fault::malformed("wgmma.mma_async", "expected three types"));
    };
    let (n, k) = (usize::from(shape.n), usize::from(shape.k));
    let int = matches!(at, ScalarType::S8 | ScalarType::U8 | ScalarType::B1);
    let d_half = dt == ScalarType::F16;
    let nd = if d_half { n / 4 } else { n / 2 };
    // The slots: d, then A (one descriptor, or 4 registers), the B
    // descriptor, scale-d, the two scale immediates (not for integers)
    // and the transposes (16-bit types: A's where A is in shared memory).
    let sixteen = matches!(at, ScalarType::F16 | ScalarType::Bf16);
    let scales = if int { 0 } else { 2 };
    let meta_slots = if sparse { 2 } else { 0 };
    let a_in_registers = call.len != nd + 3 + meta_slots + scales + if sixteen { 2 } else { 0 };
    let na = if a_in_registers { 4 } else { 1 };
    let b_slot = nd + na;
    let scale_d_slot = b_slot + 1 + meta_slots;
    // The immediates, where the form has them.
    let imm = |i: usize| call.len > scale_d_slot + i;
    let (mut negate_a, mut negate_b, mut trans_a, mut trans_b) = (false, false, false, false);
    let lane0 = call.members.trailing_zeros() as usize;
    let slots = &call.lanes[lane0];
    if !int {
        negate_a = imm(1) && slots[scale_d_slot + 1] as i64 as i32 == -1;
        negate_b = imm(2) && slots[scale_d_slot + 2] as i64 as i32 == -1;
        if sixteen {
            if a_in_registers {
                trans_b = imm(3) && slots[scale_d_slot + 3] & 1 != 0;
            } else {
                trans_a = imm(3) && slots[scale_d_slot + 3] & 1 != 0;
                trans_b = imm(4) && slots[scale_d_slot + 4] & 1 != 0;
            }
        }
    }
    let rank = (call.warp % 4) as usize;
    let rows = 16 * rank..16 * rank + 16;
    let bits_a = elem_bits(at) as usize;
    // This warp's 16 rows of A: from its registers (the fragment of
    // mma.m16nNk: the same rows and columns) or from shared memory.
    // A sparse A stores half of K.
    let stored_k = if sparse { k / 2 } else { k };
    let a: Vec<Vec<u64>> = if a_in_registers {
        let epr = 32 / bits_a;
        let mut a = vec![vec![0u64; stored_k]; 16];
        for l in 0..32 {
            for r in 0..4 {
                let v = call.lanes[l][nd + r];
                for j in 0..epr {
                    let (row, col) = a_pos(16, r, j, l, epr);
                    a[row][col] = (v >> (j * bits_a)) & ((1u64 << bits_a) - 1);
                }
            }
        }
        a
    } else {
        from_shared(call, "A", slots[nd], rows.clone(), stored_k, at, trans_a)?
    };
    // Each row's K of its stored elements, where A is sparse.
    let picks = if sparse {
        let meta: [u64; 32] = std::array::from_fn(|l| call.lanes[l][b_slot + 1]);
        let sel = slots[b_slot + 2] as usize;
        (0..16)
            .map(|row| sparse_picks(k, row, bits_a, &meta, sel))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        Vec::new()
    };
    // B as N rows of K (its columns), then K×N.
    let b_rows = from_shared(call, "B", slots[b_slot], 0..n, k, bt, trans_b)?;
    let mut b = vec![vec![0u64; n]; k];
    for (j, row) in b_rows.iter().enumerate() {
        for (kk, &v) in row.iter().enumerate() {
            b[kk][j] = v;
        }
    }
    let sign = |ty: ScalarType| 1u64 << (elem_bits(ty).min(32) - 1);
    let mut a = a;
    if negate_a {
        a.iter_mut().flatten().for_each(|v| *v ^= sign(at));
    }
    if negate_b {
        b.iter_mut().flatten().for_each(|v| *v ^= sign(bt));
    }
    // B's rows at each sparse row's picks: its products, and no others.
    let b_of_rows: Vec<Vec<Vec<u64>>> = picks
        .iter()
        .map(|p| p.iter().map(|&kk| b[kk].clone()).collect())
        .collect();
    let scale_d = slots[scale_d_slot] & 1 != 0;
    let ct = dt;
    let mods = call.mods;
    // The accumulator elements of lane l: as mma's C of 16×8 tiles side by
    // side, element i at row g + 8·(i/2 % 2), column 8·(i/4) + 2t + i % 2.
    let position =
        |l: usize, i: usize| (l / 4 + 8 * ((i / 2) % 2), 8 * (i / 4) + 2 * (l % 4) + i % 2);
    for l in 0..32 {
        if call.members & (1 << l) == 0 {
            continue;
        }
        let mut out = vec![0u64; nd];
        for i in 0..n / 2 {
            let (row, col) = position(l, i);
            let reg = if d_half { i / 2 } else { i };
            let half = if d_half { i % 2 } else { 0 };
            let c = if scale_d {
                let v = call.lanes[l][reg];
                if d_half {
                    (v >> (16 * half)) & 0xFFFF
                } else {
                    v & 0xFFFF_FFFF
                }
            } else {
                0
            };
            let v = if int {
                mma_int(
                    &mods,
                    at,
                    bt,
                    &a[row],
                    b_of_rows.get(row).unwrap_or(&b),
                    col,
                    c,
                )
            } else {
                wgmma_float(
                    dt,
                    at,
                    bt,
                    ct,
                    &a[row],
                    b_of_rows.get(row).unwrap_or(&b),
                    col,
                    c,
                )?
            };
            out[reg] |= (v & if d_half { 0xFFFF } else { 0xFFFF_FFFF }) << (16 * half);
        }
        call.lanes[l][..nd].copy_from_slice(&out);
    }
    Ok(())
}
