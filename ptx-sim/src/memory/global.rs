//! The memory of a launch that outlives its CTAs: global buffers registered
//! with the launch before it runs (`Launch::global`), each
//! at a 64-bit device address, shared by every CTA of the grid and returned
//! in the launch's report; read-only constant buffers
//! (`Launch::constant`) in the `.const` space; and the
//! kernel's parameters (`Launch::params`) in the `.param`
//! space.
//!
//! CTAs may run in parallel, on several workers, and reach global buffers
//! with no lock per access (see [`GlobalMemory`]): racing accesses are
//! atomic operations of the host, so racy programs stay memory-safe, and
//! race-free ones deterministic. Constant memory and parameters are read-only (PTX ISA,
//! "State Spaces": `.const` and kernel `.param` are read-only, shared by the
//! grid), so they need no lock. Accesses are bounds- and alignment-checked
//! against the buffer the address falls in; an address in no buffer is an
//! error naming it.
//!
//! Global buffers lie from [`GLOBAL_BASE`], above every generic window
//! ([`super::window`]).
//!
//! ```
//! use ptx_sim::memory::global::{GlobalMemory, buffer_addresses};
//! let mem = GlobalMemory::new(vec![vec![1, 2, 3, 4], vec![0; 8]]);
//! let [a, b] = buffer_addresses(&[4, 8])[..] else { unreachable!() };
//! assert_eq!(mem.access(a + 2, 1, 1, "ld", |bytes| bytes[0]).unwrap(), 3);
//! assert!(mem.access(b + 8, 1, 1, "st", |_| ()).is_err()); // one past the end
//! ```

use super::window::GLOBAL_BASE;
use super::words::Words;
use crate::fault::{BufferSpan, Fault, MemoryFault};
use ptx_core::{ParamScope, StateSpace};
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The gap left after each buffer, so that running off one end faults
/// instead of reaching the next buffer.
const GUARD: u64 = 256;

/// The addresses of buffers of `sizes` bytes laid out from `base`: each
/// starts 256-byte aligned, with an unmapped gap after the one before.
fn addresses_from(base: u64, sizes: &[usize]) -> Vec<u64> {
    let mut next = base;
    sizes
        .iter()
        .map(|&size| {
            let start = next;
            next += (size as u64).div_ceil(GUARD) * GUARD + GUARD;
            start
        })
        .collect()
}

/// The device addresses of global buffers of `sizes` bytes, in order: each
/// starts 256-byte aligned, with an unmapped gap after the one before.
pub fn buffer_addresses(sizes: &[usize]) -> Vec<u64> {
    addresses_from(GLOBAL_BASE, sizes)
}

/// The `.const` addresses of constant buffers of `sizes` bytes, in order,
/// laid out as global buffers are, from `.const` address 0.
///
/// ```
/// use ptx_sim::memory::global::constant_addresses;
/// // 4 bytes round up to 256, then a 256-byte gap: the next starts at 512.
/// assert_eq!(constant_addresses(&[4, 8]), [0, 512]);
/// ```
pub fn constant_addresses(sizes: &[usize]) -> Vec<u64> {
    addresses_from(0, sizes)
}

/// Where the buffers of one space lie: the first address and the size of
/// each, in order.
#[derive(Debug)]
struct Layout {
    space: StateSpace,
    /// Ascending by address.
    spans: Vec<(u64, u64)>,
    /// The number each span had among the buffers as they were given,
    /// where sorting them moved it (empty: none moved): what a fault
    /// calls the buffer.
    given: Vec<usize>,
}

impl Layout {
    /// The layout of buffers holding `data`, at the addresses `addresses`
    /// gives for their sizes (ascending, as [`addresses_from`] lays them).
    fn new<B: AsRef<[u8]>>(
        space: StateSpace,
        addresses: fn(&[usize]) -> Vec<u64>,
        data: &[B],
    ) -> Layout {
        let sizes: Vec<usize> = data.iter().map(|b| b.as_ref().len()).collect();
        let spans = addresses(&sizes)
            .into_iter()
            .zip(sizes)
            .map(|(base, size)| (base, size as u64))
            .collect();
        Layout {
            space,
            spans,
            given: Vec::new(),
        }
    }

