//! Lowering: a checked template to a [`Program`], the form both the macro's
//! code generator and the simulator's interpreter execute.
//!
//! Names are resolved to numbered registers (the asm operands first, then
//! the template's `.reg` temporaries), labels to step indices, and every
//! operand of an instruction to a list of *slots*, the `u64` values a
//! semantic function reads and writes:
//!
//! * a value operand is one slot (two for a 128-bit type: low, then high half);
//! * `d|p` is two slots, the value and the predicate (0 or 1);
//! * a vector of n is n slots (`_` elements are sinks);
//! * an address is one slot holding the effective address (base plus
//!   offset), followed by the slots of any further items (`[tmap, {x, y}]`);
//! * a label is no slot; a list is the slots of its elements;
//! * an optional operand that is left out keeps its slots, as [`SlotSource::Absent`].
//!
//! Reads deliver the register's bits truncated to the operand's type;
//! writes are extended to the register's width (sign-extended for signed
//! types), as the PTX ISA says for registers wider than the instruction type.

use crate::check::Checked;
use crate::syntax::{
    Address, FloatLiteral, Immediate, Item, Name, Operand, OperandKind, Placeholder,
};
use crate::table::{Bound, OperandShape, OperandSpec};
use crate::{
    AsmOperand, ConstraintLetter, Flags, InstructionForm, Mods, OperandAccess, ScalarType,
    Semantics, Span, SpecialRegister, StateSpace,
};
use std::collections::HashMap;

/// A register of a lowered program.
#[derive(Clone, Debug, PartialEq)]
pub struct RegisterInfo {
    /// Its name in the template (`%0`, `t1`).
    pub name: String,
    /// Its declared type (`.b32` for an `"r"` operand).
    pub ty: ScalarType,
    /// The asm operand it is, if it is one.
    pub operand: Option<usize>,
}

/// A variable declared in the template (`.shared .b8 buf[64];`).
#[derive(Clone, Debug, PartialEq)]
pub struct VariableInfo {
    /// Its name.
    pub name: String,
    /// Where it lives.
    pub space: StateSpace,
    /// Its size in bytes.
    pub size: u64,
    /// Its alignment in bytes.
    pub align: u64,
    /// How many blocks enclose its declaration: 0 for the template's own
    /// items (for a module's function, [`crate::module::Module::function_template`]
    /// puts the module-scope names there), 1 for a function's parameters
    /// and top-level declarations, more in nested blocks.
    pub depth: usize,
}

/// Where an address starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AddressBase {
    /// `[8]`: an absolute address.
    Absolute,
    /// `[r+8]`: a register's value.
    Register(usize),
    /// `[var+8]`: a variable's address.
    Variable(usize),
}

/// What a slot reads from or writes to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SlotSource {
    /// A register; `half` is 1 for the high half of a 128-bit value.
    Register {
        /// The register index.
        index: usize,
        /// 0, or 1 for the upper 64 bits of a 128-bit register.
        half: u8,
    },
    /// A constant.
    Immediate(u64),
    /// A special register (`%tid.x`): `component` is 0, 1, 2, 3 for `.x .y
    /// .z .w`, or the member's number in a numbered family (`%envreg3`: 3).
    Special {
        /// The register.
        register: SpecialRegister,
        /// Its component index, or its number.
        component: u8,
    },
    /// An address: base plus offset.
    Address {
        /// Where it starts.
        base: AddressBase,
        /// The constant offset in bytes.
        offset: i64,
    },
    /// `_`: writes are dropped, reads give 0.
    Sink,
    /// An optional operand that was left out.
    Absent,
}

/// One `u64` a semantic function reads or writes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// Where the value comes from or goes.
    pub source: SlotSource,
    /// Read, written or both.
    pub access: OperandAccess,
    /// The instruction type of the operand (`None` for addresses).
    pub ty: Option<ScalarType>,
}

/// What a `call` calls.
#[derive(Clone, Debug, PartialEq)]
pub enum Callee {
    /// A function named in the module (`call f, (a);`).
    Direct(String),
    /// The function whose address a register holds (`call %rd1, (a), proto;`).
    Indirect(Slot),
}

