//! Kernels that use `ptx!`, compiled for the GPU by rustc's nvptx64 backend
//! (`tools/gates/nvptx-harness/`, modules in `tests/data/kernels/nvptx/modules/`),
//! replayed in the simulator: one kernel per statement of the H100 golden
//! file, each computing what the H100 computed for that statement when nvcc
//! compiled it.

use ptx_tools::cases::{Case, Modules, Outcome, replay};
use ptx_tools::golden::Record;
use ptx_tools::records::read_jsonl;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn golden_records() -> Vec<Record> {
    read_jsonl(&root().join("tests/data/golden/h100_sm90_seed11.jsonl.gz"))
        .expect("the golden file reads")
        .iter()
        .filter_map(|v| Record::from_json(v).expect("a record"))
        .collect()
}

#[test]
fn every_golden_statement_compiled_by_rustc_computes_what_the_h100_recorded() {
    let records = golden_records();
    let cases = ptx_tools::codegen::nvptx_kernel_cases(&records, "golden_forms.ptx", false);
    // 648 statements; the 28 approximate ones and the 12 that read shared
    // memory are compiled (and assembled by ptxas) but not replayed here.
    assert_eq!(cases.len(), 608);
    let folder = root().join("tests/data/kernels/nvptx/modules");
    let mut modules = Modules::default();
    let module = modules
        .get(&folder.join("golden_forms.ptx"))
        .expect("rustc's module loads");
    assert_eq!(module.entries().len(), 648);
    let mut failed = Vec::new();
    for value in cases {
        let case: Case = serde_json::from_value(value).expect("a case");
        if let outcome @ (Outcome::Fail(_) | Outcome::Error(_)) = replay(&case, module, Some(1)) {
            failed.push(format!("{}: {outcome}", case.name));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_harness_kernels_replay_what_the_h100_computed() {
    // tools/gates/nvptx-harness/nvptx_specs.py: shuffles, votes, matrices (ldmatrix,
    // movmatrix, mma, stmatrix) and the examples' statements, as rustc built
    // them, recorded on an H100 (tools/gates/nvptx-harness/prove.sh).
    let folder = root().join("tests/data/kernels/nvptx");
    let cases = ptx_tools::cases::read_cases(&[folder.join("nvptx_h100.jsonl.gz")])
        .expect("the case file reads");
    let names: Vec<&str> = cases.iter().map(|(c, _)| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "nvptx/warp/shuffles",
            "nvptx/warp/votes",
            "nvptx/warp/matrices",
            "nvptx/examples/examples"
        ]
    );
    let mut modules = Modules::default();
    for (case, folder) in &cases {
        let module = modules.get(&folder.join(&case.module)).expect("loads");
        let outcome = replay(case, module, None);
        assert!(
            matches!(outcome, Outcome::Pass(_)),
            "{}: {outcome}",
            case.name
        );
    }
}
