//! `mma.sync`: the warp's fragments of A, B and C multiplied and added
//! with the H100's tensor-core numerics (see
//! `docs/tensor-core-numerics.md`, [`fused_sum`], and `tools/probes/mma-fit/`, the
//! script that fitted the models to the golden records).

use crate::exec::SemResult;
use crate::fault::Fault;
use crate::lane::WarpCall;
use ptx_core::{Flags, Keyword, Mods, ScalarType};

/// A decoded element: `sig * 2^exp` exactly, or a special value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Num {
    Finite { neg: bool, sig: u64, exp: i32 },
    Inf(bool),
    NaN,
}

/// A floating-point format: exponent bits, mantissa bits, whether the
/// all-ones exponent is Inf/NaN (IEEE) or only all-ones is NaN (e4m3).
fn decode(bits: u64, e: u32, m: u32, ieee: bool) -> Num {
    let neg = (bits >> (e + m)) & 1 != 0;
    let exp = ((bits >> m) & ((1 << e) - 1)) as i32;
    let man = bits & ((1 << m) - 1);
    let bias = (1 << (e - 1)) - 1;
    let emax = (1 << e) - 1;
    if ieee && exp == emax {
        return if man == 0 { Num::Inf(neg) } else { Num::NaN };
    }
    if !ieee && exp == emax && man == (1 << m) - 1 {
        return Num::NaN;
    }
    if exp == 0 {
        Num::Finite {
            neg,
            sig: man,
            exp: 1 - bias - m as i32,
        }
    } else {
        Num::Finite {
            neg,
            sig: man | 1 << m,
            exp: exp - bias - m as i32,
        }
    }
}

/// Element `j` of width `bits` from a register value, decoded as `ty`.
fn element(ty: ScalarType, v: u64) -> Num {
    match ty {
        ScalarType::F16 => decode(v & 0xFFFF, 5, 10, true),
        ScalarType::Bf16 => decode(v & 0xFFFF, 8, 7, true),
        // tf32: the upper 19 bits of an f32 (the low 13 are ignored).
        ScalarType::Tf32 => decode((v & 0xFFFF_FFFF) >> 13, 8, 10, true),
        ScalarType::F32 => decode(v & 0xFFFF_FFFF, 8, 23, true),
        ScalarType::F64 => decode(v, 11, 52, true),
        ScalarType::E4m3 => decode(v & 0xFF, 4, 3, false),
        ScalarType::E5m2 => decode(v & 0xFF, 5, 2, true),
        _ => Num::NaN,
    }
}

/// The smallest exponent a finite factor of type `ty` aligns by: the
/// exponent of the format's smallest normal value, so that a subnormal
/// counts by its exponent field (see [`mma_float`]). fp8 factors align as
/// the f16 values they are: an e5m2 subnormal by f16's −14 (its own
/// format's too), but an e4m3 subnormal (2⁻⁷ to 2⁻⁹, normal in f16) by its
/// leading bit, not by e4m3's −6 (one element of the mma golden records,
/// `docs/tensor-core-numerics.md`).
fn align_floor(ty: ScalarType) -> i32 {
    match ty {
        ScalarType::F16 | ScalarType::E5m2 | ScalarType::E4m3 => -14,
        ScalarType::F64 => -1022,
        _ => -126,
    }
}

/// The NaN, +Inf and -Inf seen among the terms of a sum.
pub type Specials = (bool, bool, bool);

/// Adds `x`, aligned by `align`, to a sum's finite `terms` or its `specials`.
fn add_term(terms: &mut Vec<Term>, specials: &mut Specials, x: Num, align: i32) {
    match x {
        Num::NaN => specials.0 = true,
        Num::Inf(false) => specials.1 = true,
        Num::Inf(true) => specials.2 = true,
        Num::Finite { neg, sig, exp } => terms.push((neg, u128::from(sig), exp, align)),
    }
}

