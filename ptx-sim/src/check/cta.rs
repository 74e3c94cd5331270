//! The sanitizer's state for one CTA: its warps' clocks, its shared
//! memory's shadow, and what it found. It is the CTA's [`Observer`]: the
//! engines tell it of each warp operation that touches memory and of each
//! synchronisation through the trait, and it holds the launch's
//! [`GlobalCheck`] itself.

use super::Checks;
use super::clock::{Clocks, SparseClock, merge};
use super::memory::{GlobalCheck, Pages};
use super::ops::{LaneAccess, Target, releases, repeats, target, warp_accesses};
use super::shadow::{Cell, Stamp, Use, repeatable, touch_all};
use crate::exec::{Slots, lanes_of};
use crate::fault::{self, Access, Fault, Hazard, Race, ThreadFault};
use crate::observe::{Observer, Site};
use crate::thread::Thread;
use ptx_core::{Mods, Semantics};
use ptx_core::{SharedScope, StateSpace};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// At most this many findings are kept per CTA.
const MAX_FINDINGS: usize = 32;

/// The key in `State::released` of what arrivals at the cluster
/// barrier published (no shared offset is this large).
const CLUSTER_BARRIER: u64 = u64::MAX;

/// What the checks found, before it is told as a fault.
#[derive(Clone, Debug)]
enum Finding {
    Race {
        hazard: Hazard,
        space: StateSpace,
        address: u64,
        earlier: Stamp,
        later: Stamp,
    },
    Uninitialized {
        space: StateSpace,
        address: u64,
        size: u64,
        reader: Stamp,
    },
    UninitializedRegister {
        register: String,
        reader: Stamp,
    },
    DivergentBarrier {
        instruction: &'static str,
        warp: u32,
        arrived: u32,
        missing: u32,
        at: Stamp,
    },
    CollectiveOverExited {
        instruction: &'static str,
        warp: u32,
        membermask: u32,
        exited: u32,
        at: Stamp,
    },
    BarrierCounts {
        barrier: u32,
        earlier: u32,
        count: u32,
        at: Stamp,
    },
}

/// A finding's identity across CTAs: its kind and statements, so that the
/// same bug in every CTA is told once.
pub type FindingKey = (u8, u32, u32);

/// The checker's own state for its CTA.
struct State {
    checks: Checks,
    cta: u32,
    clocks: Clocks,
    /// One cell per byte of shared memory.
    shared: Vec<Cell>,
    /// Warps that ran a fence: their atomics release what they saw.
    fenced: u32,
    /// Per shared address (an mbarrier, a shared atomic), what releases
    /// there published.
    released: HashMap<u64, SparseClock>,
    /// Once something the shadow does not see may have written shared
    /// memory (a bulk copy, or another CTA of the cluster), reads of bytes
    /// never written are no longer reported.
    unseen_writes: bool,
    /// The bytes of each thread's local memory written (by the thread's
    /// index in the CTA, a bit per byte), for the uninitialised-read check.
    locals: HashMap<u32, Vec<u64>>,
    findings: Vec<(FindingKey, Finding)>,
    seen: HashSet<FindingKey>,
    scratch: Vec<LaneAccess>,
}

impl State {
    /// The checks `checks` for CTA `cta` (its index in the grid) of
    /// `warps` warps and `shared` bytes of shared memory, the bytes of
    /// `initialized` holding values given at launch.
    fn new(
        checks: Checks,
        cta: u32,
        warps: usize,
        shared: usize,
        initialized: &[std::ops::Range<usize>],
    ) -> State {
        let mut cells = vec![Cell::FRESH; shared];
        let given = Stamp::new(cta, 0, 0, 0, Use::Write).given();
        for range in initialized {
            for c in &mut cells[range.start.min(shared)..range.end.min(shared)] {
                c.write = given;
            }
        }
        State {
            checks,
            cta,
            clocks: Clocks::new(cta, warps),
            shared: cells,
            fenced: 0,
            released: HashMap::new(),
            unseen_writes: false,
            locals: HashMap::new(),
            findings: Vec::new(),
            seen: HashSet::new(),
            scratch: Vec::new(),
        }
    }

