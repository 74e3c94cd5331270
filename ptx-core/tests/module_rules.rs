//! The rules of whole modules, one test each, every expected verdict what
//! ptxas 13.0 said of the same module (`ptxas -arch=sm_90 t.ptx`), with its
//! message quoted.

use ptx_core::DiagnosticKind;
use ptx_core::module::{LineIndex, Position, check_module_text};

const HEADER: &str = ".version 9.0\n.target sm_90\n.address_size 64\n";

/// The errors of `HEADER` followed by `body`: their kind and where they
/// start (line, column).
fn errors(body: &str) -> Vec<(DiagnosticKind, Position, String)> {
    let text = format!("{HEADER}{body}");
    let lines = LineIndex::new(&text);
    check_module_text(&text)
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| (d.kind, lines.position(d.span.start), d.message))
        .collect()
}

fn accepts(body: &str) {
    let e = errors(body);
    assert!(e.is_empty(), "{e:#?}");
}

/// The first error is of `kind` and starts at `line:column` (of the body,
/// the header's three lines not counted).
fn rejects(body: &str, kind: DiagnosticKind, line: u32, column: u32) {
    let e = errors(body);
    let Some((k, at, message)) = e.first() else {
        panic!("accepted: {body}");
    };
    assert_eq!(
        (*k, *at),
        (
            kind,
            Position {
                line: line + 3,
                column
            }
        ),
        "{message}"
    );
}

#[test]
fn a_module_starts_with_version_and_target() {
    // "Missing .version directive at start of file"
    let e = check_module_text(".target sm_90\n.entry k() { ret; }");
    assert!(e[0].message.contains("no `.version`"));
    // "Missing .target directive at start of file"
    let e = check_module_text(".version 9.0\n.entry k() { ret; }");
    assert!(e[0].message.contains("no `.target`"));
    // An `.address_size` may be left out.
    assert!(check_module_text(".version 9.0\n.target sm_90\n.entry k() { ret; }").is_empty());
}

#[test]
fn ptxas_13_reads_ptx_isa_up_to_9_0() {
    // "Unsupported .version 9.1; current version is '9.0'"
    let e = check_module_text(".version 9.1\n.target sm_90\n.entry k() { ret; }");
    assert_eq!(e[0].kind, DiagnosticKind::Target);
    // 5.1 exists for ptxas, 5.2 does not.
    assert!(check_module_text(".version 5.1\n.target sm_60\n.entry k { ret; }").is_empty());
    assert!(!check_module_text(".version 5.2\n.target sm_60\n.entry k { ret; }").is_empty());
}

#[test]
fn a_target_needs_the_ptx_version_that_introduced_it() {
    // sm_90 came with PTX ISA 7.8, sm_90a with 8.0.
    assert!(check_module_text(".version 7.8\n.target sm_90\n.entry k() { ret; }").is_empty());
    let e = check_module_text(".version 7.8\n.target sm_90a\n.entry k() { ret; }");
    assert!(e[0].message.contains("PTX ISA 8.0"), "{}", e[0].message);
    // "Unsupported .target 'sm_91'"
    let e = check_module_text(".version 9.0\n.target sm_91\n.entry k() { ret; }");
    assert!(e[0].message.contains("does not know"));
}

#[test]
fn of_several_targets_the_last_counts() {
    let cluster = ".entry k() { .reg .b32 %r1; mov.u32 %r1, %clusterid.x; ret; }";
    let text = |t: &str| format!(".version 9.0\n.target {t}\n{cluster}");
    assert!(check_module_text(&text("sm_80, sm_90")).is_empty());
    // "Feature '%clusterid' requires .target sm_90 or higher"
    assert!(!check_module_text(&text("sm_90, sm_80")).is_empty());
}

#[test]
fn ptxas_13_compiles_64_bit_code_only() {
    // "32-Bit compilation is no longer supported"
    let e = check_module_text(".version 9.0\n.target sm_90\n.address_size 32\n.entry k { ret; }");
    assert_eq!(e[0].kind, DiagnosticKind::Target);
}