/// The bits one element of `ty` takes in a register.
pub(crate) fn elem_bits(ty: ScalarType) -> u32 {
    match ty {
        ScalarType::Tf32 => 32,
        ScalarType::B1 => 1,
        ScalarType::S4 | ScalarType::U4 => 4,
        t => t.bits(),
    }
}

/// One term of a fused sum: sign, significand and exponent (the value is
/// `sig * 2^exp`), and the exponent the hardware aligns it by.
pub type Term = (bool, u128, i32, i32);

/// `d = c + Σ a_k b_k` the way the H100's tensor cores add
/// (`docs/tensor-core-numerics.md`, 3,072 of 3,072 f16/bf16/tf32 elements of
/// the golden records): exact products and `c`, each truncated (toward zero)
/// to a multiple of `2^(E - width)`, where `E` is the largest *alignment
/// exponent* among the terms, summed exactly, and the sum rounded toward
/// zero to f32. A product's alignment exponent is the sum of its factors'
/// exponents, without the carry of a significand product of 2 or more; c's
/// is its exponent. Inf and NaN follow IEEE (Inf - Inf is NaN; NaN is
/// 0x7fffffff).
pub fn fused_sum(terms: &[Term], specials: Specials, width: i32) -> u32 {
    fused_sum_kept(terms, specials, width, 128)
}

/// [`fused_sum`], the exact sum of the truncated terms first truncated
/// toward zero to `kept` significant bits (fp8 `wgmma` keeps 14).
fn fused_sum_kept(terms: &[Term], specials: Specials, width: i32, kept: u32) -> u32 {
    let (nan, pinf, ninf) = specials;
    if nan || (pinf && ninf) {
        return 0x7FFF_FFFF;
    }
    if pinf {
        return 0x7F80_0000;
    }
    if ninf {
        return 0xFF80_0000;
    }
    match fused_exact(terms, width) {
        Some((sum, cut)) => {
            let mag = sum.unsigned_abs();
            let extra = (128 - mag.leading_zeros()).saturating_sub(kept);
            let kept_mag = (mag >> extra) as i128;
            to_f32_rz(
                if sum < 0 { -kept_mag } else { kept_mag },
                cut + extra as i32,
            )
        }
        None => {
            // Exact zeros: negative only when every term is -0.
            let all_neg = !terms.is_empty() && terms.iter().all(|t| t.0);
            if all_neg { 0x8000_0000 } else { 0 }
        }
    }
}

/// The fused sum of the finite `terms` before its final rounding:
/// `(sum, scale)` for `sum * 2^scale` (see [`fused_sum`]), or `None` when
/// every term is zero.
fn fused_exact(terms: &[Term], width: i32) -> Option<(i128, i32)> {
    let live: Vec<&Term> = terms.iter().filter(|t| t.1 != 0).collect();
    let top = live.iter().map(|t| t.3).max()?;
    let cut = top - width;
    let mut sum: i128 = 0;
    for t in &live {
        let shift = t.2 - cut;
        let mag = if shift >= 0 {
            (t.1 << shift.min(100)) as i128
        } else if -shift >= 127 {
            0
        } else {
            (t.1 >> -shift) as i128
        };
        sum += if t.0 { -mag } else { mag };
    }
    Some((sum, cut))
}

/// A fused sum of `terms` (as in [`fused_sum`]) rounded to nearest f16
/// straight from the exact sum of the truncated terms, with its infinities
/// and NaN flags `specials`: the results of f16, bf16 and tf32 inputs with
/// f16 results, and each stage of an fp8 product with f16 results. (Going
/// through a rounding toward zero to f32 first loses the bits below f32's
/// last place, which decide some ties: 5 elements of the m16n8k8 records.)
fn fused_f16(terms: &[Term], specials: Specials, width: i32) -> rustc_apfloat::ieee::Half {
    use rustc_apfloat::ieee::{Half, Quad};
    use rustc_apfloat::{Float, FloatConvert, Round};
    let (nan, pinf, ninf) = specials;
    if nan || (pinf && ninf) {
        return Half::NAN;
    }
    if pinf || ninf {
        return if ninf {
            -Half::INFINITY
        } else {
            Half::INFINITY
        };
    }
    let Some((sum, cut)) = fused_exact(terms, width) else {
        let all_neg = !terms.is_empty() && terms.iter().all(|t| t.0);
        return if all_neg { -Half::ZERO } else { Half::ZERO };
    };
    // The sum has at most about 32 significant bits: exact in a Quad.
    let exact = Quad::from_i128(sum).value.scalbn(cut);
    exact.convert_r(Round::NearestTiesToEven, &mut false).value
}

