//! Operands against one form: count, shape, register types, immediates.

use super::OperandUsage;
use super::scope::{Resolved, Scope};
use crate::syntax::{Address, FloatLiteral, Immediate, Instruction, Operand, OperandKind};
use crate::table::{Bound, ImmediatePolicy, OperandShape, OperandSpec};
use crate::{Access, Diagnostic, DiagnosticKind, FitRule, ScalarType, Span, TypeKind};

/// Checks the operands of `instr` against the form bound in `bound`; records
/// reads and writes of asm operands in `usage`.
pub(crate) struct OperandChecker<'s, 'a> {
    pub scope: &'s Scope<'a>,
    pub bound: &'s Bound,
    pub instr: &'s Instruction,
    pub diags: Vec<Diagnostic>,
    pub usage: Vec<(usize, Access, Span)>,
}

/// How an asm operand's constraint reads in messages: `"r"` (a .b32 register).
fn describe_register(ty: ScalarType, operand: Option<usize>, scope: &Scope) -> String {
    match operand {
        Some(k) => format!(
            "a .{} register (constraint \"{}\")",
            ty.name(),
            scope.operands[k].constraint.letter.as_char()
        ),
        None => format!("a .{} register", ty.name()),
    }
}

/// The constraint letters whose registers fit `want`, for "use constraint ..." hints.
fn letters_for(want: ScalarType, fit: FitRule) -> Vec<char> {
    crate::ConstraintLetter::ALL
        .into_iter()
        .filter(|l| l.register_type().is_some_and(|t| t.fits(want, fit)))
        .map(|l| l.as_char())
        .collect()
}

impl OperandChecker<'_, '_> {
    fn opcode(&self) -> String {
        self.instr.opcode.text()
    }

    fn error(&mut self, kind: DiagnosticKind, span: Span, message: String) {
        self.diags.push(Diagnostic::error(kind, span, message));
    }

    pub fn run(&mut self) {
        let specs = &self.bound.form.operands;
        let ops = &self.instr.operands;
        let required = self.bound.form.required_operands();
        if ops.len() < required || ops.len() > specs.len() {
            let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
            let count = if required == specs.len() {
                format!("{required}")
            } else {
                format!("{required} to {}", specs.len())
            };
            let plural = if specs.len() == 1 { "" } else { "s" };
            let span = if ops.len() > specs.len() {
                ops[specs.len()].span.to(ops[ops.len() - 1].span)
            } else {
                self.instr.span
            };
            let message = format!(
                "`{}` takes {count} operand{plural} ({}), found {}",
                self.opcode(),
                names.join(", "),
                ops.len()
            );
            let mut d = Diagnostic::error(DiagnosticKind::OperandCount, span, message);
            d = d.note(format!("the form is `{}`", self.bound.form.isa_syntax()));
            self.diags.push(d);
            return;
        }
        for (spec, op) in specs.iter().zip(ops) {
            self.operand(spec, op);
        }
    }

    fn operand(&mut self, spec: &OperandSpec, op: &Operand) {
        let ty = self.bound.resolve(spec.ty);
        match &spec.shape {
            OperandShape::Value => self.value(spec, op, ty),
            OperandShape::Pair => match &op.kind {
                OperandKind::Pair(first, second) => {
                    self.value(spec, first, ty);
                    let pred = OperandSpec {
                        ty: crate::table::TypeRef::Fixed(ScalarType::Pred),
                        sink: true,
                        ..spec.clone()
                    };
                    self.value(&pred, second, Some(ScalarType::Pred));
                }
                _ if spec.pair_required => self.error(
                    DiagnosticKind::OperandKind,
                    op.span,
                    format!(
                        "`{}` writes a predicate too: write operand `{}` as `{op}|p`",
                        self.opcode(),
                        spec.name
                    ),
                ),
                _ => self.value(spec, op, ty),
            },
            OperandShape::Address => match &op.kind {
                OperandKind::Address(a) => self.address(a, op.span),
                _ => self.error(
                    DiagnosticKind::OperandKind,
                    op.span,
                    format!(
                        "operand `{}` of `{}` is an address: write it in brackets, as in `[{op}]`",
                        spec.name,
                        self.opcode()
                    ),
                ),
            },
            OperandShape::Vector(n) => self.vector(spec, op, *n, ty),
            OperandShape::VectorBySlot(slot) => match self.bound.values[*slot] {
                Some(v) => {
                    let n = v
                        .trim_start_matches(|c: char| !c.is_ascii_digit())
                        .parse()
                        .unwrap_or(1);
                    self.vector(spec, op, n, ty)
                }
                None => self.value(spec, op, ty),
            },
            OperandShape::Label => match &op.kind {
                OperandKind::Name(n) if n.component.is_none() => {
                    if spec.name != "func"
                        && !matches!(self.scope.resolve_name(n, op.span), Ok(Resolved::Label))
                    {
                        self.error(
                            DiagnosticKind::UndefinedName,
                            op.span,
                            format!("`{}` is not a label of this template", n.ident),
                        );
                    }
                }
                _ => self.error(
                    DiagnosticKind::OperandKind,
                    op.span,
                    format!("`{}` needs a label here", self.opcode()),
                ),
            },
            OperandShape::List => match &op.kind {
                OperandKind::List(items) => {
                    for item in items {
                        self.any_value(item, spec.access);
                    }
                }
                _ => self.error(
                    DiagnosticKind::OperandKind,
                    op.span,
                    format!(
                        "`{}` needs a parenthesised list `(a, b)` here",
                        self.opcode()
                    ),
                ),
            },
        }
    }

