//! The shared-memory bank model: how many wavefronts a warp's request of
//! shared memory takes, and how many of them are conflicts.
//!
//! Shared memory has 32 banks of 4 bytes: byte address `a` is in bank
//! `(a / 4) % 32`. A request is served in wavefronts; one wavefront reads
//! at most one distinct 4-byte word from each bank, so a set of accesses
//! takes as many wavefronts as the largest number of distinct words any
//! one bank holds among them (and at least one per 128 bytes they cover:
//! the ideal). Conflicts are the wavefronts beyond the ideal. What an H100
//! does (Nsight Compute: `tests/data/bank_conflicts_h100.tsv`, made by
//! `tools/generators/bank-probe`) adds rules for warp instructions ([`warp_request`]):
//!
//! * lanes that access 8 bytes each are served a half-warp at a time
//!   (lanes 0-15, then 16-31), lanes of 16 bytes a quarter-warp at a time,
//!   each part counted on its own: 16 bytes a lane, 96 bytes between
//!   pairs of lanes, take 8 wavefronts where the whole warp's banks would
//!   allow 4;
//! * a load's parts are served two at a time (the halves of an 8-byte
//!   load, quarters 0 and 1 and quarters 2 and 3 of a 16-byte one) when
//!   every such pair of parts reads the same addresses, else each on its
//!   own: `ld.shared.v4` of one address from every lane takes 2
//!   wavefronts (a store, 4), but 31 lanes at one address and one at
//!   another take 5;
//! * atomics are served lane by lane within a bank: lanes at the same
//!   word take turns instead of sharing it (32 lanes adding to one word:
//!   32 wavefronts), and `atom.cas` takes two wavefronts a turn.
//!
//! `ldmatrix`/`stmatrix` make one request per warp instruction, each 8×8
//! matrix of it eight 16-byte rows, ideally one wavefront.
//!
//! Every warp-wide access of shared memory is counted in the launch's
//! [`super::bank_counts::SharedStats`] under the instruction's key: `ld`, `st`,
//! `atom`, `atom.cas` and `red` (the lanes whose address is in shared
//! memory), `ldmatrix` and `stmatrix`, and the `wmma` loads and stores
//! (see [`crate::sem::matrix::wmma`]). So that a load's lanes are counted
//! together, a load from shared memory is a warp-wide access like a store:
//! the lanes of a warp that reach it together load at once.
//!
//! ```
//! use ptx_sim::memory::banks::{RequestKind, warp_request, wavefronts};
//! // Eight 16-byte rows 128 bytes apart all fall on banks 0-3: 8 wavefronts.
//! let rows: Vec<(u64, u64)> = (0..8).map(|r| (r * 128, 16)).collect();
//! assert_eq!(wavefronts(&rows), (8, 1));
//! // Eight consecutive rows cover all 32 banks once: 1 wavefront.
//! let rows: Vec<(u64, u64)> = (0..8).map(|r| (r * 16, 16)).collect();
//! assert_eq!(wavefronts(&rows), (1, 1));
//! // 16 bytes a lane, 32 bytes apart: each quarter-warp's eight lanes
//! // cover banks 0-3, 8-11, 16-19, 24-27 twice: 2 wavefronts each, 4
//! // more than the 4 that 512 bytes take.
//! let v4: Vec<(u32, u64, u64)> = (0..32).map(|l| (l, 32 * u64::from(l), 16)).collect();
//! assert_eq!(warp_request(&v4, RequestKind::Load), (8, 4));
//! // 31 lanes read 16 bytes at 0, lane 31 at 256: the quarters are served
//! // one by one, the last in 2 wavefronts (banks 0-3 twice).
//! let odd: Vec<(u32, u64, u64)> = (0..32).map(|l| (l, if l == 31 { 256 } else { 0 }, 16)).collect();
//! assert_eq!(warp_request(&odd, RequestKind::Load), (5, 1));
//! // Every lane adds to the same word: the lanes take turns.
//! let one: Vec<(u32, u64, u64)> = (0..32).map(|l| (l, 0, 4)).collect();
//! assert_eq!(warp_request(&one, RequestKind::Atomic), (32, 31));
//! ```

