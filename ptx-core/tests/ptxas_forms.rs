//! Forms ptxas 13.0 takes that the PTX ISA guide does not spell out, and
//! zero counts it refuses, as a collection of real inline asm showed them
//! (`tools/generators/realworld-corpus/AGREEMENT.md`). Each verdict was asked of
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

// The rules below came from mutants of real statements judged by ptxas
// (tools/dev/diff-fuzz); each was a false accept of the checker.

#[test]
fn an_empty_statement_is_a_syntax_error() {
    // "Parsing error near ';': syntax error".
    refuses("add.s32 %0, %1, %2;;", &["=r", "r", "r"], "empty statement");
    refuses(";", &[], "empty statement");
    refuses(
        "{ add.s32 %0, %1, %2; };",
        &["=r", "r", "r"],
        "empty statement",
    );
    refuses("L1: ;", &[], "empty statement");
    accepts("{ add.s32 %0, %1, %2; }", &["=r", "r", "r"]);
}

#[test]
fn a_label_is_defined_once_in_its_block() {
    // "Duplicate definition of label 'L1'"; a nested block may define it again.
    refuses(
        "L1: L1: add.s32 %0, %1, %2;",
        &["=r", "r", "r"],
        "defined twice",
    );
    accepts("{ L1: } { L1: }", &[]);
    accepts("L1: { L1: }", &[]);
}

#[test]
fn only_local_memory_takes_an_immediate_address() {
    // "Immediate addresses allowed only for .local state space", for every
    // instruction that addresses memory, and for an `n` operand's value.
    refuses("ld.shared.u32 %0, [16];", &["=r"], "immediate address");
    refuses("ld.u32 %0, [16];", &["=r"], "immediate address");
    refuses(
        "mbarrier.init.shared.b64 [16], 1;",
        &[],
        "immediate address",
    );
    refuses(
        "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [16];",
        &["=r"],
        "immediate address",
    );
    refuses(
        "cp.async.ca.shared.global [%0], [16], 4;",
        &["r"],
        "immediate address",
    );
    refuses("st.shared.u32 [%0], %1;", &["n", "r"], "immediate address");
    accepts("ld.local.u32 %0, [16];", &["=r"]);
    accepts("ld.local.u32 %0, [%1];", &["=r", "n"]);
    accepts("prefetch.local.L1 [16];", &[]);
    // The tensor-map fence is ptxas's exception.
    accepts("fence.proxy.tensormap::generic.acquire.cta [16], 128;", &[]);
}

#[test]
fn memory_and_synchronization_modifiers_are_written_once() {
    // "Duplicate .volatile modifier", "Multiple scope modifiers specified",
    // "Duplicate .nc modifier", "Duplicate .wait modifier", "Multiple .abs
    // modifiers specified".
    refuses(
        "ld.volatile.volatile.global.s64 %0, [%1];",
        &["=l", "l"],
        "twice",
    );
    refuses(
        "st.relaxed.gpu.gpu.global.b16 [%0], %1;",
        &["l", "h"],
        "twice",
    );
    refuses("ld.global.nc.nc.u32 %0, [%1];", &["=r", "l"], "twice");
    refuses("griddepcontrol.wait.wait;", &[], "twice");
    refuses("fence.sc.gpu.gpu;", &[], "twice");
    refuses("max.abs.abs.f32 %0, %1, %2;", &["=f", "f", "f"], "twice");
    // Repeats ptxas lets pass.
    accepts("bar.sync.sync 0;", &[]);
    accepts("max.NaN.NaN.f32 %0, %1, %2;", &["=f", "f", "f"]);
    accepts("cvt.sat.sat.f32.f32 %0, %1;", &["=f", "f"]);
}

#[test]
fn a_wait_parity_is_zero_or_one() {
    // "unexpected value '256', expected to be 0 or 1".
    refuses(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%0], 256; }",
        &["r"],
        "",
    );
    refuses(
        "{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%0], 2; }",
        &["r"],
        "",
    );
}

#[test]
fn movmatrix_takes_its_source_in_a_register() {
    // "Arguments mismatch for instruction 'movmatrix'".
    refuses(
        "movmatrix.sync.aligned.m8n8.trans.b16 %0, 7;",
        &["=r"],
        "register",
    );
}

#[test]
fn an_immediate_in_a_vector_takes_the_type_of_the_registers_beside_it() {
    // ptxas takes an integer beside the .b32 registers of a packed .f16x2
    // fragment, and beside .b16 registers of .bf16 elements.
    accepts(
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, 0};",
        &["=r", "=r", "r", "r", "r", "r"],
    );
    accepts(
        "atom.global.v2.bf16.add.noftz {%0, %1}, [%2], {1, %3};",
        &["=h", "=h", "l", "h"],
    );
    accepts(
        "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, 2};",
        &["r", "r"],
    );
    // "Vector with elements of different types are not allowed in st
    // instruction": an integer beside .f32 registers.
    refuses("st.global.v2.f32 [%0], {1, %1};", &["l", "f"], "");
    // "Arguments mismatch": a matrix fragment of immediates only.
    refuses(
        "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {1, 2};",
        &["r"],
        "no register",
    );
    refuses(
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {0, 0};",
        &["=r", "=r", "r", "r", "r"],
        "no register",
    );
    // A store's data may be immediates only.
    accepts("st.global.v2.u32 [%0], {1, 2};", &["l"]);
}

#[test]
fn a_barrier_counts_whole_warps() {
    // "Number of threads participating in barrier must be in multiple of
    // warp size".
    refuses("bar.sync 0, 33;", &[], "multiple of 32");
    refuses("bar.arrive 0, 33;", &[], "multiple of 32");
    refuses("barrier.cta.sync %0, 7;", &["r"], "multiple of 32");
    refuses("bar.red.popc.u32 %0, 0, 48, 1;", &["=r"], "multiple of 32");
    accepts("barrier.sync 1, 64;", &[]);
}

#[test]
fn the_tensor_map_fence_takes_any_64_bit_register_as_its_address() {
    accepts(
        "fence.proxy.tensormap::generic.acquire.cta [%0], 128;",
        &["d"],
    );
}

#[test]
fn shuffle_modes_and_xorsign_are_written_once() {
    // "Multiple shuffle modifiers specified", "Multiple .xorsign modifiers
    // specified".
    refuses(
        "shfl.sync.up.up.b32 %0, %1, 1, 0, -1;",
        &["=r", "r"],
        "twice",
    );
    refuses(
        "max.xorsign.xorsign.abs.f32 %0, %1, %2;",
        &["=f", "f", "f"],
        "twice",
    );
}

#[test]
fn sparse_metadata_and_emulated_accumulators_are_registers() {
    // "Arguments mismatch for instruction 'mma'": the metadata as 0.
    refuses(
        "mma.sp.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11}, 0, 0x0;",
        &[
            "=r", "=r", "=r", "=r", "r", "r", "r", "r", "r", "r", "r", "r",
        ],
        "register",
    );
    // "Arguments mismatch for instruction 'add'": ptxas emulates the FP8
    // forms, whose accumulator takes no immediate.
    refuses(
        "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, -1};",
        &["=r", "=r", "r", "r", "r", "r", "r", "r", "r"],
        "register",
    );
}

#[test]
fn sync_and_uni_may_repeat_where_other_modifiers_may_not() {
    accepts(
        "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred.uni q, p, %2; selp.u32 %0, 1, 0, q; }",
        &["=r", "r", "r"],
    );
    accepts("bar.warp.sync.sync -1;", &[]);
}
