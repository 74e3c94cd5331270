//! The CTAs of a thread-block cluster as one CTA's code sees them: the
//! view of the other CTAs' shared memories ([`Peers`]) that a running CTA
//! reaches them through (distributed shared memory; where each lies is
//! [`crate::memory::cluster_address`]), the cluster's shape and ranks, and
//! `barrier.cluster`.

use crate::exec::lanes_of;
use crate::fault::{Fault, SyncFault};
use crate::thread::Dim3;

/// The most CTAs a cluster may have (16 with the non-portable size
/// attribute; 8 is the portable limit).
pub const MAX_CLUSTER_CTAS: usize = 16;

/// The shared memories of the other CTAs of the running CTA's cluster, by
/// rank: those of lower rank (`before`) and of higher rank (`after`) than
/// the running CTA's own, which is held apart.
///
/// ```
/// use ptx_sim::engine::cluster::Peers;
/// let (mut zero, mut two) = (vec![vec![1u8; 4]], vec![vec![2u8; 4]]);
/// let mut peers = Peers::new(1, &mut zero, &mut two);
/// assert_eq!(peers.size(), 3);
/// assert_eq!(peers.shared(2).map(|s| s[0]), Some(2));
/// assert!(peers.shared(1).is_none()); // the running CTA's own
/// assert!(peers.shared(3).is_none());
/// ```
#[derive(Debug)]
pub struct Peers<'a> {
    rank: u32,
    before: &'a mut [Vec<u8>],
    after: &'a mut [Vec<u8>],
}

impl<'a> Peers<'a> {
    /// The peers of the CTA of rank `rank` (`before.len()`).
    pub fn new(rank: u32, before: &'a mut [Vec<u8>], after: &'a mut [Vec<u8>]) -> Peers<'a> {
        debug_assert_eq!(before.len(), rank as usize);
        Peers {
            rank,
            before,
            after,
        }
    }

    /// A CTA alone in its cluster.
    pub fn alone() -> Peers<'a> {
        Peers {
            rank: 0,
            before: &mut [],
            after: &mut [],
        }
    }

    /// The running CTA's rank.
    pub fn rank(&self) -> u32 {
        self.rank
    }

    /// How many CTAs the cluster has.
    pub fn size(&self) -> u32 {
        (self.before.len() + 1 + self.after.len()) as u32
    }

    /// The shared memory of the CTA of rank `rank`, if it is another CTA
    /// of the cluster.
    pub fn shared(&mut self, rank: u32) -> Option<&mut [u8]> {
        self.reborrow().into_shared(rank)
    }

    /// Where the CTA of rank `rank` is among the peers: in `before`
    /// (`Ok`) or in `after` (`Err`), at that index; `None` for the running
    /// CTA's own rank.
    fn slot(&self, rank: u32) -> Option<Result<usize, usize>> {
        let own = self.rank;
        match rank.cmp(&own) {
            std::cmp::Ordering::Less => Some(Ok(rank as usize)),
            std::cmp::Ordering::Greater => Some(Err((rank - own - 1) as usize)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// [`Peers::shared`], for as long as the view lives.
    pub fn into_shared(self, rank: u32) -> Option<&'a mut [u8]> {
        match self.slot(rank)? {
            Ok(i) => self.before.get_mut(i),
            Err(i) => self.after.get_mut(i),
        }
        .map(Vec::as_mut_slice)
    }

    /// The size of the shared memory of the CTA of rank `rank`, if it is
    /// another CTA of the cluster.
    pub fn len(&self, rank: u32) -> Option<usize> {
        match self.slot(rank)? {
            Ok(i) => self.before.get(i),
            Err(i) => self.after.get(i),
        }
        .map(Vec::len)
    }

    /// The same view, for a shorter time.
    pub fn reborrow(&mut self) -> Peers<'_> {
        Peers {
            rank: self.rank,
            before: self.before,
            after: self.after,
        }
    }
}

/// The CTA of rank `rank`'s shared memory among `all` (every CTA's, by
/// rank), and the view of the others it reaches them through.
///
/// ```
/// use ptx_sim::engine::cluster::split_shared;
/// let mut all = vec![vec![0u8; 4], vec![1; 4], vec![2; 4]];
/// let (own, mut peers) = split_shared(&mut all, 1);
/// assert_eq!(own[0], 1);
/// assert_eq!(peers.shared(2).map(|s| s[0]), Some(2));
/// ```
pub fn split_shared(all: &mut [Vec<u8>], rank: u32) -> (&mut [u8], Peers<'_>) {
    let (before, rest) = all.split_at_mut(rank as usize);
    let (own, after) = rest
        .split_first_mut()
        .expect("the rank is one of the cluster's");
    (own, Peers::new(rank, before, after))
}

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
