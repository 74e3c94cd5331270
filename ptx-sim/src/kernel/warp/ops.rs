//! A warp's operations: a lane-scope step run over the group
//! ([`LaneRun`]), warp collectives, fused pairs, and the operations that
//! need the CTA's machinery (memory spaces, the sanitizer, copies in
//! flight).

use super::state::{Frame, Stop, Waiting, Warp};
use crate::exec::{SemResult, lanes_of};
use crate::fault::{Fault, ProgramFault, SyncFault};
use crate::kernel::code::{StepOperand, site};
use crate::kernel::cta_context::{CtaContext, Fixed};
use crate::lane::{WarpCall, WarpMemories};
use crate::observe::Observer;
use crate::sem::{self, EachLane};
use ptx_core::{Flags, Keyword, Mods, Semantics};

impl Warp {
    /// Runs warp function `run` for `members` over their slots.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_warp(
        &mut self,
        cx: &mut CtaContext<'_>,
        sem: Semantics,
        mods: &Mods,
        slots: &[StepOperand],
        run: crate::lane::WarpFn,
        members: u32,
        frame: &Frame,
    ) -> Result<(), (u32, Fault)> {
        if slots.len() > crate::exec::MAX_SLOTS {
            return Err((
                members.trailing_zeros(),
                Fault::Program(ProgramFault::TooManySlots {
                    instruction: sem.key(),
                    slots: slots.len(),
                    max: crate::exec::MAX_SLOTS,
                }),
            ));
        }
        let fixed = cx.fixed;
        self.gather(&fixed, slots, members, frame, cx.rows);
        let own = cx.peers.rank();
        if let Some(observer) = cx.observer.as_deref_mut() {
            let site = site(frame.function, self.gpc);
            let rows = &*cx.rows;
            observer.warp_op(
                self.index,
                site,
                sem,
                mods,
                members,
                rows,
                own,
                matches!(crate::sem::class(sem), crate::sem::Class::Warp { .. }),
            );
        }
        let result = {
            let mut call = WarpCall {
                mods: *mods,
                members,
                exited: self.exited,
                lanes: cx.rows,
                memory: WarpMemories {
                    shared: cx.shared,
                    peers: cx.peers.reborrow(),
                    locals: &mut self.locals,
                    launch: Some(fixed.launch),
                },
                stats: cx.stats,
                key: sem.key(),
                len: slots.len(),
                warp: self.index,
            };
            run(&mut call)
        };
        if result.is_ok() {
            if let Some(observer) = cx.observer.as_deref_mut() {
                observer.after_warp_op(self.index, sem, mods, members, cx.rows, own);
            }
            self.scatter(slots, members, frame, cx.rows);
        }
        result.map_err(|f| (f.lane().unwrap_or(members.trailing_zeros()), f))
    }

    /// A fused `mul` and `add` (see [`Op::Fused`]) for the `active` lanes:
    /// the product's operands and the addend read, their signs flipped as
    /// the fusion says, and `fma` (the semantic function of `fma.rn`) run.
    pub(super) fn fused(
        &mut self,
        cx: &Fixed<'_>,
        active: u32,
        mods: &Mods,
        slots: &[StepOperand],
        negate: [u64; 2],
        frame: &Frame,
    ) -> Result<(), (u32, Fault)> {
        let base = frame.reg_base as usize;
        let mut rows = [[0u64; 4]; 32];
        for (k, o) in slots.iter().enumerate().take(4) {
            self.read_column(cx, o, active, base, frame.local_base, &mut rows, k);
        }
        for l in lanes_of(active) {
            rows[l][1] ^= negate[0];
            rows[l][3] ^= negate[1];
            crate::sem::float::fma(mods, &mut rows[l]).map_err(|f| (l as u32, f))?;
        }
        self.write_column(&slots[0], active, base, &rows, 0);
        Ok(())
    }

    /// A warp collective reached by the group's `active` lanes.
    ///
    /// Lanes that meet here with the same member mask run it together once
    /// every live lane of the mask has arrived (lanes the warp does not
    /// have, or that exited, are not waited for: the H100 runs a full mask
    /// in a partial warp); lanes whose mask names lanes still missing wait
    /// here for them. Lanes of one step may give different masks (the
    /// groups of a partitioned warp): each mask is its own collective.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn collective(
        &mut self,
        cx: &mut CtaContext<'_>,
        active: u32,
        sem: Semantics,
        mods: &Mods,
        slots: &[StepOperand],
        run: crate::lane::WarpFn,
        aligned: bool,
        frame: &Frame,
    ) -> Result<(), (u32, Fault)> {
        let pc = self.gpc;
        if active == 0 {
            self.goto(pc + 1);
            return Ok(());
        }
        // Lanes that wait here already arrived.
        let mut arrived = active;
        for l in lanes_of(self.waiting) {
            if self.wait_kind[l] == Some(Waiting::Collective)
                && self.pc[l] == pc
                && self.frame[l] == self.gframe
            {
                arrived |= 1 << l;
            }
        }
        let live = self.present & !self.exited;
        // Each member mask and the arrived lanes that give it.
        let mut groups: Vec<(u32, u32)> = Vec::new();
        if aligned {
            groups.push((live, arrived));
        } else {
            let last = slots.last().ok_or((
                active.trailing_zeros(),
                Fault::malformed(sem.key(), "no membermask"),
            ))?;
            let base = frame.reg_base as usize;
            for l in lanes_of(arrived) {
                let mask = self.read(&cx.fixed, last, l, base, frame.local_base) as u32;
                if mask & (1 << l) == 0 {
                    return Err((
                        l as u32,
                        Fault::Sync(SyncFault::Divergent {
                            instruction: sem.key(),
                            detail: format!("lane {l} is not in its member mask {mask:#010x}"),
                        }),
                    ));
                }
                match groups.iter_mut().find(|(m, _)| *m == mask) {
                    Some((_, lanes)) => *lanes |= 1 << l,
                    None => groups.push((mask, 1 << l)),
                }
            }
        }
        let mut ran = 0u32;
        for (mask, lanes) in groups {
            let needed = mask & live;
            if lanes & needed == needed {
                let exited = mask & self.present & self.exited;
                if exited != 0
                    && let Some(observer) = cx.observer.as_deref_mut()
                {
                    let site = site(frame.function, pc);
                    observer.collective_over_exited(
                        sem.key(),
                        self.index,
                        site,
                        lanes,
                        mask,
                        exited,
                    );
                }
                self.run_warp(cx, sem, mods, slots, run, lanes, frame)?;
                if sem == Semantics::Setmaxnreg {
                    self.note_register_request(cx, mods, slots, frame, lanes)?;
                }
                ran |= lanes;
            }
        }
        // Lanes whose members are missing wait here (if those exited, no
        // one comes, and the CTA reports who waits where).
        let wait = arrived & !ran;
        for l in lanes_of(wait) {
            self.pc[l] = pc;
            self.frame[l] = self.gframe;
            self.wait_kind[l] = Some(Waiting::Collective);
        }
        self.ready &= !wait;
        self.waiting |= wait;
        // Lanes that waited here and ran go on with the group.
        let late = ran & !active;
        self.waiting &= !late;
        for l in lanes_of(late) {
            self.wait_kind[l] = None;
        }
        self.ready |= late;
        self.group = (self.group & !wait) | late;
        if self.group == 0 {
            return Ok(());
        }
        self.goto(pc + 1);
        Ok(())
    }

    /// `setmaxnreg` run by this warp's `lanes`: every warp of a warpgroup
    /// must ask for the same counts in the same order (the instruction's
    /// `.sync.aligned` spans the warpgroup), so a request that differs from
    /// the one another warp of the warpgroup made at the same point is an
    /// error naming both.
    pub(super) fn note_register_request(
        &mut self,
        cx: &mut CtaContext<'_>,
        mods: &Mods,
        slots: &[StepOperand],
        frame: &Frame,
        lanes: u32,
    ) -> Result<(), (u32, Fault)> {
        let lane = lanes.trailing_zeros() as usize;
        let count = slots.first().map_or(0, |o| {
            self.read(
                &cx.fixed,
                o,
                lane,
                frame.reg_base as usize,
                frame.local_base,
            )
        }) as u32;
        cx.register_requests
            .note(self.index as usize, mods.has_keyword(Keyword::Inc), count)
            .map_err(|f| (lane as u32, f))
    }

    /// An operation of the machine: memory, CTA barriers, `activemask`.
    /// `Some(stop)` ends the warp's turn.
    pub(super) fn machine(
        &mut self,
        cx: &mut CtaContext<'_>,
        active: u32,
        sem: Semantics,
        mods: &Mods,
        slots: &[StepOperand],
        frame: &Frame,
    ) -> Result<Option<Stop>, (u32, Fault)> {
        let pc = self.gpc;
        if active == 0 {
            self.goto(pc + 1);
            return Ok(None);
        }
        let base = frame.reg_base as usize;
        if let Some(run) = sem::converged_side(sem) {
            self.run_warp(cx, sem, mods, slots, run, active, frame)?;
            if sem == Semantics::MbarrierTryWait {
                // A phase not complete: let the others run before trying again.
                let done = slots
                    .first()
                    .map(|d| lanes_of(active).all(|l| self.read(&cx.fixed, d, l, base, 0) != 0));
                if done == Some(false) {
                    cx.yield_now = true;
                }
            }
            self.goto(pc + 1);
            return Ok(None);
        }
        match sem {
            Semantics::Activemask => {
                for l in lanes_of(active) {
                    self.write(&slots[0], l, base, u64::from(self.group));
                }
            }
            Semantics::Isspacep => {
                let mut s = [0u64; 2];
                for l in lanes_of(active) {
                    s[1] = self.read(&cx.fixed, &slots[1], l, base, frame.local_base);
                    let memories = crate::lane::Memories {
                        shared: &mut [],
                        peers: cx.peers.reborrow(),
                        local: None,
                        launch: Some(cx.fixed.launch),
                    };
                    crate::sem::memory::address::isspacep_in(
                        mods,
                        &mut s,
                        cx.fixed.shared_len,
                        &memories,
                    )
                    .map_err(|f| (l as u32, f))?;
                    self.write(&slots[0], l, base, s[0]);
                }
            }
            Semantics::CpAsync
            | Semantics::CpAsyncSrcSize
            | Semantics::CpAsyncIgnoreSrc
            | Semantics::CpAsyncCommitGroup
            | Semantics::CpAsyncWaitGroup
            | Semantics::CpAsyncWaitAll
            | Semantics::CpAsyncMbarrierArrive
            | Semantics::CpAsyncBulk
            | Semantics::CpAsyncBulkTensor
            | Semantics::CpReduceAsyncBulk
            | Semantics::CpReduceAsyncBulkTensor
            | Semantics::TensormapCpFenceproxy
            | Semantics::TensormapReplace
            | Semantics::StAsync
            | Semantics::RedAsync => {
                let mut s = [0u64; 16];
                for l in lanes_of(active) {
                    for (k, o) in slots.iter().enumerate().take(s.len()) {
                        s[k] = self.read(&cx.fixed, o, l, base, frame.local_base);
                    }
                    if let Some(observer) = cx.observer.as_deref_mut() {
                        let site = site(frame.function, pc);
                        self.observe_copy(observer, sem, mods, &s, l, site, cx.peers.rank());
                    }
                    let mut memories = crate::lane::Memories {
                        shared: &mut *cx.shared,
                        peers: cx.peers.reborrow(),
                        local: self.locals.get_mut(l),
                        launch: Some(cx.fixed.launch),
                    };
                    crate::sem::async_copy::run(
                        sem,
                        mods,
                        &s[..slots.len().min(s.len())],
                        &mut self.in_flight[l],
                        &mut memories,
                    )
                    .map_err(|f| (l as u32, f.on_lane(l as u32)))?;
                }
            }
            Semantics::Tex
            | Semantics::Tld4
            | Semantics::SuldB
            | Semantics::SustB
            | Semantics::Txq
            | Semantics::Suq => {
                let mut s = [0u64; 16];
                let n = slots.len().min(s.len());
                for l in lanes_of(active) {
                    for (k, o) in slots.iter().enumerate().take(n) {
                        s[k] = self.read(&cx.fixed, o, l, base, frame.local_base);
                    }
                    let mut memories = crate::lane::Memories {
                        shared: &mut [],
                        peers: cx.peers.reborrow(),
                        local: None,
                        launch: Some(cx.fixed.launch),
                    };
                    crate::sem::texture::run(sem, mods, &mut s[..n], &mut memories)
                        .map_err(|f| (l as u32, f))?;
                    for (k, o) in slots.iter().enumerate().take(n) {
                        self.write(o, l, base, s[k]);
                    }
                }
            }
            Semantics::Bar | Semantics::Barrier => {
                // `bar` is `barrier.aligned` (PTX ISA, "bar, barrier").
                let aligned = sem == Semantics::Bar || mods.has(Flags::ALIGNED);
                return self
                    .barrier(cx, active, mods, slots, frame, aligned)
                    .map(|()| None);
            }
            Semantics::Cvta => {
                let own = cx.peers.rank();
                let mut s = [0u64; 2];
                for l in lanes_of(active) {
                    s[1] = self.read(&cx.fixed, &slots[1], l, base, frame.local_base);
                    crate::sem::memory::address::cvta_in(mods, &mut s, own)
                        .map_err(|f| (l as u32, f))?;
                    self.write(&slots[0], l, base, s[0]);
                }
            }
            Semantics::Mapa | Semantics::Getctarank => {
                let (rank, size) = (cx.peers.rank(), cx.peers.size());
                let mut s = [0u64; 3];
                for l in lanes_of(active) {
                    for (k, o) in slots.iter().enumerate().skip(1).take(2) {
                        s[k] = self.read(&cx.fixed, o, l, base, frame.local_base);
                    }
                    let address = crate::sem::memory::address::ClusterView { rank, size };
                    s[0] = if sem == Semantics::Mapa {
                        address.mapa(mods, s[1], s[2] as u32)
                    } else {
                        address.getctarank(mods, s[1])
                    }
                    .map_err(|f| (l as u32, f))?;
                    self.write(&slots[0], l, base, s[0]);
                }
            }
            Semantics::BarrierClusterArrive => {
                if let Some(observer) = cx.observer.as_deref_mut() {
                    observer.cluster_arrive(self.index);
                }
                let rank = cx.peers.rank();
                for l in lanes_of(active) {
                    cx.cluster
                        .arrive(rank, self.index as usize * 32 + l)
                        .map_err(|f| (l as u32, f))?;
                }
            }
            Semantics::BarrierClusterWait => {
                return self.cluster_wait(cx, active).map(|()| None);
            }
            _ => {
                return Err((active.trailing_zeros(), Fault::not_simulated(sem.key())));
            }
        }
        self.goto(pc + 1);
        Ok(None)
    }

    /// Tells the CTA's observer of lane `l`'s asynchronous copy `sem` (its
    /// slots `s`) from statement `site`, in a CTA of rank `own`: a
    /// `cp.async`'s addresses and sizes; a bulk copy only that it writes
    /// shared memory where no event tells.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn observe_copy(
        &self,
        observer: &mut dyn Observer,
        sem: Semantics,
        mods: &Mods,
        s: &[u64; 16],
        l: usize,
        site: u32,
        own: u32,
    ) {
        match sem {
            Semantics::CpAsync | Semantics::CpAsyncSrcSize | Semantics::CpAsyncIgnoreSrc => {
                // Slots `[dst], [src], cp-size{, src-size | ignore-src}`.
                let [dst, src, size, extra] = [s[0], s[1], s[2], s[3]];
                let read = crate::sem::async_copy::read_bytes(sem, size, extra);
                observer.async_copy(self.index, l as u32, site, mods, dst, src, size, read, own);
            }
            _ if crate::sem::async_copy::writes_unseen(sem) => observer.unseen_writes(),
            _ => {}
        }
    }
}

