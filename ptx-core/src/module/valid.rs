//! Every rule a parsed module can break, in one place: the header
//! (`.version`, `.target`, `.address_size`), module-scope declarations and
//! their initializers, function signatures and attributes, and the
//! module-level facts of bodies (labels, calls against their callees,
//! `brx.idx` lists). Each instruction goes to the template checker
//! ([`crate::check`]) with the names the module puts in scope and the
//! module's own target.

use super::ast::*;
use super::targets;
use crate::syntax::{Immediate, Instruction, Operand, OperandKind, Word};
use crate::{
    Access, Bound, Diagnostic, DiagnosticKind, PtxVersion, ScalarType, Span, SpecialRegister,
    StateSpace, Target, TypeKind, check,
};
use std::collections::{HashMap, HashSet};

/// Checks a parsed module as ptxas 13.0 would: returns every error and
/// warning, in the order of the text (empty when ptxas would accept it
/// without a word).
///
/// ```
/// use ptx_core::module::{check_module, parse_module};
/// let text = "
/// .version 9.0
/// .target sm_80
/// .address_size 64
/// .visible .entry k(.param .u64 out) {
///     .reg .b32 %r<2>;
///     .reg .b64 %rd<2>;
///     ld.param.u64 %rd1, [out];
///     mov.u32 %r1, %clusterid.x;
///     st.global.u32 [%rd1], %r1;
///     ret;
/// }";
/// let diags = check_module(&parse_module(text).unwrap());
/// assert!(diags[0].message.contains("sm_90"), "{}", diags[0].message);
/// ```
pub fn check_module(module: &Module) -> Vec<Diagnostic> {
    let mut cx = ModuleChecker {
        target: module.compile_target(),
        module,
        diags: Vec::new(),
        symbols: HashMap::new(),
        files: module
            .directives
            .iter()
            .filter_map(|d| match d {
                Directive::File(f) => Some(f.index),
                _ => None,
            })
            .collect(),
        locations: HashSet::new(),
        section_labels: HashSet::new(),
        called: HashSet::new(),
    };
    cx.header();
    for directive in &module.directives {
        match directive {
            Directive::Variable(v) => cx.module_variable(v),
            Directive::Function(f) => cx.function(f),
            Directive::Section(s) => cx.section(s),
            Directive::File(_) | Directive::Pragma(_) => {}
        }
    }
    cx.whole_program();
    let mut diags = cx.diags;
    diags.sort_by_key(|d| d.span.start);
    diags
}

/// Parses and checks `text`: the syntax errors if it does not parse, else
/// what [`check_module`] finds.
///
/// ```
/// use ptx_core::module::check_module_text;
/// let ok = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }";
/// assert!(check_module_text(ok).is_empty());
/// let diags = check_module_text(".target sm_90\n.visible .entry k() { ret; }");
/// assert!(diags[0].message.contains("`.version`"));
/// ```
pub fn check_module_text(text: &str) -> Vec<Diagnostic> {
    match super::parse_module(text) {
        Ok(module) => check_module(&module),
        Err(errors) => errors,
    }
}

/// A module-scope name and what it names.
#[derive(Clone, Copy)]
enum Symbol<'m> {
    Function(&'m Function),
    Variable(&'m Variable),
}

struct ModuleChecker<'m> {
    module: &'m Module,
    target: Target,
    diags: Vec<Diagnostic>,
    /// The names declared so far (PTX names must be declared before use).
    symbols: HashMap<&'m str, Symbol<'m>>,
    /// The numbers of the `.file` directives.
    files: HashSet<u64>,
    /// Every `file line column` a `.loc` has named so far.
    locations: HashSet<(u64, u64, u64)>,
    /// The labels of the debug sections.
    section_labels: HashSet<&'m str>,
    /// The functions some call names.
    called: HashSet<&'m str>,
}

/// The functions the CUDA driver provides to every program: a module may
/// call them without defining them.
const SYSTEM_FUNCTIONS: &[&str] = &["vprintf", "malloc", "free", "__assertfail"];

fn error(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(kind, span, message)
}

