//! One tensor-core tile: D = A·B for a 16×16 `f16` A and a 16×8 `f16` B,
//! loaded from shared memory with `ldmatrix` and multiplied by
//! `mma.sync.m16n8k16` (f32 accumulate), in one simulated warp, checked
//! against an f64 product of the same `f16` inputs.
//!
//! `cargo run --release -p ptx-examples --example mma_tile`

use half::f16;
use ptx::launch::Launch;
use ptx::warp::{ldmatrix_x2_trans, ldmatrix_x4, mma_m16n8k16_f16_f32};

const M: usize = 16;
const N: usize = 8;
const K: usize = 16;
/// B's first byte in shared memory, after A's 16 rows of 32 bytes.
const B_AT: u32 = (M * K * 2) as u32;

pub fn main() {
    // Inputs with fractional parts, so the sums round.
    let a: Vec<f16> = (0..M * K)
        .map(|i| f16::from_f64((i as f64 * 0.37).sin() * 2.0))
        .collect();
    let b: Vec<f16> = (0..K * N)
        .map(|i| f16::from_f64((i as f64 * 0.91).cos()))
        .collect();
    // Shared memory: A row-major (32-byte rows), then B row-major (16-byte rows).
    let shared: Vec<u8> = a
        .iter()
        .chain(&b)
        .flat_map(|h| h.to_bits().to_le_bytes())
        .collect();

    let report = Launch::new(1, 32)
        .shared_init(shared)
        .run(|t| {
            let (l, g, q) = (t.lane, t.lane / 4, t.lane % 4);
            // A as four 8×8 matrices (top-left, bottom-left, top-right,
            // bottom-right): lane l gives row l % 8 of matrix l / 8.
            let m = l / 8;
            let a_frag = ldmatrix_x4((m % 2 * 8 + l % 8) * 32 + m / 2 * 16);
            // B (row-major, k by n) as two 8×8 matrices, transposed on the
            // way so each lane holds a column: lanes 0-15 give rows k = 0-15.
            let b_frag = ldmatrix_x2_trans(B_AT + (l % 16) * 16);
            let d = mma_m16n8k16_f16_f32(a_frag, b_frag, [0.0; 4]);
            // d[i] is row g + 8 (i / 2), column 2q + i % 2.
            (0..4)
                .map(|i| ((g as usize + 8 * (i / 2), 2 * q as usize + i % 2), d[i]))
                .collect::<Vec<_>>()
        })
        .expect("the warp runs");

    let mut d = [[0f32; N]; M];
    for ((row, col), v) in report.results.into_iter().flatten() {
        d[row][col] = v;
    }
    let mut max_error = 0f64;
    println!("D = A·B (16×8, f32), from mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32:");
    for (i, row) in d.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>8.4}")).collect();
        println!("  {}", cells.join(" "));
        for (j, &v) in row.iter().enumerate() {
            let exact: f64 = (0..K)
                .map(|k| a[i * K + k].to_f64() * b[k * N + j].to_f64())
                .sum();
            max_error = max_error.max((f64::from(v) - exact).abs());
        }
    }
    let stats = report.stats.get("ldmatrix");
    println!("largest |D - f64 reference| over the 128 elements: {max_error:.3e}");
    println!(
        "ldmatrix: {} warp requests, {} wavefronts, {} bank conflicts",
        stats.requests, stats.wavefronts, stats.conflicts
    );
    // 16 products of f16 values below 2 in magnitude: f32 accumulation
    // keeps the error near f32's resolution of the result.
    assert!(max_error < 1e-5, "error {max_error}");
}
