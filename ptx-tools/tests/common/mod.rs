//! What the golden-record tests share: reading a recorded file and
//! replaying its records, with every failure listed at once.

// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use ptx_tools::golden::{Judge, Outcome, Record, exact};
use ptx_tools::records::read_jsonl;
use std::path::{Path, PathBuf};

/// The recorded file `name` under `tests/data/golden`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/golden")
        .join(name)
}

/// Every record of the recorded file `name`, `None` for a form that
/// failed on the GPU (FORMAT.md).
pub fn records(name: &str) -> Vec<Option<Record>> {
    read_jsonl(&data(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .iter()
        .map(|value| Record::from_json(value).expect("a record"))
        .collect()
}

/// The records of `scope` (`"thread"` or `"warp"`) of the recorded file
/// `name`, leaving out forms that failed on the GPU.
pub fn records_of_scope(name: &str, scope: &str) -> Vec<Record> {
    records(name)
        .into_iter()
        .flatten()
        .filter(|r| r.scope == scope)
        .collect()
}

/// Replays every record with `replay` (`replay_thread` or `replay_warp`),
/// approximate instructions bit for bit too; panics listing every
/// record that failed or was skipped.
pub fn assert_all_replay(records: &[Record], replay: fn(&Record, &Judge) -> Outcome) {
    let failures: Vec<String> = records
        .iter()
        .filter_map(|record| match replay(record, &exact) {
            Outcome::Pass => None,
            Outcome::Fail(lines) => Some(format!("{}: {}", record.asm, lines[0])),
            Outcome::Skipped(why) => Some(format!("{}: skipped ({why})", record.asm)),
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