/// `sum * 2^scale` rounded toward zero to f32 bits, overflowing to infinity.
fn to_f32_rz(sum: i128, scale: i32) -> u32 {
    if sum == 0 {
        return 0;
    }
    let sign = if sum < 0 { 0x8000_0000 } else { 0 };
    let mag = sum.unsigned_abs();
    let p = 127 - mag.leading_zeros() as i32;
    let e = p + scale;
    // Overflow gives infinity, not the largest finite value a rounding
    // toward zero would (the extra golden records' edge values).
    if e > 127 {
        return sign | 0x7F80_0000;
    }
    // Units of the result: 2^(e-23) for normals, 2^-149 for subnormals.
    let unit = if e >= -126 { e - 23 } else { -149 };
    let shift = unit - scale;
    let m = if shift >= 0 {
        if shift >= 128 { 0 } else { mag >> shift }
    } else {
        mag << -shift
    } as u32;
    if e >= -126 {
        sign | (((e + 127) as u32) << 23) | (m & 0x7F_FFFF)
    } else {
        sign | m
    }
}

/// The A, B, C fragment layouts (PTX ISA 9.7.14.5): for element `j` of
/// register `r` of lane `l` (group `g = l / 4`, `t = l % 4`), with `epr`
/// elements per register.
pub(crate) fn a_pos(m: u16, r: usize, j: usize, l: usize, epr: usize) -> (usize, usize) {
    let (g, t) = (l / 4, l % 4);
    let row = if m == 16 { g + 8 * (r & 1) } else { g };
    let blocks = if m == 16 { r >> 1 } else { r };
    (row, blocks * 4 * epr + t * epr + j)
}

fn b_pos(r: usize, j: usize, l: usize, epr: usize) -> (usize, usize) {
    let (g, t) = (l / 4, l % 4);
    (r * 4 * epr + t * epr + j, g)
}

fn c_pos(i: usize, l: usize) -> (usize, usize) {
    let (g, t) = (l / 4, l % 4);
    (g + 8 * (i >> 1), t * 2 + (i & 1))
}

