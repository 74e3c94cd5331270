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
}
