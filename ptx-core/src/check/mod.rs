//! The checker: a parsed template plus the statement's operands, against the
//! instruction table and a target. Every problem becomes a [`Diagnostic`].

mod modifiers;
mod operands;
mod scope;

use crate::syntax::{Instruction, Item, Template};
use crate::table::{Bound, InstructionForm, SlotClass, table};
use crate::{Access, Constraint, Diagnostic, DiagnosticKind, ScalarType, Span, Target};
use modifiers::Problem;
use operands::{OperandChecker, record_usage};
use scope::{Resolved, Scope};

/// One operand of the asm statement: its constraint, its `[name]` if it has
/// one, and its value if it is an `n` constant whose value is known.
///
/// ```
/// use ptx_core::AsmOperand;
/// let op = AsmOperand::new("=r".parse().unwrap());
/// assert!(op.constraint.is_output());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AsmOperand {
    /// The constraint (`"=r"`).
    pub constraint: Constraint,
    /// The symbolic name, for `%[name]` references.
    pub name: Option<String>,
    /// The value of an `n` operand, where known.
    pub value: Option<i128>,
}

impl AsmOperand {
    /// An unnamed operand with constraint `constraint`.
    pub fn new(constraint: Constraint) -> AsmOperand {
        AsmOperand {
            constraint,
            name: None,
            value: None,
        }
    }
}

/// How the template uses one asm operand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OperandUsage {
    /// Some instruction reads it.
    pub read: bool,
    /// Some instruction writes it.
    pub written: bool,
    /// Some unguarded instruction writes it (so a `=` output always gets a value).
    pub written_unconditionally: bool,
    /// It is read before any instruction writes it (so a `=` output would be
    /// read uninitialized: it should be `+`).
    pub read_first: bool,
    /// Every place the template refers to it.
    pub spans: Vec<Span>,
}

/// One instruction of a checked template and the form it matched.
#[derive(Clone, Debug)]
pub struct CheckedInstruction {
    /// The form and its modifier values.
    pub bound: Bound,
    /// The instruction in the template text.
    pub span: Span,
}

/// A template that passed the checker.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The syntax tree.
    pub template: Template,
    /// One entry per instruction, in the order of [`Template::instructions`].
    pub instructions: Vec<CheckedInstruction>,
    /// How each asm operand is used.
    pub usage: Vec<OperandUsage>,
    /// Problems that do not stop the statement.
    pub warnings: Vec<Diagnostic>,
}

/// Checks `template` with its asm `operands` for `target`.
///
/// Returns every error and warning found (errors first in text order) when
/// there is an error; otherwise the matched forms and the warnings.
///
/// ```
/// use ptx_core::{check, parse, AsmOperand, Target};
/// let t = parse("add.f64 %0, %1, %2;").unwrap();
/// let ops: Vec<AsmOperand> = ["=d", "d", "r"].iter().map(|c| AsmOperand::new(c.parse().unwrap())).collect();
/// let errors = check(&t, &ops, Target::default()).unwrap_err();
/// assert!(errors[0].message.contains("must fit .f64"));
/// ```
pub fn check(
    template: &Template,
    operands: &[AsmOperand],
    target: Target,
) -> Result<Checked, Vec<Diagnostic>> {
    let mut cx = Context {
        scope: Scope::new(operands, target),
        diags: Vec::new(),
        instructions: Vec::new(),
        usage: vec![OperandUsage::default(); operands.len()],
    };
    cx.scope.enter(&template.items);
    cx.items(&template.items);
    cx.scope.leave();
    let (errors, warnings): (Vec<_>, Vec<_>) = cx.diags.into_iter().partition(Diagnostic::is_error);
    if errors.is_empty() {
        Ok(Checked {
            template: template.clone(),
            instructions: cx.instructions,
            usage: cx.usage,
            warnings,
        })
    } else {
        Err(errors.into_iter().chain(warnings).collect())
    }
}