#[test]
fn the_modules_target_gates_its_instructions() {
    let body = ".visible .entry k() {\n .reg .b32 %r1;\n mov.u32 %r1, %clusterid.x;\n ret;\n}";
    let text = format!(".version 9.0\n.target sm_80\n{body}");
    let e = check_module_text(&text);
    assert_eq!(e[0].kind, DiagnosticKind::Target);
    assert_eq!(
        LineIndex::new(&text).position(e[0].span.start).to_string(),
        "5:15"
    );
}

#[test]
fn registers_are_declared_before_use_and_in_range() {
    accepts(".entry k() { .reg .b32 %r<3>; mov.u32 %r2, 1; ret; }");
    // "Unknown symbol '%r3'"
    rejects(
        ".entry k() {\n .reg .b32 %r<3>;\n mov.u32 %r3, 1;\n ret;\n}",
        DiagnosticKind::UndefinedName,
        3,
        10,
    );
}

#[test]
fn a_register_inside_a_declared_range_is_a_duplicate() {
    // "Duplicate definition of variable '%r1'"
    rejects(
        ".entry k() { .reg .b32 %r<3>; .reg .f32 %r1; ret; }",
        DiagnosticKind::DuplicateDeclaration,
        1,
        41,
    );
}

#[test]
fn an_inner_block_may_shadow_a_register() {
    accepts(
        ".entry k() { .reg .b32 %r; { .reg .f32 %r; mov.f32 %r, 0f00000000; } mov.b32 %r, 1; ret; }",
    );
}

#[test]
fn parameters_and_body_declarations_share_one_scope() {
    // "Duplicate definition of variable 'a'"
    rejects(
        ".entry k(.param .u32 a) { .reg .b32 a; ret; }",
        DiagnosticKind::DuplicateDeclaration,
        1,
        37,
    );
}

#[test]
fn labels_of_an_inner_block_are_not_seen_outside_it() {
    // "Unknown symbol 'L1'"
    rejects(
        ".entry k() { .reg .pred %p; setp.eq.u32 %p, 1, 1; @%p bra L1; { L1: ret; } ret; }",
        DiagnosticKind::UndefinedName,
        1,
        59,
    );
    accepts(".entry k() { .reg .pred %p; setp.eq.u32 %p, 1, 1; { @%p bra L1; } L1: ret; }");
}

#[test]
fn a_label_is_defined_once_per_block() {
    // "Duplicate definition of label 'L1'"
    rejects(
        ".entry k() { L1: bra L1; L1: ret; }",
        DiagnosticKind::DuplicateDeclaration,
        1,
        26,
    );
    accepts(".entry k() { L1: bra L1; { L1: ret; } }");
}

#[test]
fn names_are_declared_before_use() {
    // "Unknown symbol 'g'"
    rejects(
        ".entry k() { .reg .b32 %r1; ld.global.u32 %r1, [g]; ret; }\n.global .u32 g;",
        DiagnosticKind::UndefinedName,
        1,
        49,
    );
    // "Call to 'f' requires call prototype"
    rejects(
        ".entry k() { call f; ret; }\n.func f() { ret; }",
        DiagnosticKind::UndefinedName,
        1,
        19,
    );
    accepts(".func f();\n.entry k() { call f; ret; }\n.func f() { ret; }");
}

#[test]
fn a_call_passes_what_the_callee_declares() {
    let callee = ".func (.param .b32 r) f(.param .b32 a, .param .b64 b) { ret; }\n";
    accepts(&format!(
        "{callee}.entry k() {{ {{ .param .b32 p0; .param .b64 p1; .param .b32 rv; call (rv), f, (p0, p1); }} ret; }}"
    ));
    // "Call has wrong number of parameters"
    rejects(
        &format!(
            "{callee}.entry k() {{ {{ .param .b32 p0; .param .b32 rv; call (rv), f, (p0); }} ret; }}"
        ),
        DiagnosticKind::OperandCount,
        2,
        48,
    );
}

