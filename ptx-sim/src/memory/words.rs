//! Bytes that CTAs on several workers read and write at once, with no
//! lock: a global buffer held as little-endian 64-bit atomic words.
//!
//! Every access to a buffer goes through its words, one granularity for
//! all (Rust forbids racing atomic accesses of different sizes to the same
//! bytes), so racing accesses are atomic operations, never undefined
//! behaviour. An aligned access of at most 8 bytes lies in one word and is
//! one atomic load or store of it: what the PTX memory model asks of
//! racing accesses ("single-copy atomic" up to 64 bits: a load sees the
//! whole old value or the whole new one). A store of part of a word merges
//! its bytes in with a compare-and-swap, so that it never undoes a racing
//! store to the word's other bytes. Loads acquire and stores release: on
//! x86 both are plain moves, and a flag written after data is seen after
//! it, as a `st.release` and `ld.acquire` pair promises.
//!
//! ```
//! use ptx_sim::memory::words::Words;
//! let words = Words::new(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
//! words.store(6, &[0xaa, 0xbb, 0xcc]); // across two words
//! let mut out = [0; 5];
//! words.load(4, &mut out);
//! assert_eq!(out, [5, 6, 0xaa, 0xbb, 0xcc]);
//! assert_eq!(words.into_bytes(), [1, 2, 3, 4, 5, 6, 0xaa, 0xbb, 0xcc]);
//! ```
//!
//! The words are the buffer's own, or memory of the host's that the
//! buffer only borrows ([`Words::host`]): a CUDA program's page-locked
//! host memory that kernels read and write in place (zero-copy), with
//! no copy before or after a launch.

use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes per word.
pub const WORD: usize = 8;

/// A buffer's bytes as atomic words (see the module's documentation).
/// The default is the empty buffer.
pub struct Words {
    /// The first word: of a boxed slice of `count` words the buffer owns,
    /// or of host memory it borrows (`host`).
    words: NonNull<AtomicU64>,
    count: usize,
    len: usize,
    host: bool,
}

// SAFETY: the words are atomics, which any thread may reach through a
// shared reference; owned ones move with the buffer, and borrowed host
// memory stays valid for the buffer's life wherever it goes, as
// `Words::host`'s caller promises.
unsafe impl Send for Words {}
// SAFETY: as for `Send`: every access through `&Words` is atomic.
unsafe impl Sync for Words {}

impl Default for Words {
    fn default() -> Words {
        Words::owning(Box::default(), 0)
    }
}

impl Drop for Words {
    fn drop(&mut self) {
        if !self.host {
            let words = std::ptr::slice_from_raw_parts_mut(self.words.as_ptr(), self.count);
            // SAFETY: owned words came from `Box::into_raw` in `owning`
            // and are freed once, here.
            drop(unsafe { Box::from_raw(words) });
        }
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Words")
            .field("len", &self.len)
            .field("host", &self.host)
            .finish()
    }
}

impl Words {
    /// `words`, owned, holding `len` bytes.
    fn owning(words: Box<[AtomicU64]>, len: usize) -> Words {
        let count = words.len();
        let words = NonNull::new(Box::into_raw(words).cast::<AtomicU64>()).expect("a box");
        Words {
            words,
            count,
            len,
            host: false,
        }
    }

    /// The `len` bytes of host memory at `addr` (a multiple of 8, and
    /// `len` too), borrowed: loads and stores reach that memory itself.
    ///
    /// ```
    /// use ptx_sim::memory::words::Words;
    /// let mut host = [0u64; 2];
    /// // SAFETY: `host` outlives `words` and is not otherwise used meanwhile.
    /// let words = unsafe { Words::host(host.as_mut_ptr() as usize, 16) };
    /// words.store(8, &[7]);
    /// drop(words);
    /// assert_eq!(host[1], 7);
    /// ```
    ///
    /// # Safety
    /// The memory must be valid for reads and writes for as long as the
    /// buffer lives, and reached by others meanwhile only as atomics are
    /// (or by threads that do not run at the same time as its users).
    pub unsafe fn host(addr: usize, len: usize) -> Words {
        assert!(
            addr.is_multiple_of(WORD) && len.is_multiple_of(WORD) && addr != 0,
            "host words at {addr:#x}, {len} bytes: both multiples of 8"
        );
        Words {
            words: NonNull::new(addr as *mut AtomicU64).expect("not null"),
            count: len / WORD,
            len,
            host: true,
        }
    }

