//! One thread-block cluster of a kernel launch: its CTAs, resident
//! together and run in turns on one worker, their shared memories (which
//! each reaches in the others through `.shared::cluster` addresses) and
//! the cluster barrier (`barrier.cluster.arrive` / `wait`).
//!
//! A launch without clusters runs each CTA as a cluster of one. In a
//! larger cluster, the CTAs take turns in rank order, each for a turn's
//! budget or until all its warps wait; a CTA whose warps all wait, some of
//! them at the cluster barrier, waits for the others rather than being
//! deadlocked. The cluster barrier completes between turns, once every
//! thread of the cluster that has not exited has arrived.

use super::cta::{Cta, SliceEnd, Steps};
use super::load::{EntryInfo, Image};
use crate::check::Checks;
use crate::check::cta::FindingKey;
use crate::engine::cluster::{ClusterBarrier, cluster_ctaid};
use crate::engine::special::CtaFacts;
use crate::exec::lanes_of;
use crate::fault::{Fault, SyncFault, ThreadFault, WaitSite, Waiting as WaitingThreads};
use crate::lane::LaunchMemory;
use crate::memory::bank_counts::SharedStats;
use crate::memory::peers::split_shared;
use crate::thread::Dim3;

/// Steps one CTA of a cluster runs before the next CTA's turn.
const CTA_TURN: u64 = 1 << 12;

/// How many times the launch's hang limit a cluster may run with no
/// thread exiting while the only sign of its progress is that its
/// registers or shared memory differ from one slice's end to the next:
/// past that, it no longer counts. A loop that counts while it waits for
/// what never comes (`while (!flag) tries++;`) changes a register forever,
/// and must still end as stuck (with the default limit, after 2^30 steps:
/// about a minute of one worker's time).
pub(crate) const BUSY_FACTOR: u64 = 64;

/// Steps between two fingerprints of a cluster's state (one full slice).
const FINGERPRINT_EVERY: u64 = 1 << 15;

/// One cluster of a launch.
pub(crate) struct Cluster {
    /// Its CTAs, by rank.
    pub ctas: Vec<Cta>,
    /// Each CTA's shared memory, by rank.
    shared: Vec<Vec<u8>>,
    barrier: ClusterBarrier,
    /// The CTA whose turn is next.
    next: usize,
    /// Steps run in the last slice.
    pub used: u64,
    /// The fingerprint of its state at the end of the last slice
    /// ([`Cluster::fingerprint`]).
    fingerprint: u64,
    /// Steps run since one of its threads last exited.
    busy: u64,
    /// Steps run since the last fingerprint.
    unhashed: u64,
    /// Whether the last fingerprint differed from the one before.
    changed: bool,
    /// Steps without an exit after which a changing state no longer
    /// makes the cluster busy (the hang limit times [`BUSY_FACTOR`], as
    /// the grid sets it; 0, never busy, until then).
    pub busy_limit: u64,
}

