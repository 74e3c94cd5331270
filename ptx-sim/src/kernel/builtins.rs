//! The functions the CUDA driver gives every module: `vprintf` (CUDA's
//! `printf`), `__assertfail` (a failed `assert`), and the device heap's
//! `malloc`, `__cuda_syscall_aligned_malloc` (what
//! `__nv_aligned_device_malloc` compiles to) and `free` (C++ `new` and
//! `delete` compile to `malloc` and `free`).
//!
//! Their arguments arrive as a call's: `.param` variables of the caller's
//! frame, or registers, which the calling lane reads for them
//! ([`Caller`]). A thread's `printf` prints when it runs, in the
//! order of the CTA's deterministic schedule, lanes of a warp in lane
//! order; a launch's output is its CTAs' in CTA order. A warp's lanes
//! call `malloc` and `free` in lane order too, on the launch's heap
//! ([`crate::memory::heap`]), which every CTA shares.

use super::code::Builtin;
use crate::driver::printf::{self, Arguments};
use crate::fault::{Fault, MemoryFault, ProgramFault};
use crate::lane::Memories;
use crate::memory::heap::Heap;
use crate::sem::memory::address::Reach;
use ptx_core::Mods;

/// The longest string a `%s` or an assertion's text may be.
const MAX_STRING: u64 = 1 << 16;

/// What a builtin reaches of the lane that calls it.
pub(crate) trait Caller {
    /// The value of the call's argument `k` (0 where the call has none): a
    /// `.param` variable's 8 bytes, or a register's or constant's value.
    fn argument(&mut self, k: usize) -> Result<u64, Fault>;

    /// The memories a generic address of the lane reaches: its CTA's shared
    /// memory, its local memory, the launch's.
    fn memories(&mut self) -> Memories<'_>;
}

/// What a builtin returns to its call's return operand: `vprintf`'s
/// `.s32` or `malloc`'s `.b64`, as a register's value and as a `.param`
/// variable's bytes.
pub(crate) struct Returned {
    /// The value a register receives.
    pub value: u64,
    /// How many bytes a `.param` variable receives (of `value`,
    /// little-endian).
    pub size: usize,
}

/// Runs `builtin` for one lane, `caller`, appending what it prints to
/// `output`; what it returns, if it returns a value.
pub(crate) fn run(
    builtin: Builtin,
    caller: &mut dyn Caller,
    output: &mut Vec<u8>,
) -> Result<Option<Returned>, Fault> {
    match builtin {
        Builtin::Vprintf => {
            let format_at = caller.argument(0)?;
            let args_at = caller.argument(1)?;
            let mut memory = LaneMemory {
                caller,
                next: args_at,
            };
            let (count, text) = if format_at == 0 {
                (-1i64 as u64, Vec::new())
            } else {
                let format = memory.string(format_at)?;
                let (text, count) = printf::format(&format, &mut memory)?;
                (count as u64, text)
            };
            output.extend_from_slice(&text);
            Ok(Some(Returned {
                value: count,
                size: 4,
            }))
        }
        Builtin::AssertFail => {
            let (message_at, file_at, line) =
                (caller.argument(0), caller.argument(1), caller.argument(2));
            let (message_at, file_at, line) = (message_at?, file_at?, line?);
            let mut memory = LaneMemory { caller, next: 0 };
            let mut text = |at| {
                memory
                    .string(at)
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
            };
            let message = text(message_at)?;
            let file = text(file_at)?;
            Err(Fault::Program(ProgramFault::Assert {
                message,
                file,
                line: line as u32,
            }))
        }
        Builtin::Malloc | Builtin::AlignedMalloc => {
            let bytes = caller.argument(0)?;
            let align = match builtin {
                Builtin::AlignedMalloc => caller.argument(1)?,
                _ => 16,
            };
            let at = heap(caller)?.aligned(bytes, align).unwrap_or(0);
            Ok(Some(Returned { value: at, size: 8 }))
        }
        Builtin::Free => {
            let address = caller.argument(0)?;
            if address != 0 {
                heap(caller)?
                    .free(address)
                    .map_err(|why| Fault::Memory(MemoryFault::BadFree { address, why }))?;
            }
            Ok(None)
        }
    }
}

/// The launch's device heap: every launch of a module that calls `malloc`
/// or `free` has one.
fn heap(caller: &mut dyn Caller) -> Result<&Heap, Fault> {
    caller
        .memories()
        .launch
        .and_then(|launch| launch.heap.as_deref())
        .ok_or_else(|| Fault::not_simulated("malloc/free in a launch without a device heap"))
}

/// What a lane's `printf` reads: its argument buffer, and strings anywhere
/// a generic address reaches.
struct LaneMemory<'c> {
    /// The lane.
    caller: &'c mut dyn Caller,
    /// The generic address of the next argument's place.
    next: u64,
}

impl LaneMemory<'_> {
    /// `size` bytes at generic address `addr`, little-endian.
    fn load(&mut self, addr: u64, size: u64) -> Result<u64, Fault> {
        let mut memories = self.caller.memories();
        Reach::new(&Mods::default(), addr, size, 1, "vprintf")?.read(&mut memories, |b| {
            b.iter()
                .rev()
                .fold(0u64, |acc, &byte| acc << 8 | u64::from(byte))
        })
    }
}

impl Arguments for LaneMemory<'_> {
    fn next(&mut self, size: u64) -> Result<u64, Fault> {
        let at = self.next.next_multiple_of(size.max(1));
        self.next = at + size;
        self.load(at, size)
    }

    fn string(&mut self, addr: u64) -> Result<Vec<u8>, Fault> {
        let mut out = Vec::new();
        for k in 0..MAX_STRING {
            match self.load(addr.wrapping_add(k), 1)? as u8 {
                0 => return Ok(out),
                b => out.push(b),
            }
        }
        Ok(out)
    }
}
