//! One test per diagnostic class: the statement, the kind reported, where it
//! points and what the message says. Expected verdicts follow the PTX ISA and
//! what ptxas (CUDA 13.0) does with the same statement.

use ptx_core::{DiagnosticKind, Target, check_asm};

/// The errors for `text` with `cons`, for sm_90.
fn errors(text: &str, cons: &[&str]) -> Vec<ptx_core::Diagnostic> {
    match check_asm(text, cons, Target::default()) {
        Ok(_) => panic!("`{text}` was accepted"),
        Err(d) => d.into_iter().filter(|d| d.is_error()).collect(),
    }
}

/// Asserts the first error's kind, the text it points at, and a part of its message.
fn expect(text: &str, cons: &[&str], kind: DiagnosticKind, at: &str, says: &str) {
    let e = errors(text, cons);
    let first = &e[0];
    assert_eq!(first.kind, kind, "{text}: {e:?}");
    assert_eq!(&text[first.span.range()], at, "{text}: {first:?}");
    assert!(
        first.message.contains(says),
        "{text}: message `{}` lacks `{says}`",
        first.message
    );
}

fn accepts(text: &str, cons: &[&str]) {
    if let Err(e) = check_asm(text, cons, Target::default()) {
        panic!("`{text}` rejected: {e:?}");
    }
}

#[test]
fn syntax_error_names_what_was_expected() {
    expect(
        "add.s32 %0, %1 %2;",
        &["=r", "r", "r"],
        DiagnosticKind::Syntax,
        "%2",
        "expected `,` or `;`",
    );
    expect(
        "add.s32 %0, %1, %2",
        &["=r", "r", "r"],
        DiagnosticKind::Syntax,
        "",
        "expected `;`",
    );
}

#[test]
fn unknown_opcode_suggests_the_closest_instruction() {
    let e = errors("mull.lo.s32 %0, %1, %2;", &["=r", "r", "r"]);
    assert_eq!(e[0].kind, DiagnosticKind::UnknownOpcode);
    assert_eq!(e[0].suggestion.as_ref().unwrap().replacement, "mul");
    let e = errors("shuffle.sync.idx.b32 %0, %1, 0, 31, -1;", &["=r", "r"]);
    assert_eq!(e[0].suggestion.as_ref().unwrap().replacement, "shfl");
}

#[test]
fn unknown_type_suggests_the_closest_type() {
    let e = errors("add.s33 %0, %1, %2;", &["=r", "r", "r"]);
    assert_eq!(e[0].kind, DiagnosticKind::InvalidType);
    assert!(e[0].message.contains("`.s33`"), "{e:?}");
    assert_eq!(e[0].suggestion.as_ref().unwrap().replacement, ".s32");
}

#[test]
fn unknown_modifier_is_pointed_at() {
    expect(
        "add.fast.s32 %0, %1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::UnknownModifier,
        ".fast",
        "no modifier `.fast`",
    );
}

#[test]
fn modifier_of_another_form_is_illegal_here() {
    // `.sat` exists for add.s32 only (PTX ISA: add{.sat}.s32).
    expect(
        "add.sat.u32 %0, %1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::IllegalModifier,
        ".sat",
        "`.sat`",
    );
}

#[test]
fn mode_after_the_type_is_rejected_as_ptxas_does() {
    // ptxas: "Unexpected instruction types specified for 'mul'" for mul.s32.lo.
    expect(
        "mul.s32.lo %0, %1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::IllegalModifier,
        ".lo",
        "directly after `mul`",
    );
}

#[test]
fn missing_mode_lists_the_choices() {
    expect(
        "mul.s32 %0, %1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::MissingModifier,
        "mul.s32",
        "`.lo`",
    );
}

#[test]
fn missing_type_is_reported() {
    expect(
        "add %0, %1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::MissingModifier,
        "add",
        "type",
    );
}

#[test]
fn conflicting_modes_are_reported() {
    expect(
        "bmsk.clamp.wrap.b32 %0, %1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::ConflictingModifiers,
        ".wrap",
        "conflicts",
    );
}

#[test]
fn modifiers_may_come_in_any_order_and_repeat_as_in_ptxas() {
    accepts("add.s32.sat %0, %1, %2;", &["=r", "r", "r"]);
    accepts("add.sat.sat.s32 %0, %1, %2;", &["=r", "r", "r"]);
    accepts("bfind.u32.shiftamt %0, %1;", &["=r", "r"]);
}