/// `mma.sync.aligned.shape.row.col...`.
pub fn mma_warp(call: &mut WarpCall<'_>) -> SemResult {
    let shape = call
        .mods
        .shape
        .ok_or_else(|| Fault::malformed("mma", "without a shape"))?;
    let [dt, at, bt, ct] = call.mods.types;
    let (dt, at, bt, ct) = match (dt, at, bt, ct) {
        (Some(d), Some(a), Some(b), Some(c)) => (d, a, b, c),
        _ => return Err(Fault::malformed("mma", "expected four types")),
    };
    if shape.m == 8 && shape.k == 4 && at == ScalarType::F16 {
        return mma_m8n8k4_f16(call, dt, ct);
    }
    let (m, n, k) = (
        usize::from(shape.m),
        usize::from(shape.n),
        usize::from(shape.k),
    );
    let reg_bits = |t: ScalarType| if t == ScalarType::F64 { 64 } else { 32 };
    let ea = elem_bits(at) as usize;
    let eb = elem_bits(bt) as usize;
    let epr_a = reg_bits(at) / ea;
    let epr_b = reg_bits(bt) / eb;
    let na = m * k / 32 / epr_a;
    let nb = k * n / 32 / epr_b;
    let nc_elems = m * n / 32;
    let c_per_reg = if ct == ScalarType::F16 { 2 } else { 1 };
    let d_per_reg = if dt == ScalarType::F16 { 2 } else { 1 };
    let nd = nc_elems / d_per_reg;
    let nc = nc_elems / c_per_reg;
    let (a0, b0, c0) = (nd, nd + na, nd + na + nb);
    if c0 + nc > crate::exec::MAX_SLOTS {
        return Err(Fault::malformed("mma", "too many operands"));
    }
    let raw = |v: u64, j: usize, bits: usize| (v >> (j * bits)) & ((1u64 << bits) - 1);
    let mut a = vec![vec![0u64; k]; m];
    let mut b = vec![vec![0u64; n]; k];
    let mut c = vec![vec![0u64; n]; m];
    for l in 0..32 {
        let s = &call.lanes[l];
        for r in 0..na {
            for j in 0..epr_a {
                let (row, col) = a_pos(shape.m, r, j, l, epr_a);
                a[row][col] = if ea == 64 {
                    s[a0 + r]
                } else {
                    raw(s[a0 + r], j, ea)
                };
            }
        }
        for r in 0..nb {
            for j in 0..epr_b {
                let (row, col) = b_pos(r, j, l, epr_b);
                b[row][col] = if eb == 64 {
                    s[b0 + r]
                } else {
                    raw(s[b0 + r], j, eb)
                };
            }
        }
        for i in 0..nc_elems {
            let (row, col) = c_pos(i, l);
            let v = s[c0 + i / c_per_reg];
            c[row][col] = if c_per_reg == 2 { raw(v, i % 2, 16) } else { v };
        }
    }
    let int = matches!(
        at,
        ScalarType::S8 | ScalarType::U8 | ScalarType::S4 | ScalarType::U4 | ScalarType::B1
    );
    let mut d = vec![vec![0u64; n]; m];
    for i in 0..m {
        for j in 0..n {
            d[i][j] = if int {
                mma_int(&call.mods, at, bt, &a[i], &b, j, c[i][j])
            } else {
                mma_float(dt, at, bt, ct, &a[i], &b, j, c[i][j])?
            };
        }
    }
    for l in 0..32 {
        for i in 0..nc_elems {
            let (row, col) = c_pos(i, l);
            let v = d[row][col];
            let s = &mut call.lanes[l];
            if d_per_reg == 2 {
                let r = i / 2;
                if i % 2 == 0 {
                    s[r] = v & 0xFFFF;
                } else {
                    s[r] |= (v & 0xFFFF) << 16;
                }
            } else {
                s[i] = v;
            }
        }
    }
    Ok(())
}

