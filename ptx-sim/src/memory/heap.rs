//! The device heap: what a kernel's `malloc`, `__nv_aligned_device_malloc`
//! and `free` (and C++ `new` and `delete`, which nvcc compiles to them)
//! allocate from (CUDA C++ Programming Guide, "Dynamic Global Memory
//! Allocation and Operations").
//!
//! The heap is one range of global memory of a fixed size, chosen before
//! the first kernel that uses it runs (`cudaLimitMallocHeapSize`, 8 MiB
//! unless set). Its bytes are a global buffer like any other; [`Heap`]
//! keeps only which of them are given out. Allocations start at multiples
//! of 16 bytes (as the guide promises) and take their size rounded up to
//! 16, with nothing between them, so that `n` requests of `s` bytes fit a
//! fresh heap of `h` bytes exactly when `n × round16(s) ≤ h`. A request
//! that no free range can hold gives NULL. Freed ranges are given out
//! again (the heap is small and fixed), the lowest that fits first.
//!
//! For the sanitizer's uninitialised-read check, a heap can also keep
//! which of its bytes were given out and not written since
//! ([`Heap::track_fresh`]): a launch that runs the check turns it on, and
//! its checker clears the bytes its threads write.
//!
//! CTAs on several workers call it at once: one lock guards the free
//! ranges. Which thread gets which address follows the order in which the
//! calls reach the lock, which the CTA's schedule fixes within a CTA but
//! not between CTAs on different workers (see `docs/kernels.md`).
//!
//! ```
//! use ptx_sim::fault::BadFree;
//! use ptx_sim::memory::heap::Heap;
//! let heap = Heap::new(0x1000, 64);
//! let a = heap.malloc(20).unwrap(); // takes 32 bytes
//! let b = heap.malloc(32).unwrap();
//! assert_eq!((a, b), (0x1000, 0x1020));
//! assert_eq!(heap.malloc(1), None); // all 64 bytes are given out
//! heap.free(a).unwrap();
//! assert_eq!(heap.free(a), Err(BadFree::Freed));
//! assert_eq!(heap.malloc(16), Some(0x1000));
//! ```

use crate::fault::BadFree;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The alignment of every allocation, and the unit sizes round up to.
pub const GRANULE: u64 = 16;

/// What `cudaLimitMallocHeapSize` is before a program sets it: 8 MiB
/// (the guide's default heap).
pub const DEFAULT_HEAP_SIZE: u64 = 8 << 20;

/// A device heap's bookkeeping (see the [module](self)): its addresses,
/// and which of them are given out.
#[derive(Debug)]
pub struct Heap {
    /// Its first address.
    base: u64,
    /// Its bytes.
    size: u64,
    ranges: Mutex<Ranges>,
    /// Whether `malloc` marks what it gives as fresh.
    tracking: AtomicBool,
    /// A bit per byte, set while the byte is fresh: given out and not
    /// written since (made when tracking first starts).
    fresh: OnceLock<Box<[AtomicU64]>>,
}

/// The given-out and free ranges of a heap.
#[derive(Debug, Default)]
struct Ranges {
    /// Each allocation's first address and the bytes it takes.
    live: BTreeMap<u64, u64>,
    /// Each free range's first address and length; two are never adjacent.
    free: BTreeMap<u64, u64>,
    /// Addresses that started an allocation since freed and not given out
    /// again, to tell a double free from a wild one.
    freed: BTreeSet<u64>,
}

impl Heap {
    /// A heap of `size` bytes (rounded down to a multiple of 16) at `base`,
    /// a multiple of 16, nothing given out.
    pub fn new(base: u64, size: u64) -> Heap {
        let size = size / GRANULE * GRANULE;
        let mut ranges = Ranges::default();
        if size > 0 {
            ranges.free.insert(base, size);
        }
        Heap {
            base,
            size,
            ranges: Mutex::new(ranges),
            tracking: AtomicBool::new(false),
            fresh: OnceLock::new(),
        }
    }

