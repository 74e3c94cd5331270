//! Names in scope while checking: the asm statement's operands, `.reg`
//! declarations of enclosing blocks, variables, labels, special registers.

use crate::syntax::{Declaration, Item, Name, Placeholder};
use crate::{
    ConstraintLetter, Diagnostic, DiagnosticKind, ScalarType, Span, SpecialRegister, StateSpace,
    Target,
};
use std::collections::HashMap;

use super::AsmOperand;

/// What a name or placeholder stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Resolved {
    /// A register of this type; `Some(k)` when it is asm operand `k`.
    Register {
        ty: ScalarType,
        operand: Option<usize>,
    },
    /// A constant (an `n` operand with this value if known, or `WARP_SZ`).
    Constant {
        value: Option<i128>,
        operand: Option<usize>,
    },
    /// A variable in memory (its address, as an operand of `mov`, `cvta`, `[var]`).
    Variable { space: StateSpace },
    /// A label of the template.
    Label,
}

#[derive(Default)]
struct Frame {
    registers: HashMap<String, ScalarType>,
    /// Vector registers (`.reg .v2 .b32 v`): element type and width.
    vectors: HashMap<String, (ScalarType, crate::VectorWidth)>,
    ranges: Vec<(String, u32, ScalarType)>,
    variables: HashMap<String, StateSpace>,
    labels: Vec<String>,
}

/// The stack of block scopes plus the statement's operands.
pub(crate) struct Scope<'a> {
    frames: Vec<Frame>,
    pub operands: &'a [AsmOperand],
    pub target: Target,
}

