//! A warp at a rendezvous: CTA barriers (`bar`, `barrier`) and the
//! cluster barrier's wait.

use super::state::{Frame, Waiting, Warp};
use crate::exec::lanes_of;
use crate::fault::Fault;
use crate::kernel::code::{StepOperand, site};
use crate::kernel::cta_context::CtaContext;
use crate::sem::sync::barrier_op::BarrierOp;
use ptx_core::Mods;

impl Warp {
    /// `bar`/`barrier` `.sync`, `.arrive`, `.red` reached by `active` lanes
    /// (`aligned`: the whole warp's, which the sanitizer checks).
    pub(super) fn barrier(
        &mut self,
        cx: &mut CtaContext<'_>,
        active: u32,
        mods: &Mods,
        slots: &[StepOperand],
        frame: &Frame,
        aligned: bool,
    ) -> Result<(), (u32, Fault)> {
        let pc = self.gpc;
        let base = frame.reg_base as usize;
        let lane = active.trailing_zeros() as usize;
        let values: Vec<u64> = slots
            .iter()
            .map(|o| self.read(&cx.fixed, o, lane, base, frame.local_base))
            .collect();
        let op = BarrierOp::decode(mods, &values).map_err(|f| (lane as u32, f))?;
        if aligned && let Some(observer) = cx.observer.as_deref_mut() {
            // An aligned barrier is the whole warp's: lanes of it elsewhere
            // (not exited, not already waiting here) are a divergence.
            let here = lanes_of(self.waiting)
                .filter(|&l| self.wait_kind[l] == Some(Waiting::Barrier) && self.pc[l] == pc)
                .fold(active, |m, l| m | 1 << l);
            let missing = self.present & !self.exited & !here;
            let site = site(frame.function, pc);
            let key = if op.arrive { "bar.arrive" } else { "bar.sync" };
            if missing != 0 {
                observer.divergent_barrier(key, self.index, site, active, missing);
            }
        }
        let predicates: u32 = match (op.reduce, slots.last()) {
            (Some(_), Some(c)) => lanes_of(active)
                .filter(|&l| self.read(&cx.fixed, c, l, base, frame.local_base) != 0)
                .fold(0, |m, l| m | 1 << l),
            _ => 0,
        };
        let earlier = cx
            .barriers
            .arrive(self.index, active, predicates, &op, cx.live);
        if let (Some(earlier), Some(count), Some(observer)) =
            (earlier, op.count, cx.observer.as_deref_mut())
        {
            let site = site(frame.function, pc);
            observer.barrier_counts_differ(self.index, active, site, op.id, earlier, count);
        }
        if !op.arrive {
            for l in lanes_of(active) {
                self.pc[l] = pc;
                self.frame[l] = self.gframe;
                self.wait_kind[l] = Some(Waiting::Barrier);
            }
            self.ready &= !active;
            self.waiting |= active;
            let rest = self.group & !active;
            self.group = 0;
            if rest != 0 {
                for l in lanes_of(rest) {
                    self.pc[l] = pc + 1;
                    self.frame[l] = self.gframe;
                }
            }
            self.select();
        } else {
            self.goto(pc + 1);
        }
        Ok(())
    }

    /// `barrier.cluster.wait` reached by `active` lanes: those whose
    /// arrival's phase has completed go on, the others wait for it (and the
    /// rest of the group steps past with them).
    pub(super) fn cluster_wait(
        &mut self,
        cx: &mut CtaContext<'_>,
        active: u32,
    ) -> Result<(), (u32, Fault)> {
        let pc = self.gpc;
        let rank = cx.peers.rank();
        let mut blocked = 0u32;
        for l in lanes_of(active) {
            let done = cx
                .cluster
                .wait(rank, self.index as usize * 32 + l)
                .map_err(|f| (l as u32, f))?;
            if !done {
                blocked |= 1 << l;
            }
        }
        if blocked == 0 {
            if let Some(observer) = cx.observer.as_deref_mut() {
                observer.cluster_wait(self.index);
            }
            self.goto(pc + 1);
            return Ok(());
        }
        cx.cluster.block(rank, self.index, blocked);
        for l in lanes_of(blocked) {
            self.pc[l] = pc;
            self.frame[l] = self.gframe;
            self.wait_kind[l] = Some(Waiting::ClusterBarrier);
        }
        self.ready &= !blocked;
        self.waiting |= blocked;
        for l in lanes_of(self.group & !blocked) {
            self.pc[l] = pc + 1;
            self.frame[l] = self.gframe;
        }
        self.group = 0;
        self.select();
        Ok(())
    }
}
