//! What only the module knows of a body: labels per block, `.branchtargets`
//! and `.calltargets` lists, calls against their callees' parameters,
//! `.param` variables and special registers, `.loc` directives.

use super::{ModuleChecker, Symbol, error};
use crate::module::ast::*;
use crate::syntax::{Instruction, Operand, OperandKind};
use crate::{
    Bound, CheckedInstruction, Diagnostic, DiagnosticKind, OperandAccess, ScalarType,
    SpecialRegister, StateSpace,
};
use std::collections::{HashMap, HashSet};

/// The size and alignment of a parameter-space variable or register, as a
/// call compares an argument with its formal parameter.
#[derive(Clone, Copy, PartialEq)]
struct Layout {
    size: u64,
    align: u64,
}

/// Names declared in one block of a body.
#[derive(Default)]
struct Frame<'m> {
    labels: HashSet<&'m str>,
    /// `.param` variables: their layout.
    params: HashMap<String, Layout>,
    registers: HashMap<String, ScalarType>,
    ranges: Vec<(String, u32, ScalarType)>,
    prototypes: HashMap<&'m str, &'m Prototype>,
    call_targets: HashMap<&'m str, &'m TargetList>,
    branch_targets: HashSet<&'m str>,
    /// `.global` variables declared in the block.
    globals: HashSet<&'m str>,
}

impl Frame<'_> {
    fn declare_param(&mut self, p: &Param) {
        if p.space == StateSpace::Reg {
            self.registers.insert(p.name.text.clone(), p.ty);
        } else {
            self.params.insert(
                p.name.text.clone(),
                Layout {
                    size: p.size(),
                    align: p.alignment(),
                },
            );
        }
    }

    fn register(&self, name: &str) -> Option<ScalarType> {
        if let Some(&ty) = self.registers.get(name) {
            return Some(ty);
        }
        self.ranges
            .iter()
            .find(|(prefix, count, _)| range_member(name, prefix, *count))
            .map(|&(_, _, ty)| ty)
    }
}

/// Whether `name` is one of the registers `prefix<count>` declares.
fn range_member(name: &str, prefix: &str, count: u32) -> bool {
    name.strip_prefix(prefix).is_some_and(|n| {
        !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
            && (n == "0" || !n.starts_with('0'))
            && n.parse::<u32>().is_ok_and(|v| v < count)
    })
}

/// The signature a call is checked against.
struct Callee<'a> {
    name: String,
    returns: &'a [Param],
    params: &'a [Param],
}

/// The module-level rules of one function body, block by block.
pub(super) struct BodyWalker<'c, 'm> {
    checker: &'c mut ModuleChecker<'m>,
    frames: Vec<Frame<'m>>,
    /// The function's input parameters (not its return parameters), which
    /// its body may read but not write.
    inputs: HashSet<&'m str>,
    /// The form each instruction matched, in order, when all matched.
    bounds: Option<&'c [CheckedInstruction]>,
    /// The index of the next instruction in `bounds`.
    next: usize,
}

/// What a name of a body stands for, from the innermost block that declares it.
#[derive(Clone, Copy)]
enum Local {
    Register(ScalarType),
    Param {
        layout: Layout,
        /// Declared by the function's header rather than by a block.
        formal: bool,
    },
}

impl<'c, 'm> BodyWalker<'c, 'm> {
    /// Walks the body of `f`, given the forms its instructions matched
    /// (`None` if one of them matched none).
    pub(super) fn walk(
        checker: &'c mut ModuleChecker<'m>,
        f: &'m Function,
        body: &'m Body,
        bounds: Option<&'c [CheckedInstruction]>,
    ) {
        let mut frame = Frame::default();
        for p in f.returns.iter().chain(&f.params) {
            frame.declare_param(p);
        }
        let mut walker = BodyWalker {
            checker,
            frames: vec![frame],
            inputs: f.params.iter().map(|p| p.name.text.as_str()).collect(),
            bounds,
            next: 0,
        };
        walker.block(body);
    }

    fn push(&mut self, d: Diagnostic) {
        self.checker.diags.push(d);
    }

