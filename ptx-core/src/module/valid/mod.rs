//! Every rule a parsed module can break, in one module: the header
//! (`header.rs`: `.version`, `.target`, `.address_size`), declarations and
//! their initial values (`variables.rs`), function signatures and
//! attributes (`functions.rs`), and the module-level facts of bodies
//! (`body.rs`: labels, calls against their callees, `brx.idx` lists,
//! `.param` variables, special registers, `.loc`); here, the names the
//! module declares and what a whole program needs. Each instruction goes to
//! the template checker ([`crate::check()`]) with the names the module puts
//! in scope and the module's own target.

mod body;
mod functions;
mod header;
mod variables;

use super::ast::*;
use super::targets;
use crate::syntax::Word;
use crate::{Checked, Diagnostic, DiagnosticKind, PtxVersion, Span, StateSpace, Target};
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
    check_module_bodies(module).diagnostics
}

/// What [`check_module_bodies`] found: the diagnostics of [`check_module`]
/// and each function body the template checker accepted.
#[derive(Debug)]
pub struct CheckedModule {
    /// Every error and warning, in the order of the text.
    pub diagnostics: Vec<Diagnostic>,
    /// The checked body of each defined function whose instructions all
    /// matched a form, by the function's name.
    pub bodies: HashMap<String, Checked>,
}

/// Checks a parsed module as [`check_module`] does, keeping each body's
/// checked instructions, so that a loader lowers them without checking
/// them again.
///
/// ```
/// use ptx_core::module::{check_module_bodies, parse_module};
/// let text = ".version 9.0\n.target sm_90\n.entry k() { ret; }";
/// let checked = check_module_bodies(&parse_module(text).unwrap());
/// assert!(checked.diagnostics.is_empty());
/// assert_eq!(checked.bodies["k"].instructions.len(), 1);
/// ```
pub fn check_module_bodies(module: &Module) -> CheckedModule {
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
        bodies: HashMap::new(),
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
    let mut diagnostics = cx.diags;
    diagnostics.sort_by_key(|d| d.span.start);
    CheckedModule {
        diagnostics,
        bodies: cx.bodies,
    }
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
    /// Each body the template checker accepted, by its function's name.
    bodies: HashMap<String, Checked>,
}

/// The functions the CUDA driver provides to every program: a module may
/// call them without defining them.
const SYSTEM_FUNCTIONS: &[&str] = &[
    "vprintf",
    "malloc",
    "free",
    "__assertfail",
    "__cuda_syscall_aligned_malloc",
];

fn error(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(kind, span, message)
}

impl<'m> ModuleChecker<'m> {
    pub(super) fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// A feature that needs a newer PTX ISA version or `sm_` target.
    pub(super) fn needs(&mut self, span: Span, what: &str, ptx: PtxVersion, sm: u32) {
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

    /// Declares `name` at module scope, or says why it cannot be.
    pub(super) fn declare(&mut self, name: &'m Word, symbol: Symbol<'m>) {
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
    pub(super) fn section(&mut self, s: &'m Section) {
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
    pub(super) fn whole_program(&mut self) {
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