    /// Whether the buffer borrows host memory ([`Words::host`]).
    pub fn is_host(&self) -> bool {
        self.host
    }

    /// The words.
    #[inline]
    fn words(&self) -> &[AtomicU64] {
        // SAFETY: `count` valid words at `words`, owned or borrowed for
        // the buffer's life.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr(), self.count) }
    }

    /// Words holding `bytes` (the last word padded with zeros).
    ///
    /// Every word is written here, on the thread that makes the buffer,
    /// zeros too: left to the system to map when the threads first store
    /// there, the pages are mapped twice each (a load maps the shared zero
    /// page, the store a page of its own) from every worker at once, which
    /// on a two-core machine took three times the system time.
    pub fn new(bytes: &[u8]) -> Words {
        let words = bytes
            .chunks(WORD)
            .map(|chunk| {
                let mut bits = [0; WORD];
                bits[..chunk.len()].copy_from_slice(chunk);
                AtomicU64::new(u64::from_le_bytes(bits))
            })
            .collect();
        Words::owning(words, bytes.len())
    }

    /// A buffer of `len` zero bytes (every word written here, as
    /// [`Words::new`] does).
    pub fn zeroed(len: usize) -> Words {
        Words::owning(
            (0..len.div_ceil(WORD)).map(|_| AtomicU64::new(0)).collect(),
            len,
        )
    }

    /// [`Words::zeroed`], or `None` if the memory cannot be had (a
    /// device's allocation reports that as out of memory, not an abort).
    pub fn try_zeroed(len: usize) -> Option<Words> {
        let mut words = Vec::new();
        words.try_reserve_exact(len.div_ceil(WORD)).ok()?;
        words.resize_with(len.div_ceil(WORD), || AtomicU64::new(0));
        Some(Words::owning(words.into_boxed_slice(), len))
    }

    /// Sets the `len` bytes from `at` to `value`; they must lie in the
    /// buffer.
    pub fn fill(&self, at: usize, len: usize, value: u8) {
        let chunk = [value; 4096];
        let mut done = 0;
        while done < len {
            let take = (len - done).min(chunk.len());
            self.store(at + done, &chunk[..take]);
            done += take;
        }
    }

    /// How many bytes the buffer holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Copies the bytes from `at` into `out`; they must lie in the buffer.
    #[inline]
    pub fn load(&self, at: usize, out: &mut [u8]) {
        let mut done = 0;
        while done < out.len() {
            let (index, offset) = ((at + done) / WORD, (at + done) % WORD);
            let take = (WORD - offset).min(out.len() - done);
            let word = self.words()[index].load(Ordering::Acquire).to_le_bytes();
            out[done..done + take].copy_from_slice(&word[offset..offset + take]);
            done += take;
        }
    }

    /// Writes `data` from `at`; it must lie in the buffer.
    #[inline]
    pub fn store(&self, at: usize, data: &[u8]) {
        let mut done = 0;
        while done < data.len() {
            let (index, offset) = ((at + done) / WORD, (at + done) % WORD);
            let take = (WORD - offset).min(data.len() - done);
            let part = &data[done..done + take];
            let word = &self.words()[index];
            if take == WORD {
                let mut whole = [0; WORD];
                whole.copy_from_slice(part);
                word.store(u64::from_le_bytes(whole), Ordering::Release);
            } else {
                let mut placed = [0; WORD];
                placed[offset..offset + take].copy_from_slice(part);
                let bits = u64::from_le_bytes(placed);
                let mask = ((1u64 << (8 * take)) - 1) << (8 * offset);
                // Never fails: the closure always gives a value.
                let _ = word.fetch_update(Ordering::Release, Ordering::Relaxed, |old| {
                    Some(old & !mask | bits)
                });
            }
            done += take;
        }
    }

