//! One CTA of a kernel launch: its warps, shared memory and barriers, and
//! the loop that gives its warps turns.
//!
//! A CTA runs a *slice* at a time (see [`super::grid`]): its warps take
//! turns in index order, each running until its lanes all wait or exit or
//! it has spent a turn's budget, and the barriers whose threads have all
//! arrived release them between turns. Every turn is the same in every run,
//! so a CTA computes the same thing whichever worker runs it and whatever
//! the other CTAs do, unless it reads what they write.
//!
//! A warp's turn reaches the CTA through a [`CtaContext`], which the CTA
//! builds for each turn.

use super::barriers::Barriers;
use super::code::{Op, RESERVED_SHARED, site_step};
use super::cta_context::{CtaContext, Fixed};
use super::load::{EntryInfo, Image};
use super::warp::Waiting as WaitKind;
use super::warp::{LaneFault, Stop, Waiting, Warp};
use crate::check::cta::FindingKey;
use crate::check::{Checks, CtaCheck};
use crate::engine::cluster::ClusterBarrier;
pub(crate) use crate::engine::grid::SliceEnd;
use crate::engine::special::CtaFacts;
use crate::exec::{Slots, lanes_of};
use crate::fault::{Fault, SyncFault, ThreadFault, WaitSite, Waiting as WaitingThreads};
use crate::lane::LaunchMemory;
use crate::memory::bank_counts::SharedStats;
use crate::memory::peers::Peers;
use crate::observe::Observer;
use crate::observe::Site;
use crate::shuffle::Shuffle;
use crate::thread::{Dim3, Thread};

/// Steps one warp runs before the next warp's turn.
const TURN: u64 = 1 << 11;

/// The clock cycles that pass, beyond the steps run, in a slice in which
/// a CTA made no progress (no thread exited, no global memory changed):
/// its first such slice in a row, doubling with each after it up to
/// `QUIET_TIME << 30` (about 2⁴⁰ cycles, ten minutes of an H100 at
/// 1.98 GHz). A warp that spins until `clock64()` has moved on by a
/// GPU-sized count (simpleHyperQ's 10 ms, 20 million cycles) so gets
/// there in a few dozen quiet slices, far inside the hang limit; a spin
/// on memory no one writes is no closer to its end however the clock
/// runs, and still hangs.
const QUIET_TIME: u64 = 1 << 10;

/// Steps a CTA that made progress in its slice (a thread exited, global
/// memory changed) may then run without any before its slice ends early:
/// it most likely spins on a grid barrier or a flag that other CTAs will
/// set, and they should run (a grid.sync() over 264 CTAs otherwise spins
/// most of a 32 Ki-step slice in each).
const QUIET_TAIL: u64 = 1 << 10;

/// How much a launch (or a CTA) ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    /// Warp steps: instructions issued for a warp (one for all the lanes
    /// that run it together).
    pub warp: u64,
    /// Thread instructions: each lane that ran a step counts once (a
    /// guarded instruction whose guard is false counts too, as on a GPU).
    pub thread: u64,
}

impl Steps {
    /// Adds `other`'s counts.
    pub fn add(&mut self, other: Steps) {
        self.warp += other.warp;
        self.thread += other.thread;
    }
}

/// One CTA of a launch.
pub(crate) struct Cta {
    /// Its index in the grid (x fastest).
    pub linear: usize,
    pub ctaid: [u32; 3],
    pub warps: Vec<Warp>,
    barriers: Barriers,
    pub stats: SharedStats,
    pub output: Vec<u8>,
    threads: u32,
    exited: u32,
    next_warp: usize,
    rows: Box<[Slots; 32]>,
    /// Each warp's `setmaxnreg` requests ([`CtaContext::register_requests`]).
    register_requests: crate::engine::register_requests::RegisterRequests,
    /// Steps run in the last slice.
    pub used: u64,
    /// Whether the last slice ended early, quiet after progress (see
    /// [`QUIET_TAIL`]).
    pub quiet_tail: bool,
    /// Slices in a row that ended without progress (see [`QUIET_TIME`]).
    quiet_slices: u32,
    /// What watches it run (the sanitizer, when checks are on).
    pub observer: Option<Box<dyn Observer>>,
    /// The state of the random order of warps and lengths of turns, when
    /// the launch varies its schedule ([`crate::kernel::KernelLaunch::schedule`]).
    shuffle: Option<Shuffle>,
}

