//! One CTA: its lanes as coroutines, its shared memory and barriers, and
//! the deterministic scheduler that runs lanes until they block and
//! resolves the rendezvous they block at.
//!
//! Scheduling: lanes start in index order, each running until it finishes
//! or waits at a collective or barrier. Once every lane has finished or
//! waits, each warp's complete groups (every lane of the member mask at the
//! same collective with the same mask) and each barrier whose count is
//! reached are resolved, and their lanes resumed in index order. When
//! nothing can be resolved while lanes wait, the waiting lanes get a fault
//! describing who waits where and who is missing: never a hang.

use super::current::{self, LaneCtx};
use super::{Dim3, SharedStats, Thread};
use crate::context::{self, Identity};
use crate::exec::{Fault, SemResult};
use crate::registry::Sem;
use corosensei::stack::{DefaultStack, Stack};
use corosensei::{Coroutine, CoroutineResult, Yielder};
use ptx_core::Mods;
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

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
    pub mods: Mods,
    pub kind: WaitKind,
    /// How many of the lane's slots the instruction uses.
    pub len: usize,
}

impl Wait {
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
            mods: *mods,
            kind,
            len,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LaneState {
    Unstarted,
    Running,
    Waiting,
    Done,
}

pub(crate) struct Lane {
    pub state: LaneState,
    pub worker: usize,
    pub wait: Option<Wait>,
    /// The answer to a rendezvous that failed (a success is in the slot row).
    pub fault: Option<Fault>,
    /// Set once the lane was faulted out of a deadlock: later collectives fail at once.
    pub poisoned: Option<String>,
    /// The thread's `.local` memory, grown (zeroed) as it is used.
    pub local: Vec<u8>,
}

impl Lane {
    /// What the lane waits for, if it waits.
    fn waiting(&self) -> Option<&Wait> {
        self.wait
            .as_ref()
            .filter(|_| self.state == LaneState::Waiting)
    }
}

/// Arrivals recorded by `bar.arrive` on one barrier.
#[derive(Clone, Copy, Default)]
pub(crate) struct Barrier {
    pub arrived: u32,
}

/// The part of a CTA the semantic functions reach through [`current`].
pub(crate) struct CtaCore {
    pub lanes: RefCell<Vec<Lane>>,
    /// One row of operand slots per thread (32 per warp, the last warp
    /// padded), allocated at the first rendezvous: a lane deposits its
    /// operands in its row and reads the answer from it.
    pub slots: RefCell<Vec<Slots>>,
    pub shared: RefCell<Vec<u8>>,
    pub stats: RefCell<SharedStats>,
    pub barriers: RefCell<[Barrier; 16]>,
    /// Warps with a lane that started waiting since the last resolution
    /// (bit w: warp w; a CTA has at most 32 warps).
    pub arrivals: Cell<u32>,
    /// Lanes waiting at a barrier, plus `bar.arrive`s since the last resolution.
    pub barrier_events: Cell<usize>,
    pub next: Cell<usize>,
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
        {
            let mut slots = self.slots.borrow_mut();
            if slots.is_empty() {
                let rows = self.lanes.borrow().len().div_ceil(32) * 32;
                *slots = vec![[0; MAX_SLOTS]; rows];
            }
            slots[index][..operands.len()].copy_from_slice(operands);
        }
        let mut lanes = self.lanes.borrow_mut();
        let lane = &mut lanes[index];
        if let Some(message) = &lane.poisoned {
            return Err(Fault::new(message.clone()));
        }
        if let WaitKind::Barrier { .. } = wait.kind {
            self.barrier_events.set(self.barrier_events.get() + 1);
        }
        self.arrivals.set(self.arrivals.get() | 1 << (index / 32));
        lane.wait = Some(wait);
        lane.state = LaneState::Waiting;
        Ok(())
    }