/// What a step does.
#[derive(Clone, Debug)]
pub enum StepKind {
    /// Run the form's semantic function over the slots.
    Exec {
        /// The matched form.
        form: &'static InstructionForm,
        /// Its decoded modifiers.
        mods: Mods,
        /// Its operands as slots.
        slots: Vec<Slot>,
    },
    /// `bra`: continue at step `target`.
    Branch {
        /// The step to continue at.
        target: usize,
    },
    /// `brx.idx index, list`: continue at the `index`th target of the
    /// list (an index past its end is a fault).
    BranchIndexed {
        /// The index.
        index: Slot,
        /// The steps the list names, in order.
        targets: Vec<usize>,
    },
    /// `call`: run a function with its parameters bound to `args`, then
    /// copy its return parameters to `returns`.
    Call {
        /// The function.
        callee: Callee,
        /// Where the return values go: `.param` variables (addresses) or
        /// registers, in the order of the callee's return parameters.
        returns: Vec<Slot>,
        /// The arguments: `.param` variables (addresses), registers or
        /// immediates, in the order of the callee's parameters.
        args: Vec<Slot>,
    },
    /// `ret`: leave the function (a template: leave the template).
    Return,
    /// `exit`: end the thread (a template: leave the template).
    Exit,
}

/// One step of a program: an optional guard and what to do.
#[derive(Clone, Debug)]
pub struct Step {
    /// `@p` (register, false) or `@!p` (register, true).
    pub guard: Option<(usize, bool)>,
    /// The action.
    pub kind: StepKind,
    /// The instruction in the template.
    pub span: Span,
    /// The instruction's canonical text, for error messages.
    pub text: String,
}

/// A checked template, lowered for execution.
#[derive(Clone, Debug)]
pub struct Program {
    /// Registers: the asm operands first (register `k` is operand `k`), then temporaries.
    pub registers: Vec<RegisterInfo>,
    /// Variables declared in the template.
    pub variables: Vec<VariableInfo>,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Program {
    /// Whether every step runs in order, without branches.
    pub fn is_straight_line(&self) -> bool {
        self.steps
            .iter()
            .all(|s| !matches!(s.kind, StepKind::Branch { .. }))
    }
}

/// Why a checked template could not be lowered: a name or operand the
/// lowerer cannot resolve to registers, labels or slots. A template that
/// passed [`crate::check()`] with the same operands lowers; these are what
/// is left for anything else (a hand-built [`Checked`], a mismatched operand
/// list, a construct the checker accepts but lowering does not model).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    /// A branch names a label of a block whose position was never reached.
    #[error("label never placed")]
    LabelNeverPlaced,
    /// `%[name]` names no asm operand.
    #[error("no operand named {name}")]
    NoOperandNamed {
        /// The name in the placeholder.
        name: String,
    },
    /// `%k` is past the end of the operand list.
    #[error("no operand %{index}")]
    NoOperand {
        /// The placeholder's number.
        index: usize,
    },
    /// `%k` is an `"C"` (string) operand, spliced as text, not a register.
    #[error("%{index} is a string operand")]
    StringOperand {
        /// The placeholder's number.
        index: usize,
    },
    /// A name that is no register, variable or special register in scope.
    #[error("`{name}` is not declared")]
    Undeclared {
        /// The name as written.
        name: String,
    },
    /// The checked instructions ran out before the template's did: the
    /// [`Checked`] is not the check of this template.
    #[error("fewer checked instructions than instructions")]
    MissingCheckedInstruction,
    /// A guard that is neither a name nor a placeholder.
    #[error("bad guard")]
    BadGuard,
    /// A guard that names something other than a register.
    #[error("guard is not a register")]
    GuardNotRegister,
    /// `bra` whose target is no label in scope.
    #[error("branch target is not a label")]
    BranchTargetNotLabel,
    /// `brx.idx` without both its index and its list.
    #[error("brx.idx needs an index and a list")]
    BranchIndexOperands,
    /// `brx.idx` whose second operand is not a name.
    #[error("brx.idx takes a .branchtargets list")]
    BranchIndexNotList,
    /// `brx.idx` naming a list that no `.branchtargets` declares.
    #[error("`{name}` is not a .branchtargets list")]
    UnknownBranchTargets {
        /// The list's name.
        name: String,
    },
    /// A `.branchtargets` entry that is no label in scope.
    #[error("`{name}` is not a label")]
    NotALabel {
        /// The entry.
        name: String,
    },
    /// `brx.idx` whose index lowered to no slot.
    #[error("brx.idx without an index")]
    BranchIndexWithoutIndex,
    /// `call` with neither a function name nor a function pointer.
    #[error("call names no function")]
    CallWithoutCallee,
    /// An address operand written as something other than `[...]`.
    #[error("expected an address")]
    ExpectedAddress,
    /// A vector special register operand that is not a name.
    #[error("expected a vector special register")]
    ExpectedVectorSpecial,
    /// A name where a vector special register (`%tid`) belongs.
    #[error("`{name}` is not a vector special register")]
    NotVectorSpecial {
        /// The name as written.
        name: String,
    },
    /// `!x` whose operand lowered to no slot.
    #[error("empty negation")]
    EmptyNegation,
    /// An operand form a value slot cannot hold.
    #[error("unexpected operand `{operand}`")]
    UnexpectedOperand {
        /// The operand, printed.
        operand: String,
    },
    /// `[name]` where the name is neither a register nor a variable.
    #[error("`{name}` cannot start an address")]
    NotAnAddressBase {
        /// The name as written.
        name: String,
    },
    /// An address base that is neither a name nor a register placeholder.
    #[error("bad address")]
    BadAddress,
    /// `!x` where `x` is not a predicate register or a constant.
    #[error("only predicate registers can be negated")]
    NegatedNonPredicate,
}

