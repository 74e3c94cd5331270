//! `atom` and `red`: read-modify-write operations on shared and global
//! memory, with the order in which colliding lanes land as the H100's
//! golden records show (lane order, or the rounds of the compare-and-swap
//! loops ptxas builds for some operations), and their bank-model requests.

use super::address::{check_access, shared_offset, with_bytes};
use super::{read_le, read_value, write_le, write_value};
use crate::exec::{SemResult, lanes_of, slots_per};
use crate::fault::Fault;
use crate::lane::{Lane, WarpCall};
use crate::memory::banks::RequestKind;
use crate::memory::cluster_address::cta_offset;
use crate::sem::rendezvous::converged;
use ptx_core::Semantics;
use ptx_core::{Keyword, Mods, ScalarType, StateSpace};

/// The new value of an atomic `op` of type `ty` on `old` with operand `b`
/// (and `c` for `cas`). Float additions round to nearest even without
/// flushing subnormals (`.noftz` for the 16-bit formats; `.f32` and `.f64`
/// as recorded), through the arithmetic of [`crate::sem::float::add`].
fn atomic(op: Keyword, ty: ScalarType, old: u64, b: u64, c: u64) -> Result<u64, Fault> {
    let bits = ty.bits();
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let signed = matches!(ty, ScalarType::S32 | ScalarType::S64);
    let sx = |v: u64| crate::exec::sign_extend(v, bits.min(64));
    Ok(mask
        & match op {
            Keyword::Add if ty.is_float() => {
                let mut fm = Mods::NONE;
                fm.types[0] = Some(ty);
                let mut t = [0, old & mask, b & mask];
                crate::sem::float::add(&fm, &mut t)?;
                t[0]
            }
            Keyword::Add => old.wrapping_add(b),
            Keyword::And => old & b,
            Keyword::Or => old | b,
            Keyword::Xor => old ^ b,
            Keyword::Exch => b,
            Keyword::Cas => {
                if old & mask == b & mask {
                    c
                } else {
                    old
                }
            }
            Keyword::Min if signed => sx(old).min(sx(b)) as u64,
            Keyword::Max if signed => sx(old).max(sx(b)) as u64,
            Keyword::Min => (old & mask).min(b & mask),
            Keyword::Max => (old & mask).max(b & mask),
            Keyword::Inc => {
                if old & mask >= b & mask {
                    0
                } else {
                    old + 1
                }
            }
            Keyword::Dec => {
                if old & mask == 0 || old & mask > b & mask {
                    b
                } else {
                    old - 1
                }
            }
            other => {
                return Err(Fault::not_simulated(format!("atom.{}", other.word())));
            }
        })
}

/// `atom{.space}.op.type d, [a], b{, c}`: d gets the old value. The lanes
/// of a warp update one after another, lowest lane first, except for the
/// 64-bit shared operations the H100 runs as a compare-and-swap loop
/// (`runs_as_cas_loop`), whose colliding lanes land in the loop's order.
#[inline]
pub fn atom<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::Atom, m, s, atom_warp)
}

/// `red{.space}.op.type [a], b`.
#[inline]
pub fn red<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::Red, m, s, red_warp)
}

/// A warp's `atom`: see [`atom`].
pub fn atom_warp(call: &mut WarpCall<'_>) -> SemResult {
    atom_lanes(call, true)
}

/// A warp's `red`: see [`atom`].
pub fn red_warp(call: &mut WarpCall<'_>) -> SemResult {
    atom_lanes(call, false)
}

fn atom_op(m: &Mods) -> Result<Keyword, Fault> {
    m.keywords
        .iter()
        .flatten()
        .copied()
        .find(|o| {
            matches!(
                o,
                Keyword::Add
                    | Keyword::And
                    | Keyword::Or
                    | Keyword::Xor
                    | Keyword::Exch
                    | Keyword::Cas
                    | Keyword::Min
                    | Keyword::Max
                    | Keyword::Inc
                    | Keyword::Dec
            )
        })
        .ok_or_else(|| Fault::malformed("atom", "no operation"))
}