    /// The answer to lane `index`'s rendezvous, copied into `operands`.
    #[inline]
    pub(crate) fn collect(&self, index: usize, operands: &mut [u64]) -> Result<(), Fault> {
        if let Some(fault) = self.lanes.borrow_mut()[index].fault.take() {
            return Err(fault);
        }
        operands.copy_from_slice(&self.slots.borrow()[index][..operands.len()]);
        Ok(())
    }

    /// Resolves what can be resolved; leaves the lanes to resume in
    /// `ready`, in order. Only warps with new arrivals are looked at, and
    /// barriers only while some lane waits at one.
    fn resolve(&self, ready: &mut Vec<usize>) {
        ready.clear();
        let n = self.lanes.borrow().len();
        let arrivals = self.arrivals.replace(0);
        for w in lanes_of(arrivals) {
            self.resolve_warp(w, n, ready);
            self.resolve_active(w, n, ready);
            self.resolve_converged(w, n, ready);
        }
        if self.barrier_events.get() > 0 {
            self.resolve_barriers(n, ready);
        }
        if ready.is_empty() {
            self.resolve_yield(ready);
        }
        if ready.is_empty() {
            self.deadlock(ready);
        }
        ready.sort_unstable();
    }

    fn resolve_warp(&self, w: usize, n: usize, ready: &mut Vec<usize>) {
        let base = w * 32;
        let existing = self.warp_lanes(w, n);
        let mut handled = 0u32;
        let mut lanes = self.lanes.borrow_mut();
        for l in lanes_of(existing) {
            if handled & (1 << l) != 0 {
                continue;
            }
            let Some(&wait) = lanes[base + l].waiting() else {
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
                answer(&mut lanes[base + l], base + l, Some(fault), ready);
                continue;
            }
            if members & !existing != 0 {
                handled |= members;
                for m in lanes_of(members & existing) {
                    let fault = Fault::new(format!(
                        "`{}`: membermask {members:#010x} names lanes that do not exist",
                        wait.sem.key()
                    ));
                    answer(&mut lanes[base + m], base + m, Some(fault), ready);
                }
                continue;
            }
            let complete = lanes_of(members).all(|m| {
                lanes[base + m].waiting().is_some_and(|o| {
                    o.sem == wait.sem
                        && matches!(o.kind, WaitKind::Warp { mask, .. } if mask.unwrap_or(existing) == members)
                })
            });
            if !complete {
                continue;
            }
            handled |= members;
            let result = {
                let mut slots = self.slots.borrow_mut();
                let rows: &mut [Slots; 32] = (&mut slots[base..base + 32])
                    .try_into()
                    .expect("slot rows come in warps of 32");
                let mut shared = self.shared.borrow_mut();
                let mut stats = self.stats.borrow_mut();
                let mut call = WarpCall {
                    mods: wait.mods,
                    members,
                    lanes: rows,
                    shared: &mut shared,
                    stats: &mut stats,
                    key: wait.sem.key(),
                    len: wait.len,
                };
                run(&mut call)
            };
            for m in lanes_of(members) {
                answer(&mut lanes[base + m], base + m, result.clone().err(), ready);
            }
        }
    }

    /// `activemask`: every lane of the warp has run until it blocked, so
    /// the lanes that wait at `activemask` now are the ones that execute it
    /// together.
    fn resolve_active(&self, w: usize, n: usize, ready: &mut Vec<usize>) {
        let base = w * 32;
        let mut lanes = self.lanes.borrow_mut();
        let mask = lanes_of(self.warp_lanes(w, n))
            .filter(|&l| {
                lanes[base + l]
                    .waiting()
                    .is_some_and(|o| matches!(o.kind, WaitKind::Active))
            })
            .fold(0u32, |m, l| m | 1 << l);
        if mask == 0 {
            return;
        }
        let mut slots = self.slots.borrow_mut();
        for l in lanes_of(mask) {
            slots[base + l][0] = u64::from(mask);
            answer(&mut lanes[base + l], base + l, None, ready);
        }
    }

