//! The CTAs of a thread-block cluster: the cluster's shape and ranks, and
//! `barrier.cluster`. The view through which a running CTA reaches the
//! others' shared memories is [`crate::memory::peers`].

use crate::exec::lanes_of;
use crate::fault::{Fault, SyncFault};
use crate::thread::Dim3;

/// The most CTAs a cluster may have (16 with the non-portable size
/// attribute; 8 is the portable limit).
pub const MAX_CLUSTER_CTAS: usize = 16;

/// Why a launch of `grid` CTAs in clusters of `shape` cannot run, if it
/// cannot: a dimension of 0, more than [`MAX_CLUSTER_CTAS`] CTAs, or a
/// grid that is not a whole number of clusters.
///
/// ```
/// use ptx_sim::engine::cluster::shape_error;
/// use ptx_sim::machine::Dim3;
/// assert_eq!(shape_error(Dim3::from(8), Dim3::from(4)), None);
/// assert!(shape_error(Dim3::from(6), Dim3::from(4)).unwrap().contains("whole number"));
/// assert!(shape_error(Dim3::from(32), Dim3::from(32)).is_some());
/// ```
pub fn shape_error(grid: Dim3, shape: Dim3) -> Option<String> {
    let (c, g) = ([shape.x, shape.y, shape.z], [grid.x, grid.y, grid.z]);
    if c.contains(&0) || shape.count() > MAX_CLUSTER_CTAS {
        return Some(format!(
            "a cluster of {shape} CTAs is not 1 to {MAX_CLUSTER_CTAS} CTAs"
        ));
    }
    if (0..3).any(|k| g[k] % c[k] != 0) {
        return Some(format!(
            "the grid {grid} is not a whole number of clusters of {shape}"
        ));
    }
    None
}

/// The `%ctaid` of the CTA of rank `rank` in cluster `index` (x fastest
/// over the grid's clusters) of a grid of `grid` CTAs in clusters of
/// `shape`.
///
/// ```
/// use ptx_sim::engine::cluster::cluster_ctaid;
/// use ptx_sim::machine::Dim3;
/// // A 4x2 grid in 2x2 clusters: cluster 1's rank 3 is CTA (3, 1).
/// assert_eq!(cluster_ctaid(Dim3::from([4, 2, 1]), Dim3::from([2, 2, 1]), 1, 3), [3, 1, 0]);
/// ```
pub fn cluster_ctaid(grid: Dim3, shape: Dim3, index: usize, rank: u32) -> [u32; 3] {
    if shape.count() == 1 {
        // No clusters: cluster `index` is CTA `index`.
        return grid.coords(index);
    }
    let clusters = Dim3::from((grid.x / shape.x, grid.y / shape.y, grid.z / shape.z));
    let cluster_id = clusters.coords(index);
    let at = shape.coords(rank as usize);
    let shape = [shape.x, shape.y, shape.z];
    std::array::from_fn(|c| cluster_id[c] * shape[c] + at[c])
}

/// No arrival pending (see [`ClusterBarrier::arrival`]).
const NOT_ARRIVED: u64 = u64::MAX;

/// The cluster barrier: who arrived in the current phase, and who waits.
#[derive(Default, Debug)]
pub(crate) struct ClusterBarrier {
    /// Threads of the cluster (by rank, then index in the CTA) per CTA.
    threads_per_cta: usize,
    /// Threads of the cluster.
    threads: usize,
    /// Arrivals, by threads that have not exited, in the current phase.
    pub(crate) arrived: u32,
    /// Phases completed so far.
    completed: u64,
    /// Each thread's pending arrival: the phase it arrived in, until its
    /// `wait`.
    arrival: Vec<u64>,
    /// Lanes waiting for the current phase: (rank, warp, lanes).
    pub(crate) waiting: Vec<(u32, u32, u32)>,
}

