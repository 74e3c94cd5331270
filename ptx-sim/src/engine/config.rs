//! What a launch is configured with, whichever front-end runs it: the
//! grid, the CTA, the clusters, the workers, the sanitizer's checks, the
//! hang limit and the schedule, and the one check of a shape against the
//! H100's limits.
//!
//! [`crate::machine::Launch`] (closures) and [`crate::kernel::KernelLaunch`]
//! (a module's kernel) each hold a [`LaunchConfig`]; their setters of these
//! settings write it, and both check it with [`LaunchConfig::check`]
//! before a CTA starts, so a launch one front-end refuses the other
//! refuses too, with the same fault.
//!
//! ```
//! use ptx_sim::engine::config::LaunchConfig;
//! use ptx_sim::fault::{Fault, LaunchFault};
//! let mut config = LaunchConfig::new((4, 1, 1).into(), (32, 1, 65).into(), 1 << 20);
//! // z is at most 64 on the H100, though 32 × 65 threads would be too
//! // many anyway.
//! assert!(matches!(config.check(0), Err(Fault::Launch(LaunchFault::BlockTooLarge { .. }))));
//! config.block = (32, 2, 1).into();
//! config.cluster = Some((3, 1, 1).into());
//! // 4 CTAs are not a whole number of clusters of 3.
//! assert!(matches!(config.check(0), Err(Fault::Launch(LaunchFault::BadCluster { .. }))));
//! config.cluster = Some((2, 1, 1).into());
//! assert_eq!(config.check(48 * 1024), Ok(()));
//! assert_eq!(config.cluster_shape(), (2, 1, 1).into());
//! // A cooperative grid must fit at once: 132 SMs × 2 CTAs of 1024
//! // threads, 264.
//! let mut config = LaunchConfig::new(265.into(), 1024.into(), 1 << 20);
//! assert_eq!(config.check(0), Ok(()));
//! config.cooperative = true;
//! assert!(matches!(
//!     config.check(0),
//!     Err(Fault::Launch(LaunchFault::CooperativeTooLarge { ctas: 265, most: 264 }))
//! ));
//! config.grid = 264.into();
//! assert_eq!(config.check(0), Ok(()));
//! ```

use crate::check::Checks;
use crate::engine::cluster::shape_error;
use crate::engine::residency::{MAX_BLOCK_THREADS, MAX_SHARED_BYTES, resident};
use crate::fault::{Fault, LaunchFault};
pub use crate::shuffle::Order as Schedule;
use crate::thread::Dim3;

/// The settings every launch has, whichever front-end runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchConfig {
    /// The grid's shape, in CTAs.
    pub grid: Dim3,
    /// A CTA's shape, in threads.
    pub block: Dim3,
    /// The clusters' shape, if the launch asked for clusters.
    pub cluster: Option<Dim3>,
    /// How many worker threads run the CTAs; the machine's parallelism
    /// unless set.
    pub workers: Option<usize>,
    /// The sanitizer's checks; [`Checks::default_for_launch`] unless set.
    pub checks: Option<Checks>,
    /// How long a grid may run without progress before it stops with a
    /// hang fault, in the front-end's own unit (a closure's statements, a
    /// module's warp steps).
    pub hang_limit: u64,
    /// The order the CTAs' threads run in.
    pub schedule: Schedule,
    /// Whether the launch is cooperative: its CTAs must all fit on the
    /// H100 at once ([`LaunchConfig::check`]), and a module's kernel gets
    /// a grid workspace ([`crate::kernel::KernelLaunch::cooperative`]).
    pub cooperative: bool,
    /// What `%envreg0` to `%envreg31` read: the driver's environment for
    /// the kernel (0 unless set).
    pub envreg: [u32; 32],
}

impl LaunchConfig {
    /// `grid` CTAs of `block` threads, without clusters, on every core,
    /// with the default checks and schedule, stopping after `hang_limit`
    /// units without progress.
    pub fn new(grid: Dim3, block: Dim3, hang_limit: u64) -> LaunchConfig {
        LaunchConfig {
            grid,
            block,
            cluster: None,
            workers: None,
            checks: None,
            hang_limit,
            schedule: Schedule::FromEnv,
            cooperative: false,
            envreg: [0; 32],
        }
    }

    /// Whether the launch fits an H100, each CTA having `shared` bytes of
    /// its own shared memory: no zero dimension, a grid of at most
    /// 2³¹−1 × 65535 × 65535 CTAs, a CTA of at most 1024 threads
    /// (1024 × 1024 × 64), at most 227 KiB of shared memory, clusters
    /// that tile the grid (at most 16 CTAs, 8 in each dimension), and, for
    /// a cooperative launch, no more CTAs than the H100 holds at once.
    pub fn check(&self, shared: usize) -> Result<(), Fault> {
        let (g, b) = (self.grid, self.block);
        if g.count() == 0 || b.count() == 0 {
            return Err(Fault::Launch(LaunchFault::EmptyLaunch {
                grid: g,
                block: b,
            }));
        }
        if g.x > i32::MAX as u32 || g.y > 65535 || g.z > 65535 {
            return Err(Fault::Launch(LaunchFault::GridTooLarge { grid: g }));
        }
        if b.x > 1024 || b.y > 1024 || b.z > 64 || b.count() > MAX_BLOCK_THREADS {
            return Err(Fault::Launch(LaunchFault::BlockTooLarge { block: b }));
        }
        if shared > MAX_SHARED_BYTES {
            return Err(Fault::Launch(LaunchFault::SharedTooLarge {
                bytes: shared,
                max: MAX_SHARED_BYTES,
            }));
        }
        if let Some(detail) = self.cluster.and_then(|shape| shape_error(g, shape)) {
            return Err(Fault::Launch(LaunchFault::BadCluster { detail }));
        }
        let most = self.resident_clusters(shared) * self.cluster_shape().count();
        if self.cooperative && g.count() > most {
            return Err(Fault::Launch(LaunchFault::CooperativeTooLarge {
                ctas: g.count(),
                most,
            }));
        }
        Ok(())
    }

    /// The clusters' shape: 1x1x1 without clusters.
    pub fn cluster_shape(&self) -> Dim3 {
        self.cluster.unwrap_or(Dim3::from(1))
    }

    /// The worker threads to run on: as set, else one per core.
    pub fn worker_count(&self) -> usize {
        self.workers.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        })
    }

    /// The sanitizer's checks: as set, else the launch default.
    pub fn checks(&self) -> Checks {
        self.checks.unwrap_or_else(Checks::default_for_launch)
    }

    /// The seed of a varied schedule, if the launch runs one.
    pub fn seed(&self) -> Option<u64> {
        self.schedule.seed()
    }

    /// This configuration with the checks and the schedule as the
    /// environment makes them now (`PTX_SIM_CHECKS`, `PTX_SIM_SCHEDULE`),
    /// so that a launch reads the environment once, not per CTA.
    pub fn resolved(&self) -> LaunchConfig {
        LaunchConfig {
            checks: Some(self.checks()),
            schedule: self.seed().map_or(Schedule::Fixed, Schedule::Seed),
            ..self.clone()
        }
    }

    /// How many clusters the H100 holds at once, each CTA having `shared`
    /// bytes of its own shared memory (at least one).
    pub fn resident_clusters(&self, shared: usize) -> usize {
        (resident(self.block.count(), shared) / self.cluster_shape().count()).max(1)
    }
}
