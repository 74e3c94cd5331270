//! The launch engine against plain Rust, measured in one run
//! (`cargo bench --bench warp_ops`): a 32-lane butterfly reduction (five
//! `shfl.sync`) per warp, a grid of 1M threads doing one `add` (on the
//! worker counts of `common/workers.rs`), and a 16×8×16 `mma` against a
//! plain-Rust matrix product.
//! `warp_shuffles` runs 0 to 10 shuffles per lane, to tell what a launch,
//! the first collective (which starts the lanes' fibers) and each further
//! one cost (`docs/launch-performance.md`).

#[path = "common/butterfly.rs"]
mod butterfly;

use butterfly::butterfly;
use divan::Bencher;
use ptx::ptx;
use ptx::sim::machine::{Launch, warp32};

#[path = "common/workers.rs"]
mod workers;

fn main() {
    divan::main();
}

fn warp_sum(x: f32) -> f32 {
    butterfly(x, 5)
}

#[divan::bench]
fn warp_reduction_plain_rust(bencher: Bencher) {
    let xs: [f32; 32] = std::array::from_fn(|i| i as f32 * 0.5);
    bencher.bench_local(|| divan::black_box(&xs).iter().sum::<f32>());
}

// A thousand warps per sample: with divan's default of about a hundred,
// the medians of repeated runs spread by some 10% on a busy machine.
#[divan::bench(sample_size = 1000)]
fn warp_reduction_shfl(bencher: Bencher) {
    bencher.bench_local(|| warp32(|lane| warp_sum(divan::black_box(lane as f32 * 0.5))).unwrap());
}

#[divan::bench(args = [0, 1, 2, 5, 10], sample_size = 1000)]
fn warp_shuffles(bencher: Bencher, shuffles: usize) {
    bencher
        .bench_local(|| warp32(|lane| butterfly(divan::black_box(lane as f32), shuffles)).unwrap());
}

const THREADS: u32 = 1 << 20;

#[divan::bench]
fn grid_1m_add_plain_rust(bencher: Bencher) {
    let a: Vec<u32> = (0..THREADS).collect();
    bencher.bench_local(|| a.iter().map(|&x| x.wrapping_add(7)).collect::<Vec<u32>>());
}

fn grid_add(workers: usize) -> Vec<u32> {
    Launch::new(THREADS / 256, 256)
        .workers(workers)
        .run(|t| {
            let x = t.index as u32;
            let d: u32;
            ptx!("add.u32 %0, %1, 7;" : "=r"(d) : "r"(x));
            d
        })
        .unwrap()
        .results
}

#[divan::bench(args = workers::counts())]
fn grid_1m_add_launch(bencher: Bencher, workers: usize) {
    bencher.bench_local(|| grid_add(workers));
}

#[divan::bench]
fn matmul_16x8x16_plain_rust(bencher: Bencher) {
    let a: Vec<f32> = (0..256).map(|i| (i % 7) as f32).collect();
    let b: Vec<f32> = (0..128).map(|i| (i % 5) as f32).collect();
    bencher.bench_local(|| {
        let (a, b) = (divan::black_box(&a), divan::black_box(&b));
        let mut d = [0f32; 128];
        for i in 0..16 {
            for j in 0..8 {
                d[i * 8 + j] = (0..16).map(|k| a[i * 16 + k] * b[k * 8 + j]).sum();
            }
        }
        d
    });
}

#[divan::bench]
fn mma_m16n8k16_f32_f16(bencher: Bencher) {
    bencher.bench_local(|| {
        warp32(|lane| {
            let a = divan::black_box(0x3c00_3c00u32 + lane);
            let (d0, d1, d2, d3): (f32, f32, f32, f32);
            ptx!("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                : "r"(a), "r"(a), "r"(a), "r"(a), "r"(a), "r"(a), "f"(0.0f32), "f"(0.0f32), "f"(0.0f32), "f"(0.0f32));
            d0 + d1 + d2 + d3
        })
        .unwrap()
    });
}
