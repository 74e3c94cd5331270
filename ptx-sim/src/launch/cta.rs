//! One CTA's state: its lanes, their operand slots, its shared memory and
//! barriers, and the resolution of the rendezvous lanes wait at.
//!
//! Resolution happens once every lane has finished or waits (see
//! `scheduler.rs`): each warp's complete groups (every lane of the member
//! mask at the same collective with the same mask) and each barrier whose
//! count is reached are resolved, and their lanes queued to resume in index
//! order. When nothing can be resolved while lanes wait, the waiting lanes
//! get a fault describing who waits where and who is missing: never a hang.

use super::SharedStats;
use super::fiber::{FiberId, Fibers};
use super::ready::ReadySet;
use crate::exec::{Fault, SemResult};
use crate::registry::Sem;
use ptx_core::Mods;
use std::cell::{Cell, OnceCell, RefCell};

/// The most operand slots a collective may have.
pub const MAX_SLOTS: usize = 32;

/// One lane's operand slots at a collective.
pub type Slots = [u64; MAX_SLOTS];

/// What a warp collective computes, given every member lane's slots.
pub struct WarpCall<'a> {
    /// The modifiers (of the lowest member lane).
    pub mods: Mods,
    /// The member lanes (bit i: lane i).
    pub members: u32,
    /// Every lane's slots (only members' are meaningful); outputs are written in place.
    pub lanes: &'a mut [Slots; 32],
    /// The CTA's shared memory.
    pub shared: &'a mut [u8],
    /// Shared-memory statistics of the launch.
    pub stats: &'a mut SharedStats,
    /// The instruction's table key.
    pub key: &'static str,
    /// How many of each lane's slots the instruction has.
    pub len: usize,
}