/// `mma.m8n8k4` with `.f16` inputs, the quad-pair shape: lanes `4q..4q+3`
/// and `4q+16..4q+19` compute their own 8×8 product (PTX ISA 9.7.14.5.1).
/// A lane holds row `l % 4 (+4 from lane 16)` of a row-major A (column of a
/// column-major one) and the same column of a column-major B; an f16 D/C
/// is that row, an f32 one the elements the ISA's figure gives.
///
/// sm_90 has no tensor-core instruction for this shape: ptxas expands it
/// into shuffles and f32 arithmetic (`cuobjdump -sass` of a kernel built
/// with CUDA 13.0's `ptxas -arch=sm_90`), each step rounded to nearest f32
/// (the f16 products are exact in f32):
///
/// * f32 D: `FFMA` from +0 in order, then `FADD` c:
///   `c + ((((+0 + a₀b₀) + a₁b₁) + a₂b₂) + a₃b₃)`;
/// * f16 D: `FMUL`/`FFMA` per pair of k, then two `FADD` and `F2FP` to f16
///   (nearest): `(c + (a₀b₀ + a₁b₁)) + (a₂b₂ + a₃b₃)`.
///
/// Every element of the golden records matches, 262,144 of the mma
/// recording's among them (`docs/tensor-core-numerics.md`).
fn mma_m8n8k4_f16(call: &mut WarpCall<'_>, dt: ScalarType, ct: ScalarType) -> SemResult {
    use ptx_core::Layout;
    let [la, lb] = call.mods.layout;
    let (a_row, b_col) = (la != Some(Layout::Col), lb != Some(Layout::Row));
    let (nd, nc) = (
        if dt == ScalarType::F32 { 8 } else { 4 },
        if ct == ScalarType::F32 { 8 } else { 4 },
    );
    let (a0, b0, c0) = (nd, nd + 2, nd + 4);
    let hi = |l: usize| if l >= 16 { 4 } else { 0 };
    // Element `i` of a lane's C or D of type `t`: (row, column).
    let pos = |t: ScalarType, l: usize, i: usize| {
        if t == ScalarType::F32 {
            ((l & 1) + (i & 2) + hi(l), (i & 4) + (l & 2) + (i & 1))
        } else {
            (l % 4 + hi(l), i)
        }
    };
    let half = |v: u64, j: usize| half::f16::from_bits((v >> (16 * j)) as u16).to_f32();
    let value = |t: ScalarType, regs: &[u64], i: usize| {
        if t == ScalarType::F32 {
            f32::from_bits(regs[i] as u32)
        } else {
            half(regs[i / 2], i % 2)
        }
    };
    let (mut a, mut b, mut c) = (
        [[[0f32; 4]; 8]; 4],
        [[[0f32; 8]; 4]; 4],
        [[[0f32; 8]; 8]; 4],
    );
    for l in 0..32 {
        let (q, s) = ((l >> 2) & 3, &call.lanes[l]);
        for i in 0..4 {
            let (x, y) = (half(s[a0 + i / 2], i % 2), half(s[b0 + i / 2], i % 2));
            let (ar, ac) = if a_row {
                (l % 4 + hi(l), i)
            } else {
                (i + hi(l), l % 4)
            };
            let (br, bc) = if b_col {
                (i, l % 4 + hi(l))
            } else {
                (l % 4, i + hi(l))
            };
            a[q][ar][ac] = x;
            b[q][br][bc] = y;
        }
        for i in 0..8 {
            let (row, col) = pos(ct, l, i);
            c[q][row][col] = value(ct, &s[c0..c0 + nc], i);
        }
    }
    for l in 0..32 {
        let q = (l >> 2) & 3;
        let mut out = [0u64; 8];
        for (i, o) in out.iter_mut().enumerate() {
            let (row, col) = pos(dt, l, i);
            // The products of f16 values are exact in f32, so each FFMA
            // below is one f32 addition rounded to nearest.
            let p = |k: usize| a[q][row][k] * b[q][k][col];
            let d = if dt == ScalarType::F32 {
                // FFMA from +0 (RZ) in order, then FADD with c.
                let acc = (0..4).fold(0f32, |acc, k| acc + p(k));
                c[q][row][col] + acc
            } else {
                // FMUL and FFMA per pair of k, then FADD c, FADD, F2FP.
                (c[q][row][col] + (p(0) + p(1))) + (p(2) + p(3))
            };
            *o = match (dt, d.is_nan()) {
                (ScalarType::F32, true) => 0x7FFF_FFFF,
                (ScalarType::F32, false) => u64::from(d.to_bits()),
                (_, true) => 0x7FFF,
                (_, false) => u64::from(half::f16::from_f32(d).to_bits()),
            };
        }
        let s = &mut call.lanes[l];
        if dt == ScalarType::F32 {
            s[..8].copy_from_slice(&out);
        } else {
            for r in 0..4 {
                s[r] = out[2 * r] | out[2 * r + 1] << 16;
            }
        }
    }
    Ok(())
}

fn int_value(ty: ScalarType, v: u64) -> i64 {
    match ty {
        ScalarType::S8 => i64::from(v as u8 as i8),
        ScalarType::S4 => crate::exec::sign_extend(v, 4),
        _ => v as i64,
    }
}