    /// Warp operation `sem` (modifiers `m`) of warp `warp`'s `members`
    /// lanes, their slots in `rows`, from statement `site`, about to run in
    /// a CTA of rank `own` of its cluster: checks and records its accesses
    /// and the synchronisation of its atomics and mbarrier arrivals.
    /// `collective`: the lanes run it together (a semantic function of the
    /// warp class, `crate::sem::Class::Warp`), which orders them as one.
    #[allow(clippy::too_many_arguments)]
    fn warp_op(
        &mut self,
        global: &GlobalCheck,
        warp: u32,
        site: u32,
        sem: Semantics,
        m: &Mods,
        members: u32,
        rows: &[Slots; 32],
        own: u32,
        collective: bool,
    ) {
        if collective {
            self.clocks.tick(warp);
        }
        if matches!(
            sem,
            Semantics::MbarrierArrive | Semantics::MbarrierArriveDrop
        ) {
            for l in lanes_of(members) {
                if let Some(Target::Shared(at)) = target(m, rows[l][1], own) {
                    self.release_at(None, Target::Shared(at), warp);
                }
            }
            return;
        }
        let mut accesses = std::mem::take(&mut self.scratch);
        accesses.clear();
        warp_accesses(sem, m, members, rows, own, &mut accesses);
        // An atomic or strong store releases before it runs, an atomic or
        // strong load acquires after (in `after_warp_op`): their own order,
        // which the memory's lock decides, then orders each release before
        // the acquires that follow it. A strong store releases when it is
        // `.release` or follows a fence (the release pattern of the PTX
        // ISA's memory model); every atomic and strong load acquires, as
        // if a fence followed (which can hide a race, never invent one).
        let release = self.fenced & (1 << warp) != 0 || releases(m);
        let mut pages = None;
        let repeats = repeats(&accesses);
        // Groups whose first access showed the others need no check.
        let mut settled = [false; 32];
        for (i, a) in accesses.iter().enumerate() {
            let first = usize::from(repeats.first[i]);
            if first != i && settled[first] {
                continue;
            }
            let last = if first == i { repeats.last[i] } else { a.lane };
            let lanes = (a.lane, last);
            settled[i] = self.access(
                global, &mut pages, warp, lanes, site, a.target, a.size, a.how,
            );
            if a.how.strong() && a.how.writes() && release {
                self.release_at(Some(global), a.target, warp);
            }
        }
        self.scratch = accesses;
    }

    /// After warp operation `sem` ran for `members` lanes (their slots now
    /// in `rows`): an atomic acquires what releases at its address
    /// published, and an `mbarrier` wait that saw its phase complete what
    /// the arrivals released.
    #[allow(clippy::too_many_arguments)]
    fn after_warp_op(
        &mut self,
        global: &GlobalCheck,
        warp: u32,
        sem: Semantics,
        m: &Mods,
        members: u32,
        rows: &[Slots; 32],
        own: u32,
    ) {
        let strong_load = sem == Semantics::Ld && super::ops::strong(m);
        if strong_load || matches!(sem, Semantics::Atom | Semantics::AtomCas | Semantics::Red) {
            let mut accesses = std::mem::take(&mut self.scratch);
            accesses.clear();
            warp_accesses(sem, m, members, rows, own, &mut accesses);
            for a in &accesses {
                if a.how.strong() && a.how.reads() {
                    self.acquire_at(global, a.target, warp);
                }
            }
            self.scratch = accesses;
            return;
        }
        if !matches!(
            sem,
            Semantics::MbarrierTestWait | Semantics::MbarrierTryWait
        ) {
            return;
        }
        for l in lanes_of(members) {
            if rows[l][0] != 0
                && let Some(Target::Shared(at)) = target(m, rows[l][1], own)
                && let Some(clock) = self.released.get(&at).cloned()
            {
                self.clocks.acquire(warp, &clock);
            }
        }
    }

