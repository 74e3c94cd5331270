//! The warp-scope records of the H100 golden file, replayed in a one-warp
//! launch on every run: collectives, lane masks, ldmatrix/stmatrix/movmatrix
//! and every mma form (fp8 included, `docs/tensor-core-numerics.md`) pass
//! bit for bit.

use crate::common;

use common::{assert_all_replay, records_of_scope};
use ptx_tools::golden::replay_warp;

#[test]
fn every_warp_scope_record_replays() {
    let records = records_of_scope("h100_sm90_seed11.jsonl.gz", "warp");
    assert_all_replay(&records, replay_warp);
    assert_eq!(records.len(), 312);
}
