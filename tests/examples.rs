//! Every example runs as a test, so that none can rot: each `main` checks
//! its own results.

#[path = "../examples/bit_tricks.rs"]
mod bit_tricks;
#[path = "../examples/cuda_asm_port.rs"]
mod cuda_asm_port;
#[path = "../examples/ldmatrix_layout.rs"]
mod ldmatrix_layout;
#[path = "../examples/mma_tile.rs"]
mod mma_tile;
#[path = "../examples/run_ptx_kernel.rs"]
mod run_ptx_kernel;
#[path = "../examples/warp_reduce.rs"]
mod warp_reduce;

#[test]
fn bit_tricks_runs() {
    bit_tricks::main();
}

#[test]
fn cuda_asm_port_runs() {
    cuda_asm_port::main();
}

#[test]
fn warp_reduce_runs() {
    warp_reduce::main();
}

#[test]
fn ldmatrix_layout_runs() {
    ldmatrix_layout::main();
}

#[test]
fn mma_tile_runs() {
    mma_tile::main();
}

#[test]
fn run_ptx_kernel_runs() {
    run_ptx_kernel::main();
}