    /// `cp.async` of lane `lane` of warp `warp`: `size` bytes from global
    /// address `src` (`src_size` of them read) to shared offset `dst`.
    #[allow(clippy::too_many_arguments)]
    fn async_copy(
        &mut self,
        global: &GlobalCheck,
        warp: u32,
        lane: u32,
        site: u32,
        dst: u64,
        src: Option<u64>,
        size: u64,
        src_size: u64,
    ) {
        let pages = &mut None;
        let lanes = (lane, lane);
        // The global bytes it reads (if any), then the shared bytes it writes.
        let read = src
            .filter(|_| src_size > 0)
            .map(|src| (Target::Global(src), src_size, Use::Read));
        for (target, len, how) in read
            .into_iter()
            .chain([(Target::Shared(dst), size, Use::Write)])
        {
            self.access(global, pages, warp, lanes, site, target, len, how);
        }
    }

    /// Shared memory may have been written where the shadow does not see:
    /// a bulk copy wrote it, or the CTA is in a cluster of more than one,
    /// whose other CTAs write it through `.shared::cluster` addresses.
    fn unseen_writes(&mut self) {
        self.unseen_writes = true;
    }

    /// Warp `warp` arrived at the cluster barrier (`barrier.cluster.arrive`):
    /// it releases what it saw to the warps that wait there.
    fn cluster_arrive(&mut self, warp: u32) {
        if self.checks.race {
            let clock = self.clocks.release(warp);
            merge(self.released.entry(CLUSTER_BARRIER).or_default(), &clock);
        }
    }

    /// Warp `warp` passed the cluster barrier (`barrier.cluster.wait`): it
    /// acquires what the CTA's arrivals released. (Arrivals for the next
    /// phase are merged in too, which can hide a race, never invent one;
    /// the other CTAs' accesses are not seen at all.)
    fn cluster_wait(&mut self, warp: u32) {
        if let Some(clock) = self.released.get(&CLUSTER_BARRIER).cloned() {
            self.clocks.acquire(warp, &clock);
        }
    }

    /// Warp `warp` ran a fence (`fence`, `membar`).
    fn fence(&mut self, warp: u32) {
        self.fenced |= 1 << (warp % 32);
    }

    /// A barrier phase completed: the warps of `releasing` arrived, those
    /// of `acquiring` waited for it.
    fn barrier(&mut self, releasing: u32, acquiring: u32) {
        if self.checks.race {
            self.clocks.barrier(releasing, acquiring);
        }
    }

    /// The stamp that names the lowest of lanes `lanes` of warp `warp` at
    /// statement `site`, for a finding about the warp rather than an access.
    fn first_lane(&self, warp: u32, lanes: u32, site: u32) -> Stamp {
        Stamp::new(
            self.cta,
            warp * 32 + lanes.trailing_zeros(),
            0,
            site,
            Use::Read,
        )
    }

    /// Keeps the barrier-misuse finding `make` gives for the lowest of
    /// lanes `lanes` of warp `warp` at `site`, if the sync check is on.
    fn sync_finding(
        &mut self,
        key: FindingKey,
        warp: u32,
        lanes: u32,
        site: u32,
        make: impl FnOnce(Stamp) -> Finding,
    ) {
        if self.checks.sync {
            let at = self.first_lane(warp, lanes, site);
            self.find(key, make(at));
        }
    }

    /// Collective `instruction` run by lanes `lanes` of warp `warp` from
    /// `site` over member mask `membermask`, whose lanes `exited` had
    /// exited.
    fn collective_over_exited(
        &mut self,
        instruction: &'static str,
        warp: u32,
        site: u32,
        lanes: u32,
        membermask: u32,
        exited: u32,
    ) {
        if exited != 0 {
            self.sync_finding((7, site, 0), warp, lanes, site, |at| {
                Finding::CollectiveOverExited {
                    instruction,
                    warp,
                    membermask,
                    exited,
                    at,
                }
            });
        }
    }

    /// Lanes `lanes` of warp `warp` arrived at barrier `barrier` from
    /// `site` giving thread count `count`, while an earlier arrival in the
    /// same phase gave `earlier`.
    fn barrier_counts_differ(
        &mut self,
        warp: u32,
        lanes: u32,
        site: u32,
        barrier: u32,
        earlier: u32,
        count: u32,
    ) {
        self.sync_finding((8, site, barrier), warp, lanes, site, |at| {
            Finding::BarrierCounts {
                barrier,
                earlier,
                count,
                at,
            }
        });
    }