    /// The number span `i` had as the buffers were given.
    fn given_index(&self, i: usize) -> usize {
        self.given.get(i).copied().unwrap_or(i)
    }

    /// Which buffer `addr` falls in, and where in it: the spans ascend
    /// and do not overlap, so only the last one starting at or below
    /// `addr` can hold it.
    fn find(&self, addr: u64) -> Option<(usize, u64)> {
        let i = self
            .spans
            .partition_point(|&(base, _)| base <= addr)
            .checked_sub(1)?;
        let (base, len) = self.spans[i];
        Some((i, addr - base)).filter(|&(_, offset)| offset < len)
    }

    /// The buffer that ends closest below `addr`, if one does.
    fn below(&self, addr: u64) -> Option<Box<BufferSpan>> {
        self.spans
            .iter()
            .enumerate()
            .filter(|&(_, &(base, len))| base + len <= addr)
            .max_by_key(|&(_, &(base, len))| base + len)
            .map(|(i, &(base, len))| {
                Box::new(BufferSpan {
                    index: Some(self.given_index(i)),
                    addresses: base..base + len,
                })
            })
    }

    /// The buffer and the byte range in it of the `size` bytes at `addr`,
    /// which must be aligned to `align` and lie in one buffer;
    /// `instruction` names the access in faults.
    fn locate(
        &self,
        addr: u64,
        size: u64,
        align: u64,
        instruction: &'static str,
    ) -> Result<(usize, Range<usize>), Fault> {
        let space = self.space;
        if align > 1 && !addr.is_multiple_of(align) {
            return Err(Fault::Memory(MemoryFault::Misaligned {
                instruction,
                lane: None,
                space,
                address: addr,
                align,
            }));
        }
        let Some((i, offset)) = self.find(addr) else {
            return Err(Fault::Memory(MemoryFault::Unmapped {
                instruction,
                lane: None,
                space,
                address: addr,
                size,
                nearest: self.below(addr),
            }));
        };
        let (base, len) = self.spans[i];
        match offset.checked_add(size) {
            Some(end) if end <= len => Ok((i, offset as usize..end as usize)),
            _ => Err(Fault::Memory(MemoryFault::OutOfBounds {
                instruction,
                lane: None,
                space,
                address: addr,
                size,
                bounds: base..base + len,
                buffer: u16::try_from(self.given_index(i)).ok(),
            })),
        }
    }
}

/// How many locks [`GlobalMemory::access`] spreads read-modify-writes over.
const STRIPES: usize = 64;

/// The bytes of global memory one lock of [`GlobalMemory::access`] covers
/// (a 128-byte line: the widest atomic, 16 bytes aligned, lies in one).
const STRIPE_LINE: u32 = 7;

/// The global buffers of one launch.
///
/// CTAs on several workers reach them at once with no lock: each buffer's
/// bytes are atomic words ([`Words`]), so loads and stores are atomic
/// operations of the host and racing ones see either the old or the new
/// bytes, as the PTX memory model allows. Read-modify-writes
/// ([`GlobalMemory::access`]: `atom`, `red` and the reductions of copies)
/// take one of a few locks chosen by address, which keeps them atomic
/// with respect to each other.
#[derive(Debug)]
pub struct GlobalMemory {
    layout: Layout,
    buffers: Vec<Words>,
    /// The locks of read-modify-writes, by 128-byte line of address.
    stripes: Box<[Mutex<()>]>,
    /// How many accesses changed bytes (see [`GlobalMemory::changes`]).
    changes: Changes,
}