    /// Warp-wide memory accesses: the lanes of warp `w` waiting at the
    /// same instruction (by key) run it together, in their slot rows.
    fn resolve_converged(&self, w: usize, n: usize, ready: &mut Vec<usize>) {
        let base = w * 32;
        let mut lanes = self.lanes.borrow_mut();
        let mut groups: Vec<(Wait, u32)> = Vec::new();
        for l in lanes_of(self.warp_lanes(w, n)) {
            let Some(&wait) = lanes[base + l].waiting() else {
                continue;
            };
            if !matches!(wait.kind, WaitKind::Converged { .. }) {
                continue;
            }
            match groups.iter_mut().find(|(g, _)| g.sem == wait.sem) {
                Some((_, m)) => *m |= 1 << l,
                None => groups.push((wait, 1 << l)),
            }
        }
        for (wait, members) in groups {
            let WaitKind::Converged { run } = wait.kind else {
                continue;
            };
            let result = {
                let mut slots = self.slots.borrow_mut();
                let rows: &mut [Slots; 32] = (&mut slots[base..base + 32])
                    .try_into()
                    .expect("slot rows come in warps of 32");
                let mut shared = self.shared.borrow_mut();
                let mut stats = self.stats.borrow_mut();
                let mut call = WarpCall {
                    mods: wait.mods,
                    members,
                    lanes: rows,
                    shared: &mut shared,
                    stats: &mut stats,
                    key: wait.sem.key(),
                    len: wait.len,
                };
                run(&mut call)
            };
            for m in lanes_of(members) {
                answer(&mut lanes[base + m], base + m, result.clone().err(), ready);
            }
        }
    }

    /// Lanes that yielded go on once nothing else can.
    fn resolve_yield(&self, ready: &mut Vec<usize>) {
        let mut lanes = self.lanes.borrow_mut();
        for i in 0..lanes.len() {
            if lanes[i]
                .waiting()
                .is_some_and(|w| matches!(w.kind, WaitKind::Yield))
            {
                answer(&mut lanes[i], i, None, ready);
            }
        }
    }

    /// Every barrier whose count is reached, in barrier order.
    fn resolve_barriers(&self, n: usize, ready: &mut Vec<usize>) {
        let mut lanes = self.lanes.borrow_mut();
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
            let first = lanes[group[0].1].wait.expect("a waiting lane has a wait");
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
                let len = lanes[i].wait.map_or(0, |w| w.len);
                len > 0 && slots[i][len - 1] != 0
            };
            let popc = group.iter().filter(|&&(_, i)| pred(i)).count() as u64;
            let all = group.iter().all(|&(_, i)| pred(i));
            let any = popc > 0;
            for &(_, i) in group {
                let m = lanes[i].wait.expect("a waiting lane has a wait").mods;
                if m.selects(ptx_core::Sel::Red) || m.has(ptx_core::Flags::POPC) {
                    slots[i][0] = if m.has(ptx_core::Flags::POPC) {
                        popc
                    } else if m.selects(ptx_core::Sel::And) {
                        u64::from(all)
                    } else {
                        u64::from(any)
                    };
                }
                answer(&mut lanes[i], i, None, ready);
            }
        }
        self.barrier_events.set(still_waiting);
    }

    /// Nothing can proceed: every waiting lane gets a fault that says who
    /// waits where and which lanes are missing.
    fn deadlock(&self, ready: &mut Vec<usize>) {
        let lanes = self.lanes.borrow();
        let waiting: Vec<usize> = (0..lanes.len())
            .filter(|&i| lanes[i].state == LaneState::Waiting)
            .collect();
        if waiting.is_empty() {
            return;
        }
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        for &i in &waiting {
            let Some(w) = lanes[i].wait else { continue };
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
            .filter(|&i| lanes[i].state == LaneState::Done)
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
        drop(lanes);
        self.errors.borrow_mut().push(message.clone());
        self.barrier_events.set(0);
        let mut lanes = self.lanes.borrow_mut();
        for i in waiting {
            lanes[i].poisoned = Some(message.clone());
            answer(&mut lanes[i], i, Some(Fault::new(message.clone())), ready);
        }
    }
}