    /// Whether to keep track of fresh bytes (see the [module](self)) for
    /// the launch about to run: while on, `malloc` marks what it gives as
    /// fresh and [`Heap::written`] clears it. Turning it off forgets every
    /// mark: a launch that does not track the writes of its threads leaves
    /// every byte counted as written.
    pub fn track_fresh(&self, on: bool) {
        self.tracking.store(on, Ordering::Relaxed);
        if on {
            self.fresh_bits();
        } else if let Some(bits) = self.fresh.get() {
            for word in bits.iter() {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    fn fresh_bits(&self) -> &[AtomicU64] {
        self.fresh.get_or_init(|| {
            (0..self.size.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect()
        })
    }

    /// Runs `f` on each bitmap word that the heap bytes `addr..addr + len`
    /// reach, with the mask of their bits in it (bytes outside the heap
    /// are left out).
    fn each_word(&self, addr: u64, len: u64, mut f: impl FnMut(&AtomicU64, u64) -> bool) -> bool {
        let Some(bits) = self.fresh.get() else {
            return false;
        };
        let start = addr.saturating_sub(self.base).min(self.size);
        let end = addr
            .saturating_add(len)
            .saturating_sub(self.base)
            .min(self.size);
        let mut at = start;
        while at < end {
            let word = at / 64;
            let upto = end.min((word + 1) * 64);
            let count = upto - at;
            let mask = if count == 64 {
                u64::MAX
            } else {
                ((1u64 << count) - 1) << (at % 64)
            };
            if f(&bits[word as usize], mask) {
                return true;
            }
            at = upto;
        }
        false
    }

    /// Whether any of the `len` bytes at `addr` is fresh: given out by
    /// `malloc` while tracking was on, and not written since.
    pub fn is_fresh(&self, addr: u64, len: u64) -> bool {
        self.each_word(addr, len, |word, mask| {
            word.load(Ordering::Relaxed) & mask != 0
        })
    }

    /// The `len` bytes at `addr` were written: no longer fresh.
    pub fn written(&self, addr: u64, len: u64) {
        self.each_word(addr, len, |word, mask| {
            if word.load(Ordering::Relaxed) & mask != 0 {
                word.fetch_and(!mask, Ordering::Relaxed);
            }
            false
        });
    }

    /// Its first address.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Its bytes.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Whether `addr` lies in the heap.
    pub fn contains(&self, addr: u64) -> bool {
        addr.wrapping_sub(self.base) < self.size
    }

    /// The bytes given out and not freed.
    pub fn in_use(&self) -> u64 {
        self.lock().live.values().sum()
    }

    fn lock(&self) -> MutexGuard<'_, Ranges> {
        self.ranges.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `malloc(bytes)`: the first address of `bytes` bytes (at least one
    /// granule, so that `malloc(0)` gives a pointer of its own), or `None`
    /// when no free range holds them.
    pub fn malloc(&self, bytes: u64) -> Option<u64> {
        self.aligned(bytes, GRANULE)
    }

    /// `__nv_aligned_device_malloc(bytes, align)`: as [`Heap::malloc`], at
    /// a multiple of `align`; `None` too when `align` is not a power of
    /// two (the guide asks for "a non-zero power of 2").
    pub fn aligned(&self, bytes: u64, align: u64) -> Option<u64> {
        if !align.is_power_of_two() {
            return None;
        }
        let align = align.max(GRANULE);
        let take = bytes.max(1).checked_next_multiple_of(GRANULE)?;
        let mut ranges = self.lock();
        let (start, len, at) = ranges.free.iter().find_map(|(&start, &len)| {
            let at = start.checked_next_multiple_of(align)?;
            let end = at.checked_add(take)?;
            (end <= start + len).then_some((start, len, at))
        })?;
        ranges.free.remove(&start);
        if at > start {
            ranges.free.insert(start, at - start);
        }
        if at + take < start + len {
            ranges.free.insert(at + take, start + len - (at + take));
        }
        ranges.live.insert(at, take);
        ranges.freed.remove(&at);
        drop(ranges);
        if self.tracking.load(Ordering::Relaxed) {
            self.each_word(at, take, |word, mask| {
                word.fetch_or(mask, Ordering::Relaxed);
                false
            });
        }
        Some(at)
    }

    /// `free(addr)` of an address other than NULL: its allocation's bytes
    /// are free again; an address that starts no allocation is refused,
    /// with why.
    pub fn free(&self, addr: u64) -> Result<(), BadFree> {
        if !self.contains(addr) {
            return Err(BadFree::NotHeap);
        }
        let mut ranges = self.lock();
        let Some(size) = ranges.live.remove(&addr) else {
            if ranges.freed.contains(&addr) {
                return Err(BadFree::Freed);
            }
            return Err(match ranges.live.range(..addr).next_back() {
                Some((&base, &size)) if addr < base + size => BadFree::Inside {
                    base,
                    size,
                    offset: addr - base,
                },
                _ => BadFree::Unallocated,
            });
        };
        ranges.freed.insert(addr);
        // Join the free ranges either side.
        let (mut start, mut len) = (addr, size);
        if let Some((&before, &before_len)) = ranges.free.range(..addr).next_back()
            && before + before_len == addr
        {
            ranges.free.remove(&before);
            start = before;
            len += before_len;
        }
        if let Some(after_len) = ranges.free.remove(&(addr + size)) {
            len += after_len;
        }
        ranges.free.insert(start, len);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_heap_holds_exactly_its_size_in_16_byte_granules() {
        // 1000 bytes of heap hold 62 requests of 13 bytes (16 each): 992.
        let heap = Heap::new(0x10_000, 1000);
        let given: Vec<u64> = (0..100).filter_map(|_| heap.malloc(13)).collect();
        assert_eq!(given.len(), 62);
        assert!(given.iter().all(|a| a % 16 == 0));
        assert_eq!(heap.in_use(), 992);
    }

    #[test]
    fn freed_neighbours_join_into_one_range() {
        let heap = Heap::new(0, 96);
        let [a, b, c] = [32, 32, 32].map(|n| heap.malloc(n).unwrap());
        heap.free(a).unwrap();
        heap.free(c).unwrap();
        // 64 bytes are free, but not together.
        assert_eq!(heap.malloc(64), None);
        heap.free(b).unwrap();
        assert_eq!(heap.malloc(96), Some(0));
    }

    #[test]
    fn an_aligned_request_skips_to_its_alignment_and_keeps_the_gap() {
        let heap = Heap::new(0x100, 0x400);
        assert_eq!(heap.malloc(16), Some(0x100));
        assert_eq!(heap.aligned(16, 256), Some(0x200));
        // The 0xf0 bytes skipped stay free for later requests.
        assert_eq!(heap.malloc(0xf0), Some(0x110));
        assert_eq!(heap.aligned(16, 3), None);
        assert_eq!(heap.aligned(16, 0), None);
    }

    #[test]
    fn bad_frees_say_what_the_address_was() {
        let heap = Heap::new(0x1000, 256);
        let a = heap.malloc(40).unwrap(); // 48 bytes
        assert_eq!(
            heap.free(a + 16),
            Err(BadFree::Inside {
                base: a,
                size: 48,
                offset: 16
            })
        );
        assert_eq!(heap.free(a + 48), Err(BadFree::Unallocated));
        assert_eq!(heap.free(0x2000), Err(BadFree::NotHeap));
        heap.free(a).unwrap();
        assert_eq!(heap.free(a), Err(BadFree::Freed));
        // Given out again, it may be freed again.
        assert_eq!(heap.malloc(8), Some(a));
        assert_eq!(heap.free(a), Ok(()));
    }

    #[test]
    fn tracked_allocations_are_fresh_until_written() {
        let heap = Heap::new(0x1000, 256);
        let before = heap.malloc(16).unwrap();
        heap.track_fresh(true);
        // Given out before tracking: counted as written.
        assert!(!heap.is_fresh(before, 16));
        let a = heap.malloc(100).unwrap(); // 112 bytes, across two bitmap words
        assert!(heap.is_fresh(a, 1) && heap.is_fresh(a + 111, 1));
        heap.written(a, 100);
        assert!(!heap.is_fresh(a, 100));
        // The rounding's 12 bytes stay fresh.
        assert!(heap.is_fresh(a + 100, 4));
        // A launch that does not track forgets the marks.
        heap.track_fresh(false);
        assert!(!heap.is_fresh(a + 100, 12));
        assert!(!heap.is_fresh(heap.malloc(16).unwrap(), 16));
    }

    #[test]
    fn zero_bytes_get_a_granule_of_their_own() {
        let heap = Heap::new(0, 32);
        assert_eq!(
            (heap.malloc(0), heap.malloc(0), heap.malloc(0)),
            (Some(0), Some(16), None)
        );
    }
}
