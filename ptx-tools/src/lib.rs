//! The tools that hold `ptx` to a real GPU and to real ptxas, kept out of
//! the simulator so that users of `ptx` do not build them (nor their JSON
//! and gzip readers).
//!
//! Data flows one way, from recorded files to pass/fail counts:
//!
//! ```text
//! records/verdicts (.jsonl[.gz]) --records--> JSON values
//!     --golden::Record / verdicts::Statement--> statements with what the H100 or ptxas said
//!     --golden::replay_* (through ptx_sim) / Statement::check (through ptx_core)--> Outcome
//!     --> "N passed, M failed"
//! ```
//!
//! * [`records`]: reading JSON Lines files, plain or gzipped.
//! * [`golden`]: replaying H100 records (`tests/data/golden/FORMAT.md`)
//!   through `ptx_sim`'s statement interpreter and launches, judging approximate
//!   instructions within the ISA's error bounds.
//! * [`verdicts`]: the checker against recorded ptxas verdicts.
//! * [`coverage`]: the coverage table of every instruction form
//!   (`docs/coverage.md`), verified against the records.
//! * [`codegen`]: the `ptx!` test file of the compiled-path golden test
//!   (`ptx-tools/tests/golden_compiled/forms.rs`).
//!
//! The `ptxsim` command (`cargo run --release -p ptx-tools --bin ptxsim`)
//! runs each of them on files: `check`, `golden`, `gen-compiled-test` and
//! `coverage`.
//!
//! ```
//! use ptx_tools::golden::{Outcome, Record, approx_ok, replay_thread};
//!
//! // A record as `tests/data/golden/FORMAT.md` writes one: a statement and
//! // each lane's operands before and after (here one lane, 2 + 3 = 5).
//! let asm = "add.u32 %0, %1, %2;";
//! let value = serde_json::json!({
//!     "form": asm, "asm": asm, "cons": ["=r", "r", "r"], "scope": "thread",
//!     "in": [[null, "0x00000002", "0x00000003"]],
//!     "out": [["0x00000005", null, null]],
//! });
//! let record = Record::from_json(&value).unwrap().unwrap();
//! assert_eq!(replay_thread(&record, &approx_ok), Outcome::Pass);
//! ```

#![warn(missing_docs)]

pub mod cases;
pub mod codegen;
pub mod coverage;
pub mod cuda;
pub mod golden;
pub mod records;
pub mod sfu;
pub mod verdicts;