#[test]
fn an_argument_has_its_parameters_size_and_alignment() {
    let callee = ".func f(.param .align 8 .b8 a[16]) { ret; }\n";
    accepts(&format!(
        "{callee}.entry k() {{ {{ .param .align 8 .b8 p[16]; call f, (p); }} ret; }}"
    ));
    // "Type of argument does not match formal parameter 'a'"
    rejects(
        &format!("{callee}.entry k() {{ {{ .param .align 8 .b8 p[8]; call f, (p); }} ret; }}"),
        DiagnosticKind::OperandType,
        2,
        51,
    );
    // "Alignment of argument does not match formal parameter 'a'"
    rejects(
        &format!("{callee}.entry k() {{ {{ .param .align 4 .b8 p[16]; call f, (p); }} ret; }}"),
        DiagnosticKind::OperandType,
        2,
        52,
    );
    // The same size of another type is fine: `.f32` for `.b32`.
    accepts(".func g(.param .b32 a) { ret; }\n.entry k() { { .param .f32 p; call g, (p); } ret; }");
}

#[test]
fn a_kernel_is_not_called() {
    // "Illegal call target, device function expected"
    rejects(
        ".entry e() { ret; }\n.entry k() { call e; ret; }",
        DiagnosticKind::OperandKind,
        2,
        19,
    );
}

#[test]
fn a_function_calls_itself() {
    accepts(
        ".func (.param .b32 r) f(.param .b32 a) { .reg .b32 %r<3>; ld.param.b32 %r1, [a]; { .param .b32 p; .param .b32 q; st.param.b32 [p], %r1; call (q), f, (p); ld.param.b32 %r2, [q]; } st.param.b32 [r], %r2; ret; }",
    );
}

#[test]
fn an_indirect_call_follows_its_prototype() {
    let f = ".func (.param .b32 r) f(.param .b32 a) { st.param.b32 [r], 1; ret; }\n";
    let call = |proto: &str| {
        format!(
            "{f}.entry k() {{ .reg .b64 %rd1; mov.u64 %rd1, f; {{ .param .b32 p; .param .b32 q; proto: .callprototype {proto}; call (q), %rd1, (p), proto; }} ret; }}"
        )
    };
    accepts(&call("(.param .b32 _) _ (.param .b32 _)"));
    // "Call has wrong number of parameters"
    let e = errors(&call("(.param .b32 _) _ (.param .b32 _, .param .b32 _)"));
    assert_eq!(e[0].0, DiagnosticKind::OperandCount);
}

#[test]
fn brx_idx_takes_a_branchtargets_list_of_labels() {
    let body = |list: &str, target: &str| {
        format!(
            ".entry k(.param .u32 a) {{ .reg .b32 %r1; ld.param.u32 %r1, [a]; ts: .branchtargets {list}; brx.idx %r1, {target}; L0: ret; L1: ret; }}"
        )
    };
    accepts(&body("L0, L1", "ts"));
    // "Unknown symbol 'L2'"
    let e = errors(&body("L0, L2", "ts"));
    assert_eq!(e[0].0, DiagnosticKind::UndefinedName);
    // "Arguments mismatch for instruction 'brx.idx'"
    let e = errors(&body("L0, L1", "L0"));
    assert_eq!(e[0].0, DiagnosticKind::OperandKind);
}

#[test]
fn kernel_attributes_belong_to_kernels_and_exclude_each_other() {
    accepts(".entry k() .maxntid 128, 1, 1 .minnctapersm 2 { ret; }");
    // "Conflicting directives: .maxntid and .reqntid cannot both be specified"
    rejects(
        ".entry k() .maxntid 128 .reqntid 64 { ret; }",
        DiagnosticKind::Directive,
        1,
        25,
    );
    // A `.func` takes no `.maxntid` (ptxas: a syntax error), a kernel no `.noreturn`.
    rejects(
        ".func f() .maxntid 128 { ret; }",
        DiagnosticKind::Directive,
        1,
        11,
    );
    rejects(
        ".entry k() .noreturn { ret; }",
        DiagnosticKind::Directive,
        1,
        12,
    );
    accepts(".func f() .noreturn { trap; }\n.entry k() { ret; }\n");
}

