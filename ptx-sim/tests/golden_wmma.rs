//! The wmma recording (`tests/data/golden/h100_sm90_wmma_seed13.jsonl.gz`,
//! made by `tools/gpu-golden/wmma.py` on an H100): every load, store and
//! product record of every wmma shape, type, layout, state space and
//! stride replays bit for bit. The fragment layouts of `ptx_sim::wmma` were
//! read off these records; the products use the `mma.sync` numerics.

use ptx_sim::golden::{Outcome, Record, approx_ok, replay_warp};
use ptx_sim::records::read_jsonl;
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn every_wmma_record_of_the_h100_replays() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/golden/h100_sm90_wmma_seed13.jsonl.gz");
    let (mut passed, mut failures) = (BTreeMap::<&str, usize>::new(), Vec::new());
    for value in read_jsonl(&path).expect("the wmma golden file") {
        let record = Record::from_json(&value)
            .expect("a record")
            .expect("no form failed on the H100");
        match replay_warp(&record, &approx_ok) {
            Outcome::Pass => {
                let kind = ["wmma.load", "wmma.store", "wmma.mma"]
                    .into_iter()
                    .find(|k| record.asm.starts_with(k))
                    .expect("a wmma statement");
                *passed.entry(kind).or_default() += 1;
            }
            Outcome::Fail(lines) => failures.push(lines[0].clone()),
            Outcome::Skipped(why) => failures.push(format!("{}: skipped ({why})", record.asm)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // 528 load and 156 store forms with 3 records each, 138 product forms with 4
    // (`tools/gpu-golden/wmma.py` printed "822 forms (528 load, 138 mma, 156 store)").
    assert_eq!(passed["wmma.load"], 528 * 3);
    assert_eq!(passed["wmma.store"], 156 * 3);
    assert_eq!(passed["wmma.mma"], 138 * 4);
}
