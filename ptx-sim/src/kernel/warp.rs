//! One warp of a kernel: its lanes' registers, program counters and call
//! frames, and the loop that runs it.
//!
//! The lanes of a warp that stand at the same instruction of the same call
//! frame run together as a *group*: each step is decoded once and applied
//! to every lane of the group, and a warp collective gets all of them at
//! once. When a branch splits the group, the warp runs its paths as the
//! H100 does (the tickets of `tests/data/kernels/src/divergence.cu`): the
//! path with fewer lanes first (with as many, the one ptxas lays out first,
//! [`Layout::rank`]), until it reaches the branch's join point (its
//! immediate post-dominator, [`Layout::join`], where ptxas's `BSYNC` makes
//! the lanes wait for each other); then the other path; then the lanes go
//! on together. A path that diverges again finishes both of its own paths
//! first. The open divergences, innermost last, are the warp's
//! [`Divergences`]. Every lane keeps its own program counter, as Volta's
//! independent thread scheduling gives each thread: a path that cannot go
//! on (waiting at a barrier, or spinning on a lock another path holds) lets
//! the others run, and lanes at the same step in the same frame run as one
//! group.
//!
//! A group stops where it must wait: at a CTA barrier, at a warp collective
//! whose members are not all there, at the end of the warp's turn (a CTA
//! gives each warp a budget of steps, so that a warp spinning on another's
//! write lets it run), or when its lanes exit.

use super::builtins::{self, Caller};
use super::code::{
    Binding, Builtin, Callee, FunctionCode, Layout, NO_JOIN, Op, Special, Src, StepOperand, site,
};
use super::cta_context::{CtaContext, Fixed};
use super::load::FUNCTION_BASE;
use crate::check::{CtaCheck, GlobalCheck};
use crate::exec::{SemResult, Slots, lanes_of};
use crate::fault::{Fault, ProgramFault, SyncFault};
use crate::machine::barrier::BarrierOp;
use crate::machine::context::{self, ThreadState};
use crate::machine::{Memories, Thread, WarpCall, WarpMemories};
use crate::memory::in_flight::InFlight;
use crate::sem::{self, EachLane};
use ptx_core::{Flags, Keyword, Mods, OperandAccess, Semantics};
use std::sync::Arc;

mod divergence;
use divergence::Divergences;

/// No frame (the entry's caller).
const NONE: u32 = u32::MAX;

/// How deep calls may nest before the launch faults (a GPU's stack
/// overflows sooner).
const MAX_DEPTH: u32 = 4096;

/// Backward branches a group takes, with other lanes of the warp ready,
/// before those lanes get a turn: lanes spinning on a lock another lane of
/// their warp holds let it run, as Volta's independent thread scheduling
/// guarantees (a loop that merely runs longer for some lanes than others
/// pays a split of the warp only after this many trips).
const SPIN_LIMIT: u32 = 1024;

/// One call frame of a warp: the function, where its registers and local
/// memory start, and where it returns to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub function: u32,
    /// Its first register's index in the warp's register arena (each
    /// register takes 32 words, one per lane).
    pub reg_base: u32,
    /// Where its part of each lane's local memory starts.
    pub local_base: u64,
    /// The calling frame, or [`NONE`].
    pub caller: u32,
    /// The caller's `call` step.
    pub call_pc: u32,
    /// How many frames enclose it (the entry's is 0).
    pub depth: u32,
    /// The lanes whose calls reach it.
    pub users: u32,
}

/// Why a warp's turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// No lane is ready: all exited or wait.
    Idle,
    /// The turn's budget is spent; lanes are still ready.
    Budget,
    /// A lane asked to let the others run (`mbarrier.try_wait` that failed).
    Yield,
}

/// Where a lane of the warp waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Waiting {
    /// At a CTA barrier.
    Barrier,
    /// At a warp collective, for members that are not there.
    Collective,
    /// At `barrier.cluster.wait`, for the cluster's other threads.
    ClusterBarrier,
}

/// A lane fault: the lane, and what went wrong at which step.
#[derive(Debug)]
pub(crate) struct LaneFault {
    pub lane: u32,
    pub function: u32,
    pub pc: u32,
    pub fault: Fault,
}

