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

/// Runs `f` with the running thread's carry flag (inside a launch, the
/// running lane's) and keeps what `f` leaves in it: how a `ptx!`
/// statement hands its thread's flag to the semantic functions of
/// `add.cc`, `addc` and the rest, which take it as an argument.
///
/// ```
/// use ptx_sim::machine::context::{carry, with_carry};
/// with_carry(|c| *c = true);
/// assert!(carry());
/// assert!(with_carry(|c| std::mem::replace(c, false)));
/// assert!(!carry());
/// ```
#[inline]
pub fn with_carry<R>(f: impl FnOnce(&mut bool) -> R) -> R {
    let mut flag = carry();
    let result = f(&mut flag);
    set_carry(flag);
    result
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

/// The value of a special register for the running thread (component 0,
/// 1, 2 of a vector register's `.x .y .z`; a numbered register's number).
///
/// ```
/// use ptx_core::SpecialKind;
/// use ptx_sim::machine::context::special;
/// assert_eq!(special(SpecialKind::Ntid, 0), 1);
/// let lanes = ptx_sim::machine::warp32(|_| special(SpecialKind::Laneid, 0)).unwrap();
/// assert_eq!(lanes[5], 5);
/// // A closure launch's CTA is on SM 0 of the H100's 132.
/// assert_eq!(special(SpecialKind::Nsmid, 0), 132);
/// ```
#[inline]
pub fn special(kind: ptx_core::SpecialKind, component: u8) -> u64 {
    let (thread, facts) = crate::machine::current::thread_and_facts()
        .unwrap_or((Thread::SINGLE, crate::engine::special::CtaFacts::default()));
    let clock = if crate::engine::special::reads_clock(kind) {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    } else {
        0
    };
    crate::engine::special::special(kind, component, &thread, &facts, clock)
}