/// Parses and checks `text` with operands given as constraint strings, as in
/// a CUDA `asm()` statement. `n` operands get the value 7, as the golden
/// verdict files assume.
///
/// ```
/// use ptx_core::{check_asm, Target};
/// assert!(check_asm("mul.lo.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).is_ok());
/// let errors = check_asm("mul.s32 %0, %1, %2;", &["=r", "r", "r"], Target::default()).unwrap_err();
/// assert!(errors[0].message.contains("`.lo`"));
/// ```
pub fn check_asm(
    text: &str,
    constraints: &[&str],
    target: Target,
) -> Result<Checked, Vec<Diagnostic>> {
    let mut operands = Vec::new();
    let mut errors = Vec::new();
    for (k, c) in constraints.iter().enumerate() {
        match c.parse::<Constraint>() {
            Ok(constraint) => {
                let value = (constraint.letter == crate::ConstraintLetter::N).then_some(7);
                operands.push(AsmOperand {
                    constraint,
                    name: None,
                    value,
                });
            }
            Err(message) => errors.push(Diagnostic::error(
                DiagnosticKind::InvalidConstraint,
                Span::empty(0),
                format!("operand {k}: {message}"),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let template = crate::parse(text)?;
    check(&template, &operands, target)
}

struct Context<'a> {
    scope: Scope<'a>,
    diags: Vec<Diagnostic>,
    instructions: Vec<CheckedInstruction>,
    usage: Vec<OperandUsage>,
}

impl Context<'_> {
    fn items(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Declaration(d) => self.scope.declare(d, &mut self.diags),
                Item::Block(b) => {
                    self.scope.enter(&b.items);
                    self.items(&b.items);
                    self.scope.leave();
                }
                Item::Instruction(i) => self.instruction(i),
                Item::Label(_) | Item::Pragma(_) => {}
            }
        }
    }

    fn instruction(&mut self, instr: &Instruction) {
        let mut guard_events = Vec::new();
        if let Some(g) = &instr.guard {
            let resolved = match &g.predicate.kind {
                crate::syntax::OperandKind::Name(n) => self.scope.resolve_name(n, g.predicate.span),
                crate::syntax::OperandKind::Placeholder(p) => {
                    self.scope.resolve_placeholder(p, g.predicate.span)
                }
                _ => Ok(Resolved::Label),
            };
            match resolved {
                Ok(Resolved::Register {
                    ty: ScalarType::Pred,
                    operand,
                }) => {
                    if let Some(k) = operand {
                        guard_events.push((k, Access::Read, g.predicate.span));
                    }
                }
                Ok(_) => self.diags.push(
                    Diagnostic::error(
                        DiagnosticKind::OperandType,
                        g.predicate.span,
                        format!("the guard `@{}` must be a `.pred` register", g.predicate),
                    )
                    .note("declare one with `.reg .pred p;` and set it with `setp`"),
                ),
                Err(d) => self.diags.push(d),
            }
        }
        match select_form(instr, &self.scope) {
            Ok((bound, events, warnings)) => {
                self.diags.extend(warnings);
                record_usage(&mut self.usage, &guard_events, false);
                record_usage(&mut self.usage, &events, instr.guard.is_some());
                self.check_destinations(instr, &events);
                self.instructions.push(CheckedInstruction {
                    bound,
                    span: instr.span,
                });
            }
            Err(diags) => self.diags.extend(diags),
        }
    }

    /// An input operand (no `=` or `+`) in a written position is a bug nvcc
    /// would miscompile silently: the write is lost.
    fn check_destinations(&mut self, instr: &Instruction, events: &[(usize, Access, Span)]) {
        for &(k, access, span) in events {
            let op = &self.scope.operands[k];
            if access != Access::Read && !op.constraint.is_output() {
                self.diags.push(
                    Diagnostic::error(
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
                    )),
                );
            }
        }
    }
}

/// The outcome of trying one form.
struct Attempt {
    form: &'static InstructionForm,
    result: Result<Bound, Vec<Problem>>,
}

/// The form chosen, the reads and writes of asm operands, and warnings.
type Selected = (Bound, Vec<(usize, Access, Span)>, Vec<Diagnostic>);