/// One warp of a CTA.
pub(crate) struct Warp {
    /// Its index in the CTA.
    pub index: u32,
    /// The lanes that exist (the last warp of a CTA may be partial).
    pub present: u32,
    /// Lanes that have exited.
    pub exited: u32,
    /// Lanes that may run (not exited, not waiting).
    pub ready: u32,
    /// Lanes waiting at a barrier or collective, and where.
    pub waiting: u32,
    pub wait_kind: [Option<Waiting>; 32],
    /// Each lane's program counter and frame (for the running group, the
    /// group's are in `gpc` and `gframe`).
    pub pc: [u32; 32],
    pub frame: [u32; 32],
    /// The registers of every frame: register `r` of lane `l` in a frame
    /// with base `b` is `regs[(b + r) * 32 + l]`.
    pub regs: Vec<u64>,
    /// For the uninitialised-read check, the lanes that wrote each register
    /// of `regs` (bit `l`: lane `l`); empty unless [`Warp::track_registers`].
    written: Vec<u32>,
    track_registers: bool,
    pub frames: Vec<Frame>,
    /// Frames no lane uses any more, freed once those above them are.
    dead: Vec<bool>,
    /// Per function of the module, its layout and join points ([`Layout`]).
    layouts: Arc<[Layout]>,
    /// The open divergences: the lanes they hold back, and where their
    /// paths meet again.
    divergences: Divergences,
    /// Where the running group joins the other path of its divergence
    /// ([`NO_JOIN`]: nowhere in its frame).
    join_pc: u32,
    /// Each lane's carry flag (bit `l`).
    pub carry: u32,
    /// Each lane's local memory.
    pub locals: Vec<Vec<u8>>,
    /// Each lane's asynchronous copies in flight.
    pub in_flight: Vec<InFlight>,
    /// Who each lane is.
    pub threads: [Thread; 32],
    /// Steps the warp has run: what `%clock` reads.
    pub clock: u64,
    /// Instructions its threads have run (a step of a group of n lanes is n).
    pub thread_steps: u64,
    /// The running group, its program counter and frame.
    group: u32,
    gpc: u32,
    gframe: u32,
    /// The lowest layout rank of the ready lanes outside the group in its
    /// frame (`u32::MAX`: none): where the group stops to take them in.
    other_min: u32,
    /// Backward branches the group `spinner` took, other lanes ready.
    spins: u32,
    spinner: u32,
}