#[derive(Default)]
struct Frame {
    registers: HashMap<String, usize>,
    ranges: Vec<(String, u32, usize)>,
    variables: HashMap<String, usize>,
    labels: HashMap<String, usize>,
}

struct Lowerer<'a> {
    operands: &'a [AsmOperand],
    /// The `.branchtargets` lists `brx.idx` may name: list name to labels.
    branch_lists: &'a HashMap<String, Vec<String>>,
    /// `brx.idx` steps and the labels of their lists, resolved at the end.
    indexed: Vec<(usize, Vec<usize>)>,
    frames: Vec<Frame>,
    program: Program,
    next_label: usize,
    label_steps: Vec<Option<usize>>,
    pending: Vec<(usize, usize)>,
    instructions: std::slice::Iter<'a, crate::CheckedInstruction>,
}

/// Lowers a checked template. The template must have passed [`crate::check()`]
/// with the same operands; names it cannot resolve are reported as a [`LowerError`].
///
/// ```
/// use ptx_core::{check_asm, lower, StepKind, Target};
/// let c = check_asm("{ .reg .b32 t; mul.lo.u32 t, %1, %1; mul.lo.u32 %0, t, %1; }", &["=r", "r"], Target::default()).unwrap();
/// let ops: Vec<_> = ["=r", "r"].iter().map(|s| ptx_core::AsmOperand::new(s.parse().unwrap())).collect();
/// let p = lower(&c, &ops).unwrap();
/// assert_eq!(p.registers.len(), 3); // %0, %1 and t
/// assert!(matches!(p.steps[0].kind, StepKind::Exec { .. }));
/// ```
pub fn lower(checked: &Checked, operands: &[AsmOperand]) -> Result<Program, LowerError> {
    lower_with_lists(checked, operands, &HashMap::new())
}

/// Lowers the checked body of a module's function ([`crate::module::Module::function_template`]),
/// whose `brx.idx` instructions name the `.branchtargets` lists of
/// `branch_lists` (list name to label names).
///
/// ```
/// use ptx_core::module::parse_module;
/// use ptx_core::{check, lower_function, StepKind};
/// let text = ".version 9.0\n.target sm_90\n.entry k() {\n.reg .b32 %r<2>;\n\
///     ts: .branchtargets A, B;\nbrx.idx %r1, ts;\nA: exit;\nB: exit;\n}";
/// let m = parse_module(text).unwrap();
/// let f = m.function("k").unwrap();
/// let checked = check(&m.function_template(f).unwrap(), &[], m.compile_target()).unwrap();
/// let p = lower_function(f, &checked).unwrap();
/// let StepKind::BranchIndexed { targets, .. } = &p.steps[0].kind else { panic!() };
/// assert_eq!(targets, &[1, 2]);
/// assert!(matches!(p.steps[1].kind, StepKind::Exit));
/// ```
pub fn lower_function(
    function: &crate::module::Function,
    checked: &Checked,
) -> Result<Program, LowerError> {
    let mut lists = HashMap::new();
    if let Some(body) = &function.body {
        collect_branch_lists(body, &mut lists);
    }
    lower_with_lists(checked, &[], &lists)
}

