//! What the sanitizer keeps of a launch's global memory, which every CTA
//! reaches: a shadow cell per byte touched (in pages made on first touch),
//! and the clocks that releases published at each address.

use super::clock::{SparseClock, merge};
use super::shadow::Cell;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// Bytes per page of shadow cells.
const PAGE: u64 = 1 << 12;

/// The launch-wide part of the sanitizer: global memory's shadow.
#[derive(Default)]
pub struct GlobalCheck {
    pages: Mutex<HashMap<u64, Box<[Cell]>>>,
    /// Per address, what the releases there published.
    released: Mutex<HashMap<u64, SparseClock>>,
}

impl std::fmt::Debug for GlobalCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GlobalCheck")
    }
}

/// The shadow pages, held for a run of accesses.
pub(crate) struct Pages<'a>(MutexGuard<'a, HashMap<u64, Box<[Cell]>>>);

impl Pages<'_> {
    /// The cell of global byte `addr`.
    pub(crate) fn cell(&mut self, addr: u64) -> &mut Cell {
        let page = self
            .0
            .entry(addr / PAGE)
            .or_insert_with(|| vec![Cell::FRESH; PAGE as usize].into_boxed_slice());
        &mut page[(addr % PAGE) as usize]
    }
}

impl GlobalCheck {
    /// An empty shadow.
    pub fn new() -> GlobalCheck {
        GlobalCheck::default()
    }

    /// The shadow pages, locked.
    pub(crate) fn pages(&self) -> Pages<'_> {
        Pages(self.pages.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// A release at `addr` publishes `clock`.
    pub(crate) fn release(&self, addr: u64, clock: &SparseClock) {
        let mut released = self.released.lock().unwrap_or_else(|e| e.into_inner());
        merge(released.entry(addr).or_default(), clock);
    }

    /// What the releases at `addr` published so far.
    pub(crate) fn released(&self, addr: u64) -> Option<SparseClock> {
        let released = self.released.lock().unwrap_or_else(|e| e.into_inner());
        released.get(&addr).cloned()
    }
}
