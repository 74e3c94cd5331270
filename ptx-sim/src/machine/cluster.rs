//! The CTAs of a thread-block cluster as one CTA's code sees them: where
//! each CTA's shared memory lies in the `.shared::cluster` window, and the
//! view of the other CTAs' shared memories ([`Peers`]) that a running CTA
//! reaches them through (distributed shared memory).
//!
//! The layout is the H100's (`cluster/addr/*` kernel cases): the
//! `.shared::cluster` window gives each CTA 16 MiB, the CTA of rank `r`
//! at `r << 24`, so a `.shared::cluster` address is the rank above an
//! offset into that CTA's shared memory. A CTA's own `.shared::cta`
//! addresses are offsets (what a variable's address is) and, as
//! `cvta.to.shared` gives them, the same offsets in its own rank's window;
//! both reach its own memory. Generic addresses see the whole
//! `.shared::cluster` window at
//! [`SHARED_WINDOW`](crate::machine::spaces::SHARED_WINDOW), so a CTA's own
//! variables appear at `SHARED_WINDOW + (rank << 24) + offset`. Without
//! clusters every CTA is rank 0 and the windows are plain offsets.
//!
//! ```
//! use ptx_sim::machine::cluster::{ClusterAddress, cluster_address, cta_offset};
//! let a = cluster_address(1, 0x40);
//! assert_eq!(a, 0x0100_0040);
//! assert_eq!(ClusterAddress::decode(a), ClusterAddress { rank: 1, offset: 0x40 });
//! // The CTA of rank 1 reaches its own memory at 0x40 and at 0x0100_0040.
//! assert_eq!(cta_offset(0x40, 1), 0x40);
//! assert_eq!(cta_offset(a, 1), 0x40);
//! ```

/// How far apart the CTAs' windows lie in the `.shared::cluster` window
/// (more than the 228 KiB an SM has).
pub const CLUSTER_STRIDE: u64 = 1 << 24;

/// The most CTAs a cluster may have (16 with the non-portable size
/// attribute; 8 is the portable limit).
pub const MAX_CLUSTER_CTAS: usize = 16;

/// The `.shared::cluster` address of `offset` in the shared memory of the
/// CTA of rank `rank`.
pub fn cluster_address(rank: u32, offset: u64) -> u64 {
    u64::from(rank) * CLUSTER_STRIDE + offset
}

/// The offset into its own shared memory that `.shared::cta` address
/// `addr` of the CTA of rank `own` names: the address itself, or an
/// address in the CTA's window of the `.shared::cluster` window less the
/// window's start. Any other address is left as it is (and is out of
/// bounds).
pub fn cta_offset(addr: u64, own: u32) -> u64 {
    if own != 0 && addr / CLUSTER_STRIDE == u64::from(own) {
        addr % CLUSTER_STRIDE
    } else {
        addr
    }
}

/// The `.shared::cluster` address of `.shared::cta` address `addr` of the
/// CTA of rank `own`: an offset moves into the CTA's window.
pub fn cta_to_cluster(addr: u64, own: u32) -> u64 {
    if addr < CLUSTER_STRIDE {
        cluster_address(own, addr)
    } else {
        addr
    }
}

/// Where a `.shared::cluster` address points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClusterAddress {
    /// The CTA it names by rank.
    pub rank: u32,
    /// The offset in that CTA's shared memory.
    pub offset: u64,
}

impl ClusterAddress {
    /// Decodes a `.shared::cluster` address.
    pub fn decode(addr: u64) -> ClusterAddress {
        ClusterAddress {
            rank: u32::try_from(addr / CLUSTER_STRIDE).unwrap_or(u32::MAX),
            offset: addr % CLUSTER_STRIDE,
        }
    }
}

/// The shared memories of the other CTAs of the running CTA's cluster, by
/// rank: those of lower rank (`before`) and of higher rank (`after`) than
/// the running CTA's own, which is held apart.
///
/// ```
/// use ptx_sim::machine::cluster::Peers;
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
