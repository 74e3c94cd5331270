//! Who a thread is in its launch: the grid and block shapes ([`Dim3`]) and
//! a thread's place in them ([`Thread`]), what the special registers
//! answer and what faults name. Every layer uses these; they use nothing.

/// Grid or block dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3 {
    /// Extent in x.
    pub x: u32,
    /// Extent in y.
    pub y: u32,
    /// Extent in z.
    pub z: u32,
}

impl Dim3 {
    /// How many threads (or CTAs) the dimensions hold.
    pub fn count(self) -> usize {
        self.x as usize * self.y as usize * self.z as usize
    }

    /// The coordinates of the `i`-th point, x fastest: a thread's `%tid`
    /// from its index in the CTA, a CTA's `%ctaid` from its index in the
    /// grid.
    ///
    /// ```
    /// use ptx_sim::machine::Dim3;
    /// let block = Dim3::from((4, 3, 2));
    /// assert_eq!(block.coords(17), [1, 1, 1]);
    /// assert_eq!(block.index([1, 1, 1]), 17);
    /// ```
    pub fn coords(self, i: usize) -> [u32; 3] {
        if self.y == 1 && self.z == 1 {
            // A line of points (the common grid): no division.
            return [i as u32, 0, 0];
        }
        let (x, y) = (self.x as usize, self.y as usize);
        [(i % x) as u32, (i / x % y) as u32, (i / (x * y)) as u32]
    }

    /// The index of the point at `coords`, x fastest (the inverse of
    /// [`Dim3::coords`]).
    pub fn index(self, [x, y, z]: [u32; 3]) -> usize {
        x as usize + self.x as usize * (y as usize + self.y as usize * z as usize)
    }
}

/// `2048×1×1`: the extents, x first, as messages show a shape.
///
/// ```
/// use ptx_sim::machine::Dim3;
/// assert_eq!(Dim3::from((2048, 2, 1)).to_string(), "2048×2×1");
/// ```
impl std::fmt::Display for Dim3 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}×{}×{}", self.x, self.y, self.z)
    }
}

impl From<u32> for Dim3 {
    fn from(x: u32) -> Dim3 {
        Dim3 { x, y: 1, z: 1 }
    }
}

impl From<(u32, u32)> for Dim3 {
    fn from((x, y): (u32, u32)) -> Dim3 {
        Dim3 { x, y, z: 1 }
    }
}

impl From<(u32, u32, u32)> for Dim3 {
    fn from((x, y, z): (u32, u32, u32)) -> Dim3 {
        Dim3 { x, y, z }
    }
}

impl From<[u32; 3]> for Dim3 {
    fn from([x, y, z]: [u32; 3]) -> Dim3 {
        Dim3 { x, y, z }
    }
}

impl From<Dim3> for [u32; 3] {
    fn from(d: Dim3) -> [u32; 3] {
        [d.x, d.y, d.z]
    }
}

/// Who a thread is, as its closure sees it (the special registers say the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thread {
    /// `%tid`
    pub tid: [u32; 3],
    /// `%ntid`
    pub ntid: [u32; 3],
    /// `%ctaid`
    pub ctaid: [u32; 3],
    /// `%nctaid`
    pub nctaid: [u32; 3],
    /// `%cluster_nctaid`: the shape of the thread's cluster in CTAs
    /// (1x1x1 when the launch has no clusters).
    pub cluster: [u32; 3],
    /// `%is_explicit_cluster`: whether the launch asked for clusters (by
    /// the kernel's `.reqnctapercluster` or the launch's shape), rather
    /// than each CTA being an implicit cluster of one.
    pub explicit_cluster: bool,
    /// `%laneid`
    pub lane: u32,
    /// `%warpid` (the warp's index in its CTA)
    pub warp: u32,
    /// The thread's index in the launch's results.
    pub index: usize,
}

impl Thread {
    /// Thread 0 of a one-thread grid: who runs a statement outside a launch.
    pub const SINGLE: Thread = Thread {
        tid: [0; 3],
        ntid: [1, 1, 1],
        ctaid: [0; 3],
        nctaid: [1, 1, 1],
        cluster: [1, 1, 1],
        explicit_cluster: false,
        lane: 0,
        warp: 0,
        index: 0,
    };

    /// The warps of the thread's CTA (not `%nwarpid`, which counts an SM's
    /// warp slots: 64 on the H100).
    ///
    /// ```
    /// use ptx_sim::machine::Thread;
    /// let t = Thread { ntid: [48, 2, 1], ..Thread::SINGLE };
    /// assert_eq!(t.nwarps(), 3); // 96 threads
    /// ```
    pub fn nwarps(&self) -> u32 {
        let threads: u32 = self.ntid.iter().product();
        threads.div_ceil(32)
    }

    /// `%cluster_ctaid`: the CTA's place in its cluster.
    ///
    /// ```
    /// use ptx_sim::machine::Thread;
    /// let t = Thread { ctaid: [5, 3, 0], nctaid: [8, 4, 1], cluster: [2, 2, 1], ..Thread::SINGLE };
    /// assert_eq!(t.cluster_ctaid(), [1, 1, 0]);
    /// assert_eq!(t.clusterid(), [2, 1, 0]);
    /// assert_eq!(t.nclusterid(), [4, 2, 1]);
    /// assert_eq!((t.cluster_rank(), t.cluster_size()), (3, 4));
    /// ```
    pub fn cluster_ctaid(&self) -> [u32; 3] {
        std::array::from_fn(|c| self.ctaid[c] % self.cluster[c].max(1))
    }

    /// `%clusterid`: the cluster's place in the grid.
    pub fn clusterid(&self) -> [u32; 3] {
        std::array::from_fn(|c| self.ctaid[c] / self.cluster[c].max(1))
    }

    /// `%nclusterid`: the grid's shape in clusters.
    pub fn nclusterid(&self) -> [u32; 3] {
        std::array::from_fn(|c| self.nctaid[c] / self.cluster[c].max(1))
    }

    /// `%cluster_ctarank`: the CTA's rank in its cluster, x fastest.
    pub fn cluster_rank(&self) -> u32 {
        Dim3::from(self.cluster).index(self.cluster_ctaid()) as u32
    }

    /// `%cluster_nctarank`: how many CTAs the cluster has.
    pub fn cluster_size(&self) -> u32 {
        self.cluster.iter().product()
    }
}
