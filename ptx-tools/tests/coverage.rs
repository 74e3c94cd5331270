//! `docs/coverage.md` is what `ptxsim coverage` writes today: regenerate it
//! after a change to the table, the dispatch or the records with
//! `cargo run --release -p ptx-tools --bin ptxsim -- coverage tests/data/golden/h100_sm90_seed11.jsonl.gz tests/data/golden/h100_sm90_extra_seed12.jsonl.gz tests/data/golden/h100_sm90_wmma_seed13.jsonl.gz tests/data/golden/h100_sm90_mma_seed19.jsonl.gz > docs/coverage.md`
//! (from the repository root).

use ptx_tools::coverage::{markdown, rows};
use ptx_tools::golden::Record;
use ptx_tools::records::read_jsonl;
use std::path::Path;

#[test]
fn the_committed_coverage_table_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut records = Vec::new();
    for file in [
        "h100_sm90_seed11.jsonl.gz",
        "h100_sm90_extra_seed12.jsonl.gz",
        "h100_sm90_wmma_seed13.jsonl.gz",
        "h100_sm90_mma_seed19.jsonl.gz",
    ] {
        for value in read_jsonl(&root.join("tests/data/golden").join(file)).expect("records") {
            records.extend(Record::from_json(&value).expect("a record"));
        }
    }
    let expected = markdown(&rows(&records));
    let committed =
        std::fs::read_to_string(root.join("docs/coverage.md")).expect("docs/coverage.md");
    assert!(
        committed == expected,
        "docs/coverage.md is stale: regenerate it (see this test's module docs)"
    );
    // Every form of the table has its line (a form line quotes its syntax).
    let form_lines = expected.lines().filter(|l| l.contains(" | `")).count();
    assert_eq!(form_lines, ptx_core::table().forms().len());
}