    /// Aligned barrier `instruction` reached by lanes `arrived` of warp
    /// `warp` from `site`, while its lanes `missing` (not exited) are not
    /// there.
    fn divergent_barrier(
        &mut self,
        instruction: &'static str,
        warp: u32,
        site: u32,
        arrived: u32,
        missing: u32,
    ) {
        if missing != 0 {
            self.sync_finding((2, site, 0), warp, arrived, site, |at| {
                Finding::DivergentBarrier {
                    instruction,
                    warp,
                    arrived,
                    missing,
                    at,
                }
            });
        }
    }

    /// Lane `lanes.0` of warp `warp` uses `size` bytes at `target` as
    /// `how`, from statement `site`, and lanes up to `lanes.1` of the same
    /// operation make the same access after it. Returns whether their
    /// checks would find nothing more (then they were recorded too, as
    /// [`touch_all`] says); else each is to be checked in turn.
    #[allow(clippy::too_many_arguments)]
    fn access<'g>(
        &mut self,
        global: &'g GlobalCheck,
        pages: &mut Option<Pages<'g>>,
        warp: u32,
        lanes: (u32, u32),
        site: u32,
        target: Target,
        size: u64,
        how: Use,
    ) -> bool {
        let clock = self.clocks.now(warp);
        let (lane, last) = lanes;
        let now = Stamp::new(self.cta, warp * 32 + lane, clock, site, how);
        let (space, start) = match target {
            Target::Shared(at) => (StateSpace::Shared(SharedScope::Cta), at),
            Target::Global(at) => (StateSpace::Global, at),
            Target::Local(at) => {
                self.local_access(warp * 32 + lane, site, now, at, size, how);
                return false;
            }
        };
        // The stamp the cells keep: the group's last lane's where the
        // others need no check of their own.
        let record = |cells: &[Cell]| {
            if last != lane && repeatable(cells, &now, how) {
                (
                    Stamp::new(now.cta, warp * 32 + last, clock, site, how),
                    true,
                )
            } else {
                (now, false)
            }
        };
        let mut found = None;
        let mut uninitialized = false;
        let mut settled = true;
        match target {
            Target::Shared(at) => {
                let Some(cells) = at
                    .checked_add(size)
                    .filter(|&end| end <= self.shared.len() as u64)
                    .map(|end| &mut self.shared[at as usize..end as usize])
                else {
                    return true;
                };
                uninitialized = how.reads() && cells.iter().any(|c| !c.write.is_some());
                let (keep, all) = record(cells);
                settled = all;
                found = touch_all(cells, now, keep, how, warp, &self.clocks);
            }
            Target::Global(at) => {
                // Fresh heap bytes: what malloc gave and no thread wrote.
                if self.checks.init
                    && let Some(heap) = global.heap()
                    && heap.contains(at)
                {
                    uninitialized = how.reads() && heap.is_fresh(at, size);
                    if how.writes() {
                        heap.written(at, size);
                    }
                }
                // Locked once for the warp's accesses.
                let pages = pages.get_or_insert_with(|| global.pages());
                let clocks = &self.clocks;
                if let Some(cells) = pages.cells(at, size) {
                    let (keep, all) = record(cells);
                    settled = all;
                    found = touch_all(cells, now, keep, how, warp, clocks);
                } else {
                    // Byte by byte where the access straddles two pages.
                    settled = false;
                    for b in at..at.saturating_add(size) {
                        if let Some(cell) = pages.cells(b, 1) {
                            found = found.or(touch_all(cell, now, now, how, warp, clocks));
                        }
                    }
                }
            }
            Target::Local(_) => {}
        }
        if uninitialized && self.checks.init && (!self.unseen_writes || space == StateSpace::Global)
        {
            self.find(
                (1, site, 0),
                Finding::Uninitialized {
                    space,
                    address: start,
                    size,
                    reader: now,
                },
            );
        }
        if let Some((hazard, earlier)) = found
            && self.checks.race
        {
            // One report per kind and writing statement: the reads of one
            // write, unrolled into many statements, are one bug.
            let writer = if hazard == Hazard::WriteAfterRead {
                site
            } else {
                earlier.site
            };
            let kind = 3 + hazard as u8;
            self.find(
                (kind, writer, 0),
                Finding::Race {
                    hazard,
                    space,
                    address: start,
                    earlier,
                    later: now,
                },
            );
        }
        settled
    }

    /// Thread `thread` (its index in the CTA) uses `size` bytes of its
    /// local memory at `at` as `how`, from statement `site` at `now`: a
    /// read of bytes it never wrote is a finding.
    fn local_access(&mut self, thread: u32, site: u32, now: Stamp, at: u64, size: u64, how: Use) {
        if !self.checks.init {
            return;
        }
        let written = self.locals.entry(thread).or_default();
        let bytes = at..at.saturating_add(size);
        let is_set = |w: &Vec<u64>, b: u64| {
            w.get((b / 64) as usize)
                .is_some_and(|word| word >> (b % 64) & 1 != 0)
        };
        if how.reads() && !bytes.clone().all(|b| is_set(written, b)) {
            self.find(
                (1, site, 0),
                Finding::Uninitialized {
                    space: StateSpace::Local,
                    address: at,
                    size,
                    reader: now,
                },
            );
        } else if how.writes() {
            self.local_written(thread, at, size);
        }
    }

    /// Thread `thread` (its index in the CTA) wrote `size` bytes of its
    /// local memory at `at` (an argument or result a call passed there).
    fn local_written(&mut self, thread: u32, at: u64, size: u64) {
        if !self.checks.init {
            return;
        }
        let written = self.locals.entry(thread).or_default();
        let end = at.saturating_add(size);
        if end.div_ceil(64) as usize > written.len() {
            written.resize(end.div_ceil(64) as usize, 0);
        }
        for b in at..end {
            written[(b / 64) as usize] |= 1 << (b % 64);
        }
    }

    /// Lanes `lanes` of warp `warp` read register `register` of their frame
    /// (named by `name`) before writing it, at statement `site`.
    fn uninitialized_register(
        &mut self,
        warp: u32,
        lanes: u32,
        site: u32,
        register: u32,
        name: impl FnOnce() -> String,
    ) {
        let key = (6, site, register);
        if !self.checks.init || self.seen.contains(&key) {
            return;
        }
        let reader = self.first_lane(warp, lanes, site);
        self.find(
            key,
            Finding::UninitializedRegister {
                register: name(),
                reader,
            },
        );
    }

    /// Warp `warp` acquires what releases at `target` published.
    fn acquire_at(&mut self, global: &GlobalCheck, target: Target, warp: u32) {
        let clock = match target {
            Target::Shared(at) => self.released.get(&at).cloned(),
            Target::Global(at) => global.released(at),
            Target::Local(_) => None,
        };
        if let Some(clock) = clock {
            self.clocks.acquire(warp, &clock);
        }
    }

    /// Warp `warp` releases what it saw at `target` (global memory's
    /// releases go to `global`).
    fn release_at(&mut self, global: Option<&GlobalCheck>, target: Target, warp: u32) {
        let clock = self.clocks.release(warp);
        match (target, global) {
            (Target::Global(at), Some(global)) => global.release(at, &clock),
            (Target::Shared(at), _) => merge(self.released.entry(at).or_default(), &clock),
            (Target::Global(_), None) | (Target::Local(_), _) => {}
        }
    }

    /// Keeps `finding` unless one with the same `key` was kept.
    fn find(&mut self, key: FindingKey, finding: Finding) {
        if self.findings.len() < MAX_FINDINGS && self.seen.insert(key) {
            self.findings.push((key, finding));
        }
    }

    /// Whether it found anything.
    fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    /// What it found, as faults keyed for merging across CTAs: `thread`
    /// gives the thread of a CTA's index in the grid and a thread's index
    /// in it, `site` a statement's text and Rust line.
    fn into_faults(
        self,
        thread: impl Fn(u32, u32) -> Thread,
        site: impl Fn(u32) -> Site,
    ) -> Vec<(FindingKey, ThreadFault)> {
        // The fault of one thread's access: its thread and statement.
        let by = |s: &Stamp, fault: Fault| {
            let (statement, location) = site(s.site);
            ThreadFault {
                thread: Some(thread(s.cta, s.index())),
                statement,
                location,
                fault,
            }
        };
        let access = |s: &Stamp, write: bool| {
            let (statement, location) = site(s.site);
            Access {
                thread: thread(s.cta, s.index()),
                write,
                statement,
                location,
            }
        };
        self.findings
            .into_iter()
            .map(|(key, finding)| {
                let fault = match finding {
                    Finding::Race {
                        hazard,
                        space,
                        address,
                        earlier,
                        later,
                    } => ThreadFault::from(Fault::Finding(fault::Finding::Race(Box::new(Race {
                        hazard,
                        space,
                        address,
                        accesses: [
                            access(&earlier, hazard != Hazard::WriteAfterRead),
                            access(&later, hazard != Hazard::ReadAfterWrite),
                        ],
                    })))),
                    Finding::Uninitialized {
                        space,
                        address,
                        size,
                        reader,
                    } => by(
                        &reader,
                        Fault::Finding(fault::Finding::Uninitialized {
                            space,
                            address,
                            size,
                        }),
                    ),
                    Finding::UninitializedRegister { register, reader } => by(
                        &reader,
                        Fault::Finding(fault::Finding::UninitializedRegister { register }),
                    ),
                    Finding::DivergentBarrier {
                        instruction,
                        warp,
                        arrived,
                        missing,
                        at,
                    } => by(
                        &at,
                        Fault::Finding(fault::Finding::DivergentBarrier {
                            instruction,
                            warp,
                            arrived,
                            missing,
                        }),
                    ),
                    Finding::BarrierCounts {
                        barrier,
                        earlier,
                        count,
                        at,
                    } => by(
                        &at,
                        Fault::Finding(fault::Finding::BarrierCountsDiffer {
                            barrier,
                            earlier,
                            count,
                        }),
                    ),
                    Finding::CollectiveOverExited {
                        instruction,
                        warp,
                        membermask,
                        exited,
                        at,
                    } => by(
                        &at,
                        Fault::Finding(fault::Finding::CollectiveOverExited {
                            instruction,
                            warp,
                            membermask,
                            exited,
                        }),
                    ),
                };
                (key, fault)
            })
            .collect()
    }
}