impl<'m> ModuleChecker<'m> {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// A feature that needs a newer PTX ISA version or `sm_` target.
    fn needs(&mut self, span: Span, what: &str, ptx: PtxVersion, sm: u32) {
        if self.target.ptx < ptx {
            self.push(error(
                DiagnosticKind::Target,
                span,
                format!(
                    "{what} needs PTX ISA {ptx} or newer; the module is PTX ISA {}",
                    self.target.ptx
                ),
            ));
        } else if self.target.sm < sm {
            self.push(error(
                DiagnosticKind::Target,
                span,
                format!(
                    "{what} needs sm_{sm} or newer; the target is {}",
                    self.target
                ),
            ));
        }
    }

    fn header(&mut self) {
        let module = self.module;
        match &module.version {
            None => self.push(
                error(
                    DiagnosticKind::Directive,
                    Span::empty(0),
                    "the module has no `.version` directive",
                )
                .note("a module starts with `.version 9.0` (the PTX ISA version nvcc 13.0 writes)"),
            ),
            Some(v) if v.version > targets::NEWEST => self.push(error(
                DiagnosticKind::Target,
                v.span,
                format!(
                    "PTX ISA {} is newer than ptxas 13.0 reads; the newest is {}",
                    v.version,
                    targets::NEWEST
                ),
            )),
            Some(v) if !targets::known_version(v.version) => self.push(error(
                DiagnosticKind::Target,
                v.span,
                format!("there is no PTX ISA version {}", v.version),
            )),
            Some(_) => {}
        }
        match &module.target {
            None => self.push(
                error(
                    DiagnosticKind::Directive,
                    module.version.as_ref().map_or(Span::empty(0), |v| v.span),
                    "the module has no `.target` directive",
                )
                .note("write the target after `.version`, as in `.target sm_90`"),
            ),
            Some(t) => self.target_directive(t),
        }
        if let Some(a) = &module.address_size {
            if a.bits != 32 && a.bits != 64 {
                self.push(error(
                    DiagnosticKind::Directive,
                    a.span,
                    format!("`.address_size` must be 32 or 64, not {}", a.bits),
                ));
            } else if a.bits == 32 {
                self.push(
                    error(
                        DiagnosticKind::Target,
                        a.span,
                        "ptxas 13.0 no longer compiles 32-bit code",
                    )
                    .note("write `.address_size 64`"),
                );
            }
            self.needs(a.span, "`.address_size`", PtxVersion::new(2, 3), 0);
        }
    }

    fn target_directive(&mut self, t: &TargetDirective) {
        let mut sm_words = 0;
        let mut texmodes = 0;
        for w in &t.words {
            if let Ok(target) = w.text.parse::<Target>() {
                sm_words += 1;
                match targets::first_version(target) {
                    None => {
                        let mut d = error(
                            DiagnosticKind::Target,
                            w.span,
                            format!("ptxas 13.0 does not know the target `{}`", w.text),
                        );
                        if let Some(c) = crate::diag::closest(
                            &w.text,
                            targets::names().iter().map(String::as_str),
                        ) {
                            d = d.note(format!("did you mean `{c}`?"));
                        }
                        self.push(d);
                    }
                    Some(first) if self.target.ptx < first => self.push(error(
                        DiagnosticKind::Target,
                        w.span,
                        format!(
                            "PTX ISA {} does not know `.target {}`: it came with PTX ISA {first}",
                            self.target.ptx, w.text
                        ),
                    )),
                    Some(_) => {}
                }
                continue;
            }
            match w.text.as_str() {
                "texmode_unified" | "texmode_independent" => {
                    texmodes += 1;
                    if texmodes > 1 {
                        self.push(error(
                            DiagnosticKind::Directive,
                            w.span,
                            "`.target` takes one texture mode",
                        ));
                    }
                }
                "debug" => {
                    let has_debug_info =
                        self.module.directives.iter().any(
                            |d| matches!(d, Directive::Section(s) if s.name.text == "debug_info"),
                        );
                    if !has_debug_info {
                        self.push(
                            error(
                                DiagnosticKind::Directive,
                                w.span,
                                "`.target debug` needs debug information: the module has no `.section .debug_info`",
                            )
                            .note("remove `debug`, or compile with `-G` so that the debug sections are written"),
                        );
                    }
                }
                "map_f64_to_f32" => {}
                _ => {
                    let mut d = error(
                        DiagnosticKind::Directive,
                        w.span,
                        format!("`{}` is not a target or a target option", w.text),
                    );
                    let options = [
                        "texmode_unified",
                        "texmode_independent",
                        "debug",
                        "map_f64_to_f32",
                    ];
                    let names = targets::names();
                    let candidates = names.iter().map(String::as_str).chain(options);
                    if let Some(c) = crate::diag::closest(&w.text, candidates) {
                        d = d.note(format!("did you mean `{c}`?"));
                    }
                    self.push(d);
                }
            }
        }
        if sm_words == 0 {
            self.push(error(
                DiagnosticKind::Directive,
                t.span,
                "`.target` needs an architecture such as `sm_90`",
            ));
        }
    }

