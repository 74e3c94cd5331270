//! Which bytes an operation's lanes touch, read from their operand slots:
//! what the sanitizer checks before the operation runs. An address the
//! operation itself will refuse (out of bounds, misaligned, in no space)
//! is left to it.

use super::shadow::Use;
use crate::exec::{Slots, elem_bytes, lanes_of, slots_per};
use crate::memory::place::{Place, place};
use crate::memory::window::{PARAM_WINDOW, window_offset};
use ptx_core::{Flags, Keyword, Mods, Semantics};

/// Where one lane's access lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// An offset into the CTA's own shared memory.
    Shared(u64),
    /// A global address.
    Global(u64),
    /// An offset into the lane's own local memory (only read for the
    /// uninitialised-read check: no other thread reaches it).
    Local(u64),
}

/// One lane's access: where, how many bytes, how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LaneAccess {
    pub lane: u32,
    pub target: Target,
    pub size: u64,
    pub how: Use,
}

/// Where address `addr` of an instruction with modifiers `m` lands, for a
/// CTA of rank `own` in its cluster: `None` outside the CTA's shared
/// memory, global buffers and the lane's local memory (constant memory and
/// parameters are read-only).
pub(crate) fn target(m: &Mods, addr: u64, own: u32) -> Option<Target> {
    let place = place(m, addr, "check").ok()?;
    if let Some(offset) = place.own_shared(own) {
        return Some(Target::Shared(offset));
    }
    match place {
        Place::Global(a) if window_offset(a, PARAM_WINDOW).is_none() => Some(Target::Global(a)),
        Place::Local(a) => Some(Target::Local(a)),
        _ => None,
    }
}

/// The accesses the `members` lanes of warp operation `sem` (modifiers
/// `m`, each lane's slots in `rows`) make, for a CTA of rank `own`,
/// appended to `out`.
pub(crate) fn warp_accesses(
    sem: Semantics,
    m: &Mods,
    members: u32,
    rows: &[Slots; 32],
    own: u32,
    out: &mut Vec<LaneAccess>,
) {
    let mut push = |lane: usize, addr: u64, size: u64, how: Use| {
        if let Some(target) = target(m, addr, own) {
            out.push(LaneAccess {
                lane: lane as u32,
                target,
                size,
                how,
            });
        }
    };
    match sem {
        Semantics::Ld | Semantics::LdNc | Semantics::Ldu => {
            let Ok(size) = elem_bytes(m) else { return };
            let n = usize::from(m.count.max(1));
            let at = n * slots_per(size);
            let how = if strong(m) {
                Use::StrongRead
            } else {
                Use::Read
            };
            for l in lanes_of(members) {
                push(l, rows[l][at], size * n as u64, how);
            }
        }
        Semantics::St => {
            let Ok(size) = elem_bytes(m) else { return };
            let n = u64::from(m.count.max(1));
            let how = if strong(m) {
                Use::StrongWrite
            } else {
                Use::Write
            };
            for l in lanes_of(members) {
                push(l, rows[l][0], size * n, how);
            }
        }
        Semantics::Atom | Semantics::AtomCas | Semantics::Red => {
            let Ok(size) = elem_bytes(m) else { return };
            // Slots `[d,] a, b{, c}`: `red` returns nothing.
            let at = if sem == Semantics::Red {
                0
            } else {
                slots_per(size)
            };
            for l in lanes_of(members) {
                push(l, rows[l][at], size, Use::Atomic);
            }
        }
        Semantics::Ldmatrix | Semantics::Stmatrix => {
            // Lanes 8i..8i+7 give the 16-byte rows of matrix i.
            let num = usize::from(m.count.max(1));
            let (slot, how) = if sem == Semantics::Ldmatrix {
                (num, Use::Read)
            } else {
                (0, Use::Write)
            };
            for (l, row) in rows.iter().enumerate().take(8 * num) {
                push(l, row[slot], 16, how);
            }
        }
        _ => {}
    }
}

/// Which of an operation's accesses repeat an earlier one: the same plain
/// read or write of the same shared or global bytes, as when a warp's
/// lanes read one word (a broadcast) or store to one word. Such a lane
/// finds no hazard its group's first lane does not find, unless the
/// warp's own accesses tell its lanes apart ([`super::shadow::repeatable`]).
#[derive(Debug)]
pub(crate) struct Repeats {
    /// For each access, the first access of its group (itself if first).
    pub first: [u8; 32],
    /// For the first access of a group, the lane of its last.
    pub last: [u32; 32],
}