/// Every `.branchtargets` list of `body` and its blocks: its name and labels.
fn collect_branch_lists(body: &crate::module::Body, out: &mut HashMap<String, Vec<String>>) {
    use crate::module::Statement;
    for s in &body.statements {
        match s {
            Statement::BranchTargets(list) => {
                out.insert(
                    list.name.text.clone(),
                    list.targets.iter().map(|t| t.text.clone()).collect(),
                );
            }
            Statement::Block(b) => collect_branch_lists(b, out),
            _ => {}
        }
    }
}

fn lower_with_lists(
    checked: &Checked,
    operands: &[AsmOperand],
    branch_lists: &HashMap<String, Vec<String>>,
) -> Result<Program, LowerError> {
    let mut registers = Vec::new();
    for (k, op) in operands.iter().enumerate() {
        let ty = op
            .constraint
            .letter
            .register_type()
            .unwrap_or(ScalarType::B64);
        registers.push(RegisterInfo {
            name: format!("%{k}"),
            ty,
            operand: Some(k),
        });
    }
    let mut l = Lowerer {
        operands,
        branch_lists,
        indexed: Vec::new(),
        frames: Vec::new(),
        program: Program {
            registers,
            variables: Vec::new(),
            steps: Vec::new(),
        },
        next_label: 0,
        label_steps: Vec::new(),
        pending: Vec::new(),
        instructions: checked.instructions.iter(),
    };
    l.block(&checked.template.items)?;
    for (step, label) in std::mem::take(&mut l.pending) {
        let target = l.label_steps[label].ok_or(LowerError::LabelNeverPlaced)?;
        l.program.steps[step].kind = StepKind::Branch { target };
    }
    for (step, labels) in std::mem::take(&mut l.indexed) {
        let steps = labels
            .iter()
            .map(|&label| l.label_steps[label].ok_or(LowerError::LabelNeverPlaced))
            .collect::<Result<Vec<usize>, _>>()?;
        if let StepKind::BranchIndexed { targets, .. } = &mut l.program.steps[step].kind {
            *targets = steps;
        }
    }
    Ok(l.program)
}