/// The warp side of a collective.
pub type WarpFn = fn(&mut WarpCall<'_>) -> SemResult;

/// What a lane waits for.
#[derive(Clone, Copy)]
pub(crate) enum WaitKind {
    /// A warp collective over `mask` (`None`: `.aligned`, the whole warp).
    Warp { run: WarpFn, mask: Option<u32> },
    /// `bar.sync`/`bar.red` on barrier `id`, for `count` threads (`None`: all).
    Barrier { id: u32, count: Option<u32> },
    /// `activemask`: answered with the set of lanes of the warp waiting at it.
    Active,
    /// A warp-wide memory access (`st`, `atom`, `red`): the lanes of the
    /// warp waiting at the same instruction run `run` together, so that
    /// colliding accesses resolve in the order the hardware serialises them.
    Converged { run: WarpFn },
    /// A lane that lets the others run (`mbarrier.try_wait` that would block).
    Yield,
}

/// A lane's deposit at a rendezvous: what it waits for. Its operand slots
/// are in the CTA's slot rows ([`CtaCore::slots`]), where the warp side
/// reads and answers them in place.
#[derive(Clone, Copy)]
pub(crate) struct Wait {
    pub sem: Sem,
    /// The instruction's modifiers, which the waiting lane holds: it is
    /// suspended inside the call that received them (see [`Wait::mods`]).
    mods: *const Mods,
    pub kind: WaitKind,
    /// How many of the lane's slots the instruction uses.
    pub len: usize,
}

impl Wait {
    /// The instruction's modifiers.
    #[inline]
    pub fn mods(&self) -> &Mods {
        // SAFETY: a wait lives in its lane's record only while the lane is
        // suspended in the semantic function called with these modifiers
        // (`answer` clears it before the lane resumes), so they are alive.
        unsafe { &*self.mods }
    }

    /// The wait in one word, so that resolution compares words: the kind's
    /// tag in bits 0-3, the instruction in bits 8-23 and, for a warp
    /// collective with a member mask, bit 4 and the mask in bits 32-63.
    /// Never 0 (0 in [`CtaCore::keys`] means "not waiting").
    #[inline]
    fn key(&self) -> u64 {
        let (tag, mask) = match self.kind {
            WaitKind::Warp { mask: None, .. } => (KEY_WARP, 0),
            WaitKind::Warp { mask: Some(m), .. } => (KEY_WARP | KEY_MASKED, u64::from(m) << 32),
            WaitKind::Active => (KEY_ACTIVE, 0),
            WaitKind::Converged { .. } => (KEY_CONVERGED, 0),
            WaitKind::Barrier { .. } => (KEY_OTHER, 0),
            WaitKind::Yield => (KEY_OTHER, 0),
        };
        tag | (self.sem as u64 & 0xFFFF) << 8 | mask
    }

    /// A wait for `len` operand slots (at most [`MAX_SLOTS`]).
    #[inline]
    pub fn new(sem: Sem, mods: &Mods, kind: WaitKind, len: usize) -> Result<Wait, Fault> {
        if len > MAX_SLOTS {
            return Err(Fault::new(format!(
                "`{}` has {len} operand slots, more than the {MAX_SLOTS} a collective may have",
                sem.key(),
            )));
        }
        Ok(Wait {
            sem,
            mods,
            kind,
            len,
        })
    }
}

/// The kind tags of [`Wait::key`].
const KEY_WARP: u64 = 1;
const KEY_ACTIVE: u64 = 2;
const KEY_CONVERGED: u64 = 3;
const KEY_OTHER: u64 = 4;
const KEY_TAG: u64 = 0xF;
/// A warp collective's key holds an explicit member mask.
const KEY_MASKED: u64 = 0x10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LaneState {
    Unstarted,
    Running,
    Waiting,
    Done,
}

pub(crate) struct Lane {
    pub state: Cell<LaneState>,
    /// The fiber the lane runs on (once started).
    pub fiber: Cell<FiberId>,
    pub wait: Cell<Option<Wait>>,
    /// The answer to a rendezvous that failed (a success is in the slot row).
    pub fault: Cell<Option<Fault>>,
    /// Set once the lane was faulted out of a deadlock: later collectives fail at once.
    pub poisoned: OnceCell<String>,
    /// The thread's `.local` memory, grown (zeroed) as it is used.
    pub local: RefCell<Vec<u8>>,
}

impl Lane {
    /// A lane not yet started.
    pub(crate) fn new() -> Lane {
        Lane {
            state: Cell::new(LaneState::Unstarted),
            fiber: Cell::new(super::fiber::MAIN),
            wait: Cell::new(None),
            fault: Cell::new(None),
            poisoned: OnceCell::new(),
            local: RefCell::new(Vec::new()),
        }
    }

    /// What the lane waits for, if it waits.
    fn waiting(&self) -> Option<Wait> {
        self.wait
            .get()
            .filter(|_| self.state.get() == LaneState::Waiting)
    }
}

/// Arrivals recorded by `bar.arrive` on one barrier.
#[derive(Clone, Copy, Default)]
pub(crate) struct Barrier {
    pub arrived: u32,
}

/// The part of a CTA the semantic functions reach through [`current`].
pub(crate) struct CtaCore {
    pub lanes: Box<[Lane]>,
    /// How many lanes wait at a rendezvous.
    pub waiting: Cell<usize>,
    /// One row of operand slots per thread (32 per warp, the last warp
    /// padded), allocated at the first rendezvous: a lane deposits its
    /// operands in its row and reads the answer from it.
    pub slots: RefCell<Vec<Slots>>,
    /// Each lane's [`Wait::key`] while it waits, else 0: what resolution
    /// scans, a word per lane.
    pub keys: Box<[Cell<u64>]>,
    pub shared: RefCell<Vec<u8>>,
    pub stats: RefCell<SharedStats>,
    pub barriers: RefCell<[Barrier; 16]>,
    /// Warps with a lane that started waiting since the last resolution
    /// (bit w: warp w; a CTA has at most 32 warps).
    pub arrivals: Cell<u32>,
    /// Lanes waiting at a barrier, plus `bar.arrive`s since the last resolution.
    pub barrier_events: Cell<usize>,
    /// The next lane to start.
    pub next: Cell<usize>,
    /// Lanes to resume, in index order.
    pub ready: ReadySet,
    /// The CTA's fibers (set by the scheduler before any lane runs).
    pub fibers: Cell<*const Fibers<'static>>,
    pub ctaid: [u32; 3],
    pub errors: RefCell<Vec<String>>,
}

impl CtaCore {
    /// The lanes that exist in warp `w` (the last warp may be partial).
    fn warp_lanes(&self, w: usize, n: usize) -> u32 {
        let count = n.saturating_sub(w * 32).min(32);
        if count == 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        }
    }

    /// Records that the running lane `index` waits for `wait`, its operands
    /// `operands` copied to its slot row.
    #[inline]
    pub(crate) fn deposit(&self, index: usize, wait: Wait, operands: &[u64]) -> Result<(), Fault> {
        let lane = &self.lanes[index];
        if let Some(message) = lane.poisoned.get() {
            return Err(Fault::new(message.clone()));
        }
        {
            let mut slots = self.slots.borrow_mut();
            if slots.is_empty() {
                *slots = slot_rows::take(self.lanes.len());
            }
            slots[index][..operands.len()].copy_from_slice(operands);
        }
        if let WaitKind::Barrier { .. } = wait.kind {
            self.barrier_events.set(self.barrier_events.get() + 1);
        }
        self.arrivals.set(self.arrivals.get() | 1 << (index / 32));
        self.keys[index].set(wait.key());
        self.waiting.set(self.waiting.get() + 1);
        lane.wait.set(Some(wait));
        lane.state.set(LaneState::Waiting);
        Ok(())
    }

    /// The answer to lane `index`'s rendezvous, copied into `operands`.
    #[inline]
    pub(crate) fn collect(&self, index: usize, operands: &mut [u64]) -> Result<(), Fault> {
        self.keys[index].set(0);
        if let Some(fault) = self.lanes[index].fault.take() {
            return Err(fault);
        }
        operands.copy_from_slice(&self.slots.borrow()[index][..operands.len()]);
        Ok(())
    }

    /// Answers lane `i` (a fault, or success with its answer in its slot
    /// row) and queues it to resume; its key is cleared by `collect`.
    #[inline]
    fn answer(&self, i: usize, fault: Option<Fault>) {
        self.answer_group(i / 32, 1 << (i % 32), &fault.map_or(Ok(()), Err));
    }

    /// Resolves what can be resolved; leaves the lanes to resume in
    /// `self.ready`. Only warps with new arrivals are looked at, and
    /// barriers only while some lane waits at one.
    #[inline(never)]
    pub(crate) fn resolve(&self) {
        let n = self.lanes.len();
        let arrivals = self.arrivals.replace(0);
        for w in lanes_of(arrivals) {
            if self.resolve_uniform(w, n) {
                continue;
            }
            let waiting = self.warp_waits(w, n);
            if waiting.warp != 0 {
                self.resolve_warp(w, n, waiting.warp);
            }
            if waiting.active != 0 {
                self.resolve_active(w, waiting.active);
            }
            if waiting.converged != 0 {
                self.resolve_converged(w, waiting.converged);
            }
        }
        if self.barrier_events.get() > 0 {
            self.resolve_barriers(n);
        }
        if self.ready.is_empty() {
            self.resolve_yield();
        }
        if self.ready.is_empty() {
            self.deadlock();
        }
    }

    /// The lanes of warp `w` waiting at a warp collective, at `activemask`
    /// and at a warp-wide memory access, in one pass over their keys.
    #[inline]
    fn warp_waits(&self, w: usize, n: usize) -> WarpWaits {
        let base = w * 32;
        let mut waits = WarpWaits::default();
        for l in lanes_of(self.warp_lanes(w, n)) {
            match self.keys[base + l].get() & KEY_TAG {
                KEY_WARP => waits.warp |= 1 << l,
                KEY_ACTIVE => waits.active |= 1 << l,
                KEY_CONVERGED => waits.converged |= 1 << l,
                _ => {}
            }
        }
        waits
    }

    /// Warp collectives: `waiting` are the lanes of warp `w` waiting at one.
    fn resolve_warp(&self, w: usize, n: usize, waiting: u32) {
        let base = w * 32;
        let existing = self.warp_lanes(w, n);
        let mut handled = 0u32;
        let lanes = &self.lanes;
        for l in lanes_of(waiting) {
            if handled & (1 << l) != 0 {
                continue;
            }
            let Some(wait) = lanes[base + l].waiting() else {
                continue;
            };
            let WaitKind::Warp { run, mask } = wait.kind else {
                continue;
            };
            let members = mask.unwrap_or(existing);
            if members & (1 << l) == 0 {
                handled |= 1 << l;
                let fault = Fault::new(format!(
                    "`{}`: lane {l} is not in its own membermask {members:#010x}",
                    wait.sem.key()
                ));
                self.answer(base + l, Some(fault));
                continue;
            }
            if members & !existing != 0 {
                handled |= members;
                for m in lanes_of(members & existing) {
                    let fault = Fault::new(format!(
                        "`{}`: membermask {members:#010x} names lanes that do not exist",
                        wait.sem.key()
                    ));
                    self.answer(base + m, Some(fault));
                }
                continue;
            }
            let key = self.keys[base + l].get();
            let complete = members & !waiting == 0
                && lanes_of(members).all(|m| self.keys[base + m].get() == key);
            if !complete {
                continue;
            }
            handled |= members;
            let result = self.run_warp(w, &wait, run, members);
            self.answer_group(w, members, &result);
        }
    }

    /// Runs the warp side `run` of `wait` for the `members` of warp `w`,
    /// in their slot rows.
    fn run_warp(&self, w: usize, wait: &Wait, run: WarpFn, members: u32) -> SemResult {
        let mut slots = self.slots.borrow_mut();
        let rows: &mut [Slots; 32] = (&mut slots[w * 32..w * 32 + 32])
            .try_into()
            .expect("slot rows come in warps of 32");
        let mut shared = self.shared.borrow_mut();
        let mut stats = self.stats.borrow_mut();
        let mut call = WarpCall {
            mods: *wait.mods(),
            members,
            lanes: rows,
            shared: &mut shared,
            stats: &mut stats,
            key: wait.sem.key(),
            len: wait.len,
        };
        run(&mut call)
    }

    /// Answers the `members` of warp `w` with `result` and queues them.
    fn answer_group(&self, w: usize, members: u32, result: &SemResult) {
        for m in lanes_of(members) {
            let lane = &self.lanes[w * 32 + m];
            if let Err(fault) = result {
                lane.fault.set(Some(fault.clone()));
            }
            lane.state.set(LaneState::Running);
            lane.wait.set(None);
        }
        self.waiting
            .set(self.waiting.get() - members.count_ones() as usize);
        self.ready.push_warp(w, members);
    }

    /// The common case, resolved without sorting lanes into groups: every
    /// lane of the full warp `w` waits at the same warp collective (one
    /// key) over the whole warp. Returns whether it was the case.
    #[inline]
    fn resolve_uniform(&self, w: usize, n: usize) -> bool {
        if self.warp_lanes(w, n) != u32::MAX {
            return false;
        }
        let keys = &self.keys[w * 32..w * 32 + 32];
        let key = keys[0].get();
        let whole = key & KEY_MASKED == 0 || (key >> 32) as u32 == u32::MAX;
        if key & KEY_TAG != KEY_WARP
            || !whole
            || keys
                .iter()
                .fold(false, |differ, k| differ | (k.get() != key))
        {
            return false;
        }
        let Some(wait) = self.lanes[w * 32].waiting() else {
            return false;
        };
        let WaitKind::Warp { run, .. } = wait.kind else {
            return false;
        };
        let result = self.run_warp(w, &wait, run, u32::MAX);
        self.answer_group(w, u32::MAX, &result);
        true
    }

    /// `activemask`: every lane of the warp has run until it blocked, so
    /// the lanes that wait at `activemask` now (`mask`) are the ones that
    /// execute it together.
    fn resolve_active(&self, w: usize, mask: u32) {
        let base = w * 32;
        let mut slots = self.slots.borrow_mut();
        for l in lanes_of(mask) {
            slots[base + l][0] = u64::from(mask);
            self.answer(base + l, None);
        }
    }

    /// Warp-wide memory accesses: the lanes of warp `w` waiting at the
    /// same instruction (by key) run it together, in their slot rows;
    /// `waiting` are the lanes waiting at one.
    fn resolve_converged(&self, w: usize, waiting: u32) {
        let base = w * 32;
        let lanes = &self.lanes;
        let mut groups: Vec<(Wait, u32)> = Vec::new();
        for l in lanes_of(waiting) {
            let Some(wait) = lanes[base + l].waiting() else {
                continue;
            };
            match groups.iter_mut().find(|(g, _)| g.sem == wait.sem) {
                Some((_, m)) => *m |= 1 << l,
                None => groups.push((wait, 1 << l)),
            }
        }
        for (wait, members) in groups {
            let WaitKind::Converged { run } = wait.kind else {
                continue;
            };
            let result = self.run_warp(w, &wait, run, members);
            self.answer_group(w, members, &result);
        }
    }

    /// Lanes that yielded go on once nothing else can.
    fn resolve_yield(&self) {
        let lanes = &self.lanes;
        for i in 0..lanes.len() {
            if lanes[i]
                .waiting()
                .is_some_and(|w| matches!(w.kind, WaitKind::Yield))
            {
                self.answer(i, None);
            }
        }
    }

    /// Every barrier whose count is reached, in barrier order.
    fn resolve_barriers(&self, n: usize) {
        let lanes = &self.lanes;
        let mut slots = self.slots.borrow_mut();
        let mut waiting: Vec<(u32, usize)> = lanes
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l.waiting()?.kind {
                WaitKind::Barrier { id, .. } => Some((id, i)),
                _ => None,
            })
            .collect();
        waiting.sort_by_key(|&(id, _)| id);
        let mut still_waiting = 0;
        for group in waiting.chunk_by(|a, b| a.0 == b.0) {
            let id = group[0].0;
            let first = lanes[group[0].1]
                .wait
                .get()
                .expect("a waiting lane has a wait");
            let WaitKind::Barrier { count, .. } = first.kind else {
                continue;
            };
            let expected = count.map_or(n, |c| c as usize);
            let arrived = self.barriers.borrow()[id as usize].arrived as usize;
            if group.len() + arrived < expected {
                still_waiting += group.len();
                continue;
            }
            self.barriers.borrow_mut()[id as usize].arrived = 0;
            // `bar.red`: the predicate is the last slot; the result the first.
            let pred = |i: usize| {
                let len = lanes[i].wait.get().map_or(0, |w| w.len);
                len > 0 && slots[i][len - 1] != 0
            };
            let popc = group.iter().filter(|&&(_, i)| pred(i)).count() as u64;
            let all = group.iter().all(|&(_, i)| pred(i));
            let any = popc > 0;
            for &(_, i) in group {
                let m = *lanes[i]
                    .wait
                    .get()
                    .expect("a waiting lane has a wait")
                    .mods();
                if m.selects(ptx_core::Sel::Red) || m.has(ptx_core::Flags::POPC) {
                    slots[i][0] = if m.has(ptx_core::Flags::POPC) {
                        popc
                    } else if m.selects(ptx_core::Sel::And) {
                        u64::from(all)
                    } else {
                        u64::from(any)
                    };
                }
                self.answer(i, None);
            }
        }
        self.barrier_events.set(still_waiting);
    }

    /// Nothing can proceed: every waiting lane gets a fault that says who
    /// waits where and which lanes are missing.
    fn deadlock(&self) {
        let lanes = &self.lanes;
        let waiting: Vec<usize> = (0..lanes.len())
            .filter(|&i| lanes[i].state.get() == LaneState::Waiting)
            .collect();
        if waiting.is_empty() {
            return;
        }
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for &i in &waiting {
            let Some(w) = lanes[i].wait.get() else {
                continue;
            };
            let what = match w.kind {
                WaitKind::Warp { mask, .. } => format!(
                    "`{}` (warp {}, membermask {})",
                    w.sem.key(),
                    i / 32,
                    mask.map_or("aligned: whole warp".to_string(), |m| format!("{m:#010x}"))
                ),
                WaitKind::Active => "`activemask`".to_string(),
                WaitKind::Converged { .. } => format!("`{}`", w.sem.key()),
                WaitKind::Yield => "a yield".to_string(),
                WaitKind::Barrier { id, count } => format!(
                    "`{}` barrier {id} ({} threads expected)",
                    w.sem.key(),
                    count.map_or(lanes.len(), |c| c as usize)
                ),
            };
            match groups.iter_mut().find(|(g, _)| *g == what) {
                Some((_, v)) => v.push(i),
                None => groups.push((what, vec![i])),
            }
        }
        let done: Vec<usize> = (0..lanes.len())
            .filter(|&i| lanes[i].state.get() == LaneState::Done)
            .collect();
        let mut message = format!(
            "deadlock in CTA ({}, {}, {}):",
            self.ctaid[0], self.ctaid[1], self.ctaid[2]
        );
        for (what, threads) in &groups {
            message.push_str(&format!(" threads {} wait at {what};", ranges(threads)));
        }
        if done.is_empty() {
            message.push_str(" no thread has exited");
        } else {
            message.push_str(&format!(" threads {} have exited", ranges(&done)));
        }
        self.errors.borrow_mut().push(message.clone());
        self.barrier_events.set(0);
        let lanes = &self.lanes;
        for i in waiting {
            let _ = lanes[i].poisoned.set(message.clone());
            self.answer(i, Some(Fault::new(message.clone())));
        }
    }
}

