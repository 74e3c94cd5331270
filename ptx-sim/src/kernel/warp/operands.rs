//! A warp's operands: reading and writing its lanes' registers (a column
//! of the group at a time where the width allows), special registers, and
//! gathering operands into slot rows for a warp-wide operation and
//! scattering the results back.

use super::state::{Frame, Warp};
use crate::exec::{Slots, lanes_of};
use crate::kernel::code::{Op, Special, Src, StepOperand, site};
use crate::kernel::cta_context::{CtaContext, Fixed};
use ptx_core::OperandAccess;

impl Warp {
    /// Reports reads of registers a lane never wrote, to the CTA's checks
    /// (before any step runs).
    pub(crate) fn track_registers(&mut self) {
        self.track_registers = true;
        self.written = vec![0; self.regs.len() / 32];
    }

    /// The registers step `step` of the group reads and writes, for the
    /// uninitialised-read check, with `active` the lanes that run it: a
    /// register read by a lane that never wrote it is reported (once per
    /// statement and register), then the registers it writes are written.
    pub(super) fn note_registers(
        &mut self,
        cx: &mut CtaContext<'_>,
        step: &crate::kernel::code::Step,
        active: u32,
        frame: &Frame,
        pc: u32,
    ) {
        let base = frame.reg_base as usize;
        let written = &mut self.written;
        // The register an operand reads, if it reads one.
        let reads_register = |o: &StepOperand| match o.src {
            Src::Reg(r) | Src::NotPred(r) | Src::RegPlus(r, _)
                if o.access != OperandAccess::Write =>
            {
                Some(r)
            }
            _ => None,
        };
        // Of `lanes`, those that never wrote register `r`.
        let missing = |written: &[u32], r: u32, lanes: u32| {
            lanes & !written.get(base + r as usize).copied().unwrap_or(u32::MAX)
        };
        let mut op = &step.op;
        if let Op::Keep { copies, op: inner } = op {
            for &(from, to) in copies.iter() {
                let from = written.get(base + from as usize).copied().unwrap_or(0);
                if let Some(to) = written.get_mut(base + to as usize) {
                    *to = (*to & !active) | (from & active);
                }
            }
            op = inner;
        }
        let (reads, writes, callee): (&[StepOperand], &[StepOperand], _) = match op {
            Op::Lane { slots, .. }
            | Op::Warp { slots, .. }
            | Op::Machine { slots, .. }
            | Op::Fused { slots, .. } => (slots, slots, None),
            Op::BranchIndexed { index, .. } => (std::slice::from_ref(index), &[], None),
            Op::Call {
                callee,
                args,
                returns,
            } => match callee {
                crate::kernel::code::Callee::Indirect(o) => (args, returns, Some(o)),
                crate::kernel::code::Callee::Direct(_) => (args, returns, None),
            },
            Op::Builtin { args, returns, .. } => (args, returns, None),
            _ => (&[], &[], None),
        };
        // The guard, read by the whole group, then the operands, by the
        // lanes that run the step: the first register a lane reads unwritten.
        let guard = step.guard.map(|(p, _)| (p, self.group));
        let operands = callee
            .into_iter()
            .chain(reads)
            .filter_map(reads_register)
            .map(|r| (r, active));
        let unwritten = guard
            .into_iter()
            .chain(operands)
            .map(|(r, lanes)| (r, missing(written, r, lanes)))
            .find(|&(_, lanes)| lanes != 0);
        if let Some((r, lanes)) = unwritten
            && let Some(observer) = cx.observer.as_deref_mut()
        {
            let names = &cx.fixed.image.functions[frame.function as usize].register_names;
            let site = site(frame.function, pc);
            observer.uninitialized_register(self.index, lanes, site, r, &|| {
                names.get(r as usize).cloned().unwrap_or_default()
            });
        }
        for o in writes {
            if o.access != OperandAccess::Read
                && let Src::Reg(r) = o.src
                && let Some(w) = written.get_mut(base + r as usize)
            {
                *w |= active;
            }
        }
    }

    /// The value of `o` for lane `l` in a frame with registers at `base`
    /// and local memory at `local_base`.
    #[inline(always)]
    pub(crate) fn read(
        &self,
        cx: &Fixed<'_>,
        o: &StepOperand,
        l: usize,
        base: usize,
        local_base: u64,
    ) -> u64 {
        let v = match o.src {
            Src::Reg(r) => self.regs[(base + r as usize) * 32 + l],
            Src::NotPred(r) => u64::from(self.regs[(base + r as usize) * 32 + l] & 1 == 0),
            Src::Imm(v) => v,
            Src::RegPlus(r, offset) => {
                self.regs[(base + r as usize) * 32 + l].wrapping_add(offset as u64)
            }
            Src::Frame(offset) => local_base.wrapping_add(offset as u64),
            Src::Shared(id, offset) => (cx.shared_base
                + u64::from(cx.entry.shared_offsets[id as usize]))
            .wrapping_add(offset as u64),
            Src::Special(s) => self.special(cx, s, l),
            Src::Sink => 0,
        };
        o.cut(v)
    }

