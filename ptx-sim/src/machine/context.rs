//! Per-thread state that lives across the statements of a template: the
//! carry flag of the extended-precision instructions, and the identity of
//! the running thread (inside a launch, the running lane's).
//!
//! Outside a launch the carry is thread-local; inside one, each lane keeps
//! its own with its context, so each simulated thread sees its own and
//! switching lanes touches none of them.

use crate::machine::Thread;
use std::cell::Cell;

/// The state one simulated thread carries between instructions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadState {
    /// `CC.CF`, written by `add.cc`, `sub.cc`, `mad.cc` and read by `addc`, `subc`, `madc`.
    pub carry: bool,
}

thread_local! {
    static STATE: Cell<ThreadState> = const { Cell::new(ThreadState { carry: false }) };
}

/// The carry flag of the running thread (inside a launch, the running
/// lane's).
///
/// ```
/// use ptx_sim::machine::context::{carry, set_carry};
/// set_carry(true);
/// // Each lane of a launch has a carry of its own, clear when it starts.
/// let lanes = ptx_sim::machine::warp32(|lane| {
///     set_carry(lane % 2 == 1);
///     carry()
/// })
/// .unwrap();
/// assert!(!lanes[0] && lanes[1]);
/// assert!(carry());
/// ```
#[inline]
pub fn carry() -> bool {
    crate::machine::current::with_carry(Cell::get).unwrap_or_else(|| STATE.with(|s| s.get().carry))
}

/// Sets the carry flag of the running thread (inside a launch, the
/// running lane's).
#[inline]
pub fn set_carry(carry: bool) {
    if crate::machine::current::with_carry(|c| c.set(carry)).is_none() {
        STATE.with(|s| {
            let mut state = s.get();
            state.carry = carry;
            s.set(state)
        })
    }
}

/// The calling thread's state outside a launch (a lane's carry flag is
/// its own: [`carry`]).
#[inline]
pub fn save() -> ThreadState {
    STATE.with(Cell::get)
}

/// Installs the calling thread's state outside a launch.
#[inline]
pub fn restore(state: ThreadState) {
    STATE.with(|s| s.set(state))
}

/// The running thread: the launch's lane that runs, else
/// [`Thread::SINGLE`].
///
/// ```
/// use ptx_sim::machine::Thread;
/// use ptx_sim::machine::context::thread;
/// assert_eq!(thread(), Thread::SINGLE);
/// let lanes = ptx_sim::machine::warp32(|_| thread().lane).unwrap();
/// assert_eq!(lanes[5], 5);
/// ```
#[inline]
pub fn thread() -> Thread {
    crate::machine::current::thread().unwrap_or(Thread::SINGLE)
}

/// The value of a special register for the running thread.
pub fn special(register: &ptx_core::SpecialRegister, component: u8) -> u64 {
    special_of(register, component, &thread())
}

/// The value of a special register for thread `id`.
///
/// ```
/// use ptx_core::SpecialRegister;
/// use ptx_sim::machine::Thread;
/// use ptx_sim::machine::context::special_of;
/// let tid = SpecialRegister::lookup("%tid", Some("y")).unwrap();
/// let thread = Thread { tid: [3, 4, 0], ..Thread::SINGLE };
/// assert_eq!(special_of(&tid, 1, &thread), 4);
/// ```
pub fn special_of(register: &ptx_core::SpecialRegister, component: u8, id: &Thread) -> u64 {
    // A vector register's fourth component (`.w`) reads 0.
    if register.vector && component > 2 {
        return 0;
    }
    let c = usize::from(component);
    let lane = id.lane & 31;
    match register.name {
        "%tid" => u64::from(id.tid[c]),
        "%ntid" => u64::from(id.ntid[c]),
        "%ctaid" => u64::from(id.ctaid[c]),
        "%nctaid" => u64::from(id.nctaid[c]),
        "%laneid" => u64::from(lane),
        "%warpid" => u64::from(id.warp),
        // An SM's warp slots (2048 threads), as the H100 answers
        // (`ours/ptx/vector_components`).
        "%nwarpid" => 64,
        "%lanemask_eq" => 1 << lane,
        "%lanemask_lt" => (1u64 << lane) - 1,
        "%lanemask_le" => (1u64 << (lane + 1)) - 1,
        "%lanemask_gt" => 0xFFFF_FFFF & !((1u64 << (lane + 1)) - 1),
        "%lanemask_ge" => 0xFFFF_FFFF & !((1u64 << lane) - 1),
        "%clock" | "%clock_hi" | "%clock64" | "%globaltimer" | "%globaltimer_lo"
        | "%globaltimer_hi" => {
            let ns = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            match register.name {
                "%clock" | "%globaltimer_lo" => ns & 0xFFFF_FFFF,
                "%clock_hi" | "%globaltimer_hi" => ns >> 32,
                _ => ns,
            }
        }
        "%nsmid" => 1,
        // Without clusters each CTA is a cluster of one (the H100 answers
        // so, `ours/ptx/vector_components`): the cluster is the CTA's
        // index in the grid, the grid's shape counts clusters, and the CTA
        // is rank 0 at (0, 0, 0) of a 1x1x1 cluster.
        "%clusterid" => u64::from(id.clusterid()[c]),
        "%nclusterid" => u64::from(id.nclusterid()[c]),
        "%cluster_ctaid" => u64::from(id.cluster_ctaid()[c]),
        "%cluster_nctaid" => u64::from(id.cluster[c]),
        "%cluster_ctarank" => u64::from(id.cluster_rank()),
        "%cluster_nctarank" => u64::from(id.cluster_size()),
        "%is_explicit_cluster" => u64::from(id.explicit_cluster),
        _ => 0,
    }
}