    /// Copies the bytes from `at` into `out`, as [`Words::load`] does,
    /// for a buffer no other thread can reach meanwhile (`&mut self`): one
    /// plain copy instead of a load a word, for host copies of whole
    /// allocations between launches. They must lie in the buffer.
    pub fn load_exclusive(&mut self, at: usize, out: &mut [u8]) {
        #[cfg(target_endian = "little")]
        out.copy_from_slice(&self.bytes_mut()[at..at + out.len()]);
        #[cfg(not(target_endian = "little"))]
        self.load(at, out);
    }

    /// Writes `data` from `at`, as [`Words::store`] does, for a buffer no
    /// other thread can reach meanwhile (`&mut self`): one plain copy
    /// instead of a store a word. It must lie in the buffer.
    pub fn store_exclusive(&mut self, at: usize, data: &[u8]) {
        #[cfg(target_endian = "little")]
        self.bytes_mut()[at..at + data.len()].copy_from_slice(data);
        #[cfg(not(target_endian = "little"))]
        self.store(at, data);
    }

    /// The buffer's bytes in place: on a little-endian machine a word's
    /// bytes in memory are the buffer's bytes in order.
    #[cfg(target_endian = "little")]
    fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: `AtomicU64` has the size, alignment and bit validity of
        // `u64`, any bytes of which are valid `u8`s; the `&mut` borrow
        // excludes every other access through the buffer while the slice
        // lives (borrowed host memory: as `Words::host`'s caller
        // promises); `len` is at most the words' bytes.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_ptr().cast::<u8>(), self.len) }
    }

    /// The bytes. Zero words are left as the zeroed memory the result
    /// starts as, so that a mostly-zero buffer is cheap to hand back.
    pub fn into_bytes(self) -> Vec<u8> {
        let mut bytes = vec![0u8; self.len];
        for (chunk, word) in bytes.chunks_mut(WORD).zip(self.words()) {
            let bits = word.load(Ordering::Relaxed);
            if bits != 0 {
                chunk.copy_from_slice(&bits.to_le_bytes()[..chunk.len()]);
            }
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_to_neighbouring_bytes_of_one_word_from_two_threads_keep_both() {
        // Each thread writes its own byte of the same word over and over;
        // a store that wrote the whole word would undo the other's.
        const ROUNDS: u8 = 200;
        let words = Words::new(&[0; 8]);
        std::thread::scope(|s| {
            for at in [0usize, 7] {
                let words = &words;
                s.spawn(move || {
                    for round in 1..=ROUNDS {
                        words.store(at, &[round]);
                    }
                });
            }
        });
        assert_eq!(words.into_bytes(), [ROUNDS, 0, 0, 0, 0, 0, 0, ROUNDS]);
    }

    #[test]
    fn exclusive_copies_agree_with_the_atomic_ones_at_any_offset() {
        // 21 bytes: two whole words and a partial third.
        let bytes: Vec<u8> = (1..=21).collect();
        for at in 0..21 {
            for len in 0..=21 - at {
                let mut words = Words::new(&bytes);
                let data: Vec<u8> = (0..len).map(|i| 0x80 | i as u8).collect();
                words.store_exclusive(at, &data);
                let mut want = bytes.clone();
                want[at..at + len].copy_from_slice(&data);
                let mut atomic = vec![0; 21];
                words.load(0, &mut atomic);
                assert_eq!(atomic, want, "store_exclusive({at}, {len} bytes)");
                let mut plain = vec![0; len];
                words.load_exclusive(at, &mut plain);
                assert_eq!(plain, want[at..at + len], "load_exclusive({at}, {len})");
            }
        }
    }

    #[test]
    fn an_aligned_eight_byte_load_sees_one_store_whole() {
        // One thread flips a word between all zeros and all ones; a load
        // that could tear would see a mix.
        let words = Words::new(&[0; 8]);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut torn = 0;
        std::thread::scope(|s| {
            s.spawn(|| {
                for i in 0..200_000u32 {
                    words.store(0, &[if i % 2 == 0 { 0xff } else { 0 }; 8]);
                }
                stop.store(true, Ordering::Release);
            });
            while !stop.load(Ordering::Acquire) {
                let mut out = [0; 8];
                words.load(0, &mut out);
                torn += usize::from(out != [0; 8] && out != [0xff; 8]);
            }
        });
        assert_eq!(torn, 0);
    }
}
