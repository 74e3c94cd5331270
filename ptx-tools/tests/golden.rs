//! The shared ground truth, replayed on every run (CI has no GPU):
//!
//! * every thread-scope record of the H100 golden file passes through the
//!   interpreter, bit for bit, approximate instructions included
//!   (`ptxsim golden --exact`);
//! * the checker agrees with ptxas on the verdict file: every statement
//!   ptxas accepts is accepted, and at most one statement differs.

use crate::common;

use common::{assert_all_replay, data, records_of_scope};
use ptx_core::Target;
use ptx_tools::golden::{replay_thread, replay_warp};
use ptx_tools::records::read_jsonl;
use ptx_tools::verdicts::Statement;

#[test]
fn every_thread_scope_h100_record_replays_through_the_interpreter() {
    let records = records_of_scope("h100_sm90_seed11.jsonl.gz", "thread");
    assert_all_replay(&records, replay_thread);
    // The file holds 2,296 thread-scope records (FORMAT.md's scope field).
    assert_eq!(records.len(), 2296);
}

/// The one known disagreement: `mma.m16n8k32...f16.e4m3.e4m3.f16` with an
/// `.f32` register among its `.f16x2` accumulators, which ptxas refuses for
/// fp8 inputs while it takes it for f16 inputs.
#[test]
fn the_checker_agrees_with_ptxas_on_the_verdict_file() {
    let target = Target::default();
    let records = read_jsonl(&data("ptxas_verdicts_sm90.jsonl.gz")).expect("the verdict file");
    let (mut valid, mut disagreements) = (0, Vec::new());
    for record in &records {
        let statement = Statement::from_record(record, target).expect("a statement");
        let expected = statement.expected.expect("a verdict");
        let ours = statement.check(target).is_ok();
        valid += usize::from(expected);
        if ours != expected {
            assert!(
                !expected,
                "ptxas accepts `{}`, the checker does not",
                statement.asm
            );
            disagreements.push(statement.asm.clone());
        }
    }
    assert_eq!(records.len(), 4360);
    assert!(valid >= 632, "{valid} valid statements");
    assert!(disagreements.len() <= 1, "{disagreements:#?}");
}

/// The second H100 recording (`h100_sm90_extra_seed12.jsonl.gz`, 1,020
/// thread-scope forms beyond the first file: other types, modifiers, edge
/// values and multi-instruction templates; `tools/generators/gpu-golden/README.md`
/// says how it was made): every thread-scope record passes, video
/// instructions with operand selectors and negated operands included.
#[test]
fn every_thread_scope_record_of_the_extra_recording_replays() {
    let records = records_of_scope("h100_sm90_extra_seed12.jsonl.gz", "thread");
    assert_all_replay(&records, replay_thread);
    let forms: std::collections::BTreeSet<&str> = records.iter().map(|r| r.form.as_str()).collect();
    // The file holds 4,080 thread-scope records.
    assert_eq!(records.len(), 4080);
    assert!(forms.len() >= 900, "{} forms pass", forms.len());
}

/// Why the checker and ptxas may still differ on a statement of the extra
/// verdict file, or `None` where they must agree.
fn known_disagreement(statement: &Statement, ptxas_accepts: bool) -> Option<&'static str> {
    let asm = statement.asm.as_str();
    let reg_is = |constraint: &str| statement.cons.iter().any(|c| c.ends_with(constraint));
    // ptxas 13.0 takes a .b64 register for a .s32/.b32 operand of cvt.pack
    // (`cvt.pack.sat.u16.s32 %0, %1, %2` with %1 a .b64) and a .f32
    // register for the .s32 offset of fns; the checker holds to the ISA's
    // operand types.
    if ptxas_accepts && (asm.starts_with("cvt.pack") && reg_is("l") || asm.starts_with("fns")) {
        return Some("ptxas looser than the ISA's operand types");
    }
    // As in `the_checker_agrees_with_ptxas_on_the_verdict_file`: an .f32
    // register among the .b32 fragments of an integer or fp8 mma.
    if !ptxas_accepts && asm.starts_with("mma") && reg_is("f") {
        return Some("an .f32 register among the .b32 fragments of an integer or fp8 mma");
    }
    None
}

