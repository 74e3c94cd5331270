//! The lane side of a warp-wide instruction: a lane deposits its operand
//! slots at its rendezvous ([`Lane::rendezvous`]) and returns once the
//! warp side has run for every lane that meets there.

use crate::exec::SemResult;
use crate::fault::{Fault, LaunchFault};
use crate::lane::{Lane, WaitKind, WarpFn};
use ptx_core::{Mods, Semantics};

/// Runs a warp-wide memory access: the lanes of the warp that reach it
/// together run `run` at once (see [`WaitKind::Converged`]).
#[inline]
pub(crate) fn converged<L: Lane>(
    lane: &mut L,
    sem: Semantics,
    m: &Mods,
    s: &mut [u64],
    run: WarpFn,
) -> SemResult {
    if lane.thread().is_none() {
        return Err(Fault::Launch(LaunchFault::WarpAccessOutsideLaunch {
            instruction: sem.key(),
        }));
    }
    lane.rendezvous(sem, m, WaitKind::Converged { run }, s)
}

/// Deposits `s` for a warp collective over the member mask in the last slot
/// (or the whole warp when `aligned`) and copies the answer back.
#[inline(always)]
pub(crate) fn collective<L: Lane>(
    lane: &mut L,
    sem: Semantics,
    m: &Mods,
    s: &mut [u64],
    run: WarpFn,
    aligned: bool,
) -> SemResult {
    let mask = if aligned {
        None
    } else {
        Some(
            *s.last()
                .ok_or_else(|| Fault::malformed(sem.key(), "no membermask"))? as u32,
        )
    };
    lane.rendezvous(sem, m, WaitKind::Warp { run, mask }, s)
}
