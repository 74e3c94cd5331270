//! The crate's integration tests, one binary: each file beside this one is
//! a module of it (one link of the simulator instead of one per file).
//! Run one file's tests with `cargo test --release --test all NAME::`.

mod bank_conflicts;
mod bulk_tensor;
mod clusters;
mod device_heap;
mod kernel_checks;
mod kernels;
mod launch;
mod limitations_doc;
mod textures;
