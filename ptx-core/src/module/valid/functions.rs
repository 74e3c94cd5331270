//! Function signatures, attributes and parameters; each body through the
//! template checker and then the body walker.

use super::body::BodyWalker;
use super::{ModuleChecker, Symbol, error, in_module_terms};
use crate::module::ast::*;
use crate::{Diagnostic, DiagnosticKind, PtxVersion, ScalarType, StateSpace, check};
use std::collections::HashSet;

impl<'m> ModuleChecker<'m> {
    pub(super) fn function(&mut self, f: &'m Function) {
        self.signature(f);
        self.declare(&f.name, Symbol::Function(f));
        if let Some(body) = &f.body {
            self.body(f, body);
        }
    }

    /// Linkage, parameters and attributes.
    pub(super) fn signature(&mut self, f: &Function) {
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

    pub(super) fn param(&mut self, f: &Function, p: &Param) {
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
        if p.ty == ScalarType::F16x2 && matches!(p.space, StateSpace::Param(_)) {
            self.push(error(DiagnosticKind::InvalidType, p.span, F16X2_PARAM));
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

    pub(super) fn body(&mut self, f: &'m Function, body: &'m Body) {
        // The instructions, through the template checker, with the module's
        // names declared so far in an enclosing scope.
        let Some(template) = self.module.function_template(f) else {
            return;
        };
        // The forms the instructions matched, for the rules that need to
        // know which operands are written; none when an instruction failed.
        match check(&template, &[], self.target) {
            Ok(mut checked) => {
                self.diags
                    .extend(checked.warnings.drain(..).map(in_module_terms));
                // What only the module knows: calls, lists, labels, `.loc`.
                BodyWalker::walk(self, f, body, Some(&checked.instructions));
                self.bodies.insert(f.name.text.clone(), checked);
            }
            Err(diags) => {
                self.diags.extend(diags.into_iter().map(in_module_terms));
                BodyWalker::walk(self, f, body, None);
            }
        }
    }
}

/// ptxas 13.0: "Variable 'p' cannot be allocated in .param state space".
pub(super) const F16X2_PARAM: &str = "an `.f16x2` value cannot be allocated in `.param` space: declare it `.b32` (or pass it in `.reg`)";
