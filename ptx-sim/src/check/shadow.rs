//! Shadow memory: for each byte, who last wrote it and who read it since,
//! stamped with their warp's clock, and the hazard a new access makes.

use super::clock::{Clocks, WarpTime};
use crate::fault::Hazard;

/// No statement: a stamp that records nothing.
pub(crate) const NO_SITE: u32 = u32::MAX;

/// The bit of [`Stamp::thread`] that marks an atomic access.
const ATOMIC: u32 = 1 << 31;

/// The bit of [`Stamp::thread`] that marks bytes given at launch: written,
/// and before every access.
const GIVEN: u32 = 1 << 30;

/// The bit of [`Stamp::thread`] that marks a strong access (PTX ISA,
/// "Memory Consistency Model"): an atomic, or a load or store that is
/// `.relaxed`, `.acquire`, `.release` or `.volatile`. Two strong accesses
/// never race.
const STRONG: u32 = 1 << 29;

/// One access: by which thread of which CTA, at what clock of its warp,
/// from which statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    /// The CTA's index in the grid.
    pub cta: u32,
    /// The thread's index in its CTA; the top bit marks an atomic.
    pub thread: u32,
    /// Its warp's clock.
    pub clock: u32,
    /// The statement ([`NO_SITE`]: no access).
    pub site: u32,
}

impl Stamp {
    /// No access.
    pub(crate) const EMPTY: Stamp = Stamp {
        cta: 0,
        thread: 0,
        clock: 0,
        site: NO_SITE,
    };

    /// An access by thread `thread` of CTA `cta` at `clock`, from `site`,
    /// using its bytes as `how`.
    pub(crate) fn new(cta: u32, thread: u32, clock: u32, site: u32, how: Use) -> Stamp {
        let atomic = if how == Use::Atomic { ATOMIC } else { 0 };
        let strong = if how.strong() { STRONG } else { 0 };
        Stamp {
            cta,
            thread: thread | atomic | strong,
            clock,
            site,
        }
    }

    /// Whether it records an access.
    pub(crate) fn is_some(&self) -> bool {
        self.site != NO_SITE
    }

    /// The same, marking bytes given at launch (see [`GIVEN`]).
    pub(crate) fn given(self) -> Stamp {
        Stamp {
            thread: self.thread | GIVEN,
            ..self
        }
    }

    /// The thread's index in its CTA.
    pub(crate) fn index(&self) -> u32 {
        self.thread & !(ATOMIC | GIVEN | STRONG)
    }

    /// The thread's warp in its CTA.
    pub(crate) fn warp(&self) -> u32 {
        self.index() / 32
    }

    /// When it happened, in its warp's history.
    pub(crate) fn time(&self) -> WarpTime {
        WarpTime {
            cta: self.cta,
            warp: self.warp(),
            clock: self.clock,
        }
    }

    /// Whether an atomic made it.
    pub(crate) fn atomic(&self) -> bool {
        self.thread & ATOMIC != 0
    }

    /// Whether a strong access made it (see [`STRONG`]).
    pub(crate) fn strong(&self) -> bool {
        self.thread & STRONG != 0
    }

    /// Whether it and `other` are of the same warp of the same CTA.
    fn same_warp(&self, other: &Stamp) -> bool {
        self.cta == other.cta && self.warp() == other.warp()
    }
}

/// What is known of one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    /// The last write.
    pub write: Stamp,
    /// Reads since it, by at most two warps (the latest first).
    pub reads: [Stamp; 2],
}

impl Cell {
    /// A byte nothing has touched.
    pub(crate) const FRESH: Cell = Cell {
        write: Stamp::EMPTY,
        reads: [Stamp::EMPTY; 2],
    };
}

/// How an access uses its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Use {
    Read,
    Write,
    /// A read-modify-write: against plain accesses a write, against other
    /// strong accesses nothing.
    Atomic,
    /// A strong load (`ld.relaxed`, `ld.acquire`, `ld.volatile`): against
    /// plain writes a read, against strong accesses nothing.
    StrongRead,
    /// A strong store (`st.relaxed`, `st.release`, `st.volatile`).
    StrongWrite,
}

impl Use {
    /// Whether it reads the bytes.
    pub(crate) fn reads(self) -> bool {
        !matches!(self, Use::Write | Use::StrongWrite)
    }

    /// Whether it writes them.
    pub(crate) fn writes(self) -> bool {
        !matches!(self, Use::Read | Use::StrongRead)
    }

    /// Whether it is strong: it never races with another strong access.
    pub(crate) fn strong(self) -> bool {
        matches!(self, Use::Atomic | Use::StrongRead | Use::StrongWrite)
    }
}

