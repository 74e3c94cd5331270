//! Declarations of variables and their initial values.

use super::{ModuleChecker, Symbol, error};
use crate::module::ast::*;
use crate::syntax::Immediate;
use crate::{DiagnosticKind, PtxVersion, ScalarType, StateSpace, TypeKind};

impl<'m> ModuleChecker<'m> {
    pub(super) fn module_variable(&mut self, v: &'m Variable) {
        let space_problem = match v.space {
            StateSpace::Reg => Some("registers (`.reg`) are declared inside functions"),
            StateSpace::Local => Some("`.local` variables are declared inside functions"),
            StateSpace::Param(_) => {
                Some("parameters are declared in a function's parameter list or its body")
            }
            _ => None,
        };
        if let Some(problem) = space_problem {
            self.push(error(
                DiagnosticKind::Directive,
                v.span,
                format!("no {} variable at module scope: {problem}", v.space),
            ));
        }
        self.variable(v, true);
        for n in &v.names {
            self.declare(&n.name, Symbol::Variable(v));
        }
    }

    /// The rules of a declaration, at module or function scope.
    pub(super) fn variable(&mut self, v: &Variable, module_scope: bool) {
        if v.ty == ScalarType::F16x2 && matches!(v.space, StateSpace::Param(_)) {
            self.push(error(
                DiagnosticKind::InvalidType,
                v.span,
                super::functions::F16X2_PARAM,
            ));
        }
        if v.ty == ScalarType::Pred && v.space != StateSpace::Reg {
            self.push(error(
                DiagnosticKind::Directive,
                v.span,
                format!(
                    "a `.pred` variable lives in registers: declare it `.reg .pred`, not {}",
                    v.space
                ),
            ));
        }
        if let Some(l) = v.linkage {
            if l.kind == LinkageKind::Common && v.space != StateSpace::Global {
                self.push(error(
                    DiagnosticKind::Directive,
                    l.span,
                    "`.common` variables must be in `.global`",
                ));
            }
            if l.kind == LinkageKind::Common {
                self.needs(l.span, "`.common`", PtxVersion::new(5, 0), 0);
            }
            if l.kind == LinkageKind::Weak {
                self.needs(l.span, "`.weak`", PtxVersion::new(3, 1), 0);
            }
        }
        for n in &v.names {
            for (k, d) in n.array.iter().enumerate() {
                if d.is_none() && k > 0 {
                    self.push(error(
                        DiagnosticKind::Directive,
                        n.span,
                        format!(
                            "only the first dimension of `{}` may be left open",
                            n.name.text
                        ),
                    ));
                }
            }
            let open = n.array.first().is_some_and(Option::is_none);
            if open && n.init.is_none() && !v.is_extern() {
                self.push(
                    error(
                        DiagnosticKind::Directive,
                        n.span,
                        format!(
                            "`{}[]` has no size: it needs an initializer or `.extern`",
                            n.name.text
                        ),
                    )
                    .note("`.extern .shared .align 16 .b8 smem[];` declares dynamic shared memory"),
                );
            }
            if n.range.is_some() && v.space != StateSpace::Reg && !module_scope {
                self.push(error(
                    DiagnosticKind::Directive,
                    n.span,
                    "`<N>` declares numbered registers; it belongs to `.reg`",
                ));
            }
            if let Some(init) = &n.init {
                self.initial_value(v, n, init);
            }
        }
    }

    pub(super) fn initial_value(&mut self, v: &Variable, n: &VariableName, init: &Initializer) {
        if v.is_extern() {
            self.push(error(
                DiagnosticKind::Directive,
                init.span,
                format!(
                    "`{}` is `.extern`: it is defined, with its initial value, in another module",
                    n.name.text
                ),
            ));
            return;
        }
        if !matches!(v.space, StateSpace::Global | StateSpace::Const) {
            self.push(error(
                DiagnosticKind::Directive,
                init.span,
                format!(
                    "{} variables have no initial value: only `.global` and `.const` ones do",
                    v.space
                ),
            ));
            return;
        }
        let no_init = v.ty.kind() == TypeKind::Float
            && !matches!(v.ty, ScalarType::F32 | ScalarType::F64)
            || v.ty == ScalarType::Pred;
        if no_init {
            self.push(error(
                DiagnosticKind::InvalidType,
                init.span,
                format!("a `.{}` variable takes no initial value", v.ty.name()),
            ));
            return;
        }
        let mut shape: Vec<Option<u32>> = n.array.clone();
        if let Some(w) = v.vector {
            shape.push(Some(w.len() as u32));
        }
        self.initializer_shape(v, init, &shape);
    }

