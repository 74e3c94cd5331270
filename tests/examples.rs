//! Every example runs as a test, so that none can rot: each `main` checks
//! its own results.

#[path = "../examples/bit_tricks.rs"]
mod bit_tricks;
#[path = "../examples/cuda_asm_port.rs"]
mod cuda_asm_port;

#[test]
fn bit_tricks_runs() {
    bit_tricks::main();
}

#[test]
fn cuda_asm_port_runs() {
    cuda_asm_port::main();
}