fn atom_lanes(call: &mut WarpCall<'_>, returns: bool) -> SemResult {
    let m = call.mods;
    let ty = m.ty(0).ok_or_else(|| Fault::malformed("atom", "no type"))?;
    let op = atom_op(&m)?;
    let size = u64::from(ty.bits() / 8);
    let k = slots_per(size);
    // Slots: `[d,] a, b{, c}`, each value `k` slots wide.
    let a = if returns { k } else { 0 };
    if !built_as_loop(op, ty) {
        let own = call.memory.peers.rank();
        let request: Vec<(u32, u64, u64)> = lanes_of(call.members)
            .filter_map(|l| shared_offset(&m, call.lanes[l][a], own).map(|at| (l as u32, at, size)))
            .collect();
        let access = if op == Keyword::Cas {
            RequestKind::CompareAndSwap
        } else {
            RequestKind::Atomic
        };
        call.record_request(&request, access);
    }
    if runs_as_cas_loop(&m, op, ty) {
        return cas_loop_lanes(call, op, ty, a, returns);
    }
    for l in lanes_of(call.members) {
        let s = &mut call.lanes[l];
        let b = [s[a + 1], s.get(a + 2).copied().unwrap_or(0)];
        let c = [
            s.get(a + 2).copied().unwrap_or(0),
            s.get(a + 3).copied().unwrap_or(0),
            s.get(a + 4).copied().unwrap_or(0),
        ];
        let key = call.key;
        // One read-modify-write of the location, under its address's lock
        // for global memory.
        let old = with_bytes(&mut call.memory.lane(l), &m, s[a], size, size, key, |mem| {
            let mut old = [0u64; 2];
            read_value(mem, 0, size as usize, &mut old);
            let new = if k == 2 {
                // `.b128`: only `exch` and `cas`.
                match op {
                    Keyword::Exch => b,
                    Keyword::Cas if old == b => [c[1], c[2]],
                    Keyword::Cas => old,
                    other => {
                        return Err(Fault::malformed(
                            key,
                            format!(".{} has no .b128 form", other.word()),
                        ));
                    }
                }
            } else {
                [atomic(op, ty, old[0], b[0], c[0])?, 0]
            };
            write_value(mem, 0, size as usize, &new);
            Ok(old)
        })
        .and_then(|old| old)
        .map_err(|f| f.on_lane(l as u32))?;
        if returns {
            s[..k].copy_from_slice(&old[..k]);
        }
    }
    Ok(())
}

/// Whether ptxas builds an atomic `op` on `ty` in shared memory as a loop
/// of a load and a compare-and-swap rather than one atomic instruction
/// (sm_90, `tests/data/atom_sass_h100.tsv`): the 64-bit operations other
/// than `exch` and `cas`, the floating-point additions, and 16-bit `cas`.
/// Such a statement is not one request of the banks, and its loop's
/// requests are not counted.
pub fn built_as_loop(op: Keyword, ty: ScalarType) -> bool {
    match op {
        Keyword::Exch => false,
        Keyword::Cas => ty.bits() == 16,
        Keyword::Add if ty.is_float() => true,
        _ => ty.bits() == 64,
    }
}

/// Whether the H100 has no shared-memory atomic unit operation for `op` on
/// `ty` and runs it as a compare-and-swap loop instead: the 64-bit
/// `and`/`or`/`xor`/`min`/`max` and `add.f64` on `.shared` addresses. The
/// colliding records of the 64-bit `add`, `exch` and `cas` and of every
/// 32-bit operation follow lane order, as a native atomic does (`exch.b64`
/// fits lane order and not the loop). Generic addresses are left to lane
/// order: no record shows what they do.
fn runs_as_cas_loop(m: &Mods, op: Keyword, ty: ScalarType) -> bool {
    let shared = matches!(m.space, Some(StateSpace::Shared(_)));
    let emulated = match op {
        Keyword::And | Keyword::Or | Keyword::Xor | Keyword::Min | Keyword::Max => true,
        Keyword::Add => ty == ScalarType::F64,
        _ => false,
    };
    shared && ty.bits() == 64 && emulated
}

/// One lane's part in a compare-and-swap loop: where it updates and with
/// what operand.
#[derive(Clone, Copy)]
struct CasLane {
    lane: usize,
    at: usize,
    b: u64,
}

/// The bank group of an 8-byte shared word: two adjacent 4-byte banks,
/// 16 such pairs.
fn bank_pair(at: usize) -> usize {
    (at / 8) % 16
}