/// Answers lane `i` (a fault, or success with its answer in its slot row)
/// and queues it to resume.
fn answer(lane: &mut Lane, i: usize, fault: Option<Fault>, ready: &mut Vec<usize>) {
    lane.fault = fault;
    lane.state = LaneState::Running;
    lane.wait = None;
    ready.push(i);
}

/// The lane numbers of the bits set in `mask`.
pub(crate) fn lanes_of(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |l| mask & (1 << l) != 0)
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

thread_local! {
    /// Stacks of finished coroutines, reused by the next ones (per OS thread).
    static STACKS: RefCell<Vec<DefaultStack>> = const { RefCell::new(Vec::new()) };
}

/// A lane stack whose top is moved down by a few cache lines per worker.
///
/// Stacks are mapped at page-aligned addresses, so without the offset the
/// hot top frames of every lane fall into the same L1 cache sets, and
/// switching between 32 lanes evicts them on every switch (measured: the
/// warp reduction bench took 4x as long).
struct ColoredStack {
    stack: DefaultStack,
    offset: usize,
}

impl ColoredStack {
    fn new(stack: DefaultStack, worker: usize) -> ColoredStack {
        // 64 colours of one cache line each cover a 4 KiB page.
        ColoredStack {
            stack,
            offset: (worker % 64) * 64,
        }
    }
}

// SAFETY: `base` is the inner stack's base moved down by a multiple of 64
// bytes (so still aligned to `STACK_ALIGNMENT`), and at most 4032 bytes,
// well inside the inner stack (at least 16 KiB, see `Launch::stack_size`);
// the limit, guard page included, is the inner stack's.
unsafe impl corosensei::stack::Stack for ColoredStack {
    fn base(&self) -> corosensei::stack::StackPointer {
        let base = self.stack.base().get() - self.offset;
        corosensei::stack::StackPointer::new(base).unwrap_or_else(|| self.stack.base())
    }

    fn limit(&self) -> corosensei::stack::StackPointer {
        self.stack.limit()
    }

    #[cfg(windows)]
    fn teb_fields(&self) -> corosensei::stack::StackTebFields {
        self.stack.teb_fields()
    }

    #[cfg(windows)]
    fn update_teb_fields(&mut self, stack_limit: usize, guaranteed_stack_bytes: usize) {
        self.stack
            .update_teb_fields(stack_limit, guaranteed_stack_bytes)
    }
}

fn take_stack(size: usize, worker: usize) -> Result<ColoredStack, String> {
    let pooled = STACKS.with(|p| p.borrow_mut().pop());
    let stack = match pooled {
        Some(s) if s.base().get() - s.limit().get() >= size => s,
        _ => DefaultStack::new(size).map_err(|e| format!("cannot allocate a lane stack: {e}"))?,
    };
    Ok(ColoredStack::new(stack, worker))
}

fn give_stack(s: ColoredStack) {
    STACKS.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < 4096 {
            p.push(s.stack);
        }
    });
}

/// What one CTA produced.
pub(crate) struct CtaOutcome<T> {
    pub results: Vec<Option<T>>,
    pub shared: Vec<u8>,
    pub stats: SharedStats,
    pub errors: Vec<String>,
}

/// Where the CTA stands in the grid.
pub(crate) struct CtaPlace {
    pub ctaid: [u32; 3],
    pub grid: Dim3,
    pub block: Dim3,
    pub first_thread: usize,
}

type Worker<'a> = Coroutine<(), (), (), ColoredStack>;

