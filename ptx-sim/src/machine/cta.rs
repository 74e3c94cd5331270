//! One CTA's state: its lanes, their operand slots, its shared memory and
//! barriers, and the resolution of the rendezvous lanes wait at.
//!
//! Resolution happens once every lane has finished or waits (see
//! `scheduler.rs`): each warp's complete groups (every lane of the member
//! mask at the same collective with the same mask) and each barrier whose
//! count is reached are resolved, and their lanes queued to resume in index
//! order. When nothing can be resolved while lanes wait, the waiting lanes
//! get a fault describing who waits where and who is missing: never a hang.

use super::fiber::{FiberId, Fibers};
use super::ready::ReadySet;
use super::sites::{Sites, StatementSite};
use crate::exec::{MAX_SLOTS, SemResult, Slots, lanes_of};
use crate::fault::{Fault, ProgramFault, SyncFault, ThreadFault, WaitSite, Waiting};
use crate::lane::{LaunchMemory, Memories, WaitKind, WarpCall, WarpFn, WarpMemories};
use crate::machine::cta_cluster::{ClusterLink, Member};
use crate::memory::bank_counts::SharedStats;
use crate::memory::in_flight::InFlight;
use crate::observe::Observer;
use crate::sem::sync::barrier_op::BarrierOp;
use crate::shuffle::Shuffle;
use ptx_core::Semantics;
use ptx_core::{Flags, Mods};
use std::cell::{Cell, OnceCell, RefCell};