#[test]
fn a_kernel_attribute_may_repeat_but_counts_from_one() {
    accepts(".entry k() .maxntid 128 .maxntid 64 { ret; }");
    // "Positive non-zero value expected for maxntid"
    rejects(
        ".entry k() .maxntid 0 { ret; }",
        DiagnosticKind::ImmediateRange,
        1,
        12,
    );
    // ".minnctapersm is ignored when neither .maxntid nor .reqntid is specified."
    let text = format!("{HEADER}.entry k() .minnctapersm 2 {{ ret; }}");
    let diags = check_module_text(&text);
    assert!(diags.iter().all(|d| !d.is_error()) && diags.len() == 1);
}

#[test]
fn a_definition_agrees_with_its_declaration_on_noreturn() {
    accepts(
        ".func f() .noreturn;
.func f() .noreturn { trap; }
.entry k() { ret; }",
    );
    // "Inconsistent redefinition of variable 'f'"
    rejects(
        ".func f();
.func f() .noreturn { trap; }
.entry k() { ret; }",
        DiagnosticKind::DuplicateDeclaration,
        2,
        7,
    );
}

#[test]
fn cluster_attributes_need_sm_90() {
    accepts(".entry k() .reqnctapercluster 2, 1, 1 .explicitcluster { ret; }");
    let text = ".version 9.0\n.target sm_80\n.entry k() .reqnctapercluster 2 { ret; }";
    assert_eq!(check_module_text(text)[0].kind, DiagnosticKind::Target);
    // ".reqntid and .reqnctapercluster directive(s) required for directive '.blocksareclusters'"
    rejects(
        ".entry k() .blocksareclusters { ret; }",
        DiagnosticKind::Directive,
        1,
        12,
    );
    accepts(".entry k() .reqntid 32 .reqnctapercluster 2 .blocksareclusters { ret; }");
}

#[test]
fn initial_values_fit_the_variables_type_and_size() {
    accepts(".global .u32 a[4] = {1, 2};");
    accepts(".global .b32 b = 1.5;");
    accepts(".global .v2 .u32 pair[2] = {{1, 2}, {3, 4}};");
    accepts(".global .u32 u[] = {1, 2, 3};");
    // "Greater number of elements in array initializer"
    rejects(
        ".global .u32 a[2] = {1, 2, 3};",
        DiagnosticKind::Directive,
        1,
        21,
    );
    rejects(
        ".global .u32 a[2][2] = {1, 2, 3, 4};",
        DiagnosticKind::Directive,
        1,
        24,
    );
    // "Initial value type mismatch"
    rejects(".global .u32 i = 1.5;", DiagnosticKind::InvalidType, 1, 18);
    rejects(".global .f32 f = 2;", DiagnosticKind::InvalidType, 1, 18);
    rejects(".global .u32 x = {1};", DiagnosticKind::InvalidType, 1, 18);
    // "No initial value is allowed for .f16 type"
    rejects(".global .f16 h = 1.0;", DiagnosticKind::InvalidType, 1, 18);
}

#[test]
fn only_global_and_const_variables_have_initial_values() {
    // "No initial value is allowed for 's' in this state space"
    rejects(".shared .u32 s = 1;", DiagnosticKind::Directive, 1, 18);
    // "No initial value is allowed for external symbol 'e'"
    rejects(
        ".extern .global .u32 e = 1;",
        DiagnosticKind::Directive,
        1,
        26,
    );
    // "Non-external variable 'u' has incomplete type"
    rejects(".global .u32 u[];", DiagnosticKind::Directive, 1, 14);
    accepts(".extern .shared .align 16 .b8 smem[];");
}

