//! A warp's calls: indexed branches, calls into the module's functions
//! (frames, arguments, local memory), builtins, returns and exits.

use super::state::{Frame, NONE, Waiting, Warp};
use crate::exec::lanes_of;
use crate::fault::{Fault, ProgramFault};
use crate::kernel::builtins::{self, Caller};
use crate::kernel::code::{Binding, Builtin, Callee, Op, Src, StepOperand};
use crate::kernel::cta_context::{CtaContext, Fixed};
use crate::kernel::load::FUNCTION_BASE;
use crate::lane::Memories;
use crate::observe::Observer;

/// How deep calls may nest before the launch faults (a GPU's stack
/// overflows sooner).
const MAX_DEPTH: u32 = 4096;

impl Warp {
    /// `brx.idx`: each active lane to the target its index names.
    pub(super) fn branch_indexed(
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

    /// `call` by the `active` lanes of the group: each lane's callee gets a
    /// frame (lanes calling the same function share one), its parameters
    /// bound to the arguments.
    pub(super) fn call(
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
    pub(super) fn bind(
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
    pub(super) fn note_bound(
        &mut self,
        cx: &mut CtaContext<'_>,
        binding: &Binding,
        to: &Frame,
        l: usize,
    ) {
        match *binding {
            Binding::Frame { offset, size } => {
                if let Some(observer) = cx.observer.as_deref_mut() {
                    let thread = self.index * 32 + l as u32;
                    observer.local_written(thread, to.local_base + offset, size);
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
    pub(super) fn arg_bytes(
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
    pub(super) fn ret(&mut self, cx: &mut CtaContext<'_>, lanes: u32) -> Result<(), (u32, Fault)> {
        let frame = self.frames[self.gframe as usize];
        if frame.caller == NONE {
            return self.exit(cx, lanes);
        }
        let caller = self.frames[frame.caller as usize];
        let image = cx.fixed.image;
        let code = &image.functions[frame.function as usize];
        let caller_code = &image.functions[caller.function as usize];
        let Some(crate::kernel::code::Step {
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
                let observer = cx.observer.as_deref_mut();
                self.give_back(&cx.fixed, observer, binding, &frame, dest, &caller, l)
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
    pub(super) fn give_back(
        &mut self,
        cx: &Fixed<'_>,
        observer: Option<&mut dyn Observer>,
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
        self.put_result(observer, dest, to, l, value, &bytes)
    }

    /// Writes a call's result to `dest` of frame `to` for lane `l`: `bytes`
    /// to a `.param` variable, or `value` to a register; the CTA's
    /// `observer` (if any) told of the local bytes written.
    pub(super) fn put_result(
        &mut self,
        observer: Option<&mut dyn Observer>,
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
                if let Some(observer) = observer {
                    observer.local_written(self.index * 32 + l as u32, at, bytes.len() as u64);
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
    pub(super) fn builtin(
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
                let observer = cx.observer.as_deref_mut();
                let bytes = returned.value.to_le_bytes();
                self.put_result(
                    observer,
                    ret,
                    frame,
                    l,
                    returned.value,
                    &bytes[..returned.size],
                )
                .map_err(on_lane)?;
            }
        }
        Ok(())
    }

    /// `lanes` leave frame `f` (they returned from it): a frame no lane
    /// uses any more is freed.
    pub(super) fn leave(&mut self, f: u32, lanes: u32) {
        let frame = &mut self.frames[f as usize];
        frame.users &= !lanes;
        if frame.users == 0 && frame.caller != NONE {
            self.dead[f as usize] = true;
        }
        self.free_dead();
    }

    /// Frees the dead frames at the top of the arena (a dead frame below a
    /// live one waits until that one is freed).
    pub(super) fn free_dead(&mut self) {
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
    pub(super) fn exit(&mut self, cx: &mut CtaContext<'_>, lanes: u32) -> Result<(), (u32, Fault)> {
        for l in lanes_of(lanes) {
            if !self.in_flight[l].is_empty() {
                let mut memories = crate::lane::Memories {
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
            peers: crate::memory::peers::Peers::alone(),
            local: self.warp.locals.get_mut(self.lane),
            launch: Some(self.fixed.launch),
        }
    }
}
