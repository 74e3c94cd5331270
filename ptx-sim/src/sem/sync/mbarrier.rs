//! `mbarrier`: the asynchronous-transaction barrier object in shared memory
//! (PTX ISA 9.7.13.15): `init`, `inval`, `arrive`, `arrive_drop`,
//! `expect_tx`, `complete_tx`, `test_wait`, `try_wait` (by state or by
//! phase parity) and `pending_count`.
//!
//! The object is 8 opaque bytes (the golden records do not compare them).
//! The simulator keeps, from the low bits up: the expected arrival count
//! (21 bits), the pending arrival count (21 bits), the transaction count
//! (21 bits, two's complement) and the current phase's parity (bit 63). A
//! phase completes when both the pending arrivals and the transaction count
//! reach zero: the parity flips and the pending count is reloaded from the
//! expected count.
//!
//! The state an arrival returns holds the parity of the phase it arrived
//! on (bit 63) and the pending count just before the arrival (bits 21-41),
//! which is what `pending_count` reads back (recorded: after `init` with
//! count n and one arrival, `pending_count` of its state is n).
//!
//! ```
//! use ptx_sim::sem::sync::mbarrier::Mbarrier;
//! let mut b = Mbarrier::new(2);
//! let s = b.arrive(1, false);
//! assert_eq!(Mbarrier::pending_of(s), 2);
//! assert!(!b.phase_done(Mbarrier::parity_of(s)));
//! b.arrive(1, false);
//! assert!(b.phase_done(Mbarrier::parity_of(s)));
//! ```

use crate::exec::{SemResult, Slots, lanes_of};
use crate::fault::{Fault, SyncFault};
use crate::lane::{Lane, Memories, WaitKind, WarpCall};
use crate::sem::memory::address::{check_access, shared_at};
use crate::sem::rendezvous::converged;
use ptx_core::Semantics;
use ptx_core::{Flags, Mods};

const FIELD: u64 = (1 << 21) - 1;
/// The largest arrival count `mbarrier.init` takes (2^20 - 1).
pub const MAX_COUNT: u64 = (1 << 20) - 1;

/// An mbarrier object, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mbarrier {
    /// Arrivals each phase expects.
    pub expected: u64,
    /// Arrivals still missing in the current phase.
    pub pending: u64,
    /// Transaction bytes still expected (negative: completed ahead of `expect_tx`).
    pub tx: i64,
    /// The current phase's parity.
    pub parity: bool,
}

impl Mbarrier {
    /// A freshly initialised barrier for `count` arrivals, in phase 0.
    pub fn new(count: u64) -> Mbarrier {
        Mbarrier {
            expected: count,
            pending: count,
            tx: 0,
            parity: false,
        }
    }

    /// Decodes the 8 bytes of the object.
    pub fn decode(v: u64) -> Mbarrier {
        let tx = ((v >> 42) & FIELD) as i64;
        Mbarrier {
            expected: v & FIELD,
            pending: (v >> 21) & FIELD,
            tx: if tx >= 1 << 20 { tx - (1 << 21) } else { tx },
            parity: v >> 63 != 0,
        }
    }

    /// Encodes the object.
    pub fn encode(self) -> u64 {
        (self.expected & FIELD)
            | (self.pending & FIELD) << 21
            | ((self.tx as u64) & FIELD) << 42
            | u64::from(self.parity) << 63
    }

    fn complete_if_due(&mut self) {
        if self.pending == 0 && self.tx == 0 {
            self.parity = !self.parity;
            self.pending = self.expected;
        }
    }

    /// An arrive-on operation of `count` arrivals (`drop`: the expected
    /// count of later phases shrinks by as much). Returns the state: the
    /// phase's parity and the pending count before this arrival.
    pub fn arrive(&mut self, count: u64, drop: bool) -> u64 {
        if drop {
            self.expected = self.expected.saturating_sub(count);
        }
        let state = u64::from(self.parity) << 63 | (self.pending & FIELD) << 21;
        self.pending = self.pending.saturating_sub(count);
        self.complete_if_due();
        state
    }

    /// `expect_tx`: `bytes` more transaction bytes before the phase completes.
    pub fn expect_tx(&mut self, bytes: u64) {
        self.tx += bytes as i64;
    }

