//! Warp collectives, the family of `ptx_core`'s `table/warp.rs`:
//! `shfl.sync`, `vote.sync`, `match.sync`, `redux.sync`, `activemask` and
//! `bar.warp.sync`.
//!
//! Each function here is the lane side: it deposits the lane's slots at a
//! rendezvous (see [`crate::lane::Lane::rendezvous`]) and returns once every member lane
//! has arrived and the warp side (`*_warp`) has computed the results.
//! Outside a launch they fault, naming the instruction.

use crate::exec::{SemResult, Slots, lanes_of};
use crate::fault::Fault;
use crate::lane::{Lane, WaitKind, WarpCall};
use ptx_core::Semantics;
use ptx_core::{Flags, Keyword, Mods, ScalarType};

/// The source lane of `shfl` for `lane` and whether it is in range (PTX ISA
/// 9.7.9.6): `c` packs the clamp value in bits 0-4 and the segment mask in
/// bits 8-12.
///
/// ```
/// use ptx_core::Keyword;
/// // A butterfly with distance 1 and c = 0x1f swaps neighbours.
/// assert_eq!(ptx_sim::sem::warp::shfl_source(Keyword::Bfly, 6, 1, 0x1f), (7, true));
/// // `up` by 1: lane 0 has no source and keeps its own value.
/// assert_eq!(ptx_sim::sem::warp::shfl_source(Keyword::Up, 0, 1, 0), (0, false));
/// ```
#[inline(always)]
pub fn shfl_source(mode: Keyword, lane: u32, b: u32, c: u32) -> (u32, bool) {
    let lane = lane & 31;
    let bval = b & 31;
    let clamp = c & 31;
    let segmask = (c >> 8) & 31;
    let max_lane = (lane & segmask) | (clamp & !segmask);
    let min_lane = lane & segmask;
    // Every value is below 32, so no sum or difference here wraps.
    let (j, pval) = match mode {
        // `lane - bval >= max_lane`, without going below zero.
        Keyword::Up => (lane.wrapping_sub(bval), lane >= bval + max_lane),
        Keyword::Down => (lane + bval, lane + bval <= max_lane),
        Keyword::Bfly => (lane ^ bval, (lane ^ bval) <= max_lane),
        _ => {
            let j = min_lane | (bval & !segmask);
            (j, j <= max_lane)
        }
    };
    if pval { (j, true) } else { (lane, false) }
}

/// `shfl.sync.mode.b32 d|p, a, b, c, membermask`.
pub fn shfl_warp(call: &mut WarpCall<'_>) -> SemResult {
    // One loop per mode, so that each computes its sources without a
    // branch on the mode per lane.
    match call.mods.keywords[0].unwrap_or(Keyword::Idx) {
        Keyword::Up => shfl_lanes(call, Keyword::Up),
        Keyword::Down => shfl_lanes(call, Keyword::Down),
        Keyword::Bfly => shfl_lanes(call, Keyword::Bfly),
        _ => shfl_lanes(call, Keyword::Idx),
    }
    Ok(())
}

#[inline(always)]
fn shfl_lanes(call: &mut WarpCall<'_>, mode: Keyword) {
    let members = call.members;
    let lanes = &mut *call.lanes;
    // The whole warp (the common case), every lane passing the same `b`
    // and `c` (a butterfly, a broadcast): the sources follow from values
    // held in registers. Compared without a branch per lane (b and c are
    // 32-bit operands, their slots' upper halves zero, so whole slots
    // compare).
    let (b, c) = (lanes[0][3], lanes[0][4]);
    if members == u32::MAX
        && lanes
            .iter()
            .fold(0, |differ, s| differ | (s[3] ^ b) | (s[4] ^ c))
            == 0
    {
        return shfl_uniform(lanes, mode, b as u32, c as u32);
    }
    shfl_each(lanes, members, call.exited, |l, lanes| {
        let s = &lanes[l as usize];
        shfl_source(mode, l, s[3] as u32, s[4] as u32)
    });
}

/// `shfl` over the whole warp when every lane passes the same `b` and `c`:
/// [`shfl_source`] with what does not depend on the lane worked out once.
/// Without segments (`c` bits 8-12 clear, as in every shuffle over a whole
/// warp) each lane's window is the same, lanes `0..=clamp` (`clamp..` for
/// `up`), and with the usual clamp of 31 a butterfly or an index never
/// leaves it.
#[inline(always)]
fn shfl_uniform(lanes: &mut [Slots; 32], mode: Keyword, b: u32, c: u32) {
    let (bval, clamp) = (b & 31, c & 31);
    if (c >> 8) & 31 != 0 {
        return shfl_each(lanes, u32::MAX, 0, |l, _| shfl_source(mode, l, b, c));
    }
    match mode {
        Keyword::Bfly if clamp == 31 => shfl_each(lanes, u32::MAX, 0, |l, _| (l ^ bval, true)),
        Keyword::Bfly => shfl_each(lanes, u32::MAX, 0, |l, _| {
            let j = l ^ bval;
            (j, j <= clamp)
        }),
        Keyword::Down => shfl_each(lanes, u32::MAX, 0, |l, _| {
            let j = l + bval;
            (j, j <= clamp)
        }),
        Keyword::Up => shfl_each(lanes, u32::MAX, 0, |l, _| {
            (l.wrapping_sub(bval), l >= bval + clamp)
        }),
        _ => shfl_each(lanes, u32::MAX, 0, |_, _| (bval, bval <= clamp)),
    }
}

