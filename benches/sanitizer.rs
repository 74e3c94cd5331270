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

#[path = "common/samples.rs"]
mod samples;

fn main() {
    divan::main();
}

/// The checks an argument names.
fn checks(name: &str) -> Checks {
    Checks::parse(name).expect("all or none")
}

#[divan::bench(args = ["none", "all"])]
fn reduce6_int_256(bencher: Bencher, name: &str) {
    let module = Module::from_ptx(samples::REDUCTION).expect("the sample's module loads");
    let mut launch = samples::reduce6(&module, 1);
    launch.checks(checks(name));
    bencher.bench_local(|| launch.run().expect("clean"));
}

#[divan::bench(args = ["none", "all"])]
fn matrix_mul_block16(bencher: Bencher, name: &str) {
    let module = Module::from_ptx(samples::MATRIX_MUL).expect("the sample's module loads");
    let mut launch = samples::matrix_mul_block16(&module, 1);
    launch.checks(checks(name));
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
