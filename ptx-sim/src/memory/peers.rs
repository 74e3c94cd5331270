//! The shared memories of a cluster's CTAs as one CTA's code reaches them
//! (distributed shared memory): its own held apart, the others by rank
//! ([`Peers`]). Where each lies in the `.shared::cluster` window is
//! [`crate::memory::cluster_address`].

/// The shared memories of the other CTAs of the running CTA's cluster, by
/// rank: those of lower rank (`before`) and of higher rank (`after`) than
/// the running CTA's own, which is held apart.
///
/// ```
/// use ptx_sim::memory::peers::Peers;
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
/// use ptx_sim::memory::peers::split_shared;
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