    fn block(&mut self, body: &'m Body) {
        let frame = self.frames.len() - 1;
        // Labels may be used before they stand; collect the block's first.
        for s in &body.statements {
            let name = match s {
                Statement::Label(l) => Some((l.name.as_str(), l.span)),
                Statement::BranchTargets(t) => Some((t.name.text.as_str(), t.name.span)),
                _ => None,
            };
            if let Some((name, span)) = name
                && !self.frames[frame].labels.insert(name)
            {
                self.push(error(
                    DiagnosticKind::DuplicateDeclaration,
                    span,
                    format!("label `{name}` is defined twice in this block"),
                ));
            }
            if let Statement::BranchTargets(t) = s {
                self.frames[frame].branch_targets.insert(&t.name.text);
            }
        }
        for s in &body.statements {
            match s {
                Statement::Instruction(i) => self.instruction(i),
                Statement::Block(b) => {
                    self.frames.push(Frame::default());
                    self.block(b);
                    self.frames.pop();
                }
                Statement::Variable(v) => self.variable(v),
                Statement::Loc(l) => self.loc(l),
                Statement::BranchTargets(t) => {
                    for target in &t.targets {
                        if !self
                            .frames
                            .iter()
                            .any(|f| f.labels.contains(target.text.as_str()))
                        {
                            self.push(error(
                                DiagnosticKind::UndefinedName,
                                target.span,
                                format!("`{}` is not a label of this function", target.text),
                            ));
                        }
                    }
                }
                Statement::CallTargets(t) => {
                    for target in &t.targets {
                        if !matches!(
                            self.checker.symbols.get(target.text.as_str()),
                            Some(Symbol::Function(_))
                        ) {
                            self.push(error(
                                DiagnosticKind::UndefinedName,
                                target.span,
                                format!(
                                    "`{}` is not a function declared before this point",
                                    target.text
                                ),
                            ));
                        }
                    }
                    let last = self.frames.len() - 1;
                    self.frames[last].call_targets.insert(&t.name.text, t);
                }
                Statement::CallPrototype(p) => {
                    let last = self.frames.len() - 1;
                    self.frames[last].prototypes.insert(&p.name.text, p);
                }
                Statement::Label(_) | Statement::Pragma(_) => {}
            }
        }
    }

    fn loc(&mut self, l: &Loc) {
        if !self.checker.files.contains(&l.file) {
            self.push(error(
                DiagnosticKind::UndefinedName,
                l.span,
                format!(
                    "`.loc` refers to file {}, which no `.file` directive names",
                    l.file
                ),
            ));
        }
        if let Some(at) = l.inlined_at
            && !self.checker.locations.contains(&at)
        {
            self.push(
                error(
                    DiagnosticKind::UndefinedName,
                    l.span,
                    format!(
                        "`inlined_at {} {} {}` names a place no earlier `.loc` stands for",
                        at.0, at.1, at.2
                    ),
                )
                .note("the call that was inlined needs its own `.loc` before this one"),
            );
        }
        self.checker.locations.insert((l.file, l.line, l.column));
    }

    fn variable(&mut self, v: &'m Variable) {
        self.checker.variable(v, false);
        let last = self.frames.len() - 1;
        for n in &v.names {
            if v.space == StateSpace::Reg {
                // The template checker finds a name declared twice; a
                // name inside a range declared in the same block it does not.
                let frame = &self.frames[last];
                let clash = match n.range {
                    None => frame
                        .ranges
                        .iter()
                        .any(|(p, c, _)| range_member(&n.name.text, p, *c)),
                    Some(count) => {
                        frame
                            .registers
                            .keys()
                            .any(|r| range_member(r, &n.name.text, count))
                            || frame.ranges.iter().any(|(p, c, _)| {
                                p != &n.name.text
                                    && (p.starts_with(&n.name.text)
                                        || n.name.text.starts_with(p.as_str()))
                                    && overlapping_ranges(p, *c, &n.name.text, count)
                            })
                    }
                };
                if clash {
                    self.push(error(
                        DiagnosticKind::DuplicateDeclaration,
                        n.span,
                        format!(
                            "`{}` declares a register this block already declares",
                            n.name.text
                        ),
                    ));
                }
                let frame = &mut self.frames[last];
                match n.range {
                    Some(count) => frame.ranges.push((n.name.text.clone(), count, v.ty)),
                    None => {
                        frame.registers.insert(n.name.text.clone(), v.ty);
                    }
                }
            } else if v.space == StateSpace::Global {
                self.frames[last].globals.insert(&n.name.text);
            } else if matches!(v.space, StateSpace::Param(_)) {
                let size = array_size(
                    v.ty,
                    v.vector,
                    n.array.iter().map(|d| u64::from(d.unwrap_or(0))),
                );
                let align = v.align.map_or(element_size(v.ty, v.vector), u64::from);
                self.frames[last]
                    .params
                    .insert(n.name.text.clone(), Layout { size, align });
            }
        }
    }

