//! The crate's integration tests, one binary: each file beside this one is
//! a module of it (one link of the simulator instead of one per file).
//! Run one file's tests with `cargo test --release --test all NAME::`.

mod diagnostics;
mod diff_fuzz;
mod module_fuzz;
mod module_rules;
mod modules;
mod ptxas_forms;
mod round_trip;