impl ClusterBarrier {
    /// A barrier for a cluster of `ctas` CTAs of `threads_per_cta` threads.
    pub(crate) fn new(ctas: usize, threads_per_cta: usize) -> ClusterBarrier {
        ClusterBarrier {
            threads_per_cta,
            threads: ctas * threads_per_cta,
            ..ClusterBarrier::default()
        }
    }

    /// Thread `thread` (its index in CTA `rank`) arrives. An arrival
    /// before the thread's `wait` for its last one is out of order.
    pub(crate) fn arrive(&mut self, rank: u32, thread: usize) -> Result<(), Fault> {
        let (t, completed) = (
            rank as usize * self.threads_per_cta + thread,
            self.completed,
        );
        let Some(slot) = self.slot(t) else {
            return Ok(());
        };
        if *slot != NOT_ARRIVED {
            return Err(Fault::Sync(SyncFault::ClusterBarrier {
                instruction: "barrier.cluster.arrive",
                detail: format!(
                    "thread {thread} of the CTA of rank {rank} arrives again before its barrier.cluster.wait for its last arrival"
                ),
            }));
        }
        *slot = completed;
        self.arrived += 1;
        Ok(())
    }

    /// Thread `thread` of CTA `rank` reaches `barrier.cluster.wait`:
    /// whether the phase it arrived in has completed (it goes on, its
    /// arrival consumed); else it must wait. A wait without an arrival is
    /// out of order.
    pub(crate) fn wait(&mut self, rank: u32, thread: usize) -> Result<bool, Fault> {
        let (t, completed) = (
            rank as usize * self.threads_per_cta + thread,
            self.completed,
        );
        let Some(slot) = self.slot(t) else {
            return Ok(true);
        };
        if *slot == NOT_ARRIVED {
            return Err(Fault::Sync(SyncFault::ClusterBarrier {
                instruction: "barrier.cluster.wait",
                detail: format!(
                    "thread {thread} of the CTA of rank {rank} waits without a barrier.cluster.arrive before it"
                ),
            }));
        }
        let done = *slot < completed;
        if done {
            *slot = NOT_ARRIVED;
        }
        Ok(done)
    }

    /// Thread `t`'s pending arrival (the arrivals are laid out at the
    /// first use: most CTAs never reach the cluster barrier).
    fn slot(&mut self, t: usize) -> Option<&mut u64> {
        if self.arrival.is_empty() {
            self.arrival = vec![NOT_ARRIVED; self.threads];
        }
        self.arrival.get_mut(t)
    }

    /// `lanes` of warp `warp` of CTA `rank` wait for the current phase.
    pub(crate) fn block(&mut self, rank: u32, warp: u32, lanes: u32) {
        self.waiting.push((rank, warp, lanes));
    }

    /// Thread `thread` of CTA `rank` exits: an arrival of it in the
    /// current phase no longer counts (the barrier waits for the threads
    /// that have not exited).
    pub(crate) fn exit(&mut self, rank: u32, thread: usize) {
        let t = rank as usize * self.threads_per_cta + thread;
        if let Some(slot) = self.arrival.get_mut(t) {
            if *slot == self.completed {
                self.arrived -= 1;
            }
            *slot = NOT_ARRIVED;
        }
    }

    /// Completes the current phase if its `live` threads have all
    /// arrived: the lanes that waited for it, (rank, warp, lanes), with
    /// their arrivals consumed.
    pub(crate) fn settle(&mut self, live: u32) -> Vec<(u32, u32, u32)> {
        if self.arrived == 0 || self.arrived < live {
            return Vec::new();
        }
        let phase = self.completed;
        self.completed += 1;
        self.arrived = 0;
        let waiting = std::mem::take(&mut self.waiting);
        for &(rank, warp, lanes) in &waiting {
            for l in lanes_of(lanes) {
                let t = rank as usize * self.threads_per_cta + warp as usize * 32 + l;
                if self.arrival.get(t) == Some(&phase) {
                    self.arrival[t] = NOT_ARRIVED;
                }
            }
        }
        waiting
    }
}