/// `(wavefronts, ideal)` of `(address, bytes)` accesses served together:
/// the most distinct words any one bank holds, at least one per 128 bytes.
pub fn wavefronts(accesses: &[(u64, u64)]) -> (u64, u64) {
    if let Some(counts) = one_word_a_bank(accesses) {
        return counts;
    }
    let mut words = Words::default();
    for &(a, n) in accesses {
        for w in a / 4..(a + n).div_ceil(4) {
            words.push(w);
        }
    }
    let words = words.distinct();
    let mut per_bank = [0u64; 32];
    for w in words {
        per_bank[(w % 32) as usize] += 1;
    }
    let bytes = words.len() as u64 * 4;
    let ideal = bytes.div_ceil(128).max(1);
    let worst = per_bank.iter().copied().max().unwrap_or(0);
    (worst.max(ideal), ideal)
}

/// [`wavefronts`] when no bank holds two distinct words of the accesses
/// (the usual case: consecutive words, or one word broadcast), found
/// without sorting: one wavefront per 128 bytes of distinct words; `None`
/// when some bank holds two.
fn one_word_a_bank(accesses: &[(u64, u64)]) -> Option<(u64, u64)> {
    let mut word_of = [0u64; 32];
    let mut used = 0u32;
    for &(a, n) in accesses {
        for w in a / 4..(a + n).div_ceil(4) {
            let bank = (w % 32) as usize;
            if used & (1 << bank) == 0 {
                used |= 1 << bank;
                word_of[bank] = w;
            } else if word_of[bank] != w {
                return None;
            }
        }
    }
    let ideal = (u64::from(used.count_ones()) * 4).div_ceil(128).max(1);
    Some((ideal, ideal))
}

/// The words a request touches: on the stack for the sizes warp
/// instructions make (32 lanes of up to 16 bytes, a `wmma` fragment's
/// lines), on the heap past that.
struct Words {
    stack: [u64; 256],
    len: usize,
    heap: Vec<u64>,
}

impl Default for Words {
    fn default() -> Words {
        Words {
            stack: [0; 256],
            len: 0,
            heap: Vec::new(),
        }
    }
}

impl Words {
    fn push(&mut self, w: u64) {
        if self.len < self.stack.len() {
            self.stack[self.len] = w;
            self.len += 1;
        } else {
            if self.heap.is_empty() {
                self.heap.extend_from_slice(&self.stack);
            }
            self.heap.push(w);
        }
    }

    /// The words, sorted, each once.
    fn distinct(&mut self) -> &[u64] {
        let words: &mut [u64] = if self.heap.is_empty() {
            &mut self.stack[..self.len]
        } else {
            &mut self.heap
        };
        words.sort_unstable();
        let mut n = 0;
        for i in 0..words.len() {
            if n == 0 || words[i] != words[n - 1] {
                words[n] = words[i];
                n += 1;
            }
        }
        &words[..n]
    }
}

/// What a warp instruction does with the shared memory it addresses, for
/// the bank model ([`warp_request`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// A load (`ld`, a `wmma` load).
    Load,
    /// A store (`st`, a `wmma` store).
    Store,
    /// A native atomic (`atom`, `red`): lanes at the same word take turns.
    Atomic,
    /// `atom.cas`: as [`RequestKind::Atomic`], each turn taking two wavefronts.
    CompareAndSwap,
}