    /// Declares `name` at module scope, or says why it cannot be.
    fn declare(&mut self, name: &'m Word, symbol: Symbol<'m>) {
        let Some(&previous) = self.symbols.get(name.text.as_str()) else {
            self.symbols.insert(&name.text, symbol);
            return;
        };
        let message = match (previous, symbol) {
            (Symbol::Function(old), Symbol::Function(new)) => {
                let external =
                    |f: &Function| f.linkage.is_some_and(|l| l.kind == LinkageKind::Extern);
                if old.body.is_some() && new.body.is_some() {
                    format!("function `{}` is defined twice", name.text)
                } else if old.kind != new.kind || !same_signature(old, new) {
                    format!(
                        "function `{}` is declared again with another signature",
                        name.text
                    )
                } else if new.body.is_some() && external(old) {
                    format!(
                        "`{}` is declared `.extern` above: its definition belongs to another module",
                        name.text
                    )
                } else {
                    if new.body.is_some() {
                        self.symbols.insert(&name.text, symbol);
                    }
                    return;
                }
            }
            // An `.extern` declaration names a variable that is defined
            // elsewhere, in this module or another.
            (Symbol::Variable(old), Symbol::Variable(new))
                if old.is_extern() || new.is_extern() =>
            {
                // An `.extern` declaration is resolved by a definition that
                // other modules see: `.visible` or `.weak`.
                let visible = new.linkage.is_some_and(|l| {
                    matches!(
                        l.kind,
                        LinkageKind::Visible | LinkageKind::Weak | LinkageKind::Common
                    )
                });
                if old.is_extern() && !new.is_extern() && !visible {
                    format!(
                        "`{}` is declared `.extern` above, so its definition must be `.visible` (or `.weak`)",
                        name.text
                    )
                } else {
                    if !new.is_extern() {
                        self.symbols.insert(&name.text, symbol);
                    }
                    return;
                }
            }
            (Symbol::Variable(..), Symbol::Variable(..)) => {
                format!("variable `{}` is declared twice", name.text)
            }
            (Symbol::Variable(..), Symbol::Function(_)) => {
                format!("`{}` is already declared as a variable", name.text)
            }
            (Symbol::Function(_), Symbol::Variable(..)) => {
                format!("`{}` is already declared as a function", name.text)
            }
        };
        self.push(error(
            DiagnosticKind::DuplicateDeclaration,
            name.span,
            message,
        ));
    }

    /// Labels of debug sections are module-wide names.
    fn section(&mut self, s: &'m Section) {
        for label in &s.labels {
            if !self.section_labels.insert(&label.text) {
                self.push(error(
                    DiagnosticKind::DuplicateDeclaration,
                    label.span,
                    format!("label `{}` is defined twice", label.text),
                ));
            }
        }
    }

