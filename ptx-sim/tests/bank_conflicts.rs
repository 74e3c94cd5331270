//! Bank conflicts of `ldmatrix`, against the Nsight Compute measurements in
//! `shared/reference/ldmatrix-experiments.zh.md`: a <<<1024, 512>>> launch
//! in which every warp runs one `ldmatrix.x2` (16384 requests) from a
//! shared array of 128×16 halves; lane i < 16 points at `offset(i)` halves.
//!
//! Model (see `ptx_sim::memory`): each 8×8 matrix is eight 16-byte rows;
//! its wavefronts are the most distinct 4-byte words any one of the 32
//! banks holds among those rows; conflicts are wavefronts beyond one per
//! matrix.

use ptx_core::{AsmOperand, Target, check_asm, lower};
use ptx_sim::interp::Prepared;
use ptx_sim::launch::{BankCounts, Launch};

fn ldmatrix_x2(offset: impl Fn(u32) -> u32 + Sync) -> BankCounts {
    let cons = ["=r", "=r", "r"];
    let asm = "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];";
    let checked = check_asm(asm, &cons, Target::default()).unwrap();
    let ops: Vec<AsmOperand> = cons
        .iter()
        .map(|c| AsmOperand::new(c.parse().unwrap()))
        .collect();
    let p = Prepared::new(&lower(&checked, &ops).unwrap());
    let report = Launch::new(1024, 512)
        .shared_bytes(128 * 16 * 2)
        .stack_size(64 * 1024)
        .run(|t| {
            let lane = t.lane;
            let mut r = p.registers();
            // Lanes 16-31 point at offset 0 (their addresses are unused by .x2).
            r[2] = u128::from(if lane < 16 { offset(lane) * 2 } else { 0 });
            p.run(&mut r).unwrap();
        })
        .unwrap();
    report.stats.get("ldmatrix")
}

#[test]
fn ldmatrix_x2_rows_in_consecutive_16_byte_slots_have_no_conflicts() {
    // row = i/2, matrix = i%2, offset row*16 + matrix*8 halves: matrix 0's
    // rows are bytes 0, 16, ..., 112, matrix 1's 128, ..., 240: each matrix
    // covers the 32 banks once. Measured: 0 conflicts.
    let c = ldmatrix_x2(|i| (i / 2) * 16 + (i % 2) * 8);
    assert_eq!(c.requests, 16384);
    assert_eq!(c.wavefronts, 2 * 16384);
    assert_eq!(c.conflicts, 0);
}

#[test]
fn ldmatrix_x2_rows_128_bytes_apart_conflict_four_ways() {
    // offset (4*row)*16 + matrix*8 halves: rows 0, 16, 128, 144, 256, ...
    // bytes: 4 rows share banks 0-3 and 4 share banks 4-7, so each matrix
    // takes 4 wavefronts (3 conflicts), 6 per request: 6 * 16384 = 98304,
    // as measured.
    let c = ldmatrix_x2(|i| (4 * (i / 2)) * 16 + (i % 2) * 8);
    assert_eq!(c.requests, 16384);
    assert_eq!(c.conflicts, 98304);
}