    /// Slot `k` of `rows` for each lane of `mask`: the value of `o` (see
    /// [`Warp::read`]), a register's whole row at once.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn read_column<const W: usize>(
        &self,
        cx: &Fixed<'_>,
        o: &StepOperand,
        mask: u32,
        base: usize,
        local_base: u64,
        rows: &mut [[u64; W]; 32],
        k: usize,
    ) {
        match o.src {
            Src::Reg(r) => {
                let row = &self.regs[(base + r as usize) * 32..][..32];
                if mask == u32::MAX {
                    for (dst, &v) in rows.iter_mut().zip(row) {
                        dst[k] = o.cut(v);
                    }
                } else {
                    for l in lanes_of(mask) {
                        rows[l][k] = o.cut(row[l]);
                    }
                }
            }
            Src::RegPlus(r, offset) => {
                let row = &self.regs[(base + r as usize) * 32..][..32];
                for l in lanes_of(mask) {
                    rows[l][k] = o.cut(row[l].wrapping_add(offset as u64));
                }
            }
            Src::Imm(v) => {
                let v = o.cut(v);
                for l in lanes_of(mask) {
                    rows[l][k] = v;
                }
            }
            _ => {
                for l in lanes_of(mask) {
                    rows[l][k] = self.read(cx, o, l, base, local_base);
                }
            }
        }
    }

    /// Writes slot `k` of `rows` to `o` for each lane of `mask` (nothing
    /// unless `o` is a register it writes).
    #[inline(always)]
    pub(super) fn write_column<const W: usize>(
        &mut self,
        o: &StepOperand,
        mask: u32,
        base: usize,
        rows: &[[u64; W]; 32],
        k: usize,
    ) {
        let Src::Reg(r) = o.src else { return };
        if o.access == OperandAccess::Read {
            return;
        }
        let row = &mut self.regs[(base + r as usize) * 32..][..32];
        if mask == u32::MAX {
            for (dst, src) in row.iter_mut().zip(rows) {
                *dst = o.widen(src[k]);
            }
        } else {
            for l in lanes_of(mask) {
                row[l] = o.widen(rows[l][k]);
            }
        }
    }

    /// Writes `v` to `o` for lane `l` (nothing unless `o` is a register it
    /// writes).
    #[inline(always)]
    pub(crate) fn write(&mut self, o: &StepOperand, l: usize, base: usize, v: u64) {
        if let Src::Reg(r) = o.src
            && o.access != OperandAccess::Read
        {
            self.regs[(base + r as usize) * 32 + l] = o.widen(v);
        }
    }

    /// A special register's value for lane `l`.
    pub(super) fn special(&self, cx: &Fixed<'_>, s: Special, l: usize) -> u64 {
        // The clocks read the warp's count of instructions, plus the time
        // that passed while its CTA spun (`cta.rs`), so that runs repeat.
        crate::engine::special::special(
            s.kind,
            s.component,
            &self.threads[l],
            &cx.facts,
            self.clock + self.waited,
        )
    }

    /// Gathers each lane of `mask`'s slots into `rows`.
    pub(super) fn gather(
        &self,
        cx: &Fixed<'_>,
        slots: &[StepOperand],
        mask: u32,
        frame: &Frame,
        rows: &mut [Slots; 32],
    ) {
        let base = frame.reg_base as usize;
        for (k, o) in slots.iter().enumerate() {
            self.read_column(cx, o, mask, base, frame.local_base, rows, k);
        }
    }

    /// Writes each lane of `mask`'s written slots back from `rows`.
    pub(super) fn scatter(
        &mut self,
        slots: &[StepOperand],
        mask: u32,
        frame: &Frame,
        rows: &[Slots; 32],
    ) {
        let base = frame.reg_base as usize;
        for (k, o) in slots.iter().enumerate() {
            self.write_column(o, mask, base, rows, k);
        }
    }

    /// The value of a register or constant operand (no context needed).
    pub(super) fn regs_value(&self, o: &StepOperand, l: usize, base: usize) -> u64 {
        let v = match o.src {
            Src::Reg(r) => self.regs[(base + r as usize) * 32 + l],
            Src::Imm(v) => v,
            _ => 0,
        };
        o.cut(v)
    }
}
