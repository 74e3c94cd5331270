//! Two of NVIDIA's samples as nvcc 13.0 compiled them, set up as launches:
//! what `benches/kernels.rs` and `benches/sanitizer.rs` both time, kept in
//! one place so that the two measure the same launches.

use ptx::Module;
use ptx::kernel::KernelLaunch;

/// The reduction sample's module.
pub const REDUCTION: &str = include_str!(
    "../../tests/data/kernels/modules/Samples__2_Concepts_and_Techniques__reduction__reduction_kernel.ptx"
);

/// The matrixMul sample's module.
pub const MATRIX_MUL: &str = include_str!(
    "../../tests/data/kernels/modules/Samples__0_Introduction__matrixMul_nvrtc__matrixMul_kernel.ptx"
);

/// A value stream that is the same on every run.
pub fn stream(n: usize, seed: u32) -> impl Iterator<Item = u32> {
    let mut x = seed;
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    })
}

/// `reduce6<int, 256, true>` over 262,144 small ints, 64 CTAs, on
/// `workers` workers; `module` is [`REDUCTION`] loaded.
pub fn reduce6(module: &Module, workers: usize) -> KernelLaunch<'_> {
    let mut launch = module
        .kernel("_Z7reduce6IiLj256ELb1EEvPT_S1_j")
        .expect("reduce6<int, 256, true>");
    let n = 262_144;
    let input: Vec<i32> = stream(n, 7).map(|v| (v % 16) as i32).collect();
    let idata = launch.buffer_from(&input);
    let odata = launch.zeroed::<i32>(64);
    launch
        .grid(64)
        .block(256)
        .shared_bytes(1024)
        .workers(workers)
        .arg(idata)
        .arg(odata)
        .arg(n as u32);
    launch
}

/// `matrixMulCUDA_block16`: 160×160 by 320×160 in 16×16 tiles, on
/// `workers` workers; `module` is [`MATRIX_MUL`] loaded.
pub fn matrix_mul_block16(module: &Module, workers: usize) -> KernelLaunch<'_> {
    let mut launch = module
        .kernel("matrixMulCUDA_block16")
        .expect("matrixMul with 16x16 tiles");
    let unit = |v: u32| (v >> 8) as f32 / (1u32 << 24) as f32 - 0.5;
    let a: Vec<f32> = stream(160 * 160, 11).map(unit).collect();
    let b: Vec<f32> = stream(320 * 160, 13).map(unit).collect();
    let c = launch.zeroed::<f32>(320 * 160);
    let (a, b) = (launch.buffer_from(&a), launch.buffer_from(&b));
    launch
        .grid((20, 10))
        .block((16, 16))
        .workers(workers)
        .arg(c)
        .arg(a)
        .arg(b)
        .arg(160i32)
        .arg(320i32);
    launch
}