#[test]
fn addresses_as_initial_values() {
    accepts(".global .u32 g;\n.global .u64 p = generic(g);\n.global .u32 q = g;");
    accepts(".global .u32 g;\n.global .u8 b[2] = {0xFF(g), 0xFF00(generic(g)+4)};");
    accepts(".func f() { ret; }\n.global .u64 table[1] = {f};");
    // "Initial value type mismatch": an address is a .u32 or .u64.
    rejects(
        ".global .u32 g;\n.global .s64 p = g;",
        DiagnosticKind::InvalidType,
        2,
        18,
    );
    // "Invalid mask value '0xf0' used in initializer"
    rejects(
        ".global .u32 g;\n.global .u8 b[1] = {0xf0(g)};",
        DiagnosticKind::ImmediateRange,
        2,
        21,
    );
    // "Variable used as initial value not in .global or .const state space"
    rejects(
        ".shared .u32 s;\n.global .u64 p = s;",
        DiagnosticKind::StateSpace,
        2,
        18,
    );
    // "Invalid initial value expression": declared after.
    rejects(
        ".global .u64 p = generic(g);\n.global .u32 g;",
        DiagnosticKind::UndefinedName,
        1,
        26,
    );
}

#[test]
fn module_scope_holds_no_registers_locals_or_parameters() {
    // "Module-scoped variables in .reg state space are not allowed with ABI"
    rejects(".reg .b32 r;", DiagnosticKind::Directive, 1, 1);
    rejects(".local .u32 l;", DiagnosticKind::Directive, 1, 1);
    // "Parameter variables may not be declared at module scope"
    rejects(".param .u32 p;", DiagnosticKind::Directive, 1, 1);
    // "Predicate variable 'p' must be in register state space"
    rejects(".global .pred p;", DiagnosticKind::Directive, 1, 1);
}

#[test]
fn linkage_rules() {
    accepts(".common .global .u32 c;");
    accepts(".weak .global .u32 w = 3;");
    // ".common variables must be declared in .global space"
    rejects(".common .shared .u32 c;", DiagnosticKind::Directive, 1, 1);
    // "Duplicate definition of variable 'd'"
    rejects(
        ".global .u32 d;\n.global .u32 d;",
        DiagnosticKind::DuplicateDeclaration,
        2,
        14,
    );
    // An `.extern` declaration may repeat, and a `.visible` definition resolves it...
    accepts(".extern .global .u32 g;\n.extern .global .u32 g;\n.visible .global .u32 g;");
    // ...but not a definition other modules cannot see: "'.extern' variable 'g'
    // cannot be resolved by a '.static'".
    rejects(
        ".extern .global .u32 g;\n.global .u32 g;",
        DiagnosticKind::DuplicateDeclaration,
        2,
        14,
    );
    // "Function definition conflicts with '.extern' declaration for function 'f'"
    rejects(
        ".extern .func f();\n.func f() { ret; }",
        DiagnosticKind::DuplicateDeclaration,
        2,
        7,
    );
}

#[test]
fn a_whole_program_defines_what_it_declares() {
    // "Unresolved extern function 'f'": declared, never defined.
    rejects(
        ".func f();\n.entry k() { ret; }",
        DiagnosticKind::UndefinedName,
        1,
        7,
    );
    // `.extern` and not called is fine; called it is not.
    accepts(".extern .func f();\n.entry k() { ret; }");
    rejects(
        ".extern .func f();\n.entry k() { call f; ret; }",
        DiagnosticKind::UndefinedName,
        1,
        15,
    );
    // The driver provides vprintf, malloc, free and __assertfail.
    accepts(
        ".extern .func (.param .b64 r) malloc(.param .b64 n);\n.entry k() { { .param .b64 n; .param .b64 r; st.param.b64 [n], 8; call.uni (r), malloc, (n); } ret; }",
    );
    // "Unresolved extern variable 'g'": an `.extern` array of unknown size.
    rejects(
        ".extern .global .b8 g[];\n.entry k() { ret; }",
        DiagnosticKind::UndefinedName,
        1,
        21,
    );
}

#[test]
fn parameters_are_read_through_ld_param_and_inputs_are_not_written() {
    // "State space mismatch between instruction and address in instruction 'ld'"
    rejects(
        ".entry k(.param .u64 a) { .reg .b64 %rd1; ld.u64 %rd1, [a]; ret; }",
        DiagnosticKind::StateSpace,
        1,
        57,
    );
    // "Illegal to write to function input parameter 'a'"
    rejects(
        ".entry k(.param .u64 a) { .reg .b64 %rd1; mov.u64 %rd1, 0; st.param.u64 [a], %rd1; ret; }",
        DiagnosticKind::OperandKind,
        1,
        74,
    );
    // A function writes its return parameters.
    accepts(".func (.param .b32 r) f() { st.param.b32 [r], 1; ret; }\n.entry k() { ret; }");
}

