//! The functions the CUDA driver gives every module: `vprintf` (CUDA's
//! `printf`), `__assertfail` (a failed `assert`); `malloc` and `free` are
//! not simulated.
//!
//! Their arguments arrive as a call's: `.param` variables of the caller's
//! frame, or registers. A thread's `printf` prints when it runs, in the
//! order of the CTA's deterministic schedule, lanes of a warp in lane
//! order; a launch's output is its CTAs' in CTA order.

use super::code::{Builtin, StepOperand};
use super::cta_context::{CtaContext, Fixed};
use super::printf::{self, Arguments};
use super::warp::{Frame, Warp};
use crate::exec::lanes_of;
use crate::fault::{Fault, ProgramFault};
use crate::machine::Memories;
use crate::sem::memory::address::Reach;
use ptx_core::Mods;

/// The longest string a `%s` or an assertion's text may be.
const MAX_STRING: u64 = 1 << 16;

/// Runs `builtin` for the `active` lanes of `warp`, its arguments `args`
/// and return values `returns` in `frame`.
pub(crate) fn run(
    warp: &mut Warp,
    cx: &mut CtaContext<'_>,
    builtin: Builtin,
    active: u32,
    args: &[StepOperand],
    returns: &[StepOperand],
    frame: &Frame,
) -> Result<(), (u32, Fault)> {
    for l in lanes_of(active) {
        let on_lane = |f: Fault| (l as u32, f);
        match builtin {
            Builtin::Vprintf => {
                let format_at =
                    argument(warp, &cx.fixed, args.first(), frame, l).map_err(on_lane)?;
                let args_at = argument(warp, &cx.fixed, args.get(1), frame, l).map_err(on_lane)?;
                let mut memory = LaneMemory {
                    warp: &mut *warp,
                    cx: &cx.fixed,
                    shared: &mut *cx.shared,
                    lane: l,
                    next: args_at,
                };
                let (count, text) = if format_at == 0 {
                    (-1i64 as u64, Vec::new())
                } else {
                    let format = memory.string(format_at).map_err(on_lane)?;
                    let (text, count) = printf::format(&format, &mut memory).map_err(on_lane)?;
                    (count as u64, text)
                };
                cx.output.extend_from_slice(&text);
                if let Some(ret) = returns.first() {
                    // `vprintf` returns an `.s32`.
                    let bytes = (count as u32).to_le_bytes();
                    let check = cx.check.as_deref_mut();
                    warp.put_result(check, ret, frame, l, count, &bytes)
                        .map_err(on_lane)?;
                }
            }
            Builtin::AssertFail => {
                let mut value = |k: usize| argument(warp, &cx.fixed, args.get(k), frame, l);
                let (message_at, file_at, line) = (value(0), value(1), value(2));
                let (message_at, file_at, line) = (
                    message_at.map_err(on_lane)?,
                    file_at.map_err(on_lane)?,
                    line.map_err(on_lane)?,
                );
                let mut memory = LaneMemory {
                    warp: &mut *warp,
                    cx: &cx.fixed,
                    shared: &mut *cx.shared,
                    lane: l,
                    next: 0,
                };
                let text = |m: &mut LaneMemory<'_, '_, '_>, at| {
                    m.string(at)
                        .map(|b| String::from_utf8_lossy(&b).into_owned())
                };
                let message = text(&mut memory, message_at).map_err(on_lane)?;
                let file = text(&mut memory, file_at).map_err(on_lane)?;
                return Err(on_lane(Fault::Program(ProgramFault::Assert {
                    message,
                    file,
                    line: line as u32,
                })));
            }
            Builtin::Heap(name) => return Err(on_lane(Fault::not_simulated(name))),
        }
    }
    Ok(())
}

/// The value of a call's argument `arg` for lane `l`: a `.param`
/// variable's 8 bytes, or a register's or constant's value.
fn argument(
    warp: &mut Warp,
    cx: &Fixed<'_>,
    arg: Option<&StepOperand>,
    frame: &Frame,
    l: usize,
) -> Result<u64, Fault> {
    let Some(arg) = arg else {
        return Ok(0);
    };
    let bytes = warp.arg_bytes(cx, arg, frame, 8, l)?;
    Ok(u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8])))
}

/// What a lane's `printf` reads: its argument buffer, and strings anywhere
/// a generic address reaches.
struct LaneMemory<'w, 'c, 'x> {
    warp: &'w mut Warp,
    cx: &'c Fixed<'x>,
    shared: &'w mut [u8],
    lane: usize,
    /// The generic address of the next argument's place.
    next: u64,
}

impl LaneMemory<'_, '_, '_> {
    /// `size` bytes at generic address `addr`, little-endian.
    fn load(&mut self, addr: u64, size: u64) -> Result<u64, Fault> {
        let mut memories = Memories {
            shared: self.shared,
            peers: crate::engine::cluster::Peers::alone(),
            local: self.warp.locals.get_mut(self.lane),
            launch: Some(self.cx.launch),
        };
        Reach::new(&Mods::default(), addr, size, 1, "vprintf")?.read(&mut memories, |b| {
            b.iter()
                .rev()
                .fold(0u64, |acc, &byte| acc << 8 | u64::from(byte))
        })
    }
}

impl Arguments for LaneMemory<'_, '_, '_> {
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