/// Integer mma is exact: `c + Σ a b` in 64 bits, wrapped to s32 (or
/// clamped with `.satfinite`); `.b1` sums `popc(a AND/XOR b)`.
pub(crate) fn mma_int(
    m: &Mods,
    at: ScalarType,
    bt: ScalarType,
    a: &[u64],
    b: &[Vec<u64>],
    j: usize,
    c: u64,
) -> u64 {
    let mut sum = i64::from(c as u32 as i32);
    if at == ScalarType::B1 {
        let xor = m.has_keyword(Keyword::XorPopc) || m.has_keyword(Keyword::Xor);
        for (kk, &av) in a.iter().enumerate() {
            let bv = b[kk][j];
            sum += if xor { (av ^ bv) & 1 } else { av & bv & 1 } as i64;
        }
    } else {
        for (kk, &av) in a.iter().enumerate() {
            sum += int_value(at, av) * int_value(bt, b[kk][j]);
        }
    }
    let r = if m.has(Flags::SATFINITE) {
        sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX))
    } else {
        sum
    };
    r as u32 as u64
}

/// One element of a floating-point product: `c + Σ a[k] b[k][j]` with the
/// H100's numerics for the types (f16, bf16 and tf32 through [`fused_sum`],
/// or [`fused_f16`] for f16 results; fp8 through [`fp8_sum`]; f64 through
/// [`f64_chain`] rounding to nearest).
#[allow(clippy::too_many_arguments)]
pub(crate) fn mma_float(
    dt: ScalarType,
    at: ScalarType,
    bt: ScalarType,
    ct: ScalarType,
    a: &[u64],
    b: &[Vec<u64>],
    j: usize,
    c: u64,
) -> Result<u64, Fault> {
    if dt == ScalarType::F64 {
        return Ok(f64_chain(ptx_core::Rounding::Rn, a, b, j, c));
    }
    let (terms, specials, products) = float_terms(at, bt, ct, a, b, j, c);
    if matches!(at, ScalarType::E4m3 | ScalarType::E5m2) {
        return Ok(fp8_sum(dt, ct, c, &products));
    }
    Ok(match dt {
        ScalarType::F32 => u64::from(fused_sum(&terms, specials, 25)),
        ScalarType::F16 => f16_result(fused_f16(&terms, specials, 25)),
        other => {
            return Err(Fault::not_simulated(format!(
                "mma with .{} results",
                other.name()
            )));
        }
    })
}

/// One element of a `wgmma` product: as [`mma_float`], but for fp8
/// inputs one fused sum of the 32 products and `c`, each term truncated to
/// a multiple of `2^(E - 13)`; with f32 results the sum truncated toward
/// zero to 14 significant bits, with f16 results rounded to nearest f16
/// (every element of the fp8 kernel cases of `tests/data/kernels/wgmma/`:
/// `docs/tensor-core-numerics.md`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn wgmma_float(
    dt: ScalarType,
    at: ScalarType,
    bt: ScalarType,
    ct: ScalarType,
    a: &[u64],
    b: &[Vec<u64>],
    j: usize,
    c: u64,
) -> Result<u64, Fault> {
    if !matches!(at, ScalarType::E4m3 | ScalarType::E5m2) {
        return mma_float(dt, at, bt, ct, a, b, j, c);
    }
    let (terms, specials, _) = float_terms(at, bt, ct, a, b, j, c);
    Ok(if dt == ScalarType::F16 {
        f16_result(fused_f16(&terms, specials, 13))
    } else {
        u64::from(fused_sum_kept(&terms, specials, 13, 14))
    })
}

/// An f16 result's bits: a NaN is the canonical one, 0x7fff.
fn f16_result(h: rustc_apfloat::ieee::Half) -> u64 {
    use rustc_apfloat::Float;
    if h.is_nan() {
        0x7FFF
    } else {
        h.to_bits() as u64
    }
}