impl<'a> Scope<'a> {
    pub fn new(operands: &'a [AsmOperand], target: Target) -> Scope<'a> {
        Scope {
            frames: Vec::new(),
            operands,
            target,
        }
    }

    /// Enters a block: declares its labels (they may be used before they
    /// stand). A label defined twice in one block is an error, as in
    /// ptxas ("Duplicate definition of label"); blocks nested in it may
    /// define the same name again.
    pub fn enter(&mut self, items: &[Item], diags: &mut Vec<Diagnostic>) {
        let mut labels: Vec<String> = Vec::new();
        for item in items {
            let Item::Label(l) = item else { continue };
            if labels.contains(&l.name) {
                diags.push(Diagnostic::error(
                    DiagnosticKind::DuplicateDeclaration,
                    l.span,
                    format!("label `{}` is defined twice in this block", l.name),
                ));
            } else {
                labels.push(l.name.clone());
            }
        }
        self.frames.push(Frame {
            labels,
            ..Frame::default()
        });
    }

    pub fn leave(&mut self) {
        self.frames.pop();
    }

    /// Declares the names of `decl` in the innermost scope.
    pub fn declare(&mut self, decl: &Declaration, diags: &mut Vec<Diagnostic>) {
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        for n in &decl.names {
            let taken = frame.registers.contains_key(&n.name)
                || frame.vectors.contains_key(&n.name)
                || frame.variables.contains_key(&n.name)
                || frame.ranges.iter().any(|(p, _, _)| *p == n.name);
            if taken {
                diags.push(Diagnostic::error(
                    DiagnosticKind::DuplicateDeclaration,
                    n.span,
                    format!("`{}` is declared twice in this scope", n.name),
                ));
                continue;
            }
            if decl.space == StateSpace::Reg {
                if !n.array.is_empty() {
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Directive,
                        n.span,
                        format!(
                            "registers cannot be arrays; declare `{}<N>` for N numbered registers",
                            n.name
                        ),
                    ));
                }
                if let Some(width) = decl.vector {
                    frame.vectors.insert(n.name.clone(), (decl.ty, width));
                    continue;
                }
                match n.range {
                    Some(count) => frame.ranges.push((n.name.clone(), count, decl.ty)),
                    None => {
                        frame.registers.insert(n.name.clone(), decl.ty);
                    }
                }
            } else {
                frame.variables.insert(n.name.clone(), decl.space);
            }
        }
    }

    fn find_register(&self, ident: &str) -> Option<ScalarType> {
        for frame in self.frames.iter().rev() {
            if let Some(&t) = frame.registers.get(ident) {
                return Some(t);
            }
            for (prefix, count, ty) in &frame.ranges {
                if let Some(n) = ident.strip_prefix(prefix.as_str()) {
                    let valid = !n.is_empty()
                        && n.bytes().all(|b| b.is_ascii_digit())
                        && (n == "0" || !n.starts_with('0'));
                    if valid && n.parse::<u32>().is_ok_and(|v| v < *count) {
                        return Some(*ty);
                    }
                }
            }
        }
        None
    }

    fn is_label(&self, ident: &str) -> bool {
        self.frames
            .iter()
            .any(|f| f.labels.iter().any(|l| l == ident))
    }

    /// The operand index `placeholder` refers to.
    pub fn operand_index(
        &self,
        placeholder: &Placeholder,
        span: Span,
    ) -> Result<usize, Diagnostic> {
        match placeholder {
            Placeholder::Index(n) => {
                let n = *n as usize;
                if n < self.operands.len() {
                    Ok(n)
                } else {
                    let have = match self.operands.len() {
                        0 => "the statement has no operands".to_string(),
                        1 => "the statement has one operand, %0".to_string(),
                        k => format!("the statement has {k} operands, %0 to %{}", k - 1),
                    };
                    Err(Diagnostic::error(
                        DiagnosticKind::UnboundPlaceholder,
                        span,
                        format!("`%{n}` refers to no operand: {have}"),
                    ))
                }
            }
            Placeholder::Name(name) => self
                .operands
                .iter()
                .position(|o| o.name.as_deref() == Some(name))
                .ok_or_else(|| {
                    let names: Vec<_> = self
                        .operands
                        .iter()
                        .filter_map(|o| o.name.as_deref())
                        .collect();
                    let mut d = Diagnostic::error(
                        DiagnosticKind::UnboundPlaceholder,
                        span,
                        format!("`%[{name}]` names no operand of the statement"),
                    );
                    if let Some(c) = crate::diag::closest(name, names.iter().copied()) {
                        d = d.note(format!("did you mean `%[{c}]`?"));
                    }
                    d
                }),
        }
    }

    /// What the placeholder stands for.
    pub fn resolve_placeholder(
        &self,
        placeholder: &Placeholder,
        span: Span,
    ) -> Result<Resolved, Diagnostic> {
        let k = self.operand_index(placeholder, span)?;
        let op = &self.operands[k];
        match op.constraint.letter.register_type() {
            Some(ty) => Ok(Resolved::Register {
                ty,
                operand: Some(k),
            }),
            None if op.constraint.letter == ConstraintLetter::N => Ok(Resolved::Constant {
                value: op.value,
                operand: Some(k),
            }),
            None => Err(Diagnostic::error(
                DiagnosticKind::OperandKind,
                span,
                format!(
                    "`{placeholder}` is a \"C\" string operand; it must be spliced into the text before the statement is checked"
                ),
            )),
        }
    }

    /// What the name stands for.
    pub fn resolve_name(&self, name: &Name, span: Span) -> Result<Resolved, Diagnostic> {
        self.resolve(name, span, false)
    }

    /// [`Scope::resolve_name`] for a guard (`@p`): an undeclared name is
    /// compared with the declared predicates only, for "did you mean".
    pub fn resolve_guard(&self, name: &Name, span: Span) -> Result<Resolved, Diagnostic> {
        self.resolve(name, span, true)
    }

    /// What the name stands for; `predicate` when a predicate is wanted.
    fn resolve(&self, name: &Name, span: Span, predicate: bool) -> Result<Resolved, Diagnostic> {
        if let Some(&(ty, width)) = self
            .frames
            .iter()
            .rev()
            .find_map(|f| f.vectors.get(&name.ident))
        {
            return match name.component.as_deref().map(|c| width.component_index(c)) {
                Some(Some(_)) => Ok(Resolved::Register { ty, operand: None }),
                Some(None) => Err(Diagnostic::error(
                    DiagnosticKind::UndefinedName,
                    span,
                    format!(
                        "`{}` is a .v{} register: its components are {}",
                        name.ident,
                        width.len(),
                        ["`.x`", "`.y`", "`.z`", "`.w`"][..width.len().min(4)].join(", ")
                    ),
                )),
                None => Err(Diagnostic::error(
                    DiagnosticKind::OperandKind,
                    span,
                    format!(
                        "`{}` is a .v{} register; name one component, as in `{}.x`",
                        name.ident,
                        width.len(),
                        name.ident
                    ),
                )),
            };
        }
        if name.component.is_none() {
            if let Some(ty) = self.find_register(&name.ident) {
                return Ok(Resolved::Register { ty, operand: None });
            }
            for frame in self.frames.iter().rev() {
                if let Some(&space) = frame.variables.get(&name.ident) {
                    return Ok(Resolved::Variable { space });
                }
            }
            if name.ident == "WARP_SZ" {
                return Ok(Resolved::Constant {
                    value: Some(32),
                    operand: None,
                });
            }
            if self.is_label(&name.ident) {
                return Ok(Resolved::Label);
            }
        }
        if let Some(special) = SpecialRegister::lookup(&name.ident, name.component.as_deref()) {
            if special.min_ptx > self.target.ptx {
                return Err(Diagnostic::error(
                    DiagnosticKind::Target,
                    span,
                    format!(
                        "`{}` needs PTX ISA {} or newer; the module is PTX ISA {}",
                        name.ident, special.min_ptx, self.target.ptx
                    ),
                ));
            }
            if special.min_sm > self.target.sm {
                return Err(Diagnostic::error(
                    DiagnosticKind::Target,
                    span,
                    format!(
                        "`{}` needs sm_{} or newer; the target is {}",
                        name.ident, special.min_sm, self.target
                    ),
                ));
            }
            return Ok(Resolved::Register {
                ty: special.ty,
                operand: None,
            });
        }
        if let Some(special) = SpecialRegister::lookup(&name.ident, Some("x")) {
            let message = match &name.component {
                None => format!(
                    "`{}` is a vector; read one component, as in `{}.x`",
                    special.name, special.name
                ),
                Some(c) => format!(
                    "`{}` has components `.x`, `.y`, `.z` and `.w` (or `.r`, `.g`, `.b`, `.a`), not `.{c}`",
                    special.name
                ),
            };
            return Err(Diagnostic::error(
                DiagnosticKind::UndefinedName,
                span,
                message,
            ));
        }
        Err(self.undeclared(name, span, predicate))
    }

    /// The error for a name that nothing declares, with the closest
    /// declared name (of a predicate, where one is wanted) as a suggestion.
    fn undeclared(&self, name: &Name, span: Span, predicate: bool) -> Diagnostic {
        let mut d = Diagnostic::error(
            DiagnosticKind::UndefinedName,
            span,
            format!("`{}` is not declared", name.ident),
        );
        let mut known: Vec<&str> = self
            .frames
            .iter()
            .flat_map(|f| f.registers.iter())
            .filter(|(_, ty)| !predicate || **ty == ScalarType::Pred)
            .map(|(n, _)| n.as_str())
            .collect();
        if !predicate {
            for special in SpecialRegister::names() {
                known.push(special);
            }
        }
        if let Some(c) = crate::diag::closest(&name.ident, known) {
            d = d.note(format!("did you mean `{c}`?"));
        } else if predicate {
            d = d.note(format!(
                "declare it in the template, as in `{{ .reg .pred {}; setp... }}`",
                name.ident
            ));
        } else if !name.ident.starts_with('%') && name.ident.len() <= 3 {
            d = d.note(format!(
                "declare it in the template, as in `{{ .reg .b32 {}; ... }}`",
                name.ident
            ));
        }
        d
    }
}
