//! Operands against one form: count, shape, register types, immediates.

use super::OperandUsage;
use super::scope::{Resolved, Scope};
use crate::syntax::{Address, FloatLiteral, Immediate, Instruction, Name, Operand, OperandKind};
use crate::table::{Bound, Family, ImmediatePolicy, OperandShape, OperandSpec};
use crate::{
    Diagnostic, DiagnosticKind, FitRule, OperandAccess, SPECIAL_REGISTERS, ScalarType, Span,
    SpecialRegister, StateSpace, TypeKind,
};

/// Checks the operands of `instr` against the form bound in `bound`; records
/// reads and writes of asm operands in `usage`.
pub(crate) struct OperandChecker<'s, 'a> {
    pub scope: &'s Scope<'a>,
    pub bound: &'s Bound,
    pub instr: &'s Instruction,
    pub diags: Vec<Diagnostic>,
    pub usage: Vec<(usize, OperandAccess, Span)>,
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
        self.product_or_c_negated(specs, ops);
        self.source_size_within_copy(specs, ops);
    }

    /// `cp.async`'s source size, when written as a number, lies in
    /// `0..=cp-size` (ptxas 13.0: "value '17' out of range, expected to be
    /// in range [0..16]"); a register may hold any value.
    fn source_size_within_copy(&mut self, specs: &[OperandSpec], ops: &[Operand]) {
        let immediate = |name: &str| {
            specs.iter().zip(ops).find_map(|(s, o)| match &o.kind {
                OperandKind::Immediate(imm) if s.name == name => Some((imm.as_i128()?, o.span)),
                _ => None,
            })
        };
        let (Some((size, _)), Some((source, span))) = (immediate("size"), immediate("src_size"))
        else {
            return;
        };
        if !(0..=size).contains(&source) {
            self.error(
                DiagnosticKind::ImmediateRange,
                span,
                format!(
                    "`{}` copies {size} bytes, so its source size must be in 0..={size}, found {source}",
                    self.opcode()
                ),
            );
        }
    }

    /// `vmad` negates the product `a*b` (exactly one of `a`, `b` written
    /// `-`) or `c`, not both (PTX ISA, `vmad`: "PTX allows negation of
    /// either (a*b) or c").
    fn product_or_c_negated(&mut self, specs: &[OperandSpec], ops: &[Operand]) {
        if !specs.iter().any(|s| s.minus) {
            return;
        }
        let negated = |name: &str| {
            specs
                .iter()
                .zip(ops)
                .any(|(s, o)| s.name == name && matches!(o.kind, OperandKind::Negate(_)))
        };
        if negated("a") != negated("b") && negated("c") {
            self.error(
                DiagnosticKind::OperandKind,
                self.instr.span,
                format!(
                    "`{}` negates either the product `a*b` or `c`, not both",
                    self.opcode()
                ),
            );
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
                _ => {
                    if spec.paired {
                        self.error(
                            DiagnosticKind::OperandKind,
                            op.span,
                            format!(
                                "operand `{}` of `{}` needs its predicate too, as in `{op}|p`",
                                spec.name,
                                self.opcode()
                            ),
                        );
                    }
                    self.value(spec, op, ty)
                }
            },
            OperandShape::Address => match &op.kind {
                OperandKind::Address(a) if !a.rest.is_empty() => self.error(
                    DiagnosticKind::OperandKind,
                    a.rest[0].span,
                    format!(
                        "operand `{}` of `{}` is a plain address: it takes no tensor coordinates",
                        spec.name,
                        self.opcode()
                    ),
                ),
                OperandKind::Address(a) => {
                    self.address(a, spec, op.span);
                    self.address_width(spec, a, ty);
                }
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
            OperandShape::TensorAddress(n) => match &op.kind {
                OperandKind::Address(a) if a.base.is_some() && a.rest.len() == 1 => {
                    self.address(a, spec, op.span);
                    let coords = OperandSpec {
                        name: format!("{} coordinates", spec.name),
                        ..spec.clone()
                    };
                    self.vector(&coords, &a.rest[0], *n, ty);
                }
                _ => {
                    let example: Vec<String> = (0..*n).map(|i| format!("%{}", i + 1)).collect();
                    self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!(
                            "operand `{}` of `{}` is a tensor address with {n} coordinate{}, as in `[%0, {{{}}}]`",
                            spec.name,
                            self.opcode(),
                            if *n == 1 { "" } else { "s" },
                            example.join(", ")
                        ),
                    )
                }
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
            OperandShape::SpecialVector => self.special_vector(spec, op),
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

    /// A whole vector special register (`%tid`, `%cluster_ctaid`): ptxas 13.0
    /// takes the eight of them in `mov.v4`, the fourth component reading 0.
    fn special_vector(&mut self, spec: &OperandSpec, op: &Operand) {
        if let OperandKind::Name(n) = &op.kind
            && n.component.is_none()
            && SpecialRegister::lookup(&n.ident, Some("x")).is_some()
        {
            // The target checks of `%tid.x` hold for `%tid`.
            let x = Name {
                component: Some("x".to_string()),
                ..n.clone()
            };
            if let Err(d) = self.scope.resolve_name(&x, op.span) {
                self.diags.push(d);
            }
            return;
        }
        let vectors: Vec<String> = SPECIAL_REGISTERS
            .iter()
            .filter(|r| r.vector)
            .map(|r| format!("`{}`", r.name))
            .collect();
        self.error(
            DiagnosticKind::OperandKind,
            op.span,
            format!(
                "operand `{}` of `{}` is a whole vector special register ({}), but `{op}` is not one; to move a single value, write `mov.{}` without `.v4`",
                spec.name,
                self.opcode(),
                vectors.join(", "),
                self.bound.types().first().map_or("u32", |t| t.name()),
            ),
        );
    }

    fn vector(&mut self, spec: &OperandSpec, op: &Operand, n: usize, ty: Option<ScalarType>) {
        match &op.kind {
            OperandKind::Vector(items) if items.len() == n => self.vector_items(spec, items, ty),
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
            // ptxas wants braces even around one register: `{%0}`.
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

    /// Whether the instruction is a load or store, whose data ptxas also
    /// takes as a one-element vector.
    fn takes_braced_value(&self) -> bool {
        matches!(self.bound.form.opcode.as_str(), "ld" | "ldu" | "st")
    }

    /// The register a name or placeholder stands for, if it is one.
    fn register_of(&self, op: &Operand) -> Option<ScalarType> {
        let resolved = match &op.kind {
            OperandKind::Name(n) => self.scope.resolve_name(n, op.span).ok(),
            OperandKind::Placeholder(p) => self.scope.resolve_placeholder(p, op.span).ok(),
            _ => None,
        };
        match resolved {
            Some(Resolved::Register { ty, .. }) => Some(ty),
            _ => None,
        }
    }

    /// Whether `op` is a number: an immediate or an `n` operand.
    fn is_immediate(&self, op: &Operand) -> bool {
        match &op.kind {
            OperandKind::Immediate(_) => true,
            OperandKind::Placeholder(p) => matches!(
                self.scope.resolve_placeholder(p, op.span),
                Ok(Resolved::Constant { .. })
            ),
            _ => false,
        }
    }

    /// The elements of a vector, as ptxas checks them: the registers must all
    /// have one size, and one of them at least must fit the type (ptxas takes
    /// `{%f1, %r2}` for a `.v2.u32`, but not `{%f1, %f2}`). An immediate
    /// beside registers takes their type (`{%r1, 0}` for a packed .f16x2
    /// fragment of `mma`, `{-1, %h1}` for `.bf16` elements), and a matrix
    /// instruction's vector needs a register in it (`{7}`, `{0, 0}` are
    /// "Arguments mismatch") unless its elements are floats: tools/dev/diff-fuzz.
    fn vector_items(&mut self, spec: &OperandSpec, items: &[Operand], ty: Option<ScalarType>) {
        let registers: Vec<(usize, ScalarType)> = items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| self.register_of(item).map(|t| (i, t)))
            .collect();
        let fit = self.bound.form.fit;
        let one_fits = match ty {
            Some(want) => registers.iter().any(|&(_, reg)| reg.fits(want, fit)),
            None => true,
        };
        let first_bits = registers.first().map(|&(_, t)| t.bits());
        // Float fragments may be all literals (`{0f00000000, ...}` as a
        // zero accumulator); bit and packed ones may not.
        let bits_fragment = self.bound.form.family == Family::Matrix
            && ty.is_none_or(|t| t.kind() != TypeKind::Float || is_packed(t));
        if bits_fragment && registers.is_empty() && items.iter().any(|item| self.is_immediate(item))
        {
            self.error(
                DiagnosticKind::OperandKind,
                items[0].span.to(items[items.len() - 1].span),
                format!(
                    "vector `{}` of `{}` holds no register: put at least one of its elements in a register",
                    spec.name,
                    self.opcode()
                ),
            );
            return;
        }
        for (i, item) in items.iter().enumerate() {
            match registers.iter().find(|&&(k, _)| k == i) {
                Some(&(_, reg)) if Some(reg.bits()) != first_bits => {
                    self.error(
                        DiagnosticKind::OperandType,
                        item.span,
                        format!(
                            "the registers of vector `{}` of `{}` must all have one size, but `{item}` is .{}",
                            spec.name,
                            self.opcode(),
                            reg.name()
                        ),
                    );
                    self.value(spec, item, None);
                }
                // Kinds aside, a register of the same size passes once another fits.
                Some(&(_, reg)) if one_fits && reg.kind() != TypeKind::Predicate => {
                    let relaxed =
                        ty.filter(|want| reg.fits(*want, fit) || reg.bits() < want.bits());
                    self.value(spec, item, relaxed);
                }
                None if self.is_immediate(item) && !registers.is_empty() => {
                    self.value(spec, item, registers.first().map(|&(_, t)| t))
                }
                _ => self.value(spec, item, ty),
            }
        }
    }

    /// An operand whose type is not checked (list elements, tensor coordinates).
    fn any_value(&mut self, op: &Operand, access: OperandAccess) {
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
            OperandKind::Negate(_) | OperandKind::Select(..) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!(
                    "`{op}`: `-` and operand selectors belong to the sources of video instructions, not to operands of `{}`",
                    self.opcode()
                ),
            ),
            OperandKind::Pair(a, b) => {
                self.any_value(a, access);
                self.any_value(b, access);
            }
            OperandKind::Immediate(_) | OperandKind::Sink | OperandKind::Address(_) => {}
        }
    }

    /// The state space the bound modifiers name, if any.
    fn bound_space(&self) -> Option<StateSpace> {
        self.bound
            .values
            .iter()
            .flatten()
            .find_map(|v| StateSpace::from_name(v))
    }

    /// Whether the bound modifiers name a state space whose addresses may be
    /// 32-bit offsets (`.shared`, `.local`, `.const`, `.param`, with sub-qualifiers).
    fn window_space(&self) -> bool {
        self.bound_space()
            .is_some_and(|s| s != StateSpace::Global && s.is_addressable())
    }

    /// An address operand with a type (`[taddr]:.b32`, a tensor-memory
    /// address) takes only registers of that size.
    fn address_width(&mut self, spec: &OperandSpec, a: &Address, ty: Option<ScalarType>) {
        let (Some(want), Some(base)) = (ty, &a.base) else {
            return;
        };
        let resolved = match &base.kind {
            OperandKind::Name(n) => self.scope.resolve_name(n, base.span),
            OperandKind::Placeholder(p) => self.scope.resolve_placeholder(p, base.span),
            _ => return,
        };
        if let Ok(Resolved::Register { ty: reg, operand }) = resolved
            && !reg.fits(want, FitRule::Exact)
        {
            let have = describe_register(reg, operand, self.scope);
            self.error(
                DiagnosticKind::OperandType,
                base.span,
                format!(
                    "operand `{}` of `{}` is a .{} address, but `{base}` is {have}",
                    spec.name,
                    self.opcode(),
                    want.name()
                ),
            );
        }
    }

    fn address(&mut self, a: &Address, spec: &OperandSpec, span: Span) {
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
                    // ptxas takes any 64-bit register as a tensor map, even
                    // .f64, and so in the tensor-map fence.
                    let tensor_map = (matches!(spec.shape, OperandShape::TensorAddress(_))
                        || self.bound.form.semantics == crate::Semantics::FenceProxyTensormap)
                        && ty == ScalarType::F64;
                    let integer_register = ty.kind() != TypeKind::Float
                        && ty.kind() != TypeKind::Predicate
                        && matches!(ty.bits(), 16 | 32 | 64);
                    if !tensor_map && !integer_register {
                        let what = describe_register(ty, operand, self.scope);
                        self.error(
                            DiagnosticKind::OperandType,
                            base.span,
                            format!("an address register must be a 32- or 64-bit integer register, but `{base}` is {what}"),
                        );
                    }
                    // ptxas takes 16-bit registers here (with a warning) but not 32-bit ones.
                    else if spec.wide_address && ty.bits() == 32 && !self.window_space() {
                        let what = describe_register(ty, operand, self.scope);
                        let mut d = Diagnostic::error(
                            DiagnosticKind::OperandType,
                            base.span,
                            format!(
                                "a generic or .global address of `{}` is 64 bits wide, but `{base}` is {what}",
                                self.opcode()
                            ),
                        );
                        if operand.is_some() {
                            d = d.note("pass the address with constraint \"l\", or name the state space (`.shared`, `.local`, ...) whose window a 32-bit offset addresses");
                        }
                        self.diags.push(d);
                    }
                    if let Some(k) = operand {
                        self.usage.push((k, OperandAccess::Read, base.span));
                    }
                }
                Ok(Resolved::Variable { space }) => {
                    let same_kind = |a: StateSpace, b: StateSpace| {
                        std::mem::discriminant(&a) == std::mem::discriminant(&b)
                    };
                    if let Some(bound) = self.bound_space().filter(|s| !same_kind(*s, space)) {
                        self.error(
                            DiagnosticKind::OperandKind,
                            base.span,
                            format!(
                                "`{base}` is a {space} variable, but `{}` addresses {bound} memory",
                                self.opcode()
                            ),
                        );
                    }
                }
                Ok(Resolved::Constant { operand, .. }) => {
                    if let Some(k) = operand {
                        self.usage.push((k, OperandAccess::Read, base.span));
                    }
                    // An `n` operand's value stands in the brackets.
                    self.immediate_address(span);
                }
                Ok(Resolved::Label) => self.error(
                    DiagnosticKind::OperandKind,
                    base.span,
                    format!("`{base}` is a label, not an address"),
                ),
                Err(d) => self.diags.push(d),
            }
        }
        if a.unified
            && !(spec.unified && matches!(self.bound_space(), None | Some(StateSpace::Global)))
        {
            self.error(
                DiagnosticKind::OperandKind,
                span,
                format!(
                    "`.unified` marks a generic or .global address of `ld`; `{}` takes none here",
                    self.opcode()
                ),
            );
        }
        if a.base.is_none() {
            self.immediate_address(span);
        }
    }

    /// An address that is a number (`[16]`): ptxas takes one only in
    /// .local memory ("Immediate addresses allowed only for .local state
    /// space"), whatever the instruction, except in the tensor-map fence
    /// (`fence.proxy.tensormap::generic.acquire.cta [16], 128` passes).
    fn immediate_address(&mut self, span: Span) {
        let local = self.bound_space() == Some(StateSpace::Local);
        let tensormap_fence = self.bound.form.semantics == crate::Semantics::FenceProxyTensormap;
        if !local && !tensormap_fence {
            self.error(
                DiagnosticKind::OperandKind,
                span,
                format!(
                    "`{}` takes an immediate address only in .local memory: address memory through a register",
                    self.opcode()
                ),
            );
        }
    }

    fn value(&mut self, spec: &OperandSpec, op: &Operand, ty: Option<ScalarType>) {
        let what = format!("operand `{}` of `{}`", spec.name, self.opcode());
        if spec.only_sink && !matches!(op.kind, OperandKind::Sink) {
            self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("{what} must be the sink `_` here: this form returns nothing in it"),
            );
            return;
        }
        if spec.selector_required && !matches!(op.kind, OperandKind::Select(..)) {
            self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!(
                    "{what} needs a selector here, as in `{op}.h0`: with `c` and no secondary operation, the result goes into one byte (`.b0` to `.b3`) or half-word (`.h0`, `.h1`) of `d` and the rest of `d` comes from `c`"
                ),
            );
            return;
        }
        match &op.kind {
            OperandKind::Negate(inner) => {
                if !spec.minus {
                    self.diags.push(
                        Diagnostic::error(
                            DiagnosticKind::OperandKind,
                            op.span,
                            format!("{what} cannot be negated with `-`"),
                        )
                        .note("only `vmad` negates its sources (`-a`), and not under `.po`"),
                    );
                    return;
                }
                self.value(
                    &OperandSpec {
                        minus: false,
                        ..spec.clone()
                    },
                    inner,
                    ty,
                )
            }
            OperandKind::Select(inner, selector) => {
                match spec.selector {
                    None => {
                        let takers: Vec<String> = self
                            .bound
                            .form
                            .operands
                            .iter()
                            .filter(|o| o.selector.is_some())
                            .map(|o| format!("`{}`", o.name))
                            .collect();
                        let note = if takers.is_empty() {
                            "operand selectors (`.b0`, `.h1`, `.b3210`, ...) belong to the video instructions (`vadd`, `vadd2`, `vadd4`, ...)".to_string()
                        } else if spec.name == "d" {
                            format!(
                                "in this form only {} take selectors; a selector on `d` merges the result into `c`: `d.h1, a, b, c` without a secondary operation",
                                takers.join(" and ")
                            )
                        } else {
                            format!("in this form only {} take selectors", takers.join(" and "))
                        };
                        self.diags.push(
                            Diagnostic::error(
                                DiagnosticKind::OperandKind,
                                selector.span,
                                format!("{what} takes no selector `.{}`", selector.text),
                            )
                            .note(note),
                        );
                        return;
                    }
                    Some(kind) if !kind.accepts(&selector.text) => {
                        self.error(
                            DiagnosticKind::OperandKind,
                            selector.span,
                            format!(
                                "`.{}` is not a selector of {what}, which takes {}",
                                selector.text,
                                kind.describe()
                            ),
                        );
                        return;
                    }
                    Some(_) => {}
                }
                self.value(
                    &OperandSpec {
                        selector: None,
                        selector_required: false,
                        ..spec.clone()
                    },
                    inner,
                    ty,
                )
            }
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
            // ptxas takes one register in braces for the data of a load or
            // store (`ld.shared.u32 {%0}, [%1]`), and for nothing else.
            OperandKind::Vector(items) if items.len() == 1 && self.takes_braced_value() => {
                self.value(spec, &items[0], ty)
            }
            OperandKind::Vector(_) => self.error(
                DiagnosticKind::OperandKind,
                op.span,
                format!("{what} is a single value, not a vector"),
            ),
            OperandKind::Address(a) if a.bare || a.indexed => {
                let base = a.base.as_ref().map(|b| match &b.kind {
                    OperandKind::Name(n) => self.scope.resolve_name(n, b.span),
                    _ => Ok(Resolved::Label),
                });
                match base {
                    Some(Ok(Resolved::Variable { .. })) if spec.symbol => {}
                    Some(Err(d)) => self.diags.push(d),
                    _ => self.error(
                        DiagnosticKind::OperandKind,
                        op.span,
                        format!("{what} cannot be the address `{op}`: only a variable plus an offset is an address here, and only where the instruction takes a variable"),
                    ),
                }
            }
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
                    self.usage.push((k, OperandAccess::Read, op.span));
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
        if spec.immediate == ImmediatePolicy::Register || spec.access != OperandAccess::Read {
            let message = if spec.access == OperandAccess::Read {
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
                if let Some((lo, hi)) = spec.range
                    && (value < lo || value > hi)
                {
                    self.error(
                        DiagnosticKind::ImmediateRange,
                        op.span,
                        format!("{what} must be in {lo}..={hi}, found {value}"),
                    );
                    return;
                }
                if let Some(step) = spec.multiple_of
                    && value % step != 0
                {
                    self.error(
                        DiagnosticKind::ImmediateRange,
                        op.span,
                        format!("{what} must be a multiple of {step} (whole warps), found {value}"),
                    );
                    return;
                }
                if !spec.allowed.is_empty() && !spec.allowed.contains(&value) {
                    let a = &spec.allowed;
                    let step = a.get(1).map_or(0, |b| b - a[0]);
                    let progression = a.len() > 4 && a.windows(2).all(|w| w[1] - w[0] == step);
                    let list: Vec<String> = if progression {
                        vec![format!("{}..={} in steps of {step}", a[0], a[a.len() - 1])]
                    } else {
                        a.iter().map(i128::to_string).collect()
                    };
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
                    // ptxas takes an integer as a constant predicate (`mov.pred p, 1;`).
                    TypeKind::Predicate => {}
                    _ => {
                        let bits = want.bits().min(64);
                        let lo = -(1i128 << (bits - 1));
                        let hi = (1i128 << bits) - 1;
                        // ptxas keeps the low bits of a wider constant, silently.
                        if value < lo || value > hi {
                            self.diags.push(Diagnostic::warning(
                                DiagnosticKind::ImmediateRange,
                                op.span,
                                format!("{what} is .{}: {value} does not fit in {bits} bits; only its low {bits} bits are used", want.name()),
                            ));
                        }
                    }
                }
            }
            Immediate::Float(lit) => {
                let Some(want) = ty else { return };
                let ok = match want {
                    ScalarType::F32 | ScalarType::F64 => true,
                    // A decimal literal is a double: it fits 64 bits.
                    t if t.kind() == TypeKind::Bit => matches!(
                        (lit, t.bits()),
                        (FloatLiteral::F32(_), 32)
                            | (FloatLiteral::F64(_) | FloatLiteral::Decimal(_), 64)
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
    events: &[(usize, OperandAccess, Span)],
    guarded: bool,
) {
    for &(k, access, span) in events {
        let Some(u) = usage.get_mut(k) else { continue };
        u.spans.push(span);
        if access != OperandAccess::Write {
            u.read_first |= !u.written;
            u.read = true;
        }
    }
    for &(k, access, _) in events {
        let Some(u) = usage.get_mut(k) else { continue };
        if access != OperandAccess::Read {
            u.written = true;
            u.written_unconditionally |= !guarded;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{PtxVersion, Target, check_asm};

    fn target(name: &str) -> Target {
        name.parse().unwrap()
    }

    fn accepts(text: &str, cons: &[&str], on: &str) -> bool {
        check_asm(text, cons, target(on)).is_ok()
    }

    #[test]
    fn an_immediate_wider_than_the_type_keeps_its_low_bits_with_a_warning() {
        // ptxas takes `mov.u16 r, 70000` and truncates it.
        let checked = check_asm("mov.u16 %0, 70000;", &["=h"], target("sm_90")).unwrap();
        assert_eq!(checked.warnings.len(), 1);
        assert!(checked.warnings[0].message.contains("low 16 bits"));
    }

    #[test]
    fn an_integer_is_a_constant_predicate() {
        assert!(accepts(
            "vote.sync.ballot.b32 %0, 1, 0xffffffff;",
            &["=r"],
            "sm_90"
        ));
    }

    #[test]
    fn a_decimal_literal_is_a_double_and_fits_64_bits() {
        assert!(accepts("mov.b64 %0, 1.5;", &["=l"], "sm_90"));
        assert!(!accepts("mov.b32 %0, 1.5;", &["=r"], "sm_90"));
    }

    #[test]
    fn vector_registers_share_one_size_and_one_of_them_fits_the_type() {
        let v2 = "ld.global.v2.u32 {%0, %1}, [%2];";
        assert!(accepts(v2, &["=r", "=f", "l"], "sm_90"));
        assert!(!accepts(v2, &["=f", "=f", "l"], "sm_90"));
        assert!(!accepts(
            "ld.global.v2.f32 {%0, %1}, [%2];",
            &["=d", "=f", "l"],
            "sm_90"
        ));
    }

    #[test]
    fn a_copy_reads_at_most_its_own_size() {
        let copy = |extra: &str| {
            let text = format!("cp.async.ca.shared.global [%0], [%1], 8, {extra};");
            accepts(&text, &["r", "l"], "sm_90")
        };
        assert!(copy("8"));
        assert!(copy("0"));
        assert!(!copy("9"));
        assert!(!copy("-1"));
    }

    #[test]
    fn immediate_addresses_are_for_local_memory_only() {
        assert!(accepts("ld.local.u32 %0, [64];", &["=r"], "sm_90"));
        assert!(!accepts("ld.global.u32 %0, [64];", &["=r"], "sm_90"));
    }

    #[test]
    fn a_variable_address_plus_offset_is_a_value_where_variables_are() {
        let mov = "{ .shared .align 8 .b8 buf[64]; mov.u64 %0, buf+8; }";
        assert!(accepts(mov, &["=l"], "sm_90"));
        let cvta = "{ .shared .align 8 .b8 buf[64]; cvta.to.shared.u64 %0, buf+8; }";
        assert!(!accepts(cvta, &["=l"], "sm_90"));
    }

    #[test]
    fn a_variable_must_live_in_the_state_space_addressed() {
        let ld =
            |space: &str| format!("{{ .shared .align 8 .b8 buf[64]; ld{space}.u32 %0, [buf]; }}");
        assert!(accepts(&ld(".shared"), &["=r"], "sm_90"));
        assert!(accepts(&ld(""), &["=r"], "sm_90"));
        assert!(!accepts(&ld(".global"), &["=r"], "sm_90"));
    }

    #[test]
    fn unified_marks_only_generic_or_global_loads() {
        assert!(accepts(
            "ld.global.u32 %0, [%1].unified;",
            &["=r", "l"],
            "sm_90"
        ));
        assert!(!accepts(
            "ld.shared.u32 %0, [%1].unified;",
            &["=r", "r"],
            "sm_90"
        ));
        assert!(!accepts(
            "st.global.u32 [%0].unified, %1;",
            &["l", "r"],
            "sm_90"
        ));
    }

    #[test]
    fn a_special_register_needs_its_ptx_version() {
        let old = Target {
            ptx: PtxVersion::new(7, 7),
            ..target("sm_90")
        };
        assert!(check_asm("mov.u32 %0, %%clusterid.x;", &["=r"], old).is_err());
        assert!(accepts("mov.u32 %0, %%clusterid.x;", &["=r"], "sm_90"));
    }
}