/// Whether accesses have changed bytes, as a number that moves when they
/// have: each worker thread sets a flag of its own (alone on its cache
/// line, and only when it was clear), and whoever asks gathers the flags
/// into the number. One counter that every store bumped bounced its cache
/// line between the workers' cores on every store.
#[derive(Debug)]
struct Changes {
    flags: Box<[Flag]>,
    /// How many times asking found a flag set.
    seen: AtomicU64,
}

/// One thread's flag of [`Changes`], alone on its cache line.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Flag(AtomicBool);

/// How many flags [`Changes`] has: threads beyond share them (sharing one
/// only costs speed).
const FLAGS: usize = 64;

thread_local! {
    /// This thread's flag of every [`Changes`].
    static FLAG: usize = {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        NEXT.fetch_add(1, Ordering::Relaxed) % FLAGS
    };
}

impl Changes {
    fn new() -> Changes {
        Changes {
            flags: (0..FLAGS).map(|_| Flag::default()).collect(),
            seen: AtomicU64::new(0),
        }
    }

    /// Notes an access that changed bytes: a load of a line the thread
    /// keeps, and a store only when [`Changes::total`] cleared the flag.
    #[inline]
    fn note(&self) {
        let flag = &self.flags[FLAG.with(|&flag| flag)].0;
        if !flag.load(Ordering::Relaxed) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// A number that has moved since an earlier call gave it if an access
    /// changed bytes in between: each flag found set (and cleared) moves
    /// it, and a flag another caller cleared moved it for them too.
    fn total(&self) -> u64 {
        let mut found = false;
        for flag in &self.flags {
            if flag.0.load(Ordering::Relaxed) && flag.0.swap(false, Ordering::Relaxed) {
                found = true;
            }
        }
        if found {
            self.seen.fetch_add(1, Ordering::Relaxed) + 1
        } else {
            self.seen.load(Ordering::Relaxed)
        }
    }
}

/// Room on the stack for the bytes of the accesses of one register or
/// vector (and their copy before a store).
const SCRATCH: usize = 32;

/// Room on the stack for the bytes of most other accesses (up to a
/// 128-byte tensor map, and its copy); longer ones (bulk copies) take a
/// vector.
const LARGE_SCRATCH: usize = 256;

/// Runs `f` on a scratch buffer of `len` bytes, zeroed.
#[inline]
fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u8]) -> R) -> R {
    if len <= SCRATCH {
        f(&mut [0u8; SCRATCH][..len])
    } else if len <= LARGE_SCRATCH {
        f(&mut [0u8; LARGE_SCRATCH][..len])
    } else {
        f(&mut vec![0u8; len])
    }
}

impl GlobalMemory {
    /// Buffers holding `data`, at the addresses [`buffer_addresses`] gives.
    pub fn new(data: Vec<Vec<u8>>) -> GlobalMemory {
        GlobalMemory::placed(Vec::new(), &data)
    }

