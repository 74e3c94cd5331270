//! The statement interpreter: runs one `ptx!` statement's lowered program
//! (PTX text checked and lowered at run time) over a register file, one
//! semantic function per step, the same functions `ptx!`'s expansion calls.
//! Whole modules run through the module interpreter, [`crate::kernel`].

use crate::exec::{read_operand, write_operand};
use crate::fault::{Fault, LaunchFault, ProgramFault, ThreadFault};
use crate::machine::{context, current};
use ptx_core::{
    AddressBase, Mods, NEGATED, OperandAccess, Program, Semantics, Slot, SlotSource, StepKind,
};

/// One step, ready to run: its semantic function resolved.
#[derive(Clone, Debug)]
struct PreparedStep {
    guard: Option<(usize, bool)>,
    action: Action,
    text: String,
}

impl PreparedStep {
    /// `fault`, met by this step in the running thread.
    #[cold]
    fn fault(&self, fault: Fault) -> Box<ThreadFault> {
        Box::new(ThreadFault {
            thread: current::thread(),
            statement: Some(self.text.clone()),
            location: None,
            fault,
        })
    }
}

#[derive(Clone, Debug)]
enum Action {
    Exec {
        sem: Semantics,
        mods: Mods,
        slots: Vec<Slot>,
        /// Whether it meets other threads (`Semantics::meets_other_threads`),
        /// decided once here rather than at every run.
        meets: bool,
    },
    Branch(usize),
    Return,
    Exit,
    NotSimulated(&'static str),
}

/// A program ready to run many times (once per lane, once per call).
///
/// ```
/// use ptx_core::{check_asm, lower, AsmOperand, Target};
/// use ptx_sim::statement::Prepared;
/// let cons = ["=r", "r", "r"];
/// let checked = check_asm("add.s32 %0, %1, %2;", &cons, Target::default()).unwrap();
/// let ops: Vec<AsmOperand> = cons.iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
/// let prepared = Prepared::new(&lower(&checked, &ops).unwrap());
/// let mut regs = prepared.registers();
/// regs[1] = 40;
/// regs[2] = 2;
/// prepared.run(&mut regs).unwrap();
/// assert_eq!(regs[0], 42);
/// ```
#[derive(Clone, Debug)]
pub struct Prepared {
    steps: Vec<PreparedStep>,
    register_bits: Vec<u32>,
}

impl Prepared {
    /// Resolves every step's semantic function. Keys the simulator does not
    /// model run as a fault naming the instruction.
    pub fn new(program: &Program) -> Prepared {
        let steps = program
            .steps
            .iter()
            .map(|step| {
                let action = match &step.kind {
                    StepKind::Exec { form, mods, slots } => Action::Exec {
                        sem: form.semantics,
                        mods: *mods,
                        slots: slots.clone(),
                        meets: form.semantics.meets_other_threads(),
                    },
                    StepKind::Branch { target } => Action::Branch(*target),
                    StepKind::Return => Action::Return,
                    StepKind::Exit => Action::Exit,
                    // A statement has no functions or branch-target lists:
                    // the checker sees to it, and running one faults.
                    StepKind::Call { .. } => Action::NotSimulated("call"),
                    StepKind::BranchIndexed { .. } => Action::NotSimulated("brx.idx"),
                };
                PreparedStep {
                    guard: step.guard,
                    action,
                    text: step.text.clone(),
                }
            })
            .collect();
        let register_bits = program.registers.iter().map(|r| r.ty.bits()).collect();
        Prepared {
            steps,
            register_bits,
        }
    }

    /// A zeroed register file of the right size.
    pub fn registers(&self) -> Vec<u128> {
        vec![0; self.register_bits.len()]
    }

    /// Runs the program once over `regs` (the asm operands first). A
    /// fault names the statement that met it and, in a launch, the thread
    /// (boxed: the `Ok` path, the common one, need not carry its size).
    pub fn run(&self, regs: &mut [u128]) -> Result<(), Box<ThreadFault>> {
        let mut pc = 0;
        let mut values = [0u64; 64];
        let mut budget: u64 = 1 << 32;
        while let Some(step) = self.steps.get(pc) {
            pc += 1;
            if let Some((p, negated)) = step.guard
                && (regs[p] & 1 != 0) == negated
            {
                continue;
            }
            match &step.action {
                Action::Exec {
                    sem,
                    mods,
                    slots,
                    meets,
                } => {
                    if *meets {
                        crate::machine::current::may_yield(sem.key());
                    }
                    let mut heap;
                    let vals: &mut [u64] = if slots.len() <= values.len() {
                        &mut values[..slots.len()]
                    } else {
                        heap = vec![0u64; slots.len()];
                        &mut heap
                    };
                    for (v, slot) in vals.iter_mut().zip(slots) {
                        *v = self.read(regs, slot).map_err(|f| step.fault(f))?;
                    }
                    crate::machine::run(*sem, mods, vals).map_err(|f| step.fault(f))?;
                    for (v, slot) in vals.iter().zip(slots) {
                        if slot.access != OperandAccess::Read {
                            self.write(regs, slot, *v);
                        }
                    }
                }
                Action::Branch(target) => {
                    budget = budget.saturating_sub(1);
                    if budget == 0 {
                        return Err(step.fault(Fault::Program(ProgramFault::TooManyBranches)));
                    }
                    pc = *target;
                }
                Action::Return => break,
                Action::Exit => return Err(step.fault(Fault::Program(ProgramFault::Exited))),
                Action::NotSimulated(key) => return Err(step.fault(Fault::not_simulated(*key))),
            }
        }
        Ok(())
    }

    #[inline]
    fn read(&self, regs: &[u128], slot: &Slot) -> Result<u64, Fault> {
        Ok(match slot.source {
            SlotSource::Register {
                index,
                half: NEGATED,
            } => u64::from(regs[index] & 1 == 0),
            SlotSource::Register { index, half } => {
                read_operand((regs[index] >> (64 * u32::from(half))) as u64, slot.ty)
            }
            SlotSource::Immediate(v) => read_operand(v, slot.ty),
            SlotSource::Special {
                register,
                component,
            } => read_operand(context::special(register.kind, component), slot.ty),
            SlotSource::Address { base, offset } => {
                let b = match base {
                    AddressBase::Absolute => 0,
                    AddressBase::Register(r) => regs[r] as u64,
                    AddressBase::Variable(_) => {
                        return Err(Fault::Launch(LaunchFault::TemplateVariable));
                    }
                };
                b.wrapping_add(offset as u64)
            }
            SlotSource::Sink | SlotSource::Absent => 0,
        })
    }

    #[inline]
    fn write(&self, regs: &mut [u128], slot: &Slot, value: u64) {
        if let SlotSource::Register { index, half } = slot.source {
            let bits = self.register_bits[index];
            if half == 1 {
                regs[index] = (regs[index] & u128::from(u64::MAX)) | (u128::from(value) << 64);
            } else {
                let v = write_operand(value, slot.ty, bits.min(64));
                regs[index] = if bits > 64 {
                    (regs[index] & !u128::from(u64::MAX)) | u128::from(v)
                } else {
                    u128::from(v)
                };
            }
        }
    }
}