    /// What ptxas finds when it compiles the module as a whole program (as
    /// it does without `-c`): every function declared is defined, or is
    /// `.extern` and not called (or provided by the driver); every `.extern`
    /// array of unknown size is defined.
    fn whole_program(&mut self) {
        let module = self.module;
        for f in module.functions() {
            if f.body.is_some()
                || module
                    .function(&f.name.text)
                    .is_some_and(|d| d.body.is_some())
                || SYSTEM_FUNCTIONS.contains(&f.name.text.as_str())
            {
                continue;
            }
            let external = f.linkage.is_some_and(|l| l.kind == LinkageKind::Extern);
            let first = module.functions().find(|g| g.name.text == f.name.text);
            if first.is_some_and(|g| !std::ptr::eq(g, f)) {
                continue;
            }
            if !external {
                self.push(
                    error(
                        DiagnosticKind::UndefinedName,
                        f.name.span,
                        format!("`{}` is declared but never defined in this module", f.name.text),
                    )
                    .note("define it, or declare it `.extern` if another module defines it (then compile with `ptxas -c`)"),
                );
            } else if self.called.contains(f.name.text.as_str()) {
                self.push(
                    error(
                        DiagnosticKind::UndefinedName,
                        f.name.span,
                        format!("`.extern` function `{}` is called but no module here defines it", f.name.text),
                    )
                    .note("ptxas compiles the module as a whole program: link it with the module that defines the function (`ptxas -c`, then nvlink)"),
                );
            }
        }
        for v in module.variables() {
            if !v.is_extern() || !matches!(v.space, StateSpace::Global | StateSpace::Const) {
                continue;
            }
            for n in &v.names {
                let open = n.array.first().is_some_and(Option::is_none);
                let defined = module
                    .variables()
                    .any(|w| !w.is_extern() && w.names.iter().any(|m| m.name.text == n.name.text));
                if open && !defined {
                    self.push(error(
                        DiagnosticKind::UndefinedName,
                        n.span,
                        format!("`.extern` array `{}[]` is defined in no module here, so its size is unknown", n.name.text),
                    ));
                }
            }
        }
    }