/// Finds the form of `instr`'s opcode that takes its modifiers and operands.
fn select_form(instr: &Instruction, scope: &Scope) -> Result<Selected, Vec<Diagnostic>> {
    let name = &instr.opcode.name;
    let forms: Vec<&'static InstructionForm> = table().forms_of(&name.text).collect();
    if forms.is_empty() {
        return Err(vec![unknown_opcode(instr)]);
    }
    let attempts: Vec<Attempt> = forms
        .iter()
        .map(|&form| Attempt {
            form,
            result: modifiers::bind(form, &instr.opcode.modifiers)
                .map(|values| Bound { form, values }),
        })
        .collect();
    let mut operand_failures: Vec<Vec<Diagnostic>> = Vec::new();
    let mut rule_failures: Vec<Diagnostic> = Vec::new();
    let mut target_failures: Vec<Diagnostic> = Vec::new();
    // Forms that are wrong for the target and whose operands are wrong too:
    // as ptxas does, the target is the problem when no form fits the target.
    let mut target_and_operand_failures: Vec<Diagnostic> = Vec::new();
    for attempt in &attempts {
        let Ok(bound) = &attempt.result else { continue };
        if let Some(rule) = bound.form.rule
            && let Err(message) = rule(bound)
        {
            rule_failures.push(Diagnostic::error(
                DiagnosticKind::IllegalModifier,
                instr.opcode.span,
                format!("`{}`: {message}", instr.opcode.text()),
            ));
            continue;
        }
        let mut checker = OperandChecker {
            scope,
            bound,
            instr,
            diags: Vec::new(),
            usage: Vec::new(),
        };
        checker.run();
        let failed = checker.diags.iter().any(Diagnostic::is_error);
        match (failed, target_problem(bound, instr, scope.target)) {
            (false, None) => return Ok((bound.clone(), checker.usage, checker.diags)),
            (false, Some(d)) => target_failures.push(d),
            (true, None) => operand_failures.push(checker.diags),
            (true, Some(d)) => target_and_operand_failures.push(d),
        }
    }
    if let Some(d) = target_failures.into_iter().next() {
        return Err(vec![d]);
    }
    // The closest form: one whose operand count fits, then the fewest problems.
    let wrong_count =
        |d: &Vec<Diagnostic>| d.iter().any(|x| x.kind == DiagnosticKind::OperandCount);
    if let Some(best) = operand_failures
        .into_iter()
        .min_by_key(|d| (wrong_count(d), d.len()))
    {
        return Err(best);
    }
    if let Some(d) = target_and_operand_failures.into_iter().next() {
        return Err(vec![d]);
    }
    if let Some(d) = rule_failures.into_iter().next() {
        return Err(vec![d]);
    }
    Err(modifier_diagnostics(instr, &attempts))
}

fn target_problem(bound: &Bound, instr: &Instruction, target: Target) -> Option<Diagnostic> {
    let form = bound.form;
    let text = instr.opcode.text();
    let suffix = match form.variant {
        crate::TargetVariant::Base => "",
        crate::TargetVariant::Family => "f",
        crate::TargetVariant::ArchSpecific => "a",
    };
    if !target.satisfies(form.sm, form.variant) {
        let newer = if form.variant == crate::TargetVariant::Base {
            " or newer"
        } else {
            ""
        };
        return Some(Diagnostic::error(
            DiagnosticKind::Target,
            instr.opcode.span,
            format!(
                "`{text}` needs sm_{}{suffix}{newer}; the target is {target}",
                form.sm
            ),
        ));
    }
    if target.ptx < form.ptx {
        return Some(Diagnostic::error(
            DiagnosticKind::Target,
            instr.opcode.span,
            format!(
                "`{text}` needs PTX ISA {} or newer; the module is PTX ISA {}",
                form.ptx, target.ptx
            ),
        ));
    }
    for gate in form.gates.iter().filter(|g| g.applies(bound)) {
        let span = instr
            .opcode
            .modifiers
            .iter()
            .find(|w| w.text == gate.value)
            .map_or(instr.opcode.span, |w| w.span);
        let message = if target.sm < gate.sm {
            format!(
                "{} in `{text}` needs sm_{} or newer; the target is {target}",
                gate.name(),
                gate.sm
            )
        } else if target.ptx < gate.ptx {
            format!(
                "{} in `{text}` needs PTX ISA {} or newer; the module is PTX ISA {}",
                gate.name(),
                gate.ptx,
                target.ptx
            )
        } else {
            continue;
        };
        return Some(Diagnostic::error(DiagnosticKind::Target, span, message));
    }
    if let Some(removed) = form.removed
        && target.sm >= removed.sm
        && target.ptx >= removed.ptx
    {
        return Some(Diagnostic::error(
            DiagnosticKind::Target,
            instr.opcode.span,
            format!(
                "`{text}` is not supported on sm_{} or newer from PTX ISA {} on; the target is {target}",
                removed.sm, removed.ptx
            ),
        ));
    }
    None
}

