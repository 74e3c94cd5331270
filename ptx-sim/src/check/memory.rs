//! What the sanitizer keeps of a launch's global memory, which every CTA
//! reaches: a shadow cell per byte touched (in pages made on first touch),
//! and the clocks that releases published at each address.

use super::clock::{SparseClock, merge};
use super::shadow::Cell;
use crate::memory::heap::Heap;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

/// Bytes per page of shadow cells.
const PAGE: u64 = 1 << 12;

/// The launch-wide part of the sanitizer: global memory's shadow.
#[derive(Default)]
pub struct GlobalCheck {
    pages: Mutex<PageMap>,
    /// Per address, what the releases there published.
    released: Mutex<HashMap<u64, SparseClock>>,
    /// The device heap, whose fresh bytes a read must not find.
    heap: Option<Arc<Heap>>,
}

impl std::fmt::Debug for GlobalCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GlobalCheck")
    }
}

/// The shadow pages, held for a run of accesses.
pub(crate) struct Pages<'a>(MutexGuard<'a, PageMap>);

/// Shadow pages by page number, hashed by a multiply (page numbers are
/// not chosen by an adversary, and SipHash costs more than the check).
type PageMap = HashMap<u64, Box<[Cell]>, BuildHasherDefault<PageHasher>>;

/// A hasher for page numbers: one multiply by an odd constant.
#[derive(Default)]
pub(crate) struct PageHasher(u64);

impl Hasher for PageHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

impl Pages<'_> {
    /// The cells of the `len` global bytes at `addr`, which lie in one
    /// page, else `None`.
    pub(crate) fn cells(&mut self, addr: u64, len: u64) -> Option<&mut [Cell]> {
        let start = addr % PAGE;
        let end = start.checked_add(len).filter(|&e| e <= PAGE)?;
        let page = self
            .0
            .entry(addr / PAGE)
            .or_insert_with(|| vec![Cell::FRESH; PAGE as usize].into_boxed_slice());
        Some(&mut page[start as usize..end as usize])
    }
}

impl GlobalCheck {
    /// An empty shadow.
    pub fn new() -> GlobalCheck {
        GlobalCheck::default()
    }

    /// An empty shadow of a launch with the device heap `heap`, whose
    /// fresh bytes ([`Heap::track_fresh`]) count as never written.
    pub fn with_heap(heap: Option<Arc<Heap>>) -> GlobalCheck {
        GlobalCheck {
            heap,
            ..GlobalCheck::default()
        }
    }

    /// The launch's device heap, if it has one.
    pub(crate) fn heap(&self) -> Option<&Heap> {
        self.heap.as_deref()
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