#[test]
fn operand_count_names_the_operands() {
    expect(
        "add.s32 %0, %1;",
        &["=r", "r"],
        DiagnosticKind::OperandCount,
        "add.s32 %0, %1;",
        "takes 3 operands (d, a, b), found 2",
    );
    expect(
        "add.s32 %0, %1, %2, %3;",
        &["=r", "r", "r", "r"],
        DiagnosticKind::OperandCount,
        "%3",
        "found 4",
    );
}

#[test]
fn register_of_the_wrong_size_names_the_constraint() {
    expect(
        "add.s32 %0, %1, %2;",
        &["=r", "l", "r"],
        DiagnosticKind::OperandType,
        "%1",
        "constraint \"l\"",
    );
    let e = errors("add.s32 %0, %1, %2;", &["=r", "l", "r"]);
    assert!(e[0].notes.iter().any(|n| n.contains("\"r\"")), "{e:?}");
}

#[test]
fn float_register_does_not_fit_an_integer_instruction() {
    // PTX ISA: floating-point types must match exactly; .f32 is no .s32.
    expect(
        "max.s32 %0, %1, %2;",
        &["=r", "r", "f"],
        DiagnosticKind::OperandType,
        "%2",
        ".f32 register",
    );
}

#[test]
fn immediate_in_a_destination_is_an_operand_kind_error() {
    expect(
        "add.s32 5, %0, %1;",
        &["r", "r"],
        DiagnosticKind::OperandKind,
        "5",
        "written",
    );
}

#[test]
fn input_operand_written_by_the_template_is_a_warning() {
    // nvcc and ptxas take it (nvcc never reads the template); the compiler
    // then assumes a value that changed, so it is worth a warning.
    let text = "add.s32 %0, %1, %2;";
    let checked = check_asm(text, &["r", "r", "r"], Target::default()).unwrap();
    let w = &checked.warnings[0];
    assert_eq!(w.kind, DiagnosticKind::OperandKind);
    assert_eq!(&text[w.span.range()], "%0");
    assert!(w.message.contains("which is an input"), "{}", w.message);
}

#[test]
fn immediate_out_of_the_type_range_is_a_warning_as_ptxas_truncates_it() {
    // ptxas accepts `add.s16 r, r, 70000` and keeps the low 16 bits, so the
    // checker accepts it too, with a warning (as `ptx!` does).
    let text = "add.s16 %0, %1, 70000;";
    let checked = check_asm(text, &["=h", "h"], Target::default()).unwrap();
    let w = &checked.warnings[0];
    assert_eq!(w.kind, DiagnosticKind::ImmediateRange);
    assert_eq!(&text[w.span.range()], "70000");
    assert!(w.message.contains("16 bits"), "{}", w.message);
}

#[test]
fn immediate_outside_an_operand_range_is_an_error() {
    // PTX ISA: barrier ids are 0..15.
    expect(
        "bar.sync 16;",
        &[],
        DiagnosticKind::ImmediateRange,
        "16",
        "0..=15",
    );
}

#[test]
fn undefined_register_is_reported_with_a_hint() {
    expect(
        "{ .reg .b32 tmp; add.s32 tpm, %0, 1; }",
        &["r"],
        DiagnosticKind::UndefinedName,
        "tpm",
        "not declared",
    );
    let e = errors("{ .reg .b32 tmp; add.s32 tpm, %0, 1; }", &["r"]);
    assert!(e[0].notes.iter().any(|n| n.contains("`tmp`")));
}

#[test]
fn declared_registers_are_scoped_to_their_block() {
    accepts(
        "{ .reg .b32 t<2>; add.s32 t1, %1, 1; mov.b32 %0, t1; }",
        &["=r", "r"],
    );
    expect(
        "{ .reg .b32 t<2>; } add.s32 %0, t1, 1;",
        &["=r"],
        DiagnosticKind::UndefinedName,
        "t1",
        "not declared",
    );
    expect(
        "{ .reg .b32 t<2>; add.s32 %0, t2, 1; }",
        &["=r"],
        DiagnosticKind::UndefinedName,
        "t2",
        "not declared",
    );
}

#[test]
fn duplicate_declaration_in_one_scope() {
    expect(
        "{ .reg .b32 t; .reg .b32 t; }",
        &[],
        DiagnosticKind::DuplicateDeclaration,
        "t",
        "declared twice",
    );
}

