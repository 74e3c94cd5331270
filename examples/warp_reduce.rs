//! A warp-wide sum, the first thing CUDA programmers write with shuffles:
//! five `shfl.sync.bfly` steps, after which every lane holds the total.
//! Written once as inline PTX and once with `ptx::warp`, run as one warp of
//! 32 simulated lanes.
//!
//! `cargo run --release -p ptx-examples --example warp_reduce`

use ptx::ptx;
use ptx::warp::{FULL_MASK, shfl_xor_sync};

/// The CUDA idiom, as inline PTX: `v += __shfl_xor_sync(~0, v, d)`.
fn warp_sum_ptx(x: f32) -> f32 {
    let mut v = x;
    for d in [16u32, 8, 4, 2, 1] {
        let other: f32;
        ptx!("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(other) : "f"(v), "r"(d));
        v += other;
    }
    v
}

/// The same through the warp-intrinsics library.
fn warp_sum_lib(x: f32) -> f32 {
    let mut v = x;
    for d in [16, 8, 4, 2, 1] {
        v += shfl_xor_sync(FULL_MASK, v, d, 32);
    }
    v
}

pub fn main() {
    let input = |lane: u32| lane as f32 * 0.5 + 1.0;
    let by_ptx = ptx::warp32(|lane| warp_sum_ptx(input(lane))).expect("the warp runs");
    let by_lib = ptx::warp32(|lane| warp_sum_lib(input(lane))).expect("the warp runs");

    println!("lane inputs: 1.0, 1.5, 2.0, ..., 16.5 (lane i holds i/2 + 1)");
    println!("after 5 butterfly steps (shfl.sync.bfly 16, 8, 4, 2, 1):");
    for row in 0..4 {
        let lanes = row * 8..row * 8 + 8;
        let cells: Vec<String> = lanes.map(|l| format!("{l:>2}: {:>5}", by_ptx[l])).collect();
        println!("  {}", cells.join("  "));
    }
    let expected: f32 = (0..32).map(input).sum();
    println!(
        "every lane holds the sum {expected}; ptx::warp::shfl_xor_sync agrees: {}",
        by_lib == by_ptx
    );
    assert_eq!(by_ptx, [expected; 32]);
    assert_eq!(by_lib, by_ptx);
}
