//! The crate's integration tests, one binary: each file beside this one is
//! a module of it (one link of the simulator instead of one per file).
//! Run one file's tests with `cargo test --release --test all NAME::`.

mod cluster_launch;
mod const_param;
mod coresidency;
mod device;
mod examples;
mod faults;
mod global_memory;
mod macro_basics;
mod one_engine;
mod real_world;
mod sanitizer;
mod special_functions;
mod ui;
mod ui_pass;
mod wmma;
