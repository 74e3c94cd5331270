//! The header: `.version`, `.target` and `.address_size`.

use super::{ModuleChecker, error, targets};
use crate::module::ast::*;
use crate::{DiagnosticKind, PtxVersion, Span, Target};

impl ModuleChecker<'_> {
    pub(super) fn header(&mut self) {
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

    pub(super) fn target_directive(&mut self, t: &TargetDirective) {
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
}