#[test]
fn special_registers_are_read_only() {
    // "Special register argument not allowed for instruction 'add'"
    rejects(
        ".entry k() { .reg .b32 %r1; mov.u32 %r1, 1; add.u32 %tid.x, %r1, 1; ret; }",
        DiagnosticKind::OperandKind,
        1,
        53,
    );
}

#[test]
fn the_address_of_a_global_variable_is_64_bits_wide() {
    // "32-Bit ABI (--machine 32 or 32-Bit addressing) is not supported on sm_90"
    rejects(
        ".global .u32 g;\n.entry k() { .reg .b32 %r1; mov.u32 %r1, g; ret; }",
        DiagnosticKind::OperandType,
        2,
        42,
    );
    // A `.shared` variable's address fits 32 bits.
    accepts(".shared .u32 s;\n.entry k() { .reg .b32 %r1; mov.u32 %r1, s; ret; }");
    accepts(".global .u32 g;\n.entry k() { .reg .b64 %rd1; mov.u64 %rd1, g; ret; }");
}

#[test]
fn loc_names_a_file_and_inlined_at_an_earlier_loc() {
    let module =
        |loc: &str| format!(".file 1 \"k.cu\"\n.entry k() {{\n .loc 1 10 3\n {loc}\n ret;\n}}");
    accepts(&module(
        ".loc 1 11 0, function_name $L__info_string0, inlined_at 1 10 3",
    ));
    // "Source location 1 14 3 used in inlined_at directive must be used in a
    // preceding .loc directive"
    rejects(
        &module(".loc 1 11 0, function_name f, inlined_at 1 14 3"),
        DiagnosticKind::UndefinedName,
        4,
        2,
    );
}

#[test]
fn instruction_only_types_cannot_be_declared() {
    accepts(".global .f16x2 g;\n.entry k(.param .b128 q) { .reg .f16 h; .reg .b128 w; ret; }");
    // "Parsing error near '.bf16': syntax error"
    rejects(
        ".entry k() { .reg .bf16 h; ret; }",
        DiagnosticKind::Syntax,
        1,
        19,
    );
    // "Type .e4m3 may only be used as an instruction type"
    rejects(
        ".global .e4m3 g;\n.entry k() { ret; }",
        DiagnosticKind::Syntax,
        1,
        9,
    );
    // "Parsing error near '.tf32': syntax error"
    rejects(
        ".entry k(.param .tf32 q) { ret; }",
        DiagnosticKind::Syntax,
        1,
        17,
    );
}

#[test]
fn an_f16x2_value_is_never_a_param() {
    // "Variable 'q' cannot be allocated in .param state space"
    rejects(
        ".entry k(.param .f16x2 q) { ret; }",
        DiagnosticKind::InvalidType,
        1,
        10,
    );
    rejects(
        ".entry k() { .param .f16x2 p; ret; }",
        DiagnosticKind::InvalidType,
        1,
        14,
    );
    accepts(".func f(.reg .f16x2 r) { ret; }\n.entry k() { ret; }");
}

#[test]
fn an_f16x2_register_is_bits_to_integer_instructions() {
    // ptxas takes each of these ...
    accepts(
        ".entry k(.param .u64 p) {
.reg .f16x2 v; .reg .b32 r; .reg .b16 s; .reg .b64 a; .reg .pred q;
ld.param.u64 a, [p];
add.u32 v, r, r;
setp.eq.u32 q, v, r;
ld.global.u16 v, [a];
cvt.u64.u32 a, v;
set.gtu.u32.f16x2 v, v, v;
ret; }",
    );
    // ... but "Arguments mismatch for instruction 'add'" here.
    rejects(
        ".entry k() { .reg .f16x2 v; .reg .f32 f; add.f32 v, f, f; ret; }",
        DiagnosticKind::OperandType,
        1,
        50,
    );
}

