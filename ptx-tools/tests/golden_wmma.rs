//! The wmma recording (`tests/data/golden/h100_sm90_wmma_seed13.jsonl.gz`,
//! made by `tools/generators/gpu-golden/wmma.py` on an H100): every load, store and
//! product record of every wmma shape, type, layout, state space and
//! stride replays bit for bit. The fragment layouts of `ptx_sim::sem::matrix::wmma` were
//! read off these records; the products use the `mma.sync` numerics.

use crate::common;

use common::{assert_all_replay, records};
use ptx_tools::golden::{Record, replay_warp};
use std::collections::BTreeMap;

#[test]
fn every_wmma_record_of_the_h100_replays() {
    let records: Vec<Record> = records("h100_sm90_wmma_seed13.jsonl.gz")
        .into_iter()
        .map(|r| r.expect("no form failed on the H100"))
        .collect();
    assert_all_replay(&records, replay_warp);
    let mut passed = BTreeMap::<&str, usize>::new();
    for record in &records {
        let kind = ["wmma.load", "wmma.store", "wmma.mma"]
            .into_iter()
            .find(|k| record.asm.starts_with(k))
            .expect("a wmma statement");
        *passed.entry(kind).or_default() += 1;
    }
    // 528 load and 156 store forms with 3 records each, 138 product forms with 4
    // (`tools/generators/gpu-golden/wmma.py` printed "822 forms (528 load, 138 mma, 156 store)").
    assert_eq!(passed["wmma.load"], 528 * 3);
    assert_eq!(passed["wmma.store"], 156 * 3);
    assert_eq!(passed["wmma.mma"], 138 * 4);
}