impl Lowerer<'_> {
    fn block(&mut self, items: &[Item]) -> Result<(), LowerError> {
        let mut frame = Frame::default();
        for item in items {
            if let Item::Label(label) = item {
                frame.labels.insert(label.name.clone(), self.next_label);
                self.label_steps.push(None);
                self.next_label += 1;
            }
        }
        self.frames.push(frame);
        for item in items {
            match item {
                Item::Declaration(d) => self.declare(d),
                Item::Label(label) => {
                    let id = self
                        .frames
                        .last()
                        .and_then(|f| f.labels.get(&label.name))
                        .copied();
                    if let Some(id) = id {
                        self.label_steps[id] = Some(self.program.steps.len());
                    }
                }
                Item::Block(b) => self.block(&b.items)?,
                Item::Instruction(i) => self.instruction(i)?,
                Item::Pragma(_) => {}
            }
        }
        self.frames.pop();
        Ok(())
    }

    fn declare(&mut self, d: &crate::syntax::Declaration) {
        let depth = self.frames.len().saturating_sub(1);
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        for n in &d.names {
            if d.space == StateSpace::Reg {
                let base = self.program.registers.len();
                if let Some(width) = d.vector {
                    // One register per component, named `v.x`, `v.y`, ...
                    for c in ["x", "y", "z", "w"].iter().take(width.len()) {
                        let index = self.program.registers.len();
                        self.program.registers.push(RegisterInfo {
                            name: format!("{}.{c}", n.name),
                            ty: d.ty,
                            operand: None,
                        });
                        frame.registers.insert(format!("{}.{c}", n.name), index);
                    }
                    continue;
                }
                match n.range {
                    Some(count) => {
                        for i in 0..count {
                            self.program.registers.push(RegisterInfo {
                                name: format!("{}{i}", n.name),
                                ty: d.ty,
                                operand: None,
                            });
                        }
                        frame.ranges.push((n.name.clone(), count, base));
                    }
                    None => {
                        self.program.registers.push(RegisterInfo {
                            name: n.name.clone(),
                            ty: d.ty,
                            operand: None,
                        });
                        frame.registers.insert(n.name.clone(), base);
                    }
                }
            } else {
                let elem =
                    u64::from(d.ty.bits().div_ceil(8)) * d.vector.map_or(1, |v| v.len() as u64);
                let count: u64 = n.array.iter().map(|&a| u64::from(a)).product();
                let index = self.program.variables.len();
                self.program.variables.push(VariableInfo {
                    name: n.name.clone(),
                    space: d.space,
                    size: elem * count.max(1),
                    align: d.align.map_or(elem.max(1), u64::from),
                    depth,
                });
                frame.variables.insert(n.name.clone(), index);
            }
        }
    }

    fn find(&self, name: &str) -> Option<SlotSource> {
        for frame in self.frames.iter().rev() {
            if let Some(&index) = frame.registers.get(name) {
                return Some(SlotSource::Register { index, half: 0 });
            }
            for (prefix, count, base) in &frame.ranges {
                if let Some(n) = name.strip_prefix(prefix.as_str())
                    && let Ok(i) = n.parse::<u32>()
                    && i < *count
                    && (n == "0" || !n.starts_with('0'))
                {
                    return Some(SlotSource::Register {
                        index: base + i as usize,
                        half: 0,
                    });
                }
            }
            if let Some(&v) = frame.variables.get(name) {
                return Some(SlotSource::Address {
                    base: AddressBase::Variable(v),
                    offset: 0,
                });
            }
        }
        None
    }

    fn find_label(&self, name: &str) -> Option<usize> {
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.labels.get(name).copied())
    }

    fn placeholder(&self, p: &Placeholder) -> Result<SlotSource, LowerError> {
        let k = match p {
            Placeholder::Index(n) => *n as usize,
            Placeholder::Name(name) => self
                .operands
                .iter()
                .position(|o| o.name.as_deref() == Some(name))
                .ok_or_else(|| LowerError::NoOperandNamed { name: name.clone() })?,
        };
        let op = self
            .operands
            .get(k)
            .ok_or(LowerError::NoOperand { index: k })?;
        match op.constraint.letter {
            ConstraintLetter::C => Err(LowerError::StringOperand { index: k }),
            _ => Ok(SlotSource::Register { index: k, half: 0 }),
        }
    }

    fn name(&self, n: &Name) -> Result<SlotSource, LowerError> {
        if let Some(c) = n.component.as_deref() {
            // A component of a vector register (`v.x`, or `v.r` for `v.x`).
            let canonical = match c {
                "r" => "x",
                "g" => "y",
                "b" => "z",
                "a" => "w",
                other => other,
            };
            if let Some(s) = self.find(&format!("{}.{canonical}", n.ident)) {
                return Ok(s);
            }
        }
        if n.component.is_none() {
            if let Some(s) = self.find(&n.ident) {
                return Ok(s);
            }
            if n.ident == "WARP_SZ" {
                return Ok(SlotSource::Immediate(32));
            }
        }
        let register =
            SpecialRegister::lookup(&n.ident, n.component.as_deref()).ok_or_else(|| {
                LowerError::Undeclared {
                    name: n.ident.clone(),
                }
            })?;
        // The vector component, or the number of a numbered family's member.
        let component = match n.component.as_deref() {
            Some(c) => SpecialRegister::component_index(c).unwrap_or(0),
            None => SpecialRegister::number(&n.ident).map_or(0, |k| k as u8),
        };
        Ok(SlotSource::Special {
            register,
            component,
        })
    }

    fn instruction(&mut self, instr: &crate::syntax::Instruction) -> Result<(), LowerError> {
        let checked = self
            .instructions
            .next()
            .ok_or(LowerError::MissingCheckedInstruction)?;
        let bound = &checked.bound;
        let guard = match &instr.guard {
            None => None,
            Some(g) => {
                let source = match &g.predicate.kind {
                    OperandKind::Name(n) => self.name(n)?,
                    OperandKind::Placeholder(p) => self.placeholder(p)?,
                    _ => return Err(LowerError::BadGuard),
                };
                match source {
                    SlotSource::Register { index, .. } => Some((index, g.negated)),
                    _ => return Err(LowerError::GuardNotRegister),
                }
            }
        };
        let text = format!("{instr}");
        let key = bound.form.semantics;
        let kind = match key {
            Semantics::Bra => {
                let target = instr.operands.iter().find_map(|o| match &o.kind {
                    OperandKind::Name(n) => self.find_label(&n.ident),
                    _ => None,
                });
                let label = target.ok_or(LowerError::BranchTargetNotLabel)?;
                self.pending.push((self.program.steps.len(), label));
                StepKind::Branch { target: usize::MAX }
            }
            Semantics::Ret => StepKind::Return,
            Semantics::Exit => StepKind::Exit,
            Semantics::BrxIdx => self.branch_indexed(bound, instr)?,
            Semantics::Call => self.call(bound, instr)?,
            _ => {
                let mut slots = Vec::new();
                let mut mods = Mods::from_bound(bound);
                for (spec, op) in bound.form.operands.iter().zip(
                    instr
                        .operands
                        .iter()
                        .map(Some)
                        .chain(std::iter::repeat(None)),
                ) {
                    if op.is_none() && spec.optional {
                        mods.flags = mods.flags.with(Flags::OMITTED);
                    }
                    self.operand_slots(bound, spec, op, &mut slots)?;
                }
                StepKind::Exec {
                    form: bound.form,
                    mods: mods.with_operand_marks(&instr.operands),
                    slots,
                }
            }
        };
        self.program.steps.push(Step {
            guard,
            kind,
            span: instr.span,
            text,
        });
        Ok(())
    }

    /// `brx.idx index, list`: the index's slot; the list's labels are
    /// resolved once every label is placed.
    fn branch_indexed(
        &mut self,
        bound: &Bound,
        instr: &crate::syntax::Instruction,
    ) -> Result<StepKind, LowerError> {
        let (Some(index), Some(list)) = (instr.operands.first(), instr.operands.get(1)) else {
            return Err(LowerError::BranchIndexOperands);
        };
        let mut slots = Vec::new();
        self.value(
            index,
            OperandAccess::Read,
            bound.resolve(bound.form.operands[0].ty),
            &mut slots,
        )?;
        let OperandKind::Name(n) = &list.kind else {
            return Err(LowerError::BranchIndexNotList);
        };
        let labels = self
            .branch_lists
            .get(&n.ident)
            .ok_or_else(|| LowerError::UnknownBranchTargets {
                name: n.ident.clone(),
            })?
            .iter()
            .map(|l| {
                self.find_label(l)
                    .ok_or_else(|| LowerError::NotALabel { name: l.clone() })
            })
            .collect::<Result<Vec<usize>, LowerError>>()?;
        self.indexed.push((self.program.steps.len(), labels));
        Ok(StepKind::BranchIndexed {
            index: slots.pop().ok_or(LowerError::BranchIndexWithoutIndex)?,
            targets: Vec::new(),
        })
    }

    /// `call`: the callee (a function's name, or a register for an
    /// indirect call) and the slots of the return and argument lists.
    fn call(
        &mut self,
        bound: &Bound,
        instr: &crate::syntax::Instruction,
    ) -> Result<StepKind, LowerError> {
        let mut returns = Vec::new();
        let mut args = Vec::new();
        let mut callee = None;
        for (spec, op) in bound.form.operands.iter().zip(&instr.operands) {
            let ty = bound.resolve(spec.ty);
            match (spec.name.as_str(), &op.kind) {
                ("rets", _) => self.flat(op, OperandAccess::Write, ty, &mut returns)?,
                ("args", _) => self.flat(op, OperandAccess::Read, ty, &mut args)?,
                ("fptr", _) => {
                    let mut slots = Vec::new();
                    self.value(op, OperandAccess::Read, Some(ScalarType::U64), &mut slots)?;
                    callee = slots.pop().map(Callee::Indirect);
                }
                ("func", OperandKind::Name(n)) if callee.is_none() => {
                    callee = Some(Callee::Direct(n.ident.clone()));
                }
                _ => {}
            }
        }
        Ok(StepKind::Call {
            callee: callee.ok_or(LowerError::CallWithoutCallee)?,
            returns,
            args,
        })
    }

    fn operand_slots(
        &self,
        bound: &Bound,
        spec: &OperandSpec,
        op: Option<&Operand>,
        out: &mut Vec<Slot>,
    ) -> Result<(), LowerError> {
        let ty = bound.resolve(spec.ty);
        let access = spec.access;
        let wide = ty.is_some_and(|t| t.bits() > 64);
        let Some(op) = op else {
            let n = match spec.shape {
                OperandShape::Pair => 2,
                OperandShape::Vector(n) => n,
                OperandShape::Label | OperandShape::List => 0,
                OperandShape::SpecialVector => 4,
                _ => 1,
            } * if wide { 2 } else { 1 };
            out.extend((0..n).map(|_| Slot {
                source: SlotSource::Absent,
                access,
                ty,
            }));
            return Ok(());
        };
        match &spec.shape {
            OperandShape::Label => Ok(()),
            OperandShape::Address | OperandShape::TensorAddress(_) => {
                let OperandKind::Address(a) = &op.kind else {
                    return Err(LowerError::ExpectedAddress);
                };
                out.push(Slot {
                    source: self.address(a)?,
                    access: OperandAccess::Read,
                    ty: None,
                });
                for item in &a.rest {
                    self.flat(item, OperandAccess::Read, None, out)?;
                }
                Ok(())
            }
            OperandShape::Pair => {
                match &op.kind {
                    OperandKind::Pair(first, second) => {
                        self.value(first, access, ty, out)?;
                        self.value(second, access, Some(ScalarType::Pred), out)?;
                    }
                    _ => {
                        self.value(op, access, ty, out)?;
                        out.push(Slot {
                            source: SlotSource::Absent,
                            access,
                            ty: Some(ScalarType::Pred),
                        });
                    }
                }
                Ok(())
            }
            OperandShape::List => self.flat(op, access, ty, out),
            OperandShape::SpecialVector => {
                let OperandKind::Name(n) = &op.kind else {
                    return Err(LowerError::ExpectedVectorSpecial);
                };
                let register = SpecialRegister::lookup(&n.ident, Some("x")).ok_or_else(|| {
                    LowerError::NotVectorSpecial {
                        name: n.ident.clone(),
                    }
                })?;
                out.extend((0..4).map(|component| Slot {
                    source: SlotSource::Special {
                        register,
                        component,
                    },
                    access,
                    ty,
                }));
                Ok(())
            }
            OperandShape::Value | OperandShape::Vector(_) | OperandShape::VectorBySlot(_) => {
                self.flat(op, access, ty, out)
            }
        }
    }

    /// A value, or each element of a vector or list.
    fn flat(
        &self,
        op: &Operand,
        access: OperandAccess,
        ty: Option<ScalarType>,
        out: &mut Vec<Slot>,
    ) -> Result<(), LowerError> {
        match &op.kind {
            OperandKind::Vector(items) | OperandKind::List(items) => {
                for item in items {
                    self.flat(item, access, ty, out)?;
                }
                Ok(())
            }
            _ => self.value(op, access, ty, out),
        }
    }

    fn value(
        &self,
        op: &Operand,
        access: OperandAccess,
        ty: Option<ScalarType>,
        out: &mut Vec<Slot>,
    ) -> Result<(), LowerError> {
        let wide = ty.is_some_and(|t| t.bits() > 64);
        let source = match &op.kind {
            OperandKind::Name(n) => self.name(n)?,
            OperandKind::Placeholder(p) => self.placeholder(p)?,
            OperandKind::Immediate(imm) => SlotSource::Immediate(immediate_bits(*imm, ty)),
            OperandKind::Sink => SlotSource::Sink,
            OperandKind::Not(inner) => {
                // `!p` reads the complement: lowered as the register with the
                // flag in the slot's type (a `.pred` read through `Not`).
                let mut tmp = Vec::new();
                self.value(inner, access, ty, &mut tmp)?;
                let Some(slot) = tmp.pop() else {
                    return Err(LowerError::EmptyNegation);
                };
                out.push(Slot {
                    ty: Some(ScalarType::Pred),
                    access: OperandAccess::Read,
                    source: negate(slot.source)?,
                });
                return Ok(());
            }
            OperandKind::Address(a) => self.address(a)?,
            // The register itself: what the selector or `-` does is the
            // semantic function's business (`Mods::operand_selectors`, `Mods::negate`).
            OperandKind::Select(inner, _) | OperandKind::Negate(inner) => {
                return self.value(inner, access, ty, out);
            }
            _ => {
                return Err(LowerError::UnexpectedOperand {
                    operand: op.to_string(),
                });
            }
        };
        out.push(Slot { source, access, ty });
        if wide {
            let high = match source {
                SlotSource::Register { index, .. } => SlotSource::Register { index, half: 1 },
                SlotSource::Immediate(_) => SlotSource::Immediate(0),
                other => other,
            };
            out.push(Slot {
                source: high,
                access,
                ty,
            });
        }
        Ok(())
    }

    fn address(&self, a: &Address) -> Result<SlotSource, LowerError> {
        let base = match &a.base {
            None => AddressBase::Absolute,
            Some(b) => match &b.kind {
                OperandKind::Name(n) => match self.name(n)? {
                    SlotSource::Register { index, .. } => AddressBase::Register(index),
                    SlotSource::Address { base, offset } => {
                        return Ok(SlotSource::Address {
                            base,
                            offset: offset + a.offset,
                        });
                    }
                    _ => {
                        return Err(LowerError::NotAnAddressBase {
                            name: n.ident.clone(),
                        });
                    }
                },
                OperandKind::Placeholder(p) => match self.placeholder(p)? {
                    SlotSource::Register { index, .. } => AddressBase::Register(index),
                    _ => return Err(LowerError::BadAddress),
                },
                _ => return Err(LowerError::BadAddress),
            },
        };
        Ok(SlotSource::Address {
            base,
            offset: a.offset,
        })
    }
}

