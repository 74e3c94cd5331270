//! The lane side of a warp-wide instruction: a lane deposits its operand
//! slots at a rendezvous and returns once the warp side has run for every
//! lane that meets there. The instruction is named by its
//! semantics key, so the machine needs nothing from the semantic functions
//! that call it.

use crate::exec::SemResult;
use crate::fault::{Fault, LaunchFault};
use crate::machine::current as lane;
use crate::machine::{Wait, WaitKind, WarpFn, current};
use ptx_core::Mods;
use ptx_core::Semantics;

/// Runs a warp-wide memory access: the lanes of the warp that reach it
/// together run `run` at once (see [`WaitKind::Converged`]).
pub(crate) fn converged(sem: Semantics, m: &Mods, s: &mut [u64], run: WarpFn) -> SemResult {
    if !crate::machine::in_launch() {
        return Err(Fault::Launch(LaunchFault::WarpAccessOutsideLaunch {
            instruction: sem.key(),
        }));
    }
    let wait = Wait::new(sem, m, WaitKind::Converged { run }, s.len())?;
    lane::rendezvous(wait, s)
}

/// Deposits `s` for a warp collective over the member mask in the last slot
/// (or the whole warp when `mask` is `None`) and copies the answer back.
#[inline(always)]
pub(crate) fn collective(
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
    let wait = Wait::new(sem, m, WaitKind::Warp { run, mask }, s.len())?;
    current::rendezvous(wait, s)
}
