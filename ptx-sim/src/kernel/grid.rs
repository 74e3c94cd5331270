//! A module's grid on the engine's one grid ([`crate::engine::grid`]):
//! each resident cluster's whole state is a value, its CTAs' warps taking
//! turns for a slice of warp steps at a time; a grid in which no thread
//! exits, no global memory changes and no cluster's registers or shared
//! memory change for the hang limit's worth of steps ends with
//! [`crate::fault::LaunchFault::Hang`], naming where every warp stands.

use super::cluster::Cluster;
use super::cta::Steps;
use super::load::{EntryInfo, Image};
use crate::check::cta::{FindingKey, merge_findings};
use crate::engine::config::LaunchConfig;
use crate::engine::grid::{Front, Plan, Resident, SliceEnd};
use crate::engine::residency::SHARED_RESERVED_PER_CTA;
use crate::engine::special::CtaFacts;
use crate::fault::{Fault, ThreadFault};
use crate::lane::LaunchMemory;
use crate::memory::bank_counts::SharedStats;

/// Steps a cluster runs before it goes back to the queue.
const SLICE: u64 = 1 << 15;

/// Steps a cluster whose last slice made no progress runs: it most likely
/// spins on a flag another cluster sets, so the queue comes round to that
/// one sooner (a chain of 132 CTAs, each waiting for the next, on one
/// worker: about 285 million steps with full slices, 17 million with
/// these; `tests/kernels.rs`).
const STALLED_SLICE: u64 = 1 << 10;

/// What a grid's run needs.
pub(crate) struct Grid<'a> {
    pub image: &'a Image,
    pub function: u32,
    pub entry: &'a EntryInfo,
    pub launch: &'a LaunchMemory,
    /// The launch's grid, CTA, clusters (as the kernel has them), workers,
    /// checks, hang limit and schedule, checked.
    pub config: &'a LaunchConfig,
    /// Shared memory of a CTA: the reserved region, static and dynamic.
    pub shared: usize,
    pub dynamic_shared: u64,
}

/// What a grid's run leaves besides global memory.
pub(crate) struct Outcome {
    pub stats: SharedStats,
    pub steps: Steps,
    /// What the threads printed, CTA by CTA.
    pub output: Vec<u8>,
    /// The fault that stopped the grid, if one did.
    pub faults: Vec<ThreadFault>,
    /// What the sanitizer found, one fault per finding, in CTA order.
    pub findings: Vec<ThreadFault>,
}

/// One resident cluster of a module's grid, with what its slices need.
pub(crate) struct WarpCluster<'a> {
    cluster: Box<Cluster>,
    image: &'a Image,
    entry: &'a EntryInfo,
    launch: &'a LaunchMemory,
    /// What its CTAs' special registers say of the launch (the dynamic
    /// shared memory, the environment registers); each CTA adds its own.
    facts: CtaFacts,
}

impl Resident for WarpCluster<'_> {
    fn run(&mut self, budget: u64) -> Result<(SliceEnd, u64), Box<ThreadFault>> {
        let end = self
            .cluster
            .run(self.image, self.entry, self.launch, &self.facts, budget)?;
        Ok((end, self.cluster.used))
    }

    fn positions(&mut self) -> Vec<String> {
        self.cluster.positions(self.image)
    }

    fn stop(&mut self, _: &Fault) {
        // Its state is a value: the grid drops it.
    }
}

/// What a finished cluster leaves: each CTA's output with its index in
/// the grid, its counts, and the sanitizer's findings.
pub(crate) struct Done {
    outputs: Vec<(usize, Vec<u8>)>,
    stats: SharedStats,
    steps: Steps,
    findings: Vec<(FindingKey, ThreadFault)>,
}

impl<'a> Front for Grid<'a> {
    type Cluster = WarpCluster<'a>;
    type Done = Done;

    fn admit(&self, index: usize) -> WarpCluster<'a> {
        let config = self.config;
        let mut cluster = Cluster::new(
            self.image,
            self.function,
            index,
            config.grid,
            config.block,
            config.cluster_shape(),
            config.cluster.is_some(),
            self.shared,
            config.checks(),
            self.launch,
            config.seed(),
        );
        cluster.busy_limit = config
            .hang_limit
            .saturating_mul(super::cluster::BUSY_FACTOR);
        WarpCluster {
            cluster: Box::new(cluster),
            image: self.image,
            entry: self.entry,
            launch: self.launch,
            facts: CtaFacts {
                dynamic_shared: self.dynamic_shared,
                envreg: config.envreg,
                ..CtaFacts::default()
            },
        }
    }

    fn finish(&self, cluster: &mut WarpCluster<'a>) -> Done {
        let (outputs, stats, steps) = cluster.cluster.finish();
        let findings = cluster.cluster.findings(self.image);
        Done {
            outputs,
            stats,
            steps,
            findings,
        }
    }

    fn changes(&self) -> u64 {
        self.launch.global.changes()
    }
}

impl Grid<'_> {
    /// Runs every CTA of the grid, a cluster at a time.
    pub(crate) fn run(&self) -> Outcome {
        let config = self.config;
        let own = self.shared - SHARED_RESERVED_PER_CTA;
        let plan = Plan {
            clusters: config.grid.count() / config.cluster_shape().count(),
            workers: config.worker_count(),
            resident: config.resident_clusters(own),
            hang_limit: config.hang_limit,
            stall: None,
            slice: SLICE,
            stalled_slice: STALLED_SLICE,
        };
        let ran = crate::engine::grid::run(self, plan);
        let mut outcome = Outcome {
            stats: SharedStats::default(),
            steps: Steps::default(),
            output: Vec::new(),
            faults: ran.fault.into_iter().collect(),
            findings: Vec::new(),
        };
        let mut outputs = Vec::new();
        let mut findings = Vec::new();
        for (_, done) in ran.done {
            outcome.stats.merge(&done.stats);
            outcome.steps.add(done.steps);
            // A cluster the grid stopped leaves no findings: its threads
            // did not finish.
            if outcome.faults.is_empty() && !done.findings.is_empty() {
                let first = done.outputs.first().map_or(0, |(linear, _)| *linear);
                findings.push((first, done.findings));
            }
            outputs.extend(done.outputs);
        }
        outputs.sort_by_key(|(linear, _)| *linear);
        findings.sort_by_key(|(linear, _)| *linear);
        outcome.output = outputs.into_iter().flat_map(|(_, o)| o).collect();
        outcome.findings = merge_findings(findings.into_iter().map(|(_, f)| f));
        outcome
    }
}