    /// Buffers that outlive the launch, each at its own address (a
    /// device's allocations, ascending and apart: below
    /// [`GLOBAL_BASE`], or anywhere for host memory a device borrows),
    /// then the launch's own buffers holding `data`, at the addresses
    /// [`buffer_addresses`] gives. [`GlobalMemory::into_buffers`] gives
    /// them back in that order. The resident ones are taken as they are
    /// (no copy: a device's allocations are kept as [`Words`] between
    /// launches, so a launch costs nothing per byte allocated). A
    /// resident buffer that overlaps one of the launch's own (host memory
    /// at the addresses of the module's variables) hides the part of it
    /// at and above its own start.
    ///
    /// ```
    /// use ptx_sim::memory::global::{GlobalMemory, buffer_addresses};
    /// use ptx_sim::memory::window::DEVICE_BASE;
    /// use ptx_sim::memory::words::Words;
    /// let mem = GlobalMemory::placed(vec![(DEVICE_BASE, Words::new(&[7; 4]))], &[vec![1, 2]]);
    /// assert_eq!(mem.access(DEVICE_BASE + 3, 1, 1, "ld", |b| b[0]).unwrap(), 7);
    /// assert_eq!(mem.access(buffer_addresses(&[2])[0] + 1, 1, 1, "ld", |b| b[0]).unwrap(), 2);
    /// assert_eq!(mem.into_buffers(), [vec![7; 4], vec![1, 2]]);
    /// ```
    pub fn placed<B: AsRef<[u8]>>(resident: Vec<(u64, Words)>, data: &[B]) -> GlobalMemory {
        let own = Layout::new(StateSpace::Global, buffer_addresses, data);
        let mut spans: Vec<(u64, u64)> = resident
            .iter()
            .map(|(base, bytes)| (*base, bytes.len() as u64))
            .collect();
        spans.extend(own.spans);
        let mut buffers: Vec<Words> = resident
            .into_iter()
            .map(|(_, words)| words)
            .chain(data.iter().map(|bytes| Words::new(bytes.as_ref())))
            .collect();
        // Host memory lent by a device may lie above the launch's own
        // buffers: the lookup wants every span in address order.
        let mut given = Vec::new();
        if !spans.is_sorted_by_key(|&(base, _)| base) {
            given = (0..spans.len()).collect();
            given.sort_by_key(|&i| spans[i].0);
            spans = given.iter().map(|&i| spans[i]).collect();
            let mut taken: Vec<Option<Words>> = buffers.into_iter().map(Some).collect();
            buffers = given
                .iter()
                .map(|&i| taken[i].take().expect("each once"))
                .collect();
        }
        GlobalMemory {
            layout: Layout {
                space: StateSpace::Global,
                spans,
                given,
            },
            buffers,
            stripes: (0..STRIPES).map(|_| Mutex::new(())).collect(),
            changes: Changes::new(),
        }
    }

    /// Whether `addr` falls in a buffer.
    pub fn contains(&self, addr: u64) -> bool {
        self.layout.find(addr).is_some()
    }

