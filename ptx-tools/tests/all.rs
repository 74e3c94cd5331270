//! The crate's integration tests, one binary: each file beside this one is
//! a module of it (one link of the simulator instead of one per file).
//! Run one file's tests with `cargo test --release --test all NAME::`.

mod check_cuda_command;
mod check_module_command;
mod cluster_closures;
mod common;
mod coverage;
mod cuda_command;
mod golden;
mod golden_compiled;
mod golden_warp;
mod golden_wmma;
mod gpu_backend;
mod hints;
mod kernel_cases;
mod nvptx_kernels;
mod ptxas_probes;
mod real_world_verdicts;
mod sanitizer_cases;
mod tensor_maps;
mod tensormap_replace;