/// The sanitizer's observer of one CTA: its own state, and the launch-wide
/// part (global memory's shadow) that every CTA's checker shares.
pub struct CtaCheck {
    global: Arc<GlobalCheck>,
    state: State,
}

impl std::fmt::Debug for CtaCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CtaCheck")
            .field("cta", &self.state.cta)
            .field("findings", &self.state.findings.len())
            .finish()
    }
}

impl CtaCheck {
    /// The checks `checks` for CTA `cta` (its index in the grid) of
    /// `warps` warps and `shared` bytes of shared memory, the bytes of
    /// `initialized` holding values given at launch, in a launch whose
    /// global memory's shadow is `global`.
    pub fn new(
        checks: Checks,
        cta: u32,
        warps: usize,
        shared: usize,
        initialized: &[std::ops::Range<usize>],
        global: Arc<GlobalCheck>,
    ) -> CtaCheck {
        CtaCheck {
            global,
            state: State::new(checks, cta, warps, shared, initialized),
        }
    }

    /// Whether it found anything.
    pub fn is_clean(&self) -> bool {
        self.state.is_clean()
    }

    /// What it found, as faults keyed for merging across CTAs: `thread`
    /// gives the thread of a CTA's index in the grid and a thread's index
    /// in it, `site` a statement's text and Rust line.
    pub fn into_faults(
        self,
        thread: impl Fn(u32, u32) -> Thread,
        site: impl Fn(u32) -> Site,
    ) -> Vec<(FindingKey, ThreadFault)> {
        self.state.into_faults(thread, site)
    }

