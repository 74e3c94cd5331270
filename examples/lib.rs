//! The examples of the README live in this package so that
//! `cargo run -p ptx-examples --example run_ptx_kernel` builds `ptx` and
//! nothing of the test suite's (`ptx-tools`, `trybuild`, ...); the examples
//! are the package's `[[example]]` targets, and this library is empty.