/// A lane-scope operation's run over the lanes of a group (see
/// [`sem::run_lanes`]).
pub(super) struct LaneRun<'w, 'c, 'x> {
    pub(super) warp: &'w mut Warp,
    pub(super) slots: &'w [StepOperand],
    pub(super) mask: u32,
    pub(super) base: usize,
    pub(super) local_base: u64,
    pub(super) cx: &'c Fixed<'x>,
}

/// The most slots an operation may have to run a column at a time (see
/// [`LaneRun`]); wider ones run a lane at a time.
const COLUMNS: usize = 8;

impl EachLane for LaneRun<'_, '_, '_> {
    type Error = (u32, Fault);

    /// Reads each slot for every lane (one decision on the operand's kind,
    /// then a loop over the lanes), applies `f` to each lane, and writes
    /// each written slot back the same way: the module interpreter's cost of an
    /// instruction is mostly this, so it is done a column at a time.
    #[inline(always)]
    fn each<F: Fn(&Mods, &mut [u64]) -> SemResult>(
        &mut self,
        m: &Mods,
        f: F,
    ) -> Result<(), (u32, Fault)> {
        let n = self.slots.len();
        if n > COLUMNS {
            return self.lane_by_lane(m, |m, values, _| f(m, values), false);
        }
        let mut rows = [[0u64; COLUMNS]; 32];
        for (k, o) in self.slots.iter().enumerate() {
            self.warp.read_column(
                self.cx,
                o,
                self.mask,
                self.base,
                self.local_base,
                &mut rows,
                k,
            );
        }
        for l in lanes_of(self.mask) {
            f(m, &mut rows[l][..n]).map_err(|fault| (l as u32, fault))?;
        }
        for (k, o) in self.slots.iter().enumerate() {
            self.warp.write_column(o, self.mask, self.base, &rows, k);
        }
        Ok(())
    }

    /// A lane at a time, each with its carry flag, kept with the warp.
    fn each_carry<F: Fn(&Mods, &mut [u64], &mut bool) -> SemResult>(
        &mut self,
        m: &Mods,
        f: F,
    ) -> Result<(), (u32, Fault)> {
        self.lane_by_lane(m, f, true)
    }
}