impl Cluster {
    /// Cluster `index` (x fastest over the grid's clusters) of a launch of
    /// `function` over `grid` CTAs of `block` threads in clusters of
    /// `shape` (explicit: the launch asked for clusters), each CTA with
    /// `shared` bytes of shared memory.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        image: &Image,
        function: u32,
        index: usize,
        grid: Dim3,
        block: Dim3,
        shape: Dim3,
        explicit: bool,
        shared: usize,
        checks: Checks,
        launch: &LaunchMemory,
        schedule: Option<u64>,
    ) -> Cluster {
        let ctas: Vec<Cta> = (0..shape.count() as u32)
            .map(|rank| {
                Cta::new(
                    image,
                    function,
                    grid.index(cluster_ctaid(grid, shape, index, rank)),
                    grid,
                    block,
                    (shape, explicit),
                    shared,
                    checks,
                    launch,
                    schedule,
                )
            })
            .collect();
        Cluster {
            barrier: ClusterBarrier::new(ctas.len(), block.count()),
            shared: vec![vec![0; shared]; ctas.len()],
            ctas,
            next: 0,
            used: 0,
            fingerprint: 0,
            busy: 0,
            unhashed: 0,
            changed: false,
            // The grid sets it from the launch's hang limit.
            busy_limit: 0,
        }
    }

    /// Runs a slice of at most `budget` steps: a single CTA runs it all,
    /// the CTAs of a larger cluster take turns.
    pub(crate) fn run(
        &mut self,
        image: &Image,
        entry: &EntryInfo,
        launch: &LaunchMemory,
        facts: &CtaFacts,
        budget: u64,
    ) -> Result<SliceEnd, Box<ThreadFault>> {
        let n = self.ctas.len();
        let exited_before = self.exited();
        let mut left = budget;
        loop {
            let mut ran = false;
            for k in 0..n {
                let r = (self.next + k) % n;
                if self.ctas[r].finished() {
                    continue;
                }
                let turn = if n == 1 { left } else { CTA_TURN.min(left) };
                let (own, peers) = split_shared(&mut self.shared, r as u32);
                let end = self.ctas[r].run(
                    image,
                    entry,
                    launch,
                    facts,
                    own,
                    peers,
                    &mut self.barrier,
                    turn,
                )?;
                let used = self.ctas[r].used;
                left -= used;
                if n == 1 && self.ctas[r].quiet_tail {
                    // It progressed, then went quiet: others should run.
                    self.used = budget - left;
                    return Ok(end);
                }
                ran |= used > 0 || end == SliceEnd::Finished;
                self.settle();
                if left == 0 {
                    self.next = (r + 1) % n;
                    self.used = budget;
                    return Ok(self.end(exited_before));
                }
            }
            if self.ctas.iter().all(Cta::finished) {
                self.used = budget - left;
                return Ok(SliceEnd::Finished);
            }
            if !ran && !self.settle() {
                return Err(self.deadlock(image));
            }
        }
    }

    /// Threads of the cluster that have exited.
    fn exited(&self) -> u32 {
        self.ctas.iter().map(Cta::exited).sum()
    }

    /// How a slice that spent its budget ended: with progress if a thread
    /// exited; else busy if the cluster's registers or shared memory
    /// differ from what they were a fingerprint ago (a CTA that computes
    /// for long in registers and shared memory before it writes global
    /// memory, as binomialOptions does, is busy, not stuck), for at most
    /// [`Cluster::busy_limit`] steps without an exit. A warp spinning on
    /// a flag nobody writes leaves both as they were. The fingerprint is
    /// taken once per [`FINGERPRINT_EVERY`] steps, so that the short
    /// slices of a spinning cluster do not each hash its whole state.
    fn end(&mut self, exited_before: u32) -> SliceEnd {
        if self.ctas.iter().all(Cta::finished) {
            return SliceEnd::Finished;
        }
        let exited = self.exited() != exited_before;
        self.busy = if exited {
            0
        } else {
            self.busy.saturating_add(self.used)
        };
        self.unhashed = self.unhashed.saturating_add(self.used);
        if self.unhashed >= FINGERPRINT_EVERY {
            self.unhashed = 0;
            let fingerprint = self.fingerprint();
            self.changed = fingerprint != self.fingerprint;
            self.fingerprint = fingerprint;
        }
        SliceEnd::Paused {
            progress: exited,
            busy: self.changed && self.busy < self.busy_limit,
        }
    }

    /// A hash of what the cluster's threads compute with: every warp's
    /// registers and local memory, and the CTAs' shared memory. Equal at
    /// two slices' ends when the threads only spin.
    fn fingerprint(&self) -> u64 {
        let mut hash = Fold::default();
        for cta in &self.ctas {
            for warp in &cta.warps {
                hash.words(warp.regs.iter().copied());
                for local in &warp.locals {
                    hash.bytes(local);
                }
            }
        }
        for shared in &self.shared {
            hash.bytes(shared);
        }
        hash.0
    }

    /// Completes the cluster barrier's phase if its threads have all
    /// arrived, releasing who waited; whether it did.
    fn settle(&mut self) -> bool {
        let live = self.ctas.iter().map(Cta::live).sum();
        let released = self.barrier.settle(live);
        for &(rank, warp, lanes) in &released {
            self.ctas[rank as usize].release_lanes(warp, lanes);
        }
        !released.is_empty()
    }

    /// The deadlock of a cluster whose CTAs all wait: the report of the
    /// first CTA with threads waiting elsewhere than at the cluster barrier
    /// (what holds the others up), else the first CTA's, with who waits
    /// at the cluster barrier added (thread indices in their CTA, whose
    /// rank the place names).
    fn deadlock(&self, image: &Image) -> Box<ThreadFault> {
        let reports: Vec<Box<ThreadFault>> = self.ctas.iter().map(|c| c.deadlock(image)).collect();
        let holding = reports.iter().position(
            |r| matches!(&r.fault, Fault::Sync(SyncFault::Deadlock { waiting, .. }) if !waiting.is_empty()),
        );
        let mut fault = reports
            .into_iter()
            .nth(holding.unwrap_or(0))
            .expect("a cluster has a CTA");
        if let Fault::Sync(SyncFault::Deadlock { waiting, .. }) = &mut fault.fault {
            let live: u32 = self.ctas.iter().map(Cta::live).sum();
            for &(rank, warp, lanes) in &self.barrier.waiting {
                waiting.push(WaitingThreads {
                    at: WaitSite::ClusterBarrier {
                        rank,
                        expected: live as usize,
                        arrived: self.barrier.arrived as usize,
                    },
                    threads: lanes_of(lanes).map(|l| warp as usize * 32 + l).collect(),
                });
            }
        }
        fault
    }

    /// What its CTAs printed, ran and counted, once it finished: each
    /// CTA's output with its index in the grid.
    pub(crate) fn finish(&mut self) -> (Vec<(usize, Vec<u8>)>, SharedStats, Steps) {
        let mut stats = SharedStats::default();
        let mut steps = Steps::default();
        let outputs = self
            .ctas
            .iter_mut()
            .map(|cta| {
                stats.merge(&cta.stats);
                steps.add(cta.steps());
                (cta.linear, std::mem::take(&mut cta.output))
            })
            .collect();
        (outputs, stats, steps)
    }

    /// What the sanitizer found in its CTAs, each keyed for merging.
    pub(crate) fn findings(&mut self, image: &Image) -> Vec<(FindingKey, ThreadFault)> {
        self.ctas
            .iter_mut()
            .flat_map(|cta| cta.findings(image))
            .collect()
    }

    /// Where each warp of each CTA stands, for a report of a grid that
    /// hangs.
    pub(crate) fn positions(&self, image: &Image) -> Vec<String> {
        self.ctas.iter().flat_map(|c| c.positions(image)).collect()
    }
}

/// A fast, non-cryptographic hash of words (a multiply and rotate per
/// word), for [`Cluster::fingerprint`]: it compares a state with itself a
/// slice later, so it needs speed, not resistance to crafted input.
#[derive(Default)]
struct Fold(u64);

impl Fold {
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn words(&mut self, words: impl Iterator<Item = u64>) {
        for w in words {
            self.word(w);
        }
    }

    fn bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().unwrap_or_default()));
        }
        let mut tail = [0u8; 8];
        tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.word(u64::from_le_bytes(tail) ^ bytes.len() as u64);
    }
}