    /// `complete_tx`: `bytes` transaction bytes arrived.
    pub fn complete_tx(&mut self, bytes: u64) {
        self.tx -= bytes as i64;
        self.complete_if_due();
    }

    /// Whether the phase of parity `parity` has completed: the current
    /// phase has the other parity.
    pub fn phase_done(&self, parity: bool) -> bool {
        self.parity != parity
    }

    /// The phase parity a state token names.
    pub fn parity_of(state: u64) -> bool {
        state >> 63 != 0
    }

    /// The pending arrival count a state token holds.
    pub fn pending_of(state: u64) -> u64 {
        (state >> 21) & FIELD
    }
}

/// Runs `f` on the mbarrier object at address `addr` (of an instruction
/// with modifiers `m`: a `.shared::cta` or `.shared::cluster` address, or
/// a generic one) in the shared memories of `memories`, and stores it
/// back.
fn with_object_at<R>(
    memories: Memories<'_>,
    m: &Mods,
    instruction: &'static str,
    addr: u64,
    f: impl FnOnce(&mut Mbarrier) -> Result<R, Fault>,
) -> Result<R, Fault> {
    let (mem, at) = shared_at(memories, m, addr, instruction)?;
    with_object(mem, instruction, at, f)
}

/// Runs `f` on the mbarrier object at shared address `addr` of `mem` and
/// stores it back.
fn with_object<R>(
    mem: &mut [u8],
    instruction: &'static str,
    addr: u64,
    f: impl FnOnce(&mut Mbarrier) -> Result<R, Fault>,
) -> Result<R, Fault> {
    let at = check_access(mem.len(), addr, 8, 8, instruction)?;
    let mut raw = [0u8; 8];
    raw.copy_from_slice(&mem[at..at + 8]);
    let mut b = Mbarrier::decode(u64::from_le_bytes(raw));
    let r = f(&mut b)?;
    mem[at..at + 8].copy_from_slice(&b.encode().to_le_bytes());
    Ok(r)
}

/// An arrive-on operation of `count` arrivals on the object at shared
/// address `addr` (what a `cp.async.mbarrier.arrive.noinc` does once the
/// thread's copies complete); `instruction` names it in faults.
pub(crate) fn arrive_at(
    mem: &mut [u8],
    instruction: &'static str,
    addr: u64,
    count: u64,
) -> Result<u64, Fault> {
    with_object(mem, instruction, addr, |b| Ok(b.arrive(count, false)))
}

/// `bytes` of transactions complete on the object at shared address
/// `addr` (what a bulk copy does once its bytes land).
pub(crate) fn complete_tx_at(
    mem: &mut [u8],
    instruction: &'static str,
    addr: u64,
    bytes: u64,
) -> SemResult {
    with_object(mem, instruction, addr, |b| {
        b.complete_tx(bytes);
        Ok(())
    })
}

/// Every mbarrier operation runs warp-wide: the lanes of a warp that reach
/// it together apply it in lane order, and none of them runs ahead to its
/// next instruction first (a lane testing the phase sees the arrivals of
/// the whole warp's previous instruction, and not those of its next one,
/// as the recorded `arrive_drop` and `expect_tx` sequences show).
pub fn warp_op(call: &mut WarpCall<'_>) -> SemResult {
    let m = call.mods;
    for l in lanes_of(call.members) {
        lane_op(
            call.key,
            &m,
            call.len,
            &mut call.lanes[l],
            call.memory.lane(l),
        )
        .map_err(|f| f.on_lane(l as u32))?;
    }
    Ok(())
}