#[test]
fn placeholder_beyond_the_operands() {
    expect(
        "add.s32 %0, %1, %3;",
        &["=r", "r", "r"],
        DiagnosticKind::UnboundPlaceholder,
        "%3",
        "%0 to %2",
    );
}

#[test]
fn invalid_constraint_is_reported() {
    let e = errors("add.s32 %0, %1, %2;", &["=r", "rf", "r"]);
    assert_eq!(e[0].kind, DiagnosticKind::InvalidConstraint);
    assert!(e[0].message.contains("one constraint letter"));
}

#[test]
fn newer_instruction_needs_a_newer_target() {
    // PTX ISA: add.u16x2 needs sm_90.
    let e = check_asm("add.u16x2 %0, %1, %2;", &["=r", "r", "r"], Target::sm(80)).unwrap_err();
    assert_eq!(e[0].kind, DiagnosticKind::Target);
    assert!(e[0].message.contains("sm_90"), "{e:?}");
    accepts("add.u16x2 %0, %1, %2;", &["=r", "r", "r"]);
}

#[test]
fn declaration_without_a_state_space_is_a_directive_error() {
    let e = errors(".b32 t;", &[]);
    assert!(e[0].message.contains("state space"), "{e:?}");
}

#[test]
fn guard_must_be_a_predicate() {
    expect(
        "@%1 add.s32 %0, %0, 1;",
        &["+r", "r"],
        DiagnosticKind::OperandType,
        "%1",
        ".pred",
    );
}

#[test]
fn diagnostics_render_with_a_caret_line() {
    let text = "add.s32 %0, %1, %2;";
    let e = errors(text, &["=r", "l", "r"]);
    let shown = e[0].render(text);
    assert!(
        shown.contains("add.s32 %0, %1, %2;\n            ^^"),
        "{shown}"
    );
}

/// PTX vector registers (`.reg .v2 .b32 v;`) are used one component at a
/// time; a `.v2` register has `.x` and `.y` only (PTX ISA 5.2.4 "Vectors").
#[test]
fn vector_registers_take_their_components_only() {
    accepts(
        "{ .reg .v2 .b32 v; mov.b32 v.x, %1; mov.b32 v.y, %2; add.u32 %0, v.x, v.y; }",
        &["=r", "r", "r"],
    );
    expect(
        "{ .reg .v2 .b32 v; mov.b32 v.z, %1; mov.b32 %0, v.x; }",
        &["=r", "r"],
        DiagnosticKind::UndefinedName,
        "v.z",
        "its components are `.x`, `.y`",
    );
    expect(
        "{ .reg .v2 .b32 v; mov.b32 v, %1; mov.b32 %0, v.x; }",
        &["=r", "r"],
        DiagnosticKind::OperandKind,
        "v",
        "name one component",
    );
}

/// Video instructions take operand selectors (PTX ISA "Video
/// Instructions"): a byte or half-word of a scalar source (`a.b1`, `b.h0`),
/// a byte or half-word of `d` to merge into `c`, SIMD sources picked from
/// the bytes or half-words of `b:a` (`a.b7654`, `b.h32`) and SIMD masks of
/// `d` (`d.b31`, `d.h1`). Every statement accepted here ptxas accepts too
/// (`ptxas_verdicts_sm90_extra.jsonl.gz`).
#[test]
fn video_selectors_are_accepted_where_the_isa_puts_them() {
    let r4 = ["=r", "r", "r", "r"];
    accepts("vadd.s32.u32.s32.sat.add %0, %1.b1, %2.h1, %3;", &r4);
    accepts("vmax.s32.s32.s32 %0.h1, %1.b2, %2, %3;", &r4);
    accepts("vset.u32.u32.ne.add %0, %1.b0, %2.b0, %3;", &r4);
    accepts("vadd4.u32.u32.u32 %0.b3210, %1.b7654, %2.b0000, %3;", &r4);
    accepts("vadd2.u32.u32.u32 %0.h1, %1, %2, %3;", &r4);
    accepts("vmad.s32.s32.s32.shr7 %0, -%1, %2, %3;", &r4);
    accepts("vmad.u32.u32.u32.sat %0, %1.h0, %2.h1, %3;", &r4);
}

