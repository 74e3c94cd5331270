//! CTA-level synchronisation, the family of `ptx_core`'s `table/sync.rs`:
//! the CTA barriers `bar`/`barrier` (`.sync`, `.arrive`, `.red`), the
//! fences (no-ops: a CTA runs one lane at a time, so its accesses are
//! already ordered) and the `mbarrier` object ([`mbarrier`]).
//!
//! Each function is the lane side: it deposits the lane's slots at a
//! rendezvous (see [`crate::machine`]) and returns once every lane it
//! waits for has arrived. Outside a launch they fault, naming the
//! instruction.

pub mod mbarrier;

use crate::exec::SemResult;
use crate::fault::Fault;
use crate::machine::{Wait, WaitKind, current};
use ptx_core::Semantics;
use ptx_core::{Flags, Keyword, Mods};

/// `bar`/`barrier` `.sync`, `.arrive`, `.red`: CTA barriers 0-15 with an
/// optional thread count `b` (all threads of the CTA when left out).
#[inline]
pub fn bar(m: &Mods, s: &mut [u64]) -> SemResult {
    barrier_op(Semantics::Bar, m, s)
}

/// `barrier` (the non-`.aligned` spelling of `bar`).
#[inline]
pub fn barrier(m: &Mods, s: &mut [u64]) -> SemResult {
    barrier_op(Semantics::Barrier, m, s)
}

fn barrier_op(sem: Semantics, m: &Mods, s: &mut [u64]) -> SemResult {
    let red = m.has(Flags::POPC) || m.has_keyword(Keyword::And) || m.has_keyword(Keyword::Or);
    // Slots: `[d,] a, [b,] [c]`: the barrier id follows d for `.red`.
    let first = usize::from(red);
    let id = s.get(first).copied().unwrap_or(0);
    if id > 15 {
        return Err(Fault::NoSuchBarrier { barrier: id });
    }
    let count_slot = first + 1;
    let has_count = if red {
        s.len() > first + 2
    } else {
        s.len() > first + 1
    };
    let count = if has_count {
        s.get(count_slot).map(|&c| c as u32)
    } else {
        None
    };
    if m.has_keyword(Keyword::Arrive) {
        return current::with_lane(|cta, _| {
            cta.barriers.borrow_mut()[id as usize].arrived += 1;
        })
        .ok_or_else(|| Fault::NeedsLaunch {
            instruction: sem.key(),
            memory: None,
        });
    }
    let wait = Wait::new(
        sem,
        m,
        WaitKind::Barrier {
            id: id as u32,
            count,
        },
        s.len(),
    )?;
    current::rendezvous(wait, s)
}

/// `fence`, `membar`: a launch runs one lane at a time within a CTA, and
/// CTAs share no simulated memory, so every access is already ordered.
#[inline]
pub fn fence(_: &Mods, _: &mut [u64]) -> SemResult {
    Ok(())
}