    /// What a CTA's `observer` found, as [`CtaCheck::into_faults`] says,
    /// if it is a checker; nothing from any other observer.
    pub fn faults_of(
        observer: Box<dyn Observer>,
        thread: impl Fn(u32, u32) -> Thread,
        site: impl Fn(u32) -> Site,
    ) -> Vec<(FindingKey, ThreadFault)> {
        let observer: Box<dyn std::any::Any> = observer;
        match observer.downcast::<CtaCheck>() {
            Ok(check) => check.into_faults(thread, site),
            Err(_) => Vec::new(),
        }
    }
}

impl Observer for CtaCheck {
    fn warp_op(
        &mut self,
        warp: u32,
        site: u32,
        sem: Semantics,
        m: &Mods,
        members: u32,
        rows: &[Slots; 32],
        own: u32,
        collective: bool,
    ) {
        self.state.warp_op(
            &self.global,
            warp,
            site,
            sem,
            m,
            members,
            rows,
            own,
            collective,
        );
    }

    fn after_warp_op(
        &mut self,
        warp: u32,
        sem: Semantics,
        m: &Mods,
        members: u32,
        rows: &[Slots; 32],
        own: u32,
    ) {
        self.state
            .after_warp_op(&self.global, warp, sem, m, members, rows, own);
    }

