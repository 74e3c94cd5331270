//! The checker: a parsed template plus the statement's operands, against the
//! instruction table and a target. Every problem becomes a [`Diagnostic`].

mod messages;
mod modifiers;
mod operands;
mod scope;

use crate::syntax::{Instruction, Item, Template};
use crate::table::{Bound, Gate, InstructionForm, Removal, table};
use crate::{Constraint, Diagnostic, DiagnosticKind, OperandAccess, ScalarType, Span, Target};
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
    cx.scope.enter(&template.items, &mut cx.diags);
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
            Err(message) => errors.push(messages::invalid_constraint(k, &message)),
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
                    self.scope.enter(&b.items, &mut self.diags);
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
                crate::syntax::OperandKind::Name(n) => {
                    self.scope.resolve_guard(n, g.predicate.span)
                }
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
                        guard_events.push((k, OperandAccess::Read, g.predicate.span));
                    }
                }
                Ok(_) => self.diags.push(messages::guard_not_predicate(&g.predicate)),
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
    fn check_destinations(&mut self, instr: &Instruction, events: &[(usize, OperandAccess, Span)]) {
        for &(k, access, span) in events {
            let op = &self.scope.operands[k];
            if access != OperandAccess::Read && !op.constraint.is_output() {
                self.diags.push(messages::input_written(instr, k, op, span));
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
type Selected = (Bound, Vec<(usize, OperandAccess, Span)>, Vec<Diagnostic>);

/// Finds the form of `instr`'s opcode that takes its modifiers and operands.
fn select_form(instr: &Instruction, scope: &Scope) -> Result<Selected, Vec<Diagnostic>> {
    let name = &instr.opcode.name;
    let forms: Vec<&'static InstructionForm> = table().forms_of(&name.text).collect();
    if forms.is_empty() {
        return Err(vec![messages::unknown_opcode(instr)]);
    }
    let attempt = |form: &'static InstructionForm| Attempt {
        form,
        result: modifiers::bind(form, &instr.opcode.modifiers).map(|values| Bound { form, values }),
    };
    // Only forms that may take the modifiers are bound here; when none
    // fits, every form is bound below, to explain the modifiers.
    let attempts: Vec<Attempt> = forms
        .iter()
        .filter(|form| modifiers::may_bind(form, &instr.opcode.modifiers))
        .map(|&form| attempt(form))
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
            && let Err(violation) = rule(bound)
        {
            rule_failures.push(messages::rule_failed(instr, &violation));
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
        let target_diagnostic = target_problem(bound, scope.target)
            .map(|p| messages::target_diagnostic(p, bound, instr, scope.target));
        match (failed, target_diagnostic) {
            (false, None) => {
                if let Some(d) = messages::blank_in_head(instr, bound.form) {
                    return Err(vec![d]);
                }
                return Ok((bound.clone(), checker.usage, checker.diags));
            }
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
    let attempts: Vec<Attempt> = forms.into_iter().map(attempt).collect();
    Err(messages::modifier_diagnostics(instr, &attempts))
}

/// Why a form that takes the statement does not take the target.
#[derive(Clone, Copy)]
enum TargetProblem {
    /// The target is older than the form's `sm_`, or not its `a`/`f` variant.
    Sm,
    /// The module's PTX ISA version is older than the form's.
    Ptx,
    /// A modifier written needs a newer `sm_` than the target.
    GateSm(&'static Gate),
    /// A modifier written needs a newer PTX ISA version than the module's.
    GatePtx(&'static Gate),
    /// The target and version are new enough to have dropped the form.
    Removed(Removal),
}

/// The first reason, if any, that `bound`'s form is not available on `target`.
fn target_problem(bound: &Bound, target: Target) -> Option<TargetProblem> {
    let form = bound.form;
    if !target.satisfies(form.sm, form.variant) {
        return Some(TargetProblem::Sm);
    }
    if target.ptx < form.ptx {
        return Some(TargetProblem::Ptx);
    }
    for gate in form.gates.iter().filter(|g| g.applies(bound)) {
        if target.sm < gate.sm {
            return Some(TargetProblem::GateSm(gate));
        }
        if target.ptx < gate.ptx {
            return Some(TargetProblem::GatePtx(gate));
        }
    }
    if let Some(removed) = form.removed
        && target.sm >= removed.sm
        && target.ptx >= removed.ptx
    {
        return Some(TargetProblem::Removed(removed));
    }
    None
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
        .filter(|form| modifiers::may_bind(form, &instr.opcode.modifiers))
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

    // Verdicts of ptxas 13.0 for sm_90 (issue 34's differential fuzz).

    #[test]
    fn an_address_offset_is_added_never_subtracted() {
        let cons = ["=r", "r"];
        for text in ["ld.shared.u32 %0, [%1-0];", "ld.shared.u32 %0, [%1-4];"] {
            let (kind, message) = first_error(text, &cons, Target::default());
            assert_eq!(kind, DiagnosticKind::Syntax, "{text}");
            assert!(message.contains("+-"), "{message}");
        }
        for text in ["ld.shared.u32 %0, [%1+0];", "ld.shared.u32 %0, [%1+-4];"] {
            assert!(check_asm(text, &cons, Target::default()).is_ok(), "{text}");
        }
    }

    #[test]
    fn the_instruction_name_holds_no_blank_but_its_modifiers_may_follow_one() {
        let copy =
            "async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];";
        let cons = ["r", "l", "r", "r"];
        for text in [format!("cp\t.{copy}"), format!("cp.async .{}", &copy[6..])] {
            let (kind, message) = first_error(&text, &cons, Target::default());
            assert_eq!(kind, DiagnosticKind::UnknownOpcode, "{text}");
            assert!(message.contains("`cp.async.bulk` is one word"), "{message}");
        }
        let split = format!("cp.async.bulk .{}", &copy[11..]);
        assert!(check_asm(&split, &cons, Target::default()).is_ok());
        assert!(check_asm("mov .u32 %0, %1;", &["=r", "r"], Target::default()).is_ok());
        assert!(
            check_asm(
                "mul.lo .s32 %0, %1, %2;",
                &["=r", "r", "r"],
                Target::default()
            )
            .is_ok()
        );
        assert!(
            check_asm(
                "mul .lo.s32 %0, %1, %2;",
                &["=r", "r", "r"],
                Target::default()
            )
            .is_err()
        );
    }

    #[test]
    fn a_decimal_literal_must_be_a_normal_double_or_zero() {
        for value in ["1e9992", "1e309", "1e-9992", "2.2e-308"] {
            let text = format!("mov.f64 %0, {value};");
            let (kind, message) = first_error(&text, &["=d"], Target::default());
            assert_eq!(kind, DiagnosticKind::Syntax, "{text}");
            assert!(message.contains("Constant overflow"), "{message}");
        }
        for value in ["1e308", "2.3e-308", "0e9999", "1e39"] {
            let text = format!("mov.f64 %0, {value};");
            assert!(
                check_asm(&text, &["=d"], Target::default()).is_ok(),
                "{text}"
            );
        }
    }

    #[test]
    fn a_half_precision_mma_fragment_wholly_in_f32_registers_is_refused() {
        let text = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};";
        let with = |a: [&'static str; 2], b: &'static str| {
            let mut c = vec!["=f", "=f", "=f", "=f"];
            c.extend(a);
            c.push(b);
            c.extend(["f", "f", "f", "f"]);
            check_asm(text, &c, Target::default())
        };
        assert!(with(["r", "r"], "r").is_ok());
        // ptxas takes a vector when one register of it fits.
        assert!(with(["f", "r"], "r").is_ok());
        let e = with(["r", "r"], "f").unwrap_err().remove(0);
        assert_eq!(e.kind, DiagnosticKind::OperandType);
        assert!(e.message.contains("must fit .f16x2"), "{}", e.message);
        assert!(with(["f", "f"], "r").is_err());
        // Integer fragments take any 32-bit register, as ptxas does.
        let int8 = "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};";
        let cons = ["=r", "=r", "=r", "=r", "f", "f", "f", "r", "r", "r", "r"];
        assert!(check_asm(int8, &cons, Target::default()).is_ok());
    }

    #[test]
    fn a_whole_vector_special_register_moves_into_four_registers() {
        for reg in [
            "tid",
            "ntid",
            "ctaid",
            "nctaid",
            "clusterid",
            "nclusterid",
            "cluster_ctaid",
            "cluster_nctaid",
        ] {
            let text = format!("mov.v4.u32 {{%0, %1, %2, _}}, %%{reg};");
            assert!(
                check_asm(&text, &["=r", "=r", "=r"], Target::default()).is_ok(),
                "{text}"
            );
        }
        let cons = ["=r", "=r"];
        assert!(
            check_asm(
                "mov.v4.u32 {_, %0, _, %1}, %%tid;",
                &cons,
                Target::default()
            )
            .is_ok()
        );
        // Not a scalar special register, nor a vector of two or a 64-bit type.
        let (kind, message) = first_error(
            "mov.v4.u32 {%0, %1, _, _}, %%laneid;",
            &cons,
            Target::default(),
        );
        assert_eq!(kind, DiagnosticKind::OperandKind);
        assert!(
            message.contains("whole vector special register"),
            "{message}"
        );
        assert!(check_asm("mov.v2.u32 {%0, %1}, %%tid;", &cons, Target::default()).is_err());
        assert!(
            check_asm(
                "mov.v4.u64 {%0, %1, _, _}, %%tid;",
                &["=l", "=l"],
                Target::default()
            )
            .is_err()
        );
        assert!(check_asm("mov.u32 %0, %%tid;", &["=r"], Target::default()).is_err());
        // The cluster registers keep their sm_90.
        let text = "mov.v4.u32 {%0, %1, _, _}, %%clusterid;";
        assert_eq!(
            first_error(text, &cons, Target::sm(80)).0,
            DiagnosticKind::Target
        );
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