/// A negated predicate read: registers only, marked by setting `half` to 2.
fn negate(source: SlotSource) -> Result<SlotSource, LowerError> {
    match source {
        SlotSource::Register { index, .. } => Ok(SlotSource::Register {
            index,
            half: NEGATED,
        }),
        SlotSource::Immediate(v) => Ok(SlotSource::Immediate(u64::from(v == 0))),
        _ => Err(LowerError::NegatedNonPredicate),
    }
}

/// The `half` value that marks a negated predicate read (`!p`).
pub const NEGATED: u8 = 2;

/// The bits of an immediate as an operand of type `ty`.
///
/// Integers are two's complement; float literals are converted to the
/// operand's float type (`1.5` for an `.f32` operand is `0x3FC00000`).
///
/// ```
/// use ptx_core::{immediate_bits, syntax::{Immediate, FloatLiteral}, ScalarType};
/// assert_eq!(immediate_bits(Immediate::Int { value: 1, negative: true }, Some(ScalarType::S32)), u64::MAX);
/// let one = Immediate::Float(FloatLiteral::Decimal(1.5f64.to_bits()));
/// assert_eq!(immediate_bits(one, Some(ScalarType::F32)), 0x3FC0_0000);
/// ```
pub fn immediate_bits(imm: Immediate, ty: Option<ScalarType>) -> u64 {
    match imm {
        Immediate::Int { value, negative } => {
            if negative {
                value.wrapping_neg()
            } else {
                value
            }
        }
        Immediate::Float(lit) => {
            let as_f64 = match lit {
                FloatLiteral::F32(b) => f64::from(f32::from_bits(b)),
                FloatLiteral::F64(b) | FloatLiteral::Decimal(b) => f64::from_bits(b),
            };
            match (lit, ty.map(|t| t.bits())) {
                (FloatLiteral::F32(b), _) => u64::from(b),
                (_, Some(32)) => u64::from((as_f64 as f32).to_bits()),
                (FloatLiteral::F64(b) | FloatLiteral::Decimal(b), _) => b,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Target, check_asm};

    fn operands(constraints: &[&str]) -> Vec<AsmOperand> {
        constraints
            .iter()
            .map(|c| AsmOperand::new(c.parse().unwrap()))
            .collect()
    }

    /// A [`Checked`] lowered against fewer operands than it was checked
    /// with names a placeholder past the end: the error says which.
    #[test]
    fn a_missing_operand_is_named() {
        let checked =
            check_asm("add.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap();
        let err = lower(&checked, &operands(&["=r", "r"])).unwrap_err();
        assert_eq!(err, LowerError::NoOperand { index: 2 });
        assert_eq!(err.to_string(), "no operand %2");
    }

    /// `%[name]` with no operand of that name.
    #[test]
    fn a_missing_named_operand_is_named() {
        let mut ops = operands(&["=r", "r"]);
        ops[0].name = Some("out".into());
        ops[1].name = Some("x".into());
        let template = crate::parse("mov.b32 %[out], %[x];").unwrap();
        let checked = crate::check(&template, &ops, Target::default()).unwrap();
        ops[1].name = Some("y".into());
        let err = lower(&checked, &ops).unwrap_err();
        assert_eq!(err, LowerError::NoOperandNamed { name: "x".into() });
        assert_eq!(err.to_string(), "no operand named x");
    }

    /// `!x` reads the complement of a predicate; a variable's address has none.
    #[test]
    fn only_registers_and_constants_negate() {
        assert_eq!(
            negate(SlotSource::Immediate(0)),
            Ok(SlotSource::Immediate(1))
        );
        let err = negate(SlotSource::Sink).unwrap_err();
        assert_eq!(err, LowerError::NegatedNonPredicate);
        assert_eq!(err.to_string(), "only predicate registers can be negated");
    }
}