impl Cta {
    /// CTA `linear` of a launch of `entry` (function `function`) over
    /// `grid` CTAs of `block` threads, in clusters of `cluster.0` (which
    /// the launch asked for if `cluster.1`), with `shared` bytes of shared
    /// memory, running `checks` over `launch`'s global memory.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        image: &Image,
        function: u32,
        linear: usize,
        grid: Dim3,
        block: Dim3,
        cluster: (Dim3, bool),
        shared: usize,
        checks: Checks,
        launch: &LaunchMemory,
        schedule: Option<u64>,
    ) -> Cta {
        let ctaid = grid.coords(linear);
        let threads = block.count();
        let code = &image.functions[function as usize];
        let mut warps = (0..threads.div_ceil(32))
            .map(|w| {
                let thread = |l: usize| {
                    let i = (w * 32 + l).min(threads - 1);
                    Thread {
                        tid: block.coords(i),
                        ntid: block.into(),
                        ctaid,
                        nctaid: grid.into(),
                        cluster: cluster.0.into(),
                        explicit_cluster: cluster.1,
                        lane: l as u32,
                        warp: w as u32,
                        index: linear * threads + w * 32 + l,
                    }
                };
                let present = if threads - w * 32 >= 32 {
                    u32::MAX
                } else {
                    (1u32 << (threads - w * 32)) - 1
                };
                Warp::new(
                    w as u32,
                    std::array::from_fn(thread),
                    present,
                    function,
                    code,
                    image.static_local,
                    image.layouts.clone(),
                )
            })
            .collect::<Vec<Warp>>();
        if checks.init {
            for warp in &mut warps {
                warp.track_registers();
            }
        }
        Cta {
            linear,
            ctaid,
            warps,
            barriers: Barriers::default(),
            stats: SharedStats::default(),
            output: Vec::new(),
            threads: threads as u32,
            exited: 0,
            next_warp: 0,
            rows: Box::new([[0; crate::exec::MAX_SLOTS]; 32]),
            register_requests: Default::default(),
            used: 0,
            quiet_tail: false,
            quiet_slices: 0,
            shuffle: schedule.map(|seed| Shuffle::new(seed, linear as u64)),
            observer: checks.any().then(|| {
                let mut check = CtaCheck::new(
                    checks,
                    linear as u32,
                    threads.div_ceil(32),
                    shared,
                    &[],
                    launch.global_check(),
                );
                if cluster.0.count() > 1 {
                    check.unseen_writes();
                }
                Box::new(check) as Box<dyn Observer>
            }),
        }
    }

    /// Runs a slice of at most `budget` steps, with `launch_facts` what its
    /// special registers say of the launch, `shared` its shared
    /// memory, `peers` the other CTAs' of its cluster and `cluster` the
    /// cluster's barrier. A CTA whose warps all wait, some at the cluster
    /// barrier or in a cluster of more than one, ends its slice early (the
    /// other CTAs of the cluster may release them; the cluster tells when
    /// none can).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run(
        &mut self,
        image: &Image,
        entry: &EntryInfo,
        launch: &LaunchMemory,
        launch_facts: &CtaFacts,
        shared: &mut [u8],
        mut peers: Peers<'_>,
        cluster: &mut ClusterBarrier,
        budget: u64,
    ) -> Result<SliceEnd, Box<ThreadFault>> {
        let fixed = Fixed {
            image,
            entry,
            launch,
            facts: CtaFacts {
                smid: (self.linear % crate::engine::residency::SMS as usize) as u32,
                own_shared: shared.len() as u64 - RESERVED_SHARED,
                reserved: RESERVED_SHARED,
                ..*launch_facts
            },
            shared_len: shared.len() as u64,
            shared_base: crate::memory::cluster_address::cluster_address(peers.rank(), 0),
        };
        let mut left = budget;
        let exited_before = self.exited;
        let n = self.warps.len();
        self.quiet_tail = false;
        // The global memory's count of changes as last seen, and the steps
        // spent when the CTA last saw progress in this slice.
        let changes_before = launch.global.changes();
        let mut changes = changes_before;
        let mut progress_at = None;
        loop {
            let mut ran = false;
            // The warps' order this pass: from the one after the last to
            // spend a turn, or, when the schedule varies, shuffled.
            let mut order: [usize; 32] = std::array::from_fn(|k| (self.next_warp + k) % n.max(1));
            if let Some(shuffle) = self.shuffle.as_mut() {
                shuffle.permute(&mut order[..n.min(32)]);
            }
            for &w in order.iter().take(n) {
                if self.warps[w].ready == 0 {
                    continue;
                }
                ran = true;
                let mut turn = match self.shuffle.as_mut() {
                    Some(shuffle) => 1 + shuffle.below(TURN),
                    None => TURN,
                }
                .min(left);
                let before = turn;
                let mut cx = CtaContext {
                    fixed,
                    shared: &mut *shared,
                    peers: peers.reborrow(),
                    cluster: &mut *cluster,
                    stats: &mut self.stats,
                    barriers: &mut self.barriers,
                    rows: &mut self.rows,
                    output: &mut self.output,
                    exited_threads: 0,
                    live: self.threads - self.exited,
                    yield_now: false,
                    register_requests: &mut self.register_requests,
                    observer: self.observer.as_deref_mut(),
                };
                let result = self.warps[w].run(&mut cx, &mut turn);
                let exited = cx.exited_threads;
                left -= before - turn;
                self.exited += exited;
                if let Err(fault) = result {
                    return Err(self.thread_fault(image, w, *fault));
                }
                self.release(image);
                if matches!(result, Ok(Stop::Budget)) || left == 0 {
                    self.next_warp = (w + 1) % n;
                }
                if left == 0 {
                    self.used = budget;
                    let quiet =
                        self.exited == exited_before && launch.global.changes() == changes_before;
                    self.pass_time(quiet);
                    return Ok(self.paused(exited_before));
                }
                let spent = budget - left;
                let now = launch.global.changes();
                if exited > 0 || now != changes {
                    changes = now;
                    progress_at = Some(spent);
                } else if progress_at.is_some_and(|at| spent - at >= QUIET_TAIL) {
                    self.used = spent;
                    self.quiet_tail = true;
                    return Ok(SliceEnd::Paused {
                        progress: true,
                        busy: false,
                    });
                }
            }
            if self.exited == self.threads {
                self.used = budget - left;
                return Ok(SliceEnd::Finished);
            }
            if !ran {
                self.release(image);
                if self.warps.iter().all(|w| w.ready == 0) {
                    if peers.size() > 1 || self.at_cluster_barrier() {
                        self.used = budget - left;
                        return Ok(self.paused(exited_before));
                    }
                    return Err(self.deadlock(image));
                }
            }
        }
    }

    /// Whether a lane waits at the cluster barrier.
    fn at_cluster_barrier(&self) -> bool {
        self.warps
            .iter()
            .any(|w| lanes_of(w.waiting).any(|l| w.wait_kind[l] == Some(WaitKind::ClusterBarrier)))
    }

    /// Whether every thread exited.
    pub(crate) fn finished(&self) -> bool {
        self.exited == self.threads
    }

    /// Threads that exited.
    pub(crate) fn exited(&self) -> u32 {
        self.exited
    }

    /// Threads that have not exited.
    pub(crate) fn live(&self) -> u32 {
        self.threads - self.exited
    }

    /// Releases `lanes` of warp `warp`, which waited at the cluster
    /// barrier.
    pub(crate) fn release_lanes(&mut self, warp: u32, lanes: u32) {
        if let Some(observer) = self.observer.as_deref_mut() {
            observer.cluster_wait(warp);
        }
        self.warps[warp as usize].release(lanes);
    }

    /// Counts a slice that spent its budget, `quiet` if it made no
    /// progress: the time that passed while the CTA spun goes onto its
    /// warps' clocks ([`QUIET_TIME`]).
    fn pass_time(&mut self, quiet: bool) {
        if !quiet {
            self.quiet_slices = 0;
            return;
        }
        let time = QUIET_TIME << self.quiet_slices.min(30);
        self.quiet_slices += 1;
        for warp in &mut self.warps {
            warp.waited += time;
        }
    }

    /// Ends a slice that spent its budget.
    fn paused(&self, exited_before: u32) -> SliceEnd {
        SliceEnd::Paused {
            progress: self.exited != exited_before,
            busy: false,
        }
    }

    /// Releases the lanes of every barrier whose threads have all arrived,
    /// writing a `bar.red`'s result to each lane's destination.
    fn release(&mut self, image: &Image) {
        let live = self.threads - self.exited;
        for done in self.barriers.complete(live) {
            if let Some(observer) = self.observer.as_deref_mut() {
                let waiters = done
                    .waiting
                    .iter()
                    .fold(0u32, |m, &(w, _)| m | 1 << (w % 32));
                observer.barrier(done.warps, waiters);
            }
            for (w, lanes) in done.waiting {
                let warp = &mut self.warps[w as usize];
                if let Some(value) = done.result {
                    for l in lanes_of(lanes) {
                        let (function, pc) = warp.position(l);
                        let frame = warp.frames[warp.frame[l] as usize];
                        let step = &image.functions[function as usize].steps[pc as usize];
                        if let Op::Machine { slots, .. } = &step.op {
                            warp.write(&slots[0], l, frame.reg_base as usize, value);
                        }
                    }
                }
                warp.release(lanes);
            }
        }
    }

    /// The fault of a lane of warp `w`, naming the thread and statement.
    fn thread_fault(&self, image: &Image, w: usize, fault: LaneFault) -> Box<ThreadFault> {
        let code = &image.functions[fault.function as usize];
        Box::new(ThreadFault {
            thread: Some(self.warps[w].threads[fault.lane as usize]),
            statement: code.texts.get(fault.pc as usize).cloned(),
            location: None,
            fault: fault.fault,
        })
    }

    /// The deadlock of a CTA whose lanes all wait and none can go on.
    pub(crate) fn deadlock(&self, image: &Image) -> Box<ThreadFault> {
        let live = self.threads - self.exited;
        let mut waiting: Vec<WaitingThreads> = Vec::new();
        let thread_index = |w: u32, l: usize| w as usize * 32 + l;
        for (site, groups) in self.barriers.sites(live) {
            waiting.push(WaitingThreads {
                at: site,
                threads: groups
                    .iter()
                    .flat_map(|&(w, lanes)| lanes_of(lanes).map(move |l| thread_index(w, l)))
                    .collect(),
            });
        }
        let mut statement = None;
        for warp in &self.warps {
            let collective: Vec<usize> = lanes_of(warp.waiting)
                .filter(|&l| warp.wait_kind[l] == Some(Waiting::Collective))
                .collect();
            if let Some(&first) = collective.first() {
                let (function, pc) = warp.position(first);
                let code = &image.functions[function as usize];
                statement = statement.or_else(|| code.texts.get(pc as usize).cloned());
                let key = match code.steps.get(pc as usize).map(|s| &s.op) {
                    Some(Op::Warp { sem, .. }) => sem.key(),
                    _ => "collective",
                };
                waiting.push(WaitingThreads {
                    at: WaitSite::Collective {
                        instruction: key,
                        warp: warp.index as usize,
                        membermask: None,
                    },
                    threads: collective
                        .iter()
                        .map(|&l| thread_index(warp.index, l))
                        .collect(),
                });
            }
        }
        waiting.sort_by_key(|w| w.threads.first().copied());
        let exited = self
            .warps
            .iter()
            .flat_map(|w| lanes_of(w.exited).map(move |l| thread_index(w.index, l)))
            .collect();
        Box::new(ThreadFault {
            thread: None,
            statement,
            location: None,
            fault: Fault::Sync(SyncFault::Deadlock {
                cta: self.ctaid,
                waiting,
                exited,
            }),
        })
    }

    /// What the sanitizer found in it, keyed for merging across CTAs
    /// (see [`crate::check::cta::merge_findings`]).
    pub(crate) fn findings(&mut self, image: &Image) -> Vec<(FindingKey, ThreadFault)> {
        let Some(observer) = self.observer.take() else {
            return Vec::new();
        };
        let threads: Vec<Thread> = self.warps.iter().flat_map(|w| w.threads).collect();
        let linear = self.linear as u32;
        let per_cta = self.threads as usize;
        CtaCheck::faults_of(
            observer,
            |cta, index| {
                let mut t = threads[(index as usize).min(threads.len() - 1)];
                if cta != linear {
                    // A thread of another CTA: only its index in the grid
                    // differs, and the CTA's coordinates follow from it.
                    let [gx, gy, _] = t.nctaid;
                    t.ctaid = [cta % gx, cta / gx % gy, cta / (gx * gy)];
                    t.index = cta as usize * per_cta + index as usize;
                }
                t
            },
            |site| site_text(image, site),
        )
    }

    /// The steps its warps ran, and the instructions its threads ran.
    pub(crate) fn steps(&self) -> Steps {
        Steps {
            warp: self.warps.iter().map(|w| w.clock).sum(),
            thread: self.warps.iter().map(|w| w.thread_steps).sum(),
        }
    }

    /// Where each warp's lanes stand, for a report of a grid that hangs:
    /// `warp 3: lanes 0-31 at `text``.
    pub(crate) fn positions(&self, image: &Image) -> Vec<String> {
        let mut out = Vec::new();
        for warp in &self.warps {
            let mut by_place: Vec<((u32, u32), u32)> = Vec::new();
            for l in lanes_of(warp.present & !warp.exited) {
                let at = warp.position(l);
                match by_place.iter_mut().find(|(p, _)| *p == at) {
                    Some((_, m)) => *m |= 1 << l,
                    None => by_place.push((at, 1 << l)),
                }
            }
            for ((function, pc), lanes) in by_place {
                let code = &image.functions[function as usize];
                let text = code
                    .texts
                    .get(pc as usize)
                    .cloned()
                    .unwrap_or_else(|| format!("the end of `{}`", code.name));
                out.push(format!(
                    "CTA ({}, {}, {}) warp {} lanes {:#010x} at {text}",
                    self.ctaid[0], self.ctaid[1], self.ctaid[2], warp.index, lanes
                ));
            }
        }
        out
    }
}

/// The statement at site `site` (see [`site_step`]): its text, with its line.
fn site_text(image: &Image, site: u32) -> Site {
    let (function, pc) = site_step(site);
    let code = image.functions.get(function as usize);
    (code.and_then(|c| c.texts.get(pc as usize).cloned()), None)
}