    /// An initializer against the dimensions left to fill: lists for
    /// dimensions, no more elements than each holds, scalars at the bottom.
    pub(super) fn initializer_shape(
        &mut self,
        v: &Variable,
        init: &Initializer,
        shape: &[Option<u32>],
    ) {
        match (&init.kind, shape.split_first()) {
            (InitializerKind::List(items), Some((dim, rest))) => {
                if let Some(size) = dim
                    && items.len() > *size as usize
                {
                    self.push(error(
                        DiagnosticKind::Directive,
                        init.span,
                        format!(
                            "the initializer has {} elements, but the array holds {size}",
                            items.len()
                        ),
                    ));
                    return;
                }
                for item in items {
                    self.initializer_shape(v, item, rest);
                }
            }
            (InitializerKind::List(_), None) => self.push(error(
                DiagnosticKind::InvalidType,
                init.span,
                "a list `{...}` initializes an array or vector; this is a single value",
            )),
            (_, Some(_)) => self.push(error(
                DiagnosticKind::InvalidType,
                init.span,
                "an array or vector is initialized with a list `{...}`",
            )),
            (_, None) => self.scalar_initializer(v, init),
        }
    }

    pub(super) fn scalar_initializer(&mut self, v: &Variable, init: &Initializer) {
        let ty = v.ty;
        match &init.kind {
            InitializerKind::Number(Immediate::Int { .. }) => {
                if ty.kind() == TypeKind::Float {
                    self.push(error(
                        DiagnosticKind::InvalidType,
                        init.span,
                        format!("`.{}` takes a floating-point initial value such as `1.0` or `0f3F800000`, not an integer", ty.name()),
                    ));
                }
            }
            InitializerKind::Number(Immediate::Float(_)) => {
                if matches!(ty.kind(), TypeKind::Signed | TypeKind::Unsigned) {
                    self.push(error(
                        DiagnosticKind::InvalidType,
                        init.span,
                        format!(
                            "`.{}` takes an integer initial value, not a floating-point one",
                            ty.name()
                        ),
                    ));
                }
            }
            InitializerKind::Address { .. } => {
                if !matches!(ty, ScalarType::U32 | ScalarType::U64) {
                    self.push(error(
                        DiagnosticKind::InvalidType,
                        init.span,
                        format!(
                            "an address initializes a `.u64` or `.u32` variable, not `.{}`",
                            ty.name()
                        ),
                    ));
                }
                self.address_initializer(init);
            }
            InitializerKind::Masked { mask, address } => {
                let byte = (0..8).find(|k| *mask == 0xFF << (8 * k));
                if byte.is_none() {
                    self.push(error(
                        DiagnosticKind::ImmediateRange,
                        init.span,
                        format!("mask {mask:#x} does not select one byte: write 0xFF, 0xFF00, ... up to 0xFF00000000000000"),
                    ));
                }
                if !matches!(ty, ScalarType::U8 | ScalarType::U32 | ScalarType::U64) {
                    self.push(error(
                        DiagnosticKind::InvalidType,
                        init.span,
                        format!("a masked address initializes `.u8` (or `.u32`, `.u64`) elements, not `.{}`", ty.name()),
                    ));
                }
                self.address_initializer(address);
            }
            InitializerKind::List(_) => {}
        }
    }

    /// `var`, `generic(var)`: a `.global` or `.const` variable or a
    /// function declared before.
    pub(super) fn address_initializer(&mut self, init: &Initializer) {
        let InitializerKind::Address { name, .. } = &init.kind else {
            self.push(error(
                DiagnosticKind::OperandKind,
                init.span,
                "a mask takes a variable's address, as in `0xFF(var)` or `0xFF(generic(var)+4)`",
            ));
            return;
        };
        match self.symbols.get(name.text.as_str()) {
            None => {
                let mut d = error(
                    DiagnosticKind::UndefinedName,
                    name.span,
                    format!("`{}` is not declared before this initializer", name.text),
                );
                if self
                    .module
                    .variables()
                    .any(|v| v.names.iter().any(|n| n.name.text == name.text))
                    || self.module.function(&name.text).is_some()
                {
                    d = d.note(
                        "PTX names must be declared before they are used: move the declaration up",
                    );
                }
                self.push(d);
            }
            Some(Symbol::Variable(var))
                if !matches!(var.space, StateSpace::Global | StateSpace::Const) =>
            {
                self.push(error(
                    DiagnosticKind::StateSpace,
                    name.span,
                    format!(
                        "`{}` is a {} variable: only addresses of `.global` and `.const` variables and of functions are initial values",
                        name.text, var.space
                    ),
                ));
            }
            Some(_) => {}
        }
    }
}
