//! Where each CTA of a thread-block cluster has its shared memory in the
//! `.shared::cluster` window: the addresses of distributed shared memory.
//!
//! The layout is the H100's (`cluster/addr/*` kernel cases): the
//! `.shared::cluster` window gives each CTA 16 MiB, the CTA of rank `r`
//! at `r << 24`, so a `.shared::cluster` address is the rank above an
//! offset into that CTA's shared memory. A CTA's own `.shared::cta`
//! addresses are offsets (what a variable's address is) and, as
//! `cvta.to.shared` gives them, the same offsets in its own rank's window;
//! both reach its own memory. Generic addresses see the whole
//! `.shared::cluster` window at
//! [`SHARED_WINDOW`](crate::memory::window::SHARED_WINDOW), so a CTA's own
//! variables appear at `SHARED_WINDOW + (rank << 24) + offset`. Without
//! clusters every CTA is rank 0 and the windows are plain offsets.
//!
//! ```
//! use ptx_sim::memory::cluster_address::{ClusterAddress, cluster_address, cta_offset};
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