/// One lane's part of [`warp_op`]: instruction `key` with modifiers `m`
/// and `len` operand slots `s`, on the object its address names in
/// `memories`.
fn lane_op(
    key: &'static str,
    m: &Mods,
    len: usize,
    s: &mut Slots,
    memories: Memories<'_>,
) -> SemResult {
    let mem = memories;
    match key {
        "mbarrier.init" => {
            let count = s[1] & 0xFFFF_FFFF;
            if count == 0 || count > MAX_COUNT {
                return Err(Fault::Sync(SyncFault::ArrivalCount {
                    instruction: key,
                    lane: None,
                    count,
                }));
            }
            with_object_at(mem, m, key, s[0], |b| {
                *b = Mbarrier::new(count);
                Ok(())
            })?;
        }
        "mbarrier.inval" => with_object_at(mem, m, key, s[0], |b| {
            *b = Mbarrier::decode(0);
            Ok(())
        })?,
        "mbarrier.arrive" | "mbarrier.arrive_drop" => {
            let drop = key == "mbarrier.arrive_drop";
            // Slots: `state, a{, count | tx_count}`.
            // The `.shared::cluster` form's count is optional.
            let extra = (len > 2 && !m.has(Flags::OMITTED)).then(|| s[2] & 0xFFFF_FFFF);
            let expect_tx = m.has(Flags::EXPECT_TX);
            let count = if expect_tx { 1 } else { extra.unwrap_or(1) };
            if count == 0 || count > MAX_COUNT {
                return Err(Fault::Sync(SyncFault::ArrivalCount {
                    instruction: key,
                    lane: None,
                    count,
                }));
            }
            s[0] = with_object_at(mem, m, key, s[1], |b| {
                if expect_tx {
                    b.expect_tx(extra.unwrap_or(0));
                }
                Ok(b.arrive(count, drop))
            })?;
        }
        "mbarrier.expect_tx" => {
            let bytes = s[1] & 0xFFFF_FFFF;
            with_object_at(mem, m, key, s[0], |b| {
                b.expect_tx(bytes);
                Ok(())
            })?;
        }
        "mbarrier.complete_tx" => {
            let bytes = s[1] & 0xFFFF_FFFF;
            with_object_at(mem, m, key, s[0], |b| {
                b.complete_tx(bytes);
                Ok(())
            })?;
        }
        _ => {
            // `test_wait`, `try_wait`: `done, [a], state | parity`.
            let parity = if m.has(Flags::PARITY) {
                s[2] & 1 != 0
            } else {
                Mbarrier::parity_of(s[2])
            };
            s[0] = u64::from(with_object_at(mem, m, key, s[1], |b| {
                Ok(b.phase_done(parity))
            })?);
        }
    }
    Ok(())
}

/// `mbarrier.init.shared.b64 [a], count`.
#[inline]
pub fn init<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierInit, m, s, warp_op)
}

/// `mbarrier.inval.shared.b64 [a]`: the object becomes plain memory (zeroed here).
#[inline]
pub fn inval<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierInval, m, s, warp_op)
}

/// `mbarrier.arrive{.expect_tx}.shared.b64 state, [a]{, count | tx_count}`.
#[inline]
pub fn arrive<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierArrive, m, s, warp_op)
}

/// `mbarrier.arrive_drop{.expect_tx}.shared.b64 state, [a]{, count | tx_count}`.
#[inline]
pub fn arrive_drop<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierArriveDrop, m, s, warp_op)
}

/// `mbarrier.expect_tx.shared.b64 [a], tx_count`.
#[inline]
pub fn expect_tx<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierExpectTx, m, s, warp_op)
}

/// `mbarrier.complete_tx.shared.b64 [a], tx_count`.
#[inline]
pub fn complete_tx<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierCompleteTx, m, s, warp_op)
}

/// `mbarrier.pending_count.b64 count, state`.
#[inline]
pub fn pending_count(_: &Mods, s: &mut [u64]) -> SemResult {
    s[0] = Mbarrier::pending_of(s[1]);
    Ok(())
}

/// `mbarrier.test_wait{.parity}.shared.b64 done, [a], state | parity`:
/// whether the phase named by the state (or of that parity) has completed.
#[inline]
pub fn test_wait<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierTestWait, m, s, warp_op)
}

/// `mbarrier.try_wait{.parity}.shared.b64 done, [a], state | parity{, hint}`:
/// as `test_wait`, but a lane whose phase has not completed first lets the
/// other lanes of its CTA run until they block, then tests again (so a
/// spin loop on `try_wait` makes progress).
#[inline]
pub fn try_wait<L: Lane>(lane: &mut L, m: &Mods, s: &mut [u64]) -> SemResult {
    converged(lane, Semantics::MbarrierTryWait, m, s, warp_op)?;
    if s[0] == 0 {
        lane.rendezvous(Semantics::MbarrierTryWait, m, WaitKind::Yield, &mut [])?;
        converged(lane, Semantics::MbarrierTryWait, m, s, warp_op)?;
    }
    Ok(())
}
