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
//!
//! This file steps the warp: it picks the group, runs its steps and
//! handles divergence. The rest is split by concern:
//! - `state.rs`: the warp's state (`Warp`, its frames, what lanes wait for).
//! - `operands.rs`: reading and writing registers and slot rows.
//! - `ops.rs`: running an operation over the group, collectives, and the
//!   operations that need the CTA's machinery.
//! - `sync.rs`: barriers.
//! - `calls.rs`: calls, builtins, returns and exits.
//! - `divergence.rs`: the open divergences.

use super::code::{FunctionCode, Layout, NO_JOIN, Op};
use super::cta_context::CtaContext;
use crate::exec::lanes_of;
use crate::fault::Fault;
use crate::memory::in_flight::InFlight;
use crate::sem;
use crate::thread::Thread;
use ptx_core::Semantics;
use std::sync::Arc;

mod calls;
mod divergence;
mod operands;
mod ops;
mod state;
mod sync;
use divergence::Divergences;
use ops::LaneRun;
use state::NONE;
pub(crate) use state::{Frame, LaneFault, Stop, Waiting, Warp};

/// Backward branches a group takes, with other lanes of the warp ready,
/// before those lanes get a turn: lanes spinning on a lock another lane of
/// their warp holds let it run, as Volta's independent thread scheduling
/// guarantees (a loop that merely runs longer for some lanes than others
/// pays a split of the warp only after this many trips).
const SPIN_LIMIT: u32 = 1024;

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
            waited: 0,
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
    pub(super) fn rank(&self, f: u32, pc: u32) -> u32 {
        self.layouts[self.frames[f as usize].function as usize]
            .rank
            .get(pc as usize)
            .copied()
            .unwrap_or(pc)
    }

    /// Writes the group's position back to its lanes and ends it.
    pub(super) fn park(&mut self) {
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
    pub(super) fn select(&mut self) -> bool {
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
    pub(super) fn arrive(&mut self) {
        self.divergences.arrive(self.group);
        self.park();
    }

    /// Sends `lanes` of the group to step `pc` and the rest on to the next
    /// step: the group splits, the path with fewer lanes runs first (with
    /// as many, the one first in the layout), and the other waits for it
    /// to reach the branch's join point.
    pub(super) fn split(&mut self, lanes: u32, pc: u32) {
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
    pub(super) fn rotate(&mut self) {
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
    pub(super) fn goto(&mut self, pc: u32) {
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
    pub(super) fn guarded(&self, guard: Option<(u32, bool)>, mask: u32, base: usize) -> u32 {
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
                Op::Lane { sem, mods, slots } => if active != 0 {
                    if matches!(sem, Semantics::Fence | Semantics::Membar)
                        && let Some(observer) = cx.observer.as_deref_mut()
                    {
                        observer.fence(self.index);
                    }
                    let mut lanes = LaneRun {
                        warp: self,
                        slots,
                        mask: active,
                        base,
                        local_base: frame.local_base,
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
                            // With no step left in the warp's turn, the
                            // others would get none: the next turn begins
                            // by choosing the spinning lanes again, and a
                            // loop whose length fits the turns just so
                            // spun forever. The count stands, and the
                            // spinners hand over at their next branch back.
                            if self.spins >= SPIN_LIMIT && *budget > 0 {
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
    pub(super) fn fault_at(
        &self,
        (lane, fault): (u32, Fault),
        function: u32,
        pc: u32,
    ) -> Box<LaneFault> {
        Box::new(LaneFault {
            lane,
            function,
            pc,
            fault,
        })
    }
}