/// A 64-bit shared atomic the H100 emulates (see [`runs_as_cas_loop`]):
/// per lane, a load of the current value, the update, and a conditional
/// store (if memory still holds what was loaded; ptxas's `ATOMS.CAST.SPIN`
/// loop, whose SASS was not inspected here: the rounds below are what the
/// records fix), looping until the store lands. `d` gets the
/// value the lane loaded in the round its store landed. The order in which
/// colliding lanes land follows from how one warp-wide round resolves
/// ([`cas_round`]).
///
/// Evidence: the 36 `sa_c*` records of `atom.shared.{and,or,xor}.b64`,
/// `atom.shared.{min,max}.{u64,s64}` and `{atom,red}.shared.add.f64` in
/// `h100_sm90_extra_seed12` (replayed by `ptx-tools/tests/golden.rs`) all
/// follow this model bit for bit, old values and final memory; lane order
/// fits only 8 of them. Each rule is needed: without half-warps 21 fit,
/// with the halves in the other order 3, without the bank-pair rule 29,
/// taking the lowest address or the highest lane in a bank pair 29,
/// without the early exit of `min`/`max` 20, with an early exit for every
/// operation 26 (`xor` with `b = 0` still stores and so blocks its half).
fn cas_loop_lanes(
    call: &mut WarpCall<'_>,
    op: Keyword,
    ty: ScalarType,
    a: usize,
    returns: bool,
) -> SemResult {
    let mut pending = Vec::new();
    for lane in lanes_of(call.members) {
        let s = &call.lanes[lane];
        let addr = cta_offset(s[a], call.memory.peers.rank());
        let at = check_access(call.memory.shared.len(), addr, 8, 8, call.key)
            .map_err(|f| f.on_lane(lane as u32))?;
        pending.push(CasLane {
            lane,
            at,
            b: s[a + 1],
        });
    }
    while !pending.is_empty() {
        let landed = cas_round(call.memory.shared, op, ty, &pending)?;
        for (lane, old) in &landed {
            if returns {
                call.lanes[*lane][0] = *old;
            }
        }
        pending.retain(|p| !landed.iter().any(|(lane, _)| *lane == p.lane));
    }
    Ok(())
}

/// One round of the loop for every `pending` lane (ascending lane order):
/// which lanes are done, each with the value it loaded.
///
/// 1. Every pending lane loads its word (before any store of the round).
/// 2. `min`/`max` only: a lane whose update would leave the loaded value
///    unchanged is done without storing (its `d` is the loaded value).
/// 3. The stores go in two half-warps, lanes 0-15 then 16-31 (a 64-bit
///    shared request is served a half-warp per pass). In each half, in
///    ascending lane order, a lane is served only if no lane before it in
///    this half was served in its bank pair ([`bank_pair`]): at most one
///    store per bank pair per half, so a second lane at the same address,
///    or a lane whose address conflicts with a served one, fails this
///    round. A served lane stores if its word still holds what it loaded.
///
/// Every round finishes at least the lowest pending lane (the first store
/// at an address in a round sees what that round loaded), so the loop
/// ends within 32 rounds.
fn cas_round(
    shared: &mut [u8],
    op: Keyword,
    ty: ScalarType,
    pending: &[CasLane],
) -> Result<Vec<(usize, u64)>, Fault> {
    let loaded: Vec<u64> = pending
        .iter()
        .map(|p| read_le(&shared[p.at..p.at + 8]))
        .collect();
    let mut landed = Vec::new();
    let mut storing = Vec::new();
    for (p, &old) in pending.iter().zip(&loaded) {
        let unchanged = atomic(op, ty, old, p.b, 0)? == old;
        if matches!(op, Keyword::Min | Keyword::Max) && unchanged {
            landed.push((p.lane, old));
        } else {
            storing.push((*p, old));
        }
    }
    for half in [0..16, 16..32] {
        let mut served = [false; 16];
        for &(p, old) in storing.iter().filter(|(p, _)| half.contains(&p.lane)) {
            let pair = bank_pair(p.at);
            if std::mem::replace(&mut served[pair], true) {
                continue;
            }
            let word = &mut shared[p.at..p.at + 8];
            if read_le(word) == old {
                write_le(word, atomic(op, ty, old, p.b, 0)?);
                landed.push((p.lane, old));
            }
        }
    }
    Ok(landed)
}

/// `atom.cas`: same as `atom` with `.cas`.
#[inline]
pub fn atom_cas<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::AtomCas, m, s, atom_warp)
}