    fn local(&self, name: &str) -> Option<Local> {
        self.frames.iter().enumerate().rev().find_map(|(k, f)| {
            f.register(name).map(Local::Register).or_else(|| {
                f.params.get(name).map(|&layout| Local::Param {
                    layout,
                    formal: k == 0,
                })
            })
        })
    }

    fn register(&self, name: &str) -> Option<ScalarType> {
        match self.local(name) {
            Some(Local::Register(ty)) => Some(ty),
            _ => None,
        }
    }

    fn param(&self, name: &str) -> Option<Layout> {
        match self.local(name) {
            Some(Local::Param { layout, .. }) => Some(layout),
            _ => None,
        }
    }

    /// Special registers are read-only: no written operand names one.
    fn destinations(&mut self, i: &Instruction, bound: &Bound) {
        fn names<'o>(op: &'o Operand, out: &mut Vec<&'o Operand>) {
            match &op.kind {
                OperandKind::Name(_) => out.push(op),
                OperandKind::Vector(items) => items.iter().for_each(|x| names(x, out)),
                OperandKind::Pair(a, b) => {
                    names(a, out);
                    names(b, out);
                }
                _ => {}
            }
        }
        for (spec, op) in bound.form.operands.iter().zip(&i.operands) {
            if spec.access == OperandAccess::Read {
                continue;
            }
            let mut written = Vec::new();
            names(op, &mut written);
            for w in written {
                let OperandKind::Name(n) = &w.kind else {
                    continue;
                };
                if self.local(&n.ident).is_none()
                    && SpecialRegister::lookup(&n.ident, n.component.as_deref()).is_some()
                {
                    self.push(error(
                        DiagnosticKind::OperandKind,
                        w.span,
                        format!(
                            "`{}` is a special register: it is read-only, but `{}` writes operand `{}`",
                            w,
                            i.opcode.text(),
                            spec.name
                        ),
                    ));
                }
            }
        }
    }

    /// With `.address_size 64` the address of a `.global` variable is 64
    /// bits wide: ptxas refuses it in a 32-bit `mov` or `cvta`.
    fn global_address_width(&mut self, i: &Instruction) {
        if !matches!(i.opcode.name.text.as_str(), "mov" | "cvta") {
            return;
        }
        let narrow = i
            .opcode
            .modifiers
            .iter()
            .find_map(|m| ScalarType::from_name(&m.text))
            .is_some_and(|t| t.bits() == 32);
        if !narrow {
            return;
        }
        for op in i.operands.iter().skip(1) {
            let OperandKind::Name(n) = &op.kind else {
                continue;
            };
            if n.component.is_some() || self.local(&n.ident).is_some() {
                continue;
            }
            let in_block = self
                .frames
                .iter()
                .any(|f| f.globals.contains(n.ident.as_str()));
            let at_module = matches!(
                self.checker.symbols.get(n.ident.as_str()),
                Some(Symbol::Variable(v)) if v.space == StateSpace::Global
            );
            if in_block || at_module {
                self.push(
                    error(
                        DiagnosticKind::OperandType,
                        op.span,
                        format!(
                            "`{}` is a .global variable: its address is 64 bits wide, but `{}` is a 32-bit operation",
                            n.ident,
                            i.opcode.text()
                        ),
                    )
                    .note("take the address with a 64-bit type, as in `mov.u64 %rd1, var;`"),
                );
            }
        }
    }

    /// A `.param` variable is addressed only by `.param` instructions, and
    /// a function's input parameters are only read.
    fn param_addresses(&mut self, i: &Instruction) {
        let space = i
            .opcode
            .modifiers
            .iter()
            .find_map(|m| StateSpace::from_name(&m.text));
        let opcode = i.opcode.text();
        let writes = matches!(i.opcode.name.text.as_str(), "st" | "atom" | "red");
        for (k, op) in i.operands.iter().enumerate() {
            let OperandKind::Address(a) = &op.kind else {
                continue;
            };
            let Some(Operand {
                kind: OperandKind::Name(n),
                span,
            }) = a.base.as_ref().filter(|_| !a.bare)
            else {
                continue;
            };
            let Some(Local::Param { formal, .. }) = self.local(&n.ident) else {
                continue;
            };
            // The template checker reports a variable of another state space
            // than the one named; a generic access it lets through.
            if space.is_none() {
                self.push(
                    error(
                        DiagnosticKind::StateSpace,
                        *span,
                        format!(
                            "`{}` is a .param variable, but `{opcode}` addresses generic memory",
                            n.ident
                        ),
                    )
                    .note(format!(
                        "read a parameter with `ld.param`, as in `ld.param.u64 %rd1, [{}];`",
                        n.ident
                    )),
                );
            } else if writes && k == 0 && formal && self.inputs.contains(n.ident.as_str()) {
                self.push(error(
                    DiagnosticKind::OperandKind,
                    *span,
                    format!(
                        "`{}` is an input parameter of this function: it is read, not written",
                        n.ident
                    ),
                ));
            }
        }
    }

    fn instruction(&mut self, i: &'m Instruction) {
        self.param_addresses(i);
        self.global_address_width(i);
        let checked = self.bounds.and_then(|b| b.get(self.next));
        self.next += 1;
        if let Some(c) = checked {
            self.destinations(i, &c.bound);
        }
        match i.opcode.name.text.as_str() {
            "call" => self.call(i),
            "brx" => {
                if let Some(list) = i.operands.get(1)
                    && let OperandKind::Name(n) = &list.kind
                    && !self
                        .frames
                        .iter()
                        .any(|f| f.branch_targets.contains(n.ident.as_str()))
                    && self
                        .frames
                        .iter()
                        .any(|f| f.labels.contains(n.ident.as_str()))
                {
                    self.push(
                        error(
                            DiagnosticKind::OperandKind,
                            list.span,
                            format!("`brx.idx` takes a `.branchtargets` list, but `{}` is a label", n.ident),
                        )
                        .note(format!("declare the list: `ts: .branchtargets {}, ...;` and write `brx.idx %r, ts;`", n.ident)),
                    );
                }
            }
            _ => {}
        }
    }

    /// `call (rets), f, (args);`, `call (rets), %rd, (args), proto;`.
    fn call(&mut self, i: &'m Instruction) {
        let ops = &i.operands;
        let mut k = 0;
        let rets = match ops.first().map(|o| &o.kind) {
            Some(OperandKind::List(items)) => {
                k = 1;
                Some(items)
            }
            _ => None,
        };
        let Some(callee) = ops.get(k) else { return };
        let args = match ops.get(k + 1).map(|o| &o.kind) {
            Some(OperandKind::List(items)) => Some(items),
            _ => None,
        };
        let prototype = ops.get(k + 2);
        let OperandKind::Name(name) = &callee.kind else {
            return;
        };
        let signature = match self.checker.symbols.get(name.ident.as_str()) {
            Some(Symbol::Function(f)) => {
                if f.kind == FunctionKind::Entry {
                    self.push(error(
                        DiagnosticKind::OperandKind,
                        callee.span,
                        format!(
                            "`{}` is a kernel (`.entry`): only `.func` functions are called",
                            name.ident
                        ),
                    ));
                    return;
                }
                self.checker.called.insert(&f.name.text);
                Callee {
                    name: format!("`{}`", f.name.text),
                    returns: &f.returns,
                    params: &f.params,
                }
            }
            Some(Symbol::Variable(..)) => {
                self.push(error(
                    DiagnosticKind::OperandKind,
                    callee.span,
                    format!("`{}` is a variable, not a function", name.ident),
                ));
                return;
            }
            None if self.register(&name.ident).is_some() => {
                match self.indirect_signature(prototype) {
                    Some(s) => s,
                    None => return,
                }
            }
            None => {
                let later = self.checker.module.function(&name.ident).is_some();
                let mut d = error(
                    DiagnosticKind::UndefinedName,
                    callee.span,
                    format!(
                        "`{}` is not a function declared before this call",
                        name.ident
                    ),
                );
                if later {
                    d = d.note(format!(
                        "declare it before its first call, as in `.func {}(...);`",
                        name.ident
                    ));
                }
                self.push(d);
                return;
            }
        };
        let no_items = Vec::new();
        let rets = rets.unwrap_or(&no_items);
        let args = args.unwrap_or(&no_items);
        if rets.len() != signature.returns.len() || args.len() != signature.params.len() {
            let plural =
                |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
            self.push(error(
                DiagnosticKind::OperandCount,
                i.span,
                format!(
                    "{} takes {} and {}; this call passes {} and {}",
                    signature.name,
                    plural(signature.params.len(), "argument"),
                    plural(signature.returns.len(), "return value"),
                    args.len(),
                    rets.len()
                ),
            ));
            return;
        }
        for (arg, formal) in rets
            .iter()
            .zip(signature.returns)
            .chain(args.iter().zip(signature.params))
        {
            self.argument(arg, formal, &signature.name);
        }
    }

    /// The signature an indirect call names by its last operand.
    fn indirect_signature(&mut self, prototype: Option<&'m Operand>) -> Option<Callee<'m>> {
        let Some(op) = prototype else {
            // The template checker says that the form needs the prototype.
            return None;
        };
        let OperandKind::Name(n) = &op.kind else {
            return None;
        };
        if let Some(p) = self
            .frames
            .iter()
            .rev()
            .find_map(|f| f.prototypes.get(n.ident.as_str()))
        {
            return Some(Callee {
                name: format!("prototype `{}`", p.name.text),
                returns: &p.returns,
                params: &p.params,
            });
        }
        if let Some(list) = self
            .frames
            .iter()
            .rev()
            .find_map(|f| f.call_targets.get(n.ident.as_str()))
        {
            let first = list.targets.first()?;
            if let Some(Symbol::Function(f)) = self.checker.symbols.get(first.text.as_str()) {
                let f: &'m Function = f;
                return Some(Callee {
                    name: format!("`{}` (from `{}`)", f.name.text, list.name.text),
                    returns: &f.returns,
                    params: &f.params,
                });
            }
            return None;
        }
        self.push(error(
            DiagnosticKind::UndefinedName,
            op.span,
            format!(
                "`{}` is neither a `.callprototype` nor a `.calltargets` list of this function",
                n.ident
            ),
        ));
        None
    }

    /// One argument (or return value) against its formal parameter: the
    /// same size and alignment.
    fn argument(&mut self, arg: &Operand, formal: &Param, callee: &str) {
        let OperandKind::Name(n) = &arg.kind else {
            return;
        };
        let layout = if let Some(l) = self.param(&n.ident) {
            l
        } else if let Some(ty) = self.register(&n.ident) {
            let bytes = element_size(ty, None);
            Layout {
                size: bytes,
                align: bytes,
            }
        } else {
            return;
        };
        let want = Layout {
            size: formal.size(),
            align: formal.alignment(),
        };
        if layout.size != want.size {
            self.push(error(
                DiagnosticKind::OperandType,
                arg.span,
                format!(
                    "`{}` is {}, but parameter `{}` of {callee} is {}",
                    n.ident,
                    byte_count(layout.size),
                    formal.name.text,
                    byte_count(want.size)
                ),
            ));
        } else if layout.align != want.align && formal.space != StateSpace::Reg {
            self.push(error(
                DiagnosticKind::OperandType,
                arg.span,
                format!(
                    "`{}` is aligned to {} bytes, but parameter `{}` of {callee} to {}",
                    n.ident, layout.align, formal.name.text, want.align
                ),
            ));
        }
    }
}

/// `n` bytes, in words: "1 byte", "4 bytes".
fn byte_count(n: u64) -> String {
    if n == 1 {
        "1 byte".to_string()
    } else {
        format!("{n} bytes")
    }
}

/// Whether `a<ca>` and `b<cb>` name a common register (`%r<10>` and `%r1<3>`
/// both declare `%r10`... only if 10 < ca).
fn overlapping_ranges(a: &str, ca: u32, b: &str, cb: u32) -> bool {
    let (short, cs, long, cl) = if a.len() <= b.len() {
        (a, ca, b, cb)
    } else {
        (b, cb, a, ca)
    };
    (0..cl.min(1000)).any(|k| range_member(&format!("{long}{k}"), short, cs))
}