/// Slot rows, reused from CTA to CTA on each OS thread, so that a launch
/// of many warps neither allocates nor zeroes them again. A row holds the
/// operands of its lane's last rendezvous (here, of an earlier CTA's lane):
/// warp functions read only the rows of member lanes, which deposited, and
/// of lanes that do not exist, which are zeroed.
pub(crate) mod slot_rows {
    use super::{MAX_SLOTS, Slots};
    use std::cell::Cell;

    thread_local! {
        static POOL: Cell<Vec<Slots>> = const { Cell::new(Vec::new()) };
    }

    /// Rows for `threads` lanes, padded to whole warps; the padding rows
    /// (lanes that do not exist, which never deposit) are zero, as the
    /// `.aligned` matrix functions read every row of a warp.
    pub(crate) fn take(threads: usize) -> Vec<Slots> {
        let rows = threads.div_ceil(32) * 32;
        let mut v = POOL.take();
        if v.len() < rows {
            v.resize(rows, [0; MAX_SLOTS]);
        }
        v[threads..rows].fill([0; MAX_SLOTS]);
        v
    }

    /// Keeps `rows` for the next CTA (the larger, if the pool has rows).
    pub(crate) fn give_back(rows: Vec<Slots>) {
        let pooled = POOL.take();
        POOL.set(if pooled.len() > rows.len() {
            pooled
        } else {
            rows
        });
    }
}

/// The lane numbers of the bits set in `mask`, in increasing order.
#[inline]
pub(crate) fn lanes_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(l)
    })
}

/// The lanes of one warp waiting at each kind of warp rendezvous.
#[derive(Default)]
struct WarpWaits {
    warp: u32,
    active: u32,
    converged: u32,
}

/// `0-15, 17, 20-31`.
fn ranges(v: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            v[i].to_string()
        } else {
            format!("{}-{}", v[i], v[j])
        });
        i = j + 1;
    }
    out.join(", ")
}