    fn module_variable(&mut self, v: &'m Variable) {
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
    fn variable(&mut self, v: &Variable, module_scope: bool) {
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

    fn initial_value(&mut self, v: &Variable, n: &VariableName, init: &Initializer) {
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
    fn initializer_shape(&mut self, v: &Variable, init: &Initializer, shape: &[Option<u32>]) {
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

    fn scalar_initializer(&mut self, v: &Variable, init: &Initializer) {
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
    fn address_initializer(&mut self, init: &Initializer) {
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

    fn function(&mut self, f: &'m Function) {
        self.signature(f);
        self.declare(&f.name, Symbol::Function(f));
        if let Some(body) = &f.body {
            self.body(f, body);
        }
    }

    /// Linkage, parameters and attributes.
    fn signature(&mut self, f: &Function) {
        let kind = match f.kind {
            FunctionKind::Entry => ".entry",
            FunctionKind::Func => ".func",
        };
        if let Some(l) = f.linkage {
            match l.kind {
                LinkageKind::Common => self.push(error(
                    DiagnosticKind::Directive,
                    l.span,
                    "`.common` is for `.global` variables, not functions",
                )),
                LinkageKind::Extern if f.body.is_some() => self.push(error(
                    DiagnosticKind::Directive,
                    l.span,
                    format!("`{}` is `.extern` but has a body here", f.name.text),
                )),
                _ => {}
            }
        }
        for p in f.returns.iter().chain(&f.params) {
            self.param(f, p);
        }
        let mut seen = HashSet::new();
        for a in &f.attributes {
            // ptxas lets a kernel attribute repeat (the last counts), not `.noreturn`.
            if !seen.insert(a.kind) && a.kind == AttributeKind::NoReturn {
                self.push(error(
                    DiagnosticKind::Directive,
                    a.span,
                    format!("`.{}` is written twice", a.kind.name()),
                ));
            }
            let (least, most) = a.kind.arity();
            if a.values.len() < least || a.values.len() > most {
                let count = if least == most {
                    format!("{least}")
                } else {
                    format!("{least} to {most}")
                };
                self.push(error(
                    DiagnosticKind::Directive,
                    a.span,
                    format!(
                        "`.{}` takes {count} numbers, found {}",
                        a.kind.name(),
                        a.values.len()
                    ),
                ));
            }
            let thread_counts = matches!(
                a.kind,
                AttributeKind::MaxNtid | AttributeKind::ReqNtid | AttributeKind::ReqNctaPerCluster
            );
            if thread_counts && a.values.contains(&0) {
                self.push(error(
                    DiagnosticKind::ImmediateRange,
                    a.span,
                    format!(
                        "`.{}` counts from 1: a dimension of 0 has no thread",
                        a.kind.name()
                    ),
                ));
            }
            match (a.kind, f.kind) {
                (AttributeKind::NoReturn, FunctionKind::Entry) => self.push(error(
                    DiagnosticKind::Directive,
                    a.span,
                    "`.noreturn` is for `.func`: a kernel always returns",
                )),
                (AttributeKind::NoReturn, FunctionKind::Func) => {
                    self.needs(a.span, "`.noreturn`", PtxVersion::new(6, 4), 30)
                }
                (_, FunctionKind::Func) => self.push(error(
                    DiagnosticKind::Directive,
                    a.span,
                    format!(
                        "`.{}` is a kernel (`.entry`) attribute, not one of a `{kind}`",
                        a.kind.name()
                    ),
                )),
                (
                    AttributeKind::ReqNctaPerCluster
                    | AttributeKind::ExplicitCluster
                    | AttributeKind::MaxClusterRank,
                    _,
                ) => self.needs(
                    a.span,
                    &format!("`.{}`", a.kind.name()),
                    PtxVersion::new(7, 8),
                    90,
                ),
                (AttributeKind::BlocksAreClusters, _) => {
                    self.needs(a.span, "`.blocksareclusters`", PtxVersion::new(9, 0), 90)
                }
                _ => {}
            }
        }
        if let Some(a) = f.attribute(AttributeKind::BlocksAreClusters) {
            for needed in [AttributeKind::ReqNtid, AttributeKind::ReqNctaPerCluster] {
                if f.attribute(needed).is_none() {
                    self.push(error(
                        DiagnosticKind::Directive,
                        a.span,
                        format!("`.blocksareclusters` needs `.{}` as well", needed.name()),
                    ));
                }
            }
        }
        if let Some(a) = f.attribute(AttributeKind::MinNctaPerSm)
            && f.attribute(AttributeKind::MaxNtid).is_none()
            && f.attribute(AttributeKind::ReqNtid).is_none()
        {
            self.push(Diagnostic::warning(
                DiagnosticKind::Directive,
                a.span,
                "`.minnctapersm` is ignored without `.maxntid` or `.reqntid`",
            ));
        }
        let conflicts = [
            (AttributeKind::MaxNtid, AttributeKind::ReqNtid),
            (
                AttributeKind::ReqNctaPerCluster,
                AttributeKind::MaxClusterRank,
            ),
        ];
        for (a, b) in conflicts {
            if let (Some(_), Some(second)) = (f.attribute(a), f.attribute(b)) {
                self.push(error(
                    DiagnosticKind::Directive,
                    second.span,
                    format!("`.{}` and `.{}` cannot both be given", a.name(), b.name()),
                ));
            }
        }
    }

    fn param(&mut self, f: &Function, p: &Param) {
        if f.kind == FunctionKind::Entry && p.space == StateSpace::Reg {
            self.push(error(
                DiagnosticKind::Directive,
                p.span,
                "a kernel's parameters are `.param`, not `.reg`",
            ));
        }
        if p.ty == ScalarType::Pred && p.space != StateSpace::Reg {
            self.push(error(
                DiagnosticKind::InvalidType,
                p.span,
                "a `.pred` parameter must be `.reg`",
            ));
        }
        if let Some(ptr) = &p.ptr {
            if f.kind != FunctionKind::Entry {
                self.push(error(
                    DiagnosticKind::Directive,
                    ptr.span,
                    "`.ptr` describes kernel (`.entry`) parameters only",
                ));
            } else if !matches!(
                p.ty,
                ScalarType::U64
                    | ScalarType::U32
                    | ScalarType::B64
                    | ScalarType::B32
                    | ScalarType::S64
                    | ScalarType::S32
            ) {
                self.push(error(
                    DiagnosticKind::InvalidType,
                    ptr.span,
                    format!(
                        "`.ptr` marks an address parameter (`.u64`), not `.{}`",
                        p.ty.name()
                    ),
                ));
            }
            if let Some(space) = ptr.space
                && !matches!(
                    space,
                    StateSpace::Global
                        | StateSpace::Shared(_)
                        | StateSpace::Const
                        | StateSpace::Local
                )
            {
                self.push(error(
                    DiagnosticKind::StateSpace,
                    ptr.span,
                    format!(
                        "`.ptr` points into `.global`, `.shared`, `.const` or `.local`, not {space}"
                    ),
                ));
            }
        }
    }

    fn body(&mut self, f: &'m Function, body: &'m Body) {
        // The instructions, through the template checker, with the module's
        // names declared so far in an enclosing scope.
        let Some(template) = self.module.function_template(f) else {
            return;
        };
        // The forms the instructions matched, for the rules that need to
        // know which operands are written; none when an instruction failed.
        let bounds = match check(&template, &[], self.target) {
            Ok(checked) => {
                self.diags
                    .extend(checked.warnings.into_iter().map(in_module_terms));
                Some(checked.instructions.into_iter().map(|c| c.bound).collect())
            }
            Err(diags) => {
                self.diags.extend(diags.into_iter().map(in_module_terms));
                None
            }
        };
        // What only the module knows: calls, lists, labels, `.loc`.
        let mut walker = BodyWalker {
            checker: self,
            frames: Vec::new(),
            inputs: f.params.iter().map(|p| p.name.text.as_str()).collect(),
            bounds,
            next: 0,
        };
        let mut frame = Frame::default();
        for p in f.returns.iter().chain(&f.params) {
            frame.declare_param(p);
        }
        walker.frames.push(frame);
        walker.block(body);
    }
}

/// The template checker words its messages for inline asm: a register
/// prints as `%%r1` and names belong to "the template". In a module (whose
/// text never holds `%%`) a register is `%r1` and the scope is the function.
fn in_module_terms(mut d: Diagnostic) -> Diagnostic {
    fn reword(s: &str) -> String {
        s.replace("%%", "%")
            .replace("this template", "this function")
            .replace("in the template", "in the function")
    }
    d.message = reword(&d.message);
    d.notes = d.notes.iter().map(|n| reword(n)).collect();
    if let Some(s) = &mut d.suggestion {
        s.replacement = reword(&s.replacement);
    }
    d
}

/// Whether a declaration and a definition of one function agree.
fn same_signature(a: &Function, b: &Function) -> bool {
    let shape = |ps: &[Param]| -> Vec<(u64, StateSpace)> {
        ps.iter().map(|p| (p.size(), p.space)).collect()
    };
    let noreturn = |f: &Function| f.attribute(AttributeKind::NoReturn).is_some();
    shape(&a.params) == shape(&b.params)
        && shape(&a.returns) == shape(&b.returns)
        && noreturn(a) == noreturn(b)
}

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

struct BodyWalker<'c, 'm> {
    checker: &'c mut ModuleChecker<'m>,
    frames: Vec<Frame<'m>>,
    /// The function's input parameters (not its return parameters), which
    /// its body may read but not write.
    inputs: HashSet<&'m str>,
    /// The form each instruction matched, in order, when all matched.
    bounds: Option<Vec<Bound>>,
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

impl<'m> BodyWalker<'_, 'm> {
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
                let size = super::ast::array_size(
                    v.ty,
                    v.vector,
                    n.array.iter().map(|d| u64::from(d.unwrap_or(0))),
                );
                let align = v
                    .align
                    .map_or(super::ast::element_size(v.ty, v.vector), u64::from);
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
            if spec.access == Access::Read {
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
        let bound = self.bounds.as_ref().and_then(|b| b.get(self.next)).cloned();
        self.next += 1;
        if let Some(bound) = bound {
            self.destinations(i, &bound);
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
            let bytes = super::ast::element_size(ty, None);
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
                    "`{}` is {} bytes, but parameter `{}` of {callee} is {} bytes",
                    n.ident, layout.size, formal.name.text, want.size
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
