//! `ptx!` thread-scope instructions in a loop over 1M elements, against the
//! same loop in plain Rust, measured in one run. Run with
//! `cargo bench --bench thread_ops`; compare the medians of each pair. The
//! interpreter bench counts instructions per second on one core.

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

fn inputs_f32() -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let f = |i: usize, k: u32| f32::from_bits(0x3F80_0000 | ((i as u32).wrapping_mul(k) >> 9));
    (
        (0..N).map(|i| f(i, 2_654_435_761)).collect(),
        (0..N).map(|i| f(i, 40_503)).collect(),
        (0..N).map(|i| f(i, 2_246_822_519)).collect(),
    )
}

#[divan::bench]
fn fma_rn_f32_plain_rust(bencher: Bencher) {
    let (a, b, c) = inputs_f32();
    let mut out = vec![0f32; N];
    bencher.bench_local(|| {
        for (((o, &x), &y), &z) in out.iter_mut().zip(&a).zip(&b).zip(&c) {
            *o = x.mul_add(y, z);
        }
        divan::black_box(&out);
    });
}

#[divan::bench]
fn fma_rn_f32_ptx(bencher: Bencher) {
    let (a, b, c) = inputs_f32();
    let mut out = vec![0f32; N];
    bencher.bench_local(|| {
        for (((o, &x), &y), &z) in out.iter_mut().zip(&a).zip(&b).zip(&c) {
            let d: f32;
            ptx!("fma.rn.f32 %0, %1, %2, %3;" : "=f"(d) : "f"(x), "f"(y), "f"(z));
            *o = d;
        }
        divan::black_box(&out);
    });
}

#[divan::bench]
fn cvt_rn_f16_f32_plain_rust(bencher: Bencher) {
    let (a, _, _) = inputs_f32();
    let mut out = vec![0u16; N];
    bencher.bench_local(|| {
        for (o, &x) in out.iter_mut().zip(&a) {
            *o = half::f16::from_f32(x).to_bits();
        }
        divan::black_box(&out);
    });
}

#[divan::bench]
fn cvt_rn_f16_f32_ptx(bencher: Bencher) {
    let (a, _, _) = inputs_f32();
    let mut out = vec![0u16; N];
    bencher.bench_local(|| {
        for (o, &x) in out.iter_mut().zip(&a) {
            let d: u16;
            ptx!("cvt.rn.f16.f32 %0, %1;" : "=h"(d) : "f"(x));
            *o = d;
        }
        divan::black_box(&out);
    });
}

/// The interpreter on one core: a template of 64 dependent integer
/// instructions (`add`, `xor`, `shl`, `and`), prepared once and run many
/// times; one item = one instruction.
#[divan::bench]
fn interpreter_simple_integer_instructions(bencher: Bencher) {
    use ptx_core::{AsmOperand, Target, check_asm, lower};
    let body: String = (0..16)
        .map(|_| "add.u32 %0, %0, %1; xor.b32 %0, %0, %1; shl.b32 %0, %0, 1; and.b32 %0, %0, %1; ")
        .collect();
    let cons = ["+r", "r"];
    let checked = check_asm(&body, &cons, Target::default()).expect("checks");
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().unwrap()))
        .collect();
    let prepared = ptx_sim::statement::Prepared::new(&lower(&checked, &ops).expect("lowers"));
    let mut regs = prepared.registers();
    const RUNS: usize = 1000;
    bencher
        .counter(divan::counter::ItemsCount::new(64 * RUNS))
        .bench_local(|| {
            for _ in 0..RUNS {
                regs[1] = 0x9E37_79B9;
                prepared.run(&mut regs).expect("runs");
            }
            divan::black_box(&regs);
        });
}