/// The earlier access that `now`, using `cell`'s byte as `how`, conflicts
/// with unordered (warp `warp`'s clocks `clocks` decide), and the hazard;
/// then records `now` in the cell. Atomics are kept beside the reads (two
/// strong accesses never conflict, and an atomic does not hide the one
/// before it from a later plain access), the byte marked written.
pub(crate) fn touch(
    cell: &mut Cell,
    now: Stamp,
    how: Use,
    warp: u32,
    clocks: &Clocks,
) -> Option<(Hazard, Stamp)> {
    // Lanes of one warp are ordered by the warp's synchronisations, which
    // move its clock on: accesses by two of its lanes with the same clock,
    // from different statements (the lanes of one instruction, or of one
    // statement run again, are not told apart), have none between them.
    let unordered = |earlier: &Stamp| {
        earlier.is_some()
            && earlier.thread & GIVEN == 0
            && !(earlier.strong() && how.strong())
            && if earlier.same_warp(&now) {
                earlier.index() != now.index()
                    && earlier.site != now.site
                    && earlier.clock == now.clock
            } else {
                !clocks.orders(warp, &earlier.time())
            }
    };
    let write = unordered(&cell.write).then_some(cell.write);
    let beside = cell.reads.iter().copied().find(|r| unordered(r));
    let found = match how {
        Use::Read | Use::StrongRead => write
            .or(beside.filter(Stamp::atomic))
            .map(|w| (Hazard::ReadAfterWrite, w)),
        Use::Write | Use::StrongWrite | Use::Atomic => match (write, beside) {
            (Some(w), _) => Some((Hazard::WriteAfterWrite, w)),
            (None, Some(a)) if a.atomic() => Some((Hazard::WriteAfterWrite, a)),
            (None, Some(r)) => Some((Hazard::WriteAfterRead, r)),
            (None, None) => None,
        },
    };
    match how {
        Use::Read | Use::StrongRead | Use::Atomic => {
            if how == Use::Atomic && !cell.write.is_some() {
                cell.write = Stamp { site: 0, ..now }.given();
            }
            // The warp's own earlier entry is superseded; another warp's
            // moves to the second slot.
            if !cell.reads[0].same_warp(&now) {
                cell.reads[1] = cell.reads[0];
            }
            cell.reads[0] = now;
        }
        Use::Write | Use::StrongWrite => {
            cell.write = now;
            cell.reads = [Stamp::EMPTY; 2];
        }
    }
    found
}

/// [`touch`] over the cells of one access's bytes, the first hazard
/// found: bytes whose cell is the first byte's (a word written and read
/// as a unit, the common case) take the first byte's outcome without
/// working it out again. The cells keep `record` where they would keep
/// `now`: `now` itself, or, for a plain access that several lanes of the
/// warp make at once (see [`repeatable`]), the last of those lanes, as if
/// each had touched the cells in turn.
pub(crate) fn touch_all(
    cells: &mut [Cell],
    now: Stamp,
    record: Stamp,
    how: Use,
    warp: u32,
    clocks: &Clocks,
) -> Option<(Hazard, Stamp)> {
    let (first, rest) = cells.split_first_mut()?;
    let before = *first;
    let found = touch(first, now, how, warp, clocks);
    if record != now {
        match how {
            Use::Read | Use::StrongRead => first.reads[0] = record,
            Use::Write | Use::StrongWrite => first.write = record,
            Use::Atomic => {}
        }
    }
    let after = *first;
    let mut found = found;
    for cell in rest {
        if *cell == before {
            *cell = after;
        } else {
            found = found.or(touch(cell, now, how, warp, clocks));
        }
    }
    found
}