/// The terms of one element's fused sum (c, then each finite product, with
/// their alignment exponents), the infinities and NaNs among them, and, for
/// fp8 inputs, every product with its k and alignment exponent.
#[allow(clippy::type_complexity)]
fn float_terms(
    at: ScalarType,
    bt: ScalarType,
    ct: ScalarType,
    a: &[u64],
    b: &[Vec<u64>],
    j: usize,
    c: u64,
) -> (Vec<Term>, Specials, Vec<(usize, Num, i32)>) {
    let mut terms: Vec<Term> = Vec::with_capacity(a.len() + 1);
    let mut specials: Specials = (false, false, false);
    // Every product with its k and alignment exponent, which only fp8
    // `mma`'s staged sum reads (`wgmma`'s fp8 sum ignores them); left empty,
    // unallocated, for the other types.
    let fp8 = matches!(at, ScalarType::E4m3 | ScalarType::E5m2);
    let mut products: Vec<(usize, Num, i32)> = Vec::with_capacity(if fp8 { a.len() } else { 0 });
    // The exponent a finite value of type `ty` aligns by: its exponent
    // field's, so a subnormal counts as the smallest normal exponent (the
    // wmma golden records with subnormal f16 inputs; the leading bit's
    // exponent would truncate less), fp8 as f16 ([`align_floor`]).
    let lead = |ty: ScalarType, sig: u128, exp: i32| {
        (exp + 127 - sig.leading_zeros() as i32).max(align_floor(ty))
    };
    let cv = element(ct, c);
    let c_align = match cv {
        Num::Finite { sig, exp, .. } => lead(ct, u128::from(sig), exp),
        _ => 0,
    };
    add_term(&mut terms, &mut specials, cv, c_align);
    for (kk, &av) in a.iter().enumerate() {
        let x = element(at, av);
        let y = element(bt, b[kk][j]);
        let align = match (x, y) {
            (Num::Finite { sig: u, exp: e, .. }, Num::Finite { sig: v, exp: f, .. }) => {
                lead(at, u128::from(u), e) + lead(bt, u128::from(v), f)
            }
            _ => 0,
        };
        let p = match (x, y) {
            (Num::NaN, _) | (_, Num::NaN) => Num::NaN,
            (Num::Inf(_), Num::Finite { sig: 0, .. })
            | (Num::Finite { sig: 0, .. }, Num::Inf(_)) => Num::NaN,
            (Num::Inf(s), Num::Inf(t)) => Num::Inf(s ^ t),
            (Num::Inf(s), Num::Finite { neg, .. }) | (Num::Finite { neg, .. }, Num::Inf(s)) => {
                Num::Inf(s ^ neg)
            }
            (
                Num::Finite {
                    neg: s,
                    sig: u,
                    exp: e,
                },
                Num::Finite {
                    neg: t,
                    sig: v,
                    exp: f,
                },
            ) => Num::Finite {
                neg: s ^ t,
                sig: u * v,
                exp: e + f,
            },
        };
        if fp8 {
            products.push((kk, p, align));
        }
        add_term(&mut terms, &mut specials, p, align);
    }
    (terms, specials, products)
}

