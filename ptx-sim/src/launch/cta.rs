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
use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use ptx_core::Mods;
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The most operand slots a collective may have.
pub const MAX_SLOTS: usize = 24;

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

/// A lane's deposit at a rendezvous.
#[derive(Clone, Copy)]
pub(crate) struct Wait {
    pub sem: Sem,
    pub mods: Mods,
    pub kind: WaitKind,
    pub slots: Slots,
    pub len: usize,
}

impl Wait {
    /// A deposit of `slots` (at most [`MAX_SLOTS`]).
    pub fn new(sem: Sem, mods: &Mods, kind: WaitKind, slots: &[u64]) -> Result<Wait, Fault> {
        if slots.len() > MAX_SLOTS {
            return Err(Fault::new(format!(
                "`{}` has {} operand slots, more than the {MAX_SLOTS} a collective may have",
                sem.key(),
                slots.len()
            )));
        }
        let mut s = [0; MAX_SLOTS];
        s[..slots.len()].copy_from_slice(slots);
        Ok(Wait {
            sem,
            mods: *mods,
            kind,
            slots: s,
            len: slots.len(),
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
    pub reply: Option<Result<Slots, Fault>>,
    /// Set once the lane was faulted out of a deadlock: later collectives fail at once.
    pub poisoned: Option<String>,
}

/// Arrivals recorded by `bar.arrive` on one barrier.
#[derive(Clone, Copy, Default)]
pub(crate) struct Barrier {
    pub arrived: u32,
}

/// The part of a CTA the semantic functions reach through [`current`].
pub(crate) struct CtaCore {
    pub lanes: RefCell<Vec<Lane>>,
    pub shared: RefCell<Vec<u8>>,
    pub stats: RefCell<SharedStats>,
    pub barriers: RefCell<[Barrier; 16]>,
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

    /// Resolves what can be resolved; returns the lanes to resume, in order.
    fn resolve(&self) -> Vec<usize> {
        let mut ready = Vec::new();
        let n = self.lanes.borrow().len();
        for w in 0..n.div_ceil(32) {
            self.resolve_warp(w, n, &mut ready);
            self.resolve_active(w, n, &mut ready);
            self.resolve_converged(w, n, &mut ready);
        }
        for id in 0..16 {
            self.resolve_barrier(id, n, &mut ready);
        }
        if ready.is_empty() {
            self.resolve_yield(&mut ready);
        }
        if ready.is_empty() {
            self.deadlock(&mut ready);
        }
        ready.sort_unstable();
        ready
    }

    fn resolve_warp(&self, w: usize, n: usize, ready: &mut Vec<usize>) {
        let base = w * 32;
        let existing = self.warp_lanes(w, n);
        let mut handled = 0u32;
        for l in 0..32 {
            if handled & (1 << l) != 0 || existing & (1 << l) == 0 {
                continue;
            }
            let (wait, members) = {
                let lanes = self.lanes.borrow();
                let lane = &lanes[base + l];
                let Some(wait) = lane.wait.filter(|_| lane.state == LaneState::Waiting) else {
                    continue;
                };
                let WaitKind::Warp { mask, .. } = wait.kind else {
                    continue;
                };
                (wait, mask.unwrap_or(existing))
            };
            if members & (1 << l) == 0 {
                handled |= 1 << l;
                self.answer(
                    base + l,
                    Err(Fault::new(format!(
                        "`{}`: lane {l} is not in its own membermask {members:#010x}",
                        wait.sem.key()
                    ))),
                    ready,
                );
                continue;
            }
            if members & !existing != 0 {
                handled |= members;
                for m in lanes_of(members & existing) {
                    self.answer(
                        base + m,
                        Err(Fault::new(format!(
                            "`{}`: membermask {members:#010x} names lanes that do not exist",
                            wait.sem.key()
                        ))),
                        ready,
                    );
                }
                continue;
            }
            let complete = {
                let lanes = self.lanes.borrow();
                lanes_of(members).all(|m| {
                    let lane = &lanes[base + m];
                    lane.state == LaneState::Waiting
                        && lane.wait.is_some_and(|o| {
                            o.sem == wait.sem
                                && matches!(o.kind, WaitKind::Warp { mask, .. } if mask.unwrap_or(existing) == members)
                        })
                })
            };
            if !complete {
                continue;
            }
            handled |= members;
            let WaitKind::Warp { run, .. } = wait.kind else {
                continue;
            };
            let mut slots = [[0u64; MAX_SLOTS]; 32];
            {
                let lanes = self.lanes.borrow();
                for m in lanes_of(members) {
                    if let Some(o) = &lanes[base + m].wait {
                        slots[m] = o.slots;
                    }
                }
            }
            let result = {
                let mut shared = self.shared.borrow_mut();
                let mut stats = self.stats.borrow_mut();
                let mut call = WarpCall {
                    mods: wait.mods,
                    members,
                    lanes: &mut slots,
                    shared: &mut shared,
                    stats: &mut stats,
                    key: wait.sem.key(),
                    len: wait.len,
                };
                run(&mut call)
            };
            for m in lanes_of(members) {
                let reply = match &result {
                    Ok(()) => Ok(slots[m]),
                    Err(f) => Err(f.clone()),
                };
                self.answer(base + m, reply, ready);
            }
        }
    }

    /// `activemask`: every lane of the warp has run until it blocked, so
    /// the lanes that wait at `activemask` now are the ones that execute it
    /// together.
    fn resolve_active(&self, w: usize, n: usize, ready: &mut Vec<usize>) {
        let base = w * 32;
        let mut mask = 0u32;
        {
            let lanes = self.lanes.borrow();
            for l in lanes_of(self.warp_lanes(w, n)) {
                let lane = &lanes[base + l];
                if lane.state == LaneState::Waiting
                    && lane
                        .wait
                        .is_some_and(|o| matches!(o.kind, WaitKind::Active))
                {
                    mask |= 1 << l;
                }
            }
        }
        for l in lanes_of(mask) {
            let mut slots = [0; MAX_SLOTS];
            slots[0] = u64::from(mask);
            self.answer(base + l, Ok(slots), ready);
        }
    }

    /// Warp-wide memory accesses: the lanes of warp `w` waiting at the
    /// same instruction (by key) run it together.
    fn resolve_converged(&self, w: usize, n: usize, ready: &mut Vec<usize>) {
        let base = w * 32;
        let mut groups: Vec<(Wait, u32)> = Vec::new();
        {
            let lanes = self.lanes.borrow();
            for l in lanes_of(self.warp_lanes(w, n)) {
                let lane = &lanes[base + l];
                let Some(wait) = lane.wait.filter(|_| lane.state == LaneState::Waiting) else {
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
        }
        for (wait, members) in groups {
            let WaitKind::Converged { run } = wait.kind else {
                continue;
            };
            let mut slots = [[0u64; MAX_SLOTS]; 32];
            {
                let lanes = self.lanes.borrow();
                for m in lanes_of(members) {
                    if let Some(o) = &lanes[base + m].wait {
                        slots[m] = o.slots;
                    }
                }
            }
            let result = {
                let mut shared = self.shared.borrow_mut();
                let mut stats = self.stats.borrow_mut();
                let mut call = WarpCall {
                    mods: wait.mods,
                    members,
                    lanes: &mut slots,
                    shared: &mut shared,
                    stats: &mut stats,
                    key: wait.sem.key(),
                    len: wait.len,
                };
                run(&mut call)
            };
            for m in lanes_of(members) {
                let reply = match &result {
                    Ok(()) => Ok(slots[m]),
                    Err(f) => Err(f.clone()),
                };
                self.answer(base + m, reply, ready);
            }
        }
    }

    /// Lanes that yielded go on once nothing else can.
    fn resolve_yield(&self, ready: &mut Vec<usize>) {
        let yielding: Vec<usize> = {
            let lanes = self.lanes.borrow();
            (0..lanes.len())
                .filter(|&i| {
                    lanes[i].state == LaneState::Waiting
                        && lanes[i]
                            .wait
                            .is_some_and(|w| matches!(w.kind, WaitKind::Yield))
                })
                .collect()
        };
        for i in yielding {
            self.answer(i, Ok([0; MAX_SLOTS]), ready);
        }
    }

    fn resolve_barrier(&self, id: u32, n: usize, ready: &mut Vec<usize>) {
        let waiting: Vec<(usize, Wait)> = {
            let lanes = self.lanes.borrow();
            lanes
                .iter()
                .enumerate()
                .filter(|(_, l)| l.state == LaneState::Waiting)
                .filter_map(|(i, l)| l.wait.map(|w| (i, w)))
                .filter(|(_, w)| matches!(w.kind, WaitKind::Barrier { id: b, .. } if b == id))
                .collect()
        };
        let Some(&(_, first)) = waiting.first() else {
            return;
        };
        let WaitKind::Barrier { count, .. } = first.kind else {
            return;
        };
        let expected = count.map_or(n, |c| c as usize);
        let arrived = self.barriers.borrow()[id as usize].arrived as usize;
        if waiting.len() + arrived < expected {
            return;
        }
        self.barriers.borrow_mut()[id as usize].arrived = 0;
        // `bar.red`: the predicate is the last slot; the result the first.
        let preds: Vec<bool> = waiting
            .iter()
            .map(|(_, w)| w.len > 0 && w.slots[w.len - 1] != 0)
            .collect();
        let popc = preds.iter().filter(|&&p| p).count() as u64;
        let all = preds.iter().all(|&p| p);
        let any = preds.iter().any(|&p| p);
        for (i, w) in waiting {
            let mut slots = w.slots;
            if w.mods.selects(ptx_core::Sel::Red) || w.mods.has(ptx_core::Flags::POPC) {
                slots[0] = if w.mods.has(ptx_core::Flags::POPC) {
                    popc
                } else if w.mods.selects(ptx_core::Sel::And) {
                    u64::from(all)
                } else {
                    u64::from(any)
                };
            }
            self.answer(i, Ok(slots), ready);
        }
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
        let mut lanes = self.lanes.borrow_mut();
        for i in waiting {
            lanes[i].poisoned = Some(message.clone());
            lanes[i].reply = Some(Err(Fault::new(message.clone())));
            lanes[i].state = LaneState::Running;
            lanes[i].wait = None;
            ready.push(i);
        }
    }

    fn answer(&self, i: usize, reply: Result<Slots, Fault>, ready: &mut Vec<usize>) {
        let mut lanes = self.lanes.borrow_mut();
        lanes[i].reply = Some(reply);
        lanes[i].state = LaneState::Running;
        lanes[i].wait = None;
        ready.push(i);
    }
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

fn take_stack(size: usize) -> Result<DefaultStack, String> {
    if let Some(s) = STACKS.with(|p| p.borrow_mut().pop()) {
        use corosensei::stack::Stack;
        if s.base().get() - s.limit().get() >= size {
            return Ok(s);
        }
    }
    DefaultStack::new(size).map_err(|e| format!("cannot allocate a lane stack: {e}"))
}

fn give_stack(s: DefaultStack) {
    STACKS.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < 4096 {
            p.push(s);
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

type Worker<'a> = Coroutine<(), (), (), DefaultStack>;

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
                    reply: None,
                    poisoned: None,
                })
                .collect(),
        ),
        shared: RefCell::new(shared),
        stats: RefCell::new(SharedStats::default()),
        barriers: RefCell::new([Barrier::default(); 16]),
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
        let stack = match take_stack(stack_size) {
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
    loop {
        let ready = core.resolve();
        if ready.is_empty() {
            break;
        }
        for t in ready {
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
