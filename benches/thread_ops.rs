//! `ptx!` thread-scope instructions in a loop over 1M elements, against the
//! same loop in plain Rust, measured in one run. Run with
//! `cargo bench --bench thread_ops`; compare the medians of each pair.

use divan::Bencher;
use ptx::ptx;

fn main() {
    divan::main();
}

const N: usize = 1 << 20;

fn inputs_i32() -> (Vec<i32>, Vec<i32>) {
    (
        (0..N as i32)
            .map(|i| i.wrapping_mul(2_654_435_761u32 as i32))
            .collect(),
        (0..N as i32).map(|i| i ^ 0x5555).collect(),
    )
}

#[divan::bench]
fn add_s32_plain_rust(bencher: Bencher) {
    let (a, b) = inputs_i32();
    let mut out = vec![0i32; N];
    bencher.bench_local(|| {
        for ((o, &x), &y) in out.iter_mut().zip(&a).zip(&b) {
            *o = x.wrapping_add(y);
        }
        divan::black_box(&out);
    });
}

#[divan::bench]
fn add_s32_ptx(bencher: Bencher) {
    let (a, b) = inputs_i32();
    let mut out = vec![0i32; N];
    bencher.bench_local(|| {
        for ((o, &x), &y) in out.iter_mut().zip(&a).zip(&b) {
            let d: i32;
            ptx!("add.s32 %0, %1, %2;" : "=r"(d) : "r"(x), "r"(y));
            *o = d;
        }
        divan::black_box(&out);
    });
}