/// fp8 `mma` (docs/tensor-core-numerics.md): the products of the k with
/// ⌊k/2⌋ even are summed first; that sum joins the other products as one more
/// term of a second sum; then c is added, rounding to nearest. With f32
/// results the two sums are fused sums rounded toward zero to f32; with f16
/// results every stage rounds to nearest f16. Each stage sees only its own
/// terms' infinities and NaNs: a sum that overflows f16 is an infinity of
/// its sign, and an opposite infinity in a later stage (a product of the
/// second group, or c) makes NaN (648 elements of the mma golden records,
/// which gave ±Inf when every stage saw every infinity). Every element of
/// the golden fp8 records matches. `products` holds every product with its
/// k and alignment exponent.
fn fp8_sum(dt: ScalarType, ct: ScalarType, c: u64, products: &[(usize, Num, i32)]) -> u64 {
    use rustc_apfloat::ieee::{Half, Quad, Single};
    use rustc_apfloat::{Float, FloatConvert, Round};
    // One group's finite terms and specials.
    let group = |first: bool| {
        let (mut terms, mut specials) = (Vec::new(), (false, false, false));
        for &(k, p, align) in products {
            if (k / 2 % 2 == 0) == first {
                add_term(&mut terms, &mut specials, p, align);
            }
        }
        (terms, specials)
    };
    // The second sum's terms: its products and the first sum, of type `ty`,
    // aligned by its own leading bit.
    let second = |first_bits: u64, ty: ScalarType| {
        let (mut terms, mut specials) = group(false);
        let first = element(ty, first_bits);
        let align = match first {
            Num::Finite { sig, exp, .. } => exp + 63 - sig.leading_zeros() as i32,
            _ => 0,
        };
        add_term(&mut terms, &mut specials, first, align);
        (terms, specials)
    };
    if dt == ScalarType::F16 {
        let (terms, specials) = group(true);
        let first = fused_f16(&terms, specials, 25);
        let (terms, specials) = second(first.to_bits() as u64, ScalarType::F16);
        let sum: Quad = fused_f16(&terms, specials, 25).convert(&mut false).value;
        let c: Quad = Half::from_bits(u128::from(c as u16))
            .convert(&mut false)
            .value;
        let d: Half = (sum + c)
            .value
            .convert_r(Round::NearestTiesToEven, &mut false)
            .value;
        return f16_result(d);
    }
    let (terms, specials) = group(true);
    let first = fused_sum(&terms, specials, 25);
    let (terms, specials) = second(u64::from(first), ScalarType::F32);
    let wide = |bits: u32| -> Quad {
        Single::from_bits(u128::from(bits))
            .convert(&mut false)
            .value
    };
    let d: Single = (wide(fused_sum(&terms, specials, 25)) + wide(c_f32(ct, c)))
        .value
        .convert_r(Round::NearestTiesToEven, &mut false)
        .value;
    if d.is_nan() {
        0x7FFF_FFFF
    } else {
        d.to_bits() as u64
    }
}

/// The accumulator element `c` of type `ct` as f32 bits (f16 widens exactly).
fn c_f32(ct: ScalarType, c: u64) -> u32 {
    if ct == ScalarType::F16 {
        half::f16::from_bits(c as u16).to_f32().to_bits()
    } else {
        c as u32
    }
}

/// `mma.m8n8k4.f64`: fused multiply-adds in order k = 0..3 starting from
/// c, each rounded as `fma.rn.f64` (`wmma.mma` passes its `.rnd`) (an invalid operation gives the H100's
/// 0xfff8000000000000). A NaN operand passes through quieted, the first in
/// the order b, accumulator, a, as the golden records show: a signalling NaN
/// in b₀ wins over a quiet NaN in c (0x7ffc000000000000), a NaN c wins over
/// a NaN a₁, and a NaN b₃ over a NaN a₃ (0xfff8000000000001). The scalar
/// `fma` passes the last NaN of a, b, c instead.
pub(crate) fn f64_chain(
    rnd: ptx_core::Rounding,
    a: &[u64],
    b: &[Vec<u64>],
    j: usize,
    c: u64,
) -> u64 {
    let mut fma_mods = Mods::NONE;
    fma_mods.types[0] = Some(ScalarType::F64);
    fma_mods.rnd = rnd;
    let mut acc = c;
    for (kk, &av) in a.iter().enumerate() {
        let is_nan = |x: u64| x & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000;
        if let Some(&n) = [b[kk][j], acc, av].iter().find(|&&x| is_nan(x)) {
            acc = n | 0x0008_0000_0000_0000;
            continue;
        }
        let mut slots = [0, av, b[kk][j], acc];
        // fma.rn.f64 has no failure mode on f64 operands.
        if crate::sem::float::fma(&fma_mods, &mut slots).is_ok() {
            acc = slots[0];
        }
    }
    acc
}
