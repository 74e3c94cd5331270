//! CTA barriers (`bar`/`barrier` `.sync`, `.arrive`, `.red`): what an
//! arrival asks for, decoded from the instruction, and what a reduction
//! computes over the threads that arrive. The launch engine and the kernel
//! interpreter both wait and release by it.

use crate::fault::{Fault, SyncFault};
use ptx_core::{Flags, Keyword, Mods};

/// A CTA barrier instruction (`bar`/`barrier` `.sync`, `.arrive`, `.red`)
/// decoded from its modifiers and the slots of the lane that runs it:
/// `[d,] a, [b,] [c]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrierOp {
    /// The barrier, 0-15.
    pub id: u32,
    /// The threads it waits for (`b`); `None`: every thread of the CTA.
    pub count: Option<u32>,
    /// `.arrive`: the thread arrives and goes on without waiting.
    pub arrive: bool,
    /// `.red`: what it computes over the arriving threads' predicates
    /// (the last slot) into `d` (the first).
    pub reduce: Option<Reduce>,
}

/// What `bar.red` computes over the predicates of the threads that arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    /// `.popc.u32`: how many are true.
    Popc,
    /// `.and.pred`: whether all are.
    And,
    /// `.or.pred`: whether any is.
    Or,
}

impl Reduce {
    /// The result over `arrived` threads of which `true_count` had a true
    /// predicate.
    ///
    /// ```
    /// use ptx_sim::sem::sync::barrier_op::Reduce;
    /// assert_eq!(Reduce::Popc.result(5, 64), 5);
    /// assert_eq!((Reduce::And.result(5, 64), Reduce::Or.result(5, 64)), (0, 1));
    /// ```
    pub fn result(self, true_count: u64, arrived: u64) -> u64 {
        match self {
            Reduce::Popc => true_count,
            Reduce::And => u64::from(true_count == arrived),
            Reduce::Or => u64::from(true_count > 0),
        }
    }
}

impl BarrierOp {
    /// The barrier instruction with modifiers `m` and slots `s`.
    ///
    /// ```
    /// use ptx_core::{Mods, Target, check_asm};
    /// use ptx_sim::sem::sync::barrier_op::BarrierOp;
    /// let c = check_asm("bar.sync 1, 64;", &[], Target::default()).unwrap();
    /// let m = Mods::from_bound(&c.instructions[0].bound);
    /// let op = BarrierOp::decode(&m, &[1, 64]).unwrap();
    /// assert_eq!((op.id, op.count, op.arrive, op.reduce), (1, Some(64), false, None));
    /// ```
    pub fn decode(m: &Mods, s: &[u64]) -> Result<BarrierOp, Fault> {
        let reduce = if m.has(Flags::POPC) {
            Some(Reduce::Popc)
        } else if m.has_keyword(Keyword::And) {
            Some(Reduce::And)
        } else if m.has_keyword(Keyword::Or) {
            Some(Reduce::Or)
        } else {
            None
        };
        // The barrier id follows `d` for `.red`; the predicate `c` is last.
        let first = usize::from(reduce.is_some());
        let id = s.get(first).copied().unwrap_or(0);
        if id > 15 {
            return Err(Fault::Sync(SyncFault::NoSuchBarrier { barrier: id }));
        }
        let after_count = if reduce.is_some() {
            first + 2
        } else {
            first + 1
        };
        let count = (s.len() > after_count).then(|| s[first + 1] as u32);
        Ok(BarrierOp {
            id: id as u32,
            count,
            arrive: m.has(Flags::ARRIVE) || m.has_keyword(Keyword::Arrive),
            reduce,
        })
    }
}