/// A selector the operand does not take names what it takes.
#[test]
fn bad_video_selectors_say_what_the_operand_takes() {
    let r4 = ["=r", "r", "r", "r"];
    expect(
        "vadd.s32.s32.s32 %0, %1.b4, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::OperandKind,
        ".b4",
        "`.b4` is not a selector of operand `a` of `vadd.s32.s32.s32`, which takes one byte or half-word: `.b0`, `.b1`, `.b2`, `.b3`, `.h0` or `.h1`",
    );
    expect(
        "vadd4.u32.u32.u32 %0, %1.b765, %2, %3;",
        &r4,
        DiagnosticKind::OperandKind,
        ".b765",
        "which takes four bytes of `b:a`",
    );
    expect(
        "vadd4.u32.u32.u32 %0.b13, %1, %2, %3;",
        &r4,
        DiagnosticKind::OperandKind,
        ".b13",
        "in descending order",
    );
    expect(
        "vadd2.u32.u32.u32 %0, %1.h4, %2, %3;",
        &r4,
        DiagnosticKind::OperandKind,
        ".h4",
        "`.hxy` with x and y from 0 to 3",
    );
    expect(
        "add.s32 %0, %1.b0, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::OperandKind,
        ".b0",
        "operand `a` of `add.s32` takes no selector `.b0`",
    );
}

/// ptxas: "Video selector is not allowed on destination" without `c`; and
/// with `c` but no secondary operation, `d` must say where the result goes.
#[test]
fn a_destination_selector_goes_with_c_and_no_secondary_operation() {
    expect(
        "vmax.s32.s32.s32 %0.h1, %1.b2, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::OperandKind,
        ".h1",
        "operand `d` of `vmax.s32.s32.s32` takes no selector `.h1`",
    );
    expect(
        "vmax.s32.s32.s32 %0, %1, %2, %3;",
        &["=r", "r", "r", "r"],
        DiagnosticKind::OperandKind,
        "%0",
        "needs a selector here",
    );
}

/// `vmad` negates its sources (`-a`), not under `.po`, and either the
/// product or `c` (PTX ISA, `vmad`); no other instruction takes `-a`.
#[test]
fn only_vmad_negates_registers() {
    let r4 = ["=r", "r", "r", "r"];
    expect(
        "vmad.u32.u32.u32.po %0, -%1, %2, %3;",
        &r4,
        DiagnosticKind::OperandKind,
        "-%1",
        "cannot be negated with `-`",
    );
    expect(
        "vmad.s32.s32.s32 %0, -%1, %2, -%3;",
        &r4,
        DiagnosticKind::OperandKind,
        "vmad.s32.s32.s32 %0, -%1, %2, -%3;",
        "either the product `a*b` or `c`",
    );
    expect(
        "add.s32 %0, -%1, %2;",
        &["=r", "r", "r"],
        DiagnosticKind::OperandKind,
        "-%1",
        "operand `a` of `add.s32` cannot be negated with `-`",
    );
}

/// A guard names a predicate, so "did you mean" offers declared predicates
/// only, never a 32-bit register that happens to be spelled alike.
#[test]
fn undeclared_guard_suggests_only_predicates() {
    let e = errors(
        "{ .reg .b32 i; .reg .pred pj; mov.u32 i, %1; setp.eq.u32 pj, i, 1; @j mov.u32 %0, i; }",
        &["=r", "r"],
    );
    assert_eq!(e[0].kind, DiagnosticKind::UndefinedName);
    assert_eq!(e[0].notes, ["did you mean `pj`?"]);
    let e = errors(
        "{ .reg .b32 i; mov.u32 i, %1; @j mov.u32 %0, i; }",
        &["=r", "r"],
    );
    assert_eq!(
        e[0].notes,
        ["declare it in the template, as in `{ .reg .pred j; setp... }`"]
    );
}

/// mma's layouts are fixed words of each form: m16n8k16 with f16 inputs
/// is `.row.col` only (PTX ISA, mma), so `.col.col` is refused at the
/// first `.col` with the form spelled out, not with a list of one.
#[test]
fn fixed_word_of_a_form_is_named_with_the_form() {
    let text = "mma.sync.aligned.m16n8k16.col.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};";
    let cons = [
        "=f", "=f", "=f", "=f", "r", "r", "r", "r", "r", "r", "f", "f", "f", "f",
    ];
    let e = errors(text, &cons);
    assert_eq!(&text[e[0].span.range()], ".col");
    assert_eq!(
        e[0].notes,
        [
            "the form has `.row` here: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d}, {a}, {b}, {c}`"
        ]
    );
}