/// A lane's deposit at a rendezvous: what it waits for. Its operand slots
/// are in the CTA's slot rows (`CtaCore::rows`), where the warp side
/// reads and answers them in place.
#[derive(Clone, Copy)]
pub(crate) struct Wait {
    pub sem: Semantics,
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
        // SAFETY: a wait is read (through `CtaCore::waiting`) only while
        // its lane's key is set, that is while the lane is suspended in the
        // semantic function called with these modifiers (`answer_group`
        // clears the key before the lane resumes), so they are alive.
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
            WaitKind::Barrier { .. } | WaitKind::Yield | WaitKind::Cluster => (KEY_OTHER, 0),
        };
        tag | (self.sem as u64 & 0xFFFF) << 8 | mask
    }

    /// A wait for `len` operand slots (at most [`MAX_SLOTS`]).
    #[inline]
    pub fn new(sem: Semantics, mods: &Mods, kind: WaitKind, len: usize) -> Result<Wait, Fault> {
        if len > MAX_SLOTS {
            return Err(Fault::Program(ProgramFault::TooManySlots {
                instruction: sem.key(),
                slots: len,
                max: MAX_SLOTS,
            }));
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

/// One thread of the CTA: what the scheduler needs only off the hot path
/// (the hot part, key, wait, fiber and whether it has finished, is in
/// [`CtaCore`]'s arrays).
pub(crate) struct Lane {
    /// The answer to a rendezvous that failed (a success is in the slot row).
    pub fault: Cell<Option<Fault>>,
    /// Set once the lane was faulted out of a deadlock (to the deadlock):
    /// later collectives fail at once.
    pub poisoned: OnceCell<Fault>,
    /// The thread's `.local` memory, grown (zeroed) as it is used.
    pub local: RefCell<Vec<u8>>,
    /// The thread's asynchronous copies not yet complete.
    pub in_flight: RefCell<InFlight>,
    /// The `ptx!` statement it runs, where the expansion says (see
    /// [`super::current::note_site`]): what the sanitizer names.
    pub site: Cell<Option<StatementSite>>,
}

impl Lane {
    /// A lane not yet started.
    pub(crate) fn new() -> Lane {
        Lane {
            fault: Cell::new(None),
            poisoned: OnceCell::new(),
            local: RefCell::new(Vec::new()),
            in_flight: RefCell::new(InFlight::default()),
            site: Cell::new(None),
        }
    }
}

/// Arrivals recorded by `bar.arrive` on one barrier.
#[derive(Clone, Copy, Default)]
pub(crate) struct Barrier {
    pub arrived: u32,
    /// The warps whose threads arrived (bit w: warp w).
    pub warps: u32,
}

/// Where a lane deposits at a rendezvous, worked out when it starts: its
/// index, its warp's bit in [`CtaCore::arrivals`] and its slot row.
pub(crate) struct Seat {
    pub index: usize,
    warp_bit: u32,
    row: *mut u64,
}

/// The part of a CTA the semantic functions reach through [`super::current`].
///
/// The per-lane arrays a rendezvous touches (`keys`, `waits`, `fiber_of`,
/// the slot rows) are indexed by a lane's own index, which the scheduler
/// hands each lane (always below the CTA's thread count), so the lane side
/// reads them without bounds checks.
pub(crate) struct CtaCore {
    /// Whether a statement noted its site in a lane ([`Lane::site`]), so
    /// that the sites need clearing when the CTA ends.
    pub sites_noted: Cell<bool>,
    pub lanes: Box<[Lane]>,
    /// Each lane's [`Wait::key`] while it waits, else 0: what resolution
    /// scans, a word per lane.
    pub keys: Box<[Cell<u64>]>,
    /// Each lane's wait, in the frame of its [`super::current::rendezvous`] call
    /// (so a deposit stores one word): read only while the lane's key is set.
    waits: Box<[Cell<*const Wait>]>,
    /// The fiber each started lane runs on, [`RETURNED`] once its code
    /// has returned (what a report of a CTA that spins leaves out).
    pub fiber_of: Box<[Cell<FiberId>]>,
    /// One row of operand slots per thread (32 per warp, the last warp
    /// padded): a lane deposits its operands in its row and reads the
    /// answer from it.
    rows: slot_rows::SlotRows,
    /// How many threads have finished (or will never run).
    pub finished: Cell<usize>,
    /// How many answered lanes have a fault to collect.
    faults: Cell<usize>,
    /// Some lane was faulted out of a deadlock (see [`Lane::poisoned`]).
    poisoned: Cell<bool>,
    /// Some lane used its local memory (see [`CtaCore::local`]).
    local_used: Cell<bool>,
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
    /// The faults the CTA reports to its launch, which no lane returned:
    /// lanes that never ran.
    pub reported: RefCell<Vec<ThreadFault>>,
    /// What watches the CTA run (the sanitizer, when the launch runs
    /// checks), and the statements its events' site numbers name.
    pub observer: RefCell<Option<Box<dyn Observer>>>,
    pub sites: RefCell<Sites>,
    /// What runs when a lane's code returns, set by a semantic function
    /// that left the lane something to finish (its asynchronous copies in
    /// flight): the machine calls it without knowing what it does.
    at_lane_end: Cell<Option<LaneEnd>>,
    /// The draws of a varied schedule ([`crate::machine::Launch::schedule`]):
    /// `None` runs the deterministic order of `scheduler.rs`.
    pub shuffle: Cell<Option<Shuffle>>,
    /// The CTA's cluster (set by the scheduler before any lane runs).
    pub link: Cell<*const ClusterLink>,
    /// The CTA's rank in its cluster.
    pub rank: u32,
    /// Each warp's `setmaxnreg` requests, which the warps of a warpgroup
    /// must make alike.
    pub register_requests: RefCell<crate::engine::register_requests::RegisterRequests>,
    /// Whether a thread that exits is to be told to the cluster barrier
    /// (see [`CtaCore::join`]): kept here, so that a CTA that never
    /// reaches the barrier looks at nothing else as its threads end.
    exits_count: Cell<bool>,
    /// Whether a lane's end has more to do than leave its result: set
    /// with `at_lane_end` or `exits_count`, so that a lane of a CTA with
    /// neither looks at one flag as it ends.
    pub lane_end_work: Cell<bool>,
    /// Statements its lanes ran since the last look for progress, what
    /// the watch looks at, and what it needs from the launch (see
    /// `watch.rs`).
    pub statements: Cell<u32>,
    pub watch: RefCell<Option<Box<super::progress::Watch>>>,
    pub limits: Cell<super::progress::WatchLimits>,
    /// The slice the grid gave it, when it runs under the grid.
    pub slice: super::progress::Slice,
    /// What its special registers say of it (`%smid`, its shared sizes).
    pub facts: Cell<crate::engine::special::CtaFacts>,
    /// The memory of its launch: global, constant and parameter buffers
    /// with the sanitizer's shadow (taken as the CTA starts, from the
    /// launch that runs on its thread: [`super::spaces::current`]).
    pub launch: std::sync::Arc<LaunchMemory>,
}

/// The fiber of a lane whose code has returned (see [`CtaCore::fiber_of`]).
pub(crate) const RETURNED: FiberId = FiberId::MAX - 1;

/// What runs when lane `usize` of a CTA ends (see [`CtaCore::at_lane_end`]).
pub(crate) type LaneEnd = fn(&CtaCore, usize);

/// The per-lane arrays of a CTA, kept per OS thread from one CTA to the
/// next of the same size, so that a launch of many CTAs allocates them once.
struct LaneArrays {
    lanes: Box<[Lane]>,
    keys: Box<[Cell<u64>]>,
    waits: Box<[Cell<*const Wait>]>,
    fiber_of: Box<[Cell<FiberId>]>,
    ready: ReadySet,
}

thread_local! {
    static POOLED_ARRAYS: Cell<Option<LaneArrays>> = const { Cell::new(None) };
}

impl LaneArrays {
    /// Arrays for `n` lanes, none started: the pooled ones when they fit.
    fn take(n: usize) -> LaneArrays {
        match POOLED_ARRAYS.with(Cell::take) {
            Some(a) if a.lanes.len() == n => a,
            _ => LaneArrays {
                lanes: (0..n).map(|_| Lane::new()).collect(),
                keys: (0..n).map(|_| Cell::new(0)).collect(),
                waits: (0..n).map(|_| Cell::new(std::ptr::null())).collect(),
                fiber_of: (0..n).map(|_| Cell::new(super::fiber::MAIN)).collect(),
                ready: ReadySet::new(n),
            },
        }
    }

    /// Makes the arrays those of lanes not started again, and pools them.
    /// Faults are collected by the lanes they answer, keys cleared by the
    /// answers, and `poisoned` and `local` are reset only when the run set
    /// them (a deadlock, a lane's local memory).
    fn give_back(mut self, poisoned: bool, local_used: bool, sites_noted: bool) {
        // What the watch reads of a lane's last statement starts afresh
        // for the next CTA here, once a CTA and only if a statement noted
        // one, rather than as each lane starts: resetting it there cost a
        // launch of 1M one-`add` threads 12% more instructions. Whether a
        // lane returned needs no reset: its fiber is set as it starts (see
        // `CtaCore::fiber_of`).
        if sites_noted {
            for lane in &mut self.lanes {
                *lane.site.get_mut() = None;
            }
        }
        if poisoned || local_used {
            for lane in &mut self.lanes {
                lane.poisoned.take();
                // A lane's local memory starts empty (and is zeroed as it grows).
                let local = lane.local.get_mut();
                if !local.is_empty() {
                    *local = Vec::new();
                }
            }
        }
        debug_assert!(self.lanes.iter_mut().all(|l| l.fault.get_mut().is_none()));
        // A finished CTA has no lane waiting or ready: one that ended in a
        // deadlock answered every waiting lane.
        debug_assert!(self.keys.iter().all(|k| k.get() == 0));
        self.ready.clear();
        POOLED_ARRAYS.with(|pool| pool.set(Some(self)));
    }
}

impl CtaCore {
    /// A CTA of `n` threads, none started, with `shared` as its shared memory.
    pub(crate) fn new(n: usize, shared: Vec<u8>, ctaid: [u32; 3], rank: u32) -> CtaCore {
        let LaneArrays {
            lanes,
            keys,
            waits,
            fiber_of,
            ready,
        } = LaneArrays::take(n);
        CtaCore {
            sites_noted: Cell::new(false),
            lanes,
            keys,
            waits,
            fiber_of,
            rows: slot_rows::SlotRows::take(n),
            finished: Cell::new(0),
            facts: Cell::new(crate::engine::special::CtaFacts::default()),
            launch: super::spaces::current(),
            faults: Cell::new(0),
            poisoned: Cell::new(false),
            local_used: Cell::new(false),
            shared: RefCell::new(shared),
            at_lane_end: Cell::new(None),
            shuffle: Cell::new(None),
            stats: RefCell::new(SharedStats::default()),
            barriers: RefCell::new([Barrier::default(); 16]),
            arrivals: Cell::new(0),
            barrier_events: Cell::new(0),
            next: Cell::new(0),
            ready,
            fibers: Cell::new(std::ptr::null()),
            ctaid,
            reported: RefCell::new(Vec::new()),
            observer: RefCell::new(None),
            sites: RefCell::new(Sites::default()),
            link: Cell::new(std::ptr::null()),
            rank,
            exits_count: Cell::new(false),
            lane_end_work: Cell::new(false),
            register_requests: RefCell::default(),
            statements: Cell::new(0),
            watch: RefCell::new(None),
            limits: Cell::new(super::progress::WatchLimits::default()),
            slice: super::progress::Slice::default(),
        }
    }

    /// Joins the cluster of `link` as its CTA of the next rank (its rank):
    /// before any lane of the cluster runs; the link outlives the core.
    /// The CTAs of a cluster of several tell it of every thread that
    /// exits; a CTA alone does once a thread of it arrives at the barrier
    /// (see [`CtaCore::exits_count`]).
    pub(crate) fn join(&self, link: &ClusterLink) {
        self.link.set(link);
        if link.size() > 1 {
            self.count_exits_from_now();
        }
        link.attach(self);
    }

    /// Tells the cluster barrier of every thread that exits from now on.
    fn count_exits_from_now(&self) {
        self.exits_count.set(true);
        self.lane_end_work.set(true);
    }

    /// Has `finish` run as each lane's code returns from now on (a
    /// semantic function left the lane something to finish).
    pub(crate) fn finish_lanes_with(&self, finish: LaneEnd) {
        self.at_lane_end.set(Some(finish));
        self.lane_end_work.set(true);
    }

    /// What lane `t`'s end does before it is marked returned, once
    /// [`CtaCore::lane_end_work`] says there is any: what a semantic
    /// function left it to finish.
    #[cold]
    pub(crate) fn finish_lane(&self, t: usize) {
        if let Some(finish) = self.at_lane_end.get() {
            finish(self, t);
        }
    }

    /// What lane `t`'s end does once it is counted finished, when
    /// [`CtaCore::lane_end_work`] says there is any: telling the cluster
    /// barrier that the thread exited.
    #[cold]
    pub(crate) fn count_lane_exit(&self, t: usize) {
        if self.exits_count.get() {
            self.link().exit(self.rank, t);
        }
    }

    /// The CTA's cluster.
    #[inline]
    pub(crate) fn link(&self) -> &ClusterLink {
        // SAFETY: the scheduler sets the link before any lane runs, and
        // it outlives the CTA's run (see `scheduler::run_cluster`).
        unsafe { &*self.link.get() }
    }

    /// Runs `f` on the memories the CTA's lanes reach in their cluster: its
    /// own shared memory and its peers'.
    #[inline]
    pub(crate) fn with_memories<R>(&self, f: impl FnOnce(Memories<'_>) -> R) -> R {
        let link = self.link();
        if link.size() == 1 {
            return f(Memories {
                shared: &mut self.shared.borrow_mut(),
                peers: crate::memory::peers::Peers::alone(),
                local: None,
                launch: Some(&self.launch),
            });
        }
        let mut all = link.shared.borrow_mut();
        let (shared, peers) = crate::memory::peers::split_shared(&mut all, self.rank);
        f(Memories {
            shared,
            peers,
            local: None,
            launch: Some(&self.launch),
        })
    }

    /// What the CTA leaves: its shared memory, statistics and faults (the
    /// slot rows and the per-lane arrays go back to their pools).
    pub(crate) fn finish(self) -> (Vec<u8>, SharedStats, Vec<ThreadFault>) {
        self.rows.give_back();
        LaneArrays {
            lanes: self.lanes,
            keys: self.keys,
            waits: self.waits,
            fiber_of: self.fiber_of,
            ready: self.ready,
        }
        .give_back(
            self.poisoned.get(),
            self.local_used.get(),
            self.sites_noted.get(),
        );
        (
            self.shared.into_inner(),
            self.stats.into_inner(),
            self.reported.into_inner(),
        )
    }

    /// Runs `f` over the slot rows.
    ///
    /// The rows are not in a `RefCell`, because every rendezvous passes
    /// through them twice per lane: the CTA runs on one OS thread, and
    /// `f` is never one that switches fibers or reaches the rows again (a
    /// warp function over its warp's rows, the answer of a barrier), so no
    /// two borrows of the rows ever overlap, nor one with a lane's copy.
    #[inline(always)]
    fn with_rows<R>(&self, f: impl FnOnce(&mut [Slots]) -> R) -> R {
        // SAFETY: see above: the borrow is unique for the duration of `f`.
        f(unsafe { self.rows.as_mut_slice() })
    }

    /// Lane `index`'s `.local` memory.
    pub(crate) fn local(&self, index: usize) -> std::cell::RefMut<'_, Vec<u8>> {
        self.local_used.set(true);
        self.lanes[index].local.borrow_mut()
    }

    /// Lane `index`'s asynchronous copies in flight.
    pub(crate) fn in_flight(&self, index: usize) -> std::cell::RefMut<'_, InFlight> {
        self.lanes[index].in_flight.borrow_mut()
    }

    /// What lane `i` waits for, if it waits.
    #[inline]
    pub(crate) fn waiting(&self, i: usize) -> Option<Wait> {
        if self.keys[i].get() == 0 {
            return None;
        }
        // SAFETY: while a lane's key is set, it is suspended inside the
        // `rendezvous` call whose frame holds the wait (see `deposit`).
        Some(unsafe { *self.waits[i].get() })
    }

    /// The lanes that exist in warp `w` (the last warp may be partial).
    fn warp_lanes(&self, w: usize, n: usize) -> u32 {
        let count = n.saturating_sub(w * 32).min(32);
        if count == 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        }
    }

    /// Thread `index`'s seat: where it deposits at a rendezvous.
    ///
    /// # Safety
    ///
    /// `index` must be below the thread count.
    #[inline]
    pub(crate) unsafe fn seat(&self, index: usize) -> Seat {
        Seat {
            index,
            warp_bit: 1 << (index / 32),
            // SAFETY: `index` is below the thread count (this function's
            // promise).
            row: unsafe { self.rows.row(index) },
        }
    }

    /// Records that the running lane sitting at `seat` waits for `*wait`,
    /// its operands `operands` (at most [`MAX_SLOTS`], as [`Wait::new`]
    /// checked) copied to its slot row. `*wait` must stay where it is until
    /// the lane is answered: it is the caller's frame's, suspended until then.
    ///
    /// A lane faulted out of a deadlock deposits too: resolution answers
    /// it with that fault again before anything else (see
    /// [`CtaCore::answer_poisoned`]).
    #[inline(always)]
    pub(crate) fn deposit(&self, seat: &Seat, wait: &Wait, operands: &[u64]) {
        debug_assert!(seat.index < self.lanes.len() && operands.len() <= MAX_SLOTS);
        // SAFETY: the seat's row is the running lane's, and at most
        // `MAX_SLOTS` words are copied into it, which no borrow holds while
        // a lane runs.
        unsafe {
            std::ptr::copy_nonoverlapping(operands.as_ptr(), seat.row, operands.len());
        }
        if let WaitKind::Barrier { .. } = wait.kind {
            self.barrier_events.set(self.barrier_events.get() + 1);
        }
        self.arrivals.set(self.arrivals.get() | seat.warp_bit);
        // SAFETY: a seat's index is below the thread count.
        unsafe {
            self.keys.get_unchecked(seat.index).set(wait.key());
            self.waits.get_unchecked(seat.index).set(wait);
        }
    }

    /// A lane faulted out of a deadlock fails every later rendezvous: the
    /// waiting ones are answered with the deadlock's fault again.
    #[cold]
    fn answer_poisoned(&self) {
        for i in 0..self.lanes.len() {
            if self.keys[i].get() == 0 {
                continue;
            }
            if let Some(deadlock) = self.lanes[i].poisoned.get() {
                self.answer(i, Some(deadlock.clone()));
            }
        }
    }

    /// The answer to the rendezvous of the lane sitting at `seat`, copied
    /// into `operands`.
    #[inline(always)]
    pub(crate) fn collect(&self, seat: &Seat, operands: &mut [u64]) -> Result<(), Fault> {
        if self.faults.get() != 0 {
            self.collect_fault(seat.index)?;
        }
        // SAFETY: as in `deposit`: the lane's own row, `operands.len()`
        // words of it, and no borrow of the rows is held while a lane runs.
        unsafe {
            std::ptr::copy_nonoverlapping(seat.row, operands.as_mut_ptr(), operands.len());
        }
        Ok(())
    }

    /// Lane `index`'s fault, if it was answered with one.
    #[cold]
    fn collect_fault(&self, index: usize) -> Result<(), Fault> {
        match self.lanes[index].fault.take() {
            Some(fault) => {
                self.faults.set(self.faults.get() - 1);
                Err(fault)
            }
            None => Ok(()),
        }
    }

    /// Answers lane `i` (a fault, or success with its answer in its slot
    /// row) and queues it to resume.
    #[inline]
    fn answer(&self, i: usize, fault: Option<Fault>) {
        self.answer_group(i / 32, 1 << (i % 32), &fault.map_or(Ok(()), Err));
    }

    /// Resolves what can be resolved; leaves the lanes to resume in
    /// `self.ready`. Only warps with new arrivals are looked at, and
    /// barriers only while some lane waits at one.
    /// Returns whether it released any lane.
    #[inline(never)]
    pub(crate) fn resolve(&self) -> bool {
        if self.poisoned.get() {
            self.answer_poisoned();
        }
        let n = self.lanes.len();
        let arrivals = self.arrivals.replace(0);
        // The warps whose rendezvous resolve, in index order, or in a
        // random one when the schedule varies.
        let mut warps = [0u32; 32];
        let mut count = 0;
        for w in lanes_of(arrivals) {
            warps[count] = w as u32;
            count += 1;
        }
        let order = self.shuffled(&mut warps[..count]);
        for w in order.iter().map(|&w| w as usize) {
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
        // A CTA alone deadlocks when no lane can go on; one of a larger
        // cluster may wait for its peers (see `scheduler::run_cluster`).
        if self.ready.is_empty() && self.link().size() == 1 {
            self.deadlock();
        }
        let released = !self.ready.is_empty();
        // SAFETY: the fibers outlive the lanes (see `run_cta`), and the
        // released lanes wait, so their fibers are spawned.
        let target = unsafe { (*self.fibers.get()).targets() };
        let mut words: Vec<u32> = Vec::new();
        if self.shuffle.get().is_some() {
            words = (0..n.div_ceil(32) as u32).collect();
            self.shuffled(&mut words);
        }
        self.ready.seal(&self.fiber_of, target, &words);
        released
    }

    /// `items` put in a random order when the schedule varies, else as
    /// they are.
    fn shuffled<'i>(&self, items: &'i mut [u32]) -> &'i [u32] {
        if let Some(mut shuffle) = self.shuffle.get() {
            shuffle.permute(items);
            self.shuffle.set(Some(shuffle));
        }
        items
    }

    /// Whether the running lane should let the others run first, at a
    /// memory access or barrier of a varied schedule (one time in four).
    pub(crate) fn draw_yield(&self) -> bool {
        let Some(mut shuffle) = self.shuffle.get() else {
            return false;
        };
        let draw = shuffle.below(4) == 0;
        self.shuffle.set(Some(shuffle));
        draw
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
        for l in lanes_of(waiting) {
            if handled & (1 << l) != 0 {
                continue;
            }
            let Some(wait) = self.waiting(base + l) else {
                continue;
            };
            let WaitKind::Warp { run, mask } = wait.kind else {
                continue;
            };
            let members = mask.unwrap_or(existing);
            if members & (1 << l) == 0 {
                handled |= 1 << l;
                let fault = Fault::Sync(SyncFault::NotInMembermask {
                    instruction: wait.sem.key(),
                    lane: l as u32,
                    membermask: members,
                });
                self.answer(base + l, Some(fault));
                continue;
            }
            if members & !existing != 0 {
                handled |= members;
                for m in lanes_of(members & existing) {
                    let fault = Fault::Sync(SyncFault::NonexistentLanes {
                        instruction: wait.sem.key(),
                        membermask: members,
                    });
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
        let mut stats = self.stats.borrow_mut();
        let own = self.rank;
        self.with_memories(|memories| {
            self.with_rows(|slots| {
                let rows: &mut [Slots; 32] = (&mut slots[w * 32..w * 32 + 32])
                    .try_into()
                    .expect("slot rows come in warps of 32");
                let mut observer = self.observer.borrow_mut();
                if let Some(observer) = observer.as_deref_mut() {
                    let lane = self.lanes[w * 32 + members.trailing_zeros() as usize]
                        .site
                        .get();
                    let site = self.sites.borrow_mut().id(lane);
                    observer.warp_op(
                        w as u32,
                        site,
                        wait.sem,
                        wait.mods(),
                        members,
                        rows,
                        own,
                        // The warp class's collectives wait as `Warp`, memory
                        // accesses as `Converged` (`sem/rendezvous.rs`).
                        matches!(wait.kind, WaitKind::Warp { .. }),
                    );
                }
                let mut call = WarpCall {
                    mods: *wait.mods(),
                    members,
                    exited: 0,
                    lanes: rows,
                    memory: WarpMemories {
                        shared: memories.shared,
                        peers: memories.peers,
                        locals: &mut [],
                        launch: memories.launch,
                    },
                    stats: &mut stats,
                    key: wait.sem.key(),
                    len: wait.len,
                    warp: w as u32,
                };
                let mut result = run(&mut call);
                if result.is_ok() && wait.sem == Semantics::Setmaxnreg {
                    // The count is an immediate, the same in every lane.
                    let first = members.trailing_zeros() as usize;
                    let count = call.lanes[first][0] as u32;
                    let inc = wait.mods().has_keyword(ptx_core::Keyword::Inc);
                    result = self.register_requests.borrow_mut().note(w, inc, count);
                }
                if result.is_ok()
                    && let Some(observer) = observer.as_deref_mut()
                {
                    observer.after_warp_op(
                        w as u32,
                        wait.sem,
                        wait.mods(),
                        members,
                        call.lanes,
                        own,
                    );
                }
                result
            })
        })
    }

    /// Tells the observer that a barrier completed for the waiting lanes
    /// `group` (`(barrier, lane, wait)`), the warps of `arrived` having
    /// arrived without waiting; and of each warp of which only some lanes,
    /// at an aligned barrier, wait there while others of it wait elsewhere.
    fn check_barrier(&self, group: &[(u32, usize, Wait)], arrived: u32) {
        let mut observer = self.observer.borrow_mut();
        let Some(observer) = observer.as_deref_mut() else {
            return;
        };
        let mut waiting = 0u32;
        let mut at = [0u32; 32];
        for &(_, i, _) in group {
            waiting |= 1 << (i / 32 % 32);
            at[i / 32 % 32] |= 1 << (i % 32);
        }
        observer.barrier(arrived | waiting, waiting);
        let (_, _, wait) = group[0];
        if wait.sem != Semantics::Bar && !wait.mods().has(Flags::ALIGNED) {
            return;
        }
        let n = self.lanes.len();
        let mut sites = self.sites.borrow_mut();
        for w in lanes_of(waiting) {
            // The warp's lanes at the first lane's statement; those at
            // another barrier statement, or waiting at something else, are
            // elsewhere.
            let first = w * 32 + at[w].trailing_zeros() as usize;
            let here = self.lanes[first].site.get();
            let same = |l: usize| {
                let s = self.lanes[w * 32 + l].site.get();
                s.map(|(t, p)| (t.as_ptr(), std::ptr::from_ref(p)))
                    == here.map(|(t, p)| (t.as_ptr(), std::ptr::from_ref(p)))
            };
            let arrived = lanes_of(at[w])
                .filter(|&l| same(l))
                .fold(0u32, |m, l| m | 1 << l);
            let elsewhere = lanes_of(self.warp_lanes(w, n) & !arrived)
                .filter(|&l| self.keys[w * 32 + l].get() != 0)
                .fold(0u32, |m, l| m | 1 << l);
            let site = sites.id(here);
            if elsewhere != 0 {
                observer.divergent_barrier(wait.sem.key(), w as u32, site, arrived, elsewhere);
            }
        }
    }

    /// Answers the `members` of warp `w` with `result`: clears their keys
    /// and queues them.
    #[inline]
    pub(crate) fn answer_group(&self, w: usize, members: u32, result: &SemResult) {
        let base = w * 32;
        if let Err(fault) = result {
            for m in lanes_of(members) {
                self.lanes[base + m].fault.set(Some(fault.clone()));
            }
            self.faults
                .set(self.faults.get() + members.count_ones() as usize);
        }
        if members == u32::MAX {
            self.keys[base..base + 32].iter().for_each(|k| k.set(0));
        } else {
            for m in lanes_of(members) {
                self.keys[base + m].set(0);
            }
        }
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
        let Some(wait) = self.waiting(w * 32) else {
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
        self.with_rows(|rows| {
            for l in lanes_of(mask) {
                rows[base + l][0] = u64::from(mask);
            }
        });
        self.answer_group(w, mask, &Ok(()));
    }

    /// Warp-wide memory accesses: the lanes of warp `w` waiting at the
    /// same instruction (the same semantic function and modifiers: lanes of
    /// a divergent warp at a byte store and at a word store each store
    /// their own width) run it together, in their slot rows; `waiting` are
    /// the lanes waiting at one.
    fn resolve_converged(&self, w: usize, waiting: u32) {
        let base = w * 32;
        let mut groups: Vec<(Wait, u32)> = Vec::new();
        for l in lanes_of(waiting) {
            let Some(wait) = self.waiting(base + l) else {
                continue;
            };
            let same = |g: &Wait| g.sem == wait.sem && g.mods() == wait.mods();
            match groups.iter_mut().find(|(g, _)| same(g)) {
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
        for i in 0..self.lanes.len() {
            if self
                .waiting(i)
                .is_some_and(|w| matches!(w.kind, WaitKind::Yield))
            {
                self.answer(i, None);
            }
        }
    }

    /// Every barrier whose count is reached, in barrier order.
    fn resolve_barriers(&self, n: usize) {
        let mut waiting: Vec<(u32, usize, Wait)> = (0..self.lanes.len())
            .filter_map(|i| {
                let wait = self.waiting(i)?;
                match wait.kind {
                    WaitKind::Barrier { id, .. } => Some((id, i, wait)),
                    _ => None,
                }
            })
            .collect();
        waiting.sort_by_key(|&(id, i, _)| (id, i));
        let mut still_waiting = 0;
        for group in waiting.chunk_by(|a, b| a.0 == b.0) {
            let (id, _, first) = group[0];
            let WaitKind::Barrier { count, .. } = first.kind else {
                continue;
            };
            let expected = count.map_or(n, |c| c as usize);
            let arrived = self.barriers.borrow()[id as usize].arrived as usize;
            if group.len() + arrived < expected {
                still_waiting += group.len();
                continue;
            }
            let arrivals = std::mem::take(&mut self.barriers.borrow_mut()[id as usize]);
            self.check_barrier(group, arrivals.warps);
            self.with_rows(|rows| {
                // `bar.red`: the predicate is the last slot; the result the first.
                let pred = |&(_, i, w): &(u32, usize, Wait)| w.len > 0 && rows[i][w.len - 1] != 0;
                let popc = group.iter().filter(|g| pred(g)).count() as u64;
                for &(_, i, wait) in group {
                    let op = BarrierOp::decode(wait.mods(), &rows[i][..wait.len]);
                    if let Ok(BarrierOp {
                        reduce: Some(reduce),
                        ..
                    }) = op
                    {
                        rows[i][0] = reduce.result(popc, group.len() as u64);
                    }
                }
            });
            for &(_, i, _) in group {
                self.answer(i, None);
            }
        }
        self.barrier_events.set(still_waiting);
    }

    /// Makes every lane meet `fault` at its next rendezvous, and those
    /// waiting at the next resolution (see [`CtaCore::answer_poisoned`]).
    pub(crate) fn poison(&self, fault: &Fault) {
        self.poisoned.set(true);
        for lane in &self.lanes {
            let _ = lane.poisoned.set(fault.clone());
        }
    }

    /// Nothing can proceed: every waiting lane gets a fault that says who
    /// waits where and which lanes are missing.
    pub(crate) fn deadlock(&self) {
        let lanes = &self.lanes;
        let waiting: Vec<usize> = (0..lanes.len())
            .filter(|&i| self.keys[i].get() != 0)
            .collect();
        if waiting.is_empty() {
            return;
        }
        let mut groups: Vec<Waiting> = Vec::new();
        for &i in &waiting {
            let Some(w) = self.waiting(i) else {
                continue;
            };
            let instruction = w.sem.key();
            let at = match w.kind {
                WaitKind::Warp { mask, .. } => WaitSite::Collective {
                    instruction,
                    warp: i / 32,
                    membermask: mask,
                },
                WaitKind::Active => WaitSite::ActiveMask,
                WaitKind::Converged { .. } => WaitSite::Access { instruction },
                WaitKind::Yield => WaitSite::Yield,
                WaitKind::Cluster => self.link().wait_site(self.rank),
                WaitKind::Barrier { id, count } => WaitSite::Barrier {
                    instruction,
                    barrier: id,
                    expected: count.map_or(lanes.len(), |c| c as usize),
                },
            };
            match groups.iter_mut().find(|g| g.at == at) {
                Some(g) => g.threads.push(i),
                None => groups.push(Waiting {
                    at,
                    threads: vec![i],
                }),
            }
        }
        // No lane runs or is queued while resolving: every started lane
        // that does not wait has exited.
        let started = self.next.get();
        let exited: Vec<usize> = (0..started).filter(|&i| self.keys[i].get() == 0).collect();
        let deadlock = Fault::Sync(SyncFault::Deadlock {
            cta: self.ctaid,
            waiting: groups,
            exited,
        });
        self.reported.borrow_mut().push(deadlock.clone().into());
        self.barrier_events.set(0);
        self.poisoned.set(true);
        let lanes = &self.lanes;
        for i in waiting {
            let _ = lanes[i].poisoned.set(deadlock.clone());
            self.answer(i, Some(deadlock.clone()));
        }
    }
}

/// Slot rows, reused from CTA to CTA on each OS thread, so that a launch
/// of many warps neither allocates nor zeroes them again. A row holds the
/// operands of its lane's last rendezvous (here, of an earlier CTA's lane):
/// warp functions read only the rows of member lanes, which deposited, and
/// of lanes that do not exist, which are zeroed.
pub(crate) mod slot_rows {
    use crate::exec::{MAX_SLOTS, Slots};
    use std::cell::Cell;
    use std::mem::ManuallyDrop;

    /// A row aligned to a cache line, so that the few slots most
    /// collectives use lie in one line (a vector of plain rows is aligned
    /// only to 16 bytes, and every row's first slots then straddle two).
    /// Its size is a row's, so the rows are still a `[Slots]`.
    #[derive(Clone, Copy)]
    #[repr(C, align(64))]
    struct Row(Slots);

    const _: () = assert!(std::mem::size_of::<Row>() == std::mem::size_of::<Slots>());

    thread_local! {
        static POOL: Cell<Vec<Row>> = const { Cell::new(Vec::new()) };
    }

    /// The rows of one CTA: a vector taken apart, so that a lane can copy
    /// into its row through a pointer while no reference to the rows
    /// exists (see `CtaCore::with_rows`).
    pub(crate) struct SlotRows {
        ptr: *mut Row,
        len: usize,
        capacity: usize,
    }

    impl SlotRows {
        /// Rows for `threads` lanes, padded to whole warps; the padding
        /// rows (lanes that do not exist, which never deposit) are zero,
        /// as the `.aligned` matrix functions read every row of a warp.
        pub(crate) fn take(threads: usize) -> SlotRows {
            let rows = threads.div_ceil(32) * 32;
            let mut v = POOL.take();
            if v.len() < rows {
                v.resize(rows, Row([0; MAX_SLOTS]));
            }
            v[threads..rows].fill(Row([0; MAX_SLOTS]));
            let mut v = ManuallyDrop::new(v);
            SlotRows {
                ptr: v.as_mut_ptr(),
                len: v.len(),
                capacity: v.capacity(),
            }
        }

        /// The first slot of row `i`.
        ///
        /// # Safety
        ///
        /// `i` must be below the number of threads the rows were taken for.
        #[inline(always)]
        pub(crate) unsafe fn row(&self, i: usize) -> *mut u64 {
            // SAFETY: `i` is in bounds (the caller's promise).
            unsafe { self.ptr.add(i).cast() }
        }

        /// Every row.
        ///
        /// # Safety
        ///
        /// No other reference to the rows may exist while the slice lives,
        /// and no copy through [`SlotRows::row`] may happen meanwhile.
        #[inline(always)]
        #[allow(clippy::mut_from_ref)]
        pub(crate) unsafe fn as_mut_slice(&self) -> &mut [Slots] {
            // SAFETY: `ptr` and `len` are a live vector's, and the borrow
            // is unique (the caller's promise).
            // A `Row` is a `Slots` with a larger alignment.
            unsafe { std::slice::from_raw_parts_mut(self.ptr.cast::<Slots>(), self.len) }
        }

        /// Keeps the rows for the next CTA (the larger, if the pool has rows).
        pub(crate) fn give_back(self) {
            // SAFETY: the parts are those of the vector `take` took apart,
            // which nothing else owns.
            let rows = unsafe { Vec::from_raw_parts(self.ptr, self.len, self.capacity) };
            std::mem::forget(self);
            let pooled = POOL.take();
            POOL.set(if pooled.len() > rows.len() {
                pooled
            } else {
                rows
            });
        }
    }

    impl Drop for SlotRows {
        fn drop(&mut self) {
            // SAFETY: as in `give_back`; reached only when the CTA is
            // dropped without `finish` (a panic in the scheduler).
            drop(unsafe { Vec::from_raw_parts(self.ptr, self.len, self.capacity) });
        }
    }
}

/// The lanes of one warp waiting at each kind of warp rendezvous.
#[derive(Default)]
struct WarpWaits {
    warp: u32,
    active: u32,
    converged: u32,
}

impl Member for CtaCore {
    fn live(&self) -> u32 {
        (self.lanes.len() - self.finished.get()) as u32
    }

    fn count_exits(&self) {
        self.count_exits_from_now();
    }

    fn release(&self, warp: usize, lanes: u32) {
        self.answer_group(warp, lanes, &Ok(()));
    }
}
