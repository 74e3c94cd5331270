//! The arithmetic families (integer, float, half, logic, compare, convert)
//! against ptxas: `data/ptxas_probe_arith.jsonl.gz` holds 15k statements,
//! 300 forms of these families with their modifier, order and constraint
//! mutations, each with the verdict of ptxas (CUDA 13.0) for sm_90 and for
//! sm_100a. `tools/gpu-golden/probe_arith.py` made it on the device machine.

use ptx_core::Target;
use ptx_sim::records::read_jsonl;
use ptx_sim::verdicts::Statement;
use std::path::Path;

/// Statements where the checker is knowingly stricter than ptxas: integer
/// immediates outside their type's range (ptxas truncates them, e.g.
/// `add.u16 %0, %1, 70000;`) and an immediate as a predicate operand
/// (`selp.b32 %0, %1, %2, 1;`). The checker's shared immediate rules keep
/// rejecting both.
const KNOWN_STRICTER: usize = 4;

#[test]
fn arithmetic_families_agree_with_ptxas_on_sm_90_and_sm_100a() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ptxas_probe_arith.jsonl.gz");
    let records = read_jsonl(&path).expect("the probe file");
    for target in ["sm_90", "sm_100a"] {
        let target: Target = target.parse().unwrap();
        let mut disagreements = Vec::new();
        for record in &records {
            let statement = Statement::from_record(record, target).unwrap();
            let expected = statement.expected.expect("every probe has a verdict");
            if statement.check(target).is_ok() != expected {
                disagreements.push(format!(
                    "{} {:?} (ptxas: {expected})",
                    statement.asm, statement.cons
                ));
            }
        }
        assert!(
            disagreements.len() <= KNOWN_STRICTER,
            "{target}: {} disagreements with ptxas:\n{}",
            disagreements.len(),
            disagreements.join("\n")
        );
    }
}
