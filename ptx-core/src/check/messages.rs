//! The checker's words: every diagnostic about an instruction that no form
//! takes, and which form to explain it with. `select_form` (in the module
//! above) decides what is wrong; this module says it, as ptxas would and
//! with what to write instead.

use super::modifiers::Problem;
use super::{Attempt, TargetProblem};
use crate::syntax::{Instruction, Operand};
use crate::table::{Bound, InstructionForm, SlotClass, table};
use crate::{
    AsmOperand, ConstraintError, Diagnostic, DiagnosticKind, RuleViolation, ScalarType, Span,
    Target, TargetVariant,
};

/// Constraint `k` of a `check_asm` call does not parse.
pub(super) fn invalid_constraint(k: usize, error: &ConstraintError) -> Diagnostic {
    Diagnostic::error(
        DiagnosticKind::InvalidConstraint,
        Span::empty(0),
        format!("operand {k}: {error}"),
    )
}

/// The guard `@p` names something other than a `.pred` register.
pub(super) fn guard_not_predicate(predicate: &Operand) -> Diagnostic {
    Diagnostic::error(
        DiagnosticKind::OperandType,
        predicate.span,
        format!("the guard `@{predicate}` must be a `.pred` register"),
    )
    .note("declare one with `.reg .pred p;` and set it with `setp`")
}

/// `instr` writes operand `k`, which is an input: a warning, since nvcc
/// and ptxas take it (the compiler then assumes a value that changed).
pub(super) fn input_written(
    instr: &Instruction,
    k: usize,
    op: &AsmOperand,
    span: Span,
) -> Diagnostic {
    Diagnostic::warning(
        DiagnosticKind::OperandKind,
        span,
        format!(
            "`{}` writes operand {k}, which is an input (constraint \"{}\")",
            instr.opcode.text(),
            op.constraint
        ),
    )
    .note(format!(
        "make it an output with \"={}\", or \"+{}\" if it is also read",
        op.constraint.letter.as_char(),
        op.constraint.letter.as_char()
    ))
}

/// A rule between the form's modifiers refused them, saying why in `violation`.
pub(super) fn rule_failed(instr: &Instruction, violation: &RuleViolation) -> Diagnostic {
    Diagnostic::error(
        DiagnosticKind::IllegalModifier,
        instr.opcode.span,
        format!("`{}`: {violation}", instr.opcode.text()),
    )
}

