//! Compile-fail cases of `ptx!`: each `tests/ui/fail/*.rs` must fail to
//! compile with exactly the reviewed `.stderr` beside it. (The cases that
//! must compile and run are ordinary tests, `tests/ui_pass.rs`, so that
//! trybuild only checks its cases and never builds them.)
//!
//! Regenerate the `.stderr` files after a deliberate message change with
//! `TRYBUILD=overwrite cargo test --release --test all ui::`, then review the diff.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/fail/*.rs");
}