impl Warp {
    /// Warp `index` of a CTA, its `present` lanes about to start `entry`
    /// (function `function`, whose frame needs `local_base` bytes before it);
    /// `layouts` is the module's layouts (`Image::layouts`).
    pub(crate) fn new(
        index: u32,
        threads: [Thread; 32],
        present: u32,
        function: u32,
        entry: &FunctionCode,
        local_base: u64,
        layouts: Arc<[Layout]>,
    ) -> Warp {
        let mut warp = Warp {
            index,
            present,
            exited: 0,
            ready: present,
            waiting: 0,
            wait_kind: [None; 32],
            pc: [0; 32],
            frame: [0; 32],
            regs: vec![0; entry.registers as usize * 32],
            written: Vec::new(),
            track_registers: false,
            frames: Vec::new(),
            dead: Vec::new(),
            layouts,
            divergences: Divergences::default(),
            join_pc: NO_JOIN,
            carry: 0,
            locals: (0..32).map(|_| Vec::new()).collect(),
            in_flight: (0..32).map(|_| InFlight::default()).collect(),
            threads,
            clock: 0,
            thread_steps: 0,
            group: 0,
            gpc: 0,
            gframe: 0,
            other_min: u32::MAX,
            spins: 0,
            spinner: 0,
        };
        warp.frames.push(Frame {
            function,
            reg_base: 0,
            local_base,
            caller: NONE,
            call_pc: 0,
            depth: 0,
            users: present,
        });
        warp.dead.push(false);
        warp
    }

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
    fn note_registers(
        &mut self,
        cx: &mut CtaContext<'_>,
        step: &super::code::Step,
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
                super::code::Callee::Indirect(o) => (args, returns, Some(o)),
                super::code::Callee::Direct(_) => (args, returns, None),
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
            && let Some(check) = cx.check.as_deref_mut()
        {
            let names = &cx.fixed.image.functions[frame.function as usize].register_names;
            let site = site(frame.function, pc);
            check.uninitialized_register(self.index, lanes, site, r, || {
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

    /// Where lane `l` stands: its function and program counter.
    pub(crate) fn position(&self, l: usize) -> (u32, u32) {
        if self.group & (1 << l) != 0 {
            (self.frames[self.gframe as usize].function, self.gpc)
        } else {
            (self.frames[self.frame[l] as usize].function, self.pc[l])
        }
    }

    /// Makes the waiting lanes `lanes` ready again at the step after the
    /// one they wait at (a barrier they passed, a collective answered).
    pub(crate) fn release(&mut self, lanes: u32) {
        for l in lanes_of(lanes) {
            self.pc[l] += 1;
            self.wait_kind[l] = None;
        }
        self.waiting &= !lanes;
        self.ready |= lanes;
    }

    /// Where step `pc` of frame `f` stands in its function's layout (a step
    /// past the end, after every step).
    #[inline]
    fn rank(&self, f: u32, pc: u32) -> u32 {
        self.layouts[self.frames[f as usize].function as usize]
            .rank
            .get(pc as usize)
            .copied()
            .unwrap_or(pc)
    }

    /// Writes the group's position back to its lanes and ends it.
    fn park(&mut self) {
        for l in lanes_of(self.group) {
            self.pc[l] = self.gpc;
            self.frame[l] = self.gframe;
        }
        self.group = 0;
    }

    /// Chooses the next group: of the ready lanes that are neither held
    /// back nor waiting at a join point, those of the deepest frame at its
    /// first step in the layout (its lowest rank). Where there are none,
    /// the innermost divergence's later path is let go, or else the
    /// innermost lanes waiting at a join point are (they cannot be waited
    /// for: the others wait at a barrier, or spin). False when no lane is
    /// ready.
    fn select(&mut self) -> bool {
        self.park();
        loop {
            if self.ready == 0 {
                return false;
            }
            let frames = &self.frames;
            self.divergences
                .settle(self.exited, &self.frame, |f| frames[f as usize].depth);
            let candidates = self.ready & !self.divergences.held();
            if candidates == 0 {
                self.divergences.wake();
                continue;
            }
            let mut best: Option<(u32, u32, u32, u32)> = None;
            for l in lanes_of(candidates) {
                let f = self.frame[l];
                let depth = self.frames[f as usize].depth;
                let key = (u32::MAX - depth, self.rank(f, self.pc[l]), f, self.pc[l]);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
            let Some((_, rank, frame, pc)) = best else {
                return false;
            };
            let mut group = 0;
            let mut other_min = u32::MAX;
            for l in lanes_of(candidates) {
                if self.frame[l] == frame {
                    if self.pc[l] == pc {
                        group |= 1 << l;
                    } else {
                        other_min = other_min.min(self.rank(frame, self.pc[l]));
                    }
                }
            }
            self.group = group;
            self.gpc = pc;
            self.gframe = frame;
            self.other_min = if other_min > rank {
                other_min
            } else {
                u32::MAX
            };
            self.join_pc = self.divergences.join(group, frame);
            if pc == self.join_pc {
                self.arrive();
                continue;
            }
            // A group that spun keeps its count across turns and reselection.
            if group != self.spinner {
                self.spinner = group;
                self.spins = 0;
            }
            return true;
        }
    }

    /// The group has reached its join point: it waits there for the rest
    /// of its divergence.
    fn arrive(&mut self) {
        self.divergences.arrive(self.group);
        self.park();
    }

    /// Sends `lanes` of the group to step `pc` and the rest on to the next
    /// step: the group splits, the path with fewer lanes runs first (with
    /// as many, the one first in the layout), and the other waits for it
    /// to reach the branch's join point.
    fn split(&mut self, lanes: u32, pc: u32) {
        let next = self.gpc + 1;
        let rest = self.group & !lanes;
        let taken_first = match lanes.count_ones().cmp(&rest.count_ones()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => self.rank(self.gframe, pc) < self.rank(self.gframe, next),
        };
        let later = if taken_first { rest } else { lanes };
        let frame = &self.frames[self.gframe as usize];
        let join = self.layouts[frame.function as usize].join[self.gpc as usize];
        self.divergences
            .split(self.gframe, frame.depth, join, self.group, later);
        for l in lanes_of(self.group) {
            self.pc[l] = if lanes & (1 << l) != 0 { pc } else { next };
            self.frame[l] = self.gframe;
        }
        self.group = 0;
        self.select();
    }

    /// Gives the turn to the other ready lanes: the group, which has spun
    /// [`SPIN_LIMIT`] times, waits where it stands while the group
    /// [`Warp::select`] would choose without it runs; that group does not
    /// stop for the spinning lanes behind it, so it gets past whatever they
    /// wait for.
    fn rotate(&mut self) {
        let spinning = self.group;
        self.spins = 0;
        self.park();
        self.ready &= !spinning;
        let other = self.select();
        self.ready |= spinning;
        if !other {
            self.select();
        }
    }

    /// Moves the group to step `pc` of its frame; where other lanes of the
    /// frame wait at or before it, they are taken in (or run first).
    #[inline(always)]
    fn goto(&mut self, pc: u32) {
        self.gpc = pc;
        if pc == self.join_pc {
            self.arrive();
            self.select();
        } else if self.other_min != u32::MAX && self.rank(self.gframe, pc) >= self.other_min {
            self.select();
        }
    }

    /// The lanes of `mask` for which the guard holds.
    #[inline(always)]
    fn guarded(&self, guard: Option<(u32, bool)>, mask: u32, base: usize) -> u32 {
        match guard {
            None => mask,
            Some((p, negated)) => {
                let row = &self.regs[(base + p as usize) * 32..][..32];
                let mut out = 0;
                for l in lanes_of(mask) {
                    if (row[l] & 1 != 0) != negated {
                        out |= 1 << l;
                    }
                }
                out
            }
        }
    }

    /// Runs the warp until no lane is ready, `budget` steps are spent or a
    /// lane yields; a lane's fault ends the turn with it.
    pub(crate) fn run(
        &mut self,
        cx: &mut CtaContext<'_>,
        budget: &mut u64,
    ) -> Result<Stop, Box<LaneFault>> {
        let image = cx.fixed.image;
        loop {
            if self.group == 0 && !self.select() {
                return Ok(Stop::Idle);
            }
            if *budget == 0 {
                self.park();
                return Ok(Stop::Budget);
            }
            *budget -= 1;
            self.clock += 1;
            let frame = self.frames[self.gframe as usize];
            let code = &image.functions[frame.function as usize];
            let pc = self.gpc;
            let Some(step) = code.steps.get(pc as usize) else {
                // Off the end of the body: as `ret`.
                self.ret(cx, self.group)
                    .map_err(|f| self.fault_at(f, frame.function, pc))?;
                continue;
            };
            let base = frame.reg_base as usize;
            let active = self.guarded(step.guard, self.group, base);
            if self.track_registers {
                self.note_registers(cx, step, active, &frame, pc);
            }
            self.thread_steps += u64::from(self.group.count_ones());
            let op = match &step.op {
                Op::Keep { copies, op } => {
                    for &(from, to) in copies.iter() {
                        for l in lanes_of(active) {
                            self.regs[(base + to as usize) * 32 + l] =
                                self.regs[(base + from as usize) * 32 + l];
                        }
                    }
                    op
                }
                op => op,
            };
            let result = match op {
                Op::Fused {
                    mods,
                    slots,
                    negate,
                } => if active != 0 {
                    self.fused(&cx.fixed, active, mods, slots, *negate, &frame)
                } else {
                    Ok(())
                }
                .map(|()| self.goto(pc + 1)),
                Op::Keep { .. } => Err((
                    active.trailing_zeros(),
                    Fault::malformed(None, "a kept operation inside another"),
                )),
                Op::Lane {
                    sem,
                    mods,
                    slots,
                    carry,
                } => if active != 0 {
                    if matches!(sem, Semantics::Fence | Semantics::Membar)
                        && let Some(check) = cx.check.as_deref_mut()
                    {
                        check.fence(self.index);
                    }
                    let mut lanes = LaneRun {
                        warp: self,
                        slots,
                        mask: active,
                        base,
                        local_base: frame.local_base,
                        carry: *carry,
                        cx: &cx.fixed,
                    };
                    sem::run_lanes(*sem, mods, &mut lanes)
                } else {
                    Ok(())
                }
                .map(|()| self.goto(pc + 1)),
                Op::Branch(target) => {
                    if active == self.group {
                        if *target <= pc && self.ready & !self.group != 0 {
                            self.spins += 1;
                            if self.spins >= SPIN_LIMIT {
                                self.gpc = *target;
                                self.rotate();
                                continue;
                            }
                        }
                        self.goto(*target);
                    } else if active == 0 {
                        self.goto(pc + 1);
                    } else {
                        self.split(active, *target);
                    }
                    Ok(())
                }
                Op::Warp {
                    sem,
                    mods,
                    slots,
                    run,
                    aligned,
                } => self.collective(cx, active, *sem, mods, slots, *run, *aligned, &frame),
                Op::Machine { sem, mods, slots } => {
                    match self.machine(cx, active, *sem, mods, slots, &frame) {
                        Ok(Some(stop)) => return Ok(stop),
                        Ok(None) => Ok(()),
                        Err(f) => Err(f),
                    }
                }
                Op::BranchIndexed { index, targets } => {
                    self.branch_indexed(active, index, targets, &frame)
                }
                Op::Call {
                    callee,
                    args,
                    returns: _,
                } => self.call(cx, active, callee, args, &frame),
                Op::Builtin {
                    builtin,
                    args,
                    returns,
                } => if active != 0 {
                    self.builtin(cx, *builtin, active, args, returns, &frame)
                } else {
                    Ok(())
                }
                .map(|()| self.goto(pc + 1)),
                Op::Return => {
                    if active == 0 {
                        self.goto(pc + 1);
                        Ok(())
                    } else {
                        self.ret(cx, active)
                    }
                }
                Op::Exit => self.exit(cx, active),
                Op::NotSimulated(sem) => {
                    if active == 0 {
                        self.goto(pc + 1);
                        Ok(())
                    } else {
                        Err((active.trailing_zeros(), Fault::not_simulated(sem.key())))
                    }
                }
            };
            if let Err((lane, fault)) = result {
                return Err(Box::new(LaneFault {
                    lane,
                    function: frame.function,
                    pc,
                    fault,
                }));
            }
            if cx.yield_now {
                cx.yield_now = false;
                self.park();
                return Ok(Stop::Yield);
            }
        }
    }

    /// A fault of the group's lowest lane at `pc` of `function`.
    fn fault_at(&self, (lane, fault): (u32, Fault), function: u32, pc: u32) -> Box<LaneFault> {
        Box::new(LaneFault {
            lane,
            function,
            pc,
            fault,
        })
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
    fn read_column<const W: usize>(
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
    fn write_column<const W: usize>(
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
    fn special(&self, cx: &Fixed<'_>, s: Special, l: usize) -> u64 {
        // The clocks read the warp's count of instructions, so that runs
        // repeat.
        crate::engine::special::special(
            s.kind,
            s.component,
            &self.threads[l],
            &cx.facts,
            self.clock,
        )
    }

    /// Gathers each lane of `mask`'s slots into `rows`.
    fn gather(
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
    fn scatter(&mut self, slots: &[StepOperand], mask: u32, frame: &Frame, rows: &[Slots; 32]) {
        let base = frame.reg_base as usize;
        for (k, o) in slots.iter().enumerate() {
            self.write_column(o, mask, base, rows, k);
        }
    }

    /// Runs warp function `run` for `members` over their slots.
    #[allow(clippy::too_many_arguments)]
    fn run_warp(
        &mut self,
        cx: &mut CtaContext<'_>,
        sem: Semantics,
        mods: &Mods,
        slots: &[StepOperand],
        run: crate::machine::WarpFn,
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
        if let Some(check) = cx.check.as_deref_mut() {
            let site = site(frame.function, self.gpc);
            let rows = &*cx.rows;
            check.warp_op(
                &fixed.launch.check,
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
            if let Some(check) = cx.check.as_deref_mut() {
                let global = &fixed.launch.check;
                check.after_warp_op(global, self.index, sem, mods, members, cx.rows, own);
            }
            self.scatter(slots, members, frame, cx.rows);
        }
        result.map_err(|f| (f.lane().unwrap_or(members.trailing_zeros()), f))
    }

    /// A fused `mul` and `add` (see [`Op::Fused`]) for the `active` lanes:
    /// the product's operands and the addend read, their signs flipped as
    /// the fusion says, and `fma` (the semantic function of `fma.rn`) run.
    fn fused(
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
    fn collective(
        &mut self,
        cx: &mut CtaContext<'_>,
        active: u32,
        sem: Semantics,
        mods: &Mods,
        slots: &[StepOperand],
        run: crate::machine::WarpFn,
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
                    && let Some(check) = cx.check.as_deref_mut()
                {
                    let site = site(frame.function, pc);
                    check.collective_over_exited(sem.key(), self.index, site, lanes, mask, exited);
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
    fn note_register_request(
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
    fn machine(
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
                    let memories = crate::machine::Memories {
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
                    if let Some(check) = cx.check.as_deref_mut() {
                        let site = site(frame.function, pc);
                        self.check_copy(
                            check,
                            &cx.fixed.launch.check,
                            sem,
                            mods,
                            &s,
                            l,
                            site,
                            cx.peers.rank(),
                        );
                    }
                    let mut memories = crate::machine::Memories {
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
                if let Some(check) = cx.check.as_deref_mut() {
                    check.cluster_arrive(self.index);
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

    /// Tells the sanitizer of lane `l`'s asynchronous copy `sem` (its slots
    /// `s`) from statement `site`, in a CTA of rank `own`: a `cp.async`'s
    /// shared and global bytes; a bulk copy only that it wrote shared
    /// memory the shadow does not see.
    #[allow(clippy::too_many_arguments)]
    fn check_copy(
        &self,
        check: &mut CtaCheck,
        global: &GlobalCheck,
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
                let shared = crate::check::ops::target(mods, dst, own);
                let global_src = ptx_core::Mods {
                    space: Some(ptx_core::StateSpace::Global),
                    ..ptx_core::Mods::default()
                };
                let src = match crate::check::ops::target(&global_src, src, own) {
                    Some(crate::check::ops::Target::Global(a)) => Some(a),
                    _ => None,
                };
                if let Some(crate::check::ops::Target::Shared(dst)) = shared {
                    check.async_copy(global, self.index, l as u32, site, dst, src, size, read);
                }
            }
            _ if crate::sem::async_copy::writes_unseen(sem) => check.unseen_writes(),
            _ => {}
        }
    }

    /// `bar`/`barrier` `.sync`, `.arrive`, `.red` reached by `active` lanes
    /// (`aligned`: the whole warp's, which the sanitizer checks).
    fn barrier(
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
        if aligned && let Some(check) = cx.check.as_deref_mut() {
            // An aligned barrier is the whole warp's: lanes of it elsewhere
            // (not exited, not already waiting here) are a divergence.
            let here = lanes_of(self.waiting)
                .filter(|&l| self.wait_kind[l] == Some(Waiting::Barrier) && self.pc[l] == pc)
                .fold(active, |m, l| m | 1 << l);
            let missing = self.present & !self.exited & !here;
            let site = site(frame.function, pc);
            let key = if op.arrive { "bar.arrive" } else { "bar.sync" };
            check.divergent_barrier(key, self.index, site, active, missing);
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
        if let (Some(earlier), Some(count), Some(check)) =
            (earlier, op.count, cx.check.as_deref_mut())
        {
            let site = site(frame.function, pc);
            check.barrier_counts_differ(self.index, active, site, op.id, earlier, count);
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
    fn cluster_wait(&mut self, cx: &mut CtaContext<'_>, active: u32) -> Result<(), (u32, Fault)> {
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
            if let Some(check) = cx.check.as_deref_mut() {
                check.cluster_wait(self.index);
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

    /// `brx.idx`: each active lane to the target its index names.
    fn branch_indexed(
        &mut self,
        active: u32,
        index: &StepOperand,
        targets: &[u32],
        frame: &Frame,
    ) -> Result<(), (u32, Fault)> {
        let pc = self.gpc;
        let base = frame.reg_base as usize;
        for l in lanes_of(self.group) {
            self.frame[l] = self.gframe;
            self.pc[l] = pc + 1;
        }
        for l in lanes_of(active) {
            let i = self.regs_value(index, l, base);
            let target = *targets.get(i as usize).ok_or((
                l as u32,
                Fault::Program(ProgramFault::BranchIndex {
                    index: i,
                    targets: targets.len(),
                }),
            ))?;
            self.pc[l] = target;
        }
        self.group = 0;
        self.select();
        Ok(())
    }

    /// The value of a register or constant operand (no context needed).
    fn regs_value(&self, o: &StepOperand, l: usize, base: usize) -> u64 {
        let v = match o.src {
            Src::Reg(r) => self.regs[(base + r as usize) * 32 + l],
            Src::Imm(v) => v,
            _ => 0,
        };
        o.cut(v)
    }

    /// `call` by the `active` lanes of the group: each lane's callee gets a
    /// frame (lanes calling the same function share one), its parameters
    /// bound to the arguments.
    fn call(
        &mut self,
        cx: &mut CtaContext<'_>,
        active: u32,
        callee: &Callee,
        args: &[StepOperand],
        frame: &Frame,
    ) -> Result<(), (u32, Fault)> {
        let pc = self.gpc;
        if active == 0 {
            self.goto(pc + 1);
            return Ok(());
        }
        let base = frame.reg_base as usize;
        let image = cx.fixed.image;
        // The lanes that call now: those with the lowest lane's callee.
        let lane = active.trailing_zeros() as usize;
        let target = |this: &Self, l: usize| -> Result<u32, (u32, Fault)> {
            match callee {
                Callee::Direct(f) => Ok(*f),
                Callee::Indirect(o) => {
                    let addr = this.read(&cx.fixed, o, l, base, frame.local_base);
                    let index = addr.wrapping_sub(FUNCTION_BASE) / 16;
                    if addr < FUNCTION_BASE
                        || !addr.is_multiple_of(16)
                        || index >= image.functions.len() as u64
                    {
                        return Err((
                            l as u32,
                            Fault::Program(ProgramFault::BadCallTarget { address: addr }),
                        ));
                    }
                    Ok(index as u32)
                }
            }
        };
        let function = target(self, lane)?;
        let mut calling = 0u32;
        for l in lanes_of(active) {
            if target(self, l)? == function {
                calling |= 1 << l;
            }
        }
        let code = &image.functions[function as usize];
        if frame.depth + 1 >= MAX_DEPTH {
            return Err((
                lane as u32,
                Fault::Program(ProgramFault::CallDepth { depth: MAX_DEPTH }),
            ));
        }
        if code.entry {
            return Err((
                lane as u32,
                Fault::Program(ProgramFault::BadCallTarget {
                    address: FUNCTION_BASE + 16 * u64::from(function),
                }),
            ));
        }
        // The callee's frame.
        let caller_code = &image.functions[frame.function as usize];
        let local_base = frame.local_base + caller_code.frame_bytes;
        let reg_base = (self.regs.len() / 32) as u32;
        self.regs
            .resize(self.regs.len() + code.registers as usize * 32, 0);
        if self.track_registers {
            self.written.resize(self.regs.len() / 32, 0);
        }
        let new = self.frames.len() as u32;
        self.frames.push(Frame {
            function,
            reg_base,
            local_base,
            caller: self.gframe,
            call_pc: pc,
            depth: frame.depth + 1,
            users: calling,
        });
        self.dead.push(false);
        // Bind the parameters: from the caller's frame into the callee's.
        let callee_frame = self.frames[new as usize];
        for l in lanes_of(calling) {
            for (arg, binding) in args.iter().zip(&code.params) {
                self.bind(&cx.fixed, arg, frame, binding, &callee_frame, l)
                    .map_err(|f| (l as u32, f))?;
                self.note_bound(cx, binding, &callee_frame, l);
            }
        }
        // A path of a divergence that calls gives up its join point.
        self.divergences.unjoin_for_call(calling, self.gframe);
        // Lanes that do not call go on; the callers run the callee first.
        let rest = self.group & !calling;
        for l in lanes_of(rest) {
            self.pc[l] = pc + 1;
            self.frame[l] = self.gframe;
        }
        // Callers whose callee differs wait at the call for their turn.
        let later = active & !calling;
        for l in lanes_of(later) {
            self.pc[l] = pc;
        }
        for l in lanes_of(calling) {
            self.frame[l] = new;
            self.pc[l] = 0;
        }
        self.group = 0;
        self.select();
        Ok(())
    }

    /// Copies argument `arg` (of frame `from`) to the parameter `binding`
    /// of frame `to`, for lane `l`.
    fn bind(
        &mut self,
        cx: &Fixed<'_>,
        arg: &StepOperand,
        from: &Frame,
        binding: &Binding,
        to: &Frame,
        l: usize,
    ) -> Result<(), Fault> {
        match *binding {
            Binding::Frame { offset, size } => {
                let at = to.local_base + offset;
                let bytes = self.arg_bytes(cx, arg, from, size, l)?;
                self.local_write(l, at, &bytes)
            }
            Binding::Register(reg) => {
                let v = match arg.src {
                    Src::Frame(offset) => {
                        let bytes =
                            self.local_read(l, from.local_base.wrapping_add(offset as u64), 8)?;
                        u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8]))
                    }
                    _ => self.read(cx, arg, l, from.reg_base as usize, from.local_base),
                };
                self.write(&reg, l, to.reg_base as usize, v);
                Ok(())
            }
        }
    }

    /// For the uninitialised-read check: lane `l` wrote parameter
    /// `binding` of frame `to` (a register, or bytes of local memory).
    fn note_bound(&mut self, cx: &mut CtaContext<'_>, binding: &Binding, to: &Frame, l: usize) {
        match *binding {
            Binding::Frame { offset, size } => {
                if let Some(check) = cx.check.as_deref_mut() {
                    let thread = self.index * 32 + l as u32;
                    check.local_written(thread, to.local_base + offset, size);
                }
            }
            Binding::Register(reg) => {
                if let Src::Reg(r) = reg.src
                    && let Some(w) = self.written.get_mut(to.reg_base as usize + r as usize)
                {
                    *w |= 1 << l;
                }
            }
        }
    }

    /// The `size` bytes argument `arg` passes: a `.param` variable's bytes,
    /// or a register's or constant's value.
    fn arg_bytes(
        &mut self,
        cx: &Fixed<'_>,
        arg: &StepOperand,
        from: &Frame,
        size: u64,
        l: usize,
    ) -> Result<Vec<u8>, Fault> {
        match arg.src {
            Src::Frame(offset) => {
                self.local_read(l, from.local_base.wrapping_add(offset as u64), size)
            }
            _ => {
                let v = self.read(cx, arg, l, from.reg_base as usize, from.local_base);
                let mut bytes = v.to_le_bytes().to_vec();
                bytes.resize(size as usize, 0);
                Ok(bytes)
            }
        }
    }

    /// `size` bytes of lane `l`'s local memory at `at`.
    pub(crate) fn local_read(&mut self, l: usize, at: u64, size: u64) -> Result<Vec<u8>, Fault> {
        crate::sem::memory::address::in_local(&mut self.locals[l], at, size, 1, "call", |b| {
            b.to_vec()
        })
    }

    /// Writes `bytes` to lane `l`'s local memory at `at`.
    pub(crate) fn local_write(&mut self, l: usize, at: u64, bytes: &[u8]) -> Result<(), Fault> {
        crate::sem::memory::address::in_local(
            &mut self.locals[l],
            at,
            bytes.len() as u64,
            1,
            "call",
            |b| b.copy_from_slice(bytes),
        )
    }

    /// `ret` by `lanes` of the group: to the caller, their return
    /// parameters copied to the call's return operands; from the entry,
    /// the thread ends.
    fn ret(&mut self, cx: &mut CtaContext<'_>, lanes: u32) -> Result<(), (u32, Fault)> {
        let frame = self.frames[self.gframe as usize];
        if frame.caller == NONE {
            return self.exit(cx, lanes);
        }
        let caller = self.frames[frame.caller as usize];
        let image = cx.fixed.image;
        let code = &image.functions[frame.function as usize];
        let caller_code = &image.functions[caller.function as usize];
        let Some(super::code::Step {
            op: Op::Call { returns, .. },
            ..
        }) = caller_code.steps.get(frame.call_pc as usize)
        else {
            return Err((
                lanes.trailing_zeros(),
                Fault::malformed("ret", "the caller's step is not a call"),
            ));
        };
        for l in lanes_of(lanes) {
            for (binding, dest) in code.returns.iter().zip(returns.iter()) {
                let check = cx.check.as_deref_mut();
                self.give_back(&cx.fixed, check, binding, &frame, dest, &caller, l)
                    .map_err(|f| (l as u32, f))?;
            }
        }
        let rest = self.group & !lanes;
        for l in lanes_of(rest) {
            self.pc[l] = self.gpc + 1;
            self.frame[l] = self.gframe;
        }
        for l in lanes_of(lanes) {
            self.frame[l] = frame.caller;
            self.pc[l] = frame.call_pc + 1;
        }
        self.leave(self.gframe, lanes);
        self.group = 0;
        self.select();
        Ok(())
    }

    /// Copies return parameter `binding` of frame `from` to `dest` of frame
    /// `to`, for lane `l`.
    #[allow(clippy::too_many_arguments)]
    fn give_back(
        &mut self,
        cx: &Fixed<'_>,
        check: Option<&mut CtaCheck>,
        binding: &Binding,
        from: &Frame,
        dest: &StepOperand,
        to: &Frame,
        l: usize,
    ) -> Result<(), Fault> {
        let (value, bytes) = match *binding {
            Binding::Frame { offset, size } => {
                let bytes = self.local_read(l, from.local_base + offset, size)?;
                let mut word = [0u8; 8];
                for (w, b) in word.iter_mut().zip(&bytes) {
                    *w = *b;
                }
                (u64::from_le_bytes(word), bytes)
            }
            Binding::Register(reg) => {
                let v = self.read(cx, &reg, l, from.reg_base as usize, from.local_base);
                (v, v.to_le_bytes().to_vec())
            }
        };
        self.put_result(check, dest, to, l, value, &bytes)
    }

    /// Writes a call's result to `dest` of frame `to` for lane `l`: `bytes`
    /// to a `.param` variable, or `value` to a register; the checks
    /// `check` (if on) told of the local bytes written.
    fn put_result(
        &mut self,
        check: Option<&mut CtaCheck>,
        dest: &StepOperand,
        to: &Frame,
        l: usize,
        value: u64,
        bytes: &[u8],
    ) -> Result<(), Fault> {
        match dest.src {
            Src::Frame(offset) => {
                let at = to.local_base.wrapping_add(offset as u64);
                self.local_write(l, at, bytes)?;
                if let Some(check) = check {
                    check.local_written(self.index * 32 + l as u32, at, bytes.len() as u64);
                }
                Ok(())
            }
            _ => {
                self.write(dest, l, to.reg_base as usize, value);
                Ok(())
            }
        }
    }

    /// `builtin` called by the `active` lanes with arguments `args` and
    /// return operands `returns` in `frame`: run for each lane in lane
    /// order, what it returns written to the first return operand.
    fn builtin(
        &mut self,
        cx: &mut CtaContext<'_>,
        builtin: Builtin,
        active: u32,
        args: &[StepOperand],
        returns: &[StepOperand],
        frame: &Frame,
    ) -> Result<(), (u32, Fault)> {
        for l in lanes_of(active) {
            let on_lane = |f: Fault| (l as u32, f);
            let mut caller = CallingLane {
                warp: &mut *self,
                fixed: &cx.fixed,
                shared: &mut *cx.shared,
                args,
                frame,
                lane: l,
            };
            let returned = builtins::run(builtin, &mut caller, &mut *cx.output).map_err(on_lane)?;
            if let (Some(returned), Some(ret)) = (returned, returns.first()) {
                let check = cx.check.as_deref_mut();
                self.put_result(check, ret, frame, l, returned.value, &returned.bytes)
                    .map_err(on_lane)?;
            }
        }
        Ok(())
    }

    /// `lanes` leave frame `f` (they returned from it): a frame no lane
    /// uses any more is freed.
    fn leave(&mut self, f: u32, lanes: u32) {
        let frame = &mut self.frames[f as usize];
        frame.users &= !lanes;
        if frame.users == 0 && frame.caller != NONE {
            self.dead[f as usize] = true;
        }
        self.free_dead();
    }

    /// Frees the dead frames at the top of the arena (a dead frame below a
    /// live one waits until that one is freed).
    fn free_dead(&mut self) {
        while self.dead.last() == Some(&true) {
            self.dead.pop();
            if let Some(top) = self.frames.pop() {
                self.regs.truncate(top.reg_base as usize * 32);
                self.written.truncate(top.reg_base as usize);
            }
        }
    }

    /// `exit` (or `ret` from the entry) by `lanes` of the group: their
    /// copies in flight complete, and they end; the rest of the group goes on.
    fn exit(&mut self, cx: &mut CtaContext<'_>, lanes: u32) -> Result<(), (u32, Fault)> {
        for l in lanes_of(lanes) {
            if !self.in_flight[l].is_empty() {
                let mut memories = crate::machine::Memories {
                    shared: &mut *cx.shared,
                    peers: cx.peers.reborrow(),
                    local: self.locals.get_mut(l),
                    launch: Some(cx.fixed.launch),
                };
                crate::sem::async_copy::drain(&mut self.in_flight[l], &mut memories)
                    .map_err(|f| (l as u32, f))?;
            }
        }
        let pc = self.gpc;
        let rest = self.group & !lanes;
        self.exited |= lanes;
        self.ready &= !lanes;
        for l in lanes_of(lanes) {
            cx.cluster
                .exit(cx.peers.rank(), self.index as usize * 32 + l);
        }
        cx.exited_threads += lanes.count_ones();
        cx.live -= lanes.count_ones();
        // The lanes leave every frame of their calls.
        let mut f = self.gframe;
        while f != NONE {
            let frame = &mut self.frames[f as usize];
            frame.users &= !lanes;
            if frame.users == 0 && frame.caller != NONE {
                self.dead[f as usize] = true;
            }
            f = frame.caller;
        }
        self.free_dead();
        // Lanes waiting at a collective for these may now run it: they try
        // again (sm_70 and later wait only for the mask's lanes that have
        // not exited).
        let mut retry = 0;
        for l in lanes_of(self.waiting) {
            if self.wait_kind[l] == Some(Waiting::Collective) {
                retry |= 1 << l;
                self.wait_kind[l] = None;
            }
        }
        self.waiting &= !retry;
        self.ready |= retry;
        self.group = rest;
        if rest != 0 {
            self.goto(pc + 1);
        }
        Ok(())
    }
}

/// A lane of a warp calling a builtin (see [`Warp::builtin`]): what the
/// builtin reaches of it.
struct CallingLane<'w, 'c, 'x> {
    /// Its warp.
    warp: &'w mut Warp,
    /// What no warp of the CTA writes.
    fixed: &'c Fixed<'x>,
    /// The CTA's shared memory.
    shared: &'w mut [u8],
    /// The call's arguments.
    args: &'w [StepOperand],
    /// The calling frame.
    frame: &'w Frame,
    /// The lane.
    lane: usize,
}

impl Caller for CallingLane<'_, '_, '_> {
    fn argument(&mut self, k: usize) -> Result<u64, Fault> {
        let Some(arg) = self.args.get(k) else {
            return Ok(0);
        };
        let bytes = self
            .warp
            .arg_bytes(self.fixed, arg, self.frame, 8, self.lane)?;
        Ok(u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8])))
    }

    fn memories(&mut self) -> Memories<'_> {
        Memories {
            shared: self.shared,
            peers: crate::engine::cluster::Peers::alone(),
            local: self.warp.locals.get_mut(self.lane),
            launch: Some(self.fixed.launch),
        }
    }
}

/// A lane-scope operation's run over the lanes of a group (see
/// [`sem::run_lanes`]).
struct LaneRun<'w, 'c, 'x> {
    warp: &'w mut Warp,
    slots: &'w [StepOperand],
    mask: u32,
    base: usize,
    local_base: u64,
    carry: bool,
    cx: &'c Fixed<'x>,
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
        if n > COLUMNS || self.carry {
            return self.lane_by_lane(m, f);
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
}

impl LaneRun<'_, '_, '_> {
    /// [`EachLane::each`] a lane at a time: for operations with many slots,
    /// and those that read or write the lane's carry flag.
    fn lane_by_lane<F: Fn(&Mods, &mut [u64]) -> SemResult>(
        &mut self,
        m: &Mods,
        f: F,
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
            if self.carry {
                context::restore(ThreadState {
                    carry: self.warp.carry & (1 << l) != 0,
                });
            }
            f(m, values).map_err(|fault| (l as u32, fault))?;
            if self.carry {
                let c = context::save().carry;
                self.warp.carry = (self.warp.carry & !(1 << l)) | (u32::from(c) << l);
            }
            for (v, o) in values.iter().zip(self.slots) {
                self.warp.write(o, l, self.base, *v);
            }
        }
        Ok(())
    }
}