/// Gives each lane of `members` the `a` (slot 2) of its source lane and
/// the predicate (slot 1), `source(lane)` being what [`shfl_source`]
/// returns for it. A source lane outside the member mask gives an
/// undefined value in the ISA: an `exited` lane gives 0, as the H200 does
/// (`tests/data/kernels/seeded/`: `reduce4_shfl_half_warp`, bit for bit),
/// and a live one the reading lane's own `a`. Slot 2 is only read, so each
/// lane reads its source's in place.
#[inline(always)]
fn shfl_each(
    lanes: &mut [Slots; 32],
    members: u32,
    exited: u32,
    source: impl Fn(u32, &[Slots; 32]) -> (u32, bool),
) {
    let one = |l: u32, lanes: &mut [Slots; 32]| {
        let (j, p) = source(l, lanes);
        let j = if p { j } else { l } & 31;
        let v = if members & (1 << j) != 0 {
            lanes[j as usize][2]
        } else if exited & (1 << j) != 0 {
            0
        } else {
            lanes[l as usize & 31][2]
        };
        let s = &mut lanes[l as usize];
        s[0] = v;
        s[1] = u64::from(p);
    };
    if members == u32::MAX {
        (0..32).for_each(|l| one(l, lanes));
    } else {
        lanes_of(members).for_each(|l| one(l as u32, lanes));
    }
}

/// `vote.sync.{all,any,uni}.pred d, a, membermask`, `vote.sync.ballot.b32 d, a, membermask`.
pub fn vote_warp(call: &mut WarpCall<'_>) -> SemResult {
    let mut ballot = 0u32;
    for l in lanes_of(call.members) {
        if call.lanes[l][1] & 1 != 0 {
            ballot |= 1 << l;
        }
    }
    let d = if call.mods.has_keyword(Keyword::Ballot) {
        u64::from(ballot)
    } else if call.mods.has_keyword(Keyword::All) {
        u64::from(ballot == call.members)
    } else if call.mods.has_keyword(Keyword::Any) {
        u64::from(ballot != 0)
    } else {
        // `.uni`: every member votes the same.
        u64::from(ballot == 0 || ballot == call.members)
    };
    for l in lanes_of(call.members) {
        call.lanes[l][0] = d;
    }
    Ok(())
}

/// `elect.sync d|p, membermask`: one leader among the member lanes. Every
/// member gets the leader's lane number in `d`, and `p` is true in the
/// leader only. The leader is the lowest-numbered member, as the H100
/// elects it (`tests/data/golden`, the `elect.sync` records).
pub fn elect_warp(call: &mut WarpCall<'_>) -> SemResult {
    let leader = lanes_of(call.members).next().unwrap_or(0);
    for l in lanes_of(call.members) {
        let s = &mut call.lanes[l];
        s[0] = leader as u64;
        s[1] = u64::from(l == leader);
    }
    Ok(())
}

/// `setmaxnreg.{inc,dec}.sync.aligned.u32 count`: the warp's register
/// budget, which the simulator does not model, so it has no effect. The
/// dispatch runs it as an `.aligned` collective (the warp's live lanes
/// run it together); the count is an immediate, the same in every lane.
/// In a module, the warps of a warpgroup must make the same requests in
/// the same order (`Warp::note_register_request` in `kernel/warp.rs`).
pub fn setmaxnreg_warp(_call: &mut WarpCall<'_>) -> SemResult {
    Ok(())
}

/// `match.any.sync.type d, a, membermask`, `match.all.sync.type d|p, a, membermask`.
pub fn match_warp(call: &mut WarpCall<'_>) -> SemResult {
    let all = call.mods.has_keyword(Keyword::All);
    // d|p has two slots for `.all`: a is slot 2 there, slot 1 for `.any`.
    let ai = if all { 2 } else { 1 };
    let a: [u64; 32] = std::array::from_fn(|l| call.lanes[l][ai]);
    let same = |l: usize| {
        lanes_of(call.members)
            .filter(|&o| a[o] == a[l])
            .fold(0u32, |m, o| m | 1 << o)
    };
    for l in lanes_of(call.members) {
        let peers = same(l);
        let s = &mut call.lanes[l];
        if all {
            let uniform = peers == call.members;
            s[0] = if uniform { u64::from(call.members) } else { 0 };
            s[1] = u64::from(uniform);
        } else {
            s[0] = u64::from(peers);
        }
    }
    Ok(())
}