fn unknown_opcode(instr: &Instruction) -> Diagnostic {
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
fn modifier_diagnostics(instr: &Instruction, attempts: &[Attempt]) -> Vec<Diagnostic> {
    let opcode = &instr.opcode;
    let text = opcode.text();
    let written = &opcode.modifiers;
    let known_anywhere = |w: &str| {
        attempts.iter().any(|a| {
            a.form.head.iter().any(|h| h == w)
                || a.form.slots.iter().any(|s| {
                    s.values
                        .iter()
                        .any(|v| v == w || v.split('.').any(|p| p == w))
                })
        })
    };
    // Modifiers no form of the opcode knows: report those alone.
    let mut diags = Vec::new();
    for w in written {
        if known_anywhere(&w.text) {
            continue;
        }
        let all_values = attempts.iter().flat_map(|a| {
            a.form
                .slots
                .iter()
                .flat_map(|s| s.values.iter().map(String::as_str))
                .chain(a.form.head.iter().map(String::as_str))
        });
        let hint = crate::diag::closest(&w.text, all_values);
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

fn quoted_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("`{s}`")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} or {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

fn slot_values(form: &InstructionForm, slot: usize) -> Vec<String> {
    form.slots[slot]
        .values
        .iter()
        .map(|v| format!(".{v}"))
        .collect()
}

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
            Diagnostic::error(
                kind,
                w.span,
                format!("`{text}` does not take {what} `.{}` here", w.text),
            )
            .note(format!(
                "{} must be one of {}",
                slot_name(slot),
                quoted_list(&slot_values(form, slot))
            ))
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

/// The forms of `instr`'s opcode whose modifiers fit what is written, bound,
/// before any operand is looked at. The macro's token form uses this to
/// infer each Rust operand's constraint from the form's operand types.
///
/// ```
/// use ptx_core::{candidate_forms, parse};
/// let t = parse("add.s32 c, a, b;").unwrap();
/// let forms = candidate_forms(t.instructions()[0]);
/// assert_eq!(forms[0].types(), [ptx_core::ScalarType::S32]);
/// ```
pub fn candidate_forms(instr: &Instruction) -> Vec<Bound> {
    table()
        .forms_of(&instr.opcode.name.text)
        .filter_map(|form| {
            modifiers::bind(form, &instr.opcode.modifiers)
                .ok()
                .map(|values| Bound { form, values })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::{DiagnosticKind, PtxVersion, Target, check_asm};

    fn first_error(text: &str, cons: &[&str], target: Target) -> (DiagnosticKind, String) {
        let e = check_asm(text, cons, target).unwrap_err().remove(0);
        (e.kind, e.message)
    }

    #[test]
    fn a_gated_modifier_needs_its_own_target() {
        let text = "ld.global.L2::cache_hint.u32 %0, [%1], %2;";
        let cons = ["=r", "l", "l"];
        assert!(check_asm(text, &cons, "sm_80".parse().unwrap()).is_ok());
        let (kind, message) = first_error(text, &cons, "sm_75".parse().unwrap());
        assert_eq!(kind, DiagnosticKind::Target);
        assert!(message.contains("`.L2::cache_hint`") && message.contains("sm_80"));
        let old = Target {
            ptx: PtxVersion::new(7, 3),
            ..Target::default()
        };
        assert!(first_error(text, &cons, old).1.contains("PTX ISA 7.4"));
    }

    #[test]
    fn a_removed_form_is_gone_on_newer_targets() {
        let text = "shfl.up.b32 %0, %1, 1, 0;";
        let pascal = Target {
            ptx: PtxVersion::new(6, 0),
            ..Target::sm(60)
        };
        assert!(check_asm(text, &["=r", "r"], pascal).is_ok());
        let (kind, message) = first_error(text, &["=r", "r"], Target::default());
        assert_eq!(kind, DiagnosticKind::Target);
        assert!(message.contains("not supported on sm_70"));
    }
}