    /// Runs `f` on the `size` bytes at `addr`, which must be aligned to
    /// `align` and lie in one buffer, and keeps what it leaves there: one
    /// read-modify-write, atomic with respect to every other (`atom`,
    /// `red`); `instruction` names the access in faults.
    pub fn access<R>(
        &self,
        addr: u64,
        size: u64,
        align: u64,
        instruction: &'static str,
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<R, Fault> {
        let (i, range) = self.layout.locate(addr, size, align, instruction)?;
        // Every line the bytes touch, locked in ascending order of lock
        // (two read-modify-writes over the same lines cannot deadlock).
        let (first, last) = (addr >> STRIPE_LINE, (addr + size.max(1) - 1) >> STRIPE_LINE);
        let mut stripes: Vec<usize> = if last - first >= STRIPES as u64 {
            (0..STRIPES).collect()
        } else {
            (first..=last).map(|line| line as usize % STRIPES).collect()
        };
        stripes.sort_unstable();
        // A lock guards no data of its own (the bytes are written after
        // `f` returns), so one poisoned by a panic is still good.
        let _held: Vec<_> = stripes
            .into_iter()
            .map(|s| self.stripes[s].lock().unwrap_or_else(|e| e.into_inner()))
            .collect();
        Ok(self.update(i, range, f))
    }

    /// Runs `f` on the `size` bytes at `addr`, as [`GlobalMemory::access`]
    /// does, and keeps what it writes there, without the lock that makes
    /// a read-modify-write atomic: a store (`st`, a copy), whose bytes a
    /// racing access may see in part (the PTX memory model leaves racing
    /// accesses' values open beyond what each aligned word gives).
    pub fn store<R>(
        &self,
        addr: u64,
        size: u64,
        align: u64,
        instruction: &'static str,
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<R, Fault> {
        let (i, range) = self.layout.locate(addr, size, align, instruction)?;
        Ok(self.update(i, range, f))
    }

    /// Runs `f` on a copy of the bytes of buffer `i` in `range` and writes
    /// back what it changed, counting the change.
    #[inline]
    fn update<R>(&self, i: usize, range: Range<usize>, f: impl FnOnce(&mut [u8]) -> R) -> R {
        let words = &self.buffers[i];
        let len = range.len();
        if len <= 8 {
            // A register's bytes: compared as one word, not by `memcmp`.
            let mut bytes = [0u8; 8];
            words.load(range.start, &mut bytes[..len]);
            let before = bytes;
            let result = f(&mut bytes[..len]);
            if bytes != before {
                words.store(range.start, &bytes[..len]);
                self.changes.note();
            }
            return result;
        }
        with_scratch(2 * len, |scratch| {
            let (bytes, before) = scratch.split_at_mut(len);
            words.load(range.start, bytes);
            before.copy_from_slice(bytes);
            let result = f(bytes);
            if bytes != before {
                words.store(range.start, bytes);
                self.changes.note();
            }
            result
        })
    }

    /// Runs `f` on the `size` bytes at `addr` to read them: a copy of
    /// them, taken with no lock.
    pub fn read<R>(
        &self,
        addr: u64,
        size: u64,
        align: u64,
        instruction: &'static str,
        f: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, Fault> {
        let (i, range) = self.layout.locate(addr, size, align, instruction)?;
        Ok(with_scratch(range.len(), |bytes| {
            self.buffers[i].load(range.start, bytes);
            f(bytes)
        }))
    }

    /// Reads `size` bytes at each of `lanes`' addresses, in
    /// order, giving `f` the lane and its bytes: one warp's scalar load. A
    /// fault names its lane.
    pub fn read_lanes(
        &self,
        lanes: &[(u32, u64)],
        size: u64,
        align: u64,
        instruction: &'static str,
        mut f: impl FnMut(u32, &[u8]),
    ) -> Result<(), Fault> {
        with_scratch(size as usize, |bytes| {
            for &(lane, addr) in lanes {
                let (i, range) = self
                    .layout
                    .locate(addr, size, align, instruction)
                    .map_err(|e| e.on_lane(lane))?;
                self.buffers[i].load(range.start, bytes);
                f(lane, bytes);
            }
            Ok(())
        })
    }

    /// A number that only grows, and has grown since an earlier call gave
    /// it if an access changed bytes in between: a kernel grid in which
    /// this stays still and no thread exits makes no progress.
    pub fn changes(&self) -> u64 {
        self.changes.total()
    }

    /// The buffers' contents.
    pub fn into_buffers(self) -> Vec<Vec<u8>> {
        self.into_words()
            .into_iter()
            .map(Words::into_bytes)
            .collect()
    }

    /// The buffers as they are, in the order [`GlobalMemory::placed`]
    /// took them: for resident ones to stay words between launches.
    pub fn into_words(self) -> Vec<Words> {
        let given = self.layout.given;
        if given.is_empty() {
            return self.buffers;
        }
        let mut back: Vec<Option<Words>> = (0..given.len()).map(|_| None).collect();
        for (words, i) in self.buffers.into_iter().zip(given) {
            back[i] = Some(words);
        }
        back.into_iter().map(Option::unwrap_or_default).collect()
    }
}

/// Read-only memory of one launch: its constant buffers, or the kernel's
/// parameters.
///
/// ```
/// use ptx_sim::memory::global::{ReadOnlyMemory, constant_addresses};
/// let constants = ReadOnlyMemory::constant(vec![vec![1, 2, 3, 4], vec![5; 8]]);
/// let [a, b] = constant_addresses(&[4, 8])[..] else { unreachable!() };
/// assert_eq!(constants.read(b + 7, 1, 1, "ld", |bytes| bytes[0]).unwrap(), 5);
/// assert!(constants.read(a + 4, 1, 1, "ld", |_| ()).is_err()); // one past the end
/// let params = ReadOnlyMemory::params(vec![9, 0, 0, 0]);
/// assert_eq!(params.read(0, 4, 4, "ld", |bytes| bytes[0]).unwrap(), 9);
/// ```
#[derive(Debug)]
pub struct ReadOnlyMemory {
    layout: Layout,
    buffers: Vec<Vec<u8>>,
}

impl ReadOnlyMemory {
    /// Constant buffers holding `data`, at the `.const` addresses
    /// [`constant_addresses`] gives.
    pub fn constant(data: Vec<Vec<u8>>) -> ReadOnlyMemory {
        ReadOnlyMemory {
            layout: Layout::new(StateSpace::Const, constant_addresses, &data),
            buffers: data,
        }
    }

    /// Kernel parameters holding `bytes`, from `.param` address 0.
    pub fn params(bytes: Vec<u8>) -> ReadOnlyMemory {
        let data = vec![bytes];
        ReadOnlyMemory {
            layout: Layout::new(StateSpace::Param(ParamScope::Entry), |_| vec![0], &data),
            buffers: data,
        }
    }

    /// Whether `addr` falls in a buffer.
    pub fn contains(&self, addr: u64) -> bool {
        self.layout.find(addr).is_some()
    }

    /// Runs `f` on the `size` bytes at `addr`, which must be aligned to
    /// `align` and lie in one buffer; `instruction` names the access in
    /// faults.
    pub fn read<R>(
        &self,
        addr: u64,
        size: u64,
        align: u64,
        instruction: &'static str,
        f: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, Fault> {
        let (i, range) = self.layout.locate(addr, size, align, instruction)?;
        Ok(f(&self.buffers[i][range]))
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::memory::window::*;
    #[test]
    fn warps_reading_two_buffers_in_opposite_orders_do_not_deadlock() {
        // Two threads each read a word of buffer 0 and of buffer 1 in one
        // warp load, in opposite lane orders, many times over: holding the
        // first buffer while taking the second deadlocked them.
        const ROUNDS: u64 = 1_000_000;
        let memory = std::sync::Arc::new(GlobalMemory::new(vec![vec![1; 64], vec![2; 64]]));
        let at = buffer_addresses(&[64, 64]);
        let (done, finished) = std::sync::mpsc::channel();
        let start = std::sync::Arc::new(std::sync::Barrier::new(2));
        for order in [[at[0], at[1]], [at[1], at[0]]] {
            let (memory, done, start) = (memory.clone(), done.clone(), start.clone());
            std::thread::spawn(move || {
                let mut sum = 0u64;
                start.wait();
                for _ in 0..ROUNDS {
                    let lanes = [(0, order[0]), (1, order[1])];
                    let read = memory.read_lanes(&lanes, 4, 4, "ld", |_, b| sum += u64::from(b[0]));
                    assert!(read.is_ok());
                }
                done.send(sum).ok();
            });
        }
        for _ in 0..2 {
            let sum = finished
                .recv_timeout(std::time::Duration::from_secs(60))
                .expect("both threads finish");
            assert_eq!(sum, ROUNDS * 3);
        }
    }

    #[test]
    fn read_modify_writes_from_four_threads_lose_no_update() {
        // Four threads each add 1 to a shared u32, 100,000 times, through
        // `access` (what `atom.add` does); each also stores to its own byte
        // of the same 16 with no lock, which must not undo the adds.
        const ROUNDS: u32 = 100_000;
        let memory = GlobalMemory::new(vec![vec![0; 16]]);
        let base = buffer_addresses(&[16])[0];
        let start = std::sync::Barrier::new(4);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let (memory, start) = (&memory, &start);
                s.spawn(move || {
                    start.wait();
                    for round in 1..=ROUNDS {
                        let add = |b: &mut [u8]| {
                            let old = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                            b.copy_from_slice(&(old + 1).to_le_bytes());
                        };
                        assert!(memory.access(base, 4, 4, "atom", add).is_ok());
                        let own = |b: &mut [u8]| b[0] = round as u8;
                        assert!(memory.store(base + 4 + t, 1, 1, "st", own).is_ok());
                    }
                });
            }
        });
        let bytes = &memory.into_buffers()[0];
        assert_eq!(bytes[..4], (4 * ROUNDS).to_le_bytes());
        assert_eq!(bytes[4..8], [(ROUNDS % 256) as u8; 4]);
    }

    #[test]
    fn changes_move_after_a_store_that_changed_bytes_and_only_then() {
        let memory = GlobalMemory::new(vec![vec![5; 8]]);
        let at = buffer_addresses(&[8])[0];
        let start = memory.changes();
        assert_eq!(memory.changes(), start);
        // Storing the bytes already there changes nothing.
        memory.store(at, 1, 1, "st", |b| b[0] = 5).unwrap();
        assert_eq!(memory.changes(), start);
        memory.store(at, 1, 1, "st", |b| b[0] = 6).unwrap();
        let moved = memory.changes();
        assert!(moved > start);
        assert_eq!(memory.changes(), moved);
        // A change made on another thread (another flag) moves it too.
        std::thread::scope(|s| {
            s.spawn(|| memory.access(at + 1, 1, 1, "atom", |b| b[0] = 7).unwrap());
        });
        assert!(memory.changes() > moved);
    }

    #[test]
    fn resident_buffers_above_the_launchs_own_are_found_and_given_back_in_order() {
        // Host memory a device borrows may lie above GLOBAL_BASE.
        let high = GLOBAL_BASE + (1 << 32);
        let resident = vec![
            (DEVICE_BASE, Words::new(&[1; 8])),
            (high, Words::new(&[2; 8])),
        ];
        let memory = GlobalMemory::placed(resident, &[vec![3u8; 8]]);
        let own = buffer_addresses(&[8])[0];
        for (addr, want) in [(DEVICE_BASE, 1), (high + 7, 2), (own + 7, 3)] {
            assert_eq!(memory.read(addr, 1, 1, "ld", |b| b[0]).unwrap(), want);
        }
        memory.store(high, 1, 1, "st", |b| b[0] = 9).unwrap();
        // A fault names the buffer by the number it was given.
        let err = memory.read(high + 8, 1, 1, "ld", |_| ()).unwrap_err();
        assert!(err.to_string().contains("buffer 1 (8 bytes at"), "{err}");
        assert_eq!(
            memory.into_buffers(),
            [vec![1; 8], vec![9, 2, 2, 2, 2, 2, 2, 2], vec![3; 8]]
        );
    }

    /// Every window spans 4 GiB below the first global buffer, and no two
    /// overlap, so a generic address is in at most one space.
    #[test]
    fn the_generic_windows_overlap_neither_each_other_nor_global_buffers() {
        let mut windows = [SHARED_WINDOW, LOCAL_WINDOW, CONST_WINDOW, PARAM_WINDOW];
        windows.sort_unstable();
        for pair in windows.windows(2) {
            assert!(pair[0] + WINDOW_BYTES <= pair[1], "{pair:#x?}");
        }
        assert!(windows[3] + WINDOW_BYTES <= GLOBAL_BASE);
    }

    #[test]
    fn an_access_that_runs_off_a_constant_buffer_does_not_reach_the_next() {
        let constants = ReadOnlyMemory::constant(vec![vec![0; 4], vec![0; 4]]);
        let err = constants.read(0, 8, 1, "ld", |_| ()).unwrap_err();
        let Fault::Memory(MemoryFault::OutOfBounds { bounds, .. }) = &err else {
            panic!("not out of bounds: {err}");
        };
        assert_eq!(*bounds, 0..4);
        assert!(
            err.to_string()
                .contains("runs 4 bytes past the end of buffer 0 (4 bytes at 0x0)"),
            "{err}"
        );
        // The gap after the first buffer belongs to none.
        assert!(!constants.contains(4) && !constants.contains(511));
        assert!(constants.contains(512));
    }
}
