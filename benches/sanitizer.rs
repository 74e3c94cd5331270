//! What the sanitizer's checks cost (`cargo bench --bench sanitizer`): the
//! same launches with every check on (`all`) and with none (`none`), in
//! one run, so that the ratio of the two is the cost (target: at most 3×):
//!
//! * NVIDIA's `reduce6` (ints, 256 threads a CTA, 64 CTAs) and `matrixMul`
//!   (16×16 tiles) samples as nvcc 13.0 compiled them, on one worker;
//! * a closure launch of 8 warps passing words through shared memory
//!   between barriers, each thread running `ptx!` loads and stores.
//!
//! `docs/sanitizer.md` has the numbers.

use divan::Bencher;
use ptx::Module;
use ptx::launch::{Checks, Launch};
use ptx::ptx;

fn main() {
    divan::main();
}

const REDUCTION: &str = include_str!(
    "../tests/data/kernels/modules/Samples__2_Concepts_and_Techniques__reduction__reduction_kernel.ptx"
);
const MATRIX_MUL: &str = include_str!(
    "../tests/data/kernels/modules/Samples__0_Introduction__matrixMul_nvrtc__matrixMul_kernel.ptx"
);

/// The checks an argument names.
fn checks(name: &str) -> Checks {
    Checks::parse(name).expect("all or none")
}

/// A value stream that is the same on every run.
fn stream(n: usize, seed: u32) -> impl Iterator<Item = u32> {
    let mut x = seed;
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    })
}

#[divan::bench(args = ["none", "all"])]
fn reduce6_int_256(bencher: Bencher, name: &str) {
    let module = Module::from_ptx(REDUCTION).expect("the sample's module loads");
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
        .workers(1)
        .checks(checks(name))
        .arg(idata)
        .arg(odata)
        .arg(n as u32);
    bencher.bench_local(|| launch.run().expect("clean"));
}

#[divan::bench(args = ["none", "all"])]
fn matrix_mul_block16(bencher: Bencher, name: &str) {
    let module = Module::from_ptx(MATRIX_MUL).expect("the sample's module loads");
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
        .workers(1)
        .checks(checks(name))
        .arg(c)
        .arg(a)
        .arg(b)
        .arg(160i32)
        .arg(320i32);
    bencher.bench_local(|| launch.run().expect("clean"));
}

#[divan::bench(args = ["none", "all"])]
fn closure_shared_rounds(bencher: Bencher, name: &str) {
    let mut launch = Launch::new(1, 256);
    launch
        .shared_init(vec![0; 1024])
        .workers(1)
        .checks(checks(name));
    bencher.bench_local(|| {
        launch
            .run(|t| {
                let mut sum = 0u32;
                for round in 0..16u32 {
                    // Each thread writes its word, then reads its
                    // neighbour's once everyone has written.
                    let mine = 4 * t.tid[0];
                    let next = 4 * ((t.tid[0] + 1) % 256);
                    ptx!("st.shared.u32 [%0], %1;" :: "r"(mine), "r"(round + t.tid[0]));
                    ptx!("bar.sync 0;");
                    let v: u32;
                    ptx!("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(next));
                    ptx!("bar.sync 0;");
                    sum = sum.wrapping_add(v);
                }
                sum
            })
            .expect("clean")
    });
}