/// The form `bound` fits the statement but not `target`.
/// A blank inside the instruction's name: ptxas 13.0 reads a name and the
/// modifiers that must follow it directly (`cp.async.bulk`, `mul.lo`,
/// `mbarrier.arrive`, the head of a form) as one word, so `cp .async.bulk`
/// is the unknown instruction `cp`. Blanks before the other modifiers are
/// fine (`mov .u32`, `cp.async.bulk .shared::cluster`).
pub(super) fn blank_in_head(instr: &Instruction, form: &InstructionForm) -> Option<Diagnostic> {
    let opcode = &instr.opcode;
    let mut end = opcode.name.span.end;
    for word in opcode.modifiers.iter().take(form.head.len()) {
        if word.span.start != end {
            let name = std::iter::once(opcode.name.text.as_str())
                .chain(form.head.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(".");
            return Some(Diagnostic::error(
                DiagnosticKind::UnknownOpcode,
                Span::new(end, word.span.end),
                format!(
                    "`{name}` is one word, the instruction's name: remove the blank before `.{}` (ptxas reads a blank or comment there as the end of the name)",
                    word.text
                ),
            ));
        }
        end = word.span.end;
    }
    None
}

pub(super) fn target_diagnostic(
    problem: TargetProblem,
    bound: &Bound,
    instr: &Instruction,
    target: Target,
) -> Diagnostic {
    let form = bound.form;
    let text = instr.opcode.text();
    let suffix = match form.variant {
        TargetVariant::Base => "",
        TargetVariant::Family => "f",
        TargetVariant::ArchSpecific => "a",
    };
    match problem {
        TargetProblem::Sm => {
            let newer = if form.variant == TargetVariant::Base {
                " or newer"
            } else {
                ""
            };
            Diagnostic::error(
                DiagnosticKind::Target,
                instr.opcode.span,
                format!(
                    "`{text}` needs sm_{}{suffix}{newer}; the target is {target}",
                    form.sm
                ),
            )
        }
        TargetProblem::Ptx => Diagnostic::error(
            DiagnosticKind::Target,
            instr.opcode.span,
            format!(
                "`{text}` needs PTX ISA {} or newer; the module is PTX ISA {}",
                form.ptx, target.ptx
            ),
        ),
        TargetProblem::GateSm(gate) | TargetProblem::GatePtx(gate) => {
            let span = instr
                .opcode
                .modifiers
                .iter()
                .find(|w| w.text == gate.value)
                .map_or(instr.opcode.span, |w| w.span);
            let message = if let TargetProblem::GateSm(_) = problem {
                format!(
                    "{} in `{text}` needs sm_{} or newer; the target is {target}",
                    gate.name(),
                    gate.sm
                )
            } else {
                format!(
                    "{} in `{text}` needs PTX ISA {} or newer; the module is PTX ISA {}",
                    gate.name(),
                    gate.ptx,
                    target.ptx
                )
            };
            Diagnostic::error(DiagnosticKind::Target, span, message)
        }
        TargetProblem::Removed(removed) => Diagnostic::error(
            DiagnosticKind::Target,
            instr.opcode.span,
            format!(
                "`{text}` is not supported on sm_{} or newer from PTX ISA {} on; the target is {target}",
                removed.sm, removed.ptx
            ),
        ),
    }
}

/// No form has the opcode: say so, with the name probably meant.
pub(super) fn unknown_opcode(instr: &Instruction) -> Diagnostic {
    let name = &instr.opcode.name;
    let mut d = Diagnostic::error(
        DiagnosticKind::UnknownOpcode,
        name.span,
        format!("unknown instruction `{}`", name.text),
    );
    let aliases: &[(&str, &str)] = &[
        ("shuffle", "shfl"),
        ("fmad", "fma"),
        ("mult", "mul"),
        ("load", "ld"),
        ("store", "st"),
        ("move", "mov"),
    ];
    let alias = aliases
        .iter()
        .find(|(a, _)| *a == name.text)
        .map(|(_, b)| *b);
    if let Some(c) = alias.or_else(|| crate::diag::closest(&name.text, table().opcodes())) {
        d = d.note(format!("did you mean `{c}`?")).suggest(name.span, c);
    }
    d
}

/// Whether a word looks like a type suffix (`s33`, `f17`), for "unknown type" messages.
fn looks_like_type(word: &str) -> bool {
    let letters = word.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    matches!(letters, "s" | "u" | "b" | "f" | "bf" | "e" | "tf") && word.len() > letters.len()
}

/// The diagnostics for modifiers that no form takes, from the most plausible form.
pub(super) fn modifier_diagnostics(instr: &Instruction, attempts: &[Attempt]) -> Vec<Diagnostic> {
    let opcode = &instr.opcode;
    let text = opcode.text();
    let written = &opcode.modifiers;
    let known_anywhere = |w: &str| {
        attempts
            .iter()
            .any(|a| a.form.head.iter().any(|h| h == w) || a.form.knows_word(w))
    };
    // Modifiers no form of the opcode knows: report those alone. What any
    // form takes, each once in the order the forms give them (an opcode
    // such as `tcgen05` has hundreds of forms sharing their values),
    // gathered for the first such modifier.
    let mut diags = Vec::new();
    let mut all_values: Option<Vec<&str>> = None;
    for w in written {
        if known_anywhere(&w.text) {
            continue;
        }
        let all_values = all_values.get_or_insert_with(|| {
            let mut seen = std::collections::HashSet::new();
            attempts
                .iter()
                .flat_map(|a| {
                    a.form
                        .slots
                        .iter()
                        .flat_map(|s| s.values.iter().map(String::as_str))
                        .chain(a.form.head.iter().map(String::as_str))
                })
                .filter(|v| seen.insert(*v))
                .collect()
        });
        let hint = crate::diag::closest(&w.text, all_values.iter().copied());
        let mut d = if looks_like_type(&w.text) && ScalarType::from_name(&w.text).is_none() {
            Diagnostic::error(
                DiagnosticKind::InvalidType,
                w.span,
                format!("unknown type `.{}` in `{text}`", w.text),
            )
        } else if ScalarType::from_name(&w.text).is_some() {
            Diagnostic::error(
                DiagnosticKind::InvalidType,
                w.span,
                format!("`{}` does not take type `.{}`", opcode.name.text, w.text),
            )
        } else if crate::StateSpace::from_name(&w.text).is_some() {
            Diagnostic::error(
                DiagnosticKind::StateSpace,
                w.span,
                format!(
                    "`{}` does not work on state space `.{}`",
                    opcode.name.text, w.text
                ),
            )
        } else {
            Diagnostic::error(
                DiagnosticKind::UnknownModifier,
                w.span,
                format!("`{}` takes no modifier `.{}`", opcode.name.text, w.text),
            )
        };
        if let Some(h) = hint {
            d = d
                .note(format!("did you mean `.{h}`?"))
                .suggest(w.span, format!(".{h}"));
        }
        diags.push(d);
    }
    if !diags.is_empty() {
        return diags;
    }
    // Otherwise explain the closest form: heads that match first, then fewest problems.
    let best = attempts
        .iter()
        .filter_map(|a| a.result.as_ref().err().map(|p| (a.form, p)))
        .min_by_key(|(f, p)| {
            // A form that takes the written type, then one with a place for
            // every word written, explains best.
            let unknown = p
                .iter()
                .filter(|p| matches!(p, Problem::Unknown { .. }))
                .count();
            (
                rejects_written_type(f, p),
                p.contains(&Problem::Head),
                unknown,
                problem_weight(f, p),
                f.id,
            )
        });
    let Some((form, problems)) = best else {
        return diags;
    };
    if problems.contains(&Problem::Head) {
        return vec![head_diagnostic(instr, attempts)];
    }
    if let Some(d) = missing_type_diagnostic(instr, attempts, form, problems) {
        return vec![d];
    }
    for p in problems {
        diags.push(problem_diagnostic(instr, form, p));
    }
    diags
}

/// When the closest form lacks only its type (`add %0, %1, %2;`), one error
/// listing the types of every form of the opcode that lacks only a type.
fn missing_type_diagnostic(
    instr: &Instruction,
    attempts: &[Attempt],
    form: &InstructionForm,
    problems: &[Problem],
) -> Option<Diagnostic> {
    let only_type_missing = |form: &InstructionForm, problems: &[Problem]| {
        !problems.is_empty()
            && problems.iter().all(|p| {
                matches!(p, Problem::Missing { slot } if form.slots[*slot].class == SlotClass::Type)
            })
    };
    if !only_type_missing(form, problems) {
        return None;
    }
    let mut types: Vec<String> = Vec::new();
    for a in attempts {
        let Err(ps) = &a.result else { continue };
        if !only_type_missing(a.form, ps) {
            continue;
        }
        if let Some(Problem::Missing { slot }) = ps.first() {
            for v in &a.form.slots[*slot].values {
                if !types.contains(v) {
                    types.push(v.clone());
                }
            }
        }
    }
    let opcode = &instr.opcode;
    let shown: Vec<String> = types.iter().map(|t| format!("`.{t}`")).collect();
    Some(
        Diagnostic::error(
            DiagnosticKind::MissingModifier,
            opcode.span,
            format!(
                "`{}` needs a type: one of {}",
                opcode.text(),
                shown.join(", ")
            ),
        )
        .note(format!("as in `{}.{}`", opcode.text(), types.first()?)),
    )
}

/// How far a form is from what was written: a rejected type weighs more than
/// a modifier the form lacks, since the type decides which form was meant.
fn problem_weight(form: &InstructionForm, problems: &[Problem]) -> usize {
    problems
        .iter()
        .map(|p| match p {
            Problem::Rejected { slot, .. } if form.slots[*slot].class == SlotClass::Type => 3,
            Problem::Extra { .. } => 3,
            Problem::Head => 4,
            Problem::Conflict { .. } => 1,
            _ => 2,
        })
        .sum()
}

/// Whether the form refuses one of the types written: such a form is the
/// least likely to be the one meant (`mul.s32` is a `mul.lo` missing its
/// mode, not a misspelt `mul.f32`).
fn rejects_written_type(form: &InstructionForm, problems: &[Problem]) -> bool {
    problems.iter().any(|p| match *p {
        Problem::Rejected { slot, .. } => form.slots[slot].class == SlotClass::Type,
        Problem::Extra { .. } => true,
        _ => false,
    })
}

/// None of the forms' heads fits: say which heads the instruction has.
fn head_diagnostic(instr: &Instruction, attempts: &[Attempt]) -> Diagnostic {
    let opcode = &instr.opcode;
    let written = &opcode.modifiers;
    let mut heads: Vec<String> = attempts
        .iter()
        .filter(|a| !a.form.head.is_empty())
        .map(|a| format!(".{}", a.form.head.join(".")))
        .collect();
    heads.dedup();
    heads.sort();
    heads.dedup();
    let misplaced = written.iter().position(|w| {
        attempts
            .iter()
            .any(|a| a.form.head.first() == Some(&w.text))
    });
    let name = &opcode.name.text;
    match misplaced {
        Some(i) => {
            let w = &written[i];
            Diagnostic::error(
                DiagnosticKind::IllegalModifier,
                w.span,
                format!(
                    "`.{}` must come directly after `{name}` in `{}`",
                    w.text,
                    opcode.text()
                ),
            )
            .note(format!(
                "write `{name}.{}` followed by the other modifiers",
                w.text
            ))
        }
        None => Diagnostic::error(
            DiagnosticKind::MissingModifier,
            opcode.span,
            format!(
                "`{}` needs one of {} directly after `{name}`",
                opcode.text(),
                quoted_list(&heads)
            ),
        ),
    }
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
fn quoted_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("`{s}`")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} or {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

/// The values slot `slot` of `form` takes, with their dots.
fn slot_values(form: &InstructionForm, slot: usize) -> Vec<String> {
    form.slots[slot]
        .values
        .iter()
        .map(|v| format!(".{v}"))
        .collect()
}

/// The error for one reason the closest form does not take the modifiers.
fn problem_diagnostic(
    instr: &Instruction,
    form: &InstructionForm,
    problem: &Problem,
) -> Diagnostic {
    let opcode = &instr.opcode;
    let text = opcode.text();
    let written = &opcode.modifiers;
    let slot_name = |k: usize| {
        let s = &form.slots[k];
        if s.is_group {
            format!("`.{}`", s.name)
        } else {
            format!("`.{}`", s.values[0])
        }
    };
    match *problem {
        Problem::Head => head_diagnostic(instr, &[]),
        Problem::Unknown { index } => {
            let w = &written[index];
            if crate::StateSpace::from_name(&w.text).is_some() {
                let spaces: Vec<String> = form
                    .slots
                    .iter()
                    .flat_map(|s| &s.values)
                    .filter(|v| crate::StateSpace::from_name(v).is_some())
                    .map(|v| format!(".{v}"))
                    .collect();
                let mut d = Diagnostic::error(
                    DiagnosticKind::StateSpace,
                    w.span,
                    format!(
                        "`{}` does not take state space `.{}`",
                        form.head_text(),
                        w.text
                    ),
                );
                if !spaces.is_empty() {
                    d = d.note(format!("it takes {}", quoted_list(&spaces)));
                }
                return d;
            }
            Diagnostic::error(
                DiagnosticKind::IllegalModifier,
                w.span,
                format!("`.{}` is not allowed in `{text}`", w.text),
            )
            .note(format!("the closest form is `{}`", form.isa_syntax()))
        }
        Problem::Conflict { index, slot } => {
            let w = &written[index];
            Diagnostic::error(
                DiagnosticKind::ConflictingModifiers,
                w.span,
                format!(
                    "`.{}` conflicts with another {} modifier in `{text}`",
                    w.text,
                    slot_name(slot)
                ),
            )
            .note(format!(
                "choose one of {}",
                quoted_list(&slot_values(form, slot))
            ))
        }
        Problem::Repeated { index } => {
            let w = &written[index];
            Diagnostic::error(
                DiagnosticKind::ConflictingModifiers,
                w.span,
                format!("`.{}` is written twice in `{text}`", w.text),
            )
            .note(if form.no_repeats {
                format!("`{}` takes each modifier once", opcode.name.text)
            } else {
                "a state space, `.aligned`, `.sc`, `.alias`, a rounding mode, `.ftz`, `.trans`, `.clamp`/`.wrap` or a comparison may be written once only".to_string()
            })
        }
        Problem::Missing { slot } => {
            let s = &form.slots[slot];
            let what = if s.class == SlotClass::Type {
                "a type"
            } else if s.is_group {
                "a modifier"
            } else {
                "the modifier"
            };
            Diagnostic::error(
                DiagnosticKind::MissingModifier,
                opcode.span,
                format!(
                    "`{text}` needs {what} {}: one of {}",
                    slot_name(slot),
                    quoted_list(&slot_values(form, slot))
                ),
            )
            .note(format!("the form is `{}`", form.isa_syntax()))
        }
        Problem::Rejected { index, slot } => {
            let w = &written[index];
            let s = &form.slots[slot];
            let kind = if s.class == SlotClass::Type {
                DiagnosticKind::InvalidType
            } else {
                DiagnosticKind::IllegalModifier
            };
            let what = if s.class == SlotClass::Type {
                "type"
            } else {
                "modifier"
            };
            let d = Diagnostic::error(
                kind,
                w.span,
                format!("`{text}` does not take {what} `.{}` here", w.text),
            );
            if s.is_group || s.values.len() > 1 {
                d.note(format!(
                    "{} must be one of {}",
                    slot_name(slot),
                    quoted_list(&slot_values(form, slot))
                ))
            } else {
                // A fixed word of the form (mma's `.row` before `.col`).
                d.note(format!(
                    "the form has `.{}` here: `{}`",
                    s.values[0],
                    form.isa_syntax()
                ))
            }
        }
        Problem::Extra { index } => {
            let w = &written[index];
            Diagnostic::error(
                DiagnosticKind::InvalidType,
                w.span,
                format!("`{text}` has one type too many: `.{}`", w.text),
            )
            .note(format!("the form is `{}`", form.isa_syntax()))
        }
    }
}