/// `(wavefronts, conflicts)` of one warp instruction's request of shared
/// memory: `accesses` are `(lane, address, bytes)`, a lane's bytes its
/// whole access (a vector, a `wmma` core's elements). See the bank model
/// in the module documentation:
///
/// * lanes of 4 bytes or fewer each are served together; of 8 bytes, a
///   half-warp at a time (lanes 0-15, then 16-31); of 16 bytes, a quarter
///   at a time; each part counted on its own;
/// * a load's parts are served in pairs when every pair's two parts read
///   the same addresses;
/// * an atomic's lanes at one word take a turn each; `cas` takes two
///   wavefronts a turn.
pub fn warp_request(accesses: &[(u32, u64, u64)], kind: RequestKind) -> (u64, u64) {
    let mut per_lane = [0u64; 32];
    for &(lane, _, bytes) in accesses {
        per_lane[lane as usize % 32] += bytes;
    }
    let width = per_lane.iter().copied().max().unwrap_or(0);
    // Parts of the warp, each served on its own.
    let part = match width {
        0..=4 => 32,
        5..=8 => 16,
        _ => 8,
    };
    // A part's accesses, on the stack (a part has at most 32 lanes' worth).
    let phase = |p: u32| -> Part {
        let lanes = p * part..(p + 1) * part;
        let mut out = Part::default();
        for &(lane, addr, bytes) in accesses {
            if lanes.contains(&lane) {
                out.push((addr, bytes));
            }
        }
        out
    };
    let count = |phase: &[(u64, u64)]| -> (u64, u64) {
        if phase.is_empty() {
            return (0, 0);
        }
        match kind {
            RequestKind::Atomic | RequestKind::CompareAndSwap => turns(phase),
            RequestKind::Load | RequestKind::Store => wavefronts(phase),
        }
    };
    let parts = 32 / part;
    if parts == 1 {
        let (waves, ideal) = count(phase(0).accesses());
        return finish(kind, waves, ideal);
    }
    let phases: Vec<Part> = (0..parts).map(phase).collect();
    // A load's parts are served in pairs only when every pair's two parts
    // access the same addresses.
    let paired = kind == RequestKind::Load
        && phases
            .chunks(2)
            .all(|pair| pair[0].addresses() == pair[1].addresses());
    let served = if paired { 2 } else { 1 };
    let (mut waves, mut ideal) = (0, 0);
    for p in phases.iter().step_by(served) {
        let (w, i) = count(p.accesses());
        waves += w;
        ideal += i;
    }
    finish(kind, waves, ideal)
}

/// `(wavefronts, conflicts)` of a request of `waves` wavefronts where
/// `ideal` would do (`cas` takes two wavefronts a turn).
fn finish(kind: RequestKind, waves: u64, ideal: u64) -> (u64, u64) {
    let conflicts = waves - ideal;
    if kind == RequestKind::CompareAndSwap {
        return (2 * waves, conflicts);
    }
    (waves, conflicts)
}

/// The `(address, bytes)` accesses of one part of a warp: on the stack
/// for the usual one a lane, on the heap past that.
#[derive(Default)]
struct Part {
    items: [(u64, u64); 32],
    len: usize,
    heap: Vec<(u64, u64)>,
}

impl Part {
    fn push(&mut self, access: (u64, u64)) {
        if self.len < self.items.len() {
            self.items[self.len] = access;
            self.len += 1;
        } else {
            if self.heap.is_empty() {
                self.heap.extend_from_slice(&self.items);
            }
            self.heap.push(access);
        }
    }

    fn accesses(&self) -> &[(u64, u64)] {
        if self.heap.is_empty() {
            &self.items[..self.len]
        } else {
            &self.heap
        }
    }

    /// The distinct accesses, sorted.
    fn addresses(&self) -> Vec<(u64, u64)> {
        let mut set = self.accesses().to_vec();
        set.sort_unstable();
        set.dedup();
        set
    }
}

/// [`wavefronts`] for atomics: every access's words count, those of lanes
/// at the same word too.
fn turns(accesses: &[(u64, u64)]) -> (u64, u64) {
    let mut per_bank = [0u64; 32];
    for &(a, n) in accesses {
        for w in a / 4..(a + n).div_ceil(4) {
            per_bank[(w % 32) as usize] += 1;
        }
    }
    let (_, ideal) = wavefronts(accesses);
    let worst = per_bank.iter().copied().max().unwrap_or(0);
    (worst.max(ideal), ideal)
}