/// `redux.sync.op.type d, a, membermask`.
pub fn redux_warp(call: &mut WarpCall<'_>) -> SemResult {
    let ty = call.mods.ty(0).unwrap_or(ScalarType::B32);
    let op = call.mods.keywords[0]
        .ok_or_else(|| Fault::malformed("redux.sync", "without an operation"))?;
    let values: Vec<u64> = lanes_of(call.members).map(|l| call.lanes[l][1]).collect();
    let d = if ty == ScalarType::F32 {
        redux_f32(op, &call.mods, &values)
    } else {
        let signed = ty == ScalarType::S32;
        let key = |v: u64| {
            if signed {
                i64::from(v as u32 as i32)
            } else {
                i64::from(v as u32)
            }
        };
        let it = values.iter().copied();
        let r = match op {
            Keyword::Add => it.fold(0u32, |acc, v| acc.wrapping_add(v as u32)) as u64,
            Keyword::Min => it.min_by_key(|&v| key(v)).unwrap_or(0),
            Keyword::Max => it.max_by_key(|&v| key(v)).unwrap_or(0),
            Keyword::And => it.fold(u64::from(u32::MAX), |acc, v| acc & v),
            Keyword::Or => it.fold(0, |acc, v| acc | v),
            Keyword::Xor => it.fold(0, |acc, v| acc ^ v),
            other => {
                return Err(Fault::malformed(
                    "redux.sync",
                    format!("unexpected operation .{}", other.word()),
                ));
            }
        };
        r & 0xFFFF_FFFF
    };
    for l in lanes_of(call.members) {
        call.lanes[l][0] = d;
    }
    Ok(())
}

/// `redux.sync.{min,max}{.abs}{.NaN}.f32`: NaN inputs are ignored unless
/// `.NaN` is written (then the result is the canonical NaN); -0 is below +0.
fn redux_f32(op: Keyword, m: &Mods, values: &[u64]) -> u64 {
    let abs = m.has(Flags::ABS);
    let nan = m.has(Flags::NAN);
    let mut best: Option<u32> = None;
    // Orders f32 bit patterns numerically, -0 below +0.
    let ord = |b: u32| -> i64 {
        if b & 0x8000_0000 != 0 {
            -i64::from(b & 0x7FFF_FFFF) - 1
        } else {
            i64::from(b)
        }
    };
    for &v in values {
        let mut b = v as u32;
        if abs {
            b &= 0x7FFF_FFFF;
        }
        if b & 0x7FFF_FFFF > 0x7F80_0000 {
            if nan {
                return 0x7FFF_FFFF;
            }
            continue;
        }
        best = Some(match best {
            None => b,
            Some(c) if (op == Keyword::Min) == (ord(b) < ord(c)) => b,
            Some(c) => c,
        });
    }
    u64::from(best.unwrap_or(0x7FFF_FFFF))
}

/// `activemask.b32 d`: the lanes of the warp that execute it together.
/// The scheduler runs every lane until it blocks before it answers, so the
/// answer is the set of lanes then waiting at `activemask` (a converged
/// warp answers 0xffffffff, as the golden records show).
#[inline]
pub fn activemask<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    lane.rendezvous(Semantics::Activemask, m, WaitKind::Active, s)
}

/// `bar.warp.sync membermask`: the member lanes meet.
pub fn bar_warp_sync_warp(_: &mut WarpCall<'_>) -> SemResult {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_shuffles_take_the_sources_shfl_source_names() {
        // Every mode, every `b` (bits above 4 included) and every clamp
        // and segment mask: each lane gets `a` of the lane `shfl_source`
        // names, or its own when out of range, and the range predicate.
        for mode in [Keyword::Up, Keyword::Down, Keyword::Bfly, Keyword::Idx] {
            for b in 0..40u32 {
                for c in (0..32u32).flat_map(|seg| (0..32).map(move |clamp| seg << 8 | clamp)) {
                    let mut lanes = [[0u64; crate::exec::MAX_SLOTS]; 32];
                    for (l, s) in lanes.iter_mut().enumerate() {
                        s[2] = 100 + l as u64;
                    }
                    shfl_uniform(&mut lanes, mode, b, c);
                    for (l, s) in lanes.iter().enumerate() {
                        let (j, p) = shfl_source(mode, l as u32, b, c);
                        assert_eq!(
                            (s[0], s[1]),
                            (100 + u64::from(j), u64::from(p)),
                            "{mode:?} lane {l}, b = {b}, c = {c:#x}"
                        );
                    }
                }
            }
        }
    }
}