    fn async_copy(
        &mut self,
        warp: u32,
        lane: u32,
        site: u32,
        m: &Mods,
        dst: u64,
        src: u64,
        size: u64,
        read: u64,
        own: u32,
    ) {
        // Only a copy into the CTA's own shared memory is recorded, with
        // its source if that is a global buffer.
        let global_src = Mods {
            space: Some(StateSpace::Global),
            ..Mods::default()
        };
        let src = match target(&global_src, src, own) {
            Some(Target::Global(a)) => Some(a),
            _ => None,
        };
        if let Some(Target::Shared(dst)) = target(m, dst, own) {
            self.state
                .async_copy(&self.global, warp, lane, site, dst, src, size, read);
        }
    }

    fn unseen_writes(&mut self) {
        self.state.unseen_writes();
    }

    fn cluster_arrive(&mut self, warp: u32) {
        self.state.cluster_arrive(warp);
    }

    fn cluster_wait(&mut self, warp: u32) {
        self.state.cluster_wait(warp);
    }

    fn fence(&mut self, warp: u32) {
        self.state.fence(warp);
    }

    fn barrier(&mut self, releasing: u32, acquiring: u32) {
        self.state.barrier(releasing, acquiring);
    }

    fn collective_over_exited(
        &mut self,
        instruction: &'static str,
        warp: u32,
        site: u32,
        lanes: u32,
        membermask: u32,
        exited: u32,
    ) {
        self.state
            .collective_over_exited(instruction, warp, site, lanes, membermask, exited);
    }

    fn barrier_counts_differ(
        &mut self,
        warp: u32,
        lanes: u32,
        site: u32,
        barrier: u32,
        earlier: u32,
        count: u32,
    ) {
        self.state
            .barrier_counts_differ(warp, lanes, site, barrier, earlier, count);
    }

    fn divergent_barrier(
        &mut self,
        instruction: &'static str,
        warp: u32,
        site: u32,
        arrived: u32,
        missing: u32,
    ) {
        self.state
            .divergent_barrier(instruction, warp, site, arrived, missing);
    }

    fn local_written(&mut self, thread: u32, at: u64, size: u64) {
        self.state.local_written(thread, at, size);
    }

    fn uninitialized_register(
        &mut self,
        warp: u32,
        lanes: u32,
        site: u32,
        register: u32,
        name: &dyn Fn() -> String,
    ) {
        self.state
            .uninitialized_register(warp, lanes, site, register, name);
    }
}

/// Faults keyed by [`FindingKey`], merged from every CTA: the first of
/// each key kept, in CTA order.
pub fn merge_findings(
    all: impl IntoIterator<Item = Vec<(FindingKey, ThreadFault)>>,
) -> Vec<ThreadFault> {
    let mut seen = HashSet::new();
    all.into_iter()
        .flatten()
        .filter(|(key, _)| seen.insert(*key))
        .map(|(_, fault)| fault)
        .collect()
}