#[test]
fn a_semicolon_that_ends_nothing_is_a_syntax_error() {
    // "Parsing error near ';': syntax error", in a body and between
    // functions alike (tools/dev/diff-fuzz).
    rejects(".entry k() {\n\tret;;\n}", DiagnosticKind::Syntax, 2, 6);
    rejects(
        ".entry k() {\n\t{ ret; }\n\tL1: ;\n}",
        DiagnosticKind::Syntax,
        3,
        6,
    );
    rejects(".entry k() {\n\tret;\n};", DiagnosticKind::Syntax, 3, 2);
    accepts(".entry k() {\n\t{ ret; }\n}");
}

#[test]
fn tensormap_replace_takes_the_coded_fields_only_in_ptxas_ranges() {
    // What `ptxas -arch=<target>` 13.0 said of each module (verdicts taken
    // 2026-11-28): the coded fields take immediates only ("Integer constant
    // expression expected"), each in its range ("value '3' expected to be
    // in range [0..2] when .interleave_layout modifier is used"); element
    // types 13-15 need PTX ISA 8.7 and sm_100, swizzle_atomicity sm_100.
    let cases: &[(&str, &str, &str, bool)] = &[
        (
            "8.3",
            "sm_90a",
            "elemtype.global.b1024.b32 [%rd1], 12",
            true,
        ),
        (
            "8.3",
            "sm_90a",
            "elemtype.global.b1024.b32 [%rd1], 13",
            false,
        ),
        (
            "8.8",
            "sm_90a",
            "elemtype.global.b1024.b32 [%rd1], 13",
            false,
        ),
        (
            "8.8",
            "sm_100a",
            "elemtype.global.b1024.b32 [%rd1], 15",
            true,
        ),
        (
            "8.8",
            "sm_100a",
            "elemtype.global.b1024.b32 [%rd1], 16",
            false,
        ),
        (
            "8.3",
            "sm_90a",
            "elemtype.global.b1024.b32 [%rd1], %r1",
            false,
        ),
        (
            "8.3",
            "sm_90a",
            "interleave_layout.global.b1024.b32 [%rd1], 2",
            true,
        ),
        (
            "8.3",
            "sm_90a",
            "interleave_layout.global.b1024.b32 [%rd1], 3",
            false,
        ),
        (
            "8.3",
            "sm_90a",
            "swizzle_mode.global.b1024.b32 [%rd1], 3",
            true,
        ),
        (
            "8.8",
            "sm_100a",
            "swizzle_mode.global.b1024.b32 [%rd1], 4",
            false,
        ),
        (
            "8.3",
            "sm_90a",
            "fill_mode.global.b1024.b32 [%rd1], 2",
            false,
        ),
        (
            "8.8",
            "sm_100a",
            "swizzle_atomicity.global.b1024.b32 [%rd1], 3",
            true,
        ),
        (
            "8.8",
            "sm_100a",
            "swizzle_atomicity.global.b1024.b32 [%rd1], 4",
            false,
        ),
        (
            "8.3",
            "sm_90a",
            "swizzle_atomicity.global.b1024.b32 [%rd1], 1",
            false,
        ),
        (
            "8.3",
            "sm_90a",
            "box_dim.global.b1024.b32 [%rd1], 1, %r1",
            true,
        ),
    ];
    for &(version, target, statement, ptxas) in cases {
        let text = format!(
            ".version {version}\n.target {target}\n.address_size 64\n\
             .visible .entry k(.param .u64 p) {{\n.reg .b64 %rd<2>;\n.reg .b32 %r<2>;\n\
             ld.param.u64 %rd1, [p];\nmov.b32 %r1, 1;\n\
             tensormap.replace.tile.{statement};\nret;\n}}\n"
        );
        let errors: Vec<String> = check_module_text(&text)
            .into_iter()
            .filter(|d| d.is_error())
            .map(|d| d.message)
            .collect();
        assert_eq!(
            errors.is_empty(),
            ptxas,
            "{version} {target} {statement}: {errors:?}"
        );
    }
}
