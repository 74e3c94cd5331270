//! Global memory of a launch: buffers registered with the launch before it
//! runs ([`crate::launch::Launch::global`]), each at a 64-bit device address,
//! shared by every CTA of the grid, and returned in the launch's report.
//!
//! CTAs may run in parallel, so each buffer sits behind a lock: every access
//! (a load, a store, a read-modify-write of an atomic) is one locked step,
//! which keeps racy programs memory-safe and race-free ones deterministic.
//! Accesses are bounds- and alignment-checked against the buffer the address
//! falls in; an address in no buffer is an error naming it.
//!
//! Generic addresses: an address in a global buffer is global; the CTA's
//! shared memory appears at [`SHARED_WINDOW`] (what `cvta.shared` gives),
//! the thread's local memory at [`LOCAL_WINDOW`].
//!
//! ```
//! use ptx_sim::global::{GlobalMemory, buffer_addresses};
//! let mem = GlobalMemory::new(vec![vec![1, 2, 3, 4], vec![0; 8]]);
//! let [a, b] = buffer_addresses(&[4, 8])[..] else { unreachable!() };
//! assert_eq!(mem.access(a + 2, 1, 1, "ld", |bytes| bytes[0]).unwrap(), 3);
//! assert!(mem.access(b + 8, 1, 1, "st", |_| ()).is_err()); // one past the end
//! ```

use crate::exec::Fault;
use std::cell::RefCell;
use std::sync::{Arc, LazyLock, Mutex};

/// The device address of the first global buffer.
pub const GLOBAL_BASE: u64 = 0x7f00_0000_0000;

/// Where the running CTA's shared memory appears among generic addresses.
pub const SHARED_WINDOW: u64 = 0x1000_0000_0000;

/// Where the running thread's local memory appears among generic addresses.
pub const LOCAL_WINDOW: u64 = 0x2000_0000_0000;

/// The most local memory a thread may use (CUDA's limit per thread).
pub const LOCAL_LIMIT: u64 = 512 * 1024;

/// The gap left after each buffer, so that running off one end faults
/// instead of reaching the next buffer.
const GUARD: u64 = 256;

/// The device addresses of buffers of `sizes` bytes, in order: each starts
/// 256-byte aligned, with an unmapped gap after the one before.
pub fn buffer_addresses(sizes: &[usize]) -> Vec<u64> {
    let mut next = GLOBAL_BASE;
    sizes
        .iter()
        .map(|&size| {
            let base = next;
            next += (size as u64).div_ceil(GUARD) * GUARD + GUARD;
            base
        })
        .collect()
}

/// The global buffers of one launch.
#[derive(Debug)]
pub struct GlobalMemory {
    buffers: Vec<(u64, Mutex<Vec<u8>>)>,
}

impl GlobalMemory {
    /// Buffers holding `data`, at the addresses [`buffer_addresses`] gives.
    pub fn new(data: Vec<Vec<u8>>) -> GlobalMemory {
        let sizes: Vec<usize> = data.iter().map(Vec::len).collect();
        GlobalMemory {
            buffers: buffer_addresses(&sizes)
                .into_iter()
                .zip(data)
                .map(|(base, bytes)| (base, Mutex::new(bytes)))
                .collect(),
        }
    }

    /// Whether `addr` falls in a buffer.
    pub fn contains(&self, addr: u64) -> bool {
        self.buffers.iter().any(|(base, bytes)| {
            addr >= *base && addr - base < bytes.lock().map_or(0, |b| b.len() as u64)
        })
    }

    /// Runs `f` on the `size` bytes at `addr`, which must be aligned to
    /// `align` and lie in one buffer; `what` names the access in errors.
    pub fn access<R>(
        &self,
        addr: u64,
        size: u64,
        align: u64,
        what: &str,
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<R, Fault> {
        if align > 1 && !addr.is_multiple_of(align) {
            return Err(Fault::new(format!(
                "{what}: global address {addr:#x} is not aligned to {align} bytes"
            )));
        }
        for (base, bytes) in &self.buffers {
            if addr < *base {
                continue;
            }
            let mut bytes = bytes
                .lock()
                .map_err(|_| Fault::new(format!("{what}: a global buffer was poisoned")))?;
            let offset = addr - base;
            if offset >= bytes.len() as u64 {
                continue;
            }
            return match offset.checked_add(size) {
                Some(end) if end <= bytes.len() as u64 => {
                    Ok(f(&mut bytes[offset as usize..end as usize]))
                }
                _ => Err(Fault::new(format!(
                    "{what}: global address {addr:#x} (+{size} bytes) runs past the end of its buffer ({base:#x}, {} bytes)",
                    bytes.len()
                ))),
            };
        }
        Err(Fault::new(format!(
            "{what}: global address {addr:#x} is in no buffer of the launch"
        )))
    }

    /// The buffers' contents.
    pub fn into_buffers(self) -> Vec<Vec<u8>> {
        self.buffers
            .into_iter()
            .map(|(_, b)| b.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect()
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<GlobalMemory>>> = const { RefCell::new(None) };
}

/// Makes `memory` the global memory of the CTAs run on this thread until the
/// returned guard is dropped; `None` for a launch without buffers, which
/// sees none of an enclosing launch's (see [`current`]).
pub(crate) fn enter(memory: Option<Arc<GlobalMemory>>) -> Entered {
    let previous = CURRENT.with(|c| c.replace(memory));
    Entered { previous }
}

/// Restores the thread's previous global memory when dropped.
pub(crate) struct Entered {
    previous: Option<Arc<GlobalMemory>>,
}

impl Drop for Entered {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// The running launch's global memory (a launch without buffers has an
/// empty one, shared, so that it costs no allocation).
pub(crate) fn current(what: &str) -> Result<Arc<GlobalMemory>, Fault> {
    static EMPTY: LazyLock<Arc<GlobalMemory>> =
        LazyLock::new(|| Arc::new(GlobalMemory::new(Vec::new())));
    if let Some(memory) = CURRENT.with(|c| c.borrow().clone()) {
        return Ok(memory);
    }
    if crate::launch::in_launch() {
        return Ok(EMPTY.clone());
    }
    Err(Fault::new(format!(
        "`{what}` on global memory needs a launch"
    )))
}