/// The ptxas verdicts on the extra forms (`ptxas_verdicts_sm90_extra.jsonl.gz`,
/// 7,970 statements: each form of `forms_extra.py` and its mutations, made
/// in the same device call as the extra recording; README.md beside the
/// file): the checker agrees with ptxas except on the known classes above.
#[test]
fn the_checker_agrees_with_ptxas_on_the_extra_verdict_file() {
    let target = Target::default();
    let records =
        read_jsonl(&data("ptxas_verdicts_sm90_extra.jsonl.gz")).expect("the extra verdict file");
    let (mut valid, mut unexplained) = (0, Vec::new());
    let mut known = std::collections::BTreeMap::<&str, usize>::new();
    for record in &records {
        let statement = Statement::from_record(record, target).expect("a statement");
        let expected = statement.expected.expect("a verdict");
        valid += usize::from(expected);
        if statement.check(target).is_ok() == expected {
            continue;
        }
        match known_disagreement(&statement, expected) {
            Some(why) => *known.entry(why).or_default() += 1,
            None => unexplained.push(format!(
                "{} {:?}: ptxas {}",
                statement.asm,
                statement.cons,
                if expected { "accepts" } else { "rejects" }
            )),
        }
    }
    assert!(unexplained.is_empty(), "{unexplained:#?}");
    assert_eq!(records.len(), 7970);
    assert!(valid >= 1033, "{valid} valid statements");
    // 5 operand-type leniencies, 2 mma fragments (the video statements
    // with selectors and negated operands agree): the counts change only
    // with the table.
    assert_eq!(known.values().sum::<usize>(), 7, "{known:#?}");
}

/// Every warp-scope record of the extra recording (collectives, shared
/// memory, `ldmatrix`, `mbarrier`, ...) replays in a one-warp launch, bit
/// for bit, shared memory included (`mma` of every type too, and colliding
/// shared atomics in the order the H100 lands them).
#[test]
fn every_warp_scope_record_of_the_extra_recording_replays() {
    let records = records_of_scope("h100_sm90_extra_seed12.jsonl.gz", "warp");
    assert_all_replay(&records, replay_warp);
    // 1,072 warp-scope records: all pass (every mma form included, and the
    // colliding 64-bit shared atomics the H100 runs as a compare-and-swap
    // loop, in that loop's order).
    assert_eq!(records.len(), 1072);
}

/// The mma recording (`h100_sm90_mma_seed19.jsonl.gz`): every `mma.sync`
/// form of `tools/generators/gpu-golden/forms_extra.py` again, 64 warps each, the
/// floating-point forms twice, on edge operands (`#edge`: subnormals,
/// infinities, NaN payloads, signed zeros, the largest values, rounding
/// boundaries) and on cancelling ones (`#cancel`: a few magnitudes of both
/// signs), the integer forms once (`#bulk`): 6,400 records of 100 forms
/// (`tools/generators/gpu-golden/forms_mma.py`). Recorded on an H100 with CUDA 13.0 by
///
///     python3 tools/generators/gpu-golden/record.py h100_sm90_mma_seed19.jsonl --forms mma --warps 64 --seed 19
///
/// then `gzip -9`. Every record replays bit for bit with the tensor-core
/// models of `docs/tensor-core-numerics.md`, which `tools/probes/mma-fit/fit.py`
/// fitted to it.
#[test]
fn every_record_of_the_mma_recording_replays() {
    let records = records_of_scope("h100_sm90_mma_seed19.jsonl.gz", "warp");
    assert_all_replay(&records, replay_warp);
    assert_eq!(records.len(), 6400);
}