/// Whether, after `now` reads or writes `cells` (a plain access), the
/// same access by other lanes of its warp from the same statement would
/// find nothing `now` did not: so they need not be checked one by one.
///
/// A lane's check differs from another's only where it tells lanes apart,
/// against an earlier access by the warp itself at the same clock from
/// another statement; and once `now` ran, only the last write is left of
/// those (a read replaces the warp's earlier read, a write clears the
/// reads). So a write is always repeatable, and a read unless a byte's
/// last write is the warp's own, at `now`'s clock, from another statement.
pub(crate) fn repeatable(cells: &[Cell], now: &Stamp, how: Use) -> bool {
    match how {
        Use::Write => true,
        Use::Read => !cells.iter().any(|c| {
            let w = &c.write;
            w.is_some()
                && w.thread & GIVEN == 0
                && w.same_warp(now)
                && w.clock == now.clock
                && w.site != now.site
        }),
        Use::Atomic | Use::StrongRead | Use::StrongWrite => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_of_another_warps_unordered_write_is_a_hazard_and_of_its_own_is_not() {
        let clocks = Clocks::new(0, 2);
        let mut cell = Cell::FRESH;
        let write = Stamp::new(0, 0, clocks.now(0), 7, Use::Write);
        assert_eq!(touch(&mut cell, write, Use::Write, 0, &clocks), None);
        let own = Stamp::new(0, 0, clocks.now(0), 8, Use::Read);
        assert_eq!(touch(&mut cell, own, Use::Read, 0, &clocks), None);
        let other = Stamp::new(0, 40, clocks.now(1), 9, Use::Read);
        assert_eq!(
            touch(&mut cell, other, Use::Read, 1, &clocks),
            Some((Hazard::ReadAfterWrite, write))
        );
    }

    #[test]
    fn lanes_of_one_warp_race_until_the_warp_synchronises() {
        let mut clocks = Clocks::new(0, 1);
        let mut cell = Cell::FRESH;
        // Lanes 0 and 6 write in one statement: not told apart, no hazard.
        let write = Stamp::new(0, 0, clocks.now(0), 7, Use::Write);
        assert_eq!(touch(&mut cell, write, Use::Write, 0, &clocks), None);
        let same = Stamp::new(0, 6, clocks.now(0), 7, Use::Write);
        assert_eq!(touch(&mut cell, same, Use::Write, 0, &clocks), None);
        // Lane 5 reads with no `bar.warp.sync` since.
        let read = Stamp::new(0, 5, clocks.now(0), 8, Use::Read);
        assert_eq!(
            touch(&mut cell, read, Use::Read, 0, &clocks),
            Some((Hazard::ReadAfterWrite, same))
        );
        // After the warp synchronises, lane 9's read is ordered.
        clocks.tick(0);
        let later = Stamp::new(0, 9, clocks.now(0), 9, Use::Read);
        assert_eq!(touch(&mut cell, later, Use::Read, 0, &clocks), None);
    }

    #[test]
    fn a_write_after_two_warps_read_conflicts_with_the_other_one() {
        let clocks = Clocks::new(0, 3);
        let mut cell = Cell::FRESH;
        let r1 = Stamp::new(0, 32, clocks.now(1), 1, Use::Read);
        let r0 = Stamp::new(0, 0, clocks.now(0), 2, Use::Read);
        touch(&mut cell, r1, Use::Read, 1, &clocks);
        touch(&mut cell, r0, Use::Read, 0, &clocks);
        // Warp 0 writes: its own read is no hazard, warp 1's is.
        let w0 = Stamp::new(0, 0, clocks.now(0), 3, Use::Write);
        assert_eq!(
            touch(&mut cell, w0, Use::Write, 0, &clocks),
            Some((Hazard::WriteAfterRead, r1))
        );
    }

    #[test]
    fn atomics_do_not_race_with_each_other_but_do_with_plain_accesses() {
        let clocks = Clocks::new(0, 2);
        let mut cell = Cell::FRESH;
        let a0 = Stamp::new(0, 0, clocks.now(0), 1, Use::Atomic);
        let a1 = Stamp::new(0, 32, clocks.now(1), 2, Use::Atomic);
        touch(&mut cell, a0, Use::Atomic, 0, &clocks);
        assert_eq!(touch(&mut cell, a1, Use::Atomic, 1, &clocks), None);
        let plain = Stamp::new(0, 0, clocks.now(0), 3, Use::Read);
        assert_eq!(
            touch(&mut cell, plain, Use::Read, 0, &clocks),
            Some((Hazard::ReadAfterWrite, a1))
        );
    }

    #[test]
    fn strong_loads_and_stores_race_with_plain_writes_but_not_with_each_other() {
        let clocks = Clocks::new(0, 3);
        let mut cell = Cell::FRESH;
        // A flag: warp 0 stores it `.release`, warp 1 spins on it with
        // `ld.acquire`, then warp 2 writes it plainly.
        let store = Stamp::new(0, 0, clocks.now(0), 1, Use::StrongWrite);
        assert_eq!(touch(&mut cell, store, Use::StrongWrite, 0, &clocks), None);
        let load = Stamp::new(0, 32, clocks.now(1), 2, Use::StrongRead);
        assert_eq!(touch(&mut cell, load, Use::StrongRead, 1, &clocks), None);
        // A plain read beside a strong read is no hazard (two reads), nor
        // does the strong read count as a write.
        let plain_read = Stamp::new(0, 0, clocks.now(0), 3, Use::Read);
        assert_eq!(touch(&mut cell, plain_read, Use::Read, 0, &clocks), None);
        let plain = Stamp::new(0, 64, clocks.now(2), 4, Use::Write);
        assert_eq!(
            touch(&mut cell, plain, Use::Write, 2, &clocks),
            Some((Hazard::WriteAfterWrite, store))
        );
    }
}
