//! The device functions of `examples/cuda_asm_port.rs` that the GPU can
//! run as they stand: plain `ptx!` code that the example runs on the CPU and
//! `tools/gates/nvptx-harness` compiles for the GPU with rustc's nvptx64 backend
//! (`kernels/examples.rs`).

use ptx::ptx;

/// `asm("{ .reg .u32 t1; mul.lo.u32 t1, %1, %1; mul.lo.u32 %0, t1, %1; }" : "=r"(y) : "r"(x));`
pub fn cube(x: u32) -> u32 {
    let y: u32;
    ptx!("{\n\t .reg .u32 t1;\n\t"
         " mul.lo.u32 t1, %1, %1;\n\t"
         " mul.lo.u32 %0, t1, %1;\n\t"
         "}"
         : "=r"(y) : "r"(x));
    y
}

/// The guide's `cond`: `y` is written only when `x == 34`, so it is `"+r"`.
pub fn cond(x: i32) -> i32 {
    let mut y = 0;
    ptx!("{\n\t .reg .pred %p;\n\t"
         " setp.eq.s32 %p, %1, 34;\n\t"
         " @%p mov.s32 %0, 1;\n\t"
         "}"
         : "+r"(y) : "r"(x));
    y
}

/// `asm volatile("mov.u32 %0, %%clock;" : "=r"(t));`
pub fn clock() -> u32 {
    let t: u32;
    ptx!(volatile "mov.u32 %0, %%clock;" : "=r"(t));
    t
}