impl LaneRun<'_, '_, '_> {
    /// [`EachLane::each`] a lane at a time: for operations with many
    /// slots, and (`carry`) those that read or write the lane's carry flag,
    /// which `f` gets from and leaves in the warp's.
    fn lane_by_lane<F: Fn(&Mods, &mut [u64], &mut bool) -> SemResult>(
        &mut self,
        m: &Mods,
        f: F,
        carry: bool,
    ) -> Result<(), (u32, Fault)> {
        let n = self.slots.len();
        let mut values = [0u64; crate::exec::MAX_SLOTS];
        let values = values.get_mut(..n).ok_or((
            self.mask.trailing_zeros(),
            Fault::malformed(None, "too many operand slots"),
        ))?;
        for l in lanes_of(self.mask) {
            for (v, o) in values.iter_mut().zip(self.slots) {
                *v = self.warp.read(self.cx, o, l, self.base, self.local_base);
            }
            let mut flag = self.warp.carry & (1 << l) != 0;
            f(m, values, &mut flag).map_err(|fault| (l as u32, fault))?;
            if carry {
                self.warp.carry = (self.warp.carry & !(1 << l)) | (u32::from(flag) << l);
            }
            for (v, o) in values.iter().zip(self.slots) {
                self.warp.write(o, l, self.base, *v);
            }
        }
        Ok(())
    }
}
