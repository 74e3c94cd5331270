//! Forms ptxas 13.0 takes that the PTX ISA guide does not spell out, and
//! zero counts it refuses, as a collection of real inline asm showed them
//! (`tools/realworld-corpus/AGREEMENT.md`). Each verdict was asked of
//! `ptxas -arch=sm_90` with the statement's registers declared as nvcc
//! declares them for its constraints.

use ptx_core::{Target, check_asm};

fn accepts(text: &str, cons: &[&str]) {
    if let Err(e) = check_asm(text, cons, Target::default()) {
        panic!("`{text}` is refused: {}", e[0].message);
    }
}

fn refuses(text: &str, cons: &[&str], says: &str) {
    match check_asm(text, cons, Target::default()) {
        Ok(_) => panic!("`{text}` is accepted"),
        Err(e) => assert!(
            e.iter().any(|d| d.message.contains(says)),
            "`{text}`: {:?} lacks `{says}`",
            e.iter().map(|d| &d.message).collect::<Vec<_>>()
        ),
    }
}

#[test]
fn a_load_or_store_takes_its_data_in_braces() {
    accepts("ld.shared.u32 {%0}, [%1];", &["=r", "l"]);
    accepts("ld.relaxed.gpu.u64 {%0}, [%1];", &["=l", "l"]);
    accepts("st.shared.u8 [%0], {%1};", &["l", "r"]);
    // "Vector operand is not allowed for instruction 'add'", "... 'cvt'".
    refuses(
        "add.s32 {%0}, %1, %2;",
        &["=r", "r", "r"],
        "single value, not a vector",
    );
    refuses(
        "cvt.u32.u16 {%0}, %1;",
        &["=r", "h"],
        "single value, not a vector",
    );
}

#[test]
fn blanks_may_stand_between_an_opcode_and_its_modifiers() {
    accepts("prmt .b32 %0, %1, %2, %3;", &["=r", "r", "r", "r"]);
    accepts("mov .s32 %0, -1;", &["=r"]);
}

#[test]
fn a_float_literal_may_end_in_its_point() {
    accepts("mov.f32 %0, 0.;", &["=f"]);
    accepts("mov.f32 %0, 1.;", &["=f"]);
    // "Arguments mismatch for instruction 'mov'": still a float.
    refuses("mov.u32 %0, 0.;", &["=r"], "");
}

#[test]
fn the_sink_stands_for_results_ptxas_can_discard() {
    accepts(
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, _, %1, _}, [%2];",
        &["=r", "=r", "r"],
    );
    accepts("atom.global.add.u32 _, [%0], %1;", &["l", "r"]);
    accepts("atom.global.cas.b32 _, [%0], %1, %2;", &["l", "r", "r"]);
    let mma = |ty: &str, c: &str| {
        format!("mma.sync.aligned.{ty} {{%0, _, %1, _}}, {{%2, %3, %4, %5}}, {{%6, %7}}, {c};")
    };
    let cons = ["=f", "=f", "r", "r", "r", "r", "r", "r", "f", "f", "f", "f"];
    accepts(
        &mma("m16n8k16.row.col.f32.f16.f16.f32", "{%8, %9, %10, %11}"),
        &cons,
    );
    accepts(
        &mma("m16n8k8.row.col.f32.tf32.tf32.f32", "{%8, %9, %10, %11}"),
        &cons,
    );
    // "Result discard mode is not allowed for instruction 'add'": the FP8
    // forms are emulated, and so is `add` with a sink.
    refuses(
        &mma("m16n8k32.row.col.f32.e4m3.e4m3.f32", "{%8, %9, %10, %11}"),
        &cons,
        "sink",
    );
    refuses("add.s32 _, %0, %1;", &["r", "r"], "sink");
}

#[test]
fn bytes_pack_into_and_out_of_wider_registers() {
    accepts(
        "{ .reg .b8 a, b, c, d; mov.b32 {a, b, c, d}, %1; mov.b32 %0, {d, c, b, a}; }",
        &["=r", "r"],
    );
    accepts(
        "{ .reg .b8 a, c; mov.b32 {a, _, c, _}, %1; mov.b32 %0, {a, 0, c, 0}; }",
        &["=r", "r"],
    );
    accepts(
        "{ .reg .b8 hi, lo; mov.b16 {hi, lo}, %1; mov.b16 %0, {lo, hi}; }",
        &["=h", "h"],
    );
    // "Arguments mismatch for instruction 'mov'": two bytes are not 32 bits.
    refuses("{ .reg .b8 a, b; mov.b32 %0, {a, b}; }", &["=r"], "");
}

#[test]
fn arrivals_need_a_count_that_is_not_zero() {
    // "Instruction 'barrier.cta.arrive' requires a non-zero thread count
    // argument"; `bar.sync 0, 0` is accepted.
    refuses("barrier.cta.arrive 0, 0;", &[], "");
    refuses("bar.arrive 0, 0;", &[], "");
    accepts("bar.sync 0, 0;", &[]);
    accepts("bar.arrive 0, 32;", &[]);
    // "Argument 2 of instruction 'mbarrier.arrive' : value '0' expected to
    // be a non-zero positive"; `mbarrier.init` takes 0.
    refuses("mbarrier.arrive.shared.b64 %0, [%1], 0;", &["=l", "r"], "");
    refuses(
        "mbarrier.arrive_drop.shared.b64 %0, [%1], 0;",
        &["=l", "r"],
        "",
    );
    accepts("mbarrier.arrive.shared.b64 %0, [%1], 1;", &["=l", "r"]);
    accepts("mbarrier.init.shared.b64 [%0], 0;", &["r"]);
}

#[test]
fn two_priorities_may_be_the_same_word() {
    let checked = check_asm(
        "createpolicy.fractional.L2::evict_first.L2::evict_first.b64 %0;",
        &["=l"],
        Target::default(),
    )
    .expect("accepted");
    let values = &checked.instructions[0].bound.values;
    assert_eq!(values[0], Some("L2::evict_first"));
    assert_eq!(values[1], Some("L2::evict_first"), "the secondary priority");
}