    fn vector(&mut self, spec: &OperandSpec, op: &Operand, n: usize, ty: Option<ScalarType>) {
        match &op.kind {
            OperandKind::Vector(items) if items.len() == n => {
                for item in items {
                    self.value(spec, item, ty);
                }
            }
            OperandKind::Vector(items) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!(
                    "operand `{}` of `{}` is a vector of {n}, found {} element{}",
                    spec.name,
                    self.opcode(),
                    items.len(),
                    if items.len() == 1 { "" } else { "s" }
                ),
            ),
            _ if n == 1 => self.value(spec, op, ty),
            _ => {
                let example: Vec<String> = (0..n).map(|i| format!("%{i}")).collect();
                self.error(
                    DiagnosticKind::OperandKind,
                    op.span,
                    format!(
                        "operand `{}` of `{}` is a vector of {n} registers, as in `{{{}}}`",
                        spec.name,
                        self.opcode(),
                        example.join(", ")
                    ),
                )
            }
        }
    }

    /// An operand whose type is not checked (list elements, tensor coordinates).
    fn any_value(&mut self, op: &Operand, access: Access) {
        match &op.kind {
            OperandKind::Name(n) => match self.scope.resolve_name(n, op.span) {
                Ok(Resolved::Register {
                    operand: Some(k), ..
                }) => self.usage.push((k, access, op.span)),
                Ok(_) => {}
                Err(d) => self.diags.push(d),
            },
            OperandKind::Placeholder(p) => match self.scope.resolve_placeholder(p, op.span) {
                Ok(
                    Resolved::Register {
                        operand: Some(k), ..
                    }
                    | Resolved::Constant {
                        operand: Some(k), ..
                    },
                ) => self.usage.push((k, access, op.span)),
                Ok(_) => {}
                Err(d) => self.diags.push(d),
            },
            OperandKind::Vector(items) | OperandKind::List(items) => {
                for item in items {
                    self.any_value(item, access);
                }
            }
            OperandKind::Not(inner) => self.any_value(inner, access),
            OperandKind::Pair(a, b) => {
                self.any_value(a, access);
                self.any_value(b, access);
            }
            OperandKind::Immediate(_) | OperandKind::Sink | OperandKind::Address(_) => {}
        }
    }

    fn address(&mut self, a: &Address, span: Span) {
        if let Some(base) = &a.base {
            let resolved = match &base.kind {
                OperandKind::Name(n) => self.scope.resolve_name(n, base.span),
                OperandKind::Placeholder(p) => self.scope.resolve_placeholder(p, base.span),
                _ => {
                    self.error(
                        DiagnosticKind::OperandKind,
                        base.span,
                        "an address starts from a register or a variable".into(),
                    );
                    return;
                }
            };
            match resolved {
                Ok(Resolved::Register { ty, operand }) => {
                    if !(ty.kind() != TypeKind::Float
                        && ty.kind() != TypeKind::Predicate
                        && matches!(ty.bits(), 16 | 32 | 64))
                    {
                        let what = describe_register(ty, operand, self.scope);
                        self.error(
                            DiagnosticKind::OperandType,
                            base.span,
                            format!("an address register must be a 32- or 64-bit integer register, but `{base}` is {what}"),
                        );
                    }
                    if let Some(k) = operand {
                        self.usage.push((k, Access::Read, base.span));
                    }
                }
                Ok(Resolved::Variable { .. }) => {}
                Ok(Resolved::Constant { operand, .. }) => {
                    if let Some(k) = operand {
                        self.usage.push((k, Access::Read, base.span));
                    }
                }
                Ok(Resolved::Label) => self.error(
                    DiagnosticKind::OperandKind,
                    base.span,
                    format!("`{base}` is a label, not an address"),
                ),
                Err(d) => self.diags.push(d),
            }
        }
        for op in &a.rest {
            self.any_value(op, Access::Read);
        }
        let _ = span;
    }

    fn value(&mut self, spec: &OperandSpec, op: &Operand, ty: Option<ScalarType>) {
        let what = format!("operand `{}` of `{}`", spec.name, self.opcode());
        match &op.kind {
            OperandKind::Not(inner) => {
                if !spec.negatable {
                    self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} cannot be negated with `!`"),
                    );
                    return;
                }
                self.value(
                    &OperandSpec {
                        negatable: false,
                        ..spec.clone()
                    },
                    inner,
                    ty,
                )
            }
            OperandKind::Sink => {
                if !spec.sink {
                    self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} cannot be the sink `_`"),
                    );
                }
            }
            OperandKind::Immediate(imm) => self.immediate(spec, op, *imm, None, ty, &what),
            OperandKind::Name(n) => match self.scope.resolve_name(n, op.span) {
                Ok(r) => self.resolved(spec, op, r, ty, &what),
                Err(d) => self.diags.push(d),
            },
            OperandKind::Placeholder(p) => match self.scope.resolve_placeholder(p, op.span) {
                Ok(r) => self.resolved(spec, op, r, ty, &what),
                Err(d) => self.diags.push(d),
            },
            OperandKind::Vector(_) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("{what} is a single value, not a vector"),
            ),
            OperandKind::Address(_) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("{what} is a value, not an address: remove the brackets"),
            ),
            OperandKind::List(_) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("{what} is a single value, not a list"),
            ),
            OperandKind::Pair(..) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("{what} takes no second destination `|p`"),
            ),
        }
    }

    fn resolved(
        &mut self,
        spec: &OperandSpec,
        op: &Operand,
        r: Resolved,
        ty: Option<ScalarType>,
        what: &str,
    ) {
        match r {
            Resolved::Register { ty: reg, operand } => {
                if let Some(k) = operand {
                    self.usage.push((k, spec.access, op.span));
                }
                if spec.immediate == ImmediatePolicy::Immediate {
                    self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} must be an immediate constant, not a register"),
                    );
                    return;
                }
                let Some(want) = ty else { return };
                let fit = self.bound.form.fit;
                if !reg.fits(want, fit) {
                    let have = describe_register(reg, operand, self.scope);
                    let mut d = Diagnostic::error(
                        DiagnosticKind::OperandType,
                        op.span,
                        format!("{what} must fit .{}, but `{op}` is {have}", want.name()),
                    );
                    let letters = letters_for(want, fit);
                    if operand.is_some() && !letters.is_empty() {
                        let list: Vec<String> =
                            letters.iter().map(|c| format!("\"{c}\"")).collect();
                        d = d.note(format!(
                            "a .{} operand is passed with constraint {}",
                            want.name(),
                            list.join(" or ")
                        ));
                    } else if want == ScalarType::Pred {
                        d = d.note("predicates live in `.pred` registers: declare one with `.reg .pred p;` and set it with `setp`");
                    }
                    self.diags.push(d);
                }
            }
            Resolved::Constant { value, operand } => {
                if let Some(k) = operand {
                    self.usage.push((k, Access::Read, op.span));
                }
                let imm = value.map(|v| Immediate::Int {
                    value: v.unsigned_abs() as u64,
                    negative: v < 0,
                });
                match imm {
                    Some(imm) => self.immediate(spec, op, imm, operand, ty, what),
                    None if spec.immediate == ImmediatePolicy::Register => self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} must be a register, not a constant"),
                    ),
                    None => {}
                }
            }
            Resolved::Variable { .. } => {
                if !spec.symbol {
                    self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} cannot be a variable; load it with `ld` first"),
                    );
                }
            }
            Resolved::Label => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("`{op}` is a label; {what} is a value"),
            ),
        }
    }

    fn immediate(
        &mut self,
        spec: &OperandSpec,
        op: &Operand,
        imm: Immediate,
        operand: Option<usize>,
        ty: Option<ScalarType>,
        what: &str,
    ) {
        if spec.immediate == ImmediatePolicy::Register || spec.access != Access::Read {
            let message = if spec.access == Access::Read {
                format!("{what} must be a register, not an immediate")
            } else {
                format!("{what} is written, so it must be a register, not an immediate")
            };
            self.error(DiagnosticKind::OperandKind, op.span, message);
            return;
        }
        let _ = operand;
        if let Some(want) = ty.filter(|t| is_packed(*t)) {
            self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!(
                    "{what} is the packed type .{}, which takes no immediate: pass it in a register",
                    want.name()
                ),
            );
            return;
        }
        match imm {
            Immediate::Int { .. } => {
                let value = imm.as_i128().unwrap_or(0);
                if let Some((lo, hi)) = spec.range {
                    if value < lo || value > hi {
                        self.error(
                            DiagnosticKind::ImmediateRange,
                            op.span,
                            format!("{what} must be in {lo}..={hi}, found {value}"),
                        );
                        return;
                    }
                }
                if !spec.allowed.is_empty() && !spec.allowed.contains(&value) {
                    let list: Vec<String> = spec.allowed.iter().map(i128::to_string).collect();
                    self.error(
                        DiagnosticKind::ImmediateRange,
                        op.span,
                        format!("{what} must be one of {}, found {value}", list.join(", ")),
                    );
                    return;
                }
                let Some(want) = ty else { return };
                match want.kind() {
                    TypeKind::Float => self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} is .{}: write a floating-point literal such as `0f3F800000` or `1.0`, not an integer", want.name()),
                    ),
                    TypeKind::Predicate => self.error(DiagnosticKind::OperandKind, op.span, format!("{what} must be a predicate register")),
                    _ => {
                        let bits = want.bits().min(64);
                        let lo = -(1i128 << (bits - 1));
                        let hi = (1i128 << bits) - 1;
                        if value < lo || value > hi {
                            self.error(
                                DiagnosticKind::ImmediateRange,
                                op.span,
                                format!("{what} is .{}: {value} does not fit in {bits} bits", want.name()),
                            );
                        }
                    }
                }
            }
            Immediate::Float(lit) => {
                let Some(want) = ty else { return };
                let ok = match want {
                    ScalarType::F32 | ScalarType::F64 => true,
                    t if t.kind() == TypeKind::Bit => matches!(
                        (lit, t.bits()),
                        (FloatLiteral::F32(_), 32) | (FloatLiteral::F64(_), 64)
                    ),
                    _ => false,
                };
                if !ok {
                    self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!(
                            "{what} is .{}: a floating-point literal is not accepted here",
                            want.name()
                        ),
                    );
                }
            }
        }
    }
}

/// Whether `t` packs several values (`.u16x2`, `.f16x2`, `.e4m3x4`): ptxas
/// accepts no immediate for such an operand.
fn is_packed(t: ScalarType) -> bool {
    t.name()
        .rsplit_once('x')
        .is_some_and(|(_, n)| n.parse::<u32>().is_ok())
}

/// Folds the recorded reads and writes of one instruction into per-operand
/// usage. An instruction reads its sources before it writes its destinations.
pub(crate) fn record_usage(
    usage: &mut [OperandUsage],
    events: &[(usize, Access, Span)],
    guarded: bool,
) {
    for &(k, access, span) in events {
        let Some(u) = usage.get_mut(k) else { continue };
        u.spans.push(span);
        if access != Access::Write {
            u.read_first |= !u.written;
            u.read = true;
        }
    }
    for &(k, access, _) in events {
        let Some(u) = usage.get_mut(k) else { continue };
        if access != Access::Read {
            u.written = true;
            u.written_unconditionally |= !guarded;
        }
    }
}