/// Runs every thread of one CTA to completion.
pub(crate) fn run_cta<T, F>(
    place: &CtaPlace,
    shared: Vec<u8>,
    stack_size: usize,
    f: &F,
) -> CtaOutcome<T>
where
    F: Fn(&Thread) -> T + Sync,
{
    let block = place.block;
    let n = block.count();
    let core = CtaCore {
        lanes: RefCell::new(
            (0..n)
                .map(|_| Lane {
                    state: LaneState::Unstarted,
                    worker: 0,
                    wait: None,
                    fault: None,
                    poisoned: None,
                    local: Vec::new(),
                })
                .collect(),
        ),
        shared: RefCell::new(shared),
        stats: RefCell::new(SharedStats::default()),
        slots: RefCell::new(Vec::new()),
        barriers: RefCell::new([Barrier::default(); 16]),
        arrivals: Cell::new(0),
        barrier_events: Cell::new(0),
        next: Cell::new(0),
        ctaid: place.ctaid,
        errors: RefCell::new(Vec::new()),
    };
    let results: RefCell<Vec<Option<T>>> = RefCell::new((0..n).map(|_| None).collect());
    let nwarps = n.div_ceil(32) as u32;
    let body = |w: usize| {
        let core = &core;
        let results = &results;
        move |y: &Yielder<(), ()>, ()| {
            loop {
                let t = core.next.get();
                if t >= n {
                    break;
                }
                core.next.set(t + 1);
                {
                    let mut lanes = core.lanes.borrow_mut();
                    lanes[t].worker = w;
                    lanes[t].state = LaneState::Running;
                }
                let tid = [
                    (t % block.x as usize) as u32,
                    (t / block.x as usize % block.y as usize) as u32,
                    (t / (block.x as usize * block.y as usize)) as u32,
                ];
                let thread = Thread {
                    tid,
                    ntid: block.into(),
                    ctaid: place.ctaid,
                    nctaid: place.grid.into(),
                    lane: (t % 32) as u32,
                    warp: (t / 32) as u32,
                    index: place.first_thread + t,
                };
                context::set_identity(Identity {
                    tid,
                    ntid: block.into(),
                    ctaid: place.ctaid,
                    nctaid: place.grid.into(),
                    lane: thread.lane,
                    warp: thread.warp,
                    nwarps,
                });
                context::restore(Default::default());
                let ctx = LaneCtx {
                    cta: core,
                    index: t,
                    yielder: y,
                };
                current::set(&ctx);
                let r = catch_unwind(AssertUnwindSafe(|| f(&thread)));
                current::set(std::ptr::null());
                match r {
                    Ok(v) => results.borrow_mut()[t] = Some(v),
                    Err(p) => {
                        let msg = p
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_else(|| "panicked".into());
                        core.errors.borrow_mut().push(format!(
                            "thread {:?} of CTA {:?}: {msg}",
                            thread.tid, thread.ctaid
                        ));
                    }
                }
                core.lanes.borrow_mut()[t].state = LaneState::Done;
            }
        }
    };
    let mut workers: Vec<Option<Worker<'_>>> = Vec::new();
    let resume = |workers: &mut Vec<Option<Worker<'_>>>, w: usize| {
        let Some(co) = workers[w].as_mut() else {
            return;
        };
        if let CoroutineResult::Return(()) = co.resume(()) {
            if let Some(co) = workers[w].take() {
                give_stack(co.into_stack());
            }
        }
    };
    while core.next.get() < n {
        let stack = match take_stack(stack_size, workers.len()) {
            Ok(s) => s,
            Err(e) => {
                core.errors.borrow_mut().push(e);
                break;
            }
        };
        let w = workers.len();
        // SAFETY: the coroutine borrows `core`, `results` and `f`, which
        // outlive `workers` (declared after them, so dropped before them);
        // every coroutine is driven to completion below, and one that is
        // not (a failed stack allocation) is dropped, which unwinds it,
        // before the borrowed data goes away.
        let co = unsafe { Coroutine::with_stack_unchecked(stack, body(w)) };
        workers.push(Some(co));
        resume(&mut workers, w);
    }
    let mut ready = Vec::with_capacity(n);
    loop {
        core.resolve(&mut ready);
        if ready.is_empty() {
            break;
        }
        for &t in &ready {
            let w = core.lanes.borrow()[t].worker;
            resume(&mut workers, w);
        }
    }
    drop(workers);
    CtaOutcome {
        results: results.into_inner(),
        shared: core.shared.into_inner(),
        stats: core.stats.into_inner(),
        errors: core.errors.into_inner(),
    }
}
