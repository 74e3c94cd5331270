//! The warp-scope records of the H100 golden file, replayed in a one-warp
//! launch on every run: collectives, lane masks, ldmatrix/stmatrix/movmatrix
//! and every mma form (fp8 included, `docs/tensor-core-numerics.md`) pass
//! bit for bit.

use ptx_sim::golden::{Outcome, Record, approx_ok, replay_warp};
use ptx_sim::records::read_jsonl;
use std::path::Path;

#[test]
fn every_warp_scope_record_replays() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/golden/h100_sm90_seed11.jsonl.gz");
    let (mut passed, mut failures) = (0, Vec::new());
    for value in read_jsonl(&path).expect("the golden file") {
        let Some(record) = Record::from_json(&value).expect("a record") else {
            continue;
        };
        if record.scope != "warp" {
            continue;
        }
        match replay_warp(&record, &approx_ok) {
            Outcome::Pass => passed += 1,
            Outcome::Fail(lines) => failures.push(format!("{}: {}", record.asm, lines[0])),
            Outcome::Skipped(why) => failures.push(format!("{}: skipped ({why})", record.asm)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(passed, 312);
}
