//! Compile-fail and pass cases of `ptx!`: each `tests/ui/fail/*.rs` must fail to
//! compile with exactly the reviewed `.stderr` beside it; each
//! `tests/ui/pass/*.rs` must compile and run.
//!
//! Regenerate the `.stderr` files after a deliberate message change with
//! `TRYBUILD=overwrite cargo test --test ui`, then review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