/// The groups of `accesses` (at most 32, one per lane) making the same
/// access. Found through a small table indexed by address: two groups
/// whose addresses share an entry stay apart, which costs only time.
pub(crate) fn repeats(accesses: &[LaneAccess]) -> Repeats {
    const NONE: u8 = u8::MAX;
    let mut table = [NONE; 64];
    let mut r = Repeats {
        first: [0; 32],
        last: [0; 32],
    };
    for (i, a) in accesses.iter().enumerate().take(32) {
        r.first[i] = i as u8;
        r.last[i] = a.lane;
        let at = match (a.target, a.how) {
            (Target::Shared(at) | Target::Global(at), Use::Read | Use::Write) => at,
            _ => continue,
        };
        let entry = &mut table[((at >> 2 ^ at >> 8) & 63) as usize];
        match accesses.get(usize::from(*entry)) {
            Some(b) if b.target == a.target && b.size == a.size && b.how == a.how => {
                r.first[i] = *entry;
                r.last[usize::from(*entry)] = a.lane;
            }
            _ => *entry = i as u8,
        }
    }
    r
}

/// Whether a load or store with modifiers `m` is strong (PTX ISA, "Memory
/// Consistency Model"): `.relaxed`, `.acquire`, `.release`, or
/// `.volatile` (which the ISA treats as `.relaxed.sys`).
pub(crate) fn strong(m: &Mods) -> bool {
    m.has(Flags::VOLATILE)
        || m.keywords
            .iter()
            .flatten()
            .any(|k| matches!(k, Keyword::Relaxed | Keyword::Acquire | Keyword::Release))
}

/// Whether `m` asks for release semantics (`.release`, `.acq_rel`).
pub(crate) fn releases(m: &Mods) -> bool {
    m.keywords
        .iter()
        .flatten()
        .any(|k| matches!(k, Keyword::Release | Keyword::AcqRel))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::MAX_SLOTS;
    use ptx_core::{ScalarType, SharedScope, StateSpace};

    #[test]
    fn a_scalar_shared_store_touches_its_bytes_in_every_member_lane() {
        let m = Mods {
            space: Some(StateSpace::Shared(SharedScope::Default)),
            types: [Some(ScalarType::U32), None, None, None],
            ..Mods::default()
        };
        let mut rows = [[0u64; MAX_SLOTS]; 32];
        for (l, row) in rows.iter_mut().enumerate() {
            row[0] = 4 * l as u64;
        }
        let mut out = Vec::new();
        warp_accesses(Semantics::St, &m, 0b101, &rows, 0, &mut out);
        assert_eq!(
            out,
            [
                LaneAccess {
                    lane: 0,
                    target: Target::Shared(0),
                    size: 4,
                    how: Use::Write
                },
                LaneAccess {
                    lane: 2,
                    target: Target::Shared(8),
                    size: 4,
                    how: Use::Write
                },
            ]
        );
    }

    #[test]
    fn lanes_making_the_same_plain_access_are_grouped_under_the_first() {
        let access = |lane: u32, target: Target, how: Use| LaneAccess {
            lane,
            target,
            size: 4,
            how,
        };
        // Lanes 0 to 3 read one word; lanes 4 and 6 read a word each,
        // lane 8 the first one again; lanes 9 and 10 store to one word;
        // lanes 11 and 12 read the same offset of their own local memory,
        // lanes 13 and 14 add atomically to one word: neither grouped.
        let mut accesses: Vec<LaneAccess> = (0..4)
            .map(|l| access(l, Target::Shared(64), Use::Read))
            .collect();
        accesses.push(access(4, Target::Shared(68), Use::Read));
        accesses.push(access(6, Target::Shared(72), Use::Read));
        accesses.push(access(8, Target::Shared(64), Use::Read));
        accesses.push(access(9, Target::Global(0x1000), Use::Write));
        accesses.push(access(10, Target::Global(0x1000), Use::Write));
        accesses.push(access(11, Target::Local(0), Use::Read));
        accesses.push(access(12, Target::Local(0), Use::Read));
        accesses.push(access(13, Target::Global(0x2000), Use::Atomic));
        accesses.push(access(14, Target::Global(0x2000), Use::Atomic));
        let r = repeats(&accesses);
        let n = accesses.len();
        assert_eq!(&r.first[..n], &[0, 0, 0, 0, 4, 5, 0, 7, 7, 9, 10, 11, 12]);
        // The last lane of each group: 8 for the word at 64, 10 for the
        // stored word; the rest are alone.
        assert_eq!(r.last[0], 8);
        assert_eq!(r.last[7], 10);
        assert_eq!(
            [r.last[4], r.last[5], r.last[9], r.last[11]],
            [4, 6, 11, 13]
        );
    }
}
